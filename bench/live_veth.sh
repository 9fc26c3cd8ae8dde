#!/usr/bin/env bash
# bench/live_veth.sh - live throughput of vifd --bridge over veth pairs.
#
#   bench/live_veth.sh [VIFD] [SECONDS]      (BISECT=N: halvings, default 3)
#   PIN=1: vifd pinned to the last CPU, generator and sink to CPU 0
#   (taskset), so that the scheduler does not move them mid-trial
#
# Needs root.  Builds gen <-veth-> dp <-veth-> sink namespaces (named with
# this PID, removed on exit), then for 64- and 1514-byte frames (1500-byte
# IP packets) offers increasing packet rates from gen (tests/datapath/
# live_tool.c, sendmmsg) for SECONDS each (default 1), counts what reaches
# sink, and reports the highest offered rate with < 0.1% loss for:
#   harness    no vifd: frames counted in dp on vfd0 (what the generator and
#              veth can do on this machine: an upper bound for the rest)
#   bypass     vifd --bypass (no VIF tree)
#   framework  vifd --framework-only with a child VIF (tree, no VIFlets)
#   priq       vifd with PriQ_VIFlet at the root (unlimited link)
# Numbers are rough and vary from run to run (two cores shared by the
# generator, vifd, the sink and veth's softirq work, which the kernel runs
# in the sender's context: perf shows ~98% of vifd's cycles in the kernel's
# transmit and the sink's receive path).  Loss shows up as drops of vifd's
# receive ring (ring-drops column).  Prints one line per trial and a summary.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2
VIFD=$(readlink -f "${1:-build/release/vifd}")
SECS=${2:-1}
PKTGEN=$(dirname "$VIFD")/pktgen_pcap
[ "$(id -u)" -eq 0 ] || { echo "live_veth: needs root (network namespaces)"; exit 0; }
[ -x "$VIFD" ] && [ -x "$PKTGEN" ] || { echo "live_veth: $VIFD or $PKTGEN missing (make)"; exit 1; }

ID=$$
G=vbgen$ID D=vbdp$ID S=vbsink$ID
T=$(mktemp -d)
cleanup() {
    [ -n "${VPID:-}" ] && kill "$VPID" 2> /dev/null
    for ns in "$G" "$D" "$S"; do ip netns del "$ns" 2> /dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
for ns in "$G" "$D" "$S"; do
    ip netns add "$ns" || { echo "live_veth: cannot create namespaces"; exit 0; }
    for k in all default; do ip netns exec "$ns" sysctl -qw "net.ipv6.conf.$k.disable_ipv6=1"; done
done
ip -n "$G" link add name vfg0 type veth peer name vfd0 netns "$D"
ip -n "$D" link add name vfd1 type veth peer name vfs0 netns "$S"
ip -n "$G" link set dev vfg0 up; ip -n "$D" link set dev vfd0 up
ip -n "$D" link set dev vfd1 up; ip -n "$S" link set dev vfs0 up

cc -std=c11 -O2 -o "$T/live_tool" tests/datapath/live_tool.c -lpcap || exit 1
"$JAVAC" -d "$T/cls" -cp build/vif-api.jar tests/datapath/viflets/PriQ_VIFlet.java || exit 1
TOOL=$T/live_tool
"$PKTGEN" -o "$T/f64.pcap" -n 4096 --seed 21 --sizes 64-64 > /dev/null
"$PKTGEN" -o "$T/f1514.pcap" -n 4096 --seed 22 --sizes 1514-1514 > /dev/null

PIN_DP="" PIN_GEN=""
if [ "${PIN:-0}" = 1 ] && command -v taskset > /dev/null; then
    last=$(( $(nproc) - 1 ))
    PIN_DP="taskset -c $last" PIN_GEN="taskset -c 0"
fi

# trial MODE SIZE PPS: prints "loss_ppm achieved_pps ring_drops" (ring_drops:
# frames vifd's receive ring had to drop, from its statistics)
trial() {
    local mode=$1 size=$2 pps=$3 n cap_ns cap_if
    n=$(python3 -c "print(max(1, int($pps * $SECS)))")
    local reps=$(( (n + 4095) / 4096 ))
    n=$((reps * 4096))
    cap_ns=$S cap_if=vfs0
    VPID=
    case "$mode" in
        harness) cap_ns=$D cap_if=vfd0 ;;
        bypass) args=(--bypass) ;;
        framework) args=(--framework-only --vif 'vfd0/ip=ip') ;;
        priq) args=(--load "vfd0=$T/cls/PriQ_VIFlet.class") ;;
    esac
    if [ "$mode" != harness ]; then
        timeout $((SECS * 3 + 30)) ip netns exec "$D" $PIN_DP "$VIFD" --bridge vfd0,vfd1 --quiet \
            --stats "$T/st.json" "${args[@]}" > "$T/vifd.out" 2> "$T/vifd.err" &
        VPID=$!
        for _ in $(seq 1 100); do grep -q 'vifd: bridging' "$T/vifd.err" 2> /dev/null && break; sleep 0.05; done
    fi
    timeout $((SECS * 3 + 20)) ip netns exec "$cap_ns" $PIN_GEN "$TOOL" capture "$cap_if" - --count "$n" \
        --timeout $((SECS * 3 + 10)) --idle 1 > "$T/cap.out" 2>&1 &
    local cpid=$!
    for _ in $(seq 1 100); do grep -q ready "$T/cap.out" && break; sleep 0.05; done
    timeout $((SECS * 3 + 20)) ip netns exec "$G" $PIN_GEN "$TOOL" send vfg0 "$T/f$size.pcap" --pps "$pps" \
        --repeat "$reps" > "$T/send.out" 2>&1
    wait "$cpid"
    if [ -n "$VPID" ]; then kill -INT "$VPID" 2> /dev/null; wait "$VPID"; VPID=; fi
    local got sent rate rd=-
    [ "$mode" != harness ] && rd=$(python3 -c "import json; print(json.load(open('$T/st.json'))['ports']['vfd0']['kernel_drops'])" 2> /dev/null)
    got=$(sed -n 's/^captured \([0-9]*\).*/\1/p' "$T/cap.out")
    sent=$(sed -n 's/^sent \([0-9]*\).*/\1/p' "$T/send.out")
    rate=$(sed -n 's/.*(\([0-9]*\) pps).*/\1/p' "$T/send.out")
    echo "$(( (${sent:-0} - ${got:-0}) * 1000000 / (${sent:-1} > 0 ? ${sent:-1} : 1) )) ${rate:-0} ${rd:--}"
}

RATES="25000 50000 100000 200000 300000 400000 600000 800000 1000000 1500000 2000000"
BISECT=${BISECT:-3}   # halvings between the last clean and the first lossy step
declare -A best
printf '%-10s %5s %9s %10s %9s %11s\n' mode size offered achieved loss ring-drops
for size in 64 1514; do
    for mode in harness bypass framework priq; do
        best[$mode/$size]="<25000"
        lo=0 hi=0
        for pps in $RATES; do
            read -r ppm achieved rd < <(trial "$mode" "$size" "$pps")
            printf '%-10s %5s %9s %10s %8s%% %11s\n' "$mode" "$size" "$pps" "$achieved" \
                "$(python3 -c "print(f'{$ppm/1e4:.3f}')")" "$rd"
            # the generator could not offer this rate: stop there
            if [ "$achieved" -lt $((pps * 9 / 10)) ]; then
                [ "$ppm" -lt 1000 ] && best[$mode/$size]=">=$achieved (generator limit)"
                break
            fi
            if [ "$ppm" -ge 1000 ]; then hi=$pps; break; fi
            best[$mode/$size]=$pps
            lo=$pps
        done
        # lost packets between two ladder steps: BISECT halvings of the gap
        for ((k = 0; k < BISECT && lo > 0 && hi > lo; k++)); do
            pps=$(( (lo + hi) / 2 ))
            read -r ppm achieved rd < <(trial "$mode" "$size" "$pps")
            printf '%-10s %5s %9s %10s %8s%% %11s\n' "$mode" "$size" "$pps" "$achieved" \
                "$(python3 -c "print(f'{$ppm/1e4:.3f}')")" "$rd"
            if [ "$ppm" -lt 1000 ] && [ "$achieved" -ge $((pps * 9 / 10)) ]; then
                lo=$pps; best[$mode/$size]=$pps
            else
                hi=$pps
            fi
        done
    done
done
echo
echo "highest offered rate (packets/s) with < 0.1% loss:"
printf '%-10s %28s %28s\n' mode "64 B" "1514 B"
for mode in harness bypass framework priq; do
    printf '%-10s %28s %28s\n' "$mode" "${best[$mode/64]}" "${best[$mode/1514]}"
done
