/* codegen: turns a planned function into native code.
 *
 * A backend sits behind this interface so that an in-process one (LLVM ORC)
 * can be added without touching the passes. The C backend (emit/emit_c.c
 * writes C source, build/build_cc.c compiles it with the system compiler
 * into a shared object, through the disk cache, and dlopens it) is the one
 * there is today.
 *
 * The code exposes one entry that runs every kernel of the body in order:
 *   void entry(char *arena, void *const *args, void *const *outs, codegen_run *run);
 * Buffers are where the plan says; the entry allocates nothing. */
#ifndef CODEGEN_H
#define CODEGEN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"
#include "../plan/plan.h"

/* The run context a call passes down to every while loop and parallel
 * kernel of the code (so the code stays reentrant, with no writable
 * globals). NULL: no limit, one thread.
 * Before each iteration's body a loop does
 *     if (run && --run->countdown <= 0 && run->poll(run, loop)) break;
 * where loop is the loop's number (the index of its condition's
 * sub-program in codegen_options.subs). poll reads the clock, sets the next
 * countdown, and returns nonzero once the deadline has passed; from then on
 * it keeps returning nonzero (and the countdown stays <= 0), so every
 * enclosing and later loop stops at its next check too. The loops
 * stopped leave their results unspecified; the entry still returns
 * normally (the straight-line kernels after a loop run once on what it
 * left), and the caller learns from its own poll that the run timed out.
 * emit_prelude.c declares the same layout as the generated code's aj_run. */
typedef struct codegen_run codegen_run;
/* A parallel kernel's share: rows (or panels) [lo, hi) of it, its buffers
 * in ptrs (the kernel's pointer arguments in order). */
typedef void (*codegen_task)(void *const *ptrs, int64_t lo, int64_t hi);
/* parallel: runs task(ptrs, lo, hi) over [0, n) in chunks of `chunk` on
 * the run's threads and returns when all are done (src/runtime/threads.h);
 * NULL, or run NULL: the code calls task(ptrs, 0, n) itself. */
struct codegen_run {
    int64_t countdown;
    int (*poll)(codegen_run *run, int loop);
    void (*parallel)(codegen_run *run, codegen_task task, void *const *ptrs, int64_t n, int64_t chunk);
};

typedef void (*codegen_entry)(char *arena, void *const *args, void *const *outs, codegen_run *run);

typedef struct codegen_options {
    const char *cc;          /* compiler command; NULL: "gcc" */
    const char *cflags;      /* NULL: "-O3 -march=native" */
    bool strict_order;       /* reductions and dots accumulate in the evaluator's order, and
                                math functions are computed as the evaluator does (libm in
                                double): results match the evaluator bit for bit. Off: reductions
                                may be reassociated and vectorised, math uses fast vectorisable
                                approximations (exp, log, tanh <= 2 ULP; erfc <= 8). */
    int threads;             /* threads the code's big kernels split over (codegen_run.parallel);
                                <= 1: none */
    bool disk_cache;         /* look up / store built objects in cache_dir */
    const char *cache_dir;   /* NULL: $XDG_CACHE_HOME/arrayjit or ~/.cache/arrayjit */
    bool no_blas;            /* dot kernels as plain loops, never BLIS (the backend sets it
                                where libblis.so.4 cannot be loaded) */
    bool blas_for_small_dots;  /* products under emit_dot.c's SMALL_GEMM_MACS call BLIS
                                too, as bigger ones do (tests of BLIS's layouts) */
    const contract_subprogram *subs;  /* every sub-program, children before parents */
    int nsubs;
    bool static_entry;       /* the entry is static too (a file that wraps it: src/aot) */
} codegen_options;

typedef struct codegen_module codegen_module;

typedef struct codegen_backend {
    const char *name;
    int (*build)(const ir_func *f, const plan *p, const codegen_options *o,
                 codegen_module **out, diag *d);
    codegen_entry (*entry)(const codegen_module *m);
    size_t (*code_bytes)(const codegen_module *m);   /* size of the loaded code */
    bool (*cache_hit)(const codegen_module *m);      /* came from the disk cache */
    void (*release)(codegen_module *m);
} codegen_backend;

extern const codegen_backend codegen_c_backend;

/* ---- the C backend's two halves ---- */

/* Writes the C source for f under plan p into a mem_alloc'ed string.
 * f's body holds CONSTANT ops, IR_FUSION ops and the RETURN; o may be NULL
 * (defaults). The source defines aj_entry (the codegen_entry above).
 * Fails with DIAG_UNSUPPORTED (and a message naming the op) for a kernel it
 * cannot generate, DIAG_INVALID for a malformed function or plan. */
int emit_c_source(const ir_func *f, const plan *p, const codegen_options *o,
                  char **source, size_t *len, diag *d);

/* What building a source needs beyond the defaults. */
typedef struct emit_c_info {
    bool uses_blas;          /* calls BLIS: link libblis.so.4 */
    bool uses_lapack;        /* calls LAPACK: link lapack_library() (src/util/lapack.h) */
    const char *lapack_op;   /* then the first op that does ("arrayjit.getrf"), for messages */
} emit_c_info;

/* emit_c_source, also saying what the source needs (info may be NULL). */
int emit_c_source_info(const ir_func *f, const plan *p, const codegen_options *o,
                       char **source, size_t *len, emit_c_info *info, diag *d);

/* The compiler flags the C backend uses: base (o->cflags, default
 * CODEGEN_C_CFLAGS) followed by the flags its code needs whatever the base:
 * "-fno-math-errno -ffp-contract=off" (fast mode: -ffp-contract=fast), in strict mode -fno-builtin for the
 * libm functions gcc would otherwise fold with its own (correctly rounded)
 * arithmetic, and where the
 * compiler takes it, the flag that keeps gathers out (gcc 12 misallocates
 * their registers; backend_c.c). */
#define CODEGEN_C_CFLAGS "-O3 -march=native"
#endif
