/* remat.c: the forward/backward split, residuals, checkpoint policies, and
 * the rewrite that recomputes residuals in the backward part (remat.h). */
#include "remat.h"

#include <string.h>

#include "../passes/rewrite.h"
#include "../util/mem.h"

/* ---- the cost model ----------------------------------------------------------- */

double remat_op_flops(const ir_func *f, const ir_op *op) {
    if (op->nout == 0) return 0;
    double out = (double)ir_type_numel(&f->values[op->out[0]].type);
    switch (op->code) {
    case IR_DOT_GENERAL: {
        const ir_type *lhs = &f->values[op->in[0]].type;
        double k = 1;
        for (int i = 0; i < op->a.lhs_contract.n; i++) k *= (double)lhs->dims[op->a.lhs_contract.v[i]];
        return 2 * out * k;
    }
    case IR_REDUCE:
        return (double)ir_type_numel(&f->values[op->in[0]].type) * (op->nin / 2);
    case IR_SELECT: case IR_CLAMP: case IR_COMPARE: case IR_CONVERT: case IR_COMPLEX_PART:
        return out;
    default:
        return ir_op_kind_of(op->code) == IR_KIND_UNARY || ir_op_kind_of(op->code) == IR_KIND_BINARY ? out : 0;
    }
}

/* ---- forward and backward -------------------------------------------------------- */

static bool any_marked(const ir_func *f) {
    for (int i = 0; i < f->body->nops; i++)
        if (f->body->ops[i]->backward) return true;
    return false;
}

/* Marked functions: whatever reads a backward value is backward too (a
 * pass may have made an op in the backward part without the mark). */
static void propagate_marks(ir_func *f, bool *backward_value) {
    for (int i = 0; i + 1 < f->body->nops; i++) {
        ir_op *op = f->body->ops[i];
        for (int j = 0; j < op->nin && !op->backward; j++) op->backward = backward_value[op->in[j]];
        for (int j = 0; j < op->nout; j++) backward_value[op->out[j]] = op->backward;
    }
}

/* Unmarked functions with two or more results: the ops the first result
 * depends on are forward, the others backward. */
static void mark_by_first_result(ir_func *f, bool *needed) {
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    if (f->nresults < 2 || ret->nin < 1) return;
    needed[ret->in[0]] = true;
    for (int i = f->body->nops - 2; i >= 0; i--) {
        ir_op *op = f->body->ops[i];
        bool forward = false;
        for (int j = 0; j < op->nout; j++) forward |= needed[op->out[j]];
        if (!forward && ir_op_kind_of(op->code) != IR_KIND_CHECK) op->backward = true;
        for (int j = 0; j < op->nin && forward; j++) needed[op->in[j]] = true;
    }
}

static bool is_result(const ir_func *f, ir_value_id v) {
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    for (int i = 0; i < ret->nin; i++)
        if (ret->in[i] == v) return true;
    return false;
}

/* A value the backward part can read without recomputing it: anything but
 * a forward op's result (parameters, constants, backward values, results of
 * the function). Residuals are kept or not on top of this. */
static bool always_available(const ir_func *f, ir_value_id v) {
    const ir_op *def = f->values[v].def;
    return !def || def->backward || def->code == IR_CONSTANT || is_result(f, v);
}

/* available[v] for every value under a keep-set; NULL on OOM. */
static bool *available_values(const ir_func *f, const remat_info *r, const bool *keep) {
    bool *avail = mem_calloc((size_t)f->nvalues + 1, sizeof *avail);
    if (!avail) return NULL;
    for (ir_value_id v = 0; v < f->nvalues; v++) avail[v] = always_available(f, v);
    for (int i = 0; i < r->nresiduals; i++) avail[r->residuals[i].value] = keep[i];
    return avail;
}

/* ---- policies ------------------------------------------------------------------ */

static bool named_in(const ir_checkpoint *c, const char *name) {
    for (int i = 0; name && i < c->nnames; i++)
        if (strcmp(c->names[i], name) == 0) return true;
    return false;
}

static bool policy_keeps(const ir_func *f, const ir_op *def, ir_value_id v) {
    if (def->checkpoint < 1 || def->checkpoint > f->ncheckpoints) return true;
    const ir_checkpoint *c = &f->checkpoints[def->checkpoint - 1];
    switch (c->policy) {
    case IR_SAVE_EVERYTHING: return true;
    case IR_SAVE_NOTHING: return false;
    case IR_SAVE_DOTS: return def->code == IR_DOT_GENERAL;
    case IR_SAVE_DOTS_NO_BATCH: return def->code == IR_DOT_GENERAL && def->a.lhs_batch.n == 0;
    case IR_SAVE_NAMED: return named_in(c, ir_func_value_tag(f, v));
    case IR_SAVE_IF: return c->save && c->save(def, &f->values[v].type, ir_func_value_tag(f, v), c->save_ctx);
    }
    return true;
}

/* ---- residuals ------------------------------------------------------------------- */

/* needed[v]: a backward op reads v, or a region op reads v from outside its region. */
static void mark_needed(const ir_func *f, bool *needed) {
    for (int i = 0; i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; j < op->nin; j++) {
            const ir_op *def = f->values[op->in[j]].def;
            if (op->backward || (op->checkpoint > 0 && def && def->checkpoint != op->checkpoint))
                needed[op->in[j]] = true;
        }
    }
}

/* A value its region's policy lets the backward part keep: when a value
 * the policy recomputes is computed from it, it is kept rather than
 * recomputed too (dots_saveable: tanh(dot) is recomputed from the saved
 * dot). */
static bool saveable_in_region(const ir_func *f, ir_value_id v) {
    const ir_op *def = f->values[v].def;
    return def->checkpoint > 0 && policy_keeps(f, def, v);
}

/* Marks needed the saveable values that the recomputation of the needed
 * values the policies do not keep reaches first (walking operands back from
 * them, no further than available, needed or saveable values). */
static int mark_saveable_sources(const ir_func *f, bool *needed) {
    int n = f->nvalues;
    bool *seen = mem_calloc((size_t)n + 1, sizeof *seen);
    ir_value_id *stack = mem_alloc(((size_t)n + 1) * sizeof *stack);
    if (!seen || !stack) {
        mem_free(seen);
        mem_free(stack);
        return DIAG_NOMEM;
    }
    int top = 0;
    for (ir_value_id v = 0; v < n; v++)
        if (needed[v] && !always_available(f, v) && !policy_keeps(f, f->values[v].def, v)) stack[top++] = v, seen[v] = true;
    while (top > 0) {
        const ir_op *def = f->values[stack[--top]].def;
        for (int k = 0; k < def->nin; k++) {
            ir_value_id w = def->in[k];
            if (seen[w] || always_available(f, w)) continue;
            seen[w] = true;
            if (saveable_in_region(f, w)) needed[w] = true;
            else if (!needed[w]) stack[top++] = w;
        }
    }
    mem_free(seen);
    mem_free(stack);
    return DIAG_OK;
}

static int collect_residuals(const ir_func *f, const bool *needed, remat_info *r) {
    r->residuals = mem_calloc((size_t)f->nvalues + 1, sizeof *r->residuals);
    if (!r->residuals) return DIAG_NOMEM;
    for (int i = 0; i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; j < op->nout; j++) {
            ir_value_id v = op->out[j];
            if (!needed[v] || always_available(f, v)) continue;
            r->residuals[r->nresiduals++] = (remat_residual){
                .value = v, .bytes = ir_type_bytes(&f->values[v].type), .type = f->values[v].type,
                .producer = op->code, .loc = op->loc, .policy_keeps = policy_keeps(f, op, v)};
        }
    }
    return DIAG_OK;
}

/* flops_alone of every residual: recomputing it alone, all others kept. */
static int cost_alone(const ir_func *f, remat_info *r) {
    bool *keep = mem_alloc((size_t)r->nresiduals + 1);
    if (!keep) return DIAG_NOMEM;
    memset(keep, 1, (size_t)r->nresiduals + 1);
    int rc = DIAG_OK;
    for (int i = 0; i < r->nresiduals && !rc; i++) {
        keep[i] = false;
        rc = remat_recompute_flops(f, r, &(remat_choice){keep, 0}, &r->residuals[i].flops_alone, NULL);
        keep[i] = true;
    }
    mem_free(keep);
    return rc;
}

int remat_analyze(ir_func *f, remat_info *out, diag *d) {
    *out = (remat_info){0};
    bool *marks = mem_calloc((size_t)f->nvalues + 1, sizeof *marks);
    if (!marks) return diag_nomem(d);
    if (any_marked(f)) propagate_marks(f, marks);
    else mark_by_first_result(f, marks);
    out->has_backward = any_marked(f);
    memset(marks, 0, (size_t)f->nvalues + 1);
    mark_needed(f, marks);
    int rc = out->has_backward ? mark_saveable_sources(f, marks) : DIAG_OK;
    if (!rc && out->has_backward) rc = collect_residuals(f, marks, out);
    mem_free(marks);
    if (!rc && out->nresiduals > 0) rc = cost_alone(f, out);
    if (rc) {
        remat_info_free(out);
        return diag_nomem(d);
    }
    return DIAG_OK;
}

void remat_info_free(remat_info *r) {
    mem_free(r->residuals);
    *r = (remat_info){0};
}

void remat_policy_keep(const remat_info *r, bool *keep) {
    for (int i = 0; i < r->nresiduals; i++) keep[i] = r->residuals[i].policy_keeps;
}

/* ---- groups ----------------------------------------------------------------------- */

/* The group of each body op (backward ops only; others -1): backward ops
 * go, in body order, into consecutive groups that read at most group_size
 * distinct recomputed values each (one group when group_size is 0). NULL on
 * OOM. */
static int *backward_groups(const ir_func *f, const bool *avail, int group_size) {
    int *group = mem_alloc(((size_t)f->body->nops + 1) * sizeof *group);
    int *stamp = mem_calloc((size_t)f->nvalues + 1, sizeof *stamp);   /* v read in group stamp[v] - 1 */
    if (!group || !stamp) {
        mem_free(group);
        mem_free(stamp);
        return NULL;
    }
    int g = 0, reads = 0;
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        group[i] = -1;
        if (!op->backward || op->code == IR_RETURN) continue;
        int fresh = 0;
        for (int j = 0; j < op->nin; j++) fresh += !avail[op->in[j]] && stamp[op->in[j]] != g + 1;
        if (group_size > 0 && reads > 0 && reads + fresh > group_size) g++, reads = 0;
        for (int j = 0; j < op->nin; j++)
            if (!avail[op->in[j]] && stamp[op->in[j]] != g + 1) stamp[op->in[j]] = g + 1, reads++;
        group[i] = g;
    }
    mem_free(stamp);
    return group;
}

/* ---- walking what is recomputed --------------------------------------------------- */

/* What a walk calls: visit on each forward op to copy, after the copies of
 * its operands (post-order); renamed when body op i's operand j (an
 * unavailable value) has its copy; group_begins when a group starts. */
typedef struct walker {
    int (*visit)(ir_func *f, ir_op *def, void *ctx);
    void (*renamed)(int i, int j, ir_value_id v, void *ctx);
    void (*group_begins)(void *ctx);
    void *ctx;
} walker;

typedef struct walk_state {
    bool *seen;             /* copied in this group already */
    ir_value_id *stack;
} walk_state;

/* Copies (visits) the unavailable value v of f and, first, its unavailable
 * operands, transitively, each once per group. -1 on OOM. */
static int walk_value(ir_func *f, const bool *avail, walk_state *ws, ir_value_id v, const walker *w) {
    int top = 0, rc = 0;
    ws->stack[top++] = v;
    while (top > 0 && !rc) {
        ir_value_id u = ws->stack[top - 1];
        ir_op *def = f->values[u].def;
        if (ws->seen[u]) {
            top--;
            continue;
        }
        bool pushed = false;
        for (int k = 0; k < def->nin && !pushed; k++) {
            ir_value_id x = def->in[k];
            if (!avail[x] && !ws->seen[x]) ws->stack[top++] = x, pushed = true;
        }
        if (pushed) continue;
        for (int k = 0; k < def->nout; k++) ws->seen[def->out[k]] = true;
        top--;
        rc = w->visit(f, def, w->ctx);
    }
    return rc;
}

/* Walks, body op by body op, the forward ops that recomputation copies for
 * the backward ops' unavailable operands. -1 on OOM. */
static int walk_recomputed(ir_func *f, const bool *avail, int group_size, const walker *w) {
    int n = f->nvalues;
    walk_state ws = {mem_calloc((size_t)n + 1, sizeof *ws.seen), mem_alloc(((size_t)n + 1) * sizeof *ws.stack)};
    int *group = backward_groups(f, avail, group_size);
    int rc = ws.seen && ws.stack && group ? 0 : -1;
    int current = -1;
    for (int i = 0; !rc && i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; !rc && op->backward && j < op->nin; j++) {
            ir_value_id v = op->in[j];
            if (v >= n || avail[v]) continue;
            if (group[i] != current) {
                current = group[i];
                memset(ws.seen, 0, (size_t)n + 1);
                if (w->group_begins) w->group_begins(w->ctx);
            }
            rc = walk_value(f, avail, &ws, v, w);
            if (!rc && w->renamed) w->renamed(i, j, v, w->ctx);
        }
    }
    mem_free(ws.seen);
    mem_free(ws.stack);
    mem_free(group);
    return rc;
}

/* ---- what recomputing costs ------------------------------------------------------- */

static int add_flops(ir_func *f, ir_op *def, void *ctx) {
    *(double *)ctx += remat_op_flops(f, def);
    return 0;
}

int remat_recompute_flops(const ir_func *f, const remat_info *r, const remat_choice *c, double *flops,
                          diag *d) {
    bool *avail = available_values(f, r, c->keep);
    *flops = 0;
    walker w = {add_flops, NULL, NULL, flops};
    /* The walk changes nothing when visit does not (it takes f non-const for
     * remat_apply's sake). */
    int rc = avail ? walk_recomputed((ir_func *)f, avail, c->group, &w) : -1;
    mem_free(avail);
    return rc ? diag_nomem(d) : DIAG_OK;
}

/* ---- the rewrite ------------------------------------------------------------------ */

typedef struct remat_rename {
    int op, operand;
    ir_value_id to;
} remat_rename;

typedef struct rewrite {
    const bool *avail;
    int n0;              /* values before the rewrite */
    ir_value_id *map;    /* in the current group: forward value -> its copy; available -> itself */
    ir_block *scratch;   /* holds the copies until they are placed */
    int *made_by;        /* body op i -> copies made up to its turn (scratch ops [0, made_by[i])) */
    remat_rename *renames;     /* the backward operands to rename, in body order */
    int nrenames, cap_renames;
    bool failed;         /* out of memory in a callback that cannot say so */
    double flops;
} rewrite;

static int copy_forward_op(ir_func *f, ir_op *def, void *ctx) {
    rewrite *w = ctx;
    for (int k = 0; k < def->nin; k++)
        if (w->avail[def->in[k]]) w->map[def->in[k]] = def->in[k];
    ir_op *copy = pass_copy_op(f, w->scratch, f, def, w->map);
    if (!copy) return -1;
    copy->backward = true;   /* a recomputed copy is part of the backward pass, in no region */
    copy->checkpoint = 0;
    w->flops += remat_op_flops(f, def);
    return 0;
}

static void note_rename(int i, int j, ir_value_id v, void *ctx) {
    rewrite *w = ctx;
    if (mem_grow((void **)&w->renames, &w->cap_renames, w->nrenames + 1, sizeof *w->renames)) {
        w->failed = true;
        return;
    }
    w->renames[w->nrenames++] = (remat_rename){i, j, w->map[v]};
    w->made_by[i] = w->scratch->nops;
}

static void forget_copies(void *ctx) {
    rewrite *w = ctx;
    for (int v = 0; v < w->n0; v++) w->map[v] = -1;
}

/* The new body order: the copies made for a backward op's operands right
 * before it (operands before their readers, as they were made). */
static ir_op **placed_order(ir_func *f, const rewrite *w) {
    int total = f->body->nops + w->scratch->nops;
    ir_op **order = mem_alloc((size_t)total * sizeof *order);
    if (!order) return NULL;
    int n = 0, next_copy = 0;
    for (int i = 0; i < f->body->nops; i++) {
        int upto = i + 1 < f->body->nops ? w->made_by[i] : w->scratch->nops;
        while (next_copy < upto) order[n++] = w->scratch->ops[next_copy++];
        order[n++] = f->body->ops[i];
    }
    return order;
}

int remat_apply(ir_func *f, const remat_info *r, const remat_choice *c, double *flops, diag *d) {
    rewrite w = {.n0 = f->nvalues};
    bool *avail = available_values(f, r, c->keep);
    w.avail = avail;
    w.map = pass_map_new(w.n0);
    w.scratch = ir_block_new();
    w.made_by = mem_calloc((size_t)f->body->nops + 1, sizeof *w.made_by);
    walker walk = {copy_forward_op, note_rename, forget_copies, &w};
    int rc = avail && w.map && w.scratch && w.made_by ? walk_recomputed(f, avail, c->group, &walk) : -1;
    /* made_by is filled at the ops that got copies; carry it over the others */
    for (int i = 1; !rc && i < f->body->nops; i++)
        if (w.made_by[i] < w.made_by[i - 1]) w.made_by[i] = w.made_by[i - 1];
    ir_op **order = rc || w.failed ? NULL : placed_order(f, &w);
    if (order) {
        /* Nothing can fail from here: rename the backward readers, install the order. */
        for (int k = 0; k < w.nrenames; k++) f->body->ops[w.renames[k].op]->in[w.renames[k].operand] = w.renames[k].to;
        int total = f->body->nops + w.scratch->nops;
        mem_free(f->body->ops);
        f->body->ops = order;
        f->body->nops = f->body->cap_ops = total;
        w.scratch->nops = 0;
        if (flops) *flops = w.flops;
    }
    if (w.scratch) pass_erase_block(f, w.scratch);
    mem_free(w.map);
    mem_free(w.made_by);
    mem_free(w.renames);
    mem_free(avail);
    return order ? DIAG_OK : diag_nomem(d);
}
