/* liveness: when each top-level value of a function is alive, for an order
 * of its body's ops. Shared by the scheduler (to score orders) and the
 * memory planner (to place buffers), so both count bytes the same way.
 *
 * Steps are op positions in the body block. A value defined at step s and
 * last read at step u occupies memory during steps [s, u] (it is written at
 * s while its operands are still live, so an op's inputs and outputs are
 * live together unless the planner writes in place). Parameters are live
 * from step -1, function results until the return (step nops - 1). */
#ifndef LIVENESS_H
#define LIVENESS_H
#include <stddef.h>

#include "../ir/ir.h"

typedef struct live_range {
    int def;        /* step that writes it; -1 for a parameter */
    int last_use;   /* last step that reads it (uses in regions count at the enclosing op);
                       body->nops - 1 (the return) for results; def when never read */
    size_t bytes;
} live_range;

/* ranges[v] for every value id v of f; values not at top level (inside
 * regions) get bytes 0 and def = last_use = -2. Caller mem_frees. */
live_range *live_ranges(const ir_func *f);

/* Peak over steps of the bytes of values live at that step, counting only
 * values for which include(v) is true (NULL: all). *peak_step gets the
 * step (may be NULL). */
size_t live_peak(const ir_func *f, const live_range *ranges,
                 bool (*include)(const ir_func *f, ir_value_id v, void *ctx), void *ctx,
                 int *peak_step);
#endif
