/* fft.h: the discrete Fourier transforms of stablehlo.fft (arrayjit.fft
 * once complex values are parts), for the evaluator and for generated code.
 *
 * Computed in double whatever the element type (f32 results round once):
 * an iterative radix-2 transform for power-of-two lengths, Bluestein's
 * chirp-z through power-of-two transforms for any other length, twiddles
 * from cos and sin directly (no recurrence). A k-dimensional transform is
 * k passes of one-dimensional ones over the block's lines; the inverse
 * divides by the length of each pass. RFFT transforms the real block
 * whole and keeps the last dim's first n/2 + 1 bins; IRFFT inverts the
 * leading dims, then each last-dim line extended by Hermitian symmetry,
 * keeping the real part (the imaginary parts of bins 0 and n/2 are ignored,
 * as NumPy's and XLA's are).
 *
 * The code is written once, as the body of AJ_FFT_CODE: the evaluator
 * compiles it and the C backend pastes its text (AJ_FFT_TEXT) into
 * generated sources, so both compute the same bits. The workspace is the
 * caller's (aj_fft_work_doubles): no allocation. */
#ifndef AJ_FFT_H
#define AJ_FFT_H
#include <stdint.h>

enum { AJ_FFT_FFT, AJ_FFT_IFFT, AJ_FFT_RFFT, AJ_FFT_IRFFT };

/* The sizes, which generated code needs too (AJ_FFT_TEXT): the power of
 * two at least n, and the doubles of the plan of a length-n pass (a power
 * of two's twiddles, stage by stage: n - 1 complex; Bluestein's chirp, the
 * transformed convolution kernel, the power-of-two length's twiddles and
 * the padded sequence). */
#define AJ_FFT_SIZES_CODE                                                                                     \
    static inline int64_t aj_fft_pow2_at_least(int64_t n) {                                                   \
        int64_t m = 1;                                                                                        \
        while (m < n) m *= 2;                                                                                 \
        return m;                                                                                             \
    }                                                                                                         \
    static inline int64_t aj_fft_plan_doubles(int64_t n) {                                                    \
        if (n <= 1) return 2;                                                                                 \
        if ((n & (n - 1)) == 0) return 2 * n;                                                                 \
        int64_t m = aj_fft_pow2_at_least(2 * n - 1);                                                          \
        return 2 * n + 6 * m;                                                                                 \
    }

AJ_FFT_SIZES_CODE

/* Doubles of workspace for a transform over the last k dims `len`: the
 * block in complex double, the longest line, and each pass's plan (made
 * once per call: the batch shares them). */
static inline int64_t aj_fft_work_doubles(const int64_t *len, int k) {
    int64_t block = 1, line = 0, plans = 0;
    for (int i = 0; i < k; i++) {
        block *= len[i];
        if (2 * len[i] > line) line = 2 * len[i];
        plans += aj_fft_plan_doubles(len[i]);
    }
    return 2 * block + line + plans;
}

#define AJ_FFT_CODE                                                                                           \
    /* Stage by stage (len = 2, 4, ..., n): e^(sign 2 pi i j / len) for j <                                   \
       len / 2 at complex offset len / 2 - 1, so each stage reads its own contiguously. */                   \
    static void aj_fft_twiddles(double *tw, int64_t n, double sign) {                                         \
        for (int64_t half = 1; half < n; half *= 2)                                                           \
            for (int64_t j = 0; j < half; j++) {                                                              \
                double a = sign * 3.141592653589793238463 * (double)j / (double)half;                         \
                tw[2 * (half - 1 + j)] = cos(a), tw[2 * (half - 1 + j) + 1] = sin(a);                         \
            }                                                                                                 \
    }                                                                                                         \
    static void aj_fft_radix2(double *restrict x, int64_t n, const double *restrict tw) {                     \
        for (int64_t i = 1, j = 0; i < n; i++) {                                                              \
            int64_t bit = n >> 1;                                                                             \
            for (; j & bit; bit >>= 1) j ^= bit;                                                              \
            j ^= bit;                                                                                         \
            if (i < j) {                                                                                      \
                double r = x[2 * i], m = x[2 * i + 1];                                                        \
                x[2 * i] = x[2 * j], x[2 * i + 1] = x[2 * j + 1], x[2 * j] = r, x[2 * j + 1] = m;             \
            }                                                                                                 \
        }                                                                                                     \
        for (int64_t half = 1; half < n; half *= 2) {                                                         \
            const double *w = tw + 2 * (half - 1);                                                            \
            for (int64_t s = 0; s < n; s += 2 * half) {                                                       \
                double *a = x + 2 * s, *b = x + 2 * (s + half);                                               \
                for (int64_t j = 0; j < half; j++) {                                                          \
                    double br = b[2 * j], bi = b[2 * j + 1], wr = w[2 * j], wi = w[2 * j + 1];                \
                    double tr = br * wr - bi * wi, ti = br * wi + bi * wr;                                    \
                    b[2 * j] = a[2 * j] - tr, b[2 * j + 1] = a[2 * j + 1] - ti;                               \
                    a[2 * j] += tr, a[2 * j + 1] += ti;                                                       \
                }                                                                                             \
            }                                                                                                 \
        }                                                                                                     \
    }                                                                                                         \
    static void aj_fft_chirp(double *c, int64_t n, double sign) {                                            \
        for (int64_t j = 0, q = 0; j < n; j++) {                                                              \
            double t = 3.141592653589793238463 * (double)q / (double)n;                                       \
            c[2 * j] = cos(t), c[2 * j + 1] = sign * sin(t);                                                  \
            q += 2 * j + 1; /* (j + 1)^2 mod 2n, without forming j^2 */                                       \
            if (q >= 2 * n) q -= 2 * n;                                                                       \
        }                                                                                                     \
    }                                                                                                         \
    static void aj_fft_plan(double *w, int64_t n, int inverse) {                                              \
        double sign = inverse ? 1.0 : -1.0;                                                                   \
        if (n <= 1) return;                                                                                   \
        if ((n & (n - 1)) == 0) {                                                                             \
            aj_fft_twiddles(w, n, sign);                                                                      \
            return;                                                                                           \
        }                                                                                                     \
        int64_t m = aj_fft_pow2_at_least(2 * n - 1);                                                          \
        double *c = w, *b = w + 2 * n, *tw = b + 2 * m;                                                       \
        aj_fft_chirp(c, n, sign);                                                                             \
        for (int64_t j = 0; j < 2 * m; j++) b[j] = 0;                                                         \
        for (int64_t j = 0; j < n; j++) {                                                                     \
            b[2 * j] = c[2 * j], b[2 * j + 1] = -c[2 * j + 1];                                                \
            if (j) b[2 * (m - j)] = c[2 * j], b[2 * (m - j) + 1] = -c[2 * j + 1];                             \
        }                                                                                                     \
        aj_fft_twiddles(tw, m, -1.0);                                                                         \
        aj_fft_radix2(b, m, tw);                                                                              \
    }                                                                                                         \
    static void aj_fft_apply(double *x, int64_t n, int inverse, double *w) {                                  \
        if (n <= 1) return;                                                                                   \
        if ((n & (n - 1)) == 0) {                                                                             \
            aj_fft_radix2(x, n, w);                                                                           \
        } else {                                                                                              \
            int64_t m = aj_fft_pow2_at_least(2 * n - 1);                                                      \
            const double *c = w, *b = w + 2 * n, *tw = b + 2 * m;                                             \
            double *a = w + 2 * n + 2 * m + 2 * m;                                                            \
            for (int64_t j = 0; j < n; j++) {                                                                 \
                a[2 * j] = x[2 * j] * c[2 * j] - x[2 * j + 1] * c[2 * j + 1];                                 \
                a[2 * j + 1] = x[2 * j] * c[2 * j + 1] + x[2 * j + 1] * c[2 * j];                             \
            }                                                                                                 \
            for (int64_t j = 2 * n; j < 2 * m; j++) a[j] = 0;                                                 \
            aj_fft_radix2(a, m, tw);                                                                          \
            for (int64_t j = 0; j < m; j++) {                                                                 \
                double r = a[2 * j] * b[2 * j] - a[2 * j + 1] * b[2 * j + 1];                                 \
                double i = a[2 * j] * b[2 * j + 1] + a[2 * j + 1] * b[2 * j];                                 \
                a[2 * j] = r, a[2 * j + 1] = -i;                                                              \
            }                                                                                                 \
            aj_fft_radix2(a, m, tw);                                                                          \
            for (int64_t j = 0; j < n; j++) {                                                                 \
                double r = a[2 * j] / (double)m, i = -a[2 * j + 1] / (double)m;                               \
                x[2 * j] = r * c[2 * j] - i * c[2 * j + 1], x[2 * j + 1] = r * c[2 * j + 1] + i * c[2 * j];   \
            }                                                                                                 \
        }                                                                                                     \
        if (inverse)                                                                                          \
            for (int64_t j = 0; j < 2 * n; j++) x[j] /= (double)n;                                            \
    }                                                                                                         \
    /* The pass along `axis` of the block (dims; its last nlast), each line                                \
       through `line` with the pass's plan. */                                                                \
    static void aj_fft_axis(double *blk, const int64_t *dims, int k, int axis, int64_t nlast, int inverse,   \
                            double *line, const double *plan) {                                               \
        int64_t n = dims[axis], inner = 1, outer = 1;                                                         \
        for (int i = axis + 1; i < k; i++) inner *= i == k - 1 ? nlast : dims[i];                             \
        for (int i = 0; i < axis; i++) outer *= dims[i];                                                      \
        for (int64_t o = 0; o < outer; o++)                                                                   \
            for (int64_t in = 0; in < inner; in++) {                                                          \
                double *base = blk + 2 * (o * n * inner + in);                                                \
                if (inner == 1) { /* a contiguous line: in place */                                          \
                    aj_fft_apply(base, n, inverse, (double *)plan);                                           \
                    continue;                                                                                 \
                }                                                                                             \
                for (int64_t j = 0; j < n; j++)                                                               \
                    line[2 * j] = base[2 * j * inner], line[2 * j + 1] = base[2 * j * inner + 1];             \
                aj_fft_apply(line, n, inverse, (double *)plan);                                               \
                for (int64_t j = 0; j < n; j++)                                                               \
                    base[2 * j * inner] = line[2 * j], base[2 * j * inner + 1] = line[2 * j + 1];             \
            }                                                                                                 \
    }

/* The kernel of element type T (float or double, suffix p): over `batch`
 * blocks, the transform `type` over the last k dims `len` (the fft_length;
 * RFFT's output and IRFFT's input have len[k-1] / 2 + 1 in the last).
 * re and im: the complex side's parts (RFFT's input and IRFFT's output are
 * the real x); w: aj_fft_work_doubles(len, k) doubles. */
#define AJ_FFT_TYPED_(T, p)                                                                                   \
    __attribute__((unused)) static void aj_fft_##p(int type, const T *in_re, const T *in_im, T *out_re,       \
                                                   T *out_im, int64_t batch, const int64_t *len, int k,       \
                                                   double *w) {                                               \
        int64_t n = 1, h = len[k - 1] / 2 + 1, maxlen = 0, halfblock;                                         \
        for (int i = 0; i < k; i++) n *= len[i], maxlen = len[i] > maxlen ? len[i] : maxlen;                  \
        halfblock = len[k - 1] ? n / len[k - 1] * h : 0;                                                      \
        int inverse = type == AJ_FFT_IFFT || type == AJ_FFT_IRFFT;                                            \
        double *blk = w, *line = w + 2 * n, *plan[3];                                                         \
        for (int i = 0; i < k && n > 0; i++) {                                                                \
            plan[i] = i ? plan[i - 1] + aj_fft_plan_doubles(len[i - 1]) : line + 2 * maxlen;                  \
            aj_fft_plan(plan[i], len[i], inverse);                                                            \
        }                                                                                                     \
        for (int64_t b = 0; b < batch && n > 0; b++) {                                                        \
            if (type == AJ_FFT_IRFFT) {                                                                       \
                for (int64_t j = 0; j < halfblock; j++)                                                       \
                    blk[2 * j] = in_re[b * halfblock + j], blk[2 * j + 1] = in_im[b * halfblock + j];         \
                for (int a = 0; a < k - 1; a++) aj_fft_axis(blk, len, k, a, h, 1, line, plan[a]);            \
                int64_t nl = len[k - 1];                                                                      \
                for (int64_t r = 0; r < halfblock / h; r++) {                                                 \
                    for (int64_t j = 0; j < nl; j++) {                                                        \
                        int64_t s = j < h ? j : nl - j;                                                       \
                        line[2 * j] = blk[2 * (r * h + s)];                                                   \
                        line[2 * j + 1] = j < h ? blk[2 * (r * h + s) + 1] : -blk[2 * (r * h + s) + 1];       \
                    }                                                                                         \
                    aj_fft_apply(line, nl, 1, plan[k - 1]);                                                   \
                    for (int64_t j = 0; j < nl; j++) out_re[b * n + r * nl + j] = (T)line[2 * j];             \
                }                                                                                             \
                continue;                                                                                     \
            }                                                                                                 \
            for (int64_t j = 0; j < n; j++)                                                                   \
                blk[2 * j] = in_re[b * n + j], blk[2 * j + 1] = type == AJ_FFT_RFFT ? 0.0 : in_im[b * n + j]; \
            for (int a = 0; a < k; a++) aj_fft_axis(blk, len, k, a, len[k - 1], inverse, line, plan[a]);     \
            if (type != AJ_FFT_RFFT) {                                                                        \
                for (int64_t j = 0; j < n; j++)                                                               \
                    out_re[b * n + j] = (T)blk[2 * j], out_im[b * n + j] = (T)blk[2 * j + 1];                 \
                continue;                                                                                     \
            }                                                                                                 \
            for (int64_t r = 0; r < halfblock / h; r++)                                                       \
                for (int64_t j = 0; j < h; j++) {                                                             \
                    out_re[b * halfblock + r * h + j] = (T)blk[2 * (r * len[k - 1] + j)];                     \
                    out_im[b * halfblock + r * h + j] = (T)blk[2 * (r * len[k - 1] + j) + 1];                 \
                }                                                                                             \
        }                                                                                                     \
    }

#define AJ_FFT_KERNELS AJ_FFT_CODE AJ_FFT_TYPED_(float, s) AJ_FFT_TYPED_(double, d)

#define AJ_FFT_STR_(...) #__VA_ARGS__
#define AJ_FFT_STR(...) AJ_FFT_STR_(__VA_ARGS__)
/* The kernels as C text for generated sources (which include math.h and stdint.h). */
#define AJ_FFT_TEXT                                                                                           \
    "enum { AJ_FFT_FFT, AJ_FFT_IFFT, AJ_FFT_RFFT, AJ_FFT_IRFFT };\n" AJ_FFT_STR(AJ_FFT_SIZES_CODE) "\n"     \
    AJ_FFT_STR(AJ_FFT_KERNELS)

#endif
