#include "pool.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* A chunk: a 16-byte header (boundary tag) and its payload. size counts
 * the header; its low bits are flags. The bin links live in the payload of
 * free chunks only. */
typedef struct chunk {
    size_t prev_size;           /* bytes of the chunk just before; 0: first in its region */
    size_t size;                /* bytes of this chunk | IN_USE | MAPPED */
    struct chunk *next, *prev;  /* bin list, while free */
} chunk;

enum {
    ALIGN = 16,
    HEADER = 16,                         /* prev_size and size */
    MIN_CHUNK = 32,                      /* room for the bin links */
    EXACT_LIMIT = 1024,                  /* chunks below it have a bin of their own size */
    NEXACT = EXACT_LIMIT / ALIGN,
    NBINS = NEXACT + 4 * (64 - 10),      /* then 4 per power of two, 2^10 .. 2^63 */
    NWORDS = (NBINS + 63) / 64,
    REGION_HEADER = 64,
};
#define IN_USE ((size_t)1)
#define MAPPED ((size_t)2)
#define FLAGS ((size_t)15)
#define HUGE_BYTES ((size_t)256 << 20)
#define FIRST_REGION ((size_t)1 << 20)
#define MAX_REGION_STEP ((size_t)1 << 30)

/* A mapping from the system: this header, chunks, and an end tag (a
 * chunk header marked in use, so that nothing merges past the end). */
typedef struct region {
    struct region *next;
    size_t bytes;       /* mapped, this header included */
    int kept;           /* the preallocated region: pool_trim leaves it */
    chunk *first;
} region;
_Static_assert(sizeof(region) <= REGION_HEADER, "region header fits");

static struct {
    pthread_mutex_t lock;
    int ready;
    size_t page;
    chunk *bins[NBINS];
    uint64_t nonempty[NWORDS];   /* bit b: bins[b] is not empty */
    region *regions;
    size_t next_region;          /* bytes of the next region mapped (doubles, as BFC's) */
    size_t reserved, free_bytes, system_allocs;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER};

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }
static size_t chunk_size(const chunk *c) { return c->size & ~FLAGS; }
static chunk *next_chunk(chunk *c) { return (chunk *)((char *)c + chunk_size(c)); }
static chunk *prev_chunk(chunk *c) { return c->prev_size ? (chunk *)((char *)c - c->prev_size) : NULL; }

static int bin_of(size_t size) {
    if (size < EXACT_LIMIT) return (int)(size / ALIGN);
    int e = 63 - __builtin_clzll(size);
    return NEXACT + (e - 10) * 4 + (int)((size >> (e - 2)) & 3);
}

static void bin_insert(chunk *c) {
    int b = bin_of(c->size);
    c->prev = NULL;
    c->next = pool.bins[b];
    if (c->next) c->next->prev = c;
    pool.bins[b] = c;
    pool.nonempty[b / 64] |= (uint64_t)1 << (b % 64);
    pool.free_bytes += c->size;
}

static void bin_remove(chunk *c) {
    int b = bin_of(c->size);
    if (c->prev) c->prev->next = c->next;
    else pool.bins[b] = c->next;
    if (c->next) c->next->prev = c->prev;
    if (!pool.bins[b]) pool.nonempty[b / 64] &= ~((uint64_t)1 << (b % 64));
    pool.free_bytes -= c->size;
}

/* The first non-empty bin at or after `from`, or -1. */
static int next_nonempty(int from) {
    for (int w = from / 64; w < NWORDS; w++) {
        uint64_t bits = pool.nonempty[w];
        if (w == from / 64) bits &= ~(uint64_t)0 << (from % 64);
        if (bits) return w * 64 + __builtin_ctzll(bits);
    }
    return -1;
}

/* The chunks of its own bin a request looks at. */
enum { OWN_BIN_LOOKS = 8 };

/* The smallest chunk of the first OWN_BIN_LOOKS of list that fits, or NULL. */
static chunk *smallest_fitting(chunk *list, size_t need) {
    chunk *best = NULL;
    int looks = 0;
    for (chunk *c = list; c && looks < OWN_BIN_LOOKS; c = c->next, looks++) {
        if (c->size < need || (best && c->size >= best->size)) continue;
        best = c;
        if (c->size == need) break;
    }
    return best;
}

/* A good fit in constant time: the smallest of the first few chunks of the
 * request's own bin that fits (an exact bin's first chunk always does; in
 * a log bin, where sizes repeat, a freed chunk of the very size is usually
 * among the first), else the first chunk of the first non-empty later bin,
 * every chunk of which fits (as TLSF does). Never a walk over a whole bin:
 * with thousands of freed chunks in one bin that walk made every small
 * request that fell through to it linear, and a compile quadratic (a
 * 10^4-op program spent 88% of its time there). */
static chunk *find_fit(size_t need) {
    int b = bin_of(need);
    chunk *best = smallest_fitting(pool.bins[b], need);
    if (best) return best;
    b = next_nonempty(b + 1);
    return b < 0 ? NULL : pool.bins[b];
}

/* Takes a free chunk for a request of `need` bytes, splitting off the rest
 * when it can hold a chunk of its own. */
static void *take(chunk *c, size_t need) {
    bin_remove(c);
    size_t size = c->size;
    if (size - need >= MIN_CHUNK) {
        chunk *rest = (chunk *)((char *)c + need);
        rest->prev_size = need;
        rest->size = size - need;
        next_chunk(rest)->prev_size = rest->size;
        c->size = need;
        bin_insert(rest);
    }
    c->size |= IN_USE;
    return (char *)c + HEADER;
}

/* Merges a freed chunk with its free neighbours and bins it. */
static void release(chunk *c) {
    c->size &= ~IN_USE;
    chunk *n = next_chunk(c);
    if (!(n->size & IN_USE)) {
        bin_remove(n);
        c->size += n->size;
    }
    chunk *p = prev_chunk(c);
    if (p && !(p->size & IN_USE)) {
        bin_remove(p);
        p->size += c->size;
        c = p;
    }
    next_chunk(c)->prev_size = c->size;
    bin_insert(c);
}

static void *map(size_t bytes, int populate) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1, 0);
    if (p == MAP_FAILED) return NULL;
    pool.system_allocs++;
    pool.reserved += bytes;
    return p;
}

static void unmap(void *p, size_t bytes) {
    munmap(p, bytes);
    pool.reserved -= bytes;
}

/* A new region of `bytes` (a page multiple) as one free chunk. */
static chunk *add_region(void *mem, size_t bytes, int kept) {
    region *r = mem;
    size_t span = bytes - REGION_HEADER - HEADER;
    chunk *c = (chunk *)((char *)r + REGION_HEADER);
    c->prev_size = 0;
    c->size = span;
    chunk *end = next_chunk(c);
    end->prev_size = span;
    end->size = IN_USE;
    *r = (region){pool.regions, bytes, kept, c};
    pool.regions = r;
    bin_insert(c);
    return c;
}

/* Maps a region for a chunk of `need` bytes: the next step of the doubling
 * sequence, or just enough when that much is refused. */
static chunk *grow(size_t need) {
    size_t least = round_up(need + REGION_HEADER + HEADER, pool.page);
    size_t bytes = least > pool.next_region ? least : pool.next_region;
    void *mem = map(bytes, 0);
    if (!mem && bytes > least) mem = map(bytes = least, 0);
    if (!mem) return NULL;
    if (pool.next_region < MAX_REGION_STEP) pool.next_region *= 2;
    return add_region(mem, bytes, 0);
}

/* A huge request on its own mapping, unmapped when freed. */
static void *alloc_mapped(size_t need) {
    size_t bytes = round_up(need, pool.page);
    chunk *c = map(bytes, 0);
    if (!c) return NULL;
    c->prev_size = 0;
    c->size = bytes | IN_USE | MAPPED;
    return (char *)c + HEADER;
}

static int preallocate_locked(size_t bytes) {
    for (region *r = pool.regions; r; r = r->next) r->kept = 0;
    if (!bytes) return 0;
    size_t total = round_up(bytes + REGION_HEADER + HEADER, pool.page);
    void *mem = total > bytes ? map(total, 1) : NULL;
    if (!mem) return -1;
    add_region(mem, total, 1);
    return 0;
}

/* "512M", "2G", "1048576": bytes; 0 when absent or malformed. */
static size_t env_bytes(const char *name) {
    const char *s = getenv(name);
    if (!s || !*s) return 0;
    char *end;
    unsigned long long n = strtoull(s, &end, 10);
    int shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20
              : *end == 'G' || *end == 'g' ? 30 : 0;
    if (shift) end++;
    if (*end || n > (SIZE_MAX >> shift)) return 0;
    return (size_t)n << shift;
}

static size_t env_fraction_bytes(const char *name) {
    const char *s = getenv(name);
    if (!s || !*s) return 0;
    char *end;
    double f = strtod(s, &end);
    if (*end || !(f > 0 && f <= 1)) return 0;
    return (size_t)(f * (double)pool_physical_memory());
}

/* First use: the page size and the environment's preallocation (a
 * preallocation the system refuses is skipped: the pool grows instead). */
static void ensure_ready(void) {
    if (pool.ready) return;
    pool.ready = 1;
    pool.page = (size_t)sysconf(_SC_PAGESIZE);
    pool.next_region = FIRST_REGION;
    size_t bytes = env_bytes("ARRAYJIT_PREALLOCATE");
    if (!bytes) bytes = env_fraction_bytes("ARRAYJIT_MEM_FRACTION");
    if (bytes) preallocate_locked(bytes);
}

size_t pool_physical_memory(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
}

void *pool_alloc(void *ctx, size_t size) {
    (void)ctx;
    if (size > SIZE_MAX / 2) return NULL;
    size_t need = round_up(size + HEADER, ALIGN);
    if (need < MIN_CHUNK) need = MIN_CHUNK;
    pthread_mutex_lock(&pool.lock);
    ensure_ready();
    chunk *c = find_fit(need);
    void *p;
    if (!c && need >= HUGE_BYTES) {
        p = alloc_mapped(need);
    } else {
        if (!c) c = grow(need);
        p = c ? take(c, need) : NULL;
    }
    pthread_mutex_unlock(&pool.lock);
    return p;
}

void pool_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)size;
    chunk *c = (chunk *)((char *)ptr - HEADER);
    pthread_mutex_lock(&pool.lock);
    if (c->size & MAPPED) unmap(c, chunk_size(c));
    else release(c);
    pthread_mutex_unlock(&pool.lock);
}

/* Gives the whole pages inside a free chunk back (its header and bin links
 * stay; the pages read as zeros when next touched). */
static void release_pages(chunk *c) {
    uintptr_t start = round_up((uintptr_t)c + sizeof(chunk), pool.page);
    uintptr_t end = ((uintptr_t)c + c->size) / pool.page * pool.page;
    if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
}

void pool_trim(void) {
    pthread_mutex_lock(&pool.lock);
    if (!pool.ready) {   /* never used: nothing to give back */
        pthread_mutex_unlock(&pool.lock);
        return;
    }
    for (region **link = &pool.regions; *link;) {
        region *r = *link;
        chunk *c = r->first;
        if (r->kept || c->size != r->bytes - REGION_HEADER - HEADER) {  /* in use, or split */
            link = &r->next;
            continue;
        }
        bin_remove(c);
        *link = r->next;
        unmap(r, r->bytes);
    }
    for (int b = next_nonempty(bin_of(2 * pool.page)); b >= 0; b = next_nonempty(b + 1))
        for (chunk *c = pool.bins[b]; c; c = c->next) release_pages(c);
    pool.next_region = FIRST_REGION;
    pthread_mutex_unlock(&pool.lock);
}

int pool_preallocate(size_t bytes) {
    pthread_mutex_lock(&pool.lock);
    ensure_ready();
    int rc = preallocate_locked(bytes);
    pthread_mutex_unlock(&pool.lock);
    return rc;
}

void pool_get_stats(pool_stats *out) {
    pthread_mutex_lock(&pool.lock);
    size_t largest = 0;
    for (int w = NWORDS - 1; w >= 0 && !largest; w--) {
        if (!pool.nonempty[w]) continue;
        int b = w * 64 + 63 - __builtin_clzll(pool.nonempty[w]);
        for (chunk *c = pool.bins[b]; c; c = c->next)
            if (c->size > largest) largest = c->size;
    }
    *out = (pool_stats){pool.reserved, pool.free_bytes, largest ? largest - HEADER : 0,
                        pool.system_allocs,
                        pool.free_bytes ? 1.0 - (double)largest / (double)pool.free_bytes : 0.0};
    pthread_mutex_unlock(&pool.lock);
}
