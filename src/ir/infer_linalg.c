/* infer_linalg.c: the type rules of linear algebra: triangular_solve,
 * cholesky. */
#include "infer_internal.h"

/* ---- rules: linear algebra ------------------------------------------------------- */

/* Operand i is a batch of square matrices [..., M, M] of floats; returns M. */
static int expect_square_matrices(const infer_ctx *cx, int i, int64_t *m) {
    const ir_type *a = infer_operand(cx, i);
    if (a->rank < 2 || a->dims[a->rank - 1] != a->dims[a->rank - 2] || !ir_dtype_is_float(a->dtype))
        return infer_fail(cx, "operand %d: expected floating-point square matrices [..., M, M], got %s", i, TT(a));
    *m = a->dims[a->rank - 1];
    return DIAG_OK;
}

/* triangular_solve(a, b): a [..., M, M], b [..., M, N] (left_side) or
 * [..., N, M], of a's element type and batch; the result is b's type. */
int infer_rule_triangular_solve(infer_ctx *cx) {
    const ir_type *a = infer_operand(cx, 0), *b = infer_operand(cx, 1);
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (rc) return rc;
    bool batch_fits = b->rank == a->rank && b->dtype == a->dtype;
    for (int i = 0; batch_fits && i < a->rank - 2; i++) batch_fits = b->dims[i] == a->dims[i];
    int side = infer_attrs(cx)->left_side ? b->rank - 2 : b->rank - 1;
    if (!batch_fits || b->dims[side] != m)
        return infer_fail(cx, "operand 1: expected a's element type and batch, and %lld along dimension %d (%s), got %s",
                          (long long)m, side, infer_attrs(cx)->left_side ? "left side" : "right side", TT(b));
    cx->out[0] = *b;
    return DIAG_OK;
}

int infer_rule_cholesky(infer_ctx *cx) {
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (!rc) cx->out[0] = *infer_operand(cx, 0);
    return rc;
}
