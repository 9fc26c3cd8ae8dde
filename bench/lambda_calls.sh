#!/usr/bin/env bash
# bench/lambda_calls.sh - the cost of a lambda / method-reference call from
# JIT-compiled code against the same interface call on an ordinary class
# (bench/calls/LambdaCost.java), and of creating a capturing lambda against
# `new` of an equivalent class, under two -Xjit: settings:
#   all      every optimization on (the lambda class's forwarding method and
#            the lambda body are small: inlined)
#   calls    -Xjit:-inlining,-nullify: the calls themselves (a lambda call is
#            the interface call plus the forwarding method's call of the body)
# Each setting runs REPS times (default 5); the median ns per call is
# printed, then the ratios lambda / interface_class, lambda_capture /
# interface_class_capture and create_lambda / create_class.
#
#   bench/lambda_calls.sh [--reps N] [--n ITER (20000)]
# Environment: VIFVM, JAVAC.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VIFVM=${VIFVM:-$ROOT/build/release/vifvm}
JAVAC=${JAVAC:-javac}
OUT=$ROOT/build/bench/lambda_calls
REPS=5 N=20000
while [ $# -gt 0 ]; do
    case $1 in
        --reps) REPS=$2; shift 2 ;;
        --n) N=$2; shift 2 ;;
        *) echo "usage: $0 [--reps N] [--n ITER]" >&2; exit 2 ;;
    esac
done
mkdir -p "$OUT/classes"
"$JAVAC" -nowarn -d "$OUT/classes" "$ROOT/bench/calls/LambdaCost.java" || exit 1

declare -A CMD=(
    [all]="$VIFVM"
    [calls]="$VIFVM -Xjit:-inlining,-nullify"
)
COLS="all calls"
for col in $COLS; do
    : > "$OUT/$col.txt"
    for r in $(seq "$REPS"); do
        # shellcheck disable=SC2086
        ${CMD[$col]} -cp "$OUT/classes" LambdaCost "$N" >> "$OUT/$col.txt" || exit 1
    done
done

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
declare -A MED
printf "%-26s" "ns/call (median of $REPS)"
for col in $COLS; do printf "%10s" "$col"; done
echo
for op in $(awk '{ print $1 }' "$OUT/all.txt" | awk '!seen[$0]++'); do
    printf "%-26s" "$op"
    for col in $COLS; do
        v=$(awk -v o="$op" '$1 == o { print $2 }' "$OUT/$col.txt" | median)
        MED[$op/$col]=$v
        printf "%10s" "$v"
    done
    echo
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
for pair in lambda:interface_class method_ref_static:interface_class \
            lambda_capture:interface_class_capture create_lambda:create_class; do
    a=${pair%%:*} b=${pair##*:}
    printf "%-26s" "ratio $a/$b"
    for col in $COLS; do printf "%10s" "$(ratio "${MED[$a/$col]}" "${MED[$b/$col]}")"; done
    echo
done
