/* byte_gemm.h: the matrix product of bytes that generated code runs for a
 * plain i8/u8 x i8/u8 -> i32 dot_general (contract.c, CONTRACT_DOT_BYTES):
 * C (M x N, i32) = A (M x K) . B (K x N), each operand signed (i8) or not
 * (u8), every row strided, with no memory but C's own.
 *
 * Integer sums are exact and wrap as the evaluator's i32 sum does, in any
 * order, so the result is the evaluator's bit for bit in either mode.
 *
 * Where the CPU has AVX512-VNNI (checked when the product runs), each C
 * row of a strip of 32 columns is updated 32 values of K at a time by
 * vpdpbusd, which multiplies unsigned bytes by signed ones and adds each
 * four products into an i32 lane, wrapping: the strip's 32 x 32 block of
 * B is first put in registers with lane l holding the four K values of
 * its column (interleaved from four rows of B, or gathered as one word
 * from each column where B is stored transposed, N x K), then every row
 * of a block of AJ_BYTE_ROWS adds its products into C, which stays in L1
 * across the block's K. B's elements are at k * sbk + n * sbn; other
 * strides than those two layouts take the loops. Operands of the
 * same signedness go through one flipped: B's bytes xor 0x80 (b + 128 read
 * as unsigned, or b - 128 as signed), whose error 128 * (sum of the A row)
 * the row starts from, negated.
 *
 * Where the CPU has AVX2 but not that, the same sums go through vpmaddwd
 * on 16-bit values, block of AJ_BYTE_ROWS_AVX2 rows by block of
 * AJ_BYTE_K_AVX2 of K: the block's A rows widened (by their sign) once
 * into a 32 KiB buffer, then for each strip of 16 columns its K x 16
 * block of B widened into pairs of K in 32-bit lanes (4 KiB, in L1),
 * which tiles of AJ_BYTE_TILE_AVX2 rows read: each row's pair of A
 * values broadcast, the pair's two products summed exactly by vpmaddwd
 * and added into C. Any strides of B go this way. 512 x 2048 x 1024 on
 * one thread of a Xeon: 24.3-24.7 ms when each strip widened its rows of
 * A again and took 32 of K at a time, 18.2-18.5 now (the VNNI form 11.2,
 * sgemm on f32 copies 17.9 with 2 MiB of scratch). The two empty asm
 * statements of the tile's loop only say "this value is in a register
 * here": without them gcc 12 folds the loads of B into every vpmaddwd (12
 * loads a step, where Zen 3 issues 3 a cycle) and moves the accumulators
 * between registers each step (on a Zen 3, best / median of 8 alternated
 * runs of that product: 24.9 / 25.7 ms without, 20.5 / 21.4 with; clang
 * 14 without them 21.9 / 24.9). C is loaded and stored
 * masked only in a last, partial strip (AMD microcodes vpmaskmovd: on a
 * Zen 3, best of 4 runs of 25 products, 28.4 ms masked everywhere, 25.0).
 * Elsewhere (or with AJ_NO_VNNI and AJ_NO_AVX2 defined in the generated
 * code's build) plain loops compute the same sums.
 *
 * The code is written once, as the bodies of AJ_BYTE_GEMM_LOOPS_CODE and
 * AJ_BYTE_GEMM_VNNI_CODE, and pasted into generated sources as text
 * (AJ_BYTE_GEMM_TEXT, which adds the directives); the bodies must stay
 * free of '#' directives and of comments. */
#ifndef BYTE_GEMM_H
#define BYTE_GEMM_H

#define AJ_BYTE_GEMM_LOOPS_CODE                                                                          \
    typedef struct aj_byte_gemm_job {                                                                    \
        int64_t m, n, k, lda, sbk, sbn, ldc;                                                             \
        const uint8_t *a, *b;                                                                            \
        int32_t *c;                                                                                      \
        int a_signed, b_signed;                                                                          \
    } aj_byte_gemm_job;                                                                                  \
    static void aj_byte_gemm_loops(const aj_byte_gemm_job *g, int64_t lo, int64_t hi) {                 \
        for (int64_t i = lo; i < hi; i++) {                                                              \
            uint32_t *c = (uint32_t *)(g->c + i * g->ldc);                                               \
            const uint8_t *a = g->a + i * g->lda;                                                        \
            for (int64_t j = 0; j < g->n; j++) c[j] = 0;                                                 \
            for (int64_t p = 0; p < g->k; p++) {                                                         \
                uint32_t x = g->a_signed ? (uint32_t)(int32_t)(int8_t)a[p] : a[p];                       \
                const uint8_t *b = g->b + p * g->sbk;                                                    \
                if (g->b_signed)                                                                         \
                    for (int64_t j = 0; j < g->n; j++) c[j] += x * (uint32_t)(int32_t)(int8_t)b[j * g->sbn]; \
                else                                                                                     \
                    for (int64_t j = 0; j < g->n; j++) c[j] += x * b[j * g->sbn];                        \
            }                                                                                            \
        }                                                                                                \
    }

#define AJ_BYTE_GEMM_VNNI_CODE                                                                           \
    enum { AJ_BYTE_ROWS = 64 };                                                                          \
    static int aj_byte_gemm_takes_vnni(const aj_byte_gemm_job *g) {                                     \
        __builtin_cpu_init();                                                                            \
        return __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") &&             \
               __builtin_cpu_supports("avx512vl") && (g->sbn == 1 || (g->sbk == 1 && g->sbn < (1 << 26))); \
    }                                                                                                    \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"), always_inline)) static inline void            \
    aj_byte_gemm_pack(const uint8_t *b, int64_t ldb, int64_t kn, __mmask32 cols, __m512i flip,          \
                      __m512i *bq) {                                                                     \
        for (int q = 0; q < 8; q++) {                                                                    \
            __m256i r[4];                                                                                \
            for (int s = 0; s < 4; s++)                                                                  \
                r[s] = 4 * q + s < kn ? _mm256_maskz_loadu_epi8(cols, b + (4 * q + s) * ldb)             \
                                      : _mm256_setzero_si256();                                          \
            __m256i t0 = _mm256_unpacklo_epi8(r[0], r[1]), t1 = _mm256_unpackhi_epi8(r[0], r[1]);        \
            __m256i t2 = _mm256_unpacklo_epi8(r[2], r[3]), t3 = _mm256_unpackhi_epi8(r[2], r[3]);        \
            __m256i u0 = _mm256_unpacklo_epi16(t0, t2), u1 = _mm256_unpackhi_epi16(t0, t2);              \
            __m256i u2 = _mm256_unpacklo_epi16(t1, t3), u3 = _mm256_unpackhi_epi16(t1, t3);              \
            __m512i lo = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_permute2x128_si256(u0, u1, 0x20)), \
                                            _mm256_permute2x128_si256(u2, u3, 0x20), 1);                 \
            __m512i hi = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_permute2x128_si256(u0, u1, 0x31)), \
                                            _mm256_permute2x128_si256(u2, u3, 0x31), 1);                 \
            bq[2 * q] = _mm512_xor_si512(lo, flip);                                                      \
            bq[2 * q + 1] = _mm512_xor_si512(hi, flip);                                                  \
        }                                                                                                \
    }                                                                                                    \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"), always_inline)) static inline void            \
    aj_byte_gemm_gather(const uint8_t *b, int64_t ldb, int64_t kn, int64_t nn, __m512i flip, __m512i *bq) {  \
        __m512i idx = _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), \
                                         _mm512_set1_epi32((int)ldb));                                    \
        for (int h = 0; h < 2; h++) {                                                                    \
            int64_t valid = nn - 16 * h < 0 ? 0 : nn - 16 * h > 16 ? 16 : nn - 16 * h;                   \
            __mmask16 rows = (__mmask16)((1u << valid) - 1);                                             \
            const uint8_t *base = valid ? b + 16 * h * ldb : b;                                          \
            for (int q = 0; q < 8; q++) {                                                                \
                __m512i v = _mm512_setzero_si512();                                                      \
                if (!valid) {                                                                            \
                } else if (4 * q + 4 <= kn) {                                                            \
                    v = _mm512_mask_i32gather_epi32(v, rows, idx, base + 4 * q, 1);                      \
                } else if (4 * q < kn) {                                                                 \
                    int32_t part[16] = {0};                                                              \
                    for (int64_t l = 0; l < valid; l++) memcpy(&part[l], base + l * ldb + 4 * q, (size_t)(kn - 4 * q)); \
                    v = _mm512_loadu_si512(part);                                                        \
                }                                                                                        \
                bq[2 * q + h] = _mm512_xor_si512(v, flip);                                               \
            }                                                                                            \
        }                                                                                                \
    }                                                                                                    \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"), always_inline)) static inline __m512i          \
    aj_byte_gemm_dot4(__m512i c, __m512i bq, __m512i x, int a_signed) {                                  \
        return a_signed ? _mm512_dpbusd_epi32(c, bq, x) : _mm512_dpbusd_epi32(c, x, bq);                 \
    }                                                                                                    \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"), always_inline)) static inline void            \
    aj_byte_gemm_rows(const aj_byte_gemm_job *g, int a_signed, const __m512i *bq, int64_t i0, int64_t mn, \
                      int64_t j0, __mmask16 m0, __mmask16 m1, int64_t p0, int64_t groups, int64_t rest) {  \
        for (int64_t i = 0; i < mn; i++) {                                                               \
            const uint8_t *a = g->a + (i0 + i) * g->lda + p0;                                            \
            int32_t *c = g->c + (i0 + i) * g->ldc + j0;                                                  \
            __m512i c0 = _mm512_maskz_loadu_epi32(m0, c), c1 = _mm512_maskz_loadu_epi32(m1, c + 16);     \
            for (int64_t q = 0; q < groups; q++) {                                                       \
                int32_t v;                                                                               \
                memcpy(&v, a + 4 * q, 4);                                                                \
                __m512i x = _mm512_set1_epi32(v);                                                        \
                c0 = aj_byte_gemm_dot4(c0, bq[2 * q], x, a_signed);                                      \
                c1 = aj_byte_gemm_dot4(c1, bq[2 * q + 1], x, a_signed);                                  \
            }                                                                                            \
            if (rest) {                                                                                  \
                int32_t v = 0;                                                                           \
                memcpy(&v, a + 4 * groups, (size_t)rest);                                                \
                __m512i x = _mm512_set1_epi32(v);                                                        \
                c0 = aj_byte_gemm_dot4(c0, bq[2 * groups], x, a_signed);                                 \
                c1 = aj_byte_gemm_dot4(c1, bq[2 * groups + 1], x, a_signed);                             \
            }                                                                                            \
            _mm512_mask_storeu_epi32(c, m0, c0);                                                         \
            _mm512_mask_storeu_epi32(c + 16, m1, c1);                                                    \
        }                                                                                                \
    }                                                                                                    \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"))) static void                                  \
    aj_byte_gemm_vnni(const aj_byte_gemm_job *g, int64_t lo, int64_t hi) {                               \
        int same = g->a_signed == g->b_signed;                                                           \
        __m512i flip = _mm512_set1_epi8(same ? (char)0x80 : 0);                                          \
        int32_t start[AJ_BYTE_ROWS];                                                                     \
        for (int64_t i0 = lo; i0 < hi; i0 += AJ_BYTE_ROWS) {                                             \
            int64_t mn = hi - i0 < AJ_BYTE_ROWS ? hi - i0 : AJ_BYTE_ROWS;                                \
            for (int64_t i = 0; i < mn; i++) {                                                           \
                const uint8_t *a = g->a + (i0 + i) * g->lda;                                             \
                uint32_t s = 0;                                                                          \
                for (int64_t p = 0; same && p < g->k; p++)                                               \
                    s += g->a_signed ? (uint32_t)(int32_t)(int8_t)a[p] : a[p];                           \
                start[i] = (int32_t)(g->a_signed ? 0u - 128u * s : 128u * s);                            \
            }                                                                                            \
            for (int64_t j0 = 0; j0 < g->n; j0 += 32) {                                                  \
                int64_t nn = g->n - j0 < 32 ? g->n - j0 : 32;                                            \
                __mmask32 cols = nn == 32 ? ~(__mmask32)0 : ((__mmask32)1 << nn) - 1;                    \
                __mmask16 m0 = (__mmask16)cols, m1 = (__mmask16)(cols >> 16);                            \
                for (int64_t i = 0; i < mn; i++) {                                                       \
                    int32_t *c = g->c + (i0 + i) * g->ldc + j0;                                          \
                    _mm512_mask_storeu_epi32(c, m0, _mm512_set1_epi32(start[i]));                        \
                    _mm512_mask_storeu_epi32(c + 16, m1, _mm512_set1_epi32(start[i]));                   \
                }                                                                                        \
                for (int64_t p0 = 0; p0 < g->k; p0 += 32) {                                              \
                    int64_t kn = g->k - p0 < 32 ? g->k - p0 : 32;                                        \
                    __m512i bq[16];                                                                      \
                    if (g->sbn == 1)                                                                     \
                        aj_byte_gemm_pack(g->b + p0 * g->sbk + j0, g->sbk, kn, cols, flip, bq);          \
                    else                                                                                 \
                        aj_byte_gemm_gather(g->b + p0 + j0 * g->sbn, g->sbn, kn, nn, flip, bq);           \
                    if (kn == 32 && g->a_signed)                                                         \
                        aj_byte_gemm_rows(g, 1, bq, i0, mn, j0, m0, m1, p0, 8, 0);                       \
                    else if (kn == 32)                                                                   \
                        aj_byte_gemm_rows(g, 0, bq, i0, mn, j0, m0, m1, p0, 8, 0);                       \
                    else                                                                                 \
                        aj_byte_gemm_rows(g, g->a_signed, bq, i0, mn, j0, m0, m1, p0, kn / 4, kn % 4);   \
                }                                                                                        \
            }                                                                                            \
        }                                                                                                \
    }

#define AJ_BYTE_GEMM_AVX2_CODE                                                                           \
    enum { AJ_BYTE_ROWS_AVX2 = 128, AJ_BYTE_K_AVX2 = 128, AJ_BYTE_TILE_AVX2 = 4 };                       \
    static int aj_byte_gemm_takes_avx2(const aj_byte_gemm_job *g) {                                      \
        __builtin_cpu_init();                                                                            \
        return __builtin_cpu_supports("avx2") && g->k > 0;                                               \
    }                                                                                                    \
    __attribute__((target("avx2"), always_inline)) static inline __m256i                                 \
    aj_byte_gemm_widen(const uint8_t *p, int is_signed) {                                                \
        __m128i v = _mm_loadu_si128((const __m128i *)p);                                                 \
        return is_signed ? _mm256_cvtepi8_epi16(v) : _mm256_cvtepu8_epi16(v);                            \
    }                                                                                                    \
    __attribute__((target("avx2"))) static void                                                          \
    aj_byte_gemm_rows_a(const aj_byte_gemm_job *g, int64_t i0, int64_t i1, int64_t p0, int64_t kn, int16_t *xa) { \
        for (int64_t i = i0; i < i1; i++) {                                                              \
            const uint8_t *a = g->a + i * g->lda + p0;                                                   \
            uint8_t part[AJ_BYTE_K_AVX2] = {0};                                                          \
            if (kn < AJ_BYTE_K_AVX2) memcpy(part, a, (size_t)kn);                                        \
            const uint8_t *from = kn < AJ_BYTE_K_AVX2 ? part : a;                                        \
            int16_t *x = xa + (i - i0) * AJ_BYTE_K_AVX2;                                                 \
            for (int64_t q = 0; q < kn; q += 16)                                                         \
                _mm256_store_si256((__m256i *)(x + q), aj_byte_gemm_widen(from + q, g->a_signed));       \
        }                                                                                                \
    }                                                                                                    \
    __attribute__((target("avx2"))) static void                                                          \
    aj_byte_gemm_pairs(const aj_byte_gemm_job *g, int64_t p0, int64_t kn, int64_t j0, int64_t nn, int16_t *w) { \
        int64_t nq = (kn + 1) / 2;                                                                       \
        if (g->sbn == 1 && nn == 16) {                                                                   \
            __m256i zero = _mm256_setzero_si256();                                                       \
            for (int64_t q = 0; q < nq; q++) {                                                           \
                const uint8_t *b = g->b + (p0 + 2 * q) * g->sbk + j0;                                    \
                __m256i r0 = aj_byte_gemm_widen(b, g->b_signed);                                         \
                __m256i r1 = 2 * q + 1 < kn ? aj_byte_gemm_widen(b + g->sbk, g->b_signed) : zero;        \
                __m256i lo = _mm256_unpacklo_epi16(r0, r1), hi = _mm256_unpackhi_epi16(r0, r1);          \
                _mm256_store_si256((__m256i *)(w + 32 * q), _mm256_permute2x128_si256(lo, hi, 0x20));    \
                _mm256_store_si256((__m256i *)(w + 32 * q + 16), _mm256_permute2x128_si256(lo, hi, 0x31)); \
            }                                                                                            \
            return;                                                                                      \
        }                                                                                                \
        for (int64_t q = 0; q < nq; q++)                                                                 \
            for (int l = 0; l < 16; l++)                                                                 \
                for (int s = 0; s < 2; s++) {                                                            \
                    int64_t p = 2 * q + s;                                                               \
                    int16_t v = 0;                                                                       \
                    if (p < kn && l < nn) {                                                              \
                        uint8_t x = g->b[(p0 + p) * g->sbk + (j0 + l) * g->sbn];                         \
                        v = g->b_signed ? (int16_t)(int8_t)x : (int16_t)x;                               \
                    }                                                                                    \
                    w[32 * q + 2 * l + s] = v;                                                           \
                }                                                                                        \
    }                                                                                                    \
    __attribute__((target("avx2"), always_inline)) static inline void                                    \
    aj_byte_gemm_rows_avx2(const aj_byte_gemm_job *g, const int16_t *w, const int16_t *xa, int64_t i, int nrows, \
                           int64_t j0, __m256i m0, __m256i m1, int64_t nq, int first, int full) {                  \
        __m256i c[AJ_BYTE_TILE_AVX2][2];                                                                 \
        for (int r = 0; r < nrows; r++) {                                                                \
            int32_t *cr = g->c + (i + r) * g->ldc + j0;                                                  \
            if (first)                                                                                   \
                c[r][0] = c[r][1] = _mm256_setzero_si256();                                              \
            else if (full)                                                                               \
                c[r][0] = _mm256_loadu_si256((const __m256i *)cr), c[r][1] = _mm256_loadu_si256((const __m256i *)(cr + 8)); \
            else                                                                                         \
                c[r][0] = _mm256_maskload_epi32(cr, m0), c[r][1] = _mm256_maskload_epi32(cr + 8, m1);    \
        }                                                                                                \
        for (int64_t q = 0; q < nq; q++) {                                                               \
            __m256i b0 = _mm256_load_si256((const __m256i *)(w + 32 * q));                               \
            __m256i b1 = _mm256_load_si256((const __m256i *)(w + 32 * q + 16));                          \
            __asm__("" : "+x"(b0), "+x"(b1));                                                            \
            for (int r = 0; r < nrows; r++) {                                                            \
                int32_t pair;                                                                            \
                memcpy(&pair, xa + r * AJ_BYTE_K_AVX2 + 2 * q, sizeof pair);                             \
                __m256i a2 = _mm256_set1_epi32(pair);                                                    \
                c[r][0] = _mm256_add_epi32(c[r][0], _mm256_madd_epi16(b0, a2));                          \
                c[r][1] = _mm256_add_epi32(c[r][1], _mm256_madd_epi16(b1, a2));                          \
            }                                                                                            \
            for (int r = 0; r < nrows; r++) __asm__("" : "+x"(c[r][0]), "+x"(c[r][1]));                  \
        }                                                                                                \
        for (int r = 0; r < nrows; r++) {                                                                \
            int32_t *cr = g->c + (i + r) * g->ldc + j0;                                                  \
            if (full)                                                                                    \
                _mm256_storeu_si256((__m256i *)cr, c[r][0]), _mm256_storeu_si256((__m256i *)(cr + 8), c[r][1]); \
            else                                                                                         \
                _mm256_maskstore_epi32(cr, m0, c[r][0]), _mm256_maskstore_epi32(cr + 8, m1, c[r][1]);    \
        }                                                                                                \
    }                                                                                                    \
    __attribute__((target("avx2"))) static void                                                          \
    aj_byte_gemm_avx2(const aj_byte_gemm_job *g, int64_t lo, int64_t hi) {                               \
        int16_t w[AJ_BYTE_K_AVX2 * 16] __attribute__((aligned(32)));                                     \
        int16_t xa[AJ_BYTE_ROWS_AVX2 * AJ_BYTE_K_AVX2] __attribute__((aligned(32)));                     \
        __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);                                        \
        for (int64_t i0 = lo; i0 < hi; i0 += AJ_BYTE_ROWS_AVX2) {                                        \
            int64_t i1 = hi - i0 < AJ_BYTE_ROWS_AVX2 ? hi : i0 + AJ_BYTE_ROWS_AVX2;                      \
            for (int64_t p0 = 0; p0 < g->k; p0 += AJ_BYTE_K_AVX2) {                                      \
                int64_t kn = g->k - p0 < AJ_BYTE_K_AVX2 ? g->k - p0 : AJ_BYTE_K_AVX2, nq = (kn + 1) / 2; \
                aj_byte_gemm_rows_a(g, i0, i1, p0, kn, xa);                                              \
                for (int64_t j0 = 0; j0 < g->n; j0 += 16) {                                              \
                    int64_t nn = g->n - j0 < 16 ? g->n - j0 : 16;                                        \
                    __m256i m0 = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)nn), lane);                   \
                    __m256i m1 = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)nn - 8), lane);               \
                    aj_byte_gemm_pairs(g, p0, kn, j0, nn, w);                                            \
                    int64_t i = i0;                                                                      \
                    for (; i + AJ_BYTE_TILE_AVX2 <= i1; i += AJ_BYTE_TILE_AVX2)                          \
                        aj_byte_gemm_rows_avx2(g, w, xa + (i - i0) * AJ_BYTE_K_AVX2, i, AJ_BYTE_TILE_AVX2, j0, m0, m1, \
                                               nq, p0 == 0, nn == 16);                                             \
                    for (; i < i1; i++)                                                                  \
                        aj_byte_gemm_rows_avx2(g, w, xa + (i - i0) * AJ_BYTE_K_AVX2, i, 1, j0, m0, m1, nq, p0 == 0, nn == 16); \
                }                                                                                        \
            }                                                                                            \
        }                                                                                                \
    }

#define AJ_BYTE_GEMM_STR_(...) #__VA_ARGS__
#define AJ_BYTE_GEMM_STR(...) AJ_BYTE_GEMM_STR_(__VA_ARGS__)
/* The code as C text: the loops, the VNNI and AVX2 forms where the
 * compiler targets x86-64 (each left out where AJ_NO_VNNI or AJ_NO_AVX2 is
 * defined), and aj_byte_gemm_part, the task that runs rows [lo, hi) of the
 * job at p[0] (through aj_parallel) in the first form the CPU has. */
#define AJ_BYTE_GEMM_TEXT                                                                                \
    AJ_BYTE_GEMM_STR(AJ_BYTE_GEMM_LOOPS_CODE)                                                            \
    "\n#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))\n"                           \
    "#include <immintrin.h>\n"                                                                           \
    "#ifndef AJ_NO_VNNI\n"                                                                               \
    "#define AJ_BYTE_GEMM_VNNI 1\n" AJ_BYTE_GEMM_STR(AJ_BYTE_GEMM_VNNI_CODE) "\n#endif\n"               \
    "#ifndef AJ_NO_AVX2\n"                                                                               \
    "#define AJ_BYTE_GEMM_AVX2 1\n" AJ_BYTE_GEMM_STR(AJ_BYTE_GEMM_AVX2_CODE) "\n#endif\n"               \
    "#endif\n"                                                                                           \
    "static void aj_byte_gemm_part(void *const *p, int64_t lo, int64_t hi) {\n"                         \
    "    const aj_byte_gemm_job *g = p[0];\n"                                                           \
    "#ifdef AJ_BYTE_GEMM_VNNI\n"                                                                         \
    "    if (aj_byte_gemm_takes_vnni(g)) { aj_byte_gemm_vnni(g, lo, hi); return; }\n"                   \
    "#endif\n"                                                                                          \
    "#ifdef AJ_BYTE_GEMM_AVX2\n"                                                                         \
    "    if (aj_byte_gemm_takes_avx2(g)) { aj_byte_gemm_avx2(g, lo, hi); return; }\n"                   \
    "#endif\n"                                                                                          \
    "    aj_byte_gemm_loops(g, lo, hi);\n"                                                              \
    "}\n"

#endif
