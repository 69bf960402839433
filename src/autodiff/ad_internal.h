/* ad_internal.h: what the autodiff files share (private to src/autodiff).
 *
 *   vjp.c    the driver: clone, inline, activity, the reverse walk, results
 *   rules.c  the rule table (ad_rule) and the helpers the rules share; one
 *            vector-Jacobian rule per op, by op family in rules_*.c:
 *     rules_elementwise.c  unary and binary ops, select, clamp, convert
 *     rules_shape.c        broadcast_in_dim, reshape, transpose, reverse,
 *                          concatenate, slice
 *     rules_dot.c          dot_general
 *     rules_reduce.c       reduce
 *     rules_index.c        pad, dynamic_slice, dynamic_update_slice, gather,
 *                          scatter
 *     rules_window.c       reduce_window, select_and_scatter, convolution
 *     rules_control.c      if, case, sort
 *     rules_linalg.c       triangular_solve, cholesky, syevd (eigh)
 *   unroll.c while loops on a differentiated path as straight-line code
 *   build.c  making the backward ops (each marked backward, typed by
 *            ir_infer_types, located at the primal op being differentiated)
 *
 * Value-returning helpers of build.c return -1 on failure with c->d set, and
 * return -1 at once when given -1 as an operand, so that a rule can nest
 * calls and check only the value it ends with. A failed transform discards
 * the whole new function, so a half-built op sequence is never seen. */
#ifndef AD_INTERNAL_H
#define AD_INTERNAL_H
#include <stdbool.h>

#include "../ir/ir.h"

typedef struct ad_ctx {
    ir_func *f;            /* the new function */
    ir_block *into;        /* where backward ops go: f's body, or a branch of a backward if/case */
    const char *primal;    /* the name of the function differentiated (for messages) */
    int nprimal;           /* ids below it are the primal's values (and the cotangent params) */
    bool *active;          /* [nprimal] float, and reached from a wrt parameter by differentiable ops */
    ir_value_id *ct;       /* [nprimal] the accumulated cotangent, or -1 while it is zero */
    const ir_op *op;       /* the primal op being differentiated (messages and locations) */
    diag *d;
} ad_ctx;

/* ---- vjp.c ---- */

/* Runs the rules of b's first nops ops, last to first, for those with a
 * cotangent (the reverse walk; if/case rules walk their branches). */
int ad_backward_ops(ad_ctx *c, const ir_block *b, int nops);

/* ---- unroll.c ---- */

/* Replaces the first while loop of f's body that carries an active value
 * out by copies of its body, when its trip count is known statically (see
 * unroll.c); uses of its results, in ret too, become the last copy's.
 * *unrolled says whether it did (the activity table is stale then).
 * DIAG_UNSUPPORTED for an active loop that does not count. */
int ad_unroll_first_loop(ad_ctx *c, ir_op *ret, bool *unrolled);

/* ---- rules.c ---- */

/* Adds the cotangents of op's active operands from those of its results.
 * DIAG_UNSUPPORTED for an op without a rule. */
int ad_rule(ad_ctx *c, const ir_op *op);
/* True for ops whose results carry no derivative (floor, sign, ...) even
 * from active float operands. */
bool ad_zero_derivative(ir_opcode code);

/* ---- build.c ---- */

/* The most results an op made by the backward pass has. */
#define AD_MAX_RESULTS 4

/* Region bodies over scalars of one element type that ad_op can make. */
typedef enum ad_body {
    AD_BODY_ADD,       /* (a, b) -> a + b */
    AD_BODY_SECOND,    /* (a, b) -> b  (an overwriting scatter) */
    AD_BODY_GE,        /* (a, b) -> a >= b  (select_and_scatter's select) */
    AD_BODY_LE,        /* (a, b) -> a <= b */
    AD_BODY_PICK_GE,   /* (a0, a1, b0, b1) -> the pair with the larger first element, a on a tie */
    AD_BODY_PICK_LE,   /* ... the smaller first element */
} ad_body;

/* Appends op `code` on `in` (an operand -1: returns -1) with nout results
 * typed `hints` where the operands do not imply them, attributes copied
 * from `a` (lists may point at the caller's arrays) and one region per
 * bodies[r] over scalars of body_dtype; returns its first result, typed
 * by ir_infer_types. */
ir_value_id ad_op(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *hints,
                  const ir_attrs *a, int nbodies, const ad_body *bodies, ir_dtype body_dtype);

ir_type ad_type(const ad_ctx *c, ir_value_id v);
/* ct[v] += contribution (contribution -1: the failure it stands for). */
int ad_accumulate(ad_ctx *c, ir_value_id v, ir_value_id contribution);
/* DIAG_UNSUPPORTED naming c->op and its location. */
int ad_unsupported(ad_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

ir_value_id ad_unary(ad_ctx *c, ir_opcode code, ir_value_id x);
ir_value_id ad_binary(ad_ctx *c, ir_opcode code, ir_value_id x, ir_value_id y);
/* A tensor of like's type with every element `value` (a scalar constant,
 * broadcast). */
ir_value_id ad_fill(ad_ctx *c, double value, const ir_type *like);
/* A rank-1 constant of integer dtype t holding n small non-negative values. */
ir_value_id ad_int_vector(ad_ctx *c, ir_dtype t, int n, const int64_t *values);
ir_value_id ad_compare(ad_ctx *c, ir_cmp_dir dir, ir_value_id x, ir_value_id y);
ir_value_id ad_select(ad_ctx *c, ir_value_id pred, ir_value_id on_true, ir_value_id on_false);
ir_value_id ad_convert(ad_ctx *c, ir_value_id x, ir_dtype dtype);
/* Operand dim i -> result dim dims[i] of `shape` (x's dtype). */
ir_value_id ad_broadcast(ad_ctx *c, ir_value_id x, const ir_type *shape, const int64_t *dims);
/* These return x itself when they would not change it. */
ir_value_id ad_reshape(ad_ctx *c, ir_value_id x, int rank, const int64_t *dims);
ir_value_id ad_transpose(ad_ctx *c, ir_value_id x, const int64_t *perm);
ir_value_id ad_reduce_sum(ad_ctx *c, ir_value_id x, int ndims, const int64_t *dims);
/* Elements [start, limit) of dimension `dim`, all of the others. */
ir_value_id ad_slice_dim(ad_ctx *c, ir_value_id x, int dim, int64_t start, int64_t limit);
ir_value_id ad_concatenate(ad_ctx *c, int n, const ir_value_id *xs, int axis);
ir_value_id ad_reverse(ad_ctx *c, ir_value_id x, const ir_ints *dims);
/* Marks op a backward op in no checkpoint region (a forward op copied
 * into the backward pass is part of it); a pass_walk_op callback. */
void ad_mark_backward(ir_op *op, void *ctx);
/* As ad_op, with one region: a copy of `body` (a region of an op of c->f,
 * its ops marked backward) taking nextra more scalar arguments of dtype
 * `extra` at the end, which it does not read. */
ir_value_id ad_op_copying(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *hints,
                          const ir_attrs *a, const ir_block *body, int nextra, ir_dtype extra);
/* Elements start, start + stride, ... below limit of each dimension. */
ir_value_id ad_slice(ad_ctx *c, ir_value_id x, const int64_t *start, const int64_t *limit, const int64_t *stride);
/* pad with a constant `value` (edges may be negative). */
ir_value_id ad_pad(ad_ctx *c, ir_value_id x, double value, const int64_t *low, const int64_t *high,
                   const int64_t *interior);
ir_value_id ad_dot_general(ad_ctx *c, ir_value_id lhs, ir_value_id rhs, const ir_ints *lhs_batch,
                           const ir_ints *rhs_batch, const ir_ints *lhs_contract, const ir_ints *rhs_contract);

/* ---- what the rules share (rules.c) ---- */

/* Shorthand. */
static inline ir_value_id ad_add(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_ADD, x, y); }
static inline ir_value_id ad_sub(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_SUBTRACT, x, y); }
static inline ir_value_id ad_mul(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_MULTIPLY, x, y); }
static inline ir_value_id ad_dvd(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_DIVIDE, x, y); }
static inline ir_value_id ad_neg(ad_ctx *c, ir_value_id x) { return ad_unary(c, IR_NEGATE, x); }

/* A tensor like v's, every element k. */
ir_value_id ad_fill_like(ad_ctx *c, double k, ir_value_id v);

static inline ir_value_id ad_zeros_like(ad_ctx *c, ir_value_id v) { return ad_fill_like(c, 0.0, v); }

/* The cotangent of op's (only) result. */
static inline ir_value_id ad_cotangent(const ad_ctx *c, const ir_op *op) { return c->ct[op->out[0]]; }

/* Accumulates partial(c, op, i) into each active operand i. */
typedef ir_value_id (*ad_partial_fn)(ad_ctx *c, const ir_op *op, int i);

int ad_each_active_operand(ad_ctx *c, const ir_op *op, ad_partial_fn partial);
/* The sum of all of v's elements. */
ir_value_id ad_sum_all(ad_ctx *c, ir_value_id v);
/* The operand's dims in neither list, ascending. */
int ad_free_dims(int rank, const ir_ints *a, const ir_ints *b, int64_t *out);
/* The combining op of a region that is exactly `return op(a, b)` over its
 * two arguments (either order) of element type t; IR_RETURN for anything
 * else. */
ir_opcode ad_body_combiner(const ad_ctx *c, const ir_block *body, ir_dtype t);
/* The reducer's combining op (reduce, reduce_window) over one input. */
ir_opcode ad_reducer_op(const ad_ctx *c, const ir_op *op);

/* ---- the rules, by op family (rules_*.c); ad_rule dispatches ---- */

ir_value_id ad_unary_partial(ad_ctx *c, const ir_op *op, int i);   /* rules_elementwise.c */
ir_value_id ad_binary_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_select_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_clamp_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_convert_partial(ad_ctx *c, const ir_op *op, int i);

ir_value_id ad_broadcast_partial(ad_ctx *c, const ir_op *op, int i);   /* rules_shape.c */
ir_value_id ad_reshape_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_transpose_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_reverse_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_concatenate_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_slice_partial(ad_ctx *c, const ir_op *op, int i);

ir_value_id ad_dot_partial(ad_ctx *c, const ir_op *op, int i);   /* rules_dot.c */

int ad_rule_reduce(ad_ctx *c, const ir_op *op);   /* rules_reduce.c */

ir_value_id ad_pad_partial(ad_ctx *c, const ir_op *op, int i);   /* rules_index.c */
ir_value_id ad_dynamic_slice_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_dynamic_update_slice_partial(ad_ctx *c, const ir_op *op, int i);
ir_value_id ad_gather_partial(ad_ctx *c, const ir_op *op, int i);
int ad_rule_scatter(ad_ctx *c, const ir_op *op);

int ad_rule_reduce_window(ad_ctx *c, const ir_op *op);   /* rules_window.c */
int ad_rule_select_and_scatter(ad_ctx *c, const ir_op *op);
ir_value_id ad_convolution_partial(ad_ctx *c, const ir_op *op, int i);

int ad_rule_branches(ad_ctx *c, const ir_op *op);   /* rules_control.c: if, case */
int ad_rule_sort(ad_ctx *c, const ir_op *op);
int ad_rule_top_k(ad_ctx *c, const ir_op *op);

int ad_rule_triangular_solve(ad_ctx *c, const ir_op *op);   /* rules_linalg.c */
int ad_rule_cholesky(ad_ctx *c, const ir_op *op);
int ad_rule_syevd(ad_ctx *c, const ir_op *op);
#endif
