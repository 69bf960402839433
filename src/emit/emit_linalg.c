/* emit_linalg.c: the emitters of triangular_solve and cholesky kernels.
 * The generated loops are those of src/eval/eval_linalg.c, written out in
 * C: the same sums in double in the same order, each result element
 * rounded once when it is stored and read back rounded, so that strict
 * code matches the evaluator bit for bit. */
#include <inttypes.h>

#include "emit_internal.h"

/* A batch of square matrices [..., m, m]: the batch count and m. */
static void square_batch(const ir_type *t, int64_t *batch, int64_t *m) {
    *m = t->dims[t->rank - 1];
    *batch = *m ? ir_type_numel(t) / (*m * *m) : 0;
}

/* Element `offset` of `array` (of element type t) as a double. */
static const char *real_at(emit_ctx *cx, ir_dtype t, const char *array, const char *offset) {
    const char *x = ex_element(cx, t, array, offset);
    return x ? ec_str(cx, "(double)%s", x) : "?";
}

/* Stores the double expression e into element `offset` of `array`, rounded
 * once to t. */
static void store_real(emit_ctx *cx, ir_dtype t, const char *array, const char *offset, const char *e) {
    ex_store(cx, t, array, offset, es_convert(cx, IR_F64, t, ec_str(cx, "(%s)", e)));
}

/* "A[i * m + k]" or, for a transposed op(a), "A[k * m + i]", as a double;
 * 1.0 on the diagonal when it is a unit diagonal. */
static const char *tri_at(emit_ctx *cx, const ir_op *root, ir_dtype t, int64_t m, const char *i, const char *k,
                          bool diagonal) {
    if (diagonal && root->a.unit_diagonal) return "1.0";
    bool transposed = root->a.transpose_a != IR_TRANSPOSE_NONE;
    return real_at(cx, t, "A", ec_str(cx, "%s * %" PRId64 " + %s", transposed ? k : i, m, transposed ? i : k));
}

int emit_triangular_solve(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *a = ec_type(cx, root->in[0]), *b = ec_type(cx, root->in[1]);
    ir_dtype t = b->dtype;
    const char *ct = ec_ctype(t);
    int64_t batch, m;
    square_batch(a, &batch, &m);
    int64_t per = batch ? ir_type_numel(b) / batch : 0, n = m ? per / m : 0;
    if (batch == 0 || per == 0) return cx->rc;
    bool lower = root->a.lower == (root->a.transpose_a == IR_TRANSPOSE_NONE);   /* op(a) is lower */
    bool left = root->a.left_side;
    ec_open(cx, "for (int64_t bi = 0; bi < %" PRId64 "; bi++)", batch);
    ec_line(cx, "const %s *A = %s + bi * %" PRId64 ";", ec_ctype(a->dtype), eo_in(cx, root, 0), m * m);
    ec_line(cx, "const %s *B = %s + bi * %" PRId64 ";", ct, eo_in(cx, root, 1), per);
    ec_line(cx, "%s *X = %s + bi * %" PRId64 ";", ct, k->out[0], per);
    ec_open(cx, "for (int64_t step = 0; step < %" PRId64 "; step++)", m);
    /* left: row i of x from the rows before it; right: column i */
    bool forward = left ? lower : !lower;
    ec_line(cx, "int64_t i = %s;", forward ? "step" : ec_str(cx, "%" PRId64 " - 1 - step", m));
    ec_open(cx, "for (int64_t c = 0; c < %" PRId64 "; c++)", n);
    const char *at = left ? ec_str(cx, "i * %" PRId64 " + c", n) : ec_str(cx, "c * %" PRId64 " + i", m);
    ec_line(cx, "double sum = %s;", real_at(cx, t, "B", at));
    const char *from = forward ? "0" : "i + 1", *to = forward ? "i" : ec_str(cx, "%" PRId64, m);
    if (left)
        ec_line(cx, "for (int64_t q = %s; q < %s; q++) sum -= %s * %s;", from, to, tri_at(cx, root, t, m, "i", "q", false),
                real_at(cx, t, "X", ec_str(cx, "q * %" PRId64 " + c", n)));
    else
        ec_line(cx, "for (int64_t q = %s; q < %s; q++) sum -= %s * %s;", from, to,
                real_at(cx, t, "X", ec_str(cx, "c * %" PRId64 " + q", m)), tri_at(cx, root, t, m, "q", "i", false));
    store_real(cx, t, "X", at, ec_str(cx, "sum / %s", tri_at(cx, root, t, m, "i", "i", true)));
    ec_close(cx);
    ec_close(cx);
    ec_close(cx);
    return cx->rc;
}

int emit_cholesky(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *a = ec_type(cx, root->in[0]);
    ir_dtype t = a->dtype;
    const char *ct = ec_ctype(t);
    int64_t batch, m;
    square_batch(a, &batch, &m);
    if (batch == 0) return cx->rc;
    /* L's (i, j) lives at (i, j), or at (j, i) for an upper factor */
    bool lower = root->a.lower;
    const char *ij = lower ? ec_str(cx, "i * %" PRId64 " + j", m) : ec_str(cx, "j * %" PRId64 " + i", m);
    const char *ik = lower ? ec_str(cx, "i * %" PRId64 " + q", m) : ec_str(cx, "q * %" PRId64 " + i", m);
    const char *jk = lower ? ec_str(cx, "j * %" PRId64 " + q", m) : ec_str(cx, "q * %" PRId64 " + j", m);
    ec_open(cx, "for (int64_t bi = 0; bi < %" PRId64 "; bi++)", batch);
    ec_line(cx, "const %s *A = %s + bi * %" PRId64 ";", ct, eo_in(cx, root, 0), m * m);
    ec_line(cx, "%s *L = %s + bi * %" PRId64 ";", ct, k->out[0], m * m);
    ec_open(cx, "for (int64_t i = 0; i < %" PRId64 "; i++)", m);
    ec_open(cx, "for (int64_t j = 0; j < %" PRId64 "; j++)", m);
    ec_open(cx, "if (j > i)");
    ex_store(cx, t, "L", ij, "0");
    ec_line(cx, "continue;");
    ec_close(cx);
    ec_line(cx, "double sum = %s;", real_at(cx, t, "A", ij));
    ec_line(cx, "for (int64_t q = 0; q < j; q++) sum -= %s * %s;", real_at(cx, t, "L", ik), real_at(cx, t, "L", jk));
    store_real(cx, t, "L", ij,
               ec_str(cx, "i == j ? sqrt(sum) : sum / %s", real_at(cx, t, "L", ec_str(cx, "j * %" PRId64 " + j", m))));
    ec_close(cx);
    ec_close(cx);
    ec_close(cx);
    return cx->rc;
}
