/* lapack.c: finding LAPACK at run time (lapack.h). */
#define _GNU_SOURCE
#include "lapack.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *library = LAPACK_LIBRARY;   /* a test may choose another */
static int state;                              /* 0: not tried, 1: loaded, 2: failed */
static aj_lapack table;

AJ_LAPACK_PICK_BLAS_
static char failure[600];

/* One routine of h into *slot; false, saying so in failure, when missing. */
static bool load_symbol(void *h, const char *name, void **slot) {
    dlerror();
    *slot = dlsym(h, name);
    if (*slot) return true;
    snprintf(failure, sizeof failure, "LAPACK (%s), which has no routine %s", library, name);
    return false;
}

static void load(void) {
    void *h = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h) {
        const char *err = dlerror();
        snprintf(failure, sizeof failure,
                 "LAPACK (%s), which cannot be loaded (%s); install it "
                 "(Debian/Ubuntu: sudo apt-get install liblapack3)", library,
                 err ? err : "not found");
        state = 2;
        return;
    }
    static const char *const names[AJ_LAPACK_NROUTINES] = {AJ_LAPACK_NAMES};
    void *slots[AJ_LAPACK_NROUTINES];
    bool ok = true;
    for (int i = 0; ok && i < AJ_LAPACK_NROUTINES; i++) ok = load_symbol(h, names[i], &slots[i]);
    if (!ok) {
        dlclose(h);   /* RTLD_NODELETE: it stays mapped, harmlessly */
        state = 2;
        return;
    }
    /* object pointers to function pointers, as dlsym's contract allows */
    void **fields[AJ_LAPACK_NROUTINES] = {
        (void **)&table.sgetrf, (void **)&table.sgeqrf, (void **)&table.sorgqr, (void **)&table.ssyevd,
        (void **)&table.sgesdd, (void **)&table.sgesvd, (void **)&table.ssytrd, (void **)&table.sgehrd,
        (void **)&table.sgeev,  (void **)&table.sgees,  (void **)&table.dgetrf, (void **)&table.dgeqrf,
        (void **)&table.dorgqr, (void **)&table.dsyevd, (void **)&table.dgesdd, (void **)&table.dgesvd,
        (void **)&table.dsytrd, (void **)&table.dgehrd, (void **)&table.dgeev,  (void **)&table.dgees,
        (void **)&table.spotrf, (void **)&table.strsm,  (void **)&table.dpotrf, (void **)&table.dtrsm,
        (void **)&table.cpotrf, (void **)&table.zpotrf, (void **)&table.ctrtrs, (void **)&table.cgetrf,
        (void **)&table.cheevd, (void **)&table.cgeqrf, (void **)&table.cungqr, (void **)&table.ztrtrs,
        (void **)&table.zgetrf, (void **)&table.zheevd, (void **)&table.zgeqrf, (void **)&table.zungqr,
        (void **)&table.cgesdd, (void **)&table.cgesvd, (void **)&table.chetrd, (void **)&table.cgehrd,
        (void **)&table.cgeev,  (void **)&table.cgees,  (void **)&table.zgesdd, (void **)&table.zgesvd,
        (void **)&table.zhetrd, (void **)&table.zgehrd, (void **)&table.zgeev,  (void **)&table.zgees};
    for (int i = 0; i < AJ_LAPACK_NROUTINES; i++) memcpy(fields[i], &slots[i], sizeof slots[i]);
    aj_lapack_pick_blas(&table);
    state = 1;
}

const char *lapack_library(void) {
    pthread_mutex_lock(&lock);
    const char *name = library;
    pthread_mutex_unlock(&lock);
    return name;
}

const aj_lapack *lapack_routines(char *why, size_t size) {
    pthread_mutex_lock(&lock);
    if (state == 0) load();
    const aj_lapack *t = state == 1 ? &table : NULL;
    if (!t && why && size) snprintf(why, size, "%s", failure);
    pthread_mutex_unlock(&lock);
    return t;
}

bool lapack_available(void) { return lapack_routines(NULL, 0) != NULL; }

void lapack_use_library(const char *name) {
    pthread_mutex_lock(&lock);
    library = name ? name : LAPACK_LIBRARY;
    state = 0;
    memset(&table, 0, sizeof table);
    pthread_mutex_unlock(&lock);
}
