/* top_k.h: the kernel of chlo.top_k, for the evaluator and for generated
 * code.
 *
 * Along the last dim of each row of n elements: the k that come first in
 * descending order, ties to the lower index (a stable descending sort of
 * (x, iota), which is XLA's TopK; floats in totalOrder: +NaN first, then
 * +inf ... +0, -0 ... -inf, -NaN), with their indices. Each element gets
 * an int64 key whose integer order is that order (from its bits: its
 * width `bits` in `bytes` bytes, sign-extended, a negative float's
 * magnitude bits flipped); a heap holds the k best keys seen so far with
 * the worst at its root, a later element entering only when its key is
 * above the root's (a tie never enters: its index is higher), so O(n log
 * k) a row and mostly one compare an element; the heap, sorted, is the
 * answer. Values are copied bytes, so they keep their bits. Keys are made
 * and tested against the root 16 at a time (loops gcc vectorises, f32's
 * on their own), a block passing on at once where none is above it.
 *
 * The code is written once, as the body of AJ_TOP_K_CODE: the evaluator
 * compiles it and the C backend pastes its text (AJ_TOP_K_TEXT) into the
 * sources that call it (the bodies stay free of comments and '#'). A heap
 * of up to AJ_TOP_K_LOCAL items lives on the stack; a bigger one in the
 * caller's workspace (aj_top_k_scratch bytes), which generated code runs
 * on one thread (aj_top_k_part takes rows on any). */
#ifndef AJ_TOP_K_H
#define AJ_TOP_K_H
#include <stdint.h>
#include <string.h>

enum { AJ_TOP_K_FLOAT, AJ_TOP_K_SIGNED, AJ_TOP_K_UNSIGNED };

#define AJ_TOP_K_SIZES_CODE                                                                                   \
    enum { AJ_TOP_K_LOCAL = 256, AJ_TOP_K_BLOCK = 16 };                                                       \
    static inline int64_t aj_top_k_scratch(int64_t n, int64_t k) {                                            \
        (void)n;                                                                                              \
        return k > AJ_TOP_K_LOCAL ? 16 * k : 0;                                                               \
    }

AJ_TOP_K_SIZES_CODE

/* How an element's bits order: a float's, a signed integer's, or an
 * unsigned one's (i1 too). */
static inline int aj_top_k_kind(int is_float, int is_signed) {
    return is_float ? AJ_TOP_K_FLOAT : is_signed ? AJ_TOP_K_SIGNED : AJ_TOP_K_UNSIGNED;
}

#define AJ_TOP_K_CODE                                                                                         \
    typedef struct aj_top_k_item {                                                                            \
        int64_t key, index;                                                                                   \
    } aj_top_k_item;                                                                                          \
    typedef struct aj_top_k_job {                                                                             \
        const void *x;                                                                                        \
        void *values, *indices;                                                                               \
        int64_t n, k;                                                                                         \
        int bytes, bits, kind, index_bytes;                                                                   \
    } aj_top_k_job;                                                                                           \
    static int aj_top_k_worse(aj_top_k_item a, aj_top_k_item b) {                                             \
        return a.key < b.key || (a.key == b.key && a.index > b.index);                                        \
    }                                                                                                         \
    static void aj_top_k_sift_down(aj_top_k_item *h, int64_t m, int64_t i) {                                  \
        for (;;) {                                                                                            \
            int64_t c = 2 * i + 1, w = i;                                                                     \
            if (c < m && aj_top_k_worse(h[c], h[w])) w = c;                                                   \
            if (c + 1 < m && aj_top_k_worse(h[c + 1], h[w])) w = c + 1;                                       \
            if (w == i) return;                                                                               \
            aj_top_k_item t = h[i];                                                                           \
            h[i] = h[w], h[w] = t, i = w;                                                                     \
        }                                                                                                     \
    }                                                                                                         \
    static void aj_top_k_sift_up(aj_top_k_item *h, int64_t i) {                                               \
        while (i > 0 && aj_top_k_worse(h[i], h[(i - 1) / 2])) {                                               \
            aj_top_k_item t = h[i];                                                                           \
            h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = t, i = (i - 1) / 2;                                       \
        }                                                                                                     \
    }                                                                                                         \
    static inline int64_t aj_top_k_key(const aj_top_k_job *g, const unsigned char *row, int64_t j) {          \
        uint64_t u;                                                                                           \
        switch (g->bytes) {                                                                                   \
        case 1: u = row[j]; break;                                                                            \
        case 2: { uint16_t v; memcpy(&v, row + 2 * j, 2); u = v; break; }                                     \
        case 4: { uint32_t v; memcpy(&v, row + 4 * j, 4); u = v; break; }                                     \
        default: memcpy(&u, row + 8 * j, 8); break;                                                           \
        }                                                                                                     \
        uint64_t sign = (uint64_t)1 << (g->bits - 1);                                                         \
        if (g->bits < 64) u &= (sign << 1) - 1;                                                               \
        if (g->kind == AJ_TOP_K_UNSIGNED) return (int64_t)(u ^ ((uint64_t)1 << 63));                          \
        int64_t s = (int64_t)((u ^ sign) - sign);                                                             \
        return g->kind == AJ_TOP_K_FLOAT && s < 0 ? (int64_t)((uint64_t)s ^ (sign - 1)) : s;                  \
    }                                                                                                         \
    static inline void aj_top_k_block_keys(const aj_top_k_job *g, const unsigned char *row, int64_t j,           \
                                           int64_t *key) {                                                    \
        if (g->bytes == 4 && g->bits == 32 && g->kind == AJ_TOP_K_FLOAT) {                                    \
            for (int l = 0; l < AJ_TOP_K_BLOCK; l++) {                                                        \
                int32_t s;                                                                                    \
                memcpy(&s, row + 4 * (j + l), 4);                                                             \
                key[l] = s < 0 ? s ^ 0x7fffffff : s;                                                          \
            }                                                                                                 \
        } else {                                                                                              \
            for (int l = 0; l < AJ_TOP_K_BLOCK; l++) key[l] = aj_top_k_key(g, row, j + l);                    \
        }                                                                                                     \
    }                                                                                                         \
    static inline void aj_top_k_offer(aj_top_k_item *h, int64_t m, int64_t key, int64_t j) {                  \
        if (key > h[0].key) {                                                                                 \
            h[0] = (aj_top_k_item){key, j};                                                                   \
            aj_top_k_sift_down(h, m, 0);                                                                      \
        }                                                                                                     \
    }                                                                                                         \
    static void aj_top_k_rows(const aj_top_k_job *g, int64_t lo, int64_t hi, aj_top_k_item *h) {              \
        int64_t n = g->n, k = g->k;                                                                           \
        for (int64_t r = lo; r < hi; r++) {                                                                   \
            const unsigned char *row = (const unsigned char *)g->x + r * n * g->bytes;                        \
            int64_t m = 0, j = 0;                                                                             \
            for (; j < n && m < k; j++) {                                                                     \
                h[m] = (aj_top_k_item){aj_top_k_key(g, row, j), j};                                           \
                aj_top_k_sift_up(h, m++);                                                                     \
            }                                                                                                 \
            for (; j + AJ_TOP_K_BLOCK <= n; j += AJ_TOP_K_BLOCK) {                                            \
                int64_t key[AJ_TOP_K_BLOCK], root = h[0].key;                                                 \
                int above = 0;                                                                                \
                aj_top_k_block_keys(g, row, j, key);                                                          \
                for (int l = 0; l < AJ_TOP_K_BLOCK; l++) above |= key[l] > root;                              \
                for (int l = 0; above && l < AJ_TOP_K_BLOCK; l++) aj_top_k_offer(h, m, key[l], j + l);        \
            }                                                                                                 \
            for (; j < n; j++) aj_top_k_offer(h, m, aj_top_k_key(g, row, j), j);                              \
            for (int64_t e = m - 1; e > 0; e--) {                                                             \
                aj_top_k_item t = h[0];                                                                       \
                h[0] = h[e], h[e] = t;                                                                        \
                aj_top_k_sift_down(h, e, 0);                                                                  \
            }                                                                                                 \
            for (int64_t t = 0; t < k; t++) {                                                                 \
                memcpy((unsigned char *)g->values + (r * k + t) * g->bytes, row + h[t].index * g->bytes,      \
                       (size_t)g->bytes);                                                                     \
                memcpy((unsigned char *)g->indices + (r * k + t) * g->index_bytes, &h[t].index,               \
                       (size_t)g->index_bytes);                                                               \
            }                                                                                                 \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_top_k_part(void *const *p, int64_t lo, int64_t hi) {               \
        aj_top_k_item h[AJ_TOP_K_LOCAL];                                                                      \
        aj_top_k_rows((const aj_top_k_job *)p[0], lo, hi, h);                                                 \
    }                                                                                                         \
    __attribute__((unused)) static void aj_top_k(const aj_top_k_job *g, int64_t rows, void *scratch) {         \
        aj_top_k_item local[AJ_TOP_K_LOCAL];                                                                  \
        if (g->k > 0) aj_top_k_rows(g, 0, rows, g->k > AJ_TOP_K_LOCAL ? (aj_top_k_item *)scratch : local);     \
    }

#define AJ_TOP_K_STR_(...) #__VA_ARGS__
#define AJ_TOP_K_STR(...) AJ_TOP_K_STR_(__VA_ARGS__)
/* What generated code pastes. */
#define AJ_TOP_K_TEXT                                                                                         \
    "enum { AJ_TOP_K_FLOAT, AJ_TOP_K_SIGNED, AJ_TOP_K_UNSIGNED };\n" AJ_TOP_K_STR(AJ_TOP_K_SIZES_CODE) "\n" \
        AJ_TOP_K_STR(AJ_TOP_K_CODE) "\n"
#endif
