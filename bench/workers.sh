#!/usr/bin/env bash
# bench/workers.sh - vifd --bench with 1 and 2 workers (issue 18): the
# capture of bench/datapath.sh (1000 packets, random source ports: the flows
# spread over the workers) replayed from memory, PACKETS packets 1 ns apart,
# through the tree pcap, pcap/tcp, pcap/udp with
#   framework   no VIFlet (--framework-only)
#   relay       Relay at the root (one Java call per packet)
#   priq        the paper's PriQ_VIFlet at the root
# REPS times each, interleaved; prints the median packets/s (wall time, from
# the start of the worker threads to the last join) and CPU ns/packet (the
# whole process), and the speed-up of 2 workers over 1 (the issue's target:
# >= 1.8x on a 2-core machine; a loaded shared machine will not show it);
# and, for 2 workers, the packets/s at the slowest worker's thread CPU time
# (bench-workers: the rate with a free core per worker, which a machine
# whose second core is busy still measures) and its ratio to 1 worker's
# CPU-time rate.
#
#   bench/workers.sh [--reps N] [--packets N]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=5 PACKETS=2000000
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=${1:-5} ;;
        --packets) shift; PACKETS=${1:-2000000} ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
make -s -j2 >/dev/null || exit 2
OUT=build/bench/workers
mkdir -p "$OUT"
VIFD=build/release/vifd
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" \
    tests/datapath/viflets/Relay.java tests/datapath/viflets/PriQ_VIFlet.java || exit 2
build/release/pktgen_pcap -o "$OUT/in.pcap" -n 1000 --proto mix --dscp 0,10,26,46 --seed 7 \
    > /dev/null || exit 2
TREE=(--vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp')
res=$(mktemp)
for ((r = 0; r < REPS; r++)); do
    for cfg in framework relay priq; do
        for w in 1 2; do
            case $cfg in
                framework) a=("${TREE[@]}" --framework-only) ;;
                relay) a=("${TREE[@]}" --load "pcap=$OUT/Relay.class") ;;
                priq) a=("${TREE[@]}" --load "pcap=$OUT/PriQ_VIFlet.class") ;;
            esac
            out=$("$VIFD" --in "pcap:$OUT/in.pcap" --bench "$PACKETS" --workers "$w" --quiet \
                  "${a[@]}" 2>/dev/null)
            mpps=$(sed -n 's/^bench: .* \([0-9.]*\) Mpps.*/\1/p' <<< "$out")
            cpu=$(sed -n 's/^bench-cpu: \([0-9.]*\) ns.*/\1/p' <<< "$out")
            # 2 workers: the rate at the slowest worker's CPU time; 1: 1000 / cpu ns
            if [ "$w" = 1 ]; then bound=$(python3 -c "print(1000 / $cpu)")
            else bound=$(sed -n 's/^bench-workers: .*; \([0-9.]*\) Mpps at the slowest.*/\1/p' <<< "$out"); fi
            [ -n "$mpps" ] && [ -n "$cpu" ] && [ -n "$bound" ] ||
                { echo "bench/workers.sh: $cfg/$w failed: $out" >&2; rm -f "$res"; exit 1; }
            echo "$cfg $w $mpps $cpu $bound" >> "$res"
        done
    done
done
python3 - "$res" "$PACKETS" "$REPS" <<'PY'
import collections, statistics, sys
mpps, cpu, bound = (collections.defaultdict(list) for _ in range(3))
for line in open(sys.argv[1]):
    c, w, m, n, b = line.split()
    mpps[(c, int(w))].append(float(m))
    cpu[(c, int(w))].append(float(n))
    bound[(c, int(w))].append(float(b))
med = lambda d, k: statistics.median(d[k])
print("%-10s %8s %8s %8s %10s %10s %9s %9s %8s  (median of %s runs, %s packets each)" %
      ("config", "1w Mpps", "2w Mpps", "speedup", "1w cpu ns", "2w cpu ns", "1w cpuMpps",
       "2w cpuMpps", "ratio", sys.argv[3], sys.argv[2]))
for c in ("framework", "relay", "priq"):
    m1, m2 = med(mpps, (c, 1)), med(mpps, (c, 2))
    n1, n2 = med(cpu, (c, 1)), med(cpu, (c, 2))
    b1, b2 = med(bound, (c, 1)), med(bound, (c, 2))
    print("%-10s %8.2f %8.2f %7.2fx %10.1f %10.1f %10.2f %10.2f %7.2fx" %
          (c, m1, m2, m2 / m1, n1, n2, b1, b2, b2 / b1))
PY
rm -f "$res"
