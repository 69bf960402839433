/* fuse: groups a function's ops into kernels (IR_FUSION ops) so that
 * intermediates are never written to memory.
 *
 * After fuse_func, f's body holds only: CONSTANT ops too big to copy into
 * kernels, IR_FUSION ops, and the RETURN. Each fusion's region is closed:
 * it reads only its block arguments and the constants/iotas inside it.
 * Rules (see issue 3): elementwise chains; broadcast_in_dim, reshape,
 * transpose, slice, concatenate, iota, convert, select, compare fused into
 * their consumers; elementwise producers fused into reductions; sibling
 * reductions over the same input and dims fused into one pass (several
 * results); a cheap producer duplicated into several consumers when that
 * saves a buffer, an expensive one (exp, log, tanh, pow, dot, reduce) never;
 * dot_general in its own kernel (IR_FUSION_DOT) with an elementwise epilogue
 * on its result where legal. */
#ifndef FUSE_H
#define FUSE_H
#include <stdbool.h>

#include "../ir/ir.h"

typedef struct fuse_options {
    bool disable;          /* one op per kernel (for measuring what fusion saves) */
} fuse_options;

int fuse_func(ir_func *f, const fuse_options *o, diag *d);

/* True when kernel `fusion` may write its result r into the buffer of its
 * operand i (the planner calls this only when operand i dies there and has
 * r's byte size): every read of operand i inside the kernel is at the same
 * element index the kernel writes r at (no broadcast, transpose, slice,
 * reverse, reshape-with-reordering or reduction reads it), and it is a
 * loop kernel. */
bool fuse_can_write_in_place(const ir_func *f, const ir_op *fusion, int r, int i);

/* Bytes of intermediate values (top-level results that are neither function
 * results nor parameters) that f materialises: run before and after fusion,
 * the difference is what fusion removed. */
size_t fuse_materialized_bytes(const ir_func *f);
#endif
