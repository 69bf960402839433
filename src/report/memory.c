/* memory.c: the memory report of a compiled function, from its plan. The
 * peak is arguments + outputs + the arena - the outputs held in donated
 * arguments; the buffers listed at the peak are the arena's, each counted
 * once, and the scratch block is counted only when the peak kernel uses
 * it. */
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>

#include "../util/mem.h"

size_t report_peak_bytes(const plan *p) {
    return p->arena_bytes + p->argument_bytes + p->output_bytes - p->alias_bytes;
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
    /* the peak kernel uses the scratch block when its live bytes count it
       (plan_scratch.c): control flow, a dot written over its lhs, block slots */
    size_t listed = 0;
    for (int k = 0; k < n; k++) listed += (mem->peak_buffers[k].bytes + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN;
    bool uses_scratch = p->scratch_bytes && p->peak_step < p->nsteps &&
                        p->temp_live[p->peak_step] >= listed + p->scratch_bytes;
    mem->peak_scratch_bytes = uses_scratch ? p->scratch_bytes : 0;
    return DIAG_OK;
}

/* Arena buffers live at the plan's peak step, largest first (then by id). */
static int by_bytes_desc(const void *a, const void *b) {
    const compile_live_buffer *x = a, *y = b;
    if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
    return x->value - y->value;
}

int report_budget_error(const ir_func *f, const plan *p, size_t budget_bytes, double flops, diag *d) {
    compile_memory live = {0};
    if (collect_peak_buffers(f, p, &live)) return diag_nomem(d);
    qsort(live.peak_buffers, (size_t)live.npeak, sizeof *live.peak_buffers, by_bytes_desc);
    char list[640] = "";
    size_t used = 0;
    for (int i = 0; i < live.npeak && i < 6 && used < sizeof list; i++) {
        char ty[96];
        ir_value_id v = live.peak_buffers[i].value;
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%%v%d %s", i ? ", " : "", v,
                                 ir_type_str(&f->values[v].type, ty, sizeof ty));
    }
    if (live.npeak > 6 && used < sizeof list) snprintf(list + used, sizeof list - used, " and %d more", live.npeak - 6);
    mem_free(live.peak_buffers);
    return diag_set(d, DIAG_INVALID,
                    "memory budget of %zu bytes cannot be met by @%s: the smallest peak reached is %zu bytes "
                    "(arguments %zu + outputs %zu + arena %zu, recomputing %.4g FLOPs); live at its peak: %s",
                    budget_bytes, f->name, report_peak_bytes(p), p->argument_bytes, p->output_bytes,
                    p->arena_bytes, flops, live.npeak ? list : "no arena buffers");
}

int report_measure(const ir_func *f, const plan *p, size_t code_bytes, size_t unfused_bytes, size_t fused_bytes,
                   compile_memory *mem) {
    mem->argument_bytes = p->argument_bytes;
    mem->output_bytes = p->output_bytes;
    mem->alias_bytes = p->alias_bytes;
    mem->temp_bytes = p->arena_bytes;
    mem->code_bytes = code_bytes;
    mem->lower_bound_bytes = p->lower_bound_bytes;
    mem->fused_away_bytes = unfused_bytes > fused_bytes ? unfused_bytes - fused_bytes : 0;
    mem->peak_bytes = report_peak_bytes(p);
    return collect_peak_buffers(f, p, mem);
}

/* The bytes of body sub-program g's results that a dynamic_update_slice
 * kernel computes (a stacked output written a slice per iteration). */
static size_t stacked_bytes(const ir_func *g) {
    const ir_op *ret = g->body->ops[g->body->nops - 1];
    size_t n = 0;
    for (int j = 0; j < ret->nin; j++) {
        const ir_op *def = g->values[ret->in[j]].def;
        const ir_block *b = def && def->code == IR_FUSION ? def->regions[0] : NULL;
        if (b && b->nops >= 2 && b->ops[b->nops - 2]->code == IR_DYNAMIC_UPDATE_SLICE)
            n += ir_type_bytes(&g->values[ret->in[j]].type);
    }
    return n;
}

int report_measure_loops(const ir_func *f, const plan *p, const contract_subprogram *subs, int nsubs,
                         compile_memory *mem) {
    mem->nloops = 0;
    mem->loops = mem_calloc((size_t)p->nsteps + 1, sizeof *mem->loops);
    if (!mem->loops) return DIAG_NOMEM;
    for (int s = 0; s < p->nsteps; s++) {
        const ir_op *root = contract_control_root(f->body->ops[s]);
        contract_control l;
        if (!root || root->code != IR_WHILE || !contract_control_layout(f, s, subs, nsubs, &l, NULL)) continue;
        compile_loop *loop = &mem->loops[mem->nloops++];
        *loop = (compile_loop){s, root->loc, 0, stacked_bytes(subs[l.sub[1]].f), l.bytes, l.bound};
        for (int j = 0; j < root->nout; j++) loop->value_bytes += ir_type_bytes(&f->values[root->out[j]].type);
    }
    return DIAG_OK;
}

void report_print(FILE *out, const compile_memory *m) {
    fprintf(out, "//   temp %zu, lower bound %zu, arguments %zu, outputs %zu, aliased %zu, peak %zu, code %zu, "
            "fused away %zu, peak at step %d\n", m->temp_bytes, m->lower_bound_bytes, m->argument_bytes,
            m->output_bytes, m->alias_bytes, m->peak_bytes, m->code_bytes, m->fused_away_bytes, m->peak_step);
}
