/* float16.c: binary16 and bfloat16 by arithmetic on doubles (see float16.h). */
#include "float16.h"

#include <math.h>

/* A binary floating-point format of 1 + exp_bits + mant_bits bits. */
typedef struct small_format {
    int exp_bits, mant_bits;
} small_format;

static const small_format F16 = {5, 10}, BF16 = {8, 7};

/* y rounded to an integer, ties to even, whatever the rounding mode
 * (|y| < 2^52, so y - floor(y) is exact). */
static double round_half_even(double y) {
    double lo = floor(y), frac = y - lo;
    if (frac > 0.5) return lo + 1;
    if (frac < 0.5) return lo;
    return fmod(lo, 2.0) == 0 ? lo : lo + 1;
}

static uint64_t encode(small_format f, double x) {
    int bias = (1 << (f.exp_bits - 1)) - 1, emin = 1 - bias;
    uint64_t sign = (uint64_t)(signbit(x) != 0) << (f.exp_bits + f.mant_bits);
    uint64_t exp_all = ((uint64_t)1 << f.exp_bits) - 1, mant_mask = ((uint64_t)1 << f.mant_bits) - 1;
    uint64_t inf = sign | exp_all << f.mant_bits;
    if (isnan(x)) {
        union { double d; uint64_t u; } v = {x};
        uint64_t payload = (v.u >> (52 - f.mant_bits)) & mant_mask;
        return inf | payload | (uint64_t)1 << (f.mant_bits - 1);   /* quiet */
    }
    if (isinf(x)) return inf;
    double a = fabs(x);
    if (a == 0) return sign;
    int e;
    frexp(a, &e);                               /* a in [2^(e-1), 2^e) */
    int ex = e - 1 < emin ? emin : e - 1;       /* the exponent of a's binade, or the subnormal one */
    double r = ldexp(round_half_even(ldexp(a, f.mant_bits - ex)), ex - f.mant_bits);
    if (r == 0) return sign;
    frexp(r, &e);                               /* rounding may carry into the next binade */
    ex = e - 1;
    if (ex > bias) return inf;
    if (ex < emin) return sign | (uint64_t)ldexp(r, f.mant_bits - emin);   /* subnormal */
    uint64_t mant = (uint64_t)ldexp(r, f.mant_bits - ex) & mant_mask;
    return sign | (uint64_t)(ex + bias) << f.mant_bits | mant;
}

static double decode(small_format f, uint64_t bits) {
    int bias = (1 << (f.exp_bits - 1)) - 1;
    uint64_t exp_all = ((uint64_t)1 << f.exp_bits) - 1, mant_mask = ((uint64_t)1 << f.mant_bits) - 1;
    uint64_t sign = bits >> (f.exp_bits + f.mant_bits) & 1, e = bits >> f.mant_bits & exp_all;
    uint64_t mant = bits & mant_mask;
    double v;
    if (e == exp_all && mant) {
        union { uint64_t u; double d; } n = {sign << 63 | UINT64_C(0x7ff) << 52 | mant << (52 - f.mant_bits)};
        return n.d;
    }
    if (e == exp_all) v = INFINITY;
    else if (e == 0) v = ldexp((double)mant, 1 - bias - f.mant_bits);
    else v = ldexp((double)(mant | (mant_mask + 1)), (int)e - bias - f.mant_bits);
    return sign ? -v : v;
}

uint16_t f16_from_double(double x) { return (uint16_t)encode(F16, x); }
double f16_to_double(uint16_t bits) { return decode(F16, bits); }
uint16_t bf16_from_double(double x) { return (uint16_t)encode(BF16, x); }
double bf16_to_double(uint16_t bits) { return decode(BF16, bits); }

double float16_int_to_double_odd(uint64_t m) {
    int shift = 0;
    while (m >> shift >> 53) shift++;
    uint64_t kept = m >> shift;
    if (shift && (m & (((uint64_t)1 << shift) - 1))) kept |= 1;   /* sticky: ties become odd */
    return ldexp((double)kept, shift);
}
