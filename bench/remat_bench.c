/* remat_bench: the memory budget on deep tanh MLPs' gradient steps: the
 * loss of bench/programs/deep/mlp_deep_L.mlir (L tanh layers of width 256
 * on a batch of 4096, f32, mean squared error against a target) and its
 * gradient with respect to the weights (aj_value_and_grad).
 *
 *   build/remat_bench [--runs=N] [--layers=L,...] [--sweep-layers=L]
 *
 * (a) for each L: the peak without a budget (grows linearly in L), the peak
 *     under the budget that sqrt(L)-checkpointing needs (fixed bytes +
 *     (2 ceil(sqrt L) + 2) activations; grows like sqrt L), the recompute
 *     FLOPs against the forward pass's, and the step time of each (median
 *     of runs, CPU seconds of the one thread) with their ratio;
 * (b) for one L, a sweep of budgets from 11/12 of the unbudgeted peak down
 *     to 1/3 of it (or the first that does not fit): peak, recompute FLOPs
 *     and step time.
 * A client of include/arrayjit.h alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arrayjit.h"
#include "../tools/timing.h"

enum { BATCH = 4096, WIDTH = 256, MAX_ARGS = 70 };
static const size_t ACTIVATION = (size_t)BATCH * WIDTH * sizeof(float);

typedef struct model {
    int layers;
    aj_module *m;
    int nin, nout;
    aj_array *in[MAX_ARGS], *out[MAX_ARGS];
} model;

static int load(model *md, int layers) {
    char path[256];
    snprintf(path, sizeof path, "bench/programs/deep/mlp_deep_%d.mlir", layers);
    md->layers = layers;
    int weights[MAX_ARGS];
    for (int i = 0; i < layers && i < MAX_ARGS; i++) weights[i] = i;
    if (layers + 2 > MAX_ARGS || aj_module_load(path, &md->m) ||
        aj_value_and_grad(md->m, "main", layers, weights, "step") ||
        aj_module_signature(md->m, "step", &md->nin, &md->nout))
        return -1;
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < (r ? md->nout : md->nin); i++) {
            aj_dtype t;
            int rank;
            int64_t dims[AJ_MAX_RANK];
            aj_array **a = r ? &md->out[i] : &md->in[i];
            if (aj_module_arg_type(md->m, "step", r, i, &t, &rank, dims) || aj_array_create(t, rank, dims, a))
                return -1;
            float *x = aj_array_data(*a);
            /* weights ~ 1/sqrt(width) keep the activations in tanh's range */
            for (int64_t k = 0; !r && k < aj_array_numel(*a); k++)
                x[k] = (float)(((k * 2654435761u + i) % 2001) / 1000.0 - 1.0) * (i < layers ? 0.11f : 1.0f);
        }
    return 0;
}

static void unload(model *md) {
    for (int i = 0; i < md->nin && i < MAX_ARGS; i++) aj_array_destroy(md->in[i]);
    for (int i = 0; i < md->nout && i < MAX_ARGS; i++) aj_array_destroy(md->out[i]);
    aj_module_destroy(md->m);
}

typedef struct measured {
    int ok;
    aj_memory_stats s;
    double step_s;
} measured;

/* Compiles under the budget (0: none) and times `runs` steps after one warm-up. */
static measured measure(model *md, size_t budget, int runs) {
    measured r = {0};
    aj_compile_options o = {.memory_budget_bytes = budget, .no_memory_cache = 1};
    aj_executable *e;
    if (aj_compile(md->m, "step", &o, &e)) return r;
    aj_executable_memory(e, &r.s);
    double t[64];
    for (int k = 0; k <= runs; k++) {
        double start = timing_cpu_now();
        if (aj_executable_run_into(e, md->nin, md->in, md->nout, md->out)) {
            aj_executable_destroy(e);
            return r;
        }
        if (k) t[k - 1] = timing_cpu_now() - start;
    }
    r.step_s = timing_median(t, runs);
    r.ok = 1;
    aj_executable_destroy(e);
    return r;
}

/* The forward pass's FLOPs: one 4096x256x256 product per layer. */
static double forward_flops(int layers) { return 2.0 * BATCH * WIDTH * WIDTH * layers; }

static size_t sqrt_budget(const measured *base, int layers) {
    int k = (int)ceil(sqrt((double)layers));
    return base->s.argument_bytes + base->s.output_bytes + (size_t)(2 * k + 2) * ACTIVATION;
}

static void table_a(const int *layers, int n, int runs) {
    printf("(a) peak and step time, unbudgeted and at the sqrt(L)-checkpointing budget\n");
    printf("%4s %12s %12s %12s %10s %10s %10s %7s %8s\n", "L", "peak MiB", "budget MiB", "peak MiB",
           "recompute", "step cpu s", "step cpu s", "ratio", "compile");
    printf("%4s %12s %12s %12s %10s %10s %10s %7s %8s\n", "", "(none)", "sqrt(L)", "(budget)", "/forward",
           "(none)", "(budget)", "", "s");
    for (int i = 0; i < n; i++) {
        model md = {0};
        if (load(&md, layers[i])) {
            printf("%4d: %s\n", layers[i], aj_last_error());
            unload(&md);
            continue;
        }
        measured base = measure(&md, 0, runs);
        size_t budget = base.ok ? sqrt_budget(&base, layers[i]) : 0;
        measured cut = base.ok ? measure(&md, budget, runs) : base;
        if (!base.ok || !cut.ok) printf("%4d: %s\n", layers[i], aj_last_error());
        else
            printf("%4d %12.1f %12.1f %12.1f %10.2f %10.3f %10.3f %7.2f %8.2f\n", layers[i],
                   base.s.peak_bytes / 1048576.0, budget / 1048576.0, cut.s.peak_bytes / 1048576.0,
                   cut.s.recompute_flops / forward_flops(layers[i]), base.step_s, cut.step_s,
                   cut.step_s / base.step_s, cut.s.compile_seconds);
        fflush(stdout);
        unload(&md);
    }
}

static void table_b(int layers, int runs) {
    model md = {0};
    if (load(&md, layers)) {
        printf("(b) L = %d: %s\n", layers, aj_last_error());
        unload(&md);
        return;
    }
    measured base = measure(&md, 0, runs);
    printf("\n(b) L = %d: budget against peak, recompute FLOPs and step time\n", layers);
    printf("%12s %12s %12s %10s %8s\n", "budget MiB", "peak MiB", "recompute", "step cpu s", "ratio");
    printf("%12s %12s %12s %10s %8s\n", "", "", "/forward", "", "");
    printf("%12s %12.1f %12.2f %10.3f %8.2f\n", "none", base.s.peak_bytes / 1048576.0, 0.0, base.step_s, 1.0);
    for (int step = 1; base.ok && step <= 8; step++) {
        size_t budget = base.s.peak_bytes - (size_t)step * base.s.peak_bytes / 12;
        measured r = measure(&md, budget, runs);
        if (!r.ok) {
            printf("%12.1f  does not fit: %.160s...\n", budget / 1048576.0, aj_last_error());
            break;
        }
        printf("%12.1f %12.1f %12.2f %10.3f %8.2f\n", budget / 1048576.0, r.s.peak_bytes / 1048576.0,
               r.s.recompute_flops / forward_flops(layers), r.step_s, r.step_s / base.step_s);
        fflush(stdout);
    }
    unload(&md);
}

int main(int argc, char **argv) {
    int runs = 3, layers[8] = {8, 16, 32, 64}, nlayers = 4, sweep = 32;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--runs=", 7) == 0) runs = atoi(argv[i] + 7);
        else if (strncmp(argv[i], "--sweep-layers=", 15) == 0) sweep = atoi(argv[i] + 15);
        else if (strncmp(argv[i], "--layers=", 9) == 0) {
            nlayers = 0;
            for (char *p = argv[i] + 9, *end; *p && nlayers < 8; p = end + strspn(end, ",")) {
                layers[nlayers++] = (int)strtol(p, &end, 10);
                if (end == p) return 2;
            }
        } else {
            fprintf(stderr, "usage: remat_bench [--runs=N] [--layers=L,...] [--sweep-layers=L]\n");
            return 2;
        }
    }
    if (runs < 1 || runs > 63) runs = 3;
    table_a(layers, nlayers, runs);
    if (sweep > 0) table_b(sweep, runs);
    return 0;
}
