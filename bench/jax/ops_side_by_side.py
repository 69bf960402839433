"""Ops real programs use, jax.jit against arrayjit on the same exported
programs: each case is lowered with jax.jit(f).lower(...).as_text(),
compiled by the arrayjit package (python/ over build/libarrayjit.so by
default, default options and --threads), checked against jax.jit's result
(the largest error relative to each output's largest magnitude), and timed
in alternating rounds of calls, the median of 15 calls each. It catches
cliffs that the whole-program benchmarks (side_by_side.py) do not show: a
function left to scalar libm, a fusion that recomputes, a library call
whose fixed cost swamps a small product. Needs jax and numpy.

    python3 bench/jax/ops_side_by_side.py [--threads N] [NAME_PREFIX...]

For one core on both sides: taskset -c 0 python3 bench/jax/ops_side_by_side.py --threads 1
"""
import argparse
import contextlib
import os
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(root, "python"))
os.environ.setdefault("ARRAYJIT_LIBRARY", os.path.join(root, "build", "libarrayjit.so"))
import arrayjit  # noqa: E402

jax.config.update("jax_platforms", "cpu")
rng = np.random.default_rng(0)


def f32(*s):
    return rng.standard_normal(s).astype(np.float32)


def bf16(*s):
    return jnp.asarray(f32(*s), dtype=jnp.bfloat16)


NHWC = ("NHWC", "HWIO", "NHWC")


def conv(x, w, stride=1, dn=None, groups=1, pad="SAME"):
    return lax.conv_general_dilated(x, w, (stride, stride), pad, dimension_numbers=dn, feature_group_count=groups)


def rnn(h0, xs, w):
    def step(h, x):
        h = jnp.tanh(h @ w + x)
        return h, h
    return lax.scan(step, h0, xs)[1]


def fori(x):
    return lax.fori_loop(0, 20000, lambda i, v: v * 0.999 + jnp.sin(v) * 1e-3, x)


def dropout(key, x):
    keep = jax.random.bernoulli(key, 0.9, x.shape)
    return jnp.where(keep, x / 0.9, 0)


def xent(logits, labels):
    lp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(lp, labels[:, None], axis=1))


def layernorm(x, g):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) * lax.rsqrt(v + 1e-5) * g


CASES = [
  ("conv NCHW 16x64x56x56 3x3", lambda x, w: conv(x, w), f32(16, 64, 56, 56), f32(64, 64, 3, 3)),
  ("conv NHWC 16x56x56x64 3x3/2", lambda x, w: conv(x, w, 2, NHWC), f32(16, 56, 56, 64), f32(3, 3, 64, 128)),
  ("conv NHWC grad", jax.grad(lambda x, w: jnp.sum(conv(x, w, 1, NHWC) ** 2), argnums=(0, 1)), f32(16, 28, 28, 64), f32(3, 3, 64, 64)),
  ("conv 1x1 NHWC", lambda x, w: conv(x, w, 1, NHWC), f32(32, 28, 28, 256), f32(1, 1, 256, 64)),
  ("conv_transpose 2x", lambda x, w: lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=NHWC), f32(16, 32, 32, 64), f32(3, 3, 64, 32)),
  ("depthwise m=1", lambda x, w: conv(x, w, 1, NHWC, 64), f32(16, 56, 56, 64), f32(3, 3, 1, 64)),
  ("conv1d NWC k=5", lambda x, w: lax.conv_general_dilated(x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC")), f32(32, 1024, 128), f32(5, 128, 128)),
  ("avg_pool 3x3", lambda x: lax.reduce_window(x, 0., lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME") / 9, f32(32, 56, 56, 64)),
  ("bmm bij,bjk", lambda a, b: jnp.einsum("bij,bjk->bik", a, b), f32(64, 256, 256), f32(64, 256, 256)),
  ("attn scores bhqd,bhkd", lambda q, k: jnp.einsum("bhqd,bhkd->bhqk", q, k), f32(8, 12, 256, 64), f32(8, 12, 256, 64)),
  ("matmul f64 1024", lambda a, b: a @ b, f32(1024, 1024).astype(np.float64), f32(1024, 1024).astype(np.float64)),
  ("matmul bf16 1024", lambda a, b: a @ b, bf16(1024, 1024), bf16(1024, 1024)),
  ("matmul f16 1024", lambda a, b: a @ b, jnp.asarray(f32(1024, 1024), jnp.float16), jnp.asarray(f32(1024, 1024), jnp.float16)),
  ("matvec 4096", lambda a, v: a @ v, f32(4096, 4096), f32(4096)),
  ("vecmat 4096", lambda v, a: v @ a, f32(4096), f32(4096, 4096)),
  ("sort 256x4096", lambda x: jnp.sort(x, axis=-1), f32(256, 4096)),
  ("argsort axis0", lambda x: jnp.argsort(x, axis=0), f32(4096, 256)),
  ("top_k 512x4096 k8", lambda x: lax.top_k(x, 8)[0], f32(512, 4096)),
  ("cumsum axis0 4096x1024", lambda x: jnp.cumsum(x, axis=0), f32(4096, 1024)),
  ("cummax axis1", lambda x: lax.cummax(x, axis=1), f32(1024, 4096)),
  ("assoc_scan add", lambda x: lax.associative_scan(jnp.add, x, axis=1), f32(256, 4096)),
  ("rnn scan 1000x64", rnn, f32(8, 64), f32(1000, 8, 64), f32(64, 64) * 0.1),
  ("fori 20000 tiny", fori, f32(16)),
  ("dropout 4096x1024", dropout, jax.random.PRNGKey(0), f32(4096, 1024)),
  ("random normal 1M", lambda k: jax.random.normal(k, (1024, 1024)), jax.random.PRNGKey(1)),
  ("xent int labels", jax.value_and_grad(xent), f32(4096, 1000), rng.integers(0, 1000, 4096).astype(np.int32)),
  ("embedding take", lambda t, i: jnp.take(t, i, axis=0), f32(50000, 512), rng.integers(0, 50000, 8192).astype(np.int32)),
  ("segment_sum", lambda d, s: jax.ops.segment_sum(d, s, 1024), f32(65536, 64), rng.integers(0, 1024, 65536).astype(np.int32)),
  ("one_hot 8192x1000", lambda i: jax.nn.one_hot(i, 1000), rng.integers(0, 1000, 8192).astype(np.int32)),
  ("softmax axis0", lambda x: jax.nn.softmax(x, axis=0), f32(4096, 1024)),
  ("transpose 0213", lambda x: jnp.transpose(x, (0, 2, 1, 3)) * 2, f32(32, 128, 16, 64)),
  ("var axis0", lambda x: jnp.var(x, axis=0), f32(4096, 2048)),
  ("argmax axis1", lambda x: jnp.argmax(x, axis=1), f32(4096, 2048)),
  ("layernorm grad", jax.grad(lambda x, g: jnp.sum(layernorm(x, g) ** 2), argnums=(0, 1)), f32(8192, 768), f32(768)),
  ("gelu erf", lambda x: jax.nn.gelu(x, approximate=False), f32(4096, 2048)),
  ("softplus", jax.nn.softplus, f32(4096, 2048)),
  ("elu", jax.nn.elu, f32(4096, 2048)),
  ("erf", lax.erf, f32(4096, 2048)),
  ("erf_inv", lambda x: lax.erf_inv(jnp.clip(x, -0.9, 0.9)), f32(4096, 2048)),
  ("exp log tanh", lambda x: jnp.tanh(jnp.exp(-x * x)) + jnp.log1p(jnp.abs(x)), f32(4096, 2048)),
  ("concat pad", lambda a, b: jnp.pad(jnp.concatenate([a, b], 1), ((1, 1), (2, 2))), f32(2048, 1024), f32(2048, 1024)),
  ("int32 ops", lambda a, b: (a * 7 + (b >> 3)) % 1013 ^ b, rng.integers(0, 1 << 20, (4096, 2048)).astype(np.int32), rng.integers(0, 1 << 20, (4096, 2048)).astype(np.int32)),
  ("f64 elementwise", lambda x: jnp.sin(x) * jnp.exp(-x), f32(4096, 2048).astype(np.float64)),
  ("bf16 mlp grad", jax.grad(lambda w1, w2, x: jnp.sum(jax.nn.relu(x @ w1) @ w2), argnums=(0, 1)), bf16(512, 2048), bf16(2048, 512), bf16(1024, 512)),
  ("maxpool grad", jax.grad(lambda x: jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME") ** 2)), f32(32, 56, 56, 64)),
  ("scatter set", lambda x, i, v: x.at[i].set(v), f32(65536, 64), rng.integers(0, 65536, 8192).astype(np.int32), f32(8192, 64)),
  ("where broadcast", lambda x, m: jnp.where(m[:, None, :], x, -1e9), f32(256, 128, 512), rng.integers(0, 2, (256, 512)).astype(bool)),
]


def timed(f, args, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = f(*args)
        jax.tree_util.tree_map(lambda a: getattr(a, "block_until_ready", lambda: None)(), r)
        times.append(time.perf_counter() - t)
    return times


def max_error(want, got):
    err = 0.0
    got = got if isinstance(got, (list, tuple)) else [got]
    for w, g in zip(jax.tree_util.tree_leaves(want), got):
        w, g = np.asarray(w, np.float64), np.asarray(g, np.float64)
        err = max(err, float(np.abs(w - g).max() / max(np.abs(w).max(), 1e-30)))
    return err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=0, help="arrayjit's threads (0: every core)")
    ap.add_argument("names", nargs="*", help="only the cases whose name starts with one of these")
    a = ap.parse_args()
    print("| op | jax.jit ms | arrayjit ms | arrayjit / jax | max rel err |")
    print("|---|---|---|---|---|")
    for name, fn, *xs in CASES:
        if a.names and not any(name.startswith(n) for n in a.names):
            continue
        # jax.jit computes f64 inputs in f32 unless x64 is on: the f64 cases lower and run with it
        with jax.enable_x64(True) if "f64" in name else contextlib.nullcontext():
            run_case(name, fn, xs, a.threads)


def run_case(name, fn, xs, threads):
    jf = jax.jit(fn)
    try:
        af = arrayjit.compile(jf.lower(*xs).as_text(), threads=threads)
        nx = [np.asarray(x) for x in xs]
        err = max_error(jf(*xs), af(*nx))
    except Exception as e:   # a FAIL row, and on to the next case
        print("| %s | FAIL: %s |" % (name, str(e).splitlines()[0][:200]), flush=True)
        return
    tj, ta = [], []
    timed(jf, xs, 2)
    timed(af, nx, 2)
    for _ in range(5):
        tj += timed(jf, xs, 3)
        ta += timed(af, nx, 3)
    mj, ma = np.median(tj) * 1e3, np.median(ta) * 1e3
    print("| %s | %.2f | %.2f | %.2f | %.1e |" % (name, mj, ma, ma / mj, err), flush=True)


if __name__ == "__main__":
    main()
