/* eval_lapack.c: the LAPACK ops (ir.h: arrayjit.getrf, geqrf, orgqr, syevd (heevd on complex parts),
 * gesdd, gesvd, sytrd, gehrd, geev, gees; stablehlo.cholesky and
 * triangular_solve) by LAPACK itself, found at run time (src/util/lapack.h), through
 * the kernels generated code runs too (src/util/lapack_kernels.h), so the
 * two agree bit for bit.
 *
 * The kernel's workspace (one matrix in column-major order, LAPACK's work
 * arrays: aj_lapack_space_of) comes from the allocator for the call and is
 * freed after it. Like the scalars of a region it is no value of the
 * program, so the driver's statistics leave it out; compiled code takes the
 * same bytes from the plan's scratch block, which the memory report counts.
 * Without LAPACK the op fails with DIAG_UNSUPPORTED naming the library. */
#include <math.h>

#include "../util/lapack.h"
#include "../util/mem.h"
#include "eval_internal.h"

AJ_LAPACK_KERNELS

#define OUT(i) ev_data(fr, op->out[i])
#define IN(i) ev_data(fr, op->in[i])

/* Runs the kernel of c's element type (f: float or double, p: s or d). */
#define RUN_KERNEL(T, p)                                                                                              \
    do {                                                                                                              \
        T *w = work;                                                                                                  \
        int32_t *iw = (int32_t *)((char *)work + space.iwork_at);                                                     \
        switch (op->code) {                                                                                           \
        case IR_GETRF: aj_getrf_##p(L, IN(0), OUT(0), OUT(1), OUT(2), c.batch, c.m, c.n, w); break;                   \
        case IR_GEQRF: aj_geqrf_##p(L, IN(0), OUT(0), OUT(1), c.batch, c.m, c.n, w, space.lwork); break;              \
        case IR_ORGQR: aj_orgqr_##p(L, IN(0), IN(1), OUT(0), c.batch, c.m, c.n, c.k, w, space.lwork); break;          \
        case IR_SYEVD:                                                                                                \
            aj_syevd_##p(L, IN(0), OUT(0), OUT(1), OUT(2), c.batch, c.n, op->a.lower, op->a.lapack_mode == 'V',       \
                         w, space.lwork, iw, space.liwork);                                                           \
            break;                                                                                                    \
        case IR_SYTRD:                                                                                                \
            aj_sytrd_##p(L, IN(0), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), c.batch, c.n, op->a.lower, w, space.lwork); \
            break;                                                                                                    \
        case IR_GEHRD:                                                                                                \
            aj_gehrd_##p(L, IN(0), OUT(0), OUT(1), OUT(2), c.batch, c.n, op->a.ilo, op->a.ihi, w, space.lwork);       \
            break;                                                                                                    \
        case IR_GEES:                                                                                                 \
            aj_gees_##p(L, IN(0), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), c.batch, c.n, op->a.lapack_mode, w,     \
                        space.lwork);                                                                                 \
            break;                                                                                                    \
        case IR_GEEV:                                                                                                 \
            aj_geev_##p(L, IN(0), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), c.batch, c.n,               \
                        op->a.lapack_mode >> 8, op->a.lapack_mode & 0xFF, w, space.lwork);                           \
            break;                                                                                                    \
        default:                                                                                                      \
            aj_svd_##p(L, op->code == IR_GESVD, IN(0), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), c.batch, c.m, c.n,     \
                       op->a.lapack_mode, c.ucols, c.vtrows, w, space.lwork, iw);                                     \
            break;                                                                                                    \
        }                                                                                                             \
    } while (0)

/* cholesky and triangular_solve, real (p: s, d) or on complex parts (c, z). */
#define RUN_TRIANGULAR(T, p)                                                                                          \
    do {                                                                                                              \
        bool parts = c->is_complex;                                                                                      \
        T *im_a = parts ? IN(1) : NULL, *out_im = parts ? OUT(1) : NULL;                                              \
        if (op->code == IR_CHOLESKY || op->code == IR_CHOLESKY_PARTS)                                                 \
            aj_potrf_##p(L, IN(0), im_a, OUT(0), out_im, c->batch, c->n, op->a.lower, work);                            \
        else                                                                                                          \
            aj_trsolve_##p(L, IN(0), im_a, IN(parts ? 2 : 1), parts ? IN(3) : NULL, OUT(0), out_im, c->batch, c->m,     \
                         c->n, op->a.left_side, op->a.lower, (int)op->a.transpose_a, op->a.unit_diagonal, work);      \
    } while (0)

static void run_triangular(const aj_lapack *L, ev_frame *fr, const ir_op *op, const ir_lapack_call *c, void *work) {
    if (c->is_complex && c->elem == 16) RUN_TRIANGULAR(double, z);
    else if (c->is_complex) RUN_TRIANGULAR(float, c);
    else if (c->elem == 8) RUN_TRIANGULAR(double, d);
    else RUN_TRIANGULAR(float, s);
}

/* The other routines on complex matrices (their parts): getrf, geqrf,
 * orgqr as ungqr, syevd as heevd, gesdd, gesvd, sytrd as hetrd, gehrd,
 * geev and gees. */
#define RUN_COMPLEX(T, p)                                                                                             \
    do {                                                                                                              \
        if (op->code == IR_GETRF)                                                                                     \
            aj_getrf_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), c->batch, c->m, c->n, work);                \
        else if (op->code == IR_GEQRF)                                                                                \
            aj_geqrf_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), c->batch, c->m, c->n, work, space->lwork);  \
        else if (op->code == IR_ORGQR)                                                                                \
            aj_ungqr_##p(L, IN(0), IN(1), IN(2), IN(3), OUT(0), OUT(1), c->batch, c->m, c->n, c->k, work,             \
                         space->lwork);                                                                               \
        else if (op->code == IR_GESDD || op->code == IR_GESVD)                                                        \
            aj_svd_##p(L, op->code == IR_GESVD, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), \
                       OUT(7), c->batch, c->m, c->n, c->mode, c->ucols, c->vtrows, work, space->lwork,               \
                       (int32_t *)((char *)work + space->iwork_at));                                                  \
        else if (op->code == IR_SYTRD)                                                                                \
            aj_hetrd_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), c->batch, c->n,     \
                         op->a.lower, work, space->lwork);                                                            \
        else if (op->code == IR_GEHRD)                                                                                \
            aj_gehrd_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), c->batch, c->n, op->a.ilo,          \
                         op->a.ihi, work, space->lwork);                                                              \
        else if (op->code == IR_GEEV)                                                                                 \
            aj_geev_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), c->batch, c->n,      \
                        op->a.lapack_mode >> 8, op->a.lapack_mode & 0xFF, work, space->lwork);                       \
        else if (op->code == IR_GEES)                                                                                 \
            aj_gees_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), OUT(7), c->batch,    \
                        c->n, op->a.lapack_mode, work, space->lwork);                                                 \
        else                                                                                                          \
            aj_heevd_##p(L, IN(0), IN(1), OUT(0), OUT(1), OUT(2), OUT(3), c->batch, c->n, op->a.lower,                \
                         c->mode == 'V', work, space->lwork, aj_lapack_heevd_lrwork(c->n, c->mode),                   \
                         (int32_t *)((char *)work + space->iwork_at), space->liwork);                                 \
    } while (0)

static void run_complex(const aj_lapack *L, ev_frame *fr, const ir_op *op, const ir_lapack_call *c,
                        const aj_lapack_space *space, void *work) {
    if (c->elem == 16) RUN_COMPLEX(double, z);
    else RUN_COMPLEX(float, c);
}

int ev_lapack(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = ev_results_fit(fr, op, d);
    if (rc) return rc;
    char why[600];
    const aj_lapack *L = lapack_routines(why, sizeof why);
    if (!L) return ev_fail(d, DIAG_UNSUPPORTED, op, "needs %s", why);
    ir_lapack_call c;
    if (!ir_lapack_call_of(fr->f, op, &c)) return ev_fail(d, DIAG_INVALID, op, "is no LAPACK op");
    aj_lapack_space space = aj_lapack_space_of(c.routine, c.elem, c.m, c.n, c.mode, c.ucols, c.vtrows);
    void *work = space.bytes ? mem_alloc(space.bytes) : NULL;
    if (space.bytes && !work) return diag_nomem(d);
    if (c.routine == AJ_LAPACK_POTRF || c.routine == AJ_LAPACK_TRSM || c.routine == AJ_LAPACK_TRTRS)
        run_triangular(L, fr, op, &c, work);
    else if (c.is_complex) run_complex(L, fr, op, &c, &space, work);
    else if (c.elem == 8) RUN_KERNEL(double, d);
    else RUN_KERNEL(float, s);
    mem_free(work);
    return DIAG_OK;
}
