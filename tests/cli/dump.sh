#!/bin/sh
# --dump-after names every stage of the driver and prints what it made:
# each stage's header once (all: every stage in table order); the kernel
# contract and the memory figures of a softmax (bench/programs/softmax.mlir:
# one row kernel that may write over x, nothing in the arena); the
# contract and plan of a transposed softmax (tests/cli/row_run.mlir: two
# kernels, the divide written over exp(x - max), one run of both); the C
# source after build; an unknown stage is an error naming it;
# ARRAYJIT_THREADS reaches the source.
#   usage: dump.sh ARRAYJIT SOFTMAX.mlir ROW_RUN.mlir
set -u
cli=$1 prog=$2 run=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$cli" mem "$prog" --no-cache --dump-after=all > /dev/null 2> "$dir/all" || fail "dump-after=all"
headers=$(grep '^// ----- ' "$dir/all" | sed 's/^\/\/ ----- //; s/^IR after //' | tr '\n' ' ')
want="inline fold simplify cse loops remat widen_dots split_reductions dce strip_barriers fuse schedule regions contract plan build measure "
[ "$headers" = "$want" ] || fail "stages dumped: $headers"

dump() { "$cli" mem "${2:-$prog}" --no-cache --dump-after="$1" 2>&1 >/dev/null; }
dump contract | grep -q '^//   step 0 reduce: result 0 over operand 0; rows 4096 x 4096, by row {0}$' || fail "contract: $(dump contract)"
dump contract "$run" | grep -q '^//   step 1 loop: result 0 over operand 1; rows 1024 x 1024, by row {0, 1}$' ||
    fail "contract of the run: $(dump contract "$run")"
dump plan "$run" | grep -q '^//   run of steps 0\.\.1: 1024 rows in blocks of 32$' || fail "plan: $(dump plan "$run")"
dump build | grep -q '^void aj_entry(char \*arena' || fail "build: no entry in the source"
# ARRAYJIT_THREADS sets the threads where --threads is not given: parallel loops in the source.
ARRAYJIT_THREADS=1 "$cli" mem "$prog" --no-cache --dump-after=build 2>&1 >/dev/null | grep -q 'aj_parallel(run' &&
    fail "ARRAYJIT_THREADS=1, yet parallel loops"
ARRAYJIT_THREADS=2 "$cli" mem "$prog" --no-cache --dump-after=build 2>&1 >/dev/null | grep -q 'aj_parallel(run' ||
    fail "ARRAYJIT_THREADS=2: no parallel loop"
"$cli" 2>&1 | grep -q '^  ARRAYJIT_THREADS=N' || fail "--help lists no ARRAYJIT_THREADS"
dump measure | grep -q '^//   temp 0, lower bound 0, arguments 67108864, outputs 67108864' ||
    fail "measure: $(dump measure)"
"$cli" mem "$prog" --dump-after=frobnicate > "$dir/out" 2>&1 && fail "an unknown stage was accepted"
grep -q "no stage named 'frobnicate'" "$dir/out" || fail "unknown stage: $(cat "$dir/out")"
echo ok
