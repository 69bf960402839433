/* eval_window.c: the ops that slide a window over an input:
 * reduce_window, select_and_scatter and convolution, as the StableHLO
 * specification defines them.
 *
 * A window position (one per result element, or per source element) and
 * an offset inside the window name a point of the padded, base-dilated
 * input (ir_window in ir.h): an input element, or padding, which is the
 * init value for reduce_window, zero for convolution, and skipped by
 * select_and_scatter. */
#include "eval_internal.h"

/* A window (ir_window) over the dimensions dims of an input. */
typedef struct window {
    ir_window w;
    int rank;
    int64_t in_dims[IR_MAX_RANK], in_strides[IR_MAX_RANK];
} window;

/* The window of op over an input of type in, along dims[0..rank) of it;
 * sizes[k] is the window size along dims[k] (NULL: win_dims). */
static bool window_of(const ir_op *op, const ir_type *in, int rank, const int64_t *dims, const int64_t *sizes,
                      window *w) {
    char why[200];
    if (!ir_window_read(op, rank, sizes, &w->w, why, sizeof why)) return false;
    int64_t strides[IR_MAX_RANK];
    ev_strides(in, strides);
    w->rank = rank;
    for (int i = 0; i < rank; i++) {
        w->in_dims[i] = in->dims[dims[i]];
        w->in_strides[i] = strides[dims[i]];
    }
    return true;
}

/* The input offset of window position pos at window offset off, or -1
 * where that point is padding. */
static int64_t window_point(const window *w, const int64_t *pos, const int64_t *off) {
    int64_t at = 0;
    for (int i = 0; i < w->rank; i++) {
        int64_t q = pos[i] * w->w.stride[i] + off[i] * w->w.win_dil[i] - w->w.lo[i];
        if (q < 0 || q % w->w.base_dil[i]) return -1;
        q /= w->w.base_dil[i];
        if (q >= w->in_dims[i]) return -1;
        at += q * w->in_strides[i];
    }
    return at;
}

/* Advances a row-major index over dims; false after the last. */
static bool next_index(int64_t *idx, const int64_t *dims, int rank) {
    for (int i = rank - 1; i >= 0; i--) {
        if (++idx[i] < dims[i]) return true;
        idx[i] = 0;
    }
    return false;
}

static int64_t numel_of(const int64_t *dims, int rank) {
    int64_t n = 1;
    for (int i = 0; i < rank; i++) n *= dims[i];
    return n;
}

static void copy_elem(ev_frame *fr, ir_value_id to, int64_t k, ir_value_id from, int64_t j) {
    size_t size = ir_dtype_size(ev_type(fr, to)->dtype);
    memcpy((char *)ev_data(fr, to) + (size_t)k * size, (const char *)ev_data(fr, from) + (size_t)j * size, size);
}

/* ---- reduce_window ------------------------------------------------------------- */

/* Folds every point of the window at result position pos into result
 * element k (which starts as the init values), padding as the init values,
 * in row-major window order:
 *     (r_0[k]..r_{N-1}[k]) = reducer(r_0[k]..r_{N-1}[k], x_0[q]..x_{N-1}[q]). */
static int fold_window(ev_frame *fr, const ir_op *op, const window *w, const int64_t *pos, int64_t k, diag *d) {
    const ir_block *b = op->regions[0];
    const ir_op *ret = b->ops[b->nops - 1];
    int n = op->nin / 2;
    int64_t off[IR_MAX_RANK] = {0};
    for (int i = 0; i < n; i++) copy_elem(fr, op->out[i], k, op->in[n + i], 0);
    if (numel_of(w->w.size, w->rank) == 0) return DIAG_OK;
    do {
        int64_t at = window_point(w, pos, off);
        for (int i = 0; i < n; i++) {
            copy_elem(fr, b->args[i], 0, op->out[i], k);
            if (at < 0) copy_elem(fr, b->args[n + i], 0, op->in[n + i], 0);
            else copy_elem(fr, b->args[n + i], 0, op->in[i], at);
        }
        int rc = ev_region_run(fr, b, d);
        if (rc) return rc;
        for (int i = 0; i < n; i++) copy_elem(fr, op->out[i], k, ret->in[i], 0);
    } while (next_index(off, w->w.size, w->rank));
    return DIAG_OK;
}

static int reduce_windows(ev_frame *fr, const ir_op *op, const window *w, diag *d) {
    const ir_type *rt = ev_type(fr, op->out[0]);
    int64_t pos[IR_MAX_RANK] = {0}, k = 0;
    if (ir_type_numel(rt) == 0) return DIAG_OK;
    do {
        int rc = fold_window(fr, op, w, pos, k++, d);
        if (rc) return rc;
    } while (next_index(pos, rt->dims, rt->rank));
    return DIAG_OK;
}

int ev_reduce_window(ev_frame *fr, const ir_op *op, diag *d) {
    int n = op->nin / 2;
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    const ir_type *in = ev_type(fr, op->in[0]);
    int64_t dims[IR_MAX_RANK];
    for (int i = 0; i < in->rank; i++) dims[i] = i;
    window w;
    if (!b || b->nargs != 2 * n || b->nops < 1 || b->ops[b->nops - 1]->nin != n || !window_of(op, in, in->rank, dims, NULL, &w))
        return ev_fail(d, DIAG_INVALID, op, "the window or the reducer does not fit the operands");
    for (int i = 0; i < n; i++) {
        ir_dtype t = ev_type(fr, op->in[i])->dtype;
        if (ev_type(fr, b->args[i])->dtype != t || ev_type(fr, op->out[i])->dtype != t)
            return ev_fail(d, DIAG_UNSUPPORTED, op, "a reducer computing in another element type than input %d", i);
    }
    int rc = ev_region_bind(fr, b, d);
    if (rc) return rc;
    rc = reduce_windows(fr, op, &w, d);
    ev_region_unbind(fr, b);
    return rc;
}

/* ---- select_and_scatter ----------------------------------------------------------- */

/* The operand offset that select picks in the window at source position
 * pos (the first element wins unless select(current, next) is false), or
 * -1 when the window holds no operand element. */
static int select_in_window(ev_frame *fr, const ir_op *op, const window *w, const int64_t *pos, int64_t *chosen,
                            diag *d) {
    const ir_block *sel = op->regions[0];
    int64_t off[IR_MAX_RANK] = {0};
    *chosen = -1;
    if (numel_of(w->w.size, w->rank) == 0) return DIAG_OK;
    do {
        int64_t at = window_point(w, pos, off);
        if (at < 0) continue;
        if (*chosen < 0) {
            *chosen = at;
            continue;
        }
        copy_elem(fr, sel->args[0], 0, op->in[0], *chosen);
        copy_elem(fr, sel->args[1], 0, op->in[0], at);
        int rc = ev_region_run(fr, sel, d);
        if (rc) return rc;
        if (!*(const unsigned char *)ev_data(fr, sel->ops[sel->nops - 1]->in[0])) *chosen = at;
    } while (next_index(off, w->w.size, w->rank));
    return DIAG_OK;
}

/* result starts as the init value everywhere; each source element, in
 * row-major order, is combined into the result element its window selects:
 * result = scatter(result, source). */
static int scatter_sources(ev_frame *fr, const ir_op *op, const window *w, diag *d) {
    const ir_block *sc = op->regions[1];
    ir_value_id res = op->out[0], ret = sc->ops[sc->nops - 1]->in[0];
    int64_t n = ir_type_numel(ev_type(fr, res));
    for (int64_t k = 0; k < n; k++) copy_elem(fr, res, k, op->in[2], 0);
    const ir_type *src = ev_type(fr, op->in[1]);
    int64_t pos[IR_MAX_RANK] = {0}, k = 0;
    if (ir_type_numel(src) == 0) return DIAG_OK;
    do {
        int64_t at;
        int rc = select_in_window(fr, op, w, pos, &at, d);
        if (rc) return rc;
        if (at >= 0) {
            copy_elem(fr, sc->args[0], 0, res, at);
            copy_elem(fr, sc->args[1], 0, op->in[1], k);
            if ((rc = ev_region_run(fr, sc, d))) return rc;
            copy_elem(fr, res, at, ret, 0);
        }
        k++;
    } while (next_index(pos, src->dims, src->rank));
    return DIAG_OK;
}

int ev_select_and_scatter(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *in = ev_type(fr, op->in[0]);
    int64_t dims[IR_MAX_RANK];
    for (int i = 0; i < in->rank; i++) dims[i] = i;
    window w;
    bool ok = op->nregions == 2 && window_of(op, in, in->rank, dims, NULL, &w) && !op->a.base_dil.n && !op->a.win_dil.n;
    for (int r = 0; ok && r < 2; r++) {
        const ir_block *b = op->regions[r];
        ok = b->nargs == 2 && b->nops >= 1 && b->ops[b->nops - 1]->nin == 1;
    }
    if (!ok) return ev_fail(d, DIAG_INVALID, op, "the window or the regions do not fit the operands");
    int rc = ev_region_bind(fr, op->regions[0], d);
    if (rc) return rc;
    rc = ev_region_bind(fr, op->regions[1], d);
    if (!rc) {
        rc = scatter_sources(fr, op, &w, d);
        ev_region_unbind(fr, op->regions[1]);
    }
    ev_region_unbind(fr, op->regions[0]);
    return rc;
}

/* ---- convolution ------------------------------------------------------------------- */

/* What one result element reads. Groups: with feature_group_count G, output
 * feature o reads the input features of group o / (out_features / G); with
 * batch_group_count G, it reads the batch group o / (out_features / G). */
typedef struct conv_plan {
    window w;                          /* over lhs's spatial dims */
    int nsp;
    int64_t out_features, in_per_group, batch_per_group, out_per_fgroup, out_per_bgroup;
    int64_t lhs_batch_step, lhs_feature_step;
    int64_t rhs_in_step, rhs_out_step, rhs_sp_step[IR_MAX_RANK];
    elem_type lt, rt, t;
    ev_binary_fn mul, add;
} conv_plan;

static bool plan_conv(const ev_frame *fr, const ir_op *op, conv_plan *p) {
    const ir_attrs *a = &op->a;
    const ir_type *lhs = ev_type(fr, op->in[0]), *rhs = ev_type(fr, op->in[1]), *res = ev_type(fr, op->out[0]);
    int rank = lhs->rank;
    if (a->conv_lhs.n != rank || a->conv_rhs.n != rank || a->conv_out.n != rank || rank < 2) return false;
    p->nsp = rank - 2;
    int64_t ls[IR_MAX_RANK], rs[IR_MAX_RANK], sizes[IR_MAX_RANK];
    ev_strides(lhs, ls);
    ev_strides(rhs, rs);
    for (int k = 0; k < p->nsp; k++) {
        sizes[k] = rhs->dims[a->conv_rhs.v[2 + k]];
        p->rhs_sp_step[k] = rs[a->conv_rhs.v[2 + k]];
    }
    if (!window_of(op, lhs, p->nsp, a->conv_lhs.v + 2, sizes, &p->w)) return false;
    int64_t fg = a->feature_groups, bg = a->batch_groups;
    p->out_features = res->dims[a->conv_out.v[1]];
    p->in_per_group = rhs->dims[a->conv_rhs.v[0]];
    p->batch_per_group = res->dims[a->conv_out.v[0]];
    if (fg < 1 || bg < 1 || p->out_features % fg || p->out_features % bg) return false;
    p->out_per_fgroup = p->out_features / fg;
    p->out_per_bgroup = p->out_features / bg;
    p->lhs_batch_step = ls[a->conv_lhs.v[0]];
    p->lhs_feature_step = ls[a->conv_lhs.v[1]];
    p->rhs_in_step = rs[a->conv_rhs.v[0]];
    p->rhs_out_step = rs[a->conv_rhs.v[1]];
    p->lt = elem_type_of(lhs->dtype);
    p->rt = elem_type_of(rhs->dtype);
    p->t = elem_type_of(res->dtype);
    p->mul = ev_binary_resolve(IR_MULTIPLY, p->t.cls);
    p->add = ev_binary_resolve(IR_ADD, p->t.cls);
    return p->mul && p->add && p->t.cls != ELEM_OTHER && p->lt.cls != ELEM_OTHER;
}

/* One result element: the sum over the input features of its group
 * (outermost) and the window (row-major), every product and sum rounded to
 * the result type, as dot_general over those contracting dimensions. */
static elem_value conv_element(const ev_frame *fr, const ir_op *op, const conv_plan *p, int64_t b, int64_t o,
                               const int64_t *pos) {
    const void *lhs = ev_data(fr, op->in[0]), *rhs = ev_data(fr, op->in[1]);
    int64_t batch = (o / p->out_per_bgroup) * p->batch_per_group + b;
    int64_t first_feature = (o / p->out_per_fgroup) * p->in_per_group;
    elem_value acc = {.i = 0};
    if (numel_of(p->w.w.size, p->nsp) == 0) return acc;
    for (int64_t f = 0; f < p->in_per_group; f++) {
        int64_t lbase = batch * p->lhs_batch_step + (first_feature + f) * p->lhs_feature_step;
        int64_t rbase = f * p->rhs_in_step + o * p->rhs_out_step;
        int64_t off[IR_MAX_RANK] = {0};
        do {
            int64_t at = window_point(&p->w, pos, off), r = rbase;
            for (int k = 0; k < p->nsp; k++) r += off[k] * p->rhs_sp_step[k];
            elem_value x = {.i = 0};
            if (at >= 0) x = elem_canon(&p->t, ev_convert(elem_load(p->lt.dtype, lhs, lbase + at), &p->lt, &p->t));
            elem_value y = elem_canon(&p->t, ev_convert(elem_load(p->rt.dtype, rhs, r), &p->rt, &p->t));
            acc = elem_canon(&p->t, p->add(acc, elem_canon(&p->t, p->mul(x, y, &p->t)), &p->t));
        } while (next_index(off, p->w.w.size, p->nsp));
    }
    return acc;
}

int ev_convolution(ev_frame *fr, const ir_op *op, diag *d) {
    conv_plan p;
    if (!plan_conv(fr, op, &p)) return ev_fail(d, DIAG_INVALID, op, "the dimension numbers or window do not fit");
    const ir_type *res = ev_type(fr, op->out[0]);
    const ir_ints *out = &op->a.conv_out;
    int64_t rs[IR_MAX_RANK], idx[IR_MAX_RANK] = {0};
    ev_strides(res, rs);
    if (ir_type_numel(res) == 0) return DIAG_OK;
    do {
        int64_t pos[IR_MAX_RANK], at = 0;
        for (int k = 0; k < p.nsp; k++) pos[k] = idx[out->v[2 + k]];
        for (int i = 0; i < res->rank; i++) at += idx[i] * rs[i];
        elem_store(p.t.dtype, ev_data(fr, op->out[0]), at, conv_element(fr, op, &p, idx[out->v[0]], idx[out->v[1]], pos));
    } while (next_index(idx, res->dims, res->rank));
    return DIAG_OK;
}
