/* schedule: an order of a function's kernels that keeps peak live bytes low.
 *
 * Tries several topological orders (the source order, DFS from the results,
 * list scheduling by bytes freed, and an exact search when the graph is
 * small) and keeps the one with the lowest peak, counted with
 * analysis/liveness.h. Check ops keep their relative order.
 *
 * What is minimised: the peak, over the steps of the order, of the bytes of
 * the live temporaries (schedule_is_temporary: values computed in the body
 * that are not function results). Those are what the memory planner puts in
 * the arena; parameters, constants and results live elsewhere, whatever the
 * order. Ties go to the lower peak of all top-level values, then to the
 * earlier strategy in the list above (so the source order wins any tie).
 * Constants are placed right before their first reader (they have no
 * inputs, and that gives them the shortest live range). Where f donates
 * parameters (ir_func.donated), a kernel updating one moves after the
 * parameter's other readers when that costs the arena less than the
 * donation saves (schedule.c, "donated parameters"). */
#ifndef SCHEDULE_H
#define SCHEDULE_H
#include <stdbool.h>
#include <stddef.h>

#include "../contract/contract.h"
#include "../ir/ir.h"

typedef struct schedule_result {
    size_t peak_bytes;      /* live bytes of the chosen order (all top-level values) */
    size_t temp_peak_bytes; /* the same for temporaries only: what the order minimises */
    const char *strategy;   /* which order won: "source", "dfs", "list", "exact" */
} schedule_result;

/* Reorders f->body->ops in place (a topological order; the RETURN stays
 * last). r may be NULL. On failure (DIAG_NOMEM; DIAG_INVALID for a body
 * without a final return) the body is unchanged. */
int schedule_func(ir_func *f, schedule_result *r, diag *d);

/* The strategies, for schedule_func_with. */
enum {
    SCHEDULE_SOURCE = 1,
    SCHEDULE_DFS = 2,
    SCHEDULE_LIST = 4,
    SCHEDULE_EXACT = 8,      /* only run when at most SCHEDULE_EXACT_MAX_OPS ops are ordered */
    SCHEDULE_ALL = 15,
};
#define SCHEDULE_EXACT_MAX_OPS 20   /* ops other than constants and the return */

/* schedule_func restricted to the strategies in the mask (for tests and
 * measurements); with none that runs, the source order is kept. */
int schedule_func_with(ir_func *f, unsigned strategies, schedule_result *r, diag *d);

/* After schedule_func, with the contract k of f's kernels in their current
 * order: moves the other readers of an operand some kernel may write over
 * to before that kernel, where that costs the arena less than the shared
 * buffer saves (schedule.c, "readers before an update"). On failure
 * (DIAG_NOMEM) the body is a valid order still. */
int schedule_readers_before_updates(ir_func *f, const contract *k, diag *d);

/* A value the scheduler counts: the result of a body op other than a
 * constant that the return does not read. (A live_peak include callback;
 * ctx is unused.) */
bool schedule_is_temporary(const ir_func *f, ir_value_id v, void *ctx);
#endif
