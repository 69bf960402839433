"""arrayjit.jit / grad / value_and_grad on JAX functions, against jax.jit and jax.grad.

Skipped when jax is not installed."""
import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

import arrayjit  # noqa: E402

SIZES = [16, 64, 64, 4]
BATCH = 32


def init_params(seed=0):
    rng = np.random.default_rng(seed)
    return [{"w": (rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32),
             "b": (rng.standard_normal(b) * 0.1).astype(np.float32)}
            for a, b in zip(SIZES[:-1], SIZES[1:])]


def data(seed=1):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((BATCH, SIZES[0]), dtype=np.float32),
            rng.standard_normal((BATCH, SIZES[-1]), dtype=np.float32))


def loss(params, x, y):
    h = x
    for layer in params[:-1]:
        h = jnp.tanh(h @ layer["w"] + layer["b"])
    out = h @ params[-1]["w"] + params[-1]["b"]
    return jnp.mean((out - y) ** 2)


def sgd_step(params, x, y, lr=0.1):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), l


def adam_step(params, state, x, y):
    m, v, t = state
    l, g = jax.value_and_grad(loss)(params, x, y)
    t = t + 1
    m = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    mhat = jax.tree_util.tree_map(lambda m: m / (1 - 0.9 ** t), m)
    vhat = jax.tree_util.tree_map(lambda v: v / (1 - 0.999 ** t), v)
    params = jax.tree_util.tree_map(lambda p, m, v: p - 1e-3 * m / (jnp.sqrt(v) + 1e-8),
                                    params, mhat, vhat)
    return params, (m, v, t), l


def assert_tree_close(a, b, rtol=2e-6, atol=1e-6):
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    assert ta == tb
    for x, y in zip(la, lb):
        assert isinstance(x, np.ndarray)
        np.testing.assert_allclose(x, np.asarray(y), rtol=rtol, atol=atol)


@pytest.mark.parametrize("strict", [True, False])
def test_sgd_step_equals_jax(strict):
    params, (x, y) = init_params(), data()
    step = arrayjit.jit(sgd_step, strict_order=strict)
    ref = jax.jit(sgd_step)
    p_aj, p_jax = params, params
    for _ in range(5):
        p_aj, l_aj = step(p_aj, x, y)
        p_jax, l_jax = ref(p_jax, x, y)
        # strict order is the evaluator's order, not XLA's: equal to a few ulps
        assert_tree_close((p_aj, l_aj), (p_jax, l_jax), rtol=1e-5 if strict else 1e-4, atol=1e-6)
    assert isinstance(l_aj, np.ndarray) and l_aj.shape == ()
    assert step.trace_count == 1
    m = step.memory()
    assert m["argument_bytes"] == sum(a.nbytes for a in jax.tree_util.tree_leaves((params, x, y)))
    assert m["peak_bytes"] > 0 and m["temp_bytes"] >= 0


def test_adam_step_with_donation_equals_jax():
    params, (x, y) = init_params(2), data(3)
    zeros = jax.tree_util.tree_map(np.zeros_like, params)
    state = (zeros, jax.tree_util.tree_map(np.zeros_like, params), np.float32(0))
    step = arrayjit.jit(adam_step, donate_argnums=(0, 1), strict_order=True)
    ref = jax.jit(adam_step)
    p_jax, s_jax = params, state
    p_aj = jax.tree_util.tree_map(np.copy, params)
    s_aj = jax.tree_util.tree_map(np.copy, state)
    for _ in range(4):
        p_jax, s_jax, l_jax = ref(p_jax, s_jax, x, y)
        p_aj, s_aj, l_aj = step(p_aj, s_aj, x, y)
        assert_tree_close((p_aj, s_aj, l_aj), (p_jax, s_jax, l_jax), rtol=1e-5, atol=1e-6)
    m = step.memory()
    param_bytes = sum(a.nbytes for a in jax.tree_util.tree_leaves(params))
    # parameters and both moments are updated in place
    assert m["alias_bytes"] >= 3 * param_bytes
    assert m["peak_bytes"] == m["temp_bytes"] + m["argument_bytes"] + m["output_bytes"] - m["alias_bytes"]
    undonated = arrayjit.jit(adam_step, strict_order=True).memory(params, state, x, y)
    assert undonated["alias_bytes"] == 0 and undonated["peak_bytes"] > m["peak_bytes"]


def test_donated_outputs_share_inputs():
    f = arrayjit.jit(lambda p, g: p - 0.5 * g, donate_argnums=0)
    p = np.arange(4096, dtype=np.float32)
    g = np.ones(4096, np.float32)
    r = f(p, g)
    np.testing.assert_array_equal(r, np.arange(4096, dtype=np.float32) - 0.5)
    assert np.shares_memory(r, p)
    # a JAX array (read-only) is copied first: it is never written
    pj = jnp.arange(4096, dtype=jnp.float32)
    r2 = f(pj, g)
    np.testing.assert_array_equal(np.asarray(pj), np.arange(4096, dtype=np.float32))
    np.testing.assert_array_equal(r2, np.asarray(pj) - 0.5)


def test_grad_equals_jax_grad():
    params, (x, y) = init_params(4), data(5)
    g = arrayjit.grad(loss, strict_order=True)
    assert_tree_close(g(params, x, y), jax.grad(loss)(params, x, y), rtol=1e-5, atol=1e-6)
    g01 = arrayjit.grad(loss, argnums=(0, 1))
    got = g01(params, x, y)
    want = jax.grad(loss, argnums=(0, 1))(params, x, y)
    assert isinstance(got, tuple) and len(got) == 2
    assert_tree_close(got, want, rtol=1e-4, atol=1e-6)
    v, gr = arrayjit.value_and_grad(loss)(params, x, y)
    v_jax, gr_jax = jax.value_and_grad(loss)(params, x, y)
    np.testing.assert_allclose(v, v_jax, rtol=1e-5)
    assert_tree_close(gr, gr_jax, rtol=1e-4, atol=1e-6)


def test_grad_under_memory_budget():
    rng = np.random.default_rng(6)
    ws = [rng.standard_normal((32, 32), dtype=np.float32) * 0.2 for _ in range(8)]
    x = rng.standard_normal((256, 32), dtype=np.float32)

    def deep(ws, x):
        h = x
        for w in ws:
            h = jnp.tanh(h @ w)
        return jnp.sum(h * h)

    free = arrayjit.grad(deep, strict_order=True)
    want = free(ws, x)
    fm = free.memory()
    budget = fm["peak_bytes"] - 2 * 256 * 32 * 4
    tight = arrayjit.grad(deep, strict_order=True, memory_budget=budget)
    got = tight(ws, x)
    m = tight.memory()
    assert m["peak_bytes"] <= budget < fm["peak_bytes"] and m["recompute_flops"] > 0
    assert "recomputed" in tight.residuals()
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)
    assert_tree_close(got, jax.grad(deep)(ws, x), rtol=1e-4, atol=1e-5)


def test_signatures_static_args_and_pytrees():
    calls = []

    def f(x, n, scale=1.0):
        calls.append(1)
        return {"sum": jnp.sum(x) * n * scale, "pair": (x * n, jnp.max(x))}

    jf = arrayjit.jit(f, static_argnums=1)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = jf(x, 3)
    assert set(out) == {"sum", "pair"} and isinstance(out["pair"], tuple)
    np.testing.assert_allclose(out["sum"], 45.0)
    np.testing.assert_array_equal(out["pair"][0], x * 3)
    np.testing.assert_array_equal(out["pair"][1], 5.0)
    jf(x + 1, 3)
    assert jf.trace_count == 1                     # same signature: no new trace
    jf(x, 4)
    assert jf.trace_count == 2                     # a new static value
    jf(np.ones((4, 3), np.float32), 3)
    assert jf.trace_count == 3                     # a new shape
    np.testing.assert_allclose(jf(jnp.asarray(x), 3, scale=2.0)["sum"], 90.0)   # JAX input, kwarg
    assert jf.trace_count == 4
    exe = jf.lower(x, 3)
    assert isinstance(exe, arrayjit.Executable) and "stablehlo" in exe.text


def test_memory_svg_and_report(tmp_path):
    params, (x, y) = init_params(), data()
    step = arrayjit.jit(sgd_step)
    step(params, x, y)
    out = step.memory_svg(tmp_path / "step.svg")
    assert "</svg>" in open(out).read()
    rep = step.lower(params, x, y).report()
    assert "peak" in rep


def test_jax_errors():
    with pytest.raises(TypeError, match="unknown arrayjit option"):
        arrayjit.jit(lambda x: x, bogus=1)
    g = arrayjit.grad(lambda x: x * 2)            # not a scalar: arrayjit's own error
    with pytest.raises(arrayjit.Error, match="scalar"):
        g(np.ones(3, np.float32))
