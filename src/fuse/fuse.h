/* fuse: groups a function's ops into kernels (IR_FUSION ops) so that
 * intermediates are never written to memory.
 *
 * After fuse_func, f's body holds only: CONSTANT ops too big to copy into
 * kernels (more than one element and not a splat), IR_FUSION ops, check
 * ops (left where they were in relation to each other, after what they
 * read), and the RETURN. Each fusion's region is closed: it reads only its
 * block arguments and the constants/iotas inside it. Ops nothing reads are
 * dropped.
 * Rules (see issue 3): elementwise chains; broadcast_in_dim, reshape,
 * transpose, slice, concatenate, iota, convert, select, compare fused into
 * their consumers; elementwise producers fused into reductions; sibling
 * reductions over the same input and dims fused into one pass (several
 * results); a cheap producer duplicated into several consumers (at most
 * three) when that saves a buffer, an expensive one (exp, log, tanh, pow,
 * dot, reduce) never (but see recompute_expensive); dot_general in its own
 * kernel (IR_FUSION_DOT) with an elementwise epilogue on its result where
 * legal; pad, dynamic_slice and gather fused like slices (they read their
 * operand at computed indices); every other op (scatter,
 * dynamic_update_slice, the control flow and sorting ops) in a kernel of
 * its own (IR_FUSION_OPAQUE).
 * The algorithm is described at the top of fuse.c. */
#ifndef FUSE_H
#define FUSE_H
#include <stdbool.h>

#include "../ir/ir.h"

typedef struct fuse_options {
    bool disable;          /* one op per kernel (for measuring what fusion saves) */
    bool reduce_side_outputs;  /* a REDUCE kernel may also write values of its input shape
                              (softmax's exp(x - max) beside its sum), see "Kernel
                              shapes"; compile_options_default turns it on */
    bool recompute_expensive;  /* memory over time: an expensive elementwise op read by
                              at most FUSE_RECOMPUTE_MAX_KERNELS kernels is computed in
                              each instead of written to memory (softmax keeps no
                              exp(x - max) buffer); off: such an op is never duplicated */
} fuse_options;

#define FUSE_RECOMPUTE_MAX_KERNELS 2

/* The longest chain of ops one kernel computes: an op that would sit
 * deeper is written to memory by a kernel of its own making. The emitter
 * walks a kernel's expression recursively from its results (so the bound
 * keeps its stack small, sanitizers included), and gcc's time on one
 * basic block grows with the square of its length (a 5000-op chain in one
 * kernel took 2.3 s of cselib); no real program's kernel comes close. */
#define FUSE_MAX_DEPTH 64

/* Rewrites f (calls inlined; o may be NULL for the defaults). Returns
 * DIAG_OK; DIAG_UNSUPPORTED naming an op fusion does not know (a call, a
 * fusion); DIAG_NOMEM. On failure f's body is unchanged (values added to
 * its table stay, unused); callers may discard it anyway.
 *
 * Kernel shapes (what the code generator may rely on). A region reads only
 * its block arguments and constants made inside it; splat constants
 * arrive as a rank-0 constant and a broadcast_in_dim. Ops appear in body
 * order, each once.
 *  - LOOP: every result has one shape S; the ops are elementwise (unary,
 *    binary, convert, compare, select, clamp) and index ops (broadcast_in_dim,
 *    reshape, transpose, slice, concatenate, reverse, iota, constant, pad,
 *    dynamic_slice, gather); each
 *    result is computed per element of S, its ops evaluated at the indices
 *    their readers need.
 *  - REDUCE: reduce ops whose inputs share one shape and one dimensions
 *    list, with their results' shape R; a prologue of loop ops computing
 *    the reduce inputs per input element; an epilogue of loop ops on R that
 *    reads the reduce results only at the element being produced (through
 *    elementwise ops, reshapes, order-keeping broadcasts). Results have
 *    shape R, or (reduce_side_outputs) the input shape, for expensive
 *    prologue values. An op may serve both prologue and epilogue (a broadcast
 *    constant): it is then computed in each, as its readers need.
 *  - DOT: one dot_general whose operands are block arguments; an epilogue
 *    of elementwise ops on its result shape, each depending on the dot,
 *    whose other operands are block arguments, copied constants, or
 *    broadcast_in_dim of a block argument or of a rank-0 constant (bias);
 *    and cheap elementwise ops on that shape not depending on the dot,
 *    recomputed per element from the same kinds of operands (1 - t for a
 *    block argument t), never results. Results: the dot and epilogue
 *    values that depend on it, all of the dot's shape.
 *  - OPAQUE: a prologue of loop ops, then one op for which
 *    fuse_is_opaque holds (the root), then the return of all the root's
 *    results, in order (unread ones too). The prologue computes only
 *    operands the root reads once per element at the index it walks
 *    (scatter's updates, dynamic_update_slice's update); every other
 *    operand, and every value its regions read from outside, is a block
 *    argument (constants too are read from memory).
 * An expensive op (exp, log, tanh, pow, sqrt, trigonometry, ...) is in a
 * kernel only where each of its elements is computed at most once. */
int fuse_func(ir_func *f, const fuse_options *o, diag *d);

/* True when kernel `fusion` may write its result r into the buffer of its
 * operand i (the planner calls this only when operand i dies there and has
 * r's byte size), for code generated in strict_order (codegen_options) or
 * fast mode. Always: every read of operand i inside the kernel is at the
 * same element index the kernel writes r at (no broadcast, transpose,
 * slice, reverse, reshape-with-reordering, reduction or dot_general reads
 * it). "The same index" is the row-major linear index: reads through
 * elementwise ops, reshapes, and broadcasts or transposes that only add,
 * drop or move unit dims qualify. Then, by kind:
 *  - LOOP: yes. The emitted loop reads all it needs of an element before
 *    storing any result element at that index (one loop computing every
 *    result: emit_result_loop).
 *  - REDUCE: when r is computed in the epilogue (depends on a reduce). The
 *    emitter (emit_reduce.c) folds all of an output element's inputs into
 *    accumulators, then evaluates every result at that element and only
 *    then stores them, so operand i (read by the epilogue only) is read
 *    before its element is overwritten. The bias update of an SGD step,
 *    b - 0.01 * sum(...), is this case.
 *  - DOT, strict order: yes. The naive contraction computes each element's
 *    sum, then the epilogue at that element (reading operand i there), then
 *    stores (emit_result_loop again; fast mode's non-BLIS cases too).
 *  - DOT, fast: only when fuse_dot_affine_update matches with operand i as
 *    W. The BLIS path writes the whole product into the output before any
 *    other epilogue runs, which would destroy W; the affine update instead
 *    runs as one gemm with beta (C = beta*W + alpha*A.B, C holding W).
 *  - OPAQUE (any mode): when r is an update of operand i
 *    (ir_op_updated_operand: dynamic_update_slice, scatter) and the kernel
 *    reads operand i nowhere else. Its emitter must then work with r's
 *    buffer equal to operand i's (it copies the operand only when the
 *    pointers differ, then writes the updated elements).
 *  - DOT, any mode, in place over the dot's lhs: when fuse_dot_rows_in_place
 *    holds (the one exception to "every read at the same index").
 * The check that "every read is at the same index" above is skipped for
 * OPAQUE kernels: the op's own rule replaces it. */
bool fuse_can_write_in_place(const ir_func *f, const ir_op *fusion, int r, int i, bool strict_order);

/* A DOT kernel whose result r may be written over its operand i, the lhs of
 * its one dot_general, block of rows by block of rows: the lhs is [M, K]
 * with no batch dims and contracts its last dim, so row m of the result
 * (its first dim is M) depends on lhs row m only; a result row takes no
 * more bytes than an lhs row; M holds at least FUSE_DOT_ROW_BLOCKS_MIN
 * blocks of fuse_dot_row_block rows (else the scratch block would cost
 * about what the overwrite saves); the kernel is no affine update
 * (fuse_dot_affine_update keeps its own in-place form); and the rest of the
 * kernel reads the lhs only at the element it computes, and only when
 * result and lhs rows hold the same elements (a residual h + tanh(h @ W)).
 * The code generator (emit_dot.c) then computes each block of rows [a, b),
 * in increasing order, through a scratch block and stores it into the
 * result's rows [a, b) once the block's lhs rows are read: the bytes it
 * overwrites lie in lhs rows below b, which nothing reads any more. */
bool fuse_dot_rows_in_place(const ir_func *f, const ir_op *fusion, int r, int i);

/* The rows of a block of that form, and in *row the bytes of one row of
 * its scratch block (the wider of the dot's product and result r):
 * FUSE_DOT_ROW_BLOCK_BYTES of rows, but at least FUSE_DOT_ROW_BLOCK_MIN_ROWS
 * rows, and at most M. The gemm of each block repacks the whole rhs, a cost
 * against its arithmetic of about 1/rows: mlp_deep (4096 x 256 by 256 x 256,
 * 32 layers) ran 17% slower than unblocked with blocks of 128 rows, 8% with
 * 256, 3% with 512 and 1024. */
int64_t fuse_dot_row_block(const ir_func *f, const ir_op *fusion, int r, size_t *row);

#define FUSE_DOT_ROW_BLOCK_BYTES (256 << 10)
#define FUSE_DOT_ROW_BLOCK_MIN_ROWS 256
#define FUSE_DOT_ROW_BLOCKS_MIN 4

/* Ops that are not loop-shaped and get a kernel of their own: everything
 * but constants, elementwise and index ops, reduce, dot_general, checks,
 * calls, returns and fusions. */
bool fuse_is_opaque(ir_opcode c);

/* A DOT kernel whose only result is an affine update of an operand W by
 * its product: W - c*dot, W + c*dot, c*dot - W, (c*dot on either side of
 * an add, c on either side of the multiply, or no multiply: c = 1), with W
 * a block argument of the result's type (f32 or f64) and c a finite
 * one-element constant in the region (splat: constant + broadcast_in_dim).
 * The region holds nothing else but constants and broadcasts. Result =
 * beta * W + alpha * dot. The code generator's BLIS path computes it as one
 * gemm with C = W (copied into the output first unless the output already
 * is W's buffer): fast mode only, its rounding differs from the evaluator's
 * (round(dot), round(c * that), round(W - that)) by a few ULP. */
typedef struct fuse_dot_affine {
    const ir_op *dot;      /* the dot_general in the region */
    int operand;           /* W's block argument index (= operand index of the fusion) */
    double alpha, beta;    /* beta is 1 or -1; alpha is +-c, exact in the result type */
} fuse_dot_affine;

bool fuse_dot_affine_update(const ir_func *f, const ir_op *fusion, fuse_dot_affine *m);

/* Bytes of intermediate values (top-level results that are neither function
 * results nor parameters) that f materialises: run before and after fusion,
 * the difference is what fusion removed. Constants are not counted (static
 * data, not computed); values nothing reads are (they are still written). */
size_t fuse_materialized_bytes(const ir_func *f);
#endif
