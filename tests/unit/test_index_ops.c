/* Tests of the indexed data movement ops (pad, dynamic_slice,
 * dynamic_update_slice, gather, scatter) through the public API: random
 * shapes and dimension numbers (fixed seeds), over element types whose
 * stored form is not their value (bf16's bits, f16) and narrow integers
 * beside f32 and f64, compiled in strict order must match the evaluator
 * bit for bit; updates must run in place; malformed
 * dimension numbers must be reported. The evaluator's own semantics are
 * checked against hand-computed values in tests/programs/index_ops.mlir and
 * against the conformance suite. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/float16.h"
#include "util/mem.h"

static char cache_dir[] = "/tmp/aj_test_index_XXXXXX";

/* ---- text ---------------------------------------------------------------------- */

typedef struct text {
    char s[8192];
    size_t n;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
    va_end(ap);
    if (k > 0) t->n += (size_t)k < sizeof t->s - t->n ? (size_t)k : sizeof t->s - t->n - 1;
}

static void put_type(text *t, int rank, const int64_t *dims, const char *dtype) {
    put(t, "tensor<");
    for (int i = 0; i < rank; i++) put(t, "%lldx", (long long)dims[i]);
    put(t, "%s>", dtype);
}

static void put_list(text *t, const char *name, int n, const int64_t *v) {
    put(t, "%s = [", name);
    for (int i = 0; i < n; i++) put(t, "%s%lld", i ? ", " : "", (long long)v[i]);
    put(t, "]");
}

/* ---- random numbers (fixed seeds) ----------------------------------------------- */

static uint64_t rng;

static int64_t rnd(int64_t n) {   /* in [0, n) */
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n > 0 ? (int64_t)(rng % (uint64_t)n) : 0;
}

static void shuffle(int64_t *v, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rnd(i + 1);
        int64_t x = v[i];
        v[i] = v[j];
        v[j] = x;
    }
}

/* ---- running ----------------------------------------------------------------------- */

/* Fills an array with values in [lo, hi) (indices), floats with a few
 * fractional bits (exact in every float type), the narrow integers
 * wrapped into their width, booleans 0 or 1. */
static void fill(aj_array *a, int64_t lo, int64_t hi) {
    int64_t n = aj_array_numel(a);
    void *d = aj_array_data(a);
    for (int64_t k = 0; k < n; k++) {
        int64_t x = lo + rnd(hi - lo);
        double f = (double)x + 0.125 * (double)rnd(8);
        switch (aj_array_dtype(a)) {
        case AJ_F32: ((float *)d)[k] = (float)f; break;
        case AJ_F64: ((double *)d)[k] = f; break;
        case AJ_F16: ((uint16_t *)d)[k] = f16_from_double(f); break;
        case AJ_BF16: ((uint16_t *)d)[k] = bf16_from_double(f); break;
        case AJ_I32: ((int32_t *)d)[k] = (int32_t)x; break;
        case AJ_I64: ((int64_t *)d)[k] = x; break;
        case AJ_I8: case AJ_U8: ((uint8_t *)d)[k] = (uint8_t)x; break;
        case AJ_I16: case AJ_U16: ((uint16_t *)d)[k] = (uint16_t)x; break;
        default: ((uint8_t *)d)[k] = (uint8_t)(x & 1); break;
        }
    }
}

/* The element types the random programs cycle through. */
static const char *const elem_types[] = {"f32", "bf16", "f16", "i8", "ui16", "f64", "ui8", "i16"};
enum { NTYPES = sizeof elem_types / sizeof *elem_types };

static bool is_float_type(const char *t) { return t[0] == 'f' || t[0] == 'b'; }

/* Compiles and evaluates @main of src on random inputs (integer
 * parameters are indices in [ilo, ihi)); the results must be equal bit for
 * bit. Returns false (after reporting) otherwise. */
static bool same_as_evaluator(const char *src, int64_t ilo, int64_t ihi) {
    aj_module *m = NULL;
    aj_executable *e = NULL;
    int nin = 0, nout = 0;
    if (aj_module_parse(src, strlen(src), "random.mlir", &m) || aj_module_signature(m, "main", &nin, &nout)) {
        fprintf(stderr, "%s\n%s\n", aj_last_error(), src);
        testing_failed_checks++;
        aj_module_destroy(m);
        return false;
    }
    aj_array *in[8] = {0}, *want[8] = {0}, *got[8] = {0};
    for (int i = 0; i < nin; i++) {
        aj_dtype dt;
        int rank;
        int64_t dims[8];
        aj_module_arg_type(m, "main", 0, i, &dt, &rank, dims);
        aj_array_create(dt, rank, dims, &in[i]);
        if (dt == AJ_I32 || dt == AJ_I64) fill(in[i], ilo, ihi);
        else fill(in[i], -8, 8);
    }
    aj_compile_options o = {.strict_order = 1, .no_folding = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    bool ok = !aj_module_eval(m, "main", nin, in, nout, want, NULL) && !aj_compile(m, "main", &o, &e) &&
              !aj_executable_run(e, nin, in, nout, got);
    if (!ok) fprintf(stderr, "%s\n%s\n", aj_last_error(), src);
    for (int r = 0; ok && r < nout; r++) {
        ok = aj_array_bytes(want[r]) == aj_array_bytes(got[r]) &&
             memcmp(aj_array_data(want[r]), aj_array_data(got[r]), aj_array_bytes(want[r])) == 0;
        if (!ok) fprintf(stderr, "result %d differs from the evaluator's:\n%s\n", r, src);
    }
    if (!ok) testing_failed_checks++;
    for (int i = 0; i < 8; i++) {
        aj_array_destroy(in[i]);
        aj_array_destroy(want[i]);
        aj_array_destroy(got[i]);
    }
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return ok;
}

/* ---- printing --------------------------------------------------------------------------- */

/* m printed, as a malloc'ed string. */
static char *printed(aj_module *m) {
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) return NULL;
    aj_module_print(m, f);
    fclose(f);
    return text;
}

/* Printing src's module and parsing that back gives the same module: the
 * second print equals the first. */
static void expect_round_trip(const char *src) {
    aj_module *m = NULL, *again = NULL;
    char *first = NULL, *second = NULL;
    if (!aj_module_parse(src, strlen(src), "a.mlir", &m) && (first = printed(m)) &&
        !aj_module_parse(first, strlen(first), "b.mlir", &again))
        second = printed(again);
    if (!second || strcmp(first, second) != 0) {
        fprintf(stderr, "does not print back the same:\n%s\nprinted:\n%s\nthen:\n%s\n%s\n", src,
                first ? first : "", second ? second : "", aj_last_error());
        testing_failed_checks++;
    }
    free(first);
    free(second);
    aj_module_destroy(m);
    aj_module_destroy(again);
}

TEST(programs_print_back_the_same) {
    static const char *const files[] = {"programs/index_ops.mlir", "programs/legacy_forms.mlir"};
    const char *root = getenv("AJ_TEST_DATA");
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root ? root : "tests", files[i]);
        size_t len;
        char *text = testing_read_file(path, &len);
        EXPECT(text != NULL);
        if (text) expect_round_trip(text);
        free(text);
    }
}

/* ---- random gathers and scatters ---------------------------------------------------------
 * Both ops share one form (ir.h): an operand of shape x; batching dims
 * paired between operand and indices; collapsed (inserted) dims; an index
 * map; the index vector at index_vector_dim of the indices (or implicit
 * after the last dim when the map has one entry); window dims at given
 * positions of the result (updates). */

typedef struct index_case {
    int xr;
    int64_t x[4];
    int nb, nc, nm;                      /* operand batching, collapsed, mapped */
    int64_t op_batch[4], collapsed[4], index_map[4];
    int ir;                              /* indices rank */
    int64_t idims[6];
    int64_t ivd;
    int64_t ix_batch[4];
    int nbatch;                          /* batch dims of the indices (free + paired) */
    int64_t bsize[6];
    int rr;                              /* result (gather) / updates (scatter) rank */
    int64_t window[4];
    int nw;
    int64_t wdims[4];                    /* operand dims the window spans */
    int64_t wsize[4];                    /* window sizes (gather: slice sizes of wdims) */
    int64_t rdims[8];
} index_case;

static bool in_list(const int64_t *v, int n, int64_t x) {
    for (int i = 0; i < n; i++)
        if (v[i] == x) return true;
    return false;
}

static void sort_list(int64_t *v, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int64_t x = v[j];
            v[j] = v[j - 1];
            v[j - 1] = x;
        }
}

static void random_case(index_case *c) {
    memset(c, 0, sizeof *c);
    c->xr = 1 + (int)rnd(3);
    for (int d = 0; d < c->xr; d++) c->x[d] = 1 + rnd(4);
    int64_t perm[4] = {0, 1, 2, 3};
    shuffle(perm, c->xr);
    int k = 0;
    c->nb = c->xr > 1 ? (int)rnd(2) : 0;
    for (int i = 0; i < c->nb; i++) c->op_batch[i] = perm[k++];
    c->nc = (int)rnd(c->xr - k + 1);
    for (int i = 0; i < c->nc; i++) c->collapsed[i] = perm[k++];
    sort_list(c->op_batch, c->nb);
    sort_list(c->collapsed, c->nc);
    /* the index map: distinct dims not batching, in random order */
    int64_t cand[4];
    int nc = 0;
    for (int d = 0; d < c->xr; d++)
        if (!in_list(c->op_batch, c->nb, d)) cand[nc++] = d;
    shuffle(cand, nc);
    c->nm = 1 + (int)rnd(nc);
    for (int i = 0; i < c->nm; i++) c->index_map[i] = cand[i];
    /* batch dims of the indices: free ones and those paired with op_batch */
    int nfree = (int)rnd(3);
    c->nbatch = nfree + c->nb;
    int64_t pos[6] = {0, 1, 2, 3, 4, 5};
    shuffle(pos, c->nbatch);
    for (int b = 0; b < c->nbatch; b++) c->bsize[b] = 1 + rnd(3);
    for (int i = 0; i < c->nb; i++) c->bsize[pos[i]] = c->x[c->op_batch[i]];
    bool implicit = c->nm == 1 && rnd(2);
    c->ivd = implicit ? c->nbatch : rnd(c->nbatch + 1);
    c->ir = c->nbatch + (implicit ? 0 : 1);
    for (int d = 0, b = 0; d < c->ir; d++) c->idims[d] = d == c->ivd && !implicit ? c->nm : c->bsize[b++];
    for (int i = 0; i < c->nb; i++) c->ix_batch[i] = pos[i] < c->ivd || implicit ? pos[i] : pos[i] + 1;
    /* window dims: operand dims neither batching nor collapsed, placed at
       sorted random positions of the result */
    c->nw = 0;
    for (int d = 0; d < c->xr; d++)
        if (!in_list(c->op_batch, c->nb, d) && !in_list(c->collapsed, c->nc, d)) c->wdims[c->nw++] = d;
    c->rr = c->nbatch + c->nw;
    int64_t rpos[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    shuffle(rpos, c->rr);
    for (int i = 0; i < c->nw; i++) c->window[i] = rpos[i];
    sort_list(c->window, c->nw);
    for (int i = 0; i < c->nw; i++) c->wsize[i] = rnd(c->x[c->wdims[i]] + 1);
    for (int d = 0, b = 0, w = 0; d < c->rr; d++)
        c->rdims[d] = in_list(c->window, c->nw, d) ? c->wsize[w++] : c->bsize[b++];
}

/* The dimension numbers, in gather's or scatter's words. */
static void put_dims(text *t, const index_case *c, bool scatter) {
    put(t, "#stablehlo.%s<", scatter ? "scatter" : "gather");
    put_list(t, scatter ? "update_window_dims" : "offset_dims", c->nw, c->window);
    put(t, ", ");
    put_list(t, scatter ? "inserted_window_dims" : "collapsed_slice_dims", c->nc, c->collapsed);
    put(t, ", ");
    put_list(t, scatter ? "input_batching_dims" : "operand_batching_dims", c->nb, c->op_batch);
    put(t, ", ");
    put_list(t, scatter ? "scatter_indices_batching_dims" : "start_indices_batching_dims", c->nb, c->ix_batch);
    put(t, ", ");
    put_list(t, scatter ? "scatter_dims_to_operand_dims" : "start_index_map", c->nm, c->index_map);
    put(t, ", index_vector_dim = %lld>", (long long)c->ivd);
}

static void gather_program(text *t, const index_case *c, const char *itype, const char *et) {
    int64_t slice[4];
    for (int d = 0, w = 0; d < c->xr; d++) slice[d] = in_list(c->wdims, c->nw, d) ? c->wsize[w++] : 1;
    put(t, "func.func @main(%%x: ");
    put_type(t, c->xr, c->x, et);
    put(t, ", %%i: ");
    put_type(t, c->ir, c->idims, itype);
    put(t, ") -> ");
    put_type(t, c->rr, c->rdims, et);
    put(t, " {\n  %%g = \"stablehlo.gather\"(%%x, %%i) <{dimension_numbers = ");
    put_dims(t, c, false);
    put(t, ", slice_sizes = array<i64");
    for (int d = 0; d < c->xr; d++) put(t, "%s%lld", d ? ", " : ": ", (long long)slice[d]);
    put(t, ">}> : (");
    put_type(t, c->xr, c->x, et);
    put(t, ", ");
    put_type(t, c->ir, c->idims, itype);
    put(t, ") -> ");
    put_type(t, c->rr, c->rdims, et);
    put(t, "\n  return %%g : ");
    put_type(t, c->rr, c->rdims, et);
    put(t, "\n}\n");
}

/* The update computations, on scalars of type et. */
static void put_update_body(text *t, int body, const char *et) {
    switch (body) {
    case 0: put(t, "%%s = stablehlo.add %%a, %%b : tensor<%s>\n    stablehlo.return %%s", et); break;
    case 1: put(t, "%%s = stablehlo.maximum %%b, %%a : tensor<%s>\n    stablehlo.return %%s", et); break;
    case 2: put(t, "stablehlo.return %%b"); break;
    default:
        put(t, "%%m = stablehlo.multiply %%a, %%b : tensor<%s>\n    %%s = stablehlo.subtract %%m, %%b : tensor<%s>\n"
               "    stablehlo.return %%s", et, et);
        break;
    }
    put(t, " : tensor<%s>", et);
}

static void scatter_program(text *t, const index_case *c, const char *itype, int body, const char *et) {
    put(t, "func.func @main(%%x: ");
    put_type(t, c->xr, c->x, et);
    put(t, ", %%i: ");
    put_type(t, c->ir, c->idims, itype);
    put(t, ", %%u: ");
    put_type(t, c->rr, c->rdims, et);
    put(t, ") -> ");
    put_type(t, c->xr, c->x, et);
    put(t, " {\n  %%y = stablehlo.negate %%x : ");   /* a kernel result the scatter may update in place */
    put_type(t, c->xr, c->x, et);
    put(t, "\n  %%s = \"stablehlo.scatter\"(%%y, %%i, %%u) <{scatter_dimension_numbers = ");
    put_dims(t, c, true);
    put(t, "}> ({\n  ^bb0(%%a: tensor<%s>, %%b: tensor<%s>):\n    ", et, et);
    put_update_body(t, body, et);
    put(t, "\n  }) : (");
    put_type(t, c->xr, c->x, et);
    put(t, ", ");
    put_type(t, c->ir, c->idims, itype);
    put(t, ", ");
    put_type(t, c->rr, c->rdims, et);
    put(t, ") -> ");
    put_type(t, c->xr, c->x, et);
    put(t, "\n  return %%s : ");
    put_type(t, c->xr, c->x, et);
    put(t, "\n}\n");
}

TEST(random_gathers_match_the_evaluator) {
    rng = 0x9e3779b97f4a7c15u;
    for (int n = 0; n < 40; n++) {
        index_case c;
        random_case(&c);
        text t = {0};
        gather_program(&t, &c, n % 2 ? "i64" : "i32", elem_types[n % NTYPES]);
        expect_round_trip(t.s);
        if (!same_as_evaluator(t.s, -2, 6)) break;   /* out of range: clamped */
    }
}

TEST(random_scatters_match_the_evaluator) {
    rng = 0x2545f4914f6cdd1du;
    for (int n = 0; n < 40; n++) {
        index_case c;
        random_case(&c);
        text t = {0};
        scatter_program(&t, &c, n % 2 ? "i64" : "i32", n % 4, elem_types[n % NTYPES]);
        expect_round_trip(t.s);
        if (!same_as_evaluator(t.s, -1, 5)) break;   /* out of range: skipped */
    }
}

/* ---- pad and dynamic slices ------------------------------------------------------------- */

TEST(random_pads_and_dynamic_slices_match_the_evaluator) {
    rng = 0x853c49e6748fea9bu;
    for (int n = 0; n < 40; n++) {
        int r = 1 + (int)rnd(3);
        int64_t x[3], lo[3], hi[3], in[3], p[3], s[3], u[3];
        for (int d = 0; d < r; d++) {
            x[d] = 1 + rnd(4);
            lo[d] = rnd(5) - 2;
            hi[d] = rnd(5) - 2;
            in[d] = rnd(3);
            p[d] = lo[d] + hi[d] + x[d] + (x[d] - 1) * in[d];
            if (p[d] < 0) hi[d] -= p[d], p[d] = 0;
            s[d] = rnd(x[d] + 1);
            u[d] = rnd(x[d] + 1);
        }
        const char *et = elem_types[n % NTYPES];
        text t = {0};
        put(&t, "func.func @main(%%x: ");
        put_type(&t, r, x, et);
        put(&t, ", %%v: tensor<%s>, %%u: ", et);
        put_type(&t, r, u, et);
        for (int d = 0; d < r; d++) put(&t, ", %%i%d: tensor<i32>", d);
        put(&t, ") -> (");
        put_type(&t, r, p, et);
        put(&t, ", ");
        put_type(&t, r, s, et);
        put(&t, ", ");
        put_type(&t, r, x, et);
        put(&t, ") {\n  %%p = stablehlo.pad %%x, %%v, ");
        put_list(&t, "low", r, lo);
        put(&t, ", ");
        put_list(&t, "high", r, hi);
        put(&t, ", ");
        put_list(&t, "interior", r, in);
        put(&t, " : (");
        put_type(&t, r, x, et);
        put(&t, ", tensor<%s>) -> ", et);
        put_type(&t, r, p, et);
        put(&t, "\n  %%s = stablehlo.dynamic_slice %%x");
        for (int d = 0; d < r; d++) put(&t, ", %%i%d", d);
        put(&t, ", ");
        put_list(&t, "sizes", r, s);
        put(&t, " : (");
        put_type(&t, r, x, et);
        for (int d = 0; d < r; d++) put(&t, ", tensor<i32>");
        put(&t, ") -> ");
        put_type(&t, r, s, et);
        put(&t, "\n  %%y = stablehlo.%s %%x : ", is_float_type(et) ? "exponential" : "negate");
        put_type(&t, r, x, et);
        put(&t, "\n  %%d = stablehlo.dynamic_update_slice %%y, %%u");
        for (int d = 0; d < r; d++) put(&t, ", %%i%d", d);
        put(&t, " : (");
        put_type(&t, r, x, et);
        put(&t, ", ");
        put_type(&t, r, u, et);
        for (int d = 0; d < r; d++) put(&t, ", tensor<i32>");
        put(&t, ") -> ");
        put_type(&t, r, x, et);
        put(&t, "\n  return %%p, %%s, %%d : ");
        put_type(&t, r, p, et);
        put(&t, ", ");
        put_type(&t, r, s, et);
        put(&t, ", ");
        put_type(&t, r, x, et);
        put(&t, "\n}\n");
        expect_round_trip(t.s);
        if (!same_as_evaluator(t.s, -3, 6)) break;
    }
}

/* ---- in place --------------------------------------------------------------------------- */

/* A chain of updates writes into one buffer: the first update copies the
 * parameter into the output and the others update it there, so there is
 * no temporary at all; with the parameter donated, the first updates it in
 * place and the output is its buffer. */
TEST(updates_write_in_place) {
    static const char src[] =
        "func.func @main(%x: tensor<4096xf32>, %u: tensor<16xf32>, %i: tensor<i64>, %j: tensor<1xi64>)"
        " -> tensor<4096xf32> {\n"
        "  %a = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4096xf32>, tensor<16xf32>, tensor<i64>) -> tensor<4096xf32>\n"
        "  %one = stablehlo.constant dense<1.0> : tensor<1xf32>\n"
        "  %b = \"stablehlo.scatter\"(%a, %j, %one) <{scatter_dimension_numbers = #stablehlo.scatter<"
        "update_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({\n"
        "  ^bb0(%p: tensor<f32>, %q: tensor<f32>):\n"
        "    %s = stablehlo.add %p, %q : tensor<f32>\n"
        "    stablehlo.return %s : tensor<f32>\n"
        "  }) : (tensor<4096xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<4096xf32>\n"
        "  %c = stablehlo.dynamic_update_slice %b, %u, %i : (tensor<4096xf32>, tensor<16xf32>, tensor<i64>) -> tensor<4096xf32>\n"
        "  return %c : tensor<4096xf32>\n"
        "}\n";
    static const size_t bytes = 4096 * 4;
    aj_module *m = NULL;
    if (aj_module_parse(src, sizeof src - 1, "inplace.mlir", &m)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
        return;
    }
    for (int donate = 0; donate < 2; donate++) {
        aj_compile_options o = {.strict_order = 1, .no_folding = 1, .cache_dir = cache_dir, .no_memory_cache = 1,
                                .donate = (uint64_t)donate};
        aj_executable *e = NULL;
        aj_memory_stats s;
        aj_array *in[4] = {0}, *want = NULL, *got = NULL;
        aj_array_create(AJ_F32, 1, (const int64_t[]){4096}, &in[0]);
        aj_array_create(AJ_F32, 1, (const int64_t[]){16}, &in[1]);
        aj_array_create(AJ_I64, 0, NULL, &in[2]);
        aj_array_create(AJ_I64, 1, (const int64_t[]){1}, &in[3]);
        fill(in[0], -8, 8);
        fill(in[1], -8, 8);
        fill(in[2], 1000, 1001);
        fill(in[3], 1005, 1006);   /* inside the first update's window */
        if (aj_module_eval(m, "main", 4, in, 1, &want, NULL) || aj_compile(m, "main", &o, &e) ||
            aj_executable_memory(e, &s) || aj_executable_run(e, 4, in, 1, &got)) {
            fprintf(stderr, "%s\n", aj_last_error());
            testing_failed_checks++;
        } else {
            EXPECT_EQ_INT(s.temp_bytes, 0);
            EXPECT_EQ_INT(s.alias_bytes, donate ? bytes : 0);
            EXPECT_EQ_INT(s.peak_bytes, s.argument_bytes + (donate ? 0 : bytes));
            EXPECT(memcmp(aj_array_data(want), aj_array_data(got), bytes) == 0);
        }
        for (int i = 0; i < 4; i++) aj_array_destroy(in[i]);
        aj_array_destroy(want);
        aj_array_destroy(got);
        aj_executable_destroy(e);
    }
    aj_module_destroy(m);
}

/* The ops computing scatter's updates and dynamic_update_slice's update
 * run inside their kernels, once per element: nothing is materialised
 * (tests/programs/compile/update_prologues.mlir pins temp = 0); the
 * results are the evaluator's. */
TEST(updates_are_computed_in_the_kernel_that_applies_them) {
    static const char src[] =
        "func.func @main(%x: tensor<100x8xf32>, %i: tensor<5x1xi32>, %u: tensor<5x8xf32>, %j: tensor<i64>)"
        " -> tensor<100x8xf32> {\n"
        "  %e = stablehlo.exponential %u : tensor<5x8xf32>\n"
        "  %c = stablehlo.constant dense<2.0> : tensor<5x8xf32>\n"
        "  %m = stablehlo.multiply %e, %c : tensor<5x8xf32>\n"
        "  %n = stablehlo.negate %x : tensor<100x8xf32>\n"
        "  %s = \"stablehlo.scatter\"(%n, %i, %m) <{scatter_dimension_numbers = #stablehlo.scatter<"
        "update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
        "index_vector_dim = 1>}> ({\n"
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %r = stablehlo.add %a, %b : tensor<f32>\n"
        "    stablehlo.return %r : tensor<f32>\n"
        "  }) : (tensor<100x8xf32>, tensor<5x1xi32>, tensor<5x8xf32>) -> tensor<100x8xf32>\n"
        "  %t = stablehlo.transpose %u, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>\n"
        "  %z = stablehlo.constant dense<0> : tensor<i64>\n"
        "  %d = stablehlo.dynamic_update_slice %s, %t, %j, %z : (tensor<100x8xf32>, tensor<8x5xf32>, tensor<i64>, "
        "tensor<i64>) -> tensor<100x8xf32>\n"
        "  return %d : tensor<100x8xf32>\n"
        "}\n";
    EXPECT(same_as_evaluator(src, -2, 103));
}

/* ---- the C builder ------------------------------------------------------------------------ */

/* The same ops built from C: evaluated to hand-computed values, and
 * (printed) compiled == evaluated. */
TEST(the_builder_makes_the_index_ops) {
    aj_module *m = NULL;
    aj_builder *b = NULL;
    aj_value t, ids, u, s0, g, sc, p, ds, dus, zero, start;
    static const int64_t dt[2] = {4, 2}, di[2] = {3, 1}, du[2] = {3, 2};
    static const int64_t window[1] = {1}, collapsed[1] = {0}, map[1] = {0};
    static const int64_t slice[2] = {1, 2}, low[2] = {1, 0}, high[2] = {0, 0}, interior[2] = {0, 1};
    static const int64_t sizes[2] = {2, 2};
    aj_index_dims dims = {1, window, 1, collapsed, 0, NULL, NULL, 1, map, 1};
    float fzero = 0.0f;
    int64_t one = 1;
    EXPECT_EQ_INT(aj_module_create(&m), AJ_OK);
    EXPECT_EQ_INT(aj_builder_begin(m, "main", &b), AJ_OK);
    aj_param(b, AJ_F32, 2, dt, &t);
    aj_param(b, AJ_I32, 2, di, &ids);
    aj_param(b, AJ_F32, 2, du, &u);
    aj_constant(b, AJ_F32, 0, NULL, &fzero, &zero);
    aj_constant(b, AJ_I64, 0, NULL, &one, &start);
    EXPECT_EQ_INT(aj_gather(b, t, ids, &dims, slice, &g), AJ_OK);
    EXPECT_EQ_INT(aj_scatter(b, t, ids, u, &dims, AJ_ADD, 0, &sc), AJ_OK);
    EXPECT_EQ_INT(aj_scatter(b, t, ids, u, &dims, AJ_ADD, 1, &s0), AJ_OK);
    EXPECT_EQ_INT(aj_pad(b, g, zero, low, high, interior, &p), AJ_OK);
    EXPECT_EQ_INT(aj_dynamic_slice(b, sc, (const aj_value[]){start, start}, sizes, &ds), AJ_OK);
    EXPECT_EQ_INT(aj_dynamic_update_slice(b, sc, g, (const aj_value[]){start, start}, &dus), AJ_OK);
    /* a bad index map is refused with the op's own words */
    aj_index_dims bad = dims;
    bad.nmap = 0;
    aj_value none;
    EXPECT_EQ_INT(aj_gather(b, t, ids, &bad, slice, &none), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "start_index_map");
    aj_value results[5] = {sc, s0, p, ds, dus};
    EXPECT_EQ_INT(aj_builder_finish(b, 5, results), AJ_ERR_INVALID);   /* the first error sticks */
    EXPECT_EQ_INT(aj_builder_begin(m, "main", &b), AJ_OK);
    aj_param(b, AJ_F32, 2, dt, &t);
    aj_param(b, AJ_I32, 2, di, &ids);
    aj_param(b, AJ_F32, 2, du, &u);
    aj_constant(b, AJ_F32, 0, NULL, &fzero, &zero);
    aj_constant(b, AJ_I64, 0, NULL, &one, &start);
    aj_gather(b, t, ids, &dims, slice, &g);
    aj_scatter(b, t, ids, u, &dims, AJ_ADD, 0, &sc);
    aj_scatter(b, t, ids, u, &dims, AJ_ADD, 1, &s0);
    aj_pad(b, g, zero, low, high, interior, &p);
    aj_dynamic_slice(b, sc, (const aj_value[]){start, start}, sizes, &ds);
    aj_dynamic_update_slice(b, sc, g, (const aj_value[]){start, start}, &dus);
    aj_value again[5] = {sc, s0, p, ds, dus};
    EXPECT_EQ_INT(aj_builder_finish(b, 5, again), AJ_OK);
    float tv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, uv[6] = {10, 20, 30, 40, 50, 60};
    int32_t iv[3] = {3, 3, 0};
    aj_array *in[3] = {0}, *out[5] = {0};
    aj_array_wrap(AJ_F32, 2, dt, tv, &in[0]);
    aj_array_wrap(AJ_I32, 2, di, iv, &in[1]);
    aj_array_wrap(AJ_F32, 2, du, uv, &in[2]);
    if (aj_module_eval(m, "main", 3, in, 5, out, NULL)) {
        fprintf(stderr, "%s\n", aj_last_error());
        testing_failed_checks++;
    } else {
        static const float want_sc[8] = {51, 62, 3, 4, 5, 6, 47, 68}, want_s0[8] = {50, 60, 3, 4, 5, 6, 30, 40};
        static const float want_p[18] = {0, 0, 0, 7, 0, 8, 7, 0, 8, 1, 0, 2};
        EXPECT(memcmp(aj_array_data(out[0]), want_sc, sizeof want_sc) == 0);
        EXPECT(memcmp(aj_array_data(out[1]), want_s0, sizeof want_s0) == 0);
        EXPECT_EQ_INT(aj_array_numel(out[2]), 12);
        EXPECT(memcmp(aj_array_data(out[2]), want_p, 12 * sizeof(float)) == 0);
    }
    for (int i = 0; i < 3; i++) aj_array_destroy(in[i]);
    for (int i = 0; i < 5; i++) aj_array_destroy(out[i]);
    char *text = printed(m);
    if (text) same_as_evaluator(text, -1, 5);
    free(text);
    aj_module_destroy(m);
}

/* ---- errors ----------------------------------------------------------------------------- */

static void expect_rejected(const char *src, const char *message) {
    aj_module *m = NULL;
    aj_status st = aj_module_parse(src, strlen(src), "bad.mlir", &m);
    EXPECT(st != AJ_OK);
    EXPECT_CONTAINS(aj_last_error(), message);
    aj_module_destroy(m);
}

TEST(bad_dimension_numbers_are_reported) {
    expect_rejected("func.func @main(%x: tensor<3x2xf32>, %i: tensor<2x1xi32>) -> tensor<2x2xf32> {\n"
                    "  %g = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], "
                    "collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = "
                    "array<i64: 1, 2>}> : (tensor<3x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>\n"
                    "  return %g : tensor<2x2xf32>\n}\n",
                    "start_index_map: expected 1 entries");
    expect_rejected("func.func @main(%x: tensor<3x2xf32>, %i: tensor<2x1xi32>) -> tensor<2x2xf32> {\n"
                    "  %g = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], "
                    "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = "
                    "array<i64: 2, 2>}> : (tensor<3x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>\n"
                    "  return %g : tensor<2x2xf32>\n}\n",
                    "at most 1");
    expect_rejected("func.func @main(%x: tensor<3xf32>, %i: tensor<1xi32>, %u: tensor<4xf32>) -> tensor<3xf32> {\n"
                    "  %s = \"stablehlo.scatter\"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<"
                    "update_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({\n"
                    "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    stablehlo.return %b : tensor<f32>\n"
                    "  }) : (tensor<3xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<3xf32>\n"
                    "  return %s : tensor<3xf32>\n}\n",
                    "more than the input's 3");
    expect_rejected("func.func @main(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<1xf32> {\n"
                    "  %p = stablehlo.pad %x, %v, low = [-2], high = [-2], interior = [0] : (tensor<3xf32>, "
                    "tensor<f32>) -> tensor<1xf32>\n  return %p : tensor<1xf32>\n}\n",
                    "negative");
    expect_rejected("func.func @main(%x: tensor<3xf32>, %i: tensor<f32>) -> tensor<1xf32> {\n"
                    "  %s = stablehlo.dynamic_slice %x, %i, sizes = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<1xf32>\n"
                    "  return %s : tensor<1xf32>\n}\n",
                    "rank-0 integer");
}

/* ---- failing allocations ------------------------------------------------------------------- */

/* The program test's checks with the evaluator, then a scatter, a gather
 * and a pad compiled (the disk cache spares gcc after the first build) and
 * run. */
static aj_status workload(void) {
    static const char src[] =
        "func.func @main(%x: tensor<6x2xf32>, %i: tensor<3x1xi32>, %u: tensor<3x2xf32>, %v: tensor<f32>)"
        " -> (tensor<6x2xf32>, tensor<5x2xf32>) {\n"
        "  %s = \"stablehlo.scatter\"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<"
        "update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
        "index_vector_dim = 1>}> ({\n"
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %m = stablehlo.maximum %a, %b : tensor<f32>\n"
        "    stablehlo.return %m : tensor<f32>\n"
        "  }) : (tensor<6x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<6x2xf32>\n"
        "  %g = \"stablehlo.gather\"(%s, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], "
        "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = "
        "array<i64: 1, 2>}> : (tensor<6x2xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>\n"
        "  %p = stablehlo.pad %g, %v, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<3x2xf32>, "
        "tensor<f32>) -> tensor<5x2xf32>\n"
        "  return %s, %p : tensor<6x2xf32>, tensor<5x2xf32>\n"
        "}\n";
    const char *root = getenv("AJ_TEST_DATA");
    char path[4096];
    snprintf(path, sizeof path, "%s/programs/index_ops.mlir", root ? root : "tests");
    aj_check_options opts = {.use_eval = 1};
    aj_check_result r;
    aj_status st = aj_check_file(path, &opts, &r);
    if (st) return st;
    if (r.outcome != AJ_CHECK_PASS) return AJ_ERR_CHECK_FAILED;
    aj_module *m = NULL;
    aj_executable *e = NULL;
    aj_array *in[4] = {0}, *out[2] = {0};
    static const int64_t dx[2] = {6, 2}, di[2] = {3, 1}, du[2] = {3, 2};
    static float x[12], u[6], v;
    static int32_t i[3] = {4, -1, 2};
    aj_compile_options o = {.strict_order = 1, .no_folding = 1, .cache_dir = cache_dir, .no_memory_cache = 1};
    if (!(st = aj_module_parse(src, sizeof src - 1, "workload.mlir", &m)) &&
        !(st = aj_array_wrap(AJ_F32, 2, dx, x, &in[0])) && !(st = aj_array_wrap(AJ_I32, 2, di, i, &in[1])) &&
        !(st = aj_array_wrap(AJ_F32, 2, du, u, &in[2])) && !(st = aj_array_wrap(AJ_F32, 0, NULL, &v, &in[3])) &&
        !(st = aj_compile(m, "main", &o, &e)) && !(st = aj_executable_run(e, 4, in, 2, out)))
        for (int k = 0; k < 2; k++) aj_array_destroy(out[k]);   /* (made only on success) */
    for (int k = 0; k < 4; k++) aj_array_destroy(in[k]);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return st;
}

TEST(every_allocation_failure_is_reported_and_leaks_nothing) {
    EXPECT_EQ_INT(workload(), AJ_OK);
    int failures = 0;
    for (int n = 1; n < 1000000; n++) {
        size_t live = mem_live_bytes();
        mem_fail_after(n);
        aj_status st = workload();
        mem_fail_after(0);
        if (mem_live_bytes() != live) fprintf(stderr, "allocation %d failing (%s): leaked\n", n, aj_last_error());
        EXPECT_EQ_INT(mem_live_bytes(), live);
        if (st == AJ_OK) break;
        failures++;
        EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
        if (st != AJ_ERR_NOMEM) {
            fprintf(stderr, "allocation %d: %s\n", n, aj_last_error());
            break;
        }
    }
    EXPECT(failures > 100);
}

int main(void) {
    if (!mkdtemp(cache_dir)) return 1;
    RUN(programs_print_back_the_same);
    RUN(random_gathers_match_the_evaluator);
    RUN(random_scatters_match_the_evaluator);
    RUN(random_pads_and_dynamic_slices_match_the_evaluator);
    RUN(updates_write_in_place);
    RUN(updates_are_computed_in_the_kernel_that_applies_them);
    RUN(the_builder_makes_the_index_ops);
    RUN(bad_dimension_numbers_are_reported);
    RUN(every_allocation_failure_is_reported_and_leaks_nothing);
    aj_clear_caches(cache_dir);
    rmdir(cache_dir);
    return TESTS_DONE();
}
