/* eval_control.c: the ops with regions that are not reductions: while,
 * if, case (control flow), map and sort (a region per element or per
 * comparison), as the reference interpreter computes them.
 *
 * Every region runs through ev_region_bind/run/unbind (eval.c): its values
 * get scratch buffers for the whole op, so a loop body's temporaries are
 * allocated once and reused on every iteration. A region reads the values
 * around it directly from the frame. The op's results are buffers the
 * driver allocated; region results are copied into them. */
#include "../util/stable_sort.h"
#include "eval_internal.h"

static size_t bytes_of(const ev_frame *fr, ir_value_id v) { return ir_type_bytes(ev_type(fr, v)); }

static void copy_value(ev_frame *fr, ir_value_id to, ir_value_id from) {
    if (to != from) memcpy(ev_data(fr, to), ev_data(fr, from), bytes_of(fr, to));
}

static const ir_op *terminator(const ir_block *b) { return b->ops[b->nops - 1]; }

/* The region's shape as ir_infer_types checks it; the evaluator also runs
 * unverified IR, so it checks what it relies on. */
static int check_region(const ir_op *op, const ir_block *b, int nargs, int nresults, diag *d) {
    if (!b || b->nargs != nargs || b->nops < 1 || terminator(b)->code != IR_RETURN || terminator(b)->nin != nresults)
        return ev_fail(d, DIAG_INVALID, op, "needs a region with %d arguments returning %d values", nargs, nresults);
    return DIAG_OK;
}

/* Runs region b (bound) on the values args[0..nargs) and leaves its
 * results in its RETURN's operands. */
static int run_with_args(ev_frame *fr, const ir_block *b, const ir_value_id *args, diag *d) {
    for (int i = 0; i < b->nargs; i++) copy_value(fr, b->args[i], args[i]);
    return ev_region_run(fr, b, d);
}

/* ---- while ----------------------------------------------------------------- */

/* The results hold the loop-carried values: they start as the operands;
 * each iteration runs cond on them, stops when it says false, else (unless
 * the run's deadline has passed) runs the body on them and copies its
 * results back. */
static int loop(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_block *cond = op->regions[0], *body = op->regions[1];
    for (;;) {
        int rc = run_with_args(fr, cond, op->out, d);
        if (rc) return rc;
        if (!*(const unsigned char *)ev_data(fr, terminator(cond)->in[0])) return DIAG_OK;
        if ((rc = ev_past_deadline(fr, op, d)) != DIAG_OK) return rc;
        rc = run_with_args(fr, body, op->out, d);
        if (rc) return rc;
        for (int i = 0; i < op->nout; i++) copy_value(fr, op->out[i], terminator(body)->in[i]);
    }
}

int ev_while(ev_frame *fr, const ir_op *op, diag *d) {
    if (op->nregions != 2) return ev_fail(d, DIAG_INVALID, op, "needs a condition and a body region");
    int rc = check_region(op, op->regions[0], op->nin, 1, d);
    if (!rc) rc = check_region(op, op->regions[1], op->nin, op->nin, d);
    if (rc) return rc;
    for (int i = 0; i < op->nin; i++) copy_value(fr, op->out[i], op->in[i]);
    rc = ev_region_bind(fr, op->regions[0], d);
    if (rc) return rc;
    rc = ev_region_bind(fr, op->regions[1], d);
    if (!rc) {
        rc = loop(fr, op, d);
        ev_region_unbind(fr, op->regions[1]);
    }
    ev_region_unbind(fr, op->regions[0]);
    return rc;
}

/* ---- if and case ----------------------------------------------------------- */

/* if: region 0 when the predicate holds, else region 1. case: the branch
 * the index names; an index out of range takes the last branch. */
static int branch_of(const ev_frame *fr, const ir_op *op) {
    if (op->code == IR_IF) return *(const unsigned char *)ev_data(fr, op->in[0]) ? 0 : 1;
    int32_t index;
    memcpy(&index, ev_data(fr, op->in[0]), sizeof index);
    return index < 0 || index >= op->nregions ? op->nregions - 1 : index;
}

int ev_branch(ev_frame *fr, const ir_op *op, diag *d) {
    if (op->nregions < 1 || (op->code == IR_IF && op->nregions != 2))
        return ev_fail(d, DIAG_INVALID, op, "has the wrong number of branches");
    const ir_block *b = op->regions[branch_of(fr, op)];
    int rc = check_region(op, b, 0, op->nout, d);
    if (!rc) rc = ev_region_bind(fr, b, d);
    if (rc) return rc;
    rc = ev_region_run(fr, b, d);
    for (int i = 0; !rc && i < op->nout; i++) copy_value(fr, op->out[i], terminator(b)->in[i]);
    ev_region_unbind(fr, b);
    return rc;
}

/* ---- map --------------------------------------------------------------------- */

/* Element k of every input into the region's arguments, its result into
 * element k of the result. */
static int map_elements(ev_frame *fr, const ir_op *op, const ir_block *b, diag *d) {
    int64_t n = ir_type_numel(ev_type(fr, op->out[0]));
    ir_value_id ret = terminator(b)->in[0];
    size_t out_size = ir_dtype_size(ev_type(fr, op->out[0])->dtype);
    for (int64_t k = 0; k < n; k++) {
        for (int i = 0; i < op->nin; i++) {
            size_t size = ir_dtype_size(ev_type(fr, op->in[i])->dtype);
            memcpy(ev_data(fr, b->args[i]), (const char *)ev_data(fr, op->in[i]) + (size_t)k * size, size);
        }
        int rc = ev_region_run(fr, b, d);
        if (rc) return rc;
        memcpy((char *)ev_data(fr, op->out[0]) + (size_t)k * out_size, ev_data(fr, ret), out_size);
    }
    return DIAG_OK;
}

int ev_map(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    int rc = check_region(op, b, op->nin, 1, d);
    for (int i = 0; !rc && i < op->nin; i++)
        if (ir_type_numel(ev_type(fr, op->in[i])) != ir_type_numel(ev_type(fr, op->out[0])) ||
            ev_type(fr, b->args[i])->dtype != ev_type(fr, op->in[i])->dtype)
            rc = ev_fail(d, DIAG_INVALID, op, "operand %d does not fit the result or the region", i);
    if (!rc) rc = ev_region_bind(fr, b, d);
    if (rc) return rc;
    rc = map_elements(fr, op, b, d);
    ev_region_unbind(fr, b);
    return rc;
}

/* ---- sort ---------------------------------------------------------------------- */

AJ_STABLE_SORT_CODE

/* One 1-D slice of the results along the sort dimension: element j of it
 * is at base + j * step in every result. The results start as copies of
 * the inputs and are sorted in place, all together. */
typedef struct sort_ctx {
    ev_frame *fr;
    const ir_op *op;
    const ir_block *cmp;
    int64_t base, step;
    diag *d;
    int rc;           /* the first comparator failure; later comparisons are skipped */
} sort_ctx;

/* The comparator on slice elements a and b: true when a goes first. */
static int goes_first(void *c, int64_t a, int64_t b) {
    sort_ctx *s = c;
    if (s->rc) return 0;
    ev_frame *fr = s->fr;
    for (int i = 0; i < s->op->nout; i++) {
        size_t size = ir_dtype_size(ev_type(fr, s->op->out[i])->dtype);
        const char *x = ev_data(fr, s->op->out[i]);
        memcpy(ev_data(fr, s->cmp->args[2 * i]), x + (size_t)(s->base + a * s->step) * size, size);
        memcpy(ev_data(fr, s->cmp->args[2 * i + 1]), x + (size_t)(s->base + b * s->step) * size, size);
    }
    s->rc = ev_region_run(fr, s->cmp, s->d);
    return !s->rc && *(const unsigned char *)ev_data(fr, terminator(s->cmp)->in[0]);
}

/* Swaps slice elements a and b in every result. */
static void swap_elements(void *c, int64_t a, int64_t b) {
    sort_ctx *s = c;
    for (int i = 0; i < s->op->nout; i++) {
        size_t size = ir_dtype_size(ev_type(s->fr, s->op->out[i])->dtype);
        char *x = ev_data(s->fr, s->op->out[i]), t[16];
        memcpy(t, x + (size_t)(s->base + a * s->step) * size, size);
        memcpy(x + (size_t)(s->base + a * s->step) * size, x + (size_t)(s->base + b * s->step) * size, size);
        memcpy(x + (size_t)(s->base + b * s->step) * size, t, size);
    }
}

/* Sorts every slice along `dim` (the sort is stable for both is_stable
 * values: an unstable sort may keep equal elements in order). */
static int sort_slices(sort_ctx *s, int dim) {
    const ir_type *t = ev_type(s->fr, s->op->in[0]);
    int64_t strides[IR_MAX_RANK], outer[IR_MAX_RANK];
    ev_strides(t, strides);
    memcpy(outer, t->dims, sizeof outer);
    outer[dim] = 1;
    ir_type slices = *t;
    slices.dims[dim] = 1;
    int64_t count = t->dims[dim] ? ir_type_numel(&slices) : 0;
    ev_walk w;
    ev_walk_start(&w, t->rank, outer, 0, strides, 0, NULL);
    s->step = strides[dim];
    for (int64_t c = 0; c < count && !s->rc; c++, ev_walk_next(&w)) {
        s->base = w.off[0];
        aj_stable_sort(t->dims[dim], s, goes_first, swap_elements);
    }
    return s->rc;
}

int ev_sort(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    int rc = check_region(op, b, 2 * op->nin, 1, d);
    if (rc) return rc;
    const ir_type *t = ev_type(fr, op->in[0]);
    int64_t dim = op->a.axis;
    if (dim < 0 || dim >= t->rank) return ev_fail(d, DIAG_INVALID, op, "dimension %lld is out of range", (long long)dim);
    for (int i = 0; i < op->nin; i++) {
        if (!ir_type_same_shape(ev_type(fr, op->in[i]), t) || !ir_type_eq(ev_type(fr, op->out[i]), ev_type(fr, op->in[i])))
            return ev_fail(d, DIAG_INVALID, op, "operand %d does not fit", i);
        copy_value(fr, op->out[i], op->in[i]);
    }
    rc = ev_region_bind(fr, b, d);
    if (rc) return rc;
    sort_ctx s = {fr, op, b, 0, 0, d, DIAG_OK};
    rc = sort_slices(&s, (int)dim);
    ev_region_unbind(fr, b);
    return rc;
}
