/* minifloat.h: the f8, f6 and f4 float types (f8E5M2, f8E4M3FN, f6E2M3FN,
 * f4E2M1FN, ...), one codec for all of them: a value's bits (low bits of a
 * byte) to double, and a double to the nearest value's bits, rounding to
 * nearest even once. The same code serves the evaluator and, as text
 * (AJ_MINIFLOAT_TEXT), generated code, so the two agree bit for bit.
 *
 * A format is its exponent and mantissa widths, its bias and how it spends
 * the bit patterns IEEE keeps for infinities and NaNs (the kind), as
 * LLVM's APFloat and ml_dtypes define them:
 *   AJ_MF_IEEE    infinities and NaNs as IEEE 754 (f8E5M2, f8E4M3, f8E3M4);
 *                 overflow gives an infinity
 *   AJ_MF_FN      no infinities; NaN is every exponent and mantissa bit set
 *                 (f8E4M3FN); overflow and infinities give NaN
 *   AJ_MF_FNUZ    no infinities, no -0; NaN is the sign bit alone
 *                 (f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ); -0 gives +0
 *   AJ_MF_FNU     no sign, no zero, no subnormals: 2^(e - bias), NaN all
 *                 ones (f8E8M0FNU); zero, negatives and overflow give NaN
 *   AJ_MF_FINITE  neither infinities nor NaNs (f6E2M3FN, f6E3M2FN,
 *                 f4E2M1FN): overflow and infinities saturate, NaN gives -0
 *                 (ml_dtypes' choice)
 * Values of every format are exact in float (at most 5 significant bits,
 * exponents within float's). */
#ifndef AJ_MINIFLOAT_H
#define AJ_MINIFLOAT_H

enum { AJ_MF_IEEE, AJ_MF_FN, AJ_MF_FNUZ, AJ_MF_FNU, AJ_MF_FINITE };

/* The formats: X(name, MLIR name, C suffix, exponent bits, mantissa bits,
 * bias, kind, width). ir_dtype has a member IR_<name> for each, in order. */
#define AJ_MINIFLOAT_LIST(X)                                             \
    X(F8E5M2, "f8E5M2", f8e5m2, 5, 2, 15, AJ_MF_IEEE, 8)                 \
    X(F8E4M3, "f8E4M3", f8e4m3, 4, 3, 7, AJ_MF_IEEE, 8)                  \
    X(F8E3M4, "f8E3M4", f8e3m4, 3, 4, 3, AJ_MF_IEEE, 8)                  \
    X(F8E4M3FN, "f8E4M3FN", f8e4m3fn, 4, 3, 7, AJ_MF_FN, 8)              \
    X(F8E4M3FNUZ, "f8E4M3FNUZ", f8e4m3fnuz, 4, 3, 8, AJ_MF_FNUZ, 8)      \
    X(F8E5M2FNUZ, "f8E5M2FNUZ", f8e5m2fnuz, 5, 2, 16, AJ_MF_FNUZ, 8)     \
    X(F8E4M3B11FNUZ, "f8E4M3B11FNUZ", f8e4m3b11fnuz, 4, 3, 11, AJ_MF_FNUZ, 8) \
    X(F8E8M0FNU, "f8E8M0FNU", f8e8m0fnu, 8, 0, 127, AJ_MF_FNU, 8)        \
    X(F6E2M3FN, "f6E2M3FN", f6e2m3fn, 2, 3, 1, AJ_MF_FINITE, 6)          \
    X(F6E3M2FN, "f6E3M2FN", f6e3m2fn, 3, 2, 3, AJ_MF_FINITE, 6)          \
    X(F4E2M1FN, "f4E2M1FN", f4e2m1fn, 2, 1, 1, AJ_MF_FINITE, 4)

#define AJ_MINIFLOAT_CODE                                                                                     \
    /* The largest finite magnitude's bits. */                                                                \
    static inline unsigned aj_mf_max_bits(int e, int m, int kind) {                                           \
        unsigned ones = (1u << (e + m)) - 1;                                                                  \
        switch (kind) {                                                                                       \
        case AJ_MF_IEEE: return ones - (1u << m);                                                             \
        case AJ_MF_FN: case AJ_MF_FNU: return ones - 1;                                                       \
        default: return ones;                                                                                 \
        }                                                                                                     \
    }                                                                                                         \
    static inline unsigned aj_mf_nan_bits(int e, int m, int kind, int negative) {                             \
        unsigned sign = negative ? 1u << (e + m) : 0;                                                         \
        switch (kind) {                                                                                       \
        case AJ_MF_IEEE: return sign | (((1u << e) - 1) << m) | (m ? 1u << (m - 1) : 0);                     \
        case AJ_MF_FN: return sign | ((1u << (e + m)) - 1);                                                   \
        case AJ_MF_FNUZ: return 1u << (e + m);                                                                \
        case AJ_MF_FNU: return (1u << e) - 1;                                                                 \
        default: return 1u << (e + m); /* -0 */                                                               \
        }                                                                                                     \
    }                                                                                                         \
    /* 2^k, -1022 <= k <= 1023, built in the exponent field (no libm call:
       generated code runs this per element). */                              \
    static inline double aj_mf_pow2(int k) {                                                                  \
        unsigned long long b = (unsigned long long)(k + 1023) << 52;                                          \
        double x;                                                                                             \
        __builtin_memcpy(&x, &b, 8);                                                                          \
        return x;                                                                                             \
    }                                                                                                         \
    /* x rounded to the nearest integer, ties to even (|x| < 2^52). */                                        \
    static inline double aj_mf_rint(double x) {                                                               \
        double r = (double)(long long)x, f = x - r;                                                           \
        if (f > 0.5 || (f == 0.5 && ((long long)r & 1))) r += 1;                                              \
        return r;                                                                                             \
    }                                                                                                         \
    static inline double aj_mf_decode(unsigned bits, int e, int m, int bias, int kind) {                      \
        int width = e + m + (kind != AJ_MF_FNU);                                                              \
        bits &= (1u << width) - 1;                                                                            \
        unsigned mag = bits & ((1u << (e + m)) - 1), ef = mag >> m, mf = mag & ((1u << m) - 1);               \
        int negative = kind != AJ_MF_FNU && (bits >> (e + m)) != 0;                                           \
        double v;                                                                                             \
        if (kind == AJ_MF_IEEE && ef == (1u << e) - 1) v = mf ? __builtin_nan("") : __builtin_inf();          \
        else if ((kind == AJ_MF_FN || kind == AJ_MF_FNU) && mag == (1u << (e + m)) - 1) v = __builtin_nan("");  \
        else if (kind == AJ_MF_FNUZ && negative && mag == 0) return __builtin_nan("");                        \
        else if (kind == AJ_MF_FNU) v = aj_mf_pow2((int)ef - bias);                                           \
        else if (ef == 0) v = (double)mf * aj_mf_pow2(1 - bias - m);                                          \
        else v = (double)((1u << m) | mf) * aj_mf_pow2((int)ef - bias - m);                                   \
        return negative ? -v : v;                                                                             \
    }                                                                                                         \
    static inline unsigned aj_mf_encode(double x, int e, int m, int bias, int kind) {                         \
        int negative = __builtin_signbit(x) != 0;                                                             \
        unsigned sign = negative && kind != AJ_MF_FNU ? 1u << (e + m) : 0, most = aj_mf_max_bits(e, m, kind);  \
        if (x != x) return aj_mf_nan_bits(e, m, kind, negative);                                              \
        if (kind == AJ_MF_FNU && (negative || x == 0)) return aj_mf_nan_bits(e, m, kind, 0);                  \
        double a = negative ? -x : x;                                                                         \
        unsigned mag;                                                                                         \
        if (a == __builtin_inf()) {                                                                           \
            mag = most + 1;                                                                                   \
        } else {                                                                                              \
            unsigned long long ab;                                                                            \
            __builtin_memcpy(&ab, &a, 8);                                                                     \
            /* a's exponent (a double's subnormals lie below every format's: -1023 will do) */               \
            int emin = kind == AJ_MF_FNU ? -bias : 1 - bias, exp = (int)(ab >> 52) - 1023;                    \
            if (exp < emin) exp = emin; /* a subnormal (FNU: its least value or below) */                     \
            if (exp > (1 << e) - 1 - bias) {                                                                  \
                mag = most + 1; /* beyond every exponent */                                                   \
            } else {                                                                                          \
                double q = aj_mf_rint(a * aj_mf_pow2(m - exp));                                               \
                if (kind == AJ_MF_FNU && q == 0) q = 1; /* no zero: its least value */                        \
                mag = ((unsigned)(exp + bias) << m) + (unsigned)q - (1u << m);                                \
            }                                                                                                 \
        }                                                                                                     \
        if (mag > most) {                                                                                     \
            if (kind == AJ_MF_IEEE) return sign | (most + 1);                                                 \
            if (kind == AJ_MF_FINITE) return sign | most;                                                     \
            return aj_mf_nan_bits(e, m, kind, negative);                                                      \
        }                                                                                                     \
        if (kind == AJ_MF_FNUZ && mag == 0) return 0;                                                         \
        return sign | mag;                                                                                    \
    }

#define AJ_MINIFLOAT_STR_(...) #__VA_ARGS__
#define AJ_MINIFLOAT_STR(...) AJ_MINIFLOAT_STR_(__VA_ARGS__)
/* The code as one line of C text (the enum included). */
#define AJ_MINIFLOAT_TEXT                                                                                     \
    "enum { AJ_MF_IEEE, AJ_MF_FN, AJ_MF_FNUZ, AJ_MF_FNU, AJ_MF_FINITE };\n" AJ_MINIFLOAT_STR(AJ_MINIFLOAT_CODE)

AJ_MINIFLOAT_CODE

#endif
