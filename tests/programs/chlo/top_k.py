"""Writes tests/programs/chlo/top_k_types.mlir: lax.top_k over the element
types and sizes the kernel (src/util/top_k.h) treats apart, each called
from one @main on constant inputs whose results are checked against
jax.jit on CPU.

    python3 tests/programs/chlo/top_k.py > tests/programs/chlo/top_k_types.mlir
"""
import os
import sys

import ml_dtypes
import numpy as np
import jax

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from jax_export import export  # noqa: E402

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

NAMES = {np.float32: "f32", np.float64: "f64", np.float16: "f16", ml_dtypes.bfloat16: "bf16", np.int32: "i32",
         np.int64: "i64", np.uint8: "ui8", np.int8: "i8", np.uint32: "ui32"}


def el(v):
    if np.issubdtype(v.dtype, np.integer):
        return str(int(v))
    f = float(v)
    if np.isnan(f) or np.isinf(f):   # the bits, as MLIR writes them
        bits = v.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[v.dtype.itemsize])
        return "0x%0*X" % (2 * v.dtype.itemsize, int(bits))
    return repr(f)


def literal(x):
    def rec(a):
        return el(a[()]) if a.ndim == 0 else "[" + ", ".join(rec(r) for r in a) + "]"
    return "dense<" + rec(np.asarray(x)) + ">"


def mlir_type(x):
    return "tensor<" + "".join("%dx" % d for d in x.shape) + NAMES[x.dtype.type] + ">"


rng = np.random.default_rng(18)
special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 1.0, np.nan])
CASES = [   # name, input, k
    ("bf16_ties", rng.integers(-4, 4, (3, 40)).astype(ml_dtypes.bfloat16), 7),
    ("f16_special", np.stack([special, special[::-1]]).astype(np.float16), 6),
    ("f32_deep_heap", rng.integers(0, 50, (2, 300)).astype(np.float32) / 4, 64),
    ("f64_all", rng.standard_normal((2, 9)), 9),
    ("u8_all", rng.integers(0, 256, (4, 50)).astype(np.uint8), 50),
    ("i8_negative", rng.integers(-128, 128, (3, 20)).astype(np.int8), 5),
    ("i64_wide", rng.integers(-2**62, 2**62, (2, 30)), 4),
    ("u32_high_bit", rng.integers(0, 2**32, (2, 30), dtype=np.uint64).astype(np.uint32), 3),
    ("f32_none", rng.standard_normal((2, 5)).astype(np.float32), 0),
]

main, funcs = [], []
for name, x, k in CASES:
    f = lambda x, k=k: jax.lax.top_k(x, k)
    v, i = (np.asarray(o) for o in jax.jit(f)(x))
    main.append("  %%%s_x = stablehlo.constant %s : %s" % (name, literal(x), mlir_type(x)))
    main.append("  %%%s_r:2 = func.call @%s(%%%s_x) : (%s) -> (%s, %s)" % (
        name, name, name, mlir_type(x), mlir_type(v), mlir_type(i)))
    if np.issubdtype(v.dtype, np.integer):
        main.append("  check.expect_eq_const %%%s_r#0, %s : %s" % (name, literal(v), mlir_type(v)))
    else:   # NaN == NaN here (expect_eq is IEEE's ==); the indices tell -0 from +0
        main.append("  check.expect_almost_eq_const %%%s_r#0, %s : %s, tolerance = 0" % (name, literal(v), mlir_type(v)))
    main.append("  check.expect_eq_const %%%s_r#1, %s : %s" % (name, literal(i), mlir_type(i)))
    funcs.append(export(name, f, [x]))
print("// lax.top_k over bf16, f16 (NaN, inf, -0), f32 with a deep heap and ties, f64,")
print("// ui8, i8, i64, ui32 with the high bit, k = n and k = 0. Written by")
print("// tests/programs/chlo/top_k.py (JAX %s); expected values from jax.jit on CPU." % jax.__version__)
print("func.func @main() {\n" + "\n".join(main) + "\n  func.return\n}")
print("".join(funcs), end="")
