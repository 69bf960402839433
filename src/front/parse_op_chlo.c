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
 *
 * The pretty forms are CHLO's: `%x attr-dict? : T -> R` (or `: (T) -> R`),
 * `%a, %b {broadcast_dimensions = array<i64: 1>} : (A, B) -> R`. chlo.top_k
 * is an op of the IR (src/util/top_k.h computes it); its pretty form
 * `chlo.top_k(%x, k = 2) : T -> (V, I)` is read here too. */
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
    if ((a = fr_attr_find(attrs, "broadcast_dimensions")) && fr_attr_read_ints(p, a, &bdims)) return -1;
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

int fr_lower_chlo(parser *p, op_desc *d, op_special sp, const attr_list *attrs) {
    switch (sp) {
    case SP_CHLO_SQUARE: return lower_square(p, d);
    case SP_CHLO_IS_INF:
    case SP_CHLO_IS_POS_INF:
    case SP_CHLO_IS_NEG_INF: return lower_is_inf(p, d, sp);
    case SP_CHLO_CONJ: return lower_conj(p, d);
    case SP_CHLO_CONSTANT_LIKE: return lower_constant_like(p, d, attrs);
    case SP_CHLO_BROADCAST: return lower_broadcast(p, d, attrs);
    case SP_CHLO_RAGGED_DOT: return fr_lower_ragged_dot(p, d, attrs);
    default: return fr_error(p, d->at, "internal error: no expansion for this op");
    }
}

/* `%x, ... attr-dict? : sig` */
int fr_parse_chlo(parser *p, op_desc *d, op_special sp) {
    attr_list attrs = {0};
    if (sp == SP_CHLO_RAGGED_DOT)   /* CHLO prints it in the generic form only */
        return fr_error(p, d->at, "chlo.ragged_dot has only the generic form \"chlo.ragged_dot\"(...)");
    int rc = fr_parse_operands(p, d) || fr_parse_optional_attr_dict(p, &attrs) || fr_sig_same(p, d) ||
             fr_lower_chlo(p, d, sp, &attrs);
    fr_attr_list_free(&attrs);
    return rc ? -1 : 0;
}

/* chlo.top_k's `(%x, k = K) attr-dict? : T -> (V, I)` (an op of the IR). */
int fr_parse_top_k(parser *p, op_desc *d) {
    return expect(p, TK_LPAREN, "'(' after chlo.top_k") || fr_parse_operand(p, d) ||
                   expect(p, TK_COMMA, "',' before 'k'") || fr_parse_named_int(p, "k", &d->a.k) ||
                   expect(p, TK_RPAREN, "')' after k") || fr_skip_attr_dict(p) || fr_sig_same(p, d)
               ? -1
               : 0;
}
