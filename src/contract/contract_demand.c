/* contract_demand.c: which elements of a dot's result anyone reads, which
 * of its operands are masked to a triangle (contract.h,
 * contract_triangle), and which reduce kernels' rows keep one (below, "a
 * row's triangle").
 *
 * Causal attention computes every score q.k and then masks half of them:
 * where(tril(ones), s, -inf). The scores outside the mask never reach a
 * result, so the product need not compute them. The rule here: every
 * kernel that reads the DOT kernel's result reads it only through values
 * computed elementwise from it (float arithmetic, at its own index) that
 * end as the on-true operand of a select whose predicate is false outside
 * a triangle idx[a] - idx[b] >= c of the result's shape. The select then
 * takes its other operand there, which does not depend on the result: the
 * elements outside the triangle may hold anything. Float arithmetic on any
 * bits is harmless (no trap: the generated code masks FP exceptions), which
 * is why conversions to integers, whose out-of-range values C leaves
 * undefined, do not qualify.
 *
 * The probabilities that softmax makes of such masked scores are zero
 * outside the mask (exp(-inf - max) = 0), so their product with the values
 * need only sum over the positions inside it. That is a hint, not a
 * proof (the masked value may not be -inf; a row of NaN has no zeros):
 * contract_masked_operand names an operand made, in another kernel, from a
 * select masked to a triangle, and the product checks the zeros, and that
 * the other operand is finite, at run time (emit_prelude.c, aj_sgemm_band).
 *
 * Predicates understood: compare(iota_i + k1, iota_j + k2) of signed
 * integers (jnp.tril, jnp.triu and their offsets), through broadcast_in_dim,
 * and, select(p, q, false), and a mask another kernel computes (two
 * attention layers share one). */
#include "contract.h"

#include <string.h>

#include "../util/mem.h"

enum { DEMAND_MAX_DEPTH = 12 };

/* The largest iota offset taken: iota + k stays far from the i32 range. */
#define DEMAND_MAX_OFFSET ((int64_t)1 << 30)

static const ir_op *def_of(const ir_func *f, ir_value_id v) { return f->values[v].def; }

/* v is a splat (a one-element constant, or a broadcast_in_dim of one) of
 * an integer or i1 type: its value in *x. */
static bool splat_int(const ir_func *f, ir_value_id v, int64_t *x) {
    const ir_op *op = def_of(f, v);
    if (op && op->code == IR_BROADCAST_IN_DIM) op = def_of(f, op->in[0]);
    if (!op || op->code != IR_CONSTANT || !op->a.data || ir_type_numel(&f->values[op->out[0]].type) != 1) return false;
    const void *d = op->a.data;
    switch (f->values[op->out[0]].type.dtype) {
    case IR_I1: *x = *(const uint8_t *)d != 0; return true;
    case IR_I8: *x = *(const int8_t *)d; return true;
    case IR_I16: *x = *(const int16_t *)d; return true;
    case IR_I32: *x = *(const int32_t *)d; return true;
    case IR_I64: *x = *(const int64_t *)d; return true;
    default: return false;
    }
}

/* v = iota along *dim plus *offset (through broadcasts and additions of
 * integer splats). */
static bool iota_plus(const ir_func *f, ir_value_id v, int depth, int *dim, int64_t *offset) {
    const ir_op *op = def_of(f, v);
    int64_t k;
    if (!op || depth > DEMAND_MAX_DEPTH) return false;
    switch (op->code) {
    case IR_IOTA:
        *dim = (int)op->a.axis;
        *offset = 0;
        return true;
    case IR_BROADCAST_IN_DIM:
        if (!iota_plus(f, op->in[0], depth + 1, dim, offset)) return false;
        *dim = (int)op->a.dims.v[*dim];
        return true;
    case IR_ADD:
    case IR_SUBTRACT:
        for (int side = 0; side < 2; side++) {
            if (!splat_int(f, op->in[1 - side], &k) || k > DEMAND_MAX_OFFSET || k < -DEMAND_MAX_OFFSET) continue;
            if (op->code == IR_SUBTRACT && side == 1) return false;   /* k - iota runs backwards */
            if (!iota_plus(f, op->in[side], depth + 1, dim, offset)) return false;
            *offset += op->code == IR_SUBTRACT ? -k : k;
            return *offset <= DEMAND_MAX_OFFSET && *offset >= -DEMAND_MAX_OFFSET;
        }
        return false;
    default: return false;
    }
}

/* compare(x, y) of iotas with offsets: true only where idx[a] - idx[b] >= c. */
static bool compare_triangle(const ir_func *f, const ir_op *cmp, int depth, contract_triangle *t) {
    ir_dtype d = f->values[cmp->in[0]].type.dtype;
    bool is_signed = cmp->a.cmp_type == IR_CMPT_SIGNED ||
                     (cmp->a.cmp_type == IR_CMPT_NOTYPE && ir_dtype_is_int(d) && !ir_dtype_is_unsigned(d));
    int i, j;
    int64_t ki, kj;
    if (!is_signed || !iota_plus(f, cmp->in[0], depth + 1, &i, &ki) || !iota_plus(f, cmp->in[1], depth + 1, &j, &kj) ||
        i == j)
        return false;
    /* idx_i + ki (>=, >, <=, <) idx_j + kj */
    switch (cmp->a.cmp) {
    case IR_CMP_GE: *t = (contract_triangle){i, j, kj - ki}; return true;
    case IR_CMP_GT: *t = (contract_triangle){i, j, kj - ki + 1}; return true;
    case IR_CMP_LE: *t = (contract_triangle){j, i, ki - kj}; return true;
    case IR_CMP_LT: *t = (contract_triangle){j, i, ki - kj + 1}; return true;
    default: return false;
    }
}

/* The value kernel x's region returns as x's result v (of f's body). */
static ir_value_id returned_for(const ir_func *f, const ir_op *x, ir_value_id v) {
    const ir_block *b = x->regions[0];
    const ir_op *ret = b->ops[b->nops - 1];
    return ret->code == IR_RETURN ? ret->in[f->values[v].def_index] : -1;
}

/* The value of f's body that block argument v of kernel's region is
 * bound to, when another kernel computes it: that kernel's returned value
 * (a mask two attention layers share), its kernel in *kernel; else -1. */
static ir_value_id computed_by_kernel(const ir_func *f, const ir_op **kernel, ir_value_id v) {
    const ir_block *b = (*kernel)->regions[0];
    for (int j = 0; j < b->nargs; j++) {
        if (b->args[j] != v) continue;
        ir_value_id outer = (*kernel)->in[j];
        const ir_op *x = def_of(f, outer);
        if (!x || x->code != IR_FUSION) return -1;
        *kernel = x;
        return returned_for(f, x, outer);
    }
    return -1;
}

/* Predicate p of kernel's region is false outside the triangle *t (dims
 * of p's shape). */
static bool true_only_in_triangle(const ir_func *f, const ir_op *kernel, ir_value_id p, int depth,
                                  contract_triangle *t) {
    const ir_op *op = def_of(f, p);
    int64_t k;
    if (depth > DEMAND_MAX_DEPTH) return false;
    if (!op) {
        ir_value_id q = computed_by_kernel(f, &kernel, p);
        return q >= 0 && true_only_in_triangle(f, kernel, q, depth + 1, t);
    }
    switch (op->code) {
    case IR_COMPARE: return compare_triangle(f, op, depth, t);
    case IR_BROADCAST_IN_DIM:
        if (!true_only_in_triangle(f, kernel, op->in[0], depth + 1, t)) return false;
        t->a = (int)op->a.dims.v[t->a];
        t->b = (int)op->a.dims.v[t->b];
        return true;
    case IR_AND:
        return true_only_in_triangle(f, kernel, op->in[0], depth + 1, t) ||
               true_only_in_triangle(f, kernel, op->in[1], depth + 1, t);
    case IR_SELECT:   /* select(q, r, false): true only where q and r both are */
        if (!splat_int(f, op->in[2], &k) || k != 0) return false;
        return true_only_in_triangle(f, kernel, op->in[0], depth + 1, t) ||
               true_only_in_triangle(f, kernel, op->in[1], depth + 1, t);
    default: return false;
    }
}

static bool float_arithmetic(const ir_func *f, const ir_op *op) {
    ir_op_kind k = ir_op_kind_of(op->code);
    if (k != IR_KIND_UNARY && k != IR_KIND_BINARY) return false;
    for (int j = 0; j < op->nin; j++)
        if (!ir_dtype_is_float(f->values[op->in[j]].type.dtype)) return false;
    return ir_dtype_is_float(f->values[op->out[0]].type.dtype);
}

/* An op of region b (or of its regions) reads a value flagged in `flags`
 * (a reducer capturing it). */
static bool region_reads(const ir_block *b, const bool *flags) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++)
            if (flags[op->in[j]]) return true;
        for (int r = 0; r < op->nregions; r++)
            if (region_reads(op->regions[r], flags)) return true;
    }
    return false;
}

/* Joins triangle t into the demand *all (*n triangles so far): the same
 * two dims, the widest offset. */
static bool join(contract_triangle *all, int *n, contract_triangle t) {
    if ((*n)++ == 0) {
        *all = t;
        return true;
    }
    if (t.a != all->a || t.b != all->b) return false;
    if (t.c < all->c) all->c = t.c;
    return true;
}

/* The dims of size above 1 of t, in order, in dims; their count. */
static int sized_dims(const ir_type *t, int *dims) {
    int n = 0;
    for (int d = 0; d < t->rank; d++)
        if (t->dims[d] > 1) dims[n++] = d;
    return n;
}

/* v reads from at the linear index and both have the same dims of size
 * above 1 in the same order (an elementwise op, or a reshape, transpose
 * or broadcast that only adds, drops or moves unit dims): element for
 * element, the same index once unit dims are left out. */
static bool same_sized_dims(const ir_type *x, const ir_type *y) {
    int dx[IR_MAX_RANK], dy[IR_MAX_RANK], n = sized_dims(x, dx);
    if (n != sized_dims(y, dy)) return false;
    for (int i = 0; i < n; i++)
        if (x->dims[dx[i]] != y->dims[dy[i]]) return false;
    return true;
}

/* Triangle t over the dims of `from` as dims of `to` (same_sized_dims):
 * false when t names a unit dim. */
static bool carry_triangle(const ir_type *from, const ir_type *to, contract_triangle *t) {
    int df[IR_MAX_RANK], dt[IR_MAX_RANK], n = sized_dims(from, df);
    sized_dims(to, dt);
    int a = -1, b = -1;
    for (int i = 0; i < n; i++) {
        if (df[i] == t->a) a = dt[i];
        if (df[i] == t->b) b = dt[i];
    }
    t->a = a;
    t->b = b;
    return a >= 0 && b >= 0;
}

/* Every read of block argument `arg` of kernel region b ends in a select
 * masked to a triangle, joined into *all (dims of arg's shape). Values
 * computed from arg on the way are flagged in from_arg: float arithmetic
 * and moves of unit dims, each element at arg's element of the same
 * index. */
static bool reads_in_triangle(const ir_func *f, const ir_op *kernel, ir_value_id arg, contract_triangle *all, int *n) {
    const ir_block *b = kernel->regions[0];
    bool *from_arg = mem_calloc((size_t)f->nvalues, sizeof *from_arg);
    if (!from_arg) return false;
    from_arg[arg] = true;
    const ir_type *shape = &f->values[arg].type;
    bool ok = true;
    for (int i = 0; ok && i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        int reads = 0, at = -1;
        for (int j = 0; j < op->nin; j++)
            if (from_arg[op->in[j]]) reads++, at = j;
        for (int r = 0; r < op->nregions; r++) ok = ok && !region_reads(op->regions[r], from_arg);
        if (!reads) continue;
        if (op->nout != 1) {   /* the return: the kernel writes it out as it is */
            ok = false;
            continue;
        }
        const ir_type *out = &f->values[op->out[0]].type;
        bool moves_units = reads == 1 && same_sized_dims(out, shape) &&
                           ir_op_reads_at_linear_index(f, op, at);
        bool unit_move = moves_units && (op->code == IR_RESHAPE || op->code == IR_TRANSPOSE ||
                                         op->code == IR_BROADCAST_IN_DIM);
        contract_triangle t;
        if (op->code == IR_SELECT && at == 1 && moves_units && ir_type_same_shape(&f->values[op->in[0]].type, out))
            ok = true_only_in_triangle(f, kernel, op->in[0], 0, &t) && carry_triangle(out, shape, &t) && join(all, n, t);
        else if (unit_move || (moves_units && float_arithmetic(f, op)))
            from_arg[op->out[0]] = true;
        else
            ok = false;   /* read elsewhere: a reduce, a reshape, a result, an integer */
    }
    mem_free(from_arg);
    return ok;
}

bool contract_demanded_triangle(const ir_func *f, int step, contract_triangle *t) {
    const ir_op *fusion = f->body->ops[step];
    if (fusion->code != IR_FUSION || fusion->nout != 1) return false;
    ir_value_id v = fusion->out[0];
    int n = 0;
    for (int s = step + 1; s < f->body->nops; s++) {
        const ir_op *op = f->body->ops[s];
        for (int j = 0; j < op->nin; j++) {
            if (op->in[j] != v) continue;
            bool kernel = op->code == IR_FUSION && (op->a.fusion_kind == IR_FUSION_LOOP || op->a.fusion_kind == IR_FUSION_REDUCE);
            if (!kernel || !reads_in_triangle(f, op, op->regions[0]->args[j], t, &n)) return false;
        }
    }
    return n > 0;
}

/* Value v of kernel x's region depends on a select masked to a triangle
 * of a value with v's dims (carried into *t, dims of v's shape). */
static bool depends_on_masked_select(const ir_func *f, const ir_op *x, ir_value_id v, contract_triangle *t) {
    const ir_block *b = x->regions[0];
    const ir_type *shape = &f->values[v].type;
    bool *from = mem_calloc((size_t)f->nvalues, sizeof *from);
    bool found = false;
    for (int i = 0; from && !found && i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code != IR_SELECT || !same_sized_dims(&f->values[op->out[0]].type, shape) ||
            !true_only_in_triangle(f, x, op->in[0], 0, t) || !carry_triangle(&f->values[op->out[0]].type, shape, t))
            continue;
        memset(from, 0, (size_t)f->nvalues * sizeof *from);
        from[op->out[0]] = true;
        for (int k = i + 1; k < b->nops; k++) {
            const ir_op *later = b->ops[k];
            bool reads = false;
            for (int j = 0; j < later->nin; j++) reads |= from[later->in[j]];
            for (int j = 0; j < later->nout; j++) from[later->out[j]] = reads;
        }
        found = from[v];
    }
    mem_free(from);
    return found;
}

bool contract_masked_operand(const ir_func *f, int step, int *side, contract_triangle *t) {
    const ir_op *fusion = f->body->ops[step];
    const ir_block *b = fusion->regions[0];
    const ir_op *dot = NULL;
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]->code == IR_DOT_GENERAL) dot = b->ops[i];
    for (int s = 0; dot && s < 2; s++)
        for (int j = 0; j < b->nargs; j++) {
            if (b->args[j] != dot->in[s]) continue;
            ir_value_id outer = fusion->in[j];
            const ir_op *x = def_of(f, outer);
            bool kernel = x && x->code == IR_FUSION &&
                          (x->a.fusion_kind == IR_FUSION_LOOP || x->a.fusion_kind == IR_FUSION_REDUCE);
            ir_value_id v = kernel ? returned_for(f, x, outer) : -1;
            if (v >= 0 && depends_on_masked_select(f, x, v, t) && carry_triangle(&f->values[v].type, &f->values[outer].type, t)) {
                *side = s;
                return true;
            }
        }
    return false;
}

/* ---- a row's triangle --------------------------------------------------------------
 * Softmax over masked scores, where(tril, s, -inf), computes for every
 * element of a row outside the mask exp(-inf - max) and stores 0: one
 * value for all of them. The rule: a select whose predicate is true only
 * in a triangle of the reductions' input shape, between the reduced
 * innermost dim and a kept dim (the row), takes its on-false operand
 * outside the triangle; every value at the input shape that the kernel
 * folds or returns must then not vary along the reduced dim there, that
 * is, depend on what varies only through the on-true operands of such
 * selects. Region arguments, constants and iotas along the dim vary; a
 * broadcast varies only where its operand gives the dim; a reduction is
 * one value per row. */

/* The last dim of t of size above 1, or -1. */
static int innermost(const ir_type *t) {
    for (int d = t->rank - 1; d >= 0; d--)
        if (t->dims[d] > 1) return d;
    return -1;
}

static bool elementwise(const ir_op *op) {
    ir_op_kind k = ir_op_kind_of(op->code);
    return k == IR_KIND_UNARY || k == IR_KIND_BINARY || op->code == IR_CONVERT || op->code == IR_COMPARE ||
           op->code == IR_SELECT || op->code == IR_CLAMP;
}

/* Select op of kernel's region, at shape `in`, takes its on-false operand
 * outside the triangle u between dims inner and row (u.c: the widest
 * offset for which it does). */
static bool masked_row_select(const ir_func *f, const ir_op *kernel, const ir_op *op, const ir_type *in, int inner,
                              contract_triangle *u) {
    if (op->code != IR_SELECT || !ir_type_same_shape(&f->values[op->out[0]].type, in) ||
        !ir_type_same_shape(&f->values[op->in[0]].type, in) || !true_only_in_triangle(f, kernel, op->in[0], 0, u))
        return false;
    return (u->a == inner) != (u->b == inner);
}

/* Whether the result of op (of kernel's region) may vary along dim inner
 * of `in` outside triangle t, given what its operands may (varies). */
static bool result_varies(const ir_func *f, const ir_op *kernel, const ir_op *op, const ir_type *in, int inner,
                          const contract_triangle *t, const bool *varies) {
    const ir_type *out = &f->values[op->out[0]].type;
    bool at_input = ir_type_same_shape(out, in);
    contract_triangle u;
    if (op->code == IR_REDUCE || ir_type_numel(out) <= 1) return false;
    switch (op->code) {
    case IR_IOTA: return !at_input || op->a.axis == inner;
    case IR_BROADCAST_IN_DIM:
        if (!at_input) return varies[op->in[0]];
        for (int k = 0; k < op->a.dims.n; k++)
            if (op->a.dims.v[k] == inner && f->values[op->in[0]].type.dims[k] > 1) return varies[op->in[0]];
        return false;
    case IR_SELECT:
        if (masked_row_select(f, kernel, op, in, inner, &u) && u.a == t->a && u.b == t->b && u.c >= t->c)
            return varies[op->in[2]];
        break;
    default: break;
    }
    if (!elementwise(op)) return true;
    for (int j = 0; j < op->nin; j++)
        if (varies[op->in[j]]) return true;
    return false;
}

/* The reductions of region b: one f32 or f64 input each, of one shape
 * (*in), all reducing its innermost dim (*inner) and no other of size
 * above 1. */
static bool plain_reductions(const ir_func *f, const ir_block *b, const ir_type **in, int *inner) {
    *in = NULL;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code != IR_REDUCE) continue;
        const ir_type *x = &f->values[op->in[0]].type;
        if (op->nin != 2 || (x->dtype != IR_F32 && x->dtype != IR_F64) || (*in && !ir_type_same_shape(x, *in)))
            return false;
        if (!*in) *in = x, *inner = innermost(x);
        bool reduces_inner = false;
        for (int k = 0; k < op->a.dims.n; k++) {
            reduces_inner |= op->a.dims.v[k] == *inner;
            if (op->a.dims.v[k] != *inner && x->dims[op->a.dims.v[k]] > 1) return false;
        }
        if (*inner < 0 || !reduces_inner) return false;
    }
    return *in != NULL;
}

/* Dim `dim` of the input is reduced by every reduction of region b. */
static bool reduced_by_all(const ir_block *b, int dim) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        bool holds = false;
        for (int k = 0; op->code == IR_REDUCE && k < op->a.dims.n; k++) holds |= op->a.dims.v[k] == dim;
        if (op->code == IR_REDUCE && !holds) return false;
    }
    return true;
}

bool contract_row_triangle(const ir_func *f, int step, contract_triangle *t) {
    const ir_op *kernel = f->body->ops[step];
    if (kernel->code != IR_FUSION || kernel->a.fusion_kind != IR_FUSION_REDUCE || kernel->nregions != 1) return false;
    const ir_block *b = kernel->regions[0];
    const ir_type *in;
    int inner = -1, n = 0;
    if (!plain_reductions(f, b, &in, &inner)) return false;
    for (int i = 0; i < b->nops; i++) {   /* the widest triangle of the first pair of dims */
        contract_triangle u;
        if (!masked_row_select(f, kernel, b->ops[i], in, inner, &u) ||
            reduced_by_all(b, u.a == inner ? u.b : u.a) || (n && (u.a != t->a || u.b != t->b)))
            continue;
        if (!n++ || u.c < t->c) *t = u;
    }
    bool *varies = n ? mem_calloc((size_t)f->nvalues, sizeof *varies) : NULL;
    if (!varies) return false;
    for (int j = 0; j < b->nargs; j++) varies[b->args[j]] = true;
    bool ok = true;
    for (int i = 0; ok && i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code == IR_RETURN) {
            for (int j = 0; j < op->nin; j++) ok &= !varies[op->in[j]] || !ir_type_same_shape(&f->values[op->in[j]].type, in);
            continue;
        }
        if (op->code == IR_REDUCE) ok = !varies[op->in[0]];
        bool v = op->nout > 0 && result_varies(f, kernel, op, in, inner, t, varies);
        for (int j = 0; j < op->nout; j++) varies[op->out[j]] = v;
    }
    mem_free(varies);
    return ok;
}
