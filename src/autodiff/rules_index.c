/* rules_index.c: the rules of pad, dynamic_slice, dynamic_update_slice,
 * gather and scatter (JAX's transposes). */
#include "ad_internal.h"

/* ---- pad, dynamic slices, gather, scatter ---- */

/* pad (JAX's _pad_transpose): the operand's cotangent is g with the edges
 * undone (a pad by the negated edges, which puts zeros back where the
 * edges cut) and every (interior + 1)-th element kept; the padding value
 * gets the rest of g: sum(g) - sum(operand's cotangent). */
static ir_value_id unpad(ad_ctx *c, const ir_op *op) {
    const ir_attrs *a = &op->a;
    int64_t low[IR_MAX_RANK], high[IR_MAX_RANK], zero[IR_MAX_RANK] = {0}, step[IR_MAX_RANK];
    for (int d = 0; d < a->low.n; d++) {
        low[d] = -a->low.v[d];
        high[d] = -a->high.v[d];
        step[d] = a->interior.v[d] + 1;
    }
    ir_value_id edges = ad_pad(c, ad_cotangent(c, op), 0.0, low, high, zero);
    if (edges < 0) return -1;
    ir_type t = ad_type(c, edges);
    return ad_slice(c, edges, zero, t.dims, step);
}

ir_value_id ad_pad_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x_ct = unpad(c, op);
    return i == 0 ? x_ct : ad_sub(c, ad_sum_all(c, ad_cotangent(c, op)), ad_sum_all(c, x_ct));
}

/* dynamic_update_slice(into, update) at the start indices of op, which
 * begin at operand `first`. */
static ir_value_id dynamic_update(ad_ctx *c, const ir_op *op, int first, ir_value_id into, ir_value_id update) {
    if (into < 0) return -1;
    ir_value_id in[2 + IR_MAX_RANK] = {into, update};
    int rank = op->nin - first;
    for (int k = 0; k < rank; k++) in[2 + k] = op->in[first + k];
    ir_type t = ad_type(c, into);
    ir_attrs none = {0};
    return ad_op(c, IR_DYNAMIC_UPDATE_SLICE, 2 + rank, in, 1, &t, &none, 0, NULL, t.dtype);
}

/* dynamic_slice of `from`, of the shape of `like`, at op's start indices. */
static ir_value_id dynamic_window(ad_ctx *c, const ir_op *op, int first, ir_value_id from, const ir_type *like) {
    ir_value_id in[1 + IR_MAX_RANK] = {from};
    int rank = op->nin - first;
    for (int k = 0; k < rank; k++) in[1 + k] = op->in[first + k];
    ir_attrs a = {.sizes = {like->rank, (int64_t *)like->dims}};
    return ad_op(c, IR_DYNAMIC_SLICE, 1 + rank, in, 1, like, &a, 0, NULL, like->dtype);
}

/* dynamic_slice: g goes into a zero operand at the start (both ops clamp it
 * alike); dynamic_update_slice: the operand gets g with the update's window
 * zeroed, the update that window of g. Start indices are integers, never
 * active. */
ir_value_id ad_dynamic_slice_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    return dynamic_update(c, op, 1, ad_zeros_like(c, op->in[0]), ad_cotangent(c, op));
}

ir_value_id ad_dynamic_update_slice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = ad_cotangent(c, op);
    if (i == 0) return dynamic_update(c, op, 2, g, ad_zeros_like(c, op->in[1]));
    ir_type tu = ad_type(c, op->in[1]);
    return dynamic_window(c, op, 2, g, &tu);
}

/* The dimension numbers gather and scatter share (see ir_attrs): a scatter
 * with a gather's numbers writes where the gather read, and back. */
static ir_attrs index_dims(const ir_attrs *src) {
    return (ir_attrs){.window = src->window, .collapsed = src->collapsed, .op_batch = src->op_batch,
                      .ix_batch = src->ix_batch, .index_map = src->index_map, .axis_b = src->axis_b,
                      .sorted = src->sorted};
}

/* A tensor of the shape of op's indices (operand ix_operand) holding
 * values[k] at component k of each index vector (gather and scatter). */
static ir_value_id per_component(ad_ctx *c, const ir_op *op, int ix_operand, const int64_t *values) {
    const ir_attrs *a = &op->a;
    ir_type ix = ad_type(c, op->in[ix_operand]);
    int64_t vector_dim[1] = {a->axis_b};
    ir_value_id v = ad_int_vector(c, ix.dtype, a->index_map.n, values);
    if (a->axis_b == ix.rank) v = ad_reshape(c, v, 0, NULL);   /* an implicit index vector dim of size 1 */
    return ad_broadcast(c, v, &ix, a->axis_b < ix.rank ? vector_dim : NULL);
}

/* Gather's start indices clamped as gather clamps them (each slice inside
 * the operand): component k of an index vector to [0, dim - size] of the
 * operand dim it maps to. */
static ir_value_id clamped_indices(ad_ctx *c, const ir_op *op) {
    const ir_attrs *a = &op->a;
    ir_type tx = ad_type(c, op->in[0]), ix = ad_type(c, op->in[1]);
    int64_t zero[IR_MAX_RANK] = {0}, last[IR_MAX_RANK];
    for (int k = 0; k < a->index_map.n; k++) {
        int64_t d = a->index_map.v[k];
        last[k] = tx.dims[d] - a->sizes.v[d];
    }
    ir_value_id in[3] = {per_component(c, op, 1, zero), op->in[1], per_component(c, op, 1, last)};
    ir_attrs none = {0};
    return ad_op(c, IR_CLAMP, 3, in, 1, &ix, &none, 0, NULL, ix.dtype);
}

/* gather (JAX's _gather_transpose_rule): g scatter-added into a zero
 * operand, at the indices clamped as gather clamped them (scatter would
 * drop a window past the end instead). */
ir_value_id ad_gather_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_type tx = ad_type(c, op->in[0]);
    ir_value_id in[3] = {ad_zeros_like(c, op->in[0]), clamped_indices(c, op), ad_cotangent(c, op)};
    ir_attrs a = index_dims(&op->a);
    ad_body add = AD_BODY_ADD;
    return ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &add, tx.dtype);
}

/* The slice sizes of the gather that reads, from an operand of type tx,
 * the windows a scatter with dimension numbers a writes from updates tu:
 * 1 for inserted and batching dims, the update windows' sizes elsewhere. */
static void window_sizes(const ir_attrs *a, const ir_type *tx, const ir_type *tu, int64_t *sizes) {
    int next = 0;
    for (int d = 0; d < tx->rank; d++) {
        bool dropped = false;
        for (int k = 0; k < a->collapsed.n; k++) dropped |= a->collapsed.v[k] == d;
        for (int k = 0; k < a->op_batch.n; k++) dropped |= a->op_batch.v[k] == d;
        sizes[d] = dropped ? 1 : tu->dims[a->window.v[next++]];
    }
}

/* True when the update computation is `return update` (an overwrite). */
static bool overwrites(const ir_block *body) {
    return body->nargs == 2 && body->nops == 1 && body->ops[0]->nin == 1 && body->ops[0]->in[0] == body->args[1];
}

/* The windows of g a scatter's updates went to (a gather). Scatter skips
 * each update element whose position is out of bounds where gather would
 * clamp the window: g is padded with zeros by a window's size on both
 * sides of every dim an index reaches, the indices shifted to match, so
 * that any window a clamped gather reads there is in the padding's
 * range: zeros where the update was skipped. */
static ir_value_id scattered_windows(ad_ctx *c, const ir_op *op, ir_value_id g) {
    ir_type tx = ad_type(c, op->in[0]), tu = ad_type(c, op->in[2]);
    ir_attrs a = index_dims(&op->a);
    int64_t sizes[IR_MAX_RANK], edge[IR_MAX_RANK] = {0}, none[IR_MAX_RANK] = {0}, shift[IR_MAX_RANK];
    window_sizes(&a, &tx, &tu, sizes);
    for (int k = 0; k < a.index_map.n; k++) edge[a.index_map.v[k]] = shift[k] = sizes[a.index_map.v[k]];
    ir_value_id in[2] = {ad_pad(c, g, 0.0, edge, edge, none),
                         ad_binary(c, IR_ADD, op->in[1], per_component(c, op, 1, shift))};
    a.sizes = (ir_ints){tx.rank, sizes};
    return ad_op(c, IR_GATHER, 2, in, 1, &tu, &a, 0, NULL, tu.dtype);
}

/* scatter of one input (JAX's _scatter_add_transpose_rule and
 * _scatter_transpose_rule): the updates get the windows of g they went to;
 * the input gets g with add, and g with those windows zeroed (a scatter of
 * zeros) when the updates overwrite. */
static ir_value_id scatter_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = ad_cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]);
    if (i == 0 && overwrites(op->regions[0])) {
        ir_attrs a = index_dims(&op->a);
        ir_value_id in[3] = {g, op->in[1], ad_zeros_like(c, op->in[2])};
        ad_body keep_update = AD_BODY_SECOND;
        return ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &keep_update, tx.dtype);
    }
    return i == 0 ? g : scattered_windows(c, op, g);
}

int ad_rule_scatter(ad_ctx *c, const ir_op *op) {
    if (op->nin != 3) return ad_unsupported(c, "a scatter of %d inputs at once", op->nin / 2);
    bool add = ad_body_combiner(c, op->regions[0], ad_type(c, op->in[0]).dtype) == IR_ADD;
    if (!add && !overwrites(op->regions[0]))
        return ad_unsupported(c, "its update computation is neither a single add nor a plain overwrite");
    if (!add && c->active[op->in[2]] && !op->a.unique)
        return ad_unsupported(c, "the updates of an overwriting scatter without unique_indices are differentiated "
                                 "(which of two updates of one element wins is unspecified)");
    return ad_each_active_operand(c, op, scatter_partial);
}
