/* compile.c: the compile driver. The pipeline is the table below. */
#include "compile.h"

#include <string.h>
#include <time.h>

#include "../passes/passes.h"
#include "../schedule/schedule.h"
#include "../util/mem.h"

/* What passes leave for the memory report. */
typedef struct compile_state {
    size_t unfused_bytes, fused_bytes;
    schedule_result schedule;
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

/* The arena buffers live at the plan's peak step, each counted once (a
 * result written in place shares its operand's buffer). */
static int collect_peak_buffers(const ir_func *f, const plan *p, compile_memory *mem) {
    int n = 0;
    mem->peak_step = p->peak_step;
    mem->peak_buffers = mem_calloc((size_t)p->nvalues + 1, sizeof *mem->peak_buffers);
    if (!mem->peak_buffers) return DIAG_NOMEM;
    for (ir_value_id v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home != PLAN_ARENA || b->def > p->peak_step || b->last_use < p->peak_step) continue;
        if (b->in_place_of >= 0 && p->buf[b->in_place_of].last_use >= p->peak_step) continue;
        mem->peak_buffers[n++] = (compile_live_buffer){v, b->bytes, f->values[v].def};
    }
    mem->npeak = n;
    return DIAG_OK;
}

static int measure(compiled *c, const compile_state *st) {
    const plan *p = &c->plan;
    compile_memory *mem = &c->memory;
    mem->argument_bytes = p->argument_bytes;
    mem->output_bytes = p->output_bytes;
    mem->alias_bytes = p->alias_bytes;
    mem->temp_bytes = p->arena_bytes;
    mem->code_bytes = c->backend->code_bytes(c->code);
    mem->lower_bound_bytes = p->lower_bound_bytes;
    mem->fused_away_bytes = st->unfused_bytes > st->fused_bytes ? st->unfused_bytes - st->fused_bytes : 0;
    mem->peak_bytes = p->arena_bytes + p->argument_bytes + p->output_bytes - p->alias_bytes;
    return collect_peak_buffers(c->func, p, mem);
}

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int compile_func(const ir_module *m, const ir_func *f, const compile_options *o,
                 compiled **out, diag *d) {
    double start = seconds_now();
    compiled *c = mem_calloc(1, sizeof *c);
    if (!c) return diag_nomem(d);
    c->backend = o->backend ? o->backend : &codegen_c_backend;
    compile_state st = {0};
    int rc = (c->module = ir_module_clone(m)) ? DIAG_OK : diag_nomem(d);
    if (!rc) c->func = ir_module_find(c->module, f->name);
    if (!rc) rc = run_passes(c->module, c->func, o, &st, d);
    plan_options po = o->plan;
    po.strict_order = o->codegen.strict_order;   /* what may be written in place depends on the mode */
    if (!rc) rc = plan_func(c->func, &po, &c->plan, d);
    if (!rc) rc = c->backend->build(c->func, &c->plan, &o->codegen, &c->code, d);
    if (!rc && measure(c, &st)) rc = diag_nomem(d);
    if (rc) {
        compiled_free(c);
        return rc;
    }
    c->entry = c->backend->entry(c->code);
    c->cache_hit = c->backend->cache_hit(c->code);
    snprintf(c->warning, sizeof c->warning, "%s", c->plan.warning);
    c->compile_seconds = seconds_now() - start;
    *out = c;
    return DIAG_OK;
}

void compiled_free(compiled *c) {
    if (!c) return;
    if (c->code) c->backend->release(c->code);
    plan_free(&c->plan);
    mem_free(c->memory.peak_buffers);
    ir_module_free(c->module);
    mem_free(c);
}
