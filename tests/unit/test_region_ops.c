/* Tests of the tier-2 ops with regions and windows (while, if, case, map,
 * sort, reduce_window, select_and_scatter, convolution) and of the linear
 * algebra ops (triangular_solve, cholesky) in the evaluator. Each program
 * holds its expected values as checks, worked out by hand in the comments;
 * a test parses it, verifies it, evaluates it and expects every check to
 * pass, and the printed module must parse back and print the same. Then:
 * the verifier names what is wrong in malformed ops, a wrong expectation
 * fails, and failing allocations leak nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "front/front.h"
#include "ir/ir.h"
#include "program_fixture.h"
#include "testing.h"
#include "util/mem.h"

/* The module printed to a fresh string (free with free()). */
static char *printed(const ir_module *m) {
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    ir_print_module(f, m);
    fclose(f);
    return s;
}

/* Parses, verifies and evaluates text; expects n_checks checks, all
 * passing. The printed module must parse back and print the same. */
static void expect_checks_pass(const char *text, int n_checks) {
    ir_module *m = pf_parse(text);
    if (!m) return;
    pf_run r;
    pf_eval(m, NULL, 0, &r);
    if (r.rc != DIAG_OK) fprintf(stderr, "eval: %s\n", r.d.msg);
    EXPECT_EQ_INT(r.rc, DIAG_OK);
    EXPECT_EQ_INT(r.checks.nchecks, n_checks);
    if (r.checks.nfailed) fprintf(stderr, "first failure: %s\n", r.checks.first_failure);
    EXPECT_EQ_INT(r.checks.nfailed, 0);
    pf_release(&r);
    char *first = printed(m);
    ir_module *again = pf_parse(first);
    if (again) {
        char *second = printed(again);
        EXPECT(strcmp(first, second) == 0);
        free(second);
        ir_module_free(again);
    }
    free(first);
    ir_module_free(m);
}

/* ---- control flow ----------------------------------------------------------- */

/* sum of 1..10 with a loop-carried counter, reading %ten and %one from
 * outside the regions; and a tensor carried through three doublings. */
static const char *while_text =
    "func.func @main() {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %ten = stablehlo.constant dense<10> : tensor<i32>\n"
    "  %i, %sum = stablehlo.while(%a = %zero, %b = %zero) : tensor<i32>, tensor<i32>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %a, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %n = stablehlo.add %a, %one : tensor<i32>\n"
    "    %s = stablehlo.add %b, %n : tensor<i32>\n"
    "    stablehlo.return %n, %s : tensor<i32>, tensor<i32>\n"
    "  }\n"
    "  check.expect_eq_const %i, dense<10> : tensor<i32>\n"
    "  check.expect_eq_const %sum, dense<55> : tensor<i32>\n"
    "  %v = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>\n"
    "  %k, %w = \"stablehlo.while\"(%zero, %v) ({\n"
    "  ^bb0(%a: tensor<i32>, %x: tensor<2xf32>):\n"
    "    %three = stablehlo.constant dense<3> : tensor<i32>\n"
    "    %c = stablehlo.compare LT, %a, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  }, {\n"
    "  ^bb0(%a: tensor<i32>, %x: tensor<2xf32>):\n"
    "    %n = stablehlo.add %a, %one : tensor<i32>\n"
    "    %y = stablehlo.add %x, %x : tensor<2xf32>\n"
    "    stablehlo.return %n, %y : tensor<i32>, tensor<2xf32>\n"
    "  }) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>)\n"
    "  check.expect_eq_const %w, dense<[12.0, -16.0]> : tensor<2xf32>\n"
    "  func.return\n"
    "}\n";

TEST(while_loops) { expect_checks_pass(while_text, 3); }

/* A loop whose condition is false at once returns its operands. */
TEST(while_zero_iterations) {
    expect_checks_pass("func.func @main() {\n"
                       "  %x = stablehlo.constant dense<7> : tensor<i64>\n"
                       "  %r = stablehlo.while(%a = %x) : tensor<i64>\n"
                       "  cond {\n"
                       "    %f = stablehlo.constant dense<false> : tensor<i1>\n"
                       "    stablehlo.return %f : tensor<i1>\n"
                       "  } do {\n"
                       "    %y = stablehlo.add %a, %a : tensor<i64>\n"
                       "    stablehlo.return %y : tensor<i64>\n"
                       "  }\n"
                       "  check.expect_eq_const %r, dense<7> : tensor<i64>\n"
                       "  func.return\n"
                       "}\n",
                       1);
}

/* if takes region 0 on true; case takes the indexed branch, and the last
 * one for an index out of range (-1 or 3 of 3 branches). */
TEST(if_and_case) {
    expect_checks_pass(
        "func.func @main() {\n"
        "  %t = stablehlo.constant dense<true> : tensor<i1>\n"
        "  %f = stablehlo.constant dense<false> : tensor<i1>\n"
        "  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n"
        "  %a = \"stablehlo.if\"(%t) ({\n"
        "    %y = stablehlo.add %x, %x : tensor<2xi32>\n"
        "    stablehlo.return %y : tensor<2xi32>\n"
        "  }, {\n"
        "    stablehlo.return %x : tensor<2xi32>\n"
        "  }) : (tensor<i1>) -> tensor<2xi32>\n"
        "  check.expect_eq_const %a, dense<[2, 4]> : tensor<2xi32>\n"
        "  %b = \"stablehlo.if\"(%f) ({\n"
        "    stablehlo.return %x : tensor<2xi32>\n"
        "  }, {\n"
        "    %y = stablehlo.multiply %x, %x : tensor<2xi32>\n"
        "    stablehlo.return %y : tensor<2xi32>\n"
        "  }) : (tensor<i1>) -> tensor<2xi32>\n"
        "  check.expect_eq_const %b, dense<[1, 4]> : tensor<2xi32>\n"
        "  %i1 = stablehlo.constant dense<1> : tensor<i32>\n"
        "  %im = stablehlo.constant dense<-1> : tensor<i32>\n"
        "  %i3 = stablehlo.constant dense<3> : tensor<i32>\n"
        "  %c1 = \"stablehlo.case\"(%i1) ({\n"
        "    %k = stablehlo.constant dense<10> : tensor<i32>\n"
        "    stablehlo.return %k : tensor<i32>\n"
        "  }, {\n"
        "    %k = stablehlo.constant dense<11> : tensor<i32>\n"
        "    stablehlo.return %k : tensor<i32>\n"
        "  }, {\n"
        "    %k = stablehlo.constant dense<12> : tensor<i32>\n"
        "    stablehlo.return %k : tensor<i32>\n"
        "  }) : (tensor<i32>) -> tensor<i32>\n"
        "  check.expect_eq_const %c1, dense<11> : tensor<i32>\n"
        "  %c2 = \"stablehlo.case\"(%im) ({\n"
        "    stablehlo.return %i1 : tensor<i32>\n"
        "  }, {\n"
        "    stablehlo.return %i3 : tensor<i32>\n"
        "  }) : (tensor<i32>) -> tensor<i32>\n"
        "  check.expect_eq_const %c2, dense<3> : tensor<i32>\n"
        "  %c3 = \"stablehlo.case\"(%i3) ({\n"
        "    stablehlo.return %i1 : tensor<i32>\n"
        "  }, {\n"
        "    stablehlo.return %im : tensor<i32>\n"
        "  }) : (tensor<i32>) -> tensor<i32>\n"
        "  check.expect_eq_const %c3, dense<-1> : tensor<i32>\n"
        "  func.return\n"
        "}\n",
        5);
}

/* ---- map and sort ------------------------------------------------------------- */

/* a * b + 1 per element, and a map to another element type (a > b). */
TEST(map_elements) {
    expect_checks_pass("func.func @main() {\n"
                       "  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>\n"
                       "  %b = stablehlo.constant dense<[[5.0, 1.0], [0.5, -1.0]]> : tensor<2x2xf32>\n"
                       "  %r = \"stablehlo.map\"(%a, %b) ({\n"
                       "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                       "    %one = stablehlo.constant dense<1.0> : tensor<f32>\n"
                       "    %p = stablehlo.multiply %x, %y : tensor<f32>\n"
                       "    %s = stablehlo.add %p, %one : tensor<f32>\n"
                       "    stablehlo.return %s : tensor<f32>\n"
                       "  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>\n"
                       "  check.expect_eq_const %r, dense<[[6.0, 3.0], [2.5, -3.0]]> : tensor<2x2xf32>\n"
                       "  %g = \"stablehlo.map\"(%a, %b) ({\n"
                       "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                       "    %c = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                       "    stablehlo.return %c : tensor<i1>\n"
                       "  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xi1>\n"
                       "  check.expect_eq_const %g, dense<[[false, true], [true, true]]> : tensor<2x2xi1>\n"
                       "  func.return\n"
                       "}\n",
                       2);
}

/* keys and values sorted along dimension 1 by key, stably: the two 1s keep
 * their order (values 1 then 3); along dimension 0 with a descending
 * comparator; and the default dimension (-1, the last). */
TEST(sort_operands) {
    expect_checks_pass(
        "func.func @main() {\n"
        "  %k = stablehlo.constant dense<[[3, 1, 2, 1], [0, 0, -1, 5]]> : tensor<2x4xi32>\n"
        "  %v = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>\n"
        "  %sk, %sv = \"stablehlo.sort\"(%k, %v) ({\n"
        "  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):\n"
        "    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %lt : tensor<i1>\n"
        "  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x4xi32>, tensor<2x4xf32>) -> (tensor<2x4xi32>, tensor<2x4xf32>)\n"
        "  check.expect_eq_const %sk, dense<[[1, 1, 2, 3], [-1, 0, 0, 5]]> : tensor<2x4xi32>\n"
        "  check.expect_eq_const %sv, dense<[[1.0, 3.0, 2.0, 0.0], [6.0, 4.0, 5.0, 7.0]]> : tensor<2x4xf32>\n"
        "  %d0 = \"stablehlo.sort\"(%k) ({\n"
        "  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n"
        "    %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %gt : tensor<i1>\n"
        "  }) {dimension = 0 : i64} : (tensor<2x4xi32>) -> tensor<2x4xi32>\n"
        "  check.expect_eq_const %d0, dense<[[3, 1, 2, 5], [0, 0, -1, 1]]> : tensor<2x4xi32>\n"
        "  %dl = \"stablehlo.sort\"(%k) ({\n"
        "  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n"
        "    %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %gt : tensor<i1>\n"
        "  }) : (tensor<2x4xi32>) -> tensor<2x4xi32>\n"
        "  check.expect_eq_const %dl, dense<[[3, 2, 1, 1], [5, 0, 0, -1]]> : tensor<2x4xi32>\n"
        "  func.return\n"
        "}\n",
        4);
}

/* ---- windows ------------------------------------------------------------------ */

/* x = [1, 2, 3, 4, 5]:
 *  - window 2, stride 2, padding (1, 0): windows [0,1] [2,3] [4,5] -> 1 5 9;
 *  - base dilation 2 on [1, 2, 3]: [1 . 2 . 3], window 2 -> 1 2 2 3;
 *  - window dilation 2, window 2 (span 3): x[i] + x[i+2] -> 4 6 8;
 *  - max with init 10 over padding (0, 1): padding counts as the init value,
 *    so every window is at least 10: [1,2] [3,4] [5,pad] -> 10 10 10;
 *  - two operands (value, index) keeping the smallest value's index. */
TEST(reduce_window_forms) {
    expect_checks_pass(
        "func.func @main() {\n"
        "  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %a = \"stablehlo.reduce_window\"(%x, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,"
        " padding = dense<[[1, 0]]> : tensor<1x2xi64>}> ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %s = stablehlo.add %p, %q : tensor<i32>\n"
        "    stablehlo.return %s : tensor<i32>\n"
        "  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>\n"
        "  check.expect_eq_const %a, dense<[1, 5, 9]> : tensor<3xi32>\n"
        "  %y = stablehlo.slice %x [0:3] : (tensor<5xi32>) -> tensor<3xi32>\n"
        "  %b = \"stablehlo.reduce_window\"(%y, %z) <{window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>}> ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %s = stablehlo.add %p, %q : tensor<i32>\n"
        "    stablehlo.return %s : tensor<i32>\n"
        "  }) : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>\n"
        "  check.expect_eq_const %b, dense<[1, 2, 2, 3]> : tensor<4xi32>\n"
        "  %c = \"stablehlo.reduce_window\"(%x, %z) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>}> ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %s = stablehlo.add %p, %q : tensor<i32>\n"
        "    stablehlo.return %s : tensor<i32>\n"
        "  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>\n"
        "  check.expect_eq_const %c, dense<[4, 6, 8]> : tensor<3xi32>\n"
        "  %ten = stablehlo.constant dense<10> : tensor<i32>\n"
        "  %d = \"stablehlo.reduce_window\"(%x, %ten) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,"
        " padding = dense<[[0, 1]]> : tensor<1x2xi64>}> ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %s = stablehlo.maximum %p, %q : tensor<i32>\n"
        "    stablehlo.return %s : tensor<i32>\n"
        "  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>\n"
        "  check.expect_eq_const %d, dense<[10, 10, 10]> : tensor<3xi32>\n"
        "  %v = stablehlo.constant dense<[[4.0, 2.0, 8.0], [1.0, 9.0, 3.0]]> : tensor<2x3xf32>\n"
        "  %ix = stablehlo.iota dim = 1 : tensor<2x3xi32>\n"
        "  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
        "  %m, %mi = \"stablehlo.reduce_window\"(%v, %ix, %inf, %z) <{window_dimensions = array<i64: 1, 2>}> ({\n"
        "  ^bb0(%p: tensor<f32>, %pi: tensor<i32>, %q: tensor<f32>, %qi: tensor<i32>):\n"
        "    %le = stablehlo.compare LE, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    %s = stablehlo.select %le, %p, %q : tensor<i1>, tensor<f32>\n"
        "    %si = stablehlo.select %le, %pi, %qi : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %s, %si : tensor<f32>, tensor<i32>\n"
        "  }) : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)\n"
        "  check.expect_eq_const %m, dense<[[2.0, 2.0], [1.0, 3.0]]> : tensor<2x2xf32>\n"
        "  check.expect_eq_const %mi, dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>\n"
        "  func.return\n"
        "}\n",
        6);
}

/* Non-overlapping windows of 2 on [1, 5, 2, 4, 3, 6] pick 5, 4, 6 (indices
 * 1, 3, 5); overlapping windows (stride 1) on [1, 3, 2, 0] pick indices 1,
 * 1 (3 >= 2: the first stays), 2, so the sources 1 and 2 add up at 1. */
TEST(select_and_scatter_windows) {
    expect_checks_pass(
        "func.func @main() {\n"
        "  %x = stablehlo.constant dense<[1, 5, 2, 4, 3, 6]> : tensor<6xi32>\n"
        "  %s = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %a = \"stablehlo.select_and_scatter\"(%x, %s, %z) ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %ge = stablehlo.compare GE, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %ge : tensor<i1>\n"
        "  }, {\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %t = stablehlo.add %p, %q : tensor<i32>\n"
        "    stablehlo.return %t : tensor<i32>\n"
        "  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<6xi32>, tensor<3xi32>, tensor<i32>) -> tensor<6xi32>\n"
        "  check.expect_eq_const %a, dense<[0, 10, 0, 20, 0, 30]> : tensor<6xi32>\n"
        "  %y = stablehlo.constant dense<[1, 3, 2, 0]> : tensor<4xi32>\n"
        "  %t = stablehlo.constant dense<[1, 2, 4]> : tensor<3xi32>\n"
        "  %b = \"stablehlo.select_and_scatter\"(%y, %t, %z) ({\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %ge = stablehlo.compare GE, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %ge : tensor<i1>\n"
        "  }, {\n"
        "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
        "    %u = stablehlo.add %p, %q : tensor<i32>\n"
        "    stablehlo.return %u : tensor<i32>\n"
        "  }) {window_dimensions = array<i64: 2>} : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>\n"
        "  check.expect_eq_const %b, dense<[0, 3, 4, 0]> : tensor<4xi32>\n"
        "  func.return\n"
        "}\n",
        2);
}

/* x = [1, 2, 3, 4] (layout [b, 0, f]), kernel k = [1, 10] ([0, i, o]):
 *  plain: x[i] + 10 x[i+1] -> 21 32 43; padding (1, 1) -> 10 21 32 43 4;
 *  stride 2 -> 21 43; lhs_dilation 2 ([1 . 2 . 3 . 4]) -> 1 20 2 30 3 40;
 *  rhs_dilation 2: x[i] + 10 x[i+2] -> 31 42.
 * Groups, with two features f0 = [1, 2], f1 = [3, 4] and kernel size 1:
 *  feature_group_count 2, kernel [[2, 5]] (o0 reads f0 x 2, o1 reads f1 x 5)
 *  -> [[2, 15], [4, 20]]; batch_group_count 2 on batches b0 = [1, 2] and
 *  b1 = [3, 4] (one feature), kernel [[2, 5]]: o0 reads b0, o1 reads b1
 *  -> [[[2, 15], [4, 20]]]. */
TEST(convolution_windows_and_groups) {
    const char *conv1 = "dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f]";
    char text[8192];
    snprintf(
        text, sizeof text,
        "func.func @main() {\n"
        "  %%x = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>\n"
        "  %%k = stablehlo.constant dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>\n"
        "  %%a = stablehlo.convolution(%%x, %%k) %s, window = {} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>\n"
        "  check.expect_eq_const %%a, dense<[[[21.0], [32.0], [43.0]]]> : tensor<1x3x1xf32>\n"
        "  %%b = stablehlo.convolution(%%x, %%k) %s, window = {pad = [[1, 1]]} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x5x1xf32>\n"
        "  check.expect_eq_const %%b, dense<[[[10.0], [21.0], [32.0], [43.0], [4.0]]]> : tensor<1x5x1xf32>\n"
        "  %%c = stablehlo.convolution(%%x, %%k) %s, window = {stride = [2]} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>\n"
        "  check.expect_eq_const %%c, dense<[[[21.0], [43.0]]]> : tensor<1x2x1xf32>\n"
        "  %%d = stablehlo.convolution(%%x, %%k) %s, window = {lhs_dilate = [2]} {feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x6x1xf32>\n"
        "  check.expect_eq_const %%d, dense<[[[1.0], [20.0], [2.0], [30.0], [3.0], [40.0]]]> : tensor<1x6x1xf32>\n"
        "  %%e = stablehlo.convolution(%%x, %%k) %s, window = {rhs_dilate = [2]} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>\n"
        "  check.expect_eq_const %%e, dense<[[[31.0], [42.0]]]> : tensor<1x2x1xf32>\n"
        "  %%g = stablehlo.constant dense<[[[1.0, 3.0], [2.0, 4.0]]]> : tensor<1x2x2xf32>\n"
        "  %%gk = stablehlo.constant dense<[[[2.0, 5.0]]]> : tensor<1x1x2xf32>\n"
        "  %%f = stablehlo.convolution(%%g, %%gk) %s, window = {} {feature_group_count = 2 : i64} : (tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>\n"
        "  check.expect_eq_const %%f, dense<[[[2.0, 15.0], [4.0, 20.0]]]> : tensor<1x2x2xf32>\n"
        "  %%h = stablehlo.constant dense<[[[1.0], [2.0]], [[3.0], [4.0]]]> : tensor<2x2x1xf32>\n"
        "  %%bg = \"stablehlo.convolution\"(%%h, %%gk) <{dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,"
        " batch_group_count = 2 : i64, feature_group_count = 1 : i64}> : (tensor<2x2x1xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>\n"
        "  check.expect_eq_const %%bg, dense<[[[2.0, 15.0], [4.0, 20.0]]]> : tensor<1x2x2xf32>\n"
        "  func.return\n"
        "}\n",
        conv1, conv1, conv1, conv1, conv1, conv1);
    expect_checks_pass(text, 7);
}

/* A 2-D convolution in NCHW layout with the kernel as OIHW: one output
 * feature, two input features, a 2x2 kernel of ones on feature 0 and
 * twos on feature 1 over 3x3 inputs 0..8 and 9..17: each output is the
 * sum of a 2x2 block of feature 0 plus twice that of feature 1:
 * (0,0): 8 + 2 x 44 = 96; (0,1): 12 + 2 x 48 = 108; (1,0): 20 + 2 x 56 =
 * 132; (1,1): 24 + 2 x 60 = 144. */
TEST(convolution_2d_nchw) {
    expect_checks_pass(
        "func.func @main() {\n"
        "  %i = stablehlo.iota dim = 0 : tensor<18xf32>\n"
        "  %x = stablehlo.reshape %i : (tensor<18xf32>) -> tensor<1x2x3x3xf32>\n"
        "  %k = stablehlo.constant dense<[[[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0], [2.0, 2.0]]]]> : tensor<1x2x2x2xf32>\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {}"
        " {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>\n"
        "  check.expect_eq_const %c, dense<[[[[96.0, 108.0], [132.0, 144.0]]]]> : tensor<1x1x2x2xf32>\n"
        "  func.return\n"
        "}\n",
        1);
}

/* ---- linear algebra --------------------------------------------------------------- */

/* a = [[2, 0, 0], [1, 4, 0], [3, -1, 5]] (lower):
 *  a x = [2, 9, 16]: x = 1, (9 - 1) / 4 = 2, (16 - 3 + 2) / 5 = 3;
 *  y a = [10, 1, 15]: y2 = 15 / 5 = 3, y1 = (1 + 3) / 4 = 1, y0 = (10 - 1 - 9) / 2 = 0;
 *  a^T z = [5, 7, 15]: z2 = 3, z1 = (7 + 3) / 4 = 2.5, z0 = (5 - 2.5 - 9) / 2 = -3.25;
 *  unit diagonal: 2, 9 - 2 = 7, 16 - 6 + 7 = 17.
 * cholesky([[4, 2], [2, 5]]) = [[2, 0], [1, 2]] (and its transpose, upper). */
TEST(triangular_solve_and_cholesky) {
    expect_checks_pass(
    "func.func @main() {\n"
    "  %a = stablehlo.constant dense<[[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [3.0, -1.0, 5.0]]> : tensor<3x3xf64>\n"
    "  %b = stablehlo.constant dense<[[2.0], [9.0], [16.0]]> : tensor<3x1xf64>\n"
    "  %x = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x1xf64>) -> tensor<3x1xf64>\n"
    "  check.expect_almost_eq_const %x, dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf64>\n"
    "  %bt = stablehlo.constant dense<[[10.0, 1.0, 15.0]]> : tensor<1x3xf64>\n"
    "  %y = \"stablehlo.triangular_solve\"(%a, %bt) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<1x3xf64>) -> tensor<1x3xf64>\n"
    "  check.expect_almost_eq_const %y, dense<[[0.0, 1.0, 3.0]]> : tensor<1x3xf64>\n"
    "  %bu = stablehlo.constant dense<[[5.0], [7.0], [15.0]]> : tensor<3x1xf64>\n"
    "  %z = \"stablehlo.triangular_solve\"(%a, %bu) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x1xf64>) -> tensor<3x1xf64>\n"
    "  check.expect_almost_eq_const %z, dense<[[-3.25], [2.5], [3.0]]> : tensor<3x1xf64>\n"
    "  %u = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x1xf64>) -> tensor<3x1xf64>\n"
    "  check.expect_almost_eq_const %u, dense<[[2.0], [7.0], [17.0]]> : tensor<3x1xf64>\n"
    "  %s = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf32>\n"
    "  %l = stablehlo.cholesky %s, lower = true : tensor<2x2xf32>\n"
    "  check.expect_almost_eq_const %l, dense<[[2.0, 0.0], [1.0, 2.0]]> : tensor<2x2xf32>\n"
    "  %r = \"stablehlo.cholesky\"(%s) {lower = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  check.expect_almost_eq_const %r, dense<[[2.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf32>\n"
    "  func.return\n"
    "}\n"
        , 6);
}

/* ---- printing, verifying, failing ------------------------------------------------ */

/* Parses text; expects verification to fail with a message holding want. */
static void expect_invalid(const char *text, const char *want) {
    ir_module **mods = NULL;
    int nmods = 0;
    diag d = {0};
    int rc = front_parse("bad.mlir", text, strlen(text), &mods, &nmods, &d);
    if (rc == DIAG_OK) rc = ir_verify_module(mods[0], &d);
    EXPECT_EQ_INT(rc, DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, want);
    front_free_modules(mods, nmods);
}

TEST(verifier_names_the_problem) {
    /* the body returns an i64 for an i32 loop-carried value */
    expect_invalid("func.func @main() {\n"
                   "  %x = stablehlo.constant dense<7> : tensor<i32>\n"
                   "  %r = stablehlo.while(%a = %x) : tensor<i32>\n"
                   "  cond {\n"
                   "    %f = stablehlo.constant dense<false> : tensor<i1>\n"
                   "    stablehlo.return %f : tensor<i1>\n"
                   "  } do {\n"
                   "    %y = stablehlo.constant dense<1> : tensor<i64>\n"
                   "    stablehlo.return %y : tensor<i64>\n"
                   "  }\n"
                   "  func.return\n"
                   "}\n",
                   "region 1 result 0: expected tensor<i32>");
    /* branches that disagree */
    expect_invalid("func.func @main() {\n"
                   "  %t = stablehlo.constant dense<true> : tensor<i1>\n"
                   "  %a = stablehlo.constant dense<1> : tensor<i32>\n"
                   "  %b = stablehlo.constant dense<1.0> : tensor<f32>\n"
                   "  %r = \"stablehlo.if\"(%t) ({\n"
                   "    stablehlo.return %a : tensor<i32>\n"
                   "  }, {\n"
                   "    stablehlo.return %b : tensor<f32>\n"
                   "  }) : (tensor<i1>) -> tensor<i32>\n"
                   "  func.return\n"
                   "}\n",
                   "region 1 result 0: expected tensor<i32>");
    /* a window with the wrong number of dimensions */
    expect_invalid("func.func @main() {\n"
                   "  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n"
                   "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
                   "  %a = \"stablehlo.reduce_window\"(%x, %z) <{window_dimensions = array<i64: 2, 1>}> ({\n"
                   "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
                   "    %s = stablehlo.add %p, %q : tensor<i32>\n"
                   "    stablehlo.return %s : tensor<i32>\n"
                   "  }) : (tensor<2xi32>, tensor<i32>) -> tensor<1xi32>\n"
                   "  func.return\n"
                   "}\n",
                   "window_dimensions: expected 1 entry");
    /* a convolution whose result shape is not the window's */
    expect_invalid("func.func @main() {\n"
                   "  %x = stablehlo.constant dense<1.0> : tensor<1x4x1xf32>\n"
                   "  %k = stablehlo.constant dense<1.0> : tensor<2x1x1xf32>\n"
                   "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {}"
                   " : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x4x1xf32>\n"
                   "  func.return\n"
                   "}\n",
                   "expected tensor<1x3x1xf32>");
    /* a sort comparator that does not answer with a boolean */
    expect_invalid("func.func @main() {\n"
                   "  %x = stablehlo.constant dense<[2, 1]> : tensor<2xi32>\n"
                   "  %s = \"stablehlo.sort\"(%x) ({\n"
                   "  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n"
                   "    stablehlo.return %a : tensor<i32>\n"
                   "  }) : (tensor<2xi32>) -> tensor<2xi32>\n"
                   "  func.return\n"
                   "}\n",
                   "region 0 result 0: expected tensor<i1>");
}

/* A wrong expectation fails: the checks above can fail. */
TEST(wrong_expectation_fails) {
    ir_module *m = pf_parse("func.func @main() {\n"
                            "  %x = stablehlo.constant dense<[3, 1, 2]> : tensor<3xi32>\n"
                            "  %s = \"stablehlo.sort\"(%x) ({\n"
                            "  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n"
                            "    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                            "    stablehlo.return %lt : tensor<i1>\n"
                            "  }) : (tensor<3xi32>) -> tensor<3xi32>\n"
                            "  check.expect_eq_const %s, dense<[3, 2, 1]> : tensor<3xi32>\n"
                            "  func.return\n"
                            "}\n");
    if (!m) return;
    pf_run r;
    pf_eval(m, NULL, 0, &r);
    EXPECT_EQ_INT(r.rc, DIAG_OK);
    EXPECT_EQ_INT(r.checks.nfailed, 1);
    pf_release(&r);
    ir_module_free(m);
}

/* Every allocation of parsing and evaluating the while program fails in
 * turn: each attempt fails cleanly and nothing leaks. */
TEST(allocation_failures_leak_nothing) {
    size_t base = mem_live_bytes();
    bool finished = false;
    for (long n = 1; n < 5000 && !finished; n++) {
        ir_module **mods = NULL;
        int nmods = 0;
        diag d = {0};
        mem_fail_after(n);
        int rc = front_parse("t.mlir", while_text, strlen(while_text), &mods, &nmods, &d);
        if (rc == DIAG_OK) {
            eval_tensor out[1];
            eval_checks checks = {0};
            const ir_func *f = ir_module_entry(mods[0]);
            rc = eval_func(mods[0], f, NULL, 0, out, NULL, &checks, &d);
            finished = rc == DIAG_OK;
            if (!finished) EXPECT_EQ_INT(rc, DIAG_NOMEM);
            front_free_modules(mods, nmods);
        }
        mem_fail_after(0);
        EXPECT_EQ_INT(mem_live_bytes(), base);
    }
    EXPECT(finished);
}

int main(void) {
    RUN(while_loops);
    RUN(while_zero_iterations);
    RUN(if_and_case);
    RUN(map_elements);
    RUN(sort_operands);
    RUN(reduce_window_forms);
    RUN(select_and_scatter_windows);
    RUN(convolution_windows_and_groups);
    RUN(convolution_2d_nchw);
    RUN(triangular_solve_and_cholesky);
    RUN(verifier_names_the_problem);
    RUN(wrong_expectation_fails);
    RUN(allocation_failures_leak_nothing);
    return TESTS_DONE();
}
