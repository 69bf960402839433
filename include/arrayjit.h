/* arrayjit: a memory-frugal JIT compiler for array programs.
 *
 * A program is a module of functions over tensors with static shapes and
 * StableHLO semantics. Build one through this API, or load StableHLO text
 * exported from JAX; verify it; run it on host arrays.
 *
 * Worked example. tests/tests.cmake turns the lines between the two marker
 * comments of the example into a function `int example(void)`, preceded by
 * the file-scope lines between the two FUNCTIONS markers, then compiles and
 * runs it, so this is known to work. fail() prints aj_last_error() and
 * returns 1.
 *
 *     // EXAMPLE FUNCTIONS BEGIN: a trace function for aj_jit (see below)
 *     static aj_status affine(aj_builder *b, int nin, const aj_value *x,
 *                             const void *static_args, size_t static_size,
 *                             void *user, int nout, aj_value *y) {
 *         (void)static_args, (void)static_size, (void)user;   // unused here
 *         if (nin != 3 || nout != 1) return AJ_ERR_INVALID;
 *         aj_value xw;                        // y = x * w + bias, any shape
 *         aj_binary(b, AJ_MULTIPLY, x[0], x[1], &xw);
 *         return aj_binary(b, AJ_ADD, xw, x[2], &y[0]);
 *     }
 *     // EXAMPLE FUNCTIONS END
 *
 *     // EXAMPLE BEGIN: y = sum over the last axis of tanh(x * w + bias)
 *     aj_module *m;
 *     aj_builder *b;
 *     aj_value x, w, bias, xw, t, th, zero, y;
 *     const int64_t dims[2] = {2, 3};
 *     if (aj_module_create(&m)) return fail();
 *     if (aj_builder_begin(m, "main", &b)) return fail();
 *     aj_param(b, AJ_F32, 2, dims, &x);
 *     aj_param(b, AJ_F32, 2, dims, &w);
 *     aj_param(b, AJ_F32, 2, dims, &bias);
 *     aj_binary(b, AJ_MULTIPLY, x, w, &xw);
 *     aj_binary(b, AJ_ADD, xw, bias, &t);
 *     aj_unary(b, AJ_TANH, t, &th);
 *     const float zero_f = 0.0f;
 *     aj_constant(b, AJ_F32, 0, NULL, &zero_f, &zero);
 *     const int64_t axis[1] = {1};
 *     aj_reduce(b, th, zero, AJ_ADD, 1, axis, &y);
 *     // Op calls report errors at once and again here, where the
 *     // function is verified as a whole.
 *     if (aj_builder_finish(b, 1, &y)) return fail();
 *
 *     float xs[6] = {1, 2, 3, 4, 5, 6};
 *     float ws[6] = {.1f, .1f, .1f, .2f, .2f, .2f};
 *     float bs[6] = {0};
 *     aj_array *in[3], *out[1];
 *     aj_array_wrap(AJ_F32, 2, dims, xs, &in[0]);    // zero-copy
 *     aj_array_wrap(AJ_F32, 2, dims, ws, &in[1]);
 *     aj_array_wrap(AJ_F32, 2, dims, bs, &in[2]);
 *     if (aj_module_eval(m, "main", 3, in, 1, out, NULL)) return fail();
 *     const float *sum = aj_array_data(out[0]);
 *     printf("%.4f %.4f\n", sum[0], sum[1]);        // 0.5884 2.2593
 *     aj_array_destroy(out[0]);
 *
 *     // The same function compiled: fused into kernels, native code, its
 *     // memory known before it runs.
 *     aj_executable *e;
 *     if (aj_compile(m, "main", NULL, &e)) return fail();
 *     if (aj_executable_run(e, 3, in, 1, out)) return fail();
 *     sum = aj_array_data(out[0]);
 *     aj_memory_stats mem;
 *     if (aj_executable_memory(e, &mem)) return fail();
 *     printf("%.4f %.4f, peak %zu bytes\n", sum[0], sum[1], mem.peak_bytes);
 *     aj_array_destroy(out[0]);
 *     aj_executable_destroy(e);
 *
 *     // jax.jit in C: the first call with these shapes traces affine()
 *     // and compiles it; later calls are a hash lookup and the run.
 *     aj_jit *jit;
 *     if (aj_jit_create(affine, NULL, NULL, &jit)) return fail();
 *     for (int step = 0; step < 3; step++) {
 *         if (aj_jit_call(jit, 3, in, NULL, 0, 1, out)) return fail();
 *         const float *y = aj_array_data(out[0]);
 *         if (step == 2) printf("%.4f %.4f, traced %d time(s)\n", y[0], y[5],
 *                               aj_jit_trace_count(jit));   // 0.1000 1.2000, 1
 *         aj_array_destroy(out[0]);
 *     }
 *     aj_jit_destroy(jit);
 *     for (int i = 0; i < 3; i++) aj_array_destroy(in[i]);
 *     aj_module_destroy(m);
 *     // EXAMPLE END
 *
 * Conventions: every fallible call returns an aj_status (AJ_OK is 0) and, on
 * failure, leaves a message for aj_last_error() naming what went wrong and
 * where (file:line:col for text, op and operand for built programs). No call
 * aborts on bad input; handles are opaque; out-parameters are written only
 * on success.
 */
#ifndef ARRAYJIT_H
#define ARRAYJIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status ------------------------------------------------------------ */

typedef enum aj_status {
    AJ_OK = 0,
    AJ_ERR_INVALID = 1,       /* malformed input, wrong shapes, types or counts */
    AJ_ERR_UNSUPPORTED = 2,   /* valid, but outside what this build supports */
    AJ_ERR_NOMEM = 3,         /* an allocation failed; nothing leaked */
    AJ_ERR_IO = 4,            /* a file could not be read or written */
    AJ_ERR_CHECK_FAILED = 5,  /* a program's check op failed */
    AJ_ERR_TIMEOUT = 6,       /* a run passed its time limit (timeout_seconds) */
} aj_status;

/* The message of the last failing call on this thread ("" if none). */
const char *aj_last_error(void);

/* ---- memory -----------------------------------------------------------------
 * Every byte arrayjit allocates (programs, compiled code's bookkeeping, array
 * buffers, executables' arenas, outputs) goes through one allocator, which
 * a caller can replace. The default is a pool after XLA's BFC allocator:
 * memory mapped from the system in growing regions, best fit in size-class
 * bins, blocks split and merged again on free, freed memory kept for reuse
 * (so a second call of an executable asks the system for nothing). Requests
 * of 256 MiB or more that no free block fits are mapped on their own.
 * Builds with AddressSanitizer default to malloc instead (so that leaks and
 * overflows are seen). Environment, read at first use:
 *   ARRAYJIT_ALLOCATOR=pool|system   which default (system: malloc)
 *   ARRAYJIT_PREALLOCATE=BYTES       reserve this much up front (K, M, G suffixes)
 *   ARRAYJIT_MEM_FRACTION=F          or this fraction (0 < F <= 1) of physical memory
 * Preallocation is off by default; a preallocated region is kept by
 * aj_trim. Thread-safe. */

typedef struct aj_allocator {
    void *(*alloc)(void *ctx, size_t size);           /* 16-byte aligned; NULL on failure */
    void (*free)(void *ctx, void *ptr, size_t size);  /* size: as allocated */
    void *ctx;
} aj_allocator;

/* The pool, and the C library's malloc/free, as allocators (to choose one,
 * or to wrap one in a caller's own). */
const aj_allocator *aj_pool_allocator(void);
const aj_allocator *aj_system_allocator(void);

/* Makes `a` (copied; NULL: the default) the allocator of every later
 * allocation. Every block must go back to the allocator it came from, so
 * this is refused (AJ_ERR_INVALID) while anything allocated is live: set it
 * first, or after destroying every handle and aj_clear_caches(). */
aj_status aj_set_allocator(const aj_allocator *a);

/* Reserves `bytes` (or, when bytes is 0, `fraction` of physical memory)
 * in the pool now, touching its pages, and keeps it through aj_trim; both 0
 * makes the earlier reservation ordinary memory again. */
aj_status aj_pool_preallocate(size_t bytes, double fraction);

/* Gives the pool's free memory back to the system: wholly free regions are
 * unmapped, the pages inside other free blocks released (madvise). */
void aj_trim(void);

/* As JAX's Device.memory_stats(). Counts are of the bytes callers asked
 * for; the pool's figures are 0 under another allocator. */
typedef struct aj_allocator_stats {
    size_t bytes_in_use;             /* every live allocation */
    size_t peak_bytes_in_use;        /* since start or aj_allocator_reset_peak */
    size_t array_bytes_in_use;       /* of which array buffers and executables' arenas */
    size_t peak_array_bytes_in_use;  /* what aj_memory_stats.peak_bytes predicts for a run */
    size_t num_allocs;               /* allocations made so far */
    size_t bytes_reserved;           /* pool: mapped from the system now */
    size_t bytes_free;               /* pool: of which free, kept for reuse */
    size_t largest_free_block;       /* pool: the biggest request it serves without the system */
    size_t system_allocs;            /* pool: mappings made so far */
    double fragmentation;            /* pool: 1 - largest free block / free bytes */
} aj_allocator_stats;

void aj_allocator_get_stats(aj_allocator_stats *out);
/* Starts both peaks again from what is in use now. */
void aj_allocator_reset_peak(void);

/* ---- element types and ops ------------------------------------------------ */

/* AJ_BOOL is StableHLO i1, one byte 0/1. AJ_F16 is IEEE binary16 (C's
 * _Float16), AJ_BF16 bfloat16 (the top half of an f32), both stored as 16
 * bits; AJ_Un are unsigned (StableHLO uin). AJ_I2, AJ_I4, AJ_U2 and AJ_U4
 * (StableHLO's sub-byte integers) take a byte each, holding the value sign-
 * or zero-extended; a byte is read by its low 2 or 4 bits. AJ_F8... to
 * AJ_F4E2M1FN are StableHLO's f8, f6 and f4 floats (ml_dtypes' float8_e5m2
 * ... float4_e2m1fn), a byte each holding the bits (f6 and f4 in its low
 * bits); their .npy files (ml_dtypes writes '<V1' for each) are read as
 * AJ_F8E5M2 (aj_array_retype makes them another). */
typedef enum aj_dtype {
    AJ_F32, AJ_F64, AJ_I32, AJ_I64, AJ_BOOL,
    AJ_F16, AJ_BF16, AJ_I8, AJ_I16, AJ_U8, AJ_U16, AJ_U32, AJ_U64,
    AJ_I2, AJ_I4, AJ_U2, AJ_U4,
    AJ_F8E5M2, AJ_F8E4M3, AJ_F8E3M4, AJ_F8E4M3FN, AJ_F8E4M3FNUZ, AJ_F8E5M2FNUZ, AJ_F8E4M3B11FNUZ,
    AJ_F8E8M0FNU, AJ_F6E2M3FN, AJ_F6E3M2FN, AJ_F4E2M1FN,
    AJ_DTYPE_COUNT
} aj_dtype;

size_t aj_dtype_size(aj_dtype dtype);
const char *aj_dtype_name(aj_dtype dtype);     /* "f32", "i1", "ui8", ... */

/* Elementwise ops, with StableHLO semantics (no implicit broadcasting). */
typedef enum aj_op {
    /* unary */
    AJ_ABS, AJ_CBRT, AJ_CEIL, AJ_COSINE, AJ_COUNT_LEADING_ZEROS, AJ_EXPONENTIAL,
    AJ_EXPONENTIAL_MINUS_ONE, AJ_FLOOR, AJ_IS_FINITE, AJ_LOG, AJ_LOG_PLUS_ONE,
    AJ_LOGISTIC, AJ_NEGATE, AJ_NOT, AJ_POPCNT, AJ_ROUND_NEAREST_AFZ,
    AJ_ROUND_NEAREST_EVEN, AJ_RSQRT, AJ_SIGN, AJ_SINE, AJ_SQRT, AJ_TAN, AJ_TANH,
    /* binary */
    AJ_ADD, AJ_ATAN2, AJ_AND, AJ_DIVIDE, AJ_MAXIMUM, AJ_MINIMUM, AJ_MULTIPLY, AJ_OR,
    AJ_POWER, AJ_REMAINDER, AJ_SHIFT_LEFT, AJ_SHIFT_RIGHT_ARITHMETIC,
    AJ_SHIFT_RIGHT_LOGICAL, AJ_SUBTRACT, AJ_XOR,
} aj_op;

typedef enum aj_compare_dir { AJ_EQ, AJ_NE, AJ_GE, AJ_GT, AJ_LE, AJ_LT } aj_compare_dir;

/* ---- modules ------------------------------------------------------------- */

typedef struct aj_module aj_module;

aj_status aj_module_create(aj_module **out);
/* Parses StableHLO text (pretty or generic form; one module, no `// -----`
 * chunks). `filename` names the text in error locations. The module is
 * verified. */
aj_status aj_module_parse(const char *text, size_t len, const char *filename, aj_module **out);
aj_status aj_module_load(const char *path, aj_module **out);
void aj_module_destroy(aj_module *m);
aj_status aj_module_verify(aj_module *m);
/* Prints the module as StableHLO text. */
aj_status aj_module_print(aj_module *m, FILE *out);

/* Signature of a function of the module. */
aj_status aj_module_signature(aj_module *m, const char *func, int *nparams, int *nresults);
/* Type of parameter (is_result = 0) or result (1) i: rank, dims (room for
 * AJ_MAX_RANK) and dtype. */
#define AJ_MAX_RANK 8
aj_status aj_module_arg_type(aj_module *m, const char *func, int is_result, int i,
                             aj_dtype *dtype, int *rank, int64_t *dims);
/* Whether parameter (is_result = 0) or result (1) i of a public function is
 * complex<f32> (complex<f64>) in the program: the function takes or gives it
 * as its real and imaginary parts interleaved, an AJ_F32 (AJ_F64) array of
 * its shape with a trailing dim of 2, the type aj_module_arg_type gives
 * (the same bytes: aj_array_save_npy_complex writes it as complex). Known
 * for the first 64 of each; 0 past them. */
aj_status aj_module_arg_complex(aj_module *m, const char *func, int is_result, int i, int *is_complex);

/* ---- building functions ----------------------------------------------------
 * A builder adds one function to a module. Every op call checks its operands
 * at once and infers its result type; on error it returns the status, and
 * the builder remembers the first error so that a sequence of calls can be
 * checked once, at aj_builder_finish. Values are small integers valid only
 * within their builder. Unlike other calls, a failing op call sets *out to
 * AJ_NO_VALUE, which every later call rejects. */

typedef struct aj_builder aj_builder;
typedef int32_t aj_value;
#define AJ_NO_VALUE ((aj_value)-1)

aj_status aj_builder_begin(aj_module *m, const char *name, aj_builder **out);
aj_status aj_param(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims, aj_value *out);
/* The dtype and shape of a value (dims: room for AJ_MAX_RANK), as a trace
 * function reads its inputs' shapes. */
aj_status aj_value_type(aj_builder *b, aj_value v, aj_dtype *dtype, int *rank, int64_t *dims);
/* data: numel elements of dtype, row-major (copied). */
aj_status aj_constant(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims,
                      const void *data, aj_value *out);
aj_status aj_iota(aj_builder *b, aj_dtype dtype, int rank, const int64_t *dims, int axis,
                  aj_value *out);
aj_status aj_unary(aj_builder *b, aj_op op, aj_value x, aj_value *out);
aj_status aj_binary(aj_builder *b, aj_op op, aj_value x, aj_value y, aj_value *out);
aj_status aj_compare(aj_builder *b, aj_compare_dir dir, aj_value x, aj_value y, aj_value *out);
aj_status aj_select(aj_builder *b, aj_value pred, aj_value on_true, aj_value on_false,
                    aj_value *out);
aj_status aj_clamp(aj_builder *b, aj_value min, aj_value x, aj_value max, aj_value *out);
aj_status aj_convert(aj_builder *b, aj_value x, aj_dtype dtype, aj_value *out);
/* x's bits as another element type (StableHLO bitcast_convert): equal widths
 * keep the shape; a wider element splits along a new last dimension (its low
 * part first), and a narrower x's last dimension joins into one element. */
aj_status aj_bitcast_convert(aj_builder *b, aj_value x, aj_dtype dtype, aj_value *out);
/* x rounded to a float format of exponent_bits and mantissa_bits (overflow
 * to infinity, its subnormals to zero), kept in x's type (reduce_precision). */
aj_status aj_reduce_precision(aj_builder *b, aj_value x, int exponent_bits, int mantissa_bits,
                              aj_value *out);
/* Result has shape dims[rank]; operand dimension i maps to result dimension
 * map[i] (StableHLO broadcast_in_dim). */
aj_status aj_broadcast_in_dim(aj_builder *b, aj_value x, int rank, const int64_t *dims,
                              const int64_t *map, aj_value *out);
aj_status aj_reshape(aj_builder *b, aj_value x, int rank, const int64_t *dims, aj_value *out);
aj_status aj_transpose(aj_builder *b, aj_value x, const int64_t *perm, aj_value *out);
/* strides may be NULL (all 1). */
aj_status aj_slice(aj_builder *b, aj_value x, const int64_t *start, const int64_t *limit,
                   const int64_t *strides, aj_value *out);
aj_status aj_concatenate(aj_builder *b, int n, const aj_value *xs, int axis, aj_value *out);
aj_status aj_reverse(aj_builder *b, aj_value x, int ndims, const int64_t *dims, aj_value *out);
/* Contracts lhs_contract[i] with rhs_contract[i]; batch dims pair up the
 * same way. Result: batch dims, lhs free dims, rhs free dims. */
aj_status aj_dot_general(aj_builder *b, aj_value lhs, aj_value rhs,
                         int nbatch, const int64_t *lhs_batch, const int64_t *rhs_batch,
                         int ncontract, const int64_t *lhs_contract, const int64_t *rhs_contract,
                         aj_value *out);
/* Reduces x over dims with a binary op (add, multiply, maximum, minimum,
 * and, or, xor) starting from the scalar init. */
aj_status aj_reduce(aj_builder *b, aj_value x, aj_value init, aj_op op,
                    int ndims, const int64_t *dims, aj_value *out);
/* x with pad elements around and between its own: low[i] before dim i,
 * high[i] after (negative: cut that many), interior[i] between neighbours
 * (>= 0). pad is a scalar of x's dtype. */
aj_status aj_pad(aj_builder *b, aj_value x, aj_value pad, const int64_t *low, const int64_t *high,
                 const int64_t *interior, aj_value *out);
/* The sizes[]-shaped slice of x starting at starts[i] (rank-0 integer
 * values, one per dim, clamped so that the slice lies inside x). */
aj_status aj_dynamic_slice(aj_builder *b, aj_value x, const aj_value *starts, const int64_t *sizes,
                           aj_value *out);
/* x with update (of x's rank) written at starts (clamped likewise). */
aj_status aj_dynamic_update_slice(aj_builder *b, aj_value x, aj_value update, const aj_value *starts,
                                  aj_value *out);
/* The dimension numbers of gather and scatter (StableHLO's, one form for
 * both). The indices hold index vectors along index_vector_dim (which may
 * be their rank: an implicit trailing vector of length 1); their other dims
 * are batch dims. Entry k of a vector is a start in x's dim index_map[k].
 *   window       gather: offset_dims, the result dims that hold a slice;
 *                scatter: update_window_dims, the updates' window dims
 *   collapsed    x's dims a slice (window) drops, of size 1: gather's
 *                collapsed_slice_dims, scatter's inserted_window_dims
 *   operand_batch[i], indices_batch[i]
 *                batching dims: x's dim operand_batch[i] is indexed by the
 *                indices' batch dim indices_batch[i]
 *   index_map    start_index_map / scatter_dims_to_operand_dims */
typedef struct aj_index_dims {
    int nwindow;
    const int64_t *window;
    int ncollapsed;
    const int64_t *collapsed;
    int nbatch;
    const int64_t *operand_batch, *indices_batch;
    int nmap;
    const int64_t *index_map;
    int index_vector_dim;
} aj_index_dims;
/* Slices of x at the starts the indices give (each clamped so that the
 * slice_sizes[]-shaped slice lies inside x). */
aj_status aj_gather(aj_builder *b, aj_value x, aj_value indices, const aj_index_dims *dims,
                    const int64_t *slice_sizes, aj_value *out);
/* x with each element of updates combined into the element of x its index
 * gives: op(current, update) for a binary elementwise op, or the update
 * itself when replace is 1. In row-major order of the updates; an update
 * whose position falls outside x is skipped. */
aj_status aj_scatter(aj_builder *b, aj_value x, aj_value indices, aj_value updates, const aj_index_dims *dims,
                     aj_op op, int replace, aj_value *out);
/* Calls a function already in the module. */
aj_status aj_call(aj_builder *b, const char *callee, int nargs, const aj_value *args,
                  int nresults, aj_value *results);

/* ---- checkpointing ----------------------------------------------------------
 * Marks the part of a function that computes some values as a checkpoint
 * region: when the function is differentiated, the backward pass keeps
 * (saves) only the values of the region that the policy allows, and
 * recomputes the others from what it kept. Without differentiation a
 * region changes nothing. */

typedef enum aj_checkpoint_policy_kind {
    AJ_EVERYTHING_SAVEABLE,              /* keep all (the region changes nothing) */
    AJ_NOTHING_SAVEABLE,                 /* recompute all from the region's inputs */
    AJ_DOTS_SAVEABLE,                    /* keep dot_general results */
    AJ_DOTS_WITH_NO_BATCH_DIMS_SAVEABLE, /* keep dot_general results without batch dims */
    AJ_SAVE_ONLY_THESE_NAMES,            /* keep values named (aj_checkpoint_name) in names */
    AJ_SAVE_IF,                          /* keep what save() says */
} aj_checkpoint_policy_kind;

/* AJ_SAVE_IF's question about a value the backward pass needs: the op
 * computing it ("stablehlo.dot_general"), its type, its checkpoint name
 * (NULL if none). Nonzero: keep it. */
typedef int (*aj_save_fn)(const char *op, aj_dtype dtype, int rank, const int64_t *dims,
                          const char *name, void *ctx);

typedef struct aj_checkpoint_policy {
    aj_checkpoint_policy_kind kind;
    int nnames;                /* AJ_SAVE_ONLY_THESE_NAMES (copied) */
    const char *const *names;
    aj_save_fn save;           /* AJ_SAVE_IF; ctx is passed to it as given */
    void *ctx;
} aj_checkpoint_policy;

/* The ops of the function being built that compute outputs from inputs
 * (every op outputs depend on, searching back no further than inputs and the
 * parameters) become one checkpoint region with the policy. An op may be in
 * one region only. A call (aj_call) in the region brings the callee's ops
 * into it; a function with regions of its own keeps them when called, each
 * call its own copy. So a sub-function can be checkpointed either way. A
 * failing checkpoint call changes nothing, and (unlike an op call's) its
 * error is not reported again by aj_builder_finish. */
aj_status aj_checkpoint(aj_builder *b, int nin, const aj_value *inputs, int nout,
                        const aj_value *outputs, const aj_checkpoint_policy *policy);
/* Names x for AJ_SAVE_ONLY_THESE_NAMES (and the save callback). */
aj_status aj_checkpoint_name(aj_builder *b, aj_value x, const char *name);
/* The whole forward part of a gradient function as one checkpoint region:
 * for a function made by differentiation, or loaded (a JAX value_and_grad
 * export: the ops its first result depends on are the forward part). An
 * error when the function has no backward part. */
aj_status aj_checkpoint_function(aj_module *m, const char *func, const aj_checkpoint_policy *policy);

/* Ends the function with the given results, verifies it and frees the
 * builder (always, even on error; on error the function is removed). */
aj_status aj_builder_finish(aj_builder *b, int nresults, const aj_value *results);
/* Abandons the function being built and frees the builder. */
void aj_builder_abandon(aj_builder *b);

/* ---- differentiation ----------------------------------------------------------
 * Reverse mode, as a transform: each call adds a new ordinary function
 * `new_name` (a name not in the module yet) to the module: func's forward
 * ops, its calls inlined, then the backward pass. Verify, evaluate, compile
 * or differentiate it again like any other function.
 *
 * wrt: nwrt parameter indices of func (each of a float type, none twice), in
 * the order their gradients are returned; nwrt = 0: every float parameter,
 * in order (a function without one is an error). Only paths from these
 * parameters to the results are differentiated; a parameter no result
 * depends on gets zeros.
 *
 *   aj_grad:  func returns one float scalar; new_name(params) returns its
 *             gradient with respect to each wrt parameter.
 *   aj_value_and_grad: the same, after the value itself.
 *   aj_vjp:   new_name(params, cotangents) takes one cotangent per result of
 *             func (of that result's type; those of non-float results are
 *             ignored) and returns func's results, then the vector-Jacobian
 *             product for each wrt parameter.
 *
 * Rules follow JAX's: a tie of maximum/minimum splits the cotangent in
 * half, a max/min reduction splits it evenly among the tied elements;
 * floor, ceil, rounding, sign, comparisons and integer values carry no
 * derivative. An op on a differentiated path without a rule (a reduction
 * whose body is not one add, maximum or minimum, ...) is AJ_ERR_UNSUPPORTED,
 * naming the op and its location. On any error the module is unchanged. */
aj_status aj_grad(aj_module *m, const char *func, int nwrt, const int *wrt, const char *new_name);
aj_status aj_value_and_grad(aj_module *m, const char *func, int nwrt, const int *wrt,
                            const char *new_name);
aj_status aj_vjp(aj_module *m, const char *func, int nwrt, const int *wrt, const char *new_name);

/* ---- arrays ----------------------------------------------------------------- */

typedef struct aj_array aj_array;

/* A zero-filled array that owns its buffer. */
aj_status aj_array_create(aj_dtype dtype, int rank, const int64_t *dims, aj_array **out);
/* Wraps caller memory without copying; the caller keeps it alive. */
aj_status aj_array_wrap(aj_dtype dtype, int rank, const int64_t *dims, void *data,
                        aj_array **out);
void aj_array_destroy(aj_array *a);
void *aj_array_data(const aj_array *a);
aj_dtype aj_array_dtype(const aj_array *a);
int aj_array_rank(const aj_array *a);
const int64_t *aj_array_dims(const aj_array *a);
int64_t aj_array_numel(const aj_array *a);
size_t aj_array_bytes(const aj_array *a);
/* Gives a the element type dtype of the same storage: the types a .npy
 * descr leaves open (its '<V1' is any f8, f6 or f4, read as AJ_F8E5M2; '|i1'
 * is i8, i4 or i2). AJ_ERR_INVALID where the storage differs or a byte is
 * none of dtype's (an i4 of 0x10); a is unchanged then. */
aj_status aj_array_retype(aj_array *a, aj_dtype dtype);
/* Element i (row-major) as a double: exact for floats (f16 and bf16 too) and
 * for integers up to 2^53 in magnitude; bool is 0 or 1. */
double aj_array_get_f64(const aj_array *a, int64_t i);

/* NumPy .npy files (format 1.0-3.0, little-endian, C order; dtypes
 * <f4 <f8 <f2 <i8 <i4 <i2 |i1 <u8 <u4 <u2 |u1 |b1, bf16 as <V2, the
 * two-byte void type NumPy writes for ml_dtypes.bfloat16, and the f8, f6 and
 * f4 floats as <V1 (read as AJ_F8E5M2: aj_array_retype). Saving writes a temporary file and renames it, so a
 * failure never leaves a half-written file. */
aj_status aj_array_load_npy(const char *path, aj_array **out);
aj_status aj_array_save_npy(const aj_array *a, const char *path);
/* An AJ_F32 (AJ_F64) array with a trailing dim of 2, a complex value's
 * interleaved parts, saved as the complex array (<c8, <c16) of the other dims. */
aj_status aj_array_save_npy_complex(const aj_array *a, const char *path);

/* ---- running -------------------------------------------------------------------- */

/* Memory the reference evaluator used for a run. */
typedef struct aj_eval_stats {
    size_t bytes_allocated;   /* all value buffers allocated during the run */
    size_t peak_bytes;        /* peak bytes of value buffers live at once */
} aj_eval_stats;

/* Runs `func` with the reference evaluator (op by op, a fresh buffer per
 * value). Inputs must match the parameters in count, shape and dtype. On
 * success out[0..nout) are new arrays the caller destroys. stats may be
 * NULL. A failing check op in the program gives AJ_ERR_CHECK_FAILED. */
aj_status aj_module_eval(aj_module *m, const char *func, int nin, aj_array *const *in,
                         int nout, aj_array **out, aj_eval_stats *stats);

/* Zero-initialised options are the defaults. */
typedef struct aj_eval_options {
    double timeout_seconds;   /* 0: no limit; else a while loop whose iterations (checked one by
                                 one) run past this many seconds since the call began fails it
                                 with AJ_ERR_TIMEOUT, naming the loop as aj_compile_options'
                                 timeout does */
} aj_eval_options;

/* aj_module_eval with options (NULL: the defaults). */
aj_status aj_module_eval_with(aj_module *m, const char *func, int nin, aj_array *const *in,
                              int nout, aj_array **out, aj_eval_stats *stats,
                              const aj_eval_options *opts);

/* ---- compiling ---------------------------------------------------------------
 * aj_compile turns a function into native code: cleanup passes, fusion into
 * kernels, a schedule that keeps peak memory low, one arena for every
 * temporary (sized now, allocated once, reused by every call), C code built
 * by the system compiler. Executables are cached in memory (same program,
 * shapes and options: the same executable) and on disk.
 *
 * Threads: compiling, running and destroying are safe from several threads
 * (the in-memory cache is locked). An executable runs one call at a time
 * (it owns one arena): concurrent calls of one executable take turns, so
 * threads that must run in parallel compile their own (no_memory_cache = 1).
 * aj_clear_caches must not race a compile. */

typedef struct aj_executable aj_executable;

/* Zero-initialised options are the defaults. */
typedef struct aj_compile_options {
    int strict_order;       /* 1: reductions, dots and math functions computed exactly as the
                               reference evaluator does (bit-identical results, slower) */
    int threads;            /* threads the big kernels split over (one shared pool); 0:
                               ARRAYJIT_THREADS, else every core the process may use */
    int no_fusion;          /* 1: one op per kernel (to measure what fusion saves) */
    int no_folding;         /* 1: no constant folding (the conformance runner sets it, so that
                               generated code, not the compile-time folder, computes results) */
    int no_disk_cache;      /* 1: always build; never read or write the disk cache */
    int no_memory_cache;    /* 1: neither reuse an executable compiled earlier in this process
                               nor keep this one for reuse */
    const char *cache_dir;  /* NULL: $XDG_CACHE_HOME/arrayjit, else ~/.cache/arrayjit */
    const char *cc;         /* NULL: gcc */
    const char *cflags;     /* NULL: -O3 -march=native (and what correctness needs) */
    uint64_t donate;        /* bit i: argument i's buffer may be reused for an output; a
                               program's own marks (JAX's tf.aliasing_output, jax.buffer_donor
                               on a parameter) set bits too */
    int strict_donation;    /* 1: a donation that cannot be used is an error (else a warning) */
    size_t memory_budget_bytes; /* 0: none; else peak_bytes must fit: the backward part of a
                               gradient recomputes what it would keep, as few FLOPs as it
                               takes (the more budget, never more FLOPs); compiling fails,
                               naming the smallest peak reached and what is live there, when
                               nothing fits */
    const char *dump_after; /* print what this stage of the driver made ("all": every stage; see
                               the README: the IR passes, regions, contract, plan, build, measure) */
    FILE *dump_to;          /* where; NULL: stderr */
    double timeout_seconds; /* 0: no limit; else each run of the executable stops its while
                               loops once it has run this long and fails with AJ_ERR_TIMEOUT
                               ("file:line:col: stablehlo.while: timed out after N s", naming
                               the innermost loop running); outputs are not returned (run_into:
                               their contents are unspecified) and donated inputs are spent.
                               Loops poll the clock about every millisecond of iterations;
                               straight-line code never. Part of the cache key */
} aj_compile_options;

aj_status aj_compile(aj_module *m, const char *func, const aj_compile_options *opts,
                     aj_executable **out);
/* Runs the executable. Inputs must match the parameters; on success out[]
 * are new arrays. A donated input (opts.donate) gives its buffer to the
 * output that reuses it and may not be used again: the array is marked
 * donated and any later use is an error. */
aj_status aj_executable_run(aj_executable *e, int nin, aj_array *const *in, int nout,
                            aj_array **out);
/* The same, writing into the caller's output arrays (of the result types),
 * so that a loop of calls allocates nothing: fresh memory costs a page fault
 * per 4 KiB on first touch. Not for executables whose outputs live in
 * donated arguments. */
aj_status aj_executable_run_into(aj_executable *e, int nin, aj_array *const *in, int nout,
                                 aj_array *const *out);
void aj_executable_destroy(aj_executable *e);
/* A warning from compilation (e.g. an unusable donation), or "". */
const char *aj_executable_warning(const aj_executable *e);

/* Memory an executable needs, known before it runs. All exact. */
typedef struct aj_memory_stats {
    size_t argument_bytes;
    size_t output_bytes;
    size_t alias_bytes;          /* outputs held in donated arguments */
    size_t temp_bytes;           /* the arena */
    size_t code_bytes;           /* the loaded shared object */
    size_t lower_bound_bytes;    /* live-set lower bound of the chosen schedule */
    size_t fused_away_bytes;     /* bytes fusion kept from being materialised */
    size_t eager_peak_bytes;     /* the reference evaluator's peak for the same program (its
                                    buffers, op by op, plus the arguments) */
    size_t peak_bytes;           /* temp + arguments + outputs - alias */
    uint64_t recompute_flops;    /* floating-point ops the backward part of a gradient spends
                                    recomputing values instead of keeping them (checkpoint
                                    policies, memory_budget_bytes) */
    size_t arena_allocated_bytes;/* what the runtime really allocated for the arena */
    double compile_seconds;
    int cache_hit;               /* the code came from the disk cache */
    int saved_residuals;         /* values the backward part keeps from the forward part */
    size_t saved_residual_bytes;
} aj_memory_stats;

aj_status aj_executable_memory(aj_executable *e, aj_memory_stats *out);
/* Prints the memory analysis: the figures above and the buffers live at the
 * peak with the kernels that made them; json = 1 prints one JSON object. */
aj_status aj_executable_report(aj_executable *e, FILE *out, int json);

/* Like JAX's print_saved_residuals: each value the backward part keeps
 * from the forward part (and each it recomputes), with its type, bytes and
 * the op that made it (file:line:col when known). */
aj_status aj_executable_print_residuals(aj_executable *e, FILE *out);

/* Ahead of time: function func of m compiled under opts (as aj_compile
 * would: the same plan and kernels) and written into directory dir (made
 * when missing) as standalone C:
 *   NAME.h       NAME_ARENA_BYTES, NAME_ARENA_ALIGN, each input's and
 *                output's dtype, shape and bytes as constants, which outputs
 *                live in donated inputs (NAME_OUTPUTj_IN_INPUT), and
 *                int NAME_run(void *arena, const void *const *inputs, void *const *outputs);
 *   NAME.c       the kernels and NAME_run: needs libc and libm, and BLIS
 *                where NAME_NEEDS_BLIS (no_blas: dots as loops of our own, no
 *                BLIS); no malloc, no writable globals: reentrant with
 *                distinct arenas. Builds with `cc -O2 -c NAME.c`.
 *   NAME_main.c  with with_main: a program that takes --input X.npy ...
 *                --output Y.npy ... (as `arrayjit run`) and allocates
 *                exactly the arena once.
 * NAME_ARENA_BYTES is the executable's temp_bytes (aj_memory_stats). Files
 * are written whole or not at all, never through a symlink. */
typedef struct aj_export_options {
    const char *name;   /* prefix of the files and symbols, a C identifier; NULL: "model" */
    int with_main;      /* 1: also NAME_main.c */
    int no_blas;        /* 1: dot kernels as loops; the code needs no BLIS */
} aj_export_options;

aj_status aj_export_c(aj_module *m, const char *func, const aj_compile_options *opts, const char *dir,
                      const aj_export_options *x);

/* The memory picture: bytes live at each step of a program, in order. */
typedef enum aj_curve_kind {
    AJ_CURVE_PLANNED,   /* the executable's kernels: arguments + outputs - alias + the arena
                           bytes live during the kernel (in-place pairs once) */
    AJ_CURVE_EAGER,     /* the reference evaluator's ops: arguments + the buffers it holds
                           while the op runs (results made, dying operands not yet freed) */
    AJ_CURVE_MEASURED,  /* one step, the whole run: the allocator's peak of array bytes (the
                           arena, zero-filled arguments, outputs) while the executable runs
                           once; it runs the executable */
} aj_curve_kind;

typedef struct aj_memory_curve {
    const char *name;         /* the series' legend ("compiled", "eager"); the caller may change it */
    int nsteps;
    size_t *bytes;            /* bytes[s] for step s < nsteps */
    char **labels;            /* what step s runs: "exponential+reduce", "stablehlo.add" */
    int peak_step;            /* a step where bytes[] is largest */
    size_t peak_bytes;        /* planned: the executable's peak_bytes (the arena as packed, so it
                                 may exceed the largest bytes[s]); eager: bytes[peak_step] */
    char *peak_note;          /* what is live at the peak: "%v3 tensor<4096xf32> 16384 B (exp), ..." */
} aj_memory_curve;

aj_status aj_executable_memory_curve(aj_executable *e, aj_curve_kind kind, aj_memory_curve *out);
void aj_memory_curve_release(aj_memory_curve *c);
/* Draws the curves on one SVG chart (steps in order on x, each series
 * stretched over the width; bytes on y; each peak marked and labelled with
 * what is live there) and writes it to path atomically. */
aj_status aj_memory_svg(const aj_memory_curve *curves, int ncurves, const char *title, const char *path);

/* Drops every cached executable in memory (aj_compile's cache and every
 * aj_jit's signatures) and every entry of the disk cache (cache_dir as in
 * aj_compile_options; NULL: the default), and gives the pool's free memory
 * back to the system (aj_trim). Executables held by handles stay. */
aj_status aj_clear_caches(const char *cache_dir);

/* ---- jit: trace once per signature, then call ------------------------------
 * aj_jit is the C form of calling a jax.jit function. A trace function
 * builds the program from its inputs: it gets a builder whose function
 * already has one parameter per input (of that call's dtype and shape), the
 * static arguments (bytes that are part of the signature, as
 * static_argnums are in JAX: a trace may branch on them) and the user
 * pointer given at creation, and writes the nout results (it must not
 * finish or abandon the builder; aj_jit does). Each call hashes its
 * signature (input dtypes and shapes, static bytes, nout): the first call
 * with a signature traces, compiles (through aj_compile and its disk
 * cache) and keeps the executable in the function's own table (until
 * aj_jit_destroy or aj_clear_caches, after which the next call traces
 * again); later calls go straight to it (a hash lookup:
 * no tracing, nothing allocated but the outputs). The options' donate bits
 * donate inputs as in aj_executable_run.
 *
 * Threads: aj_jit_call may be called from several threads at once; traces
 * of one aj_jit run one at a time, and calls that reach the same
 * executable take turns in its arena. aj_jit_destroy must not race a
 * call, and a trace function must not call its own aj_jit. */

typedef struct aj_jit aj_jit;

typedef aj_status (*aj_trace_fn)(aj_builder *b, int nin, const aj_value *inputs,
                                 const void *static_args, size_t static_size, void *user,
                                 int nout, aj_value *results);

/* opts may be NULL (defaults); it is copied (its strings must outlive the
 * aj_jit); dump_after is refused. */
aj_status aj_jit_create(aj_trace_fn trace, void *user, const aj_compile_options *opts,
                        aj_jit **out);
/* Runs the function on in[0..nin); out[0..nout) are new arrays, as with
 * aj_executable_run. static_args may be NULL when static_size is 0. */
aj_status aj_jit_call(aj_jit *j, int nin, aj_array *const *in, const void *static_args,
                      size_t static_size, int nout, aj_array **out);
/* Traces run so far (a test's view of the cache). */
int aj_jit_trace_count(aj_jit *j);
/* Releases the function's executables. */
void aj_jit_destroy(aj_jit *j);

/* ---- conformance checks ---------------------------------------------------------- */

typedef enum aj_check_outcome { AJ_CHECK_PASS, AJ_CHECK_FAIL, AJ_CHECK_SKIP } aj_check_outcome;

typedef struct aj_check_options {
    int use_eval;             /* 1: the reference evaluator; 0: compiled, in strict order
                                 (bit-identical to the evaluator) */
    const aj_compile_options *compile;   /* for compiled runs; NULL: strict defaults */
    double timeout_seconds;   /* each chunk's run, evaluated or compiled (0: compile's
                                 timeout_seconds, when compile is given; else no limit): a
                                 while loop that runs past it fails the file, naming the loop */
} aj_check_options;

typedef struct aj_check_result {
    aj_check_outcome outcome;
    int nchunks;              /* `// -----` units run */
    int nchecks;              /* check ops executed */
    char reason[512];         /* why it failed or was skipped */
} aj_check_result;

/* Runs a .mlir file whose programs carry checks (check.expect_* ops,
 * custom_call @check.*) under the rules of the StableHLO conformance suite:
 * each `// -----` chunk's entry (main, or the only function) runs; the file
 * passes when every chunk runs and no check fails. Skipped: no checks, a
 * RUN-DISABLED line, or a feature outside the supported tiers. Returns
 * AJ_OK whenever a verdict was reached (see result->outcome). */
aj_status aj_check_file(const char *path, const aj_check_options *opts, aj_check_result *result);

#ifdef __cplusplus
}
#endif
#endif
