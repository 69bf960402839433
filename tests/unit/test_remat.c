/* Tests of remat: checkpoint policies, names and the save callback on a
 * function built through the API; the memory budget on a gradient JAX made
 * (tests/remat/mlp_deep_small_grad.mlir: value_and_grad of a 6-layer tanh
 * MLP); CSE and fusion never merging recomputed copies back; allocation
 * failures. Every compiled result is compared bit for bit with the
 * evaluator (strict order: a recomputed value is the same value). */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "arrayjit.h"
#include "api/api.h"
#include "fuse/fuse.h"
#include "passes/passes.h"
#include "remat/remat.h"
#include "testing.h"
#include "util/mem.h"

static char cache_dir[] = "/tmp/aj_test_remat_XXXXXX";

static char *data_path(const char *rel) {
    static char buf[4096];
    const char *root = getenv("AJ_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : "tests", rel);
    return buf;
}

/* ---- running and comparing ------------------------------------------------------ */

/* Inputs for func's parameters: a fixed pattern in [-1, 1). */
static int make_inputs(aj_module *m, const char *func, aj_array **in) {
    int np, nr;
    if (aj_module_signature(m, func, &np, &nr)) return -1;
    for (int i = 0; i < np; i++) {
        aj_dtype t;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        aj_module_arg_type(m, func, 0, i, &t, &rank, dims);
        aj_array_create(t, rank, dims, &in[i]);
        float *x = aj_array_data(in[i]);
        for (int64_t k = 0; k < aj_array_numel(in[i]); k++) x[k] = (float)((k * 7919 + i * 104729) % 2000) / 1000.0f - 1.0f;
    }
    return np;
}

typedef struct outcome {
    aj_status status;
    aj_memory_stats s;
    int same_as_eval;       /* outputs bit for bit equal to the evaluator's */
    size_t io_bytes;        /* arguments + outputs by their arrays' sizes */
} outcome;

/* Compiles func (strict, with the budget), runs it, and compares with the evaluator. */
static outcome compile_and_run(aj_module *m, const char *func, size_t budget) {
    outcome r = {0};
    aj_array *in[16] = {0}, *got[16] = {0}, *want[16] = {0};
    int np = make_inputs(m, func, in), nres, npar;
    aj_module_signature(m, func, &npar, &nres);
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1,
                            .memory_budget_bytes = budget};
    aj_executable *e = NULL;
    r.status = aj_compile(m, func, &o, &e);
    if (r.status && budget) fprintf(stderr, "compile under budget %zu: %s\n", budget, aj_last_error());
    if (!r.status) {
        EXPECT_EQ_INT(aj_executable_run(e, np, in, nres, got), AJ_OK);
        EXPECT_EQ_INT(aj_executable_memory(e, &r.s), AJ_OK);
        EXPECT_EQ_INT(aj_module_eval(m, func, np, in, nres, want, NULL), AJ_OK);
        r.same_as_eval = 1;
        for (int i = 0; i < nres; i++) {
            r.same_as_eval &= memcmp(aj_array_data(got[i]), aj_array_data(want[i]), aj_array_bytes(got[i])) == 0;
            r.io_bytes += aj_array_bytes(got[i]);
        }
        for (int i = 0; i < np; i++) r.io_bytes += aj_array_bytes(in[i]);
        for (int i = 0; i < nres; i++) {
            aj_array_destroy(got[i]);
            aj_array_destroy(want[i]);
        }
        aj_executable_destroy(e);
    }
    for (int i = 0; i < np; i++) aj_array_destroy(in[i]);
    return r;
}

/* The report's numbers are what the run allocated: the arena, and the
 * arguments and outputs by their sizes. */
static void expect_true_memory(const outcome *r) {
    EXPECT_EQ_INT(r->s.arena_allocated_bytes, r->s.temp_bytes);
    EXPECT_EQ_INT(r->s.argument_bytes + r->s.output_bytes, r->io_bytes);
    EXPECT_EQ_INT(r->s.peak_bytes, r->s.arena_allocated_bytes + r->io_bytes - r->s.alias_bytes);
}

/* ---- policies on a built function ---------------------------------------------------
 * f(x, w) = (loss, g): the forward part t1 = tanh(x * w), p = t1 . w^T,
 * t2 = tanh(p), loss = sum(t2); a hand-written "backward" part
 * g = ((t2 * t2) . t1) * t1 + p . w that reads t1, t2 and p, and that the
 * loss does not depend on (so it is split off as the backward part). */

typedef struct built {
    aj_module *m;
    aj_value x, w, t1, p, t2;
} built;

static aj_status build_f(built *f, const aj_checkpoint_policy *policy, const char *name_t1) {
    aj_builder *b;
    const int64_t dims[2] = {4, 8}, lc[1] = {1}, rc[1] = {1}, c0[1] = {0}, all[2] = {0, 1};
    aj_value xw, loss, zero, g1, g2, g3, g4, g;
    const float z = 0;
    aj_module_create(&f->m);
    aj_builder_begin(f->m, "f", &b);
    aj_param(b, AJ_F32, 2, dims, &f->x);
    aj_param(b, AJ_F32, 2, dims, &f->w);
    aj_binary(b, AJ_MULTIPLY, f->x, f->w, &xw);
    aj_unary(b, AJ_TANH, xw, &f->t1);
    aj_dot_general(b, f->t1, f->w, 0, NULL, NULL, 1, lc, rc, &f->p);     /* 4x4 */
    aj_unary(b, AJ_TANH, f->p, &f->t2);
    aj_constant(b, AJ_F32, 0, NULL, &z, &zero);
    aj_reduce(b, f->t2, zero, AJ_ADD, 2, all, &loss);
    aj_binary(b, AJ_MULTIPLY, f->t2, f->t2, &g1);
    aj_dot_general(b, g1, f->t1, 0, NULL, NULL, 1, lc, c0, &g2);        /* 4x8 */
    aj_binary(b, AJ_MULTIPLY, g2, f->t1, &g3);
    aj_dot_general(b, f->p, f->w, 0, NULL, NULL, 1, lc, c0, &g4);       /* 4x8 */
    aj_binary(b, AJ_ADD, g3, g4, &g);
    aj_status st = AJ_OK;
    if (name_t1) st = aj_checkpoint_name(b, f->t1, name_t1);
    aj_value ins[2] = {f->x, f->w};
    if (!st && policy) st = aj_checkpoint(b, 2, ins, 1, &f->t2, policy);
    aj_value res[2] = {loss, g};
    aj_status fin = aj_builder_finish(b, 2, res);
    return st ? st : fin;
}

#define T1 (4 * 8 * 4)      /* bytes of t1 */
#define P (4 * 4 * 4)       /* bytes of p and t2 */

/* Compiles f under a policy and checks what is saved and recomputed. */
static void expect_policy(const aj_checkpoint_policy *policy, const char *name_t1, int saved, size_t saved_bytes,
                          double flops) {
    built f;
    EXPECT_EQ_INT(build_f(&f, policy, name_t1), AJ_OK);
    outcome r = compile_and_run(f.m, "f", 0);
    EXPECT_EQ_INT(r.status, AJ_OK);
    EXPECT(r.same_as_eval);
    EXPECT_EQ_INT(r.s.saved_residuals, saved);
    EXPECT_EQ_INT(r.s.saved_residual_bytes, saved_bytes);
    if (r.s.recompute_flops != flops)
        fprintf(stderr, "policy %d: recompute_flops %g, expected %g\n", policy ? (int)policy->kind : -1,
                (double)r.s.recompute_flops, flops), testing_failed_checks++;
    expect_true_memory(&r);
    aj_module_destroy(f.m);
}

/* FLOPs of the forward ops: x*w 32, tanh 32, the dot 2*4*4*8, tanh 16. */
#define F_T1 64.0
#define F_P (2 * 4 * 4 * 8.0)
#define F_T2 16.0

TEST(policies_choose_what_is_saved) {
    aj_checkpoint_policy p = {.kind = AJ_EVERYTHING_SAVEABLE};
    expect_policy(NULL, NULL, 0, 0, 0);                /* no region, no budget: remat does not run */
    expect_policy(&p, NULL, 3, T1 + 2 * P, 0);
    p.kind = AJ_NOTHING_SAVEABLE;                       /* all from x and w */
    expect_policy(&p, NULL, 0, 0, F_T1 + F_P + F_T2);
    p.kind = AJ_DOTS_SAVEABLE;                          /* p kept; t2 from it; t1 from x, w */
    expect_policy(&p, NULL, 1, P, F_T1 + F_T2);
    p.kind = AJ_DOTS_WITH_NO_BATCH_DIMS_SAVEABLE;
    expect_policy(&p, NULL, 1, P, F_T1 + F_T2);
}

TEST(names_choose_what_is_saved) {
    const char *names[1] = {"t1"};
    aj_checkpoint_policy p = {.kind = AJ_SAVE_ONLY_THESE_NAMES, .nnames = 1, .names = names};
    expect_policy(&p, "t1", 1, T1, F_P + F_T2);         /* t1 kept; p and t2 from it */
    expect_policy(&p, "other", 0, 0, F_T1 + F_P + F_T2);
}

/* g(x, w) = (sum(t), t * p) with p a batched product of x and w and
 * t = tanh(p): dots_saveable keeps p (and recomputes t from it);
 * dots_with_no_batch_dims_saveable keeps neither. */
static void expect_batched_policy(aj_checkpoint_policy_kind kind, int saved, double flops) {
    aj_module *m;
    aj_builder *b;
    const int64_t xd[3] = {2, 4, 8}, wd[3] = {2, 8, 4}, bd[1] = {0}, lc[1] = {2}, rc[1] = {1}, all[3] = {0, 1, 2};
    aj_value x, w, p, t, zero, loss, g;
    const float z = 0;
    aj_module_create(&m);
    aj_builder_begin(m, "g", &b);
    aj_param(b, AJ_F32, 3, xd, &x);
    aj_param(b, AJ_F32, 3, wd, &w);
    aj_dot_general(b, x, w, 1, bd, bd, 1, lc, rc, &p);                   /* 2x4x4 */
    aj_unary(b, AJ_TANH, p, &t);
    aj_constant(b, AJ_F32, 0, NULL, &z, &zero);
    aj_reduce(b, t, zero, AJ_ADD, 3, all, &loss);
    aj_binary(b, AJ_MULTIPLY, t, p, &g);
    aj_value ins[2] = {x, w}, res[2] = {loss, g};
    aj_checkpoint_policy policy = {.kind = kind};
    EXPECT_EQ_INT(aj_checkpoint(b, 2, ins, 1, &t, &policy), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 2, res), AJ_OK);
    outcome r = compile_and_run(m, "g", 0);
    EXPECT_EQ_INT(r.status, AJ_OK);
    EXPECT(r.same_as_eval);
    EXPECT_EQ_INT(r.s.saved_residuals, saved);
    EXPECT_EQ_INT(r.s.recompute_flops, flops);
    aj_module_destroy(m);
}

TEST(batched_dots_are_saveable_only_under_dots_saveable) {
    expect_batched_policy(AJ_DOTS_SAVEABLE, 1, 2 * 4 * 4);                               /* tanh only */
    expect_batched_policy(AJ_DOTS_WITH_NO_BATCH_DIMS_SAVEABLE, 0, 2 * 2 * 4 * 4 * 8 + 2 * 4 * 4);
}

typedef struct asked {
    int calls, tanh_4x8;
} asked;

/* Keeps tanh results of shape 4x8 (t1) and nothing else. */
static int save_wide_tanh(const char *op, aj_dtype dtype, int rank, const int64_t *dims, const char *name,
                          void *ctx) {
    asked *a = ctx;
    a->calls++;
    int keep = strcmp(op, "stablehlo.tanh") == 0 && dtype == AJ_F32 && rank == 2 && dims[0] == 4 && dims[1] == 8;
    a->tanh_4x8 += keep && name && strcmp(name, "t1") == 0;
    return keep;
}

TEST(a_callback_chooses_what_is_saved) {
    asked a = {0};
    aj_checkpoint_policy p = {.kind = AJ_SAVE_IF, .save = save_wide_tanh, .ctx = &a};
    expect_policy(&p, "t1", 1, T1, F_P + F_T2);
    EXPECT(a.calls >= 3);
    EXPECT(a.tanh_4x8 >= 1);   /* it saw t1 with its name */
}

TEST(checkpoint_errors_are_reported) {
    built f;
    aj_checkpoint_policy p = {.kind = AJ_NOTHING_SAVEABLE};
    EXPECT_EQ_INT(build_f(&f, &p, NULL), AJ_OK);
    aj_module_destroy(f.m);
    aj_module *m;
    aj_builder *b;
    aj_value x, y;
    const int64_t d[1] = {3};
    aj_module_create(&m);
    aj_builder_begin(m, "g", &b);
    aj_param(b, AJ_F32, 1, d, &x);
    aj_unary(b, AJ_TANH, x, &y);
    EXPECT_EQ_INT(aj_checkpoint(b, 1, &x, 1, &y, &p), AJ_OK);
    EXPECT_EQ_INT(aj_checkpoint(b, 1, &x, 1, &y, &p), AJ_ERR_INVALID);   /* one region per op */
    EXPECT_CONTAINS(aj_last_error(), "already in checkpoint region 1");
    aj_value bad = 99;
    EXPECT_EQ_INT(aj_checkpoint(b, 1, &x, 1, &bad, &p), AJ_ERR_INVALID);
    EXPECT_EQ_INT(aj_checkpoint_name(b, y, ""), AJ_ERR_INVALID);
    aj_checkpoint_policy unknown = {.kind = (aj_checkpoint_policy_kind)42};
    EXPECT_EQ_INT(aj_checkpoint(b, 0, NULL, 1, &y, &unknown), AJ_ERR_INVALID);
    aj_checkpoint_policy no_fn = {.kind = AJ_SAVE_IF};
    EXPECT_EQ_INT(aj_checkpoint(b, 0, NULL, 1, &y, &no_fn), AJ_ERR_INVALID);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &y), AJ_OK);
    EXPECT_EQ_INT(aj_checkpoint_function(m, "g", &p), AJ_ERR_INVALID);   /* no backward part */
    EXPECT_CONTAINS(aj_last_error(), "no backward part");
    aj_module_destroy(m);
}

/* ---- on arrayjit's own gradients ---------------------------------------------------
 * loss(x, w1..w4) = sum(h4 * h4), h_i = tanh(h_{i-1} . w_i), h0 = x, with
 * layers 2 and 3 in a checkpoint region, differentiated by aj_value_and_grad. */

static aj_module *deep_loss_of_batch(const aj_checkpoint_policy *policy, int64_t batch) {
    aj_module *m;
    aj_builder *b;
    const int64_t xd[2] = {batch, 16}, wd[2] = {16, 16}, lc[1] = {1}, rc[1] = {0}, all[2] = {0, 1};
    aj_value x, w[4], h[5], z, sq, zero, loss;
    const float zf = 0;
    aj_module_create(&m);
    aj_builder_begin(m, "loss", &b);
    aj_param(b, AJ_F32, 2, xd, &x);
    for (int i = 0; i < 4; i++) aj_param(b, AJ_F32, 2, wd, &w[i]);
    h[0] = x;
    for (int i = 0; i < 4; i++) {
        aj_dot_general(b, h[i], w[i], 0, NULL, NULL, 1, lc, rc, &z);
        aj_unary(b, AJ_TANH, z, &h[i + 1]);
    }
    aj_binary(b, AJ_MULTIPLY, h[4], h[4], &sq);
    aj_constant(b, AJ_F32, 0, NULL, &zf, &zero);
    aj_reduce(b, sq, zero, AJ_ADD, 2, all, &loss);
    aj_value ins[3] = {h[1], w[1], w[2]};
    if (policy) EXPECT_EQ_INT(aj_checkpoint(b, 3, ins, 1, &h[3], policy), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &loss), AJ_OK);
    EXPECT_EQ_INT(aj_value_and_grad(m, "loss", 0, NULL, "vg"), AJ_OK);
    return m;
}

static aj_module *deep_loss(const aj_checkpoint_policy *policy) { return deep_loss_of_batch(policy, 8); }

TEST(a_region_of_an_autodiff_gradient_is_recomputed) {
    aj_checkpoint_policy p = {.kind = AJ_NOTHING_SAVEABLE};
    aj_module *m = deep_loss(&p);
    outcome r = compile_and_run(m, "vg", 0);
    EXPECT_EQ_INT(r.status, AJ_OK);
    EXPECT(r.same_as_eval);
    /* layers 2 and 3 again, from h1, w2 and w3: two dots and two tanh */
    EXPECT_EQ_INT(r.s.recompute_flops, 2 * (2 * 8 * 16 * 16 + 8 * 16));
    expect_true_memory(&r);
    aj_module_destroy(m);
    p.kind = AJ_EVERYTHING_SAVEABLE;
    m = deep_loss(&p);
    r = compile_and_run(m, "vg", 0);
    EXPECT(r.same_as_eval);
    EXPECT_EQ_INT(r.s.recompute_flops, 0);
    aj_module_destroy(m);
}

/* layer(h, w) = tanh(h . w), called three times by loss(x, w1, w2, w3) =
 * sum(h3 * h3). A region around the middle call (in the caller), or in
 * the callee itself (one region per inlined call), recomputes its layers. */
static aj_module *called_layers(int region_in_callee, int region_around_call) {
    aj_module *m;
    aj_builder *b;
    const int64_t xd[2] = {8, 16}, wd[2] = {16, 16}, lc[1] = {1}, rc[1] = {0}, all[2] = {0, 1};
    aj_value h, w, z, t, x, ws[3], hs[4], sq, zero, loss;
    const float zf = 0;
    aj_checkpoint_policy nothing = {.kind = AJ_NOTHING_SAVEABLE};
    aj_module_create(&m);
    aj_builder_begin(m, "layer", &b);
    aj_param(b, AJ_F32, 2, xd, &h);
    aj_param(b, AJ_F32, 2, wd, &w);
    aj_dot_general(b, h, w, 0, NULL, NULL, 1, lc, rc, &z);
    aj_unary(b, AJ_TANH, z, &t);
    aj_value ins[2] = {h, w};
    if (region_in_callee) EXPECT_EQ_INT(aj_checkpoint(b, 2, ins, 1, &t, &nothing), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &t), AJ_OK);
    aj_builder_begin(m, "loss", &b);
    aj_param(b, AJ_F32, 2, xd, &x);
    for (int i = 0; i < 3; i++) aj_param(b, AJ_F32, 2, wd, &ws[i]);
    hs[0] = x;
    for (int i = 0; i < 3; i++) {
        aj_value args[2] = {hs[i], ws[i]};
        aj_call(b, "layer", 2, args, 1, &hs[i + 1]);
    }
    aj_binary(b, AJ_MULTIPLY, hs[3], hs[3], &sq);
    aj_constant(b, AJ_F32, 0, NULL, &zf, &zero);
    aj_reduce(b, sq, zero, AJ_ADD, 2, all, &loss);
    aj_value around[2] = {hs[1], ws[1]};
    if (region_around_call) EXPECT_EQ_INT(aj_checkpoint(b, 2, around, 1, &hs[2], &nothing), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &loss), AJ_OK);
    EXPECT_EQ_INT(aj_value_and_grad(m, "loss", 0, NULL, "vg"), AJ_OK);
    return m;
}

TEST(regions_survive_inlining) {
    const double layer = 2 * 8 * 16 * 16 + 8 * 16;   /* a dot and a tanh */
    for (int variant = 0; variant < 2; variant++) {
        aj_module *m = called_layers(variant == 1, variant == 0);
        outcome r = compile_and_run(m, "vg", 0);
        EXPECT_EQ_INT(r.status, AJ_OK);
        EXPECT(r.same_as_eval);
        /* around the call: the middle layer again; in the callee: each of the
         * three calls has a region of its own, and every layer is recomputed */
        EXPECT_EQ_INT(r.s.recompute_flops, variant == 0 ? layer : 3 * layer);
        aj_module_destroy(m);
    }
}

/* A batch of 64: the activations (4 KiB each) outgrow the weights' gradients
 * (1 KiB), so they cannot all wait in output buffers and recomputing pays. */
TEST(a_budget_on_an_autodiff_gradient) {
    aj_module *m = deep_loss_of_batch(NULL, 64);
    outcome base = compile_and_run(m, "vg", 0);
    EXPECT_EQ_INT(base.status, AJ_OK);
    outcome r = compile_and_run(m, "vg", base.s.peak_bytes - 1);
    EXPECT_EQ_INT(r.status, AJ_OK);
    EXPECT(r.same_as_eval);
    EXPECT(r.s.peak_bytes < base.s.peak_bytes);
    EXPECT(r.s.recompute_flops > 0);
    expect_true_memory(&r);
    aj_module_destroy(m);
}

/* ---- the memory budget ------------------------------------------------------------- */

static aj_module *load_small_grad(void) {
    aj_module *m = NULL;
    EXPECT_EQ_INT(aj_module_load(data_path("remat/mlp_deep_small_grad.mlir"), &m), AJ_OK);
    return m;
}

TEST(budget_sweep_is_monotone_exact_and_true) {
    aj_module *m = load_small_grad();
    if (!m) return;
    outcome base = compile_and_run(m, "main", 0);
    EXPECT_EQ_INT(base.status, AJ_OK);
    EXPECT(base.same_as_eval);
    size_t prev_peak = base.s.peak_bytes;
    double prev_flops = 0;
    int fitted = 0, failed = 0;
    for (int step = 0; step <= 16; step++) {
        size_t budget = base.s.peak_bytes - (size_t)step * base.s.peak_bytes / 32;
        outcome r = compile_and_run(m, "main", budget);
        if (r.status) {
            EXPECT_EQ_INT(r.status, AJ_ERR_INVALID);
            EXPECT_CONTAINS(aj_last_error(), "smallest peak reached");
            failed++;
            continue;
        }
        EXPECT(!failed);                       /* a larger budget never fails where a smaller fits */
        EXPECT(r.same_as_eval);
        EXPECT(r.s.peak_bytes <= budget);
        EXPECT(r.s.peak_bytes <= prev_peak);   /* smaller budget: never a larger peak */
        EXPECT(r.s.recompute_flops >= prev_flops);   /* larger budget: never more FLOPs */
        expect_true_memory(&r);
        prev_peak = r.s.peak_bytes;
        prev_flops = r.s.recompute_flops;
        fitted++;
    }
    EXPECT(fitted >= 3);
    EXPECT(prev_flops > 0);                     /* the budget made it recompute */
    EXPECT(prev_peak < base.s.peak_bytes);
    aj_module_destroy(m);
}

TEST(a_budget_nothing_meets_fails_with_the_smallest_peak) {
    aj_module *m = load_small_grad();
    if (!m) return;
    outcome r = compile_and_run(m, "main", 1000);
    EXPECT_EQ_INT(r.status, AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "memory budget of 1000 bytes cannot be met by @main");
    EXPECT_CONTAINS(aj_last_error(), "smallest peak reached is");
    EXPECT_CONTAINS(aj_last_error(), "live at its peak: %v");
    aj_module_destroy(m);
}

TEST(the_residual_report_names_each_residual) {
    aj_module *m = load_small_grad();
    if (!m) return;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .memory_budget_bytes = 1 << 20};
    aj_checkpoint_policy p = {.kind = AJ_EVERYTHING_SAVEABLE};
    EXPECT_EQ_INT(aj_checkpoint_function(m, "main", &p), AJ_OK);
    aj_executable *e;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    EXPECT_EQ_INT(aj_executable_print_residuals(e, f), AJ_OK);
    EXPECT_EQ_INT(aj_executable_report(e, f, 1), AJ_OK);
    fclose(f);
    /* six tanh outputs and h - y, each 16x8 f32, made at a line of the file */
    EXPECT_CONTAINS(text, "residuals of @main: 7");
    EXPECT_CONTAINS(text, "512 bytes, made by stablehlo.tanh");
    EXPECT_CONTAINS(text, "saved      %");
    EXPECT_CONTAINS(text, "mlp_deep_small_grad.mlir:");
    EXPECT_CONTAINS(text, "\"recompute_flops\": ");
    EXPECT_CONTAINS(text, "\"saved\": true");
    free(text);
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

/* ---- later passes keep the recomputed copies apart -------------------------------- */

static void count_tanh(ir_op *op, int *n) {
    *n += op->code == IR_TANH;
    for (int r = 0; r < op->nregions; r++)
        for (int i = 0; i < op->regions[r]->nops; i++) count_tanh(op->regions[r]->ops[i], n);
}

static int tanh_ops(const ir_func *f) {
    int n = 0;
    for (int i = 0; i < f->body->nops; i++) count_tanh(f->body->ops[i], &n);
    return n;
}

TEST(cse_and_fusion_do_not_merge_recomputed_copies) {
    aj_module *m = load_small_grad();
    if (!m) return;
    ir_module *c = ir_module_clone(m->ir);
    ir_func *f = ir_module_entry(c);
    diag d = {0};
    remat_info r;
    EXPECT_EQ_INT(remat_analyze(f, &r, &d), DIAG_OK);
    EXPECT_EQ_INT(r.nresiduals, 7);
    bool keep[16] = {0};                     /* recompute everything */
    int before = tanh_ops(f);
    EXPECT_EQ_INT(remat_apply(f, &r, &(remat_choice){keep, 0}, NULL, &d), DIAG_OK);
    int copied = tanh_ops(f);
    EXPECT_EQ_INT(copied, 2 * before);       /* each of the six layers once more */
    EXPECT_EQ_INT(ir_verify_func(c, f, &d), DIAG_OK);
    EXPECT_EQ_INT(pass_cse(f, &d), DIAG_OK);
    EXPECT_EQ_INT(tanh_ops(f), copied);
    EXPECT_EQ_INT(pass_dce(f, &d), DIAG_OK);
    EXPECT_EQ_INT(fuse_func(f, NULL, &d), DIAG_OK);
    EXPECT(tanh_ops(f) >= copied);           /* fusion may duplicate, never merge */
    remat_info_free(&r);
    ir_module_free(c);
    aj_module_destroy(m);
}

TEST(clones_keep_checkpoint_regions_and_names) {
    built f;
    const char *names[1] = {"t1"};
    aj_checkpoint_policy p = {.kind = AJ_SAVE_ONLY_THESE_NAMES, .nnames = 1, .names = names};
    EXPECT_EQ_INT(build_f(&f, &p, "t1"), AJ_OK);
    ir_module *c = ir_module_clone(f.m->ir);
    const ir_func *g = ir_module_find(c, "f");
    EXPECT_EQ_INT(g->ncheckpoints, 1);
    EXPECT_EQ_INT(g->checkpoints[0].policy, IR_SAVE_NAMED);
    EXPECT_EQ_INT(g->checkpoints[0].nnames, 1);
    EXPECT(strcmp(ir_func_value_tag(g, f.t1), "t1") == 0);
    int in_region = 0;
    for (int i = 0; i < g->body->nops; i++) in_region += g->body->ops[i]->checkpoint == 1;
    EXPECT_EQ_INT(in_region, 4);   /* x*w, tanh, the dot, tanh */
    ir_module_free(c);
    aj_module_destroy(f.m);
}

/* ---- allocation failures ------------------------------------------------------------ */

TEST(every_allocation_failure_in_remat_is_reported_and_clean) {
    aj_module *m = load_small_grad();
    if (!m) return;
    int done = 0;
    for (long n = 1; !done && n < 5000; n++) {
        size_t live = mem_live_bytes();
        ir_module *c = ir_module_clone(m->ir);
        ir_func *f = ir_module_entry(c);
        diag d = {0};
        remat_info r = {0};
        remat_candidates cand = {0};
        mem_fail_after(n);
        int rc = remat_analyze(f, &r, &d);
        if (!rc) rc = remat_candidates_make(&r, &cand, &d);
        remat_choice last = {0};
        if (!rc) last = (remat_choice){&cand.keep[(size_t)(cand.n - 1) * r.nresiduals], cand.group[cand.n - 1]};
        if (!rc) rc = remat_apply(f, &r, &last, NULL, &d);
        mem_fail_after(0);
        if (rc != DIAG_OK && rc != DIAG_NOMEM) {
            fprintf(stderr, "failure at allocation %ld: code %d: %s\n", n, rc, d.msg);
            testing_failed_checks++;
        }
        if (!rc) {
            EXPECT_EQ_INT(ir_verify_func(c, f, &d), DIAG_OK);
            done = 1;
        }
        EXPECT(rc || last.group > 0);   /* the last candidate is a multi-level one */
        remat_candidates_free(&cand);
        remat_info_free(&r);
        ir_module_free(c);
        if (mem_live_bytes() != live) {
            fprintf(stderr, "failure at allocation %ld: leaked %zu bytes\n", n, mem_live_bytes() - live);
            testing_failed_checks++;
        }
    }
    EXPECT(done);
    aj_module_destroy(m);
}

/* Compiling under a budget (every candidate measured on a copy): failures
 * at allocations spread geometrically over the compile, each reported as
 * out of memory with nothing leaked. */
TEST(allocation_failures_while_choosing_under_a_budget) {
    aj_module *m = load_small_grad();
    if (!m) return;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .memory_budget_bytes = 7000};
    aj_executable *e = NULL;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);   /* fits, with recomputation */
    aj_executable_destroy(e);
    int failures = 0;
    for (long n = 1; n < (1L << 30); n = n * 3 / 2 + 1) {
        size_t live = mem_live_bytes();
        mem_fail_after(n);
        aj_status st = aj_compile(m, "main", &o, &e);
        mem_fail_after(0);
        if (st == AJ_OK) {
            aj_executable_destroy(e);
            break;
        }
        EXPECT_EQ_INT(mem_live_bytes(), live);
        EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
        failures++;
    }
    EXPECT(failures > 10);
    aj_module_destroy(m);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    RUN(policies_choose_what_is_saved);
    RUN(batched_dots_are_saveable_only_under_dots_saveable);
    RUN(names_choose_what_is_saved);
    RUN(a_callback_chooses_what_is_saved);
    RUN(checkpoint_errors_are_reported);
    RUN(a_region_of_an_autodiff_gradient_is_recomputed);
    RUN(regions_survive_inlining);
    RUN(a_budget_on_an_autodiff_gradient);
    RUN(budget_sweep_is_monotone_exact_and_true);
    RUN(a_budget_nothing_meets_fails_with_the_smallest_peak);
    RUN(the_residual_report_names_each_residual);
    RUN(cse_and_fusion_do_not_merge_recomputed_copies);
    RUN(clones_keep_checkpoint_regions_and_names);
    RUN(every_allocation_failure_in_remat_is_reported_and_clean);
    RUN(allocation_failures_while_choosing_under_a_budget);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
