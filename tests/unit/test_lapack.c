/* The LAPACK ops (arrayjit.getrf, geqrf, orgqr, syevd, gesdd, gesvd, sytrd,
 * gehrd, geev, gees: JAX's lapack_{s,d}*_ffi custom calls as read): compiled code equals the
 * evaluator bit for bit (both run the kernels of src/util/lapack_kernels.h
 * on the same LAPACK) on pseudo-random inputs, batched, rectangular, large
 * enough for LAPACK's blocked paths, in every mode, strict and fast; the
 * workspace is the plan's scratch and the memory analysis counts it; the
 * ops print back as they parse; without LAPACK the evaluator and the
 * compiler refuse them naming the library (and work again once it is
 * back); the gradient through one names the op; the type rules refuse
 * malformed ones. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/lapack.h"

static char cache_dir[] = "/tmp/aj_lapack_cache_XXXXXX";

/* Uniform values in [-1, 1) (seeded per argument and input set). */
static void fill(aj_array *a, uint64_t seed) {
    uint64_t state = seed * 0x9E3779B97F4A7C15u + 1;
    int64_t n = aj_array_numel(a);
    for (int64_t i = 0; i < n; i++) {
        double x = (double)(testing_random(&state) >> 11) / 9007199254740992.0 * 2 - 1;
        if (aj_array_dtype(a) == AJ_F32) ((float *)aj_array_data(a))[i] = (float)x;
        else ((double *)aj_array_data(a))[i] = x;
    }
}

static aj_module *parse(const char *name, const char *text) {
    aj_module *m = NULL;
    if (aj_module_parse(text, strlen(text), name, &m)) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
        return NULL;
    }
    return m;
}

/* Runs @main of m on input set `seed` through the evaluator and e; every
 * output must be the same bytes. */
static void compare_on(const char *name, aj_module *m, aj_executable *e, int nin, int nout, unsigned seed) {
    aj_array *in[4] = {0}, *want[16] = {0}, *got[16] = {0};
    if (nin > 4 || nout > 16) {
        fprintf(stderr, "%s: more than 4 arguments or 16 results\n", name);
        testing_failed_checks++;
        return;
    }
    for (int i = 0; i < nin; i++) {
        aj_dtype t;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        aj_module_arg_type(m, "main", 0, i, &t, &rank, dims);
        aj_array_create(t, rank, dims, &in[i]);
        fill(in[i], 17u * seed + (unsigned)i + 1);
    }
    if (aj_module_eval(m, "main", nin, in, nout, want, NULL) || aj_executable_run(e, nin, in, nout, got)) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
    } else {
        for (int j = 0; j < nout; j++)
            if (aj_array_bytes(want[j]) != aj_array_bytes(got[j]) ||
                memcmp(aj_array_data(want[j]), aj_array_data(got[j]), aj_array_bytes(want[j])) != 0) {
                fprintf(stderr, "%s (seed %u): result %d differs from the evaluator\n", name, seed, j);
                testing_failed_checks++;
            }
    }
    for (int j = 0; j < nout; j++) {
        aj_array_destroy(want[j]);
        aj_array_destroy(got[j]);
    }
    for (int i = 0; i < nin; i++) aj_array_destroy(in[i]);
}

/* @main of text, compiled strict and fast, against the evaluator on two
 * input sets. */
static void expect_compiled_matches(const char *name, const char *text) {
    aj_module *m = parse(name, text);
    int nin = 0, nout = 0;
    if (!m || aj_module_signature(m, "main", &nin, &nout)) {
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
        for (unsigned seed = 0; seed < 2; seed++) compare_on(name, m, e, nin, nout, seed);
        aj_executable_destroy(e);
    }
    aj_module_destroy(m);
}

TEST(getrf_matches) {
    expect_compiled_matches("getrf, batched square, wide, tall",
        "func.func @main(%a: tensor<3x6x6xf64>, %b: tensor<2x4x7xf32>, %c: tensor<9x4xf64>) -> (tensor<3x6x6xf64>,"
        " tensor<3x6xi32>, tensor<3xi32>, tensor<2x4x7xf32>, tensor<2x4xi32>, tensor<9x4xf64>, tensor<4xi32>) {\n"
        "  %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) : (tensor<3x6x6xf64>) -> (tensor<3x6x6xf64>,"
        " tensor<3x6xi32>,"
        " tensor<3xi32>)\n"
        "  %1:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%b) : (tensor<2x4x7xf32>) -> (tensor<2x4x7xf32>,"
        " tensor<2x4xi32>,"
        " tensor<2xi32>)\n"
        "  %2:3 = \"arrayjit.getrf\"(%c) : (tensor<9x4xf64>) -> (tensor<9x4xf64>, tensor<4xi32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %1#0, %1#1, %2#0, %2#1 : tensor<3x6x6xf64>, tensor<3x6xi32>, tensor<3xi32>,"
        " tensor<2x4x7xf32>, tensor<2x4xi32>, tensor<9x4xf64>, tensor<4xi32>\n"
        "}\n");
    expect_compiled_matches("complex getrf (zgetrf, cgetrf), batched and wide",
        "func.func @main(%ar: tensor<2x5x5xf64>, %ai: tensor<2x5x5xf64>, %br: tensor<3x6xf32>, %bi: tensor<3x6xf32>)"
        " -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5xi32>, tensor<2xi32>, tensor<3x6xcomplex<f32>>, tensor<3xi32>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x5x5xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<3x6xcomplex<f32>>\n"
        "  %0:3 = stablehlo.custom_call @lapack_zgetrf_ffi(%a) : (tensor<2x5x5xcomplex<f64>>) ->"
        " (tensor<2x5x5xcomplex<f64>>, tensor<2x5xi32>, tensor<2xi32>)\n"
        "  %1:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%b) : (tensor<3x6xcomplex<f32>>) ->"
        " (tensor<3x6xcomplex<f32>>, tensor<3xi32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %1#0, %1#1 : tensor<2x5x5xcomplex<f64>>, tensor<2x5xi32>, tensor<2xi32>,"
        " tensor<3x6xcomplex<f32>>, tensor<3xi32>\n"
        "}\n");
    expect_compiled_matches("getrf, 80 x 80 (blocked)",
        "func.func @main(%a: tensor<80x80xf32>) -> (tensor<80x80xf32>, tensor<80xi32>) {\n"
        "  %0:3 = \"arrayjit.getrf\"(%a) : (tensor<80x80xf32>) -> (tensor<80x80xf32>, tensor<80xi32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1 : tensor<80x80xf32>, tensor<80xi32>\n"
        "}\n");
}

TEST(geqrf_orgqr_match) {
    expect_compiled_matches("geqrf then orgqr, batched, reduced and complete",
        "func.func @main(%a: tensor<2x8x5xf64>, %b: tensor<6x3xf32>) -> (tensor<2x8x5xf64>, tensor<2x5xf64>,"
        " tensor<2x8x5xf64>, tensor<6x6xf32>) {\n"
        "  %0:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%a) : (tensor<2x8x5xf64>) -> (tensor<2x8x5xf64>,"
        " tensor<2x5xf64>)\n"
        "  %q = stablehlo.custom_call @lapack_dorgqr_ffi(%0#0, %0#1) : (tensor<2x8x5xf64>, tensor<2x5xf64>) ->"
        " tensor<2x8x5xf64>\n"
        "  %1:2 = \"arrayjit.geqrf\"(%b) : (tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<3xf32>)\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %p = stablehlo.pad %1#0, %z, low = [0, 0], high = [0, 3], interior = [0, 0] :"
        " (tensor<6x3xf32>, tensor<f32>) ->"
        " tensor<6x6xf32>\n"
        "  %c = \"arrayjit.orgqr\"(%p, %1#1) : (tensor<6x6xf32>, tensor<3xf32>) -> tensor<6x6xf32>\n"
        "  func.return %0#0, %0#1, %q, %c : tensor<2x8x5xf64>, tensor<2x5xf64>, tensor<2x8x5xf64>, tensor<6x6xf32>\n"
        "}\n");
    expect_compiled_matches("geqrf then orgqr, 90 x 70 (blocked)",
        "func.func @main(%a: tensor<90x70xf64>) -> (tensor<90x70xf64>, tensor<90x70xf64>) {\n"
        "  %0:2 = \"arrayjit.geqrf\"(%a) : (tensor<90x70xf64>) -> (tensor<90x70xf64>, tensor<70xf64>)\n"
        "  %q = \"arrayjit.orgqr\"(%0#0, %0#1) : (tensor<90x70xf64>, tensor<70xf64>) -> tensor<90x70xf64>\n"
        "  func.return %0#0, %q : tensor<90x70xf64>, tensor<90x70xf64>\n"
        "}\n");
    expect_compiled_matches("complex geqrf and ungqr (z, c), batched, square and wide",
        "func.func @main(%ar: tensor<2x6x4xf64>, %ai: tensor<2x6x4xf64>, %br: tensor<3x5xf32>, %bi: tensor<3x5xf32>)"
        " -> (tensor<2x6x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>, tensor<2x6x4xcomplex<f64>>,"
        " tensor<3x5xcomplex<f32>>, tensor<3xcomplex<f32>>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x6x4xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<3x5xcomplex<f32>>\n"
        "  %0:2 = stablehlo.custom_call @lapack_zgeqrf_ffi(%a) : (tensor<2x6x4xcomplex<f64>>) ->"
        " (tensor<2x6x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>)\n"
        "  %q = stablehlo.custom_call @lapack_zungqr_ffi(%0#0, %0#1) : (tensor<2x6x4xcomplex<f64>>,"
        " tensor<2x4xcomplex<f64>>) -> tensor<2x6x4xcomplex<f64>>\n"
        "  %1:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%b) : (tensor<3x5xcomplex<f32>>) ->"
        " (tensor<3x5xcomplex<f32>>, tensor<3xcomplex<f32>>)\n"
        "  func.return %0#0, %0#1, %q, %1#0, %1#1 : tensor<2x6x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>,"
        " tensor<2x6x4xcomplex<f64>>, tensor<3x5xcomplex<f32>>, tensor<3xcomplex<f32>>\n"
        "}\n");
}

TEST(syevd_matches) {
    expect_compiled_matches("syevd, lower and upper, with and without vectors",
        "func.func @main(%a: tensor<2x6x6xf64>, %b: tensor<5x5xf32>) -> (tensor<2x6x6xf64>, tensor<2x6xf64>,"
        " tensor<2xi32>, tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<5xf32>) {\n"
        "  %0:3 = stablehlo.custom_call @lapack_dsyevd_ffi(%a)"
        " {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}} :"
        " (tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2xi32>)\n"
        "  %1:3 = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = false}> : (tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>,"
        " tensor<2x6xf64>, tensor<2xi32>)\n"
        "  %2:3 = \"arrayjit.syevd\"(%b) <{mode = \"N\", lower = true}> : (tensor<5x5xf32>) -> (tensor<5x5xf32>,"
        " tensor<5xf32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %1#0, %1#1, %2#1 : tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2xi32>,"
        " tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<5xf32>\n"
        "}\n");
    expect_compiled_matches("complex heevd (zheevd, cheevd), lower and upper, with and without vectors",
        "func.func @main(%ar: tensor<2x5x5xf64>, %ai: tensor<2x5x5xf64>, %br: tensor<30x30xf32>, %bi: tensor<30x30xf32>)"
        " -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5xf64>, tensor<2xi32>, tensor<30x30xcomplex<f32>>, tensor<30xf32>,"
        " tensor<2x5xf64>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x5x5xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<30x30xcomplex<f32>>\n"
        "  %0:3 = stablehlo.custom_call @lapack_zheevd_ffi(%a)"
        " {mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}} :"
        " (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5xf64>, tensor<2xi32>)\n"
        "  %1:3 = stablehlo.custom_call @lapack_cheevd_ffi(%b)"
        " {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}} :"
        " (tensor<30x30xcomplex<f32>>) -> (tensor<30x30xcomplex<f32>>, tensor<30xf32>, tensor<i32>)\n"
        "  %2:3 = stablehlo.custom_call @lapack_zheevd_ffi(%a)"
        " {mhlo.backend_config = {mode = 78 : ui8, uplo = 76 : ui8}} :"
        " (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5xf64>, tensor<2xi32>)\n"
        "  func.return %0#0, %0#1, %0#2, %1#0, %1#1, %2#1 : tensor<2x5x5xcomplex<f64>>, tensor<2x5xf64>, tensor<2xi32>,"
        " tensor<30x30xcomplex<f32>>, tensor<30xf32>, tensor<2x5xf64>\n"
        "}\n");
    expect_compiled_matches("syevd, 40 x 40 (divide and conquer)",
        "func.func @main(%a: tensor<40x40xf32>) -> (tensor<40x40xf32>, tensor<40xf32>) {\n"
        "  %0:3 = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = true}> : (tensor<40x40xf32>) -> (tensor<40x40xf32>,"
        " tensor<40xf32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1 : tensor<40x40xf32>, tensor<40xf32>\n"
        "}\n");
}

TEST(gesdd_matches) {
    expect_compiled_matches("gesdd, full, reduced and values only",
        "func.func @main(%a: tensor<6x4xf64>, %b: tensor<2x5x7xf32>) -> (tensor<6xf64>, tensor<4xf64>, tensor<6x6xf64>,"
        " tensor<4x4xf64>, tensor<2x5xf32>, tensor<2x5x5xf32>, tensor<2x5x7xf32>, tensor<4xf64>, tensor<6x6xf64>,"
        " tensor<i32>) {\n"
        "  %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} :"
        " (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>, tensor<6x6xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  %1:5 = \"arrayjit.gesdd\"(%b) <{mode = \"S\"}> : (tensor<2x5x7xf32>) -> (tensor<2x5x7xf32>, tensor<2x5xf32>,"
        " tensor<2x5x5xf32>, tensor<2x5x7xf32>, tensor<2xi32>)\n"
        "  %2:5 = \"arrayjit.gesdd\"(%a) <{mode = \"N\"}> : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>,"
        " tensor<6x6xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  %r = stablehlo.reshape %0#2 : (tensor<6x6xf64>) -> tensor<6x6xf64>\n"
        "  %s = stablehlo.slice %r [0:6, 0:1] : (tensor<6x6xf64>) -> tensor<6x1xf64>\n"
        "  %t = stablehlo.reshape %s : (tensor<6x1xf64>) -> tensor<6xf64>\n"
        "  func.return %t, %0#1, %0#2, %0#3, %1#1, %1#2, %1#3, %2#1, %2#2, %2#4 : tensor<6xf64>, tensor<4xf64>,"
        " tensor<6x6xf64>, tensor<4x4xf64>, tensor<2x5xf32>, tensor<2x5x5xf32>, tensor<2x5x7xf32>, tensor<4xf64>,"
        " tensor<6x6xf64>, tensor<i32>\n"
        "}\n");
    expect_compiled_matches("gesdd, 50 x 30 (divide and conquer)",
        "func.func @main(%a: tensor<50x30xf64>) -> (tensor<30xf64>, tensor<50x30xf64>, tensor<30x30xf64>) {\n"
        "  %0:5 = \"arrayjit.gesdd\"(%a) <{mode = \"S\"}> : (tensor<50x30xf64>) -> (tensor<50x30xf64>, tensor<30xf64>,"
        " tensor<50x30xf64>, tensor<30x30xf64>, tensor<i32>)\n"
        "  func.return %0#1, %0#2, %0#3 : tensor<30xf64>, tensor<50x30xf64>, tensor<30x30xf64>\n"
        "}\n");
}

TEST(gesvd_matches) {
    expect_compiled_matches("gesvd, full, reduced and values only, tall and wide",
        "func.func @main(%a: tensor<6x4xf64>, %b: tensor<2x5x7xf32>) -> (tensor<4xf64>, tensor<6x6xf64>,"
        " tensor<4x4xf64>, tensor<2x5xf32>, tensor<2x5x5xf32>, tensor<2x5x7xf32>, tensor<2xi32>, tensor<4xf64>,"
        " tensor<6x4xf64>, tensor<2x5xf32>, tensor<2x7x7xf32>) {\n"
        "  %0:5 = stablehlo.custom_call @lapack_dgesvd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} :"
        " (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>, tensor<6x6xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  %1:5 = stablehlo.custom_call @lapack_sgesvd_ffi(%b) {mhlo.backend_config = {mode = 83 : ui8}} :"
        " (tensor<2x5x7xf32>) -> (tensor<2x5x7xf32>, tensor<2x5xf32>, tensor<2x5x5xf32>, tensor<2x5x7xf32>,"
        " tensor<2xi32>)\n"
        "  %2:5 = \"arrayjit.gesvd\"(%a) <{mode = \"N\"}> : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>,"
        " tensor<6x4xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  %3:5 = \"arrayjit.gesvd\"(%b) <{mode = \"A\"}> : (tensor<2x5x7xf32>) -> (tensor<2x5x7xf32>, tensor<2x5xf32>,"
        " tensor<2x5x5xf32>, tensor<2x7x7xf32>, tensor<2xi32>)\n"
        "  func.return %0#1, %0#2, %0#3, %1#1, %1#2, %1#3, %1#4, %2#1, %2#2, %3#1, %3#3 : tensor<4xf64>,"
        " tensor<6x6xf64>, tensor<4x4xf64>, tensor<2x5xf32>, tensor<2x5x5xf32>, tensor<2x5x7xf32>, tensor<2xi32>,"
        " tensor<4xf64>, tensor<6x4xf64>, tensor<2x5xf32>, tensor<2x7x7xf32>\n"
        "}\n");
    expect_compiled_matches("gesvd, 90 x 50 reduced (QR first) and 40 x 70 full (blocked)",
        "func.func @main(%a: tensor<90x50xf64>, %b: tensor<40x70xf32>) -> (tensor<50xf64>, tensor<90x50xf64>,"
        " tensor<50x50xf64>, tensor<40xf32>, tensor<40x40xf32>, tensor<70x70xf32>) {\n"
        "  %0:5 = \"arrayjit.gesvd\"(%a) <{mode = \"S\"}> : (tensor<90x50xf64>) -> (tensor<90x50xf64>, tensor<50xf64>,"
        " tensor<90x50xf64>, tensor<50x50xf64>, tensor<i32>)\n"
        "  %1:5 = \"arrayjit.gesvd\"(%b) <{mode = \"A\"}> : (tensor<40x70xf32>) -> (tensor<40x70xf32>, tensor<40xf32>,"
        " tensor<40x40xf32>, tensor<70x70xf32>, tensor<i32>)\n"
        "  func.return %0#1, %0#2, %0#3, %1#1, %1#2, %1#3 : tensor<50xf64>, tensor<90x50xf64>, tensor<50x50xf64>,"
        " tensor<40xf32>, tensor<40x40xf32>, tensor<70x70xf32>\n"
        "}\n");
}

/* gesvd runs LAPACK's gesvd, not gesdd: the two leave different things
 * in a (mode S), and their singular values agree to rounding. */
/* Complex gesdd and gesvd on the parts: full, reduced and values only,
 * tall and wide, batched, 40 x 30 (gesdd's divide and conquer), c64 and
 * c128. */
TEST(complex_svd_matches) {
    expect_compiled_matches("complex gesdd (zgesdd, cgesdd): full, reduced, values only, 40 x 30",
        "func.func @main(%ar: tensor<2x5x3xf64>, %ai: tensor<2x5x3xf64>, %br: tensor<40x30xf32>, %bi: tensor<40x30xf32>)"
        " -> (tensor<2x3xf64>, tensor<2x5x5xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x5x3xcomplex<f64>>,"
        " tensor<30xf32>, tensor<40x30xcomplex<f32>>, tensor<30x30xcomplex<f32>>, tensor<2x3xf64>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x5x3xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<40x30xcomplex<f32>>\n"
        "  %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} :"
        " (tensor<2x5x3xcomplex<f64>>) -> (tensor<2x5x3xcomplex<f64>>, tensor<2x3xf64>, tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x3x3xcomplex<f64>>, tensor<2xi32>)\n"
        "  %1:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%b) {mhlo.backend_config = {mode = 83 : ui8}} :"
        " (tensor<40x30xcomplex<f32>>) -> (tensor<40x30xcomplex<f32>>, tensor<30xf32>, tensor<40x30xcomplex<f32>>,"
        " tensor<30x30xcomplex<f32>>, tensor<i32>)\n"
        "  %2:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%a) {mhlo.backend_config = {mode = 78 : ui8}} :"
        " (tensor<2x5x3xcomplex<f64>>) -> (tensor<2x5x3xcomplex<f64>>, tensor<2x3xf64>, tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x3x3xcomplex<f64>>, tensor<2xi32>)\n"
        "  func.return %0#1, %0#2, %0#3, %0#0, %1#1, %1#2, %1#3, %2#1 : tensor<2x3xf64>, tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x3x3xcomplex<f64>>, tensor<2x5x3xcomplex<f64>>, tensor<30xf32>, tensor<40x30xcomplex<f32>>,"
        " tensor<30x30xcomplex<f32>>, tensor<2x3xf64>\n"
        "}\n");
    expect_compiled_matches("complex gesvd (cgesvd, zgesvd): wide full, tall reduced (QR first), values only",
        "func.func @main(%ar: tensor<3x6xf32>, %ai: tensor<3x6xf32>, %br: tensor<50x20xf64>, %bi: tensor<50x20xf64>)"
        " -> (tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<6x6xcomplex<f32>>, tensor<20xf64>,"
        " tensor<50x20xcomplex<f64>>, tensor<20x20xcomplex<f64>>, tensor<3xf32>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<3x6xcomplex<f32>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<50x20xcomplex<f64>>\n"
        "  %0:5 = stablehlo.custom_call @lapack_cgesvd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} :"
        " (tensor<3x6xcomplex<f32>>) -> (tensor<3x6xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>,"
        " tensor<6x6xcomplex<f32>>, tensor<i32>)\n"
        "  %1:5 = stablehlo.custom_call @lapack_zgesvd_ffi(%b) {mhlo.backend_config = {mode = 83 : ui8}} :"
        " (tensor<50x20xcomplex<f64>>) -> (tensor<50x20xcomplex<f64>>, tensor<20xf64>, tensor<50x20xcomplex<f64>>,"
        " tensor<20x20xcomplex<f64>>, tensor<i32>)\n"
        "  %2:5 = stablehlo.custom_call @lapack_cgesvd_ffi(%a) {mhlo.backend_config = {mode = 78 : ui8}} :"
        " (tensor<3x6xcomplex<f32>>) -> (tensor<3x6xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>,"
        " tensor<6x6xcomplex<f32>>, tensor<i32>)\n"
        "  func.return %0#1, %0#2, %0#3, %1#1, %1#2, %1#3, %2#1 : tensor<3xf32>, tensor<3x3xcomplex<f32>>,"
        " tensor<6x6xcomplex<f32>>, tensor<20xf64>, tensor<50x20xcomplex<f64>>, tensor<20x20xcomplex<f64>>,"
        " tensor<3xf32>\n"
        "}\n");
}

TEST(gesvd_is_not_gesdd) {
    aj_module *m = parse("q.mlir",
        "func.func @main(%a: tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<6x4xf64>, tensor<4xf64>, tensor<4xf64>) {\n"
        "  %0:5 = \"arrayjit.gesvd\"(%a) <{mode = \"S\"}> : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>,"
        " tensor<6x4xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  %1:5 = \"arrayjit.gesdd\"(%a) <{mode = \"S\"}> : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4xf64>,"
        " tensor<6x4xf64>, tensor<4x4xf64>, tensor<i32>)\n"
        "  func.return %0#0, %1#0, %0#1, %1#1 : tensor<6x4xf64>, tensor<6x4xf64>, tensor<4xf64>, tensor<4xf64>\n"
        "}\n");
    if (!m) return;
    int64_t dims[2] = {6, 4};
    aj_array *a = NULL, *out[4] = {0};
    aj_array_create(AJ_F64, 2, dims, &a);
    fill(a, 11);
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, &a, 4, out, NULL), AJ_OK);
    if (out[0]) {
        EXPECT(memcmp(aj_array_data(out[0]), aj_array_data(out[1]), 6 * 4 * sizeof(double)) != 0);
        const double *qr = aj_array_data(out[2]), *dc = aj_array_data(out[3]);
        for (int i = 0; i < 4; i++) EXPECT(qr[i] - dc[i] < 1e-13 && dc[i] - qr[i] < 1e-13);
    }
    for (int j = 0; j < 4; j++) aj_array_destroy(out[j]);
    aj_array_destroy(a);
    aj_module_destroy(m);
}

TEST(sytrd_gehrd_match) {
    expect_compiled_matches("sytrd lower and upper, gehrd, batched, 1 x 1, a range of gehrd's",
        "func.func @main(%a: tensor<2x6x6xf64>, %b: tensor<5x5xf32>, %c: tensor<1x1xf64>) -> (tensor<2x6x6xf64>,"
        " tensor<2x6xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<2xi32>, tensor<5x5xf32>, tensor<5xf32>,"
        " tensor<4xf32>, tensor<4xf32>, tensor<2x6x6xf64>, tensor<2x5xf64>, tensor<2xi32>, tensor<5x5xf32>,"
        " tensor<4xf32>, tensor<1xf64>, tensor<1x1xf64>) {\n"
        "  %0:5 = stablehlo.custom_call @lapack_dsytrd_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} :"
        " (tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2x5xf64>, tensor<2x5xf64>,"
        " tensor<2xi32>)\n"
        "  %1:5 = \"arrayjit.sytrd\"(%b) <{lower = false}> : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5xf32>,"
        " tensor<4xf32>, tensor<4xf32>, tensor<i32>)\n"
        "  %2:3 = stablehlo.custom_call @lapack_dgehrd_ffi(%a)"
        " {mhlo.backend_config = {high = 6 : i32, low = 1 : i32}} : (tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>, tensor<2x5xf64>, tensor<2xi32>)\n"
        "  %3:3 = \"arrayjit.gehrd\"(%b) <{ilo = 2, ihi = 4}> : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<4xf32>,"
        " tensor<i32>)\n"
        "  %4:5 = \"arrayjit.sytrd\"(%c) <{lower = true}> : (tensor<1x1xf64>) -> (tensor<1x1xf64>, tensor<1xf64>,"
        " tensor<0xf64>, tensor<0xf64>, tensor<i32>)\n"
        "  %5:3 = \"arrayjit.gehrd\"(%c) <{ilo = 1, ihi = 1}> : (tensor<1x1xf64>) -> (tensor<1x1xf64>, tensor<0xf64>,"
        " tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %1#0, %1#1, %1#2, %1#3, %2#0, %2#1, %2#2, %3#0, %3#1, %4#1,"
        " %5#0 : tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<2xi32>,"
        " tensor<5x5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x6x6xf64>, tensor<2x5xf64>,"
        " tensor<2xi32>, tensor<5x5xf32>, tensor<4xf32>, tensor<1xf64>, tensor<1x1xf64>\n"
        "}\n");
    expect_compiled_matches("sytrd 70 x 70 and gehrd 150 x 150 (blocked)",
        "func.func @main(%a: tensor<70x70xf64>, %b: tensor<150x150xf32>) -> (tensor<70x70xf64>, tensor<70xf64>,"
        " tensor<69xf64>, tensor<69xf64>, tensor<150x150xf32>, tensor<149xf32>) {\n"
        "  %0:5 = \"arrayjit.sytrd\"(%a) <{lower = true}> : (tensor<70x70xf64>) -> (tensor<70x70xf64>, tensor<70xf64>,"
        " tensor<69xf64>, tensor<69xf64>, tensor<i32>)\n"
        "  %1:3 = \"arrayjit.gehrd\"(%b) <{ilo = 1, ihi = 150}> : (tensor<150x150xf32>) -> (tensor<150x150xf32>,"
        " tensor<149xf32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %1#0, %1#1 : tensor<70x70xf64>, tensor<70xf64>, tensor<69xf64>,"
        " tensor<69xf64>, tensor<150x150xf32>, tensor<149xf32>\n"
        "}\n");
}

/* A 70 x 70 f64 matrix x + x^T + 140 I from input x (entries in [-1, 1)):
 * symmetric and diagonally dominant, so positive definite, and made of
 * elementwise ops that fast mode computes as the evaluator does. */
#define PD70 \
    "  %xt = stablehlo.transpose %x, dims = [1, 0] : (tensor<70x70xf64>) -> tensor<70x70xf64>\n" \
    "  %g = stablehlo.add %x, %xt : tensor<70x70xf64>\n" \
    "  %i = stablehlo.iota dim = 0 : tensor<70x70xi32>\n" \
    "  %j = stablehlo.iota dim = 1 : tensor<70x70xi32>\n" \
    "  %e = stablehlo.compare EQ, %i, %j : (tensor<70x70xi32>, tensor<70x70xi32>) -> tensor<70x70xi1>\n" \
    "  %big = stablehlo.constant dense<140.0> : tensor<70x70xf64>\n" \
    "  %zero = stablehlo.constant dense<0.0> : tensor<70x70xf64>\n" \
    "  %diag = stablehlo.select %e, %big, %zero : tensor<70x70xi1>, tensor<70x70xf64>\n" \
    "  %pd = stablehlo.add %g, %diag : tensor<70x70xf64>\n"

TEST(cholesky_triangular_solve_match) {
    expect_compiled_matches("cholesky lower and upper (70 x 70, blocked), batched f32, f16 through f32",
        "func.func @main(%x: tensor<70x70xf64>, %y: tensor<3x5x5xf32>) -> (tensor<70x70xf64>, tensor<70x70xf64>,"
        " tensor<3x5x5xf32>, tensor<3x5x5xf16>) {\n" PD70
        "  %l = stablehlo.cholesky %pd, lower = true : tensor<70x70xf64>\n"
        "  %u = stablehlo.cholesky %pd : tensor<70x70xf64>\n"
        "  %b = stablehlo.cholesky %y, lower = true : tensor<3x5x5xf32>\n"
        "  %h = stablehlo.convert %y : (tensor<3x5x5xf32>) -> tensor<3x5x5xf16>\n"
        "  %c = stablehlo.cholesky %h : tensor<3x5x5xf16>\n"
        "  func.return %l, %u, %b, %c : tensor<70x70xf64>, tensor<70x70xf64>, tensor<3x5x5xf32>, tensor<3x5x5xf16>\n"
        "}\n");
    static const char *const sides[] = {"true", "false"}, *const lowers[] = {"true", "false"},
                             *const transposes[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
    for (int s = 0; s < 2; s++)
        for (int l = 0; l < 2; l++)
            for (int t = 0; t < 3; t++) {
                char text[2048], name[128];
                const char *b = s == 0 ? "tensor<2x6x3xf32>" : "tensor<2x3x6xf32>";
                snprintf(name, sizeof name, "triangular_solve left_side = %s, lower = %s, %s", sides[s], lowers[l],
                         transposes[t]);
                snprintf(text, sizeof text,
                         "func.func @main(%%a: tensor<2x6x6xf32>, %%b: %s, %%c: tensor<70x70xf64>,"
                         " %%d: tensor<70x4xf64>) -> (%s, %s, tensor<70x4xf64>) {\n"
                         "  %%x = \"stablehlo.triangular_solve\"(%%a, %%b) {left_side = %s, lower = %s,"
                         " unit_diagonal = false, transpose_a = #stablehlo<transpose %s>} : (tensor<2x6x6xf32>, %s) -> %s\n"
                         "  %%u = \"stablehlo.triangular_solve\"(%%a, %%b) {left_side = %s, lower = %s,"
                         " unit_diagonal = true, transpose_a = #stablehlo<transpose %s>} : (tensor<2x6x6xf32>, %s) -> %s\n"
                         "  %%y = \"stablehlo.triangular_solve\"(%%c, %%d) {left_side = true, lower = %s,"
                         " unit_diagonal = false, transpose_a = #stablehlo<transpose %s>} : (tensor<70x70xf64>,"
                         " tensor<70x4xf64>) -> tensor<70x4xf64>\n"
                         "  func.return %%x, %%u, %%y : %s, %s, tensor<70x4xf64>\n"
                         "}\n",
                         b, b, b, sides[s], lowers[l], transposes[t], b, b, sides[s], lowers[l], transposes[t], b, b,
                         lowers[l], transposes[t], b, b);
                expect_compiled_matches(name, text);
            }
    expect_compiled_matches("complex cholesky (Z + Z^H + 8 I) and triangular solves (adjoint, right side)",
        "func.func @main(%zr: tensor<3x3xf32>, %zi: tensor<3x3xf32>, %br: tensor<3x4xf64>, %bi: tensor<3x4xf64>)"
        " -> (tensor<3x3xcomplex<f32>>, tensor<3x4xcomplex<f64>>, tensor<4x3xcomplex<f64>>) {\n"
        "  %z = stablehlo.complex %zr, %zi : tensor<3x3xcomplex<f32>>\n"
        "  %n = stablehlo.negate %zi : tensor<3x3xf32>\n"
        "  %w = stablehlo.complex %zr, %n : tensor<3x3xcomplex<f32>>\n"
        "  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>\n"
        "  %g = stablehlo.add %z, %wt : tensor<3x3xcomplex<f32>>\n"
        "  %eye = stablehlo.constant dense<[[(8.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(0.0, 0.0), (8.0, 0.0), (0.0,"
        " 0.0)], [(0.0, 0.0), (0.0, 0.0), (8.0, 0.0)]]> : tensor<3x3xcomplex<f32>>\n"
        "  %h = stablehlo.add %g, %eye : tensor<3x3xcomplex<f32>>\n"
        "  %l = stablehlo.cholesky %h, lower = true : tensor<3x3xcomplex<f32>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<3x4xcomplex<f64>>\n"
        "  %a = stablehlo.convert %h : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f64>>\n"
        "  %x = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = false, unit_diagonal = false,"
        " transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f64>>, tensor<3x4xcomplex<f64>>) ->"
        " tensor<3x4xcomplex<f64>>\n"
        "  %t = stablehlo.transpose %b, dims = [1, 0] : (tensor<3x4xcomplex<f64>>) -> tensor<4x3xcomplex<f64>>\n"
        "  %y = \"stablehlo.triangular_solve\"(%a, %t) {left_side = false, lower = true, unit_diagonal = false,"
        " transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xcomplex<f64>>, tensor<4x3xcomplex<f64>>) ->"
        " tensor<4x3xcomplex<f64>>\n"
        "  func.return %l, %x, %y : tensor<3x3xcomplex<f32>>, tensor<3x4xcomplex<f64>>, tensor<4x3xcomplex<f64>>\n"
        "}\n");
}

/* Compiles @main of text (strict) and runs it on in; AJ_OK or counted. */
static bool run_compiled(const char *name, const char *text, int nin, aj_array **in, int nout, aj_array **out) {
    aj_module *m = parse(name, text);
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    bool ok = m && !aj_compile(m, "main", &o, &e) && !aj_executable_run(e, nin, in, nout, out);
    if (!ok) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return ok;
}

static aj_array *matrix(aj_dtype t, int64_t rows, int64_t cols, uint64_t seed) {
    int64_t dims[2] = {rows, cols};
    aj_array *a = NULL;
    if (aj_array_create(t, 2, dims, &a)) return NULL;
    fill(a, seed);
    return a;
}

static double element(const aj_array *a, int64_t i) {
    return aj_array_dtype(a) == AJ_F32 ? ((const float *)aj_array_data(a))[i] : ((const double *)aj_array_data(a))[i];
}

/* max |P A - L U| for getrf's lu and (1-based, LAPACK's) pivots of n x n a. */
static double lu_residual(const aj_array *a, const aj_array *lu, const aj_array *pivots, int64_t n) {
    int64_t *row = malloc((size_t)n * sizeof *row);
    double worst = 0;
    for (int64_t i = 0; i < n; i++) row[i] = i;
    for (int64_t i = 0; i < n; i++) {
        int64_t p = ((const int32_t *)aj_array_data(pivots))[i] - 1, t = row[i];
        row[i] = row[p], row[p] = t;
    }
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) {
            double sum = 0;
            for (int64_t k = 0; k <= (i < j ? i : j); k++)
                sum += (k == i ? 1 : element(lu, i * n + k)) * element(lu, k * n + j);
            double d = sum - element(a, row[i] * n + j);
            worst = d > worst ? d : -d > worst ? -d : worst;
        }
    free(row);
    return worst;
}

/* max |A X - B| for X solving A X = B (left) or X A = B (right) with A's
 * lower triangle (n x n), B n x k (left) or k x n (right). */
static double solve_residual(const aj_array *a, const aj_array *b, const aj_array *x, int64_t n, int64_t k, bool left) {
    double worst = 0;
    for (int64_t i = 0; i < (left ? n : k); i++)
        for (int64_t j = 0; j < (left ? k : n); j++) {
            double sum = 0;
            if (left)
                for (int64_t l = 0; l <= i; l++) sum += element(a, i * n + l) * element(x, l * k + j);
            else
                for (int64_t l = j; l < n; l++) sum += element(x, i * n + l) * element(a, l * n + j);
            double d = sum - element(b, i * (left ? k : n) + j);
            worst = d > worst ? d : -d > worst ? -d : worst;
        }
    return worst;
}

/* Large enough that the kernels' column-major copies take a padded leading
 * dimension (rows x element a multiple of 1 KiB; 200 rows are not) and
 * BLAS's trsm its blocked path; checked by residual, not against the
 * evaluator (which runs the same kernels). 4 I added to A keeps the solves
 * well conditioned. */
TEST(large_factors_and_solves_reconstruct) {
    static const struct {
        aj_dtype t;
        const char *type;
        int64_t n;
        double tol;
    } cases[] = {{AJ_F32, "f32", 256, 5e-4}, {AJ_F64, "f64", 128, 1e-12}, {AJ_F32, "f32", 200, 5e-4}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char text[2048], name[64];
        int64_t n = cases[c].n, k = 48;
        const char *t = cases[c].type;
        snprintf(name, sizeof name, "getrf and triangular solves, %lld x %lld %s", (long long)n, (long long)n, t);
        char ta[48], tb[48], tc[48], tp[32];   /* a, b (n x k), c (k x n) and the pivots' types */
        snprintf(ta, sizeof ta, "tensor<%lldx%lldx%s>", (long long)n, (long long)n, t);
        snprintf(tb, sizeof tb, "tensor<%lldx%lldx%s>", (long long)n, (long long)k, t);
        snprintf(tc, sizeof tc, "tensor<%lldx%lldx%s>", (long long)k, (long long)n, t);
        snprintf(tp, sizeof tp, "tensor<%lldxi32>", (long long)n);
        snprintf(text, sizeof text,
                 "func.func @main(%%a: %s, %%b: %s, %%c: %s) -> (%s, %s, %s, %s) {\n"
                 "  %%lu:3 = \"arrayjit.getrf\"(%%a) : (%s) -> (%s, %s, tensor<i32>)\n"
                 "  %%x = \"stablehlo.triangular_solve\"(%%a, %%b) {left_side = true, lower = true,"
                 " unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (%s, %s) -> %s\n"
                 "  %%y = \"stablehlo.triangular_solve\"(%%a, %%c) {left_side = false, lower = true,"
                 " unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (%s, %s) -> %s\n"
                 "  func.return %%lu#0, %%lu#1, %%x, %%y : %s, %s, %s, %s\n}\n",
                 ta, tb, tc, ta, tp, tb, tc, ta, ta, tp, ta, tb, tb, ta, tc, tc, ta, tp, tb, tc);
        aj_array *in[3] = {matrix(cases[c].t, n, n, 3), matrix(cases[c].t, n, k, 4), matrix(cases[c].t, k, n, 5)},
                 *out[4] = {0};
        for (int64_t i = 0; i < n; i++) {   /* a += 4 I */
            if (cases[c].t == AJ_F32) ((float *)aj_array_data(in[0]))[i * n + i] += 4;
            else ((double *)aj_array_data(in[0]))[i * n + i] += 4;
        }
        if (run_compiled(name, text, 3, in, 4, out)) {
            double lu = lu_residual(in[0], out[0], out[1], n), x = solve_residual(in[0], in[1], out[2], n, k, true),
                   y = solve_residual(in[0], in[2], out[3], n, k, false);
            if (!(lu < cases[c].tol && x < cases[c].tol && y < cases[c].tol)) {
                fprintf(stderr, "%s: residuals |PA - LU| %g, |AX - B| %g, |XA - C| %g\n", name, lu, x, y);
                testing_failed_checks++;
            }
        }
        for (int i = 0; i < 4; i++) aj_array_destroy(out[i]);
        for (int i = 0; i < 3; i++) aj_array_destroy(in[i]);
    }
}

TEST(geev_matches) {
    expect_compiled_matches("geev: both sides, right only, neither, batched, 1 x 1, 100 x 100 (blocked)",
        "func.func @main(%a: tensor<2x6x6xf64>, %b: tensor<5x5xf32>, %c: tensor<1x1xf64>, %d: tensor<100x100xf64>)"
        " -> (tensor<2x6xf64>, tensor<2x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>,"
        " tensor<2x6x6xf64>, tensor<2xi32>, tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>,"
        " tensor<i32>, tensor<1xf64>, tensor<100xf64>, tensor<100x100xf64>) {\n"
        "  %0:7 = \"arrayjit.geev\"(%a) <{jobvl = \"V\", jobvr = \"V\"}> : (tensor<2x6x6xf64>) -> (tensor<2x6xf64>,"
        " tensor<2x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>,"
        " tensor<2xi32>)\n"
        "  %1:5 = stablehlo.custom_call @lapack_sgeev_ffi(%b)"
        " {mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}} : (tensor<5x5xf32>) ->"
        " (tensor<5xf32>, tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>, tensor<i32>)\n"
        "  %2:7 = \"arrayjit.geev\"(%c) <{jobvl = \"N\", jobvr = \"N\"}> : (tensor<1x1xf64>) -> (tensor<1xf64>,"
        " tensor<1xf64>, tensor<1x1xf64>, tensor<1x1xf64>, tensor<1x1xf64>, tensor<1x1xf64>, tensor<i32>)\n"
        "  %3:7 = \"arrayjit.geev\"(%d) <{jobvl = \"N\", jobvr = \"V\"}> : (tensor<100x100xf64>) ->"
        " (tensor<100xf64>, tensor<100xf64>, tensor<100x100xf64>, tensor<100x100xf64>, tensor<100x100xf64>,"
        " tensor<100x100xf64>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6, %1#1, %1#2, %1#3, %1#4, %2#0, %3#1, %3#5 :"
        " tensor<2x6xf64>, tensor<2x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6x6xf64>,"
        " tensor<2x6x6xf64>, tensor<2xi32>, tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>,"
        " tensor<i32>, tensor<1xf64>, tensor<100xf64>, tensor<100x100xf64>\n"
        "}\n");
}

TEST(gees_matches) {
    expect_compiled_matches("gees: with vectors and without, batched, 1 x 1, 100 x 100 (blocked)",
        "func.func @main(%a: tensor<2x6x6xf64>, %b: tensor<5x5xf32>, %c: tensor<1x1xf64>, %d: tensor<100x100xf64>)"
        " -> (tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2x6xf64>, tensor<2xi32>, tensor<2xi32>,"
        " tensor<5x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<1x1xf64>, tensor<100x100xf64>,"
        " tensor<100x100xf64>) {\n"
        "  %0:6 = stablehlo.custom_call @lapack_dgees_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}}"
        " : (tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>, tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2x6xf64>,"
        " tensor<2xi32>, tensor<2xi32>)\n"
        "  %1:6 = \"arrayjit.gees\"(%b) <{mode = \"N\"}> : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5x5xf32>,"
        " tensor<5xf32>, tensor<5xf32>, tensor<i32>, tensor<i32>)\n"
        "  %2:6 = \"arrayjit.gees\"(%c) <{mode = \"V\"}> : (tensor<1x1xf64>) -> (tensor<1x1xf64>, tensor<1x1xf64>,"
        " tensor<1xf64>, tensor<1xf64>, tensor<i32>, tensor<i32>)\n"
        "  %3:6 = \"arrayjit.gees\"(%d) <{mode = \"V\"}> : (tensor<100x100xf64>) -> (tensor<100x100xf64>,"
        " tensor<100x100xf64>, tensor<100xf64>, tensor<100xf64>, tensor<i32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %1#0, %1#1, %1#3, %2#1, %3#0, %3#1 : tensor<2x6x6xf64>,"
        " tensor<2x6x6xf64>, tensor<2x6xf64>, tensor<2x6xf64>, tensor<2xi32>, tensor<2xi32>, tensor<5x5xf32>,"
        " tensor<5x5xf32>, tensor<5xf32>, tensor<1x1xf64>, tensor<100x100xf64>, tensor<100x100xf64>\n"
        "}\n");
}

/* The complex forms of geev, gees, sytrd (hetrd) and gehrd on the parts:
 * both sides, left only, neither; Schur vectors and not; the lower and
 * upper triangle; batched, c64 and c128, 1 x 1, and sizes past LAPACK's
 * blocking (geev and gees 80, hetrd 70, gehrd 150). */
TEST(complex_eig_and_reductions_match) {
    expect_compiled_matches("complex geev (zgeev, cgeev): each side, neither, batched, 1 x 1, 80 x 80",
        "func.func @main(%ar: tensor<2x5x5xf64>, %ai: tensor<2x5x5xf64>, %br: tensor<80x80xf32>, %bi: tensor<80x80xf32>)"
        " -> (tensor<2x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x5x5xcomplex<f64>>, tensor<2xi32>, tensor<80xcomplex<f32>>, tensor<80x80xcomplex<f32>>,"
        " tensor<80x80xcomplex<f32>>, tensor<1xcomplex<f64>>, tensor<1x1xcomplex<f64>>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x5x5xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<80x80xcomplex<f32>>\n"
        "  %d = stablehlo.slice %a [1:2, 2:3, 3:4] : (tensor<2x5x5xcomplex<f64>>) -> tensor<1x1x1xcomplex<f64>>\n"
        "  %c = stablehlo.reshape %d : (tensor<1x1x1xcomplex<f64>>) -> tensor<1x1xcomplex<f64>>\n"
        "  %0:4 = stablehlo.custom_call @lapack_zgeev_ffi(%a) {mhlo.backend_config = {compute_left = 86 : ui8,"
        " compute_right = 86 : ui8}} : (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5xcomplex<f64>>,"
        " tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>, tensor<2xi32>)\n"
        "  %1:4 = stablehlo.custom_call @lapack_cgeev_ffi(%b) {mhlo.backend_config = {compute_left = 86 : ui8,"
        " compute_right = 78 : ui8}} : (tensor<80x80xcomplex<f32>>) -> (tensor<80xcomplex<f32>>,"
        " tensor<80x80xcomplex<f32>>, tensor<80x80xcomplex<f32>>, tensor<i32>)\n"
        "  %2:4 = stablehlo.custom_call @lapack_zgeev_ffi(%c) {mhlo.backend_config = {compute_left = 78 : ui8,"
        " compute_right = 78 : ui8}} : (tensor<1x1xcomplex<f64>>) -> (tensor<1xcomplex<f64>>,"
        " tensor<1x1xcomplex<f64>>, tensor<1x1xcomplex<f64>>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %1#0, %1#1, %1#2, %2#0, %2#2 : tensor<2x5xcomplex<f64>>,"
        " tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>, tensor<2xi32>, tensor<80xcomplex<f32>>,"
        " tensor<80x80xcomplex<f32>>, tensor<80x80xcomplex<f32>>, tensor<1xcomplex<f64>>, tensor<1x1xcomplex<f64>>\n"
        "}\n");
    expect_compiled_matches("complex gees (zgees, cgees): with vectors and without, batched, 80 x 80",
        "func.func @main(%ar: tensor<2x5x5xf64>, %ai: tensor<2x5x5xf64>, %br: tensor<80x80xf32>, %bi: tensor<80x80xf32>)"
        " -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2xi32>,"
        " tensor<2xi32>, tensor<80x80xcomplex<f32>>, tensor<80xcomplex<f32>>, tensor<80x80xcomplex<f32>>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x5x5xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<80x80xcomplex<f32>>\n"
        "  %0:5 = stablehlo.custom_call @lapack_zgees_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}}"
        " : (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x5xcomplex<f64>>, tensor<2xi32>, tensor<2xi32>)\n"
        "  %1:5 = stablehlo.custom_call @lapack_cgees_ffi(%b) {mhlo.backend_config = {mode = 78 : ui8, sort = 78 : ui8}}"
        " : (tensor<80x80xcomplex<f32>>) -> (tensor<80x80xcomplex<f32>>, tensor<80x80xcomplex<f32>>,"
        " tensor<80xcomplex<f32>>, tensor<i32>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %1#0, %1#2, %1#1 : tensor<2x5x5xcomplex<f64>>,"
        " tensor<2x5x5xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2xi32>, tensor<2xi32>,"
        " tensor<80x80xcomplex<f32>>, tensor<80xcomplex<f32>>, tensor<80x80xcomplex<f32>>\n"
        "}\n");
    expect_compiled_matches("complex hetrd and gehrd: lower and upper, batched, 1 x 1, 70 x 70 and 150 x 150",
        "func.func @main(%ar: tensor<2x6x6xf64>, %ai: tensor<2x6x6xf64>, %br: tensor<150x150xf32>,"
        " %bi: tensor<150x150xf32>) -> (tensor<2x6x6xcomplex<f64>>, tensor<2x6xf64>, tensor<2x5xf64>,"
        " tensor<2x5xcomplex<f64>>, tensor<2xi32>, tensor<2x6x6xcomplex<f64>>, tensor<2x5xcomplex<f64>>,"
        " tensor<70x70xcomplex<f32>>, tensor<69xf32>, tensor<69xcomplex<f32>>, tensor<150x150xcomplex<f32>>,"
        " tensor<149xcomplex<f32>>, tensor<1x1xcomplex<f64>>, tensor<1xf64>, tensor<0xcomplex<f64>>) {\n"
        "  %a = stablehlo.complex %ar, %ai : tensor<2x6x6xcomplex<f64>>\n"
        "  %b = stablehlo.complex %br, %bi : tensor<150x150xcomplex<f32>>\n"
        "  %c = stablehlo.slice %b [0:70, 0:70] : (tensor<150x150xcomplex<f32>>) -> tensor<70x70xcomplex<f32>>\n"
        "  %d = stablehlo.slice %a [0:1, 0:1, 0:1] : (tensor<2x6x6xcomplex<f64>>) -> tensor<1x1x1xcomplex<f64>>\n"
        "  %e = stablehlo.reshape %d : (tensor<1x1x1xcomplex<f64>>) -> tensor<1x1xcomplex<f64>>\n"
        "  %0:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} :"
        " (tensor<2x6x6xcomplex<f64>>) -> (tensor<2x6x6xcomplex<f64>>, tensor<2x6xf64>, tensor<2x5xf64>,"
        " tensor<2x5xcomplex<f64>>, tensor<2xi32>)\n"
        "  %1:3 = stablehlo.custom_call @lapack_zgehrd_ffi(%a) {mhlo.backend_config = {high = 5 : i32, low = 2 : i32}} :"
        " (tensor<2x6x6xcomplex<f64>>) -> (tensor<2x6x6xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2xi32>)\n"
        "  %2:5 = stablehlo.custom_call @lapack_chetrd_ffi(%c) {mhlo.backend_config = {uplo = 85 : ui8}} :"
        " (tensor<70x70xcomplex<f32>>) -> (tensor<70x70xcomplex<f32>>, tensor<70xf32>, tensor<69xf32>,"
        " tensor<69xcomplex<f32>>, tensor<i32>)\n"
        "  %3:3 = stablehlo.custom_call @lapack_cgehrd_ffi(%b) {mhlo.backend_config = {high = 150 : i32, low = 1 : i32}} :"
        " (tensor<150x150xcomplex<f32>>) -> (tensor<150x150xcomplex<f32>>, tensor<149xcomplex<f32>>, tensor<i32>)\n"
        "  %4:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%e) {mhlo.backend_config = {uplo = 76 : ui8}} :"
        " (tensor<1x1xcomplex<f64>>) -> (tensor<1x1xcomplex<f64>>, tensor<1xf64>, tensor<0xf64>,"
        " tensor<0xcomplex<f64>>, tensor<i32>)\n"
        "  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %1#0, %1#1, %2#0, %2#2, %2#3, %3#0, %3#1, %4#0, %4#1, %4#3 :"
        " tensor<2x6x6xcomplex<f64>>, tensor<2x6xf64>, tensor<2x5xf64>, tensor<2x5xcomplex<f64>>, tensor<2xi32>,"
        " tensor<2x6x6xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<70x70xcomplex<f32>>, tensor<69xf32>,"
        " tensor<69xcomplex<f32>>, tensor<150x150xcomplex<f32>>, tensor<149xcomplex<f32>>, tensor<1x1xcomplex<f64>>,"
        " tensor<1xf64>, tensor<0xcomplex<f64>>\n"
        "}\n");
}

/* gehrd reduces only rows and columns ilo..ihi: LAPACK sets tau outside
 * ilo..ihi-1 to zero (and H(ihi-1) acts on one row: its tau is zero too). */
TEST(gehrd_reads_ilo_and_ihi) {
    aj_module *m = parse("h.mlir",
        "func.func @main(%a: tensor<5x5xf64>) -> (tensor<4xf64>, tensor<4xf64>) {\n"
        "  %0:3 = \"arrayjit.gehrd\"(%a) <{ilo = 2, ihi = 4}> : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<4xf64>,"
        " tensor<i32>)\n"
        "  %1:3 = \"arrayjit.gehrd\"(%a) <{ilo = 1, ihi = 5}> : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<4xf64>,"
        " tensor<i32>)\n"
        "  func.return %0#1, %1#1 : tensor<4xf64>, tensor<4xf64>\n"
        "}\n");
    if (!m) return;
    int64_t dims[2] = {5, 5};
    aj_array *a = NULL, *out[2] = {0};
    aj_array_create(AJ_F64, 2, dims, &a);
    fill(a, 3);
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, &a, 2, out, NULL), AJ_OK);
    if (out[0]) {
        const double *part = aj_array_data(out[0]), *all = aj_array_data(out[1]);
        EXPECT(part[0] == 0.0 && part[1] != 0.0 && part[2] == 0.0 && part[3] == 0.0);
        for (int i = 0; i < 3; i++) EXPECT(all[i] != 0.0);
    }
    for (int j = 0; j < 2; j++) aj_array_destroy(out[j]);
    aj_array_destroy(a);
    aj_module_destroy(m);
}

/* Inside a while loop's body (a sub-program with its own plan): the
 * workspace is the sub-program's scratch. */
TEST(inside_a_loop_matches) {
    expect_compiled_matches("getrf and syevd in a while body",
        "func.func @main(%a: tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>) {\n"
        "  %c0 = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %w0 = stablehlo.constant dense<0.0> : tensor<5xf64>\n"
        "  %r:3 = stablehlo.while(%i = %c0, %x = %a, %w = %w0) : tensor<i32>, tensor<5x5xf64>, tensor<5xf64>\n"
        "  cond {\n"
        "    %n = stablehlo.constant dense<3> : tensor<i32>\n"
        "    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %p : tensor<i1>\n"
        "  } do {\n"
        "    %one = stablehlo.constant dense<1> : tensor<i32>\n"
        "    %j = stablehlo.add %i, %one : tensor<i32>\n"
        "    %f:3 = \"arrayjit.getrf\"(%x) : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xi32>, tensor<i32>)\n"
        "    %e:3 = \"arrayjit.syevd\"(%f#0) <{mode = \"V\", lower = true}> : (tensor<5x5xf64>) -> (tensor<5x5xf64>,"
        " tensor<5xf64>, tensor<i32>)\n"
        "    %v = stablehlo.add %e#0, %x : tensor<5x5xf64>\n"
        "    stablehlo.return %j, %v, %e#1 : tensor<i32>, tensor<5x5xf64>, tensor<5xf64>\n"
        "  }\n"
        "  func.return %r#1, %r#2 : tensor<5x5xf64>, tensor<5xf64>\n"
        "}\n");
}

/* Without vectors, the u and vt of `op` (gesdd, gesvd) are zeros (LAPACK
 * does not touch them). */
static void expect_svd_without_vectors(const char *op) {
    char text[1024];
    snprintf(text, sizeof text,
             "func.func @main(%%a: tensor<3x2xf64>) -> (tensor<2xf64>, tensor<3x3xf64>, tensor<2x2xf64>) {\n"
             "  %%0:5 = \"%s\"(%%a) <{mode = \"N\"}> : (tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<2xf64>,"
             " tensor<3x3xf64>, tensor<2x2xf64>, tensor<i32>)\n"
             "  func.return %%0#1, %%0#2, %%0#3 : tensor<2xf64>, tensor<3x3xf64>, tensor<2x2xf64>\n"
             "}\n",
             op);
    aj_module *m = parse(op, text);
    if (!m) return;
    int64_t dims[2] = {3, 2};
    aj_array *a = NULL, *out[3] = {0};
    aj_array_create(AJ_F64, 2, dims, &a);
    double *x = aj_array_data(a);
    x[0] = 3, x[1] = 0, x[2] = 0, x[3] = 4, x[4] = 0, x[5] = 0;   /* singular values 4, 3 */
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, &a, 3, out, NULL), AJ_OK);
    if (out[0]) {
        const double *s = aj_array_data(out[0]);
        EXPECT(s[0] == 4.0 && s[1] == 3.0);
        const double *u = aj_array_data(out[1]), *vt = aj_array_data(out[2]);
        for (int i = 0; i < 9; i++) EXPECT(u[i] == 0.0);
        for (int i = 0; i < 4; i++) EXPECT(vt[i] == 0.0);
    }
    for (int j = 0; j < 3; j++) aj_array_destroy(out[j]);
    aj_array_destroy(a);
    aj_module_destroy(m);
}

TEST(svd_without_vectors_gives_zeros) {
    expect_svd_without_vectors("arrayjit.gesdd");
    expect_svd_without_vectors("arrayjit.gesvd");
}

/* The workspace is planned: the arena of a lone getrf of 7 x 5 f64
 * matrices is the column-major copy of one (280 bytes, aligned), and a
 * batch of 100 takes no more. */
TEST(workspace_is_planned_scratch) {
    aj_module *m = parse("w.mlir",
        "func.func @main(%a: tensor<100x7x5xf64>) -> (tensor<100x7x5xf64>, tensor<100x5xi32>, tensor<100xi32>) {\n"
        "  %0:3 = \"arrayjit.getrf\"(%a) : (tensor<100x7x5xf64>) -> (tensor<100x7x5xf64>, tensor<100x5xi32>,"
        " tensor<100xi32>)\n"
        "  func.return %0#0, %0#1, %0#2 : tensor<100x7x5xf64>, tensor<100x5xi32>, tensor<100xi32>\n"
        "}\n");
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    aj_memory_stats st = {0};
    if (m && !aj_compile(m, "main", &o, &e) && !aj_executable_memory(e, &st)) {
        EXPECT(st.temp_bytes >= 280 && st.temp_bytes < 280 + 128);
        EXPECT_EQ_INT(st.arena_allocated_bytes, st.temp_bytes);
    } else {
        fprintf(stderr, "workspace: %s\n", aj_last_error());
        testing_failed_checks++;
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

/* geev's and gees's workspace (ours, not a query's: lapack_kernels.h) is at
 * least the optimal size LAPACK's workspace query asks for, in each job and
 * up to sizes where its QR iteration blocks; so are the complex forms',
 * and hetrd's and the complex gehrd's. */
TEST(eig_workspace_covers_the_query) {
    const aj_lapack *L = lapack_routines(NULL, 0);
    EXPECT(L != NULL);
    for (int64_t n = 1; L && n <= 3000; n += n < 100 ? 1 : n) {
        int in = (int)n, q = -1, info = 0, sdim = 0;
        double best = 0, x = 0;
        for (int job = 0; job < 2; job++) {
            char j = job ? 'V' : 'N', no = 'N';
            L->dgeev(&j, &j, &in, &x, &in, &x, &x, &x, &in, &x, &in, &best, &q, &info, 1, 1);
            EXPECT_EQ_INT(info, 0);
            EXPECT((double)aj_lapack_space_of(AJ_LAPACK_GEEV, 8, n, n, 0, 0, 0).lwork >= best);
            L->dgees(&j, &no, NULL, &in, &x, &in, &sdim, &x, &x, &x, &in, &best, &q, NULL, &info, 1, 1);
            EXPECT_EQ_INT(info, 0);
            EXPECT((double)aj_lapack_space_of(AJ_LAPACK_GEES, 8, n, n, j, 0, 0).lwork >= best);
            double z[2] = {0, 0}, zbest[2] = {0, 0}, rw[2] = {0, 0};   /* complex: one element, and rwork */
            L->zgeev(&j, &j, &in, z, &in, z, z, &in, z, &in, zbest, &q, rw, &info, 1, 1);
            EXPECT_EQ_INT(info, 0);
            EXPECT((double)aj_lapack_space_of(AJ_LAPACK_CGEEV, 16, n, n, 0, 0, 0).lwork >= zbest[0]);
            L->zgees(&j, &no, NULL, &in, z, &in, &sdim, z, z, &in, zbest, &q, rw, NULL, &info, 1, 1);
            EXPECT_EQ_INT(info, 0);
            EXPECT((double)aj_lapack_space_of(AJ_LAPACK_CGEES, 16, n, n, j, 0, 0).lwork >= zbest[0]);
        }
        double z[2] = {0, 0}, zbest[2] = {0, 0};   /* hetrd and gehrd, as jaxlib queries them */
        int one = 1;
        char lower = 'L';
        L->zhetrd(&lower, &in, z, &in, &x, &x, z, zbest, &q, &info, 1);
        EXPECT_EQ_INT(info, 0);
        EXPECT((double)aj_lapack_space_of(AJ_LAPACK_HETRD, 16, n, n, 0, 0, 0).lwork >= zbest[0]);
        L->zgehrd(&in, &one, &in, z, &in, z, zbest, &q, &info);
        EXPECT_EQ_INT(info, 0);
        EXPECT((double)aj_lapack_space_of(AJ_LAPACK_CGEHRD, 16, n, n, 0, 0, 0).lwork >= zbest[0]);
    }
}

/* The factored matrix is written over its operand when that dies there,
 * as jaxlib's kernels alias them: a temporary (x * 2) holds its LU, and a
 * donated argument holds the eigenvectors. */
TEST(factors_in_place) {
    static const char text[] =
        "func.func @main(%a: tensor<4x16x16xf64>, %s: tensor<4x16x16xf64> {jax.buffer_donor = true}) ->"
        " (tensor<4x16x16xf64>, tensor<4x16x16xf64>, tensor<4x16xf64>) {\n"
        "  %two = stablehlo.constant dense<2.0> : tensor<4x16x16xf64>\n"
        "  %x = stablehlo.multiply %a, %two : tensor<4x16x16xf64>\n"
        "  %f:3 = \"arrayjit.getrf\"(%x) : (tensor<4x16x16xf64>) -> (tensor<4x16x16xf64>, tensor<4x16xi32>,"
        " tensor<4xi32>)\n"
        "  %y = stablehlo.add %f#0, %two : tensor<4x16x16xf64>\n"
        "  %e:3 = \"arrayjit.syevd\"(%s) <{mode = \"V\", lower = true}> : (tensor<4x16x16xf64>) ->"
        " (tensor<4x16x16xf64>, tensor<4x16xf64>, tensor<4xi32>)\n"
        "  func.return %y, %e#0, %e#1 : tensor<4x16x16xf64>, tensor<4x16x16xf64>, tensor<4x16xf64>\n"
        "}\n";
    expect_compiled_matches("getrf over a temporary, syevd over a donated argument", text);
    aj_module *m = parse("p.mlir", text);
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    aj_memory_stats st = {0};
    if (m && !aj_compile(m, "main", &o, &e) && !aj_executable_memory(e, &st)) {
        /* x (its LU over it), ipiv and info, and the workspace: not a second 8 KiB matrix */
        EXPECT(st.temp_bytes < 2 * 4 * 16 * 16 * 8);
        EXPECT_EQ_INT(st.alias_bytes, 4 * 16 * 16 * 8);   /* v in s's buffer */
    } else {
        fprintf(stderr, "in place: %s\n", aj_last_error());
        testing_failed_checks++;
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

/* Printing a module with the ops and parsing that back prints the same. */
static char *printed(aj_module *m) {
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) return NULL;
    aj_module_print(m, f);
    fclose(f);
    return text;
}

TEST(programs_print_back_the_same) {
    static const char *const files[] = {"lu", "qr", "eigh", "svd", "svd_qr", "tridiagonal", "hessenberg", "eig", "schur",
                                        "complex_svd"};
    const char *root = getenv("AJ_TEST_DATA");
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/programs/custom_calls/%s.mlir", root ? root : "tests", files[i]);
        size_t len;
        char *text = testing_read_file(path, &len), *first = NULL, *second = NULL;
        aj_module *m = NULL, *again = NULL;
        EXPECT(text != NULL);
        if (text && !aj_module_parse(text, len, path, &m) && (first = printed(m)) &&
            !aj_module_parse(first, strlen(first), "b.mlir", &again))
            second = printed(again);
        if (!second || strcmp(first, second) != 0 || !strstr(first, "\"arrayjit.")) {
            fprintf(stderr, "%s does not print back the same: %s\n", path, aj_last_error());
            testing_failed_checks++;
        }
        free(first);
        free(second);
        free(text);
        aj_module_destroy(m);
        aj_module_destroy(again);
    }
}

static const char getrf_text[] =
    "func.func @main(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {\n"
    "  %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>,"
    " tensor<i32>)\n"
    "  func.return %0#0 : tensor<3x3xf64>\n"
    "}\n";

/* Runs getrf_text's @main evaluated and compiled: both AJ_OK, or both
 * AJ_ERR_UNSUPPORTED naming the op (evaluator) and the library. */
static void expect_getrf(aj_module *m, bool available, const char *library) {
    int64_t dims[2] = {3, 3};
    aj_array *a = NULL, *out = NULL;
    aj_array_create(AJ_F64, 2, dims, &a);
    fill(a, 5);
    aj_status st = aj_module_eval(m, "main", 1, &a, 1, &out, NULL);
    EXPECT_EQ_INT(st, available ? AJ_OK : AJ_ERR_UNSUPPORTED);
    if (!available) {
        EXPECT_CONTAINS(aj_last_error(), "arrayjit.getrf");
        EXPECT_CONTAINS(aj_last_error(), library);
        EXPECT_CONTAINS(aj_last_error(), "apt-get install liblapack3");
    }
    aj_array_destroy(out);
    aj_compile_options o = {.strict_order = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    st = aj_compile(m, "main", &o, &e);
    EXPECT_EQ_INT(st, available ? AJ_OK : AJ_ERR_UNSUPPORTED);
    if (!available) {
        EXPECT_CONTAINS(aj_last_error(), "getrf");
        EXPECT_CONTAINS(aj_last_error(), library);
    }
    if (e) {
        out = NULL;
        EXPECT_EQ_INT(aj_executable_run(e, 1, &a, 1, &out), AJ_OK);
        aj_array_destroy(out);
    }
    aj_executable_destroy(e);
    aj_array_destroy(a);
}

/* The type rules refuse what the routines cannot take, at the op: */
TEST(type_rules_refuse_malformed_ops) {
    static const struct {
        const char *op, *message;
    } cases[] = {
        /* gehrd's range outside 1 <= ilo <= ihi <= N */
        {"%r:3 = \"arrayjit.gehrd\"(%a) <{ilo = 3, ihi = 2}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>,"
         " tensor<i32>)", "'arrayjit.gehrd' op expected 1 <= ilo <= ihi <= N = 3, got ilo = 3 and ihi = 2"},
        {"%r:3 = \"arrayjit.gehrd\"(%a) <{ilo = 1, ihi = 4}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>,"
         " tensor<i32>)", "got ilo = 1 and ihi = 4"},
        /* sytrd's e is N - 1 long */
        {"%r:5 = \"arrayjit.sytrd\"(%a) <{lower = true}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>,"
         " tensor<3xf32>, tensor<2xf32>, tensor<i32>)", "'arrayjit.sytrd' op result 2: expected tensor<2xf32>"},
        /* no 0 x 0 reductions (their tau would be -1 long) */
        {"%r:5 = \"arrayjit.sytrd\"(%z) <{lower = true}> : (tensor<0x0xf32>) -> (tensor<0x0xf32>, tensor<0xf32>,"
         " tensor<0xf32>, tensor<0xf32>, tensor<i32>)", "expected square matrices [..., N, N] with N >= 1"},
        {"%r:3 = \"arrayjit.gehrd\"(%b) <{ilo = 1, ihi = 2}> : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>,"
         " tensor<i32>)", "expected square matrices [..., N, N] with N >= 1, got tensor<2x3xf32>"},
        /* geev's jobs are V or N; its eigenvalues are N long */
        {"%r:7 = \"arrayjit.geev\"(%a) <{jobvl = \"V\", jobvr = \"X\"}> : (tensor<3x3xf32>) -> (tensor<3xf32>,"
         " tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "'arrayjit.geev' op expected jobvl and jobvr each 'V' or 'N'"},
        {"%r:7 = \"arrayjit.geev\"(%b) <{jobvl = \"V\", jobvr = \"V\"}> : (tensor<2x3xf32>) -> (tensor<2xf32>,"
         " tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>)",
         "expected square matrices [..., N, N], got tensor<2x3xf32>"},
        {"%r:7 = \"arrayjit.geev\"(%a) <{jobvl = \"V\", jobvr = \"V\"}> : (tensor<3x3xf32>) -> (tensor<2xf32>,"
         " tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "'arrayjit.geev' op result 0: expected tensor<3xf32>"},
        {"%r:6 = \"arrayjit.gees\"(%a) <{mode = \"S\"}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>,"
         " tensor<3xf32>, tensor<3xf32>, tensor<i32>, tensor<i32>)", "'arrayjit.gees' op expected jobvs 'V' or 'N'"},
        {"%r:6 = \"arrayjit.gees\"(%a) <{mode = \"V\"}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>,"
         " tensor<3xf32>, tensor<3xf32>, tensor<i32>, tensor<3xi32>)", "'arrayjit.gees' op result 5: expected tensor<i32>"},
        {"%r:5 = \"arrayjit.gesvd\"(%a) <{mode = \"X\"}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>,"
         " tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)", "'arrayjit.gesvd' op mode must be A, S or N"},
        /* a complex matrix is two parts of one type */
        {"%r:7 = \"arrayjit.geev\"(%a, %a, %a) <{jobvl = \"V\", jobvr = \"V\"}> : (tensor<3x3xf32>, tensor<3x3xf32>,"
         " tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>,"
         " tensor<3x3xf32>, tensor<i32>)", "'arrayjit.geev' op expected 1 operand (or 2: a complex matrix's parts), got 3"},
        {"%r:8 = \"arrayjit.gees\"(%a, %b) <{mode = \"V\"}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> (tensor<3x3xf32>,"
         " tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<i32>, tensor<i32>)",
         "'arrayjit.gees' op operand 1"},
        {"%r:7 = \"arrayjit.sytrd\"(%a, %a) <{lower = true}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>,"
         " tensor<3x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<i32>)",
         "'arrayjit.sytrd' op result 4: expected tensor<2xf32>"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%a: tensor<3x3xf32>, %%z: tensor<0x0xf32>, %%b: tensor<2x3xf32>) {\n  %s\n"
                 "  return\n}\n", cases[i].op);
        aj_module *m = NULL;
        EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_ERR_INVALID);
        EXPECT_CONTAINS(aj_last_error(), cases[i].message);
        EXPECT_CONTAINS(aj_last_error(), "t.mlir:2:");
        aj_module_destroy(m);
    }
}

/* A machine without LAPACK: the ops fail, naming it; nothing crashes. */
TEST(without_lapack_the_ops_say_so) {
    aj_module *m = parse("g.mlir", getrf_text);
    if (!m) return;
    expect_getrf(m, true, LAPACK_LIBRARY);   /* compiled once: the disk cache has it */
    lapack_use_library("liblapack-missing.so.3");
    expect_getrf(m, false, "liblapack-missing.so.3");
    lapack_use_library(NULL);
    expect_getrf(m, true, LAPACK_LIBRARY);
    aj_module_destroy(m);
}

/* No derivative rule: the gradient names the op. */
TEST(gradient_names_the_op) {
    aj_module *m = parse("d.mlir",
        "func.func @f(%a: tensor<3x3xf32>) -> tensor<f32> {\n"
        "  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>,"
        " tensor<i32>)\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%0#0 init: %z) applies stablehlo.add across dimensions = [0, 1] :"
        " (tensor<3x3xf32>, tensor<f32>) -> tensor<f32>\n"
        "  func.return %s : tensor<f32>\n"
        "}\n");
    if (!m) return;
    int wrt = 0;
    EXPECT_EQ_INT(aj_grad(m, "f", 1, &wrt, "df"), AJ_ERR_UNSUPPORTED);
    EXPECT_CONTAINS(aj_last_error(), "arrayjit.getrf");
    aj_module_destroy(m);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    if (!lapack_available()) {
        printf("skipped: %s cannot be loaded\n", LAPACK_LIBRARY);
        rmdir(cache_dir);
        return 77;
    }
    RUN(getrf_matches);
    RUN(geqrf_orgqr_match);
    RUN(syevd_matches);
    RUN(gesdd_matches);
    RUN(gesvd_matches);
    RUN(gesvd_is_not_gesdd);
    RUN(complex_svd_matches);
    RUN(sytrd_gehrd_match);
    RUN(gehrd_reads_ilo_and_ihi);
    RUN(cholesky_triangular_solve_match);
    RUN(large_factors_and_solves_reconstruct);
    RUN(geev_matches);
    RUN(gees_matches);
    RUN(complex_eig_and_reductions_match);
    RUN(inside_a_loop_matches);
    RUN(svd_without_vectors_gives_zeros);
    RUN(workspace_is_planned_scratch);
    RUN(eig_workspace_covers_the_query);
    RUN(factors_in_place);
    RUN(programs_print_back_the_same);
    RUN(without_lapack_the_ops_say_so);
    RUN(gradient_names_the_op);
    RUN(type_rules_refuse_malformed_ops);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
