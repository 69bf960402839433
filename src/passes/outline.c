/* outline.c: pass_outline_region, a region as a function of its own.
 *
 * The function's parameters are the region's arguments, then the values
 * the region reads from outside itself (its captures, in order of first
 * use, nested regions included); its body is a copy of the region's ops,
 * its return what the region returns. Control-flow kernels compile their
 * regions this way (src/compile/compile.c). */
#include <stdio.h>

#include "../util/mem.h"
#include "rewrite.h"

/* Marks every value b and its nested regions define. */
static void mark_defined(const ir_block *b, unsigned char *inside) {
    for (int i = 0; i < b->nargs; i++) inside[b->args[i]] = 1;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nout; j++) inside[op->out[j]] = 1;
        for (int r = 0; r < op->nregions; r++) mark_defined(op->regions[r], inside);
    }
}

/* Appends to caps every value b reads that b does not define (once). */
static int collect_captures(const ir_block *b, const unsigned char *inside, unsigned char *seen, ir_value_id *caps,
                            int *n) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++) {
            ir_value_id v = op->in[j];
            if (inside[v] || seen[v]) continue;
            seen[v] = 1;
            caps[(*n)++] = v;
        }
        for (int r = 0; r < op->nregions; r++) collect_captures(op->regions[r], inside, seen, caps, n);
    }
    return 0;
}

/* A new function of m named `name` with the parameters of the given types. */
static ir_func *new_func(ir_module *m, const char *name, const ir_func *f, const ir_block *region,
                         const ir_value_id *caps, int ncaps, ir_value_id *map) {
    ir_func *g = ir_func_new(m, name);
    if (!g) return NULL;
    for (int i = 0; i < region->nargs + ncaps; i++) {
        ir_value_id from = i < region->nargs ? region->args[i] : caps[i - region->nargs];
        ir_type t = f->values[from].type;
        ir_value_id p = ir_block_add_arg(g, g->body, &t);
        if (p < 0) return NULL;
        map[from] = p;
    }
    return g;
}

int pass_outline_region(ir_module *m, const ir_func *f, const ir_block *region, const char *name, ir_func **out,
                        ir_value_id **captures, int *ncaptures, diag *d) {
    *out = NULL;
    *captures = NULL;
    *ncaptures = 0;
    const ir_op *ret = region->nops ? region->ops[region->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN) return diag_set(d, DIAG_INVALID, "outline: the region has no return");
    unsigned char *inside = mem_calloc((size_t)f->nvalues, 2);
    ir_value_id *caps = mem_alloc((size_t)f->nvalues * sizeof *caps + 1);
    ir_value_id *map = pass_map_new(f->nvalues);
    ir_type *types = mem_alloc((size_t)ret->nin * sizeof *types + 1);
    int n = 0, rc = inside && caps && map && types ? DIAG_OK : diag_nomem(d);
    if (!rc) {
        mark_defined(region, inside);
        collect_captures(region, inside, inside + f->nvalues, caps, &n);
    }
    ir_func *g = rc ? NULL : new_func(m, name, f, region, caps, n, map);
    if (!rc && !g) rc = diag_nomem(d);
    for (int i = 0; !rc && i < region->nops; i++)
        if (!pass_copy_op(g, g->body, f, region->ops[i], map)) rc = diag_nomem(d);
    for (int i = 0; !rc && i < ret->nin; i++) types[i] = f->values[ret->in[i]].type;
    if (!rc && ir_func_set_results(g, ret->nin, types)) rc = diag_nomem(d);
    mem_free(inside);
    mem_free(map);
    mem_free(types);
    if (rc) {
        if (g) ir_module_remove_func(m, g);
        mem_free(caps);
        return rc;
    }
    *out = g;
    *captures = caps;
    *ncaptures = n;
    return DIAG_OK;
}
