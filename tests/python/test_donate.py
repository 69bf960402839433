"""Donation: an output written over an input's buffer."""
import gc

import numpy as np
import pytest

import arrayjit
from programs import SGD


def test_donated_output_reuses_the_input():
    f = arrayjit.compile(SGD, donate=(0,))
    assert f.donate == (0,)
    m = f.memory()
    assert m["alias_bytes"] == 1024 * 4
    assert m["peak_bytes"] == m["temp_bytes"] + m["argument_bytes"] + m["output_bytes"] - 4096
    p = np.arange(1024, dtype=np.float32)
    g = np.ones(1024, np.float32)
    want = p - 0.5 * g
    r = f(p, g)
    np.testing.assert_array_equal(r, want)
    assert np.shares_memory(r, p)             # zero-copy: the result lives in p's buffer
    del p
    gc.collect()
    np.testing.assert_array_equal(r, want)    # and keeps that buffer alive


def test_loop_of_donated_steps():
    f = arrayjit.compile(SGD, donate=0)
    p = np.zeros(1024, np.float32)
    g = np.ones(1024, np.float32)
    for _ in range(5):
        p = f(p, g)
    np.testing.assert_array_equal(p, np.full(1024, -2.5, np.float32))


def test_no_donation():
    f = arrayjit.compile(SGD)
    assert f.memory()["alias_bytes"] == 0
    p = np.arange(1024, dtype=np.float32)
    r = f(p, np.ones(1024, np.float32))
    assert not np.shares_memory(r, p)
    np.testing.assert_array_equal(p, np.arange(1024, dtype=np.float32))   # untouched


def test_read_only_input_is_copied_not_written():
    f = arrayjit.compile(SGD, donate=(0,))
    p = np.arange(1024, dtype=np.float32)
    p.flags.writeable = False
    r = f(p, np.ones(1024, np.float32))
    np.testing.assert_array_equal(p, np.arange(1024, dtype=np.float32))
    np.testing.assert_array_equal(r, p - 0.5)


def test_strict_donation_error():
    text = SGD.replace("tensor<1024xf32>) -> tensor<1024xf32>", "tensor<1024xf32>) -> tensor<f32>").replace(
        "return %r : tensor<1024xf32>",
        "%z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%r init: %z) applies stablehlo.add across dimensions = [0]"
        " : (tensor<1024xf32>, tensor<f32>) -> tensor<f32>\n  return %s : tensor<f32>")
    f = arrayjit.compile(text, donate=(0,))      # nothing can reuse p: a warning
    assert f.warning
    with pytest.raises(arrayjit.Error):
        arrayjit.compile(text, donate=(0,), strict_donation=True)


def test_bad_donate_index():
    with pytest.raises(ValueError):
        arrayjit.compile(SGD, donate=(64,))
