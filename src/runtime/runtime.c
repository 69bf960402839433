#include "runtime.h"

#include <pthread.h>

#include "../util/mem.h"

struct rt_exec {
    codegen_entry entry;
    char *arena;
    size_t arena_bytes;
    pthread_mutex_t running;   /* one call at a time in the one arena */
};

int rt_exec_new(codegen_entry entry, size_t arena_bytes, rt_exec **out, diag *d) {
    rt_exec *e = mem_calloc(1, sizeof *e);
    if (!e) return diag_nomem(d);
    /* mem_alloc aligns to 16 bytes; the generated code assumes no more (its
     * arena offsets are 64-byte multiples relative to the base). */
    e->arena = arena_bytes ? mem_alloc_buffer(arena_bytes) : NULL;
    if (arena_bytes && !e->arena) {
        mem_free(e);
        return diag_set(d, DIAG_NOMEM, "out of memory allocating the %zu-byte arena", arena_bytes);
    }
    e->entry = entry;
    e->arena_bytes = arena_bytes;
    pthread_mutex_init(&e->running, NULL);
    *out = e;
    return DIAG_OK;
}

void rt_exec_free(rt_exec *e) {
    if (!e) return;
    pthread_mutex_destroy(&e->running);
    mem_free(e->arena);
    mem_free(e);
}

void rt_exec_run(rt_exec *e, void *const *args, void *const *outs) {
    pthread_mutex_lock(&e->running);
    e->entry(e->arena, args, outs);
    pthread_mutex_unlock(&e->running);
}

size_t rt_exec_arena_bytes(const rt_exec *e) { return e->arena_bytes; }
