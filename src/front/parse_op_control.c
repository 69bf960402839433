/* parse_op_control.c: the pretty syntax of call, return and while; sort's
 * generic attributes. */
#include <stdio.h>

#include "../util/mem.h"
#include "front_internal.h"

/* `@f(%a, ...) attr-dict? : (A, ...) -> R` */
int fr_parse_call(parser *p, op_desc *d) {
    if (!at(p, TK_SYMBOL)) return fr_expected(p, "the callee such as @f");
    if (fr_symbol_name(p, &p->tok, &d->a.callee)) return -1;
    next(p);
    return fr_parse_paren_operands(p, d) || fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `(%a, ... : T, ...)?` */
int fr_parse_return(parser *p, op_desc *d) {
    if (!at(p, TK_VALUE)) return fr_skip_attr_dict(p);
    return fr_parse_operands(p, d) || fr_skip_attr_dict(p) || expect(p, TK_COLON, "':' before the returned types") ||
           fr_sig_operand_list(p, d);
}

/* One region of the pretty while, after `word`: its arguments are the
 * loop-carried values, named as in the op's header. */
static int parse_while_region(parser *p, ir_op *op, const token *names, const char *word) {
    char what[32];
    snprintf(what, sizeof what, "'%s'", word);
    if (expect_word(p, word, what)) return -1;
    ir_block *b = ir_op_add_region(op);
    if (!b) return fr_nomem(p);
    int mark = fr_scope_mark(p);
    int rc = 0;
    for (int i = 0; !rc && i < op->nin; i++) {
        ir_type t = *ir_value_type(p->fn, op->in[i]);   /* a copy: adding the argument may move the table */
        rc = fr_bind_block_arg(p, b, &names[i], &t, fr_value_quant(p, op->in[i]));
    }
    if (!rc) rc = fr_parse_region(p, b, false);
    fr_scope_pop(p, mark);
    return rc ? -1 : 0;
}

/* `(%arg = %init, ...) attr-dict? : T, ... cond { ... } do { ... }`; the
 * results have the operands' types. */
int fr_parse_while(parser *p, op_desc *d, ir_op **op) {
    token *names = NULL;
    int cap = 0, rc = expect(p, TK_LPAREN, "'(' before the loop-carried values");
    if (!rc && !accept(p, TK_RPAREN)) {
        do {
            if (mem_grow((void **)&names, &cap, d->nin + 1, sizeof *names)) {
                rc = fr_nomem(p);
                break;
            }
            names[d->nin] = p->tok;
            rc = expect(p, TK_VALUE, "a loop-carried value's name") || expect(p, TK_EQUAL, "'=' after its name") ||
                 fr_parse_operand(p, d);
        } while (!rc && accept(p, TK_COMMA));
        if (!rc) rc = expect(p, TK_RPAREN, "')' after the loop-carried values");
    }
    if (!rc) rc = fr_skip_attr_dict(p);
    if (!rc && d->nin) {
        typelist ts = {0};
        rc = expect(p, TK_COLON, "':' before the loop-carried types") || fr_parse_type_list(p, &ts) ||
             fr_check_operand_types(p, d, ts.v, ts.n);
        for (int i = 0; !rc && i < ts.n; i++) rc = fr_typelist_push(p, &d->out, &ts.v[i]);
        fr_typelist_free(&ts);
    }
    if (!rc && !(*op = fr_emit(p, d))) rc = -1;
    if (!rc) rc = parse_while_region(p, *op, names, "cond") || parse_while_region(p, *op, names, "do");
    mem_free(names);
    return rc ? -1 : 0;
}

/* sort: `dimension` (default -1, counted from the end, stored from the
 * front) and `is_stable` (default false). */
int fr_read_sort_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    if (fr_read_optional_int(p, attrs, "dimension", -1, &d->a.axis)) return -1;
    if ((a = fr_attr_find(attrs, "is_stable")) && fr_attr_read_bool(p, a, &d->a.is_stable)) return -1;
    int rank = d->nin ? ir_value_type(p->fn, d->in[0].id)->rank : 0;
    if (d->a.axis < 0 && d->a.axis >= -rank) d->a.axis += rank;
    return 0;
}
