/* infer_control.c: the type rules of the ops with regions: while, if,
 * case, map, sort. */
#include "infer_internal.h"

/* ---- rules: regions ------------------------------------------------------------ */

/* while(x...): cond(x...) -> tensor<i1>, body(x...) -> (x...); results as x. */
int infer_rule_while(infer_ctx *cx) {
    const ir_op *op = cx->op;
    for (int i = 0; i < op->nin; i++) cx->out[i] = *infer_operand(cx, i);
    int rc = infer_expect_region_args(cx, 0, cx->out, op->nin);
    if (!rc) rc = infer_expect_region_returns(cx, 0, &infer_bool_scalar, 1, "the loop condition");
    if (!rc) rc = infer_expect_region_args(cx, 1, cx->out, op->nin);
    if (!rc) rc = infer_expect_region_returns(cx, 1, cx->out, op->nin, "the type of the loop-carried value");
    return rc;
}

/* if(pred) and case(index): branches without arguments that all return
 * the results' types (the first branch decides). */
int infer_rule_branches(infer_ctx *cx) {
    const ir_op *op = cx->op;
    ir_type selector = {.dtype = op->code == IR_IF ? IR_I1 : IR_I32, .rank = 0};
    if (!ir_type_eq(infer_operand(cx, 0), &selector))
        return infer_fail(cx, "operand 0: expected %s, got %s", TT(&selector), TT(infer_operand(cx, 0)));
    int rc = infer_expect_region_args(cx, 0, NULL, 0);
    if (!rc) rc = infer_region_returns(cx, 0, op->nout, cx->out);
    for (int r = 1; !rc && r < op->nregions; r++) {
        rc = infer_expect_region_args(cx, r, NULL, 0);
        if (!rc) rc = infer_expect_region_returns(cx, r, cx->out, op->nout, "what region 0 returns");
    }
    return rc;
}

/* map(x...) over all dimensions: the computation takes one scalar per
 * input and returns one scalar, the result's element type. */
int infer_rule_map(infer_ctx *cx) {
    const ir_op *op = cx->op;
    const ir_type *first = infer_operand(cx, 0);
    int rc = infer_expect_same_shapes(cx, op->nin);
    if (rc) return rc;
    const ir_ints *dims = &infer_attrs(cx)->dims;
    bool all = dims->n == first->rank;
    for (int i = 0; all && i < dims->n; i++) all = dims->v[i] == i;
    if (!all) return infer_fail(cx, "dimensions: expected [0, ..., %d] (every dimension, in order)", first->rank - 1);
    ir_type args[64];
    if (op->nin > 64) return infer_fail(cx, "more than 64 operands");
    for (int i = 0; i < op->nin; i++) args[i] = ir_type_scalar(infer_operand(cx, i)->dtype);
    ir_type ret;
    rc = infer_expect_region_args(cx, 0, args, op->nin);
    if (!rc) rc = infer_region_returns(cx, 0, 1, &ret);
    if (rc) return rc;
    if (ret.rank != 0) return infer_fail(cx, "region 0 result 0: expected a rank-0 tensor, got %s", TT(&ret));
    cx->out[0] = *first;
    cx->out[0].dtype = ret.dtype;
    return DIAG_OK;
}

/* top_k(x) = (values, indices): the k first of x's last dim, as x's
 * elements and as the integers the recorded type names. */
int infer_rule_top_k(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    int64_t k = infer_attrs(cx)->k;
    if (x->rank < 1) return infer_fail(cx, "operand 0: expected rank 1 or more, got %s", TT(x));
    if (k < 0 || k > x->dims[x->rank - 1])
        return infer_fail(cx, "k = %lld is not between 0 and %lld", (long long)k, (long long)x->dims[x->rank - 1]);
    ir_dtype it = infer_recorded(cx, 1)->dtype;
    if (!ir_dtype_is_int(it) || ir_dtype_bits(it) < 8)
        return infer_fail(cx, "the indices' type %s is no integer type of 8 bits or more", ir_dtype_name(it));
    cx->out[0] = *x;
    cx->out[0].dims[x->rank - 1] = k;
    cx->out[1] = cx->out[0];
    cx->out[1].dtype = it;
    return DIAG_OK;
}

/* sort(x...) along `dimension`: the comparator takes (x_i[a], x_i[b]) for
 * every input i, as scalars, and returns tensor<i1>. */
int infer_rule_sort(infer_ctx *cx) {
    const ir_op *op = cx->op;
    int rc = infer_expect_same_shapes(cx, op->nin);
    if (rc) return rc;
    int64_t dim = infer_attrs(cx)->axis;
    if (dim < 0 || dim >= infer_operand(cx, 0)->rank)
        return infer_fail(cx, "dimension = %lld: expected a dimension of operand 0 %s", (long long)dim, TT(infer_operand(cx, 0)));
    if (op->nin > 32) return infer_fail(cx, "more than 32 operands");
    ir_type args[64];
    for (int i = 0; i < op->nin; i++) {
        args[2 * i] = args[2 * i + 1] = ir_type_scalar(infer_operand(cx, i)->dtype);
        cx->out[i] = *infer_operand(cx, i);
    }
    rc = infer_expect_region_args(cx, 0, args, 2 * op->nin);
    if (!rc) rc = infer_expect_region_returns(cx, 0, &infer_bool_scalar, 1, "the comparator's answer");
    return rc;
}
