/* eval_elementwise.c: the tensor loops of the elementwise ops. Each loop
 * loads element k of its operands, applies the scalar semantics of
 * eval_scalar.c and stores element k of the result. Operands have the
 * result's shape, except select's predicate and clamp's bounds, which may be
 * scalars. */
#include <complex.h>
#include <math.h>

#include "../util/complex_math.h"
#include "eval_internal.h"

AJ_COMPLEX_MATH_CODE

static const ir_type *in_type(const ev_frame *fr, const ir_op *op, int i) { return ev_type(fr, op->in[i]); }
static const ir_type *out_type(const ev_frame *fr, const ir_op *op) { return ev_type(fr, op->out[0]); }

/* Operand i must have the result's shape (or be a scalar when allowed). */
static int require_result_shape(const ev_frame *fr, const ir_op *op, int i, bool scalar_ok, diag *d) {
    const ir_type *t = in_type(fr, op, i);
    if (ir_type_same_shape(t, out_type(fr, op)) || (scalar_ok && t->rank == 0)) return DIAG_OK;
    char a[128], r[128];
    return ev_fail(d, DIAG_INVALID, op, "operand %d is %s, the result %s", i,
                   ir_type_str(t, a, sizeof a), ir_type_str(out_type(fr, op), r, sizeof r));
}

static int require_same_dtype(const ev_frame *fr, const ir_op *op, int i, int j, diag *d) {
    ir_dtype a = in_type(fr, op, i)->dtype, b = in_type(fr, op, j)->dtype;
    if (a == b) return DIAG_OK;
    return ev_fail(d, DIAG_INVALID, op, "operands %d and %d differ in element type (%s, %s)",
                   i, j, ir_dtype_name(a), ir_dtype_name(b));
}

static int undefined_on(diag *d, const ir_op *op, ir_dtype t) {
    int code = elem_type_of(t).cls == ELEM_OTHER ? DIAG_UNSUPPORTED : DIAG_INVALID;
    return ev_fail(d, code, op, "not defined on element type %s", ir_dtype_name(t));
}

/* Index of element k of an operand that is either a scalar or full-sized. */
static inline int64_t at(const ir_type *t, int64_t k) { return t->rank == 0 ? 0 : k; }

static int run_unary(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (rc) return rc;
    elem_type t = elem_type_of(in_type(fr, op, 0)->dtype);
    ev_unary_fn fn = ev_unary_resolve(op->code, t.cls);
    if (!fn || out_type(fr, op)->dtype != t.dtype) return undefined_on(d, op, t.dtype);
    const void *x = ev_data(fr, op->in[0]);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) elem_store(t.dtype, r, k, fn(elem_load(t.dtype, x, k), &t));
    return DIAG_OK;
}

static int run_is_finite(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (rc) return rc;
    ir_dtype t = in_type(fr, op, 0)->dtype;
    if (elem_type_of(t).cls != ELEM_FLOAT || out_type(fr, op)->dtype != IR_I1) return undefined_on(d, op, t);
    const void *x = ev_data(fr, op->in[0]);
    unsigned char *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) r[k] = isfinite(elem_load(t, x, k).f) != 0;
    return DIAG_OK;
}

static int run_binary(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (!rc) rc = require_result_shape(fr, op, 1, false, d);
    if (!rc) rc = require_same_dtype(fr, op, 0, 1, d);
    if (rc) return rc;
    elem_type t = elem_type_of(in_type(fr, op, 0)->dtype);
    ev_binary_fn fn = ev_binary_resolve(op->code, t.cls);
    if (!fn || out_type(fr, op)->dtype != t.dtype) return undefined_on(d, op, t.dtype);
    const void *a = ev_data(fr, op->in[0]), *b = ev_data(fr, op->in[1]);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++)
        elem_store(t.dtype, r, k, fn(elem_load(t.dtype, a, k), elem_load(t.dtype, b, k), &t));
    return DIAG_OK;
}

static int run_compare(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (!rc) rc = require_result_shape(fr, op, 1, false, d);
    if (!rc) rc = require_same_dtype(fr, op, 0, 1, d);
    if (rc) return rc;
    elem_type t = elem_type_of(in_type(fr, op, 0)->dtype);
    if (t.cls == ELEM_OTHER || out_type(fr, op)->dtype != IR_I1) return undefined_on(d, op, t.dtype);
    ev_cmp_mode mode = ev_cmp_mode_of(op->a.cmp_type, &t);
    const void *a = ev_data(fr, op->in[0]), *b = ev_data(fr, op->in[1]);
    unsigned char *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) r[k] = ev_compare_at(op->a.cmp, mode, &t, a, k, b, k);
    return DIAG_OK;
}

/* select(pred, on_true, on_false): copies whole elements, whatever their type. */
static int run_select(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, true, d);
    if (!rc) rc = require_result_shape(fr, op, 1, false, d);
    if (!rc) rc = require_result_shape(fr, op, 2, false, d);
    if (!rc) rc = require_same_dtype(fr, op, 1, 2, d);
    if (rc) return rc;
    const ir_type *pt = in_type(fr, op, 0), *rt = out_type(fr, op);
    if (pt->dtype != IR_I1 || rt->dtype != in_type(fr, op, 1)->dtype)
        return ev_fail(d, DIAG_INVALID, op, "needs an i1 predicate and results of the operands' type");
    const unsigned char *pred = ev_data(fr, op->in[0]);
    const char *on_true = ev_data(fr, op->in[1]), *on_false = ev_data(fr, op->in[2]);
    char *r = ev_data(fr, op->out[0]);
    size_t size = ir_dtype_size(rt->dtype);
    int64_t n = ir_type_numel(rt);
    for (int64_t k = 0; k < n; k++)
        memcpy(r + (size_t)k * size, (pred[at(pt, k)] ? on_true : on_false) + (size_t)k * size, size);
    return DIAG_OK;
}

/* clamp(min, operand, max) = minimum(maximum(operand, min), max), with the
 * NaN rules of maximum and minimum. */
static int run_clamp(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, true, d);
    if (!rc) rc = require_result_shape(fr, op, 1, false, d);
    if (!rc) rc = require_result_shape(fr, op, 2, true, d);
    if (!rc) rc = require_same_dtype(fr, op, 0, 1, d);
    if (!rc) rc = require_same_dtype(fr, op, 1, 2, d);
    if (rc) return rc;
    const ir_type *lo_t = in_type(fr, op, 0), *hi_t = in_type(fr, op, 2);
    elem_type t = elem_type_of(lo_t->dtype);
    ev_binary_fn max = ev_binary_resolve(IR_MAXIMUM, t.cls), min = ev_binary_resolve(IR_MINIMUM, t.cls);
    if (!max || !min || out_type(fr, op)->dtype != t.dtype) return undefined_on(d, op, t.dtype);
    const void *lo = ev_data(fr, op->in[0]), *x = ev_data(fr, op->in[1]), *hi = ev_data(fr, op->in[2]);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) {
        elem_value v = elem_canon(&t, max(elem_load(t.dtype, x, k), elem_load(t.dtype, lo, at(lo_t, k)), &t));
        elem_store(t.dtype, r, k, min(v, elem_load(t.dtype, hi, at(hi_t, k)), &t));
    }
    return DIAG_OK;
}

static int run_convert(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (rc) return rc;
    elem_type from = elem_type_of(in_type(fr, op, 0)->dtype), to = elem_type_of(out_type(fr, op)->dtype);
    if (from.cls == ELEM_OTHER) return undefined_on(d, op, from.dtype);
    if (to.cls == ELEM_OTHER) return undefined_on(d, op, to.dtype);
    const void *x = ev_data(fr, op->in[0]);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) elem_store(to.dtype, r, k, ev_convert(elem_load(from.dtype, x, k), &from, &to));
    return DIAG_OK;
}

/* One part of op's complex function of the complex numbers (v[0] + i v[1],
 * v[2] + i v[3]); the rule (ir_complex_part_arity) checked the function. */
static double complex_part_of(const ir_op *op, const double *v) {
    int imag = op->a.complex_imag;
    switch (op->a.complex_fn) {
#define EV_UNARY_FN(name, expr) case IR_##name: return aj_cfn_##name(v[0], v[1], imag);
#define EV_BINARY_FN(name, expr) case IR_##name: return aj_cfn_##name(v[0], v[1], v[2], v[3], imag);
    AJ_COMPLEX_UNARY_LIST(EV_UNARY_FN)
    AJ_COMPLEX_BINARY_LIST(EV_BINARY_FN)
#undef EV_UNARY_FN
#undef EV_BINARY_FN
    default: return NAN;
    }
}

static int run_complex_part(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = ir_complex_part_arity(op->a.complex_fn) == op->nin ? DIAG_OK
             : ev_fail(d, DIAG_INVALID, op, "not a function of %d complex parts", op->nin);
    for (int i = 0; !rc && i < op->nin; i++) {
        rc = require_result_shape(fr, op, i, false, d);
        if (!rc) rc = require_same_dtype(fr, op, i, 0, d);
    }
    if (rc) return rc;
    ir_dtype t = in_type(fr, op, 0)->dtype;
    if ((t != IR_F32 && t != IR_F64) || out_type(fr, op)->dtype != t) return undefined_on(d, op, t);
    void *r = ev_data(fr, op->out[0]);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) {
        double v[4];
        for (int i = 0; i < op->nin; i++) v[i] = elem_load(t, ev_data(fr, op->in[i]), k).f;
        elem_store(t, r, k, (elem_value){.f = complex_part_of(op, v)});
    }
    return DIAG_OK;
}

static int run_reduce_precision(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = require_result_shape(fr, op, 0, false, d);
    if (rc) return rc;
    ir_dtype t = in_type(fr, op, 0)->dtype;
    if (!ir_dtype_is_float(t) || out_type(fr, op)->dtype != t) return undefined_on(d, op, t);
    if (op->a.exponent_bits < 1 || op->a.mantissa_bits < 0)
        return ev_fail(d, DIAG_INVALID, op, "exponent_bits %d, mantissa_bits %d", op->a.exponent_bits,
                       op->a.mantissa_bits);
    const void *x = ev_data(fr, op->in[0]);
    void *r = ev_data(fr, op->out[0]);
    size_t size = ir_dtype_size(t);
    int64_t n = ir_type_numel(out_type(fr, op));
    for (int64_t k = 0; k < n; k++) {
        if (ir_dtype_minifloat(t, NULL)) {   /* on the value as f64, which holds it and the result */
            double v = elem_load(t, x, k).f;
            uint64_t b;
            memcpy(&b, &v, 8);
            b = ev_reduce_precision(b, IR_F64, op->a.exponent_bits, op->a.mantissa_bits);
            memcpy(&v, &b, 8);
            elem_store(t, r, k, (elem_value){.f = v});
            continue;
        }
        uint64_t bits = ev_reduce_precision(elem_bits_at(t, x, k), t, op->a.exponent_bits, op->a.mantissa_bits);
        memcpy((char *)r + (size_t)k * size, &bits, size);   /* little-endian: the low bytes */
    }
    return DIAG_OK;
}

int ev_elementwise(ev_frame *fr, const ir_op *op, diag *d) {
    switch (op->code) {
    case IR_IS_FINITE: return run_is_finite(fr, op, d);
    case IR_COMPARE: return run_compare(fr, op, d);
    case IR_SELECT: return run_select(fr, op, d);
    case IR_CLAMP: return run_clamp(fr, op, d);
    case IR_CONVERT: return run_convert(fr, op, d);
    case IR_REDUCE_PRECISION: return run_reduce_precision(fr, op, d);
    case IR_COMPLEX_PART: return run_complex_part(fr, op, d);
    default: break;
    }
    switch (ir_op_kind_of(op->code)) {
    case IR_KIND_UNARY: return run_unary(fr, op, d);
    case IR_KIND_BINARY: return run_binary(fr, op, d);
    default: return ev_fail(d, DIAG_INVALID, op, "not an elementwise op");
    }
}
