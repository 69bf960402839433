/* Compiled code of the window and region ops equals the evaluator bit for
 * bit: each program runs through aj_module_eval and through aj_compile on
 * three pseudo-random input sets, and every output must match in strict
 * mode (NaN matching NaN); fast mode (which may contract a*b+c into one
 * rounding, reassociate dots and approximate tanh and exp) must agree to a
 * relative 1e-4. The programs cover the forms the emitters distinguish:
 * padding, strides, base and window dilations, several operands,
 * overlapping select windows, convolution layouts, groups and dilations,
 * map, sort (several operands, captured values, a comparator that is no
 * strict weak order), linear algebra, and control flow (loop values
 * written in place or swapped, nested loops, branches); and each op on
 * element types whose stored form is not their value (bf16's bits, f16,
 * computed in float locals rounded after every op) and on narrow
 * integers. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/float16.h"
#include "util/mem.h"

static char cache_dir[] = "/tmp/aj_region_cache_XXXXXX";

static bool is_float(aj_dtype t) { return t == AJ_F32 || t == AJ_F64 || t == AJ_F16 || t == AJ_BF16; }

/* Values that make ties and padding matter: a few repeated levels (float
 * ones rounded to the type; integers wrapped into it). */
static void fill(aj_array *a, unsigned seed) {
    int64_t n = aj_array_numel(a);
    void *d = aj_array_data(a);
    for (int64_t i = 0; i < n; i++) {
        unsigned r = (unsigned)(i * 2654435761u + seed * 40503u);
        int v = (int)(r >> 7) % 11 - 5;
        double f = v * 0.375 + (r % 3) * 0.01;
        switch (aj_array_dtype(a)) {
        case AJ_F32: ((float *)d)[i] = (float)f; break;
        case AJ_F64: ((double *)d)[i] = f; break;
        case AJ_F16: ((uint16_t *)d)[i] = f16_from_double(f); break;
        case AJ_BF16: ((uint16_t *)d)[i] = bf16_from_double(f); break;
        case AJ_I32: ((int32_t *)d)[i] = v; break;
        case AJ_I64: ((int64_t *)d)[i] = v; break;
        case AJ_I8: case AJ_U8: ((uint8_t *)d)[i] = (uint8_t)v; break;
        case AJ_I16: case AJ_U16: ((uint16_t *)d)[i] = (uint16_t)v; break;
        case AJ_BOOL: ((uint8_t *)d)[i] = (uint8_t)(v > 0); break;
        default: break;   /* the programs here use no other type: zeros */
        }
    }
}

/* Element i of a float array as a double. */
static double real_at(const aj_array *a, int64_t i) {
    const void *d = aj_array_data(a);
    switch (aj_array_dtype(a)) {
    case AJ_F32: return ((const float *)d)[i];
    case AJ_F16: return f16_to_double(((const uint16_t *)d)[i]);
    case AJ_BF16: return bf16_to_double(((const uint16_t *)d)[i]);
    default: return ((const double *)d)[i];
    }
}

/* Equal bits (NaN matching NaN), or, with tol > 0, floats within tol
 * relative to max(1, |a|), or within 16 units in the last place of f16
 * and bf16: fast mode lets gcc contract their a*b+c too (on a CPU with
 * AVX512-FP16 it turns f16 ops into native ones, and those into FMAs), and
 * along a sum each skipped rounding moves the result: the f16 convolution
 * below, 18 products a sum, lands up to 12 units from the evaluator while
 * nearer the exact sums (largest error 0.0111 against the evaluator's
 * 0.0129). */
static bool same(const aj_array *a, const aj_array *b, double tol) {
    if (aj_array_bytes(a) != aj_array_bytes(b) || aj_array_dtype(a) != aj_array_dtype(b)) return false;
    if (memcmp(aj_array_data(a), aj_array_data(b), aj_array_bytes(a)) == 0) return true;
    if (!is_float(aj_array_dtype(a))) return false;
    if (tol > 0 && aj_array_dtype(a) == AJ_F16) tol = 16 * 0x1p-10;
    if (tol > 0 && aj_array_dtype(a) == AJ_BF16) tol = 16 * 0x1p-7;
    size_t size = aj_dtype_size(aj_array_dtype(a));
    for (int64_t i = 0; i < aj_array_numel(a); i++) {
        double x = real_at(a, i), y = real_at(b, i);
        bool bits = memcmp((const char *)aj_array_data(a) + i * size, (const char *)aj_array_data(b) + i * size,
                           size) == 0;
        if (!bits && !(isnan(x) && isnan(y)) && !(fabs(x - y) <= tol * fmax(1.0, fabs(x)))) return false;
    }
    return true;
}

/* Runs e and the evaluator on one input set (seed); expects identical
 * outputs (tol: see same()). */
static void compare_on(const char *name, aj_module *m, aj_executable *e, int nin, int nout, unsigned seed,
                       double tol) {
    aj_array *in[8] = {0}, *want[8] = {0}, *got[8] = {0};
    for (int i = 0; i < nin && i < 8; i++) {
        aj_dtype t;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        aj_module_arg_type(m, "main", 0, i, &t, &rank, dims);
        aj_array_create(t, rank, dims, &in[i]);
        fill(in[i], (unsigned)i + 1 + 7 * seed);
    }
    if (aj_module_eval(m, "main", nin, in, nout, want, NULL) || aj_executable_run(e, nin, in, nout, got)) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
    } else {
        for (int j = 0; j < nout; j++)
            if (!same(want[j], got[j], tol)) {
                fprintf(stderr, "%s (%s, seed %u): result %d differs from the evaluator\n", name,
                        tol ? "fast" : "strict", seed, j);
                testing_failed_checks++;
            }
    }
    for (int j = 0; j < nout && j < 8; j++) {
        aj_array_destroy(want[j]);
        aj_array_destroy(got[j]);
    }
    for (int i = 0; i < nin && i < 8; i++) aj_array_destroy(in[i]);
}

/* Compiles @main of text strict, then fast, and runs each on three input
 * sets against the evaluator. */
static void expect_compiled_matches(const char *name, const char *text) {
    aj_module *m = NULL;
    int nin = 0, nout = 0;
    if (aj_module_parse(text, strlen(text), name, &m) || aj_module_signature(m, "main", &nin, &nout)) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
        aj_module_destroy(m);
        return;
    }
    for (int strict = 1; strict >= 0; strict--) {
        aj_compile_options o = {.strict_order = strict, .cache_dir = cache_dir, .no_memory_cache = 1};
        aj_executable *e = NULL;
        if (aj_compile(m, "main", &o, &e)) {
            fprintf(stderr, "%s (%s): %s\n", name, strict ? "strict" : "fast", aj_last_error());
            testing_failed_checks++;
            continue;
        }
        for (unsigned seed = 0; seed < 3; seed++) compare_on(name, m, e, nin, nout, seed, strict ? 0 : 1e-4);
        aj_executable_destroy(e);
    }
    aj_module_destroy(m);
}

/* expect_compiled_matches on the program `pattern` with every "$T" made
 * each of the element types in the space-separated list `types`. */
static void expect_matches_on_types(const char *name, const char *types, const char *pattern) {
    char type[16], full[256], *text = malloc(strlen(pattern) * 2 + 1);
    for (const char *t = types; text && sscanf(t, "%15s", type) == 1; t = strchr(t, ' ') ? strchr(t, ' ') + 1 : "") {
        char *out = text;
        for (const char *p = pattern; *p;)
            if (p[0] == '$' && p[1] == 'T') out += sprintf(out, "%s", type), p += 2;
            else *out++ = *p++;
        *out = 0;
        snprintf(full, sizeof full, "%s (%s)", name, type);
        expect_compiled_matches(full, text);
    }
    free(text);
}

TEST(reduce_window_matches) {
    expect_compiled_matches("max pool, strides and padding",
        "func.func @main(%x: tensor<2x9x7xf32>) -> tensor<2x5x3xf32> {\n"
        "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %r = \"stablehlo.reduce_window\"(%x, %ninf) <{window_dimensions = array<i64: 1, 3, 3>,"
        " window_strides = array<i64: 1, 2, 2>, padding = dense<[[0, 0], [1, 1], [0, 1]]> : tensor<3x2xi64>}> ({\n"
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %m = stablehlo.maximum %a, %b : tensor<f32>\n"
        "    stablehlo.return %m : tensor<f32>\n"
        "  }) : (tensor<2x9x7xf32>, tensor<f32>) -> tensor<2x5x3xf32>\n"
        "  func.return %r : tensor<2x5x3xf32>\n"
        "}\n");
    expect_compiled_matches("sum, base and window dilations, init from an argument",
        "func.func @main(%x: tensor<5x6xf64>, %init: tensor<f64>) -> tensor<9x5xf64> {\n"
        "  %r = \"stablehlo.reduce_window\"(%x, %init) <{window_dimensions = array<i64: 2, 2>,"
        " base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>,"
        " padding = dense<[[1, 0], [1, 0]]> : tensor<2x2xi64>}> ({\n"
        "  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n"
        "    %s = stablehlo.add %a, %b : tensor<f64>\n"
        "    stablehlo.return %s : tensor<f64>\n"
        "  }) : (tensor<5x6xf64>, tensor<f64>) -> tensor<9x5xf64>\n"
        "  func.return %r : tensor<9x5xf64>\n"
        "}\n");
    expect_compiled_matches("argmin over windows, two operands",
        "func.func @main(%x: tensor<6x8xf32>, %i: tensor<6x8xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {\n"
        "  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %m, %mi = \"stablehlo.reduce_window\"(%x, %i, %inf, %z) <{window_dimensions = array<i64: 2, 3>,"
        " window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({\n"
        "  ^bb0(%p: tensor<f32>, %pi: tensor<i32>, %q: tensor<f32>, %qi: tensor<i32>):\n"
        "    %le = stablehlo.compare LE, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    %s = stablehlo.select %le, %p, %q : tensor<i1>, tensor<f32>\n"
        "    %si = stablehlo.select %le, %pi, %qi : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %s, %si : tensor<f32>, tensor<i32>\n"
        "  }) : (tensor<6x8xf32>, tensor<6x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)\n"
        "  func.return %m, %mi : tensor<3x4xf32>, tensor<3x4xi32>\n"
        "}\n");
    expect_matches_on_types("max pool and a cumulative sum, init from an argument", "bf16 f16 i8 ui16",
        "func.func @main(%x: tensor<2x9x7x$T>, %init: tensor<$T>) -> (tensor<2x5x3x$T>, tensor<2x9x7x$T>) {\n"
        "  %r = \"stablehlo.reduce_window\"(%x, %init) <{window_dimensions = array<i64: 1, 3, 3>,"
        " window_strides = array<i64: 1, 2, 2>, padding = dense<[[0, 0], [1, 1], [0, 1]]> : tensor<3x2xi64>}> ({\n"
        "  ^bb0(%a: tensor<$T>, %b: tensor<$T>):\n"
        "    %m = stablehlo.maximum %a, %b : tensor<$T>\n"
        "    stablehlo.return %m : tensor<$T>\n"
        "  }) : (tensor<2x9x7x$T>, tensor<$T>) -> tensor<2x5x3x$T>\n"
        "  %c = \"stablehlo.reduce_window\"(%x, %init) <{window_dimensions = array<i64: 1, 9, 1>,"
        " padding = dense<[[0, 0], [8, 0], [0, 0]]> : tensor<3x2xi64>}> ({\n"
        "  ^bb0(%a: tensor<$T>, %b: tensor<$T>):\n"
        "    %s = stablehlo.add %a, %b : tensor<$T>\n"
        "    stablehlo.return %s : tensor<$T>\n"
        "  }) : (tensor<2x9x7x$T>, tensor<$T>) -> tensor<2x9x7x$T>\n"
        "  func.return %r, %c : tensor<2x5x3x$T>, tensor<2x9x7x$T>\n"
        "}\n");
    expect_matches_on_types("argmin over windows, two operands", "bf16 f16",
        "func.func @main(%x: tensor<6x8x$T>, %i: tensor<6x8xi32>) -> (tensor<3x4x$T>, tensor<3x4xi32>) {\n"
        "  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
        "  %tinf = stablehlo.convert %inf : (tensor<f32>) -> tensor<$T>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %m, %mi = \"stablehlo.reduce_window\"(%x, %i, %tinf, %z) <{window_dimensions = array<i64: 2, 3>,"
        " window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({\n"
        "  ^bb0(%p: tensor<$T>, %pi: tensor<i32>, %q: tensor<$T>, %qi: tensor<i32>):\n"
        "    %le = stablehlo.compare LE, %p, %q : (tensor<$T>, tensor<$T>) -> tensor<i1>\n"
        "    %s = stablehlo.select %le, %p, %q : tensor<i1>, tensor<$T>\n"
        "    %si = stablehlo.select %le, %pi, %qi : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %s, %si : tensor<$T>, tensor<i32>\n"
        "  }) : (tensor<6x8x$T>, tensor<6x8xi32>, tensor<$T>, tensor<i32>) -> (tensor<3x4x$T>, tensor<3x4xi32>)\n"
        "  func.return %m, %mi : tensor<3x4x$T>, tensor<3x4xi32>\n"
        "}\n");
}

TEST(select_and_scatter_matches) {
    expect_compiled_matches("max pool gradient, overlapping windows and padding",
        "func.func @main(%x: tensor<7x6xf32>, %s: tensor<4x5xf32>) -> tensor<7x6xf32> {\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %r = \"stablehlo.select_and_scatter\"(%x, %s, %z) ({\n"
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    stablehlo.return %ge : tensor<i1>\n"
        "  }, {\n"
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %t = stablehlo.add %a, %b : tensor<f32>\n"
        "    stablehlo.return %t : tensor<f32>\n"
        "  }) {window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>,"
        " padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<7x6xf32>, tensor<4x5xf32>, tensor<f32>) -> tensor<7x6xf32>\n"
        "  func.return %r : tensor<7x6xf32>\n"
        "}\n");
    expect_matches_on_types("max pool gradient, overlapping windows and padding", "bf16 f16 i16 ui8",
        "func.func @main(%x: tensor<7x6x$T>, %s: tensor<4x5x$T>, %z: tensor<$T>) -> tensor<7x6x$T> {\n"
        "  %r = \"stablehlo.select_and_scatter\"(%x, %s, %z) ({\n"
        "  ^bb0(%a: tensor<$T>, %b: tensor<$T>):\n"
        "    %ge = stablehlo.compare GE, %a, %b : (tensor<$T>, tensor<$T>) -> tensor<i1>\n"
        "    stablehlo.return %ge : tensor<i1>\n"
        "  }, {\n"
        "  ^bb0(%a: tensor<$T>, %b: tensor<$T>):\n"
        "    %t = stablehlo.add %a, %b : tensor<$T>\n"
        "    stablehlo.return %t : tensor<$T>\n"
        "  }) {window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>,"
        " padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<7x6x$T>, tensor<4x5x$T>, tensor<$T>) -> tensor<7x6x$T>\n"
        "  func.return %r : tensor<7x6x$T>\n"
        "}\n");
}

TEST(convolution_matches) {
    expect_compiled_matches("NHWC, padding, strides, dilations",
        "func.func @main(%x: tensor<2x9x8x3xf32>, %k: tensor<3x2x3x4xf32>) -> tensor<2x5x9x4xf32> {\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],"
        " window = {stride = [2, 1], pad = [[1, 1], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2]}"
        " {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x8x3xf32>, tensor<3x2x3x4xf32>) -> tensor<2x5x9x4xf32>\n"
        "  func.return %c : tensor<2x5x9x4xf32>\n"
        "}\n");
    expect_compiled_matches("NCHW depthwise (feature groups), lhs dilation",
        "func.func @main(%x: tensor<1x4x5x5xf64>, %k: tensor<8x1x2x2xf64>) -> tensor<1x8x8x8xf64> {\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],"
        " window = {lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64}"
        " : (tensor<1x4x5x5xf64>, tensor<8x1x2x2xf64>) -> tensor<1x8x8x8xf64>\n"
        "  func.return %c : tensor<1x8x8x8xf64>\n"
        "}\n");
    expect_compiled_matches("batch groups, 1-D, integers",
        "func.func @main(%x: tensor<4x7x2xi32>, %k: tensor<3x2x6xi32>) -> tensor<2x5x6xi32> {\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {}"
        " {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x7x2xi32>, tensor<3x2x6xi32>) -> tensor<2x5x6xi32>\n"
        "  func.return %c : tensor<2x5x6xi32>\n"
        "}\n");
    expect_matches_on_types("NHWC, padding, strides, dilations", "bf16 f16 i16",
        "func.func @main(%x: tensor<2x9x8x3x$T>, %k: tensor<3x2x3x4x$T>) -> tensor<2x5x9x4x$T> {\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],"
        " window = {stride = [2, 1], pad = [[1, 1], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2]}"
        " {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x8x3x$T>, tensor<3x2x3x4x$T>) -> tensor<2x5x9x4x$T>\n"
        "  func.return %c : tensor<2x5x9x4x$T>\n"
        "}\n");
}

TEST(map_matches) {
    expect_compiled_matches("map with a constant inside",
        "func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
        "  %r = \"stablehlo.map\"(%a, %b) ({\n"
        "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        "    %h = stablehlo.constant dense<0.5> : tensor<f32>\n"
        "    %p = stablehlo.multiply %x, %y : tensor<f32>\n"
        "    %s = stablehlo.add %p, %h : tensor<f32>\n"
        "    stablehlo.return %s : tensor<f32>\n"
        "  }) {dimensions = array<i64: 0, 1>} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>\n"
        "  func.return %r : tensor<3x4xf32>\n"
        "}\n");
    expect_matches_on_types("map of two operands", "bf16 f16 i8 ui16",
        "func.func @main(%a: tensor<3x4x$T>, %b: tensor<3x4x$T>) -> tensor<3x4x$T> {\n"
        "  %r = \"stablehlo.map\"(%a, %b) ({\n"
        "  ^bb0(%x: tensor<$T>, %y: tensor<$T>):\n"
        "    %p = stablehlo.multiply %x, %y : tensor<$T>\n"
        "    %s = stablehlo.add %p, %x : tensor<$T>\n"
        "    stablehlo.return %s : tensor<$T>\n"
        "  }) {dimensions = array<i64: 0, 1>} : (tensor<3x4x$T>, tensor<3x4x$T>) -> tensor<3x4x$T>\n"
        "  func.return %r : tensor<3x4x$T>\n"
        "}\n");
}

TEST(sort_matches) {
    expect_compiled_matches("keys and two payloads along dimension 0, stable",
        "func.func @main(%k: tensor<37x3xi32>, %v: tensor<37x3xf32>, %w: tensor<37x3xi1>) -> (tensor<37x3xi32>, tensor<37x3xf32>, tensor<37x3xi1>) {\n"
        "  %a, %b, %c = \"stablehlo.sort\"(%k, %v, %w) ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>, %x: tensor<f32>, %y: tensor<f32>, %u: tensor<i1>, %z: tensor<i1>):\n"
        "    %lt = stablehlo.compare LT, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %lt : tensor<i1>\n"
        "  }) {dimension = 0 : i64, is_stable = true} : (tensor<37x3xi32>, tensor<37x3xf32>, tensor<37x3xi1>) -> (tensor<37x3xi32>, tensor<37x3xf32>, tensor<37x3xi1>)\n"
        "  func.return %a, %b, %c : tensor<37x3xi32>, tensor<37x3xf32>, tensor<37x3xi1>\n"
        "}\n");
    expect_compiled_matches("a comparator reading a captured scale; total order on floats",
        "func.func @main(%x: tensor<4x50xf64>, %s: tensor<f64>) -> tensor<4x50xf64> {\n"
        "  %r = \"stablehlo.sort\"(%x) ({\n"
        "  ^bb0(%p: tensor<f64>, %q: tensor<f64>):\n"
        "    %ps = stablehlo.multiply %p, %s : tensor<f64>\n"
        "    %qs = stablehlo.multiply %q, %s : tensor<f64>\n"
        "    %lt = stablehlo.compare LT, %ps, %qs, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>\n"
        "    stablehlo.return %lt : tensor<i1>\n"
        "  }) {dimension = 1 : i64} : (tensor<4x50xf64>) -> tensor<4x50xf64>\n"
        "  func.return %r : tensor<4x50xf64>\n"
        "}\n");
    /* LE is no strict weak order: the result depends on the algorithm's
     * comparisons, which the evaluator and the generated code share. */
    expect_compiled_matches("a comparator that is not a strict weak order",
        "func.func @main(%k: tensor<45xi32>, %v: tensor<45xi32>) -> (tensor<45xi32>, tensor<45xi32>) {\n"
        "  %a, %b = \"stablehlo.sort\"(%k, %v) ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>, %x: tensor<i32>, %y: tensor<i32>):\n"
        "    %le = stablehlo.compare LE, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %le : tensor<i1>\n"
        "  }) {dimension = 0 : i64} : (tensor<45xi32>, tensor<45xi32>) -> (tensor<45xi32>, tensor<45xi32>)\n"
        "  func.return %a, %b : tensor<45xi32>, tensor<45xi32>\n"
        "}\n");
    expect_matches_on_types("keys and a payload, negative keys and ties", "bf16 f16 i8 ui16",
        "func.func @main(%k: tensor<37x3x$T>, %v: tensor<37x3xi32>) -> (tensor<37x3x$T>, tensor<37x3xi32>) {\n"
        "  %a, %b = \"stablehlo.sort\"(%k, %v) ({\n"
        "  ^bb0(%p: tensor<$T>, %q: tensor<$T>, %x: tensor<i32>, %y: tensor<i32>):\n"
        "    %lt = stablehlo.compare LT, %p, %q : (tensor<$T>, tensor<$T>) -> tensor<i1>\n"
        "    stablehlo.return %lt : tensor<i1>\n"
        "  }) {dimension = 0 : i64, is_stable = true} : (tensor<37x3x$T>, tensor<37x3xi32>) -> (tensor<37x3x$T>, tensor<37x3xi32>)\n"
        "  func.return %a, %b : tensor<37x3x$T>, tensor<37x3xi32>\n"
        "}\n");
    expect_matches_on_types("a comparator computing on the keys (rounded), total order", "bf16 f16",
        "func.func @main(%x: tensor<4x50x$T>, %s: tensor<$T>) -> tensor<4x50x$T> {\n"
        "  %r = \"stablehlo.sort\"(%x) ({\n"
        "  ^bb0(%p: tensor<$T>, %q: tensor<$T>):\n"
        "    %ps = stablehlo.multiply %p, %s : tensor<$T>\n"
        "    %qs = stablehlo.multiply %q, %s : tensor<$T>\n"
        "    %lt = stablehlo.compare LT, %ps, %qs, TOTALORDER : (tensor<$T>, tensor<$T>) -> tensor<i1>\n"
        "    stablehlo.return %lt : tensor<i1>\n"
        "  }) {dimension = 1 : i64} : (tensor<4x50x$T>) -> tensor<4x50x$T>\n"
        "  func.return %r : tensor<4x50x$T>\n"
        "}\n");
}

/* Diagonally dominant matrices keep the solves well conditioned. */
TEST(linear_algebra_matches) {
    expect_compiled_matches("triangular solves, every side, triangle and transpose",
        "func.func @main(%r: tensor<2x5x5xf32>, %b: tensor<2x5x3xf32>, %c: tensor<2x3x5xf32>) -> (tensor<2x5x3xf32>, tensor<2x5x3xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) {\n"
        "  %eye = stablehlo.iota dim = 1 : tensor<2x5x5xf32>\n"
        "  %eye2 = stablehlo.iota dim = 2 : tensor<2x5x5xf32>\n"
        "  %diag = stablehlo.compare EQ, %eye, %eye2 : (tensor<2x5x5xf32>, tensor<2x5x5xf32>) -> tensor<2x5x5xi1>\n"
        "  %ten = stablehlo.constant dense<10.0> : tensor<2x5x5xf32>\n"
        "  %d = stablehlo.add %r, %ten : tensor<2x5x5xf32>\n"
        "  %a = stablehlo.select %diag, %d, %r : tensor<2x5x5xi1>, tensor<2x5x5xf32>\n"
        "  %x1 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>\n"
        "  %x2 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>\n"
        "  %x3 = \"stablehlo.triangular_solve\"(%a, %c) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x5x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>\n"
        "  %x4 = \"stablehlo.triangular_solve\"(%a, %c) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>\n"
        "  func.return %x1, %x2, %x3, %x4 : tensor<2x5x3xf32>, tensor<2x5x3xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>\n"
        "}\n");
    expect_compiled_matches("cholesky of a r^T + 8 I, lower and upper",
        "func.func @main(%r: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {\n"
        "  %rt = stablehlo.transpose %r, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>\n"
        "  %s = stablehlo.dot_general %r, %rt, contracting_dims = [1] x [0] : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>\n"
        "  %i = stablehlo.iota dim = 0 : tensor<4x4xf64>\n"
        "  %j = stablehlo.iota dim = 1 : tensor<4x4xf64>\n"
        "  %dg = stablehlo.compare EQ, %i, %j : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xi1>\n"
        "  %e = stablehlo.constant dense<8.0> : tensor<4x4xf64>\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<4x4xf64>\n"
        "  %ei = stablehlo.select %dg, %e, %z : tensor<4x4xi1>, tensor<4x4xf64>\n"
        "  %a = stablehlo.add %s, %ei : tensor<4x4xf64>\n"
        "  %l = stablehlo.cholesky %a, lower = true : tensor<4x4xf64>\n"
        "  %u = stablehlo.cholesky %a : tensor<4x4xf64>\n"
        "  func.return %l, %u : tensor<4x4xf64>, tensor<4x4xf64>\n"
        "}\n");
    expect_matches_on_types("a triangular solve and cholesky of r + r^T + 16 I", "bf16 f16",
        "func.func @main(%r: tensor<4x4x$T>, %b: tensor<4x3x$T>) -> (tensor<4x3x$T>, tensor<4x4x$T>) {\n"
        "  %rt = stablehlo.transpose %r, dims = [1, 0] : (tensor<4x4x$T>) -> tensor<4x4x$T>\n"
        "  %s = stablehlo.add %r, %rt : tensor<4x4x$T>\n"
        "  %i = stablehlo.iota dim = 0 : tensor<4x4xi32>\n"
        "  %j = stablehlo.iota dim = 1 : tensor<4x4xi32>\n"
        "  %dg = stablehlo.compare EQ, %i, %j : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>\n"
        "  %e = stablehlo.constant dense<16.0> : tensor<4x4x$T>\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<4x4x$T>\n"
        "  %ei = stablehlo.select %dg, %e, %z : tensor<4x4xi1>, tensor<4x4x$T>\n"
        "  %a = stablehlo.add %s, %ei : tensor<4x4x$T>\n"
        "  %x = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4x$T>, tensor<4x3x$T>) -> tensor<4x3x$T>\n"
        "  %l = stablehlo.cholesky %a, lower = true : tensor<4x4x$T>\n"
        "  func.return %x, %l : tensor<4x3x$T>, tensor<4x4x$T>\n"
        "}\n");
}

/* A while loop: five steps of h = tanh(h @ w) + h, with a counter (its
 * arena: tests/programs/compile/loop_scratch.mlir). */
static const char recurrence_text[] =
    "func.func @main(%x: tensor<16x8xf32>, %w: tensor<8x8xf32>) -> (tensor<16x8xf32>, tensor<i32>) {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %n = stablehlo.constant dense<5> : tensor<i32>\n"
    "  %r, %i = stablehlo.while(%h = %x, %k = %zero) : tensor<16x8xf32>, tensor<i32>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %d = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>\n"
    "    %t = stablehlo.tanh %d : tensor<16x8xf32>\n"
    "    %s = stablehlo.add %t, %h : tensor<16x8xf32>\n"
    "    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
    "    stablehlo.return %s, %k1 : tensor<16x8xf32>, tensor<i32>\n"
    "  }\n"
    "  func.return %r, %i : tensor<16x8xf32>, tensor<i32>\n"
    "}\n";

/* Control flow: the regions run as sub-programs in the kernel's scratch. */
TEST(control_flow_matches) {
    expect_compiled_matches("a recurrence: dot, tanh, residual, five steps", recurrence_text);
    expect_compiled_matches("loop values swapped every step (no in-place update), a nested loop, an if inside",
        "func.func @main(%a: tensor<6xf64>, %b: tensor<6xf64>, %n: tensor<i64>) -> (tensor<6xf64>, tensor<6xf64>, tensor<i64>) {\n"
        "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
        "  %one = stablehlo.constant dense<1> : tensor<i64>\n"
        "  %three = stablehlo.constant dense<3> : tensor<i64>\n"
        "  %x, %y, %i = stablehlo.while(%p = %a, %q = %b, %k = %zero) : tensor<6xf64>, tensor<6xf64>, tensor<i64>\n"
        "  cond {\n"
        "    %c = stablehlo.compare LT, %k, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
        "    stablehlo.return %c : tensor<i1>\n"
        "  } do {\n"
        "    %inner, %j = stablehlo.while(%u = %p, %m = %zero) : tensor<6xf64>, tensor<i64>\n"
        "    cond {\n"
        "      %c2 = stablehlo.compare LT, %m, %k : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
        "      stablehlo.return %c2 : tensor<i1>\n"
        "    } do {\n"
        "      %v = stablehlo.multiply %u, %q : tensor<6xf64>\n"
        "      %m1 = stablehlo.add %m, %one : tensor<i64>\n"
        "      stablehlo.return %v, %m1 : tensor<6xf64>, tensor<i64>\n"
        "    }\n"
        "    %big = stablehlo.compare GT, %k, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
        "    %z = \"stablehlo.if\"(%big) ({\n"
        "      %neg = stablehlo.negate %inner : tensor<6xf64>\n"
        "      stablehlo.return %neg : tensor<6xf64>\n"
        "    }, {\n"
        "      stablehlo.return %inner : tensor<6xf64>\n"
        "    }) : (tensor<i1>) -> tensor<6xf64>\n"
        "    %k1 = stablehlo.add %k, %one : tensor<i64>\n"
        "    stablehlo.return %q, %z, %k1 : tensor<6xf64>, tensor<6xf64>, tensor<i64>\n"
        "  }\n"
        "  func.return %x, %y, %i : tensor<6xf64>, tensor<6xf64>, tensor<i64>\n"
        "}\n");
    expect_compiled_matches("case on a computed index, a branch returning an argument",
        "func.func @main(%a: tensor<3x4xf32>, %i: tensor<i32>) -> tensor<3x4xf32> {\n"
        "  %r = \"stablehlo.case\"(%i) ({\n"
        "    %e = stablehlo.exponential %a : tensor<3x4xf32>\n"
        "    stablehlo.return %e : tensor<3x4xf32>\n"
        "  }, {\n"
        "    stablehlo.return %a : tensor<3x4xf32>\n"
        "  }, {\n"
        "    %s = stablehlo.multiply %a, %a : tensor<3x4xf32>\n"
        "    stablehlo.return %s : tensor<3x4xf32>\n"
        "  }) : (tensor<i32>) -> tensor<3x4xf32>\n"
        "  func.return %r : tensor<3x4xf32>\n"
        "}\n");
}

/* Every allocation of compiling a program with nested control flow fails
 * in turn: each attempt reports running out of memory and leaks nothing. */
/* A scan's stacked output starting as 4 MiB of zeros (written at rows k and
 * 1023 - k, k < n) and a 4 MiB loop value reversed each step (through a
 * next-state buffer): on threads both the zeroing and the copy split over
 * them (ex_copy). Run with n = 16 and then n = 4 on one executable, so
 * rows of the arena a first run wrote must be zeros again (a result is the
 * stacked value's column sums, so it is in the arena, not in a fresh
 * output). */
static const char big_loop_values_text[] =
    "func.func @main(%x: tensor<1024x1024xf32>, %n: tensor<i32>) -> (tensor<1024xf32>, tensor<1024x1024xf32>) {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %last = stablehlo.constant dense<1023> : tensor<i32>\n"
    "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %s0 = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>\n"
    "  %k, %s, %v = stablehlo.while(%i = %zero, %a = %s0, %b = %x) : tensor<i32>, tensor<1024x1024xf32>, "
    "tensor<1024x1024xf32>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %row = stablehlo.dynamic_slice %b, %i, %zero, sizes = [1, 1024] : (tensor<1024x1024xf32>, tensor<i32>, "
    "tensor<i32>) -> tensor<1x1024xf32>\n"
    "    %a1 = stablehlo.dynamic_update_slice %a, %row, %i, %zero : (tensor<1024x1024xf32>, tensor<1x1024xf32>, "
    "tensor<i32>, tensor<i32>) -> tensor<1024x1024xf32>\n"
    "    %j = stablehlo.subtract %last, %i : tensor<i32>\n"
    "    %a2 = stablehlo.dynamic_update_slice %a1, %row, %j, %zero : (tensor<1024x1024xf32>, tensor<1x1024xf32>, "
    "tensor<i32>, tensor<i32>) -> tensor<1024x1024xf32>\n"
    "    %b1 = stablehlo.reverse %b, dims = [0] : tensor<1024x1024xf32>\n"
    "    %i1 = stablehlo.add %i, %one : tensor<i32>\n"
    "    stablehlo.return %i1, %a2, %b1 : tensor<i32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>\n"
    "  }\n"
    "  %o = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1024x1024xf32>, "
    "tensor<f32>) -> tensor<1024xf32>\n"
    "  func.return %o, %v : tensor<1024xf32>, tensor<1024x1024xf32>\n"
    "}\n";

/* Whether compiling m's @main with o (dumping the C source) gives code
 * containing `text`; the executable into *e. */
static bool source_contains(aj_module *m, aj_compile_options o, const char *text, aj_executable **e) {
    FILE *dump = tmpfile();
    o.dump_after = "build", o.dump_to = dump;
    bool found = false;
    if (dump && aj_compile(m, "main", &o, e) == AJ_OK) {
        long n = ftell(dump);
        char *src = malloc((size_t)n + 1);
        rewind(dump);
        if (src && fread(src, 1, (size_t)n, dump) == (size_t)n) src[n] = 0, found = strstr(src, text) != NULL;
        free(src);
    }
    if (dump) fclose(dump);
    return found;
}

TEST(big_loop_values_start_and_move_over_threads) {
    aj_module *m = NULL;
    EXPECT(aj_module_parse(big_loop_values_text, strlen(big_loop_values_text), "big", &m) == AJ_OK);
    if (!m) return;
    for (int threads = 1; threads <= 3; threads++)
        for (int strict = 1; strict >= 0; strict--) {
            aj_compile_options o = {.strict_order = strict, .threads = threads, .cache_dir = cache_dir,
                                    .no_memory_cache = 1};
            aj_executable *e = NULL;
            EXPECT(source_contains(m, o, "aj_copy(run, ", &e) == (threads > 1));
            for (int32_t n = 16; e && n >= 4; n -= 12) {
                aj_array *in[2] = {0}, *want[2] = {0}, *got[2] = {0};
                aj_array_create(AJ_F32, 2, (int64_t[]){1024, 1024}, &in[0]);
                aj_array_create(AJ_I32, 0, NULL, &in[1]);
                fill(in[0], (unsigned)n);
                *(int32_t *)aj_array_data(in[1]) = n;
                EXPECT(aj_module_eval(m, "main", 2, in, 2, want, NULL) == AJ_OK);
                EXPECT(aj_executable_run(e, 2, in, 2, got) == AJ_OK);
                for (int j = 0; j < 2; j++) EXPECT(want[j] && got[j] && same(want[j], got[j], 0));
                for (int j = 0; j < 2; j++) aj_array_destroy(want[j]), aj_array_destroy(got[j]), aj_array_destroy(in[j]);
            }
            aj_executable_destroy(e);
        }
    aj_module_destroy(m);
}

TEST(compiling_control_flow_survives_allocation_failures) {
    const char *text =
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
        "  %two = stablehlo.constant dense<2> : tensor<i32>\n"
        "  %x, %k = stablehlo.while(%p = %a, %i = %zero) : tensor<4xf32>, tensor<i32>\n"
        "  cond {\n"
        "    %c = stablehlo.compare LT, %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %c : tensor<i1>\n"
        "  } do {\n"
        "    %odd = stablehlo.compare EQ, %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    %q = \"stablehlo.if\"(%odd) ({\n"
        "      %s = stablehlo.multiply %p, %p : tensor<4xf32>\n"
        "      stablehlo.return %s : tensor<4xf32>\n"
        "    }, {\n"
        "      %t = stablehlo.add %p, %p : tensor<4xf32>\n"
        "      stablehlo.return %t : tensor<4xf32>\n"
        "    }) : (tensor<i1>) -> tensor<4xf32>\n"
        "    %i1 = stablehlo.add %i, %one : tensor<i32>\n"
        "    stablehlo.return %q, %i1 : tensor<4xf32>, tensor<i32>\n"
        "  }\n"
        "  func.return %x : tensor<4xf32>\n"
        "}\n";
    aj_module *m = NULL;
    if (aj_module_parse(text, strlen(text), "nested.mlir", &m)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
        return;
    }
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);   /* fills the disk cache */
    aj_executable_destroy(e);
    int failures = 0;
    for (long n = 1; n < 100000; n++) {
        size_t live = mem_live_bytes();
        e = NULL;
        mem_fail_after(n);
        aj_status st = aj_compile(m, "main", &o, &e);
        mem_fail_after(0);
        aj_executable_destroy(e);
        EXPECT_EQ_INT(mem_live_bytes(), live);
        if (st == AJ_OK) break;
        failures++;
        EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
    }
    EXPECT(failures > 100);
    aj_module_destroy(m);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    RUN(reduce_window_matches);
    RUN(select_and_scatter_matches);
    RUN(convolution_matches);
    RUN(map_matches);
    RUN(sort_matches);
    RUN(linear_algebra_matches);
    RUN(control_flow_matches);
    RUN(big_loop_values_start_and_move_over_threads);
    RUN(compiling_control_flow_survives_allocation_failures);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
