/* checkpoint.c: checkpoint regions and names from the public API (the
 * policies act in src/remat when the function is compiled). */
#include <string.h>

#include "api.h"
#include "../remat/remat.h"
#include "../util/mem.h"

/* The caller's callback and context, kept by the region (ir_checkpoint
 * copies these bytes). */
typedef struct user_save {
    aj_save_fn fn;
    void *ctx;
} user_save;

static bool ask_user(const ir_op *op, const ir_type *t, const char *name, void *ctx) {
    const user_save *u = ctx;
    return u->fn(ir_op_name(op->code), (aj_dtype)t->dtype, t->rank, t->dims, name, u->ctx) != 0;
}

/* The region for a public policy (names borrowed: ir_func_add_checkpoint copies). */
static aj_status region_of(const aj_checkpoint_policy *p, ir_checkpoint *c, user_save *u) {
    static const ir_remat_policy kinds[] = {IR_SAVE_EVERYTHING, IR_SAVE_NOTHING, IR_SAVE_DOTS,
                                            IR_SAVE_DOTS_NO_BATCH, IR_SAVE_NAMED, IR_SAVE_IF};
    if (!p || (unsigned)p->kind >= sizeof kinds / sizeof *kinds)
        return api_fail(AJ_ERR_INVALID, "checkpoint: no policy, or an unknown policy kind");
    if (p->kind == AJ_SAVE_ONLY_THESE_NAMES && (p->nnames < 0 || (p->nnames > 0 && !p->names)))
        return api_fail(AJ_ERR_INVALID, "checkpoint: save_only_these_names without its names");
    for (int i = 0; p->kind == AJ_SAVE_ONLY_THESE_NAMES && i < p->nnames; i++)
        if (!p->names[i]) return api_fail(AJ_ERR_INVALID, "checkpoint: name %d is NULL", i);
    if (p->kind == AJ_SAVE_IF && !p->save) return api_fail(AJ_ERR_INVALID, "checkpoint: AJ_SAVE_IF without save");
    *c = (ir_checkpoint){.policy = kinds[p->kind]};
    if (p->kind == AJ_SAVE_ONLY_THESE_NAMES) {
        c->nnames = p->nnames;
        c->names = (char **)p->names;
    }
    if (p->kind == AJ_SAVE_IF) {
        *u = (user_save){p->save, p->ctx};
        c->save = ask_user;
        c->save_ctx = u;
        c->save_ctx_bytes = sizeof *u;
    }
    return AJ_OK;
}

/* Adds the region and puts the ops with in_region[i] (body index) in it. */
static aj_status add_region(ir_func *f, const aj_checkpoint_policy *policy, const bool *in_region) {
    ir_checkpoint c;
    user_save u;
    aj_status st = region_of(policy, &c, &u);
    if (st) return st;
    int k = ir_func_add_checkpoint(f, &c);
    if (k < 0) return api_nomem();
    for (int i = 0; i < f->body->nops; i++)
        if (in_region[i]) f->body->ops[i]->checkpoint = k;
    return AJ_OK;
}

/* in_region[i]: body op i computes one of outputs from inputs. */
static aj_status ops_between(ir_func *f, int nin, const aj_value *inputs, int nout, const aj_value *outputs,
                             bool *in_region) {
    bool *wanted = mem_calloc((size_t)f->nvalues + 1, sizeof *wanted);
    bool *stop = mem_calloc((size_t)f->nvalues + 1, sizeof *stop);
    aj_status st = wanted && stop ? AJ_OK : api_nomem();
    for (int i = 0; !st && i < nin; i++) stop[inputs[i]] = true;
    for (int i = 0; !st && i < nout; i++) wanted[outputs[i]] = !stop[outputs[i]];
    for (int i = f->body->nops - 1; !st && i >= 0; i--) {
        const ir_op *op = f->body->ops[i];
        for (int j = 0; j < op->nout; j++) in_region[i] |= wanted[op->out[j]];
        if (!in_region[i]) continue;
        if (op->checkpoint)
            st = api_fail(AJ_ERR_INVALID, "aj_checkpoint: function '%s': op %s (result %%%d) is already in "
                          "checkpoint region %d", f->name, ir_op_name(op->code), op->out[0], op->checkpoint);
        for (int j = 0; j < op->nin; j++) wanted[op->in[j]] |= !stop[op->in[j]];
    }
    mem_free(wanted);
    mem_free(stop);
    return st;
}

aj_status aj_checkpoint(aj_builder *b, int nin, const aj_value *inputs, int nout, const aj_value *outputs,
                        const aj_checkpoint_policy *policy) {
    ir_func *f;
    if (nin < 0 || nout < 1 || (nin && !inputs) || !outputs)
        return api_fail(AJ_ERR_INVALID, "aj_checkpoint: give at least one output");
    aj_status st = api_builder_values(b, "aj_checkpoint (inputs)", nin, inputs, &f);
    if (!st) st = api_builder_values(b, "aj_checkpoint (outputs)", nout, outputs, &f);
    if (st) return st;
    bool *in_region = mem_calloc((size_t)f->body->nops + 1, sizeof *in_region);
    if (!in_region) return api_nomem();
    st = ops_between(f, nin, inputs, nout, outputs, in_region);
    if (!st) st = add_region(f, policy, in_region);
    mem_free(in_region);
    return st;
}

aj_status aj_checkpoint_name(aj_builder *b, aj_value x, const char *name) {
    ir_func *f;
    if (!name || !*name) return api_fail(AJ_ERR_INVALID, "aj_checkpoint_name: no name");
    aj_status st = api_builder_values(b, "aj_checkpoint_name", 1, &x, &f);
    if (st) return st;
    return ir_func_tag_value(f, x, name) ? api_nomem() : AJ_OK;
}

aj_status aj_checkpoint_function(aj_module *m, const char *func, const aj_checkpoint_policy *policy) {
    ir_func *f = api_find_func(m, func);
    if (!f) return AJ_ERR_INVALID;
    remat_info r;
    diag d = {0};
    if (remat_analyze(f, &r, &d)) return api_fail_diag(&d);
    bool has_backward = r.has_backward;
    remat_info_free(&r);
    if (!has_backward)
        return api_fail(AJ_ERR_INVALID, "aj_checkpoint_function: '%s' has no backward part (it is not a "
                        "gradient, or its first result is not the forward value)", f->name);
    bool *in_region = mem_calloc((size_t)f->body->nops + 1, sizeof *in_region);
    if (!in_region) return api_nomem();
    aj_status st = AJ_OK;
    for (int i = 0; !st && i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        in_region[i] = !op->backward && ir_op_kind_of(op->code) != IR_KIND_CHECK;
        if (in_region[i] && op->checkpoint)
            st = api_fail(AJ_ERR_INVALID, "aj_checkpoint_function: '%s' has checkpoint regions already", f->name);
    }
    if (!st) st = add_region(f, policy, in_region);
    mem_free(in_region);
    return st;
}

void api_checkpoint_key(FILE *out, const ir_module *m) {
    for (int i = 0; i < m->nfuncs; i++) {
        const ir_func *f = m->funcs[i];
        for (int k = 0; k < f->ncheckpoints; k++) {
            const ir_checkpoint *c = &f->checkpoints[k];
            fprintf(out, "// @%s checkpoint %d: policy %d", f->name, k + 1, (int)c->policy);
            for (int j = 0; j < c->nnames; j++) fprintf(out, " '%s'", c->names[j]);
            if (c->save) {   /* a callback is known by its address and context */
                const user_save *u = c->save_ctx;
                fprintf(out, " save %p ctx %p", (void *)(size_t)u->fn, u->ctx);
            }
            fprintf(out, "\n");
        }
        for (int t = 0; t < f->ntags; t++) fprintf(out, "// @%s name %%%d '%s'\n", f->name, f->tags[t].value, f->tags[t].name);
        for (int j = 0; j < f->body->nops; j++) {
            const ir_op *op = f->body->ops[j];
            if (op->checkpoint || op->backward)
                fprintf(out, "// @%s op %d: checkpoint %d backward %d\n", f->name, j, op->checkpoint, op->backward);
        }
    }
}
