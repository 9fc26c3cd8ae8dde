#!/usr/bin/env bash
# tests/jit/thunks.sh - compiled code as the kernel build makes it, with
# retpolines (vm_platform.indirect_thunks): no indirect call or jump.
#
#   tests/jit/thunks.sh [FILTER]
#
# Builds build/jit-release/jitvm (as tests/jit/run.sh) and runs the
# conformance corpus with JITVM_THUNKS set (tests/jit/jitvm.c: fake thunks
# beside the code region that count their calls; every compiled method's
# code kept), so every program's output is checked against java's as
# usual (checks jitvm-thunks/<release>/<Name>).  Then:
#   jit-thunks/no-indirect   objdump of every compiled method: no
#                            `call *reg`, `jmp *reg` (nor through memory)
#   jit-thunks/used          the thunks were called (through rax: C
#                            helpers out of reach, and r10: virtual
#                            dispatch), and methods were compiled
#   jit-thunks/selftest      the same objdump check on a program compiled
#                            without thunks finds its indirect calls
#   jit-thunks/no-ret        (kt21) with jitvm's fake return thunk
#                            (vm_platform.return_thunk): no `ret`, no
#                            push right before a return (`push; ret` or
#                            push + jmp to the return thunk), the thunk
#                            reached by jumps and taken; -t2 and -hot
#                            variants for the tier-2 runs below, and
#                            jit-thunks/selftest-ret: code compiled without
#                            the return thunk (JITVM_NO_RETHUNK=1) has
#                            returns the check finds
# Then the corpus once more with tier 2 on every method (JITVM_TIER2=2, as
# -Xjit:tier2=all; checks jitvm-thunks-t2/<release>/<Name>, outputs
# against java's) and:
#   jit-thunks/tier2-no-indirect  objdump of every compiled method, the
#                            tier-2 ones (<pid>-<n>-t2.bin) counted apart:
#                            no indirect call or jump, and tier-2 code exists
#   jit-thunks/tier2-used    sampled thunk calls (jitvm.c: every 16th
#                            call's return address) came from tier-2 code
# and the same two (jit-thunks/tier2-hot-*) with tier 2 by counts
# (JITVM_TIER2=hot: calls=2, backedges=20), which also compiles loop-header
# variants entered from the baseline's code (OSR; the -t2.bin files then
# hold these too).
# tests/run_tests.sh runs it in stage jit.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
filter=${1:-}
O=build/release
J=build/jit-release
mkdir -p "$J"
flags="-std=c11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter"
if ! make -s all > "$J/make.log" 2>&1; then
    echo "FAIL: jit-thunks/build: make failed ($(grep -m1 -E 'error|\*\*\*' "$J/make.log"))"
    exit 1
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} $flags -Iinclude -Isrc/platform -o "$J/jitvm" tests/jit/jitvm.c "$O"/obj/src/platform/posix/*.o \
        "$O/libvifvm-core.a" -lm > "$J/cc.log" 2>&1; then
    echo "FAIL: jit-thunks/build: tests/jit/jitvm.c does not build ($(grep -m1 -E 'error|undefined' "$J/cc.log"))"
    exit 1
fi
command -v objdump > /dev/null || { echo "SKIP: jit-thunks: no objdump"; exit 0; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
# (the corpus' outputs under build/conformance/out/jit-thunks/)
mkdir -p build/jit-thunks
cp "$J/jitvm" build/jit-thunks/jitvm
JITVM_THUNKS=$D CONF_LABEL=jitvm-thunks tests/conformance/run.sh build/jit-thunks/jitvm $filter
rc=$?
shopt -s nullglob
bins=("$D"/*.bin)
if [ ${#bins[@]} -eq 0 ]; then
    echo "FAIL: jit-thunks/no-indirect: no compiled code was written"; exit 1
fi
# each method disassembled on its own (a linear sweep from its start):
# the indirect calls and jumps of the files given
indirect() {
    printf '%s\0' "$@" | xargs -0 -n 200 objdump -D -b binary -mi386:x86-64 -M intel |
        awk '/^\/.*:     file format/ {f=$1} /\t(notrack )?(call|jmp) +(QWORD PTR )?\[?r[a-z0-9]+/ {print f, $0}'
}
# returns (vm_platform.return_thunk: jitvm's fake thunk, at retthunk= in
# the count file): each method disassembled from the address it ran at
# (<pid>-<n>-<addr>[-t2].bin), so a jmp's target is absolute; each
# process's thunk from its count file (<pid>.count).  Prints
# "FILE: INSN" for a `ret` (C3, or C2 iw) and for a push right before a
# return (push; ret, or push; jmp to the return thunk: a jump made as a
# return, which the return stack mispredicts), and last "thunked N": the
# jumps to the return thunk.
returns() {
    local rt="" c
    for c in "$1"/*.count; do     # each process's thunk: "pid:addr ..."
        [ -f "$c" ] && rt="$rt $(basename "$c" .count):$(sed -n 's/.*retthunk=\([0-9a-f]*\).*/\1/p' "$c")"
    done
    shift
    printf '%s\0' "$@" | xargs -0 -n 200 objdump -D -b binary -mi386:x86-64 -M intel |
        awk -v rt="${rt:-0}" '
            function hex(s,   i, v) {
                s = tolower(s); sub(/^0x/, "", s); v = 0
                for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
                return v }
            # a jump target objdump printed as 64 bits (before the start of the file: negative)
            function rel(s,   i, v) {
                s = tolower(s); sub(/^0x/, "", s)
                if (length(s) < 16 || substr(s, 1, 1) < "8") return hex(s)
                v = 0
                for (i = 1; i <= 16; i++) v = v * 16 + 15 - (index("0123456789abcdef", substr(s, i, 1)) - 1)
                return -(v + 1) }
            BEGIN { n = split(rt, kv, " "); for (i = 1; i <= n; i++) { split(kv[i], p, ":"); rtof[p[1]] = hex(p[2]) } }
            /^\/.*:     file format/ {
                f = $1; sub(/:$/, "", f); n = split(f, part, "/"); split(part[n], fld, "[-.]")
                base = hex(fld[3]); rtv = rtof[fld[1]] + 0; prev = ""; next }
            {
                if (split($0, a, "\t") < 3) next
                ins = a[3]; sub(/ +$/, "", ins)
                isret = ins ~ /^((repz|bnd) )?ret([ ]|$)/
                if (!isret && ins ~ /^jmp +0x[0-9a-f]+$/ && rtv != 0) {
                    t = ins; sub(/^jmp +/, "", t)
                    if (base + rel(t) == rtv) { isret = 2; thunked++ }
                }
                if (isret == 1) print f ": " ins
                if (isret && prev ~ /^push /) print f ": " prev "; " ins
                prev = ins
            }
            END { print "thunked " thunked + 0 }'
}
# the returns check: PASS/FAIL line for label, dir, files
check_returns() {
    local label=$1 dir=$2 out bad n used
    shift 2
    out=$(returns "$dir" "$@")
    bad=$(echo "$out" | grep -v '^thunked ' | head -5)
    n=$(echo "$out" | sed -n 's/^thunked //p')
    used=$(cat "$dir"/*.count 2>/dev/null | sed -n 's/.* ret=\([0-9]*\).*/\1/p' | awk '{s += $1} END {printf "%.0f", s}')
    if [ -n "$bad" ]; then
        echo "FAIL: $label: returns not through the return thunk:"
        echo "$bad" | sed 's/^/    /'
        return 1
    elif [ "${n:-0}" = 0 ] || [ "${used:-0}" = 0 ]; then
        echo "FAIL: $label: no return through the return thunk ($n jumps to it, $used calls counted)"
        return 1
    fi
    echo "PASS: $label ($# compiled methods: no ret, no push before a return; $n jumps to the return thunk, taken $used times)"
}
bad=$(indirect "${bins[@]}" | head -5)
if [ -n "$bad" ]; then
    echo "FAIL: jit-thunks/no-indirect: indirect branches in compiled code:"
    echo "$bad" | sed 's/^/    /'
    rc=1
else
    echo "PASS: jit-thunks/no-indirect (${#bins[@]} compiled methods, no indirect call or jump)"
fi
check_returns jit-thunks/no-ret "$D" "${bins[@]}" || rc=1
read -r rax r10 all comp < <(cat "$D"/*.count 2>/dev/null |
    awk -F'[ =]' '{a+=$2; b+=$4; c+=$6; d+=$8} END {printf "%.0f %.0f %.0f %.0f\n", a, b, c, d}')
if [ "$all" != 0 ] && [ "$rax" != 0 ] && [ "$r10" != 0 ] && [ "$comp" != 0 ]; then
    echo "PASS: jit-thunks/used ($comp methods compiled; thunk calls: $all, rax $rax, r10 $r10)"
else
    echo "FAIL: jit-thunks/used: thunk calls all=$all rax=$rax r10=$r10, methods compiled $comp"
    rc=1
fi
# tier 2 on every method (-Xjit:tier2=all), then by counts with OSR
# (hot: -Xjit:tier2=hot,calls=2,backedges=20): its code too
for mode in 2:tier2 hot:tier2-hot; do
    t=${mode#*:}
    T2=$(mktemp -d -p "$D")
    mkdir -p build/jit-thunks-$t && cp "$J/jitvm" build/jit-thunks-$t/jitvm   # (its outputs apart)
    JITVM_THUNKS=$T2 JITVM_TIER2=${mode%%:*} CONF_LABEL=jitvm-thunks-$t tests/conformance/run.sh build/jit-thunks-$t/jitvm $filter || rc=1
    bins=("$T2"/*.bin)
    t2bins=("$T2"/*-t2.bin)
    bad=$( [ ${#bins[@]} -gt 0 ] && indirect "${bins[@]}" | head -5)
    if [ ${#t2bins[@]} -eq 0 ]; then
        echo "FAIL: jit-thunks/$t-no-indirect: no tier-2 code was written (${#bins[@]} methods)"
        rc=1
    elif [ -n "$bad" ]; then
        echo "FAIL: jit-thunks/$t-no-indirect: indirect branches in compiled code (tier 2: *-t2.bin):"
        echo "$bad" | sed 's/^/    /'
        rc=1
    else
        echo "PASS: jit-thunks/$t-no-indirect (${#bins[@]} compiled methods, ${#t2bins[@]} of them tier 2, no indirect call or jump)"
    fi
    if [ ${#t2bins[@]} -gt 0 ]; then
        check_returns jit-thunks/$t-no-ret "$T2" "${bins[@]}" || rc=1
    fi
    read -r all t2code t2calls < <(cat "$T2"/*.count 2>/dev/null |
        awk '{for (i = 1; i <= NF; i++) {split($i, kv, "="); v[kv[1]] += kv[2]}}
             END {printf "%.0f %.0f %.0f\n", v["all"], v["t2code"], v["t2calls"]}')
    if [ "${t2code:-0}" != 0 ] && [ "${t2calls:-0}" != 0 ]; then
        echo "PASS: jit-thunks/$t-used ($t2code tier-2 codes; thunk calls: $all, of the sampled $t2calls from tier-2 code)"
    else
        echo "FAIL: jit-thunks/$t-used: tier-2 codes $t2code, sampled thunk calls from tier-2 code ${t2calls:-0} (all $all)"
        rc=1
    fi
done
# self-test: the same check on code compiled without thunks must bite
S=$(mktemp -d -p "$D")
javac --release 8 -nowarn -d "$S" tests/conformance/Polymorphism.java 2> /dev/null
JITVM_THUNKS=$S JITVM_NO_THUNKS=1 build/jit-thunks/jitvm -cp "$S" Polymorphism > /dev/null 2>&1
sbins=("$S"/*.bin)
n=$( [ ${#sbins[@]} -gt 0 ] && indirect "${sbins[@]}" | wc -l || echo 0)
if [ "$n" -gt 0 ]; then
    echo "PASS: jit-thunks/selftest (without thunks the check finds $n indirect calls in Polymorphism)"
else
    echo "FAIL: jit-thunks/selftest: the check finds no indirect call in code compiled without thunks"
    rc=1
fi
# ... and the returns check on code compiled without the return thunk
# (JITVM_NO_RETHUNK=1: plain ret) must find its returns
R=$(mktemp -d -p "$D")
JITVM_THUNKS=$R JITVM_NO_RETHUNK=1 build/jit-thunks/jitvm -cp "$S" Polymorphism > /dev/null 2>&1
rbins=("$R"/*.bin)
n=$( [ ${#rbins[@]} -gt 0 ] && returns "$R" "${rbins[@]}" | grep -vc '^thunked ' || echo 0)
if [ "$n" -gt 0 ]; then
    echo "PASS: jit-thunks/selftest-ret (without the return thunk the check finds $n returns in Polymorphism)"
else
    echo "FAIL: jit-thunks/selftest-ret: the check finds no ret in code compiled without the return thunk"
    rc=1
fi
exit $rc
