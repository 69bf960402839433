"""Small matrix products as loops run them: microseconds a product.

Each shape MxKxN is a StableHLO while loop of STEPS steps of
h = tanh(tanh(h @ W1) @ W2) (h: MxK, W1: KxN, W2: NxK), run by
`arrayjit run --repeat=15` at --threads; the table shows the median call
over 2 * STEPS products, in microseconds a product with its tanh, for
each arrayjit binary given, side by side in one run (the binaries
alternate per shape). Products of at most SMALL_GEMM_MACS multiply-adds
(src/emit/emit_dot.c) run as the generated loops, larger ones through
BLIS: to set the threshold, build copies with SMALL_GEMM_MACS at
(1 << 30) (every product as loops) and 0 (every product through BLIS)
and pass both.

    python3 bench/small_products.py [--threads N] [--steps N] BIN [BIN...] [--shapes 8x64x64,...]
"""
import argparse
import os
import re
import subprocess
import tempfile

import numpy as np

SHAPES = ("8x64x64,32x64x64,64x64x64,16x128x128,8x256x256,96x96x96,64x128x128,"
          "128x128x128,256x256x64,32x256x768,256x256x256")


def program(m, k, n, steps):
    h, w1, w2, a = f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>", f"tensor<{n}x{k}xf32>", f"tensor<{m}x{n}xf32>"
    return f"""func.func @main(%h0: {h}, %w1: {w1}, %w2: {w2}) -> {h} {{
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %h = %h0) : tensor<i32>, {h}
  cond {{
    %n = stablehlo.constant dense<{steps}> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %a = stablehlo.dot_general %h, %w1, contracting_dims = [1] x [0] : ({h}, {w1}) -> {a}
    %b = stablehlo.tanh %a : {a}
    %c = stablehlo.dot_general %b, %w2, contracting_dims = [1] x [0] : ({a}, {w2}) -> {h}
    %d = stablehlo.tanh %c : {h}
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %d : tensor<i32>, {h}
  }}
  func.return %r#1 : {h}
}}
"""


def median_ms(binary, path, inputs, out, threads):
    cmd = [binary, "run", path, "--repeat=15", "--threads=%d" % threads, "--output", out]
    for x in inputs:
        cmd += ["--input", x]
    done = subprocess.run(cmd, capture_output=True, text=True)
    err = done.stderr
    found = re.search(r"time: median ([0-9.]+) ms", err)
    if done.returncode or not found:
        raise SystemExit("%s: no 'time: median' line: %s" % (binary, err.strip()))
    return float(found.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binaries", nargs="+", help="arrayjit CLIs to compare")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--shapes", default=SHAPES, help="MxKxN,... (default: %(default)s)")
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    print("| M x K x N | multiply-adds | " + " | ".join(os.path.basename(b) + " us" for b in a.binaries) + " |")
    print("|---|---|" + "---|" * len(a.binaries))
    with tempfile.TemporaryDirectory() as d:
        for shape in a.shapes.split(","):
            m, k, n = (int(x) for x in shape.split("x"))
            path = os.path.join(d, "p.mlir")
            with open(path, "w") as f:
                f.write(program(m, k, n, a.steps))
            inputs = []
            for i, (rows, cols) in enumerate(((m, k), (k, n), (n, k))):
                x = (rng.standard_normal((rows, cols)) / (np.sqrt(rows) if i else 1.0)).astype(np.float32)
                inputs.append(os.path.join(d, "in%d.npy" % i))
                np.save(inputs[-1], x)
            us = [median_ms(b, path, inputs, os.path.join(d, "out.npy"), a.threads) * 1e3 / (2 * a.steps)
                  for b in a.binaries]
            print("| %s | %d | %s |" % (shape, m * k * n, " | ".join("%.1f" % u for u in us)), flush=True)


if __name__ == "__main__":
    main()
