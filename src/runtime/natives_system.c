/* natives_system.c - natives of java.lang.System (clocks, exit, setOut/
 * setErr, properties, environment), java.lang.Runtime (heap figures, gc)
 * and standard input (FileInputStream.readBytes0). */
#include "natives_internal.h"
#include "rt_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "strings.h"
#include "vm_props.h"
#include "../core/mem.h"
#include "../gc/heap.h"

NATIVE(nat_System_currentTimeMillis) {
    (void)args;
    ret->j = vm->plat->wallclock_ms ? vm->plat->wallclock_ms(vm->plat->ud) : 0;
    return VM_OK;
}

NATIVE(nat_System_nanoTime) {
    (void)args;
    ret->j = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    return VM_OK;
}

/* System.exit(n): no handler, finally block or shutdown hook runs. */
NATIVE(nat_System_exit0) {
    (void)ret;
    vm->exit_code = args[0].i;
    return VM_ERR_EXIT;
}

/* Store into the final static System.in / out / err. */
static vm_status set_stream(vm *vm, const char *field, jobject *value) {
    jclass *sys;
    vm_status st = rt_find_class(vm, "java/lang/System", &sys, NULL);
    if (st != VM_OK) return st;
    jfield *f = rt_find_field(sys, field, field[0] == 'i' ? "Ljava/io/InputStream;"
                                                          : "Ljava/io/PrintStream;");
    if (!f || !(f->access & ACC_STATIC) || !sys->statics)
        return rt_throw(vm, "java/lang/InternalError", "System.%s missing", field);
    __builtin_memcpy(sys->statics + f->offset, &value, sizeof value);
    return VM_OK;
}

NATIVE(nat_System_setOut0) {
    (void)ret;
    return set_stream(vm, "out", args[0].l);
}

NATIVE(nat_System_setIn0) {
    (void)ret;
    return set_stream(vm, "in", args[0].l);
}

NATIVE(nat_System_setErr0) {
    (void)ret;
    return set_stream(vm, "err", args[0].l);
}

/* Runtime: the heap quota is both the total and the maximum. */
NATIVE(nat_Runtime_freeMemory) {
    (void)args;
    size_t used = vm->heap ? heap_used(vm->heap) : 0;
    size_t max = vm->limits.heap_max;
    ret->j = (int64_t)(used < max ? max - used : 0);
    return VM_OK;
}

NATIVE(nat_Runtime_totalMemory) {
    (void)args;
    ret->j = (int64_t)vm->limits.heap_max;
    return VM_OK;
}

NATIVE(nat_Runtime_maxMemory) {
    (void)args;
    ret->j = (int64_t)vm->limits.heap_max;
    return VM_OK;
}

NATIVE(nat_Runtime_gc) {
    (void)args;
    (void)ret;
    gc_collect(vm);
    return VM_OK;
}

/* ---- system properties and the environment (platform hooks) */

/* Store a new String made of n UTF-8 bytes at arr[i]. */
static vm_status put_string(vm *vm, jobject *arr, int32_t i, const char *s, size_t n) {
    RT_PROTECT(vm, arr);
    jobject *js = rt_new_string_utf8(vm, s, n);
    RT_UNPROTECT(vm, 1);
    if (!js) return VM_ERR_EXCEPTION;
    rt_set_ref(arr, JOBJ_HEADER_SIZE + (uint32_t)i * 8u, js);
    return VM_OK;
}

static const char *const host_keys[] = { "user.dir", "user.name", "user.home" };
#define N_HOST_KEYS (sizeof host_keys / sizeof host_keys[0])

/* System.props0(): String[] of (key, value) pairs, in increasing
 * precedence: java.class.path, the host's user.* values, then the VM
 * configuration's properties ("key=value"; "key" alone: value ""). */
NATIVE(nat_System_props0) {
    (void)args;
    const vm_platform *p = vm->plat;
    uint32_t n = 1 + (uint32_t)N_HOST_KEYS + vm->prop_count;
    jobject *arr = rt_new_array(vm, vm->wk.string_array, (int32_t)(2 * n));
    if (!arr) return VM_ERR_EXCEPTION;
    RT_PROTECT(vm, arr);
    vm_status st = VM_OK;
    int32_t k = 0;
    const char *cp = vm_props_classpath(vm);
    if ((st = put_string(vm, arr, k++, "java.class.path", 15)) != VM_OK ||
        (st = put_string(vm, arr, k++, cp, vm_strlen(cp))) != VM_OK)
        goto out;
    for (uint32_t i = 0; i < N_HOST_KEYS && p->host_property; i++) {
        char buf[1024];
        long len = p->host_property(p->ud, host_keys[i], buf, sizeof buf);
        if (len < 0) continue;
        if ((st = put_string(vm, arr, k++, host_keys[i], vm_strlen(host_keys[i]))) != VM_OK ||
            (st = put_string(vm, arr, k++, buf, (size_t)len)) != VM_OK)
            goto out;
    }
    for (uint32_t i = 0; i < vm->prop_count; i++) {
        const char *kv = vm_props_at(vm, i);
        size_t len = vm_strlen(kv), eq = 0;
        while (eq < len && kv[eq] != '=') eq++;
        const char *val = eq < len ? kv + eq + 1 : "";
        if ((st = put_string(vm, arr, k++, kv, eq)) != VM_OK ||
            (st = put_string(vm, arr, k++, val, vm_strlen(val))) != VM_OK)
            goto out;
    }
out:
    RT_UNPROTECT(vm, 1);
    ret->l = arr; /* unused slots stay null: the Java side stops there */
    return st;
}

/* System.getenv0(name): the variable's value or null (no environment when
 * the platform has no getenv hook, e.g. in the kernel). */
NATIVE(nat_System_getenv0) {
    jobject *name = args[0].l;
    ret->l = NULL;
    const vm_platform *p = vm->plat;
    if (!name || !p->getenv) return VM_OK;
    char buf[1024];
    size_t n = rt_string_to_utf8(vm, name, buf, sizeof buf);
    if (n >= sizeof buf) return VM_OK;
    const char *v = p->getenv(p->ud, buf);
    if (!v) return VM_OK;
    jobject *s = rt_new_string_utf8(vm, v, vm_strlen(v));
    if (!s) return VM_ERR_EXCEPTION;
    ret->l = s;
    return VM_OK;
}

/* System.environ0(): String[] of (name, value) pairs of the environment. */
NATIVE(nat_System_environ0) {
    (void)args;
    const vm_platform *p = vm->plat;
    uint32_t n = 0;
    while (p->environ_at && n < 65536 && p->environ_at(p->ud, n)) n++;
    jobject *arr = rt_new_array(vm, vm->wk.string_array, (int32_t)(2 * n));
    if (!arr) return VM_ERR_EXCEPTION;
    RT_PROTECT(vm, arr);
    vm_status st = VM_OK;
    for (uint32_t i = 0; i < n; i++) {
        const char *kv = p->environ_at(p->ud, i);
        if (!kv) break;
        size_t len = vm_strlen(kv), eq = 0;
        while (eq < len && kv[eq] != '=') eq++;
        const char *val = eq < len ? kv + eq + 1 : "";
        if ((st = put_string(vm, arr, (int32_t)(2 * i), kv, eq)) != VM_OK ||
            (st = put_string(vm, arr, (int32_t)(2 * i + 1), val, vm_strlen(val))) != VM_OK)
            break;
    }
    RT_UNPROTECT(vm, 1);
    ret->l = arr;
    return st;
}

/* FileInputStream.readBytes0(fd, b, off, len): up to len bytes of stream
 * fd (0, standard input) into b[off..]: the count, or -1 at end of input
 * (or when the platform has no read hook).  Bounds checked by the caller. */
NATIVE(nat_FileInputStream_readBytes0) {
    const vm_platform *p = vm->plat;
    int fd = args[0].i;
    jobject *b = args[1].l;
    int32_t off = args[2].i, len = args[3].i;
    ret->i = -1;
    if (!b) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    if (off < 0 || len < 0 || off > b->length - len)
        return rt_throw(vm, "java/lang/IndexOutOfBoundsException",
                        "Range [%d, %d + %d) out of bounds for length %d", (int)off, (int)off,
                        (int)len, (int)b->length);
    if (len == 0) {
        ret->i = 0;
        return VM_OK;
    }
    if (!p->read) return VM_OK;
    long r = p->read(p->ud, fd, (char *)JARRAY_DATA(b) + off, (size_t)len);
    if (r < 0) return rt_throw(vm, "java/io/IOException", "Read error");
    ret->i = r == 0 ? -1 : (int32_t)(r > len ? len : r);
    return VM_OK;
}
