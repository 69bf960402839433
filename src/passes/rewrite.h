/* rewrite.h: the helpers the passes share (private to src/passes; the
 * public two, pass_replace_uses and pass_count_uses, are in passes.h).
 *
 * Conventions every pass follows:
 *  - values are never removed from a function's table: a removed op's
 *    results become orphans (def NULL) that nothing reads;
 *  - an op leaves a block through pass_block_splice and is freed through
 *    pass_erase_op, which orphans what it defined;
 *  - a pass that renames values walks in program order with a map
 *    repl[v] (what v stands for now) and applies it to each op's operands
 *    as it reaches the op: in SSA every use comes after its definition, so
 *    one walk renames every use, returns included. */
#ifndef PASSES_REWRITE_H
#define PASSES_REWRITE_H
#include <stdbool.h>

#include "passes.h"

/* Check ops have side effects: never removed, merged or moved. */
bool pass_is_check(const ir_op *op);

/* True when v is the result of an op with opcode `code`. */
bool pass_defined_by(const ir_func *f, ir_value_id v, ir_opcode code);

/* Calls fn on op and then on every op of its regions, recursively. */
typedef void (*pass_op_fn)(ir_op *op, void *ctx);
void pass_walk_op(ir_op *op, pass_op_fn fn, void *ctx);
/* pass_walk_op on every op of b, in order. */
void pass_walk_block(ir_block *b, pass_op_fn fn, void *ctx);

/* ---- value maps --------------------------------------------------------------- */

/* n value ids, all -1 (no mapping yet); NULL on OOM. */
ir_value_id *pass_map_new(int n);
/* map[v] = -1 for every value op and its regions define (op's operands
 * are the caller's to clear), so that one map serves many copies. */
void pass_map_forget(ir_value_id *map, const ir_op *op);
/* The identity renaming of f's values (repl[v] == v); NULL on OOM. */
ir_value_id *pass_rename_new(const ir_func *f);
/* op->in[i] = repl[op->in[i]] (op's own operands, not its regions'). */
void pass_rename_operands(ir_op *op, const ir_value_id *repl);

/* ---- making, moving and removing ops ------------------------------------------ */

/* The types of op's results, as one mem_alloc'ed array; NULL on OOM. */
ir_type *pass_result_types(const ir_func *f, const ir_op *op);

/* A new op in no block: the given operands, no attributes, and as results
 * the existing values out[0..nout), whose def is left alone (see
 * pass_adopt_results). NULL on OOM. */
ir_op *pass_op_new(ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_value_id *out);
/* Records op as the definition of each of its results. */
void pass_adopt_results(ir_func *f, ir_op *op);

/* Appends to `into` (a block of dst) a deep copy of op, an op of src:
 * operands through map, results and the values of its regions new values
 * of dst, recorded in map; attributes, regions, marks and location copied (the
 * location's file pointer is shared, so dst's module must outlive it or
 * hold the same interned string). Every value op reads from outside itself
 * must be mapped. src may be dst (a copy within one function). NULL on OOM, leaving a partial op at the end of `into`
 * for the caller to erase with the block. */
ir_op *pass_copy_op(ir_func *dst, ir_block *into, const ir_func *src, const ir_op *op, ir_value_id *map);

/* Replaces the nremove ops at b->ops[at..) by ops[0..n) (the removed ones
 * are not freed). -1 on OOM, leaving b unchanged. */
int pass_block_splice(ir_block *b, int at, int nremove, ir_op *const *ops, int n);

/* Frees op, which is in no block. Every value it or its regions define
 * whose def is still op (or an op inside it) becomes an orphan. */
void pass_erase_op(ir_func *f, ir_op *op);
/* pass_erase_op on every op of b, then frees b (its arguments are orphans
 * already: block arguments have no def). */
void pass_erase_block(ir_func *f, ir_block *b);

/* Makes every use of `from` inside b (its ops, their regions, its return)
 * a use of `to`. */
void pass_replace_uses_in(ir_block *b, ir_value_id from, ir_value_id to);
#endif
