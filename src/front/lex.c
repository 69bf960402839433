/* lex.c: the tokens of MLIR's textual form.
 *
 * Tokens are produced on demand from a cursor, so the lexer holds no buffer
 * and never allocates. Every read is bounds-checked against len: the text
 * need not be NUL-terminated. */
#include <limits.h>
#include <string.h>

#include "front_internal.h"

void fr_lex_init(lexer *lx, const char *text, size_t len) {
    lx->text = text;
    lx->len = len;
    lx->cur = (cursor){0, 1, 1};
}

int fr_lex_peek(const lexer *lx) { return lx->cur.pos < lx->len ? (unsigned char)lx->text[lx->cur.pos] : -1; }

static int peek_at(const lexer *lx, size_t ahead) {
    size_t i = lx->cur.pos + ahead;
    return i < lx->len && i >= lx->cur.pos ? (unsigned char)lx->text[i] : -1;
}

void fr_lex_advance(lexer *lx) {
    if (lx->cur.pos >= lx->len) return;
    if (lx->text[lx->cur.pos++] == '\n') {
        if (lx->cur.line < INT_MAX) lx->cur.line++;
        lx->cur.col = 1;
    } else if (lx->cur.col < INT_MAX) {
        lx->cur.col++;
    }
}

static bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_hex_digit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool fr_is_ident_char(int c) { return is_letter(c) || is_digit(c) || c == '_' || c == '$' || c == '.'; }
/* Characters of the name after %, ^ (MLIR's suffix-id also allows '-'). */
static bool is_suffix_char(int c) { return fr_is_ident_char(c) || c == '-'; }

void fr_lex_skip_blanks(lexer *lx) {
    while (is_blank(fr_lex_peek(lx))) fr_lex_advance(lx);
}

/* A comment runs to the end of the line. It separates chunks when it holds
 * the marker `// -----` (at its start or later, as in `// // -----`), which
 * is how MLIR's split-input-file finds chunk boundaries. */
static bool skip_comment(lexer *lx) {
    static const char marker[] = "// -----";
    size_t start = lx->cur.pos, end = start;
    while (end < lx->len && lx->text[end] != '\n') end++;
    bool split = false;
    for (size_t i = start; i + sizeof marker - 1 <= end && !split; i++)
        split = memcmp(lx->text + i, marker, sizeof marker - 1) == 0;
    while (lx->cur.pos < end) fr_lex_advance(lx);
    return split;
}

/* Skips blanks and comments; true when a chunk separator was crossed. */
static bool skip_blanks_and_comments(lexer *lx, cursor *split_at) {
    for (;;) {
        fr_lex_skip_blanks(lx);
        if (fr_lex_peek(lx) == '/' && peek_at(lx, 1) == '/') {
            cursor at = lx->cur;
            if (skip_comment(lx)) {
                *split_at = at;
                return true;
            }
            continue;
        }
        return false;
    }
}

static token make(const lexer *lx, tok_kind kind, cursor start) {
    return (token){kind, lx->text + start.pos, lx->cur.pos - start.pos, start, NULL};
}

static token error_token(const lexer *lx, cursor start, const char *err) {
    token t = make(lx, TK_ERROR, start);
    t.err = err;
    return t;
}

/* A quoted string; escapes are validated here and decoded by the parser. */
static token lex_string(lexer *lx, cursor start) {
    fr_lex_advance(lx); /* the opening quote */
    for (;;) {
        int c = fr_lex_peek(lx);
        if (c < 0 || c == '\n') return error_token(lx, start, "unterminated string");
        fr_lex_advance(lx);
        if (c == '"') return make(lx, TK_STRING, start);
        if (c == '\\') {
            int e = fr_lex_peek(lx);
            if (e == '"' || e == '\\' || e == 'n' || e == 't') {
                fr_lex_advance(lx);
            } else if (is_hex_digit(e) && is_hex_digit(peek_at(lx, 1))) {
                fr_lex_advance(lx);
                fr_lex_advance(lx);
            } else {
                return error_token(lx, start, "unknown escape in string");
            }
        }
    }
}

/* Integer: [0-9]+ or 0x[0-9a-fA-F]+. Float: [0-9]+ '.' [0-9]* exponent?,
 * or [0-9]+ exponent (accepted although MLIR prints a '.'). */
static token lex_number(lexer *lx, cursor start) {
    if (fr_lex_peek(lx) == '0' && peek_at(lx, 1) == 'x' && is_hex_digit(peek_at(lx, 2))) {
        fr_lex_advance(lx);
        fr_lex_advance(lx);
        while (is_hex_digit(fr_lex_peek(lx))) fr_lex_advance(lx);
        return make(lx, TK_INT, start);
    }
    while (is_digit(fr_lex_peek(lx))) fr_lex_advance(lx);
    bool is_float = false;
    if (fr_lex_peek(lx) == '.') {
        is_float = true;
        fr_lex_advance(lx);
        while (is_digit(fr_lex_peek(lx))) fr_lex_advance(lx);
    }
    int e = fr_lex_peek(lx);
    if (e == 'e' || e == 'E') {
        size_t sign = peek_at(lx, 1) == '+' || peek_at(lx, 1) == '-';
        if (is_digit(peek_at(lx, 1 + sign))) {
            is_float = true;
            for (size_t i = 0; i < 1 + sign; i++) fr_lex_advance(lx);
            while (is_digit(fr_lex_peek(lx))) fr_lex_advance(lx);
        }
    }
    return make(lx, is_float ? TK_FLOAT : TK_INT, start);
}

/* %name, ^name: digits, or a suffix-id. %name may carry a #N result index. */
static token lex_prefixed(lexer *lx, cursor start, tok_kind kind) {
    fr_lex_advance(lx);
    if (!is_suffix_char(fr_lex_peek(lx)))
        return error_token(lx, start, kind == TK_VALUE ? "expected a name after '%'" : "expected a name after '^'");
    while (is_suffix_char(fr_lex_peek(lx))) fr_lex_advance(lx);
    if (kind == TK_VALUE && fr_lex_peek(lx) == '#' && is_digit(peek_at(lx, 1))) {
        fr_lex_advance(lx);
        while (is_digit(fr_lex_peek(lx))) fr_lex_advance(lx);
    }
    return make(lx, kind, start);
}

/* @name or @"name"; #name and !name (a bare-id after the sigil). */
static token lex_sigil_name(lexer *lx, cursor start, tok_kind kind) {
    fr_lex_advance(lx);
    if (kind == TK_SYMBOL && fr_lex_peek(lx) == '"') {
        token s = lex_string(lx, lx->cur);
        if (s.kind == TK_ERROR) return error_token(lx, start, s.err);
        return make(lx, TK_SYMBOL, start);
    }
    int c = fr_lex_peek(lx);
    if (!(is_letter(c) || c == '_' || (kind != TK_BANG && is_digit(c))))
        return error_token(lx, start, "expected a name after the sigil");
    while (fr_is_ident_char(fr_lex_peek(lx))) fr_lex_advance(lx);
    return make(lx, kind, start);
}

static token lex_punct(lexer *lx, cursor start) {
    static const struct {
        char c;
        tok_kind kind;
    } table[] = {
        {'(', TK_LPAREN}, {')', TK_RPAREN}, {'[', TK_LBRACKET}, {']', TK_RBRACKET}, {'{', TK_LBRACE},
        {'}', TK_RBRACE}, {'<', TK_LESS},   {'>', TK_GREATER},  {',', TK_COMMA},    {':', TK_COLON},
        {'=', TK_EQUAL},  {'+', TK_PLUS},   {'?', TK_QUESTION}, {'*', TK_STAR},
    };
    int c = fr_lex_peek(lx);
    if (c == '-') {
        fr_lex_advance(lx);
        if (fr_lex_peek(lx) == '>') {
            fr_lex_advance(lx);
            return make(lx, TK_ARROW, start);
        }
        return make(lx, TK_MINUS, start);
    }
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (table[i].c == c) {
            fr_lex_advance(lx);
            return make(lx, table[i].kind, start);
        }
    }
    fr_lex_advance(lx);
    return error_token(lx, start, "unexpected character");
}

token fr_lex_next(lexer *lx) {
    cursor split_at;
    if (skip_blanks_and_comments(lx, &split_at)) return make(lx, TK_SPLIT, split_at);
    cursor start = lx->cur;
    int c = fr_lex_peek(lx);
    if (c < 0) return make(lx, TK_EOF, start);
    if (is_letter(c) || c == '_') {
        while (fr_is_ident_char(fr_lex_peek(lx))) fr_lex_advance(lx);
        return make(lx, TK_IDENT, start);
    }
    if (is_digit(c)) return lex_number(lx, start);
    switch (c) {
    case '"': return lex_string(lx, start);
    case '%': return lex_prefixed(lx, start, TK_VALUE);
    case '^': return lex_prefixed(lx, start, TK_BLOCK);
    case '@': return lex_sigil_name(lx, start, TK_SYMBOL);
    case '#': return lex_sigil_name(lx, start, TK_HASH);
    case '!': return lex_sigil_name(lx, start, TK_BANG);
    default: return lex_punct(lx, start);
    }
}

const char *fr_tok_kind_name(tok_kind k) {
    switch (k) {
    case TK_EOF: return "end of file";
    case TK_SPLIT: return "end of chunk";
    case TK_IDENT: return "identifier";
    case TK_VALUE: return "value name";
    case TK_SYMBOL: return "symbol";
    case TK_BLOCK: return "block label";
    case TK_HASH: return "'#' name";
    case TK_BANG: return "'!' type";
    case TK_INT: return "integer";
    case TK_FLOAT: return "float";
    case TK_STRING: return "string";
    case TK_LPAREN: return "'('";
    case TK_RPAREN: return "')'";
    case TK_LBRACKET: return "'['";
    case TK_RBRACKET: return "']'";
    case TK_LBRACE: return "'{'";
    case TK_RBRACE: return "'}'";
    case TK_LESS: return "'<'";
    case TK_GREATER: return "'>'";
    case TK_COMMA: return "','";
    case TK_COLON: return "':'";
    case TK_EQUAL: return "'='";
    case TK_ARROW: return "'->'";
    case TK_MINUS: return "'-'";
    case TK_PLUS: return "'+'";
    case TK_QUESTION: return "'?'";
    case TK_STAR: return "'*'";
    case TK_ERROR: return "invalid token";
    }
    return "token";
}
