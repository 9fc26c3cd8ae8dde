# tests/kmod/bench_robust.awk - the per-run rows of tests/kmod/run.sh
# --bench (k17), each as the median, the trimmed mean (a fifth of the runs
# left out at each end) and the plain mean of its per-run kernel/user
# ratios, so one stalled run cannot carry the row; reads the guest's
# KT_BENCH (Sieve, per engine), KT_OSORT (ObjectSort pairs) and KT_PQ
# (PriQ over in-memory packets, per round) lines.  The packet rows over
# traffic are bench_stats.awk's.  awk -f stats_lib.awk -f bench_robust.awk
function row(name, key, what,    i, a, n) {
    n = cnt[key]
    if (!n) return
    for (i = 1; i <= n; i++) a[i] = val[key, i]
    sorted_copy(a, n, s_)
    printf "# bench robust %s: kernel/user %s: median %.2f, trimmed mean %.2f, mean %.2f (%d runs, range %.2f-%.2f)\n", name, what, median(a, n), tmean(a, n), mean(a, n), n, s_[1], s_[n]
}
function push(key, v) { cnt[key]++; val[key, cnt[key]] = v }
$1 == "KT_BENCH" { split($3, a, "="); split($5, b, "="); if (b[2] > 0) push("sieve:" $2, a[2] / 1000 / b[2]); eng[$2] = 1 }
$1 == "KT_OSORT" { split($3, a, "="); split($4, b, "="); if (b[2] > 0) push("osort", a[2] / b[2]) }
$1 == "KT_PQ" && $3 == "kernel" { for (i = 4; i <= NF; i++) if ($i ~ /^ns_per_packet=/) { split($i, x, "="); pk[$2] = x[2] } }
$1 == "KT_PQ" && $3 == "user" { pu[$2] = $4 }
$1 == "KT_PQ" && $3 == "framework" { pf[$2] = $4 }
END {
    for (e in eng) row("Sieve " e, "sieve:" e, "time per run")
    row("ObjectSort (jit)", "osort", "time per pair")
    for (r in pk) if ((r in pu) && pu[r] + 0 > 0) {
        push("pq", pk[r] / pu[r])
        if (pu[r] - pf[r] > 0) push("pqf", pk[r] / (pu[r] - pf[r]))
    }
    row("PriQ in memory", "pq", "ns per packet per round")
    row("PriQ in memory over vifd less its framework", "pqf", "ns per packet per round")
}
