"""Exports the benchmark programs from JAX as StableHLO text.

Each program is what `jax.jit(f, donate_argnums=...).lower(*args).as_text()`
prints, written to bench/programs/<name>.mlir (a program that donates its
parameters carries tf.aliasing_output / jax.buffer_donor in the text). Run
from the repository root:

    python3 -m venv .venv && .venv/bin/pip install jax numpy
    .venv/bin/python bench/jax/export_programs.py [NAME...]

With names, only those programs of programs() are written (the deep MLPs and
the remat test program only without names).

The tests never need jax: the exported text is committed.
"""
import collections
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

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


def cumprod(x):
    return jnp.cumprod(x, axis=1)


# ---- a ResNet basic block and its SGD step (NHWC, batch norm on batch statistics)

def conv3x3(x, k):
    return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def batchnorm(x, gamma, beta):
    """Training mode: normalised by the batch's own mean and variance."""
    mean = jnp.mean(x, axis=(0, 1, 2))
    var = jnp.var(x, axis=(0, 1, 2))
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def resnet_block_loss(params, x, labels):
    k1, g1, b1, k2, g2, b2, w = params
    h = jax.nn.relu(batchnorm(conv3x3(x, k1), g1, b1))
    h = jax.nn.relu(batchnorm(conv3x3(h, k2), g2, b2) + x)
    logits = jnp.mean(h, axis=(1, 2)) @ w
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))


def resnet_block_step(params, x, labels):
    loss, grads = jax.value_and_grad(resnet_block_loss)(params, x, labels)
    return loss, jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


# ---- mixed precision: bf16 activations times int8 weights, scaled per column

def matmul_bf16_int8(x, w, scale):
    y = jnp.matmul(x, w, preferred_element_type=jnp.float32)   # w converts to bf16
    return jax.nn.gelu(y * scale, approximate=True)


# ---- narrow matmuls: bf16 in and out (f32 sums, rounded once), int8 with int32 sums

def matmul_bf16(x, w):
    return x @ w


def matmul_int8(x, w):
    return jax.lax.dot_general(x, w, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)


# ---- a GRU over lax.scan and its gradient

def gru_loss(params, xs, ys):
    wx, wh, b = params
    hidden = wh.shape[0]

    def cell(h, x):
        gx = x @ wx + b
        gh = h @ wh
        z = jax.nn.sigmoid(gx[:, :hidden] + gh[:, :hidden])
        r = jax.nn.sigmoid(gx[:, hidden:2 * hidden] + gh[:, hidden:2 * hidden])
        n = jnp.tanh(gx[:, 2 * hidden:] + r * gh[:, 2 * hidden:])
        h = (1 - z) * n + z * h
        return h, h

    h0 = jnp.zeros((xs.shape[1], hidden), xs.dtype)
    _, hs = jax.lax.scan(cell, h0, xs)
    return jnp.mean((hs - ys) ** 2)


def gru_scan_grad(params, xs, ys):
    return jax.value_and_grad(gru_loss)(params, xs, ys)


# ---- attention

def causal_attention(q, k, v):
    """q: (B, T, H, D); k, v: (B, T, K, D) with K dividing H (grouped KV heads)."""
    b, t, h, d = q.shape
    groups = h // k.shape[2]
    q = q.reshape(b, t, k.shape[2], groups, d)
    s = jnp.einsum("btkgd,bskd->bkgts", q, k) / jnp.sqrt(jnp.float32(d))
    mask = jnp.tril(jnp.ones((t, t), bool))
    p = jax.nn.softmax(jnp.where(mask, s, -jnp.inf), axis=-1)
    o = jnp.einsum("bkgts,bskd->btkgd", p, v)
    return o.reshape(b, t, h, d)


def attention_gqa(q, k, v):
    return causal_attention(q, k, v)


def multi_head_attention(x, wq, wk, wv, wo, heads):
    b, t, dm = x.shape
    split = lambda y: y.reshape(b, t, heads, dm // heads)
    o = causal_attention(split(x @ wq), split(x @ wk), split(x @ wv))
    return o.reshape(b, t, dm) @ wo


def attention_causal(x, wq, wk, wv, wo):
    return multi_head_attention(x, wq, wk, wv, wo, heads=8)


# ---- a transformer block's training step, and a 2-layer decoder

def transformer_block(p, x, heads):
    h = layernorm(x, p["ln1_g"], p["ln1_b"])
    x = x + multi_head_attention(h, p["wq"], p["wk"], p["wv"], p["wo"], heads)
    h = layernorm(x, p["ln2_g"], p["ln2_b"])
    return x + jax.nn.gelu(h @ p["w1"] + p["b1"], approximate=True) @ p["w2"] + p["b2"]


def transformer_loss(params, x, y):
    return jnp.mean((transformer_block(params, x, heads=4) - y) ** 2)


def transformer_step(params, x, y):
    """SGD on one block; exported with the parameters donated."""
    loss, grads = jax.value_and_grad(transformer_loss)(params, x, y)
    return loss, jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)


def decoder_forward(params, tokens):
    """GPT-style: token and position embeddings, 2 blocks, logits tied to the embedding."""
    x = params["embed"][tokens] + params["pos"][: tokens.shape[1]]
    for block in params["blocks"]:
        x = transformer_block(block, x, heads=4)
    x = layernorm(x, params["ln_g"], params["ln_b"])
    return x @ params["embed"].T


# ---- a deep MLP through lax.scan with a checkpointed body, and its gradient

def mlp_scan_loss(weights, x, y):
    @jax.checkpoint
    def layer(h, w):
        return jnp.tanh(h @ w), None

    h, _ = jax.lax.scan(layer, x, weights)
    return jnp.mean((h - y) ** 2)


def mlp_scan_grad(weights, x, y):
    return jax.value_and_grad(mlp_scan_loss)(weights, x, y)


# ---- Newton's iteration for sqrt until it converges (data-dependent trip count)

def newton_while(x):
    def cond(state):
        y, step, i = state
        return (step > 1e-6) & (i < 100)

    def body(state):
        y, _, i = state
        new = 0.5 * (y + x / y)
        return new, jnp.max(jnp.abs(new - y) / new), i + 1

    y, _, iterations = jax.lax.while_loop(cond, body, (x, jnp.float32(jnp.inf), jnp.int32(0)))
    return y, iterations


# ---- Adam on an MLP, parameters and optimizer state donated

def adam_step(params, m, v, t, x, y):
    b1, b2, lr, eps = 0.9, 0.999, 1e-3, 1e-8
    loss, grads = jax.value_and_grad(mlp_loss)(params, x, y)
    t = t + 1
    tf = t.astype(jnp.float32)
    m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
    v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
    update = lambda p, m, v: p - lr * (m / (1 - b1 ** tf)) / (jnp.sqrt(v / (1 - b2 ** tf)) + eps)
    return loss, jax.tree_util.tree_map(update, params, m, v), m, v, t


def sort_rows(x):
    """Sorted rows and the order that sorts them (jnp.sort, jnp.argsort: a sort with
    one key, and one that carries an iota)."""
    return jnp.sort(x, axis=-1), jnp.argsort(x, axis=-1)


def top_k(x):
    """The 32 largest of each row and where they are (lax.top_k: chlo.top_k in the export)."""
    return jax.lax.top_k(x, 32)


def spec(*shape, dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype)


# A program: the function, its argument specs (a pytree of ShapeDtypeStruct),
# the arguments it donates (jax.jit's donate_argnums), and a function of a
# numpy Generator that makes its inputs (the specs' pytree of arrays; None:
# bench/jax/side_by_side.py's generic normal inputs).
Program = collections.namedtuple("Program", "fn args donate inputs", defaults=((), None))


def jitted(program):
    """jax.jit of the program as it is exported (and run by side_by_side)."""
    return jax.jit(program.fn, donate_argnums=program.donate)


# ---- inputs: weights scaled by their fan-in, integers in range

def normal(rng, s, scale=1.0, shift=0.0):
    return (shift + scale * rng.standard_normal(s.shape)).astype(s.dtype)


def weight(rng, s, gain=1.0):
    """Rank >= 2: normal / sqrt(fan-in) (the second last dimension); rank 1: small."""
    return normal(rng, s, gain / np.sqrt(s.shape[-2]) if len(s.shape) >= 2 else 0.1)


def weights(rng, tree, gain=1.0):
    """weight() for every leaf; dictionary keys ending in _g (layer norm gains) around 1."""
    def init(path, s):
        key = getattr(path[-1], "key", "") if path else ""
        return normal(rng, s, 0.1, 1.0) if str(key).endswith("_g") else weight(rng, s, gain)
    return jax.tree_util.tree_map_with_path(init, tree)


def ints(rng, s, low, high):
    """Integers in [low, high)."""
    return rng.integers(low, high, size=s.shape).astype(s.dtype)


def one_hot(rng, s):
    return np.eye(s.shape[-1], dtype=s.dtype)[rng.integers(0, s.shape[-1], size=s.shape[:-1])]


def params_then_data(gain=1.0):
    """Inputs for (params, data...): weights for the first argument, normal data after."""
    def make(rng, specs):
        return [weights(rng, specs[0], gain)] + [normal(rng, s) for s in specs[1:]]
    return make


def resnet_inputs(rng, specs):
    (k1, g1, b1, k2, g2, b2, w), x, labels = specs
    params = (weight(rng, k1, np.sqrt(2 / 9)), normal(rng, g1, 0.1, 1.0), weight(rng, b1),
              weight(rng, k2, np.sqrt(2 / 9)), normal(rng, g2, 0.1, 1.0), weight(rng, b2), weight(rng, w))
    return [params, normal(rng, x), one_hot(rng, labels)]


def matmul_bf16_int8_inputs(rng, specs):
    x, w, scale = specs
    per_column = (0.5 + rng.random(scale.shape)) / (127 * np.sqrt(w.shape[0]))
    return [normal(rng, x), ints(rng, w, -127, 128), per_column.astype(scale.dtype)]


def matmul_int8_inputs(rng, specs):
    x, w = specs
    return [ints(rng, x, -128, 128), ints(rng, w, -128, 128)]


def decoder_inputs(rng, specs):
    params, tokens = specs
    made = weights(rng, params)
    made["embed"] = normal(rng, params["embed"], 0.5)
    return [made, ints(rng, tokens, 0, params["embed"].shape[0])]


def newton_inputs(rng, specs):
    return [rng.uniform(0.1, 10.0, size=specs[0].shape).astype(specs[0].dtype)]


def cumprod_inputs(rng, specs):
    return [normal(rng, specs[0], 0.05, 1.0)]


def adam_inputs(rng, specs):
    params, m, v, t, x, y = specs
    return [weights(rng, params), jax.tree_util.tree_map(lambda s: normal(rng, s, 1e-3), m),
            jax.tree_util.tree_map(lambda s: normal(rng, s, 1e-3) ** 2, v),
            np.asarray(10, t.dtype), normal(rng, x), normal(rng, y)]


def block_specs(d, hidden):
    """A transformer block's parameters: layer norms, attention, MLP."""
    return {"ln1_g": spec(d), "ln1_b": spec(d), "wq": spec(d, d), "wk": spec(d, d), "wv": spec(d, d),
            "wo": spec(d, d), "ln2_g": spec(d), "ln2_b": spec(d), "w1": spec(d, hidden), "b1": spec(hidden),
            "w2": spec(hidden, d), "b2": spec(d)}


def decoder_specs(vocab, seq, d, layers):
    return {"embed": spec(vocab, d), "pos": spec(seq, d), "blocks": [block_specs(d, 4 * d)] * layers,
            "ln_g": spec(d), "ln_b": spec(d)}


def mlp_specs(sizes):
    return [(spec(a, b), spec(b)) for a, b in zip(sizes, sizes[1:])]


def export(name, program, folder=OUT):
    text = jitted(program).lower(*program.args).as_text()
    with open(os.path.join(folder, name + ".mlir"), "w") as out:
        out.write(f"// Exported from JAX {jax.__version__} by bench/jax/export_programs.py.\n")
        out.write(text)
    print("wrote", name)


def programs():
    """name -> Program: every program in bench/programs/.
    bench/jax/side_by_side.py runs the same functions under the same jax.jit."""
    n, width, batch = 4096, 4096, 256
    hidden = 1024
    params = mlp_specs([784, hidden, hidden, 10])
    bf16, int8, int32 = jnp.bfloat16, jnp.int8, jnp.int32
    return {
        "gelu": Program(gelu, [spec(16 * 1024 * 1024)]),
        "softmax": Program(softmax, [spec(n, n)]),
        "layernorm": Program(layernorm, [spec(n, n), spec(n), spec(n)]),
        "mlp_forward": Program(mlp3, [spec(batch, width), spec(width, width), spec(width),
                                      spec(width, width), spec(width), spec(width, width), spec(width)]),
        "mlp_train_step": Program(mlp_train_step, [params, spec(batch, 784), spec(batch, 10)]),
        "mlp_deep": Program(mlp_deep_loss, deep_args(32)),
        "conv_train_step": Program(conv_train_step, [(spec(3, 3, 3, 32), spec(3, 3, 32, 64), spec(64, 10)),
                                                     spec(32, 32, 32, 3), spec(32, 10)]),
        "cumsum": Program(cumsum, [spec(64, 2048)]),
        "cumprod": Program(cumprod, [spec(64, 2048)], inputs=cumprod_inputs),
        "resnet_block_step": Program(resnet_block_step, [
            (spec(3, 3, 64, 64), spec(64), spec(64), spec(3, 3, 64, 64), spec(64), spec(64), spec(64, 10)),
            spec(8, 32, 32, 64), spec(8, 10)], inputs=resnet_inputs),
        "matmul_bf16_int8": Program(matmul_bf16_int8, [spec(256, 2048, dtype=bf16), spec(2048, 2048, dtype=int8),
                                                       spec(2048)], inputs=matmul_bf16_int8_inputs),
        "matmul_bf16": Program(matmul_bf16, [spec(512, 2048, dtype=bf16), spec(2048, 1024, dtype=bf16)]),
        "matmul_int8": Program(matmul_int8, [spec(512, 2048, dtype=int8), spec(2048, 1024, dtype=int8)],
                               inputs=matmul_int8_inputs),
        "gru_scan_grad": Program(gru_scan_grad, [(spec(128, 768), spec(256, 768), spec(768)),
                                                 spec(64, 32, 128), spec(64, 32, 256)],
                                 inputs=params_then_data()),
        "attention_gqa": Program(attention_gqa, [spec(4, 512, 8, 64), spec(4, 512, 2, 64), spec(4, 512, 2, 64)]),
        "attention_causal": Program(attention_causal, [spec(4, 512, 512)] + [spec(512, 512)] * 4,
                                    inputs=lambda rng, s: [normal(rng, s[0])] + [weight(rng, w) for w in s[1:]]),
        "transformer_step": Program(transformer_step, [block_specs(256, 1024), spec(4, 256, 256),
                                                       spec(4, 256, 256)], donate=0, inputs=params_then_data()),
        "decoder_forward": Program(decoder_forward, [decoder_specs(8192, 256, 256, 2), spec(4, 256, dtype=int32)],
                                   inputs=decoder_inputs),
        "mlp_scan_grad": Program(mlp_scan_grad, [spec(32, 256, 256), spec(4096, 256), spec(4096, 256)],
                                 inputs=params_then_data()),
        "newton_while": Program(newton_while, [spec(1024 * 1024)], inputs=newton_inputs),
        "sort_rows": Program(sort_rows, [spec(256, 4096)]),
        "top_k": Program(top_k, [spec(1024, 4096)]),
        "adam_step": Program(adam_step, [params, params, params, spec(dtype=int32), spec(batch, 784),
                                         spec(batch, 10)], donate=(0, 1, 2), inputs=adam_inputs),
    }


def deep_args(layers, width=256, batch=4096):
    """The deep MLP's arguments: the layers' weights, the input, the target."""
    return [spec(width, width)] * layers, spec(batch, width), spec(batch, width)


def main(names):
    os.makedirs(OUT, exist_ok=True)
    table = programs()
    unknown = [n for n in names if n not in table]
    if unknown:
        sys.exit("unknown programs: %s (known: %s)" % (" ".join(unknown), " ".join(table)))
    for name in names or table:
        export(name, table[name])
    if names:
        return
    # The remat benchmark: 32 tanh layers of width 256 on a batch of 4096,
    # and the same model at other depths (bench/programs/deep/) for the
    # table (arrayjit differentiates them); *_grad is JAX's own
    # value_and_grad, to run the budget on a gradient graph that JAX made.
    deep = os.path.join(OUT, "deep")
    os.makedirs(deep, exist_ok=True)
    for layers in (8, 16, 32, 64):
        args = deep_args(layers)
        export(f"mlp_deep_{layers}", Program(mlp_deep_loss, args), folder=deep)
        export(f"mlp_deep_{layers}_grad", Program(mlp_deep_value_and_grad, args), folder=deep)
    # A small one for the remat unit tests (tests/unit/test_remat.c).
    tests = os.path.join(HERE, "..", "..", "tests", "remat")
    os.makedirs(tests, exist_ok=True)
    export("mlp_deep_small_grad", Program(mlp_deep_value_and_grad, [[spec(8, 8)] * 6, spec(16, 8), spec(16, 8)]),
           folder=tests)


if __name__ == "__main__":
    main(sys.argv[1:])
