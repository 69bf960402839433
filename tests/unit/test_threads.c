/* The thread pool (src/runtime/threads.c): every chunk of [0, n) runs
 * exactly once and with the bounds asked for, across many calls in a row
 * (a worker late for one call must not run chunks of the next); a call
 * made from inside a chunk (the pool busy) runs on its own thread; calls
 * from several threads at once all complete; a worker that finds itself
 * on its caller's core moves off it; and a compiled program with threads
 * computes what it computes on one. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arrayjit.h"
#include "runtime/threads.h"
#include "testing.h"

/* ptrs[0]: per element, how many times a chunk covered it; ptrs[1]: the
 * chunk size, ptrs[2]: n. A share is a run of whole chunks (the caller
 * alone takes [0, n) in one). */
static void count_cover(void *const *ptrs, int64_t lo, int64_t hi) {
    _Atomic int *seen = ptrs[0];
    int64_t chunk = *(const int64_t *)ptrs[1], n = *(const int64_t *)ptrs[2];
    if (lo % chunk || (hi != n && hi % chunk)) atomic_fetch_add(&seen[0], 1000);   /* a bound off the grid */
    for (int64_t i = lo; i < hi; i++) atomic_fetch_add(&seen[i], 1);
}

/* Runs [0, n) in chunks on `threads` and checks each element was covered once. */
static bool covers_once(int threads, int64_t n, int64_t chunk) {
    _Atomic int *seen = calloc((size_t)n, sizeof *seen);
    void *ptrs[] = {seen, &chunk, &n};
    rt_parallel(threads, count_cover, ptrs, n, chunk);
    bool ok = true;
    for (int64_t i = 0; i < n; i++) ok &= atomic_load(&seen[i]) == 1;
    free(seen);
    return ok;
}

TEST(every_chunk_runs_once) {
    EXPECT(covers_once(2, 1000, 7));
    EXPECT(covers_once(4, 1 << 16, 1024));
    EXPECT(covers_once(2, 5, 100));    /* one chunk: the caller alone */
    EXPECT(covers_once(1, 999, 10));   /* one thread */
    EXPECT(covers_once(3, 64, 1));     /* a chunk per element */
}

TEST(calls_in_a_row_keep_their_chunks) {
    int bad = 0;
    for (int call = 0; call < 20000; call++) bad += !covers_once(3, 37 + call % 50, 1 + call % 5);
    EXPECT_EQ_INT(bad, 0);
}

static void nested_call(void *const *ptrs, int64_t lo, int64_t hi) {
    (void)lo, (void)hi;
    if (!covers_once(2, 300, 10)) atomic_fetch_add((_Atomic int *)ptrs[0], 1);
}

TEST(a_call_from_inside_a_chunk_runs_alone) {
    _Atomic int failures = 0;
    void *ptrs[] = {&failures};
    rt_parallel(2, nested_call, ptrs, 8, 1);
    EXPECT_EQ_INT(atomic_load(&failures), 0);
}

static void *caller_thread(void *arg) {
    _Atomic int *failures = arg;
    for (int i = 0; i < 2000; i++)
        if (!covers_once(2, 513, 16)) atomic_fetch_add(failures, 1);
    return NULL;
}

TEST(callers_on_several_threads_all_finish) {
    _Atomic int failures = 0;
    pthread_t t[3];
    for (int i = 0; i < 3; i++) EXPECT_EQ_INT(pthread_create(&t[i], NULL, caller_thread, &failures), 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    EXPECT_EQ_INT(atomic_load(&failures), 0);
}

/* Spins for `us` microseconds. */
static void spin_for(long us) {
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < us * 1000);
}

/* ptrs[0]: up to 8 distinct threads that ran a chunk of the call (a
 * lock-free set of pthread_t, first free slot claimed), each chunk ~20 us. */
static void note_thread(void *const *ptrs, int64_t lo, int64_t hi) {
    (void)lo, (void)hi;
    _Atomic(pthread_t) *seen = ptrs[0];
    _Atomic int *used = ptrs[1];
    pthread_t me = pthread_self();
    bool known = false;
    for (int i = 0; i < atomic_load(used) && !known; i++) known = pthread_equal(atomic_load(&seen[i]), me);
    if (!known) {
        int i = atomic_fetch_add(used, 1);
        if (i < 8) atomic_store(&seen[i], me);
    }
    spin_for(20);
}

/* A pool grown by a call of 4 threads keeps a later call of 2 to the
 * caller and one worker (a worker that reads the cap late may join: at
 * most a few calls in 100). */
TEST(a_call_uses_at_most_its_threads) {
    _Atomic(pthread_t) seen[8];
    _Atomic int used = 0;
    void *ptrs[] = {seen, &used};
    rt_forget_load();
    rt_parallel(4, note_thread, ptrs, 64, 1);
    int over = 0;
    for (int call = 0; call < 100; call++) {
        atomic_store(&used, 0);
        rt_parallel(2, note_thread, ptrs, 16, 1);
        over += atomic_load(&used) > 2;
    }
    EXPECT(over <= 3);
}

/* The core pinned_caller_moves_workers_off pins the caller to, the
 * caller, and what its chunks saw: on the pinning call a worker's chunk
 * pins the worker onto that core; after it, chunks count where workers ran. */
static int caller_core;
static pthread_t the_caller;
static _Atomic bool pinning;
static _Atomic int worker_chunks, worker_chunks_on_caller_core;

static bool pin_to(int core) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

/* A worker's chunk records itself (pinning or counting); the caller's
 * chunk waits, up to a second, for a worker to have run one, so that
 * workers take part in every call. */
static void note_core(void *const *ptrs, int64_t lo, int64_t hi) {
    (void)ptrs, (void)lo, (void)hi;
    if (!pthread_equal(pthread_self(), the_caller)) {
        if (atomic_load(&pinning)) pin_to(caller_core);
        else if (sched_getcpu() == caller_core) atomic_fetch_add(&worker_chunks_on_caller_core, 1);
        atomic_fetch_add(&worker_chunks, 1);
        return;
    }
    for (int i = 0; i < 1000 && atomic_load(&worker_chunks) == 0; i++) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

static void call_noting_cores(void) {
    atomic_store(&worker_chunks, 0);
    rt_parallel(2, note_core, NULL, 8, 1);
}

/* The scheduler may leave two busy threads of ours on one core while
 * another process holds the other; the pool must not (threads.c,
 * avoid_caller_core). Workers forced onto the caller's core leave it at
 * the next call. */
TEST(pinned_caller_moves_workers_off) {
    if (rt_cores() < 2) {
        printf("  (one core: skipped)\n");
        return;
    }
    cpu_set_t all;
    EXPECT(sched_getaffinity(0, sizeof all, &all) == 0);
    the_caller = pthread_self();
    caller_core = sched_getcpu();
    EXPECT(pin_to(caller_core));
    rt_forget_load();
    atomic_store(&pinning, true);
    call_noting_cores();
    EXPECT(atomic_load(&worker_chunks) > 0);
    atomic_store(&pinning, false);
    int ran = 0;
    for (int call = 0; call < 20; call++) {
        call_noting_cores();
        ran += atomic_load(&worker_chunks);
    }
    EXPECT(ran > 0);
    EXPECT_EQ_INT(atomic_load(&worker_chunks_on_caller_core), 0);
    sched_setaffinity(0, sizeof all, &all);
}

/* Counts the calls a worker takes part in: ptrs[0] the count, ptrs[1]
 * this call's flag. */
static bool note_worker(void *const *ptrs) {
    bool worker = !pthread_equal(pthread_self(), the_caller);
    if (worker && !atomic_exchange((_Atomic bool *)ptrs[1], true)) atomic_fetch_add((_Atomic int *)ptrs[0], 1);
    return worker;
}

/* Per element: 100 us of the caller's time, or 3 ms asleep on a worker
 * (a worker whose core another process holds); ptrs as note_worker's. */
static void slow_on_workers(void *const *ptrs, int64_t lo, int64_t hi) {
    bool worker = note_worker(ptrs);
    for (int64_t i = lo; i < hi; i++) {
        if (!worker) {
            spin_for(100);
            continue;
        }
        struct timespec ms3 = {0, 3000000};
        nanosleep(&ms3, NULL);
    }
}

/* 100 us of work per element, wherever it runs; ptrs as note_worker's. */
static void even_on_workers(void *const *ptrs, int64_t lo, int64_t hi) {
    note_worker(ptrs);
    for (int64_t i = lo; i < hi; i++) spin_for(100);
}

/* 100 calls of slow_on_workers from a pool that forgot the load. */
static void call_with_late_workers(void *const *ptrs) {
    the_caller = pthread_self();
    rt_forget_load();
    for (int call = 0; call < 100; call++) {
        atomic_store((_Atomic bool *)ptrs[1], false);
        rt_parallel(2, slow_on_workers, ptrs, 2, 1);
    }
}

/* Calls whose workers keep the caller waiting longer than they save it
 * (threads.c, LATE_WEIGHT) go on the caller alone, but for a probe now and
 * then (from every 10 ms, backing off): of 100 calls, a worker took part
 * in a few. */
TEST(calls_that_wait_on_workers_run_alone) {
    _Atomic int joined = 0;
    _Atomic bool this_call = false;
    void *ptrs[] = {(void *)&joined, (void *)&this_call};
    call_with_late_workers(ptrs);
    EXPECT(atomic_load(&joined) <= 8);
}

/* Once the workers keep up again, the probes find it and calls go back to
 * them: within 3 s (the longest gap between probes is 0.5 s), ten calls in
 * a row with a worker. */
TEST(calls_go_back_to_workers_when_the_load_goes) {
    if (rt_cores() < 2) {
        printf("  (one core: skipped)\n");
        return;
    }
    _Atomic int joined = 0;
    _Atomic bool this_call = false;
    void *ptrs[] = {(void *)&joined, (void *)&this_call};
    call_with_late_workers(ptrs);
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int in_a_row = 0;
    do {
        atomic_store(&this_call, false);
        rt_parallel(2, even_on_workers, ptrs, 8, 1);
        in_a_row = atomic_load(&this_call) ? in_a_row + 1 : 0;
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while (in_a_row < 10 && t.tv_sec - t0.tv_sec < 3);
    EXPECT(in_a_row >= 10);
}

/* A row-parallel kernel (tanh over 600 x 512) and a product split by
 * columns (600 x 512 by 512 x 1024) and by rows (2048 x 64 by 64 x 128),
 * each with 2 threads, equal the one-thread answers bit for bit: a chunk
 * computes its elements as the whole does. */
static const char program[] =
    "func.func @main(%x: tensor<600x512xf32>, %w: tensor<512x1024xf32>, %a: tensor<2048x64xf32>,\n"
    "                %b: tensor<64x128xf32>) -> (tensor<600x512xf32>, tensor<600x1024xf32>, tensor<2048x128xf32>) {\n"
    "  %t = stablehlo.tanh %x : tensor<600x512xf32>\n"
    "  %y = stablehlo.multiply %t, %x : tensor<600x512xf32>\n"
    "  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<600x512xf32>, tensor<512x1024xf32>) -> tensor<600x1024xf32>\n"
    "  %e = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2048x64xf32>, tensor<64x128xf32>) -> tensor<2048x128xf32>\n"
    "  return %y, %d, %e : tensor<600x512xf32>, tensor<600x1024xf32>, tensor<2048x128xf32>\n"
    "}\n";

enum { NARGS = 4, NOUTS = 3 };
static const int64_t arg_dims[NARGS][2] = {{600, 512}, {512, 1024}, {2048, 64}, {64, 128}};
static const int64_t out_dims[NOUTS][2] = {{600, 512}, {600, 1024}, {2048, 128}};

static size_t count(const int64_t *d) { return (size_t)(d[0] * d[1]); }

/* The outputs (malloc'ed, out[i]) with `threads`; false on any failure. */
static bool run_with_threads(float *const *x, int threads, float **y) {
    aj_module *m = NULL;
    aj_executable *e = NULL;
    aj_array *in[NARGS] = {0}, *out[NOUTS] = {0};
    aj_compile_options o = {0};
    o.threads = threads;
    o.no_memory_cache = 1;
    bool ok = aj_module_parse(program, strlen(program), "threads.mlir", &m) == AJ_OK &&
              aj_compile(m, "main", &o, &e) == AJ_OK;
    for (int i = 0; i < NARGS; i++) ok = ok && aj_array_wrap(AJ_F32, 2, arg_dims[i], x[i], &in[i]) == AJ_OK;
    for (int i = 0; i < NOUTS; i++) {
        y[i] = malloc(sizeof(float) * count(out_dims[i]));
        ok = ok && y[i] && aj_array_wrap(AJ_F32, 2, out_dims[i], y[i], &out[i]) == AJ_OK;
    }
    ok = ok && aj_executable_run_into(e, NARGS, in, NOUTS, out) == AJ_OK;
    for (int i = 0; i < NARGS; i++) aj_array_destroy(in[i]);
    for (int i = 0; i < NOUTS; i++) aj_array_destroy(out[i]);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return ok;
}

TEST(parallel_kernels_compute_what_one_thread_does) {
    float *x[NARGS], *one[NOUTS] = {0}, *two[NOUTS] = {0};
    for (int i = 0; i < NARGS; i++) {
        x[i] = malloc(sizeof(float) * count(arg_dims[i]));
        for (size_t j = 0; j < count(arg_dims[i]); j++)
            x[i][j] = (float)((int64_t)(j + (size_t)i) * 7919 % 2001 - 1000) / 250.0f;
    }
    bool ran = run_with_threads(x, 1, one) && run_with_threads(x, 2, two);
    EXPECT(ran);
    for (int i = 0; i < NOUTS && ran; i++)
        if (memcmp(one[i], two[i], sizeof(float) * count(out_dims[i])) != 0) {
            fprintf(stderr, "output %d differs with 2 threads\n", i);
            testing_failed_checks++;
        }
    for (int i = 0; i < NARGS; i++) free(x[i]);
    for (int i = 0; i < NOUTS; i++) free(one[i]), free(two[i]);
}

int main(void) {
    RUN(every_chunk_runs_once);
    RUN(calls_in_a_row_keep_their_chunks);
    RUN(a_call_from_inside_a_chunk_runs_alone);
    RUN(callers_on_several_threads_all_finish);
    RUN(a_call_uses_at_most_its_threads);
    RUN(pinned_caller_moves_workers_off);
    RUN(parallel_kernels_compute_what_one_thread_does);
    RUN(calls_that_wait_on_workers_run_alone);
    RUN(calls_go_back_to_workers_when_the_load_goes);
    return TESTS_DONE();
}
