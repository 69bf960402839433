/* emit_index.c: opaque kernels for the ops that write at computed
 * positions (semantics as in eval/eval_index.c). pad, dynamic_slice and
 * gather only read at computed positions: they are index ops that loop
 * kernels evaluate per element (emit_expr.c).
 *
 *  - dynamic_update_slice: copies the operand unless the result is its
 *    buffer (in place), then writes the window at the start indices,
 *    clamped into [0, dim - size];
 *  - scatter: copies the inputs (unless in place), then walks the updates
 *    in row-major order, skipping an update whose position falls outside
 *    the inputs, and applies the update computation there (repeated
 *    indices combine in the evaluator's order);
 *  - get_dimension_size: a constant store. */
#include <inttypes.h>
#include <string.h>

#include "emit_internal.h"

int emit_dynamic_update_slice(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]), *ut = ec_type(cx, root->in[1]);
    const char *r = k->out[0];
    eo_copy(cx, r, eo_in(cx, root, 0), xt);
    if (ir_type_numel(ut) == 0) return cx->rc;
    ex_index scalar = ex_scalar_index(), uix, rix = {.rank = xt->rank};
    for (int d = 0; d < xt->rank; d++) {
        const char *s = ex_index_value(cx, root->in[2 + d], &scalar, true, xt->dims[d] - ut->dims[d]);
        rix.at[d] = s ? s : "0";
    }
    eo_loops_open(cx, ut, &uix);
    for (int d = 0; d < xt->rank; d++) rix.at[d] = xt->dims[d] == 1 ? "0" : ex_index_sum(cx, rix.at[d], uix.at[d]);
    const char *u = ex_value(cx, root->in[1], &uix);
    ex_store(cx, xt->dtype, r, ex_offset(cx, xt, &rix), u);
    eo_loops_close(cx, ut);
    return cx->rc;
}

int emit_scatter(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    enum { MAX_INPUTS = 16 };
    int n = (root->nin - 1) / 2;
    const ir_type *xt = ec_type(cx, root->in[0]), *ut = ec_type(cx, root->in[n + 1]);
    if (n > MAX_INPUTS) return ec_fail_op(cx, DIAG_UNSUPPORTED, root, "more than %d inputs", MAX_INPUTS);
    for (int i = 0; i < n; i++) eo_copy(cx, k->out[i], eo_in(cx, root, i), xt);
    if (ir_type_numel(ut) == 0 || ir_type_numel(xt) == 0) return cx->rc;
    ex_index uix, pos;
    unsigned started;
    eo_loops_open(cx, ut, &uix);
    if (ex_gather_index(cx, root, 0, n, &uix, false, &pos, &started)) {
        sbuf inside = {0};
        for (int d = 0; d < xt->rank; d++) {
            if (!(started >> d & 1)) continue;   /* batching and window offsets stay inside */
            const char *p = ex_local(cx, IR_I64, pos.at[d]);
            pos.at[d] = p ? p : "0";
            sb_printf(&inside, "%s(uint64_t)%s < %" PRId64 "u", inside.len ? " && " : "", pos.at[d], xt->dims[d]);
        }
        if (inside.len) ec_open(cx, "if (%s)", ec_take(cx, &inside));
        else ec_block(cx);
        const char *off = cx->rc ? NULL : ex_local(cx, IR_I64, ex_offset(cx, xt, &pos));
        if (!off) off = "0";   /* out of memory: cx->rc says so, the text is dropped */
        const char *current[MAX_INPUTS], *update[MAX_INPUTS];
        for (int i = 0; i < n; i++) {
            current[i] = ex_load(cx, ec_type(cx, root->out[i])->dtype, k->out[i], off);
            update[i] = ex_value(cx, root->in[n + 1 + i], &uix);
        }
        if (!cx->rc) ex_apply_reducer(cx, root->regions[0], n, current, update);
        for (int i = 0; i < n; i++) ex_store(cx, ec_type(cx, root->out[i])->dtype, k->out[i], off, current[i]);
        ec_close(cx);
    }
    eo_loops_close(cx, ut);
    return cx->rc;
}

int emit_get_dimension_size(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *xt = ec_type(cx, root->in[0]);   /* its shape, never its elements */
    ec_line(cx, "%s[0] = %" PRId64 ";", k->out[0], xt->dims[root->a.axis]);
    return cx->rc;
}
