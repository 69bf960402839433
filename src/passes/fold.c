/* fold.c: pass_fold_constants.
 *
 * An op whose operands are all constants is run by the reference
 * evaluator itself: a scratch module holds one function whose parameters
 * stand for the constants and whose body is a copy of the op; eval_func
 * runs it on the constants' data, and each result becomes a constant op
 * that defines the same value id (so no use needs renaming). Folding
 * therefore cannot disagree with the evaluator.
 *
 * Folded: any op of the body or of a region (regions first, then the op
 * that owns them) except
 *  - constants, iotas (nothing to gain: an iota is cheaper than its data),
 *    calls (inline first), returns, fusions and checks (side effects);
 *  - a while, and an op with a while in its regions: nothing bounds a
 *    loop's trip count, so running one here could keep compiling forever
 *    (a loop that never ends must reach run time, where a timeout can stop
 *    it); the ops of their regions still fold;
 *  - an op with a result of more than PASS_FOLD_MAX_ELEMENTS elements;
 *  - a broadcast_in_dim that makes more elements than it reads: it would
 *    store the same numbers many times, fusion materialises it for free,
 *    and simplify reads splats through it;
 *  - an op whose regions read values from outside themselves (a reducer
 *    capturing a value; no program we know does this);
 *  - an op the evaluator refuses (the error stays for run time).
 * Folding walks in program order, so a chain of constant ops folds in one
 * pass. The constants an op read stay; DCE removes those left unused. */
#include "../eval/eval.h"
#include "../util/mem.h"
#include "rewrite.h"

typedef struct folder {
    ir_func *f;
    ir_value_id *map;     /* f's values -> the scratch function's; all -1 between uses */
    diag *d;
} folder;

/* ---- what folds ------------------------------------------------------------------ */

static bool never_folded(ir_opcode code) {
    return code == IR_CONSTANT || code == IR_IOTA || code == IR_CALL || code == IR_RETURN || code == IR_FUSION ||
           ir_op_kind_of(code) == IR_KIND_CHECK;
}

static bool results_small(const ir_func *f, const ir_op *op) {
    for (int i = 0; i < op->nout; i++)
        if (ir_type_numel(&f->values[op->out[i]].type) > PASS_FOLD_MAX_ELEMENTS) return false;
    return true;
}

static bool operands_constant(const ir_func *f, const ir_op *op) {
    for (int i = 0; i < op->nin; i++)
        if (!pass_defined_by(f, op->in[i], IR_CONSTANT)) return false;
    return true;
}

static bool expands(const ir_func *f, const ir_op *op) {
    return op->code == IR_BROADCAST_IN_DIM &&
           ir_type_numel(&f->values[op->out[0]].type) > ir_type_numel(&f->values[op->in[0]].type);
}

/* Marks what b defines (map[v] >= 0) and says whether b's ops read only
 * marked values, the values defined so far inside the op being checked. */
static bool reads_only_own(const ir_block *b, ir_value_id *map) {
    for (int i = 0; i < b->nargs; i++) map[b->args[i]] = b->args[i];
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++)
            if (map[op->in[j]] < 0) return false;
        for (int r = 0; r < op->nregions; r++)
            if (!reads_only_own(op->regions[r], map)) return false;
        for (int j = 0; j < op->nout; j++) map[op->out[j]] = op->out[j];
    }
    return true;
}

/* True when op's regions read nothing from outside op. */
static bool regions_self_contained(folder *fo, const ir_op *op) {
    bool self_contained = true;
    for (int r = 0; self_contained && r < op->nregions; r++)
        self_contained = reads_only_own(op->regions[r], fo->map);
    pass_map_forget(fo->map, op);
    return self_contained;
}

/* Whether op is a while or holds one in its regions. */
static bool runs_a_loop(const ir_op *op) {
    if (op->code == IR_WHILE) return true;
    for (int r = 0; r < op->nregions; r++)
        for (int i = 0; i < op->regions[r]->nops; i++)
            if (runs_a_loop(op->regions[r]->ops[i])) return true;
    return false;
}

static bool foldable(folder *fo, const ir_op *op) {
    const ir_func *f = fo->f;
    return !never_folded(op->code) && op->nout > 0 && operands_constant(f, op) && results_small(f, op) &&
           !expands(f, op) && !runs_a_loop(op) && regions_self_contained(fo, op);
}

/* ---- running one op alone ------------------------------------------------------- */

/* The scratch function g: one parameter per distinct operand of op
 * (recorded in inputs[0..*ninputs) with the constant's data, borrowed),
 * a copy of op, and a return of its results. -1 on OOM. */
static int build_alone(folder *fo, const ir_op *op, ir_func *g, eval_tensor *inputs, int *ninputs) {
    const ir_func *f = fo->f;
    ir_value_id *map = fo->map;
    bool ok = true;
    *ninputs = 0;
    for (int i = 0; ok && i < op->nin; i++) {
        ir_value_id v = op->in[i];
        if (map[v] >= 0) continue;
        const ir_type *t = &f->values[v].type;
        ok = (map[v] = ir_block_add_arg(g, g->body, t)) >= 0;
        if (ok) inputs[(*ninputs)++] = (eval_tensor){*t, f->values[v].def->a.data};
    }
    ir_op *copy = ok ? pass_copy_op(g, g->body, f, op, map) : NULL;
    ir_type *types = copy ? pass_result_types(f, op) : NULL;
    ok = types && ir_op_append(g, g->body, IR_RETURN, copy->nout, copy->out, 0, NULL) &&
         !ir_func_set_results(g, op->nout, types);
    mem_free(types);
    for (int i = 0; i < op->nin; i++) map[op->in[i]] = -1;
    pass_map_forget(map, op);
    return ok ? 0 : -1;
}

/* Runs op by itself on its constant operands. DIAG_OK with *ran set when
 * outputs[0..op->nout) hold its results; DIAG_OK with *ran clear when the
 * evaluator refused the op; DIAG_NOMEM. */
static int evaluate_alone(folder *fo, const ir_op *op, eval_tensor *outputs, bool *ran) {
    *ran = false;
    ir_module *scratch = ir_module_new();
    ir_func *g = scratch ? ir_func_new(scratch, "fold") : NULL;
    eval_tensor *inputs = mem_alloc((size_t)op->nin * sizeof *inputs);
    int ninputs = 0, rc = DIAG_OK;
    if (!g || !inputs || build_alone(fo, op, g, inputs, &ninputs)) {
        rc = diag_nomem(fo->d);
    } else {
        diag why;   /* a refusal is left for run time to report */
        int erc = eval_func(scratch, g, inputs, ninputs, outputs, NULL, NULL, &why);
        if (erc == DIAG_NOMEM) rc = diag_nomem(fo->d);
        *ran = erc == DIAG_OK;
    }
    mem_free(inputs);
    ir_module_free(scratch);
    return rc;
}

/* ---- replacing it ----------------------------------------------------------------- */

static void free_outputs(eval_tensor *outputs, int n) {
    for (int i = 0; i < n; i++) eval_tensor_free(&outputs[i]);
}

/* Replaces b->ops[at] by one constant per result, holding outputs' data
 * (taken over) and defining the same value ids. */
static int replace_by_constants(folder *fo, ir_block *b, int at, eval_tensor *outputs) {
    ir_op *op = b->ops[at];
    ir_op **consts = mem_calloc((size_t)op->nout, sizeof *consts);
    bool ok = consts != NULL;
    for (int i = 0; ok && i < op->nout; i++) ok = (consts[i] = pass_op_new(IR_CONSTANT, 0, NULL, 1, &op->out[i])) != NULL;
    if (ok) ok = pass_block_splice(b, at, 1, consts, op->nout) == 0;
    if (!ok) {
        for (int i = 0; consts && i < op->nout; i++) ir_op_free(consts[i]);
        mem_free(consts);
        free_outputs(outputs, op->nout);
        return diag_nomem(fo->d);
    }
    for (int i = 0; i < op->nout; i++) {
        consts[i]->a.data = outputs[i].data;
        consts[i]->loc = op->loc;
        pass_adopt_results(fo->f, consts[i]);
    }
    mem_free(consts);
    pass_erase_op(fo->f, op);   /* only its regions' values become orphans */
    return DIAG_OK;
}

/* Folds b->ops[at] if it can; *nops says how many ops stand in its place. */
static int fold_op(folder *fo, ir_block *b, int at, int *nops) {
    ir_op *op = b->ops[at];
    *nops = 1;
    if (!foldable(fo, op)) return DIAG_OK;
    eval_tensor *outputs = mem_calloc((size_t)op->nout, sizeof *outputs);
    if (!outputs) return diag_nomem(fo->d);
    bool ran = false;
    int nout = op->nout;
    int rc = evaluate_alone(fo, op, outputs, &ran);
    if (!rc && ran) {
        rc = replace_by_constants(fo, b, at, outputs);
        if (!rc) *nops = nout;
    }
    mem_free(outputs);
    return rc;
}

static int fold_block(folder *fo, ir_block *b) {
    for (int i = 0; i < b->nops;) {
        ir_op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) {
            int rc = fold_block(fo, op->regions[r]);
            if (rc) return rc;
        }
        int nops;
        int rc = fold_op(fo, b, i, &nops);
        if (rc) return rc;
        i += nops;
    }
    return DIAG_OK;
}

int pass_fold_constants(ir_func *f, diag *d) {
    folder fo = {f, pass_map_new(f->nvalues), d};
    int rc = fo.map ? fold_block(&fo, f->body) : diag_nomem(d);
    mem_free(fo.map);
    return rc;
}
