/* eval_index.c: the data movement ops whose positions are computed from
 * values or from padding: pad, dynamic_slice, dynamic_update_slice,
 * gather, scatter (and the trivial get_dimension_size and
 * optimization_barrier), each as the StableHLO specification states it.
 *
 *  - dynamic_slice, dynamic_update_slice and gather clamp each start index
 *    into [0, dim - size], so a slice always lies inside the operand;
 *  - scatter does not clamp: an update whose whole result index falls
 *    outside the inputs is skipped. Updates apply in row-major order of the
 *    update index, each through the update computation
 *    (current_0..current_{N-1}, update_0..update_{N-1}), so repeated
 *    indices combine in that order (the compiled code keeps it).
 * Start indices may have any integer type; they are read widened to int64
 * (an unsigned value above INT64_MAX reads negative and clamps to 0). */
#include "eval_internal.h"

/* Index element k of an integer tensor. */
static int64_t load_index(const ev_frame *fr, ir_value_id v, int64_t k) {
    return elem_load(ev_type(fr, v)->dtype, ev_data(fr, v), k).i;
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

static int64_t offset_of(const int64_t *idx, const int64_t *strides, int rank) {
    int64_t off = 0;
    for (int d = 0; d < rank; d++) off += idx[d] * strides[d];
    return off;
}

static void copy_value(ev_frame *fr, ir_value_id dst, ir_value_id src) {
    size_t bytes = ir_type_bytes(ev_type(fr, dst));
    if (bytes && ev_data(fr, dst) != ev_data(fr, src)) memcpy(ev_data(fr, dst), ev_data(fr, src), bytes);
}

static bool attrs_fit(const ir_ints *l, int n) { return l->n == n && (n == 0 || l->v); }

/* ---- pad ------------------------------------------------------------------------ */

/* Every result element is the padding value, then operand element idx
 * lands at low + idx * (interior + 1) where that is inside the result. */
static int run_pad(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *xt = ev_type(fr, op->in[0]), *rt = ev_type(fr, op->out[0]);
    const ir_attrs *a = &op->a;
    if (!attrs_fit(&a->low, xt->rank) || !attrs_fit(&a->high, xt->rank) || !attrs_fit(&a->interior, xt->rank) ||
        rt->rank != xt->rank)
        return ev_fail(d, DIAG_INVALID, op, "padding lists do not fit the operand");
    size_t size = ir_dtype_size(rt->dtype);
    char *r = ev_data(fr, op->out[0]);
    const char *x = ev_data(fr, op->in[0]), *pv = ev_data(fr, op->in[1]);
    int64_t n = ir_type_numel(rt), m = ir_type_numel(xt), rstride[IR_MAX_RANK];
    for (int64_t k = 0; k < n; k++) memcpy(r + (size_t)k * size, pv, size);
    ev_strides(rt, rstride);
    ev_walk w;
    ev_walk_start(&w, xt->rank, xt->dims, 0, NULL, 0, NULL);
    for (int64_t k = 0; k < m; k++, ev_walk_next(&w)) {
        int64_t off = 0;
        bool inside = true;
        for (int i = 0; i < xt->rank && inside; i++) {
            int64_t at = a->low.v[i] + w.idx[i] * (a->interior.v[i] + 1);
            inside = at >= 0 && at < rt->dims[i];
            off += at * rstride[i];
        }
        if (inside) memcpy(r + (size_t)off * size, x + (size_t)k * size, size);
    }
    return DIAG_OK;
}

/* ---- dynamic slices ----------------------------------------------------------------- */

/* Start index operands [first, first + rank), each clamped so that a
 * window of `size` fits in the operand. */
static void clamped_starts(const ev_frame *fr, const ir_op *op, int first, const ir_type *xt, const int64_t *size,
                           int64_t *start) {
    for (int i = 0; i < xt->rank; i++)
        start[i] = clamp64(load_index(fr, op->in[first + i], 0), 0, xt->dims[i] - size[i]);
}

static int run_dynamic_slice(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *xt = ev_type(fr, op->in[0]), *rt = ev_type(fr, op->out[0]);
    if (op->nin != 1 + xt->rank || rt->rank != xt->rank)
        return ev_fail(d, DIAG_INVALID, op, "needs a start index per operand dimension");
    int64_t start[IR_MAX_RANK], xstride[IR_MAX_RANK];
    clamped_starts(fr, op, 1, xt, rt->dims, start);
    ev_strides(xt, xstride);
    size_t size = ir_dtype_size(rt->dtype);
    int64_t n = ir_type_numel(rt);
    ev_walk w;
    ev_walk_start(&w, rt->rank, rt->dims, offset_of(start, xstride, xt->rank), xstride, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w))
        memcpy((char *)ev_data(fr, op->out[0]) + (size_t)k * size,
               (const char *)ev_data(fr, op->in[0]) + (size_t)w.off[0] * size, size);
    return DIAG_OK;
}

static int run_dynamic_update_slice(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *xt = ev_type(fr, op->in[0]), *ut = ev_type(fr, op->in[1]);
    if (op->nin != 2 + xt->rank || ut->rank != xt->rank)
        return ev_fail(d, DIAG_INVALID, op, "needs an update of the operand's rank and a start index per dimension");
    int64_t start[IR_MAX_RANK], xstride[IR_MAX_RANK];
    clamped_starts(fr, op, 2, xt, ut->dims, start);
    ev_strides(xt, xstride);
    copy_value(fr, op->out[0], op->in[0]);
    size_t size = ir_dtype_size(xt->dtype);
    int64_t n = ir_type_numel(ut);
    ev_walk w;
    ev_walk_start(&w, ut->rank, ut->dims, offset_of(start, xstride, xt->rank), xstride, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w))
        memcpy((char *)ev_data(fr, op->out[0]) + (size_t)w.off[0] * size,
               (const char *)ev_data(fr, op->in[1]) + (size_t)k * size, size);
    return DIAG_OK;
}

/* ---- gather and scatter ------------------------------------------------------------------ */

/* How an index tensor and its dimension numbers address the operand: for
 * a batch index (the indices' dims other than index_vector_dim), the
 * operand index its start vector and batching dims give. */
typedef struct index_map {
    const ir_type *xt;          /* the operand (gather) or the inputs (scatter) */
    ir_value_id indices;
    const ir_type *it;
    int64_t ivd;                /* index_vector_dim (it->rank: an implicit trailing 1) */
    int64_t istride[IR_MAX_RANK];
    const ir_attrs *a;
} index_map;

static bool index_map_init(index_map *m, const ev_frame *fr, const ir_op *op, ir_value_id x, ir_value_id indices) {
    m->xt = ev_type(fr, x);
    m->indices = indices;
    m->it = ev_type(fr, indices);
    m->a = &op->a;
    m->ivd = op->a.axis_b;
    ev_strides(m->it, m->istride);
    const ir_attrs *a = m->a;
    if (m->ivd < 0 || m->ivd > m->it->rank || a->ix_batch.n != a->op_batch.n) return false;
    int64_t veclen = m->ivd < m->it->rank ? m->it->dims[m->ivd] : 1;
    if (a->index_map.n != veclen) return false;
    for (int i = 0; i < a->index_map.n; i++)
        if (a->index_map.v[i] < 0 || a->index_map.v[i] >= m->xt->rank) return false;
    for (int i = 0; i < a->op_batch.n; i++)
        if (a->op_batch.v[i] < 0 || a->op_batch.v[i] >= m->xt->rank || a->ix_batch.v[i] < 0 ||
            a->ix_batch.v[i] >= m->it->rank || a->ix_batch.v[i] == m->ivd)
            return false;
    return true;
}

/* Writes into full[] (zeroed first) the start vector at batch index bidx,
 * each entry at the operand dim index_map sends it to (clamped into
 * [0, dim - size[dim]] when size is given), plus the batching dims. */
static void start_position(const ev_frame *fr, const index_map *m, const int64_t *bidx, const int64_t *size,
                           int64_t *full) {
    const ir_attrs *a = m->a;
    int64_t iidx[IR_MAX_RANK];
    for (int d = 0, b = 0; d < m->it->rank; d++) iidx[d] = d == m->ivd ? 0 : bidx[b++];
    for (int d = 0; d < m->xt->rank; d++) full[d] = 0;
    for (int k = 0; k < a->index_map.n; k++) {
        if (m->ivd < m->it->rank) iidx[m->ivd] = k;
        int64_t v = load_index(fr, m->indices, offset_of(iidx, m->istride, m->it->rank));
        int64_t dim = a->index_map.v[k];
        full[dim] = size ? clamp64(v, 0, m->xt->dims[dim] - size[dim]) : v;
    }
    for (int i = 0; i < a->op_batch.n; i++) {
        int64_t ds = a->ix_batch.v[i];
        full[a->op_batch.v[i]] += bidx[ds < m->ivd ? ds : ds - 1];
    }
}

/* The operand dims a window spans: neither collapsed/inserted nor batching. */
static int window_dims_of(const index_map *m, int *dims) {
    int n = 0;
    for (int d = 0; d < m->xt->rank; d++) {
        bool dropped = false;
        for (int i = 0; i < m->a->collapsed.n; i++) dropped |= m->a->collapsed.v[i] == d;
        for (int i = 0; i < m->a->op_batch.n; i++) dropped |= m->a->op_batch.v[i] == d;
        if (!dropped) dims[n++] = d;
    }
    return n;
}

/* Splits an index of the result (gather) or the updates (scatter) into its
 * batch part and its window part: dims listed in `window` are the window's. */
static void split_index(const int64_t *idx, int rank, const ir_ints *window, int64_t *bidx, int64_t *widx) {
    int nb = 0, nw = 0;
    for (int d = 0; d < rank; d++) {
        bool is_window = false;
        for (int i = 0; i < window->n; i++) is_window |= window->v[i] == d;
        if (is_window) widx[nw++] = idx[d];
        else bidx[nb++] = idx[d];
    }
}

static int run_gather(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *rt = ev_type(fr, op->out[0]);
    index_map m;
    int wdims[IR_MAX_RANK];
    if (!index_map_init(&m, fr, op, op->in[0], op->in[1]) || !attrs_fit(&op->a.sizes, m.xt->rank) ||
        window_dims_of(&m, wdims) != op->a.window.n)
        return ev_fail(d, DIAG_INVALID, op, "dimension numbers do not fit the operands");
    int64_t xstride[IR_MAX_RANK];
    ev_strides(m.xt, xstride);
    size_t size = ir_dtype_size(rt->dtype);
    int64_t n = ir_type_numel(rt);
    ev_walk w;
    ev_walk_start(&w, rt->rank, rt->dims, 0, NULL, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w)) {
        int64_t bidx[IR_MAX_RANK], widx[IR_MAX_RANK], full[IR_MAX_RANK];
        split_index(w.idx, rt->rank, &op->a.window, bidx, widx);
        start_position(fr, &m, bidx, op->a.sizes.v, full);
        for (int i = 0; i < op->a.window.n; i++) full[wdims[i]] += widx[i];
        memcpy((char *)ev_data(fr, op->out[0]) + (size_t)k * size,
               (const char *)ev_data(fr, op->in[0]) + (size_t)offset_of(full, xstride, m.xt->rank) * size, size);
    }
    return DIAG_OK;
}

/* Applies the update computation to result element `at` of every result
 * and element k of every update. */
static int apply_update(ev_frame *fr, const ir_op *op, int n, int64_t at, int64_t k, diag *d) {
    const ir_block *b = op->regions[0];
    for (int i = 0; i < n; i++) {
        size_t size = ir_dtype_size(ev_type(fr, op->out[i])->dtype);
        memcpy(ev_data(fr, b->args[i]), (char *)ev_data(fr, op->out[i]) + (size_t)at * size, size);
        memcpy(ev_data(fr, b->args[n + i]), (char *)ev_data(fr, op->in[n + 1 + i]) + (size_t)k * size, size);
    }
    int rc = ev_region_run(fr, b, d);
    if (rc) return rc;
    const ir_op *ret = b->ops[b->nops - 1];
    for (int i = 0; i < n; i++) {
        size_t size = ir_dtype_size(ev_type(fr, op->out[i])->dtype);
        memcpy((char *)ev_data(fr, op->out[i]) + (size_t)at * size, ev_data(fr, ret->in[i]), size);
    }
    return DIAG_OK;
}

static bool scatter_types_fit(const ev_frame *fr, const ir_op *op, int n) {
    const ir_block *b = op->regions[0];
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (b->nargs != 2 * n || !ret || ret->code != IR_RETURN || ret->nin != n) return false;
    for (int i = 0; i < n; i++) {
        ir_type s = ir_type_scalar(ev_type(fr, op->out[i])->dtype);
        if (ev_type(fr, op->in[i])->dtype != s.dtype || ev_type(fr, op->in[n + 1 + i])->dtype != s.dtype ||
            !ir_type_eq(ev_type(fr, b->args[i]), &s) || !ir_type_eq(ev_type(fr, b->args[n + i]), &s) ||
            !ir_type_eq(ev_type(fr, ret->in[i]), &s) || !ir_type_same_shape(ev_type(fr, op->out[i]), ev_type(fr, op->in[0])))
            return false;
    }
    return true;
}

static int scatter_updates(ev_frame *fr, const ir_op *op, int n, const index_map *m, const int *wdims, diag *d) {
    const ir_type *ut = ev_type(fr, op->in[n + 1]);
    int64_t xstride[IR_MAX_RANK], count = ir_type_numel(ut);
    ev_strides(m->xt, xstride);
    int rc = DIAG_OK;
    ev_walk w;
    ev_walk_start(&w, ut->rank, ut->dims, 0, NULL, 0, NULL);
    for (int64_t k = 0; k < count && !rc; k++, ev_walk_next(&w)) {
        int64_t bidx[IR_MAX_RANK], widx[IR_MAX_RANK], full[IR_MAX_RANK];
        split_index(w.idx, ut->rank, &op->a.window, bidx, widx);
        start_position(fr, m, bidx, NULL, full);
        for (int i = 0; i < op->a.window.n; i++) full[wdims[i]] += widx[i];
        bool inside = true;
        for (int i = 0; i < m->xt->rank; i++) inside &= full[i] >= 0 && full[i] < m->xt->dims[i];
        if (inside) rc = apply_update(fr, op, n, offset_of(full, xstride, m->xt->rank), k, d);
    }
    return rc;
}

static int run_scatter(ev_frame *fr, const ir_op *op, diag *d) {
    int n = (op->nin - 1) / 2;
    index_map m;
    int wdims[IR_MAX_RANK];
    if (op->nin != 2 * n + 1 || n < 1 || op->nout != n || op->nregions != 1 || !scatter_types_fit(fr, op, n))
        return ev_fail(d, DIAG_INVALID, op, "needs N inputs, indices, N updates, N results and an update computation");
    if (!index_map_init(&m, fr, op, op->in[0], op->in[n]) || window_dims_of(&m, wdims) != op->a.window.n)
        return ev_fail(d, DIAG_INVALID, op, "dimension numbers do not fit the operands");
    for (int i = 0; i < n; i++) copy_value(fr, op->out[i], op->in[i]);
    int rc = ev_region_bind(fr, op->regions[0], d);
    if (rc) return rc;
    rc = scatter_updates(fr, op, n, &m, wdims, d);
    ev_region_unbind(fr, op->regions[0]);
    return rc;
}

/* ---- the rest ------------------------------------------------------------------------ */

static int run_get_dimension_size(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *xt = ev_type(fr, op->in[0]);
    if (op->a.axis < 0 || op->a.axis >= xt->rank) return ev_fail(d, DIAG_INVALID, op, "dimension out of range");
    int32_t size = (int32_t)xt->dims[op->a.axis];
    memcpy(ev_data(fr, op->out[0]), &size, sizeof size);
    return DIAG_OK;
}

static int run_optimization_barrier(ev_frame *fr, const ir_op *op) {
    for (int i = 0; i < op->nin; i++) copy_value(fr, op->out[i], op->in[i]);
    return DIAG_OK;
}

int ev_index_op(ev_frame *fr, const ir_op *op, diag *d) {
    switch (op->code) {
    case IR_PAD: return run_pad(fr, op, d);
    case IR_DYNAMIC_SLICE: return run_dynamic_slice(fr, op, d);
    case IR_DYNAMIC_UPDATE_SLICE: return run_dynamic_update_slice(fr, op, d);
    case IR_GATHER: return run_gather(fr, op, d);
    case IR_SCATTER: return run_scatter(fr, op, d);
    case IR_GET_DIMENSION_SIZE: return run_get_dimension_size(fr, op, d);
    case IR_OPTIMIZATION_BARRIER: return run_optimization_barrier(fr, op);
    default: return ev_fail(d, DIAG_INVALID, op, "is not an indexed data movement op");
    }
}
