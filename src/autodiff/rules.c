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
 * Reductions must have one input and an add, maximum or minimum body. */
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

/* Sums v down to the shape of operand `to` (a scalar bound of a tensor). */
static ir_value_id sum_like(ad_ctx *c, ir_value_id v, ir_value_id to) {
    if (v < 0) return -1;
    int rank = ad_type(c, v).rank;
    if (ad_type(c, to).rank == rank) return v;
    int64_t all[IR_MAX_RANK];
    for (int d = 0; d < rank; d++) all[d] = d;
    return ad_reduce_sum(c, v, rank, all);
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

/* The reducer's combining op when the body is exactly `return op(acc, x)`
 * (either order) over one input of its own element type; else IR_RETURN. */
static ir_opcode reducer_op(const ad_ctx *c, const ir_op *op) {
    const ir_block *body = op->regions[0];
    if (op->nin != 2 || body->nops != 2 || body->nargs != 2) return IR_RETURN;
    const ir_op *combine = body->ops[0], *ret = body->ops[1];
    if (combine->nin != 2 || combine->nout != 1 || ret->nin != 1 || ret->in[0] != combine->out[0]) return IR_RETURN;
    bool on_args = (combine->in[0] == body->args[0] && combine->in[1] == body->args[1]) ||
                   (combine->in[0] == body->args[1] && combine->in[1] == body->args[0]);
    if (!on_args || c->f->values[body->args[0]].type.dtype != ad_type(c, op->in[0]).dtype) return IR_RETURN;
    return combine->code;
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
        int rank = ad_type(c, g).rank;
        int64_t all[IR_MAX_RANK];
        for (int d = 0; d < rank; d++) all[d] = d;
        return ad_reduce_sum(c, g, rank, all);
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
    default: return ad_unsupported(c, "no rule for this op");
    }
}
