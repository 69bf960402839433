/* split_reductions.c: fast mode's reductions across rows, in two steps.
 *
 * A reduce of a big array over all its dims (a loss's sum of squares
 * over [batch, features]) becomes a reduce over all but the first, which
 * keeps the rows (one partial a row), then a reduce of the partials over
 * the rows. The first is a kernel that runs by rows (contract.c): it may
 * join a chain of the layers before it (plan_chain.c), so their last
 * activation is never whole, and with threads it runs in chunks of rows;
 * the second reads one value a row. A reduce that keeps dims (batch
 * norm's statistics, one a channel) stays one kernel: its passes already
 * share the input. Fast mode may reassociate a reduction; strict mode
 * keeps the evaluator's order and does not run this. Only reductions
 * whose init is the reducer's identity split (the init is applied
 * twice): an f32 or f64 add from 0, max from -inf, min from +inf, one
 * input each. */
#include <math.h>
#include <string.h>

#include "../util/mem.h"
#include "rewrite.h"

/* Below these, the reduce is too short to gain, or its rows too few to
 * share out. */
enum { SPLIT_MIN_ELEMENTS = 1 << 16, SPLIT_MIN_ROWS = 64 };

/* The scalar a constant op holds, as a double, or NAN. */
static double constant_scalar(const ir_func *f, ir_value_id v) {
    const ir_op *c = f->values[v].def;
    const ir_type *t = &f->values[v].type;
    if (!c || c->code != IR_CONSTANT || !c->a.data || ir_type_numel(t) != 1) return NAN;
    if (t->dtype == IR_F32) {
        float x;
        memcpy(&x, c->a.data, sizeof x);
        return x;
    }
    if (t->dtype == IR_F64) {
        double x;
        memcpy(&x, c->a.data, sizeof x);
        return x;
    }
    return NAN;
}

/* The reducer's one op (add, max or min of its two arguments), or 0. */
static ir_opcode reducer_of(const ir_op *red) {
    const ir_block *r = red->nregions == 1 ? red->regions[0] : NULL;
    if (!r || r->nargs != 2 || r->nops != 2) return 0;
    const ir_op *op = r->ops[0], *ret = r->ops[1];
    bool args = op->nin == 2 && op->nout == 1 && ((op->in[0] == r->args[0] && op->in[1] == r->args[1]) ||
                                                  (op->in[0] == r->args[1] && op->in[1] == r->args[0]));
    if (!args || ret->code != IR_RETURN || ret->nin != 1 || ret->in[0] != op->out[0]) return 0;
    return op->code == IR_ADD || op->code == IR_MAXIMUM || op->code == IR_MINIMUM ? op->code : 0;
}

static bool splits(const ir_func *f, const ir_op *op) {
    if (op->code != IR_REDUCE || op->nin != 2 || op->nout != 1) return false;
    const ir_type *in = &f->values[op->in[0]].type;
    if ((in->dtype != IR_F32 && in->dtype != IR_F64) || in->rank < 2 || in->dims[0] < SPLIT_MIN_ROWS ||
        ir_type_numel(in) < SPLIT_MIN_ELEMENTS || op->a.dims.n != in->rank)
        return false;
    double init = constant_scalar(f, op->in[1]);
    switch (reducer_of(op)) {
    case IR_ADD: return init == 0;
    case IR_MAXIMUM: return isinf(init) && init < 0;
    case IR_MINIMUM: return isinf(init) && init > 0;
    default: return false;
    }
}

/* b->ops[at], such a reduce, reads the partials of a copy of it over its
 * dims but the first, inserted before it, and reduces only over dim 0. */
static int split_at(ir_func *f, ir_block *b, int at, diag *d) {
    ir_op *red = b->ops[at];
    const ir_type *in = &f->values[red->in[0]].type;
    int64_t inner[IR_MAX_RANK], n = 0;
    for (int k = 0; k < red->a.dims.n; k++)
        if (red->a.dims.v[k] != 0) inner[n++] = red->a.dims.v[k];
    ir_type partial = {.dtype = in->dtype};
    for (int k = 0; k < in->rank; k++) {
        bool reduced = false;
        for (int i = 0; i < n; i++) reduced |= inner[i] == k;
        if (!reduced) partial.dims[partial.rank++] = in->dims[k];
    }
    ir_value_id *map = pass_map_new(f->nvalues);
    if (!map) return diag_nomem(d);
    map[red->in[0]] = red->in[0];
    map[red->in[1]] = red->in[1];
    ir_op *part = pass_copy_op(f, b, f, red, map);   /* appended after the return: moved below */
    mem_free(map);
    const int64_t zero = 0;
    if (!part || ir_ints_set(&part->a.dims, (int)n, inner) || ir_ints_set(&red->a.dims, 1, &zero) ||
        pass_block_splice(b, b->nops - 1, 1, NULL, 0) || pass_block_splice(b, at, 0, &part, 1)) {
        return diag_nomem(d);
    }
    f->values[part->out[0]].type = partial;
    red->in[0] = part->out[0];
    return DIAG_OK;
}

static int split_block(ir_func *f, ir_block *b, diag *d) {
    for (int i = 0; i < b->nops; i++) {
        ir_op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) {
            int rc = split_block(f, op->regions[r], d);
            if (rc) return rc;
        }
        if (splits(f, op)) {
            int rc = split_at(f, b, i, d);
            if (rc) return rc;
            i++;   /* past the reduce */
        }
    }
    return DIAG_OK;
}

int pass_split_reductions(ir_func *f, diag *d) { return split_block(f, f->body, d); }
