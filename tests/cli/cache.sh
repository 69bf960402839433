#!/bin/sh
# The disk cache from the command line: a --cache-dir that cannot be used
# (a regular file, a path under one, a directory others can write) warns
# once, naming it and why, and `run` and `check` still give right results;
# a usable one is filled by the first run and hit by the next.
#   usage: cache.sh ARRAYJIT TESTS_DIR
set -u
cli=$1
tests=$2
set -- "$tests/programs/elementwise.mlir" "$tests/programs/shapes.mlir" "$tests/programs/reduce_dot.mlir"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

: > "$dir/file"
mkdir -m 0777 "$dir/shared"
chmod 0777 "$dir/shared"   # whatever the umask
for cache in "$dir/file" "$dir/file/sub" "$dir/shared"; do
    "$cli" check --cache-dir="$cache" "$@" > "$dir/out" 2> "$dir/err" || fail "check with $cache: $(cat "$dir/err")"
    grep -q "^3 passed, 0 failed" "$dir/out" || fail "check with $cache: $(cat "$dir/out")"
    n=$(grep -c "^arrayjit: warning: disk cache $cache unusable: .*; compiling without it$" "$dir/err")
    [ "$n" = 1 ] || fail "check with $cache: $n warnings: $(cat "$dir/err")"
    "$cli" mem --cache-dir="$cache" "$tests/cli/negate_sum.mlir" > /dev/null 2>&1 || fail "mem with $cache"
done
[ -z "$(ls -A "$dir/shared")" ] || fail "an entry was written into a directory others can write"

"$cli" check --cache-dir="$dir/private" "$@" > /dev/null 2> "$dir/err" || fail "check with a private cache"
[ ! -s "$dir/err" ] || fail "a private cache warned: $(cat "$dir/err")"
[ -n "$(ls "$dir/private")" ] || fail "the private cache holds no entry"
[ "$(stat -c %a "$dir/private")" = 700 ] || fail "the cache directory was not created private"
echo "ok"
