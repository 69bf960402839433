/* run.c: running a function with the reference evaluator. */
#include <string.h>

#include "api.h"
#include "../eval/eval.h"
#include "../util/mem.h"

aj_status api_check_inputs(const ir_func *f, int nin, aj_array *const *in) {
    if (nin != f->body->nargs)
        return api_fail(AJ_ERR_INVALID, "'%s' takes %d arguments, %d given", f->name,
                        f->body->nargs, nin);
    for (int i = 0; i < nin; i++) {
        const ir_type *want = &f->values[f->body->args[i]].type;
        ir_type got;
        if (!in[i]) return api_fail(AJ_ERR_INVALID, "'%s' argument %d is NULL", f->name, i);
        if (in[i]->donated)
            return api_fail(AJ_ERR_INVALID, "'%s' argument %d was donated to an earlier call and "
                            "may not be used again", f->name, i);
        if (api_type_from(in[i]->dtype, in[i]->rank, in[i]->dims, &got)) return AJ_ERR_INVALID;
        if (!ir_type_eq(want, &got)) {
            char a[128], b[128];
            return api_fail(AJ_ERR_INVALID, "'%s' argument %d: expected %s, got %s", f->name, i,
                            ir_type_str(want, a, sizeof a), ir_type_str(&got, b, sizeof b));
        }
    }
    return AJ_OK;
}

/* Borrows the callers' arrays as evaluator inputs. */
static aj_status borrow_inputs(const ir_func *f, int nin, aj_array *const *in, eval_tensor *ts) {
    aj_status st = api_check_inputs(f, nin, in);
    for (int i = 0; i < nin && !st; i++)
        ts[i] = (eval_tensor){f->values[f->body->args[i]].type, in[i]->data};
    return st;
}

/* Hands the evaluator's output buffers to new arrays (all or none). */
static aj_status adopt_outputs(int n, eval_tensor *ts, aj_array **out) {
    for (int i = 0; i < n; i++) {
        if (api_array_adopt(&ts[i].type, ts[i].data, &out[i]) == AJ_OK) {
            ts[i].data = NULL;
            continue;
        }
        for (int j = 0; j < i; j++) aj_array_destroy(out[j]);
        for (int j = 0; j < n; j++) eval_tensor_free(&ts[j]);
        return api_nomem();
    }
    return AJ_OK;
}

aj_status aj_module_eval(aj_module *m, const char *func, int nin, aj_array *const *in,
                         int nout, aj_array **out, aj_eval_stats *stats) {
    return aj_module_eval_with(m, func, nin, in, nout, out, stats, NULL);
}

aj_status aj_module_eval_with(aj_module *m, const char *func, int nin, aj_array *const *in,
                              int nout, aj_array **out, aj_eval_stats *stats,
                              const aj_eval_options *opts) {
    static const aj_eval_options defaults;
    if (!opts) opts = &defaults;
    ir_func *f = api_find_func(m, func);
    if (!f) return AJ_ERR_INVALID;
    if (nout != f->nresults)
        return api_fail(AJ_ERR_INVALID, "'%s' has %d results, room for %d given", f->name,
                        f->nresults, nout);
    eval_tensor *ins = mem_calloc((size_t)nin + 1, sizeof *ins);
    eval_tensor *outs = mem_calloc((size_t)nout + 1, sizeof *outs);
    aj_status st = ins && outs ? AJ_OK : api_nomem();
    if (!st) st = borrow_inputs(f, nin, in, ins);
    eval_stats es = {0};
    eval_checks checks = {0};
    diag d = {0};
    if (!st && eval_func_timed(m->ir, f, ins, nin, outs, &es, &checks, opts->timeout_seconds, &d))
        st = api_fail_diag(&d);
    if (!st && checks.nfailed) {
        for (int i = 0; i < nout; i++) eval_tensor_free(&outs[i]);
        st = api_fail(AJ_ERR_CHECK_FAILED, "%d of %d checks failed; first: %s", checks.nfailed,
                      checks.nchecks, checks.first_failure);
    }
    if (!st) st = adopt_outputs(nout, outs, out);
    if (!st && stats) *stats = (aj_eval_stats){es.bytes_allocated, es.peak_live_bytes};
    mem_free(ins);
    mem_free(outs);
    return st;
}
