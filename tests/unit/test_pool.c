/* Tests of the allocator: the pool's best fit, splitting and merging,
 * huge requests, preallocation (by environment and by call), trimming,
 * the statistics, and what compiled programs allocate: nothing new from
 * the system on a second call, and a measured peak equal to the
 * compiler's peak_bytes for every benchmark program. The pool is made the
 * allocator first (sanitizer builds default to malloc). */
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/mem.h"
#include "util/pool.h"

static aj_allocator_stats stats(void) {
    aj_allocator_stats s;
    aj_allocator_get_stats(&s);
    return s;
}

/* main sets ARRAYJIT_PREALLOCATE=4M before the pool's first use. */
TEST(environment_preallocates_at_first_use) {
    void *p = mem_alloc(100);
    aj_allocator_stats s = stats();
    EXPECT(s.bytes_reserved >= (size_t)4 << 20);
    EXPECT_EQ_INT(s.system_allocs, 1);
    void *big = mem_alloc((size_t)3 << 20);   /* fits in the preallocated region */
    EXPECT_EQ_INT(stats().system_allocs, 1);
    mem_free(big);
    mem_free(p);
    aj_trim();
    EXPECT(stats().bytes_reserved >= (size_t)4 << 20);   /* kept */
    EXPECT_EQ_INT(aj_pool_preallocate(0, 0), AJ_OK);     /* ordinary again */
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

TEST(preallocation_by_call_serves_without_the_system) {
    EXPECT_EQ_INT(aj_pool_preallocate(0, 2.0), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "fraction");
    EXPECT_EQ_INT(aj_pool_preallocate((size_t)8 << 20, 0), AJ_OK);
    aj_allocator_stats s = stats();
    EXPECT(s.bytes_reserved >= (size_t)8 << 20);
    void *p[7];
    for (int i = 0; i < 7; i++) p[i] = mem_alloc_buffer((size_t)1 << 20);
    EXPECT_EQ_INT(stats().system_allocs, s.system_allocs);
    for (int i = 0; i < 7; i++) mem_free(p[i]);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, s.bytes_reserved);
    EXPECT_EQ_INT(aj_pool_preallocate(0, 0), AJ_OK);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

TEST(freed_neighbours_merge_and_trim_returns_everything) {
    char *a = mem_alloc(1000), *b = mem_alloc(1000), *c = mem_alloc(1000);
    char *guard = mem_alloc(16);
    aj_allocator_stats s0 = stats();
    EXPECT_EQ_INT(s0.system_allocs >= 1, 1);
    mem_free(a);
    mem_free(c);
    /* Two free holes of ~1 KiB and the region's tail: fragmented. */
    EXPECT(stats().fragmentation > 0);
    mem_free(b);   /* merges with both */
    char *abc = mem_alloc(3000);
    EXPECT(abc == a);   /* the merged chunk is the best fit */
    mem_free(abc);
    mem_free(guard);
    aj_allocator_stats s = stats();
    EXPECT_EQ_INT(s.bytes_in_use, 0);
    EXPECT_EQ_INT(s.fragmentation, 0);   /* one free chunk per region, and one region */
    EXPECT_EQ_INT(s.bytes_free + 64 + 16, s.bytes_reserved);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

TEST(best_fit_takes_the_smallest_hole_that_fits) {
    char *big = mem_alloc(8192), *sep1 = mem_alloc(16), *small = mem_alloc(2048), *sep2 = mem_alloc(16);
    mem_free(big);
    mem_free(small);
    char *p = mem_alloc(2000);
    EXPECT(p == small);
    char *q = mem_alloc(5000);
    EXPECT(q == big);    /* split: the rest stays free */
    char *r = mem_alloc(2000);
    EXPECT(r > big && r < sep1);
    mem_free(p), mem_free(q), mem_free(r), mem_free(sep1), mem_free(sep2);
    aj_trim();
}

/* Random sizes, random frees, every block filled with its own byte and
 * checked: no two live blocks overlap, and freeing all gives one chunk. */
TEST(random_workload_keeps_blocks_apart) {
    enum { N = 4000 };
    static unsigned char *p[N];
    static size_t size[N];
    srand(7);
    for (int round = 0; round < 20000; round++) {
        int i = rand() % N;
        if (p[i]) {
            for (size_t k = 0; k < size[i]; k++)
                if (p[i][k] != (unsigned char)i) { EXPECT(0); round = 20000; break; }
            mem_free(p[i]);
            p[i] = NULL;
        } else {
            size[i] = rand() % 4 ? (size_t)(rand() % 300) : (size_t)(rand() % 200000);
            p[i] = mem_alloc(size[i]);
            memset(p[i], i & 0xff, size[i]);
        }
    }
    for (int i = 0; i < N; i++) mem_free(p[i]), p[i] = NULL;
    aj_allocator_stats s = stats();
    EXPECT_EQ_INT(s.bytes_in_use, 0);
    EXPECT_EQ_INT(s.fragmentation, 0);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

static long resident_pages(void) {
    long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%ld %ld", &size, &resident) != 2) resident = 0;
    if (f) fclose(f);
    return resident;
}

/* A region held by one small live block still gives its free pages back. */
TEST(trim_releases_free_pages_of_regions_in_use) {
    char *big = mem_alloc((size_t)64 << 20);
    char *keep = mem_alloc(64);   /* in the rest of big's region */
    EXPECT(keep > big && keep < big + ((size_t)65 << 20));
    memset(big, 1, (size_t)64 << 20);
    mem_free(big);
    size_t reserved = stats().bytes_reserved;
    long before = resident_pages();
    aj_trim();
    long after = resident_pages();
    long page = sysconf(_SC_PAGESIZE);
    EXPECT(before - after >= ((long)60 << 20) / page);
    EXPECT_EQ_INT(stats().bytes_reserved, reserved);   /* the region stays: keep is in it */
    mem_free(keep);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

/* Threads allocating and freeing at once: blocks stay apart, the counts
 * come back to zero. */
static void *churn(void *arg) {
    unsigned id = (unsigned)(size_t)arg, seed = id;
    unsigned char *p[64] = {0};
    size_t size[64] = {0};
    long bad = 0;
    for (int round = 0; round < 20000; round++) {
        int i = (int)(rand_r(&seed) % 64);
        if (p[i]) {
            for (size_t k = 0; k < size[i]; k++) bad += p[i][k] != (unsigned char)(i + id);
            mem_free(p[i]);
            p[i] = NULL;
        } else {
            size[i] = rand_r(&seed) % 3000;
            if (!(p[i] = mem_alloc(size[i]))) bad++;
            else memset(p[i], (unsigned char)(i + id), size[i]);
        }
    }
    for (int i = 0; i < 64; i++) mem_free(p[i]);
    return (void *)bad;
}

TEST(threads_share_the_pool) {
    enum { NT = 4 };
    pthread_t t[NT];
    for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, churn, (void *)(size_t)(i + 1));
    for (int i = 0; i < NT; i++) {
        void *bad;
        pthread_join(t[i], &bad);
        EXPECT_EQ_INT((long)bad, 0);
    }
    EXPECT_EQ_INT(stats().bytes_in_use, 0);
    EXPECT_EQ_INT(stats().fragmentation, 0);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

TEST(huge_requests_are_mapped_alone) {
    size_t before = stats().system_allocs;
    void *p = mem_alloc((size_t)300 << 20);
    EXPECT(p != NULL);
    aj_allocator_stats s = stats();
    EXPECT_EQ_INT(s.system_allocs, before + 1);
    EXPECT(s.bytes_reserved >= (size_t)300 << 20);
    mem_free(p);
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
}

TEST(peak_resets_to_what_is_in_use) {
    void *a = mem_alloc(5000), *b = mem_alloc_buffer(7000);
    mem_free(b);
    aj_allocator_stats s = stats();
    EXPECT(s.peak_bytes_in_use >= 12000);
    EXPECT(s.peak_array_bytes_in_use >= 7000);
    aj_allocator_reset_peak();
    s = stats();
    EXPECT_EQ_INT(s.peak_bytes_in_use, s.bytes_in_use);
    EXPECT_EQ_INT(s.peak_array_bytes_in_use, 0);
    mem_free(a);
    EXPECT_EQ_INT(aj_set_allocator(NULL), AJ_OK);   /* nothing live */
    EXPECT_EQ_INT(aj_set_allocator(aj_pool_allocator()), AJ_OK);
    void *live = mem_alloc(1);
    EXPECT_EQ_INT(aj_set_allocator(aj_system_allocator()), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "still live");
    mem_free(live);
}

/* ---- compiled programs ------------------------------------------------------ */

static char *bench_path(const char *name) {
    static char buf[4096];
    const char *root = getenv("AJ_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/../bench/programs/%s", root ? root : "tests", name);
    return buf;
}

/* Inputs for every parameter of main: a ramp in [-1, 1). */
static int make_inputs(aj_module *m, int n, aj_array **in) {
    for (int i = 0; i < n; i++) {
        aj_dtype dt;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        if (aj_module_arg_type(m, "main", 0, i, &dt, &rank, dims) || aj_array_create(dt, rank, dims, &in[i]))
            return -1;
        if (dt != AJ_F32) continue;
        float *p = aj_array_data(in[i]);
        for (int64_t j = 0; j < aj_array_numel(in[i]); j++) p[j] = (float)(j % 97) / 48.5f - 1;
    }
    return 0;
}

/* Compiles a program (donating `donate`), runs it twice and checks that
 * the measured array peak of a run is the compiler's peak_bytes (arguments,
 * arena and outputs, less outputs held in donated arguments) and that the
 * second run asks the system for nothing. */
static void check_program(const char *name, uint64_t donate) {
    aj_module *m;
    int nin, nout;
    EXPECT_EQ_INT(aj_module_load(bench_path(name), &m), AJ_OK);
    EXPECT_EQ_INT(aj_module_signature(m, "main", &nin, &nout), AJ_OK);
    aj_compile_options o = {.no_memory_cache = 1, .donate = donate};
    aj_executable *e;
    aj_memory_stats ms;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    EXPECT_EQ_INT(aj_executable_memory(e, &ms), AJ_OK);
    EXPECT_EQ_INT(stats().array_bytes_in_use, ms.temp_bytes);   /* the arena, nothing else */
    enum { MAX_ARGS = 64 };
    aj_array *in[MAX_ARGS], *out[MAX_ARGS];
    EXPECT(nin <= MAX_ARGS && nout <= MAX_ARGS);
    if (nin > MAX_ARGS || nout > MAX_ARGS) return;
    EXPECT_EQ_INT(make_inputs(m, nin, in), 0);
    EXPECT_EQ_INT(stats().array_bytes_in_use, ms.temp_bytes + ms.argument_bytes);
    for (int call = 0; call < 2; call++) {
        aj_allocator_stats before = stats();
        aj_allocator_reset_peak();
        EXPECT_EQ_INT(aj_executable_run(e, nin, in, nout, out), AJ_OK);
        aj_allocator_stats after = stats();
        if (after.peak_array_bytes_in_use != ms.peak_bytes)
            fprintf(stderr, "%s (donate %#llx), call %d: measured peak %zu, compiler's %zu\n", name,
                    (unsigned long long)donate, call, after.peak_array_bytes_in_use, ms.peak_bytes);
        EXPECT_EQ_INT(after.peak_array_bytes_in_use, ms.peak_bytes);
        if (call == 1) {
            EXPECT_EQ_INT(after.system_allocs, before.system_allocs);
            EXPECT_EQ_INT(after.bytes_reserved, before.bytes_reserved);
        }
        /* The next call's inputs: donated ones (by `donate` or by the program's
           own marks) live on in the outputs that took their buffers. */
        for (int j = 0; j < nout; j++) {
            int reused = 0;
            for (int i = 0; i < nin && !reused; i++)
                if (aj_array_data(out[j]) == aj_array_data(in[i])) {
                    aj_array_destroy(in[i]);
                    in[i] = out[j];
                    reused = 1;
                }
            if (!reused) aj_array_destroy(out[j]);
        }
    }
    for (int i = 0; i < nin; i++) aj_array_destroy(in[i]);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    EXPECT_EQ_INT(stats().array_bytes_in_use, 0);
}

TEST(measured_peak_is_the_compilers_for_every_bench_program) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", bench_path(""));
    DIR *d = opendir(dir);
    EXPECT(d != NULL);
    int n = 0;
    for (struct dirent *ent; d && (ent = readdir(d));) {
        size_t len = strlen(ent->d_name);
        if (len < 5 || strcmp(ent->d_name + len - 5, ".mlir") != 0) continue;
        check_program(ent->d_name, 0);
        n++;
    }
    if (d) closedir(d);
    EXPECT_EQ_INT(n, 23);   /* bench/jax/export_programs.py's table */
    check_program("mlp_train_step.mlir", 0x3f);   /* parameters donated, as a training loop does */
}

static aj_status negate(aj_builder *b, int nin, const aj_value *x, const void *static_args,
                       size_t static_size, void *user, int nout, aj_value *results) {
    (void)nin, (void)static_args, (void)static_size, (void)user, (void)nout;
    return aj_unary(b, AJ_NEGATE, x[0], &results[0]);
}

/* aj_clear_caches drops the cached executables (aj_compile's and an
 * aj_jit's) and then the pooled memory they held. */
TEST(clearing_caches_returns_pooled_memory) {
    char cache_dir[] = "/tmp/aj_test_pool_XXXXXX";
    EXPECT(mkdtemp(cache_dir) != NULL);
    aj_module *m;
    EXPECT_EQ_INT(aj_module_load(bench_path("gelu.mlir"), &m), AJ_OK);
    aj_compile_options o = {.cache_dir = cache_dir};
    aj_executable *e;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    aj_executable_destroy(e);   /* the in-memory cache keeps it */
    aj_module_destroy(m);
    aj_jit *j;
    aj_array *x, *y;
    const int64_t dims[1] = {1000};
    EXPECT_EQ_INT(aj_jit_create(negate, NULL, &o, &j), AJ_OK);
    EXPECT_EQ_INT(aj_jit_call(j, 0, NULL, NULL, 0, 0, NULL), AJ_ERR_INVALID);   /* a trace error */
    EXPECT_EQ_INT(aj_array_create(AJ_F32, 1, dims, &x), AJ_OK);
    EXPECT_EQ_INT(aj_jit_call(j, 1, &x, NULL, 0, 1, &y), AJ_OK);
    aj_array_destroy(y);
    aj_array_destroy(x);
    EXPECT(stats().bytes_in_use > 0);   /* the two executables and the jit */
    EXPECT(stats().bytes_reserved > 0);
    aj_jit *keep = j;
    aj_allocator_stats before = stats();
    EXPECT_EQ_INT(aj_clear_caches(cache_dir), AJ_OK);
    aj_allocator_stats after = stats();
    EXPECT(after.bytes_in_use < before.bytes_in_use);
    EXPECT(after.bytes_reserved < before.bytes_reserved);
    /* What is left is the jit itself; its next call traces again. */
    EXPECT_EQ_INT(aj_array_create(AJ_F32, 1, dims, &x), AJ_OK);
    EXPECT_EQ_INT(aj_jit_call(keep, 1, &x, NULL, 0, 1, &y), AJ_OK);
    EXPECT_EQ_INT(aj_jit_trace_count(keep), 3);
    aj_array_destroy(y);
    aj_array_destroy(x);
    aj_jit_destroy(keep);
    EXPECT_EQ_INT(stats().bytes_in_use, 0);
    aj_trim();
    EXPECT_EQ_INT(stats().bytes_reserved, 0);
    EXPECT_EQ_INT(aj_clear_caches(cache_dir), AJ_OK);
    rmdir(cache_dir);
}

int main(void) {
    setenv("ARRAYJIT_PREALLOCATE", "4M", 1);
    if (aj_set_allocator(aj_pool_allocator())) return 1;
    RUN(environment_preallocates_at_first_use);
    RUN(preallocation_by_call_serves_without_the_system);
    RUN(freed_neighbours_merge_and_trim_returns_everything);
    RUN(best_fit_takes_the_smallest_hole_that_fits);
    RUN(random_workload_keeps_blocks_apart);
    RUN(trim_releases_free_pages_of_regions_in_use);
    RUN(threads_share_the_pool);
    RUN(huge_requests_are_mapped_alone);
    RUN(peak_resets_to_what_is_in_use);
    RUN(measured_peak_is_the_compilers_for_every_bench_program);
    RUN(clearing_caches_returns_pooled_memory);
    return TESTS_DONE();
}
