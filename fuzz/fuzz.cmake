# Fuzzing (included from the top-level CMakeLists). Each harness is also a
# plain executable (fuzz/replay.c feeds it files), so that every build, with
# any compiler, replays the regression inputs (tests/fuzz_regressions: what
# fuzzing found) and the seed programs through it.
set(AJ_FUZZ_HARNESSES fuzz_parse fuzz_pipeline)
foreach(h ${AJ_FUZZ_HARNESSES})
  add_executable(${h}_replay fuzz/${h}.c fuzz/replay.c)
  target_include_directories(${h}_replay PRIVATE src)
  target_link_libraries(${h}_replay PRIVATE arrayjit)
  add_test(NAME ${h}_regressions COMMAND ${h}_replay
    ${CMAKE_SOURCE_DIR}/tests/fuzz_regressions ${CMAKE_SOURCE_DIR}/tests/programs)
endforeach()

# -DAJ_FUZZ=ON (clang, with AJ_SANITIZE=ON for ASan and UBSan): the libFuzzer
# harnesses themselves, with the library instrumented for coverage; run as
# tests/fuzz.sh does.
option(AJ_FUZZ "Build the libFuzzer harnesses (needs clang)" OFF)
if(AJ_FUZZ)
  target_compile_options(arrayjit PRIVATE -fsanitize=fuzzer-no-link)
  foreach(h ${AJ_FUZZ_HARNESSES})
    add_executable(${h} fuzz/${h}.c)
    target_include_directories(${h} PRIVATE src)
    target_compile_options(${h} PRIVATE -fsanitize=fuzzer)
    target_link_options(${h} PRIVATE -fsanitize=fuzzer)
    target_link_libraries(${h} PRIVATE arrayjit)
  endforeach()
endif()
