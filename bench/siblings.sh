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
# --against BIN: a second vifd (e.g. main's, built in an untouched worktree)
# run in the same loop, run for run after this tree's, and its table and
# ratios printed next to this one's ("before/after in one run").  --vifd
# BIN: the vifd measured (default: this tree's build/release/vifd).
# --native-only: no --native-filters off runs (the interpreter at 1000
# siblings takes ~5 s a run).
#
#   bench/siblings.sh [--reps N] [--packets N] [--hosts] [--cpu] [--native-only]
#                     [--vifd BIN] [--against BIN]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=5 PACKETS=1000000 KIND=port CPU=0 NATIVE_ONLY=0 VIFD=build/release/vifd AGAINST=
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=${1:-5} ;;
        --packets) shift; PACKETS=${1:-1000000} ;;
        --hosts) KIND=host ;;
        --cpu) CPU=1 ;;
        --native-only) NATIVE_ONLY=1 ;;
        --vifd) shift; VIFD=${1:?} ;;
        --against) shift; AGAINST=${1:?} ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
if [ "$VIFD" = build/release/vifd ]; then make -s -j2 build/release/vifd >/dev/null || exit 2; fi
for b in "$VIFD" $AGAINST; do [ -x "$b" ] || { echo "bench/siblings.sh: no vifd $b" >&2; exit 2; }; done
OUT=build/bench/siblings
mkdir -p "$OUT"
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
run() {   # label args...: one vifd --bench run of $BIN, its ns/packet into $res
    local label=$1 cap=$2; shift 2
    local line
    line=$("$BIN" --in "pcap:$cap" --bench "$PACKETS" --quiet "$@" 2>&1 | grep '^bench')
    if [ "$CPU" = 1 ]; then line=$(grep '^bench-cpu:' <<< "$line")
    else line=$(grep '^bench:' <<< "$line"); fi
    local ns
    ns=$(sed -n 's/.* \([0-9.]*\) ns\/packet.*/\1/p' <<< "$line")
    [ -n "$ns" ] || { echo "bench/siblings.sh: $label failed: $line" >&2; exit 1; }
    echo "$label $ns" >> "$res"
}
for ((r = 0; r < REPS; r++)); do
    for BIN in "$VIFD" $AGAINST; do
        tag=$([ "$BIN" = "$VIFD" ] && echo A || echo B)
        run "$tag:bypass" "$OUT/all10.pcap" --bypass
    done
    for S in $SIZES; do
        vifs=()
        while IFS= read -r l; do vifs+=(--vif "$l"); done < "$OUT/vifs$S.txt"
        for c in all ten; do
            for BIN in "$VIFD" $AGAINST; do   # (the two binaries back to back)
                tag=$([ "$BIN" = "$VIFD" ] && echo A || echo B)
                run "$tag:native-$c$S" "$OUT/$c$S.pcap" "${vifs[@]}" --framework-only
                [ "$NATIVE_ONLY" = 1 ] ||
                    run "$tag:interp-$c$S" "$OUT/$c$S.pcap" "${vifs[@]}" --framework-only \
                        --native-filters off
            done
        done
    done
done
python3 - "$res" "$KIND" "$([ "$CPU" = 1 ] && echo CPU || echo wall)" "$VIFD" "$AGAINST" $SIZES <<'PY'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    k, ns = line.split()
    d[k].append(float(ns))
m = {k: statistics.median(v) for k, v in d.items()}
kind, clock, bins, sizes = sys.argv[2], sys.argv[3], (sys.argv[4], sys.argv[5]), sys.argv[6:]
def cell(k, b):   # median over bypass, and the spread (max - min) of the runs
    if k not in m: return '-', '-'
    return f'{m[k] - b:.1f}', f'{max(d[k]) - min(d[k]):.1f}'
for tag, vifd in (('A', bins[0]), ('B', bins[1])):
    if not vifd: continue
    b = m[f'{tag}:bypass']
    print(f'{vifd}: siblings `dst {kind} ...`, framework-only, median of {len(d[tag + ":bypass"])} '
          f'runs ({clock} time), ns/packet over bypass (spread: max - min of the runs):')
    print(f'  bypass {b:.1f}')
    for c, what in (('all', 'packets to every child in turn'), ('ten', 'packets to 10 children')):
        print(f'  {what}:')
        print(f'  {"siblings":>8} {"native":>10} {"spread":>8} {"interpreted":>12} {"spread":>8}')
        for s in sizes:
            n, ns_ = cell(f'{tag}:native-{c}{s}', b)
            i, is_ = cell(f'{tag}:interp-{c}{s}', b)
            print(f'  {s:>8} {n:>10} {ns_:>8} {i:>12} {is_:>8}')
        r = (m[f'{tag}:native-{c}1000'] - b) / max(m[f'{tag}:native-{c}10'] - b, 0.1)
        line = f'  cost over bypass, 1000 / 10 siblings: native {r:.2f}x (target <= 2)'
        runs = sorted((x - b) / max(y - b, 0.1) for x, y in zip(d[f'{tag}:native-{c}1000'],
                                                                d[f'{tag}:native-{c}10']))
        line += f'; run by run {runs[0]:.2f}x-{runs[-1]:.2f}x'
        if f'{tag}:interp-{c}1000' in m:
            ri = (m[f'{tag}:interp-{c}1000'] - b) / max(m[f'{tag}:interp-{c}10'] - b, 0.1)
            line += f', interpreted {ri:.2f}x'
        print(line)
PY
