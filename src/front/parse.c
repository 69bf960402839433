/* parse.c: the parser's core (errors, tokens, value names) and the top
 * level: chunks, modules and functions. Ops are in parse_op.c, types in
 * parse_type.c, attributes and literals in parse_attr.c.
 *
 * Grammar handled here:
 *   text     := chunk (`// -----` chunk)*
 *   chunk    := alias* (module | func*) alias*
 *   module   := `module` symbol? (`attributes` dict)? `{` func* `}` loc?
 *   func     := `func.func` visibility? symbol `(` args `)` (`->` results)?
 *               (`attributes` dict)? `{` op* `}` loc?
 *   alias    := hash-id `=` attribute   (skipped: `#loc1 = loc(...)`) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../passes/passes.h"
#include "../util/mem.h"
#include "front_internal.h"

/* ---- errors ------------------------------------------------------------------- */

static int report(parser *p, int code, cursor at, const char *fmt, va_list ap) {
    if (p->status != DIAG_OK) return -1;
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    p->status = diag_set(p->d, code, "%s:%d:%d: %s", p->file, at.line, at.col, msg);
    return -1;
}

int fr_error(parser *p, cursor at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(p, DIAG_INVALID, at, fmt, ap);
    va_end(ap);
    return -1;
}

int fr_unsupported(parser *p, cursor at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(p, DIAG_UNSUPPORTED, at, fmt, ap);
    va_end(ap);
    return -1;
}

int fr_nomem(parser *p) {
    if (p->status != DIAG_OK) return -1;
    p->status = diag_set(p->d, DIAG_NOMEM, "%s:%d:%d: out of memory", p->file, p->tok.at.line, p->tok.at.col);
    return -1;
}

/* Quotes a token for a message: at most 40 bytes, non-printable bytes as '?'. */
static void describe_token(const token *t, char *buf, size_t size) {
    if (t->kind == TK_EOF || t->kind == TK_SPLIT) {
        snprintf(buf, size, "%s", fr_tok_kind_name(t->kind));
        return;
    }
    size_t n = t->len < 40 ? t->len : 40, j = 0;
    buf[j++] = '\'';
    for (size_t i = 0; i < n && j + 5 < size; i++) {
        unsigned char c = (unsigned char)t->s[i];
        buf[j++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    if (n < t->len && j + 5 < size) {
        memcpy(buf + j, "...", 3);
        j += 3;
    }
    buf[j++] = '\'';
    buf[j] = 0;
}

int fr_expected(parser *p, const char *what) {
    if (p->tok.kind == TK_ERROR) return fr_error(p, p->tok.at, "%s", p->tok.err);
    char found[64];
    describe_token(&p->tok, found, sizeof found);
    return fr_error(p, p->tok.at, "expected %s, found %s", what, found);
}

/* ---- skipping --------------------------------------------------------------------- */

static tok_kind closer_of(tok_kind k) {
    switch (k) {
    case TK_LPAREN: return TK_RPAREN;
    case TK_LBRACKET: return TK_RBRACKET;
    case TK_LBRACE: return TK_RBRACE;
    case TK_LESS: return TK_GREATER;
    default: return TK_EOF;
    }
}

static bool is_closer(tok_kind k) { return k == TK_RPAREN || k == TK_RBRACKET || k == TK_RBRACE || k == TK_GREATER; }

/* Skips the current token, or the whole group it opens. The stack of
 * expected closers is bounded by FRONT_MAX_DEPTH. */
int fr_skip_balanced(parser *p) {
    tok_kind stack[FRONT_MAX_DEPTH];
    int depth = 0;
    do {
        tok_kind k = p->tok.kind;
        if (k == TK_EOF || k == TK_SPLIT || k == TK_ERROR) return fr_expected(p, "a closing bracket");
        if (closer_of(k) != TK_EOF) {
            if (depth == FRONT_MAX_DEPTH)
                return fr_error(p, p->tok.at, "brackets nested deeper than %d", FRONT_MAX_DEPTH);
            stack[depth++] = closer_of(k);
        } else if (is_closer(k)) {
            if (depth == 0 || stack[depth - 1] != k)
                return fr_error(p, p->tok.at, "unbalanced %s", fr_tok_kind_name(k));
            depth--;
        }
        next(p);
    } while (depth > 0);
    return 0;
}

int fr_skip_loc(parser *p) {
    if (!at_word(p, "loc")) return 0;
    next(p);
    if (!at(p, TK_LPAREN)) return fr_expected(p, "'(' after 'loc'");
    return fr_skip_balanced(p);
}

/* ---- value names ------------------------------------------------------------------ */

static unsigned hash_name(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h % SYMTAB_BUCKETS;
}

static void symtab_init(symtab *t) {
    t->syms = NULL;
    t->n = t->cap = 0;
    for (int i = 0; i < SYMTAB_BUCKETS; i++) t->heads[i] = -1;
}

static const sym *symtab_find(const symtab *t, const char *name, size_t len) {
    for (int i = t->heads[hash_name(name, len)]; i >= 0; i = t->syms[i].next)
        if (t->syms[i].len == len && memcmp(t->syms[i].name, name, len) == 0) return &t->syms[i];
    return NULL;
}

int fr_scope_mark(const parser *p) { return p->values.n; }

void fr_scope_pop(parser *p, int mark) {
    symtab *t = &p->values;
    while (t->n > mark) {
        sym *s = &t->syms[--t->n];
        t->heads[hash_name(s->name, s->len)] = s->next;
    }
}

/* Splits "%name#N" into the name (without '%') and N (0 when absent). */
static bool split_value_token(const token *t, const char **name, size_t *len, uint64_t *index) {
    const char *hash = memchr(t->s, '#', t->len);
    *name = t->s + 1;
    *len = (hash ? (size_t)(hash - t->s) : t->len) - 1;
    *index = 0;
    if (!hash) return true;
    for (const char *c = hash + 1; c < t->s + t->len; c++) {
        if (*index > (UINT64_MAX - 9) / 10) return false;
        *index = *index * 10 + (uint64_t)(*c - '0');
    }
    return true;
}

int fr_lookup_value(parser *p, const token *t, ir_value_id *out) {
    const char *name;
    size_t len;
    uint64_t index;
    if (!split_value_token(t, &name, &len, &index)) return fr_error(p, t->at, "result number too large");
    const sym *s = symtab_find(&p->values, name, len);
    if (!s) return fr_error(p, t->at, "use of undefined value %%%.*s", shown(len), name);
    if (index >= (uint64_t)s->count)
        return fr_error(p, t->at, "%%%.*s has %d result%s, so #%llu is out of range", shown(len), name, s->count,
                        s->count == 1 ? "" : "s", (unsigned long long)index);
    *out = s->first + (ir_value_id)index;
    return 0;
}

/* The dump name of value k of a pack: "name", or "name#k" for a pack of several. */
static char *pack_member_name(const char *name, size_t len, int count, int k) {
    if (count == 1) return mem_strndup(name, len);
    char suffix[16];
    size_t n = (size_t)snprintf(suffix, sizeof suffix, "#%d", k);
    char *s = mem_alloc(len + n + 1);
    if (s) {
        memcpy(s, name, len);
        memcpy(s + len, suffix, n + 1);
    }
    return s;
}

int fr_bind_values(parser *p, const token *name_tok, ir_value_id first, int count) {
    const char *name = name_tok->s + 1;
    size_t len = name_tok->len - 1;
    if (memchr(name, '#', len)) return fr_error(p, name_tok->at, "a result name cannot carry a '#' number");
    if (symtab_find(&p->values, name, len))
        return fr_error(p, name_tok->at, "redefinition of value %%%.*s", shown(len), name);
    symtab *t = &p->values;
    if (mem_grow((void **)&t->syms, &t->cap, t->n + 1, sizeof(sym))) return fr_nomem(p);
    for (int k = 0; k < count; k++) {
        ir_value *v = &p->fn->values[first + k];
        if (!(v->name = pack_member_name(name, len, count, k))) return fr_nomem(p);
    }
    unsigned h = hash_name(name, len);
    t->syms[t->n] = (sym){name, len, first, count, t->heads[h]};
    t->heads[h] = t->n++;
    return 0;
}

/* ---- functions ---------------------------------------------------------------------- */

static ir_loc loc_of(const parser *p, cursor at) { return (ir_loc){p->mod_file, at.line, at.col}; }

/* Whether a parameter's attributes donate it, as JAX marks donate_argnums:
 * tf.aliasing_output = N (the result it aliases; any result of its size
 * may take the buffer here) or jax.buffer_donor = true. The first 64
 * parameters can be donated (plan_options.donated); later ones are not. */
static int read_donation(parser *p, const attr_list *attrs, int index, ir_func *f) {
    const attr_ref *alias = fr_attr_find(attrs, "tf.aliasing_output"), *donor = fr_attr_find(attrs, "jax.buffer_donor");
    int64_t output = 0;
    bool yes = false;
    if (alias && fr_attr_read_int(p, alias, &output)) return -1;
    if (donor && fr_attr_read_bool(p, donor, &yes)) return -1;
    if ((alias || yes) && index < 64) f->donated |= UINT64_C(1) << index;
    return 0;
}

/* `%name: type {attrs}? loc?` — one parameter, a block argument of the body. */
static int parse_param(parser *p, ir_func *f) {
    token name = p->tok;
    if (expect(p, TK_VALUE, "a parameter name such as %arg0") || expect(p, TK_COLON, "':' after the parameter name"))
        return -1;
    ir_type t;
    int q;
    if (fr_parse_tensor_type_quant(p, &t, &q)) return -1;
    attr_list attrs = {0};
    int rc = fr_parse_optional_attr_dict(p, &attrs) || read_donation(p, &attrs, f->body->nargs, f);
    fr_attr_list_free(&attrs);
    if (rc || fr_skip_loc(p)) return -1;
    return fr_bind_block_arg(p, f->body, &name, &t, q);
}

static int parse_params(parser *p, ir_func *f) {
    if (expect(p, TK_LPAREN, "'(' before the parameter list")) return -1;
    if (accept(p, TK_RPAREN)) return 0;
    do {
        if (parse_param(p, f)) return -1;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RPAREN, "')' after the parameter list");
}

/* `-> type` or `-> (type {attrs}?, ...)`; result attributes are ignored. A
 * quantized result is its storage type. */
static int parse_results(parser *p, typelist *out) {
    if (!accept(p, TK_ARROW)) return 0;
    ir_type t;
    int q;
    if (!accept(p, TK_LPAREN)) return fr_parse_tensor_type_quant(p, &t, &q) || fr_typelist_push(p, out, &t);
    if (accept(p, TK_RPAREN)) return 0;
    do {
        attr_list ignored = {0};
        int rc = fr_parse_tensor_type_quant(p, &t, &q) || fr_typelist_push(p, out, &t) ||
                 fr_parse_optional_attr_dict(p, &ignored);
        fr_attr_list_free(&ignored);
        if (rc) return -1;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RPAREN, "')' after the result types");
}

/* The body: ops until '}', appended to f->body. */
static int parse_body(parser *p, ir_func *f) {
    if (!at(p, TK_LBRACE)) {
        if (at(p, TK_EOF) || at(p, TK_SPLIT) || at_word(p, "func.func") || at(p, TK_RBRACE))
            return fr_unsupported(p, p->tok.at, "unsupported function declaration without a body (@%.*s)",
                                  shown(strlen(f->name)), f->name);
        return fr_expected(p, "'{' before the function body");
    }
    next(p);
    p->block = f->body;
    while (!accept(p, TK_RBRACE)) {
        if (at(p, TK_EOF) || at(p, TK_SPLIT)) return fr_expected(p, "'}' at the end of the function body");
        if (at(p, TK_BLOCK)) return fr_unsupported(p, p->tok.at, "unsupported block labels in a function body");
        if (fr_parse_op(p)) return -1;
    }
    return fr_skip_loc(p);
}

static int parse_func(parser *p) {
    cursor start = p->tok.at;
    next(p); /* func.func */
    bool is_public = true;
    if (accept_word(p, "private") || accept_word(p, "nested"))
        is_public = false;
    else
        accept_word(p, "public");
    token sym_tok = p->tok;
    if (!at(p, TK_SYMBOL)) return fr_expected(p, "a function name such as @main");
    char *name;
    if (fr_symbol_name(p, &sym_tok, &name)) return -1;
    next(p);
    if (ir_module_find(p->mod, name)) {
        int rc = fr_error(p, sym_tok.at, "redefinition of function @%s", name);
        mem_free(name);
        return rc;
    }
    ir_func *f = ir_func_new(p->mod, name);
    mem_free(name);
    if (!f) return fr_nomem(p);
    f->is_public = is_public;
    f->loc = loc_of(p, start);
    p->fn = f;
    symtab_init(&p->values);
    if (p->quant.of_value) memset(p->quant.of_value, 0, (size_t)p->quant.cap_values * sizeof(int));   /* ids restart */

    typelist results = {0};
    int rc = parse_params(p, f) || parse_results(p, &results);
    if (!rc && accept_word(p, "attributes")) {
        attr_list ignored = {0};
        rc = at(p, TK_LBRACE) ? fr_parse_attr_dict(p, &ignored) : fr_expected(p, "'{' after 'attributes'");
        fr_attr_list_free(&ignored);
    }
    if (!rc) rc = parse_body(p, f);
    if (!rc && ir_func_set_results(f, results.n, results.v)) rc = fr_nomem(p);
    fr_typelist_free(&results);
    mem_free(p->values.syms);
    p->fn = NULL;
    p->block = NULL;
    return rc ? -1 : 0;
}

/* ---- modules and chunks --------------------------------------------------------------- */

/* `#name = attribute`: the value runs until the next top-level item. */
static int skip_alias_definition(parser *p) {
    next(p);
    if (expect(p, TK_EQUAL, "'=' after the alias name") || fr_skip_balanced(p)) return -1;
    while (!at(p, TK_EOF) && !at(p, TK_SPLIT) && !at(p, TK_HASH) && !at(p, TK_RBRACE) && !at_word(p, "module") &&
           !at_word(p, "func.func"))
        if (fr_skip_balanced(p)) return -1;
    return 0;
}

static int parse_module_body(parser *p) {
    if (expect(p, TK_LBRACE, "'{' before the module body")) return -1;
    while (!accept(p, TK_RBRACE)) {
        if (at_word(p, "func.func")) {
            if (parse_func(p)) return -1;
        } else if (at_word(p, "module")) {
            return fr_unsupported(p, p->tok.at, "unsupported nested module");
        } else if (at(p, TK_HASH)) {
            if (skip_alias_definition(p)) return -1;
        } else {
            return fr_expected(p, "'func.func' or '}' in the module");
        }
    }
    return fr_skip_loc(p);
}

static int parse_module(parser *p) {
    next(p); /* module */
    if (at(p, TK_SYMBOL)) {
        if (fr_symbol_name(p, &p->tok, &p->mod->name)) return -1;
        next(p);
    }
    if (accept_word(p, "attributes")) {
        attr_list ignored = {0};
        int rc = at(p, TK_LBRACE) ? fr_parse_attr_dict(p, &ignored) : fr_expected(p, "'{' after 'attributes'");
        fr_attr_list_free(&ignored);
        if (rc) return -1;
    }
    return parse_module_body(p);
}

/* One chunk: either one `module { ... }` or top-level functions (which MLIR
 * wraps in an implicit module), with alias definitions anywhere. */
static int parse_chunk(parser *p) {
    bool saw_module = false, saw_func = false;
    while (!at(p, TK_EOF) && !at(p, TK_SPLIT)) {
        if (at(p, TK_HASH)) {
            if (skip_alias_definition(p)) return -1;
        } else if (at(p, TK_BANG)) {
            return fr_unsupported(p, p->tok.at, "unsupported type alias definition");
        } else if (at_word(p, "module")) {
            if (saw_module || saw_func)
                return fr_unsupported(p, p->tok.at, "unsupported module beside other top-level items");
            saw_module = true;
            if (parse_module(p)) return -1;
        } else if (at_word(p, "func.func")) {
            if (saw_module) return fr_unsupported(p, p->tok.at, "unsupported function beside a module at top level");
            saw_func = true;
            if (parse_func(p)) return -1;
        } else {
            return fr_expected(p, "'module' or 'func.func'");
        }
    }
    return 0;
}

void front_free_modules(ir_module **mods, int nmods) {
    for (int i = 0; i < nmods; i++) ir_module_free(mods[i]);
    mem_free(mods);
}

static int append_module(parser *p, ir_module ***mods, int *n, int *cap) {
    if (mem_grow((void **)mods, cap, *n + 1, sizeof(ir_module *))) return fr_nomem(p);
    ir_module *m = ir_module_new();
    if (!m) return fr_nomem(p);
    (*mods)[(*n)++] = m;
    p->mod = m;
    p->mod_file = ir_module_intern(m, p->file);
    return p->mod_file ? 0 : fr_nomem(p);
}

int front_parse(const char *file, const char *text, size_t len, ir_module ***mods, int *nmods, diag *d) {
    parser p = {.file = file ? file : "<input>", .d = d};
    *mods = NULL;
    *nmods = 0;
    if (!text && len) return diag_set(d, DIAG_INVALID, "%s:1:1: no text", p.file);
    fr_lex_init(&p.lx, text ? text : "", len);
    next(&p);
    ir_module **list = NULL;
    int n = 0, cap = 0;
    for (;;) {
        if (append_module(&p, &list, &n, &cap) || parse_chunk(&p)) break;
        if (!accept(&p, TK_SPLIT)) break;
    }
    fr_quant_free(&p);
    for (int i = 0; p.status == DIAG_OK && i < n; i++) p.status = pass_expand_parallel(list[i], d);
    for (int i = 0; p.status == DIAG_OK && i < n; i++) p.status = fr_lower_complex(list[i], d);
    if (p.status != DIAG_OK) {
        front_free_modules(list, n);
        return p.status;
    }
    *mods = list;
    *nmods = n;
    return DIAG_OK;
}
