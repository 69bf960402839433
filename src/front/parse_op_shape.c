/* parse_op_shape.c: the pretty syntax of constant, iota, broadcast_in_dim,
 * transpose, reverse, slice and concatenate. */
#include "front_internal.h"

/* `[` start `:` limit (`:` stride)? (`,` ...)* `]` */
static int parse_slice_ranges(parser *p, ir_attrs *a) {
    int64_t start[IR_MAX_RANK], limit[IR_MAX_RANK], stride[IR_MAX_RANK];
    int n = 0;
    if (expect(p, TK_LBRACKET, "'[' before the slice ranges")) return -1;
    if (!at(p, TK_RBRACKET)) {
        do {
            if (n == IR_MAX_RANK)
                return fr_unsupported(p, p->tok.at, "unsupported slice of rank above %d", IR_MAX_RANK);
            stride[n] = 1;
            if (fr_parse_int64(p, &start[n], "a slice start") || expect(p, TK_COLON, "':' after the slice start") ||
                fr_parse_int64(p, &limit[n], "a slice limit"))
                return -1;
            if (accept(p, TK_COLON) && fr_parse_int64(p, &stride[n], "a slice stride")) return -1;
            n++;
        } while (accept(p, TK_COMMA));
    }
    if (expect(p, TK_RBRACKET, "']' after the slice ranges")) return -1;
    if (ir_ints_set(&a->start, n, start) || ir_ints_set(&a->limit, n, limit) || ir_ints_set(&a->stride, n, stride))
        return fr_nomem(p);
    return 0;
}

/* `attr-dict? dense<...> : T` */
int fr_parse_constant(parser *p, op_desc *d) {
    ir_type t;
    if (fr_skip_attr_dict(p)) return -1;
    if (at_word(p, "dense")) return fr_parse_dense(p, &t, &d->a.data) || fr_typelist_push(p, &d->out, &t);
    if (at_word(p, "dense_resource") || at_word(p, "sparse") || at_word(p, "array"))
        return fr_unsupported(p, p->tok.at, "unsupported constant form %.*s<...>", (int)p->tok.len, p->tok.s);
    return fr_expected(p, "a dense<...> literal");
}

/* `dim = N attr-dict? : T` */
int fr_parse_iota(parser *p, op_desc *d) {
    return fr_parse_named_int(p, "dim", &d->a.axis) || fr_skip_attr_dict(p) || fr_sig_same(p, d);
}

/* broadcast_in_dim, transpose: `%x, dims = [..] attr-dict? : (T) -> R`; reverse: `... : T`. */
int fr_parse_with_dims(parser *p, op_desc *d) {
    return fr_parse_operand(p, d) || expect(p, TK_COMMA, "',' before 'dims'") ||
           fr_parse_named_list(p, "dims", &d->a.dims) || fr_skip_attr_dict(p) || fr_sig_same(p, d);
}

/* `%x [0:2, 1:3:2] attr-dict? : (T) -> R` */
int fr_parse_slice(parser *p, op_desc *d) {
    return fr_parse_operand(p, d) || parse_slice_ranges(p, &d->a) || fr_skip_attr_dict(p) || fr_sig_functional(p, d);
}

/* `%a, %b, dim = N attr-dict? : (A, B) -> R` (or `: T` when all types agree) */
int fr_parse_concatenate(parser *p, op_desc *d) {
    return fr_parse_operands(p, d) || expect(p, TK_COMMA, "',' before 'dim'") ||
           fr_parse_named_int(p, "dim", &d->a.axis) || fr_skip_attr_dict(p) || fr_sig_same(p, d);
}
