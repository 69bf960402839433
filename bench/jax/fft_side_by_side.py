"""jnp.fft against arrayjit on the same exported programs: jax.jit, arrayjit
(its Python package, default options) and numpy.fft side by side in one
run, the median of 15 calls each, and arrayjit's error relative to JAX's
largest magnitude. Needs jax, numpy and the arrayjit package (python/ over
build/libarrayjit.so by default).

    python3 bench/jax/fft_side_by_side.py
"""
import os
import sys
import time

import numpy as np
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


CASES = [
    ("fft c64 256x4096", jnp.fft.fft, np.fft.fft, cplx((256, 4096))),
    ("fft c64 256x1000", jnp.fft.fft, np.fft.fft, cplx((256, 1000))),
    ("rfft f32 256x4096", jnp.fft.rfft, np.fft.rfft, rng.standard_normal((256, 4096)).astype(np.float32)),
    ("fft2 c64 512x512", jnp.fft.fft2, np.fft.fft2, cplx((512, 512))),
]

print("| program | jax.jit ms | arrayjit ms | numpy ms | arrayjit / jax | rel err |")
print("|---|---|---|---|---|---|")
for name, jfn, nfn, x in CASES:
    jf = jax.jit(jfn)
    af = arrayjit.compile(jf.lower(x).as_text())
    want = np.asarray(jf(x))
    got = af(x)
    if got.shape != want.shape:   # a complex result comes back as its parts, S x 2
        got = got.view(want.dtype)[..., 0]
    err = np.abs(got - want).max() / np.abs(want).max()
    tj, ta, tn = median_ms(jf, x), median_ms(af, x), median_ms(nfn, x)
    print("| %s | %.2f | %.2f | %.2f | %.1f | %.1e |" % (name, tj, ta, tn, ta / tj, err))
