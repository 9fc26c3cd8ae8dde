#!/usr/bin/env bash
# tests/jit/run.sh - the conformance corpus with the JIT: builds
# build/jit-<mode>/jitvm (tests/jit/jitvm.c: every compilable method
# compiled before main) against build/<mode>'s core library and runs
# tests/conformance/run.sh with it (outputs under
# build/conformance/out/jit-<mode>-jit, apart from the plain runs).
# Checks are named jitvm/<mode>/<release>/<Name>; a build failure is
# `FAIL: jitvm/<mode>/build`.  tests/run_tests.sh runs it (stage jit).
#
#   tests/jit/run.sh [release|asan] [FILTER]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
mode=${1:-release}
filter=${2:-}
case "$mode" in release|asan) ;; *) echo "usage: $0 [release|asan] [FILTER]" >&2; exit 2 ;; esac
O=build/$mode
J=build/jit-$mode
mkdir -p "$J"
flags="-std=c11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter"
[ "$mode" = asan ] && flags="$flags -fsanitize=address,undefined -fno-sanitize-recover=undefined"
if [ "$mode" = asan ]; then target=asan; else target=all; fi
if ! make -s "$target" > "$J/make.log" 2>&1; then
    echo "FAIL: jitvm/$mode/build: make $target failed ($(grep -m1 -E 'error|\*\*\*' "$J/make.log"))"
    exit 1
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} $flags -Iinclude -Isrc/platform -o "$J/jitvm" tests/jit/jitvm.c "$O"/obj/src/platform/posix/*.o \
        "$O/libvifvm-core.a" -lm > "$J/cc.log" 2>&1; then
    echo "FAIL: jitvm/$mode/build: tests/jit/jitvm.c does not build ($(grep -m1 -E 'error|undefined' "$J/cc.log"))"
    exit 1
fi
CONF_LABEL=jitvm/$mode exec tests/conformance/run.sh "$J/jitvm" $filter
