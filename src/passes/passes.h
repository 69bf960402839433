/* passes: IR-to-IR cleanup before fusion.
 *
 * Each pass rewrites one function in place and leaves it verified (the
 * driver may re-verify after every pass in debug runs). A pass returns
 * DIAG_OK, or DIAG_NOMEM / DIAG_UNSUPPORTED with d set; on failure the
 * function may be half-rewritten and the caller discards it (the driver
 * always compiles a clone of the user's module). Check ops (IR_KIND_CHECK)
 * have side effects: no pass removes, duplicates or reorders them relative
 * to each other. */
#ifndef PASSES_H
#define PASSES_H
#include "../ir/ir.h"

/* Replaces every func.call in f by a copy of the callee's body (recursively),
 * so that f is one flat graph. The callees stay in the module. */
int pass_inline_calls(ir_module *m, ir_func *f, diag *d);
/* The same for the calls in b, a block of f's (or one to become f's). */
int pass_inline_calls_in(ir_module *m, ir_func *f, ir_block *b, diag *d);

/* Expands every interpreter.run_parallel of m into one graph of its
 * processes' copies, each collective made of ordinary ops, and runs the
 * collectives outside any run on one process (parallel.c; the front end
 * calls it, so nothing after it sees a collective). */
int pass_expand_parallel(ir_module *m, diag *d);

/* Evaluates ops whose operands are all constants when the result is small
 * (at most PASS_FOLD_MAX_ELEMENTS elements), using the reference evaluator's
 * semantics so that folding can never disagree with it. Iotas, calls,
 * checks and broadcasts that expand their operand are left alone. */
#define PASS_FOLD_MAX_ELEMENTS 1024
int pass_fold_constants(ir_func *f, diag *d);

/* Algebraic identities that are exact in IEEE arithmetic (x*1, x+(-0.0),
 * neg(neg x), convert to the same type, reshape/transpose/slice that change
 * nothing, reshape of reshape, transpose of transpose, ...). Never
 * rewrites x+0.0 to x (wrong for x = -0.0) or x*0 to 0 for floats. */
int pass_simplify(ir_func *f, diag *d);

/* Common subexpression elimination: ops with the same opcode, operands,
 * attributes and regions are merged. Constants are compared by value
 * (their bytes). Each region is merged within itself only, so a region
 * never starts reading a value from outside it; calls are not merged (the
 * callee may hold checks). */
int pass_cse(ir_func *f, diag *d);

/* Turns each while's loop values that its body returns unchanged into
 * captures of their operands, and the while's results for them into the
 * operands (loops.c). */
int pass_while_invariants(ir_func *f, diag *d);

/* Makes each dot_general in a while (at any depth) that reads a value from
 * outside the loop as its rhs with a contracting dim innermost, with few
 * lhs rows, read a transpose of it made once before the loop instead
 * (loops.c: BLIS packs that layout slowly on every iteration). The copies
 * take arena memory while the loop runs; the driver skips this under a
 * memory budget. */
int pass_hoist_loop_transposes(ir_func *f, diag *d);

/* Removes ops whose results nobody uses, in nested regions too (checks,
 * returns and calls are kept: a callee may hold checks). */
int pass_dce(ir_func *f, diag *d);

/* Replaces every optimization_barrier by its operands (their uses become
 * uses of the operands). Runs after CSE and DCE, the passes a barrier
 * guards, and before fusion. */
int pass_strip_barriers(ir_func *f, diag *d);

/* Fast mode: every dot_general whose result is a float narrower than f32
 * gives f32 and is converted to its type after, so that it accumulates in
 * f32; one giving f32 or f64 reads an operand's exact widening convert's
 * operand instead (widen_dots.c). Strict mode does not run it. */
int pass_widen_narrow_dots(ir_func *f, diag *d);

/* Fast mode: every f32 or f64 add, max or min reduce of a big array of
 * many rows over all its dims, from the reducer's identity, reduces over
 * all but the first, keeping one partial a row, then over the rows
 * (split_reductions.c). Strict mode does not run it. */
int pass_split_reductions(ir_func *f, diag *d);

/* Moves every check op of f (after inlining) out of the program: its two
 * operands become extra results of f, appended after the original ones, and
 * the check op itself is recorded in checks[0..*nchecks) (the ops are
 * detached from f and owned by the caller, to free with ir_op_free). The
 * conformance runner compiles the result and applies check_compare to the
 * pairs of extra outputs, so the compiler never sees side effects. */
int pass_extract_checks(ir_func *f, ir_op ***checks, int *nchecks, diag *d);

/* ---- rewriting helpers shared by the passes ---- */

/* Copies `region` (a block of f, typically an op's region) into a new
 * private function of m named `name`: its parameters are the region's
 * arguments, then the values the region reads from outside itself (its
 * captures, returned in *captures, values of f, mem_alloc'ed); its body
 * the region's ops; its results what the region returns. */
int pass_outline_region(ir_module *m, const ir_func *f, const ir_block *region, const char *name, ir_func **out,
                        ir_value_id **captures, int *ncaptures, diag *d);

/* Makes every use of `from` (in f's body and nested regions, including
 * returns) a use of `to`. */
void pass_replace_uses(ir_func *f, ir_value_id from, ir_value_id to);
/* use_count[v] for every value of f (uses in nested regions count). The
 * caller frees the array with mem_free. NULL on OOM. */
int *pass_count_uses(const ir_func *f);
#endif
