/* infer_shape.c: the type rules of the producers (constant, iota) and of
 * data movement: broadcast_in_dim, reshape, transpose, slice, concatenate,
 * reverse. */
#include <stdint.h>

#include "infer_internal.h"

/* ---- rules: producers ---------------------------------------------------- */

int infer_rule_constant(infer_ctx *cx) {
    if (!infer_attrs(cx)->data)
        return infer_fail(cx, "has no data (expected %zu bytes for %s)", ir_type_bytes(infer_recorded(cx, 0)),
                          TT(infer_recorded(cx, 0)));
    cx->out[0] = *infer_recorded(cx, 0);
    return DIAG_OK;
}

int infer_rule_iota(infer_ctx *cx) {
    const ir_type *r = infer_recorded(cx, 0);
    int rc = infer_expect_accepted_dtype(cx, "result", r);
    if (rc) return rc;
    int64_t axis = infer_attrs(cx)->axis;
    if (axis < 0 || axis >= r->rank)
        return infer_fail(cx, "iota_dimension = %lld: expected a dimension of the result %s, in [0, %d)", (long long)axis,
                          TT(r), r->rank);
    cx->out[0] = *r;
    return DIAG_OK;
}

/* ---- rules: data movement -------------------------------------------------- */

static int expect_result_dtype(const infer_ctx *cx, const ir_type *r, ir_dtype want) {
    if (r->dtype == want) return DIAG_OK;
    return infer_fail(cx, "result: expected element type %s (that of operand 0), got %s", ir_dtype_name(want), TT(r));
}

/* Operand dim i goes to result dim dims[i]; it has size 1 or the result's. */
int infer_rule_broadcast_in_dim(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0), *r = infer_recorded(cx, 0);
    const ir_ints *dims = &infer_attrs(cx)->dims;
    unsigned claimed = 0;
    int rc = expect_result_dtype(cx, r, x->dtype);
    if (!rc) rc = infer_expect_list_length(cx, "dims", dims, x->rank, "one per dimension of operand 0");
    if (!rc) rc = infer_claim_dims(cx, "dims", dims, r->rank, "the result", &claimed);
    if (rc) return rc;
    for (int i = 0; i < x->rank; i++) {
        int64_t want = r->dims[dims->v[i]];
        if (x->dims[i] != 1 && x->dims[i] != want)
            return infer_fail(cx, "operand 0: dimension %d has size %lld, expected 1 or %lld (result dimension %lld of %s)",
                              i, (long long)x->dims[i], (long long)want, (long long)dims->v[i], TT(r));
    }
    cx->out[0] = *r;
    return DIAG_OK;
}

int infer_rule_reshape(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0), *r = infer_recorded(cx, 0);
    int rc = expect_result_dtype(cx, r, x->dtype);
    if (rc) return rc;
    if (ir_type_numel(r) != ir_type_numel(x))
        return infer_fail(cx, "result: expected %lld elements (as operand 0, %s), got %s", (long long)ir_type_numel(x),
                          TT(x), TT(r));
    cx->out[0] = *r;
    return DIAG_OK;
}

/* Result dim i is operand dim permutation[i]. */
int infer_rule_transpose(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    const ir_ints *perm = &infer_attrs(cx)->dims;
    unsigned claimed = 0;
    int rc = infer_expect_list_length(cx, "dims", perm, x->rank, "a permutation of the dimensions of operand 0");
    if (!rc) rc = infer_claim_dims(cx, "dims", perm, x->rank, "operand 0", &claimed);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) cx->out[0].dims[i] = x->dims[perm->v[i]];
    return DIAG_OK;
}

int infer_rule_slice(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    const ir_attrs *a = infer_attrs(cx);
    const char *why = "one per dimension of operand 0";
    int rc = infer_expect_list_length(cx, "start_indices", &a->start, x->rank, why);
    if (!rc) rc = infer_expect_list_length(cx, "limit_indices", &a->limit, x->rank, why);
    if (!rc) rc = infer_expect_list_length(cx, "strides", &a->stride, x->rank, why);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        int64_t start = a->start.v[i], limit = a->limit.v[i], stride = a->stride.v[i];
        if (start < 0 || start > limit || limit > x->dims[i])
            return infer_fail(cx, "dimension %d: expected 0 <= start (%lld) <= limit (%lld) <= size (%lld) of operand 0 %s",
                              i, (long long)start, (long long)limit, (long long)x->dims[i], TT(x));
        if (stride < 1) return infer_fail(cx, "dimension %d: expected a stride of at least 1, got %lld", i, (long long)stride);
        int64_t span = limit - start;   /* ceil(span / stride), without overflowing for huge strides */
        cx->out[0].dims[i] = span / stride + (span % stride != 0);
    }
    return DIAG_OK;
}

/* Every operand has operand 0's type except in dimension `dimension`,
 * along which the result is their sum. */
int infer_rule_concatenate(infer_ctx *cx) {
    const ir_type *first = infer_operand(cx, 0);
    int64_t axis = infer_attrs(cx)->axis;
    if (axis < 0 || axis >= first->rank)
        return infer_fail(cx, "dimension = %lld: expected a dimension of operand 0 %s, in [0, %d)", (long long)axis,
                          TT(first), first->rank);
    ir_type sum = *first;
    sum.dims[axis] = 0;
    for (int i = 0; i < cx->op->nin; i++) {
        const ir_type *t = infer_operand(cx, i);
        ir_type want = *first;
        if (t->rank == first->rank) want.dims[axis] = t->dims[axis];
        if (!ir_type_eq(t, &want))
            return infer_fail(cx, "operand %d: expected %s (the type of operand 0 except in dimension %lld), got %s", i,
                              TT(&want), (long long)axis, TT(t));
        if (t->dims[axis] > INT64_MAX / 8 - sum.dims[axis])
            return infer_fail(cx, "result dimension %lld is too large", (long long)axis);
        sum.dims[axis] += t->dims[axis];
    }
    cx->out[0] = sum;
    return DIAG_OK;
}

int infer_rule_reverse(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    unsigned claimed = 0;
    int rc = infer_claim_dims(cx, "dims", &infer_attrs(cx)->dims, x->rank, "operand 0", &claimed);
    if (rc) return rc;
    cx->out[0] = *x;
    return DIAG_OK;
}
