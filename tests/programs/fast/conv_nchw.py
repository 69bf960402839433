"""Writes tests/programs/fast/conv_nchw.mlir: convolutions whose input has
its features outside a contiguous last spatial dim (NCHW, NCW), which fast
mode's im2col gathers by columns (src/emit/emit_window.c,
gather_columns): blocks of output positions that split a row, strides
with padding on one side, window dilation, feature groups, one spatial
dim, and a window wider than the padding. Inputs and kernels are made
from iotas inside each function (small integers, so every sum is exact in
f32 in any order); each result is summed over its output features, so
every position is checked. Expected values from jax.jit on CPU.

    python3 tests/programs/fast/conv_nchw.py > tests/programs/fast/conv_nchw.mlir
"""
import os
import sys

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from jax_export import exact_program  # noqa: E402

jax.config.update("jax_platforms", "cpu")
NCHW = ("NCHW", "OIHW", "NCHW")


def small(shape, a, m, s):
    """Integers in [-(m // 2), m // 2] from a mix of the indices (times s)."""
    idx = jnp.indices(shape, dtype=jnp.int32)
    mix = sum(i * (a + 2 * k) for k, i in enumerate(idx))
    return ((mix % m) - m // 2).astype(jnp.float32) * s


def conv(xshape, wshape, stride, pad, dilation=None, groups=1, dn=NCHW):
    def f(s):
        x = small(xshape, 3, 7, s)
        w = small(wshape, 5, 5, s)
        y = lax.conv_general_dilated(x, w, stride, pad, rhs_dilation=dilation, dimension_numbers=dn,
                                     feature_group_count=groups)
        return jnp.sum(y, axis=1)
    return f


ONE = [np.float32(1.0)]
CASES = [
    # 64 features x 9: blocks of 455 positions (1 MiB of im2col), the first ending inside row 18 of 24
    ("blocks_split_rows", conv((1, 64, 24, 24), (8, 64, 3, 3), (1, 1), "SAME"), ONE),
    ("stride2_one_sided", conv((2, 16, 15, 17), (8, 16, 3, 3), (2, 2), ((0, 1), (1, 2))), ONE),
    ("window_dilated", conv((2, 8, 20, 20), (4, 8, 3, 3), (1, 1), ((2, 2), (2, 2)), dilation=(2, 2)), ONE),
    ("feature_groups", conv((2, 8, 12, 12), (8, 4, 3, 3), (1, 1), "SAME", groups=2), ONE),
    ("one_dim", conv((2, 32, 50), (16, 32, 5), (1,), "SAME", dn=("NCH", "OIH", "NCH")), ONE),
    ("wide_window", conv((1, 6, 7, 9), (5, 6, 5, 5), (3, 1), ((3, 4), (4, 3))), ONE),
]

COMMENT = ["Convolutions on NCHW inputs, im2col gathered by columns in fast mode. Written by",
           "tests/programs/fast/conv_nchw.py (JAX %s); expected values from jax.jit on CPU," % jax.__version__,
           "exact (small integers)."]
print(exact_program(CASES, COMMENT), end="")
