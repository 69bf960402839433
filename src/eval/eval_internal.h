/* eval_internal: what the evaluator's files share.
 *
 *   eval.c             the driver: frames, liveness, calls, checks, regions
 *   eval_scalar.c      the scalar semantics of every elementwise op
 *   eval_elementwise.c tensor loops for unary, binary, compare, select,
 *                      clamp, convert, is_finite
 *   eval_shape.c       constant, iota, broadcast_in_dim, reshape, transpose,
 *                      slice, concatenate, reverse, bitcast_convert
 *   eval_dot.c         dot_general
 *   eval_reduce.c      reduce (a fast path for one-op reducers, else the
 *                      reducer region run per element)
 *   eval_index.c       pad, dynamic_slice, dynamic_update_slice, gather,
 *                      scatter, get_dimension_size, optimization_barrier
 *   eval_control.c     while, if, case, map, sort
 *   eval_window.c      reduce_window, select_and_scatter, convolution
 *   eval_linalg.c      triangular_solve, cholesky
 *   eval_lapack.c      getrf, geqrf, orgqr, syevd, gesdd, gesvd, sytrd,
 *                      gehrd (by LAPACK)
 *
 * A kernel reads its operands and writes its results through an ev_frame:
 * the buffers of the values of one function activation, indexed by value
 * id. When a kernel runs, every operand buffer is present and every result
 * buffer is allocated (ir_type_bytes of its type). Kernels never allocate
 * value buffers; only the driver does, so the driver's byte counts are the
 * whole story. */
#ifndef EVAL_INTERNAL_H
#define EVAL_INTERNAL_H
#include <stdbool.h>

#include "../check/elem.h"
#include "eval.h"

/* Keep a*b+c as two roundings: the evaluator is the numeric oracle. GCC
 * ignores this pragma and contracts by default where the target has FMA
 * (not x86-64's baseline); the build should pass -ffp-contract=off. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* ---- frames --------------------------------------------------------------- */

typedef struct ev_run ev_run;   /* one eval_func call: stats, checks, call depth */

/* Who frees a frame slot's buffer. */
typedef enum ev_slot {
    EV_BORROWED,         /* nobody here: an argument, or an output handed on */
    EV_OWNED,            /* the frame; counted in the stats */
    EV_SCRATCH,          /* the region binding it (ev_region_bind); not counted */
} ev_slot;

typedef struct ev_frame {
    ev_run *run;
    const ir_module *m;
    const ir_func *f;
    void **buf;          /* per value id: its buffer, NULL while undefined */
    unsigned char *slot; /* per value id: an ev_slot */
} ev_frame;

static inline const ir_type *ev_type(const ev_frame *fr, ir_value_id v) { return &fr->f->values[v].type; }
static inline void *ev_data(const ev_frame *fr, ir_value_id v) { return fr->buf[v]; }

/* Runs one op whose operands are ready and whose results are allocated
 * (call results excepted: a call binds fresh buffers, or copies into
 * preallocated ones). Defined in eval.c. */
int ev_exec_op(ev_frame *fr, const ir_op *op, diag *d);

/* A region run per element (reduce's reducer): ev_region_bind gives every
 * argument and op result of block b a scratch buffer (not counted in the
 * stats: these are the scalars of the computation, not materialised
 * values); ev_region_run runs b's ops up to its RETURN, whose operands then
 * hold the results; ev_region_unbind frees the scratch. Defined in eval.c. */
int ev_region_bind(ev_frame *fr, const ir_block *b, diag *d);
int ev_region_run(ev_frame *fr, const ir_block *b, diag *d);
void ev_region_unbind(ev_frame *fr, const ir_block *b);

/* DIAG_TIMEOUT naming op (a while loop about to iterate) when the run has
 * a time limit and it has passed; else DIAG_OK. Defined in eval.c. */
int ev_past_deadline(const ev_frame *fr, const ir_op *op, diag *d);

/* Sets d to "[file:line:col: ]op-name: message" and returns code. */
int ev_fail(diag *d, int code, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether op's results have the types its rule infers (ops whose kernels
 * trust their shapes: the LAPACK ops, fft); DIAG_INVALID naming the first
 * that does not. At most 8 results. */
int ev_results_fit(const ev_frame *fr, const ir_op *op, diag *d);

/* ---- kernels -------------------------------------------------------------- */

int ev_elementwise(ev_frame *fr, const ir_op *op, diag *d);  /* unary, binary, compare, select, clamp, convert,
                                                               reduce_precision */
int ev_shape_op(ev_frame *fr, const ir_op *op, diag *d);     /* the ops of eval_shape.c */
int ev_dot_general(ev_frame *fr, const ir_op *op, diag *d);
int ev_reduce(ev_frame *fr, const ir_op *op, diag *d);
int ev_while(ev_frame *fr, const ir_op *op, diag *d);               /* eval_control.c */
int ev_branch(ev_frame *fr, const ir_op *op, diag *d);              /* if, case */
int ev_map(ev_frame *fr, const ir_op *op, diag *d);
int ev_sort(ev_frame *fr, const ir_op *op, diag *d);
int ev_reduce_window(ev_frame *fr, const ir_op *op, diag *d);       /* eval_window.c */
int ev_select_and_scatter(ev_frame *fr, const ir_op *op, diag *d);
int ev_convolution(ev_frame *fr, const ir_op *op, diag *d);
int ev_lapack(ev_frame *fr, const ir_op *op, diag *d);              /* eval_lapack.c */
int ev_fft(ev_frame *fr, const ir_op *op, diag *d);                 /* eval_fft.c */
int ev_top_k(ev_frame *fr, const ir_op *op, diag *d);               /* eval_top_k.c */
/* pad, dynamic_slice, dynamic_update_slice, gather, scatter,
 * get_dimension_size, optimization_barrier (eval_index.c) */
int ev_index_op(ev_frame *fr, const ir_op *op, diag *d);

/* ---- scalar semantics (eval_scalar.c) ------------------------------------ */

/* An op on widened scalars (see elem.h). Results need not be canonical:
 * storing them rounds or wraps them to the element type. */
typedef elem_value (*ev_unary_fn)(elem_value x, const elem_type *t);
typedef elem_value (*ev_binary_fn)(elem_value a, elem_value b, const elem_type *t);

/* The scalar function of an elementwise op for elements of class c, or NULL
 * where the op is not defined on that class. */
ev_unary_fn ev_unary_resolve(ir_opcode op, elem_class c);
ev_binary_fn ev_binary_resolve(ir_opcode op, elem_class c);

/* stablehlo.convert of one element (before the store's rounding). */
elem_value ev_convert(elem_value v, const elem_type *from, const elem_type *to);

/* stablehlo.reduce_precision of one float element's bits (t is a float
 * type; exponent_bits >= 1, mantissa_bits >= 0). */
uint64_t ev_reduce_precision(uint64_t bits, ir_dtype t, int exponent_bits, int mantissa_bits);

/* How compare orders two elements: resolved once per op from its
 * comparison type and the element type. */
typedef enum ev_cmp_mode { EV_CMP_FLOAT, EV_CMP_TOTALORDER, EV_CMP_SIGNED, EV_CMP_UNSIGNED } ev_cmp_mode;
ev_cmp_mode ev_cmp_mode_of(ir_cmp_type type, const elem_type *t);
/* Compares elements k of a and of b (arrays of t->dtype). */
bool ev_compare_at(ir_cmp_dir dir, ev_cmp_mode mode, const elem_type *t,
                   const void *a, int64_t ka, const void *b, int64_t kb);

/* ---- walking index spaces -------------------------------------------------- */

/* Visits the indices of a shape in row-major order (last dimension fastest)
 * while tracking two offsets into other buffers, each an affine function of
 * the index: off[j] = base[j] + sum_i idx[i] * step[j][i]. */
typedef struct ev_walk {
    int rank;
    int64_t dims[IR_MAX_RANK];
    int64_t step[2][IR_MAX_RANK];
    int64_t idx[IR_MAX_RANK];
    int64_t off[2];
} ev_walk;

/* step0/step1 may be NULL (that offset stays at its base). */
void ev_walk_start(ev_walk *w, int rank, const int64_t *dims,
                   int64_t base0, const int64_t *step0, int64_t base1, const int64_t *step1);

static inline void ev_walk_next(ev_walk *w) {
    for (int i = w->rank - 1; i >= 0; i--) {
        w->off[0] += w->step[0][i];
        w->off[1] += w->step[1][i];
        if (++w->idx[i] < w->dims[i]) return;
        w->off[0] -= w->step[0][i] * w->dims[i];
        w->off[1] -= w->step[1][i] * w->dims[i];
        w->idx[i] = 0;
    }
}

/* Row-major strides of t, in elements. */
void ev_strides(const ir_type *t, int64_t *strides);
#endif
