/* emit_reuse.c: kernels whose text is identical are emitted once.
 *
 * A chain of 10^5 elementwise ops compiled op by op (--no-fusion) is 10^5
 * kernels of a handful of distinct texts: gcc spends milliseconds on each
 * function it is given, so the emitter gives it each text once and every
 * step whose kernel prints the same text calls that first definition.
 *
 * Why this is safe: a kernel's text is its whole meaning. Every buffer it
 * touches comes in as a parameter (the entry computes the pointers from the
 * plan); its local names are numbered from zero in each kernel (ec_fresh),
 * so they say nothing about where it sits; what it reads from file scope it
 * names with names unique in the source (constants by value id and
 * sub-program prefix, a sort's callbacks by ec_fresh_global, a
 * sub-program's entry by its number). Two kernels that print the same text
 * after their names therefore compute the same function of their
 * parameters, and either definition serves both calls.
 *
 * The table keeps a copy of each distinct text (a sub-program's context,
 * whose code buffer holds it first, is freed before the file is done) in
 * hash chains; entries are only ever removed last-in first-out
 * (ec_kernels_truncate), which restores each chain's head. */
#include <string.h>

#include "../util/mem.h"
#include "emit_internal.h"

/* Chains stay short for the sources that matter: a file of 10^5 distinct
 * kernels walks chains of ~25 hashes each, compared as integers. */
enum { KERNEL_BUCKETS = 1 << 12 };

typedef struct kernel_def {
    uint64_t hash;
    char *text;          /* the definition after the name: "(params) { ... }\n\n" */
    size_t len;
    char *name;          /* the function every step with this text calls */
    int next;            /* the previous entry of the same bucket, or -1 */
    bool task;           /* its task function (emit_c.c, parallel kernels) is written */
} kernel_def;

struct ec_kernels {
    kernel_def *defs;
    int n, cap;
    int head[KERNEL_BUCKETS];   /* per bucket: its newest entry, or -1 */
};

ec_kernels *ec_kernels_new(void) {
    ec_kernels *t = mem_calloc(1, sizeof *t);
    if (t)
        for (int b = 0; b < KERNEL_BUCKETS; b++) t->head[b] = -1;
    return t;
}

/* FNV-1a, 64 bits. */
static uint64_t text_hash(const char *s, size_t len) {
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

int ec_kernels_find(const ec_kernels *t, const char *text, size_t len) {
    uint64_t h = text_hash(text, len);
    for (int k = t->head[h % KERNEL_BUCKETS]; k >= 0; k = t->defs[k].next) {
        const kernel_def *d = &t->defs[k];
        if (d->hash == h && d->len == len && memcmp(d->text, text, len) == 0) return k;
    }
    return -1;
}

int ec_kernels_add(ec_kernels *t, const char *text, size_t len, const char *name) {
    if (mem_grow((void **)&t->defs, &t->cap, t->n + 1, sizeof *t->defs)) return -1;
    kernel_def d = {text_hash(text, len), mem_alloc(len + 1), len, mem_strdup(name), -1, false};
    if (!d.text || !d.name) {
        mem_free(d.text);
        mem_free(d.name);
        return -1;
    }
    memcpy(d.text, text, len);
    d.text[len] = 0;
    d.next = t->head[d.hash % KERNEL_BUCKETS];
    t->head[d.hash % KERNEL_BUCKETS] = t->n;
    t->defs[t->n] = d;
    return t->n++;
}

const char *ec_kernels_name(const ec_kernels *t, int k) { return t->defs[k].name; }

bool ec_kernels_claim_task(ec_kernels *t, int k) {
    bool first = !t->defs[k].task;
    t->defs[k].task = true;
    return first;
}

int ec_kernels_count(const ec_kernels *t) { return t->n; }

void ec_kernels_truncate(ec_kernels *t, int n) {
    while (t->n > n) {
        kernel_def *d = &t->defs[--t->n];
        t->head[d->hash % KERNEL_BUCKETS] = d->next;
        mem_free(d->text);
        mem_free(d->name);
    }
}

void ec_kernels_free(ec_kernels *t) {
    if (!t) return;
    ec_kernels_truncate(t, 0);
    mem_free(t->defs);
    mem_free(t);
}
