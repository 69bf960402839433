#!/bin/sh
# Runs `arrayjit check` over the public conformance files of tiers <= TIER
# that carry checks and are not RUN-DISABLED (as listed in TIERS.tsv), and
# compares the failures with the known ones in tests/conformance_xfail.txt.
# With --only=REGEX, only the files of tier TIER itself whose every
# non-core feature (TIERS.tsv's last column, e.g. op:stablehlo.scatter)
# matches REGEX: the part of a tier that is implemented so far.
# Exit 77 (skipped) when the suite is absent, as in a user's fresh clone.
#   usage: conformance.sh ARRAYJIT SUITE_DIR TIER [--eval] [--only=REGEX]
set -u
cli=$1 suite=$2 tier=$3 mode= only=
shift 3
for arg in "$@"; do
    case $arg in
    --eval) mode=--eval ;;
    --only=*) only=${arg#--only=} ;;
    *) echo "conformance.sh: unknown argument $arg"; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac
if [ ! -f "$suite/TIERS.tsv" ]; then
    echo "conformance suite not found at $suite: skipped"
    exit 77
fi
list=$(mktemp) out=$(mktemp)
trap 'rm -f "$list" "$out"' EXIT
AJ_ONLY=$only awk -F'\t' -v t="$tier" '
    BEGIN { only = ENVIRON["AJ_ONLY"] }
    NR > 1 && $2 != "-" && $2 <= t && $3 == 1 && $4 != "disabled" {
        if (only != "") {
            if ($2 != t) next
            n = split($5, f, " ")
            for (i = 1; i <= n; i++) if (f[i] !~ ("^(" only ")$")) next
        }
        print $1
    }' "$suite/TIERS.tsv" > "$list"
if [ -n "$only" ]; then what="of tier $tier whose features match $only"; else what="of tier <= $tier"; fi
echo "checking $(wc -l < "$list") files $what"
(cd "$suite" && xargs "$cli" check $mode < "$list") > "$out"
grep -v '^SKIP ' "$out"
if ! tail -n 1 "$out" | grep -q '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$'; then
    echo "the runner did not finish"
    exit 1
fi
# Files that fail today and are known to; anything else failing is a regression.
unexpected=$(grep '^FAIL ' "$out" | sed 's/^FAIL \([^:]*\):.*/\1/' |
    grep -vxF -f "$here/conformance_xfail.txt" || true)
if [ -n "$unexpected" ]; then
    echo "unexpected failures:"
    echo "$unexpected"
    exit 1
fi
exit 0
