# bench/callgrind_per.sh - sourced by the chain benchmarks
# (bench/chains_heldout.sh, bench/chains_general.sh): instructions per
# packet of a vifd run, counted by callgrind (deterministic on a shared
# host): one run of 25000 packets minus one of 5000, so start-up cancels.
# Uses $VIFD, $CAP (the capture) and the array ENVV (the environment).
irs() {   # instructions of one run of $1 packets (over $CAP, with ${ENVV[@]})
    local n=$1; shift
    env "${ENVV[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$VIFD" --in "pcap:$CAP" \
        --bench "$n" --quiet "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per() {   # instructions per packet
    local a b
    a=$(irs 5000 "$@"); b=$(irs 25000 "$@")
    [ -n "$a" ] && [ -n "$b" ] || { echo "bench/${0##*/}: run failed: $*" >&2; exit 1; }
    echo $(( (b - a) / 20000 ))
}
