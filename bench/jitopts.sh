#!/usr/bin/env bash
# bench/jitopts.sh - what each of the JIT's loop/arithmetic optimizations
# is worth: Sieve, ObjectSort and PacketClassify (bench/java) timed on gcc
# -O2 C, the interpreter, the JIT with everything on, with everything off
# (-Xjit:-all) and with each of regcache combineop combineld acache object
# bce off alone, in one run; median of REPS runs of the programs' own
# time_ms; ratios against C and the interpreter.
#
#   bench/jitopts.sh [--reps N] [--only NAME]
#
# Needs build/release/vifvm and the classes / C binaries bench/run.sh
# builds (it runs `bench/run.sh --quick --engines c` once if they are
# missing).  Table written to build/bench/jitopts.txt too.
set -uo pipefail
cd "$(dirname "$0")/.."
REPS=5
ONLY=""
while [ $# -gt 0 ]; do
    case $1 in
        --reps) REPS=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        *) echo "usage: $0 [--reps N] [--only NAME]" >&2; exit 2 ;;
    esac
done
VIFVM=${VIFVM:-build/release/vifvm}
CLS=build/bench/classes
CBIN=build/bench/c
[ -x "$VIFVM" ] || { echo "$VIFVM missing (make first)" >&2; exit 2; }
if [ ! -f "$CLS/Sieve.class" ] || [ ! -x "$CBIN/sieve" ]; then
    bench/run.sh --quick --engines c > /dev/null 2>&1 || { echo "bench/run.sh failed" >&2; exit 2; }
fi

BENCHES="Sieve ObjectSort PacketClassify"
[ -n "$ONLY" ] && BENCHES=$ONLY
arg() { case $1 in Sieve) echo 2000 ;; ObjectSort) echo 600 ;; PacketClassify) echo 300 ;; esac; }
CONFIGS="c int jit none regcache combineop combineld acache object bce regbudget writeback longops"
cmd() { # config bench
    local lower
    lower=$(echo "$2" | tr '[:upper:]' '[:lower:]')
    case $1 in
        c) echo "$CBIN/$lower" ;;
        int) echo "$VIFVM --int -cp $CLS $2" ;;
        jit) echo "$VIFVM -cp $CLS $2" ;;
        none) echo "$VIFVM -Xjit:-all -cp $CLS $2" ;;
        *) echo "$VIFVM -Xjit:-$1 -cp $CLS $2" ;;
    esac
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A T
for bn in $BENCHES; do
    for cfg in $CONFIGS; do
        vals=""
        for ((r = 0; r < REPS; r++)); do
            # shellcheck disable=SC2046
            v=$($(cmd "$cfg" "$bn") "$(arg "$bn")" 2>/dev/null | sed -n 's/^time_ms //p')
            vals="$vals $v"
        done
        T[$bn.$cfg]=$(echo "$vals" | tr ' ' '\n' | grep . | median)
    done
done

{
    echo "== time_ms, median of $REPS (JIT columns: optimizations all on, all off, or one off) =="
    printf "%-16s" benchmark
    for cfg in $CONFIGS; do printf " %10s" "$cfg"; done
    echo
    for bn in $BENCHES; do
        printf "%-16s" "$bn"
        for cfg in $CONFIGS; do printf " %10s" "${T[$bn.$cfg]}"; done
        echo
    done
    echo
    echo "== ratios: time / gcc -O2 C (first row per benchmark) and interpreter / time (second) =="
    for bn in $BENCHES; do
        printf "%-16s" "$bn/c"
        for cfg in $CONFIGS; do
            printf " %10s" "$(awk -v a="${T[$bn.$cfg]}" -v b="${T[$bn.c]}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
        done
        echo
        printf "%-16s" "int/$bn"
        for cfg in $CONFIGS; do
            printf " %10s" "$(awk -v a="${T[$bn.int]}" -v b="${T[$bn.$cfg]}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
        done
        echo
    done
} | tee build/bench/jitopts.txt
