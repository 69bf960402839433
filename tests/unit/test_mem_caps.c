/* The workloads under byte caps (testing_cap_sweep, mem_fail_above): parsing,
 * verifying and printing every program test, evaluating them (their checks
 * run), differentiating, compiling and running. At every cap a workload
 * either succeeds with correct results or fails with a clear out-of-memory
 * error, and frees everything it allocated. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/mem.h"

/* sum(tanh(x * w)), whose gradient in w is x * (1 - tanh(x * w)^2). */
static const char loss_text[] =
    "func.func @loss(%x: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<f32> {\n"
    "  %p = stablehlo.multiply %x, %w : tensor<4xf32>\n"
    "  %t = stablehlo.tanh %p : tensor<4xf32>\n"
    "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %s = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [0]"
    " : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
    "  func.return %s : tensor<f32>\n"
    "}\n";
static const float loss_x[4] = {0.5f, -1.0f, 2.0f, 0.25f}, loss_w[4] = {1.0f, 0.5f, -0.75f, 3.0f};

/* ---- parsing, verifying, printing ---------------------------------------- */

typedef struct {
    const char *path;
    char *text;
    size_t len;
    FILE *sink;
} program;

static int parse_verify_print(void *ctx) {
    const program *p = ctx;
    aj_module *m;
    aj_status st = aj_module_parse(p->text, p->len, p->path, &m);
    if (st) return testing_api_nomem(st, p->path);
    if (!(st = aj_module_verify(m))) st = aj_module_print(m, p->sink);
    aj_module_destroy(m);
    return st ? testing_api_nomem(st, p->path) : TESTING_DONE;
}

/* ---- evaluating: the file's checks pass ---------------------------------- */

static int check_file(const char *path, const aj_check_options *opts) {
    aj_check_result r;
    aj_status st = aj_check_file(path, opts, &r);
    if (st) return testing_api_nomem(st, path);
    if (r.outcome == AJ_CHECK_PASS) return TESTING_DONE;
    fprintf(stderr, "%s: outcome %d: %s\n", path, r.outcome, r.reason);
    return -1;
}

static int check_evaluated(void *ctx) {
    const aj_check_options opts = {.use_eval = 1};
    return check_file(((const program *)ctx)->path, &opts);
}

/* Compiled in strict order, always built (no cache: a hit would skip the
 * allocations of building). */
static int check_compiled(void *ctx) {
    const aj_compile_options co = {.strict_order = 1, .no_folding = 1, .no_disk_cache = 1, .no_memory_cache = 1};
    const aj_check_options opts = {.compile = &co};
    return check_file(((const program *)ctx)->path, &opts);
}

/* Runs `work` on each program test (parsed, evaluated or compiled), each
 * file a sweep of its own; fine as testing_cap_sweep takes it. */
static void sweep_programs(int (*work)(void *), int fine, const char *only) {
    const char *data = getenv("AJ_TEST_DATA");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/programs", data ? data : "tests");
    DIR *dp = opendir(dir);
    EXPECT(dp != NULL);
    if (!dp) return;
    FILE *sink = fopen("/dev/null", "w");
    int files = 0;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".mlir") != 0 || (only && strcmp(e->d_name, only) != 0)) continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        program p = {path, testing_read_file(path, &n), n, sink};
        EXPECT(p.text != NULL);
        if (p.text) EXPECT(testing_cap_sweep(e->d_name, work, &p, fine) > 0);
        free(p.text);
        files++;
    }
    closedir(dp);
    if (sink) fclose(sink);
    EXPECT(files > 0);
}

TEST(parsing_verifying_and_printing_under_every_cap) { sweep_programs(parse_verify_print, 0, NULL); }
TEST(evaluating_the_program_tests_under_every_cap) { sweep_programs(check_evaluated, 0, NULL); }
/* gcc runs in a child process; caps double (about 20 runs, a few reach gcc). */
TEST(compiling_and_running_a_program_test_under_caps) { sweep_programs(check_compiled, 1, "reduce_dot.mlir"); }

/* ---- differentiating, evaluated and compiled ------------------------------ */

typedef struct {
    aj_array *in[2];
    int compile;   /* 0: evaluate the gradient; 1: compile it and run */
} grad_work;

/* The gradient in w, from the evaluator or compiled code, equals the
 * formula's (to rounding: tanh is computed in float). */
static int gradient_is_right(const aj_array *g) {
    const float *v = aj_array_data(g);
    for (int i = 0; i < 4; i++) {
        float t = tanhf(loss_x[i] * loss_w[i]), want = loss_x[i] * (1 - t * t);
        if (fabsf(v[i] - want) > 1e-5f) {
            fprintf(stderr, "gradient %d: %g, expected %g\n", i, v[i], want);
            return 0;
        }
    }
    return 1;
}

static aj_status gradient(const grad_work *w, aj_module *m, aj_array **g) {
    if (!w->compile) return aj_module_eval(m, "dloss", 2, w->in, 1, g, NULL);
    const aj_compile_options co = {.strict_order = 1, .no_disk_cache = 1, .no_memory_cache = 1};
    aj_executable *e;
    aj_status st = aj_compile(m, "dloss", &co, &e);
    if (st) return st;
    st = aj_executable_run(e, 2, w->in, 1, g);
    aj_executable_destroy(e);
    return st;
}

static int differentiate(void *ctx) {
    const grad_work *w = ctx;
    aj_module *m;
    aj_array *g = NULL;
    const int wrt[1] = {1};
    aj_status st = aj_module_parse(loss_text, sizeof loss_text - 1, "loss.mlir", &m);
    if (st) return testing_api_nomem(st, "parse");
    if (!(st = aj_grad(m, "loss", 1, wrt, "dloss"))) st = gradient(w, m, &g);
    aj_module_destroy(m);
    if (st) return testing_api_nomem(st, w->compile ? "compiled gradient" : "evaluated gradient");
    int right = gradient_is_right(g);
    aj_array_destroy(g);
    return right ? TESTING_DONE : -1;
}

static void sweep_gradient(int compile, int fine) {
    const int64_t dims[1] = {4};
    grad_work w = {.compile = compile};
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 1, dims, (void *)loss_x, &w.in[0]), AJ_OK);
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 1, dims, (void *)loss_w, &w.in[1]), AJ_OK);
    EXPECT(testing_cap_sweep(compile ? "compiled gradient" : "evaluated gradient", differentiate, &w, fine) > 0);
    aj_array_destroy(w.in[0]);
    aj_array_destroy(w.in[1]);
}

TEST(differentiating_and_evaluating_under_every_cap) { sweep_gradient(0, 0); }
TEST(differentiating_compiling_and_running_under_caps) { sweep_gradient(1, 1); }

/* ---- the cap itself -------------------------------------------------------- */

/* Allocations past the cap fail, later ones that fit succeed, and the first
 * refusal is where it would have reached; 0 disarms. */
TEST(a_cap_refuses_what_would_pass_it_and_nothing_else) {
    size_t start = mem_live_bytes();
    mem_fail_above(start + 100);
    void *a = mem_alloc(60);
    void *b = mem_alloc(50);   /* 110 > 100: refused */
    void *c = mem_alloc(40);   /* 100: fits */
    size_t refused = mem_first_refused();
    void *d = mem_alloc(1);    /* 101: refused, not the first */
    EXPECT(a != NULL && b == NULL && c != NULL && d == NULL);
    EXPECT_EQ_INT(refused, start + 110);
    EXPECT_EQ_INT(mem_first_refused(), start + 110);
    mem_fail_above(0);
    EXPECT_EQ_INT(mem_first_refused(), 0);
    void *e = mem_alloc(1 << 20);
    EXPECT(e != NULL);
    mem_free(a);
    mem_free(c);
    mem_free(e);
}

int main(void) {
    RUN(a_cap_refuses_what_would_pass_it_and_nothing_else);
    RUN(parsing_verifying_and_printing_under_every_cap);
    RUN(evaluating_the_program_tests_under_every_cap);
    RUN(differentiating_and_evaluating_under_every_cap);
    RUN(compiling_and_running_a_program_test_under_caps);
    RUN(differentiating_compiling_and_running_under_caps);
    return TESTS_DONE();
}
