/* schedule: an order of a function's kernels that keeps peak live bytes low.
 *
 * Tries several topological orders (the source order, DFS from the results,
 * list scheduling by bytes freed, and an exact search when the graph is
 * small) and keeps the one with the lowest peak, counted with
 * analysis/liveness.h. Check ops keep their relative order. */
#ifndef SCHEDULE_H
#define SCHEDULE_H
#include <stddef.h>

#include "../ir/ir.h"

typedef struct schedule_result {
    size_t peak_bytes;      /* live bytes of the chosen order (all top-level values) */
    const char *strategy;   /* which order won: "source", "dfs", "list", "exact" */
} schedule_result;

/* Reorders f->body->ops in place. */
int schedule_func(ir_func *f, schedule_result *r, diag *d);
#endif
