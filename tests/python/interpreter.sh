# Sourced by the scripts that run Python (tests/python/run.sh,
# tests/readme/run.sh) with $root set to the repository: sets $py to the
# interpreter they use, $ARRAYJIT_PYTHON, else build-test-venv/bin/python
# (tests/python/venv.sh makes it), else python3; empty when there is none.
py=${ARRAYJIT_PYTHON:-}
if [ -z "$py" ]; then
    if [ -x "$root/build-test-venv/bin/python" ]; then
        py=$root/build-test-venv/bin/python
    elif command -v python3 >/dev/null; then
        py=python3
    fi
fi
