/* eval: the reference evaluator.
 *
 * Runs the IR op by op with plain loops and a fresh buffer per value. It is
 * the oracle for every test and the "eager" baseline for memory: it counts
 * the bytes it allocates for values and the peak bytes live (a value's
 * buffer is freed after its last use; arguments are borrowed and not
 * counted; outputs stay live and are counted). Details:
 *  - a use inside a region (reduce's reducer) counts as a use at the op
 *    that owns the region; a value nothing reads is freed as soon as it is
 *    made;
 *  - an output that is an argument, or a value returned a second time, is
 *    copied, and the copy is counted;
 *  - the scalars a reducer region computes per element are scratch, not
 *    value buffers, and are not counted (so the fast path for one-op
 *    reducers and the general path report the same numbers);
 *  - a callee's buffers count like the caller's (one live total per run);
 *  - a fusion (arrayjit.fusion) runs its region like a function body on
 *    its operands; its results are counted like any op's, the values
 *    inside its region are scratch and not counted (a kernel never
 *    materialises them), so the stats of a fused function are what its
 *    kernels write to memory.
 *
 * Numerics follow the StableHLO reference interpreter: transcendental ops
 * are computed in double and rounded to the result type; reductions and dot
 * products accumulate in row-major order in the result type. Where
 * StableHLO leaves a value to the implementation, XLA's choice is taken:
 * integer x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
 * Float-to-integer convert truncates and saturates, NaN gives 0 (the
 * reference's APFloat rule). */
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
 * must equal f's parameters (else DIAG_INVALID naming the argument, counted
 * from 0 like %arg0: "argument 1: expected tensor<2x3xf32>, got
 * tensor<3xf32>"); the data of an input without elements may be NULL. On
 * success outputs[0..f->nresults) hold fresh buffers (mem_alloc; release
 * with eval_tensor_free). stats and checks may be NULL and accumulate
 * (zero them first): bytes_allocated and live_bytes add up, and the peak
 * is the larger of the old peak and the old live_bytes (earlier outputs
 * still held) plus this run's peak. On failure no output is returned,
 * stats and checks are left as they were, and nothing leaks: DIAG_INVALID
 * (malformed input the verifier would reject, an unknown callee, calls
 * nested deeper than 100), DIAG_UNSUPPORTED (an element type outside tier
 * 1), DIAG_NOMEM. A failing check op is not a failure of the run. */
int eval_func(const ir_module *m, const ir_func *f,
              const eval_tensor *inputs, int ninputs,
              eval_tensor *outputs,
              eval_stats *stats, eval_checks *checks, diag *d);
/* eval_func with a time limit: timeout_seconds > 0 makes a while loop
 * that is still iterating that long after the call began fail the run with
 * DIAG_TIMEOUT ("file:line:col: stablehlo.while: timed out after N s"; the
 * clock is read once per iteration of every loop, so an inner loop is the
 * one named); <= 0: no limit. */
int eval_func_timed(const ir_module *m, const ir_func *f,
                    const eval_tensor *inputs, int ninputs,
                    eval_tensor *outputs,
                    eval_stats *stats, eval_checks *checks, double timeout_seconds, diag *d);

/* The stats eval_func would report for f, without computing anything: the
 * same walk allocates and frees every buffer (untouched) but runs no op
 * (calls are entered). For the "eager peak" of programs too big to evaluate
 * quickly. Inputs are not needed: the peak depends on shapes only. */
int eval_measure_peak(const ir_module *m, const ir_func *f, eval_stats *stats, diag *d);

/* One step of the eager memory curve: an op as it runs (its results made,
 * its dying operands not yet freed) and the bytes eval_measure_peak counts
 * as live then. */
typedef struct eval_step {
    const ir_op *op;
    size_t live_bytes;
} eval_step;

/* The eager memory curve of f: every op executed, in order, including the
 * ops of the functions it calls (a call's own step comes after its callee's
 * steps); *steps is mem_alloc'ed (the caller frees it). Its largest
 * live_bytes is eval_measure_peak's peak_live_bytes. */
int eval_measure_curve(const ir_module *m, const ir_func *f, eval_step **steps, int *nsteps, diag *d);

void eval_tensor_free(eval_tensor *t);
#endif
