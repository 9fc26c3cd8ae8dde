#!/usr/bin/env bash
# tests/jit/dcall.sh - the JIT's guarded direct calls (DCALL, -Xjit:-dcall;
# src/jit/jit_invoke.c) on and off, in code compiled as the kernel build
# compiles it: with retpolines (tests/jit/jitvm.c's fake thunks, as
# tests/jit/thunks.sh), at load (vm_prepare_class).
#
#   tests/jit/dcall.sh [--corpus]
#
# Programs: tests/jit/programs/DcallLate.java (a virtual and an interface
# call with one implementation in a loop, then a second implementation
# loaded by name after the first calls ran: JITVM_LATE keeps those two
# classes out of jitvm's preload) and bench/java/ObjectSort.java (its
# comparisons: an interface call with one implementation).  Checks, each
# run with DCALL on and off:
#   dcall/<prog>/<on|off>/output  stdout as OpenJDK's (the guard's miss
#                                 path: the late class's calls)
#   dcall/<prog>/thunk-calls      calls through the thunk for r10 (the
#                                 inline cache's `call r10`) counted by
#                                 the thunk: at least 10 times fewer
#                                 with DCALL on (and for DcallLate still
#                                 some: the late class misses the guard
#                                 and takes the cache)
#   dcall/<prog>/thunk-sites      call sites to the r10 thunk in the
#                                 compiled code (objdump of every method
#                                 at its run address): fewer with DCALL on
#   dcall/<prog>/direct           with DCALL on, call rel32 sites to
#                                 compiled methods (not thunks): more
# --corpus: also the conformance corpus with DCALL off in jitvm with the
# thunks (thunks.sh runs it with DCALL on; tests/jit/opts.sh runs its
# selection with vifvm and -Xjit:-dcall).
# tests/run_tests.sh runs it in stage jit.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
O=build/release
J=build/jit-release
W=build/jit-dcall
mkdir -p "$J" "$W"
flags="-std=c11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter"
if ! make -s all > "$W/make.log" 2>&1; then
    echo "FAIL: dcall/build: make failed ($(grep -m1 -E 'error|\*\*\*' "$W/make.log"))"; exit 1
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} $flags -Iinclude -Isrc/platform -o "$W/jitvm" tests/jit/jitvm.c "$O"/obj/src/platform/posix/*.o \
        "$O/libvifvm-core.a" -lm > "$W/cc.log" 2>&1; then
    echo "FAIL: dcall/build: tests/jit/jitvm.c does not build ($(grep -m1 -E 'error|undefined' "$W/cc.log"))"; exit 1
fi
command -v objdump > /dev/null || { echo "SKIP: dcall: no objdump"; exit 0; }
command -v javac > /dev/null || { echo "SKIP: dcall: no javac"; exit 0; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
rc=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; rc=1; }

# the thunk for r10 of a run (its count file: the fake return thunk is
# 16 thunks of 128 bytes after the first, jitvm.c) and the call sites in
# its code: "r10sites direct" (direct: call rel32 to anything but a thunk)
sites() { # dir
    local cnt rt
    cnt=$(echo "$1"/*.count)
    rt=$(sed -n 's/.*retthunk=\([0-9a-f]*\).*/\1/p' "$cnt")
    [ -n "$rt" ] || { echo "0 0"; return; }
    local f base
    for f in "$1"/*.bin; do
        base=$(basename "$f" .bin | cut -d- -f3)
        objdump -D -b binary -mi386:x86-64 -M intel --adjust-vma=0x"$base" "$f"
    done | awk -v rt="$rt" '
        function hex(s,   i, v) { s = tolower(s); sub(/^0x/, "", s); v = 0
            for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return v }
        BEGIN { r = hex(rt); lo = r - 16 * 128; t10 = lo + 10 * 128 }
        /\tcall +0x[0-9a-f]+ *$/ { t = $NF; v = hex(t)
            if (v == t10) n10++
            else if (v < lo || v > r + 128) direct++ }
        END { printf "%d %d\n", n10, direct }'
}

# run prog (class dir, main, args) with DCALL on and off; the checks
check() { # label dir main late args...
    local label=$1 dir=$2 main=$3 late=$4
    shift 4
    local exp=$D/$label.exp
    (cd "$dir" && java -cp . "$main" "$@") > "$exp" 2> /dev/null
    local mode out on10 off10 ons offs ond offd
    for mode in on off; do
        rm -rf "${D:?}/$label.$mode"; mkdir -p "$D/$label.$mode"
        local opts=""
        [ $mode = off ] && opts=-dcall
        out=$D/$label.$mode.out
        JITVM_OPTS=$opts JITVM_LATE=$late JITVM_THUNKS=$D/$label.$mode timeout 120 "$W/jitvm" -cp "$dir" "$main" "$@" > "$out" 2> "$out.err"
        # time_ms lines differ from run to run
        if ! diff <(grep -v '^time_ms' "$out") <(grep -v '^time_ms' "$exp") > /dev/null; then
            fail "dcall/$label/$mode/output: differs from java's ($(diff "$out" "$exp" | head -3 | tr '\n' ' '))"
        else
            pass "dcall/$label/$mode/output"
        fi
    done
    on10=$(sed -n 's/.* r10=\([0-9]*\).*/\1/p' "$D/$label.on"/*.count)
    off10=$(sed -n 's/.* r10=\([0-9]*\).*/\1/p' "$D/$label.off"/*.count)
    read -r ons ond < <(sites "$D/$label.on")
    read -r offs offd < <(sites "$D/$label.off")
    if [ -z "$on10" ] || [ -z "$off10" ]; then
        fail "dcall/$label/thunk-calls: no count (on '$on10', off '$off10')"
    elif [ $((on10 * 10)) -gt "$off10" ]; then
        fail "dcall/$label/thunk-calls: calls through the r10 thunk: on $on10, off $off10 (want on <= off/10)"
    elif [ "$label" = DcallLate ] && [ "$on10" -eq 0 ]; then
        fail "dcall/$label/thunk-calls: no call through the r10 thunk with DCALL on: the late classes did not take the inline cache"
    else
        pass "dcall/$label/thunk-calls (calls through the r10 thunk: on $on10, off $off10)"
    fi
    if [ "$ons" -lt "$offs" ]; then
        pass "dcall/$label/thunk-sites (call sites to the r10 thunk: on $ons, off $offs)"
    else
        fail "dcall/$label/thunk-sites: call sites to the r10 thunk: on $ons, off $offs"
    fi
    if [ "$ond" -gt "$offd" ]; then
        pass "dcall/$label/direct (call rel32 to compiled code: on $ond, off $offd)"
    else
        fail "dcall/$label/direct: call rel32 to compiled code: on $ond, off $offd"
    fi
}

mkdir -p "$W/DcallLate" "$W/ObjectSort"
javac --release 8 -nowarn -d "$W/DcallLate" tests/jit/programs/DcallLate.java &&
javac --release 8 -nowarn -d "$W/ObjectSort" bench/java/ObjectSort.java ||
    { echo "FAIL: dcall/setup: javac failed"; exit 1; }
check DcallLate "$W/DcallLate" DcallLate Circle,ConstWeigher
check ObjectSort "$W/ObjectSort" ObjectSort "" 30
if [ "${1:-}" = --corpus ]; then
    mkdir -p build/jit-dcall-off
    cp "$W/jitvm" build/jit-dcall-off/jitvm
    C=$(mktemp -d -p "$D")
    JITVM_OPTS=-dcall JITVM_THUNKS=$C CONF_LABEL=jitvm-dcall-off tests/conformance/run.sh build/jit-dcall-off/jitvm || rc=1
fi
exit $rc
