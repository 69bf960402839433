"""Writes tests/programs/fft.mlir: jnp.fft's transforms as JAX exports them
(stablehlo.fft: FFT, IFFT, RFFT, IRFFT over 1 to 3 dims), each called from
one @main on constant inputs whose results are checked against jax.jit on
CPU.

    python3 tests/programs/fft.py > tests/programs/fft.mlir
"""
import numpy as np
import jax
import jax.numpy as jnp

from jax_export import export

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")


def el(v, dt):
    return repr(float(v)) if dt == np.float64 else np.format_float_scientific(v, unique=True, trim="0")


def literal(x):
    x = np.asarray(x)
    part = np.float32 if x.dtype in (np.float32, np.complex64) else np.float64

    def one(v):
        if np.iscomplexobj(x):
            return "(%s, %s)" % (el(part(v.real), part), el(part(v.imag), part))
        return el(part(v), part)

    def rec(a):
        return one(a[()]) if a.ndim == 0 else "[" + ", ".join(rec(r) for r in a) + "]"
    return "dense<" + rec(x) + ">"


def mlir_type(x):
    x = np.asarray(x)
    t = {np.float32: "f32", np.float64: "f64", np.complex64: "complex<f32>", np.complex128: "complex<f64>"}[x.dtype.type]
    return "tensor<" + "".join("%dx" % d for d in x.shape) + t + ">"


rng = np.random.default_rng(16)


def real(shape, dt=np.float32):
    return rng.uniform(-1, 1, shape).astype(dt)


def cplx(shape, dt=np.complex64):
    return (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(dt)


CASES = [
    ("fft_pow2", jnp.fft.fft, [cplx((3, 8))], 1e-5),
    ("fft_odd", jnp.fft.fft, [cplx((2, 15), np.complex128)], 1e-12),
    ("ifft", jnp.fft.ifft, [cplx((12,))], 1e-5),
    ("rfft", jnp.fft.rfft, [real((4, 10))], 1e-5),
    ("rfft_odd", jnp.fft.rfft, [real((7,), np.float64)], 1e-12),
    ("irfft", lambda c: jnp.fft.irfft(c, n=10), [cplx((3, 6))], 1e-5),
    ("irfft_odd", lambda c: jnp.fft.irfft(c, n=9), [cplx((5,), np.complex128)], 1e-12),
    ("fft2", jnp.fft.fft2, [cplx((2, 4, 6))], 1e-5),
    ("ifftn3", jnp.fft.ifftn, [cplx((3, 4, 5), np.complex128)], 1e-12),
    ("rfft2", jnp.fft.rfft2, [real((2, 6, 8))], 1e-5),
    ("irfftn3", lambda c: jnp.fft.irfftn(c, s=(2, 3, 8)), [cplx((2, 3, 5), np.complex128)], 1e-12),
    ("fft_big", lambda x: jnp.abs(jnp.fft.fft(x)).sum(), [cplx((1000,), np.complex128)], 1e-8),
    ("fft_roundtrip", lambda x: jnp.fft.irfft(jnp.fft.rfft(x) * 2.0, n=x.shape[-1]), [real((3, 16))], 1e-5),
]

main, funcs = [], []
for name, f, args, tol in CASES:
    outs = jax.jit(f)(*args)
    outs = [np.asarray(o) for o in (outs if isinstance(outs, (tuple, list)) else (outs,))]
    names = []
    for i, a in enumerate(args):
        main.append("  %%%s_x%d = stablehlo.constant %s : %s" % (name, i, literal(a), mlir_type(a)))
        names.append("%%%s_x%d" % (name, i))
    rt = ", ".join(mlir_type(o) for o in outs)
    main.append("  %%%s_r = func.call @%s(%s) : (%s) -> %s" % (name, name, ", ".join(names),
                                                            ", ".join(mlir_type(a) for a in args), rt))
    main.append("  check.expect_almost_eq_const %%%s_r, %s : %s, tolerance = %g" % (name, literal(outs[0]), rt, tol))
    funcs.append(export(name, f, args))
print("// jnp.fft's transforms as JAX exports them: stablehlo.fft of each type over")
print("// 1 to 3 dims, power-of-two and other lengths, f32 and f64, batched. Written")
print("// by tests/programs/fft.py (JAX %s); expected values from jax.jit on CPU." % jax.__version__)
print("func.func @main() {\n" + "\n".join(main) + "\n  func.return\n}")
print("".join(funcs), end="")
