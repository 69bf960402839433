/* pool: the default allocator below mem.h, after XLA's BFC allocator.
 *
 * Memory comes from the system in regions (mmap), each one at least twice
 * the previous, and is cut into chunks with boundary tags (each chunk knows
 * its size and its neighbour's, so that a freed chunk merges with free
 * neighbours at once: no two free chunks are ever adjacent). Free chunks
 * sit in size-class bins: exact bins 16 bytes apart below 1 KiB (the small
 * allocations of the IR: the first chunk of the bin fits, O(1)), then four
 * bins per power of two; a request takes the best fit among the first few
 * chunks of its own bin, else the first chunk of the next non-empty bin
 * (all of which fit: constant time however many chunks are free), and
 * splits off the rest. Freed memory is
 * kept for reuse; pool_trim gives free memory back. A request of
 * 256 MiB or more that no free chunk fits is mapped on its own and unmapped
 * when freed. Blocks are 16-byte aligned. Thread-safe (one mutex).
 *
 * Preallocation (off by default): pool_preallocate, or at first use
 * ARRAYJIT_PREALLOCATE=BYTES (K, M, G suffixes) or ARRAYJIT_MEM_FRACTION=F
 * (of physical memory), maps one region up front, touches its pages, and
 * keeps it through pool_trim. */
#ifndef POOL_H
#define POOL_H
#include <stddef.h>

void *pool_alloc(void *ctx, size_t size);
void pool_free(void *ctx, void *ptr, size_t size);

typedef struct pool_stats {
    size_t reserved;        /* bytes mapped from the system, now */
    size_t free_bytes;      /* of which in free chunks */
    size_t largest_free;    /* the biggest free chunk's payload */
    size_t system_allocs;   /* mmap calls so far */
    double fragmentation;   /* 1 - largest free chunk / free bytes; 0 when nothing is free */
} pool_stats;

void pool_get_stats(pool_stats *out);
/* Unmaps every region that is wholly free (but the preallocated one), and
 * gives the pages inside the other free chunks back (madvise). */
void pool_trim(void);
/* Maps and keeps a region of `bytes` (0: the kept region becomes an
 * ordinary one, which pool_trim may give back). -1 if the system says no. */
int pool_preallocate(size_t bytes);
/* The physical memory of the machine, for fractions of it. */
size_t pool_physical_memory(void);
#endif
