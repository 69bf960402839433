/* arrayjit: a memory-frugal JIT compiler for array programs.
 *
 * A program is a module of functions over tensors with static shapes and
 * StableHLO semantics. Build one through this API, or load StableHLO text
 * exported from JAX; verify it; run it on host arrays.
 *
 * Worked example. tests/tests.cmake turns the lines between the two marker
 * comments into a function `int example(void)`, then compiles and runs it,
 * so this is known to work. fail() prints aj_last_error() and returns 1.
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
} aj_status;

/* The message of the last failing call on this thread ("" if none). */
const char *aj_last_error(void);

/* ---- element types and ops ------------------------------------------------ */

typedef enum aj_dtype {
    AJ_F32, AJ_F64, AJ_I32, AJ_I64, AJ_BOOL,   /* AJ_BOOL is StableHLO i1, one byte 0/1 */
} aj_dtype;

size_t aj_dtype_size(aj_dtype dtype);
const char *aj_dtype_name(aj_dtype dtype);     /* "f32", "i1", ... */

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

/* NumPy .npy files (format 1.0-3.0, little-endian, C order; dtypes
 * <f4 <f8 <i4 <i8 |b1). Saving writes a temporary file and renames it, so a
 * failure never leaves a half-written file. */
aj_status aj_array_load_npy(const char *path, aj_array **out);
aj_status aj_array_save_npy(const aj_array *a, const char *path);

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

/* ---- compiling ---------------------------------------------------------------
 * aj_compile turns a function into native code: cleanup passes, fusion into
 * kernels, a schedule that keeps peak memory low, one arena for every
 * temporary (sized now, allocated once, reused by every call), C code built
 * by the system compiler. Executables are cached in memory (same program,
 * shapes and options: the same executable) and on disk.
 *
 * Threads: an executable runs one call at a time (it owns one arena), and
 * the in-memory cache is not locked yet: compile and clear caches from one
 * thread, and give each thread that runs concurrently its own executable
 * (no_memory_cache = 1). */

typedef struct aj_executable aj_executable;

/* Zero-initialised options are the defaults. */
typedef struct aj_compile_options {
    int strict_order;       /* 1: reductions, dots and math functions computed exactly as the
                               reference evaluator does (bit-identical results, slower) */
    int threads;            /* OpenMP threads for big loops; 0 or 1: one */
    int no_fusion;          /* 1: one op per kernel (to measure what fusion saves) */
    int no_folding;         /* 1: no constant folding (the conformance runner sets it, so that
                               generated code, not the compile-time folder, computes results) */
    int no_disk_cache;      /* 1: always build; never read or write the disk cache */
    int no_memory_cache;    /* 1: neither reuse an executable compiled earlier in this process
                               nor keep this one for reuse */
    const char *cache_dir;  /* NULL: $XDG_CACHE_HOME/arrayjit, else ~/.cache/arrayjit */
    const char *cc;         /* NULL: gcc */
    const char *cflags;     /* NULL: -O3 -march=native (and what correctness needs) */
    uint64_t donate;        /* bit i: argument i's buffer may be reused for an output */
    int strict_donation;    /* 1: a donation that cannot be used is an error (else a warning) */
    size_t memory_budget_bytes; /* 0: none; else peak_bytes must fit: the backward part of a
                               gradient recomputes what it would keep, as few FLOPs as it
                               takes (the more budget, never more FLOPs); compiling fails,
                               naming the smallest peak reached and what is live there, when
                               nothing fits */
    const char *dump_after; /* print the IR after this pass ("all" for every pass) */
    FILE *dump_to;          /* where; NULL: stderr */
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

/* Drops every cached executable in memory and every entry of the disk cache
 * (cache_dir as in aj_compile_options; NULL: the default). */
aj_status aj_clear_caches(const char *cache_dir);

/* ---- conformance checks ---------------------------------------------------------- */

typedef enum aj_check_outcome { AJ_CHECK_PASS, AJ_CHECK_FAIL, AJ_CHECK_SKIP } aj_check_outcome;

typedef struct aj_check_options {
    int use_eval;             /* 1: the reference evaluator; 0: compiled, in strict order
                                 (bit-identical to the evaluator) */
    const aj_compile_options *compile;   /* for compiled runs; NULL: strict defaults */
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
