/* emit_window.c: the emitters of the opaque kernels that slide a window
 * over an input (reduce_window, select_and_scatter, convolution) and of
 * map. Each computes what the evaluator computes (src/eval/eval_window.c,
 * eval_control.c) in the same order, so results agree bit for bit:
 *  - reduce_window: per result element, the reducer folds the window's
 *    points in row-major window order, padding as the init values;
 *  - select_and_scatter: per source element in row-major order, select
 *    picks a point of its window (the first wins unless select(kept, next)
 *    is false), then scatter(result, source) updates it;
 *  - convolution: per result element, the sum over the group's input
 *    features (outermost) and the window (row-major) of input times
 *    kernel, every product and sum rounded to the result type;
 *  - map: the computation per element.
 * A window point is an input element or padding (see ir_window in ir.h);
 * the generated code tests only the conditions that can fail. */
#include <inttypes.h>
#include <string.h>

#include "emit_internal.h"

/* An ir_window over dimensions of an input, as the generated code reads it. */
typedef struct ew_window {
    ir_window w;
    int64_t in_dims[IR_MAX_RANK], in_strides[IR_MAX_RANK];
    int64_t positions[IR_MAX_RANK];   /* window positions per dimension */
    /* convolution: window offset t along dim k reads the kernel at offset
       kfirst[k] + kstep[k] * t (0 and 1 but in a phase's window: phase_window) */
    int64_t kfirst[IR_MAX_RANK], kstep[IR_MAX_RANK];
} ew_window;

static void row_major_strides(const ir_type *t, int64_t *strides) {
    int64_t s = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        strides[d] = s;
        s *= t->dims[d];
    }
}

/* The window of root over `in` along dims[0..rank), sizes from `sizes`
 * (NULL: the op's window_dimensions); positions[k] is the result's extent
 * along window dimension k. */
static bool window_of(emit_ctx *cx, const ir_op *root, const ir_type *in, int rank, const int64_t *dims,
                      const int64_t *sizes, const int64_t *positions, ew_window *w) {
    char why[200];
    if (!ir_window_read(root, rank, sizes, &w->w, why, sizeof why)) {
        ec_fail_op(cx, DIAG_INVALID, root, "%s", why);
        return false;
    }
    int64_t strides[IR_MAX_RANK];
    row_major_strides(in, strides);
    for (int k = 0; k < rank; k++) {
        w->in_dims[k] = in->dims[dims[k]];
        w->in_strides[k] = strides[dims[k]];
        w->positions[k] = positions[k];
        w->kfirst[k] = 0;
        w->kstep[k] = 1;
    }
    return true;
}

/* A row-major loop nest over the window's offsets (no loop where the size
 * is 1): off[k] is offset k's expression. */
static ir_type window_space(const ew_window *w) { return ir_type_make(IR_I64, w->w.rank, w->w.size); }

/* The window point at position pos[] and offset off[]: declares what it
 * needs and returns the condition that it is an input element (NULL when
 * it always is), with its element offset into the input in *at. Dim
 * `along` (-1: none; it has no base dilation) is left out of the
 * condition and its term of *at is written inline, so that pos[along] may
 * be an index that is not declared yet (a loop's inside the caller's:
 * conv_row_offset). */
static const char *window_point_along(emit_ctx *cx, const ew_window *w, const char *const *pos,
                                      const char *const *off, int along, const char **at) {
    sbuf cond = {0}, offset = {0};
    for (int k = 0; k < w->w.rank; k++) {
        const ir_window *x = &w->w;
        int64_t top = (w->positions[k] - 1) * x->stride[k] + (x->size[k] - 1) * x->win_dil[k] - x->lo[k];
        int64_t last = (w->in_dims[k] - 1) * x->base_dil[k];
        const char *e = ec_str(cx, "%s * %" PRId64 " + %s * %" PRId64 " - %" PRId64, pos[k], x->stride[k], off[k],
                               x->win_dil[k], x->lo[k]);
        if (k == along) {
            sb_printf(&offset, "%s(%s) * %" PRId64, offset.len ? " + " : "", e, w->in_strides[k]);
            continue;
        }
        const char *q = ex_local(cx, IR_I64, e);
        if (x->lo[k] > 0) sb_printf(&cond, "%s%s >= 0", cond.len ? " && " : "", q);
        if (top > last) sb_printf(&cond, "%s%s <= %" PRId64, cond.len ? " && " : "", q, last);
        if (x->base_dil[k] > 1) {
            sb_printf(&cond, "%s%s %% %" PRId64 " == 0", cond.len ? " && " : "", q, x->base_dil[k]);
            sb_printf(&offset, "%s%s / %" PRId64 " * %" PRId64, offset.len ? " + " : "", q, x->base_dil[k],
                      w->in_strides[k]);
        } else {
            sb_printf(&offset, "%s%s * %" PRId64, offset.len ? " + " : "", q, w->in_strides[k]);
        }
    }
    if (!offset.len) sb_puts(&offset, "0");
    *at = ec_take(cx, &offset);
    return cond.len ? ec_take(cx, &cond) : NULL;
}

static const char *window_point(emit_ctx *cx, const ew_window *w, const char *const *pos, const char *const *off,
                                const char **at) {
    return window_point_along(cx, w, pos, off, -1, at);
}

/* The dimensions 0..rank-1 in order. */
static void all_dims(int rank, int64_t *dims) {
    for (int k = 0; k < rank; k++) dims[k] = k;
}

/* Binds region b's arguments to args and returns the expression of its
 * returned value r, computed in the current scope. */
static const char *region_result(emit_ctx *cx, const ir_block *b, const char *const *args, int r) {
    ex_index scalar = ex_scalar_index();
    for (int i = 0; i < b->nargs; i++) ex_bind(cx, b->args[i], &scalar, args[i]);
    return ex_value(cx, b->ops[b->nops - 1]->in[r], &scalar);
}

/* ---- reduce_window ------------------------------------------------------------ */

static int emit_window_fold(emit_ctx *cx, const ex_kernel *k, const ir_op *root);

/* A prefix scan (the contract's SCAN: cumsum, cumprod, cummax). Output i's
 * window is init, then n - 1 - i padding points (each init), then
 * in[0..i], folded in that order; where reducer(init, init) is init bit
 * for bit (0 + 0, 1 * 1, max(-inf, -inf)) the padding changes nothing and
 * output i is output i - 1 folded with in[i]: the scan computes the very
 * same values in O(n) instead of O(n^2), in either mode. Otherwise (an
 * init that is not idempotent) the window path below runs, chosen at run
 * time as the init is data. Opens the `else` the caller fills. */
/* The index space of t with the dims in [from, to) set to 1. */
static ir_type without_dims(const ir_type *t, int from, int to) {
    ir_type u = *t;
    for (int d = from; d < to; d++) u.dims[d] = 1;
    return u;
}

/* Scan along the last dim: a line at a time, its accumulator in a local. */
static void scan_lines(emit_ctx *cx, const ex_kernel *k, const ir_op *root, int d, const char *init) {
    const ir_type *in = ec_type(cx, root->in[0]);
    ir_type lines = without_dims(in, d, d + 1);
    ex_index pos;
    eo_loops_open(cx, &lines, &pos);
    const char *base = ex_offset(cx, in, &pos), *acc = ec_fresh(cx, "acc"), *j = ec_fresh(cx, "j");
    ec_line(cx, "%s %s = %s;", ec_vtype(in->dtype), acc, init);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", j, j, in->dims[d], j);
    const char *at = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", base, j));
    const char *x = ex_load(cx, in->dtype, eo_in(cx, root, 0), at);
    ex_apply_reducer(cx, root->regions[0], 1, &acc, &x);
    ex_store(cx, in->dtype, k->out[0], at, acc);
    ec_close(cx);
    eo_loops_close(cx, &lines);
}

/* Scan along an outer dim: row j of the result is row j - 1 (init for the
 * first) folded with row j of the input, element by element; the rows are
 * contiguous, so the inner loops read and write memory in order (and
 * vectorise). Each output element is its accumulator, stored and read
 * back exactly. */
static void scan_rows(emit_ctx *cx, const ex_kernel *k, const ir_op *root, int d, const char *init) {
    const ir_type *in = ec_type(cx, root->in[0]);
    int64_t strides[IR_MAX_RANK];
    row_major_strides(in, strides);
    ir_type outer = without_dims(in, d, in->rank), inner = without_dims(in, 0, d + 1);
    ex_index opos, ipos;
    eo_loops_open(cx, &outer, &opos);
    const char *base = ex_offset(cx, in, &opos), *j = ec_fresh(cx, "j");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", j, j, in->dims[d], j);
    eo_loops_open(cx, &inner, &ipos);
    const char *at = ex_local(cx, IR_I64, ec_str(cx, "%s + %s * %" PRId64 " + %s", base, j, strides[d],
                                                 ex_offset(cx, in, &ipos)));
    const char *acc = ec_fresh(cx, "acc");
    ec_line(cx, "%s %s = %s;", ec_vtype(in->dtype), acc, init);
    ec_open(cx, "if (%s > 0)", j);
    ec_line(cx, "%s = %s;", acc, ex_element(cx, in->dtype, k->out[0], ec_str(cx, "%s - %" PRId64, at, strides[d])));
    ec_close(cx);
    const char *x = ex_load(cx, in->dtype, eo_in(cx, root, 0), at);
    ex_apply_reducer(cx, root->regions[0], 1, &acc, &x);
    ex_store(cx, in->dtype, k->out[0], at, acc);
    eo_loops_close(cx, &inner);
    ec_close(cx);
    eo_loops_close(cx, &outer);
}

static void emit_scan(emit_ctx *cx, const ex_kernel *k, const ir_op *root, int d) {
    const ir_type *in = ec_type(cx, root->in[0]);
    ir_dtype t = in->dtype;
    const char *init = ex_load(cx, t, eo_in(cx, root, 1), "0"), *twice = ec_fresh(cx, "twice");
    ec_line(cx, "%s %s = %s;", ec_vtype(t), twice, init);
    ex_apply_reducer(cx, root->regions[0], 1, &twice, &init);
    ec_open(cx, "if (memcmp(&%s, &%s, sizeof %s) == 0)", twice, init, init);
    if (d == in->rank - 1) scan_lines(cx, k, root, d, init);
    else scan_rows(cx, k, root, d, init);
    ec_close(cx);
    ec_open(cx, "else");
}

int emit_reduce_window(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    bool scan = ck->strategy == CONTRACT_SCAN && ir_type_numel(ec_type(cx, root->out[0])) > 0;
    if (scan) emit_scan(cx, k, root, ck->scan_dim);
    int rc = emit_window_fold(cx, k, root);
    if (scan) ec_close(cx);
    return rc;
}

/* Whether the window passes the last dim straight through (size 1, stride
 * 1, no dilation or padding: NHWC's channels under a pooling window) and
 * it is long enough to be worth a loop of its own. */
static bool passes_last_dim(const ew_window *w, const ir_type *rt) {
    int d = w->w.rank - 1;
    const ir_window *x = &w->w;
    return d >= 0 && x->size[d] == 1 && x->stride[d] == 1 && x->win_dil[d] == 1 && x->base_dil[d] == 1 &&
           x->lo[d] == 0 && x->hi[d] == 0 && rt->dims[d] == w->in_dims[d] && rt->dims[d] >= 4;
}

/* The fold with the last dim innermost, inside the window's loops: each
 * result element is its own accumulator, stored and read back exactly, and
 * folds the same points in the same order as one at a time would; the
 * loop over the last dim reads and writes memory in order (and
 * vectorises). */
static void fold_last_dim_inside(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w, int n) {
    const ir_type *rt = ec_type(cx, root->out[0]);
    int last = rt->rank - 1;
    ir_type rows = *rt;
    rows.dims[last] = 1;
    ex_index pos;
    eo_loops_open(cx, &rows, &pos);
    const char *row = ex_offset(cx, rt, &pos), *c = ec_fresh(cx, "c");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", c, c, rt->dims[last], c);
    for (int i = 0; i < n; i++)
        ex_store(cx, ec_type(cx, root->out[i])->dtype, k->out[i], ec_str(cx, "%s + %s", row, c),
                 ex_element(cx, ec_type(cx, root->out[i])->dtype, eo_in(cx, root, n + i), "0"));
    ec_close(cx);
    ir_type space = window_space(w);
    ex_index off, at_c = pos;
    at_c.at[last] = c;
    if (ir_type_numel(&space) > 0) {
        eo_loops_open(cx, &space, &off);
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", c, c, rt->dims[last], c);
        const char *at, *inside = window_point(cx, w, at_c.at, off.at, &at), *acc[IR_MAX_RANK * 4], *x[IR_MAX_RANK * 4];
        const char *to = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", row, c));
        for (int i = 0; i < n; i++) {
            ir_dtype t = ec_type(cx, root->in[i])->dtype;
            const char *load = ex_element(cx, t, eo_in(cx, root, i), at);
            const char *init = ex_element(cx, t, eo_in(cx, root, n + i), "0");
            x[i] = ex_local(cx, t, inside && load && init ? ec_str(cx, "%s ? %s : %s", inside, load, init) : load);
            acc[i] = ex_load(cx, ec_type(cx, root->out[i])->dtype, k->out[i], to);
        }
        if (!cx->rc) ex_apply_reducer(cx, root->regions[0], n, acc, x);
        for (int i = 0; i < n; i++) ex_store(cx, ec_type(cx, root->out[i])->dtype, k->out[i], to, acc[i]);
        ec_close(cx);
        eo_loops_close(cx, &space);
    }
    eo_loops_close(cx, &rows);
}

/* Per result element, the window folded as the evaluator folds it. */
static int emit_window_fold(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    int n = root->nin / 2;
    const ir_type *in = ec_type(cx, root->in[0]), *rt = ec_type(cx, root->out[0]);
    int64_t dims[IR_MAX_RANK];
    all_dims(in->rank, dims);
    ew_window w;
    if (n > IR_MAX_RANK * 4) return ec_fail_op(cx, DIAG_UNSUPPORTED, root, "more than %d inputs", IR_MAX_RANK * 4);
    if (!window_of(cx, root, in, in->rank, dims, NULL, rt->dims, &w) || ir_type_numel(rt) == 0) return cx->rc;
    if (passes_last_dim(&w, rt)) {
        fold_last_dim_inside(cx, k, root, &w, n);
        return cx->rc;
    }
    const char *acc[IR_MAX_RANK * 4], *x[IR_MAX_RANK * 4], *at;
    ex_index pos, off;
    eo_loops_open(cx, rt, &pos);
    for (int i = 0; i < n; i++) acc[i] = ex_load(cx, ec_type(cx, root->out[i])->dtype, eo_in(cx, root, n + i), "0");
    ir_type space = window_space(&w);
    if (ir_type_numel(&space) > 0) {
        eo_loops_open(cx, &space, &off);
        const char *inside = window_point(cx, &w, pos.at, off.at, &at);
        for (int i = 0; i < n; i++) {
            ir_dtype t = ec_type(cx, root->in[i])->dtype;
            const char *load = ex_element(cx, t, eo_in(cx, root, i), at);
            const char *init = ex_element(cx, t, eo_in(cx, root, n + i), "0");
            x[i] = ex_local(cx, t, inside && load && init ? ec_str(cx, "%s ? %s : %s", inside, load, init) : load);
        }
        if (!cx->rc) ex_apply_reducer(cx, root->regions[0], n, acc, x);
        eo_loops_close(cx, &space);
    }
    const char *store = ex_offset(cx, rt, &pos);
    for (int i = 0; i < n; i++) ex_store(cx, ec_type(cx, root->out[i])->dtype, k->out[i], store, acc[i]);
    eo_loops_close(cx, rt);
    return cx->rc;
}

/* ---- select_and_scatter ----------------------------------------------------------- */

/* Over source position pos: the input offset the window selects into
 * `best` (-1 when its window holds no element). */
static void select_point(emit_ctx *cx, const ir_op *root, const ew_window *w, const char *const *pos,
                         const char *best) {
    ir_dtype t = ec_type(cx, root->in[0])->dtype;
    const char *kept = ec_fresh(cx, "kept"), *at;
    ec_line(cx, "%s %s = 0;", ec_vtype(t), kept);
    ir_type space = window_space(w);
    ex_index off;
    eo_loops_open(cx, &space, &off);
    const char *inside = window_point(cx, w, pos, off.at, &at);
    if (inside) ec_open(cx, "if (%s)", inside);
    else ec_block(cx);
    const char *cur = ex_load(cx, t, eo_in(cx, root, 0), at);
    const char *pick = ec_fresh(cx, "pick");
    ec_line(cx, "int %s = %s < 0;", pick, best);
    ec_open(cx, "if (!%s)", pick);
    const char *args[2] = {kept, cur};
    const char *sel = region_result(cx, root->regions[0], args, 0);
    if (sel) ec_line(cx, "%s = !%s;", pick, sel);
    ec_close(cx);
    ec_open(cx, "if (%s)", pick);
    ec_line(cx, "%s = %s;", best, at);
    ec_line(cx, "%s = %s;", kept, cur);
    ec_close(cx);
    ec_close(cx);
    eo_loops_close(cx, &space);
}

int emit_select_and_scatter(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *in = ec_type(cx, root->in[0]), *src = ec_type(cx, root->in[1]);
    int64_t dims[IR_MAX_RANK];
    all_dims(in->rank, dims);
    ew_window w;
    if (!window_of(cx, root, in, in->rank, dims, NULL, src->dims, &w)) return cx->rc;
    ex_index all, pos;
    if (ir_type_numel(in) > 0) {   /* the init value, moved unchanged */
        eo_loops_open(cx, in, &all);
        ec_line(cx, "%s[%s] = %s[0];", k->out[0], ex_offset(cx, in, &all), eo_in(cx, root, 2));
        eo_loops_close(cx, in);
    }
    ir_type space = window_space(&w);
    if (ir_type_numel(src) == 0 || ir_type_numel(&space) == 0) return cx->rc;
    eo_loops_open(cx, src, &pos);
    const char *best = ec_fresh(cx, "best");
    ec_line(cx, "int64_t %s = -1;", best);
    select_point(cx, root, &w, pos.at, best);
    ec_open(cx, "if (%s >= 0)", best);
    ir_dtype t = ec_type(cx, root->out[0])->dtype;
    const char *args[2] = {ex_load(cx, t, k->out[0], best),
                           ex_load(cx, src->dtype, eo_in(cx, root, 1), ex_offset(cx, src, &pos))};
    ex_store(cx, t, k->out[0], best, cx->rc ? NULL : region_result(cx, root->regions[1], args, 0));
    ec_close(cx);
    eo_loops_close(cx, src);
    return cx->rc;
}

/* ---- convolution ------------------------------------------------------------------- */

/* The direct convolution (every form; the evaluator's sums in its order,
 * so bit for bit in strict mode) walks the result a row of its innermost
 * dim at a time: the row starts at 0, and for each input feature of the
 * group (outermost) and window offset (row-major) each of its elements
 * adds its product, the loop along the row innermost. That loop reads the
 * result in order, and in NHWC the input and the kernel too (in NCHW the
 * input's row): it vectorises, where a loop over the window per element
 * cannot (a depthwise convolution, whose groups a matrix product would
 * take one input feature and one output at a time). Whether a window point
 * is inside the input is decided once per row and offset; along the row's
 * own dim, when it is spatial and undilated, as a range of the row. */
typedef struct conv_row {
    const ir_op *root;
    const ew_window *w;
    const char *out;            /* the result's buffer */
    const char *idx[IR_MAX_RANK];   /* the result index, idx[last] the row's index c */
    const char *c, *row;        /* the row's index, and its first element's offset in the result */
    const char *f;              /* the input feature within the group */
    const char *const *off;     /* the window offsets */
    const char *at;             /* the point's offset within the input's (image, feature) (hoisted) */
    int along;                  /* the undilated spatial dim the row runs along, else -1 */
    bool tested;                /* the row runs along a dilated spatial dim: each point tested */
} conv_row;

enum conv_point { POINT_INSIDE, POINT_PADDING, POINT_TESTED };

/* The input element of result index idx's image and feature group, at
 * input feature f of the group and the point offset `at`. */
static const char *conv_input_at(emit_ctx *cx, const ir_op *root, const char *const *idx, const char *f,
                                 const char *at) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int64_t ls[IR_MAX_RANK];
    row_major_strides(lhs, ls);
    int64_t out_f = res->dims[a->conv_out.v[1]], in_g = rhs->dims[a->conv_rhs.v[0]];
    int64_t out_per_fg = out_f / a->feature_groups, out_per_bg = out_f / a->batch_groups;
    const char *b = idx[a->conv_out.v[0]], *o = idx[a->conv_out.v[1]];
    /* without groups of a kind, its term is left out: a plain index is what vectorises */
    const char *image = a->batch_groups == 1 ? b : ec_str(cx, "%s / %" PRId64 " * %" PRId64 " + %s", o, out_per_bg,
                                                           res->dims[a->conv_out.v[0]], b);
    const char *feature = a->feature_groups == 1 ? f : ec_str(cx, "%s / %" PRId64 " * %" PRId64 " + %s", o,
                                                             out_per_fg, in_g, f);
    return ec_str(cx, "(%s) * %" PRId64 " + (%s) * %" PRId64 " + %s", image, ls[a->conv_lhs.v[0]], feature,
                  ls[a->conv_lhs.v[1]], at);
}

/* The kernel element output feature idx[feature] reads at input feature f
 * and window offsets off[]. */
static const char *conv_kernel_at(emit_ctx *cx, const ir_op *root, const char *const *idx, const char *f,
                                  const char *const *off) {
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]);
    int64_t rs[IR_MAX_RANK];
    row_major_strides(rhs, rs);
    sbuf kat = {0};
    sb_printf(&kat, "%s * %" PRId64 " + %s * %" PRId64, f, rs[a->conv_rhs.v[0]], idx[a->conv_out.v[1]],
              rs[a->conv_rhs.v[1]]);
    for (int s = 0; s < rhs->rank - 2; s++)
        if (strcmp(off[s], "0") != 0) sb_printf(&kat, " + %s * %" PRId64, off[s], rs[a->conv_rhs.v[2 + s]]);
    return ec_take(cx, &kat);
}

/* for c in [from, to): element c of the row adds input times kernel, the
 * input the window point's element (POINT_INSIDE), 0 (POINT_PADDING: the
 * product still taken, as 0 * inf is NaN), or either as tested there. */
static void conv_span(emit_ctx *cx, const conv_row *r, const char *from, const char *to, enum conv_point point) {
    const ir_op *root = r->root;
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    ir_dtype t = res->dtype;
    if (strcmp(from, to) == 0) return;
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", r->c, from, r->c, to, r->c);
    const char *x = ec_str(cx, "(%s)0", ec_vtype(t)), *at = r->at, *inside = NULL, *pos[IR_MAX_RANK];
    if (point == POINT_TESTED) {
        for (int s = 0; s < lhs->rank - 2; s++) pos[s] = r->idx[a->conv_out.v[2 + s]];
        inside = window_point(cx, r->w, pos, r->off, &at);
    }
    if (point != POINT_PADDING) {
        const char *load = ex_element(cx, lhs->dtype, eo_in(cx, root, 0), conv_input_at(cx, root, r->idx, r->f, at));
        x = es_convert(cx, lhs->dtype, t, load);
        if (inside && x) x = ec_str(cx, "%s ? %s : (%s)0", inside, x, ec_vtype(t));
    }
    const char *y = es_convert(cx, rhs->dtype, t,
                               ex_element(cx, rhs->dtype, eo_in(cx, root, 1), conv_kernel_at(cx, root, r->idx, r->f, r->off)));
    x = ex_local(cx, t, x);
    y = ex_local(cx, t, y);
    const char *prod = x && y ? ex_local(cx, t, es_binary(cx, root, IR_MULTIPLY, t, x, y)) : NULL;
    const char *to_at = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", r->row, r->c));
    const char *acc = ex_load(cx, t, r->out, to_at);
    const char *sum = prod && acc ? es_binary(cx, root, IR_ADD, t, acc, prod) : NULL;
    ex_store(cx, t, r->out, to_at, sum);
    ec_close(cx);
}

/* Along window dim s, the point of index c is c * stride - u (u: the
 * padding less the offset's and the first index's share). Declares lo and
 * hi, the run [lo, hi) of c in [0, n) whose points lie inside the input:
 * [0, lo) and [hi, n) are padding. */
static void inside_span(emit_ctx *cx, const ew_window *w, int s, const char *u_expr, const char *n, const char **lo,
                        const char **hi) {
    const ir_window *x = &w->w;
    int64_t last = w->in_dims[s] - 1;
    const char *u = ex_local(cx, IR_I64, u_expr);
    *lo = ex_local(cx, IR_I64, ec_str(cx, "%s <= 0 ? 0 : (%s + %" PRId64 ") / %" PRId64, u, u, x->stride[s] - 1,
                                      x->stride[s]));
    *hi = ex_local(cx, IR_I64, ec_str(cx, "%s + %" PRId64 " < 0 ? 0 : (%s + %" PRId64 ") / %" PRId64 " + 1", u, last,
                                      u, last, x->stride[s]));
    ec_line(cx, "if (%s > %s) %s = %s;", *hi, n, *hi, n);
    ec_line(cx, "if (%s > %s) %s = %s;", *lo, *hi, *lo, *hi);
}

/* The row's window points at one offset: [0, lo) and [hi, n) padding, [lo,
 * hi) inside, where along the row's spatial dim s the point c * stride +
 * off * wd - lo_pad lies in [0, in_dims). */
static void conv_row_offset(emit_ctx *cx, const conv_row *r, int64_t n) {
    const char *pos[IR_MAX_RANK], *nn = ec_str(cx, "%" PRId64, n);
    const ir_attrs *a = &r->root->a;
    int nsp = r->w->w.rank;
    for (int s = 0; s < nsp; s++) pos[s] = r->idx[a->conv_out.v[2 + s]];
    conv_row in = *r;
    const char *inside = window_point_along(cx, r->w, pos, r->off, r->along, &in.at);
    const char *lo = "0", *hi = nn;
    if (r->along >= 0) {
        const ir_window *x = &r->w->w;
        int s = r->along;
        inside_span(cx, r->w, s, ec_str(cx, "%" PRId64 " - %s * %" PRId64, x->lo[s], r->off[s], x->win_dil[s]), nn,
                    &lo, &hi);
    }
    if (inside) ec_open(cx, "if (%s)", inside);
    conv_span(cx, &in, "0", lo, POINT_PADDING);
    conv_span(cx, &in, lo, hi, POINT_INSIDE);
    conv_span(cx, &in, hi, nn, POINT_PADDING);
    if (!inside) return;
    ec_close(cx);
    ec_open(cx, "else");
    conv_span(cx, &in, "0", nn, POINT_PADDING);
    ec_close(cx);
}

static void emit_conv_direct(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w) {
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    ir_dtype t = res->dtype;
    int last = res->rank - 1, nsp = res->rank - 2;
    int64_t n = res->dims[last];
    conv_row r = {.root = root, .w = w, .out = k->out[0], .c = ec_fresh(cx, "c"), .f = ec_fresh(cx, "f"), .along = -1};
    for (int s = 0; s < nsp; s++)
        if (a->conv_out.v[2 + s] == last) {
            r.along = w->w.base_dil[s] == 1 ? s : -1;
            r.tested = w->w.base_dil[s] != 1;
        }
    ir_type rows = *res;
    rows.dims[last] = 1;
    ex_index idx, offs;
    eo_loops_open(cx, &rows, &idx);
    r.row = ex_local(cx, IR_I64, ex_offset(cx, res, &idx));
    for (int d = 0; d < res->rank; d++) r.idx[d] = d == last ? r.c : idx.at[d];
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", r.c, r.c, n, r.c);
    ex_store(cx, t, r.out, ec_str(cx, "%s + %s", r.row, r.c), ec_str(cx, "(%s)0", ec_vtype(t)));
    ec_close(cx);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", r.f, r.f, rhs->dims[a->conv_rhs.v[0]], r.f);
    ir_type space = window_space(w);
    eo_loops_open(cx, &space, &offs);
    r.off = offs.at;
    if (r.tested) conv_span(cx, &r, "0", ec_str(cx, "%" PRId64, n), POINT_TESTED);
    else conv_row_offset(cx, &r, n);
    eo_loops_close(cx, &space);
    ec_close(cx);
    eo_loops_close(cx, &rows);
}

/* ---- convolution as im2col and sgemm (contract strategy CONV_GEMM) ----------------------- */

bool ew_conv_gemm(const emit_ctx *cx, int step) {
    return cx->p->kernels.k[step].strategy == CONTRACT_CONV_GEMM && !cx->o->no_blas && !cx->o->strict_order;
}

/* The im2col row position of input feature f at window offsets off[]
 * (contract_conv_rows' order). */
static const char *conv_row_at(emit_ctx *cx, const int64_t *rstride, const char *f, const char *const *off, int nsp) {
    sbuf r = {0};
    sb_printf(&r, "%s * %" PRId64, f, rstride[0]);
    for (int s = 0; s < nsp; s++)
        if (strcmp(off[s], "0") != 0) sb_printf(&r, " + %s * %" PRId64, off[s], rstride[1 + s]);
    return ec_take(cx, &r);
}

/* pos[s], the window position along each dim of position p in row-major
 * order over w's positions. */
static void position_of(emit_ctx *cx, const ew_window *w, const char *p, const char **pos) {
    int64_t inner = 1;
    for (int s = w->w.rank - 1; s >= 0; s--) {
        pos[s] = ex_local(cx, IR_I64, ec_str(cx, "%s / %" PRId64 " %% %" PRId64, p, inner, w->positions[s]));
        inner *= w->positions[s];
    }
}

/* The group's kernel as a matrix [row, o], row-major, at kp. */
static void pack_kernel(emit_ctx *cx, const ir_op *root, const ew_window *w, const int64_t *rstride, const char *kp,
                        const char *g) {
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = res->rank - 2;
    int64_t rs[IR_MAX_RANK];
    row_major_strides(rhs, rs);
    int64_t in_g = rhs->dims[a->conv_rhs.v[0]], out_g = res->dims[a->conv_out.v[1]] / a->feature_groups;
    ir_type space = window_space(w);
    const char *f = ec_fresh(cx, "f"), *o = ec_fresh(cx, "o");
    ex_index offs;
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", f, f, in_g, f);
    eo_loops_open(cx, &space, &offs);
    sbuf kat = {0};
    sb_printf(&kat, "%s * %" PRId64 " + (%s * %" PRId64 " + %s) * %" PRId64, f, rs[a->conv_rhs.v[0]], g, out_g, o,
              rs[a->conv_rhs.v[1]]);
    for (int s = 0; s < nsp; s++) {
        if (w->kfirst[s]) sb_printf(&kat, " + %" PRId64, w->kfirst[s] * rs[a->conv_rhs.v[2 + s]]);
        if (strcmp(offs.at[s], "0") != 0)
            sb_printf(&kat, " + %s * %" PRId64, offs.at[s], w->kstep[s] * rs[a->conv_rhs.v[2 + s]]);
    }
    const char *at = conv_row_at(cx, rstride, f, offs.at, nsp);
    const char *row = ex_local(cx, IR_I64, ec_str(cx, "(%s) * %" PRId64, at, out_g));
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", o, o, out_g, o);
    ec_line(cx, "%s[%s + %s] = %s;", kp, row, o, ex_element(cx, IR_F32, eo_in(cx, root, 1), ec_take(cx, &kat)));
    ec_close(cx);
    eo_loops_close(cx, &space);
    ec_close(cx);
}

/* "for (i < n) to = from;" where the window point is inside the input
 * (inside NULL: always), else "for (i < n) to = 0;": a run of im2col
 * entries, i their index in to and from. */
static void copy_or_zero(emit_ctx *cx, const char *inside, const char *i, int64_t n, const char *to, const char *from) {
    if (inside) ec_open(cx, "if (%s)", inside);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, n, i);
    ec_line(cx, "%s = %s;", to, from);
    ec_close(cx);
    if (!inside) return;
    ec_close(cx);
    ec_open(cx, "else");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, n, i);
    ec_line(cx, "%s = 0.0f;", to);
    ec_close(cx);
    ec_close(cx);
}

/* Rows [p0, p0 + pn) of image b's im2col for group g into col: row pp
 * holds, for each input feature f of the group and window offset, the
 * input element the output position p0 + pp reads there (0 for padding).
 * Per window offset, whether it falls inside the input (padding, base
 * dilation) is decided once, and the features are copied (or zeroed) in
 * the innermost loop: in NHWC both sides are contiguous there. */
static void gather_rows(emit_ctx *cx, const ir_op *root, const ew_window *w, const int64_t *rstride, const char *col,
                        const char *b, const char *g, const char *p0, const char *pn) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = res->rank - 2;
    int64_t ls[IR_MAX_RANK];
    row_major_strides(lhs, ls);
    int64_t in_g = rhs->dims[a->conv_rhs.v[0]];
    ir_type space = window_space(w);
    int64_t wsize = ir_type_numel(&space), row = in_g * wsize;
    const char *pp = ec_fresh(cx, "pp"), *f = ec_fresh(cx, "f"), *pos[IR_MAX_RANK], *at;
    ec_open(cx, "for (int64_t %s = 0; %s < %s; %s++)", pp, pp, pn, pp);
    const char *p = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", p0, pp));
    position_of(cx, w, p, pos);
    const char *base = ex_local(cx, IR_I64, ec_str(cx, "%s * %" PRId64 " + %s * %" PRId64, b, ls[a->conv_lhs.v[0]], g,
                                                   in_g * ls[a->conv_lhs.v[1]]));
    ex_index offs;
    eo_loops_open(cx, &space, &offs);
    const char *inside = window_point(cx, w, pos, offs.at, &at);
    const char *src = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", base, at));
    const char *dst = ex_local(cx, IR_I64, ec_str(cx, "%s * %" PRId64 " + %s", pp, row, conv_row_at(cx, rstride, "0", offs.at, nsp)));
    const char *to = ec_str(cx, "%s[%s + %s * %" PRId64 "]", col, dst, f, rstride[0]);
    const char *x = ex_element(cx, IR_F32, eo_in(cx, root, 0), ec_str(cx, "%s + %s * %" PRId64, src, f, ls[a->conv_lhs.v[1]]));
    copy_or_zero(cx, inside, f, in_g, to, x);
    eo_loops_close(cx, &space);
    ec_close(cx);
}

/* As gather_rows, but col holds the block's rows as columns ([row, pn],
 * entry (k, pp) at k * pn + pp), for inputs whose features are outside a
 * contiguous last spatial dim (NCHW; features_outside): per feature and
 * window offset, the block's positions go by segments along that dim,
 * each a run of reads along the input row (contiguous at stride 1)
 * between runs of padding zeros, where gather_rows would read and write
 * with the feature's stride. BLIS takes either layout of A. */
static void gather_columns(emit_ctx *cx, const ir_op *root, const ew_window *w, const int64_t *rstride,
                           const char *col, const char *b, const char *g, const char *p0, const char *pn) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]);
    const ir_window *x = &w->w;
    int nsp = x->rank, s = nsp - 1;
    int64_t ls[IR_MAX_RANK], n = w->positions[s];
    row_major_strides(lhs, ls);
    int64_t in_g = rhs->dims[a->conv_rhs.v[0]];
    ir_type space = window_space(w);
    const char *pp = ec_fresh(cx, "pp"), *f = ec_fresh(cx, "f"), *j = ec_fresh(cx, "j"), *pos[IR_MAX_RANK], *at;
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", f, f, in_g, f);
    const char *base = ex_local(cx, IR_I64, ec_str(cx, "%s * %" PRId64 " + (%s * %" PRId64 " + %s) * %" PRId64, b,
                                                   ls[a->conv_lhs.v[0]], g, in_g, f, ls[a->conv_lhs.v[1]]));
    ex_index offs;
    eo_loops_open(cx, &space, &offs);
    const char *dst = ex_local(cx, IR_I64, ec_str(cx, "(%s) * %s", conv_row_at(cx, rstride, f, offs.at, nsp), pn));
    ec_open(cx, "for (int64_t %s = 0; %s < %s;)", pp, pp, pn);
    position_of(cx, w, ec_str(cx, "(%s + %s)", p0, pp), pos);
    const char *first = pos[s];   /* the segment's first position along the last dim */
    const char *seg = ex_local(cx, IR_I64, ec_str(cx, "%" PRId64 " - %s < %s - %s ? %" PRId64 " - %s : %s - %s", n,
                                                  first, pn, pp, n, first, pn, pp));
    pos[s] = ec_str(cx, "(%s + %s)", first, j);
    const char *inside = window_point_along(cx, w, pos, offs.at, s, &at);
    const char *lo, *hi;
    inside_span(cx, w, s, ec_str(cx, "%" PRId64 " - %s * %" PRId64 " - %s * %" PRId64, x->lo[s], offs.at[s],
                                 x->win_dil[s], first, x->stride[s]), seg, &lo, &hi);
    if (inside) ec_line(cx, "if (!(%s)) %s = %s = %s;", inside, lo, hi, seg);
    const char *to = ec_str(cx, "%s[%s + %s + %s]", col, dst, pp, j);
    ec_line(cx, "for (int64_t %s = 0; %s < %s; %s++) %s = 0.0f;", j, j, lo, j, to);
    ec_line(cx, "#pragma GCC ivdep");
    ec_line(cx, "for (int64_t %s = %s; %s < %s; %s++) %s = %s;", j, lo, j, hi, j, to,
            ex_element(cx, IR_F32, eo_in(cx, root, 0), ec_str(cx, "%s + %s", base, at)));
    ec_line(cx, "for (int64_t %s = %s; %s < %s; %s++) %s = 0.0f;", j, hi, j, seg, j, to);
    ec_line(cx, "%s += %s;", pp, seg);
    ec_close(cx);
    eo_loops_close(cx, &space);
    ec_close(cx);
}

/* Whether the input's features are outside its last spatial dim, which is
 * contiguous and not dilated (NCHW): the im2col is gathered by columns. */
static bool features_outside(emit_ctx *cx, const ir_op *root, const ew_window *w) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]);
    int nsp = lhs->rank - 2;
    int64_t ls[IR_MAX_RANK];
    row_major_strides(lhs, ls);
    return nsp > 0 && ls[a->conv_lhs.v[1]] != 1 && ls[a->conv_lhs.v[1 + nsp]] == 1 && w->w.base_dil[nsp - 1] == 1;
}

/* The bytes of a slot of the scratch block (ew_conv_slots). */
static size_t slot_bytes(const emit_ctx *cx) {
    return cx->p->scratch_bytes / (size_t)cx->o->threads / PLAN_ALIGN * PLAN_ALIGN;
}

/* The blocks the kernel at `step` runs in: the contract's, or in slots
 * (cx->slot_rows) a slot's; *bytes, the scratch they take. */
static contract_kernel conv_blocks(const emit_ctx *cx, const ir_op *root, int step, size_t *bytes) {
    contract_kernel ck = cx->p->kernels.k[step];
    *bytes = ck.scratch;
    if (cx->slot_rows) {
        ck.conv_rows = cx->slot_rows;
        *bytes = contract_conv_layout(cx->f, root, &ck, ck.conv_rows);
    }
    return ck;
}

/* Opens the block of a convolution's sgemms, declaring col, its im2col, at
 * the scratch (a slot's, in slots); false (an internal error) where that
 * is smaller than the blocks' `bytes`. */
static bool open_conv_block(emit_ctx *cx, const ir_op *root, size_t bytes, const char *col) {
    size_t room = cx->slot_rows ? slot_bytes(cx) : cx->p->scratch_bytes;
    if (room < bytes) {
        ec_fail_op(cx, DIAG_INVALID, root, "internal error: a convolution needs %zu bytes of scratch, the plan has %zu",
                   bytes, room);
        return false;
    }
    ec_block(cx);
    ec_line(cx, "float *restrict %s = (float *)scratch;", col);
    return true;
}

/* Opens the loop over the kernel's units (blocks of positions, in the
 * order of its emitter), [0, units), or in slots [aj_from, aj_to); the
 * unit's name. */
static const char *open_units(emit_ctx *cx, int64_t units) {
    const char *u = ec_fresh(cx, "u");
    if (cx->slot_rows) ec_open(cx, "for (int64_t %s = aj_from; %s < aj_to; %s++)", u, u, u);
    else ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", u, u, units, u);
    return u;
}

/* "if (mark != key) { <packs group g's kernel> mark = key; }": a unit's
 * kernel packed once for a run of units that share it. */
static void pack_for(emit_ctx *cx, const ir_op *root, const ew_window *w, const int64_t *rstride, const char *kp,
                     const char *g, const char *mark, const char *key) {
    ec_open(cx, "if (%s != %s)", mark, key);
    pack_kernel(cx, root, w, rstride, kp, g);
    ec_line(cx, "%s = %s;", mark, key);
    ec_close(cx);
}

/* The part of unit u that counts n with `inner` units inside it, u / inner
 * % n as a local, or "0" where n is 1. */
static const char *unit_part(emit_ctx *cx, const char *u, int64_t inner, int64_t n) {
    if (n == 1) return "0";
    return ex_local(cx, IR_I64, ec_str(cx, "%s / %" PRId64 " %% %" PRId64, u, inner, n));
}

/* Batch inner (contract_kernel.conv_batch_inner): rows [k0, k0 + kn) of
 * the summed (input feature, window offset) dim, in contract_conv_rows'
 * order, into col as an [kn, positions * batch] matrix: entry (k, p * B + b)
 * is batch element b's input at feature f and window offset of k for
 * output position p (0 for padding). The batch is the input's innermost
 * dim, so each (k, p) copies B contiguous floats. */
static void gather_batch_inner(emit_ctx *cx, const ir_op *root, const ew_window *w, const int64_t *rstride,
                               const char *col, const char *k0, const char *kn) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = res->rank - 2;
    int64_t ls[IR_MAX_RANK];
    row_major_strides(lhs, ls);
    int64_t in_g = rhs->dims[a->conv_rhs.v[0]], batch = res->dims[a->conv_out.v[0]], positions = 1;
    for (int s = 0; s < nsp; s++) positions *= res->dims[a->conv_out.v[2 + s]];
    const char *kk = ec_fresh(cx, "kk"), *p = ec_fresh(cx, "p"), *b = ec_fresh(cx, "b"), *off[IR_MAX_RANK], *pos[IR_MAX_RANK];
    ec_open(cx, "for (int64_t %s = 0; %s < %s; %s++)", kk, kk, kn, kk);
    const char *k = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", k0, kk));
    const char *f = ex_local(cx, IR_I64, ec_str(cx, "%s / %" PRId64 " %% %" PRId64, k, rstride[0], in_g));
    for (int s = 0; s < nsp; s++)
        off[s] = ex_local(cx, IR_I64, ec_str(cx, "%s / %" PRId64 " %% %" PRId64, k, rstride[1 + s], w->w.size[s]));
    const char *base = ex_local(cx, IR_I64, ec_str(cx, "%s * %" PRId64, f, ls[a->conv_lhs.v[1]]));
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", p, p, positions, p);
    position_of(cx, w, p, pos);
    const char *at, *inside = window_point(cx, w, pos, off, &at);
    const char *dst = ex_local(cx, IR_I64, ec_str(cx, "%s * %" PRId64 " + %s * %" PRId64, kk, positions * batch, p, batch));
    const char *src = ex_local(cx, IR_I64, ec_str(cx, "%s + %s", base, at));
    const char *to = ec_str(cx, "%s[%s + %s]", col, dst, b);
    copy_or_zero(cx, inside, b, batch, to, ex_element(cx, IR_F32, eo_in(cx, root, 0), ec_str(cx, "%s + %s", src, b)));
    ec_close(cx);
    ec_close(cx);
}

/* Batch inner: C[p * B + b, o] = sum over the (feature, window) rows of
 * col^T . kernel, one sgemm per block of conv_rows of them (the first
 * block writing C, the others adding to it), C the result itself (its
 * batch elements one stride apart, the positions after them: contract.c).
 * False (nothing emitted) where BLIS would not take the strides. */
static bool emit_conv_gemm_batch_inner(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = res->rank - 2;
    int64_t os[IR_MAX_RANK], ks[IR_MAX_RANK], rstride[IR_MAX_RANK];
    row_major_strides(res, os);
    row_major_strides(rhs, ks);
    int64_t out_g = res->dims[a->conv_out.v[1]], batch = res->dims[a->conv_out.v[0]], positions = 1, wsize = 1;
    for (int s = 0; s < nsp; s++) positions *= res->dims[a->conv_out.v[2 + s]], wsize *= w->w.size[s];
    int64_t m = positions * batch, sum = rhs->dims[a->conv_rhs.v[0]] * wsize, rows = ck->conv_rows;
    int64_t kstride = contract_conv_rows(cx->f, root, rstride);
    int64_t rs_b = ck->conv_packed ? out_g : kstride, cs_b = ck->conv_packed ? 1 : ks[a->conv_rhs.v[1]];
    int64_t rs_c = os[a->conv_out.v[0]], cs_c = os[a->conv_out.v[1]];
    if (!ex_blis_strides_ok(m, out_g, rs_c, cs_c) || !ex_blis_strides_ok(m, rows, 1, m) ||
        !ex_blis_strides_ok(sum, out_g, rs_b, cs_b))
        return false;
    const char *col = ec_fresh(cx, "aj_col"), *kp = ec_fresh(cx, "aj_kp"), *k0 = ec_fresh(cx, "k0"), *kn = ec_fresh(cx, "kn");
    if (!open_conv_block(cx, root, ck->scratch, col)) return true;
    if (ck->conv_packed) {
        ec_line(cx, "float *restrict %s = (float *)(scratch + %zu);", kp, ck->scratch_rhs);
        pack_kernel(cx, root, w, rstride, kp, "0");
    } else {
        ec_line(cx, "const float *%s = %s;", kp, eo_in(cx, root, 1));
    }
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %" PRId64 ")", k0, k0, sum, k0, rows);
    ec_line(cx, "int64_t %s = %s + %" PRId64 " < %" PRId64 " ? %" PRId64 " : %" PRId64 " - %s;", kn, k0, rows, sum,
            rows, sum, k0);
    gather_batch_inner(cx, root, w, rstride, col, k0, kn);
    ex_gemm_call(cx, true, m, out_g, rows,
                 ec_str(cx, "%" PRId64 ", %" PRId64 ", %s, 1.0f, %s, 1, %" PRId64 ", (float *)%s + %s * %" PRId64
                        ", %" PRId64 ", %" PRId64 ", %s ? 1.0f : 0.0f, (float *)%s, %" PRId64 ", %" PRId64,
                        m, out_g, kn, col, m, kp, k0, rs_b, rs_b, cs_b, k0, k->out[0], rs_c, cs_c));
    ec_close(cx);
    ec_close(cx);
    return true;
}

/* ---- a dilated input, phase by phase (CONV_GEMM with conv_phased) --------------------- */

static int64_t mod64(int64_t a, int64_t m) { return (a % m + m) % m; }

/* Phase r (r[s] < per_dim[s]: contract_conv_phases) of the convolution
 * with window full: its outputs o = r[s] + P j (P = per_dim[s] > 1) read
 * input element (o + off * wd - lo) / P where that divides, which is at
 * the offsets off = off0 + t * P / g (g = gcd(wd, P)) and input element
 * j + (r[s] + off0 * wd - lo) / P + t * wd / g: an undilated convolution
 * of stride 1 over the same input, its window offset t the kernel's
 * off0 + t * P / g. Into *w, with positions[s] the phase's outputs; false
 * where no offset reads the input (the phase's outputs are 0). */
static bool phase_window(const ew_window *full, const int64_t *per_dim, const int64_t *r, ew_window *w) {
    *w = *full;
    bool reads = true;
    for (int s = 0; s < w->w.rank; s++) {
        int64_t P = per_dim[s], wd = full->w.win_dil[s], lo = full->w.lo[s], g = ir_gcd(wd, P), off0 = -1;
        if (P == 1) continue;
        w->positions[s] = (full->positions[s] - r[s] + P - 1) / P;
        for (int64_t off = 0; off < P / g && off < full->w.size[s] && off0 < 0; off++)
            if (mod64(r[s] + off * wd - lo, P) == 0) off0 = off;
        if (off0 < 0) {
            reads = false;
            continue;
        }
        w->kfirst[s] = off0;
        w->kstep[s] = P / g;
        w->w.size[s] = (full->w.size[s] - off0 + P / g - 1) / (P / g);
        w->w.stride[s] = w->w.base_dil[s] = 1;
        w->w.win_dil[s] = wd / g;
        w->w.lo[s] = -((r[s] + off0 * wd - lo) / P);
    }
    return reads;
}

/* im2col row strides for a phase's window: the input feature innermost
 * (contiguous in NHWC on both sides of gather_rows' copy), the window
 * row-major outside it. */
static void phase_row_strides(const ew_window *w, int64_t in_g, int64_t *rstride) {
    rstride[0] = 1;
    int64_t step = in_g;
    for (int s = w->w.rank - 1; s >= 0; s--) {
        rstride[1 + s] = step;
        step *= w->w.size[s];
    }
}

/* The element offset in the result of image b, feature g * out_g + o, at
 * output position r + P j of phase r (j[s] the phase's position along dim s). */
static const char *phase_out_at(emit_ctx *cx, const ir_op *root, const int64_t *per_dim, const int64_t *r,
                                const char *b, const char *g, const char *o, const char *const *j) {
    const ir_attrs *a = &root->a;
    const ir_type *res = ec_type(cx, root->out[0]);
    int64_t os[IR_MAX_RANK], out_g = res->dims[a->conv_out.v[1]] / a->feature_groups;
    row_major_strides(res, os);
    sbuf at = {0};
    sb_printf(&at, "%s * %" PRId64 " + (%s * %" PRId64 " + %s) * %" PRId64, b, os[a->conv_out.v[0]], g, out_g, o,
              os[a->conv_out.v[1]]);
    for (int s = 0; s < res->rank - 2; s++) {
        int64_t st = os[a->conv_out.v[2 + s]];
        sb_printf(&at, " + %s * %" PRId64, j[s], per_dim[s] * st);
        if (r[s]) sb_printf(&at, " + %" PRId64, r[s] * st);
    }
    return ec_take(cx, &at);
}

/* Zeroes image b's outputs of phase r, which reads only the dilation's
 * holes and padding, for group g. */
static void zero_phase(emit_ctx *cx, const ir_op *root, const ex_kernel *k, const ew_window *w,
                       const int64_t *per_dim, const int64_t *r, const char *b, const char *g) {
    const ir_type *res = ec_type(cx, root->out[0]);
    int64_t positions = 1, out_g = res->dims[root->a.conv_out.v[1]] / root->a.feature_groups;
    for (int s = 0; s < w->w.rank; s++) positions *= w->positions[s];
    const char *p = ec_fresh(cx, "p"), *o = ec_fresh(cx, "o"), *j[IR_MAX_RANK];
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", p, p, positions, p);
    position_of(cx, w, p, j);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", o, o, out_g, o);
    ec_line(cx, "((float *)%s)[%s] = 0.0f;", k->out[0], phase_out_at(cx, root, per_dim, r, b, g, o, j));
    ec_close(cx);
    ec_close(cx);
}

/* Rows [p0, p0 + rows) (fewer at the end) of phase r of image b and group
 * g (its kernel rows packed at kp): gathered into col, multiplied into the
 * tile by sgemm, and stored to their places in the result. */
static void emit_phase(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w,
                       const int64_t *per_dim, const int64_t *r, const int64_t *rstride, const char *const *buf,
                       int64_t rows, const char *b, const char *g, const char *p0) {
    const ir_type *res = ec_type(cx, root->out[0]);
    int64_t positions = 1, wsize = 1;
    int64_t out_g = res->dims[root->a.conv_out.v[1]] / root->a.feature_groups;
    for (int s = 0; s < w->w.rank; s++) positions *= w->positions[s], wsize *= w->w.size[s];
    int64_t row = ec_type(cx, root->in[1])->dims[root->a.conv_rhs.v[0]] * wsize;
    const char *col = buf[0], *kp = buf[1], *tile = buf[2], *pp = ec_fresh(cx, "pp"), *o = ec_fresh(cx, "o");
    const char *pn = ex_local(cx, IR_I64, ec_str(cx, "%s + %" PRId64 " < %" PRId64 " ? %" PRId64 " : %" PRId64 " - %s",
                                                 p0, rows, positions, rows, positions, p0));
    gather_rows(cx, root, w, rstride, col, b, g, p0, pn);
    ex_gemm_call(cx, true, rows, out_g, row,
                 ec_str(cx, "%s, %" PRId64 ", %" PRId64 ", 1.0f, %s, %" PRId64 ", 1, %s, %" PRId64
                        ", 1, 0.0f, %s, %" PRId64 ", 1",
                        pn, out_g, row, col, row, kp, out_g, tile, out_g));
    const char *j[IR_MAX_RANK];
    ec_open(cx, "for (int64_t %s = 0; %s < %s; %s++)", pp, pp, pn, pp);
    position_of(cx, w, ec_str(cx, "(%s + %s)", p0, pp), j);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", o, o, out_g, o);
    ec_line(cx, "((float *)%s)[%s] = %s[%s * %" PRId64 " + %s];", k->out[0],
            phase_out_at(cx, root, per_dim, r, b, g, o, j), tile, pp, out_g, o);
    ec_close(cx);
    ec_close(cx);
}

/* Phase n of a convolution over a dilated input: its r (per_dim's digits
 * of n, the last dim fastest), its window (phase_window's *w and return),
 * and its units an image: blocks of `rows` positions, or one where it
 * reads nothing (zero_phase), or none where it has no positions. */
static int64_t phase_units(const ew_window *full, const int64_t *per_dim, int64_t n, int64_t rows, int64_t *r,
                           ew_window *w, bool *reads) {
    int nsp = full->w.rank;
    for (int s = nsp - 1; s >= 0; s--) {
        r[s] = n % per_dim[s];
        n /= per_dim[s];
    }
    *reads = phase_window(full, per_dim, r, w);
    int64_t positions = 1;
    for (int s = 0; s < nsp; s++) positions *= w->positions[s];
    if (positions == 0) return 0;
    return *reads ? (positions + rows - 1) / rows : 1;
}

/* A convolution over a dilated input (contract_conv_phases): per group,
 * each phase an undilated convolution (phase_window) whose kernel rows are
 * packed and whose products skip the dilation's holes: 1/P of the im2col
 * work along each phased dim (a 2x2-strided 3x3 transposed convolution
 * multiplies 9 window points where the whole window would take 36). Its
 * units go by group, phase, image and block; each phase's code is its
 * own branch, its kernel rows packed when a unit comes to it. */
static bool emit_conv_phases(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w,
                             const contract_kernel *ck, size_t bytes) {
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int64_t per_dim[IR_MAX_RANK], r[IR_MAX_RANK], in_g = rhs->dims[a->conv_rhs.v[0]];
    int64_t phases = contract_conv_phases(cx->f, root, per_dim, NULL), batch = res->dims[a->conv_out.v[0]];
    int64_t rows = ck->conv_rows, per_group = 0;
    ew_window pw;
    bool reads;
    for (int64_t n = 0; n < phases; n++) per_group += batch * phase_units(w, per_dim, n, rows, r, &pw, &reads);
    const char *buf[3] = {ec_fresh(cx, "aj_col"), ec_fresh(cx, "aj_kp"), ec_fresh(cx, "aj_tile")};
    const char *mark = ec_fresh(cx, "aj_packed");
    if (!open_conv_block(cx, root, bytes, buf[0])) return true;
    ec_line(cx, "float *restrict %s = (float *)(scratch + %zu), *restrict %s = (float *)(scratch + %zu);", buf[1],
            ck->scratch_rhs, buf[2], ck->scratch_tile);
    ec_line(cx, "int64_t %s = -1;", mark);
    const char *u = open_units(cx, a->feature_groups * per_group);
    const char *g = a->feature_groups == 1 ? "0" : ex_local(cx, IR_I64, ec_str(cx, "%s / %" PRId64, u, per_group));
    const char *v = ex_local(cx, IR_I64, ec_str(cx, "%s %% %" PRId64, u, per_group));
    int64_t first = 0;
    for (int64_t n = 0; n < phases; n++) {
        int64_t units = phase_units(w, per_dim, n, rows, r, &pw, &reads), rstride[IR_MAX_RANK];
        if (!units) continue;
        ec_open(cx, "%sif (%s < %" PRId64 ")", first ? "else " : "", v, first + batch * units);
        const char *in_phase = ex_local(cx, IR_I64, ec_str(cx, "%s - %" PRId64, v, first));
        const char *b = unit_part(cx, in_phase, units, batch);
        if (reads) {
            phase_row_strides(&pw, in_g, rstride);
            pack_for(cx, root, &pw, rstride, buf[1], g, mark, ec_str(cx, "%s * %" PRId64 " + %" PRId64, g, phases, n));
            const char *p0 = ex_local(cx, IR_I64, ec_str(cx, "%s %% %" PRId64 " * %" PRId64, in_phase, units, rows));
            emit_phase(cx, k, root, &pw, per_dim, r, rstride, buf, rows, b, g, p0);
        } else {
            zero_phase(cx, root, k, &pw, per_dim, r, b, g);
        }
        ec_close(cx);
        first += batch * units;
    }
    ec_close(cx);
    ec_close(cx);
    return true;
}

/* Blocks of conv_rows output positions, by group, image and block (the
 * kernel's units): their im2col rows, then C[p, o] = rows . kernel by
 * sgemm into the result (its spatial dims one strided dim, the contract
 * checked). Fast mode: the sums run in BLIS's order, not the evaluator's.
 * False (nothing emitted) where BLIS would not take the result's strides. */
static bool emit_conv_gemm(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ew_window *w) {
    if (cx->p->kernels.k[k->step].conv_batch_inner) return emit_conv_gemm_batch_inner(cx, k, root, w);
    size_t bytes;
    contract_kernel ck = conv_blocks(cx, root, k->step, &bytes);
    if (ck.conv_phased) return emit_conv_phases(cx, k, root, w, &ck, bytes);
    const ir_attrs *a = &root->a;
    const ir_type *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = res->rank - 2;
    int64_t os[IR_MAX_RANK];
    row_major_strides(res, os);
    int64_t groups = a->feature_groups, out_g = res->dims[a->conv_out.v[1]] / groups;
    int64_t batch = res->dims[a->conv_out.v[0]], positions = 1, wsize = 1, rows = ck.conv_rows;
    for (int s = 0; s < nsp; s++) positions *= res->dims[a->conv_out.v[2 + s]], wsize *= w->w.size[s];
    int64_t row = rhs->dims[a->conv_rhs.v[0]] * wsize, blocks = (positions + rows - 1) / rows;
    int64_t rs_c = nsp ? os[a->conv_out.v[1 + nsp]] : 1, cs_c = os[a->conv_out.v[1]];
    int64_t rstride[IR_MAX_RANK], ks[IR_MAX_RANK], kstride = contract_conv_rows(cx->f, root, rstride);
    row_major_strides(rhs, ks);
    int64_t rs_b = ck.conv_packed ? out_g : kstride, cs_b = ck.conv_packed ? 1 : ks[a->conv_rhs.v[1]];
    if (!ex_blis_strides_ok(rows, out_g, rs_c, cs_c) ||
        !ex_blis_strides_ok(positions - (positions - 1) / rows * rows, out_g, rs_c, cs_c) ||
        !ex_blis_strides_ok(row, out_g, rs_b, cs_b))
        return false;
    const char *col = ec_fresh(cx, "aj_col"), *kp = ec_fresh(cx, "aj_kp"), *mark = ec_fresh(cx, "aj_packed");
    if (!open_conv_block(cx, root, bytes, col)) return true;
    if (ck.conv_packed) {
        ec_line(cx, "float *restrict %s = (float *)(scratch + %zu);", kp, ck.scratch_rhs);
        ec_line(cx, "int64_t %s = -1;", mark);
    }
    const char *u = open_units(cx, groups * batch * blocks);
    const char *g = unit_part(cx, u, batch * blocks, groups), *b = unit_part(cx, u, blocks, batch);
    const char *p0 = ex_local(cx, IR_I64, ec_str(cx, "%s %% %" PRId64 " * %" PRId64, u, blocks, rows));
    const char *pn = ex_local(cx, IR_I64, ec_str(cx, "%s + %" PRId64 " < %" PRId64 " ? %" PRId64 " : %" PRId64 " - %s",
                                                 p0, rows, positions, rows, positions, p0));
    if (ck.conv_packed) pack_for(cx, root, w, rstride, kp, g, mark, g);
    else ec_line(cx, "const float *%s = %s + %s * %" PRId64 ";", kp, eo_in(cx, root, 1), g, out_g * cs_b);
    bool by_columns = features_outside(cx, root, w);
    if (by_columns) gather_columns(cx, root, w, rstride, col, b, g, p0, pn);
    else gather_rows(cx, root, w, rstride, col, b, g, p0, pn);
    const char *a_strides = by_columns ? ec_str(cx, "1, %s", pn) : ec_str(cx, "%" PRId64 ", 1", row);
    ex_gemm_call(cx, true, rows, out_g, row,
                 ec_str(cx, "%s, %" PRId64 ", %" PRId64 ", 1.0f, %s, %s, (float *)%s, %" PRId64
                        ", %" PRId64 ", 0.0f, (float *)%s + %s * %" PRId64 " + %s * %" PRId64 " + %s * %" PRId64
                        ", %" PRId64 ", %" PRId64, pn, out_g, row, col, a_strides, kp, rs_b, cs_b, k->out[0], b,
                        os[a->conv_out.v[0]], g, out_g * cs_c, p0, rs_c, rs_c, cs_c));
    ec_close(cx);
    ec_close(cx);
    return true;
}

/* A convolution's window over its input, the result's positions (false:
 * a malformed one, failed). */
static bool conv_window(emit_ctx *cx, const ir_op *root, ew_window *w) {
    const ir_attrs *a = &root->a;
    const ir_type *lhs = ec_type(cx, root->in[0]), *rhs = ec_type(cx, root->in[1]), *res = ec_type(cx, root->out[0]);
    int nsp = lhs->rank - 2;
    int64_t sizes[IR_MAX_RANK], positions[IR_MAX_RANK];
    for (int s = 0; s < nsp; s++) {
        sizes[s] = rhs->dims[a->conv_rhs.v[2 + s]];
        positions[s] = res->dims[a->conv_out.v[2 + s]];
    }
    return window_of(cx, root, lhs, nsp, a->conv_lhs.v + 2, sizes, positions, w);
}

int emit_convolution(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    ew_window w;
    if (!conv_window(cx, root, &w) || ir_type_numel(ec_type(cx, root->out[0])) == 0) return cx->rc;
    bool gemm = ew_conv_gemm(cx, k->step);
    if (gemm && emit_conv_gemm(cx, k, root, &w)) return cx->rc;
    if (gemm) ec_line(cx, "(void)scratch;");
    emit_conv_direct(cx, k, root, &w);
    return cx->rc;
}

/* Slots (emit_c.c) for a convolution of blocks (not batch inner): as many
 * rows a block as a slot's part of the scratch block holds, up to the
 * contract's, alike within an image; none where that is under
 * EX_SLOT_MIN_ROWS rows (or the image's positions, where fewer), or where
 * there are fewer than two blocks or too few outputs to share. */
enum { CONV_SLOT_MIN_OUTPUTS = 1 << 16 };

bool ew_conv_slots(emit_ctx *cx, int step, ex_slots *s) {
    const ir_op *op = cx->f->body->ops[step];
    if (cx->o->threads <= 1 || op->code != IR_FUSION || !ew_conv_gemm(cx, step)) return false;
    const ir_op *root = op->regions[0]->ops[0];
    contract_kernel ck = cx->p->kernels.k[step];
    const ir_type *res = ec_type(cx, root->out[0]);
    if (ck.conv_batch_inner || ir_type_numel(res) < CONV_SLOT_MIN_OUTPUTS) return false;
    int nsp = res->rank - 2;
    int64_t positions = 1, units = 0, per_dim[IR_MAX_RANK], r[IR_MAX_RANK];
    for (int i = 0; i < nsp; i++) positions *= res->dims[root->a.conv_out.v[2 + i]];
    int64_t rows = ck.conv_rows < positions ? ck.conv_rows : positions;
    size_t room = slot_bytes(cx);
    while (rows > 0 && contract_conv_layout(cx->f, root, &ck, rows) > room) rows -= rows / 16 > 1 ? rows / 16 : 1;
    if (rows == 0 || rows < (positions < EX_SLOT_MIN_ROWS ? positions : EX_SLOT_MIN_ROWS)) return false;
    int64_t blocks = (positions + rows - 1) / rows;
    rows = (positions + blocks - 1) / blocks;   /* an image's blocks alike */
    if (ck.conv_phased) {
        ew_window w, pw;
        int64_t phases = contract_conv_phases(cx->f, root, per_dim, NULL);
        bool reads;
        if (!conv_window(cx, root, &w)) return false;
        for (int64_t n = 0; n < phases; n++) units += phase_units(&w, per_dim, n, rows, r, &pw, &reads);
    } else {
        units = (positions + rows - 1) / rows;
    }
    units *= root->a.feature_groups * res->dims[root->a.conv_out.v[0]];
    if (units < 2) return false;
    *s = (ex_slots){rows, units, 1, room};
    return true;
}

/* ---- map ------------------------------------------------------------------------------ */

int emit_map(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *rt = ec_type(cx, root->out[0]);
    if (root->nin > IR_MAX_RANK * 4) return ec_fail_op(cx, DIAG_UNSUPPORTED, root, "more than %d inputs", IR_MAX_RANK * 4);
    if (ir_type_numel(rt) == 0) return cx->rc;
    const char *args[IR_MAX_RANK * 4];
    ex_index at;
    eo_loops_open(cx, rt, &at);
    const char *off = ex_local(cx, IR_I64, ex_offset(cx, rt, &at));
    for (int i = 0; i < root->nin; i++) args[i] = ex_load(cx, ec_type(cx, root->in[i])->dtype, eo_in(cx, root, i), off);
    ex_store(cx, rt->dtype, k->out[0], off, cx->rc ? NULL : region_result(cx, root->regions[0], args, 0));
    eo_loops_close(cx, rt);
    return cx->rc;
}
