#!/usr/bin/env bash
# bench/workers.sh - vifd --bench with 1 and 2 workers (issue 18): the
# capture of bench/datapath.sh (1000 packets, random source ports: the flows
# spread over the workers) replayed from memory, packets 1 ns apart (per
# configuration as many as one worker runs in SECONDS, found by a short
# calibration run; or PACKETS for every configuration),
# through the tree pcap, pcap/tcp, pcap/udp with
#   framework   no VIFlet (--framework-only)
#   relay       Relay at the root (one Java call per packet)
#   priq        the paper's PriQ_VIFlet at the root
#   chain4      issue 14's 4-stage chain of four owners (bench/datapath.sh
#               --chains: ChainCount at pcap/s1/s2/s3, ChainMark, ChainFilter,
#               Relay at the root), fused as vifd's default
# REPS reps; in each, per configuration, four runs back to back in an
# order rotated from rep to rep: 1 worker, 2 workers, and two controls of
# two separate vifd processes whose timed runs start at the same instant
# (vifd --bench-at):
#   ctl    two 1-worker processes, half the packets each (a 50/50 split):
#          the speed-up the host gives two independent copies at that
#          moment (two vCPUs that are SMT siblings on the host, or a busy
#          neighbour, lower it)
#   split  the 2-worker run's two workers, each alone in its own process
#          (vifd --workers 2 --bench-worker K): the same packets, the same
#          split (the flow hash's), datapaths, heaps and loop; only the
#          address space differs
# A control's packets/s is all its packets over the time from the common
# start to the later process's end, as for 2 workers.  Every ratio is
# paired: a rep's 2-worker (or control) packets/s over the same rep's
# 1-worker packets/s, so a slow moment of the host spoils one rep's pair,
# not the medians of separate columns.  Printed: the median and range of
# the paired ratios 2w/1w (the issue's target: >= 1.8x on a 2-core
# machine), ctl/1w and split/1w; per rep 2w/split (what sharing one
# process costs) and split/ctl (what the uneven split costs); every rep's
# figures; the CPU ns/packet (1w, 2w and split: whole processes), and
# the CPU-time ratio (packets/s at the slowest worker's thread CPU time,
# bench-workers, over 1 worker's 1000/cpu-ns: the speed-up with a free
# core per worker, which a loaded host still shows).
# The output explains its columns and flags a host that is not quiet
# (load average >= 1.5 before or after).  Then priq-global: PriQ at the
# root made global (--vif-workers pcap=1) with 2 workers: worker 1 hands
# its packets to worker 0 through the single-producer single-consumer
# ring; the hand-off cost per handed packet is worker 1's thread CPU per
# packet handed (the classification and the ring push) plus worker 0's
# CPU above what it spends per packet without a global VIF (the ring pop
# and the classification again), from the median thread CPU times, less
# the thread CPU each spent waiting on the rings (worker 1 asleep on a
# full ring, worker 0 on empty ones after its own share; printed apart,
# with the wall time worker 1 waited).  --pin adds --pin-workers to every
# run.
#
#   bench/workers.sh [--reps N] [--seconds S | --packets N] [--configs "C ..."] [--pin]
# (--seconds: 3 by default: each configuration's 1-worker run lasts about
# S seconds, so framework-only (~90 Mpps) gets ~270 M packets and PriQ
# (~7 Mpps) ~21 M.  A fixed count short for the fast configurations is
# noise: 40 M framework packets are a 0.44 s run, whose paired 2w/1w
# ranged 1.43-1.96 in one quiet run, while 300 M gave 1.88-1.96.
# --configs: a subset of "framework relay priq chain4"; priq-global runs
# with priq.)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
REPS=5 PACKETS= SECONDS_RUN=3 PIN=() CONFIGS="framework relay priq chain4"
while [ $# -gt 0 ]; do
    case $1 in
        --pin) PIN=(--pin-workers) ;;
        --reps) shift; REPS=${1:-5} ;;
        --packets) shift; PACKETS=${1:-10000000} ;;
        --seconds) shift; SECONDS_RUN=${1:-3} ;;
        --configs) shift; CONFIGS=${1:-$CONFIGS} ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
make -s -j2 >/dev/null || exit 2
echo "bench/workers.sh: $(date -u +'%F %T') UTC, $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), --reps $REPS ${PACKETS:+--packets $PACKETS}${PACKETS:---seconds $SECONDS_RUN} --configs \"$CONFIGS\" ${PIN[*]}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
LOAD0=$(cut -d' ' -f1 /proc/loadavg)
OUT=build/bench/workers
mkdir -p "$OUT"
VIFD=build/release/vifd
javac --release 8 -nowarn -cp build/vif-api.jar -d "$OUT" \
    tests/datapath/viflets/Relay.java tests/datapath/viflets/PriQ_VIFlet.java \
    bench/viflets/ChainCount.java bench/viflets/ChainMark.java bench/viflets/ChainFilter.java || exit 2
build/release/pktgen_pcap -o "$OUT/in.pcap" -n 1000 --proto mix --dscp 0,10,26,46 --seed 7 \
    > /dev/null || exit 2
TREE=(--vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp')
# the 4-stage chain, leaf first: one owner per stage, as bench/datapath_chains.sh
CHAIN4=(--vif 'pcap/s1=ip' --vif 'pcap/s1/s2=ip' --vif 'pcap/s1/s2/s3=ip'
        --load "pcap/s1/s2/s3=$OUT/ChainCount.class:u0" --load "pcap/s1/s2=$OUT/ChainMark.class:u1"
        --load "pcap/s1=$OUT/ChainFilter.class:u2" --load "pcap=$OUT/Relay.class:u3")
res=$(mktemp)
# one rep of one configuration: 1 worker, 2 workers and the 2-process
# control back to back, their order rotated from rep to rep (so a slow
# moment of the host falls on each in turn, and a drift over the run
# does not favour one); each rep's 2-worker and control figures are
# then divided by the SAME rep's 1-worker figure (paired ratios)
cfg_args() {   # cfg_args CFG: the configuration's vifd arguments in a
    case $1 in
        framework) a=("${TREE[@]}" --framework-only) ;;
        relay) a=("${TREE[@]}" --load "pcap=$OUT/Relay.class") ;;
        priq) a=("${TREE[@]}" --load "pcap=$OUT/PriQ_VIFlet.class") ;;
        chain4) a=("${CHAIN4[@]}") ;;
    esac
}
one() {   # one CFG 1|2|ctl|split REP
    local cfg=$1 w=$2 rep=$3 a out mpps cpu bound
    cfg_args "$cfg"
    if [ "$w" = ctl ] || [ "$w" = split ]; then
        # a control: two processes whose timed runs start together, 2 s
        # from now (start-up takes well under that; a late one is reported)
        local at p
        at=$(python3 -c 'import time; print(int(time.monotonic() * 1e9) + 2000000000)')
        for p in 0 1; do
            if [ "$w" = ctl ]; then
                set -- --bench $((NPK[$cfg] / 2)) --workers 1
            else
                set -- --bench "${NPK[$cfg]}" --workers 2 --bench-worker "$p"
            fi
            "$VIFD" --in "pcap:$OUT/in.pcap" "$@" --bench-at "$at" --quiet \
                "${PIN[@]}" "${a[@]}" > "$res.p$p" 2>/dev/null &
        done
        wait
        # packets, cpu ns/packet, window start and end of each process
        pm=$(python3 - "$res.p0" "$res.p1" "$at" <<'PY'
import re, sys
f = []
for fn in sys.argv[1:3]:
    o = open(fn).read()
    n = int(re.search(r'^bench: (\d+) packets in', o, re.M).group(1))
    cpu = float(re.search(r'^bench-cpu: ([0-9.]+) ns', o, re.M).group(1))
    s, e = map(int, re.search(r'^bench-window: (\d+) (\d+)', o, re.M).groups())
    f.append((n, cpu, s, e))
n = sum(x[0] for x in f)
late = max(x[2] for x in f) - int(sys.argv[3])
span = max(x[3] for x in f) - min(x[2] for x in f)
if late > 0.02 * span:   # the two runs overlapped less than they should
    print("bench/workers.sh: warning: a control process started %.1f ms late (of %.0f ms)" %
          (late / 1e6, span / 1e6), file=sys.stderr)
mpps = n / ((max(x[3] for x in f) - min(x[2] for x in f)) / 1e9) / 1e6
print("%.3f %.2f" % (mpps, sum(x[0] * x[1] for x in f) / n))
PY
)
        [ -n "$pm" ] || { echo "bench/workers.sh: $cfg/$w failed" >&2; return 1; }
        echo "$cfg $w $rep $pm" >> "$res"
        return 0
    fi
    out=$("$VIFD" --in "pcap:$OUT/in.pcap" --bench "${NPK[$cfg]}" --workers "$w" --quiet \
          "${PIN[@]}" "${a[@]}" 2>/dev/null)
    mpps=$(sed -n 's/^bench: .* \([0-9.]*\) Mpps.*/\1/p' <<< "$out")
    cpu=$(sed -n 's/^bench-cpu: \([0-9.]*\) ns.*/\1/p' <<< "$out")
    # 2 workers: the rate at the slowest worker's CPU time; 1: 1000 / cpu ns
    if [ "$w" = 1 ]; then bound=$(python3 -c "print(1000 / $cpu)" 2>/dev/null)
    else bound=$(sed -n 's/^bench-workers: .*; \([0-9.]*\) Mpps at the slowest.*/\1/p' <<< "$out"); fi
    [ -n "$mpps" ] && [ -n "$cpu" ] && [ -n "$bound" ] ||
        { echo "bench/workers.sh: $cfg/$w failed: $out" >&2; return 1; }
    echo "$cfg $w $rep $mpps $cpu $bound" >> "$res"
}
for cfg in $CONFIGS; do
    case $cfg in framework|relay|priq|chain4) ;;
        *) echo "bench/workers.sh: --configs: unknown configuration '$cfg' (framework relay priq chain4)" >&2; exit 2 ;;
    esac
done
# packets per configuration: --packets for all, or what one worker runs in
# --seconds (a calibration run of 5 M packets, 1 worker; even, >= 2 M)
declare -A NPK
NPKS=
for cfg in $CONFIGS; do
    if [ -n "$PACKETS" ]; then
        NPK[$cfg]=$PACKETS
    else
        PACKETS_CAL=5000000
        cfg_args "$cfg"
        mpps=$("$VIFD" --in "pcap:$OUT/in.pcap" --bench "$PACKETS_CAL" --workers 1 --quiet \
               "${PIN[@]}" "${a[@]}" 2>/dev/null | sed -n 's/^bench: .* \([0-9.]*\) Mpps.*/\1/p')
        [ -n "$mpps" ] || { echo "bench/workers.sh: $cfg: calibration run failed" >&2; exit 1; }
        NPK[$cfg]=$(python3 -c "print(max(2000000, int($mpps * 1e6 * $SECONDS_RUN) // 2 * 2))")
    fi
    NPKS="$NPKS $cfg=${NPK[$cfg]}"
done
echo "packets per run:$NPKS"
orders=("1 2 ctl split" "2 ctl split 1" "ctl split 1 2" "split 1 2 ctl")
for ((r = 0; r < REPS; r++)); do
    for cfg in $CONFIGS; do
        for w in ${orders[$((r % 4))]}; do
            one "$cfg" "$w" "$r" || { rm -f "$res" "$res".p*; exit 1; }
        done
    done
    [ -n "${NPK[priq]:-}" ] || continue
    out=$("$VIFD" --in "pcap:$OUT/in.pcap" --bench "${NPK[priq]}" --workers 2 --quiet "${TREE[@]}" \
          --load "pcap=$OUT/PriQ_VIFlet.class" --vif-workers pcap=1 2>/dev/null)
    g=$(python3 - "$out" <<'PY'
import re, sys
o = sys.argv[1]
mpps = re.search(r'^bench: .* ([0-9.]+) Mpps', o, re.M).group(1)
cpu = re.search(r'^bench-cpu: ([0-9.]+) ns', o, re.M).group(1)
w = re.search(r'packets per worker: (\d+) (\d+); thread CPU ms: ([0-9.]+) ([0-9.]+)', o)
h = re.search(r'^bench-handoff: (\d+) packets handed.*waiting on the rings \(in the CPU above\): '
              r'([0-9.]+) ([0-9.]+).*asleep or waiting: ([0-9.]+) ([0-9.]+)', o, re.M)
print(mpps, cpu, w.group(1), w.group(2), w.group(3), w.group(4), h.group(1), h.group(2),
      h.group(3), h.group(4), h.group(5))
PY
)
    [ -n "$g" ] || { echo "bench/workers.sh: priq-global failed: $out" >&2; rm -f "$res"; exit 1; }
    echo "priq-global $g" >> "$res"
done
python3 - "$res" "${NPKS# }" "$REPS" "$LOAD0" <<'PY'
import collections, os, statistics, sys
per = collections.defaultdict(dict)      # (cfg, rep) -> {1: (mpps, cpu, bound), 2: ..., 'ctl'/'split': (mpps, cpu)}
glob = []
for line in open(sys.argv[1]):
    f = line.split()
    if f[0] == 'priq-global':
        glob.append([float(x) for x in f[1:]])
    elif f[1] in ('ctl', 'split'):
        per[(f[0], int(f[2]))][f[1]] = (float(f[3]), float(f[4]))
    else:
        per[(f[0], int(f[2]))][int(f[1])] = tuple(float(x) for x in f[3:6])
reps = int(sys.argv[3])
med = statistics.median
load0, load1 = float(sys.argv[4]), float(open('/proc/loadavg').read().split()[0])
print()
print("Each rep runs, back to back and in an order rotated from rep to rep: 1 worker,")
print("2 workers, and two controls of two separate processes whose timed runs start at the")
print("same instant: ctl = two 1-worker processes with half the packets each (50/50), split =")
print("the 2-worker run's two workers each alone in a process (--bench-worker K: the same")
print("packets, split, datapaths and loop).  A control's packets/s: all its packets over the")
print("time from the common start to the later end.  Every ratio is PAIRED: a rep's figure")
print("over the SAME rep's 1-worker packets/s; the tables give the median over the reps.")
print("  2w/1w       the speed-up of 2 workers (the issue's target: >= 1.80x)")
print("  ctl/1w      what the host gave two independent copies in that rep (about 2.0 on a")
print("              quiet 2-CPU host; well below 2 = the host was busy)")
print("  split/1w    the same with the flow hash's uneven split")
print("  2w/split    per rep: what sharing one process costs the two workers (100% = nothing)")
print("  split/ctl   per rep: what the uneven split costs (the slower share decides)")
print("  cpu ns      CPU time per packet: 1w, 2w (whole process), split (both processes)")
print("  cpu ratio   packets/s at the slowest worker thread's CPU time over 1 worker's 1000/cpu-ns:")
print("              the speed-up with a free core per worker, which a loaded host still shows")
print("%d reps; packets per run: %s; load average %.2f before, %.2f after%s" %
      (reps, sys.argv[2], load0, load1,
       "" if max(load0, load1) < 1.5 else "  ** NOT A QUIET HOST: read only the paired ratios **"))
print()
print("%-10s %7s %7s  %-19s %-19s %-19s %8s %9s %6s %6s %6s %6s" % (
    "config", "1w Mpps", "2w Mpps", "2w/1w med [range]", "ctl/1w med [range]",
    "split/1w med [range]", "2w/split", "split/ctl", "1w cpu", "2w cpu", "sp cpu", "cpu ratio"))
lines = []
for c in ("framework", "relay", "priq", "chain4"):
    rs = [per[(c, r)] for r in range(reps) if {1, 2, 'ctl', 'split'} <= set(per[(c, r)])]
    if not rs: continue
    r2 = [x[2][0] / x[1][0] for x in rs]
    rc = [x['ctl'][0] / x[1][0] for x in rs]
    rs_ = [x['split'][0] / x[1][0] for x in rs]
    r2s = [x[2][0] / x['split'][0] for x in rs]
    rsc = [x['split'][0] / x['ctl'][0] for x in rs]
    cr = [x[2][2] / x[1][2] for x in rs]
    rng = lambda v: "%5.2fx [%4.2f-%4.2f]" % (med(v), min(v), max(v))
    print("%-10s %7.2f %7.2f  %-19s %-19s %-19s %7.0f%% %8.0f%% %6.1f %6.1f %6.1f %8.2fx" % (
        c, med(x[1][0] for x in rs), med(x[2][0] for x in rs), rng(r2), rng(rc), rng(rs_),
        100 * med(r2s), 100 * med(rsc), med(x[1][1] for x in rs), med(x[2][1] for x in rs),
        med(x['split'][1] for x in rs), med(cr)))
    lines.append((c, r2, rc, rs_))
print()
print("per rep (in run order; 2w/1w, ctl/1w, split/1w; * = 2w/1w >= 1.80):")
for c, r2, rc, rs_ in lines:
    print("  %-10s %s" % (c, '  '.join('%.2f%s/%.2f/%.2f' % (a, '*' if a >= 1.8 else ' ', b, d)
                                        for a, b, d in zip(r2, rc, rs_))))
if glob:
    g = lambda i: med(x[i] for x in glob)
    # a worker without a global VIF: CPU per packet (2 workers, priq)
    plain = med(per[('priq', r)][2][1] for r in range(reps) if 2 in per[('priq', r)])
    n0, c0, c1, handed = g(2), g(4) * 1e6, g(5) * 1e6, g(6)
    # the time each spent waiting on the rings (worker 1 asleep on a full
    # one, worker 0 on empty ones after its own share) is not hand-off work
    s0, s1 = g(7) * 1e6, g(8) * 1e6
    prod = (c1 - s1) / handed if handed else 0.0
    cons = (c0 - s0 - (n0 + handed) * plain) / handed if handed else 0.0
    print()
    print("priq-glob (PriQ at the root made global, --vif-workers pcap=1, 2 workers): %.2f Mpps;"
          " hand-off %.1f ns per packet handed (worker 1: %.1f, its classification and ring push;"
          " worker 0: %.1f above the plain 2-worker PriQ's %.1f ns/packet); %d of %d packets handed;"
          " thread CPU while waiting on the rings, not counted: worker 1 %.1f ms (in %.0f ms asleep"
          " or waiting), worker 0 %.1f ms" %
          (g(0), prod + cons, prod, cons, plain, handed, n0 + handed, s1 / 1e6, g(10), s0 / 1e6))
PY
rm -f "$res" "$res".p*
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
