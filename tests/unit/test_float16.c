/* Tests of the tier-2 element types' numerics: the software f16/bf16
 * rounding (src/util/float16.c) on its edge cases and on every bit pattern,
 * and compiled conversions and arithmetic against the evaluator, bit for
 * bit, on random bit patterns and the special values (NaN, infinities,
 * subnormals, -0, overflow, float to unsigned). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arrayjit.h"
#include "testing.h"
#include "check/check.h"
#include "util/float16.h"

/* ---- the software formats ------------------------------------------------------ */

typedef struct known {
    double x;
    uint16_t f16, bf16;
} known;

TEST(rounding_edge_cases) {
    static const known cases[] = {
        {0.0, 0x0000, 0x0000},
        {-0.0, 0x8000, 0x8000},
        {1.0, 0x3C00, 0x3F80},
        {-2.5, 0xC100, 0xC020},
        {65504.0, 0x7BFF, 0x4780},               /* f16's largest finite */
        {65519.99, 0x7BFF, 0x4780},              /* just below the tie with 65536: stays */
        {65520.0, 0x7C00, 0x4780},               /* the tie: to even, infinity */
        {1e6, 0x7C00, 0x4974},
        {-1e300, 0xFC00, 0xFF80},                /* overflow keeps the sign */
        {0x1p-24, 0x0001, 0x3380},               /* f16's least subnormal */
        {0x1p-25, 0x0000, 0x3300},               /* the tie with 0: to even, zero */
        {0x1.8p-25, 0x0001, 0x3340},             /* above the tie: up */
        {-0x1p-26, 0x8000, 0xB280},              /* underflow keeps the sign */
        {0x1.ff8p-15, 0x03FF, 0x3880},           /* f16's largest subnormal */
        {0x1.ffcp-15, 0x0400, 0x3880},           /* its tie with the least normal: carries over */
        {1.0 + 0x1p-11, 0x3C00, 0x3F80},         /* a tie at 1: down to even */
        {1.0 + 0x1p-11 + 0x1p-40, 0x3C01, 0x3F80}, /* above the tie: up (no double rounding) */
        {1.0 + 0x1p-8, 0x3C04, 0x3F80},          /* bf16's tie at 1: to even */
        {1.0 + 0x1.8p-8, 0x3C06, 0x3F81},
        {0x1p-133, 0x0000, 0x0001},              /* bf16's least subnormal */
        {3.4028234663852886e38, 0x7C00, 0x7F80}, /* FLT_MAX: beyond bf16's last tie */
        {3.3895313892515355e38, 0x7C00, 0x7F7F}, /* bf16's largest finite */
        {INFINITY, 0x7C00, 0x7F80},
        {-INFINITY, 0xFC00, 0xFF80},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (f16_from_double(cases[i].x) != cases[i].f16 || bf16_from_double(cases[i].x) != cases[i].bf16) {
            fprintf(stderr, "%a: f16 %04x (want %04x), bf16 %04x (want %04x)\n", cases[i].x,
                    f16_from_double(cases[i].x), cases[i].f16, bf16_from_double(cases[i].x), cases[i].bf16);
            testing_failed_checks++;
        }
    }
    EXPECT(f16_to_double(0x0001) == 0x1p-24 && f16_to_double(0x7BFF) == 65504.0);
    EXPECT(bf16_to_double(0x0001) == 0x1p-133 && signbit(bf16_to_double(0x8000)));
    /* NaN stays a quiet NaN, keeping its sign */
    uint16_t h = f16_from_double(-NAN), b = bf16_from_double(NAN);
    EXPECT((h & 0x7C00) == 0x7C00 && (h & 0x0200) && (h & 0x8000));
    EXPECT((b & 0x7F80) == 0x7F80 && (b & 0x0040) && !(b & 0x8000));
    EXPECT(isnan(f16_to_double(0x7C01)) && isnan(bf16_to_double(0xFFC1)));
    /* integers of 64 bits round once (through a double rounded to odd) */
    EXPECT(float16_int_to_double_odd(UINT64_MAX) == 0x1p64 - 0x1p11);
    uint64_t tie_plus = (UINT64_C(1) << 63) + (UINT64_C(1) << 55) + 1;   /* just above a bf16 tie */
    EXPECT(bf16_from_double(float16_int_to_double_odd(tie_plus)) == 0x5F01);
    EXPECT(bf16_from_double((double)tie_plus) == 0x5F00);   /* what rounding twice gives */
}

/* Every pattern widens and narrows back to itself (signalling NaNs come
 * back quiet), and widening is monotonic over the positive finite ones. */
TEST(every_pattern_round_trips) {
    int bad = 0;
    for (uint32_t bits = 0; bits < 0x10000; bits++) {
        uint16_t b = (uint16_t)bits;
        bool f16_nan = (b & 0x7C00) == 0x7C00 && (b & 0x03FF), bf16_nan = (b & 0x7F80) == 0x7F80 && (b & 0x007F);
        uint16_t f16_want = f16_nan ? b | 0x0200 : b, bf16_want = bf16_nan ? b | 0x0040 : b;
        if (f16_from_double(f16_to_double(b)) != f16_want) bad++;
        if (bf16_from_double(bf16_to_double(b)) != bf16_want) bad++;
        if (b > 0 && b < 0x7C00 && !(f16_to_double(b) > f16_to_double((uint16_t)(b - 1)))) bad++;
        if (b > 0 && b < 0x7F80 && !(bf16_to_double(b) > bf16_to_double((uint16_t)(b - 1)))) bad++;
    }
    EXPECT_EQ_INT(bad, 0);
}

/* ---- the check rules on 16-bit floats ------------------------------------------------ */

static bool close_16(ir_dtype t, uint16_t a, uint16_t e, uint64_t max_ulp, char *msg, size_t size) {
    ir_op op = {.code = IR_CHECK_CLOSE, .a = {.max_ulp = max_ulp}};
    ir_type ty = ir_type_scalar(t);
    return check_compare(&op, &ty, &a, &ty, &e, msg, size);
}

TEST(ulp_distance_on_16_bit_floats) {
    char msg[256];
    EXPECT(close_16(IR_F16, 0x0001, 0x8001, 2, msg, sizeof msg));     /* across zero: 2 ULP */
    EXPECT(!close_16(IR_F16, 0x0001, 0x8001, 1, msg, sizeof msg));
    EXPECT_CONTAINS(msg, "ULP distance 2, allowed [0, 1]");
    EXPECT(close_16(IR_F16, 0x0000, 0x8000, 0, msg, sizeof msg));     /* +0 and -0 */
    EXPECT(!close_16(IR_F16, 0x7BFF, 0x7C00, 3, msg, sizeof msg));    /* finite against inf */
    EXPECT_CONTAINS(msg, "non-finite mismatch");
    EXPECT_CONTAINS(msg, "actual 65504, expected inf");
    EXPECT(close_16(IR_BF16, 0x7FC1, 0xFFC0, 0, msg, sizeof msg));    /* both NaN */
    EXPECT(close_16(IR_BF16, 0x3F80, 0x3F83, 3, msg, sizeof msg));
    EXPECT(!close_16(IR_BF16, 0x3F80, 0x3F84, 3, msg, sizeof msg));
    ir_op eq = {.code = IR_CHECK_EQ}, almost = {.code = IR_CHECK_ALMOST_EQ, .a = {.tolerance = 1e-3}};
    ir_type ty = ir_type_scalar(IR_F16);
    uint16_t one = 0x3C00, next = 0x3C01, nan = 0x7E00;
    EXPECT(!check_compare(&eq, &ty, &one, &ty, &next, msg, sizeof msg));
    EXPECT_CONTAINS(msg, "actual 1, expected 1.001");
    EXPECT(!check_compare(&eq, &ty, &nan, &ty, &nan, msg, sizeof msg));   /* NaN never equals */
    EXPECT(check_compare(&almost, &ty, &nan, &ty, &nan, msg, sizeof msg));
    EXPECT(check_compare(&almost, &ty, &one, &ty, &next, msg, sizeof msg));    /* 2^-10 <= 1e-3 */
    uint16_t next2 = 0x3C02;
    EXPECT(!check_compare(&almost, &ty, &one, &ty, &next2, msg, sizeof msg));  /* 2^-9 > 1e-3 */
}

/* ---- compiled against evaluated ---------------------------------------------------- */

enum { N = 4096 };

/* Random bit patterns, then the special values at the front. */
static void fill_f64(double *x) {
    static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 65504.0, 65520.0, 65519.99,
                                     0x1p-24, 0x1p-25, 0x1p-133, 0x1p-134, 1e-320, -1.5, 255.9, 256.0, -1.0,
                                     -0.99, 2147483647.5, 9.3e18, 1.8446744073709552e19, -9.3e18,
                                     1.0 + 0x1p-11, 1.0 + 0x1p-8, 3.4028235e38, 3.3961e38, 1e39};
    uint64_t seed = 7;
    for (int i = 0; i < N; i++) {
        uint64_t r = testing_random(&seed);
        if (i % 2) {   /* a likely range: |x| in [2^-30, 2^34) with any mantissa */
            uint64_t exp = 1023 - 30 + (r >> 56) % 64;
            r = (r & (UINT64_C(0x800fffffffffffff))) | exp << 52;
        }
        memcpy(&x[i], &r, 8);
    }
    memcpy(x, special, sizeof special);
}

static void fill_bits(void *p, size_t bytes, uint64_t seed) {
    for (size_t i = 0; i < bytes; i += 8) {
        uint64_t r = testing_random(&seed);
        memcpy((char *)p + i, &r, bytes - i < 8 ? bytes - i : 8);
    }
}

/* Runs `main` of text compiled (strict) and evaluated on the inputs and
 * expects the same bytes in every output, NaN payloads aside (which NaN
 * operand an arithmetic op propagates is the hardware's choice, and gcc may
 * swap a product's operands). */
static void expect_compiled_as_evaluated(const char *text, int nin, aj_array **in, int nout) {
    aj_module *m = NULL;
    aj_executable *e = NULL;
    aj_compile_options o = {.strict_order = 1, .no_folding = 1, .no_disk_cache = 1, .no_memory_cache = 1};
    aj_array *got[16] = {0}, *want[16] = {0};
    if (aj_module_parse(text, strlen(text), "narrow.mlir", &m) || aj_compile(m, "main", &o, &e) ||
        aj_executable_run(e, nin, in, nout, got) || aj_module_eval(m, "main", nin, in, nout, want, NULL)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
    } else {
        for (int i = 0; i < nout; i++) {
            const unsigned char *g = aj_array_data(got[i]), *w = aj_array_data(want[i]);
            size_t size = aj_dtype_size(aj_array_dtype(got[i]));
            for (int64_t k = 0; k < aj_array_numel(got[i]); k++) {
                bool both_nan = isnan(aj_array_get_f64(got[i], k)) && isnan(aj_array_get_f64(want[i], k));
                if (memcmp(g + k * size, w + k * size, size) != 0 && !both_nan) {
                    uint64_t a = 0, b = 0;
                    memcpy(&a, g + k * size, size);
                    memcpy(&b, w + k * size, size);
                    fprintf(stderr, "output %d (%s) element %lld: compiled %llx, evaluated %llx\n", i,
                            aj_dtype_name(aj_array_dtype(got[i])), (long long)k, (unsigned long long)a,
                            (unsigned long long)b);
                    testing_failed_checks++;
                    break;
                }
            }
        }
    }
    for (int i = 0; i < nout; i++) {
        aj_array_destroy(got[i]);
        aj_array_destroy(want[i]);
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

/* f64 to every type, and the 16-bit floats on to every type. */
TEST(conversions_compile_as_evaluated) {
    static const char text[] =
        "func.func @main(%x: tensor<4096xf64>) -> (tensor<4096xf16>, tensor<4096xbf16>, tensor<4096xf32>,\n"
        "    tensor<4096xi8>, tensor<4096xi16>, tensor<4096xui8>, tensor<4096xui16>, tensor<4096xui32>,\n"
        "    tensor<4096xui64>, tensor<4096xi1>, tensor<4096xbf16>, tensor<4096xf16>, tensor<4096xui16>,\n"
        "    tensor<4096xi8>, tensor<4096xbf16>) {\n"
        "  %h = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xf16>\n"
        "  %b = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xbf16>\n"
        "  %f = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xf32>\n"
        "  %i8 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xi8>\n"
        "  %i16 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xi16>\n"
        "  %u8 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xui8>\n"
        "  %u16 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xui16>\n"
        "  %u32 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xui32>\n"
        "  %u64 = stablehlo.convert %x : (tensor<4096xf64>) -> tensor<4096xui64>\n"
        "  %p = stablehlo.convert %h : (tensor<4096xf16>) -> tensor<4096xi1>\n"
        "  %hb = stablehlo.convert %h : (tensor<4096xf16>) -> tensor<4096xbf16>\n"
        "  %fh = stablehlo.convert %f : (tensor<4096xf32>) -> tensor<4096xf16>\n"
        "  %bu = stablehlo.convert %b : (tensor<4096xbf16>) -> tensor<4096xui16>\n"
        "  %hi = stablehlo.convert %h : (tensor<4096xf16>) -> tensor<4096xi8>\n"
        "  %ub = stablehlo.convert %u64 : (tensor<4096xui64>) -> tensor<4096xbf16>\n"
        "  return %h, %b, %f, %i8, %i16, %u8, %u16, %u32, %u64, %p, %hb, %fh, %bu, %hi, %ub : tensor<4096xf16>,\n"
        "    tensor<4096xbf16>, tensor<4096xf32>, tensor<4096xi8>, tensor<4096xi16>, tensor<4096xui8>,\n"
        "    tensor<4096xui16>, tensor<4096xui32>, tensor<4096xui64>, tensor<4096xi1>, tensor<4096xbf16>,\n"
        "    tensor<4096xf16>, tensor<4096xui16>, tensor<4096xi8>, tensor<4096xbf16>\n"
        "}\n";
    int64_t n = N;
    aj_array *x;
    if (aj_array_create(AJ_F64, 1, &n, &x)) return;
    fill_f64(aj_array_data(x));
    expect_compiled_as_evaluated(text, 1, &x, 15);
    aj_array_destroy(x);
}

/* Integers to the 16-bit floats (64-bit ones round once), and the
 * arithmetic of f16, bf16 and the narrow integers on random bit patterns;
 * chained ops (fused in one kernel) show each op rounding its result. */
TEST(arithmetic_compiles_as_evaluated) {
    static const char text[] =
        "func.func @main(%a: tensor<4096xi64>, %h: tensor<4096xf16>, %g: tensor<4096xf16>,\n"
        "                %b: tensor<4096xbf16>, %c: tensor<4096xbf16>, %s: tensor<4096xi8>, %t: tensor<4096xi8>,\n"
        "                %u: tensor<4096xui16>, %v: tensor<4096xui16>)\n"
        "    -> (tensor<4096xbf16>, tensor<4096xf16>, tensor<4096xf16>, tensor<4096xf16>, tensor<4096xbf16>,\n"
        "        tensor<4096xbf16>, tensor<4096xbf16>, tensor<4096xi8>, tensor<4096xi8>, tensor<4096xi8>,\n"
        "        tensor<4096xui16>, tensor<4096xui16>, tensor<4096xui16>, tensor<4096xi1>, tensor<4096xf16>) {\n"
        "  %ab = stablehlo.convert %a : (tensor<4096xi64>) -> tensor<4096xbf16>\n"
        "  %ah = stablehlo.convert %a : (tensor<4096xi64>) -> tensor<4096xf16>\n"
        "  %hm = stablehlo.multiply %h, %g : tensor<4096xf16>\n"
        "  %hd = stablehlo.divide %hm, %g : tensor<4096xf16>\n"
        "  %ba = stablehlo.add %b, %c : tensor<4096xbf16>\n"
        "  %be = stablehlo.exponential %b : tensor<4096xbf16>\n"
        "  %bl = stablehlo.subtract %ba, %c : tensor<4096xbf16>\n"
        "  %sm = stablehlo.multiply %s, %t : tensor<4096xi8>\n"
        "  %sd = stablehlo.divide %s, %t : tensor<4096xi8>\n"
        "  %ss = stablehlo.shift_right_arithmetic %s, %t : tensor<4096xi8>\n"
        "  %ur = stablehlo.remainder %u, %v : tensor<4096xui16>\n"
        "  %ul = stablehlo.shift_left %u, %v : tensor<4096xui16>\n"
        "  %up = stablehlo.power %u, %v : tensor<4096xui16>\n"
        "  %hc = stablehlo.compare LT, %h, %g, TOTALORDER : (tensor<4096xf16>, tensor<4096xf16>) -> tensor<4096xi1>\n"
        "  %hp = stablehlo.reduce_precision %h, format = e4m3 : tensor<4096xf16>\n"
        "  return %ab, %ah, %hm, %hd, %ba, %be, %bl, %sm, %sd, %ss, %ur, %ul, %up, %hc, %hp : tensor<4096xbf16>,\n"
        "    tensor<4096xf16>, tensor<4096xf16>, tensor<4096xf16>, tensor<4096xbf16>, tensor<4096xbf16>,\n"
        "    tensor<4096xbf16>, tensor<4096xi8>, tensor<4096xi8>, tensor<4096xi8>, tensor<4096xui16>,\n"
        "    tensor<4096xui16>, tensor<4096xui16>, tensor<4096xi1>, tensor<4096xf16>\n"
        "}\n";
    static const aj_dtype types[] = {AJ_I64, AJ_F16, AJ_F16, AJ_BF16, AJ_BF16, AJ_I8, AJ_I8, AJ_U16, AJ_U16};
    aj_array *in[9] = {0};
    int64_t n = N;
    for (int i = 0; i < 9; i++) {
        if (aj_array_create(types[i], 1, &n, &in[i])) return;
        fill_bits(aj_array_data(in[i]), aj_array_bytes(in[i]), 11 + (uint64_t)i);
    }
    int64_t *a = aj_array_data(in[0]);
    for (int i = 0; i < N / 2; i++) a[i] >>= i % 64;   /* every magnitude */
    expect_compiled_as_evaluated(text, 9, in, 15);
    for (int i = 0; i < 9; i++) aj_array_destroy(in[i]);
}

/* Sums and products accumulate in the element type, in the evaluator's
 * order: a reduce kernel and a contraction over f16 and bf16 values. */
TEST(reductions_and_dots_compile_as_evaluated) {
    static const char text[] =
        "func.func @main(%x: tensor<64x64xbf16>, %a: tensor<16x32xf16>, %b: tensor<32x16xf16>)\n"
        "    -> (tensor<64xbf16>, tensor<64xbf16>, tensor<16x16xf16>) {\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<bf16>\n"
        "  %rows = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] :\n"
        "      (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64xbf16>\n"
        "  %e = stablehlo.exponential %x : tensor<64x64xbf16>\n"
        "  %cols = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] :\n"
        "      (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64xbf16>\n"
        "  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] :\n"
        "      (tensor<16x32xf16>, tensor<32x16xf16>) -> tensor<16x16xf16>\n"
        "  return %rows, %cols, %d : tensor<64xbf16>, tensor<64xbf16>, tensor<16x16xf16>\n"
        "}\n";
    const int64_t x_dims[2] = {64, 64}, a_dims[2] = {16, 32}, b_dims[2] = {32, 16};
    aj_array *in[3] = {0};
    if (aj_array_create(AJ_BF16, 2, x_dims, &in[0]) || aj_array_create(AJ_F16, 2, a_dims, &in[1]) ||
        aj_array_create(AJ_F16, 2, b_dims, &in[2])) {
        for (int i = 0; i < 3; i++) aj_array_destroy(in[i]);
        testing_failed_checks++;
        return;
    }
    uint64_t seed = 5;
    for (int i = 0; i < 3; i++) {
        uint16_t *v = aj_array_data(in[i]);
        for (int64_t k = 0; k < aj_array_numel(in[i]); k++) {
            double u = (double)(testing_random(&seed) >> 11) * 0x1p-53 * 8 - 4;   /* [-4, 4): sums round */
            v[k] = i == 0 ? bf16_from_double(u) : f16_from_double(u);
        }
    }
    expect_compiled_as_evaluated(text, 3, in, 3);
    for (int i = 0; i < 3; i++) aj_array_destroy(in[i]);
}

int main(void) {
    RUN(rounding_edge_cases);
    RUN(every_pattern_round_trips);
    RUN(ulp_distance_on_16_bit_floats);
    RUN(conversions_compile_as_evaluated);
    RUN(arithmetic_compiles_as_evaluated);
    RUN(reductions_and_dots_compile_as_evaluated);
    return TESTS_DONE();
}
