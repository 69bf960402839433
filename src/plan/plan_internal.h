/* The planner's stages in files of their own, private to src/plan. */
#ifndef PLAN_INTERNAL_H
#define PLAN_INTERNAL_H
#include "plan.h"

/* Chains (plan_chain.c), once every value has its first home: their
 * PLAN_BLOCK values, slots and live ranges (none unless `chains`);
 * allocates p->runs and p->slots. */
int plan_find_chains(const ir_func *f, plan *p, bool chains, diag *d);
/* Whether the kernel at `step` belongs to a chain. */
bool plan_in_chain(const plan *p, int step);
/* The step from which a result of the kernel at `step` is live: its
 * chain's first, else `step`. */
int plan_defining_step(const plan *p, int step);

/* The last stage (plan_scratch.c): row-blocked runs, block-local slots and
 * the one scratch block, on a plan whose buffers all have their place. */
int plan_place_scratch(const ir_func *f, plan *p, diag *d);
#endif
