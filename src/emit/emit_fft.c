/* emit_fft.c: the emitter of arrayjit.fft (the Fourier transform on
 * complex parts, ir.h). Its kernel is one call of the kernel the evaluator
 * runs too (src/util/fft.h, whose text the source then holds:
 * emit_prelude_fft), with its workspace in the plan's scratch block (the
 * contract asks for it: contract.c, fft_scratch), so that results equal the
 * evaluator's bit for bit and nothing is allocated at run time. */
#include <inttypes.h>

#include "../util/fft.h"
#include "emit_internal.h"

const char emit_prelude_fft[] = "\n/* ---- the Fourier transform (src/util/fft.h) ---- */\n" AJ_FFT_TEXT "\n";

int emit_fft(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *x = ec_type(cx, root->in[0]);
    const ir_ints *len = &root->a.dims;
    size_t bytes = (size_t)aj_fft_work_bytes(len->v, len->n, x->dtype == IR_F64 ? 8 : 4);
    if (bytes > cx->p->scratch_bytes)
        return ec_fail_op(cx, DIAG_INVALID, root, "internal error: the FFT needs %zu bytes of scratch, the plan has %zu",
                          bytes, cx->p->scratch_bytes);
    cx->uses_fft = true;
    int64_t batch = 1;
    for (int i = 0; i < x->rank - len->n; i++) batch *= x->dims[i];
    sbuf lens = {0};
    for (int i = 0; i < len->n; i++) sb_printf(&lens, "%sINT64_C(%" PRId64 ")", i ? ", " : "", len->v[i]);
    const char *list = ec_take(cx, &lens);
    ec_line(cx, "{");
    ec_line(cx, "    static const int64_t len[] = {%s};", list);
    ec_line(cx, "    aj_fft_%c(%d, %s, %s, %s, %s, %" PRId64 ", len, %d, scratch);",
            x->dtype == IR_F64 ? 'd' : 's', (int)root->a.fft_type, eo_in(cx, root, 0),
            root->nin > 1 ? eo_in(cx, root, 1) : "0", k->out[0], root->nout > 1 ? k->out[1] : "0", batch, len->n);
    ec_line(cx, "}");
    return cx->rc;
}
