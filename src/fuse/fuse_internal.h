/* fuse_internal: what the fusion pass's files share.
 *
 *   fuse.c        deciding the kernels: analysis, the greedy placement,
 *                 sibling reductions, and the two queries of fuse.h
 *   fuse_build.c  writing each kernel as an IR_FUSION op and putting the
 *                 kernels in the body
 *
 * Vocabulary. A "group" is a kernel being decided. A "placement" puts one
 * body op into one group, in one "space" of it; a cheap op may be placed in
 * several groups (duplicated), every other op in at most one. An op nobody
 * reads is placed nowhere and disappears. Constants are never placed:
 * small ones are copied into each kernel that reads them, big ones stay in
 * the body and are read from memory. */
#ifndef FUSE_INTERNAL_H
#define FUSE_INTERNAL_H
#include <stdbool.h>

#include "fuse.h"

/* Where in its kernel an op is computed. */
typedef enum fz_space {
    FZ_NONE = -1,
    FZ_OUT,    /* per element of the kernel's results: a LOOP body, a REDUCE or DOT epilogue */
    FZ_IN,     /* REDUCE: per element of the reduce input (the prologue) */
    FZ_ROOT,   /* REDUCE: the reduce ops; DOT: the dot_general */
    FZ_LEAF,   /* DOT: a broadcast_in_dim of a value read from memory (bias) */
} fz_space;

typedef struct fz_ints {
    int n, cap;
    int *v;
} fz_ints;

int fz_ints_push(fz_ints *a, int x);   /* 0, or -1 on OOM */
bool fz_ints_has(const fz_ints *a, int x);
void fz_ints_free(fz_ints *a);

/* A read of a value by body op `op`: operand `operand`, or -1 for a read
 * inside one of op's regions (a reducer capturing a value). */
typedef struct fz_use {
    int op, operand;
} fz_use;

typedef struct fz_place {
    int op;          /* body op index */
    int group;       /* as placed; follow fz_group_of after sibling merges */
    fz_space space;
    bool linear;     /* computed at the kernel's linear iteration index (so once per element) */
    bool once;       /* each of its elements computed at most once per kernel run */
    int next;        /* the op's next placement; -1 */
    int depth;       /* ops on the longest path from it to a root of its group, itself
                        included (1: nothing in the group reads it); <= FUSE_MAX_DEPTH */
    int evals;       /* times one element of the group's space evaluates it, at most:
                        reads at the linear index coincide, others add up; <= FUSE_MAX_EVALS */
    bool strided;    /* its elements are read through a pad with interior padding (or it is one) */
} fz_place;

typedef struct fz_group {
    ir_fusion_kind kind;
    ir_type shape;       /* LOOP: the results' shape; REDUCE: the reduce input's; DOT: the dot's */
    ir_type out_shape;   /* REDUCE: the reduced shape; otherwise = shape */
    const ir_op *first_reduce;   /* REDUCE: the reduce whose dimensions every reduce shares */
    int alias;           /* itself while alive; the group it was merged into after */
    fz_ints members;     /* placement indices */
    fz_ints succ;        /* groups reading values this one writes (ids may be merged ones) */
} fz_group;

/* Stamps over n items: item i is marked while stamp[i] == now. */
typedef struct fz_marks {
    int *stamp;
    int now;
} fz_marks;

typedef struct fz_state {
    ir_func *f;
    const fuse_options *opts;
    diag *d;
    int nbody;           /* body ops, the RETURN last */
    int nvalues;         /* values before fusion: the ids the analysis covers */
    int *def_op;         /* value -> body op defining it; -1 parameter; -2 inside a region */
    int *use_start;      /* value v's reads are uses[use_start[v] .. use_start[v + 1]) */
    fz_use *uses;
    bool *inline_const;  /* body op -> a constant copied into each kernel reading it */
    int *first_place;    /* body op -> its first placement; -1 while placed nowhere */
    fz_place *places;
    int nplaces, cap_places;
    fz_group *groups;    /* capacity nbody: a group is started by a distinct op */
    int ngroups;
    int *stack;          /* scratch for graph walks over groups (nbody entries) */
    fz_marks group_marks, op_marks, value_marks;
} fz_state;

static inline const ir_type *fz_type(const ir_func *f, ir_value_id v) { return &f->values[v].type; }
static inline const ir_op *fz_op(const fz_state *st, int i) { return st->f->body->ops[i]; }

bool fz_is_check(const ir_op *op);
void fz_marks_next(fz_marks *m);
static inline void fz_mark(fz_marks *m, int i) { m->stamp[i] = m->now; }
static inline bool fz_marked(const fz_marks *m, int i) { return m->stamp[i] == m->now; }

/* The live group that g was merged into (g itself if never merged). */
int fz_group_of(const fz_state *st, int g);
/* The placement of op in group g (after merges), in a space other than
 * FZ_LEAF when want_leaf is false and FZ_LEAF when it is true; -1 if none. */
int fz_place_in(const fz_state *st, int op, int g, bool want_leaf);

/* The ops placed in groups[0..ngroups) (live groups), ascending, each once,
 * DOT leaves left out (they are written where read); marked in op_marks.
 * DIAG_OK or DIAG_NOMEM. */
int fz_collect_ops(fz_state *st, const int *groups, int ngroups, fz_ints *ops);

/* Value v, computed in group g, must be written to memory: the return or
 * a check reads it, or an op placed in another group does. */
bool fz_is_result(const fz_state *st, int g, ir_value_id v);

/* Writes every group as an IR_FUSION op and rebuilds the body (fuse_build.c). */
int fz_build(fz_state *st);
#endif
