#!/usr/bin/env bash
# tests/datapath/fuse_shim.sh - stands in for vifd in the datapath test
# scripts when tests/datapath/fuse.sh runs them: each offline run is made
# twice by the real vifd ($FUSE_VIFD), first unfused (--fuse off) with its
# output capture, statistics and logs redirected to side files, then fused
# (the default) exactly as the test asked, whose results the test checks.
# The two must agree: the exit status, the output capture byte for byte,
# the JSON statistics (every count; handler times, wall-clock measures,
# and the fusion figures themselves left out) and the logs (vifd's
# wall-clock timestamps left out).  A difference is written to $FUSE_LOG
# and the run exits 97, failing the test.  Runs that are not a pure
# function of their input (--dir, --bridge, --speed, --bench, a --cpu
# limit, a fifo as input) or that must fail on their output path are
# passed straight to vifd, fused ("direct" in $FUSE_LOG).
set -u
REAL=${FUSE_VIFD:?FUSE_VIFD: the real vifd}
LOG=${FUSE_LOG:-/dev/null}
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/shim_side.sh"
args=("$@")
diff_ok=1 has_in=0
for ((i = 0; i < ${#args[@]}; i++)); do
    case ${args[$i]} in
        --dir|--bridge|--speed|--bench|--cpu|--help|-h|--config) diff_ok=0 ;;
        --in) has_in=1
              # a fifo (a signal test) or a missing file: one run only
              f=${args[$((i + 1))]:-}; [ -f "${f#pcap:}" ] || diff_ok=0 ;;
        --out) f=${args[$((i + 1))]:-}; f=${f#pcap:}
               [ -d "$(dirname "$f")" ] || diff_ok=0 ;;
    esac
done
if [ "$diff_ok" = 0 ] || [ "$has_in" = 0 ]; then
    echo "direct $*" >> "$LOG"
    exec "$REAL" "$@"
fi
side=$(mktemp -d /tmp/fuse_shim.XXXXXX)
trap 'rm -rf "$side"' EXIT
# the unfused run's arguments: its files in $side
shim_side "$side" "$@"
VIFD_FUSE=off "$REAL" "${u[@]}" --fuse off > "$side/stdout" 2> "$side/stderr" < /dev/null
urc=$?
"$REAL" "$@"
frc=$?
why=""
[ "$urc" = "$frc" ] || why="exit status unfused $urc, fused $frc"
if [ -z "$why" ] && [ -n "$out" ] && [ "$out" != /dev/null ] && [ -e "$out" ]; then
    cmp -s "$out" "$side/out.pcap" || why="output capture $out differs"
fi
if [ -z "$why" ] && [ -n "$stats" ] && [ -e "$stats" ]; then
    why=$(python3 - "$stats" "$side/stats.json" <<'PY'
import json, sys
def clean(x):
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()
                if k != "fusion" and not k.startswith("handler")}
    if isinstance(x, list):
        return [clean(v) for v in x]
    return x
try:
    a = clean(json.load(open(sys.argv[1])))
    b = clean(json.load(open(sys.argv[2])))
except Exception as e:
    print("statistics unreadable: %s" % e); sys.exit(0)
if a != b:
    for i, (x, y) in enumerate(zip(a.get("vifs", []), b.get("vifs", []))):
        if x != y:
            print("statistics differ at %s: fused %s unfused %s" % (x.get("path"),
                  {k: v for k, v in x.items() if y.get(k) != v},
                  {k: v for k, v in y.items() if x.get(k) != v})); break
    else:
        print("statistics differ (link/totals)")
PY
)
fi
if [ -z "$why" ] && [ -n "$logdir" ] && [ -d "$logdir" ]; then
    for f in "$side"/logs/*; do
        [ -e "$f" ] || continue
        g="$logdir/${f##*/}"
        if ! diff -q <(sed -E 's/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z //' "$f") \
                     <(sed -E 's/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z //' "$g") > /dev/null 2>&1; then
            why="log ${f##*/} differs"; break
        fi
    done
fi
if [ -n "$why" ]; then
    echo "DIFF $why: vifd $*" >> "$LOG"
    echo "fuse_shim: fused and unfused runs differ: $why" >&2
    exit 97
fi
echo "same $*" >> "$LOG"
exit "$frc"
