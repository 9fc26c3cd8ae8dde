#!/usr/bin/env bash
# bench/ebpf.sh - the packet-classification kernel (classify() of
# bench/java/PacketClassify.java) on vifvm against an eBPF JIT running the
# same kernel as eBPF (bench/ebpf/classify.bpf.c), gcc -O2 C and java.
#
# No uBPF here: it is not packaged in Debian 12.  The eBPF engine measured
# is the running kernel's own BPF JIT, through BPF_PROG_TEST_RUN (root).
# Every engine classifies the same 512 packets (the C twin writes them as a
# capture for the eBPF runner) and must print the same checksum.
#
#   bench/ebpf.sh [--reps N (3)] [--iter N (300)] [--repeat N (2000)]
#
# Prints ns per packet (the median of REPS runs; the eBPF runner's figure
# is its best of 3 passes of REPEAT runs per packet):
#   c, java, vifvm-jit, vifvm-int   time_ms / (ITER * 512): classify() called
#                                   from a Java/C loop
#   ebpf-raw                        the kernel's mean per test run, its
#                                   test-run loop included
#   ebpf-net                        ebpf-raw minus the same for an empty
#                                   program: the eBPF code's own cost
# Needs root, clang (-target bpf) and libbpf-dev; says SKIP without them.
# Environment: VIFVM, JAVA, JAVAC, CC_BENCH, CLANG.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VIFVM=${VIFVM:-$ROOT/build/release/vifvm}
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
CC_BENCH=${CC_BENCH:-gcc}
CLANG=${CLANG:-clang}
OUT=$ROOT/build/bench/ebpf
REPS=3 ITER=300 REPEAT=2000
while [ $# -gt 0 ]; do
    case $1 in
        --reps) REPS=$2; shift 2 ;;
        --iter) ITER=$2; shift 2 ;;
        --repeat) REPEAT=$2; shift 2 ;;
        *) echo "usage: $0 [--reps N] [--iter N] [--repeat N]" >&2; exit 2 ;;
    esac
done
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: bench/ebpf.sh: BPF_PROG_TEST_RUN needs root"; exit 0; fi
if ! command -v "$CLANG" > /dev/null || [ ! -e /usr/include/bpf/libbpf.h ]; then
    echo "SKIP: bench/ebpf.sh: needs clang and libbpf-dev (apt-get install clang libbpf-dev)"
    exit 0
fi
[ -x "$VIFVM" ] || { echo "bench/ebpf.sh: $VIFVM missing (make)" >&2; exit 1; }
mkdir -p "$OUT/classes"
"$JAVAC" -nowarn -d "$OUT/classes" "$ROOT/bench/java/PacketClassify.java" || exit 1
"$CC_BENCH" -O2 -o "$OUT/packetclassify" "$ROOT/bench/c/packetclassify.c" || exit 1
"$CC_BENCH" -O2 -Wall -Wextra -o "$OUT/bpf_classify_run" "$ROOT/bench/ebpf/bpf_classify_run.c" -lbpf || exit 1
"$CLANG" -O2 -g -target bpf -I/usr/include/"$(uname -m)"-linux-gnu \
    -c "$ROOT/bench/ebpf/classify.bpf.c" -o "$OUT/classify.bpf.o" || exit 1
"$OUT/packetclassify" 0 pcap "$OUT/packets.pcap" || exit 1

declare -A CMD=(
    [c]="$OUT/packetclassify $ITER classify"
    [java]="$JAVA -cp $OUT/classes PacketClassify $ITER classify"
    [vifvm-jit]="$VIFVM -cp $OUT/classes PacketClassify $ITER classify"
    [vifvm-int]="$VIFVM --int -cp $OUT/classes PacketClassify $ITER classify"
)
ENGINES="c java vifvm-jit vifvm-int"
status=0
ref=$("$OUT/packetclassify" 1 classify | head -1 | awk '{ print $NF }')
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
declare -A NS
for r in $(seq "$REPS"); do
    for e in $ENGINES; do
        # shellcheck disable=SC2086
        ${CMD[$e]} > "$OUT/$e.$r.out" 2>&1 || { echo "bench/ebpf.sh: $e failed" >&2; cat "$OUT/$e.$r.out" >&2; exit 1; }
    done
    "$OUT/bpf_classify_run" "$OUT/classify.bpf.o" "$OUT/packets.pcap" "$REPEAT" > "$OUT/ebpf.$r.out" 2> "$OUT/ebpf.$r.err" ||
        { echo "bench/ebpf.sh: the eBPF runner failed:" >&2; tail -n 20 "$OUT/ebpf.$r.err" >&2; exit 1; }
done
# checksums: every engine over ITER iterations equal to C's; eBPF (one
# pass) equal to C's one-pass checksum
cref=$(head -1 "$OUT/c.1.out" | awk '{ print $NF }')
for e in $ENGINES; do
    for r in $(seq "$REPS"); do
        got=$(head -1 "$OUT/$e.$r.out" | awk '{ print $NF }')
        if [ "$got" != "$cref" ]; then echo "MISMATCH: $e checksum $got, C $cref"; status=1; fi
    done
    NS[$e]=$(for r in $(seq "$REPS"); do awk -v n="$((ITER * 512))" '$1 == "time_ms" { printf "%.2f\n", $2 * 1e6 / n }' "$OUT/$e.$r.out"; done | median)
done
for r in $(seq "$REPS"); do
    got=$(head -1 "$OUT/ebpf.$r.out" | awk '{ print $NF }')
    if [ "$got" != "$ref" ]; then echo "MISMATCH: eBPF checksum $got, C (one pass) $ref"; status=1; fi
done
NS[ebpf-raw]=$(for r in $(seq "$REPS"); do awk '$1 == "bpf_classify_ns" { print $2 }' "$OUT/ebpf.$r.out"; done | median)
NS[ebpf-net]=$(for r in $(seq "$REPS"); do awk '$1 == "bpf_net_ns" { print $2 }' "$OUT/ebpf.$r.out"; done | median)
echo "classify() per packet, 512 packets x $ITER iterations, median of $REPS ($(date -u '+%Y-%m-%d %H:%M UTC'))"
printf "%-12s %10s %10s\n" engine ns/packet "x C"
for e in c java vifvm-jit vifvm-int ebpf-raw ebpf-net; do
    printf "%-12s %10s %10s\n" "$e" "${NS[$e]}" "$(awk -v a="${NS[$e]}" -v b="${NS[c]}" 'BEGIN { printf "%.2f", a / b }')"
done
printf "vifvm-jit / java %.2f, vifvm-jit / ebpf-net %.2f, vifvm-jit / ebpf-raw %.2f\n" \
    "$(awk -v a="${NS[vifvm-jit]}" -v b="${NS[java]}" 'BEGIN { print a / b }')" \
    "$(awk -v a="${NS[vifvm-jit]}" -v b="${NS[ebpf-net]}" 'BEGIN { print a / b }')" \
    "$(awk -v a="${NS[vifvm-jit]}" -v b="${NS[ebpf-raw]}" 'BEGIN { print a / b }')"
exit $status
