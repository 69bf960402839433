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

/* Appends op `code` on `in` with one result of type `hint` (the part of the
 * result type its operands do not imply); NULL (c->d set) on failure or when
 * an operand is -1. */
static ir_op *begin(ad_ctx *c, ir_opcode code, int nin, const ir_value_id *in, const ir_type *hint) {
    for (int i = 0; i < nin; i++)
        if (in[i] < 0) return NULL;
    ir_op *op = ir_op_append(c->f, c->f->body, code, nin, in, 1, hint);
    if (!op) {
        diag_nomem(c->d);
        return NULL;
    }
    op->backward = true;
    op->loc = c->op->loc;   /* the file name is interned in this module already */
    return op;
}

/* Types op's result by the verifier's rules; attrs_rc is the status of
 * setting its attributes (-1: out of memory). */
static ir_value_id finish(ad_ctx *c, ir_op *op, int attrs_rc) {
    if (!op) return -1;
    if (attrs_rc) {
        diag_nomem(c->d);
        return -1;
    }
    ir_type t;
    diag why = {0};
    if (ir_infer_types(c->f, op, &t, &why)) {
        char where[512];
        location_prefix(c, where, sizeof where);
        diag_set(c->d, DIAG_INVALID, "%sinternal error: the backward pass of '%s' made an invalid op: %s", where,
                 ir_op_name(c->op->code), why.msg);
        return -1;
    }
    c->f->values[op->out[0]].type = t;
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
    return finish(c, begin(c, code, 1, &x, &t), 0);
}

ir_value_id ad_binary(ad_ctx *c, ir_opcode code, ir_value_id x, ir_value_id y) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    ir_value_id in[2] = {x, y};
    return finish(c, begin(c, code, 2, in, &t), 0);
}

/* A scalar constant of dtype t holding value: f32 or f64 (the float types
 * whose constants this file can write; others are unsupported). */
static ir_value_id scalar_constant(ad_ctx *c, ir_dtype t, double value) {
    if (t != IR_F32 && t != IR_F64)
        return ad_unsupported(c, "its backward pass needs %s constants", ir_dtype_name(t)), -1;
    ir_type scalar = ir_type_scalar(t);
    ir_op *op = begin(c, IR_CONSTANT, 0, NULL, &scalar);
    if (!op) return -1;
    op->a.data = mem_alloc(ir_dtype_size(t));
    if (op->a.data && t == IR_F32) *(float *)op->a.data = (float)value;
    else if (op->a.data) *(double *)op->a.data = value;
    return finish(c, op, op->a.data ? 0 : -1);
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
    ir_op *op = begin(c, IR_COMPARE, 2, in, &t);
    if (op) op->a.cmp = dir;   /* cmp_type NOTYPE: the element type decides */
    return finish(c, op, 0);
}

ir_value_id ad_select(ad_ctx *c, ir_value_id pred, ir_value_id on_true, ir_value_id on_false) {
    if (on_true < 0) return -1;
    ir_type t = ad_type(c, on_true);
    ir_value_id in[3] = {pred, on_true, on_false};
    return finish(c, begin(c, IR_SELECT, 3, in, &t), 0);
}

ir_value_id ad_convert(ad_ctx *c, ir_value_id x, ir_dtype dtype) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    if (t.dtype == dtype) return x;
    t.dtype = dtype;
    return finish(c, begin(c, IR_CONVERT, 1, &x, &t), 0);
}

ir_value_id ad_broadcast(ad_ctx *c, ir_value_id x, const ir_type *shape, const int64_t *dims) {
    if (x < 0) return -1;
    ir_type t = *shape;
    t.dtype = ad_type(c, x).dtype;
    ir_op *op = begin(c, IR_BROADCAST_IN_DIM, 1, &x, &t);
    return finish(c, op, op ? ir_ints_set(&op->a.dims, ad_type(c, x).rank, dims) : 0);
}

ir_value_id ad_reshape(ad_ctx *c, ir_value_id x, int rank, const int64_t *dims) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    ir_type to = ir_type_make(t.dtype, rank, dims);
    if (ir_type_eq(&t, &to)) return x;
    return finish(c, begin(c, IR_RESHAPE, 1, &x, &to), 0);
}

ir_value_id ad_transpose(ad_ctx *c, ir_value_id x, const int64_t *perm) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    bool identity = true;
    for (int i = 0; i < t.rank; i++) identity &= perm[i] == i;
    if (identity) return x;
    ir_op *op = begin(c, IR_TRANSPOSE, 1, &x, &t);
    return finish(c, op, op ? ir_ints_set(&op->a.dims, t.rank, perm) : 0);
}

/* The reducer (acc, x) -> acc + x over scalars of dtype t. */
static int add_reducer(ad_ctx *c, ir_op *reduce, ir_dtype t) {
    ir_block *body = ir_op_add_region(reduce);
    if (!body) return -1;
    ir_type scalar = ir_type_scalar(t);
    ir_value_id args[2] = {ir_block_add_arg(c->f, body, &scalar), ir_block_add_arg(c->f, body, &scalar)};
    if (args[0] < 0 || args[1] < 0) return -1;
    ir_op *sum = ir_op_append(c->f, body, IR_ADD, 2, args, 1, &scalar);
    ir_op *ret = sum ? ir_op_append(c->f, body, IR_RETURN, 1, sum->out, 0, NULL) : NULL;
    if (!ret) return -1;
    sum->backward = ret->backward = true;
    sum->loc = ret->loc = c->op->loc;
    return 0;
}

ir_value_id ad_reduce_sum(ad_ctx *c, ir_value_id x, int ndims, const int64_t *dims) {
    if (x < 0) return -1;
    if (ndims == 0) return x;
    ir_type t = ad_type(c, x);
    ir_value_id in[2] = {x, scalar_constant(c, t.dtype, 0.0)};
    ir_op *op = begin(c, IR_REDUCE, 2, in, &t);
    return finish(c, op, op ? ir_ints_set(&op->a.dims, ndims, dims) || add_reducer(c, op, t.dtype) : 0);
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
    ir_op *op = begin(c, IR_SLICE, 1, &x, &t);
    int rc = op ? ir_ints_set(&op->a.start, t.rank, starts) || ir_ints_set(&op->a.limit, t.rank, limits) ||
                      ir_ints_set(&op->a.stride, t.rank, strides)
                : 0;
    return finish(c, op, rc);
}

ir_value_id ad_concatenate(ad_ctx *c, int n, const ir_value_id *xs, int axis) {
    if (n == 1 || xs[0] < 0) return xs[0];
    ir_type t = ad_type(c, xs[0]);
    ir_op *op = begin(c, IR_CONCATENATE, n, xs, &t);
    if (op) op->a.axis = axis;
    return finish(c, op, 0);
}

ir_value_id ad_reverse(ad_ctx *c, ir_value_id x, const ir_ints *dims) {
    if (x < 0) return -1;
    if (dims->n == 0) return x;
    ir_type t = ad_type(c, x);
    ir_op *op = begin(c, IR_REVERSE, 1, &x, &t);
    return finish(c, op, op ? ir_ints_set(&op->a.dims, dims->n, dims->v) : 0);
}

ir_value_id ad_dot_general(ad_ctx *c, ir_value_id lhs, ir_value_id rhs, const ir_ints *lhs_batch,
                           const ir_ints *rhs_batch, const ir_ints *lhs_contract, const ir_ints *rhs_contract) {
    if (lhs < 0) return -1;
    ir_type t = ad_type(c, lhs);   /* the element type; the shape is inferred */
    ir_value_id in[2] = {lhs, rhs};
    ir_op *op = begin(c, IR_DOT_GENERAL, 2, in, &t);
    ir_attrs *a = op ? &op->a : NULL;
    int rc = a ? ir_ints_set(&a->lhs_batch, lhs_batch->n, lhs_batch->v) ||
                     ir_ints_set(&a->rhs_batch, rhs_batch->n, rhs_batch->v) ||
                     ir_ints_set(&a->lhs_contract, lhs_contract->n, lhs_contract->v) ||
                     ir_ints_set(&a->rhs_contract, rhs_contract->n, rhs_contract->v)
               : 0;
    return finish(c, op, rc);
}
