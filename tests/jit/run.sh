#!/usr/bin/env bash
# tests/jit/run.sh - the conformance corpus with the JIT: builds
# build/jit-<mode>/jitvm (tests/jit/jitvm.c: every compilable method
# compiled before main) against build/<mode>'s core library and runs
# tests/conformance/run.sh with it (outputs under
# build/conformance/out/jit-<mode>, apart from the plain runs).
#
#   tests/jit/run.sh [release|asan] [FILTER]
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-release}
filter=${2:-}
O=build/$mode
flags="-std=c11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter"
[ "$mode" = asan ] && flags="$flags -fsanitize=address,undefined -fno-sanitize-recover=undefined"
if [ "$mode" = asan ]; then make -s asan >/dev/null; else make -s >/dev/null; fi
J=build/jit-$mode
mkdir -p "$J"
${CC:-cc} $flags -Iinclude -Isrc/platform -o "$J/jitvm" tests/jit/jitvm.c "$O"/obj/src/platform/posix/*.o \
    "$O/libvifvm-core.a" -lm
exec tests/conformance/run.sh "$J/jitvm" $filter
