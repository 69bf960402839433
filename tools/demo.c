/* demo.c: `arrayjit demo`, the whole story in one command.
 *
 * Builds an MLP regression loss through the C API, differentiates it
 * (aj_value_and_grad), wraps it in a training step that updates the
 * parameters in place (donated), trains on built-in synthetic data with a
 * progress bar, then prints one row each for the same program run eagerly
 * (the reference evaluator), compiled (the loss alone), compiled with grad
 * (the training step) and compiled with grad under a memory budget, and
 * draws their memory curves into one SVG. Uses the public header only. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arrayjit.h"
#include "demo.h"
#include "timing.h"

enum { BATCH = 1024, FEATURES = 32, WIDTH = 256, LAYERS = 8, NPARAMS = 2 * LAYERS, STEPS = 300 };
static const float learning_rate = 0.05f;

/* ---- the model ----------------------------------------------------------------- */

static void layer_dims(int l, int64_t *w, int64_t *bias) {
    w[0] = l == 0 ? FEATURES : WIDTH;
    w[1] = l == LAYERS - 1 ? 1 : WIDTH;
    bias[0] = w[1];
}

/* The parameters both functions take: w0, b0, ..., then x and y (in[NPARAMS + 2]). */
static void declare_params(aj_builder *b, aj_value *in) {
    for (int l = 0; l < LAYERS; l++) {
        int64_t wd[2], bd[1];
        layer_dims(l, wd, bd);
        aj_param(b, AJ_F32, 2, wd, &in[2 * l]);
        aj_param(b, AJ_F32, 1, bd, &in[2 * l + 1]);
    }
    const int64_t xd[2] = {BATCH, FEATURES}, yd[2] = {BATCH, 1};
    aj_param(b, AJ_F32, 2, xd, &in[NPARAMS]);
    aj_param(b, AJ_F32, 2, yd, &in[NPARAMS + 1]);
}

/* loss(w0, b0, ..., x, y) = mean((mlp(x) - y)^2), tanh between layers. */
static aj_status build_loss(aj_module *m) {
    aj_builder *b;
    aj_status st = aj_builder_begin(m, "loss", &b);
    if (st) return st;
    aj_value p[NPARAMS + 2], h, t, zero, sum, loss, scale;
    declare_params(b, p);
    const aj_value y = p[NPARAMS + 1];
    h = p[NPARAMS];
    for (int l = 0; l < LAYERS; l++) {
        int64_t wd[2], bd[1];
        layer_dims(l, wd, bd);
        const int64_t lc[1] = {1}, rc[1] = {0}, out[2] = {BATCH, wd[1]}, map[1] = {1};
        aj_value z, bias;
        aj_dot_general(b, h, p[2 * l], 0, NULL, NULL, 1, lc, rc, &z);
        aj_broadcast_in_dim(b, p[2 * l + 1], 2, out, map, &bias);
        aj_binary(b, AJ_ADD, z, bias, &h);
        if (l < LAYERS - 1) aj_unary(b, AJ_TANH, h, &h);
    }
    aj_binary(b, AJ_SUBTRACT, h, y, &t);
    aj_binary(b, AJ_MULTIPLY, t, t, &t);
    const float zero_f = 0.0f, scale_f = 1.0f / BATCH;
    aj_constant(b, AJ_F32, 0, NULL, &zero_f, &zero);
    aj_constant(b, AJ_F32, 0, NULL, &scale_f, &scale);
    const int64_t both[2] = {0, 1};
    aj_reduce(b, t, zero, AJ_ADD, 2, both, &sum);
    aj_binary(b, AJ_MULTIPLY, sum, scale, &loss);
    return aj_builder_finish(b, 1, &loss);
}

/* step(params, x, y) = (loss, params - learning_rate * grads). */
static aj_status build_step(aj_module *m) {
    int wrt[NPARAMS];
    for (int i = 0; i < NPARAMS; i++) wrt[i] = i;
    aj_status st = aj_value_and_grad(m, "loss", NPARAMS, wrt, "loss_and_grads");
    aj_builder *b;
    if (!st) st = aj_builder_begin(m, "step", &b);
    if (st) return st;
    aj_value in[NPARAMS + 2], res[NPARAMS + 1], out[NPARAMS + 1], lr;
    declare_params(b, in);
    aj_call(b, "loss_and_grads", NPARAMS + 2, in, NPARAMS + 1, res);
    out[0] = res[0];
    aj_constant(b, AJ_F32, 0, NULL, &learning_rate, &lr);
    for (int i = 0; i < NPARAMS; i++) {
        int64_t wd[2], bd[1];
        layer_dims(i / 2, wd, bd);
        int rank = i % 2 ? 1 : 2;
        const int64_t *dims = i % 2 ? bd : wd;
        aj_value lr_full, delta;
        aj_broadcast_in_dim(b, lr, rank, dims, NULL, &lr_full);
        aj_binary(b, AJ_MULTIPLY, lr_full, res[1 + i], &delta);
        aj_binary(b, AJ_SUBTRACT, in[i], delta, &out[1 + i]);
    }
    return aj_builder_finish(b, NPARAMS + 1, out);
}

/* ---- data -------------------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static double uniform(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1p-53;
}
static double normal(void) { return sqrt(-2 * log(uniform() + 1e-300)) * cos(6.283185307179586 * uniform()); }

/* The inputs of a step: parameters (scaled normal weights, zero biases),
 * then x uniform in [-1, 1] and y = sin(2 x . a) for a random unit a. */
static aj_status make_inputs(aj_array **in) {
    aj_status st = AJ_OK;
    for (int l = 0; l < LAYERS && !st; l++) {
        int64_t wd[2], bd[1];
        layer_dims(l, wd, bd);
        st = aj_array_create(AJ_F32, 2, wd, &in[2 * l]);
        if (!st) st = aj_array_create(AJ_F32, 1, bd, &in[2 * l + 1]);
        if (st) break;
        float *w = aj_array_data(in[2 * l]);
        for (int64_t i = 0; i < wd[0] * wd[1]; i++) w[i] = (float)(normal() / sqrt((double)wd[0]));
    }
    const int64_t xd[2] = {BATCH, FEATURES}, yd[2] = {BATCH, 1};
    if (!st) st = aj_array_create(AJ_F32, 2, xd, &in[NPARAMS]);
    if (!st) st = aj_array_create(AJ_F32, 2, yd, &in[NPARAMS + 1]);
    if (st) return st;
    double a[FEATURES], norm = 0;
    for (int k = 0; k < FEATURES; k++) {
        a[k] = normal();
        norm += a[k] * a[k];
    }
    float *x = aj_array_data(in[NPARAMS]), *y = aj_array_data(in[NPARAMS + 1]);
    for (int i = 0; i < BATCH; i++) {
        double dot = 0;
        for (int k = 0; k < FEATURES; k++) {
            x[i * FEATURES + k] = (float)(2 * uniform() - 1);
            dot += x[i * FEATURES + k] * a[k];
        }
        y[i] = (float)sin(2 * dot / sqrt(norm));
    }
    return AJ_OK;
}

/* ---- running ------------------------------------------------------------------ */

static void progress(int step, int steps, float loss) {
    enum { BAR = 40 };
    char bar[BAR + 1];
    int filled = (int)((long)BAR * step / steps);
    for (int i = 0; i < BAR; i++) bar[i] = i < filled ? '#' : '.';
    bar[BAR] = 0;
    bool tty = isatty(1);
    if (tty) printf("\r  [%s] step %3d/%d  loss %.5f", bar, step, steps, loss);
    else if (step % 50 == 0 || step == steps) printf("  [%s] step %3d/%d  loss %.5f\n", bar, step, steps, loss);
    if (tty && step == steps) putchar('\n');
    fflush(stdout);
}

/* Runs `steps` training steps of e (parameters donated: each step's new
 * parameters replace in[0 .. NPARAMS)); *ms gets the median step time. */
static aj_status train(aj_executable *e, aj_array **in, int steps, bool show, float *loss, double *ms) {
    double *times = calloc((size_t)steps, sizeof *times);
    aj_status st = times ? AJ_OK : AJ_ERR_NOMEM;
    for (int s = 0; s < steps && !st; s++) {
        aj_array *out[NPARAMS + 1];
        double start = timing_now() * 1e3;
        st = aj_executable_run(e, NPARAMS + 2, in, NPARAMS + 1, out);
        times[s] = timing_now() * 1e3 - start;
        if (st) break;
        *loss = *(const float *)aj_array_data(out[0]);
        aj_array_destroy(out[0]);
        for (int i = 0; i < NPARAMS; i++) {
            aj_array_destroy(in[i]);   /* donated: its buffer now holds out[1 + i] */
            in[i] = out[1 + i];
        }
        if (show) progress(s + 1, steps, *loss);
    }
    if (!st) *ms = timing_median(times, steps);
    free(times);
    return st;
}

/* Median time of `runs` calls that do not change their inputs. */
static aj_status time_calls(aj_module *m, aj_executable *e, const char *func, int nin, aj_array **in,
                            int nout, int runs, double *ms) {
    double times[16];
    if (runs > 16) runs = 16;
    aj_status st = AJ_OK;
    for (int r = 0; r < runs && !st; r++) {
        aj_array *out[NPARAMS + 1];
        double start = timing_now() * 1e3;
        st = e ? aj_executable_run(e, nin, in, nout, out) : aj_module_eval(m, func, nin, in, nout, out, NULL);
        times[r] = timing_now() * 1e3 - start;
        for (int i = 0; i < nout && !st; i++) aj_array_destroy(out[i]);
    }
    if (!st) *ms = timing_median(times, runs);
    return st;
}

/* ---- the table -------------------------------------------------------------------- */

typedef struct row {
    const char *name;
    aj_memory_stats mem;
    int has_arena;
    double ms;
} row;

static void mib(char *buf, size_t size, size_t bytes) { snprintf(buf, size, "%.2f", bytes / 1048576.0); }

static void print_table(const row *rows, int n) {
    printf("\n%-34s %10s %10s %12s %14s %10s\n", "", "peak MiB", "temp MiB", "fused MiB", "recompute MF", "step ms");
    for (int i = 0; i < n; i++) {
        const row *r = &rows[i];
        char peak[32], temp[32], fused[32], flops[32];
        mib(peak, sizeof peak, r->has_arena ? r->mem.peak_bytes : r->mem.eager_peak_bytes);
        if (r->has_arena) mib(temp, sizeof temp, r->mem.temp_bytes); else snprintf(temp, sizeof temp, "-");
        if (r->has_arena) mib(fused, sizeof fused, r->mem.fused_away_bytes); else snprintf(fused, sizeof fused, "-");
        snprintf(flops, sizeof flops, "%.1f", (double)r->mem.recompute_flops / 1e6);
        printf("%-34s %10s %10s %12s %14s %10.2f\n", r->name, peak, temp, fused, r->has_arena ? flops : "-", r->ms);
    }
}

/* ---- the demo ----------------------------------------------------------------------- */

static int failed(const char *what) {
    fprintf(stderr, "arrayjit demo: %s: %s\n", what, aj_last_error());
    return 1;
}

/* The training step compiled under the smallest budget, as a fraction of
 * the unbudgeted peak, that fits (budgets are tried from small to large). */
static aj_status compile_budgeted(aj_module *m, const aj_compile_options *o, size_t peak, aj_executable **e,
                                  size_t *budget) {
    static const double fractions[] = {0.5, 0.6, 0.7, 0.8, 0.9};
    aj_status st = AJ_ERR_INVALID;
    for (size_t i = 0; i < sizeof fractions / sizeof *fractions && st; i++) {
        aj_compile_options bo = *o;
        bo.memory_budget_bytes = *budget = (size_t)(fractions[i] * (double)peak);
        st = aj_compile(m, "step", &bo, e);
    }
    return st;
}

static int draw(aj_executable *step, aj_executable *budgeted, size_t budget, const char *path) {
    aj_memory_curve c[3];
    int n = 0, rc = 0;
    char budget_name[64];
    snprintf(budget_name, sizeof budget_name, "compiled grad, budget %.2f MiB", budget / 1048576.0);
    const struct { aj_executable *e; aj_curve_kind kind; const char *name; } series[3] = {
        {step, AJ_CURVE_EAGER, "eager grad (reference evaluator)"},
        {step, AJ_CURVE_PLANNED, "compiled grad"},
        {budgeted, AJ_CURVE_PLANNED, budget_name},
    };
    for (int i = 0; i < 3 && !rc; i++) {
        if (aj_executable_memory_curve(series[i].e, series[i].kind, &c[n])) rc = failed("memory curve");
        else c[n++].name = series[i].name;
    }
    if (!rc && aj_memory_svg(c, n, "arrayjit demo: memory of one training step", path)) rc = failed(path);
    for (int i = 0; i < n; i++) aj_memory_curve_release(&c[i]);
    if (!rc) printf("\nThe memory picture (bytes live at each step, the peaks marked): %s\n", path);
    return rc;
}

int demo_main(int argc, char **argv) {
    const char *svg = "arrayjit-demo.svg";
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--svg") == 0 && i + 1 < argc) svg = argv[++i];
        else return fprintf(stderr, "usage: arrayjit demo [--svg OUT.svg]\n"), 2;
    }
    printf("arrayjit demo: an MLP (%d tanh layers of width %d) learns y = sin(x . a) from %d synthetic\n"
           "samples of %d features: built with the C API, differentiated, compiled, trained.\n\n",
           LAYERS, WIDTH, BATCH, FEATURES);
    aj_module *m = NULL;
    aj_array *in[NPARAMS + 2] = {0};
    aj_executable *loss = NULL, *step = NULL, *budgeted = NULL;
    row rows[4] = {{"eager (reference evaluator), grad", {0}, 0, 0}, {"compiled, loss only", {0}, 1, 0},
                   {"compiled, grad", {0}, 1, 0}, {"compiled, grad, memory budget", {0}, 1, 0}};
    aj_compile_options o = {.no_memory_cache = 1};
    aj_compile_options train_opts = o;
    train_opts.donate = ((uint64_t)1 << NPARAMS) - 1;   /* the parameters are updated in place */
    size_t budget = 0;
    float final_loss = 0;
    int rc = 0;
    if (aj_module_create(&m) || build_loss(m) || build_step(m)) rc = failed("building the model");
    else if (make_inputs(in)) rc = failed("making the data");
    else if (aj_compile(m, "loss", &o, &loss) || aj_compile(m, "step", &train_opts, &step)) rc = failed("compiling");
    else if (aj_executable_memory(loss, &rows[1].mem) || aj_executable_memory(step, &rows[2].mem)) rc = failed("memory");
    if (!rc) {
        rows[0].mem = rows[2].mem;   /* the eager figures of the same step */
        printf("compiled the loss and the training step; timing the eager step ...\n");
        if (time_calls(m, NULL, "step", NPARAMS + 2, in, NPARAMS + 1, 3, &rows[0].ms) ||
            time_calls(m, loss, "loss", NPARAMS + 2, in, 1, 9, &rows[1].ms))
            rc = failed("running");
    }
    if (!rc) {
        printf("training %d steps (full batch, learning rate %.2f):\n", STEPS, learning_rate);
        if (train(step, in, STEPS, true, &final_loss, &rows[2].ms)) rc = failed("training");
    }
    if (!rc && compile_budgeted(m, &train_opts, rows[2].mem.peak_bytes, &budgeted, &budget))
        rc = failed("compiling under a memory budget");
    if (!rc && (aj_executable_memory(budgeted, &rows[3].mem) || train(budgeted, in, 20, false, &final_loss, &rows[3].ms)))
        rc = failed("training under the budget");
    if (!rc) {
        printf("\nafter %d more steps under a budget of %.2f MiB: loss %.5f\n", 20, budget / 1048576.0, final_loss);
        print_table(rows, 4);
        rc = draw(step, budgeted, budget, svg);
    }
    for (int i = 0; i < NPARAMS + 2; i++) aj_array_destroy(in[i]);
    aj_executable_destroy(loss);
    aj_executable_destroy(step);
    aj_executable_destroy(budgeted);
    aj_module_destroy(m);
    return rc;
}
