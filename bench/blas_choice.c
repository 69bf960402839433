/* blas_choice: which BLAS the generated dot kernels should call.
 *
 * Times single-threaded cblas_sgemm on C[M,N] = A[M,K] * B[K,N] (row-major,
 * default M=256 K=4096 N=4096) and checks sampled rows against a
 * double-precision reference, for:
 *   OpenBLAS      as the environment sets it (this program never sets
 *                 OPENBLAS_CORETYPE or OPENBLAS_L2_SIZE)
 *   BLIS auto     BLIS choosing its kernels itself
 *   BLIS skx      BLIS as arrayjit's generated code starts it on a CPU with
 *                 AVX-512: BLIS_ARCH_TYPE=0 set before its first call,
 *                 unless the environment already sets it
 * Each runs in a child process (both libraries export cblas_sgemm, and BLIS
 * reads BLIS_ARCH_TYPE once per process), loaded with dlopen.
 *
 *   cc -O2 bench/blas_choice.c -o blas_choice -ldl -lm && ./blas_choice [M K N]
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../tools/timing.h"

enum { ROW_MAJOR = 101, NO_TRANS = 111 };
typedef void (*sgemm_fn)(int order, int ta, int tb, int m, int n, int k, float alpha, const float *a, int lda,
                         const float *b, int ldb, float beta, float *c, int ldc);

typedef struct library {
    const char *label, *soname, *threads_symbol;
    void *handle;
    sgemm_fn sgemm;
    char kernel[64];
} library;

/* Opens the library, pins it to one thread and names its kernel. */
static int library_open(library *l) {
    l->handle = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
    if (!l->handle) return -1;
    l->sgemm = (sgemm_fn)dlsym(l->handle, "cblas_sgemm");
    void (*set_threads)(int) = (void (*)(int))dlsym(l->handle, l->threads_symbol);
    if (!l->sgemm || !set_threads) return -1;
    set_threads(1);
    snprintf(l->kernel, sizeof l->kernel, "?");
    char *(*corename)(void) = (char *(*)(void))dlsym(l->handle, "openblas_get_corename");
    int (*arch_id)(void) = (int (*)(void))dlsym(l->handle, "bli_arch_query_id");
    const char *(*arch_name)(int) = (const char *(*)(int))dlsym(l->handle, "bli_arch_string");
    if (corename) snprintf(l->kernel, sizeof l->kernel, "%s", corename());
    else if (arch_id && arch_name) snprintf(l->kernel, sizeof l->kernel, "%s", arch_name(arch_id()));
    return 0;
}

/* Largest |C - ref| / (sum_k |a||b|) over `rows` sampled rows, ref in double. */
static double max_rel_error(const float *a, const float *b, const float *c, int m, int k, int n, int rows) {
    double worst = 0;
    double *ref = calloc((size_t)n, sizeof *ref), *mag = calloc((size_t)n, sizeof *mag);
    for (int s = 0; s < rows; s++) {
        int i = (int)((long)s * m / rows);
        for (int j = 0; j < n; j++) ref[j] = mag[j] = 0;
        for (int p = 0; p < k; p++) {
            double x = a[(size_t)i * k + p];
            for (int j = 0; j < n; j++) {
                ref[j] += x * b[(size_t)p * n + j];
                mag[j] += fabs(x * b[(size_t)p * n + j]);
            }
        }
        for (int j = 0; j < n; j++) {
            double e = fabs(c[(size_t)i * n + j] - ref[j]) / (mag[j] > 0 ? mag[j] : 1);
            if (!(e <= worst)) worst = e;   /* NaN counts as the worst */
        }
    }
    free(ref);
    free(mag);
    return worst;
}

/* Times one library in this process and prints its row. */
static void measure(library *lib, const float *a, const float *b, float *c, int m, int k, int n) {
    if (library_open(lib)) {
        printf("%-10s (not available: %s)\n", lib->label, dlerror());
        return;
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = timing_now();
        lib->sgemm(ROW_MAJOR, NO_TRANS, NO_TRANS, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
        double t = timing_now() - t0;
        if (t < best) best = t;
    }
    double err = max_rel_error(a, b, c, m, k, n, 8);
    printf("%-10s %-14s %10.2f %10.1f %14.3g\n", lib->label, lib->kernel, best * 1e3, 2.0 * m * n * k / best * 1e-9,
           err);
    fflush(stdout);
}

int main(int argc, char **argv) {
    int m = argc > 3 ? atoi(argv[1]) : 256, k = argc > 3 ? atoi(argv[2]) : 4096, n = argc > 3 ? atoi(argv[3]) : 4096;
    float *a = malloc(sizeof(float) * (size_t)m * k), *b = malloc(sizeof(float) * (size_t)k * n);
    float *c = malloc(sizeof(float) * (size_t)m * n);
    srand(1);
    for (size_t i = 0; i < (size_t)m * k; i++) a[i] = (float)rand() / RAND_MAX - 0.5f;
    for (size_t i = 0; i < (size_t)k * n; i++) b[i] = (float)rand() / RAND_MAX - 0.5f;
    library libs[] = {
        {"OpenBLAS", "libopenblas.so.0", "openblas_set_num_threads", NULL, NULL, ""},
        {"BLIS auto", "libblis.so.4", "bli_thread_set_num_threads", NULL, NULL, ""},
        {"BLIS skx", "libblis.so.4", "bli_thread_set_num_threads", NULL, NULL, ""},
    };
    const char *env = getenv("OPENBLAS_CORETYPE"), *benv = getenv("BLIS_ARCH_TYPE");
    printf("sgemm %dx%dx%d (M x K x N), 1 thread; OPENBLAS_CORETYPE=%s BLIS_ARCH_TYPE=%s\n", m, k, n,
           env ? env : "(unset)", benv ? benv : "(unset)");
    printf("%-10s %-14s %10s %10s %14s\n", "library", "kernel", "best ms", "GFLOP/s", "max rel error");
    fflush(stdout);
    for (size_t l = 0; l < sizeof libs / sizeof libs[0]; l++) {
        pid_t pid = fork();
        if (pid == 0) {
            if (l == 2) {
                __builtin_cpu_init();
                if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                    __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
                    setenv("BLIS_ARCH_TYPE", "0", 0);
            }
            measure(&libs[l], a, b, c, m, k, n);
            _exit(0);
        }
        if (pid > 0) waitpid(pid, NULL, 0);
    }
    free(a);
    free(b);
    free(c);
    return 0;
}
