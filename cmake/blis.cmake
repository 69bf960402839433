# BLIS check (included from the top-level CMakeLists). Generated dot
# kernels call BLIS: compiled code links -l:libblis.so.4 and is checked
# against blis.h, both found at run time. Without them matrix products run
# as plain loops (`arrayjit demo`: minutes instead of seconds), so say so
# here, in one line with the fix, rather than let it happen silently.
# Nothing is printed when both are found.
find_library(AJ_BLIS_RUNTIME NAMES libblis.so.4)
find_path(AJ_BLIS_HEADER blis.h)
if(NOT AJ_BLIS_RUNTIME OR NOT AJ_BLIS_HEADER)
  message(NOTICE "WARNING: BLIS (libblis.so.4, blis.h) not found: matrix products will run as slow plain loops (arrayjit demo: ~7 min instead of ~15 s). Fix: sudo apt-get install libblis-dev")
endif()
