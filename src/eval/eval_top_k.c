/* eval_top_k.c: chlo.top_k through the kernel generated code runs too
 * (src/util/top_k.h), so the two agree bit for bit. A heap too big for the
 * stack comes from the allocator for the call: no value of the program, as
 * LAPACK's workspace is not (eval_lapack.c); compiled code takes it from
 * the plan's scratch block. */
#include "../util/mem.h"
#include "../util/top_k.h"
#include "eval_internal.h"

AJ_TOP_K_CODE

int ev_top_k(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = ev_results_fit(fr, op, d);
    if (rc) return rc;
    const ir_type *x = ev_type(fr, op->in[0]), *it = ev_type(fr, op->out[1]);
    int64_t n = x->dims[x->rank - 1], k = op->a.k, rows = n ? ir_type_numel(x) / n : 0;
    size_t bytes = (size_t)aj_top_k_scratch(n, k);
    void *w = bytes ? mem_alloc(bytes) : NULL;
    if (bytes && !w) return diag_nomem(d);
    aj_top_k_job g = {ev_data(fr, op->in[0]), ev_data(fr, op->out[0]), ev_data(fr, op->out[1]), n, k,
                      (int)ir_dtype_size(x->dtype), ir_dtype_bits(x->dtype),
                      aj_top_k_kind(ir_dtype_is_float(x->dtype), ir_dtype_is_int(x->dtype) && !ir_dtype_is_unsigned(x->dtype)),
                      (int)ir_dtype_size(it->dtype)};
    aj_top_k(&g, rows, w);
    mem_free(w);
    return DIAG_OK;
}
