/* lower_complex.c: complex values as pairs of real ones.
 *
 * The stages after the front end know real element types only. A function
 * that touches complex<f32> or complex<f64> values is rebuilt here, as the
 * front end's last step, with every complex value of shape S replaced by
 * two f32 (f64) values of shape S, its real and imaginary parts, and every
 * op on complex values by ops on the parts (the reference interpreter's
 * semantics, stablehlo/reference/Element.cpp):
 *
 *   add, subtract, negate, select, convert and the ops that move elements
 *     (reshape, transpose, slice, broadcast, concatenate, pad, gather, ...)
 *     on each part;
 *   multiply (ac - bd, ad + bc) in the element type;
 *   maximum, minimum lexicographically (real parts, then imaginary parts);
 *   compare EQ both parts equal, NE either differs;
 *   dot_general as four real products (AC - BD, AD + BC);
 *   divide, power and the functions of one complex number (exp, log,
 *     sqrt, tanh, abs, ...) as arrayjit.complex_part ops, computed in double
 *     complex arithmetic and rounded (src/util/complex_math.h);
 *   sign, logistic and atan2 composed of those, as the reference does;
 *   reduce, reduce_window, scatter, sort, map, while, if, case, calls and
 *     returns with each complex operand, result and region argument
 *     replaced by its two parts, in place (sort's comparator takes
 *     (lhs, rhs) per operand, so a complex operand's four arguments are
 *     lhs.re, rhs.re, lhs.im, rhs.im);
 *   fft as arrayjit.fft on the parts (ir.h; computed in double:
 *     src/util/fft.h);
 *   cholesky and triangular_solve as arrayjit.cholesky and
 *     arrayjit.triangular_solve on the parts, arrayjit.getrf and
 *     arrayjit.syevd (heevd) with the parts as their operands (LAPACK's
 *     complex routines);
 *   bitcast_convert and the checks on the values interleaved (the checks
 *     compare per part, as the reference's expect_almost_eq and
 *     expect_close do).
 *
 * At the boundary of a public function a complex parameter or result of
 * shape S is one real tensor of shape S x 2 (its parts interleaved: the
 * bytes of the complex tensor), split into the parts on entry and joined on
 * return; private functions take and return the parts. Ops the lowering
 * does not know on complex values are DIAG_UNSUPPORTED, naming the op.
 *
 * The input is parsed and not yet verified: every operand, result and
 * region count is checked before it is read, and the rebuilt function goes
 * to the verifier like any other. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

/* A value of the source function in the rebuilt one: its parts, or (im < 0)
 * the real value re. */
typedef struct parts {
    ir_value_id re, im;
} parts;

typedef struct lowering {
    ir_module *m;
    const ir_func *src;
    ir_func *dst;
    parts *map;      /* per source value id */
    ir_block *b;     /* receives the ops made */
    const ir_op *op; /* the source op: its location and marks go on every op made */
    diag *d;
} lowering;

/* ---- errors ------------------------------------------------------------------------ */

static int fail(lowering *lw, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(lowering *lw, int code, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const ir_loc *l = lw->op ? &lw->op->loc : &lw->src->loc;
    const char *what = lw->op && (unsigned)lw->op->code < IR_OPCODE_COUNT ? ir_op_name(lw->op->code) : "function";
    return diag_set(lw->d, code, "%s:%d:%d: %s: %s", l->file ? l->file : "<input>", l->line, l->col, what, msg);
}

static int nomem(lowering *lw) { return fail(lw, DIAG_NOMEM, "out of memory"); }

/* ---- types ------------------------------------------------------------------------- */

static const ir_type *src_type(const lowering *lw, ir_value_id v) { return &lw->src->values[v].type; }
static bool is_complex(const ir_type *t) { return ir_dtype_is_complex(t->dtype); }
static bool src_complex(const lowering *lw, ir_value_id v) { return is_complex(src_type(lw, v)); }

static ir_type part_type(const ir_type *t) {
    ir_type p = *t;
    p.dtype = ir_dtype_complex_part(t->dtype);
    return p;
}

/* By value: making an op may move the value table. */
static ir_type dst_type(const lowering *lw, ir_value_id v) { return lw->dst->values[v].type; }

/* ---- making ops -------------------------------------------------------------------- */

/* Appends an op of nout results of types t, with the source op's location
 * and marks; NULL after reporting. */
static ir_op *make_n(lowering *lw, ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_type *t) {
    ir_op *op = ir_op_append(lw->dst, lw->b, code, nin, in, nout, t);
    if (!op) return nomem(lw), NULL;
    if (!lw->op) {   /* a parameter's split, before the body's first op */
        op->loc = lw->src->loc;
        return op;
    }
    op->loc = lw->op->loc;
    op->checkpoint = lw->op->checkpoint;
    op->backward = lw->op->backward;
    return op;
}

/* Appends an op of one result of type t. */
static ir_op *make(lowering *lw, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t) {
    return make_n(lw, code, nin, in, 1, t);
}

static ir_value_id make1(lowering *lw, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t) {
    ir_op *op = make(lw, code, nin, in, t);
    return op ? op->out[0] : -1;
}

static ir_value_id unary(lowering *lw, ir_opcode code, ir_value_id x) {
    if (x < 0) return -1;
    ir_type t = dst_type(lw, x);
    return make1(lw, code, 1, &x, &t);
}

static ir_value_id binary(lowering *lw, ir_opcode code, ir_value_id a, ir_value_id b) {
    if (a < 0 || b < 0) return -1;
    ir_value_id in[2] = {a, b};
    ir_type t = dst_type(lw, a);
    return make1(lw, code, 2, in, &t);
}

static ir_value_id compare(lowering *lw, ir_cmp_dir dir, ir_value_id a, ir_value_id b) {
    if (a < 0 || b < 0) return -1;
    ir_type t = dst_type(lw, a);
    t.dtype = IR_I1;
    ir_value_id in[2] = {a, b};
    ir_op *op = make(lw, IR_COMPARE, 2, in, &t);
    if (!op) return -1;
    op->a.cmp = dir;
    op->a.cmp_type = IR_CMPT_FLOAT;
    return op->out[0];
}

static ir_value_id select(lowering *lw, ir_value_id pred, ir_value_id a, ir_value_id b) {
    if (pred < 0 || a < 0 || b < 0) return -1;
    ir_value_id in[3] = {pred, a, b};
    ir_type t = dst_type(lw, a);
    return make1(lw, IR_SELECT, 3, in, &t);
}

/* A tensor of type t holding v everywhere: a scalar constant, broadcast. */
static ir_value_id splat(lowering *lw, ir_type t, double v) {
    ir_type scalar = ir_type_scalar(t.dtype);
    ir_op *c = make(lw, IR_CONSTANT, 0, NULL, &scalar);
    if (!c) return -1;
    if (!(c->a.data = mem_calloc(1, ir_dtype_size(t.dtype)))) return nomem(lw), -1;
    fr_store_number(t.dtype, v, 0, c->a.data);
    return t.rank == 0 ? c->out[0] : make1(lw, IR_BROADCAST_IN_DIM, 1, &c->out[0], &t);
}

static ir_value_id zeros_like(lowering *lw, ir_value_id x) { return x < 0 ? -1 : splat(lw, dst_type(lw, x), 0.0); }

static ir_value_id complex_part(lowering *lw, ir_opcode fn, bool imag, int n, const ir_value_id *in) {
    for (int i = 0; i < n; i++)
        if (in[i] < 0) return -1;
    ir_type t = dst_type(lw, in[0]);
    ir_op *op = make(lw, IR_COMPLEX_PART, n, in, &t);
    if (!op) return -1;
    op->a.complex_fn = fn;
    op->a.complex_imag = imag;
    return op->out[0];
}

/* Both parts of complex function fn of z (and w, for divide and power). */
static parts complex_fn(lowering *lw, ir_opcode fn, parts z, const parts *w) {
    ir_value_id in[4] = {z.re, z.im, w ? w->re : -1, w ? w->im : -1};
    int n = w ? 4 : 2;
    return (parts){complex_part(lw, fn, false, n, in), complex_part(lw, fn, true, n, in)};
}

/* ---- complex arithmetic in the element type (the reference's Element ops) ----------------- */

static parts add(lowering *lw, parts a, parts b) {
    return (parts){binary(lw, IR_ADD, a.re, b.re), binary(lw, IR_ADD, a.im, b.im)};
}

static parts multiply(lowering *lw, parts a, parts b) {
    ir_value_id re = binary(lw, IR_SUBTRACT, binary(lw, IR_MULTIPLY, a.re, b.re), binary(lw, IR_MULTIPLY, a.im, b.im));
    ir_value_id im = binary(lw, IR_ADD, binary(lw, IR_MULTIPLY, a.re, b.im), binary(lw, IR_MULTIPLY, a.im, b.re));
    return (parts){re, im};
}

static parts constant_like(lowering *lw, ir_value_id shape_of, double re, double im) {
    if (shape_of < 0) return (parts){-1, -1};
    ir_type t = dst_type(lw, shape_of);
    return (parts){splat(lw, t, re), splat(lw, t, im)};
}

static bool made(parts p) { return p.re >= 0 && p.im >= 0; }

/* ---- the boundary: S x 2 interleaved <-> parts ----------------------------------------- */

/* x's dims with a trailing 2 (a complex tensor as its parts interleaved). */
static int interleaved_type(lowering *lw, const ir_type *t, ir_type *out) {
    if (t->rank >= IR_MAX_RANK)
        return fail(lw, DIAG_UNSUPPORTED, "unsupported complex tensor of rank %d at a function boundary (it "
                                          "travels as a real tensor of rank %d)", t->rank, t->rank + 1);
    *out = part_type(t);
    out->dims[out->rank++] = 2;
    return 0;
}

/* The two halves of v (of type S x 2, S = t's dims). */
static int split_interleaved(lowering *lw, ir_value_id v, const ir_type *t, parts *out) {
    ir_type half = part_type(t), part = part_type(t);
    half.dims[half.rank++] = 1;
    ir_value_id got[2];
    for (int k = 0; k < 2; k++) {
        int64_t start[IR_MAX_RANK] = {0}, limit[IR_MAX_RANK], stride[IR_MAX_RANK];
        for (int i = 0; i < t->rank; i++) limit[i] = t->dims[i], stride[i] = 1;
        start[t->rank] = k, limit[t->rank] = k + 1, stride[t->rank] = 1;
        ir_op *s = make(lw, IR_SLICE, 1, &v, &half);
        if (!s) return -1;
        if (ir_ints_set(&s->a.start, half.rank, start) || ir_ints_set(&s->a.limit, half.rank, limit) ||
            ir_ints_set(&s->a.stride, half.rank, stride))
            return nomem(lw);
        if ((got[k] = make1(lw, IR_RESHAPE, 1, &s->out[0], &part)) < 0) return -1;
    }
    *out = (parts){got[0], got[1]};
    return 0;
}

/* The parts of a complex tensor of type t as one S x 2 tensor. */
static ir_value_id join_interleaved(lowering *lw, parts p, const ir_type *t) {
    ir_type both, half = part_type(t);
    if (interleaved_type(lw, t, &both)) return -1;
    half.dims[half.rank++] = 1;
    ir_value_id in[2] = {make1(lw, IR_RESHAPE, 1, &p.re, &half), make1(lw, IR_RESHAPE, 1, &p.im, &half)};
    if (in[0] < 0 || in[1] < 0) return -1;
    ir_op *c = make(lw, IR_CONCATENATE, 2, in, &both);
    if (!c) return -1;
    c->a.axis = t->rank;
    return c->out[0];
}

/* ---- operands and results ---------------------------------------------------------------- */

static parts src_parts(const lowering *lw, ir_value_id v) { return lw->map[v]; }

/* Operand i of the source op, which must be complex (or real). */
static int complex_operand(lowering *lw, int i, parts *out) {
    if (i >= lw->op->nin) return fail(lw, DIAG_INVALID, "expected at least %d operands, got %d", i + 1, lw->op->nin);
    if (!src_complex(lw, lw->op->in[i]))
        return fail(lw, DIAG_INVALID, "operand %d is of a real type where a complex one is expected", i);
    *out = src_parts(lw, lw->op->in[i]);
    return 0;
}

static int real_operand(lowering *lw, int i, ir_value_id *out) {
    if (i >= lw->op->nin) return fail(lw, DIAG_INVALID, "expected at least %d operands, got %d", i + 1, lw->op->nin);
    if (src_complex(lw, lw->op->in[i]))
        return fail(lw, DIAG_INVALID, "operand %d is complex where a real type is expected", i);
    *out = src_parts(lw, lw->op->in[i]).re;
    return 0;
}

/* An operand that is complex or real, as parts (a real one with no im). */
static int any_operand(lowering *lw, int i, parts *out) {
    if (i >= lw->op->nin) return fail(lw, DIAG_INVALID, "expected at least %d operands, got %d", i + 1, lw->op->nin);
    *out = src_parts(lw, lw->op->in[i]);
    return 0;
}

static int want_counts(lowering *lw, int nin, int nout) {
    if (lw->op->nin != nin || lw->op->nout != nout)
        return fail(lw, DIAG_INVALID, "expected %d operand%s and %d result%s, got %d and %d", nin, nin == 1 ? "" : "s",
                    nout, nout == 1 ? "" : "s", lw->op->nin, lw->op->nout);
    return 0;
}

/* The single result is complex with parts of p's type: record it. */
static int bind_complex(lowering *lw, parts p) {
    if (!made(p)) return -1;
    ir_value_id r = lw->op->out[0];
    if (!src_complex(lw, r)) return fail(lw, DIAG_INVALID, "the result is of a real type where a complex one is expected");
    ir_type want = part_type(src_type(lw, r));
    ir_type got = dst_type(lw, p.re);
    if (!ir_type_eq(&got, &want)) {
        char a[128], b[128];
        return fail(lw, DIAG_INVALID, "the result's parts are %s, its type says %s", ir_type_str(&got, a, sizeof a),
                    ir_type_str(&want, b, sizeof b));
    }
    lw->map[r] = p;
    return 0;
}

static int bind_real(lowering *lw, ir_value_id v) {
    if (v < 0) return -1;
    lw->map[lw->op->out[0]] = (parts){v, -1};
    return 0;
}

/* ---- the rules -------------------------------------------------------------------------- */

static int lower_block(lowering *lw, const ir_block *src, ir_block *dst, bool sort_comparator, bool boundary);

/* The source op again with its operands, results and region arguments
 * replaced by their parts in place (each complex one by two). */
static int copy_expanded(lowering *lw) {
    const ir_op *op = lw->op;
    int nin = 0, nout = 0, rc = 0;
    ir_value_id *in = mem_calloc((size_t)op->nin * 2 + 1, sizeof *in);
    ir_type *out = mem_calloc((size_t)op->nout * 2 + 1, sizeof *out);
    if (!in || !out) rc = nomem(lw);
    for (int i = 0; !rc && i < op->nin; i++) {
        parts p = src_parts(lw, op->in[i]);
        in[nin++] = p.re;
        if (p.im >= 0) in[nin++] = p.im;
    }
    for (int i = 0; !rc && i < op->nout; i++) {
        const ir_type *t = src_type(lw, op->out[i]);
        out[nout++] = part_type(t);
        if (is_complex(t)) out[nout++] = part_type(t);
    }
    ir_op *copy = rc ? NULL : ir_op_append(lw->dst, lw->b, op->code, nin, in, nout, out);
    if (!rc && !copy) rc = nomem(lw);
    if (!rc) {
        copy->loc = op->loc, copy->checkpoint = op->checkpoint, copy->backward = op->backward;
        size_t data = op->code == IR_CONSTANT && op->nout == 1 ? ir_type_bytes(src_type(lw, op->out[0])) : 0;
        if (ir_attrs_copy(&copy->a, &op->a, data)) rc = nomem(lw);
    }
    for (int i = 0, k = 0; !rc && i < op->nout; i++) {
        bool cx = is_complex(src_type(lw, op->out[i]));
        lw->map[op->out[i]] = (parts){copy->out[k], cx ? copy->out[k + 1] : -1};
        k += cx ? 2 : 1;
    }
    for (int r = 0; !rc && r < op->nregions; r++) {
        ir_block *region = ir_op_add_region(copy);
        if (!region) rc = nomem(lw);
        else rc = lower_block(lw, op->regions[r], region, op->code == IR_SORT, false);
        lw->op = op;
    }
    mem_free(in);
    mem_free(out);
    return rc;
}

/* Whether operand i of an op applied to each part is one of its complex
 * data (else an index, a predicate: the same for both parts). */
static bool is_data_operand(ir_opcode code, int i) {
    switch (code) {
    case IR_SELECT: return i >= 1;
    case IR_DYNAMIC_SLICE: case IR_GATHER: return i == 0;
    case IR_DYNAMIC_UPDATE_SLICE: return i <= 1;
    default: return true;
    }
}

/* The op once per part, on the operands' parts (dtype: the result part's). */
static int partwise(lowering *lw) {
    const ir_op *op = lw->op;
    if (op->nout != 1) return want_counts(lw, op->nin, 1);
    if (!src_complex(lw, op->out[0])) return fail(lw, DIAG_INVALID, "on complex operands it has a complex result");
    ir_type t = part_type(src_type(lw, op->out[0]));
    ir_value_id *in = mem_calloc((size_t)op->nin + 1, sizeof *in), got[2] = {-1, -1};
    int rc = in ? 0 : nomem(lw);
    for (int k = 0; !rc && k < 2; k++) {
        for (int i = 0; !rc && i < op->nin; i++) {
            parts p;
            if (is_data_operand(op->code, i)) rc = complex_operand(lw, i, &p), in[i] = k ? p.im : p.re;
            else rc = real_operand(lw, i, &in[i]);
        }
        ir_op *copy = rc ? NULL : make(lw, op->code, op->nin, in, &t);
        if (!rc && !copy) rc = -1;
        if (!rc && ir_attrs_copy(&copy->a, &op->a, 0)) rc = nomem(lw);
        if (!rc) got[k] = copy->out[0];
    }
    mem_free(in);
    return rc ? rc : bind_complex(lw, (parts){got[0], got[1]});
}

static int lower_constant(lowering *lw) {
    const ir_op *op = lw->op;
    if (want_counts(lw, 0, 1)) return -1;
    if (!op->a.data) return fail(lw, DIAG_INVALID, "a constant without a value");
    ir_type t = part_type(src_type(lw, op->out[0]));
    size_t size = ir_dtype_size(t.dtype);
    int64_t n = ir_type_numel(&t);
    ir_value_id got[2];
    for (int k = 0; k < 2; k++) {
        ir_op *c = make(lw, IR_CONSTANT, 0, NULL, &t);
        if (!c) return -1;
        if (!(c->a.data = mem_calloc((size_t)n * size + 1, 1))) return nomem(lw);
        for (int64_t e = 0; e < n; e++)
            memcpy((char *)c->a.data + (size_t)e * size, (const char *)op->a.data + ((size_t)e * 2 + (size_t)k) * size,
                   size);
        got[k] = c->out[0];
    }
    return bind_complex(lw, (parts){got[0], got[1]});
}

static int lower_iota(lowering *lw) {
    if (want_counts(lw, 0, 1)) return -1;
    ir_type t = part_type(src_type(lw, lw->op->out[0]));
    ir_op *re = make(lw, IR_IOTA, 0, NULL, &t);
    if (!re) return -1;
    re->a.axis = lw->op->a.axis;
    return bind_complex(lw, (parts){re->out[0], zeros_like(lw, re->out[0])});
}

/* real(x), imag(x): a part; of a real x, x and zeros. complex(re, im). */
static int lower_parts_op(lowering *lw) {
    const ir_op *op = lw->op;
    parts x = {-1, -1};
    if (op->code == IR_COMPLEX) {
        ir_value_id re, im;
        if (want_counts(lw, 2, 1) || real_operand(lw, 0, &re) || real_operand(lw, 1, &im)) return -1;
        return bind_complex(lw, (parts){re, im});
    }
    if (want_counts(lw, 1, 1) || any_operand(lw, 0, &x)) return -1;
    if (src_complex(lw, op->out[0])) return fail(lw, DIAG_INVALID, "the result is complex where a real type is expected");
    if (x.im < 0) return bind_real(lw, op->code == IR_REAL ? x.re : zeros_like(lw, x.re));
    return bind_real(lw, op->code == IR_REAL ? x.re : x.im);
}

/* Complex to complex: each part; real to complex: the real part, imaginary
 * 0; complex to real: the real part converted. */
static int lower_convert(lowering *lw) {
    const ir_op *op = lw->op;
    parts x = {-1, -1};
    if (want_counts(lw, 1, 1) || any_operand(lw, 0, &x)) return -1;
    const ir_type *rt = src_type(lw, op->out[0]);
    ir_type t = part_type(rt);
    if (!is_complex(rt)) return bind_real(lw, make1(lw, IR_CONVERT, 1, &x.re, &t));
    ir_value_id re = make1(lw, IR_CONVERT, 1, &x.re, &t);
    ir_value_id im = x.im >= 0 ? make1(lw, IR_CONVERT, 1, &x.im, &t) : zeros_like(lw, re);
    return bind_complex(lw, (parts){re, im});
}

static int two_complex(lowering *lw, parts *a, parts *b) {
    return want_counts(lw, 2, 1) || complex_operand(lw, 0, a) || complex_operand(lw, 1, b);
}

static int lower_multiply(lowering *lw) {
    parts a = {-1, -1}, b = {-1, -1};
    return two_complex(lw, &a, &b) ? -1 : bind_complex(lw, multiply(lw, a, b));
}

static int lower_binary_fn(lowering *lw) {
    parts a = {-1, -1}, b = {-1, -1};
    return two_complex(lw, &a, &b) ? -1 : bind_complex(lw, complex_fn(lw, lw->op->code, a, &b));
}

static int lower_unary_fn(lowering *lw) {
    parts x = {-1, -1};
    if (want_counts(lw, 1, 1) || complex_operand(lw, 0, &x)) return -1;
    if (lw->op->code == IR_ABS) {
        ir_value_id in[2] = {x.re, x.im};
        return bind_real(lw, complex_part(lw, IR_ABS, false, 2, in));
    }
    return bind_complex(lw, complex_fn(lw, lw->op->code, x, NULL));
}

/* sign(z): NaN (both parts) if a part is NaN, 0 at 0, else z / |z|. */
static int lower_sign(lowering *lw) {
    parts z = {-1, -1};
    if (want_counts(lw, 1, 1) || complex_operand(lw, 0, &z)) return -1;
    ir_value_id in[2] = {z.re, z.im};
    ir_value_id abs = complex_part(lw, IR_ABS, false, 2, in), zero = zeros_like(lw, z.re);
    parts q = complex_fn(lw, IR_DIVIDE, z, &(parts){abs, zero});
    ir_value_id nan = binary(lw, IR_OR, compare(lw, IR_CMP_NE, z.re, z.re), compare(lw, IR_CMP_NE, z.im, z.im));
    ir_value_id at0 = binary(lw, IR_AND, compare(lw, IR_CMP_EQ, z.re, zero), compare(lw, IR_CMP_EQ, z.im, zero));
    ir_value_id qnan = zero < 0 ? -1 : splat(lw, dst_type(lw, zero), NAN);
    ir_value_id re = select(lw, nan, qnan, select(lw, at0, zero, q.re));
    ir_value_id im = select(lw, nan, qnan, select(lw, at0, zero, q.im));
    return bind_complex(lw, (parts){re, im});
}

/* logistic(z) = 1 / (1 + exp(-z)). */
static int lower_logistic(lowering *lw) {
    parts z = {-1, -1};
    if (want_counts(lw, 1, 1) || complex_operand(lw, 0, &z)) return -1;
    parts neg = {unary(lw, IR_NEGATE, z.re), unary(lw, IR_NEGATE, z.im)};
    parts one = constant_like(lw, z.re, 1.0, 0.0);
    parts e = complex_fn(lw, IR_EXPONENTIAL, neg, NULL);
    parts s = add(lw, one, e);
    return bind_complex(lw, complex_fn(lw, IR_DIVIDE, one, &s));
}

/* atan2(y, x) = -i log((x + i y) / sqrt(x x + y y)). */
static int lower_atan2(lowering *lw) {
    parts y = {-1, -1}, x = {-1, -1};
    if (two_complex(lw, &y, &x)) return -1;
    parts i = constant_like(lw, y.re, 0.0, 1.0), minus_i = constant_like(lw, y.re, -0.0, -1.0);
    parts num = add(lw, x, multiply(lw, i, y));
    parts r = complex_fn(lw, IR_SQRT, add(lw, multiply(lw, x, x), multiply(lw, y, y)), NULL);
    parts l = complex_fn(lw, IR_LOG, complex_fn(lw, IR_DIVIDE, num, &r), NULL);
    return bind_complex(lw, multiply(lw, minus_i, l));
}

/* maximum, minimum: a if (re_a, im_a) is after (before) (re_b, im_b). */
static int lower_extremum(lowering *lw) {
    parts a = {-1, -1}, b = {-1, -1};
    if (two_complex(lw, &a, &b)) return -1;
    ir_cmp_dir dir = lw->op->code == IR_MAXIMUM ? IR_CMP_GT : IR_CMP_LT;
    ir_value_id pick_a = select(lw, compare(lw, IR_CMP_EQ, a.re, b.re), compare(lw, dir, a.im, b.im),
                                compare(lw, dir, a.re, b.re));
    return bind_complex(lw, (parts){select(lw, pick_a, a.re, b.re), select(lw, pick_a, a.im, b.im)});
}

static int lower_compare(lowering *lw) {
    parts a = {-1, -1}, b = {-1, -1};
    if (two_complex(lw, &a, &b)) return -1;
    ir_cmp_dir dir = lw->op->a.cmp;
    if (dir != IR_CMP_EQ && dir != IR_CMP_NE)
        return fail(lw, DIAG_INVALID, "complex values compare only for EQ and NE");
    ir_value_id v = binary(lw, dir == IR_CMP_EQ ? IR_AND : IR_OR, compare(lw, dir, a.re, b.re),
                           compare(lw, dir, a.im, b.im));
    return bind_real(lw, v);
}

/* One real dot_general of the source op's dimension numbers. */
static ir_value_id dot(lowering *lw, ir_value_id a, ir_value_id b, const ir_type *t) {
    if (a < 0 || b < 0) return -1;
    ir_value_id in[2] = {a, b};
    ir_op *op = make(lw, IR_DOT_GENERAL, 2, in, t);
    if (!op) return -1;
    return ir_attrs_copy(&op->a, &lw->op->a, 0) ? nomem(lw), -1 : op->out[0];
}

/* (A + iB)(C + iD) = (AC - BD) + i(AD + BC); a real operand has no B (D). */
static int lower_dot(lowering *lw) {
    parts a = {-1, -1}, b = {-1, -1};
    if (want_counts(lw, 2, 1) || any_operand(lw, 0, &a) || any_operand(lw, 1, &b)) return -1;
    if (!src_complex(lw, lw->op->out[0])) return fail(lw, DIAG_INVALID, "on complex operands it has a complex result");
    ir_type t = part_type(src_type(lw, lw->op->out[0]));
    ir_value_id re = dot(lw, a.re, b.re, &t), im;
    if (a.im >= 0 && b.im >= 0) re = binary(lw, IR_SUBTRACT, re, dot(lw, a.im, b.im, &t));
    if (a.im >= 0 && b.im >= 0) im = binary(lw, IR_ADD, dot(lw, a.re, b.im, &t), dot(lw, a.im, b.re, &t));
    else im = a.im >= 0 ? dot(lw, a.im, b.re, &t) : dot(lw, a.re, b.im, &t);
    return bind_complex(lw, (parts){re, im});
}

/* bitcast_convert through the interleaved form: a complex operand as its
 * S x 2 parts, a complex result as the parts of an S x 2 bitcast. */
static int lower_bitcast(lowering *lw) {
    parts x = {-1, -1};
    if (want_counts(lw, 1, 1) || any_operand(lw, 0, &x)) return -1;
    ir_value_id in = x.im < 0 ? x.re : join_interleaved(lw, x, src_type(lw, lw->op->in[0]));
    const ir_type *rt = src_type(lw, lw->op->out[0]);
    ir_type t = *rt;
    if (in < 0 || (is_complex(rt) && interleaved_type(lw, rt, &t))) return -1;
    ir_value_id y = make1(lw, IR_BITCAST_CONVERT, 1, &in, &t);
    if (y < 0) return -1;
    if (!is_complex(rt)) return bind_real(lw, y);
    parts p;
    return split_interleaved(lw, y, rt, &p) ? -1 : bind_complex(lw, p);
}

/* A check of two complex values checks their S x 2 interleaved forms. */
static int lower_check(lowering *lw) {
    const ir_op *op = lw->op;
    if (op->nin != 2 || op->nout != 0) return want_counts(lw, 2, 0);
    ir_value_id in[2];
    for (int i = 0; i < 2; i++) {
        parts p = src_parts(lw, op->in[i]);
        in[i] = p.im < 0 ? p.re : join_interleaved(lw, p, src_type(lw, op->in[i]));
        if (in[i] < 0) return -1;
    }
    ir_op *check = ir_op_append(lw->dst, lw->b, op->code, 2, in, 0, NULL);
    if (!check) return nomem(lw);
    check->loc = op->loc;
    return ir_attrs_copy(&check->a, &op->a, 0) ? nomem(lw) : 0;
}

/* A call to a public function passes and receives complex values
 * interleaved (its boundary); a private one takes the parts. */
static int lower_call(lowering *lw) {
    const ir_op *op = lw->op;
    const ir_func *callee = op->a.callee ? ir_module_find(lw->m, op->a.callee) : NULL;
    if (!callee || !callee->is_public) return copy_expanded(lw);
    ir_value_id *in = mem_calloc((size_t)op->nin + 1, sizeof *in);
    ir_type *out = mem_calloc((size_t)op->nout + 1, sizeof *out);
    int rc = in && out ? 0 : nomem(lw);
    for (int i = 0; !rc && i < op->nin; i++) {
        parts p = src_parts(lw, op->in[i]);
        in[i] = p.im < 0 ? p.re : join_interleaved(lw, p, src_type(lw, op->in[i]));
        if (in[i] < 0) rc = -1;
    }
    for (int i = 0; !rc && i < op->nout; i++) {
        const ir_type *t = src_type(lw, op->out[i]);
        if (is_complex(t)) rc = interleaved_type(lw, t, &out[i]);
        else out[i] = *t;
    }
    ir_op *call = rc ? NULL : ir_op_append(lw->dst, lw->b, IR_CALL, op->nin, in, op->nout, out);
    if (!rc && !call) rc = nomem(lw);
    if (!rc) {
        call->loc = op->loc, call->checkpoint = op->checkpoint, call->backward = op->backward;
        if (ir_attrs_copy(&call->a, &op->a, 0)) rc = nomem(lw);
    }
    for (int i = 0; !rc && i < op->nout; i++) {
        const ir_type *t = src_type(lw, op->out[i]);
        if (is_complex(t)) rc = split_interleaved(lw, call->out[i], t, &lw->map[op->out[i]]);
        else lw->map[op->out[i]] = (parts){call->out[i], -1};
    }
    mem_free(in);
    mem_free(out);
    return rc;
}

/* The return of a public function's body: complex results interleaved. */
static int lower_boundary_return(lowering *lw) {
    const ir_op *op = lw->op;
    ir_value_id *in = mem_calloc((size_t)op->nin + 1, sizeof *in);
    int rc = in ? 0 : nomem(lw);
    for (int i = 0; !rc && i < op->nin; i++) {
        parts p = src_parts(lw, op->in[i]);
        in[i] = p.im < 0 ? p.re : join_interleaved(lw, p, src_type(lw, op->in[i]));
        if (in[i] < 0) rc = -1;
    }
    ir_op *ret = rc ? NULL : ir_op_append(lw->dst, lw->b, IR_RETURN, op->nin, in, 0, NULL);
    if (!rc && !ret) rc = nomem(lw);
    if (!rc) ret->loc = op->loc;
    mem_free(in);
    return rc;
}

/* fft: arrayjit.fft over the parts, the same fft_type and fft_length
 * (RFFT from a real operand, IRFFT to a real result). */
static int lower_fft(lowering *lw) {
    const ir_op *op = lw->op;
    parts x = {-1, -1};
    bool real_in = op->a.fft_type == IR_FFT_RFFT, real_out = op->a.fft_type == IR_FFT_IRFFT;
    if (want_counts(lw, 1, 1) || (real_in ? real_operand(lw, 0, &x.re) : complex_operand(lw, 0, &x))) return -1;
    if (src_complex(lw, op->out[0]) == real_out)
        return fail(lw, DIAG_INVALID, "the result is %s where %s one is expected", real_out ? "complex" : "real",
                    real_out ? "a real" : "a complex");
    ir_type t = part_type(src_type(lw, op->out[0])), types[2] = {t, t};
    ir_value_id in[2] = {x.re, x.im};
    ir_op *f = make_n(lw, IR_FFT_PARTS, real_in ? 1 : 2, in, real_out ? 1 : 2, types);
    if (!f) return -1;
    f->a.fft_type = op->a.fft_type;
    if (ir_ints_set(&f->a.dims, op->a.dims.n, op->a.dims.v)) return nomem(lw);
    return real_out ? bind_real(lw, f->out[0]) : bind_complex(lw, (parts){f->out[0], f->out[1]});
}

/* cholesky and triangular_solve: arrayjit.cholesky and
 * arrayjit.triangular_solve on the parts, the same attributes (LAPACK's
 * cpotrf, zpotrf, ctrtrs, ztrtrs: src/util/lapack_kernels.h). */
static int lower_linalg(lowering *lw) {
    const ir_op *op = lw->op;
    bool solve = op->code == IR_TRIANGULAR_SOLVE;
    parts a, b = {-1, -1};
    if (want_counts(lw, solve ? 2 : 1, 1) || complex_operand(lw, 0, &a) || (solve && complex_operand(lw, 1, &b)))
        return -1;
    ir_type t = part_type(src_type(lw, op->out[0])), types[2] = {t, t};
    ir_value_id in[4] = {a.re, a.im, b.re, b.im};
    ir_op *l = make_n(lw, solve ? IR_TRIANGULAR_SOLVE_PARTS : IR_CHOLESKY_PARTS, solve ? 4 : 2, in, 2, types);
    if (!l) return -1;
    l->a.lower = op->a.lower;
    l->a.left_side = op->a.left_side;
    l->a.unit_diagonal = op->a.unit_diagonal;
    l->a.transpose_a = op->a.transpose_a;
    return bind_complex(lw, (parts){l->out[0], l->out[1]});
}

/* getrf and syevd (heevd) of a complex matrix: the op on its parts, giving
 * the result matrix's parts, then its two real results (getrf: ipiv and
 * info; syevd: the real eigenvalues and info), by LAPACK's complex
 * routines (cgetrf, zgetrf, cheevd, zheevd). */
static int lower_matrix_op(lowering *lw) {
    const ir_op *op = lw->op;
    parts a;
    if (want_counts(lw, 1, 3) || complex_operand(lw, 0, &a)) return -1;
    ir_type t = part_type(src_type(lw, op->out[0]));
    ir_type types[4] = {t, t, *src_type(lw, op->out[1]), *src_type(lw, op->out[2])};
    ir_value_id in[2] = {a.re, a.im};
    ir_op *m = make_n(lw, op->code, 2, in, 4, types);
    if (!m) return -1;
    m->a.lapack_mode = op->a.lapack_mode;
    m->a.lower = op->a.lower;
    lw->map[op->out[1]] = (parts){m->out[2], -1};
    lw->map[op->out[2]] = (parts){m->out[3], -1};
    return bind_complex(lw, (parts){m->out[0], m->out[1]});
}

/* geqrf of a complex matrix: arrayjit.geqrf on its parts, giving the
 * factored matrix's and tau's parts (cgeqrf, zgeqrf); orgqr of complex a
 * and tau: arrayjit.orgqr on their parts, giving q's (cungqr, zungqr). */
static int lower_qr(lowering *lw) {
    const ir_op *op = lw->op;
    bool geqrf = op->code == IR_GEQRF;
    parts a, tau = {-1, -1};
    if (want_counts(lw, geqrf ? 1 : 2, geqrf ? 2 : 1) || complex_operand(lw, 0, &a) ||
        (!geqrf && complex_operand(lw, 1, &tau)))
        return -1;
    ir_type t = part_type(src_type(lw, op->out[0])), v = geqrf ? part_type(src_type(lw, op->out[1])) : t;
    ir_type types[4] = {t, t, v, v};
    ir_value_id in[4] = {a.re, a.im, tau.re, tau.im};
    ir_op *qr = make_n(lw, op->code, geqrf ? 2 : 4, in, geqrf ? 4 : 2, types);
    if (!qr) return -1;
    if (geqrf) lw->map[op->out[1]] = (parts){qr->out[2], qr->out[3]};
    return bind_complex(lw, (parts){qr->out[0], qr->out[1]});
}

/* gesdd and gesvd of a complex matrix: the op on its parts, giving a's
 * parts (what LAPACK left), the real singular values, u's and vt's parts
 * and info (cgesdd, zgesdd, cgesvd, zgesvd). */
static int lower_svd(lowering *lw) {
    const ir_op *op = lw->op;
    parts a;
    if (want_counts(lw, 1, 5) || complex_operand(lw, 0, &a)) return -1;
    ir_type t = part_type(src_type(lw, op->out[0])), u = part_type(src_type(lw, op->out[2]));
    ir_type vt = part_type(src_type(lw, op->out[3]));
    ir_type types[8] = {t, t, *src_type(lw, op->out[1]), u, u, vt, vt, *src_type(lw, op->out[4])};
    ir_value_id in[2] = {a.re, a.im};
    ir_op *svd = make_n(lw, op->code, 2, in, 8, types);
    if (!svd) return -1;
    svd->a.lapack_mode = op->a.lapack_mode;
    lw->map[op->out[1]] = (parts){svd->out[2], -1};
    lw->map[op->out[2]] = (parts){svd->out[3], svd->out[4]};
    lw->map[op->out[3]] = (parts){svd->out[5], svd->out[6]};
    lw->map[op->out[4]] = (parts){svd->out[7], -1};
    return bind_complex(lw, (parts){svd->out[0], svd->out[1]});
}

static bool touches_complex(const lowering *lw, const ir_op *op) {
    for (int i = 0; i < op->nin; i++)
        if (src_complex(lw, op->in[i])) return true;
    for (int i = 0; i < op->nout; i++)
        if (src_complex(lw, op->out[i])) return true;
    for (int r = 0; r < op->nregions; r++)
        for (int i = 0; i < op->regions[r]->nargs; i++)
            if (src_complex(lw, op->regions[r]->args[i])) return true;
    return false;
}

static int lower_op(lowering *lw, bool boundary) {
    const ir_op *op = lw->op;
    if (op->code == IR_RETURN && boundary) return lower_boundary_return(lw);
    if (op->code == IR_REAL || op->code == IR_IMAG || op->code == IR_COMPLEX) return lower_parts_op(lw);
    if (!touches_complex(lw, op)) return copy_expanded(lw);
    if (ir_op_kind_of(op->code) == IR_KIND_CHECK) return lower_check(lw);
    if (ir_complex_part_arity(op->code) == 2) return lower_unary_fn(lw);
    switch (op->code) {
    case IR_CONSTANT: return lower_constant(lw);
    case IR_IOTA: return lower_iota(lw);
    case IR_CONVERT: return lower_convert(lw);
    case IR_BITCAST_CONVERT: return lower_bitcast(lw);
    case IR_ADD: case IR_SUBTRACT: case IR_NEGATE: case IR_SELECT: case IR_RESHAPE: case IR_TRANSPOSE:
    case IR_SLICE: case IR_BROADCAST_IN_DIM: case IR_REVERSE: case IR_CONCATENATE: case IR_PAD:
    case IR_DYNAMIC_SLICE: case IR_DYNAMIC_UPDATE_SLICE: case IR_GATHER:
        return partwise(lw);
    case IR_MULTIPLY: return lower_multiply(lw);
    case IR_DIVIDE: case IR_POWER: return lower_binary_fn(lw);
    case IR_SIGN: return lower_sign(lw);
    case IR_LOGISTIC: return lower_logistic(lw);
    case IR_ATAN2: return lower_atan2(lw);
    case IR_MAXIMUM: case IR_MINIMUM: return lower_extremum(lw);
    case IR_COMPARE: return lower_compare(lw);
    case IR_DOT_GENERAL: return lower_dot(lw);
    case IR_FFT: return lower_fft(lw);
    case IR_CHOLESKY: case IR_TRIANGULAR_SOLVE: return lower_linalg(lw);
    case IR_GETRF: case IR_SYEVD: return lower_matrix_op(lw);
    case IR_GEQRF: case IR_ORGQR: return lower_qr(lw);
    case IR_GESDD: case IR_GESVD: return lower_svd(lw);
    case IR_CALL: return lower_call(lw);
    case IR_REDUCE: case IR_REDUCE_WINDOW: case IR_SCATTER: case IR_SORT: case IR_MAP: case IR_WHILE: case IR_IF:
    case IR_CASE: case IR_OPTIMIZATION_BARRIER: case IR_RETURN:
        return copy_expanded(lw);
    default: return fail(lw, DIAG_UNSUPPORTED, "unsupported on complex values");
    }
}

/* ---- blocks and functions ------------------------------------------------------------------ */

static int add_arg(lowering *lw, ir_block *b, const ir_type *t, ir_value_id *out) {
    return (*out = ir_block_add_arg(lw->dst, b, t)) < 0 ? nomem(lw) : 0;
}

/* The block's arguments: a complex one as its parts (sort: per operand,
 * lhs.re, rhs.re, lhs.im, rhs.im), or interleaved and split (boundary). */
static int lower_args(lowering *lw, const ir_block *src, ir_block *dst, bool sort_comparator, bool boundary) {
    for (int i = 0; i < src->nargs; i++) {
        ir_value_id v = src->args[i];
        const ir_type *t = src_type(lw, v);
        ir_type part = part_type(t);
        if (!is_complex(t)) {
            if (add_arg(lw, dst, t, &lw->map[v].re)) return -1;
            lw->map[v].im = -1;
        } else if (boundary) {
            ir_type both;
            ir_value_id arg;
            if (interleaved_type(lw, t, &both) || add_arg(lw, dst, &both, &arg) ||
                split_interleaved(lw, arg, t, &lw->map[v]))
                return -1;
        } else if (sort_comparator && i % 2 == 0 && i + 1 < src->nargs) {
            ir_value_id a[4];
            for (int k = 0; k < 4; k++)
                if (add_arg(lw, dst, &part, &a[k])) return -1;
            lw->map[v] = (parts){a[0], a[2]};
            lw->map[src->args[i + 1]] = (parts){a[1], a[3]};
            i++;
        } else {
            if (add_arg(lw, dst, &part, &lw->map[v].re) || add_arg(lw, dst, &part, &lw->map[v].im)) return -1;
        }
    }
    return 0;
}

static int lower_block(lowering *lw, const ir_block *src, ir_block *dst, bool sort_comparator, bool boundary) {
    ir_block *outer = lw->b;
    const ir_op *outer_op = lw->op;
    lw->b = dst;
    int rc = lower_args(lw, src, dst, sort_comparator, boundary);
    for (int i = 0; !rc && i < src->nops; i++) {
        lw->op = src->ops[i];
        rc = lower_op(lw, boundary);
    }
    lw->b = outer;
    lw->op = outer_op;
    return rc;
}

static bool block_has_parts_op(const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code == IR_REAL || op->code == IR_IMAG || op->code == IR_COMPLEX) return true;
        for (int r = 0; r < op->nregions; r++)
            if (block_has_parts_op(op->regions[r])) return true;
    }
    return false;
}

/* Complex values, or real and imag of real ones (the identity and zeros). */
static bool needs_lowering(const ir_func *f) {
    if (block_has_parts_op(f->body)) return true;
    for (int i = 0; i < f->nvalues; i++)
        if (is_complex(&f->values[i].type)) return true;
    for (int i = 0; i < f->nresults; i++)
        if (is_complex(&f->result_types[i])) return true;
    return false;
}

/* The rebuilt function's result types: its body's return. */
static int set_results(lowering *lw) {
    const ir_block *b = lw->dst->body;
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN) return fail(lw, DIAG_INVALID, "the body does not end in a return");
    ir_type *types = mem_calloc((size_t)ret->nin + 1, sizeof *types);
    if (!types) return nomem(lw);
    for (int i = 0; i < ret->nin; i++) types[i] = dst_type(lw, ret->in[i]);
    int rc = ir_func_set_results(lw->dst, ret->nin, types) ? nomem(lw) : 0;
    mem_free(types);
    return rc;
}

/* What the function carries besides its body: public, the donations (bit
 * i: parameter i; a private function's complex parameter is two), which of
 * a public function's parameters and results were complex, location,
 * checkpoints, compile-result checks. */
static int copy_func_data(lowering *lw) {
    const ir_func *f = lw->src;
    ir_func *g = lw->dst;
    g->is_public = f->is_public;
    g->loc = f->loc;
    for (int i = 0; f->is_public && i < 64 && i < f->body->nargs; i++)
        if (src_complex(lw, f->body->args[i])) g->complex_params |= UINT64_C(1) << i;
    for (int i = 0; f->is_public && i < 64 && i < f->nresults; i++)
        if (is_complex(&f->result_types[i])) g->complex_results |= UINT64_C(1) << i;
    for (int i = 0, k = 0; i < f->body->nargs && k < 64; i++) {
        bool two = !f->is_public && src_complex(lw, f->body->args[i]);
        if (i < 64 && f->donated >> i & 1) g->donated |= (two ? UINT64_C(3) : UINT64_C(1)) << k;
        k += two ? 2 : 1;
    }
    for (int i = 0; i < f->ncheckpoints; i++)
        if (ir_func_add_checkpoint(g, &f->checkpoints[i]) < 0) return nomem(lw);
    for (int i = 0; i < f->nexpects; i++)
        if (ir_func_add_expect(g, &f->expects[i])) return nomem(lw);
    return 0;
}

static int lower_func(ir_module *m, const ir_func *f, diag *d) {
    lowering lw = {.m = m, .src = f, .d = d};
    if (!(lw.map = mem_calloc((size_t)f->nvalues + 1, sizeof *lw.map)) || !(lw.dst = ir_func_new(m, f->name))) {
        mem_free(lw.map);
        return nomem(&lw);
    }
    int rc = lower_block(&lw, f->body, lw.dst->body, false, f->is_public);
    if (!rc) rc = set_results(&lw);
    if (!rc) rc = copy_func_data(&lw);
    mem_free(lw.map);
    return rc;
}

int fr_lower_complex(ir_module *m, diag *d) {
    int n = m->nfuncs, rc = 0;
    for (int i = 0; !rc && i < n; i++)
        if (needs_lowering(m->funcs[i])) rc = lower_func(m, m->funcs[i], d);   /* appended after the n */
    /* On success the sources go (from the back: a removal moves only later
     * functions); on failure the rebuilt ones go with the module, which the
     * caller frees. */
    for (int i = n - 1; !rc && i >= 0; i--)
        if (needs_lowering(m->funcs[i])) ir_module_remove_func(m, m->funcs[i]);
    return rc ? d->code : DIAG_OK;   /* every failure was reported in d (-1 inside) */
}
