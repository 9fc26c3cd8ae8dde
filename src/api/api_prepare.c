/* api_prepare.c - vm_prepare_class (include/vifvm.h): "compile at load".
 * Before a host swaps a class in, everything its code can reach is
 * resolved (every class, method and field its bytecode names, and those
 * of each user class reached that way, transitively; exception handlers'
 * catch types too), call sites are linked, and every method is JIT-compiled, so that a class
 * that cannot work is refused at load with the reason, instead of failing
 * on its first call.  invokedynamic call sites are linked (lambdas and
 * records' methods generate classes, walked and compiled too); a bootstrap
 * method vifvm does not provide refuses the class.
 *
 * With VM_PREPARE_LIBRARY (issue 13: nothing compiled or loaded on the
 * packet path) the class library's code the class can reach is made ready
 * too, method by method (the whole of every library class reached would
 * be thousands of methods): every library method named by an
 * invokestatic/invokespecial of walked code, and for each invokevirtual/
 * invokeinterface the implementations in the classes walked code can
 * instantiate (rapid type analysis: `new` of walked code, the user
 * classes, and what the VM itself makes: strings, Object for arrays, the
 * exceptions it throws), re-checked as new classes turn up.  The library
 * classes reached are initialized here (their <clinit> has no effect a
 * VIFlet can see; user classes stay initialized at first use, as Java
 * says); a failure in library code (a reference that does not resolve, an
 * initializer that fails) is left for the first use, as without the flag.
 * Class.forName of a constant name (ldc "pkg.Name" right before the
 * call) is seen: the class it names is prepared with the others (and,
 * for a library class, initialized, with its nullary constructor for
 * newInstance).  What the walk cannot see (a class named by a string
 * built at run time, reflection) still loads and compiles at its first
 * use.
 *
 * vm_prepare_image (k17) prepares every class of an upload (a class
 * file, or every NAME.class entry of a JAR: the VIFlet is its upload,
 * not only what its code names), loaded by name through the VM's class
 * path, in one walk; an entry that does not load refuses the image with
 * its name. */
#include "../runtime/rt_internal.h"
#include "../runtime/resolve.h"
#include "../jit/jit.h"
#include "../interp/interp.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../classfile/zip.h"

typedef struct prep {
    vm *vm;
    jclass **list;          /* classes to walk (user classes only) */
    uint32_t n, cap;
    vm_diag *d;
    bool lib;               /* VM_PREPARE_LIBRARY */
    /* (lib) the library's methods to walk and compile, the classes seen
     * instantiated, the virtual and interface targets called, the
     * library classes to initialize */
    jmethod **meth;
    uint32_t n_meth, cap_meth;
    jclass **inst;
    uint32_t n_inst, cap_inst;
    jmethod **vsite;
    uint32_t n_vsite, cap_vsite;
    jclass **init;
    uint32_t n_init, cap_init;
    bool oom;
} prep;

/* append x to a growable pointer set (false: already in it, or out of
 * memory, which is sticky in p->oom) */
static bool put(prep *p, void ***a, uint32_t *n, uint32_t *cap, void *x) {
    for (uint32_t i = 0; i < *n; i++)
        if ((*a)[i] == x) return false;
    if (*n == *cap) {
        uint32_t nc = *cap ? *cap * 2 : 32;
        void **na = vm_realloc(p->vm->plat, *a, *cap * sizeof *na, nc * sizeof *na);
        if (!na) { p->oom = true; return false; }
        *a = na;
        *cap = nc;
    }
    (*a)[(*n)++] = x;
    return true;
}
#define PUT(p, arr, x) put((p), (void ***)&(p)->arr, &(p)->n_##arr, &(p)->cap_##arr, (x))

static void add_inst(prep *p, jclass *c);

static vm_status add(prep *p, jclass *c) {
    while (c && c->kind == KIND_ARRAY) c = c->component;
    if (!c || c->kind != KIND_INSTANCE || c->is_boot || !c->cf) return VM_OK;
    if (p->lib) add_inst(p, c);
    for (uint32_t i = 0; i < p->n; i++)
        if (p->list[i] == c) return VM_OK;
    if (p->n == p->cap) {
        uint32_t ncap = p->cap ? p->cap * 2 : 16;
        jclass **nl = vm_realloc(p->vm->plat, p->list, p->cap * sizeof *nl, ncap * sizeof *nl);
        if (!nl) return vm_diagf(p->d, VM_ERR_NOMEM, "out of memory preparing %s", c->name);
        p->list = nl;
        p->cap = ncap;
    }
    p->list[p->n++] = c;
    return VM_OK;
}

static void java_name(const char *n, char *buf, size_t cap) {
    size_t i = 0;
    for (; n[i] && i + 1 < cap; i++) buf[i] = n[i] == '/' ? '.' : n[i];
    if (cap) buf[i] = '\0';
}

/* The pending exception as the failure's detail (cleared). */
static vm_status failed(prep *p, jclass *c, const jmethod *m, vm_status st) {
    vm *vm = p->vm;
    char cn[256], ex[512] = "";
    java_name(c->name, cn, sizeof cn);
    if (vm->exception) rt_describe_throwable(vm, vm->exception, ex, sizeof ex);
    vm->exception = NULL;
    if (st == VM_ERR_EXCEPTION) st = VM_ERR_LINKAGE;
    if (m)
        return vm_diagf(p->d, st, "%s.%s%s: %s", cn, m->name, m->desc,
                        ex[0] ? ex : vm_status_str(st));
    return vm_diagf(p->d, st, "class %s: %s", cn, ex[0] ? ex : vm_status_str(st));
}

/* invokedynamic: the call site is linked now (interp/indy_link.c), so an
 * unsupported bootstrap method refuses the class at load
 * (VM_ERR_UNSUPPORTED, with the BootstrapMethodError's message), and the
 * class generated for a lambda or a record's method is walked and
 * compiled with the others. */
static vm_status check_indy(prep *p, jclass *c, jmethod *m, uint32_t pc) {
    jclass *gen = NULL;
    vm_status st = interp_link_indy_at(p->vm, m, pc, &gen);
    if (st != VM_OK) {
        bool bsm = p->vm->exception && p->vm->exception->cls &&
                   vm_strcmp(p->vm->exception->cls->name, "java/lang/BootstrapMethodError") == 0;
        return failed(p, c, m, bsm ? VM_ERR_UNSUPPORTED : st);
    }
    return add(p, gen);
}

static uint16_t u2(const uint8_t *b) { return (uint16_t)(b[0] << 8 | b[1]); }

/* ---- the library's reachable methods (VM_PREPARE_LIBRARY) --------------- */

static void add_meth(prep *p, jmethod *m) {
    if (m && m->owner && m->owner->is_boot && m->code) PUT(p, meth, m);
}

static void add_init(prep *p, jclass *c) {
    if (!c || c->kind != KIND_INSTANCE || !c->is_boot) return;
    if (rt_class_needs_init(c)) PUT(p, init, c);
    /* (its initializer runs here, but what it makes counts: System.out;
     * walked also when an earlier load in this VM initialized the class,
     * whose objects this walk would otherwise not see made; k16) */
    add_meth(p, rt_find_declared_method(c, "<clinit>", "()V"));
}

/* t's implementation in instantiated class c, if c can receive the call */
static void dispatch_in(prep *p, jclass *c, jmethod *t) {
    if (c->kind != KIND_INSTANCE || (c->access & ACC_INTERFACE) || !rt_is_assignable(c, t->owner)) return;
    jmethod *impl = (t->owner->access & ACC_INTERFACE) ? rt_dispatch_interface(c, t) : rt_dispatch_virtual(c, t);
    add_meth(p, impl);
}

static void add_inst(prep *p, jclass *c) {
    if (!c || c->kind != KIND_INSTANCE || (c->access & (ACC_INTERFACE | ACC_ABSTRACT))) return;
    if (!PUT(p, inst, c)) return;
    for (uint32_t i = 0; i < p->n_vsite; i++) dispatch_in(p, c, p->vsite[i]);
}

static void add_vsite(prep *p, jmethod *t) {
    if (!PUT(p, vsite, t)) return;
    for (uint32_t i = 0; i < p->n_inst; i++) dispatch_in(p, p->inst[i], t);
}

/* What the VM makes without a `new` in Java code: strings (ldc, string
 * concatenation: made in C, no constructor runs), arrays (Object's
 * methods), and the exceptions it throws (constructed with a message). */
static void add_vm_made(prep *p) {
    static const char *const names[] = {
        "java/lang/Object", "java/lang/String", "java/lang/NullPointerException",
        "java/lang/ArithmeticException", "java/lang/ArrayIndexOutOfBoundsException",
        "java/lang/ClassCastException", "java/lang/NegativeArraySizeException",
        "java/lang/ArrayStoreException", "java/lang/IllegalMonitorStateException",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        jclass *c = NULL;
        if (rt_find_class(p->vm, names[i], &c, NULL) != VM_OK || !c) {
            p->vm->exception = NULL;
            continue;
        }
        add_inst(p, c);
        if (i >= 2) add_meth(p, rt_find_declared_method(c, "<init>", "(Ljava/lang/String;)V"));
    }
}

/* The methods c inherits from library classes other than Object: its
 * host may call them on it (a VIFlet's enqueue or dequeue left to
 * vif.VIFlet's).  (Not Object's: toString, hashCode and equals would pull
 * in code nobody calls, floating point among it, which costs the kernel
 * module a kernel_fpu section per packet: vm_fp_code.) */
static void add_inherited(prep *p, jclass *c) {
    for (jclass *s = c->super; s && s->super; s = s->super) {
        if (!s->is_boot) continue;
        for (uint32_t i = 0; i < s->n_methods; i++) {
            jmethod *m = &s->methods[i];
            if ((m->access & (ACC_STATIC | ACC_PRIVATE)) || m->name[0] == '<') continue;
            if (rt_dispatch_virtual(c, m) == m) add_meth(p, m);
        }
    }
}

/* (lib) what an instruction of walked code adds: the library method it
 * names, its implementations, the class it instantiates or initializes */
static void lib_use(prep *p, uint8_t op, jmethod *t, jclass *k) {
    switch (op) {
    case 0xb6: case 0xb9:                       /* invokevirtual, invokeinterface */
        if ((t->access & (ACC_PRIVATE | ACC_FINAL)) || (t->owner->access & ACC_FINAL)) add_meth(p, t);
        else add_vsite(p, t);
        break;
    case 0xb7:                                  /* invokespecial */
        add_meth(p, t);
        break;
    case 0xb8:                                  /* invokestatic */
        add_meth(p, t);
        add_init(p, t->owner);
        break;
    case 0xbb:                                  /* new */
        add_inst(p, k);
        add_init(p, k);
        break;
    case 0xb2: case 0xb3:                       /* getstatic, putstatic */
        add_init(p, k);
        break;
    default:
        break;
    }
}

/* A CP_CLASS reference of m's code (ldc of a class, new, checkcast, ...). */
static vm_status use_class(prep *p, jclass *c, const jmethod *m, uint16_t idx, uint8_t op) {
    jclass *k = NULL;
    vm_status st = rt_resolve_class(p->vm, c, idx, &k);
    if (st != VM_OK) return failed(p, c, m, st);
    if (p->lib) {
        lib_use(p, op, NULL, k);
        /* anewarray: the array class too (made at the first run otherwise) */
        jclass *ac = NULL;
        if (op == 0xbd && rt_array_class_of(p->vm, k, &ac) != VM_OK) return failed(p, c, m, VM_ERR_NOMEM);
    }
    return add(p, k);
}

/* (lib) Class.forName(name) with name a constant of c's pool (CP_STRING
 * sidx): the class it loads is loaded now and prepared with the others;
 * a library class is initialized here (forName initializes it) and its
 * nullary constructor made ready (newInstance).  A name that loads no
 * class is left to the call, which throws ClassNotFoundException (the
 * code may catch it); running out of memory or a limit fails. */
static vm_status forname_const(prep *p, jclass *c, const jmethod *m, uint16_t sidx) {
    const cf_class *cf = c->cf;
    uint16_t u = cf->cp[sidx].u.ref.a;
    const char *s = cf_utf8(cf, u);
    size_t len = s ? cf->cp[u].u.utf8.len : 0;
    char name[256];
    if (!len || len >= sizeof name) return VM_OK;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '/') return VM_OK;      /* forName refuses it */
        name[i] = s[i] == '.' ? '/' : s[i];
    }
    name[len] = '\0';
    jclass *k = NULL;
    vm_status st = rt_find_class_n(p->vm, name, len, &k, NULL);
    if (st == VM_ERR_EXCEPTION) {
        p->vm->exception = NULL;
        return VM_OK;
    }
    if (st != VM_OK) return failed(p, c, m, st);
    if (k && k->kind == KIND_INSTANCE) {
        add_init(p, k);
        add_inst(p, k);
        add_meth(p, rt_find_declared_method(k, "<init>", "()V"));
    }
    return add(p, k);
}

static bool is_forname(const jmethod *t) {
    return vm_strcmp(t->owner->name, "java/lang/Class") == 0 && vm_strcmp(t->name, "forName") == 0 &&
           vm_strcmp(t->desc, "(Ljava/lang/String;)Ljava/lang/Class;") == 0;
}

/* Resolve what one method's bytecode names, in code order. */
static vm_status walk_method(prep *p, jclass *c, const jmethod *m) {
    const cf_class *cf = c->cf;
    const cf_code *code = m->code;
    vm *vm = p->vm;
    vm_status st = VM_OK;
    uint16_t str = 0;                          /* the string an ldc ending at */
    uint32_t str_end = UINT32_MAX;             /* str_end pushed (forName) */
    for (uint16_t i = 0; i < code->n_exceptions; i++)
        if (code->exceptions[i].catch_type &&
            (st = use_class(p, c, m, code->exceptions[i].catch_type, 0)) != VM_OK)
            return st;
    for (uint32_t pc = 0; pc < code->code_len;) {
        const uint8_t *b = code->code + pc;
        uint32_t len = cf_insn_length(code->code, code->code_len, pc);
        if (!len) break;                       /* checked at load: cannot happen */
        uint16_t idx = len >= 3 ? u2(b + 1) : 0;
        switch (b[0]) {
        case 0x12: /* ldc */
            idx = b[1];
            /* fall through */
        case 0x13: /* ldc_w */
            if (idx < cf->cp_count && cf->cp[idx].tag == CP_CLASS) st = use_class(p, c, m, idx, 0);
            if (idx < cf->cp_count && cf->cp[idx].tag == CP_STRING) {
                str = idx;
                str_end = pc + len;
            }
            break;
        case 0xbb: case 0xbd: case 0xc0: case 0xc1: case 0xc5: /* new anewarray checkcast
                                                                 instanceof multianewarray */
            st = use_class(p, c, m, idx, b[0]);
            break;
        case 0xb2: case 0xb3: case 0xb4: case 0xb5: { /* get/putstatic, get/putfield */
            jfield *f = NULL;
            st = rt_resolve_field(vm, c, idx, b[0] <= 0xb3, &f);
            if (st != VM_OK) st = failed(p, c, m, st);
            else {
                if (p->lib) lib_use(p, b[0], NULL, f->owner);
                st = add(p, f->owner);
            }
            break;
        }
        case 0xb6: case 0xb7: case 0xb8: case 0xb9: { /* invoke* */
            jmethod *t = NULL;
            st = rt_resolve_method(vm, c, idx, &t);
            if (st != VM_OK) st = failed(p, c, m, st);
            else {
                if (p->lib) lib_use(p, b[0], t, NULL);
                st = add(p, t->owner);
                if (st == VM_OK && p->lib && b[0] == 0xb8 && pc == str_end && is_forname(t))
                    st = forname_const(p, c, m, str);
            }
            break;
        }
        case 0xba: /* invokedynamic */
            st = check_indy(p, c, (jmethod *)m, pc);
            break;
        default:
            break;
        }
        if (st != VM_OK) {
            if (!c->is_boot) return st;
            /* library code: left for its first use, as without the flag */
            p->vm->exception = NULL;
            if (p->d && p->d->buf && p->d->cap) p->d->buf[0] = '\0';
            st = VM_OK;
        }
        pc += len;
    }
    return VM_OK;
}

static vm_status walk_class(prep *p, jclass *c) {
    vm_status st;
    if ((st = add(p, c->super)) != VM_OK) return st;
    for (uint16_t i = 0; i < c->n_interfaces; i++)
        if ((st = add(p, c->interfaces[i])) != VM_OK) return st;
    for (uint32_t i = 0; i < c->n_methods; i++)
        if (c->methods[i].code && (st = walk_method(p, c, &c->methods[i])) != VM_OK) return st;
    return VM_OK;
}

/* Compile every method of c now (the JIT's first-call policy, run
 * early); a refusal leaves the method interpreted and is not retried.
 * A library class's <clinit> is not (it ran here, or the class has run
 * it before); a user class's is: it runs at the class's first active
 * use, which may be on the packet path (a helper loaded by name). */
static void compile_method(vm *vm, jmethod *m, bool clinit) {
    if (!m->code || m->jit_entry || (!clinit && vm_strcmp(m->name, "<clinit>") == 0)) return;
    if (m->invocations != vm->jit_threshold) return;     /* already tried */
    jit_on_first_call(vm, m);
    if (!m->jit_entry) m->invocations++;                 /* refused: once */
}

static void compile_class(vm *vm, jclass *c) {
    for (uint32_t i = 0; i < c->n_methods; i++) compile_method(vm, &c->methods[i], true);
}

static void prep_free(prep *p) {
    const vm_platform *pl = p->vm->plat;
    if (p->list) vm_free(pl, p->list, p->cap * sizeof *p->list);
    if (p->meth) vm_free(pl, p->meth, p->cap_meth * sizeof *p->meth);
    if (p->inst) vm_free(pl, p->inst, p->cap_inst * sizeof *p->inst);
    if (p->vsite) vm_free(pl, p->vsite, p->cap_vsite * sizeof *p->vsite);
    if (p->init) vm_free(pl, p->init, p->cap_init * sizeof *p->init);
}

/* Prepare roots[0..n) (loaded user classes) and what they reach, in one
 * walk (vm_prepare_class, vm_prepare_image). */
static vm_status prepare_roots(vm *vm, jclass *const *roots, uint32_t n, unsigned flags,
                               vm_diag *d) {
    if (flags & ~VM_PREPARE_LIBRARY) return vm_diagf(d, VM_ERR_ARG, "unknown flags 0x%x", flags);
    prep p = { 0 };
    p.vm = vm;
    p.d = d;
    for (uint32_t i = 0; i < n; i++)
        if (roots[i]->link_error) {
            vm->exception = roots[i]->link_error;
            return failed(&p, roots[i], NULL, VM_ERR_EXCEPTION);
        }
    p.lib = (flags & VM_PREPARE_LIBRARY) != 0;
    if (p.lib) add_vm_made(&p);
    vm_status st = VM_OK;
    for (uint32_t i = 0; st == VM_OK && i < n; i++) {
        st = add(&p, roots[i]);
        if (p.lib) add_inherited(&p, roots[i]);
    }
    /* the user classes first, then the library methods they reach (each
     * may add more of both) */
    for (uint32_t i = 0, j = 0; st == VM_OK && !p.oom && (i < p.n || j < p.n_meth);) {
        if (i < p.n) st = walk_class(&p, p.list[i++]);
        else {
            jmethod *m = p.meth[j++];
            st = walk_method(&p, m->owner, m);
        }
    }
    if (st == VM_OK && p.oom) st = vm_diagf(d, VM_ERR_NOMEM, "out of memory preparing the library's code");
    /* the library classes reached, initialized (a failure is left to the
     * first use: the class stays as its initializer left it) */
    for (uint32_t i = 0; st == VM_OK && i < p.n_init; i++) {
        if (!rt_class_needs_init(p.init[i])) continue;
        if (rt_init_class(vm, p.init[i]) != VM_OK) vm->exception = NULL;
    }
    /* callees before their callers where the walk's order tells (the
     * library's methods, then the user classes from the last reached to
     * the roots), so that more calls find their target compiled and call
     * it with a call rel32 (jit_invoke.c: FASTINV, DCALL) */
    if (st == VM_OK && !vm->interpret_only && vm->jit_threshold == 0) {
        for (uint32_t i = p.n_meth; i-- > 0;) compile_method(vm, p.meth[i], false);
        for (uint32_t i = p.n; i-- > 0;) compile_class(vm, p.list[i]);
    }
    prep_free(&p);
    return st;
}

vm_status vm_prepare_class(vm *vm, vm_class *c, unsigned flags, vm_diag *d) {
    if (!c || c->kind != KIND_INSTANCE) return vm_diagf(d, VM_ERR_ARG, "not a class");
    return prepare_roots(vm, &c, 1, flags, d);
}

/* ---- every class of an upload (vm_prepare_image) ------------------------ */

/* Load the class of the upload named name[0..len) into *roots (appended
 * at *n); an error names it, with the exception's description. */
static vm_status load_member(vm *vm, const char *name, size_t len, jclass **roots, uint32_t *n,
                             vm_diag *d) {
    char jn[256];
    jclass *k = NULL;
    vm_status st = rt_find_class_n(vm, name, len, &k, NULL);
    if (st == VM_OK && k && k->kind == KIND_INSTANCE) {
        roots[(*n)++] = k;
        return VM_OK;
    }
    char ex[512] = "";
    if (vm->exception) rt_describe_throwable(vm, vm->exception, ex, sizeof ex);
    vm->exception = NULL;
    if (st == VM_OK || st == VM_ERR_EXCEPTION) st = VM_ERR_LINKAGE;
    size_t i = 0;
    for (; i < len && i + 1 < sizeof jn; i++) jn[i] = name[i] == '/' ? '.' : name[i];
    jn[i] = '\0';
    return vm_diagf(d, st, "class %s of the upload: %s", jn, ex[0] ? ex : vm_status_str(st));
}

/* A JAR entry that is a class of the class path: NAME.class, not under
 * META-INF/ (versioned copies, signatures) and not a module descriptor. */
static bool class_entry(const char *e, size_t *len) {
    size_t n = vm_strlen(e);
    if (n <= 6 || vm_memcmp(e + n - 6, ".class", 6) != 0) return false;
    if (n >= 9 && vm_memcmp(e, "META-INF/", 9) == 0) return false;
    if (vm_strcmp(e, "module-info.class") == 0) return false;
    *len = n - 6;
    return true;
}

static vm_status prepare_jar(vm *vm, const uint8_t *bytes, size_t len, size_t max_entry,
                             unsigned flags, vm_diag *d) {
    const vm_platform *pl = vm->plat;
    zip_archive *z = NULL;
    vm_status st = zip_open(pl, bytes, len, max_entry, &z, d);
    if (st != VM_OK) return st;
    size_t ne = zip_entry_count(z), cap = 0, nl;
    for (size_t i = 0; i < ne; i++)
        if (zip_entry_name(z, i) && class_entry(zip_entry_name(z, i), &nl)) cap++;
    jclass **roots = cap ? vm_zalloc(pl, cap * sizeof *roots) : NULL;
    uint32_t n = 0;
    if (cap && !roots) st = vm_diagf(d, VM_ERR_NOMEM, "out of memory preparing the upload");
    for (size_t i = 0; st == VM_OK && i < ne; i++) {
        const char *e = zip_entry_name(z, i);
        if (e && class_entry(e, &nl)) st = load_member(vm, e, nl, roots, &n, d);
    }
    if (st == VM_OK) st = prepare_roots(vm, roots, n, flags, d);
    if (roots) vm_free(pl, roots, cap * sizeof *roots);
    zip_close(z);
    return st;
}

vm_status vm_prepare_image(vm *vm, const uint8_t *bytes, size_t len, bool jar,
                           size_t max_entry_bytes, unsigned flags, vm_diag *d) {
    if (!vm || !bytes || !len) return vm_diagf(d, VM_ERR_ARG, "bad arguments");
    if (flags & ~VM_PREPARE_LIBRARY) return vm_diagf(d, VM_ERR_ARG, "unknown flags 0x%x", flags);
    if (jar) return prepare_jar(vm, bytes, len, max_entry_bytes, flags, d);
    char name[256];
    vm_status st = vm_class_file_name(vm->plat, bytes, len, name, sizeof name, d);
    if (st != VM_OK) return st;
    jclass *k = NULL;
    uint32_t n = 0;
    st = load_member(vm, name, vm_strlen(name), &k, &n, d);
    return st == VM_OK ? prepare_roots(vm, &k, 1, flags, d) : st;
}
