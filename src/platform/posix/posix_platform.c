/* posix_platform.c - userspace vm_platform. */
#include "posix_platform.h"
#include <sys/resource.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void *px_realloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    (void)ud; (void)old_size;
    if (new_size == 0) { free(ptr); return NULL; }
    return realloc(ptr, new_size);
}

static void *px_zalloc(void *ud, size_t n) {
    (void)ud;
    return calloc(1, n);
}

static int64_t px_nanotime(void *ud) {
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t px_wallclock_ms(void *ud) {
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void px_write(void *ud, int stream, const char *buf, size_t n) {
    (void)ud;
    int fd = stream == 2 ? 2 : 1;
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) { if (errno == EINTR) continue; return; }
        buf += w;
        n -= (size_t)w;
    }
}

static vm_status px_read_file(void *ud, const char *path, size_t max_len,
                              uint8_t **data, size_t *len) {
    (void)ud;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return VM_ERR_IO;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) { close(fd); return VM_ERR_IO; }
    if ((uint64_t)st.st_size > max_len) { close(fd); return VM_ERR_LIMIT; }
    size_t n = (size_t)st.st_size;
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) { close(fd); return VM_ERR_NOMEM; }
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) { free(buf); close(fd); return VM_ERR_IO; }
        got += (size_t)r;
    }
    close(fd);
    *data = buf;
    *len = n;
    return VM_OK;
}

static void *px_code_alloc(void *ud, size_t size) {
    (void)ud;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static int px_code_protect_exec(void *ud, void *p, size_t size) {
    (void)ud;
    return mprotect(p, size, PROT_READ | PROT_EXEC);
}

static void px_code_free(void *ud, void *p, size_t size) {
    (void)ud;
    munmap(p, size);
}

/* memfd (through syscall: no _GNU_SOURCE needed) mapped RX and RW, not
 * populated: the file is sparse (ftruncate), a page costs memory only once
 * written or populated (px_code_populate) */
static void *px_code_map_dual(void *ud, size_t size, void **rw) {
    (void)ud;
#ifdef SYS_memfd_create
    int fd = (int)syscall(SYS_memfd_create, "vifvm-jit", 1u /* MFD_CLOEXEC */);
    if (fd < 0) return NULL;
    void *x = MAP_FAILED, *w = MAP_FAILED;
    if (ftruncate(fd, (off_t)size) == 0) {
        x = mmap(NULL, size, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
        w = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    }
    close(fd);
    if (x == MAP_FAILED || w == MAP_FAILED) {
        if (x != MAP_FAILED) munmap(x, size);
        if (w != MAP_FAILED) munmap(w, size);
        return NULL;
    }
    *rw = w;
    return x;
#else
    (void)size; (void)rw;
    return NULL;
#endif
}

static void px_code_unmap_dual(void *ud, void *rx, void *rw, size_t size) {
    (void)ud;
    if (rx) munmap(rx, size);
    if (rw) munmap(rw, size);
}

/* Touch every page: a write through the RW view (the byte rewritten as it
 * is: the range may hold code already) allocates the page, a read through
 * the RX view maps it there.  The portable way, and measured the cheapest
 * against MADV_POPULATE_WRITE + MADV_POPULATE_READ and MAP_POPULATE
 * (bench/README.md, "History moved out of the code"). */
static int px_code_populate(void *ud, void *rx, void *rw, size_t size) {
    (void)ud;
    long pg = sysconf(_SC_PAGESIZE);
    size_t step = pg > 0 ? (size_t)pg : 4096u;
    for (size_t o = 0; o < size; o += step) {
        volatile uint8_t *w = (volatile uint8_t *)rw + o;
        *w = *w;
    }
    for (size_t o = 0; o < size; o += step) {
        volatile const uint8_t *x = (volatile const uint8_t *)rx + o;
        (void)*x;
    }
    return 0;
}

static int px_code_revoke_write(void *ud, void *rw, size_t size) {
    (void)ud;
    return mprotect(rw, size, PROT_NONE);
}

static int px_is_dir(void *ud, const char *path) {
    (void)ud;
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static long px_read(void *ud, int stream, char *buf, size_t n) {
    (void)ud;
    if (stream != 0) return -1;
    for (;;) {
        ssize_t r = read(0, buf, n);
        if (r >= 0) return (long)r;
        if (errno != EINTR) return -1;
    }
}

static const char *px_getenv(void *ud, const char *name) {
    (void)ud;
    return getenv(name);
}

extern char **environ;

static const char *px_environ_at(void *ud, size_t i) {
    (void)ud;
    for (size_t k = 0; environ && environ[k]; k++)
        if (k == i) return environ[k];
    return NULL;
}

static long px_copy(const char *v, char *buf, size_t cap) {
    if (!v) return -1;
    size_t n = strlen(v);
    if (n + 1 > cap) return -1;
    memcpy(buf, v, n + 1);
    return (long)n;
}

/* user.name and user.home come from the password entry, as in java */
static long px_host_property(void *ud, const char *key, char *buf, size_t cap) {
    (void)ud;
    if (!strcmp(key, "user.dir")) return getcwd(buf, cap) ? (long)strlen(buf) : -1;
    bool name = !strcmp(key, "user.name");
    if (name || !strcmp(key, "user.home")) {
        struct passwd pw, *res = NULL;
        char tmp[4096];
        if (getpwuid_r(getuid(), &pw, tmp, sizeof tmp, &res) == 0 && res)
            return px_copy(name ? pw.pw_name : pw.pw_dir, buf, cap);
        return px_copy(name ? getenv("USER") : getenv("HOME"), buf, cap);
    }
    return -1;
}

void posix_platform_host_hooks(vm_platform *p) {
    p->read = px_read;
    p->getenv = px_getenv;
    p->environ_at = px_environ_at;
    p->host_property = px_host_property;
}

void posix_platform_init(vm_platform *p, void *ud) {
    *p = (vm_platform){
        .ud = ud,
        .realloc = px_realloc,
        .zalloc = px_zalloc,
        .nanotime = px_nanotime,
        .limit_clock = px_nanotime,
        .wallclock_ms = px_wallclock_ms,
        .write = px_write,
        .read_file = px_read_file,
        .pow = pow, .exp = exp, .log = log, .log10 = log10,
        .sin = sin, .cos = cos, .tan = tan, .asin = asin, .acos = acos,
        .atan = atan, .atan2 = atan2, .sinh = sinh, .cosh = cosh,
        .tanh = tanh, .cbrt = cbrt, .hypot = hypot, .expm1 = expm1,
        .log1p = log1p,
        .code_alloc = px_code_alloc,
        .code_protect_exec = px_code_protect_exec,
        .code_free = px_code_free,
        .code_map_dual = px_code_map_dual,
        .code_unmap_dual = px_code_unmap_dual,
        .code_populate = px_code_populate,
        .code_revoke_write = px_code_revoke_write,
        .is_dir = px_is_dir,
    };
}

size_t posix_native_stack_budget(void) {
    struct rlimit rl;
    const size_t margin = 512u * 1024, floor = 256u * 1024, unlimited = 256u * 1024 * 1024;
    if (getrlimit(RLIMIT_STACK, &rl) != 0) return 0; /* the VM's default */
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > unlimited + margin) return unlimited;
    size_t n = (size_t)rl.rlim_cur;
    return n > margin + floor ? n - margin : floor;
}
