#!/usr/bin/env bash
# tests/datapath/fuse_cases.sh - fused VIF paths (issue 14):
#   random     fuse_random.py: random trees, owners, filters, VIFlets from a
#              pool (relay, marker, counter, filter, PriQ, shaper, a thrower,
#              a looper, a heap filler with a small heap) and captures,
#              fused vs unfused byte for byte and count for count
#              (FUSE_CASES cases, default 25; FUSE_SEED)
#   hostile    a hostile VIFlet in the middle of a 5-stage chain of five
#              owners (a budget-exhausting looper, pass and drop; a hoarder
#              over its quota; a thrower; a looper under its own budget,
#              or its own CPU limit and no budget; BudgetEdge, whose
#              budget runs out on the 148th packet, exact to the tick):
#              it alone is aborted or
#              tail-dropped, the stages around it see what its policy
#              lets through, and fused = unfused
#   recycle    the Packet recycling of fused paths (a stage whose enqueue
#              provably keeps no reference): the escape check accepts and
#              refuses the VIFlets it should (Aliaser, the chain stages;
#              Keeper, Passer, Hasher, Stale, Twice, PriQ), a kept packet
#              still throws IllegalStateException after the hand-off, a
#              packet returned twice still aborts, fused = unfused (and
#              = fused with VIFD_FUSE_RECYCLE, _INLINE and _NATIVE off) byte
#              for byte and count for count
#   fifo       the default FIFO through an inlined super.enqueue (FifoEdge,
#              mid-chain and at the root behind a slow link: a null packet
#              throws "packet is null" and changes nothing, the ring grows
#              to 512 while it holds packets): fused = unfused = --int
#   blind      blind stages (an enqueue that sees only length() and
#              timestamp(): the packet handed on from the bytes it came
#              with): BlindEdge between a stage that rewrites the bytes
#              (ChainMark, leaf) and one that reads them (ChainFilter),
#              dropping every 7th packet and aborted on its 250th, and
#              ChainCount at a leaf; fused = fused with VIFD_FUSE_BLIND=off
#              = unfused byte for byte and count for count, the stages
#              counted blind
#   peek       header readers (an enqueue that reads only the headers'
#              getters: the spare refilled with an IPv4 frame's first 128
#              bytes, the packet handed on from the bytes it came with) and
#              the one-step stages' delay 0 counted as a pass: ChainFilter
#              and PeekEdge
#              between ChainMark (leaf, rewrites) and a Shaper behind a
#              slow link (delays), packets of 60-1500 bytes (short ones
#              copied whole), port 9 dropped, PeekEdge aborted on its 300th
#              packet (its held and dropped packets passed on: the bytes
#              copied in late);
#              fused = fused with VIFD_FUSE_PEEK=off = unfused, captures
#              and every statistic (delay percentiles included)
#   mark       markers (setDscp of a constant or of `c ? K1 : K2`) run as
#              programs: IPv4, IPv6, VLAN, not IP, truncated headers;
#              fused = C evaluator = without programs = unfused
#   prog       field-only handlers and filters (FieldCount, ChainCount,
#              FieldFilter, FieldGate) run as programs with the default
#              FIFO's pair in C on a fused path (no call): fused =
#              VIFD_FUSE_NATIVE=off = VIFD_FUSE_PROG=off = unfused,
#              captures and counts, the fields seen in the output (FieldShow)
#   native     the native stage entries (src/jit/fuse_entry.c): one per
#              VIFlet, named in the perf map (VIFD_PERF_MAP=1) and by
#              vifd --jit-disasm, their size
#              in the statistics, none with VIFD_FUSE_NATIVE=off, the same
#              output without them
#   branch     ordinary handlers (if/else, else-if, ||, &&, drops with
#              counters) as programs by if-conversion (g1)
#   sorter     a user's if/else-if classifier over ports and protocol
#              (Sorter, 100 operations)
#              prog, mark, branch and sorter: fused (machine code, f12) =
#              C evaluator = without programs = unfused, and each
#              program made as machine code (--jit-disasm)
#   pathcount  per-path counting (branch f11: a packet placed where no plan
#              runs is counted once for its walk through the VIFs without a
#              VIFlet, added up the tree when statistics are read): a tree
#              with framework-only levels below, between and above VIFlets
#              that drop (DropThenThrow, aborted with policy drop; DropUdp)
#              and FIFOs done in C (Relay, ChainCount: a fused path's
#              prefix, also counted once) and a slow link: every statistic but the handlers' times, the
#              per-worker JSON and the --timeline file the same as with the
#              counting at every level (VIFD_PATH_COUNT=off), fused and
#              unfused, 1 and 2 workers; with --dir (root) a VIFlet
#              detached mid-run (the walks change) and each VIF's `stats`
#              file against the JSON
#   flowing    hot swap and abort in the middle of a fused path while
#              packets flow (--dir, --speed): a VIFlet swapped in mid-chain,
#              aborted, replaced; the plans re-fused each time, the
#              accounting exact (needs root for the injection directory)
#
#   tests/datapath/fuse_cases.sh [VIFD]
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2
VIFD=$(readlink -f "${1:-build/release/vifd}")
PKTGEN=$(dirname "$VIFD")/pktgen_pcap
API=build/vif-api.jar
for f in "$VIFD" "$PKTGEN" "$API"; do
    [ -e "$f" ] || { echo "FAIL: datapath/fuse/setup: $f missing (make)"; exit 1; }
done
T=$(mktemp -d)
VPID=
trap '[ -n "$VPID" ] && kill "$VPID" 2> /dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
nfail=0
pass() { echo "PASS: datapath/fuse/$1"; }
fail() { echo "FAIL: datapath/fuse/$1: $2"; nfail=$((nfail + 1)); }
# run_modes CASE TAG IN PREFIX VIFD-ARGS...: vifd over IN with programs
# native (on), in the C evaluator (nonative), off (noprog) and unfused
# (off); output PREFIX-MODE.pcap, .json (statistics) and .out; 1 when a
# run failed (each failure reported as CASE's, TAG before the mode)
run_modes() {
    local case=$1 tag=$2 in=$3 pre=$4 f fu env rc=0
    shift 4
    for f in on nonative noprog off; do
        fu=$f env=()
        [ "$f" = noprog ] && { fu=on; env=(VIFD_FUSE_PROG=off); }
        [ "$f" = nonative ] && { fu=on; env=(VIFD_FUSE_NATIVE=off); }
        env "${env[@]}" timeout -k 5 120 "$VIFD" --in "pcap:$in" --out "pcap:$pre-$f.pcap" \
            --quiet --stats "$pre-$f.json" --fuse "$fu" "$@" \
            > "$pre-$f.out" 2>&1 || { fail "$case" "vifd ($tag$f) exited $?"; rc=1; }
    done
    return $rc
}
# native_progs PREFIX CLASS...: each CLASS's program made as machine code
# in the fused run (run_modes with --jit-disasm: "fused:PATH
# CLASS.enqueue program @" in PREFIX-on.out) and none with
# VIFD_FUSE_NATIVE=off; the reason on stdout when not
native_progs() {
    local pre=$1 c
    shift
    for c in "$@"; do
        grep -q " $c.enqueue program @" "$pre-on.out" || { echo "no machine code for $c"; return; }
    done
    ! grep -q ' program @' "$pre-nonative.out" || echo "machine code with VIFD_FUSE_NATIVE=off"
}
C=$T/cls
mkdir -p "$C"
if ! "$JAVAC" --release 8 -nowarn -d "$C" -cp "$API" bench/viflets/Chain{Count,Mark,Filter}.java \
        "$HERE"/viflets/{Relay,PriQ_VIFlet,Shaper,Thrower,Looper,TosMark,DropUdp,Hoarder}.java \
        "$HERE"/viflets/{Keeper,Aliaser,Passer,Hasher,Stale,Twice,BudgetEdge,FifoEdge}.java \
        "$HERE"/viflets/BlindEdge.java "$HERE"/viflets/PeekEdge.java "$HERE"/viflets/DropThenThrow.java \
        "$HERE"/viflets/HeapFiller.java \
        "$HERE"/viflets/FieldCount.java "$HERE"/viflets/FieldShow.java \
        "$HERE"/viflets/FieldFilter.java "$HERE"/viflets/FieldGate.java \
        "$HERE"/viflets/Mark{Const,Sel,Odd,Field,Show}.java \
        > "$T/javac.log" 2>&1; then
    fail setup/javac "VIFlets do not compile"; vt_indent 10 < "$T/javac.log"; exit 1
fi
chmod -R a+rX "$C"
# flat FILE.json: its counters as "KEY VALUE" lines in FILE.json.kv (one
# python per file): top-level keys, link.X, fusion.X, PATH.X per VIF
flat() { python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
with open(sys.argv[1]+".kv","w") as o:
    for k,v in d.items():
        if not isinstance(v,(dict,list)): o.write("%s %s\n"%(k,v))
    for s in ("link","fusion"):
        for k,v in d[s].items():
            if not isinstance(v,(dict,list)): o.write("%s.%s %s\n"%(s,k,v))
    for x in d["vifs"]:
        for k,v in x.items():
            if not isinstance(v,(dict,list)): o.write("%s.%s %s\n"%(x["path"],k,v))' "$1"; }
json() { [ -e "$1.kv" ] || flat "$1"; awk -v k="$2" '$1 == k { print $2; exit }' "$1.kv"; }

# ---------------------------------------------------------------- random
mkdir -p "$T/rnd"
python3 "$HERE/fuse_random.py" "$VIFD" "$PKTGEN" "$C" "$T/rnd" --cases "${FUSE_CASES:-25}" \
    --seed "${FUSE_SEED:-14}" > "$T/rnd.out" 2>&1
rrc=$?
grep -E '^(PASS|FAIL)' "$T/rnd.out" | grep '^FAIL' | head -5
if [ "$rrc" -eq 0 ] && grep -q '^fuse_random:' "$T/rnd.out" &&
   ! grep -q '^FAIL' "$T/rnd.out" && grep -q '^PASS' "$T/rnd.out"; then
    pass "random ($(grep -c '^PASS' "$T/rnd.out") cases; $(sed -n 's/^fuse_random: //p' "$T/rnd.out"))"
else
    fail random "$(grep -c '^FAIL' "$T/rnd.out") cases differ (exit $rrc)"
fi

# --------------------------------------------------------------- hostile
"$PKTGEN" -o "$T/h.pcap" -n 400 --seed 5 --proto mix --ports 80,443,53 --pps 10000 > /dev/null
N=400
CHAIN=(--vif pcap/a=ip --vif pcap/a/b=ip --vif pcap/a/b/c=ip --vif pcap/a/b/c/d=ip)
# hostile NAME CLASS POLICY [ARGS]: CLASS at pcap/a/b (owner h), the others
# small VIFlets of owners u0..u3; fused and unfused runs
hostile() {
    local name=$1 cls=$2 pol=$3; shift 3
    local f
    for f in on off; do
        timeout -k 5 120 "$VIFD" --in "pcap:$T/h.pcap" --out "pcap:$T/$name-$f.pcap" --quiet \
            --stats "$T/$name-$f.json" --logdir "$T/$name-$f-logs" --fuse "$f" "${CHAIN[@]}" \
            --load "pcap/a/b/c/d=$C/ChainCount.class:u0" --load "pcap/a/b/c=$C/ChainMark.class:u1" \
            --load "pcap/a/b=$C/$cls.class:h" --load "pcap/a=$C/TosMark.class:u2" \
            --load "pcap=$C/Relay.class:u3" --policy "pcap/a/b=$pol" "$@" \
            > "$T/$name-$f.out" 2>&1 || { fail "hostile/$name" "vifd --fuse $f exited $?"; return 1; }
    done
    cmp -s "$T/$name-on.pcap" "$T/$name-off.pcap" || { fail "hostile/$name" "captures differ"; return 1; }
    flat "$T/$name-on.json"; flat "$T/$name-off.json"
    local k
    for k in in out aborts dropped_quota dropped_policy dropped_handler held enqueue_calls; do
        for p in pcap pcap/a pcap/a/b pcap/a/b/c pcap/a/b/c/d; do
            [ "$(json "$T/$name-on.json" "$p.$k")" = "$(json "$T/$name-off.json" "$p.$k")" ] ||
                { fail "hostile/$name" "$p.$k differs fused/unfused"; return 1; }
        done
    done
    [ "$(json "$T/$name-on.json" fusion.fused_packets)" -gt 0 ] ||
        { fail "hostile/$name" "no packet took the fused path"; return 1; }
    return 0
}
if hostile looper-pass Looper pass --budget 100000; then
    J=$T/looper-pass-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" pcap/a/b/c.aborts)" = 0 ] &&
       [ "$(json "$J" pcap/a.aborts)" = 0 ] && [ "$(json "$J" pcap/a/b/c/d.in)" = $N ] &&
       [ "$(json "$J" pcap/a.in)" = $N ] && [ "$(json "$J" link.out)" = $N ] &&
       grep -q 'instruction budget of 100000 exhausted in Looper.enqueue' "$T/looper-pass-on-logs/pcap/a/b.log"; then
        pass "hostile/looper-pass (aborted alone; $N packets passed on through every stage)"
    else fail hostile/looper-pass "aborts or counts wrong: $(tr -d '\n' < "$J" | head -c 300)"; fi
fi
if hostile looper-drop Looper drop --budget 100000; then
    J=$T/looper-drop-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" pcap/a/b.dropped_policy)" = $N ] &&
       [ "$(json "$J" pcap/a/b/c/d.out)" = $N ] && [ "$(json "$J" pcap/a.in)" = 0 ] &&
       [ "$(json "$J" link.out)" = 0 ]; then
        pass "hostile/looper-drop (aborted alone; its policy drops, the leaf stages unaffected)"
    else fail hostile/looper-drop "counts wrong"; fi
fi
# the limits of one stage only, carried by its prepared entry (dp_fuse.c:
# vm_handler_entry): its own budget, or no budget and its own CPU time
if hostile looper-own-budget Looper pass --budget 0 --budget pcap/a/b=50000; then
    J=$T/looper-own-budget-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" link.out)" = $N ] &&
       [ "$(json "$J" pcap/a/b/c.aborts)" = 0 ] && [ "$(json "$J" pcap/a.aborts)" = 0 ] &&
       grep -q 'instruction budget of 50000 exhausted in Looper.enqueue' "$T/looper-own-budget-on-logs/pcap/a/b.log"; then
        pass "hostile/looper-own-budget (its own budget of 50000, the others unlimited: aborted alone)"
    else fail hostile/looper-own-budget "aborts or counts wrong"; fi
fi
if hostile looper-cpu Looper pass --budget 0 --cpu pcap/a/b=5; then
    J=$T/looper-cpu-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" link.out)" = $N ] &&
       [ "$(json "$J" pcap/a/b/c.aborts)" = 0 ] &&
       grep -q 'CPU time limit of 5 ms per call' "$T/looper-cpu-on-logs/pcap/a/b.log"; then
        pass "hostile/looper-cpu (no budget, its own CPU limit of 5 ms: aborted alone)"
    else fail hostile/looper-cpu "aborts or counts wrong"; fi
fi
# exact to the tick: BudgetEdge's budget of 190 runs out first on the
# 148th packet (189: the 103rd, 191: never); each call, through the
# stage's native entry, gets exactly its budget
if hostile budget-edge BudgetEdge pass --budget 0 --budget pcap/a/b=190; then
    J=$T/budget-edge-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" pcap/a/b.enqueue_calls)" = 148 ] &&
       [ "$(json "$J" link.out)" = $N ] && [ "$(json "$J" fusion.native_entries)" -ge 4 ]; then
        pass "hostile/budget-edge (its budget of 190 ran out on the 148th packet, fused as unfused)"
    else fail hostile/budget-edge "aborted on call $(json "$J" pcap/a/b.enqueue_calls), not 148"; fi
fi
# the same with the budget counter in memory (not r14): the native entry
# stores nothing back then
if hostile budget-edge-mem BudgetEdge pass --budget 0 --budget pcap/a/b=190 --jit -regbudget; then
    J=$T/budget-edge-mem-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" pcap/a/b.enqueue_calls)" = 148 ]; then
        pass "hostile/budget-edge-mem (--jit -regbudget: the 148th packet too)"
    else fail hostile/budget-edge-mem "aborted on call $(json "$J" pcap/a/b.enqueue_calls), not 148"; fi
fi
if hostile budget-edge-191 BudgetEdge pass --budget 0 --budget pcap/a/b=191; then
    J=$T/budget-edge-191-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 0 ] && [ "$(json "$J" pcap/a/b.enqueue_calls)" = $N ] &&
       [ "$(json "$J" fusion.native_entries)" = 5 ]; then
        pass "hostile/budget-edge-191 (one tick more: never aborted; 5 native stage entries)"
    else fail hostile/budget-edge-191 "aborts or native entries wrong"; fi
fi
if hostile hoarder Hoarder pass --quota pcap/a/b=8; then
    J=$T/hoarder-on.json
    if [ "$(json "$J" pcap/a/b.dropped_quota)" = $((N - 8)) ] && [ "$(json "$J" pcap/a/b.held)" = 8 ] &&
       [ "$(json "$J" pcap/a/b.aborts)" = 0 ] && [ "$(json "$J" pcap/a/b/c/d.out)" = $N ] &&
       [ "$(json "$J" pcap/a.in)" = 0 ]; then
        pass "hostile/hoarder (tail-dropped beyond its quota of 8, nothing else)"
    else fail hostile/hoarder "counts wrong"; fi
fi
if hostile thrower Thrower pass; then
    J=$T/thrower-on.json
    if [ "$(json "$J" pcap/a/b.aborts)" = 1 ] && [ "$(json "$J" link.out)" = $N ] &&
       grep -q 'ArrayIndexOutOfBoundsException' "$T/thrower-on-logs/pcap/a/b.log"; then
        pass "hostile/thrower (aborted on its 20th packet, held packets and later ones passed on)"
    else fail hostile/thrower "counts wrong"; fi
fi

# --------------------------------------------------------------- recycle
# rcase CLASS RECYCLED: CLASS at pcap/a/b (owner r) between ChainCount
# (pcap/a/b/c, u0) and ChainMark (pcap/a, u1) and Relay (pcap, u2): its
# stage recycles its Packet (RECYCLED 1) or not (0); fused, fused without
# recycling and unfused give the same captures, counts and logs
"$PKTGEN" -o "$T/r.pcap" -n 300 --seed 3 --proto mix --ports 80,53,9 --pps 10000 > /dev/null
rcase() {
    local cls=$1 want=$2 f k p got
    for f in on norec off; do
        local fu=$f env=()
        [ "$f" = norec ] && { fu=on; env=(VIFD_FUSE_RECYCLE=off VIFD_FUSE_INLINE=off VIFD_FUSE_NATIVE=off); }
        env "${env[@]}" timeout -k 5 120 "$VIFD" --in "pcap:$T/r.pcap" --out "pcap:$T/r-$cls-$f.pcap" \
            --quiet --stats "$T/r-$cls-$f.json" --logdir "$T/r-$cls-$f-logs" --fuse "$fu" \
            --vif pcap/a=ip --vif pcap/a/b=ip --vif pcap/a/b/c=ip \
            --load "pcap/a/b/c=$C/ChainCount.class:u0" --load "pcap/a/b=$C/$cls.class:r" \
            --load "pcap/a=$C/ChainMark.class:u1" --load "pcap=$C/Relay.class:u2" \
            > "$T/r-$cls-$f.out" 2>&1 || { fail "recycle/$cls" "vifd ($f) exited $?"; return 1; }
        sed -i 's/^[0-9T:.-]*Z //' "$T/r-$cls-$f-logs/pcap/a/b.log" 2> /dev/null
    done
    for f in norec off; do
        cmp -s "$T/r-$cls-on.pcap" "$T/r-$cls-$f.pcap" || { fail "recycle/$cls" "captures differ ($f)"; return 1; }
        cmp -s "$T/r-$cls-on-logs/pcap/a/b.log" "$T/r-$cls-$f-logs/pcap/a/b.log" ||
            { fail "recycle/$cls" "logs differ ($f)"; return 1; }
        flat "$T/r-$cls-$f.json"
        for k in in out aborts dropped_quota dropped_policy dropped_handler held enqueue_calls dequeue_calls; do
            for p in pcap pcap/a pcap/a/b pcap/a/b/c; do
                [ "$(json "$T/r-$cls-on.json" "$p.$k")" = "$(json "$T/r-$cls-$f.json" "$p.$k")" ] ||
                    { fail "recycle/$cls" "$p.$k differs ($f)"; return 1; }
            done
        done
    done
    flat "$T/r-$cls-on.json"
    # recycling stages on the leaf's path: ChainCount, ChainMark, Relay and CLASS's
    got=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print([p["recycled"] for p in d["fusion"]["paths"] if p["path"]=="pcap/a/b/c"][0])' "$T/r-$cls-on.json")
    [ "$got" = $((3 + want)) ] || { fail "recycle/$cls" "$got stages recycle, expected $((3 + want))"; return 1; }
    got=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print(sum(p["recycled"] for p in d["fusion"]["paths"]))' "$T/r-$cls-norec.json")
    [ "$got" = 0 ] || { fail "recycle/$cls" "VIFD_FUSE_RECYCLE=off still recycles"; return 1; }
    return 0
}
# (Twice passes the check, but is aborted on its 5th packet: no stage to recycle after)
for c in Aliaser:1 ChainFilter:1 Keeper:0 Passer:0 Hasher:0 Stale:0 Twice:0 PriQ_VIFlet:0; do
    rcase "${c%:*}" "${c#*:}" && pass "recycle/${c%:*} (recycled ${c#*:}; fused = without recycling = unfused)"
done
L=$T/r-Keeper-on-logs/pcap/a/b.log
grep -q 'kept packets: refused 100, allowed 0' "$L" && pass "recycle/kept-reference (IllegalStateException after every hand-off)" ||
    fail recycle/kept-reference "$(head -c 300 "$L")"
L=$T/r-Twice-on-logs/pcap/a/b.log
grep -q 'no longer owns' "$L" && pass "recycle/returned-twice (aborted: no longer owns)" ||
    fail recycle/returned-twice "$(head -c 300 "$L")"
L=$T/r-Stale-on-logs/pcap/a/b.log
grep -q 'stale: refused 3600, allowed 0' "$L" && pass "recycle/stale (every Packet method refused)" ||
    fail recycle/stale "$(head -c 300 "$L")"

# ------------------------------------------------------------------ fifo
# FifoEdge at pcap/a (u1, between ChainCount and the root) and at the root
# (u2, the link at 2 Mbit/s: its ring grows while it holds packets)
"$PKTGEN" -o "$T/fe.pcap" -n 600 --seed 5 --proto mix --pps 20000 > /dev/null
fe_ok=1
for f in on off int; do
    fu=$f xa=()
    [ "$f" = int ] && { fu=off; xa=(--int); }
    timeout -k 5 120 "$VIFD" --in "pcap:$T/fe.pcap" --out "pcap:$T/fe-$f.pcap" --quiet "${xa[@]}" \
        --stats "$T/fe-$f.json" --logdir "$T/fe-$f-logs" --fuse "$fu" --rate 2mbit \
        --vif pcap/a=ip --vif pcap/a/b=ip --load "pcap/a/b=$C/ChainCount.class:u0" \
        --load "pcap/a=$C/FifoEdge.class:u1" --load "pcap=$C/FifoEdge.class:u2" \
        > "$T/fe-$f.out" 2>&1 || { fail fifo "vifd ($f) exited $?"; fe_ok=0; }
    for p in pcap pcap/a; do sed -i 's/^[0-9T:.-]*Z //' "$T/fe-$f-logs/$p.log" 2> /dev/null; done
done
if [ $fe_ok = 1 ]; then
    for f in off int; do
        cmp -s "$T/fe-on.pcap" "$T/fe-$f.pcap" || { fail fifo "captures differ ($f)"; fe_ok=0; }
        for p in pcap pcap/a; do
            cmp -s "$T/fe-on-logs/$p.log" "$T/fe-$f-logs/$p.log" || { fail fifo "$p log differs ($f)"; fe_ok=0; }
            for k in in out aborts dropped_handler held enqueue_calls dequeue_calls; do
                [ "$(json "$T/fe-on.json" "$p.$k")" = "$(json "$T/fe-$f.json" "$p.$k")" ] ||
                    { fail fifo "$p.$k differs ($f)"; fe_ok=0; }
            done
        done
    done
fi
if [ $fe_ok = 1 ] && grep -q '^fifo: packet is null$' "$T/fe-on-logs/pcap.log" &&
   grep -q '^fifo: length 512$' "$T/fe-on-logs/pcap.log" &&
   grep -q '^fifo: packet is null$' "$T/fe-on-logs/pcap/a.log" &&
   ! grep -q 'no exception\|length moved' "$T/fe-on-logs/pcap.log" "$T/fe-on-logs/pcap/a.log" &&
   [ "$(json "$T/fe-on.json" link.out)" = 600 ]; then
    pass "fifo (null refused, ring grown to $(grep -c '^fifo: length' "$T/fe-on-logs/pcap.log") sizes; fused = unfused = --int)"
elif [ $fe_ok = 1 ]; then
    fail fifo "$(head -c 300 "$T/fe-on-logs/pcap.log")"
fi

# ----------------------------------------------------------------- blind
# bcase NAME LEAF BLIND: LEAF (u0) at pcap/a/b/c, BlindEdge (r) at pcap/a/b,
# ChainFilter (u1) at pcap/a, Relay (u2) at pcap; BLIND stages of the
# leaf's path are blind (BlindEdge, Relay, and the leaf if it is blind)
bcase() {
    local name=$1 leaf=$2 want=$3 f k p got
    for f in on noblind off; do
        local fu=$f env=()
        [ "$f" = noblind ] && { fu=on; env=(VIFD_FUSE_BLIND=off); }
        env "${env[@]}" timeout -k 5 120 "$VIFD" --in "pcap:$T/r.pcap" --out "pcap:$T/b-$name-$f.pcap" \
            --quiet --stats "$T/b-$name-$f.json" --logdir "$T/b-$name-$f-logs" --fuse "$fu" \
            --vif pcap/a=ip --vif pcap/a/b=ip --vif pcap/a/b/c=ip \
            --load "pcap/a/b/c=$C/$leaf.class:u0" --load "pcap/a/b=$C/BlindEdge.class:r" \
            --load "pcap/a=$C/ChainFilter.class:u1" --load "pcap=$C/Relay.class:u2" \
            > "$T/b-$name-$f.out" 2>&1 || { fail "blind/$name" "vifd ($f) exited $?"; return 1; }
        sed -i 's/^[0-9T:.-]*Z //' "$T/b-$name-$f-logs/pcap/a/b.log" 2> /dev/null
    done
    for f in noblind off; do
        cmp -s "$T/b-$name-on.pcap" "$T/b-$name-$f.pcap" || { fail "blind/$name" "captures differ ($f)"; return 1; }
        cmp -s "$T/b-$name-on-logs/pcap/a/b.log" "$T/b-$name-$f-logs/pcap/a/b.log" ||
            { fail "blind/$name" "logs differ ($f)"; return 1; }
        flat "$T/b-$name-$f.json"
        for k in in out bytes_in bytes_out aborts dropped_quota dropped_policy dropped_handler held \
                 enqueue_calls dequeue_calls; do
            for p in pcap pcap/a pcap/a/b pcap/a/b/c; do
                [ "$(json "$T/b-$name-on.json" "$p.$k")" = "$(json "$T/b-$name-$f.json" "$p.$k")" ] ||
                    { fail "blind/$name" "$p.$k differs ($f)"; return 1; }
            done
        done
    done
    # the packets it dropped (every 7th of 249) are its drops, found by the
    # abort's audit; the policy passes on only the 250th, which it held when
    # it threw (its bytes copied in late)
    [ "$(json "$T/b-$name-on.json" pcap/a/b.aborts)" = 1 ] &&
        [ "$(json "$T/b-$name-on.json" pcap/a/b.dropped_handler)" = 35 ] &&
        grep -q 'blind edge: packet 250' "$T/b-$name-on-logs/pcap/a/b.log" &&
        grep -q 'failure policy pass: 1 held packet passed on' "$T/b-$name-on-logs/pcap/a/b.log" ||
        { fail "blind/$name" "BlindEdge not aborted as expected: $(json "$T/b-$name-on.json" pcap/a/b.dropped_handler) handler drops, $(grep 'failure policy' "$T/b-$name-on-logs/pcap/a/b.log")"; return 1; }
    for f in on noblind; do
        got=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print(sum(p["blind"] for p in d["fusion"]["paths"] if p["path"]=="pcap/a/b/c"))' "$T/b-$name-$f.json")
        # (the plans at the end: BlindEdge aborted, so its stage no longer counts)
        local exp=$((want - 1)); [ "$f" = noblind ] && exp=0
        [ "$got" = "$exp" ] || { fail "blind/$name" "$got blind stages at the end ($f), expected $exp"; return 1; }
    done
    return 0
}
bcase mark ChainMark 2 && pass "blind/mid-chain (BlindEdge after a rewriting stage; drops, an abort; fused = without blind = unfused)"
bcase count ChainCount 3 && pass "blind/leaf (ChainCount at the leaf and BlindEdge; fused = without blind = unfused)"

# ------------------------------------------------------------------ peek
"$PKTGEN" -o "$T/pk.pcap" -n 1500 --seed 11 --proto mix --ports 80,443,53,9 --sizes 60-1500 \
    --pps 20000 > /dev/null
pk_ok=1
for f in on nopeek off; do
    fu=$f env=()
    [ "$f" = nopeek ] && { fu=on; env=(VIFD_FUSE_PEEK=off); }
    env "${env[@]}" timeout -k 5 120 "$VIFD" --in "pcap:$T/pk.pcap" --out "pcap:$T/pk-$f.pcap" \
        --quiet --stats "$T/pk-$f.json" --fuse "$fu" --rate 20mbit \
        --vif pcap/a=ip --vif pcap/a/b=ip --vif pcap/a/b/c=ip --vif pcap/a/b/c/d=ip \
        --load "pcap/a/b/c/d=$C/ChainMark.class:u0" --load "pcap/a/b/c=$C/PeekEdge.class:r" \
        --load "pcap/a/b=$C/ChainFilter.class:u1" \
        --load "pcap/a=$C/Shaper.class:u2" --load "pcap=$C/Relay.class:u3" \
        > "$T/pk-$f.out" 2>&1 || { fail peek "vifd ($f) exited $?"; pk_ok=0; }
done
if [ $pk_ok = 1 ]; then
    # every VIF's statistics but the handlers' times (handler_*); the header readers
    why=$(python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
def vifs(f):
    d = json.load(open("%s/pk-%s.json" % (t, f)))
    return [{k: v for k, v in x.items() if not k.startswith("handler")} for x in d["vifs"]], d
on, don = vifs("on")
for f in ("nopeek", "off"):
    other, _ = vifs(f)
    if on != other:
        print("statistics differ (%s)" % f); sys.exit()
peek = {p["path"]: p["peek"] for p in don["fusion"]["paths"]}
_, dno = vifs("nopeek")
if peek.get("pcap/a/b/c/d") != 1 or any(p["peek"] for p in dno["fusion"]["paths"]):
    print("header readers: %s" % peek); sys.exit()
d = {x["path"]: x for x in on}
if not (d["pcap/a/b"]["dropped_handler"] > 0 and d["pcap/a"]["delay_ns"]["max"] > 0 and
        d["pcap/a/b/c"]["aborts"] == 1 and
        d["pcap/a/b"]["delay_ns"]["samples"] == d["pcap/a/b"]["out"] > 0):
    print("not the case meant: %s" % d["pcap/a/b"])
PY
)
    for f in nopeek off; do
        cmp -s "$T/pk-on.pcap" "$T/pk-$f.pcap" || why="captures differ ($f)"
    done
    if [ -z "$why" ]; then
        pass "peek (header readers mid-chain: ChainFilter, PeekEdge dropping and aborted with a packet held; delays; fused = without = unfused)"
    else
        fail peek "$why"
    fi
fi

# ------------------------------------------------------------------ prog
# field-only handlers run as a program on a fused path (src/jit/fuse_prog.c,
# dp_fuse_prog.h): FieldFilter (guards on the header getters, `if (c)
# return;`; the drops take the handler's call) at the leaf pcap/a/b/c,
# FieldCount (every kind of operation it takes) at pcap/a/b, under
# FieldShow (same VM: writes their fields into the packets), FieldCount
# at the root behind a slow link (its FIFO often busy: the handler called
# then), and FieldGate (a branch forward to its return) under ChainCount,
# BlindEdge and ChainMark (u3-u6, the UDP side): fused (programs as machine code) =
# VIFD_FUSE_NATIVE=off (the C evaluator) = VIFD_FUSE_PROG=off = unfused,
# captures and every statistic but the handlers' times; the programs
# counted only for FieldCount, ChainCount and ChainMark (a marker: see mark)
"$PKTGEN" -o "$T/pg.pcap" -n 1500 --seed 13 --proto mix --sizes 60-600 --pps 20000 \
    --ports 80,443,53,9 --sports 1000 > /dev/null
pg_ok=1
run_modes prog "" "$T/pg.pcap" "$T/pg" --rate 20mbit --jit-disasm \
    --vif pcap/a=tcp --vif pcap/a/b=ip --vif pcap/a/b/c=ip \
    --vif pcap/x=udp --vif pcap/x/y=ip --vif pcap/x/y/z=ip --vif pcap/x/y/z/w=ip \
    --load "pcap/a/b/c=$C/FieldFilter.class:u0" \
    --load "pcap/a/b=$C/FieldCount.class:u0" --load "pcap/a=$C/FieldShow.class:u0" \
    --load "pcap=$C/FieldCount.class:u1" --load "pcap/x/y/z/w=$C/FieldGate.class:u6" \
    --load "pcap/x/y/z=$C/ChainCount.class:u3" --load "pcap/x/y=$C/BlindEdge.class:u4" \
    --load "pcap/x=$C/ChainMark.class:u5" || pg_ok=0
if [ $pg_ok = 1 ]; then
    why=$(python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
def vifs(f):
    d = json.load(open("%s/pg-%s.json" % (t, f)))
    return [{k: v for k, v in x.items() if not k.startswith("handler")} for x in d["vifs"]], d
on, don = vifs("on")
for f in ("nonative", "noprog", "off"):
    other, _ = vifs(f)
    if on != other:
        print("statistics differ (%s)" % f); sys.exit()
got = {p["path"]: p["handlers_inlined"] for p in don["fusion"]["paths"]}
_, dnn = vifs("nonative")
if got != {p["path"]: p["handlers_inlined"] for p in dnn["fusion"]["paths"]}:
    print("programs differ without native code"); sys.exit()
_, dno = vifs("noprog")
want = {"pcap": 1, "pcap/a": 1, "pcap/a/b": 2, "pcap/a/b/c": 3, "pcap/x": 2, "pcap/x/y": 2,
        "pcap/x/y/z": 3, "pcap/x/y/z/w": 4}
if got != want or any(p["handlers_inlined"] for p in dno["fusion"]["paths"]):
    print("programs: %s, want %s" % (got, want)); sys.exit()
d = {x["path"]: x for x in on}
if not (d["pcap/a/b"]["out"] > 200 and d["pcap/x/y/z"]["out"] > 100 and d["pcap"]["delay_ns"]["max"] > 0 and
        d["pcap/a/b/c"]["dropped_handler"] > 100 and d["pcap/a/b/c"]["out"] > 100 and
        d["pcap/x/y/z/w"]["dropped_handler"] > 100 and d["pcap/x/y/z/w"]["out"] > 50):
    print("not the case meant: %s %s" % (d["pcap/a/b/c"], d["pcap/x/y/z/w"]))
PY
)
    for f in nonative noprog off; do
        cmp -s "$T/pg-on.pcap" "$T/pg-$f.pcap" || why="captures differ ($f)"
    done
    [ -n "$why" ] || why=$(native_progs "$T/pg" FieldFilter FieldCount FieldGate ChainCount ChainMark)
    if [ -z "$why" ]; then
        pass "prog (field-only handlers and filters run as programs: FieldFilter, FieldCount under FieldShow, at a busy root, ChainCount, FieldGate; fused = C evaluator = without = unfused)"
    else
        fail prog "$why"
    fi
fi

# ------------------------------------------------------------------ mark
# markers run as programs on fused paths (src/jit/fuse_prog.c SETDSCP and
# SELECT, dp_fuse_prog.h dp_prog_setdscp): MarkConst (a constant, setDscp's
# answer counted through `? 1 : 0`, field stores before and after the
# write; ChainCount below it) under MarkShow (same VM: writes MarkConst's
# fields into every packet), and on sibling paths MarkSel (`ipProtocol()
# == 17 ? 10 : 34`), ChainMark, MarkOdd (`(ipProtocol() & 1) == 0 ? 63 :
# 1`) and MarkField (a field's code point: not a program) below it, each
# marking its own share of the packets (by length), on a capture of IPv4 (with and
# without options, TCP, UDP, ICMP, GRE), IPv6, both behind a VLAN tag, ARP,
# truncated IPv4 and IPv6 headers, an IPv4 IHL of 4 and an IPv6 version of
# 4, random DS/traffic-class bytes (ECN bits kept): fused (machine code
# where there is any) = VIFD_FUSE_NATIVE=off = VIFD_FUSE_PROG=off =
# unfused, captures and every statistic but the handlers' times, the
# programs counted on exactly the paths expected, and the marks there
python3 - "$T/mk.pcap" <<'PY'
import random, struct, sys
r = random.Random(21)
out = open(sys.argv[1], "wb")
out.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
def eth(et, vlan):
    h = bytes(r.randrange(256) for _ in range(12))
    return h + (struct.pack(">HH", 0x8100, r.randrange(4096)) if vlan else b"") + struct.pack(">H", et)
for i in range(900):
    kind = r.choice(["v4", "v4", "v4opt", "v6", "v6", "arp", "v4short", "v6short", "ihl4", "v6ver4"])
    vlan = r.random() < 0.3
    n = r.randrange(60, 420)
    if kind.startswith("v4") or kind == "ihl4":
        ihl = 6 if kind == "v4opt" else 4 if kind == "ihl4" else 5
        proto = r.choice([6, 17, 1, 47])
        ip = bytes([0x40 | ihl, r.randrange(256)]) + struct.pack(">H", n) + bytes(
            r.randrange(256) for _ in range(2)) + struct.pack(">H", r.choice([0, 0x4000, 0x2000])) + bytes(
            [r.randrange(1, 256), proto]) + bytes(r.randrange(256) for _ in range(10))
        if kind == "v4short":
            ip = ip[:r.randrange(1, 20)]
        d = eth(0x0800, vlan) + ip
    elif kind.startswith("v6"):
        ver = 4 if kind == "v6ver4" else 6
        ip = bytes([ver << 4 | r.randrange(16), r.randrange(256)]) + bytes(r.randrange(256) for _ in range(2)) + \
            struct.pack(">HB", n, r.choice([6, 17, 58, 0])) + bytes(r.randrange(256) for _ in range(33))
        if kind == "v6short":
            ip = ip[:r.randrange(1, 40)]
        d = eth(0x86dd, vlan) + ip
    else:
        d = eth(0x0806, vlan) + bytes(r.randrange(256) for _ in range(28))
    if not kind.endswith("short"):
        d += bytes(r.randrange(256) for _ in range(max(0, n - len(d))))
    out.write(struct.pack("<IIII", 1 + i // 1000, (i % 1000) * 1000, len(d), len(d)) + d)
PY
mk_ok=1
run_modes mark "" "$T/mk.pcap" "$T/mk" --jit-disasm \
    --vif "pcap/s=len < 120" --vif "pcap/a=len >= 120 and len < 200" \
    --vif "pcap/a/k=len >= 180" --vif "pcap/b=len >= 200 and len < 300" \
    --vif "pcap/c=len >= 300" --vif "pcap/c/d=len >= 360" \
    --load "pcap=$C/MarkShow.class:u0" --load "pcap/a=$C/MarkConst.class:u0" \
    --load "pcap/a/k=$C/ChainCount.class:u5" \
    --load "pcap/s=$C/MarkSel.class:u1" --load "pcap/b=$C/ChainMark.class:u2" \
    --load "pcap/c=$C/MarkOdd.class:u3" --load "pcap/c/d=$C/MarkField.class:u4" || mk_ok=0
if [ $mk_ok = 1 ]; then
    why=$(python3 - "$T" <<'PY'
import json, struct, sys
t = sys.argv[1]
def vifs(f):
    d = json.load(open("%s/mk-%s.json" % (t, f)))
    return [{k: v for k, v in x.items() if not k.startswith("handler")} for x in d["vifs"]], d
on, don = vifs("on")
for f in ("nonative", "noprog", "off"):
    other, _ = vifs(f)
    if on != other:
        print("statistics differ (%s)" % f); sys.exit()
got = {p["path"]: p["handlers_inlined"] for p in don["fusion"]["paths"]}
_, dno = vifs("noprog")
want = {"pcap": 0, "pcap/s": 1, "pcap/a": 1, "pcap/a/k": 2, "pcap/b": 1, "pcap/c": 1,
        "pcap/c/d": 1}
if got != want or any(p["handlers_inlined"] for p in dno["fusion"]["paths"]):
    print("programs: %s, want %s" % (got, want)); sys.exit()
# the marks: (kind, header offset, dscp) of the packets out
seen = set()
b = open("%s/mk-on.pcap" % t, "rb").read()
o = 24
while o + 16 <= len(b):
    n = struct.unpack("<IIII", b[o:o + 16])[2]
    d = b[o + 16:o + 16 + n]
    o += 16 + n
    e, et = 14, d[12] << 8 | d[13]
    if et == 0x8100:
        e, et = 18, d[16] << 8 | d[17]
    if et == 0x0800 and len(d) >= e + 20 and d[e] >> 4 == 4 and d[e] & 15 >= 5:
        seen.add(("v4", e, d[e + 1] >> 2))
    elif et == 0x86dd and len(d) >= e + 40 and d[e] >> 4 == 6:
        seen.add(("v6", e, ((d[e] & 15) << 2) | d[e + 1] >> 6))
for k in ("v4", "v6"):
    for e in (14, 18):
        for c in (46, 10, 34, 26, 8, 63, 1):
            if (k, e, c) not in seen:
                print("no %s packet (header at %d) marked %d" % (k, e, c)); sys.exit()
PY
)
    for f in nonative noprog off; do
        cmp -s "$T/mk-on.pcap" "$T/mk-$f.pcap" || why="captures differ ($f)"
    done
    [ -n "$why" ] || why=$(native_progs "$T/mk" MarkConst MarkSel ChainMark MarkOdd ChainCount)
    if [ -z "$why" ]; then
        pass "mark (markers run as programs: MarkConst under MarkShow, MarkSel, ChainMark, MarkOdd; IPv4, IPv6, VLAN, not IP, truncated; fused = C evaluator = without = unfused)"
    else
        fail mark "$why"
    fi
fi

# ---------------------------------------------------------------- native
# the native stage entries (src/jit/fuse_entry.c): one per VIFlet on a
# fused path, named in the perf map, their size in the statistics; none
# with VIFD_FUSE_NATIVE=off (and the same results: the recycle cases above
# compare with it)
NA=(--vif pcap/a=ip --vif pcap/a/b=ip --load "pcap/a/b=$C/ChainCount.class:u0"
    --load "pcap/a=$C/ChainFilter.class:u1" --load "pcap=$C/Relay.class:u2")
( cd "$T" && exec env VIFD_PERF_MAP=1 "$VIFD" --in "pcap:$T/r.pcap" --out "pcap:$T/na.pcap" --quiet --stats "$T/na.json" \
    "${NA[@]}" > "$T/na.out" 2>&1 ) &
napid=$!
wait "$napid"
narc=$?
env VIFD_FUSE_NATIVE=off "$VIFD" --in "pcap:$T/r.pcap" --out "pcap:$T/na-off.pcap" --quiet \
    --stats "$T/na-off.json" "${NA[@]}" \
    > "$T/na-off.out" 2>&1
nb=$(json "$T/na.json" fusion.native_code_bytes)
if [ "$narc" = 0 ] && [ "$(json "$T/na.json" fusion.native_entries)" = 3 ] && [ "${nb:-0}" -gt 0 ] &&
   cmp -s "$T/na.pcap" "$T/na-off.pcap" &&
   [ "$(json "$T/na-off.json" fusion.native_entries)" = 0 ] &&
   [ "$(json "$T/na-off.json" fusion.native_code_bytes)" = 0 ] &&
   grep -q ' fused:pcap/a/b ChainCount.enqueue$' "/tmp/perf-$napid.map" &&
   grep -q ' fused:pcap/a ChainFilter.enqueue$' "/tmp/perf-$napid.map" &&
   grep -q ' fused:pcap Relay.enqueue$' "/tmp/perf-$napid.map"; then
    pass "native (3 stage entries, $nb bytes, named in the perf map; none with VIFD_FUSE_NATIVE=off)"
else
    fail native "entries $(json "$T/na.json" fusion.native_entries), bytes $nb, map: $(grep -c fused: "/tmp/perf-$napid.map" 2> /dev/null)"
fi
rm -f "/tmp/perf-$napid.map"
# --jit-disasm: the same entries listed by name, disassembled
"$VIFD" --in "pcap:$T/r.pcap" --out "pcap:$T/na-dis.pcap" --quiet --jit-disasm "${NA[@]}" \
    > "$T/na-dis.out" 2> "$T/na-dis.err"
dis_ok=1
for e in "pcap/a/b ChainCount" "pcap/a ChainFilter" "pcap Relay"; do
    grep -q "^== JIT fused:$e.enqueue @ 0x[0-9a-f]*, [0-9]* bytes ==$" "$T/na-dis.err" || dis_ok=0
done
if [ "$dis_ok" = 1 ] && grep -q '^== JIT ChainCount.enqueue(Lvif/Packet;)V @' "$T/na-dis.err" &&
   cmp -s "$T/na.pcap" "$T/na-dis.pcap"; then
    pass "native/jit-disasm (the stage entries listed as fused:PATH Class.enqueue)"
else
    fail native/jit-disasm "$(grep -c '^== JIT fused:' "$T/na-dis.err") fused entries listed"
fi

# --------------------------------------------------------------- flowing
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: datapath/fuse/flowing: needs root (the injection directory)"
else
    D=$T/dir
    mkdir -p "$D"
    "$PKTGEN" -o "$T/f.pcap" -n 3000 --seed 9 --proto mix --pps 1000 > /dev/null
    timeout -k 5 60 "$VIFD" --in "pcap:$T/f.pcap" --out "pcap:$T/f-out.pcap" --quiet \
        --stats "$T/f.json" --dir "$D" --speed 1 --vif pcap/a=ip --vif pcap/a/b=ip \
        --load "pcap=$C/Relay.class:u0" --load "pcap/a=$C/ChainMark.class:u1" \
        --load "pcap/a/b=$C/ChainCount.class:u2" > "$T/f.out" 2>&1 &
    VPID=$!
    sleep 0.8
    cp "$C/Thrower.class" "$D/pcap/a/.t.tmp" && mv "$D/pcap/a/.t.tmp" "$D/pcap/a/Thrower.class"
    sleep 0.8
    cp "$C/ChainFilter.class" "$D/pcap/a/.f.tmp" && mv "$D/pcap/a/.f.tmp" "$D/pcap/a/ChainFilter.class"
    sleep 0.5
    rm -f "$D/pcap/a/b/ChainCount.class"
    wait "$VPID"
    rc=$?
    VPID=
    J=$T/f.json
    L=$D/pcap/a/log
    if [ "$rc" != 0 ]; then
        fail flowing "vifd exited $rc: $(tail -c 300 "$T/f.out")"
    elif [ "$(json "$J" accounting_ok)" != True ]; then
        fail flowing "accounting not ok"
    elif ! grep -q 'VIFlet Thrower aborted in enqueue' "$L" || ! grep -q 'ChainFilter' "$L"; then
        fail flowing "swap/abort not in the log: $(tail -c 400 "$L")"
    elif [ "$(json "$J" pcap/a.aborts)" != 1 ] || [ "$(json "$J" fusion.refusions)" -lt 4 ] ||
         [ "$(json "$J" fusion.fused_packets)" -lt 2500 ]; then
        fail flowing "aborts $(json "$J" pcap/a.aborts), refusions $(json "$J" fusion.refusions), fused packets $(json "$J" fusion.fused_packets)"
    else
        pass "flowing (swap, abort and replace mid-chain under traffic: $(json "$J" fusion.refusions) re-fusions, $(json "$J" fusion.fused_packets) of 3000 packets fused, accounting exact)"
    fi
fi
# ------------------------------------------------------------------ branch
# handlers in ordinary style run as programs by if-conversion
# (src/jit/fuse_prog.c: forward branches as SELECTs, the stores and
# setDscp at the exit after every guard): BranchCount (if/else and
# else-if counters, a conditional of non-constants, ipProtocol() after
# stores) at the leaf pcap/a/b/c, BranchGate (a store before the decision,
# a boolean of `||`/`&&` on ports, counters on the drop path) at pcap/a/b,
# BranchMark (if/else setDscp, on some ways only) at pcap/a, and
# BranchShow at the root (same VM: writes their fields into the packets);
# on a capture of ports 23, 9, 53, 80 (source ports 53 among others) and
# on mark's capture (IPv6: ports left to the handler, VLAN, not IP,
# truncated): fused (machine code, f12) = VIFD_FUSE_NATIVE=off (the C
# evaluator) = VIFD_FUSE_PROG=off = unfused, captures and every statistic
# but the handlers' times; 3 programs on the leaf's path, each made as
# machine code
br_ok=1
if ! "$JAVAC" --release 8 -nowarn -d "$C" -cp "$API" "$HERE"/viflets/Branch{Count,Gate,Mark,Show}.java \
        > "$T/javac-br.log" 2>&1; then
    fail branch "VIFlets do not compile: $(head -c 300 "$T/javac-br.log")"; br_ok=0
fi
"$PKTGEN" -o "$T/br1.pcap" -n 1500 --seed 17 --proto mix --sizes 60-600 --pps 20000 \
    --ports 23,9,53,80,443 --sports 60 > /dev/null
cp "$T/mk.pcap" "$T/br2.pcap" 2> /dev/null || br_ok=0
for cap in br1 br2; do
    [ $br_ok = 1 ] || break
    run_modes branch "$cap, " "$T/$cap.pcap" "$T/$cap" --jit-disasm \
        --vif pcap/a=ip --vif pcap/a/b=ip --vif pcap/a/b/c=ip \
        --load "pcap=$C/BranchShow.class:u0" --load "pcap/a=$C/BranchMark.class:u0" \
        --load "pcap/a/b=$C/BranchGate.class:u0" --load "pcap/a/b/c=$C/BranchCount.class:u0" ||
        br_ok=0
done
if [ $br_ok = 1 ]; then
    why=$(python3 - "$T" <<'PY'
import json, struct, sys
t = sys.argv[1]
for cap in ("br1", "br2"):
    def vifs(f):
        d = json.load(open("%s/%s-%s.json" % (t, cap, f)))
        return [{k: v for k, v in x.items() if not k.startswith("handler")} for x in d["vifs"]], d
    on, don = vifs("on")
    for f in ("nonative", "noprog", "off"):
        other, _ = vifs(f)
        if on != other:
            print("statistics differ (%s, %s)" % (cap, f)); sys.exit()
    got = {p["path"]: p["handlers_inlined"] for p in don["fusion"]["paths"]}
    _, dno = vifs("noprog")
    want = {"pcap": 0, "pcap/a": 1, "pcap/a/b": 2, "pcap/a/b/c": 3}
    if got != want or any(p["handlers_inlined"] for p in dno["fusion"]["paths"]):
        print("programs (%s): %s, want %s" % (cap, got, want)); sys.exit()
    d = {x["path"]: x for x in on}
    if cap == "br1" and not (d["pcap/a/b"]["dropped_handler"] > 100 and d["pcap/a/b"]["out"] > 300):
        print("not the case meant: %s" % d["pcap/a/b"]); sys.exit()
    # marked both ways (46 and 10) and left alone, and the fields shown
    raw = open("%s/%s-on.pcap" % (t, cap), "rb").read()[24:]
    seen, shown, i = set(), 0, 0
    while i < len(raw):
        n = struct.unpack("<I", raw[i + 8:i + 12])[0]
        pk = raw[i + 16:i + 16 + n]
        i += 16 + n
        if len(pk) >= 34 and pk[12:14] == b"\x08\x00" and pk[14] >> 4 == 4:
            seen.add(pk[15] >> 2)
        if n >= 100 and any(pk[n - 48:n - 12]):
            shown += 1
    if cap == "br1" and not ({46, 10} <= seen and shown > 100):
        print("not the case meant: dscp %s, %d packets shown" % (sorted(seen), shown)); sys.exit()
PY
)
    for cap in br1 br2; do
        for f in nonative noprog off; do
            cmp -s "$T/$cap-on.pcap" "$T/$cap-$f.pcap" || why="captures differ ($cap, $f)"
        done
        [ -n "$why" ] || why=$(native_progs "$T/$cap" BranchCount BranchGate BranchMark)
    done
    if [ -z "$why" ]; then
        pass "branch (ordinary handlers as programs by if-conversion: BranchCount, BranchGate, BranchMark under BranchShow; fused = C evaluator = without = unfused)"
    else
        fail branch "$why"
    fi
fi
# ------------------------------------------------------------------ sorter
# a handler written as a user would (bench/viflets/heldout/TrafficSorter's
# enqueue in Sorter: an if/else-if chain over the destination port and the
# protocol, a counter on one way of six, setDscp on two, a drop way with
# its counter, a local joined before it is stored on some ways only; 100
# operations) as a program in machine code (src/jit/fuse_prog_emit.c) at
# pcap/a under SorterShow (same VM: writes Sorter's fields into the
# packets), on a capture of its ports (TCP and UDP) and on mark's capture
# (IPv6: ports left to the handler, VLAN, not IP, truncated): fused
# (machine code) = VIFD_FUSE_NATIVE=off = VIFD_FUSE_PROG=off = unfused,
# captures and every statistic but the handlers' times
so_ok=1
if ! "$JAVAC" --release 8 -nowarn -d "$C" -cp "$API" "$HERE"/viflets/Sorter{,Show}.java \
        > "$T/javac-so.log" 2>&1; then
    fail sorter "VIFlets do not compile: $(head -c 300 "$T/javac-so.log")"; so_ok=0
fi
"$PKTGEN" -o "$T/so1.pcap" -n 2000 --seed 19 --proto mix --sizes 60-600 --pps 20000 \
    --ports 80,443,53,5060,5061,22,23,9,7 > /dev/null
cp "$T/mk.pcap" "$T/so2.pcap" 2> /dev/null || so_ok=0
for cap in so1 so2; do
    [ $so_ok = 1 ] || break
    run_modes sorter "$cap, " "$T/$cap.pcap" "$T/$cap" --jit-disasm --vif pcap/a=ip \
        --load "pcap=$C/SorterShow.class:u0" --load "pcap/a=$C/Sorter.class:u0" || so_ok=0
done
if [ $so_ok = 1 ]; then
    why=$(python3 - "$T" <<'PY'
import json, struct, sys
t = sys.argv[1]
for cap in ("so1", "so2"):
    def vifs(f):
        d = json.load(open("%s/%s-%s.json" % (t, cap, f)))
        return [{k: v for k, v in x.items() if not k.startswith("handler")} for x in d["vifs"]], d
    on, don = vifs("on")
    for f in ("nonative", "noprog", "off"):
        other, _ = vifs(f)
        if on != other:
            print("statistics differ (%s, %s)" % (cap, f)); sys.exit()
    got = {p["path"]: p["handlers_inlined"] for p in don["fusion"]["paths"]}
    _, dno = vifs("noprog")
    if got != {"pcap": 0, "pcap/a": 1} or any(p["handlers_inlined"] for p in dno["fusion"]["paths"]):
        print("programs (%s): %s" % (cap, got)); sys.exit()
    d = {x["path"]: x for x in on}
    raw = open("%s/%s-on.pcap" % (t, cap), "rb").read()[24:]
    seen, shown, i = set(), 0, 0
    while i < len(raw):
        n = struct.unpack("<I", raw[i + 8:i + 12])[0]
        pk = raw[i + 16:i + 16 + n]
        i += 16 + n
        if len(pk) >= 34 and pk[12:14] == b"\x08\x00" and pk[14] >> 4 == 4:
            seen.add(pk[15] >> 2)
        if n >= 100 and any(pk[n - 40:n - 8]):
            shown += 1
    if cap == "so1" and not ({46, 16} <= seen and shown > 500 and
                             d["pcap/a"]["dropped_handler"] > 20 and d["pcap/a"]["out"] > 1000):
        print("not the case meant: dscp %s, %d shown, %s" % (sorted(seen), shown, d["pcap/a"]))
        sys.exit()
PY
)
    for cap in so1 so2; do
        for f in nonative noprog off; do
            cmp -s "$T/$cap-on.pcap" "$T/$cap-$f.pcap" || why="captures differ ($cap, $f)"
        done
        [ -n "$why" ] || why=$(native_progs "$T/$cap" Sorter)
    done
    if [ -z "$why" ]; then
        pass "sorter (a user's if/else-if classifier, 100 operations, as machine code: fused = C evaluator = without = unfused, on its ports and on IPv6/VLAN/non-IP/truncated)"
    else
        fail sorter "$why"
    fi
fi
# ------------------------------------------------------------- pathcount
# per-path counting (dp_vif.pass_pkts, dp_pass_fold): the figures must be
# those of the counting at every level (VIFD_PATH_COUNT=off), everywhere
# they are read
"$PKTGEN" -o "$T/pc.pcap" -n 3000 --seed 11 --proto mix --ports 80,443,53,22,9 --pps 5000 > /dev/null
PCBASE=(--vif pcap/ip=ip --vif pcap/ip/t=tcp --vif 'pcap/ip/t/w=tcp port 80'
        --vif 'pcap/ip/t/w/x=tcp dst port 80' --vif pcap/ip/u=udp --vif 'pcap/ip/u/d=udp port 53'
        --vif 'pcap/ip/u/e=udp port 443' --vif 'pcap/o=not ip' --rate 5mbit --link-queue 200
        --load "pcap/ip/t=$C/DropThenThrow.class:a" --policy pcap/ip/t=drop
        --load "pcap/ip=$C/Relay.class:r" --load "pcap/ip/u/e=$C/ChainCount.class:c")
PCTREE=("${PCBASE[@]}" --load "pcap/ip/u/d=$C/DropUdp.class:b")
pc_ok=1
for w in 1 2; do
    for fu in on off; do
        for pc in on off; do
            tag=$fu-$pc-w$w
            env VIFD_PATH_COUNT=$pc timeout -k 5 120 "$VIFD" --in "pcap:$T/pc.pcap" \
                --out "pcap:$T/pc-$tag.pcap" --quiet --stats "$T/pc-$tag.json" --fuse "$fu" \
                --workers "$w" --timeline "$T/pc-$tag.jsonl" "${PCTREE[@]}" \
                > "$T/pc-$tag.out" 2>&1 || { fail pathcount "vifd ($tag) exited $?: $(tail -c 300 "$T/pc-$tag.out")"; pc_ok=0; }
        done
    done
done
if [ $pc_ok = 1 ]; then
    why=$(python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if not k.startswith("handler") and k != "fusion"}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
for w in (1, 2):
    for fu in ("on", "off"):
        a = json.load(open("%s/pc-%s-on-w%d.json" % (t, fu, w)))
        b = json.load(open("%s/pc-%s-off-w%d.json" % (t, fu, w)))
        if strip(a) != strip(b):
            sa, sb = strip(a), strip(b)
            for x, y in zip(sa["vifs"], sb["vifs"]):
                if x != y:
                    print("statistics differ (fuse %s, %d workers) at %s: %s"
                          % (fu, w, x["path"], {k: (x[k], y.get(k)) for k in x if x[k] != y.get(k)}))
                    sys.exit()
            print("statistics differ (fuse %s, %d workers)" % (fu, w)); sys.exit()
        if open("%s/pc-%s-on-w%d.jsonl" % (t, fu, w)).read() != \
           open("%s/pc-%s-off-w%d.jsonl" % (t, fu, w)).read():
            print("timelines differ (fuse %s, %d workers)" % (fu, w)); sys.exit()
        d = {x["path"]: x for x in a["vifs"]}
        lines = [json.loads(l) for l in open("%s/pc-%s-on-w%d.jsonl" % (t, fu, w))]
        for p, x in d.items():
            for k in ("in", "out", "bytes_out"):
                tot = sum(y[k] for l in lines for y in l["vifs"] if y["path"] == p)
                if tot != x[k]:
                    print("timeline %s.%s sums to %d, not %d (fuse %s, %d workers)"
                          % (p, k, tot, x[k], fu, w)); sys.exit()
        # the case meant: drops below, between and above framework levels
        if not (d["pcap/ip"]["in"] + d["pcap/o"]["in"] == d["pcap"]["in"] and
                d["pcap/ip/t"]["aborts"] == w and d["pcap/ip/t"]["dropped_handler"] > 0 and
                d["pcap/ip/t"]["dropped_policy"] > 0 and d["pcap/ip/u/d"]["dropped_handler"] > 0 and
                min(d[p]["in"] for p in ("pcap/ip/t/w/x", "pcap/ip/t/w", "pcap/ip/u/e")) > 0 and
                a["link"]["drops"] > 0):
            print("not the case meant (fuse %s, %d workers): %s, link %s"
                  % (fu, w, {p: (x["in"], x["out"], x["aborts"]) for p, x in d.items()}, a["link"]))
            sys.exit()
PY
)
    for f in on-on-w1 off-on-w1 off-off-w1; do
        cmp -s "$T/pc-on-off-w1.pcap" "$T/pc-$f.pcap" || why="captures differ ($f)"
    done
    [ -z "$why" ] && pass "pathcount (framework levels around dropping VIFlets: statistics, per worker, timeline = counting at every level; fused, unfused, 2 workers)" ||
        fail pathcount "$why"
fi
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: datapath/fuse/pathcount-dir: needs root (the injection directory)"
else
    D=$T/pcdir
    mkdir -p "$D"
    "$PKTGEN" -o "$T/pcd.pcap" -n 3000 --seed 12 --proto mix --ports 80,443,53,22,9 --pps 2500 > /dev/null
    # DropUdp injected at pcap/ip/u/d after 0.3 s and removed after 0.7 s:
    # the walks through it change twice while packets flow
    timeout -k 5 60 "$VIFD" --in "pcap:$T/pcd.pcap" --out "pcap:$T/pcd-out.pcap" --quiet \
        --stats "$T/pcd.json" --dir "$D" --speed 1 "${PCBASE[@]}" > "$T/pcd.out" 2>&1 &
    VPID=$!
    sleep 0.3
    cp "$C/DropUdp.class" "$D/pcap/ip/u/d/.d.tmp" && mv "$D/pcap/ip/u/d/.d.tmp" "$D/pcap/ip/u/d/DropUdp.class"
    sleep 0.4
    rm -f "$D/pcap/ip/u/d/DropUdp.class"
    wait "$VPID"
    rc=$?
    VPID=
    if [ "$rc" != 0 ]; then
        fail pathcount-dir "vifd exited $rc: $(tail -c 300 "$T/pcd.out")"
    else
        why=$(python3 - "$T/pcd.json" "$D" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
if not d["accounting_ok"]:
    print("accounting not ok"); sys.exit()
for x in d["vifs"]:
    f = os.path.join(sys.argv[2], x["path"], "stats")
    kv = dict(l.split(" ", 1) for l in open(f).read().splitlines() if " " in l)
    for k in ("in", "out", "bytes_in", "bytes_out"):
        if int(kv[k]) != x[k]:
            print("%s: stats file %s %s, JSON %s" % (x["path"], k, kv[k], x[k])); sys.exit()
v = {x["path"]: x for x in d["vifs"]}
# detached mid-run: its packets after that counted by the walk through it
if not (v["pcap/ip/u/d"]["dropped_handler"] > 0 and v["pcap/ip/u/d"]["out"] > 0):
    print("not the case meant: %s" % v["pcap/ip/u/d"])
PY
)
        grep -q 'detached' "$D/pcap/ip/u/d/log" || why="DropUdp not detached: $(tail -c 200 "$D/pcap/ip/u/d/log")"
        [ -z "$why" ] && pass "pathcount-dir (a VIFlet injected and detached mid-run: the walks change; each stats file = the JSON)" ||
            fail pathcount-dir "$why"
    fi
fi
exit $((nfail > 0))
