/* emit_opaque.c: kernels of kind IR_FUSION_OPAQUE, one op each, and the
 * table that maps an opcode to its emitter (see emit_internal.h, "opaque
 * kernels", for the contract an emitter keeps). */
#include "emit_internal.h"

/* One emitter per opcode; an opaque op without one is DIAG_UNSUPPORTED.
 * Add a line here for a new op (its emitter declared in emit_internal.h). */
static const eo_emitter opaque_emitters[IR_OPCODE_COUNT] = {
    [IR_DYNAMIC_UPDATE_SLICE] = emit_dynamic_update_slice,
    [IR_SCATTER] = emit_scatter,
    [IR_GET_DIMENSION_SIZE] = emit_get_dimension_size,
    [IR_REDUCE_WINDOW] = emit_reduce_window,
    [IR_SELECT_AND_SCATTER] = emit_select_and_scatter,
    [IR_CONVOLUTION] = emit_convolution,
    [IR_MAP] = emit_map,
    [IR_SORT] = emit_sort,
    [IR_WHILE] = emit_control,
    [IR_IF] = emit_control,
    [IR_CASE] = emit_control,
    [IR_TRIANGULAR_SOLVE] = emit_lapack,
    [IR_CHOLESKY] = emit_lapack,
    [IR_TRIANGULAR_SOLVE_PARTS] = emit_lapack,
    [IR_CHOLESKY_PARTS] = emit_lapack,
    [IR_GETRF] = emit_lapack,
    [IR_GEQRF] = emit_lapack,
    [IR_ORGQR] = emit_lapack,
    [IR_SYEVD] = emit_lapack,
    [IR_GESDD] = emit_lapack,
    [IR_GESVD] = emit_lapack,
    [IR_SYTRD] = emit_lapack,
    [IR_GEHRD] = emit_lapack,
    [IR_GEEV] = emit_lapack,
    [IR_GEES] = emit_lapack,
    [IR_FFT_PARTS] = emit_fft,
    [IR_TOP_K] = emit_top_k,
};

const char *eo_in(emit_ctx *cx, const ir_op *root, int j) {
    const char *name = j >= 0 && j < root->nin ? ex_buffer(cx, root->in[j]) : NULL;
    if (!name) ec_fail_op(cx, DIAG_INVALID, root, "operand %d is not a kernel argument", j);
    return name ? name : "?";
}

void eo_copy(emit_ctx *cx, const char *dst, const char *src, const ir_type *t) {
    ex_copy(cx, dst, src, ir_type_bytes(t));
}

void eo_loops_open(emit_ctx *cx, const ir_type *t, ex_index *ix) {
    ex_loop loops[IR_MAX_RANK];
    int n = 0;
    *ix = (ex_index){.rank = t->rank};
    for (int d = 0; d < t->rank; d++) {
        ix->at[d] = "0";
        if (t->dims[d] == 1) continue;
        ix->at[d] = ec_fresh(cx, "i");
        loops[n++] = (ex_loop){ix->at[d], NULL, NULL, t->dims[d]};
    }
    ec_loops_open(cx, loops, n, false);
}

void eo_loops_close(emit_ctx *cx, const ir_type *t) {
    int n = 0;
    for (int d = 0; d < t->rank; d++) n += t->dims[d] != 1;
    ec_loops_close(cx, n);
}

int emit_opaque_kernel(emit_ctx *cx, const ex_kernel *k) {
    const ir_block *r = k->region;
    const ir_op *root = r->nops >= 2 ? r->ops[r->nops - 2] : NULL;
    if (!root || k->ret->nin != root->nout)
        return ec_fail_op(cx, DIAG_INVALID, k->fusion, "an opaque kernel ends with one op and returns its results");
    for (int i = 0; i < root->nout; i++)
        if (k->ret->in[i] != root->out[i])
            return ec_fail_op(cx, DIAG_INVALID, k->fusion, "an opaque kernel returns its op's results in order");
    eo_emitter emit = opaque_emitters[root->code];
    if (!emit)
        return ec_fail_op(cx, DIAG_UNSUPPORTED, root,
                          "unsupported in compiled code: the C backend has no emitter for this op (the evaluator runs it)");
    ec_line(cx, "/* %s */", ir_op_name(root->code));
    return emit(cx, k, root);
}
