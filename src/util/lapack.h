/* lapack: the LAPACK library arrayjit's linear algebra calls (getrf,
 * geqrf, orgqr, syevd, gesdd, gesvd, sytrd, gehrd: src/util/
 * lapack_kernels.h), found at run time.
 *
 * Both consumers load the same shared object: the evaluator through
 * dlopen and dlsym here (lapack_routines), generated code by linking it
 * (-l:<lapack_library()>, src/emit/backend_c.c). Nothing is linked into
 * libarrayjit itself, so a machine without LAPACK builds and runs
 * everything else; the ops say then, naming the library, that they need
 * it. Loaded once per process and never unloaded (its BLAS may run
 * OpenMP threads, which must outlive every call). */
#ifndef LAPACK_H
#define LAPACK_H
#include <stdbool.h>
#include <stddef.h>

#include "lapack_kernels.h"

AJ_LAPACK_DECLS

/* Debian's reference LAPACK (liblapack3; the alternatives system may point
 * it at OpenBLAS's), which generated code links by this name too. */
#define LAPACK_LIBRARY "liblapack.so.3"

/* The library loaded: LAPACK_LIBRARY unless a test chose another. */
const char *lapack_library(void);

/* Its routines, loaded on first use; NULL where the library or one of its
 * routines cannot be loaded, with why (`size` bytes) naming it and saying
 * how to install it, to follow "needs": "LAPACK (liblapack.so.3), which
 * cannot be loaded (...); install it (...)". Thread-safe. */
const aj_lapack *lapack_routines(char *why, size_t size);

/* Whether lapack_routines succeeds. */
bool lapack_available(void);

/* Tests: load `name` (NULL: LAPACK_LIBRARY) from the next call on, as if
 * the process had just started. A name that does not load stands for a
 * machine without LAPACK. Not to be called while another thread uses
 * LAPACK. */
void lapack_use_library(const char *name);
#endif
