# tests/kmod/stats_lib.awk - the statistics of tests/kmod/run.sh --bench's
# reports (bench_stats.awk, bench_robust.awk: awk -f stats_lib.awk -f ...).
# a[1..n] is left as given (each sorts a copy).
#   median(a, n)   the middle value (mean of the two middle ones for even n)
#   tmean(a, n)    the mean with the lowest and highest fifth (floor(n/5)
#                  values at each end) left out: robust to the host stalls
#                  that hit one run in a few, unlike the plain mean; for
#                  n < 5 nothing is left out (the plain mean)
#   mean(a, n)     the plain mean

function sorted_copy(a, n, b,    i, j, t) {
    for (i = 1; i <= n; i++) b[i] = a[i]
    for (i = 2; i <= n; i++) { t = b[i]; for (j = i - 1; j >= 1 && b[j] > t; j--) b[j + 1] = b[j]; b[j + 1] = t }
}
function median(a, n,    b) {
    if (n == 0) return -1
    sorted_copy(a, n, b)
    return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
}
function tmean(a, n,    b, c, i, s) {
    if (n == 0) return -1
    sorted_copy(a, n, b)
    c = int(n / 5)
    for (i = 1 + c; i <= n - c; i++) s += b[i]
    return s / (n - 2 * c)
}
function mean(a, n,    i, s) {
    if (n == 0) return -1
    for (i = 1; i <= n; i++) s += a[i]
    return s / n
}
