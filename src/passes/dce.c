/* dce.c: pass_dce, dead code elimination.
 *
 * An op is dead when none of its results is used (a reduce with several
 * results stays while any one of them is read). Checks and returns are
 * never removed, and neither are calls: the callee may hold checks (inline
 * first). Uses inside regions count, so a value a reducer reads stays.
 *
 * Each sweep walks every block from its end, a region's ops before the op
 * that owns it; removing an op forgets every read it made (its regions'
 * included), which may kill the ops before it in the same sweep. Sweeps
 * repeat until one removes nothing (in practice the second). */
#include "../util/mem.h"
#include "rewrite.h"

static bool removable(const ir_op *op, const int *uses) {
    if (op->code == IR_RETURN || op->code == IR_CALL || pass_is_check(op)) return false;
    for (int i = 0; i < op->nout; i++)
        if (uses[op->out[i]]) return false;
    return true;
}

static void forget_reads(ir_op *op, void *ctx) {
    int *uses = ctx;
    for (int i = 0; i < op->nin; i++) uses[op->in[i]]--;
}

/* One sweep over b; true when it removed something. */
static bool sweep(ir_func *f, ir_block *b, int *uses) {
    bool removed = false;
    for (int i = b->nops - 1; i >= 0; i--) {
        ir_op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) removed |= sweep(f, op->regions[r], uses);
        if (!removable(op, uses)) continue;
        pass_walk_op(op, forget_reads, uses);
        pass_erase_op(f, op);
        b->ops[i] = NULL;
        removed = true;
    }
    int kept = 0;
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]) b->ops[kept++] = b->ops[i];
    b->nops = kept;
    return removed;
}

int pass_dce(ir_func *f, diag *d) {
    int *uses = pass_count_uses(f);
    if (!uses) return diag_nomem(d);
    while (sweep(f, f->body, uses)) {}
    mem_free(uses);
    return DIAG_OK;
}
