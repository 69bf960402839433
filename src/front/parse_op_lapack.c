/* parse_op_lapack.c: the custom calls JAX's CPU lowering emits, read as
 * the StableHLO ops they compute (jaxlib's lapack FFI kernels take the same
 * arguments; layouts are physical and change no value):
 *
 *   @lapack_{s,d}potrf_ffi(a)        -> (cholesky(a, lower = uplo == 'L'), info)
 *       info (i32, a's batch shape): 0, or 1 where a pivot is not positive
 *       (LAPACK's info is that pivot's 1-based index; JAX only tests == 0)
 *   @lapack_{s,d}trsm_ffi(a, b)      -> triangular_solve(a, b): side, uplo,
 *       trans_x and diag from mhlo.backend_config ('L'/'R', 'L'/'U',
 *       'N'/'T'/'C', 'N'/'U' as their ASCII codes)
 *   @Sharding, @SPMDFullToShardShape, @SPMDShardToFullShape,
 *   @annotate_device_placement (x)   -> x (one device: annotations only)
 *
 * Any other target stays an error naming it (parse_op_check.c). */
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

static const char *const annotations[] = {"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape",
                                          "annotate_device_placement"};

static bool is_annotation(const char *target) {
    for (size_t i = 0; i < sizeof annotations / sizeof *annotations; i++)
        if (strcmp(target, annotations[i]) == 0) return true;
    return false;
}

/* lapack_{s,d}<routine>_ffi */
static bool is_lapack(const char *target, const char *routine) {
    size_t n = strlen(routine);
    return strncmp(target, "lapack_", 7) == 0 && (target[7] == 's' || target[7] == 'd') &&
           strncmp(target + 8, routine, n) == 0 && strcmp(target + 8 + n, "_ffi") == 0;
}

bool fr_jax_custom_call(const char *target) {
    return is_annotation(target) || is_lapack(target, "potrf") || is_lapack(target, "trsm");
}

/* The ASCII code of mhlo.backend_config's `name` (dflt when absent). */
static int config_char(parser *p, const op_desc *d, const attr_list *config, const char *name, int dflt, int *out) {
    const attr_ref *a = fr_attr_find(config, name);
    uint64_t v = (uint64_t)dflt;
    if (a && fr_attr_read_uint(p, a, &v)) return -1;
    if (v > 127) return fr_error(p, d->at, "custom_call: %s = %llu is no character", name, (unsigned long long)v);
    *out = (int)v;
    return 0;
}

static int want_signature(parser *p, const op_desc *d, const char *target, int nin, int nout) {
    if (d->nin != nin || d->out.n != nout)
        return fr_error(p, d->at, "custom_call @%s takes %d operand%s and gives %d result%s, found %d and %d", target,
                        nin, nin == 1 ? "" : "s", nout, nout == 1 ? "" : "s", d->nin, d->out.n);
    return 0;
}

/* info: whether any diagonal element of the factor l is not positive (a
 * NaN is not), as i32 over l's batch dims; the statement's op (d) is its
 * last step, a convert, and the factor is bound just before it. */
static int lower_potrf(parser *p, op_desc *d, const char *target, const attr_list *config) {
    int uplo;
    if (want_signature(p, d, target, 1, 2) || config_char(p, d, config, "uplo", 'L', &uplo)) return -1;
    ir_type t = *ir_value_type(p->fn, d->in[0].id), info = d->out.v[1];
    int r = t.rank;
    if (r < 2 || !ir_type_eq(&d->out.v[0], &t) || info.dtype != IR_I32 || info.rank != r - 2)
        return fr_error(p, d->at, "custom_call @%s: expected (T) -> (T, tensor<...xi32>) over T's batch dims", target);
    if (uplo != 'L' && uplo != 'U') return fr_error(p, d->at, "custom_call @%s: uplo is neither L nor U", target);
    ir_value_id a = d->in[0].id;
    ir_op *l = fr_aux_op(p, d, IR_CHOLESKY, 1, &a, &t);
    if (!l) return -1;
    l->a.lower = uplo == 'L';
    ir_type it = ir_type_make(IR_I32, r, t.dims), bt = ir_type_make(IR_I1, r, t.dims), st = ir_type_scalar(t.dtype);
    ir_type flag = ir_type_make(IR_I1, r - 2, t.dims), bs = ir_type_scalar(IR_I1);
    ir_op *row = fr_aux_op(p, d, IR_IOTA, 0, NULL, &it), *col = fr_aux_op(p, d, IR_IOTA, 0, NULL, &it);
    ir_op *zero = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &st), *no = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &bs);
    if (!row || !col || !zero || !no || !(zero->a.data = mem_calloc(1, ir_type_bytes(&st))) ||
        !(no->a.data = mem_calloc(1, 1)))
        return fr_nomem(p);
    row->a.axis = r - 2, col->a.axis = r - 1;
    ir_value_id rc[2] = {row->out[0], col->out[0]};
    ir_op *diag = fr_aux_op(p, d, IR_COMPARE, 2, rc, &bt);
    ir_op *zeros = diag ? fr_aux_op(p, d, IR_BROADCAST_IN_DIM, 1, &zero->out[0], &t) : NULL;
    if (!zeros) return -1;
    diag->a.cmp = IR_CMP_EQ, diag->a.cmp_type = IR_CMPT_SIGNED;
    ir_value_id lz[2] = {l->out[0], zeros->out[0]};
    ir_op *pos = fr_aux_op(p, d, IR_COMPARE, 2, lz, &bt);
    if (!pos) return -1;
    pos->a.cmp = IR_CMP_GT, pos->a.cmp_type = ir_dtype_is_float(t.dtype) ? IR_CMPT_FLOAT : IR_CMPT_SIGNED;
    ir_op *bad = fr_aux_op(p, d, IR_NOT, 1, &pos->out[0], &bt);
    ir_value_id db[2] = {diag->out[0], bad ? bad->out[0] : -1};
    ir_op *bad_diag = bad ? fr_aux_op(p, d, IR_AND, 2, db, &bt) : NULL;
    ir_value_id in[2] = {bad_diag ? bad_diag->out[0] : -1, no->out[0]};
    ir_op *any = bad_diag ? ir_op_append(p->fn, p->block, IR_REDUCE, 2, in, 1, &flag) : NULL;
    if (!any) return bad_diag ? fr_nomem(p) : -1;
    any->loc = l->loc;
    int64_t dims[2] = {r - 2, r - 1};
    if (ir_ints_set(&any->a.dims, 2, dims)) return fr_nomem(p);
    ir_block *b = ir_op_add_region(any);
    ir_value_id x = b ? ir_block_add_arg(p->fn, b, &bs) : -1, y = b ? ir_block_add_arg(p->fn, b, &bs) : -1;
    if (x < 0 || y < 0) return fr_nomem(p);
    ir_value_id xy[2] = {x, y};
    ir_op *either = ir_op_append(p->fn, b, IR_OR, 2, xy, 1, &bs);
    if (!either || !ir_op_append(p->fn, b, IR_RETURN, 1, &either->out[0], 0, NULL)) return fr_nomem(p);
    either->loc = l->loc;
    /* the factor again, as the value just before info's */
    ir_op *factor = fr_aux_op(p, d, IR_CONVERT, 1, &l->out[0], &t);
    if (!factor) return -1;
    d->code = IR_CONVERT;
    d->in[0].id = any->out[0];
    d->out.v[0] = info;
    d->out.n = 1;
    d->bind_first = factor->out[0];
    d->bind_count = 2;
    return 0;
}

static int lower_trsm(parser *p, op_desc *d, const char *target, const attr_list *config) {
    int side, uplo, trans, diag;
    if (want_signature(p, d, target, 2, 1) || config_char(p, d, config, "side", 'L', &side) ||
        config_char(p, d, config, "uplo", 'L', &uplo) || config_char(p, d, config, "trans_x", 'N', &trans) ||
        config_char(p, d, config, "diag", 'N', &diag))
        return -1;
    if ((side != 'L' && side != 'R') || (uplo != 'L' && uplo != 'U') || (diag != 'N' && diag != 'U') ||
        (trans != 'N' && trans != 'T' && trans != 'C'))
        return fr_error(p, d->at, "custom_call @%s: side, uplo, trans_x or diag is out of range", target);
    d->code = IR_TRIANGULAR_SOLVE;
    d->a.left_side = side == 'L';
    d->a.lower = uplo == 'L';
    d->a.unit_diagonal = diag == 'U';
    d->a.transpose_a = trans == 'N' ? IR_TRANSPOSE_NONE : trans == 'T' ? IR_TRANSPOSE_PLAIN : IR_TRANSPOSE_ADJOINT;
    return 0;
}

/* One device: the annotation is its operand (a convert to its own type,
 * which simplify removes). */
static int lower_annotation(parser *p, op_desc *d, const char *target) {
    if (want_signature(p, d, target, 1, 1)) return -1;
    if (!ir_type_eq(ir_value_type(p->fn, d->in[0].id), &d->out.v[0]))
        return fr_error(p, d->at, "custom_call @%s: the result's type is not the operand's (one device only)", target);
    d->code = IR_CONVERT;
    return 0;
}

int fr_lower_custom_call(parser *p, op_desc *d, const char *target, const attr_list *attrs) {
    if (is_annotation(target)) return lower_annotation(p, d, target);
    attr_list config = {0};
    const attr_ref *a = fr_attr_find(attrs, "mhlo.backend_config");
    int rc = a ? fr_attr_read_dict(p, a, &config) : 0;
    if (!rc) rc = is_lapack(target, "potrf") ? lower_potrf(p, d, target, &config) : lower_trsm(p, d, target, &config);
    fr_attr_list_free(&config);
    return rc ? -1 : 0;
}
