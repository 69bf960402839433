/* lapack_kernels.h: the LAPACK calls behind arrayjit.getrf, geqrf, orgqr,
 * syevd, gesdd, gesvd, sytrd, gehrd, geev and gees (the ops JAX's CPU custom calls
 * lapack_{s,d}*_ffi are read as), for the evaluator and for generated code.
 *
 * Each routine runs over a batch of row-major matrices, one at a time, as
 * jaxlib's FFI kernels do (jaxlib/cpu/lapack_kernels.cc): the matrix is
 * copied into the workspace in column-major order (the layout the custom
 * call asks of XLA), the LAPACK routine factors it there, and the results
 * are copied back in row-major order. The vectors (ipiv, tau, w, s) and
 * info go straight into the results (sytrd's d and e too). Workspaces are the caller's: one
 * matrix's worth, reused along the batch (aj_lapack_space_of says how much;
 * compiled code takes it from the plan's scratch block, the evaluator from
 * the allocator).
 *
 * LAPACK is reached through a table of its routines (aj_lapack): the
 * evaluator fills it from dlsym (src/util/lapack.c), generated code with
 * the routines it links. The code is written once, as the body of
 * AJ_LAPACK_KERNELS: the evaluator compiles it and the C backend pastes its
 * text (AJ_LAPACK_TEXT) into the sources that call it, so both run the very
 * same calls on the very same workspaces and agree bit for bit. The bodies
 * must stay free of '#' directives and of comments.
 *
 * The routines are reference LAPACK's Fortran interface with 32-bit
 * integers (LP64, as Debian's liblapack3 and OpenBLAS build it), and the
 * hidden length arguments gfortran passes after the arguments for every
 * CHARACTER argument (size_t, each 1 here). */
#ifndef LAPACK_KERNELS_H
#define LAPACK_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/* ---- workspace sizes ------------------------------------------------------------------
 * In elements, per matrix. geqrf and orgqr run blocked with a block of up
 * to AJ_LAPACK_NB columns when lwork holds n * NB (reference LAPACK's
 * ilaenv asks for 32; jaxlib passes the size LAPACK's workspace query
 * gives, n * 32, and the result is the same for any lwork at least that).
 * syevd's sizes are jaxlib's (eig::GetWorkspaceSize): LAPACK's minimum for
 * jobz = 'V' and 'N'. gesdd's lwork is LAPACK's minimum for the mode plus
 * m * n (which lets it take the paths that copy the matrix, as the optimal
 * size jaxlib asks for does) and room for blocking; gesvd's, LAPACK's
 * minimum plus an min(m, n)^2 copy and room for blocking (at least the
 * optimal size jaxlib asks for: the same paths and blocks). potrf takes
 * its n x n matrix, trtrs (complex) its m x m one and the m x n right-hand
 * sides (a complex element counts once, of twice a part's bytes); trsm
 * (real) none: it solves in the result, as it lies. sytrd takes
 * n * NB, gehrd n * NB and its (NB + 1) x NB block of T (NB = 64, the most
 * gehrd blocks by): the optimal sizes or more. geev takes its two n x n
 * eigenvector matrices, then 4n + 2n NB, gees its n x n Schur vectors and
 * 3n + n NB, each with gehrd's block of T: at least the optimal sizes
 * LAPACK's workspace query gives (Debian's: gehrd's n NB + its T for small
 * n, 130n and 34n for large; tests/unit/test_lapack.c asks it). Their
 * complex forms (hetrd, c/z gehrd, geev, gees) take the same lwork in
 * complex elements, the complex vectors LAPACK writes interleaved (tau,
 * w: the results take them as parts) and the real rwork arrays (2n
 * reals for geev, n for gees). */
enum { AJ_LAPACK_NB = 64 };

/* The leading dimension of getrf's column-major copy of an m-row matrix:
 * m, or a cache line more where a column's bytes are a multiple of 1 KiB,
 * so that a row's elements (which laswp swaps and the BLAS packs) do not
 * all fall into the few L1 sets such a stride maps to (512 x 512 f32 LU
 * 4.9 -> 3.6 ms, 1024 x 1024 24 -> 16 ms). In the kernels' text too. */
#define AJ_LAPACK_LD_                                                                                         \
    static inline int64_t aj_lapack_ld(int64_t m, int64_t elem) {                                             \
        return m >= 64 && m * elem % 1024 == 0 ? m + 64 / elem : m;                                           \
    }
AJ_LAPACK_LD_

typedef enum aj_lapack_routine {
    AJ_LAPACK_GETRF, AJ_LAPACK_GEQRF, AJ_LAPACK_ORGQR, AJ_LAPACK_SYEVD, AJ_LAPACK_GESDD, AJ_LAPACK_GESVD,
    AJ_LAPACK_SYTRD, AJ_LAPACK_GEHRD, AJ_LAPACK_GEEV, AJ_LAPACK_GEES, AJ_LAPACK_POTRF, AJ_LAPACK_TRSM,
    AJ_LAPACK_TRTRS, AJ_LAPACK_HEEVD, AJ_LAPACK_CGEQRF, AJ_LAPACK_UNGQR,  /* complex: trsm, syevd, geqrf, orgqr */
    AJ_LAPACK_CGESDD, AJ_LAPACK_CGESVD, AJ_LAPACK_HETRD, AJ_LAPACK_CGEHRD, /* complex: gesdd, gesvd, sytrd, gehrd */
    AJ_LAPACK_CGEEV, AJ_LAPACK_CGEES                                    /* complex: geev, gees */
} aj_lapack_routine;

/* One matrix's workspace: `elems` elements of the matrix type (the
 * column-major matrix, gesdd's and gesvd's u and vt, then LAPACK's work array of lwork
 * elements), then liwork int32s at byte `iwork_at`; `bytes` in all. */
typedef struct aj_lapack_space {
    int64_t elems, lwork, liwork;
    size_t iwork_at, bytes;
} aj_lapack_space;

static inline int64_t aj_lapack_max64(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t aj_lapack_min64(int64_t a, int64_t b) { return a < b ? a : b; }
/* heevd's real work array (jaxlib's size: LAPACK's minimum), in reals:
 * the kernel's lrwork (aj_heevd_c). */
static inline int64_t aj_lapack_heevd_lrwork(int64_t n, int mode) {
    return n <= 1 ? 1 : mode == 'V' ? 1 + 5 * n + 2 * n * n : n;
}

/* The complex gesdd's and gesvd's real work array, in reals (jaxlib's
 * sizes: gesdd's minimum before LAPACK 3.7, which covers the later one). */
static inline int64_t aj_lapack_csvd_lrwork(aj_lapack_routine routine, int64_t m, int64_t n, int mode) {
    int64_t mn = m < n ? m : n, mx = m < n ? n : m;
    if (routine == AJ_LAPACK_CGESVD) return 5 * mn > 1 ? 5 * mn : 1;
    if (mode == 'N') return 7 * mn > 1 ? 7 * mn : 1;
    int64_t a = 5 * mn * mn + 5 * mn, b = 2 * mx * mn + 2 * mn * mn + mn;
    return a > b ? a : b;
}

/* The workspace of `routine` on an m x n matrix of elem-byte elements.
 * mode: syevd's jobz ('V', 'N'), gesdd's and gesvd's ('A', 'S', 'N');
 * ucols and vtrows: their u is m x ucols and vt vtrows x n. */
static inline aj_lapack_space aj_lapack_space_of(aj_lapack_routine routine, size_t elem, int64_t m, int64_t n,
                                                 int mode, int64_t ucols, int64_t vtrows) {
    aj_lapack_space s = {m * n, 0, 0, 0, 0};
    int64_t mn = aj_lapack_min64(m, n), mx = aj_lapack_max64(m, n);
    switch (routine) {
    case AJ_LAPACK_GETRF: s.elems = aj_lapack_ld(m, (int64_t)elem) * n; break;
    case AJ_LAPACK_GEQRF: case AJ_LAPACK_ORGQR: s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB; break;
    case AJ_LAPACK_SYEVD:
        s.lwork = n <= 1 ? 1 : mode == 'V' ? 1 + 6 * n + 2 * n * n : 2 * n + 1;
        s.liwork = n <= 1 || mode != 'V' ? 1 : 3 + 5 * n;
        break;
    case AJ_LAPACK_GESDD: {
        int64_t least = mode == 'N' ? 3 * mn + aj_lapack_max64(mx, 7 * mn)
                        : mode == 'S' ? 4 * mn * mn + 7 * mn
                                      : 4 * mn * mn + 6 * mn + mx;
        s.lwork = least + m * n + AJ_LAPACK_NB * (m + n) + 1;
        s.liwork = aj_lapack_max64(8 * mn, 1);
        if (mode != 'N') s.elems += m * ucols + vtrows * n;
        break;
    }
    case AJ_LAPACK_GESVD:
        s.lwork = aj_lapack_max64(3 * mn + mx, 5 * mn) + mn * mn + AJ_LAPACK_NB * (m + n) + 1;
        if (mode != 'N') s.elems += m * ucols + vtrows * n;
        break;
    case AJ_LAPACK_SYTRD: s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB; break;
    case AJ_LAPACK_GEHRD: s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB; break;
    case AJ_LAPACK_GEEV:
        s.lwork = 4 * aj_lapack_max64(n, 1) + 2 * AJ_LAPACK_NB * n + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB;
        s.elems += 2 * n * n;
        break;
    case AJ_LAPACK_GEES:
        s.lwork = 3 * aj_lapack_max64(n, 1) + AJ_LAPACK_NB * n + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB;
        s.elems += n * n;
        break;
    case AJ_LAPACK_POTRF: break;
    case AJ_LAPACK_TRSM: s.elems = 0; break;
    case AJ_LAPACK_TRTRS: s.elems = m * m + m * n; break;   /* m x m by m x n right-hand sides */
    case AJ_LAPACK_CGEQRF: case AJ_LAPACK_UNGQR:   /* complex elements; tau's copy after the matrix */
        s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB;
        s.elems += mn;
        break;
    case AJ_LAPACK_HEEVD:   /* complex elements: the matrix, work, then rwork's reals two an element */
        s.lwork = n <= 1 ? 1 : mode == 'V' ? 2 * n + n * n : n + 1;
        s.liwork = n <= 1 || mode != 'V' ? 1 : 3 + 5 * n;
        s.elems += (aj_lapack_heevd_lrwork(n, mode) + 1) / 2;
        break;
    case AJ_LAPACK_HETRD:   /* complex elements: the matrix, tau, work */
        s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB;
        s.elems += n;
        break;
    case AJ_LAPACK_CGEHRD:
        s.lwork = aj_lapack_max64(n, 1) * AJ_LAPACK_NB + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB;
        s.elems += n;
        break;
    case AJ_LAPACK_CGEEV:   /* complex elements: the matrix, vl, vr, w, work, then rwork's 2n reals */
        s.lwork = 4 * aj_lapack_max64(n, 1) + 2 * AJ_LAPACK_NB * n + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB;
        s.elems += 2 * n * n + 2 * n;
        break;
    case AJ_LAPACK_CGEES:   /* complex elements: the matrix, vs, w, work, then rwork's n reals */
        s.lwork = 3 * aj_lapack_max64(n, 1) + AJ_LAPACK_NB * n + (AJ_LAPACK_NB + 1) * AJ_LAPACK_NB;
        s.elems += n * n + n + (n + 1) / 2;
        break;
    case AJ_LAPACK_CGESDD: case AJ_LAPACK_CGESVD: {   /* complex elements: as the real ones', then rwork's reals */
        int64_t least = routine == AJ_LAPACK_CGESVD || mode == 'N' ? 2 * mn + mx : mn * mn + 2 * mn + mx;
        s.lwork = least + m * n + AJ_LAPACK_NB * (m + n) + 1;
        if (routine == AJ_LAPACK_CGESDD) s.liwork = aj_lapack_max64(8 * mn, 1);
        if (mode != 'N') s.elems += m * ucols + vtrows * n;
        s.elems += (aj_lapack_csvd_lrwork(routine, m, n, mode) + 1) / 2;
        break;
    }
    }
    if (mn == 0) return (aj_lapack_space){0, 0, 0, 0, 0};   /* nothing to factor: no call */
    s.elems += s.lwork;
    s.iwork_at = ((size_t)s.elems * elem + 7) / 8 * 8;
    s.bytes = s.liwork ? s.iwork_at + (size_t)s.liwork * 4 : (size_t)s.elems * elem;
    return s;
}

/* Whether LAPACK's 32-bit integers hold every size of the call. */
static inline int aj_lapack_space_fits(const aj_lapack_space *s, int64_t m, int64_t n) {
    const int64_t most = INT32_MAX;
    return m <= most && n <= most && s->lwork <= most && s->liwork <= most;
}

/* ---- the routines ----------------------------------------------------------------------- */

#define AJ_LAPACK_FIELDS_(T, p)                                                                               \
    void (*p##getrf)(const int *, const int *, T *, const int *, int *, int *);                               \
    void (*p##geqrf)(const int *, const int *, T *, const int *, T *, T *, const int *, int *);               \
    void (*p##orgqr)(const int *, const int *, const int *, T *, const int *, const T *, T *, const int *,    \
                     int *);                                                                                  \
    void (*p##syevd)(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, int *, \
                     const int *, int *, size_t, size_t);                                                     \
    void (*p##gesdd)(const char *, const int *, const int *, T *, const int *, T *, T *, const int *, T *,    \
                     const int *, T *, const int *, int *, int *, size_t);                                    \
    void (*p##gesvd)(const char *, const char *, const int *, const int *, T *, const int *, T *, T *,        \
                     const int *, T *, const int *, T *, const int *, int *, size_t, size_t);                 \
    void (*p##sytrd)(const char *, const int *, T *, const int *, T *, T *, T *, T *, const int *, int *,     \
                     size_t);                                                                                 \
    void (*p##gehrd)(const int *, const int *, const int *, T *, const int *, T *, T *, const int *, int *);  \
    void (*p##geev)(const char *, const char *, const int *, T *, const int *, T *, T *, T *, const int *, T *, \
                    const int *, T *, const int *, int *, size_t, size_t);                                    \
    void (*p##gees)(const char *, const char *, void *, const int *, T *, const int *, int *, T *, T *, T *,  \
                    const int *, T *, const int *, int *, int *, size_t, size_t);

/* potrf: real (s, d) and complex (c, z; T is the part's type, the
 * matrices interleaved pairs); trsm (BLAS, real); trtrs and getrf ...
 * ungqr: complex. */
#define AJ_LAPACK_TRI_FIELDS_(T, p) void (*p##potrf)(const char *, const int *, T *, const int *, int *, size_t);
#define AJ_LAPACK_TRSM_FIELDS_(T, p)                                                                          \
    void (*p##trsm)(const char *, const char *, const char *, const char *, const int *, const int *,         \
                    const T *, const T *, const int *, T *, const int *, size_t, size_t, size_t, size_t);
#define AJ_LAPACK_COMPLEX_FIELDS_(T, p)                                                                       \
    void (*p##trtrs)(const char *, const char *, const char *, const int *, const int *, const T *,           \
                     const int *, T *, const int *, int *, size_t, size_t, size_t);                           \
    void (*p##getrf)(const int *, const int *, T *, const int *, int *, int *);                               \
    void (*p##heevd)(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, T *,   \
                     const int *, int *, const int *, int *, size_t, size_t);                                 \
    void (*p##geqrf)(const int *, const int *, T *, const int *, T *, T *, const int *, int *);               \
    void (*p##ungqr)(const int *, const int *, const int *, T *, const int *, const T *, T *, const int *,    \
                     int *);                                                                                  \
    void (*p##gesdd)(const char *, const int *, const int *, T *, const int *, T *, T *, const int *, T *,    \
                     const int *, T *, const int *, T *, int *, int *, size_t);                               \
    void (*p##gesvd)(const char *, const char *, const int *, const int *, T *, const int *, T *, T *,        \
                     const int *, T *, const int *, T *, const int *, T *, int *, size_t, size_t);          \
    void (*p##hetrd)(const char *, const int *, T *, const int *, T *, T *, T *, T *, const int *, int *,     \
                     size_t);                                                                                 \
    void (*p##gehrd)(const int *, const int *, const int *, T *, const int *, T *, T *, const int *, int *);  \
    void (*p##geev)(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, T *,   \
                    const int *, T *, const int *, T *, int *, size_t, size_t);                               \
    void (*p##gees)(const char *, const char *, void *, const int *, T *, const int *, int *, T *, T *,      \
                    const int *, T *, const int *, T *, int *, int *, size_t, size_t);

/* The table of routines: sgetrf_ ... dgees_, spotrf_ ... ztrtrs_ and
 * cgetrf_ ... zgees_. trsm_ is BLAS's, found through LAPACK's
 * dependency on it (libblas.so.3). */
#define AJ_LAPACK_DECLS                                                                                       \
    typedef struct aj_lapack {                                                                                \
        AJ_LAPACK_FIELDS_(float, s) AJ_LAPACK_FIELDS_(double, d) AJ_LAPACK_TRI_FIELDS_(float, s)              \
        AJ_LAPACK_TRSM_FIELDS_(float, s) AJ_LAPACK_TRI_FIELDS_(double, d) AJ_LAPACK_TRSM_FIELDS_(double, d)   \
        AJ_LAPACK_TRI_FIELDS_(float, c) AJ_LAPACK_TRI_FIELDS_(double, z) AJ_LAPACK_COMPLEX_FIELDS_(float, c)  \
        AJ_LAPACK_COMPLEX_FIELDS_(double, z)                                                                  \
    } aj_lapack;

/* The names of the table's routines, in its order. */
#define AJ_LAPACK_NAMES                                                                                       \
    "sgetrf_", "sgeqrf_", "sorgqr_", "ssyevd_", "sgesdd_", "sgesvd_", "ssytrd_", "sgehrd_", "sgeev_",         \
        "sgees_", "dgetrf_", "dgeqrf_", "dorgqr_", "dsyevd_", "dgesdd_", "dgesvd_", "dsytrd_", "dgehrd_",     \
        "dgeev_", "dgees_", "spotrf_", "strsm_", "dpotrf_", "dtrsm_", "cpotrf_", "zpotrf_", "ctrtrs_",        \
        "cgetrf_", "cheevd_", "cgeqrf_", "cungqr_", "ztrtrs_", "zgetrf_", "zheevd_", "zgeqrf_", "zungqr_",    \
        "cgesdd_", "cgesvd_", "chetrd_", "cgehrd_", "cgeev_", "cgees_", "zgesdd_", "zgesvd_", "zhetrd_",      \
        "zgehrd_", "zgeev_", "zgees_"
enum { AJ_LAPACK_NROUTINES = 48 };

/* Generated code: the routines' prototypes and the table over them. */
#define AJ_LAPACK_PROTOS_(T, p)                                                                               \
    void p##getrf_(const int *, const int *, T *, const int *, int *, int *);                                 \
    void p##geqrf_(const int *, const int *, T *, const int *, T *, T *, const int *, int *);                 \
    void p##orgqr_(const int *, const int *, const int *, T *, const int *, const T *, T *, const int *, int *); \
    void p##syevd_(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, int *,   \
                   const int *, int *, size_t, size_t);                                                       \
    void p##gesdd_(const char *, const int *, const int *, T *, const int *, T *, T *, const int *, T *,      \
                   const int *, T *, const int *, int *, int *, size_t);                                      \
    void p##gesvd_(const char *, const char *, const int *, const int *, T *, const int *, T *, T *,          \
                   const int *, T *, const int *, T *, const int *, int *, size_t, size_t);                   \
    void p##sytrd_(const char *, const int *, T *, const int *, T *, T *, T *, T *, const int *, int *, size_t); \
    void p##gehrd_(const int *, const int *, const int *, T *, const int *, T *, T *, const int *, int *);    \
    void p##geev_(const char *, const char *, const int *, T *, const int *, T *, T *, T *, const int *, T *, \
                  const int *, T *, const int *, int *, size_t, size_t);                                      \
    void p##gees_(const char *, const char *, void *, const int *, T *, const int *, int *, T *, T *, T *,    \
                  const int *, T *, const int *, int *, int *, size_t, size_t);
#define AJ_LAPACK_TRI_PROTOS_(T, p) void p##potrf_(const char *, const int *, T *, const int *, int *, size_t);
#define AJ_LAPACK_TRSM_PROTOS_(T, p)                                                                          \
    void p##trsm_(const char *, const char *, const char *, const char *, const int *, const int *, const T *, \
                  const T *, const int *, T *, const int *, size_t, size_t, size_t, size_t);
#define AJ_LAPACK_COMPLEX_PROTOS_(T, p)                                                                       \
    void p##trtrs_(const char *, const char *, const char *, const int *, const int *, const T *, const int *, \
                   T *, const int *, int *, size_t, size_t, size_t);                                          \
    void p##getrf_(const int *, const int *, T *, const int *, int *, int *);                                 \
    void p##heevd_(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, T *,     \
                   const int *, int *, const int *, int *, size_t, size_t);                                   \
    void p##geqrf_(const int *, const int *, T *, const int *, T *, T *, const int *, int *);                 \
    void p##ungqr_(const int *, const int *, const int *, T *, const int *, const T *, T *, const int *, int *); \
    void p##gesdd_(const char *, const int *, const int *, T *, const int *, T *, T *, const int *, T *,      \
                   const int *, T *, const int *, T *, int *, int *, size_t);                                 \
    void p##gesvd_(const char *, const char *, const int *, const int *, T *, const int *, T *, T *,          \
                   const int *, T *, const int *, T *, const int *, T *, int *, size_t, size_t);            \
    void p##hetrd_(const char *, const int *, T *, const int *, T *, T *, T *, T *, const int *, int *, size_t); \
    void p##gehrd_(const int *, const int *, const int *, T *, const int *, T *, T *, const int *, int *);    \
    void p##geev_(const char *, const char *, const int *, T *, const int *, T *, T *, const int *, T *,     \
                  const int *, T *, const int *, T *, int *, size_t, size_t);                                 \
    void p##gees_(const char *, const char *, void *, const int *, T *, const int *, int *, T *, T *,        \
                  const int *, T *, const int *, T *, int *, int *, size_t, size_t);
#define AJ_LAPACK_INIT_(p) .p##getrf = p##getrf_, .p##geqrf = p##geqrf_, .p##orgqr = p##orgqr_,               \
                           .p##syevd = p##syevd_, .p##gesdd = p##gesdd_, .p##gesvd = p##gesvd_,               \
                           .p##sytrd = p##sytrd_, .p##gehrd = p##gehrd_, .p##geev = p##geev_,                 \
                           .p##gees = p##gees_
#define AJ_LAPACK_COMPLEX_INIT_(p) .p##trtrs = p##trtrs_, .p##getrf = p##getrf_, .p##heevd = p##heevd_,       \
                                   .p##geqrf = p##geqrf_, .p##ungqr = p##ungqr_, .p##gesdd = p##gesdd_,       \
                                   .p##gesvd = p##gesvd_, .p##hetrd = p##hetrd_, .p##gehrd = p##gehrd_,       \
                                   .p##geev = p##geev_, .p##gees = p##gees_
#define AJ_LAPACK_LINKED                                                                                      \
    AJ_LAPACK_PROTOS_(float, s) AJ_LAPACK_PROTOS_(double, d) AJ_LAPACK_TRI_PROTOS_(float, s)                  \
    AJ_LAPACK_TRI_PROTOS_(double, d) AJ_LAPACK_TRI_PROTOS_(float, c) AJ_LAPACK_TRI_PROTOS_(double, z)         \
    AJ_LAPACK_TRSM_PROTOS_(float, s) AJ_LAPACK_TRSM_PROTOS_(double, d) AJ_LAPACK_COMPLEX_PROTOS_(float, c)    \
    AJ_LAPACK_COMPLEX_PROTOS_(double, z)                                                                      \
    static const aj_lapack aj_lapack_fns = {AJ_LAPACK_INIT_(s), AJ_LAPACK_INIT_(d), .spotrf = spotrf_,        \
                                            .strsm = strsm_, .dpotrf = dpotrf_, .dtrsm = dtrsm_,              \
                                            .cpotrf = cpotrf_, .zpotrf = zpotrf_, AJ_LAPACK_COMPLEX_INIT_(c), \
                                            AJ_LAPACK_COMPLEX_INIT_(z)};

/* LAPACK's BLAS kernels. Debian's libblas.so.3 is a BLIS of its own (its
 * bli_ symbols hidden, apart from libblis.so.4, which serves the dots),
 * which reads BLIS_ARCH_TYPE at its first call and otherwise
 * auto-detects: generic code on CPUs it does not know (Zen 5). Its
 * haswell kernels suit LAPACK's blocked routines best here (Xeon,
 * 1 thread, against skx's: getrf 512 3.8 against 6.9 ms, potrf 4.8
 * against 7.4, trsm 256 70 against 12 GFLOP/s; geqrf and syevd 15% the
 * other way), so on a CPU with AVX2 and FMA, unless the user chose, that
 * instance is started with them by a call that does nothing, and the
 * variable is removed again. Once started it keeps its kernels, so this
 * runs before anything else calls it: at LAPACK's loading (lapack.c) and
 * in a generated module's first constructor. In the kernels' text too. */
#define AJ_LAPACK_PICK_BLAS_                                                                                  \
    __attribute__((unused)) static void aj_lapack_pick_blas(const aj_lapack *L) {                             \
        __builtin_cpu_init();                                                                                 \
        if (getenv("BLIS_ARCH_TYPE") || !__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))    \
            return;                                                                                           \
        int none = 0, one = 1;                                                                                \
        float alpha = 1, x = 0;                                                                               \
        setenv("BLIS_ARCH_TYPE", "3", 1);                                                                     \
        L->strsm("L", "L", "N", "N", &none, &none, &alpha, &x, &one, &x, &one, 1, 1, 1, 1);                   \
        unsetenv("BLIS_ARCH_TYPE");                                                                           \
    }

/* ---- the kernels -------------------------------------------------------------------------
 * aj_<routine>_<p>(L, operands..., results..., batch, sizes..., workspace):
 *   getrf(a [m, n]) -> lu [m, n], ipiv [min(m, n)] (1-based), info
 *   geqrf(a [m, n]) -> a [m, n] (R above the diagonal, reflectors below), tau [min(m, n)]
 *   orgqr(a [m, n], tau [k]) -> q [m, n] (m >= n >= k)
 *   syevd(a [n, n]) -> v [n, n] (eigenvectors in columns; with vectors 0, what LAPACK left),
 *                      w [n] (ascending), info; only the `lower` (or upper) triangle is read
 *   svd(a [m, n]) -> a [m, n] (what LAPACK left), s [min(m, n)], u [m, ucols],
 *                    vt [vtrows, n], info; by gesdd, or by gesvd when `qr`; mode 'A', 'S'
 *                    or 'N' (u and vt all zeros), gesvd's jobu and jobvt both
 *   sytrd(a [n, n]) -> a [n, n] (the tridiagonal and the reflectors in the `lower` (or
 *                      upper) triangle, the other as it was), d [n], e [n - 1],
 *                      tau [n - 1], info
 *   gehrd(a [n, n]) -> a [n, n] (H on and above the subdiagonal, the reflectors below),
 *                      tau [n - 1], info; ilo and ihi LAPACK's (1-based)
 *   geev(a [n, n]) -> wr, wi [n], vl re, vl im, vr re, vr im [n, n] (eigenvectors in
 *                     columns: LAPACK's real form unpacked as jaxlib does, a complex
 *                     pair's columns j, j + 1 becoming v and conj(v); zeros where the
 *                     side is not asked for or info != 0), info (-4, and zeros
 *                     everywhere, where a is not finite, as jaxlib)
 *   gees(a [n, n]) -> t [n, n] (the real Schur form), vs [n, n] (the Schur
 *                     vectors, in columns; zeros unless jobvs is 'V'), wr, wi
 *                     [n], sdim (0: no sorting), info
 * each per matrix of the batch; info is LAPACK's (0, or > 0 when the
 * matrix is singular or the iteration did not converge). cols copies a
 * row-major m x n matrix into LAPACK's column-major form, rows back: a
 * transpose, 16 x 16 elements at a time so that the strided side of a
 * tile stays in L1 (row by row, each store of a 512-wide matrix missed
 * it; 32 x 32 tiles of a power-of-two width map to too few of L1's sets:
 * 512 x 512 f32 takes 0.9 ms either way, 0.2 ms by 16 x 16). */
#define AJ_LAPACK_TYPED_(T, p)                                                                                \
    static void aj_lapack_transpose_##p(const T *a, int64_t lda, T *c, int64_t ldc, int64_t m, int64_t n) {   \
        for (int64_t i0 = 0; i0 < m; i0 += 16)                                                                \
            for (int64_t j0 = 0; j0 < n; j0 += 16)                                                            \
                for (int64_t i = i0; i < m && i < i0 + 16; i++)                                               \
                    for (int64_t j = j0; j < n && j < j0 + 16; j++) c[j * ldc + i] = a[i * lda + j];          \
    }                                                                                                         \
    static void aj_lapack_cols_ld_##p(const T *a, T *c, int64_t m, int64_t n, int64_t ld) {                   \
        aj_lapack_transpose_##p(a, n, c, ld, m, n);                                                           \
    }                                                                                                         \
    static void aj_lapack_rows_ld_##p(const T *c, T *a, int64_t m, int64_t n, int64_t ld) {                   \
        aj_lapack_transpose_##p(c, ld, a, n, n, m);                                                           \
    }                                                                                                         \
    static void aj_lapack_cols_##p(const T *a, T *c, int64_t m, int64_t n) { aj_lapack_cols_ld_##p(a, c, m, n, m); } \
    static void aj_lapack_rows_##p(const T *c, T *a, int64_t m, int64_t n) { aj_lapack_rows_ld_##p(c, a, m, n, m); } \
    __attribute__((unused)) static void aj_getrf_##p(const aj_lapack *L, const T *a, T *lu, int32_t *ipiv,    \
                                                     int32_t *info, int64_t batch, int64_t m, int64_t n,      \
                                                     T *w) {                                                  \
        int64_t ld = aj_lapack_ld(m, (int64_t)sizeof(T));                                                     \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)ld : 1;                                              \
        int64_t k = m < n ? m : n;                                                                            \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (k > 0) {                                                                                      \
                aj_lapack_cols_ld_##p(a + b * m * n, w, m, n, ld);                                            \
                L->p##getrf(&im, &in, w, &lda, (int *)(ipiv + b * k), &res);                                  \
                aj_lapack_rows_ld_##p(w, lu + b * m * n, m, n, ld);                                           \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_geqrf_##p(const aj_lapack *L, const T *a, T *qr, T *tau,           \
                                                     int64_t batch, int64_t m, int64_t n, T *w,               \
                                                     int64_t lwork) {                                         \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                              \
        int64_t k = m < n ? m : n;                                                                            \
        for (int64_t b = 0; b < batch && k > 0; b++) {                                                        \
            int res = 0;                                                                                      \
            aj_lapack_cols_##p(a + b * m * n, w, m, n);                                                       \
            L->p##geqrf(&im, &in, w, &lda, tau + b * k, w + m * n, &lw, &res);                                \
            aj_lapack_rows_##p(w, qr + b * m * n, m, n);                                                      \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_orgqr_##p(const aj_lapack *L, const T *a, const T *tau, T *q,      \
                                                     int64_t batch, int64_t m, int64_t n, int64_t k, T *w,    \
                                                     int64_t lwork) {                                         \
        int im = (int)m, in = (int)n, ik = (int)k, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                 \
        for (int64_t b = 0; b < batch && m > 0 && n > 0; b++) {                                               \
            int res = 0;                                                                                      \
            aj_lapack_cols_##p(a + b * m * n, w, m, n);                                                       \
            L->p##orgqr(&im, &in, &ik, w, &lda, tau + b * k, w + m * n, &lw, &res);                           \
            aj_lapack_rows_##p(w, q + b * m * n, m, n);                                                       \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_syevd_##p(const aj_lapack *L, const T *a, T *v, T *ev,             \
                                                     int32_t *info, int64_t batch, int64_t n, int lower,      \
                                                     int vectors, T *w, int64_t lwork, int32_t *iw,           \
                                                     int64_t liwork) {                                        \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork, liw = (int)liwork;                        \
        char jobz = vectors ? 'V' : 'N', uplo = lower ? 'L' : 'U';                                            \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                aj_lapack_cols_##p(a + b * n * n, w, n, n);                                                   \
                L->p##syevd(&jobz, &uplo, &in, w, &lda, ev + b * n, w + n * n, &lw, (int *)iw, &liw, &res, 1, \
                            1);                                                                               \
                aj_lapack_rows_##p(w, v + b * n * n, n, n);                                                   \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_svd_##p(const aj_lapack *L, int qr, const T *a, T *aout, T *s,     \
                                                   T *u, T *vt, int32_t *info, int64_t batch, int64_t m,      \
                                                   int64_t n, int mode, int64_t ucols, int64_t vtrows, T *w,  \
                                                   int64_t lwork, int32_t *iw) {                              \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                              \
        int ldu = m > 1 ? (int)m : 1, ldvt = vtrows > 1 ? (int)vtrows : 1;                                    \
        int64_t k = m < n ? m : n;                                                                            \
        int uv = mode != 'N' && k > 0;                                                                        \
        char jobz = (char)mode;                                                                               \
        T *cu = w + m * n, *cvt = cu + (uv ? m * ucols : 0), *work = cvt + (uv ? vtrows * n : 0);             \
        if (!uv) {                                                                                            \
            for (int64_t i = 0; i < batch * m * ucols; i++) u[i] = 0;                                         \
            for (int64_t i = 0; i < batch * vtrows * n; i++) vt[i] = 0;                                       \
        }                                                                                                     \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (k > 0) {                                                                                      \
                aj_lapack_cols_##p(a + b * m * n, w, m, n);                                                   \
                if (qr)                                                                                       \
                    L->p##gesvd(&jobz, &jobz, &im, &in, w, &lda, s + b * k, uv ? cu : work, &ldu,             \
                                uv ? cvt : work, &ldvt, work, &lw, &res, 1, 1);                               \
                else                                                                                          \
                    L->p##gesdd(&jobz, &im, &in, w, &lda, s + b * k, uv ? cu : work, &ldu, uv ? cvt : work,   \
                                &ldvt, work, &lw, (int *)iw, &res, 1);                                        \
                aj_lapack_rows_##p(w, aout + b * m * n, m, n);                                                \
                if (uv) {                                                                                     \
                    aj_lapack_rows_##p(cu, u + b * m * ucols, m, ucols);                                      \
                    aj_lapack_rows_##p(cvt, vt + b * vtrows * n, vtrows, n);                                  \
                }                                                                                             \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_sytrd_##p(const aj_lapack *L, const T *a, T *aout, T *d, T *e,     \
                                                     T *tau, int32_t *info, int64_t batch, int64_t n,         \
                                                     int lower, T *w, int64_t lwork) {                        \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork;                                           \
        char uplo = lower ? 'L' : 'U';                                                                        \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                aj_lapack_cols_##p(a + b * n * n, w, n, n);                                                   \
                L->p##sytrd(&uplo, &in, w, &lda, d + b * n, e + b * (n - 1), tau + b * (n - 1), w + n * n,    \
                            &lw, &res, 1);                                                                    \
                aj_lapack_rows_##p(w, aout + b * n * n, n, n);                                                \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_gehrd_##p(const aj_lapack *L, const T *a, T *aout, T *tau,         \
                                                     int32_t *info, int64_t batch, int64_t n, int64_t ilo,    \
                                                     int64_t ihi, T *w, int64_t lwork) {                      \
        int in = (int)n, lo = (int)ilo, hi = (int)ihi, lda = n > 1 ? (int)n : 1, lw = (int)lwork;             \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                aj_lapack_cols_##p(a + b * n * n, w, n, n);                                                   \
                L->p##gehrd(&in, &lo, &hi, w, &lda, tau + b * (n - 1), w + n * n, &lw, &res);                 \
                aj_lapack_rows_##p(w, aout + b * n * n, n, n);                                                \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }

/* The nonsymmetric eigenproblem: geev, gees, and geev's pieces (a finite
 * matrix; one side's eigenvectors unpacked, c: LAPACK's column-major real
 * form, or NULL for zeros, into row-major real and imaginary parts). */
#define AJ_LAPACK_EIG_(T, p)                                                                                  \
    static int aj_lapack_finite_##p(const T *a, int64_t k) {                                                  \
        for (int64_t i = 0; i < k; i++)                                                                       \
            if (a[i] - a[i] != 0) return 0;                                                                   \
        return 1;                                                                                             \
    }                                                                                                         \
    static void aj_lapack_unpack_##p(const T *c, const T *wi, T *re, T *im, int64_t n) {                      \
        for (int64_t j = 0; j < n;) {                                                                         \
            int pair = c && wi[j] == wi[j] && wi[j] != 0 && j + 1 < n;                                        \
            for (int64_t i = 0; i < n; i++) {                                                                 \
                re[i * n + j] = c ? c[j * n + i] : 0;                                                         \
                im[i * n + j] = pair ? c[(j + 1) * n + i] : 0;                                                \
                if (pair) re[i * n + j + 1] = c[j * n + i], im[i * n + j + 1] = -c[(j + 1) * n + i];          \
            }                                                                                                 \
            j += pair ? 2 : 1;                                                                                \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_geev_##p(const aj_lapack *L, const T *a, T *wr, T *wi, T *vlr,     \
                                                    T *vli, T *vrr, T *vri, int32_t *info, int64_t batch,     \
                                                    int64_t n, int jobvl, int jobvr, T *w, int64_t lwork) {   \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork;                                           \
        char l = (char)jobvl, r = (char)jobvr;                                                                \
        T *cl = n ? w + n * n : w, *cr = n ? cl + n * n : w; /* (w is NULL for n = 0) */                      \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            const T *ab = a + b * n * n;                                                                      \
            T *wrb = wr + b * n, *wib = wi + b * n;                                                           \
            if (!aj_lapack_finite_##p(ab, n * n)) {                                                           \
                res = -4;                                                                                     \
                for (int64_t i = 0; i < n; i++) wrb[i] = wib[i] = 0;                                          \
            } else if (n > 0) {                                                                               \
                aj_lapack_cols_##p(ab, w, n, n);                                                              \
                L->p##geev(&l, &r, &in, w, &lda, wrb, wib, cl, &lda, cr, &lda, cr + n * n, &lw, &res, 1, 1);  \
            }                                                                                                 \
            aj_lapack_unpack_##p(res == 0 && l == 'V' ? cl : NULL, wib, vlr + b * n * n, vli + b * n * n, n); \
            aj_lapack_unpack_##p(res == 0 && r == 'V' ? cr : NULL, wib, vrr + b * n * n, vri + b * n * n, n); \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_gees_##p(const aj_lapack *L, const T *a, T *t, T *vs, T *wr, T *wi, \
                                                    int32_t *sdim, int32_t *info, int64_t batch, int64_t n,   \
                                                    int jobvs, T *w, int64_t lwork) {                         \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork, sd = 0;                                   \
        char job = (char)jobvs, sort = 'N';                                                                   \
        T *cv = n ? w + n * n : w; /* (w is NULL for n = 0) */                                                \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                aj_lapack_cols_##p(a + b * n * n, w, n, n);                                                   \
                L->p##gees(&job, &sort, NULL, &in, w, &lda, &sd, wr + b * n, wi + b * n, cv, &lda,            \
                           cv + n * n, &lw, NULL, &res, 1, 1);                                                \
                aj_lapack_rows_##p(w, t + b * n * n, n, n);                                                   \
                if (job == 'V') aj_lapack_rows_##p(cv, vs + b * n * n, n, n);                                 \
                else                                                                                          \
                    for (int64_t i = 0; i < n * n; i++) vs[b * n * n + i] = 0;                                \
            }                                                                                                 \
            sdim[b] = 0;                                                                                      \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }

/* cholesky and triangular_solve (stablehlo's; arrayjit's on complex parts)
 * by potrf, and trsm (real) or trtrs (complex). C: 1 for complex (c, z),
 * whose matrices w holds as interleaved pairs of the parts' (re, im)
 * elements; 0 for real (im NULL).
 *   potrf(a [n, n]) -> l [n, n]: a = L L^H (lower) or U^H U, the other
 *     triangle zero; all NaN when a is not positive definite (info > 0).
 *     Row-major a is column-major a^T = conj(a), whose other-triangle
 *     factor is, read row-major, a's: potrf runs on a copy as it lies.
 *   trsolve(a [m, m], b) -> x: op(a) x = b (left, b [m, n]) or x op(a) = b
 *     (b [n, m]); trans 0, 1, 2: op(a) = a, a^T, a^H. x may be b's buffer.
 *     An exact zero on a's diagonal (not unit) gives all NaN, where trtrs
 *     stops. Real: row-major a, b and x are column-major a^T, b^T and x^T,
 *     and op(a) x = b is x^T op(a)^T = b^T (x op(a) = b: op(a)^T x^T =
 *     b^T), so trsm solves on the other side with a^T's other triangle, in
 *     x as it lies: no copies, no workspace. Complex: w holds M = op(a)
 *     (left) or op(a)^T (right), column-major, then the right-hand sides
 *     column-major (b, or b^T for the right side: b's own layout), so
 *     trtrs solves M y = rhs. */
#define AJ_LAPACK_TRI_(T, p, C)                                                                               \
    static void aj_lapack_get_##p(T *w, int64_t at, const T *re, const T *im, int64_t k, int conj) {          \
        if (C) {                                                                                              \
            w[2 * at] = re[k];                                                                                \
            w[2 * at + 1] = conj ? -im[k] : im[k];                                                            \
        } else {                                                                                              \
            w[at] = re[k];                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    static void aj_lapack_put_##p(const T *w, int64_t at, T *re, T *im, int64_t k, int nan) {                 \
        re[k] = nan ? (T)NAN : w[C ? 2 * at : at];                                                            \
        if (C) im[k] = nan ? (T)NAN : w[2 * at + 1];                                                          \
    }                                                                                                         \
    __attribute__((unused)) static void aj_potrf_##p(const aj_lapack *L, const T *are, const T *aim, T *lre,  \
                                                     T *lim, int64_t batch, int64_t n, int lower, T *w) {     \
        int in = (int)n, lda = n > 1 ? (int)n : 1;                                                            \
        char uplo = lower ? 'U' : 'L';                                                                        \
        for (int64_t b = 0; b < batch && n > 0; b++) {                                                        \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            for (int64_t k = 0; k < n * n; k++) aj_lapack_get_##p(w, k, are + o, C ? aim + o : 0, k, 0);      \
            L->p##potrf(&uplo, &in, w, &lda, &res, 1);                                                        \
            for (int64_t i = 0; i < n; i++)                                                                   \
                for (int64_t j = 0; j < n; j++) {                                                             \
                    int64_t k = i * n + j;                                                                    \
                    if (lower ? j <= i : j >= i) aj_lapack_put_##p(w, k, lre + o, C ? lim + o : 0, k, res != 0); \
                    else lre[o + k] = 0, C ? (void)(lim[o + k] = 0) : (void)0;                                \
                }                                                                                             \
        }                                                                                                     \
    }

#define AJ_LAPACK_TRSM_(T, p)                                                                                 \
    __attribute__((unused)) static void aj_trsolve_##p(const aj_lapack *L, const T *a, const T *aim,          \
                                                       const T *b, const T *bim, T *x, T *xim, int64_t batch, \
                                                       int64_t m, int64_t n, int left, int lower, int trans,  \
                                                       int unit, T *w) {                                      \
        int rows = (int)(left ? n : m), cols = (int)(left ? m : n), lda = m > 1 ? (int)m : 1;                 \
        int ldb = rows > 1 ? rows : 1;                                                                        \
        char side = left ? 'R' : 'L', uplo = lower ? 'U' : 'L', tr = trans ? 'T' : 'N', dg = unit ? 'U' : 'N'; \
        const T one = 1;                                                                                      \
        (void)aim, (void)bim, (void)xim, (void)w;                                                             \
        for (int64_t k = 0; k < batch && m > 0 && n > 0; k++) {                                               \
            const T *ak = a + k * m * m, *bk = b + k * m * n;                                                 \
            T *xk = x + k * m * n;                                                                            \
            int singular = 0;                                                                                 \
            for (int64_t i = 0; i < m && !unit; i++) singular |= ak[i * m + i] == 0;                          \
            for (int64_t i = 0; i < m * n; i++) xk[i] = singular ? (T)NAN : bk[i];                            \
            if (!singular) L->p##trsm(&side, &uplo, &tr, &dg, &rows, &cols, &one, ak, &lda, xk, &ldb, 1, 1, 1, 1); \
        }                                                                                                     \
    }

/* trsolve of complex matrices (c, z; AJ_LAPACK_TRI_ says how), getrf of
 * complex matrices, given as their parts: lu's parts,
 * ipiv, info, as the real kernel's (aj_getrf_s); heevd of Hermitian ones:
 * the eigenvectors' parts (in columns), the real eigenvalues (ascending)
 * and info, as syevd's (aj_syevd_s); geqrf and ungqr as the real
 * geqrf and orgqr, tau complex too; gesdd and gesvd (`qr`) as the real
 * aj_svd_s, a, u and vt as parts, s real; hetrd (sytrd's complex form)
 * and gehrd as the real ones, a and tau as parts, d and e real; geev: the
 * eigenvalues' parts, each side's eigenvectors' (in columns; zeros where
 * not asked for or info != 0), info (-4, and zero eigenvalues, where a is
 * not finite, as jaxlib); gees: t's, vs's (zeros unless jobvs is 'V') and
 * the eigenvalues' parts, sdim (0) and info. */
#define AJ_LAPACK_COMPLEX_(T, p)                                                                              \
    /* The row-major m x n matrix (re, im) to column-major w (leading dimension m) and back. */                \
    static void aj_lapack_cols_parts_##p(T *w, const T *re, const T *im, int64_t m, int64_t n) {               \
        for (int64_t i = 0; i < m; i++)                                                                        \
            for (int64_t j = 0; j < n; j++) aj_lapack_get_##p(w, j * m + i, re, im, i * n + j, 0);             \
    }                                                                                                          \
    static void aj_lapack_rows_parts_##p(const T *w, T *re, T *im, int64_t m, int64_t n) {                     \
        for (int64_t i = 0; i < m; i++)                                                                        \
            for (int64_t j = 0; j < n; j++) aj_lapack_put_##p(w, j * m + i, re, im, i * n + j, 0);             \
    }                                                                                                          \
    __attribute__((unused)) static void aj_trsolve_##p(const aj_lapack *L, const T *are, const T *aim,        \
                                                     const T *bre, const T *bim, T *xre, T *xim,              \
                                                     int64_t batch, int64_t m, int64_t n, int left, int lower, \
                                                     int trans, int unit, T *w) {                             \
        int im = (int)m, in = (int)n, ld = m > 1 ? (int)m : 1;                                                \
        int flip = (trans != 0) == (left != 0), conj = trans == 2;                                            \
        char uplo = (lower != 0) != flip ? 'L' : 'U', tr = 'N', dg = unit ? 'U' : 'N';                        \
        T *rhs = w + 2 * m * m;                                                                               \
        for (int64_t b = 0; b < batch && m > 0 && n > 0; b++) {                                               \
            int64_t oa = b * m * m, ob = b * m * n;                                                           \
            int res = 0;                                                                                      \
            for (int64_t i = 0; i < m; i++)                                                                   \
                for (int64_t j = 0; j < m; j++)                                                               \
                    aj_lapack_get_##p(w, j * m + i, are + oa, aim + oa, flip ? j * m + i : i * m + j, conj);  \
            for (int64_t i = 0; i < m; i++)                                                                   \
                for (int64_t c = 0; c < n; c++)                                                               \
                    aj_lapack_get_##p(rhs, c * m + i, bre + ob, bim + ob, left ? i * n + c : c * m + i, 0);   \
            L->p##trtrs(&uplo, &tr, &dg, &im, &in, w, &ld, rhs, &ld, &res, 1, 1, 1);                          \
            for (int64_t i = 0; i < m; i++)                                                                   \
                for (int64_t c = 0; c < n; c++)                                                               \
                    aj_lapack_put_##p(rhs, c * m + i, xre + ob, xim + ob, left ? i * n + c : c * m + i, res != 0); \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_getrf_##p(const aj_lapack *L, const T *are, const T *aim, T *lre,  \
                                                     T *lim, int32_t *ipiv, int32_t *info, int64_t batch,     \
                                                     int64_t m, int64_t n, T *w) {                            \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)m : 1;                                               \
        int64_t k = m < n ? m : n;                                                                            \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * m * n;                                                                            \
            int res = 0;                                                                                      \
            if (k > 0) {                                                                                      \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, m, n);                                           \
                L->p##getrf(&im, &in, w, &lda, (int *)(ipiv + b * k), &res);                                  \
                aj_lapack_rows_parts_##p(w, lre + o, lim + o, m, n);                                           \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_heevd_##p(const aj_lapack *L, const T *are, const T *aim, T *vre,  \
                                                     T *vim, T *ev, int32_t *info, int64_t batch, int64_t n,  \
                                                     int lower, int vectors, T *w, int64_t lwork,             \
                                                     int64_t lrwork, int32_t *iw, int64_t liwork) {           \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork, lrw = (int)lrwork, liw = (int)liwork;     \
        char jobz = vectors ? 'V' : 'N', uplo = lower ? 'L' : 'U';                                            \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, n, n);                                           \
                L->p##heevd(&jobz, &uplo, &in, w, &lda, ev + b * n, w + 2 * n * n, &lw, w + 2 * n * n + 2 * lwork, \
                            &lrw, (int *)iw, &liw, &res, 1, 1);                                               \
                aj_lapack_rows_parts_##p(w, vre + o, vim + o, n, n);                                           \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_geqrf_##p(const aj_lapack *L, const T *are, const T *aim, T *qre,  \
                                                     T *qim, T *taure, T *tauim, int64_t batch, int64_t m,    \
                                                     int64_t n, T *w, int64_t lwork) {                        \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                              \
        int64_t k = m < n ? m : n;                                                                            \
        for (int64_t b = 0; b < batch && k > 0; b++) {                                                        \
            int64_t o = b * m * n;                                                                            \
            int res = 0;                                                                                      \
            aj_lapack_cols_parts_##p(w, are + o, aim + o, m, n);                                               \
            L->p##geqrf(&im, &in, w, &lda, w + 2 * m * n, w + 2 * (m * n + k), &lw, &res);                    \
            aj_lapack_rows_parts_##p(w, qre + o, qim + o, m, n);                                               \
            for (int64_t j = 0; j < k; j++) aj_lapack_put_##p(w, m * n + j, taure + b * k, tauim + b * k, j, 0); \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_ungqr_##p(const aj_lapack *L, const T *are, const T *aim,          \
                                                     const T *taure, const T *tauim, T *qre, T *qim,          \
                                                     int64_t batch, int64_t m, int64_t n, int64_t k, T *w,    \
                                                     int64_t lwork) {                                         \
        int im = (int)m, in = (int)n, ik = (int)k, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                 \
        for (int64_t b = 0; b < batch && m > 0 && n > 0; b++) {                                               \
            int64_t o = b * m * n;                                                                            \
            int res = 0;                                                                                      \
            aj_lapack_cols_parts_##p(w, are + o, aim + o, m, n);                                               \
            for (int64_t j = 0; j < k; j++) aj_lapack_get_##p(w, m * n + j, taure + b * k, tauim + b * k, j, 0); \
            L->p##ungqr(&im, &in, &ik, w, &lda, w + 2 * m * n, w + 2 * (m * n + k), &lw, &res);               \
            aj_lapack_rows_parts_##p(w, qre + o, qim + o, m, n);                                               \
        }                                                                                                     \
    }                                                                                                          \
    __attribute__((unused)) static void aj_svd_##p(const aj_lapack *L, int qr, const T *are, const T *aim,     \
                                                   T *ore, T *oim, T *s, T *ure, T *uim, T *vtre, T *vtim,     \
                                                   int32_t *info, int64_t batch, int64_t m, int64_t n, int mode, \
                                                   int64_t ucols, int64_t vtrows, T *w, int64_t lwork,         \
                                                   int32_t *iw) {                                              \
        int im = (int)m, in = (int)n, lda = m > 1 ? (int)m : 1, lw = (int)lwork;                               \
        int ldu = m > 1 ? (int)m : 1, ldvt = vtrows > 1 ? (int)vtrows : 1;                                     \
        int64_t k = m < n ? m : n;                                                                             \
        int uv = mode != 'N' && k > 0;                                                                         \
        char jobz = (char)mode;                                                                                \
        T *cu = w + 2 * m * n, *cvt = cu + (uv ? 2 * m * ucols : 0), *work = cvt + (uv ? 2 * vtrows * n : 0);  \
        T *rwork = work + 2 * lwork;                                                                           \
        if (!uv) {                                                                                             \
            for (int64_t i = 0; i < batch * m * ucols; i++) ure[i] = 0, uim[i] = 0;                            \
            for (int64_t i = 0; i < batch * vtrows * n; i++) vtre[i] = 0, vtim[i] = 0;                         \
        }                                                                                                      \
        for (int64_t b = 0; b < batch; b++) {                                                                  \
            int64_t o = b * m * n, ou = b * m * ucols, ov = b * vtrows * n;                                    \
            int res = 0;                                                                                       \
            if (k > 0) {                                                                                       \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, m, n);                                           \
                if (qr)                                                                                        \
                    L->p##gesvd(&jobz, &jobz, &im, &in, w, &lda, s + b * k, uv ? cu : work, &ldu,              \
                                uv ? cvt : work, &ldvt, work, &lw, rwork, &res, 1, 1);                         \
                else                                                                                           \
                    L->p##gesdd(&jobz, &im, &in, w, &lda, s + b * k, uv ? cu : work, &ldu, uv ? cvt : work,    \
                                &ldvt, work, &lw, rwork, (int *)iw, &res, 1);                                  \
                aj_lapack_rows_parts_##p(w, ore + o, oim + o, m, n);                                           \
                if (uv) {                                                                                      \
                    aj_lapack_rows_parts_##p(cu, ure + ou, uim + ou, m, ucols);                                \
                    aj_lapack_rows_parts_##p(cvt, vtre + ov, vtim + ov, vtrows, n);                            \
                }                                                                                              \
            }                                                                                                  \
            info[b] = res;                                                                                     \
        }                                                                                                      \
    }                                                                                                         \
    static int aj_lapack_finite_parts_##p(const T *re, const T *im, int64_t k) {                              \
        for (int64_t i = 0; i < k; i++)                                                                       \
            if (re[i] - re[i] != 0 || im[i] - im[i] != 0) return 0;                                           \
        return 1;                                                                                             \
    }                                                                                                         \
    static void aj_lapack_zero_parts_##p(T *re, T *im, int64_t k) {                                           \
        for (int64_t i = 0; i < k; i++) re[i] = 0, im[i] = 0;                                                 \
    }                                                                                                         \
    static void aj_lapack_split_##p(const T *w, T *re, T *im, int64_t k) {                                    \
        for (int64_t i = 0; i < k; i++) aj_lapack_put_##p(w, i, re, im, i, 0);                                \
    }                                                                                                         \
    __attribute__((unused)) static void aj_hetrd_##p(const aj_lapack *L, const T *are, const T *aim, T *ore,  \
                                                     T *oim, T *d, T *e, T *taure, T *tauim, int32_t *info,   \
                                                     int64_t batch, int64_t n, int lower, T *w,               \
                                                     int64_t lwork) {                                         \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork;                                           \
        char uplo = lower ? 'L' : 'U';                                                                        \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                T *tau = w + 2 * n * n;                                                                       \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, n, n);                                          \
                L->p##hetrd(&uplo, &in, w, &lda, d + b * n, e + b * (n - 1), tau, tau + 2 * n, &lw, &res,     \
                            1);                                                                               \
                aj_lapack_rows_parts_##p(w, ore + o, oim + o, n, n);                                          \
                aj_lapack_split_##p(tau, taure + b * (n - 1), tauim + b * (n - 1), n - 1);                    \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_gehrd_##p(const aj_lapack *L, const T *are, const T *aim, T *ore,  \
                                                     T *oim, T *taure, T *tauim, int32_t *info,               \
                                                     int64_t batch, int64_t n, int64_t ilo, int64_t ihi,      \
                                                     T *w, int64_t lwork) {                                   \
        int in = (int)n, lo = (int)ilo, hi = (int)ihi, lda = n > 1 ? (int)n : 1, lw = (int)lwork;             \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                T *tau = w + 2 * n * n;                                                                       \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, n, n);                                          \
                L->p##gehrd(&in, &lo, &hi, w, &lda, tau, tau + 2 * n, &lw, &res);                             \
                aj_lapack_rows_parts_##p(w, ore + o, oim + o, n, n);                                          \
                aj_lapack_split_##p(tau, taure + b * (n - 1), tauim + b * (n - 1), n - 1);                    \
            }                                                                                                 \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_geev_##p(const aj_lapack *L, const T *are, const T *aim, T *wre,   \
                                                    T *wim, T *vlr, T *vli, T *vrr, T *vri, int32_t *info,    \
                                                    int64_t batch, int64_t n, int jobvl, int jobvr, T *w,     \
                                                    int64_t lwork) {                                          \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork;                                           \
        char l = (char)jobvl, r = (char)jobvr;                                                                \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            if (!aj_lapack_finite_parts_##p(are + o, aim + o, n * n)) {                                       \
                res = -4;                                                                                     \
            } else if (n > 0) {                                                                               \
                T *cl = w + 2 * n * n, *cr = cl + 2 * n * n, *ev = cr + 2 * n * n, *work = ev + 2 * n;        \
                T *rwork = work + 2 * lwork;                                                                  \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, n, n);                                          \
                L->p##geev(&l, &r, &in, w, &lda, ev, cl, &lda, cr, &lda, work, &lw, rwork, &res, 1, 1);       \
                aj_lapack_split_##p(ev, wre + b * n, wim + b * n, n);                                         \
                if (res == 0 && l == 'V') aj_lapack_rows_parts_##p(cl, vlr + o, vli + o, n, n);               \
                if (res == 0 && r == 'V') aj_lapack_rows_parts_##p(cr, vrr + o, vri + o, n, n);               \
            }                                                                                                 \
            if (res == -4) aj_lapack_zero_parts_##p(wre + b * n, wim + b * n, n);                             \
            if (res != 0 || l != 'V') aj_lapack_zero_parts_##p(vlr + o, vli + o, n * n);                      \
            if (res != 0 || r != 'V') aj_lapack_zero_parts_##p(vrr + o, vri + o, n * n);                      \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
    __attribute__((unused)) static void aj_gees_##p(const aj_lapack *L, const T *are, const T *aim, T *tre,   \
                                                    T *tim, T *vsre, T *vsim, T *wre, T *wim, int32_t *sdim,  \
                                                    int32_t *info, int64_t batch, int64_t n, int jobvs, T *w, \
                                                    int64_t lwork) {                                          \
        int in = (int)n, lda = n > 1 ? (int)n : 1, lw = (int)lwork, sd = 0;                                   \
        char job = (char)jobvs, sort = 'N';                                                                   \
        for (int64_t b = 0; b < batch; b++) {                                                                 \
            int64_t o = b * n * n;                                                                            \
            int res = 0;                                                                                      \
            if (n > 0) {                                                                                      \
                T *cv = w + 2 * n * n, *ev = cv + 2 * n * n, *work = ev + 2 * n, *rwork = work + 2 * lwork;   \
                aj_lapack_cols_parts_##p(w, are + o, aim + o, n, n);                                          \
                L->p##gees(&job, &sort, NULL, &in, w, &lda, &sd, ev, cv, &lda, work, &lw, rwork, NULL, &res,  \
                           1, 1);                                                                             \
                aj_lapack_rows_parts_##p(w, tre + o, tim + o, n, n);                                          \
                aj_lapack_split_##p(ev, wre + b * n, wim + b * n, n);                                         \
                if (job == 'V') aj_lapack_rows_parts_##p(cv, vsre + o, vsim + o, n, n);                       \
                else aj_lapack_zero_parts_##p(vsre + o, vsim + o, n * n);                                     \
            }                                                                                                 \
            sdim[b] = 0;                                                                                      \
            info[b] = res;                                                                                    \
        }                                                                                                     \
    }

#define AJ_LAPACK_KERNELS                                                                                     \
    AJ_LAPACK_TYPED_(float, s) AJ_LAPACK_TYPED_(double, d) AJ_LAPACK_EIG_(float, s) AJ_LAPACK_EIG_(double, d) \
    AJ_LAPACK_TRI_(float, s, 0) AJ_LAPACK_TRI_(double, d, 0) AJ_LAPACK_TRI_(float, c, 1)                      \
    AJ_LAPACK_TRI_(double, z, 1) AJ_LAPACK_TRSM_(float, s) AJ_LAPACK_TRSM_(double, d)                         \
    AJ_LAPACK_COMPLEX_(float, c) AJ_LAPACK_COMPLEX_(double, z)

#define AJ_LAPACK_STR_(...) #__VA_ARGS__
#define AJ_LAPACK_STR(...) AJ_LAPACK_STR_(__VA_ARGS__)
/* What generated code pastes: aj_lapack_ld, the table type, the linked
 * routines and the kernels, as one line of C text each. */
#define AJ_LAPACK_TEXT                                                                                        \
    AJ_LAPACK_STR(AJ_LAPACK_LD_) "\n" AJ_LAPACK_STR(AJ_LAPACK_DECLS) "\n" AJ_LAPACK_STR(AJ_LAPACK_LINKED) "\n"   \
        AJ_LAPACK_STR(AJ_LAPACK_PICK_BLAS_) "\n"                                                              \
        "__attribute__((constructor(101))) static void aj_lapack_start(void) { aj_lapack_pick_blas(&aj_lapack_fns); }\n" \
        AJ_LAPACK_STR(AJ_LAPACK_KERNELS) "\n"
#endif
