#include "mem.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every block carries a header holding its size, so hooks receive the size on
 * free and the live-byte count stays exact. 16 bytes keeps user data aligned
 * for any scalar type (and 64-byte alignment is not promised here). */
typedef struct { size_t size; size_t pad; } block_header;

static void *default_alloc(void *ctx, size_t size) { (void)ctx; return malloc(size); }
static void default_free(void *ctx, void *ptr, size_t size) { (void)ctx; (void)size; free(ptr); }

static mem_hooks hooks = { default_alloc, default_free, NULL };
static long fail_countdown;  /* 0: disarmed */
static size_t live_bytes;

void mem_set_hooks(const mem_hooks *h) {
    if (h) hooks = *h;
    else hooks = (mem_hooks){ default_alloc, default_free, NULL };
}

void mem_fail_after(long n) { fail_countdown = n; }
size_t mem_live_bytes(void) { return live_bytes; }

static int injected_failure(void) {
    if (fail_countdown <= 0) return 0;
    if (fail_countdown == 1) return 1;  /* stays armed: every later one fails too */
    fail_countdown--;
    return 0;
}

void *mem_alloc(size_t size) {
    if (size > SIZE_MAX - sizeof(block_header) || injected_failure()) return NULL;
    block_header *h = hooks.alloc(hooks.ctx, sizeof(block_header) + size);
    if (!h) return NULL;
    h->size = size;
    live_bytes += size;
    return h + 1;
}

void mem_free(void *ptr) {
    if (!ptr) return;
    block_header *h = (block_header *)ptr - 1;
    live_bytes -= h->size;
    hooks.free(hooks.ctx, h, sizeof(block_header) + h->size);
}

void *mem_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = mem_alloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

void *mem_realloc(void *ptr, size_t size) {
    if (!ptr) return mem_alloc(size);
    size_t old = ((block_header *)ptr - 1)->size;
    void *p = mem_alloc(size);
    if (!p) return NULL;
    memcpy(p, ptr, old < size ? old : size);
    mem_free(ptr);
    return p;
}

char *mem_strndup(const char *s, size_t n) {
    char *p = mem_alloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *mem_strdup(const char *s) { return mem_strndup(s, strlen(s)); }

int mem_grow(void **ptr, int *cap, int need, size_t elem_size) {
    if (need <= *cap) return 0;
    int ncap = *cap ? *cap : 4;
    while (ncap < need) {
        if (ncap > INT32_MAX / 2) return -1;
        ncap *= 2;
    }
    void *p = mem_realloc(*ptr, (size_t)ncap * elem_size);
    if (!p) return -1;
    *ptr = p;
    *cap = ncap;
    return 0;
}
