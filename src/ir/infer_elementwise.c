/* infer_elementwise.c: the type rules of the elementwise ops (unary,
 * binary, select, clamp, compare) and of the element type changes
 * (convert, bitcast_convert, reduce_precision). */
#include "infer_internal.h"

/* ---- rules: elementwise --------------------------------------------------- */

int infer_rule_unary(infer_ctx *cx) {
    int rc = infer_expect_accepted_dtype(cx, "operand 0", infer_operand(cx, 0));
    if (rc) return rc;
    cx->out[0] = *infer_operand(cx, 0);
    if (cx->op->code == IR_IS_FINITE) cx->out[0].dtype = IR_I1;
    return DIAG_OK;
}

int infer_rule_binary(infer_ctx *cx) {
    int rc = infer_expect_accepted_dtype(cx, "operand 0", infer_operand(cx, 0));
    if (!rc) rc = infer_expect_same_type(cx, 1, 0);
    if (rc) return rc;
    cx->out[0] = *infer_operand(cx, 0);
    return DIAG_OK;
}

/* complex_part(re, im[, re2, im2]): parts of complex numbers, all of one
 * f32 or f64 type, and a function that takes that many of them. */
int infer_rule_complex_part(infer_ctx *cx) {
    const ir_op *op = cx->op;
    int arity = ir_complex_part_arity(op->a.complex_fn);
    if (!arity) return infer_fail(cx, "complex_fn: not a function of complex numbers");
    if (op->nin != arity)
        return infer_fail(cx, "expected %d operands (the parts of %d complex numbers), got %d", arity, arity / 2,
                          op->nin);
    const ir_type *re = infer_operand(cx, 0);
    if (re->dtype != IR_F32 && re->dtype != IR_F64)
        return infer_fail(cx, "operand 0: expected a tensor of f32 or f64 (a complex part), got %s", TT(re));
    for (int i = 1; i < arity; i++) {
        int rc = infer_expect_same_type(cx, i, 0);
        if (rc) return rc;
    }
    cx->out[0] = *re;
    return DIAG_OK;
}

/* select(pred, on_true, on_false): pred is i1, a scalar or of the branches'
 * shape; the branches have one type. */
int infer_rule_select(infer_ctx *cx) {
    const ir_type *pred = infer_operand(cx, 0), *branch = infer_operand(cx, 1);
    ir_type scalar = ir_type_scalar(IR_I1), same_shape = *branch;
    same_shape.dtype = IR_I1;
    if (!ir_type_eq(pred, &scalar) && !ir_type_eq(pred, &same_shape))
        return infer_fail(cx, "operand 0 (the predicate): expected %s or %s (a scalar, or the shape of operand 1), got %s",
                          TT(&scalar), TT(&same_shape), TT(pred));
    int rc = infer_expect_same_type(cx, 2, 1);
    if (rc) return rc;
    cx->out[0] = *branch;
    return DIAG_OK;
}

/* clamp(min, operand, max): each bound is a scalar or of the operand's type. */
int infer_rule_clamp(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 1);
    ir_type scalar = ir_type_scalar(x->dtype);
    for (int i = 0; i <= 2; i += 2) {
        const ir_type *bound = infer_operand(cx, i);
        if (!ir_type_eq(bound, &scalar) && !ir_type_eq(bound, x))
            return infer_fail(cx, "operand %d (%s): expected %s or %s (a scalar, or the type of operand 1), got %s", i,
                              i == 0 ? "min" : "max", TT(&scalar), TT(x), TT(bound));
    }
    cx->out[0] = *x;
    return DIAG_OK;
}

/* The element types a compare_type applies to (spec compare, C3). */
static unsigned compare_type_classes(ir_cmp_type type) {
    switch (type) {
    case IR_CMPT_NOTYPE: return CLS_ANY;
    case IR_CMPT_FLOAT: case IR_CMPT_TOTALORDER: return CLS_FLOAT;
    case IR_CMPT_SIGNED: return CLS_SINT;
    case IR_CMPT_UNSIGNED: return CLS_UINT | CLS_BOOL;
    default: return 0;
    }
}

static const char *compare_types_for(ir_dtype t) {
    switch (infer_dtype_class(t)) {
    case CLS_FLOAT: return "FLOAT or TOTALORDER";
    case CLS_SINT: return "SIGNED";
    default: return "UNSIGNED";
    }
}

int infer_rule_compare(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    int rc = infer_expect_same_type(cx, 1, 0);
    if (rc) return rc;
    const ir_attrs *a = infer_attrs(cx);
    if ((unsigned)a->cmp > IR_CMP_LT) return infer_fail(cx, "unknown comparison_direction #%d", (int)a->cmp);
    if (!(compare_type_classes(a->cmp_type) & infer_dtype_class(x->dtype)))
        return infer_fail(cx, "compare_type %s: expected %s for operands of type %s", ir_cmp_type_name(a->cmp_type),
                          compare_types_for(x->dtype), TT(x));
    cx->out[0] = *x;
    cx->out[0].dtype = IR_I1;
    return DIAG_OK;
}

/* ---- rules: element type changes ----------------------------------------- */

int infer_rule_convert(infer_ctx *cx) {
    cx->out[0] = *infer_operand(cx, 0);
    cx->out[0].dtype = infer_recorded(cx, 0)->dtype;
    return DIAG_OK;
}


/* bitcast_convert (spec C2): the same bits reinterpreted. Equal widths keep
 * the shape; a wider operand element becomes `ratio` result elements along
 * a new last dimension; a narrower one takes its last dimension, of size
 * `ratio`, as one result element. i1 reinterprets only as i1. */
int infer_rule_bitcast_convert(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    ir_dtype to = infer_recorded(cx, 0)->dtype;
    int from_bits = ir_dtype_bits(x->dtype), to_bits = ir_dtype_bits(to);
    cx->out[0] = *x;
    cx->out[0].dtype = to;
    if (from_bits == to_bits) return DIAG_OK;
    if (from_bits < 8 || to_bits < 8)
        return infer_fail(cx, "cannot reinterpret %s as %s (sub-byte elements take a byte each here, so their bits "
                              "do not pack)", TT(x), ir_dtype_name(to));
    if (x->dtype == IR_I1 || to == IR_I1)
        return infer_fail(cx, "cannot reinterpret %s as %s (i1 has no bit layout to share)", TT(x), ir_dtype_name(to));
    if (from_bits > to_bits) {
        if (x->rank == IR_MAX_RANK) return infer_fail(cx, "the result would have more than %d dimensions", IR_MAX_RANK);
        cx->out[0].dims[cx->out[0].rank++] = from_bits / to_bits;
        return DIAG_OK;
    }
    int64_t ratio = to_bits / from_bits;
    if (x->rank == 0 || x->dims[x->rank - 1] != ratio)
        return infer_fail(cx, "operand 0: %s as %s needs a last dimension of size %lld", TT(x), ir_dtype_name(to),
                          (long long)ratio);
    cx->out[0].rank--;
    return DIAG_OK;
}

/* reduce_precision (spec C1-C3): a float operand, exponent_bits >= 1,
 * mantissa_bits >= 0; the result has the operand's type. */
int infer_rule_reduce_precision(infer_ctx *cx) {
    const ir_type *x = infer_operand(cx, 0);
    const ir_attrs *a = infer_attrs(cx);
    if (!ir_dtype_is_float(x->dtype)) return infer_fail(cx, "operand 0: expected a floating-point type, got %s", TT(x));
    if (a->exponent_bits < 1 || a->mantissa_bits < 0)
        return infer_fail(cx, "exponent_bits = %d, mantissa_bits = %d: expected >= 1 and >= 0", a->exponent_bits,
                          a->mantissa_bits);
    cx->out[0] = *x;
    return DIAG_OK;
}
