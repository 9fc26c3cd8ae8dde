#!/usr/bin/env bash
# bench/tier2.sh - issue 15's new programs (bench/tier2/*.java), written in
# ordinary Java style and not tuned to vifvm, run on every engine as whole
# processes; prints ms per engine and the ratio to java, and fails if an
# engine's output differs from java's.
#
# Usage: bench/tier2.sh [--reps N] [--only NAME] [--quick] [--engines "E1 E2 .."]
#   engines: vifvm-int (--int), vifvm-jit (baseline JIT), vifvm-t2
#   (-Xjit:tier2; left out when the binary does not accept it), vifvm-t2hot
#   (-Xjit:tier2=hot: by counts, with OSR; not in the default list), java
#   --reps N   runs per engine, the median is reported (default 1)
#   --quick    small sizes (a smoke test: seconds)
# Environment: VIFVM (default build/release/vifvm), JAVA, JAVAC, TIMEOUT (600),
# and, for another set of programs (bench/heldout.sh): TIER2_SET (its name),
# TIER2_SRC (its .java files) and TIER2_BENCHES (its NAME:SIZE list).
# Writes build/bench/tier2.txt (the table) and build/bench/tier2/runs/.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/bench/${TIER2_SET:-tier2}
CLS=$OUT/classes
VIFVM=${VIFVM:-$ROOT/build/release/vifvm}
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
TIMEOUT=${TIMEOUT:-600}

REPS=1
ONLY=""
QUICK=0
ENGINES="vifvm-int vifvm-jit vifvm-t2 java"
while [ $# -gt 0 ]; do
    case $1 in
        --reps) REPS=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        --quick) QUICK=1; shift ;;
        --engines) ENGINES=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "tier2.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

# name and default size (whole-process java time about 0.3-0.6 s on the
# 2-core development host); --quick divides it by 100
BENCHES=${TIER2_BENCHES:-"FlowCounters:4000000 DrrScheduler:4000000 LpmTrie:4000000 Ipv4Rewrite:20000 TokenShaper:20000000 ClassifyEnqueue:20000000"}

[ -x "$VIFVM" ] || { echo "tier2.sh: $VIFVM missing (make)" >&2; exit 2; }
mkdir -p "$CLS" "$OUT/runs"
"$JAVAC" --release 8 -nowarn -d "$CLS" ${TIER2_SRC:-"$ROOT"/bench/tier2/*.java} 2>/dev/null \
    || { echo "tier2.sh: javac failed" >&2; exit 2; }

have_tier2=0
"$VIFVM" -Xjit:tier2 -version >/dev/null 2>&1 && have_tier2=1
have_hot=0
"$VIFVM" -Xjit:tier2=hot -version >/dev/null 2>&1 && have_hot=1

engine_cmd() {
    case $1 in
        vifvm-int) echo "$VIFVM --int -cp $CLS" ;;
        vifvm-jit) echo "$VIFVM -cp $CLS" ;;
        vifvm-t2)  [ $have_tier2 = 1 ] && echo "$VIFVM -Xjit:tier2 -cp $CLS" ;;
        vifvm-t2hot) [ $have_hot = 1 ] && echo "$VIFVM -Xjit:tier2=hot -cp $CLS" ;;
        java)      echo "$JAVA -cp $CLS" ;;
    esac
    return 0
}

now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

status=0
table=$OUT/../${TIER2_SET:-tier2}.txt
{
    printf '%-16s' program
    for e in $ENGINES; do printf ' %12s' "$e"; done
    for e in $ENGINES; do [ "$e" = java ] || printf ' %12s' "$e/java"; done
    printf '\n'
} | tee "$table"
for b in $BENCHES; do
    name=${b%%:*}
    size=${b#*:}
    [ -n "$ONLY" ] && [ "$ONLY" != "$name" ] && continue
    [ $QUICK = 1 ] && size=$((size / 100))
    ref=""
    declare -A ms=()
    for e in java $ENGINES; do
        [ -n "${ms[$e]+x}" ] && continue
        cmd=$(engine_cmd "$e")
        if [ -z "$cmd" ]; then ms[$e]="-"; continue; fi
        times=""
        for r in $(seq 1 "$REPS"); do
            log=$OUT/runs/$name.$e.$r
            t0=$(now_ns)
            timeout "$TIMEOUT" $cmd "$name" "$size" >"$log.out" 2>"$log.err"
            rc=$?
            t1=$(now_ns)
            if [ $rc != 0 ]; then
                echo "FAIL: $name on $e: exit $rc (see $log.err)" >&2; status=1; continue
            fi
            if [ "$e" = java ] && [ -z "$ref" ]; then
                ref=$(cat "$log.out")
            elif ! [ "$(cat "$log.out")" = "$ref" ]; then
                echo "FAIL: $name on $e: output differs from java's: $(cat "$log.out")" >&2; status=1
            fi
            times="$times $(( (t1 - t0) / 1000000 ))"
        done
        ms[$e]=$(printf '%s\n' $times | median)
    done
    {
        printf '%-16s' "$name"
        for e in $ENGINES; do printf ' %12s' "${ms[$e]}"; done
        for e in $ENGINES; do
            [ "$e" = java ] && continue
            if [ "${ms[$e]}" = - ] || [ "${ms[java]}" = - ]; then printf ' %12s' -
            else awk -v a="${ms[$e]}" -v b="${ms[java]}" 'BEGIN {printf " %12.2f", a / b}'; fi
        done
        printf '\n'
    } | tee -a "$table"
    unset ms
done
exit $status
