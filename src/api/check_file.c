/* check_file.c: the conformance runner behind `arrayjit check`.
 *
 * Passing is defined by ../shared/conformance/stablehlo/README.md: each
 * `// -----` chunk's entry function runs with no arguments, and the file
 * passes when every chunk runs to the end and no check fails. */
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

/* Compares the extracted check pairs, which follow the entry's own results
 * among the compiled function's outputs. */
static void apply_checks(const ir_func *f, void **outs, ir_op **ops, int n, eval_checks *checks) {
    int base = f->nresults - 2 * n;
    for (int k = 0; k < n; k++) {
        char msg[sizeof checks->first_failure];
        int a = base + 2 * k, b = a + 1;
        checks->nchecks++;
        if (check_compare(ops[k], &f->result_types[a], outs[a], &f->result_types[b], outs[b], msg,
                          sizeof msg))
            continue;
        if (!checks->nfailed++) snprintf(checks->first_failure, sizeof checks->first_failure, "%s", msg);
    }
}

/* Runs a compiled executable's entry once with no arguments. */
static int run_executable(const compiled *c, ir_op **ops, int n, double timeout, eval_checks *checks,
                          diag *d) {
    const ir_func *f = c->func;
    rt_exec *rt = NULL;
    void **outs = mem_calloc((size_t)f->nresults + 1, sizeof *outs);
    int code = outs ? rt_exec_new(c->entry, c->memory.temp_bytes, &rt, d) : diag_nomem(d);
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

/* Compiles the entry with its checks moved out as extra results, runs it
 * and applies the checks to those results. */
static int run_compiled(const ir_module *m, const ir_func *entry, const aj_check_options *opts,
                        eval_checks *checks, diag *d) {
    aj_compile_options strict = {.strict_order = 1, .no_folding = 1};
    compile_options co;
    api_compile_options(opts->compile ? opts->compile : &strict, &co);
    ir_module *clone = ir_module_clone(m);
    if (!clone) return diag_nomem(d);
    ir_func *f = ir_module_find(clone, entry->name);
    ir_op **ops = NULL;
    int n = 0;
    compiled *c = NULL;
    int code = pass_inline_calls(clone, f, d);
    if (!code) code = pass_extract_checks(f, &ops, &n, d);
    if (!code) code = compile_func(clone, f, &co, &c, d);
    if (!code) code = run_executable(c, ops, n, timeout_of(opts), checks, d);
    compiled_free(c);
    for (int k = 0; k < n; k++) ir_op_free(ops[k]);
    mem_free(ops);
    ir_module_free(clone);
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
    ir_func *entry = ir_module_entry(m);
    if (!entry) return verdict(r, AJ_CHECK_FAIL, "%sno main function (and not exactly one)", where), 0;
    if (entry->body->nargs)
        return verdict(r, AJ_CHECK_FAIL, "%sentry '%s' takes arguments", where, entry->name), 0;
    eval_checks checks = {0};
    code = opts->use_eval ? run_evaluated(m, entry, timeout_of(opts), &checks, &d)
                          : run_compiled(m, entry, opts, &checks, &d);
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
    int total_checks = 0;
    for (int i = 0; i < nmods; i++) total_checks += count_checks(mods[i]);
    r->nchunks = nmods;
    if (total_checks == 0) {
        front_free_modules(mods, nmods);
        return verdict(r, AJ_CHECK_SKIP, "no checks");
    }
    int passed = 1;
    for (int i = 0; i < nmods && passed == 1; i++) passed = run_chunk(mods[i], i, nmods, opts, r);
    front_free_modules(mods, nmods);
    if (passed < 0) return AJ_ERR_NOMEM;
    if (passed) verdict(r, AJ_CHECK_PASS, "%d checks passed", r->nchecks);
    return AJ_OK;
}
