/* dispatch: what a call costs beyond its kernels. A tiny program
 * (y = tanh(x) + x on f32[4]) is called many times, cached, through each
 * entry point; the table gives the median microseconds per call over
 * batches of calls. Then what a while loop's step costs: the same body
 * as a StableHLO while loop of n steps (n an argument), run_into at n = 1
 * and n = 1 + LOOP_STEPS, the difference over LOOP_STEPS (the condition's
 * kernel, the body's kernel on 4 floats, the carries).
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

enum { LOOP_STEPS = 1000 };
static const char loop_text[] =
    "func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {\n"
    "  %c0 = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %r:2 = stablehlo.while(%i = %c0, %y = %x) : tensor<i32>, tensor<4xf32>\n"
    "  cond {\n"
    "    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "    %j = stablehlo.add %i, %one : tensor<i32>\n"
    "    %t = stablehlo.tanh %y : tensor<4xf32>\n"
    "    %z = stablehlo.add %t, %y : tensor<4xf32>\n"
    "    stablehlo.return %j, %z : tensor<i32>, tensor<4xf32>\n"
    "  }\n"
    "  return %r#1 : tensor<4xf32>\n"
    "}\n";

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

/* Median over batches of a loop iteration's microseconds: per batch,
 * `calls` calls of n = 1 + LOOP_STEPS steps less as many of n = 1, over
 * the extra steps. -1 on an error. */
static double per_iteration_us(aj_executable *e, aj_array *x, aj_array *out, int calls, int batches) {
    int32_t steps[2] = {1, 1 + LOOP_STEPS};
    aj_array *in[2][2] = {{x, NULL}, {x, NULL}};
    double *us = malloc((size_t)batches * sizeof *us);
    int rc = !us || aj_array_wrap(AJ_I32, 0, NULL, &steps[0], &in[0][1]) ||
             aj_array_wrap(AJ_I32, 0, NULL, &steps[1], &in[1][1]);
    for (int b = 0; !rc && b < batches; b++) {
        double took[2];
        for (int k = 0; k < 2 && !rc; k++) {
            double start = timing_now();
            for (int i = 0; i < calls && !rc; i++) rc = aj_executable_run_into(e, 2, in[k], 1, &out);
            took[k] = timing_now() - start;
        }
        us[b] = (took[1] - took[0]) / ((double)calls * LOOP_STEPS) * 1e6;
    }
    double median = -1;
    if (!rc) {
        qsort(us, (size_t)batches, sizeof *us, timing_compare);
        median = us[batches / 2];
    }
    aj_array_destroy(in[0][1]);
    aj_array_destroy(in[1][1]);
    free(us);
    return median;
}

/* The loop table's row; nonzero on an error. */
static int loop_row(aj_array *x, aj_array *out, int calls, int batches) {
    aj_module *m = NULL;
    aj_executable *e = NULL;
    double us = -1;
    if (!aj_module_parse(loop_text, sizeof loop_text - 1, "loop.mlir", &m) && !aj_compile(m, "main", NULL, &e))
        us = per_iteration_us(e, x, out, calls, batches);
    if (us < 0) {
        fprintf(stderr, "bench_dispatch: while loop: %s\n", aj_last_error());
    } else if (!(((const float *)aj_array_data(out))[0] > LOOP_STEPS)) {   /* each step adds about 1 */
        fprintf(stderr, "bench_dispatch: while loop: the last call did not run its %d steps\n", 1 + LOOP_STEPS);
        us = -1;
    } else {
        printf("\nwhile loop of n steps of the same body (n an argument); median of %d batches of %d calls "
               "at n = 1 and n = %d\n", batches, calls, 1 + LOOP_STEPS);
        printf("%-24s %10s  %s\n", "entry point", "us/step", "a step whole");
        printf("%-24s %10.3f  %s\n", "aj_executable_run_into", us, "the condition's kernel, the body's (4 floats), carries");
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return us < 0;
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
    if (!rc) rc = loop_row(t.in, t.out, calls / 100 + 1, batches);
    aj_array_destroy(t.in);
    aj_array_destroy(t.out);
    aj_jit_destroy(t.j);
    aj_executable_destroy(t.e);
    aj_module_destroy(t.m);
    return rc;
}
