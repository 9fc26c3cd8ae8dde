#!/usr/bin/env bash
# tests/datapath/live_sockets.sh - vifd --bridge under real host traffic:
# ordinary TCP and UDP sockets in two network namespaces, with the veths'
# offloads left at their defaults (TX checksum offload and TSO on), so the
# bridge receives frames with partial checksums (TP_STATUS_CSUMNOTREADY)
# and TCP segments larger than the MTU (GSO).  Topology:
#   A (vska0 10.231.0.1) <-veth-> (vska1) D (vskb1) <-veth-> (vskb0 10.231.0.2) B
# with vifd --bridge vska1,vskb1 in D.  For each configuration (no VIFlet;
# TosMark on both roots, which rewrites the TOS byte and fixes the IPv4
# header checksum in Java):
#   - a TCP transfer of $MB MB from A to B, every byte verified (sha256),
#   - 2000 UDP datagrams A to B, every one counted and its content checked
#     (with TosMark: the TOS each arrives with),
#   - 1600 UDP datagrams sent 8 per send() with UDP_SEGMENT (a UDP GSO frame),
#   - no checksum errors in B's and A's counters (Tcp/UdpInCsumErrors),
#   - vifd exits 0 with its accounting ok and reports the partial checksums
#     it completed (and the GSO frames it cut).
# With TosMark, also --timeline (both directions add up to the totals).
# Prints the TCP throughput (a "note:" line).  Needs root; SKIP otherwise.
#
#   tests/datapath/live_sockets.sh [VIFD] [MB]
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

VIFD=${1:-build/release/vifd}
MB=${2:-8}
API=build/vif-api.jar
for f in "$VIFD" "$API"; do
    [ -e "$f" ] || { echo "FAIL: datapath/live_sockets/setup: $f missing (make)"; exit 1; }
done
VIFD=$(readlink -f "$VIFD")
SOCK="python3 $HERE/sockcheck.py"

skip() { echo "SKIP: datapath/live_sockets: $1"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root to create network namespaces"
command -v ip > /dev/null || skip "the ip command (iproute2) is not installed"
command -v python3 > /dev/null || skip "python3 is not installed"

ID=$$
NA=vska$ID ND=vskd$ID NB=vskb$ID
T=$(mktemp -d)
BG=()
cleanup() {
    local p
    for p in "${BG[@]}"; do kill "$p" 2> /dev/null; done
    for ns in "$NA" "$ND" "$NB"; do ip netns del "$ns" 2> /dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! err=$(ip netns add "$NA" 2>&1); then skip "cannot create network namespaces: $err"; fi
ip netns add "$ND" && ip netns add "$NB" || skip "cannot create network namespaces"
for ns in "$NA" "$ND" "$NB"; do
    for k in all default; do ip netns exec "$ns" sysctl -qw "net.ipv6.conf.$k.disable_ipv6=1" 2> /dev/null; done
done
if ! ip -n "$NA" link add name vska0 type veth peer name vska1 netns "$ND" 2> "$T/ip.err" ||
   ! ip -n "$ND" link add name vskb1 type veth peer name vskb0 netns "$NB" 2>> "$T/ip.err"; then
    skip "cannot create veth pairs: $(head -c 200 "$T/ip.err")"
fi
ip -n "$NA" addr add 10.231.0.1/24 dev vska0 && ip -n "$NB" addr add 10.231.0.2/24 dev vskb0 &&
    ip -n "$NA" link set dev vska0 up && ip -n "$ND" link set dev vska1 up &&
    ip -n "$ND" link set dev vskb1 up && ip -n "$NB" link set dev vskb0 up &&
    ip -n "$NA" link set dev lo up && ip -n "$NB" link set dev lo up || skip "cannot configure the veths"

vt_results datapath/live_sockets/

if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE/viflets/TosMark.java" > "$T/javac.log" 2>&1; then
    fail setup/javac "TosMark does not compile: $(head -c 200 "$T/javac.log")"
    exit 1
fi

# csum_errors NS: Tcp InCsumErrors + Udp InCsumErrors of namespace NS
csum_errors() {
    ip netns exec "$1" awk '
        /^Tcp:/ { if (!th) { for (i = 1; i <= NF; i++) tc[$i] = i; th = 1 } else t = $tc["InCsumErrors"] }
        /^Udp:/ { if (!uh) { for (i = 1; i <= NF; i++) uc[$i] = i; uh = 1 } else u = $uc["InCsumErrors"] }
        END { print t + u }' /proc/net/snmp
}

# snmp NS PROTO FIELD: a counter of /proc/net/snmp in namespace NS
snmp() {
    ip netns exec "$1" awk -v p="$2:" -v f="$3" '
        $1 == p { if (!h) { for (i = 1; i <= NF; i++) c[$i] = i; h = 1 } else v = $c[f] }
        END { print v + 0 }' /proc/net/snmp
}

# start_vifd NAME ARGS...: the bridge in D, in the background ($VPID)
start_vifd() {
    local name=$1; shift
    vt_start_bridge "$ND" vska1,vskb1 120 "$name" "$@"
}

# udp_case NAME N GSO WANT_TOS: N datagrams A -> B through the bridge
udp_case() {
    local name=$1 n=$2 gso=$3 want_tos=$4
    timeout 40 ip netns exec "$NB" $SOCK udp-server 5001 "$n" 5 > "$T/udp.srv" 2>&1 &
    local spid=$!
    BG+=("$spid")
    for _ in $(seq 1 100); do grep -q ready "$T/udp.srv" 2> /dev/null && break; sleep 0.05; done
    timeout 30 ip netns exec "$NA" $SOCK udp-client 10.231.0.2 5001 "$n" 5000 "$gso" > "$T/udp.cli" 2>&1
    wait "$spid"
    local rc=$? got
    got=$(grep '^got' "$T/udp.srv")
    if [ "$rc" -ne 0 ]; then
        fail "$name" "${got:-$(tail -n 2 "$T/udp.srv" | tr '\n' ' ')} (want $n datagrams)"
    elif [ -n "$want_tos" ] && [ "${got##* tos }" != "$want_tos" ]; then
        fail "$name" "$got (want tos $want_tos)"
    else
        pass "$name"
    fi
}

run_config() {
    local cfg=$1; shift
    local e0a e0b
    e0a=$(csum_errors "$NA") e0b=$(csum_errors "$NB")
    if ! start_vifd "$cfg" "$@"; then
        fail "$cfg/start" "vifd did not start: $(head -c 300 "$T/$cfg.err")"
        return
    fi
    local want_tos=""
    [ "$cfg" = tosmark ] && want_tos=0xb8
    udp_case "$cfg/udp-2000-datagrams" 2000 1 "$want_tos"
    # TCP: server in B, client in A, every byte checked
    local rt0
    rt0=$(snmp "$NA" Tcp RetransSegs)
    timeout 90 ip netns exec "$NB" $SOCK tcp-server 5002 > "$T/tcp.srv" 2>&1 &
    local spid=$!
    BG+=("$spid")
    if timeout 90 ip netns exec "$NA" $SOCK tcp-client 10.231.0.2 5002 $((MB * 1048576)) > "$T/tcp.cli" 2>&1; then
        pass "$cfg/tcp-${MB}MB-verified"
        read -r _ bytes secs mbps < "$T/tcp.cli"
        echo "note: datapath/live_sockets/$cfg: TCP $bytes bytes in $secs s: $mbps Mbit/s through the bridge ($(( $(snmp "$NA" Tcp RetransSegs) - rt0 )) segments retransmitted)"
    else
        fail "$cfg/tcp-${MB}MB-verified" "$(head -n 2 "$T/tcp.cli" | tr '\n' ' ')"
    fi
    wait "$spid"
    udp_case "$cfg/udp-gso-1600-datagrams" 1600 8 "$want_tos"
    kill -INT "$VPID"
    wait "$VPID"
    local rc=$?
    if san=$(vt_sanitizer_grep "$T/$cfg.err"); then
        fail "$cfg/vifd" "sanitizer: ${san:0:150}"
    elif [ "$rc" -ne 0 ]; then
        fail "$cfg/vifd" "vifd exited with $rc: $(tail -n 3 "$T/$cfg.err" | tr '\n' ' ')"
    elif ! grep -q '^live accounting: ok' "$T/$cfg.out" || ! grep -q '"accounting_ok": true' "$T/$cfg.json"; then
        fail "$cfg/vifd" "accounting not ok: $(grep -i accounting "$T/$cfg.out" | tr '\n' ' ')"
    else
        pass "$cfg/vifd-accounting"
    fi
    local off
    off=$(python3 - "$T/$cfg.json" <<'PY'
import json, sys
try:
    j = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    j = {"ports": {}}
p = j["ports"]
c = sum(v.get("csum_completed", 0) for v in p.values())
g = sum(v.get("gso_frames", 0) for v in p.values())
s = sum(v.get("gso_segments", 0) for v in p.values())
b = sum(v.get("bad_offload", 0) for v in p.values())
k = sum(v.get("kernel_drops", 0) for v in p.values())
print(c, g, s, b, k)
PY
)
    read -r csum gsof gsos bad kdrops <<< "$off"
    echo "note: datapath/live_sockets/$cfg: $csum partial checksums completed, $gsof GSO frames cut into $gsos segments, $bad dropped; receive ring drops $kdrops"
    if [ "${csum:-0}" -gt 0 ] && [ "${gsof:-0}" -gt 0 ] && [ "${bad:-1}" -eq 0 ]; then
        pass "$cfg/offloads-finished"
    else
        fail "$cfg/offloads-finished" "completed $csum checksums, $gsof GSO frames, $bad dropped (want >0, >0, 0)"
    fi
    local e1a e1b
    e1a=$(csum_errors "$NA") e1b=$(csum_errors "$NB")
    if [ "$e1a" = "$e0a" ] && [ "$e1b" = "$e0b" ]; then
        pass "$cfg/no-checksum-errors"
    else
        fail "$cfg/no-checksum-errors" "InCsumErrors A $e0a -> $e1a, B $e0b -> $e1b"
    fi
}

run_config plain
run_config tosmark --load "vska1=$T/cls/TosMark.class" --load "vskb1=$T/cls/TosMark.class" \
    --timeline "$T/tosmark.jsonl"
# the bridge's timeline: lines for both directions, adding up to the totals
if python3 - "$T/tosmark.jsonl" "$T/tosmark.json" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
tot = json.load(open(sys.argv[2]))
for d in tot["directions"]:
    root = [v for v in d["stats"]["vifs"] if v["path"] == d["from"]][0]
    got = sum(v["out"] for l in lines if l.get("dir") == d["from"] for v in l["vifs"]
              if v["path"] == d["from"])
    assert got == root["out"] and got > 0, "%s: %d of %d" % (d["from"], got, root["out"])
PY
then
    pass tosmark/timeline-both-directions
else
    fail tosmark/timeline-both-directions "see above"
fi
[ "$nfail" -eq 0 ]
