#!/bin/sh
# `arrayjit run` end to end on .npy files written byte by byte (no numpy
# needed): results compiled and evaluated, a gradient (run and mem --grad,
# also under a checkpoint policy and a budget), and its errors: --grad of a
# function without one scalar result, a budget nothing fits, an unknown
# policy or one on a function without a backward part, wrong input
# count, wrong shape, a missing file, an output that cannot be written
# (which must leave nothing behind), and mem's report of a loop; complex
# inputs and results as <c8 files.
#   usage: run.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A version 1.0 .npy: magic, header length (118), the header padded with
# spaces to 117 bytes and a newline (128 bytes in all), then little-endian
# data of the dtype DESCR (float32 when absent).
npy() {  # npy FILE SHAPE DATA-ESCAPES [DESCR]
    header="{'descr': '${4:-<f4}', 'fortran_order': False, 'shape': $2, }"
    printf '\223NUMPY\001\000\166\000' > "$1"
    printf '%-117s\n' "$header" >> "$1"
    printf "$3" >> "$1"
}
npy "$dir/x.npy" '(3,)' '\000\000\200\077\000\000\000\300\000\000\100\100'      # 1, -2, 3
npy "$dir/want0.npy" '(3,)' '\000\000\200\277\000\000\000\100\000\000\100\300'  # -1, 2, -3
npy "$dir/want1.npy" '()' '\000\000\000\100'                                    # 2
npy "$dir/want_grad.npy" '(3,)' '\000\000\000\100\000\000\200\300\000\000\300\100'  # 2, -4, 6
npy "$dir/bad.npy" '(4,)' '\000\000\200\077\000\000\200\077\000\000\200\077\000\000\200\077'

for mode in "" --eval; do
    "$cli" run "$here/negate_sum.mlir" $mode --input "$dir/x.npy" \
        --output "$dir/y0.npy" --output "$dir/y1.npy" || fail "run $mode"
    cmp -s "$dir/y0.npy" "$dir/want0.npy" || fail "result 0 $mode differs"
    cmp -s "$dir/y1.npy" "$dir/want1.npy" || fail "result 1 $mode differs"
done

# --grad: the gradient of sum(x * x) is 2x.
for mode in "" --eval; do
    "$cli" run "$here/sum_squares.mlir" --grad $mode --input "$dir/x.npy" --output "$dir/g.npy" \
        || fail "run --grad $mode"
    cmp -s "$dir/g.npy" "$dir/want_grad.npy" || fail "gradient $mode differs"
done
# --repeat on a program that donates its input (JAX's tf.aliasing_output):
# every timed run gets the input as it was, and the first run's output stands.
printf 'func.func @main(%%x: tensor<3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<3xf32> {\n  %%y = stablehlo.negate %%x : tensor<3xf32>\n  return %%y : tensor<3xf32>\n}\n' > "$dir/donating.mlir"
"$cli" run "$dir/donating.mlir" --input "$dir/x.npy" --output "$dir/d.npy" --repeat=3 2> "$dir/err" ||
    fail "run --repeat of a donating program: $(cat "$dir/err")"
grep -q "^time: median .* over 3 runs$" "$dir/err" || fail "run --repeat: $(cat "$dir/err")"
cmp -s "$dir/d.npy" "$dir/want0.npy" || fail "run --repeat of a donating program: the output differs"

# A complex parameter reads from a <c8 file and a complex result is written
# as one, in both modes: -(1 + 2i, -3 + 0.5i).
npy "$dir/z.npy" '(2,)' '\000\000\200\077\000\000\000\100\000\000\100\300\000\000\000\077' '<c8'
npy "$dir/want_z.npy" '(2,)' '\000\000\200\277\000\000\000\300\000\000\100\100\000\000\000\277' '<c8'
printf 'func.func @main(%%z: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {\n  %%y = stablehlo.negate %%z : tensor<2xcomplex<f32>>\n  return %%y : tensor<2xcomplex<f32>>\n}\n' > "$dir/complex.mlir"
for mode in "" --eval; do
    "$cli" run "$dir/complex.mlir" $mode --input "$dir/z.npy" --output "$dir/zy.npy" 2> "$dir/err" ||
        fail "run of a complex program $mode: $(cat "$dir/err")"
    cmp -s "$dir/zy.npy" "$dir/want_z.npy" || fail "the complex result $mode differs"
done

# A name too long for --grad's function is an error, never cut short.
long=$(printf '%0300d' 0 | tr 0 f)
sed "s/@main/@$long/" "$here/sum_squares.mlir" > "$dir/long.mlir"
if "$cli" run "$dir/long.mlir" --func "$long" --grad --input "$dir/x.npy" 2> "$dir/err"; then fail "a 300-byte name"; fi
grep -q "the function's name is too long (300 bytes" "$dir/err" || fail "long name: $(cat "$dir/err")"

# needed): results compiled and evaluated, a gradient (run and mem --grad,
# also under a checkpoint policy and a budget), and its errors: --grad of a
# function without one scalar result, a budget nothing fits, an unknown
# policy or one on a function without a backward part, wrong input

# ui8 to f16 and bf16 (bf16 is NumPy's two-byte void, as ml_dtypes saves it): 1, 2, 255.
npy "$dir/u.npy" '(3,)' '\001\002\377' '|u1'
npy "$dir/want_h.npy" '(3,)' '\000\074\000\100\370\133' '<f2'
npy "$dir/want_b.npy" '(3,)' '\200\077\000\100\177\103' '<V2'
for mode in "" --eval; do
    "$cli" run "$here/narrow.mlir" $mode --input "$dir/u.npy" --output "$dir/h.npy" --output "$dir/b.npy" ||
        fail "run narrow $mode"
    cmp -s "$dir/h.npy" "$dir/want_h.npy" || fail "f16 result $mode differs"
    cmp -s "$dir/b.npy" "$dir/want_b.npy" || fail "bf16 result $mode differs"
done
"$cli" run "$here/narrow.mlir" --input "$dir/u.npy" | grep -q "tensor<3xbf16> \[1, 2, 255\]" ||
    fail "printed bf16 result"

expect_error() {  # expect_error PATTERN ARGS...
    pattern=$1
    shift
    if "$cli" run "$here/negate_sum.mlir" "$@" 2> "$dir/err"; then fail "no error for $*"; fi
    grep -q "$pattern" "$dir/err" || fail "error for $* lacks '$pattern': $(cat "$dir/err")"
}
expect_error "takes 1 inputs, 2 given" --input "$dir/x.npy" --input "$dir/x.npy"
expect_error "expected tensor<3xf32>, got tensor<4xf32>" --input "$dir/bad.npy"
expect_error "$dir/missing.npy" --input "$dir/missing.npy"
expect_error "must return one float scalar, it returns 2 values" --grad --input "$dir/x.npy"
expect_error "memory budget of 1 bytes cannot be met by @main: the smallest peak reached" --budget=1 --input "$dir/x.npy"
expect_error "unknown --policy 'most'" --policy=most --input "$dir/x.npy"
expect_error "nowhere" --input "$dir/x.npy" --output "$dir/nowhere/y0.npy" --output "$dir/y1b.npy"
[ -e "$dir/nowhere" ] && fail "a directory appeared"
ls "$dir" | grep -q tmp && fail "a temporary file was left behind"
# mem reports each loop: its loop values (the stacked outputs among them),
# its body's scratch and that scratch's live-set bound (the stacked weights
# a scan returns unchanged are no loop value: 4 + 512 + 2048 bytes).
"$cli" mem "$here/scan.mlir" > "$dir/mem" || fail "mem of a scan"
grep -q "^  loop (kernel 3) at .*scan.mlir:8:3: loop values 2564 bytes (2048 of them stacked outputs), body scratch 769 bytes (its live-set bound 769)$" "$dir/mem" ||
    fail "mem's loop line: $(grep loop "$dir/mem")"
"$cli" mem "$here/scan.mlir" --json | grep -q '"loops": \[{"kernel": 3, "line": 8, "col": 3, "value_bytes": 2564, "stacked_bytes": 2048, "scratch_bytes": 769, "scratch_bound_bytes": 769}\]' ||
    fail "mem --json's loops"
echo "cli run: all passed"
