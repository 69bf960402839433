/* fuse_build.c: writes the groups fuse.c decided as IR_FUSION ops and
 * rebuilds the body from them.
 *
 * A kernel's region holds a copy of each op placed in its group (one copy
 * per op, in body order, even when the op serves both a reduce's prologue
 * and its epilogue), copies of the inline constants it reads (a splat as a
 * rank-0 constant and a broadcast_in_dim), and, in a DOT kernel, each
 * broadcast leaf as one broadcast_in_dim of a block argument (a chain of
 * broadcasts is composed into one). Everything else it reads is a block
 * argument: one per distinct value, in order of first read. Its results are
 * the values of its ops that the return, a check or another kernel reads;
 * the fusion op takes over those value ids, so no reader changes.
 *
 * Nothing in f's body changes until every kernel is built: fusion ops are
 * made in a staging block, and the commit, which cannot fail (its memory is
 * taken first), swaps the body's op list. On failure f is as it was, apart
 * from unused values added to its table. */
#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"
#include "fuse_internal.h"

typedef struct kernel {
    int group;
    fz_ints ops;       /* body ops copied into the region, ascending (DOT leaves excepted) */
    fz_ints inputs;    /* values read from memory: the operands */
    fz_ints results;   /* values written to memory */
    ir_op *fusion;     /* in the staging block until the commit */
} kernel;

/* Writing one kernel: where each original value lives in the region. */
typedef struct writer {
    fz_state *st;
    kernel *k;
    ir_block *region;
    ir_value_id *map;    /* original value -> region value, valid where marked in value_marks */
    ir_value_id *in;     /* scratch operands */
    ir_type *types;      /* scratch result types (copied: f->values may move while appending) */
    int cap_in, cap_types;
} writer;

static void erase_op(ir_func *f, ir_op *op);

/* ---- what a kernel reads ------------------------------------------------------------- */

typedef enum read_kind {
    READ_INSIDE,   /* computed by an op of the kernel */
    READ_MEMORY,   /* a block argument */
    READ_COPY,     /* an inline constant, copied in */
    READ_LEAF,     /* a DOT kernel's broadcast leaf, written with its chain composed */
} read_kind;

/* How kernel g reads v, where reader is the body op reading it. */
static read_kind classify_read(const fz_state *st, int g, const ir_op *reader, ir_value_id v) {
    int q = st->def_op[v];
    if (reader->code == IR_DOT_GENERAL) return READ_MEMORY;   /* the BLAS call reads memory */
    if (q >= 0 && fz_place_in(st, q, g, true) >= 0) return READ_LEAF;
    if (q >= 0 && fz_place_in(st, q, g, false) >= 0) return READ_INSIDE;
    if (fuse_is_opaque(reader->code)) return READ_MEMORY;     /* an opaque op reads buffers, or its prologue */
    if (q >= 0 && st->inline_const[q]) return READ_COPY;
    return READ_MEMORY;
}

/* The value a leaf chain starting at leaf value v reads from outside the
 * chain, and the broadcast dims from it to v (dims[i]: where the source's
 * dim i lands). */
static ir_value_id leaf_source(const fz_state *st, int g, ir_value_id v, int64_t *dims, int *ndims) {
    const ir_op *leaf = fz_op(st, st->def_op[v]);
    *ndims = leaf->a.dims.n;
    for (int i = 0; i < leaf->a.dims.n; i++) dims[i] = leaf->a.dims.v[i];
    ir_value_id src = leaf->in[0];
    while (classify_read(st, g, leaf, src) == READ_LEAF) {
        leaf = fz_op(st, st->def_op[src]);
        for (int i = 0; i < leaf->a.dims.n; i++) dims[i] = dims[leaf->a.dims.v[i]];
        *ndims = leaf->a.dims.n;
        src = leaf->in[0];
    }
    return src;
}

/* Adds v to k's inputs when the kernel reads it from memory (following a
 * leaf chain to its source). */
static int note_input(fz_state *st, kernel *k, const ir_op *reader, ir_value_id v) {
    read_kind kind = classify_read(st, k->group, reader, v);
    if (kind == READ_LEAF) {
        int64_t dims[IR_MAX_RANK];
        int n;
        const ir_op *leaf = fz_op(st, st->def_op[v]);
        v = leaf_source(st, k->group, v, dims, &n);
        kind = classify_read(st, k->group, leaf, v);   /* the source of a chain is never a leaf */
    }
    if (kind != READ_MEMORY || fz_marked(&st->value_marks, v)) return DIAG_OK;
    fz_mark(&st->value_marks, v);
    return fz_ints_push(&k->inputs, v) ? diag_nomem(st->d) : DIAG_OK;
}

static int note_region_inputs(fz_state *st, kernel *k, const ir_op *reader, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++) {
            int rc = st->def_op[op->in[j]] == -2 ? DIAG_OK : note_input(st, k, reader, op->in[j]);
            if (rc) return rc;
        }
        for (int r = 0; r < op->nregions; r++) {
            int rc = note_region_inputs(st, k, reader, op->regions[r]);
            if (rc) return rc;
        }
    }
    return DIAG_OK;
}

static int collect_inputs(fz_state *st, kernel *k) {
    fz_marks_next(&st->value_marks);
    for (int i = 0; i < k->ops.n; i++) {
        const ir_op *op = fz_op(st, k->ops.v[i]);
        for (int j = 0; j < op->nin; j++) {
            int rc = note_input(st, k, op, op->in[j]);
            if (rc) return rc;
        }
        for (int r = 0; r < op->nregions; r++) {
            int rc = note_region_inputs(st, k, op, op->regions[r]);
            if (rc) return rc;
        }
    }
    return DIAG_OK;
}

/* ---- what a kernel computes and writes ----------------------------------------------- */


/* The values read outside the kernel; an OPAQUE kernel writes all of its
 * root's results (its emitter computes them together). */
static int collect_results(fz_state *st, kernel *k) {
    for (int i = 0; i < k->ops.n; i++) {
        const ir_op *op = fz_op(st, k->ops.v[i]);
        bool all = fuse_is_opaque(op->code);
        for (int j = 0; j < op->nout; j++)
            if ((all || fz_is_result(st, k->group, op->out[j])) && fz_ints_push(&k->results, op->out[j]))
                return diag_nomem(st->d);
    }
    return DIAG_OK;
}

/* ---- writing a region --------------------------------------------------------------- */

static void map_value(writer *w, ir_value_id from, ir_value_id to) {
    fz_mark(&w->st->value_marks, from);
    w->map[from] = to;
}

static bool is_mapped(const writer *w, ir_value_id v) { return fz_marked(&w->st->value_marks, v); }

static int grow_scratch(writer *w, int nin, int nout) {
    if (mem_grow((void **)&w->in, &w->cap_in, nin + 1, sizeof *w->in) ||
        mem_grow((void **)&w->types, &w->cap_types, nout + 1, sizeof *w->types))
        return diag_nomem(w->st->d);
    return DIAG_OK;
}

/* Appends to b a copy of src (its operands already mapped), with its
 * attributes, location and regions; maps its results. */
static int copy_op(writer *w, ir_block *b, const ir_op *src) {
    ir_func *f = w->st->f;
    int rc = grow_scratch(w, src->nin, src->nout);
    if (rc) return rc;
    for (int j = 0; j < src->nin; j++) w->in[j] = w->map[src->in[j]];
    for (int j = 0; j < src->nout; j++) w->types[j] = *fz_type(f, src->out[j]);
    ir_op *op = ir_op_append(f, b, src->code, src->nin, w->in, src->nout, w->types);
    if (!op) return diag_nomem(w->st->d);
    size_t data_bytes = src->nout ? ir_type_bytes(fz_type(f, src->out[0])) : 0;
    if (ir_attrs_copy(&op->a, &src->a, data_bytes)) return diag_nomem(w->st->d);
    op->loc = src->loc;
    for (int j = 0; j < src->nout; j++) map_value(w, src->out[j], op->out[j]);
    for (int r = 0; r < src->nregions; r++) {
        const ir_block *from = src->regions[r];
        ir_block *to = ir_op_add_region(op);
        if (!to) return diag_nomem(w->st->d);
        for (int i = 0; i < from->nargs; i++) {
            ir_type t = *fz_type(f, from->args[i]);
            ir_value_id a = ir_block_add_arg(f, to, &t);
            if (a < 0) return diag_nomem(w->st->d);
            map_value(w, from->args[i], a);
        }
        for (int i = 0; i < from->nops && !rc; i++) rc = copy_op(w, to, from->ops[i]);
        if (rc) return rc;
    }
    return DIAG_OK;
}

/* A one-result op in the region with the given operands and type. */
static ir_op *append_op(writer *w, ir_opcode code, int nin, const ir_value_id *in, ir_type type, ir_loc loc) {
    ir_op *op = ir_op_append(w->st->f, w->region, code, nin, in, 1, &type);
    if (op) op->loc = loc;
    return op;
}

/* A rank-0 constant holding the first element of constant c. */
static ir_op *append_scalar_of(writer *w, const ir_op *c) {
    ir_type t = ir_type_scalar(fz_type(w->st->f, c->out[0])->dtype);
    ir_op *op = append_op(w, IR_CONSTANT, 0, NULL, t, c->loc);
    if (!op || !(op->a.data = mem_alloc(ir_dtype_size(t.dtype)))) return NULL;
    memcpy(op->a.data, c->a.data, ir_dtype_size(t.dtype));
    return op;
}

static ir_op *append_broadcast(writer *w, ir_value_id from, int ndims, const int64_t *dims, ir_type type,
                               ir_loc loc) {
    ir_op *op = append_op(w, IR_BROADCAST_IN_DIM, 1, &from, type, loc);
    if (op && ir_ints_set(&op->a.dims, ndims, dims)) return NULL;
    return op;
}

/* Inline constant c in the region: itself when it has at most one
 * element, else its scalar broadcast to its type. */
static int write_constant_copy(writer *w, const ir_op *c) {
    ir_type t = *fz_type(w->st->f, c->out[0]);
    if (ir_type_numel(&t) <= 1) return copy_op(w, w->region, c);
    const ir_op *scalar = append_scalar_of(w, c);
    const ir_op *b = scalar ? append_broadcast(w, scalar->out[0], 0, NULL, t, c->loc) : NULL;
    if (!b) return diag_nomem(w->st->d);
    map_value(w, c->out[0], b->out[0]);
    return DIAG_OK;
}

static int ensure_mapped(writer *w, const ir_op *reader, ir_value_id v);

/* Leaf value v as one broadcast_in_dim from its chain's source: a block
 * argument, or a copied constant (a splat's scalar, broadcast directly). */
static int write_leaf(writer *w, ir_value_id v) {
    fz_state *st = w->st;
    int64_t dims[IR_MAX_RANK];
    int ndims;
    ir_value_id src = leaf_source(st, w->k->group, v, dims, &ndims);
    const ir_op *leaf = fz_op(st, st->def_op[v]);
    int q = st->def_op[src];
    ir_value_id from;
    if (q >= 0 && st->inline_const[q] && ir_type_numel(fz_type(st->f, src)) > 1) {
        const ir_op *scalar = append_scalar_of(w, fz_op(st, q));
        if (!scalar) return diag_nomem(st->d);
        from = scalar->out[0];
        ndims = 0;
    } else {
        int rc = ensure_mapped(w, leaf, src);
        if (rc) return rc;
        from = w->map[src];
    }
    const ir_op *b = append_broadcast(w, from, ndims, dims, *fz_type(st->f, v), leaf->loc);
    if (!b) return diag_nomem(st->d);
    map_value(w, v, b->out[0]);
    return DIAG_OK;
}

/* Makes value v, read by body op reader, available in the region: copied
 * constants and leaves are written on first read; ops of the kernel and
 * block arguments are mapped already. */
static int ensure_mapped(writer *w, const ir_op *reader, ir_value_id v) {
    if (is_mapped(w, v)) return DIAG_OK;
    switch (classify_read(w->st, w->k->group, reader, v)) {
    case READ_COPY: return write_constant_copy(w, fz_op(w->st, w->st->def_op[v]));
    case READ_LEAF: return write_leaf(w, v);
    default:
        return diag_set(w->st->d, DIAG_INVALID, "internal error: fuse: value %d is read before the kernel has it", v);
    }
}

static int ensure_region_reads(writer *w, const ir_op *reader, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++) {
            int rc = w->st->def_op[op->in[j]] == -2 ? DIAG_OK : ensure_mapped(w, reader, op->in[j]);
            if (rc) return rc;
        }
        for (int r = 0; r < op->nregions; r++) {
            int rc = ensure_region_reads(w, reader, op->regions[r]);
            if (rc) return rc;
        }
    }
    return DIAG_OK;
}

static int write_kernel_op(writer *w, const ir_op *op) {
    for (int j = 0; j < op->nin; j++) {
        int rc = ensure_mapped(w, op, op->in[j]);
        if (rc) return rc;
    }
    for (int r = 0; r < op->nregions; r++) {
        int rc = ensure_region_reads(w, op, op->regions[r]);
        if (rc) return rc;
    }
    return copy_op(w, w->region, op);
}

/* The loc of the kernel's last op: where a message about it points. */
static ir_loc kernel_loc(const fz_state *st, const kernel *k) { return fz_op(st, k->ops.v[k->ops.n - 1])->loc; }

/* The fusion op, reading k's inputs; its results are k's result values
 * (adopted at the commit), its region starts with one argument per input. */
static int write_fusion_op(writer *w, ir_block *staging) {
    fz_state *st = w->st;
    kernel *k = w->k;
    ir_op *op = ir_op_append(st->f, staging, IR_FUSION, k->inputs.n, k->inputs.v, 0, NULL);
    if (!op) return diag_nomem(st->d);
    k->fusion = op;
    op->a.fusion_kind = st->groups[k->group].kind;
    op->loc = kernel_loc(st, k);
    ir_value_id *out = mem_alloc((size_t)k->results.n * sizeof *out + 1);
    if (!out) return diag_nomem(st->d);
    memcpy(out, k->results.v, (size_t)k->results.n * sizeof *out);
    mem_free(op->out);
    op->out = out;
    op->nout = k->results.n;
    if (!(w->region = ir_op_add_region(op))) return diag_nomem(st->d);
    fz_marks_next(&st->value_marks);
    for (int i = 0; i < k->inputs.n; i++) {
        ir_type t = *fz_type(st->f, k->inputs.v[i]);
        ir_value_id a = ir_block_add_arg(st->f, w->region, &t);
        if (a < 0) return diag_nomem(st->d);
        map_value(w, k->inputs.v[i], a);
    }
    return DIAG_OK;
}

static int write_kernel(writer *w, ir_block *staging) {
    kernel *k = w->k;
    int rc = write_fusion_op(w, staging);
    for (int i = 0; !rc && i < k->ops.n; i++) rc = write_kernel_op(w, fz_op(w->st, k->ops.v[i]));
    if (rc) return rc;
    rc = grow_scratch(w, k->results.n, 0);
    for (int i = 0; !rc && i < k->results.n; i++) w->in[i] = w->map[k->results.v[i]];
    if (!rc && !ir_op_append(w->st->f, w->region, IR_RETURN, k->results.n, w->in, 0, NULL)) rc = diag_nomem(w->st->d);
    return rc;
}

static int build_kernel(fz_state *st, writer *w, kernel *k, ir_block *staging) {
    int rc = fz_collect_ops(st, &k->group, 1, &k->ops);
    if (!rc) rc = collect_results(st, k);
    if (!rc) rc = collect_inputs(st, k);
    if (rc) return rc;
    w->k = k;
    return write_kernel(w, staging);
}

/* ---- ordering the new body ----------------------------------------------------------- */

/* The new body: kept constants, then kernels and checks in a topological
 * order that stays close to the source order, then the return. */
typedef struct orderer {
    int nunits;          /* kernels first, then checks */
    int *key;            /* unit -> source position (its last op) */
    int *indegree;
    fz_ints *succ;       /* unit -> units reading what it writes */
    int *heap, nheap;    /* ready units, least key first */
} orderer;

static void heap_push(orderer *o, int u) {
    int i = o->nheap++;
    while (i > 0 && o->key[o->heap[(i - 1) / 2]] > o->key[u]) {
        o->heap[i] = o->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    o->heap[i] = u;
}

static int heap_pop(orderer *o) {
    int top = o->heap[0], last = o->heap[--o->nheap], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= o->nheap) break;
        if (c + 1 < o->nheap && o->key[o->heap[c + 1]] < o->key[o->heap[c]]) c++;
        if (o->key[o->heap[c]] >= o->key[last]) break;
        o->heap[i] = o->heap[c];
        i = c;
    }
    o->heap[i] = last;
    return top;
}

/* The unit that writes value v, or -1 (a parameter or a constant). */
static int producer_unit(const fz_state *st, const int *unit_of_group, ir_value_id v) {
    int q = st->def_op[v];
    if (q < 0 || st->first_place[q] < 0) return -1;
    return unit_of_group[fz_group_of(st, st->places[st->first_place[q]].group)];
}

static int add_dependence(fz_state *st, orderer *o, int from, int to) {
    if (from < 0) return DIAG_OK;
    if (fz_ints_push(&o->succ[from], to)) return diag_nomem(st->d);
    o->indegree[to]++;
    return DIAG_OK;
}

static int link_units(fz_state *st, orderer *o, const kernel *ks, int nk, const int *checks, const int *unit_of_group) {
    int rc = DIAG_OK;
    for (int u = 0; u < nk && !rc; u++) {
        o->key[u] = ks[u].ops.v[ks[u].ops.n - 1];
        for (int i = 0; i < ks[u].inputs.n && !rc; i++)
            rc = add_dependence(st, o, producer_unit(st, unit_of_group, ks[u].inputs.v[i]), u);
    }
    for (int u = nk; u < o->nunits && !rc; u++) {
        const ir_op *check = fz_op(st, checks[u - nk]);
        o->key[u] = checks[u - nk];
        if (u > nk) rc = add_dependence(st, o, u - 1, u);   /* checks keep their order */
        for (int i = 0; i < check->nin && !rc; i++)
            rc = add_dependence(st, o, producer_unit(st, unit_of_group, check->in[i]), u);
    }
    return rc;
}

/* Fills order[0..nunits) (Kahn's algorithm; least source position first). */
static int order_units(fz_state *st, orderer *o, int *order) {
    int n = 0;
    for (int u = 0; u < o->nunits; u++)
        if (o->indegree[u] == 0) heap_push(o, u);
    while (o->nheap > 0) {
        int u = heap_pop(o);
        order[n++] = u;
        for (int i = 0; i < o->succ[u].n; i++)
            if (--o->indegree[o->succ[u].v[i]] == 0) heap_push(o, o->succ[u].v[i]);
    }
    if (n != o->nunits) return diag_set(st->d, DIAG_INVALID, "internal error: fuse: the kernels of @%s form a cycle", st->f->name);
    return DIAG_OK;
}

/* ---- the commit ------------------------------------------------------------------------ */

/* Orphans the values op (and its regions) defines, where op is still their
 * definition, and frees it. */
static void orphan_values(ir_func *f, const ir_op *op) {
    for (int j = 0; j < op->nout; j++)
        if (f->values[op->out[j]].def == op) f->values[op->out[j]].def = NULL;
    for (int r = 0; r < op->nregions; r++)
        for (int i = 0; i < op->regions[r]->nops; i++) orphan_values(f, op->regions[r]->ops[i]);
}

static void erase_op(ir_func *f, ir_op *op) {
    orphan_values(f, op);
    ir_op_free(op);
}

/* A constant stays in the body when a kernel reads it from memory or the
 * return or a check reads it: when something outside the kernels reads it.
 * (op_marks hold, per body op, "read from memory by a kernel".) */
static bool keeps_constant(const fz_state *st, int c) {
    if (fz_marked(&st->op_marks, c)) return true;
    ir_value_id v = fz_op(st, c)->out[0];
    for (int u = st->use_start[v]; u < st->use_start[v + 1]; u++) {
        const ir_op *reader = fz_op(st, st->uses[u].op);
        if (reader->code == IR_RETURN || fz_is_check(reader)) return true;
    }
    return false;
}

/* Marks (op_marks) the constants the kernels read from memory. */
static void mark_constants_read(fz_state *st, const kernel *ks, int nk) {
    fz_marks_next(&st->op_marks);
    for (int i = 0; i < nk; i++)
        for (int j = 0; j < ks[i].inputs.n; j++) {
            int q = st->def_op[ks[i].inputs.v[j]];
            if (q >= 0 && fz_op(st, q)->code == IR_CONSTANT) fz_mark(&st->op_marks, q);
        }
}

/* Everything allocated: swaps in the new op list, frees the old ops that
 * are gone and gives the kernels' results their new definitions. */
static void commit(fz_state *st, kernel *ks, int nk, const int *checks, const int *order, int nunits,
                   ir_op **ops, ir_block *staging) {
    ir_block *body = st->f->body;
    int n = 0;
    mark_constants_read(st, ks, nk);
    for (int i = 0; i + 1 < st->nbody; i++) {
        ir_op *op = body->ops[i];
        if (op->code == IR_CONSTANT && keeps_constant(st, i)) ops[n++] = op;
        else if (!fz_is_check(op)) erase_op(st->f, op);
    }
    for (int i = 0; i < nunits; i++) ops[n++] = order[i] < nk ? ks[order[i]].fusion : body->ops[checks[order[i] - nk]];
    ops[n++] = body->ops[st->nbody - 1];
    for (int i = 0; i < nk; i++) {
        ir_op *fusion = ks[i].fusion;
        for (int j = 0; j < fusion->nout; j++) {
            st->f->values[fusion->out[j]].def = fusion;
            st->f->values[fusion->out[j]].def_index = j;
        }
    }
    mem_free(body->ops);
    body->ops = ops;
    body->nops = body->cap_ops = n;
    staging->nops = 0;   /* the fusion ops now belong to the body */
}

static int order_and_commit(fz_state *st, kernel *ks, int nk, ir_block *staging) {
    int nchecks = 0;
    for (int i = 0; i + 1 < st->nbody; i++) nchecks += fz_is_check(fz_op(st, i));
    int nunits = nk + nchecks;
    orderer o = {.nunits = nunits};
    int *checks = mem_alloc((size_t)nchecks * sizeof *checks + 1);
    int *unit_of_group = mem_alloc((size_t)st->ngroups * sizeof *unit_of_group + 1);
    int *order = mem_alloc((size_t)nunits * sizeof *order + 1);
    ir_op **ops = mem_alloc((size_t)st->nbody * sizeof *ops + (size_t)nk * sizeof *ops);
    o.key = mem_alloc((size_t)nunits * sizeof *o.key + 1);
    o.indegree = mem_calloc((size_t)nunits + 1, sizeof *o.indegree);
    o.succ = mem_calloc((size_t)nunits + 1, sizeof *o.succ);
    o.heap = mem_alloc((size_t)nunits * sizeof *o.heap + 1);
    int rc = checks && unit_of_group && order && ops && o.key && o.indegree && o.succ && o.heap ? DIAG_OK
                                                                                                 : diag_nomem(st->d);
    if (!rc) {
        for (int i = 0, c = 0; i + 1 < st->nbody; i++)
            if (fz_is_check(fz_op(st, i))) checks[c++] = i;
        for (int i = 0; i < nk; i++) unit_of_group[ks[i].group] = i;
        rc = link_units(st, &o, ks, nk, checks, unit_of_group);
    }
    if (!rc) rc = order_units(st, &o, order);
    if (!rc) {
        commit(st, ks, nk, checks, order, nunits, ops, staging);
        ops = NULL;
    }
    for (int u = 0; o.succ && u < nunits; u++) fz_ints_free(&o.succ[u]);
    mem_free(o.succ);
    mem_free(o.key);
    mem_free(o.indegree);
    mem_free(o.heap);
    mem_free(ops);
    mem_free(order);
    mem_free(unit_of_group);
    mem_free(checks);
    return rc;
}

/* ---- the whole build ------------------------------------------------------------------- */

static void free_kernels(kernel *ks, int nk) {
    for (int i = 0; i < nk; i++) {
        fz_ints_free(&ks[i].ops);
        fz_ints_free(&ks[i].inputs);
        fz_ints_free(&ks[i].results);
    }
    mem_free(ks);
}

int fz_build(fz_state *st) {
    int nk = 0;
    for (int g = 0; g < st->ngroups; g++) nk += st->groups[g].alias == g;
    kernel *ks = mem_calloc((size_t)nk + 1, sizeof *ks);
    ir_block *staging = ir_block_new();
    writer w = {.st = st, .map = mem_alloc((size_t)st->nvalues * sizeof(ir_value_id) + 1)};
    int rc = ks && staging && w.map ? DIAG_OK : diag_nomem(st->d);
    for (int g = 0, i = 0; !rc && g < st->ngroups; g++) {
        if (st->groups[g].alias != g) continue;
        ks[i].group = g;
        rc = build_kernel(st, &w, &ks[i++], staging);
    }
    if (!rc) rc = order_and_commit(st, ks, nk, staging);
    if (staging) {
        for (int i = 0; i < staging->nops; i++) erase_op(st->f, staging->ops[i]);
        staging->nops = 0;
        ir_block_free(staging);
    }
    if (ks) free_kernels(ks, nk);
    mem_free(w.map);
    mem_free(w.in);
    mem_free(w.types);
    return rc;
}
