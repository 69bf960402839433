#!/bin/sh
# Installs the Debian/Ubuntu packages arrayjit's build and tests need (what
# .ci/run installs on a fresh Debian 12 machine), only those missing.
#
#   scripts/install_deps.sh               everything: build, demo and tests
#   scripts/install_deps.sh --build-only  the build and the demo only (no
#                                         chromium, clang: the SVG and fuzz tests)
#   scripts/install_deps.sh --yes         do not ask before using sudo
#
# Build: cmake, gcc, make, libc6-dev; nettle-dev (the disk cache's
# SHA-256); libblis-dev (BLIS: generated matrix products call it; without
# it they run as plain loops, many times slower); liblapack-dev (LAPACK:
# jnp.linalg's LU, QR, eigh and SVD run it; without it they fail, naming
# it); pkg-config (the install test). Tests: chromium and python3 (the
# memory picture's test renders the SVG), python3-venv (the Python
# package's tests, in a venv), clang and libclang-rt-14-dev (libFuzzer).
set -eu
yes=0 build_only=0
for arg in "$@"; do
    case $arg in
        -y|--yes) yes=1 ;;
        --build-only) build_only=1 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install_deps.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done
if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
    echo "install_deps.sh: no apt-get here; install by hand: a C11 compiler (gcc), cmake, make," >&2
    echo "  nettle (headers and library), BLIS (libblis.so.4 and blis.h), LAPACK (liblapack.so.3), pkg-config" >&2
    exit 1
fi

packages="cmake gcc make libc6-dev libblis-dev liblapack-dev nettle-dev pkg-config"
[ $build_only = 1 ] || packages="$packages chromium python3 python3-venv clang libclang-rt-14-dev"
need=""
for pkg in $packages; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"
done
# A tool installed some other way (not from its package) counts as present.
missing=""
for pkg in $need; do
    case $pkg in
        cmake|gcc|make|pkg-config) command -v $pkg >/dev/null && continue ;;
    esac
    missing="$missing $pkg"
done
if [ -z "$missing" ]; then
    echo "install_deps.sh: all needed packages are installed"
    exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "install_deps.sh: not root and no sudo; as root run: apt-get install$missing" >&2; exit 1; }
    sudo=sudo
fi
echo "install_deps.sh: missing:$missing"
echo "  will run: ${sudo:+$sudo }apt-get update && ${sudo:+$sudo }apt-get install -y$missing"
if [ -n "$sudo" ] && [ $yes = 0 ]; then
    if [ ! -t 0 ]; then
        echo "install_deps.sh: not asking without a terminal; rerun with --yes to use sudo" >&2
        exit 1
    fi
    printf "Run these with sudo? [y/N] "
    read -r answer
    case $answer in
        y|Y|yes|YES) ;;
        *) echo "install_deps.sh: nothing installed"; exit 1 ;;
    esac
fi
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
