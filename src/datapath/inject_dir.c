/* inject_dir.c - the injection directory: one directory per VIF under
 * --dir, watched with inotify; .class/.jar files written there are checked
 * (owner, no symlink, no hard link, size), read from the opened descriptor,
 * staged privately and hot-swapped onto the VIF; removing the file detaches
 * the VIFlet; a subdirectory with a `filter` file creates a child VIF; each
 * directory gets a `log` and a periodically rewritten `stats` file.  See
 * inject_dir.h for the rules. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dp_internal.h"
#include "dp_clock.h"
#include "inject_classes.h"
#include "inject_dir.h"
#include "posix/posix_platform.h"

#define WATCH_MASK (IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_CREATE | \
                    IN_DELETE_SELF | IN_ONLYDIR)
#define FILTER_MAX 4096u
/* Directories watched at most (each holds a descriptor and a watch). */
#define NODES_MAX 1024u

typedef struct ij_node {
    char *vpath;            /* VIF path ("pcap/web") */
    int dfd;                /* the directory, O_DIRECTORY|O_NOFOLLOW */
    int wd;                 /* inotify watch, -1 when gone */
    dev_t dev;              /* the directory's identity (a renamed one is */
    ino_t ino;              /* still the same VIF) */
    dp_vif *vif;            /* NULL: subdirectory still waiting for `filter` */
    struct ij_node *parent;
    char *loaded;           /* file name whose VIFlet is on the VIF */
    uint32_t own_log_unlinks; /* IN_DELETE events of `log` vifd caused itself
                               (open_log), to be ignored */
    uint64_t loads, load_errors, refused, detaches;
    struct inject_dir *ij;
} ij_node;

struct inject_dir {
    datapath *dp;
    datapath **mirrors;     /* vifd --workers: the other workers' datapaths,
                               changed as dp is (inject_open_workers) */
    uint32_t n_mirrors;
    int ifd;
    ij_node **nodes;
    uint32_t n_nodes;
    ij_vmsets *vmsets;      /* per owner: the classes staged into its current
                               VM (one class namespace per VM) */
    char stage[64];         /* private staging directory ("" if none yet) */
    uint64_t stage_gen;
    int64_t next_stats;
    int64_t next_read;      /* inject_poll reads the inotify fd at most every ms */
};

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

static int64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static bool ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static bool is_viflet_name(const char *name) {
    return name[0] != '.' && ((ends_with(name, ".class") && strlen(name) > 6) ||
                              (ends_with(name, ".jar") && strlen(name) > 4));
}

/* The VIF whose log gets messages about node n (its own, else the nearest
 * ancestor's). */
static dp_vif *log_vif(ij_node *n) {
    while (n && !n->vif) n = n->parent;
    return n ? n->vif : NULL;
}

static void ij_log(ij_node *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ij_log(ij_node *n, const char *fmt, ...) {
    char buf[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    dp_vif *v = log_vif(n);
    if (v) dp_logf(v, "vifd: %s\n", buf);
    if (!v || v->log) fprintf(stderr, "vifd: inject %s: %s\n", n->vpath, buf);
}

static void user_name(uid_t uid, char *buf, size_t cap) {
    struct passwd *pw = getpwuid(uid);
    if (pw && pw->pw_name && pw->pw_name[0]) snprintf(buf, cap, "%s", pw->pw_name);
    else snprintf(buf, cap, "uid%u", (unsigned)uid);
}

/* ------------------------------------------------------------ the files */

/* `log`: a fresh file created by vifd (a symlink or hard link planted
 * there is removed, never followed). */
/* The other workers' VIF of n: their own FILE on n's `log` (appended). */
static void mirror_logs(ij_node *n) {
    inject_dir *ij = n->ij;
    for (uint32_t k = 0; k < ij->n_mirrors; k++) {
        dp_vif *mv = dp_find_vif(ij->mirrors[k], n->vif->path);
        if (!mv) continue;
        int fd = openat(n->dfd, "log", O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
        FILE *f = fd >= 0 ? fdopen(fd, "a") : NULL;
        if (!f) {
            if (fd >= 0) close(fd);
            continue;
        }
        dp_log_end_line(mv);
        if (mv->log) fclose(mv->log);
        mv->log = f;
    }
}

static void open_log(ij_node *n) {
    if (!n->vif) return;
    /* the unlink raises an IN_DELETE of `log`: not the owner's doing, and
     * reopening on it again would loop */
    if (unlinkat(n->dfd, "log", 0) == 0) n->own_log_unlinks++;
    int fd = openat(n->dfd, "log", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_APPEND,
                    0644);
    if (fd < 0) {
        fprintf(stderr, "vifd: inject %s: cannot create log: %s (logging to stderr)\n", n->vpath,
                strerror(errno));
        return;
    }
    fchmod(fd, 0644); /* readable by the owner whatever the umask */
    FILE *f = fdopen(fd, "a");
    if (!f) {
        close(fd);
        return;
    }
    if (n->vif->log) fclose(n->vif->log);
    n->vif->log = f;
    mirror_logs(n);
}

static const char *state_of(const dp_vif *v) {
    if (v->removed) return "removed";
    if (!v->owner) return "-";
    if (v->aborted) return v->policy == DP_POLICY_DROP ? "aborted/drop" : "aborted/pass";
    return "active";
}

/* The stats file of n; with workers, the totals over their VIFs of this
 * path: the other workers' VIFs are mv[0..n_mirrors-1] when given (a VIF
 * being removed, no longer in their trees), else found by path. */
static void write_stats_of(inject_dir *ij, ij_node *n, dp_vif *const *mv, bool folded) {
    if (!n->vif || n->wd < 0) return;
    /* the per-path counts where they belong (inject_write_stats did it
     * once for every node) */
    if (!folded) {
        dp_pass_fold(ij->dp);
        for (uint32_t k = 0; k < ij->n_mirrors; k++) dp_pass_fold(ij->mirrors[k]);
    }
    static _Thread_local dp_vif sum;
    static _Thread_local dp_hist sum_hist[2];
    dp_vif *v = n->vif;
    if (ij->n_mirrors) {
        dp_vif_copy(&sum, sum_hist, n->vif);   /* (its own histograms: absorbed into) */
        for (uint32_t k = 0; k < ij->n_mirrors; k++) {
            const dp_vif *m = mv ? mv[k] : dp_find_vif(ij->mirrors[k], n->vif->path);
            if (m) dp_vif_absorb(&sum, m);
        }
        v = &sum;
    }
    char buf[8192];
    int len = snprintf(buf, sizeof buf,
        "vif %s\nfilter %s\nviflet %s\nfile %s\nowner %s\nstate %s\npolicy %s\n"
        "in %" PRIu64 "\nout %" PRIu64 "\ndropped_handler %" PRIu64 "\ndropped_quota %" PRIu64
        "\ndropped_policy %" PRIu64 "\nheld %u\nquota %u\nhandler_ns %" PRIu64
        "\nenqueue_calls %" PRIu64 "\ndequeue_calls %" PRIu64 "\naborts %" PRIu64
        "\nloads %" PRIu64 "\nload_errors %" PRIu64 "\nrefused %" PRIu64 "\ndetaches %" PRIu64
        "\nclock_ns %" PRId64 "\n",
        v->path, v->filter ? v->filter : "-", v->class_name ? v->class_name : "-",
        n->loaded ? n->loaded : "-", v->owner ? v->owner->name : "-", state_of(v),
        v->policy == DP_POLICY_DROP ? "drop" : "pass", v->st.in, v->st.out, v->st.drop_handler,
        v->st.drop_quota, v->st.drop_policy, v->held, v->quota, dp_ticks_to_ns(v->st.handler_ticks),
        v->st.enq_calls, v->st.deq_calls, v->st.aborts, n->loads, n->load_errors, n->refused,
        n->detaches, ij->dp->now);
    if (len < 0) return;
    if ((size_t)len >= sizeof buf) len = sizeof buf - 1;
    uint64_t pc, pl;    /* compiled and loaded on the packet path (issue 13) */
    dp_vif_path_counts(v, &pc, &pl);
    int more = snprintf(buf + len, sizeof buf - (size_t)len,
                        "path_compiled %" PRIu64 "\npath_loaded %" PRIu64 "\n", pc, pl);
    if (more > 0) len += more;
    if ((size_t)len >= sizeof buf) len = sizeof buf - 1;
    len = (int)dp_vif_stats_lines(v, buf, (size_t)len, sizeof buf);
    unlinkat(n->dfd, ".stats.tmp", 0);
    int fd = openat(n->dfd, ".stats.tmp", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    0644);
    if (fd < 0) return;
    fchmod(fd, 0644);
    bool ok = write(fd, buf, (size_t)len) == len;
    ok = close(fd) == 0 && ok;
    if (!ok || renameat(n->dfd, ".stats.tmp", n->dfd, "stats") != 0)
        unlinkat(n->dfd, ".stats.tmp", 0);
}

static void write_stats(inject_dir *ij, ij_node *n) { write_stats_of(ij, n, NULL, false); }

void inject_write_stats(inject_dir *ij) {
    if (!ij) return;
    /* find the packets VIFlets let go of, so drops and held are current
     * (counting only: the packet flow does not change) */
    dp_audit_all(ij->dp);
    for (uint32_t k = 0; k < ij->n_mirrors; k++) dp_audit_all(ij->mirrors[k]);
    /* (dp_audit_all folded the per-path counts) */
    for (uint32_t i = 0; i < ij->n_nodes; i++) write_stats_of(ij, ij->nodes[i], NULL, true);
    ij->next_stats = mono_ns() + INJECT_STATS_NS;
}

/* Open `name` in n's directory and check it: a regular file with one link,
 * owned by the directory's owner or root, at most `max` bytes; read it from
 * the descriptor.  0 and *data (malloc'd) / *len, 1 if it vanished, -1 if
 * refused (logged). */
static int read_checked(ij_node *n, const char *name, size_t max, uint8_t **data, size_t *len) {
    struct stat ds, st;
    if (fstat(n->dfd, &ds) != 0) return 1;
    int fd = openat(n->dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT) return 1;
        n->refused++;
        if (errno == ELOOP) ij_log(n, "refused %s: a symbolic link", name);
        else ij_log(n, "refused %s: cannot open: %s", name, strerror(errno));
        return -1;
    }
    const char *why = NULL;
    char whybuf[256];
    if (fstat(fd, &st) != 0) why = "cannot stat";
    else if (!S_ISREG(st.st_mode)) why = "not a regular file";
    else if (st.st_nlink != 1) why = "a hard link (more than one name)";
    else if (st.st_uid != ds.st_uid && st.st_uid != 0) {
        char u[64], d[64];
        user_name(st.st_uid, u, sizeof u);
        user_name(ds.st_uid, d, sizeof d);
        snprintf(whybuf, sizeof whybuf, "owned by %s, not by the directory's owner %s (or root)",
                 u, d);
        why = whybuf;
    } else if ((uint64_t)st.st_size > max) {
        snprintf(whybuf, sizeof whybuf, "larger than %zu bytes", max);
        why = whybuf;
    }
    if (why) {
        close(fd);
        n->refused++;
        ij_log(n, "refused %s: %s", name, why);
        return -1;
    }
    size_t cap = (size_t)st.st_size + 1, got = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        close(fd);
        ij_log(n, "refused %s: out of memory", name);
        return -1;
    }
    for (;;) {
        ssize_t r = read(fd, buf + got, cap - got);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            ij_log(n, "refused %s: read error: %s", name, strerror(errno));
            free(buf);
            close(fd);
            return -1;
        }
        if (r == 0) break;
        got += (size_t)r;
        if (got == cap) {
            /* it grew while we read it */
            if (cap > max) {
                free(buf);
                close(fd);
                n->refused++;
                ij_log(n, "refused %s: larger than %zu bytes", name, max);
                return -1;
            }
            size_t ncap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            uint8_t *nb = realloc(buf, ncap);
            if (!nb) { free(buf); close(fd); return -1; }
            buf = nb;
            cap = ncap;
        }
    }
    close(fd);
    *data = buf;
    *len = got;
    return 0;
}

/* ------------------------------------------------------------- staging */

static int stage_bytes(inject_dir *ij, const char *name, const uint8_t *data, size_t len,
                       char *out, size_t cap) {
    if (!ij->stage[0]) {
        const char *tmp = getenv("TMPDIR");
        if (!tmp || tmp[0] != '/' || strlen(tmp) > 30) tmp = "/tmp";
        snprintf(ij->stage, sizeof ij->stage, "%s/vifd-stage.XXXXXX", tmp);
        if (!mkdtemp(ij->stage)) {
            ij->stage[0] = '\0';
            return -1;
        }
    }
    char dir[128];
    snprintf(dir, sizeof dir, "%s/%" PRIu64, ij->stage, ++ij->stage_gen);
    if (mkdir(dir, 0700) != 0) return -1;
    if (snprintf(out, cap, "%s/%s", dir, name) >= (int)cap) return -1;
    int fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    bool ok = write(fd, data, len) == (ssize_t)len;
    ok = close(fd) == 0 && ok;
    return ok ? 0 : -1;
}

static void remove_stage(inject_dir *ij) {
    if (!ij->stage[0]) return;
    for (uint64_t g = 1; g <= ij->stage_gen; g++) {
        char dir[128];
        snprintf(dir, sizeof dir, "%s/%" PRIu64, ij->stage, g);
        DIR *d = opendir(dir);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d)))
                if (e->d_name[0] != '.') unlinkat(dirfd(d), e->d_name, 0);
            closedir(d);
        }
        rmdir(dir);
    }
    rmdir(ij->stage);
}

/* ---------------------------------------------------------- injecting */

/* The VIFlet class of a staged file: a jar's Main-Class, else the base
 * name (as dp_load decides). */
static void viflet_class(const char *staged, const char *name, char *cls, size_t cap) {
    bool jar = ends_with(name, ".jar");
    snprintf(cls, cap, "%.*s", (int)(strlen(name) - (jar ? 4 : 6)), name);
    if (!jar) return;
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    char mc[256] = "", detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    if (vm_jar_main_class(&plat, staged, INJECT_MAX_BYTES, mc, sizeof mc, &d) == VM_OK)
        snprintf(cls, cap, "%s", mc);
}

/* "Outer$Inner.class": an inner (nested, local, anonymous) class file.
 * It is not a VIFlet of its own: it is staged with Outer.class, and
 * writing it (re)loads Outer.class when that is there (stage_inner). */
static bool inner_class_name(const char *name, char *outer, size_t cap) {
    const char *d = strchr(name, '$');
    if (!d || d == name || !ends_with(name, ".class")) return false;
    snprintf(outer, cap, "%.*s.class", (int)(d - name), name);
    return true;
}

/* vifd --workers --vif-workers PATH=1: is v PATH or below it?  Its
 * VIFlet is then one instance, in worker 0 (ij->dp): the other workers'
 * VIFs of that path get no packets and no VIFlet. */
static bool in_global(const dp_vif *v) {
    for (; v; v = v->parent)
        if (v->global) return true;
    return false;
}

/* vifd --workers: the same swap in every other worker (all of them are
 * paused between two of their packets: vifd_workers.c), except for a
 * global VIF (in_global: worker 0 only).  The bytes are the same, so a
 * failure there is rare (a worker's heap share): it is logged, and that
 * worker keeps its old VIFlet. */
static void mirror_replace(inject_dir *ij, ij_node *n, const char *name, const char *staged,
                           const char *owner) {
    char err[DP_ERR_MAX];
    for (uint32_t k = 0; k < ij->n_mirrors && !in_global(n->vif); k++) {
        if (dp_replace(ij->mirrors[k], n->vif->path, staged, owner, err) != 0) {
            n->load_errors++;
            ij_log(n, "worker %u: load of %s failed: %s; that worker keeps its VIFlet", k + 1,
                   name, err);
        }
    }
    mirror_logs(n);
}

/* Stage every "X$*.class" of n's directory beside the staged copy of
 * X.class (staged), so that a VIFlet's inner classes written together
 * with it load with it; each goes into image im with the hash of its
 * bytes (a changed inner class is a changed class of the VM).  Returns
 * how many were staged. */
static unsigned stage_inner(ij_node *n, const char *name, const char *staged, ij_image *im) {
    size_t bl = strlen(name) - 6;
    const char *slash = strrchr(staged, '/');
    if (!slash) return 0;
    int fd = dup(n->dfd);
    if (fd < 0) return 0;
    DIR *d = fdopendir(fd);
    if (!d) { close(fd); return 0; }
    rewinddir(d);   /* the duplicate shares the directory's offset */
    unsigned count = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *en = e->d_name;
        if (strncmp(en, name, bl) || en[bl] != '$' || !ends_with(en, ".class")) continue;
        uint8_t *data = NULL;
        size_t len = 0;
        if (read_checked(n, en, INJECT_MAX_BYTES, &data, &len) != 0) continue;
        char path[512];
        if (snprintf(path, sizeof path, "%.*s/%s", (int)(slash - staged), staged, en) <
            (int)sizeof path) {
            int wfd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (wfd >= 0) {
                bool ok = write(wfd, data, len) == (ssize_t)len;
                if (close(wfd) == 0 && ok) {
                    ij_image_add(im, en, strlen(en) - 6, ij_hash_bytes(data, len));
                    count++;
                } else {
                    ij_image_set_unlistable(im, "an inner class could not be staged");
                }
            }
        }
        free(data);
    }
    closedir(d);
    return count;
}

static void inject_file(inject_dir *ij, ij_node *n, const char *name) {
    if (!n->vif) return;
    char outer[300];
    if (inner_class_name(name, outer, sizeof outer)) {
        struct stat ost;
        if (fstatat(n->dfd, outer, &ost, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(ost.st_mode)) {
            ij_log(n, "%s: an inner class: kept for %s, loaded with it", name, outer);
            return;
        }
        name = outer;    /* (re)load the outer class, this one with it */
    }
    uint8_t *data = NULL;
    size_t len = 0;
    if (read_checked(n, name, INJECT_MAX_BYTES, &data, &len) != 0) return;
    struct stat ds;
    char owner[64], err[DP_ERR_MAX], staged[256];
    if (fstat(n->dfd, &ds) != 0) { free(data); return; }
    user_name(ds.st_uid, owner, sizeof owner);

    if (stage_bytes(ij, name, data, len, staged, sizeof staged) != 0) {
        n->load_errors++;
        ij_log(n, "cannot load %s: cannot stage it: %s", name, strerror(errno));
        free(data);
        return;
    }
    /* the image: every class this file puts on the class path, with the
     * hash of its bytes (a jar's NAME.class entries; a .class and its
     * X$*.class inner classes) */
    ij_image *im = ij_image_new();
    if (!im) {
        n->load_errors++;
        ij_log(n, "cannot load %s: out of memory", name);
        free(data);
        return;
    }
    if (ends_with(name, ".jar")) {
        vm_platform plat;
        posix_platform_init(&plat, NULL);
        ij_image_add_jar(im, &plat, data, len);
    } else {
        ij_image_add(im, name, strlen(name) - 6, ij_hash_bytes(data, len));
        stage_inner(n, name, staged, im);
    }
    free(data);
    /* one class namespace per VM, and the class path is searched newest
     * image first: if any class of this image is on record for the
     * owner's VM with other bytes (loaded already, or loadable later from
     * an older image: a helper first used after this one arrives), the
     * image goes into a fresh VM of that owner (VIFlets in the old one
     * keep running there, with their own classes).  Identical classes
     * stay shared.  The main class loaded there from bytes not on record
     * counts as changed too. */
    char cls[256], why[512];
    viflet_class(staged, name, cls, sizeof cls);
    bool clash = ij_vmsets_conflict(ij->vmsets, owner, im, why, sizeof why);
    if (!clash && dp_owner_has_class(ij->dp, owner, cls) &&
        !ij_vmsets_knows(ij->vmsets, owner, cls)) {
        snprintf(why, sizeof why, "class %s changed", cls);
        clash = true;
    }
    if (clash) {
        ij_log(n, "%s: %s: starting a new VM for owner %s", name, why, owner);
        dp_owner_retire(ij->dp, owner);
        for (uint32_t m = 0; m < ij->n_mirrors; m++) dp_owner_retire(ij->mirrors[m], owner);
        ij_vmsets_forget(ij->vmsets, owner);
    }
    char *old = n->vif->class_name ? strdup(n->vif->class_name) : NULL;
    int lr = dp_replace(ij->dp, n->vif->path, staged, owner, err);
    /* on the class path of the owner's VM now, whether or not its VIFlet
     * loaded (the loader adds it before it looks for the class) */
    ij_vmsets_record(ij->vmsets, owner, im);
    ij_image_free(im);
    if (lr != 0) {
        n->load_errors++;
        /* the loader's messages name the staged copy: show the user's name */
        char *s = strstr(err, staged);
        char msg[DP_ERR_MAX + 64];
        if (s) snprintf(msg, sizeof msg, "%.*s%s%s", (int)(s - err), err, name, s + strlen(staged));
        else snprintf(msg, sizeof msg, "%s", err);
        /* drop the "--load PATH=FILE: " prefix of dp_load's messages */
        char pre[600];
        snprintf(pre, sizeof pre, "%s: ", name);
        char *q = strncmp(msg, "--load ", 7) ? NULL : strstr(msg, pre);
        if (q) memmove(msg, q + strlen(pre), strlen(q + strlen(pre)) + 1);
        /* after an abort the old VIFlet does not run any more: say what does */
        const dp_vif *cv = n->vif;
        const char *state = !old ? " (packets pass straight through)"
            : cv->active ? " keeps running"
            : cv->aborted && cv->policy == DP_POLICY_DROP
                ? " stays aborted (packets are dropped: failure policy drop)"
                : " stays aborted (packets pass straight through)";
        ij_log(n, "load of %s failed: %s; %s%s", name, msg, old ? old : "no VIFlet", state);
        free(old);
        return;
    }
    mirror_replace(ij, n, name, staged, owner);
    n->loads++;
    if (old) n->detaches++; /* the VIFlet it replaced was detached */
    free(n->loaded);
    n->loaded = strdup(name);
    ij_log(n, "loaded %s: VIFlet %s (owner %s)%s%s", name, n->vif->class_name, owner,
           old ? ", replacing " : "", old ? old : "");
    free(old);
    write_stats(ij, n);
}

static void remove_file(inject_dir *ij, ij_node *n, const char *name) {
    if (!n->vif || !n->loaded || strcmp(n->loaded, name)) return;
    char err[DP_ERR_MAX];
    free(n->loaded);
    n->loaded = NULL;
    if (n->vif->owner && dp_unload(ij->dp, n->vif->path, err) == 0) n->detaches++;
    for (uint32_t k = 0; k < ij->n_mirrors; k++) dp_unload(ij->mirrors[k], n->vif->path, err);
    write_stats(ij, n);
}

/* ------------------------------------------------------------- the tree */

static int watch(inject_dir *ij, ij_node *n) {
    char p[64];
    snprintf(p, sizeof p, "/proc/self/fd/%d", n->dfd);
    n->wd = inotify_add_watch(ij->ifd, p, WATCH_MASK);
    return n->wd < 0 ? -1 : 0;
}

static ij_node *add_node(inject_dir *ij, ij_node *parent, const char *vpath, int dfd,
                         dp_vif *v) {
    ij_node *n = calloc(1, sizeof *n);
    ij_node **nn = realloc(ij->nodes, (ij->n_nodes + 1) * sizeof *nn);
    if (nn) ij->nodes = nn;
    if (!n || !nn || !(n->vpath = strdup(vpath))) {
        free(n);
        return NULL;
    }
    n->dfd = dfd;
    n->wd = -1;
    struct stat st;
    if (fstat(dfd, &st) == 0) {
        n->dev = st.st_dev;
        n->ino = st.st_ino;
    }
    n->parent = parent;
    n->vif = v;
    n->ij = ij;
    ij->nodes[ij->n_nodes++] = n;
    return n;
}

static ij_node *node_of_wd(inject_dir *ij, int wd) {
    for (uint32_t i = 0; i < ij->n_nodes; i++)
        if (ij->nodes[i]->wd == wd) return ij->nodes[i];
    return NULL;
}

static ij_node *node_of_path(inject_dir *ij, const char *vpath) {
    for (uint32_t i = 0; i < ij->n_nodes; i++)
        if (ij->nodes[i]->wd >= 0 && !strcmp(ij->nodes[i]->vpath, vpath)) return ij->nodes[i];
    return NULL;
}

static void scan_dir(inject_dir *ij, ij_node *n);

/* The expression in n's `filter` file, newlines and tabs made spaces and
 * trimmed, into buf (FILTER_MAX + 1 bytes); NULL if unreadable (logged by
 * read_checked), with a NUL byte (logged in `logn`'s log), or empty
 * (probably still being written). */
static char *read_filter(ij_node *n, ij_node *logn, char *buf) {
    uint8_t *data = NULL;
    size_t len = 0;
    if (read_checked(n, "filter", FILTER_MAX, &data, &len) != 0) return NULL;
    if (memchr(data, '\0', len)) {
        free(data);
        ij_log(logn, "filter of %s refused: it contains a NUL byte", n->vpath);
        return NULL;
    }
    memcpy(buf, data, len);
    buf[len] = '\0';
    free(data);
    for (size_t i = 0; i < len; i++)
        if (buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t') buf[i] = ' ';
    char *f = buf;
    while (*f == ' ') f++;
    size_t fl = strlen(f);
    while (fl && f[fl - 1] == ' ') f[--fl] = '\0';
    return *f ? f : NULL;
}

/* `filter` in a subdirectory without a VIF yet: create the child VIF. */
static void try_filter(inject_dir *ij, ij_node *n) {
    if (n->vif || !n->parent || !n->parent->vif) return;
    char filter[FILTER_MAX + 1];
    char *f = read_filter(n, n->parent, filter);
    if (!f) return;
    char err[DP_ERR_MAX];
    if (dp_add_vif(ij->dp, n->vpath, f, err) != 0) {
        ij_log(n->parent, "child VIF %s not created: %s", n->vpath, err);
        return;
    }
    for (uint32_t k = 0; k < ij->n_mirrors; k++)
        if (dp_add_vif(ij->mirrors[k], n->vpath, f, err) != 0)
            ij_log(n->parent, "worker %u: child VIF %s not created: %s", k + 1, n->vpath, err);
    n->vif = dp_find_vif(ij->dp, n->vpath);
    open_log(n);
    ij_log(n->parent, "child VIF %s created (filter \"%s\")", n->vpath, f);
    if (n->vif) dp_logf(n->vif, "vifd: VIF %s created (filter \"%s\")\n", n->vpath, f);
    scan_dir(ij, n);
    write_stats(ij, n);
}

/* `filter` rewritten in the directory of an existing child VIF: the new
 * expression applies to packets classified from now on; a bad one is
 * refused and the old filter stays. */
static void change_filter(inject_dir *ij, ij_node *n) {
    char filter[FILTER_MAX + 1];
    char *f = read_filter(n, n, filter);
    if (!f) return;
    const char *old = n->vif->filter ? n->vif->filter : "";
    if (!strcmp(old, f)) return;
    char err[DP_ERR_MAX];
    if (dp_set_filter(ij->dp, n->vif->path, f, err) != 0) {
        ij_log(n, "filter change refused, the filter stays \"%s\": %s", old, err);
        return;
    }
    for (uint32_t k = 0; k < ij->n_mirrors; k++)
        if (dp_set_filter(ij->mirrors[k], n->vif->path, f, err) != 0)
            ij_log(n, "worker %u: filter change refused: %s", k + 1, err);
    ij_log(n, "filter of VIF %s changed to \"%s\"", n->vpath, f);
    write_stats(ij, n);
}

/* A new subdirectory `name` of n: watched if its owner is n's owner or
 * root; a child VIF once it holds a `filter`. */
static void add_subdir(inject_dir *ij, ij_node *n, const char *name) {
    if (name[0] == '.') return;
    char vpath[1024];
    if (snprintf(vpath, sizeof vpath, "%s/%s", n->vpath, name) >= (int)sizeof vpath) return;
    if (node_of_path(ij, vpath)) return;
    int fd = openat(n->dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return;
        n->refused++;
        ij_log(n, "refused subdirectory %s: %s", name,
               errno == ELOOP || errno == ENOTDIR ? "a symbolic link" : strerror(errno));
        return;
    }
    struct stat ds, st;
    if (fstat(n->dfd, &ds) != 0 || fstat(fd, &st) != 0) { close(fd); return; }
    if (st.st_uid != ds.st_uid && st.st_uid != 0) {
        char u[64], d[64];
        user_name(st.st_uid, u, sizeof u);
        user_name(ds.st_uid, d, sizeof d);
        n->refused++;
        ij_log(n, "refused subdirectory %s: owned by %s, not by the directory's owner %s (or root)",
               name, u, d);
        close(fd);
        return;
    }
    for (uint32_t i = 0; i < ij->n_nodes; i++) {
        ij_node *o = ij->nodes[i];
        if (o->wd >= 0 && o->dev == st.st_dev && o->ino == st.st_ino) {
            /* a watched directory renamed or moved: it stays what it was */
            ij_log(n, "subdirectory %s is the directory of %s (renamed or moved): it keeps "
                      "that VIF", name, o->vpath);
            close(fd);
            return;
        }
    }
    if (ij->n_nodes >= NODES_MAX) {
        n->refused++;
        ij_log(n, "refused subdirectory %s: too many directories (%u)", name, NODES_MAX);
        close(fd);
        return;
    }
    ij_node *c = add_node(ij, n, vpath, fd, NULL);
    if (!c) { close(fd); return; }
    if (watch(ij, c) != 0) {
        ij_log(n, "cannot watch subdirectory %s: %s", name, strerror(errno));
        return;
    }
    try_filter(ij, c);
}

/* What is already in a directory that just became a VIF: subdirectories
 * and VIFlet files. */
static void scan_dir(inject_dir *ij, ij_node *n) {
    int fd = dup(n->dfd);
    if (fd < 0) return;
    DIR *d = fdopendir(fd);
    if (!d) { close(fd); return; }
    char **names = NULL;
    size_t nn = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char **q = realloc(names, (nn + 1) * sizeof *q);
        if (!q) break;
        names = q;
        if ((names[nn] = strdup(e->d_name))) nn++;
    }
    closedir(d);
    for (size_t i = 0; i < nn; i++) {
        struct stat st;
        if (fstatat(n->dfd, names[i], &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
            add_subdir(ij, n, names[i]);
        else if (is_viflet_name(names[i]))
            inject_file(ij, n, names[i]);
        free(names[i]);
    }
    free(names);
}

/* The VIF of directory n goes away (its filter file or the directory was
 * removed): the VIFlet is detached, then the VIF leaves the tree
 * (dp_remove_vif).  The root VIF stays, without VIFlet. */
static void remove_vif_of(inject_dir *ij, ij_node *n, const char *why) {
    char err[DP_ERR_MAX];
    if (n->vif->owner && dp_unload(ij->dp, n->vif->path, err) == 0) n->detaches++;
    for (uint32_t k = 0; k < ij->n_mirrors; k++) dp_unload(ij->mirrors[k], n->vif->path, err);
    if (!n->parent) {
        ij_log(n, "%s: the root VIF %s stays (packets pass straight through)", why, n->vpath);
        return;
    }
    if (dp_remove_vif(ij->dp, n->vif->path, err) != 0) {
        ij_log(n, "%s: VIF %s stays: %s", why, n->vpath, err);
        fprintf(stderr, "vifd: inject: %s: VIF %s stays: %s\n", why, n->vpath, err);
        return;
    }
    /* the workers' VIFs of this path, for its last stats file (once
     * removed they are no longer found by path) */
    dp_vif **mv = ij->n_mirrors ? calloc(ij->n_mirrors, sizeof *mv) : NULL;
    for (uint32_t k = 0; k < ij->n_mirrors; k++) {
        if (mv) mv[k] = dp_find_vif(ij->mirrors[k], n->vif->path);
        if (dp_remove_vif(ij->mirrors[k], n->vif->path, err) != 0)
            ij_log(n, "worker %u: VIF %s stays: %s", k + 1, n->vpath, err);
    }
    ij_log(n, "%s: VIF %s removed (its packets now go to %s)", why, n->vpath, n->parent->vpath);
    fprintf(stderr, "vifd: inject: %s: VIF %s removed\n", why, n->vpath);
    free(n->loaded);
    n->loaded = NULL;
    /* its last counters, state removed (without mv, worker 0's only) */
    write_stats_of(ij, n, mv, false);
    free(mv);
    n->vif = NULL;
}

static void handle_event(inject_dir *ij, const struct inotify_event *e) {
    if (e->mask & IN_Q_OVERFLOW) {
        fprintf(stderr, "vifd: inject: inotify queue overflow: some changes were missed\n");
        return;
    }
    ij_node *n = node_of_wd(ij, e->wd);
    if (!n) return;
    if (e->mask & (IN_DELETE_SELF | IN_IGNORED)) {
        if (n->wd >= 0) inotify_rm_watch(ij->ifd, n->wd);
        n->wd = -1;
        if (n->vif) remove_vif_of(ij, n, "directory removed");
        return;
    }
    if (!e->len || !e->name[0]) return;
    const char *name = e->name;
    if (e->mask & IN_ISDIR) {
        if (e->mask & (IN_CREATE | IN_MOVED_TO)) add_subdir(ij, n, name);
        return;
    }
    if (!strcmp(name, "log") && (e->mask & IN_DELETE) && n->own_log_unlinks) {
        n->own_log_unlinks--;
        return;
    }
    if (!strcmp(name, "log") && n->vif && (e->mask & (IN_DELETE | IN_MOVED_FROM))) {
        open_log(n); /* removed by the owner: a fresh one */
        return;
    }
    if (!strcmp(name, "filter")) {
        if (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) {
            if (!n->vif) try_filter(ij, n);
            else if (n->parent) change_filter(ij, n);
        } else if ((e->mask & (IN_DELETE | IN_MOVED_FROM)) && n->vif && n->parent) {
            remove_vif_of(ij, n, "filter removed");
        }
        return;
    }
    if (!is_viflet_name(name)) return;
    if (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) {
        inject_file(ij, n, name);
    } else if (e->mask & IN_CREATE) {
        /* links never get a close-after-write: check them now */
        struct stat st;
        if (fstatat(n->dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            (S_ISLNK(st.st_mode) || st.st_nlink != 1 || !S_ISREG(st.st_mode))) {
            n->refused++;
            ij_log(n, "refused %s: %s", name,
                   S_ISLNK(st.st_mode) ? "a symbolic link"
                   : !S_ISREG(st.st_mode) ? "not a regular file"
                   : "a hard link (more than one name)");
        }
    } else if (e->mask & (IN_DELETE | IN_MOVED_FROM)) {
        remove_file(ij, n, name);
    }
}

static void drain_events(inject_dir *ij) {
    char buf[65536] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        ssize_t r = read(ij->ifd, buf, sizeof buf);
        if (r <= 0) break;
        for (char *p = buf; p < buf + r;) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            handle_event(ij, e);
            p += sizeof *e + e->len;
        }
    }
}

int inject_fd(const inject_dir *ij) { return ij->ifd; }

void inject_poll(inject_dir *ij) {
    if (!ij) return;
    int64_t now = mono_ns();
    if (now < ij->next_read) return;
    ij->next_read = now + 1000000;
    drain_events(ij);
    if (now >= ij->next_stats) inject_write_stats(ij);
}

void inject_wait(inject_dir *ij, int64_t deadline_ns, volatile int *stop) {
    if (!ij) return;
    for (;;) {
        ij->next_read = 0;
        inject_poll(ij);
        int64_t now = mono_ns();
        if (now >= deadline_ns || (stop && *stop)) return;
        int64_t until = deadline_ns < ij->next_stats ? deadline_ns : ij->next_stats;
        int64_t d = until - now;
        if (d < 0) d = 0;
        struct pollfd pfd = { .fd = ij->ifd, .events = POLLIN };
        int ms = (int)((d + 999999) / 1000000);
        if (poll(&pfd, 1, ms) < 0 && errno == EINTR) return;
    }
}

/* ---------------------------------------------------------------- setup */

static int resolve_user(const char *user, uid_t *uid, gid_t *gid) {
    struct passwd *pw = getpwnam(user);
    if (pw) {
        *uid = pw->pw_uid;
        *gid = pw->pw_gid;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long u = strtoul(user, &end, 10);
    if (*user >= '0' && *user <= '9' && !*end && !errno && u < 0xffffffffu) {
        *uid = (uid_t)u;
        pw = getpwuid(*uid);
        *gid = pw ? pw->pw_gid : (gid_t)u;
        return 0;
    }
    return -1;
}

/* mkdir -p of DIR itself (its parents are the administrator's); *made:
 * DIR itself was created. */
static int make_top(const char *dir, bool *made) {
    *made = false;
    char *p = strdup(dir);
    if (!p) return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST) { free(p); return -1; }
        *s = '/';
    }
    int r = mkdir(p, 0755);
    free(p);
    if (r == 0) *made = true;
    return r != 0 && errno != EEXIST ? -1 : 0;
}

int inject_open(datapath *dp, const char *dir, const inject_owner *owners, int n_owners,
                inject_dir **out, char *err) {
    return inject_open_workers(&dp, 1, dir, owners, n_owners, out, err);
}

int inject_open_workers(datapath *const *dps, uint32_t n_dps, const char *dir,
                        const inject_owner *owners, int n_owners, inject_dir **out, char *err) {
    *out = NULL;
    datapath *dp = dps[0];
    inject_dir *ij = calloc(1, sizeof *ij);
    if (!ij) return fail(err, "out of memory");
    ij->dp = dp;
    if (n_dps > 1) {
        ij->mirrors = malloc((n_dps - 1) * sizeof *ij->mirrors);
        if (!ij->mirrors) {
            free(ij);
            return fail(err, "out of memory");
        }
        memcpy(ij->mirrors, dps + 1, (n_dps - 1) * sizeof *ij->mirrors);
        ij->n_mirrors = n_dps - 1;
    }
    ij->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    int top = -1;
    if (!(ij->vmsets = ij_vmsets_new())) {
        fail(err, "out of memory");
        goto bad;
    }
    if (ij->ifd < 0) {
        fail(err, "--dir %s: inotify: %s", dir, strerror(errno));
        goto bad;
    }
    for (int i = 0; i < n_owners; i++) {
        if (!dp_find_vif(dp, owners[i].path)) {
            fail(err, "--vif-owner %s: no such VIF (define it with --vif first)", owners[i].path);
            goto bad;
        }
        uid_t u;
        gid_t g;
        if (resolve_user(owners[i].user, &u, &g) != 0) {
            fail(err, "--vif-owner %s=%s: no such user", owners[i].path, owners[i].user);
            goto bad;
        }
    }
    bool made = false, am_root = geteuid() == 0;
    if (make_top(dir, &made) != 0 || (top = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
        fail(err, "--dir %s: %s", dir, strerror(errno));
        goto bad;
    }
    struct stat ts;
    if (made) fchmod(top, 0755);
    if (fstat(top, &ts) != 0 || (am_root && (ts.st_uid != 0 || (ts.st_mode & 022)))) {
        fail(err, "--dir %s: must be owned by root and writable by root only (the VIF "
                  "directories below it are checked against it)", dir);
        goto bad;
    }
    if (!am_root)
        fprintf(stderr, "vifd: warning: --dir without root: directory owners cannot be set\n");
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i];
        ij_node *parent = NULL;
        const char *comp = v->path;
        int pfd = top;
        if (v->parent) {
            char pp[1024];
            snprintf(pp, sizeof pp, "%s", v->path);
            *strrchr(pp, '/') = '\0';
            parent = node_of_path(ij, pp);
            if (!parent) { fail(err, "--dir: no directory for %s", pp); goto bad; }
            pfd = parent->dfd;
            comp = strrchr(v->path, '/') + 1;
        }
        if (mkdirat(pfd, comp, 0755) != 0 && errno != EEXIST) {
            fail(err, "--dir: cannot create %s/%s: %s", dir, v->path, strerror(errno));
            goto bad;
        }
        int fd = openat(pfd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            fail(err, "--dir: %s/%s: %s", dir, v->path,
                 errno == ELOOP || errno == ENOTDIR ? "not a directory (or a symbolic link)"
                                                    : strerror(errno));
            goto bad;
        }
        /* owner: root for the root VIF; --vif-owner; else the parent's */
        struct stat ps;
        uid_t u = 0;
        gid_t g = 0;
        if (parent && fstat(parent->dfd, &ps) == 0) { u = ps.st_uid; g = ps.st_gid; }
        if (!parent && !am_root) { u = geteuid(); g = getegid(); }
        for (int k = 0; k < n_owners; k++) {
            dp_vif *ov = dp_find_vif(dp, owners[k].path);
            if (ov != v) continue;
            if (!parent) {
                close(fd);
                fail(err, "--vif-owner %s: the root VIF's directory belongs to root",
                     owners[k].path);
                goto bad;
            }
            resolve_user(owners[k].user, &u, &g);
        }
        if (am_root && fchown(fd, u, g) != 0) {
            close(fd);
            fail(err, "--dir: chown %s/%s: %s", dir, v->path, strerror(errno));
            goto bad;
        }
        if (fchmod(fd, 0755) != 0) { /* not fatal */ }
        ij_node *n = add_node(ij, parent, v->path, fd, v);
        if (!n) { close(fd); fail(err, "out of memory"); goto bad; }
        if (watch(ij, n) != 0) {
            fail(err, "--dir: cannot watch %s/%s: %s", dir, v->path, strerror(errno));
            goto bad;
        }
        open_log(n);
        if (v->class_name) {
            const char *b = strrchr(v->file, '/');
            n->loaded = strdup(b ? b + 1 : v->file);
            /* a --load'ed VIFlet's class path entry (its jar, or the
             * whole directory of its .class) is the user's, not listed
             * here: the owner's next injected image gets a fresh VM */
            if (v->owner)
                ij_vmsets_set_opaque(ij->vmsets, v->owner->name,
                                     "a VIFlet loaded with --load (its class path entry is not "
                                     "listed)");
        }
    }
    close(top);
    ij->next_stats = 0;
    inject_write_stats(ij);
    *out = ij;
    return 0;
bad:
    if (top >= 0) close(top);
    inject_close(ij);
    return -1;
}

void inject_close(inject_dir *ij) {
    if (!ij) return;
    for (uint32_t i = 0; i < ij->n_nodes; i++) {
        ij_node *n = ij->nodes[i];
        if (n->dfd >= 0) close(n->dfd);
        free(n->vpath);
        free(n->loaded);
        free(n);
    }
    free(ij->nodes);
    ij_vmsets_free(ij->vmsets);
    if (ij->ifd >= 0) close(ij->ifd);
    remove_stage(ij);
    free(ij->mirrors);
    free(ij);
}
