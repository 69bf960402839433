/* contract: what each kernel of a scheduled, fused function will do, decided
 * once, as data the planner and the code generator read.
 *
 * For every step of the body the contract records the kernel's strategy
 * (how its code computes it), which operand each result may overwrite, the
 * first dim it may run by blocks of rows in, and the scratch it needs. The
 * planner (src/plan) decides from it alone what shares a buffer and where
 * scratch lives; the code generator (src/emit) prints what was decided.
 * Neither asks fusion (src/fuse) anything: the rules of a kernel's shape
 * live here.
 *
 * A new strategy is one more value of contract_strategy, filled in by
 * contract.c, and one emitter. */
#ifndef CONTRACT_H
#define CONTRACT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../ir/ir.h"

typedef enum contract_strategy {
    CONTRACT_NONE,        /* not a kernel: a constant, a check, the return */
    CONTRACT_LOOP,        /* one loop over the result shape, every result per element */
    CONTRACT_REDUCE,      /* reductions with a prologue and an epilogue (fuse.h, "Kernel shapes") */
    CONTRACT_DOT,         /* one dot_general and its epilogue: a BLIS gemm into a result (fast
                             mode, f32/f64, when each role's dims merge) or a naive contraction */
    CONTRACT_DOT_AFFINE,  /* W' = beta * W + alpha * dot: in fast mode one gemm with C = W */
    CONTRACT_DOT_CONVERT, /* fast mode, an f32 dot of narrower operands (bf16, f16, i8, u8, i16,
                             u16: each exact in f32), e.g. bf16 x int8 with
                             preferred_element_type f32: the operands converted into
                             `scratch` (lhs, then rhs at scratch_rhs, each in its own layout)
                             and multiplied by sgemm, as an f32 dot is */
    CONTRACT_DOT_BYTES,   /* an [M, K] x [K, N] (or [N, K]) i8/u8 matmul giving i32: the product of
                             bytes (src/util/byte_gemm.h) writes the sums into the result
                             that is the dot's, or into `scratch` (M x N i32, the kernel's
                             whole scratch) when its epilogue reads them elsewhere; exact
                             integer sums, so in either mode */
    CONTRACT_OPAQUE,      /* one op with its own emitter (scatter, sort, ...) and a prologue */
    CONTRACT_CONV_GEMM,   /* fast mode, an f32 convolution without batch groups whose result's
                             spatial dims merge into one stride: per group and batch element,
                             blocks of conv_rows output positions gathered into `scratch` as
                             rows of (input feature, window) (im2col), the group's kernel
                             packed at scratch_rhs, and sgemm (emit_window.c); with
                             conv_batch_inner, one product over every (position, batch
                             element) row, its (input feature, window) sum in blocks of
                             conv_rows, each gathered with the batch innermost */
    CONTRACT_SCAN,        /* a reduce_window that is a prefix scan (cumsum, cumprod, cummax): its
                             one input's window spans dim scan_dim from its start (padding
                             n - 1 before, none after) and is 1 wide elsewhere; O(n) where the
                             window would be O(n^2) (emit_window.c says when it runs so) */
    CONTRACT_CONTROL,     /* while, if or case: runs its regions' sub-programs in scratch */
} contract_strategy;

/* A region of a control-flow kernel (while, if, case) compiled as a
 * function of its own (src/compile/regions.c): its parameters are the
 * region's arguments, then the values the region reads from outside (its
 * captures, values of the parent); it runs in the parent's scratch block. */
typedef struct contract_subprogram {
    const ir_func *parent;       /* the function whose kernel runs it */
    int step;                    /* the kernel: parent->body->ops[step] */
    int region;                  /* the region of the kernel's op it computes */
    const ir_func *f;
    const struct plan *p;
    const ir_value_id *captures; /* ncaptures values of parent */
    int ncaptures;
    uint64_t in_place;           /* a while body: bit j, result j is written over argument j */
} contract_subprogram;

/* Result `result` may be written into the buffer of operand `operand`
 * (when that operand dies at the kernel and has the result's byte size).
 * rows_block > 0: the operand is the lhs of the kernel's dot, which then
 * runs block of rows_block rows by block, each through rows_scratch bytes
 * of scratch (contract.c, "Over the lhs"). */
typedef struct contract_overwrite {
    int result, operand;
    int64_t rows_block;
    size_t rows_scratch;
} contract_overwrite;

/* The elements of a result with idx[a] - idx[b] >= c (dims of its shape):
 * a causal mask's lower triangle is a = query, b = key, c = 0. */
typedef struct contract_triangle {
    int a, b;
    int64_t c;
} contract_triangle;

typedef struct contract_kernel {
    contract_strategy strategy;
    /* DOT with one result: no reader needs its elements outside `demand`
     * (contract_demanded_triangle), which the product may leave unwritten */
    bool has_demand;
    contract_triangle demand;
    /* DOT: its dot's operand sparse_side (0 lhs, 1 rhs) is made by a kernel
     * that masks it to the triangle `sparse` (dims of the operand): softmax
     * over masked scores, zero outside (contract_masked_operand); a hint, the
     * product checks the zeros at run time */
    bool has_sparse;
    int sparse_side;
    contract_triangle sparse;
    /* REDUCE reducing its input's last dim of size above 1 (one of keep.a,
     * keep.b; the other a dim it keeps, its rows): outside the triangle
     * `keep` (dims of the input shape) every value the kernel computes at
     * the input shape is one value per row, a select masked to the
     * triangle taking there a value that does not vary along the reduced
     * dim (contract_row_triangle). Each row's passes may then fold only
     * the range of the reduced dim inside the triangle, where the value
     * outside is their reductions' identity, and store that value outside
     * (emit_reduce.c, "a row's triangle"). */
    bool has_keep;
    contract_triangle keep;
    int first_overwrite, noverwrites;   /* its pairs in contract.overwrites */
    /* DOT_AFFINE: W is operand affine_operand; result = beta * W + alpha * dot */
    int affine_operand;
    double alpha, beta;
    /* LOOP and REDUCE kernels that may run by blocks of rows with their
     * neighbours, and DOT kernels that may run by rows (contract.c, "a dot
     * by rows"): the first dim of their index space (0: they may not),
     * the elements of one row; by_row[first_operand + k]: operand k is
     * read only at the row being computed. */
    int64_t rows, row_elems;
    int first_operand;              /* its operands' flags in contract.by_row */
    /* CONTROL: the scratch its sub-programs and loop state take (0 when
     * the contract was made without sub-programs); DOT_CONVERT: its
     * operands as f32; OPAQUE: a LAPACK op's workspace (one matrix,
     * column-major, and LAPACK's work arrays: src/util/lapack_kernels.h),
     * or arrayjit.fft's (src/util/fft.h). */
    size_t scratch;
    size_t scratch_bound;           /* CONTROL: contract_control.bound, the least `scratch`
                                       could be (the lower bound's share of it) */
    int scan_dim;                   /* SCAN: the dim scanned */
    size_t scratch_rhs;             /* DOT_CONVERT: the rhs's offset in its scratch */
    int64_t conv_rows;              /* CONV_GEMM: output positions per block (batch inner: rows
                                       of the summed (input feature, window) dim per block) */
    bool conv_batch_inner;          /* CONV_GEMM: the batch dim is the input's innermost (a weight
                                       gradient in NHWC: the batch is the channels) and, with the
                                       positions, one stride of the result (contract.c) */
    bool conv_packed;               /* CONV_GEMM: the kernel is packed at scratch_rhs (else it is
                                       read in place: contract_conv_rows) */
    bool conv_phased;               /* CONV_GEMM: the input is dilated (contract_conv_phases): each
                                       phase is its own undilated product, its kernel rows packed at
                                       scratch_rhs, its result block in scratch_tile, then stored */
    size_t scratch_tile;            /* CONV_GEMM, conv_phased: conv_rows x output features */
    bool sort_radix;                /* OPAQUE, a sort whose comparator orders by one key
                                       (contract_sort_key): radix sorted through `scratch` */
    int64_t convert_block;          /* DOT_CONVERT of a plain [M, K] x [K, N]: K in blocks of this
                                       many (M x block and block x N in scratch, sgemm adding
                                       each block's product); 0: both operands whole */
    int64_t convert_span;           /* with convert_block, over threads: panels (contract.c
                                       panel_span), one a task, of N's columns [lo, hi) (M's
                                       rows with convert_rows): the other operand converted
                                       this much of K at a time at the scratch's start; each
                                       task converts its K blocks of its own operand's panel
                                       into block x (hi - lo) floats at scratch_rhs + block x lo,
                                       adds their products, and runs its epilogue on them
                                       (emit_dot.c emit_convert_panels); 0: none */
    bool convert_rows;              /* convert_span's panels are rows (M >= N; the rhs shared) */
    size_t scratch_product;         /* DOT_CONVERT whose kernel returns no value of the f32
                                       product's type (a narrow-result dot that passes/
                                       widen_dots.c rounds in its epilogue): the product's
                                       offset in its scratch; 0: none */
} contract_kernel;

typedef struct contract {
    int nsteps;                     /* = body->nops */
    contract_kernel *k;             /* per step */
    int noverwrites;
    contract_overwrite *overwrites;
    int nflags;
    bool *by_row;
    bool strict_order;              /* the code generator's mode it was made for */
} contract;

typedef struct contract_options {
    bool strict_order;              /* codegen_options.strict_order: what may be overwritten
                                       depends on the order the code computes in */
    bool no_blas;                   /* codegen_options.no_blas: no dot runs by rows (contract.c) */
    int threads;                    /* codegen_options.threads: a narrow matmul may run in
                                       panels, one a task (contract_kernel.convert_span) */
    const contract_subprogram *subs;   /* the sub-programs compiled so far (control scratch) */
    int nsubs;
} contract_options;

/* The chunk of C's rows (of its columns where n > m) an m x n x k product
 * splits into on `threads` (contract.c says how), or 0: one call. */
int64_t contract_gemm_chunk(int threads, int64_t m, int64_t n, int64_t k);
/* The contract of f's kernels (o may be NULL: fast mode, no sub-programs).
 * DIAG_OK or DIAG_NOMEM; on failure *c holds nothing to free. */
int contract_func(const ir_func *f, const contract_options *o, contract *c, diag *d);
/* Whether every kernel reading the result of kernel `step` (one result)
 * reads only its elements in a triangle, *t, through a select masked to it
 * (contract_demand.c); false also when some reader is not a loop or reduce
 * kernel, or the function returns the value. */
bool contract_demanded_triangle(const ir_func *f, int step, contract_triangle *t);
/* Whether an operand of the dot of DOT kernel `step` (*side: 0 lhs, 1
 * rhs) is a value another kernel computes from a select masked to a
 * triangle, *t in the operand's dims (contract_demand.c): likely zero, or
 * another constant, outside it. */
bool contract_masked_operand(const ir_func *f, int step, int *side, contract_triangle *t);
/* Whether REDUCE kernel `step` has a row triangle (contract_kernel.keep,
 * *t in the dims of its reductions' input shape); false also without
 * memory to look. */
bool contract_row_triangle(const ir_func *f, int step, contract_triangle *t);
/* A copy of src in *dst; DIAG_NOMEM. */
int contract_copy(const contract *src, contract *dst, diag *d);
void contract_free(contract *c);

/* The pair that lets kernel `step` write its result r over its operand
 * i, or NULL. */
const contract_overwrite *contract_overwrite_of(const contract *c, int step, int r, int i);

/* The contract as text, a line per kernel (for --dump-after contract). */
void contract_print(FILE *out, const ir_func *f, const contract *c);

/* Whether op is a control-flow kernel: an opaque fusion of a while, if or
 * case (after the prologue computing a while's initial loop values). */
bool contract_is_control_kernel(const ir_op *op);
/* That while, if or case of control-flow kernel op; NULL for other ops. */
const ir_op *contract_control_root(const ir_op *op);

/* The scratch layout of the control-flow kernel at parent's step `step`:
 * the largest arena of its sub-programs (they run one at a time), then,
 * for a while, a next-state buffer per loop value its body does not write
 * in place and a byte for the condition. */
enum { CONTRACT_MAX_BRANCHES = 64 };
typedef struct contract_control {
    int nbranches;                          /* regions of the op */
    int sub[CONTRACT_MAX_BRANCHES];         /* per region: its index in subs */
    size_t bytes;                           /* the whole block */
    size_t bound;                           /* the block with each sub-program's live-set bound
                                               (plan.h) in place of its arena: no plan of the
                                               sub-programs could take less */
    size_t pred;                            /* while: the condition's byte */
} contract_control;

/* The row order of a CONV_GEMM's im2col: the input feature and the window
 * dims in the kernel's memory order, so that the kernel itself is the
 * [row, output feature] matrix where those dims merge. rstride[0]: the
 * input feature's step within a row, rstride[1 + s]: window dim s's. Returns
 * the kernel's stride from row to row when they merge, else 0 (then the
 * kernel is packed). */
int64_t contract_conv_rows(const ir_func *f, const ir_op *conv, int64_t *rstride);
/* A convolution over a dilated input (lhs_dilation: a transposed
 * convolution, a strided one's input gradient) reads, along a spatial dim
 * with base dilation d > 1 and stride 1, an input element at only one
 * window offset in d: the outputs o = r, r + d, r + 2d, ... (phase r) all
 * read through the same offsets, every other product falls in the
 * dilation's holes. per_dim[s] is d along such a dim, else 1; returns the
 * number of phases, their product (1: none, or more than
 * CONTRACT_CONV_MAX_PHASES and run as one product), and in *widest (unless
 * NULL) the most window points one phase reads. */
int64_t contract_conv_phases(const ir_func *f, const ir_op *conv, int64_t *per_dim, int64_t *widest);
/* A CONV_GEMM's scratch for blocks of `rows` rows (k->conv_rows, or a
 * slot's, emit_c.c): the im2col block, then the packed kernel at
 * k->scratch_rhs and, phased, the product's tile at k->scratch_tile (both
 * set); returns the bytes in all. k's conv flags must be set. */
size_t contract_conv_layout(const ir_func *f, const ir_op *conv, contract_kernel *k, int64_t rows);

/* Fills *l, and next[j] (when not NULL) with the offset of loop value j's
 * next-state buffer, SIZE_MAX when the body writes it in place. False when
 * a region has no sub-program in subs (or there are too many). */
bool contract_control_layout(const ir_func *parent, int step, const contract_subprogram *subs, int nsubs,
                             contract_control *l, size_t *next);

/* The rows of the block a dot written over its lhs runs in, and in *row
 * the bytes of one row of its scratch: CONTRACT_DOT_ROW_BLOCK_BYTES of rows,
 * but at least CONTRACT_DOT_ROW_BLOCK_MIN_ROWS, and at most M. The gemm of
 * each block repacks the whole rhs, a cost against its arithmetic of about
 * 1/rows: mlp_deep (4096 x 256 by 256 x 256, 32 layers) ran 17% slower than
 * unblocked with blocks of 128 rows, 8% with 256, 3% with 512 and 1024. A
 * kernel runs so only when M holds at least CONTRACT_DOT_ROW_BLOCKS_MIN
 * blocks (else the scratch block would cost about what the overwrite saves). */
#define CONTRACT_DOT_ROW_BLOCK_BYTES (256 << 10)
#define CONTRACT_DOT_ROW_BLOCK_MIN_ROWS 256
#define CONTRACT_DOT_ROW_BLOCKS_MIN 4

/* The K block of a DOT_CONVERT matmul: BLIS packs K in blocks of 256 to
 * 512 anyway, so smaller costs re-packing, larger only scratch. */
#define CONTRACT_CONVERT_BLOCK_K 256

/* The bytes of a CONV_GEMM block of im2col rows: at least one row, at most
 * all of an image's positions; enough rows that sgemm runs near its rate. */
#define CONTRACT_CONV_BLOCK_BYTES (1 << 20)
#define CONTRACT_CONV_MAX_PHASES 64   /* each phase is its own emitted loop nest */
/* A sort whose comparator orders by one key: it returns compare(LT or
 * GT, f(a_r), f(b_r)) for the same elementwise expression f of its
 * operand r's two elements (JAX's, which makes -0 and NaNs one key each,
 * or none), compared as a strict weak order: in total order for f16,
 * bf16, f32 and f64 keys, signed or unsigned for integers. A stable sort
 * by that key then puts every slice in the one order any stable sort
 * would, the evaluator's included. */
typedef enum contract_key_order { CONTRACT_KEY_TOTAL, CONTRACT_KEY_SIGNED, CONTRACT_KEY_UNSIGNED } contract_key_order;
typedef struct contract_sort_key {
    int operand;                  /* r */
    ir_value_id arg;              /* the comparator's argument f reads (a_r) */
    ir_value_id key;              /* f(a_r), in the comparator */
    contract_key_order order;
    bool descending;              /* GT */
} contract_sort_key;
bool contract_sort_key_of(const ir_func *f, const ir_op *sort, contract_sort_key *key);
/* The scratch of a radix-sorted slice of n: keys and indices twice, and
 * one operand's slice. */
#define CONTRACT_SORT_RADIX_MIN 256   /* shorter slices: the stable sort (a radix pass costs 2048 buckets) */
#define CONTRACT_SORT_RADIX_MAX (1 << 22)   /* longer ones too: the scratch (32 bytes an element) stays
                                               under 128 MiB, where the stable sort needs none */
size_t contract_sort_scratch(int64_t n);

#endif
