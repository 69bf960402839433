/* parse_op_elementwise.c: the pretty syntax of the elementwise ops (and
 * convert, reshape, clamp), reduce_precision, select, compare and complex;
 * reduce_precision's generic attributes. */
#include <stdio.h>

#include "front_internal.h"

/* Elementwise ops, convert, reshape, clamp: `%a, ... attr-dict? : T` or `: (T, ...) -> R`. */
int fr_parse_same_typed(parser *p, op_desc *d) {
    return fr_parse_operands(p, d) || fr_skip_attr_dict(p) || fr_sig_same(p, d);
}

/* `%x, format = e5m10 attr-dict? : T`: the word after '=' is e<N>m<M>. */
int fr_parse_reduce_precision(parser *p, op_desc *d) {
    if (fr_parse_operand(p, d) || expect(p, TK_COMMA, "',' before 'format'") ||
        expect_word(p, "format", "'format'") || expect(p, TK_EQUAL, "'='"))
        return -1;
    int e, m, used = 0;
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(p->tok.len < 31 ? p->tok.len : 31), p->tok.s);
    if (!at(p, TK_IDENT) || sscanf(word, "e%dm%d%n", &e, &m, &used) != 2 || (size_t)used != p->tok.len)
        return fr_expected(p, "a format such as e5m10 (exponent and mantissa bits)");
    d->a.exponent_bits = e;
    d->a.mantissa_bits = m;
    next(p);
    return fr_skip_attr_dict(p) || fr_sig_same(p, d);
}

/* `%p, %a, %b attr-dict? : P, T` or `: (P, A, B) -> R` */
int fr_parse_select(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d) || fr_skip_attr_dict(p) || expect(p, TK_COLON, "':' before the op's type")) return -1;
    typelist ts = {0};
    int rc;
    if (at(p, TK_LPAREN)) {
        rc = fr_parse_function_type(p, &ts, &d->out) || fr_check_operand_types(p, d, ts.v, ts.n);
    } else {
        rc = fr_parse_type_list(p, &ts);
        if (!rc && ts.n != 2) rc = fr_error(p, d->at, "expected a predicate type and a result type");
        if (!rc) {
            ir_type operands[3] = {ts.v[0], ts.v[1], ts.v[1]};
            rc = fr_typelist_push_from(p, &d->out, &ts, 1) || fr_check_operand_types(p, d, operands, 3);
        }
    }
    fr_typelist_free(&ts);
    return rc;
}

/* `%re, %im attr-dict? : R` (operands of R's part type) or `: (A, B) -> R` */
int fr_parse_complex(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d) || fr_skip_attr_dict(p) || expect(p, TK_COLON, "':' before the op's type")) return -1;
    if (at(p, TK_LPAREN)) {
        typelist ins = {0};
        int rc = fr_parse_function_type(p, &ins, &d->out) || fr_check_operand_types(p, d, ins.v, ins.n);
        fr_typelist_free(&ins);
        return rc;
    }
    ir_type t;
    if (fr_parse_tensor_type(p, &t) || fr_typelist_push(p, &d->out, &t)) return -1;
    ir_type part = t;
    part.dtype = ir_dtype_complex_part(t.dtype);
    return fr_check_all_operands(p, d, &part);
}

/* `DIR, %a, %b (, TYPE)? attr-dict? : (A, B) -> R` */
int fr_parse_compare(parser *p, op_desc *d) {
    if (fr_parse_cmp_dir(p, &d->a.cmp) || expect(p, TK_COMMA, "',' after the comparison direction") ||
        fr_parse_operands(p, d))
        return -1;
    if (accept(p, TK_COMMA) && fr_parse_cmp_type(p, &d->a.cmp_type)) return -1;
    return fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* reduce_precision's exponent_bits and mantissa_bits (i32 attributes). */
int fr_read_precision_bits(parser *p, const attr_list *attrs, op_desc *d) {
    const attr_ref *a;
    int64_t e, m;
    if (!(a = fr_attr_require(p, attrs, "exponent_bits", d->at)) || fr_attr_read_int(p, a, &e) ||
        !(a = fr_attr_require(p, attrs, "mantissa_bits", d->at)) || fr_attr_read_int(p, a, &m))
        return -1;
    if (e < INT32_MIN || e > INT32_MAX || m < INT32_MIN || m > INT32_MAX)
        return fr_error(p, d->at, "exponent_bits or mantissa_bits out of range");
    d->a.exponent_bits = (int)e;
    d->a.mantissa_bits = (int)m;
    return 0;
}
