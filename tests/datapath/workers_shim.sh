#!/usr/bin/env bash
# tests/datapath/workers_shim.sh - stands in for vifd in the datapath test
# scripts when tests/datapath/workers_all.sh runs them: each run is made
# with --workers $WORKERS_N (default 2) by the real vifd ($WORKERS_VIFD),
# exactly as the test asked otherwise, and the test checks those results.
# When the run is a pure function of its input it is first made with one
# worker, its output capture and statistics redirected to side files, and
# the two must agree:
#   - the exit status;
#   - the output capture per flow (workercheck.py perflow: each flow's
#     frames, byte for byte, in the same order; flows may interleave
#     differently, as the merge orders by departure time);
#   - the JSON statistics' per-VIF counters (in, out, drops, held, aborts)
#     and the link's output count.
# Every run that exits 0 also has its statistics checked by workercheck.py
# workers: N per-worker sections, in = out + drops + held at every VIF of
# every worker and in total, the totals the sums of the workers' counters
# (a --stats file is added when the test gave none).
# A failed check is written to $WORKERS_LOG as "DIFF ..." or "BAD ..."
# and the run exits 97, failing the test.  Runs with --dir, --speed,
# --bench or a --cpu limit (timing-dependent), a fifo or missing input or
# an unwritable output, or the input as output, are made with N workers
# only ("only" in the log; "only-exec": a fifo input or --budget 0 --cpu 0,
# which a test stops with a signal, is vifd itself, unchecked);
# runs that already give --workers, and --help/--version, go straight to
# vifd ("direct").
set -u
REAL=${WORKERS_VIFD:?WORKERS_VIFD: the real vifd}
LOG=${WORKERS_LOG:-/dev/null}
N=${WORKERS_N:-2}
CHECK="python3 ${WORKERS_CHECK:?WORKERS_CHECK: tests/datapath/workercheck.py}"
. "$(dirname "$WORKERS_CHECK")/shim_side.sh"
args=("$@")
mode=compare has_in=0 config=0 in="" out_arg="" spin=0
for ((i = 0; i < ${#args[@]}; i++)); do
    case ${args[$i]} in
        --budget|--cpu) [ "${args[$((i + 1))]:-}" = 0 ] && spin=$((spin + 1)) ;;
    esac
    case ${args[$i]} in
        --workers|--help|-h|--version) mode=direct ;;
        --dir|--speed|--bench|--cpu|--bridge)
            [ "$mode" = direct ] || mode=only ;;
        --config) config=1 ;;
        --in) has_in=1
              f=${args[$((i + 1))]:-}; in=${f#pcap:}
              [ -f "${f#pcap:}" ] || { [ "$mode" = direct ] || mode=only; } ;;
        --out) f=${args[$((i + 1))]:-}; f=${f#pcap:}; out_arg=$f
               [ -d "$(dirname "$f")" ] || { [ "$mode" = direct ] || mode=only; } ;;
    esac
done
# the output is the input (a refusal test): the 1-worker run's side file
# would not be, so 2 workers only
[ -n "$in" ] && [ -n "$out_arg" ] && [ "$in" -ef "$out_arg" ] && [ "$mode" = compare ] && mode=only
# a --config file may name the input and the statistics: 2 workers only
[ "$has_in" = 1 ] && [ "$config" = 0 ] || [ "$mode" = direct ] || mode=only
if [ "$mode" = direct ]; then
    echo "direct $*" >> "$LOG"
    exec "$REAL" "$@"
fi
# a fifo as input, or --budget 0 with --cpu 0 (only a signal stops it):
# a signal test, which signals this process (and a shell ignores SIGINT
# in a background job): vifd itself, with N workers, no check afterwards
if [ -p "$in" ] || [ "$spin" = 2 ]; then
    echo "only-exec $*" >> "$LOG"
    exec "$REAL" "$@" --workers "$N"
fi
side=$(mktemp -d /tmp/workers_shim.XXXXXX)
trap 'rm -rf "$side"' EXIT
# the one-worker run's arguments: its files in $side
shim_side "$side" "$@"
if [ "$mode" = compare ]; then
    "$REAL" "${u[@]}" > "$side/stdout" 2> "$side/stderr" < /dev/null
    urc=$?
fi
extra=()
if [ -z "$stats" ] && [ "$config" = 0 ]; then
    stats=$side/wstats.json
    extra=(--stats "$stats")
fi
# a test may stop vifd with a signal (--dir runs): pass it on, then check
"$REAL" "$@" "${extra[@]}" --workers "$N" <&0 &
child=$!
trap 'kill -TERM "$child" 2> /dev/null' TERM
trap 'kill -INT "$child" 2> /dev/null' INT
while :; do
    wait "$child"
    wrc=$?
    kill -0 "$child" 2> /dev/null || break
done
why=""
if [ "$wrc" = 0 ] && [ -e "$stats" ]; then
    r=$($CHECK workers "$stats" "$N") || why="BAD ${r#FAIL: }"
fi
if [ -z "$why" ] && [ "$mode" = compare ]; then
    [ "$urc" = "$wrc" ] && why="" || why="DIFF exit status with 1 worker $urc, with $N $wrc"
    if [ -z "$why" ] && [ -n "$out" ] && [ "$out" != /dev/null ] && [ -s "$out" ] &&
       [ -s "$side/out.pcap" ]; then
        r=$($CHECK perflow "$side/out.pcap" "$out") || why="DIFF output ${r#FAIL: }"
    fi
    if [ -z "$why" ] && [ -s "$side/stats.json" ] && [ -s "$stats" ]; then
        why=$(python3 - "$side/stats.json" "$stats" <<'PY'
import json, sys
KEYS = ('in', 'out', 'dropped_handler', 'dropped_quota', 'dropped_policy', 'held', 'aborts')
try:
    a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
except Exception as e:
    print("DIFF statistics unreadable: %s" % e); sys.exit(0)
if a.get('input') != b.get('input'):
    print("DIFF input %s with 1 worker, %s with several" % (a.get('input'), b.get('input')))
elif a.get('link', {}).get('out') != b.get('link', {}).get('out'):
    print("DIFF link out %s with 1 worker, %s with several" % (a['link'].get('out'), b['link'].get('out')))
else:
    for x, y in zip(a.get('vifs', []), b.get('vifs', [])):
        d = [k for k in KEYS if x.get(k) != y.get(k)]
        if d:
            print("DIFF statistics of %s: %s" % (x.get('path'), ', '.join(
                '%s %s with 1 worker, %s with several' % (k, x.get(k), y.get(k)) for k in d)))
            break
PY
)
    fi
fi
if [ -n "$why" ]; then
    echo "$why: vifd $*" >> "$LOG"
    echo "workers_shim: $why" >&2
    exit 97
fi
echo "$mode $*" >> "$LOG"
exit "$wrc"
