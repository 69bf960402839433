/* top_k.h: the kernel of chlo.top_k, for the evaluator and for generated
 * code.
 *
 * Along the last dim of each row of n elements: the k that come first in
 * descending order, ties to the lower index (a stable descending sort of
 * (x, iota), which is XLA's TopK; floats in totalOrder: +NaN first, then
 * +inf ... +0, -0 ... -inf, -NaN), with their indices. Each element gets
 * an int64 key whose integer order is that order; a heap holds the k best
 * keys seen so far with the worst at its root, a later element entering
 * only when it beats the root (so O(n log k) a row, and a tie never enters:
 * its index is higher); the heap, sorted, is the answer. Values are copied
 * bytes, so they keep their bits.
 *
 * The code is written once, as the body of AJ_TOP_K_CODE: the evaluator
 * compiles it and the C backend pastes its text (AJ_TOP_K_TEXT) into the
 * sources that call it (the bodies stay free of comments and '#'). The
 * workspace is the caller's (aj_top_k_scratch bytes): a row's keys (from
 * each element's bits: its width `bits` in `bytes` bytes, sign-extended,
 * a negative float's magnitude bits flipped) and the heap. */
#ifndef AJ_TOP_K_H
#define AJ_TOP_K_H
#include <stdint.h>
#include <string.h>

enum { AJ_TOP_K_FLOAT, AJ_TOP_K_SIGNED, AJ_TOP_K_UNSIGNED };

#define AJ_TOP_K_SIZES_CODE                                                                                   \
    static inline int64_t aj_top_k_scratch(int64_t n, int64_t k) { return 8 * n + 16 * k; }

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
    static inline int64_t aj_top_k_key(uint64_t u, int bits, int kind) {                                     \
        uint64_t sign = (uint64_t)1 << (bits - 1);                                                            \
        if (bits < 64) u &= (sign << 1) - 1;                                                                  \
        if (kind == AJ_TOP_K_UNSIGNED) return (int64_t)(u ^ ((uint64_t)1 << 63));                             \
        int64_t s = (int64_t)((u ^ sign) - sign);                                                             \
        return kind == AJ_TOP_K_FLOAT && s < 0 ? (int64_t)((uint64_t)s ^ (sign - 1)) : s;                     \
    }                                                                                                         \
    static void aj_top_k_keys(const void *x, int64_t n, int bytes, int bits, int kind, int64_t *key) {        \
        switch (bytes) {                                                                                      \
        case 1:                                                                                               \
            for (int64_t j = 0; j < n; j++) key[j] = aj_top_k_key(((const uint8_t *)x)[j], bits, kind);       \
            break;                                                                                            \
        case 2:                                                                                               \
            for (int64_t j = 0; j < n; j++) key[j] = aj_top_k_key(((const uint16_t *)x)[j], bits, kind);      \
            break;                                                                                            \
        case 4:                                                                                               \
            for (int64_t j = 0; j < n; j++) key[j] = aj_top_k_key(((const uint32_t *)x)[j], bits, kind);      \
            break;                                                                                            \
        default:                                                                                              \
            for (int64_t j = 0; j < n; j++) key[j] = aj_top_k_key(((const uint64_t *)x)[j], bits, kind);      \
            break;                                                                                            \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_top_k(const void *x, void *values, void *indices, int64_t rows,     \
                                                 int64_t n, int64_t k, int bytes, int bits, int kind,         \
                                                 int index_bytes, void *scratch) {                            \
        if (k <= 0 || rows <= 0) return;                                                                      \
        int64_t *key = (int64_t *)scratch;                                                                    \
        aj_top_k_item *h = (aj_top_k_item *)(key + n);                                                        \
        for (int64_t r = 0; r < rows; r++) {                                                                  \
            const unsigned char *row = (const unsigned char *)x + r * n * bytes;                              \
            aj_top_k_keys(row, n, bytes, bits, kind, key);                                                    \
            int64_t m = 0;                                                                                    \
            for (int64_t j = 0; j < n; j++) {                                                                 \
                aj_top_k_item it = {key[j], j};                                                               \
                if (m < k) {                                                                                  \
                    h[m] = it;                                                                                \
                    aj_top_k_sift_up(h, m++);                                                                 \
                } else if (aj_top_k_worse(h[0], it)) {                                                        \
                    h[0] = it;                                                                                \
                    aj_top_k_sift_down(h, m, 0);                                                              \
                }                                                                                             \
            }                                                                                                 \
            for (int64_t e = m - 1; e > 0; e--) {                                                             \
                aj_top_k_item t = h[0];                                                                       \
                h[0] = h[e], h[e] = t;                                                                        \
                aj_top_k_sift_down(h, e, 0);                                                                  \
            }                                                                                                 \
            for (int64_t t = 0; t < k; t++) {                                                                 \
                memcpy((unsigned char *)values + (r * k + t) * bytes, row + h[t].index * bytes, (size_t)bytes); \
                memcpy((unsigned char *)indices + (r * k + t) * index_bytes, &h[t].index, (size_t)index_bytes); \
            }                                                                                                 \
        }                                                                                                     \
    }

#define AJ_TOP_K_STR_(...) #__VA_ARGS__
#define AJ_TOP_K_STR(...) AJ_TOP_K_STR_(__VA_ARGS__)
/* What generated code pastes. */
#define AJ_TOP_K_TEXT                                                                                         \
    "enum { AJ_TOP_K_FLOAT, AJ_TOP_K_SIGNED, AJ_TOP_K_UNSIGNED };\n" AJ_TOP_K_STR(AJ_TOP_K_CODE) "\n"
#endif
