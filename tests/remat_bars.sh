#!/bin/sh
# The memory budget's bars (remat issue) on the 32-layer tanh MLP's
# gradient (`--grad`): with the budget at 1/2 and at 1/3 of the unbudgeted
# peak, `arrayjit mem --grad --budget=B` succeeds with peak_bytes <= B, and the peak at
# 1/3 is not above the peak at 1/2. Compiles only (nothing runs).
#   usage: remat_bars.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")/.." && pwd)
program=$here/bench/programs/mlp_deep.mlir
field() { sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" "$1"; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! "$cli" mem --json --grad "$program" > "$out"; then
    echo "FAIL: arrayjit mem (no budget) failed"
    exit 1
fi
full=$(field "$out" peak_bytes)
failed=0
last=""
for divisor in 2 3; do
    budget=$((full / divisor))
    if ! "$cli" mem --json --grad --budget="$budget" "$program" > "$out"; then
        echo "FAIL: budget 1/$divisor ($budget bytes) does not fit"
        failed=1
        continue
    fi
    peak=$(field "$out" peak_bytes) flops=$(field "$out" recompute_flops)
    echo "budget 1/$divisor of $full: $budget bytes, peak $peak, recompute FLOPs $flops"
    if [ "$peak" -gt "$budget" ]; then
        echo "FAIL: peak above the budget"
        failed=1
    fi
    if [ -n "$last" ] && [ "$peak" -gt "$last" ]; then
        echo "FAIL: the peak at 1/3 is above the peak at 1/2"
        failed=1
    fi
    last=$peak
done
exit $failed
