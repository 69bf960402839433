/* infer_reduce.c: reduce, and the reducer check that reduce, reduce_window
 * and scatter share (infer_check_reducer). */
#include "infer_internal.h"

/* ---- rules: reductions --------------------------------------------------- */

/* Reduce's body may compute in a wider type of the same kind than its
 * inputs (spec: is_promotable(element_type(inputs[k]), Ek)). */
static bool is_promotable(ir_dtype from, ir_dtype to) {
    return infer_dtype_kind(from) == infer_dtype_kind(to) && ir_dtype_size(from) <= ir_dtype_size(to);
}

/* Reads the type of a value of the reducer; `what` names it in messages. */
static int reducer_value(const infer_ctx *cx, const char *what, int index, ir_value_id v, const ir_type **t) {
    if (!infer_valid_id(cx, v)) return infer_fail(cx, "reducer %s %d: value id %d does not exist", what, index, v);
    char why[400];
    int rc = ir_type_problem(infer_type_of(cx, v), why, sizeof why);
    if (rc) return ir_op_fail(cx->d, rc, cx->f, cx->op, "reducer %s %d: %s", what, index, why);
    *t = infer_type_of(cx, v);
    return DIAG_OK;
}

/* The reducer's arguments are (acc_0..acc_{N-1}, x_0..x_{N-1}): the spec's
 * body(exec(left), exec(right)) with left the accumulated side. acc_k and
 * x_k are tensor<E_k> with E_k promotable from input k's element type; the
 * body returns N values of those types. Writes E_k into out[k].dtype. */
int infer_check_reducer(infer_ctx *cx, int n) {
    const ir_block *body = cx->op->regions[0];
    if (body->nargs != 2 * n)
        return infer_fail(cx, "reducer: expected %d arguments (an accumulator and an element per input), got %d", 2 * n,
                          body->nargs);
    const ir_op *ret = ir_block_terminator(body);
    if (!ret) return infer_fail(cx, "reducer: does not end with a return");
    if (ret->nin != n) return infer_fail(cx, "reducer: returns %d values, expected %d (one per input)", ret->nin, n);
    for (int k = 0; k < n; k++) {
        const ir_type *input = infer_operand(cx, k), *acc = NULL, *x = NULL, *returned = NULL;
        int rc = reducer_value(cx, "argument", k, body->args[k], &acc);
        if (!rc) rc = reducer_value(cx, "argument", n + k, body->args[n + k], &x);
        if (!rc) rc = reducer_value(cx, "result", k, ret->in[k], &returned);
        if (rc) return rc;
        ir_type scalar = ir_type_scalar(input->dtype);
        if (acc->rank != 0 || !is_promotable(input->dtype, acc->dtype))
            return infer_fail(cx, "reducer argument %d: expected %s (or a wider type of its kind), for input %d %s, got %s",
                              k, TT(&scalar), k, TT(input), TT(acc));
        if (!ir_type_eq(x, acc))
            return infer_fail(cx, "reducer argument %d: expected %s (same as argument %d), got %s", n + k, TT(acc), k, TT(x));
        if (!ir_type_eq(returned, acc))
            return infer_fail(cx, "reducer result %d: expected %s (the type of argument %d), got %s", k, TT(acc), k,
                              TT(returned));
        cx->out[k].dtype = acc->dtype;
    }
    return DIAG_OK;
}

/* reduce(inputs..., inits...): inputs of one shape, scalar inits of their
 * element types; results drop the reduced dimensions. */
int infer_rule_reduce(infer_ctx *cx) {
    int n = cx->op->nin / 2;
    const ir_type *first = infer_operand(cx, 0);
    for (int k = 1; k < n; k++) {
        ir_type want = *first;
        want.dtype = infer_operand(cx, k)->dtype;
        if (!ir_type_eq(infer_operand(cx, k), &want))
            return infer_fail(cx, "operand %d: expected %s (the shape of operand 0), got %s", k, TT(&want),
                              TT(infer_operand(cx, k)));
    }
    for (int k = 0; k < n; k++) {
        ir_type want = ir_type_scalar(infer_operand(cx, k)->dtype);
        if (!ir_type_eq(infer_operand(cx, n + k), &want))
            return infer_fail(cx, "operand %d (init value of input %d): expected %s, got %s", n + k, k, TT(&want),
                              TT(infer_operand(cx, n + k)));
    }
    unsigned claimed = 0;
    int rc = infer_claim_dims(cx, "dimensions", &infer_attrs(cx)->dims, first->rank, "operand 0", &claimed);
    if (!rc) rc = infer_check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_type res = {.dtype = cx->out[k].dtype, .rank = 0};
        infer_append_free_dims(&res, first, claimed);
        cx->out[k] = res;
    }
    return DIAG_OK;
}
