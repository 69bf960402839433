/* report/memory: the memory report of a compiled function, read from its
 * plan (private to the driver; report.h's presentations read only the
 * public curve type). Every figure is exact, not estimated. */
#ifndef REPORT_MEMORY_H
#define REPORT_MEMORY_H
#include <stddef.h>

#include "../compile/compile.h"

/* The peak a plan states: arguments + outputs + temp - aliased. */
size_t report_peak_bytes(const plan *p);

/* Fills *mem from f's plan p: the figures, and the arena buffers live at
 * p's peak step. code_bytes: the loaded shared object; unfused/fused: what
 * fusion measured (fused_away is their difference). DIAG_OK or DIAG_NOMEM. */
int report_measure(const ir_func *f, const plan *p, size_t code_bytes, size_t unfused_bytes, size_t fused_bytes,
                   compile_memory *mem);

/* The error when a budget of budget_bytes cannot be met: the smallest peak
 * reached (the plan p), the FLOPs recomputed there, and the largest
 * buffers live at its peak. */
int report_budget_error(const ir_func *f, const plan *p, size_t budget_bytes, double flops, diag *d);
#endif
