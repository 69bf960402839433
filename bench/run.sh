#!/bin/sh
# The benchmark table, then NumPy's times for the same programs (when a
# virtual environment with numpy exists at .venv or $AJ_VENV), one after the
# other in one run so that both see the same machine.
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target bench_arrayjit -j"$(nproc)" >/dev/null
build/bench_arrayjit "$@"
venv=${AJ_VENV:-.venv}
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import numpy' 2>/dev/null; then
    "$venv/bin/python" bench/numpy_bench.py
else
    echo "numpy: no virtual environment at $venv (python3 -m venv .venv && .venv/bin/pip install numpy)"
fi
