# Tests beyond the unit tests (included from the top-level CMakeLists).

# The worked example at the top of include/arrayjit.h, compiled and run as
# written: its lines between EXAMPLE BEGIN and END become example().
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/arrayjit.h)
file(STRINGS ${CMAKE_SOURCE_DIR}/include/arrayjit.h AJ_HEADER_LINES)
set(AJ_EXAMPLE_BODY "")
set(AJ_EXAMPLE_FUNCTIONS "")
set(AJ_IN_EXAMPLE OFF)
set(AJ_IN_FUNCTIONS OFF)
foreach(line IN LISTS AJ_HEADER_LINES)
  if(line MATCHES "EXAMPLE END")
    set(AJ_IN_EXAMPLE OFF)
  endif()
  if(line MATCHES "EXAMPLE FUNCTIONS END")
    set(AJ_IN_FUNCTIONS OFF)
  endif()
  string(REGEX REPLACE "^ \\*(    )?" "" code "${line}")
  if(AJ_IN_EXAMPLE)
    string(APPEND AJ_EXAMPLE_BODY "    ${code}\n")
  endif()
  if(AJ_IN_FUNCTIONS)
    string(APPEND AJ_EXAMPLE_FUNCTIONS "${code}\n")
  endif()
  if(line MATCHES "EXAMPLE BEGIN")
    set(AJ_IN_EXAMPLE ON)
  endif()
  if(line MATCHES "EXAMPLE FUNCTIONS BEGIN")
    set(AJ_IN_FUNCTIONS ON)
  endif()
endforeach()
set(AJ_EXAMPLE_C ${CMAKE_BINARY_DIR}/header_example.c)
file(WRITE ${AJ_EXAMPLE_C}.in
  "/* Generated from include/arrayjit.h by tests/tests.cmake. */\n"
  "#include <stdio.h>\n#include \"arrayjit.h\"\n"
  "static int fail(void) { fprintf(stderr, \"error: %s\\n\", aj_last_error()); return 1; }\n"
  "${AJ_EXAMPLE_FUNCTIONS}"
  "int example(void) {\n${AJ_EXAMPLE_BODY}    return 0;\n}\n")
configure_file(${AJ_EXAMPLE_C}.in ${AJ_EXAMPLE_C} COPYONLY)
add_executable(header_example ${AJ_EXAMPLE_C} tests/header_example_main.c)
target_link_libraries(header_example PRIVATE arrayjit)
add_test(NAME header_example COMMAND header_example)
set_tests_properties(header_example PROPERTIES
  PASS_REGULAR_EXPRESSION "^0.5884 2.2593\n0.5884 2.2593, peak 80 bytes\n0.1000 1.2000, traced 1 time"
  FAIL_REGULAR_EXPRESSION "error:|example failed")

# Program tests: .mlir files with embedded checks, run by the CLI, compiled
# and with the evaluator.
add_test(NAME programs COMMAND arrayjit_cli check ${CMAKE_SOURCE_DIR}/tests/programs)
add_test(NAME programs_eval COMMAND arrayjit_cli check --eval ${CMAKE_SOURCE_DIR}/tests/programs)
# tests/programs/fast: programs whose answers hold in fast mode too (exact in any order), run there.
add_test(NAME programs_fast COMMAND arrayjit_cli check --fast ${CMAKE_SOURCE_DIR}/tests/programs/fast)

# The public conformance suite's tier-1 files (skipped where the suite is
# absent), compiled and with the reference evaluator.
add_test(NAME conformance_tier1
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 1)
add_test(NAME conformance_tier1_eval
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 1 --eval)
set_tests_properties(conformance_tier1 conformance_tier1_eval PROPERTIES SKIP_RETURN_CODE 77)

# Tiers <= 2 (tier 1 included), against tests/conformance_xfail_tier2.txt
# (the files that do not pass yet). The compiled run takes about 1 min with an
# empty cache (on 2 busy cores; tier 1's files come from the cache).
add_test(NAME conformance_tier2
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 2)
add_test(NAME conformance_tier2_eval
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 2 --eval)
set_tests_properties(conformance_tier2 conformance_tier2_eval PROPERTIES SKIP_RETURN_CODE 77)
# After tier 1, whose compiled files tier 2 then finds in the disk cache.
set_tests_properties(conformance_tier2 PROPERTIES DEPENDS conformance_tier1)

# Tiers <= 3 against tests/conformance_xfail_tier3.txt (the tier-3 files
# that do not pass yet, by feature), after tier 2, whose files it then finds
# in the disk cache.
add_test(NAME conformance_tier3
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 3)
add_test(NAME conformance_tier3_eval
  COMMAND ${CMAKE_SOURCE_DIR}/tests/conformance.sh $<TARGET_FILE:arrayjit_cli> ${AJ_CONFORMANCE_DIR} 3 --eval)
set_tests_properties(conformance_tier3 conformance_tier3_eval PROPERTIES SKIP_RETURN_CODE 77)
set_tests_properties(conformance_tier3 PROPERTIES DEPENDS conformance_tier2)

# Programs whose checks must fail: proves the checks can fail.
add_test(NAME programs_failing COMMAND arrayjit_cli check ${CMAKE_SOURCE_DIR}/tests/failing)
set_tests_properties(programs_failing PROPERTIES
  PASS_REGULAR_EXPRESSION "0 passed, 9 failed, 0 skipped")
# A failing compile-result check names its place, the figure, what the
# compiled function has and what was expected.
add_test(NAME programs_failing_figure
  COMMAND arrayjit_cli check ${CMAKE_SOURCE_DIR}/tests/failing/expect_memory_wrong.mlir)
set_tests_properties(programs_failing_figure PROPERTIES
  PASS_REGULAR_EXPRESSION "expect_memory_wrong.mlir:4:3: check.expect_memory: @layers compiles to temp = 128, expected 64")

# Benchmarks are programs, not tests: built when BLIS is present (the sgemm
# peer in the table), run by hand (see README). -O3 so that the STREAM triad
# it measures in the same run is vectorised, as the generated code is.
find_library(AJ_BLIS NAMES blis)
if(AJ_BLIS)
  add_executable(bench_arrayjit bench/bench.c)
  target_compile_options(bench_arrayjit PRIVATE -O3 -march=native)
  target_link_libraries(bench_arrayjit PRIVATE arrayjit ${AJ_BLIS})
endif()

# The dispatch bench (no BLAS needed); its test runs it briefly.
add_executable(bench_dispatch bench/dispatch.c)
target_compile_options(bench_dispatch PRIVATE -O2)
target_link_libraries(bench_dispatch PRIVATE arrayjit)
add_test(NAME bench_dispatch COMMAND bench_dispatch --calls=200 --batches=3)
set_tests_properties(bench_dispatch PROPERTIES PASS_REGULAR_EXPRESSION "aj_jit_call +[0-9.]+")

# The memory budget's table (bench/remat.sh): a client of the header alone.
add_executable(remat_bench bench/remat_bench.c)
target_compile_options(remat_bench PRIVATE -O2)
target_link_libraries(remat_bench PRIVATE arrayjit)

add_test(NAME programs_failing_eval COMMAND arrayjit_cli check --eval ${CMAKE_SOURCE_DIR}/tests/failing)
# The two wrong figures are skipped: --eval compiles nothing to compare.
set_tests_properties(programs_failing_eval PROPERTIES
  PASS_REGULAR_EXPRESSION "0 passed, 7 failed, 2 skipped")

# `arrayjit run` on .npy files (and run/mem --grad), and their errors.
add_test(NAME cli_run COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/run.sh $<TARGET_FILE:arrayjit_cli>)

# Output files replace only regular files (never through a symlink, keeping
# the mode, leaving no temporary); .npy inputs are bounded by their size.
add_test(NAME cli_output COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/output.sh $<TARGET_FILE:arrayjit_cli>)

# An unusable --cache-dir warns once and compiles without it; a private one is made and used.
add_test(NAME cli_cache COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/cache.sh $<TARGET_FILE:arrayjit_cli> ${CMAKE_SOURCE_DIR}/tests)
set_tests_properties(cli_cache PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")

# --timeout=SECONDS stops while loops that never end (run and check, compiled and --eval).
add_test(NAME cli_timeout COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/timeout.sh $<TARGET_FILE:arrayjit_cli>)
# A time limit that stops nothing would hang these: fail them instead.
set_tests_properties(cli_timeout test_timeout PROPERTIES TIMEOUT 300)

# Program text is hostile: names, attributes and custom_call targets that
# hold C syntax reach generated code only escaped (and the rule that keeps
# it so holds in src/emit and src/build).
add_test(NAME cli_hostile_text COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/hostile_text.sh $<TARGET_FILE:arrayjit_cli>)
add_test(NAME program_text_rule COMMAND ${CMAKE_SOURCE_DIR}/tests/program_text_rule.sh ${CMAKE_SOURCE_DIR}/src)
# Program files that are devices, pipes, FIFOs, and folders with link loops.
add_test(NAME cli_inputs COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/inputs.sh $<TARGET_FILE:arrayjit_cli>)

# Chains of 20001 ops (run, --eval, mem; --grad of 3000, --no-fusion of 300), a
# deep reducer region and nested ifs: results or clear errors, never a stack overflow.
add_test(NAME cli_deep COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/deep.sh $<TARGET_FILE:arrayjit_cli>)
set_tests_properties(cli_deep PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")
# Ahead of time: exported programs built with the system compiler alone, equal to the evaluator.
add_test(NAME aot COMMAND ${CMAKE_SOURCE_DIR}/tests/aot/aot.sh $<TARGET_FILE:arrayjit_cli> ${CMAKE_SOURCE_DIR})
set_tests_properties(aot PROPERTIES PASS_REGULAR_EXPRESSION "\nok\n$" SKIP_RETURN_CODE 77)
# README.md's three guides ("Three ways in"), each block run as written: the C
# program against this build, the Python and command-line ones, the AOT one.
add_test(NAME readme COMMAND ${CMAKE_SOURCE_DIR}/tests/readme/run.sh ${CMAKE_BINARY_DIR} ${AJ_SANITIZE})
set_tests_properties(readme PROPERTIES PASS_REGULAR_EXPRESSION "readme: ok" FAIL_REGULAR_EXPRESSION "readme: FAIL")
# --dump-after for every stage of the driver: the IR, the contract, the plan, the source, the figures.
add_test(NAME cli_dump COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/dump.sh $<TARGET_FILE:arrayjit_cli>
  ${CMAKE_SOURCE_DIR}/bench/programs/softmax.mlir ${CMAKE_SOURCE_DIR}/tests/cli/row_run.mlir)
set_tests_properties(cli_dump PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")

# `arrayjit mem --json`: one object with the keys the memory analysis promises.
# The demo's bar: 60 s on this machine's optimised build (sanitizers slow it).
if(AJ_SANITIZE)
  set(AJ_DEMO_LIMIT 400)
else()
  set(AJ_DEMO_LIMIT 60)
endif()
add_test(NAME cli_demo COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/demo.sh $<TARGET_FILE:arrayjit_cli> ${AJ_DEMO_LIMIT})
add_test(NAME cli_svg COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/svg.sh $<TARGET_FILE:arrayjit_cli> ${CMAKE_SOURCE_DIR})
add_test(NAME cli_mem COMMAND arrayjit_cli mem --json ${CMAKE_SOURCE_DIR}/tests/cli/negate_sum.mlir)
set_tests_properties(cli_mem PROPERTIES PASS_REGULAR_EXPRESSION
  "\"argument_bytes\": 12, \"output_bytes\": 16, \"alias_bytes\": 0, \"temp_bytes\": [0-9]+, \"code_bytes\": [1-9][0-9]*, \"lower_bound_bytes\": [0-9]+, \"fused_away_bytes\": [0-9]+, \"eager_peak_bytes\": [0-9]+, \"peak_bytes\": [0-9]+")

# The compiler issue's memory bars on the benchmark programs.
add_test(NAME bench_bars COMMAND ${CMAKE_SOURCE_DIR}/tests/bench_bars.sh $<TARGET_FILE:arrayjit_cli>)

# The memory budget's bars on the 32-layer MLP's gradient.
add_test(NAME remat_bars COMMAND ${CMAKE_SOURCE_DIR}/tests/remat_bars.sh $<TARGET_FILE:arrayjit_cli>)

# `cmake --install` into a temporary prefix, then an outside program built
# against it with pkg-config (the shared library) and with find_package
# (shared and static), and run (skipped, 77, in the sanitizer build).
add_test(NAME install COMMAND ${CMAKE_SOURCE_DIR}/tests/install/install.sh
  ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR} ${AJ_SANITIZE})
set_tests_properties(install PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
  PASS_REGULAR_EXPRESSION "install: ok")

# Compiled code goes to a disk cache inside the build tree, not the user's.
# Generated code does not depend on how the library was built, so test.sh
# lets its two builds share one (the sanitizer build then finds the
# conformance files' kernels already built).
set(AJ_TEST_CACHE_HOME "${CMAKE_BINARY_DIR}/cache" CACHE PATH "XDG_CACHE_HOME for the tests")
get_property(AJ_ALL_TESTS DIRECTORY PROPERTY TESTS)
foreach(t ${AJ_ALL_TESTS})
  set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT "XDG_CACHE_HOME=${AJ_TEST_CACHE_HOME}")
endforeach()

# The LAPACK ops' unit test skips (77), saying why, where liblapack.so.3
# cannot be loaded.
set_tests_properties(test_lapack PROPERTIES SKIP_RETURN_CODE 77)
