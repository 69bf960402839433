/* parse_op_index.c: the pretty syntax of pad, dynamic_slice,
 * get_dimension_size and optimization_barrier (gather and scatter have only
 * the generic form). */
#include "front_internal.h"

/* `%x, %pad, low = [..], high = [..], interior = [..] attr-dict? : (X, P) -> R` */
int fr_parse_pad(parser *p, op_desc *d) {
    return fr_parse_operands(p, d) || expect(p, TK_COMMA, "',' before 'low'") ||
           fr_parse_named_list(p, "low", &d->a.low) || expect(p, TK_COMMA, "',' before 'high'") ||
           fr_parse_named_list(p, "high", &d->a.high) || expect(p, TK_COMMA, "',' before 'interior'") ||
           fr_parse_named_list(p, "interior", &d->a.interior) || fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `%x, %i0, ..., sizes = [..] attr-dict? : (X, I, ...) -> R` */
int fr_parse_dynamic_slice(parser *p, op_desc *d) {
    return fr_parse_operands(p, d) || expect(p, TK_COMMA, "',' before 'sizes'") ||
           fr_parse_named_list(p, "sizes", &d->a.sizes) || fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `%x, dim = N attr-dict? : (X) -> R` */
int fr_parse_get_dimension_size(parser *p, op_desc *d) {
    return fr_parse_operand(p, d) || expect(p, TK_COMMA, "',' before 'dim'") ||
           fr_parse_named_int(p, "dim", &d->a.axis) || fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `%a, %b attr-dict? : A, B`: each result has its operand's type. */
int fr_parse_optimization_barrier(parser *p, op_desc *d) {
    if (fr_parse_operands(p, d) || fr_skip_attr_dict(p) || expect(p, TK_COLON, "':' before the operand types"))
        return -1;
    if (at(p, TK_LPAREN)) {
        typelist ins = {0};
        int rc = fr_parse_function_type(p, &ins, &d->out) || fr_check_operand_types(p, d, ins.v, ins.n);
        fr_typelist_free(&ins);
        return rc;
    }
    if (fr_sig_operand_list(p, d)) return -1;
    for (int i = 0; i < d->nin; i++)
        if (fr_typelist_push(p, &d->out, ir_value_type(p->fn, d->in[i].id))) return -1;
    return 0;
}
