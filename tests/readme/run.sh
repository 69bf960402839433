#!/bin/sh
# Runs the three guides of README.md's "Three ways in" as written, so that
# they cannot rot:
#
#   tests/readme/run.sh [BUILD] [SANITIZE]
#
# BUILD: a CMake build folder (default build). Each block marked with
# `<!-- readme-test: KIND [FILE] -->` on the line before its fence is taken
# out of README.md into a temporary folder laid out like the clone (build,
# include and tests are links to BUILD and the source tree's), where:
#   c-program FILE, c-build, c-output   the C program is written to FILE, the
#       build-and-run block runs (sh -e) and prints exactly c-output;
#   python, cli      the Python block runs (the interpreter as
#       tests/python/run.sh chooses it: $ARRAYJIT_PYTHON, build-test-venv,
#       python3; the package in python/ over BUILD's libarrayjit.so) and each
#       `print(...)  # TEXT` line prints TEXT; then the command-line block
#       runs on the files it wrote (its run prints the result, its mem the
#       analysis);
#   aot-program FILE, aot-build, aot-output   as for C: `arrayjit aot`, cc alone.
# Skipped, saying why: the Python and command-line blocks without NumPy, and
# the C and Python ones in a sanitizer build (SANITIZE ON: its libraries need
# the sanitizer runtimes in every client). Prints "readme: ok" when every
# block that ran did what the README says; exits 1 otherwise.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
sanitize=${2:-OFF}
case $build in /*) ;; *) build=$PWD/$build ;; esac
readme=$root/README.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arrayjit-readme.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0 ran="" skipped=""
fail() { echo "readme: FAIL: $*"; failed=1; }
skip() { echo "readme: $1: skipped: $2"; skipped="$skipped $1"; }
passed() { echo "readme: $1: ok"; ran="$ran $1"; }
[ -x "$build/arrayjit" ] || { echo "readme: FAIL: no $build/arrayjit; build it first (cmake --build $build)"; exit 1; }
# The compiled-code cache: the tests' own (ctest sets XDG_CACHE_HOME), never ~/.cache.
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$tmp/cache}"
export ARRAYJIT_NO_PROGRESS=1
sanitized=0
case $sanitize in ON|on|1|TRUE|true|YES|yes) sanitized=1 ;; esac

# Each marked block into $tmp/blocks/KIND, and its FILE (if any) into KIND.file.
mkdir "$tmp/blocks" "$tmp/work"
awk -v out="$tmp/blocks" '
    /^<!-- readme-test: [a-z-]+( [^ ]+)? -->$/ { kind = $3; file = ($4 == "-->") ? "" : $4; want = 1; next }
    want && /^```/ { inblock = 1; want = 0; path = out "/" kind
                     if (file != "") { print file > (path ".file"); close(path ".file") }; next }
    want { want = 0 }
    inblock && /^```$/ { inblock = 0; close(path); next }
    inblock { print > path }
' "$readme"
for k in c-program c-build c-output python cli aot-program aot-build aot-output; do
    [ -s "$tmp/blocks/$k" ] || { echo "readme: FAIL: README.md has no block marked readme-test: $k"; exit 1; }
done
work=$tmp/work
ln -s "$build" "$work/build"
ln -s "$root/include" "$work/include"
ln -s "$root/tests" "$work/tests"

# run_block KIND: runs a shell block in the work folder; its stdout in $tmp/KIND.out.
run_block() {
    (cd "$work" && sh -e "$tmp/blocks/$1") > "$tmp/$1.out" 2> "$tmp/$1.err"
}
# check_output NAME KIND: $tmp/KIND.out equals the block NAME-output.
check_output() {
    if cmp -s "$tmp/$2.out" "$tmp/blocks/$1-output"; then
        passed "$1"
    else
        fail "$1: the program printed"
        sed 's/^/    /' "$tmp/$2.out"
        echo "  where README.md says"
        sed 's/^/    /' "$tmp/blocks/$1-output"
    fi
}

# The C programmer: build a function, value_and_grad, compile, run.
if [ $sanitized = 1 ]; then
    skip c "a sanitizer build (the plain build runs it)"
else
    cp "$tmp/blocks/c-program" "$work/$(cat "$tmp/blocks/c-program.file")"
    if run_block c-build; then
        check_output c c-build
    else
        fail "c: the build-and-run block failed:"
        cat "$tmp/c-build.out" "$tmp/c-build.err" | head -30
    fi
fi

# The JAX user: Python on StableHLO text, then the command line on what it wrote.
. "$root/tests/python/interpreter.sh"
if [ $sanitized = 1 ]; then
    skip python "a sanitizer build (its libarrayjit.so cannot be loaded into python)"
    skip cli "it runs on the files the Python block writes"
elif [ -z "$py" ]; then
    skip python "no python3"
    skip cli "it runs on the files the Python block writes"
elif ! "$py" -c "import numpy" 2>/dev/null; then
    skip python "$py has no numpy (tests/python/venv.sh makes build-test-venv)"
    skip cli "it runs on the files the Python block writes"
elif [ ! -f "$build/libarrayjit.so" ]; then
    fail "python: no $build/libarrayjit.so"
else
    sed -n 's/^ *print(.*  # \(.*\)$/\1/p' "$tmp/blocks/python" | sed 's/ *$//' > "$tmp/python.want"
    if [ ! -s "$tmp/python.want" ]; then
        fail "python: no print(...)  # TEXT line says what the block prints"
    elif (cd "$work" && PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}" \
          ARRAYJIT_LIBRARY="$build/libarrayjit.so" "$py" "$tmp/blocks/python") > "$tmp/python.out" 2> "$tmp/python.err"; then
        if cmp -s "$tmp/python.out" "$tmp/python.want"; then
            passed python
        else
            fail "python: the block printed"
            sed 's/^/    /' "$tmp/python.out"
            echo "  where its comments say"
            sed 's/^/    /' "$tmp/python.want"
        fi
    else
        fail "python: the block failed:"
        tail -20 "$tmp/python.err"
    fi
    if [ ! -s "$work/softmax.mlir" ] || [ ! -s "$work/x.npy" ]; then
        fail "cli: the Python block wrote no softmax.mlir and x.npy"
    elif ! run_block cli; then
        fail "cli: the command-line block failed:"
        cat "$tmp/cli.out" "$tmp/cli.err" | head -30
    else
        # run prints the result as the block's comment says (its first element
        # to 1e-6: fast code's exp may round otherwise elsewhere), mem the analysis.
        want=$(sed -n 's/^build\/arrayjit run .*  # \(.*\), \.\.\.\]$/\1/p' "$tmp/blocks/cli")
        got=$(grep '^result 0: ' "$tmp/cli.out" | sed 's/, .*//')
        peak=$(sed -n '2s/ .*//p' "$tmp/python.want")   # print(mem["peak_bytes"], ...)
        if [ -z "$want" ]; then
            fail "cli: the run line's comment does not say what it prints"
        elif [ "${got%[*}" != "${want%[*}" ] ||
             ! awk -v a="${got#*[}" -v b="${want#*[}" 'BEGIN { d = a - b; exit !(a != "" && d < 1e-6 && d > -1e-6) }'; then
            fail "cli: run printed $(head -1 "$tmp/cli.out"), where README.md says $want, ..."
        elif ! grep -q "^  peak  *$peak bytes" "$tmp/cli.out" || ! grep -q '^memory of @main' "$tmp/cli.out"; then
            fail "cli: mem printed no memory analysis with the peak f.memory() gave, $peak bytes:"
            sed 's/^/    /' "$tmp/cli.out"
        else
            passed cli
        fi
    fi
fi

# The embedder: arrayjit aot, then cc alone.
cp "$tmp/blocks/aot-program" "$work/$(cat "$tmp/blocks/aot-program.file")"
if run_block aot-build; then
    check_output aot aot-build
    if nm "$work/embed" 2>/dev/null | grep -q ' [TU] aj_'; then
        fail "aot: embed uses libarrayjit"
    fi
else
    fail "aot: the build-and-run block failed:"
    cat "$tmp/aot-build.out" "$tmp/aot-build.err" | head -30
fi

if [ $failed = 0 ]; then
    echo "readme: ok (ran:$ran${skipped:+; skipped:$skipped})"
else
    exit 1
fi
