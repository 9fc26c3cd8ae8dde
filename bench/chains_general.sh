#!/usr/bin/env bash
# bench/chains_general.sh - fused paths whose stages after the FIFO run are
# general VIFlet stages (branch fx21: the plan's code calls each stage's
# dp_step_* function directly instead of returning to the C loop).
# Instructions per packet over bypass (callgrind: a run of 25000 packets
# minus one of 5000, deterministic) for each chain, fused (the stages in
# the code), fused with VIFD_FUSE_PATHCODE_STAGES=off (the run's code, then
# the C loop), with VIFD_FUSE_PATHCODE=off (C everywhere) and unfused:
#   priq-root  5 stages, each its own owner: ChainCount, ChainMark,
#              ChainFilter, Relay (a run of 4), PriQ_VIFlet at the root
#   tally-mid  6 stages: ChainCount, ChainMark (a run of 2), PortTally (a
#              HashMap per port: its enqueue called, kept Packet), Relay,
#              ChainFilter, Relay at the root
#   shaper-root 3 stages: ChainMark, PortTally, Shaper at the root
#   merged8    one VIFlet (ChainCount) at the leaf of an 8-deep tree: 7
#              stages without a VIFlet above it
#
#   bench/chains_general.sh [VIFD]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
VIFD=${1:-build/release/vifd}
command -v valgrind > /dev/null || { echo "bench/chains_general.sh: needs valgrind" >&2; exit 2; }
OUT=build/bench/chains_general
mkdir -p "$OUT"
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" bench/viflets/Chain{Count,Mark,Filter}.java \
    bench/viflets/general/PortTally.java tests/datapath/viflets/{Relay,PriQ_VIFlet,Shaper}.java || exit 2
CAP=$OUT/chain.pcap
build/release/pktgen_pcap -o "$CAP" -n 1000 --proto mix --dscp 0,10,26,46 \
    --ports 80,443,53,9 --seed 7 > /dev/null || exit 2
ENVV=()
# shellcheck source=bench/callgrind_per.sh
. bench/callgrind_per.sh
# tree PATH-DEPTH: --vif args for pcap/s1/.../s{D-1}
tree() { local p=pcap i; for ((i = 1; i < $1; i++)); do p=$p/s$i; echo "--vif"; echo "$p=ip"; done; }
# chain CLASS...: the VIFlets leaf first, each its own owner, on a tree as deep
chain() {
    local n=$# i p
    mapfile -t args < <(tree "$n")
    local -a up=(pcap); p=pcap
    for ((i = 1; i < n; i++)); do p=$p/s$i; up+=("$p"); done
    i=0
    for c in "$@"; do args+=(--load "${up[$((n - 1 - i))]}=$OUT/$c.class:u$i"); i=$((i + 1)); done
}
ENVV=(); bypass=$(per --bypass)
printf '%-12s %8s %12s %12s %9s   (instructions/packet over bypass %d)\n' chain fused stages-off pathcode-off unfused "$bypass"
row() {
    local name=$1 f s c u
    ENVV=(); f=$(per "${args[@]}")
    ENVV=(VIFD_FUSE_PATHCODE_STAGES=off); s=$(per "${args[@]}")
    ENVV=(VIFD_FUSE_PATHCODE=off); c=$(per "${args[@]}")
    ENVV=(); u=$(per --fuse off "${args[@]}")
    printf '%-12s %8d %12d %12d %9d\n' "$name" $((f - bypass)) $((s - bypass)) $((c - bypass)) $((u - bypass))
}
chain ChainCount ChainMark ChainFilter Relay PriQ_VIFlet; row priq-root
chain ChainCount ChainMark PortTally Relay ChainFilter Relay; row tally-mid
chain ChainMark PortTally Shaper; row shaper-root
mapfile -t args < <(tree 8); args+=(--load "pcap/s1/s2/s3/s4/s5/s6/s7=$OUT/ChainCount.class:m0"); row merged8
