/* emit_text.c: the string builder, the context's strings and lines, C type
 * names and exact literals. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../util/float16.h"
#include "../util/mem.h"
#include "../util/minifloat.h"
#include "emit_internal.h"

/* ---- sbuf ------------------------------------------------------------------ */

static bool sb_reserve(sbuf *b, size_t extra) {
    if (b->failed) return false;
    if (b->len + extra + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    char *s = mem_realloc(b->s, cap);
    if (!s) {
        b->failed = true;
        return false;
    }
    b->s = s;
    b->cap = cap;
    return true;
}

void sb_put(sbuf *b, const char *s, size_t n) {
    if (!sb_reserve(b, n)) return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

void sb_vprintf(sbuf *b, const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n >= 0 && sb_reserve(b, (size_t)n)) {
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void sb_printf(sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

/* The one way program text (a function's name, a file name: bytes from a
 * file that may be hostile) enters generated source. The bytes become a C
 * string literal in which only letters, digits, space and "_.,:;@$+=-"
 * stand for themselves; every other byte is a three-digit octal escape. So
 * the literal holds no quote, backslash, newline, '*', '/', '#' or '?': it
 * can end neither itself nor a comment around it, start no directive, and
 * form no trigraph, and it means the same inside a comment or as code. */
void sb_c_string(sbuf *b, const char *text) {
    static const char plain[] = " _.,:;@$+=-";
    sb_put(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        bool alnum = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9');
        if (alnum || strchr(plain, *p)) sb_put(b, (const char *)p, 1);
        else sb_printf(b, "\\%03o", *p);
    }
    sb_put(b, "\"", 1);
}

void sb_free(sbuf *b) {
    mem_free(b->s);
    *b = (sbuf){0};
}

/* ---- context strings and errors --------------------------------------------------- */

int ec_fail(emit_ctx *cx, int code, const char *fmt, ...) {
    if (cx->rc) return cx->rc;
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cx->rc = diag_set(cx->d, code, "emit: %s", msg);
    return cx->rc;
}

int ec_fail_op(emit_ctx *cx, int code, const ir_op *op, const char *fmt, ...) {
    if (cx->rc) return cx->rc;
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *file = op->loc.file;   /* program text: diagnostic */
    if (file)
        cx->rc = diag_set(cx->d, code, "%s:%d:%d: %s: %s", file, op->loc.line, op->loc.col, ir_op_name(op->code), msg);
    else
        cx->rc = diag_set(cx->d, code, "emit: %s: %s", ir_op_name(op->code), msg);
    return cx->rc;
}

/* Out of memory, a string is "?" (never NULL, so nothing downstream needs
 * a check) and cx->rc says DIAG_NOMEM: whatever is emitted after is thrown
 * away. */
static const char *keep_string(emit_ctx *cx, char *s) {
    if (s && mem_grow((void **)&cx->strings, &cx->cap_strings, cx->nstrings + 1, sizeof(char *)) == 0) {
        cx->strings[cx->nstrings++] = s;
        return s;
    }
    mem_free(s);
    if (!cx->rc) cx->rc = diag_nomem(cx->d);
    return "?";
}

const char *ec_str(emit_ctx *cx, const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? mem_alloc((size_t)n + 1) : NULL;
    if (s) vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return keep_string(cx, s);
}

const char *ec_take(emit_ctx *cx, sbuf *b) {
    if (b->failed) mem_free(b->s);
    const char *s = keep_string(cx, b->failed ? NULL : b->s ? b->s : mem_strdup(""));
    *b = (sbuf){0};
    return s;
}

const char *ec_fresh(emit_ctx *cx, const char *prefix) { return ec_str(cx, "%s%d", prefix, cx->next_local++); }

const char *ec_fresh_global(emit_ctx *cx, const char *prefix) {
    return ec_str(cx, "%s%d", prefix, cx->next_global++);
}

/* ---- lines and scopes --------------------------------------------------------------- */

static void put_indent(emit_ctx *cx) {
    for (int i = 0; i < cx->indent; i++) sb_put(&cx->code, "    ", 4);
}

static void put_line(emit_ctx *cx, const char *fmt, va_list ap, const char *suffix) {
    if (cx->rc) return;
    put_indent(cx);
    sb_vprintf(&cx->code, fmt, ap);
    sb_puts(&cx->code, suffix);
}

void ec_line(emit_ctx *cx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    put_line(cx, fmt, ap, "\n");
    va_end(ap);
}

static void push_scope(emit_ctx *cx) {
    if (cx->nscopes == EC_MAX_SCOPES) {
        ec_fail(cx, DIAG_UNSUPPORTED, "kernel nests deeper than %d blocks", EC_MAX_SCOPES);
        return;
    }
    cx->scope[cx->nscopes++] = cx->nmemo;
    if (cx->row_n && cx->indent == cx->row_indent + 1) cx->row_opens++;
}

static void pop_scope(emit_ctx *cx) {
    if (cx->nscopes > 0) cx->nmemo = cx->scope[--cx->nscopes];
}

void ec_open(emit_ctx *cx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    put_line(cx, fmt, ap, " {\n");
    va_end(ap);
    cx->indent++;
    push_scope(cx);
}

void ec_block(emit_ctx *cx) {
    ec_line(cx, "{");
    cx->indent++;
    push_scope(cx);
}

void ec_close(emit_ctx *cx) {
    pop_scope(cx);
    cx->indent--;
    ec_line(cx, "}");
}

void ec_reopen(emit_ctx *cx, const char *fmt, ...) {
    pop_scope(cx);
    cx->indent--;
    if (!cx->rc) {
        put_indent(cx);
        sb_puts(&cx->code, "} ");
        va_list ap;
        va_start(ap, fmt);
        sb_vprintf(&cx->code, fmt, ap);
        va_end(ap);
        sb_puts(&cx->code, " {\n");
    }
    cx->indent++;
    push_scope(cx);
}

/* The bits of one element, zero-extended; a narrow signed one sign-extended. */
static uint64_t elem_bits_of(ir_dtype t, const void *elem) {
    uint64_t x = 0;
    memcpy(&x, elem, ir_dtype_size(t));   /* little-endian */
    return x;
}

static int64_t small_signed(ir_dtype t, const void *elem) {
    int bits = ir_dtype_bits(t);
    uint64_t sign = (uint64_t)1 << (bits - 1);
    return (int64_t)((elem_bits_of(t, elem) ^ sign) - sign);
}

/* ---- C types and literals ------------------------------------------------------------- */

static const struct {
    const char *ctype, *suffix;
} c_types[IR_DTYPE_COUNT] = {
    [IR_F32] = {"float", "f32"},     [IR_F64] = {"double", "f64"},   [IR_I32] = {"int32_t", "i32"},
    [IR_I64] = {"int64_t", "i64"},   [IR_I1] = {"uint8_t", "i1"},    [IR_F16] = {"uint16_t", "f16"},
    [IR_BF16] = {"uint16_t", "bf16"}, [IR_I8] = {"int8_t", "i8"},    [IR_I16] = {"int16_t", "i16"},
    [IR_U8] = {"uint8_t", "u8"},     [IR_U16] = {"uint16_t", "u16"}, [IR_U32] = {"uint32_t", "u32"},
    [IR_U64] = {"uint64_t", "u64"},  [IR_I2] = {"int8_t", "i2"},     [IR_I4] = {"int8_t", "i4"},
    [IR_U2] = {"uint8_t", "u2"},     [IR_U4] = {"uint8_t", "u4"},
#define EC_MINIFLOAT_CTYPE(N, name, s, e, m, b, k, w) [IR_##N] = {"uint8_t", #s},
    AJ_MINIFLOAT_LIST(EC_MINIFLOAT_CTYPE)
#undef EC_MINIFLOAT_CTYPE
};

const char *ec_ctype(ir_dtype t) { return (unsigned)t < IR_DTYPE_COUNT ? c_types[t].ctype : NULL; }

bool ec_is_narrow_float(ir_dtype t) { return t == IR_F16 || t == IR_BF16 || ir_dtype_minifloat(t, NULL); }

bool ec_is_sub_byte(ir_dtype t) { return ir_dtype_is_int(t) && ir_dtype_bits(t) < 8; }

const char *ec_vtype(ir_dtype t) { return ec_is_narrow_float(t) ? "float" : ec_ctype(t); }

bool ec_dtype_ok(ir_dtype t) { return ec_ctype(t) != NULL; }

const char *ec_suffix(ir_dtype t) { return (unsigned)t < IR_DTYPE_COUNT ? c_types[t].suffix : NULL; }

/* Finite floats print in decimal with enough digits to read back exactly
 * (9 for f32, 17 for f64), infinities as gcc's builtin, NaNs from their bits
 * (payload and sign kept) by a prelude helper, which gcc folds. Negative literals are parenthesised
 * so that any operator may precede them. */
static const char *decimal_literal(emit_ctx *cx, double x, int digits, const char *suffix) {
    char num[48];
    snprintf(num, sizeof num, "%.*g", digits, x);
    bool has_point = strpbrk(num, ".e") != NULL;
    return ec_str(cx, signbit(x) ? "(%s%s%s)" : "%s%s%s", num, has_point ? "" : ".0", suffix);
}

static const char *f32_literal(emit_ctx *cx, float x) {
    uint32_t bits;
    memcpy(&bits, &x, 4);
    if (isfinite(x)) return decimal_literal(cx, x, 9, "f");
    if (isinf(x)) return x > 0 ? "__builtin_inff()" : "(-__builtin_inff())";
    return ec_str(cx, "aj_f32_from_bits(0x%08" PRIx32 "u)", bits);
}

/* f16, bf16 and minifloat values live in float locals (ec_vtype): their
 * literal is the f32 of the same value, exact. */
static const char *float_literal(emit_ctx *cx, ir_dtype t, const void *elem) {
    if (t == IR_F32 || ec_is_narrow_float(t)) {
        float x;
        uint16_t half;
        if (t == IR_F32) memcpy(&x, elem, 4);
        else if (t == IR_F16 || t == IR_BF16) memcpy(&half, elem, 2);
        if (t == IR_F16) x = (float)f16_to_double(half);
        if (t == IR_BF16) x = (float)bf16_to_double(half);
        if (ir_dtype_minifloat(t, NULL)) x = (float)ir_minifloat_value(t, *(const unsigned char *)elem);
        return f32_literal(cx, x);
    }
    double x;
    uint64_t bits;
    memcpy(&x, elem, 8);
    memcpy(&bits, elem, 8);
    if (isfinite(x)) return decimal_literal(cx, x, 17, "");
    if (isinf(x)) return x > 0 ? "__builtin_inf()" : "(-__builtin_inf())";
    return ec_str(cx, "aj_f64_from_bits(0x%016" PRIx64 "ull)", bits);
}

const char *ec_literal(emit_ctx *cx, ir_dtype t, const void *elem) {
    switch (t) {
    case IR_F32: case IR_F64: case IR_F16: case IR_BF16: return float_literal(cx, t, elem);
    case IR_I1: return *(const unsigned char *)elem ? "1" : "0";
    case IR_I8: case IR_I16: case IR_U8: case IR_U16:
    case IR_I2: case IR_I4: case IR_U2: case IR_U4: {   /* an int holds them: a plain decimal */
        int64_t x = ir_dtype_is_unsigned(t) ? (int64_t)elem_bits_of(t, elem) : small_signed(t, elem);
        return ec_str(cx, x < 0 ? "(%" PRId64 ")" : "%" PRId64, x);
    }
    case IR_U32: return ec_str(cx, "%" PRIu64 "u", elem_bits_of(t, elem));
    case IR_U64: return ec_str(cx, "UINT64_C(%" PRIu64 ")", elem_bits_of(t, elem));
    case IR_I32: {
        int32_t x;
        memcpy(&x, elem, 4);
        if (x == INT32_MIN) return "INT32_MIN";
        return ec_str(cx, x < 0 ? "(%" PRId32 ")" : "%" PRId32, x);
    }
    case IR_I64: {
        int64_t x;
        memcpy(&x, elem, 8);
        if (x == INT64_MIN) return "INT64_MIN";
        return ec_str(cx, "INT64_C(%" PRId64 ")", x);
    }
    default:
        if (ir_dtype_minifloat(t, NULL)) return float_literal(cx, t, elem);
        ec_fail(cx, DIAG_UNSUPPORTED, "element type %s", ir_dtype_name(t));
        return NULL;
    }
}
