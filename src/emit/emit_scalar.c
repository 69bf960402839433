/* emit_scalar.c: the C expression of every elementwise op, convert and
 * compare on scalar operands. The one place that knows op semantics in
 * generated code; loop bodies, reducer regions, epilogues and contractions
 * all come here.
 *
 * Operands are plain names or literals (never compound expressions), so the
 * templates need no extra parentheses around them. Results follow the
 * evaluator (src/eval/eval_scalar.c) through the prelude's helpers:
 *  - f32 +, -, *, /, sqrt, max, min, compare, rounding, abs and fmod are
 *    exact in f32 and equal the evaluator's double-then-round;
 *  - other math on f32 runs in double and rounds (strict), or calls the
 *    fast approximations and libm's f32 functions (fast mode);
 *  - f16 and bf16 values are floats (ec_vtype); every op rounds its result
 *    to the type: +, -, *, / computed in f32 and rounded (one f32 rounding
 *    then one 16-bit rounding equals the exact result's rounding, as
 *    24 >= 2 * 11 + 2), math in double rounded straight to the type (the
 *    prelude's aj_<t>_of_f64), exact ops (abs, floor, max ...) as on f32;
 *    fast mode computes them the same way;
 *  - integers wrap in their width (helpers), i1 is a byte holding 0 or 1
 *    where add and max are or, multiply and min are and. */
#include "emit_internal.h"

static bool is_float(ir_dtype t) { return ir_dtype_is_float(t); }
static bool is_int(ir_dtype t) { return ir_dtype_is_int(t); }

static const char *undefined_on(emit_ctx *cx, const ir_op *op, ir_opcode code, ir_dtype t) {
    int rc = ec_dtype_ok(t) ? DIAG_INVALID : DIAG_UNSUPPORTED;
    if (op) ec_fail_op(cx, rc, op, "not defined on element type %s", ir_dtype_name(t));
    else ec_fail(cx, rc, "%s is not defined on element type %s", ir_op_name(code), ir_dtype_name(t));
    return NULL;
}

/* ---- floats ---------------------------------------------------------------- */

/* A libm function of one argument. Strict: f64 calls it, f32 calls it in
 * double and rounds, as the evaluator does. Fast: the prelude's aj_vm_
 * name of its f64 or f32 version, which gcc vectorises through glibc's
 * libmvec (emit_prelude.c). */
static const char *libm1(emit_ctx *cx, ir_dtype t, const char *fn, const char *x) {
    if (!cx->o->strict_order) return ec_str(cx, "aj_vm_%s%s(%s)", fn, t == IR_F32 ? "f" : "", x);
    if (t == IR_F64) return ec_str(cx, "%s(%s)", fn, x);
    return ec_str(cx, "(float)%s((double)%s)", fn, x);
}

static const char *libm2(emit_ctx *cx, ir_dtype t, const char *fn, const char *a, const char *b) {
    if (!cx->o->strict_order) return ec_str(cx, "aj_vm_%s%s(%s, %s)", fn, t == IR_F32 ? "f" : "", a, b);
    if (t == IR_F64) return ec_str(cx, "%s(%s, %s)", fn, a, b);
    return ec_str(cx, "(float)%s((double)%s, (double)%s)", fn, a, b);
}

/* A double-only function (the prelude's aj_digamma, aj_zeta ...: src/util/
 * chlo_math.h): f32 calls it in double and rounds, in both modes. */
static const char *double_only1(emit_ctx *cx, ir_dtype t, const char *fn, const char *x) {
    if (t == IR_F64) return ec_str(cx, "%s(%s)", fn, x);
    return ec_str(cx, "(float)%s((double)%s)", fn, x);
}

static const char *double_only2(emit_ctx *cx, ir_dtype t, const char *fn, const char *a, const char *b) {
    if (t == IR_F64) return ec_str(cx, "%s(%s, %s)", fn, a, b);
    return ec_str(cx, "(float)%s((double)%s, (double)%s)", fn, a, b);
}

/* Exact operations: the f32 variant of a libm function ("floorf") or the f64 one. */
static const char *exact1(emit_ctx *cx, ir_dtype t, const char *fn, const char *x) {
    return ec_str(cx, "%s%s(%s)", fn, t == IR_F32 ? "f" : "", x);
}

/* exp, log, tanh, expm1, log1p, erf and erfc on f32 in fast mode: the prelude's
 * approximations. */
static const char *fast_or_libm(emit_ctx *cx, ir_dtype t, const char *fast, const char *fn, const char *x) {
    if (t == IR_F32 && !cx->o->strict_order) return ec_str(cx, "%s(%s)", fast, x);
    return libm1(cx, t, fn, x);
}

static const char *float_unary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *x) {
    const char *s = ec_suffix(t);
    switch (code) {
    case IR_ABS: return exact1(cx, t, "fabs", x);
    case IR_CBRT: return libm1(cx, t, "cbrt", x);
    case IR_CEIL: return exact1(cx, t, "ceil", x);
    case IR_COSINE: return libm1(cx, t, "cos", x);
    case IR_EXPONENTIAL:
        cx->uses_fast_exp |= t == IR_F32 && !cx->o->strict_order;
        return fast_or_libm(cx, t, "aj_fast_expf", "exp", x);
    case IR_EXPONENTIAL_MINUS_ONE: return fast_or_libm(cx, t, "aj_fast_expm1f", "expm1", x);
    case IR_FLOOR: return exact1(cx, t, "floor", x);
    case IR_IS_FINITE: return ec_str(cx, "(uint8_t)(isfinite(%s) != 0)", x);
    case IR_LOG: return fast_or_libm(cx, t, "aj_fast_logf", "log", x);
    case IR_LOG_PLUS_ONE: return fast_or_libm(cx, t, "aj_fast_log1pf", "log1p", x);
    case IR_LOGISTIC:
        if (t == IR_F32 && !cx->o->strict_order) {
            cx->uses_fast_exp = true;
            return ec_str(cx, "aj_fast_logisticf(%s)", x);
        }
        return ec_str(cx, "aj_logistic_%s(%s)", s, x);
    case IR_NEGATE: return ec_str(cx, "(-%s)", x);
    case IR_ROUND_NEAREST_AFZ: return exact1(cx, t, "round", x);
    case IR_ROUND_NEAREST_EVEN: return exact1(cx, t, "__builtin_rint", x);   /* ties to even */
    case IR_RSQRT:
        if (t == IR_F64) return ec_str(cx, "(1.0 / sqrt(%s))", x);
        if (cx->o->strict_order) return ec_str(cx, "(float)(1.0 / sqrt((double)%s))", x);
        return ec_str(cx, "(1.0f / sqrtf(%s))", x);
    case IR_SIGN: return ec_str(cx, "aj_sign_%s(%s)", s, x);
    case IR_SINE: return libm1(cx, t, "sin", x);
    case IR_SQRT: return exact1(cx, t, "sqrt", x);
    case IR_TAN: return libm1(cx, t, "tan", x);
    case IR_TANH: return fast_or_libm(cx, t, "aj_fast_tanhf", "tanh", x);
    case IR_ACOS: return libm1(cx, t, "acos", x);
    case IR_ACOSH: return libm1(cx, t, "acosh", x);
    case IR_ASIN: return libm1(cx, t, "asin", x);
    case IR_ASINH: return libm1(cx, t, "asinh", x);
    case IR_ATAN: return libm1(cx, t, "atan", x);
    case IR_ATANH: return libm1(cx, t, "atanh", x);
    case IR_COSH: return libm1(cx, t, "cosh", x);
    case IR_SINH: return libm1(cx, t, "sinh", x);
    case IR_ERF:
        cx->uses_fast_exp |= t == IR_F32 && !cx->o->strict_order;
        return fast_or_libm(cx, t, "aj_fast_erff", "erf", x);
    case IR_ERFC:
        cx->uses_fast_exp |= t == IR_F32 && !cx->o->strict_order;
        return fast_or_libm(cx, t, "aj_fast_erfcf", "erfc", x);
    case IR_ERF_INV:
        if (t == IR_F32 && !cx->o->strict_order) return ec_str(cx, "aj_fast_erfinvf(%s)", x);
        return double_only1(cx, t, "aj_erfinv", x);
    case IR_LGAMMA: return double_only1(cx, t, "aj_lgamma", x);
    case IR_DIGAMMA: return double_only1(cx, t, "aj_digamma", x);
    case IR_BESSEL_I1E: return double_only1(cx, t, "aj_bessel_i1e", x);
    default: return NULL;
    }
}

/* ---- f16 and bf16 --------------------------------------------------------------- */

/* A double expression rounded once to t, as a float value. */
static const char *half_of_f64(emit_ctx *cx, ir_dtype t, const char *e) {
    return ec_str(cx, "aj_%s_of_f64(%s)", ec_suffix(t), e);
}

/* Fast mode's f16 and bf16 transcendental functions: f32's (the prelude's
 * approximations, libmvec), rounded to the type, as XLA computes them,
 * where strict mode's libm in double keeps the loop scalar (an f16 tanh:
 * about 24 ns an element); NULL for the others. sqrt stays exact. */
static const char *half_by_f32(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *x) {
    static const bool by_f32[IR_OPCODE_COUNT] = {
        [IR_CBRT] = true, [IR_COSINE] = true, [IR_EXPONENTIAL] = true, [IR_EXPONENTIAL_MINUS_ONE] = true,
        [IR_LOG] = true, [IR_LOG_PLUS_ONE] = true, [IR_LOGISTIC] = true, [IR_SINE] = true, [IR_TAN] = true,
        [IR_TANH] = true, [IR_ACOS] = true, [IR_ACOSH] = true, [IR_ASIN] = true, [IR_ASINH] = true,
        [IR_ATAN] = true, [IR_ATANH] = true, [IR_COSH] = true, [IR_SINH] = true, [IR_ERF] = true,
        [IR_ERFC] = true, [IR_ERF_INV] = true,
    };
    if (cx->o->strict_order || !by_f32[code]) return NULL;
    const char *s = ec_suffix(t);
    if (code == IR_LOGISTIC) {   /* rounded where the evaluator rounds (aj_logistic_f16) */
        const char *e = float_unary(cx, IR_EXPONENTIAL, IR_F32, ec_str(cx, "(-%s)", x));
        return ec_str(cx, "aj_rnd_%s(1.0f / aj_rnd_%s(1.0f + aj_rnd_%s(%s)))", s, s, s, e);
    }
    const char *f = float_unary(cx, code, IR_F32, x);
    return f ? ec_str(cx, "aj_rnd_%s(%s)", s, f) : NULL;
}

static const char *half_unary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *x) {
    const char *fast = half_by_f32(cx, code, t, x);
    if (fast) return fast;
    static const char *const libm[IR_OPCODE_COUNT] = {
        [IR_CBRT] = "cbrt", [IR_COSINE] = "cos", [IR_EXPONENTIAL] = "exp", [IR_EXPONENTIAL_MINUS_ONE] = "expm1",
        [IR_LOG] = "log", [IR_LOG_PLUS_ONE] = "log1p", [IR_SINE] = "sin", [IR_SQRT] = "sqrt", [IR_TAN] = "tan",
        [IR_TANH] = "tanh", [IR_ACOS] = "acos", [IR_ACOSH] = "acosh", [IR_ASIN] = "asin", [IR_ASINH] = "asinh",
        [IR_ATAN] = "atan", [IR_ATANH] = "atanh", [IR_COSH] = "cosh", [IR_SINH] = "sinh", [IR_ERF] = "erf",
        [IR_ERFC] = "erfc", [IR_ERF_INV] = "aj_erfinv", [IR_LGAMMA] = "aj_lgamma", [IR_DIGAMMA] = "aj_digamma",
        [IR_BESSEL_I1E] = "aj_bessel_i1e",
    };
    switch (code) {
    case IR_LOGISTIC: return ec_str(cx, "aj_logistic_%s(%s)", ec_suffix(t), x);
    case IR_RSQRT: return half_of_f64(cx, t, ec_str(cx, "1.0 / sqrt((double)%s)", x));
    default:
        if (libm[code]) return half_of_f64(cx, t, ec_str(cx, "%s((double)%s)", libm[code], x));
        return float_unary(cx, code, IR_F32, x);   /* exact: the result is a value of t */
    }
}

static const char *half_binary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *a, const char *b) {
    const char *op = code == IR_ADD ? "+" : code == IR_SUBTRACT ? "-" : code == IR_MULTIPLY ? "*"
                   : code == IR_DIVIDE ? "/" : NULL;
    if (op) return ec_str(cx, "aj_rnd_%s(%s %s %s)", ec_suffix(t), a, op, b);
    switch (code) {
    case IR_MAXIMUM: return ec_str(cx, "aj_max_f32(%s, %s)", a, b);
    case IR_MINIMUM: return ec_str(cx, "aj_min_f32(%s, %s)", a, b);
    case IR_REMAINDER: return ec_str(cx, "fmodf(%s, %s)", a, b);   /* exact */
    case IR_POWER: return half_of_f64(cx, t, ec_str(cx, "pow((double)%s, (double)%s)", a, b));
    case IR_ATAN2: return half_of_f64(cx, t, ec_str(cx, "atan2((double)%s, (double)%s)", a, b));
    case IR_POLYGAMMA: return half_of_f64(cx, t, ec_str(cx, "aj_polygamma((double)%s, (double)%s)", a, b));
    case IR_ZETA: return half_of_f64(cx, t, ec_str(cx, "aj_zeta((double)%s, (double)%s)", a, b));
    case IR_NEXT_AFTER: return ec_str(cx, "aj_next_after_%s(%s, %s)", ec_suffix(t), a, b);   /* exact */
    default: return NULL;
    }
}

static const char *float_binary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *a, const char *b) {
    const char *s = ec_suffix(t);
    switch (code) {
    case IR_ADD: return ec_str(cx, "(%s + %s)", a, b);
    case IR_SUBTRACT: return ec_str(cx, "(%s - %s)", a, b);
    case IR_MULTIPLY: return ec_str(cx, "(%s * %s)", a, b);
    case IR_DIVIDE: return ec_str(cx, "(%s / %s)", a, b);
    case IR_MAXIMUM: return ec_str(cx, "aj_max_%s(%s, %s)", s, a, b);
    case IR_MINIMUM: return ec_str(cx, "aj_min_%s(%s, %s)", s, a, b);
    case IR_POWER: return libm2(cx, t, "pow", a, b);
    case IR_REMAINDER: return ec_str(cx, "%s(%s, %s)", t == IR_F32 ? "fmodf" : "fmod", a, b);   /* exact */
    case IR_ATAN2: return libm2(cx, t, "atan2", a, b);
    case IR_NEXT_AFTER: return ec_str(cx, "aj_next_after_%s(%s, %s)", s, a, b);   /* exact */
    case IR_POLYGAMMA: return double_only2(cx, t, "aj_polygamma", a, b);
    case IR_ZETA: return double_only2(cx, t, "aj_zeta", a, b);
    default: return NULL;
    }
}

/* ---- integers and i1 ----------------------------------------------------------- */

static const char *int_unary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *x) {
    const char *s = ec_suffix(t);
    switch (code) {
    case IR_ABS: return ec_str(cx, "aj_abs_%s(%s)", s, x);
    case IR_COUNT_LEADING_ZEROS: return ec_str(cx, "aj_clz_%s(%s)", s, x);
    case IR_NEGATE: return ec_str(cx, "aj_neg_%s(%s)", s, x);
    case IR_NOT:
        if (ec_is_sub_byte(t)) return ec_str(cx, "aj_not_%s(%s)", s, x);
        return ec_str(cx, "(%s)~%s", ec_ctype(t), x);
    case IR_POPCNT: return ec_str(cx, "aj_popcnt_%s(%s)", s, x);
    case IR_SIGN: return ec_str(cx, "aj_sign_%s(%s)", s, x);
    default: return NULL;
    }
}

static const char *int_binary(emit_ctx *cx, ir_opcode code, ir_dtype t, const char *a, const char *b) {
    static const char *const helper[IR_OPCODE_COUNT] = {
        [IR_ADD] = "add", [IR_SUBTRACT] = "sub", [IR_MULTIPLY] = "mul", [IR_DIVIDE] = "div",
        [IR_REMAINDER] = "rem", [IR_MAXIMUM] = "max", [IR_MINIMUM] = "min", [IR_POWER] = "pow",
        [IR_SHIFT_LEFT] = "shl", [IR_SHIFT_RIGHT_ARITHMETIC] = "shra", [IR_SHIFT_RIGHT_LOGICAL] = "shrl",
    };
    switch (code) {
    case IR_AND: return ec_str(cx, "(%s & %s)", a, b);
    case IR_OR: return ec_str(cx, "(%s | %s)", a, b);
    case IR_XOR: return ec_str(cx, "(%s ^ %s)", a, b);
    case IR_MULHI:   /* chlo_math.h on the canonical int64 of each operand */
        return ec_str(cx, "(%s)aj_mulhi((int64_t)%s, (int64_t)%s, %d, %d)", ec_ctype(t), a, b,
                      ir_dtype_bits(t), ir_dtype_is_unsigned(t));
    default:
        if (!helper[code]) return NULL;
        return ec_str(cx, "aj_%s_%s(%s, %s)", helper[code], ec_suffix(t), a, b);
    }
}

static const char *bool_binary(emit_ctx *cx, ir_opcode code, const char *a, const char *b) {
    switch (code) {
    case IR_ADD: case IR_MAXIMUM: case IR_OR: return ec_str(cx, "(uint8_t)(%s | %s)", a, b);
    case IR_MULTIPLY: case IR_MINIMUM: case IR_AND: return ec_str(cx, "(uint8_t)(%s & %s)", a, b);
    case IR_XOR: return ec_str(cx, "(uint8_t)(%s ^ %s)", a, b);
    default: return NULL;
    }
}

/* ---- the entry points ------------------------------------------------------------ */

const char *es_unary(emit_ctx *cx, const ir_op *op, ir_opcode code, ir_dtype t, const char *x) {
    if (!x) return NULL;
    const char *e = NULL;
    if (ec_is_narrow_float(t)) e = half_unary(cx, code, t, x);
    else if (is_float(t)) e = float_unary(cx, code, t, x);
    else if (is_int(t)) e = int_unary(cx, code, t, x);
    else if (t == IR_I1 && code == IR_NOT) e = ec_str(cx, "(uint8_t)!%s", x);
    return e ? e : undefined_on(cx, op, code, t);
}

const char *es_binary(emit_ctx *cx, const ir_op *op, ir_opcode code, ir_dtype t, const char *a, const char *b) {
    if (!a || !b) return NULL;
    const char *e = NULL;
    if (ec_is_narrow_float(t)) e = half_binary(cx, code, t, a, b);
    else if (is_float(t)) e = float_binary(cx, code, t, a, b);
    else if (is_int(t)) e = int_binary(cx, code, t, a, b);
    else if (t == IR_I1) e = bool_binary(cx, code, a, b);
    return e ? e : undefined_on(cx, op, code, t);
}

/* To f16 or bf16, rounding once (eval_scalar.c int_to and the store): a
 * float holds f32, f16 and bf16 values exactly, which round from f32; a
 * double holds f64 and every integer of 32 bits or less; 64-bit integers
 * to bf16 (whose range they reach) go through a double rounded to odd. */
static const char *to_half(emit_ctx *cx, ir_dtype from, ir_dtype to, const char *x) {
    const char *s = ec_suffix(to);
    if (from == IR_F32 || ec_is_narrow_float(from)) return ec_str(cx, "aj_rnd_%s(%s)", s, x);
    if (to == IR_BF16 && (from == IR_I64 || from == IR_U64)) return ec_str(cx, "aj_bf16_of_%s(%s)", ec_suffix(from), x);
    return half_of_f64(cx, to, ec_str(cx, "(double)%s", x));
}

/* eval_scalar.c ev_convert: floats round to nearest, float to integer
 * truncates and saturates (NaN -> 0), anything to i1 is "!= 0" (NaN is
 * nonzero), integers wrap or extend, i1 reads as 0 or 1. */
const char *es_convert(emit_ctx *cx, ir_dtype from, ir_dtype to, const char *x) {
    if (!x) return NULL;
    if (from == to) return x;
    if (to == IR_I1) return ec_str(cx, "(uint8_t)(%s != 0)", x);
    if (is_float(from) && is_int(to)) return ec_str(cx, "aj_f2i_%s((double)%s)", ec_suffix(to), x);
    if (ec_is_narrow_float(to)) return to_half(cx, from, to, x);
    if (ec_is_sub_byte(to) && !is_float(from)) return ec_str(cx, "aj_wrap_%s((int64_t)%s)", ec_suffix(to), x);
    /* Through int32_t (exact): gcc 12 vectorises no loop that computes a uint8_t (a compare)
       and converts it to float for AVX2 ("no vectype"): one_hot stayed scalar on a Zen 3. */
    if (is_float(to) && !is_float(from) && ir_dtype_size(from) < 4) return ec_str(cx, "(%s)(int32_t)%s", ec_vtype(to), x);
    return ec_str(cx, "(%s)%s", ec_vtype(to), x);
}

/* The integer type of t's width and the given signedness. */
static const char *int_of_width(ir_dtype t, bool is_unsigned) {
    static const char *const u[] = {NULL, "uint8_t", "uint16_t", NULL, "uint32_t", NULL, NULL, NULL, "uint64_t"};
    static const char *const s[] = {NULL, "int8_t", "int16_t", NULL, "int32_t", NULL, NULL, NULL, "int64_t"};
    return (is_unsigned ? u : s)[ir_dtype_size(t)];
}

/* A value's bit pattern as a uint64_t expression, and back. */
static const char *to_bits(emit_ctx *cx, ir_dtype t, const char *x) {
    switch (t) {
    case IR_F32: return ec_str(cx, "(uint64_t)aj_f32_bits(%s)", x);
    case IR_F64: return ec_str(cx, "aj_f64_bits(%s)", x);
    case IR_F16: return ec_str(cx, "(uint64_t)aj_f32_to_f16(%s)", x);
    case IR_BF16: return ec_str(cx, "(uint64_t)aj_f32_to_bf16(%s)", x);
    default:
        if (ec_is_sub_byte(t)) return ec_str(cx, "(uint64_t)aj_bits_%s(%s)", ec_suffix(t), x);
        if (ec_is_narrow_float(t)) return ec_str(cx, "(uint64_t)aj_%s_bits(%s)", ec_suffix(t), x);   /* minifloats */
        return ec_str(cx, "(uint64_t)(%s)%s", int_of_width(t, true), x);
    }
}

static const char *from_bits(emit_ctx *cx, ir_dtype t, const char *b) {
    switch (t) {
    case IR_F32: return ec_str(cx, "aj_f32_from_bits((uint32_t)%s)", b);
    case IR_F64: return ec_str(cx, "aj_f64_from_bits(%s)", b);
    case IR_F16: return ec_str(cx, "aj_f16_to_f32((uint16_t)%s)", b);
    case IR_BF16: return ec_str(cx, "aj_bf16_to_f32((uint16_t)%s)", b);
    default:
        if (ec_is_sub_byte(t)) return ec_str(cx, "aj_wrap_%s((int64_t)%s)", ec_suffix(t), b);
        if (ec_is_narrow_float(t)) return ec_str(cx, "aj_%s_to_f32((uint8_t)%s)", ec_suffix(t), b);   /* minifloats */
        return ec_str(cx, "(%s)%s", ec_ctype(t), b);
    }
}

const char *es_bitcast(emit_ctx *cx, ir_dtype from, ir_dtype to, const char *x) {
    if (!x) return NULL;
    if (from == to) return x;
    return from_bits(cx, to, to_bits(cx, from, x));
}

const char *es_bits(emit_ctx *cx, ir_dtype t, const char *x) { return x ? to_bits(cx, t, x) : NULL; }
const char *es_from_bits(emit_ctx *cx, ir_dtype t, const char *bits) { return bits ? from_bits(cx, t, bits) : NULL; }

const char *es_reduce_precision(emit_ctx *cx, const ir_op *op, ir_dtype t, const char *x) {
    if (!x) return NULL;
    if (!is_float(t)) return undefined_on(cx, op, IR_REDUCE_PRECISION, t);
    if (ir_dtype_minifloat(t, NULL)) {   /* on the value as f64 (eval_elementwise.c) */
        const char *bits = ec_str(cx, "aj_reduce_precision(aj_f64_bits((double)%s), 64, 52, %d, %d)", x,
                                  op->a.exponent_bits, op->a.mantissa_bits);
        return ec_str(cx, "aj_%s_of_f64(aj_f64_from_bits(%s))", ec_suffix(t), bits);
    }
    int mant = t == IR_F16 ? 10 : t == IR_BF16 ? 7 : t == IR_F32 ? 23 : 52;
    const char *bits = ec_str(cx, "aj_reduce_precision(%s, %d, %d, %d, %d)", to_bits(cx, t, x),
                              8 * (int)ir_dtype_size(t), mant, op->a.exponent_bits, op->a.mantissa_bits);
    return from_bits(cx, t, bits);
}

static const char *cmp_operator(ir_cmp_dir dir) {
    static const char *const ops[] = {"==", "!=", ">=", ">", "<=", "<"};
    return (unsigned)dir < 6 ? ops[dir] : "==";
}

/* eval_scalar.c ev_cmp_mode_of: a comparison type that does not fit the
 * elements (or none) gives way to the element type's own order. */
static ir_cmp_type compare_mode(ir_cmp_type type, ir_dtype t) {
    bool f = is_float(t);
    if (f && (type == IR_CMPT_FLOAT || type == IR_CMPT_TOTALORDER)) return type;
    if (!f && (type == IR_CMPT_SIGNED || type == IR_CMPT_UNSIGNED)) return type;
    return f ? IR_CMPT_FLOAT : t == IR_I1 || ir_dtype_is_unsigned(t) ? IR_CMPT_UNSIGNED : IR_CMPT_SIGNED;
}


/* One operand as the comparison reads it: a totalOrder key, the integer as
 * unsigned, or i1 as signed (1 is -1 in a one-bit signed view). */
static const char *compare_operand(emit_ctx *cx, ir_cmp_type mode, ir_dtype t, const char *x) {
    switch (mode) {
    case IR_CMPT_TOTALORDER: return ec_str(cx, "aj_total_key_%s(%s)", ec_suffix(t), x);
    case IR_CMPT_UNSIGNED:
        if (t == IR_I1) return x;
        if (ec_is_sub_byte(t)) return ec_str(cx, "aj_bits_%s(%s)", ec_suffix(t), x);
        return ec_str(cx, "(%s)%s", int_of_width(t, true), x);
    case IR_CMPT_SIGNED:
        if (t == IR_I1) return ec_str(cx, "(-(int)%s)", x);
        if (ec_is_sub_byte(t)) return ec_str(cx, "(int8_t)aj_wrap_i%d(%s)", ir_dtype_bits(t), x);
        return ec_str(cx, "(%s)%s", int_of_width(t, false), x);
    default: return x;
    }
}

/* NaN makes every float comparison false except "!=", as C's operators do. */
const char *es_compare(emit_ctx *cx, const ir_op *op, ir_dtype t, const char *a, const char *b) {
    if (!a || !b) return NULL;
    if (!ec_ctype(t)) return undefined_on(cx, op, IR_COMPARE, t);
    ir_cmp_type mode = compare_mode(op->a.cmp_type, t);
    const char *x = compare_operand(cx, mode, t, a), *y = compare_operand(cx, mode, t, b);
    if (!x || !y) return NULL;
    return ec_str(cx, "(uint8_t)(%s %s %s)", x, cmp_operator(op->a.cmp), y);
}

/* The least and greatest value of an integer type (i1: 0 and 1). */
static const char *int_limit(emit_ctx *cx, ir_dtype t, bool greatest) {
    if (t == IR_I1) return greatest ? "1" : "0";
    int bits = ir_dtype_bits(t);
    if (ec_is_sub_byte(t) && ir_dtype_is_unsigned(t)) return greatest ? ec_str(cx, "%d", (1 << bits) - 1) : "0";
    if (ec_is_sub_byte(t)) return ec_str(cx, greatest ? "%d" : "(%d)", greatest ? (1 << (bits - 1)) - 1 : -(1 << (bits - 1)));
    if (ir_dtype_is_unsigned(t)) return greatest ? ec_str(cx, "UINT%d_MAX", bits) : "0";
    return ec_str(cx, "INT%d_%s", bits, greatest ? "MAX" : "MIN");
}

const char *es_identity(emit_ctx *cx, ir_opcode code, ir_dtype t) {
    bool f = is_float(t);
    const char *fs = t == IR_F64 ? "" : "f";   /* f16 and bf16 values are floats */
    switch (code) {
    case IR_ADD:   /* -0 + x == x for every x, +0 included */
        if (f) return ec_str(cx, "-0.0%s", fs);
        return "0";
    case IR_MULTIPLY: return t == IR_I1 ? "1" : f ? ec_str(cx, "1.0%s", fs) : "1";
    case IR_MAXIMUM:
        if (f) return ec_str(cx, "(-__builtin_inf%s())", fs);
        return int_limit(cx, t, false);
    case IR_MINIMUM:
        if (f) return ec_str(cx, "__builtin_inf%s()", fs);
        return int_limit(cx, t, true);
    case IR_OR: case IR_XOR: return f ? NULL : "0";
    case IR_AND:   /* every bit of the width */
        if (f) return NULL;
        if (t == IR_I1 || (ec_is_sub_byte(t) && ir_dtype_is_unsigned(t))) return int_limit(cx, t, true);
        return ec_str(cx, "(%s)-1", ec_ctype(t));
    default: return NULL;
    }
}
