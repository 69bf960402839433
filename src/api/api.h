/* api: the public C API (include/arrayjit.h) over the internal stages.
 * This private header holds the handle definitions and the error helpers
 * shared by the api/ files. */
#ifndef API_H
#define API_H
#include <stdio.h>

#include "arrayjit.h"
#include "../ir/ir.h"
#include "../util/diag.h"

struct aj_module {
    ir_module *ir;
};

struct aj_array {
    aj_dtype dtype;
    int rank;
    int64_t dims[AJ_MAX_RANK];
    void *data;
    int owns_data;   /* data came from mem_alloc and is freed with the array */
    int donated;     /* gave its buffer to an executable's output; unusable now */
};

/* Records msg as this thread's last error and returns status. */
aj_status api_fail(aj_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
aj_status api_fail_diag(const diag *d);
aj_status api_nomem(void);

/* Checks a (dtype, rank, dims) triple from a caller; fills *t. */
aj_status api_type_from(aj_dtype dtype, int rank, const int64_t *dims, ir_type *t);
ir_func *api_find_func(aj_module *m, const char *name);

/* Checks that xs[0..n) are values of b (what names the caller in the
 * message) and gives b's function. Unlike an op's, this error is not kept
 * for aj_builder_finish: a failed checkpoint call changes nothing. */
aj_status api_builder_values(aj_builder *b, const char *what, int n, const aj_value *xs, ir_func **f);

/* What the cache key must add to the printed module: the checkpoint regions
 * and marks, which the printer does not show. */
void api_checkpoint_key(FILE *out, const ir_module *m);

/* The internal compile options for the public ones. */
struct compile_options;
void api_compile_options(const aj_compile_options *o, struct compile_options *c);

/* Checks the arrays given for f's parameters: count, type, not donated. */
aj_status api_check_inputs(const ir_func *f, int nin, aj_array *const *in);

/* One more reference to e (released with aj_executable_destroy). */
void api_executable_retain(aj_executable *e);
/* Empties every aj_jit's table of signatures (aj_clear_caches). */
void api_jit_clear_all(void);

/* A new array over ir type t taking ownership of data (mem_alloc'ed). */
aj_status api_array_adopt(const ir_type *t, void *data, aj_array **out);
/* aj_array_create without the zeros: for outputs a run writes whole. */
aj_status api_array_create_unfilled(aj_dtype dtype, int rank, const int64_t *dims, aj_array **out);
#endif
