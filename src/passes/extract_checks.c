/* extract_checks.c: pass_extract_checks.
 *
 * The check ops of f's body leave it, in order; each one's two operands
 * (actual, expected) become two more results of f, after the original
 * ones and the pairs of earlier checks. Everything is allocated before
 * anything changes, so on failure f is as it was.
 *
 * Only the body's own checks move: a check inside a region would run once
 * per element and has no single value to return (DIAG_UNSUPPORTED), and
 * checks inside callees are not seen (inline first). */
#include <string.h>

#include "../util/mem.h"
#include "rewrite.h"

static void count_check(ir_op *op, void *ctx) {
    if (pass_is_check(op)) ++*(int *)ctx;
}

static int count_body_checks(const ir_func *f) {
    int n = 0;
    for (int i = 0; i < f->body->nops; i++) n += pass_is_check(f->body->ops[i]);
    return n;
}

static int count_all_checks(ir_func *f) {
    int n = 0;
    pass_walk_block(f->body, count_check, &n);
    return n;
}

/* The new return operands and result types: the old ones, then each
 * check's pair. */
static void append_pairs(const ir_func *f, const ir_op *ret, ir_value_id *in, ir_type *types) {
    memcpy(in, ret->in, (size_t)ret->nin * sizeof *in);
    memcpy(types, f->result_types, (size_t)f->nresults * sizeof *types);
    int n = ret->nin;
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        if (!pass_is_check(op)) continue;
        for (int j = 0; j < 2; j++, n++) {
            in[n] = op->in[j];
            types[n] = f->values[op->in[j]].type;
        }
    }
}

/* Moves the body's checks into list, keeping the other ops in order. */
static void detach_checks(ir_block *body, ir_op **list) {
    int kept = 0, n = 0;
    for (int i = 0; i < body->nops; i++) {
        ir_op *op = body->ops[i];
        if (pass_is_check(op)) list[n++] = op;
        else body->ops[kept++] = op;
    }
    body->nops = kept;
}

int pass_extract_checks(ir_func *f, ir_op ***checks, int *nchecks, diag *d) {
    *checks = NULL;
    *nchecks = 0;
    int n = count_body_checks(f);
    if (count_all_checks(f) != n)
        return diag_set(d, DIAG_UNSUPPORTED, "@%s: a check inside a region cannot be extracted", f->name);
    ir_op *ret = f->body->nops ? f->body->ops[f->body->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN || ret->nin != f->nresults)
        return diag_set(d, DIAG_INVALID, "@%s: the body does not end with a return of its results", f->name);
    if (n == 0) return DIAG_OK;
    int nresults = f->nresults + 2 * n;
    ir_op **list = mem_alloc((size_t)n * sizeof *list);
    ir_value_id *in = mem_alloc((size_t)nresults * sizeof *in);
    ir_type *types = mem_alloc((size_t)nresults * sizeof *types);
    if (!list || !in || !types) {
        mem_free(list);
        mem_free(in);
        mem_free(types);
        return diag_nomem(d);
    }
    append_pairs(f, ret, in, types);
    detach_checks(f->body, list);
    mem_free(ret->in);
    ret->in = in;
    ret->nin = nresults;
    mem_free(f->result_types);
    f->result_types = types;
    f->nresults = nresults;
    *checks = list;
    *nchecks = n;
    return DIAG_OK;
}
