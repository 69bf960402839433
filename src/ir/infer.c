/* infer.c: the shape and type rule of every op, after the constraints
 * (C1..Cn) of the StableHLO specification (openxla/stablehlo docs/spec.md).
 *
 * ir_infer_types first checks what all ops share (a known opcode, operand,
 * result and region counts, value ids, well-formed types), then runs the
 * op's own rule. A rule reads operand types, attributes and regions and
 * writes the result types. Where the operands do not imply the result
 * (constant, iota, broadcast_in_dim, reshape, convert, the element type of
 * dot_general, call, gesdd's and gesvd's u and vt without vectors), the
 * recorded result type supplies the missing part and the rule checks that
 * it fits. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "infer_internal.h"

/* ---- messages (shared with verify.c through ir_priv.h) ------------------ */

ir_type_text ir_type_text_of(const ir_type *t) {
    ir_type_text text;
    if (t->rank < 0 || t->rank > IR_MAX_RANK)
        snprintf(text.s, sizeof text.s, "<type of rank %d>", t->rank);
    else if ((unsigned)t->dtype >= IR_DTYPE_COUNT)
        snprintf(text.s, sizeof text.s, "<type with element type #%d>", (int)t->dtype);
    else
        ir_type_str(t, text.s, sizeof text.s);
    return text;
}

int ir_type_problem(const ir_type *t, char *why, size_t size) {
    if (t->rank < 0 || t->rank > IR_MAX_RANK) {
        snprintf(why, size, "rank %d is outside [0, %d]", t->rank, IR_MAX_RANK);
        return DIAG_INVALID;
    }
    if ((unsigned)t->dtype >= IR_DTYPE_COUNT) {
        snprintf(why, size, "unknown element type #%d", (int)t->dtype);
        return DIAG_INVALID;
    }
    if (ir_dtype_is_complex(t->dtype)) {   /* the front end lowers them (ir_dtype) */
        snprintf(why, size, "element type %s outside the front end", ir_dtype_name(t->dtype));
        return DIAG_INVALID;
    }
    /* Keep the byte count representable, so later size arithmetic cannot
     * overflow (numel * 8 bytes stays below INT64_MAX). */
    int64_t numel = 1;
    for (int i = 0; i < t->rank; i++) {
        int64_t dim = t->dims[i];
        if (dim < 0) {
            snprintf(why, size, "dimension %d of %s has negative size", i, TT(t));
            return DIAG_INVALID;
        }
        if (dim > 0 && numel > INT64_MAX / 8 / dim) {
            snprintf(why, size, "%s has too many elements", TT(t));
            return DIAG_INVALID;
        }
        numel *= dim;
    }
    return DIAG_OK;
}

static const char *op_display_name(const ir_op *op) {
    return (unsigned)op->code < IR_OPCODE_COUNT ? ir_op_name(op->code) : "<unknown op>";
}

/* Writes "file:line:col: in @f: " (the location only when known). */
static size_t context_prefix(const ir_func *f, const ir_loc *loc, char *buf, size_t size) {
    int used = 0;
    if (loc && loc->file)
        used = snprintf(buf, size, "%s:%d:%d: ", loc->file, loc->line, loc->col);
    if (used < 0 || (size_t)used >= size) return size - 1;
    int more = snprintf(buf + used, size - (size_t)used, "in @%s: ", f && f->name ? f->name : "?");
    if (more < 0 || (size_t)(used + more) >= size) return size - 1;
    return (size_t)(used + more);
}

static int vfail(diag *d, int code, const ir_func *f, const ir_loc *loc, const ir_op *op,
                 const char *fmt, va_list ap) {
    char head[512], body[768];
    size_t used = context_prefix(f, loc, head, sizeof head);
    if (op) snprintf(head + used, sizeof head - used, "'%s' op ", op_display_name(op));
    vsnprintf(body, sizeof body, fmt, ap);
    return diag_set(d, code, "%s%s", head, body);
}

int ir_op_fail(diag *d, int code, const ir_func *f, const ir_op *op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(d, code, f, &op->loc, op, fmt, ap);
    va_end(ap);
    return code;
}

int ir_func_fail(diag *d, int code, const ir_func *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(d, code, f, &f->loc, NULL, fmt, ap);
    va_end(ap);
    return code;
}

const ir_op *ir_block_terminator(const ir_block *b) {
    if (!b || b->nops <= 0) return NULL;
    const ir_op *last = b->ops[b->nops - 1];
    return last && last->code == IR_RETURN ? last : NULL;
}

/* ---- element type classes ------------------------------------------------ */

unsigned infer_dtype_class(ir_dtype t) {
    if (t == IR_I1) return CLS_BOOL;
    if (ir_dtype_is_float(t)) return CLS_FLOAT;
    return ir_dtype_is_unsigned(t) ? CLS_UINT : CLS_SINT;
}

/* Boolean, integer (either signedness) or floating-point: the kinds between
 * which no op converts implicitly. */
unsigned infer_dtype_kind(ir_dtype t) {
    unsigned cls = infer_dtype_class(t);
    return cls & CLS_INT ? CLS_INT : cls;
}

/* Names a class set in words: "signed integer or floating-point". */
const char *infer_class_words(unsigned cls, char *buf, size_t size) {
    const char *words[4];
    int n = 0;
    if (cls & CLS_BOOL) words[n++] = "boolean";
    if ((cls & CLS_INT) == CLS_INT) words[n++] = "integer";
    else if (cls & CLS_SINT) words[n++] = "signed integer";
    else if (cls & CLS_UINT) words[n++] = "unsigned integer";
    if (cls & CLS_FLOAT) words[n++] = "floating-point";
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", sep, words[i]);
    }
    return buf;
}

/* The element types an op accepts, from the "Inputs" tables of the spec.
 * For elementwise ops, compare and dot_general they constrain the operands;
 * for iota, the result. Ops not listed accept every element type. */
static const unsigned accepted_classes[IR_OPCODE_COUNT] = {
    [IR_IOTA] = CLS_INT | CLS_FLOAT,
    [IR_ABS] = CLS_SINT | CLS_FLOAT,
    [IR_CBRT] = CLS_FLOAT,
    [IR_CEIL] = CLS_FLOAT,
    [IR_COSINE] = CLS_FLOAT,
    [IR_COUNT_LEADING_ZEROS] = CLS_INT,
    [IR_EXPONENTIAL] = CLS_FLOAT,
    [IR_EXPONENTIAL_MINUS_ONE] = CLS_FLOAT,
    [IR_FLOOR] = CLS_FLOAT,
    [IR_IS_FINITE] = CLS_FLOAT,
    [IR_LOG] = CLS_FLOAT,
    [IR_LOG_PLUS_ONE] = CLS_FLOAT,
    [IR_LOGISTIC] = CLS_FLOAT,
    [IR_NEGATE] = CLS_INT | CLS_FLOAT,   /* unsigned negation wraps */
    [IR_NOT] = CLS_BOOL | CLS_INT,
    [IR_POPCNT] = CLS_INT,
    [IR_ROUND_NEAREST_AFZ] = CLS_FLOAT,
    [IR_ROUND_NEAREST_EVEN] = CLS_FLOAT,
    [IR_RSQRT] = CLS_FLOAT,
    [IR_SIGN] = CLS_SINT | CLS_FLOAT,
    [IR_SINE] = CLS_FLOAT,
    [IR_SQRT] = CLS_FLOAT,
    [IR_TAN] = CLS_FLOAT,
    [IR_TANH] = CLS_FLOAT,
    [IR_ACOS] = CLS_FLOAT, [IR_ACOSH] = CLS_FLOAT, [IR_ASIN] = CLS_FLOAT, [IR_ASINH] = CLS_FLOAT,
    [IR_ATAN] = CLS_FLOAT, [IR_ATANH] = CLS_FLOAT, [IR_COSH] = CLS_FLOAT, [IR_SINH] = CLS_FLOAT,
    [IR_ERF] = CLS_FLOAT, [IR_ERFC] = CLS_FLOAT, [IR_ERF_INV] = CLS_FLOAT, [IR_LGAMMA] = CLS_FLOAT,
    [IR_DIGAMMA] = CLS_FLOAT, [IR_BESSEL_I1E] = CLS_FLOAT,
    [IR_NEXT_AFTER] = CLS_FLOAT, [IR_POLYGAMMA] = CLS_FLOAT, [IR_ZETA] = CLS_FLOAT,
    [IR_MULHI] = CLS_INT,
    [IR_ATAN2] = CLS_FLOAT,
    [IR_AND] = CLS_BOOL | CLS_INT,
    [IR_DIVIDE] = CLS_INT | CLS_FLOAT,
    [IR_OR] = CLS_BOOL | CLS_INT,
    [IR_POWER] = CLS_INT | CLS_FLOAT,
    [IR_REMAINDER] = CLS_INT | CLS_FLOAT,
    [IR_SHIFT_LEFT] = CLS_INT,
    [IR_SHIFT_RIGHT_ARITHMETIC] = CLS_INT,
    [IR_SHIFT_RIGHT_LOGICAL] = CLS_INT,
    [IR_SUBTRACT] = CLS_INT | CLS_FLOAT,
    [IR_XOR] = CLS_BOOL | CLS_INT,
};

static unsigned op_accepts(ir_opcode code) {
    return accepted_classes[code] ? accepted_classes[code] : CLS_ANY;
}

/* ---- the context of one inference ---------------------------------------- */

int infer_fail(const infer_ctx *cx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(cx->d, DIAG_INVALID, cx->f, &cx->op->loc, cx->op, fmt, ap);
    va_end(ap);
    return DIAG_INVALID;
}

/* ---- checks every op shares ---------------------------------------------- */

static int check_operand_count(const infer_ctx *cx) {
    const ir_op *op = cx->op;
    int arity = ir_op_arity(op->code);
    if (arity >= 0 && op->nin != arity)
        return infer_fail(cx, "expected %d operand%s, got %d", arity, arity == 1 ? "" : "s", op->nin);
    if (op->nin < 0) return infer_fail(cx, "has a negative operand count");
    if (op->code == IR_CONCATENATE && op->nin < 1)
        return infer_fail(cx, "expected at least 1 operand, got 0");
    if ((op->code == IR_REDUCE || op->code == IR_REDUCE_WINDOW) && (op->nin < 2 || op->nin % 2 != 0))
        return infer_fail(cx, "expected N inputs then N init values (an even count, at least 2), got %d operands",
                          op->nin);
    if ((op->code == IR_SORT || op->code == IR_MAP) && op->nin < 1)
        return infer_fail(cx, "expected at least 1 operand, got 0");
    if (op->code == IR_SCATTER && (op->nin < 3 || op->nin % 2 != 1))
        return infer_fail(cx, "expected N inputs, the indices, then N updates (an odd count, at least 3), got %d operands",
                          op->nin);
    if ((op->code == IR_DYNAMIC_SLICE && op->nin < 1) || (op->code == IR_DYNAMIC_UPDATE_SLICE && op->nin < 2))
        return infer_fail(cx, "expected at least %d operands, got %d", op->code == IR_DYNAMIC_SLICE ? 1 : 2, op->nin);
    return DIAG_OK;
}

/* Result count implied by the op: reduce has one per input; a call's count
 * comes from its callee, which ir_verify_op checks. */
static int expected_result_count(const ir_op *op) {
    int n = ir_op_result_count(op->code, op->nin);
    return n < 0 ? op->nout : n;
}

static int check_result_and_region_counts(const infer_ctx *cx) {
    const ir_op *op = cx->op;
    int results = expected_result_count(op);
    if (op->nout != results || op->nout < 0)
        return infer_fail(cx, "expected %d result%s, got %d", results, results == 1 ? "" : "s", op->nout);
    int regions = ir_op_region_count(op->code);
    if (regions < 0 && op->nregions < 1) return infer_fail(cx, "expected at least 1 region, got %d", op->nregions);
    if (regions >= 0 && op->nregions != regions)
        return infer_fail(cx, "expected %d region%s, got %d", regions, regions == 1 ? "" : "s", op->nregions);
    for (int r = 0; r < op->nregions; r++)
        if (!op->regions[r]) return infer_fail(cx, "region %d is missing", r);
    return DIAG_OK;
}

/* Ops whose rule reads the recorded result types (see the file comment). */
static bool reads_recorded_results(ir_opcode code) {
    switch (code) {
    case IR_CONSTANT: case IR_IOTA: case IR_BROADCAST_IN_DIM: case IR_RESHAPE:
    case IR_CONVERT: case IR_BITCAST_CONVERT: case IR_DOT_GENERAL: case IR_CALL: case IR_CONVOLUTION:
    case IR_GESDD: case IR_GESVD: case IR_TOP_K:
        return true;
    default:
        return false;
    }
}

/* A value's id must exist and its type be well formed and supported. */
static int check_value(const infer_ctx *cx, const char *role, int index, ir_value_id v) {
    if (!infer_valid_id(cx, v))
        return infer_fail(cx, "%s %d: value id %d does not exist (the function has %d values)", role, index, v,
                          cx->f->nvalues);
    char why[400];
    int rc = ir_type_problem(infer_type_of(cx, v), why, sizeof why);
    return rc ? ir_op_fail(cx->d, rc, cx->f, cx->op, "%s %d: %s", role, index, why) : DIAG_OK;
}

static int check_structure(const infer_ctx *cx) {
    const ir_op *op = cx->op;
    if ((unsigned)op->code >= IR_OPCODE_COUNT) return infer_fail(cx, "has unknown opcode %d", (int)op->code);
    int rc = check_operand_count(cx);
    if (!rc) rc = check_result_and_region_counts(cx);
    for (int i = 0; !rc && i < op->nin; i++) rc = check_value(cx, "operand", i, op->in[i]);
    if (reads_recorded_results(op->code))
        for (int i = 0; !rc && i < op->nout; i++) rc = check_value(cx, "result", i, op->out[i]);
    return rc;
}

bool ir_op_counts_fit(const ir_op *op) {
    infer_ctx cx = {NULL, op, NULL, NULL};   /* infer_fail() tolerates no function and no diag */
    return (unsigned)op->code < IR_OPCODE_COUNT && !check_operand_count(&cx) &&
           !check_result_and_region_counts(&cx);
}

/* ---- small checks the rules share ---------------------------------------- */

int infer_expect_same_type(const infer_ctx *cx, int i, int j) {
    if (ir_type_eq(infer_operand(cx, i), infer_operand(cx, j))) return DIAG_OK;
    return infer_fail(cx, "operand %d: expected %s (same as operand %d), got %s", i, TT(infer_operand(cx, j)), j,
                      TT(infer_operand(cx, i)));
}

/* `what` is "operand 0" or "result"; t is its type. */
int infer_expect_accepted_dtype(const infer_ctx *cx, const char *what, const ir_type *t) {
    unsigned accepted = op_accepts(cx->op->code);
    if (infer_dtype_class(t->dtype) & accepted) return DIAG_OK;
    char words[96];
    return infer_fail(cx, "%s: expected a tensor of %s type, got %s", what, infer_class_words(accepted, words, sizeof words),
                      TT(t));
}

int infer_expect_list_length(const infer_ctx *cx, const char *what, const ir_ints *list, int n,
                             const char *why) {
    if (list->n == n && (n == 0 || list->v)) return DIAG_OK;
    return infer_fail(cx, "%s: expected %d entr%s (%s), got %d", what, n, n == 1 ? "y" : "ies", why, list->n);
}

/* Checks that every entry of list names a dimension in [0, rank) of the
 * tensor `of` and that none repeats one already in *claimed (a bit per
 * dimension; rank <= IR_MAX_RANK), then adds them. Sharing *claimed across
 * lists checks uniqueness across them (dot_general's batch + contract). */
int infer_claim_dims(const infer_ctx *cx, const char *what, const ir_ints *list, int rank, const char *of,
                     unsigned *claimed) {
    if (list->n < 0 || (list->n > 0 && !list->v)) return infer_fail(cx, "%s: malformed list", what);
    for (int i = 0; i < list->n; i++) {
        int64_t dim = list->v[i];
        if (dim < 0 || dim >= rank)
            return infer_fail(cx, "%s[%d] = %lld: expected a dimension of %s, in [0, %d)", what, i, (long long)dim, of,
                              rank);
        if (*claimed & (1u << dim))
            return infer_fail(cx, "%s[%d] = %lld: dimension %lld of %s appears more than once", what, i, (long long)dim,
                              (long long)dim, of);
        *claimed |= 1u << dim;
    }
    return DIAG_OK;
}

void infer_append_free_dims(ir_type *res, const ir_type *t, unsigned claimed) {
    for (int d = 0; d < t->rank; d++)
        if (!infer_dim_claimed(claimed, d)) res->dims[res->rank++] = t->dims[d];
}

/* Operands 0..n share operand 0's shape. */
int infer_expect_same_shapes(const infer_ctx *cx, int n) {
    for (int k = 1; k < n; k++)
        if (!ir_type_same_shape(infer_operand(cx, k), infer_operand(cx, 0)))
            return infer_fail(cx, "operand %d: expected the shape of operand 0 %s, got %s", k, TT(infer_operand(cx, 0)),
                              TT(infer_operand(cx, k)));
    return DIAG_OK;
}

/* ---- regions: what the rules of ops with regions share ------------------- */

/* Reads a value of region r; `what` names it in messages. */
static int region_value(const infer_ctx *cx, int r, const char *what, int index, ir_value_id v, const ir_type **t) {
    if (!infer_valid_id(cx, v)) return infer_fail(cx, "region %d %s %d: value id %d does not exist", r, what, index, v);
    char why[400];
    int rc = ir_type_problem(infer_type_of(cx, v), why, sizeof why);
    if (rc) return ir_op_fail(cx->d, rc, cx->f, cx->op, "region %d %s %d: %s", r, what, index, why);
    *t = infer_type_of(cx, v);
    return DIAG_OK;
}

/* Region r has the argument types args[0..nargs) (NULL: nargs scalars of
 * scalar_dtype). */
int infer_expect_region_args(const infer_ctx *cx, int r, const ir_type *args, int nargs) {
    const ir_block *b = cx->op->regions[r];
    if (b->nargs != nargs) return infer_fail(cx, "region %d: expected %d argument%s, got %d", r, nargs, nargs == 1 ? "" : "s", b->nargs);
    for (int i = 0; i < nargs; i++) {
        const ir_type *t = NULL;
        int rc = region_value(cx, r, "argument", i, b->args[i], &t);
        if (rc) return rc;
        if (!ir_type_eq(t, &args[i])) return infer_fail(cx, "region %d argument %d: expected %s, got %s", r, i, TT(&args[i]), TT(t));
    }
    return DIAG_OK;
}

/* Region r returns n values; their types into out[0..n) (may be NULL). */
int infer_region_returns(const infer_ctx *cx, int r, int n, ir_type *out) {
    const ir_op *ret = ir_block_terminator(cx->op->regions[r]);
    if (!ret) return infer_fail(cx, "region %d: does not end with a return", r);
    if (ret->nin != n) return infer_fail(cx, "region %d: returns %d value%s, expected %d", r, ret->nin, ret->nin == 1 ? "" : "s", n);
    for (int i = 0; i < n; i++) {
        const ir_type *t = NULL;
        int rc = region_value(cx, r, "result", i, ret->in[i], &t);
        if (rc) return rc;
        if (out) out[i] = *t;
    }
    return DIAG_OK;
}

/* Region r returns exactly the types want[0..n). */
int infer_expect_region_returns(const infer_ctx *cx, int r, const ir_type *want, int n, const char *whose) {
    const ir_op *ret = ir_block_terminator(cx->op->regions[r]);
    int rc = infer_region_returns(cx, r, n, NULL);
    for (int i = 0; !rc && i < n; i++)
        if (!ir_type_eq(infer_type_of(cx, ret->in[i]), &want[i]))
            return infer_fail(cx, "region %d result %d: expected %s (%s), got %s", r, i, TT(&want[i]), whose,
                              TT(infer_type_of(cx, ret->in[i])));
    return rc;
}

const ir_type infer_bool_scalar = {.dtype = IR_I1, .rank = 0};

/* ---- rules: calls, returns, checks ------------------------------------------ */

/* The callee decides; ir_verify_op checks the recorded types against it. */
static int rule_call(infer_ctx *cx) {
    for (int i = 0; i < cx->op->nout; i++) cx->out[i] = *infer_recorded(cx, i);
    return DIAG_OK;
}

/* A kernel: one block argument per operand, of its type; its results are
 * what the region returns. */
static int rule_fusion(infer_ctx *cx) {
    const ir_op *op = cx->op;
    const ir_block *body = op->regions[0];
    if (body->nargs != op->nin)
        return infer_fail(cx, "region has %d arguments for %d operands", body->nargs, op->nin);
    for (int i = 0; i < op->nin; i++) {
        if (!infer_valid_id(cx, body->args[i])) return infer_fail(cx, "region argument %d does not exist", i);
        if (!ir_type_eq(infer_type_of(cx, body->args[i]), infer_type_of(cx, op->in[i])))
            return infer_fail(cx, "region argument %d: expected %s (the type of operand %d), got %s", i,
                              ir_type_text_of(infer_type_of(cx, op->in[i])).s, i,
                              ir_type_text_of(infer_type_of(cx, body->args[i])).s);
    }
    const ir_op *ret = body->nops ? body->ops[body->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN || ret->nin != op->nout)
        return infer_fail(cx, "region must end in a return of %d values", op->nout);
    for (int i = 0; i < op->nout; i++) {
        if (!infer_valid_id(cx, ret->in[i])) return infer_fail(cx, "region result %d does not exist", i);
        cx->out[i] = *infer_type_of(cx, ret->in[i]);
    }
    return DIAG_OK;
}

/* Returns and checks produce nothing. A check's two types may differ: that
 * is a check failure at run time (conformance rules), not malformed IR. */
static int rule_no_results(infer_ctx *cx) {
    (void)cx;
    return DIAG_OK;
}

/* ---- dispatch --------------------------------------------------------------- */

typedef int (*infer_rule)(infer_ctx *cx);

static const infer_rule other_rules[IR_OPCODE_COUNT] = {
    [IR_CONSTANT] = infer_rule_constant,
    [IR_IOTA] = infer_rule_iota,
    [IR_BROADCAST_IN_DIM] = infer_rule_broadcast_in_dim,
    [IR_RESHAPE] = infer_rule_reshape,
    [IR_TRANSPOSE] = infer_rule_transpose,
    [IR_SLICE] = infer_rule_slice,
    [IR_CONCATENATE] = infer_rule_concatenate,
    [IR_REVERSE] = infer_rule_reverse,
    [IR_CONVERT] = infer_rule_convert,
    [IR_BITCAST_CONVERT] = infer_rule_bitcast_convert,
    [IR_REDUCE_PRECISION] = infer_rule_reduce_precision,
    [IR_SELECT] = infer_rule_select,
    [IR_CLAMP] = infer_rule_clamp,
    [IR_COMPLEX_PART] = infer_rule_complex_part,
    [IR_COMPARE] = infer_rule_compare,
    [IR_DOT_GENERAL] = infer_rule_dot_general,
    [IR_REDUCE] = infer_rule_reduce,
    [IR_PAD] = infer_rule_pad,
    [IR_DYNAMIC_SLICE] = infer_rule_dynamic_slice,
    [IR_DYNAMIC_UPDATE_SLICE] = infer_rule_dynamic_update_slice,
    [IR_GATHER] = infer_rule_gather,
    [IR_SCATTER] = infer_rule_scatter,
    [IR_GET_DIMENSION_SIZE] = infer_rule_get_dimension_size,
    [IR_OPTIMIZATION_BARRIER] = infer_rule_optimization_barrier,
    [IR_WHILE] = infer_rule_while,
    [IR_IF] = infer_rule_branches,
    [IR_CASE] = infer_rule_branches,
    [IR_MAP] = infer_rule_map,
    [IR_SORT] = infer_rule_sort,
    [IR_TOP_K] = infer_rule_top_k,
    [IR_REDUCE_WINDOW] = infer_rule_reduce_window,
    [IR_SELECT_AND_SCATTER] = infer_rule_select_and_scatter,
    [IR_CONVOLUTION] = infer_rule_convolution,
    [IR_TRIANGULAR_SOLVE] = infer_rule_triangular_solve,
    [IR_CHOLESKY] = infer_rule_cholesky,
    [IR_CHOLESKY_PARTS] = infer_rule_cholesky,
    [IR_TRIANGULAR_SOLVE_PARTS] = infer_rule_triangular_solve,
    [IR_GETRF] = infer_rule_getrf,
    [IR_GEQRF] = infer_rule_geqrf,
    [IR_ORGQR] = infer_rule_orgqr,
    [IR_SYEVD] = infer_rule_syevd,
    [IR_GESDD] = infer_rule_svd,
    [IR_GESVD] = infer_rule_svd,
    [IR_SYTRD] = infer_rule_sytrd,
    [IR_GEHRD] = infer_rule_gehrd,
    [IR_GEEV] = infer_rule_geev,
    [IR_GEES] = infer_rule_gees,
    [IR_FFT_PARTS] = infer_rule_fft_parts,
    [IR_CALL] = rule_call,
    [IR_FUSION] = rule_fusion,
    [IR_RETURN] = rule_no_results,
};

static infer_rule rule_of(ir_opcode code) {
    switch (ir_op_kind_of(code)) {
    case IR_KIND_UNARY: return infer_rule_unary;
    case IR_KIND_BINARY: return infer_rule_binary;
    case IR_KIND_CHECK: return rule_no_results;
    default: return other_rules[code];
    }
}

int ir_infer_types(const ir_func *f, const ir_op *op, ir_type *out, diag *d) {
    infer_ctx cx = {f, op, out, d};
    int rc = check_structure(&cx);
    if (rc) return rc;
    infer_rule rule = rule_of(op->code);
    if (!rule) return infer_fail(&cx, "has no type rule");
    return rule(&cx);
}
