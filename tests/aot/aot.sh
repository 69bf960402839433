#!/bin/sh
# arrayjit aot end to end, built without libarrayjit: each program of
# tests/aot (exported from JAX by tests/aot/export.py: an MLP training
# step with its parameters donated, a conv net training step, a while loop
# with a data-dependent trip count), softmax.mlir and linalg_fft.mlir
# (LAPACK, fft and f8 ops, written by hand) is
# exported (strict), built with the system compiler alone (`cc -O2`, BLIS
# where a dot calls it; also --no-blas), run by its
# NAME_main on deterministic inputs, and its outputs compared byte for
# byte with the reference evaluator's (`arrayjit run --eval`). Then:
# NAME_ARENA_BYTES equals `arrayjit mem`'s temp_bytes; NAME.o defines
# NAME_run alone, has no writable data and calls no allocator; the main's heap is the arena, the
# inputs and the outputs, and the run allocates nothing; README's example
# runs as written; a bad name and a directory that is a file are clear
# errors.
#   usage: aot.sh ARRAYJIT SOURCE_DIR
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }

# export NAME PROGRAM [aot and run options...]: exports, builds and checks one program.
check_program() {
    name=$1 prog=$2
    shift 2
    out=$dir/$name
    mkdir -p "$out/in" "$out/ref" "$out/got"
    "$cli" aot "$prog" -o "$out" --name "$name" --main --strict --no-cache "$@" > "$out/log" 2>&1 ||
        fail "$name: aot: $(cat "$out/log")"
    python3 "$src/tests/aot/inputs.py" "$out/$name.h" "$out/in" || fail "$name: inputs"
    nin=$(sed -n "s/^#define ${name}_NUM_INPUTS \([0-9]*\)$/\1/p" "$out/$name.h")
    nout=$(sed -n "s/^#define ${name}_NUM_OUTPUTS \([0-9]*\)$/\1/p" "$out/$name.h")
    ins="" refs="" gots="" i=0
    while [ $i -lt "$nin" ]; do ins="$ins --input $out/in/in$i.npy"; i=$((i + 1)); done
    j=0
    while [ $j -lt "$nout" ]; do
        refs="$refs --output $out/ref/out$j.npy"; gots="$gots --output $out/got/out$j.npy"; j=$((j + 1))
    done
    # the reference: the evaluator (run options: donation is no matter there)
    "$cli" run "$prog" --eval $ins $refs > "$out/log" 2>&1 || fail "$name: run --eval: $(cat "$out/log")"
    blis=$(sed -n "s/^#define ${name}_NEEDS_BLIS \([01]\)$/\1/p" "$out/$name.h")
    lapack=$(sed -n "s/^#define ${name}_NEEDS_LAPACK \([01]\)$/\1/p" "$out/$name.h")
    libs="-lm"
    [ "$blis" = 1 ] && libs="-l:libblis.so.4 $libs"
    [ "$lapack" = 1 ] && libs="-l:liblapack.so.3 -l:libblas.so.3 $libs"
    cc=${CC:-cc}
    $cc -O2 -Wall -Wextra -Werror -o "$out/main" "$out/$name.c" "$out/${name}_main.c" $libs > "$out/log" 2>&1 ||
        fail "$name: cc: $(head -20 "$out/log")"
    "$out/main" $ins $gots --heap 2> "$out/heap" || fail "$name: main: $(cat "$out/heap")"
    j=0
    while [ $j -lt "$nout" ]; do
        cmp -s "$out/ref/out$j.npy" "$out/got/out$j.npy" || fail "$name: output $j differs from the evaluator's"
        j=$((j + 1))
    done
    # the arena constant is the compiled executable's temp_bytes
    arena=$(sed -n "s/^#define ${name}_ARENA_BYTES ((size_t)\([0-9]*\))$/\1/p" "$out/$name.h")
    memopts=""
    for o in "$@"; do [ "$o" = --no-blas ] || memopts="$memopts $o"; done   # the plan is the same without BLIS
    temp=$("$cli" mem "$prog" --json --strict --no-cache $memopts 2>&1 | sed -n 's/.*"temp_bytes": \([0-9]*\),.*/\1/p')
    [ -n "$arena" ] && [ "$arena" = "$temp" ] || fail "$name: ${name}_ARENA_BYTES $arena, mem says temp $temp"
    # NAME.o: NAME_run is its one global, and it allocates nothing
    $cc -O2 -c -o "$out/$name.o" "$out/$name.c" || fail "$name: cc -c"
    globals=$(nm "$out/$name.o" | awk '$2 ~ /^[TDBR]$/ {print $3}' | tr '\n' ' ')
    [ "$globals" = "${name}_run " ] || fail "$name: globals of $name.o: $globals"
    writable=$(nm "$out/$name.o" | awk '$(NF-1) ~ /^[dDbBcC]$/ {print $NF}' | tr '\n' ' ')
    [ -z "$writable" ] || fail "$name: $name.o has writable data: $writable"
    if nm -u "$out/$name.o" | grep -Eq ' (malloc|calloc|realloc|free|aligned_alloc|posix_memalign)$'; then
        fail "$name: $name.o calls the allocator"
    fi
    # the main's heap: the arena (rounded up to the alignment), the inputs, the outputs not held in inputs
    args=$(sed -n "s/^#define ${name}_ARGUMENT_BYTES ((size_t)\([0-9]*\))$/\1/p" "$out/$name.h")
    outs=$(sed -n "s/^#define ${name}_OUTPUT_BYTES ((size_t)\([0-9]*\)).*/\1/p" "$out/$name.h")
    alias=$(sed -n "s/^#define ${name}_ALIASED_BYTES ((size_t)\([0-9]*\)).*/\1/p" "$out/$name.h")
    want="heap: arena $(( (arena + 63) / 64 * 64 )), inputs $args, outputs $((outs - alias)) bytes"
    grep -q "^$want;" "$out/heap" || fail "$name: $(cat "$out/heap"), expected $want"
    # BLIS keeps packing buffers of its own, and so does the BLAS LAPACK calls
    # (Debian's libblas.so.3, BLIS's where installed); our kernels allocate nothing
    if [ "$blis" = 0 ] && [ "$lapack" = 0 ]; then
        before=$(sed -n 's/.*in use \([0-9]*\) before the run, \([0-9]*\) after$/\1/p' "$out/heap")
        after=$(sed -n 's/.*in use \([0-9]*\) before the run, \([0-9]*\) after$/\2/p' "$out/heap")
        [ "$before" = "$after" ] || fail "$name: the run allocated: $(cat "$out/heap")"
    fi
    echo "$name: $nin inputs, $nout outputs, arena $arena bytes, equal to the evaluator"
}

check_program train "$src/tests/aot/mlp_train_step.mlir"   # donated by the program (tf.aliasing_output)
check_program train_loops "$src/tests/aot/mlp_train_step.mlir" --donate=0-3 --no-blas
check_program conv "$src/tests/aot/conv_train_step.mlir" --no-blas
check_program newton "$src/tests/aot/newton_while.mlir"
check_program softmax "$src/tests/aot/softmax.mlir"
check_program linalg_fft "$src/tests/aot/linalg_fft.mlir"   # LAPACK, fft, f8: kernels taking the scratch block

# the donated parameters hold the new ones: the outputs say so
grep -q '^#define train_OUTPUT1_IN_INPUT 0$' "$dir/train/train.h" || fail "train: output 1 is not in input 0"

# README's example for embedders, as written (build/arrayjit and tests/ as here).
mkdir "$dir/readme"
sed -n '/^## Ahead of time: for embedders/,/^- `out/p' "$src/README.md" | sed -n 's/^    //p' |
    sed "s|build/arrayjit|$cli|; s|tests/aot/|$src/tests/aot/|g" > "$dir/readme/commands.sh"
grep -q '^gcc ' "$dir/readme/commands.sh" || fail "README: no example found"
(cd "$dir/readme" && sh -e ./commands.sh > log 2>&1) || fail "README's example: $(cat "$dir/readme/log")"
[ -s "$dir/readme/out/loss.npy" ] && [ -s "$dir/readme/out/b2.npy" ] || fail "README's example wrote no outputs"

# bad requests
"$cli" aot "$src/tests/aot/softmax.mlir" -o "$dir/bad" --name '2x' > "$dir/out" 2>&1 && fail "the name 2x was taken"
grep -q "not a C identifier" "$dir/out" || fail "bad name: $(cat "$dir/out")"
: > "$dir/file"
"$cli" aot "$src/tests/aot/softmax.mlir" -o "$dir/file" > "$dir/out" 2>&1 && fail "a file was taken as the directory"
grep -q "not a directory" "$dir/out" || fail "file as directory: $(cat "$dir/out")"
echo ok
