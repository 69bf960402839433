/* rules_linalg.c: the rules of triangular_solve, cholesky and syevd (what
 * jnp.linalg.eigh runs on CPU), after JAX's (jax/_src/lax/linalg.py:
 * _triangular_solve_transpose_rule and _triangular_solve_jvp_rule_a,
 * _cholesky_jvp_rule, _eigh_jvp_rule), transposed into vector-Jacobian
 * products. Every operand is a batch of matrices: the last two dims are
 * the matrix, the others the batch (the same in every operand, as the type
 * rules require), so each product below is a dot_general batched over
 * them.
 *
 * cholesky and syevd read one triangle of their operand (`lower`), the
 * other is never looked at. Their JVPs hold for a symmetric tangent dA;
 * with G the cotangent they give for one (<G, dA> for every symmetric
 * dA), the cotangent of the operand is sym(G) = (G + G^T) / 2 folded onto
 * the triangle read: an element off the diagonal stands there for itself
 * and its mirror, so it gets both halves (G + G^T), the diagonal gets
 * (G + G^T) / 2, the other triangle 0. That is the true derivative of the
 * op as computed (finite differences agree), and through JAX's own
 * symmetrisation before the call ((a + a^T) / 2, which its exports carry)
 * it gives jax.grad's values. */
#include "ad_internal.h"

/* ---- batched matrices ---- */

/* x [..., M, M] with its last two dims swapped. */
static ir_value_id swap_last(ad_ctx *c, ir_value_id x) {
    if (x < 0) return -1;
    int r = ad_type(c, x).rank;
    int64_t perm[IR_MAX_RANK];
    for (int d = 0; d < r; d++) perm[d] = d;
    perm[r - 2] = r - 1, perm[r - 1] = r - 2;
    return ad_transpose(c, x, perm);
}

/* op(x) op(y) per batch element, op the transpose where xt (yt) says:
 * the dot_general contracting x's columns (rows when xt) with y's rows
 * (columns when yt), whose result dims are (batch, x's free, y's free). */
static ir_value_id matmul(ad_ctx *c, ir_value_id x, bool xt, ir_value_id y, bool yt) {
    if (x < 0 || y < 0) return -1;
    int r = ad_type(c, x).rank;
    int64_t batch[IR_MAX_RANK], xc = xt ? r - 2 : r - 1, yc = yt ? r - 1 : r - 2;
    for (int d = 0; d < r - 2; d++) batch[d] = d;
    ir_ints b = {r - 2, batch}, lc = {1, &xc}, rc = {1, &yc};
    return ad_dot_general(c, x, y, &b, &b, &lc, &rc);
}

/* Compares the row and column index of every element of a tensor like x's
 * (i64 iotas along its last two dims): row `dir` column. */
static ir_value_id where_row(ad_ctx *c, ir_value_id x, ir_cmp_dir dir) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    t.dtype = IR_I64;
    ir_attrs rows = {.axis = t.rank - 2}, cols = {.axis = t.rank - 1};
    ir_value_id i = ad_op(c, IR_IOTA, 0, NULL, 1, &t, &rows, 0, NULL, t.dtype);
    ir_value_id j = ad_op(c, IR_IOTA, 0, NULL, 1, &t, &cols, 0, NULL, t.dtype);
    return i < 0 || j < 0 ? -1 : ad_compare(c, dir, i, j);
}

static ir_value_id scaled(ad_ctx *c, ir_value_id x, double k) {
    return k == 1 ? x : ad_mul(c, x, ad_fill_like(c, k, x));
}

/* x's elements strictly inside the lower (upper) triangle times `off`,
 * those of the diagonal times `diag`, zeros elsewhere (selected, so that
 * an inf outside gives no NaN, as JAX's tril). */
static ir_value_id triangle(ad_ctx *c, ir_value_id x, bool lower, double diag, double off) {
    ir_value_id on_diag = where_row(c, x, IR_CMP_EQ), inside = where_row(c, x, lower ? IR_CMP_GT : IR_CMP_LT);
    ir_value_id d = diag == 0 ? ad_zeros_like(c, x) : scaled(c, x, diag);
    return ad_select(c, on_diag, d, ad_select(c, inside, scaled(c, x, off), ad_zeros_like(c, x)));
}

/* The cotangent of a symmetric operand read from one triangle, from G
 * (the file's comment): (G + G^T) off the diagonal inside the triangle,
 * (G + G^T) / 2 on it, 0 in the other triangle. */
static ir_value_id fold_symmetric(ad_ctx *c, ir_value_id g, bool lower) {
    return triangle(c, ad_add(c, g, swap_last(c, g)), lower, 0.5, 1.0);
}

/* triangular_solve(a, b) with these attributes. */
static ir_value_id solve(ad_ctx *c, ir_value_id a, ir_value_id b, bool left_side, bool lower, bool unit_diagonal,
                         ir_transpose transpose_a) {
    if (a < 0 || b < 0) return -1;
    ir_type t = ad_type(c, b);
    ir_attrs at = {.left_side = left_side, .lower = lower, .unit_diagonal = unit_diagonal, .transpose_a = transpose_a};
    ir_value_id in[2] = {a, b};
    return ad_op(c, IR_TRIANGULAR_SOLVE, 2, in, 1, &t, &at, 0, NULL, t.dtype);
}

/* ---- triangular_solve ---- */

/* x = op(a)^-1 b (left side) or b op(a)^-1 (right side). With g the
 * cotangent of x, b's is bbar = op(a)^-T g (left) or g op(a)^-T (right):
 * the same solve with op transposed. a's comes from dx = -op(a)^-1 op(da) x
 * (left) or -x op(da) op(a)^-1 (right): op(abar) = -bbar x^T (left) or
 * -x^T bbar (right), kept to the triangle the solve reads (its diagonal
 * too unless unit_diagonal). */
int ad_rule_triangular_solve(ad_ctx *c, const ir_op *op) {
    const ir_attrs *at = &op->a;
    ir_value_id a = op->in[0], x = op->out[0];
    ir_value_id g = ad_convert(c, ad_cotangent(c, op), ad_type(c, x).dtype);
    ir_transpose back = at->transpose_a == IR_TRANSPOSE_NONE ? IR_TRANSPOSE_PLAIN : IR_TRANSPOSE_NONE;
    ir_value_id bbar = solve(c, a, g, at->left_side, at->lower, at->unit_diagonal, back);
    if (c->active[op->in[1]]) {
        int rc = ad_accumulate(c, op->in[1], bbar);
        if (rc) return rc;
    }
    if (!c->active[a]) return bbar < 0 ? c->d->code : DIAG_OK;
    ir_value_id opbar = ad_neg(c, at->left_side ? matmul(c, bbar, false, x, true) : matmul(c, x, true, bbar, false));
    ir_value_id abar = at->transpose_a == IR_TRANSPOSE_NONE ? opbar : swap_last(c, opbar);
    return ad_accumulate(c, a, triangle(c, abar, at->lower, at->unit_diagonal ? 0.0 : 1.0, 1.0));
}

/* ---- cholesky ---- */

/* a = L L^T from a's lower triangle (or U^T U, U = L^T, from its upper
 * one, the result being U). JAX's JVP dL = L phi(L^-1 dA L^-T), phi
 * keeping the lower triangle and halving the diagonal (phi is its own
 * adjoint), transposes into G = L^-T phi(L^T Lbar) L^-1, which the file's
 * fold makes the operand's cotangent. Only Lbar's lower triangle counts
 * (L^T Lbar's lower triangle reads no other element of Lbar), so a
 * cotangent on the result's zero triangle is ignored, as the op ignores
 * that triangle's values. */
int ad_rule_cholesky(ad_ctx *c, const ir_op *op) {
    bool lower = op->a.lower;
    ir_value_id l = op->out[0], lbar = ad_convert(c, ad_cotangent(c, op), ad_type(c, l).dtype);
    if (!lower) l = swap_last(c, l), lbar = swap_last(c, lbar);
    ir_value_id p = triangle(c, matmul(c, l, true, lbar, false), true, 0.5, 1.0);
    ir_value_id y = solve(c, l, p, true, true, false, IR_TRANSPOSE_PLAIN);   /* L^-T P */
    ir_value_id g = solve(c, l, y, false, true, false, IR_TRANSPOSE_NONE);   /* L^-T P L^-1 */
    return ad_accumulate(c, op->in[0], fold_symmetric(c, g, lower));
}

/* ---- syevd (eigh) ---- */

/* F [..., N, N]: 1 / (w_j - w_i) at (i, j) off the diagonal, 0 on it,
 * as JAX's Fmat computes it: 1 / (I + w_j - w_i) - I, whose diagonal
 * divides by 1, so that the derivative of this rule (second order) has no
 * inf there to multiply by a zero. Equal eigenvalues give inf, as in JAX. */
static ir_value_id gap_reciprocals(ad_ctx *c, ir_value_id v, ir_value_id w) {
    if (v < 0 || w < 0) return -1;
    ir_type t = ad_type(c, v);
    int r = t.rank;
    int64_t along_cols[IR_MAX_RANK], along_rows[IR_MAX_RANK];
    for (int d = 0; d < r - 2; d++) along_cols[d] = along_rows[d] = d;
    along_cols[r - 2] = r - 1, along_rows[r - 2] = r - 2;
    ir_value_id wj = ad_broadcast(c, w, &t, along_cols), wi = ad_broadcast(c, w, &t, along_rows);
    ir_value_id eye = ad_convert(c, where_row(c, v, IR_CMP_EQ), t.dtype);
    ir_value_id inv = ad_dvd(c, ad_fill_like(c, 1.0, v), ad_add(c, eye, ad_sub(c, wj, wi)));
    return ad_sub(c, inv, eye);
}

/* diag(wbar) [..., N, N] from wbar [..., N]. */
static ir_value_id diagonal_of(ad_ctx *c, ir_value_id v, ir_value_id wbar) {
    if (v < 0 || wbar < 0) return -1;
    ir_type t = ad_type(c, v);
    int64_t along_cols[IR_MAX_RANK];
    for (int d = 0; d < t.rank - 2; d++) along_cols[d] = d;
    along_cols[t.rank - 2] = t.rank - 1;
    ir_value_id spread = ad_broadcast(c, wbar, &t, along_cols);
    return ad_select(c, where_row(c, v, IR_CMP_EQ), spread, ad_zeros_like(c, v));
}

/* a = V diag(w) V^T (V's columns the eigenvectors). JAX's JVP, with
 * X = V^T dA V: dV = V (F o X), dw = diag(X), transposes into
 * G = V (diag(wbar) + F o (V^T Vbar)) V^T, either term absent with its
 * cotangent; the fold makes it the operand's. info has no derivative. */
int ad_rule_syevd(ad_ctx *c, const ir_op *op) {
    if (op->nin != 1) return ad_unsupported(c, "a complex matrix's eigenvectors (heevd) have no gradient here yet");
    ir_value_id v = op->out[0], w = op->out[1];
    ir_dtype t = ad_type(c, v).dtype;
    ir_value_id vbar = c->active[v] ? c->ct[v] : -1, wbar = c->active[w] ? c->ct[w] : -1;
    if (op->a.lapack_mode != 'V')
        return ad_unsupported(c, "mode %c computes no eigenvectors, which its gradient needs (JAX's eigh asks for "
                              "mode V)", op->a.lapack_mode > 32 ? op->a.lapack_mode : '?');
    ir_value_id inner = -1;
    if (vbar >= 0) inner = ad_mul(c, gap_reciprocals(c, v, w), matmul(c, v, true, ad_convert(c, vbar, t), false));
    if (wbar >= 0) {
        ir_value_id d = diagonal_of(c, v, ad_convert(c, wbar, t));
        inner = inner >= 0 ? ad_add(c, inner, d) : d;
    }
    if (inner < 0) return c->d->code;   /* has_cotangent: one of them was there, so this is a failure */
    ir_value_id g = matmul(c, matmul(c, v, false, inner, false), false, v, true);
    return ad_accumulate(c, op->in[0], fold_symmetric(c, g, op->a.lower));
}
