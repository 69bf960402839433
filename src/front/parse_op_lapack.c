/* parse_op_lapack.c: the custom calls JAX's CPU lowering emits, read as
 * the ops they compute (jaxlib's lapack FFI kernels, jaxlib/cpu/
 * lapack_kernels.cc, take the same arguments; layouts are physical and
 * change no value; T is f32 for the s routines, f64 for the d ones; B...
 * the batch dims, K = min(M, N)):
 *
 *   @lapack_{s,d,c,z}potrf_ffi(a)    -> (cholesky(a, lower = uplo == 'L'), info)
 *       info (i32, a's batch shape): 0, or 1 where a pivot is not positive
 *       (LAPACK's info is that pivot's 1-based index; JAX only tests == 0)
 *   @lapack_{s,d,c,z}trsm_ffi(a, b)  -> triangular_solve(a, b): side, uplo,
 *       trans_x and diag from mhlo.backend_config ('L'/'R', 'L'/'U',
 *       'N'/'T'/'C', 'N'/'U' as their ASCII codes)
 *   @lapack_{s,d}getrf_ffi(a [B..., M, N])
 *                                    -> arrayjit.getrf: (lu, ipiv [B..., K] i32
 *       (1-based, as LAPACK gives them: JAX subtracts 1), info [B...] i32)
 *   @lapack_{s,d}geqrf_ffi(a)        -> arrayjit.geqrf: (a (R and the
 *       reflectors), tau [B..., K])
 *   @lapack_{s,d}orgqr_ffi(a, tau [B..., K']) -> arrayjit.orgqr: q, the shape
 *       of a (M >= N >= K'; JAX pads a to M x M for mode='complete');
 *       getrf and geqrf as @lapack_{c,z}..._ffi too, and orgqr as
 *       @lapack_{c,z}ungqr_ffi, on complex matrices (lower_complex.c makes
 *       them ops on the parts)
 *   @lapack_{s,d}syevd_ffi(a [B..., N, N]) -> arrayjit.syevd: (v, w [B..., N],
 *       info); backend_config mode ('V': eigenvectors; 'N') and uplo (the
 *       triangle read); @lapack_{c,z}heevd_ffi the same on a complex a, w
 *       real (arrayjit.syevd on the parts once complex values are lowered)
 *   @lapack_{s,d}gesdd_ffi(a)        -> arrayjit.gesdd: (a (what LAPACK left),
 *       s [B..., K], u [B..., M, M or K], vt [B..., N or K, N], info);
 *       backend_config mode 'A' (full), 'S' (reduced), 'N' (s alone; u
 *       and vt zeros, of either shape: JAX asks for full_matrices' shape)
 *   @lapack_{s,d}gesvd_ffi(a)        -> arrayjit.gesvd: gesdd's signature and
 *       modes (lax.linalg.svd with SvdAlgorithm.QR: jobu = jobvt = mode);
 *       both as @lapack_{c,z}..._ffi too, s real (on the parts once lowered)
 *   @lapack_{s,d}sytrd_ffi(a [B..., N, N]) -> arrayjit.sytrd: (a (the
 *       tridiagonal and the reflectors), d [B..., N], e [B..., N-1], tau
 *       [B..., N-1], info); backend_config uplo (the triangle read); N >= 1
 *   @lapack_{s,d}gehrd_ffi(a [B..., N, N]) -> arrayjit.gehrd: (a (H and the
 *       reflectors), tau [B..., N-1], info); backend_config low and high
 *       (LAPACK's ilo and ihi, 1 <= low <= high <= N; 1 and N when absent,
 *       as JAX passes them); N >= 1
 *   @lapack_{s,d}geev_ffi(a [B..., N, N]) -> arrayjit.geev, its parts made
 *       complex: (wr, wi [B..., N], vl, vr [B..., N, N] complex<T>, info);
 *       backend_config compute_left and compute_right ('V' or 'N': the
 *       side's eigenvectors, else zeros)
 *   @lapack_{s,d}gees_ffi(a [B..., N, N]) -> arrayjit.gees: (t (the real
 *       Schur form), vs (the Schur vectors), wr, wi [B..., N], sdim, info);
 *       backend_config mode ('V': the vectors, else zeros) and sort ('N'
 *       only: jaxlib sorts nothing)
 *   @lapack_{c,z}geev_ffi(a) -> (w [B..., N], vl, vr, info), @lapack_{c,z}
 *       gees_ffi(a) -> (t (the Schur form), vs, w [B..., N], sdim, info),
 *       @lapack_{c,z}hetrd_ffi(a) -> (a, d, e real, tau, info) and
 *       @lapack_{c,z}gehrd_ffi(a) -> (a, tau, info), their configs as the
 *       real ones': the op (geev, gees, sytrd, gehrd) on real(a) and
 *       imag(a), each complex result made of its parts (lower_lapack_parts)
 *   @Sharding, @SPMDFullToShardShape, @SPMDShardToFullShape,
 *   @annotate_device_placement (x)   -> x (one device: annotations only)
 *
 * The signature must be the kernel's exactly (else an error naming the
 * target and the signature it takes). LAPACK itself computes the
 * arrayjit.* ops, in the evaluator and compiled code (src/util/
 * lapack_kernels.h); info > 0 is LAPACK's (a zero pivot, no
 * convergence), which JAX's code after the call turns into NaNs as it
 * does on CPU. Any other target (geqp3, ormqr, gtsv ...) stays an error
 * naming it (parse_op_check.c). */
#include <stdio.h>
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

/* lapack_{s,d,c,z}<routine>_ffi: potrf and trsm, whose complex forms are
 * cholesky's and triangular_solve's on complex values. */
static bool is_lapack_any(const char *target, const char *routine) {
    char real[64];
    if (strncmp(target, "lapack_", 7) != 0 || (target[7] != 'c' && target[7] != 'z') || strlen(target) >= sizeof real)
        return is_lapack(target, routine);
    snprintf(real, sizeof real, "%s", target);
    real[7] = 's';
    return is_lapack(real, routine);
}

#define SVD_SIGNATURE                                                                                         \
    ("(tensor<...xMxNxT>) -> (tensor<...xMxNxT>, tensor<...xKxR>, tensor<...xMxUxT>, tensor<...xVxNxT>, "      \
     "tensor<...xi32>), K = min(M, N), U = M and V = N (mode A), K (S), either (N), R T's real type")

/* The LAPACK routines read as an op of their own (ir.h: arrayjit.getrf
 * ...), with the operands and results of jaxlib's kernel (`expected`
 * names them). */
static const struct {
    const char *routine;
    ir_opcode code;
    int nin, nout;
    const char *expected;
} lapack_ops[] = {
    {"getrf", IR_GETRF, 1, 3,
     "(tensor<...xMxNxT>) -> (tensor<...xMxNxT>, tensor<...xKxi32>, tensor<...xi32>), K = min(M, N)"},
    {"geqrf", IR_GEQRF, 1, 2, "(tensor<...xMxNxT>) -> (tensor<...xMxNxT>, tensor<...xKxT>), K = min(M, N)"},
    {"orgqr", IR_ORGQR, 2, 1, "(tensor<...xMxNxT>, tensor<...xKxT>) -> tensor<...xMxNxT>, M >= N >= K"},
    {"syevd", IR_SYEVD, 1, 3,
     "(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxR>, tensor<...xi32>), R T's real type (heevd's)"},
    {"gesdd", IR_GESDD, 1, 5, SVD_SIGNATURE},
    {"gesvd", IR_GESVD, 1, 5, SVD_SIGNATURE},
    {"sytrd", IR_SYTRD, 1, 5,
     ("(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxT>, tensor<...xMxT>, tensor<...xMxT>, "
      "tensor<...xi32>), M = N - 1, N >= 1")},
    {"gehrd", IR_GEHRD, 1, 3,
     "(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xMxT>, tensor<...xi32>), M = N - 1, N >= 1"},
    {"gees", IR_GEES, 1, 6,
     ("(tensor<...xNxNxT>) -> (tensor<...xNxNxT>, tensor<...xNxNxT>, tensor<...xNxT>, tensor<...xNxT>, "
      "tensor<...xi32>, tensor<...xi32>)")},
};

/* lapack_{c,z}<routine>_ffi. */
static bool is_lapack_complex(const char *target, const char *routine) {
    return (target[0] && strncmp(target, "lapack_", 7) == 0 && (target[7] == 'c' || target[7] == 'z') &&
            strncmp(target + 8, routine, strlen(routine)) == 0 && strcmp(target + 8 + strlen(routine), "_ffi") == 0);
}

/* The routines read for complex matrices too (c, z): getrf, geqrf, gesdd
 * and gesvd, syevd as heevd (Hermitian), orgqr as ungqr. */
static int lapack_op_of(const char *target) {
    for (size_t i = 0; i < sizeof lapack_ops / sizeof *lapack_ops; i++) {
        ir_opcode code = lapack_ops[i].code;
        if (code == IR_GETRF || code == IR_GEQRF || code == IR_GESDD || code == IR_GESVD
                ? is_lapack_any(target, lapack_ops[i].routine)
                                                 : is_lapack(target, lapack_ops[i].routine) ||
                                                       (code == IR_SYEVD && is_lapack_complex(target, "heevd")) ||
                                                       (code == IR_ORGQR && is_lapack_complex(target, "ungqr")))
            return (int)i;
    }
    return -1;
}

/* The routines whose complex forms are read as the op on the matrix's
 * parts (ir.h: each complex result two in a row) by lower_lapack_parts:
 * `results` spells the kernel's results, a letter each: A a's type, n and
 * m complex vectors of N and N - 1 elements, d and e real ones (R, T's
 * part type), i i32 over the batch. */
static const struct {
    const char *routine;
    ir_opcode code;
    const char *results;
} parts_ops[] = {
    {"geev", IR_GEEV, "nAAi"}, {"gees", IR_GEES, "AAnii"}, {"hetrd", IR_SYTRD, "Ademi"}, {"gehrd", IR_GEHRD, "Ami"},
};

/* lapack_{c,z}<routine>_ffi of parts_ops. */
static int parts_op_of(const char *target) {
    for (size_t i = 0; i < sizeof parts_ops / sizeof *parts_ops; i++)
        if (is_lapack_complex(target, parts_ops[i].routine)) return (int)i;
    return -1;
}

bool fr_jax_custom_call(const char *target) {
    return is_annotation(target) || is_lapack_any(target, "potrf") || is_lapack_any(target, "trsm") ||
           is_lapack(target, "geev") || lapack_op_of(target) >= 0 || parts_op_of(target) >= 0;
}

/* The ASCII code of mhlo.backend_config's `name` (dflt when absent). */
static int config_char(parser *p, const op_desc *d, const attr_list *config, const char *name, int dflt, int *out) {
    const attr_ref *a = fr_attr_find(config, name);
    uint64_t v = (uint64_t)dflt;
    *out = dflt;
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

/* The statement's results are the `count` values from `first` on, made
 * just before it: d becomes their last, a convert of `last` (type t). */
static void bind_in_a_row(op_desc *d, ir_value_id first, int count, ir_value_id last, const ir_type *t) {
    d->code = IR_CONVERT;
    d->in[0].id = last;
    d->out.v[0] = *t;
    d->out.n = 1;
    d->bind_first = first;
    d->bind_count = count;
}

/* info: whether any diagonal element of the factor l (its real part) is
 * not positive (a NaN is not), as i32 over l's batch dims; the statement's op (d) is its
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
    ir_type real = t;   /* the diagonal's (real) type */
    if (ir_dtype_is_complex(t.dtype)) real.dtype = ir_dtype_complex_part(t.dtype);
    ir_op *re = real.dtype == t.dtype ? l : fr_aux_op(p, d, IR_REAL, 1, &l->out[0], &real);
    if (!re) return -1;
    ir_type it = ir_type_make(IR_I32, r, t.dims), bt = ir_type_make(IR_I1, r, t.dims), st = ir_type_scalar(real.dtype);
    ir_type flag = ir_type_make(IR_I1, r - 2, t.dims), bs = ir_type_scalar(IR_I1);
    ir_op *row = fr_aux_op(p, d, IR_IOTA, 0, NULL, &it), *col = fr_aux_op(p, d, IR_IOTA, 0, NULL, &it);
    ir_op *zero = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &st), *no = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &bs);
    if (!row || !col || !zero || !no || !(zero->a.data = mem_calloc(1, ir_type_bytes(&st))) ||
        !(no->a.data = mem_calloc(1, 1)))
        return fr_nomem(p);
    row->a.axis = r - 2, col->a.axis = r - 1;
    ir_value_id rc[2] = {row->out[0], col->out[0]};
    ir_op *diag = fr_aux_op(p, d, IR_COMPARE, 2, rc, &bt);
    ir_op *zeros = diag ? fr_aux_op(p, d, IR_BROADCAST_IN_DIM, 1, &zero->out[0], &real) : NULL;
    if (!zeros) return -1;
    diag->a.cmp = IR_CMP_EQ, diag->a.cmp_type = IR_CMPT_SIGNED;
    ir_value_id lz[2] = {re->out[0], zeros->out[0]};
    ir_op *pos = fr_aux_op(p, d, IR_COMPARE, 2, lz, &bt);
    if (!pos) return -1;
    pos->a.cmp = IR_CMP_GT, pos->a.cmp_type = IR_CMPT_FLOAT;
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
    bind_in_a_row(d, factor->out[0], 2, any->out[0], &info);
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

/* ---- the LAPACK ops ---------------------------------------------------------------------
 * Each becomes its op (ir.h) with the operands and results jaxlib's kernel
 * has; the signature must be exactly that kernel's (lapack_ops' `expected`
 * names it). */

/* The types a LAPACK call's signature is checked against. */
typedef struct lapack_sig {
    ir_type t;          /* operand 0: [B..., M, N] */
    int64_t m, n, k;    /* K = min(M, N) */
} lapack_sig;

/* The element type of a lapack_<p>..._ffi target: s f32, d f64, c
 * complex<f32>, z complex<f64>. */
static ir_dtype target_dtype(const char *target) {
    return target[7] == 's' ? IR_F32 : target[7] == 'd' ? IR_F64 : target[7] == 'c' ? IR_C64 : IR_C128;
}

/* Operand 0 of d is a batch of matrices of the target's type. */
static bool read_sig(parser *p, const op_desc *d, const char *target, lapack_sig *s) {
    s->t = *ir_value_type(p->fn, d->in[0].id);
    ir_dtype want = target_dtype(target);
    if (s->t.rank < 2 || s->t.dtype != want) return false;
    s->m = s->t.dims[s->t.rank - 2], s->n = s->t.dims[s->t.rank - 1];
    s->k = s->m < s->n ? s->m : s->n;
    return true;
}

/* The batch dims of s, then `extra` more dims, of element type t. */
static ir_type sig_type(const lapack_sig *s, ir_dtype t, int extra, int64_t d0, int64_t d1) {
    ir_type r = ir_type_make(t, s->t.rank - 2, s->t.dims);
    int64_t d[2] = {d0, d1};
    for (int i = 0; i < extra; i++) r.dims[r.rank++] = d[i];
    return r;
}

static bool result_is(const op_desc *d, int i, const ir_type *t) { return ir_type_eq(&d->out.v[i], t); }

/* The character attribute `name` of config must be one of `allowed`. */
static int config_choice(parser *p, const op_desc *d, const char *target, const attr_list *config, const char *name,
                         int dflt, const char *allowed, int *out) {
    if (config_char(p, d, config, name, dflt, out)) return -1;
    if (*out && strchr(allowed, *out)) return 0;
    return fr_error(p, d->at, "custom_call @%s: %s = '%c' is not one of %s", target, name, *out > 32 ? *out : '?',
                    allowed);
}

/* gehrd's low and high (1 and N when absent) into d->a.ilo and ihi. */
static int config_range(parser *p, op_desc *d, const attr_list *config) {
    const ir_type *t = ir_value_type(p->fn, d->in[0].id);
    const attr_ref *low = fr_attr_find(config, "low"), *high = fr_attr_find(config, "high");
    d->a.ilo = 1, d->a.ihi = t->rank >= 2 ? t->dims[t->rank - 1] : 0;
    return (low && fr_attr_read_int(p, low, &d->a.ilo)) || (high && fr_attr_read_int(p, high, &d->a.ihi)) ? -1 : 0;
}

/* gehrd's range is LAPACK's: 1 <= ilo <= ihi <= N (checked after the
 * signature, which makes N the matrices' size). */
static int check_range(parser *p, const op_desc *d, const char *target, const lapack_sig *s) {
    if (d->a.ilo >= 1 && d->a.ilo <= d->a.ihi && d->a.ihi <= s->n) return 0;
    return fr_error(p, d->at, "custom_call @%s: low = %lld and high = %lld are not 1 <= low <= high <= N = %lld",
                    target, (long long)d->a.ilo, (long long)d->a.ihi, (long long)s->n);
}

/* The op's attributes from mhlo.backend_config, as jaxlib's kernel reads them. */
static int read_config(parser *p, op_desc *d, const char *target, const attr_list *config, ir_opcode code) {
    int mode = 0, uplo = 'L', rc = 0;
    switch (code) {
    case IR_SYEVD:
        rc = config_choice(p, d, target, config, "mode", 'V', "VN", &mode) ||
             config_choice(p, d, target, config, "uplo", 'L', "LU", &uplo);
        break;
    case IR_GESDD: case IR_GESVD: rc = config_choice(p, d, target, config, "mode", 'A', "ASN", &mode); break;
    case IR_SYTRD: rc = config_choice(p, d, target, config, "uplo", 'L', "LU", &uplo); break;
    case IR_GEHRD: rc = config_range(p, d, config); break;
    case IR_GEES: {
        int sort;
        rc = config_choice(p, d, target, config, "mode", 'V', "VN", &mode) ||
             config_choice(p, d, target, config, "sort", 'N', "N", &sort);
        break;
    }
    case IR_GEEV: {
        int left = 0, right = 0;
        rc = config_choice(p, d, target, config, "compute_left", 'V', "VN", &left) ||
             config_choice(p, d, target, config, "compute_right", 'V', "VN", &right);
        mode = left << 8 | right;
        break;
    }
    default: break;
    }
    d->a.lapack_mode = mode;
    d->a.lower = (code == IR_SYEVD || code == IR_SYTRD) && uplo == 'L';
    return rc ? -1 : 0;
}

/* u and vt of an SVD in `mode` (A: full, S: reduced, N: either). */
static bool svd_results_fit(const op_desc *d, const lapack_sig *s, int mode) {
    ir_dtype t = s->t.dtype;   /* s is real (a complex matrix's: its part type) */
    ir_type sv = sig_type(s, ir_dtype_complex_part(t), 1, s->k, 0), info = sig_type(s, IR_I32, 0, 0, 0);
    ir_type uf = sig_type(s, t, 2, s->m, s->m), vf = sig_type(s, t, 2, s->n, s->n);
    ir_type ur = sig_type(s, t, 2, s->m, s->k), vr = sig_type(s, t, 2, s->k, s->n);
    bool full = result_is(d, 2, &uf) && result_is(d, 3, &vf);
    bool reduced = result_is(d, 2, &ur) && result_is(d, 3, &vr);
    return result_is(d, 1, &sv) && result_is(d, 4, &info) &&
           (mode == 'A' ? full : mode == 'S' ? reduced : full || reduced);
}

/* The results after the first (operand 0's type, checked before) are the kernel's. */
static bool results_fit(parser *p, const op_desc *d, const lapack_sig *s, ir_opcode code) {
    ir_dtype t = s->t.dtype;
    ir_type info = sig_type(s, IR_I32, 0, 0, 0), vec_k = sig_type(s, t, 1, s->k, 0);
    ir_type vec_n = sig_type(s, t, 1, s->n, 0), vec_n1 = sig_type(s, t, 1, s->n - 1, 0);
    bool square = s->m == s->n, reducible = square && s->n >= 1;
    switch (code) {
    case IR_GETRF: {
        ir_type ipiv = sig_type(s, IR_I32, 1, s->k, 0);
        return result_is(d, 1, &ipiv) && result_is(d, 2, &info);
    }
    case IR_GEQRF: return result_is(d, 1, &vec_k);
    case IR_ORGQR: {
        const ir_type *tau = ir_value_type(p->fn, d->in[1].id);
        int64_t k = tau->rank ? tau->dims[tau->rank - 1] : -1;
        ir_type want = sig_type(s, t, 1, k, 0);
        return ir_type_eq(tau, &want) && s->m >= s->n && s->n >= k;
    }
    case IR_SYEVD: {   /* heevd's eigenvalues are real */
        ir_type w = sig_type(s, ir_dtype_complex_part(t), 1, s->n, 0);
        return square && result_is(d, 1, &w) && result_is(d, 2, &info);
    }
    case IR_GESDD: case IR_GESVD: return svd_results_fit(d, s, d->a.lapack_mode);
    case IR_SYTRD:
        return reducible && result_is(d, 1, &vec_n) && result_is(d, 2, &vec_n1) && result_is(d, 3, &vec_n1) &&
               result_is(d, 4, &info);
    case IR_GEHRD: return reducible && result_is(d, 1, &vec_n1) && result_is(d, 2, &info);
    case IR_GEES:
        return square && result_is(d, 1, &s->t) && result_is(d, 2, &vec_n) && result_is(d, 3, &vec_n) &&
               result_is(d, 4, &info) && result_is(d, 5, &info);
    default: return false;
    }
}

static int lower_lapack(parser *p, op_desc *d, const char *target, const attr_list *config, int which) {
    ir_opcode code = lapack_ops[which].code;
    if (want_signature(p, d, target, lapack_ops[which].nin, lapack_ops[which].nout) ||
        read_config(p, d, target, config, code))
        return -1;
    lapack_sig s;
    if (!read_sig(p, d, target, &s) || !result_is(d, 0, &s.t) || !results_fit(p, d, &s, code))
        return fr_error(p, d->at, "custom_call @%s: expected %s with T = %s", target, lapack_ops[which].expected,
                        ir_dtype_name(target_dtype(target)));
    if (code == IR_GEHRD && check_range(p, d, target, &s)) return -1;
    d->code = code;
    return 0;
}

/* geev: arrayjit.geev's seven real results, then the statement's five
 * values in a row (the eigenvalues' parts, each eigenvector matrix made
 * complex, info last: d itself, a convert of it). */
static int lower_geev(parser *p, op_desc *d, const char *target, const attr_list *config) {
    if (want_signature(p, d, target, 1, 5) || read_config(p, d, target, config, IR_GEEV)) return -1;
    lapack_sig s;
    bool fits = read_sig(p, d, target, &s) && s.m == s.n;
    ir_type vec = sig_type(&s, s.t.dtype, 1, s.n, 0), info = sig_type(&s, IR_I32, 0, 0, 0);
    ir_type vecs = s.t;
    vecs.dtype = s.t.dtype == IR_F32 ? IR_C64 : IR_C128;
    if (!fits || !result_is(d, 0, &vec) || !result_is(d, 1, &vec) || !result_is(d, 2, &vecs) ||
        !result_is(d, 3, &vecs) || !result_is(d, 4, &info))
        return fr_error(p, d->at,
                        "custom_call @%s: expected (tensor<...xNxNxT>) -> (tensor<...xNxT>, tensor<...xNxT>, "
                        "tensor<...xNxNxcomplex<T>>, tensor<...xNxNxcomplex<T>>, tensor<...xi32>) with T = %s",
                        target, ir_dtype_name(target_dtype(target)));
    ir_type parts[7] = {vec, vec, s.t, s.t, s.t, s.t, info};
    ir_op *geev = fr_aux_ops(p, d, IR_GEEV, 1, &d->in[0].id, 7, parts);
    if (!geev) return -1;
    geev->a.lapack_mode = d->a.lapack_mode;
    ir_op *wr = fr_aux_op(p, d, IR_CONVERT, 1, &geev->out[0], &vec);
    ir_op *wi = wr ? fr_aux_op(p, d, IR_CONVERT, 1, &geev->out[1], &vec) : NULL;
    ir_op *vl = wi ? fr_aux_op(p, d, IR_COMPLEX, 2, &geev->out[2], &vecs) : NULL;
    ir_op *vr = vl ? fr_aux_op(p, d, IR_COMPLEX, 2, &geev->out[4], &vecs) : NULL;
    if (!vr) return -1;
    bind_in_a_row(d, wr->out[0], 5, geev->out[6], &info);
    return 0;
}

/* The type of parts_ops' result letter c, for a complex a (s). */
static ir_type parts_result_type(const lapack_sig *s, char c) {
    ir_dtype part = ir_dtype_complex_part(s->t.dtype);
    switch (c) {
    case 'A': return s->t;
    case 'n': return sig_type(s, s->t.dtype, 1, s->n, 0);
    case 'm': return sig_type(s, s->t.dtype, 1, s->n - 1, 0);
    case 'd': return sig_type(s, part, 1, s->n, 0);
    case 'e': return sig_type(s, part, 1, s->n - 1, 0);
    default: return sig_type(s, IR_I32, 0, 0, 0);
    }
}

/* The signature `results` spells, as error messages name it. */
static void parts_signature(const char *results, char *out, size_t size) {
    size_t at = (size_t)snprintf(out, size, "(tensor<...xNxNxT>) -> (");
    for (const char *c = results; *c && at < size; c++) {
        const char *t = *c == 'A' ? "NxNxT" : *c == 'n' ? "NxT" : *c == 'm' ? "MxT" : *c == 'd' ? "NxR"
                        : *c == 'e' ? "MxR" : "i32";
        at += (size_t)snprintf(out + at, size - at, "%stensor<...x%s>", c == results ? "" : ", ", t);
    }
    if (at < size)
        snprintf(out + at, size - at, ")%s%s", strpbrk(results, "me") ? ", M = N - 1, N >= 1" : "",
                 strpbrk(results, "de") ? ", R T's real type" : "");
}

/* A complex form of parts_ops[which]: the op on real(a) and imag(a),
 * then the statement's results in a row, each complex one made of its two
 * parts (ir.h), info last (d itself, a convert of it). */
static int lower_lapack_parts(parser *p, op_desc *d, const char *target, const attr_list *config, int which) {
    ir_opcode code = parts_ops[which].code;
    const char *results = parts_ops[which].results;
    int nout = (int)strlen(results);
    if (want_signature(p, d, target, 1, nout) || read_config(p, d, target, config, code)) return -1;
    lapack_sig s;
    bool fits = read_sig(p, d, target, &s) && s.m == s.n && (s.n >= 1 || code == IR_GEEV || code == IR_GEES);
    for (int i = 0; fits && i < nout; i++) {
        ir_type t = parts_result_type(&s, results[i]);
        fits = result_is(d, i, &t);
    }
    if (!fits) {
        char sig[256];
        parts_signature(results, sig, sizeof sig);
        return fr_error(p, d->at, "custom_call @%s: expected %s with T = %s", target, sig,
                        ir_dtype_name(target_dtype(target)));
    }
    if (code == IR_GEHRD && check_range(p, d, target, &s)) return -1;
    ir_type part = s.t, types[8], info = d->out.v[nout - 1];
    part.dtype = ir_dtype_complex_part(s.t.dtype);
    int n = 0;
    for (int i = 0; i < nout; i++) {
        ir_type t = parts_result_type(&s, results[i]);
        bool complex = ir_dtype_is_complex(t.dtype);
        if (complex) t.dtype = part.dtype, types[n++] = t;
        types[n++] = t;
    }
    ir_op *re = fr_aux_op(p, d, IR_REAL, 1, &d->in[0].id, &part);
    ir_op *im = re ? fr_aux_op(p, d, IR_IMAG, 1, &d->in[0].id, &part) : NULL;
    ir_value_id a[2] = {re ? re->out[0] : -1, im ? im->out[0] : -1};
    ir_op *op = im ? fr_aux_ops(p, d, code, 2, a, n, types) : NULL;
    if (!op) return -1;
    op->a.lapack_mode = d->a.lapack_mode, op->a.lower = d->a.lower, op->a.ilo = d->a.ilo, op->a.ihi = d->a.ihi;
    ir_value_id first = -1;
    int k = 0;
    for (int i = 0; i < nout - 1; i++, k++) {
        ir_type t = parts_result_type(&s, results[i]);
        bool complex = ir_dtype_is_complex(t.dtype);
        ir_op *r = fr_aux_op(p, d, complex ? IR_COMPLEX : IR_CONVERT, complex ? 2 : 1, &op->out[k], &t);
        if (!r) return -1;
        if (i == 0) first = r->out[0];
        k += complex;
    }
    bind_in_a_row(d, first, nout, op->out[k], &info);
    return 0;
}

/* gehrd's generic properties: `<{ilo = 1, ihi = 4}>`. */
static int read_range_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    return !(a = fr_attr_require(p, attrs, "ilo", d->at)) || fr_attr_read_int(p, a, &d->a.ilo) ||
                   !(a = fr_attr_require(p, attrs, "ihi", d->at)) || fr_attr_read_int(p, a, &d->a.ihi)
               ? -1
               : 0;
}

/* A one-character string property (a LAPACK job argument) into *out. */
static int read_char_attr(parser *p, const op_desc *d, const attr_list *attrs, const char *name, int *out) {
    const attr_ref *a = fr_attr_require(p, attrs, name, d->at);
    char *s = NULL;
    if (!a || fr_attr_read_string(p, a, &s)) return -1;
    bool one = strlen(s) == 1;
    *out = one ? (unsigned char)s[0] : 0;
    mem_free(s);
    return one ? 0 : fr_error(p, a->value.tok.at, "%s: %s must be one character", ir_op_name(d->code), name);
}

/* The generic form's properties of syevd (mode, lower), gesdd, gesvd and
 * gees (mode), sytrd (lower), gehrd (ilo, ihi) and geev (jobvl, jobvr):
 * `<{mode = "V", lower = true}>`, as the printer writes them. */
int fr_read_lapack_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    if (d->code == IR_GEHRD) return read_range_attrs(p, d, attrs);
    if (d->code == IR_SYTRD)
        return !(a = fr_attr_require(p, attrs, "lower", d->at)) || fr_attr_read_bool(p, a, &d->a.lower) ? -1 : 0;
    if (d->code == IR_GEEV) {
        int left, right;
        if (read_char_attr(p, d, attrs, "jobvl", &left) || read_char_attr(p, d, attrs, "jobvr", &right)) return -1;
        d->a.lapack_mode = left << 8 | right;
        return 0;
    }
    if (read_char_attr(p, d, attrs, "mode", &d->a.lapack_mode)) return -1;
    if (d->code != IR_SYEVD) return 0;
    return !(a = fr_attr_require(p, attrs, "lower", d->at)) || fr_attr_read_bool(p, a, &d->a.lower) ? -1 : 0;
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
    int which = lapack_op_of(target), parts = parts_op_of(target);
    if (!rc)
        rc = which >= 0                  ? lower_lapack(p, d, target, &config, which)
             : parts >= 0                ? lower_lapack_parts(p, d, target, &config, parts)
             : is_lapack_any(target, "potrf") ? lower_potrf(p, d, target, &config)
             : is_lapack(target, "geev")  ? lower_geev(p, d, target, &config)
                                          : lower_trsm(p, d, target, &config);
    fr_attr_list_free(&config);
    return rc ? -1 : 0;
}
