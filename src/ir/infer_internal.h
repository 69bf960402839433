/* infer_internal.h: what the files of type inference share.
 *
 *   infer.c             ir_infer_types: the checks every op shares, the
 *                       dispatch, calls, fusions, returns and checks; the
 *                       helpers below; the messages ir_priv.h declares
 *   infer_elementwise.c unary, binary, select, clamp, compare, convert,
 *                       bitcast_convert, reduce_precision
 *   infer_shape.c       constant, iota, broadcast_in_dim, reshape, transpose,
 *                       slice, concatenate, reverse
 *   infer_dot.c         dot_general
 *   infer_reduce.c      reduce, and the reducer check it shares
 *   infer_index.c       pad, dynamic_slice, dynamic_update_slice, gather,
 *                       scatter, get_dimension_size, optimization_barrier
 *   infer_control.c     while, if, case, map, sort
 *   infer_window.c      reduce_window, select_and_scatter, convolution
 *   infer_linalg.c      triangular_solve, cholesky, getrf, geqrf, orgqr,
 *                       syevd, gesdd, gesvd, sytrd, gehrd
 *
 * A rule runs after the shared checks have passed (see infer.c): the
 * opcode is known, the operand, result and region counts fit it, every
 * operand id exists and its type is well formed (so are the recorded
 * results of the ops that read them). Not part of the IR's interface. */
#ifndef INFER_INTERNAL_H
#define INFER_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>

#include "ir_priv.h"

/* Shorthand for a type inside a message argument list. */
#define TT(t) (ir_type_text_of(t).s)

/* ---- element type classes (infer.c) ----------------------------------------- */

/* The spec's element type categories; an op accepts a set of them. */
enum {
    CLS_BOOL = 1u << 0,
    CLS_SINT = 1u << 1,
    CLS_UINT = 1u << 2,
    CLS_FLOAT = 1u << 3,
    CLS_INT = CLS_SINT | CLS_UINT,
    CLS_ANY = CLS_BOOL | CLS_INT | CLS_FLOAT,
};

unsigned infer_dtype_class(ir_dtype t);
unsigned infer_dtype_kind(ir_dtype t);   /* CLS_BOOL, CLS_INT or CLS_FLOAT */
const char *infer_class_words(unsigned cls, char *buf, size_t size);

/* ---- the context of one inference ------------------------------------------- */

typedef struct infer_ctx {
    const ir_func *f;
    const ir_op *op;
    ir_type *out;
    diag *d;
} infer_ctx;

/* DIAG_INVALID with a message about cx's op (see ir_op_fail). infer.c. */
int infer_fail(const infer_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline bool infer_valid_id(const infer_ctx *cx, ir_value_id v) { return v >= 0 && v < cx->f->nvalues; }
static inline const ir_type *infer_type_of(const infer_ctx *cx, ir_value_id v) { return &cx->f->values[v].type; }
static inline const ir_type *infer_operand(const infer_ctx *cx, int i) { return infer_type_of(cx, cx->op->in[i]); }
static inline const ir_type *infer_recorded(const infer_ctx *cx, int i) { return infer_type_of(cx, cx->op->out[i]); }
static inline const ir_attrs *infer_attrs(const infer_ctx *cx) { return &cx->op->a; }

/* ---- small checks the rules share (infer.c) --------------------------------- */

int infer_expect_same_type(const infer_ctx *cx, int i, int j);
int infer_expect_accepted_dtype(const infer_ctx *cx, const char *what, const ir_type *t);
int infer_expect_list_length(const infer_ctx *cx, const char *what, const ir_ints *list, int n,
                             const char *why);
int infer_claim_dims(const infer_ctx *cx, const char *what, const ir_ints *list, int rank, const char *of,
                     unsigned *claimed);
static inline bool infer_dim_claimed(unsigned claimed, int dim) { return claimed & (1u << dim); }
/* Appends t's dims not in claimed to res (dot_general, reduce). */
void infer_append_free_dims(ir_type *res, const ir_type *t, unsigned claimed);
int infer_expect_same_shapes(const infer_ctx *cx, int n);

/* ---- regions (infer.c) ------------------------------------------------------- */

int infer_expect_region_args(const infer_ctx *cx, int r, const ir_type *args, int nargs);
int infer_region_returns(const infer_ctx *cx, int r, int n, ir_type *out);
int infer_expect_region_returns(const infer_ctx *cx, int r, const ir_type *want, int n, const char *whose);
extern const ir_type infer_bool_scalar;   /* tensor<i1> */

/* reduce's, reduce_window's and scatter's reducer (infer_reduce.c). */
int infer_check_reducer(infer_ctx *cx, int n);

/* ---- the rules, one per op or group of ops ---------------------------------- */

int infer_rule_unary(infer_ctx *cx);                  /* infer_elementwise.c */
int infer_rule_binary(infer_ctx *cx);
int infer_rule_select(infer_ctx *cx);
int infer_rule_clamp(infer_ctx *cx);
int infer_rule_complex_part(infer_ctx *cx);
int infer_rule_compare(infer_ctx *cx);
int infer_rule_convert(infer_ctx *cx);
int infer_rule_bitcast_convert(infer_ctx *cx);
int infer_rule_reduce_precision(infer_ctx *cx);
int infer_rule_constant(infer_ctx *cx);               /* infer_shape.c */
int infer_rule_iota(infer_ctx *cx);
int infer_rule_broadcast_in_dim(infer_ctx *cx);
int infer_rule_reshape(infer_ctx *cx);
int infer_rule_transpose(infer_ctx *cx);
int infer_rule_slice(infer_ctx *cx);
int infer_rule_concatenate(infer_ctx *cx);
int infer_rule_reverse(infer_ctx *cx);
int infer_rule_dot_general(infer_ctx *cx);            /* infer_dot.c */
int infer_rule_reduce(infer_ctx *cx);                 /* infer_reduce.c */
int infer_rule_pad(infer_ctx *cx);                    /* infer_index.c */
int infer_rule_dynamic_slice(infer_ctx *cx);
int infer_rule_dynamic_update_slice(infer_ctx *cx);
int infer_rule_gather(infer_ctx *cx);
int infer_rule_scatter(infer_ctx *cx);
int infer_rule_get_dimension_size(infer_ctx *cx);
int infer_rule_optimization_barrier(infer_ctx *cx);
int infer_rule_while(infer_ctx *cx);                  /* infer_control.c */
int infer_rule_branches(infer_ctx *cx);               /* if, case */
int infer_rule_map(infer_ctx *cx);
int infer_rule_sort(infer_ctx *cx);
int infer_rule_top_k(infer_ctx *cx);
int infer_rule_reduce_window(infer_ctx *cx);          /* infer_window.c */
int infer_rule_select_and_scatter(infer_ctx *cx);
int infer_rule_convolution(infer_ctx *cx);
int infer_rule_triangular_solve(infer_ctx *cx);       /* infer_linalg.c */
int infer_rule_cholesky(infer_ctx *cx);
int infer_rule_getrf(infer_ctx *cx);
int infer_rule_geqrf(infer_ctx *cx);
int infer_rule_orgqr(infer_ctx *cx);
int infer_rule_syevd(infer_ctx *cx);
int infer_rule_svd(infer_ctx *cx);                    /* gesdd, gesvd */
int infer_rule_sytrd(infer_ctx *cx);
int infer_rule_gehrd(infer_ctx *cx);
int infer_rule_geev(infer_ctx *cx);
int infer_rule_gees(infer_ctx *cx);
int infer_rule_fft_parts(infer_ctx *cx);
#endif
