/* emit_top_k.c: the emitter of chlo.top_k. Its kernel is one call of the
 * kernel the evaluator runs too (src/util/top_k.h, whose text the source
 * then holds: emit_prelude_top_k), so that results equal the evaluator's
 * bit for bit. A heap that fits on the stack lets rows run as parallel
 * tasks (aj_top_k_part) over the run's threads; a bigger one lives in the
 * plan's scratch block (contract.c, top_k_scratch) and runs on one. */
#include <inttypes.h>

#include "../util/top_k.h"
#include "emit_internal.h"

const char emit_prelude_top_k[] = "\n/* ---- top_k (src/util/top_k.h) ---- */\n" AJ_TOP_K_TEXT "\n";

/* Elements a task takes at least: fewer cost more to hand out than to scan. */
#define TOP_K_CHUNK_ELEMENTS 65536

int emit_top_k(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *x = ec_type(cx, root->in[0]), *it = ec_type(cx, root->out[1]);
    int64_t n = x->dims[x->rank - 1], top = root->a.k, rows = n ? ir_type_numel(x) / n : 0;
    if (top == 0 || rows == 0) return cx->rc;
    size_t bytes = (size_t)aj_top_k_scratch(n, top);
    if (bytes > cx->p->scratch_bytes)
        return ec_fail_op(cx, DIAG_INVALID, root, "internal error: top_k needs %zu bytes of scratch, the plan has %zu",
                          bytes, cx->p->scratch_bytes);
    cx->uses_top_k = true;
    int kind = aj_top_k_kind(ir_dtype_is_float(x->dtype), ir_dtype_is_int(x->dtype) && !ir_dtype_is_unsigned(x->dtype));
    int64_t least = (TOP_K_CHUNK_ELEMENTS + n - 1) / n, chunk = (rows + 4 * cx->o->threads - 1) / (4 * cx->o->threads);
    if (chunk < least) chunk = least;
    ec_block(cx);
    ec_line(cx, "aj_top_k_job aj_job = {%s, %s, %s, %" PRId64 ", %" PRId64 ", %d, %d, %d, %d};", eo_in(cx, root, 0),
            k->out[0], k->out[1], n, top, (int)ir_dtype_size(x->dtype), ir_dtype_bits(x->dtype), kind,
            (int)ir_dtype_size(it->dtype));
    if (cx->kernel_run && !bytes && chunk < rows) {
        ec_line(cx, "void *const aj_job_p[] = {&aj_job};");
        ec_line(cx, "aj_parallel(run, aj_top_k_part, aj_job_p, %" PRId64 ", %" PRId64 ");", rows, chunk);
    } else {
        ec_line(cx, "aj_top_k(&aj_job, %" PRId64 ", %s);", rows, bytes ? "scratch" : "0");
    }
    ec_close(cx);
    return cx->rc;
}
