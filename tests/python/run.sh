#!/bin/sh
# Runs the Python package's tests (tests/python, pytest).
#
#   tests/python/run.sh [BUILD] [PYTEST ARGS...]
#
# By default on the package in python/ over BUILD's libarrayjit.so and CLI
# (BUILD: a CMake build folder, default build); with
# ARRAYJIT_PYTHON_INSTALLED=1, on the package installed in the interpreter
# (what `pip install .` put there: .ci/run). The interpreter: $ARRAYJIT_PYTHON,
# else build-test-venv/bin/python (tests/python/venv.sh makes it), else
# python3. Exits 77, saying why, when it has no numpy or pytest (the JAX
# tests skip themselves without jax). ARRAYJIT_TEST_CACHE_HOME: the disk
# cache of compiled code (default: a fresh temporary folder).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
case $build in /*) ;; *) build=$PWD/$build ;; esac
. "$root/tests/python/interpreter.sh"
if [ -z "$py" ]; then
    echo "python tests: skipped: no python3"
    exit 77
fi
if ! "$py" -c "import numpy, pytest" 2>/dev/null; then
    echo "python tests: skipped: $py has no numpy or pytest"
    echo "  (tests/python/venv.sh makes build-test-venv: pip install .[jax] and pytest)"
    exit 77
fi
if [ "${ARRAYJIT_PYTHON_INSTALLED:-0}" = 1 ]; then
    # The installed package, not python/: imported from outside the tree.
    where=$(cd / && "$py" -c "import arrayjit; print(arrayjit.__file__)") || {
        echo "python tests: ARRAYJIT_PYTHON_INSTALLED=1 but $py cannot import arrayjit" >&2
        exit 1
    }
    echo "python tests: the installed package $where"
else
    if [ ! -f "$build/libarrayjit.so" ]; then
        echo "python tests: no $build/libarrayjit.so; build it first (cmake --build $build)" >&2
        exit 1
    fi
    export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"
    export ARRAYJIT_LIBRARY="$build/libarrayjit.so"
    [ -x "$build/arrayjit" ] && export ARRAYJIT_CLI="$build/arrayjit"
fi
cd "$root"
exec "$py" -m pytest -q -p no:cacheprovider tests/python "$@"
