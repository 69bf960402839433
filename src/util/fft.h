/* fft.h: the discrete Fourier transforms of stablehlo.fft (arrayjit.fft
 * once complex values are parts), for the evaluator and for generated code.
 *
 * Computed in the element type (f32 in float, f64 in double, as XLA's
 * ducc does; twiddles from cos and sin in double, rounded once), on split
 * real and imaginary parts, a 64-byte vector of lines at once (8 for
 * double, 16 for float; each operation on a vector of the lines'
 * elements): a Stockham (self-sorting) mixed-radix transform for lengths
 * whose prime factors are at most AJ_FFT_MAX_RADIX (radix 2, 3, 4 and 5
 * butterflies of their own, other primes by their sum over the roots),
 * Bluestein's chirp-z through a direct transform of a 5-smooth length for
 * any other; twiddles directly (no recurrence). A k-dimensional transform
 * is k passes of one-dimensional ones over the block's lines; the inverse
 * divides by the length of each pass. RFFT transforms each last-dim line
 * and keeps its first n/2 + 1 bins, then the leading dims over those;
 * IRFFT inverts the leading dims, then each last-dim line extended by
 * Hermitian symmetry, keeping the real part (the imaginary parts of bins 0
 * and n/2 are ignored, as NumPy's and XLA's are).
 *
 * The code is written once, as the body of AJ_FFT_CODE_ over the element
 * type: the evaluator compiles it and the C backend pastes its text
 * (AJ_FFT_TEXT) into generated sources, so both compute the same bits.
 * The workspace is the caller's (aj_fft_work_bytes): no allocation. */
#ifndef AJ_FFT_H
#define AJ_FFT_H
#include <stdint.h>

enum { AJ_FFT_FFT, AJ_FFT_IFFT, AJ_FFT_RFFT, AJ_FFT_IRFFT };

/* The largest radix of a direct transform (a length with a larger prime
 * factor goes through Bluestein's), and a plan's header: its kind, whether
 * it is inverse, its stages and their radices (small integers, exact in
 * either type). */
#define AJ_FFT_MAX_RADIX 31
#define AJ_FFT_HEADER 64

/* The sizes, in elements of a type whose vector holds L lanes (16 float,
 * 8 double), which generated code needs too (AJ_FFT_TEXT). */
#define AJ_FFT_SIZES_CODE                                                                                      \
    /* Whether every prime factor of n is at most `most`. */                                                   \
    static inline int aj_fft_smooth(int64_t n, int64_t most) {                                                 \
        for (int64_t p = 2; p <= most && n > 1; p++)                                                           \
            while (n % p == 0) n /= p;                                                                         \
        return n <= 1;                                                                                         \
    }                                                                                                          \
    /* The least 5-smooth number at least n: Bluestein's length. */                                            \
    static inline int64_t aj_fft_smooth_at_least(int64_t n) {                                                  \
        int64_t m = n;                                                                                         \
        while (!aj_fft_smooth(m, 5)) m++;                                                                      \
        return m;                                                                                              \
    }                                                                                                          \
    /* x rounded up to whole lane vectors: plans and buffers of lanes start 64-byte aligned (unaligned         \
       vectors straddle cache lines: a direct transform ran at half the rate). */                              \
    static inline int64_t aj_fft_round(int64_t x, int64_t L) { return (x + L - 1) / L * L; }                   \
    /* A direct plan: the header, then per stage its twiddles and roots (at most 4n elements: see              \
       aj_fft_direct_plan). */                                                                                 \
    static inline int64_t aj_fft_direct_elems(int64_t n, int64_t L) {                                          \
        return AJ_FFT_HEADER + aj_fft_round(4 * n, L);                                                         \
    }                                                                                                          \
    /* The elements of the plan of a length-n pass: a direct one, or Bluestein's: the chirp, the transformed   \
       kernel, the direct plan of its length m and two length-m sequences of lanes. */                         \
    static inline int64_t aj_fft_plan_elems(int64_t n, int64_t L) {                                            \
        if (n <= 1) return AJ_FFT_HEADER;                                                                      \
        if (aj_fft_smooth(n, AJ_FFT_MAX_RADIX)) return aj_fft_direct_elems(n, L);                              \
        int64_t m = aj_fft_smooth_at_least(2 * n - 1);                                                         \
        return AJ_FFT_HEADER + aj_fft_round(2 * n, L) + aj_fft_round(2 * m, L) + aj_fft_direct_elems(m, L) +   \
               4 * m * L;                                                                                      \
    }                                                                                                          \
    /* The elements of an even length's real plan (aj_fft_real_plan): the twiddles and half the length's       \
       plan. */                                                                                                \
    static inline int64_t aj_fft_real_plan_elems(int64_t nl, int64_t L) {                                      \
        return AJ_FFT_HEADER + aj_fft_round(2 * (nl / 2 + 1), L) + aj_fft_plan_elems(nl / 2, L);               \
    }

AJ_FFT_SIZES_CODE

/* Bytes of workspace for a transform of elements of `size` bytes (4: f32,
 * 8: f64) over the last k dims `len`: the parts of a block (none in one
 * dim, whose lines go from the input to the output directly), a vector of
 * lines and the stages' other sequence of them, and each pass's plan (made
 * once per call: the batch shares them), from the first 64-byte boundary. */
static inline int64_t aj_fft_work_bytes(const int64_t *len, int k, int64_t size) {
    int64_t L = 64 / size, block = 1, line = 0, plans = 0;
    for (int i = 0; i < k; i++) {
        block *= len[i];
        if (len[i] > line) line = len[i];
        int64_t complex = aj_fft_plan_elems(len[i], L), real = aj_fft_real_plan_elems(len[i], L);
        plans += i < k - 1 || complex >= real ? complex : real;   /* RFFT's and IRFFT's last: either */
    }
    return size * (L + (k == 1 ? 0 : aj_fft_round(2 * block, L)) + 4 * line * L + plans);
}

/* r (a vector per row) transposed, r[i][j] and r[j][i] swapped, for
 * AJ_FFT_CODE_'s moves (8 x 8 for double, 16 x 16 for float): one stage
 * per bit s of an index, swapping bit s of the row index with bit s of
 * the column index by shuffles of rows i and i + s, every call written out
 * so that r stays in registers. */
#define AJ_FFT_LIST_(...) __VA_ARGS__
/* aj_fft_swap<s>_<SFX>(r, i): rows i and i + s shuffled by the index lists LO and HI. */
#define AJ_FFT_SWAP_(SFX, s, LO, HI)                                                                           \
    static inline __attribute__((always_inline)) void aj_fft_swap##s##_##SFX(aj_fft_v_##SFX *r, int i) {       \
        aj_fft_v_##SFX x = r[i], y = r[i + s];                                                                 \
        r[i] = __builtin_shufflevector(x, y, AJ_FFT_LIST_ LO);                                                 \
        r[i + s] = __builtin_shufflevector(x, y, AJ_FFT_LIST_ HI);                                             \
    }
#define AJ_FFT_TRANSPOSE_8(SFX)                                                                                \
    AJ_FFT_SWAP_(SFX, 4, (0, 1, 2, 3, 8, 9, 10, 11),                                                           \
                 (4, 5, 6, 7, 12, 13, 14, 15))                                                                 \
    AJ_FFT_SWAP_(SFX, 2, (0, 1, 8, 9, 4, 5, 12, 13),                                                           \
                 (2, 3, 10, 11, 6, 7, 14, 15))                                                                 \
    AJ_FFT_SWAP_(SFX, 1, (0, 8, 2, 10, 4, 12, 6, 14),                                                          \
                 (1, 9, 3, 11, 5, 13, 7, 15))                                                                  \
    static inline __attribute__((always_inline)) void aj_fft_transpose_##SFX(aj_fft_v_##SFX *r) {              \
        aj_fft_swap4_##SFX(r, 0), aj_fft_swap4_##SFX(r, 1), aj_fft_swap4_##SFX(r, 2), aj_fft_swap4_##SFX(r, 3); \
        aj_fft_swap2_##SFX(r, 0), aj_fft_swap2_##SFX(r, 1), aj_fft_swap2_##SFX(r, 4), aj_fft_swap2_##SFX(r, 5); \
        aj_fft_swap1_##SFX(r, 0), aj_fft_swap1_##SFX(r, 2), aj_fft_swap1_##SFX(r, 4), aj_fft_swap1_##SFX(r, 6); \
    }
#define AJ_FFT_TRANSPOSE_16(SFX)                                                                               \
    AJ_FFT_SWAP_(SFX, 8, (0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23),                             \
                 (8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31))                               \
    AJ_FFT_SWAP_(SFX, 4, (0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27),                           \
                 (4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31))                                 \
    AJ_FFT_SWAP_(SFX, 2, (0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29),                           \
                 (2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31))                                 \
    AJ_FFT_SWAP_(SFX, 1, (0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30),                          \
                 (1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31))                                  \
    static inline __attribute__((always_inline)) void aj_fft_transpose_##SFX(aj_fft_v_##SFX *r) {              \
        aj_fft_swap8_##SFX(r, 0), aj_fft_swap8_##SFX(r, 1), aj_fft_swap8_##SFX(r, 2), aj_fft_swap8_##SFX(r, 3); \
        aj_fft_swap8_##SFX(r, 4), aj_fft_swap8_##SFX(r, 5), aj_fft_swap8_##SFX(r, 6), aj_fft_swap8_##SFX(r, 7); \
        aj_fft_swap4_##SFX(r, 0), aj_fft_swap4_##SFX(r, 1), aj_fft_swap4_##SFX(r, 2), aj_fft_swap4_##SFX(r, 3); \
        aj_fft_swap4_##SFX(r, 8), aj_fft_swap4_##SFX(r, 9), aj_fft_swap4_##SFX(r, 10), aj_fft_swap4_##SFX(r, 11); \
        aj_fft_swap2_##SFX(r, 0), aj_fft_swap2_##SFX(r, 1), aj_fft_swap2_##SFX(r, 4), aj_fft_swap2_##SFX(r, 5); \
        aj_fft_swap2_##SFX(r, 8), aj_fft_swap2_##SFX(r, 9), aj_fft_swap2_##SFX(r, 12), aj_fft_swap2_##SFX(r, 13); \
        aj_fft_swap1_##SFX(r, 0), aj_fft_swap1_##SFX(r, 2), aj_fft_swap1_##SFX(r, 4), aj_fft_swap1_##SFX(r, 6); \
        aj_fft_swap1_##SFX(r, 8), aj_fft_swap1_##SFX(r, 10), aj_fft_swap1_##SFX(r, 12), aj_fft_swap1_##SFX(r, 14); \
    }

/* The moves between a buffer's lines and lanes (AJ_FFT_CODE_'s). */                                           \
#define AJ_FFT_MOVES_(FLT, SFX, L)                                                                             \
    /* The tile of elements j0 .. j0 + L - 1 of the lanes' lines at base[v] (all there, their                  \
       elements contiguous) into lanes l (l[j * L + v], from j0's), as one transpose of vectors,               \
       and back: the moves' hot path, as exact as the element-wise one. */                                     \
    static inline void aj_fft_tile_in_##SFX(const FLT *s, const int64_t *base, int64_t j0, FLT *l) {           \
        aj_fft_v_##SFX r[L];                                                                                   \
        for (int v = 0; v < L; v++)                                                                            \
            r[v] = *(const aj_fft_v_##SFX *)(s + base[v] + j0);                                                \
        aj_fft_transpose_##SFX(r);                                                                             \
        for (int j = 0; j < L; j++) ((aj_fft_v_##SFX *)l)[j] = r[j];                                           \
    }                                                                                                          \
    static inline void aj_fft_tile_out_##SFX(FLT *d, const int64_t *base, int64_t j0, const FLT *l) {          \
        aj_fft_v_##SFX r[L];                                                                                   \
        for (int j = 0; j < L; j++) r[j] = ((const aj_fft_v_##SFX *)l)[j];                                     \
        aj_fft_transpose_##SFX(r);                                                                             \
        for (int v = 0; v < L; v++)                                                                            \
            *(aj_fft_v_##SFX *)(d + base[v] + j0) = r[v];                                                      \
    }                                                                                                          \
    /* Elements j < count of the lines at base[v] (aj_fft_bases_##SFX), `step` apart, into the lanes (lr, li) (si \
       NULL: 0), and back (di NULL: the real parts only). Lines side by side (a pass over an outer dim) move   \
       as one vector per element; others by tiles of L elements of each line, which stay in                    \
       cache from one line to the next (rows a power of two apart map one element of every line to one         \
       cache set). */                                                                                          \
    static void aj_fft_gather_##SFX(const FLT *sr, const FLT *si, const int64_t *base, int64_t step, int64_t count, \
                                  FLT *lr, FLT *li) {                                                          \
        if (base[L - 1] == base[0] + L - 1 && si) {                                                            \
            for (int64_t j = 0; j < count; j++)                                                                \
                for (int64_t v = 0; v < L; v++)                                                                \
                    lr[j * L + v] = sr[base[0] + j * step + v],                                                \
                    li[j * L + v] = si[base[0] + j * step + v];                                                \
            return;                                                                                            \
        }                                                                                                      \
        int64_t j0 = 0;                                                                                        \
        if (step == 1 && base[L - 1] >= 0)                                                                     \
            for (; j0 + L <= count; j0 += L) {                                                                 \
                aj_fft_tile_in_##SFX(sr, base, j0, lr + j0 * L);                                               \
                if (si) aj_fft_tile_in_##SFX(si, base, j0, li + j0 * L);                                       \
                else for (int64_t j = 0; j < L * L; j++) li[j0 * L + j] = 0;                                   \
            }                                                                                                  \
        for (; j0 < count; j0 += L) {                                                                          \
            int64_t j1 = count - j0 < L ? count : j0 + L;                                                      \
            for (int64_t v = 0; v < L; v++)                                                                    \
                for (int64_t j = j0; j < j1; j++) {                                                            \
                    lr[j * L + v] = base[v] >= 0 ? sr[base[v] + j * step] : 0;                                 \
                    li[j * L + v] = base[v] >= 0 && si ? si[base[v] + j * step] : 0;                           \
                }                                                                                              \
        }                                                                                                      \
    }                                                                                                          \
    static void aj_fft_scatter_##SFX(FLT *dr, FLT *di, const int64_t *base, int64_t step, int64_t count,       \
                                   const FLT *lr, const FLT *li) {                                             \
        if (base[L - 1] == base[0] + L - 1 && di) {                                                            \
            for (int64_t j = 0; j < count; j++)                                                                \
                for (int64_t v = 0; v < L; v++)                                                                \
                    dr[base[0] + j * step + v] = lr[j * L + v],                                                \
                    di[base[0] + j * step + v] = li[j * L + v];                                                \
            return;                                                                                            \
        }                                                                                                      \
        int64_t j0 = 0;                                                                                        \
        if (step == 1 && base[L - 1] >= 0)                                                                     \
            for (; j0 + L <= count; j0 += L) {                                                                 \
                aj_fft_tile_out_##SFX(dr, base, j0, lr + j0 * L);                                              \
                if (di) aj_fft_tile_out_##SFX(di, base, j0, li + j0 * L);                                      \
            }                                                                                                  \
        for (; j0 < count; j0 += L) {                                                                          \
            int64_t j1 = count - j0 < L ? count : j0 + L;                                                      \
            for (int64_t v = 0; v < L && base[v] >= 0; v++)                                                    \
                for (int64_t j = j0; j < j1; j++) {                                                            \
                    dr[base[v] + j * step] = lr[j * L + v];                                                    \
                    if (di) di[base[v] + j * step] = li[j * L + v];                                            \
                }                                                                                              \
        }                                                                                                      \
    }                                                                                                          \
    /* The pass over the last dim's `lines` lines of nl, from s to d, L at a time: FFT and IFFT                \
       nl to nl apart; RFFT real lines nl apart (si unread) to their first h = nl / 2 + 1 bins h apart;        \
       IRFFT h bins h apart, extended by Hermitian symmetry, to real lines nl apart (di unwritten); for an     \
       even nl the real ones by the plan aj_fft_real_plan_##SFX made, through a transform of half the length. d may \
       be s: a group is read whole before it is written, and the groups run in the order (IRFFT's last         \
       first) in which no line is written before it is read. */                                                \
    static void aj_fft_lines_##SFX(int type, const FLT *sr, const FLT *si, FLT *dr, FLT *di, int64_t lines, int64_t nl, \
                                 FLT *plan, FLT *lr, FLT *li, FLT *tr, FLT *ti) {                              \
        int64_t h = nl / 2 + 1, from = type == AJ_FFT_IRFFT ? h : nl, to = type == AJ_FFT_RFFT ? h : nl;       \
        int64_t groups = (lines + L - 1) / L, base[L];                                                         \
        for (int64_t q = 0; q < groups; q++) {                                                                 \
            int64_t first = (type == AJ_FFT_IRFFT ? groups - 1 - q : q) * L;                                   \
            int64_t used = lines - first < L ? lines - first : L;                                              \
            aj_fft_bases_##SFX(base, first, used, from, 1);                                                    \
            aj_fft_gather_##SFX(sr, type == AJ_FFT_RFFT ? NULL : si, base, 1, from, lr, li);                   \
            for (int64_t j = h; type == AJ_FFT_IRFFT && plan[0] != 4 && j < nl; j++)                           \
                for (int64_t v = 0; v < L; v++) {                                                              \
                    lr[j * L + v] = lr[(nl - j) * L + v];                                                      \
                    li[j * L + v] = -li[(nl - j) * L + v];                                                     \
                }                                                                                              \
            if (plan[0] == 4 && type == AJ_FFT_RFFT) aj_fft_real_forward_##SFX(lr, li, nl, plan, tr, ti);      \
            else if (plan[0] == 4) aj_fft_real_inverse_##SFX(lr, li, nl, plan, tr, ti);                        \
            else aj_fft_apply_##SFX(lr, li, nl, plan, tr, ti);                                                 \
            aj_fft_bases_##SFX(base, first, used, to, 1);                                                      \
            aj_fft_scatter_##SFX(dr, type == AJ_FFT_IRFFT ? NULL : di, base, 1, to, lr, li);                   \
        }                                                                                                      \
    }

/* The kernel of element type FLT (float or double, suffix SFX: s or d):                                       \
 * over `batch` blocks, the transform `type` over the last k dims `len`                                        \
 * (the fft_length; RFFT's output and IRFFT's input have len[k-1] / 2 + 1                                      \
 * in the last). re and im: the complex side's parts (RFFT's input and                                         \
 * IRFFT's output are the real x); work: aj_fft_work_bytes(len, k,                                             \
 * sizeof(FLT)) bytes. */                                                                                      \
#define AJ_FFT_TYPED_(FLT, SFX, L)                                                                             \
    __attribute__((unused)) static void aj_fft_##SFX(int type, const FLT *in_re, const FLT *in_im, FLT *out_re, FLT *out_im, \
                                                   int64_t batch, const int64_t *len, int k, void *work) {     \
        int64_t n = 1, nl = len[k - 1], h = len[k - 1] / 2 + 1, maxlen = 0;                                    \
        for (int i = 0; i < k; i++) n *= len[i], maxlen = len[i] > maxlen ? len[i] : maxlen;                   \
        if (n == 0) return;                                                                                    \
        int64_t block = k == 1 ? 0 : n, rows = n / nl, half = rows * h, lane = maxlen * L;                     \
        int inverse = type == AJ_FFT_IFFT || type == AJ_FFT_IRFFT;                                             \
        FLT *w = (FLT *)(((uintptr_t)work + 63) / 64 * 64); /* the lanes 64-byte aligned: aj_fft_round */      \
        FLT *br = w, *bi = w + block, *lr = w + aj_fft_round(2 * block, L), *li = lr + lane, *tr = li + lane, *ti = tr + lane; \
        FLT *plan[3];                                                                                          \
        for (int i = 0; i < k; i++) {                                                                          \
            plan[i] = i ? plan[i - 1] + aj_fft_plan_elems(len[i - 1], L) : ti + lane;                          \
            if (i == k - 1 && type >= AJ_FFT_RFFT && nl % 2 == 0) aj_fft_real_plan_##SFX(plan[i], nl, inverse); \
            else aj_fft_plan_##SFX(plan[i], len[i], inverse);                                                  \
        }                                                                                                      \
        if (k == 1) { /* lines straight from the input to the output, across the batch */                      \
            aj_fft_lines_##SFX(type, in_re, in_im, out_re, out_im, batch, nl, plan[0], lr, li, tr, ti);        \
            return;                                                                                            \
        }                                                                                                      \
        for (int64_t b = 0; b < batch; b++) {                                                                  \
            if (type == AJ_FFT_IRFFT) {                                                                        \
                for (int64_t j = 0; j < half; j++) br[j] = in_re[b * half + j], bi[j] = in_im[b * half + j];   \
                for (int a = 0; a < k - 1; a++) aj_fft_axis_##SFX(br, bi, len, k, a, h, plan[a], lr, li, tr, ti); \
                aj_fft_lines_##SFX(type, br, bi, br, NULL, rows, nl, plan[k - 1], lr, li, tr, ti);             \
                for (int64_t j = 0; j < n; j++) out_re[b * n + j] = (FLT)br[j];                                \
            } else if (type == AJ_FFT_RFFT) {                                                                  \
                for (int64_t j = 0; j < n; j++) br[j] = in_re[b * n + j];                                      \
                aj_fft_lines_##SFX(type, br, NULL, br, bi, rows, nl, plan[k - 1], lr, li, tr, ti);             \
                for (int a = 0; a < k - 1; a++) aj_fft_axis_##SFX(br, bi, len, k, a, h, plan[a], lr, li, tr, ti); \
                for (int64_t j = 0; j < half; j++) out_re[b * half + j] = (FLT)br[j], out_im[b * half + j] = (FLT)bi[j]; \
            } else {                                                                                           \
                for (int64_t j = 0; j < n; j++) br[j] = in_re[b * n + j], bi[j] = in_im[b * n + j];            \
                for (int a = 0; a < k; a++) aj_fft_axis_##SFX(br, bi, len, k, a, nl, plan[a], lr, li, tr, ti); \
                for (int64_t j = 0; j < n; j++) out_re[b * n + j] = (FLT)br[j], out_im[b * n + j] = (FLT)bi[j]; \
            }                                                                                                  \
        }                                                                                                      \
    }

/* The transforms of elements of type FLT, a vector of L of them (suffix                                       \
 * SFX). */                                                                                                    \
#define AJ_FFT_CODE_(FLT, SFX, L)                                                                              \
    /* A vector of the lines' elements j (64 bytes), read and written as the elements it holds (the lanes      \
       are 64-byte aligned, aj_fft_round; the type does not count on it, and rows of lines are not). */        \
    typedef FLT aj_fft_v_##SFX __attribute__((vector_size(sizeof(FLT) * L), aligned(sizeof(FLT)), may_alias)); \
    AJ_FFT_TRANSPOSE_##L(SFX)                                                                                  \
    /* The stages of a direct plan of length n > 1 (every prime factor at most AJ_FFT_MAX_RADIX): radix 4      \
       while 4 divides, then 2, then the odd primes; into p[3..], their count into p[2]. Stage s of radix R    \
       after stages of product ns holds (R - 1) ns twiddles e^(sign 2 pi i r jl / (ns R)) (r = 1..R-1, jl <    \
       ns), real parts then imaginary, r outer, then the R roots e^(sign 2 pi i q / R), real then imaginary:   \
       2 (R - 1) ns + 2 R doubles, which sum to at most 4n (the ns (R - 1) to n - 1, the R to at most n). */   \
    static void aj_fft_direct_plan_##SFX(FLT *p, int64_t n, double sign) {                                     \
        int64_t rest = n, stages = 0, ns = 1;                                                                  \
        while (rest % 4 == 0) p[3 + stages++] = 4, rest /= 4;                                                  \
        if (rest % 2 == 0) p[3 + stages++] = 2, rest /= 2;                                                     \
        for (int64_t q = 3; rest > 1; q += 2)                                                                  \
            while (rest % q == 0) p[3 + stages++] = (FLT)q, rest /= q;                                         \
        p[0] = 1, p[1] = 0, p[2] = (FLT)stages;                                                                \
        FLT *t = p + AJ_FFT_HEADER;                                                                            \
        for (int64_t s = 0; s < stages; s++) {                                                                 \
            int64_t R = (int64_t)p[3 + s];                                                                     \
            for (int64_t r = 1; r < R; r++)                                                                    \
                for (int64_t jl = 0; jl < ns; jl++) {                                                          \
                    double a = sign * 6.283185307179586476925 * (double)(r * jl) / (double)(ns * R);           \
                    t[(r - 1) * ns + jl] = cos(a), t[(R - 1) * ns + (r - 1) * ns + jl] = sin(a);               \
                }                                                                                              \
            t += 2 * (R - 1) * ns;                                                                             \
            for (int64_t q = 0; q < R; q++) {                                                                  \
                double a = sign * 6.283185307179586476925 * (double)q / (double)R;                             \
                t[q] = cos(a), t[R + q] = sin(a);                                                              \
            }                                                                                                  \
            t += 2 * R;                                                                                        \
            ns *= R;                                                                                           \
        }                                                                                                      \
    }                                                                                                          \
    /* The length-R transform y of x (R <= AJ_FFT_MAX_RADIX), by the stage's roots e^(sign 2 pi i q / R)       \
       (real parts, then imaginary): radices 2, 3, 4 and 5 by butterflies of their own (4's and 3's take       \
       the sign from the root's sine, 5's: y1, y4 = x0 + c1 a1 + c2 a2 +- i (s1 b1 + s2 b2) and y2, y3 =       \
       x0 + c2 a1 + c1 a2 +- i (s2 b1 - s1 b2) with a1 = x1 + x4, a2 = x2 + x3, b1 = x1 - x4, b2 = x2 - x3),   \
       the others the sum over the roots. */                                                                   \
    static inline __attribute__((always_inline)) void aj_fft_butterfly_##SFX(int64_t R, const aj_fft_v_##SFX *xr, const aj_fft_v_##SFX *xi, \
                                                                   aj_fft_v_##SFX *yr, aj_fft_v_##SFX *yi, const FLT *root) { \
        if (R == 2) {                                                                                          \
            yr[0] = xr[0] + xr[1], yi[0] = xi[0] + xi[1], yr[1] = xr[0] - xr[1], yi[1] = xi[0] - xi[1];        \
        } else if (R == 3) {                                                                                   \
            FLT h = root[4];                                                                                   \
            aj_fft_v_##SFX sr = xr[1] + xr[2], si = xi[1] + xi[2], dr = h * (xr[1] - xr[2]), di = h * (xi[1] - xi[2]); \
            aj_fft_v_##SFX mr = xr[0] - (FLT)0.5 * sr, mi = xi[0] - (FLT)0.5 * si;                             \
            yr[0] = xr[0] + sr, yi[0] = xi[0] + si;                                                            \
            yr[1] = mr - di, yi[1] = mi + dr, yr[2] = mr + di, yi[2] = mi - dr;                                \
        } else if (R == 4) {                                                                                   \
            FLT s = root[5];                                                                                   \
            aj_fft_v_##SFX t0r = xr[0] + xr[2], t0i = xi[0] + xi[2], t1r = xr[0] - xr[2], t1i = xi[0] - xi[2]; \
            aj_fft_v_##SFX t2r = xr[1] + xr[3], t2i = xi[1] + xi[3], t3r = -s * (xi[1] - xi[3]), t3i = s * (xr[1] - xr[3]); \
            yr[0] = t0r + t2r, yi[0] = t0i + t2i, yr[2] = t0r - t2r, yi[2] = t0i - t2i;                        \
            yr[1] = t1r + t3r, yi[1] = t1i + t3i, yr[3] = t1r - t3r, yi[3] = t1i - t3i;                        \
        } else if (R == 5) {                                                                                   \
            FLT c1 = root[1], c2 = root[2], s1 = root[6], s2 = root[7];                                        \
            aj_fft_v_##SFX p1r = xr[1] + xr[4], p1i = xi[1] + xi[4], p2r = xr[2] + xr[3], p2i = xi[2] + xi[3]; \
            aj_fft_v_##SFX q1r = xr[1] - xr[4], q1i = xi[1] - xi[4], q2r = xr[2] - xr[3], q2i = xi[2] - xi[3]; \
            aj_fft_v_##SFX m1r = xr[0] + c1 * p1r + c2 * p2r, m1i = xi[0] + c1 * p1i + c2 * p2i;               \
            aj_fft_v_##SFX m2r = xr[0] + c2 * p1r + c1 * p2r, m2i = xi[0] + c2 * p1i + c1 * p2i;               \
            aj_fft_v_##SFX n1r = -(s1 * q1i + s2 * q2i), n1i = s1 * q1r + s2 * q2r;                            \
            aj_fft_v_##SFX n2r = -(s2 * q1i - s1 * q2i), n2i = s2 * q1r - s1 * q2r;                            \
            yr[0] = xr[0] + p1r + p2r, yi[0] = xi[0] + p1i + p2i;                                              \
            yr[1] = m1r + n1r, yi[1] = m1i + n1i, yr[4] = m1r - n1r, yi[4] = m1i - n1i;                        \
            yr[2] = m2r + n2r, yi[2] = m2i + n2i, yr[3] = m2r - n2r, yi[3] = m2i - n2i;                        \
        } else {                                                                                               \
            for (int64_t q = 0; q < R; q++) {                                                                  \
                yr[q] = xr[0], yi[q] = xi[0];                                                                  \
                for (int64_t r = 1, e = q; r < R; r++, e = e + q < R ? e + q : e + q - R) {                    \
                    yr[q] += xr[r] * root[e] - xi[r] * root[R + e];                                            \
                    yi[q] += xr[r] * root[R + e] + xi[r] * root[e];                                            \
                }                                                                                              \
            }                                                                                                  \
        }                                                                                                      \
    }                                                                                                          \
    /* One Stockham stage of radix R after stages of product ns, from a to b, on L lines at once               \
       (element j of each part a vector of the lines' elements j): butterfly j (jh = j / ns, jl = j % ns)      \
       reads a[j + r n / R], twiddled by stage twiddle (r, jl), and writes its length-R transform to           \
       b[jh ns R + jl + q ns]. Each operation is on a vector of lines, so every stage runs as SIMD whatever    \
       its ns. Inlined for each radix that has a butterfly of its own, so that R is a constant there. */       \
    static inline __attribute__((always_inline)) void aj_fft_stage_##SFX(const aj_fft_v_##SFX *ar, const aj_fft_v_##SFX *ai, aj_fft_v_##SFX *br, \
                                                               aj_fft_v_##SFX *bi, int64_t n, int64_t ns, int64_t R, \
                                                               const FLT *wr, const FLT *wi, const FLT *root) { \
        int64_t m = n / R;                                                                                     \
        aj_fft_v_##SFX xr[AJ_FFT_MAX_RADIX], xi[AJ_FFT_MAX_RADIX], yr[AJ_FFT_MAX_RADIX], yi[AJ_FFT_MAX_RADIX]; \
        for (int64_t jh = 0; jh < m / ns; jh++)                                                                \
            for (int64_t jl = 0; jl < ns; jl++) {                                                              \
                int64_t j = jh * ns + jl, d = jh * ns * R + jl;                                                \
                xr[0] = ar[j], xi[0] = ai[j];                                                                  \
                for (int64_t r = 1; r < R; r++) {                                                              \
                    FLT w_r = wr[(r - 1) * ns + jl], w_i = wi[(r - 1) * ns + jl];                              \
                    xr[r] = ar[j + r * m] * w_r - ai[j + r * m] * w_i;                                         \
                    xi[r] = ar[j + r * m] * w_i + ai[j + r * m] * w_r;                                         \
                }                                                                                              \
                aj_fft_butterfly_##SFX(R, xr, xi, yr, yi, root);                                               \
                for (int64_t q = 0; q < R; q++) br[d + q * ns] = yr[q], bi[d + q * ns] = yi[q];                \
            }                                                                                                  \
    }                                                                                                          \
    /* The transform of the lanes (re, im) by direct plan p, through (tr, ti) (as long). */                    \
    static void aj_fft_direct_##SFX(FLT *re, FLT *im, int64_t n, const FLT *p, FLT *tr, FLT *ti) {             \
        int64_t stages = (int64_t)p[2], ns = 1;                                                                \
        const FLT *t = p + AJ_FFT_HEADER;                                                                      \
        FLT *ar = re, *ai = im, *br = tr, *bi = ti;                                                            \
        for (int64_t s = 0; s < stages; s++) {                                                                 \
            int64_t R = (int64_t)p[3 + s];                                                                     \
            const FLT *wr = t, *wi = t + (R - 1) * ns, *root = t + 2 * (R - 1) * ns;                           \
            const aj_fft_v_##SFX *xr = (const aj_fft_v_##SFX *)ar, *xi = (const aj_fft_v_##SFX *)ai;           \
            aj_fft_v_##SFX *yr = (aj_fft_v_##SFX *)br, *yi = (aj_fft_v_##SFX *)bi;                             \
            if (R == 2) aj_fft_stage_##SFX(xr, xi, yr, yi, n, ns, 2, wr, wi, root);                            \
            else if (R == 3) aj_fft_stage_##SFX(xr, xi, yr, yi, n, ns, 3, wr, wi, root);                       \
            else if (R == 4) aj_fft_stage_##SFX(xr, xi, yr, yi, n, ns, 4, wr, wi, root);                       \
            else if (R == 5) aj_fft_stage_##SFX(xr, xi, yr, yi, n, ns, 5, wr, wi, root);                       \
            else aj_fft_stage_##SFX(xr, xi, yr, yi, n, ns, R, wr, wi, root);                                   \
            t += 2 * (R - 1) * ns + 2 * R;                                                                     \
            FLT *swap = ar;                                                                                    \
            ar = br, br = swap, swap = ai, ai = bi, bi = swap;                                                 \
            ns *= R;                                                                                           \
        }                                                                                                      \
        if (ar != re)                                                                                          \
            for (int64_t j = 0; j < n * L; j++) re[j] = ar[j], im[j] = ai[j];                                  \
    }                                                                                                          \
    /* Bluestein's plan for length n (a prime factor above AJ_FFT_MAX_RADIX): X[k] = c[k] sum_j x[j] c[j]      \
       conj(c[k - j]) with the chirp c[j] = e^(sign pi i j^2 / n), the sum a cyclic convolution of length      \
       m >= 2n - 1 through direct transforms of length m: after the header, the chirp (n), the kernel          \
       conj(c) at j and m - j transformed (m), the length-m plan, and two length-m sequences of lanes (all     \
       split). */                                                                                              \
    static void aj_fft_chirp_plan_##SFX(FLT *p, int64_t n, double sign) {                                      \
        int64_t m = aj_fft_smooth_at_least(2 * n - 1);                                                         \
        FLT *cr = p + AJ_FFT_HEADER, *ci = cr + n, *kr = cr + aj_fft_round(2 * n, L), *ki = kr + m;            \
        FLT *sub = kr + aj_fft_round(2 * m, L);                                                                \
        FLT *ar = sub + aj_fft_direct_elems(m, L), *ai = ar + m * L;                                           \
        FLT *tr = ai + m * L, *ti = tr + m * L;                                                                \
        p[0] = 2, p[1] = 0;                                                                                    \
        for (int64_t j = 0, q = 0; j < n; j++) {                                                               \
            double a = 3.141592653589793238463 * (double)q / (double)n;                                        \
            cr[j] = cos(a), ci[j] = sign * sin(a);                                                             \
            q += 2 * j + 1; /* (j + 1)^2 mod 2n, without forming j^2 */                                        \
            if (q >= 2 * n) q -= 2 * n;                                                                        \
        }                                                                                                      \
        for (int64_t j = 0; j < m * L; j++) ar[j] = 0, ai[j] = 0;                                              \
        for (int64_t j = 0; j < n; j++) {                                                                      \
            ar[j * L] = cr[j], ai[j * L] = -ci[j];                                                             \
            if (j) ar[(m - j) * L] = cr[j], ai[(m - j) * L] = -ci[j];                                          \
        }                                                                                                      \
        aj_fft_direct_plan_##SFX(sub, m, -1.0);                                                                \
        aj_fft_direct_##SFX(ar, ai, m, sub, tr, ti);                                                           \
        for (int64_t j = 0; j < m; j++) kr[j] = ar[j * L], ki[j] = ai[j * L];                                  \
    }                                                                                                          \
    static void aj_fft_chirp_##SFX(FLT *re, FLT *im, int64_t n, FLT *p) {                                      \
        int64_t m = aj_fft_smooth_at_least(2 * n - 1);                                                         \
        const FLT *cr = p + AJ_FFT_HEADER, *ci = cr + n, *kr = cr + aj_fft_round(2 * n, L), *ki = kr + m;      \
        FLT *sub = p + AJ_FFT_HEADER + aj_fft_round(2 * n, L) + aj_fft_round(2 * m, L), *ar = sub + aj_fft_direct_elems(m, L), *ai = ar + m * L; \
        FLT *tr = ai + m * L, *ti = tr + m * L;                                                                \
        for (int64_t j = 0; j < n; j++)                                                                        \
            for (int64_t v = 0; v < L; v++) {                                                                  \
                int64_t a = j * L + v;                                                                         \
                ar[a] = re[a] * cr[j] - im[a] * ci[j];                                                         \
                ai[a] = re[a] * ci[j] + im[a] * cr[j];                                                         \
            }                                                                                                  \
        for (int64_t j = n * L; j < m * L; j++) ar[j] = 0, ai[j] = 0;                                          \
        aj_fft_direct_##SFX(ar, ai, m, sub, tr, ti);                                                           \
        for (int64_t j = 0; j < m; j++) /* the product, conjugated: the next forward transform inverts */      \
            for (int64_t v = 0; v < L; v++) {                                                                  \
                int64_t a = j * L + v;                                                                         \
                FLT r = ar[a] * kr[j] - ai[a] * ki[j], i = ar[a] * ki[j] + ai[a] * kr[j];                      \
                ar[a] = r, ai[a] = -i;                                                                         \
            }                                                                                                  \
        aj_fft_direct_##SFX(ar, ai, m, sub, tr, ti);                                                           \
        for (int64_t j = 0; j < n; j++)                                                                        \
            for (int64_t v = 0; v < L; v++) {                                                                  \
                int64_t a = j * L + v;                                                                         \
                FLT r = ar[a] / (FLT)m, i = -ai[a] / (FLT)m;                                                   \
                re[a] = r * cr[j] - i * ci[j], im[a] = r * ci[j] + i * cr[j];                                  \
            }                                                                                                  \
    }                                                                                                          \
    /* The plan of a length-n pass, forward or inverse: p[0] its kind (0: n <= 1, nothing to do; 1: direct;    \
       2: Bluestein), p[1] whether it is inverse (divided by n). */                                            \
    static void aj_fft_plan_##SFX(FLT *p, int64_t n, int inverse) {                                            \
        double sign = inverse ? 1.0 : -1.0;                                                                    \
        p[0] = 0;                                                                                              \
        if (n > 1 && aj_fft_smooth(n, AJ_FFT_MAX_RADIX)) aj_fft_direct_plan_##SFX(p, n, sign);                 \
        else if (n > 1) aj_fft_chirp_plan_##SFX(p, n, sign);                                                   \
        p[1] = inverse;                                                                                        \
    }                                                                                                          \
    /* The transform of L lines (lane v's element j at j * L + v) by plan p, through                           \
       (tr, ti). */                                                                                            \
    static void aj_fft_apply_##SFX(FLT *re, FLT *im, int64_t n, FLT *p, FLT *tr, FLT *ti) {                    \
        if (p[0] == 1) aj_fft_direct_##SFX(re, im, n, p, tr, ti);                                              \
        else if (p[0] == 2) aj_fft_chirp_##SFX(re, im, n, p);                                                  \
        if (p[1] != 0)                                                                                         \
            for (int64_t j = 0; j < n * L; j++) re[j] /= (FLT)n, im[j] /= (FLT)n;                              \
    }                                                                                                          \
    /* RFFT's and IRFFT's last pass for an even length nl = 2N (p[0] 4): through a length-N complex            \
       transform of z[j] = x[2j] + i x[2j+1], whose Z gives X[k] = E[k] + w^k O[k] (w = e^(-2 pi i / nl)),     \
       E[k] = (Z[k] + conj Z[N-k]) / 2 and O[k] = (Z[k] - conj Z[N-k]) / 2i the transforms of the even and     \
       odd samples; IRFFT inverts each step. After the header, w^k for k <= N (real parts, then imaginary)     \
       and the length-N plan (inverse for IRFFT, so divided by N: x is then whole). */                         \
    static void aj_fft_real_plan_##SFX(FLT *p, int64_t nl, int inverse) {                                      \
        int64_t N = nl / 2;                                                                                    \
        FLT *wr = p + AJ_FFT_HEADER, *wi = wr + N + 1;                                                         \
        p[0] = 4, p[1] = 0;                                                                                    \
        for (int64_t k = 0; k <= N; k++) {                                                                     \
            double a = -6.283185307179586476925 * (double)k / (double)nl;                                      \
            wr[k] = cos(a), wi[k] = sin(a);                                                                    \
        }                                                                                                      \
        aj_fft_plan_##SFX(p + AJ_FFT_HEADER + aj_fft_round(2 * (N + 1), L), N, inverse);                       \
    }                                                                                                          \
    /* The real lanes lr[0..nl) to their bins 0..N in (lr, li); (tr, ti) and li's halves the work. */          \
    static void aj_fft_real_forward_##SFX(FLT *lr, FLT *li, int64_t nl, FLT *p, FLT *tr, FLT *ti) {            \
        int64_t N = nl / 2;                                                                                    \
        const FLT *wr = p + AJ_FFT_HEADER, *wi = wr + N + 1;                                                   \
        aj_fft_v_##SFX *xr = (aj_fft_v_##SFX *)lr, *xi = (aj_fft_v_##SFX *)li, *zr = (aj_fft_v_##SFX *)tr, *zi = (aj_fft_v_##SFX *)ti; \
        for (int64_t j = 0; j < N; j++) zr[j] = xr[2 * j], zi[j] = xr[2 * j + 1];                              \
        aj_fft_apply_##SFX(tr, ti, N, p + AJ_FFT_HEADER + aj_fft_round(2 * (N + 1), L), li, li + N * L);       \
        for (int64_t k = 0; k <= N; k++) {                                                                     \
            aj_fft_v_##SFX a = zr[k % N], b = zi[k % N], c = zr[(N - k) % N], d = zi[(N - k) % N];             \
            aj_fft_v_##SFX er = (FLT)0.5 * (a + c), ei = (FLT)0.5 * (b - d), or = (FLT)0.5 * (b + d), oi = -(FLT)0.5 * (a - c); \
            xr[k] = er + wr[k] * or - wi[k] * oi, xi[k] = ei + wr[k] * oi + wi[k] * or;                        \
        }                                                                                                      \
    }                                                                                                          \
    /* Bins 0..N in (lr, li) to the real lanes lr[0..nl), the imaginary parts of bins 0 and N ignored (as      \
       a Hermitian extension's real part ignores them); (tr, ti) and (lr, li) the work. */                     \
    static void aj_fft_real_inverse_##SFX(FLT *lr, FLT *li, int64_t nl, FLT *p, FLT *tr, FLT *ti) {            \
        int64_t N = nl / 2;                                                                                    \
        const FLT *wr = p + AJ_FFT_HEADER, *wi = wr + N + 1;                                                   \
        aj_fft_v_##SFX *xr = (aj_fft_v_##SFX *)lr, *xi = (aj_fft_v_##SFX *)li, *zr = (aj_fft_v_##SFX *)tr, *zi = (aj_fft_v_##SFX *)ti; \
        xi[0] = 0 * xi[0], xi[N] = 0 * xi[N];                                                                  \
        for (int64_t k = 0; k < N; k++) {                                                                      \
            aj_fft_v_##SFX a = xr[k], b = xi[k], c = xr[N - k], d = xi[N - k];                                 \
            aj_fft_v_##SFX er = (FLT)0.5 * (a + c), ei = (FLT)0.5 * (b - d), dr = (FLT)0.5 * (a - c), di = (FLT)0.5 * (b + d); \
            aj_fft_v_##SFX or = dr * wr[k] + di * wi[k], oi = di * wr[k] - dr * wi[k];                         \
            zr[k] = er - oi, zi[k] = ei + or;                                                                  \
        }                                                                                                      \
        aj_fft_apply_##SFX(tr, ti, N, p + AJ_FFT_HEADER + aj_fft_round(2 * (N + 1), L), lr, li);               \
        for (int64_t j = 0; j < N; j++) xr[2 * j] = zr[j], xr[2 * j + 1] = zi[j];                              \
    }                                                                                                          \
    /* The lanes' bases: line first + v (v < used) of a pass whose lines are `inner` apart within each run     \
       of n, the rest -1 (lanes left zero). */                                                                 \
    static void aj_fft_bases_##SFX(int64_t *base, int64_t first, int64_t used, int64_t n, int64_t inner) {     \
        for (int64_t v = 0; v < L; v++)                                                                        \
            base[v] = v < used ? (first + v) / inner * n * inner + (first + v) % inner : -1;                   \
    }                                                                                                          \
    AJ_FFT_MOVES_(FLT, SFX, L)                                                                                 \
    /* The pass along `axis` of the block (dims; its last nlast): its lines, L at a time, each                 \
       group gathered into the lanes (lr, li), transformed through (tr, ti) and scattered back. */             \
    static void aj_fft_axis_##SFX(FLT *br, FLT *bi, const int64_t *dims, int k, int axis, int64_t nlast,       \
                            FLT *plan, FLT *lr, FLT *li, FLT *tr, FLT *ti) {                                   \
        int64_t n = dims[axis], inner = 1, lines = 1, base[L];                                                 \
        for (int i = axis + 1; i < k; i++) inner *= i == k - 1 ? nlast : dims[i];                              \
        for (int i = 0; i < k; i++) lines *= i == axis ? 1 : i == k - 1 ? nlast : dims[i];                     \
        for (int64_t first = 0; first < lines; first += L) {                                                   \
            aj_fft_bases_##SFX(base, first, lines - first < L ? lines - first : L, n, inner);                  \
            aj_fft_gather_##SFX(br, bi, base, inner, n, lr, li);                                               \
            aj_fft_apply_##SFX(lr, li, n, plan, tr, ti);                                                       \
            aj_fft_scatter_##SFX(br, bi, base, inner, n, lr, li);                                              \
        }                                                                                                      \
    }                                                                                                          \
    AJ_FFT_TYPED_(FLT, SFX, L)

#define AJ_FFT_KERNELS AJ_FFT_CODE_(double, d, 8) AJ_FFT_CODE_(float, s, 16)

#define AJ_FFT_STR_(...) #__VA_ARGS__
#define AJ_FFT_STR(...) AJ_FFT_STR_(__VA_ARGS__)
/* The kernels as C text for generated sources (which include math.h and stdint.h). */
#define AJ_FFT_TEXT                                                                                           \
    "enum { AJ_FFT_FFT, AJ_FFT_IFFT, AJ_FFT_RFFT, AJ_FFT_IRFFT };\n" AJ_FFT_STR(AJ_FFT_SIZES_CODE) "\n"     \
    AJ_FFT_STR(AJ_FFT_KERNELS)

#endif
