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

/* Tier-1 types come first; the narrow types are declared so that tier 2
 * slots in without renumbering. ir_dtype_supported says which are enabled. */
typedef enum ir_dtype {
    IR_F32, IR_F64, IR_I32, IR_I64, IR_I1,
    IR_F16, IR_BF16, IR_I8, IR_I16, IR_U8, IR_U16, IR_U32, IR_U64,
    IR_DTYPE_COUNT
} ir_dtype;

size_t ir_dtype_size(ir_dtype t);          /* bytes per element; i1 is one byte holding 0 or 1 */
const char *ir_dtype_name(ir_dtype t);     /* MLIR spelling: "f32", "i1", "ui8" */
bool ir_dtype_from_name(const char *s, size_t n, ir_dtype *out);
bool ir_dtype_is_float(ir_dtype t);
bool ir_dtype_is_int(ir_dtype t);          /* signed or unsigned integer, not i1 */
bool ir_dtype_is_unsigned(ir_dtype t);
bool ir_dtype_supported(ir_dtype t);       /* enabled in this build's tiers */

/* ---- shaped types ----------------------------------------------------- */

#define IR_MAX_RANK 8

typedef struct ir_type {
    ir_dtype dtype;
    int rank;
    int64_t dims[IR_MAX_RANK];
} ir_type;

ir_type ir_type_make(ir_dtype dtype, int rank, const int64_t *dims);
ir_type ir_type_scalar(ir_dtype dtype);
int64_t ir_type_numel(const ir_type *t);
size_t ir_type_bytes(const ir_type *t);
bool ir_type_eq(const ir_type *a, const ir_type *b);
bool ir_type_same_shape(const ir_type *a, const ir_type *b);
/* Writes "tensor<2x3xf32>" into buf (always terminated); returns buf. */
char *ir_type_str(const ir_type *t, char *buf, size_t size);

/* ---- ops ---------------------------------------------------------------- */

typedef enum ir_op_kind {
    IR_KIND_UNARY,     /* elementwise, one operand, result type = operand type (except is_finite) */
    IR_KIND_BINARY,    /* elementwise, two operands of one type */
    IR_KIND_OTHER,
    IR_KIND_CHECK,     /* side-effecting check of a value against an expected one */
} ir_op_kind;

/* X(ENUM, printed name, kind, operand count or -1 when variadic) */
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
    X(SELECT, "stablehlo.select", IR_KIND_OTHER, 3) \
    X(CLAMP, "stablehlo.clamp", IR_KIND_OTHER, 3) \
    X(COMPARE, "stablehlo.compare", IR_KIND_OTHER, 2) \
    X(DOT_GENERAL, "stablehlo.dot_general", IR_KIND_OTHER, 2) \
    X(REDUCE, "stablehlo.reduce", IR_KIND_OTHER, -1) \
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
} ir_fusion_kind;

typedef struct ir_ints {
    int n;
    int64_t *v;   /* owned; NULL when n == 0 */
} ir_ints;

/* Attributes of an op. Each op reads only the fields named beside them. */
typedef struct ir_attrs {
    ir_ints dims;          /* broadcast_in_dim: operand dim i -> result dim dims[i];
                              transpose: permutation; reverse, reduce: dimensions */
    ir_ints start, limit, stride;                              /* slice */
    ir_ints lhs_batch, rhs_batch, lhs_contract, rhs_contract;  /* dot_general */
    int64_t axis;          /* iota: iota_dimension; concatenate: dimension */
    ir_cmp_dir cmp;        /* compare */
    ir_cmp_type cmp_type;  /* compare */
    void *data;            /* constant: ir_type_bytes(result) bytes, row-major; owned */
    char *callee;          /* call: name of the called function; owned */
    double tolerance;      /* check.expect_almost_eq */
    uint64_t max_ulp, min_ulp;  /* check.expect_close: min_ulp <= distance <= max_ulp */
    ir_fusion_kind fusion_kind; /* fusion */
} ir_attrs;

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
    ir_block **regions;   /* owned; reduce: one region, the reducer; fusion: the kernel body */
    ir_loc loc;
    /* Autodiff and remat marks (src/autodiff, src/remat); clones keep them. */
    int checkpoint;       /* 0: outside any checkpoint; k > 0: inside checkpoint region k */
    bool backward;        /* made by the vjp transform for the backward pass */
};

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

typedef struct ir_func {
    char *name;           /* without '@'; owned */
    bool is_public;
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
} ir_func;

typedef struct ir_module {
    char *name;           /* may be NULL */
    int nfuncs, cap_funcs;
    ir_func **funcs;
    int nstrings, cap_strings;
    char **strings;       /* interned file names for ir_loc */
} ir_module;

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

/* Checks one op: arity, operand definitions, inferred == recorded result
 * types, regions, and (for call) the callee's signature. */
int ir_verify_op(const ir_module *m, const ir_func *f, const ir_op *op, diag *d);

/* Checks every invariant and op rule. The message names the function, the op
 * (with its location when known), the operand and what was expected.
 * Returns DIAG_OK, DIAG_INVALID, or DIAG_UNSUPPORTED for a dtype outside
 * the supported tiers. */
int ir_verify_module(const ir_module *m, diag *d);
int ir_verify_func(const ir_module *m, const ir_func *f, diag *d);

#include <stdio.h>
/* Prints the module in StableHLO generic-ish text that every pass uses for
 * dumps. Constants larger than 16 elements print as a hex blob. */
void ir_print_module(FILE *out, const ir_module *m);
void ir_print_func(FILE *out, const ir_module *m, const ir_func *f);

#endif
