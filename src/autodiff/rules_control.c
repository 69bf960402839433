/* rules_control.c: the rules of if and case (a case of the branches'
 * vjps) and sort. */
#include "../passes/rewrite.h"
#include "../util/mem.h"
#include "ad_internal.h"

/* ---- if, case ---- */

/* Marks in `inside` every value b and the regions of its ops define. */
static void mark_defined(const ir_block *b, bool *inside) {
    for (int k = 0; k < b->nargs; k++) inside[b->args[k]] = true;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int k = 0; k < op->nout; k++) inside[op->out[k]] = true;
        for (int r = 0; r < op->nregions; r++) mark_defined(op->regions[r], inside);
    }
}

/* Adds to cap (each once) the active values b reads that it does not define. */
static void collect_captured(const ad_ctx *c, const ir_block *b, const bool *inside, ir_value_id *cap, int *ncap,
                             bool *listed) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int k = 0; k < op->nin; k++) {
            ir_value_id v = op->in[k];
            if (v < c->nprimal && c->active[v] && !inside[v] && !listed[v]) {
                listed[v] = true;
                cap[(*ncap)++] = v;
            }
        }
        for (int r = 0; r < op->nregions; r++) collect_captured(c, op->regions[r], inside, cap, ncap, listed);
    }
}

/* One branch of the backward if/case: a copy of the forward branch's ops
 * (its values are not visible outside it), then the rules of its ops seeded
 * with the op's result cotangents, returning the cotangents of the captured
 * values (zeros where none). The rules name the forward branch's values;
 * they are renamed to the copies at the end. The captured values' outer
 * cotangents are put aside meanwhile. */
static int backward_branch(ad_ctx *c, const ir_op *op, const ir_block *fwd, ir_block *into, const ir_value_id *cap,
                           int ncap, ir_value_id *saved) {
    int nvalues = c->f->nvalues, rc = DIAG_OK;
    ir_value_id *map = mem_alloc((size_t)nvalues * sizeof *map);
    if (!map) return diag_nomem(c->d);
    for (ir_value_id v = 0; v < nvalues; v++) map[v] = v;   /* captured values stand for themselves */
    for (int i = 0; i + 1 < fwd->nops && !rc; i++) {
        ir_op *copy = pass_copy_op(c->f, into, c->f, fwd->ops[i], map);
        if (!copy) rc = diag_nomem(c->d);
        else pass_walk_op(copy, ad_mark_backward, NULL);   /* recomputed in the backward pass */
    }
    ir_block *outer = c->into;
    c->into = into;
    for (int k = 0; k < ncap; k++) {
        saved[k] = c->ct[cap[k]];
        c->ct[cap[k]] = -1;
    }
    const ir_op *ret = fwd->ops[fwd->nops - 1];
    for (int j = 0; j < op->nout && !rc; j++)
        if (c->active[ret->in[j]] && c->ct[op->out[j]] >= 0) rc = ad_accumulate(c, ret->in[j], c->ct[op->out[j]]);
    if (!rc) rc = ad_backward_ops(c, fwd, fwd->nops - 1);
    c->op = op;
    ir_value_id *results = mem_alloc((size_t)ncap * sizeof *results);
    if (!rc && !results) rc = diag_nomem(c->d);
    for (int k = 0; k < ncap && !rc; k++) {
        results[k] = c->ct[cap[k]] >= 0 ? c->ct[cap[k]] : ad_zeros_like(c, cap[k]);
        if (results[k] < 0) rc = c->d->code;
    }
    if (!rc && !ir_op_append(c->f, into, IR_RETURN, ncap, results, 0, NULL)) rc = diag_nomem(c->d);
    for (ir_value_id v = 0; v < nvalues && !rc; v++)
        if (map[v] != v) pass_replace_uses_in(into, v, map[v]);
    for (int k = 0; k < ncap; k++) c->ct[cap[k]] = saved[k];
    c->into = outer;
    mem_free(results);
    mem_free(map);
    return rc;
}

/* if/case (JAX's cond transpose): a case on the same selector whose branch
 * k is the vjp of forward branch k, giving the cotangents of every active
 * value a branch reads from outside (the selector gets none). */
int ad_rule_branches(ad_ctx *c, const ir_op *op) {
    bool *inside = mem_calloc((size_t)c->nprimal, sizeof *inside), *listed = mem_calloc((size_t)c->nprimal, 1);
    ir_value_id *cap = mem_alloc((size_t)c->nprimal * sizeof *cap), *saved = mem_alloc((size_t)c->nprimal * sizeof *saved);
    ir_type *types = mem_alloc((size_t)c->nprimal * sizeof *types);
    int ncap = 0, rc = inside && listed && cap && saved && types ? DIAG_OK : diag_nomem(c->d);
    for (int r = 0; r < op->nregions && !rc; r++) mark_defined(op->regions[r], inside);
    for (int r = 0; r < op->nregions && !rc; r++) collect_captured(c, op->regions[r], inside, cap, &ncap, listed);
    for (int k = 0; k < ncap && !rc; k++) types[k] = ad_type(c, cap[k]);
    ir_op *back = rc || !ncap ? NULL : ir_op_append(c->f, c->into, op->code, 1, op->in, ncap, types);
    if (!rc && ncap && !back) rc = diag_nomem(c->d);
    if (back) {
        back->backward = true;
        back->loc = op->loc;
    }
    for (int r = 0; back && r < op->nregions && !rc; r++) {
        ir_block *branch = ir_op_add_region(back);
        rc = branch ? backward_branch(c, op, op->regions[r], branch, cap, ncap, saved) : diag_nomem(c->d);
    }
    for (int k = 0; back && k < ncap && !rc; k++) rc = ad_accumulate(c, cap[k], back->out[k]);
    mem_free(inside);
    mem_free(listed);
    mem_free(cap);
    mem_free(saved);
    mem_free(types);
    return rc;
}

/* ---- sort ---- */

/* An iota of type t counting along dimension dim. */
static ir_value_id iota(ad_ctx *c, const ir_type *t, int dim) {
    ir_attrs a = {.axis = dim};
    return ad_op(c, IR_IOTA, 0, NULL, 1, t, &a, 0, NULL, t->dtype);
}

/* Where sort op put each element: the full coordinates, as index vectors
 * along a new last dimension, of the element of the operands that went to
 * each position (JAX's _sort_jvp: an iota along the sorted dimension
 * sorted with the operands, iotas along the others). */
static ir_value_id sorted_positions(ad_ctx *c, const ir_op *op) {
    ir_type t = ad_type(c, op->in[0]);
    if (t.rank == IR_MAX_RANK || op->nin >= 32)
        return ad_unsupported(c, "a sort of rank %d or of %d operands", t.rank, op->nin), -1;
    int dim = (int)op->a.axis;
    t.dtype = t.dims[dim] <= INT32_MAX ? IR_I32 : IR_I64;
    ir_value_id in[33], pieces[IR_MAX_RANK];
    ir_type types[33];
    for (int k = 0; k < op->nin; k++) {
        in[k] = op->in[k];
        types[k] = ad_type(c, op->out[k]);
    }
    types[op->nin] = t;
    int64_t column[IR_MAX_RANK];   /* t's dims and a unit dim */
    for (int d = 0; d < t.rank; d++) column[d] = t.dims[d];
    column[t.rank] = 1;
    for (int d = 0; d < t.rank; d++) {
        ir_value_id v = in[op->nin] = iota(c, &t, d);
        if (d == dim) {
            ir_attrs a = {.axis = dim, .is_stable = op->a.is_stable};
            ir_value_id first = ad_op_copying(c, IR_SORT, op->nin + 1, in, op->nin + 1, types, &a, op->regions[0],
                                              2, t.dtype);
            v = first < 0 ? -1 : c->f->values[first].def->out[op->nin];
        }
        pieces[d] = ad_reshape(c, v, t.rank + 1, column);
    }
    return ad_concatenate(c, t.rank, pieces, t.rank);
}

/* sort: each operand's cotangent is its result's, scatter-added back to
 * where each element came from (the transpose of JAX's gather). */
int ad_rule_sort(ad_ctx *c, const ir_op *op) {
    ir_value_id at = -1;
    for (int i = 0; i < op->nin; i++) {
        ir_value_id g = c->ct[op->out[i]];
        if (!c->active[op->in[i]] || g < 0) continue;
        if (at < 0 && (at = sorted_positions(c, op)) < 0) return c->d->code;
        ir_type tx = ad_type(c, op->in[i]);
        int64_t all[IR_MAX_RANK];
        for (int d = 0; d < tx.rank; d++) all[d] = d;
        ir_attrs a = {.collapsed = {tx.rank, all}, .index_map = {tx.rank, all}, .axis_b = tx.rank};
        ir_value_id in[3] = {ad_zeros_like(c, op->in[i]), at, g};
        ad_body add = AD_BODY_ADD;
        int rc = ad_accumulate(c, op->in[i], ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &add, tx.dtype));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* top_k: the values' cotangent scatter-added back to the positions the
 * indices name (JAX's _top_k_jvp, transposed): full coordinates from iotas
 * over the leading dims and the indices along the last. */
int ad_rule_top_k(ad_ctx *c, const ir_op *op) {
    ir_value_id g = c->ct[op->out[0]];
    if (!c->active[op->in[0]] || g < 0) return DIAG_OK;
    ir_type tx = ad_type(c, op->in[0]), ti = ad_type(c, op->out[1]);
    if (tx.rank == IR_MAX_RANK) return ad_unsupported(c, "a top_k of rank %d", tx.rank);
    int64_t column[IR_MAX_RANK];
    for (int d = 0; d < ti.rank; d++) column[d] = ti.dims[d];
    column[ti.rank] = 1;
    ir_value_id pieces[IR_MAX_RANK];
    for (int d = 0; d < ti.rank; d++)
        pieces[d] = ad_reshape(c, d == ti.rank - 1 ? op->out[1] : iota(c, &ti, d), ti.rank + 1, column);
    ir_value_id at = ad_concatenate(c, ti.rank, pieces, ti.rank);
    int64_t all[IR_MAX_RANK];
    for (int d = 0; d < tx.rank; d++) all[d] = d;
    ir_attrs a = {.collapsed = {tx.rank, all}, .index_map = {tx.rank, all}, .axis_b = tx.rank};
    ir_value_id in[3] = {ad_zeros_like(c, op->in[0]), at, g};
    ad_body add = AD_BODY_ADD;
    return ad_accumulate(c, op->in[0], ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &add, tx.dtype));
}
