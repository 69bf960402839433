/* test_verify: each op's shape and type rule (a valid case and invalid
 * ones whose message names the op, the operand and what was expected), and
 * the verifier's invariants: definitions, scopes, returns, calls,
 * recursion, supported types. */
#include "ir_fixture.h"
#include "testing.h"

#define TYPES(...) (int)(sizeof((ir_type[]){__VA_ARGS__}) / sizeof(ir_type)), (ir_type[]){__VA_ARGS__}

/* main(p0, p1, ...) { %r = code(p0, p1, ...) } (the return is added by
 * VERDICT). */
static ir_op *single_op(fixture *x, ir_opcode code, int n, const ir_type *params, ir_type result) {
    ir_value_id ids[8];
    for (int i = 0; i < n && i < 8; i++) ids[i] = fx_param(x, params[i]);
    return fx_op(x, code, n, ids, result);
}

/* Finishes and verifies x (returning op's results), expects the code and,
 * for a failure, the text in the message; frees x. */
#define VERDICT(x, op, code, text) do { \
    int rc_ = fx_finish((x), (op)); \
    if (rc_ != (code)) { \
        fprintf(stderr, "%s:%d: verify returned %d (\"%s\"), expected %d\n", __FILE__, __LINE__, rc_, \
                rc_ ? (x)->d.msg : "", (code)); \
        testing_failed_checks++; \
    } else if ((code) != DIAG_OK) { \
        EXPECT_CONTAINS((x)->d.msg, (text)); \
    } \
    fx_end(x); } while (0)

#define OK(x, op) VERDICT(x, op, DIAG_OK, "")
#define INVALID(x, op, text) VERDICT(x, op, DIAG_INVALID, text)

/* ---- elementwise ops -------------------------------------------------------- */

/* For each op: an element type it accepts and one it rejects (IR_DTYPE_COUNT:
 * it accepts them all), and the words naming what it accepts. */
typedef struct elementwise_case {
    ir_opcode op;
    ir_dtype good, bad;
    const char *accepts;
} elementwise_case;

static const elementwise_case unary_cases[] = {
    {IR_ABS, IR_I32, IR_I1, "signed integer or floating-point"},
    {IR_CBRT, IR_F32, IR_I32, "floating-point"},
    {IR_CEIL, IR_F64, IR_I64, "floating-point"},
    {IR_COSINE, IR_F32, IR_I32, "floating-point"},
    {IR_COUNT_LEADING_ZEROS, IR_I64, IR_F32, "integer"},
    {IR_EXPONENTIAL, IR_F32, IR_I32, "floating-point"},
    {IR_EXPONENTIAL_MINUS_ONE, IR_F64, IR_I1, "floating-point"},
    {IR_FLOOR, IR_F32, IR_I32, "floating-point"},
    {IR_IS_FINITE, IR_F32, IR_I32, "floating-point"},
    {IR_LOG, IR_F32, IR_I64, "floating-point"},
    {IR_LOG_PLUS_ONE, IR_F32, IR_I32, "floating-point"},
    {IR_LOGISTIC, IR_F64, IR_I32, "floating-point"},
    {IR_NEGATE, IR_I32, IR_I1, "integer or floating-point"},
    {IR_NOT, IR_I1, IR_F32, "boolean or integer"},
    {IR_POPCNT, IR_I32, IR_F64, "integer"},
    {IR_ROUND_NEAREST_AFZ, IR_F32, IR_I32, "floating-point"},
    {IR_ROUND_NEAREST_EVEN, IR_F32, IR_I32, "floating-point"},
    {IR_RSQRT, IR_F32, IR_I32, "floating-point"},
    {IR_SIGN, IR_I64, IR_I1, "signed integer or floating-point"},
    {IR_SINE, IR_F32, IR_I32, "floating-point"},
    {IR_SQRT, IR_F64, IR_I64, "floating-point"},
    {IR_TAN, IR_F32, IR_I32, "floating-point"},
    {IR_TANH, IR_F32, IR_I32, "floating-point"},
    {IR_ACOS, IR_F32, IR_I32, "floating-point"},
    {IR_ACOSH, IR_F64, IR_I64, "floating-point"},
    {IR_ASIN, IR_F32, IR_I1, "floating-point"},
    {IR_ASINH, IR_F16, IR_I32, "floating-point"},
    {IR_ATAN, IR_F32, IR_I32, "floating-point"},
    {IR_ATANH, IR_BF16, IR_I32, "floating-point"},
    {IR_COSH, IR_F32, IR_I32, "floating-point"},
    {IR_SINH, IR_F64, IR_I32, "floating-point"},
    {IR_ERF, IR_F32, IR_I32, "floating-point"},
    {IR_ERFC, IR_F32, IR_I64, "floating-point"},
    {IR_ERF_INV, IR_F32, IR_I32, "floating-point"},
    {IR_LGAMMA, IR_F64, IR_I32, "floating-point"},
    {IR_DIGAMMA, IR_F32, IR_I32, "floating-point"},
    {IR_BESSEL_I1E, IR_BF16, IR_I32, "floating-point"},
};

static const elementwise_case binary_cases[] = {
    {IR_ADD, IR_I1, IR_DTYPE_COUNT, ""},
    {IR_ATAN2, IR_F32, IR_I32, "floating-point"},
    {IR_AND, IR_I1, IR_F32, "boolean or integer"},
    {IR_DIVIDE, IR_I32, IR_I1, "integer or floating-point"},
    {IR_MAXIMUM, IR_I1, IR_DTYPE_COUNT, ""},
    {IR_MINIMUM, IR_F64, IR_DTYPE_COUNT, ""},
    {IR_MULTIPLY, IR_I64, IR_DTYPE_COUNT, ""},
    {IR_OR, IR_I32, IR_F64, "boolean or integer"},
    {IR_POWER, IR_F32, IR_I1, "integer or floating-point"},
    {IR_REMAINDER, IR_I64, IR_I1, "integer or floating-point"},
    {IR_SHIFT_LEFT, IR_I32, IR_F32, "integer"},
    {IR_SHIFT_RIGHT_ARITHMETIC, IR_I64, IR_I1, "integer"},
    {IR_SHIFT_RIGHT_LOGICAL, IR_I32, IR_F32, "integer"},
    {IR_SUBTRACT, IR_F32, IR_I1, "integer or floating-point"},
    {IR_XOR, IR_I1, IR_F32, "boolean or integer"},
    {IR_NEXT_AFTER, IR_F32, IR_I32, "floating-point"},
    {IR_POLYGAMMA, IR_F32, IR_I32, "floating-point"},
    {IR_ZETA, IR_F64, IR_I64, "floating-point"},
    {IR_MULHI, IR_U32, IR_F32, "integer"},
};

static bool listed(const elementwise_case *cases, size_t n, ir_opcode op) {
    for (size_t i = 0; i < n; i++)
        if (cases[i].op == op) return true;
    return false;
}

TEST(every_elementwise_op_has_a_case) {
    for (int op = 0; op < IR_OPCODE_COUNT; op++) {
        if (ir_op_kind_of((ir_opcode)op) == IR_KIND_UNARY)
            EXPECT(listed(unary_cases, sizeof unary_cases / sizeof *unary_cases, (ir_opcode)op));
        if (ir_op_kind_of((ir_opcode)op) == IR_KIND_BINARY)
            EXPECT(listed(binary_cases, sizeof binary_cases / sizeof *binary_cases, (ir_opcode)op));
    }
}

static ir_dtype unary_result(ir_opcode op, ir_dtype in) { return op == IR_IS_FINITE ? IR_I1 : in; }

TEST(unary_ops) {
    for (size_t i = 0; i < sizeof unary_cases / sizeof *unary_cases; i++) {
        const elementwise_case *c = &unary_cases[i];
        fixture x = fx_begin();
        ir_op *op = single_op(&x, c->op, TYPES(ty(c->good, 1, 3)), ty(unary_result(c->op, c->good), 1, 3));
        OK(&x, op);

        x = fx_begin();
        op = single_op(&x, c->op, TYPES(ty(c->bad, 1, 3)), ty(unary_result(c->op, c->bad), 1, 3));
        char want[200];
        snprintf(want, sizeof want, "in @main: '%s' op operand 0: expected a tensor of %s type, got tensor<3x%s>",
                 ir_op_name(c->op), c->accepts, ir_dtype_name(c->bad));
        INVALID(&x, op, want);
    }
}

TEST(unary_result_must_match) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_IS_FINITE, TYPES(ty(IR_F32, 1, 3)), ty(IR_F32, 1, 3));
    INVALID(&x, op, "'stablehlo.is_finite' op result 0: expected tensor<3xi1> (inferred from the operands), got tensor<3xf32>");
    x = fx_begin();
    op = single_op(&x, IR_TANH, TYPES(ty(IR_F32, 2, 2, 3)), ty(IR_F32, 1, 6));
    INVALID(&x, op, "'stablehlo.tanh' op result 0: expected tensor<2x3xf32>");
}

TEST(binary_ops) {
    for (size_t i = 0; i < sizeof binary_cases / sizeof *binary_cases; i++) {
        const elementwise_case *c = &binary_cases[i];
        ir_type t = ty(c->good, 2, 2, 3);
        fixture x = fx_begin();
        ir_op *op = single_op(&x, c->op, TYPES(t, t), t);
        OK(&x, op);

        /* No implicit broadcasting: operand 1 must be operand 0's type. */
        x = fx_begin();
        op = single_op(&x, c->op, TYPES(t, ty(c->good, 1, 3)), t);
        char want[200];
        snprintf(want, sizeof want, "'%s' op operand 1: expected tensor<2x3x%s> (same as operand 0), got tensor<3x%s>",
                 ir_op_name(c->op), ir_dtype_name(c->good), ir_dtype_name(c->good));
        INVALID(&x, op, want);

        if (c->bad == IR_DTYPE_COUNT) continue;
        ir_type bad = ty(c->bad, 0);
        x = fx_begin();
        op = single_op(&x, c->op, TYPES(bad, bad), bad);
        snprintf(want, sizeof want, "'%s' op operand 0: expected a tensor of %s type, got tensor<%s>",
                 ir_op_name(c->op), c->accepts, ir_dtype_name(c->bad));
        INVALID(&x, op, want);
    }
}

/* ---- the other ops, in the order of IR_OP_LIST -------------------------------- */

TEST(constant_rules) {
    fixture x = fx_begin();
    int32_t v[2] = {1, 2};
    OK(&x, fx_const(&x, ty(IR_I32, 1, 2), v));
    x = fx_begin();
    INVALID(&x, fx_op(&x, IR_CONSTANT, NO_IDS, ty(IR_I32, 1, 2)), "'stablehlo.constant' op has no data");
}

TEST(iota_rules) {
    fixture x = fx_begin();
    ir_op *op = fx_op(&x, IR_IOTA, NO_IDS, ty(IR_F32, 2, 5, 4));
    op->a.axis = 1;
    OK(&x, op);
    x = fx_begin();
    op = fx_op(&x, IR_IOTA, NO_IDS, ty(IR_I32, 2, 5, 4));
    op->a.axis = 2;
    INVALID(&x, op, "'stablehlo.iota' op iota_dimension = 2: expected a dimension of the result tensor<5x4xi32>, in [0, 2)");
    x = fx_begin();
    op = fx_op(&x, IR_IOTA, NO_IDS, ty(IR_I1, 1, 4));
    INVALID(&x, op, "'stablehlo.iota' op result: expected a tensor of integer or floating-point type, got tensor<4xi1>");
}

TEST(broadcast_in_dim_rules) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 2, 1, 3)), ty(IR_F32, 3, 2, 3, 4));
    fx_ints(&op->a.dims, 2, 0, 1);   /* size 1 stretches to 2 */
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 1, 3)), ty(IR_F32, 2, 2, 4));
    fx_ints(&op->a.dims, 1, 1);
    INVALID(&x, op, "'stablehlo.broadcast_in_dim' op operand 0: dimension 0 has size 3, expected 1 or 4 "
                    "(result dimension 1 of tensor<2x4xf32>)");
    x = fx_begin();
    op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 1, 3)), ty(IR_F32, 2, 2, 3));
    INVALID(&x, op, "'stablehlo.broadcast_in_dim' op dims: expected 1 entry (one per dimension of operand 0), got 0");
    x = fx_begin();
    op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 2, 1, 1)), ty(IR_F32, 2, 2, 3));
    fx_ints(&op->a.dims, 2, 1, 1);
    INVALID(&x, op, "'stablehlo.broadcast_in_dim' op dims[1] = 1: dimension 1 of the result appears more than once");
    x = fx_begin();
    op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 1, 3)), ty(IR_F32, 2, 2, 3));
    fx_ints(&op->a.dims, 1, 2);
    INVALID(&x, op, "'stablehlo.broadcast_in_dim' op dims[0] = 2: expected a dimension of the result, in [0, 2)");
    x = fx_begin();
    op = single_op(&x, IR_BROADCAST_IN_DIM, TYPES(ty(IR_F32, 1, 3)), ty(IR_F64, 1, 3));
    fx_ints(&op->a.dims, 1, 0);
    INVALID(&x, op, "'stablehlo.broadcast_in_dim' op result: expected element type f32 (that of operand 0), got tensor<3xf64>");
}

TEST(reshape_rules) {
    fixture x = fx_begin();
    OK(&x, single_op(&x, IR_RESHAPE, TYPES(ty(IR_I64, 2, 2, 3)), ty(IR_I64, 3, 3, 1, 2)));
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_RESHAPE, TYPES(ty(IR_I64, 2, 2, 3)), ty(IR_I64, 1, 5)),
            "'stablehlo.reshape' op result: expected 6 elements (as operand 0, tensor<2x3xi64>), got tensor<5xi64>");
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_RESHAPE, TYPES(ty(IR_I64, 1, 6)), ty(IR_I32, 1, 6)),
            "'stablehlo.reshape' op result: expected element type i64");
}

TEST(transpose_rules) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_TRANSPOSE, TYPES(ty(IR_F32, 3, 3, 4, 5)), ty(IR_F32, 3, 5, 3, 4));
    fx_ints(&op->a.dims, 3, 2, 0, 1);
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_TRANSPOSE, TYPES(ty(IR_F32, 2, 3, 4)), ty(IR_F32, 2, 3, 4));
    fx_ints(&op->a.dims, 2, 0, 0);
    INVALID(&x, op, "'stablehlo.transpose' op dims[1] = 0: dimension 0 of operand 0 appears more than once");
    x = fx_begin();
    op = single_op(&x, IR_TRANSPOSE, TYPES(ty(IR_F32, 2, 3, 4)), ty(IR_F32, 2, 3, 4));
    fx_ints(&op->a.dims, 2, 1, 0);
    INVALID(&x, op, "'stablehlo.transpose' op result 0: expected tensor<4x3xf32> (inferred from the operands), got tensor<3x4xf32>");
}

TEST(slice_rules) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_SLICE, TYPES(ty(IR_I32, 2, 3, 7)), ty(IR_I32, 2, 2, 3));
    fx_ints(&op->a.start, 2, 1, 0);
    fx_ints(&op->a.limit, 2, 3, 7);
    fx_ints(&op->a.stride, 2, 1, 3);   /* ceil(7 / 3) = 3 */
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_SLICE, TYPES(ty(IR_I32, 1, 4)), ty(IR_I32, 1, 2));
    fx_ints(&op->a.start, 1, 3);
    fx_ints(&op->a.limit, 1, 5);
    fx_ints(&op->a.stride, 1, 1);
    INVALID(&x, op, "'stablehlo.slice' op dimension 0: expected 0 <= start (3) <= limit (5) <= size (4) of operand 0 tensor<4xi32>");
    x = fx_begin();
    op = single_op(&x, IR_SLICE, TYPES(ty(IR_I32, 1, 4)), ty(IR_I32, 1, 2));
    fx_ints(&op->a.start, 1, 0);
    fx_ints(&op->a.limit, 1, 2);
    fx_ints(&op->a.stride, 1, 0);
    INVALID(&x, op, "'stablehlo.slice' op dimension 0: expected a stride of at least 1, got 0");
    x = fx_begin();
    op = single_op(&x, IR_SLICE, TYPES(ty(IR_I32, 1, 4)), ty(IR_I32, 1, 2));
    fx_ints(&op->a.start, 1, 0);
    INVALID(&x, op, "'stablehlo.slice' op limit_indices: expected 1 entry (one per dimension of operand 0), got 0");
}

TEST(concatenate_rules) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_CONCATENATE, TYPES(ty(IR_F32, 2, 1, 3), ty(IR_F32, 2, 2, 3)), ty(IR_F32, 2, 3, 3));
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_CONCATENATE, TYPES(ty(IR_F32, 2, 1, 3), ty(IR_F32, 2, 1, 4)), ty(IR_F32, 2, 2, 3));
    INVALID(&x, op, "'stablehlo.concatenate' op operand 1: expected tensor<1x3xf32> (the type of operand 0 except in "
                    "dimension 0), got tensor<1x4xf32>");
    x = fx_begin();
    op = single_op(&x, IR_CONCATENATE, TYPES(ty(IR_F32, 1, 2)), ty(IR_F32, 1, 2));
    op->a.axis = 1;
    INVALID(&x, op, "'stablehlo.concatenate' op dimension = 1: expected a dimension of operand 0 tensor<2xf32>, in [0, 1)");
    x = fx_begin();
    INVALID(&x, fx_op(&x, IR_CONCATENATE, NO_IDS, ty(IR_F32, 1, 0)),
            "'stablehlo.concatenate' op expected at least 1 operand, got 0");
}

TEST(reverse_rules) {
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_REVERSE, TYPES(ty(IR_I1, 2, 2, 3)), ty(IR_I1, 2, 2, 3));
    fx_ints(&op->a.dims, 2, 1, 0);
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_REVERSE, TYPES(ty(IR_I1, 2, 2, 3)), ty(IR_I1, 2, 2, 3));
    fx_ints(&op->a.dims, 1, 2);
    INVALID(&x, op, "'stablehlo.reverse' op dims[0] = 2: expected a dimension of operand 0, in [0, 2)");
}

TEST(convert_rules) {
    fixture x = fx_begin();
    OK(&x, single_op(&x, IR_CONVERT, TYPES(ty(IR_F32, 1, 3)), ty(IR_I1, 1, 3)));
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_CONVERT, TYPES(ty(IR_F32, 1, 3)), ty(IR_I32, 1, 4)),
            "'stablehlo.convert' op result 0: expected tensor<3xi32> (inferred from the operands), got tensor<4xi32>");
}

/* complex_part: a function of complex numbers, with its operands' parts. */
TEST(complex_part_rules) {
    ir_type t = ty(IR_F32, 1, 3);
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_COMPLEX_PART, TYPES(t, t), t);
    op->a.complex_fn = IR_EXPONENTIAL;
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_COMPLEX_PART, TYPES(t, t), t);
    op->a.complex_fn = IR_ADD;
    INVALID(&x, op, "'arrayjit.complex_part' op complex_fn: not a function of complex numbers");
    x = fx_begin();
    op = single_op(&x, IR_COMPLEX_PART, TYPES(t, t), t);
    op->a.complex_fn = IR_DIVIDE;
    INVALID(&x, op, "expected 4 operands (the parts of 2 complex numbers), got 2");
    x = fx_begin();
    op = single_op(&x, IR_COMPLEX_PART, TYPES(ty(IR_I32, 1, 3), ty(IR_I32, 1, 3)), ty(IR_I32, 1, 3));
    op->a.complex_fn = IR_EXPONENTIAL;
    INVALID(&x, op, "operand 0: expected a tensor of f32 or f64 (a complex part), got tensor<3xi32>");
}

/* arrayjit.fft: the operands and results of its type, over the last |L| dims. */
TEST(fft_parts_rules) {
    ir_type c = ty(IR_F32, 2, 3, 8), h = ty(IR_F32, 2, 3, 5);
    fixture x = fx_begin();
    ir_value_id re = fx_param(&x, c), im = fx_param(&x, c);
    ir_type outs[2] = {c, c};
    ir_op *op = ir_op_append(x.f, x.f->body, IR_FFT_PARTS, IDS(re, im), 2, outs);
    op->a.fft_type = IR_FFT_FFT;
    fx_ints(&op->a.dims, 1, 8);
    OK(&x, op);
    x = fx_begin();
    re = fx_param(&x, c);
    ir_type halves[2] = {h, h};
    op = ir_op_append(x.f, x.f->body, IR_FFT_PARTS, 1, &re, 2, halves);
    op->a.fft_type = IR_FFT_RFFT;
    fx_ints(&op->a.dims, 1, 8);
    OK(&x, op);
    x = fx_begin();
    re = fx_param(&x, c);
    op = ir_op_append(x.f, x.f->body, IR_FFT_PARTS, 1, &re, 2, outs);
    op->a.fft_type = IR_FFT_RFFT;
    fx_ints(&op->a.dims, 1, 8);
    INVALID(&x, op, "'arrayjit.fft' op result 0: expected tensor<3x5xf32>");
    x = fx_begin();
    re = fx_param(&x, c), im = fx_param(&x, c);
    op = ir_op_append(x.f, x.f->body, IR_FFT_PARTS, IDS(re, im), 1, &c);
    op->a.fft_type = IR_FFT_IRFFT;
    fx_ints(&op->a.dims, 1, 8);
    INVALID(&x, op, "operand 0: expected tensor<3x5xf32>, got tensor<3x8xf32>");
    x = fx_begin();
    re = fx_param(&x, c);
    op = ir_op_append(x.f, x.f->body, IR_FFT_PARTS, 1, &re, 1, &c);
    op->a.fft_type = IR_FFT_FFT;
    fx_ints(&op->a.dims, 1, 8);
    INVALID(&x, op, "expected 2 operands and 2 results (its parts), got 1 and 1");
}

TEST(select_rules) {
    ir_type t = ty(IR_F32, 1, 3);
    fixture x = fx_begin();
    OK(&x, single_op(&x, IR_SELECT, TYPES(ty(IR_I1, 1, 3), t, t), t));
    x = fx_begin();
    OK(&x, single_op(&x, IR_SELECT, TYPES(ty(IR_I1, 0), t, t), t));
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_SELECT, TYPES(ty(IR_F32, 1, 3), t, t), t),
            "'stablehlo.select' op operand 0 (the predicate): expected tensor<i1> or tensor<3xi1> (a scalar, or the "
            "shape of operand 1), got tensor<3xf32>");
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_SELECT, TYPES(ty(IR_I1, 0), t, ty(IR_F64, 1, 3)), t),
            "'stablehlo.select' op operand 2: expected tensor<3xf32> (same as operand 1), got tensor<3xf64>");
}

TEST(clamp_rules) {
    ir_type t = ty(IR_I32, 1, 3), s = ty(IR_I32, 0);
    fixture x = fx_begin();
    OK(&x, single_op(&x, IR_CLAMP, TYPES(s, t, t), t));
    x = fx_begin();
    INVALID(&x, single_op(&x, IR_CLAMP, TYPES(s, t, ty(IR_I32, 1, 2)), t),
            "'stablehlo.clamp' op operand 2 (max): expected tensor<i32> or tensor<3xi32> (a scalar, or the type of "
            "operand 1), got tensor<2xi32>");
}

TEST(compare_rules) {
    ir_type f = ty(IR_F32, 1, 3);
    fixture x = fx_begin();
    ir_op *op = single_op(&x, IR_COMPARE, TYPES(f, f), ty(IR_I1, 1, 3));
    op->a.cmp = IR_CMP_LT;
    op->a.cmp_type = IR_CMPT_TOTALORDER;
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_COMPARE, TYPES(ty(IR_I1, 0), ty(IR_I1, 0)), ty(IR_I1, 0));
    op->a.cmp_type = IR_CMPT_UNSIGNED;   /* booleans compare as unsigned */
    OK(&x, op);
    x = fx_begin();
    op = single_op(&x, IR_COMPARE, TYPES(f, f), ty(IR_I1, 1, 3));
    op->a.cmp_type = IR_CMPT_SIGNED;
    INVALID(&x, op, "'stablehlo.compare' op compare_type SIGNED: expected FLOAT or TOTALORDER for operands of type tensor<3xf32>");
    x = fx_begin();
    op = single_op(&x, IR_COMPARE, TYPES(ty(IR_I64, 0), ty(IR_I64, 0)), ty(IR_I1, 0));
    op->a.cmp_type = IR_CMPT_FLOAT;
    INVALID(&x, op, "compare_type FLOAT: expected SIGNED for operands of type tensor<i64>");
    x = fx_begin();
    op = single_op(&x, IR_COMPARE, TYPES(f, ty(IR_F32, 1, 4)), ty(IR_I1, 1, 3));
    INVALID(&x, op, "'stablehlo.compare' op operand 1: expected tensor<3xf32> (same as operand 0), got tensor<4xf32>");
    x = fx_begin();
    op = single_op(&x, IR_COMPARE, TYPES(f, f), ty(IR_F32, 1, 3));
    INVALID(&x, op, "'stablehlo.compare' op result 0: expected tensor<3xi1>");
}

static ir_op *dot(fixture *x, ir_type lhs, ir_type rhs, ir_type result) {
    return single_op(x, IR_DOT_GENERAL, TYPES(lhs, rhs), result);
}

/* A dot of two vectors contracting their one dim, in a fresh fixture *x. */
static ir_op *vector_dot(fixture *x, ir_type lhs, ir_type rhs, ir_type result) {
    *x = fx_begin();
    ir_op *op = dot(x, lhs, rhs, result);
    fx_ints(&op->a.lhs_contract, 1, 0);
    fx_ints(&op->a.rhs_contract, 1, 0);
    return op;
}

TEST(dot_general_rules) {
    fixture x = fx_begin();
    ir_op *op = dot(&x, ty(IR_F32, 2, 2, 3), ty(IR_F32, 2, 3, 4), ty(IR_F32, 2, 2, 4));
    fx_ints(&op->a.lhs_contract, 1, 1);
    fx_ints(&op->a.rhs_contract, 1, 0);
    OK(&x, op);
    /* Batch dims first, then lhs's free dims, then rhs's. */
    x = fx_begin();
    op = dot(&x, ty(IR_I32, 3, 5, 2, 3), ty(IR_I32, 3, 3, 5, 4), ty(IR_I64, 3, 5, 2, 4));
    fx_ints(&op->a.lhs_batch, 1, 0);
    fx_ints(&op->a.rhs_batch, 1, 1);
    fx_ints(&op->a.lhs_contract, 1, 2);
    fx_ints(&op->a.rhs_contract, 1, 0);
    OK(&x, op);   /* i32 x i32 -> i64 widens within its kind */
    x = fx_begin();
    op = dot(&x, ty(IR_F32, 2, 2, 3), ty(IR_F32, 2, 4, 4), ty(IR_F32, 2, 2, 4));
    fx_ints(&op->a.lhs_contract, 1, 1);
    fx_ints(&op->a.rhs_contract, 1, 0);
    INVALID(&x, op, "'stablehlo.dot_general' op contracting dimension pair 0: operand 0 dimension 1 has size 3, "
                    "operand 1 dimension 0 has size 4");
    x = fx_begin();
    op = dot(&x, ty(IR_F32, 2, 2, 3), ty(IR_F32, 2, 3, 4), ty(IR_F32, 2, 2, 4));
    fx_ints(&op->a.lhs_contract, 1, 1);
    INVALID(&x, op, "'stablehlo.dot_general' op lhs_contracting_dimensions and rhs_contracting_dimensions differ in length (1 and 0)");
    x = fx_begin();
    op = dot(&x, ty(IR_F32, 2, 3, 3), ty(IR_F32, 2, 3, 3), ty(IR_F32, 0));
    fx_ints(&op->a.lhs_batch, 1, 1);
    fx_ints(&op->a.rhs_batch, 1, 0);
    fx_ints(&op->a.lhs_contract, 1, 1);
    fx_ints(&op->a.rhs_contract, 1, 1);
    INVALID(&x, op, "'stablehlo.dot_general' op lhs_contracting_dimensions[0] = 1: dimension 1 of operand 0 appears more than once");
    op = vector_dot(&x, ty(IR_F32, 1, 3), ty(IR_F32, 1, 3), ty(IR_I32, 0));
    INVALID(&x, op, "'stablehlo.dot_general' op result: expected a floating-point element type (like the operands, f32), "
                    "got tensor<i32>");
    x = fx_begin();
    op = dot(&x, ty(IR_F32, 1, 3), ty(IR_F64, 1, 3), ty(IR_F32, 0));
    INVALID(&x, op, "'stablehlo.dot_general' op operand 1: expected element type f32 (that of operand 0), got tensor<3xf64>");
    x = fx_begin();
    op = dot(&x, ty(IR_F32, 1, 3), ty(IR_F32, 1, 3), ty(IR_F32, 1, 3));
    INVALID(&x, op, "'stablehlo.dot_general' op result 0: expected tensor<3x3xf32> (inferred from the operands), got tensor<3xf32>");
    /* integers of two types: only where the result holds both (fast mode's u8 x i8 read through its converts) */
    op = vector_dot(&x, ty(IR_U8, 1, 3), ty(IR_I8, 1, 3), ty(IR_I32, 0));
    OK(&x, op);
    op = vector_dot(&x, ty(IR_I8, 1, 3), ty(IR_U32, 1, 3), ty(IR_I32, 0));
    INVALID(&x, op, "'stablehlo.dot_general' op operand 1: expected element type i8 (that of operand 0), got tensor<3xui32>");
    op = vector_dot(&x, ty(IR_I32, 1, 3), ty(IR_I8, 1, 3), ty(IR_I16, 0));
    INVALID(&x, op, "'stablehlo.dot_general' op operand 1: expected element type i32 (that of operand 0), got tensor<3xi8>");
}

/* reduce(input, init) over `dims` with a body adding (acc, x) in `body`. */
static ir_op *sum_reduce(fixture *x, ir_type input, ir_type init, ir_type result, ir_type body) {
    ir_value_id in = fx_param(x, input), iv = fx_param(x, init);
    ir_op *r = ir_op_append(x->f, x->f->body, IR_REDUCE, 2, (ir_value_id[]){in, iv}, 1, &result);
    ir_block *region = ir_op_add_region(r);
    ir_value_id acc = ir_block_add_arg(x->f, region, &body), el = ir_block_add_arg(x->f, region, &body);
    ir_op *add = fx_op_in(x, region, IR_ADD, 2, (ir_value_id[]){acc, el}, 1, &body);
    fx_op_in(x, region, IR_RETURN, 1, add->out, 0, NULL);
    return r;
}

TEST(reduce_rules) {
    ir_type in = ty(IR_F32, 3, 2, 3, 4), s = ty(IR_F32, 0);
    fixture x = fx_begin();
    ir_op *op = sum_reduce(&x, in, s, ty(IR_F32, 1, 3), s);
    fx_ints(&op->a.dims, 2, 2, 0);
    OK(&x, op);
    x = fx_begin();
    op = sum_reduce(&x, ty(IR_I32, 1, 3), ty(IR_I32, 0), ty(IR_I64, 0), ty(IR_I64, 0));
    fx_ints(&op->a.dims, 1, 0);
    OK(&x, op);   /* the body may compute in a wider type of the same kind */
    x = fx_begin();
    op = sum_reduce(&x, in, ty(IR_F32, 1, 1), ty(IR_F32, 1, 3), s);
    fx_ints(&op->a.dims, 2, 2, 0);
    INVALID(&x, op, "'stablehlo.reduce' op operand 1 (init value of input 0): expected tensor<f32>, got tensor<1xf32>");
    x = fx_begin();
    op = sum_reduce(&x, in, s, ty(IR_F32, 1, 3), s);
    fx_ints(&op->a.dims, 2, 0, 0);
    INVALID(&x, op, "'stablehlo.reduce' op dimensions[1] = 0: dimension 0 of operand 0 appears more than once");
    x = fx_begin();
    op = sum_reduce(&x, in, s, ty(IR_F32, 1, 3), ty(IR_I32, 0));
    fx_ints(&op->a.dims, 2, 2, 0);
    INVALID(&x, op, "'stablehlo.reduce' op reducer argument 0: expected tensor<f32> (or a wider type of its kind), "
                    "for input 0 tensor<2x3x4xf32>, got tensor<i32>");
    x = fx_begin();
    op = sum_reduce(&x, in, s, ty(IR_F32, 1, 3), s);
    fx_ints(&op->a.dims, 2, 1, 0);
    INVALID(&x, op, "'stablehlo.reduce' op result 0: expected tensor<4xf32> (inferred from the operands), got tensor<3xf32>");
}

TEST(reduce_region_rules) {
    ir_type in = ty(IR_F32, 1, 4), s = ty(IR_F32, 0);
    /* The body returns a tensor<2xf32>. */
    fixture x = fx_begin();
    ir_op *op = sum_reduce(&x, in, s, s, s);
    fx_ints(&op->a.dims, 1, 0);
    ir_block *body = op->regions[0];
    ir_type wide = ty(IR_F32, 1, 2);
    ir_op *b = fx_op_in(&x, body, IR_BROADCAST_IN_DIM, 1, body->ops[0]->out, 1, &wide);
    fx_ints(&b->a.dims, 0);
    ir_op *ret = body->ops[1];
    body->ops[1] = b;
    body->ops[2] = ret;
    ret->in[0] = b->out[0];
    INVALID(&x, op, "'stablehlo.reduce' op reducer result 0: expected tensor<f32> (the type of argument 0), got tensor<2xf32>");
    /* One argument instead of two. */
    x = fx_begin();
    op = sum_reduce(&x, in, s, s, s);
    fx_ints(&op->a.dims, 1, 0);
    ir_op *add = op->regions[0]->ops[0];
    add->in[1] = add->in[0];
    op->regions[0]->nargs = 1;
    INVALID(&x, op, "'stablehlo.reduce' op reducer: expected 2 arguments (an accumulator and an element per input), got 1");
    /* An odd operand count. */
    x = fx_begin();
    op = single_op(&x, IR_REDUCE, TYPES(in, s, s), s);
    INVALID(&x, op, "'stablehlo.reduce' op expected N inputs then N init values (an even count, at least 2), got 3 operands");
    /* No region. */
    x = fx_begin();
    op = single_op(&x, IR_REDUCE, TYPES(in, s), s);
    INVALID(&x, op, "'stablehlo.reduce' op expected 1 region, got 0");
    /* A region without its return. */
    x = fx_begin();
    op = sum_reduce(&x, in, s, s, s);
    fx_ints(&op->a.dims, 1, 0);
    ir_op_free(op->regions[0]->ops[1]);
    op->regions[0]->nops = 1;
    INVALID(&x, op, "in @main: 'stablehlo.reduce' op region 0: does not end with a return");
}

/* Two inputs reduced together (argmax's shape): acc_k and x_k pair up. */
TEST(reduce_two_inputs) {
    fixture x = fx_begin();
    ir_value_id v = fx_param(&x, ty(IR_F32, 2, 3, 4)), i = fx_param(&x, ty(IR_I32, 2, 3, 4));
    ir_value_id fi = fx_param(&x, ty(IR_F32, 0)), ii = fx_param(&x, ty(IR_I32, 0));
    ir_type res[2] = {ty(IR_F32, 1, 3), ty(IR_I32, 1, 3)}, sc[2] = {ty(IR_F32, 0), ty(IR_I32, 0)};
    ir_op *r = ir_op_append(x.f, x.f->body, IR_REDUCE, 4, (ir_value_id[]){v, i, fi, ii}, 2, res);
    fx_ints(&r->a.dims, 1, 1);
    ir_block *body = ir_op_add_region(r);
    ir_value_id args[4];
    for (int k = 0; k < 4; k++) args[k] = ir_block_add_arg(x.f, body, &sc[k % 2]);
    ir_op *m = fx_op_in(&x, body, IR_MAXIMUM, 2, (ir_value_id[]){args[0], args[2]}, 1, &sc[0]);
    ir_op *n = fx_op_in(&x, body, IR_MINIMUM, 2, (ir_value_id[]){args[1], args[3]}, 1, &sc[1]);
    fx_op_in(&x, body, IR_RETURN, 2, (ir_value_id[]){m->out[0], n->out[0]}, 0, NULL);
    OK(&x, r);
}

TEST(check_ops_accept_any_two_operands) {
    for (ir_opcode code = IR_CHECK_EQ; code <= IR_CHECK_CLOSE; code++) {
        fixture x = fx_begin();
        /* Different types are a failed check at run time, not bad IR. */
        OK(&x, single_op(&x, code, TYPES(ty(IR_F32, 1, 3), ty(IR_F64, 1, 2)), ty(IR_F32, 0)));
        x = fx_begin();
        char want[100];
        snprintf(want, sizeof want, "'%s' op expected 2 operands, got 1", ir_op_name(code));
        INVALID(&x, single_op(&x, code, TYPES(ty(IR_F32, 1, 3)), ty(IR_F32, 0)), want);
    }
}

/* ---- calls -------------------------------------------------------------------- */

/* @callee(i64, f32) -> (i64) in x's module; x.f is left at @main. */
static void add_callee(fixture *x) {
    ir_func *main_fn = x->f;
    fx_func(x, "callee");
    ir_value_id a = fx_param(x, ty(IR_I64, 0));
    fx_param(x, ty(IR_F32, 1, 2));
    fx_return(x, 1, &a);
    x->f = main_fn;
}

static ir_op *call(fixture *x, const char *callee, int n, const ir_type *args, int nout, const ir_type *results) {
    ir_value_id ids[8];
    for (int i = 0; i < n; i++) ids[i] = fx_param(x, args[i]);
    ir_op *op = ir_op_append(x->f, x->f->body, IR_CALL, n, ids, nout, results);
    op->a.callee = mem_strdup(callee);
    return op;
}

TEST(call_rules) {
    ir_type i = ty(IR_I64, 0), f = ty(IR_F32, 1, 2);
    fixture x = fx_begin();
    add_callee(&x);
    OK(&x, call(&x, "callee", TYPES(i, f), 1, &i));
    x = fx_begin();
    add_callee(&x);
    INVALID(&x, call(&x, "nowhere", TYPES(i, f), 1, &i), "in @main: 'func.call' op calls unknown function @nowhere");
    x = fx_begin();
    add_callee(&x);
    INVALID(&x, call(&x, "callee", TYPES(i, ty(IR_F32, 1, 3)), 1, &i),
            "'func.call' op operand 1: expected tensor<2xf32> (parameter 1 of @callee), got tensor<3xf32>");
    x = fx_begin();
    add_callee(&x);
    INVALID(&x, call(&x, "callee", TYPES(i), 1, &i),
            "'func.call' op expected 2 operands (the parameters of @callee), got 1");
    x = fx_begin();
    add_callee(&x);
    INVALID(&x, call(&x, "callee", TYPES(i, f), 1, &f),
            "'func.call' op result 0: expected tensor<i64> (result 0 of @callee), got tensor<2xf32>");
    x = fx_begin();
    add_callee(&x);
    INVALID(&x, call(&x, "callee", TYPES(i, f), 0, NULL),
            "'func.call' op expected 1 result (those of @callee), got 0");
}

TEST(recursion_is_unsupported) {
    /* @main -> @a -> @b -> @a */
    fixture x = fx_begin();
    fx_func(&x, "a");
    ir_op *ab = ir_op_append(x.f, x.f->body, IR_CALL, 0, NULL, 0, NULL);
    ab->a.callee = mem_strdup("b");
    fx_return(&x, 0, NULL);
    fx_func(&x, "b");
    ir_op *ba = ir_op_append(x.f, x.f->body, IR_CALL, 0, NULL, 0, NULL);
    ba->a.callee = mem_strdup("a");
    fx_return(&x, 0, NULL);
    x.f = x.m->funcs[0];
    ir_op *ma = ir_op_append(x.f, x.f->body, IR_CALL, 0, NULL, 0, NULL);
    ma->a.callee = mem_strdup("a");
    VERDICT(&x, NULL, DIAG_UNSUPPORTED, "recursive calls are not supported: @a -> @b -> @a");
    /* A function calling itself. */
    x = fx_begin();
    ir_op *self = ir_op_append(x.f, x.f->body, IR_CALL, 0, NULL, 0, NULL);
    self->a.callee = mem_strdup("main");
    VERDICT(&x, NULL, DIAG_UNSUPPORTED, "in @main: recursive calls are not supported: @main -> @main");
}

/* ---- the invariants -------------------------------------------------------------- */

TEST(use_before_definition) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *first = fx_op(&x, IR_ADD, IDS(a, a), ty(IR_F32, 1, 2));
    ir_op *second = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_F32, 1, 2));
    first->in[1] = second->out[0];
    x.f->values[second->out[0]].name = mem_strdup("later");
    INVALID(&x, second, "'stablehlo.add' op operand 1: value 2 (%later) is used before its definition or out of its scope");
}

TEST(region_values_stay_inside) {
    ir_type in = ty(IR_F32, 1, 4), s = ty(IR_F32, 0);
    fixture x = fx_begin();
    ir_op *r = sum_reduce(&x, in, s, s, s);
    fx_ints(&r->a.dims, 1, 0);
    ir_value_id inner = r->regions[0]->ops[0]->out[0];
    ir_op *use = fx_op(&x, IR_NEGATE, IDS(inner), s);
    INVALID(&x, use, "'stablehlo.negate' op operand 0: value 5 is used before its definition or out of its scope");
    /* A region may read values defined before its op. */
    x = fx_begin();
    r = sum_reduce(&x, in, s, s, s);
    fx_ints(&r->a.dims, 1, 0);
    ir_op *add = r->regions[0]->ops[0];
    add->in[1] = r->in[1];   /* acc + init */
    OK(&x, r);
}

TEST(undefined_value_id) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *op = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_F32, 1, 2));
    op->in[0] = 42;
    INVALID(&x, op, "'stablehlo.negate' op operand 0: value id 42 does not exist");
}

TEST(blocks_end_with_one_return) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    fx_op(&x, IR_NEGATE, IDS(a), ty(IR_F32, 1, 2));
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "in @main: body: does not end with a return");
    fx_end(&x);

    x = fx_begin();
    a = fx_param(&x, ty(IR_F32, 1, 2));
    fx_return(&x, 1, &a);
    ir_op *after = fx_op(&x, IR_NEGATE, IDS(a), ty(IR_F32, 1, 2));
    VERDICT(&x, after, DIAG_INVALID, "'func.return' op must be the last op of its block (it is op 1 of 3)");
}

TEST(return_matches_declared_results) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    fx_return(&x, 1, &a);
    ir_type declared = ty(IR_F32, 1, 3);
    ir_func_set_results(x.f, 1, &declared);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "'func.return' op operand 0: expected tensor<3xf32> (result 0 of @main), got tensor<2xf32>");
    ir_func_set_results(x.f, 0, NULL);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "'func.return' op returns 1 value, but @main declares 0 results");
    fx_end(&x);
}

TEST(bitcast_convert_rules) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    OK(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_I32, 1, 2)));
    x = fx_begin();   /* a wide element splits along a new last dim */
    a = fx_param(&x, ty(IR_U64, 1, 3));
    OK(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_F16, 2, 3, 4)));
    x = fx_begin();
    a = fx_param(&x, ty(IR_U64, 1, 3));
    INVALID(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_F16, 1, 3)),
            "'stablehlo.bitcast_convert' op result 0: expected tensor<3x4xf16>");
    x = fx_begin();   /* narrow elements join along their last dim */
    a = fx_param(&x, ty(IR_I8, 2, 3, 2));
    OK(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_BF16, 1, 3)));
    x = fx_begin();
    a = fx_param(&x, ty(IR_I8, 2, 3, 4));
    INVALID(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_BF16, 1, 3)),
            "op operand 0: tensor<3x4xi8> as bf16 needs a last dimension of size 2");
    x = fx_begin();
    a = fx_param(&x, ty(IR_I1, 1, 8));
    INVALID(&x, fx_op(&x, IR_BITCAST_CONVERT, IDS(a), ty(IR_U8, 0)), "cannot reinterpret tensor<8xi1> as ui8");
}

TEST(reduce_precision_rules) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_BF16, 1, 2));
    ir_op *op = fx_op(&x, IR_REDUCE_PRECISION, IDS(a), ty(IR_BF16, 1, 2));
    op->a.exponent_bits = 5;
    op->a.mantissa_bits = 0;
    OK(&x, op);
    x = fx_begin();
    a = fx_param(&x, ty(IR_F32, 1, 2));
    op = fx_op(&x, IR_REDUCE_PRECISION, IDS(a), ty(IR_F32, 1, 2));
    op->a.mantissa_bits = 3;
    INVALID(&x, op, "exponent_bits = 0, mantissa_bits = 3: expected >= 1 and >= 0");
    x = fx_begin();
    a = fx_param(&x, ty(IR_U16, 1, 2));
    op = fx_op(&x, IR_REDUCE_PRECISION, IDS(a), ty(IR_U16, 1, 2));
    op->a.exponent_bits = 5;
    INVALID(&x, op, "operand 0: expected a floating-point type, got tensor<2xui16>");
}

TEST(malformed_types) {
    fixture x = fx_begin();
    ir_type neg = ty(IR_F32, 1, 2);
    neg.dims[0] = -1;
    ir_value_id a = fx_param(&x, neg);
    VERDICT(&x, NULL, DIAG_INVALID, "argument 0: dimension 0 of tensor<-1xf32> has negative size");
    (void)a;
    x = fx_begin();
    ir_type deep = ty(IR_F32, 0);
    deep.rank = IR_MAX_RANK + 1;
    fx_param(&x, deep);
    VERDICT(&x, NULL, DIAG_INVALID, "argument 0: rank 9 is outside [0, 8]");
}

TEST(function_names_are_unique) {
    fixture x = fx_begin();
    fx_return(&x, 0, NULL);
    fx_func(&x, "main");
    fx_return(&x, 0, NULL);
    EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "function @main is defined more than once");
    fx_end(&x);
}

TEST(messages_carry_the_location) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2)), b = fx_param(&x, ty(IR_F32, 1, 3));
    ir_op *op = fx_op(&x, IR_ADD, IDS(a, b), ty(IR_F32, 1, 2));
    op->loc = (ir_loc){ir_module_intern(x.m, "t.mlir"), 3, 5};
    INVALID(&x, op, "t.mlir:3:5: in @main: 'stablehlo.add' op operand 1: expected tensor<2xf32> (same as operand 0), "
                    "got tensor<3xf32>");
}

/* ---- the entry points used by builders ------------------------------------------- */

TEST(infer_types_for_a_builder) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 2, 2, 3));
    ir_op *t = fx_op(&x, IR_TRANSPOSE, IDS(a), ty(IR_F32, 0));   /* result type not known yet */
    fx_ints(&t->a.dims, 2, 1, 0);
    ir_type out;
    EXPECT_EQ_INT(ir_infer_types(x.f, t, &out, &x.d), DIAG_OK);
    ir_type want = ty(IR_F32, 2, 3, 2);
    EXPECT(ir_type_eq(&out, &want));
    ir_op *bad = fx_op(&x, IR_ADD, IDS(a), ty(IR_F32, 0));
    EXPECT_EQ_INT(ir_infer_types(x.f, bad, &out, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "'stablehlo.add' op expected 2 operands, got 1");
    fx_end(&x);
}

TEST(verify_one_op) {
    fixture x = fx_begin();
    add_callee(&x);
    ir_type i = ty(IR_I64, 0), f = ty(IR_F32, 1, 2);
    ir_op *good = call(&x, "callee", TYPES(i, f), 1, &i);
    EXPECT_EQ_INT(ir_verify_op(x.m, x.f, good, &x.d), DIAG_OK);
    ir_op *bad = call(&x, "callee", TYPES(f, f), 1, &i);
    EXPECT_EQ_INT(ir_verify_op(x.m, x.f, bad, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "'func.call' op operand 0: expected tensor<i64> (parameter 0 of @callee), got tensor<2xf32>");
    /* An op may not use its own result. */
    ir_op *self = fx_op(&x, IR_NEGATE, IDS(good->in[1]), f);
    self->in[0] = self->out[0];
    EXPECT_EQ_INT(ir_verify_op(x.m, x.f, self, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "operand 0: value");
    fx_end(&x);
}

/* Every allocation may fail: the verifier reports DIAG_NOMEM and leaks
 * nothing (the harness checks the live byte count). */
TEST(verify_without_memory) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 2));
    ir_op *op = fx_op(&x, IR_ADD, IDS(a, a), ty(IR_F32, 1, 2));
    fx_return(&x, 1, op->out);
    int rc = DIAG_NOMEM;
    for (long n = 1; rc == DIAG_NOMEM && n < 50; n++) {
        mem_fail_after(n);
        rc = ir_verify_module(x.m, &x.d);
        mem_fail_after(0);
    }
    EXPECT_EQ_INT(rc, DIAG_OK);
    fx_end(&x);
}

int main(void) {
    RUN(every_elementwise_op_has_a_case);
    RUN(unary_ops);
    RUN(unary_result_must_match);
    RUN(binary_ops);
    RUN(constant_rules);
    RUN(iota_rules);
    RUN(broadcast_in_dim_rules);
    RUN(reshape_rules);
    RUN(transpose_rules);
    RUN(slice_rules);
    RUN(concatenate_rules);
    RUN(reverse_rules);
    RUN(convert_rules);
    RUN(complex_part_rules);
    RUN(fft_parts_rules);
    RUN(select_rules);
    RUN(clamp_rules);
    RUN(compare_rules);
    RUN(dot_general_rules);
    RUN(reduce_rules);
    RUN(reduce_region_rules);
    RUN(reduce_two_inputs);
    RUN(check_ops_accept_any_two_operands);
    RUN(call_rules);
    RUN(recursion_is_unsupported);
    RUN(use_before_definition);
    RUN(region_values_stay_inside);
    RUN(undefined_value_id);
    RUN(blocks_end_with_one_return);
    RUN(return_matches_declared_results);
    RUN(bitcast_convert_rules);
    RUN(reduce_precision_rules);
    RUN(malformed_types);
    RUN(function_names_are_unique);
    RUN(messages_carry_the_location);
    RUN(infer_types_for_a_builder);
    RUN(verify_one_op);
    RUN(verify_without_memory);
    return TESTS_DONE();
}
