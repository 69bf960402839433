#!/bin/sh
# Builds arrayjit twice (plain, and with AddressSanitizer + UBSan) and runs
# the whole test suite in both: unit tests, the header's worked example,
# program tests, and the public conformance suite where ../shared has it;
# then fuzzes (tests/fuzz.sh).
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
# Each libFuzzer harness for 60 s (clang, ASan + UBSan); skipped (77) where
# clang has no libFuzzer.
echo "== fuzzing"
tests/fuzz.sh 60 || [ $? = 77 ]
