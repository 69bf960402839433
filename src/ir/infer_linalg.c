/* infer_linalg.c: the type rules of linear algebra: triangular_solve,
 * cholesky, the LAPACK ops getrf, geqrf, orgqr, syevd, gesdd, gesvd,
 * sytrd, gehrd, geev and gees, and the Fourier transform on parts
 * (arrayjit.fft). */
#include "../util/lapack_kernels.h"
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

/* What LAPACK's potrf and trtrs take (lapack_kernels.h): f32 or f64 (the
 * parser widens narrower floats), sizes within its 32-bit integers. */
static int expect_lapack_float(const infer_ctx *cx, int64_t m, int64_t n) {
    const ir_type *a = infer_operand(cx, 0);
    if (a->dtype != IR_F32 && a->dtype != IR_F64)
        return infer_fail(cx, "operand 0: expected f32 or f64 matrices, got %s", TT(a));
    if (m > INT32_MAX || n > INT32_MAX)
        return infer_fail(cx, "operand 0: %s is too large for LAPACK's 32-bit sizes", TT(a));
    return DIAG_OK;
}

/* The parts forms (arrayjit.cholesky, arrayjit.triangular_solve: ir.h)
 * take each complex matrix as its real and imaginary parts, operands i and
 * i + 1 of one type, and give the result's parts. */
static bool parts_form(const infer_ctx *cx) {
    return cx->op->code == IR_CHOLESKY_PARTS || cx->op->code == IR_TRIANGULAR_SOLVE_PARTS;
}

static int expect_parts(infer_ctx *cx, int first) {
    return parts_form(cx) ? infer_expect_same_type(cx, first + 1, first) : DIAG_OK;
}

/* triangular_solve(a, b): a [..., M, M], b [..., M, N] (left_side) or
 * [..., N, M], of a's element type and batch; the result is b's type. */
int infer_rule_triangular_solve(infer_ctx *cx) {
    int bi = parts_form(cx) ? 2 : 1;
    const ir_type *a = infer_operand(cx, 0), *b = infer_operand(cx, bi);
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (!rc) rc = expect_parts(cx, 0);
    if (!rc) rc = expect_parts(cx, bi);
    if (rc) return rc;
    bool batch_fits = b->rank == a->rank && b->dtype == a->dtype;
    for (int i = 0; batch_fits && i < a->rank - 2; i++) batch_fits = b->dims[i] == a->dims[i];
    int side = infer_attrs(cx)->left_side ? b->rank - 2 : b->rank - 1;
    if (!batch_fits || b->dims[side] != m)
        return infer_fail(cx, "operand %d: expected a's element type and batch, and %lld along dimension %d (%s), got %s",
                          bi, (long long)m, side, infer_attrs(cx)->left_side ? "left side" : "right side", TT(b));
    int64_t batch = m ? ir_type_numel(a) / (m * m) : 0, per = batch ? ir_type_numel(b) / batch : 0;
    if ((rc = expect_lapack_float(cx, m, m ? per / m : 0))) return rc;
    cx->out[0] = *b;
    if (parts_form(cx)) cx->out[1] = *b;
    return DIAG_OK;
}

int infer_rule_cholesky(infer_ctx *cx) {
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (!rc) rc = expect_parts(cx, 0);
    if (!rc) rc = expect_lapack_float(cx, m, m);
    for (int i = 0; !rc && i < cx->op->nout; i++) cx->out[i] = *infer_operand(cx, 0);
    return rc;
}

/* ---- the LAPACK ops (ir.h) ------------------------------------------------------- */

/* Operand i is a batch of f32 or f64 matrices [..., M, N] whose LAPACK
 * call `routine` fits 32-bit integers; *b is its batch shape (the type
 * without the matrix dims), *m and *n its sizes. */
static int expect_lapack_matrices(const infer_ctx *cx, int i, aj_lapack_routine routine, int mode, ir_type *b,
                                  int64_t *m, int64_t *n) {
    const ir_type *a = infer_operand(cx, i);
    *m = *n = 0;
    if (a->rank < 2 || (a->dtype != IR_F32 && a->dtype != IR_F64))
        return infer_fail(cx, "operand %d: expected f32 or f64 matrices [..., M, N], got %s", i, TT(a));
    *m = a->dims[a->rank - 2], *n = a->dims[a->rank - 1];
    *b = ir_type_make(a->dtype, a->rank - 2, a->dims);
    aj_lapack_space s = aj_lapack_space_of(routine, ir_dtype_size(a->dtype), *m, *n, mode, *m, *n);
    if (!aj_lapack_space_fits(&s, *m, *n))
        return infer_fail(cx, "operand %d: %s is too large for LAPACK's 32-bit sizes", i, TT(a));
    return DIAG_OK;
}

/* b's dims followed by `extra` (0, 1 or 2 of them), of element type t. */
static ir_type batch_plus(const ir_type *b, ir_dtype t, int extra, int64_t d0, int64_t d1) {
    ir_type r = ir_type_make(t, b->rank, b->dims);
    int64_t d[2] = {d0, d1};
    for (int i = 0; i < extra; i++) r.dims[r.rank++] = d[i];
    return r;
}

/* The number of parts operand 0 comes in: 1 (a real matrix) or 2 (a
 * complex one's re and im, of one type), else an error. */
static int expect_matrix_parts(const infer_ctx *cx, int *parts) {
    *parts = cx->op->nin;
    if (*parts != 1 && *parts != 2)
        return infer_fail(cx, "expected 1 operand (or 2: a complex matrix's parts), got %d", *parts);
    return *parts == 2 ? infer_expect_same_type(cx, 1, 0) : DIAG_OK;
}

/* getrf(a [..., M, N]) -> (lu, ipiv [..., min(M, N)] i32, info [...] i32) */
int infer_rule_getrf(infer_ctx *cx) {
    ir_type b;
    int64_t m, n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_lapack_matrices(cx, 0, AJ_LAPACK_GETRF, 0, &b, &m, &n);
    if (rc) return rc;
    for (int i = 0; i < parts; i++) cx->out[i] = *infer_operand(cx, 0);
    cx->out[parts] = batch_plus(&b, IR_I32, 1, m < n ? m : n, 0);
    cx->out[parts + 1] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* geqrf(a [..., M, N]) -> (a, tau [..., min(M, N)]); of a complex a's
 * parts, (a.re, a.im, tau.re, tau.im) */
int infer_rule_geqrf(infer_ctx *cx) {
    ir_type b;
    int64_t m, n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_lapack_matrices(cx, 0, AJ_LAPACK_GEQRF, 0, &b, &m, &n);
    if (rc) return rc;
    for (int i = 0; i < parts; i++) {
        cx->out[i] = *infer_operand(cx, 0);
        cx->out[parts + i] = batch_plus(&b, b.dtype, 1, m < n ? m : n, 0);
    }
    return DIAG_OK;
}

/* orgqr(a [..., M, N], tau [..., K]) -> q [..., M, N], M >= N >= K; of
 * a complex a's and tau's parts (ungqr), q's parts */
int infer_rule_orgqr(infer_ctx *cx) {
    ir_type b;
    int64_t m, n;
    int parts = cx->op->nin / 2;   /* 2: complex (a.re, a.im, tau.re, tau.im): ungqr */
    if (cx->op->nin != 2 && cx->op->nin != 4)
        return infer_fail(cx, "expected 2 operands (or 4: a complex matrix's and tau's parts), got %d", cx->op->nin);
    int rc = expect_lapack_matrices(cx, 0, AJ_LAPACK_ORGQR, 0, &b, &m, &n);
    if (!rc && parts == 2) rc = infer_expect_same_type(cx, 1, 0);
    if (!rc && parts == 2) rc = infer_expect_same_type(cx, 3, 2);
    if (rc) return rc;
    const ir_type *tau = infer_operand(cx, parts);
    bool fits = tau->dtype == b.dtype && tau->rank == b.rank + 1;
    for (int i = 0; fits && i < b.rank; i++) fits = tau->dims[i] == b.dims[i];
    if (!fits)
        return infer_fail(cx, "operand 1: expected a's element type and batch, and one more dim (tau), got %s",
                          TT(tau));
    int64_t k = tau->dims[b.rank];
    if (!(m >= n && n >= k))
        return infer_fail(cx, "expected M >= N >= K for a [..., M, N] and tau [..., K], got M = %lld, N = %lld, "
                          "K = %lld", (long long)m, (long long)n, (long long)k);
    for (int i = 0; i < parts; i++) cx->out[i] = *infer_operand(cx, 0);
    return DIAG_OK;
}

/* syevd(a [..., N, N]) -> (v, w [..., N], info [...] i32) */
int infer_rule_syevd(infer_ctx *cx) {
    int mode = infer_attrs(cx)->lapack_mode, parts;   /* 2 parts: a Hermitian matrix's (heevd) */
    if (mode != 'V' && mode != 'N') return infer_fail(cx, "mode must be V or N, got %d", mode);
    ir_type b;
    int64_t m, n;
    int rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_lapack_matrices(cx, 0, parts == 2 ? AJ_LAPACK_HEEVD : AJ_LAPACK_SYEVD, mode, &b, &m, &n);
    if (rc) return rc;
    if (m != n)
        return infer_fail(cx, "operand 0: expected square matrices [..., N, N], got %s", TT(infer_operand(cx, 0)));
    for (int i = 0; i < parts; i++) cx->out[i] = *infer_operand(cx, 0);
    cx->out[parts] = batch_plus(&b, b.dtype, 1, n, 0);
    cx->out[parts + 1] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* gesdd and gesvd(a [..., M, N]) -> (a, s [..., K], u, vt, info [...] i32):
 * mode A, u [..., M, M] and vt [..., N, N]; S, [..., M, K] and [..., K, N];
 * N, either (JAX asks for both, as full_matrices says), as recorded. */
int infer_rule_svd(infer_ctx *cx) {
    int mode = infer_attrs(cx)->lapack_mode, parts;
    if (mode != 'A' && mode != 'S' && mode != 'N') return infer_fail(cx, "mode must be A, S or N, got %d", mode);
    int rc = expect_matrix_parts(cx, &parts);
    if (rc) return rc;
    ir_type b;
    int64_t m, n;
    bool qr = cx->op->code == IR_GESVD;
    aj_lapack_routine routine = parts == 2 ? (qr ? AJ_LAPACK_CGESVD : AJ_LAPACK_CGESDD)
                                           : (qr ? AJ_LAPACK_GESVD : AJ_LAPACK_GESDD);
    rc = expect_lapack_matrices(cx, 0, routine, mode, &b, &m, &n);
    if (rc) return rc;
    int64_t k = m < n ? m : n;
    int at_u = parts + 1, at_vt = at_u + parts;   /* the results: a's parts, s, u's, vt's, info */
    bool full = mode == 'A';
    if (mode == 'N') {
        ir_type u = batch_plus(&b, b.dtype, 2, m, m), vt = batch_plus(&b, b.dtype, 2, n, n);
        full = ir_type_eq(infer_recorded(cx, at_u), &u) && ir_type_eq(infer_recorded(cx, at_vt), &vt);
    }
    for (int i = 0; i < parts; i++) {
        cx->out[i] = *infer_operand(cx, 0);
        cx->out[at_u + i] = batch_plus(&b, b.dtype, 2, m, full ? m : k);
        cx->out[at_vt + i] = batch_plus(&b, b.dtype, 2, full ? n : k, n);
    }
    cx->out[parts] = batch_plus(&b, b.dtype, 1, k, 0);
    cx->out[at_vt + parts] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* Operand 0 is a batch of square matrices [..., N, N] with N >= 1 (sytrd's
 * and gehrd's tau has N - 1 entries); *b is its batch shape. */
static int expect_reducible_matrices(const infer_ctx *cx, aj_lapack_routine routine, ir_type *b, int64_t *n) {
    int64_t m;
    int rc = expect_lapack_matrices(cx, 0, routine, 0, b, &m, n);
    if (!rc && (m != *n || *n < 1))
        rc = infer_fail(cx, "operand 0: expected square matrices [..., N, N] with N >= 1, got %s",
                        TT(infer_operand(cx, 0)));
    return rc;
}

/* sytrd(a [..., N, N]) -> (a, d [..., N], e [..., N - 1], tau [..., N - 1],
 * info [...] i32); of a complex a's parts (hetrd), a's and tau's parts. */
int infer_rule_sytrd(infer_ctx *cx) {
    ir_type b;
    int64_t n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_reducible_matrices(cx, parts == 2 ? AJ_LAPACK_HETRD : AJ_LAPACK_SYTRD, &b, &n);
    if (rc) return rc;
    for (int i = 0; i < parts; i++) {
        cx->out[i] = *infer_operand(cx, 0);
        cx->out[parts + 2 + i] = batch_plus(&b, b.dtype, 1, n - 1, 0);
    }
    cx->out[parts] = batch_plus(&b, b.dtype, 1, n, 0);
    cx->out[parts + 1] = batch_plus(&b, b.dtype, 1, n - 1, 0);
    cx->out[2 * parts + 2] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* gehrd(a [..., N, N]) -> (a, tau [..., N - 1], info [...] i32), with
 * 1 <= ilo <= ihi <= N (LAPACK's bounds; JAX passes 1 and N); of a
 * complex a's parts, a's and tau's parts. */
int infer_rule_gehrd(infer_ctx *cx) {
    ir_type b;
    int64_t n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_reducible_matrices(cx, parts == 2 ? AJ_LAPACK_CGEHRD : AJ_LAPACK_GEHRD, &b, &n);
    if (rc) return rc;
    const ir_attrs *a = infer_attrs(cx);
    if (a->ilo < 1 || a->ilo > a->ihi || a->ihi > n)
        return infer_fail(cx, "expected 1 <= ilo <= ihi <= N = %lld, got ilo = %lld and ihi = %lld", (long long)n,
                          (long long)a->ilo, (long long)a->ihi);
    for (int i = 0; i < parts; i++) {
        cx->out[i] = *infer_operand(cx, 0);
        cx->out[parts + i] = batch_plus(&b, b.dtype, 1, n - 1, 0);
    }
    cx->out[2 * parts] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* Operand 0 is a batch of square matrices for `routine` (N >= 0): its batch
 * shape into *b and N into *n. */
static int expect_square_lapack_matrices(const infer_ctx *cx, aj_lapack_routine routine, ir_type *b, int64_t *n) {
    int64_t m;
    int rc = expect_lapack_matrices(cx, 0, routine, 0, b, &m, n);
    if (!rc && m != *n)
        rc = infer_fail(cx, "operand 0: expected square matrices [..., N, N], got %s", TT(infer_operand(cx, 0)));
    return rc;
}

/* geev(a [..., N, N]) -> (wr, wi [..., N], vl re, vl im, vr re, vr im [..., N, N],
 * info [...] i32), jobvl and jobvr each 'V' or 'N'; the same of a complex
 * a's parts. */
int infer_rule_geev(infer_ctx *cx) {
    ir_type b;
    int64_t n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_square_lapack_matrices(cx, parts == 2 ? AJ_LAPACK_CGEEV : AJ_LAPACK_GEEV, &b, &n);
    if (rc) return rc;
    int left = infer_attrs(cx)->lapack_mode >> 8, right = infer_attrs(cx)->lapack_mode & 0xFF;
    if ((left != 'V' && left != 'N') || (right != 'V' && right != 'N'))
        return infer_fail(cx, "expected jobvl and jobvr each 'V' or 'N'");
    cx->out[0] = cx->out[1] = batch_plus(&b, b.dtype, 1, n, 0);
    for (int i = 2; i < 6; i++) cx->out[i] = *infer_operand(cx, 0);
    cx->out[6] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* gees(a [..., N, N]) -> (t, vs [..., N, N], wr, wi [..., N], sdim, info
 * [...] i32), jobvs 'V' or 'N'; of a complex a's parts, t's and vs's
 * parts, then the same. */
int infer_rule_gees(infer_ctx *cx) {
    ir_type b;
    int64_t n;
    int parts, rc = expect_matrix_parts(cx, &parts);
    if (!rc) rc = expect_square_lapack_matrices(cx, parts == 2 ? AJ_LAPACK_CGEES : AJ_LAPACK_GEES, &b, &n);
    if (rc) return rc;
    int job = infer_attrs(cx)->lapack_mode;
    if (job != 'V' && job != 'N') return infer_fail(cx, "expected jobvs 'V' or 'N'");
    int at = 2 * parts;   /* after t's and vs's parts */
    for (int i = 0; i < at; i++) cx->out[i] = *infer_operand(cx, 0);
    cx->out[at] = cx->out[at + 1] = batch_plus(&b, b.dtype, 1, n, 0);
    cx->out[at + 2] = cx->out[at + 3] = batch_plus(&b, IR_I32, 0, 0, 0);
    return DIAG_OK;
}

/* ---- rules: the Fourier transform ------------------------------------------------------ */

/* arrayjit.fft (ir.h): the operand counts of its type, f32 or f64 operands
 * of one type whose last |L| dims are L (RFFT's input, FFT's and IFFT's)
 * or L with the last L[-1] / 2 + 1 (IRFFT's); the results likewise. */
int infer_rule_fft_parts(infer_ctx *cx) {
    const ir_op *op = cx->op;
    const ir_ints *len = &infer_attrs(cx)->dims;
    ir_fft_type type = infer_attrs(cx)->fft_type;
    if ((unsigned)type > IR_FFT_IRFFT) return infer_fail(cx, "fft_type %d is none of FFT, IFFT, RFFT, IRFFT", (int)type);
    int nin = type == IR_FFT_RFFT ? 1 : 2, nout = type == IR_FFT_IRFFT ? 1 : 2;
    if (op->nin != nin || op->nout != nout)
        return infer_fail(cx, "expected %d operand%s and %d result%s (its parts), got %d and %d", nin, nin == 1 ? "" : "s",
                          nout, nout == 1 ? "" : "s", op->nin, op->nout);
    const ir_type *x = infer_operand(cx, 0);
    int k = len->n;
    if (k < 1 || k > 3 || x->rank < k) return infer_fail(cx, "expected 1 to 3 fft_length dims within the operand's rank");
    for (int i = 1; i < nin; i++) {
        int rc = infer_expect_same_type(cx, i, 0);
        if (rc) return rc;
    }
    ir_type in = *x, out = *x;
    for (int i = 0; i < k; i++) {
        if (len->v[i] < 1) return infer_fail(cx, "fft_length %d is %lld, not positive", i, (long long)len->v[i]);
        in.dims[x->rank - k + i] = out.dims[x->rank - k + i] = len->v[i];
    }
    int64_t half = len->v[k - 1] / 2 + 1;
    if (type == IR_FFT_IRFFT) in.dims[x->rank - 1] = half;
    if (type == IR_FFT_RFFT) out.dims[x->rank - 1] = half;
    if ((x->dtype != IR_F32 && x->dtype != IR_F64) || !ir_type_eq(x, &in))
        return infer_fail(cx, "operand 0: expected %s, got %s", TT(&in), TT(x));
    for (int i = 0; i < nout; i++) cx->out[i] = out;
    return DIAG_OK;
}

bool ir_lapack_call_of(const ir_func *f, const ir_op *op, ir_lapack_call *c) {
    int routine;
    switch (op->code) {
    case IR_GETRF: routine = AJ_LAPACK_GETRF; break;
    case IR_GEQRF: routine = op->nin == 2 ? AJ_LAPACK_CGEQRF : AJ_LAPACK_GEQRF; break;   /* 2, 4: complex parts */
    case IR_ORGQR: routine = op->nin == 4 ? AJ_LAPACK_UNGQR : AJ_LAPACK_ORGQR; break;
    case IR_SYEVD: routine = op->nin == 2 ? AJ_LAPACK_HEEVD : AJ_LAPACK_SYEVD; break;   /* 2: a complex matrix's parts */
    case IR_GESDD: routine = op->nin == 2 ? AJ_LAPACK_CGESDD : AJ_LAPACK_GESDD; break;
    case IR_GESVD: routine = op->nin == 2 ? AJ_LAPACK_CGESVD : AJ_LAPACK_GESVD; break;
    case IR_SYTRD: routine = op->nin == 2 ? AJ_LAPACK_HETRD : AJ_LAPACK_SYTRD; break;
    case IR_GEHRD: routine = op->nin == 2 ? AJ_LAPACK_CGEHRD : AJ_LAPACK_GEHRD; break;
    case IR_GEEV: routine = op->nin == 2 ? AJ_LAPACK_CGEEV : AJ_LAPACK_GEEV; break;
    case IR_GEES: routine = op->nin == 2 ? AJ_LAPACK_CGEES : AJ_LAPACK_GEES; break;
    case IR_CHOLESKY: case IR_CHOLESKY_PARTS: routine = AJ_LAPACK_POTRF; break;
    case IR_TRIANGULAR_SOLVE: routine = AJ_LAPACK_TRSM; break;
    case IR_TRIANGULAR_SOLVE_PARTS: routine = AJ_LAPACK_TRTRS; break;
    default: return false;
    }
    if (op->nin < 1 || op->nout != ir_op_result_count(op->code, op->nin)) return false;
    const ir_type *a = &f->values[op->in[0]].type;
    if (a->rank < 2) return false;
    *c = (ir_lapack_call){routine, 1, a->dims[a->rank - 2], a->dims[a->rank - 1], 0, 0, 0, ir_dtype_size(a->dtype),
                          op->a.lapack_mode, false};
    for (int i = 0; i < a->rank - 2; i++) c->batch *= a->dims[i];
    c->is_complex = op->code == IR_CHOLESKY_PARTS || op->code == IR_TRIANGULAR_SOLVE_PARTS ||
                    (op->code == IR_ORGQR ? op->nin == 4 : op->code != IR_TRIANGULAR_SOLVE && op->nin == 2);
    if (c->is_complex) c->elem *= 2;
    if (op->code == IR_TRIANGULAR_SOLVE || op->code == IR_TRIANGULAR_SOLVE_PARTS) {   /* a is m x m; n: b's columns */
        const ir_type *b = &f->values[op->in[op->nin - 1]].type;
        int64_t per = c->batch ? ir_type_numel(b) / c->batch : 0;
        c->n = c->m ? per / c->m : 0;
    }
    c->k = c->m < c->n ? c->m : c->n;
    if (op->code == IR_ORGQR) {
        const ir_type *tau = &f->values[op->in[op->nin - 1]].type;
        if (tau->rank < 1) return false;
        c->k = tau->dims[tau->rank - 1];
    }
    if (op->code == IR_GESDD || op->code == IR_GESVD) {
        int at_u = op->nin + 1, at_vt = at_u + op->nin;   /* after a's parts and s */
        const ir_type *u = &f->values[op->out[at_u]].type, *vt = &f->values[op->out[at_vt]].type;
        if (u->rank < 2 || vt->rank < 2) return false;
        c->ucols = u->dims[u->rank - 1];
        c->vtrows = vt->dims[vt->rank - 2];
    }
    return true;
}
