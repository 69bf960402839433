/* complex_math.h: the nonlinear functions of complex numbers, one part at a
 * time, for the evaluator and for generated code.
 *
 * The front end lowers complex values into their real and imaginary parts
 * (src/front/lower_complex.c); a function that mixes the parts becomes two
 * arrayjit.complex_part ops, one per part of the result. Each computes the
 * function in double complex arithmetic (C99's <complex.h>, which is what
 * the reference interpreter's std::complex<double> calls) and the caller
 * rounds the part once to the element type, as the reference does
 * (stablehlo/reference/Element.cpp, mapWithUpcastToDouble). Where the
 * reference differs from the plain C function, the entry says how:
 *
 *   EXPONENTIAL            as StableHLO's complex math expander writes it
 *                          (StablehloComplexMathExpanderPatterns.td): e^x cos y,
 *                          e^x sin y, with e^(x/2) twice where e^x overflows,
 *                          the imaginary part 0 where y is 0 (so exp(-inf + i inf)
 *                          is NaN, as the expander's tests want)
 *   EXPONENTIAL_MINUS_ONE  exp(z) - 1 (the reference has no complex expm1)
 *   LOG_PLUS_ONE           as the expander writes it: the real part
 *                          log(max) + log1p(r^2) / 2 for large |z|,
 *                          log(|z + 1|^2) / 2 near -1, else
 *                          log1p(2x + x^2 + y^2) / 2 with that sum in
 *                          double-word arithmetic (Dekker's squares, Knuth's
 *                          two-sums), so that it keeps its digits near 0; the
 *                          imaginary part atan2(y, x + 1)
 *   RSQRT                  (1 + 0i) / sqrt(z)
 *   CBRT                   |z|^(1/3) (cos t, sin t), t = atan2(im, re) / 3,
 *                          |z|^(1/3) as pow(re^2 + im^2, 1/6)
 *   ABS                    |z| (hypot); its imaginary part is 0
 *   DIVIDE, POWER          z / w and pow(z, w) (glibc: exp(w log z)) of two
 *                          complex operands
 *
 * The code is written once, as the body of AJ_COMPLEX_MATH_CODE: the
 * evaluator compiles it (eval_complex.c) and the C backend pastes its text
 * into every generated source (emit_prelude.c), so both call the same libm
 * functions and agree bit for bit. The body must stay free of '#'
 * directives, comments and macros other than the lists below; it needs
 * <complex.h> and <math.h>. A part is read and written through a union
 * (C11 6.2.5: a complex type is laid out as an array of its two parts), so
 * that infinities and NaNs pass unchanged, which re + im * I would not. */
#ifndef COMPLEX_MATH_H
#define COMPLEX_MATH_H

/* X(opcode suffix, the result as an expression of z) */
#define AJ_COMPLEX_UNARY_LIST(X)                                                   \
    X(EXPONENTIAL, aj_cexp(z))                                                     \
    X(EXPONENTIAL_MINUS_ONE, cexp(z) - 1.0)                                        \
    X(LOG, clog(z))                                                                \
    X(LOG_PLUS_ONE, aj_clog1p(z))                                                  \
    X(SQRT, csqrt(z))                                                              \
    X(RSQRT, aj_cmplx(1.0, 0.0) / csqrt(z))                                        \
    X(CBRT, aj_ccbrt(z))                                                           \
    X(ABS, aj_cmplx(cabs(z), 0.0))                                                 \
    X(SINE, csin(z))                                                               \
    X(COSINE, ccos(z))                                                             \
    X(TAN, ctan(z))                                                                \
    X(TANH, ctanh(z))                                                              \
    X(SINH, csinh(z))                                                              \
    X(COSH, ccosh(z))                                                              \
    X(ASIN, casin(z))                                                              \
    X(ACOS, cacos(z))                                                              \
    X(ATAN, catan(z))                                                              \
    X(ASINH, casinh(z))                                                            \
    X(ACOSH, cacosh(z))                                                            \
    X(ATANH, catanh(z))

/* X(opcode suffix, the result as an expression of z and w) */
#define AJ_COMPLEX_BINARY_LIST(X)                                                  \
    X(DIVIDE, z / w)                                                               \
    X(POWER, cpow(z, w))

#define AJ_COMPLEX_UNARY_FN(name, expr)                                            \
    static inline double aj_cfn_##name(double re, double im, int imag) {         \
        double _Complex z = aj_cmplx(re, im);                                      \
        return aj_cget(expr, imag);                                               \
    }
#define AJ_COMPLEX_BINARY_FN(name, expr)                                           \
    static inline double aj_cfn_##name(double re, double im, double re2,         \
                                         double im2, int imag) {                   \
        double _Complex z = aj_cmplx(re, im), w = aj_cmplx(re2, im2);              \
        return aj_cget(expr, imag);                                               \
    }

#define AJ_COMPLEX_MATH_CODE                                                       \
    typedef union aj_complex_pair {                                               \
        double _Complex z;                                                         \
        double re_im[2];                                                            \
    } aj_complex_pair;                                                            \
    static inline double _Complex aj_cmplx(double re, double im) {                 \
        aj_complex_pair u = {.re_im = {re, im}};                                   \
        return u.z;                                                                \
    }                                                                              \
    static inline double aj_cget(double _Complex z, int imag) {                   \
        aj_complex_pair u = {.z = z};                                             \
        return u.re_im[imag != 0];                                                  \
    }                                                                              \
    static inline double _Complex aj_cexp(double _Complex z) {                     \
        double x = aj_cget(z, 0), y = aj_cget(z, 1), e = exp(x), c = cos(y), s = sin(y); \
        if (e > 1.7976931348623157e308) {                                          \
            double h = exp(x * 0.5);                                               \
            return aj_cmplx(h * c * h, y == 0.0 ? 0.0 : h * s * h);                \
        }                                                                          \
        return aj_cmplx(e * c, y == 0.0 ? 0.0 : e * s);                            \
    }                                                                              \
    static inline double aj_max_nan(double a, double b) { return a != a || a > b ? a : b; } \
    static inline double aj_min_nan(double a, double b) { return a != a || a < b ? a : b; } \
    static inline double aj_square_low(double v, double high) {                    \
        double cv = 134217729.0 * v, vh = cv + (v - cv), vl = v - vh;              \
        return ((-high + vh * vh) + vh * vl) + vh * vl + vl * vl;                  \
    }                                                                              \
    static inline double aj_two_sum_low(double a, double b, double high) {         \
        double s = high - a;                                                       \
        return (a - (high - s)) + (b - s);                                         \
    }                                                                              \
    static inline double _Complex aj_clog1p(double _Complex z) {                   \
        double x = aj_cget(z, 0), y = aj_cget(z, 1), xp1 = x + 1.0, re;            \
        double ax = fabs(x), ay = fabs(y), mx = aj_max_nan(ax, ay), mn = aj_min_nan(ax, ay); \
        if (mx > 1.3407807929942596e154 * 0.01) {                                  \
            double r = mn / mx;                                                    \
            re = log(mx) + 0.5 * log1p(mn == mx ? 1.0 : r * r);                    \
        } else if (fabs(xp1) + ay < 0.2) {                                         \
            re = 0.5 * log(xp1 * xp1 + y * y);                                     \
        } else {                                                                   \
            double yy = y * y, xx = x * x, x2 = x + x;                             \
            double yy_low = aj_square_low(y, yy), xx_low = aj_square_low(x, xx);   \
            double h2 = x2 + yy, h1 = h2 + xx, h0 = h1 + yy_low, h = h0 + xx_low;   \
            double low = ((aj_two_sum_low(x2, yy, h2) + aj_two_sum_low(h2, xx, h1)) + \
                          aj_two_sum_low(h1, yy_low, h0)) + aj_two_sum_low(h0, xx_low, h); \
            re = 0.5 * log1p(h + low);                                             \
        }                                                                          \
        return aj_cmplx(re, atan2(y, xp1));                                        \
    }                                                                              \
    static inline double _Complex aj_ccbrt(double _Complex z) {                    \
        double re = aj_cget(z, 0), im = aj_cget(z, 1);                           \
        double t = atan2(im, re) / 3.0, r = pow(re * re + im * im, 1.0 / 6.0);     \
        return aj_cmplx(r * cos(t), r * sin(t));                                   \
    }                                                                              \
    AJ_COMPLEX_UNARY_LIST(AJ_COMPLEX_UNARY_FN)                                     \
    AJ_COMPLEX_BINARY_LIST(AJ_COMPLEX_BINARY_FN)

#define AJ_COMPLEX_MATH_STR_(...) #__VA_ARGS__
#define AJ_COMPLEX_MATH_STR(...) AJ_COMPLEX_MATH_STR_(__VA_ARGS__)
/* The code as one line of C text. */
#define AJ_COMPLEX_MATH_TEXT AJ_COMPLEX_MATH_STR(AJ_COMPLEX_MATH_CODE)

#endif
