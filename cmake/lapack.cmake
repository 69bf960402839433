# LAPACK check (included from the top-level CMakeLists). The LAPACK ops
# (jnp.linalg's LU, QR, eigh and SVD: JAX's lapack_{s,d}getrf/geqrf/orgqr/
# syevd/gesdd_ffi custom calls) run Debian's liblapack.so.3, which the
# evaluator loads with dlopen and compiled code links (-l:liblapack.so.3),
# both at run time: nothing is linked into libarrayjit, so the build
# succeeds without it, and those ops then fail with an error naming the
# library. Say so here, in one line with the fix; nothing is printed when
# it is found.
find_library(AJ_LAPACK_RUNTIME NAMES liblapack.so.3)
if(NOT AJ_LAPACK_RUNTIME)
  message(NOTICE "WARNING: LAPACK (liblapack.so.3) not found: jnp.linalg's lu, solve, det, inv, qr, eigh and svd (JAX's lapack_*getrf/geqrf/orgqr/syevd/gesdd_ffi custom calls) will fail with an error naming it. Fix: sudo apt-get install liblapack-dev")
endif()
