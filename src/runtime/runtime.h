/* runtime: runs generated code in its arena. Knows no pass: it gets an
 * entry point and the arena size the plan fixed, allocates the arena once
 * (through the allocation interface, exactly arena_bytes) and reuses it on
 * every call, so a call allocates nothing. */
#ifndef RUNTIME_H
#define RUNTIME_H
#include <stddef.h>

#include "../emit/codegen.h"
#include "../util/diag.h"

typedef struct rt_exec rt_exec;

/* threads > 1: the code's parallel kernels split over that many threads
 * (the caller's and the shared pool's, src/runtime/threads.h). */
int rt_exec_new(codegen_entry entry, size_t arena_bytes, int threads, rt_exec **out, diag *d);
void rt_exec_free(rt_exec *e);
/* Runs the code: args and outs are the caller's buffers in the order of the
 * function's parameters and results. Calls from several threads take turns
 * (one arena). timeout_seconds > 0 bounds the time the code's while loops
 * run (the run context of codegen.h, polled about every millisecond of
 * loop iterations): when it passes, every loop stops and the call returns
 * the number of the loop that saw it (codegen_run's loop: an index into
 * the sub-programs), its outputs unspecified; otherwise, and always with
 * timeout_seconds <= 0 (no limit, no polling), -1. */
int rt_exec_run(rt_exec *e, void *const *args, void *const *outs, double timeout_seconds);
/* Bytes really allocated for the arena (equals the plan's arena size). */
size_t rt_exec_arena_bytes(const rt_exec *e);
#endif
