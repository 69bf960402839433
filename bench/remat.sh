#!/bin/sh
# The memory budget's table on deep tanh MLPs' gradient steps (see
# bench/remat_bench.c): peak and step time without a budget and at the
# sqrt(L)-checkpointing budget for L = 8, 16, 32, 64, then a sweep of
# budgets at L = 32. Arguments go to remat_bench (--runs=N, --layers=...).
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target remat_bench -j"$(nproc)" >/dev/null
build/remat_bench "$@"
