/* bench: compiles and times the programs in bench/programs and prints a
 * table: compiled time (median of runs), its ratio to the bound that matters
 * (the memory-bandwidth roofline measured by a STREAM triad in this run, or
 * the BLAS's own sgemm rate for matmul-bound programs), temp bytes against
 * the live-set lower bound, the evaluator's peak, and compile time cold and
 * from the disk cache.
 *
 *   build/bench_arrayjit [--runs=N] [PROGRAM.mlir...]   (default: the five in bench/programs)
 *
 * A client of include/arrayjit.h, plus BLIS for the sgemm peer: the BLAS the
 * generated code calls, with the kernels it selects (skx on AVX-512). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arrayjit.h"
#include "../tools/timing.h"

/* STREAM triad a = b + s*c over arrays far bigger than the caches: bytes
 * moved per second (3 arrays, counting the write once, as STREAM does). */
static double triad_bandwidth(int runs) {
    size_t n = 32u << 20;
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    if (!a || !b || !c) return 0;
    for (size_t i = 0; i < n; i++) a[i] = 0, b[i] = 1, c[i] = 2;
    double t[32];
    for (int r = 0; r < runs; r++) {
        double start = timing_now();
        for (size_t i = 0; i < n; i++) a[i] = b[i] + 1.5f * c[i];
        t[r] = timing_now() - start;
    }
    volatile float sink = a[n / 2];
    (void)sink;
    free(a), free(b), free(c);
    return 3.0 * n * sizeof(float) / timing_median(t, runs);
}

/* BLIS's typed API (declared here as the generated code declares it). */
void bli_sgemm(unsigned transa, unsigned transb, int64_t m, int64_t n, int64_t k, float *alpha,
               float *a, int64_t rsa, int64_t csa, float *b, int64_t rsb, int64_t csb, float *beta,
               float *c, int64_t rsc, int64_t csc);
enum { BLIS_NO_TRANSPOSE = 0 };

/* The BLAS's own sgemm rate for an m x k by k x n product, in FLOP/s,
 * single-threaded as the generated code calls it, on operands in memory
 * that has been written, as the programs' inputs are (make_inputs). Not
 * calloc's untouched pages: those all map the kernel's one zero page, so
 * packing B (64 MB) reads from L1 instead of DRAM, and BLIS measured 146
 * GFLOP/s on them against 117 on written memory, zeros or not. */
static double sgemm_rate(int m, int n, int k, int runs) {
    float *a = malloc((size_t)m * k * sizeof *a), *b = malloc((size_t)k * n * sizeof *b);
    float *c = malloc((size_t)m * n * sizeof *c);
    if (!a || !b || !c) return 0;
    for (size_t i = 0; i < (size_t)m * k; i++) a[i] = (float)rand() / RAND_MAX * 2 - 1;
    for (size_t i = 0; i < (size_t)k * n; i++) b[i] = (float)rand() / RAND_MAX * 2 - 1;
    memset(c, 0, (size_t)m * n * sizeof *c);
    double t[32];
    for (int r = 0; r < runs; r++) {
        double start = timing_now();
        float one = 1, zero = 0;
        bli_sgemm(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, m, n, k, &one, a, k, 1, b, n, 1, &zero, c, n, 1);
        t[r] = timing_now() - start;
    }
    free(a), free(b), free(c);
    return 2.0 * m * n * k / timing_median(t, runs);
}

typedef struct program_stats {
    double run_s, cold_s, warm_s;
    aj_memory_stats mem;
    double bytes_moved;     /* arguments + outputs: what a perfect kernel reads and writes */
    double matmul_flops;    /* 2*m*n*k summed over the program's dots, if any */
} program_stats;

/* Random inputs in [-1, 1) for every parameter. */
static int make_inputs(aj_module *m, int n, aj_array **in) {
    for (int i = 0; i < n; i++) {
        aj_dtype dt;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        if (aj_module_arg_type(m, "main", 0, i, &dt, &rank, dims) ||
            aj_array_create(dt, rank, dims, &in[i]))
            return -1;
        if (dt == AJ_F32) {
            float *p = aj_array_data(in[i]);
            for (int64_t j = 0; j < aj_array_numel(in[i]); j++) p[j] = (float)rand() / RAND_MAX * 2 - 1;
        }
    }
    return 0;
}

static const char *base_name(const char *path);

/* How a program is run in a loop. A training step donates its parameters
 * (as jax.jit(step, donate_argnums=...) would) and its updated parameters,
 * outputs 1..n, are the next step's inputs 0..n-1. */
typedef struct loop_kind {
    const char *name;
    uint64_t donate;      /* arguments donated each step */
    int chained;          /* outputs 1..chained feed inputs 0..chained-1 */
} loop_kind;

static const loop_kind loops[] = {
    {"mlp_train_step.mlir", 0x3f, 6},
};

static loop_kind loop_of(const char *name) {
    for (size_t i = 0; i < sizeof loops / sizeof *loops; i++)
        if (strcmp(loops[i].name, name) == 0) return loops[i];
    return (loop_kind){name, 0, 0};
}

static double compile_time(aj_module *m, const char *cache_dir, uint64_t donate, aj_executable **out) {
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .donate = donate};
    double start = timing_now();
    if (aj_compile(m, "main", &o, out)) return -1;
    return timing_now() - start;
}

/* One timed step. A chained step consumes its donated inputs and hands its
 * updated parameters on as the next inputs (no copy, no allocation beyond the
 * outputs that do not alias); otherwise outputs are written into the arrays
 * allocated once before, as a serving loop would: fresh memory costs a page
 * fault per 4 KiB (14 us here) on first touch. */
static aj_status step(aj_executable *e, const loop_kind *k, int nin, aj_array **in, int nout,
                      aj_array **out) {
    if (!k->chained) return aj_executable_run_into(e, nin, in, nout, out);
    aj_array *next[64];
    aj_status st = aj_executable_run(e, nin, in, nout, next);
    if (st) return st;
    for (int i = 0; i < k->chained; i++) {
        aj_array_destroy(in[i]);   /* donated: its buffer now belongs to next[i + 1] */
        in[i] = next[i + 1];
    }
    for (int j = k->chained + 1; j < nout; j++) aj_array_destroy(next[j]);
    aj_array_destroy(next[0]);
    return AJ_OK;
}

static int bench_program(const char *path, int runs, program_stats *s) {
    loop_kind k = loop_of(base_name(path));
    aj_module *m;
    if (aj_module_load(path, &m)) return -1;
    char cache_dir[] = "/tmp/aj_bench_cache_XXXXXX";
    if (!mkdtemp(cache_dir)) return -1;
    int nin, nout, rc = -1;
    aj_executable *cold = NULL, *e = NULL;
    aj_array *in[64] = {0}, *out[64] = {0};
    if (aj_module_signature(m, "main", &nin, &nout) || nin > 64 || nout > 64) goto done;
    s->cold_s = compile_time(m, cache_dir, k.donate, &cold);
    s->warm_s = compile_time(m, cache_dir, k.donate, &e);
    if (s->cold_s < 0 || s->warm_s < 0 || make_inputs(m, nin, in)) goto done;
    if (!k.chained && aj_executable_run(e, nin, in, nout, out)) goto done;
    double t[64];
    for (int r = 0; r <= runs; r++) {
        double start = timing_now();
        if (step(e, &k, nin, in, nout, out)) goto done;
        t[r] = timing_now() - start;
    }
    s->run_s = timing_median(t + 1, runs);
    if (aj_executable_memory(e, &s->mem)) goto done;
    s->bytes_moved = (double)(s->mem.argument_bytes + s->mem.output_bytes);
    rc = 0;
done:
    if (rc) fprintf(stderr, "bench: %s: %s\n", path, aj_last_error());
    for (int i = 0; i < nin && i < 64; i++) aj_array_destroy(in[i]);
    for (int j = 0; j < nout && j < 64; j++) aj_array_destroy(out[j]);
    aj_executable_destroy(cold);
    aj_executable_destroy(e);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    aj_module_destroy(m);
    return rc;
}

/* Matmul FLOPs of the programs whose bound is the BLAS, not the bandwidth. */
static double matmul_flops(const char *name) {
    if (strcmp(name, "mlp_forward.mlir") == 0) return 3 * 2.0 * 256 * 4096 * 4096;
    /* 3 forward products, 3 weight gradients, 2 activation gradients (the
     * input's is not asked for): batch 256, widths 784 -> 1024 -> 1024 -> 10. */
    if (strcmp(name, "mlp_train_step.mlir") == 0)
        return 2.0 * 256 * (2.0 * 784 * 1024 + 3.0 * 1024 * 1024 + 3.0 * 1024 * 10);
    return 0;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int main(int argc, char **argv) {
    /* The kernel set the generated code asks BLIS for (see emit_prelude.c). */
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
        setenv("BLIS_ARCH_TYPE", "0", 0);
    int runs = 7;
    const char *paths[64];
    int npaths = 0;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--runs=", 7) == 0) runs = atoi(argv[i] + 7);
        else if (npaths < 64) paths[npaths++] = argv[i];
    }
    if (runs < 1 || runs > 63) runs = 7;
    static const char *defaults[] = {"bench/programs/gelu.mlir", "bench/programs/softmax.mlir",
                                     "bench/programs/layernorm.mlir", "bench/programs/mlp_forward.mlir",
                                     "bench/programs/mlp_train_step.mlir"};
    if (!npaths) {
        npaths = 5;
        memcpy(paths, defaults, sizeof defaults);
    }
    double bw = triad_bandwidth(runs);
    double gemm = sgemm_rate(256, 4096, 4096, runs < 5 ? runs : 5);
    printf("STREAM triad (this run): %.1f GB/s; BLIS sgemm 256x4096x4096 (this run): %.1f GFLOP/s\n",
           bw / 1e9, gemm / 1e9);
    printf("of bound: time at the memory-bandwidth roofline (at sgemm's rate for the MLPs) / time;\n"
           "peak: compiled, arena + arguments + outputs - aliased (the training step donates its\n"
           "parameters); eager: the evaluator's buffers plus the arguments\n");
    printf("%-16s %10s %9s %12s %12s %6s %12s %12s %9s %9s\n", "program", "time ms", "of bound",
           "temp MB", "bound MB", "t/lb", "eager MB", "peak MB", "cold ms", "cached ms");
    for (int i = 0; i < npaths; i++) {
        program_stats s = {0};
        if (bench_program(paths[i], runs, &s)) continue;
        /* The fraction of the bound reached: bandwidth roofline, or sgemm's rate. */
        double flops = matmul_flops(base_name(paths[i]));
        double roof = flops > 0 ? flops / s.run_s / gemm : s.bytes_moved / bw / s.run_s;
        double lb = (double)s.mem.lower_bound_bytes;
        printf("%-16s %10.2f %9.2f %12.2f %12.2f %6.3f %12.2f %12.2f %9.1f %9.2f\n",
               base_name(paths[i]), s.run_s * 1e3, roof, s.mem.temp_bytes / 1e6, lb / 1e6,
               lb > 0 ? s.mem.temp_bytes / lb : 1.0, s.mem.eager_peak_bytes / 1e6,
               s.mem.peak_bytes / 1e6, s.cold_s * 1e3, s.warm_s * 1e3);
    }
    return 0;
}
