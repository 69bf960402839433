/* fuse.c: deciding which ops share a kernel (see fuse.h for the result).
 *
 * The algorithm is the producer-consumer greedy of XLA and TVM:
 *
 *  1. Analysis. For every value: the body op defining it and its reads (a
 *     read inside a reducer region counts as a read by the reduce).
 *     Constants with at most one element, and splat constants, are "inline":
 *     copied into every kernel that reads them (a splat as a scalar and a
 *     broadcast); other constants stay in the body.
 *
 *  2. Placement, walking the body backwards, so that every reader of an op
 *     is placed before the op. For op P, its reads sort into "targets" (a
 *     group and the space in it that would compute P: the body of a loop,
 *     the prologue or epilogue of a reduce, the epilogue of a dot), groups
 *     that must read P from memory (a dot's operands, a reduce's init, a
 *     reducer's capture, a broadcast leaf's operand in a dot kernel), and
 *     the return or a check (P "escapes"). Then:
 *       - nothing reads P: it is dead and dropped;
 *       - one target and nothing else: P joins it when join_space allows;
 *       - several targets (at most MAX_COPIES) and nothing else, P cheap
 *         (or expensive elementwise with fuse_options.recompute_expensive,
 *         two targets at most), every target allows it: P is duplicated
 *         into each (no buffer, a little recomputing);
 *       - a target in a DOT group's epilogue takes a cheap elementwise P
 *         (not depending on the dot; not a result) only when P costs it no
 *         new buffer and keeps nothing alive longer: each operand is a
 *         copied constant, a value the group reads anyway, a broadcast
 *         leaf of such a value (or of a smaller parameter: a bias), or a
 *         cheap op read only by P and recomputable the same way. So JAX's
 *         tanh derivative 1 - t, made in the forward pass and read by a
 *         backward dot that reads t too, is recomputed there instead of
 *         being a second result of the forward kernel (a dot's operands
 *         are read from memory, never recomputed);
 *       - otherwise P is written to memory: it joins one target as a
 *         result of that group when the kind, the shape and the cycle rule
 *         allow, or else it starts a group of its own.
 *     A reduce or dot joining a loop group turns it into a REDUCE or DOT
 *     group whose ops become the epilogue.
 *
 *  3. Sibling reductions. Two REDUCE groups with the same input shape,
 *     dimensions and result shape that read a common input, neither
 *     reaching the other, merge: one pass over the input.
 *
 *  4. Building (fuse_build.c).
 *
 * Legality:
 *  - Cost. An expensive op (exp, expm1, log, log1p, logistic, tanh, pow,
 *    sin, cos, tan, atan2, sqrt, rsqrt, cbrt, complex_part) joins a group only where
 *    each of its elements is computed at most once per kernel run ("once":
 *    a single read through injective index maps, or reads all at the
 *    linear index), never per broadcast copy; it is not duplicated unless
 *    fuse_options.recompute_expensive asks for it. A
 *    reduce or dot joins only where every read is at the linear index (the
 *    epilogue consumes its result element as it is produced).
 *  - Kinds. LOOP: loop-fusible ops (elementwise and index ops). REDUCE:
 *    loop-fusible ops in the prologue and epilogue, reduces over one input
 *    shape and dimension list at the root. DOT: one dot_general at the
 *    root, reading memory; an epilogue of elementwise ops on its result
 *    that depend on it, and of cheap elementwise ops recomputed from what
 *    the kernel reads anyway (see placement); broadcasts of values from
 *    memory (leaves).
 *    OPAQUE: one op that is not loop-shaped (fuse_is_opaque) at the root,
 *    reading from memory, except the operands it reads once per element
 *    at the index it walks (opaque_reads_elementwise): loop-fusible ops
 *    computing those join as its prologue (FZ_IN).
 *  - Results. A value written to memory has the shape of its space: a LOOP
 *    group's shape, a REDUCE group's reduced shape (or, with
 *    fuse_options.reduce_side_outputs, its input shape for an expensive
 *    prologue value), a DOT group's shape (epilogue values and the dot only).
 *  - Depth. An op joins a space only while the longest chain of ops from
 *    it to the group's roots stays within FUSE_MAX_DEPTH (fz_place.depth):
 *    a longer chain of elementwise ops becomes several kernels.
 *  - Evaluations. An op joins a space only while one element of it would
 *    evaluate the op at most FUSE_MAX_EVALS times (fz_place.evals): reads
 *    at different indices each evaluate it, and its operands once per
 *    such evaluation, so a tree of slices and pads would otherwise cost
 *    work exponential in its depth.
 *  - Strides. Below a pad with interior padding (fz_place.strided) no
 *    other such pad joins, nor an op reading one: a reader finds the pad's
 *    operand behind a remainder test (i % 2 == 0, then i / 2), and nested
 *    pads nest the tests, one scalar branch tree per element. So each
 *    level of associative_scan's down-sweep is written by a kernel of its
 *    own: 256 x 4096 floats, one thread, 6.0-7.8 ms with three levels in
 *    the last kernel (5.5 ms of it), 3.9-4.8 ms a level a kernel.
 *  - Cycles. Groups must stay a DAG. Joining P as a result read by other
 *    groups H adds edges (P's group -> H); it is refused when some H
 *    already reaches P's group (and when P is read in another space of
 *    the same group, or from memory by it). Joining as a non-result, or
 *    duplicating, adds no edge now: P's operands are placed later, and
 *    their joins are checked then. A new group has no incoming edge yet.
 *    Sibling merges need neither group to reach the other. fz_build
 *    orders the kernels topologically and reports a cycle as our bug. */
#include "fuse.h"

#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"
#include "fuse_internal.h"

/* ---- small containers ----------------------------------------------------------- */

int fz_ints_push(fz_ints *a, int x) {
    if (mem_grow((void **)&a->v, &a->cap, a->n + 1, sizeof *a->v)) return -1;
    a->v[a->n++] = x;
    return 0;
}

bool fz_ints_has(const fz_ints *a, int x) {
    for (int i = 0; i < a->n; i++)
        if (a->v[i] == x) return true;
    return false;
}

void fz_ints_free(fz_ints *a) {
    mem_free(a->v);
    *a = (fz_ints){0};
}

void fz_marks_next(fz_marks *m) { m->now++; }

static int marks_init(fz_marks *m, int n) {
    m->now = 1;
    m->stamp = mem_calloc((size_t)n + 1, sizeof *m->stamp);
    return m->stamp ? 0 : -1;
}

/* ---- op classes ----------------------------------------------------------------- */

bool fz_is_check(const ir_op *op) { return ir_op_kind_of(op->code) == IR_KIND_CHECK; }

static bool is_index_op(ir_opcode c) {
    switch (c) {
    case IR_BROADCAST_IN_DIM: case IR_RESHAPE: case IR_TRANSPOSE: case IR_SLICE:
    case IR_CONCATENATE: case IR_REVERSE: case IR_IOTA: case IR_PAD: case IR_DYNAMIC_SLICE: case IR_GATHER:
    case IR_BITCAST_CONVERT:   /* an index map when it changes the element width */
        return true;
    default:
        return false;
    }
}

static bool is_loop_fusible(ir_opcode c) { return ir_op_is_elementwise(c) || is_index_op(c); }

bool fuse_is_opaque(ir_opcode c) {
    return !is_loop_fusible(c) && c != IR_CONSTANT && c != IR_REDUCE && c != IR_DOT_GENERAL && c != IR_CALL &&
           c != IR_RETURN && c != IR_FUSION && ir_op_kind_of(c) != IR_KIND_CHECK;
}

bool fuse_is_expensive(ir_opcode c) {
    switch (c) {
    case IR_EXPONENTIAL: case IR_EXPONENTIAL_MINUS_ONE: case IR_LOG: case IR_LOG_PLUS_ONE:
    case IR_LOGISTIC: case IR_TANH: case IR_POWER: case IR_SINE: case IR_COSINE: case IR_TAN:
    case IR_ATAN2: case IR_CBRT: case IR_SQRT: case IR_RSQRT: case IR_DOT_GENERAL: case IR_REDUCE:
    case IR_ACOS: case IR_ACOSH: case IR_ASIN: case IR_ASINH: case IR_ATAN: case IR_ATANH: case IR_COSH:
    case IR_SINH: case IR_ERF: case IR_ERFC: case IR_ERF_INV: case IR_LGAMMA: case IR_DIGAMMA:
    case IR_BESSEL_I1E: case IR_POLYGAMMA: case IR_ZETA: case IR_COMPLEX_PART:
        return true;
    default:
        return false;
    }
}

static bool is_cheap(ir_opcode c) { return is_loop_fusible(c) && !fuse_is_expensive(c); }

static bool same_shape(const ir_type *a, const ir_type *b) { return ir_type_same_shape(a, b); }

/* Each element of operand j is read for at most one result element. */
static bool reads_each_element_once(const ir_func *f, const ir_op *c, int j) {
    const ir_type *in = fz_type(f, c->in[j]), *out = fz_type(f, c->out[0]);
    if (ir_op_is_elementwise(c->code)) return same_shape(in, out);
    switch (c->code) {
    case IR_RESHAPE: case IR_TRANSPOSE: case IR_REVERSE: case IR_SLICE: case IR_CONCATENATE: return true;
    case IR_PAD: case IR_DYNAMIC_SLICE: return j == 0;   /* injective; the others are scalars */
    case IR_BROADCAST_IN_DIM: return ir_type_numel(in) == ir_type_numel(out);
    case IR_BITCAST_CONVERT: return ir_type_numel(out) <= ir_type_numel(in);   /* a split reads each one often */
    default: return false;
    }
}

/* ---- analysis ----------------------------------------------------------------------- */

/* A constant every kernel can hold: at most one element, or all elements
 * the same bytes (a splat, copied as a scalar and a broadcast). */
static bool is_inline_constant(const ir_func *f, const ir_op *op) {
    if (op->code != IR_CONSTANT || !op->a.data) return false;
    const ir_type *t = fz_type(f, op->out[0]);
    int64_t n = ir_type_numel(t);
    size_t size = ir_dtype_size(t->dtype);
    const char *data = op->a.data;
    for (int64_t k = 1; k < n; k++)
        if (memcmp(data, data + (size_t)k * size, size) != 0) return false;
    return true;
}

typedef struct use_walk {
    fz_state *st;
    int op;
    bool fill;           /* second pass: write the uses (first pass: count) */
    int *cursor;         /* per value: next free slot (fill pass) */
} use_walk;

static void note_read(use_walk *w, ir_value_id v, int operand) {
    fz_state *st = w->st;
    if (st->def_op[v] == -2) return;   /* defined inside the region reading it */
    if (w->fill) st->uses[w->cursor[v]++] = (fz_use){w->op, operand};
    else st->use_start[v + 1]++;
}

static void note_region_reads(use_walk *w, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++) note_read(w, op->in[j], -1);
        for (int r = 0; r < op->nregions; r++) note_region_reads(w, op->regions[r]);
    }
}

static void walk_reads(use_walk *w) {
    const ir_block *body = w->st->f->body;
    for (w->op = 0; w->op < body->nops; w->op++) {
        const ir_op *op = body->ops[w->op];
        for (int j = 0; j < op->nin; j++) note_read(w, op->in[j], j);
        for (int r = 0; r < op->nregions; r++) note_region_reads(w, op->regions[r]);
    }
}

/* use_start and uses, as a compressed table: count, prefix-sum, fill. */
static int index_uses(fz_state *st) {
    int n = st->nvalues;
    st->use_start = mem_calloc((size_t)n + 1, sizeof *st->use_start);
    if (!st->use_start) return -1;
    use_walk w = {st, 0, false, NULL};
    walk_reads(&w);
    for (int v = 0; v < n; v++) st->use_start[v + 1] += st->use_start[v];
    st->uses = mem_alloc((size_t)st->use_start[n] * sizeof *st->uses);
    w.cursor = mem_alloc((size_t)n * sizeof *w.cursor);
    int rc = st->uses && w.cursor ? 0 : -1;
    if (!rc) {
        memcpy(w.cursor, st->use_start, (size_t)n * sizeof *w.cursor);
        w.fill = true;
        walk_reads(&w);
    }
    mem_free(w.cursor);
    return rc;
}

static void index_definitions(fz_state *st) {
    const ir_block *body = st->f->body;
    for (int v = 0; v < st->nvalues; v++) st->def_op[v] = -2;
    for (int i = 0; i < body->nargs; i++) st->def_op[body->args[i]] = -1;
    for (int i = 0; i < body->nops; i++)
        for (int j = 0; j < body->ops[i]->nout; j++) st->def_op[body->ops[i]->out[j]] = i;
}

static int state_init(fz_state *st, ir_func *f, const fuse_options *o, diag *d) {
    *st = (fz_state){.f = f, .opts = o, .d = d, .nbody = f->body->nops, .nvalues = f->nvalues};
    int n = st->nbody;
    st->def_op = mem_alloc((size_t)st->nvalues * sizeof *st->def_op + 1);
    st->inline_const = mem_calloc((size_t)n, sizeof *st->inline_const);
    st->first_place = mem_alloc((size_t)n * sizeof *st->first_place + 1);
    st->groups = mem_calloc((size_t)n, sizeof *st->groups);
    st->stack = mem_alloc((size_t)n * sizeof *st->stack + 1);
    if (!st->def_op || !st->inline_const || !st->first_place || !st->groups || !st->stack ||
        marks_init(&st->group_marks, n) || marks_init(&st->op_marks, n) ||
        marks_init(&st->value_marks, st->nvalues))
        return diag_nomem(d);
    index_definitions(st);
    for (int i = 0; i < n; i++) {
        st->first_place[i] = -1;
        st->inline_const[i] = is_inline_constant(f, f->body->ops[i]);
    }
    return index_uses(st) ? diag_nomem(d) : DIAG_OK;
}

static void state_free(fz_state *st) {
    for (int g = 0; g < st->ngroups; g++) {
        fz_ints_free(&st->groups[g].members);
        fz_ints_free(&st->groups[g].succ);
    }
    mem_free(st->groups);
    mem_free(st->def_op);
    mem_free(st->use_start);
    mem_free(st->uses);
    mem_free(st->inline_const);
    mem_free(st->first_place);
    mem_free(st->places);
    mem_free(st->stack);
    mem_free(st->group_marks.stamp);
    mem_free(st->op_marks.stamp);
    mem_free(st->value_marks.stamp);
}

/* The body holds only what fusion knows: constants, loop-fusible ops,
 * reduce, dot_general, opaque ops, checks, and the final return. */
static int check_fusible(const ir_func *f, diag *d) {
    const ir_block *body = f->body;
    if (!body || body->nops == 0 || body->ops[body->nops - 1]->code != IR_RETURN)
        return diag_set(d, DIAG_INVALID, "fuse: @%s: the body does not end with a return", f->name);
    for (int i = 0; i + 1 < body->nops; i++) {
        ir_opcode c = body->ops[i]->code;
        if (c == IR_CONSTANT || is_loop_fusible(c) || c == IR_REDUCE || c == IR_DOT_GENERAL ||
            fuse_is_opaque(c) || ir_op_kind_of(c) == IR_KIND_CHECK)
            continue;
        return diag_set(d, DIAG_UNSUPPORTED, "fuse: @%s: cannot fuse %s%s", f->name, ir_op_name(c),
                        c == IR_CALL ? " (inline calls first)" : "");
    }
    return DIAG_OK;
}

/* ---- groups and placements ---------------------------------------------------------- */

int fz_group_of(const fz_state *st, int g) {
    while (st->groups[g].alias != g) g = st->groups[g].alias;
    return g;
}

int fz_place_in(const fz_state *st, int op, int g, bool want_leaf) {
    for (int k = st->first_place[op]; k >= 0; k = st->places[k].next) {
        const fz_place *p = &st->places[k];
        if (fz_group_of(st, p->group) == g && (p->space == FZ_LEAF) == want_leaf) return k;
    }
    return -1;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int fz_collect_ops(fz_state *st, const int *groups, int ngroups, fz_ints *ops) {
    ops->n = 0;
    fz_marks_next(&st->op_marks);
    for (int i = 0; i < ngroups; i++) {
        const fz_group *g = &st->groups[groups[i]];
        for (int k = 0; k < g->members.n; k++) {
            const fz_place *pl = &st->places[g->members.v[k]];
            if (pl->space == FZ_LEAF || fz_marked(&st->op_marks, pl->op)) continue;
            fz_mark(&st->op_marks, pl->op);
            if (fz_ints_push(ops, pl->op)) return diag_nomem(st->d);
        }
    }
    qsort(ops->v, (size_t)ops->n, sizeof *ops->v, cmp_int);
    return DIAG_OK;
}

/* Places pl (its `next` is filled in here). */
static int add_place(fz_state *st, fz_place pl) {
    if (mem_grow((void **)&st->places, &st->cap_places, st->nplaces + 1, sizeof *st->places) ||
        fz_ints_push(&st->groups[pl.group].members, st->nplaces))
        return diag_nomem(st->d);
    pl.next = st->first_place[pl.op];
    st->places[st->nplaces] = pl;
    st->first_place[pl.op] = st->nplaces++;
    return DIAG_OK;
}

/* Op p is placed in group g, in any space. */
static bool placed_in(const fz_state *st, int p, int g) {
    return fz_place_in(st, p, g, false) >= 0 || fz_place_in(st, p, g, true) >= 0;
}

static bool has_group(const int *groups, int n, int g) {
    for (int i = 0; i < n; i++)
        if (groups[i] == g) return true;
    return false;
}

/* Value v, computed in the live groups[0..n), is read outside them: by the
 * return or a check, or by an op placed in another group that has no copy
 * of v's op. */
static bool read_outside(const fz_state *st, const int *groups, int n, ir_value_id v) {
    int p = st->def_op[v];
    for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++) {
        int c = st->uses[u].op;
        const ir_op *reader = fz_op(st, c);
        if (reader->code == IR_RETURN || fz_is_check(reader)) return true;
        for (int k = st->first_place[c]; k >= 0; k = st->places[k].next) {
            int h = fz_group_of(st, st->places[k].group);
            if (!has_group(groups, n, h) && !placed_in(st, p, h)) return true;   /* else h reads its own copy */
        }
    }
    return false;
}

bool fz_is_result(const fz_state *st, int g, ir_value_id v) { return read_outside(st, &g, 1, v); }

/* True when a path of edges leads from group `from` to group `to`. */
static bool reaches(fz_state *st, int from, int to) {
    from = fz_group_of(st, from);
    to = fz_group_of(st, to);
    fz_marks_next(&st->group_marks);
    int top = 0;
    st->stack[top++] = from;
    fz_mark(&st->group_marks, from);
    while (top > 0) {
        const fz_group *g = &st->groups[st->stack[--top]];
        for (int i = 0; i < g->succ.n; i++) {
            int h = fz_group_of(st, g->succ.v[i]);
            if (h == to) return true;
            if (fz_marked(&st->group_marks, h)) continue;
            fz_mark(&st->group_marks, h);
            st->stack[top++] = h;
        }
    }
    return false;
}

/* ---- where an op's results are read ---------------------------------------------- */

/* A space of a group where every read of P could be computed. */
typedef struct fz_target {
    int group;
    fz_space space;    /* FZ_OUT, FZ_IN or FZ_LEAF */
    bool linear;       /* every read there is at the linear index */
    bool once;         /* each element of P would be computed at most once */
    int depth;         /* the deepest placement there reading P (fz_place.depth) */
    int evals_linear;  /* the most evaluations of a placement reading P at the linear index */
    int evals_other;   /* the sum of those of the placements reading P elsewhere */
    bool strided;      /* some placement there reading P is strided (fz_place.strided) */
} fz_target;

/* How many times one element of t's space would evaluate P (fz_place.evals). */
static int target_evals(const fz_target *t) { return t->evals_linear + t->evals_other; }

/* Notes a read of P by placement pl in target t; saturates past the bound. */
static void count_evals(fz_target *t, const fz_place *pl, bool linear) {
    if (linear) t->evals_linear = pl->evals > t->evals_linear ? pl->evals : t->evals_linear;
    else t->evals_other = t->evals_other + pl->evals > FUSE_MAX_EVALS ? FUSE_MAX_EVALS + 1 : t->evals_other + pl->evals;
}

typedef struct fz_sites {
    int ntargets, cap_targets;
    fz_target *t;
    fz_ints memory;    /* groups that read P from memory */
    bool escapes;      /* the return or a check reads P */
} fz_sites;

/* Reader placement pl would compute P in `space` of its group. */
static int add_target(fz_state *st, fz_sites *s, const fz_place *pl, fz_space space, bool linear, bool once) {
    int g = pl->group;
    for (int k = 0; k < s->ntargets; k++) {
        fz_target *t = &s->t[k];
        if (t->group != g || t->space != space) continue;
        t->linear = t->linear && linear;
        t->once = t->linear;   /* reads along several paths coincide only at the linear index */
        if (pl->depth > t->depth) t->depth = pl->depth;
        t->strided = t->strided || pl->strided;
        count_evals(t, pl, linear);
        return DIAG_OK;
    }
    if (mem_grow((void **)&s->t, &s->cap_targets, s->ntargets + 1, sizeof *s->t)) return diag_nomem(st->d);
    fz_target *t = &s->t[s->ntargets++];
    *t = (fz_target){g, space, linear, once || linear, pl->depth, 0, 0, pl->strided};
    count_evals(t, pl, linear);
    return DIAG_OK;
}

static int add_memory_reader(fz_state *st, fz_sites *s, int g) {
    if (fz_ints_has(&s->memory, g)) return DIAG_OK;
    return fz_ints_push(&s->memory, g) ? diag_nomem(st->d) : DIAG_OK;
}

/* An opaque op that reads operand j once per element, at the index it
 * walks (scatter's updates, dynamic_update_slice's update, a while's
 * initial loop values, read once into its results): the ops that
 * compute the operand may run in its kernel at that index (its prologue,
 * FZ_IN) instead of writing it to memory. Its emitter reads it through
 * ex_value (emit_internal.h). */
static bool opaque_reads_elementwise(const ir_op *c, int j) {
    switch (c->code) {
    case IR_SCATTER: return j > c->nin / 2;
    case IR_DYNAMIC_UPDATE_SLICE: return j == 1;
    case IR_WHILE: return true;
    default: return false;
    }
}

/* Op c, placed by pl, reads a result of P as operand j (-1: in a region). */
static int note_reader(fz_state *st, fz_sites *s, const ir_op *c, int j, const fz_place *pl) {
    if (j < 0) return add_memory_reader(st, s, pl->group);
    switch (pl->space) {
    case FZ_ROOT:   /* a reduce computes on its inputs once per element; the rest comes from memory */
        if ((c->code == IR_REDUCE && j < c->nin / 2) || opaque_reads_elementwise(c, j))
            return add_target(st, s, pl, FZ_IN, true, true);
        return add_memory_reader(st, s, pl->group);
    case FZ_LEAF:
        return add_target(st, s, pl, FZ_LEAF, false, false);
    default:
        return add_target(st, s, pl, pl->space, pl->linear && ir_op_reads_at_linear_index(st->f, c, j),
                          pl->once && reads_each_element_once(st->f, c, j));
    }
}

static int collect_sites(fz_state *st, int p, fz_sites *s) {
    s->ntargets = 0;
    s->memory.n = 0;
    s->escapes = false;
    const ir_op *op = fz_op(st, p);
    for (int r = 0; r < op->nout; r++) {
        ir_value_id v = op->out[r];
        for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++) {
            const fz_use *use = &st->uses[u];
            const ir_op *c = fz_op(st, use->op);
            if (c->code == IR_RETURN || fz_is_check(c)) {
                s->escapes = true;
                continue;
            }
            for (int k = st->first_place[use->op]; k >= 0; k = st->places[k].next) {
                int rc = note_reader(st, s, c, use->operand, &st->places[k]);
                if (rc) return rc;
            }
        }
    }
    return DIAG_OK;
}

/* ---- joining a group ---------------------------------------------------------------- */

/* Marks the loop group's members that depend on dot d (op index p) and
 * checks that the group can be d's epilogue: those are elementwise on d's
 * shape, all others are broadcasts (leaves) that nothing outside the group
 * reads (a leaf is never written to memory). With apply, the members take
 * their DOT spaces. Members were placed in decreasing op order (the walk is
 * backwards), so reading them from the end visits producers first. */
static bool dot_epilogue_fits(fz_state *st, int g, int p, bool apply) {
    fz_group *grp = &st->groups[g];
    const ir_op *d = fz_op(st, p);
    if (!same_shape(fz_type(st->f, d->out[0]), &grp->shape)) return false;
    fz_marks_next(&st->op_marks);
    fz_mark(&st->op_marks, p);
    for (int k = grp->members.n - 1; k >= 0; k--) {
        fz_place *pl = &st->places[grp->members.v[k]];
        const ir_op *m = fz_op(st, pl->op);
        bool downstream = false;
        for (int j = 0; j < m->nin; j++) {
            int q = st->def_op[m->in[j]];
            downstream |= q >= 0 && fz_marked(&st->op_marks, q);
        }
        if (downstream) {
            if (!ir_op_is_elementwise(m->code) || !same_shape(fz_type(st->f, m->out[0]), &grp->shape)) return false;
            fz_mark(&st->op_marks, pl->op);
        } else if (m->code != IR_BROADCAST_IN_DIM || fz_is_result(st, g, m->out[0])) {
            return false;
        }
        if (apply) pl->space = downstream ? FZ_OUT : FZ_LEAF;
    }
    return true;
}

static bool same_dims(const ir_ints *a, const ir_ints *b) {
    return a->n == b->n && (a->n == 0 || memcmp(a->v, b->v, (size_t)a->n * sizeof *a->v) == 0);
}

/* Reduce r could share REDUCE group g's pass: same input shape, dimensions
 * and result shape. */
static bool same_reduction(const fz_state *st, const fz_group *g, const ir_op *r) {
    return same_shape(fz_type(st->f, r->in[0]), &g->shape) && same_shape(fz_type(st->f, r->out[0]), &g->out_shape) &&
           same_dims(&r->a.dims, &g->first_reduce->a.dims);
}

/* The shape op's value computed in `space` of g must have to be written to
 * memory; NULL when that space writes nothing. A REDUCE group's prologue
 * writes (reduce_side_outputs) expensive values alone: computed once, they
 * are written where they are computed (softmax's exp(x - max) beside its
 * sum). A cheap one is better written by its producer's group: taken as a
 * side result, the training step's tanh derivative left the dot epilogue
 * that made it and cost a buffer for the bare dot. */
static const ir_type *result_shape(const fz_state *st, const fz_group *g, fz_space space, const ir_op *op) {
    if (g->kind == IR_FUSION_REDUCE && space == FZ_IN)
        return st->opts && st->opts->reduce_side_outputs && fuse_is_expensive(op->code) ? &g->shape : NULL;
    return space == FZ_OUT ? &g->out_shape : NULL;
}

/* The longest chain of cheap ops a DOT epilogue recomputes for one read. */
enum { MAX_RECOMPUTE_DEPTH = 4 };

/* Some op placed in group g, other than `except`, reads value v: g needs v
 * anyway (from memory, or computed in it). */
static bool read_in_group(const fz_state *st, ir_value_id v, int g, int except) {
    for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++) {
        int c = st->uses[u].op;
        if (c != except && placed_in(st, c, g)) return true;
    }
    return false;
}

/* The source of a broadcast leaf `reader` making value `leaf` in DOT group
 * g (read from memory, or copied) costs no new buffer: a copied constant, a
 * value g reads anyway, a parameter smaller than the leaf (a bias), or
 * another broadcast of such a source. */
static bool leaf_source_ok(const fz_state *st, ir_value_id src, int reader, int g, int depth, ir_value_id leaf) {
    int q = st->def_op[src];
    if (q >= 0 && st->inline_const[q]) return true;
    if (read_in_group(st, src, g, reader)) return true;
    if (q == -1) return ir_type_numel(fz_type(st->f, src)) < ir_type_numel(fz_type(st->f, leaf));
    if (q < 0 || depth >= MAX_RECOMPUTE_DEPTH || fz_op(st, q)->code != IR_BROADCAST_IN_DIM) return false;
    return leaf_source_ok(st, fz_op(st, q)->in[0], q, g, depth + 1, leaf);
}

/* Value v, an operand of op `reader` that a DOT group g would recompute,
 * costs g no new buffer and keeps nothing alive longer: a copied constant;
 * a value g reads anyway; a broadcast (a leaf) of such a value or of a
 * smaller parameter (a bias); or a cheap elementwise op that only `reader`
 * reads, itself recomputable from such values. */
static bool recompute_operand_ok(const fz_state *st, ir_value_id v, int reader, int g, int depth) {
    int q = st->def_op[v];
    if (q >= 0 && st->inline_const[q]) return true;
    if (read_in_group(st, v, g, reader)) return true;
    if (q < 0 || depth >= MAX_RECOMPUTE_DEPTH) return false;
    const ir_op *op = fz_op(st, q);
    if (op->code == IR_BROADCAST_IN_DIM) return leaf_source_ok(st, op->in[0], q, g, depth + 1, v);
    if (!is_cheap(op->code) || !ir_op_is_elementwise(op->code) || op->nout != 1 ||
        !same_shape(fz_type(st->f, v), &st->groups[g].shape))
        return false;
    for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++)
        if (st->uses[u].op != reader) return false;
    for (int j = 0; j < op->nin; j++)
        if (!recompute_operand_ok(st, op->in[j], q, g, depth + 1)) return false;
    return true;
}

/* Cheap elementwise op p, read in DOT group g's epilogue, may be computed
 * there (independently of the dot) instead of being written to memory by
 * another kernel: every operand is recomputable in g at no memory cost. */
static bool recomputable_in_dot(const fz_state *st, int p, int g) {
    const ir_op *op = fz_op(st, p);
    if (!is_cheap(op->code) || !ir_op_is_elementwise(op->code) || op->nout != 1 ||
        !same_shape(fz_type(st->f, op->out[0]), &st->groups[g].shape))
        return false;
    for (int j = 0; j < op->nin; j++)
        if (!recompute_operand_ok(st, op->in[j], p, g, 0)) return false;
    return true;
}

/* A pad with interior padding: its readers find its operand's elements
 * at indices divided by the interior stride, behind a remainder test. */
static bool interior_pad(const ir_op *op) {
    if (op->code != IR_PAD) return false;
    for (int d = 0; d < op->a.interior.n; d++)
        if (op->a.interior.v[d] > 0) return true;
    return false;
}

static bool reads_interior_pad(const fz_state *st, const ir_op *op) {
    for (int j = 0; j < op->nin; j++) {
        int q = st->def_op[op->in[j]];
        if (q >= 0 && interior_pad(fz_op(st, q))) return true;
    }
    return false;
}

/* The space op p would take joining target t (as a result of the group
 * when as_result), or FZ_NONE when the rules forbid it. */
static fz_space join_space(fz_state *st, int p, const fz_target *t, bool as_result) {
    const ir_op *op = fz_op(st, p);
    const fz_group *g = &st->groups[t->group];
    bool root = op->code == IR_REDUCE || op->code == IR_DOT_GENERAL;
    if (t->depth >= FUSE_MAX_DEPTH || target_evals(t) > FUSE_MAX_EVALS) return FZ_NONE;
    if (t->strided && (interior_pad(op) || reads_interior_pad(st, op))) return FZ_NONE;
    if ((root || as_result) && fuse_is_expensive(op->code) && !t->linear) return FZ_NONE;
    if (fuse_is_expensive(op->code) && !t->once) return FZ_NONE;
    if (t->space == FZ_LEAF || g->kind == IR_FUSION_DOT) {
        if (as_result) return FZ_NONE;
        if (op->code == IR_BROADCAST_IN_DIM) return FZ_LEAF;
        return t->space == FZ_OUT && recomputable_in_dot(st, p, t->group) ? FZ_OUT : FZ_NONE;
    }
    if (op->code == IR_REDUCE) {
        if (t->space != FZ_OUT) return FZ_NONE;
        bool fits = g->kind == IR_FUSION_LOOP ? same_shape(fz_type(st->f, op->out[0]), &g->shape)
                                               : same_reduction(st, g, op);
        return fits ? FZ_ROOT : FZ_NONE;
    }
    if (op->code == IR_DOT_GENERAL)
        return g->kind == IR_FUSION_LOOP && dot_epilogue_fits(st, t->group, p, false) ? FZ_ROOT : FZ_NONE;
    if (!as_result) return t->space;
    const ir_type *shape = result_shape(st, g, t->space, op);
    return shape && same_shape(fz_type(st->f, op->out[0]), shape) ? t->space : FZ_NONE;
}

/* A reduce or dot at the root of a loop group makes it a REDUCE or DOT
 * group; its ops become the epilogue (and, for a dot, the leaves). */
static void convert_loop_group(fz_state *st, int g, int p) {
    fz_group *grp = &st->groups[g];
    const ir_op *op = fz_op(st, p);
    if (op->code == IR_REDUCE) {
        grp->kind = IR_FUSION_REDUCE;
        grp->shape = *fz_type(st->f, op->in[0]);
        grp->out_shape = *fz_type(st->f, op->out[0]);
        grp->first_reduce = op;
    } else {
        dot_epilogue_fits(st, g, p, true);
        grp->kind = IR_FUSION_DOT;
    }
}

static int join(fz_state *st, int p, const fz_target *t, fz_space space) {
    if (space == FZ_ROOT && st->groups[t->group].kind == IR_FUSION_LOOP) convert_loop_group(st, t->group, p);
    return add_place(st, (fz_place){.op = p, .group = t->group, .space = space, .linear = t->linear, .once = t->once,
                                    .depth = t->depth + 1, .evals = target_evals(t),
                                    .strided = t->strided || interior_pad(fz_op(st, p))});
}

/* Records that every group reading P's results, other than `from`, reads
 * them from group `from`. */
static int add_edges_to_readers(fz_state *st, const fz_sites *s, int from) {
    fz_ints *succ = &st->groups[from].succ;
    for (int k = 0; k < s->ntargets; k++)
        if (s->t[k].group != from && fz_ints_push(succ, s->t[k].group)) return diag_nomem(st->d);
    for (int k = 0; k < s->memory.n; k++)
        if (s->memory.v[k] != from && fz_ints_push(succ, s->memory.v[k])) return diag_nomem(st->d);
    return DIAG_OK;
}

/* The space P takes joining target k as a result read by every other
 * reader from memory, or FZ_NONE (see the cycle rule at the top). */
static fz_space result_join_space(fz_state *st, int p, const fz_sites *s, int k) {
    int g = s->t[k].group;
    for (int j = 0; j < s->ntargets; j++)
        if (j != k && s->t[j].group == g) return FZ_NONE;
    if (fz_ints_has(&s->memory, g)) return FZ_NONE;
    fz_space space = join_space(st, p, &s->t[k], true);
    if (space == FZ_NONE) return FZ_NONE;
    for (int j = 0; j < s->ntargets; j++)
        if (j != k && reaches(st, s->t[j].group, g)) return FZ_NONE;
    for (int j = 0; j < s->memory.n; j++)
        if (reaches(st, s->memory.v[j], g)) return FZ_NONE;
    return space;
}

static int start_group(fz_state *st, int p, const fz_sites *s) {
    const ir_op *op = fz_op(st, p);
    int g = st->ngroups++;
    fz_group *grp = &st->groups[g];
    const ir_type *t = fz_type(st->f, op->out[0]);
    *grp = (fz_group){.kind = IR_FUSION_LOOP, .shape = *t, .out_shape = *t, .alias = g};
    fz_space space = FZ_OUT;
    if (op->code == IR_REDUCE || op->code == IR_DOT_GENERAL) {
        space = FZ_ROOT;
        convert_loop_group(st, g, p);   /* an empty loop group takes the root's kind */
    } else if (fuse_is_opaque(op->code)) {
        space = FZ_ROOT;   /* note_reader: everything it reads comes from memory */
        grp->kind = IR_FUSION_OPAQUE;
    }
    int rc = add_place(st, (fz_place){.op = p, .group = g, .space = space, .linear = true, .once = true, .depth = 1,
                                      .evals = 1, .strided = interior_pad(op)});
    return rc ? rc : add_edges_to_readers(st, s, g);
}

/* At most this many copies of a cheap op. Copying P into k kernels makes
 * its operands needed in those k kernels, which copy them in turn: without
 * a bound, a chain of cheap ops read at each step by a reduce (softmax
 * after softmax) would be recomputed from its start in every kernel, work
 * quadratic in the chain's length. With it, each op has a bounded number of
 * copies, and a chain whose readers multiply is written to memory where
 * they exceed the bound. */
enum { MAX_COPIES = 3 };

/* A broadcast of a constant (JAX's splat 1.0 in every tanh derivative, which
 * CSE makes one op with a reader per layer): its copies need nothing from
 * memory, so the bound above has no reason to apply, and writing it to memory
 * would keep a full-size buffer alive from the first reader to the last. */
static bool broadcasts_a_constant(fz_state *st, int p) {
    const ir_op *op = fz_op(st, p);
    const ir_op *src = op->code == IR_BROADCAST_IN_DIM ? st->f->values[op->in[0]].def : NULL;
    return src && src->code == IR_CONSTANT;
}

/* Cheap ops are copied into their reader kernels (up to MAX_COPIES, or any
 * number for a broadcast of a constant);
 * expensive elementwise ops too, into fewer, when the options trade time
 * for memory. (join_space still requires each copy to compute each element
 * at most once.) */
static bool duplicable(fz_state *st, int p, const fz_sites *s) {
    ir_opcode c = fz_op(st, p)->code;
    bool recompute = st->opts && st->opts->recompute_expensive && is_loop_fusible(c) &&
                     s->ntargets <= FUSE_RECOMPUTE_MAX_KERNELS;
    bool bounded = s->ntargets > MAX_COPIES && !broadcasts_a_constant(st, p);
    if ((!is_cheap(c) || bounded) && !recompute) return false;
    for (int k = 0; k < s->ntargets; k++)
        if (join_space(st, p, &s->t[k], false) == FZ_NONE) return false;
    return true;
}

/* Places body op p (its readers are placed; see the top of the file). */
static int place_op(fz_state *st, int p, fz_sites *s) {
    int rc = collect_sites(st, p, s);
    if (rc || (s->ntargets == 0 && s->memory.n == 0 && !s->escapes)) return rc;   /* dead */
    if ((st->opts && st->opts->disable) || fuse_is_opaque(fz_op(st, p)->code)) return start_group(st, p, s);
    bool from_memory = s->memory.n > 0 || s->escapes;
    if (!from_memory && s->ntargets == 1) {
        fz_space space = join_space(st, p, &s->t[0], false);
        if (space != FZ_NONE) return join(st, p, &s->t[0], space);
    }
    if (!from_memory && s->ntargets > 1 && duplicable(st, p, s)) {
        for (int k = 0; k < s->ntargets && !rc; k++) rc = join(st, p, &s->t[k], join_space(st, p, &s->t[k], false));
        return rc;
    }
    for (int k = 0; k < s->ntargets; k++) {
        fz_space space = result_join_space(st, p, s, k);
        if (space == FZ_NONE) continue;
        rc = join(st, p, &s->t[k], space);
        return rc ? rc : add_edges_to_readers(st, s, s->t[k].group);
    }
    return start_group(st, p, s);
}

static int place_all(fz_state *st) {
    fz_sites s = {0};
    int rc = DIAG_OK;
    for (int p = st->nbody - 2; p >= 0 && !rc; p--) {
        const ir_op *op = fz_op(st, p);
        if (op->code != IR_CONSTANT && !fz_is_check(op)) rc = place_op(st, p, &s);
    }
    mem_free(s.t);
    fz_ints_free(&s.memory);
    return rc;
}

/* ---- sibling reductions ------------------------------------------------------------ */

/* A value some REDUCE group reads from outside itself. */
typedef struct fz_read {
    ir_value_id value;
    int group;
} fz_read;

static int by_value_then_group(const void *x, const void *y) {
    const fz_read *a = x, *b = y;
    if (a->value != b->value) return (a->value > b->value) - (a->value < b->value);
    return (a->group > b->group) - (a->group < b->group);
}

/* Appends (v, g) for every value REDUCE group g reads that it does not
 * compute (inline constants aside: every reduce reads its init), once each. */
static int note_reduce_inputs(fz_state *st, int g, fz_read **reads, int *n, int *cap) {
    const fz_group *grp = &st->groups[g];
    fz_marks_next(&st->value_marks);
    for (int k = 0; k < grp->members.n; k++) {
        const ir_op *m = fz_op(st, st->places[grp->members.v[k]].op);
        for (int j = 0; j < m->nin; j++) {
            ir_value_id v = m->in[j];
            int q = st->def_op[v];
            if ((q >= 0 && (st->inline_const[q] || placed_in(st, q, g))) || fz_marked(&st->value_marks, v)) continue;
            fz_mark(&st->value_marks, v);
            if (mem_grow((void **)reads, cap, *n + 1, sizeof **reads)) return diag_nomem(st->d);
            (*reads)[(*n)++] = (fz_read){v, g};
        }
    }
    return DIAG_OK;
}

static int merge_groups(fz_state *st, int into, int from) {
    fz_group *a = &st->groups[into], *b = &st->groups[from];
    for (int k = 0; k < b->members.n; k++) {
        st->places[b->members.v[k]].group = into;
        if (fz_ints_push(&a->members, b->members.v[k])) return diag_nomem(st->d);
    }
    for (int k = 0; k < b->succ.n; k++)
        if (fz_ints_push(&a->succ, b->succ.v[k])) return diag_nomem(st->d);
    b->alias = into;
    return DIAG_OK;
}

/* Merges REDUCE group b into a when they are siblings: one reduction
 * shape, neither reaching the other (they share an input already). */
static int merge_if_siblings(fz_state *st, int a, int b, bool *merged) {
    *merged = a == b;   /* already one group */
    if (a == b || !same_reduction(st, &st->groups[a], st->groups[b].first_reduce) || reaches(st, a, b) ||
        reaches(st, b, a))
        return DIAG_OK;
    *merged = true;
    return merge_groups(st, a, b);
}

/* The REDUCE groups reading each value, in runs after sorting: each group
 * of a run merges into the first earlier one of the run it can. */
static int merge_sibling_reductions(fz_state *st) {
    fz_read *reads = NULL;
    int n = 0, cap = 0, rc = DIAG_OK;
    for (int g = 0; g < st->ngroups && !rc; g++)
        if (st->groups[g].alias == g && st->groups[g].kind == IR_FUSION_REDUCE)
            rc = note_reduce_inputs(st, g, &reads, &n, &cap);
    if (!rc && n > 0) qsort(reads, (size_t)n, sizeof *reads, by_value_then_group);
    for (int run = 0; !rc && run < n;) {
        int end = run;
        while (end < n && reads[end].value == reads[run].value) end++;
        for (int j = run + 1; j < end && !rc; j++) {
            bool merged = false;
            for (int i = run; i < j && !merged && !rc; i++)
                rc = merge_if_siblings(st, fz_group_of(st, reads[i].group), fz_group_of(st, reads[j].group), &merged);
        }
        run = end;
    }
    mem_free(reads);
    return rc;
}

/* ---- row kernels -------------------------------------------------------------------
 * A REDUCE group and the groups that use its results element by element of
 * its rows merge into one kernel, so that nothing of the row's statistics
 * is written to memory (softmax's max and sum, layer norm's mean and
 * variance; emit_reduce.c runs a row's passes one after the other, the
 * last storing the results of the input's shape). A group may join when
 * it is
 *  - a REDUCE group of the same reduction (a later pass: the sum of
 *    exp(x - max) after the max),
 *  - a LOOP group of the reduced shape, up to unit dims (the epilogue:
 *    rsqrt(var + eps)), or
 *  - a LOOP group of the input shape (the final pass: the normalised x),
 * and when every read of a value that depends on a reduction of the set,
 * by an op of the set, is one the emitter computes in order
 * (row_read_ok): a value per kept element read at its own element or by a
 * broadcast that puts it back on the input's kept dims, a value of the
 * input shape read at the same element or by a reduce. The set is the
 * joinable groups reachable from the root through joinable groups, less
 * those a path leaving the set reaches again (the groups must stay a
 * DAG); a group whose reads or results break the rules is left out with
 * what depends on it in the set, and so is a final pass where the set
 * reads an operand through a transpose of its innermost dim
 * (moves_innermost_dim). The results of the merged kernel must have the
 * reduced or the input shape. */

enum {
    ROW_MAX_GROUPS = 16,        /* groups merged into one row kernel */
    ROW_MAX_PASSES = 2,         /* passes that reduce (softmax's max and sum): a value of the
                                   input shape is computed in each pass that reads it, so more
                                   would recompute a chain of softmaxes once per pass */
    ROW_REACH_BUDGET = 4096,    /* groups visited finding those a path leaving the set reaches */
};

typedef struct row_set {
    int n;
    int g[ROW_MAX_GROUPS];      /* live groups; g[0] is the root */
} row_set;

/* Per body op, while a set is checked: the longest chain of the set's ops
 * ending at it, and the pass computing it (1 + the last pass whose
 * reductions it reads; a reduce's pass is what it reads). */
typedef struct row_walk {
    int *chain, *pass;
} row_walk;

static bool row_set_has(const row_set *s, int g) { return has_group(s->g, s->n, g); }

static bool reduces_dim(const ir_op *reduce, int d) {
    for (int i = 0; i < reduce->a.dims.n; i++)
        if (reduce->a.dims.v[i] == d) return true;
    return false;
}

/* Broadcast m (to the input shape of root group a) reads its operand at
 * the kept index of its result's element: the operand's dims above 1 land,
 * in order, on every kept input dim above 1. */
static bool restores_kept_dims(const fz_state *st, const fz_group *a, const ir_op *m) {
    const ir_type *o = fz_type(st->f, m->in[0]), *in = &a->shape;
    int d = 0;
    for (int i = 0;; i++) {
        while (d < in->rank && (in->dims[d] == 1 || reduces_dim(a->first_reduce, d))) d++;
        while (i < o->rank && o->dims[i] == 1) i++;
        if (i == o->rank || d == in->rank) return i == o->rank && d == in->rank;
        if (m->a.dims.v[i] != d++) return false;
    }
}

/* Op m of the set reads operand j, a value of the set that depends on a
 * reduction, where the row kernel computes it (see the section's top). */
static bool row_read_ok(const fz_state *st, const fz_group *a, const ir_op *m, int j) {
    const ir_type *v = fz_type(st->f, m->in[j]);
    if (m->code == IR_REDUCE) return j < m->nin / 2 && same_shape(v, &a->shape);
    if (m->nregions || m->nout != 1) return false;
    const ir_type *out = fz_type(st->f, m->out[0]);
    bool kept_in = ir_type_same_squeezed(v, &a->out_shape), kept_out = ir_type_same_squeezed(out, &a->out_shape);
    if (kept_in && kept_out) return ir_op_reads_at_linear_index(st->f, m, j);
    if (kept_in)
        return m->code == IR_BROADCAST_IN_DIM && same_shape(out, &a->shape) && restores_kept_dims(st, a, m);
    return same_shape(v, &a->shape) && same_shape(out, &a->shape) && ir_op_reads_at_linear_index(st->f, m, j);
}

static bool row_joinable(const fz_state *st, const fz_group *a, const fz_group *h) {
    if (h->kind == IR_FUSION_REDUCE) return same_reduction(st, a, h->first_reduce);
    return h->kind == IR_FUSION_LOOP && (same_shape(&h->shape, &a->shape) || ir_type_same_squeezed(&h->shape, &a->out_shape));
}

/* The joinable groups reachable from s->g[0] through joinable groups. */
static void collect_row_candidates(fz_state *st, row_set *s) {
    const fz_group *a = &st->groups[s->g[0]];
    for (int i = 0; i < s->n; i++) {
        const fz_group *g = &st->groups[s->g[i]];
        for (int k = 0; k < g->succ.n && s->n < ROW_MAX_GROUPS; k++) {
            int h = fz_group_of(st, g->succ.v[k]);
            if (!row_set_has(s, h) && row_joinable(st, a, &st->groups[h])) s->g[s->n++] = h;
        }
    }
}

/* Drops every member but the root that a group outside the set, reached
 * from the set, reaches (merging it would close a cycle); false when the
 * walk runs out of its budget. Marks: group_marks. */
static bool drop_reentered(fz_state *st, row_set *s) {
    fz_marks_next(&st->group_marks);
    int top = 0, visited = 0;
    for (int i = 0; i < s->n; i++) {
        const fz_group *g = &st->groups[s->g[i]];
        for (int k = 0; k < g->succ.n; k++) {
            int h = fz_group_of(st, g->succ.v[k]);
            if (row_set_has(s, h) || fz_marked(&st->group_marks, h)) continue;
            fz_mark(&st->group_marks, h);
            st->stack[top++] = h;
        }
    }
    while (top > 0) {
        if (++visited > ROW_REACH_BUDGET) return false;
        const fz_group *g = &st->groups[st->stack[--top]];
        for (int k = 0; k < g->succ.n; k++) {
            int h = fz_group_of(st, g->succ.v[k]);
            if (fz_marked(&st->group_marks, h)) continue;
            fz_mark(&st->group_marks, h);
            st->stack[top++] = h;   /* through members too: what they reach is reached from outside */
        }
    }
    int n = 1;
    for (int i = 1; i < s->n; i++)
        if (!fz_marked(&st->group_marks, s->g[i])) s->g[n++] = s->g[i];
    s->n = n;
    return true;
}

/* Drops member i and the members that depend on it through the set (no
 * path leaves the set and comes back: drop_reentered). */
static void drop_with_dependents(fz_state *st, row_set *s, int i) {
    bool gone[ROW_MAX_GROUPS] = {0};
    gone[i] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (int x = 0; x < s->n; x++) {
            if (!gone[x]) continue;
            const fz_group *g = &st->groups[s->g[x]];
            for (int k = 0; k < g->succ.n; k++)
                for (int y = 0; y < s->n; y++)
                    if (!gone[y] && s->g[y] == fz_group_of(st, g->succ.v[k])) gone[y] = grew = true;
        }
    }
    int n = 0;
    for (int x = 0; x < s->n; x++)
        if (!gone[x]) s->g[n++] = s->g[x];
    s->n = n;
}

/* The set's member holding op p (a placement that is not a leaf), or -1. */
static int row_member_of(const fz_state *st, const row_set *s, int p) {
    for (int k = st->first_place[p]; k >= 0; k = st->places[k].next)
        for (int i = 0; i < s->n; i++)
            if (fz_group_of(st, st->places[k].group) == s->g[i]) return i;
    return -1;
}

/* Some op reads its operand through a transpose whose result's innermost
 * dim (of size above 1) is not its operand's: every pass of a row kernel
 * would read that operand with a stride. A final pass is then left out of
 * the kernel (attention's scores, transposed after their dot with the
 * keys outermost: three strided passes took 745 ms against 409 for the
 * max and sum's two and a final divide reading their contiguous exp). */
static bool moves_innermost_dim(const fz_state *st, const fz_ints *ops) {
    for (int i = 0; i < ops->n; i++) {
        const ir_op *m = fz_op(st, ops->v[i]);
        if (m->code != IR_TRANSPOSE) continue;
        const ir_type *in = fz_type(st->f, m->in[0]), *out = fz_type(st->f, m->out[0]);
        int inner_in = in->rank - 1, inner_out = out->rank - 1;
        while (inner_in >= 0 && in->dims[inner_in] == 1) inner_in--;
        while (inner_out >= 0 && out->dims[inner_out] == 1) inner_out--;
        if (inner_out >= 0 && m->a.dims.v[inner_out] != inner_in) return true;
    }
    return false;
}

/* A region of an op of the set (a reducer) reads v: the emitter binds
 * nothing there. Marks: op_marks (the set's ops). */
static bool captured_in(const fz_state *st, ir_value_id v) {
    for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++)
        if (st->uses[u].operand < 0 && fz_marked(&st->op_marks, st->uses[u].op)) return true;
    return false;
}

/* A value of the set that an op of the set reads where the row kernel
 * cannot compute it, or a result of neither the input nor the reduced
 * shape: the member to leave out (>= 1), or 0 when the set merges as it is,
 * or -1 when no subset with the root can (the root itself breaks the
 * rules, the chain of ops grows too deep, a reducer reads such a value, or
 * there are too many reduces). A reduce beyond ROW_MAX_PASSES leaves out
 * its member. ops: the set's ops, ascending (body order is topological),
 * marked in op_marks (fz_collect_ops). Marks: value_marks (values depending
 * on a reduction of the set). */
static int row_offender(fz_state *st, const row_set *s, const fz_ints *ops, const row_walk *w) {
    const fz_group *a = &st->groups[s->g[0]];
    int reduces = 0;
    fz_marks_next(&st->value_marks);
    for (int i = 0; i < ops->n; i++) {
        int p = ops->v[i];
        const ir_op *m = fz_op(st, p);
        bool dep = m->code == IR_REDUCE;
        reduces += dep;
        w->chain[p] = 1;
        w->pass[p] = 0;
        for (int j = 0; j < m->nin; j++) {
            int q = st->def_op[m->in[j]];
            if (q < 0 || !fz_marked(&st->op_marks, q)) continue;   /* read from memory, or copied */
            if (w->chain[q] + 1 > w->chain[p]) w->chain[p] = w->chain[q] + 1;
            if (w->pass[q] > w->pass[p]) w->pass[p] = w->pass[q];
            if (!fz_marked(&st->value_marks, m->in[j])) continue;
            dep = true;
            if (!row_read_ok(st, a, m, j)) {
                int reader = row_member_of(st, s, ops->v[i]), producer = row_member_of(st, s, q);
                return reader > 0 ? reader : producer > 0 && producer != reader ? producer : -1;
            }
        }
        if (w->chain[p] > FUSE_MAX_DEPTH || reduces > FUSE_MAX_REDUCES) return -1;
        if (m->code == IR_REDUCE && ++w->pass[p] > ROW_MAX_PASSES) {
            int owner = row_member_of(st, s, p);
            return owner > 0 ? owner : -1;
        }
        for (int j = 0; dep && j < m->nout; j++) {
            fz_mark(&st->value_marks, m->out[j]);
            if (captured_in(st, m->out[j])) return -1;
        }
    }
    if (moves_innermost_dim(st, ops))
        for (int i = 1; i < s->n; i++)
            if (st->groups[s->g[i]].kind == IR_FUSION_LOOP && same_shape(&st->groups[s->g[i]].shape, &a->shape))
                return i;
    for (int i = 0; i < ops->n; i++) {
        const ir_op *m = fz_op(st, ops->v[i]);
        for (int j = 0; j < m->nout; j++) {
            const ir_type *t = fz_type(st->f, m->out[j]);
            if ((same_shape(t, &a->shape) || same_shape(t, &a->out_shape)) || !read_outside(st, s->g, s->n, m->out[j])) continue;
            int owner = row_member_of(st, s, ops->v[i]);
            return owner > 0 ? owner : -1;
        }
    }
    return 0;
}

/* Merges into REDUCE group a what may join it (see the section's top). */
static int merge_row_kernel(fz_state *st, int a, fz_ints *ops, const row_walk *w) {
    row_set s = {1, {a}};
    collect_row_candidates(st, &s);
    if (s.n == 1 || !drop_reentered(st, &s)) return DIAG_OK;
    while (s.n > 1) {
        int rc = fz_collect_ops(st, s.g, s.n, ops);
        if (rc) return rc;
        int bad = row_offender(st, &s, ops, w);
        if (bad < 0) return DIAG_OK;
        if (bad == 0) break;
        drop_with_dependents(st, &s, bad);
    }
    for (int i = 1; i < s.n; i++) {
        int rc = merge_groups(st, a, s.g[i]);
        if (rc) return rc;
    }
    return DIAG_OK;
}

static int merge_row_kernels(fz_state *st) {
    fz_ints ops = {0};
    row_walk w = {mem_alloc((size_t)st->nbody * sizeof *w.chain + 1), mem_alloc((size_t)st->nbody * sizeof *w.pass + 1)};
    int rc = w.chain && w.pass ? DIAG_OK : diag_nomem(st->d);
    for (int g = 0; g < st->ngroups && !rc; g++)
        if (st->groups[g].alias == g && st->groups[g].kind == IR_FUSION_REDUCE) rc = merge_row_kernel(st, g, &ops, &w);
    fz_ints_free(&ops);
    mem_free(w.chain);
    mem_free(w.pass);
    return rc;
}

/* ---- the pass ------------------------------------------------------------------------ */

int fuse_func(ir_func *f, const fuse_options *o, diag *d) {
    fz_state st;
    int rc = check_fusible(f, d);
    if (rc) return rc;
    rc = state_init(&st, f, o, d);
    if (!rc) rc = place_all(&st);
    if (!rc && !(o && o->disable)) rc = merge_sibling_reductions(&st);
    if (!rc && !(o && o->disable)) rc = merge_row_kernels(&st);
    if (!rc) rc = fz_build(&st);
    state_free(&st);
    return rc;
}

/* ---- what fusion removed ------------------------------------------------------------ */

static bool is_returned(const ir_op *ret, ir_value_id v) {
    for (int i = 0; i < ret->nin; i++)
        if (ret->in[i] == v) return true;
    return false;
}

size_t fuse_materialized_bytes(const ir_func *f) {
    const ir_block *body = f->body;
    if (!body || body->nops == 0) return 0;
    const ir_op *ret = body->ops[body->nops - 1];
    size_t bytes = 0;
    for (int i = 0; i + 1 < body->nops; i++) {
        const ir_op *op = body->ops[i];
        if (op->code == IR_CONSTANT) continue;
        for (int j = 0; j < op->nout; j++)
            if (!is_returned(ret, op->out[j])) bytes += ir_type_bytes(fz_type(f, op->out[j]));
    }
    return bytes;
}
