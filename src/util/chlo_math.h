/* chlo_math.h: the special functions of CHLO's elementwise ops that libm
 * does not have, for the evaluator and for generated code.
 *
 * Every function works in double; the caller rounds the result once to the
 * element type (f32, f16, bf16), as the evaluator's store does for every
 * float op. The code is written once, as the bodies of AJ_CHLO_MATH_CODE
 * (the float functions) and AJ_CHLO_MULHI_CODE: the evaluator compiles them
 * (eval_scalar.c) and the C backend pastes their text (AJ_CHLO_MATH_TEXT,
 * AJ_CHLO_MULHI_TEXT) into every generated source (emit_prelude.c), the
 * float functions between pragmas that turn off gcc's contraction into
 * fused multiply-adds whatever the flags, so that compiled code equals the
 * evaluator bit for bit in fast mode too (the evaluator is built with
 * -ffp-contract=off; under clang, only strict mode is bit for bit). The bodies must stay free of '#' directives and of
 * comments; what each function does is said here.
 *
 * aj_lgamma(x)      glibc's lgamma through lgamma_r (no global signgam,
 *                   which threads share).
 * aj_digamma(x)     psi, as XLA defines it at the poles: NaN at 0 and the
 *                   negative integers, +inf at +inf, NaN at -inf. x < 0.5
 *                   reflects, psi(x) = psi(1 - x) - pi cot(pi x), with the
 *                   cotangent's argument reduced to [-0.5, 0.5] first (exact:
 *                   r = x - round(x)); then the recurrence psi(x) = psi(x + 1)
 *                   - 1 / x up to x >= 10, with x + k and the sum of the
 *                   1 / (x + k) in double-double (two-sums, the reciprocal's
 *                   error by fma) and ln x (x < 11) as ln 10 in double-double
 *                   plus log1p, so that the cancellation in results near 0
 *                   (the root at 1.4616) costs little accuracy; then the
 *                   asymptotic series ln x - 1/(2x) - sum B_2k / (2k x^2k) to
 *                   x^-16 (the next term is below 2^-60 of the sum).
 * aj_erfinv(x)      Giles' double-precision approximation ("Approximating
 *                   the erfinv function", GPU Computing Gems, 2011; XLA's
 *                   ErfInv64 uses it), w = -log((1 - x)(1 + x)), then one
 *                   Newton step on erf (|x| <= 0.5) or on erfc with the exact
 *                   1 - |x| (|x| > 0.5), so the result is as good as libm's
 *                   erf. +-1 give +-inf, |x| > 1 NaN, a zero keeps its sign.
 * aj_zeta(x, q)     the Hurwitz zeta function sum_k (q + k)^-x, as XLA's
 *                   chlo legalization computes it (ChloLegalizeToStablehlo.cpp
 *                   materializeZeta; Johansson, "Rigorous high-precision
 *                   computation of the Hurwitz zeta function and its
 *                   derivatives", 2015, formula (5)): the first 10 terms
 *                   summed (in double-double: with q < 0 terms of both signs
 *                   cancel), then Euler-Maclaurin at N = q + 10 with 12
 *                   Bernoulli terms by Horner's rule. Its special cases, in
 *                   XLA's order of precedence: x == 1 gives +inf; a NaN
 *                   operand NaN (the same one in every build); q a pole
 *                   (an integer <= 0) +inf where x is an even integer, else
 *                   NaN; q <= 0 with x not an integer NaN; x < 1 NaN; and the
 *                   partial sum alone where the correction is below its
 *                   least subnormal.
 * aj_polygamma(n, x) psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x), digamma at
 *                   n = 0, NaN where n is not a natural number. XLA takes n!
 *                   as exp(lgamma(n + 1)); here it is the product (exact to
 *                   22!, +inf beyond 170!, where exp(lgamma) overflows too).
 * aj_bessel_i1e(x)  exp(-|x|) I1(x): Cephes' Chebyshev series (i1e.c, the
 *                   f64 coefficients XLA uses), z |x| <= 8 on z / 2 - 2, else
 *                   on 32 / z - 2 over sqrt(z), times sign(x) (a zero keeps
 *                   its sign, NaN stays NaN).
 * aj_mulhi(a, b, bits, is_unsigned)  the high half of the 2*bits-bit
 *                   product of two integers of the element type, read as
 *                   their canonical int64 (sign- or zero-extended): below 64
 *                   bits the exact product in 64 bits shifted (arithmetic
 *                   for signed types), at 64 through 128-bit products. */
#ifndef CHLO_MATH_H
#define CHLO_MATH_H

#define AJ_CHLO_MATH_CODE                                                                                   \
    double lgamma_r(double x, int *sign);                                                                   \
    static inline double aj_lgamma(double x) {                                                              \
        int sign;                                                                                           \
        return lgamma_r(x, &sign);                                                                          \
    }                                                                                                       \
    static inline double aj_digamma(double x) {                                                             \
        if (x != x || x == -HUGE_VAL) return x != x ? x : NAN;                                              \
        if (x <= 0 && x == floor(x)) return NAN;                                                            \
        double reflect = 0.0;                                                                               \
        if (x < 0.5) {                                                                                      \
            double r = x - round(x);                                                                        \
            reflect = 3.14159265358979323846 * cos(3.14159265358979323846 * r) /                            \
                      sin(3.14159265358979323846 * r);                                                      \
            x = 1.0 - x;                                                                                    \
        }                                                                                                   \
        double hi = 0.0, lo = 0.0, zl = 0.0;                                                                \
        while (x < 10.0) {                                                                                  \
            double t = 1.0 / x;                                                                             \
            double e = (fma(-t, x, 1.0) - t * zl) / x;                                                      \
            double s = hi + t, b = s - hi;                                                                  \
            lo += (hi - (s - b)) + (t - b) + e;                                                             \
            hi = s;                                                                                         \
            double n = x + 1.0, c = n - x;                                                                  \
            zl += (x - (n - c)) + (1.0 - c);                                                                \
            x = n;                                                                                          \
        }                                                                                                   \
        double z = 1.0 / (x * x);                                                                           \
        double series = z * (1.0 / 12 - z * (1.0 / 120 - z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 - \
                        z * (691.0 / 32760 - z * (1.0 / 12 - z * (3617.0 / 8160))))))));                    \
        double small = -0.5 / x - series + zl / x - lo, big = -hi;                                          \
        if (x < 11.0) {                                                                                     \
            small += -2.1707562233822494e-16 + log1p((x - 10.0) / 10.0);                                    \
            big += 2.302585092994046;                                                                       \
        } else {                                                                                            \
            big += log(x);                                                                                  \
        }                                                                                                   \
        return (big + small) - reflect;                                                                     \
    }                                                                                                       \
    static inline double aj_erfinv_central(double w) {                                                      \
        static const double c[] = {                                                                         \
            -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,               \
            1.115787767802518096e-17,   -1.333171662854620906e-16, 2.0972767875968561637e-17,               \
            6.6376381343583238325e-15,  -4.0545662729752068639e-14, -8.1519341976054721522e-14,             \
            2.6335093153082322977e-12,  -1.2975133253453532498e-11, -5.4154120542946279317e-11,             \
            1.051212273321532285e-09,   -4.1126339803469836976e-09, -2.9070369957882005086e-08,             \
            4.2347877827932403518e-07,  -1.3654692000834678645e-06, -1.3882523362786468719e-05,             \
            0.0001867342080340571352,   -0.00074070253416626697512, -0.0060336708714301490533,              \
            0.24015818242558961693,     1.6536545626831027356};                                             \
        double p = c[0];                                                                                    \
        for (int i = 1; i < (int)(sizeof c / sizeof *c); i++) p = c[i] + p * w;                             \
        return p;                                                                                           \
    }                                                                                                       \
    static inline double aj_erfinv_tail(double w) {                                                         \
        static const double c[] = {                                                                         \
            2.2137376921775787049e-09,  9.0756561938885390979e-08, -2.7517406297064545428e-07,              \
            1.8239629214389227755e-08,  1.5027403968909827627e-06, -4.013867526981545969e-06,               \
            2.9234449089955446044e-06,  1.2475304481671778723e-05, -4.7318229009055733981e-05,              \
            6.8284851459573175448e-05,  2.4031110387097893999e-05, -0.0003550375203628474796,               \
            0.00095328937973738049703,  -0.0016882755560235047313, 0.0024914420961078508066,                \
            -0.0037512085075692412107,  0.005370914553590063617,   1.0052589676941592334,                   \
            3.0838856104922207635};                                                                         \
        double p = c[0];                                                                                    \
        for (int i = 1; i < (int)(sizeof c / sizeof *c); i++) p = c[i] + p * w;                             \
        return p;                                                                                           \
    }                                                                                                       \
    static inline double aj_erfinv_far(double w) {                                                          \
        static const double c[] = {                                                                         \
            -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,              \
            -3.7894654401267369937e-09, 7.6157012080783393804e-09,  -1.4960026627149240478e-08,             \
            2.9147953450901080826e-08,  -6.7711997758452339498e-08, 2.2900482228026654717e-07,              \
            -9.9298272942317002539e-07, 4.5260625972231537039e-06,  -1.9681778105531670567e-05,             \
            7.5995277030017761139e-05,  -0.00021503011930044477347, -0.00013871931833623122026,             \
            1.0103004648645343977,      4.8499064014085844221};                                             \
        double p = c[0];                                                                                    \
        for (int i = 1; i < (int)(sizeof c / sizeof *c); i++) p = c[i] + p * w;                             \
        return p;                                                                                           \
    }                                                                                                       \
    static inline double aj_erfinv(double x) {                                                              \
        double a = fabs(x);                                                                                 \
        if (x != x || a > 1.0) return NAN;                                                                  \
        if (a == 1.0) return x * HUGE_VAL;                                                                  \
        if (x == 0.0) return x;                                                                             \
        double w = -log((1.0 - a) * (1.0 + a));                                                             \
        double p = w < 6.25   ? aj_erfinv_central(w - 3.125)                                                \
                 : w < 16.0   ? aj_erfinv_tail(sqrt(w) - 3.25)                                              \
                              : aj_erfinv_far(sqrt(w) - 5.0);                                               \
        double y = p * a;                                                                                   \
        double f = a <= 0.5 ? erf(y) - a : (1.0 - a) - erfc(y);                                             \
        y -= f / (1.1283791670955125739 * exp(-y * y));                                                     \
        return x < 0 ? -y : y;                                                                              \
    }                                                                                                       \
    static inline double aj_zeta_series(double x, double q) {                                               \
        static const double k[12] = {-7.1661652561756670113e18, 1.8152105401943546773e17,                   \
                                     -4.5979787224074726105e15, 1.1646782814350067249e14,                   \
                                     -2.950130727918164224e12,  7.47242496e10,                              \
                                     -1.8924375803183791606e9,  47900160.0,                                 \
                                     -1209600.0,                30240.0,                                    \
                                     -720.0,                    12.0};                                      \
        double acc = q, sum = pow(q, -x), lo = 0.0;                                                         \
        for (int i = 0; i < 9; i++) {                                                                       \
            acc += 1.0;                                                                                     \
            double term = pow(acc, -x), s = sum + term, b = s - sum;                                        \
            lo += (sum - (s - b)) + (term - b);                                                             \
            sum = s;                                                                                        \
        }                                                                                                   \
        acc += 1.0;                                                                                         \
        double power = pow(acc, -x);                                                                        \
        if (fabs(power) < fabs(sum) * 4.9406564584124654e-324) return sum + lo;                             \
        double correction = power * acc / (x - 1.0), r2 = 1.0 / (acc * acc), h = 0.0;                       \
        for (int i = 0; i < 11; i++) {                                                                      \
            double f = (x + (22.0 - 2 * i)) * (x + (21.0 - 2 * i));                                         \
            h = f * (r2 * (h + 1.0 / k[i]));                                                                \
        }                                                                                                   \
        double tail = power * (0.5 + (x / acc) * (1.0 / k[11] + h));                                        \
        return (sum + correction) + (lo + tail);                                                            \
    }                                                                                                       \
    static inline double aj_zeta(double x, double q) {                                                      \
        if (x == 1.0) return HUGE_VAL;                                                                      \
        if (x != x || q != q) return NAN;                                                                   \
        if (q <= 0 && q == floor(q)) return x == floor(x) && fmod(x, 2.0) == 0 ? HUGE_VAL : NAN;            \
        if ((q <= 0 && x != floor(x)) || x < 1.0) return NAN;                                               \
        return aj_zeta_series(x, q);                                                                        \
    }                                                                                                       \
    static inline double aj_polygamma(double n, double x) {                                                 \
        if (n != floor(n) || n < 0) return NAN;                                                             \
        if (n == 0) return aj_digamma(x);                                                                   \
        double factorial = 1.0;                                                                             \
        if (n > 170) factorial = HUGE_VAL;                                                                  \
        else for (double k = 2; k <= n; k++) factorial *= k;                                                \
        double sign = 2.0 * fmod(n, 2.0) - 1.0;                                                             \
        return sign * factorial * aj_zeta(n + 1.0, x);                                                      \
    }                                                                                                       \
    static inline double aj_chebyshev(double x, const double *c, int n) {                                   \
        double b0 = 0.0, b1 = 0.0, b2 = 0.0;                                                                \
        for (int i = 0; i < n; i++) {                                                                       \
            b2 = b1;                                                                                        \
            b1 = b0;                                                                                        \
            b0 = x * b1 - b2 + c[i];                                                                        \
        }                                                                                                   \
        return 0.5 * (b0 - b2);                                                                             \
    }                                                                                                       \
    static inline double aj_bessel_i1e(double x) {                                                          \
        static const double a[29] = {                                                                       \
            2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,            \
            -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,           \
            3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,            \
            -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,            \
            9.38153738649577178388E-9,  -4.44505912879632808065E-8,  2.00329475355213526229E-7,             \
            -8.56872026469545474066E-7, 3.47025130813767847674E-6,  -1.32731636560394358279E-5,             \
            4.78156510755005422638E-5,  -1.61760815825896745588E-4, 5.12285956168575772895E-4,              \
            -1.51357245063125314899E-3, 4.15642294431288815669E-3,  -1.05640848946261981558E-2,             \
            2.47264490306265168283E-2,  -5.29459812080949914269E-2, 1.02643658689847095384E-1,              \
            -1.76416518357834055153E-1, 2.52587186443633654823E-1};                                         \
        static const double b[25] = {                                                                       \
            7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17,          \
            -3.20952592199342395980E-17, 2.96262899764595013876E-16,  3.30820231092092828324E-16,           \
            -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,           \
            4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,          \
            -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,           \
            3.25260358301548823856E-11,  -1.89749581235054123450E-11, -5.58974346219658380687E-10,          \
            -3.83538038596423702205E-9,  -2.63146884688951950684E-8,  -2.51223623787020892529E-7,           \
            -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,           \
            7.78576235018280120474E-1};                                                                     \
        double z = fabs(x);                                                                                 \
        double r = z <= 8.0 ? z * aj_chebyshev(0.5 * z - 2.0, a, 29)                                        \
                            : aj_chebyshev(32.0 / z - 2.0, b, 25) / sqrt(z);                                \
        return x > 0 ? r : x < 0 ? -r : x;                                                                  \
    }

#define AJ_CHLO_MULHI_CODE                                                                                  \
    static inline int64_t aj_mulhi(int64_t a, int64_t b, int bits, int is_unsigned) {                       \
        if (bits == 64 && is_unsigned)                                                                      \
            return (int64_t)(uint64_t)(((unsigned __int128)(uint64_t)a * (uint64_t)b) >> 64);               \
        if (bits == 64) return (int64_t)(((__int128)a * b) >> 64);                                          \
        if (is_unsigned) return (int64_t)(((uint64_t)a * (uint64_t)b) >> bits);                             \
        return (a * b) >> bits;                                                                             \
    }

#define AJ_CHLO_MATH_STR_(...) #__VA_ARGS__
#define AJ_CHLO_MATH_STR(...) AJ_CHLO_MATH_STR_(__VA_ARGS__)
/* The code as one line of C text each. */
#define AJ_CHLO_MATH_TEXT AJ_CHLO_MATH_STR(AJ_CHLO_MATH_CODE)
#define AJ_CHLO_MULHI_TEXT AJ_CHLO_MATH_STR(AJ_CHLO_MULHI_CODE)

#endif
