/* parse_attr.c: numbers, strings, attribute dictionaries and the attribute
 * forms ops use (integer lists, dense literals, enums, dot dimensions).
 *
 * Dictionaries are read lazily: fr_parse_attr_dict records where each value
 * starts and skips it as a balanced token run; an op then reads only the
 * entries it knows with the attr_read_* functions, which jump back to the
 * value and check that it ends where the entry ends. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/float16.h"
#include "../util/mem.h"
#include "front_internal.h"

/* ---- numbers ------------------------------------------------------------------------ */

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool is_hex_int(const token *t) { return t->kind == TK_INT && t->len > 2 && t->s[1] == 'x'; }

/* Reads TK_INT text (decimal or 0x hex) into *out; false on overflow. */
static bool int_token_value(const token *t, uint64_t *out) {
    uint64_t v = 0;
    if (is_hex_int(t)) {
        for (size_t i = 2; i < t->len; i++) {
            if (v >> 60) return false;
            v = v << 4 | (uint64_t)hex_value(t->s[i]);
        }
    } else {
        for (size_t i = 0; i < t->len; i++) {
            uint64_t d = (uint64_t)(t->s[i] - '0');
            if (v > (UINT64_MAX - d) / 10) return false;
            v = v * 10 + d;
        }
    }
    *out = v;
    return true;
}

int fr_parse_uint64(parser *p, uint64_t *out, const char *what) {
    if (!at(p, TK_INT)) return fr_expected(p, what);
    if (!int_token_value(&p->tok, out)) return fr_error(p, p->tok.at, "integer literal too large");
    next(p);
    return 0;
}

int fr_parse_int64(parser *p, int64_t *out, const char *what) {
    cursor start = p->tok.at;
    bool neg = accept(p, TK_MINUS);
    uint64_t v;
    if (fr_parse_uint64(p, &v, what)) return -1;
    if (v > (uint64_t)INT64_MAX + neg) return fr_error(p, start, "integer literal out of the int64 range");
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

/* Converts a decimal literal (with its sign) with strtod or, for f32, strtof,
 * so that f32 values are rounded once, from the decimal text. The text is
 * copied to get a terminator; it is short except in odd inputs. strtod reads
 * the decimal point of LC_NUMERIC: under a host locale with a decimal comma
 * it stops early, which is reported rather than silently misread. */
static int decimal_to_float(parser *p, bool neg, const token *num, bool single, double *out) {
    char small[128], *buf = small, *end;
    if (num->len + 2 > sizeof small && !(buf = mem_alloc(num->len + 2))) return fr_nomem(p);
    buf[0] = neg ? '-' : '+';
    memcpy(buf + 1, num->s, num->len);
    buf[num->len + 1] = 0;
    *out = single ? (double)strtof(buf, &end) : strtod(buf, &end);
    bool whole = end == buf + num->len + 1;
    if (buf != small) mem_free(buf);
    if (!whole)
        return fr_error(p, num->at, "cannot read the float literal (is LC_NUMERIC a locale with a decimal comma?)");
    return 0;
}

int fr_parse_double(parser *p, double *out, const char *what) {
    bool neg = accept(p, TK_MINUS);
    if (!(at(p, TK_FLOAT) || (at(p, TK_INT) && !is_hex_int(&p->tok)))) return fr_expected(p, what);
    if (decimal_to_float(p, neg, &p->tok, false, out)) return -1;
    next(p);
    return 0;
}

/* ---- strings and symbols ----------------------------------------------------------------- */

/* Decodes the quoted text s[0..n) (without quotes); the lexer has checked
 * that every escape is complete. */
static int decode_quoted(parser *p, cursor at, const char *s, size_t n, char **out) {
    char *buf = mem_alloc(n + 1);
    if (!buf) return fr_nomem(p);
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\\' && i + 1 < n) {
            char e = s[++i];
            if (e == 'n')
                c = '\n';
            else if (e == 't')
                c = '\t';
            else if (e == '"' || e == '\\')
                c = e;
            else if (i + 1 < n)
                c = (char)(unsigned char)(hex_value(e) * 16 + hex_value(s[++i]));
        }
        if (c == 0) {
            mem_free(buf);
            return fr_error(p, at, "string holds a NUL byte");
        }
        buf[j++] = c;
    }
    buf[j] = 0;
    *out = buf;
    return 0;
}

/* Decodes a TK_STRING into a fresh string; an embedded NUL is an error. */
static int decode_string(parser *p, const token *t, char **out) {
    return decode_quoted(p, t->at, t->s + 1, t->len - 2, out);
}

int fr_symbol_name(parser *p, const token *t, char **out) {
    if (t->len > 1 && t->s[1] == '"') return decode_quoted(p, t->at, t->s + 2, t->len - 3, out);
    *out = mem_strndup(t->s + 1, t->len - 1);
    return *out ? 0 : fr_nomem(p);
}

/* ---- attribute dictionaries --------------------------------------------------------------- */

void fr_attr_list_free(attr_list *l) {
    mem_free(l->v);
    *l = (attr_list){0};
}

const attr_ref *fr_attr_find(const attr_list *l, const char *name) {
    for (int i = 0; i < l->n; i++) {
        const token *t = &l->v[i].name;
        if (t->kind == TK_STRING ? (t->len == strlen(name) + 2 && memcmp(t->s + 1, name, t->len - 2) == 0)
                                 : tok_is(t, name))
            return &l->v[i];
    }
    return NULL;
}

const attr_ref *fr_attr_require(parser *p, const attr_list *l, const char *name, cursor at) {
    const attr_ref *a = fr_attr_find(l, name);
    if (!a) fr_error(p, at, "missing attribute '%s'", name);
    return a;
}

/* Skips an attribute value: balanced runs up to the ',' or '}' that ends it. */
static int skip_attr_value(parser *p) {
    if (at(p, TK_COMMA) || at(p, TK_RBRACE)) return fr_expected(p, "an attribute value");
    while (!at(p, TK_COMMA) && !at(p, TK_RBRACE))
        if (fr_skip_balanced(p)) return -1;
    return 0;
}

int fr_parse_attr_dict(parser *p, attr_list *out) {
    if (expect(p, TK_LBRACE, "'{' before the attributes")) return -1;
    if (accept(p, TK_RBRACE)) return 0;
    do {
        if (!at(p, TK_IDENT) && !at(p, TK_STRING)) return fr_expected(p, "an attribute name");
        attr_ref a = {.name = p->tok};
        next(p);
        if (accept(p, TK_EQUAL)) {
            a.has_value = true;
            a.value = fr_save(p);
            if (skip_attr_value(p)) return -1;
        }
        if (mem_grow((void **)&out->v, &out->cap, out->n + 1, sizeof(attr_ref))) return fr_nomem(p);
        out->v[out->n++] = a;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RBRACE, "'}' after the attributes");
}

int fr_parse_optional_attr_dict(parser *p, attr_list *out) { return at(p, TK_LBRACE) ? fr_parse_attr_dict(p, out) : 0; }

/* Moves to a's value; attr_leave checks it ended with the entry and comes back. */
static int attr_enter(parser *p, const attr_ref *a, pstate *saved) {
    if (!a->has_value) return fr_error(p, a->name.at, "attribute '%.*s' needs a value", shown(a->name.len), a->name.s);
    *saved = fr_save(p);
    fr_restore(p, &a->value);
    return 0;
}

static int attr_leave(parser *p, const pstate *saved, int rc) {
    if (rc == 0 && !at(p, TK_COMMA) && !at(p, TK_RBRACE)) rc = fr_expected(p, "the end of the attribute value");
    fr_restore(p, saved);
    return rc ? -1 : 0;
}

/* An optional `: type` after a scalar attribute (`0 : i64`, `1.0e-3 : f64`). */
static int skip_scalar_type(parser *p) {
    if (!accept(p, TK_COLON)) return 0;
    return expect(p, TK_IDENT, "a scalar type such as i64");
}

int fr_attr_read_int(parser *p, const attr_ref *a, int64_t *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    return attr_leave(p, &saved, fr_parse_int64(p, out, "an integer") || skip_scalar_type(p));
}

int fr_attr_read_uint(parser *p, const attr_ref *a, uint64_t *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    return attr_leave(p, &saved, fr_parse_uint64(p, out, "a non-negative integer") || skip_scalar_type(p));
}

int fr_attr_read_float(parser *p, const attr_ref *a, double *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    return attr_leave(p, &saved, fr_parse_double(p, out, "a number") || skip_scalar_type(p));
}

/* Reads a string or symbol value with read_token (decode_string, fr_symbol_name). */
static int read_name(parser *p, const attr_ref *a, tok_kind kind, const char *what,
                     int (*read_token)(parser *, const token *, char **), char **out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    char *s = NULL;
    int rc = at(p, kind) ? read_token(p, &p->tok, &s) : fr_expected(p, what);
    if (!rc) next(p);
    if (attr_leave(p, &saved, rc)) {
        mem_free(s);
        return -1;
    }
    *out = s;
    return 0;
}

int fr_attr_read_string(parser *p, const attr_ref *a, char **out) {
    return read_name(p, a, TK_STRING, "a string", decode_string, out);
}

int fr_attr_read_symbol(parser *p, const attr_ref *a, char **out) {
    return read_name(p, a, TK_SYMBOL, "a symbol such as @f", fr_symbol_name, out);
}

int fr_attr_read_dense(parser *p, const attr_ref *a, ir_type *type, void **data) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    if (!at_word(p, "dense")) return attr_leave(p, &saved, fr_expected(p, "a dense<...> literal"));
    int rc = attr_leave(p, &saved, fr_parse_dense(p, type, data));
    if (rc && *data) {
        mem_free(*data);
        *data = NULL;
    }
    return rc;
}

/* `[[@a, @b], [@c, @d]]`: rows of symbols, all as long; names row by row
 * (mem_alloc'ed, each too), *rows and *cols. */
static int parse_symbol_grid(parser *p, char ***names, int64_t *rows, int64_t *cols) {
    int n = 0, cap = 0;
    int64_t width = -1;
    int rc = expect(p, TK_LBRACKET, "'[' before the rows of symbols");
    *rows = 0;
    while (!rc && !at(p, TK_RBRACKET)) {
        cursor row_at = p->tok.at;
        int64_t count = 0;
        rc = expect(p, TK_LBRACKET, "'[' before a row of symbols");
        while (!rc && !at(p, TK_RBRACKET)) {
            char *name = NULL;
            rc = at(p, TK_SYMBOL) ? fr_symbol_name(p, &p->tok, &name) : fr_expected(p, "a symbol such as @f");
            if (!rc && mem_grow((void **)names, &cap, n + 1, sizeof **names)) rc = fr_nomem(p);
            if (rc) {
                mem_free(name);
                break;
            }
            (*names)[n++] = name;
            count++;
            next(p);
            if (!accept(p, TK_COMMA)) break;
        }
        if (!rc) rc = expect(p, TK_RBRACKET, "']' after a row of symbols");
        if (!rc && width >= 0 && count != width)
            rc = fr_error(p, row_at, "rows of %lld and %lld symbols", (long long)width, (long long)count);
        width = count;
        (*rows)++;
        if (!rc && !accept(p, TK_COMMA)) break;
    }
    if (!rc) rc = expect(p, TK_RBRACKET, "']' after the rows of symbols");
    *cols = width < 0 ? 0 : width;
    if (rc) {
        for (int i = 0; i < n; i++) mem_free((*names)[i]);
        mem_free(*names);
        *names = NULL;
    }
    return rc;
}

int fr_attr_read_symbol_grid(parser *p, const attr_ref *a, char ***names, int64_t *rows, int64_t *cols) {
    pstate saved;
    *names = NULL;
    if (attr_enter(p, a, &saved)) return -1;
    int rc = parse_symbol_grid(p, names, rows, cols);
    if (attr_leave(p, &saved, rc) && !rc) {
        for (int64_t i = 0; i < *rows * *cols; i++) mem_free((*names)[i]);
        mem_free(*names);
        *names = NULL;
        return -1;
    }
    return rc ? -1 : 0;
}

/* `#stablehlo.channel_handle<handle = H, type = T>`: H into *handle. */
int fr_attr_read_channel_handle(parser *p, const attr_ref *a, int64_t *handle) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    int64_t type = 0;
    int rc = at(p, TK_HASH) && tok_is(&p->tok, "#stablehlo.channel_handle") ? 0
             : fr_expected(p, "#stablehlo.channel_handle<handle = ..., type = ...>");
    if (!rc) {
        next(p);
        rc = expect(p, TK_LESS, "'<' after #stablehlo.channel_handle") ||
             expect_word(p, "handle", "handle =") || expect(p, TK_EQUAL, "'='") ||
             fr_parse_int64(p, handle, "the channel's handle") || expect(p, TK_COMMA, "',' after the handle") ||
             expect_word(p, "type", "type =") || expect(p, TK_EQUAL, "'='") ||
             fr_parse_int64(p, &type, "the channel's type") || expect(p, TK_GREATER, "'>' after the channel handle");
    }
    return attr_leave(p, &saved, rc);
}

/* ---- integer lists --------------------------------------------------------------------------- */

/* Appends integers to a growing array (cap as for mem_grow). */
static int push_int(parser *p, int64_t **v, int *n, int *cap, int64_t x) {
    if (mem_grow((void **)v, cap, *n + 1, sizeof(int64_t))) return fr_nomem(p);
    (*v)[(*n)++] = x;
    return 0;
}

static int parse_int_word(parser *p, int64_t *out) { return fr_parse_int64(p, out, "an integer"); }

/* `true` or `false` as 1 or 0. */
static int parse_bool_word(parser *p, int64_t *out) {
    if (accept_word(p, "true")) *out = 1;
    else if (accept_word(p, "false")) *out = 0;
    else return fr_expected(p, "true or false");
    return 0;
}

/* Elements (each read by parse_one) separated by ',' up to (not including)
 * the closing token. */
static int parse_list_until(parser *p, tok_kind close, int (*parse_one)(parser *, int64_t *), ir_ints *out) {
    int64_t *v = NULL;
    int n = 0, cap = 0;
    if (!at(p, close)) {
        do {
            int64_t x = 0;
            if (parse_one(p, &x) || push_int(p, &v, &n, &cap, x)) {
                mem_free(v);
                return -1;
            }
        } while (accept(p, TK_COMMA));
    }
    mem_free(out->v);
    out->v = v;
    out->n = n;
    return 0;
}

int fr_parse_int_list(parser *p, ir_ints *out) {
    if (expect(p, TK_LBRACKET, "'[' before the integer list")) return -1;
    return parse_list_until(p, TK_RBRACKET, parse_int_word, out) ||
           expect(p, TK_RBRACKET, "']' after the integer list");
}

/* `array<i64: 1, 2>`, `array<i64>` or `array<i1: true, false>` (as 1, 0). */
static int parse_dense_array(parser *p, ir_ints *out) {
    next(p); /* array */
    if (expect(p, TK_LESS, "'<' after 'array'")) return -1;
    bool bools = at_word(p, "i1");
    if (!bools && !at_word(p, "i64") && !at_word(p, "i32")) return fr_expected(p, "i64 as the array's element type");
    next(p);
    if (accept(p, TK_COLON) && parse_list_until(p, TK_GREATER, bools ? parse_bool_word : parse_int_word, out))
        return -1;
    return expect(p, TK_GREATER, "'>' after the array elements");
}

/* `dense<[1, 2]> : tensor<2xi64>` (the form older printers used), or a
 * rank-2 list such as padding's `dense<[[1, 0], [2, 2]]> : tensor<2x2xi64>`,
 * flattened in row-major order. */
static int parse_dense_ints(parser *p, ir_ints *out) {
    cursor start = p->tok.at;
    ir_type t;
    void *data = NULL;
    if (fr_parse_dense(p, &t, &data)) return -1;
    int rc = 0;
    if (t.rank > 2 || (t.dtype != IR_I64 && t.dtype != IR_I32)) {
        rc = fr_error(p, start, "expected a rank-1 or rank-2 tensor of i64 for an integer list");
    } else {
        int n = (int)ir_type_numel(&t);
        int64_t *v = n ? mem_alloc((size_t)n * sizeof(int64_t)) : NULL;
        if (n && !v) {
            rc = fr_nomem(p);
        } else {
            for (int i = 0; i < n; i++) v[i] = t.dtype == IR_I64 ? ((int64_t *)data)[i] : ((int32_t *)data)[i];
            mem_free(out->v);
            out->v = v;
            out->n = n;
        }
    }
    mem_free(data);
    return rc;
}

/* array<i64: ..>, dense<..> : tensor<..>, or [..] */
static int parse_int_array(parser *p, ir_ints *out) {
    if (at_word(p, "array")) return parse_dense_array(p, out);
    if (at_word(p, "dense")) return parse_dense_ints(p, out);
    if (at(p, TK_LBRACKET)) return fr_parse_int_list(p, out);
    return fr_expected(p, "an integer list such as array<i64: 0, 1>");
}

/* Reads into a list of its own and replaces *out only on success, so that a
 * caller's list is never left half-read (nor a fresh one allocated) when the
 * value turns out malformed after its elements. */
int fr_attr_read_ints(parser *p, const attr_ref *a, ir_ints *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    ir_ints read = {0};
    if (attr_leave(p, &saved, parse_int_array(p, &read))) {
        mem_free(read.v);
        return -1;
    }
    mem_free(out->v);
    *out = read;
    return 0;
}

/* ---- dense literals ------------------------------------------------------------------------------ */

static size_t dtype_bits(ir_dtype t) { return (size_t)ir_dtype_bits(t); }

/* The byte of a one-byte type holding bits: i1 0 or 1, a sub-byte integer
 * its low bits sign- or zero-extended, an f6 or f4 its low bits (ir_dtype). */
static uint8_t byte_of(ir_dtype t, uint64_t bits) {
    if (t == IR_I1) return bits & 1;
    int w = ir_dtype_bits(t);
    if (w >= 8) return (uint8_t)bits;
    uint8_t mask = (uint8_t)((1u << w) - 1), v = (uint8_t)(bits & mask);
    return ir_dtype_is_int(t) && !ir_dtype_is_unsigned(t) && v >> (w - 1) ? (uint8_t)(v | ~mask) : v;
}

/* Stores the low bytes of bits as one element of type t (host order). */
static void store_bits(ir_dtype t, uint64_t bits, uint8_t *dst) {
    switch (ir_dtype_size(t)) {
    case 1: *dst = byte_of(t, bits); break;
    case 2: {
        uint16_t v = (uint16_t)bits;
        memcpy(dst, &v, 2);
        break;
    }
    case 4: {
        uint32_t v = (uint32_t)bits;
        memcpy(dst, &v, 4);
        break;
    }
    default: memcpy(dst, &bits, 8); break;
    }
}

/* v rounded to t (nearest even, once). */
static void store_float(ir_dtype t, double v, uint8_t *dst) {
    switch (t) {
    case IR_F32: {
        float f = (float)v;
        memcpy(dst, &f, 4);
        break;
    }
    case IR_F16: store_bits(t, f16_from_double(v), dst); break;
    case IR_BF16: store_bits(t, bf16_from_double(v), dst); break;
    case IR_F64: memcpy(dst, &v, 8); break;
    default: store_bits(t, ir_minifloat_bits(t, v), dst); break;   /* f8, f6, f4 */
    }
}

void fr_store_number(ir_dtype t, double v, int64_t iv, void *dst) {
    if (ir_dtype_is_float(t)) store_float(t, v, dst);
    else store_bits(t, (uint64_t)iv, dst);
}

/* An integer element: decimal or hex, range-checked the way MLIR does for a
 * signless type of w bits: 0 <= v < 2^w, or -2^(w-1) <= v < 0. */
static int int_element(parser *p, ir_dtype t, bool neg, cursor start, uint8_t *dst) {
    size_t w = dtype_bits(t);
    uint64_t v;
    if (!int_token_value(&p->tok, &v) || (!neg && w < 64 && v >> w) || (neg && v > (uint64_t)1 << (w - 1)))
        return fr_error(p, start, "integer literal out of range for %s", ir_dtype_name(t));
    store_bits(t, neg ? 0 - v : v, dst);
    next(p);
    return 0;
}

/* A float element: decimal (rounded to the type), a hex bit pattern, or inf/nan. */
static int float_element(parser *p, ir_dtype t, bool neg, cursor start, uint8_t *dst) {
    if (at(p, TK_IDENT)) {
        double v = tok_is(&p->tok, "inf") ? INFINITY : NAN;
        store_float(t, neg ? -v : v, dst);
        next(p);
        return 0;
    }
    if (is_hex_int(&p->tok)) {
        uint64_t bits;
        size_t w = dtype_bits(t);
        if (neg) return fr_error(p, start, "a hexadecimal float literal cannot have a sign");
        if (!int_token_value(&p->tok, &bits) || (w < 64 && bits >> w))
            return fr_error(p, start, "hexadecimal literal out of range for %s", ir_dtype_name(t));
        store_bits(t, bits, dst);
        next(p);
        return 0;
    }
    double v = 0.0;
    if (decimal_to_float(p, neg, &p->tok, t == IR_F32, &v)) return -1;
    store_float(t, v, dst);
    next(p);
    return 0;
}

static int parse_element(parser *p, ir_dtype t, uint8_t *dst);

/* `(re, im)`: a complex element, its parts in order at dst. */
static int complex_element(parser *p, ir_dtype t, uint8_t *dst) {
    ir_dtype part = ir_dtype_complex_part(t);
    if (expect(p, TK_LPAREN, "'(' before a complex literal's real part") || parse_element(p, part, dst) ||
        expect(p, TK_COMMA, "',' between a complex literal's parts") ||
        parse_element(p, part, dst + ir_dtype_size(part)))
        return -1;
    return expect(p, TK_RPAREN, "')' after a complex literal's imaginary part");
}

/* One literal element of type t written at dst. */
static int parse_element(parser *p, ir_dtype t, uint8_t *dst) {
    cursor start = p->tok.at;
    if (at_word(p, "true") || at_word(p, "false")) {
        if (t != IR_I1) return fr_error(p, start, "boolean literal for element type %s", ir_dtype_name(t));
        *dst = at_word(p, "true");
        next(p);
        return 0;
    }
    if (ir_dtype_is_complex(t)) return complex_element(p, t, dst);
    if (at(p, TK_LPAREN)) return fr_error(p, start, "complex literal for element type %s", ir_dtype_name(t));
    bool neg = accept(p, TK_MINUS);
    bool is_float = ir_dtype_is_float(t);
    if (at(p, TK_INT)) return is_float ? float_element(p, t, neg, start, dst) : int_element(p, t, neg, start, dst);
    if (is_float && (at(p, TK_FLOAT) || at_word(p, "inf") || at_word(p, "nan")))
        return float_element(p, t, neg, start, dst);
    if (at(p, TK_FLOAT)) return fr_error(p, start, "float literal for element type %s", ir_dtype_name(t));
    return fr_expected(p, is_float ? "a float literal" : "an integer literal");
}

/* A list at nesting `level` of type t; elements go to data[*index...]. The
 * count check comes before each element, so writes stay inside the buffer.
 * Recursion is bounded by the rank (at most IR_MAX_RANK). */
static int parse_list(parser *p, const ir_type *t, int level, uint8_t *data, int64_t *index) {
    cursor open = p->tok.at;
    next(p); /* [ */
    int64_t count = 0, want = t->dims[level];
    size_t size = ir_dtype_size(t->dtype);
    if (!at(p, TK_RBRACKET)) {
        do {
            if (count == want)
                return fr_error(p, open, "list has more than the %lld elements of dimension %d", (long long)want,
                                level);
            if (level + 1 < t->rank) {
                if (!at(p, TK_LBRACKET))
                    return fr_expected(p, "'[' (the literal has fewer levels than the type's rank)");
                if (parse_list(p, t, level + 1, data, index)) return -1;
            } else {
                if (at(p, TK_LBRACKET)) return fr_error(p, p->tok.at, "literal nested deeper than the type's rank");
                if (parse_element(p, t->dtype, data + (size_t)*index * size)) return -1;
                ++*index;
            }
            count++;
        } while (accept(p, TK_COMMA));
    }
    if (expect(p, TK_RBRACKET, "']' or ',' in the literal")) return -1;
    if (count != want)
        return fr_error(p, open, "list has %lld elements, dimension %d has %lld", (long long)count, level,
                        (long long)want);
    return 0;
}

/* Copies the first `size` bytes over the rest of the buffer. */
static void fill_splat(uint8_t *data, size_t size, size_t total) {
    for (size_t filled = size; filled < total;) {
        size_t n = filled < total - filled ? filled : total - filled;
        memcpy(data + filled, data, n);
        filled += n;
    }
}

static bool host_is_little_endian(void) {
    uint16_t x = 1;
    uint8_t b;
    memcpy(&b, &x, 1);
    return b == 1;
}

/* `"0x..."`: the little-endian bytes of every element, or of one element
 * (a splat). i1 bytes are normalised to 0 or 1. */
static int parse_hex_blob(parser *p, const ir_type *t, uint8_t *data, size_t bytes) {
    const token *s = &p->tok;
    size_t size = ir_dtype_size(t->dtype);
    if (s->len < 4 || s->s[1] != '0' || s->s[2] != 'x' || (s->len - 4) % 2)
        return fr_error(p, s->at, "expected a hex blob \"0x...\" with two digits per byte");
    size_t n = (s->len - 4) / 2;
    if (n != bytes && n != size)
        return fr_error(p, s->at, "hex blob holds %zu bytes, but %s needs %zu (or %zu for a splat)", n,
                        ir_dtype_name(t->dtype), bytes, size);
    uint8_t one[16];
    uint8_t *dst = n == bytes ? data : one; /* a splat decodes one element, then fills */
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(s->s[3 + 2 * i]), lo = hex_value(s->s[4 + 2 * i]);
        if (hi < 0 || lo < 0) return fr_error(p, s->at, "invalid hex digit in the blob");
        dst[i] = (uint8_t)(hi << 4 | lo);
    }
    size = ir_dtype_size(ir_dtype_complex_part(t->dtype));   /* a complex element: each part swapped */
    if (!host_is_little_endian())
        for (size_t e = 0; e < n; e += size)
            for (size_t i = 0; i < size / 2; i++) {
                uint8_t tmp = dst[e + i];
                dst[e + i] = dst[e + size - 1 - i];
                dst[e + size - 1 - i] = tmp;
            }
    if (t->dtype == IR_I1)
        for (size_t i = 0; i < n; i++) dst[i] = dst[i] != 0;
    else if (ir_dtype_bits(t->dtype) < 8)   /* a sub-byte integer or f6, f4: its low bits (extended) */
        for (size_t i = 0; i < n; i++) dst[i] = byte_of(t->dtype, dst[i]);
    if (n != bytes && bytes) {
        memcpy(data, one, n);
        fill_splat(data, n, bytes);
    }
    next(p);
    return 0;
}

/* The literal between `dense<` and `>`, for type t, into data. */
static int parse_literal(parser *p, const ir_type *t, uint8_t *data, size_t bytes) {
    int64_t numel = ir_type_numel(t);
    size_t size = ir_dtype_size(t->dtype);
    if (at(p, TK_GREATER)) {
        if (numel != 0) return fr_error(p, p->tok.at, "empty literal for a type with %lld elements", (long long)numel);
        return 0;
    }
    if (at(p, TK_STRING)) return parse_hex_blob(p, t, data, bytes);
    if (at(p, TK_LBRACKET)) {
        if (t->rank == 0) return fr_error(p, p->tok.at, "list literal for a rank-0 tensor");
        int64_t index = 0;
        return parse_list(p, t, 0, data, &index);
    }
    uint8_t one[16];
    if (parse_element(p, t->dtype, one)) return -1;
    if (bytes) {
        memcpy(data, one, size);
        fill_splat(data, size, bytes);
    }
    return 0;
}

/* dense<literal> : type. The literal comes before its type, so it is first
 * skipped to read the type, then parsed straight into the constant's bytes. */
int fr_parse_dense(parser *p, ir_type *type, void **data) {
    *data = NULL;
    next(p); /* dense */
    if (expect(p, TK_LESS, "'<' after 'dense'")) return -1;
    pstate literal = fr_save(p);
    while (!at(p, TK_GREATER))
        if (fr_skip_balanced(p)) return -1;
    next(p);
    if (expect(p, TK_COLON, "':' and a type after the dense literal") || fr_parse_tensor_type(p, type)) return -1;
    size_t bytes = ir_type_bytes(type);
    if (bytes > FRONT_MAX_CONSTANT_BYTES)
        return fr_unsupported(p, literal.tok.at, "unsupported constant of %zu bytes (the limit is %zu)", bytes,
                              FRONT_MAX_CONSTANT_BYTES);
    uint8_t *buf = mem_calloc(bytes ? bytes : 1, 1);
    if (!buf) return fr_nomem(p);
    pstate after = fr_save(p);
    fr_restore(p, &literal);
    if (parse_literal(p, type, buf, bytes) || expect(p, TK_GREATER, "'>' after the dense literal")) {
        mem_free(buf);
        return -1;
    }
    fr_restore(p, &after);
    *data = buf;
    return 0;
}

/* ---- enums and dot dimensions ------------------------------------------------------------------- */

int fr_parse_cmp_dir(parser *p, ir_cmp_dir *out) {
    static const char *const names[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
    static const ir_cmp_dir dirs[] = {IR_CMP_EQ, IR_CMP_NE, IR_CMP_GE, IR_CMP_GT, IR_CMP_LE, IR_CMP_LT};
    for (int i = 0; i < 6; i++) {
        if (at_word(p, names[i])) {
            *out = dirs[i];
            next(p);
            return 0;
        }
    }
    return fr_expected(p, "a comparison direction (EQ, NE, GE, GT, LE, LT)");
}

int fr_parse_cmp_type(parser *p, ir_cmp_type *out) {
    static const char *const names[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
    static const ir_cmp_type types[] = {IR_CMPT_NOTYPE, IR_CMPT_FLOAT, IR_CMPT_TOTALORDER, IR_CMPT_SIGNED,
                                        IR_CMPT_UNSIGNED};
    for (int i = 0; i < 5; i++) {
        if (at_word(p, names[i])) {
            *out = types[i];
            next(p);
            return 0;
        }
    }
    return fr_expected(p, "a comparison type (FLOAT, TOTALORDER, SIGNED, UNSIGNED)");
}

/* Reads `#stablehlo<kind WORD>` or `#stablehlo.kind<WORD>`, WORD with parse_word. */
int fr_attr_read_enum(parser *p, const attr_ref *a, const char *kind, int (*parse_word)(parser *, void *), void *out) {
    char dotted[64];
    snprintf(dotted, sizeof dotted, "#stablehlo.%s", kind);
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    int rc;
    if (at(p, TK_HASH) && (tok_is(&p->tok, "#stablehlo") || tok_is(&p->tok, "#chlo"))) {
        next(p);
        rc = expect(p, TK_LESS, "'<'") || expect_word(p, kind, kind);
    } else if (at(p, TK_HASH) && tok_is(&p->tok, dotted)) {
        next(p);
        rc = expect(p, TK_LESS, "'<'");
    } else {
        rc = fr_expected(p, "a #stablehlo<...> enum");
    }
    if (!rc) rc = parse_word(p, out) || expect(p, TK_GREATER, "'>' after the enum value");
    return attr_leave(p, &saved, rc);
}

static int cmp_dir_word(parser *p, void *out) { return fr_parse_cmp_dir(p, out); }
static int cmp_type_word(parser *p, void *out) { return fr_parse_cmp_type(p, out); }

int fr_attr_read_cmp_dir(parser *p, const attr_ref *a, ir_cmp_dir *out) {
    return fr_attr_read_enum(p, a, "comparison_direction", cmp_dir_word, out);
}

int fr_attr_read_cmp_type(parser *p, const attr_ref *a, ir_cmp_type *out) {
    return fr_attr_read_enum(p, a, "comparison_type", cmp_type_word, out);
}

static int transpose_word(parser *p, void *out) {
    static const char *const words[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
    for (int i = 0; i < 3; i++)
        if (accept_word(p, words[i])) {
            *(ir_transpose *)out = (ir_transpose)i;
            return 0;
        }
    return fr_expected(p, "NO_TRANSPOSE, TRANSPOSE or ADJOINT");
}

int fr_attr_read_transpose(parser *p, const attr_ref *a, ir_transpose *out) {
    return fr_attr_read_enum(p, a, "transpose", transpose_word, out);
}

static int fft_type_word(parser *p, void *out) { return fr_parse_fft_type(p, out); }

int fr_attr_read_fft_type(parser *p, const attr_ref *a, ir_fft_type *out) {
    return fr_attr_read_enum(p, a, "fft_type", fft_type_word, out);
}

/* `TAG<field = [0], ...>` with the n fields named (the first four those of
 * #stablehlo.dot); absent fields are empty. */
static int read_dim_numbers(parser *p, const attr_ref *a, const char *tag, int n, ir_ints *const *lists) {
    static const char *const fields[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                         "lhs_contracting_dimensions", "rhs_contracting_dimensions",
                                         "lhs_ragged_dimensions", "rhs_group_dimensions"};
    char what[64];
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    int rc = 0;
    snprintf(what, sizeof what, "%s<...>", tag);
    if (!at(p, TK_HASH) || !tok_is(&p->tok, tag))
        rc = fr_expected(p, what);
    else
        next(p);
    snprintf(what, sizeof what, "'<' after %s", tag);
    if (!rc) rc = expect(p, TK_LESS, what);
    if (!rc && !at(p, TK_GREATER)) {
        do {
            int field = -1;
            for (int i = 0; i < n; i++)
                if (at_word(p, fields[i])) field = i;
            if (field < 0) {
                rc = fr_expected(p, "a dot dimension field such as lhs_contracting_dimensions");
                break;
            }
            next(p);
            rc = expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, lists[field]);
        } while (!rc && accept(p, TK_COMMA));
    }
    if (!rc) rc = expect(p, TK_GREATER, "'>' after the dot dimensions");
    return attr_leave(p, &saved, rc);
}

/* `#stablehlo.dot<lhs_batching_dimensions = [0], ...>` */
int fr_attr_read_dot_dims(parser *p, const attr_ref *a, ir_attrs *out) {
    ir_ints *const lists[] = {&out->lhs_batch, &out->rhs_batch, &out->lhs_contract, &out->rhs_contract};
    return read_dim_numbers(p, a, "#stablehlo.dot", 4, lists);
}

int fr_attr_read_ragged_dot_dims(parser *p, const attr_ref *a, ir_attrs *dot, ir_ints *lhs_ragged,
                                 ir_ints *rhs_group) {
    ir_ints *const lists[] = {&dot->lhs_batch, &dot->rhs_batch, &dot->lhs_contract, &dot->rhs_contract,
                              lhs_ragged, rhs_group};
    return read_dim_numbers(p, a, "#chlo.ragged_dot", 6, lists);
}

int fr_attr_read_bool(parser *p, const attr_ref *a, bool *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    int rc = 0;
    if (accept_word(p, "true")) *out = true;
    else if (accept_word(p, "false")) *out = false;
    else rc = fr_expected(p, "true or false");
    return attr_leave(p, &saved, rc);
}


int fr_attr_read_dict(parser *p, const attr_ref *a, attr_list *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    return attr_leave(p, &saved, at(p, TK_LBRACE) ? fr_parse_attr_dict(p, out) : fr_expected(p, "a dictionary"));
}

/* ---- convolution dimension numbers ------------------------------------------------------------ */

/* One bracketed list of a convolution's dimension numbers: each entry names
 * the role of that dimension of the tensor, a letter (`letters`: the batch
 * or input-feature role first, then the feature or output-feature role) or
 * the number of a spatial dimension. Writes [role0, role1, spatial...] as
 * tensor dimensions into out. */
static int parse_conv_roles(parser *p, const char *letters, const char *what, ir_ints *out) {
    int64_t roles[2 + IR_MAX_RANK], where[IR_MAX_RANK]; /* where[k]: the dimension of spatial number k */
    bool seen[2] = {false, false};
    int n = 0, nspatial = 0;
    cursor start = p->tok.at;
    for (int k = 0; k < IR_MAX_RANK; k++) where[k] = -1;
    if (expect(p, TK_LBRACKET, "'[' before the dimension roles")) return -1;
    do {
        if (n == IR_MAX_RANK) return fr_unsupported(p, p->tok.at, "unsupported convolution of rank above %d", IR_MAX_RANK);
        if (at(p, TK_IDENT) && p->tok.len == 1 && (p->tok.s[0] == letters[0] || p->tok.s[0] == letters[1])) {
            int role = p->tok.s[0] == letters[0] ? 0 : 1;
            if (seen[role]) return fr_error(p, p->tok.at, "%s: '%c' appears twice", what, letters[role]);
            seen[role] = true;
            roles[role] = n;
            next(p);
        } else {
            int64_t k = 0;
            cursor at_k = p->tok.at;
            if (fr_parse_int64(p, &k, "a spatial dimension number or a role letter")) return -1;
            if (k < 0 || k >= IR_MAX_RANK || where[k] >= 0)
                return fr_error(p, at_k, "%s: spatial dimension %lld is out of range or repeated", what, (long long)k);
            where[k] = n;
            nspatial++;
        }
        n++;
    } while (accept(p, TK_COMMA));
    if (expect(p, TK_RBRACKET, "']' after the dimension roles")) return -1;
    if (!seen[0] || !seen[1]) return fr_error(p, start, "%s: expected the roles '%c' and '%c'", what, letters[0], letters[1]);
    for (int k = 0; k < nspatial; k++) {
        if (where[k] < 0) return fr_error(p, start, "%s: spatial dimensions must be numbered 0..%d", what, nspatial - 1);
        roles[2 + k] = where[k];
    }
    return ir_ints_set(out, 2 + nspatial, roles) ? fr_nomem(p) : 0;
}

int fr_parse_conv_dims(parser *p, ir_attrs *out) {
    return parse_conv_roles(p, "bf", "input dimensions", &out->conv_lhs) ||
           expect_word(p, "x", "'x' between the input and kernel dimensions") ||
           parse_conv_roles(p, "io", "kernel dimensions", &out->conv_rhs) ||
           expect(p, TK_ARROW, "'->' before the output dimensions") ||
           parse_conv_roles(p, "bf", "output dimensions", &out->conv_out);
}

/* `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` */
int fr_attr_read_conv_dims(parser *p, const attr_ref *a, ir_attrs *out) {
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    int rc = 0;
    if (!at(p, TK_HASH) || !tok_is(&p->tok, "#stablehlo.conv"))
        rc = fr_expected(p, "#stablehlo.conv<...>");
    else
        next(p);
    if (!rc) rc = expect(p, TK_LESS, "'<' after #stablehlo.conv");
    if (!rc && at_word(p, "raw")) rc = fr_unsupported(p, p->tok.at, "unsupported #stablehlo.conv<raw ...> form");
    if (!rc) rc = fr_parse_conv_dims(p, out) || expect(p, TK_GREATER, "'>' after the dimension numbers");
    return attr_leave(p, &saved, rc);
}

/* `#stablehlo.gather<offset_dims = [..], ..., index_vector_dim = N>` or
 * `#stablehlo.scatter<update_window_dims = [..], ...>`: absent lists are
 * empty, an absent index_vector_dim is 0 (as MLIR's printer omits it). */
int fr_attr_read_index_dims(parser *p, const attr_ref *a, bool scatter, ir_attrs *out) {
    static const char *const gather_fields[] = {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                                "start_indices_batching_dims", "start_index_map"};
    static const char *const scatter_fields[] = {"update_window_dims", "inserted_window_dims", "input_batching_dims",
                                                 "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"};
    const char *const *fields = scatter ? scatter_fields : gather_fields;
    ir_ints *lists[] = {&out->window, &out->collapsed, &out->op_batch, &out->ix_batch, &out->index_map};
    const char *hash = scatter ? "#stablehlo.scatter" : "#stablehlo.gather";
    pstate saved;
    if (attr_enter(p, a, &saved)) return -1;
    out->axis_b = 0;
    int rc = 0;
    if (!at(p, TK_HASH) || !tok_is(&p->tok, hash))
        rc = fr_expected(p, scatter ? "#stablehlo.scatter<...>" : "#stablehlo.gather<...>");
    else
        next(p);
    if (!rc) rc = expect(p, TK_LESS, "'<' before the dimension numbers");
    if (!rc && !at(p, TK_GREATER)) {
        do {
            if (accept_word(p, "index_vector_dim")) {
                rc = expect(p, TK_EQUAL, "'='") || fr_parse_int64(p, &out->axis_b, "index_vector_dim");
                continue;
            }
            int field = -1;
            for (int i = 0; i < 5; i++)
                if (at_word(p, fields[i])) field = i;
            if (field < 0) {
                rc = fr_expected(p, scatter ? "a scatter dimension field such as update_window_dims"
                                            : "a gather dimension field such as offset_dims");
                break;
            }
            next(p);
            mem_free(lists[field]->v);
            *lists[field] = (ir_ints){0, NULL};
            rc = expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, lists[field]);
        } while (!rc && accept(p, TK_COMMA));
    }
    if (!rc) rc = expect(p, TK_GREATER, "'>' after the dimension numbers");
    return attr_leave(p, &saved, rc);
}
