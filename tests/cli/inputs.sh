#!/bin/sh
# Program files that are not plain files: a device is refused at once
# (/dev/zero would otherwise fill memory), a pipe is read (`arrayjit print
# /dev/stdin`, a shell's <(...)), a FIFO with no writer reads as empty
# instead of waiting, and `check` on a folder searches real directories only
# (a link back up is no loop) and reads regular files only (a FIFO there
# is passed over). Every command runs under a time limit, so a hang fails.
#   usage: inputs.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
limit() { timeout 60 "$@"; }

out=$(limit "$cli" print /dev/zero 2>&1) && fail "/dev/zero was read"
[ $? -eq 124 ] && fail "/dev/zero: hung"
echo "$out" | grep -q "/dev/zero: not a regular file or a pipe" || fail "/dev/zero: $out"

out=$(limit "$cli" print "$dir" 2>&1) && fail "a directory was read"
echo "$out" | grep -q "is a directory" || fail "directory: $out"

out=$(cat "$here/sum_squares.mlir" | limit "$cli" print /dev/stdin 2>&1) || fail "a pipe: $out"
echo "$out" | grep -q "stablehlo.multiply" || fail "a pipe: $out"

mkfifo "$dir/lonely.mlir"
limit "$cli" print "$dir/lonely.mlir" > /dev/null 2>&1
[ $? -eq 124 ] && fail "a FIFO with no writer: hung"

mkdir "$dir/suite"
cp "$here/../programs/elementwise.mlir" "$dir/suite/"
mkfifo "$dir/suite/fifo.mlir"
ln -s .. "$dir/suite/up"
ln -s "$dir/suite" "$dir/suite/self"
out=$(limit "$cli" check --eval "$dir/suite" 2>&1)
status=$?
[ $status -eq 124 ] && fail "check on a folder with a FIFO and link loops: hung"
echo "$out" | grep -q "^1 passed, 0 failed, 0 skipped" || fail "check on the folder: $out"
echo "cli inputs: all passed"
