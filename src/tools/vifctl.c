/* vifctl.c - the operator's tool for a running vifd's injection directory
 * (`vifd --dir DIR`; in bridge mode DIR/<A>/..., DIR/<B>/...).  It only
 * reads and writes files there, so it needs no connection to vifd and the
 * same verbs can later talk to the kernel module's home:
 *
 *   vifctl stats DIR                     the VIF tree once, from the `stats` files
 *   vifctl top DIR [-i SEC] [-n COUNT]   the tree refreshed every SEC seconds
 *                                        (default 1) with rates computed from
 *                                        successive reads; -n stops after COUNT
 *                                        screens (then no screen clearing)
 *   vifctl add DIR PATH FILTER           make child VIF PATH (its directory and
 *                                        `filter`, written atomically)
 *   vifctl load DIR PATH FILE            inject FILE (.class or .jar) into VIF PATH
 *   vifctl log DIR PATH [-f]             print VIF PATH's log (-f: keep following)
 *
 * PATH is a VIF path ("pcap/web"), i.e. a directory under DIR.  Host code
 * (POSIX). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_VIFS  4096
#define MAX_DEPTH 32

static volatile sig_atomic_t g_stop;
static void on_signal(int s) { (void)s; g_stop = 1; }

static void usage(FILE *f) {
    fputs("Usage: vifctl VERB DIR [ARGS]   (DIR: the directory given to vifd --dir)\n"
          "  stats DIR                    the VIF tree once, from the stats files\n"
          "  top DIR [-i SEC] [-n COUNT]  refreshing view with rates (q or Ctrl-C quits)\n"
          "  add DIR PATH FILTER          make child VIF PATH with a pcap filter\n"
          "  load DIR PATH FILE           inject a VIFlet (.class or .jar) into VIF PATH\n"
          "  log DIR PATH [-f]            print VIF PATH's log (-f: follow)\n", f);
}

/* ------------------------------------------------------------ stats files */

typedef struct vstat {
    char path[512];
    char viflet[128], state[32];
    uint64_t in, out, dh, dq, dp, held, bytes_in, bytes_out, backlog_bytes;
    uint64_t d50, d99, dmax, h50, h99, hmax, aborts, loads, detaches;
    int64_t clock_ns;
} vstat;

typedef struct snap {
    vstat *v;
    int n;
    int64_t wall_ns;
} snap;

static int64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void parse_stats(const char *text, vstat *s) {
    memset(s, 0, sizeof *s);
    snprintf(s->viflet, sizeof s->viflet, "-");
    snprintf(s->state, sizeof s->state, "-");
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[1024];
        if (len >= sizeof line) len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        p = nl ? nl + 1 : p + len;
        char *sp = strchr(line, ' ');
        if (!sp) continue;
        *sp = '\0';
        const char *k = line, *val = sp + 1;
        uint64_t u = strtoull(val, NULL, 10);
        static const struct { const char *k; size_t off; } nums[] = {
            { "in", offsetof(vstat, in) }, { "out", offsetof(vstat, out) },
            { "dropped_handler", offsetof(vstat, dh) }, { "dropped_quota", offsetof(vstat, dq) },
            { "dropped_policy", offsetof(vstat, dp) }, { "held", offsetof(vstat, held) },
            { "bytes_in", offsetof(vstat, bytes_in) }, { "bytes_out", offsetof(vstat, bytes_out) },
            { "backlog_bytes", offsetof(vstat, backlog_bytes) },
            { "delay_p50_ns", offsetof(vstat, d50) }, { "delay_p99_ns", offsetof(vstat, d99) },
            { "delay_max_ns", offsetof(vstat, dmax) }, { "handler_p50_ns", offsetof(vstat, h50) },
            { "handler_p99_ns", offsetof(vstat, h99) }, { "handler_max_ns", offsetof(vstat, hmax) },
            { "aborts", offsetof(vstat, aborts) }, { "loads", offsetof(vstat, loads) },
            { "detaches", offsetof(vstat, detaches) },
        };
        bool done = false;
        for (size_t i = 0; i < sizeof nums / sizeof nums[0] && !done; i++)
            if (!strcmp(k, nums[i].k)) {
                memcpy((char *)s + nums[i].off, &u, sizeof u);
                done = true;
            }
        if (done) continue;
        if (!strcmp(k, "vif")) snprintf(s->path, sizeof s->path, "%s", val);
        else if (!strcmp(k, "viflet")) snprintf(s->viflet, sizeof s->viflet, "%s", val);
        else if (!strcmp(k, "state")) snprintf(s->state, sizeof s->state, "%s", val);
        else if (!strcmp(k, "clock_ns")) s->clock_ns = strtoll(val, NULL, 10);
    }
}

/* Read DIR/.../stats recursively (no symlinks followed). */
static void scan(const char *dir, int depth, snap *sn) {
    if (depth > MAX_DEPTH || sn->n >= MAX_VIFS) return;
    char f[4096];
    snprintf(f, sizeof f, "%s/stats", dir);
    int fd = open(f, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        char buf[16384];
        ssize_t r = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (r > 0) {
            buf[r] = '\0';
            parse_stats(buf, &sn->v[sn->n]);
            if (sn->v[sn->n].path[0]) sn->n++;
        }
    }
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char **subs = NULL;
    size_t ns = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(f, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        char **q = realloc(subs, (ns + 1) * sizeof *q);
        if (!q) break;
        subs = q;
        if ((subs[ns] = strdup(f))) ns++;
    }
    closedir(d);
    for (size_t i = 0; i < ns; i++) {
        scan(subs[i], depth + 1, sn);
        free(subs[i]);
    }
    free(subs);
}

static int by_path(const void *a, const void *b) {
    return strcmp(((const vstat *)a)->path, ((const vstat *)b)->path);
}

static int read_snap(const char *dir, snap *sn) {
    sn->n = 0;
    sn->wall_ns = mono_ns();
    scan(dir, 0, sn);
    qsort(sn->v, (size_t)sn->n, sizeof *sn->v, by_path);
    return sn->n;
}

/* ---------------------------------------------------------------- output */

static const char *dur(char *b, size_t cap, uint64_t ns) {
    if (ns < 1000) snprintf(b, cap, "%" PRIu64 "ns", ns);
    else if (ns < 1000000) snprintf(b, cap, "%.1fus", (double)ns / 1e3);
    else if (ns < 1000000000) snprintf(b, cap, "%.2fms", (double)ns / 1e6);
    else snprintf(b, cap, "%.2fs", (double)ns / 1e9);
    return b;
}

static const char *si(char *b, size_t cap, double v) {
    if (v < 1e3) snprintf(b, cap, "%.0f", v);
    else if (v < 1e6) snprintf(b, cap, "%.1fk", v / 1e3);
    else if (v < 1e9) snprintf(b, cap, "%.1fM", v / 1e6);
    else snprintf(b, cap, "%.1fG", v / 1e9);
    return b;
}

/* "  web" for pcap/web: the last component, indented by depth */
static const char *tree_name(char *b, size_t cap, const char *path) {
    int depth = 0;
    const char *last = path;
    for (const char *p = path; *p; p++)
        if (*p == '/') { depth++; last = p + 1; }
    size_t ind = (size_t)depth * 2 < cap - 1 ? (size_t)depth * 2 : cap - 1;
    memset(b, ' ', ind);
    size_t n = strlen(last);
    if (n > cap - 1 - ind) n = cap - 1 - ind;
    memcpy(b + ind, last, n);
    b[ind + n] = '\0';
    return b;
}

static const vstat *find(const snap *s, const char *path) {
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->v[i].path, path)) return &s->v[i];
    return NULL;
}

/* The table; with `prev`, rates over the interval since it. */
static void print_table(FILE *f, const snap *cur, const snap *prev) {
    if (prev)
        fprintf(f, "%-20s %-14s %-8s %8s %8s %8s %9s %9s %8s %8s %9s %9s %9s\n", "VIF", "VIFlet",
                "state", "in/s", "out/s", "bit/s", "in", "out", "drops", "backlog", "delay-p99",
                "hdl-p50", "hdl-max");
    else
        fprintf(f, "%-20s %-14s %-8s %9s %9s %12s %8s %8s %9s %9s %9s %9s %9s\n", "VIF", "VIFlet",
                "state", "in", "out", "bytes-out", "drops", "backlog", "backlog-B", "delay-p50",
                "delay-p99", "hdl-p50", "hdl-p99");
    for (int i = 0; i < cur->n; i++) {
        const vstat *v = &cur->v[i];
        char name[64], a[16], b[16], c[16], d[16], e[16], g[16];
        tree_name(name, sizeof name, v->path);
        uint64_t drops = v->dh + v->dq + v->dp;
        if (prev) {
            const vstat *p = find(prev, v->path);
            double dt = 0;
            if (p && v->clock_ns > p->clock_ns) dt = (double)(v->clock_ns - p->clock_ns) / 1e9;
            double rin = 0, rout = 0, rbit = 0;
            if (p && dt > 0) {
                rin = (double)(v->in - p->in) / dt;
                rout = (double)(v->out - p->out) / dt;
                rbit = (double)(v->bytes_out - p->bytes_out) * 8 / dt;
            }
            fprintf(f, "%-20s %-14.14s %-8.8s %8s %8s %8s %9" PRIu64 " %9" PRIu64 " %8" PRIu64
                       " %8" PRIu64 " %9s %9s %9s\n",
                    name, v->viflet, v->state, si(a, sizeof a, rin), si(b, sizeof b, rout),
                    si(c, sizeof c, rbit), v->in, v->out, drops, v->held,
                    dur(d, sizeof d, v->d99), dur(e, sizeof e, v->h50), dur(g, sizeof g, v->hmax));
        } else {
            fprintf(f, "%-20s %-14.14s %-8.8s %9" PRIu64 " %9" PRIu64 " %12" PRIu64 " %8" PRIu64
                       " %8" PRIu64 " %9" PRIu64 " %9s %9s %9s %9s\n",
                    name, v->viflet, v->state, v->in, v->out, v->bytes_out, drops, v->held,
                    v->backlog_bytes, dur(a, sizeof a, v->d50), dur(b, sizeof b, v->d99),
                    dur(c, sizeof c, v->h50), dur(d, sizeof d, v->h99));
        }
    }
}

static int cmd_stats(const char *dir) {
    snap s = { calloc(MAX_VIFS, sizeof(vstat)), 0, 0 };
    if (!s.v) return 1;
    if (read_snap(dir, &s) == 0) {
        fprintf(stderr, "vifctl: no VIF stats files under %s (is vifd running with --dir %s?)\n",
                dir, dir);
        free(s.v);
        return 1;
    }
    print_table(stdout, &s, NULL);
    free(s.v);
    return 0;
}

static int cmd_top(const char *dir, double interval, long count) {
    snap a = { calloc(MAX_VIFS, sizeof(vstat)), 0, 0 }, b = { calloc(MAX_VIFS, sizeof(vstat)), 0, 0 };
    int rc = 1;
    if (!a.v || !b.v) goto out;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    bool clear = count <= 0 && isatty(STDOUT_FILENO);
    snap *prev = &a, *cur = &b;
    read_snap(dir, prev);
    for (long k = 0; !g_stop && (count <= 0 || k < count); k++) {
        struct timespec ts = { (time_t)interval, (long)((interval - (double)(time_t)interval) * 1e9) };
        nanosleep(&ts, NULL);
        if (g_stop) break;
        read_snap(dir, cur);
        if (clear) fputs("\033[H\033[2J", stdout);
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        char tb[32];
        strftime(tb, sizeof tb, "%Y-%m-%dT%H:%M:%SZ", &tm);
        printf("vifctl top %s  %s  (%d VIFs, every %.1f s; rates per second of datapath time)\n", dir, tb,
               cur->n, interval);
        print_table(stdout, cur, prev);
        if (!clear) putchar('\n');
        fflush(stdout);
        snap *t = prev; prev = cur; cur = t;
    }
    rc = 0;
out:
    free(a.v);
    free(b.v);
    return rc;
}

/* ------------------------------------------------------------ the writers */

static int vif_dir(const char *dir, const char *path, char *out, size_t cap) {
    if (strstr(path, "..") || path[0] == '/') {
        fprintf(stderr, "vifctl: bad VIF path '%s'\n", path);
        return -1;
    }
    snprintf(out, cap, "%s/%s", dir, path);
    return 0;
}

/* Write `len` bytes as DIRECTORY/NAME: into a dot-file first, then renamed
 * (vifd ignores dot-files, and sees the rename as one finished file). */
static int write_atomic(const char *d, const char *name, const void *data, size_t len) {
    char tmp[4200], dst[4200];
    snprintf(tmp, sizeof tmp, "%s/.vifctl.%ld.tmp", d, (long)getpid());
    snprintf(dst, sizeof dst, "%s/%s", d, name);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "vifctl: %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    bool ok = write(fd, data, len) == (ssize_t)len;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, dst) != 0) {
        fprintf(stderr, "vifctl: cannot write %s: %s\n", dst, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

static int cmd_add(const char *dir, const char *path, const char *filter) {
    char d[4096];
    if (vif_dir(dir, path, d, sizeof d) != 0) return 1;
    if (mkdir(d, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "vifctl: mkdir %s: %s\n", d, strerror(errno));
        return 1;
    }
    char buf[4100];
    int n = snprintf(buf, sizeof buf, "%s\n", filter);
    if (n < 0 || (size_t)n >= sizeof buf) {
        fprintf(stderr, "vifctl: filter too long\n");
        return 1;
    }
    return write_atomic(d, "filter", buf, (size_t)n) ? 1 : 0;
}

static int cmd_load(const char *dir, const char *path, const char *file) {
    char d[4096];
    if (vif_dir(dir, path, d, sizeof d) != 0) return 1;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t bl = strlen(base);
    if (!((bl > 6 && !strcmp(base + bl - 6, ".class")) || (bl > 4 && !strcmp(base + bl - 4, ".jar")))) {
        fprintf(stderr, "vifctl: %s: a VIFlet is a .class or .jar file\n", file);
        return 1;
    }
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "vifctl: %s: %s\n", file, strerror(errno));
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) {
            char *q = cap < (64u << 20) ? realloc(buf, cap * 2) : NULL;
            if (!q) { free(buf); buf = NULL; break; }
            buf = q;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "vifctl: %s: too large\n", file);
        return 1;
    }
    int rc = write_atomic(d, base, buf, len) ? 1 : 0;
    free(buf);
    return rc;
}

static int cmd_log(const char *dir, const char *path, bool follow) {
    char d[4096], f[4200];
    if (vif_dir(dir, path, d, sizeof d) != 0) return 1;
    snprintf(f, sizeof f, "%s/log", d);
    int fd = open(f, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "vifctl: %s: %s\n", f, strerror(errno));
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    char buf[65536];
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r > 0) {
            fwrite(buf, 1, (size_t)r, stdout);
            continue;
        }
        if (!follow || g_stop) break;
        fflush(stdout);
        struct timespec ts = { 0, 200000000 };
        nanosleep(&ts, NULL);
    }
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    if (!strcmp(verb, "stats") && argc == 3) return cmd_stats(argv[2]);
    if (!strcmp(verb, "top") && argc >= 3) {
        double interval = 1;
        long count = 0;
        for (int i = 3; i < argc; i++) {
            if (!strcmp(argv[i], "-i") && i + 1 < argc) {
                char *end;
                interval = strtod(argv[++i], &end);
                if (*end || !(interval >= 0.05) || interval > 3600) {
                    fprintf(stderr, "vifctl: bad interval '%s' (seconds, >= 0.05)\n", argv[i]);
                    return 2;
                }
            } else if (!strcmp(argv[i], "-n") && i + 1 < argc) {
                count = strtol(argv[++i], NULL, 10);
            } else {
                usage(stderr);
                return 2;
            }
        }
        return cmd_top(argv[2], interval, count);
    }
    if (!strcmp(verb, "add") && argc == 5) return cmd_add(argv[2], argv[3], argv[4]);
    if (!strcmp(verb, "load") && argc == 5) return cmd_load(argv[2], argv[3], argv[4]);
    if (!strcmp(verb, "log") && (argc == 4 || (argc == 5 && !strcmp(argv[4], "-f"))))
        return cmd_log(argv[2], argv[3], argc == 5);
    usage(stderr);
    return 2;
}
