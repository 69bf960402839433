"""Errors are arrayjit.Error with the status and aj_last_error()'s message."""
import numpy as np
import pytest

import arrayjit
from programs import AFFINE

BAD = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = stablehlo.negate %x : tensor<3xf32>
  %z = stablehlo.add %y, %q : tensor<3xf32>
  return %z : tensor<3xf32>
}
"""


def test_parse_error_has_location_and_source_line():
    with pytest.raises(arrayjit.Error) as e:
        arrayjit.compile(BAD, filename="bad.mlir")
    err = e.value
    assert err.status == 1 and err.status_name == "AJ_ERR_INVALID"
    assert str(err).startswith("bad.mlir:3:26: ")
    assert "%q" in err.message
    assert "%z = stablehlo.add %y, %q" in err.message    # the quoted line
    assert "^" in err.message
    assert isinstance(err, Exception) and "AJ_ERR_INVALID" in repr(err)


def test_file_error_names_the_file(tmp_path):
    p = tmp_path / "bad.mlir"
    p.write_text(BAD)
    with pytest.raises(arrayjit.Error, match=r"bad\.mlir:3:26: use of undefined value %q"):
        arrayjit.compile(p)
    with pytest.raises(arrayjit.Error) as e:
        arrayjit.compile(str(tmp_path / "missing.mlir"))
    assert e.value.status_name == "AJ_ERR_IO" and "missing.mlir" in str(e.value)


def test_verifier_error():
    text = AFFINE.replace("%t = stablehlo.add %xw, %b : tensor<2x3xf32>",
                          "%t = stablehlo.add %xw, %b : tensor<3x2xf32>")
    with pytest.raises(arrayjit.Error) as e:
        arrayjit.compile(text)
    assert e.value.status in (1, 2)
    assert ":" in str(e.value) and "stablehlo.add" in str(e.value)


def test_run_errors():
    f = arrayjit.compile(AFFINE)
    x = np.ones((2, 3), np.float32)
    with pytest.raises(arrayjit.Error, match=r"argument 1: expected tensor<2x3xf32>, got tensor<3x2xf32>"):
        f(x, np.ones((3, 2), np.float32), x)
    with pytest.raises(arrayjit.Error, match="takes 3 arguments, 2 given"):
        f(x, x)


def test_unknown_function_and_option():
    with pytest.raises(arrayjit.Error, match="nope"):
        arrayjit.compile(AFFINE, func="nope")
    with pytest.raises(TypeError, match="unknown arrayjit option"):
        arrayjit.compile(AFFINE, fusion=False)


def test_grad_of_non_scalar():
    with pytest.raises(arrayjit.Error) as e:
        arrayjit.compile(AFFINE, grad=True)
    assert "scalar" in str(e.value)


def test_timeout():
    text = """func.func @main(%n: tensor<i64>) -> tensor<i64> {
  %r = stablehlo.while(%i = %n) : tensor<i64>
    cond {
      %z = stablehlo.constant dense<0> : tensor<i64>
      %c = stablehlo.compare GE, %i, %z : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %j = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %j : tensor<i64>
    }
  return %r : tensor<i64>
}
"""
    f = arrayjit.compile(text, timeout_seconds=0.2, no_folding=True)
    with pytest.raises(arrayjit.Error) as e:
        f(np.int64(0))
    assert e.value.status_name == "AJ_ERR_TIMEOUT" and "timed out" in str(e.value)
