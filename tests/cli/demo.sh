#!/bin/sh
# The demo's bar: `arrayjit demo` exits 0 within LIMIT seconds (60 on this
# machine's optimised build), prints its table with all four rows, and
# writes a well-formed SVG where it says.
#   usage: demo.sh ARRAYJIT LIMIT_SECONDS
set -u
cli=$1
limit=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

start=$(date +%s)
(cd "$dir" && "$cli" demo > out.txt 2>&1) || fail "demo failed: $(tail -5 "$dir/out.txt")"
elapsed=$(( $(date +%s) - start ))
cat "$dir/out.txt"
[ "$elapsed" -le "$limit" ] || fail "the demo took ${elapsed} s (limit ${limit} s)"
for row in "eager (reference evaluator), grad" "compiled, loss only" "compiled, grad " \
           "compiled, grad, memory budget" "step 300/300"; do
    grep -q "$row" "$dir/out.txt" || fail "no '$row' in the output"
done
grep -q "memory picture.*: arrayjit-demo.svg" "$dir/out.txt" || fail "the demo does not say where the picture is"
[ -s "$dir/arrayjit-demo.svg" ] || fail "no arrayjit-demo.svg written"
if command -v python3 >/dev/null; then
    python3 -c "import xml.etree.ElementTree as E; E.parse('$dir/arrayjit-demo.svg')" || fail "the SVG is not well-formed"
fi
echo "demo: ${elapsed} s, all passed"
