#!/usr/bin/env bash
# tests/datapath/fuse_run.sh - the FIFO run of fused paths (branch f13,
# dp_engine.c fifo_run, dp_fuse.c plan_run): a plan's leading stages done
# by fifo_inline taken in one loop, in/out/bytes counted once per packet
# for the run and folded into the stages before any reader; the stages'
# live state tested through the owners' fast-state word (branch f17,
# dp_owner.fast).  Each case runs fused (the run and the word on), fused
# with VIFD_FUSE_FAST=off (the run testing each stage's state every time),
# fused with VIFD_FUSE_PATHCODE=off (the run by dp_engine.c's fifo_run
# instead of the plan's native function, branch fx19, dp_fuse.c plan_code;
# fused means with it, where the plan has a run),
# fused with VIFD_FUSE_PATHCODE_KEEP=off (the native function reloading
# its object addresses after each program call, branch fx20; there must
# be as much code or more, more for chain8, and the fused modes' plans'
# code in one mapping: one region per re-fusion),
# fused with VIFD_FUSE_PROG_INLINE=off (the field programs called from the
# native function, not inlined into it, branch fx22) and with
# VIFD_FUSE_PROG_SHARE=off (inlined, each body finding the header values it
# reads, none kept for the later ones),
# fused with VIFD_FUSE_PATHCODE_STAGES=off (the run's code alone, the C
# loop after it) and =all (every stage after the run called from the
# plan's code, in every plan: branch fx21, dp_fuse.c plan_code_stages;
# the default since branch fx23),
# fused with VIFD_FUSE_RUN_SPARE=off (a run stage missing its spare Packet
# leaves the run instead of making it there: branch fx21, fast_spare),
# fused with VIFD_FUSE_RUN=off (fused_deliver alone, the reference) and
# unfused, and wants the same captures and every statistic but the
# handlers' times, the fused modes' timelines equal, and the run made
# where it should be:
#   chain8   the bench's 8-stage chain (ChainCount, ChainMark, ChainFilter,
#            Relay twice, each in its own VM, leaf first), port 9 dropped
#            by the filters (the run ends at the first, which takes the
#            general way), packets of 60-1500 bytes: a run of 7
#   owners   the chain with a Shaper at a sibling leaf in the VM of the
#            chain's ChainMark below the root (its packets held there move
#            that owner's tracking, audits and heap under the run's live
#            checks), a small quota and heap, a slow link: a run of 7
#   quota    chain8 at quota 1: a filter's drop, held until an audit, makes
#            its stage's next packet audit (the drops counted in that
#            packet's timeline interval)
#   audit    chain8 over 15 timeline intervals: the drops found by the
#            owners' audits (every 256 tracked packets), where the run
#            must stop for the call that meets one
#   abort5   a thrower (DropThenThrow, its drops and an abort on its 40th
#            packet, policy pass) at stage 5 of 8: a run of the 4 below
#            it, before and after the abort; the stages above see what its
#            policy lets through
#   push     chain8 with a relay (Target) at stage 2 in place of ChainMark,
#            and in its VM a VIFlet at a VIF of its own under the root
#            (Pusher) whose timer's dequeue, 5 ms in, puts the packets it
#            holds in that relay's FIFO: Java code changes a run stage's
#            ring with no packet tracked in the VM on the way, so only the
#            dequeue call's clear of the fast-state word makes the next
#            packet see it (the relay's drain then meets a packet of
#            another VIF and aborts it, policy pass: its calls counted
#            up to then must agree)
#   heapfull chain8 with HeapFiller (holds every packet, fills its VM's
#            heap from a timer 5 ms in) at pcap/t (udp port 53) in the VM
#            of stage 2's ChainMark, --heap 4m: the ChainMark's VIF keeps
#            its spare Packet in every mode (README.md, "The spare
#            Packet"), so it passes every packet on with the heap full -
#            before branch f18, fused 2621 out and unfused 218 out, 2403
#            quota drops
#   heapdrop one VM: HeapFiller at a VIF of its own, a ChainFilter (its
#            drops use its spare Packet up) below an Aliaser, both run as
#            programs on the fused path while the heap has room: after
#            the fill, the filter's stage has a spare exactly when it
#            would unfused (dp_engine.c spare_kept)
#   workers  chain8 on 2 workers (statistics summed)
#   swap     (root: the injection directory) the chain under traffic
#            (--dir --speed), stage 3 swapped from ChainFilter to
#            ChainCount after 1 s, the leaf's swapped for a Relay after 2 s,
#            the new stage 3 removed after 2.5 s: re-fused each time
#            (a plan freed folds its run's counts), the accounting exact
#            and each VIF's in equal to its child's out (the capture is IP:
#            every packet is placed at the leaf)
#
#   tests/datapath/fuse_run.sh [VIFD]
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
    [ -e "$f" ] || { echo "FAIL: datapath/fuse-run/setup: $f missing (make)"; exit 1; }
done
T=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "kept: $T"
VPID=
trap '[ -n "$VPID" ] && kill "$VPID" 2> /dev/null; [ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
chmod 755 "$T"
nfail=0
pass() { echo "PASS: datapath/fuse-run/$1"; }
fail() { echo "FAIL: datapath/fuse-run/$1: $2"; nfail=$((nfail + 1)); }
C=$T/cls
mkdir -p "$C"
if ! "$JAVAC" --release 8 -nowarn -d "$C" -cp "$API" bench/viflets/Chain{Count,Mark,Filter}.java \
        "$HERE"/viflets/{Relay,Shaper,DropThenThrow,Target,Pusher,HeapFiller,Aliaser,DscpFilter}.java > "$T/javac.log" 2>&1; then
    fail setup/javac "VIFlets do not compile"; vt_indent 10 < "$T/javac.log"; exit 1
fi
chmod -R a+rX "$C"
"$PKTGEN" -o "$T/in.pcap" -n 3000 --seed 13 --proto mix --sizes 60-1500 --pps 50000 \
    --ports 9,53,80,443 > /dev/null || { fail setup/pktgen "pktgen_pcap failed"; exit 1; }

# chain N: the VIF arguments of an N-stage chain pcap/s1/.../s{N-1} ("ip")
# and its VIFlets (ChainCount, ChainMark, ChainFilter, Relay, again, leaf
# first, owner uI for the I-th from the leaf) into the array args; the
# paths into paths (leaf first)
chain() {
    local n=$1 i p=pcap
    local -a up=(pcap)
    args=()
    for ((i = 1; i < n; i++)); do p=$p/s$i; up+=("$p"); args+=(--vif "$p=ip"); done
    paths=()
    local jobs=(ChainCount ChainMark ChainFilter Relay)
    for ((i = 0; i < n; i++)); do
        paths+=("${up[$((n - 1 - i))]}")
        args+=(--load "${up[$((n - 1 - i))]}=$C/${jobs[$((i % 4))]}.class:u$i")
    done
}
# modes CASE ARGS...: vifd over $IN (default $T/in.pcap) fused (on), fused without the run (norun) and
# unfused (off): $T/CASE-MODE.{pcap,json,out}; 1 when a run failed
modes() {
    local case=$1 f fu env rc=0
    shift
    for f in on pcoff keepoff inloff shareoff stagesoff stagesall spareoff fastoff norun off; do
        fu=$f env=()
        [ "$f" = spareoff ] && { fu=on; env=(VIFD_FUSE_RUN_SPARE=off); }
        [ "$f" = pcoff ] && { fu=on; env=(VIFD_FUSE_PATHCODE=off); }
        [ "$f" = inloff ] && { fu=on; env=(VIFD_FUSE_PROG_INLINE=off); }
        [ "$f" = shareoff ] && { fu=on; env=(VIFD_FUSE_PROG_SHARE=off); }
        [ "$f" = stagesoff ] && { fu=on; env=(VIFD_FUSE_PATHCODE_STAGES=off); }
        [ "$f" = stagesall ] && { fu=on; env=(VIFD_FUSE_PATHCODE_STAGES=all); }
        [ "$f" = keepoff ] && { fu=on; env=(VIFD_FUSE_PATHCODE_KEEP=off); }
        [ "$f" = norun ] && { fu=on; env=(VIFD_FUSE_RUN=off); }
        [ "$f" = fastoff ] && { fu=on; env=(VIFD_FUSE_FAST=off); }
        env "${env[@]}" timeout -k 5 120 "$VIFD" --in "pcap:${IN:-$T/in.pcap}" \
            --out "pcap:$T/$case-$f.pcap" --quiet --stats "$T/$case-$f.json" --fuse "$fu" \
            --timeline "$T/$case-$f.jsonl" "$@" \
            > "$T/$case-$f.out" 2>&1 || { fail "$case" "vifd ($f) exited $?"; rc=1; }
    done
    return $rc
}
# same CASE LEAF RUN [CHECK]: the five modes' captures (unless NOCAP=1)
# and statistics (every VIF's, but the handlers' times) equal, the
# --timeline files of the fused modes equal, the plan
# placed at LEAF with a run of RUN fused and 0 without, accounting ok;
# CHECK: python on d (the fused JSON, VIFs by path in v) printing why the
# case is not the one meant.  The reason on stdout, nothing when all hold.
same() {
    local case=$1 leaf=$2 run=$3 check=${4:-}
    if [ "${NOCAP:-0}" != 1 ]; then
        for f in pcoff keepoff inloff shareoff stagesoff stagesall spareoff fastoff norun off; do
            cmp -s "$T/$case-on.pcap" "$T/$case-$f.pcap" || { echo "captures differ ($f)"; return; }
        done
    fi
    python3 - "$T/$case" "$leaf" "$run" "$check" <<'PY'
import json, sys
pre, leaf, run, check = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def load(f):
    d = json.load(open("%s-%s.json" % (pre, f)))
    return d, [{k: x for k, x in v.items() if not k.startswith("handler")} for v in d["vifs"]]
d, on = load("on")
for f in ("pcoff", "keepoff", "inloff", "shareoff", "stagesoff", "stagesall", "spareoff", "fastoff", "norun", "off"):
    o, other = load(f)
    if not o.get("accounting_ok", True):
        print("accounting not ok (%s)" % f); sys.exit()
    for a, b in zip(on, other):
        if a != b:
            diff = {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
            print("statistics differ (%s) at %s: %s" % (f, a["path"], diff)); sys.exit()
    if len(on) != len(other):
        print("VIF lists differ (%s)" % f); sys.exit()
if not d.get("accounting_ok", True):
    print("accounting not ok (on)"); sys.exit()
for f in ("pcoff", "keepoff", "inloff", "shareoff", "stagesoff", "stagesall", "spareoff", "fastoff", "norun"):
    if open(pre + "-on.jsonl").read() != open("%s-%s.jsonl" % (pre, f)).read():
        print("timelines differ (%s)" % f); sys.exit()
def runs(f):
    x = json.load(open("%s-%s.json" % (pre, f)))
    return {p["path"]: p.get("run") for p in x["fusion"]["paths"]}
r_on, r_no, r_fo = runs("on"), runs("norun"), runs("fastoff")
if r_on.get(leaf) != run or r_no.get(leaf) != 0 or r_fo.get(leaf) != run:
    print("the run at %s: %s fused, %s with VIFD_FUSE_RUN=off, %s with VIFD_FUSE_FAST=off (want %d, 0, %d)" %
          (leaf, r_on.get(leaf), r_no.get(leaf), r_fo.get(leaf), run, run)); sys.exit()
def code(f):
    x = json.load(open("%s-%s.json" % (pre, f)))
    return {p["path"]: p.get("path_code") for p in x["fusion"]["paths"]}
# the run as one native function (dp_fpath.code) exactly where a run is
# and VIFD_FUSE_PATHCODE=off, VIFD_FUSE_RUN=off, VIFD_FUSE_FAST=off do not
# switch it off
c_on, c_pc, c_no, c_fo = code("on"), code("pcoff"), code("norun"), code("fastoff")
if r_on.get(leaf) != runs("pcoff").get(leaf):
    print("the run at %s with VIFD_FUSE_PATHCODE=off: %s (want %d)" % (leaf, runs("pcoff").get(leaf), run)); sys.exit()
if run and not c_on.get(leaf):
    print("no path code at %s (fused: %s)" % (leaf, c_on.get(leaf))); sys.exit()
if c_pc.get(leaf) or c_no.get(leaf) or c_fo.get(leaf):
    print("path code at %s with VIFD_FUSE_PATHCODE=off (%s), VIFD_FUSE_RUN=off (%s) or VIFD_FUSE_FAST=off (%s)" %
          (leaf, c_pc.get(leaf), c_no.get(leaf), c_fo.get(leaf))); sys.exit()
# (branch fx20) the addresses kept across the calls: with
# VIFD_FUSE_PATHCODE_KEEP=off the same plans have code, larger where a
# program is called (the reloads); and all the plans' code in one mapping
c_ko = code("keepoff")
if bool(c_ko.get(leaf)) != bool(c_on.get(leaf)):
    print("path code at %s: %s fused, %s with VIFD_FUSE_PATHCODE_KEEP=off" % (leaf, c_on.get(leaf), c_ko.get(leaf))); sys.exit()
fu, fk = d["fusion"], json.load(open(pre + "-keepoff.json"))["fusion"]
if fu["path_code_plans"] and (fu["path_code_maps"] != 1 or fk["path_code_maps"] != 1):
    print("%d plans with path code in %d mappings (%d with KEEP=off): want 1" %
          (fu["path_code_plans"], fu["path_code_maps"], fk["path_code_maps"])); sys.exit()
if (c_ko.get(leaf) or 0) < (c_on.get(leaf) or 0) or (pre.endswith("/chain8") and not c_ko[leaf] > c_on[leaf]):
    print("path code at %s: %s bytes fused, %s with KEEP=off (want more, the reloads)" % (leaf, c_on.get(leaf), c_ko.get(leaf))); sys.exit()
# (branch fx22) the programs' bodies inlined: with VIFD_FUSE_PROG_INLINE=off
# (calls) and VIFD_FUSE_PROG_SHARE=off (each body finds its header values) the
# same plans have code; where the run has two programs reading the same
# header value (chain8: two markers, two port filters), the code kept
# them: less code than each finding its own, more than calls
c_io, c_so = code("inloff"), code("shareoff")
if bool(c_io.get(leaf)) != bool(c_on.get(leaf)) or bool(c_so.get(leaf)) != bool(c_on.get(leaf)):
    print("path code at %s: %s fused, %s with VIFD_FUSE_PROG_INLINE=off, %s with VIFD_FUSE_PROG_SHARE=off" %
          (leaf, c_on.get(leaf), c_io.get(leaf), c_so.get(leaf))); sys.exit()
if pre.endswith("/chain8") and not (c_io[leaf] < c_on[leaf] < c_so[leaf]):
    print("path code at %s: %s bytes fused, %s with VIFD_FUSE_PROG_INLINE=off, %s with VIFD_FUSE_PROG_SHARE=off "
          "(want calls < kept < each its own)" % (leaf, c_on[leaf], c_io[leaf], c_so[leaf])); sys.exit()
# (branch fx21) the stages after the run called from the code
# (path_code_stages): by default (branch fx23) and with
# VIFD_FUSE_PATHCODE_STAGES=all in every plan's code (all its stages after
# the run; every plan has code and it is the plan's entry, path_entry
# "code") - but a plan of one stage without a run, whose entry is its
# stage's step function (path_entry "step", no path code); with =off,
# VIFD_FUSE_PATHCODE=off, VIFD_FUSE_RUN=off and VIFD_FUSE_FAST=off in none
# (no entry: "c")
def stages(f):
    x = json.load(open("%s-%s.json" % (pre, f)))["fusion"]
    return {p["path"]: (p["stages"], p["run"], p["path_code"], p["path_code_stages"], p["path_entry"])
            for p in x["paths"]}, x
for f in ("stagesall", "stagesoff", "on", "keepoff", "pcoff", "norun", "fastoff"):
    ps, x = stages(f)
    for path, (n, r, code, cs, entry) in ps.items():
        every = f in ("stagesall", "on", "keepoff")
        one = n == 1 and r == 0
        want = n - r if every else 0
        went = ("step" if one else "code") if every else "c"
        if cs != want or entry != went or (every and not one and not code) or (one and every and code):
            print("%s: %d stages, a run of %d, path code %d bytes, %d stages after the run in it, "
                  "entry %s (want %s, %s)" % (f, n, r, code, cs, entry, want, went)); sys.exit()
    if x["path_code_stage_plans"] != sum(1 for p in ps.values() if p[3] and p[2]):
        print("%s: path_code_stage_plans %d" % (f, x["path_code_stage_plans"])); sys.exit()
    if x["path_step_entry_plans"] != sum(1 for p in ps.values() if p[3] and not p[2]):
        print("%s: path_step_entry_plans %d" % (f, x["path_step_entry_plans"])); sys.exit()
# (branch fx21) a run stage whose spare Packet was used up (a drop taken
# the general way) gets it back in the run (dp_engine.c fast_spare), so
# fewer packets leave the code for the C loop than with
# VIFD_FUSE_RUN_SPARE=off - where the run's filter drops packets (chain8)
if pre.endswith("/chain8"):
    so = json.load(open(pre + "-spareoff.json"))["fusion"]["path_code_left_slow"]
    if not d["fusion"]["path_code_left_slow"] < so:
        print("packets left to C not in the fast state: %d, %d with VIFD_FUSE_RUN_SPARE=off (want fewer)" %
              (d["fusion"]["path_code_left_slow"], so)); sys.exit()
v = {x["path"]: x for x in d["vifs"]}
if check:
    exec(check)
PY
}
report() {   # report CASE WHY DESCRIPTION
    if [ -z "$2" ]; then pass "$1 ($3)"; else fail "$1" "$2"; fi
}

# ---------------------------------------------------------------- chain8
chain 8
if modes chain8 "${args[@]}"; then
    why=$(same chain8 "${paths[0]}" 7 '
if v["pcap/s1/s2/s3/s4/s5"]["dropped_handler"] < 100 or v["pcap"]["out"] < 1000:
    print("not the case meant: %s" % v["pcap/s1/s2/s3/s4/s5"])')
    report chain8 "$why" "8 stages, a run of 7, port 9 dropped at stage 3: fused = without the run = unfused"
fi

# ---------------------------------------------------------------- dscp
# (branch fx22) a filter on dscp() below and above a marker, in a run of
# 4: the leaf's DscpFilter reads the packet's own code point (kept for
# the later bodies), ChainMark writes 26 into every TCP packet (the kept
# value forgotten), the DscpFilter above it must see the new one and drop
# every TCP packet; the three are field programs, inlined
"$PKTGEN" -o "$T/dscp.pcap" -n 2000 --seed 5 --proto mix --sizes 60-600 --dscp 0,10,26,46 \
    > /dev/null || fail dscp/pktgen "pktgen_pcap failed"
dargs=(--vif pcap/s1=ip --vif pcap/s1/s2=ip --vif pcap/s1/s2/s3=ip --vif pcap/s1/s2/s3/s4=ip
       --load "pcap/s1/s2/s3/s4=$C/DscpFilter.class:u0" --load "pcap/s1/s2/s3=$C/ChainMark.class:u1"
       --load "pcap/s1/s2=$C/DscpFilter.class:u2" --load "pcap/s1=$C/ChainCount.class:u3"
       --load "pcap=$C/Relay.class:u4")
if IN=$T/dscp.pcap modes dscp "${dargs[@]}"; then
    why=$(same dscp pcap/s1/s2/s3/s4 4 '
p = {x["path"]: x for x in d["fusion"]["paths"]}["pcap/s1/s2/s3/s4"]
a, m = v["pcap/s1/s2/s3/s4"], v["pcap/s1/s2"]
if p["handlers_inlined"] < 3 or a["dropped_handler"] < 100 or m["dropped_handler"] < 100 or v["pcap"]["out"] < 100:
    print("not the case meant: %d programs, dropped %d below the marker, %d above, %d out" %
          (p["handlers_inlined"], a["dropped_handler"], m["dropped_handler"], v["pcap"]["out"]))')
    report dscp "$why" "dscp() filters below and above a marker, a run of 4: the filter above sees the code point written"
fi

# ---------------------------------------------------------------- owners
chain 8
# (t before s7: the UDP packets go to t, in the VM of s6's ChainMark)
oargs=()
for a in "${args[@]}"; do
    [ "$a" = "pcap/s1/s2/s3/s4/s5/s6/s7=ip" ] && oargs+=("pcap/s1/s2/s3/s4/s5/s6/t=udp" --vif)
    oargs+=("$a")
done
oargs+=(--load "pcap/s1/s2/s3/s4/s5/s6/t=$C/Shaper.class:u1" --quota 40 --heap 4m --rate 40mbit)
if modes owners "${oargs[@]}"; then
    why=$(same owners "${paths[0]}" 7 '
t = v["pcap/s1/s2/s3/s4/s5/s6/t"]
if t["in"] < 300 or v["pcap/s1/s2/s3/s4/s5/s6/s7"]["in"] < 300 or t.get("delay_ns", {}).get("max", 0) <= 0:
    print("not the case meant: %s" % t)')
    report owners "$why" "a Shaper holding packets in the VM of a stage of the run, quota 40, heap 4m, a slow link: fused = without the run = unfused"
fi

# ---------------------------------------------------------------- quota
# (a filter's drop stays held until an audit finds it: at quota 1 the next
# packet at that stage finds the quota reached, audits, and the drop is
# counted then - in the timeline's interval of that packet)
# (2000 packets a second: 15 intervals of the timeline)
"$PKTGEN" -o "$T/slow.pcap" -n 3000 --seed 13 --proto mix --sizes 60-1500 --pps 2000 \
    --ports 9,53,80,443 > /dev/null
chain 8
if IN=$T/slow.pcap modes quota "${args[@]}" --quota 1; then
    why=$(same quota "${paths[0]}" 7 '
if v["pcap/s1/s2/s3/s4/s5"]["dropped_handler"] < 100 or v["pcap"]["dropped_quota"] != 0:
    print("not the case meant: %s" % v["pcap/s1/s2/s3/s4/s5"])')
    report quota "$why" "chain8 at quota 1 (the filters' drops found by the quota's audits): fused = without the run = unfused, timelines too"
fi

# ---------------------------------------------------------------- audit
# (the filters' drops found by the owner's audits, every 256 tracked
# packets: the run stops where the next packet would meet one)
chain 8
if IN=$T/slow.pcap modes audit "${args[@]}"; then
    why=$(same audit "${paths[0]}" 7 '
if v["pcap/s1/s2/s3/s4/s5"]["dropped_handler"] < 300:
    print("not the case meant: %s" % v["pcap/s1/s2/s3/s4/s5"])')
    report audit "$why" "chain8 over 15 timeline intervals (drops found by the audits): fused = without the run = unfused, timelines too"
fi

# ---------------------------------------------------------------- abort5
chain 8
aargs=()
for a in "${args[@]}"; do
    case $a in
        "${paths[4]}=$C/"*) aargs+=("${paths[4]}=$C/DropThenThrow.class:u4") ;;
        *) aargs+=("$a") ;;
    esac
done
if modes abort5 "${aargs[@]}"; then
    why=$(same abort5 "${paths[0]}" 4 "
a = v['${paths[4]}']
if a['aborts'] != 1 or a['dropped_handler'] < 10 or a['out'] < 1000:
    print('not the case meant: %s' % a)")
    report abort5 "$why" "a thrower at stage 5 of 8, aborted on its 40th packet: a run of 4, fused = without the run = unfused"
fi

# ---------------------------------------------------------------- push
chain 8
pargs=(--vif "pcap/t=udp port 53")
for a in "${args[@]}"; do
    case $a in
        "${paths[1]}=$C/"*) pargs+=("${paths[1]}=$C/Target.class:u1") ;;
        *) pargs+=("$a") ;;
    esac
done
pargs+=(--load "pcap/t=$C/Pusher.class:u1")
if modes push "${pargs[@]}"; then
    # (after the abort the leaf's run is one stage: since branch fx23 a
    # run of one)
    why=$(same push "${paths[0]}" 1 "
a = v['${paths[1]}']
if a['aborts'] != 1 or a['enqueue_calls'] < 100 or a['in'] < 1000 or v['pcap/t']['in'] < 100:
    print('not the case meant: %s' % a)")
    grep -q "owned by another VIF (pcap/t)" "$T/push-on.out" || why=${why:-"no abort for Pusher's packets: $(head -c 300 "$T/push-on.out")"}
    report push "$why" "Java code at a timer puts packets in a run stage's FIFO: fused = fast-state word off = without the run = unfused"
fi

# ---------------------------------------------------------------- heapfull
chain 8
# (t first: the siblings' filters are tried in order)
if modes heapfull --vif "pcap/t=udp port 53" "${args[@]}" --load "pcap/t=$C/HeapFiller.class:u1" \
        --heap 4m; then
    why=$(same heapfull "${paths[0]}" 7 "
a, t = v['${paths[1]}'], v['pcap/t']
if a['in'] < 2000 or a['out'] != a['in'] or a['dropped_quota'] != 0 or t['dropped_quota'] < 100 or t['held'] < 10:
    print('not the case meant: %s / pcap/t %s' % (a, t))")
    report heapfull "$why" "a VM's heap filled by a VIFlet at a sibling VIF: the chain's stage in that VM passes every packet on, fused = fast-state word off = without the run = unfused"
fi
# the switch: VIFD_FUSE_RECYCLE=off, no spare in either mode - the stage
# in the full VM stalls (quota drops), fused and unfused alike
for f in on off; do
    VIFD_FUSE_RECYCLE=off timeout -k 5 120 "$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/hfr-$f.pcap" \
        --quiet --stats "$T/hfr-$f.json" --fuse "$f" --vif "pcap/t=udp port 53" "${args[@]}" \
        --load "pcap/t=$C/HeapFiller.class:u1" --heap 4m > "$T/hfr-$f.out" 2>&1 ||
        echo "vifd ($f) exited $?" > "$T/hfr-$f.err"
done
why=$(cat "$T"/hfr-*.err 2> /dev/null)
[ -z "$why" ] && ! cmp -s "$T/hfr-on.pcap" "$T/hfr-off.pcap" && why="captures differ"
[ -z "$why" ] && why=$(python3 - "$T/hfr" "${paths[1]}" <<'PY'
import json, sys
pre, st = sys.argv[1], sys.argv[2]
on, off = ([{k: x for k, x in v.items() if not k.startswith("handler")}
            for v in json.load(open("%s-%s.json" % (pre, f)))["vifs"]] for f in ("on", "off"))
if on != off:
    print("statistics differ"); sys.exit()
a = {x["path"]: x for x in on}[st]
if a["dropped_quota"] < 1000:
    print("not the case meant (no stall without the spare): %s" % a)
PY
)
report heapfull-norecycle "$why" "the same with VIFD_FUSE_RECYCLE=off: no spare, the stage stalls, fused = unfused"

# ---------------------------------------------------------------- heapdrop
# (one VM: HeapFiller at pcap/a/f, ChainFilter - port 9 dropped, quota 4 -
# at pcap/a/t below Aliaser at pcap/a, both run as programs on the fused
# path while the heap has room; a drop uses the filter's spare up, and
# the next packet that passes makes it again, in every mode)
# (fuse_random.py's case 14 of seed 14, which found it)
"$PKTGEN" -o "$T/hd.pcap" -n 561 --seed 175195 --proto mix --hosts 5 --ports 80,443,53,9,5001 \
    --dscp 0,10,26,46 --sizes 60-1514 --pps 20000 > /dev/null
if IN=$T/hd.pcap modes heapdrop --vif pcap/a=ip --vif pcap/a/f=udp --vif pcap/a/t=tcp --quota pcap/a/t=4 \
        --load "pcap/a=$C/Aliaser.class:u0" --load "pcap/a/f=$C/HeapFiller.class:u0" \
        --load "pcap/a/t=$C/ChainFilter.class:u0" --heap 4m --rate 100mbit; then
    why=$(same heapdrop pcap/a/t 0 "
t = v['pcap/a/t']
if t['dropped_handler'] < 5 or t['dropped_quota'] < 100 or t['out'] < 20 or v['pcap/a/f']['dropped_quota'] < 100:
    print('not the case meant: %s' % t)")
    report heapdrop "$why" "a filter's drops use its spare up, programs pass packets without one, the heap full: fused = fast-state word off = without the run = unfused"
fi

# ---------------------------------------------------------------- workers
chain 8
if modes workers "${args[@]}" --workers 2; then
    # (two workers interleave their output: the statistics only)
    why=$(NOCAP=1 same workers "${paths[0]}" 7 '
if v["pcap"]["out"] < 1000:
    print("not the case meant: %s" % v["pcap"])')
    report workers "$why" "chain8 on 2 workers: the statistics fused = without the run = unfused"
fi

# ---------------------------------------------------------------- swap
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: datapath/fuse-run/swap: needs root (the injection directory)"
else
    chain 8
    D=$T/dir
    mkdir -p "$D"
    "$PKTGEN" -o "$T/sw.pcap" -n 6000 --seed 5 --proto mix --pps 1500 --ports 9,53,80 > /dev/null
    timeout -k 5 60 "$VIFD" --in "pcap:$T/sw.pcap" --out "pcap:$T/sw-out.pcap" --quiet \
        --stats "$T/sw.json" --dir "$D" --speed 1 "${args[@]}" > "$T/sw.out" 2>&1 &
    VPID=$!
    sleep 1
    s3=${paths[2]}
    rm -f "$D/$s3/ChainFilter.class"
    cp "$C/ChainCount.class" "$D/$s3/.c.tmp" && mv "$D/$s3/.c.tmp" "$D/$s3/ChainCount.class"
    sleep 1
    cp "$C/Relay.class" "$D/${paths[0]}/.r.tmp" && mv "$D/${paths[0]}/.r.tmp" "$D/${paths[0]}/Relay.class"
    sleep 0.5
    rm -f "$D/$s3/ChainCount.class"
    wait "$VPID"
    rc=$?
    VPID=
    why=$(python3 - "$T/sw.json" "$rc" "${paths[@]}" <<'PY'
import json, sys
f, rc, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
if rc != 0:
    print("vifd exited %d" % rc); sys.exit()
d = json.load(open(f))
v = {x["path"]: x for x in d["vifs"]}
if not d.get("accounting_ok"):
    print("accounting not ok"); sys.exit()
for child, parent in zip(paths, paths[1:]):
    if v[parent]["in"] != v[child]["out"] or v[parent]["bytes_in"] != v[child]["bytes_out"]:
        print("%s in %d (%d bytes), %s out %d (%d bytes)" % (parent, v[parent]["in"], v[parent]["bytes_in"],
              child, v[child]["out"], v[child]["bytes_out"])); sys.exit()
if (d["fusion"]["refusions"] < 3 or v[paths[0]]["in"] != 6000 or v[paths[2]]["dropped_handler"] < 50 or
        v[paths[0]]["viflet"] != "Relay" or v[paths[2]]["state"] == "active"):
    print("not the case meant: refusions %d, leaf %s, stage 3 %s" %
          (d["fusion"]["refusions"], v[paths[0]], v[paths[2]])); sys.exit()
PY
)
    report swap "$why" "stage 3 and the leaf swapped, stage 3 removed under traffic: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["fusion"]["refusions"])' "$T/sw.json" 2>/dev/null) re-fusions, every VIF's in = its child's out"
fi
exit $((nfail > 0))
