#!/usr/bin/env bash
# bench/chains_heldout.sh - issue 14's fused/unfused/hand-merged comparison on
# VIFlets written apart from the fusion work, in ordinary style (branches,
# locals, a counter on the drop path, if/else marking): bench/viflets/heldout/
#   leaf pcap/s1/s2  NoTelnet     drops dst ports 23 and 9, counts them
#        pcap/s1     DnsPriority  DSCP 46 for DNS (either port), else 0
#   root pcap        Tally        bytes, and packets split tcp / other
# and AllInOne, the three jobs in one class at the leaf (the hand-merged
# VIFlet).  Instructions per packet over bypass (callgrind: a run of 25000
# packets minus one of 5000, deterministic), the capture of
# bench/datapath.sh --chains (1000 packets, ports 80, 443, 53, 9), and how
# many stages fusion ran as programs (--stats JSON "handlers_inlined").
#
# Then f12's own held-out check, TrafficSorter (an if/else-if chain over
# the destination port and the protocol, seven counters, setDscp on two of
# its five ways) alone at pcap/s1, on a capture of ports 80, 443, 53, 5060,
# 5061, 22 and 9: instructions per packet over bypass as a program in
# machine code, as a program in the C evaluator (VIFD_FUSE_NATIVE=off), as
# its JIT-compiled call (VIFD_FUSE_PROG=off) and unfused; whether machine
# code was made for it (--jit-disasm lists "TrafficSorter.enqueue
# program"), and that the four give the same output capture.
#
#   bench/chains_heldout.sh [VIFD]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
VIFD=${1:-build/release/vifd}
command -v valgrind > /dev/null || { echo "bench/chains_heldout.sh: needs valgrind" >&2; exit 2; }
make -s -j2 > /dev/null || exit 2
OUT=build/bench/chains_heldout
mkdir -p "$OUT"
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" bench/viflets/heldout/*.java || exit 2
build/release/pktgen_pcap -o "$OUT/chain.pcap" -n 1000 --proto mix --dscp 0,10,26,46 \
    --ports 80,443,53,9 --seed 7 > /dev/null || exit 2
TREE=(--vif pcap/s1=ip --vif pcap/s1/s2=ip)
CHAIN=("${TREE[@]}" --load "pcap/s1/s2=$OUT/NoTelnet.class:u0"
       --load "pcap/s1=$OUT/DnsPriority.class:u1" --load "pcap=$OUT/Tally.class:u2")
MERGED=("${TREE[@]}" --load "pcap/s1/s2=$OUT/AllInOne.class:m0")
CAP=$OUT/chain.pcap
ENVV=()
# shellcheck source=bench/callgrind_per.sh
. bench/callgrind_per.sh
bypass=$(per --bypass)
fused=$(per "${CHAIN[@]}")
unfused=$(per --fuse off "${CHAIN[@]}")
merged=$(per "${MERGED[@]}")
"$VIFD" --in "pcap:$OUT/chain.pcap" --bench 2000 --quiet --stats "$OUT/stats.json" "${CHAIN[@]}" \
    > /dev/null 2>&1 || { echo "bench/chains_heldout.sh: stats run failed" >&2; exit 1; }
inl=$(grep -o '"handlers_inlined": *[0-9]*' "$OUT/stats.json" | sed 's/.*: *//' | sort -n | tail -1)
python3 - "$bypass" "$fused" "$unfused" "$merged" "${inl:-?}" <<'PY'
import sys
b, f, u, m = (int(x) for x in sys.argv[1:5])
f, u, m = f - b, u - b, m - b
print("held-out 3-stage chain, instructions per packet over bypass (%d):" % b)
print("  fused %d, unfused %d, hand-merged %d" % (f, u, m))
print("  unfused/fused %.2fx, fused/merged %.2fx; stages run as programs on the leaf's path: %s"
      % (u / f, f / m, sys.argv[5]))
PY

# ---- f12: TrafficSorter, its program (machine code, C) and its JIT call
CAP=$OUT/sorter.pcap
build/release/pktgen_pcap -o "$CAP" -n 1000 --proto mix --ports 80,443,53,5060,5061,22,9 \
    --seed 11 > /dev/null || exit 2
SORT=(--vif pcap/s1=ip --load "pcap/s1=$OUT/TrafficSorter.class:s0")
ENVV=(); sbypass=$(per --bypass)
snative=$(per "${SORT[@]}")
ENVV=(VIFD_FUSE_NATIVE=off); seval=$(per "${SORT[@]}")
ENVV=(VIFD_FUSE_PROG=off); scall=$(per "${SORT[@]}")
ENVV=(); sunf=$(per --fuse off "${SORT[@]}")
same=yes
for m in on nonative noprog off; do
    e=(); f=on
    case $m in nonative) e=(VIFD_FUSE_NATIVE=off) ;; noprog) e=(VIFD_FUSE_PROG=off) ;; off) f=off ;; esac
    env "${e[@]}" "$VIFD" --in "pcap:$CAP" --out "pcap:$OUT/sorter-$m.pcap" --quiet --fuse "$f" \
        --jit-disasm "${SORT[@]}" > /dev/null 2> "$OUT/sorter-$m.disasm" ||
        { echo "bench/chains_heldout.sh: sorter run failed ($m)" >&2; exit 1; }
    cmp -s "$OUT/sorter-on.pcap" "$OUT/sorter-$m.pcap" || same=NO
done
mc=$(grep -c 'TrafficSorter.enqueue program @' "$OUT/sorter-on.disasm")
mb=$(sed -n 's/.*TrafficSorter.enqueue program @ [^,]*, \([0-9]*\) bytes.*/\1/p' "$OUT/sorter-on.disasm" | head -1)
python3 - "$sbypass" "$snative" "$seval" "$scall" "$sunf" "$mc" "${mb:-0}" "$same" <<'PY'
import sys
b, n, e, c, u = (int(x) for x in sys.argv[1:6])
n, e, c, u = n - b, e - b, c - b, u - b
print("TrafficSorter alone (f12's held-out check), instructions per packet over bypass (%d):" % b)
print("  program in machine code %d, in the C evaluator %d, JIT-compiled call %d, unfused %d"
      % (n, e, c, u))
print("  call/machine code %.2fx, C evaluator/machine code %.2fx; machine code made: %s (%s bytes);"
      " same output in the four ways: %s" % (c / n, e / n, sys.argv[6], sys.argv[7], sys.argv[8]))
PY
