#!/usr/bin/env bash
# bench/jit_threshold.sh - when should the JIT compile?  Runs the
# conformance corpus (many short programs: start-up and compile cost
# dominate) and the three bench kernels (long loops) with
# -Xjit-threshold:N for several N (compile at the N+1-th call; 0 = before
# the first call, the default) and with --int, and prints total CPU
# seconds (user+sys) per setting.  There is no on-stack replacement, so a
# method entered once (main's loop) is compiled only with N = 0.
#
#   bench/jit_threshold.sh [--thresholds "0 1 10 100 1000"] [--reps N]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
TH="0 1 10 100 1000" REPS=3
while [ $# -gt 0 ]; do
    case $1 in
        --thresholds) shift; TH=${1:-$TH} ;;
        --reps) shift; REPS=${1:-3} ;;
        *) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
    shift
done
make -s -j2 build/release/vifvm >/dev/null || exit 2
VM=$ROOT/build/release/vifvm
W=build/bench/threshold
mkdir -p "$W/conf" "$W/bench"
# the programs that compile at release 8 (not those marked min-release 17 or
# needing extra javac arguments such as --enable-preview)
javac --release 8 -nowarn -d "$W/conf" $(grep -L "conformance: min-release\|conformance: javac-args" tests/conformance/*.java) 2>/dev/null || exit 2
javac --release 8 -nowarn -d "$W/bench" bench/java/*.java || exit 2
mains=$(grep -l 'static void main' tests/conformance/*.java | xargs -n1 basename | sed 's/\.java$//')
cpu() {  # command... -> CPU seconds (user + sys)
    /usr/bin/time -f '%U %S' -o "$W/time" "$@" > /dev/null 2>&1 < /dev/null
    awk '{print $1 + $2}' "$W/time"
}
printf '%-10s %12s %12s %12s %12s\n' setting corpus_s Sieve_s ObjectSort_s PacketCls_s
for s in int $TH; do
    if [ "$s" = int ]; then o=(--int); else o=("-Xjit-threshold:$s"); fi
    best=()
    for what in corpus Sieve ObjectSort PacketClassify; do
        b=""
        for ((r = 0; r < REPS; r++)); do
            if [ "$what" = corpus ]; then
                tot=0
                for m in $mains; do
                    v=$(cpu timeout 60 "$VM" "${o[@]}" -cp "$W/conf" "$m")
                    tot=$(awk -v a="$tot" -v b="${v:-0}" 'BEGIN{print a + b}')
                done
                v=$tot
            else
                v=$(cpu "$VM" "${o[@]}" -cp "$W/bench" "$what")
            fi
            if [ -z "$b" ] || awk -v a="$v" -v b="$b" 'BEGIN{exit !(a < b)}'; then b=$v; fi
        done
        best+=("$b")
    done
    printf '%-10s %12s %12s %12s %12s\n' "$s" "${best[@]}"
done
echo "(CPU seconds, best of $REPS; corpus = sum over $(echo $mains | wc -w) programs)"
