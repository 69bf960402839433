#!/bin/sh
# Runs `arrayjit check` over the public conformance files of tiers <= TIER
# that carry checks and are not RUN-DISABLED (as listed in TIERS.tsv), and
# compares the failures with the known ones in tests/conformance_xfail.txt.
# TIER may instead be a file listing a selection of files (one path,
# relative to the suite, a line; `#` starts a comment): then a skipped file
# counts as a failure too, since the selection claims it is supported.
# Exit 77 (skipped) when the suite is absent, as in a user's fresh clone.
#   usage: conformance.sh ARRAYJIT SUITE_DIR TIER|LIST [--eval]
set -u
cli=$1 suite=$2 tier=$3 mode=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac
if [ ! -f "$suite/TIERS.tsv" ]; then
    echo "conformance suite not found at $suite: skipped"
    exit 77
fi
list=$(mktemp) out=$(mktemp)
trap 'rm -f "$list" "$out"' EXIT
if [ -f "$tier" ]; then
    grep -v '^ *\(#\|$\)' "$tier" > "$list"
    echo "checking $(wc -l < "$list") files listed in $tier"
    failing='^\(FAIL\|SKIP\) '
else
    awk -F'\t' -v t="$tier" 'NR > 1 && $2 != "-" && $2 <= t && $3 == 1 && $4 != "disabled" { print $1 }' \
        "$suite/TIERS.tsv" > "$list"
    echo "checking $(wc -l < "$list") files of tier <= $tier"
    failing='^FAIL '
fi
(cd "$suite" && xargs "$cli" check $mode < "$list") > "$out"
grep "$failing" "$out"
tail -n 1 "$out"
if ! tail -n 1 "$out" | grep -q '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$'; then
    echo "the runner did not finish"
    exit 1
fi
# Files that fail today and are known to; anything else failing is a regression.
unexpected=$(grep "$failing" "$out" | sed 's/^[A-Z]* \([^:]*\):.*/\1/' |
    grep -vxF -f "$here/conformance_xfail.txt" || true)
if [ -n "$unexpected" ]; then
    echo "unexpected failures:"
    echo "$unexpected"
    exit 1
fi
exit 0
