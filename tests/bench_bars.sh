#!/bin/sh
# The memory bars of the compiler issue, on every program in bench/programs:
# the arena (temp_bytes) within 1.05 x the live-set lower bound, and the
# training step (parameters donated) peaking at most 0.5 x the evaluator.
# Compiles only (`arrayjit mem --json`); nothing runs, so it is quick.
#   usage: bench_bars.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")/.." && pwd)
field() { sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" "$1"; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
failed=0
for program in "$here"/bench/programs/*.mlir; do
    name=$(basename "$program" .mlir)
    donate=""
    [ "$name" = mlp_train_step ] && donate=--donate=0-5
    if ! "$cli" mem --json $donate "$program" > "$out"; then
        echo "FAIL $name: arrayjit mem failed"
        failed=1
        continue
    fi
    temp=$(field "$out" temp_bytes) bound=$(field "$out" lower_bound_bytes)
    peak=$(field "$out" peak_bytes) eager=$(field "$out" eager_peak_bytes)
    echo "$name: temp $temp, lower bound $bound, peak $peak, eager peak $eager"
    if [ $((temp * 100)) -gt $((bound * 105)) ]; then
        echo "FAIL $name: temp_bytes above 1.05 x lower_bound_bytes"
        failed=1
    fi
    if [ "$name" = mlp_train_step ] && [ $((peak * 2)) -gt "$eager" ]; then
        echo "FAIL $name: peak above 0.5 x the evaluator's"
        failed=1
    fi
done
exit $failed
