/* inline.c: pass_inline_calls.
 *
 * A call is replaced by a copy of its callee's body: the callee's
 * parameters stand for the call's operands, every value the body defines
 * gets a new id in the caller's table, and uses of the call's results
 * become uses of the (mapped) values the callee returns. The copy is made
 * in a scratch block and flattened there first (its own calls inlined,
 * depth counted), then spliced in where the call was, so each call is
 * copied once and never rescanned. Copied ops keep their locations (the
 * callee lives in the same module, which interns the file names) and their
 * marks: the callee's checkpoint regions are added to the caller's table
 * (once per call, renumbered), an op outside them joins the call's region,
 * and the callee's checkpoint names name the copies.
 *
 * The verifier rejects recursion; the depth limit only keeps an unverified
 * module from looping forever. */
#include <stdio.h>

#include "../util/mem.h"
#include "rewrite.h"

enum { MAX_INLINE_DEPTH = 100 };   /* as the evaluator's call depth limit */

typedef struct inliner {
    ir_module *m;
    ir_func *f;
    diag *d;
} inliner;

static int inline_block(inliner *in, ir_block *b, int depth);

/* The function a call names, when the call fits its signature. */
static const ir_func *callee_of(const inliner *in, const ir_op *call) {
    const ir_func *callee = call->a.callee ? ir_module_find(in->m, call->a.callee) : NULL;
    if (!callee || callee == in->f || callee->body->nops == 0) return NULL;
    const ir_op *ret = callee->body->ops[callee->body->nops - 1];
    if (ret->code != IR_RETURN || ret->nin != call->nout || callee->body->nargs != call->nin) return NULL;
    return callee;
}

/* The checkpoint marks of the copy of the callee's body (see the top). */
static int carry_checkpoints(inliner *in, ir_block *copy, const ir_func *callee, const ir_op *call,
                             const ir_value_id *map) {
    int *region = mem_calloc((size_t)callee->ncheckpoints + 1, sizeof *region);   /* callee's k -> caller's */
    int rc = region ? DIAG_OK : diag_nomem(in->d);
    for (int i = 0; !rc && i < copy->nops; i++) {
        ir_op *op = copy->ops[i];
        int k = op->checkpoint;
        if (k == 0) op->checkpoint = call->checkpoint;
        if (k < 1 || k > callee->ncheckpoints) continue;   /* a mark without a region stays as it is */
        if (!region[k] && (region[k] = ir_func_add_checkpoint(in->f, &callee->checkpoints[k - 1])) < 0)
            rc = diag_nomem(in->d);
        op->checkpoint = region[k];
    }
    for (int t = 0; !rc && t < callee->ntags; t++) {
        ir_value_id v = map[callee->tags[t].value];
        if (v >= 0 && ir_func_tag_value(in->f, v, callee->tags[t].name)) rc = diag_nomem(in->d);
    }
    mem_free(region);
    return rc;
}

/* Copies the callee's body, return included, into `into`, mapping each
 * parameter to the call's operand. */
static int copy_body(inliner *in, ir_block *into, const ir_func *callee, const ir_op *call) {
    ir_value_id *map = pass_map_new(callee->nvalues);
    if (!map) return diag_nomem(in->d);
    for (int i = 0; i < call->nin; i++) map[callee->body->args[i]] = call->in[i];
    int rc = DIAG_OK;
    for (int i = 0; !rc && i < callee->body->nops; i++)
        if (!pass_copy_op(in->f, into, callee, callee->body->ops[i], map)) rc = diag_nomem(in->d);
    if (!rc) rc = carry_checkpoints(in, into, callee, call, map);
    mem_free(map);
    return rc;
}

/* Replaces b->ops[at], a call, by its callee's flattened body; *ncopied
 * says how many ops took its place.
 *
 * The copy keeps the callee's return while its own calls are inlined, so
 * that the values it returns are renamed with every other use; then the
 * return's operands replace the call's results and the return goes. */
static int inline_call(inliner *in, ir_block *b, int at, int depth, int *ncopied) {
    ir_op *call = b->ops[at];
    const ir_func *callee = callee_of(in, call);
    if (!callee)
        return diag_set(in->d, DIAG_INVALID, "@%s: call to @%s does not match a function of the module", in->f->name,
                        call->a.callee ? call->a.callee : "");
    if (depth >= MAX_INLINE_DEPTH)
        return diag_set(in->d, DIAG_UNSUPPORTED, "@%s: calls nest deeper than %d (recursion?)", in->f->name,
                        MAX_INLINE_DEPTH);
    ir_block *copy = ir_block_new();
    int rc = copy ? copy_body(in, copy, callee, call) : diag_nomem(in->d);
    if (!rc) rc = inline_block(in, copy, depth + 1);
    if (!rc && pass_block_splice(b, at, 1, copy->ops, copy->nops - 1)) rc = diag_nomem(in->d);
    if (rc) {
        pass_erase_block(in->f, copy);
        return rc;
    }
    /* Uses of the call's results can only follow it in b (or sit in the
     * regions of later ops of b). */
    ir_op *ret = copy->ops[copy->nops - 1];
    for (int i = 0; i < call->nout; i++) pass_replace_uses_in(b, call->out[i], ret->in[i]);
    *ncopied = copy->nops - 1;
    copy->nops = 0;   /* the ops but the return belong to b now */
    ir_block_free(copy);
    ir_op_free(ret);
    pass_erase_op(in->f, call);
    return DIAG_OK;
}

static int inline_block(inliner *in, ir_block *b, int depth) {
    for (int i = 0; i < b->nops;) {
        ir_op *op = b->ops[i];
        if (op->code == IR_CALL) {
            int ncopied = 0;
            int rc = inline_call(in, b, i, depth, &ncopied);
            if (rc) return rc;
            i += ncopied;   /* the copy is flat already */
            continue;
        }
        for (int r = 0; r < op->nregions; r++) {
            int rc = inline_block(in, op->regions[r], depth);
            if (rc) return rc;
        }
        i++;
    }
    return DIAG_OK;
}

int pass_inline_calls(ir_module *m, ir_func *f, diag *d) { return pass_inline_calls_in(m, f, f->body, d); }

int pass_inline_calls_in(ir_module *m, ir_func *f, ir_block *b, diag *d) {
    inliner in = {m, f, d};
    return inline_block(&in, b, 0);
}
