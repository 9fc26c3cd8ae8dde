#!/usr/bin/env bash
# tests/datapath/examples.sh - the VIFlet API's helpers and the example
# VIFlets, run through vifd over generated captures.
#
#   tests/datapath/examples.sh [VIFD] [PKTGEN]
#
# VIFD defaults to build/release/vifd, PKTGEN to the pktgen_pcap next to it;
# needs build/vif-api.jar (make).  Every check is recomputed independently
# in Python (examplecheck.py):
#   api/helpers-*     vif.Packet's offsets, DSCP and checksum helpers on
#                     crafted frames (VLAN, IPv4 options, IPv6 extension
#                     headers, fragments, padding, truncation, damage):
#                     every answer and every rewritten byte (JIT and --int)
#   api/recompute     pktgen_pcap's right checksums are recognised, and
#                     recomputing them changes no byte
#   examples/policer* examples/Policer_VIFlet.java: exactly the packets a
#                     per-source token bucket model passes
#   examples/drr*     examples/DRR_VIFlet.java: exactly the model's output
#                     order on a 10 Mbit/s link; equal byte shares
#   examples/remark*  examples/DSCP_Remark_VIFlet.java: each packet's DSCP
#                     by port, ECN kept, IPv4 and TCP/UDP checksums right
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs examples "${1:-}" "${2:-}"
CHECK=(python3 "$HERE/examplecheck.py")
vt_tempdir
vt_results ""

# vifd_run NAME ARGS...: vifd with --stats and --logdir; rc in $rc; fails
# NAME (and returns 1) unless vifd exits 0 with the accounting ok.
vifd_run() {
    local name=$1; shift
    timeout -k 5 120 "$VIFD" --quiet --stats "$T/$name.json" --logdir "$T/log-$name" "$@" \
        > "$T/$name.out" 2> "$T/$name.err"
    rc=$?
    if san=$(vt_sanitizer_grep "$T/$name.err"); then
        fail "$name" "sanitizer: ${san:0:150}"
        return 1
    fi
    if [ "$rc" -ne 0 ]; then
        fail "$name" "vifd exited with $rc: $(head -c 300 "$T/$name.err" | tr '\n' ' ')"
        return 1
    fi
    if ! grep -q 'accounting_ok": true' "$T/$name.json"; then
        fail "$name" "accounting invariant not reported ok"
        return 1
    fi
    return 0
}
# const FILE NAME: the value of `static final ... NAME = VALUE;` in a Java source.
const() {
    sed -n "s/.*static final [a-z]* $2 = \([0-9]*\);.*/\1/p" "$1" | head -n 1
}

# ------------------------------------------------------------------ setup
mkdir -p "$T/cls" "$T/small"
if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE"/api_viflets/*.java examples/PriQ_VIFlet.java \
        examples/Policer_VIFlet.java examples/DRR_VIFlet.java examples/DSCP_Remark_VIFlet.java \
        > "$T/javac.log" 2>&1; then
    fail examples/javac "the examples or test VIFlets do not compile against $API"
    vt_indent 20 < "$T/javac.log"
    exit 1
fi
pass examples/javac
C=$T/cls
"$PKTGEN" -o "$T/gen.pcap" -n 300 --seed 7 --sizes 60-1514 --proto mix \
    --ports 22,53,80,443,5001,5060,8080 || exit 1
"${CHECK[@]}" gen-mix "$T/mix.pcap" > /dev/null || { fail examples/gen-mix "examplecheck gen-mix failed"; exit 1; }

# ------------------------------------------------------- Packet helpers
"${CHECK[@]}" craft-helpers "$T/craft.pcap" > /dev/null || { fail api/craft "examplecheck craft-helpers failed"; exit 1; }
for eng in jit int; do
    args=(); [ "$eng" = int ] && args=(--int)
    if vifd_run "helpers-$eng" "${args[@]}" --in "pcap:$T/craft.pcap" --out "pcap:$T/helpers-$eng.pcap" \
            --load "pcap=$C/PacketHelpers.class"; then
        check "api/helpers-$eng" "${CHECK[@]}" helpers "$T/craft.pcap" "$T/log-helpers-$eng/pcap.log" \
            "$T/helpers-$eng.pcap"
    fi
done

if vifd_run recompute --in "pcap:$T/gen.pcap" --out "pcap:$T/recompute.pcap" \
        --load "pcap=$C/Recompute.class"; then
    check api/recompute "${CHECK[@]}" recompute "$T/gen.pcap" "$T/log-recompute/pcap.log" "$T/recompute.pcap"
fi

# ------------------------------------------------------------- policer
P=examples/Policer_VIFlet.java
RATE=$(const $P RATE_BITS); BURST=$(const $P BURST_BYTES); MAXS=$(const $P MAX_SOURCES)
if [ -z "$RATE" ] || [ -z "$BURST" ] || [ -z "$MAXS" ]; then
    fail examples/policer-constants "RATE_BITS, BURST_BYTES or MAX_SOURCES not found in $P"
else
    # 4 sources at about 3.2 Mbit/s each against 2 Mbit/s per source
    "$PKTGEN" -o "$T/pol.pcap" -n 2000 --seed 11 --hosts 4 --pps 2000 --sizes 200-1400 || exit 1
    if vifd_run policer --in "pcap:$T/pol.pcap" --out "pcap:$T/policer.pcap" \
            --load "pcap=$C/Policer_VIFlet.class"; then
        check examples/policer "${CHECK[@]}" policer "$T/pol.pcap" "$T/policer.pcap" "$RATE" "$BURST" "$MAXS"
    fi
    if vifd_run policer-mix --in "pcap:$T/mix.pcap" --out "pcap:$T/policer-mix.pcap" \
            --load "pcap=$C/Policer_VIFlet.class"; then
        check examples/policer-mixed-traffic "${CHECK[@]}" policer "$T/mix.pcap" "$T/policer-mix.pcap" \
            "$RATE" "$BURST" "$MAXS"
    fi
    # the same VIFlet with room for 3 sources: the other 3 share a bucket
    sed 's/MAX_SOURCES = [0-9]*;/MAX_SOURCES = 3;/' $P > "$T/small/Policer_VIFlet.java"
    "$PKTGEN" -o "$T/pol6.pcap" -n 1200 --seed 12 --hosts 6 --pps 2000 --sizes 200-1400 || exit 1
    if "$JAVAC" -d "$T/small" -cp "$API" "$T/small/Policer_VIFlet.java" > "$T/javac-small.log" 2>&1 &&
            vifd_run policer-shared --in "pcap:$T/pol6.pcap" --out "pcap:$T/policer-shared.pcap" \
                --load "pcap=$T/small/Policer_VIFlet.class"; then
        check examples/policer-shared-bucket "${CHECK[@]}" policer "$T/pol6.pcap" "$T/policer-shared.pcap" \
            "$RATE" "$BURST" 3
    elif [ -s "$T/javac-small.log" ]; then
        fail examples/policer-shared-bucket "$(head -n 3 "$T/javac-small.log" | tr '\n' ' ')"
    fi
fi

# ----------------------------------------------------------------- DRR
D=examples/DRR_VIFlet.java
QUANTUM=$(const $D QUANTUM); LIMIT=$(const $D LIMIT)
"${CHECK[@]}" gen-drr "$T/drr-in.pcap" > /dev/null || { fail examples/gen-drr "examplecheck gen-drr failed"; exit 1; }
if [ -z "$QUANTUM" ] || [ -z "$LIMIT" ]; then
    fail examples/drr-constants "QUANTUM or LIMIT not found in $D"
else
    for eng in jit int; do
        args=(); [ "$eng" = int ] && args=(--int)
        if vifd_run "drr-$eng" "${args[@]}" --in "pcap:$T/drr-in.pcap" --out "pcap:$T/drr-$eng.pcap" \
                --rate 10mbit --load "pcap=$C/DRR_VIFlet.class"; then
            check "examples/drr-$eng" "${CHECK[@]}" drr "$T/drr-in.pcap" "$T/drr-$eng.pcap" 10000000 \
                "$QUANTUM" "$LIMIT"
        fi
    done
fi

# ---------------------------------------------------------- re-marker
if vifd_run remark --in "pcap:$T/gen.pcap" --out "pcap:$T/remark.pcap" \
        --load "pcap=$C/DSCP_Remark_VIFlet.class"; then
    check examples/remark "${CHECK[@]}" remark "$T/gen.pcap" "$T/remark.pcap"
fi
if vifd_run remark-mix --in "pcap:$T/mix.pcap" --out "pcap:$T/remark-mix.pcap" \
        --load "pcap=$C/DSCP_Remark_VIFlet.class"; then
    check examples/remark-mixed-traffic "${CHECK[@]}" remark "$T/mix.pcap" "$T/remark-mix.pcap"
fi

echo "examples: $nfail failed"
[ "$nfail" -eq 0 ]
