#!/usr/bin/env bash
# bench/plot.sh - draws the benchmark results as SVG pictures, one per
# family, next to the tables the bench scripts print:
#
#   bench/plot.sh [FAMILY...]      (default: every family whose data exists)
#
#   family        data (written by)                      picture
#   times         build/bench/times.tsv (run.sh)         build/bench/times.svg: Sieve, ObjectSort,
#                                                        PacketClassify on each engine against gcc -O2
#                                                        and java (ms, log scale; the paper's figures 3, 4)
#   opmicro       build/bench/opmicro.tsv (run.sh)       build/bench/opmicro.svg: ns per operation and
#                                                        engine (log scale; the paper's figure 5)
#   datapath      build/bench/datapath.tsv (datapath.sh) build/bench/datapath.svg: ns per packet per
#                                                        configuration, JIT and interpreter, with the
#                                                        targets (the paper's figure 6)
#   compile_cost  build/bench/compile_cost.tsv           build/bench/compile_cost.svg: compile time in us
#                 (compile_cost.sh)                      per binary (the paper's table 2)
#   calls         build/bench/calls.tsv (calls.sh)       build/bench/calls.svg: ns per call, per kind of
#                                                        call and -Xjit: setting
#
# Uses gnuplot (Debian's gnuplot-nox; scripts/install-deps.sh installs it).
# The gnuplot scripts and the data they read are kept in build/bench/plot/.
# Exit status 1 if gnuplot is missing or a picture could not be drawn.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${BENCH_OUT:-$ROOT/build/bench}
P=$OUT/plot
ALL="times opmicro datapath compile_cost calls"

if ! command -v gnuplot > /dev/null 2>&1; then
    echo "bench/plot.sh: gnuplot not found (install gnuplot-nox: scripts/install-deps.sh)" >&2
    exit 1
fi
if [ $# -eq 0 ]; then
    for f in $ALL; do [ -s "$OUT/$f.tsv" ] && set -- "$@" "$f"; done
    [ $# -gt 0 ] || { echo "bench/plot.sh: no data in ${OUT#"$ROOT"/}/*.tsv (run the bench scripts)" >&2; exit 1; }
fi
mkdir -p "$P"

# common gnuplot settings: white SVG, no enhanced text (names have _ and ^)
term() {  # WIDTH HEIGHT TITLE
    cat <<EOF
set terminal svg size $1,$2 dynamic noenhanced font "sans,12" background rgb "white"
set datafile separator "\t"
set datafile missing "-"
set title "$3" font ",14"
set key top left reverse Left noautotitle
set grid ytics lc rgb "#dddddd"
set border 3
set xtics nomirror
set ytics nomirror
set style fill solid 0.85 border rgb "#333333"
set linetype 1 lc rgb "#4e79a7"
set linetype 2 lc rgb "#f28e2b"
set linetype 3 lc rgb "#59a14f"
set linetype 4 lc rgb "#e15759"
set linetype 5 lc rgb "#76b7b2"
set linetype 6 lc rgb "#b07aa1"
EOF
}

# pivot TSV ROWCOL COLCOL VALCOL COLS...: a wide table (tab-separated, no
# header line, rows in their first order, "-" where a value is missing)
pivot() {
    local tsv=$1 r=$2 c=$3 v=$4; shift 4
    awk -F'\t' -v r="$r" -v c="$c" -v v="$v" -v cols="$*" '
        NR == 1 { next }
        { if (!($r in seen)) { seen[$r] = 1; rows[++n] = $r }; val[$r SUBSEP $c] = $v }
        END {
            k = split(cols, cs, " ")
            for (i = 1; i <= n; i++) {
                printf "\"%s\"", rows[i]
                for (j = 1; j <= k; j++) {
                    x = val[rows[i] SUBSEP cs[j]]
                    printf "\t%s", (x == "" ? "-" : x)
                }
                printf "\n"
            }
        }' "$tsv"
}
# present TSV COLCOL CANDIDATES...: the candidates that have a value in TSV
present() {
    local tsv=$1 c=$2; shift 2
    local x
    for x in "$@"; do
        awk -F'\t' -v c="$c" -v x="$x" 'NR > 1 && $c == x && $0 !~ /\t-(\t|$)/ { f = 1 } END { exit !f }' "$tsv" && echo "$x"
    done
}
# bars DAT N TITLES_VAR LABELS: a clustered-histogram plot command for N
# columns (2..N+1) of DAT titled by the array TITLES_VAR; LABELS=1 writes each
# value above its bar
bars() {
    local dat=$1 n=$2 labels=$4 i cmd="" gap=1.5
    local -n _bt=$3
    for ((i = 0; i < n; i++)); do
        cmd="$cmd${cmd:+, }'$dat' using $((i + 2)):xtic(1) title '${_bt[$i]}' lt $((i + 1))"
    done
    if [ "$labels" = 1 ]; then
        for ((i = 0; i < n; i++)); do
            cmd="$cmd, '$dat' using (\$0 + ($i - ($n - 1) / 2.0) / ($n + $gap)):$((i + 2)):(sprintf('%.3g', \$$((i + 2)))) with labels rotate left offset 0,0.4 font ',9' notitle"
        done
    fi
    echo "set style data histograms"
    echo "set style histogram clustered gap $gap"
    echo "plot $cmd"
}

draw() {  # NAME: run build/bench/plot/NAME.gp into build/bench/NAME.svg
    if gnuplot "$P/$1.gp" > "$OUT/$1.svg.tmp" 2> "$P/$1.err" && [ -s "$OUT/$1.svg.tmp" ]; then
        mv "$OUT/$1.svg.tmp" "$OUT/$1.svg"
        echo "bench/plot.sh: ${OUT#"$ROOT"/}/$1.svg"
    else
        rm -f "$OUT/$1.svg.tmp"
        echo "bench/plot.sh: $1: gnuplot failed: $(head -n 3 "$P/$1.err" | tr '\n' ' ')" >&2
        return 1
    fi
}

label_of() {
    case $1 in
        vifvm-int) echo "vifvm --int" ;;
        vifvm-jit) echo "vifvm (JIT)" ;;
        java-int)  echo "java -Xint" ;;
        java)      echo "java (C1/C2)" ;;
        c)         echo "gcc -O2" ;;
        jit)       echo "vifvm JIT" ;;
        int)       echo "vifvm --int" ;;
        *)         echo "$1" ;;
    esac
}

plot_times() {
    local tsv=$OUT/times.tsv engines titles=() e
    mapfile -t engines < <(present "$tsv" 2 vifvm-int java-int vifvm-jit java c)
    [ "${#engines[@]}" -gt 0 ] || { echo "bench/plot.sh: times: no values in $tsv" >&2; return 1; }
    for e in "${engines[@]}"; do titles+=("$(label_of "$e")"); done
    # OpMicro's time is not comparable: its own picture
    pivot "$tsv" 1 2 3 "${engines[@]}" | grep -v '^"OpMicro"' > "$P/times.dat"
    {
        term 1000 560 "Measured time per benchmark and engine (ms, log scale; lower is faster; $(sed -n '1s/.*(\(.*\)).*/\1/p' "$OUT/results.txt" 2> /dev/null))"
        echo "set logscale y"
        echo "set ylabel 'ms (median of the runs)'"
        echo "set yrange [*:*]"
        echo "set offsets 0, 0, graph 0.12, 0"
        bars "$P/times.dat" "${#engines[@]}" titles 1
    } > "$P/times.gp"
    draw times
}

plot_opmicro() {
    local tsv=$OUT/opmicro.tsv engines titles=() e nrows
    mapfile -t engines < <(present "$tsv" 2 vifvm-int java-int vifvm-jit java)
    [ "${#engines[@]}" -gt 0 ] || { echo "bench/plot.sh: opmicro: no values in $tsv" >&2; return 1; }
    for e in "${engines[@]}"; do titles+=("$(label_of "$e")"); done
    pivot "$tsv" 1 2 3 "${engines[@]}" > "$P/opmicro.dat"
    nrows=$(wc -l < "$P/opmicro.dat")
    {
        term $((300 + 28 * nrows)) 640 "OpMicro: ns per operation (null loop subtracted; log scale: 0 and below not drawn), as the paper's figure 5"
        echo "set logscale y"
        echo "set ylabel 'ns per operation'"
        echo "set xtics rotate by -60 font ',10'"
        echo "set bmargin 10"
        echo "set key outside top center horizontal noreverse Right"
        bars "$P/opmicro.dat" "${#engines[@]}" titles 0
    } > "$P/opmicro.gp"
    draw opmicro
}

plot_datapath() {
    local tsv=$OUT/datapath.tsv fw what
    # config, then median/min/max for jit and int
    awk -F'\t' 'NR == 1 { next }
        { if (!($1 in seen)) { seen[$1] = 1; rows[++n] = $1 }; v[$1, $2] = $3 "\t" $4 "\t" $5 }
        END {
            for (i = 1; i <= n; i++) {
                j = ((rows[i], "jit") in v) ? v[rows[i], "jit"] : "-\t-\t-"
                t = ((rows[i], "int") in v) ? v[rows[i], "int"] : "-\t-\t-"
                printf "\"%s\"\t%s\t%s\n", rows[i], j, t
            }
        }' "$tsv" > "$P/datapath.dat"
    fw=$(awk -F'\t' '$1 == "framework" && $2 == "jit" { print $3 }' "$tsv")
    what=$(awk -F'\t' 'NR == 2 { printf "median of %s runs of %s packets, %s time", $8, $9, $10 }' "$tsv")
    {
        term 1000 560 "vifd: cost per packet per configuration (the paper's figure 6, as ns/packet; $what)"
        echo "set ylabel 'ns per packet (bars: fastest..slowest run)'"
        echo "set yrange [0:*]"
        echo "set offsets 0, 0, graph 0.1, 0"
        echo "set style data histograms"
        echo "set style histogram errorbars gap 1.5 lw 1"
        if [ -n "$fw" ]; then
            # the targets: relay <= framework + 50 ns, PriQ <= framework + 100 ns (JIT)
            echo "set arrow from 1.6, $fw + 50 to 2.4, $fw + 50 nohead dt 2 lw 2 lc rgb '#c00000' front"
            echo "set label 'target' at 2.42, $fw + 50 tc rgb '#c00000' font ',9' front"
            echo "set arrow from 3.6, $fw + 100 to 4.4, $fw + 100 nohead dt 2 lw 2 lc rgb '#c00000' front"
            echo "set label 'target' at 4.42, $fw + 100 tc rgb '#c00000' font ',9' front"
        fi
        echo "plot '$P/datapath.dat' using 2:3:4:xtic(1) title 'vifvm JIT' lt 1, \\"
        echo "     '' using 5:6:7 title 'vifvm --int' lt 2, \\"
        echo "     '' using (\$0 - 0.5 / 3.5):2:(sprintf('%.1f ns\\n%.1f Mpps', \$2, 1000 / \$2)) with labels offset 0,1.6 font ',9' notitle, \\"
        echo "     '' using (\$0 + 0.5 / 3.5):5:(sprintf('%.1f ns', \$5)) with labels offset 0,1 font ',9' notitle"
    } > "$P/datapath.gp"
    draw datapath
}

plot_compile_cost() {
    local tsv=$OUT/compile_cost.tsv bins titles=() b
    mapfile -t bins < <(awk -F'\t' 'NR > 1 && !seen[$1]++ { print $1 }' "$tsv")
    [ "${#bins[@]}" -gt 0 ] || { echo "bench/plot.sh: compile_cost: no values in $tsv" >&2; return 1; }
    for b in "${bins[@]}"; do titles+=("${b#"$ROOT"/}"); done
    pivot "$tsv" 2 1 3 "${bins[@]}" > "$P/compile_cost.dat"
    {
        term 1000 520 "JIT compile cost (us, median of $(awk -F'\t' 'NR == 2 { print $4 }' "$tsv") runs; the paper's table 2: Sieve 340 us)"
        echo "set ylabel 'microseconds'"
        echo "set xtics rotate by -15"
        echo "set yrange [0:*]"
        echo "set offsets 0, 0, graph 0.1, 0"
        bars "$P/compile_cost.dat" "${#bins[@]}" titles 1
    } > "$P/compile_cost.gp"
    draw compile_cost
}

plot_calls() {
    local tsv=$OUT/calls.tsv cols titles=() c
    mapfile -t cols < <(awk -F'\t' 'NR > 1 && !seen[$2]++ { print $2 }' "$tsv")
    [ "${#cols[@]}" -gt 0 ] || { echo "bench/plot.sh: calls: no values in $tsv" >&2; return 1; }
    for c in "${cols[@]}"; do
        case $c in
            all) titles+=("all optimizations") ;;
            calls) titles+=("-Xjit:-inlining,-nullify (the call itself)") ;;
            helper) titles+=("through the C helper") ;;
            *) titles+=("$c") ;;
        esac
    done
    pivot "$tsv" 1 2 3 "${cols[@]}" > "$P/calls.dat"
    {
        term 1000 540 "Cost of one call from JIT-compiled code (ns per call, median; log scale)"
        echo "set ylabel 'ns per call'"
        echo "set logscale y"
        echo "set offsets 0, 0, graph 0.12, 0"
        echo "set xtics rotate by -30"
        bars "$P/calls.dat" "${#cols[@]}" titles 1
    } > "$P/calls.gp"
    draw calls
}

rc=0
for f in "$@"; do
    case " $ALL " in *" $f "*) ;; *) echo "bench/plot.sh: unknown family $f (have: $ALL)" >&2; rc=1; continue ;; esac
    if [ ! -s "$OUT/$f.tsv" ]; then
        echo "bench/plot.sh: no ${OUT#"$ROOT"/}/$f.tsv (run the bench script that writes it)" >&2
        rc=1
        continue
    fi
    "plot_$f" || rc=1
done
exit $rc
