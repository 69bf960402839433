/* emit_control.c: the emitters of control-flow kernels (while, if, case).
 *
 * Each region of the kernel's op was compiled as a sub-program
 * (codegen_options.subs, src/compile/regions.c): a function whose
 * parameters are the region's arguments and then its captures, with its
 * own kernels and plan, emitted into the same source with a static entry
 * aj_s<i>_entry(arena, args, outs, run) (emit_c.c). The kernel calls those
 * entries on pointers it owns, passing the call's run context down:
 *
 *   while   the kernel's results hold the loop values: they start as the
 *           operands (copied, or computed there by the kernel's prologue); then, until cond says false, body runs on them. A
 *           result the body writes in place (donated, see regions.c) goes
 *           straight over its loop value; the others go to next-state
 *           buffers and are copied back after the body. Between cond and
 *           body the loop asks the run context whether to stop (aj_stop,
 *           codegen.h's codegen_run), naming itself by its condition's
 *           sub-program index, so a timeout names the loop whose check saw
 *           the deadline pass: the innermost one running.
 *   if/case the branch the selector names (case: the last one when out of
 *           range) writes the kernel's results.
 *
 * Everything else lives in the scratch block of the parent's plan, laid
 * out as the contract says (contract_control_layout): the sub-programs'
 * arena (the largest of them; they run one at a time), then the
 * next-state buffers and the condition's byte. */
#include <inttypes.h>

#include "../util/mem.h"
#include "emit_internal.h"

/* ---- emitting ----------------------------------------------------------------- */

/* "void *name[] = {first..., captures..., 0};": a sub-program's arguments,
 * its region's arguments first (given) and then its captures (the
 * kernel's own arguments). */
static const char *args_array(emit_ctx *cx, const ir_op *root, const contract_subprogram *s, const char *const *first,
                              int nfirst) {
    sbuf b = {0};
    for (int i = 0; i < nfirst; i++) sb_printf(&b, "(void *)%s, ", first[i]);
    for (int i = 0; i < s->ncaptures; i++) {
        const char *name = ex_buffer(cx, s->captures[i]);
        if (!name) {
            sb_free(&b);
            ec_fail_op(cx, DIAG_INVALID, root, "a region reads a value that is not an argument of its kernel");
            return NULL;
        }
        sb_printf(&b, "(void *)%s, ", name);
    }
    const char *array = ec_fresh(cx, "aj_args");
    ec_line(cx, "void *%s[] = {%s0};", array, ec_take(cx, &b));
    return array;
}

static const char *entry_of(emit_ctx *cx, int sub) { return ec_str(cx, "aj_s%d_entry", sub); }

/* Whether v is a constant of zero bytes, or a broadcast or reshape of one. */
static bool zero_bytes(const ir_func *f, ir_value_id v) {
    const ir_op *op = f->values[v].def;
    while (op && (op->code == IR_BROADCAST_IN_DIM || op->code == IR_RESHAPE) && op->nin == 1)
        op = f->values[op->in[0]].def;
    if (!op || op->code != IR_CONSTANT || !op->a.data) return false;
    const unsigned char *bytes = op->a.data;
    size_t n = ir_type_bytes(&f->values[op->out[0]].type);
    for (size_t i = 0; i < n; i++)
        if (bytes[i]) return false;
    return true;
}

/* Loop value j starts as operand j: copied from its buffer (nothing when
 * the plan put the result over it), or computed into the result by the
 * kernel's prologue (the zeros a scan's stacked outputs start from: a
 * memset, over the threads when big). */
static void start_loop_value(emit_ctx *cx, const ex_kernel *k, const ir_op *root, int j) {
    const ir_type *t = ec_type(cx, root->out[j]);
    if (ex_buffer(cx, root->in[j])) {
        eo_copy(cx, k->out[j], eo_in(cx, root, j), t);
        return;
    }
    if (ir_type_numel(t) == 0) return;
    if (zero_bytes(cx->f, root->in[j])) {
        ex_copy(cx, k->out[j], NULL, ir_type_bytes(t));
        return;
    }
    ex_index ix;
    eo_loops_open(cx, t, &ix);
    ex_store(cx, t->dtype, k->out[j], ex_offset(cx, t, &ix), ex_value(cx, root->in[j], &ix));
    eo_loops_close(cx, t);
}

static int emit_while(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const contract_control *l,
                      const size_t *next, const char *scratch) {
    int n = root->nout;
    const contract_subprogram *cond = &cx->o->subs[l->sub[0]], *body = &cx->o->subs[l->sub[1]];
    for (int j = 0; j < n; j++) start_loop_value(cx, k, root, j);
    const char **state = (const char **)k->out;
    const char *cargs = args_array(cx, root, cond, state, n), *bargs = args_array(cx, root, body, state, n);
    if (!cargs || !bargs) return cx->rc;
    const char *pred = ec_fresh(cx, "aj_pred"), *couts = ec_fresh(cx, "aj_outs"), *bouts = ec_fresh(cx, "aj_outs");
    ec_line(cx, "uint8_t *%s = (uint8_t *)(%s + %zu);", pred, scratch, l->pred);
    ec_line(cx, "void *%s[] = {%s, 0};", couts, pred);
    sbuf b = {0};
    for (int j = 0; j < n; j++)
        if (next[j] == SIZE_MAX) sb_printf(&b, "%s, ", k->out[j]);
        else sb_printf(&b, "%s + %zu, ", scratch, next[j]);
    ec_line(cx, "void *%s[] = {%s0};", bouts, ec_take(cx, &b));
    ec_open(cx, "for (;;)");
    ec_line(cx, "%s(%s, %s, %s, run);", entry_of(cx, l->sub[0]), scratch, cargs, couts);
    ec_line(cx, "if (!*%s || aj_stop(run, %d)) break;", pred, l->sub[0]);
    ec_line(cx, "%s(%s, %s, %s, run);", entry_of(cx, l->sub[1]), scratch, bargs, bouts);
    for (int j = 0; j < n; j++) {
        size_t bytes = ir_type_bytes(ec_type(cx, root->out[j]));
        if (next[j] != SIZE_MAX) ex_copy(cx, k->out[j], ec_str(cx, "%s + %zu", scratch, next[j]), bytes);
    }
    ec_close(cx);
    return cx->rc;
}

/* if: region 0 when the predicate holds, else region 1; case: the indexed
 * branch, the last one for an index out of range. */
static int emit_branches(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const contract_control *l,
                         const char *scratch) {
    const char *sel = eo_in(cx, root, 0), *branch = ec_fresh(cx, "aj_branch");
    int last = l->nbranches - 1;
    if (root->code == IR_IF) ec_line(cx, "int %s = %s[0] ? 0 : 1;", branch, sel);
    else ec_line(cx, "int %s = %s[0] < 0 || %s[0] > %d ? %d : (int)%s[0];", branch, sel, sel, last, last, sel);
    sbuf b = {0};
    for (int j = 0; j < root->nout; j++) sb_printf(&b, "%s, ", k->out[j]);
    const char *outs = ec_fresh(cx, "aj_outs");
    ec_line(cx, "void *%s[] = {%s0};", outs, ec_take(cx, &b));
    ec_open(cx, "switch (%s)", branch);
    for (int r = 0; r < l->nbranches; r++) {
        ec_open(cx, "case %d:", r);
        const char *args = args_array(cx, root, &cx->o->subs[l->sub[r]], NULL, 0);
        if (args) ec_line(cx, "%s(%s, %s, %s, run);", entry_of(cx, l->sub[r]), scratch, args, outs);
        ec_line(cx, "break;");
        ec_close(cx);
    }
    ec_close(cx);
    return cx->rc;
}

int emit_control(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    contract_control l;
    size_t *next = mem_alloc((size_t)root->nout * sizeof *next + 1);
    if (!next) return cx->rc = diag_nomem(cx->d);
    if (!contract_control_layout(cx->f, k->step, cx->o->subs, cx->o->nsubs, &l, next)) {
        mem_free(next);
        return ec_fail_op(cx, DIAG_UNSUPPORTED, root,
                          "unsupported in compiled code: its regions were not compiled (more than %d branches?)",
                          CONTRACT_MAX_BRANCHES);
    }
    if (l.bytes > cx->p->scratch_bytes) {
        mem_free(next);
        return ec_fail_op(cx, DIAG_INVALID, root, "the plan's scratch block (%zu bytes) is smaller than %zu bytes",
                          cx->p->scratch_bytes, l.bytes);
    }
    /* the kernel's parameter: the scratch block (emit_c.c) */
    if (root->code == IR_WHILE) emit_while(cx, k, root, &l, next, "scratch");
    else emit_branches(cx, k, root, &l, "scratch");
    mem_free(next);
    return cx->rc;
}
