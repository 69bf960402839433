/* dispatch: what a call costs beyond its kernels. A tiny program
 * (y = tanh(x) + x on f32[4]) is called many times, cached, through each
 * entry point; the table gives the median microseconds per call over
 * batches of calls.
 *
 *   build/bench_dispatch [--calls=N] [--batches=B]
 *   ARRAYJIT_ALLOCATOR=system build/bench_dispatch   (malloc instead of the pool)
 *
 * A client of include/arrayjit.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arrayjit.h"
#include "../tools/timing.h"

static const int64_t dims[1] = {4};

static aj_status tanh_plus(aj_builder *b, int nin, const aj_value *x, const void *static_args,
                           size_t static_size, void *user, int nout, aj_value *results) {
    (void)nin, (void)static_args, (void)static_size, (void)user, (void)nout;
    aj_value t;
    aj_unary(b, AJ_TANH, x[0], &t);
    return aj_binary(b, AJ_ADD, t, x[0], &results[0]);
}

typedef enum { RUN_INTO, RUN, JIT, EVAL } entry_point;

typedef struct target {
    aj_module *m;
    aj_executable *e;
    aj_jit *j;
    aj_array *in, *out;
} target;

static aj_status call(target *t, entry_point how) {
    aj_array *res = NULL;
    aj_status st;
    switch (how) {
    case RUN_INTO: return aj_executable_run_into(t->e, 1, &t->in, 1, &t->out);
    case RUN: st = aj_executable_run(t->e, 1, &t->in, 1, &res); break;
    case JIT: st = aj_jit_call(t->j, 1, &t->in, NULL, 0, 1, &res); break;
    default: st = aj_module_eval(t->m, "main", 1, &t->in, 1, &res, NULL); break;
    }
    aj_array_destroy(res);
    return st;
}

/* Median over batches of the time per call, in microseconds. */
static double per_call_us(target *t, entry_point how, int calls, int batches) {
    double *us = malloc((size_t)batches * sizeof *us);
    if (!us || call(t, how)) return -1;   /* the first call: traced (jit), warm */
    for (int b = 0; b < batches; b++) {
        double start = timing_now();
        for (int i = 0; i < calls; i++)
            if (call(t, how)) return -1;
        us[b] = (timing_now() - start) / calls * 1e6;
    }
    qsort(us, (size_t)batches, sizeof *us, timing_compare);
    double median = us[batches / 2];
    free(us);
    return median;
}

int main(int argc, char **argv) {
    int calls = 20000, batches = 11;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--calls=", 8) == 0) calls = atoi(argv[i] + 8);
        else if (strncmp(argv[i], "--batches=", 10) == 0) batches = atoi(argv[i] + 10);
        else {
            fprintf(stderr, "usage: %s [--calls=N] [--batches=B]\n", argv[0]);
            return 2;
        }
    }
    if (calls < 1 || batches < 1) return 2;
    target t = {0};
    aj_builder *b;
    aj_value x, y;
    float xs[4] = {0.5f, -1, 2, 0};
    if (aj_module_create(&t.m) || aj_builder_begin(t.m, "main", &b) ||
        aj_param(b, AJ_F32, 1, dims, &x) || tanh_plus(b, 1, &x, NULL, 0, NULL, 1, &y) ||
        aj_builder_finish(b, 1, &y) || aj_compile(t.m, "main", NULL, &t.e) ||
        aj_jit_create(tanh_plus, NULL, NULL, &t.j) || aj_array_wrap(AJ_F32, 1, dims, xs, &t.in) ||
        aj_array_create(AJ_F32, 1, dims, &t.out)) {
        fprintf(stderr, "bench_dispatch: %s\n", aj_last_error());
        return 1;
    }
    static const struct { entry_point how; const char *name, *what; } rows[] = {
        {RUN_INTO, "aj_executable_run_into", "caller's output arrays: no allocation"},
        {RUN, "aj_executable_run", "a new output array (handle + buffer)"},
        {JIT, "aj_jit_call", "signature hash + lookup, then as aj_executable_run"},
        {EVAL, "aj_module_eval", "the reference evaluator, for scale"},
    };
    const char *alloc = getenv("ARRAYJIT_ALLOCATOR");
    printf("dispatch of y = tanh(x) + x, f32[4]; median of %d batches of %d calls; allocator: %s\n",
           batches, calls, alloc && *alloc ? alloc : "default");
    printf("%-24s %10s  %s\n", "entry point", "us/call", "what a call does besides the kernel");
    int rc = 0;
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
        double us = per_call_us(&t, rows[r].how, rows[r].how == EVAL ? calls / 10 + 1 : calls, batches);
        if (us < 0) {
            fprintf(stderr, "bench_dispatch: %s: %s\n", rows[r].name, aj_last_error());
            rc = 1;
            break;
        }
        printf("%-24s %10.3f  %s\n", rows[r].name, us, rows[r].what);
    }
    aj_array_destroy(t.in);
    aj_array_destroy(t.out);
    aj_jit_destroy(t.j);
    aj_executable_destroy(t.e);
    aj_module_destroy(t.m);
    return rc;
}
