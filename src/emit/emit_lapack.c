/* emit_lapack.c: the emitter of the LAPACK ops (arrayjit.getrf, geqrf,
 * orgqr, syevd, gesdd, gesvd, sytrd, gehrd, geev, gees; stablehlo.cholesky
 * and triangular_solve). Each kernel is one call of the kernel the
 * evaluator runs too (src/util/lapack_kernels.h, whose text the source
 * then holds: emit_prelude_lapack), on the routines the object links
 * (-l:liblapack.so.3, backend_c.c), with its workspace in the plan's
 * scratch block (the contract asks for it: contract.c, lapack_scratch), so
 * that results equal the evaluator's bit for bit and nothing is allocated
 * at run time. */
#include <inttypes.h>

#include "../util/lapack_kernels.h"
#include "emit_internal.h"

const char emit_prelude_lapack[] = "\n/* ---- LAPACK (src/util/lapack_kernels.h) ---- */\n" AJ_LAPACK_TEXT "\n";

/* potrf and trsm or trtrs: real (s, d), or on complex parts (c, z), whose
 * imaginary parts follow the real ones among operands and results. */
static void emit_triangular(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const ir_lapack_call *c, char p,
                            const char *w) {
    bool parts = c->is_complex;
    const char *a_im = parts ? eo_in(cx, root, 1) : "0", *x_im = parts ? k->out[1] : "0";
    if (root->code == IR_CHOLESKY || root->code == IR_CHOLESKY_PARTS) {
        ec_line(cx, "aj_potrf_%c(&aj_lapack_fns, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %s);", p,
                eo_in(cx, root, 0), a_im, k->out[0], x_im, c->batch, c->n, root->a.lower ? 1 : 0, w);
        return;
    }
    int b = parts ? 2 : 1;
    ec_line(cx, "aj_trsolve_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64
            ", %d, %d, %d, %d, %s);", p, eo_in(cx, root, 0), a_im, eo_in(cx, root, b), parts ? eo_in(cx, root, 3) : "0",
            k->out[0], x_im, c->batch, c->m, c->n, root->a.left_side ? 1 : 0, root->a.lower ? 1 : 0,
            (int)root->a.transpose_a, root->a.unit_diagonal ? 1 : 0, w);
}

int emit_lapack(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    ir_lapack_call c;
    if (!ir_lapack_call_of(cx->f, root, &c) || (c.elem != 4 && c.elem != 8 && c.elem != 16))
        return ec_fail_op(cx, DIAG_INVALID, root, "expected f32, f64 or complex matrices");
    aj_lapack_space s = aj_lapack_space_of(c.routine, c.elem, c.m, c.n, c.mode, c.ucols, c.vtrows);
    if (s.bytes > cx->p->scratch_bytes)
        return ec_fail_op(cx, DIAG_INVALID, root, "internal error: LAPACK needs %zu bytes of scratch, the plan has %zu",
                          s.bytes, cx->p->scratch_bytes);
    cx->uses_lapack = true;
    if (!cx->lapack_op) cx->lapack_op = ir_op_name(root->code);
    const char *T = c.elem == (c.is_complex ? 16 : 8) ? "double" : "float", p = c.is_complex ? (c.elem == 16 ? 'z' : 'c')
                                                                                       : (c.elem == 8 ? 'd' : 's');
    /* the workspace: the scratch block (the kernel gets it: emit_c.c) */
    const char *w = "0", *iw = "0";
    if (s.bytes) {
        w = ec_str(cx, "(%s *)scratch", T);
        iw = ec_str(cx, "(int32_t *)(scratch + %zu)", s.iwork_at);
    }
    const char *sizes = ec_str(cx, "%" PRId64 ", %" PRId64 ", %" PRId64, c.batch, c.m, c.n);
    switch (root->code) {
    case IR_GETRF:
        if (c.is_complex)
            ec_line(cx, "aj_getrf_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %s);", p, eo_in(cx, root, 0),
                    eo_in(cx, root, 1), k->out[0], k->out[1], k->out[2], k->out[3], sizes, w);
        else
            ec_line(cx, "aj_getrf_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s);", p, eo_in(cx, root, 0), k->out[0],
                    k->out[1], k->out[2], sizes, w);
        break;
    case IR_GEQRF:
        if (c.is_complex)
            ec_line(cx, "aj_geqrf_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ");", p, eo_in(cx, root, 0),
                    eo_in(cx, root, 1), k->out[0], k->out[1], k->out[2], k->out[3], sizes, w, s.lwork);
        else
            ec_line(cx, "aj_geqrf_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %" PRId64 ");", p, eo_in(cx, root, 0),
                    k->out[0], k->out[1], sizes, w, s.lwork);
        break;
    case IR_ORGQR:
        if (c.is_complex)
            ec_line(cx, "aj_ungqr_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %s, %" PRId64 ");", p,
                    eo_in(cx, root, 0), eo_in(cx, root, 1), eo_in(cx, root, 2), eo_in(cx, root, 3), k->out[0],
                    k->out[1], sizes, c.k, w, s.lwork);
        else
            ec_line(cx, "aj_orgqr_%c(&aj_lapack_fns, %s, %s, %s, %s, %" PRId64 ", %s, %" PRId64 ");", p,
                    eo_in(cx, root, 0), eo_in(cx, root, 1), k->out[0], sizes, c.k, w, s.lwork);
        break;
    case IR_SYEVD:
        if (c.is_complex)
            ec_line(cx, "aj_heevd_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %d, %s, %"
                    PRId64 ", %" PRId64 ", %s, %" PRId64 ");", p, eo_in(cx, root, 0), eo_in(cx, root, 1), k->out[0],
                    k->out[1], k->out[2], k->out[3], c.batch, c.n, root->a.lower ? 1 : 0, c.mode == 'V', w, s.lwork,
                    aj_lapack_heevd_lrwork(c.n, c.mode), iw, s.liwork);
        else
            ec_line(cx, "aj_syevd_%c(&aj_lapack_fns, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %d, %s, %" PRId64
                    ", %s, %" PRId64 ");", p, eo_in(cx, root, 0), k->out[0], k->out[1], k->out[2], c.batch, c.n,
                    root->a.lower ? 1 : 0, c.mode == 'V', w, s.lwork, iw, s.liwork);
        break;
    case IR_SYTRD:
        if (c.is_complex)
            ec_line(cx, "aj_hetrd_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64
                    ", %d, %s, %" PRId64 ");", p, eo_in(cx, root, 0), eo_in(cx, root, 1), k->out[0], k->out[1],
                    k->out[2], k->out[3], k->out[4], k->out[5], k->out[6], c.batch, c.n, root->a.lower ? 1 : 0, w,
                    s.lwork);
        else
            ec_line(cx, "aj_sytrd_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %s, %" PRId64
                ");", p, eo_in(cx, root, 0), k->out[0], k->out[1], k->out[2], k->out[3], k->out[4], c.batch, c.n,
                root->a.lower ? 1 : 0, w, s.lwork);
        break;
    case IR_GEHRD:
        if (c.is_complex)
            ec_line(cx, "aj_gehrd_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64
                    ", %" PRId64 ", %s, %" PRId64 ");", p, eo_in(cx, root, 0), eo_in(cx, root, 1), k->out[0],
                    k->out[1], k->out[2], k->out[3], k->out[4], c.batch, c.n, root->a.ilo, root->a.ihi, w, s.lwork);
        else
            ec_line(cx, "aj_gehrd_%c(&aj_lapack_fns, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64
                    ", %s, %" PRId64 ");", p, eo_in(cx, root, 0), k->out[0], k->out[1], k->out[2], c.batch, c.n,
                    root->a.ilo, root->a.ihi, w, s.lwork);
        break;
    case IR_CHOLESKY: case IR_TRIANGULAR_SOLVE: case IR_CHOLESKY_PARTS: case IR_TRIANGULAR_SOLVE_PARTS:
        emit_triangular(cx, k, root, &c, p, w);
        break;
    case IR_GEEV:   /* the same seven results of a real or complex a (its parts: two operands) */
        ec_line(cx, "aj_geev_%c(&aj_lapack_fns, %s%s%s, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %d, %s, %"
                PRId64 ");", p, eo_in(cx, root, 0), c.is_complex ? ", " : "", c.is_complex ? eo_in(cx, root, 1) : "",
                k->out[0], k->out[1], k->out[2], k->out[3], k->out[4], k->out[5], k->out[6], c.batch, c.n,
                root->a.lapack_mode >> 8, root->a.lapack_mode & 0xFF, w, s.lwork);
        break;
    case IR_GEES:
        if (c.is_complex)
            ec_line(cx, "aj_gees_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64
                    ", %d, %s, %" PRId64 ");", p, eo_in(cx, root, 0), eo_in(cx, root, 1), k->out[0], k->out[1],
                    k->out[2], k->out[3], k->out[4], k->out[5], k->out[6], k->out[7], c.batch, c.n,
                    root->a.lapack_mode, w, s.lwork);
        else
            ec_line(cx, "aj_gees_%c(&aj_lapack_fns, %s, %s, %s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %s, %"
                    PRId64 ");", p, eo_in(cx, root, 0), k->out[0], k->out[1], k->out[2], k->out[3], k->out[4],
                    k->out[5], c.batch, c.n, root->a.lapack_mode, w, s.lwork);
        break;
    default:   /* gesdd, gesvd */
        if (c.is_complex)
            ec_line(cx, "aj_svd_%c(&aj_lapack_fns, %d, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %d, %" PRId64 ", %"
                    PRId64 ", %s, %" PRId64 ", %s);", p, root->code == IR_GESVD, eo_in(cx, root, 0), eo_in(cx, root, 1),
                    k->out[0], k->out[1], k->out[2], k->out[3], k->out[4], k->out[5], k->out[6], k->out[7], sizes, c.mode,
                    c.ucols, c.vtrows, w, s.lwork, iw);
        else
            ec_line(cx, "aj_svd_%c(&aj_lapack_fns, %d, %s, %s, %s, %s, %s, %s, %s, %d, %" PRId64 ", %" PRId64 ", %s, %"
                PRId64 ", %s);", p, root->code == IR_GESVD, eo_in(cx, root, 0), k->out[0], k->out[1], k->out[2], k->out[3],
                k->out[4], sizes, c.mode, c.ucols, c.vtrows, w, s.lwork, iw);
        break;
    }
    return cx->rc;
}
