/* build.c: making the ops of the backward pass.
 *
 * Every op is appended to the new function's body, marked backward (the
 * remat pass tells residuals by it: values of forward ops read by backward
 * ops), given the location of the primal op it differentiates, and typed by
 * ir_infer_types, the rules the verifier applies; a rejection there is our
 * bug and reported as an internal error naming the primal op. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../passes/rewrite.h"
#include "../util/mem.h"
#include "ad_internal.h"

ir_type ad_type(const ad_ctx *c, ir_value_id v) { return c->f->values[v].type; }

/* "file:line:col: in @primal: " for messages about c->op. */
static void location_prefix(const ad_ctx *c, char *buf, size_t size) {
    const ir_loc *loc = &c->op->loc;
    if (loc->file) snprintf(buf, size, "%s:%d:%d: in @%s: ", loc->file, loc->line, loc->col, c->primal);
    else snprintf(buf, size, "in @%s: ", c->primal);
}

int ad_unsupported(ad_ctx *c, const char *fmt, ...) {
    char where[512], what[512];
    location_prefix(c, where, sizeof where);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return diag_set(c->d, DIAG_UNSUPPORTED, "%scannot differentiate '%s': %s", where, ir_op_name(c->op->code),
                    what);
}

/* Appends op `code` on `in` with nout results of types `hints` (the part
 * of each result type its operands do not imply); NULL (c->d set) on
 * failure or when an operand is -1. */
static ir_op *append(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *hints) {
    for (int i = 0; i < nin; i++)
        if (in[i] < 0) return NULL;
    ir_op *op = ir_op_append(c->f, c->into, code, nin, in, nout, hints);
    if (!op) {
        diag_nomem(c->d);
        return NULL;
    }
    op->backward = true;
    op->loc = c->op->loc;   /* the file name is interned in this module already */
    return op;
}

static ir_op *ad_begin(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, const ir_type *hint) {
    return append(c, code, nin, in, 1, hint);
}

/* Types op's results by the verifier's rules; attrs_rc is the status of
 * setting its attributes and regions (-1: out of memory). */
static ir_value_id ad_finish(ad_ctx *c, ir_op *op, int attrs_rc) {
    if (!op) return -1;
    if (attrs_rc) {
        diag_nomem(c->d);
        return -1;
    }
    ir_type t[AD_MAX_RESULTS];
    diag why = {0};
    if (op->nout > AD_MAX_RESULTS || ir_infer_types(c->f, op, t, &why)) {
        char where[512];
        location_prefix(c, where, sizeof where);
        diag_set(c->d, DIAG_INVALID, "%sinternal error: the backward pass of '%s' made an invalid op: %s", where,
                 ir_op_name(c->op->code), op->nout > AD_MAX_RESULTS ? "too many results" : why.msg);
        return -1;
    }
    for (int k = 0; k < op->nout; k++) c->f->values[op->out[k]].type = t[k];
    return op->out[0];
}

int ad_accumulate(ad_ctx *c, ir_value_id v, ir_value_id contribution) {
    if (contribution < 0) return c->d->code;
    ir_value_id sum = c->ct[v] < 0 ? contribution : ad_binary(c, IR_ADD, c->ct[v], contribution);
    if (sum < 0) return c->d->code;
    c->ct[v] = sum;
    return DIAG_OK;
}

ir_value_id ad_unary(ad_ctx *c, ir_opcode code, ir_value_id x) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    return ad_finish(c, ad_begin(c, code, 1, &x, &t), 0);
}

ir_value_id ad_binary(ad_ctx *c, ir_opcode code, ir_value_id x, ir_value_id y) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    ir_value_id in[2] = {x, y};
    return ad_finish(c, ad_begin(c, code, 2, in, &t), 0);
}

/* A scalar constant of dtype t holding value: f32 or f64 (the float types
 * whose constants this file can write; others are unsupported). */
static ir_value_id scalar_constant(ad_ctx *c, ir_dtype t, double value) {
    if (t != IR_F32 && t != IR_F64)
        return ad_unsupported(c, "its backward pass needs %s constants", ir_dtype_name(t)), -1;
    ir_type scalar = ir_type_scalar(t);
    ir_op *op = ad_begin(c, IR_CONSTANT, 0, NULL, &scalar);
    if (!op) return -1;
    op->a.data = mem_alloc(ir_dtype_size(t));
    if (op->a.data && t == IR_F32) *(float *)op->a.data = (float)value;
    else if (op->a.data) *(double *)op->a.data = value;
    return ad_finish(c, op, op->a.data ? 0 : -1);
}

ir_value_id ad_int_vector(ad_ctx *c, ir_dtype t, int n, const int64_t *values) {
    int64_t dims[1] = {n};
    ir_type vec = ir_type_make(t, 1, dims);
    ir_op *op = ad_begin(c, IR_CONSTANT, 0, NULL, &vec);
    if (!op) return -1;
    size_t size = ir_dtype_size(t);
    op->a.data = mem_calloc((size_t)n + 1, size);
    for (int k = 0; op->a.data && k < n; k++) {   /* small non-negative values: the low bytes, any width */
        uint64_t v = (uint64_t)values[k];
        memcpy((char *)op->a.data + (size_t)k * size, &v, size);
    }
    return ad_finish(c, op, op->a.data ? 0 : -1);
}

ir_value_id ad_fill(ad_ctx *c, double value, const ir_type *like) {
    ir_value_id s = scalar_constant(c, like->dtype, value);
    return like->rank == 0 ? s : ad_broadcast(c, s, like, NULL);
}

ir_value_id ad_compare(ad_ctx *c, ir_cmp_dir dir, ir_value_id x, ir_value_id y) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    t.dtype = IR_I1;
    ir_value_id in[2] = {x, y};
    ir_op *op = ad_begin(c, IR_COMPARE, 2, in, &t);
    if (op) op->a.cmp = dir;   /* cmp_type NOTYPE: the element type decides */
    return ad_finish(c, op, 0);
}

ir_value_id ad_select(ad_ctx *c, ir_value_id pred, ir_value_id on_true, ir_value_id on_false) {
    if (on_true < 0) return -1;
    ir_type t = ad_type(c, on_true);
    ir_value_id in[3] = {pred, on_true, on_false};
    return ad_finish(c, ad_begin(c, IR_SELECT, 3, in, &t), 0);
}

ir_value_id ad_convert(ad_ctx *c, ir_value_id x, ir_dtype dtype) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    if (t.dtype == dtype) return x;
    t.dtype = dtype;
    return ad_finish(c, ad_begin(c, IR_CONVERT, 1, &x, &t), 0);
}

ir_value_id ad_broadcast(ad_ctx *c, ir_value_id x, const ir_type *shape, const int64_t *dims) {
    if (x < 0) return -1;
    ir_type t = *shape;
    t.dtype = ad_type(c, x).dtype;
    ir_op *op = ad_begin(c, IR_BROADCAST_IN_DIM, 1, &x, &t);
    return ad_finish(c, op, op ? ir_ints_set(&op->a.dims, ad_type(c, x).rank, dims) : 0);
}

ir_value_id ad_reshape(ad_ctx *c, ir_value_id x, int rank, const int64_t *dims) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    ir_type to = ir_type_make(t.dtype, rank, dims);
    if (ir_type_eq(&t, &to)) return x;
    return ad_finish(c, ad_begin(c, IR_RESHAPE, 1, &x, &to), 0);
}

ir_value_id ad_transpose(ad_ctx *c, ir_value_id x, const int64_t *perm) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    bool identity = true;
    for (int i = 0; i < t.rank; i++) identity &= perm[i] == i;
    if (identity) return x;
    ir_op *op = ad_begin(c, IR_TRANSPOSE, 1, &x, &t);
    return ad_finish(c, op, op ? ir_ints_set(&op->a.dims, t.rank, perm) : 0);
}

/* Appends to region `body` an op marked and located like ad_begin's. */
static ir_op *body_op(ad_ctx *c, ir_block *body, ir_opcode code, int nin, const ir_value_id *in, int nout,
                      const ir_type *types) {
    ir_op *op = ir_op_append(c->f, body, code, nin, in, nout, types);
    if (op) {
        op->backward = true;
        op->loc = c->op->loc;
    }
    return op;
}

/* A comparison of two scalars inside a region. */
static ir_value_id body_compare(ad_ctx *c, ir_block *body, ir_cmp_dir dir, ir_value_id x, ir_value_id y) {
    ir_type flag = ir_type_scalar(IR_I1);
    ir_value_id in[2] = {x, y};
    ir_op *op = body_op(c, body, IR_COMPARE, 2, in, 1, &flag);
    if (op) op->a.cmp = dir;
    return op ? op->out[0] : -1;
}

/* Fills region `body` of scalars of dtype t as `kind` says (see ad_body). */
static int build_body(ad_ctx *c, ir_block *body, ad_body kind, ir_dtype t) {
    ir_type scalar = ir_type_scalar(t);
    int nargs = kind == AD_BODY_PICK_GE || kind == AD_BODY_PICK_LE ? 4 : 2;
    ir_value_id a[4];
    for (int k = 0; k < nargs; k++)
        if ((a[k] = ir_block_add_arg(c->f, body, &scalar)) < 0) return -1;
    ir_value_id ret[2] = {-1, -1};
    int nret = 1;
    ir_cmp_dir dir = kind == AD_BODY_GE || kind == AD_BODY_PICK_GE ? IR_CMP_GE : IR_CMP_LE;
    if (kind == AD_BODY_SECOND) {
        ret[0] = a[1];
    } else if (kind == AD_BODY_ADD) {
        ir_op *sum = body_op(c, body, IR_ADD, 2, a, 1, &scalar);
        ret[0] = sum ? sum->out[0] : -1;
    } else if (kind == AD_BODY_GE || kind == AD_BODY_LE) {
        ret[0] = body_compare(c, body, dir, a[0], a[1]);
    } else {   /* (a0, a1, b0, b1): the pair whose first element wins the comparison, a on a tie */
        ir_value_id keep = body_compare(c, body, dir, a[0], a[2]);
        nret = 2;
        for (int k = 0; k < 2 && keep >= 0; k++) {
            ir_value_id in[3] = {keep, a[k], a[2 + k]};
            ir_op *pick = body_op(c, body, IR_SELECT, 3, in, 1, &scalar);
            ret[k] = pick ? pick->out[0] : -1;
        }
    }
    if (ret[0] < 0 || (nret == 2 && ret[1] < 0)) return -1;
    return body_op(c, body, IR_RETURN, nret, ret, 0, NULL) ? 0 : -1;
}

/* The reducer (acc, x) -> acc + x over scalars of dtype t. */
static int add_reducer(ad_ctx *c, ir_op *reduce, ir_dtype t) {
    ir_block *body = ir_op_add_region(reduce);
    return body ? build_body(c, body, AD_BODY_ADD, t) : -1;
}

ir_value_id ad_op(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *hints,
                  const ir_attrs *a, int nbodies, const ad_body *bodies, ir_dtype body_dtype) {
    ir_op *op = append(c, code, nin, in, nout, hints);
    if (!op) return -1;
    int rc = ir_attrs_copy(&op->a, a, 0);
    for (int r = 0; r < nbodies && !rc; r++) {
        ir_block *body = ir_op_add_region(op);
        rc = body ? build_body(c, body, bodies[r], body_dtype) : -1;
    }
    return ad_finish(c, op, rc);
}

ir_value_id ad_reduce_sum(ad_ctx *c, ir_value_id x, int ndims, const int64_t *dims) {
    if (x < 0) return -1;
    if (ndims == 0) return x;
    ir_type t = ad_type(c, x);
    ir_value_id in[2] = {x, scalar_constant(c, t.dtype, 0.0)};
    ir_op *op = ad_begin(c, IR_REDUCE, 2, in, &t);
    return ad_finish(c, op, op ? ir_ints_set(&op->a.dims, ndims, dims) || add_reducer(c, op, t.dtype) : 0);
}

ir_value_id ad_slice_dim(ad_ctx *c, ir_value_id x, int dim, int64_t start, int64_t limit) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    if (start == 0 && limit == t.dims[dim]) return x;
    int64_t starts[IR_MAX_RANK] = {0}, limits[IR_MAX_RANK], strides[IR_MAX_RANK];
    for (int i = 0; i < t.rank; i++) {
        limits[i] = t.dims[i];
        strides[i] = 1;
    }
    starts[dim] = start;
    limits[dim] = limit;
    ir_op *op = ad_begin(c, IR_SLICE, 1, &x, &t);
    int rc = op ? ir_ints_set(&op->a.start, t.rank, starts) || ir_ints_set(&op->a.limit, t.rank, limits) ||
                      ir_ints_set(&op->a.stride, t.rank, strides)
                : 0;
    return ad_finish(c, op, rc);
}

ir_value_id ad_concatenate(ad_ctx *c, int n, const ir_value_id *xs, int axis) {
    if (n == 1 || xs[0] < 0) return xs[0];
    ir_type t = ad_type(c, xs[0]);
    ir_op *op = ad_begin(c, IR_CONCATENATE, n, xs, &t);
    if (op) op->a.axis = axis;
    return ad_finish(c, op, 0);
}

ir_value_id ad_reverse(ad_ctx *c, ir_value_id x, const ir_ints *dims) {
    if (x < 0) return -1;
    if (dims->n == 0) return x;
    ir_type t = ad_type(c, x);
    ir_op *op = ad_begin(c, IR_REVERSE, 1, &x, &t);
    return ad_finish(c, op, op ? ir_ints_set(&op->a.dims, dims->n, dims->v) : 0);
}

ir_value_id ad_dot_general(ad_ctx *c, ir_value_id lhs, ir_value_id rhs, const ir_ints *lhs_batch,
                           const ir_ints *rhs_batch, const ir_ints *lhs_contract, const ir_ints *rhs_contract) {
    if (lhs < 0) return -1;
    ir_type t = ad_type(c, lhs);   /* the element type; the shape is inferred */
    ir_value_id in[2] = {lhs, rhs};
    ir_op *op = ad_begin(c, IR_DOT_GENERAL, 2, in, &t);
    ir_attrs *a = op ? &op->a : NULL;
    int rc = a ? ir_ints_set(&a->lhs_batch, lhs_batch->n, lhs_batch->v) ||
                     ir_ints_set(&a->rhs_batch, rhs_batch->n, rhs_batch->v) ||
                     ir_ints_set(&a->lhs_contract, lhs_contract->n, lhs_contract->v) ||
                     ir_ints_set(&a->rhs_contract, rhs_contract->n, rhs_contract->v)
               : 0;
    return ad_finish(c, op, rc);
}

void ad_mark_backward(ir_op *op, void *ctx) {
    (void)ctx;
    op->backward = true;
    op->checkpoint = 0;
}

/* Gives op a copy of `body` (a region of an op of c->f) with nextra more
 * scalar arguments of dtype extra, which it does not read. */
static int copy_body(ad_ctx *c, ir_op *op, const ir_block *body, int nextra, ir_dtype extra) {
    ir_block *region = ir_op_add_region(op);
    int nvalues = c->f->nvalues;
    ir_value_id *map = region ? mem_alloc((size_t)nvalues * sizeof *map) : NULL;
    if (!map) return -1;
    for (ir_value_id v = 0; v < nvalues; v++) map[v] = v;   /* values from outside stand for themselves */
    int rc = 0;
    for (int k = 0; k < body->nargs + nextra && !rc; k++) {
        ir_type t = k < body->nargs ? c->f->values[body->args[k]].type : ir_type_scalar(extra);
        ir_value_id arg = ir_block_add_arg(c->f, region, &t);
        if (arg < 0) rc = -1;
        else if (k < body->nargs) map[body->args[k]] = arg;
    }
    for (int i = 0; i < body->nops && !rc; i++) {
        ir_op *copy = pass_copy_op(c->f, region, c->f, body->ops[i], map);
        if (copy) pass_walk_op(copy, ad_mark_backward, NULL);
        else rc = -1;
    }
    mem_free(map);
    return rc;
}

ir_value_id ad_op_copying(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *hints,
                          const ir_attrs *a, const ir_block *body, int nextra, ir_dtype extra) {
    ir_op *op = append(c, code, nin, in, nout, hints);
    if (!op) return -1;
    return ad_finish(c, op, ir_attrs_copy(&op->a, a, 0) || copy_body(c, op, body, nextra, extra));
}

ir_value_id ad_slice(ad_ctx *c, ir_value_id x, const int64_t *start, const int64_t *limit, const int64_t *stride) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    bool whole = true;
    for (int d = 0; d < t.rank; d++) whole &= start[d] == 0 && limit[d] == t.dims[d] && stride[d] == 1;
    if (whole) return x;
    ir_op *op = ad_begin(c, IR_SLICE, 1, &x, &t);
    int rc = op ? ir_ints_set(&op->a.start, t.rank, start) || ir_ints_set(&op->a.limit, t.rank, limit) ||
                      ir_ints_set(&op->a.stride, t.rank, stride)
                : 0;
    return ad_finish(c, op, rc);
}

ir_value_id ad_pad(ad_ctx *c, ir_value_id x, double value, const int64_t *low, const int64_t *high,
                   const int64_t *interior) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    bool none = true;
    for (int d = 0; d < t.rank; d++) none &= low[d] == 0 && high[d] == 0 && interior[d] == 0;
    if (none) return x;
    ir_value_id in[2] = {x, scalar_constant(c, t.dtype, value)};
    ir_op *op = ad_begin(c, IR_PAD, 2, in, &t);
    int rc = op ? ir_ints_set(&op->a.low, t.rank, low) || ir_ints_set(&op->a.high, t.rank, high) ||
                      ir_ints_set(&op->a.interior, t.rank, interior)
                : 0;
    return ad_finish(c, op, rc);
}
