#!/bin/sh
# Program text is hostile input: names, attributes and custom_call targets
# that hold "*/", '"', '\', newlines, '#', "??/" or a NUL must never reach
# the generated C as code. Each payload below, if it leaked, would define a
# constructor `pwn` that traps as soon as the shared object is loaded. Every
# program is checked compiled (no disk cache, so that gcc really builds it)
# with a compiler wrapper that keeps the source; the run must pass (or, for
# a NUL or an unknown target, fail with an error that has a location), the
# kept source must hold no "pwn(" (escaped text keeps no parenthesis), and
# no process may die of the trap.
#   usage: hostile_text.sh ARRAYJIT
set -u
cli=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The compiler wrapper: keeps every source it is given, then runs gcc.
cat > "$dir/cc.sh" <<'EOF'
#!/bin/sh
: "${KEEP_DIR:?the test sets KEEP_DIR}"
for a in "$@"; do case $a in *.c) cp "$a" "$KEEP_DIR/$(basename "$a" .c).$$.c" ;; esac; done
exec gcc "$@"
EOF
chmod +x "$dir/cc.sh"
mkdir "$dir/kept"

# The payloads, as MLIR string text (\0A is a newline, \22 a quote, \5C a
# backslash, \00 a NUL).
ctor='__attribute__((constructor)) static void pwn(void) { __builtin_trap(); }'
i=0
payload() {  # payload NAME TEXT
    i=$((i + 1))
    eval "p_$i=\$2"
    eval "n_$i=\$1"
}
payload comment_end "x */ $ctor /* "
payload quote "x \\\" */ $ctor /* \\\""
payload backslash "x \\\\ */ $ctor /* \\\\"
payload newline "x\\n$ctor\\n// "
payload hex_newline "x\\0A$ctor\\0A// "
payload directive "x\\0A#define entry pwn\\0A$ctor\\0A"
payload trigraph "x ??/\\n$ctor ??/"
payload line_comment "// $ctor"
count=$i

# A program: its one function (so `check` runs it) reads the payload in the
# position given, and checks 1 + 2 == 3.
program() {  # program POSITION TEXT
    fname=main modname=m attrs="" fattrs="" target=check.expect_eq config=""
    case $1 in
    func) fname="\"$2\"" ;;
    module) modname="\"$2\"" ;;
    op_attr) attrs=" {mhlo.frontend_attributes = {x = \"$2\"}}" ;;
    func_attr) fattrs=" attributes {jax.result_info = \"$2\"}" ;;
    target) target="\"check.expect_eq $2\"" ;;
    config) config=" {backend_config = \"$2\", has_side_effect = true}" ;;
    esac
    cat <<EOF
module @$modname {
  func.func public @$fname()$fattrs {
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    %s = stablehlo.add %a, %b$attrs : tensor<f32>
    %want = stablehlo.constant dense<3.0> : tensor<f32>
    stablehlo.custom_call @$target(%s, %want)$config : (tensor<f32>, tensor<f32>) -> ()
    func.return
  }
}
EOF
}

cases=0
for position in func module op_attr func_attr target config; do
    j=1
    while [ $j -le $count ]; do
        eval "text=\$p_$j; name=\$n_$j"
        file="$dir/$position.$name.mlir"
        program $position "$text" > "$file"
        out=$(KEEP_DIR="$dir/kept" "$cli" check --no-cache --cc="$dir/cc.sh" "$file" 2>&1)
        status=$?
        [ $status -lt 128 ] || fail "$position/$name: killed by signal $((status - 128)): $out"
        case $position in
        target) echo "$out" | grep -q "$position.$name.mlir:[0-9]*:[0-9]*: .*unsupported custom_call" ||
                    fail "$position/$name: an unknown target must be an error with a location: $out" ;;
        *) echo "$out" | grep -q "^1 passed, 0 failed" || fail "$position/$name: $out" ;;
        esac
        cases=$((cases + 1))
        j=$((j + 1))
    done
done

# A NUL in a name is refused where it stands; attributes we do not read
# (their text is skipped, never decoded) leave the program as it was.
for position in func module target op_attr func_attr config; do
    file="$dir/$position.nul.mlir"
    program $position 'x\00y' > "$file"
    out=$(KEEP_DIR="$dir/kept" "$cli" check --no-cache --cc="$dir/cc.sh" "$file" 2>&1)
    case $position in
    func|module|target) want="$position.nul.mlir:[0-9]*:[0-9]*: .*NUL" ;;
    *) want="^1 passed, 0 failed" ;;
    esac
    echo "$out" | grep -q "$want" || fail "$position/nul: $out"
    cases=$((cases + 1))
done

# mem --json escapes a function's name: the report stays one JSON object.
printf 'func.func @"a\\"b\\\\n"(%%x: tensor<4xf32>) -> tensor<4xf32> {\n  %%a = stablehlo.negate %%x : tensor<4xf32>\n  return %%a : tensor<4xf32>\n}\n' > "$dir/json.mlir"
json=$("$cli" mem "$dir/json.mlir" --json --func 'a"b\n' 2>&1)
printf "%s\n" "$json" | grep -q '^{"function": "a\\"b\\\\n", "kernels": 1,' || fail "mem --json of a quoted name: $json"

kept=$(ls "$dir/kept" | wc -l)
[ "$kept" -gt 0 ] || fail "the compiler wrapper kept no source"
if grep -l 'pwn(' "$dir/kept"/*.c >/dev/null; then
    fail "program text reached generated source: $(grep -h 'pwn(' "$dir/kept"/*.c | head -3)"
fi
echo "hostile text: $cases programs, $kept sources built, none holds the payload as code"
