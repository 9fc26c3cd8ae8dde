#!/usr/bin/env bash
# tests/datapath/run.sh - pcap-to-pcap tests of the datapath (vifd).
#
#   tests/datapath/run.sh [VIFD] [PKTGEN]
#
# VIFD defaults to build/release/vifd, PKTGEN to the pktgen_pcap next to it.
# Compiles the test VIFlets (tests/datapath/viflets/) with javac against
# build/vif-api.jar, generates captures with pktgen_pcap, runs vifd and
# checks the output captures, logs and statistics (pcapcheck.py).  Every
# run also checks the accounting invariant (vifd exits 1 if it fails, and
# the JSON statistics say accounting_ok).  Prints PASS:/FAIL: lines; exit
# status 1 if anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs datapath "${1:-}" "${2:-}"
CHECK="python3 $HERE/pcapcheck.py"
vt_tempdir
vt_results datapath/ 3

# vifd_run NAME ARGS...: run vifd, output in $T/NAME.{out,err,json}; rc in $rc.
# Adds --stats; fails the test on a sanitizer report.
vifd_run() {
    local name=$1; shift
    timeout -k 5 120 "$VIFD" --stats "$T/$name.json" "$@" > "$T/$name.out" 2> "$T/$name.err"
    rc=$?
    if san=$(vt_sanitizer_grep "$T/$name.err"); then
        fail "$name" "sanitizer: ${san:0:150}"
        vt_indent 10 < "$T/$name.err"
        rc=99
    fi
}
# expect_ok NAME: vifd exited 0 and the accounting held.
expect_ok() {
    if [ "$rc" -ne 0 ]; then
        fail "$1" "vifd exited with $rc"
        vt_indent 10 < "$T/$1.err"
        return 1
    fi
    if ! grep -q '^accounting: ok' "$T/$1.out" && ! grep -q 'accounting_ok": true' "$T/$1.json"; then
        fail "$1" "accounting invariant not reported ok"
        return 1
    fi
    return 0
}

# ------------------------------------------------------------------ setup
mkdir -p "$T/cls" "$T/evil"
if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE"/viflets/*.java > "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile against $API"
    vt_indent 20 < "$T/javac.log"
    exit 1
fi
# the paper's PriQ_VIFlet compiles unchanged (its only change: import vif.*;)
if grep -q '^import vif\.\*;' "$HERE/viflets/PriQ_VIFlet.java" && [ -f "$T/cls/PriQ_VIFlet.class" ]; then
    pass api/paper-priq-compiles
else
    fail api/paper-priq-compiles "PriQ_VIFlet did not compile with javac -cp $API"
fi
C=$T/cls
"$PKTGEN" -o "$T/in.pcap" -n 200 --seed 1 || { fail setup/pktgen "pktgen_pcap failed"; exit 1; }
"$PKTGEN" -o "$T/in2.pcap" -n 200 --seed 1 || exit 1
if cmp -s "$T/in.pcap" "$T/in2.pcap"; then pass pktgen/deterministic; else fail pktgen/deterministic "two runs differ"; fi
"$PKTGEN" -o "$T/nano.pcap" -n 100 --seed 2 --nano --pps 3000 || exit 1
"$PKTGEN" -o "$T/fast.pcap" -n 400 --seed 3 --rate 100mbit || exit 1
IN=$T/in.pcap

# ------------------------------------------------------------------ relay
vifd_run relay --in "pcap:$IN" --out "pcap:$T/relay.pcap" --load "pcap=$C/Relay.class"
if expect_ok relay; then
    if cmp -s "$IN" "$T/relay.pcap"; then pass relay/byte-exact
    else fail relay/byte-exact "output differs from input"; fi
    if grep -q '^\[pcap\] relay ready' "$T/relay.err"; then pass relay/log-to-stderr
    else fail relay/log-to-stderr "constructor output not in stderr with [pcap] prefix"; fi
fi
vifd_run relay-nano --in "pcap:$T/nano.pcap" --out "pcap:$T/relay-nano.pcap" --load "pcap=$C/Relay.class"
if expect_ok relay-nano; then
    if cmp -s "$T/nano.pcap" "$T/relay-nano.pcap"; then pass relay/byte-exact-nanosecond-capture
    else fail relay/byte-exact-nanosecond-capture "output differs from input"; fi
fi
# a VIFlet in a jar (class named by Main-Class)
mkdir -p "$T/jar" && cp "$C/Relay.class" "$T/jar/" && printf 'Main-Class: Relay\n' > "$T/jar/m.txt"
(cd "$T/jar" && jar cfm relay.jar m.txt Relay.class)
vifd_run relay-jar --in "pcap:$IN" --out "pcap:$T/relay-jar.pcap" --load "pcap=$T/jar/relay.jar"
if expect_ok relay-jar && cmp -s "$IN" "$T/relay-jar.pcap"; then pass relay/jar
else fail relay/jar "relay from a jar did not reproduce the input"; fi

# ---------------------------------------------------- comparison modes
TREE=(--vif 'pcap/tcp=tcp' --vif 'pcap/tcp/web=tcp port 80' --vif 'pcap/udp=udp')
for mode in bypass framework-only; do
    vifd_run "$mode" --in "pcap:$IN" --out "pcap:$T/$mode.pcap" "--$mode" "${TREE[@]}" \
        --load "pcap=$C/Relay.class"
    if expect_ok "$mode" && cmp -s "$IN" "$T/$mode.pcap"; then pass "mode/$mode"
    else fail "mode/$mode" "output differs from input"; fi
done
check mode/framework-only-classifies $CHECK stats "$T/framework-only.json" \
    pcap/tcp.in=106 pcap/tcp/web.in=22 pcap/udp.in=94 pcap.in=200 pcap.out=200 link.out=200

# in-memory benchmark mode (a smoke test; numbers come from bench/)
vifd_run bench --in "pcap:$IN" --bench 20000 --vif 'pcap/tcp=tcp' --load "pcap=$C/PriQ_VIFlet.class" \
    --load "pcap/tcp=$C/Relay.class"
if expect_ok bench && grep -q '^bench: 20000 packets in, 20000 out' "$T/bench.out"; then
    pass mode/bench-in-memory
else
    fail mode/bench-in-memory "$(head -n 1 "$T/bench.out")"
fi

# ------------------------------------------------------ priority queue
vifd_run priq --in "pcap:$T/fast.pcap" --out "pcap:$T/priq.pcap" --rate 10mbit \
    --load "pcap=$C/PriQ_VIFlet.class"
if expect_ok priq; then
    check priq/class-order-and-rate $CHECK priq "$T/fast.pcap" "$T/priq.pcap" 10000000
    check priq/stats $CHECK stats "$T/priq.json" accounting_ok=true pcap.in=400 pcap.out=400 \
        pcap.held=0 rate_bps=10000000
    # the same run again: identical output (virtual clock, not wall time)
    vifd_run priq2 --in "pcap:$T/fast.pcap" --out "pcap:$T/priq2.pcap" --rate 10mbit \
        --load "pcap=$C/PriQ_VIFlet.class"
    if cmp -s "$T/priq.pcap" "$T/priq2.pcap"; then pass priq/deterministic
    else fail priq/deterministic "two runs gave different captures"; fi
    # paced replay (26 ms of capture at a tenth of its pace: about 0.3 s): same result
    vifd_run priq3 --in "pcap:$T/fast.pcap" --out "pcap:$T/priq3.pcap" --rate 10mbit \
        --load "pcap=$C/PriQ_VIFlet.class" --speed 0.1
    if expect_ok priq3 && cmp -s "$T/priq.pcap" "$T/priq3.pcap"; then pass priq/same-at-any-replay-speed
    else fail priq/same-at-any-replay-speed "a paced replay gave a different capture"; fi
fi
# PriQ on a child VIF, root rate-limited with a pass-through root: still every packet
vifd_run priq-child --in "pcap:$T/fast.pcap" --out "pcap:$T/priq-child.pcap" --rate 50mbit \
    --vif 'pcap/ip=ip' --load "pcap/ip=$C/PriQ_VIFlet.class"
expect_ok priq-child && check priq/child-vif $CHECK subset "$T/fast.pcap" "$T/priq-child.pcap" 400

# --------------------------------------------------------- drop filter
vifd_run drop --in "pcap:$IN" --out "pcap:$T/drop.pcap" --load "pcap=$C/DropUdp.class"
if expect_ok drop; then
    check drop/output $CHECK drop "$IN" "$T/drop.pcap"
    check drop/counted-as-handler-drops $CHECK stats "$T/drop.json" pcap.in=200 pcap.out=89 \
        pcap.dropped_handler=111 pcap.held=0
fi

# ------------------------------------------------ token-bucket shaper
vifd_run shaper --in "pcap:$T/fast.pcap" --out "pcap:$T/shaper.pcap" --load "pcap=$C/Shaper.class"
if expect_ok shaper; then
    check shaper/conforms $CHECK shaper "$T/fast.pcap" "$T/shaper.pcap" 2000000 3000
fi
# the shaper on a child VIF feeding a pass-through root
vifd_run shaper-child --in "pcap:$T/fast.pcap" --out "pcap:$T/shaper-child.pcap" \
    --vif 'pcap/all=ip' --load "pcap/all=$C/Shaper.class"
expect_ok shaper-child && check shaper/child-vif $CHECK shaper "$T/fast.pcap" "$T/shaper-child.pcap" 2000000 3000

# ------------------------------------------- per-flow HashMap counter
vifd_run flows --in "pcap:$IN" --out "pcap:$T/flows.pcap" --load "pcap=$C/FlowCount.class" \
    --logdir "$T/logs-flows"
if expect_ok flows; then
    if [ -f "$T/logs-flows/pcap.log" ]; then
        check flows/log $CHECK flows "$IN" "$T/logs-flows/pcap.log"
    else
        fail flows/log "no log file $T/logs-flows/pcap.log"
    fi
    cmp -s "$IN" "$T/flows.pcap" && pass flows/relays || fail flows/relays "output differs from input"
fi

# ----------------------------------- three levels, three owners' VIFlets
vifd_run chain --in "pcap:$IN" --out "pcap:$T/chain.pcap" --vif 'pcap/tcp=tcp' \
    --vif 'pcap/tcp/web=tcp port 80' --load "pcap=$C/Tagger.class:alice" \
    --load "pcap/tcp=$C/Tagger.class:bob" --load "pcap/tcp/web=$C/Tagger.class:carol"
if expect_ok chain; then
    check chain/each-level-tags $CHECK chain "$IN" "$T/chain.pcap" '3:6:80,2:6:-1,1:-1:-1'
    check chain/owners $CHECK stats "$T/chain.json" pcap.owner=alice pcap/tcp.owner=bob \
        pcap/tcp/web.owner=carol pcap/tcp/web.in=22 pcap/tcp.in=106 pcap.in=200
fi
# default owner: the path's first component; two VIFlets in one owner VM
vifd_run owners --in "pcap:$IN" --out "pcap:$T/owners.pcap" --vif 'pcap/tcp=tcp' \
    --vif 'pcap/tcp/web=tcp port 80' --load "pcap/tcp=$C/Tagger.class" \
    --load "pcap/tcp/web=$C/HeaderDump.class" --logdir "$T/logs-owners"
expect_ok owners && check chain/default-owner $CHECK stats "$T/owners.json" \
    pcap/tcp.owner=tcp pcap/tcp/web.owner=tcp

# ---------------------------------------------------- a VIFlet that throws
vifd_run throw --in "pcap:$IN" --out "pcap:$T/throw.pcap" --vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp' \
    --load "pcap/tcp=$C/Thrower.class" --load "pcap/udp=$C/Relay.class" --logdir "$T/logs-throw"
if expect_ok throw; then
    L=$T/logs-throw/pcap/tcp.log
    if grep -q 'VIFlet Thrower aborted in enqueue(): java.lang.ArrayIndexOutOfBoundsException' "$L" &&
       grep -q 'at Thrower.enqueue(Thrower.java:' "$L"; then
        pass throw/aborted-and-logged
    else
        fail throw/aborted-and-logged "no abort message with stack trace in $L"
    fi
    check throw/pass-policy-keeps-packets $CHECK subset "$IN" "$T/throw.pcap" 200
    check throw/stats $CHECK stats "$T/throw.json" pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass \
        pcap/tcp.in=106 pcap/tcp.out=106 pcap/udp.state=active pcap/udp.out=94 link.out=200
fi
vifd_run throw-drop --in "pcap:$IN" --out "pcap:$T/throw-drop.pcap" --vif 'pcap/tcp=tcp' \
    --vif 'pcap/udp=udp' --load "pcap/tcp=$C/Thrower.class" --load "pcap/udp=$C/Relay.class" \
    --policy pcap/tcp=drop
if expect_ok throw-drop; then
    # 18 packets left before the 20th arrival; 19 and 20 were held; 86 more arrive
    check throw/drop-policy $CHECK stats "$T/throw-drop.json" pcap/tcp.out=18 \
        pcap/tcp.dropped_policy=88 pcap/udp.out=94 link.out=112
    grep -q '^\[pcap/tcp\] vifd: failure policy drop: 2 held packets dropped' "$T/throw-drop.err" &&
        pass throw/log-to-stderr-prefixed || fail throw/log-to-stderr-prefixed "policy line missing"
fi

# a filter that throws: the packets it let go of before are its drops,
# found by the abort's audit, and the pass policy does not send them on
vifd_run throw-drops --in "pcap:$IN" --out "pcap:$T/throw-drops.pcap" --vif 'pcap/tcp=tcp' \
    --vif 'pcap/udp=udp' --load "pcap/tcp=$C/DropThenThrow.class" --load "pcap/udp=$C/Relay.class"
if expect_ok throw-drops; then
    # arrivals 1, 3 .. 39 let go (20); 2 .. 38 left at once; the 40th held
    # when it threw; 66 more pass straight through
    check throw/drops-stay-dropped $CHECK stats "$T/throw-drops.json" pcap/tcp.in=106 \
        pcap/tcp.out=86 pcap/tcp.dropped_handler=20 pcap/tcp.aborts=1 link.out=180
    grep -q '^\[pcap/tcp\] vifd: failure policy pass: 1 held packet passed on' "$T/throw-drops.err" &&
        pass throw/drops-not-held || fail throw/drops-not-held "policy line: $(grep 'failure policy' "$T/throw-drops.err")"
fi

# ------------------------------------- an endless loop: the budget aborts it
vifd_run budget --in "pcap:$IN" --out "pcap:$T/budget.pcap" --vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp' \
    --load "pcap/tcp=$C/Looper.class" --load "pcap/udp=$C/Relay.class" --budget pcap/tcp=20000 \
    --logdir "$T/logs-budget" --stats "$T/budget.json"
if expect_ok budget; then
    grep -q 'VIFlet Looper aborted in enqueue(): instruction budget of 20000 exhausted in Looper.enqueue' \
        "$T/logs-budget/pcap/tcp.log" && pass budget/aborted-and-logged ||
        fail budget/aborted-and-logged "no budget abort line in $T/logs-budget/pcap/tcp.log"
    check budget/others-keep-forwarding $CHECK stats "$T/budget.json" pcap/tcp.aborts=1 \
        pcap/tcp.state=aborted/pass pcap/udp.state=active pcap/udp.out=94 link.out=200
fi

# --------------------------------------------- Packet API and ownership
vifd_run headers --in "pcap:$IN" --out "pcap:$T/headers.pcap" --load "pcap=$C/HeaderDump.class" \
    --logdir "$T/logs-headers"
if expect_ok headers; then
    check packet/accessors $CHECK headers "$IN" "$T/logs-headers/pcap.log"
    check packet/put $CHECK put "$IN" "$T/headers.pcap" "$T/logs-headers/pcap.log"
fi
vifd_run peek --in "pcap:$IN" --out "pcap:$T/peek.pcap" --load "pcap=$C/Peeker.class" --logdir "$T/logs-peek"
if expect_ok peek; then
    if grep -q 'refused: java.lang.IllegalStateException: packet no longer owned by this VIFlet' \
            "$T/logs-peek/pcap.log" && grep -q 'refused 100, allowed 0' "$T/logs-peek/pcap.log"; then
        pass packet/no-access-after-handing-on
    else
        fail packet/no-access-after-handing-on "a handed-on packet was readable"
    fi
fi
# every header helper on crafted frames (VLAN, IPv6, fragments, truncated
# at every boundary), against pcapcheck's reading of vif.Packet's rules
$CHECK craft "$T/craft.pcap" > /dev/null || fail packet/craft "pcapcheck craft failed"
[ -s "$T/craft.pcap" ] || fail packet/craft "pcapcheck craft wrote no capture"
vifd_run headers-all --in "pcap:$T/craft.pcap" --out "pcap:$T/headers-all.pcap" \
    --load "pcap=$C/HeaderAll.class" --logdir "$T/logs-headers-all"
if expect_ok headers-all; then
    check packet/header-helpers $CHECK headers-all "$T/craft.pcap" "$T/logs-headers-all/pcap.log"
fi
# every Packet method (and the library classifier) on a packet already
# handed on throws IllegalStateException; the root's packets leave straight
# from their byte[], which the next packet reuses
vifd_run stale --in "pcap:$IN" --out "pcap:$T/stale.pcap" --load "pcap=$C/Stale.class" \
    --logdir "$T/logs-stale"
if expect_ok stale; then
    if grep -q '^stale: refused 3600, allowed 0' "$T/logs-stale/pcap.log" &&
       ! grep -q 'did not throw' "$T/logs-stale/pcap.log" && cmp -s "$IN" "$T/stale.pcap"; then
        pass packet/every-method-refused-after-handing-on
    else
        fail packet/every-method-refused-after-handing-on "$(grep -v '^vifd' "$T/logs-stale/pcap.log" | head -n 2)"
    fi
fi
# the default FIFO returning a packet twice (put in twice) is still caught
vifd_run twice --in "pcap:$IN" --out "pcap:$T/twice.pcap" --load "pcap=$C/Twice.class" \
    --logdir "$T/logs-twice"
if expect_ok twice && grep -q 'Twice aborted in dequeue(): dequeue() returned a packet it no longer owns' \
        "$T/logs-twice/pcap.log"; then
    check packet/default-fifo-returned-twice-aborts $CHECK stats "$T/twice.json" pcap.aborts=1 \
        pcap.out=200 link.out=200
else
    fail packet/default-fifo-returned-twice-aborts "no abort logged"
fi
# the default FIFO's dequeue (run by the datapath itself) keeps `length`
vifd_run fifo-length --in "pcap:$IN" --out "pcap:$T/fifo-length.pcap" --load "pcap=$C/FifoLength.class" \
    --logdir "$T/logs-fifo-length"
if expect_ok fifo-length && grep -q '^fifo length: 0 wrong' "$T/logs-fifo-length/pcap.log" &&
   cmp -s "$IN" "$T/fifo-length.pcap"; then
    pass packet/default-fifo-length
else
    fail packet/default-fifo-length "$(grep -v '^vifd' "$T/logs-fifo-length/pcap.log" | head -n 2)"
fi
# packets taken out of the default FIFO or a Queue and let go are dropped by
# the handler (the library keeps no reference to them)
vifd_run discard --in "pcap:$IN" --out "pcap:$T/discard.pcap" --load "pcap=$C/Discard.class"
expect_ok discard && check packet/taken-and-let-go-is-dropped $CHECK stats "$T/discard.json" \
    pcap.dropped_handler=50 pcap.out=150 pcap.held=0 link.out=150
# collections while a VIFlet holds a backlog: the bytes of every held packet
# stay as they were (pooled buffers are not reused under it), its writes
# leave with the packet, nothing is dropped
vifd_run churn --in "pcap:$T/fast.pcap" --out "pcap:$T/churn.pcap" --load "pcap=$C/Churn.class" \
    --rate 10mbit --heap 2m --logdir "$T/logs-churn"
if expect_ok churn && grep -q '^churn: 400 packets, 0 changed' "$T/logs-churn/pcap.log" &&
   python3 - "$T/fast.pcap" "$T/churn.pcap" <<'PY'
import sys
from importlib.machinery import SourceFileLoader
pc = SourceFileLoader('pc', 'tests/datapath/pcapcheck.py').load_module()
a, b = pc.read_raw(sys.argv[1]), pc.read_raw(sys.argv[2])
assert len(a) == len(b) == 400, (len(a), len(b))
for i, (x, y) in enumerate(zip(a, b)):
    want = x[:-1] + bytes([(x[-1] + 1) & 255]) if (i + 1) % 3 == 0 else x
    assert y == want, 'packet %d differs' % i
PY
then
    pass packet/held-bytes-survive-collections
else
    fail packet/held-bytes-survive-collections "$(grep -v '^vifd' "$T/logs-churn/pcap.log" | head -n 2)"
fi
# the link's FIFO keeps its own copy of packets that arrived borrowed
vifd_run link-fifo --in "pcap:$T/fast.pcap" --out "pcap:$T/link-fifo.pcap" --framework-only \
    --vif 'pcap/tcp=tcp' --rate 10mbit
if expect_ok link-fifo; then
    check link/fifo-keeps-copies $CHECK subset "$T/fast.pcap" "$T/link-fifo.pcap" 400
    check link/fifo-all-out $CHECK stats "$T/link-fifo.json" link.out=400 link.drops=0
fi
vifd_run liar --in "pcap:$IN" --out "pcap:$T/liar.pcap" --load "pcap=$C/Liar.class"
expect_ok liar && check packet/returned-twice-aborts $CHECK stats "$T/liar.json" pcap.aborts=1 \
    pcap.out=200 link.out=200
vifd_run quota --in "pcap:$IN" --out "pcap:$T/quota.pcap" --load "pcap=$C/Hoarder.class" --quota 50
expect_ok quota && check quota/tail-drop $CHECK stats "$T/quota.json" pcap.in=200 pcap.held=50 \
    pcap.dropped_quota=150 pcap.out=0
vifd_run quota-vif --in "pcap:$IN" --out "pcap:$T/quota-vif.pcap" --vif 'pcap/u=udp' \
    --load "pcap/u=$C/Hoarder.class" --quota pcap/u=10
expect_ok quota-vif && check quota/per-vif $CHECK stats "$T/quota-vif.json" pcap/u.held=10 \
    pcap/u.dropped_quota=84 link.out=106

# ------------------------------------------- misbehaving VIFlets, contained
vifd_run recurse --in "pcap:$IN" --out "pcap:$T/recurse.pcap" --load "pcap=$C/Recurse.class"
if expect_ok recurse && grep -q 'aborted in enqueue(): java.lang.StackOverflowError' "$T/recurse.err"; then
    check robust/stack-overflow $CHECK stats "$T/recurse.json" pcap.aborts=1 link.out=200
else
    fail robust/stack-overflow "no StackOverflowError abort"
fi
vifd_run exiter --in "pcap:$IN" --out "pcap:$T/exiter.pcap" --load "pcap=$C/Exiter.class"
if expect_ok exiter && grep -q 'aborted in dequeue(): System.exit(3) called' "$T/exiter.err"; then
    check robust/system-exit $CHECK stats "$T/exiter.json" pcap.aborts=1 link.out=200
else
    fail robust/system-exit "System.exit did not abort just the VIFlet"
fi
vifd_run spinner --in "pcap:$IN" --out "pcap:$T/spinner.pcap" --load "pcap=$C/Spinner.class"
if expect_ok spinner && grep -q 'timers suspended' "$T/spinner.err"; then
    check robust/wakeat-loop $CHECK stats "$T/spinner.json" pcap.held=200 link.out=0
else
    fail robust/wakeat-loop "wakeAt loop not contained"
fi

# --------------------------------------------------------- bad inputs
# expect_error NAME PATTERN ARGS...: vifd exits 1 with PATTERN on stderr.
expect_error() {
    local name=$1 pat=$2; shift 2
    timeout 60 "$VIFD" "$@" > "$T/err.out" 2> "$T/err.err"
    local r=$?
    if [ "$r" -eq 1 ] && grep -q -- "$pat" "$T/err.err" && ! vt_sanitizer_grep "$T/err.err" > /dev/null; then
        pass "errors/$name"
    else
        fail "errors/$name" "exit $r, stderr: $(head -c 300 "$T/err.err" | tr '\n' ' ')"
    fi
}
O=(--out "pcap:$T/x.pcap")
expect_error missing-input 'cannot read capture' --in "pcap:$T/nope.pcap" "${O[@]}"
printf 'not a capture' > "$T/bad.pcap"
expect_error bad-capture 'cannot read capture' --in "pcap:$T/bad.pcap" "${O[@]}"
expect_error bad-filter 'bad filter expression "tcp prt 80": .*syntax error' --in "pcap:$IN" "${O[@]}" \
    --vif 'pcap/a=tcp prt 80'
expect_error unknown-vif 'no such VIF' --in "pcap:$IN" "${O[@]}" --load "pcap/zz=$C/Relay.class"
expect_error missing-parent "parent VIF 'pcap/a' is not defined" --in "pcap:$IN" "${O[@]}" --vif 'pcap/a/b=tcp'
expect_error not-a-viflet 'is not a VIFlet' --in "pcap:$IN" "${O[@]}" --load "pcap=$C/NotAViflet.class"
expect_error missing-class 'cannot read' --in "pcap:$IN" "${O[@]}" --load "pcap=$C/Missing.class"
expect_error bad-rate "bad rate '10qbit'" --in "pcap:$IN" "${O[@]}" --rate 10qbit
expect_error bad-policy "unknown policy 'maybe'" --in "pcap:$IN" "${O[@]}" --vif 'pcap/a=tcp' --policy pcap/a=maybe
expect_error no-output 'are required' --in "pcap:$IN"
expect_error bad-output 'cannot write capture' --in "pcap:$IN" --out "pcap:$T/no/such/dir/x.pcap"
expect_error unknown-option "unknown option '--bogus'" --in "pcap:$IN" "${O[@]}" --bogus
expect_error live-later 'for live interfaces use --bridge A,B' --in eth0 "${O[@]}"
cp "$C/Relay.class" "$T/Corrupt.class" && printf 'XXXX' | dd of="$T/Corrupt.class" conv=notrunc 2> /dev/null
expect_error constructor-throws 'constructing BadCtor failed: java.lang.RuntimeException: no thanks' \
    --in "pcap:$IN" "${O[@]}" --load "pcap=$C/BadCtor.class"
expect_error not-class-or-jar 'a VIFlet is a .class or .jar file' --in "pcap:$IN" "${O[@]}" \
    --load "pcap=$HERE/viflets/Relay.java"
expect_error corrupt-class 'ClassFormatError' --in "pcap:$IN" "${O[@]}" --load "pcap=$T/Corrupt.class"
# a user class in package vif is refused by the loader
if "$JAVAC" -d "$T/evil" -cp "$API" "$HERE/viflets/evil/vif/Evil.java" 2> "$T/evil.log"; then
    printf 'Main-Class: vif.Evil\n' > "$T/evil/m.txt"
    (cd "$T/evil" && jar cfm evil.jar m.txt vif/Evil.class)
    expect_error vif-package-refused 'Prohibited package name: vif' --in "pcap:$IN" "${O[@]}" \
        --load "pcap=$T/evil/evil.jar"
else
    fail errors/vif-package-refused "Evil.java did not compile"
fi

# ------------------------------------------- SIGTERM: clean exit with stats
mkfifo "$T/fifo"
( cat "$IN"; exec sleep 30 ) > "$T/fifo" &
feeder=$!
# (no leak check here: LeakSanitizer's stop-the-world at exit can deadlock
# with a signal delivered around it; every other run checks for leaks)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    timeout -k 5 60 "$VIFD" --in "pcap:$T/fifo" --out "pcap:$T/sig.pcap" --load "pcap=$C/Relay.class" \
    --stats "$T/sig.json" > "$T/sig.out" 2> "$T/sig.err" &
vpid=$!
for _ in $(seq 1 100); do
    [ "$(stat -c %s "$T/sig.pcap" 2> /dev/null || echo 0)" -gt 24 ] && break
    sleep 0.1
done
sleep 0.3
kill -TERM "$vpid" 2> /dev/null
wait "$vpid"
r=$?
kill "$feeder" 2> /dev/null
wait "$feeder" 2> /dev/null
if [ "$r" -eq 0 ] && grep -q 'interrupted' "$T/sig.err" && grep -q '^accounting: ok' "$T/sig.out" &&
   grep -q '"accounting_ok": true' "$T/sig.json"; then
    pass signal/sigterm-writes-stats
else
    fail signal/sigterm-writes-stats "exit $r; $(head -c 300 "$T/sig.err" | tr '\n' ' ')"
fi

echo "datapath: $nfail failed"
[ "$nfail" -eq 0 ]
