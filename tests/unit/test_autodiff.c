/* test_autodiff: reverse-mode differentiation (src/autodiff, aj_vjp/aj_grad).
 *
 * Every rule is checked against central finite differences in f64: a small
 * program over f64 parameters is differentiated with aj_vjp; on random inputs
 * (fixed seeds) and a random cotangent u, the vjp's gradient for each input
 * element j must equal (F(x + h e_j) - F(x - h e_j)) / 2h with F = u . f(x).
 * The same check runs on the vjp function itself (its derivative with
 * respect to x and u), which tests every rule's own derivative: second
 * order. The compiled vjp (strict order) must equal the evaluated one.
 * Then: grad and value_and_grad, wrt lists, a Hessian-vector product against
 * finite differences of the gradient, the backward/checkpoint marks, errors,
 * allocation failures at every point of a transform, and programs exported
 * from JAX (tests/autodiff) against jax.value_and_grad's outputs. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "autodiff/autodiff.h"
#include "testing.h"
#include "util/mem.h"

/* ---- arrays and running ---- */

static double uniform(uint64_t *state, double lo, double hi) {
    return lo + (hi - lo) * (double)(testing_random(state) >> 11) / 9007199254740992.0;
}

static uint64_t seed_of(const char *name) {
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001B3u;
    return h ? h : 1;
}

/* A new array of func's parameter (is_result 0) or result (1) i, filled
 * with values in [lo, hi) (integers: small; booleans: 0 or 1). */
static aj_array *random_array(aj_module *m, const char *func, int is_result, int i, double lo, double hi,
                              uint64_t *state) {
    aj_dtype dtype;
    int rank;
    int64_t dims[AJ_MAX_RANK];
    aj_array *a = NULL;
    if (aj_module_arg_type(m, func, is_result, i, &dtype, &rank, dims) || aj_array_create(dtype, rank, dims, &a))
        return NULL;
    for (int64_t k = 0; k < aj_array_numel(a); k++) {
        void *p = aj_array_data(a);
        double u = uniform(state, lo, hi);
        switch (dtype) {
        case AJ_F64: ((double *)p)[k] = u; break;
        case AJ_F32: ((float *)p)[k] = (float)u; break;
        case AJ_I32: ((int32_t *)p)[k] = (int32_t)floor(u * 4); break;
        case AJ_I64: ((int64_t *)p)[k] = (int64_t)floor(u * 4); break;
        case AJ_BOOL: ((uint8_t *)p)[k] = u > (lo + hi) / 2; break;
        default: break;   /* the programs here use no other type: zeros */
        }
    }
    return a;
}

static double element(const aj_array *a, int64_t k) {
    const void *p = aj_array_data(a);
    switch (aj_array_dtype(a)) {
    case AJ_F64: return ((const double *)p)[k];
    case AJ_F32: return ((const float *)p)[k];
    default: return aj_array_get_f64(a, k);
    }
}

static void set_element(aj_array *a, int64_t k, double v) {
    if (aj_array_dtype(a) == AJ_F64) ((double *)aj_array_data(a))[k] = v;
    else ((float *)aj_array_data(a))[k] = (float)v;
}

static bool is_float(const aj_array *a) {
    return aj_array_dtype(a) == AJ_F32 || aj_array_dtype(a) == AJ_F64;
}

static void destroy_arrays(aj_array **a, int n) {
    for (int i = 0; i < n; i++) aj_array_destroy(a[i]);
}

enum { MAXN = 16 };

static int signature(aj_module *m, const char *func, int *nin, int *nout) {
    return aj_module_signature(m, func, nin, nout) != AJ_OK || *nin > MAXN || *nout > MAXN;
}

/* u . func(in), over the float results. */
static double weighted_output(aj_module *m, const char *func, aj_array **in, aj_array **u, bool *ok) {
    int nin, nout;
    aj_array *out[MAXN] = {0};
    if (signature(m, func, &nin, &nout) || aj_module_eval(m, func, nin, in, nout, out, NULL)) {
        fprintf(stderr, "eval of %s failed: %s\n", func, aj_last_error());
        *ok = false;
        return 0;
    }
    double sum = 0;
    for (int r = 0; r < nout; r++)
        for (int64_t k = 0; is_float(out[r]) && k < aj_array_numel(out[r]); k++)
            sum += element(u[r], k) * element(out[r], k);
    destroy_arrays(out, nout);
    return sum;
}

/* ---- the finite-difference check ---- */

typedef struct fd_case {
    const char *name;
    const char *text;   /* @main; its float parameters are differentiated */
    double lo, hi;      /* inputs drawn from [lo, hi); both 0: [-2, 2) */
    double tol;         /* 0: 1e-6 (relative to 1 + |difference quotient|) */
} fd_case;

/* Compares the vjp of `func` (named vjp_name, already in m) on random
 * inputs with finite differences of func; true when all agree. */
static bool vjp_matches_differences(aj_module *m, const char *func, const char *vjp_name, const fd_case *t,
                                    uint64_t *state) {
    int nin, nout, vin, vout;
    if (signature(m, func, &nin, &nout) || signature(m, vjp_name, &vin, &vout)) return false;
    double lo = t->lo || t->hi ? t->lo : -2, hi = t->lo || t->hi ? t->hi : 2, tol = t->tol ? t->tol : 1e-6;
    aj_array *in[2 * MAXN] = {0}, *out[MAXN] = {0};
    for (int i = 0; i < nin; i++) in[i] = random_array(m, func, 0, i, lo, hi, state);
    for (int r = 0; r < nout; r++) in[nin + r] = random_array(m, func, 1, r, -1, 1, state);
    bool ok = aj_module_eval(m, vjp_name, vin, in, vout, out, NULL) == AJ_OK;
    if (!ok) vout = 0;
    if (!ok) fprintf(stderr, "%s: eval of %s failed: %s\n", t->name, vjp_name, aj_last_error());
    int g = nout;   /* the gradients follow the results, one per float parameter */
    for (int i = 0; ok && i < nin; i++) {
        if (!is_float(in[i])) continue;
        for (int64_t k = 0; ok && k < aj_array_numel(in[i]); k++) {
            double x = element(in[i], k), h = 1e-5 * (fabs(x) > 1 ? fabs(x) : 1);
            set_element(in[i], k, x + h);
            double up = weighted_output(m, func, in, in + nin, &ok);
            set_element(in[i], k, x - h);
            double down = weighted_output(m, func, in, in + nin, &ok);
            set_element(in[i], k, x);
            double fd = (up - down) / (2 * h), got = element(out[g], k);
            if (ok && !(fabs(got - fd) <= tol * (1 + fabs(fd)))) {
                fprintf(stderr, "%s: %s: d/d(param %d)[%lld] = %.12g, finite differences %.12g\n", t->name,
                        vjp_name, i, (long long)k, got, fd);
                ok = false;
            }
        }
        g++;
    }
    destroy_arrays(in, nin + nout);
    destroy_arrays(out, vout);
    return ok;
}

/* Runs func compiled (strict order: the evaluator's arithmetic) and
 * evaluated on the same random inputs; true when the outputs are equal. */
static bool compiled_equals_evaluated(aj_module *m, const char *func, uint64_t *state) {
    int nin, nout;
    if (signature(m, func, &nin, &nout)) return false;
    aj_array *in[MAXN] = {0}, *want[MAXN] = {0}, *got[MAXN] = {0};
    for (int i = 0; i < nin; i++) in[i] = random_array(m, func, 0, i, 0.5, 2, state);
    aj_compile_options o = {.strict_order = 1, .no_memory_cache = 1};
    aj_executable *e = NULL;
    bool ok = aj_module_eval(m, func, nin, in, nout, want, NULL) == AJ_OK && aj_compile(m, func, &o, &e) == AJ_OK &&
              aj_executable_run(e, nin, in, nout, got) == AJ_OK;
    if (!ok) fprintf(stderr, "%s: %s\n", func, aj_last_error());
    for (int r = 0; ok && r < nout; r++)
        for (int64_t k = 0; k < aj_array_numel(want[r]); k++)
            if (element(want[r], k) != element(got[r], k) && !(isnan(element(want[r], k)) && isnan(element(got[r], k)))) {
                fprintf(stderr, "%s: result %d [%lld]: compiled %.17g, evaluated %.17g\n", func, r, (long long)k,
                        element(got[r], k), element(want[r], k));
                ok = false;
                break;
            }
    aj_executable_destroy(e);
    destroy_arrays(in, nin);
    destroy_arrays(want, nout);
    destroy_arrays(got, nout);
    return ok;
}

/* First and second derivatives against finite differences, and the
 * compiled first derivative against the evaluated one. */
static void check_case(const fd_case *t) {
    aj_module *m = NULL;
    uint64_t state = seed_of(t->name);
    if (aj_module_parse(t->text, strlen(t->text), t->name, &m) || aj_vjp(m, "main", 0, NULL, "vjp1") ||
        aj_vjp(m, "vjp1", 0, NULL, "vjp2")) {
        fprintf(stderr, "%s: %s\n", t->name, aj_last_error());
        testing_failed_checks++;
        aj_module_destroy(m);
        return;
    }
    for (int round = 0; round < 2; round++) {
        EXPECT(vjp_matches_differences(m, "main", "vjp1", t, &state));
        EXPECT(vjp_matches_differences(m, "vjp1", "vjp2", t, &state));
    }
    EXPECT(compiled_equals_evaluated(m, "vjp1", &state));
    aj_module_destroy(m);
}

static void check_cases(const fd_case *cases, int n) {
    for (int i = 0; i < n; i++) {
        int before = testing_failed_checks;
        check_case(&cases[i]);
        if (testing_failed_checks != before) fprintf(stderr, "  in case %s\n", cases[i].name);
    }
}

#define NCASES(a) ((int)(sizeof(a) / sizeof *(a)))

/* ---- rules ---- */

/* One elementwise op on parameters of type T. */
#define UNARY(op, T) \
    "func.func @main(%x: " T ") -> " T " {\n  %y = stablehlo." op " %x : " T "\n  return %y : " T "\n}\n"
#define BINARY(op, T) \
    "func.func @main(%x: " T ", %y: " T ") -> " T " {\n  %z = stablehlo." op " %x, %y : " T "\n" \
    "  return %z : " T "\n}\n"
#define M23 "tensor<2x3xf64>"
#define S "tensor<f64>"

TEST(unary_rules) {
    static const fd_case cases[] = {
        {"abs", UNARY("abs", M23), 0, 0, 0},
        {"cbrt+", UNARY("cbrt", M23), 0.3, 2, 0},
        {"cbrt-", UNARY("cbrt", S), -2, -0.3, 0},
        {"cosine", UNARY("cosine", M23), 0, 0, 0},
        {"sine", UNARY("sine", S), 0, 0, 0},
        {"tan", UNARY("tan", M23), -1.2, 1.2, 0},
        {"tanh", UNARY("tanh", M23), 0, 0, 0},
        {"exponential", UNARY("exponential", M23), 0, 0, 0},
        {"exponential_minus_one", UNARY("exponential_minus_one", M23), 0, 0, 0},
        {"log", UNARY("log", M23), 0.3, 3, 0},
        {"log_plus_one", UNARY("log_plus_one", M23), -0.7, 2, 0},
        {"logistic", UNARY("logistic", M23), -4, 4, 0},
        {"negate", UNARY("negate", S), 0, 0, 0},
        {"rsqrt", UNARY("rsqrt", M23), 0.3, 3, 0},
        {"sqrt", UNARY("sqrt", M23), 0.3, 3, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* CHLO's elementwise ops (chlo.sinh ... chlo.erf_inv), in CHLO's syntax. */
#define CHLO(op, T) \
    "func.func @main(%x: " T ") -> " T " {\n  %y = chlo." op " %x : " T " -> " T "\n  return %y : " T "\n}\n"

TEST(chlo_rules) {
    static const fd_case cases[] = {
        {"sinh", CHLO("sinh", M23), 0, 0, 0},
        {"cosh", CHLO("cosh", M23), 0, 0, 0},
        {"asin", CHLO("asin", M23), -0.9, 0.9, 0},
        {"acos", CHLO("acos", M23), -0.9, 0.9, 0},
        {"atan", CHLO("atan", M23), 0, 0, 0},
        {"asinh", CHLO("asinh", M23), 0, 0, 0},
        {"acosh", CHLO("acosh", M23), 1.2, 4, 0},
        {"atanh", CHLO("atanh", M23), -0.9, 0.9, 0},
        {"erf", CHLO("erf", M23), 0, 0, 0},
        {"erfc", CHLO("erfc", M23), 0, 0, 0},
        {"erf_inv", CHLO("erf_inv", M23), -0.9, 0.9, 0},
        {"square", CHLO("square", M23), 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* lgamma' = digamma, which has no rule itself (polygamma is not an op):
 * the first derivative only, evaluated and compiled. */
TEST(chlo_lgamma_rule) {
    static const fd_case cases[] = {
        {"lgamma+", CHLO("lgamma", M23), 0.2, 6, 0},
        {"lgamma-", CHLO("lgamma", S), -2.9, -2.1, 0},
    };
    for (int i = 0; i < NCASES(cases); i++) {
        aj_module *m = NULL;
        uint64_t state = seed_of(cases[i].name);
        EXPECT(aj_module_parse(cases[i].text, strlen(cases[i].text), cases[i].name, &m) == AJ_OK &&
               aj_vjp(m, "main", 0, NULL, "vjp1") == AJ_OK);
        EXPECT(vjp_matches_differences(m, "main", "vjp1", &cases[i], &state));
        EXPECT(compiled_equals_evaluated(m, "vjp1", &state));
        EXPECT(aj_vjp(m, "vjp1", 0, NULL, "vjp2") != AJ_OK);   /* digamma: no rule, a clear error */
        EXPECT(strstr(aj_last_error(), "chlo.digamma") != NULL);
        aj_module_destroy(m);
    }
}

TEST(binary_rules) {
    static const fd_case cases[] = {
        {"add", BINARY("add", M23), 0, 0, 0},
        {"subtract", BINARY("subtract", M23), 0, 0, 0},
        {"multiply", BINARY("multiply", M23), 0, 0, 0},
        {"divide", BINARY("divide", M23), 0.5, 2, 0},
        {"power", BINARY("power", M23), 0.5, 2, 0},
        {"atan2", BINARY("atan2", M23), 0, 0, 0},
        {"maximum", BINARY("maximum", M23), 0, 0, 0},
        {"minimum", BINARY("minimum", S), 0, 0, 0},
        {"remainder", BINARY("remainder", M23), 0.5, 3, 0},
        {"add_same",
         "func.func @main(%x: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %y = stablehlo.multiply %x, %x : tensor<3xf64>\n"
         "  %z = stablehlo.add %y, %x : tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(selection_rules) {
    static const fd_case cases[] = {
        {"select",
         "func.func @main(%x: tensor<2x3xf64>, %y: tensor<2x3xf64>) -> tensor<2x3xf64> {\n"
         "  %p = stablehlo.compare GT, %x, %y : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xi1>\n"
         "  %s = stablehlo.sine %x : tensor<2x3xf64>\n"
         "  %q = stablehlo.multiply %y, %y : tensor<2x3xf64>\n"
         "  %z = stablehlo.select %p, %s, %q : tensor<2x3xi1>, tensor<2x3xf64>\n"
         "  return %z : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"select_scalar_pred",
         "func.func @main(%p: tensor<i1>, %x: tensor<3xf64>, %y: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %z = stablehlo.select %p, %x, %y : tensor<i1>, tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
        /* bounds kept apart (min in [-3.5, -0.5), max in [0.5, 3.5)), x in [-6, 6) */
        {"clamp",
         "func.func @main(%a: tensor<4xf64>, %x: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {\n"
         "  %two = stablehlo.constant dense<2.0> : tensor<4xf64>\n"
         "  %three = stablehlo.constant dense<3.0> : tensor<4xf64>\n"
         "  %lo = stablehlo.subtract %a, %two : tensor<4xf64>\n"
         "  %hi = stablehlo.add %b, %two : tensor<4xf64>\n"
         "  %xs = stablehlo.multiply %x, %three : tensor<4xf64>\n"
         "  %z = stablehlo.clamp %lo, %xs, %hi : (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>\n"
         "  return %z : tensor<4xf64>\n}\n", -1.5, 1.5, 0},
        {"clamp_scalar_bounds",
         "func.func @main(%lo: tensor<f64>, %x: tensor<2x4xf64>, %hi: tensor<f64>) -> tensor<2x4xf64> {\n"
         "  %z = stablehlo.clamp %lo, %x, %hi : (tensor<f64>, tensor<2x4xf64>, tensor<f64>) -> tensor<2x4xf64>\n"
         "  return %z : tensor<2x4xf64>\n}\n", 0, 0, 0},
        {"clamp_crossed_bounds",   /* min > max: the result is max */
         "func.func @main(%x: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %lo = stablehlo.constant dense<5.0> : tensor<3xf64>\n"
         "  %z = stablehlo.clamp %lo, %x, %b : (tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
        {"relu",
         "func.func @main(%x: tensor<5xf64>) -> tensor<5xf64> {\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<5xf64>\n"
         "  %z = stablehlo.maximum %x, %zero : tensor<5xf64>\n"
         "  return %z : tensor<5xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(convert_and_stop_rules) {
    static const fd_case cases[] = {
        /* through f32 and back: the differences carry f32 rounding */
        {"convert_f32",
         "func.func @main(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {\n"
         "  %a = stablehlo.convert %x : (tensor<2x2xf64>) -> tensor<2x2xf32>\n"
         "  %b = stablehlo.multiply %a, %a : tensor<2x2xf32>\n"
         "  %c = stablehlo.convert %b : (tensor<2x2xf32>) -> tensor<2x2xf64>\n"
         "  return %c : tensor<2x2xf64>\n}\n", 0, 0, 1e-2},
        {"convert_int",   /* trunc(x) * x: the integer path carries nothing */
         "func.func @main(%x: tensor<4xf64>) -> tensor<4xf64> {\n"
         "  %i = stablehlo.convert %x : (tensor<4xf64>) -> tensor<4xi64>\n"
         "  %f = stablehlo.convert %i : (tensor<4xi64>) -> tensor<4xf64>\n"
         "  %z = stablehlo.multiply %f, %x : tensor<4xf64>\n"
         "  return %z : tensor<4xf64>\n}\n", -3, 3, 0},
        {"floor_ceil_round_sign",
         "func.func @main(%x: tensor<4xf64>) -> tensor<4xf64> {\n"
         "  %a = stablehlo.floor %x : tensor<4xf64>\n"
         "  %b = stablehlo.ceil %x : tensor<4xf64>\n"
         "  %c = stablehlo.round_nearest_even %x : tensor<4xf64>\n"
         "  %d = stablehlo.round_nearest_afz %x : tensor<4xf64>\n"
         "  %e = stablehlo.sign %x : tensor<4xf64>\n"
         "  %ab = stablehlo.add %a, %b : tensor<4xf64>\n"
         "  %cd = stablehlo.add %c, %d : tensor<4xf64>\n"
         "  %abcd = stablehlo.multiply %ab, %cd : tensor<4xf64>\n"
         "  %s = stablehlo.add %abcd, %e : tensor<4xf64>\n"
         "  %z = stablehlo.multiply %s, %x : tensor<4xf64>\n"
         "  return %z : tensor<4xf64>\n}\n", -3, 3, 0},
        {"constant_iota",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {\n"
         "  %i = stablehlo.iota dim = 1 : tensor<2x3xf64>\n"
         "  %k = stablehlo.constant dense<[[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]]> : tensor<2x3xf64>\n"
         "  %a = stablehlo.multiply %x, %i : tensor<2x3xf64>\n"
         "  %b = stablehlo.multiply %a, %k : tensor<2x3xf64>\n"
         "  %z = stablehlo.multiply %b, %x : tensor<2x3xf64>\n"
         "  return %z : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"call_twice",
         "func.func @main(%x: tensor<3xf64>, %y: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {\n"
         "  %a = call @f(%x, %y) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>\n"
         "  %b = call @f(%a, %x) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>\n"
         "  return %b, %a : tensor<3xf64>, tensor<3xf64>\n}\n"
         "func.func private @f(%p: tensor<3xf64>, %q: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %t = stablehlo.tanh %p : tensor<3xf64>\n"
         "  %r = stablehlo.multiply %t, %q : tensor<3xf64>\n"
         "  return %r : tensor<3xf64>\n}\n", 0, 0, 0},
        {"integer_param",
         "func.func @main(%x: tensor<3xf64>, %n: tensor<3xi64>) -> tensor<3xf64> {\n"
         "  %f = stablehlo.convert %n : (tensor<3xi64>) -> tensor<3xf64>\n"
         "  %z = stablehlo.multiply %f, %x : tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(shape_rules) {
    static const fd_case cases[] = {
        {"broadcast_row",
         "func.func @main(%x: tensor<3xf64>) -> tensor<2x3xf64> {\n"
         "  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>\n"
         "  return %b : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"broadcast_scalar",
         "func.func @main(%x: tensor<f64>) -> tensor<2x3xf64> {\n"
         "  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f64>) -> tensor<2x3xf64>\n"
         "  return %b : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"broadcast_unit_dim",
         "func.func @main(%x: tensor<2x1xf64>) -> tensor<2x3x4xf64> {\n"
         "  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xf64>) -> tensor<2x3x4xf64>\n"
         "  return %b : tensor<2x3x4xf64>\n}\n", 0, 0, 0},
        {"broadcast_unsorted",
         "func.func @main(%x: tensor<3x2xf64>) -> tensor<2x4x3xf64> {\n"
         "  %b = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<3x2xf64>) -> tensor<2x4x3xf64>\n"
         "  return %b : tensor<2x4x3xf64>\n}\n", 0, 0, 0},
        {"reshape",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<3x2xf64> {\n"
         "  %s = stablehlo.sine %x : tensor<2x3xf64>\n"
         "  %r = stablehlo.reshape %s : (tensor<2x3xf64>) -> tensor<3x2xf64>\n"
         "  return %r : tensor<3x2xf64>\n}\n", 0, 0, 0},
        {"transpose",
         "func.func @main(%x: tensor<2x3x4xf64>) -> tensor<4x2x3xf64> {\n"
         "  %t = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf64>) -> tensor<4x2x3xf64>\n"
         "  %z = stablehlo.multiply %t, %t : tensor<4x2x3xf64>\n"
         "  return %z : tensor<4x2x3xf64>\n}\n", 0, 0, 0},
        {"slice",
         "func.func @main(%x: tensor<5x4xf64>) -> tensor<3x3xf64> {\n"
         "  %s = stablehlo.slice %x [1:4, 0:3] : (tensor<5x4xf64>) -> tensor<3x3xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<3x3xf64>\n"
         "  return %z : tensor<3x3xf64>\n}\n", 0, 0, 0},
        {"slice_strided",
         "func.func @main(%x: tensor<7xf64>) -> tensor<3xf64> {\n"
         "  %s = stablehlo.slice %x [1:6:2] : (tensor<7xf64>) -> tensor<3xf64>\n"
         "  %z = stablehlo.exponential %s : tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
        {"slice_strided_2d",
         "func.func @main(%x: tensor<6x5xf64>) -> tensor<2x2xf64> {\n"
         "  %s = stablehlo.slice %x [0:5:3, 1:4:2] : (tensor<6x5xf64>) -> tensor<2x2xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<2x2xf64>\n"
         "  return %z : tensor<2x2xf64>\n}\n", 0, 0, 0},
        {"concatenate",
         "func.func @main(%a: tensor<2x1xf64>, %b: tensor<2x3xf64>) -> tensor<2x6xf64> {\n"
         "  %c = stablehlo.concatenate %a, %b, %a, %a, dim = 1 : (tensor<2x1xf64>, tensor<2x3xf64>, tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x6xf64>\n"
         "  %z = stablehlo.multiply %c, %c : tensor<2x6xf64>\n"
         "  return %z : tensor<2x6xf64>\n}\n", 0, 0, 0},
        {"reverse",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {\n"
         "  %r = stablehlo.reverse %x, dims = [1] : tensor<2x3xf64>\n"
         "  %z = stablehlo.multiply %r, %x : tensor<2x3xf64>\n"
         "  return %z : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"reverse_both",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {\n"
         "  %r = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf64>\n"
         "  %z = stablehlo.tanh %r : tensor<2x3xf64>\n"
         "  return %z : tensor<2x3xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(dot_general_rules) {
    static const fd_case cases[] = {
        {"matmul",
         "func.func @main(%a: tensor<2x3xf64>, %b: tensor<3x4xf64>) -> tensor<2x4xf64> {\n"
         "  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf64>, tensor<3x4xf64>) -> tensor<2x4xf64>\n"
         "  %z = stablehlo.tanh %d : tensor<2x4xf64>\n"
         "  return %z : tensor<2x4xf64>\n}\n", 0, 0, 0},
        {"matmul_transposed",
         "func.func @main(%a: tensor<3x2xf64>, %b: tensor<4x3xf64>) -> tensor<2x4xf64> {\n"
         "  %d = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf64>, tensor<4x3xf64>) -> tensor<2x4xf64>\n"
         "  return %d : tensor<2x4xf64>\n}\n", 0, 0, 0},
        {"batched",
         "func.func @main(%a: tensor<2x3x4xf64>, %b: tensor<2x4x5xf64>) -> tensor<2x3x5xf64> {\n"
         "  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf64>, tensor<2x4x5xf64>) -> tensor<2x3x5xf64>\n"
         "  %z = stablehlo.multiply %d, %d : tensor<2x3x5xf64>\n"
         "  return %z : tensor<2x3x5xf64>\n}\n", 0, 0, 0},
        /* batch dims in the middle, two contracting pairs in crossed order */
        {"general",
         "func.func @main(%a: tensor<3x2x4x5xf64>, %b: tensor<4x2x3x6xf64>) -> tensor<2x5x6xf64> {\n"
         "  %d = stablehlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [0, 2] x [2, 0] : (tensor<3x2x4x5xf64>, tensor<4x2x3x6xf64>) -> tensor<2x5x6xf64>\n"
         "  return %d : tensor<2x5x6xf64>\n}\n", 0, 0, 0},
        {"inner",
         "func.func @main(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<f64> {\n"
         "  %d = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<4xf64>, tensor<4xf64>) -> tensor<f64>\n"
         "  return %d : tensor<f64>\n}\n", 0, 0, 0},
        {"outer_same_operand",
         "func.func @main(%a: tensor<3xf64>) -> tensor<3x3xf64> {\n"
         "  %d = stablehlo.dot_general %a, %a, contracting_dims = [] x [] : (tensor<3xf64>, tensor<3xf64>) -> tensor<3x3xf64>\n"
         "  return %d : tensor<3x3xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(reduce_rules) {
    static const fd_case cases[] = {
        {"sum_rows",
         "func.func @main(%x: tensor<2x3x4xf64>) -> tensor<2x4xf64> {\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3x4xf64>, tensor<f64>) -> tensor<2x4xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<2x4xf64>\n"
         "  return %z : tensor<2x4xf64>\n}\n", 0, 0, 0},
        {"sum_two_dims_init",
         "func.func @main(%x: tensor<2x3x4xf64>, %i: tensor<f64>) -> tensor<3xf64> {\n"
         "  %s = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x3x4xf64>, tensor<f64>) -> tensor<3xf64>\n"
         "  %z = stablehlo.sine %s : tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
        {"max_cols",
         "func.func @main(%x: tensor<3x4xf64>) -> tensor<4xf64> {\n"
         "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
         "  %m = stablehlo.reduce(%x init: %ninf) across dimensions = [0] : (tensor<3x4xf64>, tensor<f64>) -> tensor<4xf64>\n"
         "   reducer(%a: tensor<f64>, %b: tensor<f64>)  {\n"
         "    %c = stablehlo.maximum %a, %b : tensor<f64>\n"
         "    stablehlo.return %c : tensor<f64>\n"
         "  }\n"
         "  return %m : tensor<4xf64>\n}\n", 0, 0, 0},
        {"min_all",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<f64> {\n"
         "  %inf = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>\n"
         "  %m = stablehlo.reduce(%x init: %inf) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<f64>\n"
         "  %z = stablehlo.multiply %m, %m : tensor<f64>\n"
         "  return %z : tensor<f64>\n}\n", 0, 0, 0},
        {"softmax",
         "func.func @main(%x: tensor<2x5xf64>) -> tensor<2x5xf64> {\n"
         "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5xf64>, tensor<f64>) -> tensor<2xf64>\n"
         "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf64>) -> tensor<2x5xf64>\n"
         "  %d = stablehlo.subtract %x, %mb : tensor<2x5xf64>\n"
         "  %e = stablehlo.exponential %d : tensor<2x5xf64>\n"
         "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf64>, tensor<f64>) -> tensor<2xf64>\n"
         "  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2xf64>) -> tensor<2x5xf64>\n"
         "  %y = stablehlo.divide %e, %sb : tensor<2x5xf64>\n"
         "  return %y : tensor<2x5xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* ---- tier-2 rules ---- */

/* Region bodies over f64 scalars. */
#define BLOCK2(expr) "{\n  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n" expr "  }"
#define BODY2(expr) "(" BLOCK2(expr) ")"
#define ADD_BLOCK BLOCK2("    %r = stablehlo.add %a, %b : tensor<f64>\n    stablehlo.return %r : tensor<f64>\n")
#define ADD_BODY BODY2("    %r = stablehlo.add %a, %b : tensor<f64>\n    stablehlo.return %r : tensor<f64>\n")
#define MAX_BODY BODY2("    %r = stablehlo.maximum %a, %b : tensor<f64>\n    stablehlo.return %r : tensor<f64>\n")
#define MIN_BODY BODY2("    %r = stablehlo.minimum %a, %b : tensor<f64>\n    stablehlo.return %r : tensor<f64>\n")
#define SECOND_BODY BODY2("    stablehlo.return %b : tensor<f64>\n")
#define GE_BLOCK \
    BLOCK2("    %r = stablehlo.compare GE, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>\n" \
          "    stablehlo.return %r : tensor<i1>\n")

TEST(index_op_rules) {
    static const fd_case cases[] = {
        {"pad",   /* negative edges cut, interior, and the padding value differentiated */
         "func.func @main(%x: tensor<3x4xf64>, %v: tensor<f64>) -> tensor<5x8xf64> {\n"
         "  %p = stablehlo.pad %x, %v, low = [1, -1], high = [-1, 2], interior = [1, 1] : (tensor<3x4xf64>, tensor<f64>) -> tensor<5x8xf64>\n"
         "  %z = stablehlo.multiply %p, %p : tensor<5x8xf64>\n"
         "  return %z : tensor<5x8xf64>\n}\n", 0, 0, 0},
        {"pad_edges",
         "func.func @main(%x: tensor<2x3xf64>) -> tensor<5x2xf64> {\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %p = stablehlo.pad %x, %zero, low = [2, 0], high = [1, -1], interior = [0, 0] : (tensor<2x3xf64>, tensor<f64>) -> tensor<5x2xf64>\n"
         "  %z = stablehlo.sine %p : tensor<5x2xf64>\n"
         "  return %z : tensor<5x2xf64>\n}\n", 0, 0, 0},
        /* start indices drawn from [-8, 8): clamped both ways alike */
        {"dynamic_slice",
         "func.func @main(%x: tensor<4x5xf64>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x3xf64> {\n"
         "  %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x5xf64>, tensor<i64>, tensor<i64>) -> tensor<2x3xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<2x3xf64>\n"
         "  return %z : tensor<2x3xf64>\n}\n", 0, 0, 0},
        {"dynamic_update_slice",
         "func.func @main(%x: tensor<4x5xf64>, %u: tensor<2x2xf64>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x5xf64> {\n"
         "  %d = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x5xf64>, tensor<2x2xf64>, tensor<i32>, tensor<i32>) -> tensor<4x5xf64>\n"
         "  %z = stablehlo.multiply %d, %x : tensor<4x5xf64>\n"
         "  return %z : tensor<4x5xf64>\n}\n", 0, 0, 0},
        {"gather_rows",   /* a repeated row: its gradients add */
         "func.func @main(%t: tensor<4x3xf64>) -> tensor<3x2xf64> {\n"
         "  %ix = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>\n"
         "  %g = \"stablehlo.gather\"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<4x3xf64>, tensor<3x1xi32>) -> tensor<3x2xf64>\n"
         "  %z = stablehlo.multiply %g, %g : tensor<3x2xf64>\n"
         "  return %z : tensor<3x2xf64>\n}\n", 0, 0, 0},
        {"gather_out_of_bounds",   /* 7 and -2 clamp to the last and first rows that fit */
         "func.func @main(%t: tensor<4x3xf64>) -> tensor<3x2x3xf64> {\n"
         "  %ix = stablehlo.constant dense<[[7], [-2], [1]]> : tensor<3x1xi32>\n"
         "  %g = \"stablehlo.gather\"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf64>, tensor<3x1xi32>) -> tensor<3x2x3xf64>\n"
         "  %z = stablehlo.multiply %g, %g : tensor<3x2x3xf64>\n"
         "  return %z : tensor<3x2x3xf64>\n}\n", 0, 0, 0},
        {"gather_out_of_bounds_implicit_vector",   /* index_vector_dim = rank: scalar indices */
         "func.func @main(%t: tensor<5xf64>) -> tensor<3x2xf64> {\n"
         "  %ix = stablehlo.constant dense<[9, 0, 4]> : tensor<3xi64>\n"
         "  %g = \"stablehlo.gather\"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2>}> : (tensor<5xf64>, tensor<3xi64>) -> tensor<3x2xf64>\n"
         "  %z = stablehlo.sine %g : tensor<3x2xf64>\n"
         "  return %z : tensor<3x2xf64>\n}\n", 0, 0, 0},
        {"gather_2d_windows",   /* two index components, index_vector_dim 0, windows in both dims */
         "func.func @main(%t: tensor<4x5xf64>) -> tensor<2x2x3xf64> {\n"
         "  %ix = stablehlo.constant dense<[[1, 2], [0, 2]]> : tensor<2x2xi64>\n"
         "  %g = \"stablehlo.gather\"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], start_index_map = [1, 0], index_vector_dim = 0>, slice_sizes = array<i64: 2, 3>}> : (tensor<4x5xf64>, tensor<2x2xi64>) -> tensor<2x2x3xf64>\n"
         "  %z = stablehlo.tanh %g : tensor<2x2x3xf64>\n"
         "  return %z : tensor<2x2x3xf64>\n}\n", 0, 0, 0},
        {"gather_batching",
         "func.func @main(%t: tensor<2x5x3xf64>) -> tensor<2x2x3xf64> {\n"
         "  %ix = stablehlo.constant dense<[[[4], [1]], [[0], [3]]]> : tensor<2x2x1xi32>\n"
         "  %g = \"stablehlo.gather\"(%t, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf64>, tensor<2x2x1xi32>) -> tensor<2x2x3xf64>\n"
         "  %z = stablehlo.multiply %g, %g : tensor<2x2x3xf64>\n"
         "  return %z : tensor<2x2x3xf64>\n}\n", 0, 0, 0},
        {"scatter_add",   /* a repeated index */
         "func.func @main(%t: tensor<4x2xf64>, %u: tensor<3x2xf64>) -> tensor<4x2xf64> {\n"
         "  %ix = stablehlo.constant dense<[[1], [3], [1]]> : tensor<3x1xi64>\n"
         "  %s = \"stablehlo.scatter\"(%t, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> " ADD_BODY " : (tensor<4x2xf64>, tensor<3x1xi64>, tensor<3x2xf64>) -> tensor<4x2xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<4x2xf64>\n"
         "  return %z : tensor<4x2xf64>\n}\n", 0, 0, 0},
        {"scatter_add_out_of_bounds",   /* row 3 half outside, 9 and -5 wholly: those elements are skipped */
         "func.func @main(%t: tensor<4x3xf64>, %u: tensor<4x2x2xf64>) -> tensor<4x3xf64> {\n"
         "  %ix = stablehlo.constant dense<[[3, 1], [9, 0], [-5, 0], [-1, 2]]> : tensor<4x2xi32>\n"
         "  %s = \"stablehlo.scatter\"(%t, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> " ADD_BODY " : (tensor<4x3xf64>, tensor<4x2xi32>, tensor<4x2x2xf64>) -> tensor<4x3xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<4x3xf64>\n"
         "  return %z : tensor<4x3xf64>\n}\n", 0, 0, 0},
        {"scatter_add_windows",
         "func.func @main(%t: tensor<3x5xf64>, %u: tensor<2x2x3xf64>) -> tensor<3x5xf64> {\n"
         "  %ix = stablehlo.constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi32>\n"
         "  %s = \"stablehlo.scatter\"(%t, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 2], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 0>}> " ADD_BODY " : (tensor<3x5xf64>, tensor<2x2xi32>, tensor<2x2x3xf64>) -> tensor<3x5xf64>\n"
         "  %z = stablehlo.sine %s : tensor<3x5xf64>\n"
         "  return %z : tensor<3x5xf64>\n}\n", 0, 0, 0},
        {"scatter_overwrite",
         "func.func @main(%t: tensor<4x2xf64>, %u: tensor<2x2xf64>) -> tensor<4x2xf64> {\n"
         "  %ix = stablehlo.constant dense<[[3], [0]]> : tensor<2x1xi64>\n"
         "  %s = \"stablehlo.scatter\"(%t, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> " SECOND_BODY " : (tensor<4x2xf64>, tensor<2x1xi64>, tensor<2x2xf64>) -> tensor<4x2xf64>\n"
         "  %z = stablehlo.multiply %s, %t : tensor<4x2xf64>\n"
         "  return %z : tensor<4x2xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* reduce_window over a 5x6 input with the window attributes `win`. */
#define RW(name, body, win, out) \
    "func.func @main(%x: tensor<5x6xf64>, %i: tensor<f64>) -> tensor<" out "xf64> {\n" \
    "  %r = \"stablehlo.reduce_window\"(%x, %i) <{" win "}> " body " : (tensor<5x6xf64>, tensor<f64>) -> tensor<" out "xf64>\n" \
    "  %z = stablehlo.multiply %r, %r : tensor<" out "xf64>\n" \
    "  return %z : tensor<" out "xf64>\n}\n"
#define RW_MAX(body, win, out) \
    "func.func @main(%x: tensor<5x6xf64>) -> tensor<" out "xf64> {\n" \
    "  %i = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n" \
    "  %r = \"stablehlo.reduce_window\"(%x, %i) <{" win "}> " body " : (tensor<5x6xf64>, tensor<f64>) -> tensor<" out "xf64>\n" \
    "  %z = stablehlo.multiply %r, %r : tensor<" out "xf64>\n" \
    "  return %z : tensor<" out "xf64>\n}\n"
#define RW_MIN(body, win, out) \
    "func.func @main(%x: tensor<5x6xf64>) -> tensor<" out "xf64> {\n" \
    "  %i = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>\n" \
    "  %r = \"stablehlo.reduce_window\"(%x, %i) <{" win "}> " body " : (tensor<5x6xf64>, tensor<f64>) -> tensor<" out "xf64>\n" \
    "  return %r : tensor<" out "xf64>\n}\n"

TEST(window_rules) {
    static const fd_case cases[] = {
        {"window_sum", RW("sum", ADD_BODY, "window_dimensions = array<i64: 2, 3>", "4x4"), 0, 0, 0},
        {"window_sum_strided_padded",
         RW("sum", ADD_BODY, "window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>", "3x4"), 0, 0, 0},
        {"window_sum_dilated",
         RW("sum", ADD_BODY, "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>", "9x3"), 0, 0, 0},
        {"window_max", RW_MAX(MAX_BODY, "window_dimensions = array<i64: 2, 2>", "4x5"), 0, 0, 0},
        {"window_max_strided_padded",
         RW_MAX(MAX_BODY, "window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [0, 1]]> : tensor<2x2xi64>", "3x3"), 0, 0, 0},
        {"window_max_base_dilated",
         RW_MAX(MAX_BODY, "window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>", "8x2"), 0, 0, 0},
        {"window_min", RW_MIN(MIN_BODY, "window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 3>", "2x2"), 0, 0, 0},
        {"select_and_scatter",
         "func.func @main(%x: tensor<5x6xf64>, %s: tensor<2x3xf64>, %i: tensor<f64>) -> tensor<5x6xf64> {\n"
         "  %r = \"stablehlo.select_and_scatter\"(%x, %s, %i) (" GE_BLOCK ", " ADD_BLOCK ") {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>} : (tensor<5x6xf64>, tensor<2x3xf64>, tensor<f64>) -> tensor<5x6xf64>\n"
         "  %z = stablehlo.multiply %r, %r : tensor<5x6xf64>\n"
         "  return %z : tensor<5x6xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* A convolution of lhs (L) and rhs (R) into O, with the pretty attributes `how`. */
#define CONV(L, R, O, how) \
    "func.func @main(%x: tensor<" L "xf64>, %k: tensor<" R "xf64>) -> tensor<" O "xf64> {\n" \
    "  %c = stablehlo.convolution(%x, %k) " how " : (tensor<" L "xf64>, tensor<" R "xf64>) -> tensor<" O "xf64>\n" \
    "  %z = stablehlo.multiply %c, %c : tensor<" O "xf64>\n" \
    "  return %z : tensor<" O "xf64>\n}\n"

TEST(convolution_rules) {
    static const fd_case cases[] = {
        {"conv_nchw", CONV("2x3x5x5", "4x3x2x2", "2x4x4x4",
                           "dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} "
                           "{batch_group_count = 1 : i64, feature_group_count = 1 : i64}"), 0, 0, 0},
        {"conv_nhwc_strided_padded", CONV("1x6x5x2", "3x2x2x3", "1x3x3x3",
                           "dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [0, 1]]} "
                           "{batch_group_count = 1 : i64, feature_group_count = 1 : i64}"), 0, 0, 0},
        {"conv_dilations", CONV("1x1x7x6", "2x1x2x3", "1x2x13x3",
                           "dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[0, 1], [1, 0]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]} "
                           "{batch_group_count = 1 : i64, feature_group_count = 1 : i64}"), 0, 0, 0},
        {"conv_1d_odd_roles", CONV("5x2x3", "2x3x4", "4x2x2",   /* [0, b, f] x [0, i, o] -> [f, 0, b] */
                           "dim_numbers = [0, b, f]x[0, i, o]->[f, 0, b], window = {stride = [2]} "
                           "{batch_group_count = 1 : i64, feature_group_count = 1 : i64}"), 0, 0, 0},
        {"conv_feature_groups", CONV("2x4x5", "6x2x2", "2x6x4",
                           "dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} "
                           "{batch_group_count = 1 : i64, feature_group_count = 2 : i64}"), 0, 0, 0},
        /* a small CNN: convolution, bias, relu, max pooling, a dense layer */
        {"cnn",
         "func.func @main(%x: tensor<2x1x6x6xf64>, %k: tensor<3x1x3x3xf64>, %bias: tensor<3xf64>, %w: tensor<12x2xf64>) -> tensor<2x2xf64> {\n"
         "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]], stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x6x6xf64>, tensor<3x1x3x3xf64>) -> tensor<2x3x3x3xf64>\n"
         "  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<3xf64>) -> tensor<2x3x3x3xf64>\n"
         "  %pre = stablehlo.add %c, %bb : tensor<2x3x3x3xf64>\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<2x3x3x3xf64>\n"
         "  %relu = stablehlo.maximum %pre, %zero : tensor<2x3x3x3xf64>\n"
         "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
         "  %p = \"stablehlo.reduce_window\"(%relu, %ninf) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 1, 1>}> " MAX_BODY " : (tensor<2x3x3x3xf64>, tensor<f64>) -> tensor<2x3x2x2xf64>\n"
         "  %f = stablehlo.reshape %p : (tensor<2x3x2x2xf64>) -> tensor<2x12xf64>\n"
         "  %d = stablehlo.dot_general %f, %w, contracting_dims = [1] x [0] : (tensor<2x12xf64>, tensor<12x2xf64>) -> tensor<2x2xf64>\n"
         "  return %d : tensor<2x2xf64>\n}\n", 0, 0, 0},
        {"conv_batch_groups", CONV("4x3x5", "4x3x2", "2x4x4",
                           "dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} "
                           "{batch_group_count = 2 : i64, feature_group_count = 1 : i64}"), 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(branch_rules) {
    static const fd_case cases[] = {
        /* the predicate is drawn at random: both branches run over the rounds */
        {"if",
         "func.func @main(%p: tensor<i1>, %x: tensor<3xf64>, %y: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %r = \"stablehlo.if\"(%p) ({\n"
         "    %a = stablehlo.sine %x : tensor<3xf64>\n"
         "    %b = stablehlo.multiply %a, %y : tensor<3xf64>\n"
         "    stablehlo.return %b : tensor<3xf64>\n"
         "  }, {\n"
         "    %e = stablehlo.exponential %y : tensor<3xf64>\n"
         "    stablehlo.return %e : tensor<3xf64>\n"
         "  }) : (tensor<i1>) -> tensor<3xf64>\n"
         "  %z = stablehlo.multiply %r, %x : tensor<3xf64>\n"
         "  return %z : tensor<3xf64>\n}\n", 0, 0, 0},
        {"if_two_results_returns_capture",
         "func.func @main(%x: tensor<2xf64>, %y: tensor<f64>) -> (tensor<2xf64>, tensor<f64>) {\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %p = stablehlo.compare GT, %y, %zero : (tensor<f64>, tensor<f64>) -> tensor<i1>\n"
         "  %r, %s = \"stablehlo.if\"(%p) ({\n"
         "    %t = stablehlo.tanh %x : tensor<2xf64>\n"
         "    stablehlo.return %t, %y : tensor<2xf64>, tensor<f64>\n"
         "  }, {\n"
         "    %q = stablehlo.multiply %y, %y : tensor<f64>\n"
         "    stablehlo.return %x, %q : tensor<2xf64>, tensor<f64>\n"
         "  }) : (tensor<i1>) -> (tensor<2xf64>, tensor<f64>)\n"
         "  return %r, %s : tensor<2xf64>, tensor<f64>\n}\n", 0, 0, 0},
        /* the index drawn from [-8, 8): out of range picks the last branch */
        {"case_nested_if",
         "func.func @main(%i: tensor<i32>, %x: tensor<2x2xf64>, %w: tensor<2x2xf64>) -> tensor<2x2xf64> {\n"
         "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %r = \"stablehlo.case\"(%i) ({\n"
         "    %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>\n"
         "    stablehlo.return %d : tensor<2x2xf64>\n"
         "  }, {\n"
         "    %c = stablehlo.cosine %w : tensor<2x2xf64>\n"
         "    stablehlo.return %c : tensor<2x2xf64>\n"
         "  }, {\n"
         "    %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x2xf64>, tensor<f64>) -> tensor<f64>\n"
         "    %p = stablehlo.compare GT, %s, %zero : (tensor<f64>, tensor<f64>) -> tensor<i1>\n"
         "    %n = \"stablehlo.if\"(%p) ({\n"
         "      %m = stablehlo.multiply %x, %w : tensor<2x2xf64>\n"
         "      stablehlo.return %m : tensor<2x2xf64>\n"
         "    }, {\n"
         "      %e = stablehlo.exponential %x : tensor<2x2xf64>\n"
         "      stablehlo.return %e : tensor<2x2xf64>\n"
         "    }) : (tensor<i1>) -> tensor<2x2xf64>\n"
         "    stablehlo.return %n : tensor<2x2xf64>\n"
         "  }) : (tensor<i32>) -> tensor<2x2xf64>\n"
         "  return %r : tensor<2x2xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(sort_rules) {
    static const fd_case cases[] = {
        {"sort_rows",
         "func.func @main(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {\n"
         "  %s = \"stablehlo.sort\"(%x) ({\n"
         "  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n"
         "    %c = stablehlo.compare LT, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>\n"
         "    stablehlo.return %c : tensor<i1>\n"
         "  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x4xf64>) -> tensor<3x4xf64>\n"
         "  %z = stablehlo.multiply %s, %s : tensor<3x4xf64>\n"
         "  return %z : tensor<3x4xf64>\n}\n", 0, 0, 0},
        {"sort_by_key_columns",   /* y sorted by x's order along dim 0, descending; both differentiated */
         "func.func @main(%x: tensor<5x2xf64>, %y: tensor<5x2xf64>) -> (tensor<5x2xf64>, tensor<5x2xf64>) {\n"
         "  %s, %t = \"stablehlo.sort\"(%x, %y) ({\n"
         "  ^bb0(%a: tensor<f64>, %b: tensor<f64>, %p: tensor<f64>, %q: tensor<f64>):\n"
         "    %c = stablehlo.compare GT, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>\n"
         "    stablehlo.return %c : tensor<i1>\n"
         "  }) {dimension = 0 : i64, is_stable = false} : (tensor<5x2xf64>, tensor<5x2xf64>) -> (tensor<5x2xf64>, tensor<5x2xf64>)\n"
         "  %e = stablehlo.exponential %t : tensor<5x2xf64>\n"
         "  return %s, %e : tensor<5x2xf64>, tensor<5x2xf64>\n}\n", 0, 0, 0},
        {"top_k_rows",   /* the values' cotangent goes back to where top_k took them */
         "func.func @main(%x: tensor<3x6xf64>) -> tensor<3x2xf64> {\n"
         "  %v, %i = chlo.top_k(%x, k = 2) : tensor<3x6xf64> -> (tensor<3x2xf64>, tensor<3x2xi32>)\n"
         "  %z = stablehlo.multiply %v, %v : tensor<3x2xf64>\n"
         "  return %z : tensor<3x2xf64>\n}\n", 0, 0, 0},
        {"top_k_batched",
         "func.func @main(%x: tensor<2x3x5xf64>) -> tensor<2x3x3xf64> {\n"
         "  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x3x5xf64> -> (tensor<2x3x3xf64>, tensor<2x3x3xi64>)\n"
         "  %e = stablehlo.exponential %v : tensor<2x3x3xf64>\n"
         "  return %e : tensor<2x3x3xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* ---- linear algebra ---- */

/* 4 I over a batch of two 3x3 matrices: added to a random operand, it
 * makes the matrix a triangular solve or cholesky reads well conditioned
 * (|elements| < 2 beside a diagonal of at least 2, so definite too). */
#define EYE4 "stablehlo.constant dense<[[4.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 4.0]]> : tensor<3x3xf64>\n"
#define B33 "tensor<2x3x3xf64>"

/* triangular_solve(x + 4 I, b) over a batch of 2 with the attributes of
 * case k (of 12: both sides, both triangles, each transpose_a; each side
 * and triangle with and without a unit diagonal); b is 3x2 (left side) or
 * 2x3. */
static void triangular_solve_text(int k, char *buf, size_t size, char *name, size_t name_size) {
    static const char *const transposes[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
    bool left = k & 1, lower = k & 2, unit = (k / 4) % 2 != lower;
    const char *transpose = transposes[k / 4];
    const char *b = left ? "tensor<2x3x2xf64>" : "tensor<2x2x3xf64>";
    snprintf(name, name_size, "trsm_%s_%s_%s%s", left ? "left" : "right", lower ? "lower" : "upper", transpose,
             unit ? "_unit" : "");
    snprintf(buf, size,
             "func.func @main(%%x: " B33 ", %%b: %s) -> %s {\n"
             "  %%e = " EYE4
             "  %%eb = stablehlo.broadcast_in_dim %%e, dims = [1, 2] : (tensor<3x3xf64>) -> " B33 "\n"
             "  %%a = stablehlo.add %%x, %%eb : " B33 "\n"
             "  %%s = \"stablehlo.triangular_solve\"(%%a, %%b) {left_side = %s, lower = %s, unit_diagonal = %s, "
             "transpose_a = #stablehlo<transpose %s>} : (" B33 ", %s) -> %s\n"
             "  return %%s : %s\n}\n",
             b, b, left ? "true" : "false", lower ? "true" : "false", unit ? "true" : "false", transpose, b, b, b);
}

TEST(triangular_solve_rules) {
    enum { NSOLVE = 12 };
    static char texts[NSOLVE][1024], names[NSOLVE][64];
    fd_case cases[NSOLVE];
    for (int k = 0; k < NSOLVE; k++) {
        triangular_solve_text(k, texts[k], sizeof texts[k], names[k], sizeof names[k]);
        cases[k] = (fd_case){names[k], texts[k], -1, 1, 0};
    }
    check_cases(cases, NSOLVE);
}

TEST(cholesky_rules) {
    static const fd_case cases[] = {
        /* x's upper triangle is never read, and the result's is zero: both get zeros */
        {"cholesky_lower",
         "func.func @main(%x: tensor<3x3xf64>) -> tensor<3x3xf64> {\n"
         "  %e = " EYE4
         "  %a = stablehlo.add %x, %e : tensor<3x3xf64>\n"
         "  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf64>\n"
         "  return %l : tensor<3x3xf64>\n}\n", -1, 1, 0},
        {"cholesky_upper_batched",
         "func.func @main(%x: " B33 ") -> " B33 " {\n"
         "  %e = " EYE4
         "  %eb = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<3x3xf64>) -> " B33 "\n"
         "  %a = stablehlo.add %x, %eb : " B33 "\n"
         "  %u = stablehlo.cholesky %a, lower = false : " B33 "\n"
         "  %s = stablehlo.sine %u : " B33 "\n"
         "  return %s : " B33 "\n}\n", -1, 1, 0},
        /* a solve with the factor: x = L^-T L^-1 b, both operands differentiated */
        {"cholesky_solve",
         "func.func @main(%x: tensor<3x3xf64>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {\n"
         "  %e = " EYE4
         "  %a = stablehlo.add %x, %e : tensor<3x3xf64>\n"
         "  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf64>\n"
         "  %y = \"stablehlo.triangular_solve\"(%l, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>\n"
         "  %z = \"stablehlo.triangular_solve\"(%l, %y) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>\n"
         "  return %z : tensor<3x2xf64>\n}\n", -1, 1, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* x + diag(0, 8, 16): the eigenvalues stay at least 2 apart for |x| < 1. */
#define SPREAD "stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 8.0, 0.0], [0.0, 0.0, 16.0]]> : tensor<3x3xf64>\n"

/* Eigenvectors are unique up to sign: the results are w and v * v. */
TEST(syevd_rules) {
    static const fd_case cases[] = {
        {"syevd_lower",
         "func.func @main(%x: tensor<3x3xf64>) -> (tensor<3xf64>, tensor<3x3xf64>) {\n"
         "  %e = " SPREAD
         "  %a = stablehlo.add %x, %e : tensor<3x3xf64>\n"
         "  %v, %w, %info = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = true}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)\n"
         "  %vv = stablehlo.multiply %v, %v : tensor<3x3xf64>\n"
         "  return %w, %vv : tensor<3xf64>, tensor<3x3xf64>\n}\n", -1, 1, 0},
        {"syevd_upper_batched",
         "func.func @main(%x: " B33 ") -> (tensor<2x3xf64>, " B33 ") {\n"
         "  %e = " SPREAD
         "  %eb = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<3x3xf64>) -> " B33 "\n"
         "  %a = stablehlo.add %x, %eb : " B33 "\n"
         "  %v, %w, %info = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = false}> : (" B33 ") -> (" B33 ", tensor<2x3xf64>, tensor<2xi32>)\n"
         "  %vv = stablehlo.multiply %v, %v : " B33 "\n"
         "  return %w, %vv : tensor<2x3xf64>, " B33 "\n}\n", -1, 1, 0},
        {"syevd_vectors_only",
         "func.func @main(%x: tensor<3x3xf64>) -> tensor<3x3xf64> {\n"
         "  %e = " SPREAD
         "  %a = stablehlo.add %x, %e : tensor<3x3xf64>\n"
         "  %v, %w, %info = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = true}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)\n"
         "  %vv = stablehlo.multiply %v, %v : tensor<3x3xf64>\n"
         "  return %vv : tensor<3x3xf64>\n}\n", -1, 1, 0},
        {"syevd_values_only",
         "func.func @main(%x: tensor<3x3xf64>) -> tensor<3xf64> {\n"
         "  %e = " SPREAD
         "  %a = stablehlo.add %x, %e : tensor<3x3xf64>\n"
         "  %v, %w, %info = \"arrayjit.syevd\"(%a) <{mode = \"V\", lower = true}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)\n"
         "  return %w : tensor<3xf64>\n}\n", -1, 1, 0},
    };
    check_cases(cases, NCASES(cases));
}

TEST(while_rules) {
    static const fd_case cases[] = {
        {"while_counted",   /* i = 0, 1, 2, 3: four steps of v <- tanh(v * w) + x */
         "func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>) -> tensor<3xf64> {\n"
         "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
         "  %n, %r = stablehlo.while(%i = %zero, %v = %x) : tensor<i64>, tensor<3xf64>\n"
         "  cond {\n"
         "    %four = stablehlo.constant dense<4> : tensor<i64>\n"
         "    %c = stablehlo.compare LT, %i, %four : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
         "    stablehlo.return %c : tensor<i1>\n"
         "  } do {\n"
         "    %one = stablehlo.constant dense<1> : tensor<i64>\n"
         "    %next = stablehlo.add %i, %one : tensor<i64>\n"
         "    %m = stablehlo.multiply %v, %w : tensor<3xf64>\n"
         "    %t = stablehlo.tanh %m : tensor<3xf64>\n"
         "    %s = stablehlo.add %t, %x : tensor<3xf64>\n"
         "    stablehlo.return %next, %s : tensor<i64>, tensor<3xf64>\n"
         "  }\n"
         "  return %r : tensor<3xf64>\n}\n", 0, 0, 0},
        {"while_nested_down",   /* outer: k = 6, 4, 2 (limit on the left); inner: j = 1, 2 */
         "func.func @main(%x: tensor<2xf64>) -> tensor<2xf64> {\n"
         "  %six = stablehlo.constant dense<6> : tensor<i32>\n"
         "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
         "  %k, %r = stablehlo.while(%a = %six, %v = %x) : tensor<i32>, tensor<2xf64>\n"
         "  cond {\n"
         "    %zero = stablehlo.constant dense<0> : tensor<i32>\n"
         "    %c = stablehlo.compare LT, %zero, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
         "    stablehlo.return %c : tensor<i1>\n"
         "  } do {\n"
         "    %m2 = stablehlo.constant dense<-2> : tensor<i32>\n"
         "    %a2 = stablehlo.add %m2, %a : tensor<i32>\n"
         "    %j, %u = stablehlo.while(%b = %one, %y = %v) : tensor<i32>, tensor<2xf64>\n"
         "    cond {\n"
         "      %three = stablehlo.constant dense<3> : tensor<i32>\n"
         "      %d = stablehlo.compare NE, %b, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
         "      stablehlo.return %d : tensor<i1>\n"
         "    } do {\n"
         "      %b2 = stablehlo.add %b, %one : tensor<i32>\n"
         "      %s = stablehlo.sine %y : tensor<2xf64>\n"
         "      %y2 = stablehlo.multiply %s, %x : tensor<2xf64>\n"
         "      stablehlo.return %b2, %y2 : tensor<i32>, tensor<2xf64>\n"
         "    }\n"
         "    stablehlo.return %a2, %u : tensor<i32>, tensor<2xf64>\n"
         "  }\n"
         "  return %r : tensor<2xf64>\n}\n", 0, 0, 0},
    };
    check_cases(cases, NCASES(cases));
}

/* ---- grad, value_and_grad, wrt ---- */

/* loss(x, w, n) = sum(tanh(x . w) ^ 2) * n: x 2x3, w 3x2, n an integer. */
static const char *const loss_text =
    "func.func @loss(%x: tensor<2x3xf64>, %n: tensor<i64>, %w: tensor<3x2xf64>) -> tensor<f64> {\n"
    "  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<2x2xf64>\n"
    "  %t = stablehlo.tanh %d : tensor<2x2xf64>\n"
    "  %sq = stablehlo.multiply %t, %t : tensor<2x2xf64>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
    "  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x2xf64>, tensor<f64>) -> tensor<f64>\n"
    "  %nf = stablehlo.convert %n : (tensor<i64>) -> tensor<f64>\n"
    "  %l = stablehlo.multiply %s, %nf : tensor<f64>\n"
    "  return %l : tensor<f64>\n}\n";

static aj_module *load_loss(void) {
    aj_module *m = NULL;
    if (aj_module_parse(loss_text, strlen(loss_text), "loss.mlir", &m)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
    }
    return m;
}

static void loss_inputs(aj_module *m, aj_array **in) {
    uint64_t state = 7;
    for (int i = 0; i < 3; i++) in[i] = random_array(m, "loss", 0, i, -1, 1, &state);
    *(int64_t *)aj_array_data(in[1]) = 3;
}

/* grad, value_and_grad and vjp agree: the value, then the gradients in
 * the order asked for, the integer parameter skipped by default. */
TEST(grad_and_value_and_grad) {
    aj_module *m = load_loss();
    if (!m) return;
    const int wrt_w_x[2] = {2, 0};
    EXPECT_EQ_INT(aj_grad(m, "loss", 0, NULL, "g_all"), AJ_OK);
    EXPECT_EQ_INT(aj_grad(m, "loss", 2, wrt_w_x, "g_wx"), AJ_OK);
    EXPECT_EQ_INT(aj_value_and_grad(m, "loss", 1, wrt_w_x, "vg_w"), AJ_OK);
    EXPECT_EQ_INT(aj_vjp(m, "loss", 0, NULL, "vjp"), AJ_OK);
    int nin, nout;
    EXPECT(aj_module_signature(m, "g_all", &nin, &nout) == AJ_OK && nin == 3 && nout == 2);
    EXPECT(aj_module_signature(m, "vg_w", &nin, &nout) == AJ_OK && nin == 3 && nout == 2);
    EXPECT(aj_module_signature(m, "vjp", &nin, &nout) == AJ_OK && nin == 4 && nout == 3);
    aj_array *in[4], *all[2], *wx[2], *vg[2], *vjp[3];
    loss_inputs(m, in);
    const double one = 1.0;
    EXPECT_EQ_INT(aj_array_create(AJ_F64, 0, NULL, &in[3]), AJ_OK);
    memcpy(aj_array_data(in[3]), &one, sizeof one);
    EXPECT_EQ_INT(aj_module_eval(m, "g_all", 3, in, 2, all, NULL), AJ_OK);
    EXPECT_EQ_INT(aj_module_eval(m, "g_wx", 3, in, 2, wx, NULL), AJ_OK);
    EXPECT_EQ_INT(aj_module_eval(m, "vg_w", 3, in, 2, vg, NULL), AJ_OK);
    EXPECT_EQ_INT(aj_module_eval(m, "vjp", 4, in, 3, vjp, NULL), AJ_OK);
    aj_array *value[1];
    EXPECT_EQ_INT(aj_module_eval(m, "loss", 3, in, 1, value, NULL), AJ_OK);
    EXPECT(element(vg[0], 0) == element(value[0], 0) && element(vjp[0], 0) == element(value[0], 0));
    EXPECT(aj_array_numel(all[0]) == 6 && aj_array_numel(all[1]) == 6);   /* d/dx, d/dw */
    EXPECT(memcmp(aj_array_data(all[0]), aj_array_data(wx[1]), 6 * sizeof(double)) == 0);
    EXPECT(memcmp(aj_array_data(all[1]), aj_array_data(wx[0]), 6 * sizeof(double)) == 0);
    EXPECT(memcmp(aj_array_data(all[1]), aj_array_data(vg[1]), 6 * sizeof(double)) == 0);
    EXPECT(memcmp(aj_array_data(all[0]), aj_array_data(vjp[1]), 6 * sizeof(double)) == 0);
    EXPECT(memcmp(aj_array_data(all[1]), aj_array_data(vjp[2]), 6 * sizeof(double)) == 0);
    destroy_arrays(in, 4);
    destroy_arrays(all, 2);
    destroy_arrays(wx, 2);
    destroy_arrays(vg, 2);
    destroy_arrays(vjp, 3);
    destroy_arrays(value, 1);
    aj_module_destroy(m);
}

/* A parameter no result depends on gets zeros. */
TEST(unreached_parameter_gets_zeros) {
    static const char text[] =
        "func.func @main(%x: tensor<3xf64>, %y: tensor<2xf64>) -> tensor<f64> {\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
        "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>\n"
        "  return %s : tensor<f64>\n}\n";
    aj_module *m = NULL;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_OK);
    EXPECT_EQ_INT(aj_grad(m, "main", 0, NULL, "g"), AJ_OK);
    uint64_t state = 3;
    aj_array *in[2] = {random_array(m, "main", 0, 0, -1, 1, &state), random_array(m, "main", 0, 1, -1, 1, &state)};
    aj_array *out[2] = {0};
    EXPECT_EQ_INT(aj_module_eval(m, "g", 2, in, 2, out, NULL), AJ_OK);
    for (int k = 0; out[0] && k < 3; k++) EXPECT(element(out[0], k) == 1.0);
    for (int k = 0; out[1] && k < 2; k++) EXPECT(element(out[1], k) == 0.0);
    destroy_arrays(in, 2);
    destroy_arrays(out, 2);
    aj_module_destroy(m);
}

/* Ties: maximum(x, x) = x and a max reduce over equal elements split the
 * cotangent evenly, so the total is exact. */
TEST(ties_split_evenly) {
    static const char text[] =
        "func.func @main(%x: tensor<4xf64>) -> tensor<f64> {\n"
        "  %m = stablehlo.maximum %x, %x : tensor<4xf64>\n"
        "  %b = stablehlo.constant dense<1.0> : tensor<4xf64>\n"
        "  %c = stablehlo.minimum %b, %m : tensor<4xf64>\n"
        "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
        "  %r = stablehlo.reduce(%c init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf64>, tensor<f64>) -> tensor<f64>\n"
        "  return %r : tensor<f64>\n}\n";
    aj_module *m = NULL;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_OK);
    EXPECT_EQ_INT(aj_grad(m, "main", 0, NULL, "g"), AJ_OK);
    /* min(1, x) = (1, 1, 0.5, 1): the reduce ties three ways (1/3 each); at
     * x = 1 min ties too and x gets half of that; x = 3 loses to the 1. */
    double xs[4] = {1.0, 3.0, 0.5, 1.0}, want[4] = {1.0 / 6, 0, 0, 1.0 / 6};
    const int64_t dims[1] = {4};
    aj_array *in, *out = NULL;
    aj_array_wrap(AJ_F64, 1, dims, xs, &in);
    EXPECT_EQ_INT(aj_module_eval(m, "g", 1, &in, 1, &out, NULL), AJ_OK);
    for (int k = 0; out && k < 4; k++)
        if (fabs(element(out, k) - want[k]) > 1e-15) {
            fprintf(stderr, "tie gradient [%d] = %.17g, expected %.17g\n", k, element(out, k), want[k]);
            testing_failed_checks++;
        }
    aj_array_destroy(in);
    aj_array_destroy(out);
    aj_module_destroy(m);
}

/* ---- second order: Hessian-vector products ---- */

/* hv(x, n, w, vx, vw) = sum(dloss/dx * vx) + sum(dloss/dw * vw), built with
 * the C API around a call of the gradient; its gradient is H v. */
static aj_status build_hv(aj_module *m) {
    aj_builder *b;
    aj_value p[5], g[2], prod[2], sum[2], zero, total;
    const int64_t d23[2] = {2, 3}, d32[2] = {3, 2}, all[2] = {0, 1};
    const double zero_d = 0.0;
    const int wrt[2] = {0, 2};
    aj_status st = aj_grad(m, "loss", 2, wrt, "loss_grad");
    if (st || (st = aj_builder_begin(m, "hv", &b))) return st;
    aj_param(b, AJ_F64, 2, d23, &p[0]);
    aj_param(b, AJ_I64, 0, NULL, &p[1]);
    aj_param(b, AJ_F64, 2, d32, &p[2]);
    aj_param(b, AJ_F64, 2, d23, &p[3]);
    aj_param(b, AJ_F64, 2, d32, &p[4]);
    aj_call(b, "loss_grad", 3, p, 2, g);
    aj_constant(b, AJ_F64, 0, NULL, &zero_d, &zero);
    for (int i = 0; i < 2; i++) {
        aj_binary(b, AJ_MULTIPLY, g[i], p[3 + i], &prod[i]);
        aj_reduce(b, prod[i], zero, AJ_ADD, 2, all, &sum[i]);
    }
    aj_binary(b, AJ_ADD, sum[0], sum[1], &total);
    return aj_builder_finish(b, 1, &total);
}

TEST(hessian_vector_product) {
    aj_module *m = load_loss();
    if (!m) return;
    const int wrt[2] = {0, 2};
    EXPECT_EQ_INT(build_hv(m), AJ_OK);
    EXPECT_EQ_INT(aj_grad(m, "hv", 2, wrt, "hvp"), AJ_OK);
    aj_array *in[5], *hv[2] = {0}, *up[2] = {0}, *down[2] = {0};
    loss_inputs(m, in);
    uint64_t state = 11;
    in[3] = random_array(m, "hv", 0, 3, -1, 1, &state);
    in[4] = random_array(m, "hv", 0, 4, -1, 1, &state);
    EXPECT_EQ_INT(aj_module_eval(m, "hvp", 5, in, 2, hv, NULL), AJ_OK);
    /* (grad(x + h v) - grad(x - h v)) / 2h */
    const double h = 1e-5;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < 2; i++)
            for (int64_t k = 0; k < 6; k++)
                set_element(in[2 * i], k, element(in[2 * i], k) + (side ? -2 : 1) * h * element(in[3 + i], k));
        EXPECT_EQ_INT(aj_module_eval(m, "loss_grad", 3, in, 2, side ? down : up, NULL), AJ_OK);
    }
    for (int i = 0; i < 2 && hv[0] && up[0] && down[0]; i++)
        for (int64_t k = 0; k < 6; k++) {
            double fd = (element(up[i], k) - element(down[i], k)) / (2 * h);
            if (!(fabs(element(hv[i], k) - fd) <= 1e-6 * (1 + fabs(fd)))) {
                fprintf(stderr, "Hv[%d][%lld] = %.12g, finite differences %.12g\n", i, (long long)k,
                        element(hv[i], k), fd);
                testing_failed_checks++;
            }
        }
    uint64_t compile_state = 5;
    EXPECT(compiled_equals_evaluated(m, "hvp", &compile_state));
    destroy_arrays(in, 5);
    destroy_arrays(hv, 2);
    destroy_arrays(up, 2);
    destroy_arrays(down, 2);
    aj_module_destroy(m);
}

/* ---- marks for remat: forward ops keep checkpoint, backward ops say so ---- */

static void expect_backward_block(const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        EXPECT(b->ops[i]->backward);
        EXPECT_EQ_INT(b->ops[i]->checkpoint, 0);
        for (int r = 0; r < b->ops[i]->nregions; r++) expect_backward_block(b->ops[i]->regions[r]);
    }
}

TEST(backward_and_checkpoint_marks) {
    aj_module *m = load_loss();
    if (!m) return;
    ir_func *f = ir_module_find(m->ir, "loss");
    for (int i = 0; i < f->body->nops; i++) f->body->ops[i]->checkpoint = 1 + i % 2;
    EXPECT_EQ_INT(aj_grad(m, "loss", 0, NULL, "g"), AJ_OK);
    ir_func *g = ir_module_find(m->ir, "g");
    int nforward = 0, nbackward = 0;
    for (int i = 0; g && i < g->body->nops - 1; i++) {
        const ir_op *op = g->body->ops[i];
        if (!op->backward) {
            EXPECT_EQ_INT(nbackward, 0);   /* the forward ops come first */
            nforward++;
            EXPECT(op->checkpoint == 1 || op->checkpoint == 2);
        } else {
            nbackward++;
            for (int r = 0; r < op->nregions; r++) expect_backward_block(op->regions[r]);
            EXPECT_EQ_INT(op->checkpoint, 0);
        }
    }
    /* The gradient needs tanh(x . w) and n from the forward pass; DCE took
     * the square, the sum and the product. */
    EXPECT_EQ_INT(nforward, 3);
    EXPECT(nbackward >= 8);
    for (int i = 0; i < f->body->nops; i++) EXPECT(!f->body->ops[i]->backward);   /* the primal is untouched */
    aj_module_destroy(m);
}

/* Inlined callees keep their marks too. */
TEST(inlined_ops_keep_checkpoint_marks) {
    static const char text[] =
        "func.func @main(%x: tensor<3xf64>) -> tensor<f64> {\n"
        "  %t = call @f(%x) : (tensor<3xf64>) -> tensor<3xf64>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
        "  %s = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>\n"
        "  return %s : tensor<f64>\n}\n"
        "func.func private @f(%p: tensor<3xf64>) -> tensor<3xf64> {\n"
        "  %r = stablehlo.tanh %p : tensor<3xf64>\n"
        "  return %r : tensor<3xf64>\n}\n";
    aj_module *m = NULL;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_OK);
    if (!m) return;
    ir_module_find(m->ir, "f")->body->ops[0]->checkpoint = 2;
    EXPECT_EQ_INT(aj_grad(m, "main", 0, NULL, "g"), AJ_OK);
    ir_func *g = ir_module_find(m->ir, "g");
    int marked = 0;
    for (int i = 0; g && i < g->body->nops; i++)
        marked += g->body->ops[i]->code == IR_TANH && g->body->ops[i]->checkpoint == 2 && !g->body->ops[i]->backward;
    EXPECT_EQ_INT(marked, 1);
    aj_module_destroy(m);
}

/* ---- errors ---- */

static void expect_error(aj_status got, aj_status want, const char *needle) {
    EXPECT_EQ_INT(got, want);
    EXPECT_CONTAINS(aj_last_error(), needle);
}

TEST(request_errors) {
    aj_module *m = load_loss();
    if (!m) return;
    static const char two_results[] =
        "func.func @pair(%x: tensor<f64>) -> (tensor<f64>, tensor<f64>) {\n  return %x, %x : tensor<f64>, tensor<f64>\n}\n";
    const int bad_index[1] = {3}, twice[2] = {0, 0}, integer[1] = {1};
    expect_error(aj_grad(m, "nope", 0, NULL, "g"), AJ_ERR_INVALID, "no function 'nope'");
    expect_error(aj_grad(m, "loss", 0, NULL, "loss"), AJ_ERR_INVALID, "'loss' is taken");
    expect_error(aj_grad(m, "loss", 1, bad_index, "g"), AJ_ERR_INVALID, "wrt parameter 3 does not exist");
    expect_error(aj_grad(m, "loss", 2, twice, "g"), AJ_ERR_INVALID, "listed twice");
    expect_error(aj_grad(m, "loss", 1, integer, "g"), AJ_ERR_INVALID, "wrt parameter 1 is tensor<i64>, not floating-point");
    int nin, nout;
    EXPECT(aj_module_signature(m, "g", &nin, &nout) != AJ_OK);   /* nothing was added */
    aj_module *pair = NULL;
    EXPECT_EQ_INT(aj_module_parse(two_results, strlen(two_results), "pair.mlir", &pair), AJ_OK);
    expect_error(aj_grad(pair, "pair", 0, NULL, "g"), AJ_ERR_INVALID, "must return one float scalar, it returns 2 values");
    EXPECT_EQ_INT(aj_vjp(pair, "pair", 0, NULL, "v"), AJ_OK);
    expect_error(aj_value_and_grad(m, "vjp_of_nothing", 0, NULL, "g"), AJ_ERR_INVALID, "no function");
    static const char integers[] =
        "func.func @count(%n: tensor<3xi32>) -> tensor<f32> {\n"
        "  %f = stablehlo.convert %n : (tensor<3xi32>) -> tensor<3xf32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%f init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n"
        "  return %s : tensor<f32>\n}\n";
    aj_module *count = NULL;
    EXPECT_EQ_INT(aj_module_parse(integers, strlen(integers), "count.mlir", &count), AJ_OK);
    expect_error(aj_grad(count, "count", 0, NULL, "g"), AJ_ERR_INVALID, "no float parameter to differentiate");
    aj_module_destroy(count);
    aj_module_destroy(pair);
    aj_module_destroy(m);
}

/* An op without a rule on a differentiated path is an error naming it and
 * its location; off the path it is fine. */
TEST(unsupported_ops) {
    static const char text[] =
        "func.func @main(%x: tensor<3xf64>, %y: tensor<3xf64>) -> tensor<f64> {\n"
        "  %one = stablehlo.constant dense<1.0> : tensor<f64>\n"
        "  %p = stablehlo.reduce(%x init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>\n"
        "  %q = stablehlo.reduce(%y init: %one) applies stablehlo.add across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>\n"
        "  %r = stablehlo.add %p, %q : tensor<f64>\n"
        "  return %r : tensor<f64>\n}\n";
    static const char argmax[] =
        "func.func @main(%x: tensor<4xf64>) -> tensor<f64> {\n"
        "  %i = stablehlo.iota dim = 0 : tensor<4xi64>\n"
        "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
        "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
        "  %v, %k = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [0] : (tensor<4xf64>, tensor<4xi64>, tensor<f64>, tensor<i64>) -> (tensor<f64>, tensor<i64>)\n"
        "   reducer(%a: tensor<f64>, %b: tensor<f64>) (%c: tensor<i64>, %d: tensor<i64>)  {\n"
        "    %m = stablehlo.maximum %a, %b : tensor<f64>\n"
        "    %n = stablehlo.maximum %c, %d : tensor<i64>\n"
        "    stablehlo.return %m, %n : tensor<f64>, tensor<i64>\n"
        "  }\n"
        "  return %v : tensor<f64>\n}\n";
    aj_module *m = NULL;
    const int only_y[1] = {1};
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "prod.mlir", &m), AJ_OK);
    expect_error(aj_grad(m, "main", 0, NULL, "g"), AJ_ERR_UNSUPPORTED,
                 "prod.mlir:3:3: in @main: cannot differentiate 'stablehlo.reduce': its body is not a single add, maximum or minimum");
    int nin, nout;
    EXPECT(aj_module_signature(m, "g", &nin, &nout) != AJ_OK);
    EXPECT_EQ_INT(aj_grad(m, "main", 1, only_y, "g"), AJ_OK);
    aj_module_destroy(m);
    m = NULL;
    EXPECT_EQ_INT(aj_module_parse(argmax, strlen(argmax), "argmax.mlir", &m), AJ_OK);
    expect_error(aj_grad(m, "main", 0, NULL, "g"), AJ_ERR_UNSUPPORTED, "a reduction of 2 inputs at once");
    aj_module_destroy(m);
}

/* Tier-2 ops and forms without a rule: each a clear error naming the op. */
TEST(unsupported_tier2) {
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"func.func @main(%t: tensor<4x2xf64>, %u: tensor<2x2xf64>) -> tensor<4x2xf64> {\n"
         "  %ix = stablehlo.constant dense<[[3], [0]]> : tensor<2x1xi64>\n"
         "  %s = \"stablehlo.scatter\"(%t, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> " SECOND_BODY " : (tensor<4x2xf64>, tensor<2x1xi64>, tensor<2x2xf64>) -> tensor<4x2xf64>\n"
         "  return %s : tensor<4x2xf64>\n}\n",
         "cannot differentiate 'stablehlo.scatter': the updates of an overwriting scatter without unique_indices"},
        {"func.func @main(%x: tensor<5x6xf64>) -> tensor<4x4xf64> {\n"
         "  %i = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
         "  %r = \"stablehlo.reduce_window\"(%x, %i) <{window_dimensions = array<i64: 1, 2>, window_dilations = array<i64: 1, 2>}> " MAX_BODY " : (tensor<5x6xf64>, tensor<f64>) -> tensor<5x4xf64>\n"
         "  %s = stablehlo.slice %r [0:4, 0:4] : (tensor<5x4xf64>) -> tensor<4x4xf64>\n"
         "  return %s : tensor<4x4xf64>\n}\n",
         "cannot differentiate 'stablehlo.reduce_window': a max or min reduce_window with window dilations"},
        {"func.func @main(%x: tensor<5x6xf64>) -> tensor<4x5xf64> {\n"
         "  %i = stablehlo.constant dense<0.0> : tensor<f64>\n"
         "  %r = \"stablehlo.reduce_window\"(%x, %i) <{window_dimensions = array<i64: 2, 2>}> " MAX_BODY " : (tensor<5x6xf64>, tensor<f64>) -> tensor<4x5xf64>\n"
         "  return %r : tensor<4x5xf64>\n}\n",
         "cannot differentiate 'stablehlo.reduce_window': a max reduce_window whose init value is not the constant -inf"},
        {"func.func @main(%x: tensor<3xf64>, %n: tensor<i64>) -> tensor<3xf64> {\n"
         "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
         "  %k, %r = stablehlo.while(%i = %zero, %v = %x) : tensor<i64>, tensor<3xf64>\n"
         "  cond {\n"
         "    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
         "    stablehlo.return %c : tensor<i1>\n"
         "  } do {\n"
         "    %one = stablehlo.constant dense<1> : tensor<i64>\n"
         "    %next = stablehlo.add %i, %one : tensor<i64>\n"
         "    %s = stablehlo.sine %v : tensor<3xf64>\n"
         "    stablehlo.return %next, %s : tensor<i64>, tensor<3xf64>\n"
         "  }\n"
         "  return %r : tensor<3xf64>\n}\n",
         "t.mlir:3:3: in @main: cannot differentiate 'stablehlo.while': a while loop is differentiated only when its "
         "trip count is known statically"},
        {"func.func @main(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {\n"
         "  %m = \"stablehlo.map\"(%x, %y) ({\n"
         "  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n"
         "    %c = stablehlo.multiply %a, %b : tensor<f64>\n"
         "    stablehlo.return %c : tensor<f64>\n"
         "  }) {dimensions = array<i64: 0>} : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>\n"
         "  return %m : tensor<4xf64>\n}\n",
         "cannot differentiate 'stablehlo.map': no rule for map"},
        {"func.func @main(%x: tensor<3x3xf64>) -> tensor<3xf64> {\n"
         "  %v, %w, %info = \"arrayjit.syevd\"(%x) <{mode = \"N\", lower = true}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)\n"
         "  return %w : tensor<3xf64>\n}\n",
         "t.mlir:2:3: in @main: cannot differentiate 'arrayjit.syevd': mode N computes no eigenvectors, which its "
         "gradient needs"},
        {"func.func @main(%x: tensor<3x3xf64>) -> tensor<3x3xf64> {\n"
         "  %lu, %piv, %info = \"arrayjit.getrf\"(%x) : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)\n"
         "  return %lu : tensor<3x3xf64>\n}\n",
         "cannot differentiate 'arrayjit.getrf': no rule for this op"},
    };
    for (int i = 0; i < NCASES(cases); i++) {
        aj_module *m = NULL;
        EXPECT_EQ_INT(aj_module_parse(cases[i].text, strlen(cases[i].text), "t.mlir", &m), AJ_OK);
        expect_error(aj_vjp(m, "main", 0, NULL, "v"), AJ_ERR_UNSUPPORTED, cases[i].message);
        int nin, nout;
        EXPECT(aj_module_signature(m, "v", &nin, &nout) != AJ_OK);
        aj_module_destroy(m);
    }
}

/* ---- allocation failures ---- */

/* Fails the n-th allocation of a transform for every n until it succeeds:
 * each failure is DIAG_NOMEM, leaves the module as it was and leaks nothing
 * (the harness checks the bytes after the test). */
static void sweep_failures(const char *text, int (*transform)(ir_module *, const char *, int, const int *,
                                                              const char *, diag *)) {
    aj_module *m = NULL;
    if (aj_module_parse(text, strlen(text), "sweep.mlir", &m)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
        return;
    }
    const char *entry = ir_module_entry(m->ir) ? ir_module_entry(m->ir)->name : m->ir->funcs[0]->name;
    int nfuncs = m->ir->nfuncs, rc = DIAG_NOMEM;
    long n;
    for (n = 1; rc == DIAG_NOMEM && n < 100000; n++) {
        diag d = {0};
        mem_fail_after(n);
        rc = transform(m->ir, entry, 0, NULL, "derived", &d);
        mem_fail_after(0);
        if (rc == DIAG_NOMEM) EXPECT_EQ_INT(m->ir->nfuncs, nfuncs);
        else EXPECT_EQ_INT(rc, DIAG_OK);
    }
    EXPECT(n > 20);
    EXPECT(ir_module_find(m->ir, "derived") != NULL);
    aj_module_destroy(m);
}

TEST(allocation_failures) {
    sweep_failures(loss_text, ad_grad);
    static const char many_rules[] =
        "func.func @main(%x: tensor<2x5xf64>, %w: tensor<5x3xf64>) -> (tensor<2x5xf64>, tensor<3xf64>) {\n"
        "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
        "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5xf64>, tensor<f64>) -> tensor<2xf64>\n"
        "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf64>) -> tensor<2x5xf64>\n"
        "  %d = stablehlo.subtract %x, %mb : tensor<2x5xf64>\n"
        "  %s = stablehlo.slice %d [0:2, 1:5:2] : (tensor<2x5xf64>) -> tensor<2x2xf64>\n"
        "  %ws = stablehlo.slice %w [0:2, 0:3] : (tensor<5x3xf64>) -> tensor<2x3xf64>\n"
        "  %p = stablehlo.dot_general %s, %ws, contracting_dims = [0] x [0] : (tensor<2x2xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>\n"
        "  %lo = stablehlo.constant dense<-1.0> : tensor<f64>\n"
        "  %hi = stablehlo.constant dense<1.0> : tensor<f64>\n"
        "  %c = stablehlo.clamp %lo, %p, %hi : (tensor<f64>, tensor<2x3xf64>, tensor<f64>) -> tensor<2x3xf64>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
        "  %r = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf64>, tensor<f64>) -> tensor<3xf64>\n"
        "  %e = stablehlo.exponential %d : tensor<2x5xf64>\n"
        "  return %e, %r : tensor<2x5xf64>, tensor<3xf64>\n}\n";
    sweep_failures(many_rules, ad_vjp);
    static const char tier2_rules[] =
        "func.func @main(%x: tensor<1x1x4x4xf64>, %k: tensor<2x1x2x2xf64>, %p: tensor<i1>, %u: tensor<2x3xf64>) -> tensor<3x3xf64> {\n"
        "  %c = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4x4xf64>, tensor<2x1x2x2xf64>) -> tensor<1x2x3x3xf64>\n"
        "  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
        "  %m = \"stablehlo.reduce_window\"(%c, %ninf) <{window_dimensions = array<i64: 1, 1, 2, 2>}> " MAX_BODY " : (tensor<1x2x3x3xf64>, tensor<f64>) -> tensor<1x2x2x2xf64>\n"
        "  %rs = stablehlo.reshape %m : (tensor<1x2x2x2xf64>) -> tensor<4x2xf64>\n"
        "  %ix = stablehlo.constant dense<[[3], [0]]> : tensor<2x1xi32>\n"
        "  %g = \"stablehlo.gather\"(%rs, %ix) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<4x2xf64>, tensor<2x1xi32>) -> tensor<2x2xf64>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f64>\n"
        "  %z = stablehlo.pad %g, %zero, low = [1, 0], high = [0, 1], interior = [0, 0] : (tensor<2x2xf64>, tensor<f64>) -> tensor<3x3xf64>\n"
        "  %s = \"stablehlo.scatter\"(%z, %ix, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> " ADD_BODY " : (tensor<3x3xf64>, tensor<2x1xi32>, tensor<2x3xf64>) -> tensor<3x3xf64>\n"
        "  %i = \"stablehlo.if\"(%p) ({\n"
        "    %t = stablehlo.sine %s : tensor<3x3xf64>\n"
        "    stablehlo.return %t : tensor<3x3xf64>\n"
        "  }, {\n"
        "    stablehlo.return %s : tensor<3x3xf64>\n"
        "  }) : (tensor<i1>) -> tensor<3x3xf64>\n"
        "  return %i : tensor<3x3xf64>\n}\n";
    sweep_failures(tier2_rules, ad_vjp);
    static const char linalg_rules[] =
        "func.func @main(%x: tensor<3x3xf64>, %b: tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<3xf64>, tensor<3x3xf64>) {\n"
        "  %l = stablehlo.cholesky %x, lower = true : tensor<3x3xf64>\n"
        "  %y = \"stablehlo.triangular_solve\"(%l, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>\n"
        "  %v, %w, %info = \"arrayjit.syevd\"(%x) <{mode = \"V\", lower = false}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<i32>)\n"
        "  return %y, %w, %v : tensor<3x2xf64>, tensor<3xf64>, tensor<3x3xf64>\n}\n";
    sweep_failures(linalg_rules, ad_vjp);
}

/* ---- JAX cross-check ---- */

/* tests/autodiff/NAME.*, written by bench/jax/export_grad.py. */
static aj_array *load_npy(const char *name, const char *what) {
    char path[1024];
    const char *data = getenv("AJ_TEST_DATA");
    snprintf(path, sizeof path, "%s/autodiff/%s.%s.npy", data ? data : "tests", name, what);
    aj_array *a = NULL;
    if (aj_array_load_npy(path, &a)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
    }
    return a;
}

/* The largest |got - want| over the tensor's largest |want|: elementwise
 * ratios would measure float32 cancellation (a gradient element that sums
 * to nearly zero keeps the rounding of its terms), not the transform. */
static double relative_error(const aj_array *got, const aj_array *want) {
    double err = 0, scale = 0;
    if (!got || !want || aj_array_numel(got) != aj_array_numel(want)) return INFINITY;
    for (int64_t k = 0; k < aj_array_numel(want); k++) {
        err = fmax(err, fabs(element(got, k) - element(want, k)));
        scale = fmax(scale, fabs(element(want, k)));
    }
    return err / (scale > 0 ? scale : 1);
}

/* value_and_grad of a program exported from JAX, evaluated, compiled and
 * compiled in strict order, against jax.value_and_grad's outputs, to 1e-5
 * relative (f32; 1e-12 for f64 programs). */
static void cross_check(const char *name) {
    char path[1024];
    const char *data = getenv("AJ_TEST_DATA");
    snprintf(path, sizeof path, "%s/autodiff/%s.mlir", data ? data : "tests", name);
    aj_module *m = NULL;
    int nin = 0, nout = 0;
    if (aj_module_load(path, &m) || aj_value_and_grad(m, "main", 0, NULL, "vg") || signature(m, "vg", &nin, &nout)) {
        fprintf(stderr, "%s: %s\n", name, aj_last_error());
        testing_failed_checks++;
        aj_module_destroy(m);
        return;
    }
    aj_array *in[MAXN] = {0}, *want[MAXN] = {0}, *got[3][MAXN] = {{0}};
    char what[32];
    for (int i = 0; i < nin; i++) {
        snprintf(what, sizeof what, "arg%d", i);
        in[i] = load_npy(name, what);
        snprintf(what, sizeof what, "grad%d", i);
        want[1 + i] = load_npy(name, what);
    }
    want[0] = load_npy(name, "value");
    EXPECT_EQ_INT(aj_module_eval(m, "vg", nin, in, nout, got[0], NULL), AJ_OK);
    for (int strict = 0; strict < 2; strict++) {
        aj_executable *e = NULL;
        aj_compile_options o = {.no_memory_cache = 1, .strict_order = strict};
        EXPECT(aj_compile(m, "vg", &o, &e) == AJ_OK && aj_executable_run(e, nin, in, nout, got[1 + strict]) == AJ_OK);
        aj_executable_destroy(e);
    }
    static const char *const runs[] = {"evaluated", "compiled", "compiled (strict)"};
    double worst = 0;
    for (int run = 0; run < 3; run++)
        for (int r = 0; r < nout; r++) {
            double err = relative_error(got[run][r], want[r]);
            double bound = want[r] && aj_array_dtype(want[r]) == AJ_F64 ? 1e-12 : 1e-5;
            worst = fmax(worst, err);
            if (!(err <= bound)) {
                fprintf(stderr, "%s: %s result %d differs from JAX's by %.3g (relative)\n", name,
                        runs[run], r, err);
                testing_failed_checks++;
            }
        }
    printf("%s: value and gradients within %.2g of JAX's (relative)\n", name, worst);
    destroy_arrays(in, nin);
    destroy_arrays(want, nout);
    destroy_arrays(got[0], nout);
    destroy_arrays(got[1], nout);
    destroy_arrays(got[2], nout);
    aj_module_destroy(m);
}

TEST(jax_cross_check) {
    static const char *const names[] = {"mlp_mse",      "softmax_xent", "layernorm", "attention_max",
                                        "shapes_mix",   "cholesky_f32", "cholesky_f64", "trsm_f32",
                                        "trsm_f64",     "eigh_f32",     "eigh_f64"};
    for (int i = 0; i < NCASES(names); i++) cross_check(names[i]);
}

int main(void) {
    RUN(unary_rules);
    RUN(chlo_rules);
    RUN(chlo_lgamma_rule);
    RUN(binary_rules);
    RUN(selection_rules);
    RUN(convert_and_stop_rules);
    RUN(shape_rules);
    RUN(dot_general_rules);
    RUN(reduce_rules);
    RUN(index_op_rules);
    RUN(window_rules);
    RUN(convolution_rules);
    RUN(branch_rules);
    RUN(sort_rules);
    RUN(triangular_solve_rules);
    RUN(cholesky_rules);
    RUN(syevd_rules);
    RUN(while_rules);
    RUN(grad_and_value_and_grad);
    RUN(unreached_parameter_gets_zeros);
    RUN(ties_split_evenly);
    RUN(hessian_vector_product);
    RUN(backward_and_checkpoint_marks);
    RUN(inlined_ops_keep_checkpoint_marks);
    RUN(request_errors);
    RUN(unsupported_ops);
    RUN(unsupported_tier2);
    RUN(allocation_failures);
    RUN(jax_cross_check);
    return TESTS_DONE();
}
