#!/usr/bin/env bash
# tests/datapath/live.sh - live tests of vifd --bridge over veth pairs.
#
#   tests/datapath/live.sh [VIFD] [PKTGEN]
#
# Needs root (network namespaces, AF_PACKET).  Creates three namespaces of
# its own, named with this script's PID so parallel runs do not clash:
#   gen (vfg0) <-veth-> (vfd0) dp (vfd1) <-veth-> (vfs0) sink
# with IPv6 off (no stray kernel traffic), runs vifd in dp bridging
# vfd0,vfd1, sends deterministic captures (pktgen_pcap) with live_tool
# (a small AF_PACKET sender/capturer built from tests/datapath/live_tool.c),
# captures at the far end and compares (tests/datapath/livecheck.py): every
# frame arrives exactly once and unmodified, the counts match vifd's
# statistics, and the accounting holds.  Traffic stays inside the
# namespaces; everything is removed on exit.  Every step has a timeout
# (the whole script takes well under 60 s).  Prints PASS:/FAIL: lines, or
# `SKIP: datapath/live: <reason>` (exit 0) where namespaces cannot be made.
set -uo pipefail

LIVE_NAME=live
# shellcheck source=tests/datapath/live_env.sh
. "$(dirname "${BASH_SOURCE[0]}")/live_env.sh"
if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE/viflets/Relay.java" "$HERE/viflets/PriQ_VIFlet.java" \
        "$HERE/viflets/DropUdp.java" \
        > "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile"
    exit 1
fi
C=$T/cls
"$PKTGEN" -o "$T/in.pcap" -n 2000 --seed 11 > /dev/null || { fail setup/pktgen "pktgen_pcap failed"; exit 1; }
"$PKTGEN" -o "$T/back.pcap" -n 1000 --seed 12 --proto udp > /dev/null || exit 1


# ------------------------------------------- relay, both directions at once
if start_vifd relay --load "vfd0=$C/Relay.class" --load "vfd1=$C/Relay.class" --max-packets 3000; then
    start_capture relay-sink "$S" vfs0 2000; c1=$CPID
    start_capture relay-gen "$G" vfg0 1000; c2=$CPID
    send "$G" vfg0 "$T/in.pcap" & s1=$!
    send "$S" vfs0 "$T/back.pcap" & s2=$!
    wait $s1; wait $s2; wait $c1; wait $c2
    if vifd_done relay; then
        check relay/gen-to-sink-exact $CHECK same "$T/in.pcap" "$T/relay-sink.pcap" --ordered
        check relay/sink-to-gen-exact $CHECK same "$T/back.pcap" "$T/relay-gen.pcap" --ordered
        check relay/stats $CHECK stats "$T/relay.json" accounting_ok=true \
            dir0.input=2000 dir0.link_out=2000 dir0.vfd0.in=2000 dir0.vfd0.out=2000 \
            dir1.input=1000 dir1.link_out=1000 dir1.vfd1.in=1000 dir1.vfd1.out=1000 \
            port.vfd0.rx=2000 port.vfd1.tx=2000 port.vfd1.rx=1000 port.vfd0.tx=1000 \
            port.vfd0.kernel_drops=0 port.vfd1.tx_drops=0 port.vfd0.tx_drops=0
        grep -q '^\[vfd0\] relay ready' "$T/relay.err" && grep -q '^\[vfd1\] relay ready' "$T/relay.err" &&
            grep -q '^live accounting: ok' "$T/relay.out" && grep -q '^== vfd0 -> vfd1' "$T/relay.out" &&
            pass relay/root-vifs-named-after-interfaces ||
            fail relay/root-vifs-named-after-interfaces "no [vfd0]/[vfd1] log lines or statistics table"
    fi
else
    fail relay "vifd did not start: $(head -c 300 "$T/relay.err")"
fi

# ---------------------------- PriQ at the root, rate-limited output link
# (the queue grows to about 1200 packets: above the default quota)
if start_vifd priq --load "vfd0=$C/PriQ_VIFlet.class" --rate 50mbit --quota 4096 --max-packets 2000; then
    start_capture priq-sink "$S" vfs0 2000; c1=$CPID
    send "$G" vfg0 "$T/in.pcap"
    wait $c1
    if vifd_done priq; then
        check priq/every-frame-once-reordered $CHECK same "$T/in.pcap" "$T/priq-sink.pcap" --reordered
        check priq/output-rate $CHECK span "$T/priq-sink.pcap" 50000000
        check priq/stats $CHECK stats "$T/priq.json" accounting_ok=true dir0.input=2000 \
            dir0.vfd0.in=2000 dir0.vfd0.out=2000 dir0.vfd0.held=0 dir0.rate_bps=50000000 \
            dir1.rate_bps=50000000 port.vfd1.tx=2000
    fi
else
    fail priq "vifd did not start: $(head -c 300 "$T/priq.err")"
fi

# ---------------------------------- the comparison modes (tree, bypass)
ntcp=$(python3 -c "
import sys; sys.path.insert(0, '$HERE'); import livecheck
print(sum(1 for p in livecheck.read_pcap('$T/in.pcap') if p[2][23] == 6))")
for mode in framework-only bypass; do
    if start_vifd "$mode" "--$mode" --vif 'vfd0/tcp=tcp' --vif 'vfd0/udp=udp' \
            --load "vfd0=$C/Relay.class" --max-packets 2000 --quiet; then
        start_capture "$mode-sink" "$S" vfs0 2000; c1=$CPID
        send "$G" vfg0 "$T/in.pcap"
        wait $c1
        if vifd_done "$mode"; then
            check "mode/$mode" $CHECK same "$T/in.pcap" "$T/$mode-sink.pcap" --ordered
            if [ "$mode" = framework-only ]; then
                check mode/framework-only-classifies $CHECK stats "$T/$mode.json" accounting_ok=true \
                    dir0.input=2000 dir0.vfd0/tcp.in="$ntcp" dir0.vfd0/udp.in=$((2000 - ntcp)) \
                    dir0.vfd0.in=2000 port.vfd1.tx=2000
            else
                check mode/bypass-stats $CHECK stats "$T/$mode.json" accounting_ok=true \
                    dir0.input=2000 dir0.link_out=2000 port.vfd1.tx=2000
            fi
        fi
    else
        fail "mode/$mode" "vifd did not start: $(head -c 300 "$T/$mode.err")"
    fi
done

# ----------------------------------------- SIGTERM: drain, stats, exit 0
if start_vifd sigterm --load "vfd0=$C/Relay.class" --duration 25; then
    "$PKTGEN" -o "$T/small.pcap" -n 500 --seed 13 > /dev/null
    start_capture sig-sink "$S" vfs0 500; c1=$CPID
    send "$G" vfg0 "$T/small.pcap"
    wait $c1
    kill -TERM "$VPID"
    if vifd_done sigterm; then
        if grep -q 'interrupted' "$T/sigterm.err"; then
            check signal/sigterm-writes-stats $CHECK stats "$T/sigterm.json" accounting_ok=true \
                dir0.input=500 dir0.link_out=500 port.vfd1.tx=500
        else
            fail signal/sigterm-writes-stats "no 'interrupted' message"
        fi
        check signal/frames $CHECK same "$T/small.pcap" "$T/sig-sink.pcap" --ordered
    fi
else
    fail signal "vifd did not start: $(head -c 300 "$T/sigterm.err")"
fi

# SIGTERM in the middle of a stream (PriQ holding packets, rate-limited
# link): what vifd accepted is either sent (and captured) or counted
if start_vifd sigload --load "vfd0=$C/PriQ_VIFlet.class" --rate 20mbit --duration 25 --drain 0.1; then
    "$PKTGEN" -o "$T/load.pcap" -n 6000 --seed 14 > /dev/null
    timeout 25 ip netns exec "$S" "$TOOL" capture vfs0 "$T/sigload-sink.pcap" --timeout 20 --idle 2 \
        > "$T/sigload.cap" 2>&1 &
    c1=$!
    BG+=("$c1")
    for _ in $(seq 1 100); do [ -e "$T/sigload-sink.pcap.ready" ] && break; sleep 0.05; done
    send "$G" vfg0 "$T/load.pcap" 40000 &
    s1=$!
    sleep 0.08
    kill -TERM "$VPID"
    wait $s1
    if vifd_done sigload; then
        wait $c1
        got=$(sed -n 's/^captured \([0-9]*\).*/\1/p' "$T/sigload.cap")
        check signal/under-load-accounted $CHECK stats "$T/sigload.json" accounting_ok=true \
            port.vfd1.tx="${got:-x}" port.vfd1.tx_drops=0 dir0.link_out="${got:-x}"
        python3 -c "
import json; d = json.load(open('$T/sigload.json'))['directions'][0]['stats']
print('    (input %d, out %d, held %d, quota drops %d)' % (d['input'], d['link']['out'],
      d['vifs'][0]['held'], d['vifs'][0]['dropped_quota']))"
    fi
else
    fail signal/under-load "vifd did not start: $(head -c 300 "$T/sigload.err")"
fi

# ------------------------- the injection directory (--dir) in bridge mode
# DIR/vfd0 and DIR/vfd1 (one tree per direction); a VIFlet copied into
# DIR/vfd0 is attached while vifd runs; its stats file is written at exit
npass=$(python3 -c "
import sys; sys.path.insert(0, '$HERE'); import livecheck
n = 0
for p in livecheck.read_pcap('$T/in.pcap'):
    f = p[2]
    ihl = (f[14] & 15) * 4
    dport = (f[14 + ihl + 2] << 8) | f[14 + ihl + 3] if f[23] in (6, 17) else -1
    n += f[23] != 17 and dport != 22
print(n)")
if start_vifd inject --dir "$T/inj" --max-packets 2000; then
    if [ -d "$T/inj/vfd0" ] && [ -d "$T/inj/vfd1" ] && [ -e "$T/inj/vfd0/log" ]; then
        pass inject/one-tree-per-direction
    else
        fail inject/one-tree-per-direction "no $T/inj/vfd0, vfd1 or log: $(ls -R "$T/inj" 2>&1 | head -c 200)"
    fi
    cp "$C/DropUdp.class" "$T/inj/vfd0/"
    ok=0
    for _ in $(seq 1 60); do
        grep -q 'loaded DropUdp.class: VIFlet DropUdp' "$T/inj/vfd0/log" 2> /dev/null && { ok=1; break; }
        sleep 0.05
    done
    if [ "$ok" = 1 ]; then
        pass inject/attached-within-3s
        start_capture inject-sink "$S" vfs0 "$npass"; c1=$CPID
        send "$G" vfg0 "$T/in.pcap"
        wait $c1
        if vifd_done inject; then
            got=$(sed -n 's/^captured \([0-9]*\).*/\1/p' "$T/inject-sink.cap")
            check inject/viflet-applied $CHECK stats "$T/inject.json" accounting_ok=true \
                dir0.input=2000 dir0.vfd0.in=2000 dir0.vfd0.out="$npass" port.vfd1.tx="$npass"
            [ "${got:-x}" = "$npass" ] && pass inject/sink-got-the-filtered-stream ||
                fail inject/sink-got-the-filtered-stream "captured ${got:-?}, expected $npass"
            grep -q '^viflet DropUdp' "$T/inj/vfd0/stats" 2> /dev/null && pass inject/stats-file ||
                fail inject/stats-file "$(head -c 200 "$T/inj/vfd0/stats" 2>&1 | tr '\n' ' ')"
        fi
    else
        fail inject/attached-within-3s "$(tr '\n' ' ' < "$T/inj/vfd0/log" 2> /dev/null | head -c 300)"
        kill "$VPID" 2> /dev/null; wait "$VPID" 2> /dev/null
    fi
else
    fail inject "vifd did not start: $(head -c 300 "$T/inject.err")"
fi

# ------------------------------------------------------------- errors
# expect_error NAME PATTERN CMD...: exits 1 with PATTERN on stderr.
expect_error() {
    local name=$1 pat=$2; shift 2
    timeout 20 "$@" > "$T/err.out" 2> "$T/err.err"
    local r=$?
    if [ "$r" -eq 1 ] && grep -q -- "$pat" "$T/err.err" && ! vt_sanitizer_grep "$T/err.err" > /dev/null; then
        pass "errors/$name"
    else
        fail "errors/$name" "exit $r, stderr: $(head -c 300 "$T/err.err" | tr '\n' ' ')"
    fi
}
expect_error missing-interface "no such network interface 'nope0'" \
    ip netns exec "$D" "$VIFD" --bridge vfd0,nope0
expect_error bad-vif-path 'in bridge mode a VIF path starts with an interface name' \
    ip netns exec "$D" "$VIFD" --bridge vfd0,vfd1 --vif 'web=tcp port 80'
expect_error bridge-with-in '--in cannot be combined with --bridge' \
    ip netns exec "$D" "$VIFD" --bridge vfd0,vfd1 --in pcap:x.pcap
if command -v setpriv > /dev/null; then
    expect_error not-root 'vifd: --bridge needs CAP_NET_RAW (run as root)' \
        ip netns exec "$D" setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
        "$VIFD" --bridge vfd0,vfd1
fi

# an interface deleted under vifd: it stops (exit 1) with statistics, not a spin
# (last: this removes the dp<->sink pair)
if start_vifd vanish --load "vfd0=$C/Relay.class" --duration 20; then
    send "$G" vfg0 "$T/small.pcap"
    ip -n "$D" link del dev vfd1
    wait "$VPID"
    rc=$?
    if [ "$rc" -eq 1 ] && grep -q "vfd1: the interface went away" "$T/vanish.err" &&
       ! vt_sanitizer_grep "$T/vanish.err" > /dev/null; then
        check errors/interface-removed $CHECK stats "$T/vanish.json" accounting_ok=true dir0.input=500
    else
        fail errors/interface-removed "exit $rc: $(tail -n 3 "$T/vanish.err" | tr '\n' ' ')"
    fi
else
    fail errors/interface-removed "vifd did not start: $(head -c 300 "$T/vanish.err")"
fi

echo "datapath/live: $nfail failed"
[ "$nfail" -eq 0 ]
