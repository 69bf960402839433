/* eval_linalg.c: triangular_solve and cholesky on batches of matrices
 * (the trailing two dimensions; the leading ones are the batch).
 *
 * Both compute in double and round each result element to the element type
 * once, when it is stored; the solve reads back the rounded elements it
 * has already stored, so each element is one rounding of a double sum.
 *
 * triangular_solve(a, b) solves op(a) x = b (left_side) or x op(a) = b,
 * op(a) = a or its transpose (ADJOINT is the transpose on real types),
 * reading only the triangle of a that `lower` names; with unit_diagonal
 * the diagonal is taken as 1. cholesky(a) gives L with a = L L^T from a's
 * lower triangle (or U = L^T from the upper one); the other triangle of
 * the result is zero (the spec leaves it implementation-defined), and a
 * matrix that is not positive definite gives NaNs. */
#include <math.h>

#include "eval_internal.h"

typedef struct matrices {
    ir_dtype t;
    int64_t batch, m;   /* batch count; the square dimension */
} matrices;

static double load(ir_dtype t, const void *base, int64_t k) { return elem_load(t, base, k).f; }

static void store(ir_dtype t, void *base, int64_t k, double v) { elem_store(t, base, k, (elem_value){.f = v}); }

/* Element (i, j) of op(a) inside the triangle the solve reads. */
static double tri_at(const ir_op *op, ir_dtype t, const void *a, int64_t m, int64_t i, int64_t j) {
    if (i == j && op->a.unit_diagonal) return 1.0;
    return op->a.transpose_a == IR_TRANSPOSE_NONE ? load(t, a, i * m + j) : load(t, a, j * m + i);
}

/* Left side: op(a) x = b, x and b of m rows and n columns. Row i of x
 * follows from the rows solved before it (top down for a lower op(a),
 * bottom up for an upper one). */
static void solve_left(const ir_op *op, ir_dtype t, const void *a, const void *b, void *x, int64_t m, int64_t n,
                       bool lower) {
    for (int64_t step = 0; step < m; step++) {
        int64_t i = lower ? step : m - 1 - step;
        for (int64_t c = 0; c < n; c++) {
            double sum = load(t, b, i * n + c);
            for (int64_t k = lower ? 0 : i + 1; k < (lower ? i : m); k++)
                sum -= tri_at(op, t, a, m, i, k) * load(t, x, k * n + c);
            store(t, x, i * n + c, sum / tri_at(op, t, a, m, i, i));
        }
    }
}

/* Right side: x op(a) = b, x and b of n rows and m columns. Column j of x
 * follows from the columns solved before it (left to right for an upper
 * op(a), right to left for a lower one). */
static void solve_right(const ir_op *op, ir_dtype t, const void *a, const void *b, void *x, int64_t m, int64_t n,
                        bool lower) {
    for (int64_t step = 0; step < m; step++) {
        int64_t j = lower ? m - 1 - step : step;
        for (int64_t r = 0; r < n; r++) {
            double sum = load(t, b, r * m + j);
            for (int64_t k = lower ? j + 1 : 0; k < (lower ? m : j); k++)
                sum -= load(t, x, r * m + k) * tri_at(op, t, a, m, k, j);
            store(t, x, r * m + j, sum / tri_at(op, t, a, m, j, j));
        }
    }
}

/* The batch layout of operand i's square matrices; false if it has none. */
static bool matrices_of(const ev_frame *fr, const ir_op *op, int i, matrices *mx) {
    const ir_type *a = ev_type(fr, op->in[i]);
    if (a->rank < 2 || a->dims[a->rank - 1] != a->dims[a->rank - 2] || elem_type_of(a->dtype).cls != ELEM_FLOAT)
        return false;
    mx->t = a->dtype;
    mx->m = a->dims[a->rank - 1];
    mx->batch = mx->m ? ir_type_numel(a) / (mx->m * mx->m) : 0;
    return true;
}

int ev_triangular_solve(ev_frame *fr, const ir_op *op, diag *d) {
    matrices mx;
    const ir_type *b = ev_type(fr, op->in[1]);
    if (!matrices_of(fr, op, 0, &mx) || b->dtype != mx.t || !ir_type_eq(b, ev_type(fr, op->out[0])))
        return ev_fail(d, DIAG_INVALID, op, "operands do not fit");
    int64_t per_b = mx.batch ? ir_type_numel(b) / mx.batch : 0, n = mx.m ? per_b / mx.m : 0;
    /* op(a) is lower triangular when a's lower triangle is read untransposed
     * or its upper triangle transposed. */
    bool lower = op->a.lower == (op->a.transpose_a == IR_TRANSPOSE_NONE);
    size_t size = ir_dtype_size(mx.t);
    for (int64_t k = 0; k < mx.batch; k++) {
        const char *a = (const char *)ev_data(fr, op->in[0]) + (size_t)(k * mx.m * mx.m) * size;
        const char *bb = (const char *)ev_data(fr, op->in[1]) + (size_t)(k * per_b) * size;
        char *x = (char *)ev_data(fr, op->out[0]) + (size_t)(k * per_b) * size;
        if (op->a.left_side) solve_left(op, mx.t, a, bb, x, mx.m, n, lower);
        else solve_right(op, mx.t, a, bb, x, mx.m, n, lower);
    }
    return DIAG_OK;
}

/* The factor of one matrix into l, row by row of L (zero above its
 * diagonal). For an upper factor, L's (i, j) lives at U's (j, i) and is
 * computed from a's (j, i): the same sums over the upper triangle. */
static void factor(ir_dtype t, const void *a, void *l, int64_t m, bool lower) {
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < m; j++) {
            int64_t at = lower ? i * m + j : j * m + i;
            if (j > i) {
                store(t, l, at, 0.0);
                continue;
            }
            double sum = load(t, a, at);
            for (int64_t k = 0; k < j; k++) {
                int64_t ik = lower ? i * m + k : k * m + i, jk = lower ? j * m + k : k * m + j;
                sum -= load(t, l, ik) * load(t, l, jk);
            }
            int64_t jj = j * m + j;
            store(t, l, at, i == j ? sqrt(sum) : sum / load(t, l, jj));
        }
}

int ev_cholesky(ev_frame *fr, const ir_op *op, diag *d) {
    matrices mx;
    if (!matrices_of(fr, op, 0, &mx) || !ir_type_eq(ev_type(fr, op->in[0]), ev_type(fr, op->out[0])))
        return ev_fail(d, DIAG_INVALID, op, "operand does not fit");
    size_t bytes = (size_t)(mx.m * mx.m) * ir_dtype_size(mx.t);
    for (int64_t k = 0; k < mx.batch; k++)
        factor(mx.t, (const char *)ev_data(fr, op->in[0]) + (size_t)k * bytes,
               (char *)ev_data(fr, op->out[0]) + (size_t)k * bytes, mx.m, op->a.lower);
    return DIAG_OK;
}
