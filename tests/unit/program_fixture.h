/* program_fixture: StableHLO text programs in tests of IR-to-IR stages
 * (fusion, scheduling): parse one, run it and a rewritten copy on the same
 * random inputs, and compare the outputs bit for bit.
 *
 *   ir_module *m = pf_parse(TEXT);            // verified; NULL (a failed check) if not
 *   ir_module *c = ir_module_clone(m);
 *   ... rewrite ir_module_entry(c) ...
 *   pf_expect_same_results(m, c, 3);          // 3 random input sets
 *
 * Header-only, with static functions, so a test file includes what it uses. */
#ifndef PROGRAM_FIXTURE_H
#define PROGRAM_FIXTURE_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "front/front.h"
#include "ir/ir.h"
#include "testing.h"
#include "util/mem.h"

/* Parses text holding one module and verifies it. */
static inline ir_module *pf_parse(const char *text) {
    ir_module **mods = NULL;
    int nmods = 0;
    diag d = {0};
    int rc = front_parse("test.mlir", text, strlen(text), &mods, &nmods, &d);
    if (rc == DIAG_OK && nmods != 1) {
        front_free_modules(mods, nmods);
        rc = diag_set(&d, DIAG_INVALID, "expected one module, got %d", nmods);
    }
    if (rc == DIAG_OK && ir_verify_module(mods[0], &d) != DIAG_OK) {
        front_free_modules(mods, nmods);
        rc = DIAG_INVALID;
    }
    if (rc != DIAG_OK) {
        fprintf(stderr, "pf_parse: %s\n", d.msg);
        testing_failed_checks++;
        return NULL;
    }
    ir_module *m = mods[0];
    mem_free(mods);
    return m;
}

/* xorshift: the same inputs on every run. */
static inline uint64_t pf_random(uint64_t *state) {
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* Fills t's data with values that keep every tier-1 op well away from
 * overflow: floats in [-2, 2), integers in [-8, 8), booleans 0 or 1. */
static inline void pf_fill_random(eval_tensor *t, uint64_t *state) {
    int64_t n = ir_type_numel(&t->type);
    for (int64_t k = 0; k < n; k++) {
        uint64_t r = pf_random(state);
        double u = (double)(r >> 11) / 9007199254740992.0;   /* [0, 1) */
        char *p = (char *)t->data;
        switch (t->type.dtype) {
        case IR_F32: ((float *)p)[k] = (float)(4 * u - 2); break;
        case IR_F64: ((double *)p)[k] = 4 * u - 2; break;
        case IR_I32: ((int32_t *)p)[k] = (int32_t)(r % 16) - 8; break;
        case IR_I64: ((int64_t *)p)[k] = (int64_t)(r % 16) - 8; break;
        default: p[k] = (char)(r & 1); break;
        }
    }
}

typedef struct pf_run {
    int rc;
    int nout;
    eval_tensor out[16];
    eval_stats stats;
    eval_checks checks;
    diag d;
} pf_run;

/* Runs m's entry on inputs (one per parameter). */
static inline void pf_eval(const ir_module *m, const eval_tensor *in, int nin, pf_run *r) {
    const ir_func *f = ir_module_entry(m);
    memset(r, 0, sizeof *r);
    r->nout = f->nresults;
    if (r->nout > 16) {
        r->rc = diag_set(&r->d, DIAG_INVALID, "too many results for the fixture");
        return;
    }
    r->rc = eval_func(m, f, in, nin, r->out, &r->stats, &r->checks, &r->d);
}

static inline void pf_release(pf_run *r) {
    for (int i = 0; r->rc == DIAG_OK && i < r->nout; i++) eval_tensor_free(&r->out[i]);
}

/* Outputs bitwise equal and the same checks passing and failing. */
static inline bool pf_same(const pf_run *a, const pf_run *b, const char *what) {
    if (a->rc != DIAG_OK || b->rc != DIAG_OK) {
        fprintf(stderr, "%s: evaluation failed: %s%s\n", what, a->d.msg, b->d.msg);
        return false;
    }
    if (a->checks.nchecks != b->checks.nchecks || a->checks.nfailed != b->checks.nfailed) {
        fprintf(stderr, "%s: checks %d/%d failed before, %d/%d after\n", what, a->checks.nfailed,
                a->checks.nchecks, b->checks.nfailed, b->checks.nchecks);
        return false;
    }
    for (int i = 0; i < a->nout; i++)
        if (!ir_type_eq(&a->out[i].type, &b->out[i].type) ||
            memcmp(a->out[i].data, b->out[i].data, ir_type_bytes(&a->out[i].type)) != 0) {
            fprintf(stderr, "%s: output %d differs\n", what, i);
            return false;
        }
    return true;
}

/* Random inputs for f's parameters (free with pf_free_inputs). */
static inline eval_tensor *pf_random_inputs(const ir_func *f, uint64_t *state) {
    int n = f->body->nargs;
    eval_tensor *in = calloc((size_t)n + 1, sizeof *in);
    for (int i = 0; i < n; i++) {
        in[i].type = f->values[f->body->args[i]].type;
        in[i].data = malloc(ir_type_bytes(&in[i].type) + 1);
        pf_fill_random(&in[i], state);
    }
    return in;
}

static inline void pf_free_inputs(eval_tensor *in, int n) {
    for (int i = 0; i < n; i++) free(in[i].data);
    free(in);
}

/* Runs both modules' entries on `sets` random input sets; true when every
 * output matches bit for bit (and so do the checks). */
static inline bool pf_same_results(const ir_module *a, const ir_module *b, int sets, const char *what) {
    const ir_func *f = ir_module_entry(a);
    uint64_t state = 0x9E3779B97F4A7C15u;
    bool same = true;
    for (int s = 0; s < sets && same; s++) {
        eval_tensor *in = pf_random_inputs(f, &state);
        pf_run ra, rb;
        pf_eval(a, in, f->body->nargs, &ra);
        pf_eval(b, in, f->body->nargs, &rb);
        same = pf_same(&ra, &rb, what);
        pf_release(&ra);
        pf_release(&rb);
        pf_free_inputs(in, f->body->nargs);
    }
    return same;
}
#endif
