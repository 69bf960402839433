/* rules_reduce.c: reduce's rule (one input, an add, maximum or minimum
 * body). */
#include "ad_internal.h"

/* The operand dims a reduce keeps (the result's dims), ascending. */
static int kept_dims(const ir_op *op, int rank, int64_t *out) {
    ir_ints none = {0, NULL};
    return ad_free_dims(rank, &op->a.dims, &none, out);
}

static ir_value_id reduce_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], g = ad_cotangent(c, op);
    ir_type tx = ad_type(c, x);
    ir_opcode combine = ad_reducer_op(c, op);
    if (i == 1) {   /* the init value */
        if (combine != IR_ADD) return ad_unsupported(c, "the init value of a %s reduction is differentiated",
                                                     ir_op_name(combine)), -1;
        return ad_sum_all(c, g);
    }
    int64_t kept[IR_MAX_RANK];
    kept_dims(op, tx.rank, kept);
    if (combine == IR_ADD) return ad_broadcast(c, g, &tx, kept);
    /* max/min: g shared evenly by the elements equal to the result */
    ir_value_id hit = ad_compare(c, IR_CMP_EQ, x, ad_broadcast(c, op->out[0], &tx, kept));
    ir_value_id mask = ad_convert(c, hit, tx.dtype);
    ir_value_id count = ad_reduce_sum(c, mask, op->a.dims.n, op->a.dims.v);
    return ad_mul(c, mask, ad_broadcast(c, ad_dvd(c, g, count), &tx, kept));
}

int ad_rule_reduce(ad_ctx *c, const ir_op *op) {
    if (op->nin != 2) return ad_unsupported(c, "a reduction of %d inputs at once", op->nin / 2);
    ir_opcode combine = ad_reducer_op(c, op);
    if (combine != IR_ADD && combine != IR_MAXIMUM && combine != IR_MINIMUM)
        return ad_unsupported(c, "its body is not a single add, maximum or minimum of its arguments");
    return ad_each_active_operand(c, op, reduce_partial);
}
