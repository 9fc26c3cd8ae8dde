#!/usr/bin/env bash
# tests/datapath/workers_all.sh - every offline datapath test script with
# vifd --workers 2 (issue 18):
#
#   tests/datapath/workers_all.sh [VIFD] [SCRIPT...]
#
# runs tests/datapath/{run,counters,examples,prepare,lambda,native_filters,
# inject,operator}.sh (or the SCRIPTs named) with tests/datapath/workers_shim.sh
# standing in for vifd: every run is made with 2 workers, and the runs that
# are a pure function of their input are also made with 1 worker and
# compared (exit status, each flow's output frames in order, per-VIF
# counters); every successful run's statistics must show the accounting
# invariant in total and per worker.  The scripts' own checks run on the
# 2-worker results.
#
# A test that legitimately cannot give the 1-worker result with 2 workers
# (a VIFlet's state is per worker, quotas and the link rate are divided,
# logs are per worker) is listed in tests/datapath/workers_known.txt with
# the reason: its failure prints a SKIP line with the reason (never PASS;
# tests/run_tests.sh lists every SKIP in its summary), and a listed test
# that passes fails this script (the list must stay true).  Any other
# failure fails.  Prints PASS:/FAIL:/SKIP: lines.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
VIFD=$(readlink -f "${1:-build/release/vifd}")
shift $(($# > 0 ? 1 : 0))
SCRIPTS=${*:-run counters examples prepare lambda native_filters inject operator}
KNOWN=$HERE/workers_known.txt
[ -x "$VIFD" ] || { echo "FAIL: datapath/workers-all/setup: $VIFD missing (make)"; exit 1; }
[ -r "$KNOWN" ] || { echo "FAIL: datapath/workers-all/setup: $KNOWN missing"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
# a copy, not a link: the scripts find vifvm beside vifd's resolved path
cp "$HERE/workers_shim.sh" "$T/bin/vifd"
for t in pktgen_pcap vifctl vifvm; do ln -s "$(dirname "$VIFD")/$t" "$T/bin/$t"; done
# known NAME: the reason NAME is listed, or nothing
known() { awk -F'\t' -v n="$1" '$1 == n { print $2; exit }' "$KNOWN"; }
nfail=0
for s in $SCRIPTS; do
    log="$T/$s.log"
    : > "$log"
    WORKERS_VIFD="$VIFD" WORKERS_LOG="$log" WORKERS_N=2 WORKERS_CHECK="$HERE/workercheck.py" \
        bash "$HERE/$s.sh" "$T/bin/vifd" > "$T/$s.out" 2>&1
    rc=$?
    npass=$(grep -c '^PASS: ' "$T/$s.out")
    same=$(grep -c '^compare ' "$log")
    only=$(grep -c '^only' "$log")
    bad=0 nknown=0
    while IFS= read -r line; do
        name=${line#FAIL: }; name=${name%%: *}
        why=$(known "$name")
        if [ -n "$why" ]; then
            echo "SKIP: datapath/workers-all/$s/${name#datapath/}: differs with 2 workers (workers_known.txt): $why"
            nknown=$((nknown + 1))
        else
            echo "FAIL: datapath/workers-all/$s: $name fails with 2 workers: ${line#FAIL: "$name": }" | cut -c1-400
            bad=$((bad + 1))
        fi
    done < <(grep '^FAIL: ' "$T/$s.out")
    # listed tests of this script that passed
    while IFS= read -r name; do
        echo "FAIL: datapath/workers-all/$s: $name is listed in workers_known.txt but passed with 2 workers"
        bad=$((bad + 1))
    done < <(awk -F'\t' '/^[^#]/ && NF >= 2 { print $1 }' "$KNOWN" |
             while IFS= read -r n; do
                 awk -v p="PASS: $n" '$0 == p || index($0, p " ") == 1 { f = 1 } END { exit !f }' \
                     "$T/$s.out" && echo "$n"
             done)
    grep -E '^(DIFF|BAD) ' "$log" | cut -c1-300 | sed 's/^/          /'
    ok=1
    [ "$bad" -eq 0 ] && [ "$npass" -gt 0 ] || ok=0
    # inject.sh's runs all use --dir: none is compared, every one runs with 2 workers
    [ "$same" -gt 0 ] || [ "$s" = inject ] || ok=0
    [ "$rc" -eq 0 ] || [ "$nknown" -gt 0 ] || ok=0
    if [ "$ok" = 0 ]; then
        echo "FAIL: datapath/workers-all/$s: exit $rc, $npass passed, $bad unexpected failures, $same runs compared with 1 worker"
        nfail=$((nfail + 1))
    else
        echo "PASS: datapath/workers-all/$s ($npass tests pass with 2 workers, $nknown known differences, $same runs = 1 worker per flow, $only runs with 2 workers only)"
    fi
done
exit $((nfail > 0))
