/* vifctl.c - the operator's tool for both homes of the VIF tree: a running
 * vifd's injection directory (`vifd --dir DIR`; in bridge mode DIR/<A>/...,
 * DIR/<B>/...) and the kernel module's /proc/vifvm (vifvm.ko, a `vifvm`
 * qdisc on a device D: /proc/vifvm/D/...).  It only reads and writes files
 * there, so it needs no connection to vifd or the kernel, and the verbs are
 * the same for both:
 *
 *   kernel (when /proc/vifvm/<first part of PATH> exists; VIFCTL_PROC
 *   overrides /proc/vifvm):
 *   vifctl stats [DEV...]                 every VIF of every (or DEV's) vifvm qdisc
 *   vifctl top [DEV] [-i SEC] [-n COUNT]  the same, refreshed, with rates
 *   vifctl add PATH FILTER [--owner USER] [--policy pass|drop]
 *                                        child VIF PATH ("eth0/web"); FILTER in
 *                                        pcap syntax, compiled here with libpcap
 *                                        to classic BPF; USER a name or uid
 *                                        (default: the caller)
 *   vifctl load PATH FILE                inject FILE (.class or .jar) into PATH
 *   vifctl load --all-queues DEV[/SUB] FILE  into DEV[/SUB] of every vifvm
 *                                        instance on device DEV (under mq: one
 *                                        per TX queue, DEV:txN), each its own
 *                                        atomic swap; one line per instance
 *   vifctl log PATH [-f]                 PATH's log (-f: keep following)
 *   vifctl del PATH                      remove child VIF PATH
 *   vifctl filter PATH FILTER            replace PATH's filter
 *   vifctl owner PATH USER               give PATH to USER (root only)
 *
 *   vifd (DIR: the directory given to vifd --dir):
 *   vifctl stats DIR                     the VIF tree once, from the `stats` files
 *   vifctl top DIR [-i SEC] [-n COUNT]   the tree refreshed every SEC seconds
 *                                        (default 1) with rates computed from
 *                                        successive reads; -n stops after COUNT
 *                                        screens (then no screen clearing)
 *   vifctl add DIR PATH FILTER           make child VIF PATH (its directory and
 *                                        `filter`, written atomically)
 *   vifctl load DIR PATH FILE            inject FILE (.class or .jar) into VIF PATH
 *   vifctl log DIR PATH [-f]             print VIF PATH's log (-f: keep following)
 *   vifctl del DIR PATH                  remove child VIF PATH (its `filter` file)
 *   vifctl filter DIR PATH FILTER        replace PATH's filter
 *
 * PATH is a VIF path ("pcap/web"), i.e. a directory under DIR or under
 * /proc/vifvm.  The kernel checks ownership itself (src/kmod/README.md);
 * vifctl turns its refusals into sentences.  Host code (POSIX, libpcap). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pwd.h>
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

#include <pcap/pcap.h>

#define MAX_VIFS  4096
#define MAX_DEPTH 32

static volatile sig_atomic_t g_stop;
static void on_signal(int s) { (void)s; g_stop = 1; }

static void usage(FILE *f) {
    fputs("Usage: vifctl VERB [DIR] [ARGS]\n"
          "  the kernel's vifvm qdiscs (PATH starts with a device under /proc/vifvm):\n"
          "  stats [DEV...]               every VIF of the vifvm qdiscs, from their stats files\n"
          "  top [DEV] [-i SEC] [-n COUNT] refreshing view with rates (Ctrl-C quits)\n"
          "  add PATH FILTER [--owner USER] [--policy pass|drop]\n"
          "                               make child VIF PATH with a pcap filter\n"
          "  load PATH FILE               inject a VIFlet (.class or .jar) into VIF PATH\n"
          "  load --all-queues DEV[/SUB] FILE  the same into every vifvm instance on DEV\n"
          "                               (under mq: DEV:tx0, DEV:tx1, ...), one line each\n"
          "  log PATH [-f]                print VIF PATH's log (-f: follow)\n"
          "  del PATH                     remove child VIF PATH\n"
          "  filter PATH FILTER           replace VIF PATH's filter\n"
          "  owner PATH USER              give VIF PATH to USER (root only)\n"
          "  vifd's injection directory (DIR: the directory given to vifd --dir):\n"
          "  stats DIR                    the VIF tree once, from the stats files\n"
          "  top DIR [-i SEC] [-n COUNT]  refreshing view with rates (q or Ctrl-C quits)\n"
          "  add DIR PATH FILTER          make child VIF PATH with a pcap filter\n"
          "  load DIR PATH FILE           inject a VIFlet (.class or .jar) into VIF PATH\n"
          "  log DIR PATH [-f]            print VIF PATH's log (-f: follow)\n"
          "  del DIR PATH                 remove child VIF PATH\n"
          "  filter DIR PATH FILTER       replace VIF PATH's filter\n", f);
}

/* ------------------------------------------------------------ stats files */

typedef struct vstat {
    char path[512];
    char viflet[128], state[32], owner[16];
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
    snprintf(s->owner, sizeof s->owner, "-");
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
            /* the kernel module's spelling */
            { "drops_handler", offsetof(vstat, dh) }, { "drops_quota", offsetof(vstat, dq) },
            { "drops_policy", offsetof(vstat, dp) },
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

/* The kernel's `viflet` file: "class=NAME owner=UID state=S engine=E". */
static void parse_viflet_line(const char *text, vstat *s) {
    static const struct { const char *k; size_t off, cap; } keys[] = {
        { "class=", offsetof(vstat, viflet), sizeof ((vstat *)0)->viflet },
        { "owner=", offsetof(vstat, owner), sizeof ((vstat *)0)->owner },
        { "state=", offsetof(vstat, state), sizeof ((vstat *)0)->state },
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *p = strstr(text, keys[i].k);
        if (!p) continue;
        p += strlen(keys[i].k);
        size_t n = strcspn(p, " \n");
        if (n >= keys[i].cap) n = keys[i].cap - 1;
        memcpy((char *)s + keys[i].off, p, n);
        ((char *)s + keys[i].off)[n] = '\0';
    }
    if (!strcmp(s->viflet, "none") || !s->viflet[0]) snprintf(s->viflet, sizeof s->viflet, "-");
}

static ssize_t read_small(const char *f, char *buf, size_t cap) {
    int fd = open(f, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t r = read(fd, buf, cap - 1);
    close(fd);
    buf[r > 0 ? r : 0] = '\0';
    return r;
}

/* Read DIR/.../stats recursively (no symlinks followed).  `rel` is DIR's
 * VIF path, used where the stats file does not name its VIF (the kernel's);
 * the kernel's `viflet` file gives the class, owner and state. */
static void scan(const char *dir, const char *rel, int depth, snap *sn) {
    if (depth > MAX_DEPTH || sn->n >= MAX_VIFS) return;
    char f[4096];
    snprintf(f, sizeof f, "%s/stats", dir);
    char buf[16384];
    if (read_small(f, buf, sizeof buf) > 0) {
        vstat *v = &sn->v[sn->n];
        parse_stats(buf, v);
        if (!v->path[0] && rel[0]) snprintf(v->path, sizeof v->path, "%s", rel);
        snprintf(f, sizeof f, "%s/viflet", dir);
        struct stat vs;
        if (lstat(f, &vs) == 0 && S_ISREG(vs.st_mode) && read_small(f, buf, sizeof buf) > 0)
            parse_viflet_line(buf, v);
        if (v->path[0]) sn->n++;
    }
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char **subs = NULL, **rels = NULL;
    size_t ns = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(f, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        char **q = realloc(subs, (ns + 1) * sizeof *q);
        if (!q) break;
        subs = q;
        q = realloc(rels, (ns + 1) * sizeof *q);
        if (!q) break;
        rels = q;
        char r[1024];
        snprintf(r, sizeof r, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
        subs[ns] = strdup(f);
        rels[ns] = strdup(r);
        if (subs[ns] && rels[ns]) ns++;
        else {
            free(subs[ns]);
            free(rels[ns]);
        }
    }
    closedir(d);
    for (size_t i = 0; i < ns; i++) {
        scan(subs[i], rels[i], depth + 1, sn);
        free(subs[i]);
        free(rels[i]);
    }
    free(subs);
    free(rels);
}

static int by_path(const void *a, const void *b) {
    return strcmp(((const vstat *)a)->path, ((const vstat *)b)->path);
}

/* The kernel's home: /proc/vifvm, or VIFCTL_PROC (tests). */
static const char *proc_root(void) {
    const char *r = getenv("VIFCTL_PROC");
    return r && r[0] ? r : "/proc/vifvm";
}

/* `rel` non-NULL: DIR is the kernel's root or a device under it */
static int read_snap(const char *dir, const char *rel, snap *sn) {
    sn->n = 0;
    sn->wall_ns = mono_ns();
    scan(dir, rel ? rel : "", 0, sn);
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

/* The kernel's table has an owner column. */
static bool g_owner_col;

/* The table; with `prev`, rates over the interval since it. */
static void print_table(FILE *f, const snap *cur, const snap *prev) {
    fprintf(f, "%-20s %-14s %-8s ", "VIF", "VIFlet", "state");
    if (g_owner_col) fprintf(f, "%-6s ", "owner");
    if (prev)
        fprintf(f, "%8s %8s %8s %9s %9s %8s %8s %9s %9s %9s\n", "in/s", "out/s", "bit/s", "in",
                "out", "drops", "backlog", "delay-p99", "hdl-p50", "hdl-max");
    else
        fprintf(f, "%9s %9s %12s %8s %8s %9s %9s %9s %9s %9s\n", "in", "out", "bytes-out", "drops",
                "backlog", "backlog-B", "delay-p50", "delay-p99", "hdl-p50", "hdl-p99");
    for (int i = 0; i < cur->n; i++) {
        const vstat *v = &cur->v[i];
        char name[64], a[16], b[16], c[16], d[16], e[16], g[16];
        tree_name(name, sizeof name, v->path);
        uint64_t drops = v->dh + v->dq + v->dp;
        fprintf(f, "%-20s %-14.14s %-8.8s ", name, v->viflet, v->state);
        if (g_owner_col) fprintf(f, "%-6.6s ", v->owner);
        if (prev) {
            const vstat *p = find(prev, v->path);
            double dt = 0;
            if (p && v->clock_ns > p->clock_ns) dt = (double)(v->clock_ns - p->clock_ns) / 1e9;
            else if (p && !v->clock_ns && cur->wall_ns > prev->wall_ns)
                dt = (double)(cur->wall_ns - prev->wall_ns) / 1e9; /* no datapath clock: wall time */
            double rin = 0, rout = 0, rbit = 0;
            if (p && dt > 0) {
                rin = (double)(v->in - p->in) / dt;
                rout = (double)(v->out - p->out) / dt;
                rbit = (double)(v->bytes_out - p->bytes_out) * 8 / dt;
            }
            fprintf(f, "%8s %8s %8s %9" PRIu64 " %9" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9s %9s %9s\n",
                    si(a, sizeof a, rin), si(b, sizeof b, rout),
                    si(c, sizeof c, rbit), v->in, v->out, drops, v->held,
                    dur(d, sizeof d, v->d99), dur(e, sizeof e, v->h50), dur(g, sizeof g, v->hmax));
        } else {
            fprintf(f, "%9" PRIu64 " %9" PRIu64 " %12" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9" PRIu64
                       " %9s %9s %9s %9s\n",
                    v->in, v->out, v->bytes_out, drops, v->held,
                    v->backlog_bytes, dur(a, sizeof a, v->d50), dur(b, sizeof b, v->d99),
                    dur(c, sizeof c, v->h50), dur(d, sizeof d, v->h99));
        }
    }
}

/* rel: NULL for vifd's DIR, else the kernel's VIF path of DIR ("" for /proc/vifvm) */
static int cmd_stats(const char *dir, const char *rel) {
    snap s = { calloc(MAX_VIFS, sizeof(vstat)), 0, 0 };
    if (!s.v) return 1;
    if (read_snap(dir, rel, &s) == 0) {
        if (rel)
            fprintf(stderr, "vifctl: no VIF stats files under %s (is a vifvm qdisc attached?)\n", dir);
        else
            fprintf(stderr, "vifctl: no VIF stats files under %s (is vifd running with --dir %s?)\n",
                    dir, dir);
        free(s.v);
        return 1;
    }
    print_table(stdout, &s, NULL);
    free(s.v);
    return 0;
}

static int cmd_top(const char *dir, const char *rel, double interval, long count) {
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
    read_snap(dir, rel, prev);
    for (long k = 0; !g_stop && (count <= 0 || k < count); k++) {
        struct timespec ts = { (time_t)interval, (long)((interval - (double)(time_t)interval) * 1e9) };
        nanosleep(&ts, NULL);
        if (g_stop) break;
        read_snap(dir, rel, cur);
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

/* FILE's bytes, if it is named like a VIFlet (.class or .jar); NULL after
 * saying why. */
static char *read_viflet(const char *file, size_t *lenp) {
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t bl = strlen(base);
    if (!((bl > 6 && !strcmp(base + bl - 6, ".class")) || (bl > 4 && !strcmp(base + bl - 4, ".jar")))) {
        fprintf(stderr, "vifctl: %s: a VIFlet is a .class or .jar file\n", file);
        return NULL;
    }
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "vifctl: %s: %s\n", file, strerror(errno));
        return NULL;
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
    if (!buf) fprintf(stderr, "vifctl: %s: too large\n", file);
    *lenp = len;
    return buf;
}

static int cmd_load(const char *dir, const char *path, const char *file) {
    char d[4096];
    if (vif_dir(dir, path, d, sizeof d) != 0) return 1;
    size_t len;
    char *buf = read_viflet(file, &len);
    if (!buf) return 1;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    int rc = write_atomic(d, base, buf, len) ? 1 : 0;
    free(buf);
    return rc;
}

/* vifd: removing a child VIF's `filter` file removes the VIF */
static int cmd_del(const char *dir, const char *path) {
    char d[4096], f[4200];
    if (vif_dir(dir, path, d, sizeof d) != 0) return 1;
    if (!strchr(path, '/')) {
        fprintf(stderr, "vifctl: %s is a root VIF: it is never removed\n", path);
        return 1;
    }
    snprintf(f, sizeof f, "%s/filter", d);
    if (unlink(f) != 0) {
        fprintf(stderr, "vifctl: %s: %s\n", f, strerror(errno));
        return 1;
    }
    return 0;
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

/* ------------------------------------------------------ the kernel's home */

/* Is PATH's first part ("eth0" of "eth0/web", or "eth0:10") a vifvm qdisc
 * under /proc/vifvm?  Then the verbs go to the kernel. */
static bool kernel_path(const char *path) {
    if (!path[0] || path[0] == '/' || path[0] == '.') return false;
    char f[4096];
    size_t n = strcspn(path, "/");
    snprintf(f, sizeof f, "%s/%.*s", proc_root(), (int)n, path);
    struct stat st;
    return stat(f, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool good_kpath(const char *path) {
    if (!path[0] || path[0] == '/' || strstr(path, "..") || strstr(path, "//") ||
        path[strlen(path) - 1] == '/' || strlen(path) > 1000) {
        fprintf(stderr, "vifctl: bad VIF path '%s'\n", path);
        return false;
    }
    for (const char *p = path; *p; p++)
        if ((unsigned char)*p <= ' ' || *p == 0x7f) {
            fprintf(stderr, "vifctl: bad VIF path '%s'\n", path);
            return false;
        }
    return true;
}

/* VIF PATH's owner uid as the kernel says (its `owner` file), or -1 */
static long kernel_owner(const char *path) {
    char f[4200], buf[64];
    snprintf(f, sizeof f, "%s/%s/owner", proc_root(), path);
    if (read_small(f, buf, sizeof buf) <= 0) return -1;
    return strtol(buf, NULL, 10);
}

/* The parent's VIF path of PATH into `out` ("eth0" for "eth0/web") */
static void parent_of(const char *path, char *out, size_t cap) {
    const char *sl = strrchr(path, '/');
    size_t n = sl ? (size_t)(sl - path) : strlen(path);
    if (n >= cap) n = cap - 1;
    memcpy(out, path, n);
    out[n] = '\0';
}

/* The last `lines` lines of VIF PATH's log, indented, to stderr */
static void log_tail(const char *path, int lines) {
    char f[4200];
    static char buf[1 << 16];
    snprintf(f, sizeof f, "%s/%s/log", proc_root(), path);
    ssize_t r = read_small(f, buf, sizeof buf);
    if (r <= 0) return;
    size_t n = (size_t)r;
    while (n && buf[n - 1] == '\n') n--;
    size_t st = n;
    for (int k = 0; st > 0; st--)
        if (buf[st - 1] == '\n' && ++k == lines) break;
    if (st >= n) return;
    fprintf(stderr, "vifctl: the end of %s's log:\n", path);
    for (const char *p = buf + st; p < buf + n;) {
        const char *nl = memchr(p, '\n', (size_t)(buf + n - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(buf + n - p);
        fprintf(stderr, "    %.*s\n", (int)len, p);
        p += len + 1;
    }
}

/* Say why the kernel refused an operation on VIF `path` (whose owner
 * decides: the VIF itself for load, its parent for add/del/filter). */
static void explain(const char *verb, const char *path, const char *judge, int e) {
    if (e == EPERM || e == EACCES) {
        long o = kernel_owner(judge);
        if (o >= 0)
            fprintf(stderr, "vifctl: %s %s: permission denied: VIF %s is owned by uid %ld (you are uid %ld)\n",
                    verb, path, judge, o, (long)getuid());
        else
            fprintf(stderr, "vifctl: %s %s: permission denied\n", verb, path);
    } else if (e == ENOENT) {
        fprintf(stderr, "vifctl: %s %s: no such VIF (%s)\n", verb, path, strerror(e));
    } else if (e == EEXIST) {
        fprintf(stderr, "vifctl: %s %s: the VIF exists already\n", verb, path);
    } else if (e == ENOTEMPTY || e == EBUSY) {
        fprintf(stderr, "vifctl: %s %s: the VIF has child VIFs (remove them first) or is busy: %s\n",
                verb, path, strerror(e));
    } else {
        fprintf(stderr, "vifctl: %s %s: %s\n", verb, path, strerror(e));
    }
}

/* One command to /proc/vifvm/control: 0, or the errno of the refusal */
static int control(const char *cmd) {
    char f[4200];
    snprintf(f, sizeof f, "%s/control", proc_root());
    int fd = open(f, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) return errno;
    size_t len = strlen(cmd);
    ssize_t w = write(fd, cmd, len);
    int e = w == (ssize_t)len ? 0 : w < 0 ? errno : EIO;
    if (close(fd) != 0 && !e) e = errno;
    return e;
}

/* USER (a name or a number) as a uid, or -1 after saying why */
static long parse_user(const char *u) {
    char *end;
    long v = strtol(u, &end, 10);
    if (u[0] && !*end) {
        if (v < 0 || v > 0x7ffffffe) {
            fprintf(stderr, "vifctl: bad uid '%s'\n", u);
            return -1;
        }
        return v;
    }
    struct passwd *pw = getpwnam(u);
    if (!pw) {
        fprintf(stderr, "vifctl: no user '%s'\n", u);
        return -1;
    }
    return (long)pw->pw_uid;
}

/* EXPR compiled with libpcap for Ethernet frames, as tc's bytecode syntax
 * ("N,code jt jf k,..." like `tcpdump -ddd` joined by commas); malloc'ed,
 * or NULL after saying why. */
static char *compile_filter(const char *expr) {
    pcap_t *p = pcap_open_dead(DLT_EN10MB, 262144);
    if (!p) {
        fprintf(stderr, "vifctl: pcap_open_dead failed\n");
        return NULL;
    }
    struct bpf_program prog;
    if (pcap_compile(p, &prog, expr, 1, PCAP_NETMASK_UNKNOWN) != 0) {
        fprintf(stderr, "vifctl: bad filter '%s': %s\n", expr, pcap_geterr(p));
        pcap_close(p);
        return NULL;
    }
    size_t cap = 16 + (size_t)prog.bf_len * 48;
    char *out = malloc(cap);
    if (out) {
        size_t n = (size_t)snprintf(out, cap, "%u", prog.bf_len);
        for (u_int i = 0; i < prog.bf_len; i++) {
            const struct bpf_insn *in = &prog.bf_insns[i];
            n += (size_t)snprintf(out + n, cap - n, ",%u %u %u %u", in->code, in->jt, in->jf, in->k);
        }
    }
    pcap_freecode(&prog);
    pcap_close(p);
    return out;
}

static int k_add(const char *path, const char *expr, const char *owner, const char *policy) {
    if (!good_kpath(path)) return 1;
    if (!strchr(path, '/')) {
        fprintf(stderr, "vifctl: add %s: a child VIF's path is DEV/NAME (the root VIF comes with the qdisc)\n",
                path);
        return 1;
    }
    long uid = owner ? parse_user(owner) : (long)getuid();
    if (uid < 0) return 1;
    if (policy && strcmp(policy, "pass") && strcmp(policy, "drop")) {
        fprintf(stderr, "vifctl: --policy is pass or drop\n");
        return 1;
    }
    char *bc = compile_filter(expr);
    if (!bc) return 1;
    size_t cap = strlen(bc) + strlen(path) + 96;
    char *cmd = malloc(cap);
    if (!cmd) {
        free(bc);
        return 1;
    }
    snprintf(cmd, cap, "add %s owner=%ld%s%s filter=%s\n", path, uid, policy ? " policy=" : "",
             policy ? policy : "", bc);
    free(bc);
    int e = control(cmd);
    free(cmd);
    if (e) {
        char parent[1024];
        parent_of(path, parent, sizeof parent);
        explain("add", path, parent, e);
        if (e == EINVAL) log_tail(parent, 3);
        return 1;
    }
    return 0;
}

static int k_filter(const char *path, const char *expr) {
    if (!good_kpath(path)) return 1;
    char *bc = compile_filter(expr);
    if (!bc) return 1;
    size_t cap = strlen(bc) + strlen(path) + 32;
    char *cmd = malloc(cap);
    if (!cmd) {
        free(bc);
        return 1;
    }
    snprintf(cmd, cap, "filter %s %s\n", path, bc);
    free(bc);
    int e = control(cmd);
    free(cmd);
    if (e) {
        char parent[1024];
        parent_of(path, parent, sizeof parent);
        explain("filter", path, parent, e);
        return 1;
    }
    return 0;
}

static int k_del(const char *path) {
    if (!good_kpath(path)) return 1;
    if (!strchr(path, '/')) {
        fprintf(stderr, "vifctl: del %s: a root VIF goes with its qdisc (tc qdisc del)\n", path);
        return 1;
    }
    char cmd[1100], parent[1024];
    snprintf(cmd, sizeof cmd, "del %s\n", path);
    int e = control(cmd);
    if (e) {
        parent_of(path, parent, sizeof parent);
        explain("del", path, parent, e);
        return 1;
    }
    return 0;
}

static int k_owner(const char *path, const char *user) {
    if (!good_kpath(path)) return 1;
    long uid = parse_user(user);
    if (uid < 0) return 1;
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "owner %s %ld\n", path, uid);
    int e = control(cmd);
    if (e == EPERM || e == EACCES) {
        fprintf(stderr, "vifctl: owner %s: permission denied: only root gives a VIF away\n", path);
        return 1;
    }
    if (e) {
        explain("owner", path, path, e);
        return 1;
    }
    return 0;
}

/* Write the VIFlet into PATH/viflet in one go: the kernel loads it when the
 * file is closed; then `viflet` says whether the load worked. */
static int k_load(const char *path, const char *file) {
    if (!good_kpath(path)) return 1;
    size_t len;
    char *buf = read_viflet(file, &len);
    if (!buf) return 1;
    char f[4200];
    snprintf(f, sizeof f, "%s/%s/viflet", proc_root(), path);
    int e = 0, fd = open(f, O_WRONLY | O_CLOEXEC);
    if (fd < 0) e = errno;
    for (size_t off = 0; !e && off < len;) {
        ssize_t w = write(fd, buf + off, len - off);
        if (w <= 0) e = w < 0 ? errno : EIO;
        else off += (size_t)w;
    }
    if (fd >= 0 && close(fd) != 0 && !e) e = errno;
    free(buf);
    if (e) {
        explain("load", path, path, e);
        if (e != EPERM && e != EACCES && e != ENOENT) log_tail(path, 6);
        return 1;
    }
    /* The kernel loads at the file's release, whose result close(2) does
     * not return (the VFS drops it); the `viflet` file says how it went. */
    char line[512];
    if (read_small(f, line, sizeof line) > 0 && strstr(line, " load=failed")) {
        fprintf(stderr, "vifctl: load %s: %s refused; the old VIFlet (if any) keeps running\n", path, file);
        log_tail(path, 6);
        return 1;
    }
    return 0;
}

/* load --all-queues DEV[/SUB] FILE: into DEV/SUB of every vifvm instance on
 * device DEV: "DEV" itself and "DEV:..." (under mq one per TX queue,
 * "DEV:txN"; a device name cannot hold ':').  Each instance's load is its
 * own hot swap (atomic for that instance: no packet of it sees the old
 * VIFlet after one has seen the new); the instances are loaded one after
 * another, in name order.  One line per instance; 1 if any failed. */
static int k_load_all(const char *path, const char *file) {
    if (!good_kpath(path)) return 1;
    size_t dl = strcspn(path, "/");
    const char *sub = path + dl; /* "" or "/SUB" */
    if (memchr(path, ':', dl)) {
        fprintf(stderr, "vifctl: load --all-queues %s: give the device (\"%.*s\"), not an instance\n",
                path, (int)strcspn(path, ":"), path);
        return 2;
    }
    struct dirent **ents;
    int ne = scandir(proc_root(), &ents, NULL, alphasort);
    if (ne < 0) {
        fprintf(stderr, "vifctl: %s: %s\n", proc_root(), strerror(errno));
        return 1;
    }
    int tried = 0, failed = 0;
    for (int i = 0; i < ne; i++) {
        const char *nm = ents[i]->d_name;
        if (!strncmp(nm, path, dl) && (nm[dl] == '\0' || nm[dl] == ':')) {
            char ip[4200], f[4400];
            snprintf(ip, sizeof ip, "%s%s", nm, sub);
            snprintf(f, sizeof f, "%s/%s", proc_root(), nm);
            struct stat st;
            if (stat(f, &st) == 0 && S_ISDIR(st.st_mode)) {
                tried++;
                if (k_load(ip, file)) {
                    failed++;
                    printf("%s: refused\n", ip);
                } else {
                    char line[512] = "";
                    snprintf(f, sizeof f, "%s/%s/viflet", proc_root(), ip);
                    read_small(f, line, sizeof line);
                    line[strcspn(line, "\n")] = '\0';
                    printf("%s: loaded (%s)\n", ip, line);
                }
            }
        }
        free(ents[i]);
    }
    free(ents);
    if (!tried) {
        fprintf(stderr, "vifctl: load --all-queues %s: no vifvm qdisc on device '%.*s' under %s\n", path,
                (int)dl, path, proc_root());
        return 1;
    }
    fflush(stdout);
    return failed ? 1 : 0;
}

static int k_log(const char *path, bool follow) {
    if (!good_kpath(path)) return 1;
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", proc_root());
    return cmd_log(dir, path, follow);
}

/* stats/top in the kernel: every device, or the ones named */
static int k_stats(int n, char **devs, bool top, double interval, long count) {
    g_owner_col = true;
    char dir[4200];
    if (n == 0) {
        snprintf(dir, sizeof dir, "%s", proc_root());
        return top ? cmd_top(dir, "", interval, count) : cmd_stats(dir, "");
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (!good_kpath(devs[i])) return 1;
        snprintf(dir, sizeof dir, "%s/%s", proc_root(), devs[i]);
        rc |= top ? cmd_top(dir, devs[i], interval, count) : cmd_stats(dir, devs[i]);
    }
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    /* options anywhere after the verb; the rest are operands */
    const char *owner = NULL, *policy = NULL;
    bool follow = false, all_queues = false;
    double interval = 1;
    long count = 0;
    char *ops[8];
    int n = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--owner") && i + 1 < argc) owner = argv[++i];
        else if (!strcmp(a, "--policy") && i + 1 < argc) policy = argv[++i];
        else if (!strcmp(a, "-f")) follow = true;
        else if (!strcmp(a, "--all-queues")) all_queues = true;
        else if (!strcmp(a, "-i") && i + 1 < argc) {
            char *end;
            interval = strtod(argv[++i], &end);
            if (*end || !(interval >= 0.05) || interval > 3600) {
                fprintf(stderr, "vifctl: bad interval '%s' (seconds, >= 0.05)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "-n") && i + 1 < argc) count = strtol(argv[++i], NULL, 10);
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "vifctl: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else if (n < 8) ops[n++] = argv[i];
        else {
            usage(stderr);
            return 2;
        }
    }
    if (all_queues) {
        if (strcmp(verb, "load") || n != 2) {
            fprintf(stderr, "vifctl: --all-queues: only with load DEV[/PATH] FILE\n");
            return 2;
        }
        return k_load_all(ops[0], ops[1]);
    }
    bool kern = n >= 1 && kernel_path(ops[0]);
    bool top = !strcmp(verb, "top");
    if (!strcmp(verb, "stats") || top) {
        if (n == 0) {
            struct stat st;
            if (stat(proc_root(), &st) != 0) {
                fprintf(stderr, "vifctl: %s: %s (vifvm.ko not loaded?); for vifd: vifctl %s DIR\n",
                        proc_root(), strerror(errno), verb);
                return 1;
            }
            return k_stats(0, NULL, top, interval, count);
        }
        if (kern) return k_stats(n, ops, top, interval, count);
        if (n == 1 && !follow) return top ? cmd_top(ops[0], NULL, interval, count) : cmd_stats(ops[0], NULL);
    } else if (!strcmp(verb, "add")) {
        if (kern && n == 2) return k_add(ops[0], ops[1], owner, policy);
        if (!kern && n == 3 && !follow) {
            if (owner || policy) {
                fprintf(stderr, "vifctl: --owner/--policy: vifd's injection directory has no owners or per-VIF policy\n");
                return 2;
            }
            return cmd_add(ops[0], ops[1], ops[2]);
        }
    } else if (!strcmp(verb, "filter")) {
        if (kern && n == 2) return k_filter(ops[0], ops[1]);
        if (!kern && n == 3) return cmd_add(ops[0], ops[1], ops[2]);
    } else if (!strcmp(verb, "load")) {
        if (kern && n == 2) return k_load(ops[0], ops[1]);
        if (!kern && n == 3) return cmd_load(ops[0], ops[1], ops[2]);
    } else if (!strcmp(verb, "log")) {
        if (kern && n == 1) return k_log(ops[0], follow);
        if (!kern && n == 2) return cmd_log(ops[0], ops[1], follow);
    } else if (!strcmp(verb, "del")) {
        if (kern && n == 1) return k_del(ops[0]);
        if (!kern && n == 2) return cmd_del(ops[0], ops[1]);
    } else if (!strcmp(verb, "owner")) {
        if (kern && n == 2) return k_owner(ops[0], ops[1]);
        if (!kern && n == 2) {
            fprintf(stderr, "vifctl: owner: no vifvm qdisc %s under %s (vifd's VIFs have no owners)\n",
                    ops[0], proc_root());
            return 1;
        }
    }
    /* the kernel's form of the verb, but no such qdisc */
    static const struct { const char *verb; int n; } kform[] = {
        { "add", 2 }, { "filter", 2 }, { "load", 2 }, { "log", 1 }, { "del", 1 }, { "owner", 2 },
    };
    for (size_t i = 0; i < sizeof kform / sizeof kform[0]; i++)
        if (!kern && !strcmp(verb, kform[i].verb) && n == kform[i].n) {
            char dev[256];
            snprintf(dev, sizeof dev, "%.*s", (int)strcspn(ops[0], "/"), ops[0]);
            fprintf(stderr, "vifctl: %s %s: no vifvm qdisc '%s' (no %s/%s)\n", verb, ops[0], dev,
                    proc_root(), dev);
            return 1;
        }
    usage(stderr);
    return 2;
}
