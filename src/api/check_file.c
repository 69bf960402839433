/* check_file.c: the conformance runner behind `arrayjit check`.
 *
 * Passing is defined by ../shared/conformance/stablehlo/README.md: each
 * `// -----` chunk's entry function runs with no arguments, and the file
 * passes when every chunk runs to the end and no check fails. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "../eval/eval.h"
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

/* Runs one chunk; returns 1 when it passed, 0 when it filled the verdict,
 * -1 when memory ran out (an error, not a verdict on the file). */
static int run_chunk(const ir_module *m, int index, int nchunks, aj_check_result *r) {
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
    eval_tensor *outs = mem_calloc((size_t)entry->nresults + 1, sizeof *outs);
    eval_checks checks = {0};
    if (!outs) return api_nomem(), -1;
    code = eval_func(m, entry, NULL, 0, outs, NULL, &checks, &d);
    if (!code)
        for (int i = 0; i < entry->nresults; i++) eval_tensor_free(&outs[i]);
    mem_free(outs);
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
    (void)opts;  /* only the evaluator exists so far; compiled runs come with the compiler */
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
    for (int i = 0; i < nmods && passed == 1; i++) passed = run_chunk(mods[i], i, nmods, r);
    front_free_modules(mods, nmods);
    if (passed < 0) return AJ_ERR_NOMEM;
    if (passed) verdict(r, AJ_CHECK_PASS, "%d checks passed", r->nchecks);
    return AJ_OK;
}
