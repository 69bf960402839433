#include "runtime.h"

#include <pthread.h>
#include <stdbool.h>

#include "../util/clock.h"
#include "../util/mem.h"
#include "threads.h"

struct rt_exec {
    codegen_entry entry;
    char *arena;
    size_t arena_bytes;
    int threads;               /* the code's parallel kernels split over this many */
    pthread_mutex_t running;   /* one call at a time in the one arena */
};

int rt_exec_new(codegen_entry entry, size_t arena_bytes, int threads, rt_exec **out, diag *d) {
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
    e->threads = threads > 1 ? threads : 1;
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

/* ---- the run context -------------------------------------------------------------
 * A call's run context, on its stack (the code keeps no state of its own).
 * The loops of the code count iterations down in run.countdown (all loops
 * one count, so an inner loop's iterations count for the outer ones) and
 * poll at zero. A poll reads the monotonic clock and sizes the next
 * countdown so that polls come about every POLL_SECONDS: it doubles the
 * stride while they come faster, halves it while they come slower (down to
 * polling every iteration, for loops whose iterations are long). A call
 * without a deadline but with threads passes a context whose countdown
 * never runs out. */

#define POLL_SECONDS 1e-3
enum { MAX_STRIDE = 1 << 20 };

typedef struct rt_run {
    codegen_run run;     /* first: the code sees only this */
    double deadline;     /* monotonic seconds; 0: none */
    double last_poll;
    int64_t stride;      /* iterations between polls */
    int fired;           /* the loop that saw the deadline pass; -1: none yet */
    int threads;
} rt_run;

static int poll_deadline(codegen_run *run, int loop) {
    rt_run *r = (rt_run *)run;
    if (r->deadline <= 0) {
        r->run.countdown = INT64_MAX;
        return 0;
    }
    if (r->fired >= 0) return 1;   /* sticky: the countdown stays at 0 */
    double now = clock_now_seconds();
    if (now >= r->deadline) {
        r->fired = loop;
        r->run.countdown = 0;
        return 1;
    }
    if (now - r->last_poll < POLL_SECONDS / 2 && r->stride < MAX_STRIDE) r->stride *= 2;
    else if (now - r->last_poll > POLL_SECONDS * 2 && r->stride > 1) r->stride /= 2;
    r->last_poll = now;
    r->run.countdown = r->stride;
    return 0;
}

static void run_parallel(codegen_run *run, codegen_task task, void *const *ptrs, int64_t n, int64_t chunk) {
    rt_parallel(((rt_run *)run)->threads, task, ptrs, n, chunk);
}

int rt_exec_run(rt_exec *e, void *const *args, void *const *outs, double timeout_seconds) {
    bool limited = timeout_seconds > 0, threaded = e->threads > 1;
    rt_run r = {{limited ? 1 : INT64_MAX, poll_deadline, threaded ? run_parallel : NULL}, 0, 0, 1, -1, e->threads};
    pthread_mutex_lock(&e->running);
    if (limited) r.last_poll = clock_now_seconds(), r.deadline = r.last_poll + timeout_seconds;
    e->entry(e->arena, args, outs, limited || threaded ? &r.run : NULL);
    pthread_mutex_unlock(&e->running);
    return r.fired;
}

size_t rt_exec_arena_bytes(const rt_exec *e) { return e->arena_bytes; }
