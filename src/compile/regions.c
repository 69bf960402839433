/* regions.c: the sub-programs of control-flow kernels.
 *
 * A while, if or case kernel (contract_is_control_kernel) runs its regions
 * as sub-programs: each region is outlined into a function of the module
 * (pass_outline_region), run through the same passes (its own control flow
 * compiled first, recursively) and planned on its own. A while body gets
 * its loop values donated, so that the plan writes a new value over the
 * old one where nothing reads the old one later. Each function's contract
 * then asks, for each of its control-flow kernels, for the scratch their
 * sub-programs take (contract_control_layout), which its plan places: the
 * temporaries of a loop body are planned once, inside the enclosing arena,
 * and reused on every iteration. Sub-programs are listed children first, the order in
 * which the emitter writes them. */
#include "regions.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../passes/passes.h"
#include "../util/mem.h"

static int add_sub(compiled *c, const contract_subprogram *s, diag *d) {
    if (mem_grow((void **)&c->subs, &c->cap_subs, c->nsubs + 1, sizeof *c->subs)) return diag_nomem(d);
    c->subs[c->nsubs++] = *s;
    return DIAG_OK;
}

static void free_sub(contract_subprogram *s) {
    plan *p = (plan *)s->p;
    plan_free(p);
    mem_free(p);
    mem_free((void *)s->captures);
}

void regions_free(compiled *c) {
    for (int i = 0; i < c->nsubs; i++) free_sub(&c->subs[i]);
    mem_free(c->subs);
}

codegen_options regions_codegen_options(const compiled *c, const compile_options *o) {
    codegen_options cg = o->codegen;
    cg.subs = c->subs;
    cg.nsubs = c->nsubs;
    return cg;
}

/* The contract of g, whose control-flow kernels' sub-programs c holds. */
static int make_contract(const compiled *c, const ir_func *g, const compile_options *o, contract *k, diag *d) {
    contract_options co = {.strict_order = o->codegen.strict_order, .no_blas = o->codegen.no_blas, .subs = c->subs,
                           .nsubs = c->nsubs, .threads = o->codegen.threads};
    return contract_func(g, &co, k, d);
}

/* Plans a while body with its first n parameters (the loop values)
 * donated, keeping only donations that put result j over parameter j:
 * one that put it over another loop value would leave the values swapped. */
static int plan_body(const ir_func *g, int n, plan_options po, plan *p, uint64_t *in_place, diag *d) {
    uint64_t donated = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    const ir_op *ret = g->body->ops[g->body->nops - 1];
    for (;;) {
        po.donated = donated;
        int rc = plan_func(g, &po, p, d);
        if (rc) return rc;
        uint64_t good = 0, bad = 0;
        for (int j = 0; j < ret->nin && j < 64; j++) {
            const plan_buffer *b = &p->buf[ret->in[j]];
            bool first = true;
            for (int k = 0; k < j; k++) first &= ret->in[k] != ret->in[j];
            if (!first || b->home != PLAN_DONATED) continue;
            if (b->index == j) good |= UINT64_C(1) << j;
            else bad |= UINT64_C(1) << b->index;
        }
        if (!bad) {
            *in_place = good;
            return DIAG_OK;
        }
        plan_free(p);
        donated &= ~bad;
    }
}

/* Region `region` of the control-flow kernel at f's step `step` as a
 * sub-program. */
static int compile_region(compiled *c, ir_func *f, int step, int region, const compile_options *o,
                          regions_passes_fn passes, diag *d) {
    const ir_op *kernel = f->body->ops[step];
    const ir_op *root = contract_control_root(kernel);
    size_t name_size = strlen(f->name) + 32;   /* ".k<int>.r<int>": no name is cut short */
    char *name = mem_alloc(name_size);
    if (!name) return diag_nomem(d);
    snprintf(name, name_size, "%s.k%d.r%d", f->name, step, region);
    contract_subprogram s = {.parent = f, .step = step, .region = region};
    ir_func *g = NULL;
    ir_value_id *captures = NULL;
    plan *p = mem_calloc(1, sizeof *p);
    int rc = p ? pass_outline_region(c->module, f, root->regions[region], name, &g, &captures, &s.ncaptures, d)
               : diag_nomem(d);
    mem_free(name);
    if (!rc) rc = passes(c->module, g, o, d);
    if (!rc) rc = regions_compile(c, g, o, passes, d);
    bool body = root->code == IR_WHILE && region == 1, planned = false;
    contract k = {0};
    if (!rc) rc = make_contract(c, g, o, &k, d);
    if (!rc) {
        plan_options po = {.strict_order = o->codegen.strict_order, .kernels = &k};
        rc = body ? plan_body(g, root->nin, po, p, &s.in_place, d) : plan_func(g, &po, p, d);
        planned = rc == DIAG_OK;
    }
    contract_free(&k);
    s.f = g, s.p = p, s.captures = captures;
    if (!rc) rc = add_sub(c, &s, d);
    if (rc) {
        if (planned) plan_free(p);
        mem_free(p);
        mem_free(captures);
    }
    return rc;
}

int regions_compile(compiled *c, ir_func *f, const compile_options *o, regions_passes_fn passes, diag *d) {
    for (int s = 0; s < f->body->nops; s++) {
        const ir_op *root = contract_control_root(f->body->ops[s]);
        for (int r = 0; root && r < root->nregions; r++) {
            int rc = compile_region(c, f, s, r, o, passes, d);
            if (rc) return rc;
        }
    }
    return DIAG_OK;
}
