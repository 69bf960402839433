/* vjp.c: the driver of the reverse-mode transforms (see autodiff.h).
 *
 * 1. Clone the primal under the new name (forward ops keep their marks) and
 *    inline its calls, so the function is one flat graph.
 * 2. Take its return off the body; for vjp, add one cotangent parameter per
 *    result (grad seeds its scalar result with 1).
 * 3. Activity, forward: a value is active when it is float and computed by a
 *    differentiable op from an active value (read directly or inside the
 *    op's regions); the wrt parameters start it. The values inside the
 *    branches of if and case get their activity too (their rule walks them).
 *    While loops on the path with a static trip count are unrolled
 *    (unroll.c), and activity marked again over the copies.
 * 4. Cotangents, backward: seed the active results, then walk the primal's
 *    ops from last to first; an op with an active result holding a
 *    cotangent adds, through its rule, to the cotangents of its active
 *    operands. Uses of a value add up, so one walk suffices (SSA order).
 * 5. Return the requested values, then DCE and verify.
 * Any failure removes the new function: the module is as it was. */
#include "autodiff.h"

#include <string.h>

#include "../passes/passes.h"
#include "../util/mem.h"
#include "ad_internal.h"

typedef enum ad_mode { AD_VJP, AD_GRAD, AD_VALUE_AND_GRAD } ad_mode;

static const char *mode_name(ad_mode mode) {
    return mode == AD_VJP ? "vjp" : mode == AD_GRAD ? "grad" : "value_and_grad";
}

/* ---- checking the request ---- */

/* The wrt parameters as a list (nwrt = 0: every float parameter); *n set. */
static int resolve_wrt(const ir_func *f, ad_mode mode, int nwrt, const int *wrt, int *list, int *n, diag *d) {
    int nparams = f->body->nargs;
    *n = 0;
    if (nwrt < 0 || (nwrt > 0 && !wrt))
        return diag_set(d, DIAG_INVALID, "%s of @%s: %d wrt parameters given", mode_name(mode), f->name, nwrt);
    for (int k = 0; k < (nwrt ? nwrt : nparams); k++) {
        int p = nwrt ? wrt[k] : k;
        if (p < 0 || p >= nparams)
            return diag_set(d, DIAG_INVALID, "%s of @%s: wrt parameter %d does not exist (it has %d)",
                            mode_name(mode), f->name, p, nparams);
        const ir_type *t = &f->values[f->body->args[p]].type;
        if (!ir_dtype_is_float(t->dtype)) {
            if (!nwrt) continue;
            char ty[128];
            return diag_set(d, DIAG_INVALID, "%s of @%s: wrt parameter %d is %s, not floating-point",
                            mode_name(mode), f->name, p, ir_type_str(t, ty, sizeof ty));
        }
        for (int j = 0; j < *n; j++)
            if (list[j] == p)
                return diag_set(d, DIAG_INVALID, "%s of @%s: wrt parameter %d is listed twice", mode_name(mode),
                                f->name, p);
        list[(*n)++] = p;
    }
    if (*n == 0)
        return diag_set(d, DIAG_INVALID, "%s of @%s: the function has no float parameter to differentiate",
                        mode_name(mode), f->name);
    return DIAG_OK;
}

/* grad and value_and_grad differentiate one float scalar. */
static int check_scalar_result(const ir_func *f, ad_mode mode, diag *d) {
    if (mode == AD_VJP) return DIAG_OK;
    const ir_type *t = f->nresults == 1 ? &f->result_types[0] : NULL;
    if (t && t->rank == 0 && ir_dtype_is_float(t->dtype)) return DIAG_OK;
    char ty[128] = "";
    if (t) ir_type_str(t, ty, sizeof ty);
    return diag_set(d, DIAG_INVALID, "%s of @%s: the function must return one float scalar, it returns %d value%s%s%s",
                    mode_name(mode), f->name, f->nresults, f->nresults == 1 ? "" : "s", t ? " of type " : "", ty);
}

/* ---- the transform ---- */

/* True when an op of b, or of a region inside it, reads an active value:
 * what an op's regions capture counts as its input. */
static bool reads_active(const ad_ctx *c, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int k = 0; k < op->nin; k++)
            if (c->active[op->in[k]]) return true;
        for (int r = 0; r < op->nregions; r++)
            if (reads_active(c, op->regions[r])) return true;
    }
    return false;
}

static void mark_block(ad_ctx *c, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        bool any = false;
        for (int k = 0; k < op->nin; k++) any |= c->active[op->in[k]];
        for (int r = 0; r < op->nregions; r++) any |= reads_active(c, op->regions[r]);
        if (!any || ad_zero_derivative(op->code)) continue;
        if (op->code == IR_IF || op->code == IR_CASE)   /* their branches are differentiated op by op */
            for (int r = 0; r < op->nregions; r++) mark_block(c, op->regions[r]);
        for (int k = 0; k < op->nout; k++) c->active[op->out[k]] = ir_dtype_is_float(ad_type(c, op->out[k]).dtype);
    }
}

static void mark_active(ad_ctx *c, const int *wrt, int nwrt) {
    for (int k = 0; k < nwrt; k++) c->active[c->f->body->args[wrt[k]]] = true;
    mark_block(c, c->f->body);
}

static bool has_cotangent(const ad_ctx *c, const ir_op *op) {
    for (int k = 0; k < op->nout; k++)
        if (c->active[op->out[k]] && c->ct[op->out[k]] >= 0) return true;
    return false;
}

/* Seeds each active result with its cotangent: seeds[i] for vjp, 1 for grad. */
static int seed(ad_ctx *c, const ir_op *ret, const ir_value_id *seeds) {
    c->op = ret;
    for (int i = 0; i < ret->nin; i++) {
        if (!c->active[ret->in[i]]) continue;
        ir_type t = ad_type(c, ret->in[i]);
        int rc = ad_accumulate(c, ret->in[i], seeds ? seeds[i] : ad_fill(c, 1.0, &t));
        if (rc) return rc;
    }
    return DIAG_OK;
}

int ad_backward_ops(ad_ctx *c, const ir_block *b, int nops) {
    for (int i = nops - 1; i >= 0; i--) {
        const ir_op *op = b->ops[i];   /* re-read: appending may move the array */
        if (!has_cotangent(c, op)) continue;
        c->op = op;
        int rc = ad_rule(c, op);
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* Ends the body with a return of (func's results for vjp and
 * value_and_grad) and the wrt parameters' cotangents (zeros where none). */
static int finish_results(ad_ctx *c, ad_mode mode, const ir_op *ret, const int *wrt, int nwrt) {
    int nvalues = mode == AD_GRAD ? 0 : ret->nin;
    ir_value_id *results = mem_calloc((size_t)(nvalues + nwrt) + 1, sizeof *results);
    ir_type *types = mem_calloc((size_t)(nvalues + nwrt) + 1, sizeof *types);
    int rc = results && types ? DIAG_OK : diag_nomem(c->d);
    if (!rc && nvalues) memcpy(results, ret->in, (size_t)nvalues * sizeof *results);
    c->op = ret;
    for (int k = 0; k < nwrt && !rc; k++) {
        ir_value_id p = c->f->body->args[wrt[k]];
        ir_type t = ad_type(c, p);
        results[nvalues + k] = c->ct[p] >= 0 ? c->ct[p] : ad_fill(c, 0.0, &t);
        if (results[nvalues + k] < 0) rc = c->d->code;
    }
    for (int k = 0; k < nvalues + nwrt && !rc; k++) types[k] = ad_type(c, results[k]);
    if (!rc && (!ir_op_append(c->f, c->f->body, IR_RETURN, nvalues + nwrt, results, 0, NULL) ||
                ir_func_set_results(c->f, nvalues + nwrt, types)))
        rc = diag_nomem(c->d);
    mem_free(results);
    mem_free(types);
    return rc;
}

/* Builds the backward pass into g, a clone of the primal f with its return
 * taken off (ret, the caller's to free). */
/* Sizes c's tables to the function's values and marks the active ones. */
static int mark(ad_ctx *c, const int *wrt, int nwrt) {
    mem_free(c->active);
    mem_free(c->ct);
    c->nprimal = c->f->nvalues;
    c->active = mem_calloc((size_t)c->nprimal, sizeof *c->active);
    c->ct = mem_alloc((size_t)c->nprimal * sizeof *c->ct);
    if (!c->active || !c->ct) return diag_nomem(c->d);
    for (int v = 0; v < c->nprimal; v++) c->ct[v] = -1;
    mark_active(c, wrt, nwrt);
    return DIAG_OK;
}

static int differentiate(const ir_func *f, ir_func *g, ir_op *ret, ad_mode mode, const int *wrt, int nwrt,
                         diag *d) {
    ad_ctx c = {.f = g, .into = g->body, .primal = f->name, .op = ret, .d = d};
    ir_value_id *seeds = NULL;
    int rc = DIAG_OK;
    if (mode == AD_VJP) {
        seeds = mem_calloc((size_t)ret->nin + 1, sizeof *seeds);
        if (!seeds) return diag_nomem(d);
        for (int i = 0; i < ret->nin && !rc; i++) {
            ir_type t = g->values[ret->in[i]].type;
            if ((seeds[i] = ir_block_add_arg(g, g->body, &t)) < 0) rc = diag_nomem(d);
        }
    }
    for (bool unrolled = true; !rc && unrolled;) {
        rc = mark(&c, wrt, nwrt);
        if (!rc) rc = ad_unroll_first_loop(&c, ret, &unrolled);
    }
    int nforward = g->body->nops;
    c.op = ret;
    if (!rc) rc = seed(&c, ret, seeds);
    if (!rc) rc = ad_backward_ops(&c, g->body, nforward);
    if (!rc) rc = finish_results(&c, mode, ret, wrt, nwrt);
    mem_free(seeds);
    mem_free(c.active);
    mem_free(c.ct);
    return rc;
}

/* A verified clone of f named new_name, calls inlined, its return detached
 * into *ret. */
static int clone_primal(ir_module *m, const ir_func *f, const char *new_name, ir_func **out, ir_op **ret,
                        diag *d) {
    ir_func *g = ir_func_clone_into(m, f);
    char *name = mem_strdup(new_name);
    if (!g || !name) {
        mem_free(name);
        if (g) ir_module_remove_func(m, g);
        return diag_nomem(d);
    }
    mem_free(g->name);
    g->name = name;
    *out = g;
    int rc = pass_inline_calls(m, g, d);
    if (rc) return rc;
    ir_block *body = g->body;
    *ret = body->ops[--body->nops];
    return DIAG_OK;
}

static int transform(ir_module *m, const char *func, ad_mode mode, int nwrt, const int *wrt, const char *new_name,
                     diag *d) {
    diag local = {0};
    if (!d) d = &local;
    const ir_func *f = func ? ir_module_find(m, func) : NULL;
    if (!f) return diag_set(d, DIAG_INVALID, "%s: no function '%s' in the module", mode_name(mode), func ? func : "");
    if (!new_name || !*new_name || ir_module_find(m, new_name))
        return diag_set(d, DIAG_INVALID, "%s of @%s: the new function's name '%s' is %s", mode_name(mode), f->name,
                        new_name ? new_name : "", new_name && *new_name ? "taken" : "empty");
    int rc = ir_verify_func(m, f, d);
    if (!rc) rc = check_scalar_result(f, mode, d);
    if (rc) return rc;
    int *list = mem_calloc((size_t)f->body->nargs + 1, sizeof *list);
    if (!list) return diag_nomem(d);
    int nlist = 0;
    ir_func *g = NULL;
    ir_op *ret = NULL;
    rc = resolve_wrt(f, mode, nwrt, wrt, list, &nlist, d);
    if (!rc) rc = clone_primal(m, f, new_name, &g, &ret, d);
    if (!rc) rc = differentiate(f, g, ret, mode, list, nlist, d);
    if (!rc) rc = pass_dce(g, d);
    diag why = {0};
    if (!rc && (rc = ir_verify_func(m, g, &why)) != DIAG_OK)
        rc = rc == DIAG_NOMEM ? diag_nomem(d)
                              : diag_set(d, DIAG_INVALID, "internal error: %s of @%s is invalid: %s", mode_name(mode),
                                         f->name, why.msg);
    ir_op_free(ret);
    mem_free(list);
    if (rc && g) ir_module_remove_func(m, g);
    return rc;
}

int ad_vjp(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name, diag *d) {
    return transform(m, func, AD_VJP, nwrt, wrt, new_name, d);
}

int ad_grad(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name, diag *d) {
    return transform(m, func, AD_GRAD, nwrt, wrt, new_name, d);
}

int ad_value_and_grad(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name, diag *d) {
    return transform(m, func, AD_VALUE_AND_GRAD, nwrt, wrt, new_name, d);
}
