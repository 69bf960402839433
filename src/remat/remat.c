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
    case IR_SELECT: case IR_CLAMP: case IR_COMPARE: case IR_CONVERT:
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
    for (int i = 0; i < r->nresiduals; i++) {
        keep[i] = false;
        r->residuals[i].flops_alone = remat_recompute_flops(f, r, keep);
        keep[i] = true;
    }
    mem_free(keep);
    return DIAG_OK;
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

/* ---- what recomputing costs ------------------------------------------------------- */

/* Walks the forward ops that recomputation copies: every unavailable value
 * a backward op reads, and its unavailable operands, transitively, each
 * once (seen[v]), body op by body op. visit is called on each value's
 * producer after its operands' (post-order), once per op; then done (may be
 * NULL) with the index of the body op whose operands were just walked.
 * Returns -1 on OOM. */
typedef int (*visit_fn)(ir_func *f, ir_op *def, void *ctx);
typedef void (*done_fn)(int body_index, void *ctx);

static int walk_recomputed(ir_func *f, const bool *avail, visit_fn visit, done_fn done, void *ctx) {
    int n = f->nvalues;
    bool *seen = mem_calloc((size_t)n + 1, sizeof *seen);
    ir_value_id *stack = mem_alloc(((size_t)n + 1) * sizeof *stack);
    int rc = seen && stack ? 0 : -1;
    for (int i = 0; !rc && i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; !rc && op->backward && j < op->nin; j++) {
            if (op->in[j] >= n || avail[op->in[j]] || seen[op->in[j]]) continue;
            int top = 0;
            stack[top++] = op->in[j];
            while (top > 0 && !rc) {
                ir_value_id v = stack[top - 1];
                ir_op *def = f->values[v].def;
                if (seen[v]) { top--; continue; }
                bool pushed = false;
                for (int k = 0; k < def->nin && !pushed; k++) {
                    ir_value_id w = def->in[k];
                    if (!avail[w] && !seen[w]) stack[top++] = w, pushed = true;
                }
                if (pushed) continue;
                for (int k = 0; k < def->nout; k++) seen[def->out[k]] = true;
                top--;
                rc = visit(f, def, ctx);
            }
        }
        if (done) done(i, ctx);
    }
    mem_free(seen);
    mem_free(stack);
    return rc;
}

static int add_flops(ir_func *f, ir_op *def, void *ctx) {
    *(double *)ctx += remat_op_flops(f, def);
    return 0;
}

double remat_recompute_flops(const ir_func *f, const remat_info *r, const bool *keep) {
    bool *avail = available_values(f, r, keep);
    double flops = 0;
    /* walk_recomputed changes nothing when visit does not; it takes f
     * non-const for remat_apply's sake. On OOM the cost is unknown: infinite. */
    if (!avail || walk_recomputed((ir_func *)f, avail, add_flops, NULL, &flops)) flops = 1e300;
    mem_free(avail);
    return flops;
}

/* ---- the rewrite ------------------------------------------------------------------ */

typedef struct rewrite {
    const bool *avail;
    ir_value_id *map;    /* forward value -> its recomputed copy; an available value -> itself */
    ir_block *scratch;   /* holds the copies until they are placed */
    int *made_by;        /* body op i -> copies made up to its turn (scratch ops [0, made_by[i])) */
    double flops;
} rewrite;

static void copies_made(int body_index, void *ctx) {
    rewrite *w = ctx;
    w->made_by[body_index] = w->scratch->nops;
}

static int copy_forward_op(ir_func *f, ir_op *def, void *ctx) {
    rewrite *w = ctx;
    for (int k = 0; k < def->nin; k++)
        if (w->avail[def->in[k]]) w->map[def->in[k]] = def->in[k];
    ir_op *copy = pass_copy_op(f, w->scratch, f, def, w->map);
    if (!copy) return -1;
    copy->backward = true;
    w->flops += remat_op_flops(f, def);
    return 0;
}

/* The new body order: the copies made for a backward op's operands right
 * before it (operands before their readers, as they were made). */
static ir_op **placed_order(ir_func *f, const rewrite *w) {
    int total = f->body->nops + w->scratch->nops;
    ir_op **order = mem_alloc((size_t)total * sizeof *order);
    if (!order) return NULL;
    int n = 0, next_copy = 0;
    for (int i = 0; i < f->body->nops; i++) {
        int upto = i + 1 < f->body->nops ? w->made_by[i] : next_copy;
        while (next_copy < upto) order[n++] = w->scratch->ops[next_copy++];
        order[n++] = f->body->ops[i];
    }
    return order;
}

int remat_apply(ir_func *f, const remat_info *r, const bool *keep, double *flops, diag *d) {
    int n0 = f->nvalues;
    rewrite w = {0};
    bool *avail = available_values(f, r, keep);
    w.avail = avail;
    w.map = pass_map_new(n0);
    w.scratch = ir_block_new();
    w.made_by = mem_calloc((size_t)f->body->nops, sizeof *w.made_by);
    int rc = avail && w.map && w.scratch && w.made_by
                 ? walk_recomputed(f, avail, copy_forward_op, copies_made, &w) : -1;
    ir_op **order = rc ? NULL : placed_order(f, &w);
    if (order) {
        /* Nothing can fail from here: rename the backward readers, install the order. */
        for (int i = 0; i < f->body->nops; i++) {
            ir_op *op = f->body->ops[i];
            for (int j = 0; op->backward && op->code != IR_RETURN && j < op->nin; j++)
                if (op->in[j] < n0 && !avail[op->in[j]]) op->in[j] = w.map[op->in[j]];
        }
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
    mem_free(avail);
    return order ? DIAG_OK : diag_nomem(d);
}
