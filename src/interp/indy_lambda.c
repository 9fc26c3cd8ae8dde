/* indy_lambda.c - java.lang.invoke.LambdaMetafactory.metafactory and
 * altMetafactory (lambdas and method references) without java.lang.invoke.
 *
 * Linking a call site generates a small class, as the JDK's
 * InnerClassLambdaMetafactory does, and defines it through the normal
 * loader (indy_classgen.c): the same parser, load limits, linker and
 * verifier as user code, and the JIT compiles it like any method:
 *
 *   final synthetic class Host$$Lambda$N implements Iface, Markers... {
 *       private final T1 arg$1; ...                 // captured values
 *       private Host$$Lambda$N(T1 a1, ...)          // stores them
 *       static Iface INSTANCE;                      // no captures: one shared
 *       static { INSTANCE = new Host$$Lambda$N(); } //   instance per call site
 *       static Iface get$Lambda(T1 a1, ...)         // captures: a new instance
 *       public R sam(P1 p1, ...)                    // the forwarding method,
 *       public R' sam(bridge types...)              // and one per bridge
 *   }
 *
 * The call site is then INDY_CONST (INSTANCE, read on each execution) or
 * INDY_NEW (what get$Lambda does - allocate, store the captured values -
 * done in C by indy_exec, without the three calls).  The forwarding method pushes the captured
 * values, then the interface method's arguments, each converted to the
 * implementation method's parameter type (checkcast, unboxing, widening,
 * boxing: TypeConvertingMethodAdapter.convertType of the JDK), invokes the
 * implementation (invokestatic / invokevirtual / invokeinterface / new +
 * invokespecial <init>) and converts its result to the interface method's
 * return type.  The generated class is named into the host's nest
 * (runtime/classes.c rt_same_nest), so it may call the host's private
 * lambda$ methods, as the JDK's hidden nestmate classes do; a private
 * instance method (REF_invokeSpecial from javac --release 8) is invoked
 * with invokevirtual / invokeinterface, as the JDK does.
 *
 * FLAG_SERIALIZABLE adds java.io.Serializable to the interfaces as the JDK
 * does (vifvm has no serialization: no writeReplace method), FLAG_MARKERS
 * adds the marker interfaces, FLAG_BRIDGES the bridge methods. */
#include "indy.h"
#include "indy_classgen.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"

#define FLAG_SERIALIZABLE 1
#define FLAG_MARKERS 2
#define FLAG_BRIDGES 4
#define MAX_TYPES 255
#define MAX_BRIDGES 8

typedef struct ty {
    const char *p;
    uint16_t n;
} ty;

/* parameter types of a method descriptor, and its return type */
typedef struct sig {
    uint32_t n;
    ty t[MAX_TYPES];
    ty ret;
    uint32_t slots;
} sig;

static bool parse_sig(const char *desc, sig *s) {
    const char *p = desc;
    s->n = 0;
    s->slots = 0;
    if (*p++ != '(') return false;
    while (*p != ')') {
        size_t n = indy_type_len(p);
        if (!n || *p == 'V' || s->n == MAX_TYPES) return false;
        s->t[s->n].p = p;
        s->t[s->n].n = (uint16_t)n;
        s->slots += indy_type_slots(*p);
        s->n++;
        p += n;
    }
    p++;
    size_t n = indy_type_len(p);
    if (!n || p[n]) return false;
    s->ret.p = p;
    s->ret.n = (uint16_t)n;
    return true;
}

static bool ty_eq(ty a, ty b) { return a.n == b.n && vm_memcmp(a.p, b.p, a.n) == 0; }
static bool ty_is(ty a, const char *d) {
    size_t n = vm_strlen(d);
    return a.n == n && vm_memcmp(a.p, d, n) == 0;
}
static bool ty_prim(ty a) { return a.p[0] != 'L' && a.p[0] != '['; }

/* ---- wrappers ---- */

static const char *const wrappers[] = {
    "Z", "java/lang/Boolean", "B", "java/lang/Byte", "C", "java/lang/Character",
    "S", "java/lang/Short", "I", "java/lang/Integer", "J", "java/lang/Long",
    "F", "java/lang/Float", "D", "java/lang/Double", NULL
};

static const char *wrapper_name(char prim) {
    for (int i = 0; wrappers[i]; i += 2)
        if (wrappers[i][0] == prim) return wrappers[i + 1];
    return "java/lang/Object";
}

/* the primitive a wrapper descriptor ("Ljava/lang/Integer;") boxes, or 0 */
static char wrapper_prim(ty t) {
    if (t.p[0] != 'L') return 0;
    for (int i = 0; wrappers[i]; i += 2) {
        size_t n = vm_strlen(wrappers[i + 1]);
        if (t.n == n + 2 && vm_memcmp(t.p + 1, wrappers[i + 1], n) == 0) return wrappers[i][0];
    }
    return 0;
}

static const char *prim_word(char p) {
    switch (p) {
    case 'Z': return "boolean"; case 'B': return "byte"; case 'C': return "char";
    case 'S': return "short"; case 'I': return "int"; case 'J': return "long";
    case 'F': return "float"; default: return "double";
    }
}

/* ---- code emission: TypeConvertingMethodAdapter ---- */

static void emit_checkcast(cg_class *cg, ty to) {
    if (to.p[0] == 'L') cg_op_u2(cg, OP_checkcast, cg_classref(cg, to.p + 1, to.n - 2u));
    else cg_op_u2(cg, OP_checkcast, cg_classref(cg, to.p, to.n));
}

/* cast(from, to): checkcast unless equal or to Object */
static void cast(cg_class *cg, ty from, ty to) {
    if (!ty_eq(from, to) && !ty_is(to, "Ljava/lang/Object;")) emit_checkcast(cg, to);
}

static void box(cg_class *cg, char prim) {
    char desc[32];
    const char *w = wrapper_name(prim);
    vm_snprintf(desc, sizeof desc, "(%c)L%s;", prim, w);
    cg_op_u2(cg, OP_invokestatic, cg_memberref(cg, CP_METHODREF, w, "valueOf", desc));
}

static void unbox(cg_class *cg, const char *cls, char prim) {
    char name[16], desc[4] = { '(', ')', prim, 0 };
    vm_snprintf(name, sizeof name, "%sValue", prim_word(prim));
    cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, cls, name, desc));
}

static bool int_like(char p) { return p == 'I' || p == 'B' || p == 'S' || p == 'C' || p == 'Z'; }

static void widen(cg_class *cg, char from, char to) {
    if (from == to) return;
    if (int_like(from)) {
        if (to == 'J') cg_op(cg, OP_i2l);
        else if (to == 'F') cg_op(cg, OP_i2f);
        else if (to == 'D') cg_op(cg, OP_i2d);
    } else if (from == 'J') {
        if (to == 'F') cg_op(cg, OP_l2f);
        else if (to == 'D') cg_op(cg, OP_l2d);
    } else if (from == 'F' && to == 'D') {
        cg_op(cg, OP_f2d);
    }
}

static bool signed_or_floating(char p) { return p != 'C' && p != 'Z'; }

static void convert(cg_class *cg, ty arg, ty target, ty functional) {
    if (ty_eq(arg, target) && ty_eq(arg, functional)) return;
    if (arg.p[0] == 'V' || target.p[0] == 'V') return;
    if (ty_prim(arg)) {
        if (ty_prim(target)) {
            widen(cg, arg.p[0], target.p[0]);
        } else {
            char wt = wrapper_prim(target);
            if (wt) {
                widen(cg, arg.p[0], wt);
                box(cg, wt);
            } else {
                box(cg, arg.p[0]);
                const char *w = wrapper_name(arg.p[0]);
                size_t wn = vm_strlen(w);
                /* cast(wrapper descriptor, target) */
                if (!(target.n == wn + 2 && vm_memcmp(target.p + 1, w, wn) == 0) &&
                    !ty_is(target, "Ljava/lang/Object;"))
                    emit_checkcast(cg, target);
            }
        }
        return;
    }
    ty src = arg;
    if (!ty_prim(functional)) {
        src = functional;
        cast(cg, arg, src);
    }
    if (ty_prim(target)) {
        char wps = wrapper_prim(src);
        if (wps) {
            if (signed_or_floating(wps)) {
                unbox(cg, wrapper_name(wps), target.p[0]);
            } else {
                unbox(cg, wrapper_name(wps), wps);
                widen(cg, wps, target.p[0]);
            }
        } else {
            const char *inter = signed_or_floating(target.p[0]) ? "java/lang/Number"
                                                                : wrapper_name(target.p[0]);
            char d[32];
            vm_snprintf(d, sizeof d, "L%s;", inter);
            ty it = { d, (uint16_t)vm_strlen(d) };
            cast(cg, src, it);
            unbox(cg, inter, target.p[0]);
        }
    } else {
        cast(cg, src, target);
    }
}

/* ---- the call site ---- */

typedef struct lam {
    const indy_bsm *b;
    sig site;              /* (captures)Iface */
    sig sam, inst, impl;   /* impl: receiver first for instance methods */
    int kind;              /* REF_* of the implementation */
    int impl_tag;          /* CP_METHODREF / CP_INTERFACE_METHODREF */
    const char *impl_cls, *impl_name, *impl_desc;
    char iface[256];
    /* on the heap with the rest: the kernel's stack is small */
    cg_class cg;
    char cname[512];
    char idesc[300];
} lam;

typedef struct capfield {
    char name[12];     /* arg$N */
    char *desc;        /* its type (owned) */
} capfield;

/* The forwarding method for interface method type `mt` (sam or a bridge). */
static bool gen_forward(cg_class *cg, lam *L, const char *this_name, const char *mt_desc,
                        sig *mt, const capfield *fields) {
    uint32_t ncap = L->site.n;
    if (ncap + mt->n != L->impl.n) return false;
    uint32_t stack = 4 + 2 * L->impl.n;
    cg_method_begin(cg, ACC_PUBLIC, L->b->name, mt_desc,
                    (uint16_t)(1 + mt->slots), (uint16_t)(stack > 65535 ? 65535 : stack));
    if (L->kind == 8) {
        cg_op_u2(cg, OP_new, cg_classref(cg, L->impl_cls, vm_strlen(L->impl_cls)));
        cg_op(cg, OP_dup);
    }
    for (uint32_t i = 0; i < ncap; i++) {
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_getfield, cg_memberref(cg, CP_FIELDREF, this_name, fields[i].name,
                                               fields[i].desc));
    }
    uint16_t lv = 1;
    for (uint32_t i = 0; i < mt->n; i++) {
        cg_load(cg, mt->t[i].p[0], lv);
        lv = (uint16_t)(lv + indy_type_slots(mt->t[i].p[0]));
        convert(cg, mt->t[i], L->impl.t[ncap + i], L->inst.t[i]);
    }
    const char *icls = L->impl_cls;
    bool iface = L->kind == 9 ||
                 ((L->kind == 5 || L->kind == 7) && L->impl_tag == CP_INTERFACE_METHODREF);
    if (iface) {
        int slots = cf_desc_arg_slots(L->impl_desc);
        cg_op_u2(cg, OP_invokeinterface,
                 cg_memberref(cg, CP_INTERFACE_METHODREF, icls, L->impl_name, L->impl_desc));
        cg_u1(cg, (uint8_t)(slots + 1));
        cg_u1(cg, 0);
    } else switch (L->kind) {
    case 6:  /* REF_invokeStatic */
        cg_op_u2(cg, OP_invokestatic,
                 cg_memberref(cg, L->impl_tag, icls, L->impl_name, L->impl_desc));
        break;
    case 5: case 7:  /* REF_invokeVirtual; REF_invokeSpecial (private: see above) */
        cg_op_u2(cg, OP_invokevirtual,
                 cg_memberref(cg, CP_METHODREF, icls, L->impl_name, L->impl_desc));
        break;
    default:  /* 8: REF_newInvokeSpecial */
        cg_op_u2(cg, OP_invokespecial,
                 cg_memberref(cg, CP_METHODREF, icls, "<init>", L->impl_desc));
        break;
    }
    char rt = mt->ret.p[0];
    if (rt == 'V') {
        char it = L->impl.ret.p[0];
        if (it == 'J' || it == 'D') cg_op(cg, OP_pop2);
        else if (it != 'V') cg_op(cg, OP_pop);
    } else {
        convert(cg, L->impl.ret, mt->ret, mt->ret);
    }
    cg_return(cg, rt);
    cg_method_end(cg);
    return true;
}

vm_status indy_lambda_link(vm *vm, const indy_bsm *b, bool alt, struct indy_site *s) {
    const cf_class *cf = b->cf;
    const cf_bootstrap *bs = b->bs;
    lam *L = vm_zalloc(vm->plat, sizeof *L);
    if (!L) return rt_throw_oom(vm);
    cg_class *cg = &L->cg;
    char *cname = L->cname;
    cg_init(cg, vm);
    vm_status st = VM_OK;
    uint8_t *bytes = NULL;
    size_t blen = 0;
    char *impl_desc_full = NULL, *ctor_desc = NULL, *get_desc = NULL;
    size_t impl_desc_cap = 0, ctor_cap = 0, get_cap = 0;
    capfield *fields = NULL;
    uint32_t nfields = 0;
    const char *why = NULL;
    L->b = b;

    /* -- the bootstrap arguments */
#define ARG(i) (i < bs->n_args && bs->args[i] < cf->cp_count ? &cf->cp[bs->args[i]] : NULL)
    const cf_const *a0 = ARG(0), *a1 = ARG(1), *a2 = ARG(2);
    if (!a0 || a0->tag != CP_METHOD_TYPE || !a1 || a1->tag != CP_METHOD_HANDLE || !a2 ||
        a2->tag != CP_METHOD_TYPE) {
        why = "expected (MethodType, MethodHandle, MethodType) arguments";
        goto bsm_fail;
    }
    const char *sam_desc = cf_utf8(cf, a0->u.ref.a), *inst_desc = cf_utf8(cf, a2->u.ref.a);
    L->kind = a1->u.ref.a;
    uint16_t mref = a1->u.ref.b;
    if (L->kind < 5 || L->kind > 9 || !mref || mref >= cf->cp_count ||
        (cf->cp[mref].tag != CP_METHODREF && cf->cp[mref].tag != CP_INTERFACE_METHODREF)) {
        why = "the implementation must be a method handle of a method or constructor";
        goto bsm_fail;
    }
    L->impl_tag = cf->cp[mref].tag;
    cf_member_ref(cf, mref, &L->impl_cls, &L->impl_name, &L->impl_desc);
    if (!parse_sig(b->desc, &L->site) || L->site.ret.p[0] != 'L' ||
        !parse_sig(sam_desc, &L->sam) || !parse_sig(inst_desc, &L->inst) ||
        L->inst.n != L->sam.n) {
        why = "malformed method types";
        goto bsm_fail;
    }
    if (L->site.ret.n - 2u >= sizeof L->iface) { why = "interface name too long"; goto bsm_fail; }
    vm_memcpy(L->iface, L->site.ret.p + 1, L->site.ret.n - 2u);
    L->iface[L->site.ret.n - 2u] = 0;

    /* the implementation's type, receiver first for instance methods */
    {
        size_t cl = vm_strlen(L->impl_cls), dl = vm_strlen(L->impl_desc);
        impl_desc_cap = cl + dl + 8;
        impl_desc_full = vm_zalloc(vm->plat, impl_desc_cap);
        if (!impl_desc_full) goto oom;
        bool recv = L->kind == 5 || L->kind == 7 || L->kind == 9;
        if (L->kind == 8) {
            const char *close = vm_strchr(L->impl_desc, ')');
            if (!close || close[1] != 'V' || vm_strcmp(L->impl_name, "<init>") != 0) {
                why = "bad constructor reference";
                goto bsm_fail;
            }
            vm_snprintf(impl_desc_full, impl_desc_cap, "%.*sL%s;",
                        (int)(close + 1 - L->impl_desc), L->impl_desc, L->impl_cls);
        } else if (recv) {
            vm_snprintf(impl_desc_full, impl_desc_cap, "(L%s;%s", L->impl_cls, L->impl_desc + 1);
        } else {
            vm_snprintf(impl_desc_full, impl_desc_cap, "%s", L->impl_desc);
        }
        if (!parse_sig(impl_desc_full, &L->impl)) { why = "malformed implementation type"; goto bsm_fail; }
        if (L->kind == 7) {
            /* only private methods of the caller (javac --release 8's
             * private lambda bodies); javac turns super::m into a lambda */
            jclass *ic = NULL;
            jmethod *im = NULL;
            if (vm_strcmp(L->impl_cls, b->host->name) == 0) {
                ic = b->host;
                im = rt_find_declared_method(ic, L->impl_name, L->impl_desc);
            }
            if (!im || !(im->access & ACC_PRIVATE)) {
                why = "REF_invokeSpecial of a method that is not a private method of the "
                      "caller is not supported by vifvm";
                goto bsm_fail;
            }
        }
    }
    if (L->site.n + L->sam.n != L->impl.n) {
        why = "the implementation's arity does not match the interface method and "
              "the captured values";
        goto bsm_fail;
    }

    /* -- the class */
    if (!indy_class_name(vm, b->host, "Lambda", cname, sizeof L->cname)) {
        why = "class name too long";
        goto bsm_fail;
    }
    cg_add_interface(cg, L->iface, vm_strlen(L->iface));
    uint32_t next = 3;
    int flags = 0;
    uint16_t nbridges = 0, bridges[MAX_BRIDGES];
    if (alt) {
        const cf_const *f = ARG(next);
        if (!f || f->tag != CP_INTEGER) { why = "altMetafactory: missing flags"; goto bsm_fail; }
        flags = f->u.i32;
        next++;
        if (flags & FLAG_MARKERS) {
            const cf_const *c = ARG(next);
            if (!c || c->tag != CP_INTEGER || c->u.i32 < 0) { why = "bad marker count"; goto bsm_fail; }
            int32_t n = c->u.i32;
            next++;
            for (int32_t i = 0; i < n; i++, next++) {
                const cf_const *m = ARG(next);
                if (!m || m->tag != CP_CLASS) { why = "bad marker interface"; goto bsm_fail; }
                const char *mn = cf_class_name(cf, bs->args[next]);
                cg_add_interface(cg, mn, vm_strlen(mn));
            }
        }
        if (flags & FLAG_BRIDGES) {
            const cf_const *c = ARG(next);
            if (!c || c->tag != CP_INTEGER || c->u.i32 < 0 || c->u.i32 > MAX_BRIDGES) {
                why = "bad bridge count";
                goto bsm_fail;
            }
            int32_t n = c->u.i32;
            next++;
            for (int32_t i = 0; i < n; i++, next++) {
                const cf_const *m = ARG(next);
                if (!m || m->tag != CP_METHOD_TYPE) { why = "bad bridge type"; goto bsm_fail; }
                bridges[nbridges++] = m->u.ref.a;
            }
        }
    }
    /* as the JDK: a serializable lambda implements Serializable (the
     * serialization support itself, writeReplace, is left out) */
    if (flags & FLAG_SERIALIZABLE) cg_add_interface(cg, "java/io/Serializable", 20);

    uint32_t ncap = L->site.n;
    fields = vm_zalloc(vm->plat, (ncap ? ncap : 1) * sizeof *fields);
    if (!fields) goto oom;
    nfields = ncap;
    for (uint32_t i = 0; i < ncap; i++) {
        fields[i].desc = vm_strndup(vm->plat, L->site.t[i].p, L->site.t[i].n);
        if (!fields[i].desc) goto oom;
        vm_snprintf(fields[i].name, sizeof fields[i].name, "arg$%u", (unsigned)(i + 1));
    }
    {
        /* "(captures)" */
        const char *close = vm_strchr(b->desc, ')');
        size_t cl = (size_t)(close + 1 - b->desc);
        ctor_cap = cl + 2;
        get_cap = cl + L->site.ret.n + 1;
        ctor_desc = vm_zalloc(vm->plat, ctor_cap);
        get_desc = vm_zalloc(vm->plat, get_cap);
        if (!ctor_desc || !get_desc) goto oom;
        vm_snprintf(ctor_desc, ctor_cap, "%.*sV", (int)cl, b->desc);
        vm_snprintf(get_desc, get_cap, "%s", b->desc);
    }
    for (uint32_t i = 0; i < ncap; i++)
        cg_field(cg, ACC_PRIVATE | ACC_FINAL, fields[i].name, fields[i].desc);
    /* constructor */
    cg_method_begin(cg, ACC_PRIVATE, "<init>", ctor_desc, (uint16_t)(1 + L->site.slots), 3);
    cg_op(cg, OP_aload_0);
    cg_op_u2(cg, OP_invokespecial, cg_memberref(cg, CP_METHODREF, "java/lang/Object",
                                                 "<init>", "()V"));
    {
        uint16_t lv = 1;
        for (uint32_t i = 0; i < ncap; i++) {
            char t = fields[i].desc[0];
            cg_op(cg, OP_aload_0);
            cg_load(cg, t, lv);
            lv = (uint16_t)(lv + indy_type_slots(t));
            cg_op_u2(cg, OP_putfield, cg_memberref(cg, CP_FIELDREF, cname, fields[i].name,
                                                    fields[i].desc));
        }
    }
    cg_op(cg, OP_return);
    cg_method_end(cg);
    /* the instance: shared, or made per execution */
    {
        char *idesc = L->idesc;
        vm_snprintf(idesc, sizeof L->idesc, "L%s;", L->iface);
        uint16_t self = cg_classref(cg, cname, vm_strlen(cname));
        if (ncap == 0) {
            cg_field(cg, ACC_STATIC | ACC_FINAL, "INSTANCE", idesc);
            cg_method_begin(cg, ACC_STATIC, "<clinit>", "()V", 0, 2);
            cg_op_u2(cg, OP_new, self);
            cg_op(cg, OP_dup);
            cg_op_u2(cg, OP_invokespecial, cg_memberref(cg, CP_METHODREF, cname, "<init>", "()V"));
            cg_op_u2(cg, OP_putstatic, cg_memberref(cg, CP_FIELDREF, cname, "INSTANCE", idesc));
            cg_op(cg, OP_return);
            cg_method_end(cg);
        } else {
            uint32_t stack = 2 + L->site.slots;
            cg_method_begin(cg, ACC_STATIC, "get$Lambda", get_desc,
                            (uint16_t)L->site.slots, (uint16_t)stack);
            cg_op_u2(cg, OP_new, self);
            cg_op(cg, OP_dup);
            uint16_t lv = 0;
            for (uint32_t i = 0; i < ncap; i++) {
                cg_load(cg, L->site.t[i].p[0], lv);
                lv = (uint16_t)(lv + indy_type_slots(L->site.t[i].p[0]));
            }
            cg_op_u2(cg, OP_invokespecial, cg_memberref(cg, CP_METHODREF, cname, "<init>",
                                                         ctor_desc));
            cg_op(cg, OP_areturn);
            cg_method_end(cg);
        }
    }
    /* the interface method, then the bridges */
    if (!gen_forward(cg, L, cname, sam_desc, &L->sam, fields)) {
        why = "cannot adapt the implementation to the interface method";
        goto bsm_fail;
    }
    for (uint16_t i = 0; i < nbridges; i++) {
        const char *bd = cf_utf8(cf, bridges[i]);
        if (vm_strcmp(bd, sam_desc) == 0) continue;
        sig *bsig = vm_zalloc(vm->plat, sizeof *bsig);
        if (!bsig) goto oom;
        bool ok = parse_sig(bd, bsig) && bsig->n == L->sam.n &&
                  gen_forward(cg, L, cname, bd, bsig, fields);
        vm_free(vm->plat, bsig, sizeof *bsig);
        if (!ok) { why = "cannot adapt a bridge method"; goto bsm_fail; }
    }
    bytes = cg_finish(cg, cname, &blen);
    if (!bytes) {
        if (cg->nomem) goto oom;
        why = "the generated class would be too large";
        goto bsm_fail;
    }

    /* -- define it, and make the call site */
    jclass *c;
    st = indy_define_class(vm, cname, bytes, blen, &c);
    if (st != VM_OK) goto done;
    if (ncap == 0) {
        s->kind = INDY_CONST;
        s->konst = rt_find_field(c, "INSTANCE", L->idesc);
        if (!s->konst) st = interp_throw_internal(vm, "lambda: INSTANCE missing");
    } else {
        /* what get$Lambda does, done by indy_exec without the calls */
        s->kind = INDY_NEW;
        s->cls = c;
        s->fields = vm_zalloc(vm->plat, ncap * sizeof *s->fields);
        if (!s->fields) {
            st = rt_throw_oom(vm);
            goto done;
        }
        s->n_fields = ncap;
        for (uint32_t i = 0; i < ncap && st == VM_OK; i++) {
            s->fields[i] = rt_find_field(c, fields[i].name, fields[i].desc);
            if (!s->fields[i]) st = interp_throw_internal(vm, "lambda: captured field missing");
        }
    }
    goto done;
#undef ARG

bsm_fail:
    st = indy_bsm_error(vm, b, why);
    goto done;
oom:
    st = rt_throw_oom(vm);
done:
    if (bytes) vm_free(vm->plat, bytes, blen);
    if (impl_desc_full) vm_free(vm->plat, impl_desc_full, impl_desc_cap);
    if (ctor_desc) vm_free(vm->plat, ctor_desc, ctor_cap);
    if (get_desc) vm_free(vm->plat, get_desc, get_cap);
    if (fields) {
        for (uint32_t i = 0; i < nfields; i++)
            if (fields[i].desc) vm_free(vm->plat, fields[i].desc, vm_strlen(fields[i].desc) + 1);
        vm_free(vm->plat, fields, (nfields ? nfields : 1) * sizeof *fields);
    }
    cg_free(cg);
    vm_free(vm->plat, L, sizeof *L);
    return st;
}
