/* parse_quant.c: quantized types (!quant.uniform) and the expansion of ops
 * on quantized values into ops on their storage and f32 types.
 *
 * The semantics are those of upstream's reference interpreter, which runs
 * stablehlo-legalize-quant-to-math (StablehloLegalizeQuantToMath.cpp) on
 * the program first; the expected values of the conformance tests come
 * from it. With s a scale, z a zero point, [lo, hi] the storage bounds:
 *
 *   quantize x (f32)   convert(round_nearest_even(clamp(lo, x / s + z, hi)))
 *                      in f32 (s and z as f32 constants)
 *   dequantize q       convert_f32(convert_i32(q) - z) * s
 *   requantize q       the same type: a convert; else with m = s_in / s_out
 *                      and c = z_out - z_in * m (in double, then f32):
 *                      convert(round_nearest_even(clamp?(f32(q) * m + c)))
 *                      (+ c only when some c != 0; the clamp only for
 *                      storage narrower than 32 bits)
 *   add                per tensor: both operands requantized to the result's
 *                      parameters in i32, l + r - z, clamped to the storage
 *                      bounds unless the storage is i32; per axis (one type
 *                      throughout, i32 storage): l + r - z
 *   dot_general        lhs per tensor, rhs and result both per tensor or both
 *                      per axis: in i32, D = dot(l, r), Z = the zero-point
 *                      offset, k = s_l * s_r / s_res (per axis: scales[0]);
 *                      when |k - 1| > 0.001, D and Z become
 *                      convert_i32(f32(.) * k); the result is
 *                      convert(D + (z_res - Z)) (z_res 0 per axis, the rhs
 *                      zero point too)
 *   data movement      (reshape, transpose, gather, concatenate, slice, pad,
 *                      broadcast_in_dim, select, bitcast_convert, ...): on
 *                      the storage type, parameters unchanged; max and min
 *                      too when all three types are one
 *   the other listed   dequantize each quantized operand, the op on f32,
 *   ops                quantize each quantized result
 *
 * The offset Z = z_r * sum(l) + z_l * sum(r) - z_l * z_r * K over the
 * contracting dims is computed as dot(l, r) - dot(l - z_l, r - z_r), equal
 * to it in i32's wrapping arithmetic. A convolution whose integer form
 * upstream would take (rhs zero point 0) is DIAG_UNSUPPORTED; every other
 * quantized convolution is dequantize-op-quantize there as here. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

/* ---- the tables ------------------------------------------------------------------ */

void fr_quant_free(parser *p) {
    quant_table *t = &p->quant;
    for (int i = 0; i < t->n; i++) {
        mem_free(t->types[i].scale);
        mem_free(t->types[i].zero_point);
    }
    mem_free(t->types);
    mem_free(t->of_value);
    *t = (quant_table){0};
}

int fr_value_quant(const parser *p, ir_value_id v) {
    return v >= 0 && v < p->quant.cap_values ? p->quant.of_value[v] : 0;
}

int fr_set_value_quant(parser *p, ir_value_id v, int quant) {
    quant_table *t = &p->quant;
    if (v < t->cap_values) {
        t->of_value[v] = quant;
        return 0;
    }
    if (!quant) return 0;
    int old = t->cap_values;
    if (mem_grow((void **)&t->of_value, &t->cap_values, v + 1, sizeof(int))) return fr_nomem(p);
    memset(t->of_value + old, 0, (size_t)(t->cap_values - old) * sizeof(int));
    t->of_value[v] = quant;
    return 0;
}

static const quant_type *quant_of(const parser *p, int q) { return &p->quant.types[q - 1]; }

static bool same_params(const quant_type *a, const quant_type *b) {
    if (a->storage != b->storage || a->min != b->min || a->max != b->max || a->axis != b->axis || a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->scale[i] != b->scale[i] || a->zero_point[i] != b->zero_point[i]) return false;
    return true;
}

/* Returns the index of a type equal to *q (taking q's arrays, freed when an
 * equal one is there already), or 0 after reporting out of memory. */
static int intern(parser *p, quant_type *q) {
    quant_table *t = &p->quant;
    for (int i = 0; i < t->n; i++) {
        if (same_params(&t->types[i], q)) {
            mem_free(q->scale);
            mem_free(q->zero_point);
            return i + 1;
        }
    }
    if (mem_grow((void **)&t->types, &t->cap, t->n + 1, sizeof(quant_type))) {
        mem_free(q->scale);
        mem_free(q->zero_point);
        return fr_nomem(p), 0;
    }
    t->types[t->n++] = *q;
    return t->n;
}

/* ---- scanning the type ------------------------------------------------------------ */

static void skip_blanks(lexer *lx) { fr_lex_skip_blanks(lx); }

static int want_char(parser *p, char c, const char *what) {
    skip_blanks(&p->lx);
    if (fr_lex_peek(&p->lx) != c) return fr_error(p, p->lx.cur, "expected %s in the quantized type", what);
    fr_lex_advance(&p->lx);
    return 0;
}

static bool accept_char(parser *p, char c) {
    skip_blanks(&p->lx);
    if (fr_lex_peek(&p->lx) != c) return false;
    fr_lex_advance(&p->lx);
    return true;
}

/* A run of the bytes in `set` at the cursor, at most cap - 1 of them, into buf. */
static size_t scan_run(lexer *lx, const char *set, char *buf, size_t cap) {
    size_t n = 0;
    int c;
    while ((c = fr_lex_peek(lx)) > 0 && strchr(set, c) && n + 1 < cap) {
        buf[n++] = (char)c;
        fr_lex_advance(lx);
    }
    buf[n] = 0;
    return n;
}

/* An optional '-' and decimal digits, in int64. */
static int scan_int(parser *p, int64_t *out, const char *what) {
    skip_blanks(&p->lx);
    cursor at = p->lx.cur;
    char buf[32];
    size_t n = scan_run(&p->lx, "-0123456789", buf, sizeof buf);
    char *end;
    errno = 0;
    long long v = n ? strtoll(buf, &end, 10) : 0;
    if (!n || *end || errno) return fr_error(p, at, "expected %s (an integer) in the quantized type", what);
    *out = v;
    return 0;
}

/* A scale: a finite float literal above 0. */
static int scan_scale(parser *p, double *out) {
    skip_blanks(&p->lx);
    cursor at = p->lx.cur;
    char buf[64];
    size_t n = scan_run(&p->lx, "+-.0123456789eE", buf, sizeof buf);
    char *end;
    double v = n ? strtod(buf, &end) : 0;
    if (!n || *end) return fr_error(p, at, "expected a scale (a number) in the quantized type");
    if (!(v > 0) || !isfinite(v)) return fr_error(p, at, "the scale %s is not a finite number above 0", buf);
    *out = v;
    return 0;
}

/* The storage type (i8, i16, i32, u8, u16; MLIR spells unsigned `u`) and
 * its optional `<min:max>`, into q. */
static int scan_storage(parser *p, quant_type *q) {
    skip_blanks(&p->lx);
    cursor at = p->lx.cur;
    char name[16];
    size_t n = scan_run(&p->lx, "abcdefghijklmnopqrstuvwxyz0123456789", name, sizeof name);
    static const struct { const char *name; ir_dtype t; } kinds[] = {
        {"i8", IR_I8}, {"i16", IR_I16}, {"i32", IR_I32}, {"u8", IR_U8}, {"u16", IR_U16},
    };
    size_t k = 0;
    while (k < sizeof kinds / sizeof *kinds && strcmp(kinds[k].name, name) != 0) k++;
    if (k == sizeof kinds / sizeof *kinds) {
        bool integer = n > 1 && (name[0] == 'i' || name[0] == 'u') && strspn(name + 1, "0123456789") == n - 1;
        int width = integer ? atoi(name + 1) : 0;
        if (integer && width >= 1 && width <= 32)
            return fr_unsupported(p, at, "unsupported quantized storage type %s", name);
        return fr_error(p, at, "unknown quantized storage type '%s'", name);
    }
    q->storage = kinds[k].t;
    int bits = (int)ir_dtype_size(q->storage) * 8;
    bool is_unsigned = ir_dtype_is_unsigned(q->storage);
    int64_t type_min = is_unsigned ? 0 : -((int64_t)1 << (bits - 1));
    int64_t type_max = is_unsigned ? ((int64_t)1 << bits) - 1 : ((int64_t)1 << (bits - 1)) - 1;
    q->min = type_min;
    q->max = type_max;
    if (!accept_char(p, '<')) return 0;
    cursor bounds_at = p->lx.cur;
    if (scan_int(p, &q->min, "the storage minimum") || want_char(p, ':', "':' between the storage bounds") ||
        scan_int(p, &q->max, "the storage maximum") || want_char(p, '>', "'>' after the storage bounds"))
        return -1;
    if (q->min < type_min || q->max > type_max || q->min >= q->max)
        return fr_error(p, bounds_at, "storage bounds <%lld:%lld> are not an interval within %s", (long long)q->min,
                        (long long)q->max, name);
    return 0;
}

/* `:f32`, the expressed type: the only one the reference lowering takes. */
static int scan_expressed(parser *p) {
    if (want_char(p, ':', "':' before the expressed type")) return -1;
    skip_blanks(&p->lx);
    cursor at = p->lx.cur;
    char name[16];
    scan_run(&p->lx, "abcdefghijklmnopqrstuvwxyz0123456789", name, sizeof name);
    if (strcmp(name, "f32") == 0) return 0;
    if (!strcmp(name, "f16") || !strcmp(name, "bf16") || !strcmp(name, "f64"))
        return fr_unsupported(p, at, "unsupported quantized expressed type %s (only f32)", name);
    return fr_error(p, at, "unknown quantized expressed type '%s'", name);
}

/* One `scale(:zero_point)?`, appended to q's arrays. */
static int scan_param(parser *p, quant_type *q, int *cap) {
    double s = 0;
    int64_t z = 0;
    if (scan_scale(p, &s)) return -1;
    cursor zp_at = p->lx.cur;
    if (accept_char(p, ':') && scan_int(p, &z, "a zero point")) return -1;
    if (z < q->min || z > q->max)
        return fr_error(p, zp_at, "zero point %lld is outside the storage range [%lld, %lld]", (long long)z,
                        (long long)q->min, (long long)q->max);
    int cap_z = *cap;
    if (mem_grow((void **)&q->scale, cap, q->n + 1, sizeof(double)) ||
        mem_grow((void **)&q->zero_point, &cap_z, q->n + 1, sizeof(int64_t)))
        return fr_nomem(p);
    q->scale[q->n] = s;
    q->zero_point[q->n++] = z;
    return 0;
}

/* `{ param, ... }` for a type quantized along q->axis of the tensor's dims. */
static int scan_per_axis(parser *p, quant_type *q, int *cap, int rank, const int64_t *dims, cursor axis_at) {
    if (q->axis >= rank)
        return fr_error(p, axis_at, "quantization dimension %d is not below the rank %d", q->axis, rank);
    if (want_char(p, '{', "'{' before the per-axis scales")) return -1;
    do {
        if (q->n == dims[q->axis])
            return fr_error(p, p->lx.cur, "more scales than the %lld of quantization dimension %d",
                            (long long)dims[q->axis], q->axis);
        if (scan_param(p, q, cap)) return -1;
    } while (accept_char(p, ','));
    if (q->n != dims[q->axis])
        return fr_error(p, axis_at, "%d scales for quantization dimension %d of size %lld", q->n, q->axis,
                        (long long)dims[q->axis]);
    return want_char(p, '}', "'}' after the per-axis scales");
}

/* The parameters after the storage type, into q (its arrays allocated). */
static int scan_quant_body(parser *p, quant_type *q, int rank, const int64_t *dims) {
    int cap = 0;
    q->axis = -1;
    if (scan_storage(p, q) || scan_expressed(p)) return -1;
    cursor axis_at = p->lx.cur;
    if (accept_char(p, ':')) {
        int64_t axis;
        skip_blanks(&p->lx);
        axis_at = p->lx.cur;
        if (scan_int(p, &axis, "the quantization dimension")) return -1;
        if (axis < 0 || axis >= IR_MAX_RANK)
            return fr_error(p, axis_at, "quantization dimension %lld is out of range", (long long)axis);
        q->axis = (int)axis;
    }
    if (want_char(p, ',', "',' before the scale")) return -1;
    if (q->axis >= 0) return scan_per_axis(p, q, &cap, rank, dims, axis_at);
    skip_blanks(&p->lx);
    if (fr_lex_peek(&p->lx) == '{')
        return fr_error(p, p->lx.cur, "per-axis scales need a quantization dimension after the expressed type");
    return scan_param(p, q, &cap);
}

int fr_scan_quant_type(parser *p, int rank, const int64_t *dims, ir_dtype *storage, int *quant) {
    for (const char *s = "!quant.uniform<"; *s; s++) fr_lex_advance(&p->lx);
    quant_type q = {0};
    if (scan_quant_body(p, &q, rank, dims) || want_char(p, '>', "'>' at the end")) {
        mem_free(q.scale);
        mem_free(q.zero_point);
        return -1;
    }
    *storage = q.storage;
    *quant = intern(p, &q);
    return *quant ? 0 : -1;
}

/* ---- emitting the expansion ---------------------------------------------------------- */

/* x's shape with element type t. */
static ir_type shaped(parser *p, ir_value_id x, ir_dtype t) {
    const ir_type *xt = ir_value_type(p->fn, x);
    return ir_type_make(t, xt->rank, xt->dims);
}

/* An op of operands in[0..n) whose result has in[0]'s shape and element type t. */
static ir_value_id emit(parser *p, const op_desc *d, ir_opcode code, int n, const ir_value_id *in, ir_dtype t) {
    for (int i = 0; i < n; i++)
        if (in[i] < 0) return -1;   /* an operand whose expansion failed */
    ir_type rt = shaped(p, in[0], t);
    ir_op *op = fr_aux_op(p, d, code, n, in, &rt);
    return op ? op->out[0] : -1;
}

static ir_value_id unary(parser *p, const op_desc *d, ir_opcode code, ir_value_id x, ir_dtype t) {
    return emit(p, d, code, 1, &x, t);
}

static ir_value_id binary(parser *p, const op_desc *d, ir_opcode code, ir_value_id a, ir_value_id b) {
    ir_value_id in[2] = {a, b};
    return a < 0 ? -1 : emit(p, d, code, 2, in, ir_value_type(p->fn, a)->dtype);
}

/* clamp(lo, x, hi), the IR's operand order. */
static ir_value_id clamp(parser *p, const op_desc *d, ir_value_id lo, ir_value_id x, ir_value_id hi) {
    ir_value_id in[3] = {lo, x, hi};
    return x < 0 ? -1 : emit(p, d, IR_CLAMP, 3, in, ir_value_type(p->fn, x)->dtype);
}

/* v as an integer where t is one (zero points, in range by the type's
 * rules); 0 for a float t, whose v may be any scale. */
static int64_t as_int(ir_dtype t, double v) {
    return ir_dtype_is_float(t) || !(v > -9.2e18 && v < 9.2e18) ? 0 : (int64_t)v;
}

/* v[0..n) of type t broadcast to like's shape: one value (axis < 0) to every
 * element, else v[i] to the elements whose index along axis is i. */
static ir_value_id per_channel(parser *p, const op_desc *d, int axis, int n, const double *v, ir_dtype t,
                               ir_value_id like) {
    if (like < 0) return -1;
    const ir_type *shape = ir_value_type(p->fn, like);
    ir_type lt = *shape;   /* a copy: appending ops may move the value table */
    if (axis < 0) {
        ir_value_id c = fr_scalar_constant(p, d, t, v[0], as_int(t, v[0]));
        return c < 0 ? -1 : fr_broadcast_to(p, d, c, &lt, 0, NULL);
    }
    int64_t len = n;
    ir_type ct = ir_type_make(t, 1, &len);
    ir_op *op = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &ct);
    if (!op) return -1;
    size_t size = ir_dtype_size(t);
    if (!(op->a.data = mem_calloc((size_t)n, size))) return fr_nomem(p), -1;
    for (int i = 0; i < n; i++) fr_store_number(t, v[i], as_int(t, v[i]), (char *)op->a.data + (size_t)i * size);
    int64_t dim = axis;
    return fr_broadcast_to(p, d, op->out[0], &lt, 1, &dim);
}

/* q's scales or zero points as type t, broadcast to like's shape. */
static ir_value_id param(parser *p, const op_desc *d, const quant_type *q, bool zero_points, ir_dtype t,
                         ir_value_id like) {
    double *v = mem_alloc((size_t)q->n * sizeof(double));
    if (!v) return fr_nomem(p), -1;
    for (int i = 0; i < q->n; i++) v[i] = zero_points ? (double)q->zero_point[i] : q->scale[i];
    ir_value_id r = per_channel(p, d, q->axis, q->n, v, t, like);
    mem_free(v);
    return r;
}

/* One number c of type t broadcast to like's shape. */
static ir_value_id splat(parser *p, const op_desc *d, double c, ir_dtype t, ir_value_id like) {
    return per_channel(p, d, -1, 1, &c, t, like);
}

/* convert_f32(convert_i32(x) - z) * s */
static ir_value_id dequantize(parser *p, const op_desc *d, ir_value_id x, const quant_type *q) {
    ir_value_id i = unary(p, d, IR_CONVERT, x, IR_I32);
    i = binary(p, d, IR_SUBTRACT, i, param(p, d, q, true, IR_I32, i));
    ir_value_id f = unary(p, d, IR_CONVERT, i, IR_F32);
    return binary(p, d, IR_MULTIPLY, f, param(p, d, q, false, IR_F32, f));
}

/* clamp(lo, x, hi) in x's type with q's storage bounds. */
static ir_value_id clamp_to_storage(parser *p, const op_desc *d, ir_value_id x, const quant_type *q) {
    ir_dtype t = x < 0 ? IR_F32 : ir_value_type(p->fn, x)->dtype;
    return clamp(p, d, splat(p, d, (double)q->min, t, x), x, splat(p, d, (double)q->max, t, x));
}

/* round_nearest_even(clamp(lo, x / s + z, hi)) of an f32 x, in f32. */
static ir_value_id quantize(parser *p, const op_desc *d, ir_value_id x, const quant_type *q) {
    ir_value_id t = binary(p, d, IR_DIVIDE, x, param(p, d, q, false, IR_F32, x));
    t = binary(p, d, IR_ADD, t, param(p, d, q, true, IR_F32, t));
    return unary(p, d, IR_ROUND_NEAREST_EVEN, clamp_to_storage(p, d, t, q), IR_F32);
}

static bool any_nonzero(const double *v, int n) {
    for (int i = 0; i < n; i++)
        if (v[i] != 0) return true;
    return false;
}

/* x (of quantized type qi) requantized to qo, of element type t. */
static ir_value_id requantize(parser *p, const op_desc *d, ir_value_id x, int qi, int qo, ir_dtype t) {
    if (qi == qo) return unary(p, d, IR_CONVERT, x, t);
    const quant_type *in = quant_of(p, qi), *out = quant_of(p, qo);
    if (in->axis >= 0 && out->axis >= 0 && in->axis != out->axis)
        return fr_unsupported(p, d->at, "unsupported requantization that changes the quantization dimension"), -1;
    const quant_type *axis_of = out->axis >= 0 ? out : in;
    int n = axis_of->n;
    double *m = mem_alloc((size_t)n * 2 * sizeof(double)), *c = m + n;
    if (!m) return fr_nomem(p), -1;
    for (int i = 0; i < n; i++) {
        int a = in->axis >= 0 ? i : 0, b = out->axis >= 0 ? i : 0;
        m[i] = in->scale[a] / out->scale[b];
        c[i] = (double)out->zero_point[b] - (double)in->zero_point[a] * m[i];
    }
    ir_value_id f = unary(p, d, IR_CONVERT, x, IR_F32);
    f = binary(p, d, IR_MULTIPLY, f, per_channel(p, d, axis_of->axis, n, m, IR_F32, f));
    if (any_nonzero(c, n)) f = binary(p, d, IR_ADD, f, per_channel(p, d, axis_of->axis, n, c, IR_F32, f));
    mem_free(m);
    if (ir_dtype_size(t) < 4) f = clamp_to_storage(p, d, f, out);
    return unary(p, d, IR_CONVERT, unary(p, d, IR_ROUND_NEAREST_EVEN, f, IR_F32), t);
}

/* Rewrites d into the expansion's last op: v converted to t (quantized type
 * q, 0: none), which fr_emit then appends. */
static int finish(parser *p, op_desc *d, ir_value_id v, ir_type t, int q) {
    if (v < 0) return -1;
    ir_attrs_free(&d->a);   /* the original op's, copied where the expansion needed them */
    d->a = (ir_attrs){0};
    d->code = IR_CONVERT;
    d->nin = 1;
    d->in[0].id = v;
    d->out.n = 0;
    return fr_typelist_push_quant(p, &d->out, &t, q);
}

/* ---- the op families ----------------------------------------------------------------- */

static int operand_quant(const parser *p, const op_desc *d, int i) { return fr_value_quant(p, d->in[i].id); }

static bool per_tensor(const parser *p, int q) { return q && quant_of(p, q)->axis < 0; }
static bool per_axis(const parser *p, int q) { return q && quant_of(p, q)->axis >= 0; }

/* Dequantize-op-quantize: the op on f32, each quantized result quantized. */
static int lower_qdq(parser *p, op_desc *d) {
    if (d->out.n != 1)
        return fr_unsupported(p, d->at, "unsupported quantized %s with %d results", ir_op_name(d->code), d->out.n);
    for (int i = 0; i < d->nin; i++) {
        int q = operand_quant(p, d, i);
        if (q && (d->in[i].id = dequantize(p, d, d->in[i].id, quant_of(p, q))) < 0) return -1;
    }
    int rq = fr_typelist_quant(&d->out, 0);
    ir_type storage = d->out.v[0];
    if (rq) {
        d->out.v[0].dtype = IR_F32;
        d->out.quant[0] = 0;
    }
    ir_op *op = fr_emit(p, d);
    if (!op) return -1;
    ir_value_id v = op->out[0];
    return finish(p, d, rq ? quantize(p, d, v, quant_of(p, rq)) : v, storage, rq);
}

static int lower_uniform_quantize(parser *p, op_desc *d) {
    int qi = operand_quant(p, d, 0), qo = fr_typelist_quant(&d->out, 0);
    ir_type r = d->out.v[0];
    if (!qo) return fr_error(p, d->at, "stablehlo.uniform_quantize needs a quantized result type");
    if (!ir_type_same_shape(ir_value_type(p->fn, d->in[0].id), &r))
        return fr_error(p, d->at, "stablehlo.uniform_quantize: the result's shape differs from the operand's");
    if (qi) return finish(p, d, requantize(p, d, d->in[0].id, qi, qo, r.dtype), r, qo);
    if (ir_value_type(p->fn, d->in[0].id)->dtype != IR_F32)
        return fr_unsupported(p, d->at, "unsupported stablehlo.uniform_quantize of a type other than f32");
    return finish(p, d, quantize(p, d, d->in[0].id, quant_of(p, qo)), r, qo);
}

static int lower_uniform_dequantize(parser *p, op_desc *d) {
    int qi = operand_quant(p, d, 0);
    ir_type r = d->out.v[0];
    if (!qi || fr_typelist_quant(&d->out, 0) || r.dtype != IR_F32)
        return fr_error(p, d->at, "stablehlo.uniform_dequantize takes a quantized operand to its f32 type");
    if (!ir_type_same_shape(ir_value_type(p->fn, d->in[0].id), &r))
        return fr_error(p, d->at, "stablehlo.uniform_dequantize: the result's shape differs from the operand's");
    return finish(p, d, dequantize(p, d, d->in[0].id, quant_of(p, qi)), r, 0);
}

/* add in integers (see the top of the file); false in *done when the types
 * take the dequantize-op-quantize form instead. */
static int lower_add(parser *p, op_desc *d, bool *done) {
    int ql = operand_quant(p, d, 0), qr = operand_quant(p, d, 1), qo = fr_typelist_quant(&d->out, 0);
    ir_type r = d->out.v[0];
    const quant_type *out = qo ? quant_of(p, qo) : NULL;
    *done = true;
    if (per_tensor(p, ql) && per_tensor(p, qr) && per_tensor(p, qo)) {
        ir_value_id l = requantize(p, d, d->in[0].id, ql, qo, IR_I32);
        ir_value_id s = binary(p, d, IR_ADD, l, requantize(p, d, d->in[1].id, qr, qo, IR_I32));
        s = binary(p, d, IR_SUBTRACT, s, param(p, d, out, true, IR_I32, s));
        return finish(p, d, out->storage == IR_I32 ? s : clamp_to_storage(p, d, s, out), r, qo);
    }
    if (per_axis(p, qo) && ql == qo && qr == qo && out->storage == IR_I32) {
        ir_value_id s = binary(p, d, IR_ADD, d->in[0].id, d->in[1].id);
        bool zero = true;
        for (int i = 0; i < out->n; i++) zero = zero && out->zero_point[i] == 0;
        return finish(p, d, zero ? s : binary(p, d, IR_SUBTRACT, s, param(p, d, out, true, IR_I32, s)), r, qo);
    }
    *done = false;
    return 0;
}

/* a dot_general of a and b with d's attributes, the result in i32. */
static ir_value_id dot_i32(parser *p, const op_desc *d, ir_value_id a, ir_value_id b) {
    if (a < 0 || b < 0) return -1;
    ir_value_id in[2] = {a, b};
    ir_type rt = d->out.v[0];
    rt.dtype = IR_I32;
    ir_op *op = fr_aux_op(p, d, IR_DOT_GENERAL, 2, in, &rt);
    if (!op) return -1;
    if (ir_attrs_copy(&op->a, &d->a, 0)) return fr_nomem(p), -1;
    return op->out[0];
}

/* convert_i32(convert_f32(x) * k) */
static ir_value_id scale_i32(parser *p, const op_desc *d, ir_value_id x, double k) {
    ir_value_id f = unary(p, d, IR_CONVERT, x, IR_F32);
    return unary(p, d, IR_CONVERT, binary(p, d, IR_MULTIPLY, f, splat(p, d, k, IR_F32, f)), IR_I32);
}

/* dot_general in integers (see the top of the file). */
static int lower_dot(parser *p, op_desc *d, int ql, int qr, int qo) {
    const quant_type *lq = quant_of(p, ql), *rq = quant_of(p, qr), *oq = quant_of(p, qo);
    ir_value_id l = unary(p, d, IR_CONVERT, d->in[0].id, IR_I32), r = unary(p, d, IR_CONVERT, d->in[1].id, IR_I32);
    ir_value_id dot = dot_i32(p, d, l, r), offset = -1;
    int64_t lz = lq->zero_point[0], rz = rq->axis < 0 ? rq->zero_point[0] : 0;
    if (lz || rz) {
        ir_value_id lc = binary(p, d, IR_SUBTRACT, l, splat(p, d, (double)lz, IR_I32, l));
        ir_value_id rc = binary(p, d, IR_SUBTRACT, r, splat(p, d, (double)rz, IR_I32, r));
        offset = binary(p, d, IR_SUBTRACT, dot, dot_i32(p, d, lc, rc));
        if (offset < 0) return -1;
    }
    double k = lq->scale[0] * rq->scale[0] / oq->scale[0];
    if (fabs(k - 1.0) > 0.001) {
        dot = scale_i32(p, d, dot, k);
        if (offset >= 0 && (offset = scale_i32(p, d, offset, k)) < 0) return -1;
    }
    ir_value_id zp = splat(p, d, oq->axis < 0 ? (double)oq->zero_point[0] : 0, IR_I32, dot);
    if (offset >= 0) zp = binary(p, d, IR_SUBTRACT, zp, offset);
    return finish(p, d, binary(p, d, IR_ADD, dot, zp), d->out.v[0], qo);
}

/* Whether upstream takes the integer form of a dot-like op: lhs per tensor,
 * rhs and result both per tensor or both per axis. */
static bool integer_dot_like(const parser *p, int ql, int qr, int qo) {
    return per_tensor(p, ql) && ((per_tensor(p, qr) && per_tensor(p, qo)) || (per_axis(p, qr) && per_axis(p, qo)));
}

/* A convolution upstream lowers in integers: rhs zero points (and a per-axis
 * result's) all 0. */
static bool integer_convolution(const parser *p, int qr, int qo) {
    const quant_type *rq = quant_of(p, qr), *oq = quant_of(p, qo);
    for (int i = 0; i < rq->n; i++)
        if (rq->zero_point[i]) return false;
    for (int i = 0; oq->axis >= 0 && i < oq->n; i++)
        if (oq->zero_point[i]) return false;
    return true;
}

/* Ops upstream retypes to the storage type, parameters unchanged. */
static bool moves_data(ir_opcode c) {
    switch (c) {
    case IR_BITCAST_CONVERT: case IR_BROADCAST_IN_DIM: case IR_CONCATENATE: case IR_CONSTANT:
    case IR_DYNAMIC_SLICE: case IR_GATHER: case IR_PAD: case IR_REDUCE_WINDOW: case IR_RESHAPE:
    case IR_RETURN: case IR_SELECT: case IR_SLICE: case IR_TRANSPOSE: case IR_GET_DIMENSION_SIZE:
    case IR_CALL: return true;
    default: return false;
    }
}

/* Ops upstream lowers as dequantize-op-quantize. */
static bool has_qdq_form(ir_opcode c) {
    switch (c) {
    case IR_ABS: case IR_ADD: case IR_ATAN2: case IR_CBRT: case IR_CEIL: case IR_CHOLESKY: case IR_CLAMP:
    case IR_COMPARE: case IR_CONVOLUTION: case IR_COSINE: case IR_DIVIDE: case IR_DOT_GENERAL:
    case IR_EXPONENTIAL_MINUS_ONE: case IR_EXPONENTIAL: case IR_FLOOR: case IR_LOG_PLUS_ONE: case IR_LOGISTIC:
    case IR_LOG: case IR_MAXIMUM: case IR_MINIMUM: case IR_MULTIPLY: case IR_NEGATE: case IR_POWER:
    case IR_REDUCE_PRECISION: case IR_REMAINDER: case IR_ROUND_NEAREST_AFZ: case IR_ROUND_NEAREST_EVEN:
    case IR_RSQRT: case IR_SIGN: case IR_SINE: case IR_SQRT: case IR_SUBTRACT: case IR_TANH: case IR_TAN:
    case IR_TRIANGULAR_SOLVE: return true;
    default: return false;
    }
}

static bool involves_quant(const parser *p, const op_desc *d) {
    for (int i = 0; i < d->nin; i++)
        if (operand_quant(p, d, i)) return true;
    for (int i = 0; i < d->out.n; i++)
        if (fr_typelist_quant(&d->out, i)) return true;
    return false;
}

/* The form upstream takes for d's op and types. */
static int lower_by_op(parser *p, op_desc *d) {
    int q0 = d->nin > 0 ? operand_quant(p, d, 0) : 0, q1 = d->nin > 1 ? operand_quant(p, d, 1) : 0;
    int qo = d->out.n > 0 ? fr_typelist_quant(&d->out, 0) : 0;
    if (moves_data(d->code)) return 0;
    if ((d->code == IR_MAXIMUM || d->code == IR_MINIMUM) && per_tensor(p, q0) && q0 == q1 && q0 == qo) return 0;
    if (d->code == IR_ADD) {
        bool done;
        int rc = lower_add(p, d, &done);
        if (rc || done) return rc;
    }
    if (d->code == IR_DOT_GENERAL && integer_dot_like(p, q0, q1, qo)) return lower_dot(p, d, q0, q1, qo);
    if (d->code == IR_CONVOLUTION && integer_dot_like(p, q0, q1, qo) && integer_convolution(p, q1, qo))
        return fr_unsupported(p, d->at, "unsupported quantized convolution with rhs zero point 0 (upstream's "
                                        "integer form)");
    if (has_qdq_form(d->code)) return lower_qdq(p, d);
    return fr_unsupported(p, d->at, "unsupported %s on quantized types", ir_op_name(d->code));
}

int fr_lower_quant(parser *p, op_desc *d) {
    bool uniform = d->sp == SP_UNIFORM_QUANTIZE || d->sp == SP_UNIFORM_DEQUANTIZE;   /* always checked */
    if (d->quant_lowered || (!uniform && !involves_quant(p, d))) return 0;
    d->quant_lowered = true;   /* the expansion's own fr_emit calls take d as it is */
    if (d->sp == SP_UNIFORM_QUANTIZE) return lower_uniform_quantize(p, d);
    if (d->sp == SP_UNIFORM_DEQUANTIZE) return lower_uniform_dequantize(p, d);
    if (d->code == IR_CONVERT)
        return fr_unsupported(p, d->at, "unsupported stablehlo.convert on quantized types (upstream has none)");
    return lower_by_op(p, d);
}
