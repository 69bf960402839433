/* emit_index.c: opaque kernels for the data movement ops whose positions
 * come from values or padding (semantics as in eval/eval_index.c):
 *
 *  - pad: fills the result with the padding value, then copies the operand
 *    elements that land inside it (the ranges are computed here, so the
 *    copy loop has no test);
 *  - dynamic_slice, dynamic_update_slice: start indices clamped into
 *    [0, dim - size]; the update copies the operand unless the result is
 *    its buffer (in place), then writes the window;
 *  - gather: per result element, the start vector read from the indices
 *    (clamped), plus batching and window offsets;
 *  - scatter: copies the inputs (unless in place), then walks the updates
 *    in row-major order, skipping an update whose position falls outside,
 *    and applies the update computation at that position (repeated indices
 *    combine in the evaluator's order);
 *  - get_dimension_size: a constant store. */
#include <inttypes.h>
#include <string.h>

#include "emit_internal.h"

/* A local "int64_t sN" holding the index expression, clamped into [0, hi]
 * when clamp is set. */
static const char *index_local(emit_ctx *cx, const char *expr, bool clamp, int64_t hi) {
    const char *s = ec_fresh(cx, "s");
    ec_line(cx, "int64_t %s = (int64_t)%s;", s, expr);
    if (clamp) ec_line(cx, "%s = %s < 0 ? 0 : %s > %" PRId64 " ? %" PRId64 " : %s;", s, s, s, hi, hi, s);
    return s;
}

/* "a + b", either side "0" or NULL (nothing) left out. */
static const char *sum(emit_ctx *cx, const char *a, const char *b) {
    bool za = !a || strcmp(a, "0") == 0, zb = !b || strcmp(b, "0") == 0;
    if (za) return zb ? "0" : b;
    if (zb) return a;
    return ec_str(cx, "(%s + %s)", a, b);
}

/* ---- pad ----------------------------------------------------------------------------- */

int emit_pad(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]), *rt = ec_type(cx, root->out[0]);
    const ir_attrs *a = &root->a;
    const char *x = eo_in(cx, root, 0), *pv = eo_in(cx, root, 1), *r = k->out[0];
    int64_t n = ir_type_numel(rt);
    if (n == 0) return cx->rc;
    ec_open(cx, "for (int64_t i = 0; i < %" PRId64 "; i++)", n);
    ec_line(cx, "%s[i] = %s[0];", r, pv);
    ec_close(cx);
    /* operand index i of dim d lands at low + i * step; copy the i that land inside */
    ex_loop loops[IR_MAX_RANK];
    const char *at[IR_MAX_RANK], *to[IR_MAX_RANK];
    int nloops = 0;
    for (int d = 0; d < xt->rank; d++) {
        int64_t step = a->interior.v[d] + 1, low = a->low.v[d], last = rt->dims[d] - 1 - low;
        int64_t lo = low < 0 ? (-low + step - 1) / step : 0;
        int64_t hi = last < 0 ? 0 : last / step + 1;
        if (hi > xt->dims[d]) hi = xt->dims[d];
        if (hi <= lo) return cx->rc;   /* nothing of the operand lands inside */
        if (hi - lo == 1) {
            at[d] = ec_str(cx, "%" PRId64, lo);
        } else {
            at[d] = ec_fresh(cx, "i");
            loops[nloops++] = (ex_loop){at[d], ec_str(cx, "%" PRId64, lo), ec_str(cx, "%" PRId64, hi), hi - lo};
        }
        to[d] = ec_str(cx, "(%" PRId64 " + %s * %" PRId64 ")", low, at[d], step);
    }
    ec_loops_open(cx, loops, nloops, false, false);
    ec_line(cx, "%s[%s] = %s[%s];", r, eo_offset(cx, rt, to), x, eo_offset(cx, xt, at));
    ec_loops_close(cx, nloops);
    return cx->rc;
}

/* ---- dynamic slices ---------------------------------------------------------------------- */

/* Start index operands first.. of the root, each clamped so that a window
 * of size[d] fits in x. */
static void clamped_starts(emit_ctx *cx, const ir_op *root, int first, const ir_type *xt, const int64_t *size,
                           const char **start) {
    for (int d = 0; d < xt->rank; d++)
        start[d] = index_local(cx, ec_str(cx, "%s[0]", eo_in(cx, root, first + d)), true, xt->dims[d] - size[d]);
}

int emit_dynamic_slice(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]), *rt = ec_type(cx, root->out[0]);
    const char *x = eo_in(cx, root, 0), *r = k->out[0];
    if (ir_type_numel(rt) == 0) return cx->rc;
    const char *start[IR_MAX_RANK], *at[IR_MAX_RANK], *from[IR_MAX_RANK];
    clamped_starts(cx, root, 1, xt, rt->dims, start);
    eo_loops_open(cx, rt, at);
    for (int d = 0; d < xt->rank; d++) from[d] = sum(cx, start[d], at[d]);
    ec_line(cx, "%s[%s] = %s[%s];", r, eo_offset(cx, rt, at), x, eo_offset(cx, xt, from));
    eo_loops_close(cx, rt);
    return cx->rc;
}

int emit_dynamic_update_slice(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]), *ut = ec_type(cx, root->in[1]);
    const char *x = eo_in(cx, root, 0), *u = eo_in(cx, root, 1), *r = k->out[0];
    eo_copy(cx, r, x, xt);
    if (ir_type_numel(ut) == 0) return cx->rc;
    const char *start[IR_MAX_RANK], *at[IR_MAX_RANK], *to[IR_MAX_RANK];
    clamped_starts(cx, root, 2, xt, ut->dims, start);
    eo_loops_open(cx, ut, at);
    for (int d = 0; d < xt->rank; d++) to[d] = sum(cx, start[d], at[d]);
    ec_line(cx, "%s[%s] = %s[%s];", r, eo_offset(cx, xt, to), u, eo_offset(cx, ut, at));
    eo_loops_close(cx, ut);
    return cx->rc;
}

/* ---- gather and scatter -------------------------------------------------------------------- */

/* The positions of one element of gather's result or scatter's updates
 * (index `at`, of type t) in the operand: the start vector read from the
 * indices, plus the batching and window offsets. Shared by both ops
 * through their common dimension numbers (ir.h). */
typedef struct index_walk {
    const ir_op *root;
    const ir_type *xt, *it, *t;
    const char *indices;
    int64_t ivd;
    int batch[IR_MAX_RANK];    /* t's dims that are not window dims, in order */
    int wdims[IR_MAX_RANK];    /* the operand dims a window spans, in order */
} index_walk;

static bool listed(const ir_ints *l, int64_t d) {
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == d) return true;
    return false;
}

static void index_walk_init(index_walk *w, emit_ctx *cx, const ir_op *root, int x, int indices, const ir_type *t) {
    const ir_attrs *a = &root->a;
    w->root = root;
    w->xt = ec_type(cx, root->in[x]);
    w->it = ec_type(cx, root->in[indices]);
    w->t = t;
    w->indices = eo_in(cx, root, indices);
    w->ivd = a->axis_b;
    for (int d = 0, n = 0; d < t->rank; d++)
        if (!listed(&a->window, d)) w->batch[n++] = d;
    for (int d = 0, n = 0; d < w->xt->rank; d++)
        if (!listed(&a->collapsed, d) && !listed(&a->op_batch, d)) w->wdims[n++] = d;
}

/* The index of t (at[]) that batch position of index dim ds reads. */
static const char *batch_var(const index_walk *w, const char *const *at, int64_t ds) {
    return at[w->batch[ds < w->ivd ? ds : ds - 1]];
}

/* Fills pos[d] (an expression per operand dim) for element at[]; start
 * indices are clamped when sizes is given (gather). Returns, in *checked,
 * a bit per operand dim whose position may fall outside (scatter). */
static void index_positions(emit_ctx *cx, const index_walk *w, const char *const *at, const int64_t *sizes,
                            const char **pos, unsigned *checked) {
    const ir_attrs *a = &w->root->a;
    const char *iat[IR_MAX_RANK];
    for (int d = 0; d < w->xt->rank; d++) pos[d] = "0";
    for (int d = 0; d < w->it->rank; d++) iat[d] = d == w->ivd ? "0" : batch_var(w, at, d);
    *checked = 0;
    for (int kk = 0; kk < a->index_map.n; kk++) {
        if (w->ivd < w->it->rank) iat[w->ivd] = ec_str(cx, "%d", kk);
        int64_t d = a->index_map.v[kk];
        const char *load = ec_str(cx, "%s[%s]", w->indices, eo_offset(cx, w->it, iat));
        pos[d] = index_local(cx, load, sizes != NULL, sizes ? w->xt->dims[d] - sizes[d] : 0);
        *checked |= 1u << d;
    }
    for (int i = 0; i < a->op_batch.n; i++)
        pos[a->op_batch.v[i]] = sum(cx, pos[a->op_batch.v[i]], batch_var(w, at, a->ix_batch.v[i]));
    for (int i = 0; i < a->window.n; i++) pos[w->wdims[i]] = sum(cx, pos[w->wdims[i]], at[a->window.v[i]]);
}

int emit_gather(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *rt = ec_type(cx, root->out[0]);
    const char *x = eo_in(cx, root, 0), *r = k->out[0];
    if (ir_type_numel(rt) == 0) return cx->rc;
    index_walk w;
    index_walk_init(&w, cx, root, 0, 1, rt);
    const char *at[IR_MAX_RANK], *pos[IR_MAX_RANK];
    unsigned checked;
    eo_loops_open(cx, rt, at);
    index_positions(cx, &w, at, root->a.sizes.v, pos, &checked);
    ec_line(cx, "%s[%s] = %s[%s];", r, eo_offset(cx, rt, at), x, eo_offset(cx, w.xt, pos));
    eo_loops_close(cx, rt);
    return cx->rc;
}

int emit_scatter(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    int n = (root->nin - 1) / 2;
    const ir_type *xt = ec_type(cx, root->in[0]), *ut = ec_type(cx, root->in[n + 1]);
    for (int i = 0; i < n; i++) eo_copy(cx, k->out[i], eo_in(cx, root, i), xt);
    if (ir_type_numel(ut) == 0 || ir_type_numel(xt) == 0) return cx->rc;
    index_walk w;
    index_walk_init(&w, cx, root, 0, n, ut);
    const char *at[IR_MAX_RANK], *pos[IR_MAX_RANK];
    unsigned checked;
    eo_loops_open(cx, ut, at);
    index_positions(cx, &w, at, NULL, pos, &checked);
    sbuf cond = {0};
    for (int d = 0; d < xt->rank; d++) {
        if (!(checked >> d & 1)) continue;
        pos[d] = ex_local(cx, IR_I64, pos[d]);
        sb_printf(&cond, "%s(uint64_t)%s < %" PRId64 "u", cond.len ? " && " : "", pos[d], xt->dims[d]);
    }
    if (cond.len) ec_open(cx, "if (%s)", ec_take(cx, &cond));
    else ec_block(cx);
    const char *off = ex_local(cx, IR_I64, eo_offset(cx, xt, pos)), *uoff = eo_offset(cx, ut, at);
    const char *acc[IR_MAX_RANK * 4], *upd[IR_MAX_RANK * 4];
    for (int i = 0; i < n && i < IR_MAX_RANK * 4; i++) {
        ir_dtype t = ec_type(cx, root->out[i])->dtype;
        acc[i] = ex_local(cx, t, ec_str(cx, "%s[%s]", k->out[i], off));
        upd[i] = ex_local(cx, t, ec_str(cx, "%s[%s]", eo_in(cx, root, n + 1 + i), uoff));
    }
    if (n > IR_MAX_RANK * 4) return ec_fail_op(cx, DIAG_UNSUPPORTED, root, "more than %d inputs", IR_MAX_RANK * 4);
    ex_apply_reducer(cx, root->regions[0], n, acc, upd);
    for (int i = 0; i < n; i++) ec_line(cx, "%s[%s] = %s;", k->out[i], off, acc[i]);
    ec_close(cx);
    sb_free(&cond);
    eo_loops_close(cx, ut);
    return cx->rc;
}

int emit_get_dimension_size(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]);   /* its shape, never its elements */
    ec_line(cx, "%s[0] = %" PRId64 ";", k->out[0], xt->dims[root->a.axis]);
    return cx->rc;
}
