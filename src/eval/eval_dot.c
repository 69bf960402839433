/* eval_dot.c: dot_general, as the reference interpreter computes it.
 *
 * Result dims are the batch dims (in the order of lhs_batching_dimensions),
 * then lhs's free dims, then rhs's free dims (each in ascending order). Each
 * result element starts from zero and adds lhs*rhs over the contracting
 * index space, visited in row-major order of the contracting lists (the
 * first listed dim outermost). Operands are converted to the result element
 * type first, and every product and sum is rounded to it. */
#include "eval_internal.h"

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
    int64_t n = ir_type_numel(res);
    ev_walk w;
    ev_walk_start(&w, res->rank, res->dims, 0, p.lhs_step, 0, p.rhs_step);
    for (int64_t k = 0; k < n; k++, ev_walk_next(&w))
        elem_store(a.t.dtype, out, k, dot_element(&a, &p, w.off[0], w.off[1]));
    return DIAG_OK;
}
