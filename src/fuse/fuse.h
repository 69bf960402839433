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
 * kernel took 2.3 s of cselib). The deepest real kernels are the random
 * bit generators' (parse_op_rng.c: Philox's ten rounds and Threefry's
 * twenty, about 80 ops deep), which stay one kernel. */
#define FUSE_MAX_DEPTH 128

/* The most times one element of a kernel may evaluate an op it computes.
 * An op read at several indices (slices, pads and concatenates of one
 * value) is evaluated once per index, and so is everything it reads: the
 * count multiplies along a chain, and a tree of such reads (the up- and
 * down-sweeps of jax.lax.associative_scan, 12 levels over 4096 elements)
 * is exponential in its depth, in work and in generated code. Past the
 * bound the op is written to memory by a kernel of its own making. Writing
 * is the cheaper side well before the work explodes: a 3x3 stencil of
 * slices of tanh(x) * 2 + 1 over 2048x2048 took 13-19 ms with tanh
 * recomputed at each of the 9 reads, 1.9-2.3 ms with it written once; the
 * scan above 3.4-4.7 ms in 8 kernels (bound 16), 1.9 ms in 12. */
#define FUSE_MAX_EVALS 4

/* The most reduce ops one REDUCE kernel holds (its emitter keeps an
 * accumulator per reduce in arrays of this size). */
#define FUSE_MAX_REDUCES 32

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
 * kernel only where each of its elements is computed at most once. What
 * each kernel may write in place, and how its code computes it, is for
 * src/contract to say. */
int fuse_func(ir_func *f, const fuse_options *o, diag *d);

/* Ops that are not loop-shaped and get a kernel of their own: everything
 * but constants, elementwise and index ops, reduce, dot_general, checks,
 * calls, returns and fusions. */
bool fuse_is_opaque(ir_opcode c);

/* Ops worth computing once (fusion never repeats them per broadcast copy):
 * transcendental elementwise ops, and the ops that need a kernel of their
 * own kind. */
bool fuse_is_expensive(ir_opcode c);

/* Bytes of intermediate values (top-level results that are neither function
 * results nor parameters) that f materialises: run before and after fusion,
 * the difference is what fusion removed. Constants are not counted (static
 * data, not computed); values nothing reads are (they are still written). */
size_t fuse_materialized_bytes(const ir_func *f);
#endif
