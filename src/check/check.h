/* check: the comparison rules of the conformance suite's check ops.
 *
 * Shared by every executor (the reference evaluator now, compiled code
 * later) so that "passing" means one thing. The rules are exactly those of
 * ../shared/conformance/stablehlo/README.md:
 *  - expect_eq: integers and booleans exactly; floats by IEEE == (NaN never
 *    equals NaN, +0 equals -0);
 *  - expect_almost_eq: |a-b| <= tolerance computed in double; NaN matches
 *    NaN; an infinity must match exactly;
 *  - expect_close: ULP distance between bit patterns within
 *    [min_ulp, max_ulp]; bitwise-equal or both-NaN is distance 0; a
 *    non-finite mismatch fails;
 *  - the checked value's shape and element type must equal the expected.
 * Integers and booleans compare exactly under expect_almost_eq, and by
 * their integer distance under expect_close. The tolerance and ULP bounds
 * are taken from the op's attributes as they are: whoever builds the op
 * (the parser) fills in the suite's defaults (1e-4 or 1e-3; 3 ULP). */
#ifndef CHECK_H
#define CHECK_H
#include <stdbool.h>
#include <stddef.h>

#include "../ir/ir.h"

/* Compares actual against expected under the rule of op (one of the
 * IR_CHECK_* ops, whose attrs carry tolerance / ulp bounds). Returns true
 * when the check passes; otherwise writes a message naming the first
 * mismatching element (index, actual, expected) into msg. */
bool check_compare(const ir_op *op,
                   const ir_type *actual_type, const void *actual,
                   const ir_type *expected_type, const void *expected,
                   char *msg, size_t msg_size);
#endif
