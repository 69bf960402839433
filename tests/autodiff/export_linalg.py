"""Exports the linear-algebra gradient programs of tests/autodiff from JAX on
CPU, where cholesky, solve_triangular and eigh lower to the lapack_*_ffi
custom calls (potrf, trsm, syevd), for the cross-check in
tests/unit/test_autodiff.c (jax_cross_check), as bench/jax/export_grad.py
does for the others: NAME.mlir (jax.jit(f).lower(*args).as_text()),
NAME.argI.npy, NAME.value.npy and NAME.gradI.npy (jax.grad over every
argument), in the program's dtype (f32, or f64 under x64).

Each loss is a scalar through the op; eigenvectors are unique only up to
sign, so the eigh losses read them through v * v and v diag(.) v^T. JAX
symmetrises the input of cholesky and eigh ((a + a^T) / 2) before the
call, as these exports carry.

    python3 -m venv /tmp/jaxenv && /tmp/jaxenv/bin/pip install 'jax[cpu]' numpy
    /tmp/jaxenv/bin/python tests/autodiff/export_linalg.py
"""
import os

import jax

jax.config.update("jax_enable_x64", True)   # f64 programs; f32 ones stay f32 (typed inputs)
jax.config.update("jax_platforms", "cpu")

import jax.numpy as jnp   # noqa: E402
import numpy as np   # noqa: E402
from jax import lax   # noqa: E402
from jax.scipy.linalg import solve_triangular   # noqa: E402

OUT = os.path.dirname(os.path.abspath(__file__))


def eye_like(x, k):
    return k * jnp.eye(x.shape[-1], dtype=x.dtype)


def chol_loss(x):
    """sum(sin(chol(x x^T + n I))) over a batch, and chol of x itself
    (made definite on its diagonal), squared."""
    s = jnp.einsum("...ij,...kj->...ik", x, x) + eye_like(x, x.shape[-1])
    return jnp.sum(jnp.sin(jnp.linalg.cholesky(s))) + jnp.sum(jnp.linalg.cholesky(x + eye_like(x, 4.0)) ** 2)


def trsm_loss(a, b, c):
    """Triangular solves of a (its diagonal made large) on both sides, lower
    and upper, transposed or not, with and without a unit diagonal."""
    t = a + eye_like(a, 4.0)
    x1 = solve_triangular(t, b, lower=True)
    x2 = solve_triangular(t, b, lower=False, trans=1, unit_diagonal=True)
    x3 = lax.linalg.triangular_solve(t, c, left_side=False, lower=True, transpose_a=True)
    x4 = lax.linalg.triangular_solve(t, c, left_side=False, lower=False, unit_diagonal=True)
    return jnp.sum(jnp.sin(x1)) + jnp.sum(x2 ** 2) + jnp.sum(jnp.cos(x3)) + jnp.sum(x4 * x3)


def eigh_loss(a):
    """Eigenvalues and sign-free readings of the eigenvectors of a, its
    diagonal spread so that the eigenvalues stay apart."""
    n = a.shape[-1]
    w, v = jnp.linalg.eigh(a + jnp.diag(jnp.arange(n, dtype=a.dtype) * 3.0))
    weights = jnp.arange(1, n + 1, dtype=a.dtype)
    recon = jnp.einsum("...ij,...j,...kj->...ik", v, jnp.cos(w), v)
    return jnp.sum(jnp.sin(w) * weights) + jnp.sum(v * v * weights) + jnp.sum(jnp.sin(recon))


F32, F64 = np.float32, np.float64
PROGRAMS = [
    ("cholesky_f32", chol_loss, [((2, 4, 4), F32)]),
    ("cholesky_f64", chol_loss, [((3, 3), F64)]),
    ("trsm_f32", trsm_loss, [((4, 4), F32), ((4, 3), F32), ((2, 4), F32)]),
    ("trsm_f64", trsm_loss, [((2, 3, 3), F64), ((2, 3, 2), F64), ((2, 4, 3), F64)]),
    ("eigh_f32", eigh_loss, [((2, 4, 4), F32)]),
    ("eigh_f64", eigh_loss, [((3, 3), F64)]),
]


def inputs_for(name, specs):
    rng = np.random.default_rng(sum(map(ord, name)))   # fixed per program
    return [rng.uniform(-1.0, 1.0, size=shape).astype(dtype) for shape, dtype in specs]


def export(name, f, specs):
    args = inputs_for(name, specs)
    text = jax.jit(f).lower(*args).as_text()
    with open(os.path.join(OUT, name + ".mlir"), "w") as out:
        out.write(f"// Exported from JAX {jax.__version__} by tests/autodiff/export_linalg.py.\n")
        out.write(text)
    dtype = specs[0][1]
    np.save(os.path.join(OUT, name + ".value.npy"), np.asarray(jax.jit(f)(*args), dtype=dtype))
    grads = jax.jit(jax.grad(f, argnums=tuple(range(len(args)))))(*args)
    for i, (a, g) in enumerate(zip(args, grads)):
        np.save(os.path.join(OUT, f"{name}.arg{i}.npy"), a)
        np.save(os.path.join(OUT, f"{name}.grad{i}.npy"), np.asarray(g, dtype=dtype))
    print("wrote", name)


def main():
    for name, f, specs in PROGRAMS:
        export(name, f, specs)


if __name__ == "__main__":
    main()
