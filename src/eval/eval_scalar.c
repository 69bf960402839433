/* eval_scalar.c: the scalar semantics of every elementwise op, convert and
 * compare, after the StableHLO reference interpreter
 * (stablehlo/reference/Element.cpp) where it defines them and XLA where it
 * does not (integer division by zero).
 *
 * Floats: the value is held in double; transcendental functions run in
 * double and the store rounds to the element type, as the reference's
 * mapWithUpcastToDouble does. +, -, *, / and sqrt of two f32 values computed
 * in double and then rounded equal the f32 operation exactly (53 >= 2*24+2),
 * so one code path serves f32 and f64.
 * Integers: exact, in 64-bit two's complement; wrapping operations run in
 * uint64 and the store wraps to the element's width. Results that depend on
 * the width (shifts, clz, popcnt) or on signedness (division, ordering) ask
 * the elem_type. */
#include <math.h>

#include "../util/chlo_math.h"
#include "eval_internal.h"

static inline elem_value F(double x) { return (elem_value){.f = x}; }
static inline elem_value I(int64_t x) { return (elem_value){.i = x}; }

/* Bits [0, bits) set. */
static inline uint64_t low_mask(int bits) { return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1; }

static inline double round_to(const elem_type *t, double x) { return elem_canon(t, F(x)).f; }

static inline int64_t wrap_neg(int64_t x) { return (int64_t)(0 - (uint64_t)x); }

/* a < b in the element type's ordering (canonical values). */
static inline bool int_less(int64_t a, int64_t b, const elem_type *t) {
    return t->is_unsigned ? (uint64_t)a < (uint64_t)b : a < b;
}

/* ---- floats ---------------------------------------------------------------- */

/* Ties to even without depending on the current rounding mode. */
static double round_half_even(double x) {
    double r = round(x);                                  /* ties away from zero */
    if (fabs(r - x) == 0.5) r = 2.0 * round(x / 2.0);    /* a tie: the even neighbour */
    return r;
}

/* llvm::maximum / llvm::minimum: NaN propagates, -0 < +0. */
static double nan_max(double a, double b) {
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0 && b == 0 && signbit(a) != signbit(b)) return signbit(a) ? b : a;
    return a < b ? b : a;
}

static double nan_min(double a, double b) {
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0 && b == 0 && signbit(a) != signbit(b)) return signbit(a) ? a : b;
    return b < a ? b : a;
}

/* NaN stays NaN, a zero keeps its sign, else -1 or 1. */
static double float_sign(double x) {
    if (isnan(x) || x == 0) return x;
    return x < 0 ? -1.0 : 1.0;
}

/* ---- the special functions: CHLO's ops without a libm function ---------------
 * aj_lgamma, aj_digamma, aj_erfinv, aj_zeta, aj_polygamma, aj_bessel_i1e and
 * aj_mulhi (src/util/chlo_math.h), the very code generated sources paste. */
AJ_CHLO_MATH_CODE
AJ_CHLO_MULHI_CODE

/* nextafter in the element type: NaN if either is NaN (the quiet NaN), b if
 * a == b, the least subnormal of b's sign from a zero, else a's bit pattern
 * one step toward b (a step up in magnitude is +1 on the pattern). */
static uint64_t float_bits_of(const elem_type *t, double x) {
    switch (t->dtype) {
    case IR_F32: { float f = (float)x; uint32_t b; memcpy(&b, &f, 4); return b; }
    case IR_F16: return f16_from_double(x);
    case IR_BF16: return bf16_from_double(x);
    case IR_F64: { uint64_t b; memcpy(&b, &x, 8); return b; }
    default: return ir_minifloat_bits(t->dtype, x);
    }
}

static double float_of_bits(const elem_type *t, uint64_t b) {
    switch (t->dtype) {
    case IR_F32: { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }
    case IR_F16: return f16_to_double((uint16_t)b);
    case IR_BF16: return bf16_to_double((uint16_t)b);
    case IR_F64: { double f; memcpy(&f, &b, 8); return f; }
    default: return ir_minifloat_value(t->dtype, (unsigned)b);
    }
}

static double sf_next_after(double a, double b, const elem_type *t) {
    static const uint64_t quiet_nan[] = {[IR_F32] = 0x7fc00000u, [IR_F64] = UINT64_C(0x7ff8000000000000),
                                         [IR_F16] = 0x7e00u, [IR_BF16] = 0x7fc0u};
    if (a != a || b != b) return t->dtype <= IR_BF16 ? float_of_bits(t, quiet_nan[t->dtype]) : NAN;
    if (a == b) return b;
    int width = ir_dtype_bits(t->dtype);   /* (a minifloat's patterns step as IEEE's do) */
    uint64_t sign = UINT64_C(1) << (width - 1);
    if (a == 0) return float_of_bits(t, (float_bits_of(t, b) & sign) | 1);
    uint64_t u = float_bits_of(t, a);
    return float_of_bits(t, (a < b) == (a > 0) ? u + 1 : u - 1);
}

#define FLOAT_UNARY(name, expr) \
    static elem_value name(elem_value v, const elem_type *t) { (void)t; double x = v.f; return F(expr); }
FLOAT_UNARY(f_abs, fabs(x))
FLOAT_UNARY(f_cbrt, cbrt(x))
FLOAT_UNARY(f_ceil, ceil(x))
FLOAT_UNARY(f_cos, cos(x))
FLOAT_UNARY(f_exp, exp(x))
FLOAT_UNARY(f_expm1, expm1(x))
FLOAT_UNARY(f_floor, floor(x))
FLOAT_UNARY(f_log, log(x))
FLOAT_UNARY(f_log1p, log1p(x))
FLOAT_UNARY(f_neg, -x)
FLOAT_UNARY(f_round_afz, round(x))
FLOAT_UNARY(f_round_even, round_half_even(x))
FLOAT_UNARY(f_rsqrt, 1.0 / sqrt(x))
FLOAT_UNARY(f_sign, float_sign(x))
FLOAT_UNARY(f_sin, sin(x))
FLOAT_UNARY(f_sqrt, sqrt(x))
FLOAT_UNARY(f_tan, tan(x))
FLOAT_UNARY(f_tanh, tanh(x))
FLOAT_UNARY(f_acos, acos(x))
FLOAT_UNARY(f_acosh, acosh(x))
FLOAT_UNARY(f_asin, asin(x))
FLOAT_UNARY(f_asinh, asinh(x))
FLOAT_UNARY(f_atan, atan(x))
FLOAT_UNARY(f_atanh, atanh(x))
FLOAT_UNARY(f_cosh, cosh(x))
FLOAT_UNARY(f_sinh, sinh(x))
FLOAT_UNARY(f_erf, erf(x))
FLOAT_UNARY(f_erfc, erfc(x))
FLOAT_UNARY(f_erf_inv, aj_erfinv(x))
FLOAT_UNARY(f_lgamma, aj_lgamma(x))
FLOAT_UNARY(f_digamma, aj_digamma(x))
FLOAT_UNARY(f_bessel_i1e, aj_bessel_i1e(x))
/* The reference composes logistic from ops of the element type, each one
 * rounded: 1 / (1 + exp(-x)). */
FLOAT_UNARY(f_logistic, 1.0 / round_to(t, 1.0 + round_to(t, exp(-x))))
#undef FLOAT_UNARY

#define FLOAT_BINARY(name, expr) \
    static elem_value name(elem_value va, elem_value vb, const elem_type *t) { \
        (void)t; double a = va.f, b = vb.f; return F(expr); }
FLOAT_BINARY(f_add, a + b)
FLOAT_BINARY(f_sub, a - b)
FLOAT_BINARY(f_mul, a * b)
FLOAT_BINARY(f_div, a / b)
FLOAT_BINARY(f_max, nan_max(a, b))
FLOAT_BINARY(f_min, nan_min(a, b))
FLOAT_BINARY(f_pow, pow(a, b))
FLOAT_BINARY(f_rem, fmod(a, b))      /* the sign of the dividend, exact */
FLOAT_BINARY(f_atan2, atan2(a, b))
FLOAT_BINARY(f_next_after, sf_next_after(a, b, t))
FLOAT_BINARY(f_polygamma, aj_polygamma(a, b))
FLOAT_BINARY(f_zeta, aj_zeta(a, b))
#undef FLOAT_BINARY

/* ---- integers -------------------------------------------------------------- */

static int64_t int_abs(int64_t x, const elem_type *t) {
    return !t->is_unsigned && x < 0 ? wrap_neg(x) : x;   /* abs(INT_MIN) wraps to INT_MIN */
}

static int64_t int_sign(int64_t x, const elem_type *t) {
    if (t->is_unsigned) return x != 0;
    return (x > 0) - (x < 0);
}

static int64_t count_leading_zeros(int64_t x, const elem_type *t) {
    uint64_t u = (uint64_t)x & low_mask(t->bits);
    return u ? __builtin_clzll(u) - (64 - t->bits) : t->bits;
}

static int64_t population_count(int64_t x, const elem_type *t) {
    return __builtin_popcountll((uint64_t)x & low_mask(t->bits));
}

#define INT_UNARY(name, expr) \
    static elem_value name(elem_value v, const elem_type *t) { (void)t; int64_t x = v.i; return I(expr); }
INT_UNARY(i_abs, int_abs(x, t))
INT_UNARY(i_clz, count_leading_zeros(x, t))
INT_UNARY(i_neg, wrap_neg(x))
INT_UNARY(i_not, ~x)
INT_UNARY(i_popcnt, population_count(x, t))
INT_UNARY(i_sign, int_sign(x, t))
INT_UNARY(b_not, !x)
#undef INT_UNARY

/* XLA's rules where StableHLO leaves the value to the implementation:
 * x / 0 has every bit set (-1), INT_MIN / -1 == INT_MIN. */
static int64_t int_div(int64_t a, int64_t b, const elem_type *t) {
    if (b == 0) return -1;
    if (t->is_unsigned) return (int64_t)((uint64_t)a / (uint64_t)b);
    if (b == -1) return wrap_neg(a);
    return a / b;
}

/* x % 0 == x, INT_MIN % -1 == 0; the sign follows the dividend. */
static int64_t int_rem(int64_t a, int64_t b, const elem_type *t) {
    if (b == 0) return a;
    if (t->is_unsigned) return (int64_t)((uint64_t)a % (uint64_t)b);
    if (b == -1) return 0;
    return a % b;
}

/* Exponentiation by squaring, wrapping. A negative exponent gives 0 unless
 * |base| == 1 (then base^|e|), as the reference does. */
static int64_t int_pow(int64_t base, int64_t e, const elem_type *t) {
    uint64_t n = (uint64_t)e;
    if (!t->is_unsigned && e < 0) {
        if (base != 1 && base != -1) return 0;
        n = 0 - n;
    }
    uint64_t result = 1, x = (uint64_t)base;
    for (; n; n >>= 1) {
        if (n & 1) result *= x;
        x *= x;
    }
    return (int64_t)result;
}

/* The shift amount is the operand's bit pattern read as unsigned, so a
 * negative amount is as large as can be: shifts by the width or more give 0
 * (left, logical) or the sign fill (arithmetic). */
static uint64_t shift_amount(int64_t b, const elem_type *t) { return (uint64_t)b & low_mask(t->bits); }

static int64_t shift_left(int64_t a, int64_t b, const elem_type *t) {
    uint64_t n = shift_amount(b, t);
    return n >= (uint64_t)t->bits ? 0 : (int64_t)((uint64_t)a << n);
}

static int64_t shift_right_logical(int64_t a, int64_t b, const elem_type *t) {
    uint64_t n = shift_amount(b, t);
    return n >= (uint64_t)t->bits ? 0 : (int64_t)(((uint64_t)a & low_mask(t->bits)) >> n);
}

static int64_t shift_right_arithmetic(int64_t a, int64_t b, const elem_type *t) {
    uint64_t n = shift_amount(b, t);
    int64_t s = elem_wrap(a, t->bits, false);   /* the top bit of the width is the sign */
    if (n >= (uint64_t)t->bits) return s < 0 ? -1 : 0;
    return s >> n;
}

#define INT_BINARY(name, expr) \
    static elem_value name(elem_value va, elem_value vb, const elem_type *t) { \
        (void)t; int64_t a = va.i, b = vb.i; return I(expr); }
INT_BINARY(i_add, (int64_t)((uint64_t)a + (uint64_t)b))
INT_BINARY(i_sub, (int64_t)((uint64_t)a - (uint64_t)b))
INT_BINARY(i_mul, (int64_t)((uint64_t)a * (uint64_t)b))
INT_BINARY(i_div, int_div(a, b, t))
INT_BINARY(i_rem, int_rem(a, b, t))
INT_BINARY(i_max, int_less(a, b, t) ? b : a)
INT_BINARY(i_min, int_less(b, a, t) ? b : a)
INT_BINARY(i_pow, int_pow(a, b, t))
INT_BINARY(i_and, a & b)
INT_BINARY(i_or, a | b)
INT_BINARY(i_xor, a ^ b)
INT_BINARY(i_shl, shift_left(a, b, t))
INT_BINARY(i_shra, shift_right_arithmetic(a, b, t))
INT_BINARY(i_shrl, shift_right_logical(a, b, t))
INT_BINARY(i_mulhi, aj_mulhi(a, b, t->bits, t->is_unsigned))
/* i1 is a boolean: add is or, multiply is and, max is or, min is and. */
INT_BINARY(b_and, a & b)
INT_BINARY(b_or, a | b)
INT_BINARY(b_xor, a ^ b)
#undef INT_BINARY

/* ---- the op tables --------------------------------------------------------- */

typedef struct unary_rule { ev_unary_fn on_float, on_int, on_bool; } unary_rule;
typedef struct binary_rule { ev_binary_fn on_float, on_int, on_bool; } binary_rule;

static const unary_rule unary_rules[IR_OPCODE_COUNT] = {
    [IR_ABS] = {f_abs, i_abs, NULL},
    [IR_CBRT] = {f_cbrt, NULL, NULL},
    [IR_CEIL] = {f_ceil, NULL, NULL},
    [IR_COSINE] = {f_cos, NULL, NULL},
    [IR_COUNT_LEADING_ZEROS] = {NULL, i_clz, NULL},
    [IR_EXPONENTIAL] = {f_exp, NULL, NULL},
    [IR_EXPONENTIAL_MINUS_ONE] = {f_expm1, NULL, NULL},
    [IR_FLOOR] = {f_floor, NULL, NULL},
    [IR_LOG] = {f_log, NULL, NULL},
    [IR_LOG_PLUS_ONE] = {f_log1p, NULL, NULL},
    [IR_LOGISTIC] = {f_logistic, NULL, NULL},
    [IR_NEGATE] = {f_neg, i_neg, NULL},
    [IR_NOT] = {NULL, i_not, b_not},
    [IR_POPCNT] = {NULL, i_popcnt, NULL},
    [IR_ROUND_NEAREST_AFZ] = {f_round_afz, NULL, NULL},
    [IR_ROUND_NEAREST_EVEN] = {f_round_even, NULL, NULL},
    [IR_RSQRT] = {f_rsqrt, NULL, NULL},
    [IR_SIGN] = {f_sign, i_sign, NULL},
    [IR_SINE] = {f_sin, NULL, NULL},
    [IR_SQRT] = {f_sqrt, NULL, NULL},
    [IR_TAN] = {f_tan, NULL, NULL},
    [IR_TANH] = {f_tanh, NULL, NULL},
    [IR_ACOS] = {f_acos, NULL, NULL},
    [IR_ACOSH] = {f_acosh, NULL, NULL},
    [IR_ASIN] = {f_asin, NULL, NULL},
    [IR_ASINH] = {f_asinh, NULL, NULL},
    [IR_ATAN] = {f_atan, NULL, NULL},
    [IR_ATANH] = {f_atanh, NULL, NULL},
    [IR_COSH] = {f_cosh, NULL, NULL},
    [IR_SINH] = {f_sinh, NULL, NULL},
    [IR_ERF] = {f_erf, NULL, NULL},
    [IR_ERFC] = {f_erfc, NULL, NULL},
    [IR_ERF_INV] = {f_erf_inv, NULL, NULL},
    [IR_LGAMMA] = {f_lgamma, NULL, NULL},
    [IR_DIGAMMA] = {f_digamma, NULL, NULL},
    [IR_BESSEL_I1E] = {f_bessel_i1e, NULL, NULL},
};

static const binary_rule binary_rules[IR_OPCODE_COUNT] = {
    [IR_ADD] = {f_add, i_add, b_or},
    [IR_ATAN2] = {f_atan2, NULL, NULL},
    [IR_AND] = {NULL, i_and, b_and},
    [IR_DIVIDE] = {f_div, i_div, NULL},
    [IR_MAXIMUM] = {f_max, i_max, b_or},
    [IR_MINIMUM] = {f_min, i_min, b_and},
    [IR_MULTIPLY] = {f_mul, i_mul, b_and},
    [IR_OR] = {NULL, i_or, b_or},
    [IR_POWER] = {f_pow, i_pow, NULL},
    [IR_REMAINDER] = {f_rem, i_rem, NULL},
    [IR_SHIFT_LEFT] = {NULL, i_shl, NULL},
    [IR_SHIFT_RIGHT_ARITHMETIC] = {NULL, i_shra, NULL},
    [IR_SHIFT_RIGHT_LOGICAL] = {NULL, i_shrl, NULL},
    [IR_SUBTRACT] = {f_sub, i_sub, NULL},
    [IR_XOR] = {NULL, i_xor, b_xor},
    [IR_NEXT_AFTER] = {f_next_after, NULL, NULL},
    [IR_POLYGAMMA] = {f_polygamma, NULL, NULL},
    [IR_ZETA] = {f_zeta, NULL, NULL},
    [IR_MULHI] = {NULL, i_mulhi, NULL},
};

ev_unary_fn ev_unary_resolve(ir_opcode op, elem_class c) {
    if ((unsigned)op >= IR_OPCODE_COUNT) return NULL;
    const unary_rule *r = &unary_rules[op];
    return c == ELEM_FLOAT ? r->on_float : c == ELEM_INT ? r->on_int : c == ELEM_BOOL ? r->on_bool : NULL;
}

ev_binary_fn ev_binary_resolve(ir_opcode op, elem_class c) {
    if ((unsigned)op >= IR_OPCODE_COUNT) return NULL;
    const binary_rule *r = &binary_rules[op];
    return c == ELEM_FLOAT ? r->on_float : c == ELEM_INT ? r->on_int : c == ELEM_BOOL ? r->on_bool : NULL;
}

/* ---- convert ---------------------------------------------------------------- */

/* Truncation toward zero, saturating: NaN -> 0, below the range -> the
 * minimum, above -> the maximum (APFloat::convertToInteger, which the
 * reference uses). */
static int64_t float_to_int(double x, const elem_type *to) {
    if (isnan(x)) return 0;
    double t = trunc(x);
    if (to->is_unsigned) {
        if (t <= 0) return 0;
        if (t >= ldexp(1.0, to->bits)) return (int64_t)low_mask(to->bits);
        return (int64_t)(uint64_t)t;
    }
    int64_t max = (int64_t)low_mask(to->bits - 1);
    double limit = ldexp(1.0, to->bits - 1);   /* 2^(bits-1), the first value above max */
    if (t >= limit) return max;
    if (t < -limit) return -max - 1;
    return (int64_t)t;
}

/* An integer rounds once, straight to the target precision (an i64 through
 * double to f32 would round twice); to f16 and bf16 through a double rounded
 * to odd, which the store then rounds as the integer itself would round. */
static elem_value int_to(int64_t x, bool is_unsigned, const elem_type *to) {
    if (to->cls == ELEM_BOOL) return I(x != 0);
    if (to->cls != ELEM_FLOAT) return I(x);               /* the store truncates or extends */
    if (to->dtype == IR_F32) return F(is_unsigned ? (float)(uint64_t)x : (float)x);
    if (to->dtype == IR_F64) return F(is_unsigned ? (double)(uint64_t)x : (double)x);
    bool neg = !is_unsigned && x < 0;
    double m = float16_int_to_double_odd(neg ? 0 - (uint64_t)x : (uint64_t)x);
    return F(neg ? -m : m);
}

elem_value ev_convert(elem_value v, const elem_type *from, const elem_type *to) {
    if (from->cls != ELEM_FLOAT) return int_to(v.i, from->is_unsigned, to);   /* i1 reads as 0 or 1 */
    if (to->cls == ELEM_FLOAT) return v;                  /* the store rounds to nearest even */
    if (to->cls == ELEM_BOOL) return I(v.f != 0);         /* NaN is nonzero */
    return I(float_to_int(v.f, to));
}

/* ---- reduce_precision -------------------------------------------------------- */

/* Mantissa bits (without the implicit one) of a float type. */
static int mantissa_width(ir_dtype t) {
    switch (t) {
    case IR_F16: return 10;
    case IR_BF16: return 7;
    case IR_F32: return 23;
    default: return 52;
    }
}

/* The reference interpreter's bit algorithm (after XLA's): the mantissa
 * rounds to nearest even by adding a bias and truncating (a carry may bump
 * the exponent, up to infinity); then exponents above the reduced range
 * become infinity and those at or below its bottom become zero (subnormals
 * of the reduced format flush), keeping the sign. A NaN stays the same NaN,
 * or becomes +infinity when no mantissa bit is left to carry it. */
uint64_t ev_reduce_precision(uint64_t bits, ir_dtype t, int exponent_bits, int mantissa_bits) {
    int width = 8 * (int)ir_dtype_size(t), src_mant = mantissa_width(t), src_exp = width - src_mant - 1;
    uint64_t exp_mask = low_mask(src_exp) << src_mant, x = bits;
    bool is_nan = (bits & exp_mask) == exp_mask && (bits & low_mask(src_mant));
    if (mantissa_bits < src_mant) {
        int drop = src_mant - mantissa_bits;
        uint64_t last = UINT64_C(1) << drop;
        x = (x + ((x & last) >> drop) + (last >> 1) - 1) & ~(last - 1);
    }
    if (exponent_bits < src_exp) {
        uint64_t bias = low_mask(src_exp - 1), reduced_bias = low_mask(exponent_bits - 1);
        uint64_t e = x & exp_mask, zero = x & (UINT64_C(1) << (width - 1));
        if (e > (bias + reduced_bias) << src_mant) x = zero | exp_mask;
        else if (e <= (bias - reduced_bias) << src_mant) x = zero;
    }
    if (is_nan) return mantissa_bits > 0 ? bits : exp_mask;
    return x & low_mask(width);
}

/* ---- compare ---------------------------------------------------------------- */

ev_cmp_mode ev_cmp_mode_of(ir_cmp_type type, const elem_type *t) {
    bool is_float = t->cls == ELEM_FLOAT;
    switch (type) {
    case IR_CMPT_FLOAT: if (is_float) return EV_CMP_FLOAT; break;
    case IR_CMPT_TOTALORDER: if (is_float) return EV_CMP_TOTALORDER; break;
    case IR_CMPT_SIGNED: if (!is_float) return EV_CMP_SIGNED; break;
    case IR_CMPT_UNSIGNED: if (!is_float) return EV_CMP_UNSIGNED; break;
    default: break;
    }
    /* NOTYPE, or a type that does not fit the elements: the element type decides. */
    return is_float ? EV_CMP_FLOAT : t->is_unsigned ? EV_CMP_UNSIGNED : EV_CMP_SIGNED;
}

/* IEEE totalOrder as a signed integer key: -NaN < -Inf < ... < -0 < +0 <
 * ... < +Inf < +NaN. Negative floats flip their magnitude bits. */
static int64_t total_order_key(uint64_t bits, int width) {
    int64_t s = elem_wrap((int64_t)bits, width, false);
    return s < 0 ? s ^ (int64_t)low_mask(width - 1) : s;
}

enum { UNORDERED = 2 };

static int order_of(ev_cmp_mode mode, const elem_type *t, const void *a, int64_t ka, const void *b, int64_t kb) {
    switch (mode) {
    case EV_CMP_FLOAT: {
        double x = elem_load(t->dtype, a, ka).f, y = elem_load(t->dtype, b, kb).f;
        return x < y ? -1 : x > y ? 1 : x == y ? 0 : UNORDERED;
    }
    case EV_CMP_TOTALORDER: {
        int64_t x = total_order_key(elem_bits_at(t->dtype, a, ka), t->bits);
        int64_t y = total_order_key(elem_bits_at(t->dtype, b, kb), t->bits);
        return (x > y) - (x < y);
    }
    case EV_CMP_SIGNED: {
        int64_t x = elem_wrap(elem_load(t->dtype, a, ka).i, t->bits, false);
        int64_t y = elem_wrap(elem_load(t->dtype, b, kb).i, t->bits, false);
        return (x > y) - (x < y);
    }
    default: {
        uint64_t x = (uint64_t)elem_wrap(elem_load(t->dtype, a, ka).i, t->bits, true);
        uint64_t y = (uint64_t)elem_wrap(elem_load(t->dtype, b, kb).i, t->bits, true);
        return (x > y) - (x < y);
    }
    }
}

bool ev_compare_at(ir_cmp_dir dir, ev_cmp_mode mode, const elem_type *t,
                   const void *a, int64_t ka, const void *b, int64_t kb) {
    int order = order_of(mode, t, a, ka, b, kb);
    if (order == UNORDERED) return dir == IR_CMP_NE;   /* NaN: only "not equal" holds */
    switch (dir) {
    case IR_CMP_EQ: return order == 0;
    case IR_CMP_NE: return order != 0;
    case IR_CMP_GE: return order >= 0;
    case IR_CMP_GT: return order > 0;
    case IR_CMP_LE: return order <= 0;
    case IR_CMP_LT: return order < 0;
    }
    return false;
}
