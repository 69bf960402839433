/* rules_shape.c: the rules of the ops that move data: broadcast_in_dim,
 * reshape, transpose, reverse, concatenate, slice. */
#include "ad_internal.h"

/* ---- data movement ---- */

/* broadcast_in_dim: sum over the result dims the operand does not have or
 * has with size 1, bring the rest into operand order, reshape. */
ir_value_id ad_broadcast_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_type tx = ad_type(c, op->in[0]), tr = ad_type(c, op->out[0]);
    const int64_t *map = op->a.dims.v;
    int source[IR_MAX_RANK];   /* the operand dim behind each result dim, or -1 */
    for (int r = 0; r < tr.rank; r++) source[r] = -1;
    for (int d = 0; d < tx.rank; d++) source[map[d]] = d;
    int64_t summed[IR_MAX_RANK], kept[IR_MAX_RANK];
    int nsummed = 0, nkept = 0;
    for (int r = 0; r < tr.rank; r++) {
        if (source[r] < 0 || (tx.dims[source[r]] == 1 && tr.dims[r] != 1)) summed[nsummed++] = r;
        else kept[nkept++] = source[r];
    }
    /* The sum has the kept operand dims in result order (map need not be
     * ascending); the transpose sorts them into operand order. */
    int64_t perm[IR_MAX_RANK];
    for (int j = 0; j < nkept; j++) {
        int rank = 0;
        for (int k = 0; k < nkept; k++) rank += kept[k] < kept[j];
        perm[rank] = j;
    }
    ir_value_id s = ad_transpose(c, ad_reduce_sum(c, ad_cotangent(c, op), nsummed, summed), perm);
    return ad_reshape(c, s, tx.rank, tx.dims);
}

ir_value_id ad_reshape_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[i]);
    return ad_reshape(c, ad_cotangent(c, op), tx.rank, tx.dims);
}

ir_value_id ad_transpose_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    int64_t inverse[IR_MAX_RANK];
    for (int d = 0; d < op->a.dims.n; d++) inverse[op->a.dims.v[d]] = d;
    return ad_transpose(c, ad_cotangent(c, op), inverse);
}

ir_value_id ad_reverse_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    return ad_reverse(c, ad_cotangent(c, op), &op->a.dims);
}

ir_value_id ad_concatenate_partial(ad_ctx *c, const ir_op *op, int i) {
    int axis = (int)op->a.axis;
    int64_t start = 0;
    for (int k = 0; k < i; k++) start += ad_type(c, op->in[k]).dims[axis];
    return ad_slice_dim(c, ad_cotangent(c, op), axis, start, start + ad_type(c, op->in[i]).dims[axis]);
}

/* Places v's entries along `dim` at start, start + stride, ... of a zero
 * tensor `full` long there: each entry gets stride - 1 zeros after it
 * (v reshaped with a unit dim after `dim`, concatenated with zeros along it,
 * reshaped back), then zeros before and after. */
static ir_value_id scatter_dim(ad_ctx *c, ir_value_id v, int dim, int64_t start, int64_t stride, int64_t full) {
    if (v < 0) return -1;
    ir_type t = ad_type(c, v);
    int64_t n = t.dims[dim];
    if (stride > 1 && n > 0) {
        if (t.rank == IR_MAX_RANK) return ad_unsupported(c, "a strided slice of a rank-%d tensor", t.rank), -1;
        ir_type spread = t;   /* [..., n, 1, ...] */
        for (int d = t.rank; d > dim + 1; d--) spread.dims[d] = t.dims[d - 1];
        spread.dims[dim + 1] = 1;
        spread.rank++;
        ir_value_id parts[2] = {ad_reshape(c, v, spread.rank, spread.dims), -1};
        spread.dims[dim + 1] = stride - 1;
        parts[1] = ad_fill(c, 0.0, &spread);
        ir_type flat = t;
        flat.dims[dim] = n * stride;
        v = ad_reshape(c, ad_concatenate(c, 2, parts, dim + 1), flat.rank, flat.dims);
        int64_t room = full - start;
        v = ad_slice_dim(c, v, dim, 0, n * stride < room ? n * stride : room);
        if (v < 0) return -1;
        t = ad_type(c, v);
    }
    ir_value_id parts[3];
    int nparts = 0;
    int64_t before = start, after = full - start - t.dims[dim];
    ir_type pad = t;
    pad.dims[dim] = before;
    if (before > 0) parts[nparts++] = ad_fill(c, 0.0, &pad);
    parts[nparts++] = v;
    pad.dims[dim] = after;
    if (after > 0) parts[nparts++] = ad_fill(c, 0.0, &pad);
    return ad_concatenate(c, nparts, parts, dim);
}

/* slice: the cotangent goes back where the slice took its elements from,
 * zeros elsewhere (tier 1 has no pad: zeros are concatenated around it). */
ir_value_id ad_slice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[i]);
    ir_value_id v = ad_cotangent(c, op);
    for (int d = 0; d < tx.rank && v >= 0; d++)
        if (ad_type(c, v).dims[d] != tx.dims[d])
            v = scatter_dim(c, v, d, op->a.start.v[d], op->a.stride.v[d], tx.dims[d]);
    return v;
}
