/* test_passes: the cleanup passes (src/passes).
 *
 * Every test parses a StableHLO program, runs a pass on its entry function
 * and checks three things: the pass did what it should (ops counted by
 * kind), the module still verifies, and the reference evaluator gives
 * bitwise-identical results (and the same check outcomes) before and after,
 * on inputs that include -0.0, NaN, infinities and INT_MIN.
 *
 * Then the whole sequence (inline, fold, simplify, cse, dce, and
 * extract_checks on a clone) over the tier-1 conformance files, and
 * allocation failures injected at every point of the sequence. */
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/check.h"
#include "eval/eval.h"
#include "front/front.h"
#include "passes/passes.h"
#include "testing.h"
#include "util/mem.h"

/* ---- programs ----------------------------------------------------------------------- */

typedef struct program {
    ir_module **mods;
    int nmods;
    ir_module *m;   /* mods[0] */
} program;

/* Parses text (one module) and verifies it; NULL (and a failed check) if
 * either fails. */
static ir_module *parse(const char *text, program *p) {
    diag d = {0};
    *p = (program){0};
    if (front_parse("test.mlir", text, strlen(text), &p->mods, &p->nmods, &d) != DIAG_OK) {
        fprintf(stderr, "parse failed: %s\n", d.msg);
        testing_failed_checks++;
        return NULL;
    }
    EXPECT_EQ_INT(p->nmods, 1);
    p->m = p->mods[0];
    if (ir_verify_module(p->m, &d) != DIAG_OK) {
        fprintf(stderr, "verify failed: %s\n", d.msg);
        testing_failed_checks++;
    }
    return p->m;
}

static void program_free(program *p) {
    if (p->mods) front_free_modules(p->mods, p->nmods);
    *p = (program){0};
}

static int count_in_block(const ir_block *b, ir_opcode code) {
    int n = 0;
    for (int i = 0; i < b->nops; i++) {
        n += b->ops[i]->code == code;
        for (int r = 0; r < b->ops[i]->nregions; r++) n += count_in_block(b->ops[i]->regions[r], code);
    }
    return n;
}

static int count_ops(const ir_module *m, ir_opcode code) { return count_in_block(ir_module_entry(m)->body, code); }

/* The op that defines f's returned value k. */
static const ir_op *returned_def(const ir_func *f, int k) { return f->values[f->body->ops[f->body->nops - 1]->in[k]].def; }

static int total_in_block(const ir_block *b) {
    int n = b->nops;
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i]->nregions; r++) n += total_in_block(b->ops[i]->regions[r]);
    return n;
}

/* ---- running ----------------------------------------------------------------------- */

/* Element k of a test input: special values first, then varied ones. */
static void fill_element(ir_dtype t, void *data, int64_t k) {
    static const double floats[] = {1.5, -0.0, 0.0, NAN, -INFINITY, INFINITY, -3.25, 1.0, 1e30, -1e-30, 7.0, 0.1};
    static const int64_t ints[] = {3, -1, 0, INT64_MIN, 7, 1, -8, 31, INT64_MAX, 2, -100, 5};
    size_t nf = sizeof floats / sizeof *floats, ni = sizeof ints / sizeof *ints;
    char *p = (char *)data + (size_t)k * ir_dtype_size(t);
    switch (t) {
    case IR_F32: { float x = (float)floats[k % nf]; memcpy(p, &x, 4); break; }
    case IR_F64: memcpy(p, &floats[k % nf], 8); break;
    case IR_I32: { int32_t x = ints[k % ni] == INT64_MIN ? INT32_MIN : (int32_t)ints[k % ni]; memcpy(p, &x, 4); break; }
    case IR_I64: memcpy(p, &ints[k % ni], 8); break;
    case IR_I1: *p = (char)(k % 3 == 1); break;
    default: memset(p, 0, ir_dtype_size(t)); break;
    }
}

typedef struct run_result {
    int rc, n;
    eval_tensor out[64];
    eval_checks checks;
} run_result;

/* Runs m's entry function on the test inputs for its parameters. */
static void run(const ir_module *m, run_result *r) {
    const ir_func *f = ir_module_entry(m);
    *r = (run_result){0};
    int nin = f->body->nargs;
    eval_tensor *in = calloc((size_t)nin + 1, sizeof *in);
    for (int i = 0; i < nin; i++) {
        in[i].type = f->values[f->body->args[i]].type;
        in[i].data = malloc(ir_type_bytes(&in[i].type) + 1);
        for (int64_t k = 0; k < ir_type_numel(&in[i].type); k++) fill_element(in[i].type.dtype, in[i].data, k);
    }
    diag d = {0};
    if (f->nresults > 64) r->rc = DIAG_UNSUPPORTED;
    else r->rc = eval_func(m, f, in, nin, r->out, NULL, &r->checks, &d);
    if (r->rc == DIAG_OK) r->n = f->nresults;
    for (int i = 0; i < nin; i++) free(in[i].data);
    free(in);
}

static void run_free(run_result *r) {
    for (int i = 0; i < r->n; i++) eval_tensor_free(&r->out[i]);
}

static bool same_tensor(const eval_tensor *a, const eval_tensor *b) {
    return ir_type_eq(&a->type, &b->type) && memcmp(a->data, b->data, ir_type_bytes(&a->type)) == 0;
}

/* The first n outputs equal bit for bit, and the same checks ran and
 * failed (when compare_checks). */
static bool same_results(const run_result *a, const run_result *b, int n, bool compare_checks, const char *what) {
    bool same = a->rc == b->rc;
    for (int i = 0; same && i < n; i++) same = same_tensor(&a->out[i], &b->out[i]);
    if (compare_checks)
        same = same && a->checks.nchecks == b->checks.nchecks && a->checks.nfailed == b->checks.nfailed;
    if (!same) fprintf(stderr, "%s: results differ after the passes\n", what);
    return same;
}

/* ---- applying passes ------------------------------------------------------------------ */

typedef int (*pass_fn)(ir_module *m, ir_func *f, diag *d);

static int inline_pass(ir_module *m, ir_func *f, diag *d) { return pass_inline_calls(m, f, d); }
static int fold_pass(ir_module *m, ir_func *f, diag *d) { (void)m; return pass_fold_constants(f, d); }
static int simplify_pass(ir_module *m, ir_func *f, diag *d) { (void)m; return pass_simplify(f, d); }
static int cse_pass(ir_module *m, ir_func *f, diag *d) { (void)m; return pass_cse(f, d); }
static int dce_pass(ir_module *m, ir_func *f, diag *d) { (void)m; return pass_dce(f, d); }

static int pipeline(ir_module *m, ir_func *f, diag *d) {
    static const pass_fn passes[] = {inline_pass, fold_pass, simplify_pass, cse_pass, dce_pass};
    for (size_t i = 0; i < sizeof passes / sizeof *passes; i++) {
        int rc = passes[i](m, f, d);
        if (rc) return rc;
    }
    return DIAG_OK;
}

static bool verifies(const ir_module *m, const char *what) {
    diag d = {0};
    int rc = ir_verify_module(m, &d);
    if (rc) fprintf(stderr, "%s: the module no longer verifies: %s\n", what, d.msg);
    return rc == DIAG_OK;
}

/* Parses text, applies pass to its entry function, and checks that the
 * module verifies and computes what it did before. The caller inspects
 * p->m and frees p. */
static void apply(const char *text, pass_fn pass, program *p) {
    if (!parse(text, p)) return;
    run_result before, after;
    run(p->m, &before);
    EXPECT_EQ_INT(before.rc, DIAG_OK);
    diag d = {0};
    EXPECT_EQ_INT(pass(p->m, ir_module_entry(p->m), &d), DIAG_OK);
    EXPECT(verifies(p->m, "apply"));
    run(p->m, &after);
    EXPECT(same_results(&before, &after, before.n, true, "apply"));
    run_free(&before);
    run_free(&after);
}

/* ---- inline ------------------------------------------------------------------------------ */

static const char *const NESTED_CALLS =
    "func.func private @sq(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.multiply %x, %x : tensor<4xf32>\n"
    "  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"
    "  check.expect_eq_const %c, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
    "func.func private @two(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
    "  %0 = call @sq(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %1 = call @sq(%0) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %1, %y : tensor<4xf32>, tensor<4xf32>\n"
    "}\n"
    "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
    "  %0:2 = call @two(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)\n"
    "  %1 = stablehlo.add %0#0, %0#1 : tensor<4xf32>\n"
    "  %2 = call @sq(%1) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %2, %0#1 : tensor<4xf32>, tensor<4xf32>\n"
    "}\n";

TEST(inline_flattens_nested_calls) {
    program p;
    apply(NESTED_CALLS, inline_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_CALL), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 3);
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_EQ), 3);   /* each inlined copy keeps its check */
    EXPECT_EQ_INT(p.m->nfuncs, 3);                   /* the callees stay */
    /* The inlined ops keep the callee's locations (line 2 is @sq's multiply). */
    const ir_block *body = ir_module_entry(p.m)->body;
    EXPECT_EQ_INT(body->ops[0]->code, IR_MULTIPLY);
    EXPECT_EQ_INT(body->ops[0]->loc.line, 2);
    program_free(&p);
}

TEST(inline_call_returning_its_argument) {
    static const char *text =
        "func.func private @id(%x: tensor<2xi32>) -> tensor<2xi32> {\n"
        "  return %x : tensor<2xi32>\n"
        "}\n"
        "func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {\n"
        "  %0 = call @id(%a) : (tensor<2xi32>) -> tensor<2xi32>\n"
        "  %1 = stablehlo.add %0, %0 : tensor<2xi32>\n"
        "  return %1 : tensor<2xi32>\n"
        "}\n";
    program p;
    apply(text, inline_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    EXPECT_EQ_INT(f->body->nops, 2);
    EXPECT_EQ_INT(f->body->ops[0]->in[0], f->body->args[0]);
    program_free(&p);
}

TEST(inline_call_inside_a_reducer) {
    static const char *text =
        "func.func private @plus(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {\n"
        "  %s = stablehlo.add %a, %b : tensor<f32>\n"
        "  return %s : tensor<f32>\n"
        "}\n"
        "func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
        "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
        "    %s = func.call @plus(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
        "    stablehlo.return %s : tensor<f32>\n"
        "  }\n"
        "  return %r : tensor<2xf32>\n"
        "}\n";
    program p;
    apply(text, inline_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_CALL), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_ADD), 1);
    program_free(&p);
}

/* ---- fold ----------------------------------------------------------------------------------- */

TEST(fold_evaluates_constant_chains_and_reduces) {
    static const char *text =
        "func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>, tensor<3xi1>) {\n"
        "  %a = stablehlo.constant dense<[1.0, -0.0, 0x7FC00001]> : tensor<3xf32>\n"
        "  %b = stablehlo.constant dense<[0.5, 0.0, 2.0]> : tensor<3xf32>\n"
        "  %s = stablehlo.add %a, %b : tensor<3xf32>\n"
        "  %e = stablehlo.exponential %s : tensor<3xf32>\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n"
        "  %c = stablehlo.compare GT, %e, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n"
        "  %y = stablehlo.multiply %x, %e : tensor<3xf32>\n"
        "  check.expect_eq_const %s, dense<[1.5, 0.0, 0x7FC00001]> : tensor<3xf32>\n"
        "  return %y, %r, %c : tensor<3xf32>, tensor<f32>, tensor<3xi1>\n"
        "}\n";
    program p;
    apply(text, fold_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_ADD), 0);        /* the reducer's add went with the reduce */
    EXPECT_EQ_INT(count_ops(p.m, IR_EXPONENTIAL), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_REDUCE), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_COMPARE), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 1);   /* reads a parameter */
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_EQ), 1);   /* checks are never folded */
    program_free(&p);
}

TEST(fold_folds_multi_result_reduce) {
    static const char *text =
        "func.func @main() -> (tensor<2xi32>, tensor<2xi32>) {\n"
        "  %x = stablehlo.constant dense<[[1, 5], [7, 2]]> : tensor<2x2xi32>\n"
        "  %i = stablehlo.constant dense<[[0, 1], [0, 1]]> : tensor<2x2xi32>\n"
        "  %lo = stablehlo.constant dense<-2147483648> : tensor<i32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %r:2 = stablehlo.reduce(%x init: %lo), (%i init: %z) across dimensions = [1] : (tensor<2x2xi32>, tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)\n"
        "   reducer(%a: tensor<i32>, %c: tensor<i32>) (%ai: tensor<i32>, %ci: tensor<i32>) {\n"
        "    %gt = stablehlo.compare GT, %a, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    %m = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<i32>\n"
        "    %mi = stablehlo.select %gt, %ai, %ci : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %m, %mi : tensor<i32>, tensor<i32>\n"
        "  }\n"
        "  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>\n"
        "}\n";
    program p;
    apply(text, fold_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_REDUCE), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_CONSTANT), 6);
    program_free(&p);
}

TEST(fold_leaves_large_results_broadcasts_and_iotas) {
    static const char *text =
        "func.func @main() -> (tensor<1025xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xf32>) {\n"
        "  %big = stablehlo.constant dense<1.0> : tensor<1025xf32>\n"
        "  %n = stablehlo.negate %big : tensor<1025xf32>\n"
        "  %one = stablehlo.constant dense<2.0> : tensor<f32>\n"
        "  %b = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<8xf32>\n"
        "  %i = stablehlo.iota dim = 0 : tensor<4xi32>\n"
        "  %small = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"
        "  %same = stablehlo.broadcast_in_dim %small, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %n, %b, %i, %same : tensor<1025xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xf32>\n"
        "}\n";
    program p;
    apply(text, fold_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_NEGATE), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_BROADCAST_IN_DIM), 1);   /* the expanding one stays */
    EXPECT_EQ_INT(count_ops(p.m, IR_IOTA), 1);
    program_free(&p);
}

/* ---- simplify ----------------------------------------------------------------------------- */

/* Applies simplify to text and expects `left` ops of kind `code` after. */
static void expect_simplified(const char *text, ir_opcode code, int left) {
    program p;
    apply(text, simplify_pass, &p);
    if (!p.m) return;
    int got = count_ops(p.m, code);
    if (got != left) {
        fprintf(stderr, "%s: %d left, expected %d, in\n%s\n", ir_op_name(code), got, left, text);
        testing_failed_checks++;
    }
    program_free(&p);
}

#define F4 "tensor<4xf32>"
#define I4 "tensor<4xi32>"
#define B4 "tensor<4xi1>"
#define H4 "tensor<4xf16>"
#define BH4 "tensor<4xbf16>"
#define MAIN1(T) "func.func @main(%x: " T ", %y: " T ") -> " T " {\n"
#define RET(v, T) "  return " v " : " T "\n}\n"

TEST(simplify_arithmetic_identities) {
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<1.0> : " F4 "\n"
                      "  %r = stablehlo.multiply %c, %x : " F4 "\n" RET("%r", F4), IR_MULTIPLY, 0);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<1> : " I4 "\n"
                      "  %r = stablehlo.multiply %x, %c : " I4 "\n" RET("%r", I4), IR_MULTIPLY, 0);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<1.0> : " F4 "\n"
                      "  %r = stablehlo.divide %x, %c : " F4 "\n" RET("%r", F4), IR_DIVIDE, 0);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<-0.0> : " F4 "\n"
                      "  %r = stablehlo.add %c, %x : " F4 "\n" RET("%r", F4), IR_ADD, 0);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.add %x, %c : " I4 "\n" RET("%r", I4), IR_ADD, 0);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<0.0> : " F4 "\n"
                      "  %r = stablehlo.subtract %x, %c : " F4 "\n" RET("%r", F4), IR_SUBTRACT, 0);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.subtract %x, %c : " I4 "\n" RET("%r", I4), IR_SUBTRACT, 0);
    /* A splat made by broadcasting a scalar counts too. */
    expect_simplified(MAIN1(F4) "  %s = stablehlo.constant dense<1.0> : tensor<f32>\n"
                      "  %c = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> " F4 "\n"
                      "  %r = stablehlo.multiply %x, %c : " F4 "\n" RET("%r", F4), IR_MULTIPLY, 0);
    expect_simplified(MAIN1(F4) "  %a = stablehlo.negate %x : " F4 "\n  %b = stablehlo.negate %a : " F4 "\n"
                      RET("%b", F4), IR_NEGATE, 1);
    expect_simplified(MAIN1(I4) "  %a = stablehlo.negate %x : " I4 "\n  %b = stablehlo.negate %a : " I4 "\n"
                      RET("%b", I4), IR_NEGATE, 1);
    /* 16-bit floats: their own one and -0; a bit pattern 1 is the least subnormal, not one. */
    expect_simplified(MAIN1(H4) "  %c = stablehlo.constant dense<1.0> : " H4 "\n"
                      "  %r = stablehlo.multiply %c, %x : " H4 "\n" RET("%r", H4), IR_MULTIPLY, 0);
    expect_simplified(MAIN1(H4) "  %c = stablehlo.constant dense<0x0001> : " H4 "\n"
                      "  %r = stablehlo.multiply %c, %x : " H4 "\n" RET("%r", H4), IR_MULTIPLY, 1);
    expect_simplified(MAIN1(BH4) "  %c = stablehlo.constant dense<-0.0> : " BH4 "\n"
                      "  %r = stablehlo.add %c, %x : " BH4 "\n" RET("%r", BH4), IR_ADD, 0);
    expect_simplified(MAIN1(BH4) "  %c = stablehlo.constant dense<0.0> : " BH4 "\n"
                      "  %r = stablehlo.add %c, %x : " BH4 "\n" RET("%r", BH4), IR_ADD, 1);
    expect_simplified(MAIN1(F4) "  %r = stablehlo.maximum %x, %x : " F4 "\n" RET("%r", F4), IR_MAXIMUM, 0);
    expect_simplified(MAIN1(F4) "  %r = stablehlo.minimum %x, %x : " F4 "\n" RET("%r", F4), IR_MINIMUM, 0);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.shift_left %x, %c : " I4 "\n" RET("%r", I4), IR_SHIFT_LEFT, 0);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.shift_right_arithmetic %x, %c : " I4 "\n" RET("%r", I4),
                      IR_SHIFT_RIGHT_ARITHMETIC, 0);
}

TEST(simplify_bitwise_identities) {
    expect_simplified(MAIN1(B4) "  %a = stablehlo.not %x : " B4 "\n  %b = stablehlo.not %a : " B4 "\n"
                      RET("%b", B4), IR_NOT, 1);
    expect_simplified(MAIN1(I4) "  %a = stablehlo.not %x : " I4 "\n  %b = stablehlo.not %a : " I4 "\n"
                      RET("%b", I4), IR_NOT, 1);
    expect_simplified(MAIN1(B4) "  %t = stablehlo.constant dense<true> : " B4 "\n"
                      "  %r = stablehlo.and %x, %t : " B4 "\n" RET("%r", B4), IR_AND, 0);
    expect_simplified(MAIN1(B4) "  %f = stablehlo.constant dense<false> : " B4 "\n"
                      "  %r = stablehlo.and %f, %x : " B4 "\n" RET("%r", B4), IR_AND, 0);
    expect_simplified(MAIN1(B4) "  %f = stablehlo.constant dense<false> : " B4 "\n"
                      "  %r = stablehlo.or %x, %f : " B4 "\n" RET("%r", B4), IR_OR, 0);
    expect_simplified(MAIN1(B4) "  %t = stablehlo.constant dense<true> : " B4 "\n"
                      "  %r = stablehlo.or %x, %t : " B4 "\n" RET("%r", B4), IR_OR, 0);
    expect_simplified(MAIN1(I4) "  %m = stablehlo.constant dense<-1> : " I4 "\n"
                      "  %r = stablehlo.and %x, %m : " I4 "\n" RET("%r", I4), IR_AND, 0);
    expect_simplified(MAIN1(I4) "  %z = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.xor %z, %x : " I4 "\n" RET("%r", I4), IR_XOR, 0);
    expect_simplified(MAIN1(B4) "  %r = stablehlo.or %x, %x : " B4 "\n" RET("%r", B4), IR_OR, 0);
    /* An i1 add is an or; an i1 multiply an and. */
    expect_simplified(MAIN1(B4) "  %f = stablehlo.constant dense<false> : " B4 "\n"
                      "  %r = stablehlo.add %x, %f : " B4 "\n" RET("%r", B4), IR_ADD, 0);
    expect_simplified(MAIN1(B4) "  %t = stablehlo.constant dense<true> : " B4 "\n"
                      "  %r = stablehlo.multiply %t, %x : " B4 "\n" RET("%r", B4), IR_MULTIPLY, 0);
}

TEST(simplify_select_identities) {
    static const char *head = "func.func @main(%p: " B4 ", %x: " F4 ", %y: " F4 ") -> " F4 " {\n";
    char text[1024];
    snprintf(text, sizeof text, "%s  %%t = stablehlo.constant dense<true> : tensor<i1>\n"
             "  %%r = stablehlo.select %%t, %%x, %%y : tensor<i1>, " F4 "\n" RET("%%r", F4), head);
    expect_simplified(text, IR_SELECT, 0);
    snprintf(text, sizeof text, "%s  %%f = stablehlo.constant dense<false> : " B4 "\n"
             "  %%r = stablehlo.select %%f, %%x, %%y : " B4 ", " F4 "\n" RET("%%r", F4), head);
    expect_simplified(text, IR_SELECT, 0);
    snprintf(text, sizeof text, "%s  %%r = stablehlo.select %%p, %%y, %%y : " B4 ", " F4 "\n" RET("%%r", F4), head);
    expect_simplified(text, IR_SELECT, 0);
    /* A predicate that is not a splat stays. */
    snprintf(text, sizeof text, "%s  %%m = stablehlo.constant dense<[true, false, true, true]> : " B4 "\n"
             "  %%r = stablehlo.select %%m, %%x, %%y : " B4 ", " F4 "\n" RET("%%r", F4), head);
    expect_simplified(text, IR_SELECT, 1);
}

TEST(simplify_shape_identities) {
    static const char *head = "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n";
    char text[1024];
#define T23 "tensor<2x3xf32>"
    snprintf(text, sizeof text, "%s  %%r = stablehlo.convert %%x : (" T23 ") -> " T23 "\n" RET("%%r", T23), head);
    expect_simplified(text, IR_CONVERT, 0);
    snprintf(text, sizeof text, "%s  %%r = stablehlo.reshape %%x : (" T23 ") -> " T23 "\n" RET("%%r", T23), head);
    expect_simplified(text, IR_RESHAPE, 0);
    snprintf(text, sizeof text, "%s  %%a = stablehlo.reshape %%x : (" T23 ") -> tensor<6xf32>\n"
             "  %%b = stablehlo.reshape %%a : (tensor<6xf32>) -> tensor<3x2xf32>\n"
             "  %%c = stablehlo.reshape %%b : (tensor<3x2xf32>) -> " T23 "\n" RET("%%c", T23), head);
    expect_simplified(text, IR_RESHAPE, 2);   /* %c is %x; %a and %b are left for DCE */
    snprintf(text, sizeof text, "%s  %%r = stablehlo.transpose %%x, dims = [0, 1] : (" T23 ") -> " T23 "\n"
             RET("%%r", T23), head);
    expect_simplified(text, IR_TRANSPOSE, 0);
    snprintf(text, sizeof text, "%s  %%a = stablehlo.transpose %%x, dims = [1, 0] : (" T23 ") -> tensor<3x2xf32>\n"
             "  %%b = stablehlo.transpose %%a, dims = [1, 0] : (tensor<3x2xf32>) -> " T23 "\n" RET("%%b", T23), head);
    expect_simplified(text, IR_TRANSPOSE, 1);
    snprintf(text, sizeof text, "%s  %%r = stablehlo.slice %%x [0:2, 0:3] : (" T23 ") -> " T23 "\n" RET("%%r", T23),
             head);
    expect_simplified(text, IR_SLICE, 0);
    snprintf(text, sizeof text, "%s  %%r = stablehlo.broadcast_in_dim %%x, dims = [0, 1] : (" T23 ") -> " T23 "\n"
             RET("%%r", T23), head);
    expect_simplified(text, IR_BROADCAST_IN_DIM, 0);
    snprintf(text, sizeof text, "%s  %%r = stablehlo.concatenate %%x, dim = 0 : (" T23 ") -> " T23 "\n"
             RET("%%r", T23), head);
    expect_simplified(text, IR_CONCATENATE, 0);
    /* A broadcast that permutes (same shape, other dims) is a transpose: it stays. */
    expect_simplified("func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {\n"
                      "  %r = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"
                      RET("%r", "tensor<2x2xf32>"), IR_BROADCAST_IN_DIM, 1);
    expect_simplified("func.func @main(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {\n"
                      "  %r = stablehlo.reverse %x, dims = [0] : tensor<1x3xf32>\n"
                      RET("%r", "tensor<1x3xf32>"), IR_REVERSE, 0);
}

TEST(simplify_composes_transposes_and_broadcasts) {
    static const char *text =
        "func.func @main(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) -> (tensor<4x2x3xf32>, tensor<5x3x2xf32>) {\n"
        "  %a = stablehlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>\n"
        "  %b = stablehlo.transpose %a, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>\n"
        "  %c = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>\n"
        "  %d = stablehlo.broadcast_in_dim %c, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<5x3x2xf32>\n"
        "  return %b, %d : tensor<4x2x3xf32>, tensor<5x3x2xf32>\n"
        "}\n";
    program p;
    apply(text, simplify_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    const ir_op *b = returned_def(f, 0);
    const ir_op *d = returned_def(f, 1);
    EXPECT(b->code == IR_TRANSPOSE && b->in[0] == f->body->args[0]);
    EXPECT(b->a.dims.n == 3 && b->a.dims.v[0] == 2 && b->a.dims.v[1] == 0 && b->a.dims.v[2] == 1);
    EXPECT(d->code == IR_BROADCAST_IN_DIM && d->in[0] == f->body->args[1]);
    EXPECT(d->a.dims.n == 1 && d->a.dims.v[0] == 1);
    program_free(&p);
}

/* JAX's gradient of x @ w: transpose(dot(a, b)) becomes dot(b, a); a dot
 * read twice stays (it would be computed twice). apply() checks results. */
TEST(simplify_absorbs_a_transpose_into_a_dot) {
    static const char *text =
        "func.func @main(%a: tensor<5x3xf32>, %b: tensor<5x4xf32>) -> (tensor<4x3xf32>, tensor<3x4xf32>) {\n"
        "  %d = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>\n"
        "  %t = stablehlo.transpose %d, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>\n"
        "  %e = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>\n"
        "  %u = stablehlo.transpose %e, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>\n"
        "  return %t, %e : tensor<4x3xf32>, tensor<3x4xf32>\n"
        "}\n";
    program p;
    apply(text, simplify_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    const ir_op *t = returned_def(f, 0);
    EXPECT(t->code == IR_DOT_GENERAL && t->in[0] == f->body->args[1] && t->in[1] == f->body->args[0]);
    EXPECT(t->a.lhs_contract.n == 1 && t->a.lhs_contract.v[0] == 0 && t->a.rhs_contract.v[0] == 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_TRANSPOSE), 1);   /* %u: %e has two readers */
    program_free(&p);
}

/* Attention's scores as JAX exports them: a batched dot, then a transpose
 * putting the rhs's free dims before the lhs's (a unit dim moving too):
 * the product of the swapped operands, reshaped; a transpose reordering a
 * side's free dims stays. apply() checks the results bit for bit. */
TEST(simplify_absorbs_a_transpose_of_a_batched_dot) {
    static const char *text =
        "func.func @main(%a: tensor<2x4x3xf32>, %b: tensor<2x3x5x1xf32>, %c: tensor<2x3x5x2xf32>) -> (tensor<2x1x5x4xf32>, tensor<2x2x5x4xf32>) {\n"
        "  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x3xf32>, tensor<2x3x5x1xf32>) -> tensor<2x4x5x1xf32>\n"
        "  %t = stablehlo.transpose %d, dims = [0, 3, 2, 1] : (tensor<2x4x5x1xf32>) -> tensor<2x1x5x4xf32>\n"
        "  %e = stablehlo.dot_general %a, %c, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x3xf32>, tensor<2x3x5x2xf32>) -> tensor<2x4x5x2xf32>\n"
        "  %u = stablehlo.transpose %e, dims = [0, 3, 2, 1] : (tensor<2x4x5x2xf32>) -> tensor<2x2x5x4xf32>\n"
        "  return %t, %u : tensor<2x1x5x4xf32>, tensor<2x2x5x4xf32>\n"
        "}\n";
    program p;
    apply(text, simplify_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    const ir_op *t = returned_def(f, 0);
    EXPECT(t->code == IR_RESHAPE);
    const ir_op *d = t->code == IR_RESHAPE ? f->values[t->in[0]].def : NULL;
    EXPECT(d && d->code == IR_DOT_GENERAL && d->in[0] == f->body->args[1] && d->in[1] == f->body->args[0]);
    EXPECT(d && d->a.lhs_contract.v[0] == 1 && d->a.rhs_contract.v[0] == 2 && d->a.lhs_batch.v[0] == 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_TRANSPOSE), 1);   /* %u: it swaps the rhs's free dims 5 and 2 */
    program_free(&p);
}

/* Grouped-query attention's scores: the transpose puts the query's group
 * dim before its position, an order no swap of the operands makes; the
 * query (a quarter of the scores) is transposed instead and the dot makes
 * the scores in the transpose's order. apply() checks the results bit for
 * bit. A moved side as big as the result stays as it was. */
TEST(simplify_transposes_the_smaller_operand_of_a_reordered_dot) {
    static const char *text =
        "func.func @main(%k: tensor<2x8x3xf32>, %q: tensor<2x4x2x3xf32>, %p: tensor<2x3x2xf32>) -> (tensor<2x2x4x8xf32>, tensor<2x2x4x2xf32>) {\n"
        "  %s = stablehlo.dot_general %k, %q, batching_dims = [0] x [0], contracting_dims = [2] x [3] : (tensor<2x8x3xf32>, tensor<2x4x2x3xf32>) -> tensor<2x8x4x2xf32>\n"
        "  %t = stablehlo.transpose %s, dims = [0, 3, 2, 1] : (tensor<2x8x4x2xf32>) -> tensor<2x2x4x8xf32>\n"
        "  %e = stablehlo.dot_general %p, %q, batching_dims = [0] x [0], contracting_dims = [1] x [3] : (tensor<2x3x2xf32>, tensor<2x4x2x3xf32>) -> tensor<2x2x4x2xf32>\n"
        "  %u = stablehlo.transpose %e, dims = [0, 3, 2, 1] : (tensor<2x2x4x2xf32>) -> tensor<2x2x4x2xf32>\n"
        "  return %t, %u : tensor<2x2x4x8xf32>, tensor<2x2x4x2xf32>\n"
        "}\n";
    program p;
    apply(text, simplify_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    const ir_op *d = returned_def(f, 0);
    EXPECT(d->code == IR_DOT_GENERAL && d->in[1] == f->body->args[0]);
    const ir_op *qt = d->code == IR_DOT_GENERAL ? f->values[d->in[0]].def : NULL;
    EXPECT(qt && qt->code == IR_TRANSPOSE && qt->in[0] == f->body->args[1]);
    EXPECT(qt && qt->a.dims.n == 4 && qt->a.dims.v[1] == 2 && qt->a.dims.v[2] == 1);   /* q's group dim first */
    EXPECT_EQ_INT(count_ops(p.m, IR_TRANSPOSE), 2);   /* q's, and %u's: its moved side is as big as %e */
    program_free(&p);
}

TEST(simplify_keeps_inexact_rewrites) {
    /* x + 0.0 is +0 for x = -0; x - (-0.0) likewise; x * 0 is NaN for
     * infinities; x * 1 only where the splat is exactly 1. */
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<0.0> : " F4 "\n"
                      "  %r = stablehlo.add %x, %c : " F4 "\n" RET("%r", F4), IR_ADD, 1);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<-0.0> : " F4 "\n"
                      "  %r = stablehlo.subtract %x, %c : " F4 "\n" RET("%r", F4), IR_SUBTRACT, 1);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<0.0> : " F4 "\n"
                      "  %r = stablehlo.multiply %x, %c : " F4 "\n" RET("%r", F4), IR_MULTIPLY, 1);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0000001]> : " F4 "\n"
                      "  %r = stablehlo.multiply %x, %c : " F4 "\n" RET("%r", F4), IR_MULTIPLY, 1);
    expect_simplified(MAIN1(F4) "  %c = stablehlo.constant dense<1.0> : " F4 "\n"
                      "  %r = stablehlo.divide %c, %x : " F4 "\n" RET("%r", F4), IR_DIVIDE, 1);
    expect_simplified(MAIN1(I4) "  %c = stablehlo.constant dense<0> : " I4 "\n"
                      "  %r = stablehlo.subtract %c, %x : " I4 "\n" RET("%r", I4), IR_SUBTRACT, 1);
    expect_simplified(MAIN1(F4) "  %r = stablehlo.convert %x : (" F4 ") -> tensor<4xf64>\n"
                      "  %s = stablehlo.convert %r : (tensor<4xf64>) -> " F4 "\n" RET("%s", F4), IR_CONVERT, 2);
}

/* ---- cse ----------------------------------------------------------------------------------------- */

TEST(cse_merges_equal_ops_and_constants) {
    static const char *text =
        "func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {\n"
        "  %a = stablehlo.add %x, %x : tensor<3xf32>\n"
        "  %b = stablehlo.add %x, %x : tensor<3xf32>\n"
        "  %c1 = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>\n"
        "  %c2 = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>\n"
        "  %c3 = stablehlo.constant dense<[1.0, -0.0, 2.0]> : tensor<3xf32>\n"
        "  %m1 = stablehlo.multiply %a, %c1 : tensor<3xf32>\n"
        "  %m2 = stablehlo.multiply %b, %c2 : tensor<3xf32>\n"
        "  %m3 = stablehlo.multiply %b, %c3 : tensor<3xf32>\n"
        "  check.expect_almost_eq %m1, %m2 : tensor<3xf32>\n"
        "  check.expect_almost_eq %m1, %m2 : tensor<3xf32>\n"
        "  return %m1, %m2, %m3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>\n"
        "}\n";
    program p;
    apply(text, cse_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_ADD), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_CONSTANT), 2);      /* -0.0 differs from 0.0 */
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 2);
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_ALMOST_EQ), 2);
    const ir_op *ret = ir_module_entry(p.m)->body->ops[ir_module_entry(p.m)->body->nops - 1];
    EXPECT_EQ_INT(ret->in[0], ret->in[1]);
    program_free(&p);
}

static const char *const TWO_REDUCES =
    "func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {\n"
    "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %r1 = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
    "    %k = stablehlo.constant dense<2.0> : tensor<f32>\n"
    "    %m = stablehlo.multiply %b, %k : tensor<f32>\n"
    "    %k2 = stablehlo.constant dense<2.0> : tensor<f32>\n"
    "    %m2 = stablehlo.multiply %b, %k2 : tensor<f32>\n"
    "    %d = stablehlo.subtract %m, %m2 : tensor<f32>\n"
    "    %s = stablehlo.add %a, %m : tensor<f32>\n"
    "    %t = stablehlo.add %s, %d : tensor<f32>\n"
    "    stablehlo.return %t : tensor<f32>\n"
    "  }\n"
    "  %r2 = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
    "    %k = stablehlo.constant dense<2.0> : tensor<f32>\n"
    "    %m = stablehlo.multiply %b, %k : tensor<f32>\n"
    "    %d = stablehlo.subtract %m, %m : tensor<f32>\n"
    "    %s = stablehlo.add %a, %m : tensor<f32>\n"
    "    %t = stablehlo.add %s, %d : tensor<f32>\n"
    "    stablehlo.return %t : tensor<f32>\n"
    "  }\n"
    "  %r3 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "  %r4 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "  return %r1, %r2, %r3, %r4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>\n"
    "}\n";

TEST(cse_merges_inside_regions_then_equal_regions) {
    program p;
    apply(TWO_REDUCES, cse_pass, &p);
    if (!p.m) return;
    /* Inside %r1 the second constant and multiply merge; then %r1's reducer
     * equals %r2's, so %r2 goes; %r3 (add) and %r4 (maximum) differ. */
    EXPECT_EQ_INT(count_ops(p.m, IR_REDUCE), 3);
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 1);
    const ir_func *f = ir_module_entry(p.m);
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    EXPECT_EQ_INT(ret->in[0], ret->in[1]);
    EXPECT(ret->in[2] != ret->in[0] && ret->in[3] != ret->in[2]);
    /* The reducer still reads only its own values: its constant stayed inside. */
    const ir_op *r1 = f->values[ret->in[0]].def;
    EXPECT_EQ_INT(count_in_block(r1->regions[0], IR_CONSTANT), 1);
    program_free(&p);
}

/* ---- dce ------------------------------------------------------------------------------------------- */

TEST(dce_removes_unused_ops_to_a_fixed_point) {
    static const char *text =
        "func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {\n"
        "  %dead1 = stablehlo.exponential %x : tensor<2x3xf32>\n"
        "  %dead2 = stablehlo.negate %dead1 : tensor<2x3xf32>\n"
        "  %dead3 = stablehlo.reshape %dead2 : (tensor<2x3xf32>) -> tensor<6xf32>\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %one = stablehlo.constant dense<1.0> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
        "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
        "    %unused = stablehlo.multiply %b, %one : tensor<f32>\n"
        "    %s = stablehlo.add %a, %b : tensor<f32>\n"
        "    stablehlo.return %s : tensor<f32>\n"
        "  }\n"
        "  %gone = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>\n"
        "  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
        "  check.expect_eq %c, %c : tensor<2xf32>\n"
        "  return %r : tensor<2xf32>\n"
        "}\n";
    program p;
    apply(text, dce_pass, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    /* Left: %z, %r (with its add and return), %c, the check, the return. */
    EXPECT_EQ_INT(f->body->nops, 5);
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_CONSTANT), 2);   /* %one went with its only (nested) use */
    EXPECT_EQ_INT(count_ops(p.m, IR_REDUCE), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_EQ), 1);
    program_free(&p);
}

TEST(dce_keeps_a_reduce_while_one_result_is_used) {
    static const char *text =
        "func.func @main(%x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<i32> {\n"
        "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n"
        "   reducer(%a: tensor<f32>, %c: tensor<f32>) (%ai: tensor<i32>, %ci: tensor<i32>) {\n"
        "    %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    %m = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>\n"
        "    %mi = stablehlo.select %gt, %ai, %ci : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %m, %mi : tensor<f32>, tensor<i32>\n"
        "  }\n"
        "  return %r#1 : tensor<i32>\n"
        "}\n";
    program p;
    apply(text, dce_pass, &p);
    if (!p.m) return;
    EXPECT_EQ_INT(count_ops(p.m, IR_REDUCE), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_SELECT), 2);   /* the region returns both */
    program_free(&p);
}

/* ---- extract_checks ---------------------------------------------------------------------------------- */

/* Runs m's entry function, whose last 2 * nchecks results are the pairs of
 * checks[], and counts the pairs check_compare rejects; -1 if it fails. */
static int failed_extracted(const ir_module *m, ir_op **checks, int nchecks, run_result *r) {
    run(m, r);
    if (r->rc != DIAG_OK) return -1;
    EXPECT_EQ_INT(r->checks.nchecks, 0);
    int failed = 0, first = r->n - 2 * nchecks;
    for (int i = 0; i < nchecks; i++) {
        const eval_tensor *a = &r->out[first + 2 * i], *e = &r->out[first + 2 * i + 1];
        char msg[256];
        failed += !check_compare(checks[i], &a->type, a->data, &e->type, e->data, msg, sizeof msg);
    }
    return failed;
}

static void free_checks(ir_op **checks, int nchecks) {
    for (int i = 0; i < nchecks; i++) ir_op_free(checks[i]);
    mem_free(checks);
}

TEST(extract_checks_returns_the_pairs) {
    static const char *text =
        "func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
        "  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>\n"
        "  %b = stablehlo.add %a, %a : tensor<3xf32>\n"
        "  check.expect_eq_const %b, dense<[2.0, 4.0, 6.0]> : tensor<3xf32>\n"
        "  %n = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n"
        "  check.expect_eq_const %n, dense<[1, 3]> : tensor<2xi64>\n"
        "  check.expect_almost_eq_const %b, dense<[2.00001, 4.0, 6.0]> : tensor<3xf32>\n"
        "  return %x : tensor<3xf32>\n"
        "}\n";
    program p;
    if (!parse(text, &p)) return;
    run_result before, after;
    run(p.m, &before);
    EXPECT_EQ_INT(before.checks.nchecks, 3);
    EXPECT_EQ_INT(before.checks.nfailed, 1);
    ir_func *f = ir_module_entry(p.m);
    ir_op **checks;
    int nchecks;
    diag d = {0};
    EXPECT_EQ_INT(pass_extract_checks(f, &checks, &nchecks, &d), DIAG_OK);
    EXPECT_EQ_INT(nchecks, 3);
    EXPECT_EQ_INT(f->nresults, 7);
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_EQ) + count_ops(p.m, IR_CHECK_ALMOST_EQ), 0);
    EXPECT(verifies(p.m, "extract"));
    EXPECT_EQ_INT(checks[0]->code, IR_CHECK_EQ);
    EXPECT_EQ_INT(checks[2]->code, IR_CHECK_ALMOST_EQ);
    EXPECT_EQ_INT(failed_extracted(p.m, checks, nchecks, &after), 1);
    EXPECT(same_results(&before, &after, before.n, false, "extract"));
    run_free(&before);
    run_free(&after);
    free_checks(checks, nchecks);
    program_free(&p);
}

TEST(extract_checks_without_checks_changes_nothing) {
    program p;
    if (!parse(MAIN1(F4) RET("%x", F4), &p)) return;
    ir_op **checks = (ir_op **)&p;
    int nchecks = -1;
    diag d = {0};
    EXPECT_EQ_INT(pass_extract_checks(ir_module_entry(p.m), &checks, &nchecks, &d), DIAG_OK);
    EXPECT(checks == NULL);
    EXPECT_EQ_INT(nchecks, 0);
    EXPECT_EQ_INT(ir_module_entry(p.m)->nresults, 1);
    program_free(&p);
}

/* ---- rewrite helpers ------------------------------------------------------------------------------------- */

TEST(count_and_replace_uses_see_nested_regions) {
    static const char *text =
        "func.func @main(%x: tensor<2xf32>, %y: tensor<f32>) -> (tensor<f32>, tensor<f32>) {\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>\n"
        "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
        "    %s = stablehlo.add %a, %b : tensor<f32>\n"
        "    %t = stablehlo.add %s, %y : tensor<f32>\n"
        "    stablehlo.return %t : tensor<f32>\n"
        "  }\n"
        "  return %r, %y : tensor<f32>, tensor<f32>\n"
        "}\n";
    program p;
    if (!parse(text, &p)) return;
    ir_func *f = ir_module_entry(p.m);
    ir_value_id y = f->body->args[1], z = f->body->ops[0]->out[0];
    int *uses = pass_count_uses(f);
    EXPECT_EQ_INT(uses[y], 2);   /* in the reducer and in the return */
    EXPECT_EQ_INT(uses[z], 1);
    mem_free(uses);
    pass_replace_uses(f, y, z);
    uses = pass_count_uses(f);
    EXPECT_EQ_INT(uses[y], 0);
    EXPECT_EQ_INT(uses[z], 3);
    mem_free(uses);
    EXPECT(verifies(p.m, "replace_uses"));
    program_free(&p);
}

/* ---- the whole sequence ---------------------------------------------------------------------------------- */

static const char *const EVERYTHING =
    "func.func private @scale(%x: tensor<2x3xf32>, %k: tensor<f32>) -> tensor<2x3xf32> {\n"
    "  %b = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<2x3xf32>\n"
    "  %m = stablehlo.multiply %x, %b : tensor<2x3xf32>\n"
    "  return %m : tensor<2x3xf32>\n"
    "}\n"
    "func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3x2xf32>) {\n"
    "  %one = stablehlo.constant dense<1.0> : tensor<f32>\n"
    "  %two = stablehlo.add %one, %one : tensor<f32>\n"
    "  %a = call @scale(%x, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
    "  %b = call @scale(%x, %two) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
    "  %c = call @scale(%x, %two) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
    "  %d = stablehlo.subtract %b, %c : tensor<2x3xf32>\n"
    "  %e = stablehlo.add %a, %d : tensor<2x3xf32>\n"
    "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "  %t1 = stablehlo.transpose %e, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
    "  %t2 = stablehlo.transpose %t1, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>\n"
    "  %t3 = stablehlo.transpose %t2, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
    "  %k = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xf32>\n"
    "  %h = stablehlo.multiply %k, %k : tensor<2xf32>\n"
    "  check.expect_eq_const %h, dense<[4.0, 16.0]> : tensor<2xf32>\n"
    "  return %r, %t3 : tensor<2xf32>, tensor<3x2xf32>\n"
    "}\n";

TEST(pipeline_shrinks_and_keeps_results) {
    program p;
    apply(EVERYTHING, pipeline, &p);
    if (!p.m) return;
    const ir_func *f = ir_module_entry(p.m);
    /* %x * 1 went, %b and %c merged, so %d is a subtract of equal values
     * (kept: x - x is not 0 for infinities), one transpose is left. */
    EXPECT_EQ_INT(count_ops(p.m, IR_CALL), 0);
    EXPECT_EQ_INT(count_ops(p.m, IR_MULTIPLY), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_TRANSPOSE), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_SUBTRACT), 1);
    EXPECT_EQ_INT(count_ops(p.m, IR_CHECK_EQ), 1);
    if (total_in_block(f->body) > 14) {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        ir_print_func(mem, p.m, f);
        fclose(mem);
        fprintf(stderr, "unexpectedly long after the passes:\n%s\n", text);
        free(text);
        testing_failed_checks++;
    }
    program_free(&p);
}

/* ---- failure injection ---------------------------------------------------------------------------------------- */

/* Every pass, then extract_checks, on a clone of m, with the n-th
 * allocation failing. True when all succeeded (n was past the last
 * allocation). */
static bool passes_with_failure_at(const ir_module *m, long n) {
    size_t live = mem_live_bytes();
    ir_module *c = ir_module_clone(m);
    if (!c) return false;
    ir_func *f = ir_module_entry(c);
    diag d = {0};
    ir_op **checks = NULL;
    int nchecks = 0;
    mem_fail_after(n);
    int rc = pipeline(c, f, &d);
    if (!rc) rc = pass_extract_checks(f, &checks, &nchecks, &d);
    mem_fail_after(0);
    if (rc != DIAG_OK && rc != DIAG_NOMEM) {
        fprintf(stderr, "failure at allocation %ld: code %d: %s\n", n, rc, d.msg);
        testing_failed_checks++;
    }
    if (rc == DIAG_OK) {
        EXPECT(verifies(c, "after injected failures"));
        free_checks(checks, nchecks);
    }
    ir_module_free(c);
    if (mem_live_bytes() != live) {
        fprintf(stderr, "failure at allocation %ld: leaked %zu bytes\n", n, mem_live_bytes() - live);
        testing_failed_checks++;
    }
    return rc == DIAG_OK;
}

TEST(every_allocation_failure_is_reported_and_clean) {
    static const char *extra =
        "func.func private @g(%x: tensor<2xi32>) -> tensor<2xi32> {\n"
        "  %c = stablehlo.constant dense<[1, 1]> : tensor<2xi32>\n"
        "  %m = stablehlo.multiply %x, %c : tensor<2xi32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %r = stablehlo.reduce(%c init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>\n"
        "  check.expect_eq_const %r, dense<2> : tensor<i32>\n"
        "  return %m : tensor<2xi32>\n"
        "}\n";
    const char *programs[] = {EVERYTHING, TWO_REDUCES, extra};
    const char *entries[] = {NULL, NULL, "func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {\n"
                                         "  %0 = call @g(%x) : (tensor<2xi32>) -> tensor<2xi32>\n"
                                         "  %1 = call @g(%0) : (tensor<2xi32>) -> tensor<2xi32>\n"
                                         "  return %1 : tensor<2xi32>\n}\n"};
    for (int k = 0; k < 3; k++) {
        char text[8192];
        snprintf(text, sizeof text, "%s%s", programs[k], entries[k] ? entries[k] : "");
        program p;
        if (!parse(text, &p)) continue;
        long n = 1;
        while (!passes_with_failure_at(p.m, n) && n < 100000) n++;
        printf("program %d: the passes succeed from allocation %ld on\n", k, n);
        EXPECT(n > 10);   /* the sequence allocates; the loop really injected failures */
        program_free(&p);
    }
}

/* ---- the conformance suite ---------------------------------------------------------------------------------------- */

typedef struct suite_tally {
    int files, modules, skipped, ops_before, ops_after, computing_after, checks;
} suite_tally;

/* Ops that compute something: not constants, checks or returns. */
static int computing_ops(const ir_block *b) {
    int n = 0;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        n += op->code != IR_CONSTANT && op->code != IR_RETURN && ir_op_kind_of(op->code) != IR_KIND_CHECK;
        for (int r = 0; r < op->nregions; r++) n += computing_ops(op->regions[r]);
    }
    return n;
}

/* The pipeline and extract_checks on one module: it verifies after each
 * and computes what the original computed. */
static void check_module(const char *path, int index, const ir_module *original, suite_tally *t) {
    char what[512];
    snprintf(what, sizeof what, "%.480s (module %d)", path, index);
    const ir_func *entry = ir_module_entry(original);
    if (!entry || entry->body->nargs != 0) {
        t->skipped++;
        return;
    }
    run_result want, got, extracted;
    run(original, &want);
    if (want.rc != DIAG_OK) {
        fprintf(stderr, "%s: the original does not run (code %d)\n", what, want.rc);
        testing_failed_checks++;
        return;
    }
    t->modules++;
    t->ops_before += total_in_block(entry->body);
    ir_module *m = ir_module_clone(original);
    ir_func *f = ir_module_entry(m);
    diag d = {0};
    int rc = pipeline(m, f, &d);
    if (rc) fprintf(stderr, "%s: the passes failed: %s\n", what, d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    EXPECT(verifies(m, what));
    t->ops_after += total_in_block(f->body);
    t->computing_after += computing_ops(f->body);
    run(m, &got);
    EXPECT(same_results(&want, &got, want.n, true, what));

    ir_module *x = ir_module_clone(m);
    ir_op **checks = NULL;
    int nchecks = 0;
    EXPECT_EQ_INT(pass_extract_checks(ir_module_entry(x), &checks, &nchecks, &d), DIAG_OK);
    EXPECT(verifies(x, what));
    EXPECT_EQ_INT(nchecks, want.checks.nchecks);
    int failed = failed_extracted(x, checks, nchecks, &extracted);
    if (failed != want.checks.nfailed) {
        fprintf(stderr, "%s: %d extracted checks fail, the original had %d failing\n", what, failed,
                want.checks.nfailed);
        testing_failed_checks++;
    }
    EXPECT(same_results(&want, &extracted, want.n, false, what));
    t->checks += nchecks;
    free_checks(checks, nchecks);
    run_free(&extracted);
    ir_module_free(x);
    run_free(&got);
    run_free(&want);
    ir_module_free(m);
}

/* Tier-1 files with checks that run (TIERS.tsv columns: file, tier,
 * has_check, run, ...). */
static bool wanted(char *line, char **file) {
    char *fields[4] = {0};
    char *save = NULL, *tok = strtok_r(line, "\t\n", &save);
    for (int i = 0; tok && i < 4; i++, tok = strtok_r(NULL, "\t\n", &save)) fields[i] = tok;
    if (!fields[3] || strcmp(fields[1], "1") != 0 || strcmp(fields[2], "1") != 0 || strcmp(fields[3], "disabled") == 0)
        return false;
    *file = fields[0];
    return true;
}

static void check_file(const char *path, suite_tally *t) {
    size_t len;
    char *text = testing_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", path);
        testing_failed_checks++;
        return;
    }
    ir_module **mods;
    int nmods;
    diag d = {0};
    if (front_parse(path, text, len, &mods, &nmods, &d) != DIAG_OK) {
        fprintf(stderr, "%s: does not parse: %s\n", d.msg, path);
        testing_failed_checks++;
    } else {
        t->files++;
        for (int i = 0; i < nmods; i++)
            if (ir_verify_module(mods[i], &d) == DIAG_OK) check_module(path, i, mods[i], t);
        front_free_modules(mods, nmods);
    }
    free(text);
}

TEST(pipeline_keeps_every_tier1_conformance_result) {
    char path[8192], line[8192];
    const char *dir = testing_suite_dir();
    snprintf(path, sizeof path, "%s/TIERS.tsv", dir);
    FILE *tiers = fopen(path, "r");
    if (!tiers) {
        printf("conformance suite not found at %s, skipped\n", dir);
        return;
    }
    suite_tally t = {0};
    while (fgets(line, sizeof line, tiers)) {
        char *file;
        if (!wanted(line, &file)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, file);
        check_file(path, &t);
    }
    fclose(tiers);
    printf("conformance: %d files, %d modules (%d skipped), %d checks; entry ops %d -> %d after the passes,"
           " %d of them computing (not constants, checks, returns)\n",
           t.files, t.modules, t.skipped, t.checks, t.ops_before, t.ops_after, t.computing_after);
    EXPECT(t.files > 0);
}

int main(void) {
    RUN(inline_flattens_nested_calls);
    RUN(inline_call_returning_its_argument);
    RUN(inline_call_inside_a_reducer);
    RUN(fold_evaluates_constant_chains_and_reduces);
    RUN(fold_folds_multi_result_reduce);
    RUN(fold_leaves_large_results_broadcasts_and_iotas);
    RUN(simplify_arithmetic_identities);
    RUN(simplify_bitwise_identities);
    RUN(simplify_select_identities);
    RUN(simplify_shape_identities);
    RUN(simplify_composes_transposes_and_broadcasts);
    RUN(simplify_absorbs_a_transpose_into_a_dot);
    RUN(simplify_absorbs_a_transpose_of_a_batched_dot);
    RUN(simplify_transposes_the_smaller_operand_of_a_reordered_dot);
    RUN(simplify_keeps_inexact_rewrites);
    RUN(cse_merges_equal_ops_and_constants);
    RUN(cse_merges_inside_regions_then_equal_regions);
    RUN(dce_removes_unused_ops_to_a_fixed_point);
    RUN(dce_keeps_a_reduce_while_one_result_is_used);
    RUN(extract_checks_returns_the_pairs);
    RUN(extract_checks_without_checks_changes_nothing);
    RUN(count_and_replace_uses_see_nested_regions);
    RUN(pipeline_shrinks_and_keeps_results);
    RUN(every_allocation_failure_is_reported_and_clean);
    RUN(pipeline_keeps_every_tier1_conformance_result);
    return TESTS_DONE();
}
