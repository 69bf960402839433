"""Writes tests/programs/fast/dot_chains.mlir: chains of layers that fast
mode runs block of rows by block (src/plan/plan_chain.c), every layer on
one block before the next, their activations never whole: an input made
from iotas, clamped layers with a bias and a residual, a loss summed over
everything (split into row partials, src/passes/split_reductions.c), a
max over everything of one more layer, and row sums that leave the
chain. Clamped small integers, so every sum is exact in f32 in any
order; expected values from jax.jit on CPU.

    python3 tests/programs/fast/dot_chains.py > tests/programs/fast/dot_chains.mlir
"""
import os
import sys

import numpy as np
import jax
import jax.numpy as jnp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from jax_export import exact_program  # noqa: E402

jax.config.update("jax_platforms", "cpu")
rng = np.random.default_rng(11)
ROWS, WIDTH = 2048, 64   # blocks of 1024 rows (plan_chain.c), two of them


def signs(*shape):
    return rng.integers(-1, 2, shape).astype(np.float32)


def rows_input(s):
    r = jnp.arange(ROWS, dtype=jnp.int32)[:, None]
    c = jnp.arange(WIDTH, dtype=jnp.int32)[None, :]
    return ((r * 3 + c * 5) % 7 - 3).astype(jnp.float32) * s


def layers(s, w1, b, w2, w3, w4):
    """x from iotas; clamped layers, one with a bias and one a residual; the
    sum of squares of the last (row partials, then their sum), the max of
    one more relu layer over everything, and h1's row sums, which leave the
    chain."""
    x = rows_input(s)
    h1 = jnp.clip(x @ w1 + b, -4.0, 4.0)
    h2 = jnp.clip(h1 @ w2, -4.0, 4.0)
    h3 = h2 + jnp.clip(h2 @ w3, -4.0, 4.0)
    return jnp.sum(h3 * h3), jnp.max(jax.nn.relu(h3 @ w4)), jnp.sum(h1, axis=1)


def transposed_in_loop(s, w):
    """Layers reading w as [N, K] (x @ w.T), two an iteration of a loop:
    the chain is the loop body's, in its own plan."""
    def body(i, h):
        return jnp.clip(jnp.clip(h @ w.T, -4.0, 4.0) @ w.T, -4.0, 4.0) - 1.0
    h = jax.lax.fori_loop(0, 3, body, rows_input(s))
    return jnp.sum(h), jnp.sum(h, axis=0)


CASES = [("layers", layers, [np.float32(1.0), signs(WIDTH, WIDTH), signs(WIDTH), signs(WIDTH, WIDTH),
                             signs(WIDTH, WIDTH), signs(WIDTH, WIDTH)]),
         ("transposed_in_loop", transposed_in_loop, [np.float32(1.0), signs(WIDTH, WIDTH)])]

COMMENT = ["Chains of layers run block of rows by block in fast mode. Written by",
           "tests/programs/fast/dot_chains.py (JAX %s); expected values from jax.jit" % jax.__version__,
           "on CPU, exact (clamped small integers)."]
print(exact_program(CASES, COMMENT), end="")
