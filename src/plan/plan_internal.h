/* The planner's stages in files of their own, private to src/plan. */
#ifndef PLAN_INTERNAL_H
#define PLAN_INTERNAL_H
#include "plan.h"

/* The last stage (plan_scratch.c): row-blocked runs, block-local slots and
 * the one scratch block, on a plan whose buffers all have their place. */
int plan_place_scratch(const ir_func *f, plan *p, diag *d);
#endif
