/* parse_op_reduce.c: reduce's pretty syntax: its operands, then a compact
 * reducer (`applies OP`) or a reducer region. */
#include "../util/mem.h"
#include "front_internal.h"

/* The reduce operands `(%x init: %c) (, (%y init: %d))*`, inputs first. */
static int parse_reduce_operands(parser *p, op_desc *d) {
    op_desc inits = {0};
    int rc = 0;
    do {
        rc = expect(p, TK_LPAREN, "'(' before a reduce input") || fr_parse_operand(p, d) ||
             expect_word(p, "init", "'init'") || expect(p, TK_COLON, "':' after 'init'") ||
             fr_parse_operand(p, &inits) || expect(p, TK_RPAREN, "')' after the init value");
    } while (!rc && accept(p, TK_COMMA));
    for (int i = 0; !rc && i < inits.nin; i++) rc = fr_push_operand(p, d, inits.in[i]);
    fr_op_desc_free(&inits);
    return rc ? -1 : 0;
}

/* The compact reducer: one binary op on two scalars of the first input's
 * element type, whose result the region returns (as MLIR builds it). */
static int build_compact_reducer(parser *p, ir_op *reduce, ir_opcode inner) {
    ir_block *b = ir_op_add_region(reduce);
    if (!b) return fr_nomem(p);
    ir_type scalar = ir_type_scalar(ir_value_type(p->fn, reduce->in[0])->dtype);
    ir_value_id args[2] = {ir_block_add_arg(p->fn, b, &scalar), ir_block_add_arg(p->fn, b, &scalar)};
    if (args[0] < 0 || args[1] < 0) return fr_nomem(p);
    ir_op *op = ir_op_append(p->fn, b, inner, 2, args, 1, &scalar);
    ir_op *ret = op ? ir_op_append(p->fn, b, IR_RETURN, 1, op->out, 0, NULL) : NULL;
    if (!ret) return fr_nomem(p);
    op->loc = ret->loc = reduce->loc;
    return 0;
}

/* One `(%a: T, %b: T)` pair of reducer arguments. */
typedef struct reducer_pair {
    token name[2];
    ir_type type[2];
} reducer_pair;

/* `reducer (%a0: T, %b0: T) (%a1: T, %b1: T) ... { ... }`: the block takes
 * the first of every pair, then the second of every pair (a0, a1, b0, b1). */
static int parse_reducer_region(parser *p, ir_op *reduce) {
    ir_block *b = ir_op_add_region(reduce);
    if (!b) return fr_nomem(p);
    int mark = fr_scope_mark(p), n = 0, cap = 0;
    reducer_pair *pairs = NULL;
    int rc = expect_word(p, "reducer", "'reducer' or 'applies'");
    while (!rc && accept(p, TK_LPAREN)) {
        if (mem_grow((void **)&pairs, &cap, n + 1, sizeof(reducer_pair))) {
            rc = fr_nomem(p);
            break;
        }
        reducer_pair *r = &pairs[n++];
        rc = fr_parse_typed_arg(p, &r->name[0], &r->type[0], NULL) || expect(p, TK_COMMA, "',' between the pair") ||
             fr_parse_typed_arg(p, &r->name[1], &r->type[1], NULL) || expect(p, TK_RPAREN, "')' after the pair");
    }
    for (int half = 0; half < 2 && !rc; half++)
        for (int i = 0; i < n && !rc; i++) rc = fr_bind_block_arg(p, b, &pairs[i].name[half], &pairs[i].type[half], 0);
    mem_free(pairs);
    if (!rc) rc = fr_parse_region(p, b, false);
    fr_scope_pop(p, mark);
    return rc ? -1 : 0;
}

/* `(%x init: %c), ... (applies OP)? across dimensions = [..] attr-dict? : (..) -> R`
 * then, without `applies`, the reducer region. */
int fr_parse_reduce(parser *p, op_desc *d, ir_op **op) {
    ir_opcode inner = IR_ADD;
    bool compact = false;
    if (parse_reduce_operands(p, d)) return -1;
    if (accept_word(p, "applies")) {
        cursor inner_at = p->tok.at;
        if (!at(p, TK_IDENT) && !at(p, TK_STRING)) return fr_expected(p, "the op the reduce applies");
        token t = p->tok;
        if (t.kind == TK_STRING) t.s++, t.len -= 2;
        if (!ir_op_from_name(t.s, t.len, &inner) || ir_op_kind_of(inner) != IR_KIND_BINARY)
            return fr_error(p, inner_at, "reduce applies %.*s, which is not a binary elementwise op", shown(t.len),
                            t.s);
        next(p);
        compact = true;
    }
    if (expect_word(p, "across", "'across'") || fr_parse_named_list(p, "dimensions", &d->a.dims) ||
        fr_skip_attr_dict(p) || fr_sig_functional(p, d) || !(*op = fr_emit(p, d)))
        return -1;
    return compact ? build_compact_reducer(p, *op, inner) : parse_reducer_region(p, *op);
}
