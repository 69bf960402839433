/* report/memory: the memory report of a compiled function, read from its
 * plan (private to the driver; report.h's presentations read only the
 * public curve type). Every figure is exact, not estimated. The report's
 * types live here, below the driver that fills them (compile.h includes
 * this header, never the other way). */
#ifndef REPORT_MEMORY_H
#define REPORT_MEMORY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arrayjit.h"
#include "../ir/ir.h"
#include "../plan/plan.h"
#include "../remat/remat.h"
#include "../util/diag.h"

/* A buffer live at the planned peak. */
typedef struct compile_live_buffer {
    ir_value_id value;
    size_t bytes;
    const ir_op *producer;   /* the kernel that writes it (in the compiled function) */
} compile_live_buffer;

/* A while loop of the compiled function: what it holds while it runs. */
typedef struct compile_loop {
    int step;                    /* its kernel */
    ir_loc loc;                  /* the while's */
    size_t value_bytes;          /* its loop values, in the kernel's results */
    size_t stacked_bytes;        /* of those, the ones its body updates by dynamic_update_slice
                                    (a scan's stacked outputs and residuals) */
    size_t scratch_bytes;        /* the condition's and body's arena, next-state buffers, the
                                    condition's byte (contract.h's control layout) */
    size_t scratch_bound_bytes;  /* the same with each sub-program's live-set bound for its arena */
} compile_loop;

/* The memory an executable needs; every figure is exact, not estimated. */
typedef struct compile_memory {
    size_t argument_bytes;
    size_t output_bytes;
    size_t alias_bytes;        /* outputs held in donated arguments */
    size_t temp_bytes;         /* the arena, exactly what the runtime allocates for it */
    size_t code_bytes;         /* the loaded shared object */
    size_t lower_bound_bytes;  /* live-set lower bound of the chosen schedule */
    size_t fused_away_bytes;   /* intermediates the unfused program would materialise, minus ours */
    size_t peak_bytes;         /* temp + arguments + outputs - aliased */
    int peak_step;             /* kernel index where the arena is fullest */
    int npeak;                 /* buffers live at the peak */
    compile_live_buffer *peak_buffers;
    size_t peak_scratch_bytes; /* the scratch block (plan_scratch.c: control flow, row blocks)
                                  when the peak kernel uses it, else 0 */
    int nloops;
    compile_loop *loops;       /* the body's while kernels, in order */
    double recompute_flops;    /* what remat added to the backward part */
    int nresiduals;            /* residuals of the backward part (remat.h), when remat ran */
    remat_residual *residuals;
    bool *residual_kept;       /* residual_kept[i]: saved; else recomputed */
} compile_memory;

/* The kernels of a compiled function: its body's fusion ops (constants and
 * the return are none), as `mem` reports and check.expect_kernels counts. */
int report_kernel_count(const ir_func *f);

/* A value as the report names it: "%name", or "%v<id>". */
const char *report_value_label(const ir_func *f, ir_value_id v, char *buf, size_t size);
/* The ops a kernel fused, as "exponential+add+..." (stablehlo. dropped). */
void report_kernel_summary(const ir_op *k, char *buf, size_t size);

/* The report as text (warning: the plan's, "" or NULL for none), as one
 * line of JSON, and the residuals with what remat chose (memory_text.c).
 * s: the public figures, eager peak and arena included. */
void report_print_text(FILE *out, const ir_func *f, const compile_memory *m, const aj_memory_stats *s,
                       const char *warning);
void report_print_json(FILE *out, const ir_func *f, const compile_memory *m, const aj_memory_stats *s);
void report_print_residuals(FILE *out, const ir_func *f, const compile_memory *m);

/* The figures as one comment line (for --dump-after measure). */
void report_print(FILE *out, const compile_memory *mem);

/* The peak a plan states: arguments + outputs + temp - aliased. */
size_t report_peak_bytes(const plan *p);

/* Fills *mem from f's plan p: the figures, and the arena buffers live at
 * p's peak step. code_bytes: the loaded shared object; unfused/fused: what
 * fusion measured (fused_away is their difference). DIAG_OK or DIAG_NOMEM. */
int report_measure(const ir_func *f, const plan *p, size_t code_bytes, size_t unfused_bytes, size_t fused_bytes,
                   compile_memory *mem);

/* Fills mem->loops from f's plan p and its control kernels' sub-programs.
 * DIAG_OK or DIAG_NOMEM. */
int report_measure_loops(const ir_func *f, const plan *p, const contract_subprogram *subs, int nsubs,
                         compile_memory *mem);

/* The error when a budget of budget_bytes cannot be met: the smallest peak
 * reached (the plan p), the FLOPs recomputed there, and the largest
 * buffers live at its peak. */
int report_budget_error(const ir_func *f, const plan *p, size_t budget_bytes, double flops, diag *d);
#endif
