/* memory.c: the allocator, its pool and its statistics (over util/mem). */
#include "api.h"
#include "../util/mem.h"
#include "../util/pool.h"

const aj_allocator *aj_pool_allocator(void) { return &mem_pool_allocator; }
const aj_allocator *aj_system_allocator(void) { return &mem_system_allocator; }

aj_status aj_set_allocator(const aj_allocator *a) {
    if (a && (!a->alloc || !a->free))
        return api_fail(AJ_ERR_INVALID, "aj_set_allocator: alloc and free are required");
    if (mem_set_allocator(a))
        return api_fail(AJ_ERR_INVALID, "aj_set_allocator: %zu bytes allocated by the current "
                        "allocator are still live (destroy every handle and call aj_clear_caches first)",
                        mem_live_bytes());
    return AJ_OK;
}

aj_status aj_pool_preallocate(size_t bytes, double fraction) {
    if (fraction < 0 || fraction > 1)
        return api_fail(AJ_ERR_INVALID, "aj_pool_preallocate: fraction %g is not within [0, 1]", fraction);
    if (!bytes) bytes = (size_t)(fraction * (double)pool_physical_memory());
    if (pool_preallocate(bytes))
        return api_fail(AJ_ERR_NOMEM, "out of memory reserving %zu bytes for the pool", bytes);
    return AJ_OK;
}

void aj_trim(void) { mem_trim(); }
void aj_allocator_get_stats(aj_allocator_stats *out) { mem_get_stats(out); }
void aj_allocator_reset_peak(void) { mem_reset_peak(); }
