/* threads: the one pool of worker threads every compiled program's
 * parallel kernels share (loop and reduce kernels by rows, BLIS products
 * by panels), so that no two pools compete for the cores.
 *
 * A parallel call splits [0, n) into chunks of `chunk` and runs fn on each.
 * The caller works too: it claims chunks like any worker, and when none is
 * left it waits only for the chunks a worker has claimed and not yet
 * finished. A worker the kernel never reaches (asleep, or descheduled
 * because another process holds its core) costs nothing, so a busy machine
 * degrades the call to the caller's own speed, never below it. Workers
 * spin a bounded time (RT_SPIN_SECONDS) after a call for the next one,
 * then sleep on a futex; nothing spins without bound. A worker that finds
 * itself on the caller's core moves to the others, so that a process
 * holding one core leaves us the caller's core and a share of the rest,
 * not one core for both.
 *
 * One call at a time uses the pool: a call that finds it busy (another
 * thread's program) runs all its chunks itself. */
#ifndef RUNTIME_THREADS_H
#define RUNTIME_THREADS_H
#include <stdint.h>

#include "../emit/codegen.h"

/* Runs fn(ptrs, lo, hi) over [0, n) in chunks of `chunk` (the last one
 * shorter) on the caller and up to threads - 1 workers (the pool's first
 * ones: a pool grown by an earlier call of more threads keeps the rest out;
 * one that reads the cap late may still join), and returns when
 * every chunk is done. Workers are started on first use (a failure to
 * start one leaves fewer; the call still completes). */
void rt_parallel(int threads, codegen_task fn, void *const *ptrs, int64_t n, int64_t chunk);

/* Forgets what the pool learnt of the machine's load (how long calls
 * waited on workers, how long each kind of call takes), so that the next
 * calls go to the workers: for a caller that knows the load changed, and
 * for tests that need the workers. */
void rt_forget_load(void);

/* The number of cores this process may run on (sched_getaffinity), >= 1. */
int rt_cores(void);
#endif
