/* eval_shape.c: ops that move elements without arithmetic (plus iota and
 * constant). broadcast_in_dim, transpose, slice and reverse are each an
 * affine map from the result index to an operand offset, so one gather loop
 * serves them all; each op only builds its map. The attribute checks keep
 * unverified input from reading out of bounds. */
#include "eval_internal.h"

void ev_strides(const ir_type *t, int64_t *strides) {
    int64_t s = 1;
    for (int i = t->rank - 1; i >= 0; i--) {
        strides[i] = s;
        s *= t->dims[i];
    }
}

void ev_walk_start(ev_walk *w, int rank, const int64_t *dims,
                   int64_t base0, const int64_t *step0, int64_t base1, const int64_t *step1) {
    w->rank = rank;
    w->off[0] = base0;
    w->off[1] = base1;
    for (int i = 0; i < rank; i++) {
        w->dims[i] = dims[i];
        w->idx[i] = 0;
        w->step[0][i] = step0 ? step0[i] : 0;
        w->step[1][i] = step1 ? step1[i] : 0;
    }
}

static const ir_type *operand_type(const ev_frame *fr, const ir_op *op) { return ev_type(fr, op->in[0]); }
static const ir_type *result_type(const ev_frame *fr, const ir_op *op) { return ev_type(fr, op->out[0]); }

/* Result element k (row-major) = operand element base + sum_i idx[i]*step[i]. */
static void gather(const ir_type *rt, void *dst, const void *src, int64_t base, const int64_t *step) {
    size_t size = ir_dtype_size(rt->dtype);
    int64_t n = ir_type_numel(rt);
    ev_walk w;
    ev_walk_start(&w, rt->rank, rt->dims, base, step, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w))
        memcpy((char *)dst + (size_t)k * size, (const char *)src + (size_t)w.off[0] * size, size);
}

static int bad_attr(diag *d, const ir_op *op, const char *what) {
    return ev_fail(d, DIAG_INVALID, op, "%s", what);
}

static int require_operand_dtype(const ev_frame *fr, const ir_op *op, int i, diag *d) {
    ir_dtype a = ev_type(fr, op->in[i])->dtype, r = result_type(fr, op)->dtype;
    if (a == r) return DIAG_OK;
    return ev_fail(d, DIAG_INVALID, op, "operand %d has element type %s, the result %s",
                   i, ir_dtype_name(a), ir_dtype_name(r));
}

static bool axis_in_range(int64_t axis, int rank) { return axis >= 0 && axis < rank; }

static int run_constant(ev_frame *fr, const ir_op *op, diag *d) {
    size_t bytes = ir_type_bytes(result_type(fr, op));
    if (bytes && !op->a.data) return bad_attr(d, op, "has no data");
    if (bytes) memcpy(ev_data(fr, op->out[0]), op->a.data, bytes);
    return DIAG_OK;
}

static int run_iota(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *rt = result_type(fr, op);
    if (!axis_in_range(op->a.axis, rt->rank)) return bad_attr(d, op, "iota_dimension out of range");
    elem_type t = elem_type_of(rt->dtype), from = elem_type_of(IR_I64);
    if (t.cls == ELEM_OTHER)
        return ev_fail(d, DIAG_UNSUPPORTED, op, "element type %s", ir_dtype_name(rt->dtype));
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(rt);
    ev_walk w;
    ev_walk_start(&w, rt->rank, rt->dims, 0, NULL, 0, NULL);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w)) {
        elem_value index = {.i = w.idx[op->a.axis]};
        elem_store(t.dtype, r, k, ev_convert(index, &from, &t));
    }
    return DIAG_OK;
}

/* Operand dim i maps to result dim dims[i]; a size-1 operand dim repeats. */
static int run_broadcast_in_dim(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *ot = operand_type(fr, op), *rt = result_type(fr, op);
    if (op->a.dims.n != ot->rank) return bad_attr(d, op, "broadcast_dimensions must name every operand dimension");
    int64_t ostride[IR_MAX_RANK], step[IR_MAX_RANK] = {0};
    ev_strides(ot, ostride);
    for (int i = 0; i < ot->rank; i++) {
        int64_t to = op->a.dims.v[i];
        if (!axis_in_range(to, rt->rank) || (ot->dims[i] != 1 && ot->dims[i] != rt->dims[to]))
            return bad_attr(d, op, "broadcast_dimensions do not fit the shapes");
        if (ot->dims[i] != 1) step[to] += ostride[i];
    }
    gather(rt, ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), 0, step);
    return DIAG_OK;
}

static int run_reshape(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *ot = operand_type(fr, op), *rt = result_type(fr, op);
    if (ir_type_numel(ot) != ir_type_numel(rt)) return bad_attr(d, op, "changes the element count");
    memcpy(ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), ir_type_bytes(rt));
    return DIAG_OK;
}

/* Result dim i is operand dim perm[i]. */
static int run_transpose(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *ot = operand_type(fr, op), *rt = result_type(fr, op);
    if (op->a.dims.n != ot->rank || rt->rank != ot->rank) return bad_attr(d, op, "permutation of the wrong length");
    int64_t ostride[IR_MAX_RANK], step[IR_MAX_RANK];
    bool seen[IR_MAX_RANK] = {false};
    ev_strides(ot, ostride);
    for (int i = 0; i < rt->rank; i++) {
        int64_t from = op->a.dims.v[i];
        if (!axis_in_range(from, ot->rank) || seen[from] || rt->dims[i] != ot->dims[from])
            return bad_attr(d, op, "permutation does not fit the shapes");
        seen[from] = true;
        step[i] = ostride[from];
    }
    gather(rt, ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), 0, step);
    return DIAG_OK;
}

/* Result index r reads operand index start + r * stride. */
static int run_slice(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *ot = operand_type(fr, op), *rt = result_type(fr, op);
    const ir_attrs *a = &op->a;
    if (a->start.n != ot->rank || a->limit.n != ot->rank || a->stride.n != ot->rank || rt->rank != ot->rank)
        return bad_attr(d, op, "start, limit and strides must name every dimension");
    int64_t ostride[IR_MAX_RANK], step[IR_MAX_RANK], base = 0;
    ev_strides(ot, ostride);
    for (int i = 0; i < ot->rank; i++) {
        int64_t start = a->start.v[i], limit = a->limit.v[i], stride = a->stride.v[i], n = rt->dims[i];
        bool fits = start >= 0 && start <= limit && limit <= ot->dims[i] && stride > 0 &&
                    n == (limit - start + stride - 1) / stride;
        if (!fits) return bad_attr(d, op, "slice bounds do not fit the shapes");
        base += start * ostride[i];
        step[i] = stride * ostride[i];
    }
    gather(rt, ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), base, step);
    return DIAG_OK;
}

/* Reversed dims read from the far end. */
static int run_reverse(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *ot = operand_type(fr, op), *rt = result_type(fr, op);
    if (!ir_type_same_shape(ot, rt)) return bad_attr(d, op, "result shape differs from the operand's");
    int64_t step[IR_MAX_RANK], base = 0;
    bool reversed[IR_MAX_RANK] = {false};
    ev_strides(ot, step);
    for (int i = 0; i < op->a.dims.n; i++) {
        int64_t dim = op->a.dims.v[i];
        if (!axis_in_range(dim, ot->rank)) return bad_attr(d, op, "dimension out of range");
        reversed[dim] = true;
    }
    for (int i = 0; i < ot->rank; i++) {
        if (!reversed[i] || ot->dims[i] == 0) continue;
        base += (ot->dims[i] - 1) * step[i];
        step[i] = -step[i];
    }
    gather(rt, ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), base, step);
    return DIAG_OK;
}

/* Every input has the result's shape except along axis, where the sizes add up. */
static int check_concatenate(const ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *rt = result_type(fr, op);
    int64_t axis = op->a.axis, total = 0;
    if (!axis_in_range(axis, rt->rank)) return bad_attr(d, op, "dimension out of range");
    for (int i = 0; i < op->nin; i++) {
        const ir_type *t = ev_type(fr, op->in[i]);
        int rc = require_operand_dtype(fr, op, i, d);
        if (rc) return rc;
        if (t->rank != rt->rank) return bad_attr(d, op, "operands differ in rank");
        for (int j = 0; j < rt->rank; j++)
            if (j != axis && t->dims[j] != rt->dims[j]) return bad_attr(d, op, "operand shapes do not fit");
        total += t->dims[axis];
    }
    return total == rt->dims[axis] ? DIAG_OK : bad_attr(d, op, "operand sizes do not add up to the result's");
}

/* For each index of the dims before axis, the inputs' contiguous blocks in turn. */
static int run_concatenate(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = check_concatenate(fr, op, d);
    if (rc) return rc;
    const ir_type *rt = result_type(fr, op);
    size_t size = ir_dtype_size(rt->dtype);
    int64_t outer = 1;
    for (int j = 0; j < op->a.axis; j++) outer *= rt->dims[j];
    char *dst = ev_data(fr, op->out[0]);
    for (int64_t o = 0; o < outer; o++) {
        for (int i = 0; i < op->nin; i++) {
            const ir_type *t = ev_type(fr, op->in[i]);
            size_t block = (size_t)(ir_type_numel(t) / (outer ? outer : 1)) * size;
            memcpy(dst, (const char *)ev_data(fr, op->in[i]) + (size_t)o * block, block);
            dst += block;
        }
    }
    return DIAG_OK;
}

/* The operand's bytes, reinterpreted (little-endian hosts: a wide element
 * splits into its low part first, as the reference interpreter orders them). */
static int run_bitcast_convert(ev_frame *fr, const ir_op *op, diag *d) {
    size_t bytes = ir_type_bytes(result_type(fr, op));
    if (ir_type_bytes(operand_type(fr, op)) != bytes) return bad_attr(d, op, "operand and result differ in size");
    if (bytes) memcpy(ev_data(fr, op->out[0]), ev_data(fr, op->in[0]), bytes);
    return DIAG_OK;
}

int ev_shape_op(ev_frame *fr, const ir_op *op, diag *d) {
    if (op->code == IR_BITCAST_CONVERT) return run_bitcast_convert(fr, op, d);
    if (op->nin > 0 && op->code != IR_CONCATENATE) {
        int rc = require_operand_dtype(fr, op, 0, d);
        if (rc) return rc;
    }
    switch (op->code) {
    case IR_CONSTANT: return run_constant(fr, op, d);
    case IR_IOTA: return run_iota(fr, op, d);
    case IR_BROADCAST_IN_DIM: return run_broadcast_in_dim(fr, op, d);
    case IR_RESHAPE: return run_reshape(fr, op, d);
    case IR_TRANSPOSE: return run_transpose(fr, op, d);
    case IR_SLICE: return run_slice(fr, op, d);
    case IR_CONCATENATE: return run_concatenate(fr, op, d);
    case IR_REVERSE: return run_reverse(fr, op, d);
    default: return ev_fail(d, DIAG_INVALID, op, "not a shape op");
    }
}
