/* class_load.c - loading instance classes and interfaces (JVMS 5.3):
 * finding the bytes (embedded boot library first, then the user class
 * path), parsing, the checks of JVMS 5.3.5 (name, superclass,
 * superinterfaces, circularity), then handing over to the linker and
 * entering the class in the VM's class table.  Also rt_find_class. */
#include "rt_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "../classfile/classpath.h"
#include "../verify/verify.h"
#include "limits.h"
#include "../core/mem.h"
#include "../core/fmt.h"

/* ---------------------------------------------------------------- errors */

vm_status rt_load_error(vm *vm, vm_diag *d, const char *exc,
                        const char *fmt, ...) {
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vm_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (d && d->buf && d->cap) {
        char jn[128];
        size_t i = 0;
        for (; exc[i] && i + 1 < sizeof jn; i++) jn[i] = exc[i] == '/' ? '.' : exc[i];
        jn[i] = '\0';
        vm_diagf(d, VM_ERR_EXCEPTION, "%s: %s", jn, msg);
    }
    vm_status st = rt_throw(vm, exc, "%s", msg);
    return st == VM_OK ? VM_ERR_EXCEPTION : st;
}

/* Raise OutOfMemoryError for a native allocation failure while loading. */
static vm_status load_nomem(vm *vm, vm_diag *d, const char *name, size_t len) {
    vm_diagf(d, VM_ERR_NOMEM, "out of memory loading %.*s", (int)len, name);
    vm_status st = rt_throw_oom(vm);
    return st == VM_OK ? VM_ERR_EXCEPTION : st;
}

/* ----------------------------------------------------------------- names */

bool rt_valid_class_name(const char *name, size_t len) {
    if (len == 0 || len > 65535) return false;
    size_t seg = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        if (ch == '\0' || ch == '.' || ch == ';' || ch == '[') return false;
        if (ch == '/') {
            if (seg == 0) return false;          /* leading or empty segment */
            seg = 0;
            continue;
        }
        seg++;
    }
    return seg != 0;                             /* no trailing '/' */
}

/* "java/lang" of "java/lang/Foo", as a length. */
static size_t package_len(const char *name, size_t len) {
    size_t p = 0;
    for (size_t i = 0; i < len; i++)
        if (name[i] == '/') p = i;
    return p;
}

/* User classes may not define classes in the packages the embedded
 * library owns (java.lang.ClassLoader.preDefineClass does the same for
 * "java."). */
static bool prohibited_package(const char *name, size_t len) {
    return (len > 5 && vm_strncmp(name, "java/", 5) == 0) ||
           (len > 4 && vm_strncmp(name, "vif/", 4) == 0);
}

/* Packages of the Java platform (the JDK's own modules): a class there that
 * the embedded library lacks is one vifvm does not provide, and the
 * NoClassDefFoundError says so. */
static bool platform_package(const char *name, size_t len) {
    static const char *const pre[] = { "java/", "javax/", "jdk/", "sun/", "com/sun/" };
    for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++) {
        size_t n = vm_strlen(pre[i]);
        if (len > n && vm_strncmp(name, pre[i], n) == 0) return true;
    }
    return false;
}

/* ------------------------------------------------------- finding bytes */

static const vm_bootclass *boot_find(const vm_bootlib *lib, const char *name,
                                     size_t len) {
    if (!lib || !lib->classes) return NULL;
    size_t lo = 0, hi = lib->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *e = lib->classes[mid].name;
        int c = vm_strncmp(e, name, len);
        if (c == 0) c = e[len] == '\0' ? 0 : 1; /* e is longer: e > name */
        if (c == 0) return &lib->classes[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

bool rt_is_boot_name(const vm *vm, const char *name, size_t len) {
    return boot_find(vm->bootlib, name, len) != NULL;
}

/* Read the class file of a user class.  VM_OK with owned bytes, or a
 * pending exception. */
static vm_status user_bytes(vm *vm, const char *name, size_t len,
                            uint8_t **data, size_t *dlen, vm_diag *d) {
    if (vm->define_name && vm_strlen(vm->define_name) == len &&
        vm_memcmp(vm->define_name, name, len) == 0) {
        /* vm_class_define (src/api/api_class.c): these bytes, not the path */
        uint8_t *b = vm_realloc(vm->plat, NULL, 0, vm->define_len);
        if (!b) return load_nomem(vm, d, name, len);
        vm_memcpy(b, vm->define_bytes, vm->define_len);
        *data = b;
        *dlen = vm->define_len;
        return VM_OK;
    }
    char *nm = vm_strndup(vm->plat, name, len);
    if (!nm) return load_nomem(vm, d, name, len);
    char detail[256] = "";
    vm_diag ld = { detail, sizeof detail };
    vm_status st = vm->cp ? classpath_find(vm->cp, nm, data, dlen, &ld)
                          : VM_ERR_NOT_FOUND;
    vm_free(vm->plat, nm, len + 1);
    switch (st) {
    case VM_OK:
        return VM_OK;
    case VM_ERR_NOT_FOUND:
    case VM_ERR_IO:
        if (platform_package(name, len)) /* only the embedded library has these */
            return rt_load_error(vm, d, "java/lang/NoClassDefFoundError",
                                 "%.*s (vifvm's class library does not provide this class)",
                                 (int)len, name);
        return rt_load_error(vm, d, "java/lang/NoClassDefFoundError", "%.*s",
                             (int)len, name);
    case VM_ERR_NOMEM:
        return load_nomem(vm, d, name, len);
    default: /* corrupt jar entry, too large, ... */
        return rt_load_error(vm, d, "java/lang/ClassFormatError", "%s", detail);
    }
}

/* ------------------------------------------------------------- loading */

/* Load (or find loaded) a direct supertype named in the class file. */
static vm_status load_super(vm *vm, const char *sname, jclass **out, vm_diag *d) {
    return rt_find_class(vm, sname, out, d);
}

/* Raise a supertype error naming c and s (Java names).  Kept out of line
 * so the name buffers are not on the stack while loading recurses. */
static __attribute__((noinline)) vm_status
supertype_error(vm *vm, vm_diag *d, const char *exc, const char *fmt,
                const jclass *c, const jclass *s) {
    char jn[256], sn[256];
    rt_class_java_name(c, jn, sizeof jn);
    if (s) rt_class_java_name(s, sn, sizeof sn);
    else sn[0] = '\0';
    return rt_load_error(vm, d, exc, fmt, jn, sn);
}

static __attribute__((noinline)) vm_status
not_an_interface(vm *vm, vm_diag *d, const jclass *c, const jclass *ic) {
    char jn[256], in[256], md[400];
    rt_class_java_name(c, jn, sizeof jn);
    rt_class_java_name(ic, in, sizeof in);
    rt_module_desc(ic, NULL, md, sizeof md);
    return rt_load_error(vm, d, "java/lang/IncompatibleClassChangeError",
                         "class %s can not implement %s, because it is not an interface %s",
                         jn, in, md);
}

/* JVMS 5.3.5 step 3/4: resolve the superclass and superinterfaces. */
static vm_status load_supertypes(vm *vm, jclass *c, vm_diag *d) {
    cf_class *cf = c->cf;
    if (!cf->super_name) {
        if (vm_strcmp(c->name, "java/lang/Object") != 0)
            return rt_load_error(vm, d, "java/lang/ClassFormatError",
                                 "Invalid superclass index 0 in class file %s",
                                 c->name);
    } else {
        jclass *s;
        vm_status st = load_super(vm, cf->super_name, &s, d);
        if (st != VM_OK) return st;
        if (s->kind != KIND_INSTANCE || (s->access & ACC_INTERFACE))
            return supertype_error(vm, d, "java/lang/IncompatibleClassChangeError",
                                   "class %s has interface %s as super class", c, s);
        if (s->access & ACC_FINAL)
            return supertype_error(vm, d, "java/lang/IncompatibleClassChangeError",
                                   "class %s cannot inherit from final class %s", c, s);
        /* JVMS 5.4.4: the superclass must be accessible. */
        if (!(s->access & ACC_PUBLIC) && !rt_same_package(c, s))
            return supertype_error(vm, d, "java/lang/IllegalAccessError",
                                   "class %s cannot access its superclass %s", c, s);
        /* JVMS 4.1: an interface's superclass is Object. */
        if ((c->access & ACC_INTERFACE) && s->super)
            return supertype_error(vm, d, "java/lang/ClassFormatError",
                                   "Interface %s has a superclass other than Object%s", c, NULL);
        c->super = s;
    }
    if (cf->n_interfaces) {
        c->interfaces = vm_zalloc(vm->plat, cf->n_interfaces * sizeof(jclass *));
        if (!c->interfaces) return load_nomem(vm, d, c->name, vm_strlen(c->name));
        c->n_interfaces = cf->n_interfaces;
        for (uint16_t i = 0; i < cf->n_interfaces; i++) {
            jclass *ic;
            vm_status st = load_super(vm, cf->interfaces[i], &ic, d);
            if (st != VM_OK) return st;
            if (!rt_is_interface(ic))
                return not_an_interface(vm, d, c, ic);
            if (!(ic->access & ACC_PUBLIC) && !rt_same_package(c, ic))
                return supertype_error(vm, d, "java/lang/IllegalAccessError",
                                       "class %s cannot access its superinterface %s", c, ic);
            c->interfaces[i] = ic;
        }
    }
    return VM_OK;
}

/* UnsupportedClassVersionError with JDK 17's wording when the version is
 * newer than we support (the parser's detail otherwise). */
static vm_status version_error(vm *vm, const char *detail, const char *name, size_t len,
                               const uint8_t *b, size_t blen, vm_diag *d) {
    const char *e = "java/lang/UnsupportedClassVersionError";
    if (blen < 8) return rt_load_error(vm, d, e, "%s", detail);
    unsigned minor = (unsigned)b[4] << 8 | b[5], major = (unsigned)b[6] << 8 | b[7];
    char cn[256];
    size_t n = len < sizeof cn - 1 ? len : sizeof cn - 1;
    for (size_t i = 0; i < n; i++) cn[i] = name[i] == '/' ? '.' : name[i];
    cn[n] = '\0';
    if (major > 61)
        return rt_load_error(vm, d, e,
                             "%s has been compiled by a more recent version of the Java "
                             "Runtime (class file version %u.%u), this version of the Java "
                             "Runtime only recognizes class file versions up to 61.0",
                             cn, major, minor);
    if (major >= 56 && major != 61 && minor == 0xFFFF)
        return rt_load_error(vm, d, e,
                             "%s (class file version %u.%u) was compiled with preview features "
                             "that are unsupported. This version of the Java Runtime only "
                             "recognizes preview features for class file version 61.65535",
                             cn, major, minor);
    if (major >= 56 && minor == 0xFFFF)
        return rt_load_error(vm, d, e,
                             "Preview features are not enabled for %s (class file version "
                             "%u.%u). Try running with '--enable-preview'", cn, major, minor);
    return rt_load_error(vm, d, e, "%s", detail);
}

static vm_status parse_error(vm *vm, vm_status pst, const char *detail,
                             const char *name, size_t len, const uint8_t *bytes,
                             size_t blen, vm_diag *d) {
    switch (pst) {
    case VM_ERR_NOMEM:
        return load_nomem(vm, d, name, len);
    case VM_ERR_VERSION:
        return version_error(vm, detail, name, len, bytes, blen, d);
    case VM_ERR_JSR:
        return rt_load_error(vm, d, "java/lang/VerifyError", "%s", detail);
    default:
        return rt_load_error(vm, d, "java/lang/ClassFormatError", "%s", detail);
    }
}

/* Find the bytes (boot library first: parent delegation), check the
 * package, parse, and check the name.  Out of line: its buffers must not
 * stay on the stack while the supertypes load recursively. */
static __attribute__((noinline)) vm_status
read_class(vm *vm, const char *name, size_t len, cf_class **out, bool *is_boot,
           vm_diag *d) {
    const vm_bootclass *bc = boot_find(vm->bootlib, name, len);
    const uint8_t *bytes;
    uint8_t *owned = NULL;
    size_t blen;
    if (bc && bc->zlen) {
        vm_status st = bootlib_class_bytes(vm->plat, bc, &owned, &blen);
        if (st == VM_ERR_NOMEM) return load_nomem(vm, d, name, len);
        if (st != VM_OK)
            return rt_load_error(vm, d, "java/lang/InternalError",
                                 "embedded library class %.*s is corrupt", (int)len, name);
        bytes = owned;
    } else if (bc) {
        bytes = bc->data;
        blen = bc->len;
    } else {
        vm_status st = user_bytes(vm, name, len, &owned, &blen, d);
        if (st != VM_OK) return st;
        bytes = owned;
        if (prohibited_package(name, len)) {
            vm_free(vm->plat, owned, blen);
            char pkg[256];
            size_t pl = package_len(name, len);
            if (pl >= sizeof pkg) pl = sizeof pkg - 1;
            for (size_t i = 0; i < pl; i++) pkg[i] = name[i] == '/' ? '.' : name[i];
            pkg[pl] = '\0';
            return rt_load_error(vm, d, "java/lang/SecurityException",
                                 "Prohibited package name: %s", pkg);
        }
    }
    *is_boot = bc != NULL;

    cf_class *cf = NULL;
    char detail[512] = "";
    vm_diag pd = { detail, sizeof detail };
    cf_parse_opts po = { vm->enable_preview ? CF_PARSE_ALLOW_PREVIEW : 0u, name, len };
    vm_status pst = cf_parse_ex(vm->plat, bytes, blen, &po, &cf, &pd);
    if (pst != VM_OK) pst = parse_error(vm, pst, detail, name, len, bytes, blen, d);
    if (owned) vm_free(vm->plat, owned, blen);
    if (pst != VM_OK) return pst;

    /* JVMS 5.3.5 step 2: the class file must declare the requested name. */
    if (!(vm_strncmp(cf->this_name, name, len) == 0 && cf->this_name[len] == '\0')) {
        vm_status st = rt_load_error(vm, d, "java/lang/NoClassDefFoundError",
                                     "%.*s (wrong name: %s)",
                                     (int)(len > 256 ? 256 : len), name, cf->this_name);
        cf_free(cf);
        return st;
    }
    *out = cf;
    return VM_OK;
}

/* Run the verifier on a freshly loaded user class; a rejection raises
 * VerifyError with the verifier's detail.  Classes it loads count against
 * the load depth. */
#define VERIFY_DETAIL_CAP 700u
static __attribute__((noinline)) vm_status verify_loaded(vm *vm, jclass *c, vm_diag *d) {
    /* on the heap: verification may load classes, recursively */
    char *detail = vm_zalloc(vm->plat, VERIFY_DETAIL_CAP);
    if (!detail) return load_nomem(vm, d, c->name, vm_strlen(c->name));
    vm_diag vd = { detail, VERIFY_DETAIL_CAP };
    verify_stats vs = { 0, 0, 0, 0 };
    int64_t t0 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    uint64_t before = vm->stats.verify_time_ns;
    vm->loading_depth++;
    vm_status st = verify_class(vm, c, &vs, &vd);
    vm->loading_depth--;
    int64_t t1 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    /* nested verifications (of classes loaded meanwhile) are inside t1-t0 */
    vm->stats.verify_time_ns = before + (uint64_t)(t1 - t0);
    vm->stats.verified_methods += vs.methods;
    vm->stats.verified_bytes += vs.code_bytes;
    switch (st) {
    case VM_OK:
        break;
    case VM_ERR_EXCEPTION: /* loading a class it needed failed: pending */
        vm_diagf(d, st, "%s", detail);
        break;
    case VM_ERR_NOMEM:
        st = load_nomem(vm, d, c->name, vm_strlen(c->name));
        break;
    default: /* VM_ERR_VERIFY, VM_ERR_LIMIT */
        st = rt_load_error(vm, d, "java/lang/VerifyError", "%s", detail);
        break;
    }
    vm_free(vm->plat, detail, VERIFY_DETAIL_CAP);
    return st;
}

static vm_status verify_enqueue(vm *vm, jclass *c, vm_diag *d) {
    if (vm->verify_queued == vm->verify_queue_cap) {
        uint32_t nc = vm->verify_queue_cap ? vm->verify_queue_cap * 2 : 16;
        jclass **q = vm_realloc(vm->plat, vm->verify_queue,
                                (size_t)vm->verify_queue_cap * sizeof(jclass *),
                                (size_t)nc * sizeof(jclass *));
        if (!q) {
            c->state = CLS_ERROR; /* never verified: must never run */
            return load_nomem(vm, d, c->name, vm_strlen(c->name));
        }
        vm->verify_queue = q;
        vm->verify_queue_cap = nc;
    }
    vm->verify_queue[vm->verify_queued++] = c;
    return VM_OK;
}

/* Verify the queued classes (the queue may grow meanwhile: classes that
 * verification loads).  Returns the first failure (`prior` if it is one,
 * its exception kept pending); every failed class is left erroneous. */
static vm_status verify_drain(vm *vm, vm_status prior, vm_diag *d) {
    vm_status first = prior;
    jobject *first_exc = prior == VM_OK ? NULL : vm->exception;
    RT_PROTECT(vm, first_exc);
    while (vm->verify_queued) {
        jclass *q = vm->verify_queue[--vm->verify_queued];
        vm->exception = NULL;
        vm_status st = verify_loaded(vm, q, first == VM_OK ? d : NULL);
        if (st != VM_OK) {
            q->state = CLS_ERROR;
            if (st == VM_ERR_EXCEPTION) q->link_error = vm->exception;
            if (first == VM_OK) {
                first = st;
                first_exc = vm->exception;
            }
        }
    }
    vm->exception = first_exc; /* the first failure's exception, if any */
    RT_UNPROTECT(vm, 1);
    vm_free(vm->plat, vm->verify_queue, (size_t)vm->verify_queue_cap * sizeof(jclass *));
    vm->verify_queue = NULL;
    vm->verify_queue_cap = 0;
    return first;
}

static vm_status load_instance_class(vm *vm, const char *name, size_t len,
                                     jclass **out, vm_diag *d) {
    /* JVMS 5.3.5 step 3: a class that is (indirectly) its own superclass
     * or superinterface is being loaded again. */
    for (struct rt_loading *l = vm->loading; l; l = l->prev)
        if (l->len == len && vm_strncmp(l->name, name, len) == 0)
            return rt_load_error(vm, d, "java/lang/ClassCircularityError",
                                 "%.*s", (int)len, name);
    if (vm->loading_depth >= RT_MAX_LOAD_DEPTH)
        return rt_load_error(vm, d, "java/lang/LinkageError",
                             "class hierarchy too deep at %.*s", (int)len, name);
    /* the C stack: see rt_load_instance_class */
    if (vm->native_depth && vm_native_stack_low(vm))
        return rt_load_error(vm, d, "java/lang/LinkageError",
                             "class hierarchy too deep at %.*s (native stack)", (int)len, name);

    cf_class *cf;
    bool is_boot;
    vm_status st = read_class(vm, name, len, &cf, &is_boot, d);
    if (st == VM_OK) st = rt_charge_load_limits(vm, &cf, is_boot, d); /* limits.h */
    if (st != VM_OK) return st;

    jclass *c = vm_zalloc(vm->plat, sizeof *c);
    if (!c) {
        cf_free(cf);
        return load_nomem(vm, d, name, len);
    }
    c->name = cf->this_name;
    c->cf = cf;
    c->access = cf->access;
    c->kind = KIND_INSTANCE;
    c->state = CLS_LOADED;
    c->is_boot = is_boot;

    struct rt_loading rec = { c->name, len, vm->loading };
    vm->loading = &rec;
    vm->loading_depth++;
    st = load_supertypes(vm, c, d);
    vm->loading = rec.prev;
    vm->loading_depth--;
    if (st == VM_OK) st = rt_link_class(vm, c, d);
    if (st != VM_OK) {
        rt_free_class(vm, c);
        return st;
    }
    /* Loading the supertypes ran no code that could have defined this
     * class (circularity is refused above), so it is not in the table. */
    c->state = CLS_LINKED;
    rt_table_insert(vm, c);
    /* Verification (user classes only: the boot library is trusted), with
     * the class in the table so that assignability checks that load other
     * classes find it, and only when no load is in progress (a class whose
     * supertypes are being loaded cannot be loaded again): classes loaded
     * as supertypes wait in vm->verify_queue until the outermost load
     * completes.  No code runs before that.  A class that fails stays in
     * the table in the erroneous state: it can never be initialised, so
     * none of its code runs (later uses raise NoClassDefFoundError). */
    if (vm->verify && !c->is_boot) {
        if (vm->loading) {
            st = verify_enqueue(vm, c, d);
        } else {
            st = verify_loaded(vm, c, d);
            if (st != VM_OK) {
                c->state = CLS_ERROR;
                if (st == VM_ERR_EXCEPTION) c->link_error = vm->exception;
            }
        }
    }
    if (st != VM_OK) return st;
    *out = c;
    return VM_OK;
}

/* Loading recurses on the C stack: through the supertypes (about 250
 * bytes a level) and through verification, which loads classes whose
 * verification loads classes (about 1.2 KiB a level), up to
 * RT_MAX_LOAD_DEPTH levels in all.  Each load stops below the native floor,
 * as a Java call does: the floor of the running Java code's entry, or, for
 * a load outside Java (vm_prepare_class, the main class, VM set-up), one
 * set by the outermost load, which counts as an entry (native_depth) so
 * that Java code run meanwhile (an error's constructor) keeps that floor.
 * So a hostile chain of classes cannot run off the host's stack (the
 * kernel's VM stack): limits.native_stack_bytes bounds it. */
vm_status rt_load_instance_class(vm *vm, const char *name, size_t len,
                                 jclass **out, vm_diag *d) {
    bool outer = vm->native_depth == 0 && vm->loading_depth == 0 && !vm->loading;
    if (outer) {
        vm_native_stack_mark(vm);
        vm->native_depth++;
    }
    vm_status st = load_instance_class(vm, name, len, out, d);
    /* The outermost load, whatever its outcome, verifies the classes
     * loaded meanwhile (supertypes that loaded before a failure too). */
    if (!vm->loading && vm->verify_queued) st = verify_drain(vm, st, d);
    if (outer) vm->native_depth--;
    return st;
}

/* ------------------------------------------------------------ lookup */

vm_status rt_find_class_n(vm *vm, const char *name, size_t len, jclass **out,
                          vm_diag *d) {
    jclass *c = rt_table_lookup(vm, name, len);
    if (c) {
        *out = c;
        return VM_OK;
    }
    if (len > 0 && name[0] == '[') return rt_make_array_class(vm, name, len, out, d);
    if (!rt_valid_class_name(name, len))
        return rt_load_error(vm, d, "java/lang/NoClassDefFoundError", "%.*s",
                             (int)(len > 512 ? 512 : len), name);
    return rt_load_instance_class(vm, name, len, out, d);
}

vm_status rt_find_class(vm *vm, const char *name, jclass **out, vm_diag *d) {
    return rt_find_class_n(vm, name, vm_strlen(name), out, d);
}
