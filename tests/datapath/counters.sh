#!/usr/bin/env bash
# tests/datapath/counters.sh - the counters operators read (issue 17 §5),
# with exact expectations on generated captures (countercheck.py):
#   - queueing delay: a burst of 100 1000-byte packets on an 8 Mbit/s link
#     waits 0, 1, 2, ... 99 ms: median, p99 and max exact (the log-scale
#     histogram's values), at the root VIFlet (Relay) or, without one, in
#     the link queue; pass-through VIFs count delay 0
#   - bytes in and out per VIF, from the capture's wire lengths
#   - the backlog at the end (packets and bytes) of a VIFlet that holds all
#   - handler time: every call timed (fewer than 1024), p50 <= p99 <= max
#   - the end-of-run table's counter columns
#   - with --dir and vifctl: the `stats` files carry the same counters as
#     the JSON; vifctl add/load/log/top/stats; a replacement counts as a
#     detach; a removed VIF's stats say `removed`; vifd's log lines start
#     with a timestamp
#   - --timeline: the per-interval lines add up to the totals; vifplot.py
#     draws them
#
#   tests/datapath/counters.sh [VIFD]      (vifctl and pktgen_pcap beside it)
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

VIFD=${1:-build/release/vifd}
BIN=$(dirname "$VIFD")
PKTGEN=$BIN/pktgen_pcap VIFCTL=$BIN/vifctl API=build/vif-api.jar
for f in "$VIFD" "$PKTGEN" "$VIFCTL" "$API"; do
    [ -e "$f" ] || { echo "FAIL: datapath/counters/setup: $f missing (make)"; exit 1; }
done
CHECK="python3 $HERE/countercheck.py"
T=$(mktemp -d)
VPID=
cleanup() { [ -n "$VPID" ] && kill "$VPID" 2> /dev/null; rm -rf "$T"; }
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap - EXIT

nfail=0
pass() { echo "PASS: datapath/counters/$1"; }
fail() { echo "FAIL: datapath/counters/$1: $2"; nfail=$((nfail + 1)); }
check() {
    local name=$1; shift
    local msg
    if msg=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(echo "$msg" | head -n 3 | tr '\n' ' ')"; fi
}

if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE"/viflets/{Relay,Hoarder,PriQ_VIFlet,Tagger}.java \
        > "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile: $(head -c 200 "$T/javac.log")"
    exit 1
fi
C=$T/cls
# 100 UDP packets of 1000 bytes, all in the same microsecond
"$PKTGEN" -o "$T/burst.pcap" -n 100 --pps 1000000000 --sizes 1000-1000 --proto udp > /dev/null &&
    "$PKTGEN" -o "$T/mix.pcap" -n 500 --proto mix --seed 5 > /dev/null &&
    "$PKTGEN" -o "$T/slow.pcap" -n 6000 --pps 1000 --proto mix --seed 6 > /dev/null ||
    { fail setup/pktgen "pktgen_pcap failed"; exit 1; }

# run NAME ARGS...: vifd offline, statistics in $T/NAME.json
run() {
    local name=$1; shift
    if ! timeout -k 5 60 "$VIFD" --out "pcap:$T/$name.out.pcap" --stats "$T/$name.json" "$@" \
            > "$T/$name.out" 2> "$T/$name.err"; then
        fail "$name" "vifd failed: $(tail -n 3 "$T/$name.err" | tr '\n' ' ')"
        return 1
    fi
    if san=$(vt_sanitizer_grep "$T/$name.err"); then
        fail "$name" "sanitizer: ${san:0:150}"
        return 1
    fi
}

# 1000 bytes at 8 Mbit/s: 1 ms each
if run relay-burst --in "pcap:$T/burst.pcap" --rate 8mbit --load "pcap=$C/Relay.class"; then
    check delay/root-viflet-burst $CHECK delays "$T/relay-burst.json" pcap 100 1000000
    check delay/link-not-queued $CHECK zero-delays "$T/relay-burst.json" link 100
    if grep -q '^VIF .*bytes-in .*bytes-out .*backlog .*delay-p50 .*delay-p99 .*hdl-p50 .*hdl-p99 .*hdl-max' \
            "$T/relay-burst.out" &&
       grep -Eq '^pcap +100000 +100000 +0 +0 +49\.28ms +98\.57ms ' "$T/relay-burst.out" &&
       grep -q '^link queue: delay p50 0ns, p99 0ns' "$T/relay-burst.out"; then
        pass table/counter-columns
    else
        fail table/counter-columns "$(grep -A2 '^VIF .*bytes-in' "$T/relay-burst.out" | tr '\n' '|')"
    fi
fi
if run fifo-burst --in "pcap:$T/burst.pcap" --rate 8mbit; then
    check delay/link-fifo-burst $CHECK delays "$T/fifo-burst.json" link 100 1000000
    check delay/pass-through-zero $CHECK zero-delays "$T/fifo-burst.json" pcap 100
fi
if run priq-burst --in "pcap:$T/burst.pcap" --rate 8mbit --load "pcap=$C/PriQ_VIFlet.class"; then
    check delay/priq-burst $CHECK delays "$T/priq-burst.json" pcap 100 1000000
    check handler/all-calls-timed $CHECK handler "$T/priq-burst.json" pcap
fi
if run bytes --in "pcap:$T/mix.pcap" --vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp'; then
    check bytes/per-vif $CHECK bytes "$T/bytes.json" "$T/mix.pcap"
fi
if run backlog --in "pcap:$T/mix.pcap" --vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp' \
        --load "pcap/udp=$C/Hoarder.class" --quota 100000; then
    check backlog/held-at-end $CHECK backlog "$T/backlog.json" pcap/udp "$T/mix.pcap" 17
fi

# --timeline: the intervals add up to the totals; the plot is drawn
if run timeline --in "pcap:$T/mix.pcap" --rate 2mbit --load "pcap=$C/Relay.class" \
        --timeline "$T/tl.jsonl"; then
    if python3 - "$T/tl.jsonl" "$T/timeline.json" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
tot = [v for v in json.load(open(sys.argv[2]))["vifs"] if v["path"] == "pcap"][0]
def s(k): return sum(v[k] for l in lines for v in l["vifs"] if v["path"] == "pcap")
assert len(lines) >= 5, "%d lines" % len(lines)
assert all(l["t_ns"] - l["interval_ns"] == p["t_ns"] for p, l in zip(lines, lines[1:])), "gaps"
assert s("in") == tot["in"] and s("out") == tot["out"] and s("bytes_out") == tot["bytes_out"], \
    "in %d/%d out %d/%d" % (s("in"), tot["in"], s("out"), tot["out"])
assert max(v["delay_p99_ns"] for l in lines for v in l["vifs"]) > 0, "no delay"
PY
    then
        pass timeline/intervals-add-up
    else
        fail timeline/intervals-add-up "see above"
    fi
    if python3 scripts/vifplot.py "$T/tl.jsonl" "$T/run.svg" && grep -q '<polyline' "$T/run.svg" &&
       grep -q '>pcap<' "$T/run.svg"; then
        pass timeline/plot
    else
        fail timeline/plot "scripts/vifplot.py drew nothing"
    fi
fi

# ------------------------------------------------- --dir, stats files, vifctl
D=$T/dir
mkdir -p "$D"
timeout -k 5 60 "$VIFD" --in "pcap:$T/slow.pcap" --out "pcap:$T/dir.out.pcap" --stats "$T/dir.json" \
    --dir "$D" --speed 1 --vif 'pcap/udp=udp' --load "pcap/udp=$C/Relay.class" \
    > "$T/dir.out" 2> "$T/dir.err" &
VPID=$!
stat_of() { sed -n "s/^$2 //p" "$1/stats" 2> /dev/null; }
wait_stat() {
    local i
    for ((i = 0; i < ${4:-5} * 20; i++)); do
        [ "$(stat_of "$1" "$2")" = "$3" ] && return 0
        sleep 0.05
    done
    return 1
}
wait_stat "$D/pcap" state - 5 || fail dir/start "no $D/pcap/stats"
if "$VIFCTL" add "$D" pcap/web 'tcp' && wait_stat "$D/pcap/web" state - 3; then
    pass vifctl/add
else
    fail vifctl/add "no VIF pcap/web: $(tail -n 2 "$D/pcap/log" 2> /dev/null | tr '\n' ' ')"
fi
"$VIFCTL" load "$D" pcap/web "$C/Relay.class" && wait_stat "$D/pcap/web" viflet Relay 3 &&
    "$VIFCTL" load "$D" pcap/web "$C/Tagger.class" && wait_stat "$D/pcap/web" viflet Tagger 3
if [ "$(stat_of "$D/pcap/web" loads)" = 2 ] && [ "$(stat_of "$D/pcap/web" detaches)" = 1 ]; then
    pass stats/replacement-counts-as-detach
else
    fail stats/replacement-counts-as-detach "viflet $(stat_of "$D/pcap/web" viflet), loads $(stat_of "$D/pcap/web" loads), detaches $(stat_of "$D/pcap/web" detaches)"
fi
if "$VIFCTL" log "$D" pcap/web > "$T/web.log" &&
   grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z vifd: loaded Tagger.class' "$T/web.log"; then
    pass log/timestamps
else
    fail log/timestamps "$(head -n 2 "$T/web.log" | tr '\n' '|')"
fi
"$VIFCTL" top "$D" -n 2 -i 0.4 > "$T/top.out" 2>&1
# the root's in/s: about 1000 packets/s (the capture's pace)
if awk '$1 == "pcap" && $2 == "-" { r = $4; sub(/k$/, "e3", r); if (r + 0 >= 300 && r + 0 <= 3000) ok = 1 }
        END { exit !ok }' "$T/top.out" && grep -q '^  web ' "$T/top.out" && grep -q '^  udp  *Relay' "$T/top.out"; then
    pass vifctl/top-rates
else
    fail vifctl/top-rates "$(head -n 6 "$T/top.out" | tr '\n' '|')"
fi
rm -f "$D/pcap/web/filter"
if wait_stat "$D/pcap/web" state removed 3; then
    pass stats/removed-vif-says-removed
else
    fail stats/removed-vif-says-removed "state $(stat_of "$D/pcap/web" state)"
fi
wait "$VPID"
rc=$?
VPID=
if [ "$rc" -ne 0 ] || san=$(vt_sanitizer_grep "$T/dir.err"); then
    fail dir/exit "vifd exited $rc ${san:-}: $(tail -n 3 "$T/dir.err" | tr '\n' ' ')"
else
    check stats/file-matches-json-root $CHECK statsfile "$D/pcap/stats" "$T/dir.json" pcap
    check stats/file-matches-json-child $CHECK statsfile "$D/pcap/udp/stats" "$T/dir.json" pcap/udp
    check stats/file-matches-json-removed $CHECK statsfile "$D/pcap/web/stats" "$T/dir.json" pcap/web
    if "$VIFCTL" stats "$D" > "$T/vstats.out" && grep -q '^pcap ' "$T/vstats.out" &&
       grep -Eq '^  udp +Relay +active +[0-9]+' "$T/vstats.out" &&
       grep -Eq '^  web +Tagger|^  web +- +removed' "$T/vstats.out"; then
        pass vifctl/stats-tree
    else
        fail vifctl/stats-tree "$(head -n 5 "$T/vstats.out" | tr '\n' '|')"
    fi
fi
[ "$nfail" -eq 0 ]
