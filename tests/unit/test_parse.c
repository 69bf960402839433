/* test_parse: the StableHLO text front end (src/front). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "testing.h"
#include "util/mem.h"

/* ---- helpers ------------------------------------------------------------------ */

static ir_module **mods;
static int nmods;

/* Parses text that must parse; NULL (with the message printed) otherwise. */
static ir_module *parse_ok(const char *text) {
    diag d = {0};
    int rc = front_parse("t.mlir", text, strlen(text), &mods, &nmods, &d);
    if (rc != DIAG_OK) {
        fprintf(stderr, "unexpected parse error: %s\n", d.msg);
        return NULL;
    }
    return nmods > 0 ? mods[0] : NULL;
}

static void done(void) {
    front_free_modules(mods, nmods);
    mods = NULL;
    nmods = 0;
}

/* Parses text that must fail; returns the code and leaves the message in d. */
static int parse_fails(const char *text, diag *d) {
    ir_module **m = NULL;
    int n = -1;
    int rc = front_parse("t.mlir", text, strlen(text), &m, &n, d);
    EXPECT(rc != DIAG_OK);
    if (rc == DIAG_OK)
        front_free_modules(m, n);
    else
        EXPECT(m == NULL && n == 0);
    return rc;
}

/* Expects failure with the code and the exact message. */
#define EXPECT_ERROR(text, code, message)                                                                              \
    do {                                                                                                               \
        diag d_ = {0};                                                                                                 \
        EXPECT_EQ_INT(parse_fails(text, &d_), code);                                                                   \
        if (strcmp(d_.msg, message) != 0) {                                                                            \
            fprintf(stderr, "%s:%d: message \"%s\", expected \"%s\"\n", __FILE__, __LINE__, d_.msg, message);          \
            testing_failed_checks++;                                                                                   \
        }                                                                                                              \
    } while (0)

/* The printer's text of m (malloc'ed, as open_memstream gives it). */
static char *printed(const ir_module *m, size_t *n) {
    char *text = NULL;
    FILE *out = open_memstream(&text, n);
    ir_print_module(out, m);
    fclose(out);
    return text;
}

static ir_op *op_at(ir_module *m, int func, int index) { return m->funcs[func]->body->ops[index]; }

static ir_type *type_of(ir_module *m, int func, ir_value_id v) { return ir_value_type(m->funcs[func], v); }

static bool type_is(const ir_type *t, const char *spelling) {
    char buf[128];
    ir_type_str(t, buf, sizeof buf);
    if (strcmp(buf, spelling) == 0) return true;
    fprintf(stderr, "type %s, expected %s\n", buf, spelling);
    return false;
}

static bool ints_are(const ir_ints *x, int n, const int64_t *v) {
    if (x->n != n) return false;
    for (int i = 0; i < n; i++)
        if (x->v[i] != v[i]) return false;
    return true;
}
#define INTS(x, ...) ints_are(&(x), (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

static float f32_at(const ir_op *op, int i) {
    float f;
    memcpy(&f, (const char *)op->a.data + 4 * i, 4);
    return f;
}

static uint32_t bits_at(const ir_op *op, int i) {
    uint32_t u;
    memcpy(&u, (const char *)op->a.data + 4 * i, 4);
    return u;
}

/* ---- structure ------------------------------------------------------------------- */

TEST(pretty_module_with_functions_and_calls) {
    ir_module *m =
        parse_ok("module @jit_f attributes {mhlo.num_partitions = 1 : i32} {\n"
                 "  func.func public @main() -> (tensor<2xf32> {jax.result_info = \"\"}) {\n"
                 "    %0 = call @inputs() : () -> tensor<2xf32>\n"
                 "    %1 = func.call @twice(%0) : (tensor<2xf32>) -> tensor<2xf32>\n"
                 "    return %1 : tensor<2xf32>\n"
                 "  }\n"
                 "  func.func private @inputs() -> (tensor<2xf32> {mhlo.layout_mode = \"default\"}) {\n"
                 "    %cst = stablehlo.constant dense<[1.0, -2.5]> : tensor<2xf32>\n"
                 "    return %cst : tensor<2xf32>\n"
                 "  }\n"
                 "  func.func private @twice(%arg0: tensor<2xf32> {mhlo.sharding = \"\"}) -> tensor<2xf32> {\n"
                 "    %0 = stablehlo.add %arg0, %arg0 : tensor<2xf32>\n"
                 "    func.return %0 : tensor<2xf32>\n"
                 "  }\n"
                 "}\n");
    EXPECT(m != NULL);
    if (!m) return;  /* a failed parse leaves nothing to free */
    EXPECT_EQ_INT(nmods, 1);
    EXPECT(m->name && strcmp(m->name, "jit_f") == 0);
    EXPECT_EQ_INT(m->nfuncs, 3);
    ir_func *main_fn = m->funcs[0], *twice = m->funcs[2];
    EXPECT(strcmp(main_fn->name, "main") == 0 && main_fn->is_public);
    EXPECT(!m->funcs[1]->is_public && !twice->is_public);
    EXPECT_EQ_INT(main_fn->nresults, 1);
    EXPECT(type_is(&main_fn->result_types[0], "tensor<2xf32>"));
    EXPECT_EQ_INT(main_fn->body->nops, 3);
    ir_op *call = op_at(m, 0, 1);
    EXPECT_EQ_INT(call->code, IR_CALL);
    EXPECT(strcmp(call->a.callee, "twice") == 0);
    EXPECT_EQ_INT(call->nin, 1);
    EXPECT_EQ_INT(call->in[0], op_at(m, 0, 0)->out[0]);
    EXPECT_EQ_INT(op_at(m, 0, 2)->code, IR_RETURN);
    EXPECT_EQ_INT(twice->body->nargs, 1);
    EXPECT(strcmp(twice->values[twice->body->args[0]].name, "arg0") == 0);
    ir_op *add = op_at(m, 2, 0);
    EXPECT_EQ_INT(add->code, IR_ADD);
    EXPECT(add->in[0] == twice->body->args[0] && add->in[1] == twice->body->args[0]);
    EXPECT(strcmp(twice->values[add->out[0]].name, "0") == 0);
    ir_op *cst = op_at(m, 1, 0);
    EXPECT(f32_at(cst, 0) == 1.0f && f32_at(cst, 1) == -2.5f);
    EXPECT(strcmp(m->funcs[1]->values[cst->out[0]].name, "cst") == 0);
    done();
}

TEST(locations_point_at_ops_and_functions) {
    ir_module *m = parse_ok("#loc1 = loc(\"x.py\":3:0)\n"
                            "func.func @main(%a: tensor<f32> loc(\"a\")) -> tensor<f32> {\n"
                            "  %0 = stablehlo.sine %a : tensor<f32> loc(#loc1)\n"
                            "    stablehlo.return %0 : tensor<f32> loc(callsite(#loc1 at \"y\"(#loc2)))\n"
                            "} loc(#loc)\n"
                            "#loc = loc(unknown)\n"
                            "#loc2 = loc(\"f\"(\"g.py\":1:2))\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_func *f = m->funcs[0];
    EXPECT(f->loc.file && strcmp(f->loc.file, "t.mlir") == 0);
    EXPECT(f->loc.line == 2 && f->loc.col == 1);
    ir_op *sine = op_at(m, 0, 0), *ret = op_at(m, 0, 1);
    EXPECT_EQ_INT(sine->code, IR_SINE);
    EXPECT(sine->loc.file == f->loc.file && sine->loc.line == 3 && sine->loc.col == 3);
    EXPECT(ret->code == IR_RETURN && ret->loc.line == 4 && ret->loc.col == 5);
    done();
}

TEST(chunks_make_one_module_each) {
    ir_module *m = parse_ok("// RUN: stablehlo-translate --interpret -split-input-file %s\n"
                            "func.func @a() {\n  func.return\n}\n"
                            "\n// -----\n\n"
                            "func.func @b() {\n  func.return\n}\n"
                            "// // -----\n"
                            "module {\n  func.func @c() {\n    func.return\n  }\n}\n");
    EXPECT(m != NULL);
    EXPECT_EQ_INT(nmods, 3);
    if (nmods == 3) {
        EXPECT(strcmp(mods[0]->funcs[0]->name, "a") == 0);
        EXPECT(strcmp(mods[1]->funcs[0]->name, "b") == 0);
        EXPECT(strcmp(mods[2]->funcs[0]->name, "c") == 0 && mods[2]->name == NULL);
        EXPECT(mods[2]->funcs[0]->loc.line == 13); /* lines count across chunks */
    }
    done();
}

TEST(multi_result_packs_and_uses) {
    ir_module *m = parse_ok("func.func @pair() -> (tensor<i32>, tensor<f32>) {\n"
                            "  %c = stablehlo.constant dense<7> : tensor<i32>\n"
                            "  %f = stablehlo.constant dense<0.5> : tensor<f32>\n"
                            "  return %c, %f : tensor<i32>, tensor<f32>\n"
                            "}\n"
                            "func.func @main() -> tensor<f32> {\n"
                            "  %0:2 = call @pair() : () -> (tensor<i32>, tensor<f32>)\n"
                            "  %a, %b = call @pair() : () -> (tensor<i32>, tensor<f32>)\n"
                            "  %1 = stablehlo.add %0#1, %b : tensor<f32>\n"
                            "  return %1 : tensor<f32>\n"
                            "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_func *f = m->funcs[1];
    ir_op *call = op_at(m, 1, 0), *call2 = op_at(m, 1, 1), *add = op_at(m, 1, 2);
    EXPECT_EQ_INT(call->nout, 2);
    EXPECT(type_is(type_of(m, 1, call->out[0]), "tensor<i32>"));
    EXPECT(add->in[0] == call->out[1] && add->in[1] == call2->out[1]);
    EXPECT(strcmp(f->values[call->out[1]].name, "0#1") == 0);
    EXPECT(strcmp(f->values[call2->out[0]].name, "a") == 0);
    EXPECT_EQ_INT(m->funcs[0]->nresults, 2);
    done();
}

/* ---- ops in both forms ---------------------------------------------------------------- */

TEST(elementwise_pretty_and_generic) {
    ir_module *m = parse_ok(
        "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %p: tensor<2xi1>, %s: tensor<f32>) {\n"
        "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n"
        "  %1 = \"stablehlo.multiply\"(%0, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
        "  %2 = stablehlo.is_finite %1 : (tensor<2xf32>) -> tensor<2xi1>\n"
        "  %3 = stablehlo.convert %2 : (tensor<2xi1>) -> tensor<2xi32>\n"
        "  %4 = stablehlo.reshape %3 : (tensor<2xi32>) -> tensor<1x2xi32>\n"
        "  %5 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>\n"
        "  %6 = stablehlo.clamp %s, %a, %s : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>\n"
        "  %7 = stablehlo.negate %6 {mhlo.frontend_attributes = {}} : tensor<2xf32>\n"
        "  %8 = \"stablehlo.select\"(%p, %5, %7) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
        "  func.return\n"
        "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    static const ir_opcode codes[] = {IR_ADD,    IR_MULTIPLY, IR_IS_FINITE, IR_CONVERT, IR_RESHAPE,
                                      IR_SELECT, IR_CLAMP,    IR_NEGATE,    IR_SELECT,  IR_RETURN};
    EXPECT_EQ_INT(m->funcs[0]->body->nops, 10);
    for (int i = 0; i < 10 && i < m->funcs[0]->body->nops; i++) EXPECT_EQ_INT(op_at(m, 0, i)->code, codes[i]);
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 2)->out[0]), "tensor<2xi1>"));
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 4)->out[0]), "tensor<1x2xi32>"));
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 5)->out[0]), "tensor<2xf32>"));
    EXPECT_EQ_INT(op_at(m, 0, 6)->nin, 3);
    done();
}

TEST(shape_ops_pretty_and_generic) {
    ir_module *m = parse_ok(
        "func.func @main(%x: tensor<2x3xf32>, %v: tensor<3xf32>) {\n"
        "  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
        "  %1 = \"stablehlo.broadcast_in_dim\"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> "
        "tensor<2x3xf32>\n"
        "  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
        "  %3 = \"stablehlo.transpose\"(%x) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf32>) -> "
        "tensor<3x2xf32>\n"
        "  %4 = stablehlo.slice %x [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>\n"
        "  %5 = \"stablehlo.slice\"(%x) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>,\n"
        "        strides = array<i64: 1, 2>}> : (tensor<2x3xf32>) -> tensor<2x1xf32>\n"
        "  %6 = stablehlo.iota dim = 1 : tensor<2x3xi32>\n"
        "  %7 = \"stablehlo.iota\"() {iota_dimension = 0 : i64} : () -> tensor<2x3xi32>\n"
        "  %8 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n"
        "  %9 = \"stablehlo.concatenate\"(%x, %x) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
        "tensor<2x6xf32>\n"
        "  %10 = stablehlo.reverse %x, dims = [0] : tensor<2x3xf32>\n"
        "  %11 = \"stablehlo.reverse\"(%x) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
        "  %12 = \"stablehlo.slice\"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 1, 1>} : "
        "(tensor<2x3xf32>) -> tensor<1x1xf32>\n"
        "  func.return\n"
        "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    EXPECT(INTS(op_at(m, 0, 0)->a.dims, 1) && INTS(op_at(m, 0, 1)->a.dims, 1));
    EXPECT(INTS(op_at(m, 0, 2)->a.dims, 1, 0) && INTS(op_at(m, 0, 3)->a.dims, 1, 0));
    for (int i = 4; i <= 5; i++) {
        ir_op *s = op_at(m, 0, i);
        EXPECT(INTS(s->a.start, 0, 1) && INTS(s->a.limit, 2, 3) && INTS(s->a.stride, 1, 2));
    }
    EXPECT_EQ_INT(m->funcs[0]->body->nops, 14);
    EXPECT(INTS(op_at(m, 0, 12)->a.stride, 1, 1));
    EXPECT(op_at(m, 0, 6)->a.axis == 1 && op_at(m, 0, 7)->a.axis == 0);
    EXPECT(op_at(m, 0, 8)->a.axis == 0 && op_at(m, 0, 9)->a.axis == 1);
    EXPECT_EQ_INT(op_at(m, 0, 8)->nin, 2);
    EXPECT(INTS(op_at(m, 0, 10)->a.dims, 0) && INTS(op_at(m, 0, 11)->a.dims, 0, 1));
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 9)->out[0]), "tensor<2x6xf32>"));
    done();
}

TEST(compare_pretty_and_generic) {
    ir_module *m =
        parse_ok("func.func @main(%a: tensor<2xf32>, %i: tensor<2xi32>) {\n"
                 "  %0 = stablehlo.compare  GT, %a, %a,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                 "  %1 = stablehlo.compare LT, %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>\n"
                 "  %2 = \"stablehlo.compare\"(%i, %i) {comparison_direction = #stablehlo<comparison_direction NE>,\n"
                 "        compare_type = #stablehlo<comparison_type UNSIGNED>} : (tensor<2xi32>, tensor<2xi32>) -> "
                 "tensor<2xi1>\n"
                 "  %3 = stablehlo.compare  EQ, %a, %a,  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                 "  func.return\n"
                 "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    EXPECT(op_at(m, 0, 0)->a.cmp == IR_CMP_GT && op_at(m, 0, 0)->a.cmp_type == IR_CMPT_FLOAT);
    EXPECT(op_at(m, 0, 1)->a.cmp == IR_CMP_LT && op_at(m, 0, 1)->a.cmp_type == IR_CMPT_NOTYPE);
    EXPECT(op_at(m, 0, 2)->a.cmp == IR_CMP_NE && op_at(m, 0, 2)->a.cmp_type == IR_CMPT_UNSIGNED);
    EXPECT(op_at(m, 0, 3)->a.cmp == IR_CMP_EQ && op_at(m, 0, 3)->a.cmp_type == IR_CMPT_TOTALORDER);
    done();
}

TEST(dot_general_pretty_and_generic) {
    ir_module *m = parse_ok(
        "func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {\n"
        "  %0 = stablehlo.dot_general %a, %b,\n"
        "      batching_dims = [0] x [0],\n"
        "      contracting_dims = [2] x [1],\n"
        "      precision = [DEFAULT, DEFAULT]\n"
        "      : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>\n"
        "  %1 = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = "
        "[0],\n"
        "      rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>,\n"
        "      precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]}\n"
        "      : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>\n"
        "  %2 = stablehlo.dot_general %a, %a, contracting_dims = [0, 1, 2] x [0, 1, 2] : (tensor<2x3x4xf32>, "
        "tensor<2x3x4xf32>) -> tensor<f32>\n"
        "  func.return\n"
        "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    for (int i = 0; i < 2; i++) {
        ir_attrs *a = &op_at(m, 0, i)->a;
        EXPECT(INTS(a->lhs_batch, 0) && INTS(a->rhs_batch, 0) && INTS(a->lhs_contract, 2) && INTS(a->rhs_contract, 1));
    }
    ir_attrs *a = &op_at(m, 0, 2)->a;
    EXPECT(a->lhs_batch.n == 0 && a->rhs_batch.n == 0 && INTS(a->rhs_contract, 0, 1, 2));
    done();
}

/* ---- reduce ------------------------------------------------------------------------------- */

TEST(reduce_compact_builds_its_reducer) {
    ir_module *m = parse_ok("func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {\n"
                            "  %c = stablehlo.constant dense<0.0> : tensor<f32>\n"
                            "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : "
                            "(tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
                            "  return %0 : tensor<2xf32>\n"
                            "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_op *r = op_at(m, 0, 1);
    EXPECT(r->code == IR_REDUCE && r->nin == 2 && r->nout == 1 && INTS(r->a.dims, 1));
    EXPECT(r->in[0] == m->funcs[0]->body->args[0] && r->in[1] == op_at(m, 0, 0)->out[0]);
    EXPECT_EQ_INT(r->nregions, 1);
    if (r->nregions == 1) {
        ir_block *b = r->regions[0];
        EXPECT_EQ_INT(b->nargs, 2);
        EXPECT_EQ_INT(b->nops, 2);
        if (b->nargs == 2 && b->nops == 2) {
            EXPECT(type_is(type_of(m, 0, b->args[0]), "tensor<f32>"));
            EXPECT(b->ops[0]->code == IR_ADD && b->ops[0]->in[0] == b->args[0] && b->ops[0]->in[1] == b->args[1]);
            EXPECT(b->ops[1]->code == IR_RETURN && b->ops[1]->nin == 1 && b->ops[1]->in[0] == b->ops[0]->out[0]);
            EXPECT(b->ops[0]->loc.line == 3);
        }
    }
    done();
}

TEST(reduce_region_orders_block_args_accumulators_first) {
    ir_module *m =
        parse_ok("func.func @main(%a: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> tensor<4xi32> {\n"
                 "  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
                 "  %c = stablehlo.constant dense<0> : tensor<i32>\n"
                 "  %1:2 = stablehlo.reduce(%a init: %cst), (%i init: %c) across dimensions = [1] : (tensor<4x5xf32>, "
                 "tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)\n"
                 "   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {\n"
                 "    %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                 "    %9 = stablehlo.select %2, %arg1, %arg3 : tensor<i1>, tensor<f32>\n"
                 "    %10 = stablehlo.select %2, %arg2, %arg4 : tensor<i1>, tensor<i32>\n"
                 "    stablehlo.return %9, %10 : tensor<f32>, tensor<i32>\n"
                 "  }\n"
                 "  %2 = stablehlo.constant dense<1> : tensor<i32>\n"
                 "  return %1#1 : tensor<4xi32>\n"
                 "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_func *f = m->funcs[0];
    ir_op *r = op_at(m, 0, 2);
    EXPECT(r->nin == 4 && r->nout == 2);
    EXPECT(r->in[0] == f->body->args[0] && r->in[1] == f->body->args[1]);
    EXPECT(r->in[2] == op_at(m, 0, 0)->out[0] && r->in[3] == op_at(m, 0, 1)->out[0]);
    EXPECT(type_is(type_of(m, 0, r->out[1]), "tensor<4xi32>"));
    ir_block *b = r->regions[0];
    EXPECT_EQ_INT(b->nargs, 4);
    static const char *const names[] = {"arg1", "arg2", "arg3", "arg4"};
    for (int i = 0; i < 4 && i < b->nargs; i++) EXPECT(strcmp(f->values[b->args[i]].name, names[i]) == 0);
    EXPECT(type_is(type_of(m, 0, b->args[1]), "tensor<i32>"));
    EXPECT_EQ_INT(b->nops, 4);
    EXPECT(b->ops[0]->in[0] == b->args[0] && b->ops[0]->in[1] == b->args[2]);
    EXPECT(b->ops[2]->in[1] == b->args[1] && b->ops[2]->in[2] == b->args[3]);
    EXPECT(b->ops[3]->code == IR_RETURN && b->ops[3]->nin == 2);
    /* %2 inside the region went out of scope: the later %2 is a new value. */
    EXPECT(op_at(m, 0, 3)->code == IR_CONSTANT);
    EXPECT_EQ_INT(op_at(m, 0, 4)->in[0], r->out[1]);
    done();
}

TEST(reduce_generic_region) {
    ir_module *m =
        parse_ok("func.func @main(%x: tensor<5x4xi32>, %z: tensor<i32>) -> tensor<5xi32> {\n"
                 "  %0 = \"stablehlo.reduce\"(%x, %z) ({\n"
                 "  ^bb0(%a: tensor<i32>, %b : tensor<i32>):\n"
                 "    %1 = stablehlo.maximum %a, %b : tensor<i32>\n"
                 "    \"stablehlo.return\"(%1) : (tensor<i32>) -> ()\n"
                 "  }) {dimensions = dense<1> : tensor<1xi64>} : (tensor<5x4xi32>, tensor<i32>) -> tensor<5xi32>\n"
                 "  func.return %0 : tensor<5xi32>\n"
                 "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_op *r = op_at(m, 0, 0);
    EXPECT(r->code == IR_REDUCE && INTS(r->a.dims, 1) && r->nregions == 1);
    ir_block *b = r->regions[0];
    EXPECT(b->nargs == 2 && b->nops == 2 && b->ops[0]->code == IR_MAXIMUM && b->ops[1]->code == IR_RETURN);
    EXPECT(b->ops[0]->in[0] == b->args[0]);
    EXPECT(op_at(m, 0, 1)->in[0] == r->out[0]);
    done();
}

/* ---- constants ------------------------------------------------------------------------------ */

TEST(dense_literals) {
    ir_module *m =
        parse_ok("func.func @main() {\n"
                 "  %0 = stablehlo.constant dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>\n"
                 "  %1 = stablehlo.constant dense<1.5> : tensor<3xf32>\n"
                 "  %2 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>\n"
                 "  %3 = stablehlo.constant dense<[0x7FC00000, 0xFF800000, -1.0e+00, 2.5E-1, 3]> : tensor<5xf32>\n"
                 "  %4 = stablehlo.constant dense<\"0x0000803F00000040\"> : tensor<2xf32>\n"
                 "  %5 = stablehlo.constant dense<\"0x0000C03F\"> : tensor<3xf32>\n"
                 "  %6 = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>\n"
                 "  %7 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>\n"
                 "  %8 = stablehlo.constant dense<> : tensor<0x3xf32>\n"
                 "  %9 = stablehlo.constant dense<[inf, -inf, nan]> : tensor<3xf64>\n"
                 "  %10 = stablehlo.constant dense<4294967295> : tensor<i32>\n"
                 "  %11 = stablehlo.constant dense<\"0x000102\"> : tensor<3xi1>\n"
                 "  %12 = stablehlo.constant dense<0.1> : tensor<f32>\n"
                 "  %13 = stablehlo.constant dense<[]> : tensor<0xi32>\n"
                 "  func.return\n"
                 "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    const int32_t *i32 = op_at(m, 0, 0)->a.data;
    EXPECT(i32[0] == 1 && i32[1] == 2 && i32[2] == 3 && i32[3] == -4);
    ir_op *splat = op_at(m, 0, 1);
    EXPECT(f32_at(splat, 0) == 1.5f && f32_at(splat, 2) == 1.5f);
    const uint8_t *b = op_at(m, 0, 2)->a.data;
    EXPECT(b[0] == 1 && b[1] == 0 && b[2] == 1);
    ir_op *hex = op_at(m, 0, 3);
    EXPECT(bits_at(hex, 0) == 0x7FC00000u && bits_at(hex, 1) == 0xFF800000u);
    EXPECT(f32_at(hex, 2) == -1.0f && f32_at(hex, 3) == 0.25f && f32_at(hex, 4) == 3.0f);
    EXPECT(f32_at(op_at(m, 0, 4), 0) == 1.0f && f32_at(op_at(m, 0, 4), 1) == 2.0f);
    EXPECT(f32_at(op_at(m, 0, 5), 0) == 1.5f && f32_at(op_at(m, 0, 5), 2) == 1.5f);
    const int64_t *i64 = op_at(m, 0, 6)->a.data;
    EXPECT(i64[0] == INT64_MIN && i64[1] == INT64_MAX);
    double d;
    memcpy(&d, op_at(m, 0, 7)->a.data, 8);
    EXPECT(isinf(d) && d > 0);
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 8)->out[0]), "tensor<0x3xf32>"));
    const double *f64 = op_at(m, 0, 9)->a.data;
    EXPECT(isinf(f64[0]) && f64[0] > 0 && isinf(f64[1]) && f64[1] < 0 && isnan(f64[2]));
    EXPECT_EQ_INT(*(const int32_t *)op_at(m, 0, 10)->a.data, -1);
    const uint8_t *bits = op_at(m, 0, 11)->a.data;
    EXPECT(bits[0] == 0 && bits[1] == 1 && bits[2] == 1);
    EXPECT(f32_at(op_at(m, 0, 12), 0) == 0.1f);
    done();
}

/* The tier-2 element types in every literal form; the printer writes what reads back the same. */
TEST(narrow_dense_literals) {
    static const char text[] =
        "func.func @main() {\n"
        "  %0 = stablehlo.constant dense<[1.0, 0.1, -65520.0, 1.0e-8, nan, -inf]> : tensor<6xf16>\n"
        "  %1 = stablehlo.constant dense<\"0x003C00C0\"> : tensor<2xf16>\n"
        "  %2 = stablehlo.constant dense<1.00390625> : tensor<2xbf16>\n"
        "  %3 = stablehlo.constant dense<[0x7FC0, 3.0e38]> : tensor<2xbf16>\n"
        "  %4 = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>\n"
        "  %5 = stablehlo.constant dense<[-128, 127]> : tensor<2xi8>\n"
        "  %6 = stablehlo.constant dense<\"0xFFFF\"> : tensor<3xui16>\n"
        "  %7 = stablehlo.reduce_precision %0, format = e5m2 : tensor<6xf16>\n"
        "  %8 = stablehlo.bitcast_convert %4 : (tensor<2xui64>) -> tensor<2x4xi16>\n"
        "  func.return\n"
        "}\n";
    ir_module *m = parse_ok(text);
    EXPECT(m != NULL);
    if (!m) return;
    const uint16_t *h = op_at(m, 0, 0)->a.data;
    EXPECT(h[0] == 0x3C00 && h[1] == 0x2E66 && h[2] == 0xFC00 && h[3] == 0x0000);   /* rounded once */
    EXPECT((h[4] & 0x7E00) == 0x7E00 && h[5] == 0xFC00);
    const uint16_t *blob = op_at(m, 0, 1)->a.data, *bsplat = op_at(m, 0, 2)->a.data, *b = op_at(m, 0, 3)->a.data;
    EXPECT(blob[0] == 0x3C00 && blob[1] == 0xC000);
    EXPECT(bsplat[0] == 0x3F80 && bsplat[1] == 0x3F80);   /* 1 + 2^-8: the tie goes to even */
    EXPECT(b[0] == 0x7FC0 && b[1] == 0x7F62);
    const uint64_t *u64 = op_at(m, 0, 4)->a.data;
    EXPECT(u64[0] == UINT64_MAX && u64[1] == 0);
    const int8_t *i8 = op_at(m, 0, 5)->a.data;
    EXPECT(i8[0] == -128 && i8[1] == 127);
    const uint16_t *u16 = op_at(m, 0, 6)->a.data;
    EXPECT(u16[0] == 0xFFFF && u16[2] == 0xFFFF);
    EXPECT(op_at(m, 0, 7)->a.exponent_bits == 5 && op_at(m, 0, 7)->a.mantissa_bits == 2);
    EXPECT(type_is(type_of(m, 0, op_at(m, 0, 8)->out[0]), "tensor<2x4xi16>"));
    /* print, parse the printed text, print again: the same text */
    char *second = NULL;
    size_t n1 = 0, n2 = 0;
    char *first = printed(m, &n1);
    done();
    EXPECT_CONTAINS(first, "stablehlo.reduce_precision %0, format = e5m2 : tensor<6xf16>");
    m = parse_ok(first);
    EXPECT(m != NULL);
    if (m) {
        second = printed(m, &n2);
        EXPECT(n1 == n2 && memcmp(first, second, n1) == 0);
    }
    done();
    free(first);
    free(second);
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<256> : tensor<ui8>\n}\n", DIAG_INVALID,
                 "t.mlir:2:33: integer literal out of range for ui8");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<0x10000> : tensor<bf16>\n}\n", DIAG_INVALID,
                 "t.mlir:2:33: hexadecimal literal out of range for bf16");
    EXPECT_ERROR("func.func @f(%x: tensor<f16>) {\n  %0 = stablehlo.reduce_precision %x, format = m5 : tensor<f16>\n}\n",
                 DIAG_INVALID, "t.mlir:2:48: expected a format such as e5m10 (exponent and mantissa bits), found 'm5'");
}

/* Every symbol form prints as text that parses back to the same name: bare
 * where it can be, else quoted with the escapes the lexer reads. */
TEST(symbols_round_trip) {
    static const char *const names[] = {"m od", "my func", "a\"b\\c\nd\te\x01\xff", "9lives", "", "x.y$z_1",
                                        "caf\xc3\xa9 */ #x ?\?/"};
    enum { N = sizeof names / sizeof *names };
    char *second = NULL;
    size_t n1 = 0, n2 = 0;
    ir_module *m = parse_ok("module @\"m od\" {\n"
                            "  func.func public @main(%x: tensor<f32>) -> tensor<f32> {\n"
                            "    %0 = func.call @\"my func\"(%x) : (tensor<f32>) -> tensor<f32>\n"
                            "    return %0 : tensor<f32>\n"
                            "  }\n"
                            "  func.func private @\"my func\"(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }\n"
                            "  func.func private @\"a\\\"b\\\\c\\nd\\te\\01\\FF\"() { return }\n"
                            "  func.func private @\"9lives\"() { return }\n"
                            "  func.func private @\"\"() { return }\n"
                            "  func.func private @x.y$z_1() { return }\n"
                            "  func.func private @\"caf\\C3\\A9 */ #x ?\?/\"() { return }\n"
                            "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    char *first = printed(m, &n1);
    done();
    EXPECT_CONTAINS(first, "module @\"m od\" {");
    EXPECT_CONTAINS(first, "func.call @\"my func\"(");
    EXPECT_CONTAINS(first, "@\"a\\\"b\\\\c\\0Ad\\09e\\01\\FF\"(");
    EXPECT_CONTAINS(first, "func.func private @x.y$z_1(");
    m = parse_ok(first);
    EXPECT(m != NULL);
    if (m) {
        EXPECT(m->name && strcmp(m->name, names[0]) == 0);
        EXPECT_EQ_INT(m->nfuncs, N);
        for (int i = 1; i < N && m->nfuncs == N; i++) EXPECT(strcmp(m->funcs[i]->name, names[i]) == 0);
        EXPECT(strcmp(m->funcs[0]->body->ops[0]->a.callee, names[1]) == 0);
        second = printed(m, &n2);
        EXPECT(n1 == n2 && memcmp(first, second, n1) == 0);
    }
    done();
    free(first);
    free(second);
}

/* ---- checks --------------------------------------------------------------------------------- */

TEST(checks_in_every_form) {
    ir_module *m = parse_ok(
        "func.func @main() {\n"
        "  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
        "  check.expect_eq %a, %a : tensor<2xf32>\n"
        "  check.expect_almost_eq %a, %a : tensor<2xf32>\n"
        "  check.expect_almost_eq %a, %a, tolerance = 0.1 : tensor<2xf32>\n"
        "  check.expect_close %a, %a, max_ulp_difference = 5 : tensor<2xf32>, tensor<2xf32>\n"
        "  check.expect_close %a, %a, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>\n"
        "  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>\n"
        "  check.expect_almost_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>\n"
        "  check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32> {tolerance = 0.5 : f32}\n"
        "  \"check.expect_eq_const\"(%a) <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : (tensor<2xf32>) -> ()\n"
        "  \"check.expect_close\"(%a, %a) {max_ulp_difference = 10 : ui64} : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
        "  stablehlo.custom_call @check.expect_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> "
        "()\n"
        "  stablehlo.custom_call @check.expect_almost_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, "
        "tensor<2xf32>) -> ()\n"
        "  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) "
        "-> ()\n"
        "  \"stablehlo.custom_call\"(%a, %a) {call_target_name = \"check.expect_close\", has_side_effect = true} : "
        "(tensor<2xf32>, tensor<2xf32>) -> ()\n"
        "  func.return\n"
        "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_block *b = m->funcs[0]->body;
    ir_value_id a = op_at(m, 0, 0)->out[0];
    /* ops: 0 %a, 1 eq, 2 almost, 3 almost(0.1), 4 close(5), 5 close(4,1),
     * 6 const + 7 eq, 8 const + 9 almost, 10 const + 11 almost(0.5),
     * 12 const + 13 eq, 14 close(10), 15 eq, 16 almost(1e-3), 17 close(3), 18 close(3), 19 return */
    EXPECT_EQ_INT(b->nops, 20);
    if (b->nops != 20) {
        done();
        return;
    }
    EXPECT(b->ops[1]->code == IR_CHECK_EQ && b->ops[1]->nin == 2 && b->ops[1]->nout == 0);
    EXPECT(b->ops[2]->code == IR_CHECK_ALMOST_EQ && b->ops[2]->a.tolerance == 1e-4);
    EXPECT(b->ops[3]->a.tolerance == 0.1);
    EXPECT(b->ops[4]->code == IR_CHECK_CLOSE && b->ops[4]->a.max_ulp == 5 && b->ops[4]->a.min_ulp == 0);
    EXPECT(b->ops[5]->a.max_ulp == 4 && b->ops[5]->a.min_ulp == 1);
    EXPECT(b->ops[6]->code == IR_CONSTANT && f32_at(b->ops[6], 1) == 2.0f);
    EXPECT(b->ops[7]->code == IR_CHECK_EQ && b->ops[7]->in[0] == a && b->ops[7]->in[1] == b->ops[6]->out[0]);
    EXPECT(b->ops[9]->code == IR_CHECK_ALMOST_EQ && b->ops[9]->a.tolerance == 1e-4);
    EXPECT(b->ops[10]->code == IR_CONSTANT && f32_at(b->ops[10], 1) == 1.0f);
    EXPECT(b->ops[11]->a.tolerance == 0.5);
    EXPECT(b->ops[12]->code == IR_CONSTANT && b->ops[13]->code == IR_CHECK_EQ);
    EXPECT(b->ops[14]->code == IR_CHECK_CLOSE && b->ops[14]->a.max_ulp == 10);
    EXPECT(b->ops[15]->code == IR_CHECK_EQ && b->ops[15]->nin == 2);
    EXPECT(b->ops[16]->code == IR_CHECK_ALMOST_EQ && b->ops[16]->a.tolerance == 1e-3);
    EXPECT(b->ops[17]->code == IR_CHECK_CLOSE && b->ops[17]->a.max_ulp == 3 && b->ops[17]->a.min_ulp == 0);
    EXPECT(b->ops[18]->code == IR_CHECK_CLOSE && b->ops[18]->a.max_ulp == 3);
    done();
}

TEST(jax_text_with_debug_locations) {
    ir_module *m =
        parse_ok("#loc1 = loc(\"x\")\n"
                 "module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n"
                 "  func.func public @main(%arg0: tensor<3xf32> {mhlo.layout_mode = \"default\"} loc(\"x\")) -> "
                 "(tensor<f32> {jax.result_info = \"\", mhlo.layout_mode = \"default\"}) {\n"
                 "    %0 = stablehlo.sine %arg0 : tensor<3xf32> loc(#loc7)\n"
                 "    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)\n"
                 "    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : "
                 "(tensor<3xf32>, tensor<f32>) -> tensor<f32> loc(#loc8)\n"
                 "    return %1 : tensor<f32> loc(#loc)\n"
                 "  } loc(#loc)\n"
                 "} loc(#loc)\n"
                 "#loc = loc(unknown)\n"
                 "#loc2 = loc(\"/tmp/f.py\":5:11)\n"
                 "#loc7 = loc(\"jit(f)/jit(main)/sin\"(#loc2))\n"
                 "#loc8 = loc(callsite(#loc7 at #loc2))\n");
    EXPECT(m != NULL);
    if (!m) return;
    EXPECT(m->nfuncs == 1 && m->funcs[0]->body->nops == 4 && m->funcs[0]->nresults == 1);
    EXPECT_EQ_INT(op_at(m, 0, 2)->code, IR_REDUCE);
    done();
}

TEST(generic_forms_of_constants_and_checks) {
    ir_module *m = parse_ok(
        "func.func @main() {\n"
        "  %a = \"stablehlo.constant\"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>\n"
        "  %b = stablehlo.constant() <{value = dense<2> : tensor<i64>}> : () -> tensor<i64>\n"
        "  \"check.expect_almost_eq_const\"(%a) <{value = dense<1.0> : tensor<2xf32>, tolerance = 1.0e-2 : f64}> "
        ": (tensor<2xf32>) -> ()\n"
        "  \"check.expect_close\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
        "  \"check.expect_almost_eq\"(%a, %a) {tolerance = 0.5 : f64} : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
        "  \"func.return\"() : () -> ()\n"
        "}\n");
    EXPECT(m != NULL);
    if (!m) return;
    ir_block *b = m->funcs[0]->body;
    EXPECT_EQ_INT(b->nops, 7);
    if (b->nops != 7) {
        done();
        return;
    }
    EXPECT(b->ops[0]->code == IR_CONSTANT && f32_at(b->ops[0], 1) == 2.0f);
    EXPECT(b->ops[1]->code == IR_CONSTANT && *(const int64_t *)b->ops[1]->a.data == 2);
    EXPECT(b->ops[2]->code == IR_CONSTANT && b->ops[3]->code == IR_CHECK_ALMOST_EQ);
    EXPECT(b->ops[3]->a.tolerance == 1e-2 && b->ops[3]->in[1] == b->ops[2]->out[0]);
    EXPECT(b->ops[4]->code == IR_CHECK_CLOSE && b->ops[4]->a.max_ulp == 1 && b->ops[4]->a.min_ulp == 0);
    EXPECT(b->ops[5]->a.tolerance == 0.5);
    EXPECT(b->ops[6]->code == IR_RETURN);
    done();
}

/* ---- errors ---------------------------------------------------------------------------------- */

TEST(malformed_text_is_located) {
    EXPECT_ERROR("func.func @main() {\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n", DIAG_INVALID,
                 "t.mlir:3:1: expected '}' at the end of the function body, found end of file");
    EXPECT_ERROR("func.func @main( {\n}\n", DIAG_INVALID,
                 "t.mlir:1:18: expected a parameter name such as %arg0, found '{'");
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = func.call @f(%a : (tensor<2xf32>) -> ()\n}\n", DIAG_INVALID,
                 "t.mlir:2:24: expected ')' after the operands, found ':'");
    EXPECT_ERROR("func.func @f(%a: tensor<2xfoo>) {\n}\n", DIAG_INVALID, "t.mlir:1:27: unknown element type 'foo'");
    EXPECT_ERROR("func.func @f(%a: tensor<2x3>) {\n}\n", DIAG_INVALID, "t.mlir:1:28: expected 'x' after a dimension");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.frobnicate : tensor<f32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:8: unknown op 'stablehlo.frobnicate'");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.abs %foo : tensor<f32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:22: use of undefined value %foo");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<\"0x0000803F00\"> : tensor<2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:33: hex blob holds 5 bytes, but f32 needs 8 (or 4 for a splat)");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:33: list has more than the 2 elements of dimension 0");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<2147483648> : tensor<i64>\n"
                 "  %1 = stablehlo.constant dense<-2147483649> : tensor<i32>\n}\n",
                 DIAG_INVALID, "t.mlir:3:33: integer literal out of range for i32");
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = stablehlo.add %a, %a : tensor<3xf32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:22: %a has type tensor<2xf32>, but the signature gives tensor<3xf32>");
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = stablehlo.add %a : tensor<2xf32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.add takes 2 operands, found 1");
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n"
                 "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:3:3: redefinition of value %0");
    EXPECT_ERROR("func.func @f() {\n  %0:2 = stablehlo.constant dense<1> : tensor<i32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.constant defines 1 result, but 2 names are given");
    EXPECT_ERROR(
        "func.func @f() {\n  %0 = stablehlo.constant dense<1> : tensor<i32>\n  func.return %0#1 : tensor<i32>\n}\n",
        DIAG_INVALID, "t.mlir:3:15: %0 has 1 result, so #1 is out of range");
    EXPECT_ERROR("func.func @f() {\n  \"stablehlo.transpose\"(%0) : () -> ()\n}\n", DIAG_INVALID,
                 "t.mlir:2:25: use of undefined value %0");
    EXPECT_ERROR(
        "func.func @f(%a: tensor<2xf32>) {\n  %0 = \"stablehlo.transpose\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n}\n",
        DIAG_INVALID, "t.mlir:2:3: missing attribute 'permutation'");
    EXPECT_ERROR("func.func @f() {\n  %s = stablehlo.constant dense<\"abc> : tensor<f32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:33: unterminated string");
    EXPECT_ERROR(
        "func.func @f() {\n  %0 = \"stablehlo.constant\"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i64>\n}\n",
        DIAG_INVALID, "t.mlir:2:33: the value's type differs from the result type");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<[1.5]> : tensor<1xi32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:34: float literal for element type i32");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<0x1FFFFFFFF> : tensor<f32>\n}\n", DIAG_INVALID,
                 "t.mlir:2:33: hexadecimal literal out of range for f32");
    EXPECT_ERROR("func.func @a() {\n  func.return\n}\nfunc.func @a() {\n  func.return\n}\n", DIAG_INVALID,
                 "t.mlir:4:11: redefinition of function @a");
}

/* Parses text that must parse and then fail verification with the exact message. */
static void expect_verify_error(const char *text, const char *message) {
    ir_module **m = NULL;
    int n = 0;
    diag d = {0};
    EXPECT_EQ_INT(front_parse("t.mlir", text, strlen(text), &m, &n, &d), DIAG_OK);
    if (n != 1) return;
    EXPECT_EQ_INT(ir_verify_module(m[0], &d), DIAG_INVALID);
    if (strcmp(d.msg, message) != 0) {
        fprintf(stderr, "message \"%s\", expected \"%s\"\n", d.msg, message);
        testing_failed_checks++;
    }
    front_free_modules(m, n);
}

/* chlo.zeta, polygamma, bessel_i1e and mulhi: the operand count as read, the element types and
 * shapes as verified; chlo.ragged_dot's operands, attribute and shapes as read; each at the op. */
TEST(chlo_ops_refuse_malformed_uses) {
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = chlo.zeta %a : tensor<2xf32> -> tensor<2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: chlo.zeta takes 2 operands, found 1");
    EXPECT_ERROR("func.func @f(%a: tensor<2xf32>) {\n  %0 = chlo.bessel_i1e %a, %a : tensor<2xf32>, tensor<2xf32> -> "
                 "tensor<2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: chlo.bessel_i1e takes 1 operand, found 2");
    expect_verify_error("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = chlo.mulhi %a, %a : tensor<2xf32>, "
                        "tensor<2xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
                        "t.mlir:2:3: in @f: 'chlo.mulhi' op operand 0: expected a tensor of integer type, got "
                        "tensor<2xf32>");
    expect_verify_error("func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {\n  %0 = chlo.polygamma "
                        "%a, %b : tensor<2xf32>, tensor<3xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
                        "t.mlir:2:3: in @f: 'chlo.polygamma' op operand 1: expected tensor<2xf32> (same as operand 0), "
                        "got tensor<3xf32>");
    expect_verify_error("func.func @f(%a: tensor<4xf32>) {\n  %v, %i = chlo.top_k(%a, k = 5) : tensor<4xf32> -> "
                        "(tensor<5xf32>, tensor<5xi32>)\n  return\n}\n",
                        "t.mlir:2:3: in @f: 'chlo.top_k' op k = 5 is not between 0 and 4");
    expect_verify_error("func.func @f(%a: tensor<4xf32>) {\n  %v, %i = chlo.top_k(%a, k = 2) : tensor<4xf32> -> "
                        "(tensor<2xf32>, tensor<2xf32>)\n  return\n}\n",
                        "t.mlir:2:3: in @f: 'chlo.top_k' op the indices' type f32 is no integer type of 8 bits or more");
    expect_verify_error("func.func @f(%a: tensor<f32>) {\n  %v, %i = \"chlo.top_k\"(%a) {k = 0} : (tensor<f32>) -> "
                        "(tensor<f32>, tensor<i32>)\n  return\n}\n",
                        "t.mlir:2:3: in @f: 'chlo.top_k' op operand 0: expected rank 1 or more, got tensor<f32>");
#define RAGGED(sizes, dims, result)                                                                              \
    "func.func @f(%l: tensor<2x6x4xf32>, %r: tensor<3x2x4x5xf32>, %g: " sizes ") {\n  %0 = \"chlo.ragged_dot\"(%l, " \
    "%r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<" dims ">}> : (tensor<2x6x4xf32>, "                 \
    "tensor<3x2x4x5xf32>, " sizes ") -> " result "\n}\n"
#define MODE1 "lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], " \
              "rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1]"
    EXPECT_ERROR(RAGGED("tensor<3x3xi32>", MODE1 ", rhs_group_dimensions = [0]", "tensor<2x6x5xf32>"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.ragged_dot: group_sizes has shape [3, 3], expected [g] or [2, g]");
    EXPECT_ERROR(RAGGED("tensor<3xi32>", MODE1, "tensor<2x6x5xf32>"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.ragged_dot: a non-contracting ragged dimension needs exactly one rhs group "
                 "dimension");
    EXPECT_ERROR(RAGGED("tensor<3xi32>", MODE1 ", rhs_group_dimensions = [0]", "tensor<2x5x6xf32>"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.ragged_dot: the result has shape [2, 5, 6], the operands give [2, 6, 5]");
    EXPECT_ERROR(RAGGED("tensor<3xf32>", MODE1 ", rhs_group_dimensions = [0]", "tensor<2x6x5xf32>"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.ragged_dot: group_sizes must be integers of rank 1 or more");
    EXPECT_ERROR(RAGGED("tensor<3xi32>", "lhs_ragged_dimensions = [3], rhs_group_dimensions = [0]",
                        "tensor<2x6x5xf32>"),
                 DIAG_INVALID, "t.mlir:2:3: chlo.ragged_dot: the lhs ragged dimension is out of range");
#undef MODE1
#undef RAGGED
    EXPECT_ERROR("func.func @f(%a: tensor<2x2xf32>) {\n  %0 = \"chlo.ragged_dot\"(%a, %a) : (tensor<2x2xf32>, "
                 "tensor<2x2xf32>) -> tensor<2x2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: chlo.ragged_dot takes 3 operands, found 2");
    EXPECT_ERROR("func.func @f(%a: tensor<2x2xf32>, %g: tensor<1xi32>) {\n  %0 = \"chlo.ragged_dot\"(%a, %a, %g) : "
                 "(tensor<2x2xf32>, tensor<2x2xf32>, tensor<1xi32>) -> tensor<2x2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: missing attribute 'ragged_dot_dimension_numbers'");
    EXPECT_ERROR("func.func @f(%a: tensor<2x2xf32>) {\n  %0 = chlo.ragged_dot %a, %a, %a : tensor<2x2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: chlo.ragged_dot has only the generic form \"chlo.ragged_dot\"(...)");
}

/* A chlo.scan over f32 rows with an i32 carry; SCAN_BODY is its region. */
#define SCAN_OP(body, sig)                                                                                            \
    "func.func @f(%x: tensor<3x2xf32>, %c: tensor<i32>) {\n  %r:2 = chlo.scan(%x) inits(%c) dimension=0 {\n" body    \
    "  } : " sig "\n  return\n}\n"
#define SCAN_SIG "(tensor<3x2xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<i32>)"

/* chlo.scan's sizes and types, each error at the op or at what is wrong. */
TEST(chlo_scan_refuses_malformed_forms) {
    EXPECT(parse_ok(SCAN_OP("  ^bb0(%e: tensor<2xf32>, %k: tensor<i32>):\n    stablehlo.return %e, %k : "
                            "tensor<2xf32>, tensor<i32>\n", SCAN_SIG)) != NULL);
    done();
    EXPECT_ERROR(SCAN_OP("  ^bb0(%e: tensor<3xf32>, %k: tensor<i32>):\n    stablehlo.return %e, %k : tensor<3xf32>, "
                         "tensor<i32>\n", SCAN_SIG),
                 DIAG_INVALID, "t.mlir:3:8: the region's argument 0 has type tensor<3xf32>, expected tensor<2xf32>");
    EXPECT_ERROR(SCAN_OP("  ^bb0(%e: tensor<2xf32>):\n    stablehlo.return %e : tensor<2xf32>\n", SCAN_SIG),
                 DIAG_INVALID, "t.mlir:3:3: the region takes 2 arguments, the label gives 1");
    EXPECT_ERROR(SCAN_OP("  ^bb0(%e: tensor<2xf32>, %k: tensor<i32>):\n    stablehlo.return %k, %k : tensor<i32>, "
                         "tensor<i32>\n", SCAN_SIG),
                 DIAG_INVALID, "t.mlir:4:5: chlo.scan: the region's returned value 0 has type tensor<i32>, expected "
                               "tensor<2xf32>");
    EXPECT_ERROR(SCAN_OP("  ^bb0(%e: tensor<2xf32>, %k: tensor<i32>):\n    stablehlo.return %e : tensor<2xf32>\n",
                         SCAN_SIG),
                 DIAG_INVALID, "t.mlir:2:3: chlo.scan's region must end in a return of 2 values");
    EXPECT_ERROR(SCAN_OP("", "(tensor<3x2xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<f32>)"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.scan: carry result 0 has type tensor<f32>, expected tensor<i32>");
    EXPECT_ERROR(SCAN_OP("", "(tensor<3x2xf32>, tensor<i32>) -> (tensor<4x2xf32>, tensor<i32>)"), DIAG_INVALID,
                 "t.mlir:2:3: chlo.scan: output 0 must have size 3 along dimension 0");
    EXPECT_ERROR(SCAN_OP("", SCAN_SIG), DIAG_INVALID, "t.mlir:3:3: expected the region's label and its 2 arguments");
    EXPECT_ERROR("func.func @f(%x: tensor<3xf32>) {\n  %r = chlo.scan(%x) inits() dimension=1 {\n  } : (tensor<3xf32>) "
                 "-> tensor<3xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:18: chlo.scan: dimension 1 is outside input 0's rank 1");
    EXPECT_ERROR("func.func @f(%x: tensor<3xf32>, %y: tensor<2xf32>) {\n  %r:2 = chlo.scan(%x, %y) inits() dimension=0 "
                 "{\n  } : (tensor<3xf32>, tensor<2xf32>) -> (tensor<3xf32>, tensor<2xf32>)\n}\n",
                 DIAG_INVALID, "t.mlir:2:24: chlo.scan: input 1 has 2 along dimension 0, input 0 3");
    EXPECT_ERROR("func.func @f(%c: tensor<f32>) {\n  %r = chlo.scan() inits(%c) dimension=0 {\n  } : (tensor<f32>) -> "
                 "tensor<f32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: chlo.scan needs at least one input");
    EXPECT_ERROR(SCAN_OP("  ^bb0(%e: tensor<2xf32>, %k: tensor<i32>):\n    stablehlo.return %e, %k : tensor<2xf32>, "
                         "tensor<i32>\n", "(tensor<3x2xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<i32>, tensor<i32>)"),
                 DIAG_INVALID, "t.mlir:2:3: chlo.scan: output 1 must have size 3 along dimension 0");
}

TEST(unsupported_features_are_named) {
    EXPECT_ERROR("func.func @f(%a: tensor<2xi3>) {\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:1:27: unsupported element type i3");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<[-9]> : tensor<1xi4>\n}\n", DIAG_INVALID,
                 "t.mlir:2:34: integer literal out of range for i4");
    EXPECT_ERROR("func.func @f(%a: tensor<2xcomplex<f16>>) {\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:1:27: unsupported element type complex<f16>");
    EXPECT_ERROR("func.func @f(%a: tensor<2xcomplex<f32>>) {\n  %0 = stablehlo.remainder %a, %a : "
                 "tensor<2xcomplex<f32>>\n  return\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:3: stablehlo.remainder: unsupported on complex values");
    EXPECT_ERROR("func.func @f(%a: tensor<?x2xf32>) {\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:1:25: unsupported dynamic dimension '?'");
    EXPECT_ERROR("func.func @f(%a: !stablehlo.token) {\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:1:18: unsupported type !stablehlo.token");
    EXPECT_ERROR("func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.rng %a, %a, %a, distribution = UNIFORM\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:8: unsupported op stablehlo.rng");
    EXPECT_ERROR("func.func @f(%a: tensor<i32>) {\n  %0 = \"chlo.scan\"(%a, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:3: chlo.scan is read in its pretty form only");
    EXPECT_ERROR("func.func @f(%a: tensor<i32>) {\n  %0 = stablehlo.custom_call @check.neq(%a, %a) : (tensor<i32>, "
                 "tensor<i32>) -> tensor<i1>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:30: unsupported custom_call @check.neq");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<0> : tensor<1099511627776x2xi32>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:59: unsupported tensor type with more than 2^40 elements");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<0> : tensor<1048576x1048576xi3>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:61: unsupported element type i3");
    EXPECT_ERROR("module {\n}\nfunc.func @f() {\n  func.return\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:3:1: unsupported function beside a module at top level");
    EXPECT_ERROR("func.func @f(%x: tensor<f32>) {\n  %0 = \"stablehlo.reduce\"(%x, %x) ({\n  ^bb0(%a: tensor<f32>):\n"
                 "    \"stablehlo.return\"(%a) : (tensor<f32>) -> ()\n  ^bb1:\n"
                 "  }) {dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:5:3: unsupported region with several blocks");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<0> : tensor<1048576x1048576xi32>\n}\n",
                 DIAG_UNSUPPORTED,
                 "t.mlir:2:33: unsupported constant of 4398046511104 bytes (the limit is 1073741824)");
}

/* ---- robustness ------------------------------------------------------------------------------- */

static const char *const sample =
    "#loc = loc(unknown)\n"
    "module @m {\n"
    "  func.func public @main() -> (tensor<2xi32> {jax.result_info = \"\"}) {\n"
    "    %0 = call @inputs() : () -> tensor<2x3xf32>\n"
    "    %c = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "    %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, "
    "tensor<f32>) -> tensor<2xf32>\n"
    "    %2 = stablehlo.iota dim = 0 : tensor<2x3xi32>\n"
    "    %i = stablehlo.constant dense<0> : tensor<i32>\n"
    "    %3:2 = stablehlo.reduce(%0 init: %c), (%2 init: %i) across dimensions = [1] : (tensor<2x3xf32>, "
    "tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)\n"
    "     reducer(%a: tensor<f32>, %b: tensor<f32>) (%x: tensor<i32>, %y: tensor<i32>) {\n"
    "      %4 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "      %5 = stablehlo.select %4, %a, %b : tensor<i1>, tensor<f32>\n"
    "      %6 = stablehlo.select %4, %x, %y : tensor<i1>, tensor<i32>\n"
    "      stablehlo.return %5, %6 : tensor<f32>, tensor<i32>\n"
    "    } loc(#loc)\n"
    "    %7 = \"stablehlo.slice\"(%3#1) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = "
    "array<i64: 1>} : (tensor<2xi32>) -> tensor<2xi32>\n"
    "    check.expect_eq_const %7, dense<[0, 0]> : tensor<2xi32>\n"
    "    stablehlo.custom_call @check.expect_close(%1, %3#0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) "
    "-> ()\n"
    "    return %7 : tensor<2xi32>\n"
    "  }\n"
    "  func.func private @inputs() -> (tensor<2x3xf32> {mhlo.layout_mode = \"default\"}) {\n"
    "    %cst = stablehlo.constant dense<\"0x0000803F0000004000004040000080400000A0400000C040\"> : tensor<2x3xf32>\n"
    "    return %cst : tensor<2x3xf32>\n"
    "  }\n"
    "}\n";

/* A parameter of type tensor<2x!quant.uniform<PARAMS>>, in a function f. */
#define QUANT_PARAM(params) "func.func @f(%a: tensor<2x!quant.uniform<" params ">>) {\n}\n"

/* Malformed quantized types are located DIAG_INVALID errors, valid ones
 * outside what the lowering takes DIAG_UNSUPPORTED; so are quantized
 * values where upstream has no quantized form. */
TEST(quantized_types_refuse_malformed_forms) {
    EXPECT_ERROR(QUANT_PARAM("i8:f32, 0.0"), DIAG_INVALID, "t.mlir:1:50: the scale 0.0 is not a finite number above 0");
    EXPECT_ERROR(QUANT_PARAM("i8:f32, -1.5"), DIAG_INVALID, "t.mlir:1:50: the scale -1.5 is not a finite number above 0");
    EXPECT_ERROR(QUANT_PARAM("i8:f32, 1e999"), DIAG_INVALID, "t.mlir:1:50: the scale 1e999 is not a finite number above 0");
    EXPECT_ERROR(QUANT_PARAM("i8:f32, abc"), DIAG_INVALID, "t.mlir:1:50: expected a scale (a number) in the quantized type");
    EXPECT_ERROR(QUANT_PARAM("i8:f32, 0.5:200"), DIAG_INVALID,
                 "t.mlir:1:53: zero point 200 is outside the storage range [-128, 127]");
    EXPECT_ERROR(QUANT_PARAM("i8<-100:100>:f32, 0.5:-101"), DIAG_INVALID,
                 "t.mlir:1:63: zero point -101 is outside the storage range [-100, 100]");
    EXPECT_ERROR(QUANT_PARAM("i8<5:1>:f32, 0.5"), DIAG_INVALID,
                 "t.mlir:1:45: storage bounds <5:1> are not an interval within i8");
    EXPECT_ERROR(QUANT_PARAM("i9x:f32, 0.5"), DIAG_INVALID, "t.mlir:1:42: unknown quantized storage type 'i9x'");
    EXPECT_ERROR(QUANT_PARAM("i8:f32:2, {0.5, 0.25}"), DIAG_INVALID,
                 "t.mlir:1:49: quantization dimension 2 is not below the rank 1");
    EXPECT_ERROR(QUANT_PARAM("i8:f32:0, {0.5}"), DIAG_INVALID,
                 "t.mlir:1:49: 1 scales for quantization dimension 0 of size 2");
    EXPECT_ERROR(QUANT_PARAM("i8:f32, {0.5}"), DIAG_INVALID,
                 "t.mlir:1:50: per-axis scales need a quantization dimension after the expressed type");
    EXPECT_ERROR("func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.5", DIAG_INVALID,
                 "t.mlir:1:53: expected '>' at the end in the quantized type");
    EXPECT_ERROR(QUANT_PARAM("i4:f32, 0.5"), DIAG_UNSUPPORTED, "t.mlir:1:42: unsupported quantized storage type i4");
    EXPECT_ERROR(QUANT_PARAM("i8:f16, 0.5"), DIAG_UNSUPPORTED,
                 "t.mlir:1:45: unsupported quantized expressed type f16 (only f32)");
    EXPECT_ERROR("func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) {\n"
                 "  %0 = stablehlo.reverse %a, dims = [0] : tensor<2x!quant.uniform<i8:f32, 0.5>>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:3: unsupported stablehlo.reverse on quantized types");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<1> : tensor<2x!quant.uniform<i8:f32, 0.5>>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:38: unsupported quantized type in this position");
    EXPECT_ERROR("func.func @f(%b: tensor<2xf32>) {\n"
                 "  %0 = stablehlo.uniform_dequantize %b : (tensor<2xf32>) -> tensor<2xf32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.uniform_dequantize takes a quantized operand to its f32 type");
    EXPECT_ERROR("func.func @f(%b: tensor<2xf32>) {\n"
                 "  %0 = stablehlo.uniform_quantize %b : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.uniform_quantize: the result's shape differs from the operand's");
}

TEST(empty_text_is_one_empty_module) {
    ir_module *m = parse_ok("// nothing but a comment\n");
    EXPECT(m != NULL && nmods == 1 && m->nfuncs == 0);
    done();
}

/* Every prefix of a valid program, in a buffer of exactly its length (so
 * that reading past len trips the address sanitizer), parses or fails with
 * a located message (unsupported when cut inside a name: "i3", "@check.e"). */
/* Every prefix of text parses or fails with a located DIAG_INVALID or
 * DIAG_UNSUPPORTED error; the whole text parses. */
static void check_prefixes(const char *text) {
    size_t n = strlen(text);
    for (size_t len = 0; len <= n; len++) {
        char *buf = mem_alloc(len);
        memcpy(buf, text, len);
        ir_module **m;
        int count;
        diag d = {0};
        int rc = front_parse("t.mlir", buf, len, &m, &count, &d);
        if (rc == DIAG_OK)
            front_free_modules(m, count);
        else if (strncmp(d.msg, "t.mlir:", 7) != 0 || (rc != DIAG_INVALID && rc != DIAG_UNSUPPORTED)) {
            fprintf(stderr, "prefix %zu: code %d, message %s\n", len, rc, d.msg);
            testing_failed_checks++;
        }
        mem_free(buf);
    }
    EXPECT(parse_ok(text) != NULL);
    done();
}

/* A program whose complex values the front end lowers: constants, a
 * public function's interleaved parameter, a region, a call and a check. */
static const char *const complex_sample =
    "func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<complex<f32>> {\n"
    "  %c = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>\n"
    "  %p = stablehlo.multiply %x, %c : tensor<2xcomplex<f32>>\n"
    "  %e = stablehlo.exponential %p : tensor<2xcomplex<f32>>\n"
    "  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>\n"
    "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] : "
    "(tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>\n"
    "  %h = func.call @half(%s) : (tensor<complex<f32>>) -> tensor<complex<f32>>\n"
    "  check.expect_almost_eq %h, %s : tensor<complex<f32>>\n"
    "  return %h : tensor<complex<f32>>\n"
    "}\n"
    "func.func private @half(%v: tensor<complex<f32>>) -> tensor<complex<f32>> {\n"
    "  %r = stablehlo.real %v : (tensor<complex<f32>>) -> tensor<f32>\n"
    "  %i = stablehlo.imag %v : (tensor<complex<f32>>) -> tensor<f32>\n"
    "  %w = stablehlo.complex %i, %r : tensor<complex<f32>>\n"
    "  return %w : tensor<complex<f32>>\n"
    "}\n";

/* Quantized types (per tensor, per axis, storage bounds) and their ops. */
static const char *const quant_sample =
    "func.func @main(%a: tensor<2x!quant.uniform<i8<-100:100>:f32, 0.5:-1>>) -> tensor<2xf32> {\n"
    "  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %p = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>\n"
    "  %q = \"stablehlo.uniform_quantize\"(%p) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> "
    "tensor<2x!quant.uniform<i8:f32, 1.5e-1:3>>\n"
    "  %s = stablehlo.add %a, %q : (tensor<2x!quant.uniform<i8<-100:100>:f32, 0.5:-1>>, "
    "tensor<2x!quant.uniform<i8:f32, 1.5e-1:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25>>\n"
    "  %d = stablehlo.dot_general %s, %s, contracting_dims = [0] x [0] : (tensor<2x!quant.uniform<i8:f32, 0.25>>, "
    "tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<!quant.uniform<i32:f32, 1.0E-2>>\n"
    "  %t = stablehlo.tanh %s : tensor<2x!quant.uniform<i8:f32, 0.25>>\n"
    "  %r = stablehlo.uniform_dequantize %t : (tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2xf32>\n"
    "  return %r : tensor<2xf32>\n"
    "}\n";

/* chlo.scan, reversed, with a capture: an op read as a loop around its region. */
static const char *const scan_sample =
    "func.func @main(%x: tensor<4x2xf32>, %s: tensor<2xf32>) -> tensor<4x2xf32> {\n"
    "  %z = stablehlo.constant dense<0.0> : tensor<2xf32>\n"
    "  %r:2 = chlo.scan(%x) inits(%z) dimension=0 attributes {is_reverse = true} {\n"
    "  ^bb0(%e: tensor<2xf32>, %c: tensor<2xf32>):\n"
    "    %m = stablehlo.multiply %e, %s : tensor<2xf32>\n"
    "    %n = stablehlo.add %m, %c : tensor<2xf32>\n"
    "    stablehlo.return %n, %n : tensor<2xf32>, tensor<2xf32>\n"
    "  } : (tensor<4x2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>, tensor<2xf32>)\n"
    "  return %r#0 : tensor<4x2xf32>\n"
    "}\n";

TEST(every_prefix_parses_or_fails_located) {
    check_prefixes(sample);
    check_prefixes(scan_sample);
    check_prefixes(quant_sample);
    check_prefixes(complex_sample);
}

/* The n-th allocation fails, for every n until the parse succeeds: each
 * failure is DIAG_NOMEM with a location, and nothing leaks. */
static void fail_each_allocation(const char *text) {
    for (long n = 1;; n++) {
        ir_module **m;
        int count;
        diag d = {0};
        mem_fail_after(n);
        int rc = front_parse("t.mlir", text, strlen(text), &m, &count, &d);
        mem_fail_after(0);
        if (rc == DIAG_OK) {
            front_free_modules(m, count);
            EXPECT(n > 10);
            break;
        }
        if (rc != DIAG_NOMEM || strncmp(d.msg, "t.mlir:", 7) != 0) {
            fprintf(stderr, "failing allocation %ld: code %d, message %s\n", n, rc, d.msg);
            testing_failed_checks++;
            break;
        }
    }
}

TEST(allocation_failures_are_reported_and_clean) {
    fail_each_allocation(sample);
    fail_each_allocation(scan_sample);
    fail_each_allocation(complex_sample);
    fail_each_allocation(quant_sample);
}

/* The lowering leaves no complex type, and the public function takes and
 * returns the parts interleaved (S x 2). */
TEST(complex_values_become_their_parts) {
    ir_module *m = parse_ok(complex_sample);
    EXPECT(m != NULL);
    if (!m) return;
    diag d = {0};
    EXPECT_EQ_INT(ir_verify_module(m, &d), DIAG_OK);
    const ir_func *f = ir_module_find(m, "main"), *g = ir_module_find(m, "half");
    EXPECT(f && g);
    if (f && g) {
        for (int i = 0; i < f->nvalues; i++) EXPECT(!ir_dtype_is_complex(f->values[i].type.dtype));
        const ir_type *x = &f->values[f->body->args[0]].type;
        EXPECT(x->dtype == IR_F32 && x->rank == 2 && x->dims[0] == 2 && x->dims[1] == 2);
        EXPECT(f->nresults == 1 && f->result_types[0].rank == 1 && f->result_types[0].dims[0] == 2);
        EXPECT_EQ_INT(g->body->nargs, 2);   /* private: the parts */
        EXPECT_EQ_INT(g->nresults, 2);
    }
    done();
}

TEST(dynamic_ops_need_constant_shapes) {
    EXPECT_ERROR("func.func @f(%s: tensor<2xi64>) {\n  %0 = stablehlo.dynamic_iota %s, dim = 0 : "
                 "(tensor<2xi64>) -> tensor<3x4xi64>\n}\n",
                 DIAG_UNSUPPORTED, "t.mlir:2:31: unsupported output shape operand that is not a constant (shapes must be "
                                   "known at compile time)");
    EXPECT_ERROR("func.func @f() {\n  %s = stablehlo.constant dense<[3, 5]> : tensor<2xi64>\n  %0 = "
                 "stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<3x4xi64>\n}\n",
                 DIAG_INVALID, "t.mlir:3:31: the output shape's dimension 1 is 5, the result type's 4");
    EXPECT_ERROR("func.func @f(%x: tensor<3xi32>, %z: tensor<i32>) {\n  %l = stablehlo.constant dense<[1, 1]> : "
                 "tensor<2xi64>\n  %0 = stablehlo.dynamic_pad %x, %z, %l, %l, %l : (tensor<3xi32>, tensor<i32>, "
                 "tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5xi32>\n}\n",
                 DIAG_INVALID, "t.mlir:3:38: edge_padding_low: expected 1 integers, got another count");
    EXPECT_ERROR("func.func @f(%x: tensor<3xi32>) {\n  %0 = stablehlo.dynamic_pad %x : (tensor<3xi32>) -> "
                 "tensor<3xi32>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: dynamic stablehlo.pad takes 5 operands, found 1");
}

TEST(malformed_complex_programs_are_errors) {
    EXPECT_ERROR("func.func @f(%a: tensor<2xcomplex<f32>>) {\n  %0 = stablehlo.compare GT, %a, %a : "
                 "(tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.compare: complex values compare only for EQ and NE");
    EXPECT_ERROR("func.func @f(%a: tensor<2xcomplex<f32>>, %b: tensor<2xf32>) {\n  %0 = stablehlo.multiply %a, %b : "
                 "(tensor<2xcomplex<f32>>, tensor<2xf32>) -> tensor<2xcomplex<f32>>\n}\n",
                 DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.multiply: operand 1 is of a real type where a complex one is expected");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<(1.0)> : tensor<complex<f32>>\n}\n", DIAG_INVALID,
                 "t.mlir:2:37: expected ',' between a complex literal's parts, found ')'");
    EXPECT_ERROR("func.func @f() {\n  %0 = stablehlo.constant dense<(1.0, true)> : tensor<complex<f64>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:39: boolean literal for element type f64");
    EXPECT_ERROR("func.func @f(%a: tensor<2xcomplex<f32>>) {\n  %0 = stablehlo.real %a : "
                 "(tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.real: the result is complex where a real type is expected");
    EXPECT_ERROR("func.func @f(%a: tensor<8xf32>) {\n  %0 = stablehlo.fft %a, type = FFT, length = [8] : "
                 "(tensor<8xf32>) -> tensor<8xcomplex<f32>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.fft: operand 0 is of a real type where a complex one is expected");
    EXPECT_ERROR("func.func @f(%a: tensor<8xcomplex<f32>>) {\n  %0 = stablehlo.fft %a, type = IRFFT, length = [8] : "
                 "(tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.fft: the result is complex where a real one is expected");
    EXPECT_ERROR("func.func @f(%a: tensor<8xf32>) {\n  %0 = stablehlo.fft %a, type = DCT, length = [8] : "
                 "(tensor<8xf32>) -> tensor<5xcomplex<f32>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:33: expected FFT, IFFT, RFFT or IRFFT, found 'DCT'");
    EXPECT_ERROR("func.func @f(%a: tensor<8xf32>) {\n  %0 = \"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type RFFT>} : "
                 "(tensor<8xf32>) -> tensor<5xcomplex<f32>>\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: missing attribute 'fft_length'");
    EXPECT_ERROR("func.func @f(%a: tensor<1x1x1x1x1x1x1x2xcomplex<f32>>) {\n  return\n}\n", DIAG_UNSUPPORTED,
                 "t.mlir:1:1: function: unsupported complex tensor of rank 8 at a function boundary (it travels as "
                 "a real tensor of rank 9)");
}

TEST(malformed_rng_bit_generators_are_errors) {
#define RNG(state, algorithm, bits) \
    "func.func @f(%s: " state ") {\n  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = " algorithm " : (" state \
    ") -> (" state ", " bits ")\n}\n"
    EXPECT_ERROR(RNG("tensor<3xui64>", "THREE_FRY", "tensor<4xui32>"), DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.rng_bit_generator: THREE_FRY takes a state of type tensor<2xui64>, found ui64 "
                 "of 1 dims");
    EXPECT_ERROR(RNG("tensor<2xui32>", "PHILOX", "tensor<4xui32>"), DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.rng_bit_generator: PHILOX takes a state of type tensor<2 or 3xui64>, found "
                 "ui32 of 1 dims");
    EXPECT_ERROR(RNG("tensor<2xui64>", "DEFAULT", "tensor<4xcomplex<f32>>"), DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.rng_bit_generator: no generator for elements of type complex<f32>");
    EXPECT_ERROR(RNG("tensor<2xui64>", "DEFAULT", "tensor<4xi1>"), DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.rng_bit_generator: no generator for elements of type i1");
    EXPECT_ERROR(RNG("tensor<2xui64>", "MERSENNE", "tensor<4xui32>"), DIAG_INVALID,
                 "t.mlir:2:56: expected DEFAULT, THREE_FRY or PHILOX, found 'MERSENNE'");
#undef RNG
    EXPECT_ERROR("func.func @f(%s: tensor<2xui64>) {\n  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : "
                 "(tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: stablehlo.rng_bit_generator: the new state's type is not the state's");
    EXPECT_ERROR("func.func @f(%s: tensor<2xui64>) {\n  %0 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : "
                 "(tensor<2xui64>) -> tensor<2xui64>\n}\n",
                 DIAG_INVALID,
                 "t.mlir:2:3: stablehlo.rng_bit_generator takes 1 operand and has 2 results, found 1 and 1");
    EXPECT_ERROR("func.func @f(%s: tensor<2xui64>) {\n  %0, %1 = \"stablehlo.rng_bit_generator\"(%s) : "
                 "(tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)\n}\n",
                 DIAG_INVALID, "t.mlir:2:3: missing attribute 'rng_algorithm'");
}

TEST(deep_nesting_is_an_error_not_a_crash) {
    enum { LEVELS = 300 };
    static char text[LEVELS * 400 + 200];
    size_t len = 0;
    len += (size_t)sprintf(text + len, "func.func @f(%%x: tensor<f32>) {\n");
    for (int i = 0; i < LEVELS; i++)
        len += (size_t)sprintf(
            text + len, "%%r%d = \"stablehlo.reduce\"(%%x, %%x) ({ ^bb0(%%a%d: tensor<f32>, %%b%d: tensor<f32>):\n", i,
            i, i);
    diag d = {0};
    text[len] = 0;
    EXPECT_EQ_INT(parse_fails(text, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "nested deeper than 256");
    char list[2000] = "func.func @f() {\n %0 = stablehlo.constant dense<";
    for (int i = 0; i < 300; i++) strcat(list, "[");
    strcat(list, "> : tensor<f32>\n}\n");
    EXPECT_EQ_INT(parse_fails(list, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "t.mlir:2:");
}

/* JAX's donation marks donate parameters; the printer keeps them (so the
 * program's text, the in-memory cache's key, differs by them). */
TEST(jax_donation_marks_donate_parameters) {
    ir_module *m = parse_ok(
        "func.func @main(%a: tensor<4xf32> {tf.aliasing_output = 1 : i32}, %b: tensor<4xf32>,"
        " %c: tensor<4xf32> {jax.buffer_donor = true, mhlo.sharding = \"{replicated}\"},"
        " %d: tensor<4xf32> {jax.buffer_donor = false}) -> (tensor<4xf32>, tensor<4xf32>) {\n"
        "  return %b, %a : tensor<4xf32>, tensor<4xf32>\n"
        "}\n");
    if (!m) return;
    EXPECT_EQ_INT((int)m->funcs[0]->donated, 5);
    size_t n;
    char *text = printed(m, &n);
    done();
    EXPECT_CONTAINS(text, "%a: tensor<4xf32> {jax.buffer_donor = true}, %b: tensor<4xf32>, "
                          "%c: tensor<4xf32> {jax.buffer_donor = true}, %d: tensor<4xf32>)");
    m = parse_ok(text);
    if (m) EXPECT_EQ_INT((int)m->funcs[0]->donated, 5);
    done();
    free(text);
}

/* JAX's custom calls that are read as ops refuse what they cannot mean
 * (a signature other than jaxlib's kernel's, an attribute out of range),
 * naming the target; so do the LAPACK ops' generic and pretty forms; any
 * other target stays unsupported. */
TEST(jax_custom_calls_refuse_malformed_forms) {
    static const struct {
        const char *call, *message;
        int code;
    } cases[] = {
        {"%r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<f32>)",
         "custom_call @lapack_spotrf_ffi: expected (T) -> (T, tensor<...xi32>)", DIAG_INVALID},
        {"%r = stablehlo.custom_call @lapack_spotrf_ffi(%a) : (tensor<3x3xf32>) -> tensor<3x3xf32>",
         "takes 1 operand and gives 2 results, found 1 and 1", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)", "uplo is neither L nor U", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 300 : ui16}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)", "uplo = 300 is no character", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = 7} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)", "expected a dictionary", DIAG_INVALID},
        {"%r = stablehlo.custom_call @lapack_strsm_ffi(%a, %a) {mhlo.backend_config = {side = 81 : ui8}} : "
         "(tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>", "side, uplo, trans_x or diag is out of range",
         DIAG_INVALID},
        {"%r = stablehlo.custom_call @Sharding(%a) : (tensor<3x3xf32>) -> tensor<9xf32>",
         "the result's type is not the operand's", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>)",
         "custom_call @lapack_sgetrf_ffi takes 1 operand and gives 3 results, found 1 and 2", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, "
         "tensor<i32>)", "custom_call @lapack_sgetrf_ffi: expected (tensor<...xMxNxT>) -> (tensor<...xMxNxT>, "
         "tensor<...xKxi32>, tensor<...xi32>), K = min(M, N) with T = f32", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, "
         "tensor<i32>)", "with T = f64", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>)",
         "custom_call @lapack_sgeqrf_ffi: expected (tensor<...xMxNxT>) -> (tensor<...xMxNxT>, tensor<...xKxT>)",
         DIAG_INVALID},
        {"%r = stablehlo.custom_call @lapack_sorgqr_ffi(%a) : (tensor<3x3xf32>) -> tensor<3x3xf32>",
         "custom_call @lapack_sorgqr_ffi takes 2 operands and gives 1 result, found 1 and 1", DIAG_INVALID},
        {"%r = stablehlo.custom_call @lapack_sorgqr_ffi(%a, %a) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>",
         "custom_call @lapack_sorgqr_ffi: expected (tensor<...xMxNxT>, tensor<...xKxT>) -> tensor<...xMxNxT>, "
         "M >= N >= K", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {mode = 88 : ui8, uplo = 76 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<i32>)", "mode = 'X' is not one of VN",
         DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {uplo = 70 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<i32>)", "uplo = 'F' is not one of LU",
         DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, "
         "tensor<3xi32>)", "custom_call @lapack_ssyevd_ffi: expected (tensor<...xNxNxT>)", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_sgesdd_ffi(%a) {mhlo.backend_config = {mode = 79 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "mode = 'O' is not one of ASN", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_sgesdd_ffi(%a) {mhlo.backend_config = {mode = 83 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x2xf32>, tensor<3x3xf32>, tensor<i32>)",
         "custom_call @lapack_sgesdd_ffi: expected", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgesvd_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, "
         "tensor<i32>)", "custom_call @lapack_sgesvd_ffi takes 1 operand and gives 5 results, found 1 and 3",
         DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_sgesvd_ffi(%a) {mhlo.backend_config = {mode = 79 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "custom_call @lapack_sgesvd_ffi: mode = 'O' is not one of ASN", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_dgesvd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "custom_call @lapack_dgesvd_ffi: expected (tensor<...xMxNxT>) -> (tensor<...xMxNxT>, tensor<...xKxR>, "
         "tensor<...xMxUxT>, tensor<...xVxNxT>, tensor<...xi32>), K = min(M, N), U = M and V = N (mode A), K (S), "
         "either (N), R T's real type with T = f64", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%c) {mhlo.backend_config = {mode = 65 : ui8}} : "
         "(tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, "
         "tensor<3x3xcomplex<f32>>, tensor<i32>)",
         "custom_call @lapack_cgesdd_ffi: expected", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_ssytrd_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<i32>)",
         "custom_call @lapack_ssytrd_ffi: expected (tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxT>, "
         "tensor<...xMxT>, tensor<...xMxT>, tensor<...xi32>), M = N - 1, N >= 1 with T = f32", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_ssytrd_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>)",
         "custom_call @lapack_ssytrd_ffi: uplo = 'X' is not one of LU", DIAG_INVALID},
        {"%r:4 = stablehlo.custom_call @lapack_ssytrd_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, "
         "tensor<2xf32>, tensor<2xf32>)", "custom_call @lapack_ssytrd_ffi takes 1 operand and gives 5 results",
         DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) {mhlo.backend_config = {high = 3 : i32, low = 0 : i32}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>, tensor<i32>)",
         "custom_call @lapack_sgehrd_ffi: low = 0 and high = 3 are not 1 <= low <= high <= N = 3", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) {mhlo.backend_config = {high = 4 : i32, low = 1 : i32}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>, tensor<i32>)", "low = 1 and high = 4 are not",
         DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) {mhlo.backend_config = {high = \"3\", low = 1 : i32}} : "
         "(tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>, tensor<i32>)", "expected an integer", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, "
         "tensor<i32>)", "custom_call @lapack_sgehrd_ffi: expected (tensor<...xNxNxT>) -> (tensor<...xNxNxT>, "
         "tensor<...xMxT>, tensor<...xi32>), M = N - 1, N >= 1 with T = f32", DIAG_INVALID},
        {"%r:2 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>)",
         "custom_call @lapack_sgehrd_ffi takes 1 operand and gives 3 results, found 1 and 2", DIAG_INVALID},
        {"%r:3 = \"arrayjit.gehrd\"(%a) <{ilo = 1}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>, "
         "tensor<i32>)", "missing attribute 'ihi'", DIAG_INVALID},
        {"%r:5 = \"arrayjit.sytrd\"(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<2xf32>, "
         "tensor<2xf32>, tensor<i32>)", "missing attribute 'lower'", DIAG_INVALID},
        {"%r:5 = arrayjit.gesvd %a : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, "
         "tensor<3x3xf32>, tensor<i32>)", "arrayjit.gesvd has only the generic form", DIAG_INVALID},
        {"%r:6 = stablehlo.custom_call @lapack_sgees_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, sort = 83 : ui8}}"
         " : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<i32>, "
         "tensor<i32>)", "custom_call @lapack_sgees_ffi: sort = 'S' is not one of N", DIAG_INVALID},
        {"%r:6 = stablehlo.custom_call @lapack_sgees_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, "
         "tensor<3xf32>, tensor<3xf32>, tensor<i32>, tensor<3xi32>)", "custom_call @lapack_sgees_ffi: expected "
         "(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxNxT>, tensor<...xNxT>, tensor<...xNxT>, "
         "tensor<...xi32>, tensor<...xi32>) with T = f32", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_cgees_ffi(%c) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, "
         "tensor<3x3xcomplex<f32>>, tensor<3xf32>, tensor<i32>, tensor<i32>)", "custom_call @lapack_cgees_ffi: expected "
         "(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxNxT>, tensor<...xNxT>, tensor<...xi32>, "
         "tensor<...xi32>) with T = complex<f32>", DIAG_INVALID},
        {"%r:6 = stablehlo.custom_call @lapack_cgees_ffi(%c) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, "
         "tensor<3x3xcomplex<f32>>, tensor<3xf32>, tensor<3xf32>, tensor<i32>, tensor<i32>)",
         "custom_call @lapack_cgees_ffi takes 1 operand and gives 5 results, found 1 and 6", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_chetrd_ffi(%c) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, "
         "tensor<3xcomplex<f32>>, tensor<2xf32>, tensor<2xcomplex<f32>>, tensor<i32>)", "custom_call @lapack_chetrd_ffi: "
         "expected (tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxR>, tensor<...xMxR>, tensor<...xMxT>, "
         "tensor<...xi32>), M = N - 1, N >= 1, R T's real type with T = complex<f32>", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_cgehrd_ffi(%c) {mhlo.backend_config = {high = 3 : i32, low = 0 : i32}} : "
         "(tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<i32>)",
         "custom_call @lapack_cgehrd_ffi: low = 0 and high = 3 are not 1 <= low <= high <= N = 3", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_zgehrd_ffi(%c) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, "
         "tensor<2xcomplex<f32>>, tensor<i32>)", "custom_call @lapack_zgehrd_ffi: expected (tensor<...xNxNxT>) -> "
         "(tensor<...xNxNxT>, tensor<...xMxT>, tensor<...xi32>), M = N - 1, N >= 1 with T = complex<f64>", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_cgeev_ffi(%c) : (tensor<3x3xcomplex<f32>>) -> (tensor<3xf32>, "
         "tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)",
         "custom_call @lapack_cgeev_ffi takes 1 operand and gives 4 results, found 1 and 5", DIAG_INVALID},
        {"%r:4 = stablehlo.custom_call @lapack_cgeev_ffi(%c) {mhlo.backend_config = {compute_right = 65 : ui8}} : "
         "(tensor<3x3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, "
         "tensor<i32>)", "custom_call @lapack_cgeev_ffi: compute_right = 'A' is not one of VN", DIAG_INVALID},
        {"%r:3 = \"arrayjit.syevd\"(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<i32>)",
         "missing attribute 'mode'", DIAG_INVALID},
        {"%r:3 = \"arrayjit.syevd\"(%a) <{mode = \"VN\", lower = true}> : (tensor<3x3xf32>) -> (tensor<3x3xf32>, "
         "tensor<3xf32>, tensor<i32>)", "arrayjit.syevd: mode must be one character", DIAG_INVALID},
        {"%r:3 = arrayjit.getrf %a : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>)",
         "arrayjit.getrf has only the generic form", DIAG_INVALID},
        {"%r:3 = stablehlo.custom_call @lapack_sgeev_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, "
         "tensor<i32>)", "custom_call @lapack_sgeev_ffi takes 1 operand and gives 5 results, found 1 and 3",
         DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_sgeev_ffi(%a) : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, "
         "tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)", "custom_call @lapack_sgeev_ffi: expected "
         "(tensor<...xNxNxT>) -> (tensor<...xNxT>, tensor<...xNxT>, tensor<...xNxNxcomplex<T>>, "
         "tensor<...xNxNxcomplex<T>>, tensor<...xi32>) with T = f32", DIAG_INVALID},
        {"%r:5 = stablehlo.custom_call @lapack_sgeev_ffi(%a) {mhlo.backend_config = {compute_left = 65 : ui8}} : "
         "(tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, "
         "tensor<i32>)", "custom_call @lapack_sgeev_ffi: compute_left = 'A' is not one of VN", DIAG_INVALID},
        {"%r:7 = \"arrayjit.geev\"(%a) <{jobvl = \"V\"}> : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, "
         "tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>, tensor<i32>)",
         "missing attribute 'jobvr'", DIAG_INVALID},
        {"%r = \"arrayjit.complex_part\"(%a, %a) <{fn = \"stablehlo.nope\", part = \"real\"}> : "
         "(tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>", "arrayjit.complex_part: fn = \"stablehlo.nope\" "
         "is no op", DIAG_INVALID},
        {"%r = \"arrayjit.complex_part\"(%a, %a) <{fn = \"stablehlo.abs\", part = \"both\"}> : "
         "(tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>", "part must be \"real\" or \"imag\"",
         DIAG_INVALID},
        {"%r = arrayjit.complex_part %a, %a : tensor<3x3xf32>", "arrayjit.complex_part has only the generic form",
         DIAG_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[1024];
        snprintf(text, sizeof text, "func.func @main(%%a: tensor<3x3xf32>, %%c: tensor<3x3xcomplex<f32>>) {\n  %s\n  return\n}\n",
                 cases[i].call);
        diag d = {0};
        EXPECT_EQ_INT(parse_fails(text, &d), cases[i].code);
        EXPECT_CONTAINS(d.msg, cases[i].message);
        EXPECT_CONTAINS(d.msg, "t.mlir:2:");
    }
}

int main(void) {
    RUN(jax_custom_calls_refuse_malformed_forms);
    RUN(jax_donation_marks_donate_parameters);
    RUN(pretty_module_with_functions_and_calls);
    RUN(locations_point_at_ops_and_functions);
    RUN(chunks_make_one_module_each);
    RUN(multi_result_packs_and_uses);
    RUN(elementwise_pretty_and_generic);
    RUN(shape_ops_pretty_and_generic);
    RUN(compare_pretty_and_generic);
    RUN(dot_general_pretty_and_generic);
    RUN(reduce_compact_builds_its_reducer);
    RUN(reduce_region_orders_block_args_accumulators_first);
    RUN(reduce_generic_region);
    RUN(dense_literals);
    RUN(narrow_dense_literals);
    RUN(checks_in_every_form);
    RUN(jax_text_with_debug_locations);
    RUN(generic_forms_of_constants_and_checks);
    RUN(malformed_text_is_located);
    RUN(chlo_ops_refuse_malformed_uses);
    RUN(chlo_scan_refuses_malformed_forms);
    RUN(unsupported_features_are_named);
    RUN(empty_text_is_one_empty_module);
    RUN(every_prefix_parses_or_fails_located);
    RUN(allocation_failures_are_reported_and_clean);
    RUN(complex_values_become_their_parts);
    RUN(malformed_complex_programs_are_errors);
    RUN(dynamic_ops_need_constant_shapes);
    RUN(malformed_rng_bit_generators_are_errors);
    RUN(deep_nesting_is_an_error_not_a_crash);
    RUN(symbols_round_trip);
    RUN(quantized_types_refuse_malformed_forms);
    return TESTS_DONE();
}
