#include "liveness.h"

#include "../util/mem.h"

/* Marks every value op reads (directly or inside its regions) as used at
 * `step`; values defined inside the regions are not top-level and stay
 * unmarked because their ranges were never opened. */
static void note_uses(const ir_op *op, int step, live_range *r) {
    for (int i = 0; i < op->nin; i++)
        if (r[op->in[i]].def != -2 && r[op->in[i]].last_use < step) r[op->in[i]].last_use = step;
    for (int k = 0; k < op->nregions; k++) {
        const ir_block *b = op->regions[k];
        for (int j = 0; j < b->nops; j++) note_uses(b->ops[j], step, r);
    }
}

live_range *live_ranges(const ir_func *f) {
    live_range *r = mem_calloc((size_t)f->nvalues + 1, sizeof *r);
    if (!r) return NULL;
    for (int v = 0; v < f->nvalues; v++) r[v] = (live_range){-2, -2, 0};
    const ir_block *body = f->body;
    for (int i = 0; i < body->nargs; i++) {
        ir_value_id v = body->args[i];
        r[v] = (live_range){-1, -1, ir_type_bytes(&f->values[v].type)};
    }
    for (int s = 0; s < body->nops; s++) {
        const ir_op *op = body->ops[s];
        note_uses(op, s, r);
        for (int i = 0; i < op->nout; i++)
            r[op->out[i]] = (live_range){s, s, ir_type_bytes(&f->values[op->out[i]].type)};
    }
    return r;
}

size_t live_peak(const ir_func *f, const live_range *ranges,
                 bool (*include)(const ir_func *f, ir_value_id v, void *ctx), void *ctx,
                 int *peak_step) {
    int nsteps = f->body->nops;
    size_t peak = 0;
    int at = 0;
    /* O(values x steps) is fine for the graph sizes compiled here; a sweep
     * over sorted endpoints would do if it ever is not. */
    for (int s = 0; s < nsteps; s++) {
        size_t live = 0;
        for (int v = 0; v < f->nvalues; v++) {
            const live_range *r = &ranges[v];
            if (r->def == -2 || r->def > s || r->last_use < s) continue;
            if (include && !include(f, v, ctx)) continue;
            live += r->bytes;
        }
        if (live > peak) {
            peak = live;
            at = s;
        }
    }
    if (peak_step) *peak_step = at;
    return peak;
}
