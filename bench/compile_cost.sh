#!/usr/bin/env bash
# bench/compile_cost.sh - the JIT's compile cost (issue 3, "Compile cost"),
# in time and in instructions, for one or more vifvm binaries.
#
#   bench/compile_cost.sh [--runs N] [--callgrind] VIFVM [VIFVM ...]
#
# Time: N (default 9) rounds; each round runs every binary once on
# Sieve 200 and once on PacketClassify 300 with --stats, one binary after
# the other (interleaved: the machine is shared and noisy).  Prints the
# median of "compile us" for Sieve's 4 methods (the summary line), for
# Sieve.main (the first compile of the process) and of PacketClassify's
# median per method; and Sieve's 4 methods again when they are not the
# process's first compile (SecondCompile Sieve 200: bench/java/SecondCompile
# compiles a method of its own first; see bench/README.md, "The first
# compile of a process").
# --callgrind: also the compiler's instructions per compile (resolution
# left out: it is reported apart), one callgrind dump per compile; dumps 1,
# 9, 10 and 39 are Sieve.main, .run, .sieve and .ms (compile order of the
# Sieve run at the time of writing; check with a breakpoint on
# jit_compile_ex if the library changes).
# The medians are also written to build/bench/compile_cost.tsv and drawn
# by bench/plot.sh into build/bench/compile_cost.svg (BENCH_PLOT=0: no plot).
# Environment: JAVAC, BENCH_PLOT.  The benchmarks are compiled to build/bench/classes.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVAC=${JAVAC:-javac}
CP=$ROOT/build/bench/classes
RUNS=9 CG=0
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --callgrind) CG=1; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d'; exit 0 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--runs N] [--callgrind] VIFVM [VIFVM ...]" >&2; exit 2; }
if [ ! -f "$CP/Sieve.class" ] || [ ! -f "$CP/PacketClassify.class" ] || [ ! -f "$CP/SecondCompile.class" ]; then
    mkdir -p "$CP"
    "$JAVAC" --release 8 -nowarn -Xlint:none -d "$CP" "$ROOT"/bench/java/*.java || exit 1
fi

median() { tr ' ' '\n' | grep -v '^$' | sort -g |
           awk '{a[NR]=$1} END{if (NR) print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

declare -A S M P W
for _ in $(seq 1 "$RUNS"); do
    for bin in "$@"; do
        out=$("$bin" --stats -cp "$CP" Sieve 200 2>&1)
        S[$bin]+="$(echo "$out" | awk '/total: 4 methods/{print $(NF-4)}') "
        M[$bin]+="$(echo "$out" | awk '/^  Sieve\.main/{print $(NF-2)}') "
        out=$("$bin" --stats -cp "$CP" SecondCompile Sieve 200 2>&1)
        W[$bin]+="$(echo "$out" | awk '/^  Sieve\./{t += $(NF-2); n++} END{if (n == 4) print t}') "
        out=$("$bin" --stats -cp "$CP" PacketClassify 300 2>&1)
        P[$bin]+="$(echo "$out" | awk '/total: .* methods/{print $(NF-1)}') "
    done
done
TSV=$ROOT/build/bench/compile_cost.tsv
mkdir -p "$(dirname "$TSV")"
printf 'binary\tmeasure\tus\truns\n' > "$TSV"
for bin in "$@"; do
    s=$(echo "${S[$bin]}" | median) m=$(echo "${M[$bin]}" | median)
    p=$(echo "${P[$bin]}" | median) w=$(echo "${W[$bin]}" | median)
    printf '%s: Sieve 4 methods %s us, Sieve.main %s us, PacketClassify median/method %s us; Sieve 4 methods not first %s us (%s runs)\n' \
        "$bin" "$s" "$m" "$p" "$w" "$RUNS"
    printf '%s\t%s\t%s\t%s\n' "$bin" "Sieve, 4 methods" "${s:--}" "$RUNS" "$bin" "Sieve.main" "${m:--}" "$RUNS" \
        "$bin" "Sieve, 4 methods, not first" "${w:--}" "$RUNS" \
        "$bin" "PacketClassify, median method" "${p:--}" "$RUNS" >> "$TSV"
done
echo "(data in ${TSV#"$ROOT"/})"
if [ "${BENCH_PLOT:-1}" = 1 ]; then "$ROOT/bench/plot.sh" compile_cost || exit 1; fi

[ "$CG" = 1 ] || exit 0
command -v valgrind > /dev/null || { echo "valgrind not found" >&2; exit 1; }
for bin in "$@"; do
    bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
    d=$(mktemp -d)
    (cd "$d" && valgrind --tool=callgrind --toggle-collect=jit_compile_ex \
        --toggle-collect=resolve_insn --dump-after=jit_compile_ex \
        "$bin" -cp "$CP" Sieve 200 > /dev/null 2>&1)
    ir() { grep -m1 '^summary' "$d"/callgrind.out.*."$1" | cut -d' ' -f2; }
    all=$(cat "$d"/callgrind.out.*.* | awk '/^summary/{t+=$2} END{print t}')
    n=$(ls "$d"/callgrind.out.*.* | wc -l)
    m=$(ir 1) r=$(ir 9) s=$(ir 10) ms=$(ir 39)
    echo "$bin: Sieve.main $m, run $r, sieve $s, ms $ms, the 4: $((m + r + s + ms)); all $n compiles $all instructions"
    rm -f "$d"/callgrind.out.*
    (cd "$d" && valgrind --tool=callgrind --toggle-collect=jit_compile_ex \
        --toggle-collect=resolve_insn --dump-after=jit_compile_ex \
        "$bin" -cp "$CP" PacketClassify 300 > /dev/null 2>&1)
    for f in "$d"/callgrind.out.*.*; do grep -m1 '^summary' "$f" | cut -d' ' -f2; done | sort -n |
        awk -v b="$bin" '{a[NR]=$1; t+=$1} END{printf "%s: PacketClassify %d compiles, median %d, total %d instructions\n", b, NR, (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2), t}'
    rm -rf "$d"
done
