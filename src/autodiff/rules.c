/* rules.c: the vector-Jacobian product of every differentiable op.
 *
 * A rule reads the cotangent g of the op's result and adds, for each active
 * operand, g times the op's Jacobian with respect to it (transposed). Only
 * active operands get a contribution, so nothing is computed for paths that
 * do not start at a wrt parameter. The formulas follow JAX's (jax/_src/lax),
 * with these choices:
 *  - maximum/minimum: a tie gives each operand half of g (JAX's balanced
 *    rule); the max/min reduce splits g evenly among the tied elements;
 *  - abs: g * sign(x) (0 at x = 0); clamp: g goes to x strictly inside
 *    (min, max), to min where min > x (and min < max), to max where
 *    max < max(x, min); at a tie nobody gets it;
 *  - power: no derivative for the base where the exponent is 0, none for the
 *    exponent where the base is 0 (so no 0 * inf);
 *  - remainder: d/dy = -trunc(x / y);
 *  - floor, ceil, rounding, sign, compare, integer results: no derivative
 *    (ad_zero_derivative and the float-only activity stop them).
 * Reductions must have one input and an add, maximum or minimum body.
 * Tier 2 (JAX's transposes): pad, dynamic_slice, dynamic_update_slice,
 * gather, scatter of one input with an add or an overwrite (updates
 * differentiated only with unique_indices), both exact for indices out of
 * bounds (gather clamps them, scatter skips such elements),
 * reduce_window add/max/min (max/min without window dilation), the pair
 * reduce_window that max pooling's second derivative makes,
 * select_and_scatter (GE/LE select, add scatter), convolution (feature or
 * batch groups), if and case (a case of the branches' vjps; while loops
 * are unrolled before, see unroll.c), sort (by the sorting permutation).
 * No rule: map, triangular_solve, cholesky, multi-input reduce,
 * reduce_window and scatter. */
#include <math.h>

#include "../passes/rewrite.h"
#include "../util/mem.h"
#include "ad_internal.h"

bool ad_zero_derivative(ir_opcode code) {
    switch (code) {
    case IR_CEIL: case IR_FLOOR: case IR_ROUND_NEAREST_AFZ: case IR_ROUND_NEAREST_EVEN: case IR_SIGN:
        return true;
    default:
        return false;
    }
}

/* ---- shorthand ---- */

static ir_value_id add(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_ADD, x, y); }
static ir_value_id sub(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_SUBTRACT, x, y); }
static ir_value_id mul(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_MULTIPLY, x, y); }
static ir_value_id dvd(ad_ctx *c, ir_value_id x, ir_value_id y) { return ad_binary(c, IR_DIVIDE, x, y); }
static ir_value_id neg(ad_ctx *c, ir_value_id x) { return ad_unary(c, IR_NEGATE, x); }

/* A tensor like v's, every element k. */
static ir_value_id fill_like(ad_ctx *c, double k, ir_value_id v) {
    if (v < 0) return -1;
    ir_type t = ad_type(c, v);
    return ad_fill(c, k, &t);
}

static ir_value_id zeros_like(ad_ctx *c, ir_value_id v) { return fill_like(c, 0.0, v); }

/* The cotangent of op's (only) result. */
static ir_value_id cotangent(const ad_ctx *c, const ir_op *op) { return c->ct[op->out[0]]; }

/* Accumulates partial(c, op, i) into each active operand i. */
typedef ir_value_id (*partial_fn)(ad_ctx *c, const ir_op *op, int i);

static int each_active_operand(ad_ctx *c, const ir_op *op, partial_fn partial) {
    for (int i = 0; i < op->nin; i++) {
        if (!c->active[op->in[i]]) continue;
        int rc = ad_accumulate(c, op->in[i], partial(c, op, i));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* ---- elementwise ---- */

static ir_value_id unary_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_value_id x = op->in[0], y = op->out[0], g = cotangent(c, op);
    switch (op->code) {
    case IR_ABS: return mul(c, g, ad_unary(c, IR_SIGN, x));
    case IR_CBRT: return dvd(c, g, mul(c, fill_like(c, 3.0, y), mul(c, y, y)));   /* 1 / (3 y^2) */
    case IR_COSINE: return neg(c, mul(c, g, ad_unary(c, IR_SINE, x)));
    case IR_SINE: return mul(c, g, ad_unary(c, IR_COSINE, x));
    case IR_TAN: return mul(c, g, add(c, fill_like(c, 1.0, y), mul(c, y, y)));      /* 1 + tan^2 */
    case IR_TANH: return mul(c, g, sub(c, fill_like(c, 1.0, y), mul(c, y, y)));     /* 1 - tanh^2 */
    case IR_EXPONENTIAL: return mul(c, g, y);
    case IR_EXPONENTIAL_MINUS_ONE: return mul(c, g, add(c, y, fill_like(c, 1.0, y)));
    case IR_LOG: return dvd(c, g, x);
    case IR_LOG_PLUS_ONE: return dvd(c, g, add(c, x, fill_like(c, 1.0, x)));
    case IR_LOGISTIC: return mul(c, g, mul(c, y, sub(c, fill_like(c, 1.0, y), y)));
    case IR_NEGATE: return neg(c, g);
    case IR_RSQRT: return mul(c, g, mul(c, fill_like(c, -0.5, y), dvd(c, y, x)));   /* -y / 2x */
    case IR_SQRT: return dvd(c, g, mul(c, fill_like(c, 2.0, y), y));
    default: return ad_unsupported(c, "no rule for this op"), -1;
    }
}

/* max/min: g goes to the operand that wins, half of it to each on a tie. */
static ir_value_id choice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id self = op->in[i], other = op->in[1 - i], g = cotangent(c, op);
    ir_value_id zero = zeros_like(c, g);
    ir_value_id wins = ad_compare(c, op->code == IR_MAXIMUM ? IR_CMP_GT : IR_CMP_LT, self, other);
    ir_value_id tie = ad_compare(c, IR_CMP_EQ, self, other);
    ir_value_id half = mul(c, g, fill_like(c, 0.5, g));
    return ad_select(c, wins, g, ad_select(c, tie, half, zero));
}

static ir_value_id power_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], y = op->in[1], z = op->out[0], g = cotangent(c, op);
    ir_value_id zero = zeros_like(c, g);
    if (i == 0) {   /* y * x^(y-1), and 0 where y == 0 */
        ir_value_id jac = mul(c, y, ad_binary(c, IR_POWER, x, sub(c, y, fill_like(c, 1.0, y))));
        return mul(c, g, ad_select(c, ad_compare(c, IR_CMP_EQ, y, zero), zero, jac));
    }
    /* z * log(x), with log(1) = 0 standing in where x == 0 */
    ir_value_id safe_x = ad_select(c, ad_compare(c, IR_CMP_EQ, x, zero), fill_like(c, 1.0, x), x);
    return mul(c, g, mul(c, z, ad_unary(c, IR_LOG, safe_x)));
}

static ir_value_id binary_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], y = op->in[1], g = cotangent(c, op);
    switch (op->code) {
    case IR_ADD: return g;
    case IR_SUBTRACT: return i == 0 ? g : neg(c, g);
    case IR_MULTIPLY: return mul(c, g, op->in[1 - i]);
    case IR_DIVIDE: return i == 0 ? dvd(c, g, y) : neg(c, dvd(c, mul(c, g, op->out[0]), y));   /* -g x/y^2 */
    case IR_ATAN2: {   /* atan2(x, y): d/dx = y / (x^2 + y^2), d/dy = -x / (x^2 + y^2) */
        ir_value_id r2 = add(c, mul(c, x, x), mul(c, y, y));
        return i == 0 ? dvd(c, mul(c, g, y), r2) : neg(c, dvd(c, mul(c, g, x), r2));
    }
    case IR_MAXIMUM: case IR_MINIMUM: return choice_partial(c, op, i);
    case IR_POWER: return power_partial(c, op, i);
    case IR_REMAINDER: {   /* x - y * trunc(x / y); trunc(q) = sign(q) * floor(|q|) */
        if (i == 0) return g;
        ir_value_id q = dvd(c, x, y);
        ir_value_id trunc = mul(c, ad_unary(c, IR_SIGN, q), ad_unary(c, IR_FLOOR, ad_unary(c, IR_ABS, q)));
        return neg(c, mul(c, g, trunc));
    }
    default: return ad_unsupported(c, "no rule for this op"), -1;
    }
}

/* ---- select, clamp, convert ---- */

static ir_value_id select_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = cotangent(c, op), zero = zeros_like(c, g);
    return i == 1 ? ad_select(c, op->in[0], g, zero) : ad_select(c, op->in[0], zero, g);
}

/* A clamp bound as a tensor of the operand's shape (bounds may be scalars). */
static ir_value_id bound_like(ad_ctx *c, ir_value_id bound, ir_value_id x) {
    ir_type tb = ad_type(c, bound), tx = ad_type(c, x);
    return tb.rank == tx.rank ? bound : ad_broadcast(c, bound, &tx, NULL);
}

/* The sum of all of v's elements. */
static ir_value_id sum_all(ad_ctx *c, ir_value_id v) {
    if (v < 0) return -1;
    int rank = ad_type(c, v).rank;
    int64_t all[IR_MAX_RANK];
    for (int d = 0; d < rank; d++) all[d] = d;
    return ad_reduce_sum(c, v, rank, all);
}

/* Sums v down to the shape of operand `to` (a scalar bound of a tensor). */
static ir_value_id sum_like(ad_ctx *c, ir_value_id v, ir_value_id to) {
    if (v < 0) return -1;
    return ad_type(c, to).rank == ad_type(c, v).rank ? v : sum_all(c, v);
}

static ir_value_id clamp_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[1], g = cotangent(c, op), zero = zeros_like(c, g);
    ir_value_id lo = bound_like(c, op->in[0], x), hi = bound_like(c, op->in[2], x);
    ir_value_id pass;
    if (i == 1)
        pass = ad_binary(c, IR_AND, ad_compare(c, IR_CMP_GT, x, lo), ad_compare(c, IR_CMP_LT, x, hi));
    else if (i == 0)
        pass = ad_binary(c, IR_AND, ad_compare(c, IR_CMP_GT, lo, x), ad_compare(c, IR_CMP_LT, lo, hi));
    else   /* JAX has hi < x; this is also right where min > max (then the result is max) */
        pass = ad_compare(c, IR_CMP_LT, hi, ad_binary(c, IR_MAXIMUM, x, lo));
    return sum_like(c, ad_select(c, pass, g, zero), op->in[i]);
}

/* Active operands of convert are float: the cotangent converts back. */
static ir_value_id convert_partial(ad_ctx *c, const ir_op *op, int i) {
    return ad_convert(c, cotangent(c, op), ad_type(c, op->in[i]).dtype);
}

/* ---- data movement ---- */

/* broadcast_in_dim: sum over the result dims the operand does not have or
 * has with size 1, bring the rest into operand order, reshape. */
static ir_value_id broadcast_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_type tx = ad_type(c, op->in[0]), tr = ad_type(c, op->out[0]);
    const int64_t *map = op->a.dims.v;
    int source[IR_MAX_RANK];   /* the operand dim behind each result dim, or -1 */
    for (int r = 0; r < tr.rank; r++) source[r] = -1;
    for (int d = 0; d < tx.rank; d++) source[map[d]] = d;
    int64_t summed[IR_MAX_RANK], kept[IR_MAX_RANK];
    int nsummed = 0, nkept = 0;
    for (int r = 0; r < tr.rank; r++) {
        if (source[r] < 0 || (tx.dims[source[r]] == 1 && tr.dims[r] != 1)) summed[nsummed++] = r;
        else kept[nkept++] = source[r];
    }
    /* The sum has the kept operand dims in result order (map need not be
     * ascending); the transpose sorts them into operand order. */
    int64_t perm[IR_MAX_RANK];
    for (int j = 0; j < nkept; j++) {
        int rank = 0;
        for (int k = 0; k < nkept; k++) rank += kept[k] < kept[j];
        perm[rank] = j;
    }
    ir_value_id s = ad_transpose(c, ad_reduce_sum(c, cotangent(c, op), nsummed, summed), perm);
    return ad_reshape(c, s, tx.rank, tx.dims);
}

static ir_value_id reshape_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[i]);
    return ad_reshape(c, cotangent(c, op), tx.rank, tx.dims);
}

static ir_value_id transpose_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    int64_t inverse[IR_MAX_RANK];
    for (int d = 0; d < op->a.dims.n; d++) inverse[op->a.dims.v[d]] = d;
    return ad_transpose(c, cotangent(c, op), inverse);
}

static ir_value_id reverse_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    return ad_reverse(c, cotangent(c, op), &op->a.dims);
}

static ir_value_id concatenate_partial(ad_ctx *c, const ir_op *op, int i) {
    int axis = (int)op->a.axis;
    int64_t start = 0;
    for (int k = 0; k < i; k++) start += ad_type(c, op->in[k]).dims[axis];
    return ad_slice_dim(c, cotangent(c, op), axis, start, start + ad_type(c, op->in[i]).dims[axis]);
}

/* Places v's entries along `dim` at start, start + stride, ... of a zero
 * tensor `full` long there: each entry gets stride - 1 zeros after it
 * (v reshaped with a unit dim after `dim`, concatenated with zeros along it,
 * reshaped back), then zeros before and after. */
static ir_value_id scatter_dim(ad_ctx *c, ir_value_id v, int dim, int64_t start, int64_t stride, int64_t full) {
    if (v < 0) return -1;
    ir_type t = ad_type(c, v);
    int64_t n = t.dims[dim];
    if (stride > 1 && n > 0) {
        if (t.rank == IR_MAX_RANK) return ad_unsupported(c, "a strided slice of a rank-%d tensor", t.rank), -1;
        ir_type spread = t;   /* [..., n, 1, ...] */
        for (int d = t.rank; d > dim + 1; d--) spread.dims[d] = t.dims[d - 1];
        spread.dims[dim + 1] = 1;
        spread.rank++;
        ir_value_id parts[2] = {ad_reshape(c, v, spread.rank, spread.dims), -1};
        spread.dims[dim + 1] = stride - 1;
        parts[1] = ad_fill(c, 0.0, &spread);
        ir_type flat = t;
        flat.dims[dim] = n * stride;
        v = ad_reshape(c, ad_concatenate(c, 2, parts, dim + 1), flat.rank, flat.dims);
        int64_t room = full - start;
        v = ad_slice_dim(c, v, dim, 0, n * stride < room ? n * stride : room);
        if (v < 0) return -1;
        t = ad_type(c, v);
    }
    ir_value_id parts[3];
    int nparts = 0;
    int64_t before = start, after = full - start - t.dims[dim];
    ir_type pad = t;
    pad.dims[dim] = before;
    if (before > 0) parts[nparts++] = ad_fill(c, 0.0, &pad);
    parts[nparts++] = v;
    pad.dims[dim] = after;
    if (after > 0) parts[nparts++] = ad_fill(c, 0.0, &pad);
    return ad_concatenate(c, nparts, parts, dim);
}

/* slice: the cotangent goes back where the slice took its elements from,
 * zeros elsewhere (tier 1 has no pad: zeros are concatenated around it). */
static ir_value_id slice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[i]);
    ir_value_id v = cotangent(c, op);
    for (int d = 0; d < tx.rank && v >= 0; d++)
        if (ad_type(c, v).dims[d] != tx.dims[d])
            v = scatter_dim(c, v, d, op->a.start.v[d], op->a.stride.v[d], tx.dims[d]);
    return v;
}

/* ---- dot_general ---- */

/* The operand's dims in neither list, ascending. */
static int free_dims(int rank, const ir_ints *a, const ir_ints *b, int64_t *out) {
    int n = 0;
    for (int d = 0; d < rank; d++) {
        bool listed = false;
        for (int k = 0; k < a->n; k++) listed |= a->v[k] == d;
        for (int k = 0; k < b->n; k++) listed |= b->v[k] == d;
        if (!listed) out[n++] = d;
    }
    return n;
}

/* Operand i's cotangent (JAX's _dot_general_transpose_lhs/rhs): g, whose
 * dims are (batch, lhs free, rhs free), contracted with the other operand
 * over the other's free dims, batched over the batch dims, gives (batch,
 * this operand's free dims, its contracting dims ordered as the other's);
 * a transpose puts them in this operand's order. */
static ir_value_id dot_partial(ad_ctx *c, const ir_op *op, int i) {
    const ir_attrs *a = &op->a;
    const ir_ints *my_batch = i == 0 ? &a->lhs_batch : &a->rhs_batch;
    const ir_ints *my_contract = i == 0 ? &a->lhs_contract : &a->rhs_contract;
    const ir_ints *other_batch = i == 0 ? &a->rhs_batch : &a->lhs_batch;
    const ir_ints *other_contract = i == 0 ? &a->rhs_contract : &a->lhs_contract;
    ir_value_id other = op->in[1 - i];
    ir_type mine = ad_type(c, op->in[i]), theirs = ad_type(c, other);
    int64_t my_free[IR_MAX_RANK], other_free[IR_MAX_RANK];
    int nmine = free_dims(mine.rank, my_batch, my_contract, my_free);
    int nother = free_dims(theirs.rank, other_batch, other_contract, other_free);
    int nbatch = my_batch->n;
    int64_t g_batch[IR_MAX_RANK], g_contract[IR_MAX_RANK];
    for (int k = 0; k < nbatch; k++) g_batch[k] = k;
    int other_at = nbatch + (i == 0 ? nmine : 0);   /* where the other's free dims sit in g */
    for (int k = 0; k < nother; k++) g_contract[k] = other_at + k;
    ir_ints gb = {nbatch, g_batch}, gc = {nother, g_contract}, oc = {nother, other_free};
    ir_value_id g = ad_convert(c, cotangent(c, op), mine.dtype);
    ir_value_id r = ad_dot_general(c, g, other, &gb, other_batch, &gc, &oc);
    /* r's dims stand for these dims of the operand: */
    int64_t order[IR_MAX_RANK];
    int n = 0;
    for (int k = 0; k < nbatch; k++) order[n++] = my_batch->v[k];
    for (int k = 0; k < nmine; k++) order[n++] = my_free[k];
    for (int d = 0; d < theirs.rank; d++)
        for (int k = 0; k < other_contract->n; k++)
            if (other_contract->v[k] == d) order[n++] = my_contract->v[k];
    int64_t perm[IR_MAX_RANK];   /* operand dim d is r's dim perm[d] */
    for (int k = 0; k < n; k++) perm[order[k]] = k;
    return ad_transpose(c, r, perm);
}

/* ---- reduce ---- */

/* The combining op of a region that is exactly `return op(a, b)` over its
 * two arguments (either order) of element type t; IR_RETURN for anything
 * else. */
static ir_opcode body_combiner(const ad_ctx *c, const ir_block *body, ir_dtype t) {
    if (body->nops != 2 || body->nargs != 2) return IR_RETURN;
    const ir_op *combine = body->ops[0], *ret = body->ops[1];
    if (combine->nin != 2 || combine->nout != 1 || ret->nin != 1 || ret->in[0] != combine->out[0]) return IR_RETURN;
    bool on_args = (combine->in[0] == body->args[0] && combine->in[1] == body->args[1]) ||
                   (combine->in[0] == body->args[1] && combine->in[1] == body->args[0]);
    if (!on_args || c->f->values[body->args[0]].type.dtype != t) return IR_RETURN;
    return combine->code;
}

/* The reducer's combining op (reduce, reduce_window) over one input. */
static ir_opcode reducer_op(const ad_ctx *c, const ir_op *op) {
    return op->nin == 2 ? body_combiner(c, op->regions[0], ad_type(c, op->in[0]).dtype) : IR_RETURN;
}

/* The operand dims a reduce keeps (the result's dims), ascending. */
static int kept_dims(const ir_op *op, int rank, int64_t *out) {
    ir_ints none = {0, NULL};
    return free_dims(rank, &op->a.dims, &none, out);
}

static ir_value_id reduce_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x = op->in[0], g = cotangent(c, op);
    ir_type tx = ad_type(c, x);
    ir_opcode combine = reducer_op(c, op);
    if (i == 1) {   /* the init value */
        if (combine != IR_ADD) return ad_unsupported(c, "the init value of a %s reduction is differentiated",
                                                     ir_op_name(combine)), -1;
        return sum_all(c, g);
    }
    int64_t kept[IR_MAX_RANK];
    kept_dims(op, tx.rank, kept);
    if (combine == IR_ADD) return ad_broadcast(c, g, &tx, kept);
    /* max/min: g shared evenly by the elements equal to the result */
    ir_value_id hit = ad_compare(c, IR_CMP_EQ, x, ad_broadcast(c, op->out[0], &tx, kept));
    ir_value_id mask = ad_convert(c, hit, tx.dtype);
    ir_value_id count = ad_reduce_sum(c, mask, op->a.dims.n, op->a.dims.v);
    return mul(c, mask, ad_broadcast(c, dvd(c, g, count), &tx, kept));
}

static int rule_reduce(ad_ctx *c, const ir_op *op) {
    if (op->nin != 2) return ad_unsupported(c, "a reduction of %d inputs at once", op->nin / 2);
    ir_opcode combine = reducer_op(c, op);
    if (combine != IR_ADD && combine != IR_MAXIMUM && combine != IR_MINIMUM)
        return ad_unsupported(c, "its body is not a single add, maximum or minimum of its arguments");
    return each_active_operand(c, op, reduce_partial);
}

/* ---- pad, dynamic slices, gather, scatter ---- */

/* pad (JAX's _pad_transpose): the operand's cotangent is g with the edges
 * undone (a pad by the negated edges, which puts zeros back where the
 * edges cut) and every (interior + 1)-th element kept; the padding value
 * gets the rest of g: sum(g) - sum(operand's cotangent). */
static ir_value_id unpad(ad_ctx *c, const ir_op *op) {
    const ir_attrs *a = &op->a;
    int64_t low[IR_MAX_RANK], high[IR_MAX_RANK], zero[IR_MAX_RANK] = {0}, step[IR_MAX_RANK];
    for (int d = 0; d < a->low.n; d++) {
        low[d] = -a->low.v[d];
        high[d] = -a->high.v[d];
        step[d] = a->interior.v[d] + 1;
    }
    ir_value_id edges = ad_pad(c, cotangent(c, op), 0.0, low, high, zero);
    if (edges < 0) return -1;
    ir_type t = ad_type(c, edges);
    return ad_slice(c, edges, zero, t.dims, step);
}

static ir_value_id pad_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id x_ct = unpad(c, op);
    return i == 0 ? x_ct : sub(c, sum_all(c, cotangent(c, op)), sum_all(c, x_ct));
}

/* dynamic_update_slice(into, update) at the start indices of op, which
 * begin at operand `first`. */
static ir_value_id dynamic_update(ad_ctx *c, const ir_op *op, int first, ir_value_id into, ir_value_id update) {
    if (into < 0) return -1;
    ir_value_id in[2 + IR_MAX_RANK] = {into, update};
    int rank = op->nin - first;
    for (int k = 0; k < rank; k++) in[2 + k] = op->in[first + k];
    ir_type t = ad_type(c, into);
    ir_attrs none = {0};
    return ad_op(c, IR_DYNAMIC_UPDATE_SLICE, 2 + rank, in, 1, &t, &none, 0, NULL, t.dtype);
}

/* dynamic_slice of `from`, of the shape of `like`, at op's start indices. */
static ir_value_id dynamic_window(ad_ctx *c, const ir_op *op, int first, ir_value_id from, const ir_type *like) {
    ir_value_id in[1 + IR_MAX_RANK] = {from};
    int rank = op->nin - first;
    for (int k = 0; k < rank; k++) in[1 + k] = op->in[first + k];
    ir_attrs a = {.sizes = {like->rank, (int64_t *)like->dims}};
    return ad_op(c, IR_DYNAMIC_SLICE, 1 + rank, in, 1, like, &a, 0, NULL, like->dtype);
}

/* dynamic_slice: g goes into a zero operand at the start (both ops clamp it
 * alike); dynamic_update_slice: the operand gets g with the update's window
 * zeroed, the update that window of g. Start indices are integers, never
 * active. */
static ir_value_id dynamic_slice_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    return dynamic_update(c, op, 1, zeros_like(c, op->in[0]), cotangent(c, op));
}

static ir_value_id dynamic_update_slice_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = cotangent(c, op);
    if (i == 0) return dynamic_update(c, op, 2, g, zeros_like(c, op->in[1]));
    ir_type tu = ad_type(c, op->in[1]);
    return dynamic_window(c, op, 2, g, &tu);
}

/* The dimension numbers gather and scatter share (see ir_attrs): a scatter
 * with a gather's numbers writes where the gather read, and back. */
static ir_attrs index_dims(const ir_attrs *src) {
    return (ir_attrs){.window = src->window, .collapsed = src->collapsed, .op_batch = src->op_batch,
                      .ix_batch = src->ix_batch, .index_map = src->index_map, .axis_b = src->axis_b,
                      .sorted = src->sorted};
}

/* A tensor of the shape of op's indices (operand ix_operand) holding
 * values[k] at component k of each index vector (gather and scatter). */
static ir_value_id per_component(ad_ctx *c, const ir_op *op, int ix_operand, const int64_t *values) {
    const ir_attrs *a = &op->a;
    ir_type ix = ad_type(c, op->in[ix_operand]);
    int64_t vector_dim[1] = {a->axis_b};
    ir_value_id v = ad_int_vector(c, ix.dtype, a->index_map.n, values);
    if (a->axis_b == ix.rank) v = ad_reshape(c, v, 0, NULL);   /* an implicit index vector dim of size 1 */
    return ad_broadcast(c, v, &ix, a->axis_b < ix.rank ? vector_dim : NULL);
}

/* Gather's start indices clamped as gather clamps them (each slice inside
 * the operand): component k of an index vector to [0, dim - size] of the
 * operand dim it maps to. */
static ir_value_id clamped_indices(ad_ctx *c, const ir_op *op) {
    const ir_attrs *a = &op->a;
    ir_type tx = ad_type(c, op->in[0]), ix = ad_type(c, op->in[1]);
    int64_t zero[IR_MAX_RANK] = {0}, last[IR_MAX_RANK];
    for (int k = 0; k < a->index_map.n; k++) {
        int64_t d = a->index_map.v[k];
        last[k] = tx.dims[d] - a->sizes.v[d];
    }
    ir_value_id in[3] = {per_component(c, op, 1, zero), op->in[1], per_component(c, op, 1, last)};
    ir_attrs none = {0};
    return ad_op(c, IR_CLAMP, 3, in, 1, &ix, &none, 0, NULL, ix.dtype);
}

/* gather (JAX's _gather_transpose_rule): g scatter-added into a zero
 * operand, at the indices clamped as gather clamped them (scatter would
 * drop a window past the end instead). */
static ir_value_id gather_partial(ad_ctx *c, const ir_op *op, int i) {
    (void)i;
    ir_type tx = ad_type(c, op->in[0]);
    ir_value_id in[3] = {zeros_like(c, op->in[0]), clamped_indices(c, op), cotangent(c, op)};
    ir_attrs a = index_dims(&op->a);
    ad_body add = AD_BODY_ADD;
    return ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &add, tx.dtype);
}

/* The slice sizes of the gather that reads, from an operand of type tx,
 * the windows a scatter with dimension numbers a writes from updates tu:
 * 1 for inserted and batching dims, the update windows' sizes elsewhere. */
static void window_sizes(const ir_attrs *a, const ir_type *tx, const ir_type *tu, int64_t *sizes) {
    int next = 0;
    for (int d = 0; d < tx->rank; d++) {
        bool dropped = false;
        for (int k = 0; k < a->collapsed.n; k++) dropped |= a->collapsed.v[k] == d;
        for (int k = 0; k < a->op_batch.n; k++) dropped |= a->op_batch.v[k] == d;
        sizes[d] = dropped ? 1 : tu->dims[a->window.v[next++]];
    }
}

/* True when the update computation is `return update` (an overwrite). */
static bool overwrites(const ir_block *body) {
    return body->nargs == 2 && body->nops == 1 && body->ops[0]->nin == 1 && body->ops[0]->in[0] == body->args[1];
}

/* The windows of g a scatter's updates went to (a gather). Scatter skips
 * each update element whose position is out of bounds where gather would
 * clamp the window: g is padded with zeros by a window's size on both
 * sides of every dim an index reaches, the indices shifted to match, so
 * that any window a clamped gather reads there is in the padding's
 * range: zeros where the update was skipped. */
static ir_value_id scattered_windows(ad_ctx *c, const ir_op *op, ir_value_id g) {
    ir_type tx = ad_type(c, op->in[0]), tu = ad_type(c, op->in[2]);
    ir_attrs a = index_dims(&op->a);
    int64_t sizes[IR_MAX_RANK], edge[IR_MAX_RANK] = {0}, none[IR_MAX_RANK] = {0}, shift[IR_MAX_RANK];
    window_sizes(&a, &tx, &tu, sizes);
    for (int k = 0; k < a.index_map.n; k++) edge[a.index_map.v[k]] = shift[k] = sizes[a.index_map.v[k]];
    ir_value_id in[2] = {ad_pad(c, g, 0.0, edge, edge, none),
                         ad_binary(c, IR_ADD, op->in[1], per_component(c, op, 1, shift))};
    a.sizes = (ir_ints){tx.rank, sizes};
    return ad_op(c, IR_GATHER, 2, in, 1, &tu, &a, 0, NULL, tu.dtype);
}

/* scatter of one input (JAX's _scatter_add_transpose_rule and
 * _scatter_transpose_rule): the updates get the windows of g they went to;
 * the input gets g with add, and g with those windows zeroed (a scatter of
 * zeros) when the updates overwrite. */
static ir_value_id scatter_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]);
    if (i == 0 && overwrites(op->regions[0])) {
        ir_attrs a = index_dims(&op->a);
        ir_value_id in[3] = {g, op->in[1], zeros_like(c, op->in[2])};
        ad_body keep_update = AD_BODY_SECOND;
        return ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &keep_update, tx.dtype);
    }
    return i == 0 ? g : scattered_windows(c, op, g);
}

static int rule_scatter(ad_ctx *c, const ir_op *op) {
    if (op->nin != 3) return ad_unsupported(c, "a scatter of %d inputs at once", op->nin / 2);
    bool add = body_combiner(c, op->regions[0], ad_type(c, op->in[0]).dtype) == IR_ADD;
    if (!add && !overwrites(op->regions[0]))
        return ad_unsupported(c, "its update computation is neither a single add nor a plain overwrite");
    if (!add && c->active[op->in[2]] && !op->a.unique)
        return ad_unsupported(c, "the updates of an overwriting scatter without unique_indices are differentiated "
                                 "(which of two updates of one element wins is unspecified)");
    return each_active_operand(c, op, scatter_partial);
}

/* ---- windows: reduce_window, select_and_scatter, convolution ---- */

/* The size of n elements with d - 1 holes between neighbours. */
static int64_t dilated(int64_t n, int64_t d) { return n == 0 ? 0 : 1 + d * (n - 1); }

/* JAX's _conv_general_vjp_lhs_padding: the edges to pad g (its elements
 * spread by the strides) with so that a stride-1 pass of window w over it
 * yields one value per input element, n of them in dimension i. */
static void transposed_edges(const ir_window *w, int i, int64_t n, int64_t out, int64_t *lo, int64_t *hi) {
    int64_t span = dilated(w->size[i], w->win_dil[i]);
    *lo = span - w->lo[i] - 1;
    *hi = dilated(n, w->base_dil[i]) + span - 1 - dilated(out, w->stride[i]) - *lo;
}

/* The window of op over `rank` dims (sizes: the kernel's, or NULL). */
static bool op_window(ad_ctx *c, const ir_op *op, int rank, const int64_t *sizes, ir_window *w) {
    char why[200];
    if (ir_window_read(op, rank, sizes, w, why, sizeof why)) return true;
    ad_unsupported(c, "its window: %s", why);
    return false;
}

/* reduce_window add (JAX's _reduce_window_sum_transpose_rule): g, spread
 * by the strides and padded, summed over windows with stride base_dil. */
static ir_value_id window_sum_partial(ad_ctx *c, const ir_op *op, const ir_window *w) {
    ir_value_id g = cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]), tg = ad_type(c, g), scalar = ir_type_scalar(tx.dtype);
    int64_t lo[IR_MAX_RANK], hi[IR_MAX_RANK], holes[IR_MAX_RANK];
    for (int d = 0; d < tx.rank; d++) {
        transposed_edges(w, d, tx.dims[d], tg.dims[d], &lo[d], &hi[d]);
        holes[d] = w->stride[d] - 1;
    }
    ir_value_id in[2] = {ad_pad(c, g, 0.0, lo, hi, holes), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = {tx.rank, (int64_t *)w->size}, .win_strides = {tx.rank, (int64_t *)w->base_dil},
                  .win_dil = {tx.rank, (int64_t *)w->win_dil}};
    ad_body add = AD_BODY_ADD;
    return ad_op(c, IR_REDUCE_WINDOW, 2, in, 1, &tx, &a, 1, &add, tx.dtype);
}

/* reduce_window add's init value stands in every window once, and for
 * each padding element and base-dilation hole the window covers: the
 * window's size minus the input elements it covers (a window sum of ones). */
static ir_value_id window_init_partial(ad_ctx *c, const ir_op *op, const ir_window *w) {
    ir_value_id g = cotangent(c, op);
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    int64_t size = 1;
    for (int d = 0; d < tx.rank; d++) size *= w->size[d];
    ir_value_id in[2] = {fill_like(c, 1.0, op->in[0]), ad_fill(c, 0.0, &scalar)};
    ad_body add = AD_BODY_ADD;
    ir_value_id covered = ad_op(c, IR_REDUCE_WINDOW, 2, in, 1, &tx, &op->a, 1, &add, tx.dtype);
    return sum_all(c, mul(c, g, sub(c, fill_like(c, (double)size + 1, g), covered)));
}

/* True when v is a float scalar constant equal to k. */
static bool is_constant(const ad_ctx *c, ir_value_id v, double k) {
    const ir_op *def = c->f->values[v].def;
    ir_type t = ad_type(c, v);
    if (!def || def->code != IR_CONSTANT || t.rank != 0 || !def->a.data) return false;
    if (t.dtype == IR_F64) return *(const double *)def->a.data == k;
    return t.dtype == IR_F32 && *(const float *)def->a.data == (float)k;
}

/* reduce_window max/min (JAX's _select_and_gather_add_transpose): g
 * scattered to each window's first maximal (minimal) element by
 * select_and_scatter; base dilation as holes of -inf (+inf) that never win,
 * sliced off after. JAX has no rule for window dilation either. */
static ir_value_id window_choice_partial(ad_ctx *c, const ir_op *op, const ir_window *w, bool max) {
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    if (!is_constant(c, op->in[1], max ? -INFINITY : INFINITY))
        return ad_unsupported(c, "a %s reduce_window whose init value is not the constant %s (it would win "
                                 "windows and fill the padding)", max ? "max" : "min", max ? "-inf" : "+inf"), -1;
    int64_t zero[IR_MAX_RANK] = {0}, holes[IR_MAX_RANK];
    for (int d = 0; d < tx.rank; d++) {
        if (w->win_dil[d] != 1) return ad_unsupported(c, "a max or min reduce_window with window dilations"), -1;
        holes[d] = w->base_dil[d] - 1;
    }
    ir_value_id spread = ad_pad(c, op->in[0], max ? -INFINITY : INFINITY, zero, zero, holes);
    if (spread < 0) return -1;
    ir_type ts = ad_type(c, spread);
    ir_value_id in[3] = {spread, cotangent(c, op), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body bodies[2] = {max ? AD_BODY_GE : AD_BODY_LE, AD_BODY_ADD};
    ir_value_id scattered = ad_op(c, IR_SELECT_AND_SCATTER, 3, in, 1, &ts, &a, 2, bodies, tx.dtype);
    return ad_slice(c, scattered, zero, ts.dims, w->base_dil);
}

static ir_value_id reduce_window_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tx = ad_type(c, op->in[0]);
    ir_window w;
    if (!op_window(c, op, tx.rank, NULL, &w)) return -1;
    ir_opcode combine = reducer_op(c, op);
    if (i == 1 && combine != IR_ADD)
        return ad_unsupported(c, "the init value of a %s reduce_window is differentiated", ir_op_name(combine)), -1;
    if (i == 1) return window_init_partial(c, op, &w);
    if (combine == IR_ADD) return window_sum_partial(c, op, &w);
    return window_choice_partial(c, op, &w, combine == IR_MAXIMUM);
}

/* The comparison of a pair reduce_window's body that is exactly (a0, a1,
 * b0, b1) -> p = compare(a0, b0) GE or LE; (select(p, a0, b0), select(p,
 * a1, b1)): JAX's _select_and_gather_add, which select_and_scatter's rule
 * makes; IR_CMP_EQ for anything else. */
static ir_cmp_dir pick_direction(const ir_block *body) {
    if (body->nargs != 4 || body->nops != 4) return IR_CMP_EQ;
    const ir_value_id *a = body->args;
    const ir_op *cmp = body->ops[0], *ret = body->ops[3];
    bool ok = cmp->code == IR_COMPARE && cmp->in[0] == a[0] && cmp->in[1] == a[2] &&
              cmp->a.cmp_type != IR_CMPT_TOTALORDER && ret->nin == 2;
    for (int k = 0; ok && k < 2; k++) {
        const ir_op *pick = body->ops[1 + k];
        ok = pick->code == IR_SELECT && pick->in[0] == cmp->out[0] && pick->in[1] == a[k] && pick->in[2] == a[2 + k] &&
             ret->in[k] == pick->out[0];
    }
    return ok && (cmp->a.cmp == IR_CMP_GE || cmp->a.cmp == IR_CMP_LE) ? cmp->a.cmp : IR_CMP_EQ;
}

/* The pair reduce_window of JAX's _select_and_gather_add (its transpose,
 * _select_and_gather_add_transpose): the gathered values' cotangent goes
 * back to the selected elements by select_and_scatter. The selection does
 * not move under small changes of the operand; the winning operand value
 * (result 0) is not differentiated. */
static int rule_pick_window(ad_ctx *c, const ir_op *op) {
    if (op->a.base_dil.n || op->a.win_dil.n || c->ct[op->out[0]] >= 0 || c->active[op->in[2]] ||
        c->active[op->in[3]])
        return ad_unsupported(c, "of a pair reduce_window only its second result is differentiated, with respect "
                                 "to its second input, without dilations");
    if (!c->active[op->in[1]]) return DIAG_OK;
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype);
    ir_value_id in[3] = {op->in[0], c->ct[op->out[1]], ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body bodies[2] = {pick_direction(op->regions[0]) == IR_CMP_GE ? AD_BODY_GE : AD_BODY_LE, AD_BODY_ADD};
    return ad_accumulate(c, op->in[1], ad_op(c, IR_SELECT_AND_SCATTER, 3, in, 1, &tx, &a, 2, bodies, tx.dtype));
}

static int rule_reduce_window(ad_ctx *c, const ir_op *op) {
    if (op->nin == 4 && pick_direction(op->regions[0]) != IR_CMP_EQ) return rule_pick_window(c, op);
    if (op->nin != 2) return ad_unsupported(c, "a reduce_window of %d inputs at once", op->nin / 2);
    ir_opcode combine = reducer_op(c, op);
    if (combine != IR_ADD && combine != IR_MAXIMUM && combine != IR_MINIMUM)
        return ad_unsupported(c, "its body is not a single add, maximum or minimum of its arguments");
    return each_active_operand(c, op, reduce_window_partial);
}

/* The direction of a select region that is exactly `return compare(a, b)`
 * with GE or LE (JAX's select_and_scatter_add); IR_CMP_EQ otherwise. */
static ir_cmp_dir select_direction(const ir_block *body) {
    if (body->nops != 2 || body->nargs != 2) return IR_CMP_EQ;
    const ir_op *cmp = body->ops[0];
    bool plain = cmp->code == IR_COMPARE && cmp->in[0] == body->args[0] && cmp->in[1] == body->args[1] &&
                 body->ops[1]->in[0] == cmp->out[0] && cmp->a.cmp_type != IR_CMPT_TOTALORDER;
    return plain && (cmp->a.cmp == IR_CMP_GE || cmp->a.cmp == IR_CMP_LE) ? cmp->a.cmp : IR_CMP_EQ;
}

/* select_and_scatter: result = init + the source elements whose windows
 * selected each element. The selection does not move under small changes
 * of the operand (no derivative there); the source gets g at each window's
 * selected element (JAX's _select_and_gather_add: a reduce_window over
 * (operand, g) pairs keeping the pair whose operand wins, the first on a
 * tie, as select does); init gets sum(g). */
static ir_value_id select_and_scatter_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_value_id g = cotangent(c, op);
    if (i == 2) return sum_all(c, g);
    bool ge = select_direction(op->regions[0]) == IR_CMP_GE;
    ir_type tx = ad_type(c, op->in[0]), scalar = ir_type_scalar(tx.dtype), hints[2] = {tx, tx};
    ir_value_id in[4] = {op->in[0], g, ad_fill(c, ge ? -INFINITY : INFINITY, &scalar), ad_fill(c, 0.0, &scalar)};
    ir_attrs a = {.win_dims = op->a.win_dims, .win_strides = op->a.win_strides, .padding = op->a.padding};
    ad_body pick = ge ? AD_BODY_PICK_GE : AD_BODY_PICK_LE;
    ir_value_id picked = ad_op(c, IR_REDUCE_WINDOW, 4, in, 2, hints, &a, 1, &pick, tx.dtype);
    return picked < 0 ? -1 : c->f->values[picked].def->out[1];
}

static int rule_select_and_scatter(ad_ctx *c, const ir_op *op) {
    ir_dtype t = ad_type(c, op->in[0]).dtype;
    if (select_direction(op->regions[0]) == IR_CMP_EQ || body_combiner(c, op->regions[1], t) != IR_ADD)
        return ad_unsupported(c, "its select is not a GE or LE comparison, or its scatter not a single add");
    for (int i = 1; i < 3; i++) {
        if (!c->active[op->in[i]]) continue;
        int rc = ad_accumulate(c, op->in[i], select_and_scatter_partial(c, op, i));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* JAX's _reshape_axis_out_of: dimension `dim` of size n becomes the two
 * dimensions (groups, n / groups). */
static ir_value_id split_dim(ad_ctx *c, ir_value_id x, int dim, int64_t groups) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    if (t.rank == IR_MAX_RANK) return ad_unsupported(c, "a grouped convolution of rank %d", t.rank), -1;
    int64_t dims[IR_MAX_RANK];
    int n = 0;
    for (int d = 0; d < t.rank; d++) {
        if (d == dim) dims[n++] = groups;
        dims[n++] = d == dim ? t.dims[d] / groups : t.dims[d];
    }
    return ad_reshape(c, x, n, dims);
}

/* JAX's _reshape_axis_into: dimension src moves in front of dimension dst
 * (numbered without src) and merges into it as its major part. */
static ir_value_id merge_dim(ad_ctx *c, ir_value_id x, int src, int dst) {
    if (x < 0) return -1;
    ir_type t = ad_type(c, x);
    int64_t perm[IR_MAX_RANK], dims[IR_MAX_RANK];
    int n = 0, m = 0;
    for (int d = 0; d < t.rank; d++) {
        if (d == src) continue;
        if (n == dst) perm[n++] = src;
        dims[m] = t.dims[d] * (m == dst ? t.dims[src] : 1);
        m++;
        perm[n++] = d;
    }
    if (n == dst) perm[n++] = src;
    return ad_reshape(c, ad_transpose(c, x, perm), m, dims);
}

/* A convolution's dimension numbers, window and group counts. */
typedef struct conv_spec {
    int64_t lhs[IR_MAX_RANK], rhs[IR_MAX_RANK], out[IR_MAX_RANK];
    int64_t strides[IR_MAX_RANK], padding[2 * IR_MAX_RANK], base_dil[IR_MAX_RANK], win_dil[IR_MAX_RANK];
    int64_t feature_groups, batch_groups;
} conv_spec;

static ir_value_id convolve(ad_ctx *c, ir_value_id lhs, ir_value_id rhs, int rank, const conv_spec *s, ir_dtype t) {
    int nsp = rank - 2;
    ir_attrs a = {.conv_lhs = {rank, (int64_t *)s->lhs}, .conv_rhs = {rank, (int64_t *)s->rhs},
                  .conv_out = {rank, (int64_t *)s->out}, .win_strides = {nsp, (int64_t *)s->strides},
                  .padding = {2 * nsp, (int64_t *)s->padding}, .base_dil = {nsp, (int64_t *)s->base_dil},
                  .win_dil = {nsp, (int64_t *)s->win_dil}, .feature_groups = s->feature_groups,
                  .batch_groups = s->batch_groups};
    ir_type hint = {.dtype = t, .rank = rank};
    ir_value_id in[2] = {lhs, rhs};
    return ad_op(c, IR_CONVOLUTION, 2, in, 1, &hint, &a, 0, NULL, t);
}

/* A dimension-number list with its first two entries swapped (JAX's
 * _conv_spec_transpose). */
static void swap_roles(const ir_ints *roles, int64_t *out) {
    for (int d = 0; d < roles->n; d++) out[d] = roles->v[d < 2 ? 1 - d : d];
}

static void copy_roles(const ir_ints *roles, int64_t *out) {
    for (int d = 0; d < roles->n; d++) out[d] = roles->v[d];
}

/* JAX's _conv_general_dilated_transpose_lhs: g convolved with the kernel
 * flipped in space, its feature roles swapped (a grouped kernel first
 * moves its groups from the output into the input features), strides and
 * base dilation exchanged, padded as transposed_edges says. */
static ir_value_id conv_lhs_partial(ad_ctx *c, const ir_op *op, const ir_window *w, ir_value_id g) {
    const ir_attrs *a = &op->a;
    ir_value_id rhs = op->in[1];
    ir_type tl = ad_type(c, op->in[0]), tg = ad_type(c, g);
    int rank = tl.rank, nsp = rank - 2;
    int64_t groups = a->feature_groups > 1 ? a->feature_groups : a->batch_groups;
    int in_f = (int)a->conv_rhs.v[0], out_f = (int)a->conv_rhs.v[1];
    if (groups > 1) rhs = merge_dim(c, split_dim(c, rhs, out_f, groups), out_f, in_f);
    conv_spec s = {.feature_groups = groups, .batch_groups = 1};
    copy_roles(&a->conv_out, s.lhs);
    swap_roles(&a->conv_rhs, s.rhs);
    copy_roles(&a->conv_lhs, s.out);
    for (int k = 0; k < nsp; k++) {
        transposed_edges(w, k, tl.dims[a->conv_lhs.v[2 + k]], tg.dims[a->conv_out.v[2 + k]], &s.padding[2 * k],
                         &s.padding[2 * k + 1]);
        s.strides[k] = w->base_dil[k];
        s.base_dil[k] = w->stride[k];
        s.win_dil[k] = w->win_dil[k];
    }
    ir_ints space = {nsp, a->conv_rhs.v + 2};
    ir_value_id r = convolve(c, g, ad_reverse(c, rhs, &space), rank, &s, tl.dtype);
    int batch = (int)a->conv_lhs.v[0], feature = (int)a->conv_lhs.v[1];
    return a->batch_groups > 1 ? merge_dim(c, split_dim(c, r, feature, groups), feature, batch) : r;
}

/* JAX's _conv_general_dilated_transpose_rhs: the input convolved with g,
 * batch and feature roles of the input swapped, g as the kernel and the
 * kernel's roles as the result's, window dilation and strides exchanged,
 * feature and batch group counts exchanged. */
static ir_value_id conv_rhs_partial(ad_ctx *c, const ir_op *op, const ir_window *w, ir_value_id g) {
    const ir_attrs *a = &op->a;
    ir_type tl = ad_type(c, op->in[0]), tg = ad_type(c, g);
    int rank = tl.rank, nsp = rank - 2;
    conv_spec s = {.feature_groups = a->batch_groups, .batch_groups = a->feature_groups};
    swap_roles(&a->conv_lhs, s.lhs);
    copy_roles(&a->conv_out, s.rhs);   /* [g's batch as input features, its features as output features] */
    copy_roles(&a->conv_rhs, s.out);
    for (int k = 0; k < nsp; k++) {
        int64_t in = tl.dims[a->conv_lhs.v[2 + k]], out = tg.dims[a->conv_out.v[2 + k]];
        s.padding[2 * k] = w->lo[k];
        s.padding[2 * k + 1] = dilated(out, w->stride[k]) - dilated(in, w->base_dil[k]) +
                               dilated(w->size[k], w->win_dil[k]) - w->lo[k] - 1;
        s.strides[k] = w->win_dil[k];
        s.base_dil[k] = w->base_dil[k];
        s.win_dil[k] = w->stride[k];
    }
    return convolve(c, op->in[0], g, rank, &s, tl.dtype);
}

static ir_value_id convolution_partial(ad_ctx *c, const ir_op *op, int i) {
    ir_type tl = ad_type(c, op->in[0]), tr = ad_type(c, op->in[1]);
    int64_t sizes[IR_MAX_RANK];
    for (int k = 0; k < tl.rank - 2; k++) sizes[k] = tr.dims[op->a.conv_rhs.v[2 + k]];
    ir_window w;
    if (!op_window(c, op, tl.rank - 2, sizes, &w)) return -1;
    ir_value_id g = ad_convert(c, cotangent(c, op), tl.dtype);
    return i == 0 ? conv_lhs_partial(c, op, &w, g) : conv_rhs_partial(c, op, &w, g);
}

/* ---- if, case ---- */

/* Marks in `inside` every value b and the regions of its ops define. */
static void mark_defined(const ir_block *b, bool *inside) {
    for (int k = 0; k < b->nargs; k++) inside[b->args[k]] = true;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int k = 0; k < op->nout; k++) inside[op->out[k]] = true;
        for (int r = 0; r < op->nregions; r++) mark_defined(op->regions[r], inside);
    }
}

/* Adds to cap (each once) the active values b reads that it does not define. */
static void collect_captured(const ad_ctx *c, const ir_block *b, const bool *inside, ir_value_id *cap, int *ncap,
                             bool *listed) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int k = 0; k < op->nin; k++) {
            ir_value_id v = op->in[k];
            if (v < c->nprimal && c->active[v] && !inside[v] && !listed[v]) {
                listed[v] = true;
                cap[(*ncap)++] = v;
            }
        }
        for (int r = 0; r < op->nregions; r++) collect_captured(c, op->regions[r], inside, cap, ncap, listed);
    }
}

/* One branch of the backward if/case: a copy of the forward branch's ops
 * (its values are not visible outside it), then the rules of its ops seeded
 * with the op's result cotangents, returning the cotangents of the captured
 * values (zeros where none). The rules name the forward branch's values;
 * they are renamed to the copies at the end. The captured values' outer
 * cotangents are put aside meanwhile. */
static int backward_branch(ad_ctx *c, const ir_op *op, const ir_block *fwd, ir_block *into, const ir_value_id *cap,
                           int ncap, ir_value_id *saved) {
    int nvalues = c->f->nvalues, rc = DIAG_OK;
    ir_value_id *map = mem_alloc((size_t)nvalues * sizeof *map);
    if (!map) return diag_nomem(c->d);
    for (ir_value_id v = 0; v < nvalues; v++) map[v] = v;   /* captured values stand for themselves */
    for (int i = 0; i + 1 < fwd->nops && !rc; i++) {
        ir_op *copy = pass_copy_op(c->f, into, c->f, fwd->ops[i], map);
        if (!copy) rc = diag_nomem(c->d);
        else pass_walk_op(copy, ad_mark_backward, NULL);   /* recomputed in the backward pass */
    }
    ir_block *outer = c->into;
    c->into = into;
    for (int k = 0; k < ncap; k++) {
        saved[k] = c->ct[cap[k]];
        c->ct[cap[k]] = -1;
    }
    const ir_op *ret = fwd->ops[fwd->nops - 1];
    for (int j = 0; j < op->nout && !rc; j++)
        if (c->active[ret->in[j]] && c->ct[op->out[j]] >= 0) rc = ad_accumulate(c, ret->in[j], c->ct[op->out[j]]);
    if (!rc) rc = ad_backward_ops(c, fwd, fwd->nops - 1);
    c->op = op;
    ir_value_id *results = mem_alloc((size_t)ncap * sizeof *results);
    if (!rc && !results) rc = diag_nomem(c->d);
    for (int k = 0; k < ncap && !rc; k++) {
        results[k] = c->ct[cap[k]] >= 0 ? c->ct[cap[k]] : zeros_like(c, cap[k]);
        if (results[k] < 0) rc = c->d->code;
    }
    if (!rc && !ir_op_append(c->f, into, IR_RETURN, ncap, results, 0, NULL)) rc = diag_nomem(c->d);
    for (ir_value_id v = 0; v < nvalues && !rc; v++)
        if (map[v] != v) pass_replace_uses_in(into, v, map[v]);
    for (int k = 0; k < ncap; k++) c->ct[cap[k]] = saved[k];
    c->into = outer;
    mem_free(results);
    mem_free(map);
    return rc;
}

/* if/case (JAX's cond transpose): a case on the same selector whose branch
 * k is the vjp of forward branch k, giving the cotangents of every active
 * value a branch reads from outside (the selector gets none). */
static int rule_branches(ad_ctx *c, const ir_op *op) {
    bool *inside = mem_calloc((size_t)c->nprimal, sizeof *inside), *listed = mem_calloc((size_t)c->nprimal, 1);
    ir_value_id *cap = mem_alloc((size_t)c->nprimal * sizeof *cap), *saved = mem_alloc((size_t)c->nprimal * sizeof *saved);
    ir_type *types = mem_alloc((size_t)c->nprimal * sizeof *types);
    int ncap = 0, rc = inside && listed && cap && saved && types ? DIAG_OK : diag_nomem(c->d);
    for (int r = 0; r < op->nregions && !rc; r++) mark_defined(op->regions[r], inside);
    for (int r = 0; r < op->nregions && !rc; r++) collect_captured(c, op->regions[r], inside, cap, &ncap, listed);
    for (int k = 0; k < ncap && !rc; k++) types[k] = ad_type(c, cap[k]);
    ir_op *back = rc || !ncap ? NULL : ir_op_append(c->f, c->into, op->code, 1, op->in, ncap, types);
    if (!rc && ncap && !back) rc = diag_nomem(c->d);
    if (back) {
        back->backward = true;
        back->loc = op->loc;
    }
    for (int r = 0; back && r < op->nregions && !rc; r++) {
        ir_block *branch = ir_op_add_region(back);
        rc = branch ? backward_branch(c, op, op->regions[r], branch, cap, ncap, saved) : diag_nomem(c->d);
    }
    for (int k = 0; back && k < ncap && !rc; k++) rc = ad_accumulate(c, cap[k], back->out[k]);
    mem_free(inside);
    mem_free(listed);
    mem_free(cap);
    mem_free(saved);
    mem_free(types);
    return rc;
}

/* ---- sort ---- */

/* An iota of type t counting along dimension dim. */
static ir_value_id iota(ad_ctx *c, const ir_type *t, int dim) {
    ir_attrs a = {.axis = dim};
    return ad_op(c, IR_IOTA, 0, NULL, 1, t, &a, 0, NULL, t->dtype);
}

/* Where sort op put each element: the full coordinates, as index vectors
 * along a new last dimension, of the element of the operands that went to
 * each position (JAX's _sort_jvp: an iota along the sorted dimension
 * sorted with the operands, iotas along the others). */
static ir_value_id sorted_positions(ad_ctx *c, const ir_op *op) {
    ir_type t = ad_type(c, op->in[0]);
    if (t.rank == IR_MAX_RANK || op->nin >= 32)
        return ad_unsupported(c, "a sort of rank %d or of %d operands", t.rank, op->nin), -1;
    int dim = (int)op->a.axis;
    t.dtype = t.dims[dim] <= INT32_MAX ? IR_I32 : IR_I64;
    ir_value_id in[33], pieces[IR_MAX_RANK];
    ir_type types[33];
    for (int k = 0; k < op->nin; k++) {
        in[k] = op->in[k];
        types[k] = ad_type(c, op->out[k]);
    }
    types[op->nin] = t;
    int64_t column[IR_MAX_RANK];   /* t's dims and a unit dim */
    for (int d = 0; d < t.rank; d++) column[d] = t.dims[d];
    column[t.rank] = 1;
    for (int d = 0; d < t.rank; d++) {
        ir_value_id v = in[op->nin] = iota(c, &t, d);
        if (d == dim) {
            ir_attrs a = {.axis = dim, .is_stable = op->a.is_stable};
            ir_value_id first = ad_op_copying(c, IR_SORT, op->nin + 1, in, op->nin + 1, types, &a, op->regions[0],
                                              2, t.dtype);
            v = first < 0 ? -1 : c->f->values[first].def->out[op->nin];
        }
        pieces[d] = ad_reshape(c, v, t.rank + 1, column);
    }
    return ad_concatenate(c, t.rank, pieces, t.rank);
}

/* sort: each operand's cotangent is its result's, scatter-added back to
 * where each element came from (the transpose of JAX's gather). */
static int rule_sort(ad_ctx *c, const ir_op *op) {
    ir_value_id at = -1;
    for (int i = 0; i < op->nin; i++) {
        ir_value_id g = c->ct[op->out[i]];
        if (!c->active[op->in[i]] || g < 0) continue;
        if (at < 0 && (at = sorted_positions(c, op)) < 0) return c->d->code;
        ir_type tx = ad_type(c, op->in[i]);
        int64_t all[IR_MAX_RANK];
        for (int d = 0; d < tx.rank; d++) all[d] = d;
        ir_attrs a = {.collapsed = {tx.rank, all}, .index_map = {tx.rank, all}, .axis_b = tx.rank};
        ir_value_id in[3] = {zeros_like(c, op->in[i]), at, g};
        ad_body add = AD_BODY_ADD;
        int rc = ad_accumulate(c, op->in[i], ad_op(c, IR_SCATTER, 3, in, 1, &tx, &a, 1, &add, tx.dtype));
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* ---- dispatch ---- */

int ad_rule(ad_ctx *c, const ir_op *op) {
    switch (ir_op_kind_of(op->code)) {
    case IR_KIND_UNARY: return each_active_operand(c, op, unary_partial);
    case IR_KIND_BINARY: return each_active_operand(c, op, binary_partial);
    default: break;
    }
    switch (op->code) {
    case IR_SELECT: return each_active_operand(c, op, select_partial);
    case IR_CLAMP: return each_active_operand(c, op, clamp_partial);
    case IR_CONVERT: return each_active_operand(c, op, convert_partial);
    case IR_BROADCAST_IN_DIM: return each_active_operand(c, op, broadcast_partial);
    case IR_RESHAPE: return each_active_operand(c, op, reshape_partial);
    case IR_TRANSPOSE: return each_active_operand(c, op, transpose_partial);
    case IR_REVERSE: return each_active_operand(c, op, reverse_partial);
    case IR_SLICE: return each_active_operand(c, op, slice_partial);
    case IR_CONCATENATE: return each_active_operand(c, op, concatenate_partial);
    case IR_DOT_GENERAL: return each_active_operand(c, op, dot_partial);
    case IR_REDUCE: return rule_reduce(c, op);
    case IR_PAD: return each_active_operand(c, op, pad_partial);
    case IR_DYNAMIC_SLICE: return each_active_operand(c, op, dynamic_slice_partial);
    case IR_DYNAMIC_UPDATE_SLICE: return each_active_operand(c, op, dynamic_update_slice_partial);
    case IR_GATHER: return each_active_operand(c, op, gather_partial);
    case IR_SCATTER: return rule_scatter(c, op);
    case IR_REDUCE_WINDOW: return rule_reduce_window(c, op);
    case IR_SELECT_AND_SCATTER: return rule_select_and_scatter(c, op);
    case IR_CONVOLUTION: return each_active_operand(c, op, convolution_partial);
    case IR_IF: case IR_CASE: return rule_branches(c, op);
    case IR_WHILE: return ad_unsupported(c, "a while loop inside an if or case branch is not unrolled");
    case IR_SORT: return rule_sort(c, op);
    case IR_MAP: return ad_unsupported(c, "no rule for map (its computation would be differentiated per element)");
    default: return ad_unsupported(c, "no rule for this op");
    }
}
