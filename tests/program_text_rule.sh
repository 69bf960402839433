#!/bin/sh
# The rule that keeps program text out of generated code (DESIGN.md: no
# byte of it reaches generated source except through one escaping function,
# sb_c_string, or as a generated identifier), checked on the source of the
# stages that write and build that code: every line of src/emit, src/aot and
# src/build that reads a text field of the IR (a function's, module's or
# callee's name, a location's file, checkpoint names and tags) must say how
# the text is used, with one of the markers
#     /* program text: escaped */      it goes through sb_c_string
#     /* program text: diagnostic */   it goes into an error message only
# A new read without a marker fails this test, so that it gets looked at.
#   usage: program_text_rule.sh SRC_DIR
set -u
src=$1
reads='(\b(f|func|g|m|mod|module|parent)->name\b|callee|loc\.file|\b(m|mod|module)->strings\b|->tags\b|->names\b|value_tag|checkpoints\b)'
bad=$(grep -nE "$reads" "$src"/emit/*.[ch] "$src"/build/*.[ch] "$src"/aot/*.[ch] |
      grep -vE '/\* program text: (escaped|diagnostic) \*/')
if [ -n "$bad" ]; then
    echo "FAIL: program text read in generated-code stages without a marker:"
    echo "$bad"
    exit 1
fi
marked=$(grep -cE '/\* program text: (escaped|diagnostic) \*/' "$src"/emit/*.[ch] "$src"/build/*.[ch] "$src"/aot/*.[ch] |
         awk -F: '{ n += $2 } END { print n }')
[ "$marked" -gt 0 ] || { echo "FAIL: no marked read found: the pattern no longer matches the code"; exit 1; }
echo "program text rule: $marked marked reads, none unmarked"
