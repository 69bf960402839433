/* regions: the sub-programs of control-flow kernels, private to the driver
 * (regions.c says what it owns). The driver hands in its passes; this file
 * knows no pass of its own. */
#ifndef COMPILE_REGIONS_H
#define COMPILE_REGIONS_H
#include <stdbool.h>

#include "compile.h"

/* The driver's passes on a function outlined into m (a fresh pass state
 * per call). */
typedef int (*regions_passes_fn)(ir_module *m, ir_func *f, const compile_options *o, diag *d);

/* Compiles every region of f's control-flow kernels into c->subs, children
 * first, each run through `passes`, given its contract and planned. */
int regions_compile(compiled *c, ir_func *f, const compile_options *o, regions_passes_fn passes, diag *d);

/* The codegen options of o with the sub-programs compiled so far. */
codegen_options regions_codegen_options(const compiled *c, const compile_options *o);

/* Frees c's sub-programs, their plans and captures. */
void regions_free(compiled *c);
#endif
