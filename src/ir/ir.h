/* ir: the one graph IR. SSA values with static shapes, ops with StableHLO
 * semantics, regions for op bodies (reduce now; while/if/case/sort later).
 *
 * Ownership: a module owns its functions; a function owns its value table,
 * its body block and everything reachable from it. Values are numbered per
 * function (ir_value_id indexes func->values); values defined in a nested
 * region live in the same table, so a region may read values of the
 * enclosing block (as StableHLO allows) without any extra machinery.
 *
 * Invariants (checked by ir_verify):
 *  - every block ends with exactly one IR_RETURN;
 *  - every operand is defined before use (a block argument, or the result
 *    of an earlier op in this block or an enclosing one);
 *  - every op satisfies its shape and type rules. */
#ifndef IR_H
#define IR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/diag.h"

/* ---- element types ---------------------------------------------------- */

/* Tier-1 types come first, then tier 2's (the public aj_dtype follows
 * this order up to IR_U4). i2, i4, ui2 and ui4 take a byte per element,
 * holding the value sign- or zero-extended (a reader takes the low bits:
 * a byte is read as its value's width, ir_dtype_bits). The complex types come last and live only
 * between parsing and the front end's complex lowering (lower_complex.c),
 * which rewrites every complex value into its real and imaginary parts:
 * no later stage sees them, and the verifier rejects them. The f8, f6 and
 * f4 floats (minifloats) take a byte each, their bits in its low bits
 * (src/util/minifloat.h: ir_dtype_minifloat gives the format). */
typedef enum ir_dtype {
    IR_F32, IR_F64, IR_I32, IR_I64, IR_I1,
    IR_F16, IR_BF16, IR_I8, IR_I16, IR_U8, IR_U16, IR_U32, IR_U64,
    IR_I2, IR_I4, IR_U2, IR_U4,   /* sub-byte integers (tier 3) */
    IR_F8E5M2, IR_F8E4M3, IR_F8E3M4, IR_F8E4M3FN, IR_F8E4M3FNUZ, IR_F8E5M2FNUZ, IR_F8E4M3B11FNUZ,
    IR_F8E8M0FNU, IR_F6E2M3FN, IR_F6E3M2FN, IR_F4E2M1FN,   /* minifloats (tier 3) */
    IR_C64, IR_C128,   /* complex<f32>, complex<f64>: (real, imaginary), interleaved */
    IR_DTYPE_COUNT
} ir_dtype;

size_t ir_dtype_size(ir_dtype t);          /* bytes per element; i1 is one byte holding 0 or 1 */
int ir_dtype_bits(ir_dtype t);             /* the value's width: 1 for i1, 4 for i4 and f4E2M1FN, 8 * size otherwise */
const char *ir_dtype_name(ir_dtype t);     /* MLIR spelling: "f32", "i1", "ui8" */
const char *ir_dtype_npy_descr(ir_dtype t);   /* .npy descr: "<f4", "|b1", "<V2" (bf16) */
bool ir_dtype_from_name(const char *s, size_t n, ir_dtype *out);
bool ir_dtype_is_float(ir_dtype t);
bool ir_dtype_is_int(ir_dtype t);          /* signed or unsigned integer, not i1 */
bool ir_dtype_is_unsigned(ir_dtype t);
bool ir_dtype_is_complex(ir_dtype t);
/* Whether every value of t is exactly a value of `wide`: into f32 bf16,
 * f16, the f8, f6 and f4 types and integers of up to 16 bits; into f64
 * those, f32 and 32-bit integers; into an integer type the narrower
 * integers it holds (i8 and u8 into i16, i32 or i64; i8 not into u32);
 * into bf16 and f16 the integers of 8 bits and less (JAX's int8 weights
 * converted to bf16). t itself always. */
bool ir_dtype_exact_in(ir_dtype t, ir_dtype wide);
/* A minifloat's format (minifloat.h: widths, bias, AJ_MF_* kind); false for other types. */
typedef struct ir_minifloat {
    int exponent_bits, mantissa_bits, bias, kind;
} ir_minifloat;
bool ir_dtype_minifloat(ir_dtype t, ir_minifloat *out);
/* A minifloat t's value of bits, and the bits of the value nearest v (t a minifloat). */
double ir_minifloat_value(ir_dtype t, unsigned bits);
unsigned ir_minifloat_bits(ir_dtype t, double v);
/* The type of a complex type's parts (IR_C64 -> IR_F32); t itself otherwise. */
ir_dtype ir_dtype_complex_part(ir_dtype t);

/* ---- shaped types ----------------------------------------------------- */

#define IR_MAX_RANK 8

typedef struct ir_type {
    ir_dtype dtype;
    int rank;
    int64_t dims[IR_MAX_RANK];
} ir_type;

ir_type ir_type_make(ir_dtype dtype, int rank, const int64_t *dims);
/* t without dimension dim (0 <= dim < rank). */
ir_type ir_type_without_dim(const ir_type *t, int dim);
ir_type ir_type_scalar(ir_dtype dtype);
int64_t ir_type_numel(const ir_type *t);
/* The bytes of one index of t's first dim (a row); 0 for rank 0 or no rows. */
size_t ir_type_row_bytes(const ir_type *t);
size_t ir_type_bytes(const ir_type *t);
bool ir_type_eq(const ir_type *a, const ir_type *b);
bool ir_type_same_shape(const ir_type *a, const ir_type *b);
/* The same dims, in order, once the dims of size 1 are dropped (4096x1 and
 * 4096; a scalar and 1x1). */
bool ir_type_same_squeezed(const ir_type *a, const ir_type *b);
/* Writes "tensor<2x3xf32>" into buf (always terminated); returns buf. */
char *ir_type_str(const ir_type *t, char *buf, size_t size);

/* ---- ops ---------------------------------------------------------------- */

typedef enum ir_op_kind {
    IR_KIND_UNARY,     /* elementwise, one operand, result type = operand type (except is_finite) */
    IR_KIND_BINARY,    /* elementwise, two operands of one type */
    IR_KIND_OTHER,
    IR_KIND_CHECK,     /* side-effecting check of a value against an expected one */
} ir_op_kind;

/* X(ENUM, printed name, kind, operand count or -1 when variadic)
 *
 * stablehlo.real, imag and complex exist only before the complex lowering
 * (see ir_dtype). It writes each nonlinear function of a complex value as
 * arrayjit.complex_part ops: complex_part(re, im) is one part (attribute
 * complex_imag) of the function complex_fn (an elementwise opcode: exp,
 * log, sqrt, tanh, abs, ...) of the complex number re + i im, and
 * complex_part(re, im, re2, im2) one part of divide or power of two complex
 * numbers; computed in double as the reference interpreter does
 * (src/util/complex_math.h) and rounded once to re's type (f32 or f64).
 * stablehlo.fft, too, exists only before it, which makes it arrayjit.fft
 * on parts (fft_type, dims = fft_length L, over the last |L| dims):
 *   FFT, IFFT (re, im) -> (re, im); RFFT (x) -> (re, im), the last dim
 *   L[-1] / 2 + 1; IRFFT (re, im) -> x, from the last dim L[-1] / 2 + 1
 * computed in double (src/util/fft.h) and rounded once.
 *
 * The collectives (all_reduce, all_gather, reduce_scatter, all_to_all,
 * collective_permute, collective_broadcast, replica_id, partition_id) and
 * interpreter.run_parallel exist only between parsing and their expansion
 * (src/passes/parallel.c), which runs every process's copy of its program
 * in one graph, each collective made of ordinary ops on its group's
 * values. run_parallel: callee holds the programs' names row by row, one
 * a line, dims = (replicas, partitions); its operands and results are the
 * programs' in turn.
 *
 * The arrayjit.* LAPACK ops have no StableHLO op: they are the routines
 * JAX's CPU custom calls run (jaxlib's lapack_{s,d}<routine>_ffi), with
 * their operands and results as jaxlib defines them, each over a batch of
 * f32 or f64 matrices [..., M, N] (B = the batch dims, K = min(M, N)):
 *   getrf(a)      -> (lu: a's type, ipiv: B x K i32 (1-based), info: B i32)
 *   geqrf(a)      -> (a: a's type (R, and the reflectors below it), tau: B x K)
 *   orgqr(a, tau) -> q: a's type; a [..., M, N], tau [..., K'], M >= N >= K'
 *   syevd(a)      -> (v: a's type, w: B x N, info: B i32); square; lower, lapack_mode
 *   gesdd(a)      -> (a: a's type, s: B x K, u: B x M x (M | K), vt: B x (N | K) x N,
 *                     info: B i32); lapack_mode
 *   gesvd(a)      -> as gesdd (LAPACK's QR-iteration SVD instead of divide and conquer)
 *   sytrd(a)      -> (a: a's type, d: B x N, e: B x (N-1), tau: B x (N-1), info: B i32);
 *                    square, N >= 1; lower
 *   gehrd(a)      -> (a: a's type, tau: B x (N-1), info: B i32); square, N >= 1; ilo, ihi
 *   geev(a)       -> (wr, wi: B x N, vl re, vl im, vr re, vr im: a's type, info: B i32);
 *                    square; the eigenvalues' parts, the left and right eigenvectors'
 *                    parts (in columns, jaxlib's unpacking of LAPACK's real form;
 *                    zeros where not asked for or info != 0), info -4 where a is not
 *                    finite (jaxlib's); lapack_mode (jobvl << 8) | jobvr, each 'V' or 'N'
 *   gees(a)       -> (t: a's type (the real Schur form), vs: a's type (the Schur vectors;
 *                    zeros unless jobvs is 'V'), wr, wi: B x N, sdim: B i32 (0: no
 *                    sorting, as jaxlib), info: B i32); square; lapack_mode jobvs
 * info is LAPACK's: 0, or > 0 (a zero pivot, no convergence). A complex
 * matrix comes as its two parts (re, im), orgqr's tau too; each complex
 * result is then two in a row (re, im) and the real ones (ipiv, w, s, d,
 * e, sdim, info) stay one (getrf, geqrf, orgqr: ungqr, syevd: heevd,
 * gesdd, gesvd, sytrd: hetrd, gehrd, gees); geev's seven results are
 * the same for both, w being wr and wi. They are
 * computed by LAPACK itself (src/util/lapack_kernels.h), in the evaluator
 * and in compiled code. */
#define IR_OP_LIST(X) \
    X(CONSTANT, "stablehlo.constant", IR_KIND_OTHER, 0) \
    X(IOTA, "stablehlo.iota", IR_KIND_OTHER, 0) \
    X(BROADCAST_IN_DIM, "stablehlo.broadcast_in_dim", IR_KIND_OTHER, 1) \
    X(RESHAPE, "stablehlo.reshape", IR_KIND_OTHER, 1) \
    X(TRANSPOSE, "stablehlo.transpose", IR_KIND_OTHER, 1) \
    X(SLICE, "stablehlo.slice", IR_KIND_OTHER, 1) \
    X(CONCATENATE, "stablehlo.concatenate", IR_KIND_OTHER, -1) \
    X(REVERSE, "stablehlo.reverse", IR_KIND_OTHER, 1) \
    X(CONVERT, "stablehlo.convert", IR_KIND_OTHER, 1) \
    X(BITCAST_CONVERT, "stablehlo.bitcast_convert", IR_KIND_OTHER, 1) \
    X(REDUCE_PRECISION, "stablehlo.reduce_precision", IR_KIND_OTHER, 1) \
    X(SELECT, "stablehlo.select", IR_KIND_OTHER, 3) \
    X(CLAMP, "stablehlo.clamp", IR_KIND_OTHER, 3) \
    X(COMPARE, "stablehlo.compare", IR_KIND_OTHER, 2) \
    X(DOT_GENERAL, "stablehlo.dot_general", IR_KIND_OTHER, 2) \
    X(REDUCE, "stablehlo.reduce", IR_KIND_OTHER, -1) \
    X(WHILE, "stablehlo.while", IR_KIND_OTHER, -1) \
    X(IF, "stablehlo.if", IR_KIND_OTHER, 1) \
    X(CASE, "stablehlo.case", IR_KIND_OTHER, 1) \
    X(MAP, "stablehlo.map", IR_KIND_OTHER, -1) \
    X(SORT, "stablehlo.sort", IR_KIND_OTHER, -1) \
    X(REDUCE_WINDOW, "stablehlo.reduce_window", IR_KIND_OTHER, -1) \
    X(SELECT_AND_SCATTER, "stablehlo.select_and_scatter", IR_KIND_OTHER, 3) \
    X(CONVOLUTION, "stablehlo.convolution", IR_KIND_OTHER, 2) \
    X(TRIANGULAR_SOLVE, "stablehlo.triangular_solve", IR_KIND_OTHER, 2) \
    X(CHOLESKY, "stablehlo.cholesky", IR_KIND_OTHER, 1) \
    X(GETRF, "arrayjit.getrf", IR_KIND_OTHER, -1) \
    X(GEQRF, "arrayjit.geqrf", IR_KIND_OTHER, -1) \
    X(ORGQR, "arrayjit.orgqr", IR_KIND_OTHER, -1) \
    X(SYEVD, "arrayjit.syevd", IR_KIND_OTHER, -1) \
    X(GESDD, "arrayjit.gesdd", IR_KIND_OTHER, -1) \
    X(GESVD, "arrayjit.gesvd", IR_KIND_OTHER, -1) \
    X(SYTRD, "arrayjit.sytrd", IR_KIND_OTHER, -1) \
    X(GEHRD, "arrayjit.gehrd", IR_KIND_OTHER, -1) \
    X(GEEV, "arrayjit.geev", IR_KIND_OTHER, -1) \
    X(GEES, "arrayjit.gees", IR_KIND_OTHER, -1) \
    X(PAD, "stablehlo.pad", IR_KIND_OTHER, 2) \
    X(DYNAMIC_SLICE, "stablehlo.dynamic_slice", IR_KIND_OTHER, -1) \
    X(DYNAMIC_UPDATE_SLICE, "stablehlo.dynamic_update_slice", IR_KIND_OTHER, -1) \
    X(GATHER, "stablehlo.gather", IR_KIND_OTHER, 2) \
    X(SCATTER, "stablehlo.scatter", IR_KIND_OTHER, -1) \
    X(OPTIMIZATION_BARRIER, "stablehlo.optimization_barrier", IR_KIND_OTHER, -1) \
    X(GET_DIMENSION_SIZE, "stablehlo.get_dimension_size", IR_KIND_OTHER, 1) \
    X(REAL, "stablehlo.real", IR_KIND_OTHER, 1) \
    X(IMAG, "stablehlo.imag", IR_KIND_OTHER, 1) \
    X(COMPLEX, "stablehlo.complex", IR_KIND_OTHER, 2) \
    X(FFT, "stablehlo.fft", IR_KIND_OTHER, 1) \
    X(RUN_PARALLEL, "interpreter.run_parallel", IR_KIND_OTHER, -1) \
    X(ALL_REDUCE, "stablehlo.all_reduce", IR_KIND_OTHER, -1) \
    X(ALL_GATHER, "stablehlo.all_gather", IR_KIND_OTHER, -1) \
    X(REDUCE_SCATTER, "stablehlo.reduce_scatter", IR_KIND_OTHER, 1) \
    X(ALL_TO_ALL, "stablehlo.all_to_all", IR_KIND_OTHER, -1) \
    X(COLLECTIVE_PERMUTE, "stablehlo.collective_permute", IR_KIND_OTHER, 1) \
    X(COLLECTIVE_BROADCAST, "stablehlo.collective_broadcast", IR_KIND_OTHER, -1) \
    X(REPLICA_ID, "stablehlo.replica_id", IR_KIND_OTHER, 0) \
    X(PARTITION_ID, "stablehlo.partition_id", IR_KIND_OTHER, 0) \
    X(ABS, "stablehlo.abs", IR_KIND_UNARY, 1) \
    X(CBRT, "stablehlo.cbrt", IR_KIND_UNARY, 1) \
    X(CEIL, "stablehlo.ceil", IR_KIND_UNARY, 1) \
    X(COSINE, "stablehlo.cosine", IR_KIND_UNARY, 1) \
    X(COUNT_LEADING_ZEROS, "stablehlo.count_leading_zeros", IR_KIND_UNARY, 1) \
    X(EXPONENTIAL, "stablehlo.exponential", IR_KIND_UNARY, 1) \
    X(EXPONENTIAL_MINUS_ONE, "stablehlo.exponential_minus_one", IR_KIND_UNARY, 1) \
    X(FLOOR, "stablehlo.floor", IR_KIND_UNARY, 1) \
    X(IS_FINITE, "stablehlo.is_finite", IR_KIND_UNARY, 1) \
    X(LOG, "stablehlo.log", IR_KIND_UNARY, 1) \
    X(LOG_PLUS_ONE, "stablehlo.log_plus_one", IR_KIND_UNARY, 1) \
    X(LOGISTIC, "stablehlo.logistic", IR_KIND_UNARY, 1) \
    X(NEGATE, "stablehlo.negate", IR_KIND_UNARY, 1) \
    X(NOT, "stablehlo.not", IR_KIND_UNARY, 1) \
    X(POPCNT, "stablehlo.popcnt", IR_KIND_UNARY, 1) \
    X(ROUND_NEAREST_AFZ, "stablehlo.round_nearest_afz", IR_KIND_UNARY, 1) \
    X(ROUND_NEAREST_EVEN, "stablehlo.round_nearest_even", IR_KIND_UNARY, 1) \
    X(RSQRT, "stablehlo.rsqrt", IR_KIND_UNARY, 1) \
    X(SIGN, "stablehlo.sign", IR_KIND_UNARY, 1) \
    X(SINE, "stablehlo.sine", IR_KIND_UNARY, 1) \
    X(SQRT, "stablehlo.sqrt", IR_KIND_UNARY, 1) \
    X(TAN, "stablehlo.tan", IR_KIND_UNARY, 1) \
    X(TANH, "stablehlo.tanh", IR_KIND_UNARY, 1) \
    X(ACOS, "chlo.acos", IR_KIND_UNARY, 1) \
    X(ACOSH, "chlo.acosh", IR_KIND_UNARY, 1) \
    X(ASIN, "chlo.asin", IR_KIND_UNARY, 1) \
    X(ASINH, "chlo.asinh", IR_KIND_UNARY, 1) \
    X(ATAN, "chlo.atan", IR_KIND_UNARY, 1) \
    X(ATANH, "chlo.atanh", IR_KIND_UNARY, 1) \
    X(COSH, "chlo.cosh", IR_KIND_UNARY, 1) \
    X(SINH, "chlo.sinh", IR_KIND_UNARY, 1) \
    X(ERF, "chlo.erf", IR_KIND_UNARY, 1) \
    X(ERFC, "chlo.erfc", IR_KIND_UNARY, 1) \
    X(ERF_INV, "chlo.erf_inv", IR_KIND_UNARY, 1) \
    X(LGAMMA, "chlo.lgamma", IR_KIND_UNARY, 1) \
    X(DIGAMMA, "chlo.digamma", IR_KIND_UNARY, 1) \
    X(BESSEL_I1E, "chlo.bessel_i1e", IR_KIND_UNARY, 1) \
    X(ADD, "stablehlo.add", IR_KIND_BINARY, 2) \
    X(ATAN2, "stablehlo.atan2", IR_KIND_BINARY, 2) \
    X(AND, "stablehlo.and", IR_KIND_BINARY, 2) \
    X(DIVIDE, "stablehlo.divide", IR_KIND_BINARY, 2) \
    X(MAXIMUM, "stablehlo.maximum", IR_KIND_BINARY, 2) \
    X(MINIMUM, "stablehlo.minimum", IR_KIND_BINARY, 2) \
    X(MULTIPLY, "stablehlo.multiply", IR_KIND_BINARY, 2) \
    X(OR, "stablehlo.or", IR_KIND_BINARY, 2) \
    X(POWER, "stablehlo.power", IR_KIND_BINARY, 2) \
    X(REMAINDER, "stablehlo.remainder", IR_KIND_BINARY, 2) \
    X(SHIFT_LEFT, "stablehlo.shift_left", IR_KIND_BINARY, 2) \
    X(SHIFT_RIGHT_ARITHMETIC, "stablehlo.shift_right_arithmetic", IR_KIND_BINARY, 2) \
    X(SHIFT_RIGHT_LOGICAL, "stablehlo.shift_right_logical", IR_KIND_BINARY, 2) \
    X(SUBTRACT, "stablehlo.subtract", IR_KIND_BINARY, 2) \
    X(XOR, "stablehlo.xor", IR_KIND_BINARY, 2) \
    X(NEXT_AFTER, "chlo.next_after", IR_KIND_BINARY, 2) \
    X(POLYGAMMA, "chlo.polygamma", IR_KIND_BINARY, 2) \
    X(ZETA, "chlo.zeta", IR_KIND_BINARY, 2) \
    X(MULHI, "chlo.mulhi", IR_KIND_BINARY, 2) \
    X(COMPLEX_PART, "arrayjit.complex_part", IR_KIND_OTHER, -1) \
    X(FFT_PARTS, "arrayjit.fft", IR_KIND_OTHER, -1) \
    X(CHOLESKY_PARTS, "arrayjit.cholesky", IR_KIND_OTHER, 2) \
    X(TOP_K, "chlo.top_k", IR_KIND_OTHER, 1) \
    X(TRIANGULAR_SOLVE_PARTS, "arrayjit.triangular_solve", IR_KIND_OTHER, 4) \
    X(CALL, "func.call", IR_KIND_OTHER, -1) \
    X(RETURN, "func.return", IR_KIND_OTHER, -1) \
    X(FUSION, "arrayjit.fusion", IR_KIND_OTHER, -1) \
    X(CHECK_EQ, "check.expect_eq", IR_KIND_CHECK, 2) \
    X(CHECK_ALMOST_EQ, "check.expect_almost_eq", IR_KIND_CHECK, 2) \
    X(CHECK_CLOSE, "check.expect_close", IR_KIND_CHECK, 2)

typedef enum ir_opcode {
#define IR_X(e, name, kind, arity) IR_##e,
    IR_OP_LIST(IR_X)
#undef IR_X
    IR_OPCODE_COUNT
} ir_opcode;

const char *ir_op_name(ir_opcode op);      /* "stablehlo.add" */
ir_op_kind ir_op_kind_of(ir_opcode op);
int ir_op_arity(ir_opcode op);             /* -1: variadic */
/* Finds an op by its full printed name ("stablehlo.add"); false if unknown. */
bool ir_op_from_name(const char *s, size_t n, ir_opcode *out);
/* The number of results an op of this opcode with nin operands has, or -1
 * when the op itself records it (call, fusion, if, case: their callee or
 * regions decide). */
int ir_op_result_count(ir_opcode op, int nin);
/* The number of regions an op of this opcode has, or -1 when it varies
 * (case: one per branch, at least one). */
int ir_op_region_count(ir_opcode op);

typedef enum ir_cmp_dir { IR_CMP_EQ, IR_CMP_NE, IR_CMP_GE, IR_CMP_GT, IR_CMP_LE, IR_CMP_LT } ir_cmp_dir;
/* NOTYPE: the attribute was absent; the element type decides (float: FLOAT,
 * unsigned/i1: UNSIGNED, signed: SIGNED). */
typedef enum ir_cmp_type {
    IR_CMPT_NOTYPE, IR_CMPT_FLOAT, IR_CMPT_TOTALORDER, IR_CMPT_SIGNED, IR_CMPT_UNSIGNED
} ir_cmp_type;

/* A fusion op is one kernel: its region reads only its block arguments
 * (one per operand, same types), constants and iotas made inside it, and
 * returns the kernel's results, the only values it writes to memory. */
typedef enum ir_fusion_kind {
    IR_FUSION_LOOP,    /* one loop nest over the results' common shape */
    IR_FUSION_REDUCE,  /* reduce ops over one input shape and dims, with fused producers */
    IR_FUSION_DOT,     /* one dot_general (a BLAS call), then an elementwise epilogue */
    IR_FUSION_OPAQUE,  /* one op that is not loop-shaped (scatter, sort, while, ...), emitted by
                          the emitter its opcode registers (src/emit/emit_opaque.c) */
} ir_fusion_kind;

/* triangular_solve's transpose_a (ADJOINT equals TRANSPOSE on real types). */
typedef enum ir_transpose { IR_TRANSPOSE_NONE, IR_TRANSPOSE_PLAIN, IR_TRANSPOSE_ADJOINT } ir_transpose;

typedef struct ir_ints {
    int n;
    int64_t *v;   /* owned; NULL when n == 0 */
} ir_ints;

/* Attributes of an op. Each op reads only the fields named beside them. */
/* stablehlo.fft's fft_type (src/util/fft.h numbers them alike). */
typedef enum ir_fft_type { IR_FFT_FFT, IR_FFT_IFFT, IR_FFT_RFFT, IR_FFT_IRFFT } ir_fft_type;

typedef struct ir_attrs {
    ir_ints dims;          /* broadcast_in_dim: operand dim i -> result dim dims[i];
                              transpose: permutation; reverse, reduce: dimensions */
    ir_ints start, limit, stride;                              /* slice */
    ir_ints lhs_batch, rhs_batch, lhs_contract, rhs_contract;  /* dot_general */
    int64_t axis;          /* iota: iota_dimension; concatenate: dimension */
    ir_cmp_dir cmp;        /* compare */
    ir_cmp_type cmp_type;  /* compare */
    int exponent_bits, mantissa_bits;   /* reduce_precision */
    void *data;            /* constant: ir_type_bytes(result) bytes, row-major; owned */
    char *callee;          /* call: name of the called function; owned */
    double tolerance;      /* check.expect_almost_eq */
    uint64_t max_ulp, min_ulp;  /* check.expect_close: min_ulp <= distance <= max_ulp */
    ir_fusion_kind fusion_kind; /* fusion */
    ir_ints sizes;         /* dynamic_slice: slice_sizes; gather: slice_sizes */
    ir_ints low, high, interior;   /* pad: edge padding (may be negative), interior padding */
    /* gather and scatter: their dimension numbers share one form.
     *              gather                        scatter
     * window       offset_dims                   update_window_dims
     * collapsed    collapsed_slice_dims          inserted_window_dims
     * op_batch     operand_batching_dims         input_batching_dims
     * ix_batch     start_indices_batching_dims   scatter_indices_batching_dims
     * index_map    start_index_map               scatter_dims_to_operand_dims
     * index_vector_dim (in axis_b)               index_vector_dim */
    ir_ints window, collapsed, op_batch, ix_batch, index_map;
    int64_t axis_b;        /* gather, scatter: index_vector_dim */
    bool sorted, unique;   /* gather, scatter: indices_are_sorted; scatter: unique_indices (hints) */
    /* reduce_window, select_and_scatter, convolution: the window, one entry
     * per dimension (convolution: per spatial dimension). Empty lists take
     * the spec's defaults (strides and dilations 1, padding 0). padding is
     * (low, high) per dimension, flattened. convolution: lhs_dilation is
     * base_dil, rhs_dilation is win_dil; its window sizes come from the
     * kernel, so win_dims stays empty. */
    ir_ints win_dims, win_strides, base_dil, win_dil, padding;
    /* convolution's dimension numbers: conv_lhs = [batch, feature, spatial...]
     * of the input, conv_rhs = [input feature, output feature, spatial...] of
     * the kernel, conv_out = [batch, feature, spatial...] of the result. */
    ir_ints conv_lhs, conv_rhs, conv_out;
    int64_t feature_groups, batch_groups;  /* convolution: feature_group_count, batch_group_count */
    bool is_stable;        /* sort (sort's dimension is in axis; map's dimensions in dims) */
    bool left_side, lower, unit_diagonal;  /* triangular_solve; cholesky, syevd, sytrd: lower */
    ir_transpose transpose_a;              /* triangular_solve */
    int lapack_mode;       /* syevd: jobz, 'V' (eigenvectors too) or 'N'; gesdd, gesvd: jobz, 'A'
                              (full u and vt), 'S' (reduced) or 'N' (neither: u and vt are zeros);
                              geev: (jobvl << 8) | jobvr; gees: jobvs, 'V' or 'N' */
    int64_t ilo, ihi;      /* gehrd: LAPACK's ilo and ihi, 1 <= ilo <= ihi <= N (JAX: 1 and N) */
    ir_opcode complex_fn;  /* complex_part: the function (IR_EXPONENTIAL, IR_ABS, ...) */
    bool complex_imag;     /* complex_part: the imaginary part (else the real part) */
    ir_fft_type fft_type;  /* fft (fft_length in dims) */
    int64_t k;             /* chlo.top_k: how many along the last dim */
    /* The collectives: replica_groups (collective_permute: source_target_pairs), row by
     * row, group_size to a row (-1: no process, padding a ragged group); channel_handle's
     * handle; use_global_device_ids; collective_broadcast's has_dynamic_root. axis:
     * all_gather_dim, scatter_dimension, all_to_all's split_dimension; axis_b: its
     * concat_dimension; k: its split_count. */
    ir_ints groups;
    int64_t group_size, channel_id;
    bool global_ids, dynamic_root;
} ir_attrs;

/* Every ir_ints field of ir_attrs, for code that frees, copies, hashes or
 * compares them all. */
#define IR_ATTRS_LISTS(a) \
    {&(a)->dims, &(a)->start, &(a)->limit, &(a)->stride, &(a)->lhs_batch, &(a)->rhs_batch, \
     &(a)->lhs_contract, &(a)->rhs_contract, &(a)->sizes, &(a)->low, &(a)->high, &(a)->interior, \
     &(a)->window, &(a)->collapsed, &(a)->op_batch, &(a)->ix_batch, &(a)->index_map, &(a)->win_dims, \
     &(a)->win_strides, &(a)->base_dil, &(a)->win_dil, &(a)->padding, &(a)->conv_lhs, &(a)->conv_rhs, \
     &(a)->conv_out, &(a)->groups}

typedef int ir_value_id;

typedef struct ir_loc {
    const char *file;  /* interned in the module; NULL for ops built in C */
    int line, col;     /* 1-based; 0 when unknown */
} ir_loc;

typedef struct ir_block ir_block;
typedef struct ir_op ir_op;

struct ir_op {
    ir_opcode code;
    int nin, nout;
    ir_value_id *in;      /* owned */
    ir_value_id *out;     /* owned */
    ir_attrs a;
    int nregions;
    ir_block **regions;   /* owned; reduce, reduce_window: the reducer; scatter: the update
                             computation; fusion: the kernel body; while: cond, body; if: true,
                             false branch; case: the branches; map: the computation; sort: the
                             comparator; select_and_scatter: select, scatter */
    ir_loc loc;
    /* Autodiff and remat marks (src/autodiff, src/remat); clones keep them. */
    int checkpoint;       /* 0: outside any checkpoint; k > 0: inside checkpoint region k */
    bool backward;        /* made by the vjp transform for the backward pass */
};

/* The operand that result r of op is an updated copy of (same type; the op
 * replaces some of its elements and keeps the rest): dynamic_update_slice's
 * result 0 is operand 0, scatter's result k is operand k, a while's loop
 * value k is operand k (which its iterations update), the LAPACK ops'
 * result 0 is operand 0 (the matrix factored in place: jaxlib's kernels
 * alias them too), a triangular solve's x is its b (on complex parts,
 * each part b's part). -1 for every other op and result. A kernel computing
 * such a result may write it into the operand's buffer when the operand
 * dies there (plan: in place). */
int ir_op_updated_operand(const ir_op *op, int r);

/* The operand count of a complex_part op computing function fn: 2 (re, im)
 * for the functions of one complex number, 4 for divide and power, 0 for
 * an opcode that is no such function (src/util/complex_math.h lists them). */
int ir_complex_part_arity(ir_opcode fn);

/* Whether op is elementwise: unary, binary, convert, compare, select,
 * clamp, reduce_precision, complex_part (each result element from the
 * operands' elements at its index, broadcasting none). */
bool ir_op_is_elementwise(ir_opcode c);


/* A block: arguments, then ops; the last op is IR_RETURN. */
struct ir_block {
    int nargs;
    ir_value_id *args;
    int nops, cap_ops;
    ir_op **ops;
};

typedef struct ir_value {
    ir_type type;
    ir_op *def;           /* NULL for a block argument */
    int def_index;        /* result index in def, or argument index in its block */
    char *name;           /* optional source name, without '%' (for dumps); owned */
} ir_value;

/* ---- checkpoint regions (read by src/remat) ------------------------------
 * A checkpoint region is a set of forward ops (op->checkpoint == k) with a
 * policy that says which of the values they compute the backward pass may
 * keep (save); the others it recomputes from what is saved. */
typedef enum ir_remat_policy {
    IR_SAVE_EVERYTHING,     /* everything_saveable: the region changes nothing */
    IR_SAVE_NOTHING,        /* nothing_saveable: recompute all from the region's inputs */
    IR_SAVE_DOTS,           /* dots_saveable: dot_general results */
    IR_SAVE_DOTS_NO_BATCH,  /* dots_with_no_batch_dims_saveable */
    IR_SAVE_NAMED,          /* save_only_these_names: values tagged with one of names */
    IR_SAVE_IF,             /* a callback decides */
} ir_remat_policy;

/* IR_SAVE_IF's callback: the op computing a value, the value's type, its
 * checkpoint name (NULL if untagged) -> keep it? */
typedef bool (*ir_save_fn)(const ir_op *op, const ir_type *type, const char *name, void *ctx);

typedef struct ir_checkpoint {
    ir_remat_policy policy;
    int nnames;
    char **names;             /* IR_SAVE_NAMED; owned */
    ir_save_fn save;          /* IR_SAVE_IF */
    void *save_ctx;           /* owned copy of save_ctx_bytes bytes (when that is > 0) */
    size_t save_ctx_bytes;
} ir_checkpoint;

/* A checkpoint name given to a value (aj_checkpoint_name). */
typedef struct ir_value_tag {
    ir_value_id value;
    char *name;               /* owned */
} ir_value_tag;

/* A compile-result check (check.expect_memory, check.expect_kernels): a
 * figure of the function compiled on its own must equal value. It is data
 * on the function, not an op, so no pass sees it and clones do not carry
 * it; the check runner reads it from the parsed module. */
typedef enum ir_figure {
    IR_FIGURE_TEMP,        /* the order is the memory analysis's (compile.h) */
    IR_FIGURE_PEAK,
    IR_FIGURE_ARGUMENT,
    IR_FIGURE_OUTPUT,
    IR_FIGURE_ALIAS,
    IR_FIGURE_LOWER_BOUND,
    IR_FIGURE_FUSED_AWAY,
    IR_FIGURE_KERNELS,     /* kernels of the compiled function, not bytes */
    IR_NFIGURES,
} ir_figure;

typedef struct ir_expect {
    ir_figure figure;
    uint64_t value;
    ir_loc loc;               /* the check op's */
} ir_expect;

/* The spelling of a figure in check.expect_memory ("temp", "lower_bound";
 * "kernels" for IR_FIGURE_KERNELS), and back (false: no such name). */
const char *ir_figure_name(ir_figure f);
bool ir_figure_from_name(const char *s, size_t n, ir_figure *out);

typedef struct ir_func {
    char *name;           /* without '@'; owned */
    bool is_public;
    uint64_t donated;     /* bit i: the program donates parameter i (JAX's tf.aliasing_output
                             or jax.buffer_donor): its buffer may hold a result */
    uint64_t complex_params, complex_results;  /* a public function's: bit i: parameter (result) i
                                                  is complex in the program, here its parts
                                                  interleaved, S x 2 (lower_complex.c) */
    int nvalues, cap_values;
    ir_value *values;
    ir_block *body;       /* args are the parameters */
    int nresults;
    ir_type *result_types;
    ir_loc loc;
    int ncheckpoints;
    ir_checkpoint *checkpoints;  /* op->checkpoint == k reads checkpoints[k - 1]; owned */
    int ntags;
    ir_value_tag *tags;          /* owned; clones keep both tables (value ids are kept) */
    int nexpects;
    ir_expect *expects;          /* owned; in source order; not cloned (see ir_expect) */
} ir_func;

/* Whether op (of f) reads operand j only at the row-major linear index of
 * the result element it computes: elementwise ops on one shape, reshapes,
 * and broadcasts or transposes that only add, drop or move unit dims. */
bool ir_op_reads_at_linear_index(const ir_func *f, const ir_op *op, int j);

typedef struct ir_module {
    char *name;           /* may be NULL */
    int nfuncs, cap_funcs;
    ir_func **funcs;
    int nstrings, cap_strings;
    char **strings;       /* interned file names for ir_loc */
} ir_module;

/* ---- windows ------------------------------------------------------------- */

/* The window of reduce_window and select_and_scatter (one entry per
 * dimension of the operand) or of convolution (one per spatial dimension,
 * sizes from the kernel), with the spec's defaults filled in. Window
 * position p and offset w (row-major over size) name the point
 *     q_i = p_i * stride_i + w_i * win_dil_i - lo_i
 * of the input padded by (lo, hi) and base-dilated: an input element
 * q_i / base_dil_i where q_i is a multiple of base_dil_i inside the dilated
 * input, else padding. */
typedef struct ir_window {
    int rank;
    int64_t size[IR_MAX_RANK], stride[IR_MAX_RANK], base_dil[IR_MAX_RANK], win_dil[IR_MAX_RANK];
    int64_t lo[IR_MAX_RANK], hi[IR_MAX_RANK];
} ir_window;

/* The greatest common divisor of a, b >= 0 (a window's dilations). */
static inline int64_t ir_gcd(int64_t a, int64_t b) { return b ? ir_gcd(b, a % b) : a; }

/* Reads op's window attributes over `rank` dimensions, sizes from `sizes`
 * (NULL: the win_dims attribute). False, with the reason in why, when a
 * list has the wrong length or an entry is out of range (sizes, strides
 * and dilations at least 1, everything at most 2^40 in magnitude). */
bool ir_window_read(const ir_op *op, int rank, const int64_t *sizes, ir_window *w, char *why, size_t why_size);
/* The number of window positions along dimension i of an input of size n;
 * -1 when the dilated input is too large to count (> 2^61 elements). */
int64_t ir_window_positions(const ir_window *w, int i, int64_t n);

/* ---- construction ------------------------------------------------------
 * Every function returns NULL/-1 only when memory runs out; shape rules are
 * the verifier's job, so building never fails on bad shapes. */

ir_module *ir_module_new(void);
void ir_module_free(ir_module *m);
const char *ir_module_intern(ir_module *m, const char *s);   /* NULL on OOM */

/* Appends a function with no parameters and no results yet. */
ir_func *ir_func_new(ir_module *m, const char *name);
/* Deep copies (values keep their ids; NULL on OOM). */
ir_module *ir_module_clone(const ir_module *m);
ir_func *ir_func_clone_into(ir_module *dst, const ir_func *f);

/* Removes f from m and frees it. */
void ir_module_remove_func(ir_module *m, ir_func *f);
ir_func *ir_module_find(const ir_module *m, const char *name);
/* The function to run: "main", else the only function; NULL if neither. */
ir_func *ir_module_entry(const ir_module *m);

/* Appends a compile-result check to f; -1 on OOM. */
int ir_func_add_expect(ir_func *f, const ir_expect *e);

/* Adds a value of the given type to f's table; -1 on OOM. */
ir_value_id ir_value_new(ir_func *f, const ir_type *t);
static inline ir_type *ir_value_type(ir_func *f, ir_value_id v) { return &f->values[v].type; }

ir_block *ir_block_new(void);
void ir_block_free(ir_block *b);
/* Adds a block argument of type t; returns its value id or -1. */
ir_value_id ir_block_add_arg(ir_func *f, ir_block *b, const ir_type *t);

/* Creates an op with nin operands and nout results of the given types,
 * appends it to block b and returns it (NULL on OOM). Attributes start
 * zeroed; set them after. */
ir_op *ir_op_append(ir_func *f, ir_block *b, ir_opcode code,
                    int nin, const ir_value_id *in,
                    int nout, const ir_type *out_types);
/* Adds an empty region to op (returns it, NULL on OOM). */
ir_block *ir_op_add_region(ir_op *op);
void ir_op_free(ir_op *op);

/* Sets *dst to a copy of n ints; 0 or -1 on OOM. */
int ir_ints_set(ir_ints *dst, int n, const int64_t *v);
void ir_attrs_free(ir_attrs *a);
/* Deep copy of src into dst (constant data: data_bytes bytes); 0, or -1 on
 * OOM leaving in dst what was copied (release it with ir_attrs_free). */
int ir_attrs_copy(ir_attrs *dst, const ir_attrs *src, size_t data_bytes);

/* Adds a deep copy of c as f's next checkpoint region; returns its number
 * k >= 1 (for op->checkpoint), or -1 on OOM. */
int ir_func_add_checkpoint(ir_func *f, const ir_checkpoint *c);
/* Tags value v with a checkpoint name (a later tag replaces an earlier
 * one); 0, or -1 on OOM. */
int ir_func_tag_value(ir_func *f, ir_value_id v, const char *name);
/* v's checkpoint name, or NULL. */
const char *ir_func_value_tag(const ir_func *f, ir_value_id v);

/* Sets the function's result types from its body's RETURN (after building). */
int ir_func_set_results(ir_func *f, int n, const ir_type *types);

/* ---- verification and printing ----------------------------------------- */

/* Computes the result types of op from its operands' types, its attributes
 * and its regions into out[0..op->nout). For ops whose result is not implied
 * by their operands (constant, iota, reshape, broadcast_in_dim, convert),
 * the types currently recorded for op's results supply the missing part
 * (shape or dtype) and are checked for consistency. The C builder and the
 * verifier both use it, so the shape rules live in one place.
 * Returns DIAG_OK or DIAG_INVALID with a message naming the op (and its
 * location), the operand and what was expected. */
int ir_infer_types(const ir_func *f, const ir_op *op, ir_type *out, diag *d);

/* The LAPACK call of an arrayjit.getrf, geqrf, orgqr, syevd, gesdd,
 * gesvd, sytrd, gehrd, geev or gees op, or of stablehlo.cholesky (potrf) or
 * triangular_solve (trtrs): its routine (an aj_lapack_routine of
 * src/util/lapack_kernels.h), the number of matrices, one matrix's sizes
 * (m x n; k = min(m, n), orgqr: tau's size; gesdd's and gesvd's u is
 * m x ucols and vt vtrows x n; trtrs: a is m x m, n the right-hand sides),
 * the element's bytes and lapack_mode. False
 * for any other op (or malformed types). */
typedef struct ir_lapack_call {
    int routine;
    int64_t batch, m, n, k, ucols, vtrows;
    size_t elem;
    int mode;
    bool is_complex;   /* the matrices are complex, given as their parts (elem: a complex element's bytes) */
} ir_lapack_call;
bool ir_lapack_call_of(const ir_func *f, const ir_op *op, ir_lapack_call *c);

/* Checks one op: arity, operand definitions, inferred == recorded result
 * types, regions, and (for call) the callee's signature. */
int ir_verify_op(const ir_module *m, const ir_func *f, const ir_op *op, diag *d);

/* Checks every invariant and op rule. The message names the function, the op
 * (with its location when known), the operand and what was expected.
 * Returns DIAG_OK, DIAG_INVALID, or DIAG_UNSUPPORTED (recursive calls). */
int ir_verify_module(const ir_module *m, diag *d);
int ir_verify_func(const ir_module *m, const ir_func *f, diag *d);

#include <stdio.h>
/* Prints the module in StableHLO generic-ish text that every pass uses for
 * dumps. Constants larger than 16 elements print as a hex blob. */
void ir_print_module(FILE *out, const ir_module *m);
void ir_print_func(FILE *out, const ir_module *m, const ir_func *f);

#endif
