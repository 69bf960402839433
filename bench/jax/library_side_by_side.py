"""The ops arrayjit hands to a library (jnp.fft, jnp.linalg) against jax.jit
on the same exported programs: jax.jit, arrayjit (its Python package,
default options) and numpy side by side in one run, the median of 15 calls
each, and arrayjit's error relative to JAX's largest magnitude. Needs jax,
numpy and the arrayjit package (python/ over build/libarrayjit.so by
default). With a name, only the cases whose name starts with it.

    python3 bench/jax/library_side_by_side.py [fft|inv|...]
"""
import os
import sys
import time

import numpy as np
import scipy.linalg
import jax
import jax.numpy as jnp

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(root, "python"))
os.environ.setdefault("ARRAYJIT_LIBRARY", os.path.join(root, "build", "libarrayjit.so"))
import arrayjit  # noqa: E402

jax.config.update("jax_platforms", "cpu")
rng = np.random.default_rng(0)


def median_ms(f, *args, n=15):
    f(*args)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = f(*args)
        getattr(r, "block_until_ready", lambda: None)()
        times.append(time.perf_counter() - t)
    return sorted(times)[n // 2] * 1e3


def cplx(shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)


def spd(n):
    a = rng.standard_normal((n, n)).astype(np.float32)
    return a @ a.T / n + np.eye(n, dtype=np.float32)


def lower(n):
    return np.tril(rng.standard_normal((n, n))).astype(np.float32) + n * np.eye(n, dtype=np.float32)


def solve_lower(a, b):
    return jax.scipy.linalg.solve_triangular(a, b, lower=True)


def np_solve_lower(a, b):
    return np.linalg.solve(a, b)   # numpy has no triangular solve: a general one


def first(f):
    return lambda *a: f(*a)[0]


def square(n):
    return rng.standard_normal((n, n)).astype(np.float32)


def hermitian(n):
    a = cplx((n, n))
    return (a + np.conj(a.T)) / 2


def sorted_eigvals(xp):
    return lambda a: xp.sort(xp.linalg.eigvals(a))


def schur_eigvals(schur, xp):
    return lambda a: xp.sort(xp.diagonal(schur(a, output="complex")[0]))


CASES = [
    ("fft c64 256x4096", jnp.fft.fft, np.fft.fft, cplx((256, 4096))),
    ("fft c64 256x1000", jnp.fft.fft, np.fft.fft, cplx((256, 1000))),
    ("rfft f32 256x4096", jnp.fft.rfft, np.fft.rfft, rng.standard_normal((256, 4096)).astype(np.float32)),
    ("fft2 c64 512x512", jnp.fft.fft2, np.fft.fft2, cplx((512, 512))),
    ("inv f32 512", jnp.linalg.inv, np.linalg.inv, square(512)),
    ("solve f32 512x512", jnp.linalg.solve, np.linalg.solve, square(512), square(512)),
    ("det f32 512", jnp.linalg.det, np.linalg.det, np.eye(512, dtype=np.float32) + square(512) / 64),
    ("cholesky f32 1000", jnp.linalg.cholesky, np.linalg.cholesky, spd(1000)),
    ("solve_triangular f32 1000", solve_lower, np_solve_lower, lower(1000), square(1000)),
    ("qr f32 512", first(jnp.linalg.qr), first(np.linalg.qr), square(512)),
    ("eigh f32 256", first(jnp.linalg.eigh), first(np.linalg.eigh), spd(256)),
    ("svd f32 256", first(jnp.linalg.svd), first(np.linalg.svd), square(256)),
    # complex eigenvalues, Schur forms and reductions (sorted: LAPACKs order them freely)
    ("eigvals f32 256", sorted_eigvals(jnp), sorted_eigvals(np), square(256)),
    ("eigvals c64 256", sorted_eigvals(jnp), sorted_eigvals(np), cplx((256, 256))),
    ("schur c64 256", schur_eigvals(jax.scipy.linalg.schur, jnp), schur_eigvals(scipy.linalg.schur, np), cplx((256, 256))),
    ("hessenberg c64 256", first(jax.lax.linalg.hessenberg), scipy.linalg.hessenberg, cplx((256, 256))),
    ("tridiagonal c64 256", first(jax.lax.linalg.tridiagonal), scipy.linalg.hessenberg, hermitian(256)),
]
only = sys.argv[1] if len(sys.argv) > 1 else ""

print("| program | jax.jit ms | arrayjit ms | numpy ms | arrayjit / jax | rel err |")
print("|---|---|---|---|---|---|")
for name, jfn, nfn, *xs in CASES:
    if not name.startswith(only):
        continue
    jf = jax.jit(jfn)
    af = arrayjit.compile(jf.lower(*xs).as_text())
    want = np.asarray(jf(*xs))
    got = np.asarray(af(*xs))
    if got.shape != want.shape:   # a complex result comes back as its parts, S x 2
        got = got.view(want.dtype)[..., 0]
    err = np.abs(got - want).max() / np.abs(want).max()
    tj, ta, tn = median_ms(jf, *xs), median_ms(af, *xs), median_ms(nfn, *xs)
    print("| %s | %.2f | %.2f | %.2f | %.1f | %.1e |" % (name, tj, ta, tn, ta / tj, err))
