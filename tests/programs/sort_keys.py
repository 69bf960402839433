"""Writes tests/programs/sort_keys.mlir: sorts whose comparator orders by
one key, which compiled code radix sorts (contract_sort_key_of,
emit_sort.c) where a slice holds at least CONTRACT_SORT_RADIX_MIN
elements: jnp.sort and jnp.argsort of floats with NaNs of both signs, -0,
infinities and ties (results compared as bits, so the order of -0 and +0
and of NaNs is checked), along the last and a leading dim, descending,
f16, bf16, f64, i32, i64 and u8 keys, a payload sorted with its key, two
descending comparators written by hand (GT, and LT on swapped arguments),
and a two-key sort and a short one (the stable sort). Expected values from
jax.jit on CPU (numpy's stable argsort for the hand-written two).

    python3 tests/programs/sort_keys.py > tests/programs/sort_keys.mlir
"""
import numpy as np
import jax
import jax.numpy as jnp
import ml_dtypes

from jax_export import checked_call, export

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
L = jax.lax
rng = np.random.default_rng(5)


def floats(shape, dtype=np.float32):
    """Small integers (many ties) with NaNs of both signs, zeros of both
    signs and infinities sprinkled in."""
    x = rng.integers(-20, 20, shape).astype(np.float64)
    specials = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf])
    mask = rng.random(shape) < 0.1
    x[mask] = rng.choice(specials, mask.sum())
    return x.astype(dtype)


def bits(x):
    width = {2: jnp.int16, 4: jnp.int32, 8: jnp.int64}[x.dtype.itemsize]
    return L.bitcast_convert_type(x, width)


CASES = [
    ("sort_f32", lambda x: bits(jnp.sort(x)), [floats((3, 300))]),
    ("argsort_f32", lambda x: jnp.argsort(x), [floats((2, 513))]),
    ("argsort_descending", lambda x: jnp.argsort(x, descending=True), [floats((2, 300))]),
    ("sort_axis0", lambda x: bits(jnp.sort(x, axis=0)), [floats((300, 3))]),
    ("sort_f16", lambda x: bits(jnp.sort(x)), [floats((2, 260), np.float16)]),
    ("sort_bf16", lambda x: bits(jnp.sort(x)), [floats((2, 260), ml_dtypes.bfloat16)]),
    ("sort_f64", lambda x: bits(jnp.sort(x)), [floats((2, 300), np.float64)]),
    ("sort_i32", lambda x: jnp.sort(x), [rng.integers(-2**31, 2**31, (2, 400)).astype(np.int32)]),
    ("argsort_i64", lambda x: jnp.argsort(x), [rng.integers(-2**62, 2**62, (2, 300)).astype(np.int64)]),
    ("sort_u8", lambda x: jnp.sort(x), [rng.integers(0, 256, (2, 600)).astype(np.uint8)]),
    ("payload", lambda k, v: L.sort((k, v), num_keys=1)[1], [floats((2, 300)), rng.random((2, 300)).astype(np.float32)]),
    ("two_keys", lambda a, b: L.sort((a, b), num_keys=2)[1],
     [rng.integers(0, 3, (2, 300)).astype(np.int32), rng.integers(0, 50, (2, 300)).astype(np.int32)]),
    ("short", lambda x: bits(jnp.sort(x)), [floats((4, 40))]),
]


def literal(x):
    x = np.asarray(x)
    if x.dtype in (np.float16, ml_dtypes.bfloat16):
        return "dense<" + rec(x.view(np.uint16), lambda v: "0x%04X" % v) + ">"
    if x.dtype.kind == "f":
        width = x.dtype.itemsize * 2
        return "dense<" + rec(x.view({4: np.uint32, 8: np.uint64}[x.dtype.itemsize]),
                              lambda v: "0x%0*X" % (width, v)) + ">"
    return "dense<" + rec(x, lambda v: str(int(v))) + ">"


def rec(a, one):
    return one(a[()]) if a.ndim == 0 else "[" + ", ".join(rec(r, one) for r in a) + "]"


def mlir_type(x):
    x = np.asarray(x)
    t = {np.float16: "f16", ml_dtypes.bfloat16: "bf16", np.float32: "f32", np.float64: "f64", np.int16: "i16",
         np.int32: "i32", np.int64: "i64", np.uint8: "ui8"}[x.dtype.type]
    return "tensor<" + "".join("%dx" % d for d in x.shape) + t + ">"


# Comparators JAX does not write, by hand: GT, and LT with the arguments
# swapped (both descending), sorting a payload along with the key.
HAND = """func.func private @%(name)s(%%k: tensor<2x300xi32>, %%v: tensor<2x300xi32>) -> tensor<2x300xi32> {
  %%s:2 = "stablehlo.sort"(%%k, %%v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%%a: tensor<i32>, %%b: tensor<i32>, %%c: tensor<i32>, %%d: tensor<i32>):
    %%lt = stablehlo.compare %(dir)s, %(lhs)s, %(rhs)s, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %%lt : tensor<i1>
  }) : (tensor<2x300xi32>, tensor<2x300xi32>) -> (tensor<2x300xi32>, tensor<2x300xi32>)
  func.return %%s#1 : tensor<2x300xi32>
}
"""


def descending(k, v):
    order = np.argsort(-k.astype(np.int64), axis=1, kind="stable")
    return np.take_along_axis(v, order, axis=1)


main, funcs = [], []
for name, dir_, lhs, rhs in [("greater", "GT", "%a", "%b"), ("swapped", "LT", "%b", "%a")]:
    k, v = rng.integers(-30, 30, (2, 300)).astype(np.int32), np.arange(600, dtype=np.int32).reshape(2, 300)
    main += checked_call(name, [k, v], [descending(k, v)], literal, mlir_type)
    funcs.append(HAND % {"name": name, "dir": dir_, "lhs": lhs, "rhs": rhs})
for name, f, args in CASES:
    main += checked_call(name, args, [np.asarray(jax.jit(f)(*args))], literal, mlir_type)
    funcs.append(export(name, f, args))
print("// Sorts by one key (radix sorted in compiled code) and two that are not. Written by")
print("// tests/programs/sort_keys.py (JAX %s); expected values from jax.jit on CPU." % jax.__version__)
print("func.func @main() {\n" + "\n".join(main) + "\n  func.return\n}")
print("".join(funcs), end="")
