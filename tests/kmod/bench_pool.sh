#!/usr/bin/env bash
# tests/kmod/bench_pool.sh - issue 13 §6's rows from one or more bench
# boots (console logs of `tests/kmod/run.sh --bench`, e.g. copies of
# build/kmod-test/console-bench.log), pooled into one table with the
# target and whether the pool meets it.  run.sh --bench prints the same
# table for its one boot at the end.
#
#   tests/kmod/bench_pool.sh LOG...
#
# Rows (kernel/user: target <= 1.05; relay qdisc vs pfifo_fast: >= 0.95):
#   sieve-jit       examples/Sieve.java under the JIT, KT_BENCH jit: each
#                   run's kernel_total_us / user_ms
#   sieve-int       the same interpreted, the module's default dispatch
#                   (KT_BENCH int)
#   objectsort      bench/java/ObjectSort.java's timed part (KT_OSORT)
#   relay-packet    the relay's cost per packet over the framework alone,
#                   kernel (kpkt frame times, median of per-round
#                   differences) over vifd --bench's (bench_stats.awk:
#                   "relay: cost over the framework, kernel/user")
#   priq-packet     PriQ like for like (k15): the kernel's PriQ over its
#                   queued framework (a qdisc that holds the packet, as
#                   vifd does) against vifd's fastest runs (PriQ less its
#                   framework); bench_stats.awk: "... over the queued
#                   framework"
#   relay-vs-pfifo  the relay VIFlet qdisc's throughput over pfifo_fast's,
#                   median of per-round ratios (bench_stats.awk)
# Sieve and ObjectSort pool every run of every boot: the median of the
# per-run ratios, the ratio of the sums, the range.  The packet rows have
# one figure per boot (each already a median over its rounds): their
# median, the ratio of the sums of the boots' kernel and user figures,
# the range.  A row is met when both its median and its ratio of sums
# meet the target.  A row missing from a log is left out of that boot.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 1 ] || { echo "usage: tests/kmod/bench_pool.sh LOG..." >&2; exit 2; }
for f in "$@"; do
    [ -r "$f" ] || { echo "bench_pool: cannot read $f" >&2; exit 2; }
done
b=0
for f in "$@"; do
    b=$((b + 1))
    tr -d '\r' < "$f" | grep -aE '^KT_(BENCH|OSORT) ' | sed "s/^/B $b /"
    # the packet rows: bench_stats.awk's own lines for this boot
    if [ "$(tr -d '\r' < "$f" | grep -ac '^KT_KB ')" -gt 0 ]; then
        tr -d '\r' < "$f" | grep -aE '^KT_(CFGS|KB|KP|UPKT) ' |
            awk -f tests/kmod/stats_lib.awk -f tests/kmod/bench_stats.awk 2>/dev/null |
            grep -aE '^# bench (relay: cost over the framework, kernel/user: |priq: cost over the framework, kernel/user against vifd|throughput against pfifo_fast \(median|kernel ns per frame \(median\))' |
            sed "s/^/B $b /"
    fi
done | awk -v boots=$# '
    function num(s) { gsub(/[^0-9.]/, "", s); return s + 0 }
    function add(row, bt, r, k, u) { n[row]++; R[row, n[row]] = r; K[row] += k; U[row] += u; seen[row, bt] = 1 }
    # per-run rows
    $3 == "KT_BENCH" && ($4 == "jit" || $4 == "int") {
        split($5, a, "="); split($7, c, "="); k = a[2] / 1000; u = c[2]
        if (u > 0) add("sieve-" $4, $2, k / u, k, u) }
    $3 == "KT_OSORT" { split($5, a, "="); split($6, c, "="); if (c[2] > 0) add("objectsort", $2, a[2] / c[2], a[2], c[2]) }
    # per-boot rows (bench_stats.awk): "... kernel/user: 0.15 from frame times (12 / 77.8 ns)"
    /# bench relay: cost over the framework, kernel\/user: / {
        s = $0; sub(/.*kernel\/user: /, "", s); split(s, w, " ")
        t = s; sub(/.*from frame times \(/, "", t); split(t, kv, " / ")
        add("relay-packet", $2, w[1] + 0, kv[1] + 0, num(kv[2])) }
    # "... (2655 / 1793.1 ns), 1.01 over the queued framework (1806 ns)"
    /# bench priq: cost over the framework, kernel\/user against vifd/ {
        s = $0; sub(/.*from frame times \(/, "", s); split(s, kv, " / "); u = num(kv[2])
        t = $0; sub(/ over the queued framework.*/, "", t); nq = split(t, w, " "); r = w[nq] + 0
        q = $0; sub(/.*over the queued framework \(/, "", q); k = num(q)
        add("priq-packet", $2, r, k, u) }
    /# bench throughput against pfifo_fast \(median/ {
        for (i = 1; i < NF; i++) if ($i == "relay") tp[$2] = $(i + 1) + 0 }
    /# bench kernel ns per frame \(median\)/ {
        for (i = 1; i < NF; i++) { if ($i == "relay") nr[$2] = $(i + 1) + 0; if ($i == "pfifo_fast") np[$2] = $(i + 1) + 0 } }
    END {
        # relay vs pfifo_fast: throughput ratio (frame time of pfifo_fast over the relay)
        for (bt in tp) if (nr[bt] > 0) add("relay-vs-pfifo", bt, tp[bt], np[bt], nr[bt])
        printf "# bench pool: %d boot(s)\n", boots
        printf "# bench pool: %-15s %5s %5s %8s %-13s %8s %-9s %s\n", "row", "boots", "n", "median", "(range)", "sums", "target", "verdict"
        split("sieve-jit sieve-int objectsort relay-packet priq-packet relay-vs-pfifo", rows, " ")
        for (ri = 1; ri <= 6; ri++) {
            row = rows[ri]; m = n[row]
            if (!m) { printf "# bench pool: %-15s %5d %5d %8s %-13s %8s %-9s %s\n", row, 0, 0, "-", "", "-", "", "no data"; continue }
            for (i = 1; i <= m; i++) v[i] = R[row, i]
            for (i = 2; i <= m; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
            med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
            nb = 0; for (bt = 1; bt <= boots; bt++) nb += (row, bt) in seen
            sums = U[row] > 0 ? K[row] / U[row] : 0
            if (row == "relay-vs-pfifo") { tg = ">= 0.95"; ok = med >= 0.95 && sums >= 0.95 }
            else { tg = "<= 1.05"; ok = med <= 1.05 && sums <= 1.05 }
            printf "# bench pool: %-15s %5d %5d %8.3f (%.3f-%.3f) %8.3f %-9s %s\n", row, nb, m, med, v[1], v[m], sums, tg, ok ? "met" : "NOT MET" } }'
