#!/usr/bin/env bash
# bench/budget_cost.sh - the cost of the instruction-budget checks in the
# interpreter and in JIT-compiled code (issue 5: "publish the cost of the
# budget checks").
#
#   bench/budget_cost.sh [--reps N] [--scale K] [--engine int|jit|both]
#
# Builds build/nobudget/vifvm (-DVIFVM_NO_BUDGET_TICKS: interpreter and JIT
# without any tick - a measurement build only, never to be shipped) and
# runs Sieve, ObjectSort and PacketClassify on each engine (default both),
# interleaved, N times (default 7) with K times the default bench argument
# (default 3):
#   off   build/nobudget/vifvm             no checks at all
#   unl   build/release/vifvm              checks on, budget unlimited (default)
#   huge  build/release/vifvm -Xbudget:4e18  checks on, a budget that never ends
# and prints the median and minimum wall times and their ratios to `off`.
#
# Measured 2026-11-30, two runs (2-core VM shared with other jobs, load
# 2.5-4; ratios = median / off):
#   Sieve           unl 1.003 / 0.980   huge 1.006 / 0.966
#   ObjectSort      unl 1.016 / 1.030   huge 1.013 / 1.041
#   PacketClassify  unl 0.981 / 1.006   huge 0.977 / 1.034
# i.e. loops cost nothing measurable; call-heavy code (ObjectSort) 1.5-4%:
# one decrement-and-branch per taken backward branch, invoke and handler
# entry (src/runtime/limits.h).
# JIT (--engine jit, 7 then 5 reps, quiet machine, 2026-11-30; median/off):
#   Sieve           unl 1.255   huge 1.243
#   ObjectSort      unl 0.983   huge 0.984
#   PacketClassify  unl 1.013   huge 1.009
# In compiled code the tick is `sub qword [rbx+off], 1; js stub`, a memory
# read-modify-write per loop turn: 25% of Sieve's bounds-check-free inner
# loop of four instructions, noise elsewhere.  Keeping the counter in a
# register inside loops is the obvious next step.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=7 SCALE=3 ENGINES="int jit"
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=${1:-7} ;;
        --scale) shift; SCALE=${1:-3} ;;
        --engine) shift; case ${1:-} in int|jit) ENGINES=$1 ;; both) ENGINES="int jit" ;;
                      *) echo "--engine: int, jit or both" >&2; exit 2 ;; esac ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
JAVAC=${JAVAC:-javac}
CLS=$ROOT/build/bench/classes
mkdir -p "$CLS"
"$JAVAC" --release 8 -nowarn -d "$CLS" bench/java/*.java || exit 2
make -s -j2 O=build/release build/release/vifvm || exit 2
make -s -j2 O=build/nobudget OPT="-O2 -g -DVIFVM_NO_BUDGET_TICKS" build/nobudget/vifvm || exit 2

declare -A arg=([Sieve]=2000 [ObjectSort]=600 [PacketClassify]=300)
out=$(mktemp)
for ((r = 0; r < REPS; r++)); do
    for e in $ENGINES; do
    eopt=(); [ "$e" = int ] && eopt=(--int)
    for b in Sieve ObjectSort PacketClassify; do
        a=$(( ${arg[$b]} * SCALE ))
        for cfg in off unl huge; do
            case $cfg in
                off)  cmd=(build/nobudget/vifvm "${eopt[@]}" -cp "$CLS" "$b" "$a") ;;
                unl)  cmd=(build/release/vifvm "${eopt[@]}" -cp "$CLS" "$b" "$a") ;;
                huge) cmd=(build/release/vifvm "${eopt[@]}" -Xbudget:4000000000000000000 -cp "$CLS" "$b" "$a") ;;
            esac
            t0=$(date +%s%N)
            "${cmd[@]}" > /dev/null || echo "FAILED: ${cmd[*]}" >&2
            echo "$e/$b $cfg $(( ($(date +%s%N) - t0) / 1000 ))" >> "$out"
        done
    done
    done
done
python3 - "$out" <<'EOF'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    b, c, us = line.split()
    d[(b, c)].append(int(us) / 1000.0)
print("%-19s %10s %10s %7s %10s %7s   (ms; ratio to off: median, [min])" % ("engine/bench", "off", "unl", "", "huge", ""))
for b in sorted(set(k[0] for k in d), key=lambda k: (k.split("/")[0], ["Sieve", "ObjectSort", "PacketClassify"].index(k.split("/")[1]))):
    med = {c: statistics.median(d[(b, c)]) for c in ("off", "unl", "huge")}
    mn = {c: min(d[(b, c)]) for c in ("off", "unl", "huge")}
    print("%-19s %10.1f %10.1f %7.3f %10.1f %7.3f   [%.3f %.3f]" % (
        b, med["off"], med["unl"], med["unl"] / med["off"], med["huge"], med["huge"] / med["off"],
        mn["unl"] / mn["off"], mn["huge"] / mn["off"]))
EOF
rm -f "$out"
