/* infer_dot.c: the type rule of dot_general. */
#include "infer_internal.h"

/* ---- rules: contractions ------------------------------------------------- */

/* lhs_list[i] and rhs_list[i] pair up: equal lengths, equal sizes. */
static int check_dim_pairs(const infer_ctx *cx, const char *what, const ir_ints *lhs_list,
                           const ir_ints *rhs_list) {
    const ir_type *lhs = infer_operand(cx, 0), *rhs = infer_operand(cx, 1);
    for (int i = 0; i < lhs_list->n; i++) {
        int64_t l = lhs_list->v[i], r = rhs_list->v[i];
        if (lhs->dims[l] != rhs->dims[r])
            return infer_fail(cx, "%s dimension pair %d: operand 0 dimension %lld has size %lld, operand 1 dimension %lld has size %lld",
                              what, i, (long long)l, (long long)lhs->dims[l], (long long)r, (long long)rhs->dims[r]);
    }
    return DIAG_OK;
}

static int check_pair_lengths(const infer_ctx *cx, const char *what, const ir_ints *lhs_list,
                              const ir_ints *rhs_list) {
    if (lhs_list->n == rhs_list->n) return DIAG_OK;
    return infer_fail(cx, "lhs_%s_dimensions and rhs_%s_dimensions differ in length (%d and %d)", what, what, lhs_list->n,
                      rhs_list->n);
}

/* Result dims: the batch dims, then lhs's free dims, then rhs's, in order.
 * The element type is the recorded one: dot_general may widen (i16 x i16
 * -> i32) but keeps the kind of its operands. Operands of two types are
 * each converted to an f32 or f64 result that holds their values exactly
 * (bf16 x i8 -> f32): what fast mode makes of a dot of converts. */
int infer_rule_dot_general(infer_ctx *cx) {
    const ir_type *lhs = infer_operand(cx, 0), *rhs = infer_operand(cx, 1), *r = infer_recorded(cx, 0);
    const ir_attrs *a = infer_attrs(cx);
    unsigned lhs_claimed = 0, rhs_claimed = 0;
    bool mixed = rhs->dtype != lhs->dtype;   /* fast mode's dot of converts (passes/widen_dots.c) */
    if (mixed && !(ir_dtype_exact_in(lhs->dtype, r->dtype) && ir_dtype_exact_in(rhs->dtype, r->dtype)))
        return infer_fail(cx, "operand 1: expected element type %s (that of operand 0), got %s", ir_dtype_name(lhs->dtype),
                          TT(rhs));
    if (!mixed && infer_dtype_kind(r->dtype) != infer_dtype_kind(lhs->dtype)) {
              char words[96];
        return infer_fail(cx, "result: expected a %s element type (like the operands, %s), got %s",
                          infer_class_words(infer_dtype_kind(lhs->dtype), words, sizeof words), ir_dtype_name(lhs->dtype), TT(r));
    }
    int rc = check_pair_lengths(cx, "batching", &a->lhs_batch, &a->rhs_batch);
    if (!rc) rc = check_pair_lengths(cx, "contracting", &a->lhs_contract, &a->rhs_contract);
    if (!rc) rc = infer_claim_dims(cx, "lhs_batching_dimensions", &a->lhs_batch, lhs->rank, "operand 0", &lhs_claimed);
    if (!rc) rc = infer_claim_dims(cx, "lhs_contracting_dimensions", &a->lhs_contract, lhs->rank, "operand 0", &lhs_claimed);
    if (!rc) rc = infer_claim_dims(cx, "rhs_batching_dimensions", &a->rhs_batch, rhs->rank, "operand 1", &rhs_claimed);
    if (!rc) rc = infer_claim_dims(cx, "rhs_contracting_dimensions", &a->rhs_contract, rhs->rank, "operand 1", &rhs_claimed);
    if (!rc) rc = check_dim_pairs(cx, "batching", &a->lhs_batch, &a->rhs_batch);
    if (!rc) rc = check_dim_pairs(cx, "contracting", &a->lhs_contract, &a->rhs_contract);
    if (rc) return rc;
    int rank = lhs->rank + rhs->rank - a->lhs_batch.n - 2 * a->lhs_contract.n;
    if (rank > IR_MAX_RANK) return infer_fail(cx, "result rank %d exceeds the maximum %d", rank, IR_MAX_RANK);
    ir_type res = {.dtype = r->dtype, .rank = 0};
    for (int i = 0; i < a->lhs_batch.n; i++) res.dims[res.rank++] = lhs->dims[a->lhs_batch.v[i]];
    infer_append_free_dims(&res, lhs, lhs_claimed);
    infer_append_free_dims(&res, rhs, rhs_claimed);
    cx->out[0] = res;
    return DIAG_OK;
}
