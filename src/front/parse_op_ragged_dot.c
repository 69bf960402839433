/* parse_op_ragged_dot.c: chlo.ragged_dot(lhs, rhs, group_sizes) (jax.lax.ragged_dot and
 * ragged_dot_general) as StableHLO ops, the way XLA's chlo legalization expands it
 * (ChloLegalizeToStablehlo.cpp, handleRaggedDotMode1/2/3), after its verifier's rules
 * (ChloOps.cpp, checkRaggedDotConstraints). The lhs has one ragged dimension, split
 * into g consecutive groups of group_sizes' last dimension; the mode is its kind:
 *
 *   non-contracting (m)  [b,m,k] x [g,b,k,n], sizes [b,g] -> [b,m,n]: group i's rows
 *                        times rhs's group i; per group a dot_general of the lhs with
 *                        the rows outside the group zeroed and rhs's group i, summed
 *   contracting (k)      [b,m,k] x [b,k,n], sizes [b,g] -> [g,b,m,n]: per group a
 *                        dot_general of the lhs zeroed outside the group's k, stacked
 *   batch (b)            [b,m,k] x [b,k,n], sizes [g] -> [b,m,n]: one dot_general
 *
 * Group i covers [start_i, start_i + size_i) of the ragged dimension, start_0 = 0 and
 * start_i+1 = start_i + size_i, in i64 (the sizes converted); what no group covers is
 * zero. group_sizes is [p..., g] where p... are the lhs's batch dimensions and the
 * non-contracting (contracting) ones before the ragged one, in that order, or just [g]
 * for every p; a size at p... bounds the group along the ragged dimension of the lhs
 * elements at p.... Beyond what the ops' own rules check (the dot_generals verify the
 * dot dimensions), this file checks the ragged dimension, the group dimension,
 * group_sizes' shape and the result's shape, each error at the op. */
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

enum { NON_CONTRACTING, CONTRACTING, BATCH };

typedef struct ragged {
    parser *p;
    op_desc *d;
    ir_attrs dot;              /* the dot dimension numbers */
    ir_ints lhs_ragged, rhs_group;
    ir_type lt, rt, st, out;   /* lhs, rhs, group_sizes and the result */
    int mode;
    int nprefix;               /* group_sizes' leading dims: the lhs dims prefix[..] */
    int64_t prefix[IR_MAX_RANK];
    int64_t g;                 /* the number of groups */
} ragged;

static bool contains(const ir_ints *l, int64_t v) {
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == v) return true;
    return false;
}

static int fail(const ragged *r, const char *what) {
    return fr_error(r->p, r->d->at, "chlo.ragged_dot: %s", what);
}

/* "[6, 5" for dims 6, 5 (the caller closes the list), into buf. */
static const char *dims_text(char *buf, size_t size, int n, const int64_t *dims) {
    size_t at = (size_t)snprintf(buf, size, "[");
    for (int i = 0; i < n && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%lld", i ? ", " : "", (long long)dims[i]);
    return buf;
}

/* The n lists' dims are dims of their operand, each named once over the lists. */
static int distinct_in_range(const ragged *r, int n, const ir_ints *const *lists, int rank, const char *side) {
    bool seen[IR_MAX_RANK] = {false};
    char what[96];
    for (int k = 0; k < n; k++)
        for (int i = 0; i < lists[k]->n; i++) {
            int64_t v = lists[k]->v[i];
            if (v < 0 || v >= rank || seen[v]) {
                snprintf(what, sizeof what, "%s dimension %lld is out of range or named twice", side, (long long)v);
                return fail(r, what);
            }
            seen[v] = true;
        }
    return 0;
}

/* The ragged dim is the lhs's, and one of its batch, contracting or free dims. */
static int check_ranges(const ragged *r) {
    const ir_ints *lhs[] = {&r->dot.lhs_batch, &r->dot.lhs_contract};
    const ir_ints *rhs[] = {&r->dot.rhs_batch, &r->dot.rhs_contract, &r->rhs_group};
    int64_t rd = r->lhs_ragged.v[0];
    if (rd < 0 || rd >= r->lt.rank) return fail(r, "the lhs ragged dimension is out of range");
    return distinct_in_range(r, 2, lhs, r->lt.rank, "lhs") || distinct_in_range(r, 3, rhs, r->rt.rank, "rhs");
}

/* The mode, and the lhs dims that group_sizes' leading dims stand for. */
static void classify(ragged *r) {
    int64_t rd = r->lhs_ragged.v[0];
    const ir_ints *lb = &r->dot.lhs_batch, *lc = &r->dot.lhs_contract;
    r->mode = contains(lb, rd) ? BATCH : contains(lc, rd) ? CONTRACTING : NON_CONTRACTING;
    r->nprefix = 0;
    for (int i = 0; i < lb->n && !(r->mode == BATCH && lb->v[i] == rd); i++) r->prefix[r->nprefix++] = lb->v[i];
    if (r->mode == CONTRACTING)
        for (int i = 0; i < lc->n && lc->v[i] != rd; i++) r->prefix[r->nprefix++] = lc->v[i];
    if (r->mode == NON_CONTRACTING)
        for (int64_t i = 0; i < rd; i++)
            if (!contains(lb, i) && !contains(lc, i)) r->prefix[r->nprefix++] = i;
}

/* group_sizes: integers, [g] or [prefix sizes..., g], g >= 1. */
static int check_sizes(ragged *r) {
    if (!ir_dtype_is_int(r->st.dtype) || r->st.rank < 1)
        return fail(r, "group_sizes must be integers of rank 1 or more");
    r->g = r->st.dims[r->st.rank - 1];
    if (r->st.rank == 1) return r->g < 1 ? fail(r, "group_sizes must give at least one group") : 0;
    int64_t want[IR_MAX_RANK];
    bool same = r->st.rank == r->nprefix + 1;
    for (int i = 0; i < r->nprefix; i++) want[i] = r->lt.dims[r->prefix[i]];
    for (int i = 0; same && i < r->nprefix; i++) same = r->st.dims[i] == want[i];
    char got[160], prefix[160];
    dims_text(got, sizeof got, r->st.rank, r->st.dims);
    if (!same && r->nprefix == 0)
        return fr_error(r->p, r->d->at, "chlo.ragged_dot: group_sizes has shape %s], expected [g]", got);
    if (!same)
        return fr_error(r->p, r->d->at, "chlo.ragged_dot: group_sizes has shape %s], expected [g] or %s, g]", got,
                        dims_text(prefix, sizeof prefix, r->nprefix, want));
    return r->g < 1 ? fail(r, "group_sizes must give at least one group") : 0;
}

/* In non-contracting mode the rhs has one group dim (of size g), else none. */
static int check_rhs_group(const ragged *r) {
    if (r->mode != NON_CONTRACTING)
        return r->rhs_group.n ? fail(r, "a batch or contracting ragged dimension takes no rhs group dimension") : 0;
    if (r->rhs_group.n != 1) return fail(r, "a non-contracting ragged dimension needs exactly one rhs group dimension");
    int64_t gd = r->rhs_group.v[0];
    if (contains(&r->dot.rhs_batch, gd) || contains(&r->dot.rhs_contract, gd))
        return fail(r, "the rhs group dimension is also a batch or contracting dimension");
    return r->rt.dims[gd] == r->g ? 0 : fail(r, "the rhs group dimension's size is not the number of groups");
}

/* The result's dims: [g] (contracting mode), batch, lhs free, rhs free (not the group dim). */
static int check_result(const ragged *r) {
    int64_t dims[IR_MAX_RANK + 1];
    int n = 0;
    if (r->mode == CONTRACTING) dims[n++] = r->g;
    for (int i = 0; i < r->dot.lhs_batch.n; i++) dims[n++] = r->lt.dims[r->dot.lhs_batch.v[i]];
    for (int64_t i = 0; i < r->lt.rank && n <= IR_MAX_RANK; i++)
        if (!contains(&r->dot.lhs_batch, i) && !contains(&r->dot.lhs_contract, i)) dims[n++] = r->lt.dims[i];
    for (int64_t i = 0; i < r->rt.rank && n <= IR_MAX_RANK; i++)
        if (!contains(&r->dot.rhs_batch, i) && !contains(&r->dot.rhs_contract, i) && !contains(&r->rhs_group, i))
            dims[n++] = r->rt.dims[i];
    bool same = n == r->out.rank;
    for (int i = 0; same && i < n; i++) same = dims[i] == r->out.dims[i];
    char got[160], want[160];
    if (!same)
        return fr_error(r->p, r->d->at, "chlo.ragged_dot: the result has shape %s], the operands give %s]",
                        dims_text(got, sizeof got, r->out.rank, r->out.dims), dims_text(want, sizeof want, n, dims));
    return 0;
}

static int read_and_check(ragged *r, const attr_list *attrs) {
    const attr_ref *a;
    op_desc *d = r->d;
    if (d->nin != 3) return fr_error(r->p, d->at, "chlo.ragged_dot takes 3 operands, found %d", d->nin);
    if (d->out.n != 1) return fr_error(r->p, d->at, "chlo.ragged_dot has 1 result, the signature gives %d", d->out.n);
    if (!(a = fr_attr_require(r->p, attrs, "ragged_dot_dimension_numbers", d->at)) ||
        fr_attr_read_ragged_dot_dims(r->p, a, &r->dot, &r->lhs_ragged, &r->rhs_group))
        return -1;
    r->lt = *ir_value_type(r->p->fn, d->in[0].id);
    r->rt = *ir_value_type(r->p->fn, d->in[1].id);
    r->st = *ir_value_type(r->p->fn, d->in[2].id);
    r->out = d->out.v[0];
    if (r->lhs_ragged.n != 1) return fail(r, "the lhs must have exactly one ragged dimension");
    if (check_ranges(r)) return -1;
    classify(r);
    return check_sizes(r) || check_rhs_group(r) || check_result(r);
}

/* ---- the expansion ------------------------------------------------------------------------------ */

static ir_value_id aux(const ragged *r, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t) {
    ir_op *op = fr_aux_op(r->p, r->d, code, nin, in, t);
    return op ? op->out[0] : -1;
}

/* x at index lo of dim `dim` (the others whole), reshaped to `to`. */
static ir_value_id take(const ragged *r, ir_value_id x, int dim, int64_t lo, const ir_type *to) {
    ir_type t = *ir_value_type(r->p->fn, x);
    int64_t start[IR_MAX_RANK] = {0}, limit[IR_MAX_RANK], stride[IR_MAX_RANK];
    for (int i = 0; i < t.rank; i++) limit[i] = t.dims[i], stride[i] = 1;
    start[dim] = lo, limit[dim] = lo + 1, t.dims[dim] = 1;
    ir_op *op = fr_aux_op(r->p, r->d, IR_SLICE, 1, &x, &t);
    if (!op) return -1;
    if (ir_ints_set(&op->a.start, t.rank, start) || ir_ints_set(&op->a.limit, t.rank, limit) ||
        ir_ints_set(&op->a.stride, t.rank, stride))
        return fr_nomem(r->p), -1;
    return aux(r, IR_RESHAPE, 1, &op->out[0], to);
}

/* A compare of two i64 tensors, signed. */
static ir_value_id compare(const ragged *r, ir_cmp_dir dir, ir_value_id a, ir_value_id b) {
    ir_type t = *ir_value_type(r->p->fn, a);
    t.dtype = IR_I1;
    ir_value_id in[2] = {a, b};
    ir_op *op = fr_aux_op(r->p, r->d, IR_COMPARE, 2, in, &t);
    if (!op) return -1;
    op->a.cmp = dir;
    op->a.cmp_type = IR_CMPT_SIGNED;
    return op->out[0];
}

/* lhs where start <= the ragged index < limit (start, limit: group_sizes' prefix
 * shape, broadcast to the lhs's prefix dims), else zero. */
static ir_value_id mask(const ragged *r, ir_value_id lhs, ir_value_id zero, ir_value_id iota, ir_value_id start,
                        ir_value_id limit) {
    ir_type it = *ir_value_type(r->p->fn, iota);
    int n = r->st.rank == 1 ? 0 : r->nprefix;
    ir_value_id lo = fr_broadcast_to(r->p, r->d, start, &it, n, r->prefix);
    ir_value_id hi = lo < 0 ? -1 : fr_broadcast_to(r->p, r->d, limit, &it, n, r->prefix);
    ir_value_id ge = hi < 0 ? -1 : compare(r, IR_CMP_GE, iota, lo);
    ir_value_id lt = ge < 0 ? -1 : compare(r, IR_CMP_LT, iota, hi);
    if (lt < 0) return -1;
    ir_type bt = it;
    bt.dtype = IR_I1;
    ir_value_id both = aux(r, IR_AND, 2, (ir_value_id[]){ge, lt}, &bt);
    return both < 0 ? -1 : aux(r, IR_SELECT, 3, (ir_value_id[]){both, lhs, zero}, &r->lt);
}

/* a's dot numbers, the rhs's with its dims above `removed` one lower (-1: none removed). */
static int set_dot_dims(const ragged *r, ir_attrs *a, int64_t removed) {
    const ir_ints *rb = &r->dot.rhs_batch, *rc = &r->dot.rhs_contract;
    int64_t b[IR_MAX_RANK], c[IR_MAX_RANK];
    for (int i = 0; i < rb->n; i++) b[i] = rb->v[i] - (removed >= 0 && rb->v[i] > removed);
    for (int i = 0; i < rc->n; i++) c[i] = rc->v[i] - (removed >= 0 && rc->v[i] > removed);
    if (ir_ints_set(&a->lhs_batch, r->dot.lhs_batch.n, r->dot.lhs_batch.v) || ir_ints_set(&a->rhs_batch, rb->n, b) ||
        ir_ints_set(&a->lhs_contract, r->dot.lhs_contract.n, r->dot.lhs_contract.v) ||
        ir_ints_set(&a->rhs_contract, rc->n, c))
        return fr_nomem(r->p);
    return 0;
}

static ir_value_id dot(const ragged *r, ir_value_id lhs, ir_value_id rhs, int64_t removed, const ir_type *t) {
    ir_op *op = fr_aux_op(r->p, r->d, IR_DOT_GENERAL, 2, (ir_value_id[]){lhs, rhs}, t);
    if (!op) return -1;
    return set_dot_dims(r, &op->a, removed) ? -1 : op->out[0];
}

/* Group i's term: the non-contracting mode's product with rhs's group i, or the
 * contracting mode's product as [1, result...]. */
static ir_value_id group_term(const ragged *r, int64_t i, ir_value_id masked) {
    if (r->mode == NON_CONTRACTING) {
        int gd = (int)r->rhs_group.v[0];
        ir_type rg = ir_type_without_dim(&r->rt, gd);
        ir_value_id rhs = take(r, r->d->in[1].id, gd, i, &rg);
        return rhs < 0 ? -1 : dot(r, masked, rhs, gd, &r->out);
    }
    ir_type one = r->out, t = ir_type_without_dim(&r->out, 0);
    one.dims[0] = 1;
    ir_value_id v = dot(r, masked, r->d->in[1].id, -1, &t);
    return v < 0 ? -1 : aux(r, IR_RESHAPE, 1, &v, &one);
}

/* The operands every group's mask reads: the sizes in i64, the ragged index, zeros. */
static int mask_inputs(const ragged *r, ir_value_id *sizes, ir_value_id *iota, ir_value_id *zero,
                       ir_value_id *start) {
    ir_type st64 = r->st, it = r->lt, pt = ir_type_without_dim(&r->st, r->st.rank - 1);
    st64.dtype = it.dtype = pt.dtype = IR_I64;
    *sizes = r->st.dtype == IR_I64 ? r->d->in[2].id : aux(r, IR_CONVERT, 1, &r->d->in[2].id, &st64);
    ir_op *op = *sizes < 0 ? NULL : fr_aux_op(r->p, r->d, IR_IOTA, 0, NULL, &it);
    if (!op) return -1;
    op->a.axis = r->lhs_ragged.v[0];
    *iota = op->out[0];
    ir_value_id z = fr_scalar_constant(r->p, r->d, r->lt.dtype, 0.0, 0);
    ir_value_id z64 = z < 0 ? -1 : fr_scalar_constant(r->p, r->d, IR_I64, 0.0, 0);
    *zero = z64 < 0 ? -1 : fr_broadcast_to(r->p, r->d, z, &r->lt, 0, NULL);
    *start = *zero < 0 || pt.rank == 0 ? z64 : fr_broadcast_to(r->p, r->d, z64, &pt, 0, NULL);
    return *start < 0 ? -1 : 0;
}

/* Every group's term; d becomes their sum (non-contracting) or their concatenation on
 * dim 0 (contracting). */
static int expand_groups(ragged *r) {
    ir_value_id sizes, iota, zero, start;
    if (mask_inputs(r, &sizes, &iota, &zero, &start)) return -1;
    ir_type pt = ir_type_without_dim(&r->st, r->st.rank - 1);
    pt.dtype = IR_I64;
    ir_value_id *terms = mem_alloc((size_t)r->g * sizeof *terms), sum = -1;
    if (!terms) return fr_nomem(r->p);
    int rc = 0;
    for (int64_t i = 0; !rc && i < r->g; i++) {
        ir_value_id size = take(r, sizes, r->st.rank - 1, i, &pt);
        ir_value_id limit = size < 0 ? -1 : aux(r, IR_ADD, 2, (ir_value_id[]){start, size}, &pt);
        ir_value_id masked = limit < 0 ? -1 : mask(r, r->d->in[0].id, zero, iota, start, limit);
        terms[i] = masked < 0 ? -1 : group_term(r, i, masked);
        if (terms[i] < 0) rc = -1;
        else if (r->mode == NON_CONTRACTING && i > 0 && i + 1 < r->g)   /* the last add is d */
            rc = (sum = aux(r, IR_ADD, 2, (ir_value_id[]){i == 1 ? terms[0] : sum, terms[i]}, &r->out)) < 0;
        start = limit;
    }
    op_desc *d = r->d;
    d->nin = 0;
    if (r->mode == CONTRACTING) {
        d->code = IR_CONCATENATE;
        d->a.axis = 0;
        for (int64_t i = 0; !rc && i < r->g; i++) rc = fr_push_operand(r->p, d, (operand){.id = terms[i]});
    } else if (!rc && r->g == 1) {   /* one group: d is the identity on its term */
        d->code = IR_CONVERT;
        rc = fr_push_operand(r->p, d, (operand){.id = terms[0]});
    } else if (!rc) {
        d->code = IR_ADD;
        rc = fr_push_operand(r->p, d, (operand){.id = r->g == 2 ? terms[0] : sum}) ||
             fr_push_operand(r->p, d, (operand){.id = terms[r->g - 1]});
    }
    mem_free(terms);
    return rc ? -1 : 0;
}

int fr_lower_ragged_dot(parser *p, op_desc *d, const attr_list *attrs) {
    ragged r = {.p = p, .d = d};
    int rc = read_and_check(&r, attrs);
    if (!rc && r.mode == BATCH) {   /* the groups split the batch: one dot_general */
        d->code = IR_DOT_GENERAL;
        d->nin = 2;
        rc = set_dot_dims(&r, &d->a, -1);
    } else if (!rc) {
        rc = expand_groups(&r);
    }
    ir_attrs_free(&r.dot);
    mem_free(r.lhs_ragged.v);
    mem_free(r.rhs_group.v);
    return rc;
}
