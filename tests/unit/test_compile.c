/* Tests of the compiler through the public API: random graphs compiled in
 * strict order must match the evaluator bit for bit; the memory analysis
 * must be true; caches must hit; bad options must be reported. */
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/mem.h"

static char cache_dir[] = "/tmp/aj_test_cache_XXXXXX";

/* ---- random graphs ------------------------------------------------------------
 * Values of a few shapes over f32 (and i1 for predicates); each step applies
 * a random op to operands of fitting shapes. Fixed seeds: reproducible. */

enum { SHAPE_MAT, SHAPE_VEC, SHAPE_COL, SHAPE_T, NSHAPES };
static const int64_t shapes[NSHAPES][2] = {{4, 8}, {8, 0}, {4, 1}, {8, 4}};

typedef struct graph {
    aj_builder *b;
    aj_value vals[NSHAPES][64];
    int nvals[NSHAPES];
    unsigned seed;
} graph;

static unsigned next_rand(graph *g) {
    g->seed = g->seed * 1103515245u + 12345u;
    return (g->seed >> 16) & 0x7fff;
}

static void add_value(graph *g, int shape, aj_value v) {
    if (v != AJ_NO_VALUE && g->nvals[shape] < 64) g->vals[shape][g->nvals[shape]++] = v;
}

static aj_value pick(graph *g, int shape) {
    return g->vals[shape][next_rand(g) % g->nvals[shape]];
}

static void random_step(graph *g) {
    static const aj_op unary[] = {AJ_TANH, AJ_EXPONENTIAL, AJ_NEGATE, AJ_ABS, AJ_LOGISTIC, AJ_SINE,
                                  AJ_FLOOR, AJ_SQRT};
    static const aj_op binary[] = {AJ_ADD, AJ_MULTIPLY, AJ_SUBTRACT, AJ_MAXIMUM, AJ_DIVIDE, AJ_MINIMUM};
    aj_builder *b = g->b;
    aj_value out = AJ_NO_VALUE;
    int shape = (int)(next_rand(g) % NSHAPES);
    while (!g->nvals[shape]) shape = (shape + 1) % NSHAPES;
    aj_value x = pick(g, shape);
    switch (next_rand(g) % 9) {
    case 0: case 1:
        aj_unary(b, unary[next_rand(g) % 8], x, &out);
        break;
    case 2: case 3:
        aj_binary(b, binary[next_rand(g) % 6], x, pick(g, shape), &out);
        break;
    case 4: {  /* broadcast a vector or a column to the matrix */
        if (shape == SHAPE_VEC) aj_broadcast_in_dim(b, x, 2, shapes[SHAPE_MAT], (const int64_t[]){1}, &out);
        else if (shape == SHAPE_COL) aj_broadcast_in_dim(b, x, 2, shapes[SHAPE_MAT], (const int64_t[]){0, 1}, &out);
        add_value(g, SHAPE_MAT, out);
        return;
    }
    case 5: {  /* transpose between 4x8 and 8x4 */
        if (shape != SHAPE_MAT && shape != SHAPE_T) return;
        aj_transpose(b, x, (const int64_t[]){1, 0}, &out);
        add_value(g, shape == SHAPE_MAT ? SHAPE_T : SHAPE_MAT, out);
        return;
    }
    case 6: {  /* reduce the matrix's rows (to a column) or columns (to a vector) */
        if (shape != SHAPE_MAT) return;
        float zero = 0, ninf = -INFINITY;
        aj_value init, r;
        int rows = next_rand(g) % 2;
        int max = next_rand(g) % 2;
        aj_constant(b, AJ_F32, 0, NULL, max ? &ninf : &zero, &init);
        aj_reduce(b, x, init, max ? AJ_MAXIMUM : AJ_ADD, 1, (const int64_t[]){rows ? 1 : 0}, &r);
        if (rows) aj_reshape(b, r, 2, shapes[SHAPE_COL], &out);
        else out = r;
        add_value(g, rows ? SHAPE_COL : SHAPE_VEC, out);
        return;
    }
    case 7: {  /* matrix product 4x8 . 8x4 -> 4x4, then back to 4x8 through 4x4 . 4x8? keep 4x8: (4x8)(8x4)(4x8) */
        if (shape != SHAPE_MAT || !g->nvals[SHAPE_T]) return;
        aj_value p, q;
        aj_dot_general(b, x, pick(g, SHAPE_T), 0, NULL, NULL, 1, (const int64_t[]){1},
                       (const int64_t[]){0}, &p);
        aj_dot_general(b, p, x, 0, NULL, NULL, 1, (const int64_t[]){1}, (const int64_t[]){0}, &q);
        add_value(g, SHAPE_MAT, q);
        return;
    }
    case 8: {  /* select by a comparison */
        aj_value pred;
        aj_compare(b, next_rand(g) % 2 ? AJ_GT : AJ_LE, x, pick(g, shape), &pred);
        aj_select(b, pred, x, pick(g, shape), &out);
        break;
    }
    }
    add_value(g, shape, out);
}

/* Builds a random function with 2 parameters and 2 results; NULL on error. */
static aj_module *random_module(unsigned seed) {
    aj_module *m;
    graph g = {0};
    g.seed = seed;
    if (aj_module_create(&m) || aj_builder_begin(m, "main", &g.b)) return NULL;
    aj_value p0, p1;
    aj_param(g.b, AJ_F32, 2, shapes[SHAPE_MAT], &p0);
    aj_param(g.b, AJ_F32, 1, shapes[SHAPE_VEC], &p1);
    add_value(&g, SHAPE_MAT, p0);
    add_value(&g, SHAPE_VEC, p1);
    int steps = 4 + (int)(next_rand(&g) % 20);
    for (int i = 0; i < steps; i++) random_step(&g);
    aj_value results[2] = {pick(&g, SHAPE_MAT), g.vals[SHAPE_MAT][g.nvals[SHAPE_MAT] - 1]};
    if (aj_builder_finish(g.b, 2, results)) {
        fprintf(stderr, "seed %u: %s\n", seed, aj_last_error());
        aj_module_destroy(m);
        return NULL;
    }
    return m;
}

static int same_bits_or_both_nan(const float *a, const float *b, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], 4) != 0 && !(isnan(a[i]) && isnan(b[i]))) return 0;
    return 1;
}

static int same_or_nan64(const double *a, const double *b, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], 8) != 0 && !(isnan(a[i]) && isnan(b[i]))) return 0;
    return 1;
}

TEST(random_graphs_match_the_evaluator_bit_for_bit) {
    int mismatches = 0, tested = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        aj_module *m = random_module(seed);
        if (!m) {
            mismatches++;
            continue;
        }
        float xs[32], vs[8];
        for (int i = 0; i < 32; i++) xs[i] = (float)((int)(seed * 7 + i * 13) % 17 - 8) * 0.37f;
        for (int i = 0; i < 8; i++) vs[i] = (float)(i % 5) - 1.5f;
        aj_array *in[2], *want[2], *got[2];
        aj_array_wrap(AJ_F32, 2, shapes[SHAPE_MAT], xs, &in[0]);
        aj_array_wrap(AJ_F32, 1, shapes[SHAPE_VEC], vs, &in[1]);
        aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
        aj_executable *e = NULL;
        if (aj_module_eval(m, "main", 2, in, 2, want, NULL) || aj_compile(m, "main", &o, &e) ||
            aj_executable_run(e, 2, in, 2, got)) {
            fprintf(stderr, "seed %u: %s\n", seed, aj_last_error());
            mismatches++;
        } else {
            for (int j = 0; j < 2; j++) {
                if (!same_bits_or_both_nan(aj_array_data(want[j]), aj_array_data(got[j]), 32)) {
                    fprintf(stderr, "seed %u: result %d differs from the evaluator\n", seed, j);
                    mismatches++;
                }
                aj_array_destroy(want[j]);
                aj_array_destroy(got[j]);
            }
            tested++;
        }
        aj_executable_destroy(e);
        aj_array_destroy(in[0]);
        aj_array_destroy(in[1]);
        aj_module_destroy(m);
    }
    EXPECT_EQ_INT(mismatches, 0);
    EXPECT_EQ_INT(tested, 40);
}

static const char *softmax_text =
    "func.func @main(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x128xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<64x128xf32>\n"
    "  %e = stablehlo.exponential %d : tensor<64x128xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>\n"
    "  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x128xf32>\n"
    "  %y = stablehlo.divide %e, %sb : tensor<64x128xf32>\n"
    "  func.return %y : tensor<64x128xf32>\n"
    "}\n";

TEST(memory_analysis_is_true) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(softmax_text, strlen(softmax_text), "softmax.mlir", &m), AJ_OK);
    if (!m) return;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    if (e) {
        aj_memory_stats s;
        EXPECT_EQ_INT(aj_executable_memory(e, &s), AJ_OK);
        EXPECT_EQ_INT(s.temp_bytes, s.arena_allocated_bytes);
        EXPECT(s.temp_bytes >= s.lower_bound_bytes);
        EXPECT_EQ_INT(s.argument_bytes, 64 * 128 * 4);
        EXPECT_EQ_INT(s.output_bytes, 64 * 128 * 4);
        EXPECT_EQ_INT(s.peak_bytes, s.temp_bytes + s.argument_bytes + s.output_bytes - s.alias_bytes);
        /* Fused, the 64x128 intermediates (d, e or their broadcasts) never exist. */
        EXPECT(s.fused_away_bytes >= 64 * 128 * 4);
        EXPECT(s.temp_bytes < 64 * 128 * 4);
        EXPECT(s.eager_peak_bytes > s.temp_bytes + s.output_bytes);
        EXPECT(s.code_bytes > 0);
        FILE *f = tmpfile();
        EXPECT_EQ_INT(aj_executable_report(e, f, 1), AJ_OK);
        fclose(f);
        aj_executable_destroy(e);
    }
    aj_module_destroy(m);
}

/* Kernels over 32 MiB take the fast paths for big arrays: streaming stores,
 * prefetching, exp's vector variant, softmax's exp(x - max) held one block
 * of rows at a time in the arena (emit_c.c, block-local values). They must
 * still agree with the evaluator (fast mode: within a few ULP). */
static const char *big_text =
    "func.func @main(%x: tensor<2048x4096xf32>) -> (tensor<2048x4096xf32>, tensor<2048x4096xf32>) {\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2048x4096xf32>, tensor<f32>) -> tensor<2048xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2048xf32>) -> tensor<2048x4096xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<2048x4096xf32>\n"
    "  %e = stablehlo.exponential %d : tensor<2048x4096xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2048x4096xf32>, tensor<f32>) -> tensor<2048xf32>\n"
    "  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2048xf32>) -> tensor<2048x4096xf32>\n"
    "  %y = stablehlo.divide %e, %sb : tensor<2048x4096xf32>\n"
    "  %t = stablehlo.tanh %x : tensor<2048x4096xf32>\n"
    "  %g = stablehlo.multiply %t, %x : tensor<2048x4096xf32>\n"
    "  func.return %y, %g : tensor<2048x4096xf32>, tensor<2048x4096xf32>\n"
    "}\n";

/* The largest |a - b| / |b| (NaN where only one is NaN). */
static double worst_relative_error(const float *a, const float *b, int64_t n) {
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        double d = isnan(a[i]) != isnan(b[i]) ? NAN : b[i] == a[i] ? 0 : fabs((double)a[i] - b[i]) / fabs(b[i]);
        if (!(d <= worst)) worst = d;
    }
    return worst;
}

TEST(big_streamed_kernels_match_the_evaluator) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(big_text, strlen(big_text), "big.mlir", &m), AJ_OK);
    if (!m) return;
    int64_t dims[2] = {2048, 4096}, n = dims[0] * dims[1];
    aj_array *in, *want[2] = {0}, *got[2] = {0};
    EXPECT_EQ_INT(aj_array_create(AJ_F32, 2, dims, &in), AJ_OK);
    float *x = aj_array_data(in);
    uint32_t r = 12345;
    for (int64_t i = 0; i < n; i++) r = r * 1664525u + 1013904223u, x[i] = (float)(r >> 8) * 0x1p-24f * 16 - 8;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, &in, 2, want, NULL), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    if (e && want[0]) {
        EXPECT_EQ_INT(aj_executable_run(e, 1, &in, 2, got), AJ_OK);
        /* the evaluator sums a row of 4096 in order, with a relative error up
           to 4096 * 2^-24 = 2.4e-4 (6.8e-6 seen): within that; tanh 2 ULP */
        EXPECT(got[0] && worst_relative_error(aj_array_data(got[0]), aj_array_data(want[0]), n) <= 2.5e-4);
        EXPECT(got[1] && worst_relative_error(aj_array_data(got[1]), aj_array_data(want[1]), n) <= 4e-7);
        aj_memory_stats s;
        EXPECT_EQ_INT(aj_executable_memory(e, &s), AJ_OK);
        EXPECT_EQ_INT(s.temp_bytes, s.arena_allocated_bytes);
        EXPECT(s.temp_bytes < 1 << 20);   /* a block of rows, not the array */
    }
    for (int i = 0; i < 2; i++) aj_array_destroy(want[i]), aj_array_destroy(got[i]);
    aj_executable_destroy(e);
    aj_array_destroy(in);
    aj_module_destroy(m);
}

/* The memory picture: each curve's peak is the figure the analysis reports
 * (planned and measured: peak_bytes; eager: eager_peak_bytes). */
static aj_status draw_softmax(aj_executable *e, const char *path) {
    aj_memory_curve c[3];
    const aj_curve_kind kinds[3] = {AJ_CURVE_EAGER, AJ_CURVE_PLANNED, AJ_CURVE_MEASURED};
    aj_status st = AJ_OK;
    int n = 0;
    for (; n < 3 && !st; n++) st = aj_executable_memory_curve(e, kinds[n], &c[n]);
    if (st) n--;   /* a failed call leaves nothing to release */
    if (!st) st = aj_memory_svg(c, n, "softmax", path);
    for (int i = 0; i < n; i++) aj_memory_curve_release(&c[i]);
    return st;
}

TEST(the_memory_picture_is_true_and_rejects_bad_requests) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(softmax_text, strlen(softmax_text), "softmax.mlir", &m), AJ_OK);
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    aj_memory_stats s;
    aj_memory_curve c;
    EXPECT_EQ_INT(aj_executable_memory(e, &s), AJ_OK);
    EXPECT_EQ_INT(aj_executable_memory_curve(e, AJ_CURVE_PLANNED, &c), AJ_OK);
    EXPECT_EQ_INT(c.peak_bytes, s.peak_bytes);
    EXPECT(c.nsteps > 0 && c.bytes[c.peak_step] <= s.peak_bytes);
    aj_memory_curve_release(&c);
    EXPECT_EQ_INT(aj_executable_memory_curve(e, AJ_CURVE_EAGER, &c), AJ_OK);
    EXPECT_EQ_INT(c.peak_bytes, s.eager_peak_bytes);
    aj_memory_curve_release(&c);
    EXPECT_EQ_INT(aj_executable_memory_curve(e, AJ_CURVE_MEASURED, &c), AJ_OK);
    EXPECT_EQ_INT(c.peak_bytes, s.peak_bytes);
    aj_memory_curve_release(&c);

    EXPECT_EQ_INT(aj_executable_memory_curve(e, (aj_curve_kind)42, &c), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "unknown curve kind 42");
    EXPECT(c.nsteps == 0 && c.bytes == NULL);
    EXPECT_EQ_INT(aj_memory_svg(NULL, 1, "t", "/tmp/x.svg"), AJ_ERR_INVALID);
    EXPECT_EQ_INT(aj_memory_svg(&c, 0, "t", NULL), AJ_ERR_INVALID);
    char dir[64], path[128];
    snprintf(dir, sizeof dir, "%s", "/tmp/aj_svg_XXXXXX");
    EXPECT(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/missing/m.svg", dir);
    EXPECT_EQ_INT(draw_softmax(e, path), AJ_ERR_IO);
    EXPECT_CONTAINS(aj_last_error(), "missing");

    /* every allocation failing in turn: an error, nothing leaked, no file */
    snprintf(path, sizeof path, "%s/m.svg", dir);
    int failures = 0;
    for (int n = 1; n < 100000; n++) {
        size_t live = mem_live_bytes();
        mem_fail_after(n);
        aj_status st = draw_softmax(e, path);
        mem_fail_after(0);
        EXPECT_EQ_INT(mem_live_bytes(), live);
        if (st == AJ_OK) break;
        failures++;
        EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
        EXPECT(access(path, F_OK) != 0);
    }
    EXPECT(failures > 5);
    EXPECT(access(path, F_OK) == 0);
    unlink(path);
    rmdir(dir);
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

TEST(the_caches_hit) {
    aj_module *m;
    aj_module_parse(softmax_text, strlen(softmax_text), "softmax.mlir", &m);
    aj_compile_options o = {.cache_dir = cache_dir};
    aj_executable *a, *b, *c;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &a), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &b), AJ_OK);
    EXPECT(a == b);  /* in memory: the same executable */
    o.no_memory_cache = 1;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &c), AJ_OK);
    aj_memory_stats s;
    aj_executable_memory(c, &s);
    EXPECT(s.cache_hit);  /* from disk */
    aj_executable_destroy(a);
    aj_executable_destroy(b);
    aj_executable_destroy(c);
    EXPECT_EQ_INT(aj_clear_caches(cache_dir), AJ_OK);
    o.no_memory_cache = 0;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &a), AJ_OK);
    aj_executable_memory(a, &s);
    EXPECT(!s.cache_hit);  /* both caches were cleared */
    aj_executable_destroy(a);
    aj_clear_caches(cache_dir);
    aj_module_destroy(m);
}

TEST(bad_compile_options_are_reported) {
    aj_module *m;
    aj_module_parse(softmax_text, strlen(softmax_text), "softmax.mlir", &m);
    aj_compile_options o = {.cache_dir = cache_dir, .cflags = "-fno-such-flag", .no_disk_cache = 1,
                            .no_memory_cache = 1};
    aj_executable *e = NULL;
    EXPECT(aj_compile(m, "main", &o, &e) != AJ_OK);
    EXPECT_CONTAINS(aj_last_error(), "no-such-flag");
    aj_compile_options d = {.dump_after = "frobnicate"};
    EXPECT_EQ_INT(aj_compile(m, "main", &d, &e), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "frobnicate");
    aj_module_destroy(m);
}

/* An SGD step: the weight updates are dot kernels whose epilogue reads the
 * old weight (w - 0.01 * x^T g, and w2 + (-0.01) * (g^T x) written the other
 * way round), the bias update a reduce kernel (b - 0.01 * sum g). Donated,
 * each update is written over its parameter's buffer: in fast mode as one
 * gemm with beta (a few ULP from the evaluator), in strict order by the
 * naive loop (bit for bit). Not donated, the fast gemm first copies w. */
static const char *sgd_text =
    "func.func @main(%w: tensor<48x40xf32>, %b: tensor<40xf32>, %w2: tensor<40x48xf32>, %x: tensor<32x48xf32>,"
    " %g: tensor<32x40xf32>) -> (tensor<48x40xf32>, tensor<40xf32>, tensor<40x48xf32>) {\n"
    "  %dw = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<32x48xf32>, tensor<32x40xf32>) -> tensor<48x40xf32>\n"
    "  %c = stablehlo.constant dense<0.01> : tensor<f32>\n"
    "  %cw = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<48x40xf32>\n"
    "  %sw = stablehlo.multiply %cw, %dw : tensor<48x40xf32>\n"
    "  %nw = stablehlo.subtract %w, %sw : tensor<48x40xf32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %db = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<32x40xf32>, tensor<f32>) -> tensor<40xf32>\n"
    "  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<40xf32>\n"
    "  %sb = stablehlo.multiply %cb, %db : tensor<40xf32>\n"
    "  %nb = stablehlo.subtract %b, %sb : tensor<40xf32>\n"
    "  %dw2 = stablehlo.dot_general %g, %x, contracting_dims = [0] x [0] : (tensor<32x40xf32>, tensor<32x48xf32>) -> tensor<40x48xf32>\n"
    "  %n = stablehlo.constant dense<-0.01> : tensor<f32>\n"
    "  %cn = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<40x48xf32>\n"
    "  %sw2 = stablehlo.multiply %dw2, %cn : tensor<40x48xf32>\n"
    "  %nw2 = stablehlo.add %sw2, %w2 : tensor<40x48xf32>\n"
    "  func.return %nw, %nb, %nw2 : tensor<48x40xf32>, tensor<40xf32>, tensor<40x48xf32>\n"
    "}\n";

static int sgd_run(aj_module *m, int strict, uint64_t donate) {
    static const int64_t dims[5][2] = {{48, 40}, {40, 0}, {40, 48}, {32, 48}, {32, 40}};
    static const int rank[5] = {2, 1, 2, 2, 2};
    aj_array *in[5], *want[3], *got[3];
    void *old[5];
    for (int i = 0; i < 5; i++) {
        aj_array_create(AJ_F32, rank[i], dims[i], &in[i]);
        float *d = aj_array_data(in[i]);
        for (int64_t k = 0; k < aj_array_numel(in[i]); k++) d[k] = (float)((int)((k * 37 + i * 11) % 23) - 11) * 0.173f;
        old[i] = d;
    }
    aj_compile_options o = {.strict_order = strict, .donate = donate, .strict_donation = 1, .cache_dir = cache_dir,
                            .no_memory_cache = 1};
    aj_executable *e = NULL;
    int bad = 0;
    if (aj_module_eval(m, "main", 5, in, 3, want, NULL) || aj_compile(m, "main", &o, &e) ||
        aj_executable_run(e, 5, in, 3, got)) {
        fprintf(stderr, "sgd (strict %d, donate %#llx): %s\n", strict, (unsigned long long)donate, aj_last_error());
        bad = 1;
    } else {
        aj_memory_stats st;
        aj_executable_memory(e, &st);
        if (st.alias_bytes != (donate ? (48 * 40 * 2 + 40) * 4u : 0)) bad = 1;
        for (int j = 0; j < 3; j++) {
            if (donate && aj_array_data(got[j]) != old[j]) bad = 1;   /* updated in the parameter's buffer */
            const float *a = aj_array_data(want[j]), *b = aj_array_data(got[j]);
            int64_t n = aj_array_numel(want[j]);
            if (strict && !same_bits_or_both_nan(a, b, n)) bad = 1;
            for (int64_t k = 0; k < n; k++)
                if (fabsf(a[k] - b[k]) > 1e-5f * (1 + fabsf(a[k]))) bad = 1;
            aj_array_destroy(want[j]);
            aj_array_destroy(got[j]);
        }
        if (bad) fprintf(stderr, "sgd (strict %d, donate %#llx): wrong results or buffers\n", strict,
                         (unsigned long long)donate);
    }
    aj_executable_destroy(e);
    for (int i = 0; i < 5; i++) aj_array_destroy(in[i]);
    return bad;
}

TEST(sgd_updates_are_written_over_donated_parameters) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(sgd_text, strlen(sgd_text), "sgd.mlir", &m), AJ_OK);
    if (!m) return;
    EXPECT_EQ_INT(sgd_run(m, 0, 7), 0);
    EXPECT_EQ_INT(sgd_run(m, 1, 7), 0);
    EXPECT_EQ_INT(sgd_run(m, 0, 0), 0);
    EXPECT_EQ_INT(sgd_run(m, 1, 0), 0);
    aj_module_destroy(m);
}

/* ---- dots written over their dying lhs (contract.c, "over the lhs") -----------------
 * 3000 rows of 96 (384 bytes): blocks of 682 rows, the last one short. h1
 * dies in the bias-add layer (in place); h2 is read again at the end (not in
 * place); h4 adds a residual over h3 (in place); the last layer narrows to
 * 64 (a smaller result: its own buffer). */
static const char *dot_rows_text =
    "func.func @main(%x: tensor<3000x96xf32>, %w: tensor<96x96xf32>, %b: tensor<96xf32>, %w2: tensor<96x64xf32>)"
    " -> (tensor<3000x64xf32>, tensor<3000x96xf32>) {\n"
    "  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %h1 = stablehlo.tanh %a1 : tensor<3000x96xf32>\n"
    "  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<96xf32>) -> tensor<3000x96xf32>\n"
    "  %s2 = stablehlo.add %a2, %bb : tensor<3000x96xf32>\n"
    "  %h2 = stablehlo.tanh %s2 : tensor<3000x96xf32>\n"
    "  %a3 = stablehlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %h3 = stablehlo.tanh %a3 : tensor<3000x96xf32>\n"
    "  %a4 = stablehlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %t4 = stablehlo.tanh %a4 : tensor<3000x96xf32>\n"
    "  %h4 = stablehlo.add %t4, %h3 : tensor<3000x96xf32>\n"
    "  %a5 = stablehlo.dot_general %h4, %w2, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x64xf32>) -> tensor<3000x64xf32>\n"
    "  %h5 = stablehlo.tanh %a5 : tensor<3000x64xf32>\n"
    "  %r = stablehlo.subtract %h4, %h2 : tensor<3000x96xf32>\n"
    "  func.return %h5, %r : tensor<3000x64xf32>, tensor<3000x96xf32>\n"
    "}\n";

static void fill_inputs(aj_array **in, int n, float scale) {
    for (int k = 0; k < n; k++) {
        float *p = aj_array_data(in[k]);
        for (int64_t i = 0; i < aj_array_numel(in[k]); i++)
            p[i] = (float)((int)((i * 37 + k * 11) % 23) - 11) * scale;
    }
}

/* Compiles text's main with o, runs it on in[] and compares its outputs
 * with the evaluator's: bit for bit in strict order, else within tol
 * (relative, or absolute near 0). Returns the failures (0: all agree). */
static int run_against_evaluator(const char *text, const aj_compile_options *o, aj_array **in, int nin, int nout,
                                 double tol, aj_memory_stats *st) {
    aj_module *m;
    aj_executable *e = NULL;
    aj_array *want[4] = {0}, *got[4] = {0};
    int bad = 0;
    if (aj_module_parse(text, strlen(text), "rows.mlir", &m)) return 1;
    if (aj_module_eval(m, "main", nin, in, nout, want, NULL) || aj_compile(m, "main", o, &e) ||
        aj_executable_memory(e, st) || aj_executable_run(e, nin, in, nout, got)) {
        fprintf(stderr, "dot rows: %s\n", aj_last_error());
        bad = 1;
    }
    for (int j = 0; j < nout && !bad; j++) {
        bool f64 = aj_array_dtype(want[j]) == AJ_F64;
        const void *a = aj_array_data(want[j]), *b = aj_array_data(got[j]);
        int64_t n = aj_array_numel(want[j]);
        if (o->strict_order && (f64 ? !same_or_nan64(a, b, n) : !same_bits_or_both_nan(a, b, n))) bad++;
        for (int64_t k = 0; k < n; k++) {
            double x = f64 ? ((const double *)a)[k] : ((const float *)a)[k];
            double y = f64 ? ((const double *)b)[k] : ((const float *)b)[k];
            if (x == y || (isnan(x) && isnan(y)) || fabs(x - y) <= tol * (1 + fabs(x))) continue;
            fprintf(stderr, "dot rows: output %d [%lld]: %g, the evaluator %g\n", j, (long long)k, y, x);
            bad++;
            break;
        }
    }
    for (int j = 0; j < nout; j++) aj_array_destroy(want[j]), aj_array_destroy(got[j]);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return bad;
}

TEST(dots_write_over_their_dying_lhs_by_blocks_of_rows) {
    const int64_t dims[4][2] = {{3000, 96}, {96, 96}, {96, 0}, {96, 64}};
    const int rank[4] = {2, 2, 1, 2};
    aj_array *in[4];
    for (int k = 0; k < 4; k++) aj_array_create(AJ_F32, rank[k], dims[k], &in[k]);
    fill_inputs(in, 4, 0.0173f);
    /* strict, fast, then both on two threads (the blocks in slots, emit_c.c) */
    for (int mode = 0; mode < 4; mode++) {
        int strict = mode % 2 == 0;
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .strict_order = strict,
                                .threads = mode >= 2 ? 2 : 1};
        aj_memory_stats st = {0};
        EXPECT_EQ_INT(run_against_evaluator(dot_rows_text, &o, in, 4, 2, strict ? 0 : 2e-5, &st), 0);
        EXPECT_EQ_INT(st.temp_bytes, st.arena_allocated_bytes);
        EXPECT(st.temp_bytes >= st.lower_bound_bytes);
    }
    for (int k = 0; k < 4; k++) aj_array_destroy(in[k]);
}

static const char *dot_chain_text =
    "func.func @main(%x: tensor<ROWSx96xf32>, %w: tensor<96x96xf32>) -> tensor<f32> {\n"
    "  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<ROWSx96xf32>, tensor<96x96xf32>) -> tensor<ROWSx96xf32>\n"
    "  %h1 = stablehlo.tanh %a1 : tensor<ROWSx96xf32>\n"
    "  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<ROWSx96xf32>, tensor<96x96xf32>) -> tensor<ROWSx96xf32>\n"
    "  %h2 = stablehlo.tanh %a2 : tensor<ROWSx96xf32>\n"
    "  %a3 = stablehlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<ROWSx96xf32>, tensor<96x96xf32>) -> tensor<ROWSx96xf32>\n"
    "  %h3 = stablehlo.tanh %a3 : tensor<ROWSx96xf32>\n"
    "  %a4 = stablehlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<ROWSx96xf32>, tensor<96x96xf32>) -> tensor<ROWSx96xf32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %s = stablehlo.reduce(%a4 init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<ROWSx96xf32>, tensor<f32>) -> tensor<f32>\n"
    "  func.return %s : tensor<f32>\n"
    "}\n";

/* dot_chain_text with ROWS replaced by rows (the caller frees it). */
static char *dot_chain(int rows) {
    char *t = malloc(strlen(dot_chain_text) + 64), *o = t;
    for (const char *s = dot_chain_text; *s;) {
        if (strncmp(s, "ROWS", 4) == 0) o += sprintf(o, "%d", rows), s += 4;
        else *o++ = *s++;
    }
    *o = 0;
    return t;
}

/* A chain of tanh layers ending in a sum runs block of rows by block
 * (plan_chain.c): no activation is ever whole. Blocks of 1024 rows of 96
 * floats, two slots that the layers take in turn, and the sum's partials,
 * one a row (split_reductions.c): 3000 x 96 floats would be 1.1 MiB. On
 * two threads each takes half a block. In
 * strict order the chain is no chain: one activation buffer, each layer
 * written over the last (tests/programs/compile/dot_chain_long.mlir). */
TEST(a_dot_chain_runs_block_by_block) {
    char *text = dot_chain(3000);
    const int64_t xd[2] = {3000, 96}, wd[2] = {96, 96};
    aj_array *in[2];
    aj_array_create(AJ_F32, 2, xd, &in[0]);
    aj_array_create(AJ_F32, 2, wd, &in[1]);
    fill_inputs(in, 2, 0.0173f);
    for (int threads = 1; threads <= 2; threads++) {
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .threads = threads};
        aj_memory_stats st = {0};
        /* the sum of 96000 terms is reassociated, the evaluator's runs in order */
        EXPECT_EQ_INT(run_against_evaluator(text, &o, in, 2, 1, 1e-3, &st), 0);
        EXPECT_EQ_INT(st.temp_bytes, 2 * 1024 * 96 * 4 + 3008 * 4);
        EXPECT_EQ_INT(st.temp_bytes, st.arena_allocated_bytes);
    }
    free(text);
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
}

/* Whether the C that aj_export_c writes for main of text holds `needle`. */
static bool exported_c_holds(const char *text, const aj_compile_options *o, const char *needle) {
    aj_module *m;
    char dir[] = "/tmp/aj_rows_XXXXXX", path[64], line[512];
    bool found = false;
    if (aj_module_parse(text, strlen(text), "rows.mlir", &m) || !mkdtemp(dir)) return false;
    if (aj_export_c(m, "main", o, dir, &(aj_export_options){.name = "rows"}) == AJ_OK) {
        snprintf(path, sizeof path, "%s/rows.c", dir);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f)) found |= strstr(line, needle) != NULL;
        if (f) fclose(f);
        remove(path);
        snprintf(path, sizeof path, "%s/rows.h", dir);
        remove(path);
    }
    rmdir(dir);
    aj_module_destroy(m);
    return found;
}

/* Three elementwise kernels (no fusion) over 2048 rows form a row-blocked
 * run (plan_scratch.c); on two threads its blocks are shared out through
 * its task, on one they run in order. */
static const char *run_text =
    "func.func @main(%x: tensor<2048x256xf32>) -> tensor<2048x256xf32> {\n"
    "  %n = stablehlo.negate %x : tensor<2048x256xf32>\n"
    "  %e = stablehlo.exponential %n : tensor<2048x256xf32>\n"
    "  %r = stablehlo.multiply %e, %x : tensor<2048x256xf32>\n"
    "  func.return %r : tensor<2048x256xf32>\n"
    "}\n";

TEST(a_run_of_row_kernels_splits_over_threads) {
    const int64_t dims[2] = {2048, 256};
    aj_array *in;
    aj_array_create(AJ_F32, 2, dims, &in);
    fill_inputs(&in, 1, 0.0137f);
    for (int threads = 1; threads <= 2; threads++) {
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .no_fusion = 1, .threads = threads};
        aj_memory_stats st = {0};
        EXPECT_EQ_INT(run_against_evaluator(run_text, &o, &in, 1, 1, 1e-6, &st), 0);
        EXPECT(exported_c_holds(run_text, &o, threads == 1 ? "aj_c0_task(aj_p, 0, 1);" : "aj_parallel(run, aj_c0_task"));
    }
    aj_array_destroy(in);
}

/* Two reductions over 2048 rows form a run, but the second (over a dim
 * of 1) does not take the rows form, so the run is emitted kernel by
 * kernel: the first, 2048 x 256 exps, still splits over the threads. */
static const char *broken_run_text =
    "func.func @main(%x: tensor<2048x256xf32>, %i: tensor<2048x1x1xf32>) -> (tensor<2048xf32>, tensor<2048x1xf32>) {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %e = stablehlo.exponential %x : tensor<2048x256xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] :"
    " (tensor<2048x256xf32>, tensor<f32>) -> tensor<2048xf32>\n"
    "  %j = stablehlo.reduce(%i init: %zero) applies stablehlo.add across dimensions = [2] :"
    " (tensor<2048x1x1xf32>, tensor<f32>) -> tensor<2048x1xf32>\n"
    "  func.return %s, %j : tensor<2048xf32>, tensor<2048x1xf32>\n"
    "}\n";

TEST(a_run_emitted_kernel_by_kernel_still_splits_over_threads) {
    const int64_t xd[2] = {2048, 256}, id[3] = {2048, 1, 1};
    aj_array *in[2];
    aj_array_create(AJ_F32, 2, xd, &in[0]);
    aj_array_create(AJ_F32, 3, id, &in[1]);
    fill_inputs(in, 2, 0.0071f);
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .threads = 2};
    aj_memory_stats st = {0};
    EXPECT_EQ_INT(run_against_evaluator(broken_run_text, &o, in, 2, 2, 1e-5, &st), 0);
    EXPECT(exported_c_holds(broken_run_text, &o, "aj_parallel(run, aj_k0_task"));
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
}

/* Softmax over rows of 300 (four chunks of 64 lanes and a tail of 44):
 * the sum's pass stores exp(x - max) where the probabilities go, and the
 * final pass divides what it loads back from there (emit_reduce.c,
 * find_staged), also when they are written over the donated scores. */
#define SOFTMAX_ROWS(final)                                                                                             \
    "func.func @main(%x: tensor<512x300xf32>) -> tensor<512x300xf32> {\n"                                             \
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"                                                  \
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"                                                         \
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] :"                     \
    " (tensor<512x300xf32>, tensor<f32>) -> tensor<512xf32>\n"                                                        \
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x300xf32>\n"                 \
    "  %d = stablehlo.subtract %x, %mb : tensor<512x300xf32>\n"                                                       \
    "  %e = stablehlo.exponential %d : tensor<512x300xf32>\n"                                                         \
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] :"                         \
    " (tensor<512x300xf32>, tensor<f32>) -> tensor<512xf32>\n"                                                        \
    "  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf32>) -> tensor<512x300xf32>\n"                 \
    "  %y = stablehlo.divide %e, %sb : tensor<512x300xf32>\n" final                                                  \
    "}\n"

static const char *row_softmax_text = SOFTMAX_ROWS("  func.return %y : tensor<512x300xf32>\n");
/* The final pass reads the scores too: written over them, it must find
 * them there, so exp is computed again. */
static const char *softmax_times_x_text = SOFTMAX_ROWS("  %z = stablehlo.multiply %y, %x : tensor<512x300xf32>\n"
                                                       "  func.return %z : tensor<512x300xf32>\n");

TEST(softmax_computes_each_exponential_once) {
    const int64_t dims[2] = {512, 300};
    const char *texts[2] = {row_softmax_text, softmax_times_x_text};
    for (int mode = 0; mode < 8; mode++) {
        int strict = mode % 2, donated = mode / 2 % 2, times_x = mode / 4;
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .strict_order = strict,
                                .donate = donated, .strict_donation = donated};
        aj_memory_stats st = {0};
        aj_array *in;
        aj_array_create(AJ_F32, 2, dims, &in);   /* a fresh one: a donated array is spent */
        fill_inputs(&in, 1, 0.0213f);
        EXPECT_EQ_INT(run_against_evaluator(texts[times_x], &o, &in, 1, 1, 1e-5, &st), 0);
        EXPECT_EQ_INT(st.alias_bytes, donated ? 512 * 300 * 4 : 0);
        EXPECT(exported_c_holds(texts[times_x], &o, "= r0[") == !(donated && times_x));
        aj_array_destroy(in);
    }
}

/* Causal attention over 2 x 256 queries and kt keys, head dim 64: the
 * scores, a mask `mask` (which defines %c : tensor<256 x kt x i1> from the
 * iotas %i, %j), the masked scores (`fill` where the mask is false),
 * softmax, the product with v (`values`: VALUES_PV, p v, or VALUES_VTPT,
 * v^T p^T); `ret` returns %o (and more). */
#define CAUSAL_ATTENTION(kt, mask, fill, values, ret)                                                                   \
    "func.func @main(%q: tensor<2x256x64xf32>, %k: tensor<2x" kt "x64xf32>, %v: tensor<2x" kt "x64xf32>) -> " ret    \
    " {\n"                                                                                                             \
    "  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] :"                 \
    " (tensor<2x256x64xf32>, tensor<2x" kt "x64xf32>) -> tensor<2x256x" kt "xf32>\n"                                  \
    "  %i = stablehlo.iota dim = 0 : tensor<256x" kt "xi32>\n"                                                        \
    "  %j = stablehlo.iota dim = 1 : tensor<256x" kt "xi32>\n" mask                                                   \
    "  %m = stablehlo.broadcast_in_dim %c, dims = [1, 2] : (tensor<256x" kt "xi1>) -> tensor<2x256x" kt "xi1>\n"      \
    "  %fill = stablehlo.constant dense<" fill "> : tensor<2x256x" kt "xf32>\n"                                       \
    "  %w = stablehlo.select %m, %s, %fill : tensor<2x256x" kt "xi1>, tensor<2x256x" kt "xf32>\n"                     \
    "  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"                                                    \
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"                                                         \
    "  %mx = stablehlo.reduce(%w init: %lo) applies stablehlo.maximum across dimensions = [2] :"                      \
    " (tensor<2x256x" kt "xf32>, tensor<f32>) -> tensor<2x256xf32>\n"                                                 \
    "  %mb = stablehlo.broadcast_in_dim %mx, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x" kt "xf32>\n"       \
    "  %d = stablehlo.subtract %w, %mb : tensor<2x256x" kt "xf32>\n"                                                  \
    "  %e = stablehlo.exponential %d : tensor<2x256x" kt "xf32>\n"                                                    \
    "  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] :"                       \
    " (tensor<2x256x" kt "xf32>, tensor<f32>) -> tensor<2x256xf32>\n"                                                 \
    "  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x" kt "xf32>\n"      \
    "  %p = stablehlo.divide %e, %sb : tensor<2x256x" kt "xf32>\n" values(kt)

#define VALUES_PV(kt)                                                                                                  \
    "  %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] :"                  \
    " (tensor<2x256x" kt "xf32>, tensor<2x" kt "x64xf32>) -> tensor<2x256x64xf32>\n"
#define VALUES_VTPT(kt)                                                                                                \
    "  %o = stablehlo.dot_general %v, %p, batching_dims = [0] x [0], contracting_dims = [1] x [2] :"                  \
    " (tensor<2x" kt "x64xf32>, tensor<2x256x" kt "xf32>) -> tensor<2x64x256xf32>\n"

#define COMPARE_IJ(kt, dir, lhs)                                                                                       \
    "  %c = stablehlo.compare " dir ", " lhs ", %j, SIGNED : (tensor<256x" kt "xi32>, tensor<256x" kt "xi32>) -> "   \
    "tensor<256x" kt "xi1>\n"
#define NEG_INF "0xFF800000"
#define ONE_RESULT(kt, mask, fill, values)                                                                             \
    CAUSAL_ATTENTION(kt, mask, fill, values, "tensor<2x256x64xf32>") "  func.return %o : tensor<2x256x64xf32>\n}\n"
/* v^T p^T, returned as it is: the probabilities are the product's rhs. */
#define TRANSPOSED_RESULT(kt, mask)                                                                                   \
    CAUSAL_ATTENTION(kt, mask, NEG_INF, VALUES_VTPT, "tensor<2x64x256xf32>") "  func.return %o : tensor<2x64x256xf32>\n}\n"
#define KEYS "256"
#define CACHE "320"   /* 64 keys before the queries' own */

static const char *const causal_texts[] = {
    ONE_RESULT(KEYS, COMPARE_IJ(KEYS, "GE", "%i"), NEG_INF, VALUES_PV),
    ONE_RESULT(KEYS, COMPARE_IJ(KEYS, "LE", "%i"), NEG_INF, VALUES_PV),
    ONE_RESULT(KEYS, "  %two = stablehlo.constant dense<2> : tensor<256x256xi32>\n"
               "  %i2 = stablehlo.add %i, %two : tensor<256x256xi32>\n" COMPARE_IJ(KEYS, "GE", "%i2"), NEG_INF,
               VALUES_PV),
    CAUSAL_ATTENTION(KEYS, COMPARE_IJ(KEYS, "GE", "%i"), NEG_INF, VALUES_PV,
                     "(tensor<2x256x64xf32>, tensor<2x256x256xf32>)")
    "  func.return %o, %s : tensor<2x256x64xf32>, tensor<2x256x256xf32>\n}\n",
    ONE_RESULT(KEYS, COMPARE_IJ(KEYS, "GE", "%i"), "-3.0", VALUES_PV),   /* probabilities above 0 outside the mask */
    CAUSAL_ATTENTION(KEYS, COMPARE_IJ(KEYS, "GE", "%i"), NEG_INF, VALUES_PV,
                     "(tensor<2x256x64xf32>, tensor<2x256x256xf32>)")
    "  %se = stablehlo.multiply %s, %e : tensor<2x256x256xf32>\n"   /* the softmax kernel returns this */
    "  func.return %o, %se : tensor<2x256x64xf32>, tensor<2x256x256xf32>\n}\n",
    TRANSPOSED_RESULT(KEYS, COMPARE_IJ(KEYS, "GE", "%i")),
    ONE_RESULT(CACHE, "  %off = stablehlo.constant dense<64> : tensor<256x320xi32>\n"
               "  %i64 = stablehlo.add %i, %off : tensor<256x320xi32>\n" COMPARE_IJ(CACHE, "GE", "%i64"), NEG_INF,
               VALUES_PV),
    ONE_RESULT(CACHE, COMPARE_IJ(CACHE, "LE", "%i"), NEG_INF, VALUES_PV),
    TRANSPOSED_RESULT(CACHE, COMPARE_IJ(CACHE, "LE", "%i")),
};

/* The scores outside a causal mask reach no result: the product computes
 * them only under the mask's triangle (contract_demand.c), lower (j <= i),
 * upper (j >= i) or offset (j <= i + 2; j <= i + 64 over a cache of 64
 * keys more than queries), alone or split over threads; and the
 * probabilities, zero outside, multiply v over only the positions under it,
 * as the lhs (p v) or the rhs (v^T p^T). Alone, a triangle whose diagonal
 * square lies inside the matrix runs as BLIS's gemmt or trmm3 (after a gemm
 * over the keys every query sees, where there are such), others by blocks
 * of rows; on threads, a product a task where the batch (2) shares out
 * evenly (2 threads), else blocks of rows a task (3). The same values as the evaluator, also where the masked scores
 * are -3 (the probabilities are not zero there: the product finds it and
 * sums over all). Scores that are also returned, or multiplied by exp and
 * returned (a kernel's result reads them), or a strict build (no BLIS),
 * compute them all. */
#define BY_BATCH "aj_sgemm_band_batch(run, 1, aj_bsize, aj_bstep, "

TEST(causal_attention_computes_only_under_the_mask) {
    static const struct {
        int text, threads, strict;
        const char *scores, *values;   /* the two products' calls; NULL: no band */
    } cases[] = {
        {0, 1, 0, "aj_sgemm_band(0, 0, 0, 0, 0, 256, 256, 64,", "aj_sgemm_band(0, 0, 1, 0, 0, 256, 64, 256,"},
        {0, 2, 0, BY_BATCH "0, 0, 0, 256, 256, 64,", BY_BATCH "1, 0, 0, 256, 64, 256,"},
        {0, 3, 0, "aj_sgemm_band(run, AJ_TRI_ROWS, 0, 0, 0, 256, 256, 64,", "aj_sgemm_band(run, AJ_TRI_ROWS, 1, 0, 0,"},
        {1, 1, 0, "aj_sgemm_band(0, 0, 0, 1, 0, 256, 256, 64,", "aj_sgemm_band(0, 0, 1, 1, 0,"},
        {2, 1, 0, "aj_sgemm_band(0, 0, 0, 0, -2, 256, 256, 64,", "aj_sgemm_band(0, 0, 1, 0, -2,"},
        {3, 1, 0, NULL, "aj_sgemm_band(0, 0, 1, 0, 0,"},
        {4, 1, 0, "aj_sgemm_band(0, 0, 0, 0, 0,", "aj_sgemm_band(0, 0, 1, 0, 0,"},
        {0, 1, 1, NULL, NULL},
        {5, 1, 0, NULL, "aj_sgemm_band(0, 0, 1, 0, 0,"},
        {6, 1, 0, "aj_sgemm_band(0, 0, 0, 0, 0, 256, 256, 64,", "aj_sgemm_band(0, 0, 2, 0, 0, 64, 256, 256,"},
        {6, 2, 0, BY_BATCH "0, 0, 0, 256, 256, 64,", BY_BATCH "2, 0, 0, 64, 256, 256,"},
        {6, 3, 0, "aj_sgemm_band(run, AJ_TRI_ROWS, 0, 0, 0, 256, 256, 64,", "aj_sgemm_band(run, AJ_TRI_ROWS, 2, 0, 0,"},
        {7, 1, 0, "aj_sgemm_band(0, 0, 0, 0, -64, 256, 320, 64,", "aj_sgemm_band(0, 0, 1, 0, -64, 256, 64, 320,"},
        {7, 2, 0, BY_BATCH "0, 0, -64, 256, 320, 64,", BY_BATCH "1, 0, -64, 256, 64, 320,"},
        {7, 3, 0, "aj_sgemm_band(run, AJ_TRI_ROWS, 0, 0, -64, 256, 320, 64,", "aj_sgemm_band(run, AJ_TRI_ROWS, 1, 0, -64,"},
        {8, 1, 0, "aj_sgemm_band(0, 0, 0, 1, 0, 256, 320, 64,", "aj_sgemm_band(0, 0, 1, 1, 0, 256, 64, 320,"},
        {9, 1, 0, "aj_sgemm_band(0, 0, 0, 1, 0, 256, 320, 64,", "aj_sgemm_band(0, 0, 2, 1, 0, 64, 256, 320,"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const char *text = causal_texts[cases[c].text];
        int64_t keys = cases[c].text >= 7 ? 320 : 256;
        const int64_t dims[3][3] = {{2, 256, 64}, {2, keys, 64}, {2, keys, 64}};
        aj_array *in[3];
        for (int k = 0; k < 3; k++) aj_array_create(AJ_F32, 3, dims[k], &in[k]);
        fill_inputs(in, 3, 0.0371f);
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .threads = cases[c].threads,
                                .strict_order = cases[c].strict};
        aj_memory_stats st = {0};
        int nout = cases[c].text == 3 || cases[c].text == 5 ? 2 : 1;
        EXPECT_EQ_INT(run_against_evaluator(text, &o, in, 3, nout, 1e-5, &st), 0);
        if (cases[c].scores) EXPECT(exported_c_holds(text, &o, cases[c].scores));
        if (cases[c].values) EXPECT(exported_c_holds(text, &o, cases[c].values));
        if (!cases[c].scores && !cases[c].values) EXPECT(!exported_c_holds(text, &o, "aj_sgemm_band("));
        if (!cases[c].scores && cases[c].values) EXPECT(!exported_c_holds(text, &o, "aj_sgemm_band(0, 0, 0,"));
        for (int k = 0; k < 3; k++) aj_array_destroy(in[k]);
    }
}

/* An infinite value of v at a position the mask hides from earlier rows:
 * 0 * inf makes their outputs NaN in the evaluator, so the product that
 * would skip the zeros sums over every position (aj_sgemm_band checks
 * that the other operand is finite) and agrees. */
TEST(causal_attention_keeps_nan_from_an_infinite_value) {
    const int64_t dims[3] = {2, 256, 64};
    aj_array *in[3], *want = NULL, *got = NULL;
    for (int k = 0; k < 3; k++) aj_array_create(AJ_F32, 3, dims, &in[k]);
    fill_inputs(in, 3, 0.0371f);
    ((float *)aj_array_data(in[2]))[250 * 64 + 5] = INFINITY;   /* batch 0, position 250, dim 5 */
    aj_module *m;
    aj_executable *e = NULL;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1};
    EXPECT_EQ_INT(aj_module_parse(causal_texts[0], strlen(causal_texts[0]), "causal.mlir", &m), AJ_OK);
    EXPECT_EQ_INT(aj_module_eval(m, "main", 3, in, 1, &want, NULL), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    EXPECT_EQ_INT(aj_executable_run(e, 3, in, 1, &got), AJ_OK);
    if (want && got) {
        const float *a = aj_array_data(want), *b = aj_array_data(got);
        EXPECT(isnan(a[0 * 64 + 5]) && isnan(a[249 * 64 + 5]));   /* rows before 250 see 0 * inf */
        int bad = 0;
        for (int64_t i = 0; i < aj_array_numel(want); i++)
            if (isnan(a[i]) != isnan(b[i]) || (!isnan(a[i]) && a[i] != b[i] && !(fabs((double)a[i] - b[i]) <= 1e-5 * (1 + fabs(a[i]))))) {
                if (bad++ < 8) fprintf(stderr, "causal inf: [%lld] %g, the evaluator %g\n", (long long)i, b[i], a[i]);
            }
        EXPECT_EQ_INT(bad, 0);
    }
    aj_array_destroy(want);
    aj_array_destroy(got);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    for (int k = 0; k < 3; k++) aj_array_destroy(in[k]);
}

/* Reductions over rows masked to a triangle (contract.h, keep): x [2, 150,
 * 200] kept where col <= row + 20 (lower) or col >= row + 60 (upper: rows
 * from 140 keep nothing, their softmax is NaN), a fill outside. Each row's
 * passes fold its kept columns and the outside value once, and the
 * results take their outside value outside (emit_reduce.c, "a row's
 * triangle"). The texts: softmax, lower and upper; softmax returning its
 * exp and max too (a side result); a bias added after the mask (varies
 * outside: whole rows); a minimum with +inf outside (upper), the scores
 * less it returned (+inf outside, not a zero an unwritten output might
 * hold); a sum with init -0 (a row of kept -0: the outside +0 folded once
 * makes it +0, as the whole row does) beside a product with 1 outside;
 * softmax in f64; a sum with 1 outside, which no pass may fold once,
 * beside a maximum (their pass runs whole); upper softmax returning its
 * exp and the sum of 1 + p (a kernel whose first pass stores the exp over
 * the kept columns, then the pass of that sum runs whole: the exp takes
 * its outside value there). The inputs hold a NaN and a -inf inside the
 * triangle and a +inf outside it. */
#define MASKED_ROWS(T, order, off)                                                                        \
    "  %i = stablehlo.iota dim = 0 : tensor<150x200xi32>\n"                                               \
    "  %j = stablehlo.iota dim = 1 : tensor<150x200xi32>\n"                                               \
    "  %c = stablehlo.constant dense<" off "> : tensor<150x200xi32>\n"                                    \
    "  %i2 = stablehlo.add %i, %c : tensor<150x200xi32>\n"                                                \
    "  %m = stablehlo.compare GE, " order ", SIGNED : (tensor<150x200xi32>, tensor<150x200xi32>) -> tensor<150x200xi1>\n" \
    "  %keep = stablehlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<150x200xi1>) -> tensor<2x150x200xi1>\n" \
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<" T ">\n"                                    \
    "  %zero = stablehlo.constant dense<0.0> : tensor<" T ">\n"                                           \
    "  %nb = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<" T ">) -> tensor<2x150x200x" T ">\n"
#define MASKED_SOFTMAX(T, s)                                                                                 \
    "  %mx = stablehlo.reduce(" s " init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x150x200x" T ">, tensor<" T ">) -> tensor<2x150x" T ">\n" \
    "  %mxb = stablehlo.broadcast_in_dim %mx, dims = [0, 1] : (tensor<2x150x" T ">) -> tensor<2x150x200x" T ">\n" \
    "  %d = stablehlo.subtract " s ", %mxb : tensor<2x150x200x" T ">\n"                                    \
    "  %e = stablehlo.exponential %d : tensor<2x150x200x" T ">\n"                                            \
    "  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x150x200x" T ">, tensor<" T ">) -> tensor<2x150x" T ">\n" \
    "  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x150x" T ">) -> tensor<2x150x200x" T ">\n" \
    "  %p = stablehlo.divide %e, %sb : tensor<2x150x200x" T ">\n"
#define MASKED_X "func.func @main(%x: tensor<2x150x200xf32>) -> "
#define MASKED_SELECT(T) "  %s = stablehlo.select %keep, %x, %nb : tensor<2x150x200xi1>, tensor<2x150x200x" T ">\n"
static const char *masked_rows_texts[] = {
    MASKED_X "tensor<2x150x200xf32> {\n" MASKED_ROWS("f32", "%i2, %j", "20") MASKED_SELECT("f32")
        MASKED_SOFTMAX("f32", "%s") "  return %p : tensor<2x150x200xf32>\n}\n",
    MASKED_X "tensor<2x150x200xf32> {\n" MASKED_ROWS("f32", "%j, %i2", "60") MASKED_SELECT("f32")
        MASKED_SOFTMAX("f32", "%s") "  return %p : tensor<2x150x200xf32>\n}\n",
    MASKED_X "(tensor<2x150x200xf32>, tensor<2x150x200xf32>, tensor<2x150xf32>) {\n"
        MASKED_ROWS("f32", "%i2, %j", "20") MASKED_SELECT("f32") MASKED_SOFTMAX("f32", "%s")
        "  return %p, %e, %mx : tensor<2x150x200xf32>, tensor<2x150x200xf32>, tensor<2x150xf32>\n}\n",
    "func.func @main(%x: tensor<2x150x200xf32>, %bias: tensor<200xf32>) -> tensor<2x150x200xf32> {\n"
        MASKED_ROWS("f32", "%i2, %j", "20") MASKED_SELECT("f32")
        "  %bb = stablehlo.broadcast_in_dim %bias, dims = [2] : (tensor<200xf32>) -> tensor<2x150x200xf32>\n"
        "  %sbias = stablehlo.add %s, %bb : tensor<2x150x200xf32>\n"
        MASKED_SOFTMAX("f32", "%sbias") "  return %p : tensor<2x150x200xf32>\n}\n",
    MASKED_X "(tensor<2x150xf32>, tensor<2x150x200xf32>) {\n" MASKED_ROWS("f32", "%j, %i2", "60")
        "  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
        "  %ib = stablehlo.broadcast_in_dim %inf, dims = [] : (tensor<f32>) -> tensor<2x150x200xf32>\n"
        "  %s = stablehlo.select %keep, %x, %ib : tensor<2x150x200xi1>, tensor<2x150x200xf32>\n"
        "  %mn = stablehlo.reduce(%s init: %inf) applies stablehlo.minimum across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  %mnb = stablehlo.broadcast_in_dim %mn, dims = [0, 1] : (tensor<2x150xf32>) -> tensor<2x150x200xf32>\n"
        "  %r = stablehlo.subtract %s, %mnb : tensor<2x150x200xf32>\n"
        "  return %mn, %r : tensor<2x150xf32>, tensor<2x150x200xf32>\n}\n",
    MASKED_X "(tensor<2x150xf32>, tensor<2x150xf32>) {\n" MASKED_ROWS("f32", "%i2, %j", "20")
        "  %nzero = stablehlo.constant dense<-0.0> : tensor<f32>\n"
        "  %one = stablehlo.constant dense<1.0> : tensor<f32>\n"
        "  %zb = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x150x200xf32>\n"
        "  %ob = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<2x150x200xf32>\n"
        "  %s = stablehlo.select %keep, %x, %zb : tensor<2x150x200xi1>, tensor<2x150x200xf32>\n"
        "  %t = stablehlo.select %keep, %x, %ob : tensor<2x150x200xi1>, tensor<2x150x200xf32>\n"
        "  %sum = stablehlo.reduce(%s init: %nzero) applies stablehlo.add across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  %prod = stablehlo.reduce(%t init: %one) applies stablehlo.multiply across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  return %sum, %prod : tensor<2x150xf32>, tensor<2x150xf32>\n}\n",
    "func.func @main(%x: tensor<2x150x200xf64>) -> tensor<2x150x200xf64> {\n" MASKED_ROWS("f64", "%i2, %j", "20")
        MASKED_SELECT("f64") MASKED_SOFTMAX("f64", "%s") "  return %p : tensor<2x150x200xf64>\n}\n",
    MASKED_X "(tensor<2x150xf32>, tensor<2x150xf32>) {\n" MASKED_ROWS("f32", "%i2, %j", "20")
        "  %one = stablehlo.constant dense<1.0> : tensor<f32>\n"
        "  %ob = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<2x150x200xf32>\n"
        "  %t = stablehlo.select %keep, %x, %ob : tensor<2x150x200xi1>, tensor<2x150x200xf32>\n"
        "  %count = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  %most = stablehlo.reduce(%t init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  return %count, %most : tensor<2x150xf32>, tensor<2x150xf32>\n}\n",
    MASKED_X "(tensor<2x150x200xf32>, tensor<2x150xf32>) {\n" MASKED_ROWS("f32", "%j, %i2", "60")
        MASKED_SELECT("f32") MASKED_SOFTMAX("f32", "%s")
        "  %one = stablehlo.constant dense<1.0> : tensor<2x150x200xf32>\n"
        "  %q = stablehlo.add %p, %one : tensor<2x150x200xf32>\n"
        "  %t = stablehlo.reduce(%q init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x150x200xf32>, tensor<f32>) -> tensor<2x150xf32>\n"
        "  return %e, %t : tensor<2x150x200xf32>, tensor<2x150xf32>\n}\n",
};

TEST(masked_rows_fold_only_their_triangle) {
    static const int nout[] = {1, 1, 3, 1, 2, 2, 1, 2, 2}, kept[] = {1, 1, 1, 0, 1, 1, 1, 1, 1};
    const int64_t dims[3] = {2, 150, 200}, bias_dims[1] = {200};
    for (int t = 0; t < (int)(sizeof masked_rows_texts / sizeof *masked_rows_texts); t++) {
        bool f64 = t == 6;
        aj_array *in[2] = {NULL, NULL};
        aj_array_create(f64 ? AJ_F64 : AJ_F32, 3, dims, &in[0]);
        aj_array_create(AJ_F32, 1, bias_dims, &in[1]);
        fill_inputs(&in[1], 1, 0.05f);
        for (int64_t i = 0; i < aj_array_numel(in[0]); i++) {
            double v = (double)((int)((i * 37) % 23) - 11) * 0.0371;
            if (i == 10 * 200 + 5) v = NAN;                          /* row 10, inside */
            if (i == 20 * 200 + 150) v = INFINITY;                   /* row 20, outside (lower) */
            if (i == 150 * 200 + 30 * 200 + 3) v = -INFINITY;        /* batch 1, row 30, inside */
            if (i < 21 && t == 5) v = -0.0;                          /* row 0's kept columns */
            if (f64) ((double *)aj_array_data(in[0]))[i] = v;
            else ((float *)aj_array_data(in[0]))[i] = (float)v;
        }
        for (int mode = 0; mode < 4; mode++) {
            aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .strict_order = mode % 2,
                                    .threads = mode >= 2 ? 2 : 1};
            aj_memory_stats st = {0};
            EXPECT_EQ_INT(run_against_evaluator(masked_rows_texts[t], &o, in, t == 3 ? 2 : 1, nout[t],
                                                o.strict_order ? 0 : 1e-5, &st), 0);
            EXPECT_EQ_INT(exported_c_holds(masked_rows_texts[t], &o, "kept_only"), kept[t]);
        }
        aj_array_destroy(in[0]);
        aj_array_destroy(in[1]);
    }
}

/* chlo.top_k over rows long enough for the kernel's block test (16 f32
 * keys against the heap's root at a time) and, on two threads, for rows
 * as parallel tasks; k = 300 keeps its heap in the plan's scratch. The
 * answer is checked against a sort of each row here (descending in
 * totalOrder, ties to the lower index), with ties, -0 beside +0 and
 * rising runs that make the heap take element after element. */
static int64_t total_order_key(float v) {
    int32_t s;
    memcpy(&s, &v, 4);
    return s < 0 ? s ^ 0x7fffffff : s;
}

static const float *top_k_row;

static int top_k_before(const void *a, const void *b) {
    int32_t i = *(const int32_t *)a, j = *(const int32_t *)b;
    int64_t x = total_order_key(top_k_row[i]), y = total_order_key(top_k_row[j]);
    return x != y ? (x > y ? -1 : 1) : (i > j) - (i < j);
}

TEST(top_k_rows_match_a_sort) {
    static const struct {
        int64_t rows, n, k;
        int threads;
        const char *needle;
    } cases[] = {
        {64, 4096, 32, 1, "aj_top_k(&aj_job, 64, 0)"},
        {64, 4096, 32, 2, "aj_parallel(run, aj_top_k_part, aj_job_p, 64, 16)"},
        {40, 1000, 300, 2, "aj_top_k(&aj_job, 40, scratch)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int64_t rows = cases[c].rows, n = cases[c].n, k = cases[c].k;
        char text[512];
        snprintf(text, sizeof text,
                 "func.func @main(%%x: tensor<%lldx%lldxf32>) -> (tensor<%lldx%lldxf32>, tensor<%lldx%lldxi32>) {\n"
                 "  %%v, %%i = chlo.top_k(%%x, k = %lld) : tensor<%lldx%lldxf32> -> (tensor<%lldx%lldxf32>, tensor<%lldx%lldxi32>)\n"
                 "  return %%v, %%i : tensor<%lldx%lldxf32>, tensor<%lldx%lldxi32>\n}\n",
                 (long long)rows, (long long)n, (long long)rows, (long long)k, (long long)rows, (long long)k,
                 (long long)k, (long long)rows, (long long)n, (long long)rows, (long long)k, (long long)rows,
                 (long long)k, (long long)rows, (long long)k, (long long)rows, (long long)k);
        const int64_t dims[2] = {rows, n};
        aj_array *in, *out[2] = {NULL, NULL};
        aj_array_create(AJ_F32, 2, dims, &in);
        float *x = aj_array_data(in);
        for (int64_t i = 0; i < rows * n; i++) {
            int64_t r = i / n, j = i % n;
            x[i] = r % 4 == 0 ? (float)j * 0.25f                              /* rising: every element enters */
                 : r % 4 == 1 ? (float)((j * 7919) % 13) - 6.0f                /* ties */
                 : (float)((int)((i * 2654435761u) % 2001) - 1000) * 0.001f;   /* -0 and +0 among them */
            if (r % 4 == 3 && j % 97 == 0) x[i] = -0.0f;
        }
        aj_module *m;
        aj_executable *e = NULL;
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .threads = cases[c].threads};
        EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "top_k.mlir", &m), AJ_OK);
        EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
        EXPECT_EQ_INT(aj_executable_run(e, 1, &in, 2, out), AJ_OK);
        EXPECT(exported_c_holds(text, &o, cases[c].needle));
        int32_t *order = malloc(sizeof *order * (size_t)n);
        int bad = 0;
        for (int64_t r = 0; r < rows && out[0] && out[1] && order; r++) {
            top_k_row = x + r * n;
            for (int32_t j = 0; j < n; j++) order[j] = j;
            qsort(order, (size_t)n, sizeof *order, top_k_before);
            const float *v = (const float *)aj_array_data(out[0]) + r * k;
            const int32_t *ix = (const int32_t *)aj_array_data(out[1]) + r * k;
            for (int64_t t = 0; t < k; t++)
                if (ix[t] != order[t] || memcmp(&v[t], &top_k_row[order[t]], 4) != 0) {
                    if (bad++ < 4)
                        fprintf(stderr, "top_k case %zu row %lld [%lld]: index %d, the sort's %d\n", c, (long long)r,
                                (long long)t, ix[t], order[t]);
                }
        }
        EXPECT_EQ_INT(bad, 0);
        free(order);
        aj_array_destroy(out[0]);
        aj_array_destroy(out[1]);
        aj_executable_destroy(e);
        aj_module_destroy(m);
        aj_array_destroy(in);
    }
}

/* A donated lhs: tanh(x @ w) is written over x's own buffer, in place. */
static const char *dot_donated_text =
    "func.func @main(%x: tensor<4200x64xf32>, %w: tensor<64x64xf32>) -> tensor<4200x64xf32> {\n"
    "  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4200x64xf32>, tensor<64x64xf32>) -> tensor<4200x64xf32>\n"
    "  %h = stablehlo.tanh %a : tensor<4200x64xf32>\n"
    "  func.return %h : tensor<4200x64xf32>\n"
    "}\n";

TEST(a_dot_writes_over_its_donated_lhs) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(dot_donated_text, strlen(dot_donated_text), "donated.mlir", &m), AJ_OK);
    if (!m) return;
    const int64_t xd[2] = {4200, 64}, wd[2] = {64, 64};
    for (int strict = 0; strict < 2; strict++) {
        aj_array *in[2], *want = NULL, *got = NULL;
        aj_array_create(AJ_F32, 2, xd, &in[0]);
        aj_array_create(AJ_F32, 2, wd, &in[1]);
        fill_inputs(in, 2, 0.031f);
        void *x = aj_array_data(in[0]);
        aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .strict_order = strict, .donate = 1,
                                .strict_donation = 1};
        aj_executable *e = NULL;
        aj_memory_stats st = {0};
        EXPECT_EQ_INT(aj_module_eval(m, "main", 2, in, 1, &want, NULL), AJ_OK);
        EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
        if (e && want) {
            EXPECT_EQ_INT(aj_executable_memory(e, &st), AJ_OK);
            EXPECT_EQ_INT(st.alias_bytes, 4200 * 64 * 4);
            EXPECT_EQ_INT(st.temp_bytes, 1024 * 64 * 4);   /* the scratch: a block of 1024 rows */
            EXPECT_EQ_INT(aj_executable_run(e, 2, in, 1, &got), AJ_OK);
            EXPECT(got && aj_array_data(got) == x);
            const float *a = aj_array_data(want), *b = got ? aj_array_data(got) : a;
            if (strict) EXPECT(same_bits_or_both_nan(a, b, 4200 * 64));
            for (int64_t k = 0; k < 4200 * 64; k++)
                if (fabsf(a[k] - b[k]) > 1e-5f) {
                    EXPECT(fabsf(a[k] - b[k]) <= 1e-5f);
                    break;
                }
        }
        aj_array_destroy(want);
        aj_array_destroy(got);
        aj_executable_destroy(e);
        aj_array_destroy(in[1]);
        aj_array_destroy(in[0]);
    }
    aj_module_destroy(m);
}

/* The scratch block of the dot over h1 goes where g, not yet made, will
 * be: the arena holds h and g at the peak and nothing more
 * (tests/programs/compile/scratch_gap.mlir checks that and the values);
 * compiled below with allocations failing. */
static const char *scratch_gap_text =
    "func.func @main(%x: tensor<3000x96xf32>, %w: tensor<96x96xf32>, %v: tensor<96x384xf32>) -> tensor<f32> {\n"
    "  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %h1 = stablehlo.tanh %a1 : tensor<3000x96xf32>\n"
    "  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>\n"
    "  %h2 = stablehlo.tanh %a2 : tensor<3000x96xf32>\n"
    "  %g = stablehlo.dot_general %h2, %v, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x384xf32>) -> tensor<3000x384xf32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %s = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<3000x384xf32>, tensor<f32>) -> tensor<f32>\n"
    "  func.return %s : tensor<f32>\n"
    "}\n";

/* Compiles main of m in strict or fast mode, reads its memory figures into
 * *st and runs it on in[0..nin) into *got (one result). */
static aj_status run_in_mode(aj_module *m, int strict, int nin, aj_array **in, aj_array **got, aj_memory_stats *st) {
    aj_compile_options o = {.strict_order = strict, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    aj_status rc = aj_compile(m, "main", &o, &e);
    if (!rc) rc = aj_executable_memory(e, st);
    if (!rc) rc = aj_executable_run(e, nin, in, 1, got);
    aj_executable_destroy(e);
    return rc;
}

/* f64: the BLIS form calls dgemm; strict order matches bit for bit. */
static const char *dot_f64_text =
    "func.func @main(%x: tensor<4200x64xf64>, %w: tensor<64x64xf64>) -> tensor<4200x64xf64> {\n"
    "  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4200x64xf64>, tensor<64x64xf64>) -> tensor<4200x64xf64>\n"
    "  %h = stablehlo.tanh %a : tensor<4200x64xf64>\n"
    "  %b = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<4200x64xf64>, tensor<64x64xf64>) -> tensor<4200x64xf64>\n"
    "  %y = stablehlo.tanh %b : tensor<4200x64xf64>\n"
    "  func.return %y : tensor<4200x64xf64>\n"
    "}\n";

TEST(an_f64_dot_writes_over_its_lhs) {
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(dot_f64_text, strlen(dot_f64_text), "f64.mlir", &m), AJ_OK);
    if (!m) return;
    const int64_t xd[2] = {4200, 64}, wd[2] = {64, 64};
    aj_array *in[2], *want = NULL;
    aj_array_create(AJ_F64, 2, xd, &in[0]);
    aj_array_create(AJ_F64, 2, wd, &in[1]);
    for (int k = 0; k < 2; k++) {
        double *p = aj_array_data(in[k]);
        for (int64_t i = 0; i < aj_array_numel(in[k]); i++) p[i] = (double)((int)((i * 37 + k * 11) % 23) - 11) * 0.031;
    }
    EXPECT_EQ_INT(aj_module_eval(m, "main", 2, in, 1, &want, NULL), AJ_OK);
    for (int strict = 0; strict < 2 && want; strict++) {
        aj_array *got = NULL;
        aj_memory_stats st = {0};
        EXPECT_EQ_INT(run_in_mode(m, strict, 2, in, &got, &st), AJ_OK);
        /* y is written over h, so h lives in y's output buffer: the arena
           holds a block of 512 rows only */
        EXPECT_EQ_INT(st.temp_bytes, 512 * 64 * 8);
        const double *a = aj_array_data(want), *b = got ? aj_array_data(got) : a;
        if (strict) EXPECT_EQ_INT(memcmp(a, b, 4200 * 64 * 8), 0);
        for (int64_t k = 0; k < 4200 * 64; k++)
            if (fabs(a[k] - b[k]) > 1e-12) {
                EXPECT(fabs(a[k] - b[k]) <= 1e-12);
                break;
            }
        aj_array_destroy(got);
    }
    aj_array_destroy(want);
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
    aj_module_destroy(m);
}

/* ---- dots of narrow floats (passes/widen_dots.c) -----------------------------------------
 * row 0 of the lhs is [1, e, e, e, e], row 1 [e, e, e, e, 1], e half a unit
 * in the last place of 1 (bf16: 2^-8, f16: 2^-11), times a column of ones.
 * Rounded to the type after every sum (strict mode, the evaluator) row 0
 * stays 1, each 1 + e a tie to even; row 1 gathers 4e first and gives
 * 1 + 4e exactly. Accumulated in f32 (fast mode, as XLA) both give 1 + 4e. */
static int narrow_dot_run(aj_dtype t, const char *type, uint16_t one, uint16_t e, uint16_t one_4e, int strict) {
    char text[600];
    snprintf(text, sizeof text,
             "func.func @main(%%a: tensor<2x5x%s>, %%b: tensor<5x1x%s>) -> tensor<2x1x%s> {\n"
             "  %%d = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : (tensor<2x5x%s>, "
             "tensor<5x1x%s>) -> tensor<2x1x%s>\n"
             "  func.return %%d : tensor<2x1x%s>\n}\n",
             type, type, type, type, type, type, type);
    const int64_t ad[2] = {2, 5}, bd[2] = {5, 1};
    aj_array *in[2], *out = NULL;
    aj_module *m = NULL;
    aj_array_create(t, 2, ad, &in[0]);
    aj_array_create(t, 2, bd, &in[1]);
    uint16_t *a = aj_array_data(in[0]), *b = aj_array_data(in[1]);
    for (int k = 0; k < 10; k++) a[k] = k == 0 || k == 9 ? one : e;
    for (int k = 0; k < 5; k++) b[k] = one;
    aj_memory_stats st;
    int bad = 1;
    if (aj_module_parse(text, strlen(text), "t.mlir", &m) || run_in_mode(m, strict, 2, in, &out, &st)) {
        fprintf(stderr, "narrow dot %s: %s\n", type, aj_last_error());
    } else {
        const uint16_t *r = aj_array_data(out);
        bad = r[0] != (strict ? one : one_4e) || r[1] != one_4e;
        if (bad) fprintf(stderr, "narrow dot %s (strict %d): %#x %#x\n", type, strict, r[0], r[1]);
    }
    aj_array_destroy(out);
    aj_module_destroy(m);
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
    return bad;
}

TEST(fast_mode_narrow_dots_accumulate_in_f32) {
    for (int strict = 0; strict < 2; strict++) {
        EXPECT_EQ_INT(narrow_dot_run(AJ_BF16, "bf16", 0x3F80, 0x3B80, 0x3F82, strict), 0);
        EXPECT_EQ_INT(narrow_dot_run(AJ_F16, "f16", 0x3C00, 0x1000, 0x3C02, strict), 0);
    }
}

/* JAX's bf16 x int8 matmul, converts to f32 and an f32 dot, and int8
 * weights of a bf16 model, a convert to bf16 and a bf16 dot giving f32:
 * in fast mode each dot reads the bf16 and i8 operands
 * (passes/widen_dots.c) and converts blocks of K in its scratch, so the
 * arena holds no copy of either (the rhs's alone would be 600 x 48 x 4 =
 * 115200 bytes in f32, 57600 in bf16), both the same arena; small
 * integers, so the sums are exact and equal the evaluator's in both
 * modes. */
static const char *convert_dot_text =
    "func.func @main(%a: tensor<64x600xbf16>, %b: tensor<600x48xi8>) -> tensor<64x48xf32> {\n"
    "  %af = stablehlo.convert %a : (tensor<64x600xbf16>) -> tensor<64x600xf32>\n"
    "  %bf = stablehlo.convert %b : (tensor<600x48xi8>) -> tensor<600x48xf32>\n"
    "  %d = stablehlo.dot_general %af, %bf, contracting_dims = [1] x [0] : (tensor<64x600xf32>, "
    "tensor<600x48xf32>) -> tensor<64x48xf32>\n"
    "  func.return %d : tensor<64x48xf32>\n}\n";
static const char *convert_weights_text =
    "func.func @main(%a: tensor<64x600xbf16>, %b: tensor<600x48xi8>) -> tensor<64x48xf32> {\n"
    "  %bh = stablehlo.convert %b : (tensor<600x48xi8>) -> tensor<600x48xbf16>\n"
    "  %d = stablehlo.dot_general %a, %bh, contracting_dims = [1] x [0] : (tensor<64x600xbf16>, "
    "tensor<600x48xbf16>) -> tensor<64x48xf32>\n"
    "  func.return %d : tensor<64x48xf32>\n}\n";

TEST(fast_mode_dots_read_through_exact_converts) {
    const int64_t ad[2] = {64, 600}, bd[2] = {600, 48};
    aj_array *in[2];
    aj_array_create(AJ_BF16, 2, ad, &in[0]);
    aj_array_create(AJ_I8, 2, bd, &in[1]);
    uint16_t *a = aj_array_data(in[0]);
    int8_t *b = aj_array_data(in[1]);
    for (int k = 0; k < 64 * 600; k++) a[k] = (uint16_t)(0x3F80 + (k % 3) * 0x80);   /* 1, 2, 4 */
    for (int k = 0; k < 600 * 48; k++) b[k] = (int8_t)(k % 7 - 3);
    size_t temp[2] = {0, 0};
    for (int t = 0; t < 2; t++) {
        const char *text = t ? convert_weights_text : convert_dot_text;
        aj_module *m;
        aj_array *want = NULL;
        EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_OK);
        if (!m) continue;
        EXPECT_EQ_INT(aj_module_eval(m, "main", 2, in, 1, &want, NULL), AJ_OK);
        for (int strict = 0; strict < 2 && want; strict++) {
            aj_array *got = NULL;
            aj_memory_stats st = {0};
            EXPECT_EQ_INT(run_in_mode(m, strict, 2, in, &got, &st), AJ_OK);
            if (!strict) temp[t] = st.temp_bytes;
            EXPECT(got && memcmp(aj_array_data(got), aj_array_data(want), 64 * 48 * 4) == 0);
            aj_array_destroy(got);
        }
        aj_array_destroy(want);
        aj_module_destroy(m);
    }
    EXPECT(temp[0] < 115200);
    EXPECT_EQ_INT((long long)temp[1], (long long)temp[0]);
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
}

/* Compiling through this stop's paths (side results and block-local rows
 * in the big softmax, a dot written over its lhs, the scratch block placed
 * in a gap, a narrow matmul in panels with its task written aside) on two
 * threads with every allocation failing in turn: AJ_ERR_NOMEM, nothing
 * leaked, and the next compile works. */
static const char *panels_text =
    "func.func @main(%a: tensor<64x600xbf16>, %b: tensor<600x512xi8>, %s: tensor<512xf32>) -> tensor<64x512xf32> {\n"
    "  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x600xbf16>, "
    "tensor<600x512xi8>) -> tensor<64x512xf32>\n"
    "  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<512xf32>) -> tensor<64x512xf32>\n"
    "  %t = stablehlo.multiply %d, %sb : tensor<64x512xf32>\n"
    "  func.return %t : tensor<64x512xf32>\n}\n";

static aj_status compile_text(const char *text) {
    aj_module *m;
    aj_status st = aj_module_parse(text, strlen(text), "t.mlir", &m);
    if (st) return st;
    aj_compile_options o = {.cache_dir = cache_dir, .no_memory_cache = 1, .threads = 2};
    aj_executable *e = NULL;
    st = aj_compile(m, "main", &o, &e);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return st;
}

TEST(compiling_survives_failing_allocations) {
    char *chain = dot_chain(3000);
    const char *texts[] = {big_text, chain, scratch_gap_text, panels_text};
    for (int t = 0; t < 4; t++) {
        EXPECT_EQ_INT(compile_text(texts[t]), AJ_OK);   /* fills the disk cache: failures stay cheap */
        int failures = 0;
        for (int n = 1; n < 100000; n++) {
            size_t live = mem_live_bytes();
            mem_fail_after(n);
            aj_status st = compile_text(texts[t]);
            mem_fail_after(0);
            EXPECT_EQ_INT(mem_live_bytes(), live);
            if (st == AJ_OK) break;
            failures++;
            if (st != AJ_ERR_NOMEM) fprintf(stderr, "text %d, allocation %d failing: %s\n", t, n, aj_last_error());
            EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
        }
        EXPECT(failures > 50);
        EXPECT_EQ_INT(compile_text(texts[t]), AJ_OK);
    }
    free(chain);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    RUN(random_graphs_match_the_evaluator_bit_for_bit);
    RUN(memory_analysis_is_true);
    RUN(big_streamed_kernels_match_the_evaluator);
    RUN(the_memory_picture_is_true_and_rejects_bad_requests);
    RUN(the_caches_hit);
    RUN(bad_compile_options_are_reported);
    RUN(sgd_updates_are_written_over_donated_parameters);
    RUN(dots_write_over_their_dying_lhs_by_blocks_of_rows);
    RUN(a_dot_chain_runs_block_by_block);
    RUN(a_run_of_row_kernels_splits_over_threads);
    RUN(a_run_emitted_kernel_by_kernel_still_splits_over_threads);
    RUN(softmax_computes_each_exponential_once);
    RUN(causal_attention_computes_only_under_the_mask);
    RUN(masked_rows_fold_only_their_triangle);
    RUN(top_k_rows_match_a_sort);
    RUN(causal_attention_keeps_nan_from_an_infinite_value);
    RUN(a_dot_writes_over_its_donated_lhs);
    RUN(an_f64_dot_writes_over_its_lhs);
    RUN(fast_mode_narrow_dots_accumulate_in_f32);
    RUN(fast_mode_dots_read_through_exact_converts);
    RUN(compiling_survives_failing_allocations);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
