#include "mem.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

/* Every block carries a header holding its size, so the allocator receives
 * the size on free and the live-byte counts stay exact, and its kind
 * (object or buffer). 16 bytes keeps user data aligned for any scalar type
 * (and 64-byte alignment is not promised here). */
typedef struct { size_t size; size_t is_buffer; } block_header;

static void *system_alloc(void *ctx, size_t size) { (void)ctx; return malloc(size); }
static void system_free(void *ctx, void *ptr, size_t size) { (void)ctx; (void)size; free(ptr); }

const aj_allocator mem_system_allocator = {system_alloc, system_free, NULL};
const aj_allocator mem_pool_allocator = {pool_alloc, pool_free, NULL};

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static aj_allocator current;
static pthread_once_t chosen = PTHREAD_ONCE_INIT;

/* The pool, but malloc under AddressSanitizer (which then sees every block
 * and every leak); ARRAYJIT_ALLOCATOR=system or =pool decides otherwise. */
static void choose_default(void) {
    const char *env = getenv("ARRAYJIT_ALLOCATOR");
    int system = env && strcmp(env, "system") == 0 ? 1 : env && strcmp(env, "pool") == 0 ? 0 : SANITIZED;
    current = system ? mem_system_allocator : mem_pool_allocator;
}

static long fail_countdown;  /* 0: disarmed */
static size_t fail_cap, first_refused;  /* 0: disarmed; 0: none refused since arming */
static _Atomic size_t live_bytes, live_blocks, peak_bytes, buffer_bytes, peak_buffer_bytes, nallocs;

int mem_set_allocator(const aj_allocator *a) {
    pthread_once(&chosen, choose_default);
    if (atomic_load(&live_blocks)) return -1;
    if (a) current = *a;
    else choose_default();
    return 0;
}

void mem_fail_after(long n) { fail_countdown = n; }
void mem_fail_above(size_t cap) { fail_cap = cap; first_refused = 0; }
size_t mem_first_refused(void) { return first_refused; }
size_t mem_live_bytes(void) { return atomic_load(&live_bytes); }

static int over_cap(size_t size) {
    if (!fail_cap) return 0;
    size_t live = atomic_load(&live_bytes);
    size_t reach = live > SIZE_MAX - size ? SIZE_MAX : live + size;
    if (reach <= fail_cap) return 0;
    if (!first_refused) first_refused = reach;
    return 1;
}

static int injected_failure(size_t size) {
    if (over_cap(size)) return 1;
    if (fail_countdown <= 0) return 0;
    if (fail_countdown == 1) return 1;  /* stays armed: every later one fails too */
    fail_countdown--;
    return 0;
}

static void raise_peak(_Atomic size_t *peak, size_t now) {
    size_t seen = atomic_load(peak);
    while (now > seen && !atomic_compare_exchange_weak(peak, &seen, now)) {}
}

static void *alloc_block(size_t size, int is_buffer) {
    if (size > SIZE_MAX - sizeof(block_header) || injected_failure(size)) return NULL;
    pthread_once(&chosen, choose_default);
    block_header *h = current.alloc(current.ctx, sizeof(block_header) + size);
    if (!h) return NULL;
    *h = (block_header){size, (size_t)is_buffer};
    atomic_fetch_add(&live_blocks, 1);
    atomic_fetch_add(&nallocs, 1);
    raise_peak(&peak_bytes, atomic_fetch_add(&live_bytes, size) + size);
    if (is_buffer) raise_peak(&peak_buffer_bytes, atomic_fetch_add(&buffer_bytes, size) + size);
    return h + 1;
}

void *mem_alloc(size_t size) { return alloc_block(size, 0); }
void *mem_alloc_buffer(size_t size) { return alloc_block(size, 1); }

void mem_free(void *ptr) {
    if (!ptr) return;
    block_header *h = (block_header *)ptr - 1;
    atomic_fetch_sub(&live_bytes, h->size);
    atomic_fetch_sub(&live_blocks, 1);
    if (h->is_buffer) atomic_fetch_sub(&buffer_bytes, h->size);
    current.free(current.ctx, h, sizeof(block_header) + h->size);
}

void *mem_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = mem_alloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

void *mem_realloc(void *ptr, size_t size) {
    if (!ptr) return mem_alloc(size);
    const block_header *h = (block_header *)ptr - 1;
    void *p = alloc_block(size, (int)h->is_buffer);
    if (!p) return NULL;
    memcpy(p, ptr, h->size < size ? h->size : size);
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

void mem_get_stats(aj_allocator_stats *out) {
    pthread_once(&chosen, choose_default);
    *out = (aj_allocator_stats){
        .bytes_in_use = atomic_load(&live_bytes),
        .peak_bytes_in_use = atomic_load(&peak_bytes),
        .array_bytes_in_use = atomic_load(&buffer_bytes),
        .peak_array_bytes_in_use = atomic_load(&peak_buffer_bytes),
        .num_allocs = atomic_load(&nallocs),
    };
    if (current.alloc != pool_alloc) return;
    pool_stats p;
    pool_get_stats(&p);
    out->bytes_reserved = p.reserved;
    out->bytes_free = p.free_bytes;
    out->largest_free_block = p.largest_free;
    out->system_allocs = p.system_allocs;
    out->fragmentation = p.fragmentation;
}

void mem_reset_peak(void) {
    atomic_store(&peak_bytes, atomic_load(&live_bytes));
    atomic_store(&peak_buffer_bytes, atomic_load(&buffer_bytes));
}

void mem_trim(void) { pool_trim(); }
