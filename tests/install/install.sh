#!/bin/sh
# Installs the build into a temporary prefix (cmake --install), then builds
# an outside program against the installed tree alone and runs it, both
# ways a user would:
#   pkg-config: cc $(pkg-config --cflags --libs arrayjit), the shared
#               library, run with LD_LIBRARY_PATH;
#   CMake:      find_package(arrayjit) with CMAKE_PREFIX_PATH, linking
#               arrayjit::arrayjit (shared) and arrayjit::arrayjit_static.
# The program is the worked example at the top of include/arrayjit.h (the
# build's header_example.c and tests/header_example_main.c). Prints
# "install: ok"; exits 77 (skip) in the sanitizer build, whose libraries
# need the sanitizer runtimes in every program that links them.
# Usage: install.sh CMAKE BUILD_DIR SOURCE_DIR SANITIZE(ON|OFF)
set -eu
cmake=$1 build=$2 src=$3 sanitize=${4:-OFF}
case $sanitize in
    ON|on|1|TRUE|true|YES|yes)
        echo "install: skipped in the sanitizer build (its installed libraries need the ASan/UBSan runtimes linked first in every client); the plain build runs it"
        exit 77 ;;
esac
command -v pkg-config >/dev/null || { echo "install: FAIL: pkg-config is not installed (sudo apt-get install pkg-config)"; exit 1; }
cc=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arrayjit-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "install: FAIL: $*"; exit 1; }

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in include/arrayjit.h lib/libarrayjit.a lib/libarrayjit.so lib/pkgconfig/arrayjit.pc \
         lib/cmake/arrayjit/arrayjitConfig.cmake bin/arrayjit; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
done
# The shared library exports the API and nothing else.
if command -v nm >/dev/null; then
    extra=$(nm -D --defined-only "$prefix/lib/libarrayjit.so" | awk '$2 ~ /^[TDBRVW]$/ && $3 !~ /^aj_/ {print $3}' | head -5)
    [ -z "$extra" ] || fail "libarrayjit.so exports more than aj_*: $extra"
fi

# The program: the header's worked example, outside the source tree.
mkdir "$tmp/app"
cp "$build/header_example.c" "$src/tests/header_example_main.c" "$tmp/app/"
want=$(printf '0.5884 2.2593\n0.5884 2.2593, peak 80 bytes\n0.1000 1.2000, traced 1 time(s)')
check_run() {   # NAME COMMAND...
    name=$1; shift
    got=$("$@" 2>&1) || { printf '%s\n' "$got"; fail "$name: the program failed"; }
    [ "$got" = "$want" ] || { printf 'got:\n%s\nwanted:\n%s\n' "$got" "$want"; fail "$name: wrong output"; }
    echo "install: $name: ran"
}

# 1. pkg-config, shared library.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs arrayjit) || fail "pkg-config --cflags --libs arrayjit"
echo "install: pkg-config: $flags"
# shellcheck disable=SC2086
"$cc" -o "$tmp/app/example_pc" "$tmp/app/header_example.c" "$tmp/app/header_example_main.c" $flags \
    || fail "pkg-config: cc could not build the program"
if command -v readelf >/dev/null; then
    readelf -d "$tmp/app/example_pc" | grep -q 'NEEDED.*libarrayjit\.so' || fail "pkg-config: the program does not link libarrayjit.so"
fi
LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" check_run pkg-config "$tmp/app/example_pc"
# Libs.private is enough to link the static library alone.
# shellcheck disable=SC2086
"$cc" -o "$tmp/app/example_pc_static" "$tmp/app/header_example.c" "$tmp/app/header_example_main.c" \
    $(pkg-config --cflags arrayjit) "$prefix/lib/libarrayjit.a" $(pkg-config --static --libs-only-l arrayjit | sed 's/-larrayjit//') \
    || fail "pkg-config --static: cc could not build the program"
check_run "pkg-config --static" "$tmp/app/example_pc_static"

# 2. CMake: find_package(arrayjit).
cat >"$tmp/app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(arrayjit_client C)
find_package(arrayjit 0.1 REQUIRED)
add_executable(example_shared header_example.c header_example_main.c)
target_link_libraries(example_shared PRIVATE arrayjit::arrayjit)
add_executable(example_static header_example.c header_example_main.c)
target_link_libraries(example_static PRIVATE arrayjit::arrayjit_static)
CMAKE
"$cmake" -S "$tmp/app" -B "$tmp/app/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; fail "cmake: configuring the client (find_package)"; }
"$cmake" --build "$tmp/app/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "cmake: building the client"; }
# The shared one runs from its build RPATH, which points into the prefix.
if command -v readelf >/dev/null; then
    readelf -d "$tmp/app/build/example_shared" | grep -q 'NEEDED.*libarrayjit\.so' || fail "find_package: arrayjit::arrayjit does not link libarrayjit.so"
    ! readelf -d "$tmp/app/build/example_static" | grep -q 'NEEDED.*libarrayjit' || fail "find_package: arrayjit::arrayjit_static links libarrayjit.so"
fi
check_run "find_package, arrayjit::arrayjit" "$tmp/app/build/example_shared"
check_run "find_package, arrayjit::arrayjit_static" "$tmp/app/build/example_static"
echo "install: ok"
