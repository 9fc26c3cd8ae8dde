#!/usr/bin/env bash
# tests/datapath/native_filters.sh - native filters and sibling dispatch
# (issue 14, dp_classify.c) give exactly what libpcap's interpreter gives:
# vifd runs each tree with --native-filters on (the default) and off, and
# the output captures must be byte-identical and every VIF's counters
# equal.  The trees: 40 siblings `src host` (one group) with overlapping
# filters between them (`net ../28`, `udp`, a duplicate), a second level
# under one of them; 20 siblings `dst port` with `tcp` and `src port`
# siblings; `net` siblings; mixed expressions that form no group; a small
# deep tree, alone and with `protochain` filters (interpreted).  VIFlets
# on some children (TosMark rewrites the TOS, DropUdp drops UDP) make the
# output depend on where each packet was placed.  Then: a tree whose
# children must really have received packets (the check can fail), and a
# bad --native-filters value is refused.  Also filters below `ip`, `ip6`
# and `arp` parents, which the tree function runs knowing the EtherType
# (IPv4, IPv6, ARP, VLAN, short frames).
#
#   tests/datapath/native_filters.sh [VIFD]      (pktgen_pcap beside it)
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

VIFD=${1:-build/release/vifd}
BIN=$(dirname "$VIFD")
PKTGEN=$BIN/pktgen_pcap API=build/vif-api.jar
pass() { echo "PASS: datapath/native-filters/$1"; }
fail() { echo "FAIL: datapath/native-filters/$1: $2"; }
for f in "$VIFD" "$PKTGEN" "$API"; do
    [ -e "$f" ] || { fail setup "$f missing (make)"; exit 1; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! javac --release 8 -nowarn -cp "$API" -d "$T" "$HERE/viflets/TosMark.java" \
        "$HERE/viflets/DropUdp.java" > "$T/javac.log" 2>&1; then
    fail setup "javac: $(head -c 200 "$T/javac.log")"
    exit 1
fi
"$PKTGEN" -o "$T/in.pcap" -n 4000 --proto mix --hosts 60 --ports 80,443,53,22,5001,8080 \
    --seed 11 > /dev/null || { fail setup pktgen; exit 1; }

# compare NAME vifd-args...: on and off, outputs and counters
compare() {
    local name=$1; shift
    local m
    for m in on off; do
        if ! "$VIFD" --in "pcap:${CIN:-$T/in.pcap}" --out "pcap:$T/$name.$m.pcap" --stats "$T/$name.$m.json" \
                --quiet --native-filters "$m" "$@" > "$T/$name.$m.log" 2>&1; then
            fail "$name/run-$m" "vifd failed: $(head -c 300 "$T/$name.$m.log")"
            return
        fi
    done
    if cmp -s "$T/$name.on.pcap" "$T/$name.off.pcap"; then pass "$name/output-identical"
    else fail "$name/output-identical" "the output captures differ"; fi
    local why
    why=$(python3 - "$T/$name.on.json" "$T/$name.off.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("in", "out", "dropped_handler", "dropped_quota", "dropped_policy", "held",
        "bytes_in", "bytes_out", "enqueue_calls", "dequeue_calls")
va = {v["path"]: v for v in a["vifs"]}
vb = {v["path"]: v for v in b["vifs"]}
if set(va) != set(vb): print("different VIFs"); sys.exit()
for p in va:
    for k in keys:
        if va[p][k] != vb[p][k]:
            print(f"{p} {k}: native {va[p][k]}, interpreted {vb[p][k]}"); sys.exit()
used = sum(1 for p in va if p != "pcap" and va[p]["in"] > 0)
if used < 3: print(f"only {used} child VIFs received packets")
PY
)
    if [ -z "$why" ]; then pass "$name/counters-identical"
    else fail "$name/counters-identical" "$why"; fi
}

# 1. src host siblings with overlaps, a second level, VIFlets
args=()
for i in $(seq 1 40); do
    args+=(--vif "pcap/h$i=src host 10.0.0.$i")
    [ "$i" = 5 ] && args+=(--vif "pcap/n=src net 10.0.0.0/28")
    [ "$i" = 9 ] && args+=(--vif "pcap/u=udp")
    [ "$i" = 20 ] && args+=(--vif "pcap/dup=src host 10.0.0.3")
done
args+=(--vif "pcap/h30/web=tcp port 80" --vif "pcap/h30/dns=udp port 53")
args+=(--load "pcap/h12=$T/TosMark.class" --load "pcap/h30=$T/DropUdp.class"
       --load "pcap/h30/web=$T/TosMark.class")
compare hosts "${args[@]}"

# 2. dst port siblings, tcp and src port siblings between
args=()
for p in 80 443 53 22 5001 8080 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
    args+=(--vif "pcap/d$p=dst port $p")
    [ "$p" = 5001 ] && args+=(--vif "pcap/t=tcp")
done
for p in 80 443 53 22; do args+=(--vif "pcap/s$p=src port $p"); done
args+=(--load "pcap/d443=$T/TosMark.class" --load "pcap/d53=$T/DropUdp.class")
compare ports "${args[@]}"

# 3. net siblings (a mask and a jeq), and mixed expressions (no group)
args=()
for i in $(seq 0 15); do args+=(--vif "pcap/net$i=src net 10.0.0.$((i * 4))/30"); done
args+=(--load "pcap/net3=$T/TosMark.class")
compare nets "${args[@]}"
compare mixed --vif 'pcap/c=ip[1] & 0xfc = 0x28' --vif 'pcap/a=tcp and len > 500' \
    --vif 'pcap/b=udp or ip[8] = 64' --vif 'pcap/d=ip' --vif 'pcap/d/e=tcp[13] & 2 != 0' \
    --load "pcap/c=$T/TosMark.class"

# 4. a small deep tree (one native function for all of it), and the same
# with a filter the compiler refuses (`ip6 protochain`: a backward jump),
# which makes the datapath fall back to running that level one by one
deep=(--vif 'pcap/a=ip' --vif 'pcap/a/b=tcp' --vif 'pcap/a/b/c=tcp port 80'
      --vif 'pcap/a/b/d=tcp port 443' --vif 'pcap/a/u=udp' --vif 'pcap/x=ip6'
      --load "pcap/a/b/c=$T/TosMark.class" --load "pcap/a/u=$T/DropUdp.class")
compare deep "${deep[@]}"
compare protochain "${deep[@]}" --vif 'pcap/x/p=ip6 protochain 6' --vif 'pcap/y=ip protochain 17'

# 5. filters below `ip`, `ip6` and `arp` parents: the tree function runs
# them knowing the EtherType (dp_classify.c tree_variant: `ldh [12]` a
# constant there, the jumps on it decided), over IPv4, IPv6, ARP,
# VLAN-tagged and short frames (under 14 bytes, and 14 exactly)
python3 - "$T/et.pcap" <<'PY'
import random, struct, sys
r = random.Random(5)
out = [struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)]
def eth(t, body): return b"\x02" * 6 + b"\x04" * 6 + struct.pack(">H", t) + body
def l4(proto):
    sp, dp = r.choice([53, 80, 443, 1234]), r.choice([53, 80, 443, 9])
    if proto == 6: return struct.pack(">HHIIBBHHH", sp, dp, 1, 0, 0x50, 2, 512, 0, 0)
    return struct.pack(">HHHH", sp, dp, 8, 0)
def ip4(proto):
    b = l4(proto) + bytes(r.randrange(0, 200))
    return struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(b), 1, 0, 64, proto, 0,
                       bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])) + b
def ip6(proto):
    b = l4(proto) + bytes(r.randrange(0, 200))
    return struct.pack(">IHBB", 0x60000000, len(b), proto, 64) + bytes(15) + b"\x01" + bytes(15) + b"\x02" + b
frames = []
for i in range(1500):
    k = r.randrange(10)
    if k < 4: f = eth(0x0800, ip4(r.choice([6, 17, 1])))
    elif k < 7: f = eth(0x86dd, ip6(r.choice([6, 17, 58])))
    elif k == 7: f = eth(0x0806, bytes(28))
    elif k == 8: f = eth(0x8100, struct.pack(">HH", 5, 0x0800) + ip4(r.choice([6, 17])))
    else: f = r.choice([eth(0x0800, b"")[:r.randrange(8, 15)], eth(0x86dd, b""), eth(0x0800, b"")])
    frames.append(f)
for i, f in enumerate(frames):
    out.append(struct.pack("<IIII", 1, i * 1000, len(f), len(f)) + f)
open(sys.argv[1], "wb").write(b"".join(out))
PY
facts=(--vif 'pcap/a=ip' --vif 'pcap/a/t=tcp' --vif 'pcap/a/u=udp' --vif 'pcap/a/o=ip6 or udp'
       --vif 'pcap/a/n=not ip' --vif 'pcap/a/l=ether proto 0x800 and len > 200' --vif 'pcap/a/s=ip6'
       --vif 'pcap/a/t/w=tcp port 80' --vif 'pcap/x=ip6' --vif 'pcap/x/t=tcp' --vif 'pcap/x/u=udp'
       --vif 'pcap/x/i=ip' --vif 'pcap/x/t/d=tcp dst port 9' --vif 'pcap/r=arp' --vif 'pcap/r/a=arp or ip'
       --vif 'pcap/v=vlan' --vif 'pcap/v/i=ip')
CIN=$T/et.pcap compare ethertype "${facts[@]}" --load "pcap/a/t=$T/TosMark.class"
why=$(python3 - "$T/ethertype.on.json" <<'PY'
import json, sys
d = {v["path"]: v for v in json.load(open(sys.argv[1]))["vifs"]}
for p in ("pcap/a/t", "pcap/a/u", "pcap/a/l", "pcap/x/t", "pcap/x/u", "pcap/r", "pcap/v"):
    if d[p]["in"] == 0: print(p + " received nothing")
PY
)
[ -z "$why" ] && pass ethertype/children-reached || fail ethertype/children-reached "$why"

# 6. truncated frames (issue 14, cbpf_opt.c: the hoisted bounds test, the
# checks left out after a longer load, the loads reused between siblings):
# IPv4 TCP/UDP/ICMP, an IPv4 fragment, IPv6 TCP/UDP, ARP and VLAN-tagged
# IPv4 TCP, each cut at every length 0..64 (caplen < wire length), each cut
# right after its whole frame, so that the bytes past caplen in the reading
# buffer are the whole frame's: a load past caplen that is not refused sees
# the real header there and classifies differently.  The trees: the
# benchmark's (ip, ip/tcp, ip/udp), two levels (tcp, udp, icmp), and
# filters under ip6, arp and vlan parents and a third level with ports,
# loads ending one byte after another (14, 15; 64, 65: the checks left out
# after a longer load, the hoisted test's limit),
# with the compiler's optimizations on, each off alone and all off
# (VIFD_CBPF_OFF), every placement equal to libpcap's interpreter's.
python3 - "$T/cut.pcap" <<'PY'
import struct, sys
def eth(t, body): return b"\x02" * 6 + b"\x04" * 6 + struct.pack(">H", t) + body
def l4(proto, dport):
    if proto == 6: return struct.pack(">HHIIBBHHH", 1234, dport, 1, 0, 0x50, 2, 512, 0, 0)
    if proto == 17: return struct.pack(">HHHH", 1234, dport, 8, 0)
    return bytes([8, 0, 0, 0, 0, 1, 0, 1])
def ip4(proto, dport=80, frag=0):
    b = l4(proto, dport) + bytes(40)
    return struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(b), 1, frag, 64, proto, 0,
                       bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])) + b
def ip6(proto, dport=80):
    b = l4(proto, dport) + bytes(40)
    return struct.pack(">IHBB", 0x60000000, len(b), proto, 64) + bytes(15) + b"\x01" + bytes(15) + b"\x02" + b
full = [eth(0x0800, ip4(6)), eth(0x0800, ip4(17, 53)), eth(0x0800, ip4(1)),
        eth(0x0800, ip4(6, 80, 0x2001)), eth(0x86dd, ip6(6)), eth(0x86dd, ip6(17, 53)),
        eth(0x0806, bytes(28)), eth(0x8100, struct.pack(">HH", 5, 0x0800) + ip4(6))]
out = [struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)]
i = 0
for f in full:
    for cut in range(0, 65):
        for c in (len(f), cut):
            out.append(struct.pack("<IIII", 1, i * 1000, c, len(f)) + f[:c])
            i += 1
open(sys.argv[1], "wb").write(b"".join(out))
PY
cut3=(--vif 'pcap/ip=ip' --vif 'pcap/ip/tcp=tcp' --vif 'pcap/ip/udp=udp')
cut2=(--vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp' --vif 'pcap/icmp=icmp')
cutx=(--vif 'pcap/e=ether[12:2] = 0x800 and ether[14] = 0x45 and ether[23] = 17'
      --vif 'pcap/z=ether[63] = 0 and ether[64] = 0 and ether[12:2] = 0x86dd' --vif 'pcap/x=ip6' --vif 'pcap/x/t=tcp' --vif 'pcap/x/u=udp port 53' --vif 'pcap/r=arp'
      --vif 'pcap/v=vlan' --vif 'pcap/v/i=ip' --vif 'pcap/v/i/t=tcp port 80'
      --vif 'pcap/a=ip' --vif 'pcap/a/f=ip[6:2] & 0x3fff != 0' --vif 'pcap/a/t=tcp dst port 80'
      --vif 'pcap/a/u=udp port 53' --vif 'pcap/a/i=icmp')
for off in "" all layout dead hoist reuse raw; do
    for tr in 3 2 x; do
        declare -n tre=cut$tr
        VIFD_CBPF_OFF=$off CIN=$T/cut.pcap compare "cut$tr-${off:-on}" "${tre[@]}"
    done
done
# place's general way for every packet (VIFD_PLACE_SLOW=on: the tree
# function by an ordinary call, dp_engine.c place_slow), the same; a
# VIFlet on a leaf (a fused plan) and a level of 40 siblings (a dispatch
# left to place_below by the frameless way)
VIFD_PLACE_SLOW=on CIN=$T/cut.pcap compare cut3-placeslow "${cut3[@]}" \
    --load "pcap/ip/udp=$T/TosMark.class"
CIN=$T/cut.pcap compare cut3-tos "${cut3[@]}" --load "pcap/ip/udp=$T/TosMark.class"
wide=(--vif 'pcap/ip=ip')
for i in $(seq 1 40); do wide+=(--vif "pcap/ip/h$i=src host 10.0.0.$i or dst host 10.0.0.$i"); done
wide+=(--vif 'pcap/ip/t=tcp' --vif 'pcap/ip/u=udp')
for ps in on off; do
    VIFD_PLACE_SLOW=$ps compare "wide-placeslow-$ps" "${wide[@]}" --load "pcap/ip/h3=$T/TosMark.class"
done

# 7. a bad value is refused
if "$VIFD" --in "pcap:$T/in.pcap" --native-filters maybe > "$T/bad.log" 2>&1; then
    fail bad-value "--native-filters maybe was accepted"
elif grep -q "native-filters takes on or off" "$T/bad.log"; then pass bad-value
else fail bad-value "message: $(head -c 200 "$T/bad.log")"; fi
