/* mem: the one allocation interface every internal module uses.
 *
 * All bytes go through mem_alloc/mem_free (and mem_alloc_buffer for array
 * data and arenas) so that a caller can replace the allocator
 * (aj_set_allocator), a test can make the n-th allocation fail, and the
 * statistics (aj_allocator_get_stats) see everything. Below this interface
 * sits the current aj_allocator: by default the pool (pool.h), or the C
 * library's malloc in sanitizer builds and with ARRAYJIT_ALLOCATOR=system,
 * so that AddressSanitizer sees every block and LeakSanitizer every leak.
 * mem_alloc(0) returns a unique non-NULL pointer; mem_free(NULL) is a no-op.
 * Thread-safe (the counters are atomic; the pool has its lock). */
#ifndef MEM_H
#define MEM_H
#include <stddef.h>

#include "arrayjit.h"

void *mem_alloc(size_t size);
void *mem_calloc(size_t count, size_t size);      /* zeroed; NULL on overflow */
void *mem_realloc(void *ptr, size_t size);
void mem_free(void *ptr);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);

/* An array buffer or an executable's arena: counted apart in the statistics
 * (array_bytes_in_use), which is what a compiled program's peak_bytes
 * speaks of. Freed with mem_free. */
void *mem_alloc_buffer(size_t size);

/* Grows *ptr (an array of elem_size items with capacity *cap) to hold at
 * least `need` items. Returns 0, or -1 leaving *ptr untouched on failure. */
int mem_grow(void **ptr, int *cap, int need, size_t elem_size);

/* Makes a the allocator below this interface (NULL: the default). Only
 * while nothing allocated through it is live, since every block must go
 * back to the allocator it came from: returns -1 otherwise. */
int mem_set_allocator(const aj_allocator *a);
extern const aj_allocator mem_system_allocator;   /* malloc and free */
extern const aj_allocator mem_pool_allocator;     /* pool.h */

/* Failure injection for tests, two modes (either, both or neither armed;
 * not thread-safe to arm):
 * - by count: the n-th allocation from now (1-based) and every later one
 *   fail while armed; 0 disarms.
 * - by bytes (as Lua's tests do): while armed, an allocation that would take
 *   mem_live_bytes() past cap fails, and later ones that fit succeed, as
 *   under a real limit; 0 disarms. mem_first_refused() is the live bytes the
 *   first refused allocation since arming would have reached (0: none
 *   refused), so a cap sweep can step straight to the next cap at which the
 *   allocation sequence changes. */
void mem_fail_after(long n);
void mem_fail_above(size_t cap);
size_t mem_first_refused(void);

/* Bytes currently allocated through this interface (for leak tests). */
size_t mem_live_bytes(void);

void mem_get_stats(aj_allocator_stats *out);
void mem_reset_peak(void);
/* Returns what the pool holds free to the system (see pool_trim). */
void mem_trim(void);
#endif
