#!/bin/sh
# Files the user names (run --output, mem --svg) replace only regular files:
# a symlink (and the file it points to), a FIFO (without hanging), a device
# and a directory are refused with an error naming the path and what is
# there, and stay as they were; a 0600 file stays 0600 when overwritten; a
# symlink planted at the old predictable temporary name (PATH.tmp.PID) is
# not followed; a .npy input that is a FIFO or lies about its size is
# refused; and no temporary is ever left behind.
#   usage: output.sh ARRAYJIT
set -u
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A version 1.0 .npy of float32 (as in run.sh): 128 header bytes, then DATA.
npy() {  # npy FILE SHAPE DATA-ESCAPES
    printf '\223NUMPY\001\000\166\000' > "$1"
    printf '%-117s\n' "{'descr': '<f4', 'fortran_order': False, 'shape': $2, }" >> "$1"
    printf "$3" >> "$1"
}
npy "$dir/x.npy" '(3,)' '\000\000\200\077\000\000\000\300\000\000\100\100'

run_to() {  # run_to OUTPUT: runs negate_sum with result 0 written to OUTPUT
    timeout 60 "$cli" run "$here/negate_sum.mlir" --input "$dir/x.npy" --output "$1" --output "$dir/y1.npy" \
        2> "$dir/err"
}
refused() {  # refused OUTPUT WHAT: the run fails, naming OUTPUT and WHAT
    if run_to "$1"; then fail "no error writing onto $2"; fi
    [ $? -eq 124 ] && fail "writing onto $2 hung"
    grep -q "$1: is $2: refusing to replace it" "$dir/err" || fail "the error for $2: $(cat "$dir/err")"
}

echo old > "$dir/victim"
ln -s victim "$dir/link"
refused "$dir/link" "a symbolic link"
[ -L "$dir/link" ] && [ "$(readlink "$dir/link")" = victim ] || fail "the symlink changed"
[ "$(cat "$dir/victim")" = old ] || fail "the symlink's target changed"

mkfifo "$dir/fifo"
refused "$dir/fifo" "a FIFO"
[ -p "$dir/fifo" ] || fail "the FIFO was replaced"

mkdir "$dir/sub"
refused "$dir/sub" "a directory"
[ -d "$dir/sub" ] || fail "the directory was replaced"

# A device: one made here where we may (as root), else /dev/null itself.
if mknod "$dir/null" c 1 3 2> /dev/null; then dev=$dir/null; else dev=/dev/null; fi
refused "$dev" "a character device"
[ -c "$dev" ] || fail "$dev is no longer a character device"

# mem --svg goes through the same writer.
if "$cli" mem "$here/negate_sum.mlir" --svg "$dir/link" > /dev/null 2> "$dir/err"; then fail "mem --svg onto a symlink"; fi
grep -q "link: is a symbolic link" "$dir/err" || fail "mem --svg's error: $(cat "$dir/err")"
[ "$(cat "$dir/victim")" = old ] || fail "mem --svg wrote through the symlink"

# A 0600 file stays 0600 (under the usual umask 022, which would make a new file 0644).
umask 022
echo old > "$dir/secret.npy"
chmod 600 "$dir/secret.npy"
run_to "$dir/secret.npy" || fail "overwriting a 0600 file: $(cat "$dir/err")"
[ "$(stat -c %a "$dir/secret.npy")" = 600 ] || fail "the 0600 file is now $(stat -c %a "$dir/secret.npy")"
grep -q NUMPY "$dir/secret.npy" || fail "the 0600 file was not written"

# A symlink planted at the old temporary's name, PATH.tmp.PID, is never
# followed (the shell plants it with its own pid, then becomes the CLI).
dir=$dir cli=$cli here=$here sh -c 'ln -s victim "$dir/planted.npy.tmp.$$" && exec "$cli" run "$here/negate_sum.mlir" \
    --input "$dir/x.npy" --output "$dir/planted.npy" --output "$dir/y1.npy"' 2> "$dir/err" ||
    fail "writing beside a planted symlink: $(cat "$dir/err")"
[ "$(cat "$dir/victim")" = old ] || fail "a planted temporary symlink was followed"
[ -f "$dir/planted.npy" ] && [ ! -L "$dir/planted.npy" ] || fail "planted.npy is not a regular file"
rm -f "$dir"/planted.npy.tmp.*

# Inputs: a FIFO is refused without waiting for a writer; a header that
# claims more than the file holds is refused before anything of its size.
if timeout 60 "$cli" run "$here/negate_sum.mlir" --input "$dir/fifo" 2> "$dir/err"; then fail "a FIFO input was read"; fi
grep -q "fifo: not a regular file" "$dir/err" || fail "the FIFO input's error: $(cat "$dir/err")"
npy "$dir/lie.npy" '(1000000000,)' '\000\000\200\077'
if "$cli" run "$here/negate_sum.mlir" --input "$dir/lie.npy" 2> "$dir/err"; then fail "a lying .npy was read"; fi
grep -q "claims shape (1000000000,) of <f4, 4000000000 bytes, but the file holds 4 data bytes" "$dir/err" ||
    fail "the lying .npy's error: $(cat "$dir/err")"

ls -a "$dir" | grep -q '\.tmp\.' && fail "a temporary was left behind: $(ls -a "$dir")"
echo "cli output: all passed"
