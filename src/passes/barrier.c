/* barrier.c: pass_strip_barriers.
 *
 * stablehlo.optimization_barrier returns its operands unchanged; its only
 * meaning is to stop the passes before it (CSE merging a recomputation
 * back into the value it recomputes) from seeing through it. Once those
 * have run, it is an identity: every use of result k becomes a use of
 * operand k and the op goes, so fusion and the code generator never meet
 * it and no copy is made. */
#include "../util/mem.h"
#include "rewrite.h"

static void strip_block(ir_func *f, ir_block *b, ir_value_id *repl) {
    int kept = 0;
    for (int i = 0; i < b->nops; i++) {
        ir_op *op = b->ops[i];
        pass_rename_operands(op, repl);
        for (int r = 0; r < op->nregions; r++) strip_block(f, op->regions[r], repl);
        if (op->code == IR_OPTIMIZATION_BARRIER && op->nin == op->nout) {
            for (int k = 0; k < op->nout; k++) repl[op->out[k]] = op->in[k];
            pass_erase_op(f, op);
        } else {
            b->ops[kept++] = op;
        }
    }
    b->nops = kept;
}

int pass_strip_barriers(ir_func *f, diag *d) {
    ir_value_id *repl = pass_rename_new(f);
    if (!repl) return diag_nomem(d);
    strip_block(f, f->body, repl);
    mem_free(repl);
    return DIAG_OK;
}
