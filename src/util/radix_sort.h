/* radix_sort.h: the stable LSD radix sort of generated code's sorts by one
 * key (contract_sort_key_of): a slice's 64-bit keys, 11 bits a pass (six
 * digits; a float's key takes three), with the element indices carried
 * along. One pass finds the digits that vary (keys of 32-bit types leave
 * the top three alike) and one counts them all; a digit the same in every
 * key takes no pass. Counts are 32-bit: slices hold fewer than 2^31. A stable
 * sort by a strict weak order gives the one result any stable sort would,
 * so the evaluator's stable sort (stable_sort.h) agrees bit for bit.
 *
 * The code is written once, as the body of AJ_RADIX_SORT_CODE, and pasted
 * into generated sources as text (AJ_RADIX_SORT_TEXT); it must stay free
 * of '#' directives and of comments. */
#ifndef RADIX_SORT_H
#define RADIX_SORT_H

#define AJ_RADIX_SORT_CODE                                                                               \
    __attribute__((unused)) static void aj_radix_sort(int64_t n, uint64_t *key, int32_t *index,        \
                                                      uint64_t *key2, int32_t *index2) {                \
        uint64_t *k = key, *k2 = key2, any = 0, all = ~(uint64_t)0;                                     \
        int32_t *x = index, *x2 = index2, count[6][2048];                                               \
        int shift[6], digits = 0;                                                                       \
        for (int64_t i = 0; i < n; i++) any |= k[i], all &= k[i];                                       \
        for (int d = 0; d < 6; d++)                                                                     \
            if ((any ^ all) >> (11 * d) & 2047) shift[digits++] = 11 * d;                               \
        for (int q = 0; q < digits; q++)                                                                \
            for (int v = 0; v < 2048; v++) count[q][v] = 0;                                             \
        for (int64_t i = 0; i < n; i++)                                                                 \
            for (int q = 0; q < digits; q++) count[q][k[i] >> shift[q] & 2047]++;                       \
        for (int q = 0; q < digits; q++) {                                                              \
            int32_t at = 0;                                                                             \
            for (int v = 0; v < 2048; v++) {                                                            \
                int32_t c = count[q][v];                                                                \
                count[q][v] = at, at += c;                                                              \
            }                                                                                           \
            for (int64_t i = 0; i < n; i++) {                                                           \
                int32_t to = count[q][k[i] >> shift[q] & 2047]++;                                       \
                k2[to] = k[i], x2[to] = x[i];                                                           \
            }                                                                                           \
            uint64_t *tk = k;                                                                           \
            int32_t *tx = x;                                                                            \
            k = k2, k2 = tk, x = x2, x2 = tx;                                                           \
        }                                                                                               \
        if (x != index)                                                                                 \
            for (int64_t i = 0; i < n; i++) index[i] = x[i];                                            \
    }

#define AJ_RADIX_SORT_STR_(...) #__VA_ARGS__
#define AJ_RADIX_SORT_STR(...) AJ_RADIX_SORT_STR_(__VA_ARGS__)
/* The code as one line of C text. */
#define AJ_RADIX_SORT_TEXT AJ_RADIX_SORT_STR(AJ_RADIX_SORT_CODE)

#endif
