#!/usr/bin/env bash
# tests/datapath/fuse.sh - fused VIF paths (issue 14) against the unfused
# stage loop, on every existing offline datapath test:
#
#   tests/datapath/fuse.sh [VIFD]
#
# runs tests/datapath/{run,counters,examples,prepare}.sh with
# tests/datapath/fuse_shim.sh standing in for vifd: every offline run is
# made unfused and fused, and the output captures, statistics and logs
# must be identical (the shim fails the run otherwise), while the scripts'
# own checks run on the fused results.  Passes when every script passes,
# no run differed, and at least one run per script was compared.  Prints
# PASS:/FAIL: lines.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
VIFD=$(readlink -f "${1:-build/release/vifd}")
[ -x "$VIFD" ] || { echo "FAIL: datapath/fuse/setup: $VIFD missing (make)"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# the scripts find pktgen_pcap and vifctl beside vifd
mkdir -p "$T/bin"
ln -s "$HERE/fuse_shim.sh" "$T/bin/vifd"
for t in pktgen_pcap vifctl; do ln -s "$(dirname "$VIFD")/$t" "$T/bin/$t"; done
nfail=0
for s in run counters examples prepare; do
    log="$T/$s.log"
    : > "$log"
    FUSE_VIFD="$VIFD" FUSE_LOG="$log" bash "$HERE/$s.sh" "$T/bin/vifd" > "$T/$s.out" 2>&1
    rc=$?
    same=$(grep -c '^same ' "$log")
    diffs=$(grep -c '^DIFF ' "$log")
    direct=$(grep -c '^direct ' "$log")
    if [ "$rc" -ne 0 ] || [ "$diffs" -ne 0 ] || [ "$same" -eq 0 ]; then
        echo "FAIL: datapath/fuse/$s: script exit $rc, $same runs identical, $diffs differ, $direct not compared"
        grep '^DIFF ' "$log" | head -5 | sed 's/^/          /'
        grep '^FAIL' "$T/$s.out" | head -5 | sed 's/^/          /'
        nfail=$((nfail + 1))
    else
        echo "PASS: datapath/fuse/$s ($same runs fused = unfused, $direct not comparable: run fused only)"
    fi
done
exit $((nfail > 0))
