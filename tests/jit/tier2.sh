#!/usr/bin/env bash
# tests/jit/tier2.sh - the second tier's pipeline (src/jit/t2_*.c, issue 15):
# each pass on and off, seen through --stats, on issue 15's programs
# (bench/tier2/*.java at their small default sizes):
#   - off by default: no tier-2 section without -Xjit:tier2;
#   - -Xjit:tier2 builds the graphs of known methods, and each pass fires
#     where it must (inlining of a constructor's super(), GVN and load
#     elimination in enqueue, LICM of field loads in drain, null checks
#     dropped, the hits[i] loop's bounds check proven) and not when switched
#     off (-Xjit:tier2,-inlining ...);
#   - no graph fails its checks (with tier2=all: the class library too);
#   - the output is java's, with tier 2 on, off and on every method.
#
#   tests/jit/tier2.sh [VIFVM]
# Prints PASS:/FAIL: tier2/<check> lines, then "tier2: N passed, N failed";
# exit status 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
VM=${1:-build/release/vifvm}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
javac --release 8 -nowarn -d "$W" bench/tier2/*.java || { echo "FAIL: tier2/javac"; exit 1; }
np=0 nf=0
pass() { echo "PASS: tier2/$1"; np=$((np + 1)); }
fail() { echo "FAIL: tier2/$1: $2"; nf=$((nf + 1)); }

# the tier-2 line of METHOD in stats file F: "<tier> <us> <note>"
t2line() { grep -F "  $2 " "$1" | grep -E ' (2ir|1|BUG) +[0-9.]+  ' | head -n1; }
# field K (v b L inl gvn ld licm nc) of METHOD's note in F, as a number
t2count() {
    t2line "$1" "$2" | tr ' ' '\n' | sed -n "s/^$3\([0-9][0-9]*\).*/\1/p" | head -n1
}

for p in ClassifyEnqueue FlowCounters DrrScheduler LpmTrie Ipv4Rewrite TokenShaper; do
    java -cp "$W" "$p" >"$W/$p.java.out" 2>&1
    for cfg in "base:" "t2:-Xjit:tier2" "t2all:-Xjit:tier2=all"; do
        l=${cfg%%:*} f=${cfg#*:}
        # shellcheck disable=SC2086
        "$VM" $f --stats=all -cp "$W" "$p" >"$W/$p.$l.out" 2>"$W/$p.$l.err"
        if ! cmp -s "$W/$p.java.out" "$W/$p.$l.out"; then fail "$l/$p" "output differs from java's"
        elif grep -q 'tier 2 check failed\|BUG ' "$W/$p.$l.err"; then fail "$l/$p" "$(grep -m1 'check failed\|BUG ' "$W/$p.$l.err")"
        elif [ "$l" = base ] && grep -q '^Tier 2' "$W/$p.$l.err"; then fail "$l/$p" "tier 2 ran without -Xjit:tier2"
        elif [ "$l" != base ] && ! grep -q '^Tier 2' "$W/$p.$l.err"; then fail "$l/$p" "no tier-2 section in --stats"
        elif [ "$l" != base ] && ! grep -q 'tier 2: .* 0 failed its checks' "$W/$p.$l.err"; then fail "$l/$p" "no tier-2 summary"
        else pass "$l/$p"; fi
    done
done
# tier2=all reaches the class library
if grep -qE '^  java/.* 2ir ' "$W/FlowCounters.t2all.err"; then pass all/library
else fail all/library "no class-library method built with tier2=all"; fi
if grep -qE '^  java/.* (2ir|1) ' "$W/FlowCounters.t2.err"; then fail user/library "tier2 (not =all) built a library method"
else pass user/library; fi

# each pass on, then off alone
C=ClassifyEnqueue
S=$W/$C.t2.err
want() {  # want NAME FILE METHOD FIELD OP N
    local v
    v=$(t2count "$2" "$3" "$4")
    if [ -z "$v" ]; then fail "$1" "no $4 count for $3 ($(t2line "$2" "$3"))"
    elif [ "$v" "$5" "$6" ]; then pass "$1"
    else fail "$1" "$3: $4 is $v, wanted $5 $6 ($(t2line "$2" "$3"))"; fi
}
want pass/licm "$S" "$C.drain(I)I" licm -ge 1
want pass/loads "$S" "$C.drain(I)I" ld -ge 1
want pass/gvn "$S" "$C.enqueue(III)Z" gvn -ge 1
want pass/inline "$S" "$C.<init>()V" inl -ge 1
want pass/nullchk "$S" "$C.<init>()V" nc -ge 1
want pass/loops "$S" "$C.drain(I)I" L -eq 2
want pass/inline-hot "$W/DrrScheduler.t2.err" "DrrScheduler.dequeue(I)I" inl -ge 2
want pass/rce "$W/LpmTrie.t2.err" "LpmTrie.main([Ljava/lang/String;)V" rce -eq 1
"$VM" -Xjit:tier2,-rce --stats -cp "$W" LpmTrie >"$W/off.out" 2>"$W/off.rce.err"
if ! cmp -s "$W/LpmTrie.java.out" "$W/off.out"; then fail off/rce "output differs from java's"
else want off/rce "$W/off.rce.err" "LpmTrie.main([Ljava/lang/String;)V" rce -eq 0; fi
for o in licm:licm:drain loads:ld:drain gvn:gvn:enqueue inlining:inl:init; do
    IFS=: read -r opt key m <<<"$o"
    case $m in drain) meth="$C.drain(I)I" ;; enqueue) meth="$C.enqueue(III)Z" ;; init) meth="$C.<init>()V" ;; esac
    "$VM" "-Xjit:tier2,-$opt" --stats -cp "$W" "$C" >"$W/off.out" 2>"$W/off.$opt.err"
    if ! cmp -s "$W/$C.java.out" "$W/off.out"; then fail "off/$opt" "output differs from java's"; continue; fi
    want "off/$opt" "$W/off.$opt.err" "$meth" "$key" -eq 0
done
# the graph as text (-Xjit:tier2,dump): drain's two backward gotos tick, in
# edge blocks (and nothing else does: no invoke there), and its loop-invariant
# field loads sit in the block before the outer loop's header
"$VM" -Xjit:tier2,dump -cp "$W" "$C" >/dev/null 2>"$W/dump.err"
awk '/^tier 2 graph of/ {on = index($0, "ClassifyEnqueue.drain(I)I") > 0} on' "$W/dump.err" >"$W/drain.dump"
n=$(grep -c ' V tick ' "$W/drain.dump")
if [ "$n" = 2 ]; then pass dump/ticks; else fail dump/ticks "drain has $n ticks, wanted 2 (one per backward goto)"; fi
hdr=$(awk '/ loop b/ {print $1; exit}' "$W/drain.dump")
pre=$(awk -v h="$hdr" '/^b/ {b = $1} / -> / && index($0, "-> " h) && b != h {print b; exit}' "$W/drain.dump")
if [ -n "$pre" ] && awk -v p="$pre" '/^b/ {on = $1 == p} on && / getfield head /' "$W/drain.dump" | grep -q .; then
    pass dump/licm
else fail dump/licm "head not loaded in the preheader ($pre) of loop $hdr"; fi
"$VM" -Xjit:tier2,-licm,dump -cp "$W" "$C" >/dev/null 2>"$W/dump2.err"
if grep -q '^tier 2 graph of' "$W/dump2.err"; then pass dump/with-passes-off
else fail dump/with-passes-off "-Xjit:tier2,-licm,dump printed no graph"; fi
# a bad pass name is refused
if "$VM" -Xjit:tier2,-nosuchpass -version >/dev/null 2>&1; then fail option/bad "-Xjit:tier2,-nosuchpass accepted"
else pass option/bad; fi
echo "tier2: $np passed, $nf failed"
[ "$nf" = 0 ]
