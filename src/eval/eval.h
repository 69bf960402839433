/* eval: the reference evaluator.
 *
 * Runs the IR op by op with plain loops and a fresh buffer per value. It is
 * the oracle for every test and the "eager" baseline for memory: it counts
 * the bytes it allocates for values and the peak bytes live (a value's
 * buffer is freed after its last use; arguments are borrowed and not
 * counted; outputs stay live and are counted).
 *
 * Numerics follow the StableHLO reference interpreter: transcendental ops
 * are computed in double and rounded to the result type; reductions and dot
 * products accumulate in row-major order in the result type. */
#ifndef EVAL_H
#define EVAL_H
#include <stddef.h>

#include "../ir/ir.h"

typedef struct eval_tensor {
    ir_type type;
    void *data;        /* ir_type_bytes(&type) bytes, row-major */
} eval_tensor;

typedef struct eval_stats {
    size_t bytes_allocated;   /* total over the run */
    size_t live_bytes;        /* at the end: the outputs */
    size_t peak_live_bytes;
} eval_stats;

/* Outcome of the check ops executed (a failing check does not stop the
 * run; the first failure's message is kept). */
typedef struct eval_checks {
    int nchecks, nfailed;
    char first_failure[512];
} eval_checks;

/* Runs f (a function of m, verified) on ninputs borrowed inputs whose types
 * must equal f's parameters (else DIAG_INVALID naming the argument). On
 * success outputs[0..f->nresults) hold fresh buffers (mem_alloc; release
 * with eval_tensor_free). stats and checks may be NULL and accumulate
 * (zero them first). On failure no output is returned and nothing leaks. */
int eval_func(const ir_module *m, const ir_func *f,
              const eval_tensor *inputs, int ninputs,
              eval_tensor *outputs,
              eval_stats *stats, eval_checks *checks, diag *d);

void eval_tensor_free(eval_tensor *t);
#endif
