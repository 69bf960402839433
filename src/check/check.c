/* check.c: the comparison rules of the conformance suite's check ops (see
 * check.h). Every rule compares element k of actual with element k of
 * expected; the first element that fails is reported. */
#include "check.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "elem.h"

/* ---- one element under each rule ------------------------------------------ */

/* Why an element failed, beyond its two values (empty when nothing to add). */
typedef struct detail {
    char text[96];
} detail;

static bool equal_elements(const elem_type *t, elem_value a, elem_value e) {
    return t->cls == ELEM_FLOAT ? a.f == e.f : a.i == e.i;   /* IEEE ==: NaN != NaN, -0 == +0 */
}

static bool almost_equal_elements(const ir_op *op, const elem_type *t,
                                  elem_value a, elem_value e, detail *why) {
    if (t->cls != ELEM_FLOAT) return a.i == e.i;
    if (isnan(a.f) || isnan(e.f)) return isnan(a.f) && isnan(e.f);
    if (isinf(a.f) || isinf(e.f)) return a.f == e.f;
    double diff = fabs(a.f - e.f);
    if (diff <= op->a.tolerance) return true;
    snprintf(why->text, sizeof why->text, " (|difference| %g > tolerance %g)", diff, op->a.tolerance);
    return false;
}

/* Distance of a finite float from +0 in ULPs, negative below zero, so that
 * the distance between two finite floats is the difference of their keys
 * (+0 and -0 both map to 0). */
static int64_t ulp_key(uint64_t bits, int width) {
    uint64_t sign = UINT64_C(1) << (width - 1);
    int64_t magnitude = (int64_t)(bits & (sign - 1));
    return (bits & sign) ? -magnitude : magnitude;
}

/* The ULP distance of two elements: 0 for bitwise-equal or both-NaN floats,
 * UINT64_MAX when a non-finite float meets a different value; integers and
 * booleans count the integer distance. */
static uint64_t ulp_distance(const elem_type *t, const void *actual, const void *expected, int64_t k) {
    elem_value a = elem_load(t->dtype, actual, k), e = elem_load(t->dtype, expected, k);
    if (t->cls != ELEM_FLOAT) {
        bool a_less = t->is_unsigned ? (uint64_t)a.i < (uint64_t)e.i : a.i < e.i;
        return a_less ? (uint64_t)e.i - (uint64_t)a.i : (uint64_t)a.i - (uint64_t)e.i;
    }
    uint64_t abits = elem_bits_at(t->dtype, actual, k), ebits = elem_bits_at(t->dtype, expected, k);
    if (abits == ebits || (isnan(a.f) && isnan(e.f))) return 0;
    if (!isfinite(a.f) || !isfinite(e.f)) return UINT64_MAX;
    int64_t ka = ulp_key(abits, t->bits), ke = ulp_key(ebits, t->bits);
    return ka > ke ? (uint64_t)ka - (uint64_t)ke : (uint64_t)ke - (uint64_t)ka;
}

static bool close_elements(const ir_op *op, const elem_type *t, const void *actual,
                           const void *expected, int64_t k, detail *why) {
    uint64_t dist = ulp_distance(t, actual, expected, k);
    if (dist >= op->a.min_ulp && dist <= op->a.max_ulp) return true;
    if (dist == UINT64_MAX)
        snprintf(why->text, sizeof why->text, " (non-finite mismatch)");
    else
        snprintf(why->text, sizeof why->text, " (ULP distance %" PRIu64 ", allowed [%" PRIu64 ", %" PRIu64 "])",
                 dist, op->a.min_ulp, op->a.max_ulp);
    return false;
}

static bool element_passes(const ir_op *op, const elem_type *t, const void *actual,
                           const void *expected, int64_t k, detail *why) {
    elem_value a = elem_load(t->dtype, actual, k), e = elem_load(t->dtype, expected, k);
    switch (op->code) {
    case IR_CHECK_EQ: return equal_elements(t, a, e);
    case IR_CHECK_ALMOST_EQ: return almost_equal_elements(op, t, a, e, why);
    case IR_CHECK_CLOSE: return close_elements(op, t, actual, expected, k, why);
    default: return false;
    }
}

/* ---- messages ------------------------------------------------------------- */

static void format_element(const elem_type *t, const void *data, int64_t k, char *buf, size_t size) {
    elem_value v = elem_load(t->dtype, data, k);
    if (t->cls == ELEM_FLOAT)
        snprintf(buf, size, "%.*g", t->dtype == IR_F64 ? 17 : t->dtype == IR_F32 ? 9 : 5, v.f);   /* round-trip digits */
    else if (t->cls == ELEM_BOOL)
        snprintf(buf, size, "%s", v.i ? "true" : "false");
    else if (t->is_unsigned)
        snprintf(buf, size, "%" PRIu64, (uint64_t)v.i);
    else
        snprintf(buf, size, "%" PRId64, v.i);
}

/* Writes the multi-index of flat element k of t as "[i, j]". */
static void format_index(const ir_type *t, int64_t k, char *buf, size_t size) {
    int64_t idx[IR_MAX_RANK];
    for (int d = t->rank - 1; d >= 0; d--) {
        idx[d] = t->dims[d] ? k % t->dims[d] : 0;
        k = t->dims[d] ? k / t->dims[d] : 0;
    }
    size_t used = (size_t)snprintf(buf, size, "[");
    for (int d = 0; d < t->rank && used < size; d++)
        used += (size_t)snprintf(buf + used, size - used, d ? ", %" PRId64 : "%" PRId64, idx[d]);
    if (used < size) snprintf(buf + used, size - used, "]");
}

static void report_mismatch(const ir_op *op, const elem_type *t, const ir_type *shape,
                            const void *actual, const void *expected, int64_t k,
                            const detail *why, char *msg, size_t msg_size) {
    char index[160], a[48], e[48];
    format_index(shape, k, index, sizeof index);
    format_element(t, actual, k, a, sizeof a);
    format_element(t, expected, k, e, sizeof e);
    snprintf(msg, msg_size, "%s: element %s: actual %s, expected %s%s",
             ir_op_name(op->code), index, a, e, why->text);
}

/* ---- the entry point ------------------------------------------------------ */

bool check_compare(const ir_op *op,
                   const ir_type *actual_type, const void *actual,
                   const ir_type *expected_type, const void *expected,
                   char *msg, size_t msg_size) {
    if (msg_size) msg[0] = 0;
    if (!ir_type_eq(actual_type, expected_type)) {
        char a[128], e[128];
        snprintf(msg, msg_size, "%s: type mismatch: actual %s, expected %s", ir_op_name(op->code),
                 ir_type_str(actual_type, a, sizeof a), ir_type_str(expected_type, e, sizeof e));
        return false;
    }
    elem_type t = elem_type_of(actual_type->dtype);
    if (t.cls == ELEM_OTHER || ir_op_kind_of(op->code) != IR_KIND_CHECK) {
        snprintf(msg, msg_size, "%s: cannot compare element type %s", ir_op_name(op->code),
                 ir_dtype_name(t.dtype));
        return false;
    }
    int64_t n = ir_type_numel(actual_type);
    for (int64_t k = 0; k < n; k++) {
        detail why = {{0}};
        if (!element_passes(op, &t, actual, expected, k, &why)) {
            report_mismatch(op, &t, actual_type, actual, expected, k, &why, msg, msg_size);
            return false;
        }
    }
    return true;
}
