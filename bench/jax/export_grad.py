"""Exports forward programs from JAX, with fixed inputs and JAX's gradients,
for the autodiff cross-check (tests/unit/test_autodiff.c, jax_cross_check).

For each program NAME, tests/autodiff/ gets:
  NAME.mlir             jax.jit(f).lower(*args).as_text(): the forward program
  NAME.argI.npy         its inputs (float32, fixed seed)
  NAME.value.npy        f(*args)
  NAME.gradI.npy        jax.grad(f, argnums=all)(*args)[I]
Each f returns one float32 scalar; every argument is float32 and is
differentiated. Run from the repository root:

    /work/venv/bin/python bench/jax/export_grad.py

The tests never need jax: the outputs are committed (a few KB each).
"""
import os

import jax
import jax.numpy as jnp
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "autodiff")


def mlp_mse(w1, b1, w2, b2, x, y):
    """A two-layer tanh MLP and a mean squared error."""
    h = jnp.tanh(x @ w1 + b1)
    out = h @ w2 + b2
    return jnp.mean((out - y) ** 2)


def softmax_xent(w, b, x, labels):
    """Softmax cross-entropy of a linear layer (labels as probabilities)."""
    logits = x @ w + b
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1))


def layernorm_loss(x, gamma, beta, target):
    """Layer normalisation, then a tanh readout against a target."""
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta
    return jnp.sum(jnp.tanh(y) * target)


def attention_max(q, k, v):
    """Batched scores (dot_general with batch dims), a max-reduce, a
    softmax over keys and a batched weighted sum."""
    scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1])
    peak = jnp.max(scores, axis=-1)
    weights = jnp.exp(scores - peak[..., None])
    weights = weights / jnp.sum(weights, axis=-1, keepdims=True)
    out = jnp.einsum("bqk,bkd->bqd", weights, v)
    return jnp.sum(peak ** 2) + jnp.sum(jnp.sin(out))


def shapes_mix(x, y):
    """Slices (strided), concatenation, reversal, transposes, clipping,
    maximum, power, remainder, select: data movement and the odd rules."""
    evens, odds = x[:, ::2], x[:, 1::2]
    z = jnp.concatenate([odds, jnp.flip(evens, axis=1), x[:, 1:3]], axis=1)
    w = jnp.clip(z @ y.T, -1.5, 1.5)
    p = jnp.maximum(w, 0.25 * w) ** 2
    r = jnp.where(p > 0.5, jnp.sqrt(p + 1.0), jnp.cos(p))
    return jnp.sum(r) + jnp.sum(jnp.fmod(y * 3.0, 1.7)) + jnp.sum(jnp.power(jnp.abs(x) + 0.5, y[:3, :6]))


PROGRAMS = [
    ("mlp_mse", mlp_mse, [(5, 16), (16,), (16, 3), (3,), (8, 5), (8, 3)]),
    ("softmax_xent", softmax_xent, [(4, 5), (5,), (6, 4), (6, 5)]),
    ("layernorm", layernorm_loss, [(4, 8), (8,), (8,), (4, 8)]),
    ("attention_max", attention_max, [(2, 3, 4), (2, 5, 4), (2, 5, 4)]),
    ("shapes_mix", shapes_mix, [(3, 6), (4, 8)]),
]


def inputs_for(name, shapes):
    rng = np.random.default_rng(sum(map(ord, name)))   # fixed per program
    args = [rng.uniform(-1.0, 1.0, size=s).astype(np.float32) for s in shapes]
    if name == "softmax_xent":   # labels: rows of probabilities
        labels = rng.uniform(0.0, 1.0, size=shapes[-1]).astype(np.float32)
        args[-1] = labels / labels.sum(axis=-1, keepdims=True)
    return args


def export(name, f, shapes):
    args = inputs_for(name, shapes)
    text = jax.jit(f).lower(*args).as_text()
    with open(os.path.join(OUT, name + ".mlir"), "w") as out:
        out.write(f"// Exported from JAX {jax.__version__} by bench/jax/export_grad.py.\n")
        out.write(text)
    value = np.asarray(jax.jit(f)(*args), dtype=np.float32)
    grads = jax.jit(jax.grad(f, argnums=tuple(range(len(args)))))(*args)
    np.save(os.path.join(OUT, name + ".value.npy"), value)
    for i, (a, g) in enumerate(zip(args, grads)):
        np.save(os.path.join(OUT, f"{name}.arg{i}.npy"), a)
        np.save(os.path.join(OUT, f"{name}.grad{i}.npy"), np.asarray(g, dtype=np.float32))
    print("wrote", name)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, f, shapes in PROGRAMS:
        export(name, f, shapes)


if __name__ == "__main__":
    main()
