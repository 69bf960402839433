/* parallel.c: pass_expand_parallel, interpreter.run_parallel and the
 * collectives as one graph.
 *
 * A run_parallel starts its programs as processes (replica r, partition p
 * for programs[r][p]) that meet at each collective. Each process becomes a
 * copy of its program (calls inlined, replica_id and partition_id its
 * constants), and the copies are laid out in the order a lockstep run
 * takes: every copy up to its first collective, that collective computed
 * for all of them from their operands by ordinary ops (map of the
 * computation, concatenate, slice, select), every copy up to its second,
 * and so on; each copy's results are then the statement's. So the
 * collectives of a run are matched in the order each process meets them,
 * as the reference interpreter does, and must agree in number and kind;
 * they must sit in the programs' own blocks (a collective inside a loop,
 * conditional or region would need the copies to run concurrently).
 *
 * A collective outside any run_parallel runs on the one process (0, 0) of
 * a 1 x 1 grid.
 *
 * Process groups are the spec's: cross_replica, cross_partition,
 * cross_replica_and_partition and flattened_ids by channel_handle and
 * use_global_device_ids; an empty replica_groups is one group of all; -1
 * pads a ragged group. */
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "rewrite.h"

/* One process of a run: its copy of the program, its collectives in the
 * order it meets them, and how far its ops have been laid out. */
typedef struct process {
    ir_block *body;
    ir_op **collectives;
    int ncollectives, cap, next;
} process;

typedef struct expander {
    ir_module *m;
    ir_func *f;
    diag *d;
    const ir_op *site;        /* the run_parallel, or the lone collective */
    int64_t replicas, partitions;
    process *procs;           /* replicas * partitions, replica-major */
    ir_block *out;            /* the expansion, in order */
    ir_block *lone_block;     /* a lone collective's block, whose later ops read its results */
} expander;

static int fail(expander *ex, int code, const char *fmt, const char *what) {
    const ir_loc *l = &ex->site->loc;
    char where[300] = "";
    if (l->file) snprintf(where, sizeof where, "%s:%d:%d: ", l->file, l->line, l->col);
    return diag_set(ex->d, code, "%s@%s: %s: %s", where, ex->f->name, ir_op_name(ex->site->code), what ? what : fmt);
}

/* ---- ops of the expansion ------------------------------------------------------------------------ */

static ir_type type_of(expander *ex, ir_value_id v) { return *ir_value_type(ex->f, v); }

static ir_op *append(expander *ex, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t) {
    ir_op *op = ir_op_append(ex->f, ex->out, code, nin, in, 1, t);
    if (!op) diag_nomem(ex->d);
    else op->loc = ex->site->loc;
    return op;
}

/* `len` entries of x from `start` along dim. */
static ir_value_id slice_of(expander *ex, ir_value_id x, int64_t dim, int64_t start, int64_t len) {
    ir_type t = type_of(ex, x);
    int64_t lo[IR_MAX_RANK], hi[IR_MAX_RANK], one[IR_MAX_RANK];
    for (int i = 0; i < t.rank; i++) lo[i] = 0, hi[i] = t.dims[i], one[i] = 1;
    lo[dim] = start, hi[dim] = start + len, t.dims[dim] = len;
    ir_op *op = append(ex, IR_SLICE, 1, &x, &t);
    if (!op) return -1;
    if (ir_ints_set(&op->a.start, t.rank, lo) || ir_ints_set(&op->a.limit, t.rank, hi) ||
        ir_ints_set(&op->a.stride, t.rank, one))
        return diag_nomem(ex->d), -1;
    return op->out[0];
}

static ir_value_id concat_of(expander *ex, const ir_value_id *xs, int n, int64_t dim) {
    if (n == 1) return xs[0];
    ir_type t = type_of(ex, xs[0]);
    t.dims[dim] = 0;
    for (int i = 0; i < n; i++) t.dims[dim] += type_of(ex, xs[i]).dims[dim];
    ir_op *op = append(ex, IR_CONCATENATE, n, xs, &t);
    if (!op) return -1;
    op->a.axis = dim;
    return op->out[0];
}

/* A value of type t, all zeros. */
static ir_value_id zeros_of(expander *ex, const ir_type *t) {
    ir_type s = ir_type_scalar(t->dtype);
    ir_op *c = append(ex, IR_CONSTANT, 0, NULL, &s);
    if (!c || !(c->a.data = mem_calloc(1, ir_type_bytes(&s)))) return c ? diag_nomem(ex->d), -1 : -1;
    ir_op *b = append(ex, IR_BROADCAST_IN_DIM, 1, &c->out[0], t);
    return b ? b->out[0] : -1;
}

/* computation(a, b) elementwise: a map over a copy of the collective's region. */
static ir_value_id combine(expander *ex, const ir_block *computation, ir_value_id a, ir_value_id b) {
    ir_type t = type_of(ex, a);
    ir_value_id ab[2] = {a, b};
    ir_op *op = append(ex, IR_MAP, 2, ab, &t);
    ir_block *r = op ? ir_op_add_region(op) : NULL;
    ir_value_id *map = r ? pass_rename_new(ex->f) : NULL;   /* values from outside the region stay */
    int64_t dims[IR_MAX_RANK];
    for (int i = 0; i < t.rank; i++) dims[i] = i;
    int rc = map && !ir_ints_set(&op->a.dims, t.rank, dims) ? DIAG_OK : DIAG_NOMEM;
    for (int i = 0; !rc && i < computation->nargs; i++) {
        ir_value_id arg = ir_block_add_arg(ex->f, r, ir_value_type(ex->f, computation->args[i]));
        if (arg < 0) rc = DIAG_NOMEM;
        else map[computation->args[i]] = arg;
    }
    for (int i = 0; !rc && i < computation->nops; i++)
        if (!pass_copy_op(ex->f, r, ex->f, computation->ops[i], map)) rc = DIAG_NOMEM;
    mem_free(map);
    if (rc) return op ? diag_nomem(ex->d), -1 : -1;
    return op->out[0];
}

/* ---- process groups ---------------------------------------------------------------------------- */

/* Groups of processes (indices replica * partitions + partition): group g
 * is members[start[g] .. start[g + 1]). */
typedef struct groups {
    int n;
    int64_t *start, *members;
} groups;

static void groups_free(groups *g) {
    mem_free(g->start);
    mem_free(g->members);
}

typedef enum { CROSS_REPLICA, CROSS_PARTITION, CROSS_REPLICA_AND_PARTITION, FLATTENED_IDS } group_mode;

static group_mode mode_of(const ir_op *c) {
    bool by_channel = c->code == IR_ALL_TO_ALL || c->code == IR_COLLECTIVE_PERMUTE || c->code == IR_COLLECTIVE_BROADCAST;
    if (c->a.channel_id <= 0) return CROSS_REPLICA;
    if (by_channel) return CROSS_PARTITION;
    return c->a.global_ids ? FLATTENED_IDS : CROSS_REPLICA_AND_PARTITION;
}

/* The ids a row of replica_groups names (its -1 padding left out); an
 * empty replica_groups is one row of every id below `all`. */
static int64_t row_ids(const ir_op *c, int64_t row, int64_t all, int64_t *ids) {
    int64_t n = 0;
    if (c->a.groups.n == 0) {
        for (int64_t i = 0; i < all; i++) ids[n++] = i;
        return n;
    }
    for (int64_t j = 0; j < c->a.group_size; j++) {
        int64_t id = c->a.groups.v[row * c->a.group_size + j];
        if (id >= 0) ids[n++] = id;
    }
    return n;
}

/* The spec's process groups of collective c (source_target_pairs' pairs
 * for collective_permute, each a group of two in order). */
static int groups_of(expander *ex, const ir_op *c, groups *g) {
    int64_t R = ex->replicas, P = ex->partitions, nprocs = R * P;
    group_mode mode = mode_of(c);
    if (c->a.channel_id <= 0 && c->a.global_ids)
        return fail(ex, DIAG_INVALID, "use_global_device_ids needs a channel_handle > 0", NULL);
    int64_t rows = c->a.groups.n && c->a.group_size ? c->a.groups.n / c->a.group_size : 1;
    int64_t all = mode == FLATTENED_IDS ? nprocs : mode == CROSS_PARTITION ? P : R;
    int64_t copies = mode == CROSS_REPLICA ? P : mode == CROSS_PARTITION ? R : 1;   /* a group per ... */
    int64_t width = c->a.groups.n ? c->a.group_size : all, most = width * (mode == CROSS_REPLICA_AND_PARTITION ? P : 1);
    g->n = (int)(rows * copies);
    g->start = mem_calloc((size_t)g->n + 1, sizeof *g->start);
    g->members = mem_calloc((size_t)(rows * copies * most) + 1, sizeof *g->members);
    int64_t *ids = mem_calloc((size_t)width + 1, sizeof *ids);
    bool *seen = mem_calloc((size_t)nprocs + 1, sizeof *seen);
    int rc = g->start && g->members && ids && seen ? DIAG_OK : diag_nomem(ex->d);
    int64_t n = 0;
    for (int64_t r = 0, k = 0; !rc && r < rows; r++) {
        int64_t m = row_ids(c, r, all, ids);
        for (int64_t i = 0; !rc && i < m; i++)
            if (ids[i] >= all) rc = fail(ex, DIAG_INVALID, "a group names a process outside the grid", NULL);
        for (int64_t copy = 0; !rc && copy < copies; copy++, k++) {
            g->start[k] = n;
            for (int64_t q = 0; q < (mode == CROSS_REPLICA_AND_PARTITION ? P : 1); q++)
                for (int64_t i = 0; i < m; i++) {
                    int64_t id = ids[i];
                    int64_t proc = mode == CROSS_REPLICA ? id * P + copy
                                   : mode == CROSS_PARTITION ? copy * P + id
                                   : mode == CROSS_REPLICA_AND_PARTITION ? id * P + q
                                                                          : id;
                    if (c->code != IR_COLLECTIVE_PERMUTE && seen[proc])
                        rc = fail(ex, DIAG_INVALID, "a process is in two groups", NULL);
                    seen[proc] = true;
                    g->members[n++] = proc;
                }
        }
    }
    if (!rc) g->start[g->n] = n;
    mem_free(ids);
    mem_free(seen);
    if (rc) groups_free(g);
    return rc;
}

/* ---- the collectives ------------------------------------------------------------------------ */

/* c_k (process k's collective) result i is now v: its later uses read v. */
static void set_result(expander *ex, int64_t k, const ir_op *c, int i, ir_value_id v) {
    pass_replace_uses_in(ex->procs[k].body, c->out[i], v);
    if (ex->lone_block) pass_replace_uses_in(ex->lone_block, c->out[i], v);
}

static const ir_op *step_op(const expander *ex, int64_t k, int step) { return ex->procs[k].collectives[step]; }

/* The computation region of all_reduce and reduce_scatter: (E, E) -> E of
 * the operands' element type. */
static int check_computation(expander *ex, const ir_op *c) {
    const ir_block *b = c->nregions == 1 ? c->regions[0] : NULL;
    const ir_op *ret = b && b->nops ? b->ops[b->nops - 1] : NULL;
    bool fits = ret && b->nargs == 2 && ret->nin == 1;
    for (int i = 0; fits && i < c->nin; i++) {
        ir_type e = ir_type_scalar(type_of(ex, c->in[i]).dtype);
        fits = ir_type_eq(ir_value_type(ex->f, b->args[0]), &e) && ir_type_eq(ir_value_type(ex->f, b->args[1]), &e);
    }
    return fits ? DIAG_OK : fail(ex, DIAG_UNSUPPORTED, "expected a computation (tensor<E>, tensor<E>) -> tensor<E> of "
                                                   "the operands' element type", NULL);
}

/* The group's fold of operand j by the computation, left to right. */
static ir_value_id reduce_group(expander *ex, const int64_t *g, int64_t n, int step, int j) {
    const ir_op *c0 = step_op(ex, g[0], step);
    ir_value_id acc = c0->in[j];
    for (int64_t m = 1; acc >= 0 && m < n; m++) acc = combine(ex, c0->regions[0], acc, step_op(ex, g[m], step)->in[j]);
    return acc;
}

static int all_reduce(expander *ex, const int64_t *g, int64_t n, int step) {
    const ir_op *c0 = step_op(ex, g[0], step);
    for (int j = 0; j < c0->nin; j++) {
        ir_value_id v = reduce_group(ex, g, n, step, j);
        if (v < 0) return ex->d->code;
        for (int64_t m = 0; m < n; m++) set_result(ex, g[m], step_op(ex, g[m], step), j, v);
    }
    return DIAG_OK;
}

static int all_gather(expander *ex, const int64_t *g, int64_t n, int step) {
    const ir_op *c0 = step_op(ex, g[0], step);
    ir_value_id *xs = mem_alloc((size_t)n * sizeof *xs);
    if (!xs) return diag_nomem(ex->d);
    int rc = DIAG_OK;
    for (int j = 0; !rc && j < c0->nin; j++) {
        for (int64_t m = 0; m < n; m++) xs[m] = step_op(ex, g[m], step)->in[j];
        ir_value_id v = concat_of(ex, xs, (int)n, c0->a.axis);
        if (v < 0) rc = ex->d->code;
        for (int64_t m = 0; !rc && m < n; m++) set_result(ex, g[m], step_op(ex, g[m], step), j, v);
    }
    mem_free(xs);
    return rc;
}

static int reduce_scatter(expander *ex, const int64_t *g, int64_t n, int step) {
    const ir_op *c0 = step_op(ex, g[0], step);
    ir_type t = type_of(ex, c0->in[0]);
    int64_t dim = c0->a.axis;
    if (dim < 0 || dim >= t.rank || t.dims[dim] % n)
        return fail(ex, DIAG_INVALID, "scatter_dimension's size is not a multiple of the group's", NULL);
    ir_value_id v = reduce_group(ex, g, n, step, 0);
    for (int64_t m = 0; v >= 0 && m < n; m++) {
        ir_value_id part = slice_of(ex, v, dim, m * (t.dims[dim] / n), t.dims[dim] / n);
        if (part < 0) return ex->d->code;
        set_result(ex, g[m], step_op(ex, g[m], step), 0, part);
    }
    return v < 0 ? ex->d->code : DIAG_OK;
}

static int all_to_all(expander *ex, const int64_t *g, int64_t n, int step) {
    const ir_op *c0 = step_op(ex, g[0], step);
    if (c0->a.k != n) return fail(ex, DIAG_INVALID, "split_count is not the group's size", NULL);
    ir_value_id *parts = mem_alloc((size_t)n * sizeof *parts);
    if (!parts) return diag_nomem(ex->d);
    int rc = DIAG_OK;
    for (int j = 0; !rc && j < c0->nin; j++) {
        ir_type t = type_of(ex, c0->in[j]);
        int64_t dim = c0->a.axis;
        if (dim < 0 || dim >= t.rank || t.dims[dim] % n || c0->a.axis_b < 0 || c0->a.axis_b >= t.rank) {
            rc = fail(ex, DIAG_INVALID, "split_dimension or concat_dimension does not fit the operand", NULL);
            break;
        }
        int64_t len = t.dims[dim] / n;
        for (int64_t r = 0; !rc && r < n; r++) {
            for (int64_t m = 0; !rc && m < n; m++)
                if ((parts[m] = slice_of(ex, step_op(ex, g[m], step)->in[j], dim, r * len, len)) < 0) rc = ex->d->code;
            ir_value_id v = rc ? -1 : concat_of(ex, parts, (int)n, c0->a.axis_b);
            if (!rc && v < 0) rc = ex->d->code;
            if (!rc) set_result(ex, g[r], step_op(ex, g[r], step), j, v);
        }
    }
    mem_free(parts);
    return rc;
}

/* collective_broadcast's source for result j of the group: member 0, or
 * (has_dynamic_root) the member the receiver's root operand names. */
static ir_value_id broadcast_source(expander *ex, const int64_t *g, int64_t n, int step, int64_t receiver, int j) {
    const ir_op *c = step_op(ex, receiver, step);
    if (!c->a.dynamic_root) return step_op(ex, g[0], step)->in[j];
    ir_value_id root = c->in[c->nin - 1];
    ir_type rt = type_of(ex, root), s = ir_type_scalar(rt.dtype), flag = ir_type_scalar(IR_I1);
    ir_value_id r = slice_of(ex, root, 0, j, 1);
    ir_op *scalar = r >= 0 ? append(ex, IR_RESHAPE, 1, &r, &s) : NULL;
    ir_type vt = type_of(ex, c->in[j]);
    ir_value_id acc = scalar ? zeros_of(ex, &vt) : -1;
    for (int64_t m = 0; acc >= 0 && m < n; m++) {
        ir_op *idx = append(ex, IR_CONSTANT, 0, NULL, &s);
        if (!idx || !(idx->a.data = mem_calloc(1, ir_type_bytes(&s)))) return idx ? diag_nomem(ex->d), -1 : -1;
        int64_t wide = m;
        memcpy(idx->a.data, &wide, ir_type_bytes(&s) < sizeof wide ? ir_type_bytes(&s) : sizeof wide);   /* LE */
        ir_value_id ab[2] = {scalar->out[0], idx->out[0]};
        ir_op *eq = append(ex, IR_COMPARE, 2, ab, &flag);
        if (!eq) return -1;
        eq->a.cmp = IR_CMP_EQ, eq->a.cmp_type = IR_CMPT_SIGNED;
        ir_value_id pick[3] = {eq->out[0], step_op(ex, g[m], step)->in[j], acc};
        ir_op *sel = append(ex, IR_SELECT, 3, pick, &vt);
        acc = sel ? sel->out[0] : -1;
    }
    return acc;
}

static int collective_broadcast(expander *ex, const int64_t *g, int64_t n, int step) {
    const ir_op *c0 = step_op(ex, g[0], step);
    int nres = c0->nout;
    for (int64_t m = 0; m < n; m++)
        for (int j = 0; j < nres; j++) {
            ir_value_id v = broadcast_source(ex, g, n, step, g[m], j);
            if (v < 0) return ex->d->code;
            set_result(ex, g[m], step_op(ex, g[m], step), j, v);
        }
    return DIAG_OK;
}

/* Processes in no group (collective_broadcast) or no pair's target
 * (collective_permute) get zeros. */
static int zeros_for_the_rest(expander *ex, const groups *gs, int step, bool targets_only) {
    int64_t nprocs = ex->replicas * ex->partitions;
    for (int64_t k = 0; k < nprocs; k++) {
        bool found = false;
        for (int g = 0; !found && g < gs->n; g++)
            for (int64_t i = gs->start[g]; i < gs->start[g + 1]; i++)
                found |= gs->members[i] == k && (!targets_only || i == gs->start[g] + 1);
        const ir_op *c = step_op(ex, k, step);
        for (int j = 0; !found && j < c->nout; j++) {
            ir_type t = type_of(ex, c->out[j]);
            ir_value_id z = zeros_of(ex, &t);
            if (z < 0) return ex->d->code;
            set_result(ex, k, c, j, z);
        }
    }
    return DIAG_OK;
}

/* Collective number `step` of every process, made of ops in ex->out. */
static int expand_step(expander *ex, int step) {
    int64_t nprocs = ex->replicas * ex->partitions;
    const ir_op *c0 = step_op(ex, 0, step);
    ex->site = c0;
    for (int64_t k = 1; k < nprocs; k++) {
        const ir_op *c = step_op(ex, k, step);
        if (c->code != c0->code || c->nin != c0->nin || c->nout != c0->nout)
            return fail(ex, DIAG_INVALID, "the processes meet different collectives here", NULL);
    }
    int rc = c0->code == IR_ALL_REDUCE || c0->code == IR_REDUCE_SCATTER ? check_computation(ex, c0) : DIAG_OK;
    if (!rc && c0->code == IR_COLLECTIVE_PERMUTE && c0->a.groups.n && c0->a.group_size != 2)
        rc = fail(ex, DIAG_INVALID, "source_target_pairs must be pairs", NULL);
    if (!rc && c0->code == IR_COLLECTIVE_BROADCAST && c0->nout != c0->nin - (c0->a.dynamic_root ? 1 : 0))
        rc = fail(ex, DIAG_INVALID, "expected a result per operand (but the dynamic root)", NULL);
    groups gs = {0};
    if (!rc) rc = groups_of(ex, c0, &gs);
    if (rc) return rc;
    int64_t covered = gs.start[gs.n];
    if (covered < nprocs && c0->code != IR_COLLECTIVE_PERMUTE && c0->code != IR_COLLECTIVE_BROADCAST)
        rc = fail(ex, DIAG_INVALID, "a process is in no group", NULL);
    for (int g = 0; !rc && g < gs.n; g++) {
        const int64_t *m = gs.members + gs.start[g];
        int64_t n = gs.start[g + 1] - gs.start[g];
        if (n == 0) continue;
        switch (c0->code) {
        case IR_ALL_REDUCE: rc = all_reduce(ex, m, n, step); break;
        case IR_ALL_GATHER: rc = all_gather(ex, m, n, step); break;
        case IR_REDUCE_SCATTER: rc = reduce_scatter(ex, m, n, step); break;
        case IR_ALL_TO_ALL: rc = all_to_all(ex, m, n, step); break;
        case IR_COLLECTIVE_BROADCAST: rc = collective_broadcast(ex, m, n, step); break;
        default:   /* collective_permute: the pair's target gets the source's operand */
            set_result(ex, m[1], step_op(ex, m[1], step), 0, step_op(ex, m[0], step)->in[0]);
            break;
        }
    }
    if (!rc && (c0->code == IR_COLLECTIVE_PERMUTE || c0->code == IR_COLLECTIVE_BROADCAST))
        rc = zeros_for_the_rest(ex, &gs, step, c0->code == IR_COLLECTIVE_PERMUTE);
    groups_free(&gs);
    return rc;
}

/* ---- the processes ---------------------------------------------------------------------------- */

static bool is_collective(ir_opcode c) {
    return c == IR_ALL_REDUCE || c == IR_ALL_GATHER || c == IR_REDUCE_SCATTER || c == IR_ALL_TO_ALL ||
           c == IR_COLLECTIVE_PERMUTE || c == IR_COLLECTIVE_BROADCAST;
}

typedef struct id_ctx {
    expander *ex;
    int64_t replica, partition;
    int checkpoint;   /* the run's mark, which the copies take */
    int rc;
} id_ctx;

/* replica_id and partition_id become the process's constants; a
 * collective inside a region is refused (see the top). */
static void fix_ids(ir_op *op, void *ctx) {
    id_ctx *c = ctx;
    if (c->rc) return;
    op->checkpoint = c->checkpoint;
    if (op->code == IR_REPLICA_ID || op->code == IR_PARTITION_ID) {
        ir_type t = type_of(c->ex, op->out[0]), u = ir_type_scalar(IR_U32);
        c->ex->site = op;
        if (op->nin != 0 || op->nout != 1 || !ir_type_eq(&t, &u)) {
            c->rc = fail(c->ex, DIAG_INVALID, "expected no operands and a tensor<ui32> result", NULL);
            return;
        }
        uint32_t id = (uint32_t)(op->code == IR_REPLICA_ID ? c->replica : c->partition);
        if (!(op->a.data = mem_alloc(sizeof id))) {
            c->rc = diag_nomem(c->ex->d);
            return;
        }
        memcpy(op->a.data, &id, sizeof id);
        op->code = IR_CONSTANT;
    }
}

static void refuse_nested(ir_op *op, void *ctx) {
    id_ctx *c = ctx;
    if (c->rc || !is_collective(op->code)) return;
    c->ex->site = op;
    c->rc = fail(c->ex, DIAG_UNSUPPORTED, "a collective inside a region (a loop, a conditional, a computation) of "
                                          "a parallel program is not supported", NULL);
}

/* The process's constants, and its top-level collectives in order. */
static int prepare(expander *ex, process *pr, int64_t replica, int64_t partition) {
    id_ctx c = {ex, replica, partition, ex->site->checkpoint, DIAG_OK};
    pass_walk_block(pr->body, fix_ids, &c);
    for (int i = 0; !c.rc && i < pr->body->nops; i++) {
        ir_op *op = pr->body->ops[i];
        for (int r = 0; r < op->nregions; r++) pass_walk_block(op->regions[r], refuse_nested, &c);
        if (!is_collective(op->code)) continue;
        if (mem_grow((void **)&pr->collectives, &pr->cap, pr->ncollectives + 1, sizeof *pr->collectives))
            return diag_nomem(ex->d);
        pr->collectives[pr->ncollectives++] = op;
    }
    return c.rc;
}

/* Moves the process's ops up to (not including) its next collective, or
 * its return, into ex->out: the body keeps them until processes_free, so
 * that replacing uses walks it whole (what came before a collective cannot
 * use its results). */
static int lay_out(expander *ex, process *pr) {
    ir_block *b = pr->body;
    int end = pr->next;
    while (end < b->nops - 1 && !is_collective(b->ops[end]->code)) end++;
    if (pass_block_splice(ex->out, ex->out->nops, 0, b->ops + pr->next, end - pr->next)) return diag_nomem(ex->d);
    pr->next = end < b->nops - 1 ? end + 1 : end;   /* past the collective, which expand_step replaces */
    return DIAG_OK;
}

/* Every process laid out in lockstep (see the top). */
static int run_lockstep(expander *ex) {
    int64_t nprocs = ex->replicas * ex->partitions;
    int steps = ex->procs[0].ncollectives, rc = DIAG_OK;
    for (int64_t k = 1; k < nprocs; k++)
        if (ex->procs[k].ncollectives != steps)
            return fail(ex, DIAG_INVALID, "the processes meet different numbers of collectives", NULL);
    for (int s = 0; !rc && s <= steps; s++) {
        for (int64_t k = 0; !rc && k < nprocs; k++) rc = lay_out(ex, &ex->procs[k]);
        if (!rc && s < steps) rc = expand_step(ex, s);
    }
    return rc;
}

/* Frees what is left of each copy: its collectives and return, or (after
 * a failure) the ops not laid out. */
static void processes_free(expander *ex) {
    for (int64_t k = 0; ex->procs && k < ex->replicas * ex->partitions; k++) {
        process *pr = &ex->procs[k];
        if (!pr->body) continue;
        int n = 0;   /* the body's own: what was not laid out, and the collectives */
        for (int j = 0; j < pr->body->nops; j++)
            if (j >= pr->next || is_collective(pr->body->ops[j]->code)) pr->body->ops[n++] = pr->body->ops[j];
        pr->body->nops = n;
        pass_erase_block(ex->f, pr->body);
        mem_free(pr->collectives);
    }
    mem_free(ex->procs);
    ex->procs = NULL;
}

/* ---- run_parallel --------------------------------------------------------------------------- */

/* Process pr's copy of callee, its parameters the run's operands from
 * *in_at on; *in_at and *out_at move past its operands and results. */
static int copy_program(expander *ex, process *pr, const ir_func *callee, const ir_op *run, int *in_at, int *out_at) {
    const ir_block *cb = callee->body;
    const ir_op *ret = cb->nops ? cb->ops[cb->nops - 1] : NULL;
    bool fits = ret && ret->code == IR_RETURN && *in_at + cb->nargs <= run->nin && *out_at + ret->nin <= run->nout;
    for (int i = 0; fits && i < cb->nargs; i++)
        fits = ir_type_eq(&callee->values[cb->args[i]].type, ir_value_type(ex->f, run->in[*in_at + i]));
    for (int i = 0; fits && i < ret->nin; i++)
        fits = ir_type_eq(&callee->values[ret->in[i]].type, ir_value_type(ex->f, run->out[*out_at + i]));
    if (!fits) return fail(ex, DIAG_INVALID, "the operands and results are not the programs' in turn", NULL);
    ir_value_id *map = pass_map_new(callee->nvalues);
    if (!(pr->body = ir_block_new()) || !map) {
        mem_free(map);
        return diag_nomem(ex->d);
    }
    for (int i = 0; i < cb->nargs; i++) map[cb->args[i]] = run->in[*in_at + i];
    int rc = DIAG_OK;
    for (int i = 0; !rc && i < cb->nops; i++)
        if (!pass_copy_op(ex->f, pr->body, callee, cb->ops[i], map)) rc = diag_nomem(ex->d);
    mem_free(map);
    *in_at += cb->nargs;
    *out_at += ret->nin;
    return rc ? rc : pass_inline_calls_in(ex->m, ex->f, pr->body, ex->d);
}

/* The copies of run's programs (callee: their names, a line each). */
static int copy_programs(expander *ex, const ir_op *run) {
    int64_t n = ex->replicas * ex->partitions;
    const char *name = run->a.callee;
    int in_at = 0, out_at = 0, rc = DIAG_OK;
    for (int64_t k = 0; !rc && k < n; k++) {
        const char *end = name ? strchr(name, '\n') : NULL;
        size_t len = !name ? 0 : end ? (size_t)(end - name) : strlen(name);
        char *one = mem_alloc(len + 1);
        if (!one) return diag_nomem(ex->d);
        memcpy(one, name ? name : "", len);
        one[len] = 0;
        const ir_func *callee = ir_module_find(ex->m, one);
        if (!callee || callee == ex->f) {
            char why[200];
            snprintf(why, sizeof why, "program @%.100s is %s", one, callee ? "the function running it" : "no function of the module");
            rc = fail(ex, DIAG_INVALID, NULL, why);
        }
        mem_free(one);
        if (!rc) rc = copy_program(ex, &ex->procs[k], callee, run, &in_at, &out_at);
        if (!rc) rc = prepare(ex, &ex->procs[k], k / ex->partitions, k % ex->partitions);
        name = end ? end + 1 : NULL;
    }
    if (!rc && (in_at != run->nin || out_at != run->nout))
        rc = fail(ex, DIAG_INVALID, "the operands and results are not the programs' in turn", NULL);
    return rc;
}

/* Replaces b->ops[at], a run_parallel, by its expansion; *n: how many ops
 * took its place. */
static int expand_run(expander *ex, ir_block *b, int at, int *n) {
    ir_op *run = b->ops[at];
    ex->site = run;
    if (run->a.dims.n != 2 || run->a.dims.v[0] < 1 || run->a.dims.v[1] < 1 || !run->a.callee)
        return fail(ex, DIAG_INVALID, "expected programs, a grid of replicas by partitions", NULL);
    ex->replicas = run->a.dims.v[0], ex->partitions = run->a.dims.v[1];
    int64_t nprocs = ex->replicas * ex->partitions;
    ex->procs = mem_calloc((size_t)nprocs, sizeof *ex->procs);
    ex->out = ir_block_new();
    int rc = ex->procs && ex->out ? copy_programs(ex, run) : diag_nomem(ex->d);
    if (!rc) rc = run_lockstep(ex);
    for (int64_t k = 0, r = 0; !rc && k < nprocs; k++) {
        const ir_op *ret = ex->procs[k].body->ops[ex->procs[k].body->nops - 1];
        for (int j = 0; j < ret->nin; j++) pass_replace_uses_in(b, run->out[r++], ret->in[j]);
    }
    if (!rc && pass_block_splice(b, at, 1, ex->out->ops, ex->out->nops)) rc = diag_nomem(ex->d);
    *n = ex->out ? ex->out->nops : 0;
    if (!rc) {
        ex->out->nops = 0;   /* b's now */
        pass_erase_op(ex->f, run);
    }
    processes_free(ex);   /* first: it reads the bodies' ops, of which ex->out holds those laid out */
    if (ex->out) pass_erase_block(ex->f, ex->out);
    ex->out = NULL;
    return rc;
}

/* A collective (or replica_id, partition_id) outside any run: process
 * (0, 0) of a 1 x 1 grid. b->ops[at] becomes *n ops. */
static int expand_lone(expander *ex, ir_block *b, int at, int *n) {
    ir_op *op = b->ops[at];
    ex->site = op;
    ex->replicas = ex->partitions = 1;
    ex->procs = mem_calloc(1, sizeof *ex->procs);
    ex->out = ir_block_new();
    ex->lone_block = b;
    process *pr = ex->procs;
    int rc = ex->procs && ex->out && (pr->body = ir_block_new()) ? DIAG_OK : diag_nomem(ex->d);
    if (!rc && (pass_block_splice(pr->body, 0, 0, &op, 1) || !ir_op_append(ex->f, pr->body, IR_RETURN, 0, NULL, 0, NULL)))
        rc = diag_nomem(ex->d);
    if (!rc) rc = prepare(ex, pr, 0, 0);
    bool id = op->code == IR_CONSTANT;   /* replica_id or partition_id, now its constant */
    if (!rc && !id) rc = run_lockstep(ex);
    if (!rc && !id && pass_block_splice(b, at, 1, ex->out->ops, ex->out->nops)) rc = diag_nomem(ex->d);
    *n = !rc && !id ? ex->out->nops : 1;
    if (!rc && !id) ex->out->nops = 0;   /* b's now; the collective is the body's, freed with it */
    if (pr && pr->body && pr->body->nops && (rc || id)) {   /* b keeps the op */
        pr->body->ops[0] = pr->body->ops[pr->body->nops - 1];
        pr->body->nops = 1;
        pr->next = 0;
    }
    processes_free(ex);   /* first, as in expand_run */
    if (ex->out) pass_erase_block(ex->f, ex->out);
    ex->out = NULL;
    ex->lone_block = NULL;
    return rc;
}

static bool is_process_op(ir_opcode c) { return is_collective(c) || c == IR_REPLICA_ID || c == IR_PARTITION_ID; }

/* Expands, in b and its regions, every run_parallel (runs) or every lone
 * collective (!runs). */
static int expand_block(expander *ex, ir_block *b, bool runs) {
    for (int i = 0; i < b->nops;) {
        ir_op *op = b->ops[i];
        int rc = DIAG_OK, n = 1;
        for (int r = 0; !rc && r < op->nregions; r++) rc = expand_block(ex, op->regions[r], runs);
        if (!rc && runs && op->code == IR_RUN_PARALLEL) rc = expand_run(ex, b, i, &n);
        else if (!rc && !runs && is_process_op(op->code)) rc = expand_lone(ex, b, i, &n);
        if (rc) return rc;
        i += n;
    }
    return DIAG_OK;
}

typedef struct uses_ctx {
    const ir_module *m;
    bool *called, *program;   /* per function of m */
} uses_ctx;

static int func_index(const ir_module *m, const char *name) {
    const ir_func *f = name ? ir_module_find(m, name) : NULL;
    for (int i = 0; f && i < m->nfuncs; i++)
        if (m->funcs[i] == f) return i;
    return -1;
}

/* Which functions a call names, and which a run_parallel runs. */
static void note_uses(ir_op *op, void *ctx) {
    uses_ctx *u = ctx;
    int i = op->code == IR_CALL ? func_index(u->m, op->a.callee) : -1;
    if (i >= 0) u->called[i] = true;
    for (const char *s = op->code == IR_RUN_PARALLEL ? op->a.callee : NULL; s && *s;) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        for (int k = 0; k < u->m->nfuncs; k++)
            if (strlen(u->m->funcs[k]->name) == len && memcmp(u->m->funcs[k]->name, s, len) == 0) u->program[k] = true;
        s = end ? end + 1 : s + len;
    }
}

static void note_process_op(ir_op *op, void *ctx) {
    if (is_process_op(op->code) || op->code == IR_RUN_PARALLEL) *(bool *)ctx = true;
}

int pass_expand_parallel(ir_module *m, diag *d) {
    bool any = false;   /* most modules have none: nothing to allocate, nothing to fail */
    for (int i = 0; i < m->nfuncs; i++) pass_walk_block(m->funcs[i]->body, note_process_op, &any);
    if (!any) return DIAG_OK;
    uses_ctx u = {m, mem_calloc((size_t)m->nfuncs + 1, sizeof(bool)), mem_calloc((size_t)m->nfuncs + 1, sizeof(bool))};
    int rc = u.called && u.program ? DIAG_OK : diag_nomem(d);
    for (int i = 0; !rc && i < m->nfuncs; i++) pass_walk_block(m->funcs[i]->body, note_uses, &u);
    /* runs first: their programs are copied before any lone collective in them is expanded */
    for (int i = 0; !rc && i < m->nfuncs; i++) {
        expander ex = {m, m->funcs[i], d, NULL, 1, 1, NULL, NULL, NULL};
        rc = expand_block(&ex, ex.f->body, true);
    }
    /* A program nothing calls is no function of its own: it runs only as a
     * process of its run (its groups name the others), so it goes. */
    const ir_func *entry = ir_module_entry(m);
    for (int i = m->nfuncs - 1; !rc && i >= 0; i--)
        if (u.program[i] && !u.called[i] && m->funcs[i] != entry) ir_module_remove_func(m, m->funcs[i]);
    for (int i = 0; !rc && i < m->nfuncs; i++) {
        expander ex = {m, m->funcs[i], d, NULL, 1, 1, NULL, NULL, NULL};
        rc = expand_block(&ex, ex.f->body, false);
    }
    mem_free(u.called);
    mem_free(u.program);
    return rc;
}
