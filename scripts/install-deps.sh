#!/usr/bin/env bash
# scripts/install-deps.sh - install the Debian 12 packages vifvm needs to build and test.
#
#   scripts/install-deps.sh [--check] [--kernel]
#
# Checks each package with dpkg-query (fast when everything is installed).
# If something is missing: as root, runs
#   apt-get update && apt-get install -y --no-install-recommends <missing>
# otherwise prints the exact sudo command to run and exits 1.
# --check only reports (exit 1 if something is missing).
# --kernel also installs what the kernel module needs (make kmod,
# tests/kmod/run.sh: the kernel headers, qemu-system-x86, busybox-static,
# cpio, kmod, iproute2, and the distribution kernel's image unpacked into
# build/kernel/) by running scripts/install-kernel-deps.sh; the test suite's
# kmod stage runs that itself, so this is for a machine being prepared.
#
# Packages: build-essential (gcc, make, libc headers), make, binutils (nm, ar),
# clang and libclang-rt-14-dev (clang builds and the libFuzzer runtime),
# openjdk-17-jdk-headless (javac for the class library and tests, java for
# expected outputs, jar), valgrind, zlib1g-dev (inflate unit tests), libpcap-dev
# (vifd: pcap input/output and filters), libcapstone-dev (JIT encoder tests,
# --jit-disasm), pkg-config, iproute2 (live tests: ip netns), python3
# (datapath test checker), gnuplot-nox (bench/plot.sh: the benchmark plots).
set -euo pipefail

PKGS=(build-essential make binutils clang libclang-rt-14-dev openjdk-17-jdk-headless valgrind zlib1g-dev libpcap-dev libcapstone-dev pkg-config iproute2 python3 gnuplot-nox)
# commands the build and the test scripts use, with the package providing them
CMDS="gcc:build-essential make:make nm:binutils ar:binutils clang:clang javac:openjdk-17-jdk-headless
java:openjdk-17-jdk-headless jar:openjdk-17-jdk-headless valgrind:valgrind timeout:coreutils
sha256sum:coreutils diff:diffutils cmp:diffutils xargs:findutils python3:python3 gnuplot:gnuplot-nox"

check_only=0 kernel=0
for arg in "$@"; do
    case "$arg" in
        --check) check_only=1 ;;
        --kernel) kernel=1 ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: $0 [--check] [--kernel]" >&2; exit 2 ;;
    esac
done
# the kernel module's packages and image, after the user-space ones
kernel_deps() {
    [ "$kernel" = 1 ] || return 0
    local args=()
    [ "$check_only" = 1 ] && args=(--check)
    "$(dirname "$0")/install-kernel-deps.sh" "${args[@]}" > /dev/null || {
        echo "install-deps: the kernel module's dependencies are missing or could not be installed (scripts/install-kernel-deps.sh)" >&2
        exit 1
    }
    echo "install-deps: the kernel module's dependencies are installed"
}

missing=()
if command -v dpkg-query > /dev/null 2>&1; then
    for p in "${PKGS[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$p")
        fi
    done
else
    echo "install-deps: dpkg-query not found (not a Debian system?); checking commands only" >&2
fi
for pair in $CMDS; do
    cmd=${pair%%:*} pkg=${pair#*:}
    if ! command -v "$cmd" > /dev/null 2>&1; then
        case " ${missing[*]} " in *" $pkg "*) ;; *) missing+=("$pkg") ;; esac
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-deps: all dependencies are installed"
    kernel_deps
    exit 0
fi
echo "install-deps: missing: ${missing[*]}"
if [ "$check_only" = 1 ]; then
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: not root; install them with:"
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
    exit 1
fi
if ! command -v apt-get > /dev/null 2>&1; then
    echo "install-deps: apt-get not found; install these packages by hand: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# slim Debian images drop man directories; the JDK's postinst needs man1
mkdir -p /usr/share/man/man1
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
echo "install-deps: installed ${missing[*]}"
kernel_deps
