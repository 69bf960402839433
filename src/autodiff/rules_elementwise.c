/* rules_elementwise.c: the rules of the unary and binary elementwise ops,
 * select, clamp and convert. */
#include "ad_internal.h"

/* ---- elementwise ---- */

ir_value_id ad_unary_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_value_id x = op->in[0], y = op->out[0], g = ad_cotangent(c, op);
    switch (op->code) {
    case IR_ABS: return ad_mul(c, g, ad_unary(c, IR_SIGN, x));
    case IR_CBRT: return ad_dvd(c, g, ad_mul(c, ad_fill_like(c, 3.0, y), ad_mul(c, y, y)));   /* 1 / (3 y^2) */
    case IR_COSINE: return ad_neg(c, ad_mul(c, g, ad_unary(c, IR_SINE, x)));
    case IR_SINE: return ad_mul(c, g, ad_unary(c, IR_COSINE, x));
    case IR_TAN: return ad_mul(c, g, ad_add(c, ad_fill_like(c, 1.0, y), ad_mul(c, y, y)));      /* 1 + tan^2 */
    case IR_TANH: return ad_mul(c, g, ad_sub(c, ad_fill_like(c, 1.0, y), ad_mul(c, y, y)));     /* 1 - tanh^2 */
    case IR_EXPONENTIAL: return ad_mul(c, g, y);
    case IR_EXPONENTIAL_MINUS_ONE: return ad_mul(c, g, ad_add(c, y, ad_fill_like(c, 1.0, y)));
    case IR_LOG: return ad_dvd(c, g, x);
    case IR_LOG_PLUS_ONE: return ad_dvd(c, g, ad_add(c, x, ad_fill_like(c, 1.0, x)));
    case IR_LOGISTIC: return ad_mul(c, g, ad_mul(c, y, ad_sub(c, ad_fill_like(c, 1.0, y), y)));
    case IR_NEGATE: return ad_neg(c, g);
    case IR_RSQRT: return ad_mul(c, g, ad_mul(c, ad_fill_like(c, -0.5, y), ad_dvd(c, y, x)));   /* -y / 2x */
    case IR_SQRT: return ad_dvd(c, g, ad_mul(c, ad_fill_like(c, 2.0, y), y));
    case IR_SINH: return ad_mul(c, g, ad_unary(c, IR_COSH, x));
    case IR_COSH: return ad_mul(c, g, ad_unary(c, IR_SINH, x));
    case IR_ASIN:   /* 1 / sqrt(1 - x^2) */
        return ad_mul(c, g, ad_unary(c, IR_RSQRT, ad_sub(c, ad_fill_like(c, 1.0, x), ad_mul(c, x, x))));
    case IR_ACOS:   /* -1 / sqrt(1 - x^2) */
        return ad_neg(c, ad_mul(c, g, ad_unary(c, IR_RSQRT, ad_sub(c, ad_fill_like(c, 1.0, x), ad_mul(c, x, x)))));
    case IR_ATAN: return ad_dvd(c, g, ad_add(c, ad_fill_like(c, 1.0, x), ad_mul(c, x, x)));   /* 1 / (1 + x^2) */
    case IR_ASINH:  /* 1 / sqrt(x^2 + 1) */
        return ad_mul(c, g, ad_unary(c, IR_RSQRT, ad_add(c, ad_mul(c, x, x), ad_fill_like(c, 1.0, x))));
    case IR_ACOSH: {   /* 1 / sqrt((x - 1)(x + 1)), as JAX writes it */
        ir_value_id one = ad_fill_like(c, 1.0, x);
        return ad_mul(c, g, ad_unary(c, IR_RSQRT, ad_mul(c, ad_sub(c, x, one), ad_add(c, x, one))));
    }
    case IR_ATANH: {   /* 1 / ((1 - x)(1 + x)) */
        ir_value_id one = ad_fill_like(c, 1.0, x);
        return ad_dvd(c, g, ad_mul(c, ad_sub(c, one, x), ad_add(c, one, x)));
    }
    case IR_ERF:    /* 2/sqrt(pi) exp(-x^2) */
    case IR_ERFC: { /* -2/sqrt(pi) exp(-x^2) */
        double k = op->code == IR_ERF ? 1.1283791670955125739 : -1.1283791670955125739;
        ir_value_id e = ad_unary(c, IR_EXPONENTIAL, ad_neg(c, ad_mul(c, x, x)));
        return ad_mul(c, g, ad_mul(c, ad_fill_like(c, k, x), e));
    }
    case IR_ERF_INV:   /* sqrt(pi)/2 exp(y^2) */
        return ad_mul(c, g, ad_mul(c, ad_fill_like(c, 0.88622692545275801365, y),
                                   ad_unary(c, IR_EXPONENTIAL, ad_mul(c, y, y))));
    case IR_LGAMMA: return ad_mul(c, g, ad_unary(c, IR_DIGAMMA, x));
    default: return ad_unsupported(c, "no rule for this op"), -1;
    }
}

/* max/min: g goes to the operand that wins, half of it to each on a tie. */
static ir_value_id choice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id self = op->in[i], other = op->in[1 - i], g = ad_cotangent(c, op);
    ir_value_id zero = ad_zeros_like(c, g);
    ir_value_id wins = ad_compare(c, op->code == IR_MAXIMUM ? IR_CMP_GT : IR_CMP_LT, self, other);
    ir_value_id tie = ad_compare(c, IR_CMP_EQ, self, other);
    ir_value_id half = ad_mul(c, g, ad_fill_like(c, 0.5, g));
    return ad_select(c, wins, g, ad_select(c, tie, half, zero));
}

static ir_value_id power_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], y = op->in[1], z = op->out[0], g = ad_cotangent(c, op);
    ir_value_id zero = ad_zeros_like(c, g);
    if (i == 0) {   /* y * x^(y-1), and 0 where y == 0 */
        ir_value_id jac = ad_mul(c, y, ad_binary(c, IR_POWER, x, ad_sub(c, y, ad_fill_like(c, 1.0, y))));
        return ad_mul(c, g, ad_select(c, ad_compare(c, IR_CMP_EQ, y, zero), zero, jac));
    }
    /* z * log(x), with log(1) = 0 standing in where x == 0 */
    ir_value_id safe_x = ad_select(c, ad_compare(c, IR_CMP_EQ, x, zero), ad_fill_like(c, 1.0, x), x);
    return ad_mul(c, g, ad_mul(c, z, ad_unary(c, IR_LOG, safe_x)));
}

ir_value_id ad_binary_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], y = op->in[1], g = ad_cotangent(c, op);
    switch (op->code) {
    case IR_ADD: return g;
    case IR_SUBTRACT: return i == 0 ? g : ad_neg(c, g);
    case IR_MULTIPLY: return ad_mul(c, g, op->in[1 - i]);
    case IR_DIVIDE: return i == 0 ? ad_dvd(c, g, y) : ad_neg(c, ad_dvd(c, ad_mul(c, g, op->out[0]), y)); /* -g x/y^2 */
    case IR_ATAN2: {   /* atan2(x, y): d/dx = y / (x^2 + y^2), d/dy = -x / (x^2 + y^2) */
        ir_value_id r2 = ad_add(c, ad_mul(c, x, x), ad_mul(c, y, y));
        return i == 0 ? ad_dvd(c, ad_mul(c, g, y), r2) : ad_neg(c, ad_dvd(c, ad_mul(c, g, x), r2));
    }
    case IR_MAXIMUM: case IR_MINIMUM: return choice_partial(c, op, i);
    case IR_POWER: return power_partial(c, op, i);
    case IR_REMAINDER: {   /* x - y * trunc(x / y); trunc(q) = sign(q) * floor(|q|) */
        if (i == 0) return g;
        ir_value_id q = ad_dvd(c, x, y);
        ir_value_id trunc = ad_mul(c, ad_unary(c, IR_SIGN, q), ad_unary(c, IR_FLOOR, ad_unary(c, IR_ABS, q)));
        return ad_neg(c, ad_mul(c, g, trunc));
    }
    default: return ad_unsupported(c, "no rule for this op"), -1;
    }
}

/* ---- select, clamp, convert ---- */

ir_value_id ad_select_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = ad_cotangent(c, op), zero = ad_zeros_like(c, g);
    return i == 1 ? ad_select(c, op->in[0], g, zero) : ad_select(c, op->in[0], zero, g);
}

/* A clamp bound as a tensor of the operand's shape (bounds may be scalars). */
static ir_value_id bound_like(ad_ctx *c, ir_value_id bound, ir_value_id x) {
    ir_type tb = ad_type(c, bound), tx = ad_type(c, x);
    return tb.rank == tx.rank ? bound : ad_broadcast(c, bound, &tx, NULL);
}

/* Sums v down to the shape of operand `to` (a scalar bound of a tensor). */
static ir_value_id sum_like(ad_ctx *c, ir_value_id v, ir_value_id to) {
    if (v < 0) return -1;
    return ad_type(c, to).rank == ad_type(c, v).rank ? v : ad_sum_all(c, v);
}

ir_value_id ad_clamp_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[1], g = ad_cotangent(c, op), zero = ad_zeros_like(c, g);
    ir_value_id lo = bound_like(c, op->in[0], x), hi = bound_like(c, op->in[2], x);
    ir_value_id pass;
    if (i == 1)
        pass = ad_binary(c, IR_AND, ad_compare(c, IR_CMP_GT, x, lo), ad_compare(c, IR_CMP_LT, x, hi));
    else if (i == 0)
        pass = ad_binary(c, IR_AND, ad_compare(c, IR_CMP_GT, lo, x), ad_compare(c, IR_CMP_LT, lo, hi));
    else   /* JAX has hi < x; this is also right where min > max (then the result is max) */
        pass = ad_compare(c, IR_CMP_LT, hi, ad_binary(c, IR_MAXIMUM, x, lo));
    return sum_like(c, ad_select(c, pass, g, zero), op->in[i]);
}

/* Active operands of convert are float: the cotangent converts back. */
ir_value_id ad_convert_partial(ad_ctx *c, const ir_op *op, int i) {
    return ad_convert(c, ad_cotangent(c, op), ad_type(c, op->in[i]).dtype);
}
