/* parse_op_linalg.c: dot_general's, cholesky's and fft's pretty syntax;
 * triangular_solve's and fft's generic attributes. */
#include "front_internal.h"

/* `[..] x [..]` */
static int parse_dims_pair(parser *p, ir_ints *lhs, ir_ints *rhs) {
    return expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, lhs) || expect_word(p, "x", "'x' between the lists") ||
           fr_parse_int_list(p, rhs);
}

/* `%a, %b (, batching_dims = [..] x [..])? (, contracting_dims = [..] x [..])?
 *  (, precision = [..])? (, algorithm = <..>)? attr-dict? : (A, B) -> R`.
 * precision and algorithm do not change results in this implementation. */
int fr_parse_dot_general(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d)) return -1;
    while (accept(p, TK_COMMA)) {
        int rc;
        if (accept_word(p, "batching_dims"))
            rc = parse_dims_pair(p, &d->a.lhs_batch, &d->a.rhs_batch);
        else if (accept_word(p, "contracting_dims"))
            rc = parse_dims_pair(p, &d->a.lhs_contract, &d->a.rhs_contract);
        else if (accept_word(p, "precision") || accept_word(p, "algorithm"))
            rc = expect(p, TK_EQUAL, "'='") ||
                 (at(p, TK_LBRACKET) || at(p, TK_LESS) ? fr_skip_balanced(p) : fr_expected(p, "'[' or '<'"));
        else
            rc = fr_expected(p, "batching_dims, contracting_dims, precision or algorithm");
        if (rc) return -1;
    }
    return fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `%a, lower = true attr-dict? : T` (lower defaults to false). */
int fr_parse_cholesky(parser *p, op_desc *d) {
    if (fr_parse_operand(p, d)) return -1;
    if (accept(p, TK_COMMA)) {
        int64_t lower;
        if (expect_word(p, "lower", "'lower'") || expect(p, TK_EQUAL, "'='")) return -1;
        if (accept_word(p, "true")) lower = 1;
        else if (accept_word(p, "false")) lower = 0;
        else return fr_expected(p, "true or false");
        d->a.lower = lower != 0;
    }
    return fr_skip_attr_dict(p) || fr_sig_same(p, d);
}

/* A boolean attribute that must be present. */
static int read_required_bool(parser *p, op_desc *d, const attr_list *attrs, const char *name, bool *out) {
    const attr_ref *a = fr_attr_require(p, attrs, name, d->at);
    return !a || fr_attr_read_bool(p, a, out);
}

/* triangular_solve: left_side, lower, unit_diagonal, transpose_a. */
int fr_read_triangular_solve_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    return read_required_bool(p, d, attrs, "left_side", &d->a.left_side) ||
           read_required_bool(p, d, attrs, "lower", &d->a.lower) ||
           read_required_bool(p, d, attrs, "unit_diagonal", &d->a.unit_diagonal) ||
           !(a = fr_attr_require(p, attrs, "transpose_a", d->at)) || fr_attr_read_transpose(p, a, &d->a.transpose_a);
}

/* fft's type word: FFT, IFFT, RFFT or IRFFT. */
int fr_parse_fft_type(parser *p, ir_fft_type *out) {
    static const char *const words[] = {"FFT", "IFFT", "RFFT", "IRFFT"};
    for (int i = 0; i < 4; i++)
        if (accept_word(p, words[i])) {
            *out = (ir_fft_type)i;
            return 0;
        }
    return fr_expected(p, "FFT, IFFT, RFFT or IRFFT");
}

/* `%a, type = RFFT, length = [8] attr-dict? : (T) -> R` */
int fr_parse_fft(parser *p, op_desc *d) {
    return fr_parse_operand(p, d) || expect(p, TK_COMMA, "','") || expect_word(p, "type", "'type'") ||
           expect(p, TK_EQUAL, "'='") || fr_parse_fft_type(p, &d->a.fft_type) || expect(p, TK_COMMA, "','") ||
           expect_word(p, "length", "'length'") || expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, &d->a.dims) ||
           fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* fft's and arrayjit.fft's `fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>`. */
int fr_read_fft_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    return !(a = fr_attr_require(p, attrs, "fft_type", d->at)) || fr_attr_read_fft_type(p, a, &d->a.fft_type) ||
                   !(a = fr_attr_require(p, attrs, "fft_length", d->at)) || fr_attr_read_ints(p, a, &d->a.dims)
               ? -1
               : 0;
}

/* A dot_general of two different float types (JAX exports f8E4M3FN x
 * f8E5M2 as it is, for fp8 training) takes both operands converted
 * exactly to f32 (f64 when either is f64), where every product of two
 * narrow floats is exact; the result keeps its declared type. */
static int unify_dot_operands(parser *p, op_desc *d) {
    if (d->nin != 2) return 0;   /* fr_emit reports the arity */
    ir_dtype a = ir_value_type(p->fn, d->in[0].id)->dtype, b = ir_value_type(p->fn, d->in[1].id)->dtype;
    if (a == b || !ir_dtype_is_float(a) || !ir_dtype_is_float(b)) return 0;   /* the verifier reports mixed kinds */
    ir_dtype common = a == IR_F64 || b == IR_F64 ? IR_F64 : IR_F32;
    for (int i = 0; i < 2; i++) {
        ir_type t = *ir_value_type(p->fn, d->in[i].id);
        if (t.dtype == common) continue;
        t.dtype = common;
        ir_op *up = fr_aux_op(p, d, IR_CONVERT, 1, &d->in[i].id, &t);
        if (!up) return -1;
        d->in[i].id = up->out[0];
    }
    return 0;
}

/* cholesky and triangular_solve of a float type narrower than f32 (f16,
 * bf16, the f8s) run in f32, the narrowest LAPACK takes: the operands
 * converted up exactly, the result rounded once back by the statement's
 * op, a convert. A dot_general of mixed float types: unify_dot_operands. */
int fr_widen_linalg(parser *p, op_desc *d) {
    if (d->code == IR_DOT_GENERAL) return unify_dot_operands(p, d);
    if ((d->code != IR_CHOLESKY && d->code != IR_TRIANGULAR_SOLVE) || d->out.n != 1) return 0;
    ir_type t = d->out.v[0];
    if (!ir_dtype_is_float(t.dtype) || ir_dtype_bits(t.dtype) >= 32) return 0;
    ir_value_id wide_in[2];
    for (int i = 0; i < d->nin && i < 2; i++) {
        ir_type w = *ir_value_type(p->fn, d->in[i].id);
        if (w.dtype != t.dtype) return 0;   /* the verifier reports it */
        w.dtype = IR_F32;
        ir_op *up = fr_aux_op(p, d, IR_CONVERT, 1, &d->in[i].id, &w);
        if (!up) return -1;
        wide_in[i] = up->out[0];
    }
    ir_type wide = t;
    wide.dtype = IR_F32;
    ir_op *op = fr_aux_op(p, d, d->code, d->nin, wide_in, &wide);
    if (!op) return -1;
    op->a = d->a;
    d->a = (ir_attrs){0};
    d->code = IR_CONVERT;
    d->nin = 1;
    d->in[0].id = op->out[0];
    return 0;
}
