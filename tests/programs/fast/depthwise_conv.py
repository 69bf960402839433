"""Writes tests/programs/fast/depthwise_conv.mlir: convolutions that run
by the direct kernel (emit_window.c emit_conv_direct, a row of results at a
time), in every mode for the depthwise ones (groups of one input feature:
contract.c keeps them off the matrix product) and in strict mode for all:
NHWC and NCHW (the row along a spatial dim, whose window points are a range
of it), a channel multiplier, strides, rhs and lhs dilation (the row along
a dilated dim, tested per element), causal 1-D, 3-D, negative padding, a
window wider than the input, and a depthwise convolution's input and
weight gradients (batch groups). Inputs are small integers, so every sum
is exact in f32 in any order; expected values from jax.jit on CPU.

    python3 tests/programs/fast/depthwise_conv.py > tests/programs/fast/depthwise_conv.mlir
"""
import os
import sys

import numpy as np
import jax
import jax.numpy as jnp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from jax_export import exact_program  # noqa: E402

jax.config.update("jax_platforms", "cpu")
L = jax.lax
rng = np.random.default_rng(11)
NHWC, NCHW = ("NHWC", "HWIO", "NHWC"), ("NCHW", "OIHW", "NCHW")


def ints(*shape):
    return rng.integers(-3, 4, shape).astype(np.float32)


def conv(dn, groups, pad, stride=None, lhs=None, rhs=None):
    def f(x, k):
        n = x.ndim - 2
        return L.conv_general_dilated(x, k, stride or (1,) * n, pad, lhs_dilation=lhs, rhs_dilation=rhs,
                                      dimension_numbers=dn, feature_group_count=groups)
    return f


def grads(x, k):
    f = conv(NHWC, 4, "SAME")
    _, vjp = jax.vjp(f, x, k)
    dx, dk = vjp(jnp.asarray(ints(2, 5, 6, 4)))
    return dx, dk


CASES = [
    ("nhwc_same", conv(NHWC, 6, "SAME"), [ints(2, 7, 6, 6), ints(3, 3, 1, 6)]),
    ("nchw_pad", conv(NCHW, 5, [(1, 1), (2, 0)]), [ints(2, 5, 6, 7), ints(5, 1, 3, 3)]),
    ("nchw_stride2", conv(NCHW, 3, [(1, 2), (1, 1)], stride=(2, 2)), [ints(2, 3, 7, 9), ints(3, 1, 3, 3)]),
    ("multiplier2", conv(NHWC, 4, "SAME"), [ints(2, 5, 5, 4), ints(3, 3, 1, 8)]),
    ("rhs_dilation", conv(NHWC, 3, [(2, 2), (1, 3)], rhs=(2, 2)), [ints(2, 6, 7, 3), ints(3, 3, 1, 3)]),
    ("nchw_lhs_dilation", conv(NCHW, 4, [(1, 1), (2, 1)], lhs=(2, 2)), [ints(1, 4, 4, 5), ints(4, 1, 3, 3)]),
    ("causal_1d", conv(("NWC", "WIO", "NWC"), 8, [(3, 0)]), [ints(2, 11, 8), ints(4, 1, 8)]),
    ("ncw_1d_stride3", conv(("NCW", "OIW", "NCW"), 4, [(2, 2)], stride=(3,)), [ints(2, 4, 13), ints(4, 1, 5)]),
    ("ndhwc", conv(("NDHWC", "DHWIO", "NDHWC"), 3, "SAME"), [ints(1, 4, 5, 3, 3), ints(3, 3, 3, 1, 3)]),
    ("nchw_negative_padding", conv(NCHW, 3, [(-1, 1), (1, -2)]), [ints(2, 3, 6, 8), ints(3, 1, 3, 3)]),
    ("nchw_window_wider", conv(NCHW, 2, [(3, 3), (2, 2)]), [ints(1, 2, 2, 3), ints(2, 1, 3, 5)]),
    ("grads", grads, [ints(2, 5, 6, 4), ints(3, 3, 1, 4)]),
]


COMMENT = ["Convolutions the direct kernel runs (depthwise ones in every mode). Written",
           "by tests/programs/fast/depthwise_conv.py (JAX %s); expected values from" % jax.__version__,
           "jax.jit on CPU, exact (small integers)."]
print(exact_program(CASES, COMMENT), end="")
