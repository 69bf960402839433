"""Exports the benchmark programs from JAX as StableHLO text.

Each program is what `jax.jit(f).lower(*args).as_text()` prints, written to
bench/programs/<name>.mlir. Run from the repository root:

    python3 -m venv .venv && .venv/bin/pip install jax numpy
    .venv/bin/python bench/jax/export_programs.py

The tests never need jax: the exported text is committed.
"""
import os

import jax
import jax.numpy as jnp

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "programs")


def gelu(x):
    # The tanh form, written out (jax.nn.gelu(approximate=True) is the same).
    return 0.5 * x * (1.0 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


def softmax(x):
    m = jnp.max(x, axis=-1, keepdims=True)
    e = jnp.exp(x - m)
    return e / jnp.sum(e, axis=-1, keepdims=True)


def layernorm(x, gamma, beta):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(x * x, axis=-1, keepdims=True) - mean * mean
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def mlp3(x, w1, b1, w2, b2, w3, b3):
    h = jnp.tanh(x @ w1 + b1)
    h = jnp.tanh(h @ w2 + b2)
    return h @ w3 + b3


def mlp_loss(params, x, y):
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i + 1 < len(params):
            h = jnp.tanh(h)
    return jnp.mean((h - y) ** 2)


def mlp_train_step(params, x, y):
    loss, grads = jax.value_and_grad(mlp_loss)(params, x, y)
    new = [(w - 0.01 * gw, b - 0.01 * gb) for (w, b), (gw, gb) in zip(params, grads)]
    return loss, new


def mlp_deep_loss(weights, x, y):
    """A deep tanh MLP (one weight matrix per layer) and its mean squared
    error against a target: the remat benchmark's model."""
    h = x
    for w in weights:
        h = jnp.tanh(h @ w)
    return jnp.mean((h - y) ** 2)


def mlp_deep_value_and_grad(weights, x, y):
    return jax.value_and_grad(mlp_deep_loss)(weights, x, y)


def conv_loss(params, x, labels):
    k1, k2, w = params
    dn = ("NHWC", "HWIO", "NHWC")
    h = jax.nn.relu(jax.lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dn))
    h = jax.nn.relu(jax.lax.conv_general_dilated(h, k2, (2, 2), "SAME", dimension_numbers=dn))
    logits = jnp.mean(h, axis=(1, 2)) @ w
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))


def conv_train_step(params, x, labels):
    """A small conv net (3x3 SAME, stride 1 then 2) and its SGD step."""
    loss, grads = jax.value_and_grad(conv_loss)(params, x, labels)
    return loss, jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


def cumsum(x):
    return jnp.cumsum(x, axis=1)


def spec(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


def export(name, f, *args, folder=OUT):
    text = jax.jit(f).lower(*args).as_text()
    with open(os.path.join(folder, name + ".mlir"), "w") as out:
        out.write(f"// Exported from JAX {jax.__version__} by bench/jax/export_programs.py.\n")
        out.write(text)
    print("wrote", name)


def programs():
    """name -> (function, argument specs): every program in bench/programs/.
    bench/jax/side_by_side.py runs the same functions under jax.jit."""
    n, width, batch = 4096, 4096, 256
    hidden = 1024
    params = [(spec(784, hidden), spec(hidden)), (spec(hidden, hidden), spec(hidden)),
              (spec(hidden, 10), spec(10))]
    return {
        "gelu": (gelu, [spec(16 * 1024 * 1024)]),
        "softmax": (softmax, [spec(n, n)]),
        "layernorm": (layernorm, [spec(n, n), spec(n), spec(n)]),
        "mlp_forward": (mlp3, [spec(batch, width), spec(width, width), spec(width),
                               spec(width, width), spec(width), spec(width, width), spec(width)]),
        "mlp_train_step": (mlp_train_step, [params, spec(batch, 784), spec(batch, 10)]),
        "mlp_deep": (mlp_deep_loss, deep_args(32)),
        "conv_train_step": (conv_train_step, [(spec(3, 3, 3, 32), spec(3, 3, 32, 64), spec(64, 10)),
                                              spec(32, 32, 32, 3), spec(32, 10)]),
        "cumsum": (cumsum, [spec(64, 2048)]),
    }


def deep_args(layers, width=256, batch=4096):
    """The deep MLP's arguments: the layers' weights, the input, the target."""
    return [spec(width, width)] * layers, spec(batch, width), spec(batch, width)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (f, args) in programs().items():
        export(name, f, *args)
    # The remat benchmark: 32 tanh layers of width 256 on a batch of 4096,
    # and the same model at other depths (bench/programs/deep/) for the
    # table (arrayjit differentiates them); *_grad is JAX's own
    # value_and_grad, to run the budget on a gradient graph that JAX made.
    deep = os.path.join(OUT, "deep")
    os.makedirs(deep, exist_ok=True)
    for layers in (8, 16, 32, 64):
        args = deep_args(layers)
        export(f"mlp_deep_{layers}", mlp_deep_loss, *args, folder=deep)
        export(f"mlp_deep_{layers}_grad", mlp_deep_value_and_grad, *args, folder=deep)
    # A small one for the remat unit tests (tests/unit/test_remat.c).
    tests = os.path.join(HERE, "..", "..", "tests", "remat")
    os.makedirs(tests, exist_ok=True)
    export("mlp_deep_small_grad", mlp_deep_value_and_grad, [spec(8, 8)] * 6, spec(16, 8), spec(16, 8),
           folder=tests)


if __name__ == "__main__":
    main()
