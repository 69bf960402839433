"""memory(), report(), residuals() and memory_svg() against the CLI's figures."""
import json
import subprocess

import numpy as np
import pytest

import arrayjit
from programs import AFFINE, LOSS, SGD, SOFTMAX_DOT, mlp_loss

FIGURES = ("argument_bytes", "output_bytes", "alias_bytes", "temp_bytes", "code_bytes",
           "lower_bound_bytes", "fused_away_bytes", "eager_peak_bytes", "peak_bytes",
           "recompute_flops", "arena_allocated_bytes", "saved_residuals", "saved_residual_bytes")


def cli_mem(cli, path, *flags):
    out = subprocess.run([cli, "mem", "--json", str(path), *flags], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def test_memory_keys():
    m = arrayjit.compile(SOFTMAX_DOT).memory()
    assert set(FIGURES) <= set(m) and "compile_seconds" in m and isinstance(m["cache_hit"], bool)
    assert m["argument_bytes"] == (64 * 32 + 32 * 16) * 4
    assert m["output_bytes"] == (64 * 16 + 64) * 4
    assert m["peak_bytes"] == m["temp_bytes"] + m["argument_bytes"] + m["output_bytes"] - m["alias_bytes"]


@pytest.mark.parametrize("program,options,flags", [
    (AFFINE, {}, []),
    (SOFTMAX_DOT, {}, []),
    (SOFTMAX_DOT, {"no_fusion": True}, ["--no-fusion"]),
    (SGD, {"donate": (0,)}, ["--donate=0"]),
    (LOSS, {"grad": True}, ["--grad"]),
    (LOSS, {"grad": True, "strict_order": True}, ["--grad", "--strict"]),
])
def test_memory_equals_cli(cli, tmp_path, program, options, flags):
    path = tmp_path / "prog.mlir"
    path.write_text(program)
    want = cli_mem(cli, path, *flags)
    f = arrayjit.compile(path, **options)
    got = f.memory()
    for k in FIGURES:
        assert got[k] == want[k], k
    # the report is the CLI's own text (same figures, same live buffers)
    rep = json.loads(f.report(json=True))
    for k in FIGURES:
        assert rep[k] == want[k], k
    assert rep["peak_buffers"] == want["peak_buffers"]
    assert "peak" in f.report()


def test_memory_budget_recomputes(cli, tmp_path):
    """A budget below the unbudgeted peak: recompute FLOPs, a smaller peak, the CLI's figures."""
    layers, batch, width = 8, 256, 32
    text = mlp_loss(layers, batch, width)
    path = tmp_path / "mlp.mlir"
    path.write_text(text)
    free = arrayjit.compile(text, grad=True).memory()
    budget = free["peak_bytes"] - 2 * batch * width * 4
    g = arrayjit.compile(text, grad=True, memory_budget=budget)
    m = g.memory()
    assert m["peak_bytes"] <= budget < free["peak_bytes"]
    assert m["recompute_flops"] > 0 and m["saved_residuals"] > 0
    want = cli_mem(cli, path, "--grad", f"--budget={budget}")
    for k in FIGURES:
        assert m[k] == want[k], k
    # the same gradients either way
    rng = np.random.default_rng(0)
    args = [rng.standard_normal((batch, width), dtype=np.float32)] + [
        rng.standard_normal((width, width), dtype=np.float32) * 0.2 for _ in range(layers)]
    plain = arrayjit.compile(text, grad=True, strict_order=True)(*args)
    budgeted = arrayjit.compile(text, grad=True, strict_order=True, memory_budget=budget)(*args)
    for a, b in zip(plain, budgeted):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(arrayjit.Error, match="memory budget of 1024 bytes cannot be met"):
        arrayjit.compile(text, grad=True, memory_budget="1K")


def test_residuals():
    text = mlp_loss()
    free = arrayjit.compile(text, grad=True)
    assert free.residuals().startswith("residuals of @main_grad: 0")
    g = arrayjit.compile(text, grad=True, memory_budget=free.memory()["peak_bytes"] - 65536)
    rep = g.residuals()
    assert "FLOPs recomputed" in rep
    assert "recomputed %" in rep and "saved      %" in rep
    assert "tensor<256x32xf32>" in rep and "made by stablehlo.tanh <string>:" in rep
    assert rep.count("saved      %") == g.memory()["saved_residuals"]


def test_memory_curve_and_svg(tmp_path):
    f = arrayjit.compile(SOFTMAX_DOT)
    c = f.memory_curve()
    assert len(c["bytes"]) == len(c["labels"]) > 0 and c["peak_bytes"] == f.memory()["peak_bytes"]
    e = f.memory_curve("eager")
    assert e["peak_bytes"] == max(e["bytes"])
    out = f.memory_svg(tmp_path / "mem.svg", compare=True)
    svg = open(out).read()
    assert svg.startswith("<?xml") or svg.lstrip().startswith("<svg")
    assert "</svg>" in svg


def test_parse_bytes():
    assert arrayjit.parse_bytes("64M") == 64 << 20
    assert arrayjit.parse_bytes("2G") == 2 << 30
    assert arrayjit.parse_bytes("1.5KiB") == 1536
    assert arrayjit.parse_bytes(100) == 100
    with pytest.raises(ValueError):
        arrayjit.parse_bytes("lots")
