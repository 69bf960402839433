"""Writes tests/programs/fast/conv_transpose.mlir: convolutions over a
dilated input (lhs_dilation), which fast mode runs phase by phase
(contract_conv_phases, emit_window.c emit_conv_phases): transposed
convolutions in 1, 2 and 3 spatial dims, NHWC and NCHW, a strided
convolution's input gradient, and lhs dilation with rhs dilation, with a
stride on another dim, with feature groups, negative padding and a kernel
smaller than the dilation (phases that read nothing). Inputs are small
integers, so every sum is exact in f32 in any order; expected values from
jax.jit on CPU.

    python3 tests/programs/fast/conv_transpose.py > tests/programs/fast/conv_transpose.mlir
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
rng = np.random.default_rng(7)


def ints(*shape):
    return rng.integers(-3, 4, shape).astype(np.float32)


def nhwc(n):
    return {1: ("NWC", "WIO", "NWC"), 2: ("NHWC", "HWIO", "NHWC"), 3: ("NDHWC", "DHWIO", "NDHWC")}[n]


def dilated(pad, lhs, rhs=None, stride=None, groups=1):
    return lambda x, k: L.conv_general_dilated(x, k, stride or (1,) * len(lhs), pad, lhs_dilation=lhs,
                                               rhs_dilation=rhs, feature_group_count=groups,
                                               dimension_numbers=nhwc(len(lhs)))


def strided_input_grad(k, g):
    conv = lambda x: L.conv_general_dilated(x, k, (2, 2), "SAME", dimension_numbers=nhwc(2))
    return jax.vjp(conv, jnp.zeros((2, 8, 8, 3), jnp.float32))[1](g)[0]


CASES = [
    ("transpose_same", lambda x, k: L.conv_transpose(x, k, (2, 2), "SAME", dimension_numbers=nhwc(2)),
     [ints(2, 7, 6, 5), ints(3, 3, 5, 4)]),
    ("transpose_valid_k4", lambda x, k: L.conv_transpose(x, k, (2, 2), "VALID", dimension_numbers=nhwc(2)),
     [ints(2, 5, 6, 3), ints(4, 4, 3, 6)]),
    ("transpose_1d_stride3", lambda x, k: L.conv_transpose(x, k, (3,), "SAME", dimension_numbers=nhwc(1)),
     [ints(3, 9, 4), ints(5, 4, 2)]),
    ("transpose_nchw", lambda x, k: L.conv_transpose(x, k, (2, 2), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW")),
     [ints(2, 3, 5, 5), ints(4, 3, 3, 3)]),
    ("transpose_3d", lambda x, k: L.conv_transpose(x, k, (2, 2, 2), "SAME", dimension_numbers=nhwc(3)),
     [ints(1, 3, 4, 3, 2), ints(3, 3, 3, 2, 3)]),
    ("strided_input_grad", strided_input_grad, [ints(3, 3, 3, 5), ints(2, 4, 4, 5)]),
    ("kernel_below_dilation", dilated([(1, 2), (0, 1)], (3, 3)), [ints(2, 4, 5, 3), ints(2, 2, 3, 4)]),
    ("with_rhs_dilation", dilated([(2, 2), (1, 3)], (2, 2), rhs=(2, 3)), [ints(2, 5, 5, 3), ints(3, 3, 3, 4)]),
    ("with_stride", dilated([(1, 1), (1, 1)], (2, 2), stride=(1, 2)), [ints(2, 5, 6, 3), ints(3, 3, 3, 4)]),
    ("with_groups", dilated([(1, 1), (1, 1)], (2, 2), groups=2), [ints(2, 4, 4, 6), ints(3, 3, 3, 4)]),
    ("negative_padding", dilated([(-1, 2), (0, -1)], (2, 2)), [ints(2, 5, 6, 3), ints(3, 3, 3, 4)]),
]


COMMENT = ["Convolutions over a dilated input, run phase by phase in fast mode. Written",
           "by tests/programs/fast/conv_transpose.py (JAX %s); expected values from" % jax.__version__,
           "jax.jit on CPU, exact (small integers)."]
print(exact_program(CASES, COMMENT), end="")
