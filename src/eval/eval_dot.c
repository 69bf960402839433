/* eval_dot.c: dot_general, as the reference interpreter computes it.
 *
 * Result dims are the batch dims (in the order of lhs_batching_dimensions),
 * then lhs's free dims, then rhs's free dims (each in ascending order). Each
 * result element starts from zero and adds lhs*rhs over the contracting
 * index space, visited in row-major order of the contracting lists (the
 * first listed dim outermost). Operands are converted to the result element
 * type first, and every product and sum is rounded to it. */
#include "eval_internal.h"
#include "../util/mem.h"

/* How result and contracting indices map to lhs and rhs offsets. */
typedef struct dot_plan {
    int64_t lhs_step[IR_MAX_RANK], rhs_step[IR_MAX_RANK];      /* per result dim */
    int ncontract;
    int64_t csize[IR_MAX_RANK], lhs_cstep[IR_MAX_RANK], rhs_cstep[IR_MAX_RANK];
} dot_plan;

enum { FREE, BATCH, CONTRACT };

/* Marks each dim of an operand with its role; false on a bad or repeated dim. */
static bool mark_roles(int *role, int rank, const ir_ints *batch, const ir_ints *contract) {
    for (int i = 0; i < rank; i++) role[i] = FREE;
    const ir_ints *lists[2] = {batch, contract};
    for (int l = 0; l < 2; l++) {
        for (int i = 0; i < lists[l]->n; i++) {
            int64_t dim = lists[l]->v[i];
            if (dim < 0 || dim >= rank || role[dim] != FREE) return false;
            role[dim] = l == 0 ? BATCH : CONTRACT;
        }
    }
    return true;
}

/* Appends result dim *r reading lhs with step ls and rhs with step rs; false
 * when the result shape disagrees. */
static bool add_result_dim(dot_plan *p, const ir_type *res, int *r, int64_t size, int64_t ls, int64_t rs) {
    if (*r >= res->rank || res->dims[*r] != size) return false;
    p->lhs_step[*r] = ls;
    p->rhs_step[*r] = rs;
    (*r)++;
    return true;
}

static bool plan_dot(dot_plan *p, const ir_attrs *a, const ir_type *lt, const ir_type *rt, const ir_type *res) {
    int lrole[IR_MAX_RANK], rrole[IR_MAX_RANK];
    if (a->lhs_batch.n != a->rhs_batch.n || a->lhs_contract.n != a->rhs_contract.n) return false;
    if (!mark_roles(lrole, lt->rank, &a->lhs_batch, &a->lhs_contract) ||
        !mark_roles(rrole, rt->rank, &a->rhs_batch, &a->rhs_contract))
        return false;
    int64_t ls[IR_MAX_RANK], rs[IR_MAX_RANK];
    ev_strides(lt, ls);
    ev_strides(rt, rs);
    int r = 0;
    for (int i = 0; i < a->lhs_batch.n; i++) {
        int64_t l = a->lhs_batch.v[i], rr = a->rhs_batch.v[i];
        if (lt->dims[l] != rt->dims[rr] || !add_result_dim(p, res, &r, lt->dims[l], ls[l], rs[rr])) return false;
    }
    for (int i = 0; i < lt->rank; i++)
        if (lrole[i] == FREE && !add_result_dim(p, res, &r, lt->dims[i], ls[i], 0)) return false;
    for (int i = 0; i < rt->rank; i++)
        if (rrole[i] == FREE && !add_result_dim(p, res, &r, rt->dims[i], 0, rs[i])) return false;
    if (r != res->rank) return false;
    p->ncontract = a->lhs_contract.n;
    for (int i = 0; i < p->ncontract; i++) {
        int64_t l = a->lhs_contract.v[i], rr = a->rhs_contract.v[i];
        if (lt->dims[l] != rt->dims[rr]) return false;
        p->csize[i] = lt->dims[l];
        p->lhs_cstep[i] = ls[l];
        p->rhs_cstep[i] = rs[rr];
    }
    return true;
}

/* The operands and the arithmetic of one dot_general. */
typedef struct dot_args {
    elem_type lt, rt, t;           /* lhs, rhs and result element types */
    const void *lhs, *rhs;
    ev_binary_fn mul, add;
} dot_args;

/* One result element: the sum over the contracting space starting at the
 * given lhs and rhs offsets. */
static elem_value dot_element(const dot_args *a, const dot_plan *p, int64_t lbase, int64_t rbase) {
    int64_t count = 1;
    for (int i = 0; i < p->ncontract; i++) count *= p->csize[i];
    elem_value acc = {.i = 0};     /* zero: +0.0 for floats, 0 for integers and i1 */
    ev_walk c;
    ev_walk_start(&c, p->ncontract, p->csize, lbase, p->lhs_cstep, rbase, p->rhs_cstep);
    for (int64_t m = 0; m < count; m++, ev_walk_next(&c)) {
        elem_value l = elem_canon(&a->t, ev_convert(elem_load(a->lt.dtype, a->lhs, c.off[0]), &a->lt, &a->t));
        elem_value r = elem_canon(&a->t, ev_convert(elem_load(a->rt.dtype, a->rhs, c.off[1]), &a->rt, &a->t));
        acc = elem_canon(&a->t, a->add(acc, elem_canon(&a->t, a->mul(l, r, &a->t)), &a->t));
    }
    return acc;
}

/* The same sums for float operands and result of one type, computed with
 * typed loads and a row of accumulators along the innermost result dim
 * (each still sums its own products in contracting order, so the result is
 * bit-identical to dot_element's: a float sum or product rounded through
 * double equals the float operation). It exists because the evaluator must
 * run the benchmark programs' matmuls for their eager peak in seconds. */
#define DOT_ROWS(T)                                                                              \
    static void dot_rows_##T(const dot_plan *p, const ir_type *res, const T *lhs, const T *rhs, \
                             T *out, T *acc) {                                                    \
        int last = res->rank - 1;                                                                \
        int64_t n = last >= 0 ? res->dims[last] : 1, rows = ir_type_numel(res) / (n ? n : 1);    \
        int64_t ls = last >= 0 ? p->lhs_step[last] : 0, rs = last >= 0 ? p->rhs_step[last] : 0;  \
        int64_t count = 1;                                                                       \
        for (int i = 0; i < p->ncontract; i++) count *= p->csize[i];                             \
        ev_walk w;                                                                               \
        ev_walk_start(&w, last > 0 ? last : 0, res->dims, 0, p->lhs_step, 0, p->rhs_step);       \
        for (int64_t row = 0; row < rows && n; row++, ev_walk_next(&w)) {                       \
            for (int64_t j = 0; j < n; j++) acc[j] = 0;                                          \
            ev_walk c;                                                                           \
            ev_walk_start(&c, p->ncontract, p->csize, w.off[0], p->lhs_cstep, w.off[1],          \
                          p->rhs_cstep);                                                         \
            for (int64_t m = 0; m < count; m++, ev_walk_next(&c)) {                              \
                const T *l = lhs + c.off[0], *r = rhs + c.off[1];                                \
                for (int64_t j = 0; j < n; j++) acc[j] = acc[j] + l[j * ls] * r[j * rs];         \
            }                                                                                    \
            for (int64_t j = 0; j < n; j++) out[row * n + j] = acc[j];                           \
        }                                                                                        \
    }
DOT_ROWS(float)
DOT_ROWS(double)

/* Takes the typed path when it applies; false when it does not (or when the
 * row of accumulators cannot be allocated: the generic path needs none). */
static bool dot_typed(const dot_plan *p, const ir_type *lt, const ir_type *rt, const ir_type *res,
                      const void *lhs, const void *rhs, void *out) {
    if (lt->dtype != res->dtype || rt->dtype != res->dtype) return false;
    if (res->dtype != IR_F32 && res->dtype != IR_F64) return false;
    int64_t n = res->rank ? res->dims[res->rank - 1] : 1;
    void *acc = mem_alloc((size_t)(n ? n : 1) * ir_dtype_size(res->dtype));
    if (!acc) return false;
    if (res->dtype == IR_F32) dot_rows_float(p, res, lhs, rhs, out, acc);
    else dot_rows_double(p, res, lhs, rhs, out, acc);
    mem_free(acc);
    return true;
}

int ev_dot_general(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_type *lt = ev_type(fr, op->in[0]), *rt = ev_type(fr, op->in[1]), *res = ev_type(fr, op->out[0]);
    dot_plan p;
    if (!plan_dot(&p, &op->a, lt, rt, res))
        return ev_fail(d, DIAG_INVALID, op, "dimension numbers do not fit the operand and result shapes");
    dot_args a = {elem_type_of(lt->dtype), elem_type_of(rt->dtype), elem_type_of(res->dtype),
                  ev_data(fr, op->in[0]), ev_data(fr, op->in[1]), NULL, NULL};
    a.mul = ev_binary_resolve(IR_MULTIPLY, a.t.cls);
    a.add = ev_binary_resolve(IR_ADD, a.t.cls);
    if (a.lt.cls == ELEM_OTHER || a.rt.cls == ELEM_OTHER || !a.mul || !a.add)
        return ev_fail(d, DIAG_UNSUPPORTED, op, "element types %s, %s -> %s", ir_dtype_name(lt->dtype),
                       ir_dtype_name(rt->dtype), ir_dtype_name(res->dtype));
    void *out = ev_data(fr, op->out[0]);
    if (dot_typed(&p, lt, rt, res, a.lhs, a.rhs, out)) return DIAG_OK;
    int64_t n = ir_type_numel(res);
    ev_walk w;
    ev_walk_start(&w, res->rank, res->dims, 0, p.lhs_step, 0, p.rhs_step);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w))
        elem_store(a.t.dtype, out, k, dot_element(&a, &p, w.off[0], w.off[1]));
    return DIAG_OK;
}
