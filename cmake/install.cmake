# The shared library and the install rules (included from the top-level
# CMakeLists after the static library `arrayjit` and the CLI).
#
# libarrayjit.so is the static archive linked whole (its objects are
# position-independent), so the sources compile once and both libraries are
# the same code. A version script exports only the public API (aj_*).
add_library(arrayjit_shared SHARED ${CMAKE_CURRENT_LIST_DIR}/arrayjit_shared.c)
target_link_libraries(arrayjit_shared PRIVATE -Wl,--whole-archive arrayjit -Wl,--no-whole-archive)
target_include_directories(arrayjit_shared PUBLIC
  $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_link_options(arrayjit_shared PRIVATE -Wl,--version-script=${CMAKE_CURRENT_LIST_DIR}/arrayjit.map)
# Every symbol resolved at link time, except where instrumentation leaves
# its runtime to the program (clang's ASan, libFuzzer's coverage hooks).
if(NOT AJ_SANITIZE AND NOT AJ_FUZZ)
  target_link_options(arrayjit_shared PRIVATE -Wl,--no-undefined)
endif()
set_target_properties(arrayjit_shared PROPERTIES
  OUTPUT_NAME arrayjit VERSION ${PROJECT_VERSION} SOVERSION 0
  LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/arrayjit.map
  EXPORT_NAME arrayjit)
set_target_properties(arrayjit PROPERTIES EXPORT_NAME arrayjit_static)

install(TARGETS arrayjit arrayjit_shared EXPORT arrayjitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS arrayjit_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/arrayjit.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# find_package(arrayjit): arrayjit::arrayjit (shared), arrayjit::arrayjit_static.
set(AJ_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/arrayjit)
install(EXPORT arrayjitTargets NAMESPACE arrayjit:: DESTINATION ${AJ_CMAKE_DIR})
include(CMakePackageConfigHelpers)
configure_file(${CMAKE_CURRENT_LIST_DIR}/arrayjitConfig.cmake.in
  ${CMAKE_BINARY_DIR}/arrayjitConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/arrayjitConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/arrayjitConfig.cmake ${CMAKE_BINARY_DIR}/arrayjitConfigVersion.cmake
  DESTINATION ${AJ_CMAKE_DIR})

# arrayjit.pc, its paths relative to its own place (${pcfiledir}), so that
# `cmake --install build --prefix P` may choose P after configuring (absolute
# only where CMAKE_INSTALL_LIBDIR or _INCLUDEDIR was given absolute).
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(AJ_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(AJ_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(AJ_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  string(REGEX MATCHALL "[^/]+" AJ_PC_PARTS "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
  set(AJ_PC_PREFIX "\${pcfiledir}")
  foreach(part IN LISTS AJ_PC_PARTS)
    string(APPEND AJ_PC_PREFIX "/..")
  endforeach()
  set(AJ_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(AJ_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/arrayjit.pc.in ${CMAKE_BINARY_DIR}/arrayjit.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/arrayjit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
