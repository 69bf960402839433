# What the Python wheel holds besides python/arrayjit (included from the
# top-level CMakeLists when scikit-build-core builds it, SKBUILD): the shared
# library as arrayjit/lib/libarrayjit.so (one file; ctypes loads it by path)
# and the CLI as arrayjit/bin/arrayjit, in the install component "python"
# (pyproject.toml installs that component alone).
install(FILES $<TARGET_FILE:arrayjit_shared> DESTINATION lib RENAME libarrayjit.so
  PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE
  COMPONENT python)
install(PROGRAMS $<TARGET_FILE:arrayjit_cli> DESTINATION bin COMPONENT python)
