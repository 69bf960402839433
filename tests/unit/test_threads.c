/* The thread pool (src/runtime/threads.c): every chunk of [0, n) runs
 * exactly once and with the bounds asked for, across many calls in a row
 * (a worker late for one call must not run chunks of the next); a call
 * made from inside a chunk (the pool busy) runs on its own thread; calls
 * from several threads at once all complete; and a compiled program with
 * threads computes what it computes on one. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

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

/* A row-parallel kernel (tanh over 600 x 512) with 2 threads equals the one-thread answer. */
static const char program[] =
    "func.func @main(%x: tensor<600x512xf32>) -> tensor<600x512xf32> {\n"
    "  %t = stablehlo.tanh %x : tensor<600x512xf32>\n"
    "  %y = stablehlo.multiply %t, %x : tensor<600x512xf32>\n"
    "  return %y : tensor<600x512xf32>\n"
    "}\n";

static float *run_with_threads(float *x, int threads) {
    aj_module *m = NULL;
    aj_executable *e = NULL;
    aj_array *in = NULL, *out = NULL;
    aj_compile_options o = {0};
    o.threads = threads;
    o.no_memory_cache = 1;
    int64_t dims[] = {600, 512};
    float *y = malloc(sizeof(float) * 600 * 512);
    bool ok = aj_module_parse(program, strlen(program), "threads.mlir", &m) == AJ_OK &&
              aj_compile(m, "main", &o, &e) == AJ_OK && aj_array_wrap(AJ_F32, 2, dims, x, &in) == AJ_OK &&
              aj_array_wrap(AJ_F32, 2, dims, y, &out) == AJ_OK &&
              aj_executable_run_into(e, 1, &in, 1, &out) == AJ_OK;
    aj_array_destroy(in);
    aj_array_destroy(out);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    if (ok) return y;
    free(y);
    return NULL;
}

TEST(a_parallel_kernel_computes_what_one_thread_does) {
    float *x = malloc(sizeof(float) * 600 * 512);
    for (int i = 0; i < 600 * 512; i++) x[i] = (float)((int64_t)i * 7919 % 2001 - 1000) / 250.0f;
    float *one = run_with_threads(x, 1), *two = run_with_threads(x, 2);
    EXPECT(one && two);
    if (one && two) EXPECT(memcmp(one, two, sizeof(float) * 600 * 512) == 0);
    free(one);
    free(two);
    free(x);
}

int main(void) {
    RUN(every_chunk_runs_once);
    RUN(calls_in_a_row_keep_their_chunks);
    RUN(a_call_from_inside_a_chunk_runs_alone);
    RUN(callers_on_several_threads_all_finish);
    RUN(a_parallel_kernel_computes_what_one_thread_does);
    return TESTS_DONE();
}
