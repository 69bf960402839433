#!/bin/sh
# Runs `arrayjit check` over the public conformance files of tiers <= TIER
# that carry checks and are not RUN-DISABLED (as listed in TIERS.tsv), and
# compares the files that do not pass with the known ones: for tier 1
# tests/conformance_xfail.txt, for tier N > 1 tests/conformance_xfail_tierN.txt.
# A file the runner skips (an unsupported op or type) counts as not passing:
# every selected file is in scope (the suite's README). Known failures that
# now pass are listed, to be removed from the file, but do not fail the run.
# Exit 77 (skipped) when the suite is absent, as in a user's fresh clone.
#   usage: conformance.sh ARRAYJIT SUITE_DIR TIER [--eval]
set -u
cli=$1 suite=$2 tier=$3 mode=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac
if [ ! -f "$suite/TIERS.tsv" ]; then
    echo "conformance suite not found at $suite: skipped"
    exit 77
fi
xfail=$here/conformance_xfail.txt
[ "$tier" -gt 1 ] && xfail=$here/conformance_xfail_tier$tier.txt
list=$(mktemp) out=$(mktemp) bad=$(mktemp)
trap 'rm -f "$list" "$out" "$bad"' EXIT
awk -F'\t' -v t="$tier" 'NR > 1 && $2 != "-" && $2 <= t && $3 == 1 && $4 != "disabled" { print $1 }' \
    "$suite/TIERS.tsv" > "$list"
echo "checking $(wc -l < "$list") files of tier <= $tier"
(cd "$suite" && xargs "$cli" check $mode < "$list") > "$out"
grep '^FAIL ' "$out"
tail -n 1 "$out"
if ! tail -n 1 "$out" | grep -q '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$'; then
    echo "the runner did not finish"
    exit 1
fi
grep -E '^(FAIL|SKIP) ' "$out" | sed 's/^[A-Z]* \([^:]*\):.*/\1/' | sort -u > "$bad"
echo "$(wc -l < "$bad") not passing, $(grep -c '^[^#]' "$xfail") known in $(basename "$xfail")"
fixed=$(grep '^[^#]' "$xfail" | grep -vxF -f "$bad" || true)
if [ -n "$fixed" ]; then
    echo "known failures that now pass (remove them from $(basename "$xfail")):"
    echo "$fixed"
fi
# Anything else not passing is a regression.
unexpected=$(grep -vxF -f "$xfail" "$bad" || true)
if [ -n "$unexpected" ]; then
    echo "unexpected failures:"
    echo "$unexpected" | while read -r f; do grep -E '^(FAIL|SKIP) ' "$out" | grep -F " $f: " | head -n 1; done
    exit 1
fi
exit 0
