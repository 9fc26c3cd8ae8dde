#!/usr/bin/env bash
# bench/heldout.sh - issue 15's generalization check: programs of the
# conformance corpus (tests/conformance/, so CI runs them on every engine
# against OpenJDK) written in ordinary style after the optimization work
# of sessions 10-12 and kept out of it (a SYN-flood guard over
# HashMap<Integer, ..>, weighted fair queueing over a PriorityQueue with
# double finish times, an ACL of interface-typed rule objects), run as
# bench/tier2.sh runs its six: whole processes, every engine, outputs
# compared with java's, ratios to java.
#
#   bench/heldout.sh [tier2.sh's options: --reps N, --engines ".." ...]
# Writes build/bench/heldout.txt.
C=$(cd "$(dirname "$0")/.." && pwd)/tests/conformance
exec env TIER2_SET=heldout \
    TIER2_SRC="$C/SynGuard.java $C/WfqScheduler.java $C/AclMatch.java" \
    TIER2_BENCHES="SynGuard:600000 WfqScheduler:1000000 AclMatch:1500000" \
    "$(dirname "$0")/tier2.sh" "$@"
