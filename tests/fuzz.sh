#!/bin/sh
# Runs each libFuzzer harness (fuzz/) for SECONDS seconds (default 60) in a
# clang build with AddressSanitizer and UBSan, seeded with the program tests,
# the regression inputs and (the parser) the conformance suite where present
# (read in place, never copied; new inputs go to a temporary corpus). Any crash,
# sanitizer report, leak or timeout fails the run and leaves the input in
# build-test-fuzz/artifacts/ (the log in build-test-fuzz/<harness>.log): add
# it to tests/fuzz_regressions with the fix.
# Prints each harness' executions per second. Exit 77: no clang with
# libFuzzer here (skipped).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
dir=build-test-fuzz
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
if ! command -v clang >/dev/null || ! clang -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>/dev/null; then
    echo "fuzz: no clang with libFuzzer; skipped"
    exit 77
fi
CC=clang cmake -S . -B $dir -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAJ_SANITIZE=ON -DAJ_FUZZ=ON >/dev/null
cmake --build $dir --target fuzz_parse fuzz_pipeline -j "$(nproc 2>/dev/null || echo 2)"
# The parser's seeds include the conformance suite; the pipeline's do not:
# its first pass over the suite's 2,000 files alone takes 60 s (31 exec/s).
seeds="tests/programs tests/fuzz_regressions"
parse_seeds=$seeds
[ -d ../shared/conformance/stablehlo ] && parse_seeds="$seeds ../shared/conformance/stablehlo"
mkdir -p $dir/artifacts
status=0
for h in fuzz_parse fuzz_pipeline; do
    mkdir "$probe/$h"
    corpus=$seeds
    [ $h = fuzz_parse ] && corpus=$parse_seeds
    # -timeout: an input running 30 s is a hang (loops stop at 0.25 s).
    if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        $dir/$h -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix="$dir/artifacts/$h-" "$probe/$h" $corpus >"$dir/$h.log" 2>&1; then
        echo "$h: $(grep -o 'number_of_executed_units: [0-9]*' "$dir/$h.log") in ${seconds} s, $(grep -o 'average_exec_per_sec: *[0-9]*' "$dir/$h.log")"
    else
        status=1
        tail -n 60 "$dir/$h.log"
        echo "$h: FAILED; the input is in $dir/artifacts/"
    fi
done
exit $status
