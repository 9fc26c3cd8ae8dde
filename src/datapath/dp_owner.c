/* dp_owner.c - one VM per VIFlet owner, its platform hooks (output goes to
 * the log of the VIF whose VIFlet is running; System.nanoTime reads the
 * datapath clock), VIF logs, and loading a VIFlet (.class or .jar) into
 * its owner's VM. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dp_internal.h"
#include "posix/posix_platform.h"

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------ logs */

/* the longest part of a line a VIF's stderr log keeps back for the rest */
#define DP_LOG_LINE 512u

/* writes A then B to stderr in one locked section, "[path] " first when
 * the VIF's output is at a line start */
static void log_emit(dp_vif *v, const char *a, size_t an, const char *b, size_t bn) {
    if (an + bn == 0) return;
    flockfile(stderr);
    if (v->log_bol) fprintf(stderr, "[%s] ", v->path);
    if (an) fwrite(a, 1, an, stderr);   /* (a: NULL when no line was kept) */
    if (bn) fwrite(b, 1, bn, stderr);
    fflush(stderr);
    funlockfile(stderr);
    v->log_bol = (bn ? b[bn - 1] : a[an - 1]) == '\n';
}

void dp_log_write(dp_vif *v, const char *buf, size_t n) {
    if (v->log) {
        fwrite(buf, 1, n, v->log);
        fflush(v->log);
        if (n) v->log_bol = buf[n - 1] == '\n';
        return;
    }
    /* stderr: whole lines, each prefixed with the VIF path; a part of a
     * line waits in v->line for the rest (a line longer than v->line is
     * written in pieces) */
    while (n > 0) {
        const char *nl = memchr(buf, '\n', n);
        size_t k = nl ? (size_t)(nl - buf) + 1 : n;
        if (!nl && !v->line) v->line = malloc(DP_LOG_LINE);   /* (NULL: written as it is) */
        if (!nl && v->line && v->line_len + k <= DP_LOG_LINE) {
            memcpy(v->line + v->line_len, buf, k);
            v->line_len = (uint16_t)(v->line_len + k);
        } else {
            log_emit(v, v->line, v->line_len, buf, k);
            v->line_len = 0;
        }
        buf += k;
        n -= k;
    }
}

void dp_log_end_line(dp_vif *v) {
    if (v->line_len) {
        log_emit(v, v->line, v->line_len, "\n", 1);
        v->line_len = 0;
    } else if (!v->log_bol) {
        dp_log_write(v, "\n", 1);
    }
}

size_t dp_log_timestamp(char *buf, size_t cap) {
    struct timespec now;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &now);
    gmtime_r(&now.tv_sec, &tm);
    size_t n = strftime(buf, cap, "%Y-%m-%dT%H:%M:%S", &tm);
    int k = snprintf(buf + n, cap - n, ".%03ldZ ", now.tv_nsec / 1000000);
    return k > 0 && (size_t)k < cap - n ? n + (size_t)k : n;
}

void dp_logf(dp_vif *v, const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
    /* vifd's own lines start a line, whatever the VIFlet printed before */
    dp_log_end_line(v);
    if (v->log) {
        /* in a log file, each of vifd's lines starts with the wall-clock
         * time (UTC, ms): "2026-01-31T12:00:00.123Z vifd: ..." */
        char ts[40];
        dp_log_write(v, ts, dp_log_timestamp(ts, sizeof ts));
    }
    dp_log_write(v, buf, (size_t)n);
}

void dp_describe_budget_abort(vm *vm, const dp_vif *v, char *buf, size_t cap) {
    char where[256], caller[256];
    vm_budget_where(vm, where, sizeof where);
    vm_budget_caller(vm, caller, sizeof caller);
    snprintf(buf, cap, "instruction budget of %llu exhausted in %s%s%s%s",
             (unsigned long long)v->budget, where, caller[0] ? " (called from " : "", caller,
             caller[0] ? ")" : "");
}

static int mkdirs(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int r = mkdir(path, 0755);
        *p = '/';
        if (r != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

/* LOGDIR/<vif path>.log (directories created as needed). */
int dp_open_log(datapath *dp, dp_vif *v, char *err) {
    if (!dp->logdir || v->log) return 0;
    size_t n = strlen(dp->logdir) + strlen(v->path) + 8;
    char *f = malloc(n);
    if (!f) return fail(err, "out of memory");
    snprintf(f, n, "%s/%s.log", dp->logdir, v->path);
    if (mkdirs(f) != 0 || !(v->log = fopen(f, "a"))) {
        fail(err, "cannot open log file %s: %s", f, strerror(errno));
        free(f);
        return -1;
    }
    free(f);
    return 0;
}

/* ------------------------------------------------------ platform hooks */

static void owner_write(void *ud, int stream, const char *buf, size_t n) {
    (void)stream;
    dp_owner *o = ud;
    dp_vif *v = o->cur;
    if (o->trace_capped && !(n = dp_trace_filter(o, buf, n))) return;
    if (v) {
        if (v->out_capped) return;
        if (n > DP_LOG_MAX_BYTES - v->out_bytes) {
            dp_log_write(v, buf, (size_t)(DP_LOG_MAX_BYTES - v->out_bytes));
            v->out_bytes = DP_LOG_MAX_BYTES;
            v->out_capped = true;
            dp_logf(v, "vifd: VIFlet output limit of %u MiB reached: further output of %s is "
                       "discarded\n", DP_LOG_MAX_BYTES >> 20,
                    v->class_name ? v->class_name : "this VIFlet");
            return;
        }
        v->out_bytes += n;
        dp_log_write(v, buf, n);
    } else {
        flockfile(stderr);
        fprintf(stderr, "[owner %s] ", o->name);
        fwrite(buf, 1, n, stderr);
        funlockfile(stderr);
    }
}

static int64_t owner_nanotime(void *ud) {
    dp_owner *o = ud;
    return o->dp->now;
}

/* the handlers' time limit (--cpu) counts this thread's CPU time: being
 * kept off the CPU by other processes is not the VIFlet's doing */
static int64_t owner_cputime(void *ud) {
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---------------------------------------------------------------- owners */

void dp_owner_destroy(dp_owner *o) {
    if (!o) return;
    /* the fused stage entries emitted in this VM go with it */
    for (uint32_t i = 0; o->vm && o->dp && i < o->dp->n_vifs; i++) {
        dp_vif *v = o->dp->vifs[i];
        if (v->fprog_vm == o->vm) {   /* (a field-only handler's program: dp_fuse.c) */
            v->fprog_fn = v->fprog_code = NULL;
            v->fprog_vm = NULL;
        }
        if (v->entry_vm != o->vm) continue;
        v->enq_entry.native = NULL;
        v->entry_vm = NULL;
    }
    if (o->vm) vm_destroy(o->vm);
    free(o->slots);
    free(o->cp_str);
    free(o->name);
    free(o);
}

/* VIFD_PERF_MAP=1 in the environment: name each JIT-compiled method in
 * /tmp/perf-<pid>.map for perf report (all owners share the file).  The
 * JIT code then lives in anonymous mappings (see dp_owner_get). */
static void perf_map_emitted(void *ud, const char *name, const void *code, size_t size) {
    static FILE *f;
    (void)ud;
    if (!f) {
        char path[64];
        snprintf(path, sizeof path, "/tmp/perf-%ld.map", (long)getpid());
        if (!(f = fopen(path, "w"))) return;
    }
    fprintf(f, "%lx %zx %s\n", (unsigned long)(uintptr_t)code, size, name);
    fflush(f);
}

/* VIFD_PERF_MAP and/or --jit-disasm (dp_config.code_emitted) */
static void owner_code_emitted(void *ud, const char *name, const void *code, size_t size) {
    dp_owner *o = ud;
    if (o->perf_map) perf_map_emitted(ud, name, code, size);
    if (o->dp->cfg.code_emitted) o->dp->cfg.code_emitted(o->dp->cfg.code_emitted_ctx, name, code, size);
}

/* The owner's VM is created at its first VIFlet (the class path is given
 * per VIFlet, so creation happens in load_viflet). */
dp_owner *dp_owner_get(datapath *dp, const char *name, char *err) {
    for (uint32_t i = 0; i < dp->n_owners; i++)
        if (!dp->owners[i]->retired && !strcmp(dp->owners[i]->name, name)) return dp->owners[i];
    dp_owner *o = calloc(1, sizeof *o);
    if (o) o->audit_at = 256u;   /* (live_after_audit 0) */
    dp_owner **n = realloc(dp->owners, (dp->n_owners + 1) * sizeof *n);
    if (n) dp->owners = n;
    if (!o || !n || !(o->name = strdup(name))) {
        free(o);
        fail(err, "out of memory");
        return NULL;
    }
    o->dp = dp;
    posix_platform_init(&o->plat, o);
    o->plat.write = owner_write;
    o->plat.nanotime = owner_nanotime;
    o->plat.limit_clock = owner_cputime;
    const char *pm = getenv("VIFD_PERF_MAP");
    if (dp->cfg.code_emitted) o->plat.code_emitted = owner_code_emitted;
    if (pm && *pm && strcmp(pm, "0") != 0) {
        o->perf_map = true;
        o->plat.code_emitted = owner_code_emitted;
        /* perf reads /tmp/perf-<pid>.map only for anonymous mappings: the
         * JIT's dual memfd mapping shows as "memfd:vifvm-jit (deleted)" with
         * raw offsets.  Profile with per-method anonymous code instead. */
        o->plat.code_map_dual = NULL;
        o->plat.code_unmap_dual = NULL;
    }
    dp->owners[dp->n_owners++] = o;
    return o;
}

/* --------------------------------------------------------------- loading */

static bool ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

/* Describe and clear the pending exception, also logging its stack trace to
 * v's log. */
static void describe_pending(dp_owner *o, dp_vif *v, const char *cls, char *buf, size_t cap) {
    vm *vm = o->vm;
    vm_object *ex = vm_exception(vm);
    vm_exception_clear(vm);
    if (!ex) {
        snprintf(buf, cap, "(no exception)");
        return;
    }
    dp_describe_abort(o, v, VM_ERR_EXCEPTION, ex, buf, cap);
    char name[1024];
    snprintf(name, sizeof name, "%s", cls);
    for (char *q = name; *q; q++)
        if (*q == '/') *q = '.';
    dp_print_uncaught(o, v, name, "constructor", ex);
}

static int load_into(datapath *dp, dp_vif *v, dp_owner *o, const char *path, const char *file,
                     bool jar, const char *cp, char *cls, size_t cls_cap, char *err);
/* the largest VIFlet jar read (its manifest, its classes at load) */
#define DP_MAX_JAR_BYTES (64u * 1024 * 1024)

static int load_viflet(datapath *dp, const char *path, const char *file,
                       const char *owner_name, bool replace, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--load %s: no such VIF (define it with --vif first)", path);
    if (v->owner && !replace)
        return fail(err, "--load %s: VIF already has a VIFlet (%s)", path, v->file);
    bool jar = ends_with(file, ".jar");
    if (!jar && !ends_with(file, ".class"))
        return fail(err, "--load %s=%s: a VIFlet is a .class or .jar file", path, file);
    struct stat sb;
    if (stat(file, &sb) != 0 || !S_ISREG(sb.st_mode))
        return fail(err, "--load %s=%s: cannot read %s: %s", path, file, file,
                    errno ? strerror(errno) : "not a regular file");

    /* owner: explicit, else the path's top component (after the root) */
    char top[256];
    if (!owner_name) {
        const char *p = v->path + strlen(dp->root_name);
        if (*p == '/') p++;
        if (!*p) p = dp->root_name;
        size_t n = strcspn(p, "/");
        if (n >= sizeof top) n = sizeof top - 1;
        memcpy(top, p, n);
        top[n] = '\0';
        owner_name = top;
    }
    if (!*owner_name) return fail(err, "--load %s: empty owner name", path);

    /* class path and class name */
    char cp[4096], cls[1024];
    const char *slash = strrchr(file, '/');
    const char *base = slash ? slash + 1 : file;
    if (jar) {
        snprintf(cp, sizeof cp, "%s", file);
    } else if (slash) {
        snprintf(cp, sizeof cp, "%.*s", (int)(slash - file) ? (int)(slash - file) : 1,
                 (slash - file) ? file : "/");
    } else {
        snprintf(cp, sizeof cp, ".");
    }
    size_t bl = strlen(base) - (jar ? 4 : 6);
    if (bl == 0 || bl >= sizeof cls) return fail(err, "--load %s=%s: bad file name", path, file);
    memcpy(cls, base, bl);
    cls[bl] = '\0';

    dp_owner *o = dp_owner_get(dp, owner_name, err);
    if (!o) return -1;
    /* what the load does in o's VM (a new VM's set-up included) is the
     * load's, not the packet path's of o's other VIFs (dp_vif_path_counts) */
    vm_stats s0 = { 0 }, s1;
    if (o->vm) vm_get_stats(o->vm, &s0);
    int rc = load_into(dp, v, o, path, file, jar, cp, cls, sizeof cls, err);
    if (!o->vm) return rc;
    vm_get_stats(o->vm, &s1);
    o->load_compiled += s1.jit_compiled - s0.jit_compiled;
    o->load_loaded += s1.classes_loaded - s0.classes_loaded;
    if (rc == 0) {
        v->path_base[0] = s1.jit_compiled;
        v->path_base[1] = s1.classes_loaded;
        v->path_base[2] = o->load_compiled;
        v->path_base[3] = o->load_loaded;
    }
    return rc;
}

static int load_into(datapath *dp, dp_vif *v, dp_owner *o, const char *path, const char *file,
                     bool jar, const char *cp, char *cls, size_t cls_cap, char *err) {
    bool jar_no_main = false;   /* a jar without Main-Class: class = base name */
    if (jar) {
        char mc[1024] = "", detail[512] = "";
        vm_diag d = { detail, sizeof detail };
        vm_status st = vm_jar_main_class(&o->plat, file, DP_MAX_JAR_BYTES, mc, sizeof mc,
                                         &d);
        if (st == VM_OK) {
            snprintf(cls, cls_cap, "%s", mc);
        } else if (st != VM_ERR_NOT_FOUND) {
            return fail(err, "--load %s=%s: invalid jar: %s", path, file,
                        detail[0] ? detail : vm_status_str(st));
        } else {
            jar_no_main = true;
        }
    }
    for (char *c = cls; *c; c++)
        if (*c == '.') *c = '/';

    if (!o->vm) {
        char detail[1024] = "";
        vm_diag d = { detail, sizeof detail };
        vm_config cfg = {
            .plat = &o->plat,
            .limits = { .heap_max = dp->cfg.heap_bytes,
                        .native_stack_bytes = posix_native_stack_budget(),
                        .max_classes = DP_MAX_CLASSES, .max_methods = DP_MAX_METHODS,
                        .max_code_bytes = DP_MAX_CODE_BYTES },
            .classpath = cp,
            .bootlib = &vifvm_bootlib,
            .interpret_only = dp->cfg.interpret_only,
            .jit_opts_disabled = dp->cfg.jit_opts_disabled,
        };
        vm_status st = vm_create(&cfg, &o->vm, &d);
        if (st != VM_OK) {
            o->vm = NULL;
            return fail(err, "--load %s: cannot create the VM of owner %s: %s", path,
                        o->name, detail[0] ? detail : vm_status_str(st));
        }
        vm_set_interrupt(o->vm, dp->cfg.stop);
        o->cp_str = strdup(cp);
        if (!o->cp_str) return fail(err, "out of memory");
        if (dp_owner_tables_init(o, err) != 0) return -1;
    } else {
        /* one VM per owner: its class path grows by this VIFlet's entry
         * (classes already loaded keep their own copies of everything) */
        size_t n = strlen(o->cp_str) + strlen(cp) + 2;
        char *ncp = malloc(n);
        if (!ncp) return fail(err, "out of memory");
        snprintf(ncp, n, "%s:%s", cp, o->cp_str);
        char detail[1024] = "";
        vm_diag d = { detail, sizeof detail };
        vm_status st = vm_set_classpath(o->vm, ncp, &d);
        if (st != VM_OK) {
            free(ncp);
            return fail(err, "--load %s=%s: %s", path, file,
                        detail[0] ? detail : vm_status_str(st));
        }
        free(o->cp_str);
        o->cp_str = ncp;
    }
    if (dp_open_log(dp, v, err) != 0) return -1;

    vm *vm = o->vm;
    vm_class *c = NULL;
    char detail[1024] = "";
    vm_diag d = { detail, sizeof detail };
    o->cur = v;
    dp_fast_clear(o);       /* (Java code runs in the VM: here, <clinit>, the constructor) */
    vm_status st = vm_class_find(vm, cls, &c, &d);
    o->cur = NULL;
    if (st != VM_OK) {
        char desc[1024];
        vm_object *ex = vm_exception(vm);
        vm_exception_clear(vm);
        if (jar_no_main && ex &&
            !strcmp(vm_class_name(vm_object_class(ex)), "java/lang/NoClassDefFoundError"))
            return fail(err, "--load %s=%s: no VIFlet in this jar: its manifest has no "
                        "Main-Class naming one, and it has no class %s", path, file, cls);
        if (ex) vm_exception_describe(vm, ex, desc, sizeof desc);
        else snprintf(desc, sizeof desc, "%s", vm_status_str(st));
        bool dup = !detail[0] || strstr(desc, detail) != NULL;
        return fail(err, "--load %s=%s: cannot load class %s: %s%s%s%s", path, file, cls, desc,
                    dup ? "" : " (", dup ? "" : detail, dup ? "" : ")");
    }
    if ((vm_class_flags(c) & VM_CLASS_ARRAY) || !vm_class_assignable(c, o->viflet_cls) ||
        c == o->viflet_cls)
        return fail(err, "--load %s=%s: class %s is not a VIFlet (it does not extend vif.VIFlet)",
                    path, file, cls);
    if (vm_class_flags(c) & (VM_CLASS_ABSTRACT | VM_CLASS_INTERFACE))
        return fail(err, "--load %s=%s: class %s is abstract", path, file, cls);
    vm_method *init = vm_method_find_declared(c, "<init>", "()V");
    if (!init)
        return fail(err, "--load %s=%s: class %s has no constructor without arguments", path,
                    file, cls);
    vm_method *enq = vm_method_find(c, "enqueue", "(Lvif/Packet;)V");
    vm_method *deq = vm_method_find(c, "dequeue", "()Lvif/Packet;");
    if (!enq || !deq || (vm_method_flags(enq) & (VM_METHOD_STATIC | VM_METHOD_ABSTRACT)) ||
        (vm_method_flags(deq) & (VM_METHOD_STATIC | VM_METHOD_ABSTRACT)))
        return fail(err, "--load %s=%s: class %s has no usable enqueue/dequeue methods", path,
                    file, cls);
    /* compile at load: everything its code can reach resolved, call sites
     * linked, methods compiled, so that a class that cannot work is
     * refused here and the old VIFlet keeps running; the class library's
     * methods it reaches too (VM_PREPARE_LIBRARY), so that no packet
     * waits for a compile (--lazy-library: at their first call); and
     * every class of a jar, not only those its code names: a helper the
     * VIFlet loads by name (Class.forName) is not loaded on the packet
     * path either, and a class of the jar that cannot load refuses it
     * (vm_prepare_image; --lazy-library: the VIFlet's class alone) */
    o->cur = v;
    dp_fast_clear(o);
    detail[0] = '\0';
    if (jar && !dp->cfg.lazy_library) {
        uint8_t *img = NULL;
        size_t img_len = 0;
        st = o->plat.read_file(o->plat.ud, file, DP_MAX_JAR_BYTES, &img, &img_len);
        if (st != VM_OK)
            snprintf(detail, sizeof detail, "cannot read %s: %s", file, vm_status_str(st));
        else {
            st = vm_prepare_image(vm, img, img_len, true, DP_MAX_JAR_BYTES, VM_PREPARE_LIBRARY, &d);
            o->plat.realloc(o->plat.ud, img, img_len, 0);
        }
    } else {
        st = vm_prepare_class(vm, c, dp->cfg.lazy_library ? 0 : VM_PREPARE_LIBRARY, &d);
    }
    o->cur = NULL;
    if (st != VM_OK)
        return fail(err, "--load %s=%s: class %s refused: %s", path, file, cls,
                    detail[0] ? detail : vm_status_str(st));

    uint32_t root_index = 0;
    o->cur = v;
    dp_fast_clear(o);
    /* <clinit> and the constructor run under the VIF's budget too: an
     * endless loop there fails the load instead of hanging vifd. */
    vm_set_budget(vm, v->budget);
    vm_set_time_limit(vm, v->time_limit);
    st = vm_class_init(vm, c);
    vm_object *obj = NULL;
    if (st == VM_OK) {
        obj = vm_new_object(vm, c);
        if (!obj) st = VM_ERR_EXCEPTION;
    }
    if (st == VM_OK) {
        vm_protect(vm, &obj);
        vm_value a[1];
        a[0].l = obj;
        st = vm_call(vm, init, a, NULL);
        if (st == VM_OK && dp_root_viflet(o, obj, &root_index) != 0) st = VM_ERR_EXCEPTION;
        vm_unprotect(vm, 1);
    }
    o->cur = NULL;
    if (st != VM_OK) {
        char desc[1024];
        if (st == VM_ERR_EXCEPTION) describe_pending(o, v, cls, desc, sizeof desc);
        else dp_describe_abort(o, v, st, NULL, desc, sizeof desc);
        return fail(err, "--load %s=%s: constructing %s failed: %s", path, file, cls, desc);
    }
    char *nfile = strdup(file), *ncls = strdup(cls);
    if (!nfile || !ncls) {
        free(nfile);
        free(ncls);
        dp_unroot_viflet(o, root_index);
        return fail(err, "out of memory");
    }
    for (char *q = ncls; *q; q++)
        if (*q == '/') *q = '.';
    /* the new VIFlet is ready: only now does the old one go (between
     * packets: the caller runs outside any handler) */
    if (v->owner) dp_detach(dp, v, "replaced");
    v->owner = o;
    v->obj = obj;
    v->root_index = root_index;
    v->m_enq = enq;
    v->m_deq = deq;
    v->deq_default = deq == o->viflet_deq;
    dp_fuse_invalidate(dp);
    v->active = true;
    v->aborted = false;
    v->wake = DP_NO_WAKE;
    v->idle_wakes = 0;
    v->timers_off = false;
    v->file = nfile;
    v->out_bytes = 0;           /* the output limit is per load */
    v->out_capped = false;
    v->class_name = ncls;
    return 0;
}

void dp_vif_path_counts(const dp_vif *v, uint64_t *compiled, uint64_t *loaded) {
    *compiled = v->path_more[0];
    *loaded = v->path_more[1];
    const dp_owner *o = v->owner;
    if (!o || !o->vm) return;
    vm_stats s;
    vm_get_stats(o->vm, &s);
    /* the VM's counts since v's load, less what later loads did in it */
    *compiled += (s.jit_compiled - v->path_base[0]) - (o->load_compiled - v->path_base[2]);
    *loaded += (s.classes_loaded - v->path_base[1]) - (o->load_loaded - v->path_base[3]);
}

int dp_load(datapath *dp, const char *path, const char *file, const char *owner_name,
            char *err) {
    return load_viflet(dp, path, file, owner_name, false, err);
}

int dp_replace(datapath *dp, const char *path, const char *file, const char *owner_name,
               char *err) {
    return load_viflet(dp, path, file, owner_name, true, err);
}

void dp_owner_retire(datapath *dp, const char *owner_name) {
    for (uint32_t i = 0; i < dp->n_owners; i++) {
        dp_owner *o = dp->owners[i];
        if (o->retired || strcmp(o->name, owner_name)) continue;
        o->retired = true;
        dp_owner_release_if_unused(dp, o);
        return;
    }
}

void dp_owner_release_if_unused(datapath *dp, dp_owner *o) {
    if (!o || !o->retired || o->n_tracked) return;
    for (uint32_t i = 0; i < dp->n_vifs; i++)
        if (dp->vifs[i]->owner == o) return;
    for (uint32_t i = 0; i < dp->n_owners; i++) {
        if (dp->owners[i] != o) continue;
        memmove(&dp->owners[i], &dp->owners[i + 1], (dp->n_owners - i - 1) * sizeof *dp->owners);
        dp->n_owners--;
        dp_owner_destroy(o);
        return;
    }
}

bool dp_owner_has_class(datapath *dp, const char *owner_name, const char *class_name) {
    for (uint32_t i = 0; i < dp->n_owners; i++) {
        dp_owner *o = dp->owners[i];
        if (o->retired || strcmp(o->name, owner_name) || !o->vm) continue;
        char cls[1024];
        snprintf(cls, sizeof cls, "%s", class_name);
        for (char *c = cls; *c; c++)
            if (*c == '.') *c = '/';
        return vm_class_loaded(o->vm, cls) != NULL;
    }
    return false;
}
