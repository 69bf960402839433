/* infer.c: the shape and type rule of every op, after the constraints
 * (C1..Cn) of the StableHLO specification (openxla/stablehlo docs/spec.md).
 *
 * ir_infer_types first checks what all ops share (a known opcode, operand,
 * result and region counts, value ids, well-formed types), then runs the
 * op's own rule. A rule reads operand types, attributes and regions and
 * writes the result types. Where the operands do not imply the result
 * (constant, iota, broadcast_in_dim, reshape, convert, the element type of
 * dot_general, call), the recorded result type supplies the missing part
 * and the rule checks that it fits. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ir_priv.h"

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

/* Shorthand for a type inside a message argument list. */
#define TT(t) (ir_type_text_of(t).s)

int ir_type_problem(const ir_type *t, char *why, size_t size) {
    if (t->rank < 0 || t->rank > IR_MAX_RANK) {
        snprintf(why, size, "rank %d is outside [0, %d]", t->rank, IR_MAX_RANK);
        return DIAG_INVALID;
    }
    if ((unsigned)t->dtype >= IR_DTYPE_COUNT) {
        snprintf(why, size, "unknown element type #%d", (int)t->dtype);
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

/* The spec's element type categories; an op accepts a set of them. */
enum {
    CLS_BOOL = 1u << 0,
    CLS_SINT = 1u << 1,
    CLS_UINT = 1u << 2,
    CLS_FLOAT = 1u << 3,
    CLS_INT = CLS_SINT | CLS_UINT,
    CLS_ANY = CLS_BOOL | CLS_INT | CLS_FLOAT,
};

static unsigned dtype_class(ir_dtype t) {
    if (t == IR_I1) return CLS_BOOL;
    if (ir_dtype_is_float(t)) return CLS_FLOAT;
    return ir_dtype_is_unsigned(t) ? CLS_UINT : CLS_SINT;
}

/* Boolean, integer (either signedness) or floating-point: the kinds between
 * which no op converts implicitly. */
static unsigned dtype_kind(ir_dtype t) {
    unsigned cls = dtype_class(t);
    return cls & CLS_INT ? CLS_INT : cls;
}

/* Names a class set in words: "signed integer or floating-point". */
static const char *class_words(unsigned cls, char *buf, size_t size) {
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

/* Reduce's body may compute in a wider type of the same kind than its
 * inputs (spec: is_promotable(element_type(inputs[k]), Ek)). */
static bool is_promotable(ir_dtype from, ir_dtype to) {
    return dtype_kind(from) == dtype_kind(to) && ir_dtype_size(from) <= ir_dtype_size(to);
}

/* ---- the context of one inference ---------------------------------------- */

typedef struct infer_ctx {
    const ir_func *f;
    const ir_op *op;
    ir_type *out;
    diag *d;
} infer_ctx;

static int fail(const infer_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const infer_ctx *cx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(cx->d, DIAG_INVALID, cx->f, &cx->op->loc, cx->op, fmt, ap);
    va_end(ap);
    return DIAG_INVALID;
}

static bool valid_id(const infer_ctx *cx, ir_value_id v) { return v >= 0 && v < cx->f->nvalues; }
static const ir_type *type_of(const infer_ctx *cx, ir_value_id v) { return &cx->f->values[v].type; }
static const ir_type *operand(const infer_ctx *cx, int i) { return type_of(cx, cx->op->in[i]); }
static const ir_type *recorded(const infer_ctx *cx, int i) { return type_of(cx, cx->op->out[i]); }
static const ir_attrs *attrs(const infer_ctx *cx) { return &cx->op->a; }

/* ---- checks every op shares ---------------------------------------------- */

static int check_operand_count(const infer_ctx *cx) {
    const ir_op *op = cx->op;
    int arity = ir_op_arity(op->code);
    if (arity >= 0 && op->nin != arity)
        return fail(cx, "expected %d operand%s, got %d", arity, arity == 1 ? "" : "s", op->nin);
    if (op->nin < 0) return fail(cx, "has a negative operand count");
    if (op->code == IR_CONCATENATE && op->nin < 1)
        return fail(cx, "expected at least 1 operand, got 0");
    if ((op->code == IR_REDUCE || op->code == IR_REDUCE_WINDOW) && (op->nin < 2 || op->nin % 2 != 0))
        return fail(cx, "expected N inputs then N init values (an even count, at least 2), got %d operands",
                    op->nin);
    if ((op->code == IR_SORT || op->code == IR_MAP) && op->nin < 1)
        return fail(cx, "expected at least 1 operand, got 0");
    if (op->code == IR_SCATTER && (op->nin < 3 || op->nin % 2 != 1))
        return fail(cx, "expected N inputs, the indices, then N updates (an odd count, at least 3), got %d operands",
                    op->nin);
    if ((op->code == IR_DYNAMIC_SLICE && op->nin < 1) || (op->code == IR_DYNAMIC_UPDATE_SLICE && op->nin < 2))
        return fail(cx, "expected at least %d operands, got %d", op->code == IR_DYNAMIC_SLICE ? 1 : 2, op->nin);
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
        return fail(cx, "expected %d result%s, got %d", results, results == 1 ? "" : "s", op->nout);
    int regions = ir_op_region_count(op->code);
    if (regions < 0 && op->nregions < 1) return fail(cx, "expected at least 1 region, got %d", op->nregions);
    if (regions >= 0 && op->nregions != regions)
        return fail(cx, "expected %d region%s, got %d", regions, regions == 1 ? "" : "s", op->nregions);
    for (int r = 0; r < op->nregions; r++)
        if (!op->regions[r]) return fail(cx, "region %d is missing", r);
    return DIAG_OK;
}

/* Ops whose rule reads the recorded result types (see the file comment). */
static bool reads_recorded_results(ir_opcode code) {
    switch (code) {
    case IR_CONSTANT: case IR_IOTA: case IR_BROADCAST_IN_DIM: case IR_RESHAPE:
    case IR_CONVERT: case IR_BITCAST_CONVERT: case IR_DOT_GENERAL: case IR_CALL: case IR_CONVOLUTION:
        return true;
    default:
        return false;
    }
}

/* A value's id must exist and its type be well formed and supported. */
static int check_value(const infer_ctx *cx, const char *role, int index, ir_value_id v) {
    if (!valid_id(cx, v))
        return fail(cx, "%s %d: value id %d does not exist (the function has %d values)", role, index, v,
                    cx->f->nvalues);
    char why[400];
    int rc = ir_type_problem(type_of(cx, v), why, sizeof why);
    return rc ? ir_op_fail(cx->d, rc, cx->f, cx->op, "%s %d: %s", role, index, why) : DIAG_OK;
}

static int check_structure(const infer_ctx *cx) {
    const ir_op *op = cx->op;
    if ((unsigned)op->code >= IR_OPCODE_COUNT) return fail(cx, "has unknown opcode %d", (int)op->code);
    int rc = check_operand_count(cx);
    if (!rc) rc = check_result_and_region_counts(cx);
    for (int i = 0; !rc && i < op->nin; i++) rc = check_value(cx, "operand", i, op->in[i]);
    if (reads_recorded_results(op->code))
        for (int i = 0; !rc && i < op->nout; i++) rc = check_value(cx, "result", i, op->out[i]);
    return rc;
}

bool ir_op_counts_fit(const ir_op *op) {
    infer_ctx cx = {NULL, op, NULL, NULL};   /* fail() tolerates no function and no diag */
    return (unsigned)op->code < IR_OPCODE_COUNT && !check_operand_count(&cx) &&
           !check_result_and_region_counts(&cx);
}

/* ---- small checks the rules share ---------------------------------------- */

static int expect_same_type(const infer_ctx *cx, int i, int j) {
    if (ir_type_eq(operand(cx, i), operand(cx, j))) return DIAG_OK;
    return fail(cx, "operand %d: expected %s (same as operand %d), got %s", i, TT(operand(cx, j)), j,
                TT(operand(cx, i)));
}

/* `what` is "operand 0" or "result"; t is its type. */
static int expect_accepted_dtype(const infer_ctx *cx, const char *what, const ir_type *t) {
    unsigned accepted = op_accepts(cx->op->code);
    if (dtype_class(t->dtype) & accepted) return DIAG_OK;
    char words[96];
    return fail(cx, "%s: expected a tensor of %s type, got %s", what, class_words(accepted, words, sizeof words),
                TT(t));
}

static int expect_list_length(const infer_ctx *cx, const char *what, const ir_ints *list, int n,
                              const char *why) {
    if (list->n == n && (n == 0 || list->v)) return DIAG_OK;
    return fail(cx, "%s: expected %d entr%s (%s), got %d", what, n, n == 1 ? "y" : "ies", why, list->n);
}

/* Checks that every entry of list names a dimension in [0, rank) of the
 * tensor `of` and that none repeats one already in *claimed (a bit per
 * dimension; rank <= IR_MAX_RANK), then adds them. Sharing *claimed across
 * lists checks uniqueness across them (dot_general's batch + contract). */
static int claim_dims(const infer_ctx *cx, const char *what, const ir_ints *list, int rank, const char *of,
                      unsigned *claimed) {
    if (list->n < 0 || (list->n > 0 && !list->v)) return fail(cx, "%s: malformed list", what);
    for (int i = 0; i < list->n; i++) {
        int64_t dim = list->v[i];
        if (dim < 0 || dim >= rank)
            return fail(cx, "%s[%d] = %lld: expected a dimension of %s, in [0, %d)", what, i, (long long)dim, of,
                        rank);
        if (*claimed & (1u << dim))
            return fail(cx, "%s[%d] = %lld: dimension %lld of %s appears more than once", what, i, (long long)dim,
                        (long long)dim, of);
        *claimed |= 1u << dim;
    }
    return DIAG_OK;
}

static bool dim_claimed(unsigned claimed, int dim) { return claimed & (1u << dim); }

/* ---- rules: elementwise --------------------------------------------------- */

static int rule_unary(infer_ctx *cx) {
    int rc = expect_accepted_dtype(cx, "operand 0", operand(cx, 0));
    if (rc) return rc;
    cx->out[0] = *operand(cx, 0);
    if (cx->op->code == IR_IS_FINITE) cx->out[0].dtype = IR_I1;
    return DIAG_OK;
}

static int rule_binary(infer_ctx *cx) {
    int rc = expect_accepted_dtype(cx, "operand 0", operand(cx, 0));
    if (!rc) rc = expect_same_type(cx, 1, 0);
    if (rc) return rc;
    cx->out[0] = *operand(cx, 0);
    return DIAG_OK;
}

/* select(pred, on_true, on_false): pred is i1, a scalar or of the branches'
 * shape; the branches have one type. */
static int rule_select(infer_ctx *cx) {
    const ir_type *pred = operand(cx, 0), *branch = operand(cx, 1);
    ir_type scalar = ir_type_scalar(IR_I1), same_shape = *branch;
    same_shape.dtype = IR_I1;
    if (!ir_type_eq(pred, &scalar) && !ir_type_eq(pred, &same_shape))
        return fail(cx, "operand 0 (the predicate): expected %s or %s (a scalar, or the shape of operand 1), got %s",
                    TT(&scalar), TT(&same_shape), TT(pred));
    int rc = expect_same_type(cx, 2, 1);
    if (rc) return rc;
    cx->out[0] = *branch;
    return DIAG_OK;
}

/* clamp(min, operand, max): each bound is a scalar or of the operand's type. */
static int rule_clamp(infer_ctx *cx) {
    const ir_type *x = operand(cx, 1);
    ir_type scalar = ir_type_scalar(x->dtype);
    for (int i = 0; i <= 2; i += 2) {
        const ir_type *bound = operand(cx, i);
        if (!ir_type_eq(bound, &scalar) && !ir_type_eq(bound, x))
            return fail(cx, "operand %d (%s): expected %s or %s (a scalar, or the type of operand 1), got %s", i,
                        i == 0 ? "min" : "max", TT(&scalar), TT(x), TT(bound));
    }
    cx->out[0] = *x;
    return DIAG_OK;
}

/* The element types a compare_type applies to (spec compare, C3). */
static unsigned compare_type_classes(ir_cmp_type type) {
    switch (type) {
    case IR_CMPT_NOTYPE: return CLS_ANY;
    case IR_CMPT_FLOAT: case IR_CMPT_TOTALORDER: return CLS_FLOAT;
    case IR_CMPT_SIGNED: return CLS_SINT;
    case IR_CMPT_UNSIGNED: return CLS_UINT | CLS_BOOL;
    default: return 0;
    }
}

static const char *compare_types_for(ir_dtype t) {
    switch (dtype_class(t)) {
    case CLS_FLOAT: return "FLOAT or TOTALORDER";
    case CLS_SINT: return "SIGNED";
    default: return "UNSIGNED";
    }
}

static int rule_compare(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    int rc = expect_same_type(cx, 1, 0);
    if (rc) return rc;
    const ir_attrs *a = attrs(cx);
    if ((unsigned)a->cmp > IR_CMP_LT) return fail(cx, "unknown comparison_direction #%d", (int)a->cmp);
    if (!(compare_type_classes(a->cmp_type) & dtype_class(x->dtype)))
        return fail(cx, "compare_type %s: expected %s for operands of type %s", ir_cmp_type_name(a->cmp_type),
                    compare_types_for(x->dtype), TT(x));
    cx->out[0] = *x;
    cx->out[0].dtype = IR_I1;
    return DIAG_OK;
}

/* ---- rules: producers and element type changes ---------------------------- */

static int rule_constant(infer_ctx *cx) {
    if (!attrs(cx)->data)
        return fail(cx, "has no data (expected %zu bytes for %s)", ir_type_bytes(recorded(cx, 0)),
                    TT(recorded(cx, 0)));
    cx->out[0] = *recorded(cx, 0);
    return DIAG_OK;
}

static int rule_iota(infer_ctx *cx) {
    const ir_type *r = recorded(cx, 0);
    int rc = expect_accepted_dtype(cx, "result", r);
    if (rc) return rc;
    int64_t axis = attrs(cx)->axis;
    if (axis < 0 || axis >= r->rank)
        return fail(cx, "iota_dimension = %lld: expected a dimension of the result %s, in [0, %d)", (long long)axis,
                    TT(r), r->rank);
    cx->out[0] = *r;
    return DIAG_OK;
}

static int rule_convert(infer_ctx *cx) {
    cx->out[0] = *operand(cx, 0);
    cx->out[0].dtype = recorded(cx, 0)->dtype;
    return DIAG_OK;
}

/* Bits of one element: 1 for i1. */
static int dtype_bits(ir_dtype t) { return t == IR_I1 ? 1 : 8 * (int)ir_dtype_size(t); }

/* bitcast_convert (spec C2): the same bits reinterpreted. Equal widths keep
 * the shape; a wider operand element becomes `ratio` result elements along
 * a new last dimension; a narrower one takes its last dimension, of size
 * `ratio`, as one result element. i1 reinterprets only as i1. */
static int rule_bitcast_convert(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    ir_dtype to = recorded(cx, 0)->dtype;
    int from_bits = dtype_bits(x->dtype), to_bits = dtype_bits(to);
    cx->out[0] = *x;
    cx->out[0].dtype = to;
    if (from_bits == to_bits) return DIAG_OK;
    if (x->dtype == IR_I1 || to == IR_I1)
        return fail(cx, "cannot reinterpret %s as %s (i1 has no bit layout to share)", TT(x), ir_dtype_name(to));
    if (from_bits > to_bits) {
        if (x->rank == IR_MAX_RANK) return fail(cx, "the result would have more than %d dimensions", IR_MAX_RANK);
        cx->out[0].dims[cx->out[0].rank++] = from_bits / to_bits;
        return DIAG_OK;
    }
    int64_t ratio = to_bits / from_bits;
    if (x->rank == 0 || x->dims[x->rank - 1] != ratio)
        return fail(cx, "operand 0: %s as %s needs a last dimension of size %lld", TT(x), ir_dtype_name(to),
                    (long long)ratio);
    cx->out[0].rank--;
    return DIAG_OK;
}

/* reduce_precision (spec C1-C3): a float operand, exponent_bits >= 1,
 * mantissa_bits >= 0; the result has the operand's type. */
static int rule_reduce_precision(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    const ir_attrs *a = attrs(cx);
    if (!ir_dtype_is_float(x->dtype)) return fail(cx, "operand 0: expected a floating-point type, got %s", TT(x));
    if (a->exponent_bits < 1 || a->mantissa_bits < 0)
        return fail(cx, "exponent_bits = %d, mantissa_bits = %d: expected >= 1 and >= 0", a->exponent_bits,
                    a->mantissa_bits);
    cx->out[0] = *x;
    return DIAG_OK;
}

/* ---- rules: data movement -------------------------------------------------- */

static int expect_result_dtype(const infer_ctx *cx, const ir_type *r, ir_dtype want) {
    if (r->dtype == want) return DIAG_OK;
    return fail(cx, "result: expected element type %s (that of operand 0), got %s", ir_dtype_name(want), TT(r));
}

/* Operand dim i goes to result dim dims[i]; it has size 1 or the result's. */
static int rule_broadcast_in_dim(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0), *r = recorded(cx, 0);
    const ir_ints *dims = &attrs(cx)->dims;
    unsigned claimed = 0;
    int rc = expect_result_dtype(cx, r, x->dtype);
    if (!rc) rc = expect_list_length(cx, "dims", dims, x->rank, "one per dimension of operand 0");
    if (!rc) rc = claim_dims(cx, "dims", dims, r->rank, "the result", &claimed);
    if (rc) return rc;
    for (int i = 0; i < x->rank; i++) {
        int64_t want = r->dims[dims->v[i]];
        if (x->dims[i] != 1 && x->dims[i] != want)
            return fail(cx, "operand 0: dimension %d has size %lld, expected 1 or %lld (result dimension %lld of %s)",
                        i, (long long)x->dims[i], (long long)want, (long long)dims->v[i], TT(r));
    }
    cx->out[0] = *r;
    return DIAG_OK;
}

static int rule_reshape(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0), *r = recorded(cx, 0);
    int rc = expect_result_dtype(cx, r, x->dtype);
    if (rc) return rc;
    if (ir_type_numel(r) != ir_type_numel(x))
        return fail(cx, "result: expected %lld elements (as operand 0, %s), got %s", (long long)ir_type_numel(x),
                    TT(x), TT(r));
    cx->out[0] = *r;
    return DIAG_OK;
}

/* Result dim i is operand dim permutation[i]. */
static int rule_transpose(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    const ir_ints *perm = &attrs(cx)->dims;
    unsigned claimed = 0;
    int rc = expect_list_length(cx, "dims", perm, x->rank, "a permutation of the dimensions of operand 0");
    if (!rc) rc = claim_dims(cx, "dims", perm, x->rank, "operand 0", &claimed);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) cx->out[0].dims[i] = x->dims[perm->v[i]];
    return DIAG_OK;
}

static int rule_slice(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    const ir_attrs *a = attrs(cx);
    const char *why = "one per dimension of operand 0";
    int rc = expect_list_length(cx, "start_indices", &a->start, x->rank, why);
    if (!rc) rc = expect_list_length(cx, "limit_indices", &a->limit, x->rank, why);
    if (!rc) rc = expect_list_length(cx, "strides", &a->stride, x->rank, why);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        int64_t start = a->start.v[i], limit = a->limit.v[i], stride = a->stride.v[i];
        if (start < 0 || start > limit || limit > x->dims[i])
            return fail(cx, "dimension %d: expected 0 <= start (%lld) <= limit (%lld) <= size (%lld) of operand 0 %s",
                        i, (long long)start, (long long)limit, (long long)x->dims[i], TT(x));
        if (stride < 1) return fail(cx, "dimension %d: expected a stride of at least 1, got %lld", i, (long long)stride);
        int64_t span = limit - start;   /* ceil(span / stride), without overflowing for huge strides */
        cx->out[0].dims[i] = span / stride + (span % stride != 0);
    }
    return DIAG_OK;
}

/* Every operand has operand 0's type except in dimension `dimension`,
 * along which the result is their sum. */
static int rule_concatenate(infer_ctx *cx) {
    const ir_type *first = operand(cx, 0);
    int64_t axis = attrs(cx)->axis;
    if (axis < 0 || axis >= first->rank)
        return fail(cx, "dimension = %lld: expected a dimension of operand 0 %s, in [0, %d)", (long long)axis,
                    TT(first), first->rank);
    ir_type sum = *first;
    sum.dims[axis] = 0;
    for (int i = 0; i < cx->op->nin; i++) {
        const ir_type *t = operand(cx, i);
        ir_type want = *first;
        if (t->rank == first->rank) want.dims[axis] = t->dims[axis];
        if (!ir_type_eq(t, &want))
            return fail(cx, "operand %d: expected %s (the type of operand 0 except in dimension %lld), got %s", i,
                        TT(&want), (long long)axis, TT(t));
        if (t->dims[axis] > INT64_MAX / 8 - sum.dims[axis])
            return fail(cx, "result dimension %lld is too large", (long long)axis);
        sum.dims[axis] += t->dims[axis];
    }
    cx->out[0] = sum;
    return DIAG_OK;
}

static int rule_reverse(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    unsigned claimed = 0;
    int rc = claim_dims(cx, "dims", &attrs(cx)->dims, x->rank, "operand 0", &claimed);
    if (rc) return rc;
    cx->out[0] = *x;
    return DIAG_OK;
}

/* ---- rules: contractions and reductions ------------------------------------ */

/* lhs_list[i] and rhs_list[i] pair up: equal lengths, equal sizes. */
static int check_dim_pairs(const infer_ctx *cx, const char *what, const ir_ints *lhs_list,
                           const ir_ints *rhs_list) {
    const ir_type *lhs = operand(cx, 0), *rhs = operand(cx, 1);
    for (int i = 0; i < lhs_list->n; i++) {
        int64_t l = lhs_list->v[i], r = rhs_list->v[i];
        if (lhs->dims[l] != rhs->dims[r])
            return fail(cx, "%s dimension pair %d: operand 0 dimension %lld has size %lld, operand 1 dimension %lld has size %lld",
                        what, i, (long long)l, (long long)lhs->dims[l], (long long)r, (long long)rhs->dims[r]);
    }
    return DIAG_OK;
}

static int check_pair_lengths(const infer_ctx *cx, const char *what, const ir_ints *lhs_list,
                              const ir_ints *rhs_list) {
    if (lhs_list->n == rhs_list->n) return DIAG_OK;
    return fail(cx, "lhs_%s_dimensions and rhs_%s_dimensions differ in length (%d and %d)", what, what, lhs_list->n,
                rhs_list->n);
}

static void append_free_dims(ir_type *res, const ir_type *t, unsigned claimed) {
    for (int d = 0; d < t->rank; d++)
        if (!dim_claimed(claimed, d)) res->dims[res->rank++] = t->dims[d];
}

/* Result dims: the batch dims, then lhs's free dims, then rhs's, in order.
 * The element type is the recorded one: dot_general may widen (i16 x i16
 * -> i32) but keeps the kind of its operands. */
static int rule_dot_general(infer_ctx *cx) {
    const ir_type *lhs = operand(cx, 0), *rhs = operand(cx, 1), *r = recorded(cx, 0);
    const ir_attrs *a = attrs(cx);
    unsigned lhs_claimed = 0, rhs_claimed = 0;
    if (rhs->dtype != lhs->dtype)
        return fail(cx, "operand 1: expected element type %s (that of operand 0), got %s", ir_dtype_name(lhs->dtype),
                    TT(rhs));
    if (dtype_kind(r->dtype) != dtype_kind(lhs->dtype)) {
        char words[96];
        return fail(cx, "result: expected a %s element type (like the operands, %s), got %s",
                    class_words(dtype_kind(lhs->dtype), words, sizeof words), ir_dtype_name(lhs->dtype), TT(r));
    }
    int rc = check_pair_lengths(cx, "batching", &a->lhs_batch, &a->rhs_batch);
    if (!rc) rc = check_pair_lengths(cx, "contracting", &a->lhs_contract, &a->rhs_contract);
    if (!rc) rc = claim_dims(cx, "lhs_batching_dimensions", &a->lhs_batch, lhs->rank, "operand 0", &lhs_claimed);
    if (!rc) rc = claim_dims(cx, "lhs_contracting_dimensions", &a->lhs_contract, lhs->rank, "operand 0", &lhs_claimed);
    if (!rc) rc = claim_dims(cx, "rhs_batching_dimensions", &a->rhs_batch, rhs->rank, "operand 1", &rhs_claimed);
    if (!rc) rc = claim_dims(cx, "rhs_contracting_dimensions", &a->rhs_contract, rhs->rank, "operand 1", &rhs_claimed);
    if (!rc) rc = check_dim_pairs(cx, "batching", &a->lhs_batch, &a->rhs_batch);
    if (!rc) rc = check_dim_pairs(cx, "contracting", &a->lhs_contract, &a->rhs_contract);
    if (rc) return rc;
    int rank = lhs->rank + rhs->rank - a->lhs_batch.n - 2 * a->lhs_contract.n;
    if (rank > IR_MAX_RANK) return fail(cx, "result rank %d exceeds the maximum %d", rank, IR_MAX_RANK);
    ir_type res = {.dtype = r->dtype, .rank = 0};
    for (int i = 0; i < a->lhs_batch.n; i++) res.dims[res.rank++] = lhs->dims[a->lhs_batch.v[i]];
    append_free_dims(&res, lhs, lhs_claimed);
    append_free_dims(&res, rhs, rhs_claimed);
    cx->out[0] = res;
    return DIAG_OK;
}

/* Reads the type of a value of the reducer; `what` names it in messages. */
static int reducer_value(const infer_ctx *cx, const char *what, int index, ir_value_id v, const ir_type **t) {
    if (!valid_id(cx, v)) return fail(cx, "reducer %s %d: value id %d does not exist", what, index, v);
    char why[400];
    int rc = ir_type_problem(type_of(cx, v), why, sizeof why);
    if (rc) return ir_op_fail(cx->d, rc, cx->f, cx->op, "reducer %s %d: %s", what, index, why);
    *t = type_of(cx, v);
    return DIAG_OK;
}

/* The reducer's arguments are (acc_0..acc_{N-1}, x_0..x_{N-1}): the spec's
 * body(exec(left), exec(right)) with left the accumulated side. acc_k and
 * x_k are tensor<E_k> with E_k promotable from input k's element type; the
 * body returns N values of those types. Writes E_k into out[k].dtype. */
static int check_reducer(infer_ctx *cx, int n) {
    const ir_block *body = cx->op->regions[0];
    if (body->nargs != 2 * n)
        return fail(cx, "reducer: expected %d arguments (an accumulator and an element per input), got %d", 2 * n,
                    body->nargs);
    const ir_op *ret = ir_block_terminator(body);
    if (!ret) return fail(cx, "reducer: does not end with a return");
    if (ret->nin != n) return fail(cx, "reducer: returns %d values, expected %d (one per input)", ret->nin, n);
    for (int k = 0; k < n; k++) {
        const ir_type *input = operand(cx, k), *acc = NULL, *x = NULL, *returned = NULL;
        int rc = reducer_value(cx, "argument", k, body->args[k], &acc);
        if (!rc) rc = reducer_value(cx, "argument", n + k, body->args[n + k], &x);
        if (!rc) rc = reducer_value(cx, "result", k, ret->in[k], &returned);
        if (rc) return rc;
        ir_type scalar = ir_type_scalar(input->dtype);
        if (acc->rank != 0 || !is_promotable(input->dtype, acc->dtype))
            return fail(cx, "reducer argument %d: expected %s (or a wider type of its kind), for input %d %s, got %s",
                        k, TT(&scalar), k, TT(input), TT(acc));
        if (!ir_type_eq(x, acc))
            return fail(cx, "reducer argument %d: expected %s (same as argument %d), got %s", n + k, TT(acc), k, TT(x));
        if (!ir_type_eq(returned, acc))
            return fail(cx, "reducer result %d: expected %s (the type of argument %d), got %s", k, TT(acc), k,
                        TT(returned));
        cx->out[k].dtype = acc->dtype;
    }
    return DIAG_OK;
}

/* reduce(inputs..., inits...): inputs of one shape, scalar inits of their
 * element types; results drop the reduced dimensions. */
static int rule_reduce(infer_ctx *cx) {
    int n = cx->op->nin / 2;
    const ir_type *first = operand(cx, 0);
    for (int k = 1; k < n; k++) {
        ir_type want = *first;
        want.dtype = operand(cx, k)->dtype;
        if (!ir_type_eq(operand(cx, k), &want))
            return fail(cx, "operand %d: expected %s (the shape of operand 0), got %s", k, TT(&want),
                        TT(operand(cx, k)));
    }
    for (int k = 0; k < n; k++) {
        ir_type want = ir_type_scalar(operand(cx, k)->dtype);
        if (!ir_type_eq(operand(cx, n + k), &want))
            return fail(cx, "operand %d (init value of input %d): expected %s, got %s", n + k, k, TT(&want),
                        TT(operand(cx, n + k)));
    }
    unsigned claimed = 0;
    int rc = claim_dims(cx, "dimensions", &attrs(cx)->dims, first->rank, "operand 0", &claimed);
    if (!rc) rc = check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_type res = {.dtype = cx->out[k].dtype, .rank = 0};
        append_free_dims(&res, first, claimed);
        cx->out[k] = res;
    }
    return DIAG_OK;
}

/* ---- rules: indexed data movement (pad, dynamic slices, gather, scatter) ---- */

/* Every entry of list in [0, rank), strictly increasing (the spec's
 * "sorted" dimension lists), none claimed before. */
static int claim_sorted_dims(const infer_ctx *cx, const char *what, const ir_ints *list, int rank, const char *of,
                             unsigned *claimed) {
    int rc = claim_dims(cx, what, list, rank, of, claimed);
    for (int i = 1; !rc && i < list->n; i++)
        if (list->v[i] <= list->v[i - 1]) return fail(cx, "%s: expected increasing dimensions", what);
    return rc;
}

/* Operands [first, first + n) are the start indices: rank-0 integers of one type. */
static int check_start_indices(const infer_ctx *cx, int first, int n) {
    for (int i = first; i < first + n; i++) {
        const ir_type *t = operand(cx, i);
        if (t->rank != 0 || !ir_dtype_is_int(t->dtype))
            return fail(cx, "operand %d (a start index): expected a rank-0 integer tensor, got %s", i, TT(t));
        if (t->dtype != operand(cx, first)->dtype)
            return fail(cx, "operand %d (a start index): expected %s (as operand %d), got %s", i,
                        TT(operand(cx, first)), first, TT(t));
    }
    return DIAG_OK;
}

/* pad(operand, padding_value): result dim = low + dim + (dim - 1) * interior
 * + high; edges may be negative (they cut), interior may not. */
static int rule_pad(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0), *pv = operand(cx, 1);
    const ir_attrs *a = attrs(cx);
    ir_type scalar = ir_type_scalar(x->dtype);
    if (!ir_type_eq(pv, &scalar))
        return fail(cx, "operand 1 (the padding value): expected %s, got %s", TT(&scalar), TT(pv));
    const char *why = "one per dimension of operand 0";
    int rc = expect_list_length(cx, "edge_padding_low", &a->low, x->rank, why);
    if (!rc) rc = expect_list_length(cx, "edge_padding_high", &a->high, x->rank, why);
    if (!rc) rc = expect_list_length(cx, "interior_padding", &a->interior, x->rank, why);
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        int64_t lo = a->low.v[i], hi = a->high.v[i], in = a->interior.v[i], n = x->dims[i];
        const int64_t big = INT64_MAX / 8;
        if (in < 0 || in > big) return fail(cx, "interior_padding[%d] = %lld: expected >= 0", i, (long long)in);
        if (lo < -big || lo > big || hi < -big || hi > big || (n > 1 && in > big / n))
            return fail(cx, "dimension %d: padding too large", i);
        int64_t size = lo + hi + n + (n > 0 ? (n - 1) * in : 0);
        if (size < 0 || size > big)
            return fail(cx, "dimension %d: the padded size %lld is negative or too large", i, (long long)size);
        cx->out[0].dims[i] = size;
    }
    return DIAG_OK;
}

static int rule_dynamic_slice(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    const ir_ints *sizes = &attrs(cx)->sizes;
    if (cx->op->nin != 1 + x->rank)
        return fail(cx, "expected %d operands (the operand and a start index per dimension), got %d", 1 + x->rank,
                    cx->op->nin);
    int rc = check_start_indices(cx, 1, x->rank);
    if (!rc) rc = expect_list_length(cx, "slice_sizes", sizes, x->rank, "one per dimension of operand 0");
    if (rc) return rc;
    cx->out[0] = *x;
    for (int i = 0; i < x->rank; i++) {
        if (sizes->v[i] < 0 || sizes->v[i] > x->dims[i])
            return fail(cx, "slice_sizes[%d] = %lld: expected 0 <= size <= %lld (dimension %d of operand 0)", i,
                        (long long)sizes->v[i], (long long)x->dims[i], i);
        cx->out[0].dims[i] = sizes->v[i];
    }
    return DIAG_OK;
}

static int rule_dynamic_update_slice(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0), *u = operand(cx, 1);
    if (cx->op->nin != 2 + x->rank)
        return fail(cx, "expected %d operands (operand, update and a start index per dimension), got %d",
                    2 + x->rank, cx->op->nin);
    if (u->rank != x->rank || u->dtype != x->dtype)
        return fail(cx, "operand 1 (the update): expected rank %d and element type %s (as operand 0), got %s",
                    x->rank, ir_dtype_name(x->dtype), TT(u));
    for (int i = 0; i < x->rank; i++)
        if (u->dims[i] > x->dims[i])
            return fail(cx, "operand 1 (the update) %s is larger than operand 0 %s in dimension %d", TT(u), TT(x), i);
    int rc = check_start_indices(cx, 2, x->rank);
    if (rc) return rc;
    cx->out[0] = *x;
    return DIAG_OK;
}

/* The batch dims of an index tensor: all but index_vector_dim (which may be
 * its rank: an implicit trailing 1). Writes the index vector's length. */
static int index_batch_shape(const infer_ctx *cx, const ir_type *ix, int64_t ivd, ir_type *batch, int64_t *veclen) {
    if (ivd < 0 || ivd > ix->rank)
        return fail(cx, "index_vector_dim = %lld: expected a value in [0, %d] (the indices %s)", (long long)ivd,
                    ix->rank, TT(ix));
    if (!ir_dtype_is_int(ix->dtype)) return fail(cx, "the indices: expected an integer tensor, got %s", TT(ix));
    *batch = (ir_type){.dtype = ix->dtype, .rank = 0};
    for (int d = 0; d < ix->rank; d++)
        if (d != ivd) batch->dims[batch->rank++] = ix->dims[d];
    *veclen = ivd < ix->rank ? ix->dims[ivd] : 1;
    return DIAG_OK;
}

/* What gather and scatter check alike: the operand-side lists (collapsed /
 * inserted, operand batching, index map) against the operand rank, the
 * index-side batching dims against the indices, and the index vector's
 * length. `names` spell the lists in the op's own words. */
typedef struct index_dims_names {
    const char *collapsed, *op_batch, *ix_batch, *index_map, *indices;
} index_dims_names;

static int check_index_dims(const infer_ctx *cx, const index_dims_names *nm, const ir_type *x, const ir_type *ix,
                            int64_t veclen) {
    const ir_attrs *a = attrs(cx);
    unsigned claimed = 0, mapped = 0, ix_claimed = 0;
    int rc = claim_sorted_dims(cx, nm->collapsed, &a->collapsed, x->rank, "the operand", &claimed);
    if (!rc) rc = claim_sorted_dims(cx, nm->op_batch, &a->op_batch, x->rank, "the operand", &claimed);
    if (!rc) rc = claim_dims(cx, nm->index_map, &a->index_map, x->rank, "the operand", &mapped);
    for (int i = 0; !rc && i < a->op_batch.n; i++)
        if (dim_claimed(mapped, (int)a->op_batch.v[i]))
            rc = fail(cx, "%s and %s share dimension %lld", nm->index_map, nm->op_batch, (long long)a->op_batch.v[i]);
    if (!rc && a->index_map.n != veclen)
        rc = fail(cx, "%s: expected %lld entries (the length of an index vector of %s), got %d", nm->index_map,
                  (long long)veclen, TT(ix), a->index_map.n);
    if (!rc) rc = claim_dims(cx, nm->ix_batch, &a->ix_batch, ix->rank, nm->indices, &ix_claimed);
    if (!rc && a->axis_b < ix->rank && dim_claimed(ix_claimed, (int)a->axis_b))
        rc = fail(cx, "%s contains index_vector_dim %lld", nm->ix_batch, (long long)a->axis_b);
    if (!rc && a->ix_batch.n != a->op_batch.n)
        rc = fail(cx, "%s and %s differ in length (%d and %d)", nm->op_batch, nm->ix_batch, a->op_batch.n,
                  a->ix_batch.n);
    for (int i = 0; !rc && i < a->op_batch.n; i++)
        if (x->dims[a->op_batch.v[i]] != ix->dims[a->ix_batch.v[i]])
            rc = fail(cx, "batching dimension pair %d: the operand's dimension %lld has size %lld, the indices' "
                      "dimension %lld has size %lld", i, (long long)a->op_batch.v[i],
                      (long long)x->dims[a->op_batch.v[i]], (long long)a->ix_batch.v[i],
                      (long long)ix->dims[a->ix_batch.v[i]]);
    return rc;
}

/* gather(operand, start_indices): result dims at offset_dims are the slice
 * sizes of the dims neither collapsed nor batching, in order; the other
 * result dims are the batch dims of the indices, in order. */
static int rule_gather(infer_ctx *cx) {
    static const index_dims_names nm = {"collapsed_slice_dims", "operand_batching_dims",
                                        "start_indices_batching_dims", "start_index_map", "the start indices"};
    const ir_type *x = operand(cx, 0), *ix = operand(cx, 1);
    const ir_attrs *a = attrs(cx);
    ir_type batch;
    int64_t veclen;
    int rc = index_batch_shape(cx, ix, a->axis_b, &batch, &veclen);
    if (!rc) rc = check_index_dims(cx, &nm, x, ix, veclen);
    if (!rc) rc = expect_list_length(cx, "slice_sizes", &a->sizes, x->rank, "one per dimension of the operand");
    if (rc) return rc;
    int rank = batch.rank + x->rank - a->collapsed.n - a->op_batch.n;
    if (rank > IR_MAX_RANK || rank < 0) return fail(cx, "result rank %d exceeds the maximum %d", rank, IR_MAX_RANK);
    unsigned offsets = 0, dropped = 0;
    rc = claim_sorted_dims(cx, "offset_dims", &a->window, rank, "the result", &offsets);
    if (!rc && a->window.n != x->rank - a->collapsed.n - a->op_batch.n)
        rc = fail(cx, "offset_dims: expected %d entries (operand dims neither collapsed nor batching), got %d",
                  x->rank - a->collapsed.n - a->op_batch.n, a->window.n);
    if (rc) return rc;
    for (int i = 0; i < a->collapsed.n; i++) dropped |= 1u << a->collapsed.v[i];
    for (int i = 0; i < a->op_batch.n; i++) dropped |= 1u << a->op_batch.v[i];
    for (int d = 0; d < x->rank; d++) {
        int64_t s = a->sizes.v[d];
        if (s < 0 || s > x->dims[d] || (dim_claimed(dropped, d) && s > 1))
            return fail(cx, "slice_sizes[%d] = %lld: expected 0 <= size <= %lld%s", d, (long long)s,
                        (long long)x->dims[d], dim_claimed(dropped, d) ? " and at most 1 (a collapsed or batching dim)" : "");
    }
    ir_type res = {.dtype = x->dtype, .rank = rank};
    int next_batch = 0, next_slice = 0;
    for (int d = 0; d < rank; d++) {
        if (dim_claimed(offsets, d)) {
            while (dim_claimed(dropped, next_slice)) next_slice++;
            res.dims[d] = a->sizes.v[next_slice++];
        } else {
            res.dims[d] = batch.dims[next_batch++];
        }
    }
    cx->out[0] = res;
    return DIAG_OK;
}

/* scatter(inputs[N], scatter_indices, updates[N]) with an update
 * computation (current_0..current_{N-1}, update_0..update_{N-1}) like a
 * reducer; results have the inputs' shapes. */
static int rule_scatter(infer_ctx *cx) {
    static const index_dims_names nm = {"inserted_window_dims", "input_batching_dims",
                                        "scatter_indices_batching_dims", "scatter_dims_to_operand_dims",
                                        "the scatter indices"};
    int n = (cx->op->nin - 1) / 2;
    const ir_type *x = operand(cx, 0), *ix = operand(cx, n), *u = operand(cx, n + 1);
    const ir_attrs *a = attrs(cx);
    for (int k = 0; k < n; k++) {
        if (!ir_type_same_shape(operand(cx, k), x))
            return fail(cx, "operand %d: expected the shape of operand 0 %s, got %s", k, TT(x), TT(operand(cx, k)));
        if (!ir_type_same_shape(operand(cx, n + 1 + k), u) || operand(cx, n + 1 + k)->dtype != operand(cx, k)->dtype)
            return fail(cx, "operand %d (update %d): expected the shape of the first update %s and the element type "
                        "of input %d, got %s", n + 1 + k, k, TT(u), k, TT(operand(cx, n + 1 + k)));
    }
    ir_type batch;
    int64_t veclen;
    int rc = index_batch_shape(cx, ix, a->axis_b, &batch, &veclen);
    if (!rc) rc = check_index_dims(cx, &nm, x, ix, veclen);
    unsigned windows = 0, dropped = 0;
    if (!rc) rc = claim_sorted_dims(cx, "update_window_dims", &a->window, u->rank, "the updates", &windows);
    if (!rc && x->rank != a->window.n + a->collapsed.n + a->op_batch.n)
        rc = fail(cx, "the inputs' rank %d differs from the number of update_window_dims (%d), inserted_window_dims "
                  "(%d) and input_batching_dims (%d) together", x->rank, a->window.n, a->collapsed.n, a->op_batch.n);
    if (!rc && u->rank != a->window.n + batch.rank)
        rc = fail(cx, "the updates %s: expected rank %d (update_window_dims and the indices' batch dims)", TT(u),
                  a->window.n + batch.rank);
    if (rc) return rc;
    for (int i = 0; i < a->collapsed.n; i++) dropped |= 1u << a->collapsed.v[i];
    for (int i = 0; i < a->op_batch.n; i++) dropped |= 1u << a->op_batch.v[i];
    int next_batch = 0, next_window = 0;
    for (int d = 0; d < u->rank; d++) {
        if (dim_claimed(windows, d)) {
            while (dim_claimed(dropped, next_window)) next_window++;
            int64_t limit = x->dims[next_window++];
            if (u->dims[d] > limit)
                return fail(cx, "the updates %s: window dimension %d has size %lld, more than the input's %lld",
                            TT(u), d, (long long)u->dims[d], (long long)limit);
        } else if (u->dims[d] != batch.dims[next_batch++]) {
            return fail(cx, "the updates %s: dimension %d has size %lld, expected %lld (a batch dim of the indices %s)",
                        TT(u), d, (long long)u->dims[d], (long long)batch.dims[next_batch - 1], TT(ix));
        }
    }
    rc = check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_dtype dt = cx->out[k].dtype;
        cx->out[k] = *operand(cx, k);
        cx->out[k].dtype = dt;
    }
    return DIAG_OK;
}

static int rule_get_dimension_size(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0);
    int64_t dim = attrs(cx)->axis;
    if (dim < 0 || dim >= x->rank)
        return fail(cx, "dimension = %lld: expected a dimension of operand 0 %s, in [0, %d)", (long long)dim, TT(x),
                    x->rank);
    cx->out[0] = ir_type_scalar(IR_I32);
    return DIAG_OK;
}

/* Results are the operands, unchanged. */
static int rule_optimization_barrier(infer_ctx *cx) {
    for (int i = 0; i < cx->op->nin; i++) cx->out[i] = *operand(cx, i);
    return DIAG_OK;
}

/* ---- rules: regions ------------------------------------------------------------ */

/* Reads a value of region r; `what` names it in messages. */
static int region_value(const infer_ctx *cx, int r, const char *what, int index, ir_value_id v, const ir_type **t) {
    if (!valid_id(cx, v)) return fail(cx, "region %d %s %d: value id %d does not exist", r, what, index, v);
    char why[400];
    int rc = ir_type_problem(type_of(cx, v), why, sizeof why);
    if (rc) return ir_op_fail(cx->d, rc, cx->f, cx->op, "region %d %s %d: %s", r, what, index, why);
    *t = type_of(cx, v);
    return DIAG_OK;
}

/* Region r has the argument types args[0..nargs) (NULL: nargs scalars of
 * scalar_dtype). */
static int expect_region_args(const infer_ctx *cx, int r, const ir_type *args, int nargs) {
    const ir_block *b = cx->op->regions[r];
    if (b->nargs != nargs) return fail(cx, "region %d: expected %d argument%s, got %d", r, nargs, nargs == 1 ? "" : "s", b->nargs);
    for (int i = 0; i < nargs; i++) {
        const ir_type *t = NULL;
        int rc = region_value(cx, r, "argument", i, b->args[i], &t);
        if (rc) return rc;
        if (!ir_type_eq(t, &args[i])) return fail(cx, "region %d argument %d: expected %s, got %s", r, i, TT(&args[i]), TT(t));
    }
    return DIAG_OK;
}

/* Region r returns n values; their types into out[0..n) (may be NULL). */
static int region_returns(const infer_ctx *cx, int r, int n, ir_type *out) {
    const ir_op *ret = ir_block_terminator(cx->op->regions[r]);
    if (!ret) return fail(cx, "region %d: does not end with a return", r);
    if (ret->nin != n) return fail(cx, "region %d: returns %d value%s, expected %d", r, ret->nin, ret->nin == 1 ? "" : "s", n);
    for (int i = 0; i < n; i++) {
        const ir_type *t = NULL;
        int rc = region_value(cx, r, "result", i, ret->in[i], &t);
        if (rc) return rc;
        if (out) out[i] = *t;
    }
    return DIAG_OK;
}

/* Region r returns exactly the types want[0..n). */
static int expect_region_returns(const infer_ctx *cx, int r, const ir_type *want, int n, const char *whose) {
    const ir_op *ret = ir_block_terminator(cx->op->regions[r]);
    int rc = region_returns(cx, r, n, NULL);
    for (int i = 0; !rc && i < n; i++)
        if (!ir_type_eq(type_of(cx, ret->in[i]), &want[i]))
            return fail(cx, "region %d result %d: expected %s (%s), got %s", r, i, TT(&want[i]), whose,
                        TT(type_of(cx, ret->in[i])));
    return rc;
}

static const ir_type bool_scalar = {.dtype = IR_I1, .rank = 0};

/* while(x...): cond(x...) -> tensor<i1>, body(x...) -> (x...); results as x. */
static int rule_while(infer_ctx *cx) {
    const ir_op *op = cx->op;
    for (int i = 0; i < op->nin; i++) cx->out[i] = *operand(cx, i);
    int rc = expect_region_args(cx, 0, cx->out, op->nin);
    if (!rc) rc = expect_region_returns(cx, 0, &bool_scalar, 1, "the loop condition");
    if (!rc) rc = expect_region_args(cx, 1, cx->out, op->nin);
    if (!rc) rc = expect_region_returns(cx, 1, cx->out, op->nin, "the type of the loop-carried value");
    return rc;
}

/* if(pred) and case(index): branches without arguments that all return
 * the results' types (the first branch decides). */
static int rule_branches(infer_ctx *cx) {
    const ir_op *op = cx->op;
    ir_type selector = {.dtype = op->code == IR_IF ? IR_I1 : IR_I32, .rank = 0};
    if (!ir_type_eq(operand(cx, 0), &selector))
        return fail(cx, "operand 0: expected %s, got %s", TT(&selector), TT(operand(cx, 0)));
    int rc = expect_region_args(cx, 0, NULL, 0);
    if (!rc) rc = region_returns(cx, 0, op->nout, cx->out);
    for (int r = 1; !rc && r < op->nregions; r++) {
        rc = expect_region_args(cx, r, NULL, 0);
        if (!rc) rc = expect_region_returns(cx, r, cx->out, op->nout, "what region 0 returns");
    }
    return rc;
}

/* Operands 0..n share operand 0's shape. */
static int expect_same_shapes(const infer_ctx *cx, int n) {
    for (int k = 1; k < n; k++)
        if (!ir_type_same_shape(operand(cx, k), operand(cx, 0)))
            return fail(cx, "operand %d: expected the shape of operand 0 %s, got %s", k, TT(operand(cx, 0)),
                        TT(operand(cx, k)));
    return DIAG_OK;
}

/* map(x...) over all dimensions: the computation takes one scalar per
 * input and returns one scalar, the result's element type. */
static int rule_map(infer_ctx *cx) {
    const ir_op *op = cx->op;
    const ir_type *first = operand(cx, 0);
    int rc = expect_same_shapes(cx, op->nin);
    if (rc) return rc;
    const ir_ints *dims = &attrs(cx)->dims;
    bool all = dims->n == first->rank;
    for (int i = 0; all && i < dims->n; i++) all = dims->v[i] == i;
    if (!all) return fail(cx, "dimensions: expected [0, ..., %d] (every dimension, in order)", first->rank - 1);
    ir_type args[64];
    if (op->nin > 64) return fail(cx, "more than 64 operands");
    for (int i = 0; i < op->nin; i++) args[i] = ir_type_scalar(operand(cx, i)->dtype);
    ir_type ret;
    rc = expect_region_args(cx, 0, args, op->nin);
    if (!rc) rc = region_returns(cx, 0, 1, &ret);
    if (rc) return rc;
    if (ret.rank != 0) return fail(cx, "region 0 result 0: expected a rank-0 tensor, got %s", TT(&ret));
    cx->out[0] = *first;
    cx->out[0].dtype = ret.dtype;
    return DIAG_OK;
}

/* sort(x...) along `dimension`: the comparator takes (x_i[a], x_i[b]) for
 * every input i, as scalars, and returns tensor<i1>. */
static int rule_sort(infer_ctx *cx) {
    const ir_op *op = cx->op;
    int rc = expect_same_shapes(cx, op->nin);
    if (rc) return rc;
    int64_t dim = attrs(cx)->axis;
    if (dim < 0 || dim >= operand(cx, 0)->rank)
        return fail(cx, "dimension = %lld: expected a dimension of operand 0 %s", (long long)dim, TT(operand(cx, 0)));
    if (op->nin > 32) return fail(cx, "more than 32 operands");
    ir_type args[64];
    for (int i = 0; i < op->nin; i++) {
        args[2 * i] = args[2 * i + 1] = ir_type_scalar(operand(cx, i)->dtype);
        cx->out[i] = *operand(cx, i);
    }
    rc = expect_region_args(cx, 0, args, 2 * op->nin);
    if (!rc) rc = expect_region_returns(cx, 0, &bool_scalar, 1, "the comparator's answer");
    return rc;
}

/* ---- rules: windows ------------------------------------------------------------ */

/* The op's window (see ir_window_read), or a message saying what is wrong. */
static int read_window(const infer_ctx *cx, int rank, const int64_t *sizes, ir_window *w) {
    char why[200];
    return ir_window_read(cx->op, rank, sizes, w, why, sizeof why) ? DIAG_OK : fail(cx, "%s", why);
}

/* reduce_window(x..., init...): as reduce, but over windows; results have
 * one element per window position. */
static int rule_reduce_window(infer_ctx *cx) {
    int n = cx->op->nin / 2;
    const ir_type *first = operand(cx, 0);
    int rc = expect_same_shapes(cx, n);
    for (int k = 0; !rc && k < n; k++) {
        ir_type want = ir_type_scalar(operand(cx, k)->dtype);
        if (!ir_type_eq(operand(cx, n + k), &want))
            return fail(cx, "operand %d (init value of input %d): expected %s, got %s", n + k, k, TT(&want),
                        TT(operand(cx, n + k)));
    }
    ir_window w;
    if (!rc) rc = read_window(cx, first->rank, NULL, &w);
    if (!rc) rc = check_reducer(cx, n);
    if (rc) return rc;
    for (int k = 0; k < n; k++) {
        ir_type res = {.dtype = cx->out[k].dtype, .rank = first->rank};
        for (int i = 0; i < first->rank; i++) res.dims[i] = ir_window_positions(&w, i, first->dims[i]);
        cx->out[k] = res;
    }
    return DIAG_OK;
}

/* select_and_scatter(operand, source, init): source has one element per
 * window position of operand (no dilations); select compares two operand
 * elements, scatter combines two result elements. */
static int rule_select_and_scatter(infer_ctx *cx) {
    const ir_type *x = operand(cx, 0), *src = operand(cx, 1);
    const ir_attrs *a = attrs(cx);
    if (a->base_dil.n || a->win_dil.n) return fail(cx, "takes no base or window dilations");
    ir_type scalar = ir_type_scalar(x->dtype);
    if (!ir_type_eq(operand(cx, 2), &scalar))
        return fail(cx, "operand 2 (init value): expected %s, got %s", TT(&scalar), TT(operand(cx, 2)));
    if (src->dtype != x->dtype)
        return fail(cx, "operand 1 (source): expected element type %s, got %s", ir_dtype_name(x->dtype), TT(src));
    ir_window w;
    int rc = read_window(cx, x->rank, NULL, &w);
    if (rc) return rc;
    ir_type want = {.dtype = x->dtype, .rank = x->rank};
    for (int i = 0; i < x->rank; i++) want.dims[i] = ir_window_positions(&w, i, x->dims[i]);
    if (!ir_type_eq(src, &want))
        return fail(cx, "operand 1 (source): expected %s (one element per window position), got %s", TT(&want), TT(src));
    ir_type pair[2] = {scalar, scalar};
    rc = expect_region_args(cx, 0, pair, 2);
    if (!rc) rc = expect_region_returns(cx, 0, &bool_scalar, 1, "select's answer");
    if (!rc) rc = expect_region_args(cx, 1, pair, 2);
    if (!rc) rc = expect_region_returns(cx, 1, &scalar, 1, "the element type");
    cx->out[0] = *x;
    return rc;
}

/* A convolution's dimension numbers name every dimension of each tensor once. */
static int check_conv_roles(const infer_ctx *cx, const char *what, const ir_ints *roles, const ir_type *t) {
    if (roles->n != t->rank)
        return fail(cx, "%s: names %d dimensions, the tensor %s has %d", what, roles->n, TT(t), t->rank);
    unsigned claimed = 0;
    return claim_dims(cx, what, roles, t->rank, TT(t), &claimed);
}

/* convolution(lhs, rhs): result[batch] = lhs batch / batch_group_count,
 * result[feature] = kernel output features, spatial dims as a window of
 * the kernel's spatial size over lhs's (lhs_dilation the base dilation,
 * rhs_dilation the window's). The element type is the recorded one, of the
 * operands' kind. */
static int rule_convolution(infer_ctx *cx) {
    const ir_type *lhs = operand(cx, 0), *rhs = operand(cx, 1), *r = recorded(cx, 0);
    const ir_attrs *a = attrs(cx);
    if (lhs->rank < 2 || rhs->rank != lhs->rank || r->rank != lhs->rank)
        return fail(cx, "expected operands and result of one rank, at least 2; got %s, %s and %s", TT(lhs), TT(rhs), TT(r));
    if (rhs->dtype != lhs->dtype || dtype_kind(r->dtype) != dtype_kind(lhs->dtype))
        return fail(cx, "expected operands of one element type and a result of its kind; got %s, %s and %s", TT(lhs),
                    TT(rhs), TT(r));
    int rc = check_conv_roles(cx, "input dimensions", &a->conv_lhs, lhs);
    if (!rc) rc = check_conv_roles(cx, "kernel dimensions", &a->conv_rhs, rhs);
    if (!rc) rc = check_conv_roles(cx, "output dimensions", &a->conv_out, r);
    if (rc) return rc;
    int64_t fg = a->feature_groups, bg = a->batch_groups;
    int64_t batch = lhs->dims[a->conv_lhs.v[0]], in_f = lhs->dims[a->conv_lhs.v[1]];
    int64_t k_in = rhs->dims[a->conv_rhs.v[0]], k_out = rhs->dims[a->conv_rhs.v[1]];
    if (fg < 1 || bg < 1 || (fg > 1 && bg > 1))
        return fail(cx, "feature_group_count = %lld, batch_group_count = %lld: expected positive counts, one of them 1",
                    (long long)fg, (long long)bg);
    if (in_f % fg || in_f / fg != k_in)
        return fail(cx, "input features %lld: expected feature_group_count (%lld) x kernel input features (%lld)",
                    (long long)in_f, (long long)fg, (long long)k_in);
    if (batch % bg || k_out % bg || k_out % fg)
        return fail(cx, "batch %lld and kernel output features %lld: expected multiples of the group counts",
                    (long long)batch, (long long)k_out);
    int nsp = lhs->rank - 2;
    int64_t sizes[IR_MAX_RANK];
    for (int k = 0; k < nsp; k++) sizes[k] = rhs->dims[a->conv_rhs.v[2 + k]];
    ir_window w;
    if (a->win_dims.n) return fail(cx, "takes its window sizes from the kernel, not window_dimensions");
    rc = read_window(cx, nsp, sizes, &w);
    if (rc) return rc;
    ir_type res = {.dtype = r->dtype, .rank = r->rank};
    res.dims[a->conv_out.v[0]] = batch / bg;
    res.dims[a->conv_out.v[1]] = k_out;
    for (int k = 0; k < nsp; k++) res.dims[a->conv_out.v[2 + k]] = ir_window_positions(&w, k, lhs->dims[a->conv_lhs.v[2 + k]]);
    cx->out[0] = res;
    return DIAG_OK;
}

/* ---- rules: linear algebra ------------------------------------------------------- */

/* Operand i is a batch of square matrices [..., M, M] of floats; returns M. */
static int expect_square_matrices(const infer_ctx *cx, int i, int64_t *m) {
    const ir_type *a = operand(cx, i);
    if (a->rank < 2 || a->dims[a->rank - 1] != a->dims[a->rank - 2] || !ir_dtype_is_float(a->dtype))
        return fail(cx, "operand %d: expected floating-point square matrices [..., M, M], got %s", i, TT(a));
    *m = a->dims[a->rank - 1];
    return DIAG_OK;
}

/* triangular_solve(a, b): a [..., M, M], b [..., M, N] (left_side) or
 * [..., N, M], of a's element type and batch; the result is b's type. */
static int rule_triangular_solve(infer_ctx *cx) {
    const ir_type *a = operand(cx, 0), *b = operand(cx, 1);
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (rc) return rc;
    bool batch_fits = b->rank == a->rank && b->dtype == a->dtype;
    for (int i = 0; batch_fits && i < a->rank - 2; i++) batch_fits = b->dims[i] == a->dims[i];
    int side = attrs(cx)->left_side ? b->rank - 2 : b->rank - 1;
    if (!batch_fits || b->dims[side] != m)
        return fail(cx, "operand 1: expected a's element type and batch, and %lld along dimension %d (%s), got %s",
                    (long long)m, side, attrs(cx)->left_side ? "left side" : "right side", TT(b));
    cx->out[0] = *b;
    return DIAG_OK;
}

static int rule_cholesky(infer_ctx *cx) {
    int64_t m;
    int rc = expect_square_matrices(cx, 0, &m);
    if (!rc) cx->out[0] = *operand(cx, 0);
    return rc;
}

/* ---- rules: calls, returns, checks ------------------------------------------ */

/* The callee decides; ir_verify_op checks the recorded types against it. */
static int rule_call(infer_ctx *cx) {
    for (int i = 0; i < cx->op->nout; i++) cx->out[i] = *recorded(cx, i);
    return DIAG_OK;
}

/* A kernel: one block argument per operand, of its type; its results are
 * what the region returns. */
static int rule_fusion(infer_ctx *cx) {
    const ir_op *op = cx->op;
    const ir_block *body = op->regions[0];
    if (body->nargs != op->nin)
        return fail(cx, "region has %d arguments for %d operands", body->nargs, op->nin);
    for (int i = 0; i < op->nin; i++) {
        if (!valid_id(cx, body->args[i])) return fail(cx, "region argument %d does not exist", i);
        if (!ir_type_eq(type_of(cx, body->args[i]), type_of(cx, op->in[i])))
            return fail(cx, "region argument %d: expected %s (the type of operand %d), got %s", i,
                        ir_type_text_of(type_of(cx, op->in[i])).s, i,
                        ir_type_text_of(type_of(cx, body->args[i])).s);
    }
    const ir_op *ret = body->nops ? body->ops[body->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN || ret->nin != op->nout)
        return fail(cx, "region must end in a return of %d values", op->nout);
    for (int i = 0; i < op->nout; i++) {
        if (!valid_id(cx, ret->in[i])) return fail(cx, "region result %d does not exist", i);
        cx->out[i] = *type_of(cx, ret->in[i]);
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
    [IR_CONSTANT] = rule_constant,
    [IR_IOTA] = rule_iota,
    [IR_BROADCAST_IN_DIM] = rule_broadcast_in_dim,
    [IR_RESHAPE] = rule_reshape,
    [IR_TRANSPOSE] = rule_transpose,
    [IR_SLICE] = rule_slice,
    [IR_CONCATENATE] = rule_concatenate,
    [IR_REVERSE] = rule_reverse,
    [IR_CONVERT] = rule_convert,
    [IR_BITCAST_CONVERT] = rule_bitcast_convert,
    [IR_REDUCE_PRECISION] = rule_reduce_precision,
    [IR_SELECT] = rule_select,
    [IR_CLAMP] = rule_clamp,
    [IR_COMPARE] = rule_compare,
    [IR_DOT_GENERAL] = rule_dot_general,
    [IR_REDUCE] = rule_reduce,
    [IR_PAD] = rule_pad,
    [IR_DYNAMIC_SLICE] = rule_dynamic_slice,
    [IR_DYNAMIC_UPDATE_SLICE] = rule_dynamic_update_slice,
    [IR_GATHER] = rule_gather,
    [IR_SCATTER] = rule_scatter,
    [IR_GET_DIMENSION_SIZE] = rule_get_dimension_size,
    [IR_OPTIMIZATION_BARRIER] = rule_optimization_barrier,
    [IR_WHILE] = rule_while,
    [IR_IF] = rule_branches,
    [IR_CASE] = rule_branches,
    [IR_MAP] = rule_map,
    [IR_SORT] = rule_sort,
    [IR_REDUCE_WINDOW] = rule_reduce_window,
    [IR_SELECT_AND_SCATTER] = rule_select_and_scatter,
    [IR_CONVOLUTION] = rule_convolution,
    [IR_TRIANGULAR_SOLVE] = rule_triangular_solve,
    [IR_CHOLESKY] = rule_cholesky,
    [IR_CALL] = rule_call,
    [IR_FUSION] = rule_fusion,
    [IR_RETURN] = rule_no_results,
};

static infer_rule rule_of(ir_opcode code) {
    switch (ir_op_kind_of(code)) {
    case IR_KIND_UNARY: return rule_unary;
    case IR_KIND_BINARY: return rule_binary;
    case IR_KIND_CHECK: return rule_no_results;
    default: return other_rules[code];
    }
}

int ir_infer_types(const ir_func *f, const ir_op *op, ir_type *out, diag *d) {
    infer_ctx cx = {f, op, out, d};
    int rc = check_structure(&cx);
    if (rc) return rc;
    infer_rule rule = rule_of(op->code);
    if (!rule) return fail(&cx, "has no type rule");
    return rule(&cx);
}
