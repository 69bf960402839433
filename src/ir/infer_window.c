/* infer_window.c: the type rules of the windowed ops: reduce_window,
 * select_and_scatter, convolution. */
#include "infer_internal.h"

/* ---- rules: windows ------------------------------------------------------------ */

/* The op's window (see ir_window_read), or a message saying what is wrong. */
static int read_window(const infer_ctx *cx, int rank, const int64_t *sizes, ir_window *w) {
    char why[200];
    return ir_window_read(cx->op, rank, sizes, w, why, sizeof why) ? DIAG_OK : infer_fail(cx, "%s", why);
}

/* reduce_window(x..., init...): as reduce, but over windows; results have
 * one element per window position. */
int infer_rule_reduce_window(infer_ctx *cx) {
    int n = cx->op->nin / 2;
    const ir_type *first = infer_operand(cx, 0);
    int rc = infer_expect_same_shapes(cx, n);
    for (int k = 0; !rc && k < n; k++) {
        ir_type want = ir_type_scalar(infer_operand(cx, k)->dtype);
        if (!ir_type_eq(infer_operand(cx, n + k), &want))
            return infer_fail(cx, "operand %d (init value of input %d): expected %s, got %s", n + k, k, TT(&want),
                              TT(infer_operand(cx, n + k)));
    }
    ir_window w;
    if (!rc) rc = read_window(cx, first->rank, NULL, &w);
    if (!rc) rc = infer_check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_type res = {.dtype = cx->out[k].dtype, .rank = first->rank};
        for (int i = 0; i < first->rank; i++) res.dims[i] = ir_window_positions(&w, i, first->dims[i]);
        cx->out[k] = res;
    }
    return DIAG_OK;
}

/* select_and_scatter(operand, source, init): source has one element per
 * window position of operand (no dilations); select compares two operand
 * elements, scatter combines two result elements. */
int infer_rule_select_and_scatter(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0), *src = infer_operand(cx, 1);
    const ir_attrs *a = infer_attrs(cx);
    if (a->base_dil.n || a->win_dil.n) return infer_fail(cx, "takes no base or window dilations");
    ir_type scalar = ir_type_scalar(x->dtype);
    if (!ir_type_eq(infer_operand(cx, 2), &scalar))
        return infer_fail(cx, "operand 2 (init value): expected %s, got %s", TT(&scalar), TT(infer_operand(cx, 2)));
    if (src->dtype != x->dtype)
        return infer_fail(cx, "operand 1 (source): expected element type %s, got %s", ir_dtype_name(x->dtype), TT(src));
    ir_window w;
    int rc = read_window(cx, x->rank, NULL, &w);
    if (rc) return rc;
    ir_type want = {.dtype = x->dtype, .rank = x->rank};
    for (int i = 0; i < x->rank; i++) want.dims[i] = ir_window_positions(&w, i, x->dims[i]);
    if (!ir_type_eq(src, &want))
        return infer_fail(cx, "operand 1 (source): expected %s (one element per window position), got %s", TT(&want), TT(src));
    ir_type pair[2] = {scalar, scalar};
    rc = infer_expect_region_args(cx, 0, pair, 2);
    if (!rc) rc = infer_expect_region_returns(cx, 0, &infer_bool_scalar, 1, "select's answer");
    if (!rc) rc = infer_expect_region_args(cx, 1, pair, 2);
    if (!rc) rc = infer_expect_region_returns(cx, 1, &scalar, 1, "the element type");
    cx->out[0] = *x;
    return rc;
}

/* A convolution's dimension numbers name every dimension of each tensor once. */
static int check_conv_roles(const infer_ctx *cx, const char *what, const ir_ints *roles, const ir_type *t) {
    if (roles->n != t->rank)
        return infer_fail(cx, "%s: names %d dimensions, the tensor %s has %d", what, roles->n, TT(t), t->rank);
    unsigned claimed = 0;
    return infer_claim_dims(cx, what, roles, t->rank, TT(t), &claimed);
}

/* convolution(lhs, rhs): result[batch] = lhs batch / batch_group_count,
 * result[feature] = kernel output features, spatial dims as a window of
 * the kernel's spatial size over lhs's (lhs_dilation the base dilation,
 * rhs_dilation the window's). The element type is the recorded one, of the
 * operands' kind. */
int infer_rule_convolution(infer_ctx *cx) {
    const ir_type *lhs = infer_operand(cx, 0), *rhs = infer_operand(cx, 1), *r = infer_recorded(cx, 0);
    const ir_attrs *a = infer_attrs(cx);
    if (lhs->rank < 2 || rhs->rank != lhs->rank || r->rank != lhs->rank)
        return infer_fail(cx, "expected operands and result of one rank, at least 2; got %s, %s and %s", TT(lhs), TT(rhs), TT(r));
    if (rhs->dtype != lhs->dtype || infer_dtype_kind(r->dtype) != infer_dtype_kind(lhs->dtype))
        return infer_fail(cx, "expected operands of one element type and a result of its kind; got %s, %s and %s", TT(lhs),
                          TT(rhs), TT(r));
    int rc = check_conv_roles(cx, "input dimensions", &a->conv_lhs, lhs);
    if (!rc) rc = check_conv_roles(cx, "kernel dimensions", &a->conv_rhs, rhs);
    if (!rc) rc = check_conv_roles(cx, "output dimensions", &a->conv_out, r);
    if (rc) return rc;
    int64_t fg = a->feature_groups, bg = a->batch_groups;
    int64_t batch = lhs->dims[a->conv_lhs.v[0]], in_f = lhs->dims[a->conv_lhs.v[1]];
    int64_t k_in = rhs->dims[a->conv_rhs.v[0]], k_out = rhs->dims[a->conv_rhs.v[1]];
    if (fg < 1 || bg < 1 || (fg > 1 && bg > 1))
        return infer_fail(cx, "feature_group_count = %lld, batch_group_count = %lld: expected positive counts, one of them 1",
                          (long long)fg, (long long)bg);
    if (in_f % fg || in_f / fg != k_in)
        return infer_fail(cx, "input features %lld: expected feature_group_count (%lld) x kernel input features (%lld)",
                          (long long)in_f, (long long)fg, (long long)k_in);
    if (batch % bg || k_out % bg || k_out % fg)
        return infer_fail(cx, "batch %lld and kernel output features %lld: expected multiples of the group counts",
                          (long long)batch, (long long)k_out);
    int nsp = lhs->rank - 2;
    int64_t sizes[IR_MAX_RANK];
    for (int k = 0; k < nsp; k++) sizes[k] = rhs->dims[a->conv_rhs.v[2 + k]];
    ir_window w;
    if (a->win_dims.n) return infer_fail(cx, "takes its window sizes from the kernel, not window_dimensions");
    rc = read_window(cx, nsp, sizes, &w);
    if (rc) return rc;
    ir_type res = {.dtype = r->dtype, .rank = r->rank};
    res.dims[a->conv_out.v[0]] = batch / bg;
    res.dims[a->conv_out.v[1]] = k_out;
    for (int k = 0; k < nsp; k++) res.dims[a->conv_out.v[2 + k]] = ir_window_positions(&w, k, lhs->dims[a->conv_lhs.v[2 + k]]);
    cx->out[0] = res;
    return DIAG_OK;
}
