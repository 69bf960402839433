"""Writes tests/programs/rng.mlir: stablehlo.rng_bit_generator with each of
XLA's algorithms, element type and shape form, and jax.random's rbg keys,
each called from one @main on constant inputs whose results are checked
against XLA on CPU: jax.jit for what JAX can build, XLA compiling the
StableHLO text itself for what it cannot (a 3-word Philox state, signed and
float element types, whose bits are checked through a bitcast).

    python3 tests/programs/rng.py > tests/programs/rng.mlir
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax._src import compiler

from jax_export import export

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

ALG = {"DEFAULT": lax.RandomAlgorithm.RNG_DEFAULT, "PHILOX": lax.RandomAlgorithm.RNG_PHILOX,
       "THREE_FRY": lax.RandomAlgorithm.RNG_THREE_FRY}
MLIR = {np.uint8: "ui8", np.uint16: "ui16", np.uint32: "ui32", np.uint64: "ui64", np.int32: "i32",
        np.int64: "i64", np.float32: "f32", np.float64: "f64"}


def el(v):
    return str(int(v)) if np.issubdtype(v.dtype, np.integer) else repr(float(v))


def literal(x):
    x = np.asarray(x)

    def rec(a):
        return el(a[()]) if a.ndim == 0 else "[" + ", ".join(rec(r) for r in a) + "]"
    return "dense<" + rec(x) + ">"


def mlir_type(x):
    x = np.asarray(x)
    return "tensor<" + "".join("%dx" % d for d in x.shape) + MLIR[x.dtype.type] + ">"


def shape_type(shape, t):
    return "tensor<" + "".join("%dx" % d for d in shape) + t + ">"


def bits(alg, shape, dtype):
    return lambda key: lax.rng_bit_generator(key, shape, dtype=dtype, algorithm=ALG[alg])


def run_xla(text, args):
    """XLA on CPU compiling `text` (a module with @main) and running it."""
    client = jax.devices()[0].client
    exe = client.compile_and_load(text, jax.devices()[:1], compiler.get_compile_options(num_replicas=1,
                                                                                       num_partitions=1))
    outs = exe.execute_sharded([jax.device_put(a) for a in args])
    return [np.asarray(o[0]) for o in outs.disassemble_into_single_device_arrays()]


rng = np.random.default_rng(17)


def key32():
    return rng.integers(0, 2**32, 4, dtype=np.uint64).astype(np.uint32)


def key64(*words):
    return np.array(words, dtype=np.uint64)


CASES = [   # name, function, arguments, tolerance (None: exact)
    ("philox_u32_3x5", bits("PHILOX", (3, 5), jnp.uint32), [key32()], None),
    ("default_u32_odd", bits("DEFAULT", (7,), jnp.uint32), [key32()], None),
    ("philox_u64_2x3", bits("PHILOX", (2, 3), jnp.uint64), [key32()], None),
    ("philox_u64_odd", bits("PHILOX", (5,), jnp.uint64), [key64(3, 2**64 - 1)], None),
    ("philox_u8", bits("PHILOX", (2, 9), jnp.uint8), [key32()], None),
    ("philox_u16_scalar", bits("PHILOX", (), jnp.uint16), [key32()], None),
    ("threefry_u32_3x5", bits("THREE_FRY", (3, 5), jnp.uint32), [key32()], None),
    ("threefry_u32_even_inner", bits("THREE_FRY", (3, 4, 5), jnp.uint32), [key32()], None),
    ("threefry_u32_even_outer", bits("THREE_FRY", (6, 3), jnp.uint32), [key32()], None),
    ("threefry_u32_scalar", bits("THREE_FRY", (), jnp.uint32), [key32()], None),
    ("threefry_u64", bits("THREE_FRY", (2, 5), jnp.uint64), [key64(9, 2**64 - 4)], None),
    ("threefry_u8_odd", bits("THREE_FRY", (3, 7), jnp.uint8), [key32()], None),
    ("threefry_u16_unit_dims", bits("THREE_FRY", (1, 5, 1, 3), jnp.uint16), [key32()], None),
    ("rbg_uniform", lambda: jax.random.uniform(jax.random.key(7, impl="rbg"), (3, 4)), [], None),
    ("rbg_normal", lambda: jax.random.normal(jax.random.key(8, impl="unsafe_rbg"), (2, 6), jnp.float32), [], 1e-6),
    ("rbg_randint", lambda: jax.random.randint(jax.random.key(9, impl="rbg"), (10,), -5, 17), [], None),
    ("rbg_split_bits", lambda: jax.random.bits(jax.random.split(jax.random.key(1, impl="rbg"))[1], (4,),
                                               jnp.uint16), [], None),
]

RAW = [   # name, algorithm, state words, shape, element type, its unsigned type
    ("philox3_carry", "PHILOX", 3, (6,), "ui32", "ui32", key64(5, 2**64 - 1, 7)),
    ("philox3_u64", "PHILOX", 3, (2, 3), "ui64", "ui64", key64(1, 2**64 - 2, 2**64 - 1)),
    ("philox_i32", "PHILOX", 2, (4,), "i32", "ui32", key64(11, 12)),
    ("philox_f16", "DEFAULT", 2, (3, 2), "f16", "ui16", key64(13, 14)),
    ("threefry_f32", "THREE_FRY", 2, (2, 3), "f32", "ui32", key64(15, 16)),
    ("threefry_i64", "THREE_FRY", 2, (3,), "i64", "ui64", key64(17, 18)),
    ("threefry_f64", "THREE_FRY", 2, (2, 2), "f64", "ui64", key64(19, 20)),
]

main, funcs = [], []


def emit(name, args, outs, tol, func_text):
    names = []
    for i, a in enumerate(args):
        main.append("  %%%s_x%d = stablehlo.constant %s : %s" % (name, i, literal(a), mlir_type(a)))
        names.append("%%%s_x%d" % (name, i))
    rt = ", ".join(mlir_type(o) for o in outs)
    main.append("  %%%s_r:%d = func.call @%s(%s) : (%s) -> (%s)" % (
        name, len(outs), name, ", ".join(names), ", ".join(mlir_type(a) for a in args), rt))
    for i, o in enumerate(outs):
        if tol is None:
            main.append("  check.expect_eq_const %%%s_r#%d, %s : %s" % (name, i, literal(o), mlir_type(o)))
        else:
            main.append("  check.expect_almost_eq_const %%%s_r#%d, %s : %s, tolerance = %g" % (
                name, i, literal(o), mlir_type(o), tol))
    funcs.append(func_text)


for name, f, args, tol in CASES:
    outs = jax.jit(f)(*args)
    outs = [np.asarray(o) for o in (outs if isinstance(outs, (tuple, list)) else (outs,))]
    emit(name, args, outs, tol, export(name, f, args))
for name, alg, words, shape, elem, unsigned, state in RAW:
    st = shape_type((words,), "ui64")
    out, ut = shape_type(shape, elem), shape_type(shape, unsigned)
    body = ["%%s, %%o = stablehlo.rng_bit_generator %%arg0, algorithm = %s : (%s) -> (%s, %s)" % (alg, st, st, out)]
    result = "%o"
    if elem != unsigned:
        body.append("%%b = stablehlo.bitcast_convert %%o : (%s) -> %s" % (out, ut))
        result = "%b"
    body.append("return %%s, %s : %s, %s" % (result, st, ut))
    text = "func.func private @%s(%%arg0: %s) -> (%s, %s) {\n  %s\n}\n" % (name, st, st, ut, "\n  ".join(body))
    outs = run_xla("module @m {\n" + text.replace("private @" + name, "public @main") + "}", [state])
    emit(name, [state], outs, None, text)

print("// stablehlo.rng_bit_generator (THREE_FRY, PHILOX, DEFAULT) over element types")
print("// and shape forms, and jax.random's rbg keys. Written by tests/programs/rng.py")
print("// (JAX %s); expected values from XLA on CPU (jax.jit, or XLA compiling the" % jax.__version__)
print("// text for what jax.lax does not build).")
print("func.func @main() {\n" + "\n".join(main) + "\n  func.return\n}")
print("".join(funcs), end="")
