/* emit_internal: what the C backend's emitter files share.
 *
 *   emit_c.c        the driver: prelude, constants, one static function per
 *                   distinct fusion, the entry (in parts) that calls them
 *                   with planned pointers
 *   emit_reuse.c    the table of distinct kernels: one definition per text
 *   emit_text.c     the string builder, the context's strings and lines,
 *                   C type names and literals
 *   emit_prelude.c  the runtime helpers every generated source starts with
 *   emit_scalar.c   the one scalar emitter: the C expression of every
 *                   elementwise op, convert and compare
 *   emit_expr.c     values at an index: the memo, the index-mapping ops,
 *                   constants, loads; a reducer region applied to scalars
 *   emit_loop.c     loop nests, loop kernels, the result loop that dot
 *                   kernels reuse for their epilogue
 *   emit_reduce.c   reduce kernels (rows and columns strategies)
 *   emit_dot.c      dot kernels: BLIS calls, and the naive contraction that
 *                   any kernel can evaluate inline
 *   emit_opaque.c   opaque kernels (one op that is not loop-shaped): the
 *                   table of their emitters and the helpers they share
 *   emit_index.c    the emitters of dynamic_update_slice, scatter and
 *                   get_dimension_size
 *   emit_window.c   the emitters of reduce_window, select_and_scatter,
 *                   convolution and map
 *   emit_sort.c     the emitter of sort and its file-scope callbacks
 *   emit_lapack.c   the emitter of the LAPACK ops (getrf, geqrf, orgqr,
 *                   syevd, gesdd, gesvd, sytrd, gehrd, geev, gees) and of
 *                   cholesky and triangular_solve (potrf, trtrs)
 *   emit_fft.c      the emitter of arrayjit.fft
 *   emit_top_k.c    the emitter of chlo.top_k
 *   emit_control.c  the emitters of while, if and case, which call the
 *                   sub-programs of their regions
 *
 * The model: a kernel is a loop nest over an index space; the value of any
 * region value at an index is a C expression, built on demand by walking the
 * region's DAG from the results (ex_value). Elementwise ops keep the index;
 * broadcast, transpose, reshape, slice, reverse and concatenate map it,
 * and so do pad, dynamic_slice and gather, with index expressions computed
 * from values (a clamped start index); a load reads a buffer at the
 * row-major offset of the index. Every value
 * computed at an index becomes an SSA-like local ("float t12 = ...;"),
 * memoised by (value, index) so that it is computed once per scope. Memo
 * scopes follow C blocks: a local declared in a block is forgotten when the
 * block closes. */
#ifndef EMIT_INTERNAL_H
#define EMIT_INTERNAL_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "../ir/ir.h"
#include "../plan/plan.h"
#include "codegen.h"

/* ---- emit_text.c: strings --------------------------------------------------- */

/* A growable string. A failed allocation latches `failed`; later appends do
 * nothing, and the owner reports DIAG_NOMEM once at the end. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool failed;
} sbuf;

void sb_put(sbuf *b, const char *s, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(sbuf *b, const char *fmt, va_list ap);
void sb_free(sbuf *b);
/* Appends text as a C string literal that every byte outside [A-Za-z0-9]
 * and " _.,:;@$+=-" enters as an octal escape: the only way program text
 * may reach generated source (DESIGN.md: program text is hostile input). */
void sb_c_string(sbuf *b, const char *text);

/* ---- the emission context ---------------------------------------------------- */

/* An index into a value: one C expression per dimension, each an integer
 * expression that is either a plain name or literal, or parenthesised. A
 * linear index (flat kernels) has one expression, the row-major element
 * offset. Dimensions of size 1 always have the index "0". */
typedef struct ex_index {
    int rank;
    bool linear;
    const char *at[IR_MAX_RANK];
} ex_index;

typedef struct ex_memo_entry {
    ir_value_id v;
    ex_index ix;
    const char *name;    /* the local (or literal) holding v at ix */
} ex_memo_entry;

enum { EC_MAX_SCOPES = 64 };

typedef struct ec_kernels ec_kernels;

typedef struct emit_ctx {
    const ir_func *f;
    const plan *p;
    const char *prefix;        /* of the source's global names: "aj_" for the entry's function,
                                  "aj_s<i>_" for sub-program i (codegen_options.subs) */
    bool nested;               /* a sub-program: its entry is static, "<prefix>entry" */
    const codegen_options *o;
    diag *d;
    int rc;                    /* the first error; emission stops adding text after it */

    sbuf decls;                /* file-scope static data (constants) */
    sbuf code;                 /* kernels and the entry */
    int indent;

    ex_memo_entry *memo;       /* a stack; scopes are heights into it */
    int nmemo, cap_memo;
    int scope[EC_MAX_SCOPES];
    int nscopes;

    const char **buffer;       /* per value id: the C array holding it (block args, constants,
                                  a dot result written by BLIS), or NULL */
    bool *buffer_read;         /* per value id: the code reads its buffer */
    char **strings;            /* every string the context made, freed at the end */
    int nstrings, cap_strings;
    int next_local;            /* for fresh local names: from 0 in each kernel, so that kernels
                                  alike print alike (emit_reuse.c) */
    int next_global;           /* for fresh file-scope names: unique in the source */
    ec_kernels *kernels;       /* every distinct kernel of the source (emit_reuse.c), shared with
                                  the sub-programs' contexts */
    int *kernel_of;            /* per body op: the kernel (in kernels) its step calls */
    int depth;                 /* ex_value calls under way */
    unsigned *walk_mark;       /* per value id: the last ex_walk_ops (walk_gen) that reached it */
    unsigned walk_gen;
    bool uses_blas;
    bool uses_stream;          /* calls aj_stream_f32x16 (emit_prelude_stream) */
    bool uses_copy;            /* calls aj_copy (emit_prelude_copy) */
    bool uses_sort;            /* calls aj_stable_sort (emit_prelude_sort) */
    bool uses_lapack;          /* calls LAPACK (emit_prelude_lapack): link it */
    bool uses_fft;             /* calls aj_fft_s or aj_fft_d (emit_prelude_fft) */
    bool uses_top_k;           /* calls aj_top_k (emit_prelude_top_k) */
    bool uses_byte_gemm;       /* calls aj_byte_gemm_part (emit_prelude_byte_gemm) */
    bool uses_vtile;           /* a loop gemm in vector tiles (emit_prelude_vtile) */
    uint64_t widen_tasks;      /* bit t: the declarations hold aj_widen_<t> (emit_dot.c) */
    const char *lapack_op;     /* the first op that does (its name), for messages */
    bool uses_fast_exp;        /* calls aj_fast_expf (emit_prelude_exp) */
    int64_t inner_step;        /* > 1: the next ec_loops_open steps its innermost loop by this */
    uint64_t overlaps[64];     /* the kernel being emitted: for result r < 64, bit j: its pointer
                                  j (operands first, then results; all bits where j >= 64)
                                  overlaps it (emit_c.c's restrict test) */
    /* Row blocking (emit_c.c): while row_n > 0, the kernel being emitted runs
       rows [aj_lo, aj_hi) of its first dim (size row_n, row_elems elements a
       row): its outermost loop (at indent row_indent) gets those bounds.
       row_opens counts the blocks opened at that level, row_done the loops
       given the bounds; the kernel is good when both are 1. */
    int64_t row_n, row_elems;
    int row_indent, row_opens, row_done;
    /* row_block: the run's rows per block. row_prefetch, bit i: operand i
       (i < 64) comes from outside the run and is read row by row: a loop
       kernel touches its next block's rows (row + row_block) with
       __builtin_prefetch while computing (unless it streams its results:
       memory is busy then already), so that the run's first pass
       over the next block finds them in cache instead of waiting on memory
       (softmax: the max pass read 64 MiB at half the bandwidth while exp's
       arithmetic left memory idle; 20.7 against 16.5 ms in bench, on a Xeon). */
    int64_t row_block;
    uint64_t row_prefetch;
    bool row_parallel;         /* the rows are a parallel kernel's chunk (emit_c.c), not a run's block */
    /* Column splitting (emit_c.c): while col_split, a reduce kernel in the
       columns form (emit_reduce.c) runs tiles [aj_lo, aj_hi) of its tiled
       innermost dim and sets col_tiles to their number; other forms leave
       col_tiles 0 and the caller takes the kernel back. */
    bool col_split;
    int64_t col_tiles;
    /* Column panels (emit_dot.c, a narrow matmul's task): while col_n > 0,
       the result loop runs columns [aj_lo, aj_hi) of its results' last dim
       (size col_n), never flat or in tiles; col_done counts the loops given
       those bounds (the loop is good when it is 1). */
    int64_t col_n;
    int col_done;
    int64_t slot_rows;         /* > 0: the kernel being emitted runs in slots (emit_c.c): it takes
                                  units [aj_from, aj_to) (a dot over its lhs: rows; a convolution:
                                  blocks of positions) and its slot's part of the scratch block,
                                  slot_rows rows a block */
    bool kernel_run;           /* the kernel being emitted takes the run context (`run`): its
                                  products may split over the run's threads (ex_gemm_call) */
    /* Per value id: a value kept for one block of rows in the plan's scratch
       block (plan_scratch.c, "block-local values"), while its run is emitted
       blocked; bytes 0: none. */
    plan_slot *block_slot;
} emit_ctx;

/* A string owned by the context; "?" after an allocation failure, which
 * sets cx->rc (never NULL). */
const char *ec_str(emit_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* b's text as a context string (b is emptied); "?" and DIAG_NOMEM if b
 * ran out of memory. */
const char *ec_take(emit_ctx *cx, sbuf *b);
/* A fresh local name: prefix followed by a number unique in the kernel
 * being emitted. */
const char *ec_fresh(emit_ctx *cx, const char *prefix);
/* A fresh file-scope name: prefix followed by a number unique in the source. */
const char *ec_fresh_global(emit_ctx *cx, const char *prefix);
/* Records an error (the first one wins); returns cx->rc. */
int ec_fail(emit_ctx *cx, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int ec_fail_op(emit_ctx *cx, int code, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* One line of code at the current indentation. */
void ec_line(emit_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line ending in " {": indents and opens a memo scope. ec_close undoes it. */
void ec_open(emit_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ec_close(emit_ctx *cx);
/* A bare "{" block (a scope for locals). */
void ec_block(emit_ctx *cx);
/* "} else ...{": closes the current scope and opens a sibling. */
void ec_reopen(emit_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* C type of an element in memory: float, double, int32_t, int64_t, uint8_t
 * (i1), uint16_t (f16 and bf16, their bits), int8_t ... uint64_t;
 * NULL for element types the backend does not handle (ec_dtype_ok false). */
const char *ec_ctype(ir_dtype t);
bool ec_dtype_ok(ir_dtype t);
/* f16, bf16 or a minifloat (f8, f6, f4: a byte of bits, read by the
 * prelude's aj_S_to_f32, written by aj_S_bits). Their values live in float locals (ec_vtype), always exactly
 * a value of their type: every op rounds its result (emit_scalar.c), loads
 * widen (exact) and stores narrow (exact, the value being representable);
 * ex_element and ex_store (emit_expr.c) are the only loads and stores. */
bool ec_is_narrow_float(ir_dtype t);
/* i2, i4, ui2, ui4: a byte holding the value extended; read and computed through the prelude's aj_wrap_S. */
bool ec_is_sub_byte(ir_dtype t);
/* C type of a local holding an element: ec_ctype, or float for f16/bf16. */
const char *ec_vtype(ir_dtype t);
/* "f32", "f64", "i32", "i64", "i1", "f16", "bf16", "i8", "u8" ...: the
 * suffix of prelude helpers. */
const char *ec_suffix(ir_dtype t);
/* A C expression of ec_vtype(t) equal to one element (its bytes at
 * `elem`), bit for bit (NaN payloads and -0 included). */
const char *ec_literal(emit_ctx *cx, ir_dtype t, const void *elem);

/* ---- emit_prelude.c ---------------------------------------------------------- */

/* The helpers every source starts with (scalar semantics, fast math). */
extern const char emit_prelude[];
/* What a source that calls BLIS adds (declarations, kernel selection). */
extern const char emit_prelude_blis[];
/* Non-temporal stores of 16 floats and the fence after them (fast mode). */
extern const char emit_prelude_stream[];
/* aj_copy: memcpy and memset over the run's threads. */
extern const char emit_prelude_copy[];
/* aj_fast_expf's definitions where the prelude only declares it (AJ_VECTOR_EXP). */
extern const char emit_prelude_exp[];

/* ---- emit_reuse.c: kernels emitted once ---------------------------------------------
 *
 * The table of a source's distinct kernels: each is the text of its
 * definition after its name, and the name of the function that has it. */
ec_kernels *ec_kernels_new(void);
void ec_kernels_free(ec_kernels *t);
/* The kernel whose text is text[0, len), or -1. */
int ec_kernels_find(const ec_kernels *t, const char *text, size_t len);
/* Adds a kernel (a copy of text and name); its number, or -1 out of memory. */
int ec_kernels_add(ec_kernels *t, const char *text, size_t len, const char *name);
const char *ec_kernels_name(const ec_kernels *t, int k);
/* True the first time it is asked for kernel k: its task function is then
 * to be written (once per distinct kernel, however many steps call it). */
bool ec_kernels_claim_task(ec_kernels *t, int k);
int ec_kernels_count(const ec_kernels *t);
/* Forgets the kernels added after the first n (emission that was undone). */
void ec_kernels_truncate(ec_kernels *t, int n);

/* ---- emit_scalar.c: the one scalar emitter -------------------------------------- */

/* The C expression of an elementwise op applied to operand expressions
 * (plain names or literals) whose element type is t. Unary and binary ops,
 * is_finite. NULL (and cx->rc set) where the op is not defined on t. */
const char *es_unary(emit_ctx *cx, const ir_op *op, ir_opcode code, ir_dtype t, const char *x);
const char *es_binary(emit_ctx *cx, const ir_op *op, ir_opcode code, ir_dtype t, const char *a, const char *b);
const char *es_convert(emit_ctx *cx, ir_dtype from, ir_dtype to, const char *x);
/* bitcast_convert of one element between types of one width. */
const char *es_bitcast(emit_ctx *cx, ir_dtype from, ir_dtype to, const char *x);
/* An element's bit pattern as a uint64_t expression (zero-extended), and
 * the element of type t whose pattern is the low bits of `bits`. */
const char *es_bits(emit_ctx *cx, ir_dtype t, const char *x);
const char *es_from_bits(emit_ctx *cx, ir_dtype t, const char *bits);
const char *es_reduce_precision(emit_ctx *cx, const ir_op *op, ir_dtype t, const char *x);
const char *es_compare(emit_ctx *cx, const ir_op *op, ir_dtype t, const char *a, const char *b);
/* The identity of a reducer op on t (x op id == x for every x), or NULL when
 * it has none the fast path knows. */
const char *es_identity(emit_ctx *cx, ir_opcode code, ir_dtype t);

/* ---- emit_expr.c: values at an index --------------------------------------------- */

static inline const ir_type *ec_type(const emit_ctx *cx, ir_value_id v) { return &cx->f->values[v].type; }

/* The C expression of value v at index ix (a local, a literal, or a load),
 * emitting the statements that compute it into the current scope. NULL on
 * error (cx->rc set). It recurses once per op between v and what it reads:
 * at most EX_MAX_DEPTH deep (fusion keeps kernels within FUSE_MAX_DEPTH; a
 * reducer or comparator region deeper than this is an error, not a stack
 * overflow). */
enum { EX_MAX_DEPTH = 1000 };
const char *ex_value(emit_ctx *cx, ir_value_id v, const ex_index *ix);
/* Makes ex_value(v, ix) return name in this scope and the ones inside it. */
void ex_bind(emit_ctx *cx, ir_value_id v, const ex_index *ix, const char *name);
/* Declares "T name = expr;" and returns name. */
const char *ex_local(emit_ctx *cx, ir_dtype t, const char *expr);

/* The static array holding a constant's data ("aj_cst12.v"), declared at
 * file scope on first use. */
const char *ex_constant_array(emit_ctx *cx, const ir_op *constant);

/* The index of nothing (rank 0). */
static inline ex_index ex_scalar_index(void) { return (ex_index){0}; }

/* The C array holding value v, noted as read (so that a kernel parameter
 * nothing reads is marked unused); NULL if v is not in memory. */
const char *ex_buffer(emit_ctx *cx, ir_value_id v);

/* The one place where generated code reads and writes elements of memory
 * as values, for every element type and every kind of kernel: element
 * `offset` of `array` (an array of ec_ctype(t)) as a value of ec_vtype(t)
 * (a bf16's bits widened to the float they encode, an f16 converted to
 * float; exact), the same declared as a fresh local, and a value of
 * ec_vtype(t) stored there (narrowed; exact, as values of t are kept
 * representable). Any code that computes on elements goes through these;
 * code that only moves elements unchanged (copies, swaps) may move them
 * as ec_ctype(t). */
const char *ex_element(emit_ctx *cx, ir_dtype t, const char *array, const char *offset);
const char *ex_load(emit_ctx *cx, ir_dtype t, const char *array, const char *offset);
void ex_store(emit_ctx *cx, ir_dtype t, const char *array, const char *offset, const char *value);

/* The row-major element offset of index ix into a value of type t. */
const char *ex_offset(emit_ctx *cx, const ir_type *t, const ex_index *ix);

/* "(a + b)" as an index expression ("0" on either side is left out). */
const char *ex_index_sum(emit_ctx *cx, const char *a, const char *b);
/* Integer value v at index `at` as an int64 local, clamped into [0, hi]
 * when clamp is set (the start indices of dynamic slices and gather). */
const char *ex_index_value(emit_ctx *cx, ir_value_id v, const ex_index *at, bool clamp, int64_t hi);
/* gather and scatter (their common dimension numbers, ir.h): the index
 * into operand x that element ix of gather's result (of scatter's updates)
 * reads (writes): the start vector loaded from operand `indices` at ix's
 * batch part, clamped to the slice sizes when clamp is set, plus the
 * batching and window offsets. *started gets a bit per operand dim that
 * has a start index (a position that may fall outside without clamping). */
bool ex_gather_index(emit_ctx *cx, const ir_op *op, int x, int indices, const ex_index *ix, bool clamp,
                     ex_index *pos, unsigned *started);

/* Applies a reducer region (block args: acc_0..acc_{n-1}, x_0..x_{n-1}) to
 * the given names and assigns its results to acc[0..n). */
void ex_apply_reducer(emit_ctx *cx, const ir_block *body, int n, const char *const *acc, const char *const *x);

/* Visits the ops of a kernel region that its results need, operands before
 * users, each once, not looking past values held in buffers (cx->buffer) or
 * into nested regions. Stops and returns false when visit does. */
typedef bool (*ex_op_visit)(emit_ctx *cx, const ir_op *op, void *ctx);
bool ex_walk_ops(emit_ctx *cx, const ir_block *region, ex_op_visit visit, void *ctx);

/* ---- emit_loop.c --------------------------------------------------------------- */

typedef struct ex_loop {
    const char *var;
    const char *from;    /* NULL: 0 */
    const char *to;      /* NULL: the size */
    int64_t size;
} ex_loop;

/* Opens one for loop per entry, the last with "GCC ivdep" when `ivdep`;
 * ec_loops_close closes n. */
void ec_loops_open(emit_ctx *cx, const ex_loop *loops, int n, bool ivdep);
void ec_loops_close(emit_ctx *cx, int n);

/* A kernel being emitted: the fusion op, its region and the region's RETURN,
 * and the output pointer each result is stored to ("r0", ...). */
/* Result r of the kernel being emitted overlaps none of its other pointers. */
static inline bool ec_result_alone(const emit_ctx *cx, int r) { return r < 64 && cx->overlaps[r] == 0; }

typedef struct ex_kernel {
    const ir_op *fusion;
    const ir_block *region;
    const ir_op *ret;           /* the region's RETURN */
    const char **out;           /* per result: the output pointer's name */
    int step;                   /* the body step it computes */
} ex_kernel;

/* At the start of a chunk of `chunk` elements at offset off (an element
 * index, the same in every operand), prefetches the chunk's lines `ahead`
 * elements further on in each operand of `operands` (bit i: kernel operand
 * i), while inside arrays of `total` elements. */
void ex_prefetch(emit_ctx *cx, const ex_kernel *k, const char *off, int64_t chunk, uint64_t operands, int64_t ahead,
                 int64_t total);

/* A loop nest that stores a kernel's results of shape `shape` element by
 * element: the results r with !skip[r] (skip may be NULL). In fast mode big
 * f32 outputs written once go out through streaming stores, 16 elements at
 * a time (the innermost loop steps by 16 with a lane loop inside), and the
 * big operands read in step are prefetched (emit_loop.c says when).
 * ex_store_nest_open opens `loops` (the last innermost and contiguous in
 * shape) and points ix
 * at the element in hand; the caller computes every value to store, then
 * ex_store_nest_results stores them (val[r] NULL: not stored),
 * ex_store_nest_close closes the nest, and ex_store_nest_fence, once the
 * kernel's loops are done, orders its streaming stores before what follows. */
typedef struct ex_store_nest {
    const ex_kernel *k;
    const ir_type *shape;
    int n;                      /* loops opened */
    uint64_t stream;            /* bit r: result r is stored by streaming stores */
    bool lanes;                 /* the lane loop is open */
    const char *chunk_off;      /* lanes: the offset of the chunk's first element */
} ex_store_nest;
void ex_store_nest_open(emit_ctx *cx, const ex_kernel *k, const bool *skip, const ir_type *shape, const ex_loop *loops,
                        int n, bool flat, ex_index *ix, ex_store_nest *nest);
void ex_store_nest_results(emit_ctx *cx, const ex_store_nest *nest, const ex_index *ix, const char *const *val);
void ex_store_nest_close(emit_ctx *cx, const ex_store_nest *nest);
void ex_store_nest_fence(emit_ctx *cx, const ex_store_nest *nest);

/* The loop nest over the results' common shape that computes and stores
 * every result r with !skip[r] (skip may be NULL). */
int emit_result_loop(emit_ctx *cx, const ex_kernel *k, const bool *skip);
int emit_loop_kernel(emit_ctx *cx, const ex_kernel *k);
int emit_reduce_kernel(emit_ctx *cx, const ex_kernel *k);
int emit_dot_kernel(emit_ctx *cx, const ex_kernel *k);

/* ---- emit_opaque.c: opaque kernels ------------------------------------------------------
 *
 * An IR_FUSION_OPAQUE kernel's region is: block arguments, a prologue of
 * loop ops, one op (the root), and the return of all the root's results in
 * order (fuse.h). Its emitter writes the statements of the kernel
 * function's body:
 *  - the root's operand j is the C array eo_in(cx, root, j) ("a2": a
 *    "const T *" over the whole operand, row-major), except the operands
 *    the prologue computes (fuse.c: opaque_reads_elementwise lists them):
 *    read those, and may read any operand, with ex_value at an index
 *    (once per element: the prologue may hold expensive ops); every value
 *    its regions read from outside is a kernel argument;
 *  - the root's result r is k->out[r] ("r0": a "T *"); the emitter writes
 *    every element of every result;
 *  - T is the element as stored (ec_ctype: a bf16 is its uint16_t bits),
 *    not its value: every element the emitter computes on is read with
 *    ex_element or ex_load and written with ex_store, which convert
 *    between the two for every type; only elements moved unchanged
 *    (copies, swaps) may be moved as T;
 *  - in place: where ir_op_updated_operand(root, r) = j, result r may be
 *    the very buffer of operand j (the plan decides; see
 *    contract.c). The emitter copies operand j into result r
 *    with eo_copy (which does nothing when the pointers are equal) and then
 *    writes only the updated elements; it must never read operand j after
 *    writing result r other than through result r;
 *  - a region of the root (scatter's update computation, a sort's
 *    comparator, a while body) is an IR block of the function: apply a
 *    scalar one with ex_apply_reducer, or evaluate its values with ex_value
 *    after ex_bind-ing its arguments;
 *  - results must equal the evaluator's bit for bit (strict or fast: data
 *    movement has no rounding); errors through ec_fail_op.
 * To add an op: write `int emit_foo(emit_ctx *, const ex_kernel *, const
 * ir_op *root)`, declare it below and add it to the table in
 * emit_opaque.c. fuse_is_opaque (fuse.h) already sends every op that is
 * not loop-shaped here; an op without an emitter is DIAG_UNSUPPORTED. */

typedef int (*eo_emitter)(emit_ctx *cx, const ex_kernel *k, const ir_op *root);

int emit_opaque_kernel(emit_ctx *cx, const ex_kernel *k);

/* The C array of the root's operand j (noted as read). */
const char *eo_in(emit_ctx *cx, const ir_op *root, int j);
/* ex_copy of t's bytes. */
void eo_copy(emit_ctx *cx, const char *dst, const char *src, const ir_type *t);
/* Opens a row-major loop nest over t's index space (no loop for a dim of
 * size 1) and sets *ix to its index (ex_value and ex_offset read it).
 * eo_loops_close closes it. */
void eo_loops_open(emit_ctx *cx, const ir_type *t, ex_index *ix);
void eo_loops_close(emit_ctx *cx, const ir_type *t);

/* emit_index.c */
int emit_dynamic_update_slice(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
int emit_scatter(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
int emit_get_dimension_size(emit_ctx *cx, const ex_kernel *k, const ir_op *root);

/* emit_window.c */
int emit_reduce_window(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
int emit_select_and_scatter(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
int emit_convolution(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
int emit_map(emit_ctx *cx, const ex_kernel *k, const ir_op *root);

/* emit_sort.c */
int emit_sort(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
/* The stable sort every sort kernel calls (src/util/stable_sort.h). */
extern const char emit_prelude_sort[];

/* emit_control.c: while, if, case (their regions run as sub-programs) */
int emit_control(emit_ctx *cx, const ex_kernel *k, const ir_op *root);

/* emit_fft.c: arrayjit.fft */
int emit_fft(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
extern const char emit_prelude_fft[];

/* emit_top_k.c: chlo.top_k */
int emit_top_k(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
extern const char emit_prelude_top_k[];

/* emit_lapack.c: getrf, geqrf, orgqr, syevd, gesdd, gesvd, sytrd, gehrd, geev, gees, cholesky,
 * triangular_solve, by LAPACK */
int emit_lapack(emit_ctx *cx, const ex_kernel *k, const ir_op *root);
/* The LAPACK routines' table and the kernels (src/util/lapack_kernels.h). */
extern const char emit_prelude_lapack[];

/* ---- emit_dot.c: the naive contraction, for any kernel ------------------------------ */

/* dot_general's result at index ix: a loop over the contracting dims that
 * accumulates in the evaluator's order and type. */
const char *ex_dot_inline(emit_ctx *cx, const ir_op *dot, const ex_index *ix);
/* Whether the dot kernel at `step` converts narrow operands into scratch
 * for sgemm (it then takes the arena; emit_dot.c). */
bool ex_dot_converts(const emit_ctx *cx, int step);
/* The product of bytes (src/util/byte_gemm.h) that DOT_BYTES kernels call. */
extern const char emit_prelude_byte_gemm[];
extern const char emit_prelude_vtile[];
/* Whether BLIS takes a rows x cols matrix of these strides (it aborts the
 * process on one it does not). */
bool ex_blis_strides_ok(int64_t rows, int64_t cols, int64_t rs, int64_t cs);
/* A BLIS product C = alpha A B + beta C through the prelude's
 * aj_sgemm_split (single) or aj_dgemm_split: over the run's threads when
 * the kernel takes the run and the product is big enough, else one call.
 * m, n, k: its sizes (bounds, where the code computes them) for that
 * choice; args: the call's arguments after the split, as bli_?gemm takes
 * them after its two transposes, but alpha and beta by value. */
void ex_gemm_call(emit_ctx *cx, bool single, int64_t m, int64_t n, int64_t k, const char *args);

/* "if (dst != src) memcpy(dst, src, bytes);" (src NULL: "memset(dst, 0,
 * bytes);"), split over the run's threads from EX_COPY_SPLIT_BYTES where
 * the kernel takes the run (emit_c.c). */
void ex_copy(emit_ctx *cx, const char *dst, const char *src, size_t bytes);
/* Whether the convolution kernel at `step` runs as im2col and sgemm (it
 * then takes the arena; emit_window.c). */
bool ew_conv_gemm(const emit_ctx *cx, int step);
/* A kernel run in slots (emit_c.c): `units` cut into pieces of a multiple
 * of `grain`, each run through a slot of `bytes` of the scratch block,
 * `rows` rows a block (cx->slot_rows). */
typedef struct ex_slots {
    int64_t rows, units, grain;
    size_t bytes;
} ex_slots;
enum { EX_SLOT_MIN_ROWS = 32 };   /* a gemm on fewer rows repacks its rhs too often */
/* With threads, whether the convolution kernel at `step` runs in slots:
 * each thread gathers and multiplies whole blocks of positions in its own
 * part of the scratch block (emit_window.c). */
bool ew_conv_slots(emit_ctx *cx, int step, ex_slots *s);
#endif
