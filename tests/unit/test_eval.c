/* Tests of the reference evaluator (src/eval) and the check rules
 * (src/check). Programs are built with the IR construction functions; every
 * expected value is worked out by hand in the comment beside it. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "check/check.h"
#include "eval/eval.h"
#include "front/front.h"
#include "ir/ir.h"
#include "testing.h"
#include "util/mem.h"

/* ---- building programs --------------------------------------------------- */

static ir_type ty(ir_dtype t, int rank, ...) {
    int64_t dims[IR_MAX_RANK];
    va_list ap;
    va_start(ap, rank);
    for (int i = 0; i < rank; i++) dims[i] = va_arg(ap, int64_t);
    va_end(ap);
    return ir_type_make(t, rank, dims);
}

/* Dims are passed as int64_t through the varargs. */
#define V1(t, a) ty(t, 1, (int64_t)(a))
#define V2(t, a, b) ty(t, 2, (int64_t)(a), (int64_t)(b))
#define V3(t, a, b, c) ty(t, 3, (int64_t)(a), (int64_t)(b), (int64_t)(c))
#define S(t) ir_type_scalar(t)

typedef struct prog {
    ir_module *m;
    ir_func *f;       /* the function being built (main unless switched) */
} prog;

static prog prog_new(void) {
    prog p = {ir_module_new(), NULL};
    p.f = ir_func_new(p.m, "main");
    return p;
}

static ir_value_id param(prog *p, ir_type t) { return ir_block_add_arg(p->f, p->f->body, &t); }

/* Appends an op with one result of type rt to block b (the body when NULL). */
static ir_op *emit_in(prog *p, ir_block *b, ir_opcode code, ir_type rt, int nin, const ir_value_id *in) {
    return ir_op_append(p->f, b ? b : p->f->body, code, nin, in, 1, &rt);
}

static ir_value_id emit1(prog *p, ir_opcode code, ir_type rt, ir_value_id x) {
    return emit_in(p, NULL, code, rt, 1, &x)->out[0];
}

static ir_value_id emit2(prog *p, ir_opcode code, ir_type rt, ir_value_id a, ir_value_id b) {
    ir_value_id in[2] = {a, b};
    return emit_in(p, NULL, code, rt, 2, in)->out[0];
}

static ir_value_id emit3(prog *p, ir_opcode code, ir_type rt, ir_value_id a, ir_value_id b, ir_value_id c) {
    ir_value_id in[3] = {a, b, c};
    return emit_in(p, NULL, code, rt, 3, in)->out[0];
}

static ir_value_id constant_in(prog *p, ir_block *b, ir_type t, const void *data) {
    ir_op *op = emit_in(p, b, IR_CONSTANT, t, 0, NULL);
    op->a.data = mem_alloc(ir_type_bytes(&t));
    memcpy(op->a.data, data, ir_type_bytes(&t));
    return op->out[0];
}

static ir_value_id constant(prog *p, ir_type t, const void *data) { return constant_in(p, NULL, t, data); }

static ir_value_id with_ints(ir_op *op, ir_ints *field, int n, const int64_t *v) {
    ir_ints_set(field, n, v);
    return op->out[0];
}

/* Ends block b (the body when NULL) with a return of n values; for the body,
 * also records the function's result types. */
static void ret_in(prog *p, ir_block *b, int n, const ir_value_id *v) {
    ir_op_append(p->f, b ? b : p->f->body, IR_RETURN, n, v, 0, NULL);
    if (b) return;
    ir_type types[8];
    for (int i = 0; i < n; i++) types[i] = p->f->values[v[i]].type;
    ir_func_set_results(p->f, n, types);
}

static void ret1(prog *p, ir_value_id v) { ret_in(p, NULL, 1, &v); }

/* A reducer region on `op` whose block takes 2n scalar args of dtype dt. */
static ir_block *reducer(prog *p, ir_op *op, int nargs, const ir_dtype *dts, ir_value_id *args) {
    ir_block *b = ir_op_add_region(op);
    for (int i = 0; i < nargs; i++) {
        ir_type t = S(dts[i]);
        args[i] = ir_block_add_arg(p->f, b, &t);
    }
    return b;
}

/* reduce(x, init) over dims with the one-op reducer "code(acc, x)" (or
 * "code(x, acc)" when swapped). */
static ir_value_id reduce_with(prog *p, ir_opcode code, bool swapped, ir_type rt, ir_value_id x,
                               ir_value_id init, int ndims, const int64_t *dims) {
    ir_value_id in[2] = {x, init};
    ir_op *op = emit_in(p, NULL, IR_REDUCE, rt, 2, in);
    ir_ints_set(&op->a.dims, ndims, dims);
    ir_value_id args[2];
    ir_dtype dts[2] = {rt.dtype, rt.dtype};
    ir_block *b = reducer(p, op, 2, dts, args);
    ir_value_id r = emit_in(p, b, code, S(rt.dtype), 2,
                            swapped ? (ir_value_id[]){args[1], args[0]} : args)->out[0];
    ret_in(p, b, 1, &r);
    return op->out[0];
}

/* ---- running ----------------------------------------------------------- */

static eval_tensor tensor(ir_type t, const void *data) { return (eval_tensor){t, (void *)data}; }

/* Runs main on the inputs; outputs must be freed with free_outputs. */
static int run(prog *p, int nin, const eval_tensor *in, eval_tensor *out, eval_stats *s, eval_checks *c, diag *d) {
    return eval_func(p->m, ir_module_find(p->m, "main"), in, nin, out, s, c, d);
}

/* run() that must succeed: on failure prints why and frees the module. */
#define RUN_OK(p, nin, in, out, s, c) do { \
    diag d_ = {0}; int rc_ = run(p, nin, in, out, s, c, &d_); \
    if (rc_) { fprintf(stderr, "%s:%d: run failed: %s\n", __FILE__, __LINE__, d_.msg); \
               testing_failed_checks++; ir_module_free((p)->m); return; } \
} while (0)

static void free_outputs(eval_tensor *out, int n) {
    for (int i = 0; i < n; i++) eval_tensor_free(&out[i]);
}

/* Runs main with n inputs and one output, copies the output's bytes into
 * got and frees the module. Returns the status. */
static int run_copy(prog *p, int nin, const eval_tensor *in, void *got, diag *d) {
    eval_tensor out[1];
    int rc = run(p, nin, in, out, NULL, NULL, d);
    if (rc == DIAG_OK) {
        memcpy(got, out[0].data, ir_type_bytes(&out[0].type));
        free_outputs(out, 1);
    }
    ir_module_free(p->m);
    return rc;
}

/* f(x[, y]) = code(x[, y]) elementwise on n elements of dtype t giving
 * dtype rt; the result lands in got. */
static int eval_ew(ir_opcode code, ir_dtype t, ir_dtype rt, int nin, int64_t n,
                   const void *a, const void *b, void *got, diag *d) {
    prog p = prog_new();
    ir_value_id x = param(&p, V1(t, n)), y = nin > 1 ? param(&p, V1(t, n)) : -1;
    ir_value_id r = nin > 1 ? emit2(&p, code, V1(rt, n), x, y) : emit1(&p, code, V1(rt, n), x);
    ret1(&p, r);
    eval_tensor in[2] = {tensor(V1(t, n), a), tensor(V1(t, n), b)};
    return run_copy(&p, nin, in, got, d);
}

/* ---- comparing results -------------------------------------------------- */

/* Floats compare by bits (so -0 differs from +0), except that any NaN
 * matches any NaN. */
static bool same_f64(const double *got, const double *want, int n, int line) {
    for (int i = 0; i < n; i++) {
        bool ok = isnan(want[i]) ? isnan(got[i]) : memcmp(&got[i], &want[i], sizeof(double)) == 0;
        if (!ok) {
            fprintf(stderr, "line %d: element %d: got %.17g, want %.17g\n", line, i, got[i], want[i]);
            return false;
        }
    }
    return true;
}

static bool same_f32(const float *got, const float *want, int n, int line) {
    for (int i = 0; i < n; i++) {
        bool ok = isnan(want[i]) ? isnan(got[i]) : memcmp(&got[i], &want[i], sizeof(float)) == 0;
        if (!ok) {
            fprintf(stderr, "line %d: element %d: got %.9g, want %.9g\n", line, i, got[i], want[i]);
            return false;
        }
    }
    return true;
}

static bool same_i64(const int64_t *got, const int64_t *want, int n, int line) {
    for (int i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            fprintf(stderr, "line %d: element %d: got %lld, want %lld\n", line, i, (long long)got[i],
                    (long long)want[i]);
            return false;
        }
    }
    return true;
}

static bool same_i32(const int32_t *got, const int32_t *want, int n, int line) {
    int64_t g[64], w[64];
    for (int i = 0; i < n; i++) g[i] = got[i], w[i] = want[i];
    return same_i64(g, w, n, line);
}

static bool same_u8(const uint8_t *got, const uint8_t *want, int n, int line) {
    int64_t g[64], w[64];
    for (int i = 0; i < n; i++) g[i] = got[i], w[i] = want[i];
    return same_i64(g, w, n, line);
}

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define EXPECT_F64S(got, want) EXPECT(same_f64(got, want, N_OF(want), __LINE__))
#define EXPECT_F32S(got, want) EXPECT(same_f32(got, want, N_OF(want), __LINE__))
#define EXPECT_I64S(got, want) EXPECT(same_i64(got, want, N_OF(want), __LINE__))
#define EXPECT_I32S(got, want) EXPECT(same_i32(got, want, N_OF(want), __LINE__))
#define EXPECT_U8S(got, want) EXPECT(same_u8(got, want, N_OF(want), __LINE__))

/* Elementwise op on nin arrays x (and y), expecting want; got has want's type. */
#define EXPECT_EW(code, t, rt, nin, x, y, want, got_type) do { \
    got_type got_[N_OF(want)]; diag d_ = {0}; \
    int rc_ = eval_ew(code, t, rt, nin, N_OF(want), x, y, got_, &d_); \
    if (rc_) fprintf(stderr, "%s\n", d_.msg); \
    EXPECT_EQ_INT(rc_, DIAG_OK); \
    if (!rc_) EXPECT(_Generic((got_type *)0, double *: same_f64, float *: same_f32, int64_t *: same_i64, \
                              int32_t *: same_i32, uint8_t *: same_u8)((void *)got_, (const void *)(want), \
                                                                       N_OF(want), __LINE__)); \
} while (0)
#define U_F64(code, x, want) EXPECT_EW(code, IR_F64, IR_F64, 1, x, NULL, want, double)
#define U_F32(code, x, want) EXPECT_EW(code, IR_F32, IR_F32, 1, x, NULL, want, float)
#define U_I32(code, x, want) EXPECT_EW(code, IR_I32, IR_I32, 1, x, NULL, want, int32_t)
#define U_I64(code, x, want) EXPECT_EW(code, IR_I64, IR_I64, 1, x, NULL, want, int64_t)
#define B_F64(code, x, y, want) EXPECT_EW(code, IR_F64, IR_F64, 2, x, y, want, double)
#define B_F32(code, x, y, want) EXPECT_EW(code, IR_F32, IR_F32, 2, x, y, want, float)
#define B_I32(code, x, y, want) EXPECT_EW(code, IR_I32, IR_I32, 2, x, y, want, int32_t)
#define B_I64(code, x, y, want) EXPECT_EW(code, IR_I64, IR_I64, 2, x, y, want, int64_t)
#define B_I1(code, x, y, want) EXPECT_EW(code, IR_I1, IR_I1, 2, x, y, want, uint8_t)

/* ---- elementwise: floats ------------------------------------------------- */

TEST(float_unary_exact_values) {
    /* Values whose results are exact, so f32 and f64 agree. */
    static const double x_abs[] = {-2.5, -0.0, 3, NAN}, w_abs[] = {2.5, 0.0, 3, NAN};
    U_F64(IR_ABS, x_abs, w_abs);
    static const double x_cbrt[] = {-8, 1, -0.0}, w_cbrt[] = {-2, 1, -0.0};
    U_F64(IR_CBRT, x_cbrt, w_cbrt);
    static const double x_ceil[] = {-1.5, 1.2, -0.5, 2}, w_ceil[] = {-1, 2, -0.0, 2};
    U_F64(IR_CEIL, x_ceil, w_ceil);
    static const double x_floor[] = {-1.5, 1.2, 0.5, -0.0}, w_floor[] = {-2, 1, 0, -0.0};
    U_F64(IR_FLOOR, x_floor, w_floor);
    static const double x_cos[] = {0, -0.0}, w_cos[] = {1, 1};
    U_F64(IR_COSINE, x_cos, w_cos);
    static const double x_sin[] = {0, -0.0}, w_sin[] = {0, -0.0};
    U_F64(IR_SINE, x_sin, w_sin);
    static const double x_tan[] = {0, -0.0}, w_tan[] = {0, -0.0};
    U_F64(IR_TAN, x_tan, w_tan);
    static const double x_tanh[] = {0, INFINITY, -INFINITY}, w_tanh[] = {0, 1, -1};
    U_F64(IR_TANH, x_tanh, w_tanh);
    static const double x_exp[] = {0, -INFINITY, INFINITY, NAN}, w_exp[] = {1, 0, INFINITY, NAN};
    U_F64(IR_EXPONENTIAL, x_exp, w_exp);
    static const double x_expm1[] = {0, -0.0, -INFINITY}, w_expm1[] = {0, -0.0, -1};
    U_F64(IR_EXPONENTIAL_MINUS_ONE, x_expm1, w_expm1);
    static const double x_log[] = {1, 0, -1, INFINITY}, w_log[] = {0, -INFINITY, NAN, INFINITY};
    U_F64(IR_LOG, x_log, w_log);
    static const double x_log1p[] = {0, -1, -2}, w_log1p[] = {0, -INFINITY, NAN};
    U_F64(IR_LOG_PLUS_ONE, x_log1p, w_log1p);
    /* logistic(-inf): exp(inf) = inf, 1 + inf = inf, 1 / inf = 0. */
    static const double x_logistic[] = {0, INFINITY, -INFINITY}, w_logistic[] = {0.5, 1, 0};
    U_F64(IR_LOGISTIC, x_logistic, w_logistic);
    static const double x_neg[] = {1, -0.0, 0}, w_neg[] = {-1, 0, -0.0};
    U_F64(IR_NEGATE, x_neg, w_neg);
    static const double x_afz[] = {2.5, -2.5, 0.5, -0.4, 1.5}, w_afz[] = {3, -3, 1, -0.0, 2};
    U_F64(IR_ROUND_NEAREST_AFZ, x_afz, w_afz);
    static const double x_even[] = {2.5, -2.5, 0.5, -0.5, 3.5, 1.4, 4503599627370497.0};
    static const double w_even[] = {2, -2, 0, -0.0, 4, 1, 4503599627370497.0};
    U_F64(IR_ROUND_NEAREST_EVEN, x_even, w_even);
    static const double x_rsqrt[] = {4, 0, -1, INFINITY}, w_rsqrt[] = {0.5, INFINITY, NAN, 0};
    U_F64(IR_RSQRT, x_rsqrt, w_rsqrt);
    /* sign: NaN stays NaN and a zero keeps its sign. */
    static const double x_sign[] = {-3, 2, -0.0, 0.0, NAN, -INFINITY}, w_sign[] = {-1, 1, -0.0, 0.0, NAN, -1};
    U_F64(IR_SIGN, x_sign, w_sign);
    static const double x_sqrt[] = {4, -0.0, -1}, w_sqrt[] = {2, -0.0, NAN};
    U_F64(IR_SQRT, x_sqrt, w_sqrt);
}

TEST(float_unary_f32_rounds_once_from_double) {
    /* f32 transcendentals are computed in double and rounded to f32. */
    static const float x[] = {1.0f, 0.5f};
    float w_exp[] = {(float)exp(1.0), (float)exp(0.5)}, w_sin[] = {(float)sin(1.0), (float)sin(0.5)};
    U_F32(IR_EXPONENTIAL, x, w_exp);
    U_F32(IR_SINE, x, w_sin);
    static const float x_even[] = {2.5f, -0.5f, 8388609.0f}, w_even[] = {2, -0.0f, 8388609.0f};
    U_F32(IR_ROUND_NEAREST_EVEN, x_even, w_even);
    /* logistic composes f32 ops as the reference does: 1 / (1 + exp(-x)). */
    float e = (float)exp(-1.0), s = 1.0f + e;
    float w_logistic[] = {1.0f / s};
    static const float x_one[] = {1.0f};
    U_F32(IR_LOGISTIC, x_one, w_logistic);
}

TEST(is_finite_gives_i1) {
    static const float x[] = {1, INFINITY, NAN, -INFINITY, -0.0f};
    static const uint8_t want[] = {1, 0, 0, 0, 1};
    EXPECT_EW(IR_IS_FINITE, IR_F32, IR_I1, 1, x, NULL, want, uint8_t);
}

TEST(float_binary) {
    /* f32 addition rounds in f32: 2^24 + 1 is not representable. */
    static const float a32[] = {16777216.0f, 0.1f, -0.0f, INFINITY}, b32[] = {1, 0.2f, -0.0f, -INFINITY};
    float w_add32[] = {16777216.0f, 0.1f + 0.2f, -0.0f, NAN};
    B_F32(IR_ADD, a32, b32, w_add32);
    static const double a_sub[] = {1, 0.0}, b_sub[] = {1, -0.0}, w_sub[] = {0, 0};
    B_F64(IR_SUBTRACT, a_sub, b_sub, w_sub);
    static const double a_mul[] = {-2, 0, INFINITY}, b_mul[] = {3, -1, 0}, w_mul[] = {-6, -0.0, NAN};
    B_F64(IR_MULTIPLY, a_mul, b_mul, w_mul);
    static const double a_div[] = {1, -1, 0, 7}, b_div[] = {0, 0, 0, 2}, w_div[] = {INFINITY, -INFINITY, NAN, 3.5};
    B_F64(IR_DIVIDE, a_div, b_div, w_div);
    /* maximum/minimum propagate NaN and order -0 below +0. */
    static const double a_mm[] = {1, NAN, -0.0, 0.0, 2}, b_mm[] = {NAN, 1, 0.0, -0.0, 3};
    static const double w_max[] = {NAN, NAN, 0.0, 0.0, 3}, w_min[] = {NAN, NAN, -0.0, -0.0, 2};
    B_F64(IR_MAXIMUM, a_mm, b_mm, w_max);
    B_F64(IR_MINIMUM, a_mm, b_mm, w_min);
    static const double a_pow[] = {2, -8, 0, -2, 4, NAN}, b_pow[] = {10, 1.0 / 3, 0, 3, 0.5, 0};
    static const double w_pow[] = {1024, NAN, 1, -8, 2, 1};
    B_F64(IR_POWER, a_pow, b_pow, w_pow);
    /* remainder takes the dividend's sign (fmod). */
    static const double a_rem[] = {5.5, -5.5, 5.5, 1, INFINITY}, b_rem[] = {2, 2, -2, 0, 1};
    static const double w_rem[] = {1.5, -1.5, 1.5, NAN, NAN};
    B_F64(IR_REMAINDER, a_rem, b_rem, w_rem);
    static const double a_atan2[] = {0, -0.0, 0, -1}, b_atan2[] = {-1, -1, 1, 0};
    static const double w_atan2[] = {M_PI, -M_PI, 0, -M_PI / 2};
    B_F64(IR_ATAN2, a_atan2, b_atan2, w_atan2);
}

/* ---- elementwise: integers and booleans ----------------------------------- */

TEST(int_unary_edge_cases) {
    static const int32_t x_abs[] = {-5, 5, INT32_MIN, 0}, w_abs[] = {5, 5, INT32_MIN, 0};
    U_I32(IR_ABS, x_abs, w_abs);
    static const int32_t x_neg[] = {5, INT32_MIN, 0}, w_neg[] = {-5, INT32_MIN, 0};
    U_I32(IR_NEGATE, x_neg, w_neg);
    static const int32_t x_sign[] = {-7, 0, 9, INT32_MIN}, w_sign[] = {-1, 0, 1, -1};
    U_I32(IR_SIGN, x_sign, w_sign);
    static const int32_t x_not[] = {0, -1, 5}, w_not[] = {-1, 0, -6};
    U_I32(IR_NOT, x_not, w_not);
    static const int32_t x_pop[] = {-1, 0, 7, INT32_MIN}, w_pop[] = {32, 0, 3, 1};
    U_I32(IR_POPCNT, x_pop, w_pop);
    static const int32_t x_clz[] = {0, 1, -1, 0x10000}, w_clz[] = {32, 31, 0, 15};
    U_I32(IR_COUNT_LEADING_ZEROS, x_clz, w_clz);
    static const int64_t x_clz64[] = {0, 1, -1}, w_clz64[] = {64, 63, 0};
    U_I64(IR_COUNT_LEADING_ZEROS, x_clz64, w_clz64);
    static const int64_t x_pop64[] = {-1, INT64_MIN}, w_pop64[] = {64, 1};
    U_I64(IR_POPCNT, x_pop64, w_pop64);
    static const int64_t x_abs64[] = {INT64_MIN, -3}, w_abs64[] = {INT64_MIN, 3};
    U_I64(IR_ABS, x_abs64, w_abs64);
    U_I64(IR_NEGATE, x_abs64, ((int64_t[]){INT64_MIN, 3}));
    static const uint8_t x_not1[] = {0, 1}, w_not1[] = {1, 0};
    EXPECT_EW(IR_NOT, IR_I1, IR_I1, 1, x_not1, NULL, w_not1, uint8_t);
}

TEST(int32_binary_edge_cases) {
    B_I32(IR_ADD, ((int32_t[]){INT32_MAX, -1}), ((int32_t[]){1, 1}), ((int32_t[]){INT32_MIN, 0}));
    B_I32(IR_SUBTRACT, ((int32_t[]){INT32_MIN, 5}), ((int32_t[]){1, 7}), ((int32_t[]){INT32_MAX, -2}));
    B_I32(IR_MULTIPLY, ((int32_t[]){65536, -3}), ((int32_t[]){65536, 7}), ((int32_t[]){0, -21}));
    /* Truncating division; x / 0 = -1 and INT_MIN / -1 = INT_MIN (XLA). */
    static const int32_t a_div[] = {7, -7, 7, -7, 5, INT32_MIN, 0, -5}, b_div[] = {2, 2, -2, -2, 0, -1, 0, 0};
    B_I32(IR_DIVIDE, a_div, b_div, ((int32_t[]){3, -3, -3, 3, -1, INT32_MIN, -1, -1}));
    /* The remainder has the dividend's sign; x % 0 = x, INT_MIN % -1 = 0. */
    B_I32(IR_REMAINDER, a_div, b_div, ((int32_t[]){1, -1, 1, -1, 5, 0, 0, -5}));
    B_I32(IR_MAXIMUM, ((int32_t[]){-1, 3}), ((int32_t[]){1, 2}), ((int32_t[]){1, 3}));
    B_I32(IR_MINIMUM, ((int32_t[]){-1, 3}), ((int32_t[]){1, 2}), ((int32_t[]){-1, 2}));
    /* A negative exponent gives 0 unless |base| == 1; 2^31 wraps. */
    static const int32_t a_pow[] = {2, -3, 2, -1, 1, 0, 2, -1, 0}, b_pow[] = {10, 3, -1, -3, -5, 0, 31, 2, -2};
    B_I32(IR_POWER, a_pow, b_pow, ((int32_t[]){1024, -27, 0, -1, 1, 1, INT32_MIN, 1, 0}));
    /* Shift amounts are unsigned: >= 32 (or negative) shifts everything out. */
    B_I32(IR_SHIFT_LEFT, ((int32_t[]){1, 1, 1, -1, 3}), ((int32_t[]){31, 32, -1, 4, 0}),
          ((int32_t[]){INT32_MIN, 0, 0, -16, 3}));
    B_I32(IR_SHIFT_RIGHT_ARITHMETIC, ((int32_t[]){-8, -8, 8, -1, INT32_MIN}), ((int32_t[]){1, 40, 32, -1, 31}),
          ((int32_t[]){-4, -1, 0, -1, -1}));
    B_I32(IR_SHIFT_RIGHT_LOGICAL, ((int32_t[]){-8, -1, 8, INT32_MIN}), ((int32_t[]){28, 32, 2, 31}),
          ((int32_t[]){15, 0, 2, 1}));
    B_I32(IR_AND, ((int32_t[]){12, -1}), ((int32_t[]){10, 5}), ((int32_t[]){8, 5}));
    B_I32(IR_OR, ((int32_t[]){12, -8}), ((int32_t[]){10, 1}), ((int32_t[]){14, -7}));
    B_I32(IR_XOR, ((int32_t[]){12, -1}), ((int32_t[]){10, 0}), ((int32_t[]){6, -1}));
}

TEST(int64_binary_edge_cases) {
    B_I64(IR_DIVIDE, ((int64_t[]){INT64_MIN, 9, -9}), ((int64_t[]){-1, 0, 4}), ((int64_t[]){INT64_MIN, -1, -2}));
    B_I64(IR_REMAINDER, ((int64_t[]){INT64_MIN, 9, -9}), ((int64_t[]){-1, 0, 4}), ((int64_t[]){0, 9, -1}));
    B_I64(IR_ADD, ((int64_t[]){INT64_MAX}), ((int64_t[]){1}), ((int64_t[]){INT64_MIN}));
    B_I64(IR_MULTIPLY, ((int64_t[]){INT64_MAX}), ((int64_t[]){2}), ((int64_t[]){-2}));
    B_I64(IR_SHIFT_LEFT, ((int64_t[]){1, 1}), ((int64_t[]){63, 64}), ((int64_t[]){INT64_MIN, 0}));
    B_I64(IR_SHIFT_RIGHT_LOGICAL, ((int64_t[]){-1, -1}), ((int64_t[]){63, 64}), ((int64_t[]){1, 0}));
    B_I64(IR_SHIFT_RIGHT_ARITHMETIC, ((int64_t[]){INT64_MIN, INT64_MIN}), ((int64_t[]){63, 64}),
          ((int64_t[]){-1, -1}));
    B_I64(IR_POWER, ((int64_t[]){2, 2, 3}), ((int64_t[]){63, 64, 40}),
          ((int64_t[]){INT64_MIN, 0, -6289078614652622815}));
    B_I64(IR_MAXIMUM, ((int64_t[]){INT64_MIN}), ((int64_t[]){INT64_MAX}), ((int64_t[]){INT64_MAX}));
}

TEST(bool_binary_is_logic) {
    static const uint8_t a[] = {0, 0, 1, 1}, b[] = {0, 1, 0, 1};
    B_I1(IR_ADD, a, b, ((uint8_t[]){0, 1, 1, 1}));        /* or */
    B_I1(IR_MULTIPLY, a, b, ((uint8_t[]){0, 0, 0, 1}));   /* and */
    B_I1(IR_MAXIMUM, a, b, ((uint8_t[]){0, 1, 1, 1}));
    B_I1(IR_MINIMUM, a, b, ((uint8_t[]){0, 0, 0, 1}));
    B_I1(IR_AND, a, b, ((uint8_t[]){0, 0, 0, 1}));
    B_I1(IR_OR, a, b, ((uint8_t[]){0, 1, 1, 1}));
    B_I1(IR_XOR, a, b, ((uint8_t[]){0, 1, 1, 0}));
}

TEST(ops_undefined_on_an_element_type_fail_cleanly) {
    diag d = {0};
    uint8_t b1[2] = {0, 1}, got1[2];
    EXPECT_EQ_INT(eval_ew(IR_SUBTRACT, IR_I1, IR_I1, 2, 2, b1, b1, got1, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "stablehlo.subtract");
    EXPECT_CONTAINS(d.msg, "i1");
    int32_t i[2] = {1, 2}, goti[2];
    EXPECT_EQ_INT(eval_ew(IR_EXPONENTIAL, IR_I32, IR_I32, 1, 2, i, NULL, goti, &d), DIAG_INVALID);
    float f[2] = {1, 2}, gotf[2];
    EXPECT_EQ_INT(eval_ew(IR_AND, IR_F32, IR_F32, 2, 2, f, f, gotf, &d), DIAG_INVALID);
    EXPECT_EQ_INT(eval_ew(IR_POPCNT, IR_F32, IR_F32, 1, 2, f, NULL, gotf, &d), DIAG_INVALID);
}

/* ---- compare, convert, select, clamp ------------------------------------- */

static int eval_compare(ir_cmp_dir dir, ir_cmp_type ct, ir_dtype t, int64_t n, const void *a, const void *b,
                        uint8_t *got, diag *d) {
    prog p = prog_new();
    ir_value_id in[2] = {param(&p, V1(t, n)), param(&p, V1(t, n))};
    ir_op *op = emit_in(&p, NULL, IR_COMPARE, V1(IR_I1, n), 2, in);
    op->a.cmp = dir;
    op->a.cmp_type = ct;
    ret1(&p, op->out[0]);
    eval_tensor inputs[2] = {tensor(V1(t, n), a), tensor(V1(t, n), b)};
    return run_copy(&p, 2, inputs, got, d);
}

#define EXPECT_CMP(dir, ct, t, a, b, want) do { \
    uint8_t got_[N_OF(want)]; diag d_ = {0}; \
    EXPECT_EQ_INT(eval_compare(dir, ct, t, N_OF(want), a, b, got_, &d_), DIAG_OK); \
    EXPECT_U8S(got_, want); \
} while (0)

TEST(compare_float_is_ieee) {
    /* NaN is unordered: only NE holds; -0 == +0. */
    static const float a[] = {1, NAN, -0.0f, 2, NAN}, b[] = {1, 1, 0.0f, 1, NAN};
    EXPECT_CMP(IR_CMP_EQ, IR_CMPT_FLOAT, IR_F32, a, b, ((uint8_t[]){1, 0, 1, 0, 0}));
    EXPECT_CMP(IR_CMP_NE, IR_CMPT_FLOAT, IR_F32, a, b, ((uint8_t[]){0, 1, 0, 1, 1}));
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_NOTYPE, IR_F32, a, b, ((uint8_t[]){0, 0, 0, 0, 0}));
    EXPECT_CMP(IR_CMP_LE, IR_CMPT_FLOAT, IR_F32, a, b, ((uint8_t[]){1, 0, 1, 0, 0}));
    EXPECT_CMP(IR_CMP_GT, IR_CMPT_FLOAT, IR_F32, a, b, ((uint8_t[]){0, 0, 0, 1, 0}));
    EXPECT_CMP(IR_CMP_GE, IR_CMPT_FLOAT, IR_F32, a, b, ((uint8_t[]){1, 0, 1, 1, 0}));
}

TEST(compare_totalorder) {
    /* -NaN < -Inf < -0 < +0 < Inf < +NaN. */
    double neg_nan = copysign(NAN, -1.0);
    double a[] = {-0.0, NAN, neg_nan, 1, NAN}, b[] = {0.0, INFINITY, -INFINITY, 1, NAN};
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_TOTALORDER, IR_F64, a, b, ((uint8_t[]){1, 0, 1, 0, 0}));
    EXPECT_CMP(IR_CMP_EQ, IR_CMPT_TOTALORDER, IR_F64, a, b, ((uint8_t[]){0, 0, 0, 1, 1}));
    EXPECT_CMP(IR_CMP_GT, IR_CMPT_TOTALORDER, IR_F64, a, b, ((uint8_t[]){0, 1, 0, 0, 0}));
    float af[] = {-0.0f, (float)neg_nan}, bf[] = {0.0f, -INFINITY};
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_TOTALORDER, IR_F32, af, bf, ((uint8_t[]){1, 1}));
}

TEST(compare_signed_unsigned_and_notype) {
    static const int32_t a[] = {-1, 1, 5}, b[] = {1, -1, 5};
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_SIGNED, IR_I32, a, b, ((uint8_t[]){1, 0, 0}));
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_UNSIGNED, IR_I32, a, b, ((uint8_t[]){0, 1, 0}));
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_NOTYPE, IR_I32, a, b, ((uint8_t[]){1, 0, 0}));
    EXPECT_CMP(IR_CMP_GE, IR_CMPT_NOTYPE, IR_I32, a, b, ((uint8_t[]){0, 1, 1}));
    static const int64_t a64[] = {INT64_MIN, -1}, b64[] = {INT64_MAX, 0};
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_NOTYPE, IR_I64, a64, b64, ((uint8_t[]){1, 1}));
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_UNSIGNED, IR_I64, a64, b64, ((uint8_t[]){0, 0}));
    /* i1 compares as unsigned: false < true. */
    static const uint8_t t[] = {0, 1}, f[] = {1, 0};
    EXPECT_CMP(IR_CMP_LT, IR_CMPT_NOTYPE, IR_I1, t, f, ((uint8_t[]){1, 0}));
}

TEST(convert_float_to_int_truncates_and_saturates) {
    static const float x[] = {2.9f, -2.9f, NAN, 1e10f, -1e10f, INFINITY, -0.5f};
    EXPECT_EW(IR_CONVERT, IR_F32, IR_I32, 1, x, NULL,
              ((int32_t[]){2, -2, 0, INT32_MAX, INT32_MIN, INT32_MAX, 0}), int32_t);
    static const double x64[] = {9.3e18, -9.3e18, -9223372036854775808.0, 1e300, -INFINITY};
    EXPECT_EW(IR_CONVERT, IR_F64, IR_I64, 1, x64, NULL,
              ((int64_t[]){INT64_MAX, INT64_MIN, INT64_MIN, INT64_MAX, INT64_MIN}), int64_t);
}

TEST(convert_int_to_float_rounds_once) {
    /* 2^60 + 2^36 + 1 is just above the midpoint of two f32 neighbours:
     * rounding straight to f32 goes up to 2^60 + 2^37; through double it
     * would lose the +1 and then tie to even, down to 2^60. 2^24 + 1 is a
     * tie and goes to even. */
    static const int64_t x[] = {(INT64_C(1) << 60) + (INT64_C(1) << 36) + 1, -1, 16777217};
    float want[] = {(float)((INT64_C(1) << 60) + (INT64_C(1) << 37)), -1.0f, 16777216.0f};
    EXPECT_EW(IR_CONVERT, IR_I64, IR_F32, 1, x, NULL, want, float);
    static const int32_t x32[] = {INT32_MIN, 7};
    EXPECT_EW(IR_CONVERT, IR_I32, IR_F64, 1, x32, NULL, ((double[]){-2147483648.0, 7.0}), double);
}

TEST(convert_between_floats_ints_and_bools) {
    static const double x[] = {0.1, 1e39, -1e39, 1e-50, NAN};
    float want[] = {(float)0.1, INFINITY, -INFINITY, 0.0f, NAN};
    EXPECT_EW(IR_CONVERT, IR_F64, IR_F32, 1, x, NULL, want, float);
    static const float xf[] = {0.1f};
    EXPECT_EW(IR_CONVERT, IR_F32, IR_F64, 1, xf, NULL, ((double[]){(double)0.1f}), double);
    /* To i1: nonzero (NaN included) is true. */
    EXPECT_EW(IR_CONVERT, IR_I32, IR_I1, 1, ((int32_t[]){2, 0, -1}), NULL, ((uint8_t[]){1, 0, 1}), uint8_t);
    EXPECT_EW(IR_CONVERT, IR_F32, IR_I1, 1, ((float[]){NAN, -0.0f, 0.5f}), NULL, ((uint8_t[]){1, 0, 1}), uint8_t);
    EXPECT_EW(IR_CONVERT, IR_I1, IR_F32, 1, ((uint8_t[]){1, 0}), NULL, ((float[]){1.0f, 0.0f}), float);
    EXPECT_EW(IR_CONVERT, IR_I1, IR_I32, 1, ((uint8_t[]){1, 0}), NULL, ((int32_t[]){1, 0}), int32_t);
    /* Between integers: truncate (wrap) or sign-extend. */
    static const int64_t x64[] = {(INT64_C(1) << 32) + 5, -1, INT64_C(1) << 31};
    EXPECT_EW(IR_CONVERT, IR_I64, IR_I32, 1, x64, NULL, ((int32_t[]){5, -1, INT32_MIN}), int32_t);
    EXPECT_EW(IR_CONVERT, IR_I32, IR_I64, 1, ((int32_t[]){-1, INT32_MIN}), NULL, ((int64_t[]){-1, INT32_MIN}),
              int64_t);
}

TEST(select_with_scalar_and_full_predicates) {
    prog p = prog_new();
    ir_value_id pv = param(&p, V1(IR_I1, 3)), ps = param(&p, S(IR_I1));
    ir_value_id a = param(&p, V1(IR_F32, 3)), b = param(&p, V1(IR_F32, 3));
    ir_value_id r1 = emit3(&p, IR_SELECT, V1(IR_F32, 3), pv, a, b);
    ir_value_id r2 = emit3(&p, IR_SELECT, V1(IR_F32, 3), ps, a, b);
    ret_in(&p, NULL, 2, (ir_value_id[]){r1, r2});
    uint8_t pred[] = {1, 0, 1}, no = 0;
    float av[] = {1, 2, 3}, bv[] = {4, 5, 6};
    eval_tensor in[] = {tensor(V1(IR_I1, 3), pred), tensor(S(IR_I1), &no), tensor(V1(IR_F32, 3), av),
                        tensor(V1(IR_F32, 3), bv)};
    eval_tensor out[2];
    RUN_OK(&p, 4, in, out, NULL, NULL);
    EXPECT_F32S((float *)out[0].data, ((float[]){1, 5, 3}));
    EXPECT_F32S((float *)out[1].data, ((float[]){4, 5, 6}));
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(clamp_with_scalar_and_full_bounds) {
    prog p = prog_new();
    ir_value_id lo = param(&p, S(IR_F32)), x = param(&p, V1(IR_F32, 5)), hi = param(&p, S(IR_F32));
    ir_value_id lo2 = param(&p, V1(IR_I32, 2)), x2 = param(&p, V1(IR_I32, 2)), hi2 = param(&p, V1(IR_I32, 2));
    ir_value_id r1 = emit3(&p, IR_CLAMP, V1(IR_F32, 5), lo, x, hi);
    ir_value_id r2 = emit3(&p, IR_CLAMP, V1(IR_I32, 2), lo2, x2, hi2);
    ret_in(&p, NULL, 2, (ir_value_id[]){r1, r2});
    float lov = 0, hiv = 1, xv[] = {-1, 0.5f, 2, NAN, -0.0f};
    int32_t lo2v[] = {0, 5}, x2v[] = {-3, 3}, hi2v[] = {1, 10};
    eval_tensor in[] = {tensor(S(IR_F32), &lov), tensor(V1(IR_F32, 5), xv), tensor(S(IR_F32), &hiv),
                        tensor(V1(IR_I32, 2), lo2v), tensor(V1(IR_I32, 2), x2v), tensor(V1(IR_I32, 2), hi2v)};
    eval_tensor out[2];
    RUN_OK(&p, 6, in, out, NULL, NULL);
    /* max(-0, +0) is +0, so -0 clamps to +0. */
    EXPECT_F32S((float *)out[0].data, ((float[]){0, 0.5f, 1, NAN, 0.0f}));
    EXPECT_I32S((int32_t *)out[1].data, ((int32_t[]){0, 5}));
    free_outputs(out, 2);
    ir_module_free(p.m);
}

/* ---- shape ops ------------------------------------------------------------ */

static const int32_t IOTA12[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

/* main(x: xt) = code(x) -> rt with the ints attribute `field`; the result's
 * first n elements land in got. */
static int eval_shape(ir_opcode code, ir_type xt, ir_type rt, int field, int n, const int64_t *v,
                      const void *x, void *got, diag *d) {
    prog p = prog_new();
    ir_value_id in = param(&p, xt);
    ir_op *op = emit_in(&p, NULL, code, rt, 1, &in);
    ir_ints *fields[] = {&op->a.dims, &op->a.start};
    with_ints(op, fields[field], n, v);
    ret1(&p, op->out[0]);
    eval_tensor inputs[] = {tensor(xt, x)};
    return run_copy(&p, 1, inputs, got, d);
}

#define EXPECT_SHAPE(code, xt, rt, dims, x, want) do { \
    int32_t got_[N_OF(want)]; diag d_ = {0}; \
    int rc_ = eval_shape(code, xt, rt, 0, N_OF(dims), dims, x, got_, &d_); \
    if (rc_) fprintf(stderr, "%s\n", d_.msg); \
    EXPECT_EQ_INT(rc_, DIAG_OK); \
    EXPECT_I32S(got_, want); \
} while (0)

TEST(iota_counts_along_its_dimension) {
    prog p = prog_new();
    ir_op *a = emit_in(&p, NULL, IR_IOTA, V2(IR_I32, 2, 3), 0, NULL);
    a->a.axis = 1;
    ir_op *b = emit_in(&p, NULL, IR_IOTA, V2(IR_F32, 2, 3), 0, NULL);
    b->a.axis = 0;
    ret_in(&p, NULL, 2, (ir_value_id[]){a->out[0], b->out[0]});
    eval_tensor out[2];
    RUN_OK(&p, 0, NULL, out, NULL, NULL);
    EXPECT_I32S((int32_t *)out[0].data, ((int32_t[]){0, 1, 2, 0, 1, 2}));
    EXPECT_F32S((float *)out[1].data, ((float[]){0, 0, 0, 1, 1, 1}));
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(broadcast_in_dim_maps_and_repeats) {
    static const int32_t x3[] = {1, 2, 3}, x2[] = {7, 8}, s = 5;
    EXPECT_SHAPE(IR_BROADCAST_IN_DIM, V1(IR_I32, 3), V2(IR_I32, 2, 3), ((int64_t[]){1}), x3,
                 ((int32_t[]){1, 2, 3, 1, 2, 3}));
    EXPECT_SHAPE(IR_BROADCAST_IN_DIM, V1(IR_I32, 2), V2(IR_I32, 2, 3), ((int64_t[]){0}), x2,
                 ((int32_t[]){7, 7, 7, 8, 8, 8}));
    /* A size-1 operand dim repeats along a larger result dim. */
    EXPECT_SHAPE(IR_BROADCAST_IN_DIM, V2(IR_I32, 1, 3), V2(IR_I32, 2, 3), ((int64_t[]){0, 1}), x3,
                 ((int32_t[]){1, 2, 3, 1, 2, 3}));
    int32_t got[4];
    diag d = {0};
    EXPECT_EQ_INT(eval_shape(IR_BROADCAST_IN_DIM, S(IR_I32), V2(IR_I32, 2, 2), 0, 0, NULL, &s, got, &d), DIAG_OK);
    EXPECT_I32S(got, ((int32_t[]){5, 5, 5, 5}));
}

TEST(reshape_keeps_row_major_order) {
    EXPECT_SHAPE(IR_RESHAPE, V2(IR_I32, 2, 3), V2(IR_I32, 3, 2), ((int64_t[]){0}), IOTA12,
                 ((int32_t[]){0, 1, 2, 3, 4, 5}));
}

TEST(transpose_result_dim_i_is_operand_dim_perm_i) {
    EXPECT_SHAPE(IR_TRANSPOSE, V2(IR_I32, 2, 3), V2(IR_I32, 3, 2), ((int64_t[]){1, 0}), IOTA12,
                 ((int32_t[]){0, 3, 1, 4, 2, 5}));
    /* x: 2x2x3 = iota; perm [2, 0, 1] gives 3x2x2 with r[i][j][k] = x[j][k][i] = 6j + 3k + i. */
    int32_t want[12];
    for (int i = 0, n = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++) want[n++] = 6 * j + 3 * k + i;
    EXPECT_SHAPE(IR_TRANSPOSE, V3(IR_I32, 2, 2, 3), V3(IR_I32, 3, 2, 2), ((int64_t[]){2, 0, 1}), IOTA12, want);
}

TEST(slice_with_strides) {
    /* x: 3x4 iota; rows 0:3:2, cols 1:4:2 -> [[1, 3], [9, 11]]. */
    prog p = prog_new();
    ir_value_id x = param(&p, V2(IR_I32, 3, 4));
    ir_op *op = emit_in(&p, NULL, IR_SLICE, V2(IR_I32, 2, 2), 1, &x);
    ir_ints_set(&op->a.start, 2, (int64_t[]){0, 1});
    ir_ints_set(&op->a.limit, 2, (int64_t[]){3, 4});
    ir_ints_set(&op->a.stride, 2, (int64_t[]){2, 2});
    ret1(&p, op->out[0]);
    eval_tensor in[] = {tensor(V2(IR_I32, 3, 4), IOTA12)};
    int32_t got[4];
    diag d = {0};
    EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_OK);
    EXPECT_I32S(got, ((int32_t[]){1, 3, 9, 11}));
}

TEST(concatenate_along_an_axis) {
    prog p = prog_new();
    ir_value_id a = param(&p, V2(IR_I32, 2, 1)), b = param(&p, V2(IR_I32, 2, 2));
    ir_value_id c = param(&p, V2(IR_I32, 1, 2)), e = param(&p, V2(IR_I32, 2, 2));
    ir_op *along1 = emit_in(&p, NULL, IR_CONCATENATE, V2(IR_I32, 2, 3), 2, (ir_value_id[]){a, b});
    along1->a.axis = 1;
    ir_op *along0 = emit_in(&p, NULL, IR_CONCATENATE, V2(IR_I32, 3, 2), 2, (ir_value_id[]){c, e});
    along0->a.axis = 0;
    ret_in(&p, NULL, 2, (ir_value_id[]){along1->out[0], along0->out[0]});
    int32_t av[] = {0, 1}, bv[] = {2, 3, 4, 5};
    eval_tensor in[] = {tensor(V2(IR_I32, 2, 1), av), tensor(V2(IR_I32, 2, 2), bv), tensor(V2(IR_I32, 1, 2), av),
                        tensor(V2(IR_I32, 2, 2), bv)};
    eval_tensor out[2];
    RUN_OK(&p, 4, in, out, NULL, NULL);
    EXPECT_I32S((int32_t *)out[0].data, ((int32_t[]){0, 2, 3, 1, 4, 5}));
    EXPECT_I32S((int32_t *)out[1].data, ((int32_t[]){0, 1, 2, 3, 4, 5}));
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(reverse_dimensions) {
    EXPECT_SHAPE(IR_REVERSE, V2(IR_I32, 2, 3), V2(IR_I32, 2, 3), ((int64_t[]){0, 1}), IOTA12,
                 ((int32_t[]){5, 4, 3, 2, 1, 0}));
    EXPECT_SHAPE(IR_REVERSE, V2(IR_I32, 2, 3), V2(IR_I32, 2, 3), ((int64_t[]){1}), IOTA12,
                 ((int32_t[]){2, 1, 0, 5, 4, 3}));
}

TEST(constant_copies_its_data) {
    prog p = prog_new();
    static const uint8_t bits[] = {1, 0, 1};
    ret1(&p, constant(&p, V1(IR_I1, 3), bits));
    uint8_t got[3];
    diag d = {0};
    EXPECT_EQ_INT(run_copy(&p, 0, NULL, got, &d), DIAG_OK);
    EXPECT_U8S(got, bits);
}

TEST(unverified_shape_attributes_fail_cleanly) {
    int32_t got[12];
    diag d = {0};
    EXPECT_EQ_INT(eval_shape(IR_TRANSPOSE, V2(IR_I32, 2, 3), V2(IR_I32, 3, 2), 0, 2, (int64_t[]){0, 0}, IOTA12,
                             got, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "stablehlo.transpose");
    EXPECT_EQ_INT(eval_shape(IR_BROADCAST_IN_DIM, V1(IR_I32, 3), V2(IR_I32, 2, 3), 0, 1, (int64_t[]){5}, IOTA12,
                             got, &d), DIAG_INVALID);
    EXPECT_EQ_INT(eval_shape(IR_REVERSE, V1(IR_I32, 3), V1(IR_I32, 3), 0, 1, (int64_t[]){1}, IOTA12, got, &d),
                  DIAG_INVALID);
    EXPECT_EQ_INT(eval_shape(IR_SLICE, V1(IR_I32, 3), V1(IR_I32, 2), 1, 1, (int64_t[]){2}, IOTA12, got, &d),
                  DIAG_INVALID);
}

/* ---- dot_general ----------------------------------------------------------- */

typedef struct dot_dims {
    int nb, nc;
    int64_t lb[4], rb[4], lc[4], rc[4];
} dot_dims;

static ir_value_id emit_dot(prog *p, ir_type rt, ir_value_id l, ir_value_id r, dot_dims dd) {
    ir_op *op = emit_in(p, NULL, IR_DOT_GENERAL, rt, 2, (ir_value_id[]){l, r});
    ir_ints_set(&op->a.lhs_batch, dd.nb, dd.lb);
    ir_ints_set(&op->a.rhs_batch, dd.nb, dd.rb);
    ir_ints_set(&op->a.lhs_contract, dd.nc, dd.lc);
    ir_ints_set(&op->a.rhs_contract, dd.nc, dd.rc);
    return op->out[0];
}

/* main(l: lt, r: rt) = dot_general(l, r) -> res; result into got. */
static int eval_dot(ir_type lt, ir_type rt, ir_type res, dot_dims dd, const void *l, const void *r,
                    void *got, diag *d) {
    prog p = prog_new();
    ir_value_id a = param(&p, lt), b = param(&p, rt);
    ret1(&p, emit_dot(&p, res, a, b, dd));
    eval_tensor in[] = {tensor(lt, l), tensor(rt, r)};
    return run_copy(&p, 2, in, got, d);
}

TEST(dot_general_matmul_and_dim_order) {
    diag d = {0};
    float l[] = {1, 2, 3, 4, 5, 6}, r[] = {7, 8, 9, 10, 11, 12}, got[8];
    dot_dims mm = {.nc = 1, .lc = {1}, .rc = {0}};
    EXPECT_EQ_INT(eval_dot(V2(IR_F32, 2, 3), V2(IR_F32, 3, 2), V2(IR_F32, 2, 2), mm, l, r, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){58, 64, 139, 154}));
    /* Result dims: lhs free (m) then rhs free (n): l * r^T with r = 4x3 iota. */
    float sel[] = {1, 0, 0, 0, 1, 0}, r43[12];
    for (int i = 0; i < 12; i++) r43[i] = (float)i;
    dot_dims nt = {.nc = 1, .lc = {1}, .rc = {1}};
    EXPECT_EQ_INT(eval_dot(V2(IR_F32, 2, 3), V2(IR_F32, 4, 3), V2(IR_F32, 2, 4), nt, sel, r43, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){0, 3, 6, 9, 1, 4, 7, 10}));
}

TEST(dot_general_batch_dims_come_first) {
    /* l: 2x2x3 (b, m, k) iota; r: 2x3x1 (b, k, n). Batch 0: rows [0 1 2], [3 4 5]
     * times ones -> 3, 12; batch 1: rows [6 7 8], [9 10 11] times [1 0 -1] -> -2, -2. */
    float l[12], r[] = {1, 1, 1, 1, 0, -1}, got[4];
    for (int i = 0; i < 12; i++) l[i] = (float)i;
    dot_dims bd = {.nb = 1, .lb = {0}, .rb = {0}, .nc = 1, .lc = {2}, .rc = {1}};
    diag d = {0};
    EXPECT_EQ_INT(eval_dot(V3(IR_F32, 2, 2, 3), V3(IR_F32, 2, 3, 1), V3(IR_F32, 2, 2, 1), bd, l, r, got, &d),
                  DIAG_OK);
    EXPECT_F32S(got, ((float[]){3, 12, -2, -2}));
    /* The batch dim may sit anywhere in an operand: l as (m, b, k). */
    float lt[12];
    for (int m = 0; m < 2; m++)
        for (int b = 0; b < 2; b++)
            for (int k = 0; k < 3; k++) lt[(m * 2 + b) * 3 + k] = l[(b * 2 + m) * 3 + k];
    dot_dims bd2 = {.nb = 1, .lb = {1}, .rb = {0}, .nc = 1, .lc = {2}, .rc = {1}};
    EXPECT_EQ_INT(eval_dot(V3(IR_F32, 2, 2, 3), V3(IR_F32, 2, 3, 1), V3(IR_F32, 2, 2, 1), bd2, lt, r, got, &d),
                  DIAG_OK);
    EXPECT_F32S(got, ((float[]){3, 12, -2, -2}));
}

TEST(dot_general_accumulates_in_order_in_the_result_type) {
    diag d = {0};
    float ones[] = {1, 1, 1, 1}, got[1];
    /* In f32: 0 + 1e8 = 1e8; + 1 = 1e8 (f32 spacing there is 8); - 1e8 = 0; + 1 = 1.
     * Summed in double it would be 2. */
    float l[] = {1e8f, 1, -1e8f, 1};
    dot_dims v = {.nc = 1, .lc = {0}, .rc = {0}};
    EXPECT_EQ_INT(eval_dot(V1(IR_F32, 4), V1(IR_F32, 4), S(IR_F32), v, l, ones, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){1}));
    /* The contracting lists give the order, first listed dim outermost. With
     * l = [[1e8, 1], [-1e8, 1]]: over [0, 1] the order is 1e8, 1, -1e8, 1 -> 1;
     * over [1, 0] it is 1e8, -1e8, 1, 1 -> 2. */
    dot_dims c01 = {.nc = 2, .lc = {0, 1}, .rc = {0, 1}}, c10 = {.nc = 2, .lc = {1, 0}, .rc = {1, 0}};
    EXPECT_EQ_INT(eval_dot(V2(IR_F32, 2, 2), V2(IR_F32, 2, 2), S(IR_F32), c01, l, ones, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){1}));
    EXPECT_EQ_INT(eval_dot(V2(IR_F32, 2, 2), V2(IR_F32, 2, 2), S(IR_F32), c10, l, ones, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){2}));
    /* Without contracting dims each element is 0 + l*r, so -0 * 1 gives +0. */
    float neg0[] = {-0.0f}, outer[2];
    dot_dims none = {0};
    EXPECT_EQ_INT(eval_dot(V1(IR_F32, 1), V1(IR_F32, 2), V2(IR_F32, 1, 2), none, neg0, ones, outer, &d), DIAG_OK);
    EXPECT_F32S(outer, ((float[]){0.0f, 0.0f}));
}

TEST(dot_general_converts_operands_and_wraps_integers) {
    diag d = {0};
    dot_dims v = {.nc = 1, .lc = {0}, .rc = {0}};
    /* f64 operands, f32 result: each operand is rounded to f32 first. */
    double l[] = {0.1, 1e-9}, r[] = {3, 1};
    float got[1];
    EXPECT_EQ_INT(eval_dot(V1(IR_F64, 2), V1(IR_F64, 2), S(IR_F32), v, l, r, got, &d), DIAG_OK);
    float want = (float)0.1 * 3.0f + (float)1e-9;
    EXPECT_F32S(got, ((float[]){want}));
    /* i32: 65536 * 65536 + 65536 wraps to 65536. */
    int32_t li[] = {65536, 65536}, ri[] = {65536, 1}, goti[1];
    EXPECT_EQ_INT(eval_dot(V1(IR_I32, 2), V1(IR_I32, 2), S(IR_I32), v, li, ri, goti, &d), DIAG_OK);
    EXPECT_I32S(goti, ((int32_t[]){65536}));
    /* i1: or of ands. */
    uint8_t lb[] = {1, 0, 1}, rb[] = {0, 1, 1}, rz[] = {0, 1, 0}, gotb[1];
    EXPECT_EQ_INT(eval_dot(V1(IR_I1, 3), V1(IR_I1, 3), S(IR_I1), v, lb, rb, gotb, &d), DIAG_OK);
    EXPECT_U8S(gotb, ((uint8_t[]){1}));
    EXPECT_EQ_INT(eval_dot(V1(IR_I1, 3), V1(IR_I1, 3), S(IR_I1), v, lb, rz, gotb, &d), DIAG_OK);
    EXPECT_U8S(gotb, ((uint8_t[]){0}));
}

TEST(dot_general_rejects_bad_dimension_numbers) {
    float l[6] = {0}, got[4];
    diag d = {0};
    dot_dims bad = {.nc = 1, .lc = {1}, .rc = {1}};   /* sizes 3 and 2 */
    EXPECT_EQ_INT(eval_dot(V2(IR_F32, 2, 3), V2(IR_F32, 3, 2), V2(IR_F32, 2, 3), bad, l, l, got, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "stablehlo.dot_general");
}

/* ---- reduce ---------------------------------------------------------------- */

TEST(reduce_sum_over_each_set_of_dims) {
    prog p = prog_new();
    ir_value_id x = param(&p, V2(IR_F32, 2, 3)), z = param(&p, V2(IR_F32, 0, 3));
    float zero = 0, ten = 10;
    ir_value_id init = constant(&p, S(IR_F32), &zero), init10 = constant(&p, S(IR_F32), &ten);
    ir_value_id rows = reduce_with(&p, IR_ADD, false, V1(IR_F32, 2), x, init, 1, (int64_t[]){1});
    ir_value_id cols = reduce_with(&p, IR_ADD, false, V1(IR_F32, 3), x, init, 1, (int64_t[]){0});
    ir_value_id all = reduce_with(&p, IR_ADD, false, S(IR_F32), x, init, 2, (int64_t[]){0, 1});
    ir_value_id none = reduce_with(&p, IR_ADD, false, V2(IR_F32, 2, 3), x, init10, 0, NULL);
    ir_value_id empty = reduce_with(&p, IR_ADD, false, V1(IR_F32, 3), z, init10, 1, (int64_t[]){0});
    ret_in(&p, NULL, 5, (ir_value_id[]){rows, cols, all, none, empty});
    float xv[] = {1, 2, 3, 4, 5, 6};
    eval_tensor in[] = {tensor(V2(IR_F32, 2, 3), xv), tensor(V2(IR_F32, 0, 3), NULL)};
    eval_tensor out[5];
    RUN_OK(&p, 2, in, out, NULL, NULL);
    EXPECT_F32S((float *)out[0].data, ((float[]){6, 15}));
    EXPECT_F32S((float *)out[1].data, ((float[]){5, 7, 9}));
    EXPECT_F32S((float *)out[2].data, ((float[]){21}));
    EXPECT_F32S((float *)out[3].data, ((float[]){11, 12, 13, 14, 15, 16}));   /* init + x */
    EXPECT_F32S((float *)out[4].data, ((float[]){10, 10, 10}));               /* nothing to fold */
    free_outputs(out, 5);
    ir_module_free(p.m);
}

TEST(reduce_applies_the_reducer_as_acc_then_x) {
    /* x = [1, 2, 3], init 0. sub(acc, x): 0-1, -1-2, -3-3 = -6.
     * sub(x, acc): 1-0 = 1, 2-1 = 1, 3-1 = 2. */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_I32, 3));
    int32_t zero = 0;
    ir_value_id init = constant(&p, S(IR_I32), &zero);
    ir_value_id a = reduce_with(&p, IR_SUBTRACT, false, S(IR_I32), x, init, 1, (int64_t[]){0});
    ir_value_id b = reduce_with(&p, IR_SUBTRACT, true, S(IR_I32), x, init, 1, (int64_t[]){0});
    ret_in(&p, NULL, 2, (ir_value_id[]){a, b});
    int32_t xv[] = {1, 2, 3};
    eval_tensor in[] = {tensor(V1(IR_I32, 3), xv)}, out[2];
    RUN_OK(&p, 1, in, out, NULL, NULL);
    EXPECT_I32S((int32_t *)out[0].data, ((int32_t[]){-6}));
    EXPECT_I32S((int32_t *)out[1].data, ((int32_t[]){2}));
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(reduce_on_booleans_and_integers) {
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_I1, 3)), y = param(&p, V1(IR_I32, 3));
    uint8_t t = 1, f = 0;
    int32_t lowest = INT32_MIN;
    ir_value_id all = reduce_with(&p, IR_AND, false, S(IR_I1), x, constant(&p, S(IR_I1), &t), 1, (int64_t[]){0});
    ir_value_id any = reduce_with(&p, IR_OR, false, S(IR_I1), x, constant(&p, S(IR_I1), &f), 1, (int64_t[]){0});
    ir_value_id max = reduce_with(&p, IR_MAXIMUM, false, S(IR_I32), y, constant(&p, S(IR_I32), &lowest), 1,
                                  (int64_t[]){0});
    ret_in(&p, NULL, 3, (ir_value_id[]){all, any, max});
    uint8_t xv[] = {1, 1, 0};
    int32_t yv[] = {-5, 7, 3};
    eval_tensor in[] = {tensor(V1(IR_I1, 3), xv), tensor(V1(IR_I32, 3), yv)}, out[3];
    RUN_OK(&p, 2, in, out, NULL, NULL);
    EXPECT_U8S((uint8_t *)out[0].data, ((uint8_t[]){0}));
    EXPECT_U8S((uint8_t *)out[1].data, ((uint8_t[]){1}));
    EXPECT_I32S((int32_t *)out[2].data, ((int32_t[]){7}));
    free_outputs(out, 3);
    ir_module_free(p.m);
}

/* reduce(x, init) over dim 0 with a two-op reducer that computes code(acc, x)
 * and passes it through maximum(t, t) (== t, NaN included): not a single
 * op, so it takes the general path. */
static ir_value_id reduce_general(prog *p, ir_opcode code, ir_type rt, ir_value_id x, ir_value_id init) {
    ir_op *op = emit_in(p, NULL, IR_REDUCE, rt, 2, (ir_value_id[]){x, init});
    ir_ints_set(&op->a.dims, 1, (int64_t[]){0});
    ir_value_id args[2];
    ir_block *b = reducer(p, op, 2, (ir_dtype[]){rt.dtype, rt.dtype}, args);
    ir_value_id t = emit_in(p, b, code, S(rt.dtype), 2, args)->out[0];
    ir_value_id r = emit_in(p, b, IR_MAXIMUM, S(rt.dtype), 2, (ir_value_id[]){t, t})->out[0];
    ret_in(p, b, 1, &r);
    return op->out[0];
}

TEST(reduce_fast_and_general_paths_agree_bitwise) {
    enum { N = 1000 };
    float xv[N];
    uint32_t s = 12345;
    for (int i = 0; i < N; i++) {   /* wide magnitudes, both signs: order-sensitive sums */
        s = s * 1664525u + 1013904223u;
        xv[i] = ldexpf((float)(s >> 8) / 16777216.0f - 0.5f, (int)(s % 41) - 20);
    }
    xv[N / 2] = -0.0f;
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, N));
    float zero = 0, ninf = -INFINITY;
    ir_value_id z = constant(&p, S(IR_F32), &zero), lo = constant(&p, S(IR_F32), &ninf);
    ir_value_id fast_sum = reduce_with(&p, IR_ADD, false, S(IR_F32), x, z, 1, (int64_t[]){0});
    ir_value_id slow_sum = reduce_general(&p, IR_ADD, S(IR_F32), x, z);
    ir_value_id fast_max = reduce_with(&p, IR_MAXIMUM, false, S(IR_F32), x, lo, 1, (int64_t[]){0});
    ir_value_id slow_max = reduce_general(&p, IR_MAXIMUM, S(IR_F32), x, lo);
    ret_in(&p, NULL, 4, (ir_value_id[]){fast_sum, slow_sum, fast_max, slow_max});
    eval_tensor in[] = {tensor(V1(IR_F32, N), xv)}, out[4];
    RUN_OK(&p, 1, in, out, NULL, NULL);
    float sum = 0, max = -INFINITY;
    for (int i = 0; i < N; i++) sum += xv[i], max = xv[i] > max ? xv[i] : max;
    EXPECT_F32S((float *)out[0].data, ((float[]){sum}));   /* sequential f32 sum */
    EXPECT_F32S((float *)out[1].data, ((float[]){sum}));
    EXPECT_F32S((float *)out[2].data, ((float[]){max}));
    EXPECT_F32S((float *)out[3].data, ((float[]){max}));
    free_outputs(out, 4);
    ir_module_free(p.m);
}

/* Argmax over dim 1: reducer(acc_v, acc_i, x_v, x_i) keeps x when x_v > acc_v. */
static void emit_argmax(prog *p, ir_value_id v, ir_value_id idx, ir_value_id *out_v, ir_value_id *out_i) {
    float ninf = -INFINITY;
    int32_t zero = 0;
    ir_value_id in[4] = {v, idx, constant(p, S(IR_F32), &ninf), constant(p, S(IR_I32), &zero)};
    ir_type rts[2] = {V1(IR_F32, 2), V1(IR_I32, 2)};
    ir_op *op = ir_op_append(p->f, p->f->body, IR_REDUCE, 4, in, 2, rts);
    ir_ints_set(&op->a.dims, 1, (int64_t[]){1});
    ir_value_id a[4];
    ir_block *b = reducer(p, op, 4, (ir_dtype[]){IR_F32, IR_I32, IR_F32, IR_I32}, a);
    ir_op *gt = emit_in(p, b, IR_COMPARE, S(IR_I1), 2, (ir_value_id[]){a[2], a[0]});
    gt->a.cmp = IR_CMP_GT;
    ir_value_id nv = emit_in(p, b, IR_SELECT, S(IR_F32), 3, (ir_value_id[]){gt->out[0], a[2], a[0]})->out[0];
    ir_value_id ni = emit_in(p, b, IR_SELECT, S(IR_I32), 3, (ir_value_id[]){gt->out[0], a[3], a[1]})->out[0];
    ret_in(p, b, 2, (ir_value_id[]){nv, ni});
    *out_v = op->out[0];
    *out_i = op->out[1];
}

TEST(reduce_variadic_argmax) {
    prog p = prog_new();
    ir_value_id v = param(&p, V2(IR_F32, 2, 4));
    ir_op *iota = emit_in(&p, NULL, IR_IOTA, V2(IR_I32, 2, 4), 0, NULL);
    iota->a.axis = 1;
    ir_value_id mv, mi;
    emit_argmax(&p, v, iota->out[0], &mv, &mi);
    ret_in(&p, NULL, 2, (ir_value_id[]){mv, mi});
    /* Rows [3 1 4 4] and [5 9 2 9]: maxima 4 at 2 and 9 at 1 (ties keep the first). */
    float vv[] = {3, 1, 4, 4, 5, 9, 2, 9};
    eval_tensor in[] = {tensor(V2(IR_F32, 2, 4), vv)}, out[2];
    diag d = {0};
    int rc = run(&p, 1, in, out, NULL, NULL, &d);
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (!rc) {
        EXPECT_F32S((float *)out[0].data, ((float[]){4, 9}));
        EXPECT_I32S((int32_t *)out[1].data, ((int32_t[]){2, 1}));
        free_outputs(out, 2);
    }
    ir_module_free(p.m);
}

TEST(reducer_reads_a_value_of_the_enclosing_block) {
    /* s = 2 is defined in the body and read only inside the reducer:
     * acc + x * s over [1, 2, 3] = 12. It must stay alive through the reduce. */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 3));
    float two = 2, zero = 0;
    ir_value_id s = constant(&p, S(IR_F32), &two), init = constant(&p, S(IR_F32), &zero);
    ir_op *op = emit_in(&p, NULL, IR_REDUCE, S(IR_F32), 2, (ir_value_id[]){x, init});
    ir_ints_set(&op->a.dims, 1, (int64_t[]){0});
    ir_value_id a[2];
    ir_block *b = reducer(&p, op, 2, (ir_dtype[]){IR_F32, IR_F32}, a);
    ir_value_id m = emit_in(&p, b, IR_MULTIPLY, S(IR_F32), 2, (ir_value_id[]){a[1], s})->out[0];
    ir_value_id r = emit_in(&p, b, IR_ADD, S(IR_F32), 2, (ir_value_id[]){a[0], m})->out[0];
    ret_in(&p, b, 1, &r);
    ret1(&p, op->out[0]);
    float xv[] = {1, 2, 3}, got[1];
    eval_tensor in[] = {tensor(V1(IR_F32, 3), xv)};
    diag d = {0};
    EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){12}));
}

/* ---- calls ------------------------------------------------------------------ */

/* Adds @name(a: t) = add(a, a) to p's module; p->f is restored after. */
static void add_twice_func(prog *p, const char *name, ir_type t) {
    ir_func *saved = p->f;
    p->f = ir_func_new(p->m, name);
    ir_value_id a = param(p, t);
    ret1(p, emit2(p, IR_ADD, t, a, a));
    p->f = saved;
}

static ir_value_id emit_call(prog *p, ir_block *b, const char *callee, ir_type rt, int nin, const ir_value_id *in) {
    ir_op *op = ir_op_append(p->f, b ? b : p->f->body, IR_CALL, nin, in, 1, &rt);
    op->a.callee = mem_strdup(callee);
    return op->out[0];
}

TEST(calls_run_the_callee) {
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 3));
    add_twice_func(&p, "twice", V1(IR_F32, 3));
    ir_value_id y = emit_call(&p, NULL, "twice", V1(IR_F32, 3), 1, &x);
    ret1(&p, emit_call(&p, NULL, "twice", V1(IR_F32, 3), 1, &y));
    float xv[] = {1, 2, 3}, got[3];
    eval_tensor in[] = {tensor(V1(IR_F32, 3), xv)};
    diag d = {0};
    EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){4, 8, 12}));
}

TEST(a_reducer_may_call_a_function) {
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 3));
    ir_func *main_f = p.f;
    p.f = ir_func_new(p.m, "plus");
    ir_value_id a = param(&p, S(IR_F32)), b = param(&p, S(IR_F32));
    ret1(&p, emit2(&p, IR_ADD, S(IR_F32), a, b));
    p.f = main_f;
    float zero = 0;
    ir_op *op = emit_in(&p, NULL, IR_REDUCE, S(IR_F32), 2, (ir_value_id[]){x, constant(&p, S(IR_F32), &zero)});
    ir_ints_set(&op->a.dims, 1, (int64_t[]){0});
    ir_value_id args[2];
    ir_block *body = reducer(&p, op, 2, (ir_dtype[]){IR_F32, IR_F32}, args);
    ir_value_id r = emit_call(&p, body, "plus", S(IR_F32), 2, args);
    ret_in(&p, body, 1, &r);
    ret1(&p, op->out[0]);
    float xv[] = {1, 2, 3}, got[1];
    eval_tensor in[] = {tensor(V1(IR_F32, 3), xv)};
    diag d = {0};
    EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_OK);
    EXPECT_F32S(got, ((float[]){6}));
}

TEST(bad_calls_are_invalid) {
    float xv[] = {1, 2, 3}, got[3];
    eval_tensor in[] = {tensor(V1(IR_F32, 3), xv)};
    diag d = {0};
    {   /* unknown callee */
        prog p = prog_new();
        ir_value_id x = param(&p, V1(IR_F32, 3));
        ret1(&p, emit_call(&p, NULL, "nope", V1(IR_F32, 3), 1, &x));
        EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_INVALID);
        EXPECT_CONTAINS(d.msg, "@nope");
    }
    {   /* argument type mismatch */
        prog p = prog_new();
        ir_value_id x = param(&p, V1(IR_F32, 3));
        add_twice_func(&p, "twice", V1(IR_F32, 2));
        ret1(&p, emit_call(&p, NULL, "twice", V1(IR_F32, 2), 1, &x));
        EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_INVALID);
        EXPECT_CONTAINS(d.msg, "argument 0: expected tensor<2xf32>, got tensor<3xf32>");
    }
    {   /* endless recursion stops at the depth limit */
        prog p = prog_new();
        ir_value_id x = param(&p, V1(IR_F32, 3));
        ret1(&p, emit_call(&p, NULL, "main", V1(IR_F32, 3), 1, &x));
        EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_INVALID);
        EXPECT_CONTAINS(d.msg, "deeper");
    }
}

/* ---- memory statistics --------------------------------------------------------- */

TEST(stats_of_a_chain) {
    /* x (borrowed, 16 B); a = exp(x); b = -a; c = b + x; return c.
     *   a: live 16;  b: live 32, then a dies: 16;  c: live 32, then b dies: 16.
     * allocated 48, peak 32, live at the end 16 (the output). */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 4));
    ir_value_id a = emit1(&p, IR_EXPONENTIAL, V1(IR_F32, 4), x);
    ir_value_id b = emit1(&p, IR_NEGATE, V1(IR_F32, 4), a);
    ret1(&p, emit2(&p, IR_ADD, V1(IR_F32, 4), b, x));
    float xv[4] = {0, 0, 0, 0};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv)}, out[1];
    eval_stats s = {0};
    RUN_OK(&p, 1, in, out, &s, NULL);
    EXPECT_EQ_INT(s.bytes_allocated, 48);
    EXPECT_EQ_INT(s.peak_live_bytes, 32);
    EXPECT_EQ_INT(s.live_bytes, 16);
    EXPECT_F32S((float *)out[0].data, ((float[]){-1, -1, -1, -1}));
    /* Stats accumulate: the first output (16 B) is still held during the
     * second run, so its peak counts on top: 16 + 32. */
    eval_tensor out2[1];
    RUN_OK(&p, 1, in, out2, &s, NULL);
    EXPECT_EQ_INT(s.bytes_allocated, 96);
    EXPECT_EQ_INT(s.peak_live_bytes, 48);
    EXPECT_EQ_INT(s.live_bytes, 32);
    free_outputs(out, 1);
    free_outputs(out2, 1);
    ir_module_free(p.m);
}

TEST(stats_free_dead_values_at_once) {
    /* dead = convert(x) to f64 (32 B) is never read: freed right after it is made.
     * a = -x (16), b = -a (16): peak 32 either way; without the early free it
     * would be 32 + 16 + 16 = 64. allocated 64. */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 4));
    emit1(&p, IR_CONVERT, V1(IR_F64, 4), x);
    ir_value_id a = emit1(&p, IR_NEGATE, V1(IR_F32, 4), x);
    ret1(&p, emit1(&p, IR_NEGATE, V1(IR_F32, 4), a));
    float xv[4] = {1, 2, 3, 4};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv)}, out[1];
    eval_stats s = {0};
    RUN_OK(&p, 1, in, out, &s, NULL);
    EXPECT_EQ_INT(s.bytes_allocated, 64);
    EXPECT_EQ_INT(s.peak_live_bytes, 32);
    EXPECT_EQ_INT(s.live_bytes, 16);
    free_outputs(out, 1);
    ir_module_free(p.m);
}

TEST(stats_count_copies_of_arguments_and_repeated_outputs) {
    /* return x, a, a with a = -x: x is copied (16), a changes hands (16), the
     * second a is copied (16): allocated 48, all live at the end. */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 4));
    ir_value_id a = emit1(&p, IR_NEGATE, V1(IR_F32, 4), x);
    ret_in(&p, NULL, 3, (ir_value_id[]){x, a, a});
    float xv[4] = {1, 2, 3, 4};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv)}, out[3];
    eval_stats s = {0};
    RUN_OK(&p, 1, in, out, &s, NULL);
    EXPECT_EQ_INT(s.bytes_allocated, 48);
    EXPECT_EQ_INT(s.peak_live_bytes, 48);
    EXPECT_EQ_INT(s.live_bytes, 48);
    EXPECT(out[0].data != xv && out[1].data != out[2].data);
    EXPECT_F32S((float *)out[0].data, ((float[]){1, 2, 3, 4}));
    EXPECT_F32S((float *)out[2].data, ((float[]){-1, -2, -3, -4}));
    free_outputs(out, 3);
    ir_module_free(p.m);
}

TEST(stats_through_a_call) {
    /* main: y = call @twice(x); z = -y; return z. In @twice, t = a + a (16)
     * is handed back to main as y: live 16; z: 32, then y dies: 16.
     * allocated 32, peak 32. */
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 4));
    add_twice_func(&p, "twice", V1(IR_F32, 4));
    ir_value_id y = emit_call(&p, NULL, "twice", V1(IR_F32, 4), 1, &x);
    ret1(&p, emit1(&p, IR_NEGATE, V1(IR_F32, 4), y));
    float xv[4] = {1, 2, 3, 4};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv)}, out[1];
    eval_stats s = {0};
    RUN_OK(&p, 1, in, out, &s, NULL);
    EXPECT_EQ_INT(s.bytes_allocated, 32);
    EXPECT_EQ_INT(s.peak_live_bytes, 32);
    EXPECT_EQ_INT(s.live_bytes, 16);
    free_outputs(out, 1);
    ir_module_free(p.m);
}

/* ---- fusions ------------------------------------------------------------------ */

/* A fusion op on `in` whose region gets one argument per operand (their
 * types); args[] receives the region's argument ids. */
static ir_op *fusion_op(prog *p, ir_fusion_kind kind, int nin, const ir_value_id *in, int nout,
                        const ir_type *out_types, ir_block **region, ir_value_id *args) {
    ir_op *op = ir_op_append(p->f, p->f->body, IR_FUSION, nin, in, nout, out_types);
    op->a.fusion_kind = kind;
    *region = ir_op_add_region(op);
    for (int i = 0; i < nin; i++) {
        ir_type t = p->f->values[in[i]].type;
        args[i] = ir_block_add_arg(p->f, *region, &t);
    }
    return op;
}

/* f(x, y) = fusion { m = x * y; s = m + splat 1; return s, m } then -s at
 * top level. x = [1 2 3 4], y = [2 2 2 2]: m = [2 4 6 8], s = [3 5 7 9]. */
static prog build_loop_fusion(void) {
    prog p = prog_new();
    ir_value_id x = param(&p, V1(IR_F32, 4)), y = param(&p, V1(IR_F32, 4));
    ir_block *r;
    ir_value_id a[2];
    ir_type outs[2] = {V1(IR_F32, 4), V1(IR_F32, 4)};
    ir_op *fu = fusion_op(&p, IR_FUSION_LOOP, 2, (ir_value_id[]){x, y}, 2, outs, &r, a);
    float one = 1;
    ir_value_id c = constant_in(&p, r, S(IR_F32), &one);
    ir_value_id cb = emit_in(&p, r, IR_BROADCAST_IN_DIM, V1(IR_F32, 4), 1, &c)->out[0];
    ir_value_id m = emit_in(&p, r, IR_MULTIPLY, V1(IR_F32, 4), 2, a)->out[0];
    ir_value_id s = emit_in(&p, r, IR_ADD, V1(IR_F32, 4), 2, (ir_value_id[]){m, cb})->out[0];
    ret_in(&p, r, 2, (ir_value_id[]){s, m});
    ir_value_id n = emit1(&p, IR_NEGATE, V1(IR_F32, 4), fu->out[0]);
    ret_in(&p, NULL, 2, (ir_value_id[]){n, fu->out[1]});
    return p;
}

TEST(fusion_runs_its_region_on_its_operands) {
    prog p = build_loop_fusion();
    float xv[] = {1, 2, 3, 4}, yv[] = {2, 2, 2, 2};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv), tensor(V1(IR_F32, 4), yv)}, out[2];
    eval_stats s = {0};
    RUN_OK(&p, 2, in, out, &s, NULL);
    EXPECT_F32S((float *)out[0].data, ((float[]){-3, -5, -7, -9}));
    EXPECT_F32S((float *)out[1].data, ((float[]){2, 4, 6, 8}));
    /* Counted: the fusion's two results (16 B each) and -s (16 B). The
     * region's c, cb, m, s and its argument copies are scratch.
     * Live: s, m (32); then n (48); s dies: 32 at the end. */
    EXPECT_EQ_INT(s.bytes_allocated, 48);
    EXPECT_EQ_INT(s.peak_live_bytes, 48);
    EXPECT_EQ_INT(s.live_bytes, 32);
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(fusion_with_a_reduce_and_an_epilogue) {
    /* fusion(x: 2x3) { sq = x * x; s = reduce add over dim 1; r = rsqrt(s); return r, s }.
     * Rows [1 2 2] and [0 3 4]: s = [9, 25], r = [1/3, 1/5] (rounded from double). */
    prog p = prog_new();
    ir_value_id x = param(&p, V2(IR_F32, 2, 3));
    ir_block *r;
    ir_value_id a[1];
    ir_type outs[2] = {V1(IR_F32, 2), V1(IR_F32, 2)};
    ir_op *fu = fusion_op(&p, IR_FUSION_REDUCE, 1, &x, 2, outs, &r, a);
    float zero = 0;
    ir_value_id init = constant_in(&p, r, S(IR_F32), &zero);
    ir_value_id sq = emit_in(&p, r, IR_MULTIPLY, V2(IR_F32, 2, 3), 2, (ir_value_id[]){a[0], a[0]})->out[0];
    ir_op *red = emit_in(&p, r, IR_REDUCE, V1(IR_F32, 2), 2, (ir_value_id[]){sq, init});
    ir_ints_set(&red->a.dims, 1, (int64_t[]){1});
    ir_value_id ra[2];
    ir_block *body = reducer(&p, red, 2, (ir_dtype[]){IR_F32, IR_F32}, ra);
    ret_in(&p, body, 1, &emit_in(&p, body, IR_ADD, S(IR_F32), 2, ra)->out[0]);
    ir_value_id rs = emit_in(&p, r, IR_RSQRT, V1(IR_F32, 2), 1, &red->out[0])->out[0];
    ret_in(&p, r, 2, (ir_value_id[]){rs, red->out[0]});
    ret_in(&p, NULL, 2, fu->out);
    diag d = {0};
    EXPECT_EQ_INT(ir_verify_module(p.m, &d), DIAG_OK);
    float xv[] = {1, 2, 2, 0, 3, 4};
    eval_tensor in[] = {tensor(V2(IR_F32, 2, 3), xv)}, out[2];
    eval_stats s = {0};
    RUN_OK(&p, 1, in, out, &s, NULL);
    EXPECT_F32S((float *)out[0].data, ((float[]){(float)(1 / 3.0), (float)(1 / 5.0)}));
    EXPECT_F32S((float *)out[1].data, ((float[]){9, 25}));
    EXPECT_EQ_INT(s.bytes_allocated, 16);   /* the two results; sq (24 B) is never materialised */
    EXPECT_EQ_INT(s.peak_live_bytes, 16);
    free_outputs(out, 2);
    ir_module_free(p.m);
}

TEST(malformed_fusions_are_invalid) {
    float xv[] = {1, 2, 3, 4}, got[4];
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv)};
    diag d = {0};
    {   /* a region argument of the wrong type */
        prog p = prog_new();
        ir_value_id x = param(&p, V1(IR_F32, 4));
        ir_type t = V1(IR_F32, 4), wrong = V1(IR_F32, 2);
        ir_op *fu = ir_op_append(p.f, p.f->body, IR_FUSION, 1, &x, 1, &t);
        ir_block *r = ir_op_add_region(fu);
        ir_value_id a = ir_block_add_arg(p.f, r, &wrong);
        ret_in(&p, r, 1, &a);
        ret1(&p, fu->out[0]);
        EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_INVALID);
        EXPECT_CONTAINS(d.msg, "region argument 0: expected tensor<4xf32>, got tensor<2xf32>");
    }
    {   /* a region returning fewer values than the op has results */
        prog p = prog_new();
        ir_value_id x = param(&p, V1(IR_F32, 4));
        ir_type t = V1(IR_F32, 4);
        ir_op *fu = ir_op_append(p.f, p.f->body, IR_FUSION, 1, &x, 1, &t);
        ir_block *r = ir_op_add_region(fu);
        ir_block_add_arg(p.f, r, &t);
        ret_in(&p, r, 0, NULL);
        ret1(&p, fu->out[0]);
        EXPECT_EQ_INT(run_copy(&p, 1, in, got, &d), DIAG_INVALID);
        EXPECT_CONTAINS(d.msg, "arrayjit.fusion");
    }
}

TEST(fusion_allocation_failures_are_clean) {
    prog p = build_loop_fusion();
    float xv[] = {1, 2, 3, 4}, yv[] = {2, 2, 2, 2};
    eval_tensor in[] = {tensor(V1(IR_F32, 4), xv), tensor(V1(IR_F32, 4), yv)}, out[2];
    size_t baseline = mem_live_bytes();
    int succeeded_at = 0;
    for (long n = 1; n < 1000 && !succeeded_at; n++) {
        diag d = {0};
        mem_fail_after(n);
        int rc = run(&p, 2, in, out, NULL, NULL, &d);
        mem_fail_after(0);
        if (rc == DIAG_OK) {
            succeeded_at = (int)n;
            EXPECT_F32S((float *)out[0].data, ((float[]){-3, -5, -7, -9}));
            free_outputs(out, 2);
        } else {
            EXPECT_EQ_INT(rc, DIAG_NOMEM);
        }
        EXPECT_EQ_INT(mem_live_bytes(), baseline);
    }
    EXPECT(succeeded_at > 5);
    ir_module_free(p.m);
}

/* ---- check rules ------------------------------------------------------------- */

static bool compare(ir_opcode code, ir_type at, const void *a, ir_type et, const void *e,
                    double tol, uint64_t min_ulp, uint64_t max_ulp, char *msg) {
    ir_op op = {.code = code};
    op.a.tolerance = tol;
    op.a.min_ulp = min_ulp;
    op.a.max_ulp = max_ulp;
    return check_compare(&op, &at, a, &et, e, msg, 256);
}

#define EQ(t, n, a, e) compare(IR_CHECK_EQ, V1(t, n), a, V1(t, n), e, 0, 0, 0, msg)
#define ALMOST(t, n, a, e, tol) compare(IR_CHECK_ALMOST_EQ, V1(t, n), a, V1(t, n), e, tol, 0, 0, msg)
#define CLOSE(t, n, a, e, lo, hi) compare(IR_CHECK_CLOSE, V1(t, n), a, V1(t, n), e, 0, lo, hi, msg)

TEST(check_expect_eq) {
    char msg[256];
    float zeros_a[] = {-0.0f, 1}, zeros_e[] = {0.0f, 1};
    EXPECT(EQ(IR_F32, 2, zeros_a, zeros_e));               /* +0 == -0 */
    float nan[] = {1, NAN};
    EXPECT(!EQ(IR_F32, 2, nan, nan));                      /* NaN != NaN */
    EXPECT_CONTAINS(msg, "check.expect_eq: element [1]: actual nan, expected nan");
    int32_t a[] = {1, 2}, e[] = {1, 3};
    EXPECT(!EQ(IR_I32, 2, a, e));
    EXPECT_CONTAINS(msg, "element [1]: actual 2, expected 3");
    uint8_t ta[] = {1}, te[] = {0};
    EXPECT(!EQ(IR_I1, 1, ta, te));
    EXPECT_CONTAINS(msg, "actual true, expected false");
    /* The index is the multi-index of the first mismatch. */
    int64_t m[] = {0, 0, 0, 0, 7, 0}, z[6] = {0};
    EXPECT(!compare(IR_CHECK_EQ, V2(IR_I64, 3, 2), m, V2(IR_I64, 3, 2), z, 0, 0, 0, msg));
    EXPECT_CONTAINS(msg, "element [2, 0]: actual 7, expected 0");
}

TEST(check_expect_almost_eq) {
    char msg[256];
    double a[] = {1.00005, NAN, INFINITY, -0.0}, e[] = {1.0, NAN, INFINITY, 0.0};
    EXPECT(ALMOST(IR_F64, 4, a, e, 1e-4));                 /* NaN matches NaN, inf matches inf */
    double far[] = {1.0002}, one[] = {1};
    EXPECT(!ALMOST(IR_F64, 1, far, one, 1e-4));
    EXPECT_CONTAINS(msg, "tolerance");
    EXPECT(ALMOST(IR_F64, 1, far, one, 1e-3));
    double inf[] = {INFINITY}, ninf[] = {-INFINITY}, big[] = {1e308}, nan[] = {NAN};
    EXPECT(!ALMOST(IR_F64, 1, inf, ninf, 1e-4));
    EXPECT(!ALMOST(IR_F64, 1, inf, big, INFINITY));       /* an infinity must match exactly */
    EXPECT(!ALMOST(IR_F64, 1, nan, one, INFINITY));
    int32_t i[] = {5}, j[] = {6};
    EXPECT(!ALMOST(IR_I32, 1, i, j, 10));                  /* integers compare exactly */
    float f[] = {0.5f}, g[] = {0.50004f};
    EXPECT(ALMOST(IR_F32, 1, f, g, 1e-4));
}

TEST(check_expect_close_counts_ulps) {
    char msg[256];
    /* The smallest subnormals of either sign are 2 ULPs apart, across zero. */
    uint32_t up = 1, down = 0x80000001u;
    float tiny, ntiny;
    memcpy(&tiny, &up, 4);
    memcpy(&ntiny, &down, 4);
    EXPECT(CLOSE(IR_F32, 1, &tiny, &ntiny, 0, 2));
    EXPECT(!CLOSE(IR_F32, 1, &tiny, &ntiny, 0, 1));
    EXPECT_CONTAINS(msg, "ULP distance 2, allowed [0, 1]");
    float one = 1, next = nextafterf(1, 2), pz = 0.0f, nz = -0.0f;
    EXPECT(CLOSE(IR_F32, 1, &one, &next, 1, 1));
    EXPECT(CLOSE(IR_F32, 1, &pz, &nz, 0, 0));             /* +0 and -0: distance 0 */
    EXPECT(!CLOSE(IR_F32, 1, &one, &one, 1, 3));          /* below min_ulp */
    float nan = NAN, nan2 = -NAN, inf = INFINITY, max = FLT_MAX;
    EXPECT(CLOSE(IR_F32, 1, &nan, &nan2, 0, 0));          /* both NaN: 0 */
    EXPECT(CLOSE(IR_F32, 1, &inf, &inf, 0, 0));
    EXPECT(!CLOSE(IR_F32, 1, &inf, &max, 0, UINT64_MAX - 1));
    EXPECT_CONTAINS(msg, "non-finite");
    double d1 = 1, d3 = nextafter(nextafter(1, 2), 2);
    EXPECT(CLOSE(IR_F64, 1, &d1, &d3, 0, 2));
    EXPECT(!CLOSE(IR_F64, 1, &d1, &d3, 0, 1));
}

TEST(check_requires_equal_types) {
    char msg[256];
    float a[3] = {0};
    double b[3] = {0};
    EXPECT(!compare(IR_CHECK_EQ, V1(IR_F32, 2), a, V1(IR_F32, 3), a, 0, 0, 0, msg));
    EXPECT_CONTAINS(msg, "type mismatch: actual tensor<2xf32>, expected tensor<3xf32>");
    EXPECT(!compare(IR_CHECK_CLOSE, V1(IR_F32, 3), a, V1(IR_F64, 3), b, 0, 0, 3, msg));
    EXPECT(!compare(IR_CHECK_EQ, V2(IR_F32, 1, 3), a, V1(IR_F32, 3), a, 0, 0, 0, msg));
}

TEST(check_ops_in_a_program_record_and_continue) {
    prog p = prog_new();
    int32_t av[] = {1, 2}, ev[] = {1, 3};
    ir_value_id a = constant(&p, V1(IR_I32, 2), av), e = constant(&p, V1(IR_I32, 2), ev);
    ir_op *bad = ir_op_append(p.f, p.f->body, IR_CHECK_EQ, 2, (ir_value_id[]){a, e}, 0, NULL);
    bad->loc = (ir_loc){"t.mlir", 3, 5};
    ir_op_append(p.f, p.f->body, IR_CHECK_EQ, 2, (ir_value_id[]){a, a}, 0, NULL);
    ir_op_append(p.f, p.f->body, IR_CHECK_EQ, 2, (ir_value_id[]){e, a}, 0, NULL);
    ret1(&p, a);
    eval_tensor out[1];
    eval_checks c = {0};
    RUN_OK(&p, 0, NULL, out, NULL, &c);
    EXPECT_EQ_INT(c.nchecks, 3);
    EXPECT_EQ_INT(c.nfailed, 2);
    EXPECT_CONTAINS(c.first_failure, "t.mlir:3:5: check.expect_eq: element [1]: actual 2, expected 3");
    EXPECT_I32S((int32_t *)out[0].data, ((int32_t[]){1, 2}));
    free_outputs(out, 1);
    ir_module_free(p.m);
}

/* ---- argument errors ----------------------------------------------------------- */

TEST(arguments_must_match_the_parameters) {
    prog p = prog_new();
    ir_value_id x = param(&p, V2(IR_F32, 2, 3)), y = param(&p, V2(IR_F32, 2, 3));
    ret1(&p, emit2(&p, IR_ADD, V2(IR_F32, 2, 3), x, y));
    float v[6] = {0};
    eval_tensor out[1];
    diag d = {0};
    eval_tensor one[] = {tensor(V2(IR_F32, 2, 3), v)};
    EXPECT_EQ_INT(run(&p, 1, one, out, NULL, NULL, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "takes 2 arguments, got 1");
    eval_tensor wrong[] = {tensor(V2(IR_F32, 2, 3), v), tensor(V1(IR_F32, 3), v)};
    EXPECT_EQ_INT(run(&p, 2, wrong, out, NULL, NULL, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "argument 1: expected tensor<2x3xf32>, got tensor<3xf32>");
    eval_tensor dtype[] = {tensor(V2(IR_F32, 2, 3), v), tensor(V2(IR_F64, 2, 3), v)};
    EXPECT_EQ_INT(run(&p, 2, dtype, out, NULL, NULL, &d), DIAG_INVALID);
    eval_tensor nodata[] = {tensor(V2(IR_F32, 2, 3), v), tensor(V2(IR_F32, 2, 3), NULL)};
    EXPECT_EQ_INT(run(&p, 2, nodata, out, NULL, NULL, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "argument 1 has no data");
    ir_module_free(p.m);
}

/* ---- running out of memory --------------------------------------------------------- */

/* A program that touches every allocation path: constants, elementwise,
 * transpose, dot_general, a call, a general-path variadic reduce (region
 * scratch), a reducer with a call, an argument returned (copied) and a value
 * returned twice. */
static prog build_everything(void) {
    prog p = prog_new();
    ir_value_id x = param(&p, V2(IR_F32, 2, 4));
    add_twice_func(&p, "twice", V2(IR_F32, 2, 2));
    ir_func *main_f = p.f;
    p.f = ir_func_new(p.m, "plus");
    ir_value_id a = param(&p, S(IR_F32)), b = param(&p, S(IR_F32));
    ret1(&p, emit2(&p, IR_ADD, S(IR_F32), a, b));
    p.f = main_f;
    float cv[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ir_value_id y = emit2(&p, IR_ADD, V2(IR_F32, 2, 4), x, constant(&p, V2(IR_F32, 2, 4), cv));
    ir_op *t = emit_in(&p, NULL, IR_TRANSPOSE, V2(IR_F32, 4, 2), 1, &y);
    ir_ints_set(&t->a.dims, 2, (int64_t[]){1, 0});
    ir_value_id m = emit_dot(&p, V2(IR_F32, 2, 2), y, t->out[0], (dot_dims){.nc = 1, .lc = {1}, .rc = {0}});
    ir_value_id tw = emit_call(&p, NULL, "twice", V2(IR_F32, 2, 2), 1, &m);
    ir_op *iota = emit_in(&p, NULL, IR_IOTA, V2(IR_I32, 2, 4), 0, NULL);
    iota->a.axis = 1;
    ir_value_id mv, mi;
    emit_argmax(&p, y, iota->out[0], &mv, &mi);
    float zero = 0;
    ir_op *sum = emit_in(&p, NULL, IR_REDUCE, V1(IR_F32, 2), 2, (ir_value_id[]){y, constant(&p, S(IR_F32), &zero)});
    ir_ints_set(&sum->a.dims, 1, (int64_t[]){1});
    ir_value_id ra[2];
    ir_block *body = reducer(&p, sum, 2, (ir_dtype[]){IR_F32, IR_F32}, ra);
    ir_value_id r = emit_call(&p, body, "plus", S(IR_F32), 2, ra);
    ret_in(&p, body, 1, &r);
    ret_in(&p, NULL, 6, (ir_value_id[]){tw, mv, mi, sum->out[0], x, tw});
    return p;
}

TEST(every_allocation_failure_is_clean) {
    prog p = build_everything();
    float xv[8] = {0, -1, 2, -3, 4, -5, 6, -7};
    eval_tensor in[] = {tensor(V2(IR_F32, 2, 4), xv)}, want[6], out[6];
    diag d = {0};
    int rc = run(&p, 1, in, want, NULL, NULL, &d);
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (rc) {
        ir_module_free(p.m);
        return;
    }
    /* y = x + c = [[1 1 5 1] [9 1 13 1]]: argmax 5 at 2 and 13 at 2; row sums 8 and 24. */
    EXPECT_F32S((float *)want[1].data, ((float[]){5, 13}));
    EXPECT_I32S((int32_t *)want[2].data, ((int32_t[]){2, 2}));
    EXPECT_F32S((float *)want[3].data, ((float[]){8, 24}));
    size_t baseline = mem_live_bytes();
    int succeeded_at = 0;
    for (long n = 1; n < 10000 && !succeeded_at; n++) {
        eval_stats s = {0};
        mem_fail_after(n);
        rc = run(&p, 1, in, out, &s, NULL, &d);
        mem_fail_after(0);
        if (rc == DIAG_OK) {
            succeeded_at = (int)n;
            for (int i = 0; i < 6; i++)
                EXPECT(memcmp(out[i].data, want[i].data, ir_type_bytes(&want[i].type)) == 0);
            free_outputs(out, 6);
        } else {
            EXPECT_EQ_INT(rc, DIAG_NOMEM);
            EXPECT_EQ_INT(s.bytes_allocated, 0);   /* a failed run reports nothing */
        }
        EXPECT_EQ_INT(mem_live_bytes(), baseline);
    }
    EXPECT(succeeded_at > 10);
    free_outputs(want, 6);
    ir_module_free(p.m);
}

/* The dry run reports what a real run counts: a returned argument (copied),
 * a value returned twice, a call, a reduce, a dead value. */
TEST(measured_peak_equals_a_real_runs) {
    static const char text[] =
        "func.func private @sq(%a: tensor<64xf32>) -> tensor<64xf32> {\n"
        "  %0 = stablehlo.multiply %a, %a : tensor<64xf32>\n"
        "  return %0 : tensor<64xf32>\n"
        "}\n"
        "func.func @main(%x: tensor<64xf32>, %y: tensor<8x8xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<8xf32>, tensor<64xf32>) {\n"
        "  %0 = call @sq(%x) : (tensor<64xf32>) -> tensor<64xf32>\n"
        "  %1 = stablehlo.exponential %0 : tensor<64xf32>\n"
        "  %dead = stablehlo.negate %1 : tensor<64xf32>\n"
        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %2 = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  return %1, %1, %2, %x : tensor<64xf32>, tensor<64xf32>, tensor<8xf32>, tensor<64xf32>\n"
        "}\n";
    ir_module **mods;
    int n;
    diag d = {0};
    EXPECT_EQ_INT(front_parse("peak.mlir", text, sizeof text - 1, &mods, &n, &d), DIAG_OK);
    if (d.code) return;
    const ir_func *f = ir_module_entry(mods[0]);
    float x[64] = {0}, y[64] = {0};
    eval_tensor in[2] = {{f->values[f->body->args[0]].type, x}, {f->values[f->body->args[1]].type, y}};
    eval_tensor out[4];
    eval_stats real = {0}, measured = {0};
    EXPECT_EQ_INT(eval_func(mods[0], f, in, 2, out, &real, NULL, &d), DIAG_OK);
    for (int i = 0; i < 4 && !d.code; i++) eval_tensor_free(&out[i]);
    EXPECT_EQ_INT(eval_measure_peak(mods[0], f, &measured, &d), DIAG_OK);
    EXPECT_EQ_INT(measured.peak_live_bytes, real.peak_live_bytes);
    EXPECT_EQ_INT(measured.bytes_allocated, real.bytes_allocated);
    EXPECT(real.peak_live_bytes >= 3 * 256 + 32);   /* the four results at the end */
    front_free_modules(mods, n);
}

int main(void) {
    RUN(measured_peak_equals_a_real_runs);
    RUN(float_unary_exact_values);
    RUN(float_unary_f32_rounds_once_from_double);
    RUN(is_finite_gives_i1);
    RUN(float_binary);
    RUN(int_unary_edge_cases);
    RUN(int32_binary_edge_cases);
    RUN(int64_binary_edge_cases);
    RUN(bool_binary_is_logic);
    RUN(ops_undefined_on_an_element_type_fail_cleanly);
    RUN(compare_float_is_ieee);
    RUN(compare_totalorder);
    RUN(compare_signed_unsigned_and_notype);
    RUN(convert_float_to_int_truncates_and_saturates);
    RUN(convert_int_to_float_rounds_once);
    RUN(convert_between_floats_ints_and_bools);
    RUN(select_with_scalar_and_full_predicates);
    RUN(clamp_with_scalar_and_full_bounds);
    RUN(iota_counts_along_its_dimension);
    RUN(broadcast_in_dim_maps_and_repeats);
    RUN(reshape_keeps_row_major_order);
    RUN(transpose_result_dim_i_is_operand_dim_perm_i);
    RUN(slice_with_strides);
    RUN(concatenate_along_an_axis);
    RUN(reverse_dimensions);
    RUN(constant_copies_its_data);
    RUN(unverified_shape_attributes_fail_cleanly);
    RUN(dot_general_matmul_and_dim_order);
    RUN(dot_general_batch_dims_come_first);
    RUN(dot_general_accumulates_in_order_in_the_result_type);
    RUN(dot_general_converts_operands_and_wraps_integers);
    RUN(dot_general_rejects_bad_dimension_numbers);
    RUN(reduce_sum_over_each_set_of_dims);
    RUN(reduce_applies_the_reducer_as_acc_then_x);
    RUN(reduce_on_booleans_and_integers);
    RUN(reduce_fast_and_general_paths_agree_bitwise);
    RUN(reduce_variadic_argmax);
    RUN(reducer_reads_a_value_of_the_enclosing_block);
    RUN(calls_run_the_callee);
    RUN(a_reducer_may_call_a_function);
    RUN(bad_calls_are_invalid);
    RUN(stats_of_a_chain);
    RUN(stats_free_dead_values_at_once);
    RUN(stats_count_copies_of_arguments_and_repeated_outputs);
    RUN(stats_through_a_call);
    RUN(fusion_runs_its_region_on_its_operands);
    RUN(fusion_with_a_reduce_and_an_epilogue);
    RUN(malformed_fusions_are_invalid);
    RUN(fusion_allocation_failures_are_clean);
    RUN(check_expect_eq);
    RUN(check_expect_almost_eq);
    RUN(check_expect_close_counts_ulps);
    RUN(check_requires_equal_types);
    RUN(check_ops_in_a_program_record_and_continue);
    RUN(arguments_must_match_the_parameters);
    RUN(every_allocation_failure_is_clean);
    return TESTS_DONE();
}
