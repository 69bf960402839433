#!/bin/sh
# Programs as deep as their text can make them, end to end: a chain of
# 20001 elementwise ops compiled (fused into kernels of bounded depth),
# evaluated and through `mem`; the gradient of a 3000-op chain; 300 and
# 9999 ops with --no-fusion (the second within a generous time limit, its
# identical kernels emitted once and its calls split into parts); a splat
# seen through 20000 reshapes and broadcasts on a 1 MiB stack; a reducer
# region 2000 ops deep (a clear error naming an op, not a crash); ifs
# nested 127 deep (the parser's limit: it works) and 10000 deep (a clear
# error at file:line:col). Each recursion over the IR is iterative or
# bounded. The programs are generated here.
#   usage: deep.sh ARRAYJIT
set -u
cli=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The compiler wrapper: keeps every source it is given, then runs gcc.
cat > "$dir/cc.sh" <<'EOF'
#!/bin/sh
for a in "$@"; do case $a in *.c) cp "$a" "$KEEP_DIR/$(basename "$a" .c).$$.c" ;; esac; done
exec gcc "$@"
EOF
chmod +x "$dir/cc.sh"
mkdir "$dir/kept"

npy() {  # npy FILE SHAPE DATA-ESCAPES (float32)
    printf '\223NUMPY\001\000\166\000' > "$1"
    printf '%-117s\n' "{'descr': '<f4', 'fortran_order': False, 'shape': $2, }" >> "$1"
    printf "$3" >> "$1"
}
npy "$dir/x.npy" '(4,)' '\000\000\000\077\000\000\200\276\000\000\200\077\000\000\100\077'   # .5 -.25 1 .75
npy "$dir/s.npy" '()' '\000\000\000\100'                                                     # 2
plus='result 0: tensor<4xf32> [0.5, -0.25, 1, 0.75]'
minus='result 0: tensor<4xf32> [-0.5, 0.25, -1, -0.75]'

# chain N RESULT: N ops on tensor<4xf32> cycling negate, x + x, x * 0.5,
# each exact, so for N a multiple of 3 the value is x times (-1)^(N / 3). RESULT
# "sum" returns its sum instead (whose gradient is that sign everywhere).
chain() {
    rt='tensor<4xf32>'
    [ "$2" = sum ] && rt='tensor<f32>'
    echo "func.func @main(%arg0: tensor<4xf32>) -> $rt {"
    echo '  %h = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>'
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) {
        p = i ? "%v" (i - 1) : "%arg0"
        if (i % 3 == 0) printf "  %%v%d = stablehlo.negate %s : tensor<4xf32>\n", i, p
        else if (i % 3 == 1) printf "  %%v%d = stablehlo.add %s, %s : tensor<4xf32>\n", i, p, p
        else printf "  %%v%d = stablehlo.multiply %s, %%h : tensor<4xf32>\n", i, p } }'
    if [ "$2" = sum ]; then
        echo '  %zero = stablehlo.constant dense<0.0> : tensor<f32>'
        echo "  %s = stablehlo.reduce(%v$(($1 - 1)) init: %zero) applies stablehlo.add across dimensions = [0] :" \
             '(tensor<4xf32>, tensor<f32>) -> tensor<f32>'
        echo '  func.return %s : tensor<f32>'
    else
        echo "  func.return %v$(($1 - 1)) : tensor<4xf32>"
    fi
    echo '}'
}

chain 20001 value > "$dir/chain.mlir"    # 6667 negates: -x
for mode in "" --eval; do
    out=$("$cli" run "$dir/chain.mlir" $mode --input "$dir/x.npy" 2>&1)
    [ "$out" = "$minus" ] || fail "run $mode of 20001 ops: $out"
done
out=$("$cli" mem "$dir/chain.mlir" 2>&1) || fail "mem of 20001 ops: $out"
echo "$out" | grep -q "^memory of @main ([0-9]* kernels)" || fail "mem of 20001 ops: $out"

chain 300 value > "$dir/short.mlir"      # 100 negates: x
out=$("$cli" run "$dir/short.mlir" --no-fusion --input "$dir/x.npy" 2>&1)
[ "$out" = "$plus" ] || fail "run --no-fusion of 300 ops: $out"

# 9999 kernels of a few texts: each text is one function, called from
# parts of at most 256 calls (gcc took minutes over one function of 10^4
# calls and 10^4 functions; now seconds, also under the sanitizers).
chain 9999 value > "$dir/long.mlir"      # 3333 negates: -x
out=$(KEEP_DIR="$dir/kept" timeout 300 "$cli" run "$dir/long.mlir" --no-fusion --no-cache --cc="$dir/cc.sh" \
      --input "$dir/x.npy" 2>&1)
[ "$out" = "$minus" ] || fail "run --no-fusion of 9999 ops: $out"
src=$(ls "$dir"/kept/*.c)
kernels=$(grep -c '^static void aj_k[0-9]*(' "$src")
# the functions that call kernels (the entry's parts, a row-blocked run's
# task): how many, the most calls one makes, and the calls in all
calls=$(awk '/^static void aj_(steps[0-9]*|c[0-9]*_task)\(/ { f = 1; parts++; n = 0 }
             f && /aj_k[0-9]*\(/ { n++; all++; if (n > most) most = n } /^}/ { f = 0 }
             END { print parts + 0, most + 0, all + 0 }' "$src")
set -- $calls
[ "$kernels" -le 16 ] || fail "9999 ops with --no-fusion: $kernels kernel functions, not a few"
[ "$1" -ge 40 ] || fail "9999 ops with --no-fusion: the kernel calls in $1 functions, not 40 or more"
[ "$2" -le 256 ] || fail "9999 ops with --no-fusion: $2 kernel calls in one function, more than 256"
[ "$3" -eq 9999 ] || fail "9999 ops with --no-fusion: $3 kernel calls, not 9999"

# x * 1, the 1 a splat constant behind 20000 broadcast_in_dim and reshape
# ops: simplify sees the splat through them (0 kernels left) without a
# frame per link (a recursion that overflowed this stack at -O0).
{
    echo 'func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {'
    echo '  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>'
    echo '  %b0 = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4xf32>'
    awk 'BEGIN { for (i = 1; i <= 20000; i++)
        if (i % 2) printf "  %%b%d = stablehlo.broadcast_in_dim %%b%d, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>\n", i, i - 1
        else printf "  %%b%d = stablehlo.reshape %%b%d : (tensor<1x4xf32>) -> tensor<4xf32>\n", i, i - 1 }'
    echo '  %y = stablehlo.multiply %x, %b20000 : tensor<4xf32>'
    echo '  func.return %y : tensor<4xf32>'
    echo '}'
} > "$dir/splat.mlir"
out=$(ulimit -s 1024 && "$cli" mem "$dir/splat.mlir" 2>&1)
echo "$out" | grep -q "^memory of @main (0 kernels)" || fail "mem of a splat behind 20000 reshapes: $out"

chain 3000 sum > "$dir/sum.mlir"         # 1000 negates: the gradient is 1
for mode in "" --eval; do
    out=$("$cli" run "$dir/sum.mlir" --grad $mode --input "$dir/x.npy" 2>&1)
    [ "$out" = 'result 0: tensor<4xf32> [1, 1, 1, 1]' ] || fail "run --grad $mode of 3000 ops: $out"
done

# A reducer whose region is acc + x, then 2000 ops alternating negate and
# abs (|acc + x|: on x's elements, the partial sums .5 .25 1.25 2):
# evaluated, it is 2; compiled, it is 2 or refused naming an op, since the
# emitter writes a region's expression recursively (EX_MAX_DEPTH).
{
    echo 'func.func @main(%x: tensor<4xf32>) -> tensor<f32> {'
    echo '  %zero = stablehlo.constant dense<0.0> : tensor<f32>'
    echo '  %s = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>'
    echo '   reducer(%a: tensor<f32>, %b: tensor<f32>) {'
    echo '    %n0 = stablehlo.add %a, %b : tensor<f32>'
    awk 'BEGIN { for (i = 1; i <= 2000; i++)
        printf "    %%n%d = stablehlo.%s %%n%d : tensor<f32>\n", i, i % 2 ? "negate" : "abs", i - 1 }'
    echo '    stablehlo.return %n2000 : tensor<f32>'
    echo '  }'
    echo '  func.return %s : tensor<f32>'
    echo '}'
} > "$dir/reducer.mlir"
out=$("$cli" run "$dir/reducer.mlir" --eval --input "$dir/x.npy" 2>&1)
[ "$out" = 'result 0: tensor<f32> [2]' ] || fail "run --eval of a deep reducer: $out"
out=$("$cli" run "$dir/reducer.mlir" --input "$dir/x.npy" 2>&1)
[ "$out" = 'result 0: tensor<f32> [2]' ] || echo "$out" | grep -q "reducer.mlir:[0-9]*:[0-9]*: .*ops deep in one expression" ||
    fail "run of a deep reducer: $out"

# nest D: D ifs, each taking its first branch, the innermost returning x + 1.
nest() {
    echo 'func.func @main(%x: tensor<f32>) -> tensor<f32> {'
    echo '  %lo = stablehlo.constant dense<-1.000000e+30> : tensor<f32>'
    echo '  %t = stablehlo.compare GT, %x, %lo : (tensor<f32>, tensor<f32>) -> tensor<i1>'
    echo '  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>'
    awk -v d="$1" 'BEGIN {
        for (i = 0; i < d; i++) printf "  %%r%d = \"stablehlo.if\"(%%t) ({\n", i
        print "  %y = stablehlo.add %x, %one : tensor<f32>"
        print "  stablehlo.return %y : tensor<f32>"
        for (i = d - 1; i >= 0; i--) {
            print "  }, {\n  stablehlo.return %x : tensor<f32>\n  }) : (tensor<i1>) -> tensor<f32>"
            if (i > 0) printf "  stablehlo.return %%r%d : tensor<f32>\n", i
        } }'
    echo '  func.return %r0 : tensor<f32>'
    echo '}'
}
nest 127 > "$dir/nest.mlir"
for mode in "" --eval; do
    out=$("$cli" run "$dir/nest.mlir" $mode --input "$dir/s.npy" 2>&1)
    [ "$out" = 'result 0: tensor<f32> [3]' ] || fail "run $mode of 127 nested ifs: $out"
done
"$cli" print "$dir/nest.mlir" > /dev/null 2>&1 || fail "print of 127 nested ifs"
nest 10000 > "$dir/deep_nest.mlir"
for cmd in "run --input $dir/s.npy" "run --eval --input $dir/s.npy" print mem; do
    out=$("$cli" ${cmd%% *} "$dir/deep_nest.mlir" $(echo "$cmd" | cut -s -d' ' -f2-) 2>&1)
    [ $? = 1 ] && echo "$out" | grep -q "deep_nest.mlir:[0-9]*:[0-9]*: .*nested deeper than" ||
        fail "$cmd of 10000 nested ifs: $out"
done
echo ok
