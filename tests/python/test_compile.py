"""arrayjit.compile on StableHLO text and files, against NumPy."""
import numpy as np
import pytest

import arrayjit
from programs import AFFINE, SOFTMAX_DOT, binary, unary


def affine_ref(x, w, b):
    return np.tanh(x * w + b).sum(axis=1)


def test_header_example():
    f = arrayjit.compile(AFFINE)
    x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
    w = np.array([[.1, .1, .1], [.2, .2, .2]], np.float32)
    b = np.zeros((2, 3), np.float32)
    y = f(x, w, b)
    assert isinstance(y, np.ndarray) and y.dtype == np.float32 and y.shape == (2,)
    np.testing.assert_allclose(y, [0.5884, 2.2593], atol=1e-4)
    np.testing.assert_allclose(y, affine_ref(x, w, b), rtol=1e-6)
    assert f.memory()["peak_bytes"] == 80      # as the header's example prints


def test_signature_and_repr():
    f = arrayjit.compile(SOFTMAX_DOT)
    assert [p.shape for p in f.params] == [(64, 32), (32, 16)]
    assert [r.shape for r in f.results] == [(64, 16), (64,)]
    assert all(p.dtype == np.float32 for p in f.params)
    assert "tensor<64x32xf32>" in repr(f)
    assert f.text == SOFTMAX_DOT


def test_two_results_against_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 32), dtype=np.float32)
    b = rng.standard_normal((32, 16), dtype=np.float32)
    for strict in (False, True):
        f = arrayjit.compile(SOFTMAX_DOT, strict_order=strict)
        p, m = f(a, b)
        d = a.astype(np.float64) @ b.astype(np.float64)
        e = np.exp(d - d.max(axis=1, keepdims=True))
        np.testing.assert_allclose(p, e / e.sum(axis=1, keepdims=True), rtol=2e-5, atol=1e-6)
        np.testing.assert_allclose(m, d.max(axis=1), rtol=2e-5, atol=1e-5)
        assert len(f.run(a, b)) == 2


def test_strict_equals_evaluator_bit_for_bit():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 32), dtype=np.float32)
    b = rng.standard_normal((32, 16), dtype=np.float32)
    strict = arrayjit.compile(SOFTMAX_DOT, strict_order=True)(a, b)
    ref, stats = arrayjit.evaluate(SOFTMAX_DOT, a, b, stats=True)
    for x, y in zip(strict, ref):
        np.testing.assert_array_equal(x, y)
    assert stats["peak_bytes"] > 0


def test_path_and_options(tmp_path):
    path = tmp_path / "affine.mlir"
    path.write_text(AFFINE)
    x = np.ones((2, 3), np.float32)
    for src in (path, str(path)):
        f = arrayjit.compile(src, no_fusion=True, threads=1, no_disk_cache=True,
                             no_memory_cache=True, timeout_seconds=30)
        np.testing.assert_allclose(f(x, x, x), affine_ref(x, x, x), rtol=1e-6)
    cache = tmp_path / "cache"
    arrayjit.compile(AFFINE, cache_dir=str(cache), no_memory_cache=True)
    assert cache.exists() and any(cache.rglob("*"))
    arrayjit.clear_caches(str(cache))


def test_inputs_converted_and_views():
    f = arrayjit.compile(AFFINE)
    x64 = np.arange(6, dtype=np.float64).reshape(2, 3)           # cast to f32
    xt = np.ascontiguousarray(x64.T).astype(np.float32).T         # not C-contiguous
    want = affine_ref(x64.astype(np.float32), xt, 0)
    np.testing.assert_allclose(f(x64, xt, [[0] * 3] * 2), want, rtol=1e-6)
    with pytest.raises(TypeError, match="argument 0"):
        f(np.ones((2, 3), np.complex64), x64, x64)


def test_outputs_own_their_buffers():
    f = arrayjit.compile(unary("negate", "f32", "1000"))
    x = np.arange(1000, dtype=np.float32)
    ys = [f(x) for _ in range(3)]
    del f
    import gc
    gc.collect()
    for y in ys:   # outlive the executable; writable, independent
        np.testing.assert_array_equal(y, -x)
        assert y.flags.writeable and not np.shares_memory(y, x)
    ys[0][:] = 7
    np.testing.assert_array_equal(ys[1], -x)


@pytest.mark.parametrize("mlir,np_dtype", [
    ("f32", np.float32), ("f64", np.float64), ("i32", np.int32), ("i64", np.int64),
    ("f16", np.float16), ("i8", np.int8), ("i16", np.int16), ("ui8", np.uint8),
    ("ui16", np.uint16), ("ui32", np.uint32), ("ui64", np.uint64),
])
def test_dtypes(mlir, np_dtype):
    f = arrayjit.compile(binary("add", mlir))
    assert f.params[0].dtype == np.dtype(np_dtype)
    x = np.array([1, 2, 3, 4], np_dtype)
    y = f(x, x)
    assert y.dtype == np.dtype(np_dtype)
    np.testing.assert_array_equal(y, x + x)


def test_bool():
    f = arrayjit.compile(binary("and", "i1"))
    x = np.array([True, True, False, False])
    y = np.array([True, False, True, False])
    out = f(x, y)
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, x & y)


def test_bf16():
    text = binary("multiply", "bf16")
    try:
        import ml_dtypes
    except ImportError:
        with pytest.raises(arrayjit.Error, match="ml_dtypes"):
            arrayjit.compile(text)(np.ones(4, np.float32), np.ones(4, np.float32))
        return
    bf16 = ml_dtypes.bfloat16
    f = arrayjit.compile(text)
    x = np.array([1.5, 2, -3, 0.1], bf16)
    y = f(x, x)
    assert y.dtype == np.dtype(bf16)
    np.testing.assert_array_equal(y, (x.astype(np.float32) ** 2).astype(bf16))


@pytest.mark.parametrize("mlir, name", [
    ("f8E4M3FN", "float8_e4m3fn"), ("f8E5M2", "float8_e5m2"), ("f8E8M0FNU", "float8_e8m0fnu"),
    ("f4E2M1FN", "float4_e2m1fn"),
])
def test_minifloats(mlir, name):
    text = binary("add", mlir)
    ml_dtypes = pytest.importorskip("ml_dtypes")
    t = getattr(ml_dtypes, name)
    f = arrayjit.compile(text)
    assert f.params[0].dtype == np.dtype(t)
    x = np.array([1.5, -3, 0.1, 1e6], np.float32).astype(t)
    y = f(x, x)
    assert y.dtype == np.dtype(t)
    want = (x.astype(np.float64) * 2).astype(t)
    np.testing.assert_array_equal(y.view(np.uint8), want.view(np.uint8))


def test_grad_of_text():
    from programs import LOSS
    rng = np.random.default_rng(2)
    w = rng.standard_normal((16, 8), dtype=np.float32) * 0.3
    x = rng.standard_normal((4, 16), dtype=np.float32)
    g = arrayjit.compile(LOSS, grad=True, wrt=[0], strict_order=True)
    t = np.tanh(x.astype(np.float64) @ w)
    want = x.T.astype(np.float64) @ (2 * t * (1 - t * t))
    np.testing.assert_allclose(g(w, x), want, rtol=1e-5, atol=1e-6)
    v, gw = arrayjit.compile(LOSS, value_and_grad=True, wrt=0)(w, x)
    np.testing.assert_allclose(v, (t * t).sum(), rtol=1e-5)
    np.testing.assert_allclose(gw, want, rtol=1e-5, atol=1e-6)
    # every float parameter: gradients with respect to w and x
    gw2, gx = arrayjit.compile(LOSS, grad=True)(w, x)
    np.testing.assert_allclose(gw2, want, rtol=1e-5, atol=1e-6)
    assert gx.shape == x.shape


def test_allocator_stats():
    s = arrayjit.allocator_stats()
    assert {"bytes_in_use", "peak_bytes_in_use", "num_allocs"} <= set(s)
    arrayjit.reset_peak()
    arrayjit.trim()


def test_closed_executable():
    f = arrayjit.compile(AFFINE)
    f.close()
    with pytest.raises(arrayjit.Error, match="closed"):
        f.memory()


COMPLEX_MUL_EXP = """
func.func @main(%a: tensor<3x2xcomplex<f32>>, %b: tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>> {
  %p = stablehlo.multiply %a, %b : tensor<3x2xcomplex<f32>>
  %e = stablehlo.exponential %a : tensor<3x2xcomplex<f32>>
  %s = stablehlo.add %p, %e : tensor<3x2xcomplex<f32>>
  return %s : tensor<3x2xcomplex<f32>>
}
"""


def test_complex_parameters_and_results_travel_as_their_parts():
    f = arrayjit.compile(COMPLEX_MUL_EXP)
    assert [p.shape for p in f.params] == [(3, 2, 2), (3, 2, 2)]
    assert f.results[0].shape == (3, 2, 2) and f.results[0].dtype == np.float32
    assert [p.is_complex for p in f.params] == [True, True] and f.results[0].is_complex
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((3, 2)) + 1j * rng.standard_normal((3, 2)) for _ in range(2))
    a, b = a.astype(np.complex64), b.astype(np.complex64)
    got = f(a, b)                                 # the parts interleaved, given back as complex
    assert got.dtype == np.complex64 and got.shape == (3, 2)
    np.testing.assert_allclose(got, a * b + np.exp(a), rtol=1e-5)
    parts = a.view(np.float32).reshape(3, 2, 2)  # the same call on the parts
    np.testing.assert_array_equal(f(parts, b.view(np.float32).reshape(3, 2, 2)), got)
    np.testing.assert_allclose(arrayjit.evaluate(COMPLEX_MUL_EXP, a, b), got, rtol=1e-5)   # complex too
