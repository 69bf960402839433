/* aot: a compiled function exported as standalone C (issue 17).
 *
 * From a compiled function (the same plan and kernels the JIT runs) it
 * writes into a directory:
 *   NAME.h       NAME_ARENA_BYTES and NAME_ARENA_ALIGN, the inputs' and
 *                outputs' dtypes, shapes and bytes as constants, which
 *                outputs live in donated inputs, and
 *                    int NAME_run(void *arena, const void *const *inputs, void *const *outputs);
 *   NAME.c       the kernels and the entry (all static) and NAME_run; it
 *                needs libc, libm and, where a dot calls it, BLIS
 *                (NAME_NEEDS_BLIS), and LAPACK where it has LU, QR, eigh or
 *                SVD (NAME_NEEDS_LAPACK; its workspace is in the arena); no
 *                malloc, no writable globals, so it is reentrant with
 *                distinct arenas
 *   NAME_main.c  (optional) a program that reads its inputs from .npy
 *                files, allocates the arena once and writes .npy outputs.
 * NAME is a C identifier (the caller's, never program text). Files are
 * written with file_write_atomic: never through a symlink, whole or not at
 * all. */
#ifndef AOT_H
#define AOT_H
#include <stdbool.h>

#include "../compile/compile.h"

typedef struct aot_options {
    const char *name;      /* prefix of the symbols and files; a C identifier */
    bool with_main;        /* also NAME_main.c */
} aot_options;

/* Writes the files for c, whose function was compiled under o (the source
 * is emitted again under o's codegen options with a static entry).
 * DIAG_INVALID for a name that is no C identifier or a directory that is
 * none; DIAG_IO; DIAG_NOMEM. */
int aot_export(const compiled *c, const compile_options *o, const char *dir, const aot_options *x, diag *d);

/* The text of NAME_main.c's generic part (aot_main.c): npy reading and
 * writing, argument parsing and the run, over tables the exporter writes
 * before it. */
extern const char aot_main_text[];
#endif
