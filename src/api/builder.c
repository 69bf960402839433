/* builder.c: building functions op by op from C.
 *
 * Each op call appends an IR op, infers its result type with the same rules
 * the verifier uses (ir_infer_types), and removes the op again if they
 * reject it. So a finished function is verified by construction, and
 * aj_builder_finish's verification only adds the whole-function rules. */
#include <string.h>

#include "api.h"
#include "../util/mem.h"

struct aj_builder {
    aj_module *m;
    ir_func *f;
    aj_status first_error;
    char first_message[1024];
    /* visible[v]: v is a parameter or a result of a top-level op, so it may
     * be an operand (values inside reduce regions are not). */
    unsigned char *visible;
    int cap_visible;
};

/* Records the first error; later calls keep returning their own status. */
static aj_status builder_fail(aj_builder *b, aj_status st) {
    if (!b->first_error) {
        b->first_error = st;
        snprintf(b->first_message, sizeof b->first_message, "%s", aj_last_error());
    }
    return st;
}

static aj_status mark_visible(aj_builder *b, ir_value_id v) {
    int old = b->cap_visible;
    if (mem_grow((void **)&b->visible, &b->cap_visible, v + 1, 1)) return api_nomem();
    memset(b->visible + old, 0, (size_t)(b->cap_visible - old));
    b->visible[v] = 1;
    return AJ_OK;
}

static aj_status check_operands(aj_builder *b, const char *what, int n, const aj_value *xs) {
    for (int i = 0; i < n; i++)
        if (xs[i] < 0 || xs[i] >= b->cap_visible || !b->visible[xs[i]])
            return api_fail(AJ_ERR_INVALID, "%s: function '%s': operand %d is not a value of "
                            "this builder (%d)", what, b->f->name, i, (int)xs[i]);
    return AJ_OK;
}

aj_status api_builder_values(aj_builder *b, const char *what, int n, const aj_value *xs, ir_func **f) {
    aj_status st = check_operands(b, what, n, xs);
    if (st) return st;
    *f = b->f;
    return AJ_OK;
}

aj_status aj_builder_begin(aj_module *m, const char *name, aj_builder **out) {
    if (!m || !name || !*name) return api_fail(AJ_ERR_INVALID, "aj_builder_begin: no module or name");
    if (ir_module_find(m->ir, name))
        return api_fail(AJ_ERR_INVALID, "aj_builder_begin: function '%s' already exists", name);
    aj_builder *b = mem_calloc(1, sizeof *b);
    if (!b) return api_nomem();
    b->m = m;
    b->f = ir_func_new(m->ir, name);
    if (!b->f) {
        mem_free(b);
        return api_nomem();
    }
    *out = b;
    return AJ_OK;
}

void aj_builder_abandon(aj_builder *b) {
    if (!b) return;
    ir_module_remove_func(b->m->ir, b->f);
    mem_free(b->visible);
    mem_free(b);
}

aj_status aj_param(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type t;
    aj_status st = api_type_from(dtype, rank, dims, &t);
    if (st) return builder_fail(b, st);
    if (b->f->body->nops > 0)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_param: function '%s': parameters "
                                         "must come before ops", b->f->name));
    ir_value_id v = ir_block_add_arg(b->f, b->f->body, &t);
    if (v < 0 || mark_visible(b, v)) return builder_fail(b, api_nomem());
    *out = v;
    return AJ_OK;
}

/* Appends op `code` on operands `in`, with result types `hints` (for ops
 * whose result is not implied by the operands; otherwise any type), and
 * lets `set_attrs` fill attributes and regions. Then infers and checks. */
typedef aj_status (*attr_setter)(ir_func *f, ir_op *op, const void *arg);

static aj_status emit(aj_builder *b, ir_opcode code, int nin, const aj_value *in,
                      int nout, const ir_type *hints, attr_setter set_attrs, const void *arg,
                      aj_value *out) {
    for (int i = 0; i < nout; i++) out[i] = AJ_NO_VALUE;
    const char *name = ir_op_name(code);
    aj_status st = check_operands(b, name, nin, in);
    if (st) return builder_fail(b, st);
    ir_func *f = b->f;
    ir_block *body = f->body;
    ir_op *op = ir_op_append(f, body, code, nin, in, nout, hints);
    if (!op) return builder_fail(b, api_nomem());
    st = set_attrs ? set_attrs(f, op, arg) : AJ_OK;
    ir_type *inferred = mem_calloc((size_t)nout + 1, sizeof *inferred);
    diag d = {0};
    if (!st && !inferred) st = api_nomem();
    if (!st && ir_infer_types(f, op, inferred, &d)) st = api_fail_diag(&d);
    if (!st) {
        for (int i = 0; i < nout; i++) f->values[op->out[i]].type = inferred[i];
        if (ir_verify_op(b->m->ir, f, op, &d)) st = api_fail_diag(&d);
    }
    mem_free(inferred);
    for (int i = 0; i < nout && !st; i++) st = mark_visible(b, op->out[i]);
    if (st) {
        /* Drop the op; its result values stay in the table, unreachable. */
        for (int i = 0; i < op->nout; i++) f->values[op->out[i]].def = NULL;
        body->nops--;
        ir_op_free(op);
        if (st != AJ_ERR_NOMEM) {
            char why[1024];
            snprintf(why, sizeof why, "%s", aj_last_error());
            api_fail(st, "function '%s', op #%d: %s", f->name, body->nops, why);
        }
        return builder_fail(b, st);
    }
    for (int i = 0; i < nout; i++) out[i] = op->out[i];
    return AJ_OK;
}

static ir_type value_type(aj_builder *b, aj_value v) {
    if (v >= 0 && v < b->f->nvalues) return b->f->values[v].type;
    return ir_type_scalar(IR_F32);  /* rejected by check_operands */
}

aj_status aj_value_type(aj_builder *b, aj_value v, aj_dtype *dtype, int *rank, int64_t *dims) {
    aj_status st = check_operands(b, "aj_value_type", 1, &v);
    if (st) return st;
    const ir_type *t = &b->f->values[v].type;
    *dtype = (aj_dtype)t->dtype;
    *rank = t->rank;
    memcpy(dims, t->dims, (size_t)t->rank * sizeof *dims);
    return AJ_OK;
}

/* ---- attribute setters ---- */

typedef struct { const void *data; } constant_args;
static aj_status set_constant(ir_func *f, ir_op *op, const void *arg) {
    const ir_type *t = &f->values[op->out[0]].type;
    size_t bytes = ir_type_bytes(t);
    op->a.data = mem_alloc(bytes);
    if (!op->a.data) return api_nomem();
    memcpy(op->a.data, ((const constant_args *)arg)->data, bytes);
    return AJ_OK;
}

static aj_status set_axis(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    op->a.axis = *(const int64_t *)arg;
    return AJ_OK;
}

static aj_status set_compare(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    op->a.cmp = (ir_cmp_dir) * (const aj_compare_dir *)arg;
    op->a.cmp_type = IR_CMPT_NOTYPE;
    return AJ_OK;
}

typedef struct { int n; const int64_t *v; } ints_arg;
static aj_status set_dims(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const ints_arg *a = arg;
    return ir_ints_set(&op->a.dims, a->n, a->v) ? api_nomem() : AJ_OK;
}

typedef struct { int rank; const int64_t *start, *limit, *stride; } slice_args;
static aj_status set_slice(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const slice_args *a = arg;
    int64_t ones[IR_MAX_RANK];
    for (int i = 0; i < a->rank; i++) ones[i] = 1;
    if (ir_ints_set(&op->a.start, a->rank, a->start) || ir_ints_set(&op->a.limit, a->rank, a->limit) ||
        ir_ints_set(&op->a.stride, a->rank, a->stride ? a->stride : ones))
        return api_nomem();
    return AJ_OK;
}

typedef struct {
    int nbatch, ncontract;
    const int64_t *lb, *rb, *lc, *rc;
} dot_args;
static aj_status set_dot(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const dot_args *a = arg;
    if (ir_ints_set(&op->a.lhs_batch, a->nbatch, a->lb) || ir_ints_set(&op->a.rhs_batch, a->nbatch, a->rb) ||
        ir_ints_set(&op->a.lhs_contract, a->ncontract, a->lc) ||
        ir_ints_set(&op->a.rhs_contract, a->ncontract, a->rc))
        return api_nomem();
    return AJ_OK;
}

/* A region (acc, x) -> combiner(acc, x) on scalars of dtype, or -> x when
 * the combiner is IR_RETURN (scatter's replace): reduce's reducer,
 * scatter's update computation. */
static aj_status add_combiner_region(ir_func *f, ir_op *op, ir_opcode combiner, ir_dtype dtype) {
    ir_block *r = ir_op_add_region(op);
    if (!r) return api_nomem();
    ir_type scalar = ir_type_scalar(dtype);
    ir_value_id acc = ir_block_add_arg(f, r, &scalar);
    ir_value_id x = ir_block_add_arg(f, r, &scalar);
    if (acc < 0 || x < 0) return api_nomem();
    ir_value_id args[2] = {acc, x}, result = x;
    if (combiner != IR_RETURN) {
        ir_op *combine = ir_op_append(f, r, combiner, 2, args, 1, &scalar);
        if (!combine) return api_nomem();
        result = combine->out[0];
    }
    return ir_op_append(f, r, IR_RETURN, 1, &result, 0, NULL) ? AJ_OK : api_nomem();
}

typedef struct { ir_opcode combiner; int ndims; const int64_t *dims; ir_dtype dtype; } reduce_args;
static aj_status set_reduce(ir_func *f, ir_op *op, const void *arg) {
    const reduce_args *a = arg;
    if (ir_ints_set(&op->a.dims, a->ndims, a->dims)) return api_nomem();
    return add_combiner_region(f, op, a->combiner, a->dtype);
}

typedef struct { int rank; const int64_t *low, *high, *interior; } pad_args;
static aj_status set_pad(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const pad_args *a = arg;
    if (ir_ints_set(&op->a.low, a->rank, a->low) || ir_ints_set(&op->a.high, a->rank, a->high) ||
        ir_ints_set(&op->a.interior, a->rank, a->interior))
        return api_nomem();
    return AJ_OK;
}

static aj_status set_sizes(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const ints_arg *a = arg;
    return ir_ints_set(&op->a.sizes, a->n, a->v) ? api_nomem() : AJ_OK;
}

/* gather: dims and slice sizes; scatter: dims and the update computation. */
typedef struct {
    const aj_index_dims *dims;
    int rank;                    /* of the operand */
    const int64_t *slice_sizes;  /* gather */
    ir_opcode combiner;          /* scatter */
    ir_dtype dtype;
} index_args;
static aj_status set_index_dims(ir_func *f, ir_op *op, const void *arg) {
    const index_args *a = arg;
    const aj_index_dims *d = a->dims;
    ir_attrs *x = &op->a;
    if (ir_ints_set(&x->window, d->nwindow, d->window) || ir_ints_set(&x->collapsed, d->ncollapsed, d->collapsed) ||
        ir_ints_set(&x->op_batch, d->nbatch, d->operand_batch) ||
        ir_ints_set(&x->ix_batch, d->nbatch, d->indices_batch) || ir_ints_set(&x->index_map, d->nmap, d->index_map))
        return api_nomem();
    x->axis_b = d->index_vector_dim;
    if (op->code == IR_GATHER) return ir_ints_set(&x->sizes, a->rank, a->slice_sizes) ? api_nomem() : AJ_OK;
    return add_combiner_region(f, op, a->combiner, a->dtype);
}

static aj_status set_callee(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    op->a.callee = mem_strdup(arg);
    return op->a.callee ? AJ_OK : api_nomem();
}

/* ---- ops ---- */

aj_status aj_constant(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims,
                      const void *data, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type t;
    aj_status st = api_type_from(dtype, rank, dims, &t);
    if (st) return builder_fail(b, st);
    if (!data) return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_constant: data is NULL"));
    constant_args a = {data};
    return emit(b, IR_CONSTANT, 0, NULL, 1, &t, set_constant, &a, out);
}

aj_status aj_iota(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims, int axis,
                  aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type t;
    aj_status st = api_type_from(dtype, rank, dims, &t);
    if (st) return builder_fail(b, st);
    int64_t ax = axis;
    return emit(b, IR_IOTA, 0, NULL, 1, &t, set_axis, &ax, out);
}

static ir_opcode opcode_of(aj_op op) {
    static const ir_opcode map[] = {
        IR_ABS, IR_CBRT, IR_CEIL, IR_COSINE, IR_COUNT_LEADING_ZEROS, IR_EXPONENTIAL,
        IR_EXPONENTIAL_MINUS_ONE, IR_FLOOR, IR_IS_FINITE, IR_LOG, IR_LOG_PLUS_ONE,
        IR_LOGISTIC, IR_NEGATE, IR_NOT, IR_POPCNT, IR_ROUND_NEAREST_AFZ,
        IR_ROUND_NEAREST_EVEN, IR_RSQRT, IR_SIGN, IR_SINE, IR_SQRT, IR_TAN, IR_TANH,
        IR_ADD, IR_ATAN2, IR_AND, IR_DIVIDE, IR_MAXIMUM, IR_MINIMUM, IR_MULTIPLY, IR_OR,
        IR_POWER, IR_REMAINDER, IR_SHIFT_LEFT, IR_SHIFT_RIGHT_ARITHMETIC,
        IR_SHIFT_RIGHT_LOGICAL, IR_SUBTRACT, IR_XOR,
    };
    return (unsigned)op < sizeof map / sizeof *map ? map[op] : IR_OPCODE_COUNT;
}

static aj_status elementwise(aj_builder *b, aj_op op, ir_op_kind kind, int n,
                             const aj_value *xs, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_opcode code = opcode_of(op);
    if (code == IR_OPCODE_COUNT || ir_op_kind_of(code) != kind)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "%s: op %d is not a %s elementwise op",
                                        kind == IR_KIND_UNARY ? "aj_unary" : "aj_binary",
                                        (int)op, kind == IR_KIND_UNARY ? "unary" : "binary"));
    ir_type hint = value_type(b, xs[0]);
    return emit(b, code, n, xs, 1, &hint, NULL, NULL, out);
}

aj_status aj_unary(aj_builder *b, aj_op op, aj_value x, aj_value *out) {
    return elementwise(b, op, IR_KIND_UNARY, 1, &x, out);
}

aj_status aj_binary(aj_builder *b, aj_op op, aj_value x, aj_value y, aj_value *out) {
    aj_value xs[2] = {x, y};
    return elementwise(b, op, IR_KIND_BINARY, 2, xs, out);
}

aj_status aj_compare(aj_builder *b, aj_compare_dir dir, aj_value x, aj_value y, aj_value *out) {
    *out = AJ_NO_VALUE;
    if ((unsigned)dir > AJ_LT)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_compare: unknown direction %d", (int)dir));
    aj_value xs[2] = {x, y};
    ir_type hint = value_type(b, x);
    hint.dtype = IR_I1;
    return emit(b, IR_COMPARE, 2, xs, 1, &hint, set_compare, &dir, out);
}

aj_status aj_select(aj_builder *b, aj_value pred, aj_value on_true, aj_value on_false,
                    aj_value *out) {
    aj_value xs[3] = {pred, on_true, on_false};
    ir_type hint = value_type(b, on_true);
    return emit(b, IR_SELECT, 3, xs, 1, &hint, NULL, NULL, out);
}

aj_status aj_clamp(aj_builder *b, aj_value min, aj_value x, aj_value max, aj_value *out) {
    aj_value xs[3] = {min, x, max};
    ir_type hint = value_type(b, x);
    return emit(b, IR_CLAMP, 3, xs, 1, &hint, NULL, NULL, out);
}

/* convert, bitcast_convert: x's shape (the type rule settles it), dtype's elements. */
static aj_status emit_to_dtype(aj_builder *b, ir_opcode code, aj_value x, aj_dtype dtype, aj_value *out) {
    *out = AJ_NO_VALUE;
    if ((unsigned)dtype >= AJ_DTYPE_COUNT)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "%s: unknown dtype %d", ir_op_name(code), (int)dtype));
    ir_type hint = value_type(b, x);
    hint.dtype = (ir_dtype)dtype;
    return emit(b, code, 1, &x, 1, &hint, NULL, NULL, out);
}

aj_status aj_convert(aj_builder *b, aj_value x, aj_dtype dtype, aj_value *out) {
    return emit_to_dtype(b, IR_CONVERT, x, dtype, out);
}

aj_status aj_bitcast_convert(aj_builder *b, aj_value x, aj_dtype dtype, aj_value *out) {
    return emit_to_dtype(b, IR_BITCAST_CONVERT, x, dtype, out);
}

static aj_status set_precision(ir_func *f, ir_op *op, const void *arg) {
    (void)f;
    const int *bits = arg;
    op->a.exponent_bits = bits[0];
    op->a.mantissa_bits = bits[1];
    return AJ_OK;
}

aj_status aj_reduce_precision(aj_builder *b, aj_value x, int exponent_bits, int mantissa_bits, aj_value *out) {
    int bits[2] = {exponent_bits, mantissa_bits};
    ir_type hint = value_type(b, x);
    return emit(b, IR_REDUCE_PRECISION, 1, &x, 1, &hint, set_precision, bits, out);
}

aj_status aj_broadcast_in_dim(aj_builder *b, aj_value x, int rank, const int64_t *dims,
                              const int64_t *map, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type hint;
    aj_status st = api_type_from((aj_dtype)value_type(b, x).dtype, rank, dims, &hint);
    if (st) return builder_fail(b, st);
    ints_arg a = {value_type(b, x).rank, map};
    return emit(b, IR_BROADCAST_IN_DIM, 1, &x, 1, &hint, set_dims, &a, out);
}

aj_status aj_reshape(aj_builder *b, aj_value x, int rank, const int64_t *dims, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type hint;
    aj_status st = api_type_from((aj_dtype)value_type(b, x).dtype, rank, dims, &hint);
    if (st) return builder_fail(b, st);
    return emit(b, IR_RESHAPE, 1, &x, 1, &hint, NULL, NULL, out);
}

aj_status aj_transpose(aj_builder *b, aj_value x, const int64_t *perm, aj_value *out) {
    ir_type hint = value_type(b, x);
    ints_arg a = {hint.rank, perm};
    return emit(b, IR_TRANSPOSE, 1, &x, 1, &hint, set_dims, &a, out);
}

aj_status aj_slice(aj_builder *b, aj_value x, const int64_t *start, const int64_t *limit,
                   const int64_t *strides, aj_value *out) {
    ir_type hint = value_type(b, x);
    slice_args a = {hint.rank, start, limit, strides};
    return emit(b, IR_SLICE, 1, &x, 1, &hint, set_slice, &a, out);
}

aj_status aj_concatenate(aj_builder *b, int n, const aj_value *xs, int axis, aj_value *out) {
    *out = AJ_NO_VALUE;
    if (n < 1 || !xs)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_concatenate: needs at least one operand"));
    ir_type hint = value_type(b, xs[0]);
    int64_t ax = axis;
    return emit(b, IR_CONCATENATE, n, xs, 1, &hint, set_axis, &ax, out);
}

aj_status aj_reverse(aj_builder *b, aj_value x, int ndims, const int64_t *dims, aj_value *out) {
    ir_type hint = value_type(b, x);
    ints_arg a = {ndims, dims};
    return emit(b, IR_REVERSE, 1, &x, 1, &hint, set_dims, &a, out);
}

aj_status aj_dot_general(aj_builder *b, aj_value lhs, aj_value rhs,
                         int nbatch, const int64_t *lhs_batch, const int64_t *rhs_batch,
                         int ncontract, const int64_t *lhs_contract, const int64_t *rhs_contract,
                         aj_value *out) {
    aj_value xs[2] = {lhs, rhs};
    ir_type hint = value_type(b, lhs);
    dot_args a = {nbatch, ncontract, lhs_batch, rhs_batch, lhs_contract, rhs_contract};
    return emit(b, IR_DOT_GENERAL, 2, xs, 1, &hint, set_dot, &a, out);
}

aj_status aj_reduce(aj_builder *b, aj_value x, aj_value init, aj_op op,
                    int ndims, const int64_t *dims, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_opcode combiner = opcode_of(op);
    static const ir_opcode allowed[] = {IR_ADD, IR_MULTIPLY, IR_MAXIMUM, IR_MINIMUM,
                                        IR_AND, IR_OR, IR_XOR};
    int ok = 0;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) ok |= combiner == allowed[i];
    if (!ok)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_reduce: op %d is not a reduction "
                                        "(add, multiply, maximum, minimum, and, or, xor)", (int)op));
    aj_value xs[2] = {x, init};
    ir_type hint = value_type(b, x);
    reduce_args a = {combiner, ndims, dims, hint.dtype};
    return emit(b, IR_REDUCE, 2, xs, 1, &hint, set_reduce, &a, out);
}

aj_status aj_pad(aj_builder *b, aj_value x, aj_value pad, const int64_t *low, const int64_t *high,
                 const int64_t *interior, aj_value *out) {
    *out = AJ_NO_VALUE;
    if (!low || !high || !interior)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_pad: low, high and interior are needed"));
    aj_value xs[2] = {x, pad};
    ir_type hint = value_type(b, x);
    pad_args a = {hint.rank, low, high, interior};
    return emit(b, IR_PAD, 2, xs, 1, &hint, set_pad, &a, out);
}

aj_status aj_dynamic_slice(aj_builder *b, aj_value x, const aj_value *starts, const int64_t *sizes,
                           aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type hint = value_type(b, x);
    if ((!starts || !sizes) && hint.rank > 0)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_dynamic_slice: starts and sizes are needed"));
    aj_value xs[1 + IR_MAX_RANK] = {x};
    for (int i = 0; i < hint.rank; i++) xs[1 + i] = starts[i];
    ints_arg a = {hint.rank, sizes};
    return emit(b, IR_DYNAMIC_SLICE, 1 + hint.rank, xs, 1, &hint, set_sizes, &a, out);
}

aj_status aj_dynamic_update_slice(aj_builder *b, aj_value x, aj_value update, const aj_value *starts,
                                  aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_type hint = value_type(b, x);
    if (!starts && hint.rank > 0)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_dynamic_update_slice: starts are needed"));
    aj_value xs[2 + IR_MAX_RANK] = {x, update};
    for (int i = 0; i < hint.rank; i++) xs[2 + i] = starts[i];
    return emit(b, IR_DYNAMIC_UPDATE_SLICE, 2 + hint.rank, xs, 1, &hint, NULL, NULL, out);
}

aj_status aj_gather(aj_builder *b, aj_value x, aj_value indices, const aj_index_dims *dims,
                    const int64_t *slice_sizes, aj_value *out) {
    *out = AJ_NO_VALUE;
    if (!dims || !slice_sizes)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_gather: dims and slice_sizes are needed"));
    aj_value xs[2] = {x, indices};
    ir_type hint = value_type(b, x);
    index_args a = {dims, hint.rank, slice_sizes, IR_RETURN, hint.dtype};
    return emit(b, IR_GATHER, 2, xs, 1, &hint, set_index_dims, &a, out);
}

aj_status aj_scatter(aj_builder *b, aj_value x, aj_value indices, aj_value updates, const aj_index_dims *dims,
                     aj_op op, int replace, aj_value *out) {
    *out = AJ_NO_VALUE;
    ir_opcode combiner = replace ? IR_RETURN : opcode_of(op);
    if (!dims) return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_scatter: dims are needed"));
    if (!replace && (combiner == IR_OPCODE_COUNT || ir_op_kind_of(combiner) != IR_KIND_BINARY))
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_scatter: op %d is not a binary elementwise op", (int)op));
    aj_value xs[3] = {x, indices, updates};
    ir_type hint = value_type(b, x);
    index_args a = {dims, hint.rank, NULL, combiner, hint.dtype};
    return emit(b, IR_SCATTER, 3, xs, 1, &hint, set_index_dims, &a, out);
}

aj_status aj_call(aj_builder *b, const char *callee, int nargs, const aj_value *args,
                  int nresults, aj_value *results) {
    for (int i = 0; i < nresults; i++) results[i] = AJ_NO_VALUE;
    ir_func *g = callee ? ir_module_find(b->m->ir, callee) : NULL;
    if (!g || g == b->f)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_call: no function '%s' to call "
                                        "(it must be finished before)", callee ? callee : "(null)"));
    if (nresults != g->nresults)
        return builder_fail(b, api_fail(AJ_ERR_INVALID, "aj_call: '%s' has %d results, %d asked for",
                                        callee, g->nresults, nresults));
    return emit(b, IR_CALL, nargs, args, nresults, g->result_types, set_callee, callee, results);
}

aj_status aj_builder_finish(aj_builder *b, int nresults, const aj_value *results) {
    aj_status st = b->first_error;
    if (st) {
        api_fail(st, "%s", b->first_message);
    } else if ((st = check_operands(b, "aj_builder_finish", nresults, results)) == AJ_OK) {
        ir_type types[64];
        ir_func *f = b->f;
        if (nresults > 64) st = api_fail(AJ_ERR_UNSUPPORTED, "aj_builder_finish: more than 64 results");
        for (int i = 0; i < nresults && !st; i++) types[i] = f->values[results[i]].type;
        if (!st && (!ir_op_append(f, f->body, IR_RETURN, nresults, results, 0, NULL) ||
                    ir_func_set_results(f, nresults, types)))
            st = api_nomem();
        diag d = {0};
        if (!st && ir_verify_func(b->m->ir, f, &d)) st = api_fail_diag(&d);
    }
    if (st) {
        aj_builder_abandon(b);
        return st;
    }
    mem_free(b->visible);
    mem_free(b);
    return AJ_OK;
}
