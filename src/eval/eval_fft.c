/* eval_fft.c: arrayjit.fft (the Fourier transform on complex parts, ir.h)
 * through the kernels generated code runs too (src/util/fft.h), so the two
 * agree bit for bit. The workspace (the block in complex double and one
 * line's) comes from the allocator for the call: no value of the program,
 * as LAPACK's is not (eval_lapack.c); compiled code takes it from the
 * plan's scratch block. */
#include <math.h>

#include "../util/fft.h"
#include "../util/mem.h"
#include "eval_internal.h"

AJ_FFT_KERNELS

int ev_fft(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = ev_results_fit(fr, op, d);
    if (rc) return rc;
    const ir_type *x = ev_type(fr, op->in[0]);
    const ir_ints *len = &op->a.dims;
    int64_t batch = 1;
    for (int i = 0; i < x->rank - len->n; i++) batch *= x->dims[i];
    void *w = mem_alloc((size_t)aj_fft_work_bytes(len->v, len->n, x->dtype == IR_F64 ? 8 : 4));
    if (!w) return diag_nomem(d);
    int type = (int)op->a.fft_type;
    void *re = ev_data(fr, op->in[0]), *im = op->nin > 1 ? ev_data(fr, op->in[1]) : NULL;
    void *out_re = ev_data(fr, op->out[0]), *out_im = op->nout > 1 ? ev_data(fr, op->out[1]) : NULL;
    if (x->dtype == IR_F64) aj_fft_d(type, re, im, out_re, out_im, batch, len->v, len->n, w);
    else aj_fft_s(type, re, im, out_re, out_im, batch, len->v, len->n, w);
    mem_free(w);
    return DIAG_OK;
}
