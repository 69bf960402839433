#!/bin/sh
# `--timeout=SECONDS` end to end (issue 11): `run` and `check`, compiled and
# --eval, stop a while loop that never ends with an error naming it
# (file:line:col: stablehlo.while: timed out after 1 s): a counter that never
# reaches its bound, a loop of constants only (which the constant folder
# must leave to run time), and a loop that never ends inside an if inside a
# finite loop (the inner one is named, and no --output file is written); a
# finite loop under a timeout still gives its answer. `timeout 120` turns a
# hang into a failure.
#   usage: timeout.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
prog="$here/timeout.mlir"

# x = 1.0, a float32 scalar .npy (as in run.sh: a 128-byte version 1.0 header)
printf '\223NUMPY\001\000\166\000' > "$dir/x.npy"
printf '%-117s\n' "{'descr': '<f4', 'fortran_order': False, 'shape': (), }" >> "$dir/x.npy"
printf '\000\000\200\077' >> "$dir/x.npy"

# expect_timeout WHERE COMMAND...: fails unless COMMAND exits non-zero (not
# by `timeout`, nor with a sanitizer's report: the failed run's outputs
# must be freed once) saying that the loop at WHERE timed out.
expect_timeout() {
    where=$1
    shift
    timeout 120 "$@" > "$dir/out" 2>&1
    rc=$?
    [ "$rc" -ne 0 ] || fail "$* succeeded"
    [ "$rc" -ne 124 ] || fail "$* did not stop"
    ! grep -q "Sanitizer" "$dir/out" || fail "$*: $(cat "$dir/out")"   # a sanitizer build's report
    grep -qF "$where: stablehlo.while: timed out after 1 s" "$dir/out" ||
        fail "$*: no timeout at $where in: $(cat "$dir/out")"
}

for mode in "" --eval; do
    expect_timeout "timeout.mlir:9:3" "$cli" run "$prog" --timeout=1 $mode
    expect_timeout "timeout.mlir:24:3" "$cli" run "$prog" --func folded --timeout=1 $mode
    expect_timeout "timeout.mlir:49:7" "$cli" run "$prog" --func nested --timeout=1 $mode \
        --input "$dir/x.npy" --output "$dir/y.npy"
    [ -z "$(ls "$dir" | grep '^y')" ] || fail "run $mode left an output behind: $(ls "$dir")"
    expect_timeout "timeout_check.mlir:7:3" "$cli" check --timeout=1 $mode "$here/timeout_check.mlir"
    grep -q "^0 passed, 1 failed, 0 skipped" "$dir/out" || fail "check $mode: $(cat "$dir/out")"

    timeout 120 "$cli" run "$prog" --func finite --timeout=1 $mode > "$dir/out" 2>&1 ||
        fail "finite loop $mode: $(cat "$dir/out")"
    grep -qxF "result 0: tensor<i64> [720]" "$dir/out" || fail "finite loop $mode: $(cat "$dir/out")"
done

for bad in --timeout=0 --timeout=-1 --timeout=x --timeout=; do
    "$cli" run "$prog" --func finite "$bad" > /dev/null 2>&1 && fail "$bad accepted"
done
echo "timeout: all passed"
