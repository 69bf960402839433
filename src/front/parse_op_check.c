/* parse_op_check.c: the checks' pretty syntax: expect_eq, expect_almost_eq,
 * expect_close, the _const forms, and custom_call of a check target. */
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

/* `, tolerance = F (: f64)?` if present. A ':' followed by `tensor` is the
 * op's signature, not the tolerance's type. */
static int parse_optional_tolerance(parser *p, ir_attrs *a) {
    if (!fr_comma_then(p, TK_IDENT)) return 0;
    if (expect_word(p, "tolerance", "'tolerance'") || expect(p, TK_EQUAL, "'='") ||
        fr_parse_double(p, &a->tolerance, "a tolerance"))
        return -1;
    if (!at(p, TK_COLON)) return 0;
    pstate colon = fr_save(p);
    next(p);
    if (at(p, TK_IDENT) && !at_word(p, "tensor"))
        next(p);
    else
        fr_restore(p, &colon);
    return 0;
}

/* Reads `tolerance` from an attribute dictionary, if present. */
static int parse_dict_tolerance(parser *p, ir_attrs *a) {
    attr_list attrs = {0};
    int rc = fr_parse_optional_attr_dict(p, &attrs);
    const attr_ref *t = rc ? NULL : fr_attr_find(&attrs, "tolerance");
    if (t) rc = fr_attr_read_float(p, t, &a->tolerance);
    fr_attr_list_free(&attrs);
    return rc;
}

/* expect_eq: `%a, %b attr-dict? : T`; expect_almost_eq: `%a, %b (, tolerance = F)? attr-dict? : T` */
int fr_parse_expect(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d)) return -1;
    if (d->code == IR_CHECK_ALMOST_EQ) {
        d->a.tolerance = 1e-4;
        if (parse_optional_tolerance(p, &d->a) || parse_dict_tolerance(p, &d->a)) return -1;
    } else if (fr_skip_attr_dict(p)) {
        return -1;
    }
    ir_type t;
    return expect(p, TK_COLON, "':' before the operand type") || fr_parse_tensor_type(p, &t) ||
           fr_check_all_operands(p, d, &t);
}

/* `%a, %b, max_ulp_difference = N (, min_ulp_difference = M)? : attr-dict? A, B` */
int fr_parse_expect_close(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d) || expect(p, TK_COMMA, "',' before max_ulp_difference") ||
        expect_word(p, "max_ulp_difference", "'max_ulp_difference'") || expect(p, TK_EQUAL, "'='") ||
        fr_parse_uint64(p, &d->a.max_ulp, "the maximum ULP difference"))
        return -1;
    if (accept(p, TK_COMMA) &&
        (expect_word(p, "min_ulp_difference", "'min_ulp_difference'") || expect(p, TK_EQUAL, "'='") ||
         fr_parse_uint64(p, &d->a.min_ulp, "the minimum ULP difference")))
        return -1;
    return fr_skip_attr_dict(p) || expect(p, TK_COLON, "':' before the operand types") || fr_skip_attr_dict(p) ||
           fr_sig_operand_list(p, d);
}

/* Emits the expected value (the literal at `literal`, taking *data) as a
 * constant and makes it the check's second operand. */
int fr_add_expected_constant(parser *p, op_desc *d, const token *literal, const ir_type *t, void **data) {
    op_desc c = {.code = IR_CONSTANT, .at = d->at};
    c.a.data = *data;
    *data = NULL;
    int rc = fr_typelist_push(p, &c.out, t);
    ir_op *op = rc ? NULL : fr_emit(p, &c);
    fr_op_desc_free(&c);
    return op ? fr_push_operand(p, d, (operand){op->out[0], *literal}) : -1;
}

/* expect_eq_const: `%a, dense<..> : T attr-dict?`;
 * expect_almost_eq_const: `%a, dense<..> : T (, tolerance = F)? attr-dict?` */
int fr_parse_expect_const(parser *p, op_desc *d) {
    ir_type t;
    void *data = NULL;
    if (fr_parse_operand(p, d) || expect(p, TK_COMMA, "',' before the expected value")) return -1;
    token literal = p->tok;
    if (!at_word(p, "dense")) return fr_expected(p, "a dense<...> literal");
    if (fr_parse_dense(p, &t, &data)) return -1;
    int rc = fr_check_operand_type(p, &d->in[0], &t) || fr_add_expected_constant(p, d, &literal, &t, &data);
    mem_free(data);
    if (rc) return -1;
    if (d->code != IR_CHECK_ALMOST_EQ) return fr_skip_attr_dict(p);
    d->a.tolerance = 1e-4;
    return parse_optional_tolerance(p, &d->a) || parse_dict_tolerance(p, &d->a);
}

/* The check a custom_call target names, with the defaults of the reference
 * interpreter's custom_call form; false for any other target. */
static bool custom_call_check(const char *target, op_desc *d) {
    if (strcmp(target, "check.expect_eq") == 0) {
        d->code = IR_CHECK_EQ;
    } else if (strcmp(target, "check.expect_almost_eq") == 0) {
        d->code = IR_CHECK_ALMOST_EQ;
        d->a.tolerance = 1e-3;
    } else if (strcmp(target, "check.eq") == 0) {   /* the operands decide: see finish_check_eq */
        d->code = IR_CHECK_ALMOST_EQ;
        d->a.tolerance = 1e-4;
    } else if (strcmp(target, "check.expect_close") == 0) {
        d->code = IR_CHECK_CLOSE;
        d->a.max_ulp = 3;
        d->a.min_ulp = 0;
    } else {
        return false;
    }
    return true;
}

int fr_check_custom_call_target(parser *p, op_desc *d, const char *target, cursor at) {
    if (!custom_call_check(target, d)) return fr_unsupported(p, at, "unsupported custom_call @%.100s", target);
    return 0;
}

/* @check.eq(actual, expected) -> tensor<i1>, as stablehlo-translate's
 * interpreter runs it: expect_eq on integers and booleans, expect_almost_eq
 * with tolerance 1e-4 on floats. Its result says whether the check held;
 * a run goes on only when it did, so the result is the constant true. */
static int finish_check_eq(parser *p, op_desc *d) {
    if (d->nin != 2) return fr_error(p, d->at, "@check.eq takes 2 operands, found %d", d->nin);
    ir_type want = ir_type_scalar(IR_I1);
    if (d->out.n > 1 || (d->out.n == 1 && !ir_type_eq(&d->out.v[0], &want)))
        return fr_error(p, d->at, "@check.eq has one result, a tensor<i1>");
    if (!ir_dtype_is_float(ir_value_type(p->fn, d->in[1].id)->dtype)) {
        d->code = IR_CHECK_EQ;
        d->a.tolerance = 0;
    }
    if (d->out.n == 0) return 0;
    d->out.n = 0;
    if (!fr_emit(p, d)) return -1;
    d->code = IR_CONSTANT;
    d->nin = 0;
    if (fr_typelist_push(p, &d->out, &want) || !(d->a.data = mem_calloc(1, 1))) return fr_nomem(p);
    *(unsigned char *)d->a.data = 1;
    return 0;
}

int fr_finish_custom_call_check(parser *p, op_desc *d, const char *target) {
    return strcmp(target, "check.eq") == 0 ? finish_check_eq(p, d) : 0;
}

/* `@target(%a, ...) attr-dict? : (A, ...) -> (R, ...)`: a check target, or
 * one of JAX's that parse_op_lapack.c lowers. */
int fr_parse_custom_call(parser *p, op_desc *d) {
    if (!at(p, TK_SYMBOL)) return fr_expected(p, "the call target such as @check.expect_eq");
    cursor target_at = p->tok.at;
    char *target;
    if (fr_symbol_name(p, &p->tok, &target)) return -1;
    bool jax = fr_jax_custom_call(target);
    int rc = jax ? 0 : fr_check_custom_call_target(p, d, target, target_at);
    attr_list attrs = {0};
    if (!rc) {
        next(p);
        rc = fr_parse_paren_operands(p, d) || (jax ? fr_parse_optional_attr_dict(p, &attrs) : fr_skip_attr_dict(p)) ||
             fr_sig_functional(p, d) || (!jax && fr_finish_custom_call_check(p, d, target));
    }
    if (!rc && jax) rc = fr_lower_custom_call(p, d, target, &attrs);
    fr_attr_list_free(&attrs);
    mem_free(target);
    return rc ? -1 : 0;
}
