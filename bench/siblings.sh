#!/usr/bin/env bash
# bench/siblings.sh - classification cost with many sibling VIFs (issue 14,
# "Many siblings"): a root with S children `dst port P_i` (or, with --hosts,
# `dst host 10.1.x.y`), S = 1, 10, 100, 1000, framework-only (no VIFlets),
# replayed from memory by vifd --bench over a capture whose packets go to
# the S children in turn (each packet matches exactly one child, so trying
# them one by one scans S/2 filters on average).  Each S runs with native
# filters and sibling dispatch (the default) and with --native-filters off
# (libpcap's interpreter, one child after the other); bypass is the floor.
# Prints the median ns/packet of REPS interleaved runs, the cost over
# bypass, and the ratio S=1000 / S=10 (target: at most 2 with native
# filters).  Two captures per S: "all", where the packets go to every
# child in turn, and "ten", where they go to 10 children spread over the S
# (the first, the last and 8 between): with "all" the per-VIF state the
# datapath touches per packet (counters, histograms: about 32 KiB a VIF)
# grows with S and misses the caches and the TLB, a cost that is not
# classification; "ten" keeps that working set fixed and shows what the
# classification itself costs.
#
#   bench/siblings.sh [--reps N] [--packets N] [--hosts] [--cpu]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=5 PACKETS=1000000 KIND=port CPU=0
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=${1:-5} ;;
        --packets) shift; PACKETS=${1:-1000000} ;;
        --hosts) KIND=host ;;
        --cpu) CPU=1 ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
make -s -j2 build/release/vifd >/dev/null || exit 2
OUT=build/bench/siblings
mkdir -p "$OUT"
VIFD=build/release/vifd
SIZES="1 10 100 1000"
# the captures: 1000 UDP frames each, to the S children in turn
python3 - "$OUT" "$KIND" $SIZES <<'PY' || exit 2
import struct, sys
out, kind, sizes = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]
def csum(h):
    s = sum(struct.unpack('!10H', h))
    while s >> 16: s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff
for S, name in [(S, name) for S in sizes for name in ('all', 'ten')]:
    ten = sorted({(k * (S - 1)) // 9 for k in range(10)})
    with open(f'{out}/{name}{S}.pcap', 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        filt = open(f'{out}/vifs{S}.txt', 'w')
        for j in range(S):
            if kind == 'port': filt.write(f'pcap/c{j}=dst port {10000 + j}\n')
            else: filt.write(f'pcap/c{j}=dst host 10.1.{j // 250}.{j % 250 + 1}\n')
        for i in range(1000):
            j = (i * 7919) % S if name == 'all' else ten[(i * 7) % len(ten)]
            dst = (10 << 24) | (1 << 16) | ((j // 250) << 8) | (j % 250 + 1) if kind == 'host' \
                  else (10 << 24) | (1 << 16) | 1
            dport = 10000 + j if kind == 'port' else 5001
            payload = bytes(32)
            udp = struct.pack('!HHHH', 40000 + i % 100, dport, 8 + len(payload), 0) + payload
            ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(udp), i, 0, 64, 17, 0,
                             bytes([10, 0, 0, 1 + i % 50]), struct.pack('!I', dst))
            ip = ip[:10] + struct.pack('!H', csum(ip)) + ip[12:]
            frame = bytes([2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2, 8, 0]) + ip + udp
            f.write(struct.pack('<IIII', 1, i, len(frame), len(frame)) + frame)
PY
res=$(mktemp)
trap 'rm -f "$res"' EXIT
run() {   # label args...: one vifd --bench run, its ns/packet into $res
    local label=$1 cap=$2; shift 2
    local line
    line=$("$VIFD" --in "pcap:$cap" --bench "$PACKETS" --quiet "$@" 2>&1 | grep '^bench')
    if [ "$CPU" = 1 ]; then line=$(grep '^bench-cpu:' <<< "$line")
    else line=$(grep '^bench:' <<< "$line"); fi
    local ns
    ns=$(sed -n 's/.* \([0-9.]*\) ns\/packet.*/\1/p' <<< "$line")
    [ -n "$ns" ] || { echo "bench/siblings.sh: $label failed: $line" >&2; exit 1; }
    echo "$label $ns" >> "$res"
}
for ((r = 0; r < REPS; r++)); do
    run bypass "$OUT/all10.pcap" --bypass
    for S in $SIZES; do
        vifs=()
        while IFS= read -r l; do vifs+=(--vif "$l"); done < "$OUT/vifs$S.txt"
        for c in all ten; do
            run "native-$c$S" "$OUT/$c$S.pcap" "${vifs[@]}" --framework-only
            run "interp-$c$S" "$OUT/$c$S.pcap" "${vifs[@]}" --framework-only --native-filters off
        done
    done
done
python3 - "$res" "$KIND" "$([ "$CPU" = 1 ] && echo CPU || echo wall)" $SIZES <<'PY'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    k, ns = line.split()
    d[k].append(float(ns))
m = {k: statistics.median(v) for k, v in d.items()}
kind, clock, sizes = sys.argv[2], sys.argv[3], sys.argv[4:]
b = m['bypass']
print(f'siblings `dst {kind} ...`, framework-only, median of {len(d["bypass"])} runs ({clock} time), ns/packet:')
print(f'  bypass {b:.1f}')
for c, what in (('all', 'packets to every child in turn'), ('ten', 'packets to 10 children')):
    print(f'  {what}:')
    print(f'  {"siblings":>8} {"native":>10} {"over bypass":>12} {"interpreted":>12} {"over bypass":>12}')
    for s in sizes:
        n, i = m[f'native-{c}' + s], m[f'interp-{c}' + s]
        print(f'  {s:>8} {n:>10.1f} {n - b:>12.1f} {i:>12.1f} {i - b:>12.1f}')
    r = (m[f'native-{c}1000'] - b) / max(m[f'native-{c}10'] - b, 0.1)
    ri = (m[f'interp-{c}1000'] - b) / max(m[f'interp-{c}10'] - b, 0.1)
    print(f'  cost over bypass, 1000 / 10 siblings: native {r:.2f}x (target <= 2), interpreted {ri:.2f}x')
PY
