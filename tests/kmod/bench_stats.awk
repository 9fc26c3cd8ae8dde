# tests/kmod/bench_stats.awk - the packet rows of tests/kmod/run.sh --bench:
# reads the guest's KT_CFGS / KT_KB / KT_KP / KT_UPKT lines (tests/kmod/
# bench.sh) and prints "# bench ..." lines.  Every figure is a median over
# rounds of a per-round quantity: configurations are timed in interleaved
# blocks (kpkt bench), so a ratio or difference taken within one round
# compares moments a few milliseconds apart; its median ignores the rounds
# a busy host disturbed.
#   kernel: ns per frame of kpkt's send loop through each configuration
#   prof:   ns per frame inside the qdisc's enqueue and dequeue (get_cycles,
#           module parameter prof), one more pass per configuration and round
#   user:   vifd --bench ns per packet, per outer round (per ROUND.RUN
#           with KT_URUNS runs a round)
# (k17) Beside each kernel/user cost ratio of medians, the same ratio of
# trimmed means (a fifth left out at each end: tmean, stats_lib.awk) and
# of plain means (every stall in), so a reader sees how far the host's
# stalls move each statistic.  Run as awk -f stats_lib.awk -f bench_stats.awk.

function push(key, v) { cnt[key]++; val[key, cnt[key]] = v }
function med(key,    i, a) {
    if (!(key in cnt)) return -1
    for (i = 1; i <= cnt[key]; i++) a[i] = val[key, i]
    return median(a, cnt[key])
}
function stat(key, how,    i, a) {
    if (!(key in cnt)) return -1
    for (i = 1; i <= cnt[key]; i++) a[i] = val[key, i]
    return how == "t" ? tmean(a, cnt[key]) : mean(a, cnt[key])
}
# the configuration an A/B variant belongs to: relay_prev -> relay
function base(name) { sub(/_[a-z]+$/, "", name); return name }

$1 == "KT_CFGS" {
    blk = substr($2, 5) + 0
    for (i = 3; i <= NF; i++) { split($i, p, "="); nc++; cname[nc] = p[1]; idx[p[1]] = nc }
}
$1 == "KT_KB" && $3 == "R" {
    rounds++
    for (k = 1; k <= nc; k++) t[k] = $(4 + k) / blk
    for (k = 1; k <= nc; k++) push("k:" cname[k], t[k])
    f = t[idx["framework"]]; q = t[idx["pfifo_fast"]]
    for (k = 1; k <= nc; k++) {
        n = cname[k]
        push("tp:" n, q / t[k])                 # throughput against pfifo_fast
        if ("pfifo" in idx) push("tl:" n, t[idx["pfifo"]] / t[k])   # against pfifo
        if (n ~ /^pfifo/) continue
        if (n != "framework") push("over:" n, t[k] - f)
        if (("framework_queued" in idx) && n !~ /^framework/) push("overq:" n, t[k] - t[idx["framework_queued"]])
        b = base(n)
        if (b != n && (b in idx)) push("ab:" n, t[idx[b]] / t[k])
    }
}
$1 == "KT_KP" {
    # KT_KP round cfg frames prof part n= ns= ns_each=
    # (stalls=: events longer than the module's prof_stall_us, left out
    # of ns=; the part's per-frame figure is then ns_each x all events)
    split($8, a, "="); key = $2 SUBSEP $3
    split($7, en, "="); sn = 0
    if ($10 ~ /^stalls=/) { split($10, st, "="); sn = st[2]; stalls[$3] += sn }
    pr[key, $6] = (en[2] > 0 && sn > 0) ? a[2] / en[2] * (en[2] + sn) / $4 : a[2] / $4; prk[key] = 1; prn[$3] = 1
}
$1 == "KT_UPKT" && $4 != "?" { u[$2, $3] = $4; ur[$2] = 1; cfgk[$3] = 1 }
END {
    if (!rounds) { print "# bench packets: no kpkt bench rounds"; exit 1 }
    printf "# bench packets: %d interleaved rounds of %d frames per configuration (kpkt bench), medians of per-round figures\n", rounds, blk
    line = "# bench kernel ns per frame (median):"
    for (k = 1; k <= nc; k++) line = line sprintf(" %s %.0f", cname[k], med("k:" cname[k]))
    print line
    line = "# bench throughput against pfifo_fast (median of per-round ratios, target >= 0.95 for relay):"
    for (k = 1; k <= nc; k++) if (cname[k] != "pfifo_fast") line = line sprintf(" %s %.3f", cname[k], med("tp:" cname[k]))
    print line
    line = "# bench throughput against pfifo_fast (trimmed mean / plain mean of per-round ratios):"
    for (k = 1; k <= nc; k++) if (cname[k] != "pfifo_fast") line = line sprintf(" %s %.3f/%.3f", cname[k], stat("tp:" cname[k], "t"), stat("tp:" cname[k], "m"))
    print line
    if ("pfifo" in idx) {
        line = "# bench throughput against pfifo (sch_fifo: root lock, bypass; median of per-round ratios):"
        for (k = 1; k <= nc; k++) if (cname[k] != "pfifo") line = line sprintf(" %s %.3f", cname[k], med("tl:" cname[k]))
        print line
    }
    line = "# bench kernel ns per frame over the framework (median of per-round differences):"
    for (k = 1; k <= nc; k++) if (("over:" cname[k]) in cnt) line = line sprintf(" %s %.0f", cname[k], med("over:" cname[k]))
    print line
    line = ""
    for (k = 1; k <= nc; k++) if (("ab:" cname[k]) in cnt) line = line sprintf(" %s/%s %.3f", base(cname[k]), cname[k], med("ab:" cname[k]))
    if (line != "") print "# bench same rounds, frame time new / A-B variant (median of per-round ratios):" line
    # user space, per outer round
    for (r in ur) {
        if (((r, "framework") in u) && ((r, "relay") in u)) push("u:relay", u[r, "relay"] - u[r, "framework"])
        if (((r, "framework") in u) && ((r, "priq") in u)) push("u:priq", u[r, "priq"] - u[r, "framework"])
        if ((r, "framework") in u) push("u:framework", u[r, "framework"])
    }
    ur_ = med("u:relay"); up_ = med("u:priq")
    printf "# bench user (vifd --bench) ns per packet: framework %.1f; over the framework (median of per-round differences): relay %.1f, priq %.1f\n", med("u:framework"), ur_, up_
    # (KT_URUNS > 1: the runs of a round are paired by run number, ROUND.RUN)
    if ("u:priq" in cnt) {
        lo = hi = val["u:priq", 1]
        for (i = 2; i <= cnt["u:priq"]; i++) { v = val["u:priq", i]; if (v < lo) lo = v; if (v > hi) hi = v }
        printf "# bench user priq over the framework: %d run pairs, median %.1f, range %.1f-%.1f ns\n", cnt["u:priq"], up_, lo, hi
    }
    # vifd's fastest runs: a run's figure is a mean over its packets and
    # carries every stall of the host during it, where the kernel's is a
    # median of 100-frame blocks; the fastest runs are the nearest to a
    # stall-free figure, the one most favourable to vifd (k15)
    for (r in ur) for (c in cfgk) if (((r, c) in u) && (!(c in umin) || u[r, c] < umin[c])) umin[c] = u[r, c]
    if (("priq" in umin) && ("framework" in umin)) umin_ = umin["priq"] - umin["framework"]
    # the profile: the qdisc's own operations, per frame
    qp[1] = "qdisc_enq"; qp[2] = "qdisc_deq"; qp[3] = "qdisc_deq_null"
    for (key in prk) {
        split(key, kk, SUBSEP)
        q = 0
        for (i = 1; i <= 3; i++) if ((key, qp[i]) in pr) q += pr[key, qp[i]]
        push("p:" kk[2], q)
    }
    for (key in pr) {
        split(key, kk, SUBSEP)
        push("pp:" kk[2] ":" kk[3], pr[key])
        parts[kk[3]] = 1
    }
    line = "# bench prof: ns per frame in the qdisc's enqueue+dequeue (median over rounds):"
    for (k = 1; k <= nc; k++) if (("p:" cname[k]) in cnt) line = line sprintf(" %s %.0f", cname[k], med("p:" cname[k]))
    print line
    for (k = 1; k <= nc; k++) {
        if (!(("p:" cname[k]) in cnt)) continue
        line = "# bench prof " cname[k] ", ns per frame by part (median):"
        for (part in parts) if (("pp:" cname[k] ":" part) in cnt) line = line sprintf(" %s %.0f", part, med("pp:" cname[k] ":" part))
        print line
    }
    for (n in stalls) if (stalls[n]) printf "# bench prof %s: %d part events over prof_stall_us left out (stalls), their parts counted at the mean of the rest\n", n, stalls[n]
    fw = med("p:framework")
    for (k = 1; k <= nc; k++) {
        n = cname[k]
        if (n == "framework" || n == "pfifo_fast" || !(("over:" n) in cnt)) continue
        un = (base(n) == "relay") ? ur_ : (base(n) == "priq") ? up_ : -1
        if (un <= 0) continue
        pk = (("p:" n) in cnt) ? med("p:" n) - fw : -1
        printf "# bench %s: cost over the framework, kernel/user: %.2f from frame times (%.0f / %.1f ns)", n, med("over:" n) / un, med("over:" n), un
        if (pk > -1) printf ", %.2f from the in-qdisc profile (%.0f / %.1f ns)", pk / un, pk, un
        printf "\n"
        uk = "u:" base(n)
        if (uk in cnt)
            printf "# bench %s: cost over the framework, kernel/user by frame times: medians %.2f, trimmed means %.2f (%.0f / %.1f ns), plain means %.2f (%.0f / %.1f ns); %d kernel rounds, %d vifd run pairs\n", n, med("over:" n) / un, stat("over:" n, "t") / stat(uk, "t"), stat("over:" n, "t"), stat(uk, "t"), stat("over:" n, "m") / stat(uk, "m"), stat("over:" n, "m"), stat(uk, "m"), cnt["over:" n], cnt[uk]
        if (base(n) == "priq" && umin_ > 0)
            printf "# bench %s: cost over the framework, kernel/user against vifd's fastest runs (priq %.1f less framework %.1f): %.2f from frame times (%.0f / %.1f ns)%s\n", n, umin["priq"], umin["framework"], med("over:" n) / umin_, med("over:" n), umin_, (("overq:" n) in cnt) ? sprintf(", %.2f over the queued framework (%.0f ns)", med("overq:" n) / umin_, med("overq:" n)) : ""
    }
    # the framework with every packet queued (bypass=0): the same core
    # path (enqueue, dequeue, the second dequeue) as a VIFlet that cannot
    # be bypassed, such as PriQ
    for (k = 1; k <= nc; k++) {
        n = cname[k]
        if (!(("overq:" n) in cnt)) continue
        un = (base(n) == "relay") ? ur_ : (base(n) == "priq") ? up_ : -1
        if (un <= 0) continue
        printf "# bench %s: cost over the queued framework (bypass=0), kernel/user: %.2f (%.0f / %.1f ns); trimmed means %.2f (%.0f / %.1f ns)\n", n, med("overq:" n) / un, med("overq:" n), un, stat("overq:" n, "t") / stat("u:" base(n), "t"), stat("overq:" n, "t"), stat("u:" base(n), "t")
    }
}
