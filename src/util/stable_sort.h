/* stable_sort.h: the one stable sort of stablehlo.sort, for the evaluator
 * and for generated code.
 *
 * Insertion-sorted blocks of 20 merged in place with SymMerge (Kim and
 * Kutzner; the algorithm of Go's sort.Stable): no allocation, O(n log n)
 * comparisons, O(n log^2 n) swaps. Elements are reached only through the
 * caller's less(ctx, i, j) ("element i goes before element j") and
 * swap(ctx, i, j), so one call sorts several operands together.
 *
 * The code is written once, as the body of AJ_STABLE_SORT_CODE: the
 * evaluator compiles it (AJ_STABLE_SORT_CODE on a line of its own) and the
 * C backend pastes its text into generated sources
 * (AJ_STABLE_SORT_TEXT). Both therefore make the same comparisons in the
 * same order and agree even for a comparator that is not a strict weak
 * order. The body must stay free of '#' directives and of comments. */
#ifndef STABLE_SORT_H
#define STABLE_SORT_H

#define AJ_STABLE_SORT_CODE                                                                             \
    typedef int (*aj_sort_less_fn)(void *c, int64_t i, int64_t j);                                      \
    typedef void (*aj_sort_swap_fn)(void *c, int64_t i, int64_t j);                                     \
    typedef struct aj_sorter {                                                                          \
        void *c;                                                                                        \
        aj_sort_less_fn less;                                                                           \
        aj_sort_swap_fn swap;                                                                           \
    } aj_sorter;                                                                                        \
    static void aj_sort_insertion(const aj_sorter *s, int64_t a, int64_t b) {                           \
        for (int64_t i = a + 1; i < b; i++)                                                             \
            for (int64_t j = i; j > a && s->less(s->c, j, j - 1); j--) s->swap(s->c, j, j - 1);         \
    }                                                                                                   \
    static void aj_sort_swap_range(const aj_sorter *s, int64_t a, int64_t b, int64_t n) {               \
        for (int64_t i = 0; i < n; i++) s->swap(s->c, a + i, b + i);                                    \
    }                                                                                                   \
    static void aj_sort_rotate(const aj_sorter *s, int64_t a, int64_t m, int64_t b) {                   \
        int64_t i = m - a, j = b - m;                                                                   \
        while (i != j) {                                                                                \
            if (i > j) {                                                                                \
                aj_sort_swap_range(s, m - i, m, j);                                                     \
                i -= j;                                                                                 \
            } else {                                                                                    \
                aj_sort_swap_range(s, m - i, m + j - i, i);                                             \
                j -= i;                                                                                 \
            }                                                                                           \
        }                                                                                               \
        aj_sort_swap_range(s, m - i, m, i);                                                             \
    }                                                                                                   \
    static void aj_sort_merge(const aj_sorter *s, int64_t a, int64_t m, int64_t b) {                    \
        if (m - a == 1) {                                                                               \
            int64_t i = m, j = b;                                                                       \
            while (i < j) {                                                                             \
                int64_t h = i + (j - i) / 2;                                                            \
                if (s->less(s->c, h, a)) i = h + 1;                                                     \
                else j = h;                                                                             \
            }                                                                                           \
            for (int64_t k = a; k < i - 1; k++) s->swap(s->c, k, k + 1);                                \
            return;                                                                                     \
        }                                                                                               \
        if (b - m == 1) {                                                                               \
            int64_t i = a, j = m;                                                                       \
            while (i < j) {                                                                             \
                int64_t h = i + (j - i) / 2;                                                            \
                if (!s->less(s->c, m, h)) i = h + 1;                                                    \
                else j = h;                                                                             \
            }                                                                                           \
            for (int64_t k = m; k > i; k--) s->swap(s->c, k, k - 1);                                    \
            return;                                                                                     \
        }                                                                                               \
        int64_t mid = a + (b - a) / 2, n = mid + m, start, r;                                           \
        if (m > mid) {                                                                                  \
            start = n - b;                                                                              \
            r = mid;                                                                                    \
        } else {                                                                                        \
            start = a;                                                                                  \
            r = m;                                                                                      \
        }                                                                                               \
        int64_t p = n - 1;                                                                              \
        while (start < r) {                                                                             \
            int64_t c = start + (r - start) / 2;                                                        \
            if (!s->less(s->c, p - c, c)) start = c + 1;                                                \
            else r = c;                                                                                 \
        }                                                                                               \
        int64_t end = n - start;                                                                        \
        if (start < m && m < end) aj_sort_rotate(s, start, m, end);                                     \
        if (a < start && start < mid) aj_sort_merge(s, a, start, mid);                                  \
        if (mid < end && end < b) aj_sort_merge(s, mid, end, b);                                        \
    }                                                                                                   \
    static void aj_stable_sort(int64_t n, void *c, aj_sort_less_fn less, aj_sort_swap_fn swap) {        \
        aj_sorter s = {c, less, swap};                                                                  \
        int64_t block = 20, a = 0, b = block;                                                           \
        for (; b <= n; a = b, b += block) aj_sort_insertion(&s, a, b);                                  \
        aj_sort_insertion(&s, a, n);                                                                    \
        for (; block < n; block *= 2) {                                                                 \
            for (a = 0, b = 2 * block; b <= n; a = b, b += 2 * block) aj_sort_merge(&s, a, a + block, b); \
            if (a + block < n) aj_sort_merge(&s, a, a + block, n);                                      \
        }                                                                                               \
    }

#define AJ_STABLE_SORT_STR_(...) #__VA_ARGS__
#define AJ_STABLE_SORT_STR(...) AJ_STABLE_SORT_STR_(__VA_ARGS__)
/* The code as one line of C text. */
#define AJ_STABLE_SORT_TEXT AJ_STABLE_SORT_STR(AJ_STABLE_SORT_CODE)

#endif
