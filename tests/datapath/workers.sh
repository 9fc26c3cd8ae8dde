#!/usr/bin/env bash
# tests/datapath/workers.sh - vifd --workers N over a capture (issue 18,
# first part): the capture split by flow hash over N worker threads, each
# with its own VIF tree and owner VMs.  Over a generated capture of a few
# hundred flows (pktgen_pcap --sports), --workers 1 against --workers 2:
#   workers/relay/...     Relay at the root of pcap/{tcp,udp}: the same packets
#                         leave (sameset), each flow in its input order (order),
#                         the per-VIF totals are equal (sametotals), and the
#                         accounting holds in total and per worker, the totals
#                         being the workers' sums (workercheck.py workers)
#   workers/priq/...      PriQ_VIFlet at the root, --rate 10mbit: the merged
#                         output never beats the one link (shared, in step),
#                         every input packet is accounted, in total and per worker
#   workers/chain/...     Relays on pcap, pcap/ip, pcap/ip/tcp in three owners' VMs:
#                         as relay (same packets, order, totals, accounting)
#   workers/bench/...     --bench with 2 workers: every packet in and out, the
#                         bench-workers line, the accounting; worker-alone:
#                         --bench-worker K runs worker K's share alone (the
#                         same count as K had in the 2-worker run, all out, the
#                         other worker idle); at: --bench-at T starts the timed
#                         run (bench-window) at T, not before
#   workers/affinity      one child VIF per flow (the 8 commonest): each flow's packets
#                         all on one worker (per-worker JSON); affinity-detects: the
#                         same check on a VIF of many flows must fail
#   workers/shaped/order  Relay with --rate 10mbit (queues at the one link): each
#                         flow still leaves in its input order
#   workers/craft/...     pcapcheck.py's unusual frames (VLAN, IPv6, fragments, ARP,
#                         truncated): the same frames leave as with 1 worker, accounting
#   workers/per-worker    --stats-per-worker: each worker's table, then the totals
#   workers/logdir        --logdir DIR: each worker's VIFlet log in DIR/wK/
#   workers/hotswap/...   --dir with 2 workers, replay paced (--speed 1): TosMark
#                         written over Relay mid-run: both workers' logs say Relay
#                         was detached, the stats file holds the totals, and in the
#                         output no flow has an unmarked packet after a marked one
#                         and no unmarked packet arrived 30 ms after the first marked
#                         one (workercheck.py swap; skipped when not root: --dir
#                         refuses files of other users, and the test runs as root in CI)
#   workers/hotswap-global/...  the same with --vif-workers pcap=1: TosMark is
#                         loaded in worker 0 only (per-worker JSON "viflet"), one
#                         detach in the log, every packet through worker 0
#   workers/global/producer-sleeps  --bench with a global PriQ: worker 1, on a
#                         full ring most of the run, sleeps (its CPU while waiting
#                         is under a fifth of the wall time it waits)
#   workers/quota         --quota 9 --workers 2: 4 per worker (per owner in total)
#   workers/auto          --workers auto runs and accounts every packet
#   workers/timeline/...  --timeline with 2 workers: every VIF's and the link's
#                         counts summed over the lines are the JSON totals (also
#                         with 1 worker), 2 runs write the same file
#   workers/link/...      --link shared/split: one flow gets the whole shared link
#                         (paced and unpaced), never beats it with both workers
#                         busy; offline (clocks in step) the same bytes run to run,
#                         paced or not, and 1 worker's output for two alternating
#                         flows of equal frames
#   workers/late/...      --speed 1e9: one warning, late frames counted (2 workers
#                         and 1); a replay that keeps up: none; the drain is paced
#   workers/bad-*         --workers 0, abc, 65, -1; --heap 1m, --rate 1bit with
#                         --workers 2: exit status 1 and a message naming the problem
#
# With an unlimited link a packet leaves when it arrives, so relay/order
# cannot see a flow split over workers; affinity and shaped/order can: a
# vifd whose split ignores flows (packets spread by a hash of their index)
# fails both (tried on 2026-12-06).
#
#   tests/datapath/workers.sh [VIFD] [PKTGEN]
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs workers "${1:-}" "${2:-}"
CHECK=(python3 "$HERE/workercheck.py")
vt_tempdir
vt_results ""

if ! "$JAVAC" --release 8 -nowarn -d "$T" -cp "$API" "$HERE/viflets/Relay.java" \
        "$HERE/viflets/PriQ_VIFlet.java" "$HERE/viflets/TosMark.java" "$HERE/viflets/LogLines.java" \
        > "$T/javac.log" 2>&1; then
    fail workers/setup "javac: $(head -c 300 "$T/javac.log")"
    exit 1
fi
# 4000 packets at 20 Mbit/s: 10 hosts x 10 source ports x 3 ports x 2 protocols
# (600 flows of about 7 packets)
"$PKTGEN" -o "$T/in.pcap" -n 4000 --seed 11 --proto mix --hosts 10 --sports 10 \
    --ports 80,443,53 --dscp 0,10,26,46 --rate 20mbit > /dev/null ||
    { fail workers/setup "pktgen_pcap failed"; exit 1; }

# run NAME WORKERS ARGS...: vifd over in.pcap into NAME-wW.pcap/.json
run() {
    local name=$1 w=$2; shift 2
    timeout -k 5 120 "$VIFD" --quiet --workers "$w" --in "pcap:$T/in.pcap" \
        --out "pcap:$T/$name-w$w.pcap" --stats "$T/$name-w$w.json" "$@" \
        > "$T/$name-w$w.log" 2>&1
}

# scenario NAME ARGS...: --workers 1 and 2, then the order-insensitive checks
scenario() {
    local name=$1; shift
    local w
    for w in 1 2; do
        if ! run "$name" "$w" "$@"; then
            fail "workers/$name/run-w$w" "exit $?: $(head -c 300 "$T/$name-w$w.log")"
            return
        fi
    done
    pass "workers/$name/run"
    check "workers/$name/sameset" "${CHECK[@]}" sameset "$T/$name-w1.pcap" "$T/$name-w2.pcap"
    check "workers/$name/order" "${CHECK[@]}" order "$T/in.pcap" "$T/$name-w2.pcap"
    check "workers/$name/sametotals" "${CHECK[@]}" sametotals "$T/$name-w1.json" \
        "$T/$name-w2.json" in out dropped_handler dropped_quota dropped_policy held
    check "workers/$name/accounting" "${CHECK[@]}" workers "$T/$name-w2.json" 2
}

TREE=(--vif pcap/tcp=tcp --vif pcap/udp=udp)
scenario relay "${TREE[@]}" --load "pcap=$T/Relay.class"
scenario chain --vif pcap/ip=ip --vif pcap/ip/tcp=tcp \
    --load "pcap/ip/tcp=$T/Relay.class:alice" --load "pcap/ip=$T/Relay.class:bob" \
    --load "pcap=$T/Relay.class:carol"
# the fused chain's packets, counted by each worker, summed as with 1 worker
check workers/chain/fused-packets python3 -c '
import json, sys
f = [json.load(open(n))["fusion"]["fused_packets"] for n in sys.argv[1:]]
sys.exit(0 if f[0] > 0 and f[0] == f[1] else "fused packets: 1 worker %d, 2 workers %d" % tuple(f))
' "$T/chain-w1.json" "$T/chain-w2.json"

# PriQ on a 10 Mbit/s link fed at 20 Mbit/s: drops differ with the split, the
# accounting and the link's rate must not
if run priq 2 "${TREE[@]}" --load "pcap=$T/PriQ_VIFlet.class" --rate 10mbit; then
    pass workers/priq/run
    check workers/priq/rate "${CHECK[@]}" rate "$T/priq-w2.pcap" 10000000 2
    check workers/priq/accounting "${CHECK[@]}" workers "$T/priq-w2.json" 2
    check workers/priq/input python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = d["vifs"][0]
assert d["input"] == 4000 and v["in"] == 4000, (d["input"], v["in"])
assert d["link"]["out"] > 0 and v["dropped_quota"] > 0, "expected drops at 20 over 10 Mbit/s"
assert d["rate_bps"] == 10000000, d["rate_bps"]' "$T/priq-w2.json"
else
    fail workers/priq/run "$(head -c 300 "$T/priq-w2.log")"
fi

# --bench with 2 workers
if timeout -k 5 120 "$VIFD" --quiet --workers 2 --bench 20000 --in "pcap:$T/in.pcap" \
        "${TREE[@]}" --load "pcap=$T/Relay.class" --stats "$T/bench.json" > "$T/bench.log" 2>&1; then
    check workers/bench/in-out grep -q '^bench: 20000 packets in, 20000 out' "$T/bench.log"
    check workers/bench/per-worker grep -Eq '^bench-workers: 2 \(packets per worker: [1-9][0-9]* [1-9][0-9]*; thread CPU ms: [0-9.]+ [0-9.]+; [0-9.]+ Mpps' "$T/bench.log"
    check workers/bench/accounting "${CHECK[@]}" workers "$T/bench.json" 2
else
    fail workers/bench/run "$(head -c 300 "$T/bench.log")"
fi
# --bench-worker K (bench/workers.sh's "split" control): worker K's share
# of the 2-worker run above, alone in its process
for k in 0 1; do
    timeout -k 5 120 "$VIFD" --quiet --workers 2 --bench 20000 --bench-worker $k \
        --in "pcap:$T/in.pcap" "${TREE[@]}" --load "pcap=$T/Relay.class" > "$T/bench-k$k.log" 2>&1 ||
        fail workers/bench/worker-alone-run "worker $k: $(head -c 300 "$T/bench-k$k.log")"
done
check workers/bench/worker-alone python3 -c '
import re, sys
def f(name, pat):
    m = re.search(pat, open(name).read(), re.M)
    assert m, name + ": no " + pat
    return [int(x) for x in m.groups()]
both = f(sys.argv[1], r"packets per worker: (\d+) (\d+);")
for k in (0, 1):
    n_in, n_out = f(sys.argv[2 + k], r"^bench: (\d+) packets in, (\d+) out")
    per = f(sys.argv[2 + k], r"packets per worker: (\d+) (\d+);")
    assert n_in == n_out == both[k], (k, n_in, n_out, both)
    assert per[k] == both[k] and per[1 - k] == 0, (k, per, both)
print("shares", both)' "$T/bench.log" "$T/bench-k0.log" "$T/bench-k1.log"
# --bench-at T: the timed run starts at T (CLOCK_MONOTONIC), not before
for w in 1 2; do
    at=$(python3 -c 'import time; print(int(time.monotonic() * 1e9) + 700000000)')
    timeout -k 5 120 "$VIFD" --quiet --workers $w --bench 20000 --bench-at "$at" \
        --in "pcap:$T/in.pcap" "${TREE[@]}" --load "pcap=$T/Relay.class" > "$T/bench-at$w.log" 2>&1 ||
        fail workers/bench/at-run "exit $?: $(head -c 300 "$T/bench-at$w.log")"
    check workers/bench/at-w$w python3 -c '
import re, sys
m = re.search(r"^bench-window: (\d+) (\d+)", open(sys.argv[1]).read(), re.M)
assert m, "no bench-window line"
s, e, at = int(m.group(1)), int(m.group(2)), int(sys.argv[2])
assert at <= s <= at + 500000000 and s <= e, (s, e, at)' "$T/bench-at$w.log" "$at"
done

# flow affinity: one VIF per flow, seen by one worker only
mapfile -t FLOWS < <("${CHECK[@]}" topflows "$T/in.pcap" 8)
if run affinity 2 "${FLOWS[@]}" --vif 'pcap/many=tcp' --load "pcap=$T/Relay.class"; then
    check workers/affinity "${CHECK[@]}" affinity "$T/affinity-w2.json"
    # the check can fail: pcap/many (every other TCP flow) spans both workers
    sed 's|"pcap/many"|"pcap/f_many"|' "$T/affinity-w2.json" > "$T/many.json"
    if "${CHECK[@]}" affinity "$T/many.json" > "$T/many.log" 2>&1; then
        fail workers/affinity-detects "a VIF of many flows passed: $(cat "$T/many.log")"
    else pass workers/affinity-detects; fi
else
    fail workers/affinity "$(head -c 300 "$T/affinity-w2.log")"
fi

# queues on a shaped link: flows must still not be reordered
if run shaped 2 "${TREE[@]}" --load "pcap=$T/Relay.class" --rate 10mbit; then
    check workers/shaped/order "${CHECK[@]}" order "$T/in.pcap" "$T/shaped-w2.pcap"
    check workers/shaped/accounting "${CHECK[@]}" workers "$T/shaped-w2.json" 2
else
    fail workers/shaped/order "$(head -c 300 "$T/shaped-w2.log")"
fi

# unusual frames: VLAN, IPv6, fragments, ARP, truncated
python3 "$HERE/pcapcheck.py" craft "$T/craft.pcap" > /dev/null
for w in 1 2; do
    timeout -k 5 120 "$VIFD" --quiet --workers "$w" --in "pcap:$T/craft.pcap"         --out "pcap:$T/craft-w$w.pcap" --stats "$T/craft-w$w.json" "${TREE[@]}"         --load "pcap=$T/Relay.class" > "$T/craft-w$w.log" 2>&1 ||
        fail "workers/craft/run-w$w" "$(head -c 300 "$T/craft-w$w.log")"
done
check workers/craft/samebytes "${CHECK[@]}" samebytes "$T/craft-w1.pcap" "$T/craft-w2.pcap"
check workers/craft/accounting "${CHECK[@]}" workers "$T/craft-w2.json" 2

# --stats-per-worker and --logdir
if timeout -k 5 120 "$VIFD" --workers 2 --stats-per-worker --logdir "$T/logs"         --in "pcap:$T/in.pcap" --out "pcap:$T/pw.pcap" "${TREE[@]}"         --load "pcap=$T/Relay.class" > "$T/pw.log" 2>&1; then
    check workers/per-worker python3 -c '
import sys
t = open(sys.argv[1]).read()
heads = [l for l in t.splitlines() if l.startswith(("worker ", "totals over"))]
assert heads == ["worker 0 of 2:", "worker 1 of 2:", "totals over 2 workers:"], heads
assert t.count("accounting: ok") == 3, t.count("accounting: ok")' "$T/pw.log"
    check workers/logdir grep -q 'relay ready' "$T/logs/w0/pcap.log" "$T/logs/w1/pcap.log"
else
    fail workers/per-worker "$(head -c 300 "$T/pw.log")"
fi

# hot swap into every worker: a paced replay of 3000 packets over 2 s.
# hotswap NAME ARGS...: NAME split (one Relay per worker, swapped in both)
# or global (--vif-workers pcap=1: only worker 0 has a VIFlet at pcap, so
# only worker 0 loads TosMark; worker 1's VIF stays without one)
hotswap() {
    local name=$1; shift
    local H=$T/hs-$name P=workers/hotswap
    [ "$name" = global ] && P=workers/hotswap-global
    mkdir -p "$H"
    "$PKTGEN" -o "$H/in.pcap" -n 3000 --pps 1500 --proto mix --hosts 10 --sports 10 \
        --ports 80,443,53 --dscp 0 --seed 5 > /dev/null
    timeout -k 5 60 "$VIFD" --workers 2 --speed 1 --dir "$H/inj" --in "pcap:$H/in.pcap" \
        --out "pcap:$H/out.pcap" "${TREE[@]}" --load "pcap=$T/Relay.class" --quiet \
        --stats "$H/s.json" "$@" > "$H/vifd.log" 2>&1 &
    local pid=$! i n=0
    # inject once a third of the packets went through (the stats file, every 100 ms)
    for ((i = 0; i < 200; i++)); do
        n=$(sed -n 's/^in //p' "$H/inj/pcap/stats" 2>/dev/null)
        [ "${n:-0}" -ge 1000 ] && break
        sleep 0.02
    done
    cp "$T/TosMark.class" "$H/inj/pcap/.TosMark.class.tmp"
    mv "$H/inj/pcap/.TosMark.class.tmp" "$H/inj/pcap/TosMark.class"
    if ! wait "$pid"; then
        fail $P/run "vifd failed: $(head -c 300 "$H/vifd.log")"
        return
    fi
    [ "${n:-0}" -ge 1000 ] && [ "$n" -lt 2500 ] ||
        { fail $P/run "injected at in=${n:-none} (expected 1000..2499)"; return; }
    pass $P/run
    local det want=2
    [ "$name" = global ] && want=1
    det=$(grep -c 'VIFlet Relay detached (replaced)' "$H/inj/pcap/log")
    [ "$det" = "$want" ] && pass $P/every-worker ||
        fail $P/every-worker "$det detaches of Relay in the log (expected $want)"
    check $P/stats-totals grep -qx 'in 3000' "$H/inj/pcap/stats"
    check $P/order "${CHECK[@]}" swap "$H/out.pcap" 30
    check $P/accounting "${CHECK[@]}" workers "$H/s.json" 2
    if [ "$name" = global ]; then
        check $P/worker-0-only python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = [[x["viflet"] for x in w["vifs"] if x["path"] == "pcap"][0] for w in d["per_worker"]]
assert v == ["TosMark", None], "VIFlet at pcap per worker: %r (TosMark in worker 0 only expected)" % v
assert [w["input"] for w in d["per_worker"]] == [3000, 0], [w["input"] for w in d["per_worker"]]' "$H/s.json"
    else
        check $P/viflets python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = [[x["viflet"] for x in w["vifs"] if x["path"] == "pcap"][0] for w in d["per_worker"]]
assert v == ["TosMark", "TosMark"], "VIFlet at pcap per worker: %r" % v' "$H/s.json"
    fi
}
if [ "$(id -u)" -eq 0 ]; then
    hotswap split
    hotswap global --vif-workers pcap=1
else echo "SKIP: workers/hotswap: --dir tests run as root"; fi

# quotas are per owner in total
if run quota 2 "${TREE[@]}" --load "pcap=$T/Relay.class" --quota 9; then
    check workers/quota python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["vifs"][0]["quota"] == 8, d["vifs"][0]["quota"]
assert [w["vifs"][0]["quota"] for w in d["per_worker"]] == [4, 4]' "$T/quota-w2.json"
else
    fail workers/quota "$(head -c 300 "$T/quota-w2.log")"
fi

if run auto auto "${TREE[@]}" --load "pcap=$T/Relay.class"; then
    n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("workers", 1))' "$T/auto-wauto.json")
    check workers/auto "${CHECK[@]}" sameset "$T/relay-w1.pcap" "$T/auto-wauto.pcap"
    [ "$n" -ge 1 ] || fail workers/auto "workers $n"
else
    fail workers/auto "$(head -c 300 "$T/auto-wauto.log")"
fi

# A global PriQ (--vif-workers pcap=1: one instance, in worker 0; worker 1
# hands its packets over through a ring): higher classes first across flows
# of both workers.  One DSCP 46 flow at 8 Mbit/s and 32 DSCP 0 flows at 12
# on a 10 Mbit/s link, paced (--speed 1, so the workers' clocks stay
# close): through one PriQ the DSCP 46 packets never wait behind DSCP 0
# ones (at most 150 ms: a few ms measured, the rest for a loaded machine
# where a worker lags); through one PriQ per worker (the control) the
# worker of the DSCP 46 flow has 5 Mbit/s for its 8 and they wait.
"${CHECK[@]}" priqgen "$T/pq.pcap" > /dev/null || fail workers/global/setup "priqgen failed"
PQ=(--in "pcap:$T/pq.pcap" --load "pcap=$T/PriQ_VIFlet.class" --rate 10mbit --quota 4096 --speed 1)
for g in global split; do
    ga=()
    # (the control: one PriQ and one link at 5 Mbit/s per worker)
    ga=(--link split)
    [ "$g" = global ] && ga=(--vif-workers pcap=1)
    if timeout -k 5 120 "$VIFD" --quiet --workers 2 "${PQ[@]}" "${ga[@]}" --out "pcap:$T/pq-$g.pcap" \
            --stats "$T/pq-$g.json" > "$T/pq-$g.log" 2>&1; then
        pass "workers/global/run-$g"
    else
        fail "workers/global/run-$g" "$(head -c 300 "$T/pq-$g.log")"
    fi
done
check workers/global/high-class-first "${CHECK[@]}" classdelay "$T/pq.pcap" "$T/pq-global.pcap" 46 150
check workers/global/order "${CHECK[@]}" order "$T/pq.pcap" "$T/pq-global.pcap"
check workers/global/accounting "${CHECK[@]}" workers "$T/pq-global.json" 2
check workers/global/one-instance python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
w = d["per_worker"]
assert w[0]["input"] == 2500 and w[1]["input"] == 0, [x["input"] for x in w]
assert d["rate_bps"] == 10000000, d["rate_bps"]' "$T/pq-global.json"
if "${CHECK[@]}" classdelay "$T/pq.pcap" "$T/pq-split.pcap" 46 150 > /dev/null; then
    fail workers/global/control "one PriQ per worker also kept DSCP 46 under 150 ms: the check sees nothing"
else
    pass workers/global/control
fi
# A producer whose ring to worker 0 is full sleeps (futex), it does not
# spin: PriQ at a global root makes worker 0 (about 200 ns per packet for
# all of them) much slower than worker 1 (a classification and a push), so
# worker 1 waits on its full ring most of the run; the thread CPU it spends
# waiting must be a small part of the wall time it waits (a spinning or
# yielding producer burns about all of it).
if out=$(timeout -k 5 120 "$VIFD" --quiet --workers 2 --in "pcap:$T/in.pcap" --bench 1000000 \
        "${TREE[@]}" --load "pcap=$T/PriQ_VIFlet.class" --vif-workers pcap=1 2>&1); then
    check workers/global/producer-sleeps python3 -c '
import re, sys
m = re.search(r"waiting on the rings \(in the CPU above\): ([0-9.]+) ([0-9.]+) \(waits: (\d+) (\d+); "
              r"wall ms asleep or waiting: ([0-9.]+) ([0-9.]+)\)", sys.argv[1])
assert m, "no bench-handoff line: " + sys.argv[1][-300:]
cpu, waits, wall = float(m.group(2)), int(m.group(4)), float(m.group(6))
assert waits > 0 and wall >= 20, "worker 1 hardly waited (%d waits, %.1f ms): the check sees nothing" % (waits, wall)
assert cpu <= 0.2 * wall, "worker 1 burnt %.1f ms of CPU in %.1f ms of waiting on its ring" % (cpu, wall)
print("worker 1: %.1f ms CPU in %.1f ms waiting (%d waits)" % (cpu, wall, waits))' "$out"
else
    fail workers/global/producer-sleeps "$(echo "$out" | head -c 300)"
fi

# bad NAME PATTERN ARGS...: exit status 1 and PATTERN in the message
bad() {
    local name=$1 pat=$2; shift 2
    local out st
    out=$(timeout -k 5 60 "$VIFD" "$@" 2>&1)
    st=$?
    if [ "$st" -ne 1 ]; then fail "workers/bad-$name" "exit $st: $(echo "$out" | head -c 200)"
    elif ! grep -q -- "$pat" <<< "$out"; then fail "workers/bad-$name" "message: $(echo "$out" | head -c 200)"
    else pass "workers/bad-$name"; fi
}
IO=(--in "pcap:$T/in.pcap" --out "pcap:$T/bad.pcap")
bad zero "bad --workers '0': at least 1 worker" "${IO[@]}" --workers 0
bad abc "bad --workers 'abc': not a number" "${IO[@]}" --workers abc
bad many "bad --workers '65': at most 64 workers" "${IO[@]}" --workers 65
bad negative "bad --workers '-1'" "${IO[@]}" --workers -1
bad heap "divided by --workers 2 it is below 1m" "${IO[@]}" --workers 2 --heap 1m
bad rate "--rate is split over the workers: below 1 bit/s per worker" "${IO[@]}" --workers 2 \
    --rate 1bit
bad bench-worker-range "--bench-worker K needs --workers N with K < N" "${IO[@]}" --workers 2 \
    --bench 10 --bench-worker 2
bad bench-worker-one "--bench-worker K needs --workers N with K < N" "${IO[@]}" --bench 10 \
    --bench-worker 0
bad bench-worker-nobench "--bench-at and --bench-worker go with --bench" "${IO[@]}" --workers 2 \
    --bench-worker 0
bad bench-worker-global "--bench-worker: not with --vif-workers" "${IO[@]}" --workers 2 \
    --bench 10 --bench-worker 1 --vif-workers pcap=1
bad bench-at "bad --bench-at 'x'" "${IO[@]}" --bench 10 --bench-at x

# --link shared (the default with --speed): one link at --rate for all the
# workers, each transmission claimed by a compare-and-swap.  One UDP flow
# (so one worker) at 20 Mbit/s into a 10 Mbit/s link, paced: the shared
# link gives that worker all of it (about 10 Mbit/s out), the split link
# (--link split) its half (about 5).  Then 600 flows on both workers: the
# merged output never beats one link at 10 Mbit/s (one frame of slack: the
# workers' transmissions never overlap), the link stays busy (at least 9
# Mbit/s; the upper bounds leave 1% for the capture's microsecond
# stamps, the exact bound is never-beats), per-flow order and the
# accounting hold.  A link not shared
# (each worker's at the full rate) fails never-beats and busy; a split
# one fails one-flow.
"$PKTGEN" -o "$T/one.pcap" -n 2000 --seed 3 --proto udp --hosts 1 --sports 1 --ports 53 \
    --rate 20mbit --sizes 1000-1000 > /dev/null || fail workers/link/setup "pktgen_pcap failed"
for l in shared split; do
    if timeout -k 5 120 "$VIFD" --quiet --workers 2 --in "pcap:$T/one.pcap" --rate 10mbit \
            --speed 1 --link "$l" --out "pcap:$T/one-$l.pcap" --stats "$T/one-$l.json" \
            > "$T/one-$l.log" 2>&1; then
        pass "workers/link/one-flow-run-$l"
    else
        fail "workers/link/one-flow-run-$l" "$(head -c 300 "$T/one-$l.log")"
    fi
    check "workers/link/one-flow-accounting-$l" "${CHECK[@]}" workers "$T/one-$l.json" 2
done
check workers/link/one-flow-one-worker python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["per_worker"]
assert sorted(x["input"] for x in w) == [0, 2000], [x["input"] for x in w]
assert all(x["link_shared"] and x["rate_bps"] == 10000000 for x in w), w' "$T/one-shared.json"
check workers/link/one-flow-shared "${CHECK[@]}" throughput "$T/one-shared.pcap" 9500000 10100000
check workers/link/one-flow-split "${CHECK[@]}" throughput "$T/one-split.pcap" 4750000 5050000
if timeout -k 5 120 "$VIFD" --quiet --workers 2 --in "pcap:$T/in.pcap" "${TREE[@]}" \
        --load "pcap=$T/Relay.class" --rate 10mbit --speed 1 --out "pcap:$T/both.pcap" \
        --stats "$T/both.json" > "$T/both.log" 2>&1; then
    pass workers/link/both-run
else
    fail workers/link/both-run "$(head -c 300 "$T/both.log")"
fi
check workers/link/both-never-beats "${CHECK[@]}" rate "$T/both.pcap" 10000000 1
check workers/link/both-busy "${CHECK[@]}" throughput "$T/both.pcap" 9000000 10100000
check workers/link/both-order "${CHECK[@]}" order "$T/in.pcap" "$T/both.pcap"
check workers/link/both-accounting "${CHECK[@]}" workers "$T/both.json" 2
check workers/link/both-shared python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["per_worker"]
assert all(x["link_shared"] and x["link_claims"] > 0 for x in w), w' "$T/both.json"

# --link shared offline (the default): the workers' clocks in step at the
# link (dp_lockstep), so the claims are made in virtual-time order however
# the threads run.  Replayed as fast as possible: one flow (one worker) gets
# the whole link, and the output is byte-identical run to run and to the
# paced run above (the claims do not depend on the wall clock); 600 flows
# on both workers: never beats one link, busy, the same bytes in three
# runs; and two flows (one per worker) of equal frames alternating into a
# saturated link: the round robin between the two backlogged workers is
# the order one worker's FIFO sends them in, so the output equals one
# worker's, frame for frame and stamp for stamp.  A link not in step (the
# compare-and-swap alone) fails the same-* checks; a link not shared fails
# offline-one-flow and never-beats.
for i in 1 2 3; do
    timeout -k 5 120 "$VIFD" --quiet --workers 2 --in "pcap:$T/one.pcap" --rate 10mbit \
        --out "pcap:$T/off-one$i.pcap" --stats "$T/off-one$i.json" > "$T/off-one$i.log" 2>&1 ||
        fail "workers/link/offline-one-flow-run$i" "$(head -c 300 "$T/off-one$i.log")"
    timeout -k 5 120 "$VIFD" --quiet --workers 2 --in "pcap:$T/in.pcap" "${TREE[@]}" \
        --load "pcap=$T/Relay.class" --rate 10mbit --out "pcap:$T/off-both$i.pcap" \
        --stats "$T/off-both$i.json" > "$T/off-both$i.log" 2>&1 ||
        fail "workers/link/offline-both-run$i" "$(head -c 300 "$T/off-both$i.log")"
done
check workers/link/offline-one-flow "${CHECK[@]}" throughput "$T/off-one1.pcap" 9500000 10100000
check workers/link/offline-one-flow-accounting "${CHECK[@]}" workers "$T/off-one1.json" 2
if cmp -s "$T/off-one1.pcap" "$T/off-one2.pcap" && cmp -s "$T/off-one1.pcap" "$T/off-one3.pcap"
then pass workers/link/offline-one-flow-same-runs
else fail workers/link/offline-one-flow-same-runs "three runs wrote different captures"; fi
if cmp -s "$T/off-one1.pcap" "$T/one-shared.pcap"; then pass workers/link/offline-same-as-paced
else fail workers/link/offline-same-as-paced "the unpaced and the --speed 1 runs differ"; fi
check workers/link/offline-both-never-beats "${CHECK[@]}" rate "$T/off-both1.pcap" 10000000 1
check workers/link/offline-both-busy "${CHECK[@]}" throughput "$T/off-both1.pcap" 9000000 10100000
check workers/link/offline-both-order "${CHECK[@]}" order "$T/in.pcap" "$T/off-both1.pcap"
check workers/link/offline-both-accounting "${CHECK[@]}" workers "$T/off-both1.json" 2
check workers/link/offline-both-claims python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["per_worker"]
assert all(x["link_shared"] and x["link_claims"] > 0 for x in w), w' "$T/off-both1.json"
if cmp -s "$T/off-both1.pcap" "$T/off-both2.pcap" && cmp -s "$T/off-both1.pcap" "$T/off-both3.pcap"
then pass workers/link/offline-both-same-runs
else fail workers/link/offline-both-same-runs "three runs wrote different captures"; fi
# the statistics but the timings: each worker's counters, claims, clock and
# the link's (its delay percentiles too)
check workers/link/offline-both-same-stats python3 -c '
import json, sys
d = [json.load(open(n)) for n in sys.argv[1:]]
for x in d[1:]:
    assert x["per_worker"] == d[0]["per_worker"], "per-worker statistics differ"
    assert x["link"] == d[0]["link"], (x["link"], d[0]["link"])' \
    "$T/off-both1.json" "$T/off-both2.json" "$T/off-both3.json"
"${CHECK[@]}" twoflowgen "$T/two.pcap" 2000 400000 > /dev/null ||
    fail workers/link/two-setup "twoflowgen failed"
for w in 1 2; do
    timeout -k 5 120 "$VIFD" --quiet --workers "$w" --framework-only --in "pcap:$T/two.pcap" \
        --rate 10mbit --out "pcap:$T/two-w$w.pcap" --stats "$T/two-w$w.json" > "$T/two-w$w.log" 2>&1 ||
        fail "workers/link/two-run-w$w" "$(head -c 300 "$T/two-w$w.log")"
done
check workers/link/two-each-worker python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["input"] for x in d["per_worker"]] == [1000, 1000], d["per_worker"]
assert d["link"]["out"] == 2000 and d["link"]["drops"] == 0, d["link"]' "$T/two-w2.json"
if cmp -s "$T/two-w1.pcap" "$T/two-w2.pcap"; then pass workers/link/two-same-as-one-worker
else fail workers/link/two-same-as-one-worker "2 workers' output is not 1 worker's"; fi

# --speed that vifd cannot keep up with: one warning line, and the late
# frames and the worst lag in the statistics (2 workers, then 1); a
# replay it keeps up with (12 frames 100 ms apart, --late-ms 50: a loaded
# host may stall a thread for more than the default 10 ms) has none.  The drain is paced: a --speed 1 run
# lasts until its last departure's time (one.pcap's backlog leaves about
# 0.4 s after its last arrival).
"$PKTGEN" -o "$T/big.pcap" -n 40000 --seed 5 --proto mix --hosts 10 --sports 10 \
    --rate 1gbit --sizes 64-1500 > /dev/null || fail workers/late/setup "pktgen_pcap failed"
timeout -k 5 120 "$VIFD" --workers 2 --in "pcap:$T/big.pcap" "${TREE[@]}" \
    --load "pcap=$T/Relay.class" --rate 1gbit --speed 1e9 --out "pcap:$T/late.pcap" \
    --stats "$T/late.json" > "$T/late.out" 2> "$T/late.err" ||
    fail workers/late/run "$(head -c 300 "$T/late.err")"
if [ "$(grep -c 'vifd: warning: --speed 1e+09: worker . replays .* ms behind the wall clock' "$T/late.err")" = 1 ] &&
        [ "$(grep -c warning "$T/late.err")" = 1 ]
then pass workers/late/warned-once
else fail workers/late/warned-once "$(head -c 400 "$T/late.err")"; fi
check workers/late/counted python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))["replay_late"]
assert r["frames"] > 0 and r["worst_lag_ns"] > r["threshold_ns"] == 10000000, r
assert sum(x["frames"] for x in r["per_worker"]) == r["frames"], r
m = re.search(r"replay at --speed 1e\+09: (\d+) of 40000 frames more than 10 ms late", open(sys.argv[2]).read())
assert m and int(m.group(1)) == r["frames"], m' "$T/late.json" "$T/late.out"
# one worker: the same warning and counts (vifd_main.c's loop)
timeout -k 5 120 "$VIFD" --in "pcap:$T/big.pcap" "${TREE[@]}" --load "pcap=$T/Relay.class" \
    --rate 1gbit --speed 1e9 --out "pcap:$T/late1.pcap" --stats "$T/late1.json" \
    > "$T/late1.out" 2> "$T/late1.err" || fail workers/late/one-run "$(head -c 300 "$T/late1.err")"
if [ "$(grep -c 'vifd: warning: --speed 1e+09: vifd replays .* ms behind the wall clock' "$T/late1.err")" = 1 ] &&
        [ "$(grep -c warning "$T/late1.err")" = 1 ]
then pass workers/late/one-worker-warned-once
else fail workers/late/one-worker-warned-once "$(head -c 400 "$T/late1.err")"; fi
check workers/late/one-worker-counted python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))["replay_late"]
assert r["frames"] > 0 and r["worst_lag_ns"] > r["threshold_ns"] == 10000000, r
m = re.search(r"replay at --speed 1e\+09: (\d+) of 40000 frames more than 10 ms late", open(sys.argv[2]).read())
assert m and int(m.group(1)) == r["frames"], m' "$T/late1.json" "$T/late1.out"
"$PKTGEN" -o "$T/slow.pcap" -n 12 --seed 5 --proto mix --hosts 10 --sports 10 \
    --rate 80kbit --sizes 1000-1000 > /dev/null || fail workers/late/setup "pktgen_pcap failed"
timeout -k 5 120 "$VIFD" --workers 2 --in "pcap:$T/slow.pcap" --rate 10mbit --speed 1 \
    --late-ms 50 --out "pcap:$T/slow-out.pcap" --stats "$T/slow.json" > "$T/slow.out" 2> "$T/slow.err" ||
    fail workers/late/keeps-up-run "$(head -c 300 "$T/slow.err")"
if ! grep -q warning "$T/slow.err"; then pass workers/late/keeps-up-no-warning
else fail workers/late/keeps-up-no-warning "$(head -c 300 "$T/slow.err")"; fi
check workers/late/keeps-up-counted python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["replay_late"]
assert r["frames"] == 0 and r["speed"] == 1 and r["threshold_ns"] == 50000000, r' "$T/slow.json"
check workers/late/drain-paced python3 -c '
import subprocess, sys, time
vifd, inp, out = sys.argv[1:4]
t0 = time.monotonic()
subprocess.run([vifd, "--quiet", "--workers", "2", "--in", "pcap:" + inp, "--rate", "10mbit",
                "--speed", "1", "--out", "pcap:" + out], check=True)
wall = time.monotonic() - t0
sys.path.insert(0, sys.argv[4])
from pcapcheck import read_pcap
i, o = read_pcap(inp), read_pcap(out)
span = (o[-1].ts - i[0].ts) / 1e9
tail = (o[-1].ts - i[-1].ts) / 1e9
assert tail > 0.2, "no backlog to drain: %.3f s" % tail
assert wall >= span - 0.05, "ran %.3f s, the last departure is at %.3f s" % (wall, span)
print("ran %.3f s, last departure at %.3f s (%.3f s after the last arrival)" % (wall, span, tail))' \
    "$VIFD" "$T/one.pcap" "$T/drain.pcap" "$HERE"

# --timeline with 2 workers: the lines sum the workers (every packet in
# some interval, as the JSON totals), intervals of 100 ms from the
# capture's first packet, and the file depends only on the input
for k in 1 2; do
    run tl$k 2 "${TREE[@]}" --load "pcap=$T/PriQ_VIFlet.class" --rate 10mbit \
        --timeline "$T/tl$k.jsonl" || fail workers/timeline/run "exit $?: $(head -c 300 "$T/tl$k-w2.log")"
done
run tl1 1 "${TREE[@]}" --load "pcap=$T/PriQ_VIFlet.class" --rate 10mbit --timeline "$T/tl-w1.jsonl" ||
    fail workers/timeline/run-w1 "exit $?: $(head -c 300 "$T/tl1-w1.log")"
check workers/timeline/sums "${CHECK[@]}" timeline "$T/tl1.jsonl" "$T/tl1-w2.json" 2
check workers/timeline/one-worker-sums "${CHECK[@]}" timeline "$T/tl-w1.jsonl" "$T/tl1-w1.json" 1
if cmp -s "$T/tl1.jsonl" "$T/tl2.jsonl"; then pass workers/timeline/deterministic
else fail workers/timeline/deterministic "two runs wrote different timelines"; fi
# a VIFlet's log on stderr with 2 workers: each line whole, one VIF
# prefix and its text (the workers share stderr; a line is written under
# its lock; LogLines builds each line from a print and a println)
timeout -k 5 120 "$VIFD" --workers 2 --in "pcap:$T/in.pcap" --out "pcap:$T/lines.pcap" \
    --load "pcap=$T/LogLines.class" > /dev/null 2> "$T/lines.err" ||
    fail workers/log/run "exit $?: $(head -c 300 "$T/lines.err")"
check workers/log/whole-lines python3 -c '
import re, sys
lines = open(sys.argv[1]).read().split("\n")[:-1]
bad = [l for l in lines if not re.fullmatch(r"\[pcap\] packet [0-9]+ length [0-9]+", l)]
assert not bad, "%d of %d lines torn, e.g. %r" % (len(bad), len(lines), bad[:2])
assert len(lines) == 4000, "%d lines for 4000 packets" % len(lines)
print("%d whole lines" % len(lines))' "$T/lines.err"
# (live mode with workers: tests/datapath/live_workers.sh, the live stage)
bad bridge-heap "divided by the workers it is below 1m" --bridge vw0,vw1 --workers 2 --heap 1m
bad bridge-rate "--rate is split over the workers: below 1 bit/s per worker" --bridge vw0,vw1 \
    --workers 2 --rate 1bit --link split
bad bridge-link "bad --link 'x' (split or shared)" --bridge vw0,vw1 --workers 2 --link x
bad link-value "bad --link 'both' (split or shared)" "${IO[@]}" --workers 2 --link both
bad late-ms "bad --late-ms '0' (milliseconds, above 0)" "${IO[@]}" --workers 2 --late-ms 0
bad link-global-virtual "--link shared with --dir or --vif-workers needs the workers on the wall clock" \
    "${IO[@]}" --workers 2 --rate 10mbit --link shared --vif-workers pcap=1
bad link-bench "--link shared: not with --bench" "${IO[@]}" --workers 2 \
    --rate 10mbit --link shared --bench 10 --speed 1
bad global-value "--vif-workers needs PATH=1" "${IO[@]}" --workers 2 --vif-workers pcap=2
bad global-novif "--vif-workers pcap/x: no such VIF" "${IO[@]}" --workers 2 --vif-workers pcap/x=1
bad bridge-zero "bad --workers '0'" --bridge vw0,vw1 --workers 0
bad bridge-global-value "--vif-workers needs PATH=1" --bridge vw0,vw1 --workers 2 \
    --vif-workers vw0=2

[ "$nfail" -eq 0 ]
