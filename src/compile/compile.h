/* compile: the driver. compile_func clones the function to compile (the
 * caller's module is never changed), runs the passes in order, plans memory,
 * generates code, and measures what the executable will need.
 *
 * The stage table in compile.c is the pipeline; `dump_after` names a stage
 * ("inline", "fold", "simplify", "cse", "remat", "dce", "strip_barriers",
 * "fuse", "schedule": the IR; "regions": the sub-programs' IR; "contract",
 * "plan": as text; "build": the C source; "measure": the figures) after
 * which its result is printed to dump_to, or "all". */
#ifndef COMPILE_H
#define COMPILE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../emit/codegen.h"
#include "../fuse/fuse.h"
#include "../ir/ir.h"
#include "../plan/plan.h"
#include "../remat/remat.h"
#include "../report/memory.h"

typedef struct compile_options {
    codegen_options codegen;
    plan_options plan;
    fuse_options fuse;
    bool no_fold;                     /* skip constant folding (conformance runs: so that the
                                         generated code, not the folder, computes the answers) */
    const codegen_backend *backend;   /* NULL: the C backend */
    size_t memory_budget_bytes;       /* 0: none; else peak_bytes must fit: remat recomputes
                                         residuals of the backward part until it does */
    const char *dump_after;           /* NULL: no dumps */
    FILE *dump_to;                    /* NULL: stderr */
} compile_options;

typedef struct compiled {
    ir_module *module;          /* owns the compiled (fused, scheduled) function */
    ir_func *func;
    plan plan;
    /* The sub-programs of control-flow kernels, children first (codegen.h),
     * with their plans and captures (owned). */
    contract_subprogram *subs;
    int nsubs, cap_subs;
    const codegen_backend *backend;
    codegen_module *code;
    codegen_entry entry;
    int threads;                /* the threads its parallel kernels were made for (codegen.threads) */
    compile_memory memory;
    char warning[256];          /* e.g. an unusable donation; "" if none */
    double compile_seconds;
    bool cache_hit;
} compiled;

/* The memory budget. Remat runs when the function has checkpoint regions
 * or a budget is set. Under a budget the driver measures every keep-set of
 * remat_candidates by running the later passes and the planner on a copy
 * (its true peak_bytes), keeps the Pareto frontier of (peak, recompute
 * FLOPs) and takes the point with the fewest FLOPs whose peak fits; the
 * frontier does not depend on the budget, so a larger budget never costs
 * more FLOPs and a smaller one never gives a larger peak. When no point
 * fits, compile_func fails (DIAG_INVALID) naming the smallest peak reached
 * and the buffers live there. */
void compile_options_default(compile_options *o);
int compile_func(const ir_module *m, const ir_func *f, const compile_options *o,
                 compiled **out, diag *d);
void compiled_free(compiled *c);
/* The C source of c's function as the C backend emits it under o's codegen
 * options (src/aot sets static_entry and no_blas there). info may be NULL. */
int compiled_c_source(const compiled *c, const compile_options *o, char **src, size_t *len, emit_c_info *info,
                      diag *d);
/* The error of a run of c that timed out in while loop `loop` (codegen.h's
 * codegen_run numbering: the index of its condition in c->subs):
 * "file:line:col: stablehlo.while: timed out after N s". Returns DIAG_TIMEOUT. */
int compiled_timeout_error(const compiled *c, int loop, double seconds, diag *d);

#endif
