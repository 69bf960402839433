/* unroll.c: while loops on a differentiated path, made straight-line code.
 *
 * Reverse mode needs every iteration's values. A loop whose trip count is
 * known statically is replaced, before the reverse walk, by that many
 * copies of its body, each reading the values the one before returned:
 * the loop counts when one carried value is an integer counter that starts
 * at a constant, steps by a constant each iteration (body: counter + k)
 * and is compared with a constant in the condition (counter DIR limit,
 * either order). Up to AD_MAX_UNROLL iterations; any other loop on a
 * differentiated path is unsupported, named with its location. Loops off
 * the path are left as they are. One loop at a time: the driver marks
 * activity again after each (loops nested in a body are copied with it and
 * unroll next when they are on the path). */
#include "../passes/rewrite.h"
#include "../util/mem.h"
#include "ad_internal.h"

enum { AD_MAX_UNROLL = 256 };

/* A rank-0 signed integer constant's value. */
static bool int_constant(const ir_func *f, ir_value_id v, int64_t *out) {
    const ir_op *def = f->values[v].def;
    ir_type t = f->values[v].type;
    if (!def || def->code != IR_CONSTANT || t.rank != 0 || !def->a.data) return false;
    switch (t.dtype) {
    case IR_I8: *out = *(const int8_t *)def->a.data; return true;
    case IR_I16: *out = *(const int16_t *)def->a.data; return true;
    case IR_I32: *out = *(const int32_t *)def->a.data; return true;
    case IR_I64: *out = *(const int64_t *)def->a.data; return true;
    default: return false;
    }
}

static bool compares(ir_cmp_dir dir, int64_t x, int64_t y) {
    switch (dir) {
    case IR_CMP_EQ: return x == y;
    case IR_CMP_NE: return x != y;
    case IR_CMP_GE: return x >= y;
    case IR_CMP_GT: return x > y;
    case IR_CMP_LE: return x <= y;
    default: return x < y;
    }
}

/* The trip count of loop w when carried value k is a counter as the file
 * comment says; -1 when it is not, or the loop runs over AD_MAX_UNROLL
 * times. */
static int64_t counter_trips(const ir_func *f, const ir_op *w, int k) {
    const ir_block *cond = w->regions[0], *body = w->regions[1];
    const ir_op *test = f->values[cond->ops[cond->nops - 1]->in[0]].def;
    const ir_op *step = f->values[body->ops[body->nops - 1]->in[k]].def;
    int64_t start, limit = 0, by;
    if (!test || test->code != IR_COMPARE || !step || step->code != IR_ADD || !int_constant(f, w->in[k], &start))
        return -1;
    bool counter_left = test->in[0] == cond->args[k] && int_constant(f, test->in[1], &limit);
    bool counter_right = test->in[1] == cond->args[k] && int_constant(f, test->in[0], &limit);
    bool steps = (step->in[0] == body->args[k] && int_constant(f, step->in[1], &by)) ||
                 (step->in[1] == body->args[k] && int_constant(f, step->in[0], &by));
    if (!(counter_left || counter_right) || !steps) return -1;
    int64_t trips = 0;
    for (int64_t i = start; counter_left ? compares(test->a.cmp, i, limit) : compares(test->a.cmp, limit, i); i += by)
        if (++trips > AD_MAX_UNROLL) return -1;
    return trips;
}

static int64_t trip_count(const ir_func *f, const ir_op *w) {
    for (int k = 0; k < w->nin; k++) {
        int64_t trips = counter_trips(f, w, k);
        if (trips >= 0) return trips;
    }
    return -1;
}

/* Replaces b->ops[at], loop w, by `trips` copies of its body; uses of its
 * results (in b and in ret) become the last copy's. */
static int unroll(ad_ctx *c, ir_block *b, int at, ir_op *ret, int64_t trips) {
    ir_op *w = b->ops[at];
    const ir_block *body = w->regions[1];
    int nvalues = c->f->nvalues;
    ir_value_id *map = mem_alloc((size_t)nvalues * sizeof *map);
    ir_value_id *carried = mem_alloc((size_t)w->nin * sizeof *carried);
    ir_block *copy = ir_block_new();
    int rc = map && carried && copy ? DIAG_OK : diag_nomem(c->d);
    for (ir_value_id v = 0; !rc && v < nvalues; v++) map[v] = v;   /* values from outside stand for themselves */
    for (int k = 0; !rc && k < w->nin; k++) carried[k] = w->in[k];
    for (int64_t t = 0; !rc && t < trips; t++) {
        for (int k = 0; k < w->nin; k++) map[body->args[k]] = carried[k];
        for (int i = 0; !rc && i + 1 < body->nops; i++)
            if (!pass_copy_op(c->f, copy, c->f, body->ops[i], map)) rc = diag_nomem(c->d);
        const ir_op *next = body->ops[body->nops - 1];
        for (int k = 0; !rc && k < w->nin; k++) carried[k] = map[next->in[k]];
    }
    if (!rc && pass_block_splice(b, at, 1, copy->ops, copy->nops)) rc = diag_nomem(c->d);
    if (!rc) {
        copy->nops = 0;   /* its ops belong to b now */
        for (int k = 0; k < w->nout; k++) {
            pass_replace_uses_in(b, w->out[k], carried[k]);
            for (int i = 0; i < ret->nin; i++)
                if (ret->in[i] == w->out[k]) ret->in[i] = carried[k];
        }
        pass_erase_op(c->f, w);
    }
    if (copy) pass_erase_block(c->f, copy);
    mem_free(map);
    mem_free(carried);
    return rc;
}

/* True when loop w carries an active value out. */
static bool loop_active(const ad_ctx *c, const ir_op *w) {
    for (int k = 0; k < w->nout; k++)
        if (c->active[w->out[k]]) return true;
    return false;
}

int ad_unroll_first_loop(ad_ctx *c, ir_op *ret, bool *unrolled) {
    ir_block *b = c->f->body;
    *unrolled = false;
    for (int at = 0; at < b->nops; at++) {
        ir_op *w = b->ops[at];
        if (w->code != IR_WHILE || !loop_active(c, w)) continue;
        c->op = w;
        int64_t trips = trip_count(c->f, w);
        if (trips < 0)
            return ad_unsupported(c, "a while loop is differentiated only when its trip count is known statically "
                                     "(a counter from a constant, stepped by a constant, compared with a constant) "
                                     "and at most %d", AD_MAX_UNROLL);
        *unrolled = true;
        return unroll(c, b, at, ret, trips);
    }
    return DIAG_OK;
}
