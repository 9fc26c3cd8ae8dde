#!/usr/bin/env bash
# bench/calls.sh - cost of one call from JIT-compiled code, per kind of
# call (bench/calls/InvokeCost.java), under several -Xjit: settings:
#   all        every optimization on (trivial callees inlined/dropped)
#   calls      -Xjit:-inlining,-nullify: the call itself (FASTINV, MCACHE,
#              INLINECLK as they are)
#   helper     -Xjit:-fastinv,-mcache,-inlining,-nullify,-inlineclk: every
#              call through the C helper jit_rt_invoke (the old path)
# Each setting runs REPS times (default 5); the median ns per call is
# printed (each run is itself the best of 41 trials of N iterations).
#
#   bench/calls.sh [--reps N] [--n ITER (20000)] [--base OLD_VIFVM]
# --base adds a column for another vifvm binary (e.g. before a change),
# run with all its optimizations on.  The medians are also written to
# build/bench/calls.tsv and drawn by bench/plot.sh into build/bench/calls.svg.
# Environment: VIFVM, JAVAC, BENCH_PLOT=0 (no plot).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VIFVM=${VIFVM:-$ROOT/build/release/vifvm}
JAVAC=${JAVAC:-javac}
OUT=$ROOT/build/bench/calls
REPS=5 N=20000 BASE=""
while [ $# -gt 0 ]; do
    case $1 in
        --reps) REPS=$2; shift 2 ;;
        --n) N=$2; shift 2 ;;
        --base) BASE=$2; shift 2 ;;
        *) echo "usage: $0 [--reps N] [--n ITER] [--base OLD_VIFVM]" >&2; exit 2 ;;
    esac
done
mkdir -p "$OUT/classes"
"$JAVAC" -nowarn -d "$OUT/classes" "$ROOT/bench/calls/InvokeCost.java" || exit 1

declare -A CMD=(
    [all]="$VIFVM"
    [calls]="$VIFVM -Xjit:-inlining,-nullify"
    [helper]="$VIFVM -Xjit:-fastinv,-mcache,-inlining,-nullify,-inlineclk"
)
COLS="all calls helper"
if [ -n "$BASE" ]; then CMD[base]="$BASE"; COLS="$COLS base"; fi

for col in $COLS; do
    : > "$OUT/$col.txt"
    for r in $(seq "$REPS"); do
        # shellcheck disable=SC2086
        ${CMD[$col]} -cp "$OUT/classes" InvokeCost "$N" >> "$OUT/$col.txt" || exit 1
    done
done

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf "%-18s" "ns/call (median)"
for col in $COLS; do printf "%10s" "$col"; done
echo
TSV=$ROOT/build/bench/calls.tsv
printf 'op\tsetting\tns_per_call\n' > "$TSV"
for op in $(awk '{ print $1 }' "$OUT/all.txt" | awk '!seen[$0]++'); do
    printf "%-18s" "$op"
    for col in $COLS; do
        v=$(awk -v o="$op" '$1 == o { print $2 }' "$OUT/$col.txt" | median)
        printf "%10s" "$v"
        printf '%s\t%s\t%s\n' "$op" "$col" "${v:--}" >> "$TSV"
    done
    echo
done
echo "(data in ${TSV#"$ROOT"/})"
if [ "${BENCH_PLOT:-1}" = 1 ]; then "$ROOT/bench/plot.sh" calls || exit 1; fi
