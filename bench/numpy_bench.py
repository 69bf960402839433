"""NumPy's time for the benchmark programs, to set beside bench_arrayjit's.

    python3 -m venv .venv && .venv/bin/pip install numpy
    .venv/bin/python bench/numpy_bench.py [--runs=N]

Prints the median time of each program NumPy can run as written (eager,
one op at a time, float32), single-threaded BLAS for the MLP so that it
compares with arrayjit's single-threaded run.
"""
import os
import sys
import time

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")

import numpy as np  # noqa: E402


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(np.float32(0.7978845608028654) * (x + np.float32(0.044715) * x * x * x)))


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layernorm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    var = (x * x).mean(axis=-1, keepdims=True) - mean * mean
    return (x - mean) / np.sqrt(var + np.float32(1e-5)) * gamma + beta


def mlp_forward(x, w1, b1, w2, b2, w3, b3):
    h = np.tanh(x @ w1 + b1)
    h = np.tanh(h @ w2 + b2)
    return h @ w3 + b3


def rand(*shape):
    return np.random.default_rng(0).uniform(-1, 1, shape).astype(np.float32)


def median_time(f, args, runs):
    f(*args)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def main():
    runs = 7
    for a in sys.argv[1:]:
        if a.startswith("--runs="):
            runs = int(a[7:])
    n, width, batch = 4096, 4096, 256
    programs = [
        ("gelu.mlir", gelu, (rand(16 * 1024 * 1024),)),
        ("softmax.mlir", softmax, (rand(n, n),)),
        ("layernorm.mlir", layernorm, (rand(n, n), rand(n), rand(n))),
        ("mlp_forward.mlir", mlp_forward, (rand(batch, width), rand(width, width), rand(width),
                                           rand(width, width), rand(width), rand(width, width), rand(width))),
    ]
    print(f"{'program':<16} {'numpy ms':>10}")
    for name, f, args in programs:
        print(f"{name:<16} {median_time(f, args, runs) * 1e3:10.2f}")


if __name__ == "__main__":
    main()
