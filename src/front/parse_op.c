/* parse_op.c: op statements, in the pretty and the generic syntax.
 *
 *   statement := (result (`,` result)* `=`)? (pretty-op | generic-op) loc?
 *   result    := value (`:` count)?                    %0, %0:2
 *   generic   := string `(` operands? `)` (`<` dict `>`)?
 *                (`(` region (`,` region)* `)`)? dict? `:` function-type
 *   region    := `{` (block-label (`(` args `)`)? `:`)? statement* `}`
 *
 * Each pretty op has its own syntax, given above its parse function. Both
 * syntaxes fill an op_desc (operands as written, result types, attributes),
 * which fr_emit() turns into an ir_op in the current block. Operand types
 * written in a signature must equal the types of the values used.
 *
 * This file holds what every op shares: operands, signatures, fr_emit(),
 * regions, the generic form and its attribute dictionary, the op names and
 * the statement. The pretty syntaxes are by op family in parse_op_*.c
 * (see front_internal.h). */
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

/* ---- op descriptions ------------------------------------------------------------------- */

void fr_op_desc_free(op_desc *d) {
    mem_free(d->in);
    fr_typelist_free(&d->out);
    ir_attrs_free(&d->a);
}

/* `%0` or `%0:2` names, before `=`. */
typedef struct result_group {
    token name;
    int count;
} result_group;

typedef struct results {
    int n, cap, total;
    result_group *v;
} results;

int fr_push_operand(parser *p, op_desc *d, operand o) {
    if (mem_grow((void **)&d->in, &d->cap_in, d->nin + 1, sizeof(operand))) return fr_nomem(p);
    d->in[d->nin++] = o;
    return 0;
}

/* Parses one `%name` use and appends it to d's operands. */
int fr_parse_operand(parser *p, op_desc *d) {
    operand o = {.tok = p->tok};
    if (!at(p, TK_VALUE)) return fr_expected(p, "an operand such as %0");
    if (fr_lookup_value(p, &p->tok, &o.id) || fr_push_operand(p, d, o)) return -1;
    next(p);
    return 0;
}

/* Consumes a ',' only when the token after it has kind k. */
bool fr_comma_then(parser *p, tok_kind k) {
    if (!at(p, TK_COMMA)) return false;
    pstate s = fr_save(p);
    next(p);
    if (at(p, k)) return true;
    fr_restore(p, &s);
    return false;
}

/* `%a, %b, ...`: one or more operands; a ',' not followed by a value is left. */
int fr_parse_operands(parser *p, op_desc *d) {
    if (fr_parse_operand(p, d)) return -1;
    while (fr_comma_then(p, TK_VALUE))
        if (fr_parse_operand(p, d)) return -1;
    return 0;
}

/* `(` operands? `)` */
int fr_parse_paren_operands(parser *p, op_desc *d) {
    if (expect(p, TK_LPAREN, "'(' before the operands")) return -1;
    if (accept(p, TK_RPAREN)) return 0;
    return fr_parse_operands(p, d) || expect(p, TK_RPAREN, "')' after the operands");
}

int fr_skip_attr_dict(parser *p) {
    attr_list ignored = {0};
    int rc = fr_parse_optional_attr_dict(p, &ignored);
    fr_attr_list_free(&ignored);
    return rc;
}

/* ---- signatures ------------------------------------------------------------------------ */

/* Checks that a value is used with the type it was defined with. */
int fr_check_operand_type(parser *p, const operand *o, const ir_type *want) {
    const ir_type *have = ir_value_type(p->fn, o->id);
    if (ir_type_eq(have, want)) return 0;
    char h[96], w[96];
    ir_type_str(have, h, sizeof h);
    ir_type_str(want, w, sizeof w);
    return fr_error(p, o->tok.at, "%.*s has type %s, but the signature gives %s", shown(o->tok.len), o->tok.s, h, w);
}

/* Checks that every operand has type t. */
int fr_check_all_operands(parser *p, const op_desc *d, const ir_type *t) {
    for (int i = 0; i < d->nin; i++)
        if (fr_check_operand_type(p, &d->in[i], t)) return -1;
    return 0;
}

/* Checks that operand i has type types[i] for each operand. */
int fr_check_operand_types(parser *p, const op_desc *d, const ir_type *types, int n) {
    if (n != d->nin)
        return fr_error(p, d->at, "the signature gives %d operand type%s for %d operand%s", n, n == 1 ? "" : "s",
                        d->nin, d->nin == 1 ? "" : "s");
    for (int i = 0; i < n; i++)
        if (fr_check_operand_type(p, &d->in[i], &types[i])) return -1;
    return 0;
}

/* `: (T, ...) -> R` or `: (T, ...) -> (R, ...)`: operand and result types. */
int fr_sig_functional(parser *p, op_desc *d) {
    typelist ins = {0};
    int rc = expect(p, TK_COLON, "':' before the op's type") || fr_parse_function_type(p, &ins, &d->out) ||
             fr_check_operand_types(p, d, ins.v, ins.n);
    fr_typelist_free(&ins);
    return rc;
}

/* `: T` (every operand and the one result have type T) or a function type. */
int fr_sig_same(parser *p, op_desc *d) {
    if (expect(p, TK_COLON, "':' before the op's type")) return -1;
    if (at(p, TK_LPAREN)) {
        typelist ins = {0};
        int rc = fr_parse_function_type(p, &ins, &d->out) || fr_check_operand_types(p, d, ins.v, ins.n);
        fr_typelist_free(&ins);
        return rc;
    }
    /* `: T` or CHLO's `: T, ... -> R` and `: T -> (R, ...)` */
    typelist ins = {0};
    int rc = fr_parse_type_list(p, &ins);
    if (!rc && accept(p, TK_ARROW)) {
        rc = fr_parse_result_types(p, &d->out);
        if (!rc) rc = ins.n == 1 ? fr_check_all_operands(p, d, &ins.v[0]) : fr_check_operand_types(p, d, ins.v, ins.n);
    } else if (!rc) {
        rc = ins.n != 1 ? fr_error(p, d->at, "expected one type, or operand types then '->' and the result type")
                        : fr_typelist_push_from(p, &d->out, &ins, 0) || fr_check_all_operands(p, d, &ins.v[0]);
    }
    fr_typelist_free(&ins);
    return rc;
}

/* Operand types only, no results: `: T, ...` (return, expect_close). */
int fr_sig_operand_list(parser *p, op_desc *d) {
    typelist ts = {0};
    int rc = fr_parse_type_list(p, &ts) || fr_check_operand_types(p, d, ts.v, ts.n);
    fr_typelist_free(&ts);
    return rc;
}

/* ---- emitting ----------------------------------------------------------------------------- */

/* The number of results an op has: fixed by the opcode and its operand
 * count, except where the signature decides (call, if, case). */
static int expected_results(const op_desc *d) {
    int n = ir_op_result_count(d->code, d->nin);
    return n < 0 ? d->out.n : n;
}

/* Appends the op to the current block, moving d's attributes into it. */
ir_op *fr_emit(parser *p, op_desc *d) {
    const char *name = ir_op_name(d->code);
    int arity = ir_op_arity(d->code);
    if (arity >= 0 && d->nin != arity) {
        fr_error(p, d->at, "%s takes %d operand%s, found %d", name, arity, arity == 1 ? "" : "s", d->nin);
        return NULL;
    }
    if ((d->code == IR_REDUCE || d->code == IR_REDUCE_WINDOW) && (d->nin == 0 || d->nin % 2)) {
        fr_error(p, d->at, "%s takes pairs of an input and an init value", name);
        return NULL;
    }
    if (d->code == IR_SCATTER && (d->nin < 3 || d->nin % 2 == 0)) {
        fr_error(p, d->at, "%s takes N inputs, the indices and N updates", name);
        return NULL;
    }
    if (d->out.n != expected_results(d)) {
        fr_error(p, d->at, "%s has %d result%s, the signature gives %d", name, expected_results(d),
                 expected_results(d) == 1 ? "" : "s", d->out.n);
        return NULL;
    }
    if (fr_lower_quant(p, d) || fr_widen_linalg(p, d)) return NULL;
    ir_value_id *ids = mem_alloc((size_t)d->nin * sizeof(ir_value_id));
    if (!ids) {
        fr_nomem(p);
        return NULL;
    }
    for (int i = 0; i < d->nin; i++) ids[i] = d->in[i].id;
    ir_op *op = ir_op_append(p->fn, p->block, d->code, d->nin, ids, d->out.n, d->out.v);
    mem_free(ids);
    if (!op) {
        fr_nomem(p);
        return NULL;
    }
    op->a = d->a;
    d->a = (ir_attrs){0};
    op->loc = (ir_loc){p->mod_file, d->at.line, d->at.col};
    for (int i = 0; i < op->nout; i++)
        if (fr_set_value_quant(p, op->out[i], fr_typelist_quant(&d->out, i))) return NULL;
    return op;
}

/* Binds the statement's result names to op's results (ir_op_append gives
 * one op's results consecutive value ids). Unnamed results are allowed. */
static int bind_results(parser *p, const results *res, const ir_op *op, const op_desc *d) {
    /* An expanded op whose results are other ops' (rng_bit_generator): d names
     * them, consecutive values ending with op's. */
    int nout = d->bind_count ? d->bind_count : op->nout;
    ir_value_id first = d->bind_count ? d->bind_first : op->nout ? op->out[0] : 0;
    if (d->bind_count && op->out[op->nout - 1] != first + nout - 1)
        return fr_error(p, d->at, "internal error: the expansion's results are not consecutive");
    if (res->n == 0) return 0;
    if (res->total != nout)
        return fr_error(p, d->at, "%s defines %d result%s, but %d name%s given", ir_op_name(op->code), nout,
                        nout == 1 ? "" : "s", res->total, res->total == 1 ? " is" : "s are");
    for (int i = 0, k = 0; i < res->n; k += res->v[i++].count)
        if (fr_bind_values(p, &res->v[i].name, d->bind_count ? first + k : op->out[k], res->v[i].count))
            return -1;
    return 0;
}

int fr_bind_block_arg(parser *p, ir_block *b, const token *name, const ir_type *t, int quant) {
    ir_value_id v = ir_block_add_arg(p->fn, b, t);
    if (v < 0) return fr_nomem(p);
    return fr_set_value_quant(p, v, quant) || fr_bind_values(p, name, v, 1);
}

/* ---- regions ------------------------------------------------------------------------------ */

/* `%name: type loc?` */
int fr_parse_typed_arg(parser *p, token *name, ir_type *t, int *quant) {
    *name = p->tok;
    if (expect(p, TK_VALUE, "an argument name") || expect(p, TK_COLON, "':' after the argument name")) return -1;
    return (quant ? fr_parse_tensor_type_quant(p, t, quant) : fr_parse_tensor_type(p, t)) || fr_skip_loc(p);
}

/* The label's argument i names values[i] (of the same type) instead of a
 * new argument of b; NULL: new arguments. */
typedef struct label_values {
    const ir_value_id *values;
    int n;
} label_values;

static int bind_label_arg(parser *p, ir_block *b, const label_values *lv, int i) {
    token name;
    ir_type t;
    int q;
    if (fr_parse_typed_arg(p, &name, &t, lv ? NULL : &q)) return -1;
    if (!lv) return fr_bind_block_arg(p, b, &name, &t, q);
    if (i >= lv->n) return fr_error(p, name.at, "the region takes %d argument%s", lv->n, lv->n == 1 ? "" : "s");
    const ir_type *want = ir_value_type(p->fn, lv->values[i]);
    if (!ir_type_eq(&t, want)) {
        char h[96], w[96];
        ir_type_str(&t, h, sizeof h);
        ir_type_str(want, w, sizeof w);
        return fr_error(p, name.at, "the region's argument %d has type %s, expected %s", i, h, w);
    }
    return fr_bind_values(p, &name, lv->values[i], 1);
}

/* `^label (`(` args `)`)? `:` — the entry block's label and arguments. */
static int parse_block_label(parser *p, ir_block *b, const label_values *lv) {
    cursor label = p->tok.at;
    next(p); /* ^bb0 */
    int n = 0;
    if (accept(p, TK_LPAREN) && !accept(p, TK_RPAREN)) {
        do {
            if (bind_label_arg(p, b, lv, n++)) return -1;
        } while (accept(p, TK_COMMA));
        if (expect(p, TK_RPAREN, "')' after the block arguments")) return -1;
    }
    if (lv && n != lv->n)
        return fr_error(p, label, "the region takes %d argument%s, the label gives %d", lv->n, lv->n == 1 ? "" : "s", n);
    return expect(p, TK_COLON, "':' after the block label");
}

static int parse_region(parser *p, ir_block *b, bool allow_label, const label_values *lv) {
    if (p->depth >= FRONT_MAX_DEPTH) return fr_error(p, p->tok.at, "regions nested deeper than %d", FRONT_MAX_DEPTH);
    if (expect(p, TK_LBRACE, "'{' before the region")) return -1;
    int mark = fr_scope_mark(p);
    ir_block *outer = p->block;
    p->block = b;
    p->depth++;
    int rc = 0;
    if (allow_label && at(p, TK_BLOCK))
        rc = parse_block_label(p, b, lv);
    else if (lv && lv->n)
        rc = fr_error(p, p->tok.at, "expected the region's label and its %d argument%s", lv->n, lv->n == 1 ? "" : "s");
    while (!rc && !accept(p, TK_RBRACE)) {
        if (at(p, TK_EOF) || at(p, TK_SPLIT))
            rc = fr_expected(p, "'}' at the end of the region");
        else if (at(p, TK_BLOCK))
            rc = fr_unsupported(p, p->tok.at, "unsupported region with several blocks");
        else
            rc = fr_parse_op(p);
    }
    p->depth--;
    p->block = outer;
    fr_scope_pop(p, mark);
    return rc ? -1 : 0;
}

/* `{` (label)? statement* `}` into b. Names defined inside go out of scope
 * at the '}'. With allow_label false the caller has bound the arguments. */
int fr_parse_region(parser *p, ir_block *b, bool allow_label) { return parse_region(p, b, allow_label, NULL); }

int fr_parse_region_over(parser *p, ir_block *b, const ir_value_id *values, int n) {
    label_values lv = {values, n};
    return parse_region(p, b, true, &lv);
}

/* ---- pretty forms: shared pieces ------------------------------------------------------------ */

/* `word = [ints]` */
int fr_parse_named_list(parser *p, const char *word, ir_ints *out) {
    char what[64];
    snprintf(what, sizeof what, "'%s'", word);
    return expect_word(p, word, what) || expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, out);
}

/* `word = N` */
int fr_parse_named_int(parser *p, const char *word, int64_t *out) {
    char what[64];
    snprintf(what, sizeof what, "'%s'", word);
    return expect_word(p, word, what) || expect(p, TK_EQUAL, "'='") || fr_parse_int64(p, out, "an integer");
}

/* ---- generic form ------------------------------------------------------------------------------ */

/* Reads an optional integer attribute, `dflt` when absent. */
int fr_read_optional_int(parser *p, const attr_list *attrs, const char *name, int64_t dflt, int64_t *out) {
    const attr_ref *a = fr_attr_find(attrs, name);
    *out = dflt;
    return a ? fr_attr_read_int(p, a, out) : 0;
}

/* complex_part's `fn = "stablehlo.exponential", part = "imag"` (the type
 * rule checks that fn is a function of complex numbers). */
static int read_complex_part_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *fn = fr_attr_require(p, attrs, "fn", d->at), *part = fn ? fr_attr_require(p, attrs, "part", d->at) : NULL;
    char *name = NULL, *which = NULL;
    int rc = !part || fr_attr_read_string(p, fn, &name) || fr_attr_read_string(p, part, &which) ? -1 : 0;
    if (!rc && !ir_op_from_name(name, strlen(name), &d->a.complex_fn))
        rc = fr_error(p, fn->value.tok.at, "arrayjit.complex_part: fn = \"%s\" is no op", name);
    if (!rc && strcmp(which, "real") != 0 && strcmp(which, "imag") != 0)
        rc = fr_error(p, part->value.tok.at, "arrayjit.complex_part: part must be \"real\" or \"imag\"");
    if (!rc) d->a.complex_imag = strcmp(which, "imag") == 0;
    mem_free(name);
    mem_free(which);
    return rc;
}

/* Sets d's attributes from the generic dictionary for ops that have any. */
static int read_generic_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    ir_attrs *x = &d->a;
    switch (d->code) {
    case IR_CONSTANT: {
        ir_type t;
        if (!(a = fr_attr_require(p, attrs, "value", d->at)) || fr_attr_read_dense(p, a, &t, &x->data)) return -1;
        if (d->out.n == 1 && !ir_type_eq(&t, &d->out.v[0]))
            return fr_error(p, a->name.at, "the value's type differs from the result type");
        return 0;
    }
    case IR_IOTA: return !(a = fr_attr_require(p, attrs, "iota_dimension", d->at)) || fr_attr_read_int(p, a, &x->axis);
    case IR_CONCATENATE:
        return !(a = fr_attr_require(p, attrs, "dimension", d->at)) || fr_attr_read_int(p, a, &x->axis);
    case IR_BROADCAST_IN_DIM:
        return !(a = fr_attr_require(p, attrs, "broadcast_dimensions", d->at)) || fr_attr_read_ints(p, a, &x->dims);
    case IR_TRANSPOSE:
        return !(a = fr_attr_require(p, attrs, "permutation", d->at)) || fr_attr_read_ints(p, a, &x->dims);
    case IR_REVERSE:
    case IR_MAP:
    case IR_REDUCE: return !(a = fr_attr_require(p, attrs, "dimensions", d->at)) || fr_attr_read_ints(p, a, &x->dims);
    case IR_REDUCE_WINDOW:
    case IR_SELECT_AND_SCATTER: return fr_read_window_attrs(p, d, attrs);
    case IR_CONVOLUTION: return fr_read_conv_attrs(p, d, attrs);
    case IR_SORT: return fr_read_sort_attrs(p, d, attrs);
    case IR_TRIANGULAR_SOLVE: case IR_TRIANGULAR_SOLVE_PARTS: return fr_read_triangular_solve_attrs(p, d, attrs);
    case IR_CHOLESKY: case IR_CHOLESKY_PARTS: return (a = fr_attr_find(attrs, "lower")) ? fr_attr_read_bool(p, a, &x->lower) : 0;
    case IR_SYEVD: case IR_GESDD: case IR_GESVD: case IR_SYTRD: case IR_GEHRD: case IR_GEEV: case IR_GEES:
        return fr_read_lapack_attrs(p, d, attrs);
    case IR_COMPLEX_PART: return read_complex_part_attrs(p, d, attrs);
    case IR_FFT: case IR_FFT_PARTS: return fr_read_fft_attrs(p, d, attrs);
    case IR_TOP_K: return !(a = fr_attr_require(p, attrs, "k", d->at)) || fr_attr_read_int(p, a, &x->k);
    case IR_RUN_PARALLEL: return fr_read_run_parallel(p, d, attrs);
    case IR_ALL_REDUCE: case IR_ALL_GATHER: case IR_REDUCE_SCATTER: case IR_ALL_TO_ALL: case IR_COLLECTIVE_PERMUTE:
    case IR_COLLECTIVE_BROADCAST: case IR_REPLICA_ID: case IR_PARTITION_ID:
        return fr_read_collective_attrs(p, d, attrs);
    case IR_SLICE:
        if (!(a = fr_attr_require(p, attrs, "start_indices", d->at)) || fr_attr_read_ints(p, a, &x->start) ||
            !(a = fr_attr_require(p, attrs, "limit_indices", d->at)) || fr_attr_read_ints(p, a, &x->limit))
            return -1;
        if (!(a = fr_attr_find(attrs, "strides"))) {
            int64_t ones[IR_MAX_RANK] = {1, 1, 1, 1, 1, 1, 1, 1};
            if (x->start.n > IR_MAX_RANK) return fr_error(p, d->at, "slice of rank above %d", IR_MAX_RANK);
            return ir_ints_set(&x->stride, x->start.n, ones) ? fr_nomem(p) : 0;
        }
        return fr_attr_read_ints(p, a, &x->stride);
    case IR_COMPARE:
        if (!(a = fr_attr_require(p, attrs, "comparison_direction", d->at)) || fr_attr_read_cmp_dir(p, a, &x->cmp))
            return -1;
        return (a = fr_attr_find(attrs, "compare_type")) ? fr_attr_read_cmp_type(p, a, &x->cmp_type) : 0;
    case IR_DOT_GENERAL:
        return !(a = fr_attr_require(p, attrs, "dot_dimension_numbers", d->at)) || fr_attr_read_dot_dims(p, a, x);
    case IR_CALL: return !(a = fr_attr_require(p, attrs, "callee", d->at)) || fr_attr_read_symbol(p, a, &x->callee);
    case IR_REDUCE_PRECISION: return fr_read_precision_bits(p, attrs, d);
    case IR_PAD:
        return !(a = fr_attr_require(p, attrs, "edge_padding_low", d->at)) || fr_attr_read_ints(p, a, &x->low) ||
               !(a = fr_attr_require(p, attrs, "edge_padding_high", d->at)) || fr_attr_read_ints(p, a, &x->high) ||
               !(a = fr_attr_require(p, attrs, "interior_padding", d->at)) || fr_attr_read_ints(p, a, &x->interior);
    case IR_DYNAMIC_SLICE:
        return !(a = fr_attr_require(p, attrs, "slice_sizes", d->at)) || fr_attr_read_ints(p, a, &x->sizes);
    case IR_GET_DIMENSION_SIZE:
        return !(a = fr_attr_require(p, attrs, "dimension", d->at)) || fr_attr_read_int(p, a, &x->axis);
    case IR_GATHER:
        if (!(a = fr_attr_require(p, attrs, "dimension_numbers", d->at)) ||
            fr_attr_read_index_dims(p, a, false, x) || !(a = fr_attr_require(p, attrs, "slice_sizes", d->at)) ||
            fr_attr_read_ints(p, a, &x->sizes))
            return -1;
        return (a = fr_attr_find(attrs, "indices_are_sorted")) ? fr_attr_read_bool(p, a, &x->sorted) : 0;
    case IR_SCATTER:
        if (!(a = fr_attr_require(p, attrs, "scatter_dimension_numbers", d->at)) ||
            fr_attr_read_index_dims(p, a, true, x))
            return -1;
        if ((a = fr_attr_find(attrs, "indices_are_sorted")) && fr_attr_read_bool(p, a, &x->sorted)) return -1;
        return (a = fr_attr_find(attrs, "unique_indices")) ? fr_attr_read_bool(p, a, &x->unique) : 0;
    case IR_CHECK_ALMOST_EQ:
        x->tolerance = 1e-4;
        return (a = fr_attr_find(attrs, "tolerance")) ? fr_attr_read_float(p, a, &x->tolerance) : 0;
    case IR_CHECK_CLOSE:
        x->max_ulp = 1; /* the op's declared default */
        if ((a = fr_attr_find(attrs, "max_ulp_difference")) && fr_attr_read_uint(p, a, &x->max_ulp)) return -1;
        return (a = fr_attr_find(attrs, "min_ulp_difference")) ? fr_attr_read_uint(p, a, &x->min_ulp) : 0;
    default: return 0;
    }
}

/* The legacy forms as the ops they stand for. broadcast's sizes were read
 * into dims; the operand's dims go after them. */
static int lower_legacy(parser *p, op_desc *d, op_special sp) {
    if (d->nin < 1) return 0;   /* fr_emit() reports the arity */
    const ir_type *x = ir_value_type(p->fn, d->in[0].id);
    if (sp == SP_LEGACY_DOT) {
        if (x->rank < 1) return fr_error(p, d->at, "stablehlo.dot needs operands of rank 1 or 2");
        int64_t lhs = x->rank - 1, rhs = 0;
        return ir_ints_set(&d->a.lhs_contract, 1, &lhs) || ir_ints_set(&d->a.rhs_contract, 1, &rhs) ? fr_nomem(p) : 0;
    }
    int n = d->a.dims.n;
    if (n + x->rank > IR_MAX_RANK) return fr_error(p, d->at, "stablehlo.broadcast: result rank above %d", IR_MAX_RANK);
    const ir_type *r = d->out.n == 1 ? &d->out.v[0] : NULL;
    for (int i = 0; r && i < n; i++)
        if (r->rank != n + x->rank || r->dims[i] != d->a.dims.v[i])
            return fr_error(p, d->at, "stablehlo.broadcast: the result's leading dims must be the sizes");
    int64_t dims[IR_MAX_RANK];
    for (int i = 0; i < x->rank; i++) dims[i] = n + i;
    return ir_ints_set(&d->a.dims, x->rank, dims) ? fr_nomem(p) : 0;
}

/* The generic _const checks and custom_call, whose operands or opcode come
 * from attributes, and the legacy dot and broadcast. */
static int read_generic_special(parser *p, op_desc *d, op_special sp, const attr_list *attrs) {
    const attr_ref *a;
    if (sp >= SP_CHLO_FIRST) return fr_lower_chlo(p, d, sp, attrs);
    if (sp == SP_CHLO_SCAN) return fr_unsupported(p, d->at, "chlo.scan is read in its pretty form only");
    if (sp == SP_UNIFORM_QUANTIZE || sp == SP_UNIFORM_DEQUANTIZE) return 0;   /* no attributes */
    if (sp == SP_DYNAMIC)   /* dynamic_pad's paddings are operands */
        return (d->code != IR_PAD && read_generic_attrs(p, d, attrs)) || fr_lower_dynamic(p, d);
    if (sp == SP_LEGACY_DOT) return lower_legacy(p, d, sp);   /* precision_config changes nothing */
    if (sp == SP_RNG_BIT_GENERATOR) return fr_lower_rng_bit_generator(p, d, attrs);
    if (sp == SP_LEGACY_BROADCAST)
        return !(a = fr_attr_require(p, attrs, "broadcast_sizes", d->at)) || fr_attr_read_ints(p, a, &d->a.dims) ||
               lower_legacy(p, d, sp);
    if (sp == SP_CUSTOM_CALL) {
        char *target = NULL;
        if (!(a = fr_attr_require(p, attrs, "call_target_name", d->at)) || fr_attr_read_string(p, a, &target))
            return -1;
        int rc = fr_jax_custom_call(target) ? fr_lower_custom_call(p, d, target, attrs)
                                             : fr_check_custom_call_target(p, d, target, a->value.tok.at) ||
                                                   fr_finish_custom_call_check(p, d, target);
        mem_free(target);
        return rc;
    }
    ir_type t;
    void *data = NULL;
    if (d->nin != 1) return fr_error(p, d->at, "expected one operand besides the value attribute, found %d", d->nin);
    if (!(a = fr_attr_require(p, attrs, "value", d->at)) || fr_attr_read_dense(p, a, &t, &data)) return -1;
    int rc = fr_check_operand_type(p, &d->in[0], &t) || fr_add_expected_constant(p, d, &a->value.tok, &t, &data);
    mem_free(data);
    if (rc || d->code != IR_CHECK_ALMOST_EQ) return rc ? -1 : 0;
    d->a.tolerance = 1e-4;
    return (a = fr_attr_find(attrs, "tolerance")) ? fr_attr_read_float(p, a, &d->a.tolerance) : 0;
}

/* Parses the regions of a generic op from `(` at the current token into op. */
static int parse_generic_regions(parser *p, ir_op *op) {
    int want = ir_op_region_count(op->code);
    const char *name = ir_op_name(op->code);
    if (want == 0 || op->code == IR_FUSION) return fr_error(p, p->tok.at, "%s takes no regions", name);
    cursor start = p->tok.at;
    next(p); /* ( */
    do {
        if (op->nregions == want)
            return fr_error(p, p->tok.at, "%s takes %d region%s", name, want, want == 1 ? "" : "s");
        ir_block *b = ir_op_add_region(op);
        if (!b) return fr_nomem(p);
        if (fr_parse_region(p, b, true)) return -1;
    } while (accept(p, TK_COMMA));
    if (want > 0 && op->nregions != want)
        return fr_error(p, start, "%s takes %d regions, found %d", name, want, op->nregions);
    return expect(p, TK_RPAREN, "')' after the regions");
}

/* After the op name: `(operands) <{props}>? (regions)? {attrs}? : function-type`.
 * The regions come before the signature that gives the op's result types,
 * so they are skipped first and parsed once the op exists. */
static int parse_generic(parser *p, op_desc *d, op_special sp, ir_op **op) {
    attr_list attrs = {0};
    pstate regions = {0};
    bool has_regions = false;
    int rc = fr_parse_paren_operands(p, d);
    if (!rc && at(p, TK_LBRACKET)) rc = fr_unsupported(p, p->tok.at, "unsupported block successors");
    if (!rc && accept(p, TK_LESS))
        rc = fr_parse_attr_dict(p, &attrs) || expect(p, TK_GREATER, "'>' after the properties");
    if (!rc && at(p, TK_LPAREN)) {
        has_regions = true;
        regions = fr_save(p);
        rc = fr_skip_balanced(p);
    }
    if (!rc) rc = fr_parse_optional_attr_dict(p, &attrs) || fr_sig_functional(p, d);
    if (!rc) rc = sp == SP_NONE ? read_generic_attrs(p, d, &attrs) : read_generic_special(p, d, sp, &attrs);
    fr_attr_list_free(&attrs);
    if (rc || !(*op = fr_emit(p, d))) return -1;
    if (!has_regions) {
        int want = ir_op_region_count(d->code);
        if (want != 0 && d->code != IR_FUSION)
            return fr_error(p, d->at, "%s needs %s region%s", ir_op_name(d->code), want == 2 ? "two" : "a",
                            want == 2 ? "s" : "");
        return 0;
    }
    pstate after = fr_save(p);
    fr_restore(p, &regions);
    rc = parse_generic_regions(p, *op);
    fr_restore(p, &after);
    return rc;
}

/* ---- op names ----------------------------------------------------------------------------------- */

/* Ops of StableHLO, CHLO and the interpreter's dialects that are valid but
 * outside the supported tiers: they are DIAG_UNSUPPORTED, any other unknown
 * name is DIAG_INVALID. */
static const char *const unsupported_ops[] = {
    "stablehlo.after_all",
    "stablehlo.batch_norm_grad",
    "stablehlo.batch_norm_inference",
    "stablehlo.batch_norm_training",
    "stablehlo.bitcast_convert",
    "stablehlo.composite",
    "stablehlo.compute_reshape_shape",
    "stablehlo.create_token",
    "stablehlo.cross-replica-sum",
    "stablehlo.cstr_reshapable",
    "stablehlo.dynamic_gather",
    "stablehlo.dynamic_reshape",
    "stablehlo.einsum",
    "stablehlo.get_tuple_element",
    "stablehlo.infeed",
    "stablehlo.outfeed",
    "stablehlo.real_dynamic_slice",
    "stablehlo.recv",
    "stablehlo.reduce_precision",
    "stablehlo.rng",
    "stablehlo.send",
    "stablehlo.set_dimension_size",
    "stablehlo.torch_index_select",
    "stablehlo.trace",
    "stablehlo.tuple",
    "stablehlo.unary_einsum",
    "chlo.broadcast_complex",
    "chlo.constant",
    "chlo.minimum_broadcast_shapes",
    "interpreter.print",
    "interpreter.probe",
    "check.eq",
    "check.almost_eq",
    "check.expect_serialized_eq",
    "func.call_indirect",
    "func.constant",
};

/* Spellings that map to an opcode under another name. */
static const struct {
    const char *name;
    ir_opcode code;
    op_special sp;
} op_aliases[] = {
    {"return", IR_RETURN, SP_NONE},
    {"stablehlo.return", IR_RETURN, SP_NONE},
    {"call", IR_CALL, SP_NONE},
    {"check.expect_eq_const", IR_CHECK_EQ, SP_EXPECT_CONST},
    {"check.expect_almost_eq_const", IR_CHECK_ALMOST_EQ, SP_EXPECT_CONST},
    {"stablehlo.custom_call", IR_CHECK_EQ, SP_CUSTOM_CALL},
    {"stablehlo.dot", IR_DOT_GENERAL, SP_LEGACY_DOT},
    {"stablehlo.broadcast", IR_BROADCAST_IN_DIM, SP_LEGACY_BROADCAST},
    {"stablehlo.uniform_quantize", IR_CONVERT, SP_UNIFORM_QUANTIZE},
    {"stablehlo.uniform_dequantize", IR_CONVERT, SP_UNIFORM_DEQUANTIZE},
    {"stablehlo.dynamic_iota", IR_IOTA, SP_DYNAMIC},
    {"stablehlo.dynamic_broadcast_in_dim", IR_BROADCAST_IN_DIM, SP_DYNAMIC},
    {"stablehlo.dynamic_pad", IR_PAD, SP_DYNAMIC},
    {"stablehlo.dynamic_conv", IR_CONVOLUTION, SP_DYNAMIC},
    {"stablehlo.rng_bit_generator", IR_CONVERT, SP_RNG_BIT_GENERATOR},
    {"chlo.scan", IR_WHILE, SP_CHLO_SCAN},
    /* CHLO ops that are StableHLO ops as read (parse_op_chlo.c) */
    {"chlo.tan", IR_TAN, SP_NONE},
    {"chlo.square", IR_MULTIPLY, SP_CHLO_SQUARE},
    {"chlo.is_inf", IR_COMPARE, SP_CHLO_IS_INF},
    {"chlo.is_pos_inf", IR_COMPARE, SP_CHLO_IS_POS_INF},
    {"chlo.is_neg_inf", IR_COMPARE, SP_CHLO_IS_NEG_INF},
    {"chlo.conj", IR_CONVERT, SP_CHLO_CONJ},
    {"chlo.constant_like", IR_BROADCAST_IN_DIM, SP_CHLO_CONSTANT_LIKE},
    {"chlo.ragged_dot", IR_DOT_GENERAL, SP_CHLO_RAGGED_DOT},
    {"chlo.broadcast_add", IR_ADD, SP_CHLO_BROADCAST},
    {"chlo.broadcast_and", IR_AND, SP_CHLO_BROADCAST},
    {"chlo.broadcast_atan2", IR_ATAN2, SP_CHLO_BROADCAST},
    {"chlo.broadcast_compare", IR_COMPARE, SP_CHLO_BROADCAST},
    {"chlo.broadcast_divide", IR_DIVIDE, SP_CHLO_BROADCAST},
    {"chlo.broadcast_maximum", IR_MAXIMUM, SP_CHLO_BROADCAST},
    {"chlo.broadcast_minimum", IR_MINIMUM, SP_CHLO_BROADCAST},
    {"chlo.broadcast_multiply", IR_MULTIPLY, SP_CHLO_BROADCAST},
    {"chlo.broadcast_next_after", IR_NEXT_AFTER, SP_CHLO_BROADCAST},
    {"chlo.broadcast_or", IR_OR, SP_CHLO_BROADCAST},
    {"chlo.broadcast_polygamma", IR_POLYGAMMA, SP_CHLO_BROADCAST},
    {"chlo.broadcast_power", IR_POWER, SP_CHLO_BROADCAST},
    {"chlo.broadcast_remainder", IR_REMAINDER, SP_CHLO_BROADCAST},
    {"chlo.broadcast_select", IR_SELECT, SP_CHLO_BROADCAST},
    {"chlo.broadcast_shift_left", IR_SHIFT_LEFT, SP_CHLO_BROADCAST},
    {"chlo.broadcast_shift_right_arithmetic", IR_SHIFT_RIGHT_ARITHMETIC, SP_CHLO_BROADCAST},
    {"chlo.broadcast_shift_right_logical", IR_SHIFT_RIGHT_LOGICAL, SP_CHLO_BROADCAST},
    {"chlo.broadcast_subtract", IR_SUBTRACT, SP_CHLO_BROADCAST},
    {"chlo.broadcast_xor", IR_XOR, SP_CHLO_BROADCAST},
    {"chlo.broadcast_zeta", IR_ZETA, SP_CHLO_BROADCAST},
};

static bool name_is(const char *s, size_t n, const char *name) { return strlen(name) == n && memcmp(s, name, n) == 0; }

/* Resolves an op name, or reports it as unsupported or unknown. */
static int resolve_op(parser *p, const char *s, size_t n, cursor at, ir_opcode *code, op_special *sp) {
    *sp = SP_NONE;
    if (ir_op_from_name(s, n, code)) return 0;
    for (size_t i = 0; i < sizeof op_aliases / sizeof *op_aliases; i++) {
        if (name_is(s, n, op_aliases[i].name)) {
            *code = op_aliases[i].code;
            *sp = op_aliases[i].sp;
            return 0;
        }
    }
    for (size_t i = 0; i < sizeof unsupported_ops / sizeof *unsupported_ops; i++)
        if (name_is(s, n, unsupported_ops[i])) return fr_unsupported(p, at, "unsupported op %.*s", (int)n, s);
    return fr_error(p, at, "unknown op '%.*s'", shown(n), s);
}

/* ---- statements --------------------------------------------------------------------------------- */

/* `%a, %b:2 =` if the statement names results. */
static int parse_result_names(parser *p, results *res) {
    if (!at(p, TK_VALUE)) return 0;
    do {
        result_group g = {p->tok, 1};
        if (expect(p, TK_VALUE, "a result name")) return -1;
        if (accept(p, TK_COLON)) {
            uint64_t count;
            cursor count_at = p->tok.at;
            if (fr_parse_uint64(p, &count, "the number of results")) return -1;
            if (count == 0 || count > 1 << 20) return fr_error(p, count_at, "result count must be between 1 and 2^20");
            g.count = (int)count;
        }
        if (res->total > (1 << 20) - g.count) return fr_error(p, g.name.at, "too many results");
        if (mem_grow((void **)&res->v, &res->cap, res->n + 1, sizeof(result_group))) return fr_nomem(p);
        res->v[res->n++] = g;
        res->total += g.count;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_EQUAL, "'=' after the result names");
}

/* The pretty syntax of op `code`, after its name. */
static int parse_pretty(parser *p, op_desc *d, op_special sp, ir_op **op) {
    int rc;
    if (sp >= SP_CHLO_FIRST)
        rc = fr_parse_chlo(p, d, sp);
    else if (sp == SP_EXPECT_CONST)
        rc = fr_parse_expect_const(p, d);
    else if (sp == SP_UNIFORM_QUANTIZE || sp == SP_UNIFORM_DEQUANTIZE)   /* `%x : (T) -> R` */
        rc = fr_parse_same_typed(p, d);
    else if (sp == SP_DYNAMIC)
        rc = fr_parse_dynamic(p, d);
    else if (sp == SP_RNG_BIT_GENERATOR)
        rc = fr_parse_rng_bit_generator(p, d);
    else if (sp == SP_CHLO_SCAN)
        rc = fr_parse_scan(p, d, op);
    else if (sp == SP_CUSTOM_CALL)
        rc = fr_parse_custom_call(p, d);
    else if (sp == SP_LEGACY_DOT)   /* `%a, %b (, precision = [..])? : (A, B) -> R` */
        rc = fr_parse_dot_general(p, d) || lower_legacy(p, d, sp);
    else if (sp == SP_LEGACY_BROADCAST)   /* `%x, sizes = [..] : (X) -> R` */
        rc = fr_parse_operand(p, d) || expect(p, TK_COMMA, "',' before 'sizes'") ||
             fr_parse_named_list(p, "sizes", &d->a.dims) || fr_skip_attr_dict(p) || fr_sig_functional(p, d) ||
             lower_legacy(p, d, sp);
    else
        switch (d->code) {
        case IR_CONSTANT: rc = at(p, TK_LPAREN) ? parse_generic(p, d, SP_NONE, op) : fr_parse_constant(p, d); break;
        case IR_IOTA: rc = fr_parse_iota(p, d); break;
        case IR_BROADCAST_IN_DIM:
        case IR_TRANSPOSE:
        case IR_REVERSE: rc = fr_parse_with_dims(p, d); break;
        case IR_SLICE: rc = fr_parse_slice(p, d); break;
        case IR_REDUCE_PRECISION: rc = fr_parse_reduce_precision(p, d); break;
        case IR_CONCATENATE: rc = fr_parse_concatenate(p, d); break;
        case IR_SELECT: rc = fr_parse_select(p, d); break;
        case IR_COMPARE: rc = fr_parse_compare(p, d); break;
        case IR_TOP_K: rc = fr_parse_top_k(p, d); break;
        case IR_COMPLEX: rc = fr_parse_complex(p, d); break;
        case IR_DOT_GENERAL: rc = fr_parse_dot_general(p, d); break;
        case IR_REDUCE: return fr_parse_reduce(p, d, op);
        case IR_WHILE: return fr_parse_while(p, d, op);
        case IR_CONVOLUTION: rc = fr_parse_convolution(p, d); break;
        case IR_CHOLESKY: rc = fr_parse_cholesky(p, d); break;
        case IR_FFT: rc = fr_parse_fft(p, d); break;
        case IR_PAD: rc = fr_parse_pad(p, d); break;
        case IR_DYNAMIC_SLICE: rc = fr_parse_dynamic_slice(p, d); break;
        case IR_GET_DIMENSION_SIZE: rc = fr_parse_get_dimension_size(p, d); break;
        case IR_OPTIMIZATION_BARRIER: rc = fr_parse_optimization_barrier(p, d); break;
        case IR_GATHER: case IR_SCATTER: case IR_GETRF: case IR_GEQRF: case IR_ORGQR: case IR_SYEVD:
        case IR_GESDD: case IR_GESVD: case IR_SYTRD: case IR_GEHRD: case IR_GEEV: case IR_GEES:
        case IR_COMPLEX_PART: case IR_FFT_PARTS: case IR_CHOLESKY_PARTS: case IR_TRIANGULAR_SOLVE_PARTS:
        case IR_RUN_PARALLEL: case IR_ALL_REDUCE: case IR_ALL_GATHER: case IR_REDUCE_SCATTER: case IR_ALL_TO_ALL:
        case IR_COLLECTIVE_PERMUTE: case IR_COLLECTIVE_BROADCAST:
            return fr_error(p, d->at, "%s has only the generic form \"%s\"(...)", ir_op_name(d->code),
                            ir_op_name(d->code));
        case IR_CALL: rc = fr_parse_call(p, d); break;
        case IR_REPLICA_ID: case IR_PARTITION_ID: rc = fr_parse_process_id(p, d); break;
        case IR_RETURN: rc = fr_parse_return(p, d); break;
        case IR_CHECK_EQ:
        case IR_CHECK_ALMOST_EQ: rc = fr_parse_expect(p, d); break;
        case IR_CHECK_CLOSE: rc = fr_parse_expect_close(p, d); break;
        default: rc = fr_parse_same_typed(p, d); break; /* elementwise, convert, reshape, clamp */
        }
    if (rc) return -1;
    if (!*op && !(*op = fr_emit(p, d))) return -1;
    return 0;
}

int fr_parse_op(parser *p) {
    if (fr_at_compile_check(p)) return fr_parse_compile_check(p);   /* data, not an op */
    results res = {0};
    op_desc d = {.at = p->tok.at};
    ir_op *op = NULL;
    int rc = parse_result_names(p, &res);
    if (!rc) {
        token name = p->tok;
        if (at(p, TK_IDENT) || at(p, TK_STRING)) {
            bool generic = at(p, TK_STRING);
            const char *s = generic ? name.s + 1 : name.s;
            size_t n = generic ? name.len - 2 : name.len;
            op_special sp;
            rc = resolve_op(p, s, n, name.at, &d.code, &sp);
            d.sp = sp;
            if (!rc) {
                next(p);
                rc = generic ? parse_generic(p, &d, sp, &op) : parse_pretty(p, &d, sp, &op);
            }
        } else {
            rc = fr_expected(p, "an op name");
        }
    }
    if (!rc) rc = bind_results(p, &res, op, &d) || fr_skip_loc(p);
    mem_free(res.v);
    fr_op_desc_free(&d);
    return rc ? -1 : 0;
}
