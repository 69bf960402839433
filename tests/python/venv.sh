#!/bin/sh
# Makes the virtual environment the Python tests run in:
#
#   tests/python/venv.sh [DIR]      (default build-test-venv)
#
# python3 -m venv DIR (Debian: the python3-venv package), then
# `pip install .[jax]` (this repository: scikit-build-core runs CMake and
# puts libarrayjit.so and the CLI inside the package; NumPy and JAX come as
# dependencies) and pytest. Needs PyPI.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$root/build-test-venv}
if ! python3 -m venv "$venv"; then
    echo "venv.sh: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2
    exit 1
fi
venv=$(cd "$venv" && pwd)   # absolute: used from other directories below
"$venv/bin/python" -m pip install --disable-pip-version-check -q "$root[jax]" pytest
# The installed package imports, from outside the tree.
(cd / && "$venv/bin/python" -c "import arrayjit; print('venv.sh: arrayjit', arrayjit.__version__, 'in', arrayjit.__file__)")
