#!/usr/bin/env bash
# tests/jit/budget_parity.sh - the interpreter and the JIT charge the same
# instruction budget (runtime/limits.h: one tick per taken backward branch,
# invoke and exception-handler entry).  For each program in
# tests/jit/budget/ it finds, by bisection on -Xbudget:N, the smallest
# budget with which the program completes, on --int, on the JIT with every
# optimization, with -Xjit:-all and with -Xjit:-regbudget (the counter in
# memory rather than in r14), and with the second tier on every method
# (-Xjit:tier2=all, also with -Xjit:-regbudget and with an exit to the
# interpreter at every 3rd exit point: tier-2 code gives back an invoke's
# tick it took before leaving there), and tier 2 by counts with loops
# entered in tier-2 code at a low count (-Xjit:tier2=all,hot,calls=2,
# backedges=3: budgets running out inside OSR code); all must be equal.  (A fused
# goto+compare in the interpreter once skipped the tick of a loop's last
# turn; the JIT's inlined and nullified calls must still tick.  The JIT's
# call helper once ticked an invoke on null, which calls nothing:
# InvokeNull.  A collection is charged by the heap in use, and the JIT
# interns a method's string constants when it compiles it: GcLiteral.)
#
#   tests/jit/budget_parity.sh [VIFVM]
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
. tests/lib.sh
vt_find_jdk || exit 2
VIFVM=$(readlink -f "${1:-build/release/vifvm}")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
"$JAVAC" --release 8 -nowarn -d "$W" "$HERE"/budget/*.java || { echo "FAIL: jitbudget/javac"; exit 1; }
# smallest N such that `vifvm OPTS -Xbudget:N` exits 0
min_budget() {
    local cls=$1; shift
    local lo=1 hi=4000000 mid
    "$VIFVM" "$@" "-Xbudget:$hi" -cp "$W" "$cls" > /dev/null 2>&1 || { echo "none"; return; }
    while [ "$lo" -lt "$hi" ]; do
        mid=$(( (lo + hi) / 2 ))
        if "$VIFVM" "$@" "-Xbudget:$mid" -cp "$W" "$cls" > /dev/null 2>&1; then hi=$mid; else lo=$((mid + 1)); fi
    done
    echo "$lo"
}
np=0 nf=0
for f in "$HERE"/budget/*.java; do
    c=$(basename "$f" .java)
    i=$(min_budget "$c" --int)
    j=$(min_budget "$c")
    o=$(min_budget "$c" -Xjit:-all)
    r=$(min_budget "$c" -Xjit:-regbudget)
    t=$(min_budget "$c" -Xjit:tier2=all)
    tr=$(min_budget "$c" -Xjit:tier2=all -Xjit:-regbudget)
    td=$(min_budget "$c" -Xjit:tier2=all,deopt-every=3)
    # (o17) tier 2 by counts, loops entered in tier-2 code at their 3rd back edge (OSR)
    th=$(min_budget "$c" -Xjit:tier2=all,hot,calls=2,backedges=3)
    thr=$(min_budget "$c" -Xjit:tier2=all,hot,calls=2,backedges=3 -Xjit:-regbudget)
    # (a smallest budget of 1 means nothing was charged: parity of nothing)
    if [ "$i" = 1 ]; then
        echo "FAIL: jitbudget/$c: runs under -Xbudget:1 on --int: the budget charged nothing"; nf=$((nf + 1))
    elif [ "$i" != none ] && [ "$i" = "$j" ] && [ "$i" = "$o" ] && [ "$i" = "$r" ] && [ "$i" = "$t" ] &&
         [ "$i" = "$tr" ] && [ "$i" = "$td" ] && [ "$i" = "$th" ] && [ "$i" = "$thr" ]; then
        echo "PASS: jitbudget/$c (budget $i on both engines)"; np=$((np + 1))
    else
        echo "FAIL: jitbudget/$c: smallest budget --int $i, JIT $j, -Xjit:-all $o, -Xjit:-regbudget $r," \
             "tier2=all $t, tier2=all -regbudget $tr, tier2=all deopt-every=3 $td, hot $th, hot -regbudget $thr"; nf=$((nf + 1))
    fi
done
echo "jitbudget: $np passed, $nf failed"
[ "$nf" -eq 0 ]
