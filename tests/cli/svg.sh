#!/bin/sh
# The memory picture end to end: `arrayjit mem --svg --compare` on a bench
# program writes a well-formed SVG whose planned peak equals the allocator's
# measured one (checked with Python's XML parser), an
# unwritable path is an error that leaves nothing behind, and headless
# Chromium renders it: the screenshot must show both series' colours, the
# peak labels' text and the axes (tests/cli/png_colours.py counts pixels).
# Without chromium or python3 the browser part is skipped, saying so.
#   usage: svg.sh ARRAYJIT SOURCE_DIR
set -u
cli=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$cli" mem "$src/bench/programs/mlp_train_step.mlir" --donate=0-5 --svg "$dir/m.svg" --compare > "$dir/report" 2>&1 \
    || fail "mem --svg: $(cat "$dir/report")"
grep -q "eager: peak" "$dir/m.svg" || fail "no eager legend"
planned=$(grep -o "compiled: peak [0-9.]* [KM]*i*B" "$dir/m.svg" | sed 's/compiled: //')
measured=$(grep -o "measured (allocator): peak [0-9.]* [KM]*i*B" "$dir/m.svg" | sed 's/measured (allocator): //')
[ -n "$planned" ] && [ "$planned" = "$measured" ] || fail "planned '$planned' and measured '$measured' peaks differ"
if "$cli" mem "$src/tests/cli/negate_sum.mlir" --svg "$dir/nowhere/m.svg" 2> "$dir/err"; then
    fail "no error for an unwritable path"
fi
grep -q "nowhere" "$dir/err" || fail "the error does not name the path: $(cat "$dir/err")"
[ -e "$dir/nowhere" ] && fail "a directory appeared"

if ! command -v python3 >/dev/null; then echo "SKIP browser check: no python3"; exit 0; fi
python3 -c "import xml.etree.ElementTree as E; E.parse('$dir/m.svg')" || fail "the SVG is not well-formed XML"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "SKIP browser check: no chromium (Debian package 'chromium')"; exit 0; fi
HOME=$dir timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=960,600 --screenshot="$dir/m.png" "file://$dir/m.svg" > "$dir/browser.log" 2>&1 \
    || fail "chromium failed: $(tail -5 "$dir/browser.log")"
# eager's red, compiled's blue and measured's green lines and legend boxes, black text
python3 "$src/tests/cli/png_colours.py" "$dir/m.png" d62728:300 1f77b4:300 2ca02c:300 000000:500 \
    || fail "the screenshot lacks the chart"
echo "cli svg: all passed"
