/* rules.c: the vector-Jacobian product of every differentiable op.
 *
 * A rule reads the cotangent g of the op's result and adds, for each active
 * operand, g times the op's Jacobian with respect to it (transposed). Only
 * active operands get a contribution, so nothing is computed for paths that
 * do not start at a wrt parameter. The formulas follow JAX's (jax/_src/lax),
 * with these choices:
 *  - maximum/minimum: a tie gives each operand half of g (JAX's balanced
 *    rule); the max/min reduce splits g evenly among the tied elements;
 *  - abs: g * sign(x) (0 at x = 0); clamp: g goes to x strictly inside
 *    (min, max), to min where min > x (and min < max), to max where
 *    max < max(x, min); at a tie nobody gets it;
 *  - power: no derivative for the base where the exponent is 0, none for the
 *    exponent where the base is 0 (so no 0 * inf);
 *  - remainder: d/dy = -trunc(x / y);
 *  - floor, ceil, rounding, sign, compare, integer results: no derivative
 *    (ad_zero_derivative and the float-only activity stop them).
 * Reductions must have one input and an add, maximum or minimum body.
 * Tier 2 (JAX's transposes): pad, dynamic_slice, dynamic_update_slice,
 * gather, scatter of one input with an add or an overwrite (updates
 * differentiated only with unique_indices), both exact for indices out of
 * bounds (gather clamps them, scatter skips such elements),
 * reduce_window add/max/min (max/min without window dilation), the pair
 * reduce_window that max pooling's second derivative makes,
 * select_and_scatter (GE/LE select, add scatter), convolution (feature or
 * batch groups), if and case (a case of the branches' vjps; while loops
 * are unrolled before, see unroll.c), sort (by the sorting permutation).
 * Linear algebra (rules_linalg.c): triangular_solve, cholesky and syevd
 * (eigh, mode V; JAX's rule, which assumes distinct eigenvalues).
 * No rule: map, the other LAPACK ops (getrf, geqrf, orgqr, gesdd),
 * multi-input reduce, reduce_window and scatter.
 *
 * The rules are by op family in rules_*.c (see ad_internal.h); this file
 * keeps the helpers they share and the table (ad_rule). */
#include "ad_internal.h"

bool ad_zero_derivative(ir_opcode code) {
    switch (code) {
    case IR_CEIL: case IR_FLOOR: case IR_ROUND_NEAREST_AFZ: case IR_ROUND_NEAREST_EVEN: case IR_SIGN:
        return true;
    default:
        return false;
    }
}

/* ---- helpers the rules share ---- */

/* A tensor like v's, every element k. */
ir_value_id ad_fill_like(ad_ctx *c, double k, ir_value_id v) {
    if (v < 0) return -1;
    ir_type t = ad_type(c, v);
    return ad_fill(c, k, &t);
}

int ad_each_active_operand(ad_ctx *c, const ir_op *op, ad_partial_fn partial) {
    for (int i = 0; i < op->nin; i++) {
        if (!c->active[op->in[i]]) continue;
        int rc = ad_accumulate(c, op->in[i], partial(c, op, i));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* The sum of all of v's elements. */
ir_value_id ad_sum_all(ad_ctx *c, ir_value_id v) {
    if (v < 0) return -1;
    int rank = ad_type(c, v).rank;
    int64_t all[IR_MAX_RANK];
    for (int d = 0; d < rank; d++) all[d] = d;
    return ad_reduce_sum(c, v, rank, all);
}

/* The operand's dims in neither list, ascending. */
int ad_free_dims(int rank, const ir_ints *a, const ir_ints *b, int64_t *out) {
    int n = 0;
    for (int d = 0; d < rank; d++) {
        bool listed = false;
        for (int k = 0; k < a->n; k++) listed |= a->v[k] == d;
        for (int k = 0; k < b->n; k++) listed |= b->v[k] == d;
        if (!listed) out[n++] = d;
    }
    return n;
}

/* The combining op of a region that is exactly `return op(a, b)` over its
 * two arguments (either order) of element type t; IR_RETURN for anything
 * else. */
ir_opcode ad_body_combiner(const ad_ctx *c, const ir_block *body, ir_dtype t) {
    if (body->nops != 2 || body->nargs != 2) return IR_RETURN;
    const ir_op *combine = body->ops[0], *ret = body->ops[1];
    if (combine->nin != 2 || combine->nout != 1 || ret->nin != 1 || ret->in[0] != combine->out[0]) return IR_RETURN;
    bool on_args = (combine->in[0] == body->args[0] && combine->in[1] == body->args[1]) ||
                   (combine->in[0] == body->args[1] && combine->in[1] == body->args[0]);
    if (!on_args || c->f->values[body->args[0]].type.dtype != t) return IR_RETURN;
    return combine->code;
}

/* The reducer's combining op (reduce, reduce_window) over one input. */
ir_opcode ad_reducer_op(const ad_ctx *c, const ir_op *op) {
    return op->nin == 2 ? ad_body_combiner(c, op->regions[0], ad_type(c, op->in[0]).dtype) : IR_RETURN;
}

/* ---- dispatch ---- */

int ad_rule(ad_ctx *c, const ir_op *op) {
    switch (ir_op_kind_of(op->code)) {
    case IR_KIND_UNARY: return ad_each_active_operand(c, op, ad_unary_partial);
    case IR_KIND_BINARY: return ad_each_active_operand(c, op, ad_binary_partial);
    default: break;
    }
    switch (op->code) {
    case IR_SELECT: return ad_each_active_operand(c, op, ad_select_partial);
    case IR_CLAMP: return ad_each_active_operand(c, op, ad_clamp_partial);
    case IR_CONVERT: return ad_each_active_operand(c, op, ad_convert_partial);
    case IR_BROADCAST_IN_DIM: return ad_each_active_operand(c, op, ad_broadcast_partial);
    case IR_RESHAPE: return ad_each_active_operand(c, op, ad_reshape_partial);
    case IR_TRANSPOSE: return ad_each_active_operand(c, op, ad_transpose_partial);
    case IR_REVERSE: return ad_each_active_operand(c, op, ad_reverse_partial);
    case IR_SLICE: return ad_each_active_operand(c, op, ad_slice_partial);
    case IR_CONCATENATE: return ad_each_active_operand(c, op, ad_concatenate_partial);
    case IR_DOT_GENERAL: return ad_each_active_operand(c, op, ad_dot_partial);
    case IR_REDUCE: return ad_rule_reduce(c, op);
    case IR_PAD: return ad_each_active_operand(c, op, ad_pad_partial);
    case IR_DYNAMIC_SLICE: return ad_each_active_operand(c, op, ad_dynamic_slice_partial);
    case IR_DYNAMIC_UPDATE_SLICE: return ad_each_active_operand(c, op, ad_dynamic_update_slice_partial);
    case IR_GATHER: return ad_each_active_operand(c, op, ad_gather_partial);
    case IR_SCATTER: return ad_rule_scatter(c, op);
    case IR_REDUCE_WINDOW: return ad_rule_reduce_window(c, op);
    case IR_SELECT_AND_SCATTER: return ad_rule_select_and_scatter(c, op);
    case IR_CONVOLUTION: return ad_each_active_operand(c, op, ad_convolution_partial);
    case IR_IF: case IR_CASE: return ad_rule_branches(c, op);
    case IR_WHILE: return ad_unsupported(c, "a while loop inside an if or case branch is not unrolled");
    case IR_SORT: return ad_rule_sort(c, op);
    case IR_TOP_K: return ad_rule_top_k(c, op);
    case IR_TRIANGULAR_SOLVE: return ad_rule_triangular_solve(c, op);
    case IR_CHOLESKY: return ad_rule_cholesky(c, op);
    case IR_SYEVD: return ad_rule_syevd(c, op);
    case IR_MAP: return ad_unsupported(c, "no rule for map (its computation would be differentiated per element)");
    default: return ad_unsupported(c, "no rule for this op");
    }
}
