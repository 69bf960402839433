/* simplify.c: pass_simplify, algebraic identities that hold bit for bit.
 *
 * "c" below is a splat: a constant whose elements all have one bit pattern,
 * or a broadcast_in_dim / reshape of one. Operand order does not matter
 * where the op commutes. An op replaced by a value it reads is removed and
 * its uses renamed; the ops it read are left for DCE.
 *
 * Replaced by an operand (x):
 *   x * 1, x / 1                       floats, integers (and x * true for i1)
 *   x + (-0.0)                         floats: -0 + -0 = -0 and +0 + -0 = +0
 *   x + 0                              integers, i1 (where + is or)
 *   x - (+0.0), x - 0                  floats, integers
 *   x & ~0, x | 0, x ^ 0               integers and i1 (~0: all ones; true)
 *   x << 0, x >> 0 (both shifts)       integers
 *   max(x, x), min(x, x), x & x, x | x
 *   -(-x), not(not x)                  also for the wrapping INT_MIN
 *   convert to x's own element type
 *   reshape to x's shape, transpose by the identity permutation,
 *   broadcast_in_dim to x's shape with dims 0, 1, ..., a slice starting at
 *   0 with x's shape (then every stride picks all of x), a reverse of
 *   dimensions of size <= 1, a concatenate of x alone
 *   select(p, x, x); select(c, x, y) is x for c true, y for c false
 * Replaced by the splat operand (c):
 *   x & 0, x | ~0                      integers and i1
 * Rewritten in place (then checked against the rules above):
 *   reshape(reshape x)                 -> reshape x
 *   transpose(transpose(x, p), q)      -> transpose(x, i -> p[q[i]])
 *   broadcast_in_dim(broadcast_in_dim(x, d), e) -> broadcast_in_dim(x, i -> e[d[i]])
 *   transpose(dot_general(a, b)) putting b's free dims before a's (batch
 *     dims first, unit dims anywhere) -> reshape(dot_general(b, a)), when
 *     the dot has no other reader (each sum is the same products in the
 *     same order, and a*b == b*a exactly); the gradient of x @ w comes out
 *     of JAX in this form, and as a plain dot it can take an epilogue (the
 *     SGD update)
 *   dot_general(transpose(x), y) (either side), the transpose keeping the
 *     order of the free dims -> dot_general(x, y), its batch and
 *     contracting dims renumbered (the same sums in the same order)
 *   transpose(dot_general(a, b)) reordering one side's free dims, that
 *     side's operand at most half the result -> dot_general(transpose(a),
 *     b) (or with b), in the transpose's order (see "free dims in their
 *     reader's order")
 *
 * Deliberately absent, because each changes a result for some input:
 * x + 0.0 and x - (-0.0) (give +0 for x = -0), x * 0 (NaN, infinities,
 * -0), x - x and x / x (NaN, infinities), x == x, and anything that
 * reassociates floating point. x * 1 and x / 1 are exact for every x,
 * NaN, infinities and -0 included. Checks are never touched. */
#include <string.h>

#include "../check/elem.h"
#include "../util/mem.h"
#include "rewrite.h"

/* ---- splat constants ------------------------------------------------------------ */

/* Element k's bit pattern, i1 read as 0 or 1 like the evaluator does. */
static uint64_t element_bits(ir_dtype t, const void *data, int64_t k) {
    uint64_t bits = elem_bits_at(t, data, k);
    return t == IR_I1 ? bits != 0 : bits;
}

/* True when v always holds one bit pattern in every element, written to
 * *bits: a constant with equal elements, or a broadcast or reshape of one. */
static bool splat_bits(const ir_func *f, ir_value_id v, uint64_t *bits) {
    const ir_op *def = f->values[v].def;
    /* a loop, not a recursion: a chain may be 10^5 links long, which overflowed
       the stack wherever the compiler made no tail call of it (-O0) */
    while (def && (def->code == IR_BROADCAST_IN_DIM || def->code == IR_RESHAPE)) {
        v = def->in[0];
        def = f->values[v].def;
    }
    if (!def) return false;
    const ir_type *t = &f->values[v].type;
    int64_t n = ir_type_numel(t);
    if (def->code != IR_CONSTANT || n < 1 || !def->a.data) return false;
    *bits = element_bits(t->dtype, def->a.data, 0);
    for (int64_t k = 1; k < n; k++)
        if (element_bits(t->dtype, def->a.data, k) != *bits) return false;
    return true;
}

static bool is_splat(const ir_func *f, ir_value_id v, uint64_t bits) {
    uint64_t got;
    return splat_bits(f, v, &got) && got == bits;
}

/* The bit patterns the rules look for, per element type. */
static uint64_t one_bits(ir_dtype t) {
    switch (t) {
    case IR_F32: return 0x3f800000u;
    case IR_F64: return UINT64_C(0x3ff0000000000000);
    case IR_F16: return 0x3c00u;
    case IR_BF16: return 0x3f80u;
    default: return ir_dtype_minifloat(t, NULL) ? ir_minifloat_bits(t, 1.0) : 1;
    }
}

/* -0 (a float's sign bit alone): x + -0 is x for every x. A minifloat
 * without -0 (FNUZ: its pattern is NaN; FNU) stores -0 as +0, which it
 * is not (-0 + +0 is +0), so nothing matches there. */
static uint64_t negative_zero_bits(ir_dtype t) {
    if (ir_dtype_minifloat(t, NULL)) {
        unsigned b = ir_minifloat_bits(t, -0.0);
        return b && ir_minifloat_value(t, b) == 0 ? b : UINT64_MAX;
    }
    return UINT64_C(1) << (ir_dtype_size(t) * 8 - 1);
}

static uint64_t all_ones_bits(ir_dtype t) {
    int bits = ir_dtype_bits(t);
    return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

/* ---- binary ops ------------------------------------------------------------------ */

/* The operand that is not a splat of `bits` when one of a, b is (b first). */
static ir_value_id other_than_splat(const ir_func *f, ir_value_id a, ir_value_id b, uint64_t bits) {
    if (is_splat(f, b, bits)) return a;
    if (is_splat(f, a, bits)) return b;
    return -1;
}

/* The operand that is a splat of `bits` (it absorbs the other), if any. */
static ir_value_id the_splat(const ir_func *f, ir_value_id a, ir_value_id b, uint64_t bits) {
    if (is_splat(f, b, bits)) return b;
    if (is_splat(f, a, bits)) return a;
    return -1;
}

/* a when b is a splat of bits (for ops that do not commute). */
static ir_value_id lhs_if_rhs_splat(const ir_func *f, ir_value_id a, ir_value_id b, uint64_t bits) {
    return is_splat(f, b, bits) ? a : -1;
}

static ir_value_id first_found(ir_value_id x, ir_value_id y) { return x >= 0 ? x : y; }

static ir_value_id simplified_binary(const ir_func *f, const ir_op *op) {
    ir_value_id a = op->in[0], b = op->in[1];
    ir_dtype t = f->values[op->out[0]].type.dtype;
    bool is_float = ir_dtype_is_float(t), is_int = ir_dtype_is_int(t), is_bits = is_int || t == IR_I1;
    switch (op->code) {
    case IR_MULTIPLY: return other_than_splat(f, a, b, one_bits(t));
    case IR_DIVIDE: return is_float || is_int ? lhs_if_rhs_splat(f, a, b, one_bits(t)) : -1;
    case IR_ADD: return other_than_splat(f, a, b, is_float ? negative_zero_bits(t) : 0);
    case IR_SUBTRACT: return is_float || is_int ? lhs_if_rhs_splat(f, a, b, 0) : -1;
    case IR_MAXIMUM: case IR_MINIMUM: return a == b ? a : -1;
    case IR_AND:
        if (!is_bits) return -1;
        if (a == b) return a;
        return first_found(other_than_splat(f, a, b, all_ones_bits(t)), the_splat(f, a, b, 0));
    case IR_OR:
        if (!is_bits) return -1;
        if (a == b) return a;
        return first_found(other_than_splat(f, a, b, 0), the_splat(f, a, b, all_ones_bits(t)));
    case IR_XOR: return is_bits ? other_than_splat(f, a, b, 0) : -1;
    case IR_SHIFT_LEFT: case IR_SHIFT_RIGHT_ARITHMETIC: case IR_SHIFT_RIGHT_LOGICAL:
        return is_int ? lhs_if_rhs_splat(f, a, b, 0) : -1;
    default: return -1;
    }
}

/* ---- shape ops ------------------------------------------------------------------- */

static bool is_identity_permutation(const ir_ints *p) {
    for (int i = 0; i < p->n; i++)
        if (p->v[i] != i) return false;
    return true;
}

static bool all_zero(const ir_ints *p) {
    for (int i = 0; i < p->n; i++)
        if (p->v[i] != 0) return false;
    return true;
}

/* dst[i] = then[first[i]] for i < n: two dimension maps composed. dst
 * may be the storage of either list. */
static void compose_into(int64_t *dst, const ir_ints *first, const ir_ints *then, int n) {
    int64_t tmp[IR_MAX_RANK];
    for (int i = 0; i < n; i++) tmp[i] = then->v[first->v[i]];
    memcpy(dst, tmp, (size_t)n * sizeof *tmp);
}

/* reshape(reshape x) reads x directly. */
static void merge_reshapes(const ir_func *f, ir_op *op) {
    if (pass_defined_by(f, op->in[0], IR_RESHAPE)) op->in[0] = f->values[op->in[0]].def->in[0];
}

/* transpose(transpose(x, p), q) is transpose(x, i -> p[q[i]]). */
static void merge_transposes(const ir_func *f, ir_op *op) {
    if (!pass_defined_by(f, op->in[0], IR_TRANSPOSE)) return;
    const ir_op *inner = f->values[op->in[0]].def;
    if (inner->a.dims.n != op->a.dims.n || op->a.dims.n > IR_MAX_RANK) return;
    compose_into(op->a.dims.v, &op->a.dims, &inner->a.dims, op->a.dims.n);
    op->in[0] = inner->in[0];
}

/* broadcast_in_dim(broadcast_in_dim(x, d), e) is broadcast_in_dim(x,
 * i -> e[d[i]]): x's dim i went to dim d[i] of the middle, which went to
 * e[d[i]]. Each dim of x is 1 or kept its size all the way, so the rule
 * of broadcast_in_dim still holds. The list shrinks to x's rank in place. */
static void merge_broadcasts(const ir_func *f, ir_op *op) {
    if (!pass_defined_by(f, op->in[0], IR_BROADCAST_IN_DIM)) return;
    const ir_op *inner = f->values[op->in[0]].def;
    int n = inner->a.dims.n;
    if (n > op->a.dims.n || n > IR_MAX_RANK) return;
    compose_into(op->a.dims.v, &inner->a.dims, &op->a.dims, n);
    op->a.dims.n = n;
    if (n == 0) {   /* ir_ints: v is NULL when n is 0 */
        mem_free(op->a.dims.v);
        op->a.dims.v = NULL;
    }
    op->in[0] = inner->in[0];
}

/* Whether transpose perm (result dim d is operand dim perm[d]) of a
 * dot_general's result of type t, with nb batch dims and nl lhs free dims,
 * lists its dims of size above 1 as the batch dims, then the rhs free
 * dims, then the lhs free dims, each group in order: the product of the
 * swapped operands, in the transpose's element order. */
static bool puts_rhs_free_first(const ir_ints *perm, const ir_type *t, int nb, int nl) {
    int next[3] = {0, nb + nl, nb}, end[3] = {nb, t->rank, nb + nl}, group = 0;
    for (int d = 0; d < perm->n; d++) {
        int64_t k = perm->v[d];
        if (t->dims[k] == 1) continue;
        while (group < 3 && !(k >= next[group] && k < end[group])) group++;
        if (group == 3 || k < next[group]) return false;
        next[group] = (int)k + 1;
    }
    return true;
}

/* Makes dot_general(a, b), read only by transpose op, the product
 * dot_general(b, a) in the transpose's element order, when the transpose
 * puts b's free dims before a's (the batch dims first; dims of size 1 go
 * anywhere): the dot's result takes the swapped product's type and op
 * becomes a reshape of it (folded away where the shapes agree). Each sum
 * is the same products in the same order, and a*b == b*a exactly. The
 * gradient of x @ w comes out of JAX in this form, and as a plain dot it
 * can take an epilogue (the SGD update); attention's scores come out with
 * the keys innermost, the softmax's rows contiguous. */
static void absorb_transpose_into_dot(ir_func *f, ir_op *op, const int *uses) {
    if (!pass_defined_by(f, op->in[0], IR_DOT_GENERAL) || uses[op->in[0]] != 1) return;
    ir_op *dot = f->values[op->in[0]].def;
    ir_type *t = &f->values[dot->out[0]].type;
    const ir_type *lt = &f->values[dot->in[0]].type;
    int nb = dot->a.lhs_batch.n, nl = lt->rank - nb - dot->a.lhs_contract.n;
    if (t->rank > IR_MAX_RANK || !puts_rhs_free_first(&op->a.dims, t, nb, nl)) return;
    ir_attrs a = {0};
    if (ir_ints_set(&a.lhs_batch, dot->a.rhs_batch.n, dot->a.rhs_batch.v) ||
        ir_ints_set(&a.rhs_batch, dot->a.lhs_batch.n, dot->a.lhs_batch.v) ||
        ir_ints_set(&a.lhs_contract, dot->a.rhs_contract.n, dot->a.rhs_contract.v) ||
        ir_ints_set(&a.rhs_contract, dot->a.lhs_contract.n, dot->a.lhs_contract.v)) {
        ir_attrs_free(&a);
        return;
    }
    int64_t dims[IR_MAX_RANK];
    int n = 0;
    for (int d = 0; d < nb; d++) dims[n++] = t->dims[d];
    for (int d = nb + nl; d < t->rank; d++) dims[n++] = t->dims[d];
    for (int d = nb; d < nb + nl; d++) dims[n++] = t->dims[d];
    memcpy(t->dims, dims, (size_t)n * sizeof *dims);
    ir_value_id lhs = dot->in[0];
    dot->in[0] = dot->in[1];
    dot->in[1] = lhs;
    ir_attrs_free(&dot->a);
    dot->a = a;
    ir_attrs_free(&op->a);
    op->a = (ir_attrs){0};
    op->code = IR_RESHAPE;
}

/* Whether the transpose perm (result dim d is operand dim perm[d]) keeps
 * the order of dot_general operand dims that are neither batch nor
 * contracting dims (the free dims, which give the result's order). */
static bool keeps_free_order(const ir_ints *perm, const ir_ints *batch, const ir_ints *contract) {
    int64_t last = -1;
    for (int d = 0; d < perm->n; d++) {
        bool free = true;
        for (int i = 0; i < batch->n; i++) free &= batch->v[i] != d;
        for (int i = 0; i < contract->n; i++) free &= contract->v[i] != d;
        if (!free) continue;
        if (perm->v[d] < last) return false;
        last = perm->v[d];
    }
    return true;
}

/* Makes dot_general op read through a transpose of either operand that
 * keeps the order of its free dims: the batch and contracting dims are
 * renumbered instead (the same products summed in the same order), so the
 * transposed copy is never made (a tied embedding's logits, h . E^T). The
 * transpose stays for its other readers, if any. */
static void absorb_operand_transposes(const ir_func *f, ir_op *op) {
    for (int side = 0; side < 2; side++) {
        if (!pass_defined_by(f, op->in[side], IR_TRANSPOSE)) continue;
        const ir_op *t = f->values[op->in[side]].def;
        ir_ints *batch = side ? &op->a.rhs_batch : &op->a.lhs_batch;
        ir_ints *contract = side ? &op->a.rhs_contract : &op->a.lhs_contract;
        if (!keeps_free_order(&t->a.dims, batch, contract)) continue;
        for (int i = 0; i < batch->n; i++) batch->v[i] = t->a.dims.v[batch->v[i]];
        for (int i = 0; i < contract->n; i++) contract->v[i] = t->a.dims.v[contract->v[i]];
        op->in[side] = t->in[0];
    }
}

static bool same_type(const ir_func *f, ir_value_id a, ir_value_id b) {
    return ir_type_eq(&f->values[a].type, &f->values[b].type);
}

static bool reverses_nothing(const ir_func *f, const ir_op *op) {
    const ir_type *t = &f->values[op->in[0]].type;
    for (int i = 0; i < op->a.dims.n; i++) {
        int64_t dim = op->a.dims.v[i];
        if (dim < 0 || dim >= t->rank || t->dims[dim] > 1) return false;
    }
    return true;
}

/* ---- every op ---------------------------------------------------------------------- */

/* The value op's (only) result always equals, or -1; op may be rewritten
 * in place into a cheaper equivalent first. */
static ir_value_id simplified(ir_func *f, ir_op *op, const int *uses) {
    if (ir_op_kind_of(op->code) == IR_KIND_BINARY) return simplified_binary(f, op);
    ir_value_id x = op->nin > 0 ? op->in[0] : -1, out = op->nout == 1 ? op->out[0] : -1;
    if (out < 0) return -1;
    uint64_t pred;
    switch (op->code) {
    case IR_NEGATE: case IR_NOT:
        return pass_defined_by(f, x, op->code) ? f->values[x].def->in[0] : -1;
    case IR_CONVERT: return same_type(f, x, out) ? x : -1;
    case IR_RESHAPE:
        merge_reshapes(f, op);
        return same_type(f, op->in[0], out) ? op->in[0] : -1;
    case IR_TRANSPOSE:
        merge_transposes(f, op);
        if (is_identity_permutation(&op->a.dims)) return op->in[0];
        absorb_transpose_into_dot(f, op, uses);
        return op->code == IR_RESHAPE && same_type(f, op->in[0], out) ? op->in[0] : -1;
    case IR_BROADCAST_IN_DIM:
        merge_broadcasts(f, op);
        return same_type(f, op->in[0], out) && is_identity_permutation(&op->a.dims) ? op->in[0] : -1;
    case IR_DOT_GENERAL:
        absorb_operand_transposes(f, op);
        return -1;
    case IR_SLICE: return same_type(f, x, out) && all_zero(&op->a.start) ? x : -1;
    case IR_REVERSE: return reverses_nothing(f, op) ? x : -1;
    case IR_CONCATENATE: return op->nin == 1 ? x : -1;
    case IR_SELECT:
        if (op->in[1] == op->in[2]) return op->in[1];
        if (splat_bits(f, op->in[0], &pred)) return pred ? op->in[1] : op->in[2];
        return -1;
    default: return -1;
    }
}

/* ---- free dims in their reader's order ---------------------------------------------
 * transpose(dot_general(a, b)) that reorders one side's free dims, the
 * batch dims first and the other side's free dims after in their order,
 * is how grouped-query attention's scores come out of JAX (the query's
 * head-group dim moved before its position, the keys innermost). No swap
 * of the operands makes that order, and the softmax that reads the scores
 * would read them with a stride. When that side's operand holds at most
 * half the result's elements, the operand is transposed instead and the
 * dot makes the transpose's element order itself (the same sums in the
 * same order): a copy of the smaller operand for contiguous rows of the
 * larger result. */

/* Operand dim p of side `lhs` of dot d is free: neither batch nor contracting. */
static bool is_free_dim(const ir_op *d, bool lhs, int64_t p) {
    const ir_ints *batch = lhs ? &d->a.lhs_batch : &d->a.rhs_batch;
    const ir_ints *contract = lhs ? &d->a.lhs_contract : &d->a.rhs_contract;
    for (int i = 0; i < batch->n; i++)
        if (batch->v[i] == p) return false;
    for (int i = 0; i < contract->n; i++)
        if (contract->v[i] == p) return false;
    return true;
}

/* Whether perm (over dot d's result: nb batch dims, nl lhs free dims, then
 * the rhs's) lists the batch dims in order, then one side's free dims in
 * any order (the lhs's when *lhs_moved), then the other side's in order. */
static bool reorders_one_side(const ir_ints *perm, int rank, int nb, int nl, bool *lhs_moved) {
    for (int d = 0; d < nb; d++)
        if (perm->v[d] != d) return false;
    if (nb == rank) return false;
    *lhs_moved = perm->v[nb] < nb + nl;
    int first = *lhs_moved ? nb : nb + nl, n = *lhs_moved ? nl : rank - nb - nl;
    for (int d = nb; d < nb + n; d++)
        if (perm->v[d] < first || perm->v[d] >= first + n) return false;
    int next = *lhs_moved ? nb + nl : nb;
    for (int d = nb + n; d < rank; d++)
        if (perm->v[d] != next++) return false;
    return true;
}

/* The transpose of the moved side's operand (type ot) that puts its free
 * dims in the order perm gives them, its other dims kept: tau. */
static void operand_order(const ir_op *d, bool lhs, const ir_type *ot, const ir_ints *perm, int nb, int first,
                          int64_t *tau) {
    int64_t free[IR_MAX_RANK];
    int nfree = 0;
    for (int p = 0; p < ot->rank; p++) {
        tau[p] = p;
        if (is_free_dim(d, lhs, p)) free[nfree++] = p;
    }
    for (int u = 0; u < nfree; u++) tau[free[u]] = free[perm->v[nb + u] - first];
}

/* Rewrites transpose t = b->ops[i] of dot d = b->ops[j] (read by t alone)
 * as above: t becomes the operand's transpose and d, moved after it,
 * computes t's old result. Leaves both alone when the pattern, the sizes
 * or memory say no. */
static void reorder_free_dims(ir_func *f, ir_block *b, int j, int i) {
    ir_op *d = b->ops[j], *t = b->ops[i];
    ir_type out = f->values[t->out[0]].type, lt = f->values[d->in[0]].type, rt = f->values[d->in[1]].type;
    int nb = d->a.lhs_batch.n, nl = lt.rank - nb - d->a.lhs_contract.n;
    bool lhs_moved;
    if (out.rank > IR_MAX_RANK || !reorders_one_side(&t->a.dims, out.rank, nb, nl, &lhs_moved)) return;
    const ir_type *ot = lhs_moved ? &lt : &rt;
    if (ir_type_numel(ot) * 2 > ir_type_numel(&out)) return;
    int64_t tau[IR_MAX_RANK];
    operand_order(d, lhs_moved, ot, &t->a.dims, nb, lhs_moved ? nb : nb + nl, tau);
    ir_type moved = *ot;
    for (int p = 0; p < ot->rank; p++) moved.dims[p] = ot->dims[tau[p]];
    ir_attrs ta = {0}, da = {0};
    const ir_attrs *src = &d->a;
    bool swap = !lhs_moved;   /* the moved operand becomes the lhs */
    ir_value_id v = -1;
    if (ir_ints_set(&ta.dims, ot->rank, tau) ||
        ir_ints_set(&da.lhs_batch, (swap ? src->rhs_batch : src->lhs_batch).n, (swap ? src->rhs_batch : src->lhs_batch).v) ||
        ir_ints_set(&da.rhs_batch, (swap ? src->lhs_batch : src->rhs_batch).n, (swap ? src->lhs_batch : src->rhs_batch).v) ||
        ir_ints_set(&da.lhs_contract, (swap ? src->rhs_contract : src->lhs_contract).n,
                    (swap ? src->rhs_contract : src->lhs_contract).v) ||
        ir_ints_set(&da.rhs_contract, (swap ? src->lhs_contract : src->rhs_contract).n,
                    (swap ? src->lhs_contract : src->rhs_contract).v) ||
        (v = ir_value_new(f, &moved)) < 0) {
        ir_attrs_free(&ta);
        ir_attrs_free(&da);
        return;
    }
    ir_value_id x = lhs_moved ? d->in[0] : d->in[1], other = lhs_moved ? d->in[1] : d->in[0], w = t->out[0];
    f->values[d->out[0]].def = NULL;   /* an orphan: t was its only reader */
    ir_attrs_free(&t->a);
    t->a = ta;
    t->in[0] = x;
    t->out[0] = v;
    f->values[v].def = t;
    ir_attrs_free(&d->a);
    d->a = da;
    d->in[0] = v;
    d->in[1] = other;
    d->out[0] = w;
    f->values[w].def = d;
    memmove(&b->ops[j], &b->ops[j + 1], (size_t)(i - j) * sizeof *b->ops);   /* d after t */
    b->ops[i] = d;
}

/* reorder_free_dims wherever it applies in f's body; DIAG_NOMEM. */
static int reorder_dot_results(ir_func *f, diag *d) {
    int *uses = pass_count_uses(f);
    if (!uses) return diag_nomem(d);
    ir_block *b = f->body;
    for (int i = 0; i < b->nops; i++) {
        ir_op *t = b->ops[i];
        if (t->code != IR_TRANSPOSE || !pass_defined_by(f, t->in[0], IR_DOT_GENERAL) || uses[t->in[0]] != 1) continue;
        int j = i - 1;
        while (j >= 0 && b->ops[j] != f->values[t->in[0]].def) j--;
        if (j >= 0) reorder_free_dims(f, b, j, i);
    }
    mem_free(uses);
    return DIAG_OK;
}

typedef struct simplifier {
    ir_func *f;
    ir_value_id *repl;
    int *uses;   /* counted once before the walk: a hint, stale after rewrites */
} simplifier;

static void simplify_block(simplifier *s, ir_block *b) {
    int kept = 0;
    for (int i = 0; i < b->nops; i++) {
        ir_op *op = b->ops[i];
        pass_rename_operands(op, s->repl);
        for (int r = 0; r < op->nregions; r++) simplify_block(s, op->regions[r]);
        ir_value_id same = pass_is_check(op) ? -1 : simplified(s->f, op, s->uses);
        if (same >= 0) {
            s->repl[op->out[0]] = same;
            pass_erase_op(s->f, op);
        } else {
            b->ops[kept++] = op;
        }
    }
    b->nops = kept;
}

int pass_simplify(ir_func *f, diag *d) {
    simplifier s = {f, pass_rename_new(f), pass_count_uses(f)};
    if (!s.repl || !s.uses) {
        mem_free(s.repl);
        mem_free(s.uses);
        return diag_nomem(d);
    }
    simplify_block(&s, f->body);
    mem_free(s.repl);
    mem_free(s.uses);
    return reorder_dot_results(f, d);
}
