/* Time limits through the public API (issue 11): a while loop that never
 * ends stops with AJ_ERR_TIMEOUT and a message naming it
 * ("loops.mlir:L:C: stablehlo.while: timed out after N s") when compiled
 * (aj_compile_options.timeout_seconds; run and run_into), evaluated
 * (aj_module_eval_with) and checked (aj_check_file, both ways); nested
 * loops stop at the inner one; no output is returned; a finite loop under
 * a limit keeps its answer; and the limit is part of the in-memory cache
 * key (executables with different limits are different executables). The
 * limits are short (0.25 s) to keep the test quick; nothing here measures
 * time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"

/* forever: its counter stays 0 (line 4); nested: a loop of 1 whose body
 * holds a loop that never ends (line 22); finite: 6! = 720. */
static const char program[] =
    "func.func @forever() -> tensor<i64> {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %ten = stablehlo.constant dense<10> : tensor<i64>\n"
    "  %n = stablehlo.while(%i = %zero) : tensor<i64>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %next = stablehlo.multiply %i, %ten : tensor<i64>\n"
    "    stablehlo.return %next : tensor<i64>\n"
    "  }\n"
    "  return %n : tensor<i64>\n"
    "}\n"
    "func.func @nested(%x: tensor<f32>) -> tensor<f32> {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %n, %y = stablehlo.while(%i = %zero, %acc = %x) : tensor<i64>, tensor<f32>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %i, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %m, %w = stablehlo.while(%j = %zero, %v = %acc) : tensor<i64>, tensor<f32>\n"
    "    cond {\n"
    "      %d = stablehlo.compare GE, %j, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "      stablehlo.return %d : tensor<i1>\n"
    "    } do {\n"
    "      %h = stablehlo.multiply %v, %v : tensor<f32>\n"
    "      stablehlo.return %j, %h : tensor<i64>, tensor<f32>\n"
    "    }\n"
    "    %next = stablehlo.add %i, %one : tensor<i64>\n"
    "    stablehlo.return %next, %w : tensor<i64>, tensor<f32>\n"
    "  }\n"
    "  return %y : tensor<f32>\n"
    "}\n"
    "func.func @finite() -> tensor<i64> {\n"
    "  %one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %six = stablehlo.constant dense<6> : tensor<i64>\n"
    "  %n, %f = stablehlo.while(%i = %one, %acc = %one) : tensor<i64>, tensor<i64>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LE, %i, %six : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %next = stablehlo.add %i, %one : tensor<i64>\n"
    "    %prod = stablehlo.multiply %acc, %i : tensor<i64>\n"
    "    stablehlo.return %next, %prod : tensor<i64>, tensor<i64>\n"
    "  }\n"
    "  return %f : tensor<i64>\n"
    "}\n";

static char cache_dir[] = "/tmp/aj_timeout_cache_XXXXXX";

#define FOREVER_AT "loops.mlir:4:3: stablehlo.while: timed out after 0.25 s"
#define NESTED_AT "loops.mlir:22:5: stablehlo.while: timed out after 0.25 s"

static aj_module *load(void) {
    aj_module *m = NULL;
    EXPECT_EQ_INT(aj_module_parse(program, strlen(program), "loops.mlir", &m), AJ_OK);
    return m;
}

/* Runs func of m compiled under a limit of `seconds` and expects `want`
 * (AJ_OK: then *out holds the result). */
static void run_compiled(aj_module *m, const char *func, double seconds, int nin, aj_array **in,
                         aj_array **out, aj_status want) {
    aj_compile_options o = {.timeout_seconds = seconds, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e = NULL;
    out[0] = NULL;
    EXPECT_EQ_INT(aj_compile(m, func, &o, &e), AJ_OK);
    if (!e) return;
    EXPECT_EQ_INT(aj_executable_run(e, nin, in, 1, out), want);
    aj_executable_destroy(e);
}

TEST(a_compiled_loop_that_never_ends_times_out) {
    aj_module *m = load();
    if (!m) return;
    aj_array *out[1];
    run_compiled(m, "forever", 0.25, 0, NULL, out, AJ_ERR_TIMEOUT);
    EXPECT_CONTAINS(aj_last_error(), FOREVER_AT);
    EXPECT(out[0] == NULL);   /* not returned */
    /* run_into: the caller's array, contents unspecified */
    aj_compile_options o = {.timeout_seconds = 0.25, .cache_dir = cache_dir, .no_memory_cache = 1};
    aj_executable *e;
    aj_array *into;
    EXPECT_EQ_INT(aj_array_create(AJ_I64, 0, NULL, &into), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "forever", &o, &e), AJ_OK);
    EXPECT_EQ_INT(aj_executable_run_into(e, 0, NULL, 1, &into), AJ_ERR_TIMEOUT);
    EXPECT_CONTAINS(aj_last_error(), FOREVER_AT);
    aj_executable_destroy(e);
    aj_array_destroy(into);
    aj_module_destroy(m);
}

TEST(an_evaluated_loop_that_never_ends_times_out) {
    aj_module *m = load();
    if (!m) return;
    aj_eval_options o = {.timeout_seconds = 0.25};
    aj_array *out[1] = {NULL};
    EXPECT_EQ_INT(aj_module_eval_with(m, "forever", 0, NULL, 1, out, NULL, &o), AJ_ERR_TIMEOUT);
    EXPECT_CONTAINS(aj_last_error(), FOREVER_AT);
    EXPECT(out[0] == NULL);
    aj_module_destroy(m);
}

/* The inner loop is running when the limit passes: it is named, and the
 * outer one stops too (the call returns). */
TEST(nested_loops_stop_naming_the_inner_one) {
    aj_module *m = load();
    if (!m) return;
    float one = 1.0f;
    aj_array *x, *out[1] = {NULL};
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 0, NULL, &one, &x), AJ_OK);
    run_compiled(m, "nested", 0.25, 1, &x, out, AJ_ERR_TIMEOUT);
    EXPECT_CONTAINS(aj_last_error(), NESTED_AT);
    aj_eval_options o = {.timeout_seconds = 0.25};
    EXPECT_EQ_INT(aj_module_eval_with(m, "nested", 1, &x, 1, out, NULL, &o), AJ_ERR_TIMEOUT);
    EXPECT_CONTAINS(aj_last_error(), NESTED_AT);
    aj_array_destroy(x);
    aj_module_destroy(m);
}

TEST(a_finite_loop_under_a_limit_keeps_its_answer) {
    aj_module *m = load();
    if (!m) return;
    aj_array *out[1];
    run_compiled(m, "finite", 30, 0, NULL, out, AJ_OK);
    if (out[0]) EXPECT_EQ_INT(*(const int64_t *)aj_array_data(out[0]), 720);
    aj_array_destroy(out[0]);
    aj_eval_options o = {.timeout_seconds = 30};
    out[0] = NULL;
    EXPECT_EQ_INT(aj_module_eval_with(m, "finite", 0, NULL, 1, out, NULL, &o), AJ_OK);
    if (out[0]) EXPECT_EQ_INT(*(const int64_t *)aj_array_data(out[0]), 720);
    aj_array_destroy(out[0]);
    aj_module_destroy(m);
}

/* Two limits, two executables: a cached one with another limit would stop
 * at the wrong time (or never). */
TEST(the_limit_is_part_of_the_cache_key) {
    aj_module *m = load();
    if (!m) return;
    aj_compile_options short_limit = {.timeout_seconds = 0.25, .cache_dir = cache_dir};
    aj_compile_options longer = {.timeout_seconds = 0.5, .cache_dir = cache_dir};
    aj_executable *a = NULL, *b = NULL, *again = NULL;
    EXPECT_EQ_INT(aj_compile(m, "forever", &short_limit, &a), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "forever", &longer, &b), AJ_OK);
    EXPECT_EQ_INT(aj_compile(m, "forever", &short_limit, &again), AJ_OK);
    EXPECT(a && b && a != b);
    EXPECT(a == again);
    aj_array *out[1];
    if (b) {
        EXPECT_EQ_INT(aj_executable_run(b, 0, NULL, 1, out), AJ_ERR_TIMEOUT);
        EXPECT_CONTAINS(aj_last_error(), "stablehlo.while: timed out after 0.5 s");
    }
    aj_executable_destroy(a);
    aj_executable_destroy(b);
    aj_executable_destroy(again);
    aj_module_destroy(m);
    aj_clear_caches(cache_dir);   /* the cache lets go of a and b */
}

/* A file for aj_check_file: forever's loop as main (line 4), then a check. */
static const char check_program[] =
    "func.func @main() {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %n = stablehlo.while(%i = %zero) : tensor<i64>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %i, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %next = stablehlo.multiply %i, %one : tensor<i64>\n"
    "    stablehlo.return %next : tensor<i64>\n"
    "  }\n"
    "  check.expect_eq_const %n, dense<1> : tensor<i64>\n"
    "  func.return\n"
    "}\n";

/* The chunk fails naming the loop, evaluated and compiled, under the
 * check's own limit or its compile options'. */
TEST(a_checked_file_whose_loop_never_ends_fails) {
    char path[] = "/tmp/aj_timeout_XXXXXX.mlir";
    int fd = mkstemps(path, 5);
    EXPECT(fd >= 0);
    if (fd < 0) return;
    size_t len = strlen(check_program);
    EXPECT_EQ_INT(write(fd, check_program, len), (long long)len);
    close(fd);
    aj_compile_options strict = {.strict_order = 1, .no_folding = 1, .timeout_seconds = 0.25,
                                 .cache_dir = cache_dir};
    for (int use_eval = 0; use_eval < 2; use_eval++) {
        aj_check_options by_compile = {.use_eval = use_eval, .compile = &strict};
        aj_check_options own = {.use_eval = use_eval, .timeout_seconds = 0.25};
        const aj_check_options *opts[2] = {&by_compile, &own};
        for (int k = 0; k < 2; k++) {
            aj_check_result r;
            EXPECT_EQ_INT(aj_check_file(path, opts[k], &r), AJ_OK);
            EXPECT_EQ_INT(r.outcome, AJ_CHECK_FAIL);
            EXPECT_CONTAINS(r.reason, ":4:3: stablehlo.while: timed out after 0.25 s");
        }
    }
    unlink(path);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    RUN(a_compiled_loop_that_never_ends_times_out);
    RUN(an_evaluated_loop_that_never_ends_times_out);
    RUN(nested_loops_stop_naming_the_inner_one);
    RUN(a_finite_loop_under_a_limit_keeps_its_answer);
    RUN(the_limit_is_part_of_the_cache_key);
    RUN(a_checked_file_whose_loop_never_ends_fails);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
