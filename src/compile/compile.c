/* compile.c: the compile driver. compile_func runs the stage table below,
 * top to bottom, over one compile_state. After each IR stage the function
 * must still verify (a stage that breaks it is our bug, reported as an
 * internal error, never a crash); --dump-after prints what a stage made.
 * A region's sub-program runs the IR stages only (regions.c contracts and
 * plans it), a memory budget's candidate the stages from remat to plan. */
#include "compile.h"
#include "regions.h"

#include <stdio.h>
#include <string.h>

#include "../passes/passes.h"
#include "../schedule/schedule.h"
#include "../util/clock.h"
#include "../util/mem.h"

typedef struct compile_state {
    const compile_options *o;
    ir_module *m;
    ir_func *f;
    compiled *c;                /* the executable being made; NULL for a budget candidate */
    plan *p;                    /* what the plan stage fills */
    bool quiet;                 /* no dumps (a budget candidate) */
    size_t unfused_bytes, fused_bytes;
    schedule_result schedule;
    remat_info remat;           /* when remat ran */
    bool *keep;                 /* its choice, per residual */
    int group;                  /* and its group size (remat_choice) */
    double recompute_flops;
    contract kernels;           /* the contract stage's, which the plan copies */
} compile_state;

typedef int (*stage_fn)(compile_state *st, diag *d);

static int run_inline(compile_state *st, diag *d) { return pass_inline_calls(st->m, st->f, d); }
static int run_fold(compile_state *st, diag *d) { return st->o->no_fold ? DIAG_OK : pass_fold_constants(st->f, d); }
static int run_simplify(compile_state *st, diag *d) { return pass_simplify(st->f, d); }
static int run_cse(compile_state *st, diag *d) { return pass_cse(st->f, d); }
static int run_loops(compile_state *st, diag *d) {
    int rc = pass_while_invariants(st->f, d);
    if (!rc && !st->o->memory_budget_bytes) rc = pass_hoist_loop_transposes(st->f, d);
    return rc;
}
static int run_dce(compile_state *st, diag *d) { return pass_dce(st->f, d); }
static int run_strip_barriers(compile_state *st, diag *d) { return pass_strip_barriers(st->f, d); }
static int run_widen_dots(compile_state *st, diag *d) {
    return st->o->codegen.strict_order ? DIAG_OK : pass_widen_narrow_dots(st->f, d);
}
static int run_split_reductions(compile_state *st, diag *d) {
    return st->o->codegen.strict_order ? DIAG_OK : pass_split_reductions(st->f, d);
}
/* The order with the lowest peak, then the readers an in-place update waits
 * for moved ahead of it (which pairs exist is the contract's, of this order). */
static int run_schedule(compile_state *st, diag *d) {
    int rc = schedule_func(st->f, &st->schedule, d);
    contract k;
    contract_options co = {.strict_order = st->o->codegen.strict_order};
    if (!rc) rc = contract_func(st->f, &co, &k, d);
    if (rc) return rc;
    rc = schedule_readers_before_updates(st->f, &k, d);
    contract_free(&k);
    return rc;
}

static int measure_candidate(void *ctx, const remat_choice *choice, size_t *peak, diag *d);

/* Checkpoint policies and the memory budget: which residuals the backward
 * part recomputes. After CSE, which would otherwise merge the recomputed
 * copies back into the forward ops (CSE never merges a backward op with a
 * forward one either, so running it again is safe). */
static int run_remat(compile_state *st, diag *d) {
    const compile_options *o = st->o;
    if (!st->f->ncheckpoints && !o->memory_budget_bytes) return DIAG_OK;
    int rc = remat_analyze(st->f, &st->remat, d);
    if (rc || st->remat.nresiduals == 0) return rc;
    if (!(st->keep = mem_alloc((size_t)st->remat.nresiduals))) return diag_nomem(d);
    remat_policy_keep(&st->remat, st->keep);
    if (o->memory_budget_bytes)
        rc = remat_choose_under_budget(st->f, &st->remat, o->memory_budget_bytes, measure_candidate, st, st->keep,
                                       &st->group, d);
    if (!rc) rc = remat_apply(st->f, &st->remat, &(remat_choice){st->keep, st->group}, &st->recompute_flops, d);
    return rc;
}

/* Fusion is measured in bytes: what the unfused program would materialise
 * against what the fused one does. */
static int run_fuse(compile_state *st, diag *d) {
    st->unfused_bytes = fuse_materialized_bytes(st->f);
    int rc = fuse_func(st->f, &st->o->fuse, d);
    st->fused_bytes = fuse_materialized_bytes(st->f);
    return rc;
}

static int run_region_passes(ir_module *m, ir_func *f, const compile_options *o, diag *d);

static int run_regions(compile_state *st, diag *d) {
    return st->c ? regions_compile(st->c, st->f, st->o, run_region_passes, d) : DIAG_OK;
}

/* With the sub-programs compiled so far: none for a budget candidate, whose
 * control flow's scratch is left out (they are compiled once it is chosen). */
static int run_contract(compile_state *st, diag *d) {
    contract_options co = {.strict_order = st->o->codegen.strict_order, .no_blas = st->o->codegen.no_blas,
                          .threads = st->o->codegen.threads};
    if (st->c) co.subs = st->c->subs, co.nsubs = st->c->nsubs;
    return contract_func(st->f, &co, &st->kernels, d);
}

static int run_plan(compile_state *st, diag *d) {
    const compile_options *o = st->o;
    plan_options po = o->plan;
    po.donated = st->f->donated;                 /* the program's donations and the caller's (compile_func) */
    po.strict_order = o->codegen.strict_order;   /* what may be written in place depends on the mode */
    po.kernels = &st->kernels;
    int rc = plan_func(st->f, &po, st->p, d);
    contract_free(&st->kernels);
    if (!rc && st->c && o->memory_budget_bytes && report_peak_bytes(st->p) > o->memory_budget_bytes)
        rc = report_budget_error(st->f, st->p, o->memory_budget_bytes, st->recompute_flops, d);
    return rc;
}

static int run_build(compile_state *st, diag *d) {
    compiled *c = st->c;
    codegen_options cg = regions_codegen_options(c, st->o);
    return c->backend->build(st->f, st->p, &cg, &c->code, d);
}

/* The figures, and the residuals with what remat chose, into the report. */
static int run_measure(compile_state *st, diag *d) {
    compiled *c = st->c;
    if (report_measure(st->f, st->p, c->backend->code_bytes(c->code), st->unfused_bytes, st->fused_bytes,
                       &c->memory) ||
        report_measure_loops(st->f, st->p, c->subs, c->nsubs, &c->memory))
        return diag_nomem(d);
    c->memory.recompute_flops = st->recompute_flops;
    c->memory.nresiduals = st->remat.nresiduals;
    c->memory.residuals = st->remat.residuals;
    c->memory.residual_kept = st->keep;
    st->remat = (remat_info){0};
    st->keep = NULL;
    return DIAG_OK;
}

/* ---- what --dump-after prints ------------------------------------------------------ */

static void dump_ir(FILE *out, const compile_state *st) { ir_print_func(out, st->m, st->f); }

static void dump_regions(FILE *out, const compile_state *st) {
    for (int i = 0; st->c && i < st->c->nsubs; i++) ir_print_func(out, st->m, st->c->subs[i].f);
}

static void dump_contract(FILE *out, const compile_state *st) { contract_print(out, st->f, &st->kernels); }
static void dump_plan(FILE *out, const compile_state *st) { plan_print(out, st->f, st->p); }

/* The C backend's source (emitted again: the dump is for reading). */
static void dump_build(FILE *out, const compile_state *st) {
    char *src = NULL;
    size_t len = 0;
    diag d = {0};
    if (st->c->backend != &codegen_c_backend) fprintf(out, "// (the %s backend)\n", st->c->backend->name);
    else if (compiled_c_source(st->c, st->o, &src, &len, NULL, &d) == DIAG_OK) fwrite(src, 1, len, out);
    mem_free(src);
}

static void dump_measure(FILE *out, const compile_state *st) { report_print(out, &st->c->memory); }

static const struct {
    const char *name;
    stage_fn run;
    void (*dump)(FILE *out, const compile_state *st);
    bool ir;                    /* rewrites the IR: verified after */
} pipeline[] = {
    {"inline", run_inline, dump_ir, true},
    {"fold", run_fold, dump_ir, true},
    {"simplify", run_simplify, dump_ir, true},
    {"cse", run_cse, dump_ir, true},
    {"loops", run_loops, dump_ir, true},
    {"remat", run_remat, dump_ir, true},
    {"widen_dots", run_widen_dots, dump_ir, true},
    {"split_reductions", run_split_reductions, dump_ir, true},
    {"dce", run_dce, dump_ir, true},
    {"strip_barriers", run_strip_barriers, dump_ir, true},
    {"fuse", run_fuse, dump_ir, true},
    {"schedule", run_schedule, dump_ir, true},
    {"regions", run_regions, dump_regions, false},
    {"contract", run_contract, dump_contract, false},
    {"plan", run_plan, dump_plan, false},
    {"build", run_build, dump_build, false},
    {"measure", run_measure, dump_measure, false},
};
#define NSTAGES ((int)(sizeof pipeline / sizeof *pipeline))

static int stage_index(const char *name) {
    for (int i = 0; i < NSTAGES; i++)
        if (strcmp(pipeline[i].name, name) == 0) return i;
    return -1;
}

static bool wants_dump(const compile_options *o, const char *stage) {
    return o->dump_after && (strcmp(o->dump_after, "all") == 0 || strcmp(o->dump_after, stage) == 0);
}

/* Runs stages [first, last] of the table on st. */
static int run_stages(compile_state *st, int first, int last, diag *d) {
    const compile_options *o = st->o;
    if (o->dump_after && strcmp(o->dump_after, "all") != 0 && stage_index(o->dump_after) < 0)
        return diag_set(d, DIAG_INVALID, "--dump-after: no stage named '%s'", o->dump_after);
    for (int i = first; i <= last; i++) {
        int rc = pipeline[i].run(st, d);
        if (rc) return rc;
        diag vd = {0};
        if (pipeline[i].ir && ir_verify_func(st->m, st->f, &vd) == DIAG_NOMEM) return diag_nomem(d);
        if (vd.code)
            return diag_set(d, DIAG_INVALID, "internal error: IR invalid after pass %s: %s", pipeline[i].name, vd.msg);
        if (!st->quiet && wants_dump(o, pipeline[i].name)) {
            FILE *out = o->dump_to ? o->dump_to : stderr;
            fprintf(out, pipeline[i].ir ? "// ----- IR after %s\n" : "// ----- %s\n", pipeline[i].name);
            pipeline[i].dump(out, st);
        }
    }
    return DIAG_OK;
}

/* A region's sub-program: the IR stages, with a state of its own. */
static int run_region_passes(ir_module *m, ir_func *f, const compile_options *o, diag *d) {
    compile_state st = {.o = o, .m = m, .f = f};
    return run_stages(&st, 0, stage_index("schedule"), d);
}

/* The true peak of the function remat is working on (the pipeline's state
 * just before remat) under one keep-set: remat, the stages after it and
 * the planner, on a copy. */
static int measure_candidate(void *ctx, const remat_choice *choice, size_t *peak, diag *d) {
    const compile_state *from = ctx;
    ir_module *scratch = ir_module_new();
    ir_func *g = scratch ? ir_func_clone_into(scratch, from->f) : NULL;
    int rc = g ? remat_apply(g, &from->remat, choice, NULL, d) : diag_nomem(d);
    plan p = {0};
    compile_state st = {.o = from->o, .m = scratch, .f = g, .p = &p, .quiet = true};
    if (!rc) rc = run_stages(&st, stage_index("remat") + 1, stage_index("plan"), d);
    if (!rc) *peak = report_peak_bytes(&p);
    plan_free(&p);
    contract_free(&st.kernels);
    ir_module_free(scratch);
    return rc;
}

void compile_options_default(compile_options *o) {
    memset(o, 0, sizeof *o);
    o->codegen.disk_cache = true;
    o->codegen.threads = 1;
    o->fuse.reduce_side_outputs = true;   /* softmax: exp(x - max) written by its sum's pass */
}

int compile_func(const ir_module *m, const ir_func *f, const compile_options *o, compiled **out, diag *d) {
    double start = clock_now_seconds();
    compiled *c = mem_calloc(1, sizeof *c);
    if (!c) return diag_nomem(d);
    c->backend = o->backend ? o->backend : &codegen_c_backend;
    compile_state st = {.o = o, .c = c, .p = &c->plan};
    int rc = (c->module = ir_module_clone(m)) ? DIAG_OK : diag_nomem(d);
    if (!rc) st.m = c->module, st.f = c->func = ir_module_find(c->module, f->name);
    if (!rc) c->func->donated |= o->plan.donated;   /* one set of donated parameters: schedule and plan read it */
    if (!rc) rc = run_stages(&st, 0, NSTAGES - 1, d);
    contract_free(&st.kernels);
    remat_info_free(&st.remat);
    mem_free(st.keep);
    if (rc) {
        compiled_free(c);
        return rc;
    }
    c->entry = c->backend->entry(c->code);
    c->threads = o->codegen.threads;
    c->cache_hit = c->backend->cache_hit(c->code);
    snprintf(c->warning, sizeof c->warning, "%s", c->plan.warning);
    c->compile_seconds = clock_now_seconds() - start;
    *out = c;
    return DIAG_OK;
}

int compiled_c_source(const compiled *c, const compile_options *o, char **src, size_t *len, emit_c_info *info,
                      diag *d) {
    codegen_options cg = regions_codegen_options(c, o);
    return emit_c_source_info(c->func, &c->plan, &cg, src, len, info, d);
}

int compiled_timeout_error(const compiled *c, int loop, double seconds, diag *d) {
    const contract_subprogram *s = loop >= 0 && loop < c->nsubs ? &c->subs[loop] : NULL;
    const ir_op *op = s ? contract_control_root(s->parent->body->ops[s->step]) : NULL;
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
    mem_free(c->memory.loops);
    mem_free(c->memory.residuals);
    mem_free(c->memory.residual_kept);
    ir_module_free(c->module);
    mem_free(c);
}
