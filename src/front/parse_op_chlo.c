/* parse_op_chlo.c: the CHLO ops that become StableHLO ops as they are read,
 * exactly as XLA's chlo legalization (ChloLegalizeToStablehlo.cpp) expands
 * them; the other CHLO ops JAX emits (sinh, erf, lgamma, next_after ...)
 * are ops of the IR (ir.h).
 *
 *   chlo.square x            x * x; of a complex x + iy, (x - y)(x + y) (0 where
 *                            x is finite and |x| = |y|) + i 2(x y)
 *   chlo.is_inf x            abs(x) == inf
 *   chlo.is_pos_inf x        x == inf
 *   chlo.is_neg_inf x        x == -inf
 *   chlo.conj x              x (real types): a convert to the same type;
 *                            complex(real(x), -imag(x)) (complex types)
 *   chlo.constant_like x     a scalar constant broadcast to x's shape
 *   chlo.broadcast_<op>      each operand broadcast_in_dim to the result's
 *                            shape (broadcast_dimensions for the lower-rank
 *                            one, else numpy's trailing alignment), then op
 *   chlo.top_k(x, k = K)     a stable sort of (x, iota) along the last
 *                            dimension, descending in totalOrder (+NaN
 *                            first, -NaN last, +0 before -0; ties keep the
 *                            lower index first, as XLA's TopK), then the
 *                            first K of both
 *
 * The pretty forms are CHLO's: `%x attr-dict? : T -> R` (or `: (T) -> R`),
 * `%a, %b {broadcast_dimensions = array<i64: 1>} : (A, B) -> R`,
 * `chlo.top_k(%x, k = 2) : T -> (V, I)`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

ir_op *fr_aux_ops(parser *p, const op_desc *d, ir_opcode code, int nin, const ir_value_id *in, int nout,
                  const ir_type *t) {
    ir_op *op = ir_op_append(p->fn, p->block, code, nin, in, nout, t);
    if (!op) {
        fr_nomem(p);
        return NULL;
    }
    op->loc = (ir_loc){p->mod_file, d->at.line, d->at.col};
    return op;
}

ir_op *fr_aux_op(parser *p, const op_desc *d, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t) {
    return fr_aux_ops(p, d, code, nin, in, 1, t);
}

ir_value_id fr_scalar_constant(parser *p, const op_desc *d, ir_dtype t, double v, int64_t iv) {
    ir_type st = ir_type_scalar(t);
    ir_op *op = fr_aux_op(p, d, IR_CONSTANT, 0, NULL, &st);
    if (!op) return -1;
    if (!(op->a.data = mem_calloc(1, ir_type_bytes(&st)))) return fr_nomem(p), -1;
    fr_store_number(t, v, iv, op->a.data);
    return op->out[0];
}

ir_value_id fr_broadcast_to(parser *p, const op_desc *d, ir_value_id x, const ir_type *shape, int n,
                            const int64_t *dims) {
    ir_type t = ir_type_make(ir_value_type(p->fn, x)->dtype, shape->rank, shape->dims);
    ir_op *op = fr_aux_op(p, d, IR_BROADCAST_IN_DIM, 1, &x, &t);
    if (!op) return -1;
    if (ir_ints_set(&op->a.dims, n, dims)) return fr_nomem(p), -1;
    return op->out[0];
}

static int want_operands(parser *p, const op_desc *d, const char *name, int n) {
    if (d->nin != n)
        return fr_error(p, d->at, "%s takes %d operand%s, found %d", name, n, n == 1 ? "" : "s", d->nin);
    if (d->out.n != 1) return fr_error(p, d->at, "%s has 1 result, the signature gives %d", name, d->out.n);
    return 0;
}

static int lower_is_inf(parser *p, op_desc *d, op_special sp) {
    const char *name = sp == SP_CHLO_IS_INF ? "chlo.is_inf" : sp == SP_CHLO_IS_POS_INF ? "chlo.is_pos_inf"
                                                                                       : "chlo.is_neg_inf";
    if (want_operands(p, d, name, 1)) return -1;
    ir_type t = *ir_value_type(p->fn, d->in[0].id);
    if (!ir_dtype_is_float(t.dtype)) return fr_error(p, d->at, "%s needs a floating-point operand", name);
    ir_value_id x = d->in[0].id;
    if (sp == SP_CHLO_IS_INF) {
        ir_op *abs = fr_aux_op(p, d, IR_ABS, 1, &x, &t);
        if (!abs) return -1;
        x = abs->out[0];
    }
    ir_value_id inf = fr_scalar_constant(p, d, t.dtype, sp == SP_CHLO_IS_NEG_INF ? -INFINITY : INFINITY, 0);
    if (inf < 0 || (inf = fr_broadcast_to(p, d, inf, &t, 0, NULL)) < 0) return -1;
    operand rhs = {.id = inf, .tok = d->in[0].tok};
    d->in[0].id = x;
    if (fr_push_operand(p, d, rhs)) return -1;
    d->a.cmp = IR_CMP_EQ;
    d->a.cmp_type = IR_CMPT_FLOAT;
    return 0;
}

static int lower_constant_like(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    if (want_operands(p, d, "chlo.constant_like", 1) || !(a = fr_attr_require(p, attrs, "value", d->at))) return -1;
    ir_type r = d->out.v[0];
    double v = 0;
    int64_t iv = 0;
    bool b = false;
    int rc = ir_dtype_is_float(r.dtype) ? fr_attr_read_float(p, a, &v)
           : r.dtype == IR_I1           ? fr_attr_read_bool(p, a, &b)
                                        : fr_attr_read_int(p, a, &iv);
    if (rc) return -1;
    if (r.dtype == IR_I1) iv = b;
    ir_value_id c = fr_scalar_constant(p, d, r.dtype, v, iv);
    if (c < 0) return -1;
    d->in[0].id = c;   /* the operand gives only the shape */
    return 0;
}

/* Each operand whose shape is not the result's is broadcast to it. */
static int lower_broadcast(parser *p, op_desc *d, const attr_list *attrs) {
    char name[64];   /* chlo.broadcast_add for stablehlo.add, chlo.broadcast_zeta for chlo.zeta */
    const char *op_name = ir_op_name(d->code);
    snprintf(name, sizeof name, "chlo.broadcast_%s", strchr(op_name, '.') + 1);
    int want = d->code == IR_SELECT ? 3 : 2;
    if (want_operands(p, d, name, want)) return -1;
    const attr_ref *a;
    ir_ints bdims = {0};
    if ((a = fr_attr_find(attrs, "broadcast_dimensions")) && fr_attr_read_ints(p, a, &bdims)) {
        mem_free(bdims.v);   /* a list read before its value turned out malformed */
        return -1;
    }
    int rc = 0;
    if (d->code == IR_COMPARE) {
        rc = !(a = fr_attr_require(p, attrs, "comparison_direction", d->at)) || fr_attr_read_cmp_dir(p, a, &d->a.cmp);
        if (!rc && (a = fr_attr_find(attrs, "compare_type"))) rc = fr_attr_read_cmp_type(p, a, &d->a.cmp_type);
    }
    ir_type r = d->out.v[0];
    int max_rank = 0;
    for (int i = 0; i < d->nin; i++) {
        int rank = ir_value_type(p->fn, d->in[i].id)->rank;
        if (rank > max_rank) max_rank = rank;
    }
    for (int i = 0; !rc && i < d->nin; i++) {
        ir_type t = *ir_value_type(p->fn, d->in[i].id);
        bool same = t.rank == r.rank;
        for (int j = 0; same && j < t.rank; j++) same = t.dims[j] == r.dims[j];
        if (same) continue;
        if (t.rank > r.rank) {
            rc = fr_error(p, d->in[i].tok.at, "%s: an operand of rank %d for a result of rank %d", name, t.rank, r.rank);
            break;
        }
        int64_t dims[IR_MAX_RANK];
        bool given = bdims.n > 0 && t.rank < max_rank;
        if (given && bdims.n != t.rank) {
            rc = fr_error(p, d->at, "%s: broadcast_dimensions has %d entries for an operand of rank %d", name,
                          bdims.n, t.rank);
            break;
        }
        for (int j = 0; j < t.rank; j++) dims[j] = given ? bdims.v[j] : r.rank - t.rank + j;
        ir_value_id b = fr_broadcast_to(p, d, d->in[i].id, &r, t.rank, dims);
        if (b < 0) rc = -1;
        else d->in[i].id = b;
    }
    mem_free(bdims.v);
    return rc;
}

static int lower_top_k(parser *p, op_desc *d, const attr_list *attrs, int64_t k) {
    const attr_ref *a;
    if (d->nin != 1) return fr_error(p, d->at, "chlo.top_k takes 1 operand, found %d", d->nin);
    if (d->out.n != 2) return fr_error(p, d->at, "chlo.top_k has 2 results, the signature gives %d", d->out.n);
    if (k < 0 && (!(a = fr_attr_require(p, attrs, "k", d->at)) || fr_attr_read_int(p, a, &k))) return -1;
    ir_type x = *ir_value_type(p->fn, d->in[0].id), it = d->out.v[1];
    int r = x.rank;
    if (r < 1) return fr_error(p, d->at, "chlo.top_k needs an operand of rank 1 or more");
    if (k < 0 || k > x.dims[r - 1])
        return fr_error(p, d->at, "chlo.top_k: k = %lld is not between 0 and %lld", (long long)k,
                        (long long)x.dims[r - 1]);
    if (!ir_dtype_is_int(it.dtype)) return fr_error(p, d->at, "chlo.top_k: the indices must be integers");
    ir_type iota_t = ir_type_make(it.dtype, r, x.dims);
    ir_op *iota = fr_aux_op(p, d, IR_IOTA, 0, NULL, &iota_t);
    if (!iota) return -1;
    iota->a.axis = r - 1;
    ir_value_id in[2] = {d->in[0].id, iota->out[0]};
    ir_type outs[2] = {x, iota_t};
    ir_op *sort = ir_op_append(p->fn, p->block, IR_SORT, 2, in, 2, outs);
    if (!sort) return fr_nomem(p);
    sort->loc = iota->loc;
    sort->a.axis = r - 1;
    sort->a.is_stable = true;
    /* the comparator: lhs value > rhs value, totalOrder on floats */
    ir_block *b = ir_op_add_region(sort);
    if (!b) return fr_nomem(p);
    ir_type sv = ir_type_scalar(x.dtype), si = ir_type_scalar(it.dtype), pred = ir_type_scalar(IR_I1);
    ir_value_id lhs = ir_block_add_arg(p->fn, b, &sv), rhs = ir_block_add_arg(p->fn, b, &sv);
    if (lhs < 0 || rhs < 0 || ir_block_add_arg(p->fn, b, &si) < 0 || ir_block_add_arg(p->fn, b, &si) < 0)
        return fr_nomem(p);
    ir_value_id pair[2] = {lhs, rhs};
    ir_op *gt = ir_op_append(p->fn, b, IR_COMPARE, 2, pair, 1, &pred);
    if (!gt) return fr_nomem(p);
    gt->loc = iota->loc;
    gt->a.cmp = IR_CMP_GT;
    gt->a.cmp_type = ir_dtype_is_float(x.dtype) ? IR_CMPT_TOTALORDER : IR_CMPT_NOTYPE;
    ir_op *ret = ir_op_append(p->fn, b, IR_RETURN, 1, &gt->out[0], 0, NULL);
    if (!ret) return fr_nomem(p);
    ret->loc = iota->loc;
    /* the first k of each: values here, indices as the statement's own op */
    int64_t zeros[IR_MAX_RANK] = {0}, ones[IR_MAX_RANK], limit[IR_MAX_RANK];
    for (int i = 0; i < r; i++) ones[i] = 1, limit[i] = x.dims[i];
    limit[r - 1] = k;
    ir_type vt = d->out.v[0];
    ir_value_id sorted_values = sort->out[0], sorted_indices = sort->out[1];
    ir_op *values = fr_aux_op(p, d, IR_SLICE, 1, &sorted_values, &vt);
    if (!values) return -1;
    if (ir_ints_set(&values->a.start, r, zeros) || ir_ints_set(&values->a.limit, r, limit) ||
        ir_ints_set(&values->a.stride, r, ones) || ir_ints_set(&d->a.start, r, zeros) ||
        ir_ints_set(&d->a.limit, r, limit) || ir_ints_set(&d->a.stride, r, ones))
        return fr_nomem(p);
    d->in[0].id = sorted_indices;
    d->out.v[0] = it;
    d->out.n = 1;
    d->bind_first = values->out[0];
    d->bind_count = 2;
    return 0;
}

/* One more op of the expansion on the values in (part-typed like t). */
static ir_value_id aux(parser *p, const op_desc *d, ir_opcode code, int nin, const ir_value_id *in,
                       const ir_type *t) {
    for (int i = 0; i < nin; i++)
        if (in[i] < 0) return -1;
    ir_op *op = fr_aux_op(p, d, code, nin, in, t);
    return op ? op->out[0] : -1;
}

static ir_value_id aux2(parser *p, const op_desc *d, ir_opcode code, ir_value_id a, ir_value_id b, const ir_type *t) {
    ir_value_id in[2] = {a, b};
    return aux(p, d, code, 2, in, t);
}

static ir_value_id aux_splat(parser *p, const op_desc *d, const ir_type *t, double v) {
    ir_value_id c = fr_scalar_constant(p, d, t->dtype, v, 0);
    return c < 0 ? -1 : fr_broadcast_to(p, d, c, t, 0, NULL);
}

/* chlo.square of a complex z = x + iy as CHLO's decomposition writes it:
 * the real part 0 where x is finite and |x| = |y|, else (x - y)(x + y);
 * the imaginary part 2 (x y). */
static int lower_complex_square(parser *p, op_desc *d, const ir_type *t) {
    ir_type part = *t, pred = *t;
    part.dtype = ir_dtype_complex_part(t->dtype);
    pred.dtype = IR_I1;
    ir_value_id z = d->in[0].id;
    ir_value_id x = aux(p, d, IR_REAL, 1, &z, &part), y = aux(p, d, IR_IMAG, 1, &z, &part);
    ir_value_id ax = aux(p, d, IR_ABS, 1, &x, &part), ay = aux(p, d, IR_ABS, 1, &y, &part);
    ir_op *same = ax < 0 || ay < 0 ? NULL : fr_aux_op(p, d, IR_COMPARE, 2, (ir_value_id[]){ax, ay}, &pred);
    if (!same) return -1;
    same->a.cmp = IR_CMP_EQ;
    ir_value_id zero = aux2(p, d, IR_AND, aux(p, d, IR_IS_FINITE, 1, &x, &pred), same->out[0], &pred);
    ir_value_id prod = aux2(p, d, IR_MULTIPLY, aux2(p, d, IR_SUBTRACT, x, y, &part), aux2(p, d, IR_ADD, x, y, &part), &part);
    ir_value_id re = aux(p, d, IR_SELECT, 3, (ir_value_id[]){zero, aux_splat(p, d, &part, 0.0), prod}, &part);
    ir_value_id im = aux2(p, d, IR_MULTIPLY, aux_splat(p, d, &part, 2.0), aux2(p, d, IR_MULTIPLY, x, y, &part), &part);
    if (re < 0 || im < 0) return -1;
    d->code = IR_COMPLEX;
    d->in[0].id = re;
    return fr_push_operand(p, d, (operand){.id = im, .tok = d->in[0].tok});
}

static int lower_square(parser *p, op_desc *d) {
    if (want_operands(p, d, "chlo.square", 1)) return -1;
    ir_type t = *ir_value_type(p->fn, d->in[0].id);
    return ir_dtype_is_complex(t.dtype) ? lower_complex_square(p, d, &t) : fr_push_operand(p, d, d->in[0]);
}

static int lower_conj(parser *p, op_desc *d) {
    if (want_operands(p, d, "chlo.conj", 1)) return -1;
    ir_type t = *ir_value_type(p->fn, d->in[0].id);
    if (!ir_dtype_is_complex(t.dtype)) return 0;
    ir_type part = t;
    part.dtype = ir_dtype_complex_part(t.dtype);
    ir_op *re = fr_aux_op(p, d, IR_REAL, 1, &d->in[0].id, &part), *im = fr_aux_op(p, d, IR_IMAG, 1, &d->in[0].id, &part);
    if (!re || !im) return -1;
    ir_op *neg = fr_aux_op(p, d, IR_NEGATE, 1, &im->out[0], &part);
    if (!neg) return -1;
    d->code = IR_COMPLEX;
    d->in[0].id = re->out[0];
    return fr_push_operand(p, d, (operand){.id = neg->out[0], .tok = d->in[0].tok});
}

int fr_lower_chlo(parser *p, op_desc *d, op_special sp, const attr_list *attrs, int64_t k) {
    switch (sp) {
    case SP_CHLO_SQUARE: return lower_square(p, d);
    case SP_CHLO_IS_INF:
    case SP_CHLO_IS_POS_INF:
    case SP_CHLO_IS_NEG_INF: return lower_is_inf(p, d, sp);
    case SP_CHLO_CONJ: return lower_conj(p, d);
    case SP_CHLO_CONSTANT_LIKE: return lower_constant_like(p, d, attrs);
    case SP_CHLO_BROADCAST: return lower_broadcast(p, d, attrs);
    case SP_CHLO_TOP_K: return lower_top_k(p, d, attrs, k);
    case SP_CHLO_RAGGED_DOT: return fr_lower_ragged_dot(p, d, attrs);
    default: return fr_error(p, d->at, "internal error: no expansion for this op");
    }
}

/* `%x, ... attr-dict? : sig`, or top_k's `(%x, k = K) attr-dict? : T -> (V, I)`. */
int fr_parse_chlo(parser *p, op_desc *d, op_special sp) {
    attr_list attrs = {0};
    int64_t k = -1;
    int rc;
    if (sp == SP_CHLO_RAGGED_DOT)   /* CHLO prints it in the generic form only */
        return fr_error(p, d->at, "chlo.ragged_dot has only the generic form \"chlo.ragged_dot\"(...)");
    if (sp == SP_CHLO_TOP_K)
        rc = expect(p, TK_LPAREN, "'(' after chlo.top_k") || fr_parse_operand(p, d) ||
             expect(p, TK_COMMA, "',' before 'k'") || fr_parse_named_int(p, "k", &k) ||
             expect(p, TK_RPAREN, "')' after k");
    else
        rc = fr_parse_operands(p, d);
    if (!rc) rc = fr_parse_optional_attr_dict(p, &attrs) || fr_sig_same(p, d);
    if (!rc && sp == SP_CHLO_TOP_K && k < 0) rc = fr_error(p, d->at, "chlo.top_k: k = %lld is negative", (long long)k);
    if (!rc) rc = fr_lower_chlo(p, d, sp, &attrs, k);
    fr_attr_list_free(&attrs);
    return rc ? -1 : 0;
}
