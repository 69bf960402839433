/* rules_window.c: the rules of reduce_window, select_and_scatter and
 * convolution. */
#include <math.h>

#include "ad_internal.h"

/* ---- windows: reduce_window, select_and_scatter, convolution ---- */

/* The size of n elements with d - 1 holes between neighbours. */
static int64_t dilated(int64_t n, int64_t d) { return n == 0 ? 0 : 1 + d * (n - 1); }

/* JAX's _conv_general_vjp_lhs_padding: the edges to pad g (its elements
 * spread by the strides) with so that a stride-1 pass of window w over it
 * yields one value per input element, n of them in dimension i. */
static void transposed_edges(const ir_window *w, int i, int64_t n, int64_t out, int64_t *lo, int64_t *hi) {
    int64_t span = dilated(w->size[i], w->win_dil[i]);
    *lo = span - w->lo[i] - 1;
    *hi = dilated(n, w->base_dil[i]) + span - 1 - dilated(out, w->stride[i]) - *lo;
}

/* The window of op over `rank` dims (sizes: the kernel's, or NULL). */
static bool op_window(ad_ctx *c, const ir_op *op, int rank, const int64_t *sizes, ir_window *w) {
    char why[200];
    if (ir_window_read(op, rank, sizes, w, why, sizeof why)) return true;
    ad_unsupported(c, "its window: %s", why);
    return false;
}

/* reduce_window add (JAX's _reduce_window_sum_transpose_rule): g, spread
 * by the strides and padded, summed over windows with stride base_dil. */
static ir_value_id window_sum_partial(ad_ctx *c, const ir_op *op, const ir_window *w) {
    ir_value_id g = ad_cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]), tg = ad_type(c, g), scalar = ir_type_scalar(tx.dtype);
    int64_t lo[IR_MAX_RANK], hi[IR_MAX_RANK], holes[IR_MAX_RANK];
    for (int d = 0; d < tx.rank; d++) {
        transposed_edges(w, d, tx.dims[d], tg.dims[d], &lo[d], &hi[d]);
        holes[d] = w->stride[d] - 1;
    }
    ir_value_id in[2] = {ad_pad(c, g, 0.0, lo, hi, holes), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = {tx.rank, (int64_t *)w->size}, .win_strides = {tx.rank, (int64_t *)w->base_dil},
                  .win_dil = {tx.rank, (int64_t *)w->win_dil}};
    ad_body add = AD_BODY_ADD;
    return ad_op(c, IR_REDUCE_WINDOW, 2, in, 1, &tx, &a, 1, &add, tx.dtype);
}

/* reduce_window add's init value stands in every window once, and for
 * each padding element and base-dilation hole the window covers: the
 * window's size minus the input elements it covers (a window sum of ones). */
static ir_value_id window_init_partial(ad_ctx *c, const ir_op *op, const ir_window *w) {
    ir_value_id g = ad_cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    int64_t size = 1;
    for (int d = 0; d < tx.rank; d++) size *= w->size[d];
    ir_value_id in[2] = {ad_fill_like(c, 1.0, op->in[0]), ad_fill(c, 0.0, &scalar)};
    ad_body add = AD_BODY_ADD;
    ir_value_id covered = ad_op(c, IR_REDUCE_WINDOW, 2, in, 1, &tx, &op->a, 1, &add, tx.dtype);
    return ad_sum_all(c, ad_mul(c, g, ad_sub(c, ad_fill_like(c, (double)size + 1, g), covered)));
}

/* True when v is a float scalar constant equal to k. */
static bool is_constant(const ad_ctx *c, ir_value_id v, double k) {
    const ir_op *def = c->f->values[v].def;
    ir_type t = ad_type(c, v);
    if (!def || def->code != IR_CONSTANT || t.rank != 0 || !def->a.data) return false;
    if (t.dtype == IR_F64) return *(const double *)def->a.data == k;
    return t.dtype == IR_F32 && *(const float *)def->a.data == (float)k;
}

/* reduce_window max/min (JAX's _select_and_gather_add_transpose): g
 * scattered to each window's first maximal (minimal) element by
 * select_and_scatter; base dilation as holes of -inf (+inf) that never win,
 * sliced off after. JAX has no rule for window dilation either. */
static ir_value_id window_choice_partial(ad_ctx *c, const ir_op *op, const ir_window *w, bool max) {
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    if (!is_constant(c, op->in[1], max ? -INFINITY : INFINITY))
        return ad_unsupported(c, "a %s reduce_window whose init value is not the constant %s (it would win "
                                 "windows and fill the padding)", max ? "max" : "min", max ? "-inf" : "+inf"), -1;
    int64_t zero[IR_MAX_RANK] = {0}, holes[IR_MAX_RANK];
    for (int d = 0; d < tx.rank; d++) {
        if (w->win_dil[d] != 1) return ad_unsupported(c, "a max or min reduce_window with window dilations"), -1;
        holes[d] = w->base_dil[d] - 1;
    }
    ir_value_id spread = ad_pad(c, op->in[0], max ? -INFINITY : INFINITY, zero, zero, holes);
    if (spread < 0) return -1;
    ir_type ts = ad_type(c, spread);
    ir_value_id in[3] = {spread, ad_cotangent(c, op), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body bodies[2] = {max ? AD_BODY_GE : AD_BODY_LE, AD_BODY_ADD};
    ir_value_id scattered = ad_op(c, IR_SELECT_AND_SCATTER, 3, in, 1, &ts, &a, 2, bodies, tx.dtype);
    return ad_slice(c, scattered, zero, ts.dims, w->base_dil);
}

static ir_value_id reduce_window_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[0]);
    ir_window w;
    if (!op_window(c, op, tx.rank, NULL, &w)) return -1;
    ir_opcode combine = ad_reducer_op(c, op);
    if (i == 1 && combine != IR_ADD)
        return ad_unsupported(c, "the init value of a %s reduce_window is differentiated", ir_op_name(combine)), -1;
    if (i == 1) return window_init_partial(c, op, &w);
    if (combine == IR_ADD) return window_sum_partial(c, op, &w);
    return window_choice_partial(c, op, &w, combine == IR_MAXIMUM);
}

/* The comparison of a pair reduce_window's body that is exactly (a0, a1,
 * b0, b1) -> p = compare(a0, b0) GE or LE; (select(p, a0, b0), select(p,
 * a1, b1)): JAX's _select_and_gather_add, which select_and_scatter's rule
 * makes; IR_CMP_EQ for anything else. */
static ir_cmp_dir pick_direction(const ir_block *body) {
    if (body->nargs != 4 || body->nops != 4) return IR_CMP_EQ;
    const ir_value_id *a = body->args;
    const ir_op *cmp = body->ops[0], *ret = body->ops[3];
    bool ok = cmp->code == IR_COMPARE && cmp->in[0] == a[0] && cmp->in[1] == a[2] &&
              cmp->a.cmp_type != IR_CMPT_TOTALORDER && ret->nin == 2;
    for (int k = 0; ok && k < 2; k++) {
        const ir_op *pick = body->ops[1 + k];
        ok = pick->code == IR_SELECT && pick->in[0] == cmp->out[0] && pick->in[1] == a[k] && pick->in[2] == a[2 + k] &&
             ret->in[k] == pick->out[0];
    }
    return ok && (cmp->a.cmp == IR_CMP_GE || cmp->a.cmp == IR_CMP_LE) ? cmp->a.cmp : IR_CMP_EQ;
}

/* The pair reduce_window of JAX's _select_and_gather_add (its transpose,
 * _select_and_gather_add_transpose): the gathered values' cotangent goes
 * back to the selected elements by select_and_scatter. The selection does
 * not move under small changes of the operand; the winning operand value
 * (result 0) is not differentiated. */
static int rule_pick_window(ad_ctx *c, const ir_op *op) {
    if (op->a.base_dil.n || op->a.win_dil.n || c->ct[op->out[0]] >= 0 || c->active[op->in[2]] ||
        c->active[op->in[3]])
        return ad_unsupported(c, "of a pair reduce_window only its second result is differentiated, with respect "
                                 "to its second input, without dilations");
    if (!c->active[op->in[1]]) return DIAG_OK;
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    ir_value_id in[3] = {op->in[0], c->ct[op->out[1]], ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body bodies[2] = {pick_direction(op->regions[0]) == IR_CMP_GE ? AD_BODY_GE : AD_BODY_LE, AD_BODY_ADD};
    return ad_accumulate(c, op->in[1], ad_op(c, IR_SELECT_AND_SCATTER, 3, in, 1, &tx, &a, 2, bodies, tx.dtype));
}

int ad_rule_reduce_window(ad_ctx *c, const ir_op *op) {
    if (op->nin == 4 && pick_direction(op->regions[0]) != IR_CMP_EQ) return rule_pick_window(c, op);
    if (op->nin != 2) return ad_unsupported(c, "a reduce_window of %d inputs at once", op->nin / 2);
    ir_opcode combine = ad_reducer_op(c, op);
    if (combine != IR_ADD && combine != IR_MAXIMUM && combine != IR_MINIMUM)
        return ad_unsupported(c, "its body is not a single add, maximum or minimum of its arguments");
    return ad_each_active_operand(c, op, reduce_window_partial);
}

/* The direction of a select region that is exactly `return compare(a, b)`
 * with GE or LE (JAX's select_and_scatter_add); IR_CMP_EQ otherwise. */
static ir_cmp_dir select_direction(const ir_block *body) {
    if (body->nops != 2 || body->nargs != 2) return IR_CMP_EQ;
    const ir_op *cmp = body->ops[0];
    bool plain = cmp->code == IR_COMPARE && cmp->in[0] == body->args[0] && cmp->in[1] == body->args[1] &&
                 body->ops[1]->in[0] == cmp->out[0] && cmp->a.cmp_type != IR_CMPT_TOTALORDER;
    return plain && (cmp->a.cmp == IR_CMP_GE || cmp->a.cmp == IR_CMP_LE) ? cmp->a.cmp : IR_CMP_EQ;
}

/* select_and_scatter: result = init + the source elements whose windows
 * selected each element. The selection does not move under small changes
 * of the operand (no derivative there); the source gets g at each window's
 * selected element (JAX's _select_and_gather_add: a reduce_window over
 * (operand, g) pairs keeping the pair whose operand wins, the first on a
 * tie, as select does); init gets sum(g). */
static ir_value_id select_and_scatter_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = ad_cotangent(c, op);
    if (i == 2) return ad_sum_all(c, g);
    bool ge = select_direction(op->regions[0]) == IR_CMP_GE;
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype), hints[2] = {tx, tx};
    ir_value_id in[4] = {op->in[0], g, ad_fill(c, ge ? -INFINITY : INFINITY, &scalar), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body pick = ge ? AD_BODY_PICK_GE : AD_BODY_PICK_LE;
    ir_value_id picked = ad_op(c, IR_REDUCE_WINDOW, 4, in, 2, hints, &a, 1, &pick, tx.dtype);
    return picked < 0 ? -1 : c->f->values[picked].def->out[1];
}

int ad_rule_select_and_scatter(ad_ctx *c, const ir_op *op) {
    ir_dtype t = ad_type(c, op->in[0]).dtype;
    if (select_direction(op->regions[0]) == IR_CMP_EQ || ad_body_combiner(c, op->regions[1], t) != IR_ADD)
        return ad_unsupported(c, "its select is not a GE or LE comparison, or its scatter not a single add");
    for (int i = 1; i < 3; i++) {
        if (!c->active[op->in[i]]) continue;
        int rc = ad_accumulate(c, op->in[i], select_and_scatter_partial(c, op, i));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* JAX's _reshape_axis_out_of: dimension `dim` of size n becomes the two
 * dimensions (groups, n / groups). */
static ir_value_id split_dim(ad_ctx *c, ir_value_id x, int dim, int64_t groups) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    if (t.rank == IR_MAX_RANK) return ad_unsupported(c, "a grouped convolution of rank %d", t.rank), -1;
    int64_t dims[IR_MAX_RANK];
    int n = 0;
    for (int d = 0; d < t.rank; d++) {
        if (d == dim) dims[n++] = groups;
        dims[n++] = d == dim ? t.dims[d] / groups : t.dims[d];
    }
    return ad_reshape(c, x, n, dims);
}

/* JAX's _reshape_axis_into: dimension src moves in front of dimension dst
 * (numbered without src) and merges into it as its major part. */
static ir_value_id merge_dim(ad_ctx *c, ir_value_id x, int src, int dst) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    int64_t perm[IR_MAX_RANK], dims[IR_MAX_RANK];
    int n = 0, m = 0;
    for (int d = 0; d < t.rank; d++) {
        if (d == src) continue;
        if (n == dst) perm[n++] = src;
        dims[m] = t.dims[d] * (m == dst ? t.dims[src] : 1);
        m++;
        perm[n++] = d;
    }
    if (n == dst) perm[n++] = src;
    return ad_reshape(c, ad_transpose(c, x, perm), m, dims);
}

/* A convolution's dimension numbers, window and group counts. */
typedef struct conv_spec {
    int64_t lhs[IR_MAX_RANK], rhs[IR_MAX_RANK], out[IR_MAX_RANK];
    int64_t strides[IR_MAX_RANK], padding[2 * IR_MAX_RANK], base_dil[IR_MAX_RANK], win_dil[IR_MAX_RANK];
    int64_t feature_groups, batch_groups;
} conv_spec;

static ir_value_id convolve(ad_ctx *c, ir_value_id lhs, ir_value_id rhs, int rank, const conv_spec *s, ir_dtype t) {
    int nsp = rank - 2;
    ir_attrs a = {.conv_lhs = {rank, (int64_t *)s->lhs}, .conv_rhs = {rank, (int64_t *)s->rhs},
                  .conv_out = {rank, (int64_t *)s->out}, .win_strides = {nsp, (int64_t *)s->strides},
                  .padding = {2 * nsp, (int64_t *)s->padding}, .base_dil = {nsp, (int64_t *)s->base_dil},
                  .win_dil = {nsp, (int64_t *)s->win_dil}, .feature_groups = s->feature_groups,
                  .batch_groups = s->batch_groups};
    ir_type hint = {.dtype = t, .rank = rank};
    ir_value_id in[2] = {lhs, rhs};
    return ad_op(c, IR_CONVOLUTION, 2, in, 1, &hint, &a, 0, NULL, t);
}

/* A dimension-number list with its first two entries swapped (JAX's
 * _conv_spec_transpose). */
static void swap_roles(const ir_ints *roles, int64_t *out) {
    for (int d = 0; d < roles->n; d++) out[d] = roles->v[d < 2 ? 1 - d : d];
}

static void copy_roles(const ir_ints *roles, int64_t *out) {
    for (int d = 0; d < roles->n; d++) out[d] = roles->v[d];
}

/* JAX's _conv_general_dilated_transpose_lhs: g convolved with the kernel
 * flipped in space, its feature roles swapped (a grouped kernel first
 * moves its groups from the output into the input features), strides and
 * base dilation exchanged, padded as transposed_edges says. */
static ir_value_id conv_lhs_partial(ad_ctx *c, const ir_op *op, const ir_window *w, ir_value_id g) {
    const ir_attrs *a = &op->a;
    ir_value_id rhs = op->in[1];
    ir_type tl = ad_type(c, op->in[0]), tg = ad_type(c, g);
    int rank = tl.rank, nsp = rank - 2;
    int64_t groups = a->feature_groups > 1 ? a->feature_groups : a->batch_groups;
    int in_f = (int)a->conv_rhs.v[0], out_f = (int)a->conv_rhs.v[1];
    if (groups > 1) rhs = merge_dim(c, split_dim(c, rhs, out_f, groups), out_f, in_f);
    conv_spec s = {.feature_groups = groups, .batch_groups = 1};
    copy_roles(&a->conv_out, s.lhs);
    swap_roles(&a->conv_rhs, s.rhs);
    copy_roles(&a->conv_lhs, s.out);
    for (int k = 0; k < nsp; k++) {
        transposed_edges(w, k, tl.dims[a->conv_lhs.v[2 + k]], tg.dims[a->conv_out.v[2 + k]], &s.padding[2 * k],
                         &s.padding[2 * k + 1]);
        s.strides[k] = w->base_dil[k];
        s.base_dil[k] = w->stride[k];
        s.win_dil[k] = w->win_dil[k];
    }
    ir_ints space = {nsp, a->conv_rhs.v + 2};
    ir_value_id r = convolve(c, g, ad_reverse(c, rhs, &space), rank, &s, tl.dtype);
    int batch = (int)a->conv_lhs.v[0], feature = (int)a->conv_lhs.v[1];
    return a->batch_groups > 1 ? merge_dim(c, split_dim(c, r, feature, groups), feature, batch) : r;
}

/* JAX's _conv_general_dilated_transpose_rhs: the input convolved with g,
 * batch and feature roles of the input swapped, g as the kernel and the
 * kernel's roles as the result's, window dilation and strides exchanged,
 * feature and batch group counts exchanged. */
static ir_value_id conv_rhs_partial(ad_ctx *c, const ir_op *op, const ir_window *w, ir_value_id g) {
    const ir_attrs *a = &op->a;
    ir_type tl = ad_type(c, op->in[0]), tg = ad_type(c, g);
    int rank = tl.rank, nsp = rank - 2;
    conv_spec s = {.feature_groups = a->batch_groups, .batch_groups = a->feature_groups};
    swap_roles(&a->conv_lhs, s.lhs);
    copy_roles(&a->conv_out, s.rhs);   /* [g's batch as input features, its features as output features] */
    copy_roles(&a->conv_rhs, s.out);
    for (int k = 0; k < nsp; k++) {
        int64_t in = tl.dims[a->conv_lhs.v[2 + k]], out = tg.dims[a->conv_out.v[2 + k]];
        s.padding[2 * k] = w->lo[k];
        s.padding[2 * k + 1] = dilated(out, w->stride[k]) - dilated(in, w->base_dil[k]) +
                               dilated(w->size[k], w->win_dil[k]) - w->lo[k] - 1;
        s.strides[k] = w->win_dil[k];
        s.base_dil[k] = w->base_dil[k];
        s.win_dil[k] = w->stride[k];
    }
    return convolve(c, op->in[0], g, rank, &s, tl.dtype);
}

ir_value_id ad_convolution_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tl = ad_type(c, op->in[0]), tr = ad_type(c, op->in[1]);
    int64_t sizes[IR_MAX_RANK];
    for (int k = 0; k < tl.rank - 2; k++) sizes[k] = tr.dims[op->a.conv_rhs.v[2 + k]];
    ir_window w;
    if (!op_window(c, op, tl.rank - 2, sizes, &w)) return -1;
    ir_value_id g = ad_convert(c, ad_cotangent(c, op), tl.dtype);
    return i == 0 ? conv_lhs_partial(c, op, &w, g) : conv_rhs_partial(c, op, &w, g);
}
