/* parse_expect.c: the compile-result checks, which state what compiling
 * the function they are in must produce:
 *
 *     check.expect_memory {temp = 4096, peak = 12288}
 *     check.expect_kernels 3
 *     stablehlo.custom_call @check.expect_memory() {temp = 4096} : () -> ()
 *     stablehlo.custom_call @check.expect_kernels() {kernels = 3} : () -> ()
 *
 * The figures are those of ir_figure. Each becomes an ir_expect on the
 * function, located at the statement; no op is made, so no pass, the
 * evaluator or the compiler ever sees one. */
#include "front_internal.h"

static const char *const memory_op = "check.expect_memory";
static const char *const kernels_op = "check.expect_kernels";

/* The token is the op name `name`, or the symbol @name. */
static bool tok_names(const token *t, const char *name) {
    if (t->kind == TK_IDENT) return tok_is(t, name);
    return t->kind == TK_SYMBOL && t->len == strlen(name) + 1 && memcmp(t->s + 1, name, t->len - 1) == 0;
}

static bool names_compile_check(const token *t) { return tok_names(t, memory_op) || tok_names(t, kernels_op); }

bool fr_at_compile_check(parser *p) {
    if (names_compile_check(&p->tok)) return true;
    if (!at_word(p, "stablehlo.custom_call")) return false;
    pstate saved = fr_save(p);
    next(p);
    bool yes = at(p, TK_SYMBOL) && names_compile_check(&p->tok);
    fr_restore(p, &saved);
    return yes;
}

static int add_figure(parser *p, ir_figure figure, uint64_t value, cursor at) {
    for (int i = 0; i < p->fn->nexpects; i++)
        if (p->fn->expects[i].figure == figure && p->fn->expects[i].loc.line == at.line &&
            p->fn->expects[i].loc.col == at.col)
            return fr_error(p, at, "%s given twice", ir_figure_name(figure));
    ir_expect e = {figure, value, {p->mod_file, at.line, at.col}};
    return ir_func_add_expect(p->fn, &e) ? fr_nomem(p) : 0;
}

/* `{name = N, ...}`: figures of the memory analysis, or (kernels) the one
 * `kernels`; at least one. */
static int parse_figures(parser *p, bool kernels, cursor op_at) {
    const char *op = kernels ? kernels_op : memory_op;
    if (!at(p, TK_LBRACE)) return fr_expected(p, "'{' and the figures to check");
    attr_list attrs = {0};
    int rc = fr_parse_attr_dict(p, &attrs);
    if (!rc && attrs.n == 0) rc = fr_error(p, op_at, "%s names no figure", op);
    for (int i = 0; !rc && i < attrs.n; i++) {
        const attr_ref *a = &attrs.v[i];
        ir_figure f;
        uint64_t value;
        if (!ir_figure_from_name(a->name.s, a->name.len, &f) || (f == IR_FIGURE_KERNELS) != kernels)
            rc = fr_error(p, a->name.at, "%s has no figure '%.*s' (%s)", op, shown(a->name.len), a->name.s,
                          kernels ? "kernels"
                                  : "temp, peak, argument, output, alias, lower_bound, fused_away");
        else if (!a->has_value)
            rc = fr_error(p, a->name.at, "%s: '%s' needs a value", op, ir_figure_name(f));
        else
            rc = fr_attr_read_uint(p, a, &value) || add_figure(p, f, value, op_at);
    }
    fr_attr_list_free(&attrs);
    return rc;
}

/* After the target: `() attr-dict : () -> ()`. */
static int parse_custom_call_form(parser *p, bool kernels, cursor op_at) {
    if (expect(p, TK_LPAREN, "'(' before the operands") ||
        expect(p, TK_RPAREN, "')': a compile-result check takes no operands") || parse_figures(p, kernels, op_at))
        return -1;
    typelist ins = {0}, outs = {0};
    cursor type_at = p->tok.at;
    int rc = expect(p, TK_COLON, "':' before the op's type") || fr_parse_function_type(p, &ins, &outs);
    if (!rc && (ins.n || outs.n)) rc = fr_error(p, type_at, "a compile-result check has the type () -> ()");
    fr_typelist_free(&ins);
    fr_typelist_free(&outs);
    return rc;
}

int fr_parse_compile_check(parser *p) {
    cursor op_at = p->tok.at;
    bool custom_call = at_word(p, "stablehlo.custom_call");
    if (custom_call) next(p);
    bool kernels = tok_names(&p->tok, kernels_op);
    const char *op = kernels ? kernels_op : memory_op;
    if (p->block != p->fn->body) return fr_error(p, op_at, "%s inside a region: it belongs in a function's body", op);
    next(p);
    int rc;
    if (custom_call) {
        rc = parse_custom_call_form(p, kernels, op_at);
    } else if (kernels) {
        uint64_t n;
        rc = fr_parse_uint64(p, &n, "the number of kernels") || add_figure(p, IR_FIGURE_KERNELS, n, op_at);
    } else {
        rc = parse_figures(p, false, op_at);
    }
    return rc || fr_skip_loc(p);
}
