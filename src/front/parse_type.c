/* parse_type.c: tensor types and function types.
 *
 * A tensor type is scanned character by character rather than through
 * tokens, because MLIR's dimension list glues numbers and 'x' together
 * (`tensor<2x3xf32>`, and `tensor<0x3xf32>` is not a hex number). */
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

int fr_typelist_push(parser *p, typelist *l, const ir_type *t) { return fr_typelist_push_quant(p, l, t, 0); }

/* Invariant: l->quant, once a quantized type has come, has l->cap entries,
 * 0 for each type that is not quantized. */
int fr_typelist_push_quant(parser *p, typelist *l, const ir_type *t, int q) {
    if (mem_grow((void **)&l->v, &l->cap, l->n + 1, sizeof(ir_type))) return fr_nomem(p);
    l->v[l->n++] = *t;
    if (!q && !l->quant) return 0;
    int *grown = mem_realloc(l->quant, (size_t)l->cap * sizeof(int));
    if (!grown) return fr_nomem(p);
    if (!l->quant) memset(grown, 0, (size_t)l->cap * sizeof(int));
    l->quant = grown;
    l->quant[l->n - 1] = q;
    return 0;
}

int fr_typelist_push_from(parser *p, typelist *l, const typelist *src, int i) {
    return fr_typelist_push_quant(p, l, &src->v[i], fr_typelist_quant(src, i));
}

void fr_typelist_free(typelist *l) {
    mem_free(l->v);
    mem_free(l->quant);
    *l = (typelist){0};
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

static bool all_digits(const char *s, size_t n) {
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++)
        if (!is_digit((unsigned char)s[i])) return false;
    return true;
}

/* Builtin MLIR element types outside ir_dtype: integers of other widths
 * (i3, si32), the other floats (f80, tf32, f8 formats we lack), index,
 * complex<...> of other parts. */
static bool is_other_builtin_type(const char *s, size_t n) {
    static const char *const names[] = {"f80", "f128", "tf32", "index", "complex", "none"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0) return true;
    if (n > 3 && (memcmp(s, "f8E", 3) == 0 || memcmp(s, "f6E", 3) == 0 || memcmp(s, "f4E", 3) == 0)) return true;
    if (n > 1 && s[0] == 'i') return all_digits(s + 1, n - 1);
    if (n > 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i') return all_digits(s + 2, n - 2);
    return false;
}

/* Extends a type name over a following `<...>` on the same line (at most 80
 * bytes) so that a message can quote `complex<f32>` in full. */
static size_t quoted_type_length(const lexer *lx, size_t start, size_t name_end) {
    size_t i = name_end;
    if (i >= lx->len || lx->text[i] != '<') return name_end - start;
    int depth = 0;
    for (; i < lx->len && i - start < 80 && lx->text[i] != '\n'; i++) {
        if (lx->text[i] == '<') depth++;
        if (lx->text[i] == '>' && --depth == 0) return i + 1 - start;
    }
    return name_end - start;
}

static bool at_text(const lexer *lx, const char *s) {
    size_t n = strlen(s);
    return lx->len - lx->cur.pos >= n && memcmp(lx->text + lx->cur.pos, s, n) == 0;
}

/* Scans the element type at the cursor into *out (a quantized type: its
 * storage type, and its index into *quant). */
static int scan_element_type(parser *p, int rank, const int64_t *dims, ir_dtype *out, int *quant) {
    lexer *lx = &p->lx;
    cursor start = lx->cur;
    *quant = 0;
    if (at_text(lx, "!quant.uniform<")) return fr_scan_quant_type(p, rank, dims, out, quant);
    if (fr_lex_peek(lx) == '!') fr_lex_advance(lx);
    while (fr_is_ident_char(fr_lex_peek(lx))) fr_lex_advance(lx);
    const char *s = lx->text + start.pos;
    size_t n = lx->cur.pos - start.pos;
    if (n == 0) return fr_error(p, start, "expected an element type in the tensor type");
    if (s[0] != '!' && ir_dtype_from_name(s, n, out)) return 0;
    size_t quoted = quoted_type_length(lx, start.pos, lx->cur.pos);
    if (s[0] != '!' && quoted > n && ir_dtype_from_name(s, quoted, out)) {   /* complex<f32>, complex<f64> */
        while (lx->cur.pos < start.pos + quoted) fr_lex_advance(lx);
        return 0;
    }
    if (s[0] == '!' || is_other_builtin_type(s, n))
        return fr_unsupported(p, start, "unsupported element type %.*s", shown(quoted), s);
    return fr_error(p, start, "unknown element type '%.*s'", shown(n), s);
}

/* Reads one decimal dimension at the cursor, bounded by FRONT_MAX_ELEMENTS. */
static int scan_dimension(parser *p, int64_t *out) {
    lexer *lx = &p->lx;
    cursor start = lx->cur;
    int64_t v = 0;
    while (is_digit(fr_lex_peek(lx))) {
        v = v * 10 + (fr_lex_peek(lx) - '0');
        if (v > FRONT_MAX_ELEMENTS) return fr_unsupported(p, start, "unsupported dimension above 2^40");
        fr_lex_advance(lx);
    }
    *out = v;
    return 0;
}

/* After `tensor`: `<` (dim `x`)* element-type `>`, with blanks allowed between parts. */
static int scan_tensor_body(parser *p, ir_type *out, int *quant) {
    lexer *lx = &p->lx;
    fr_lex_skip_blanks(lx);
    if (fr_lex_peek(lx) != '<') return fr_error(p, lx->cur, "expected '<' after 'tensor'");
    fr_lex_advance(lx);
    int rank = 0;
    int64_t dims[IR_MAX_RANK], numel = 1;
    for (;;) {
        fr_lex_skip_blanks(lx);
        int c = fr_lex_peek(lx);
        if (c == '?') return fr_unsupported(p, lx->cur, "unsupported dynamic dimension '?'");
        if (c == '*') return fr_unsupported(p, lx->cur, "unsupported unranked tensor type");
        if (!is_digit(c)) break;
        cursor dim_at = lx->cur;
        int64_t dim = 0;
        if (scan_dimension(p, &dim)) return -1;
        if (rank == IR_MAX_RANK) return fr_unsupported(p, dim_at, "unsupported tensor rank above %d", IR_MAX_RANK);
        dims[rank++] = dim;
        if (dim != 0 && numel > FRONT_MAX_ELEMENTS / dim)
            return fr_unsupported(p, dim_at, "unsupported tensor type with more than 2^40 elements");
        numel *= dim;
        fr_lex_skip_blanks(lx);
        if (fr_lex_peek(lx) != 'x') return fr_error(p, lx->cur, "expected 'x' after a dimension");
        fr_lex_advance(lx);
    }
    ir_dtype dtype;
    if (scan_element_type(p, rank, dims, &dtype, quant)) return -1;
    fr_lex_skip_blanks(lx);
    if (fr_lex_peek(lx) == ',') return fr_unsupported(p, lx->cur, "unsupported tensor encoding");
    if (fr_lex_peek(lx) != '>') return fr_error(p, lx->cur, "expected '>' at the end of the tensor type");
    fr_lex_advance(lx);
    *out = ir_type_make(dtype, rank, dims);
    return 0;
}

int fr_parse_tensor_type(parser *p, ir_type *out) {
    cursor start = p->tok.at;
    int quant;
    if (fr_parse_tensor_type_quant(p, out, &quant)) return -1;
    return quant ? fr_unsupported(p, start, "unsupported quantized type in this position") : 0;
}

int fr_parse_tensor_type_quant(parser *p, ir_type *out, int *quant) {
    *quant = 0;
    if (at_word(p, "tensor")) {
        if (scan_tensor_body(p, out, quant)) return -1;
        next(p);
        return 0;
    }
    if (at(p, TK_BANG)) return fr_unsupported(p, p->tok.at, "unsupported type %.*s", shown(p->tok.len), p->tok.s);
    if (at(p, TK_IDENT)) {
        const char *s = p->tok.s;
        size_t n = p->tok.len;
        ir_dtype ignored;
        if (tok_is(&p->tok, "tuple") || tok_is(&p->tok, "memref") || tok_is(&p->tok, "vector"))
            return fr_unsupported(p, p->tok.at, "unsupported %.*s type", (int)n, s);
        if (ir_dtype_from_name(s, n, &ignored) || is_other_builtin_type(s, n))
            return fr_unsupported(p, p->tok.at, "unsupported non-tensor type %.*s", shown(n), s);
    }
    return fr_expected(p, "a tensor type");
}

/* One type, quantized or not, appended to out. */
static int parse_type_into(parser *p, typelist *out) {
    ir_type t;
    int q;
    return fr_parse_tensor_type_quant(p, &t, &q) || fr_typelist_push_quant(p, out, &t, q);
}

int fr_parse_type_list(parser *p, typelist *out) {
    do {
        if (parse_type_into(p, out)) return -1;
    } while (accept(p, TK_COMMA));
    return 0;
}

/* `(` types? `)` */
static int parse_paren_types(parser *p, typelist *out, const char *what) {
    if (expect(p, TK_LPAREN, what)) return -1;
    if (accept(p, TK_RPAREN)) return 0;
    return fr_parse_type_list(p, out) || expect(p, TK_RPAREN, "')' after the types");
}

int fr_parse_function_type(parser *p, typelist *ins, typelist *outs) {
    if (parse_paren_types(p, ins, "'(' before the operand types") || expect(p, TK_ARROW, "'->' in the function type"))
        return -1;
    if (at(p, TK_LPAREN)) return parse_paren_types(p, outs, "'('");
    return parse_type_into(p, outs);
}

int fr_parse_result_types(parser *p, typelist *out) {
    if (!accept(p, TK_LPAREN)) return parse_type_into(p, out);
    return fr_parse_type_list(p, out) || expect(p, TK_RPAREN, "')' after the result types");
}
