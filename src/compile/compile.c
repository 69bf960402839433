/* compile.c: the compile driver. The pipeline is the table below. */
#include "compile.h"
#include "regions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../passes/passes.h"
#include "../report/memory.h"
#include "../schedule/schedule.h"
#include "../util/clock.h"
#include "../util/mem.h"

/* What passes leave for the memory report. */
typedef struct compile_state {
    size_t unfused_bytes, fused_bytes;
    schedule_result schedule;
    remat_info remat;           /* when remat ran */
    bool *keep;                 /* its choice, per residual */
    int group;                  /* and its group size (remat_choice) */
    double recompute_flops;
} compile_state;

typedef int (*pass_fn)(ir_module *m, ir_func *f, const compile_options *o, compile_state *st,
                       diag *d);

static int run_inline(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)o, (void)st;
    return pass_inline_calls(m, f, d);
}

static int run_fold(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)st;
    return o->no_fold ? DIAG_OK : pass_fold_constants(f, d);
}

static int run_simplify(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)o, (void)st;
    return pass_simplify(f, d);
}

static int run_cse(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)o, (void)st;
    return pass_cse(f, d);
}

static int choose_under_budget(const ir_func *f, const compile_options *o, compile_state *st, diag *d);

/* Checkpoint policies and the memory budget: which residuals the backward
 * part recomputes. After CSE, which would otherwise merge the recomputed
 * copies back into the forward ops (CSE never merges a backward op with a
 * forward one either, so running it again is safe). */
static int run_remat(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m;
    if (!f->ncheckpoints && !o->memory_budget_bytes) return DIAG_OK;
    int rc = remat_analyze(f, &st->remat, d);
    if (rc || st->remat.nresiduals == 0) return rc;
    if (!(st->keep = mem_alloc((size_t)st->remat.nresiduals))) return diag_nomem(d);
    remat_policy_keep(&st->remat, st->keep);
    if (o->memory_budget_bytes) rc = choose_under_budget(f, o, st, d);
    if (!rc) rc = remat_apply(f, &st->remat, &(remat_choice){st->keep, st->group}, &st->recompute_flops, d);
    return rc;
}

static int run_dce(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)o, (void)st;
    return pass_dce(f, d);
}

static int run_strip_barriers(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)o, (void)st;
    return pass_strip_barriers(f, d);
}

/* Fusion is measured in bytes: what the unfused program would materialise
 * against what the fused one does. */
static int run_fuse(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m;
    st->unfused_bytes = fuse_materialized_bytes(f);
    int rc = fuse_func(f, &o->fuse, d);
    st->fused_bytes = fuse_materialized_bytes(f);
    return rc;
}

static int run_schedule(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    (void)m, (void)o;
    return schedule_func(f, &st->schedule, d);
}

static const struct {
    const char *name;
    pass_fn run;
} pipeline[] = {
    {"inline", run_inline},
    {"fold", run_fold},
    {"simplify", run_simplify},
    {"cse", run_cse},
    {"remat", run_remat},
    {"dce", run_dce},
    {"strip_barriers", run_strip_barriers},
    {"fuse", run_fuse},
    {"schedule", run_schedule},
};
#define NPASSES ((int)(sizeof pipeline / sizeof *pipeline))

const char *const *compile_pass_names(void) {
    static const char *names[NPASSES + 1];
    for (int i = 0; i < NPASSES; i++) names[i] = pipeline[i].name;
    return names;
}

void compile_options_default(compile_options *o) {
    memset(o, 0, sizeof *o);
    o->codegen.disk_cache = true;
    o->codegen.threads = 1;
    o->fuse.reduce_side_outputs = true;   /* softmax: exp(x - max) written by its sum's pass */
}

static bool wants_dump(const compile_options *o, const char *pass) {
    return o->dump_after && (strcmp(o->dump_after, "all") == 0 || strcmp(o->dump_after, pass) == 0);
}

static void dump(const compile_options *o, const ir_module *m, const ir_func *f, const char *pass) {
    FILE *out = o->dump_to ? o->dump_to : stderr;
    fprintf(out, "// ----- IR after %s\n", pass);
    ir_print_func(out, m, f);
}

/* Runs every pass; after each one the function must still verify (a pass
 * that breaks it is our bug, reported as an internal error, never a crash). */
static int run_passes(ir_module *m, ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    if (o->dump_after && strcmp(o->dump_after, "all") != 0) {
        bool known = false;
        for (int i = 0; i < NPASSES; i++) known |= strcmp(o->dump_after, pipeline[i].name) == 0;
        if (!known) return diag_set(d, DIAG_INVALID, "--dump-after: no pass named '%s'", o->dump_after);
    }
    for (int i = 0; i < NPASSES; i++) {
        int rc = pipeline[i].run(m, f, o, st, d);
        if (rc) return rc;
        diag vd = {0};
        if (ir_verify_func(m, f, &vd) == DIAG_NOMEM) return diag_nomem(d);
        if (vd.code)
            return diag_set(d, DIAG_INVALID, "internal error: IR invalid after pass %s: %s",
                            pipeline[i].name, vd.msg);
        if (wants_dump(o, pipeline[i].name)) dump(o, m, f, pipeline[i].name);
    }
    return DIAG_OK;
}

/* ---- the memory budget ------------------------------------------------------------ */

static plan_options planner_options(const compile_options *o) {
    plan_options po = o->plan;
    po.strict_order = o->codegen.strict_order;   /* what may be written in place depends on the mode */
    return po;
}

/* The true peak of f (the pipeline's state just before remat) under one
 * keep-set: remat, the passes after it and the planner, on a copy. */
static int candidate_peak(const ir_func *f, const compile_options *o, const remat_info *r,
                          const remat_choice *choice, size_t *peak, diag *d) {
    ir_module *scratch = ir_module_new();
    ir_func *g = scratch ? ir_func_clone_into(scratch, f) : NULL;
    int rc = g ? remat_apply(g, r, choice, NULL, d) : diag_nomem(d);
    compile_state st = {0};
    bool after = false;
    for (int i = 0; i < NPASSES && !rc; i++) {
        if (after) rc = pipeline[i].run(scratch, g, o, &st, d);
        after |= pipeline[i].run == run_remat;
    }
    plan p = {0};
    plan_options po = planner_options(o);
    /* the kernels' own scratch counts; control flow's is left out (its
       sub-programs are compiled once a candidate is chosen) */
    if (!rc) rc = plan_func(g, &po, &p, d);
    if (!rc) rc = regions_reserve_scratch(g, &p, &o->codegen, false, d);
    if (!rc) *peak = report_peak_bytes(&p);
    plan_free(&p);
    ir_module_free(scratch);
    return rc;
}

typedef struct point {
    size_t peak;
    double flops;
    int row;
} point;

static int by_peak_then_flops(const void *a, const void *b) {
    const point *x = a, *y = b;
    if (x->peak != y->peak) return x->peak < y->peak ? -1 : 1;
    if (x->flops != y->flops) return x->flops < y->flops ? -1 : 1;
    return x->row - y->row;
}

/* The Pareto frontier of pts (sorted in place): peaks rising, FLOPs
 * strictly falling. Returns its length; the frontier is pts[0..n). */
static int pareto_frontier(point *pts, int n) {
    qsort(pts, (size_t)n, sizeof *pts, by_peak_then_flops);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (kept == 0 || pts[i].flops < pts[kept - 1].flops) pts[kept++] = pts[i];
    return kept;
}

/* Sets st->keep to the frontier point with the fewest FLOPs whose peak
 * fits the budget, else to the smallest peak (compile_func then reports
 * that nothing fits). */
static int choose_under_budget(const ir_func *f, const compile_options *o, compile_state *st, diag *d) {
    const remat_info *r = &st->remat;
    remat_candidates cand = {0};
    int rc = remat_candidates_make(r, &cand, d);
    point *pts = rc ? NULL : mem_alloc(((size_t)cand.n + 1) * sizeof *pts);
    if (!rc && !pts) rc = diag_nomem(d);
    for (int c = 0; c < cand.n && !rc; c++) {
        remat_choice choice = {&cand.keep[(size_t)c * r->nresiduals], cand.group[c]};
        pts[c] = (point){.row = c};
        rc = remat_recompute_flops(f, r, &choice, &pts[c].flops, d);
        if (!rc) rc = candidate_peak(f, o, r, &choice, &pts[c].peak, d);
    }
    if (!rc) {
        int n = pareto_frontier(pts, cand.n);
        int pick = 0;
        for (int i = 0; i < n; i++)
            if (pts[i].peak <= o->memory_budget_bytes) pick = i;
        memcpy(st->keep, &cand.keep[(size_t)pts[pick].row * r->nresiduals], (size_t)r->nresiduals);
        st->group = cand.group[pts[pick].row];
    }
    mem_free(pts);
    remat_candidates_free(&cand);
    return rc;
}

/* The residuals and what remat chose move from the state to the memory report. */
static void keep_remat_choice(compile_memory *mem, compile_state *st) {
    mem->recompute_flops = st->recompute_flops;
    mem->nresiduals = st->remat.nresiduals;
    mem->residuals = st->remat.residuals;
    mem->residual_kept = st->keep;
    st->remat = (remat_info){0};
    st->keep = NULL;
}

/* ---- control flow: the regions' sub-programs (regions.c) run these passes ---------- */

static int run_region_passes(ir_module *m, ir_func *f, const compile_options *o, diag *d) {
    compile_state st = {0};
    return run_passes(m, f, o, &st, d);
}

int compile_func(const ir_module *m, const ir_func *f, const compile_options *o,
                 compiled **out, diag *d) {
    double start = clock_now_seconds();
    compiled *c = mem_calloc(1, sizeof *c);
    if (!c) return diag_nomem(d);
    c->backend = o->backend ? o->backend : &codegen_c_backend;
    compile_state st = {0};
    int rc = (c->module = ir_module_clone(m)) ? DIAG_OK : diag_nomem(d);
    if (!rc) c->func = ir_module_find(c->module, f->name);
    if (!rc) rc = run_passes(c->module, c->func, o, &st, d);
    if (!rc) rc = regions_compile(c, c->func, o, run_region_passes, d);
    codegen_options cg = regions_codegen_options(c, o);
    plan_options po = planner_options(o);
    if (!rc) rc = plan_func(c->func, &po, &c->plan, d);
    if (!rc) rc = regions_reserve_scratch(c->func, &c->plan, &cg, true, d);
    if (!rc && o->memory_budget_bytes && report_peak_bytes(&c->plan) > o->memory_budget_bytes)
        rc = report_budget_error(c->func, &c->plan, o->memory_budget_bytes, st.recompute_flops, d);
    if (!rc) rc = c->backend->build(c->func, &c->plan, &cg, &c->code, d);
    if (!rc && report_measure(c->func, &c->plan, c->backend->code_bytes(c->code), st.unfused_bytes, st.fused_bytes,
                              &c->memory))
        rc = diag_nomem(d);
    keep_remat_choice(&c->memory, &st);
    if (rc) {
        compiled_free(c);
        return rc;
    }
    c->entry = c->backend->entry(c->code);
    c->cache_hit = c->backend->cache_hit(c->code);
    snprintf(c->warning, sizeof c->warning, "%s", c->plan.warning);
    c->compile_seconds = clock_now_seconds() - start;
    *out = c;
    return DIAG_OK;
}

int compiled_timeout_error(const compiled *c, int loop, double seconds, diag *d) {
    const codegen_subprogram *s = loop >= 0 && loop < c->nsubs ? &c->subs[loop] : NULL;
    const ir_op *op = s ? s->parent->body->ops[s->step]->regions[0]->ops[0] : NULL;
    if (op && op->loc.file)
        return diag_set(d, DIAG_TIMEOUT, "%s:%d:%d: %s: timed out after %g s", op->loc.file, op->loc.line,
                        op->loc.col, ir_op_name(op->code), seconds);
    return diag_set(d, DIAG_TIMEOUT, "%s: timed out after %g s", op ? ir_op_name(op->code) : "a loop", seconds);
}

void compiled_free(compiled *c) {
    if (!c) return;
    if (c->code) c->backend->release(c->code);
    plan_free(&c->plan);
    regions_free(c);
    mem_free(c->memory.peak_buffers);
    mem_free(c->memory.residuals);
    mem_free(c->memory.residual_kept);
    ir_module_free(c->module);
    mem_free(c);
}
