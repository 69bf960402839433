/* rules_dot.c: dot_general's rule. */
#include "ad_internal.h"

/* Operand i's cotangent (JAX's _dot_general_transpose_lhs/rhs): g, whose
 * dims are (batch, lhs free, rhs free), contracted with the other operand
 * over the other's free dims, batched over the batch dims, gives (batch,
 * this operand's free dims, its contracting dims ordered as the other's);
 * a transpose puts them in this operand's order. */
ir_value_id ad_dot_partial(ad_ctx *c, const ir_op *op, int i) {
    const ir_attrs *a = &op->a;
    const ir_ints *my_batch = i == 0 ? &a->lhs_batch : &a->rhs_batch;
    const ir_ints *my_contract = i == 0 ? &a->lhs_contract : &a->rhs_contract;
    const ir_ints *other_batch = i == 0 ? &a->rhs_batch : &a->lhs_batch;
    const ir_ints *other_contract = i == 0 ? &a->rhs_contract : &a->lhs_contract;
    ir_value_id other = op->in[1 - i];
    ir_type mine = ad_type(c, op->in[i]), theirs = ad_type(c, other);
    int64_t my_free[IR_MAX_RANK], other_free[IR_MAX_RANK];
    int nmine = ad_free_dims(mine.rank, my_batch, my_contract, my_free);
    int nother = ad_free_dims(theirs.rank, other_batch, other_contract, other_free);
    int nbatch = my_batch->n;
    int64_t g_batch[IR_MAX_RANK], g_contract[IR_MAX_RANK];
    for (int k = 0; k < nbatch; k++) g_batch[k] = k;
    int other_at = nbatch + (i == 0 ? nmine : 0);   /* where the other's free dims sit in g */
    for (int k = 0; k < nother; k++) g_contract[k] = other_at + k;
    ir_ints gb = {nbatch, g_batch}, gc = {nother, g_contract}, oc = {nother, other_free};
    ir_value_id g = ad_convert(c, ad_cotangent(c, op), mine.dtype);
    ir_value_id r = ad_dot_general(c, g, other, &gb, other_batch, &gc, &oc);
    /* r's dims stand for these dims of the operand: */
    int64_t order[IR_MAX_RANK];
    int n = 0;
    for (int k = 0; k < nbatch; k++) order[n++] = my_batch->v[k];
    for (int k = 0; k < nmine; k++) order[n++] = my_free[k];
    for (int d = 0; d < theirs.rank; d++)
        for (int k = 0; k < other_contract->n; k++)
            if (other_contract->v[k] == d) order[n++] = my_contract->v[k];
    int64_t perm[IR_MAX_RANK];   /* operand dim d is r's dim perm[d] */
    for (int k = 0; k < n; k++) perm[order[k]] = k;
    return ad_transpose(c, r, perm);
}
