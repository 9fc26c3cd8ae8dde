#!/usr/bin/env bash
# bench/run.sh - the vifvm benchmark suite (`make bench` runs this).
#
# Builds the Java benchmarks (javac --release 8) and their C twins (gcc -O2),
# runs every benchmark on every available engine REPS times (default 3),
# takes the median, and prints tables of times and ratios; the same text is
# written to build/bench/results.txt, the figures as TSV (build/bench/times.tsv,
# opmicro.tsv) and, through bench/plot.sh, as pictures (build/bench/times.svg,
# opmicro.svg).  See bench/README.md.
#
# Usage: bench/run.sh [--quick] [--only NAME] [--reps N] [--engines "E1 E2 .."]
#   --quick     few iterations (CI smoke test: checks that everything runs)
#   --only N    run only benchmark N (Sieve, ObjectSort, PacketClassify, OpMicro)
#   --reps N    repetitions per engine (median is reported)
#   --engines   engine list (default: all in ENGINES below)
# Environment: VIFVM (default build/release/vifvm), JAVA (default java),
#   CC_BENCH (default gcc), TIMEOUT (seconds per run, default 600),
#   BENCH_PLOT=0 (no plots).
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/bench
CLS=$OUT/classes
CBIN=$OUT/c
RUNS=$OUT/runs
VIFVM=${VIFVM:-$ROOT/build/release/vifvm}
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
CC_BENCH=${CC_BENCH:-gcc}
TIMEOUT=${TIMEOUT:-600}

# ---- engines -------------------------------------------------------------
# To add an engine (e.g. the JIT): add its name here, a case in engine_cmd,
# and optionally ratio pairs in RATIOS.
ENGINES="vifvm-int vifvm-jit java-int java c"
# vifvm-jit is vifvm without --int (the JIT is the default engine)
RATIOS="vifvm-int/java-int vifvm-int/java vifvm-int/c java-int/c java/c vifvm-jit/c vifvm-int/vifvm-jit"

engine_label() {
    case $1 in
        vifvm-int) echo "vifvm --int" ;;
        vifvm-jit) echo "vifvm (JIT)" ;;
        java-int)  echo "java -Xint" ;;
        java)      echo "java" ;;
        c)         echo "gcc -O2" ;;
        *)         echo "$1" ;;
    esac
}

# engine_cmd ENGINE BENCH: print the command line, or nothing if the engine
# cannot run this benchmark.
engine_cmd() {
    local lower
    lower=$(echo "$2" | tr '[:upper:]' '[:lower:]')
    case $1 in
        vifvm-int) [ -x "$VIFVM" ] && echo "$VIFVM --int -cp $CLS $2" ;;
        vifvm-jit) [ -x "$VIFVM" ] && echo "$VIFVM -cp $CLS $2" ;;
        java-int)  echo "$JAVA -Xint -cp $CLS $2" ;;
        java)      echo "$JAVA -cp $CLS $2" ;;
        c)         [ -x "$CBIN/$lower" ] && echo "$CBIN/$lower" ;;
    esac
    return 0
}

# ---- benchmarks: name, default argument, --quick argument ------------------
BENCHES="Sieve ObjectSort PacketClassify OpMicro"
bench_arg() {
    case $1 in
        Sieve)          [ "$QUICK" = 1 ] && echo 100 || echo 2000 ;;
        ObjectSort)     [ "$QUICK" = 1 ] && echo 30  || echo 600 ;;
        PacketClassify) [ "$QUICK" = 1 ] && echo 15  || echo 300 ;;
        OpMicro)        [ "$QUICK" = 1 ] && echo 5000 || echo 200000 ;;
    esac
}

QUICK=0
ONLY=""
REPS=3
while [ $# -gt 0 ]; do
    case $1 in
        --quick)   QUICK=1 ;;
        --only)    shift; ONLY=${1:-} ;;
        --reps)    shift; REPS=${1:-3} ;;
        --engines) shift; ENGINES=${1:-$ENGINES} ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d'; exit 0 ;;
        *) echo "bench/run.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [ -n "$ONLY" ]; then
    case " $BENCHES " in
        *" $ONLY "*) BENCHES=$ONLY ;;
        *) echo "bench/run.sh: unknown benchmark $ONLY (have: $BENCHES)" >&2; exit 2 ;;
    esac
fi

mkdir -p "$CLS" "$CBIN" "$RUNS"
RESULTS=$OUT/results.txt
: > "$RESULTS.tmp"
say() { echo "$@" | tee -a "$RESULTS.tmp"; }

# ---- build ----------------------------------------------------------------
build() {
    local stamp=$CLS/.stamp need=0 f
    for f in "$ROOT"/bench/java/*.java; do
        [ "$f" -nt "$stamp" ] && need=1
    done
    [ -f "$stamp" ] || need=1
    if [ $need = 1 ]; then
        rm -rf "$CLS" && mkdir -p "$CLS"
        if ! "$JAVAC" --release 8 -nowarn -Xlint:none -d "$CLS" "$ROOT"/bench/java/*.java \
                2> "$OUT/javac.log"; then
            cat "$OUT/javac.log" >&2
            echo "bench/run.sh: javac failed" >&2
            exit 1
        fi
        touch "$stamp"
    fi
    for f in "$ROOT"/bench/c/*.c; do
        local b
        b=$CBIN/$(basename "$f" .c)
        if [ ! -x "$b" ] || [ "$f" -nt "$b" ]; then
            "$CC_BENCH" -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -o "$b" "$f" \
                || { echo "bench/run.sh: $CC_BENCH failed on $f" >&2; exit 1; }
        fi
    done
}
build

now_ns() { date +%s%N; }

median() {  # numbers on stdin -> median (or "-")
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "-"; exit }
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# results: associative arrays keyed "bench|engine"
declare -A TIME WALL RESULT STATUS
declare -A OPNS   # "engine|op" -> median ns/op (OpMicro)

run_one() {  # bench engine -> fills TIME WALL RESULT STATUS
    local bench=$1 eng=$2 cmd arg rep out err t0 t1 rc times="" walls="" ok=0 first=""
    cmd=$(engine_cmd "$eng" "$bench")
    if [ -z "$cmd" ]; then
        STATUS[$bench|$eng]="n/a"
        return
    fi
    arg=$(bench_arg "$bench")
    rm -f "$RUNS/$bench.$eng".*.out "$RUNS/$bench.$eng".*.err
    for rep in $(seq 1 "$REPS"); do
        out=$RUNS/$bench.$eng.$rep.out
        err=$RUNS/$bench.$eng.$rep.err
        t0=$(now_ns)
        # shellcheck disable=SC2086
        timeout "$TIMEOUT" $cmd $arg > "$out" 2> "$err"
        rc=$?
        t1=$(now_ns)
        local tm
        tm=$(awk '$1 == "time_ms" { print $2 }' "$out" | tail -1)
        if [ $rc -ne 0 ] || [ -z "$tm" ]; then
            STATUS[$bench|$eng]="FAIL(rc=$rc, see $out/.err)"
            continue
        fi
        ok=$((ok + 1))
        times="$times$tm
"
        walls="$walls$(( (t1 - t0) / 1000 ))
"
        [ -z "$first" ] && first=$(head -1 "$out")
    done
    if [ $ok -gt 0 ]; then
        TIME[$bench|$eng]=$(printf '%s' "$times" | median)
        WALL[$bench|$eng]=$(printf '%s' "$walls" | median | awk '{ printf "%.1f", $1 / 1000 }')
        RESULT[$bench|$eng]=$first
        [ -z "${STATUS[$bench|$eng]:-}" ] && STATUS[$bench|$eng]="ok"
    fi
    if [ "$bench" = OpMicro ] && [ $ok -gt 0 ]; then
        local op
        # shellcheck disable=SC2013
        for op in $(awk '$1 != "time_ms" { print $1 }' "$RUNS/$bench.$eng".*.out 2>/dev/null | sort -u); do
            OPNS[$eng|$op]=$(cat "$RUNS/$bench.$eng".*.out 2>/dev/null |
                awk -v op="$op" '$1 == op { print $2 }' | median)
        done
    fi
}

# ---- header -----------------------------------------------------------------
say "vifvm benchmark results ($(date -u '+%Y-%m-%d %H:%M UTC'))"
say "host: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc 2>/dev/null) cpus"
say "java: $("$JAVA" -version 2>&1 | head -1)"
say "cc:   $("$CC_BENCH" --version 2>/dev/null | head -1) (-O2)"
if [ -x "$VIFVM" ]; then
    say "vifvm: $VIFVM"
else
    say "vifvm: NOT FOUND at $VIFVM (build it with 'make'); vifvm columns are empty"
fi
say "mode: $([ $QUICK = 1 ] && echo quick || echo full), median of $REPS runs; times in ms"
say ""

for bench in $BENCHES; do
    for eng in $ENGINES; do
        [ -t 2 ] && printf '  running %-15s on %-10s\r' "$bench" "$eng" >&2
        run_one "$bench" "$eng"
    done
done
[ -t 2 ] && printf '%60s\r' '' >&2

# ---- tables ---------------------------------------------------------------------
fmt_cell() { printf '%14s' "${1:--}"; }

say "== measured time (time_ms printed by the program; warm-up excluded) =="
line=$(printf '%-16s' "benchmark")
for eng in $ENGINES; do line="$line$(fmt_cell "$(engine_label "$eng")")"; done
say "$line"
for bench in $BENCHES; do
    [ "$bench" = OpMicro ] && continue
    line=$(printf '%-16s' "$bench")
    for eng in $ENGINES; do line="$line$(fmt_cell "${TIME[$bench|$eng]:-}")"; done
    say "$line"
done
say ""
say "== whole-process wall time (ms, includes VM start-up and warm-up) =="
line=$(printf '%-16s' "benchmark")
for eng in $ENGINES; do line="$line$(fmt_cell "$(engine_label "$eng")")"; done
say "$line"
for bench in $BENCHES; do
    line=$(printf '%-16s' "$bench")
    for eng in $ENGINES; do line="$line$(fmt_cell "${WALL[$bench|$eng]:-}")"; done
    say "$line"
done
say ""

ratio() {  # a b -> a/b or -
    awk -v a="${1:-}" -v b="${2:-}" 'BEGIN {
        if (a == "" || b == "" || a == "-" || b == "-" || b + 0 == 0) print "-";
        else printf "%.2f\n", a / b }'
}

active_ratios=""
for r in $RATIOS; do
    a=${r%/*}; b=${r#*/}
    case " $ENGINES " in *" $a "*) ;; *) continue ;; esac
    case " $ENGINES " in *" $b "*) ;; *) continue ;; esac
    active_ratios="$active_ratios $r"
done
say "== ratios of measured time (>1: left side slower) =="
line=$(printf '%-16s' "benchmark")
for r in $active_ratios; do line="$line$(printf '%20s' "$r")"; done
say "$line"
for bench in $BENCHES; do
    [ "$bench" = OpMicro ] && continue
    line=$(printf '%-16s' "$bench")
    for r in $active_ratios; do
        a=${r%/*}; b=${r#*/}
        line="$line$(printf '%20s' "$(ratio "${TIME[$bench|$a]:-}" "${TIME[$bench|$b]:-}")")"
    done
    say "$line"
done
say ""

case " $BENCHES " in
    *" OpMicro "*)
        say "== OpMicro: ns per operation (null loop subtracted; median of $REPS runs) =="
        line=$(printf '%-28s' "operation")
        for eng in $ENGINES; do
            [ "$eng" = c ] && continue
            line="$line$(fmt_cell "$(engine_label "$eng")")"
        done
        say "$line"
        for op in $(for eng in $ENGINES; do cat "$RUNS/OpMicro.$eng.1.out" 2>/dev/null; done |
                    awk '$1 != "time_ms" && !seen[$1]++ { print $1 }'); do
            line=$(printf '%-28s' "$op")
            for eng in $ENGINES; do
                [ "$eng" = c ] && continue
                line="$line$(fmt_cell "${OPNS[$eng|$op]:-}")"
            done
            say "$line"
        done
        say ""
        ;;
esac

# ---- machine-readable results (bench/plot.sh draws them) -----------------------
# times.tsv: bench engine time_ms wall_ms; opmicro.tsv: op engine ns_per_op
# ("-" where an engine did not run)
{
    printf 'bench\tengine\ttime_ms\twall_ms\n'
    for bench in $BENCHES; do
        for eng in $ENGINES; do
            printf '%s\t%s\t%s\t%s\n' "$bench" "$eng" "${TIME[$bench|$eng]:--}" "${WALL[$bench|$eng]:--}"
        done
    done
} > "$OUT/times.tsv"
case " $BENCHES " in
    *" OpMicro "*)
        {
            printf 'op\tengine\tns_per_op\n'
            for op in $(for eng in $ENGINES; do cat "$RUNS/OpMicro.$eng.1.out" 2>/dev/null; done |
                        awk '$1 != "time_ms" && !seen[$1]++ { print $1 }'); do
                for eng in $ENGINES; do
                    [ "$eng" = c ] && continue
                    printf '%s\t%s\t%s\n' "$op" "$eng" "${OPNS[$eng|$op]:--}"
                done
            done
        } > "$OUT/opmicro.tsv"
        ;;
esac

# ---- correctness: every engine must print the same result line ------------
say "== result lines (must agree across engines) =="
bad=0
for bench in $BENCHES; do
    ref=""
    refeng=""
    # reference: the first engine that ran fine, trusted engines first
    for eng in c java java-int $ENGINES; do
        case " $ENGINES " in *" $eng "*) ;; *) continue ;; esac
        if [ "${STATUS[$bench|$eng]:-n/a}" = ok ]; then
            ref=${RESULT[$bench|$eng]}
            refeng=$eng
            break
        fi
    done
    [ "$bench" != OpMicro ] && [ -n "$ref" ] && say "  $bench: $ref"
    for eng in $ENGINES; do
        st=${STATUS[$bench|$eng]:-n/a}
        if [ "$st" = "n/a" ]; then
            continue
        fi
        if [ "$st" != ok ]; then
            say "  $bench on $eng: $st"
            bad=1
            continue
        fi
        [ "$bench" = OpMicro ] && continue
        if [ "${RESULT[$bench|$eng]}" != "$ref" ]; then
            say "  $bench on $eng: MISMATCH with $refeng: ${RESULT[$bench|$eng]}"
            bad=1
        fi
    done
done
say ""
say "paper (VEE'08, Celeron 2 GHz): Sieve: JIT (k-NYA) within 91% of native C and 11x its interpreter."
mv "$RESULTS.tmp" "$RESULTS"
echo "(written to ${RESULTS#"$ROOT"/}; data in build/bench/times.tsv$(case " $BENCHES " in *" OpMicro "*) echo ", opmicro.tsv" ;; esac))"
# the plots (build/bench/*.svg; bench/README.md links them)
if [ "${BENCH_PLOT:-1}" = 1 ]; then
    plots="times"
    case " $BENCHES " in *" OpMicro "*) plots="$plots opmicro" ;; esac
    # shellcheck disable=SC2086
    "$ROOT/bench/plot.sh" $plots || bad=1
fi
exit $bad
