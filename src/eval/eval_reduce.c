/* eval_reduce.c: reduce, as the reference interpreter computes it.
 *
 * reduce(x_0..x_{N-1}, init_0..init_{N-1}) over `dims`: result i starts as
 * a splat of init_i; then every input index, in row-major order, folds into
 * the result element at that index with the reduced dims dropped:
 *     (acc_0..acc_{N-1}) = reducer(acc_0..acc_{N-1}, x_0[idx]..x_{N-1}[idx]).
 * The reducer's block arguments are the accumulators first, then the input
 * elements, each a rank-0 tensor.
 *
 * The general path runs the reducer region once per element. A reducer that
 * is one binary elementwise op of its two arguments (add, max, ...) takes a
 * fast path that calls the same scalar function the op's kernel calls, in
 * the same argument order, so both paths give identical bits. */
#include "eval_internal.h"

typedef struct reduce_plan {
    int n;                        /* inputs, inits and results */
    const ir_type *shape;         /* every input's shape */
    int64_t rstep[IR_MAX_RANK];   /* per input dim: the result offset step (0 where reduced) */
    const ir_block *body;
} reduce_plan;

static bool is_scalar_of(const ir_type *t, ir_dtype dtype) { return t->rank == 0 && t->dtype == dtype; }

/* Inputs share one shape; input i, init i, result i, reducer args i and
 * N+i and return operand i share one element type. */
static bool types_fit(const ev_frame *fr, const ir_op *op, const reduce_plan *p) {
    const ir_block *b = p->body;
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (b->nargs != 2 * p->n || !ret || ret->code != IR_RETURN || ret->nin != p->n) return false;
    for (int i = 0; i < p->n; i++) {
        const ir_type *in = ev_type(fr, op->in[i]);
        ir_dtype t = in->dtype;
        if (!ir_type_same_shape(in, p->shape) || !is_scalar_of(ev_type(fr, op->in[p->n + i]), t) ||
            ev_type(fr, op->out[i])->dtype != t || !is_scalar_of(ev_type(fr, b->args[i]), t) ||
            !is_scalar_of(ev_type(fr, b->args[p->n + i]), t) || !is_scalar_of(ev_type(fr, ret->in[i]), t))
            return false;
    }
    return true;
}

/* The result keeps the input's dims that are not reduced, in order. */
static bool map_result_dims(const ev_frame *fr, const ir_op *op, reduce_plan *p) {
    bool reduced[IR_MAX_RANK] = {false};
    for (int i = 0; i < op->a.dims.n; i++) {
        int64_t dim = op->a.dims.v[i];
        if (dim < 0 || dim >= p->shape->rank || reduced[dim]) return false;
        reduced[dim] = true;
    }
    const ir_type *rt = ev_type(fr, op->out[0]);
    int64_t rstride[IR_MAX_RANK];
    ev_strides(rt, rstride);
    int r = 0;
    for (int i = 0; i < p->shape->rank; i++) {
        p->rstep[i] = 0;
        if (reduced[i]) continue;
        if (r >= rt->rank || rt->dims[r] != p->shape->dims[i]) return false;
        p->rstep[i] = rstride[r++];
    }
    if (r != rt->rank) return false;
    for (int i = 1; i < p->n; i++)
        if (!ir_type_same_shape(ev_type(fr, op->out[i]), rt)) return false;
    return true;
}

static int plan_reduce(const ev_frame *fr, const ir_op *op, reduce_plan *p, diag *d) {
    p->n = op->nin / 2;
    if (op->nin % 2 || p->n < 1 || op->nout != p->n || op->nregions != 1)
        return ev_fail(d, DIAG_INVALID, op, "needs N inputs, N inits, N results and one reducer region");
    p->shape = ev_type(fr, op->in[0]);
    p->body = op->regions[0];
    if (!types_fit(fr, op, p))
        return ev_fail(d, DIAG_INVALID, op, "operand, result and reducer types do not fit");
    if (!map_result_dims(fr, op, p))
        return ev_fail(d, DIAG_INVALID, op, "dimensions do not fit the operand and result shapes");
    if (elem_type_of(p->shape->dtype).cls == ELEM_OTHER)
        return ev_fail(d, DIAG_UNSUPPORTED, op, "element type %s", ir_dtype_name(p->shape->dtype));
    return DIAG_OK;
}

static void splat_inits(ev_frame *fr, const ir_op *op, int n) {
    for (int i = 0; i < n; i++) {
        const ir_type *rt = ev_type(fr, op->out[i]);
        size_t size = ir_dtype_size(rt->dtype);
        int64_t count = ir_type_numel(rt);
        char *r = ev_data(fr, op->out[i]);
        for (int64_t k = 0; k < count; k++) memcpy(r + (size_t)k * size, ev_data(fr, op->in[n + i]), size);
    }
}

/* The reducer's op when the body is "r = op(arg0, arg1); return r" (or with
 * the arguments swapped: *swapped), else NULL. */
static const ir_op *single_binary_reducer(const ir_block *b, bool *swapped) {
    if (b->nops != 2 || b->nargs != 2) return NULL;
    const ir_op *op = b->ops[0], *ret = b->ops[1];
    if (ir_op_kind_of(op->code) != IR_KIND_BINARY || op->nin != 2 || op->nout != 1 || op->nregions)
        return NULL;
    if (ret->nin != 1 || ret->in[0] != op->out[0]) return NULL;
    *swapped = op->in[0] == b->args[1];
    if (op->in[0] != b->args[*swapped ? 1 : 0] || op->in[1] != b->args[*swapped ? 0 : 1]) return NULL;
    return op;
}

static void reduce_with(ev_frame *fr, const ir_op *op, const reduce_plan *p, ev_binary_fn fn, bool swapped) {
    elem_type t = elem_type_of(p->shape->dtype);
    const void *x = ev_data(fr, op->in[0]);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(p->shape);
    ev_walk w;
    ev_walk_start(&w, p->shape->rank, p->shape->dims, 0, p->rstep, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w)) {
        elem_value acc = elem_load(t.dtype, r, w.off[0]), v = elem_load(t.dtype, x, k);
        elem_store(t.dtype, r, w.off[0], swapped ? fn(v, acc, &t) : fn(acc, v, &t));
    }
}

/* Element k of input i and result element `at` of result i into the
 * reducer's arguments; run it; its returned values into the results. */
static int fold_element(ev_frame *fr, const ir_op *op, const reduce_plan *p, int64_t k, int64_t at, diag *d) {
    const ir_block *b = p->body;
    for (int i = 0; i < p->n; i++) {
        size_t size = ir_dtype_size(ev_type(fr, op->in[i])->dtype);
        memcpy(ev_data(fr, b->args[i]), (char *)ev_data(fr, op->out[i]) + (size_t)at * size, size);
        memcpy(ev_data(fr, b->args[p->n + i]), (char *)ev_data(fr, op->in[i]) + (size_t)k * size, size);
    }
    int rc = ev_region_run(fr, b, d);
    if (rc) return rc;
    const ir_op *ret = b->ops[b->nops - 1];
    for (int i = 0; i < p->n; i++) {
        size_t size = ir_dtype_size(ev_type(fr, op->in[i])->dtype);
        memcpy((char *)ev_data(fr, op->out[i]) + (size_t)at * size, ev_data(fr, ret->in[i]), size);
    }
    return DIAG_OK;
}

static int reduce_by_region(ev_frame *fr, const ir_op *op, const reduce_plan *p, diag *d) {
    int rc = ev_region_bind(fr, p->body, d);
    if (rc) return rc;
    int64_t n = ir_type_numel(p->shape);
    ev_walk w;
    ev_walk_start(&w, p->shape->rank, p->shape->dims, 0, p->rstep, 0, NULL);
    for (int64_t k = 0; k < n && !rc; k++, ev_walk_next(&w)) rc = fold_element(fr, op, p, k, w.off[0], d);
    ev_region_unbind(fr, p->body);
    return rc;
}

int ev_reduce(ev_frame *fr, const ir_op *op, diag *d) {
    reduce_plan p;
    int rc = plan_reduce(fr, op, &p, d);
    if (rc) return rc;
    splat_inits(fr, op, p.n);
    bool swapped = false;
    const ir_op *single = single_binary_reducer(p.body, &swapped);
    ev_binary_fn fn = single ? ev_binary_resolve(single->code, elem_type_of(p.shape->dtype).cls) : NULL;
    if (fn) {
        reduce_with(fr, op, &p, fn, swapped);
        return DIAG_OK;
    }
    return reduce_by_region(fr, op, &p, d);
}
