/* mem: the one allocation interface every internal module uses.
 *
 * All bytes go through mem_alloc/mem_free so that a caller can replace the
 * allocator (aj_set_allocator) and a test can make the n-th allocation fail.
 * mem_alloc(0) returns a unique non-NULL pointer; mem_free(NULL) is a no-op. */
#ifndef MEM_H
#define MEM_H
#include <stddef.h>

typedef struct mem_hooks {
    void *(*alloc)(void *ctx, size_t size);   /* NULL on failure */
    void (*free)(void *ctx, void *ptr, size_t size);
    void *ctx;
} mem_hooks;

void *mem_alloc(size_t size);
void *mem_calloc(size_t count, size_t size);      /* zeroed; NULL on overflow */
void *mem_realloc(void *ptr, size_t size);
void mem_free(void *ptr);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);

/* Grows *ptr (an array of elem_size items with capacity *cap) to hold at
 * least `need` items. Returns 0, or -1 leaving *ptr untouched on failure. */
int mem_grow(void **ptr, int *cap, int need, size_t elem_size);

void mem_set_hooks(const mem_hooks *hooks);       /* NULL restores malloc */

/* Failure injection for tests: the n-th allocation from now (1-based) and
 * every later one fail while armed; 0 disarms. */
void mem_fail_after(long n);

/* Bytes currently allocated through this interface (for leak tests). */
size_t mem_live_bytes(void);
#endif
