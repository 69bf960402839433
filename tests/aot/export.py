"""Exports the programs tests/aot/aot.sh compiles ahead of time, as
`jax.jit(f, ...).lower(*args).as_text()` prints them, into tests/aot/.
Run from the repository root (the tests never need jax: the text is
committed):

    python3 -m venv .venv && .venv/bin/pip install jax numpy
    .venv/bin/python tests/aot/export.py
"""
import os

import jax
import jax.numpy as jnp

HERE = os.path.dirname(os.path.abspath(__file__))


def mlp_loss(params, x, y):
    (w1, b1), (w2, b2) = params
    h = jnp.tanh(x @ w1 + b1)
    return jnp.mean((h @ w2 + b2 - y) ** 2)


def mlp_train_step(params, x, y):
    loss, grads = jax.value_and_grad(mlp_loss)(params, x, y)
    return loss, jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads)


def conv_loss(params, x, labels):
    k, w = params
    h = jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    h = jnp.maximum(h, 0.0)
    logits = jnp.mean(h, axis=(1, 2)) @ w
    logp = logits - jax.scipy.special.logsumexp(logits, axis=-1, keepdims=True)
    return -jnp.mean(jnp.sum(labels * logp, axis=-1))


def conv_train_step(params, x, labels):
    loss, grads = jax.value_and_grad(conv_loss)(params, x, labels)
    return loss, jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


def newton_while(a):
    # sqrt(|a| + 1) by Newton's method until no element moves more than 1e-6:
    # the trip count depends on the data.
    a = jnp.abs(a) + 1.0

    def cond(s):
        return jnp.max(jnp.abs(s[1] - s[0])) > 1e-6

    def body(s):
        return s[1], 0.5 * (s[1] + a / s[1])

    return jax.lax.while_loop(cond, body, (a, 0.5 * (a + 1.0)))[1]


def softmax(x):
    e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))
    return e / jnp.sum(e, axis=-1, keepdims=True)


def f32(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


PROGRAMS = {
    "mlp_train_step": (jax.jit(mlp_train_step, donate_argnums=(0,)),
                       (((f32(8, 16), f32(16)), (f32(16, 4), f32(4))), f32(32, 8), f32(32, 4))),
    "conv_train_step": (jax.jit(conv_train_step, donate_argnums=(0,)),
                        ((f32(3, 3, 3, 8), f32(8, 5)), f32(4, 8, 8, 3), f32(4, 5))),
    "newton_while": (jax.jit(newton_while), (f32(64),)),
    "softmax": (jax.jit(softmax), (f32(16, 128),)),
}

for name, (fn, args) in PROGRAMS.items():
    text = fn.lower(*args).as_text()
    with open(os.path.join(HERE, name + ".mlir"), "w") as f:
        f.write("// Exported from JAX %s by tests/aot/export.py.\n" % jax.__version__)
        f.write(text)
    print(name)
