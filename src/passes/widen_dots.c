/* widen_dots.c: fast mode's dots of narrow types, in two steps.
 *
 * A dot_general whose result is a float narrower than f32 (f16, bf16, the
 * f8, f6 and f4 types) becomes the same dot giving f32, then a convert to
 * the result's type: every product and partial sum in f32, the result
 * rounded once, as XLA computes it on the CPU. Strict mode keeps the
 * evaluator's arithmetic (each product and sum rounded to the result type,
 * the reference interpreter's), which over a long contraction drifts far
 * from both the exact sum and jax.jit (bf16, K = 2048: 9% of the output's
 * scale against 0.25%).
 *
 * A dot_general that reads an operand through an exact convert into a
 * type its result type holds exactly (ir_dtype_exact_in both ways; JAX
 * exports a bf16 x int8 matmul as converts to f32 and an f32 dot, a u8 x
 * i8 one as converts to i32 and an i32 dot, and int8 weights of a bf16
 * model as a convert to bf16 and a bf16 dot) reads the convert's operand
 * instead: the same values into every product, and a convert nothing else
 * reads is then dead (dce runs after; an i8 -> bf16 convert of 1536 x
 * 4096 weights held 12 MiB of the arena). A float dot of either kind then runs as the
 * contract's DOT_CONVERT: sgemm on operands converted a block of K at a
 * time into scratch, not whole into the arena; an integer dot of bytes as
 * DOT_BYTES (src/util/byte_gemm.h), any other as loops that convert each
 * element they read. */
#include "rewrite.h"

static bool narrow_float(ir_dtype t) { return ir_dtype_is_float(t) && ir_dtype_bits(t) < 32; }

static bool widens(const ir_func *f, const ir_op *op) {
    return op->code == IR_DOT_GENERAL && op->nin == 2 && op->nout == 1 &&
           narrow_float(f->values[op->out[0]].type.dtype) && ir_dtype_is_float(f->values[op->in[0]].type.dtype) &&
           ir_dtype_is_float(f->values[op->in[1]].type.dtype);
}

/* b->ops[at], such a dot, gives f32 into a new value; a convert after it
 * defines its old result. */
static int widen_at(ir_func *f, ir_block *b, int at, diag *d) {
    ir_op *dot = b->ops[at];
    ir_value_id narrow = dot->out[0];
    ir_type t = f->values[narrow].type;
    t.dtype = IR_F32;
    ir_value_id wide = ir_value_new(f, &t);
    ir_op *conv = wide < 0 ? NULL : pass_op_new(IR_CONVERT, 1, &wide, 1, &narrow);
    if (!conv || pass_block_splice(b, at + 1, 0, &conv, 1)) {
        if (conv) ir_op_free(conv);
        return diag_nomem(d);
    }
    conv->loc = dot->loc;
    conv->checkpoint = dot->checkpoint;
    conv->backward = dot->backward;
    dot->out[0] = wide;
    pass_adopt_results(f, dot);
    pass_adopt_results(f, conv);
    return DIAG_OK;
}

/* Operand i of dot, a convert's result, as the convert's operand where
 * the convert is exact and its type exact in the dot's. */
static void read_through_convert(ir_func *f, ir_op *dot, int i) {
    const ir_op *c = f->values[dot->in[i]].def;
    ir_dtype out = f->values[dot->out[0]].type.dtype, mid = f->values[dot->in[i]].type.dtype;
    if (!c || c->code != IR_CONVERT || c->nin != 1 || !ir_dtype_exact_in(mid, out)) return;
    if (ir_dtype_exact_in(f->values[c->in[0]].type.dtype, mid)) dot->in[i] = c->in[0];
}

static int widen_block(ir_func *f, ir_block *b, diag *d) {
    for (int i = 0; i < b->nops; i++) {
        ir_op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) {
            int rc = widen_block(f, op->regions[r], d);
            if (rc) return rc;
        }
        if (op->code == IR_DOT_GENERAL && op->nin == 2 && op->nout == 1)
            for (int k = 0; k < 2; k++) read_through_convert(f, op, k);
        if (widens(f, op)) {
            int rc = widen_at(f, b, i, d);
            if (rc) return rc;
            i++;   /* past the convert */
        }
    }
    return DIAG_OK;
}

int pass_widen_narrow_dots(ir_func *f, diag *d) { return widen_block(f, f->body, d); }
