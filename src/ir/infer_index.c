/* infer_index.c: the type rules of indexed data movement: pad,
 * dynamic_slice, dynamic_update_slice, gather, scatter, get_dimension_size,
 * optimization_barrier. */
#include <stdint.h>

#include "infer_internal.h"

/* ---- rules: indexed data movement (pad, dynamic slices, gather, scatter) ---- */

/* Every entry of list in [0, rank), strictly increasing (the spec's
 * "sorted" dimension lists), none claimed before. */
static int claim_sorted_dims(const infer_ctx *cx, const char *what, const ir_ints *list, int rank, const char *of,
                             unsigned *claimed) {
    int rc = infer_claim_dims(cx, what, list, rank, of, claimed);
    for (int i = 1; !rc && i < list->n; i++)
        if (list->v[i] <= list->v[i - 1]) return infer_fail(cx, "%s: expected increasing dimensions", what);
    return rc;
}

/* Operands [first, first + n) are the start indices: rank-0 integers of one type. */
static int check_start_indices(const infer_ctx *cx, int first, int n) {
    for (int i = first; i < first + n; i++) {
        const ir_type *t = infer_operand(cx, i);
        if (t->rank != 0 || !ir_dtype_is_int(t->dtype))
            return infer_fail(cx, "operand %d (a start index): expected a rank-0 integer tensor, got %s", i, TT(t));
        if (t->dtype != infer_operand(cx, first)->dtype)
            return infer_fail(cx, "operand %d (a start index): expected %s (as operand %d), got %s", i,
                              TT(infer_operand(cx, first)), first, TT(t));
    }
    return DIAG_OK;
}

/* pad(operand, padding_value): result dim = low + dim + (dim - 1) * interior
 * + high; edges may be negative (they cut), interior may not. */
int infer_rule_pad(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0), *pv = infer_operand(cx, 1);
    const ir_attrs *a = infer_attrs(cx);
    ir_type scalar = ir_type_scalar(x->dtype);
    if (!ir_type_eq(pv, &scalar))
        return infer_fail(cx, "operand 1 (the padding value): expected %s, got %s", TT(&scalar), TT(pv));
    const char *why = "one per dimension of operand 0";
    int rc = infer_expect_list_length(cx, "edge_padding_low", &a->low, x->rank, why);
    if (!rc) rc = infer_expect_list_length(cx, "edge_padding_high", &a->high, x->rank, why);
    if (!rc) rc = infer_expect_list_length(cx, "interior_padding", &a->interior, x->rank, why);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        int64_t lo = a->low.v[i], hi = a->high.v[i], in = a->interior.v[i], n = x->dims[i];
        const int64_t big = INT64_MAX / 8;
        if (in < 0 || in > big) return infer_fail(cx, "interior_padding[%d] = %lld: expected >= 0", i, (long long)in);
        if (lo < -big || lo > big || hi < -big || hi > big || (n > 1 && in > big / n))
            return infer_fail(cx, "dimension %d: padding too large", i);
        int64_t size = lo + hi + n + (n > 0 ? (n - 1) * in : 0);
        if (size < 0 || size > big)
            return infer_fail(cx, "dimension %d: the padded size %lld is negative or too large", i, (long long)size);
        cx->out[0].dims[i] = size;
    }
    return DIAG_OK;
}

int infer_rule_dynamic_slice(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    const ir_ints *sizes = &infer_attrs(cx)->sizes;
    if (cx->op->nin != 1 + x->rank)
        return infer_fail(cx, "expected %d operands (the operand and a start index per dimension), got %d", 1 + x->rank,
                          cx->op->nin);
    int rc = check_start_indices(cx, 1, x->rank);
    if (!rc) rc = infer_expect_list_length(cx, "slice_sizes", sizes, x->rank, "one per dimension of operand 0");
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        if (sizes->v[i] < 0 || sizes->v[i] > x->dims[i])
            return infer_fail(cx, "slice_sizes[%d] = %lld: expected 0 <= size <= %lld (dimension %d of operand 0)", i,
                              (long long)sizes->v[i], (long long)x->dims[i], i);
        cx->out[0].dims[i] = sizes->v[i];
    }
    return DIAG_OK;
}

int infer_rule_dynamic_update_slice(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0), *u = infer_operand(cx, 1);
    if (cx->op->nin != 2 + x->rank)
        return infer_fail(cx, "expected %d operands (operand, update and a start index per dimension), got %d",
                          2 + x->rank, cx->op->nin);
    if (u->rank != x->rank || u->dtype != x->dtype)
        return infer_fail(cx, "operand 1 (the update): expected rank %d and element type %s (as operand 0), got %s",
                          x->rank, ir_dtype_name(x->dtype), TT(u));
    for (int i = 0; i < x->rank; i++)
        if (u->dims[i] > x->dims[i])
            return infer_fail(cx, "operand 1 (the update) %s is larger than operand 0 %s in dimension %d", TT(u), TT(x), i);
    int rc = check_start_indices(cx, 2, x->rank);
    if (rc) return rc;
    cx->out[0] = *x;
    return DIAG_OK;
}

/* The batch dims of an index tensor: all but index_vector_dim (which may be
 * its rank: an implicit trailing 1). Writes the index vector's length. */
static int index_batch_shape(const infer_ctx *cx, const ir_type *ix, int64_t ivd, ir_type *batch, int64_t *veclen) {
    if (ivd < 0 || ivd > ix->rank)
        return infer_fail(cx, "index_vector_dim = %lld: expected a value in [0, %d] (the indices %s)", (long long)ivd,
                          ix->rank, TT(ix));
    if (!ir_dtype_is_int(ix->dtype)) return infer_fail(cx, "the indices: expected an integer tensor, got %s", TT(ix));
    *batch = (ir_type){.dtype = ix->dtype, .rank = 0};
    for (int d = 0; d < ix->rank; d++)
        if (d != ivd) batch->dims[batch->rank++] = ix->dims[d];
    *veclen = ivd < ix->rank ? ix->dims[ivd] : 1;
    return DIAG_OK;
}

/* What gather and scatter check alike: the operand-side lists (collapsed /
 * inserted, operand batching, index map) against the operand rank, the
 * index-side batching dims against the indices, and the index vector's
 * length. `names` spell the lists in the op's own words. */
typedef struct index_dims_names {
    const char *collapsed, *op_batch, *ix_batch, *index_map, *indices;
} index_dims_names;

static int check_index_dims(const infer_ctx *cx, const index_dims_names *nm, const ir_type *x, const ir_type *ix,
                            int64_t veclen) {
    const ir_attrs *a = infer_attrs(cx);
    unsigned claimed = 0, mapped = 0, ix_claimed = 0;
    int rc = claim_sorted_dims(cx, nm->collapsed, &a->collapsed, x->rank, "the operand", &claimed);
    if (!rc) rc = claim_sorted_dims(cx, nm->op_batch, &a->op_batch, x->rank, "the operand", &claimed);
    if (!rc) rc = infer_claim_dims(cx, nm->index_map, &a->index_map, x->rank, "the operand", &mapped);
    for (int i = 0; !rc && i < a->op_batch.n; i++)
        if (infer_dim_claimed(mapped, (int)a->op_batch.v[i]))
                  rc = infer_fail(cx, "%s and %s share dimension %lld", nm->index_map, nm->op_batch, (long long)a->op_batch.v[i]);
    if (!rc && a->index_map.n != veclen)
        rc = infer_fail(cx, "%s: expected %lld entries (the length of an index vector of %s), got %d", nm->index_map,
                        (long long)veclen, TT(ix), a->index_map.n);
    if (!rc) rc = infer_claim_dims(cx, nm->ix_batch, &a->ix_batch, ix->rank, nm->indices, &ix_claimed);
    if (!rc && a->axis_b < ix->rank && infer_dim_claimed(ix_claimed, (int)a->axis_b))
        rc = infer_fail(cx, "%s contains index_vector_dim %lld", nm->ix_batch, (long long)a->axis_b);
    if (!rc && a->ix_batch.n != a->op_batch.n)
        rc = infer_fail(cx, "%s and %s differ in length (%d and %d)", nm->op_batch, nm->ix_batch, a->op_batch.n,
                        a->ix_batch.n);
    for (int i = 0; !rc && i < a->op_batch.n; i++)
        if (x->dims[a->op_batch.v[i]] != ix->dims[a->ix_batch.v[i]])
            rc = infer_fail(cx, "batching dimension pair %d: the operand's dimension %lld has size %lld, the indices' "
                            "dimension %lld has size %lld", i, (long long)a->op_batch.v[i],
                            (long long)x->dims[a->op_batch.v[i]], (long long)a->ix_batch.v[i],
                            (long long)ix->dims[a->ix_batch.v[i]]);
    return rc;
}

/* gather(operand, start_indices): result dims at offset_dims are the slice
 * sizes of the dims neither collapsed nor batching, in order; the other
 * result dims are the batch dims of the indices, in order. */
int infer_rule_gather(infer_ctx *cx) {
    static const index_dims_names nm = {"collapsed_slice_dims", "operand_batching_dims",
                                        "start_indices_batching_dims", "start_index_map", "the start indices"};
    const ir_type *x = infer_operand(cx, 0), *ix = infer_operand(cx, 1);
    const ir_attrs *a = infer_attrs(cx);
    ir_type batch;
    int64_t veclen;
    int rc = index_batch_shape(cx, ix, a->axis_b, &batch, &veclen);
    if (!rc) rc = check_index_dims(cx, &nm, x, ix, veclen);
    if (!rc) rc = infer_expect_list_length(cx, "slice_sizes", &a->sizes, x->rank, "one per dimension of the operand");
    if (rc) return rc;
    int rank = batch.rank + x->rank - a->collapsed.n - a->op_batch.n;
    if (rank > IR_MAX_RANK || rank < 0) return infer_fail(cx, "result rank %d exceeds the maximum %d", rank, IR_MAX_RANK);
    unsigned offsets = 0, dropped = 0;
    rc = claim_sorted_dims(cx, "offset_dims", &a->window, rank, "the result", &offsets);
    if (!rc && a->window.n != x->rank - a->collapsed.n - a->op_batch.n)
        rc = infer_fail(cx, "offset_dims: expected %d entries (operand dims neither collapsed nor batching), got %d",
                        x->rank - a->collapsed.n - a->op_batch.n, a->window.n);
    if (rc) return rc;
    for (int i = 0; i < a->collapsed.n; i++) dropped |= 1u << a->collapsed.v[i];
    for (int i = 0; i < a->op_batch.n; i++) dropped |= 1u << a->op_batch.v[i];
    for (int d = 0; d < x->rank; d++) {
        int64_t s = a->sizes.v[d];
        if (s < 0 || s > x->dims[d] || (infer_dim_claimed(dropped, d) && s > 1))
            return infer_fail(cx, "slice_sizes[%d] = %lld: expected 0 <= size <= %lld%s", d, (long long)s,
                              (long long)x->dims[d], infer_dim_claimed(dropped, d) ? " and at most 1 (a collapsed or batching dim)" : "");
    }
    ir_type res = {.dtype = x->dtype, .rank = rank};
    int next_batch = 0, next_slice = 0;
    for (int d = 0; d < rank; d++) {
        if (infer_dim_claimed(offsets, d)) {
                  while (infer_dim_claimed(dropped, next_slice)) next_slice++;
            res.dims[d] = a->sizes.v[next_slice++];
        } else {
            res.dims[d] = batch.dims[next_batch++];
        }
    }
    cx->out[0] = res;
    return DIAG_OK;
}

/* scatter(inputs[N], scatter_indices, updates[N]) with an update
 * computation (current_0..current_{N-1}, update_0..update_{N-1}) like a
 * reducer; results have the inputs' shapes. */
int infer_rule_scatter(infer_ctx *cx) {
    static const index_dims_names nm = {"inserted_window_dims", "input_batching_dims",
                                        "scatter_indices_batching_dims", "scatter_dims_to_operand_dims",
                                        "the scatter indices"};
    int n = (cx->op->nin - 1) / 2;
    const ir_type *x = infer_operand(cx, 0), *ix = infer_operand(cx, n), *u = infer_operand(cx, n + 1);
    const ir_attrs *a = infer_attrs(cx);
    for (int k = 0; k < n; k++) {
        if (!ir_type_same_shape(infer_operand(cx, k), x))
            return infer_fail(cx, "operand %d: expected the shape of operand 0 %s, got %s", k, TT(x), TT(infer_operand(cx, k)));
        if (!ir_type_same_shape(infer_operand(cx, n + 1 + k), u) || infer_operand(cx, n + 1 + k)->dtype != infer_operand(cx, k)->dtype)
            return infer_fail(cx, "operand %d (update %d): expected the shape of the first update %s and the element type "
                              "of input %d, got %s", n + 1 + k, k, TT(u), k, TT(infer_operand(cx, n + 1 + k)));
    }
    ir_type batch;
    int64_t veclen;
    int rc = index_batch_shape(cx, ix, a->axis_b, &batch, &veclen);
    if (!rc) rc = check_index_dims(cx, &nm, x, ix, veclen);
    unsigned windows = 0, dropped = 0;
    if (!rc) rc = claim_sorted_dims(cx, "update_window_dims", &a->window, u->rank, "the updates", &windows);
    if (!rc && x->rank != a->window.n + a->collapsed.n + a->op_batch.n)
        rc = infer_fail(cx, "the inputs' rank %d differs from the number of update_window_dims (%d), inserted_window_dims "
                        "(%d) and input_batching_dims (%d) together", x->rank, a->window.n, a->collapsed.n, a->op_batch.n);
    if (!rc && u->rank != a->window.n + batch.rank)
        rc = infer_fail(cx, "the updates %s: expected rank %d (update_window_dims and the indices' batch dims)", TT(u),
                        a->window.n + batch.rank);
    if (rc) return rc;
    for (int i = 0; i < a->collapsed.n; i++) dropped |= 1u << a->collapsed.v[i];
    for (int i = 0; i < a->op_batch.n; i++) dropped |= 1u << a->op_batch.v[i];
    int next_batch = 0, next_window = 0;
    for (int d = 0; d < u->rank; d++) {
        if (infer_dim_claimed(windows, d)) {
                  while (infer_dim_claimed(dropped, next_window)) next_window++;
            int64_t limit = x->dims[next_window++];
            if (u->dims[d] > limit)
                return infer_fail(cx, "the updates %s: window dimension %d has size %lld, more than the input's %lld",
                                  TT(u), d, (long long)u->dims[d], (long long)limit);
        } else if (u->dims[d] != batch.dims[next_batch++]) {
            return infer_fail(cx, "the updates %s: dimension %d has size %lld, expected %lld (a batch dim of the indices %s)",
                              TT(u), d, (long long)u->dims[d], (long long)batch.dims[next_batch - 1], TT(ix));
        }
    }
    rc = infer_check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_dtype dt = cx->out[k].dtype;
        cx->out[k] = *infer_operand(cx, k);
        cx->out[k].dtype = dt;
    }
    return DIAG_OK;
}

int infer_rule_get_dimension_size(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    int64_t dim = infer_attrs(cx)->axis;
    if (dim < 0 || dim >= x->rank)
        return infer_fail(cx, "dimension = %lld: expected a dimension of operand 0 %s, in [0, %d)", (long long)dim, TT(x),
                          x->rank);
    cx->out[0] = ir_type_scalar(IR_I32);
    return DIAG_OK;
}

/* Results are the operands, unchanged. */
int infer_rule_optimization_barrier(infer_ctx *cx) {
    for (int i = 0; i < cx->op->nin; i++) cx->out[i] = *infer_operand(cx, i);
    return DIAG_OK;
}
