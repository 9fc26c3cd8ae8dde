#!/usr/bin/env bash
# bench/refuse_siblings.sh - the cost of a re-fusion with many sibling
# leaves (branch fx20): a root `pcap` (ChainCount), `pcap/a` (Relay) and S
# leaves `pcap/a/cJ` = `dst port 10000+J` (ChainCount each), over a capture
# whose packets go to every leaf in turn.  Every leaf's plan has a run (leaf
# and pcap/a), so S plans get path code.  Prints, for each S and each of
# path code on and VIFD_FUSE_PATHCODE=off, the median over REPS runs of the
# last re-fusion's time (--stats JSON fusion build_ns_last), the path code's
# part (path_code_ns_last, absent before fx20), the plans with code, their
# bytes, and the mappings and bytes mapped (path_code_maps/mapped; before
# fx20 one 4 KB page a plan).
#
#   bench/refuse_siblings.sh [VIFD] [--reps N] [--sizes "300 1000"]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
VIFD=build/release/vifd REPS=5 SIZES="300 1000"
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=$1 ;;
        --sizes) shift; SIZES=$1 ;;
        -*) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
        *) VIFD=$1 ;;
    esac
    shift
done
OUT=build/bench/refuse
mkdir -p "$OUT"
make -s -j2 build/vif-api.jar >/dev/null || exit 2
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" bench/viflets/ChainCount.java \
    tests/datapath/viflets/Relay.java || exit 2
python3 - "$OUT" $SIZES <<'PY' || exit 2
import struct, sys
out, sizes = sys.argv[1], [int(s) for s in sys.argv[2:]]
def csum(h):
    s = sum(struct.unpack('!10H', h))
    while s >> 16: s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff
for S in sizes:
    with open(f'{out}/sib{S}.pcap', 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i in range(4 * S):
            j = i % S
            payload = bytes(18)
            udp = struct.pack('!HHHH', 5000, 10000 + j, 8 + len(payload), 0) + payload
            ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(udp), i & 0xffff, 0, 64, 17, 0,
                             bytes([10, 0, 0, 1]), bytes([10, 1, 0, 1]))
            ip = ip[:10] + struct.pack('!H', csum(ip)) + ip[12:]
            eth = bytes([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1]) + b'\x08\x00'
            frame = eth + ip + udp
            f.write(struct.pack('<IIII', 1, i, len(frame), len(frame)) + frame)
PY
printf '%-6s %-8s %10s %10s %6s %8s %5s %9s\n' S pathcode refuse_us code_us plans bytes maps mapped
for S in $SIZES; do
    args=(--vif "pcap/a=ip" --load "pcap=$OUT/ChainCount.class:root" --load "pcap/a=$OUT/Relay.class:relay")
    for ((j = 0; j < S; j++)); do
        args+=(--vif "pcap/a/c$j=dst port $((10000 + j))" --load "pcap/a/c$j=$OUT/ChainCount.class:o$j")
    done
    for pc in on off; do
        for ((r = 0; r < REPS; r++)); do
            if [ $pc = off ]; then export VIFD_FUSE_PATHCODE=off; else unset VIFD_FUSE_PATHCODE; fi
            "$VIFD" --in "pcap:$OUT/sib$S.pcap" --out "pcap:$OUT/o.pcap" --stats "$OUT/s.json" "${args[@]}" \
                >/dev/null 2>&1 || { echo "vifd failed (S=$S $pc)"; exit 1; }
            python3 -c '
import json,sys
f=json.load(open(sys.argv[1]))["fusion"]
print(f["build_ns_last"], f.get("path_code_ns_last", -1), f["path_code_plans"], f["path_code_bytes"], f.get("path_code_maps", f["path_code_plans"]), f.get("path_code_mapped", 4096*f["path_code_plans"]))' "$OUT/s.json"
        done | sort -n | awk -v S=$S -v pc=$pc -v R=$REPS 'NR == int((R + 1) / 2) { printf "%-6s %-8s %10.1f %10.1f %6d %8d %5d %9d\n", S, pc, $1/1e3, $2/1e3, $3, $4, $5, $6 }'
        unset VIFD_FUSE_PATHCODE
    done
done
