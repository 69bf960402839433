/* Tests of the C backend (src/emit, src/build): generated kernels against
 * the reference evaluator, the fast-math approximations, BLIS dot kernels
 * and the disk cache.
 *
 * The fusion pass and the planner are not used: each test wraps the whole
 * body of a small program into one fusion of a chosen kind (fuse_all) and
 * plans it by hand (plan_simple: parameters in args[], results in outs[],
 * other values in the arena). Strict mode must match the evaluator bit for
 * bit (any NaN matches any NaN); fast mode within a tolerance. Every build
 * uses -Wall -Wextra -Werror, so the generated code is also warning-free.
 * Set AJ_TEST_PRINT_SOURCE=1 to print the generated sources. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <dirent.h>
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build/build.h"
#include "emit/codegen.h"
#include "emit/emit_internal.h"
#include "eval/eval.h"
#include "eval/eval_internal.h"
#include "front/front.h"
#include "ir/ir.h"
#include "plan/plan.h"
#include "runtime/threads.h"
#include "testing.h"
#include "util/float16.h"
#include "util/mem.h"

#define WARNING_FREE "-O3 -march=native -Wall -Wextra -Werror"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- programs ---------------------------------------------------------------- */

static ir_module *parse(const char *text) {
    ir_module **mods = NULL;
    int n = 0;
    diag d = {0};
    int rc = front_parse("test.mlir", text, strlen(text), &mods, &n, &d);
    if (rc == DIAG_OK && ir_verify_module(mods[0], &d) != DIAG_OK) rc = DIAG_INVALID;
    if (rc != DIAG_OK) {
        fprintf(stderr, "parse: %s\n", d.msg);
        testing_failed_checks++;
        if (n) front_free_modules(mods, n);
        return NULL;
    }
    ir_module *m = mods[0];
    for (int i = 1; i < n; i++) ir_module_free(mods[i]);
    mem_free(mods);
    return m;
}

static void rename_uses(ir_op **ops, int nops, ir_value_id from, ir_value_id to) {
    for (int i = 0; i < nops; i++) {
        ir_op *op = ops[i];
        for (int j = 0; j < op->nin; j++)
            if (op->in[j] == from) op->in[j] = to;
        for (int r = 0; r < op->nregions; r++) rename_uses(op->regions[r]->ops, op->regions[r]->nops, from, to);
    }
}

/* Every value defined by the ops (their results, and everything inside
 * their regions) gets mark[v] = true. */
static void mark_defined(ir_op **ops, int nops, bool *mark) {
    for (int i = 0; i < nops; i++) {
        for (int j = 0; j < ops[i]->nout; j++) mark[ops[i]->out[j]] = true;
        for (int r = 0; r < ops[i]->nregions; r++) {
            ir_block *b = ops[i]->regions[r];
            for (int a = 0; a < b->nargs; a++) mark[b->args[a]] = true;
            mark_defined(b->ops, b->nops, mark);
        }
    }
}

static void mark_used(ir_op **ops, int nops, bool *mark) {
    for (int i = 0; i < nops; i++) {
        for (int j = 0; j < ops[i]->nin; j++) mark[ops[i]->in[j]] = true;
        for (int r = 0; r < ops[i]->nregions; r++) mark_used(ops[i]->regions[r]->ops, ops[i]->regions[r]->nops, mark);
    }
}

static int body_append(ir_block *b, ir_op *op) {
    if (mem_grow((void **)&b->ops, &b->cap_ops, b->nops + 1, sizeof(ir_op *))) return DIAG_NOMEM;
    b->ops[b->nops++] = op;
    return DIAG_OK;
}

/* Turns body ops [from, to) into one fusion of `kind`: its operands are the
 * values those ops read from outside, its results the values they define
 * that later ops read. ops/nops is the body's old op list, `at` the new one. */
static int fuse_range(ir_func *f, ir_op **ops, int nops, int from, int to, ir_fusion_kind kind) {
    bool *inside = mem_calloc((size_t)f->nvalues, 1), *read = mem_calloc((size_t)f->nvalues, 1),
         *later = mem_calloc((size_t)f->nvalues, 1);
    int nv = f->nvalues, nin = 0, nout = 0;
    ir_value_id in[nv], out[nv];
    mark_defined(ops + from, to - from, inside);
    mark_used(ops + from, to - from, read);
    mark_used(ops + to, nops - to, later);
    for (int v = 0; v < nv; v++) {
        if (read[v] && !inside[v]) in[nin++] = v;
        bool top = f->values[v].def && inside[v];
        if (top && later[v]) {
            bool defined_here = false;    /* a result of one of the range's own ops, not a region value */
            for (int i = from; i < to; i++)
                if (f->values[v].def == ops[i]) defined_here = true;
            if (defined_here) out[nout++] = v;
        }
    }
    mem_free(inside);
    mem_free(read);
    mem_free(later);
    ir_type types[nout + 1];
    for (int i = 0; i < nout; i++) types[i] = f->values[out[i]].type;
    ir_op *fusion = ir_op_append(f, f->body, IR_FUSION, nin, in, nout, types);
    ir_block *region = fusion ? ir_op_add_region(fusion) : NULL;
    if (!region) return DIAG_NOMEM;
    fusion->a.fusion_kind = kind;
    for (int i = 0; i < nin; i++) {
        ir_type t = f->values[in[i]].type;   /* (adding a value may move the table) */
        ir_value_id arg = ir_block_add_arg(f, region, &t);
        rename_uses(ops + from, to - from, in[i], arg);
    }
    for (int i = from; i < to; i++)
        if (body_append(region, ops[i])) return DIAG_NOMEM;
    for (int i = 0; i < nout; i++) rename_uses(ops + to, nops - to, out[i], fusion->out[i]);
    return ir_op_append(f, region, IR_RETURN, nout, out, 0, NULL) ? DIAG_OK : DIAG_NOMEM;
}

/* Fuses body ops into kernels: range i is ops [starts[i], starts[i + 1])
 * (the last one ends before the RETURN) of kind kinds[i]; ops before
 * starts[0] stay as they are (top-level constants). */
static int fuse_ranges(ir_func *f, int n, const int *starts, const ir_fusion_kind *kinds) {
    ir_block *body = f->body;
    ir_op **ops = body->ops;
    int nops = body->nops, rc = DIAG_OK;
    body->ops = NULL;
    body->nops = body->cap_ops = 0;
    for (int i = 0; i < starts[0] && !rc; i++) rc = body_append(body, ops[i]);
    for (int r = 0; r < n && !rc; r++)
        rc = fuse_range(f, ops, nops, starts[r], r + 1 < n ? starts[r + 1] : nops - 1, kinds[r]);
    if (!rc) rc = body_append(body, ops[nops - 1]);
    mem_free(ops);
    return rc;
}

/* The whole body as one kernel. */
static int fuse_all(ir_func *f, ir_fusion_kind kind) { return fuse_ranges(f, 1, (int[]){0}, &kind); }

/* Parameters in args[], returned values in outs[] (a value returned twice,
 * a parameter or a constant is copied), everything else in the arena. */
static void plan_simple(const ir_func *f, int threads, plan *p) {
    *p = (plan){.nvalues = f->nvalues};
    p->buf = mem_calloc((size_t)f->nvalues, sizeof *p->buf);
    p->copies = mem_calloc((size_t)f->nresults + 1, sizeof *p->copies);
    for (int v = 0; v < f->nvalues; v++) p->buf[v] = (plan_buffer){.home = PLAN_NONE, .in_place_of = -1};
    for (int i = 0; i < f->body->nargs; i++) p->buf[f->body->args[i]] = (plan_buffer){PLAN_PARAM, i, 0, 0, 0, 0, -1};
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    for (int i = 0; i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; j < op->nout; j++) {
            ir_value_id v = op->out[j];
            plan_buffer *b = &p->buf[v];
            b->bytes = ir_type_bytes(&f->values[v].type);
            b->home = op->code == IR_CONSTANT ? PLAN_CONSTANT : PLAN_ARENA;
            if (b->home == PLAN_ARENA) {
                b->offset = p->arena_bytes;
                p->arena_bytes += (b->bytes + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN;
            }
        }
    }
    for (int r = 0; r < ret->nin; r++) {
        plan_buffer *b = &p->buf[ret->in[r]];
        if (b->home == PLAN_ARENA) *b = (plan_buffer){PLAN_OUTPUT, r, 0, b->bytes, 0, 0, -1};
        else p->copies[p->ncopies++] = (plan_copy){r, ret->in[r]};
    }
    /* no runs, no block slots, the kernels' contract and the scratch block it asks for */
    p->nsteps = f->body->nops;
    p->runs = mem_calloc((size_t)p->nsteps + 1, sizeof *p->runs);
    for (int s = 0; s < p->nsteps; s++) p->runs[s] = (plan_run){s, 0, 0, false, 0};
    p->slots = mem_calloc((size_t)f->nvalues + 1, sizeof *p->slots);
    diag d = {0};
    EXPECT_EQ_INT(contract_func(f, &(contract_options){.threads = threads}, &p->kernels, &d), DIAG_OK);
    for (int s = 0; s < p->kernels.nsteps; s++)
        if (p->kernels.k[s].scratch > p->scratch_bytes) p->scratch_bytes = p->kernels.k[s].scratch;
    p->scratch_offset = p->arena_bytes;
    p->arena_bytes += (p->scratch_bytes + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN;
}


/* ---- inputs -------------------------------------------------------------------- */

static double uniform(uint64_t *s) { return (double)(testing_random(s) >> 11) * 0x1p-53; }

static const double float_specials[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 1e-40, -1e-40,
    1e-310, FLT_MIN, FLT_MAX, -FLT_MAX, DBL_MAX, 1e30, -1e30, 88.5, 89.0, -104.0, 710.0, 0.625, 2147483648.0,
    -2147483649.0, 9.3e18, -9.3e18, 4294967296.5, 1e-8, 3.14159, -7.25,
};
static const int64_t int_specials[] = {
    0, 1, -1, 2, -2, 3, 7, -7, 31, 32, 33, 63, 64, 65, -31, -32, -33, -64, 100, -100, 1000000,
    INT32_MAX, INT32_MIN, INT32_MIN + 1, (int64_t)INT32_MAX + 1, INT64_MAX, INT64_MIN, INT64_MIN + 1,
};

/* Random values (floats in [-range, range), integers in [-100, 100)). With
 * `specials`, the first n*n elements (n special values) pair every special
 * value with every other across parameters: parameter role 0 walks them
 * fastest, role 1 slowest, role 2 like role 0 shifted. */
static void fill(eval_tensor *t, uint64_t *seed, double range, bool specials, int role) {
    int64_t n = ir_type_numel(&t->type);
    int64_t nf = (int64_t)(sizeof float_specials / sizeof *float_specials);
    int64_t ni = (int64_t)(sizeof int_specials / sizeof *int_specials);
    for (int64_t k = 0; k < n; k++) {
        bool is_float = ir_dtype_is_float(t->type.dtype);   /* f16, bf16, ...: stored from a double */
        int64_t ns = is_float ? nf : ni, pick = (role % 3 == 1 ? k / ns : k + 5 * (role % 3)) % ns;
        bool special = specials && k < ns * ns;
        elem_value v;
        if (t->type.dtype == IR_I1) v.i = (int64_t)(testing_random(seed) & 1);
        else if (is_float) v.f = special ? float_specials[pick] : (2 * uniform(seed) - 1) * range;
        else v.i = special ? int_specials[pick] : (int64_t)(testing_random(seed) % 200) - 100;
        elem_store(t->type.dtype, t->data, k, v);
    }
}

/* ---- comparing ------------------------------------------------------------------- */

typedef struct tolerance {
    double ulp;    /* floats: this many units in the last place ... */
    double abs;    /* ... or this far apart */
} tolerance;

static int64_t float_key(double x, bool single) {
    if (single) {
        float f = (float)x;
        int32_t s;
        memcpy(&s, &f, 4);
        return s < 0 ? -(int64_t)(s & 0x7fffffff) : s;
    }
    int64_t s;
    memcpy(&s, &x, 8);
    return s < 0 ? -(s & INT64_MAX) : s;
}

static bool close_enough(ir_dtype t, elem_value got, elem_value want, tolerance tol) {
    if (t != IR_F32 && t != IR_F64) return got.i == want.i;
    if (isnan(got.f) || isnan(want.f)) return isnan(got.f) && isnan(want.f);
    if (memcmp(&got.f, &want.f, sizeof got.f) == 0) return true;
    if (tol.ulp == 0 && tol.abs == 0) return false;   /* strict: bit for bit (-0 is not +0) */
    if (isinf(got.f) || isinf(want.f)) {
        if (got.f == want.f) return true;
        return tol.ulp > 0 && llabs(float_key(got.f, t == IR_F32) - float_key(want.f, t == IR_F32)) <= tol.ulp;
    }
    double d = fabs(got.f - want.f);
    return d <= tol.abs || (double)llabs(float_key(got.f, t == IR_F32) - float_key(want.f, t == IR_F32)) <= tol.ulp;
}

/* The distance in units in the last place of two floats narrower than f32
 * (size bytes) by their bits. */
static int64_t narrow_ulps(uint32_t a, uint32_t b, size_t size) {
    uint32_t sign = 1u << (8 * size - 1);
    int64_t ka = a & sign ? -(int64_t)(a & (sign - 1)) : a, kb = b & sign ? -(int64_t)(b & (sign - 1)) : b;
    return ka > kb ? ka - kb : kb - ka;
}

/* Compares result r; reports the first mismatch. Floats narrower than f32
 * by their bits (within tol.ulp of theirs), any NaN equal to any other (as
 * f32's and f64's: which operand's NaN an addition returns is the
 * compiler's). */
static bool same_result(int r, const eval_tensor *want, const void *got, tolerance tol) {
    int64_t n = ir_type_numel(&want->type);
    ir_dtype t = want->type.dtype;
    size_t size = ir_dtype_size(t);
    for (int64_t k = 0; k < n && ir_dtype_is_float(t) && size < 4; k++) {
        uint32_t g = 0, w = 0;
        memcpy(&g, (const char *)got + (size_t)k * size, size);
        memcpy(&w, (const char *)want->data + (size_t)k * size, size);
        bool g_nan = isnan(elem_load(t, got, k).f), w_nan = isnan(elem_load(t, want->data, k).f);
        if (g == w || (g_nan && w_nan) || (!g_nan && !w_nan && narrow_ulps(g, w, size) <= tol.ulp)) continue;
        fprintf(stderr, "result %d element %lld: got bits %#x, want %#x\n", r, (long long)k, g, w);
        return false;
    }
    for (int64_t k = 0; k < n && !(ir_dtype_is_float(t) && size < 4); k++) {
        elem_value g = elem_load(want->type.dtype, got, k), w = elem_load(want->type.dtype, want->data, k);
        if (close_enough(want->type.dtype, g, w, tol)) continue;
        if (want->type.dtype == IR_F32 || want->type.dtype == IR_F64)
            fprintf(stderr, "result %d element %lld: got %.17g, want %.17g\n", r, (long long)k, g.f, w.f);
        else
            fprintf(stderr, "result %d element %lld: got %lld, want %lld\n", r, (long long)k, (long long)g.i,
                    (long long)w.i);
        return false;
    }
    return true;
}

/* ---- compiling and running ------------------------------------------------------------ */

typedef struct check {
    ir_fusion_kind kind;
    bool strict;
    int threads;
    tolerance tol;            /* fast mode */
    double range;             /* inputs in [-range, range) */
    bool specials;            /* inputs include NaN, inf, INT_MIN, ... */
    const char *contains;     /* the source must contain this */
    const char *lacks;        /* ... and must not contain this */
    const char *name;         /* for AJ_TEST_PRINT_SOURCE */
    const char *cflags;       /* NULL: WARNING_FREE */
    bool small_dots_by_blas;  /* codegen_options.blas_for_small_dots */
} check;

typedef struct compiled_fn {
    ir_module *m;             /* the original program (the evaluator runs it) */
    ir_module *fused;
    ir_func *f, *ff;
    plan p;
    codegen_module *code;
} compiled_fn;

static void compiled_free(compiled_fn *c) {
    if (c->code) codegen_c_backend.release(c->code);
    plan_free(&c->p);
    if (c->fused) ir_module_free(c->fused);
    if (c->m) ir_module_free(c->m);
    *c = (compiled_fn){0};
}

static codegen_options options_of(const check *k) {
    return (codegen_options){.cflags = k->cflags ? k->cflags : WARNING_FREE, .strict_order = k->strict,
                             .threads = k->threads, .blas_for_small_dots = k->small_dots_by_blas};
}

static void print_source_if_asked(const char *name, const char *src) {
    const char *e = getenv("AJ_TEST_PRINT_SOURCE");
    if (e && *e == '1') printf("==== %s ====\n%s\n", name ? name : "", src);
}

/* Emits (checking the source) and builds m's @main fused into one kernel. */
static bool compile_fused(ir_module *m, const check *k, compiled_fn *c) {
    *c = (compiled_fn){.m = m};
    if (!m) return false;
    c->f = ir_module_entry(m);
    c->fused = ir_module_clone(m);
    c->ff = ir_module_entry(c->fused);
    diag d = {0};
    EXPECT_EQ_INT(fuse_all(c->ff, k->kind), DIAG_OK);
    if (ir_verify_module(c->fused, &d)) {
        fprintf(stderr, "fused program: %s\n", d.msg);
        testing_failed_checks++;
        return false;
    }
    plan_simple(c->ff, k->threads, &c->p);
    codegen_options o = options_of(k);
    char *src = NULL;
    size_t len = 0;
    int rc = emit_c_source(c->ff, &c->p, &o, &src, &len, &d);
    if (rc) fprintf(stderr, "emit: %s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (rc) return false;
    print_source_if_asked(k->name, src);
    if (k->contains) EXPECT_CONTAINS(src, k->contains);
    if (k->lacks && strstr(src, k->lacks)) {
        fprintf(stderr, "the source contains \"%s\"\n", k->lacks);
        testing_failed_checks++;
    }
    mem_free(src);
    rc = codegen_c_backend.build(c->ff, &c->p, &o, &c->code, &d);
    if (rc) fprintf(stderr, "build: %s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    return rc == DIAG_OK;
}

/* The run context of a check with threads: its parallel kernels on the pool. */
typedef struct threaded_run {
    codegen_run run;
    int threads;
} threaded_run;

static void pool_parallel(codegen_run *run, codegen_task task, void *const *ptrs, int64_t n, int64_t chunk) {
    rt_parallel(((threaded_run *)run)->threads, task, ptrs, n, chunk);
}

/* Runs the compiled kernel and the evaluator on the same random inputs. */
static void run_and_compare(compiled_fn *c, const check *k, uint64_t seed) {
    int nin = c->f->body->nargs, nout = c->f->nresults;
    eval_tensor in[nin + 1], want[nout + 1];
    void *args[nin + 1], *outs[nout + 1];
    for (int i = 0; i < nin; i++) {
        in[i].type = c->f->values[c->f->body->args[i]].type;
        in[i].data = mem_alloc(ir_type_bytes(&in[i].type) + 1);
        fill(&in[i], &seed, k->range > 0 ? k->range : 4.0, k->specials, i);
        args[i] = in[i].data;
    }
    diag d = {0};
    int rc = eval_func(c->m, c->f, in, nin, want, NULL, NULL, &d);
    if (rc) fprintf(stderr, "eval: %s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    char *arena = mem_alloc(c->p.arena_bytes + 1);
    for (int r = 0; r < nout; r++) outs[r] = mem_calloc(1, ir_type_bytes(&c->f->result_types[r]) + 1);
    if (!rc) {
        codegen_entry entry = codegen_c_backend.entry(c->code);
        threaded_run run = {{INT64_MAX, NULL, pool_parallel}, k->threads};
        entry(arena, args, outs, k->threads > 1 ? &run.run : NULL);
        tolerance tol = k->strict ? (tolerance){0, 0} : k->tol;
        for (int r = 0; r < nout; r++) {
            if (!same_result(r, &want[r], outs[r], tol)) testing_failed_checks++;
            eval_tensor_free(&want[r]);
        }
    }
    for (int i = 0; i < nin; i++) mem_free(in[i].data);
    for (int r = 0; r < nout; r++) mem_free(outs[r]);
    mem_free(arena);
}

static void check_program(const char *text, const check *k) {
    compiled_fn c;
    if (compile_fused(parse(text), k, &c)) run_and_compare(&c, k, 12345);
    compiled_free(&c);
}

/* Runs the program strict (bit for bit) and fast (within tol). */
static void check_both_modes(const char *text, check k) {
    k.strict = true;
    check_program(text, &k);
    k.strict = false;
    k.contains = NULL;
    check_program(text, &k);
}

/* ---- every op ------------------------------------------------------------------------ */

static const ir_dtype tier1[] = {IR_F32, IR_F64, IR_I32, IR_I64, IR_I1};
enum { NTIER1 = 5, MATRIX_N = 1400 };   /* > 36 * 36: every pair of special values */

typedef struct builder {
    ir_func *f;
    int nres, cap;
    ir_value_id *res;
} builder;

static ir_value_id add_op(builder *b, ir_opcode code, int nin, const ir_value_id *in, ir_type t) {
    ir_op *op = ir_op_append(b->f, b->f->body, code, nin, in, 1, &t);
    if (mem_grow((void **)&b->res, &b->cap, b->nres + 1, sizeof(ir_value_id)) == 0) b->res[b->nres++] = op->out[0];
    return op->out[0];
}

/* For every tier-1 type T, parameters a, b, c: tensor<40xT> and scalars
 * lo, hi: tensor<T>, plus p: tensor<40xi1> and q: tensor<i1>; results: every
 * unary and binary op the evaluator defines on T, is_finite, compare in
 * every direction and comparison type, convert to every tier-1 type, select
 * and clamp with full and scalar operands. */
static ir_module *every_op_program(void) {
    ir_module *m = ir_module_new();
    builder b = {ir_func_new(m, "main"), 0, 0, NULL};
    ir_type vec[NTIER1], sca[NTIER1];
    ir_value_id a[NTIER1], bb[NTIER1], c[NTIER1], lo[NTIER1], hi[NTIER1];
    int64_t n = MATRIX_N;
    for (int t = 0; t < NTIER1; t++) {
        vec[t] = ir_type_make(tier1[t], 1, &n);
        sca[t] = ir_type_scalar(tier1[t]);
        a[t] = ir_block_add_arg(b.f, b.f->body, &vec[t]);
        bb[t] = ir_block_add_arg(b.f, b.f->body, &vec[t]);
        c[t] = ir_block_add_arg(b.f, b.f->body, &vec[t]);
        lo[t] = ir_block_add_arg(b.f, b.f->body, &sca[t]);
        hi[t] = ir_block_add_arg(b.f, b.f->body, &sca[t]);
    }
    ir_value_id p = a[4], q = lo[4];
    for (int t = 0; t < NTIER1; t++) {
        elem_class cls = elem_type_of(tier1[t]).cls;
        for (int code = 0; code < IR_OPCODE_COUNT; code++) {
            if (ir_op_kind_of(code) == IR_KIND_UNARY && ev_unary_resolve(code, cls))
                add_op(&b, code, 1, &a[t], vec[t]);
            if (ir_op_kind_of(code) == IR_KIND_BINARY && ev_binary_resolve(code, cls))
                add_op(&b, code, 2, (ir_value_id[]){a[t], bb[t]}, vec[t]);
        }
        if (cls == ELEM_FLOAT) add_op(&b, IR_IS_FINITE, 1, &a[t], vec[4]);
        for (int dir = IR_CMP_EQ; dir <= IR_CMP_LT; dir++)
            for (int ct = IR_CMPT_NOTYPE; ct <= IR_CMPT_UNSIGNED; ct++) {
                ir_value_id v = add_op(&b, IR_COMPARE, 2, (ir_value_id[]){a[t], bb[t]}, vec[4]);
                ir_op *op = b.f->values[v].def;
                op->a.cmp = (ir_cmp_dir)dir;
                op->a.cmp_type = (ir_cmp_type)ct;
                diag d;
                if (ir_verify_op(m, b.f, op, &d) == DIAG_OK) continue;
                b.f->body->nops--;    /* a comparison type the verifier rejects for T */
                b.nres--;
                ir_op_free(op);
            }
        for (int u = 0; u < NTIER1; u++) add_op(&b, IR_CONVERT, 1, &a[t], vec[u]);
        add_op(&b, IR_SELECT, 3, (ir_value_id[]){p, a[t], bb[t]}, vec[t]);
        add_op(&b, IR_SELECT, 3, (ir_value_id[]){q, a[t], bb[t]}, vec[t]);
        add_op(&b, IR_CLAMP, 3, (ir_value_id[]){bb[t], a[t], c[t]}, vec[t]);
        add_op(&b, IR_CLAMP, 3, (ir_value_id[]){lo[t], a[t], hi[t]}, vec[t]);
    }
    ir_type types[b.nres];
    for (int r = 0; r < b.nres; r++) types[r] = b.f->values[b.res[r]].type;
    ir_op_append(b.f, b.f->body, IR_RETURN, b.nres, b.res, 0, NULL);
    ir_func_set_results(b.f, b.nres, types);
    mem_free(b.res);
    diag d = {0};
    if (ir_verify_module(m, &d)) {
        fprintf(stderr, "every_op_program: %s\n", d.msg);
        testing_failed_checks++;
    }
    return m;
}

TEST(every_op_matches_the_evaluator_bit_for_bit) {
    check k = {.kind = IR_FUSION_LOOP, .strict = true, .specials = true, .range = 40, .name = "every op, strict"};
    compiled_fn c;
    if (compile_fused(every_op_program(), &k, &c)) {
        run_and_compare(&c, &k, 1);
        run_and_compare(&c, &k, 2);
    }
    compiled_free(&c);
}

/* Fast mode changes only the transcendental functions on f32. */
TEST(every_op_is_close_in_fast_mode) {
    check k = {.kind = IR_FUSION_LOOP, .specials = true, .range = 40, .tol = {4, 1e-30}, .name = "every op, fast",
               .contains = "aj_fast_expf("};
    compiled_fn c;
    if (compile_fused(every_op_program(), &k, &c)) run_and_compare(&c, &k, 3);
    compiled_free(&c);
}


/* Fast mode computes f16's and bf16's transcendental functions as f32's
 * (the prelude's approximations, libmvec) rounded to the type: within one
 * unit of theirs of the evaluator's (libm in double, rounded once). */
TEST(narrow_transcendentals_in_fast_mode_are_f32s_rounded) {
    static const char *const ops[] = {"sine", "cosine", "tan", "exponential", "exponential_minus_one", "log",
                                      "log_plus_one", "logistic", "tanh", "cbrt"};
    static const char *const types[] = {"f16", "bf16"};
    enum { NOPS = (int)(sizeof ops / sizeof *ops) };
    for (int t = 0; t < 2; t++) {
        char text[4096], results[1024] = "", body[3072] = "", names[512] = "";
        for (int i = 0; i < NOPS; i++) {
            char line[160];
            snprintf(line, sizeof line, "  %%r%d = stablehlo.%s %%x : tensor<1500x%s>\n", i, ops[i], types[t]);
            strcat(body, line);
            snprintf(line, sizeof line, "%stensor<1500x%s>", i ? ", " : "", types[t]);
            strcat(results, line);
            snprintf(line, sizeof line, "%s%%r%d", i ? ", " : "", i);
            strcat(names, line);
        }
        snprintf(text, sizeof text, "func.func @main(%%x: tensor<1500x%s>) -> (%s) {\n%s  return %s : %s\n}\n",
                 types[t], results, body, names, results);
        char contains[64];
        snprintf(contains, sizeof contains, "aj_rnd_%s(aj_fast_tanhf(", types[t]);
        check_program(text, &(check){.kind = IR_FUSION_LOOP, .tol = {1, 0}, .range = 6, .specials = true,
                                     .name = "narrow transcendentals, fast", .contains = contains});
    }
}

/* ---- loop kernels ------------------------------------------------------------------------ */

static const char index_ops_text[] =
    "func.func @main(%x: tensor<6x4xf32>, %z: tensor<24xf32>, %w: tensor<2x3x4xf32>, %v: tensor<6xf32>,\n"
    "                %s: tensor<f32>, %big: tensor<9x13xf32>, %y: tensor<4x6xf32>, %p1: tensor<4x2xf32>,\n"
    "                %p2: tensor<4x1xf32>, %p3: tensor<4x3xf32>, %q1: tensor<1x6xf32>, %q2: tensor<3x6xf32>,\n"
    "                %l: tensor<4x3xf32>, %r: tensor<3x6xf32>, %u: tensor<4x1x6xf32>, %n: tensor<4x6xi32>)\n"
    "    -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,\n"
    "        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>,\n"
    "        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>,\n"
    "        tensor<4x6xi1>) {\n"
    "  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>\n"
    "  %1 = stablehlo.reshape %z : (tensor<24xf32>) -> tensor<4x6xf32>\n"
    "  %2 = stablehlo.reshape %w : (tensor<2x3x4xf32>) -> tensor<4x6xf32>\n"
    "  %3 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<6xf32>) -> tensor<4x6xf32>\n"
    "  %4 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x6xf32>\n"
    "  %5 = stablehlo.slice %big [1:9:2, 0:12:2] : (tensor<9x13xf32>) -> tensor<4x6xf32>\n"
    "  %6 = stablehlo.reverse %y, dims = [0, 1] : tensor<4x6xf32>\n"
    "  %7 = stablehlo.concatenate %p1, %p2, %p3, dim = 1 : (tensor<4x2xf32>, tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x6xf32>\n"
    "  %8 = stablehlo.concatenate %q1, %q2, dim = 0 : (tensor<1x6xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>\n"
    "  %9 = stablehlo.iota dim = 0 : tensor<4x6xf32>\n"
    "  %10 = stablehlo.iota dim = 1 : tensor<4x6xi32>\n"
    "  %11 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>\n"
    "  %12 = stablehlo.reshape %u : (tensor<4x1x6xf32>) -> tensor<4x6xf32>\n"
    "  %13 = stablehlo.add %0, %6 : tensor<4x6xf32>\n"
    "  %c = stablehlo.constant dense<[[1.0, -2.0, 3.5, 0.0, 0x7FC00001, -0.0], [0x7F800000, 2.0, 2.5, 3.0, 4.0, 5.0],"
    " [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 1.0e-40]]> : tensor<4x6xf32>\n"
    "  %cs = stablehlo.constant dense<2.5> : tensor<4x6xf32>\n"
    "  %14 = stablehlo.multiply %c, %cs : tensor<4x6xf32>\n"
    "  %t = stablehlo.transpose %w, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>\n"
    "  %15 = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>\n"
    "  %b8 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<6xf32>) -> tensor<8x6xf32>\n"
    "  %sl = stablehlo.slice %b8 [0:8:2, 0:6] : (tensor<8x6xf32>) -> tensor<4x6xf32>\n"
    "  %16 = stablehlo.reverse %sl, dims = [0] : tensor<4x6xf32>\n"
    "  %17 = stablehlo.convert %10 : (tensor<4x6xi32>) -> tensor<4x6xf32>\n"
    "  %18 = stablehlo.multiply %n, %10 : tensor<4x6xi32>\n"
    "  %19 = stablehlo.compare  LT, %7, %8,  FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>\n"
    "  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %18, %19 :\n"
    "    tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,\n"
    "    tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>,\n"
    "    tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>,\n"
    "    tensor<4x6xi1>\n"
    "}\n";

/* Broadcast, transpose, reshapes that merge, split and both, slice, reverse,
 * concatenate (three-way and on the outer axis), iota, constants (a splat
 * and an array with NaN, inf, -0 and a subnormal), a dot inside a loop. */
TEST(loop_kernels_map_indices_like_the_evaluator) {
    check_both_modes(index_ops_text, (check){.kind = IR_FUSION_LOOP, .specials = true, .name = "index ops",
                                             .contains = "if (i1 < 2)"});
}

static const char flat_text[] =
    "func.func @main(%a: tensor<8x33xf32>, %b: tensor<264xf32>, %s: tensor<f32>) -> tensor<8x33xf32> {\n"
    "  %0 = stablehlo.reshape %b : (tensor<264xf32>) -> tensor<8x33xf32>\n"
    "  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8x33xf32>\n"
    "  %2 = stablehlo.multiply %a, %0 : tensor<8x33xf32>\n"
    "  %3 = stablehlo.add %2, %1 : tensor<8x33xf32>\n"
    "  return %3 : tensor<8x33xf32>\n"
    "}\n";

/* Elementwise ops, reshapes and scalar broadcasts need no index: one loop. */
TEST(elementwise_kernels_are_one_flat_loop) {
    check_both_modes(flat_text, (check){.kind = IR_FUSION_LOOP, .specials = true, .name = "flat",
                                        .contains = "for (int64_t i = 0; i < 264; i++)"});
}

static const char gelu_text[] =
    "func.func @main(%x: tensor<512x1024xf32>) -> tensor<512x1024xf32> {\n"
    "  %half = stablehlo.constant dense<0.5> : tensor<512x1024xf32>\n"
    "  %one = stablehlo.constant dense<1.0> : tensor<512x1024xf32>\n"
    "  %k = stablehlo.constant dense<0.797884583> : tensor<512x1024xf32>\n"
    "  %c = stablehlo.constant dense<0.044715> : tensor<512x1024xf32>\n"
    "  %x2 = stablehlo.multiply %x, %x : tensor<512x1024xf32>\n"
    "  %x3 = stablehlo.multiply %x2, %x : tensor<512x1024xf32>\n"
    "  %cx3 = stablehlo.multiply %c, %x3 : tensor<512x1024xf32>\n"
    "  %in = stablehlo.add %x, %cx3 : tensor<512x1024xf32>\n"
    "  %kin = stablehlo.multiply %k, %in : tensor<512x1024xf32>\n"
    "  %t = stablehlo.tanh %kin : tensor<512x1024xf32>\n"
    "  %1 = stablehlo.add %one, %t : tensor<512x1024xf32>\n"
    "  %hx = stablehlo.multiply %half, %x : tensor<512x1024xf32>\n"
    "  %y = stablehlo.multiply %hx, %1 : tensor<512x1024xf32>\n"
    "  return %y : tensor<512x1024xf32>\n"
    "}\n";

/* Big enough for threads: the loop runs by chunks of rows on the pool
 * (emit_c.c, parallel kernels): 512 rows in chunks of 64. */
TEST(big_loops_run_on_threads) {
    /* 1 + tanh(...) cancels for x < -3: a 1-ULP tanh is 1e-7 absolute */
    check_both_modes(gelu_text, (check){.kind = IR_FUSION_LOOP, .threads = 2, .tol = {3, 1e-6}, .name = "gelu",
                                        .contains = "aj_parallel(run, aj_k0_task, aj_p, 512, 64);"});
}

/* ---- reduce kernels ------------------------------------------------------------------------ */

/* Rows (the reduced dim is the innermost): sum of x*x with a mean epilogue,
 * and a max; 300 = 4 chunks of 64 lanes and a tail of 44 in fast mode. */
static const char rows_text[] =
    "func.func @main(%x: tensor<8x300xf32>) -> (tensor<8xf32>, tensor<8xf32>) {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %sq = stablehlo.multiply %x, %x : tensor<8x300xf32>\n"
    "  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x300xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x300xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %n = stablehlo.constant dense<0.00333333341> : tensor<8xf32>\n"
    "  %mean = stablehlo.multiply %s, %n : tensor<8xf32>\n"
    "  return %mean, %m : tensor<8xf32>, tensor<8xf32>\n"
    "}\n";

TEST(row_reductions_match_the_evaluator) {
    check_both_modes(rows_text, (check){.kind = IR_FUSION_REDUCE, .tol = {64, 1e-5}, .name = "rows",
                                        .contains = "acc"});
    check k = {.kind = IR_FUSION_REDUCE, .tol = {64, 1e-5}, .contains = "part", .name = "rows, fast"};
    check_program(rows_text, &k);
    k = (check){.kind = IR_FUSION_REDUCE, .strict = true, .lacks = "part", .specials = true, .name = "rows, strict"};
    check_program(rows_text, &k);
    /* an outer reduced dim around the chunked one */
    static const char outer[] =
        "func.func @main(%x: tensor<3x4x200xf32>) -> tensor<4xf32> {\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 2] : (tensor<3x4x200xf32>, tensor<f32>) -> tensor<4xf32>\n"
        "  return %s : tensor<4xf32>\n"
        "}\n";
    check_both_modes(outer, (check){.kind = IR_FUSION_REDUCE, .tol = {64, 1e-4}, .name = "rows, outer reduced dim"});
}

/* Fast mode folds partial maxima and minima by one compare (emit_reduce.c,
 * loose_compare) that does not order -0 below +0; they must still equal the
 * evaluator's bit for bit: +0 as the max of rows whose first 64 elements
 * (each partial lane's first) are -0 and the rest +0, -0 as the min of the
 * reverse, -0 as the max of rows of -0 alone (x * 0 keeps x's sign), NaN
 * wherever a row has one (specials put NaNs at every lane position), and
 * doubles too. 320 = 5 chunks of 64 lanes, no tail (whose elements fold
 * exactly). */
static const char signed_zero_rows_text[] =
    "func.func @main(%x: tensor<8x320xf32>, %y: tensor<8x320xf64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>) {\n"
    "  %pz = stablehlo.constant dense<0.0> : tensor<8x320xf32>\n"
    "  %nz = stablehlo.constant dense<-0.0> : tensor<8x320xf32>\n"
    "  %m1 = stablehlo.constant dense<-1.0> : tensor<8x320xf32>\n"
    "  %c64 = stablehlo.constant dense<64.0> : tensor<8x320xf32>\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %pinf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
    "  %dninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>\n"
    "  %j = stablehlo.iota dim = 1 : tensor<8x320xf32>\n"
    "  %first = stablehlo.compare LT, %j, %c64 : (tensor<8x320xf32>, tensor<8x320xf32>) -> tensor<8x320xi1>\n"
    "  %up = stablehlo.select %first, %nz, %pz : tensor<8x320xi1>, tensor<8x320xf32>\n"
    "  %down = stablehlo.select %first, %pz, %nz : tensor<8x320xi1>, tensor<8x320xf32>\n"
    "  %neg = stablehlo.minimum %x, %m1 : tensor<8x320xf32>\n"
    "  %negz = stablehlo.multiply %neg, %pz : tensor<8x320xf32>\n"
    "  %a = stablehlo.reduce(%up init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x320xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %b = stablehlo.reduce(%down init: %pinf) applies stablehlo.minimum across dimensions = [1] : (tensor<8x320xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %c = stablehlo.reduce(%negz init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x320xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %d = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x320xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %e = stablehlo.reduce(%y init: %dninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x320xf64>, tensor<f64>) -> tensor<8xf64>\n"
    "  return %a, %b, %c, %d, %e : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>\n"
    "}\n";

TEST(fast_maxima_and_minima_are_exact) {
    check k = {.kind = IR_FUSION_REDUCE, .specials = true, .contains = "part", .name = "loose max"};
    check_program(signed_zero_rows_text, &k);
    k.specials = false;
    check_program(signed_zero_rows_text, &k);
}

/* Side results (fuse_options.reduce_side_outputs): values of the input
 * shape written by the pass that computes them, in rows order (with
 * partials and a tail in fast mode; softmax's exp(x - max) beside its sum,
 * in the second pass) and in columns order (70 = a tile of 64 and one of 6). */
static const char side_rows_text[] =
    "func.func @main(%x: tensor<8x300xf32>) -> (tensor<8x300xf32>, tensor<8xf32>, tensor<8x300xf32>) {\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x300xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x300xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<8x300xf32>\n"
    "  %e = stablehlo.exponential %d : tensor<8x300xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x300xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %n = stablehlo.negate %x : tensor<8x300xf32>\n"
    "  return %e, %s, %n : tensor<8x300xf32>, tensor<8xf32>, tensor<8x300xf32>\n"
    "}\n";
static const char side_columns_text[] =
    "func.func @main(%x: tensor<300x70xf32>) -> (tensor<70xf32>, tensor<300x70xf32>) {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %e = stablehlo.exponential %x : tensor<300x70xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<300x70xf32>, tensor<f32>) -> tensor<70xf32>\n"
    "  return %s, %e : tensor<70xf32>, tensor<300x70xf32>\n"
    "}\n";

TEST(side_results_of_reductions_match_the_evaluator) {
    check k = {.kind = IR_FUSION_REDUCE, .tol = {64, 1e-5}, .specials = true, .name = "side results, rows"};
    check_both_modes(side_rows_text, k);
    k.contains = "part";
    check_program(side_rows_text, &k);
    check_both_modes(side_columns_text, (check){.kind = IR_FUSION_REDUCE, .tol = {64, 1e-4},
                                                .name = "side results, columns", .contains = "tile"});
}

/* Columns (the innermost dim is kept): 70 = a tile of 64 lanes and one of 6. */
static const char columns_text[] =
    "func.func @main(%x: tensor<300x70xf32>, %b: tensor<70xf32>) -> tensor<70xf32> {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %e = stablehlo.exponential %x : tensor<300x70xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<300x70xf32>, tensor<f32>) -> tensor<70xf32>\n"
    "  %r = stablehlo.add %s, %b : tensor<70xf32>\n"
    "  return %r : tensor<70xf32>\n"
    "}\n";

TEST(column_reductions_match_the_evaluator) {
    check_both_modes(columns_text, (check){.kind = IR_FUSION_REDUCE, .tol = {64, 1e-4}, .name = "columns",
                                           .specials = false, .contains = "tile"});
    /* enough elements for threads: a reduction across the rows splits by tiles of columns
       (64, 64 and 2 columns, one a task) */
    static const char big[] =
        "func.func @main(%x: tensor<520x130xf32>) -> tensor<130xf32> {\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<520x130xf32>, tensor<f32>) -> tensor<130xf32>\n"
        "  return %s : tensor<130xf32>\n"
        "}\n";
    check_both_modes(big, (check){.kind = IR_FUSION_REDUCE, .threads = 2, .tol = {64, 1e-4}, .name = "columns, threads",
                                  .contains = "aj_parallel(run, aj_k0_task, aj_p, 3, 1);"});
    /* softmax over the first dim: a kept dim (the middle) outside the tiles, two passes, a final pass
       writing the input's shape, each task on its tiles of every outer row */
    static const char softmax_first[] =
        "func.func @main(%x: tensor<300x4x130xf32>) -> tensor<300x4x130xf32> {\n"
        "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<300x4x130xf32>, tensor<f32>) -> tensor<4x130xf32>\n"
        "  %mb = stablehlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<4x130xf32>) -> tensor<300x4x130xf32>\n"
        "  %d = stablehlo.subtract %x, %mb : tensor<300x4x130xf32>\n"
        "  %e = stablehlo.exponential %d : tensor<300x4x130xf32>\n"
        "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<300x4x130xf32>, tensor<f32>) -> tensor<4x130xf32>\n"
        "  %sb = stablehlo.broadcast_in_dim %s, dims = [1, 2] : (tensor<4x130xf32>) -> tensor<300x4x130xf32>\n"
        "  %y = stablehlo.divide %e, %sb : tensor<300x4x130xf32>\n"
        "  return %y : tensor<300x4x130xf32>\n"
        "}\n";
    check_both_modes(softmax_first, (check){.kind = IR_FUSION_REDUCE, .threads = 2, .tol = {64, 1e-5},
                                             .name = "columns, softmax, threads",
                                             .contains = "aj_parallel(run, aj_k0_task, aj_p, 3, 1);"});
    /* a kept dim outside the tiles, and a minimum */
    static const char middle[] =
        "func.func @main(%x: tensor<5x3x70xf32>) -> tensor<5x70xf32> {\n"
        "  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%x init: %inf) applies stablehlo.minimum across dimensions = [1] : (tensor<5x3x70xf32>, tensor<f32>) -> tensor<5x70xf32>\n"
        "  return %s : tensor<5x70xf32>\n"
        "}\n";
    check_both_modes(middle, (check){.kind = IR_FUSION_REDUCE, .specials = true, .name = "columns, middle dim"});
}

/* Convolutions as im2col and sgemm on threads run in slots (emit_c.c,
 * kernel_slots): each thread gathers and multiplies whole blocks of
 * positions through its own part of the scratch block, units [aj_from,
 * aj_to) a call. Every form of the blocks: NHWC rows with two feature
 * groups and a packed kernel (HWOI), NCHW gathered by columns, a
 * transposed convolution's phases, a 1-D convolution; at 2 and 3 threads
 * (a slot a third of the block). */
static const char *const slot_convolutions[][3] = {
    {"tensor<4x24x24x16xf32>, tensor<3x3x32x8xf32>", "tensor<4x24x24x32xf32>",
     "[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], "
     "lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64}"},
    {"tensor<2x16x40x40xf32>, tensor<32x16x3x3xf32>", "tensor<2x32x40x40xf32>",
     "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], "
     "lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"},
    {"tensor<4x16x16x8xf32>, tensor<3x3x8x16xf32>", "tensor<4x32x32x16xf32>",
     "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], "
     "lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"},
    {"tensor<4x1024x16xf32>, tensor<5x16x16xf32>", "tensor<4x1024x16xf32>",
     "[b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[2, 2]], lhs_dilate = [1], "
     "rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"},
};

TEST(convolutions_on_threads_run_in_slots) {
    for (size_t i = 0; i < sizeof slot_convolutions / sizeof *slot_convolutions; i++) {
        const char *const *c = slot_convolutions[i];
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%x: %.*s, %%w: %s) -> %s {\n"
                 "  %%y = stablehlo.convolution(%%x, %%w) dim_numbers = %s : (%s) -> %s\n"
                 "  return %%y : %s\n}\n",
                 (int)(strchr(c[0], ',') - c[0]), c[0], strchr(c[0], ',') + 2, c[1], c[2], c[0], c[1], c[1]);
        check_program(text, &(check){.kind = IR_FUSION_OPAQUE, .strict = true, .threads = 2});
        for (int threads = 2; threads <= 3; threads++)
            check_program(text, &(check){.kind = IR_FUSION_OPAQUE, .threads = threads, .tol = {64, 1e-5},
                                         .range = 1.0, .name = "convolution in slots",
                                         .contains = "int64_t aj_from, int64_t aj_to, char *scratch)"});
    }
}

/* An opaque kernel updating a copy of an operand it cannot update in place
 * (a parameter) copies it first: from 2 MiB, on threads, split over them
 * (ex_copy). Scatter with rows out of bounds skipped, and a dynamic update. */
static const char *const copied_updates[] = {
    "func.func @main(%x: tensor<1024x1024xf32>, %i: tensor<64x1xi32>, %v: tensor<64x1024xf32>) -> "
    "tensor<1024x1024xf32> {\n"
    "  %y = \"stablehlo.scatter\"(%x, %i, %v) <{indices_are_sorted = false, scatter_dimension_numbers = "
    "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
    "index_vector_dim = 1>, unique_indices = false}> ({\n"
    "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
    "    stablehlo.return %b : tensor<f32>\n"
    "  }) : (tensor<1024x1024xf32>, tensor<64x1xi32>, tensor<64x1024xf32>) -> tensor<1024x1024xf32>\n"
    "  return %y : tensor<1024x1024xf32>\n}\n",
    "func.func @main(%x: tensor<2048x520xf32>, %u: tensor<16x520xf32>, %r: tensor<i32>) -> tensor<2048x520xf32> {\n"
    "  %c = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %y = stablehlo.dynamic_update_slice %x, %u, %r, %c : (tensor<2048x520xf32>, tensor<16x520xf32>, tensor<i32>, "
    "tensor<i32>) -> tensor<2048x520xf32>\n"
    "  return %y : tensor<2048x520xf32>\n}\n",
};

TEST(big_copies_of_updated_operands_split_over_threads) {
    for (size_t i = 0; i < sizeof copied_updates / sizeof *copied_updates; i++)
        for (int threads = 1; threads <= 3; threads++)
            check_program(copied_updates[i], &(check){.kind = IR_FUSION_OPAQUE, .strict = true, .threads = threads,
                                                      .range = 1000.0, .name = "copy over threads",
                                                      .contains = threads > 1 ? "aj_copy(run, " : "memcpy(",
                                                      .lacks = threads > 1 ? NULL : "aj_copy(run, "});
}

/* argmax: a two-input reducer region over (value, iota), rows and columns. */
static const char argmax_text[] =
    "func.func @main(%a: tensor<6x37xf32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<6xi32>) {\n"
    "  %i = stablehlo.iota dim = 1 : tensor<6x37xi32>\n"
    "  %i0 = stablehlo.iota dim = 0 : tensor<6x37xi32>\n"
    "  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %c = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %1:2 = stablehlo.reduce(%a init: %cst), (%i init: %c) across dimensions = [1] : (tensor<6x37xf32>, "
    "tensor<6x37xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)\n"
    "   reducer(%x: tensor<f32>, %y: tensor<f32>) (%xi: tensor<i32>, %yi: tensor<i32>)  {\n"
    "    %2 = stablehlo.compare  GE, %x, %y,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    %3 = stablehlo.select %2, %x, %y : tensor<i1>, tensor<f32>\n"
    "    %4 = stablehlo.select %2, %xi, %yi : tensor<i1>, tensor<i32>\n"
    "    stablehlo.return %3, %4 : tensor<f32>, tensor<i32>\n"
    "  }\n"
    "  return %1#0, %1#1, %1#1 : tensor<6xf32>, tensor<6xi32>, tensor<6xi32>\n"
    "}\n";

TEST(multi_input_reducers_match_the_evaluator) {
    /* (the index, returned twice, is copied into the second output by the plan) */
    check_both_modes(argmax_text, (check){.kind = IR_FUSION_REDUCE, .specials = true, .name = "argmax"});
}

/* Softmax statistics: the max, then the sum of exp(x - max) in a second
 * pass that reads the max through a broadcast; epilogue log(sum) + max. */
static const char logsumexp_text[] =
    "func.func @main(%x: tensor<16x200xf32>) -> (tensor<16xf32>, tensor<16xf32>) {\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<16x200xf32>, tensor<f32>) -> tensor<16xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<16xf32>) -> tensor<16x200xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<16x200xf32>\n"
    "  %e = stablehlo.exponential %d : tensor<16x200xf32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x200xf32>, tensor<f32>) -> tensor<16xf32>\n"
    "  %l = stablehlo.log %s : tensor<16xf32>\n"
    "  %r = stablehlo.add %l, %m : tensor<16xf32>\n"
    "  return %r, %s : tensor<16xf32>, tensor<16xf32>\n"
    "}\n";

TEST(reductions_may_read_earlier_reductions) {
    check_both_modes(logsumexp_text, (check){.kind = IR_FUSION_REDUCE, .tol = {16, 1e-5}, .name = "logsumexp"});
    /* the same over columns: transpose the layout */
    static const char cols[] =
        "func.func @main(%x: tensor<200x80xf32>) -> tensor<80xf32> {\n"
        "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<200x80xf32>, tensor<f32>) -> tensor<80xf32>\n"
        "  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<80xf32>) -> tensor<200x80xf32>\n"
        "  %d = stablehlo.subtract %x, %mb : tensor<200x80xf32>\n"
        "  %e = stablehlo.exponential %d : tensor<200x80xf32>\n"
        "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<200x80xf32>, tensor<f32>) -> tensor<80xf32>\n"
        "  %l = stablehlo.log %s : tensor<80xf32>\n"
        "  %r = stablehlo.add %l, %m : tensor<80xf32>\n"
        "  return %r : tensor<80xf32>\n"
        "}\n";
    check_both_modes(cols, (check){.kind = IR_FUSION_REDUCE, .tol = {16, 1e-5}, .name = "logsumexp, columns"});
}

/* Layernorm statistics over rows: mean, then the mean of squared deviations
 * in a second pass, epilogue rsqrt(var + eps). */
static const char layernorm_text[] =
    "func.func @main(%x: tensor<64x1024xf32>) -> (tensor<64xf32>, tensor<64xf32>) {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %n = stablehlo.constant dense<9.765625e-04> : tensor<64xf32>\n"
    "  %eps = stablehlo.constant dense<1.0e-05> : tensor<64xf32>\n"
    "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>\n"
    "  %mean = stablehlo.multiply %s, %n : tensor<64xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<64xf32>) -> tensor<64x1024xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<64x1024xf32>\n"
    "  %d2 = stablehlo.multiply %d, %d : tensor<64x1024xf32>\n"
    "  %v = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>\n"
    "  %var = stablehlo.multiply %v, %n : tensor<64xf32>\n"
    "  %ve = stablehlo.add %var, %eps : tensor<64xf32>\n"
    "  %r = stablehlo.rsqrt %ve : tensor<64xf32>\n"
    "  return %mean, %r : tensor<64xf32>, tensor<64xf32>\n"
    "}\n";

TEST(layernorm_statistics_match_the_evaluator) {
    check_both_modes(layernorm_text, (check){.kind = IR_FUSION_REDUCE, .threads = 2, .tol = {64, 1e-5},
                                             .name = "layernorm"});
}

/* Whole-tensor, middle-dim and two-dim reductions; integers wrap, i1 ors. */
TEST(reductions_of_any_shape_match_the_evaluator) {
    static const char *const bodies[] = {
        "%r = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1, 2] : "
        "(tensor<4x5x6xf32>, tensor<f32>) -> tensor<f32>\n  return %r : tensor<f32>\n",
        "%r = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : "
        "(tensor<4x5x6xf32>, tensor<f32>) -> tensor<4x6xf32>\n  return %r : tensor<4x6xf32>\n",
        "%r = stablehlo.reduce(%x init: %zero) applies stablehlo.minimum across dimensions = [0, 2] : "
        "(tensor<4x5x6xf32>, tensor<f32>) -> tensor<5xf32>\n  return %r : tensor<5xf32>\n",
        "%r = stablehlo.reduce(%i init: %iz) applies stablehlo.add across dimensions = [1] : "
        "(tensor<4x5x6xi32>, tensor<i32>) -> tensor<4x6xi32>\n  return %r : tensor<4x6xi32>\n",
        "%r = stablehlo.reduce(%b init: %f) applies stablehlo.or across dimensions = [1] : "
        "(tensor<4x5x6xi1>, tensor<i1>) -> tensor<4x6xi1>\n  return %r : tensor<4x6xi1>\n",
        "%r = stablehlo.reduce(%i init: %iz) applies stablehlo.maximum across dimensions = [2] : "
        "(tensor<4x5x6xi32>, tensor<i32>) -> tensor<4x5xi32>\n  return %r : tensor<4x5xi32>\n",
    };
    static const char *const results[] = {"tensor<f32>", "tensor<4x6xf32>", "tensor<5xf32>", "tensor<4x6xi32>",
                                          "tensor<4x6xi1>", "tensor<4x5xi32>"};
    for (int b = 0; b < 6; b++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "func.func @main(%%x: tensor<4x5x6xf32>, %%i: tensor<4x5x6xi32>, %%b: tensor<4x5x6xi1>) -> %s {\n"
                 "  %%zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
                 "  %%iz = stablehlo.constant dense<7> : tensor<i32>\n"
                 "  %%f = stablehlo.constant dense<false> : tensor<i1>\n"
                 "  %s}\n", results[b], bodies[b]);
        check_both_modes(text, (check){.kind = IR_FUSION_REDUCE, .tol = {16, 1e-5}, .specials = b >= 3,
                                       .name = "reduce shapes"});
    }
}

/* Scalars, zero-size tensors and unit dims. */
/* A loop kernel transposing a big operand's last dim walks the two dims in
 * tiles (emit_loop.c, "transposes in tiles"), each through a tile in local
 * memory: the same elements, each once, bit for bit; on threads too, tiles
 * of the rows dim clipped to the chunk (320 rows: chunks that are no
 * multiple of the tile); also where a reshape follows (attention's heads
 * merged back), and for an 8-byte type. */
TEST(transposes_run_in_tiles) {
    static const char four[] =
        "func.func @main(%x: tensor<4x8x96x64xf32>, %z: tensor<4x8x64x96xf32>) -> tensor<4x8x64x96xf32> {\n"
        "  %t = stablehlo.transpose %x, dims = [0, 1, 3, 2] : (tensor<4x8x96x64xf32>) -> tensor<4x8x64x96xf32>\n"
        "  %y = stablehlo.add %t, %z : tensor<4x8x64x96xf32>\n"
        "  return %y : tensor<4x8x64x96xf32>\n}\n";
    static const char two[] =
        "func.func @main(%x: tensor<320x512xf32>) -> tensor<512x320xf32> {\n"
        "  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<320x512xf32>) -> tensor<512x320xf32>\n"
        "  return %t : tensor<512x320xf32>\n}\n";
    static const char heads[] =
        "func.func @main(%x: tensor<2x2x64x4x256xf64>) -> tensor<2x256x8x64xf64> {\n"
        "  %t = stablehlo.transpose %x, dims = [0, 4, 1, 3, 2] : (tensor<2x2x64x4x256xf64>) -> tensor<2x256x2x4x64xf64>\n"
        "  %r = stablehlo.reshape %t : (tensor<2x256x2x4x64xf64>) -> tensor<2x256x8x64xf64>\n"
        "  return %r : tensor<2x256x8x64xf64>\n}\n";
    for (int threads = 1; threads <= 2; threads++) {
        check_program(four, &(check){.kind = IR_FUSION_LOOP, .strict = true, .threads = threads, .specials = true,
                                     .name = "transpose in tiles", .contains = "aj_tile["});
        check_program(two, &(check){.kind = IR_FUSION_LOOP, .strict = true, .threads = threads, .specials = true,
                                    .name = "2-D transpose", .contains = threads == 1 ? "aj_tile[" : "aj_lo / 32"});
        check_program(heads, &(check){.kind = IR_FUSION_LOOP, .strict = true, .threads = threads, .specials = true,
                                      .name = "heads merged", .contains = "aj_tile["});
    }
}

TEST(degenerate_shapes_work) {
    static const char *const loops[] = {
        "func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {\n"
        "  %r = stablehlo.atan2 %a, %b : tensor<f32>\n  return %r : tensor<f32>\n}\n",
        "func.func @main(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {\n"
        "  %r = stablehlo.negate %x : tensor<0x3xf32>\n  return %r : tensor<0x3xf32>\n}\n",
        "func.func @main(%x: tensor<1x5x1xf32>, %s: tensor<1x1xf32>) -> (tensor<1x1x5xf32>, tensor<1x1x5xf32>) {\n"
        "  %t = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<1x5x1xf32>) -> tensor<1x1x5xf32>\n"
        "  %r = stablehlo.reshape %x : (tensor<1x5x1xf32>) -> tensor<5xf32>\n"
        "  %b = stablehlo.broadcast_in_dim %r, dims = [2] : (tensor<5xf32>) -> tensor<1x1x5xf32>\n"
        "  %c = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x1x5xf32>\n"
        "  %m = stablehlo.multiply %b, %c : tensor<1x1x5xf32>\n"
        "  return %t, %m : tensor<1x1x5xf32>, tensor<1x1x5xf32>\n}\n",
        "func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {\n"
        "  %e = stablehlo.constant dense<> : tensor<0xf32>\n"
        "  %c = stablehlo.concatenate %e, %x, %e, dim = 0 : (tensor<0xf32>, tensor<3xf32>, tensor<0xf32>) -> tensor<3xf32>\n"
        "  return %c, %x : tensor<3xf32>, tensor<3xf32>\n}\n",
    };
    for (int i = 0; i < 4; i++)
        check_both_modes(loops[i], (check){.kind = IR_FUSION_LOOP, .specials = true, .name = "degenerate loop"});
    static const char *const reduces[] = {
        "func.func @main(%x: tensor<4x0xf32>) -> tensor<4xf32> {\n"
        "  %z = stablehlo.constant dense<1.5> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x0xf32>, tensor<f32>) -> tensor<4xf32>\n"
        "  return %r : tensor<4xf32>\n}\n",
        "func.func @main(%x: tensor<0x4xf32>) -> tensor<4xf32> {\n"
        "  %z = stablehlo.constant dense<1.5> : tensor<f32>\n"
        "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<0x4xf32>, tensor<f32>) -> tensor<4xf32>\n"
        "  return %r : tensor<4xf32>\n}\n",
        "func.func @main(%x: tensor<5xf32>, %z: tensor<f32>) -> tensor<5xf32> {\n"
        "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [] : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>\n"
        "  return %r : tensor<5xf32>\n}\n",
        "func.func @main(%x: tensor<1x7x1xf32>, %z: tensor<f32>) -> tensor<1x1xf32> {\n"
        "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<1x7x1xf32>, tensor<f32>) -> tensor<1x1xf32>\n"
        "  return %r : tensor<1x1xf32>\n}\n",
    };
    for (int i = 0; i < 4; i++)
        check_both_modes(reduces[i], (check){.kind = IR_FUSION_REDUCE, .specials = true, .name = "degenerate reduce"});
}

/* ---- dot kernels ------------------------------------------------------------------------- */

/* "func.func @main(%l: L, %r: R) -> T { %d = dot_general ... ; <epilogue> return }" */
static void check_dot(const char *lhs, const char *rhs, const char *out, const char *dims, const char *epilogue,
                      const char *ret, bool blis) {
    char text[4096];
    const char *types = strchr(ret, ':') + 2;
    bool several = strchr(types, ',') != NULL;
    snprintf(text, sizeof text,
             "func.func @main(%%l: %s, %%r: %s, %%bias: %s) -> %s%s%s {\n"
             "  %%d = stablehlo.dot_general %%l, %%r, %s : (%s, %s) -> %s\n"
             "%s"
             "  return %s\n"
             "}\n",
             lhs, rhs, out, several ? "(" : "", types, several ? ")" : "", dims, lhs, rhs, out, epilogue, ret);
    check k = {.kind = IR_FUSION_DOT, .range = 1, .tol = {64, 1e-4}, .name = "dot", .small_dots_by_blas = true};
    k.contains = blis ? "bli_" : NULL;
    k.lacks = blis ? NULL : "bli_";
    check_program(text, &k);
    if (blis) {   /* these products are small: by default, the loops of our own */
        k = (check){.kind = IR_FUSION_DOT, .range = 1, .tol = {64, 1e-4}, .lacks = "bli_", .name = "dot, small"};
        check_program(text, &k);
    }
    k = (check){.kind = IR_FUSION_DOT, .strict = true, .specials = true, .lacks = "bli_", .name = "dot, strict"};
    check_program(text, &k);
}

TEST(dot_kernels_call_blis_for_any_contiguous_layout) {
    /* plain, lhs transposed, rhs transposed, both (small: a transposed rhs goes to BLIS sooner) */
    check_dot("tensor<64x96xf32>", "tensor<96x80xf32>", "tensor<64x80xf32>", "contracting_dims = [1] x [0]", "",
              "%d : tensor<64x80xf32>", true);
    check_dot("tensor<96x64xf32>", "tensor<96x80xf32>", "tensor<64x80xf32>", "contracting_dims = [0] x [0]", "",
              "%d : tensor<64x80xf32>", true);
    check_dot("tensor<16x24xf32>", "tensor<20x24xf32>", "tensor<16x20xf32>", "contracting_dims = [1] x [1]", "",
              "%d : tensor<16x20xf32>", true);
    check_dot("tensor<24x16xf64>", "tensor<20x24xf64>", "tensor<16x20xf64>", "contracting_dims = [0] x [1]", "",
              "%d : tensor<16x20xf64>", true);
    /* two contracting dims merged into one; two free dims merged */
    check_dot("tensor<8x4x6xf32>", "tensor<4x6x10xf32>", "tensor<8x10xf32>", "contracting_dims = [1, 2] x [0, 1]", "",
              "%d : tensor<8x10xf32>", true);
    check_dot("tensor<2x4x6xf32>", "tensor<6x5xf32>", "tensor<2x4x5xf32>", "contracting_dims = [2] x [0]", "",
              "%d : tensor<2x4x5xf32>", true);
    /* a vector times a matrix (M = 1) and a dot of vectors (M = N = 1) */
    check_dot("tensor<64xf32>", "tensor<64x10xf32>", "tensor<10xf32>", "contracting_dims = [0] x [0]", "",
              "%d : tensor<10xf32>", true);
    check_dot("tensor<64xf32>", "tensor<64xf32>", "tensor<f32>", "contracting_dims = [0] x [0]", "",
              "%d : tensor<f32>", true);
}

/* Small f32 and f64 products (the loops of our own) run in vector tiles of
 * 6 rows by two vectors (emit_dot.c, loop_gemm_vtile): rows and columns
 * past the last whole tile, a rhs whose rows are not contiguous (no
 * tiles) and an epilogue after them, equal to the evaluator bit for bit in
 * strict mode, in batches too. */
TEST(small_products_run_in_vector_tiles) {
    static const struct {
        const char *lhs, *rhs, *out, *dims, *vector;
    } cases[] = {
        {"tensor<13x70xf32>", "tensor<70x41xf32>", "tensor<13x41xf32>", "contracting_dims = [1] x [0]", "aj_vtf"},
        {"tensor<70x13xf64>", "tensor<70x37xf64>", "tensor<13x37xf64>", "contracting_dims = [0] x [0]", "aj_vtd"},
        {"tensor<3x7x20xf32>", "tensor<3x20x33xf32>", "tensor<3x7x33xf32>",
         "batching_dims = [0] x [0], contracting_dims = [2] x [1]", "aj_vtf"},
        {"tensor<12x20xf64>", "tensor<33x20xf64>", "tensor<12x33xf64>", "contracting_dims = [1] x [1]", NULL},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%l: %s, %%r: %s) -> %s {\n"
                 "  %%d = stablehlo.dot_general %%l, %%r, %s : (%s, %s) -> %s\n"
                 "  %%t = stablehlo.tanh %%d : %s\n"
                 "  return %%t : %s\n"
                 "}\n",
                 cases[c].lhs, cases[c].rhs, cases[c].out, cases[c].dims, cases[c].lhs, cases[c].rhs, cases[c].out,
                 cases[c].out, cases[c].out);
        for (int strict = 0; strict < 2; strict++)
            check_program(text, &(check){.kind = IR_FUSION_DOT, .strict = strict, .specials = strict, .range = 1,
                                         .tol = {64, 1e-4}, .name = "vector tiles",
                                         .contains = cases[c].vector ? cases[c].vector : "tile",
                                         .lacks = cases[c].vector ? "bli_" : "aj_vt"});
    }
}

/* A product whose rhs columns are strided (q k^T) runs through BLIS from
 * SMALL_STRIDED_GEMM_MACS on (emit_dot.c): without vector tiles the loops
 * were 30x slower than BLIS at 128x64x128; tiny ones stay loops. */
TEST(products_of_a_transposed_rhs_call_blis_sooner) {
    static const char big[] =
        "func.func @main(%q: tensor<128x64xf32>, %k: tensor<128x64xf32>) -> tensor<128x128xf32> {\n"
        "  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<128x64xf32>, tensor<128x64xf32>)"
        " -> tensor<128x128xf32>\n"
        "  return %s : tensor<128x128xf32>\n}\n";
    static const char tiny[] =
        "func.func @main(%q: tensor<8x64xf32>, %k: tensor<64x64xf32>) -> tensor<8x64xf32> {\n"
        "  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<8x64xf32>, tensor<64x64xf32>)"
        " -> tensor<8x64xf32>\n"
        "  return %s : tensor<8x64xf32>\n}\n";
    check k = {.kind = IR_FUSION_DOT, .range = 1, .tol = {64, 1e-4}, .name = "transposed rhs", .contains = "bli_"};
    check_program(big, &k);
    k.contains = NULL;
    k.lacks = "bli_";
    check_program(tiny, &k);
}

TEST(batched_dot_kernels_loop_over_batches) {
    check_dot("tensor<3x16x24xf32>", "tensor<3x24x20xf32>", "tensor<3x16x20xf32>",
              "batching_dims = [0] x [0], contracting_dims = [2] x [1]", "", "%d : tensor<3x16x20xf32>", true);
    /* batch dims in the middle: strided batches */
    check_dot("tensor<16x3x24xf32>", "tensor<24x3x20xf32>", "tensor<3x16x20xf32>",
              "batching_dims = [1] x [1], contracting_dims = [2] x [0]", "", "%d : tensor<3x16x20xf32>", true);
}

TEST(dot_epilogues_run_in_place_on_the_gemm_result) {
    /* bias broadcast and tanh: the gemm writes the output, the epilogue updates it */
    check_dot("tensor<64x96xf32>", "tensor<96x80xf32>", "tensor<64x80xf32>", "contracting_dims = [1] x [0]",
              "  %bb = stablehlo.slice %bias [0:1, 0:80] : (tensor<64x80xf32>) -> tensor<1x80xf32>\n"
              "  %b1 = stablehlo.reshape %bb : (tensor<1x80xf32>) -> tensor<80xf32>\n"
              "  %b2 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<80xf32>) -> tensor<64x80xf32>\n"
              "  %s = stablehlo.add %d, %b2 : tensor<64x80xf32>\n"
              "  %t = stablehlo.tanh %s : tensor<64x80xf32>\n",
              "%t : tensor<64x80xf32>", true);
    /* the dot itself and a function of it, both returned */
    check_dot("tensor<64x96xf32>", "tensor<96x80xf32>", "tensor<64x80xf32>", "contracting_dims = [1] x [0]",
              "  %z = stablehlo.constant dense<0.0> : tensor<64x80xf32>\n"
              "  %m = stablehlo.maximum %d, %z : tensor<64x80xf32>\n",
              "%d, %m : tensor<64x80xf32>, tensor<64x80xf32>", true);
    /* an epilogue that reads the dot elsewhere than its own index: naive loop */
    check_dot("tensor<64x96xf32>", "tensor<96x64xf32>", "tensor<64x64xf32>", "contracting_dims = [1] x [0]",
              "  %tr = stablehlo.transpose %d, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>\n"
              "  %s = stablehlo.add %tr, %bias : tensor<64x64xf32>\n",
              "%s : tensor<64x64xf32>", false);
}

/* On threads, a dot whose epilogue runs by rows and whose product splits
 * by rows (M >= N) runs in chunks of rows, each chunk's gemm and then its
 * epilogue (emit_c.c, dot_parallel_chunk), also with a 3-D lhs, whose
 * rows are its first dim's; one that splits by columns (N > M) keeps the
 * split product and the epilogue after it. */
TEST(dot_epilogues_on_threads_run_by_rows_of_the_product) {
    static const char *const shapes[][4] = {
        {"tensor<512x256xf32>", "tensor<256x128xf32>", "tensor<512x128xf32>", "aj_hi - aj_lo, 128, 256"},
        {"tensor<4x128x256xf32>", "tensor<256x128xf32>", "tensor<4x128x128xf32>", "(aj_hi - aj_lo) * 128, 128, 256"},
        {"tensor<96x256xf32>", "tensor<256x640xf32>", "tensor<96x640xf32>", NULL},
    };
    for (int i = 0; i < 3; i++) {
        const char *const *t = shapes[i];
        int last = i == 1 ? 2 : 1;   /* the lhs's last dim */
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%l: %s, %%r: %s, %%b: %s) -> %s {\n"
                 "  %%d = stablehlo.dot_general %%l, %%r, contracting_dims = [%d] x [0] : (%s, %s) -> %s\n"
                 "  %%s = stablehlo.add %%d, %%b : %s\n"
                 "  %%y = stablehlo.tanh %%s : %s\n"
                 "  return %%y : %s\n}\n", t[0], t[1], t[2], t[2], last, t[0], t[1], t[2], t[2], t[2], t[2]);
        for (int threads = 2; threads <= 3; threads++)
            check_program(text, &(check){.kind = IR_FUSION_DOT, .threads = threads, .range = 1, .tol = {64, 1e-4},
                                         .name = "dot by rows on threads",
                                         .contains = t[3] ? t[3] : "aj_sgemm_split(run, ",
                                         .lacks = t[3] ? "aj_sgemm_split(run, " : "int64_t aj_lo"});
    }
}

/* On two threads a product splits into two chunks a thread where each
 * keeps at least 128 of the split dim (contract.c, contract_gemm_chunk), so that
 * a thread another process slows leaves the caller chunks to take; else
 * one a thread. */
TEST(products_split_in_chunks_a_slowed_thread_can_leave) {
    static const char *const shapes[][4] = {
        {"tensor<128x256xf32>", "tensor<256x512xf32>", "tensor<128x512xf32>", "aj_sgemm_split(run, 128, 1, 128, 512,"},
        {"tensor<64x256xf32>", "tensor<256x256xf32>", "tensor<64x256xf32>", "aj_sgemm_split(run, 128, 1, 64, 256,"},
    };
    for (int i = 0; i < 2; i++) {
        const char *const *t = shapes[i];
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%l: %s, %%r: %s) -> %s {\n"
                 "  %%d = stablehlo.dot_general %%l, %%r, contracting_dims = [1] x [0] : (%s, %s) -> %s\n"
                 "  return %%d : %s\n}\n", t[0], t[1], t[2], t[0], t[1], t[2], t[2]);
        check_program(text, &(check){.kind = IR_FUSION_DOT, .threads = 2, .range = 1, .tol = {64, 1e-4},
                                     .name = "chunks of a split product", .contains = t[3]});
    }
}

TEST(integer_and_bool_dots_call_no_blas) {
    check_dot("tensor<8x5xi32>", "tensor<5x7xi32>", "tensor<8x7xi32>", "contracting_dims = [1] x [0]", "",
              "%d : tensor<8x7xi32>", false);
    check_dot("tensor<8x5xi1>", "tensor<5x7xi1>", "tensor<8x7xi1>", "contracting_dims = [1] x [0]", "",
              "%d : tensor<8x7xi1>", false);
}

/* Strict mode's f16 and bf16 matmuls as the blocked loops (emit_dot.c,
 * "the product as loops of our own": tiles of 8 x 32), every product and
 * partial sum rounded to the type as the evaluator rounds it: bit for bit,
 * with NaN, infinities, subnormals and overflow among the inputs, and
 * rows and columns past the last whole tile. */
TEST(narrow_float_matmuls_in_strict_mode_run_as_blocked_loops) {
    static const char *const types[2] = {"bf16", "f16"};
    for (int t = 0; t < 2; t++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%l: tensor<19x150x%s>, %%r: tensor<150x45x%s>) -> tensor<19x45x%s> {\n"
                 "  %%d = stablehlo.dot_general %%l, %%r, contracting_dims = [1] x [0] : (tensor<19x150x%s>, "
                 "tensor<150x45x%s>) -> tensor<19x45x%s>\n"
                 "  return %%d : tensor<19x45x%s>\n}\n",
                 types[t], types[t], types[t], types[t], types[t], types[t], types[t]);
        check k = {.kind = IR_FUSION_DOT, .strict = true, .specials = true, .contains = "tile", .lacks = "bli_",
                   .name = "narrow matmul, strict"};
        check_program(text, &k);
        k.specials = false;
        k.range = 300;   /* partial sums past f16's 65504 */
        check_program(text, &k);
    }
}

/* Fast mode's dots of narrow operands with f32 results (contract
 * DOT_CONVERT): each operand converted into f32 scratch by aj_widen_<type>
 * tasks, on two threads in chunks of rows, then sgemm. A plain matmul of
 * bf16 by i8 (three K blocks of 256, the lhs block strided) and a batched
 * one of f16 by u8 (both operands whole) agree with the evaluator to
 * rounding. */
TEST(narrow_operand_dots_convert_on_threads) {
    static const char plain[] =
        "func.func @main(%l: tensor<300x600xbf16>, %r: tensor<600x70xi8>) -> tensor<300x70xf32> {\n"
        "  %d = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<300x600xbf16>, "
        "tensor<600x70xi8>) -> tensor<300x70xf32>\n"
        "  return %d : tensor<300x70xf32>\n}\n";
    static const char batched[] =
        "func.func @main(%l: tensor<2x200x100xf16>, %r: tensor<2x100x30xui8>) -> tensor<2x200x30xf32> {\n"
        "  %d = stablehlo.dot_general %l, %r, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
        "(tensor<2x200x100xf16>, tensor<2x100x30xui8>) -> tensor<2x200x30xf32>\n"
        "  return %d : tensor<2x200x30xf32>\n}\n";
    check k = {.kind = IR_FUSION_DOT, .threads = 2, .range = 4, .tol = {256, 1e-3}, .contains = "aj_widen_",
               .name = "narrow dot, threads"};
    check_program(plain, &k);
    check_program(batched, &k);
}

/* Narrow matmuls on threads in panels (contract convert_span): the
 * shared operand converted a span of K at a time, each task its panel's K
 * blocks and its epilogue. Shapes (M x K x N): 70 x 600 x 300 (columns,
 * the lhs whole; N split at 160, the last panel not a multiple of 32),
 * 200 x 1000 x 300 (columns, spans of 768 and 232), 300 x 600 x 70 (rows,
 * the rhs whole), 150 x 900 x 100 (rows, two spans). Epilogues: none (the
 * product returned), a per-column scale and tanh with the product returned
 * too, a rounding to bf16 (the product in scratch). Refused, the same
 * programs by their K blocks: one thread, and a result of another shape (a
 * transposed product: a task's panel is not its). */
TEST(narrow_matmuls_run_in_panels_on_threads) {
    static const int64_t shapes[4][3] = {{70, 600, 300}, {200, 1000, 300}, {300, 600, 70}, {150, 900, 100}};
    for (int s = 0; s < 4; s++)
        for (int e = 0; e < 4; e++)
            for (int threads = 1; threads <= 2; threads++) {
                if (threads == 1 && e != 1) continue;
                int64_t m = shapes[s][0], kk = shapes[s][1], n = shapes[s][2];
                char prod[64], tprod[64], half[64], epi[1024], ret[160], text[2048];
                snprintf(prod, sizeof prod, "tensor<%" PRId64 "x%" PRId64 "xf32>", m, n);
                snprintf(tprod, sizeof tprod, "tensor<%" PRId64 "x%" PRId64 "xf32>", n, m);
                snprintf(half, sizeof half, "tensor<%" PRId64 "x%" PRId64 "xbf16>", m, n);
                if (e == 0) snprintf(epi, sizeof epi, "  return %%d : %s\n}\n", prod);
                if (e == 1)
                    snprintf(epi, sizeof epi,
                             "  %%sb = stablehlo.broadcast_in_dim %%s, dims = [1] : (tensor<%" PRId64 "xf32>) -> %s\n"
                             "  %%m = stablehlo.multiply %%d, %%sb : %s\n  %%t = stablehlo.tanh %%m : %s\n"
                             "  return %%t, %%d : %s, %s\n}\n", n, prod, prod, prod, prod, prod);
                if (e == 2)
                    snprintf(epi, sizeof epi, "  %%c = stablehlo.convert %%d : (%s) -> %s\n  return %%c : %s\n}\n", prod,
                             half, half);
                if (e == 3)
                    snprintf(epi, sizeof epi, "  %%t = stablehlo.transpose %%d, dims = [1, 0] : (%s) -> %s\n"
                             "  return %%t : %s\n}\n", prod, tprod, tprod);
                snprintf(ret, sizeof ret, "%s", e == 1 ? "(" : "");
                snprintf(ret + strlen(ret), sizeof ret - strlen(ret), "%s", e == 2 ? half : e == 3 ? tprod : prod);
                if (e == 1) snprintf(ret + strlen(ret), sizeof ret - strlen(ret), ", %s)", prod);
                snprintf(text, sizeof text,
                         "func.func @main(%%l: tensor<%" PRId64 "x%" PRId64 "xbf16>, %%r: tensor<%" PRId64 "x%" PRId64
                         "xi8>, %%s: tensor<%" PRId64 "xf32>) -> %s {\n"
                         "  %%d = stablehlo.dot_general %%l, %%r, contracting_dims = [1] x [0] : (tensor<%" PRId64
                         "x%" PRId64 "xbf16>, tensor<%" PRId64 "x%" PRId64 "xi8>) -> %s\n%s",
                         m, kk, kk, n, n, ret, m, kk, kk, n, prod, epi);
                bool panels = threads == 2 && e < 3;
                /* sums of up to 1000 products of up to 16 in another order: 1e-3 apart (of 58) */
                check k = {.kind = IR_FUSION_DOT, .threads = threads, .range = 4, .tol = {256, 1e-2},
                           .contains = panels ? "_panels(void *const *aj_p, int64_t aj_lo, int64_t aj_hi)" : "aj_widen_",
                           .lacks = panels ? NULL : "_panels", .name = "narrow matmul in panels"};
                check_program(text, &k);
            }
}

/* i8/u8 matmuls giving i32 (contract DOT_BYTES): the product of bytes
 * (src/util/byte_gemm.h) in every signedness and both rhs layouts, with
 * K, N and M off its blocks (K: 2, 4 and 32 values, N: 16 and 32 columns,
 * M: 4, 64 and 256 rows), its sums returned, added to in place, converted to f32 in
 * the result's buffer (a 4-byte type), to f64 (then in scratch), or to
 * f32 and added to, two results that read each sum; in
 * strict mode, in fast mode on two threads, without VNNI (AVX2's
 * vpmaddwd, where the CPU has it) and without either (the loops):
 * the evaluator's sums bit for bit each time. Byte values from the
 * specials include 0x80 and 0xff, where flipping B's top bit (byte_gemm.h)
 * would show a slip. */
TEST(byte_matmuls_run_as_products_of_bytes) {
    static const char *const types[4][2] = {{"i8", "i8"}, {"ui8", "ui8"}, {"i8", "ui8"}, {"ui8", "i8"}};
    static const int64_t shapes[4][3] = {{70, 37, 50}, {130, 130, 33}, {3, 600, 300}, {265, 5, 1}};
    for (int t = 0; t < 4; t++)
        for (int e = 0; e < 5; e++) {   /* returned, added to, to f32 (in place), to f64 (scratch), both */
            const int64_t *sh = shapes[(t + e) % 4];
            bool transposed = (t + e) % 2;   /* the rhs [N, K] (x @ w.T): its words gathered */
            char lhs[64], rhs[64], out[64], fout[64], dout[64], epi[512], ret[256], rtypes[160], text[2048];
            snprintf(lhs, sizeof lhs, "tensor<%" PRId64 "x%" PRId64 "x%s>", sh[0], sh[1], types[t][0]);
            snprintf(rhs, sizeof rhs, "tensor<%" PRId64 "x%" PRId64 "x%s>", transposed ? sh[2] : sh[1],
                     transposed ? sh[1] : sh[2], types[t][1]);
            snprintf(out, sizeof out, "tensor<%" PRId64 "x%" PRId64 "xi32>", sh[0], sh[2]);
            snprintf(fout, sizeof fout, "tensor<%" PRId64 "x%" PRId64 "xf32>", sh[0], sh[2]);
            snprintf(dout, sizeof dout, "tensor<%" PRId64 "x%" PRId64 "xf64>", sh[0], sh[2]);
            const char *to = e == 2 || e == 4 ? fout : e == 3 ? dout : out;
            snprintf(epi, sizeof epi, "%s", "");
            if (e == 1) snprintf(epi, sizeof epi, "  %%s = stablehlo.add %%d, %%bias : %s\n", out);
            if (e >= 2) snprintf(epi, sizeof epi, "  %%s = stablehlo.convert %%d : (%s) -> %s\n", out, to);
            if (e == 4) snprintf(epi + strlen(epi), sizeof epi - strlen(epi), "  %%t = stablehlo.add %%d, %%bias : %s\n", out);
            snprintf(ret, sizeof ret, "%%%c%s : %s%s%s", e ? 's' : 'd', e == 4 ? ", %t" : "", to, e == 4 ? ", " : "",
                     e == 4 ? out : "");
            snprintf(rtypes, sizeof rtypes, "%s%s%s%s%s", e == 4 ? "(" : "", to, e == 4 ? ", " : "", e == 4 ? out : "",
                     e == 4 ? ")" : "");
            snprintf(text, sizeof text,
                     "func.func @main(%%l: %s, %%r: %s, %%bias: %s) -> %s {\n"
                     "  %%d = stablehlo.dot_general %%l, %%r, contracting_dims = [1] x [%d] : (%s, %s) -> %s\n"
                     "%s  return %s\n}\n",
                     lhs, rhs, out, rtypes, transposed, lhs, rhs, out, epi, ret);
            const check modes[4] = {
                {.kind = IR_FUSION_DOT, .strict = true, .specials = true, .name = "byte matmul, strict"},
                {.kind = IR_FUSION_DOT, .threads = 2, .specials = true, .name = "byte matmul, threads"},
                {.kind = IR_FUSION_DOT, .specials = true, .cflags = WARNING_FREE " -DAJ_NO_VNNI",
                 .name = "byte matmul, AVX2"},
                {.kind = IR_FUSION_DOT, .specials = true, .cflags = WARNING_FREE " -DAJ_NO_VNNI -DAJ_NO_AVX2",
                 .name = "byte matmul, loops"},
            };
            for (int m = 0; m < 4; m++) {
                check k = modes[m];
                k.contains = "aj_byte_gemm_part";
                k.lacks = "bli_";
                check_program(text, &k);
            }
        }
}

/* ---- fast math ---------------------------------------------------------------------------- */

static const char fast_math_driver[] =
    "void aj_fast_eval(int which, const float *restrict x, float *restrict y, long n) {\n"
    "    switch (which) {\n"
    "    case 0: for (long i = 0; i < n; i++) y[i] = aj_fast_expf(x[i]); break;\n"
    "    case 1: for (long i = 0; i < n; i++) y[i] = aj_fast_logf(x[i]); break;\n"
    "    case 2: for (long i = 0; i < n; i++) y[i] = aj_fast_tanhf(x[i]); break;\n"
    "    case 3: for (long i = 0; i < n; i++) y[i] = aj_fast_logisticf(x[i]); break;\n"
    "    case 4: for (long i = 0; i < n; i++) y[i] = aj_fast_expm1f(x[i]); break;\n"
    "    case 5: for (long i = 0; i < n; i++) y[i] = aj_fast_log1pf(x[i]); break;\n"
    "    case 6: for (long i = 0; i < n; i++) y[i] = aj_fast_erff(x[i]); break;\n"
    "    case 7: for (long i = 0; i < n; i++) y[i] = aj_fast_erfcf(x[i]); break;\n"
    "    case 8: for (long i = 0; i < n; i++) y[i] = aj_fast_erfinvf(x[i]); break;\n"
    "    default: for (long i = 0; i < n; i++) y[i] = aj_expf_lane(x[i]); break;\n"
    "    }\n"
    "}\n";

enum { FAST_FUNCTIONS = 9, FAST_EXP_LANE = FAST_FUNCTIONS };

static double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }

/* erf's inverse to double precision: Newton's method on erf (on erfc with
 * the exact 1 - |y| above 0.5, where erf's slope is tiny), from a bracket
 * halved until Newton's step stays inside it. */
static double erfinv_exact(double y) {
    if (!(fabs(y) <= 1)) return NAN;
    if (fabs(y) == 1) return y * INFINITY;
    double a = fabs(y), t = 1 - a, lo = 0, hi = 6, x = 1;
    for (int i = 0; i < 200; i++) {
        double f = a <= 0.5 ? erf(x) - a : t - erfc(x);   /* increasing in x */
        if (f > 0) hi = x;
        else lo = x;
        double step = f / (1.1283791670955126 * exp(-x * x)), next = x - step;
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (next == x) break;
        x = next;
    }
    return copysign(x, y);
}

typedef void (*fast_eval_fn)(int, const float *, float *, long);

/* Builds a test's C source (the prelude and a driver) as the backend
 * builds kernels, its symbol into r; the error printed. */
static int build_driver(const char *src, const char *symbol, const char *cflags, const char *ldflags,
                        build_result *r) {
    build_options o = {.cflags = cflags, .ldflags = ldflags};
    diag d = {0};
    int rc = build_shared_object(src, strlen(src), symbol, &o, r, &d);
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    return rc;
}

/* The prelude, its vector exp and the driver, built with gcc preferring
 * vectors of `width` bits (each width makes gcc call another of
 * aj_fast_expf's vector variants). */
static int build_fast_math(const char *width, build_result *r) {
    size_t size = strlen(emit_prelude) + strlen(emit_prelude_exp) + sizeof fast_math_driver;
    char *src = mem_alloc(size), cflags[200];
    snprintf(src, size, "%s%s%s", emit_prelude, emit_prelude_exp, fast_math_driver);
    snprintf(cflags, sizeof cflags, "-O3 -march=native -mprefer-vector-width=%s -fno-math-errno -ffp-contract=fast "
             "-fno-trapping-math -Wall -Wextra -Werror", width);
    int rc = build_driver(src, "aj_fast_eval", cflags, NULL, r);
    mem_free(src);
    return rc;
}

/* Function f over random bit patterns, its interesting range and the
 * extremes; returns the max ULP distance from double-precision libm
 * rounded to f32 (NaN must give NaN), the argument in *at. */
static int64_t fast_math_worst(fast_eval_fn eval, int f, float *x, float *y, int n, float *at) {
    static const double lo[] = {-110, 0, -12, -110, -20, -1, -5, -5, -1}, hi[] = {95, 10, 12, 110, 90, 10, 5, 12, 1};
    double (*const ref[])(double) = {exp, log, tanh, logistic, expm1, log1p, erf, erfc, erfinv_exact};
    static const float extremes[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, FLT_MIN, FLT_MAX,
                                     -FLT_MAX, 88.72f, 88.73f, -87.3f, -103.9f, -104.0f, -200.0f, 1.0f, -1.0f,
                                     0.625f, -0.625f, 9.0f, 10.0f, 89.0f, 89.5f, -103.5f, -87.34f, -88.0f,
                                     9.02f, 9.5f, -9.5f, 9.5000010f, 0.0149985664f, -0.0149985664f,
                                     -0.0f / 0.0f};   /* the clamps' edges; tanh's worst (2 ULP); -NaN */
    uint64_t seed = 99;
    int ne = (int)(sizeof extremes / sizeof *extremes);
    for (int i = 0; i < n; i++) {
        uint32_t bits = (uint32_t)testing_random(&seed);
        if (i < ne) x[i] = extremes[i];
        else if (i & 1) memcpy(&x[i], &bits, 4);
        else x[i] = (float)(lo[f] + (hi[f] - lo[f]) * uniform(&seed));
    }
    eval(f, x, y, n);
    int64_t worst = 0;
    for (int i = 0; i < n; i++) {
        float want = (float)ref[f]((double)x[i]);
        int64_t u;
        if (isnan(want) || isnan(y[i])) u = isnan(want) && isnan(y[i]) ? 0 : INT64_MAX;
        else u = llabs(float_key(y[i], true) - float_key(want, true));
        if (u > worst) worst = u, *at = x[i];
    }
    return worst;
}

/* Whether exp's vector variant (through aj_fast_expf) gives the per-lane
 * body's bits for every argument of x (NaN: any NaN). */
static bool vector_exp_is_exact(fast_eval_fn eval, const float *x, float *y, float *z, int n) {
    eval(0, x, y, n);
    eval(FAST_EXP_LANE, x, z, n);
    for (int i = 0; i < n; i++)
        if (memcmp(&y[i], &z[i], 4) && !(isnan(y[i]) && isnan(z[i]))) return false;
    return true;
}

/* The accuracy bounds at each vector width (tanh: 2 ULP is its bound over
 * all floats, checked exhaustively, asserted exactly), and the speed over
 * ordinary arguments (subnormal results cost microcode assists). */
TEST(fast_math_accuracy) {
    static const char *const names[] = {"exp", "log", "tanh", "logistic", "expm1", "log1p", "erf", "erfc", "erfinv"},
                      *const widths[] = {"512", "256", "128"};
    static const int64_t limit[FAST_FUNCTIONS] = {2, 2, 2, 3, 2, 3, 3, 8, 4};
    /* Where the speed is measured: erfc's results are subnormal past 9.2 */
    static const double typical_lo[FAST_FUNCTIONS] = {-10, 0, -10, -10, -10, -0.9, -5, -5, -1},
                        typical_hi[FAST_FUNCTIONS] = {10, 10, 10, 10, 10, 10, 5, 5, 1};
    enum { N = 2000000 };
    float *x = malloc(sizeof(float) * N), *y = malloc(sizeof(float) * N), *z = malloc(sizeof(float) * N);
    for (int w = 0; w < 3; w++) {
        build_result r;
        if (build_fast_math(widths[w], &r)) continue;
        fast_eval_fn eval;
        memcpy(&eval, &r.symbol, sizeof eval);
        for (int f = 0; f < FAST_FUNCTIONS; f++) {
            float at = 0;
            int64_t worst = fast_math_worst(eval, f, x, y, N, &at);
            EXPECT(worst <= limit[f]);
            if (f == 0) EXPECT(vector_exp_is_exact(eval, x, y, z, N));
            uint64_t seed = 7;
            for (int i = 0; i < N; i++) x[i] = (float)(typical_lo[f] + (typical_hi[f] - typical_lo[f]) * uniform(&seed));
            double t0 = now();
            eval(f, x, y, N);
            double t = now() - t0;
            printf("fast %-8s %s-bit vectors: max %lld ULP (at %.9g) over %d values; %.2f ns/value\n", names[f],
                   widths[w], (long long)worst, (double)at, N, t * 1e9 / N);
        }
        build_release(&r);
    }
    free(x);
    free(y);
    free(z);
}

/* Fast mode's libm calls (the prelude's aj_vm_ names): each function in a
 * loop as a kernel has it, built as the backend builds (-O3 -march=native),
 * over random bit patterns, a typical range and the special values (NaN,
 * +-inf, +-0, the domains' edges, pow's and atan2's special pairs), within
 * VECTOR_MATH_ULP of libm in a wider type (double for f32, long double for
 * f64), NaN where it gives NaN. Where glibc has libmvec (x86-64, 2.35 on)
 * the loops must call it: the object loads libmvec.so.1. */
enum { VECTOR_MATH_ULP = 4 };

typedef struct vm_function {
    const char *name;
    double (*ref)(double);
    long double (*refl)(long double);
    double (*ref2)(double, double);
    long double (*refl2)(long double, long double);
    double lo, hi;
    bool f32;   /* fast mode calls it on f32 too (the others have prelude approximations there) */
} vm_function;

#define VM1(F, LO, HI, F32) {#F, F, F##l, NULL, NULL, LO, HI, F32}
#define VM2(F, LO, HI) {#F, NULL, NULL, F, F##l, LO, HI, true}
static const vm_function vm_functions[] = {
    VM1(sin, -20, 20, true), VM1(cos, -20, 20, true), VM1(tan, -20, 20, true), VM1(asin, -1.1, 1.1, true),
    VM1(acos, -1.1, 1.1, true), VM1(atan, -100, 100, true), VM1(sinh, -100, 100, true), VM1(cosh, -100, 100, true),
    VM1(tanh, -20, 20, false), VM1(asinh, -1e3, 1e3, true), VM1(acosh, 0.5, 1e3, true), VM1(atanh, -1.1, 1.1, true),
    VM1(exp, -800, 800, false), VM1(expm1, -40, 800, false), VM1(log, -1, 1e4, false), VM1(log1p, -1.5, 1e4, false),
    VM1(cbrt, -1e3, 1e3, true), VM1(erf, -6, 6, false), VM1(erfc, -6, 30, false), VM2(pow, -4, 40), VM2(atan2, -10, 10),
};
enum { VM_FUNCTIONS = (int)(sizeof vm_functions / sizeof *vm_functions) };

/* aj_vm_eval(function, f64?, x, y, result, n): vm_functions' order. */
static char *vector_math_driver(void) {
    sbuf b = {0};
    sb_puts(&b, emit_prelude);
    sb_puts(&b, "void aj_vm_eval(int which, int f64, const void *restrict x, const void *restrict y, void *restrict r, long n) {\n"
                "    const float *xf = x, *yf = y; const double *xd = x, *yd = y; float *rf = r; double *rd = r;\n"
                "    (void)xf, (void)yf, (void)xd, (void)yd, (void)rf, (void)rd;\n"
                "    switch (which * 2 + f64) {\n");
    for (int f = 0; f < VM_FUNCTIONS; f++) {
        const char *n = vm_functions[f].name, *args = vm_functions[f].ref ? "[i]" : "[i], y";
        sb_printf(&b, "    case %d: for (long i = 0; i < n; i++) rf[i] = aj_vm_%sf(xf%s%s); break;\n", f * 2, n, args,
                  vm_functions[f].ref ? "" : "f[i]");
        sb_printf(&b, "    case %d: for (long i = 0; i < n; i++) rd[i] = aj_vm_%s(xd%s%s); break;\n", f * 2 + 1, n, args,
                  vm_functions[f].ref ? "" : "d[i]");
    }
    sb_puts(&b, "    }\n}\n");
    return b.failed ? (sb_free(&b), NULL) : b.s;
}

static const double vm_specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-45, -1e-300,
                                     3.4e38, -3.4e38, 1e300, 1e30, -1e30, 1e10, 0.1, 89.0, 710.0, -745.0};

/* Argument i of function f: a special (the pairs of two-argument ones
 * crossed), random bits, or the typical range. */
static double vm_argument(const vm_function *f, bool f64, int i, int which, uint64_t *seed) {
    enum { NS = (int)(sizeof vm_specials / sizeof *vm_specials) };
    if (i < NS * NS) return vm_specials[which == 0 ? i % NS : i / NS % NS];
    uint64_t bits = testing_random(seed);
    if (i & 1) {
        if (!f64) {
            float v;
            uint32_t b32 = (uint32_t)bits;
            memcpy(&v, &b32, 4);
            return v;
        }
        double v;
        memcpy(&v, &bits, 8);
        return v;
    }
    return f->lo + (f->hi - f->lo) * uniform(seed);
}

static int64_t vm_distance(double got, long double want, bool f64) {
    double w = f64 ? (double)want : (double)(float)want;
    if (isnan(w) || isnan(got)) return isnan(w) && isnan(got) ? 0 : INT64_MAX;
    return llabs(float_key(got, !f64) - float_key(w, !f64));
}

TEST(fast_libm_calls_vectorise_within_4_ulp) {
    char *src = vector_math_driver();
    EXPECT(src != NULL);
    if (!src) return;
    print_source_if_asked("vector math", src);
    build_result r;
    int rc = build_driver(src, "aj_vm_eval", "-O3 -march=native -Wall -Wextra -Werror", "-lm", &r);
    mem_free(src);
    if (rc) return;
#if defined __x86_64__ && defined __GLIBC__ && __GLIBC_PREREQ(2, 35)
    void *mvec = dlopen("libmvec.so.1", RTLD_NOW | RTLD_NOLOAD);
    EXPECT(mvec != NULL);
    if (mvec) dlclose(mvec);
#endif
    void (*eval)(int, int, const void *, const void *, void *, long);
    memcpy(&eval, &r.symbol, sizeof eval);
    enum { N = 100000 };
    double *x = malloc(sizeof(double) * N), *y = malloc(sizeof(double) * N), *out = malloc(sizeof(double) * N);
    float *xf = malloc(sizeof(float) * N), *yf = malloc(sizeof(float) * N), *outf = malloc(sizeof(float) * N);
    for (int f = 0; f < VM_FUNCTIONS; f++)
        for (int f64 = vm_functions[f].f32 ? 0 : 1; f64 <= 1; f64++) {
            const vm_function *v = &vm_functions[f];
            uint64_t seed = (uint64_t)f * 2 + (uint64_t)f64 + 1;
            for (int i = 0; i < N; i++) {
                x[i] = vm_argument(v, f64, i, 0, &seed), y[i] = vm_argument(v, f64, i, 1, &seed);
                if (!f64) x[i] = xf[i] = (float)x[i], y[i] = yf[i] = (float)y[i];
            }
            eval(f, f64, f64 ? (void *)x : (void *)xf, f64 ? (void *)y : (void *)yf, f64 ? (void *)out : (void *)outf, N);
            int64_t worst = 0;
            double at = 0;
            for (int i = 0; i < N; i++) {
                long double want = v->ref ? (f64 ? v->refl(x[i]) : v->ref(x[i]))
                                          : (f64 ? v->refl2(x[i], y[i]) : v->ref2(x[i], y[i]));
                int64_t u = vm_distance(f64 ? out[i] : outf[i], want, f64);
                if (u > worst) worst = u, at = x[i];
            }
            if (worst > VECTOR_MATH_ULP)
                fprintf(stderr, "aj_vm_%s%s: %lld ULP at %.17g\n", v->name, f64 ? "" : "f", (long long)worst, at);
            EXPECT(worst <= VECTOR_MATH_ULP);
        }
    free(x), free(y), free(out), free(xf), free(yf), free(outf);
    build_release(&r);
}

/* f16 buffers hold bits (uint16_t), loaded by aj_f16_to_f32 and stored by
 * aj_f32_to_f16 (integer ops that vectorise): as the evaluator's decode
 * (src/util/float16.c) on every half, a NaN's bits kept; a load then a store
 * gives back every bit pattern; a store rounds as its encode on floats of
 * every exponent (random bits, every 16th pattern's neighbourhood), a NaN
 * keeping its payload's top bits (quiet where they are all 0). Both loops
 * vectorise (gcc's report says so). */
static const char f16_driver[] =
    "void aj_f16_eval(int store, const void *restrict x, void *restrict y, long n) {\n"
    "    if (store) for (long i = 0; i < n; i++) ((uint16_t *)y)[i] = aj_f32_to_f16(((const float *)x)[i]);\n"
    "    else for (long i = 0; i < n; i++) ((float *)y)[i] = aj_f16_to_f32(((const uint16_t *)x)[i]);\n"
    "}\n";

/* Whether gcc's -fopt-info-vec-optimized report says it vectorised the
 * loop on source line `line`. */
static bool report_vectorised(const char *report, int line) {
    FILE *f = fopen(report, "r");
    char text[1024], at[32];
    snprintf(at, sizeof at, ":%d:", line);
    bool found = false;
    while (f && !found && fgets(text, sizeof text, f)) found = strstr(text, at) && strstr(text, "loop vectorized");
    if (f) fclose(f);
    return found;
}

TEST(f16_loads_and_stores_are_exact) {
    size_t size = strlen(emit_prelude) + sizeof f16_driver;
    char *src = mem_alloc(size), report[] = "/tmp/aj_f16_vec_XXXXXX", cflags[160];
    snprintf(src, size, "%s%s", emit_prelude, f16_driver);
    int fd = mkstemp(report), prelude_lines = 0;
    EXPECT(fd >= 0);
    if (fd >= 0) close(fd);
    for (const char *c = emit_prelude; *c; c++) prelude_lines += *c == '\n';
    snprintf(cflags, sizeof cflags, "-O3 -march=native -Wall -Wextra -Werror -fopt-info-vec-optimized=%s", report);
    build_result r;
    int rc = build_driver(src, "aj_f16_eval", cflags, NULL, &r);
    mem_free(src);
    EXPECT(report_vectorised(report, prelude_lines + 2));   /* the store loop */
    EXPECT(report_vectorised(report, prelude_lines + 3));   /* the load loop */
    unlink(report);
    if (rc) return;
    void (*eval)(int, const void *, void *, long);
    memcpy(&eval, &r.symbol, sizeof eval);
    enum { HALVES = 1 << 16, FLOATS = 1 << 22 };
    uint16_t *h = malloc(sizeof(uint16_t) * FLOATS), *back = malloc(sizeof(uint16_t) * FLOATS);
    float *f = malloc(sizeof(float) * FLOATS);
    for (int i = 0; i < HALVES; i++) h[i] = (uint16_t)i;
    eval(0, h, f, HALVES);
    eval(1, f, back, HALVES);
    int64_t bad = 0;
    for (int i = 0; i < HALVES; i++) {
        float want = (float)f16_to_double(h[i]);   /* a NaN made quiet by the conversion: its bits below */
        uint32_t got_bits, want_bits;
        memcpy(&got_bits, &f[i], 4), memcpy(&want_bits, &want, 4);
        if (isnan(want)) want_bits = (uint32_t)(h[i] & 0x8000u) << 16 | 0x7f800000u | (uint32_t)(h[i] & 0x3ffu) << 13;
        bad += got_bits != want_bits || back[i] != h[i];
    }
    uint64_t seed = 5;
    for (int i = 0; i < FLOATS; i++) {
        uint32_t bits = i & 1 ? (uint32_t)testing_random(&seed) : (uint32_t)i * 2048u + (uint32_t)(testing_random(&seed) & 0xfff) - 0x800u;
        memcpy(&f[i], &bits, 4);
    }
    eval(1, f, back, FLOATS);
    for (int i = 0; i < FLOATS; i++) {
        uint16_t want = f16_from_double(f[i]);
        if (isnan(f[i])) {
            uint32_t bits;
            memcpy(&bits, &f[i], 4);
            uint16_t payload = (uint16_t)(bits >> 13 & 0x3ffu);
            want = (uint16_t)((bits >> 16 & 0x8000u) | 0x7c00u | (payload ? payload : 0x200u));
        }
        if (back[i] != want && bad++ < 5) fprintf(stderr, "aj_f32_to_f16(%a): %04x, want %04x\n", f[i], back[i], want);
    }
    EXPECT_EQ_INT(bad, 0);
    free(h), free(back), free(f);
    build_release(&r);
}

/* ---- the entry: several kernels, constants, copies, in place ---------------------------------- */

static const char pipeline_text[] =
    "func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>)\n"
    "    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) {\n"
    "  %c = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.5, 0.25, 0.125, -1.0, -2.0, -3.0,"
    " 0x7FC00000, 0x80000000], [9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0], [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]]>"
    " : tensor<4x8xf32>\n"
    "  %t = stablehlo.add %x, %c : tensor<4x8xf32>\n"
    "  %u = stablehlo.multiply %t, %y : tensor<4x8xf32>\n"
    "  %e = stablehlo.exponential %u : tensor<4x8xf32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %o = stablehlo.negate %e : tensor<4x8xf32>\n"
    "  return %o, %x, %c, %s : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>\n"
    "}\n";

/* Four kernels in one source: a top-level constant read by a kernel and
 * copied to an output, a parameter copied to an output, an arena value
 * overwritten in place by the next kernel (whose pointers then lose
 * restrict), a reduce kernel between loop kernels. */
TEST(the_entry_runs_kernels_in_order_with_planned_pointers) {
    compiled_fn c = {.m = parse(pipeline_text)};
    if (!c.m) return;
    c.f = ir_module_entry(c.m);
    c.fused = ir_module_clone(c.m);
    c.ff = ir_module_entry(c.fused);
    static const ir_fusion_kind kinds[] = {IR_FUSION_LOOP, IR_FUSION_LOOP, IR_FUSION_REDUCE, IR_FUSION_LOOP};
    EXPECT_EQ_INT(fuse_ranges(c.ff, 4, (int[]){1, 2, 4, 6}, kinds), DIAG_OK);
    diag d = {0};
    EXPECT_EQ_INT(ir_verify_module(c.fused, &d), DIAG_OK);
    plan_simple(c.ff, 0, &c.p);
    const ir_op *first = c.ff->body->ops[1], *second = c.ff->body->ops[2];
    plan_buffer *t = &c.p.buf[first->out[0]], *e = &c.p.buf[second->out[0]];
    EXPECT(t->home == PLAN_ARENA && e->home == PLAN_ARENA);
    e->offset = t->offset;                 /* %e overwrites %t, which dies there */
    e->in_place_of = first->out[0];
    check k = {.kind = IR_FUSION_LOOP, .strict = true, .specials = true, .name = "pipeline",
               .contains = "static void aj_k2(const float *restrict a0, const float *a1, float *r0"};
    codegen_options o = options_of(&k);
    char *src = NULL;
    size_t len;
    EXPECT_EQ_INT(emit_c_source(c.ff, &c.p, &o, &src, &len, &d), DIAG_OK);
    print_source_if_asked("pipeline", src);
    EXPECT_CONTAINS(src, k.contains);
    EXPECT_CONTAINS(src, "void *aj_arg0 = args[0];");   /* the caller's pointers, read once per part */
    EXPECT_CONTAINS(src, "memcpy(aj_out1, (const float *)aj_arg0, 128);");
    EXPECT_CONTAINS(src, "memcpy(aj_out2, ((float *)aj_opaque(aj_cst");   /* read-only data, hidden from gcc */
    mem_free(src);
    int rc = codegen_c_backend.build(c.ff, &c.p, &o, &c.code, &d);
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (!rc) run_and_compare(&c, &k, 7);
    compiled_free(&c);
}

/* ---- errors ----------------------------------------------------------------------------------- */

TEST(kernels_the_backend_cannot_generate_are_refused_with_a_message) {
    static const char text[] =
        "func.func @main(%x: tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<8xf32>) {\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  %n = stablehlo.slice %x [0:2, 0:8] : (tensor<4x8xf32>) -> tensor<2x8xf32>\n"
        "  return %n, %s : tensor<2x8xf32>, tensor<8xf32>\n"
        "}\n";
    static const ir_fusion_kind kinds[] = {IR_FUSION_LOOP, IR_FUSION_REDUCE};
    static const char *const expect[] = {"must share one shape", "neither the reduced nor the input shape"};
    for (int i = 0; i < 2; i++) {
        ir_module *m = parse(text);
        if (!m) return;
        ir_func *f = ir_module_entry(m);
        EXPECT_EQ_INT(fuse_all(f, kinds[i]), DIAG_OK);
        plan p;
        plan_simple(f, 0, &p);
        char *src = NULL;
        size_t len;
        diag d = {0};
        EXPECT_EQ_INT(emit_c_source(f, &p, NULL, &src, &len, &d), DIAG_UNSUPPORTED);
        EXPECT_CONTAINS(d.msg, expect[i]);
        EXPECT(src == NULL);
        plan_free(&p);
        ir_module_free(m);
    }
    /* an op outside any kernel; a plan for another function */
    ir_module *m = parse(text);
    if (!m) return;
    ir_func *f = ir_module_entry(m);
    plan p;
    plan_simple(f, 0, &p);
    char *src = NULL;
    size_t len;
    diag d = {0};
    EXPECT_EQ_INT(emit_c_source(f, &p, NULL, &src, &len, &d), DIAG_UNSUPPORTED);
    EXPECT_CONTAINS(d.msg, "outside a kernel");
    p.nvalues--;
    EXPECT_EQ_INT(emit_c_source(f, &p, NULL, &src, &len, &d), DIAG_INVALID);
    plan_free(&p);
    ir_module_free(m);
}

/* Every allocation of the emitter may fail: DIAG_NOMEM, nothing leaked. */
TEST(emission_survives_failing_allocations) {
    static const char *const texts[] = {logsumexp_text, index_ops_text};
    static const ir_fusion_kind kinds[] = {IR_FUSION_REDUCE, IR_FUSION_LOOP};
    for (int t = 0; t < 2; t++) {
        ir_module *m = parse(texts[t]);
        if (!m) return;
        ir_func *f = ir_module_entry(m);
        EXPECT_EQ_INT(fuse_all(f, kinds[t]), DIAG_OK);
        plan p;
        plan_simple(f, 0, &p);
        codegen_options o = {.strict_order = t == 1};
        int failures = 0;
        for (long n = 1;; n++) {
            char *src = NULL;
            size_t len;
            diag d = {0};
            mem_fail_after(n);
            int rc = emit_c_source(f, &p, &o, &src, &len, &d);
            mem_fail_after(0);
            if (rc == DIAG_OK) {
                mem_free(src);
                break;
            }
            EXPECT_EQ_INT(rc, DIAG_NOMEM);
            EXPECT(src == NULL);
            if (rc != DIAG_NOMEM || ++failures > 100000) break;
        }
        EXPECT(failures > 10);
        plan_free(&p);
        ir_module_free(m);
    }
}

/* ---- the disk cache ----------------------------------------------------------------------------- */

static int count_files(const char *dir, const char *suffix) {
    DIR *dp = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (dp && (e = readdir(dp)))
        if (e->d_name[0] != '.' && strlen(e->d_name) >= strlen(suffix) &&
            strcmp(e->d_name + strlen(e->d_name) - strlen(suffix), suffix) == 0)
            n++;
    if (dp) closedir(dp);
    return n;
}

/* The path of the only cache entry. */
static bool only_entry(const char *dir, char *path, size_t size) {
    DIR *dp = opendir(dir);
    struct dirent *e;
    bool found = false;
    while (dp && (e = readdir(dp)))
        if (strlen(e->d_name) == 67 && strcmp(e->d_name + 64, ".so") == 0) {   /* <SHA-256 in hex>.so */
            snprintf(path, size, "%s/%s", dir, e->d_name);
            found = true;
        }
    if (dp) closedir(dp);
    return found;
}

static bool build_cached(compiled_fn *c, codegen_options *o, bool *hit, double *seconds) {
    diag d = {0};
    double t0 = now();
    int rc = codegen_c_backend.build(c->ff, &c->p, o, &c->code, &d);
    *seconds = now() - t0;
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (rc) return false;
    *hit = codegen_c_backend.cache_hit(c->code);
    EXPECT(codegen_c_backend.code_bytes(c->code) > 1000);
    return true;
}

TEST(the_disk_cache_hits_rebuilds_corrupt_entries_and_clears) {
    char dir[] = "/tmp/aj_codegen_cache_XXXXXX";
    EXPECT(mkdtemp(dir) != NULL);
    check k = {.kind = IR_FUSION_LOOP, .strict = true};
    compiled_fn c;
    if (!compile_fused(parse(flat_text), &k, &c)) {
        compiled_free(&c);
        return;
    }
    codegen_c_backend.release(c.code);
    c.code = NULL;
    codegen_options o = options_of(&k);
    o.disk_cache = true;
    o.cache_dir = dir;
    bool hit = true;
    double t, best = 1;
    /* a miss, then hits */
    if (build_cached(&c, &o, &hit, &t)) EXPECT(!hit);
    run_and_compare(&c, &k, 1);
    codegen_c_backend.release(c.code);
    for (int i = 0; i < 3; i++) {
        c.code = NULL;
        if (build_cached(&c, &o, &hit, &t)) EXPECT(hit);
        if (t < best) best = t;
        if (c.code) codegen_c_backend.release(c.code);
    }
    printf("disk cache hit: %.3f ms\n", best * 1e3);
    EXPECT(best < 0.010);
    /* running out of memory on the way to a hit keeps the entry */
    for (long n = 1; n < 100000; n++) {
        diag d = {0};
        c.code = NULL;
        mem_fail_after(n);
        int rc = codegen_c_backend.build(c.ff, &c.p, &o, &c.code, &d);
        mem_fail_after(0);
        if (rc == DIAG_OK) {
            EXPECT(codegen_c_backend.cache_hit(c.code));
            codegen_c_backend.release(c.code);
            break;
        }
        EXPECT_EQ_INT(rc, DIAG_NOMEM);
        EXPECT(c.code == NULL);
    }
    EXPECT_EQ_INT(count_files(dir, ".so"), 1);
    /* a truncated entry is detected and rebuilt */
    char entry[600];
    EXPECT(only_entry(dir, entry, sizeof entry));
    struct stat st;
    EXPECT(stat(entry, &st) == 0);
    EXPECT(truncate(entry, st.st_size / 2) == 0);
    c.code = NULL;
    if (build_cached(&c, &o, &hit, &t)) EXPECT(!hit);
    run_and_compare(&c, &k, 2);
    codegen_c_backend.release(c.code);
    c.code = NULL;
    /* a flipped byte too */
    FILE *f = fopen(entry, "r+b");
    if (f) {
        fseek(f, 100, SEEK_SET);
        fputc(0x5a, f);
        fclose(f);
    }
    if (build_cached(&c, &o, &hit, &t)) EXPECT(!hit);
    codegen_c_backend.release(c.code);
    c.code = NULL;
    /* a compile error: the command and the compiler's words, no files left */
    o.cflags = "-O2 -fno-such-flag";
    diag d = {0};
    EXPECT_EQ_INT(codegen_c_backend.build(c.ff, &c.p, &o, &c.code, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "the C compiler failed");
    EXPECT_CONTAINS(d.msg, "gcc -O2 -fno-such-flag");
    const char *said = strchr(d.msg, '\n');    /* then what the compiler said (in any language) */
    EXPECT(said && strstr(said, "-fno-such-flag"));
    EXPECT(c.code == NULL);
    EXPECT_EQ_INT(count_files(dir, ".c"), 0);
    EXPECT_EQ_INT(count_files(dir, ".so"), 1);
    /* clearing removes entries and nothing else */
    char keep[600];
    snprintf(keep, sizeof keep, "%s/keep.txt", dir);
    f = fopen(keep, "w");
    if (f) fclose(f);
    EXPECT_EQ_INT(build_clear_disk_cache(dir, &d), DIAG_OK);
    EXPECT_EQ_INT(count_files(dir, ".so"), 0);
    EXPECT(access(keep, F_OK) == 0);
    remove(keep);
    EXPECT(rmdir(dir) == 0);
    compiled_free(&c);
}

TEST(compile_errors_leave_no_files_without_the_cache) {
    char dir[] = "/tmp/aj_codegen_tmp_XXXXXX";
    EXPECT(mkdtemp(dir) != NULL);
    char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    setenv("TMPDIR", dir, 1);
    build_options o = {.cflags = "-O2 -fno-such-flag"};
    build_result r;
    diag d = {0};
    EXPECT_EQ_INT(build_shared_object("void f(void) {}\n", 16, "f", &o, &r, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "-fno-such-flag");
    o.cflags = "-O2";
    EXPECT_EQ_INT(build_shared_object("void f(void) { syntax error }\n", 30, "f", &o, &r, &d), DIAG_INVALID);
    EXPECT_CONTAINS(d.msg, "error");
    EXPECT_EQ_INT(build_shared_object("void f(void) {}\n", 16, "g", &o, &r, &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "has no symbol g");
    EXPECT_EQ_INT(build_shared_object("void f(void) {}\n", 16, "f", &o, &r, &d), DIAG_OK);
    build_release(&r);
    if (old) setenv("TMPDIR", old, 1);
    else unsetenv("TMPDIR");
    free(old);
    EXPECT(rmdir(dir) == 0);   /* empty: every temporary was removed */
}

/* The loops gcc's -fopt-info-vec-optimized report says it vectorised. */
static int report_vectorised_loops(const char *report) {
    FILE *f = fopen(report, "r");
    char text[1024];
    int loops = 0;
    while (f && fgets(text, sizeof text, f)) loops += strstr(text, "loop vectorized") != NULL;
    if (f) fclose(f);
    return loops;
}

/* check_program(text, &k) built with gcc's -fopt-info-vec-optimized
 * report: the loops gcc vectorised in its module. The prelude alone (with
 * an entry) is built into the report first and must vectorise nothing, so
 * the count is the program's own (gcc appends to the report). */
static int vectorised_loops(const char *text, check k) {
    char report[] = "/tmp/aj_vec_XXXXXX", cflags[160];
    int fd = mkstemp(report);
    EXPECT(fd >= 0);
    if (fd < 0) return -1;
    close(fd);
    snprintf(cflags, sizeof cflags, WARNING_FREE " -fopt-info-vec-optimized=%s", report);
    size_t n = strlen(emit_prelude) + 64;
    char *src = mem_alloc(n);
    snprintf(src, n, "%svoid aj_entry(void) {}\n", emit_prelude);
    build_result r;
    if (!build_driver(src, "aj_entry", cflags, NULL, &r)) build_release(&r);
    mem_free(src);
    EXPECT(report_vectorised_loops(report) == 0);
    k.cflags = cflags;
    check_program(text, &k);
    int loops = report_vectorised_loops(report);
    unlink(report);
    return loops;
}

/* A compare's result (uint8_t) converted to f32 or f64 goes through int32_t,
 * which gcc vectorises for AVX2 as for AVX-512 (one_hot: it did not from
 * uint8_t). The report counts: the program is one loop kernel, and the
 * module without it (the prelude and an entry) vectorises nothing. */
TEST(compares_convert_to_float_in_vector_loops) {
    static const char text[] =
        "func.func @main(%a: tensor<64x1000xi32>, %b: tensor<1000xi32>) -> (tensor<64x1000xf32>, tensor<64x1000xf64>) {\n"
        "  %e = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<1000xi32>) -> tensor<64x1000xi32>\n"
        "  %c = stablehlo.compare EQ, %a, %e, SIGNED : (tensor<64x1000xi32>, tensor<64x1000xi32>) -> tensor<64x1000xi1>\n"
        "  %f = stablehlo.convert %c : (tensor<64x1000xi1>) -> tensor<64x1000xf32>\n"
        "  %d = stablehlo.convert %c : (tensor<64x1000xi1>) -> tensor<64x1000xf64>\n"
        "  return %f, %d : tensor<64x1000xf32>, tensor<64x1000xf64>\n}\n";
    EXPECT(vectorised_loops(text, (check){.kind = IR_FUSION_LOOP, .strict = true, .range = 2,
                                          .name = "compare to float", .contains = "(float)(int32_t)"}) > 0);
}

/* The row maxima of a causally masked matrix (attention's softmax): the
 * loop that folds the masked values into the partial maxima vectorises
 * (emit_reduce.c, fold_loosely), besides the one that sets them up. */
TEST(masked_maxima_fold_in_vector_loops) {
    static const char text[] =
        "func.func @main(%x: tensor<256x512xf32>) -> tensor<256xf32> {\n"
        "  %r = stablehlo.iota dim = 0 : tensor<256x512xi32>\n"
        "  %c = stablehlo.iota dim = 1 : tensor<256x512xi32>\n"
        "  %keep = stablehlo.compare GE, %r, %c, SIGNED : (tensor<256x512xi32>, tensor<256x512xi32>) -> tensor<256x512xi1>\n"
        "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<256x512xf32>\n"
        "  %m = stablehlo.select %keep, %x, %ninf : tensor<256x512xi1>, tensor<256x512xf32>\n"
        "  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %y = stablehlo.reduce(%m init: %lo) applies stablehlo.maximum across dimensions = [1] :"
        " (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>\n"
        "  return %y : tensor<256xf32>\n}\n";
    EXPECT(vectorised_loops(text, (check){.kind = IR_FUSION_REDUCE, .specials = true, .range = 2,
                                          .name = "masked maxima"}) >= 2);
}

/* A row's 64 partial sums (maxima) fold into its accumulator by halves,
 * in loops gcc vectorises (emit_reduce.c, fold_partials): per kind, the
 * loop that sets them up and three halvings (64 -> 32 -> 16 -> 8 lanes),
 * besides the loop that folds the row into both kinds' partials (one by
 * one, they were at most 4 vectorised loops).
 * Values: fast mode, specials included (NaN, infinities, signed zeros). */
TEST(row_partials_fold_by_halves_in_vector_loops) {
    static const char text[] =
        "func.func @main(%x: tensor<256x512xf32>) -> (tensor<256xf32>, tensor<256xf32>) {\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] :"
        " (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>\n"
        "  %m = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [1] :"
        " (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>\n"
        "  return %s, %m : tensor<256xf32>, tensor<256xf32>\n}\n";
    int loops = vectorised_loops(text, (check){.kind = IR_FUSION_REDUCE, .specials = true, .tol = {64, 1e-4},
                                               .range = 2, .name = "row partials"});
    printf("row partials: %d loops vectorised\n", loops);
    EXPECT(loops >= 2 * 4);
}

/* The BLIS prototypes the prelude declares (to spare every source the 44k
 * lines of blis.h) must agree with blis.h, its copy of rntm_t with BLIS's,
 * field by field, and its uplo_t and side_t values with BLIS's. */
TEST(blis_declarations_agree_with_blis_h) {
    static const char include_dir[] = "/usr/include/x86_64-linux-gnu/blis-openmp";
    char header[256];
    snprintf(header, sizeof header, "%s/blis.h", include_dir);
    if (access(header, R_OK)) {
        printf("blis.h not installed: skipped\n");
        return;
    }
    static const char same_rntm[] =
        "#include <stddef.h>\n"
        "#define AJ_SAME(f) _Static_assert(offsetof(aj_blis_rntm, f) == offsetof(rntm_t, f) && \\\n"
        "    sizeof ((aj_blis_rntm *)0)->f == sizeof ((rntm_t *)0)->f, #f);\n"
        "AJ_SAME(auto_factor) AJ_SAME(num_threads) AJ_SAME(thrloop) AJ_SAME(pack_a) AJ_SAME(pack_b)\n"
        "AJ_SAME(l3_sup) AJ_SAME(sba_pool) AJ_SAME(pba)\n"
        "_Static_assert(sizeof(aj_blis_rntm) == sizeof(rntm_t), \"size\");\n"
        "_Static_assert(AJ_BLIS_LOWER == BLIS_LOWER && AJ_BLIS_UPPER == BLIS_UPPER && AJ_BLIS_LEFT == BLIS_LEFT &&\n"
        "               AJ_BLIS_RIGHT == BLIS_RIGHT, \"uplo_t, side_t\");\n";
    size_t size = strlen(emit_prelude) + strlen(emit_prelude_blis) + sizeof same_rntm + 128;
    char *src = mem_alloc(size);
    snprintf(src, size, "#include <blis.h>\n%s%s%svoid aj_entry(void) {}\n", emit_prelude, emit_prelude_blis, same_rntm);
    char flags[256];
    snprintf(flags, sizeof flags, "-O0 -I%s", include_dir);   /* conflicting types are errors */
    build_options o = {.cflags = flags, .ldflags = "-l:libblis.so.4 -lm"};
    build_result r;
    diag d = {0};
    int rc = build_shared_object(src, strlen(src), "aj_entry", &o, &r, &d);
    if (rc) fprintf(stderr, "%s\n", d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (!rc) build_release(&r);
    mem_free(src);
}
int main(void) {
    RUN(every_op_matches_the_evaluator_bit_for_bit);
    RUN(every_op_is_close_in_fast_mode);
    RUN(narrow_transcendentals_in_fast_mode_are_f32s_rounded);
    RUN(loop_kernels_map_indices_like_the_evaluator);
    RUN(elementwise_kernels_are_one_flat_loop);
    RUN(big_loops_run_on_threads);
    RUN(row_reductions_match_the_evaluator);
    RUN(column_reductions_match_the_evaluator);
    RUN(multi_input_reducers_match_the_evaluator);
    RUN(convolutions_on_threads_run_in_slots);
    RUN(big_copies_of_updated_operands_split_over_threads);
    RUN(reductions_may_read_earlier_reductions);
    RUN(layernorm_statistics_match_the_evaluator);
    RUN(reductions_of_any_shape_match_the_evaluator);
    RUN(transposes_run_in_tiles);
    RUN(degenerate_shapes_work);
    RUN(dot_kernels_call_blis_for_any_contiguous_layout);
    RUN(small_products_run_in_vector_tiles);
    RUN(products_of_a_transposed_rhs_call_blis_sooner);
    RUN(batched_dot_kernels_loop_over_batches);
    RUN(dot_epilogues_run_in_place_on_the_gemm_result);
    RUN(dot_epilogues_on_threads_run_by_rows_of_the_product);
    RUN(products_split_in_chunks_a_slowed_thread_can_leave);
    RUN(integer_and_bool_dots_call_no_blas);
    RUN(narrow_float_matmuls_in_strict_mode_run_as_blocked_loops);
    RUN(narrow_operand_dots_convert_on_threads);
    RUN(narrow_matmuls_run_in_panels_on_threads);
    RUN(byte_matmuls_run_as_products_of_bytes);
    RUN(fast_maxima_and_minima_are_exact);
    RUN(side_results_of_reductions_match_the_evaluator);
    RUN(fast_math_accuracy);
    RUN(fast_libm_calls_vectorise_within_4_ulp);
    RUN(f16_loads_and_stores_are_exact);
    RUN(the_entry_runs_kernels_in_order_with_planned_pointers);
    RUN(kernels_the_backend_cannot_generate_are_refused_with_a_message);
    RUN(emission_survives_failing_allocations);
    RUN(the_disk_cache_hits_rebuilds_corrupt_entries_and_clears);
    RUN(compile_errors_leave_no_files_without_the_cache);
    RUN(compares_convert_to_float_in_vector_loops);
    RUN(masked_maxima_fold_in_vector_loops);
    RUN(row_partials_fold_by_halves_in_vector_loops);
    RUN(blis_declarations_agree_with_blis_h);
    return TESTS_DONE();
}
