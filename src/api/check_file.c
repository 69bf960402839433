/* check_file.c: the conformance runner behind `arrayjit check`.
 *
 * Passing is defined by ../shared/conformance/stablehlo/README.md: each
 * `// -----` chunk's entry function runs with no arguments, and the file
 * passes when every chunk runs to the end and no check fails.
 *
 * Compile-result checks (check.expect_memory, check.expect_kernels: an
 * ir_expect on a function) are ours: each function carrying them is
 * compiled on its own, with the checks' compile options, and its figures
 * compared; it may take arguments, as it is compiled, not run. Under
 * --eval there is nothing compiled to compare: they are not run, not
 * counted, and a file with no other check is skipped. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "../check/check.h"
#include "../compile/compile.h"
#include "../eval/eval.h"
#include "../passes/passes.h"
#include "../runtime/runtime.h"
#include "../front/front.h"
#include "../util/file.h"
#include "../util/mem.h"

static aj_status verdict(aj_check_result *r, aj_check_outcome outcome, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static aj_status verdict(aj_check_result *r, aj_check_outcome outcome, const char *fmt, ...) {
    r->outcome = outcome;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    return AJ_OK;
}

/* A RUN-DISABLED line marks a file upstream does not run. */
static int run_disabled(const char *text) {
    for (const char *p = strstr(text, "RUN-DISABLED"); p; p = strstr(p + 1, "RUN-DISABLED")) {
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        if (strncmp(line, "//", 2) == 0) return 1;
    }
    return 0;
}

static int count_checks_in_block(const ir_block *b) {
    int n = 0;
    for (int i = 0; i < b->nops; i++) {
        n += ir_op_kind_of(b->ops[i]->code) == IR_KIND_CHECK;
        for (int r = 0; r < b->ops[i]->nregions; r++) n += count_checks_in_block(b->ops[i]->regions[r]);
    }
    return n;
}

static int count_checks(const ir_module *m) {
    int n = 0;
    for (int i = 0; i < m->nfuncs; i++) n += count_checks_in_block(m->funcs[i]->body);
    return n;
}

static int count_expects(const ir_module *m) {
    int n = 0;
    for (int i = 0; i < m->nfuncs; i++) n += m->funcs[i]->nexpects;
    return n;
}

/* A chunk's time limit: the check's own, else its compile options'. */
static double timeout_of(const aj_check_options *opts) {
    if (opts->timeout_seconds > 0) return opts->timeout_seconds;
    return opts->compile ? opts->compile->timeout_seconds : 0;
}

/* Runs the entry with the reference evaluator; checks run as ops. */
static int run_evaluated(const ir_module *m, const ir_func *entry, double timeout, eval_checks *checks,
                         diag *d) {
    eval_tensor *outs = mem_calloc((size_t)entry->nresults + 1, sizeof *outs);
    if (!outs) return diag_nomem(d);
    int code = eval_func_timed(m, entry, NULL, 0, outs, NULL, checks, timeout, d);
    if (!code)
        for (int i = 0; i < entry->nresults; i++) eval_tensor_free(&outs[i]);
    mem_free(outs);
    return code;
}

static void note_failure(eval_checks *checks, const char *msg) {
    if (!checks->nfailed++) snprintf(checks->first_failure, sizeof checks->first_failure, "%s", msg);
}

/* Compares the extracted check pairs, which follow the entry's own results
 * among the compiled function's outputs. */
static void apply_checks(const ir_func *f, void **outs, ir_op **ops, int n, eval_checks *checks) {
    int base = f->nresults - 2 * n;
    for (int k = 0; k < n; k++) {
        char msg[sizeof checks->first_failure];
        int a = base + 2 * k, b = a + 1;
        checks->nchecks++;
        if (!check_compare(ops[k], &f->result_types[a], outs[a], &f->result_types[b], outs[b], msg, sizeof msg))
            note_failure(checks, msg);
    }
}

/* Runs a compiled executable's entry once with no arguments. */
static int run_executable(const compiled *c, ir_op **ops, int n, double timeout, eval_checks *checks,
                          diag *d) {
    const ir_func *f = c->func;
    rt_exec *rt = NULL;
    void **outs = mem_calloc((size_t)f->nresults + 1, sizeof *outs);
    int code = outs ? rt_exec_new(c->entry, c->memory.temp_bytes, c->threads, &rt, d) : diag_nomem(d);
    for (int j = 0; j < f->nresults && !code; j++)
        if (!(outs[j] = mem_alloc(ir_type_bytes(&f->result_types[j])))) code = diag_nomem(d);
    int loop = code ? -1 : rt_exec_run(rt, NULL, outs, timeout);
    if (loop >= 0) code = compiled_timeout_error(c, loop, timeout, d);
    else if (!code) apply_checks(f, outs, ops, n, checks);
    for (int j = 0; outs && j < f->nresults; j++) mem_free(outs[j]);
    mem_free(outs);
    rt_exec_free(rt);
    return code;
}

/* The checks' compile options: the caller's, else strict order without
 * folding. */
static void check_compile_options(const aj_check_options *opts, compile_options *co) {
    static const aj_compile_options strict = {.strict_order = 1, .no_folding = 1};
    api_compile_options(opts->compile ? opts->compile : &strict, co);
}

/* A function compiled for checking: a clone of its module with calls
 * inlined and (when asked) its value checks moved out as extra results. */
typedef struct check_build {
    ir_module *clone;
    compiled *c;
    ir_op **checks;   /* the extracted check ops, in order */
    int nchecks;
} check_build;

static void check_build_free(check_build *b) {
    compiled_free(b->c);
    for (int k = 0; k < b->nchecks; k++) ir_op_free(b->checks[k]);
    mem_free(b->checks);
    ir_module_free(b->clone);
    *b = (check_build){0};
}

static int check_build_compile(check_build *b, const ir_module *m, const ir_func *f, const aj_check_options *opts,
                               bool extract_checks, diag *d) {
    *b = (check_build){0};
    compile_options co;
    check_compile_options(opts, &co);
    if (!(b->clone = ir_module_clone(m))) return diag_nomem(d);
    ir_func *g = ir_module_find(b->clone, f->name);
    int code = pass_inline_calls(b->clone, g, d);
    if (!code && extract_checks) code = pass_extract_checks(g, &b->checks, &b->nchecks, d);
    if (!code) code = compile_func(b->clone, g, &co, &b->c, d);
    return code;
}

/* Compiles the entry with its checks moved out as extra results, runs it
 * and applies the checks to those results. */
static int run_compiled(const ir_module *m, const ir_func *entry, const aj_check_options *opts,
                        eval_checks *checks, diag *d) {
    check_build b;
    int code = check_build_compile(&b, m, entry, opts, true, d);
    if (!code) code = run_executable(b.c, b.checks, b.nchecks, timeout_of(opts), checks, d);
    check_build_free(&b);
    return code;
}

static uint64_t figure_of(const compiled *c, ir_figure fig) {
    const compile_memory *m = &c->memory;
    switch (fig) {
    case IR_FIGURE_TEMP: return m->temp_bytes;
    case IR_FIGURE_PEAK: return m->peak_bytes;
    case IR_FIGURE_ARGUMENT: return m->argument_bytes;
    case IR_FIGURE_OUTPUT: return m->output_bytes;
    case IR_FIGURE_ALIAS: return m->alias_bytes;
    case IR_FIGURE_LOWER_BOUND: return m->lower_bound_bytes;
    case IR_FIGURE_FUSED_AWAY: return m->fused_away_bytes;
    case IR_FIGURE_KERNELS: return (uint64_t)report_kernel_count(c->func);
    case IR_NFIGURES: break;
    }
    return 0;   /* not reached: the parser makes no other figure */
}

static const char *expect_op_name(const ir_expect *e) {
    return e->figure == IR_FIGURE_KERNELS ? "check.expect_kernels" : "check.expect_memory";
}

/* Compares c's figures with f's expectations, one check each. */
static void compare_figures(const ir_func *f, const compiled *c, eval_checks *checks) {
    for (int i = 0; i < f->nexpects; i++) {
        const ir_expect *e = &f->expects[i];
        uint64_t found = figure_of(c, e->figure);
        checks->nchecks++;
        if (found == e->value) continue;
        char msg[sizeof checks->first_failure];
        snprintf(msg, sizeof msg, "%s:%d:%d: %s: @%s compiles to %s = %llu, expected %llu", e->loc.file, e->loc.line,
                 e->loc.col, expect_op_name(e), f->name, ir_figure_name(e->figure), (unsigned long long)found,
                 (unsigned long long)e->value);
        note_failure(checks, msg);
    }
}

/* A function with both kinds of check, or NULL. Value checks become extra
 * outputs of the function they are in and would change its figures, so a
 * file mixing them in one function is wrong whether or not it compiles. */
static const ir_func *mixed_checks(const ir_module *m) {
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->nexpects && count_checks_in_block(m->funcs[i]->body)) return m->funcs[i];
    return NULL;
}

/* Compiles f on its own (calls inlined) and compares its figures. */
static int check_compile_results(const ir_module *m, const ir_func *f, const aj_check_options *opts,
                                 eval_checks *checks, diag *d) {
    check_build b;
    int code = check_build_compile(&b, m, f, opts, false, d);
    if (!code) compare_figures(f, b.c, checks);
    check_build_free(&b);
    return code;
}

/* Runs the entry's value checks, then (compiling only) each function's
 * compile-result checks. */
static int run_checks(const ir_module *m, const ir_func *entry, const aj_check_options *opts,
                      eval_checks *checks, diag *d) {
    int code = DIAG_OK;
    if (count_checks(m))
        code = opts->use_eval ? run_evaluated(m, entry, timeout_of(opts), checks, d)
                              : run_compiled(m, entry, opts, checks, d);
    for (int i = 0; !code && !opts->use_eval && i < m->nfuncs; i++)
        if (m->funcs[i]->nexpects) code = check_compile_results(m, m->funcs[i], opts, checks, d);
    return code;
}

/* Runs one chunk; returns 1 when it passed, 0 when it filled the verdict,
 * -1 when memory ran out (an error, not a verdict on the file). */
static int run_chunk(const ir_module *m, int index, int nchunks, const aj_check_options *opts,
                     aj_check_result *r) {
    char where[32] = "";
    if (nchunks > 1) snprintf(where, sizeof where, "chunk %d: ", index + 1);
    diag d = {0};
    int code = ir_verify_module(m, &d);
    if (code == DIAG_NOMEM) return api_fail_diag(&d), -1;
    if (code == DIAG_UNSUPPORTED) return verdict(r, AJ_CHECK_SKIP, "%s%s", where, d.msg), 0;
    if (code) return verdict(r, AJ_CHECK_FAIL, "%s%s", where, d.msg), 0;
    const ir_func *mixed = mixed_checks(m);
    if (mixed) {
        const ir_expect *e = &mixed->expects[0];
        return verdict(r, AJ_CHECK_FAIL, "%s%s:%d:%d: %s: @%s also has value checks, which would change what is "
                       "compiled; check its values from a caller", where, e->loc.file, e->loc.line, e->loc.col,
                       expect_op_name(e), mixed->name), 0;
    }
    ir_func *entry = ir_module_entry(m);
    bool runs = count_checks(m) > 0;   /* else only compile-result checks: nothing runs */
    if (runs && !entry) return verdict(r, AJ_CHECK_FAIL, "%sno main function (and not exactly one)", where), 0;
    if (runs && entry->body->nargs)
        return verdict(r, AJ_CHECK_FAIL, "%sentry '%s' takes arguments", where, entry->name), 0;
    eval_checks checks = {0};
    code = run_checks(m, entry, opts, &checks, &d);
    r->nchecks += checks.nchecks;
    if (code == DIAG_NOMEM) return api_fail_diag(&d), -1;
    if (code == DIAG_UNSUPPORTED) return verdict(r, AJ_CHECK_SKIP, "%s%s", where, d.msg), 0;
    if (code) return verdict(r, AJ_CHECK_FAIL, "%s%s", where, d.msg), 0;
    if (checks.nfailed)
        return verdict(r, AJ_CHECK_FAIL, "%s%d of %d checks failed; first: %s", where,
                       checks.nfailed, checks.nchecks, checks.first_failure), 0;
    return 1;
}

aj_status aj_check_file(const char *path, const aj_check_options *opts, aj_check_result *r) {
    static const aj_check_options defaults;
    if (!opts) opts = &defaults;
    memset(r, 0, sizeof *r);
    char *text;
    size_t len;
    diag d = {0};
    if (file_read_all(path, &text, &len, &d)) return api_fail_diag(&d);
    if (run_disabled(text)) {
        mem_free(text);
        return verdict(r, AJ_CHECK_SKIP, "RUN-DISABLED");
    }
    ir_module **mods;
    int nmods;
    int code = front_parse(path, text, len, &mods, &nmods, &d);
    mem_free(text);
    if (code == DIAG_NOMEM) return api_fail_diag(&d);
    if (code == DIAG_UNSUPPORTED) return verdict(r, AJ_CHECK_SKIP, "%s", d.msg);
    if (code) return verdict(r, AJ_CHECK_FAIL, "%s", d.msg);
    int value_checks = 0, compile_checks = 0;
    for (int i = 0; i < nmods; i++) value_checks += count_checks(mods[i]), compile_checks += count_expects(mods[i]);
    r->nchunks = nmods;
    const char *no_checks = value_checks || (compile_checks && !opts->use_eval) ? NULL
                            : compile_checks ? "only compile-result checks, which --eval does not run"
                                             : "no checks";
    if (no_checks) {
        front_free_modules(mods, nmods);
        return verdict(r, AJ_CHECK_SKIP, "%s", no_checks);
    }
    int passed = 1;
    for (int i = 0; i < nmods && passed == 1; i++) passed = run_chunk(mods[i], i, nmods, opts, r);
    front_free_modules(mods, nmods);
    if (passed < 0) return AJ_ERR_NOMEM;
    if (passed && opts->use_eval && compile_checks)
        verdict(r, AJ_CHECK_PASS, "%d checks passed (%d compile-result checks not run by --eval)", r->nchecks,
                compile_checks);
    else if (passed)
        verdict(r, AJ_CHECK_PASS, "%d checks passed", r->nchecks);
    return AJ_OK;
}
