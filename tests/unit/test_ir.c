/* test_ir: element and shaped types, the op table, construction, and the
 * text printer. */
#include <math.h>
#include <stdint.h>

#include "ir_fixture.h"
#include "testing.h"

/* ---- types --------------------------------------------------------------- */

TEST(dtype_names_round_trip) {
    for (int t = 0; t < IR_DTYPE_COUNT; t++) {
        const char *name = ir_dtype_name((ir_dtype)t);
        ir_dtype back;
        EXPECT(ir_dtype_from_name(name, strlen(name), &back));
        EXPECT_EQ_INT(back, t);
    }
    ir_dtype out;
    EXPECT(!ir_dtype_from_name("f3", 2, &out));
    EXPECT(!ir_dtype_from_name("f322", 4, &out));
    EXPECT(ir_dtype_from_name("ui8xyz", 3, &out) && out == IR_U8);   /* reads only n bytes */
}

TEST(dtype_properties) {
    EXPECT_EQ_INT(ir_dtype_size(IR_F32), 4);
    EXPECT_EQ_INT(ir_dtype_size(IR_F64), 8);
    EXPECT_EQ_INT(ir_dtype_size(IR_I1), 1);
    EXPECT_EQ_INT(ir_dtype_size(IR_BF16), 2);
    EXPECT(ir_dtype_is_float(IR_F32) && ir_dtype_is_float(IR_BF16) && !ir_dtype_is_float(IR_I32));
    EXPECT(ir_dtype_is_int(IR_I64) && ir_dtype_is_int(IR_U8) && !ir_dtype_is_int(IR_I1));
    EXPECT(ir_dtype_is_unsigned(IR_U32) && !ir_dtype_is_unsigned(IR_I32));
    ir_dtype t;
    EXPECT(ir_dtype_from_name("ui64", 4, &t) && t == IR_U64);
    EXPECT(ir_dtype_from_name("bf16", 4, &t) && t == IR_BF16);
    EXPECT(ir_dtype_from_name("i4", 2, &t) && t == IR_I4 && ir_dtype_bits(t) == 4 && ir_dtype_size(t) == 1);
    EXPECT(!ir_dtype_from_name("i3", 2, &t) && !ir_dtype_from_name("f8E4M3FX", 8, &t));
    EXPECT(ir_dtype_from_name("f8E4M3FN", 8, &t) && t == IR_F8E4M3FN && ir_dtype_is_float(t) && ir_dtype_size(t) == 1);
    EXPECT(ir_dtype_from_name("f4E2M1FN", 8, &t) && ir_dtype_bits(t) == 4 && ir_dtype_minifloat(t, NULL));
    ir_minifloat mf;
    EXPECT(ir_dtype_minifloat(IR_F8E5M2, &mf) && mf.exponent_bits == 5 && mf.mantissa_bits == 2 && mf.bias == 15);
    EXPECT(!ir_dtype_minifloat(IR_BF16, NULL));
    /* the codec's corners (tests/programs/minifloat_types.mlir has the rest) */
    EXPECT(ir_minifloat_bits(IR_F8E4M3FN, 448.0) == 0x7E && ir_minifloat_bits(IR_F8E4M3FN, 1e9) == 0x7F);
    EXPECT(ir_minifloat_bits(IR_F8E4M3FNUZ, -0.0) == 0 && ir_minifloat_value(IR_F8E4M3FNUZ, 0x80) != 0);
    EXPECT(ir_minifloat_bits(IR_F8E8M0FNU, 0.0) == 0xFF && ir_minifloat_value(IR_F8E8M0FNU, 0x7F) == 1.0);
    EXPECT(ir_minifloat_bits(IR_F4E2M1FN, 1e9) == 0x7 && ir_minifloat_value(IR_F4E2M1FN, 0xF) == -6.0);
    EXPECT(ir_minifloat_bits(IR_F8E5M2, 1e9) == 0x7C && ir_minifloat_bits(IR_F8E5M2, 1.25) == 0x3D);
    EXPECT_CONTAINS(ir_dtype_name(IR_U16), "ui16");
    /* exact conversions: integers within a float's significand (bf16: 2^8, f16: 2^11, f32: 16 bits) */
    EXPECT(ir_dtype_exact_in(IR_I8, IR_BF16) && ir_dtype_exact_in(IR_U8, IR_BF16) && ir_dtype_exact_in(IR_I4, IR_BF16));
    EXPECT(!ir_dtype_exact_in(IR_I16, IR_BF16) && !ir_dtype_exact_in(IR_I16, IR_F16) && ir_dtype_exact_in(IR_U8, IR_F16));
    EXPECT(!ir_dtype_exact_in(IR_F16, IR_BF16) && !ir_dtype_exact_in(IR_BF16, IR_F16) && ir_dtype_exact_in(IR_BF16, IR_F32));
    EXPECT(ir_dtype_exact_in(IR_I16, IR_F32) && !ir_dtype_exact_in(IR_I32, IR_F32) && !ir_dtype_exact_in(IR_I8, IR_U32));
}

TEST(shaped_types) {
    ir_type a = ty(IR_F32, 2, 2, 3), b = ty(IR_F32, 2, 2, 3), c = ty(IR_I32, 2, 2, 3), s = ir_type_scalar(IR_F64);
    EXPECT_EQ_INT(ir_type_numel(&a), 6);
    EXPECT_EQ_INT(ir_type_bytes(&a), 24);
    EXPECT_EQ_INT(ir_type_numel(&s), 1);
    EXPECT(ir_type_eq(&a, &b) && !ir_type_eq(&a, &c) && ir_type_same_shape(&a, &c));
    ir_type z = ty(IR_F32, 2, 0, 3);
    EXPECT_EQ_INT(ir_type_numel(&z), 0);
    char buf[64];
    EXPECT_CONTAINS(ir_type_str(&a, buf, sizeof buf), "tensor<2x3xf32>");
    EXPECT_CONTAINS(ir_type_str(&s, buf, sizeof buf), "tensor<f64>");
    ir_type str_ty = ty(IR_U8, 1, 5);
    EXPECT_CONTAINS(ir_type_str(&str_ty, buf, sizeof buf), "tensor<5xui8>");
    ir_type_str(&a, buf, 8);   /* truncates, always terminated */
    EXPECT_EQ_INT(strlen(buf), 7);
}

/* ---- op table -------------------------------------------------------------- */

TEST(op_table_lookups) {
    for (int op = 0; op < IR_OPCODE_COUNT; op++) {
        const char *name = ir_op_name((ir_opcode)op);
        ir_opcode back;
        EXPECT(ir_op_from_name(name, strlen(name), &back));
        EXPECT_EQ_INT(back, op);
    }
    ir_opcode out;
    EXPECT(ir_op_from_name("stablehlo.add", 13, &out) && out == IR_ADD);
    EXPECT(!ir_op_from_name("stablehlo.rng", 13, &out));
    EXPECT(!ir_op_from_name("stablehlo.ad", 12, &out));
    EXPECT_EQ_INT(ir_op_arity(IR_ADD), 2);
    EXPECT_EQ_INT(ir_op_arity(IR_SELECT), 3);
    EXPECT_EQ_INT(ir_op_arity(IR_REDUCE), -1);
    EXPECT_EQ_INT(ir_op_kind_of(IR_TANH), IR_KIND_UNARY);
    EXPECT_EQ_INT(ir_op_kind_of(IR_XOR), IR_KIND_BINARY);
    EXPECT_EQ_INT(ir_op_kind_of(IR_CHECK_CLOSE), IR_KIND_CHECK);
    EXPECT_EQ_INT(ir_op_kind_of(IR_DOT_GENERAL), IR_KIND_OTHER);
}

/* ---- construction ---------------------------------------------------------- */

TEST(construction_links_values_to_definitions) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *op = fx_op(&x, IR_ADD, IDS(a, a), ty(IR_F32, 1, 2));
    EXPECT_EQ_INT(x.f->body->nargs, 1);
    EXPECT(x.f->values[a].def == NULL);
    EXPECT(x.f->values[op->out[0]].def == op);
    EXPECT_EQ_INT(x.f->values[op->out[0]].def_index, 0);
    EXPECT(ir_module_find(x.m, "main") == x.f);
    EXPECT(ir_module_find(x.m, "nope") == NULL);
    EXPECT(ir_module_entry(x.m) == x.f);
    EXPECT_EQ_INT(fx_finish(&x, op), DIAG_OK);
    EXPECT_EQ_INT(x.f->nresults, 1);
    EXPECT(ir_module_intern(x.m, "a.mlir") == ir_module_intern(x.m, "a.mlir"));
    fx_end(&x);
}

TEST(entry_is_main_or_the_only_function) {
    fixture x = fx_begin();
    ir_func *main_fn = x.f;
    fx_func(&x, "helper");
    EXPECT(ir_module_entry(x.m) == main_fn);
    fx_end(&x);
    ir_module *m = ir_module_new();
    ir_func *only = ir_func_new(m, "f");
    EXPECT(ir_module_entry(m) == only);
    ir_func_new(m, "g");
    EXPECT(ir_module_entry(m) == NULL);
    ir_module_free(m);
}

/* ---- printer ---------------------------------------------------------------- */

TEST(print_small_function) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    float data[] = {1.0f, 2.5f};
    ir_op *c = fx_const(&x, ty(IR_F32, 1, 2), data);
    ir_op *add = fx_op(&x, IR_ADD, IDS(a, c->out[0]), ty(IR_F32, 1, 2));
    EXPECT_EQ_INT(fx_finish(&x, add), DIAG_OK);
    char *text = fx_print(x.m, NULL);
    EXPECT_STREQ(text,
                 "module {\n"
                 "  func.func public @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>) {\n"
                 "    %0 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>\n"
                 "    %1 = stablehlo.add %arg0, %0 : tensor<2xf32>\n"
                 "    func.return %1 : tensor<2xf32>\n"
                 "  }\n"
                 "}\n");
    free(text);
    fx_end(&x);
}

/* Unique source names are kept; a clash falls back to numbers, which skip
 * the kept names. */
TEST(print_uses_unique_source_names) {
    fixture x = fx_begin();
    x.m->name = mem_strdup("jit_f");
    ir_value_id a = fx_param(&x, ty(IR_I32, 0));
    x.f->values[a].name = mem_strdup("x");
    ir_op *n1 = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_I32, 0));
    ir_op *n2 = fx_op(&x, IR_NEGATE, IDS(n1->out[0]), ty(IR_I32, 0));
    ir_op *n3 = fx_op(&x, IR_NEGATE, IDS(n2->out[0]), ty(IR_I32, 0));
    ir_op *n4 = fx_op(&x, IR_NEGATE, IDS(n3->out[0]), ty(IR_I32, 0));
    x.f->values[n1->out[0]].name = mem_strdup("0");       /* kept: numbering skips it */
    x.f->values[n2->out[0]].name = mem_strdup("dup");     /* clashes with n3: both numbered */
    x.f->values[n3->out[0]].name = mem_strdup("dup");
    x.f->values[n4->out[0]].name = mem_strdup("bad name"); /* not an MLIR name */
    EXPECT_EQ_INT(fx_finish(&x, n4), DIAG_OK);
    char *text = fx_print(x.m, NULL);
    EXPECT_STREQ(text,
                 "module @jit_f {\n"
                 "  func.func public @main(%x: tensor<i32>) -> (tensor<i32>) {\n"
                 "    %0 = stablehlo.negate %x : tensor<i32>\n"
                 "    %1 = stablehlo.negate %0 : tensor<i32>\n"
                 "    %2 = stablehlo.negate %1 : tensor<i32>\n"
                 "    %3 = stablehlo.negate %2 : tensor<i32>\n"
                 "    func.return %3 : tensor<i32>\n"
                 "  }\n"
                 "}\n");
    free(text);
    fx_end(&x);
}

TEST(print_numbering_skips_kept_names) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_I32, 0));
    ir_op *n1 = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_I32, 0));
    ir_op *n2 = fx_op(&x, IR_NEGATE, IDS(n1->out[0]), ty(IR_I32, 0));
    x.f->values[n2->out[0]].name = mem_strdup("0");
    x.f->values[a].name = mem_strdup("arg1");
    ir_value_id b = fx_param(&x, ty(IR_I32, 0));   /* unnamed: %arg0 */
    (void)b;
    EXPECT_EQ_INT(fx_finish(&x, n2), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_STREQ(text,
                 "func.func public @main(%arg1: tensor<i32>, %arg0: tensor<i32>) -> (tensor<i32>) {\n"
                 "  %1 = stablehlo.negate %arg1 : tensor<i32>\n"
                 "  %0 = stablehlo.negate %1 : tensor<i32>\n"
                 "  func.return %0 : tensor<i32>\n"
                 "}\n");
    free(text);
    fx_end(&x);
}

/* Splats, lists, nesting, booleans, non-finite floats as bits, hex blobs. */
TEST(print_constants) {
    fixture x = fx_begin();
    float splat[3] = {0.5f, 0.5f, 0.5f};
    float odd[4] = {0.1f, -0.0f, INFINITY, 1e10f};
    double d[2] = {0.1, -2.0};
    int64_t ints[2][2] = {{-1, 2}, {3, 4}};
    unsigned char bools[3] = {1, 0, 1};
    int32_t big[17];
    for (int i = 0; i < 17; i++) big[i] = i;
    float nan_scalar = NAN;
    ir_op *ops[7] = {
        fx_const(&x, ty(IR_F32, 1, 3), splat), fx_const(&x, ty(IR_F32, 1, 4), odd),
        fx_const(&x, ty(IR_F64, 1, 2), d),     fx_const(&x, ty(IR_I64, 2, 2, 2), ints),
        fx_const(&x, ty(IR_I1, 1, 3), bools),  fx_const(&x, ty(IR_I32, 1, 17), big),
        fx_const(&x, ty(IR_F32, 0), &nan_scalar),
    };
    ir_op *empty = fx_op(&x, IR_CONSTANT, NO_IDS, ty(IR_F32, 1, 0));
    empty->a.data = mem_alloc(0);
    ir_value_id outs[8];
    for (int i = 0; i < 7; i++) outs[i] = ops[i]->out[0];
    outs[7] = empty->out[0];
    fx_return(&x, 8, outs);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_CONTAINS(text, "%0 = stablehlo.constant dense<0.5> : tensor<3xf32>\n");
    EXPECT_CONTAINS(text, "%1 = stablehlo.constant dense<[0.1, -0.0, 0x7F800000, 1.0e+10]> : tensor<4xf32>\n");
    EXPECT_CONTAINS(text, "%2 = stablehlo.constant dense<[0.1, -2.0]> : tensor<2xf64>\n");
    EXPECT_CONTAINS(text, "%3 = stablehlo.constant dense<[[-1, 2], [3, 4]]> : tensor<2x2xi64>\n");
    EXPECT_CONTAINS(text, "%4 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>\n");
    EXPECT_CONTAINS(text, "%5 = stablehlo.constant dense<\"0x000000000100000002000000");
    EXPECT_CONTAINS(text, "10000000\"> : tensor<17xi32>\n");
    EXPECT_CONTAINS(text, "%6 = stablehlo.constant dense<0x7FC00000> : tensor<f32>\n");
    EXPECT_CONTAINS(text, "%7 = stablehlo.constant dense<> : tensor<0xf32>\n");
    free(text);
    fx_end(&x);
}

/* Floats print in the shortest form that reads back to the same bits. */
TEST(print_floats_round_trip) {
    float values[] = {0.1f, 1.0f / 3.0f, 3.14159265f, 1e-45f, 3.4028235e38f, -123456.789f, 16777216.0f};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
        fixture x = fx_begin();
        float pair[2] = {values[i], 0.0f};
        fx_finish(&x, fx_const(&x, ty(IR_F32, 1, 2), pair));
        char *text = fx_print(x.m, x.f);
        const char *list = strstr(text, "dense<[");
        EXPECT(list != NULL);
        if (list) {
            float back = strtof(list + 7, NULL);
            EXPECT(memcmp(&back, &values[i], sizeof back) == 0);
        }
        free(text);
        fx_end(&x);
    }
}

/* reduce(input, init) across dimension 1, with an empty body whose two
 * scalar arguments land in args. */
static ir_op *new_reduce(fixture *x, ir_value_id input, ir_value_id init, ir_type result, ir_value_id args[2]) {
    ir_op *r = ir_op_append(x->f, x->f->body, IR_REDUCE, 2, (ir_value_id[]){input, init}, 1, &result);
    fx_ints(&r->a.dims, 1, 1);
    ir_block *body = ir_op_add_region(r);
    ir_type s = ir_type_scalar(result.dtype);
    args[0] = ir_block_add_arg(x->f, body, &s);
    args[1] = ir_block_add_arg(x->f, body, &s);
    return r;
}

TEST(print_reduce_compact_and_reducer_forms) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 2, 2, 3)), args[2];
    ir_type s = ir_type_scalar(IR_F32);
    float zero = 0;
    ir_op *init = fx_const(&x, s, &zero);
    x.f->values[init->out[0]].name = mem_strdup("cst");
    /* One binary op on (acc, x), returned: the compact form. */
    ir_op *sum = new_reduce(&x, a, init->out[0], ty(IR_F32, 1, 2), args);
    ir_op *add = fx_op_in(&x, sum->regions[0], IR_ADD, 2, args, 1, &s);
    fx_op_in(&x, sum->regions[0], IR_RETURN, 1, add->out, 0, NULL);
    /* Anything else: the reducer form. */
    ir_op *r2 = new_reduce(&x, a, init->out[0], ty(IR_F32, 1, 2), args);
    ir_op *max = fx_op_in(&x, r2->regions[0], IR_MAXIMUM, 2, args, 1, &s);
    ir_op *neg = fx_op_in(&x, r2->regions[0], IR_NEGATE, 1, max->out, 1, &s);
    fx_op_in(&x, r2->regions[0], IR_RETURN, 1, neg->out, 0, NULL);
    fx_return(&x, 2, (ir_value_id[]){sum->out[0], r2->out[0]});
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_STREQ(text,
                 "func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {\n"
                 "  %cst = stablehlo.constant dense<0.0> : tensor<f32>\n"
                 "  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] :"
                 " (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
                 "  %1 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [1] :"
                 " (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
                 "   reducer(%arg1: tensor<f32>, %arg2: tensor<f32>)  {\n"
                 "    %2 = stablehlo.maximum %arg1, %arg2 : tensor<f32>\n"
                 "    %3 = stablehlo.negate %2 : tensor<f32>\n"
                 "    stablehlo.return %3 : tensor<f32>\n"
                 "  }\n"
                 "  func.return %0, %1 : tensor<2xf32>, tensor<2xf32>\n"
                 "}\n");
    free(text);
    fx_end(&x);
}

/* Two inputs: "%0:2 = ...", arguments paired (acc_k, x_k), uses as %0#k. */
TEST(print_multi_result_reduce) {
    fixture x = fx_begin();
    ir_value_id v = fx_param(&x, ty(IR_F32, 1, 4)), i = fx_param(&x, ty(IR_I32, 1, 4));
    ir_value_id fi = fx_param(&x, ty(IR_F32, 0)), ii = fx_param(&x, ty(IR_I32, 0));
    ir_type res[2] = {ty(IR_F32, 0), ty(IR_I32, 0)};
    ir_op *r = ir_op_append(x.f, x.f->body, IR_REDUCE, 4, (ir_value_id[]){v, i, fi, ii}, 2, res);
    fx_ints(&r->a.dims, 1, 0);
    ir_block *body = ir_op_add_region(r);
    ir_value_id args[4];
    for (int k = 0; k < 4; k++) args[k] = ir_block_add_arg(x.f, body, &res[k % 2]);
    fx_op_in(&x, body, IR_RETURN, 2, (ir_value_id[]){args[2], args[3]}, 0, NULL);
    x.f->values[r->out[0]].name = mem_strdup("m#0");
    x.f->values[r->out[1]].name = mem_strdup("m#1");
    EXPECT_EQ_INT(fx_finish(&x, r), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_CONTAINS(text, "  %m:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [0] :"
                          " (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n"
                          "   reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {\n"
                          "    stablehlo.return %arg6, %arg7 : tensor<f32>, tensor<i32>\n"
                          "  }\n"
                          "  func.return %m#0, %m#1 : tensor<f32>, tensor<i32>\n");
    free(text);
    fx_end(&x);
}

TEST(print_shape_ops) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 2, 2, 3)), s = fx_param(&x, ty(IR_F32, 0));
    ir_op *b = fx_op(&x, IR_BROADCAST_IN_DIM, IDS(s), ty(IR_F32, 2, 2, 3));
    ir_op *t = fx_op(&x, IR_TRANSPOSE, IDS(a), ty(IR_F32, 2, 3, 2));
    fx_ints(&t->a.dims, 2, 1, 0);
    ir_op *sl = fx_op(&x, IR_SLICE, IDS(a), ty(IR_F32, 2, 1, 2));
    fx_ints(&sl->a.start, 2, 1, 0);
    fx_ints(&sl->a.limit, 2, 2, 3);
    fx_ints(&sl->a.stride, 2, 1, 2);
    ir_op *cat = fx_op(&x, IR_CONCATENATE, IDS(a, b->out[0]), ty(IR_F32, 2, 4, 3));
    ir_op *rev = fx_op(&x, IR_REVERSE, IDS(a), ty(IR_F32, 2, 2, 3));
    fx_ints(&rev->a.dims, 1, 1);
    ir_op *rs = fx_op(&x, IR_RESHAPE, IDS(a), ty(IR_F32, 1, 6));
    ir_op *cv = fx_op(&x, IR_CONVERT, IDS(rs->out[0]), ty(IR_I32, 1, 6));
    ir_op *io = fx_op(&x, IR_IOTA, NO_IDS, ty(IR_I64, 2, 5, 4));
    io->a.axis = 1;
    ir_value_id outs[] = {t->out[0], sl->out[0], cat->out[0], rev->out[0], cv->out[0], io->out[0]};
    fx_return(&x, 6, outs);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_CONTAINS(text, "%0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>\n");
    EXPECT_CONTAINS(text, "%1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n");
    EXPECT_CONTAINS(text, "%2 = stablehlo.slice %arg0 [1:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>\n");
    EXPECT_CONTAINS(text, "%3 = stablehlo.concatenate %arg0, %0, dim = 0 :"
                          " (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n");
    EXPECT_CONTAINS(text, "%4 = stablehlo.reverse %arg0, dims = [1] : tensor<2x3xf32>\n");
    EXPECT_CONTAINS(text, "%5 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>\n");
    EXPECT_CONTAINS(text, "%6 = stablehlo.convert %5 : (tensor<6xf32>) -> tensor<6xi32>\n");
    EXPECT_CONTAINS(text, "%7 = stablehlo.iota dim = 1 : tensor<5x4xi64>\n");
    free(text);
    fx_end(&x);
}

TEST(print_compare_select_clamp_dot) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 2, 2, 3)), m = fx_param(&x, ty(IR_F32, 3, 4, 3, 5));
    ir_value_id lo = fx_param(&x, ty(IR_F32, 0));
    ir_op *cmp = fx_op(&x, IR_COMPARE, IDS(a, a), ty(IR_I1, 2, 2, 3));
    cmp->a.cmp = IR_CMP_GT;
    cmp->a.cmp_type = IR_CMPT_FLOAT;
    ir_op *cmp2 = fx_op(&x, IR_COMPARE, IDS(a, a), ty(IR_I1, 2, 2, 3));
    cmp2->a.cmp = IR_CMP_EQ;
    ir_op *sel = fx_op(&x, IR_SELECT, IDS(cmp->out[0], a, a), ty(IR_F32, 2, 2, 3));
    ir_op *cl = fx_op(&x, IR_CLAMP, IDS(lo, a, lo), ty(IR_F32, 2, 2, 3));
    ir_op *cl2 = fx_op(&x, IR_CLAMP, IDS(a, a, a), ty(IR_F32, 2, 2, 3));
    ir_op *dot = fx_op(&x, IR_DOT_GENERAL, IDS(a, m), ty(IR_F32, 3, 2, 4, 5));
    fx_ints(&dot->a.lhs_contract, 1, 1);
    fx_ints(&dot->a.rhs_contract, 1, 1);
    ir_op *bdot = fx_op(&x, IR_DOT_GENERAL, IDS(m, m), ty(IR_F32, 3, 4, 3, 3));
    fx_ints(&bdot->a.lhs_batch, 1, 0);
    fx_ints(&bdot->a.rhs_batch, 1, 0);
    fx_ints(&bdot->a.lhs_contract, 1, 2);
    fx_ints(&bdot->a.rhs_contract, 1, 2);
    ir_value_id outs[] = {cmp2->out[0], sel->out[0], cl->out[0], cl2->out[0], dot->out[0], bdot->out[0]};
    fx_return(&x, 6, outs);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_OK);
    char *text = fx_print(x.m, x.f);
    EXPECT_CONTAINS(text, "%0 = stablehlo.compare  GT, %arg0, %arg0,  FLOAT :"
                          " (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>\n");
    EXPECT_CONTAINS(text, "%1 = stablehlo.compare  EQ, %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>\n");
    EXPECT_CONTAINS(text, "%2 = stablehlo.select %0, %arg0, %arg0 : tensor<2x3xi1>, tensor<2x3xf32>\n");
    EXPECT_CONTAINS(text, "%3 = stablehlo.clamp %arg2, %arg0, %arg2 :"
                          " (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>\n");
    EXPECT_CONTAINS(text, "%4 = stablehlo.clamp %arg0, %arg0, %arg0 : tensor<2x3xf32>\n");
    EXPECT_CONTAINS(text, "%5 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] :"
                          " (tensor<2x3xf32>, tensor<4x3x5xf32>) -> tensor<2x4x5xf32>\n");
    EXPECT_CONTAINS(text, "%6 = stablehlo.dot_general %arg1, %arg1, batching_dims = [0] x [0],"
                          " contracting_dims = [2] x [2] : (tensor<4x3x5xf32>, tensor<4x3x5xf32>) -> tensor<4x3x3xf32>\n");
    free(text);
    fx_end(&x);
}

TEST(print_calls_and_checks) {
    fixture x = fx_begin();
    ir_func *main_fn = x.f;
    ir_func *helper = fx_func(&x, "twice");
    helper->is_public = false;
    ir_value_id p = fx_param(&x, ty(IR_I64, 0));
    ir_op *add = fx_op(&x, IR_ADD, IDS(p, p), ty(IR_I64, 0));
    fx_return(&x, 1, add->out);
    x.f = main_fn;
    int64_t one = 1;
    ir_op *c = fx_const(&x, ty(IR_I64, 0), &one);
    ir_op *call = fx_op(&x, IR_CALL, IDS(c->out[0]), ty(IR_I64, 0));
    call->a.callee = mem_strdup("twice");
    ir_op *eq = fx_op(&x, IR_CHECK_EQ, IDS(call->out[0], c->out[0]), ty(IR_I64, 0));
    (void)eq;
    double fd[1] = {2.0};
    ir_op *f1 = fx_const(&x, ty(IR_F64, 0), fd);
    ir_op *almost = fx_op(&x, IR_CHECK_ALMOST_EQ, IDS(f1->out[0], f1->out[0]), ty(IR_F64, 0));
    almost->a.tolerance = 1e-4;
    ir_op *close = fx_op(&x, IR_CHECK_CLOSE, IDS(f1->out[0], f1->out[0]), ty(IR_F64, 0));
    close->a.max_ulp = 3;
    ir_op *close2 = fx_op(&x, IR_CHECK_CLOSE, IDS(f1->out[0], f1->out[0]), ty(IR_F64, 0));
    close2->a.max_ulp = 10;
    close2->a.min_ulp = 1;
    EXPECT_EQ_INT(fx_finish(&x, NULL), DIAG_OK);
    char *text = fx_print(x.m, NULL);
    EXPECT_STREQ(text,
                 "module {\n"
                 "  func.func public @main() {\n"
                 "    %0 = stablehlo.constant dense<1> : tensor<i64>\n"
                 "    %1 = func.call @twice(%0) : (tensor<i64>) -> tensor<i64>\n"
                 "    check.expect_eq %1, %0 : tensor<i64>\n"
                 "    %2 = stablehlo.constant dense<2.0> : tensor<f64>\n"
                 "    check.expect_almost_eq %2, %2, tolerance = 0.0001 : tensor<f64>\n"
                 "    check.expect_close %2, %2, max_ulp_difference = 3 : tensor<f64>, tensor<f64>\n"
                 "    check.expect_close %2, %2, max_ulp_difference = 10, min_ulp_difference = 1 : tensor<f64>, tensor<f64>\n"
                 "    func.return\n"
                 "  }\n"
                 "  func.func private @twice(%arg0: tensor<i64>) -> (tensor<i64>) {\n"
                 "    %0 = stablehlo.add %arg0, %arg0 : tensor<i64>\n"
                 "    func.return %0 : tensor<i64>\n"
                 "  }\n"
                 "}\n");
    free(text);
    fx_end(&x);
}

/* Malformed IR still prints: the generic form, and bad ids spelled out. */
TEST(print_malformed_ops) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *bad = fx_op(&x, IR_ADD, IDS(a), ty(IR_F32, 1, 2));          /* one operand */
    ir_op *neg = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_F32, 1, 2));
    neg->in[0] = 99;
    fx_return(&x, 1, bad->out);
    char *text = fx_print(x.m, x.f);
    EXPECT_CONTAINS(text, "%0 = \"stablehlo.add\"(%arg0) : (tensor<2xf32>) -> (tensor<2xf32>)\n");
    EXPECT_CONTAINS(text, "%1 = stablehlo.negate %<bad value 99> : (<?>) -> tensor<2xf32>\n");
    free(text);
    fx_end(&x);
}

/* Out of memory, names fall back to value ids; nothing leaks. */
TEST(print_without_memory) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *add = fx_op(&x, IR_ADD, IDS(a, a), ty(IR_F32, 1, 2));
    fx_return(&x, 1, add->out);
    for (long n = 1; n <= 6; n++) {
        mem_fail_after(n);
        char *text = fx_print(x.m, x.f);
        mem_fail_after(0);
        EXPECT_CONTAINS(text, "stablehlo.add");
        EXPECT_CONTAINS(text, "func.return");
        free(text);
    }
    mem_fail_after(1);
    char *text = fx_print(x.m, x.f);
    mem_fail_after(0);
    EXPECT_CONTAINS(text, "%v1 = stablehlo.add %v0, %v0 : tensor<2xf32>");
    free(text);
    fx_end(&x);
}

int main(void) {
    RUN(dtype_names_round_trip);
    RUN(dtype_properties);
    RUN(shaped_types);
    RUN(op_table_lookups);
    RUN(construction_links_values_to_definitions);
    RUN(entry_is_main_or_the_only_function);
    RUN(print_small_function);
    RUN(print_uses_unique_source_names);
    RUN(print_numbering_skips_kept_names);
    RUN(print_constants);
    RUN(print_floats_round_trip);
    RUN(print_reduce_compact_and_reducer_forms);
    RUN(print_multi_result_reduce);
    RUN(print_shape_ops);
    RUN(print_compare_select_clamp_dot);
    RUN(print_calls_and_checks);
    RUN(print_malformed_ops);
    RUN(print_without_memory);
    return TESTS_DONE();
}
