#!/usr/bin/env bash
# bench/datapath.sh - per-packet cost through the VIF tree (issue 4,
# "Benchmarks"; the paper's figure 6): vifd --bench replays a generated
# capture from memory (no I/O, 1 ns apart) through
#   bypass      no VIF tree at all
#   framework   the tree (pcap, pcap/tcp, pcap/udp) without VIFlets
#   relay       the same tree, the paper's "simple" VIFlet (Relay) at the root:
#               the library's default FIFO, whose dequeue() the datapath runs
#               in C when it is not overridden (one Java call per packet)
#   qrelay      the same with a relay written by the user (QueueRelay:
#               enqueue and dequeue overridden, a vif.Queue; two Java calls
#               per packet and a third, empty dequeue)
#   priq        the same tree, the paper's PriQ_VIFlet at the root
# on the JIT and on the interpreter (--int), REPS times each, interleaved;
# prints the median ns/packet and packets/s, and the cost the VIFlet adds
# over framework-only (targets: relay <= 50 ns, PriQ <= 100 ns, with the JIT).
#
# --cpu: CPU time per packet instead of wall time (on a shared machine,
# without the time vifd waited for a CPU; cache contention still counts).
# The medians (and each configuration's fastest and slowest run) are also
# written to build/bench/datapath.tsv and drawn by bench/plot.sh into
# build/bench/datapath.svg (BENCH_PLOT=0: no plot).
#
#
# --chains: instead, chains of 1, 2, 4 and 8 stages (issue 14, fusion):
# a path pcap/s1/.../s{N-1} (filters "ip"), one VIFlet per stage, each in
# its own owner's VM, leaf first: ChainCount (count packets and bytes),
# ChainMark (DSCP by protocol), ChainFilter (drop port 9), Relay, again
# from the start; run fused (--fuse on), unfused (--fuse off), and as one
# hand-merged VIFlet doing the same jobs at the leaf of the same tree
# (ChainMergedN, generated); prints ns/packet over bypass for each, the
# fused speed-up over unfused, fused over hand-merged (targets: >= 1.85x
# at 4 and 8 stages; <= 1.25x), and the time to build the fused plans.
# --chains --callgrind: the same table in instructions per packet
# (valgrind --tool=callgrind, one run of 25000 minus one of 5000 packets,
# so start-up cancels; deterministic, unlike times on a shared host).
#
#   bench/datapath.sh [--reps N] [--packets N] [--jit OPTS] [--cpu] [--chains [--callgrind]]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=5 PACKETS=1000000 JITOPTS="" CPU=0 CHAINS=0 CALLGRIND=0
while [ $# -gt 0 ]; do
    case $1 in
        --reps) shift; REPS=${1:-5} ;;
        --packets) shift; PACKETS=${1:-1000000} ;;
        --jit) shift; JITOPTS=${1:-} ;;
        --cpu) CPU=1 ;;
        --chains) CHAINS=1 ;;
        --callgrind) CALLGRIND=1 ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
make -s -j2 >/dev/null || exit 2
OUT=build/bench/datapath
mkdir -p "$OUT"
VIFD=${VIFD:-build/release/vifd}   # VIFD=path: another build (e.g. the start commit's)
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" \
    tests/datapath/viflets/Relay.java tests/datapath/viflets/PriQ_VIFlet.java \
    bench/viflets/QueueRelay.java || exit 2
build/release/pktgen_pcap -o "$OUT/in.pcap" -n 1000 --proto mix --dscp 0,10,26,46 --seed 7 \
    > /dev/null || exit 2
[ "$CHAINS" = 1 ] && { . bench/datapath_chains.sh; exit $?; }
TREE=(--vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp')
jit=(); [ -n "$JITOPTS" ] && jit=(--jit "$JITOPTS")
res=$(mktemp)
for ((r = 0; r < REPS; r++)); do
    for cfg in bypass framework relay qrelay priq; do
        for eng in jit int; do
            e=(); [ "$eng" = int ] && e=(--int)
            [ "$eng" = jit ] && e=("${jit[@]}")
            case $cfg in
                bypass) [ "$eng" = int ] && continue; a=(--bypass) ;;
                framework) [ "$eng" = int ] && continue; a=("${TREE[@]}" --framework-only) ;;
                relay) a=("${TREE[@]}" --load "pcap=$OUT/Relay.class") ;;
                qrelay) a=("${TREE[@]}" --load "pcap=$OUT/QueueRelay.class") ;;
                priq) a=("${TREE[@]}" --load "pcap=$OUT/PriQ_VIFlet.class") ;;
            esac
            line=$("$VIFD" --in "pcap:$OUT/in.pcap" --bench "$PACKETS" --quiet "${e[@]}" "${a[@]}" \
                   2>/dev/null | grep '^bench')
            if [ "$CPU" = 1 ]; then line=$(grep '^bench-cpu:' <<< "$line")
            else line=$(grep '^bench:' <<< "$line"); fi
            ns=$(sed -n 's/.* \([0-9.]*\) ns\/packet.*/\1/p' <<< "$line")
            [ -n "$ns" ] || { echo "bench/datapath.sh: $cfg/$eng failed: $line" >&2; exit 1; }
            echo "$cfg $eng $ns" >> "$res"
        done
    done
done
python3 - "$res" "$PACKETS" "$([ "$CPU" = 1 ] && echo CPU || echo wall)" "build/bench/datapath.tsv" <<'PY'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    c, e, ns = line.split()
    d[(c, e)].append(float(ns))
med = {k: statistics.median(v) for k, v in d.items()}
fw = med[("framework", "jit")]
print("%-10s %-4s %10s %10s %12s   (median of %d runs, %s packets each, %s time)" %
      ("config", "eng", "ns/pkt", "Mpps", "over fw ns", len(d[("framework", "jit")]), sys.argv[2],
       sys.argv[3]))
for c in ("bypass", "framework", "relay", "qrelay", "priq"):
    for e in ("jit", "int"):
        if (c, e) not in med: continue
        ns = med[(c, e)]
        over = "" if c in ("bypass", "framework") else "%+.1f" % (ns - fw)
        print("%-10s %-4s %10.1f %10.2f %12s" % (c, e, ns, 1000.0 / ns, over))
print("targets (JIT): relay <= +50 ns, priq <= +100 ns over framework-only")
with open(sys.argv[4], "w") as f:
    f.write("config\tengine\tns_per_packet\tns_min\tns_max\tmpps\tover_framework_ns\truns\tpackets\ttime\n")
    for c in ("bypass", "framework", "relay", "qrelay", "priq"):
        for e in ("jit", "int"):
            if (c, e) not in med: continue
            ns = med[(c, e)]
            f.write("%s\t%s\t%.1f\t%.1f\t%.1f\t%.3f\t%s\t%d\t%s\t%s\n" % (
                c, e, ns, min(d[(c, e)]), max(d[(c, e)]), 1000.0 / ns,
                "-" if c in ("bypass", "framework") else "%.1f" % (ns - fw),
                len(d[(c, e)]), sys.argv[2], sys.argv[3]))
PY
rm -f "$res"
echo "(data in build/bench/datapath.tsv)"
[ "${BENCH_PLOT:-1}" = 1 ] && { bench/plot.sh datapath || exit 1; }
[ "${BENCH_SIBLINGS:-0}" = 1 ] && { bench/siblings.sh --reps "$REPS" $([ "$CPU" = 1 ] && echo --cpu) || exit 1; }   # many sibling VIFs (issue 14)
exit 0
