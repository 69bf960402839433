#!/bin/sh
# Builds arrayjit twice (plain, and with AddressSanitizer + UBSan) and runs
# the whole test suite in both: unit tests, the header's worked example,
# program tests, and the public conformance suite where ../shared has it;
# then the Python package's tests (tests/python) and fuzzing (tests/fuzz.sh).
set -eu
cd "$(dirname "$0")"
jobs=$(nproc 2>/dev/null || echo 2)
for kind in plain sanitize; do
    dir=build-test-$kind
    flag=OFF
    [ $kind = sanitize ] && flag=ON
    echo "== $kind build"
    cmake -S . -B $dir -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAJ_SANITIZE=$flag \
        -DAJ_TEST_CACHE_HOME="$PWD/build-test-cache" >/dev/null
    cmake --build $dir -j "$jobs"
    echo "== $kind tests"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir $dir --output-on-failure -j "$jobs"
done
# The Python package's tests (pytest, tests/python/run.sh): python/ over the
# plain build's libarrayjit.so, or with ARRAYJIT_PYTHON_INSTALLED=1 (.ci/run)
# the package `pip install .` put in build-test-venv; skipped (77), saying
# why, where the interpreter lacks numpy or pytest.
echo "== python tests"
ARRAYJIT_TEST_CACHE_HOME="$PWD/build-test-cache" tests/python/run.sh build-test-plain || [ $? = 77 ]
# Each libFuzzer harness for 60 s (clang, ASan + UBSan); skipped (77) where
# clang has no libFuzzer.
echo "== fuzzing"
tests/fuzz.sh 60 || [ $? = 77 ]
