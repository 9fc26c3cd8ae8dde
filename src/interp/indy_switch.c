/* indy_switch.c - java.lang.runtime.SwitchBootstraps.typeSwitch and
 * enumSwitch: pattern matching in switch (javac 17 with --enable-preview,
 * javac 21 and later without).  javac compiles
 *
 *     switch (o) { case String s && s.length() > 3 -> ...; case Integer i -> ... }
 *
 * to a loop around   invokedynamic typeSwitch(Object target, int restart)I
 * whose static arguments are the case labels; the result indexes a
 * tableswitch, and a failed guard re-enters with restart = index + 1.
 *
 * The call site becomes INDY_CALL of a static method of a generated class
 * (indy_classgen.c: the normal loader and verifier; the JIT compiles it)
 * that computes what the JDK's bootstrap computes (javadoc of JDK 17 and
 * 21): -1 for a null target, else the index of the first label at or after
 * `restart` that matches, else labels.length.  A label matches when it is
 *   a Class:     the target is an instance of it (instanceof);
 *   a String:    the target equals it (String.equals);
 *   an Integer:  the target is a Number whose intValue() or a Character
 *                whose charValue() equals it;
 *   an EnumDesc (javac 21's typeSwitch: a dynamic constant
 *                ConstantBootstraps.invoke(EnumDesc.of,
 *                ConstantBootstraps.invoke(ClassDesc.of, "p.E"), "A")):
 *                the target is an instance of p.E named "A";
 * and for enumSwitch (the target's static type is an enum E), a String is
 * the name of one of E's constants: the target matches when its name() is
 * that string (the JDK compares with the constant of that name; a name that
 * E lacks never matches either way).
 *
 *   static int typeSwitch(T target, int restart) {
 *       if (target == null) return -1;
 *       switch (restart) {            // tableswitch, default: labels.length
 *       case 0: if (<label 0 matches>) return 0;   // falls through
 *       case 1: if (<label 1 matches>) return 1;
 *       ...
 *       }
 *       return labels.length;
 *   }
 *
 * A restart outside 0..labels.length-1 returns labels.length (javac never
 * passes one). */
#include "indy.h"
#include "indy_classgen.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"

enum { LB_CLASS, LB_STRING, LB_INT, LB_ENUM_NAME, LB_ENUM_DESC };

typedef struct label {
    uint8_t kind;
    const char *s;      /* class name (internal form), string, constant name */
    size_t slen;
    char *cls;          /* LB_ENUM_DESC: the enum class, internal form (owned) */
    size_t cls_len;
    int32_t k;          /* LB_INT */
} label;

typedef struct sw_work {
    cg_class cg;
    char cname[512];
} sw_work;

static bool is(const char *a, const char *b) { return vm_strcmp(a, b) == 0; }

/* The method handle at cp index h is REF_invokeStatic cls.name(...)? */
static bool handle_is(const cf_class *cf, uint16_t h, const char *cls, const char *name) {
    if (!h || h >= cf->cp_count || cf->cp[h].tag != CP_METHOD_HANDLE || cf->cp[h].u.ref.a != 6)
        return false;
    uint16_t r = cf->cp[h].u.ref.b;
    if (!r || r >= cf->cp_count ||
        (cf->cp[r].tag != CP_METHODREF && cf->cp[r].tag != CP_INTERFACE_METHODREF))
        return false;
    const char *c, *n, *d;
    cf_member_ref(cf, r, &c, &n, &d);
    return is(c, cls) && is(n, name);
}

/* A dynamic constant ConstantBootstraps.invoke(<factory cls.name>, args...):
 * its bootstrap entry, or NULL. */
static const cf_bootstrap *invoke_condy(const cf_class *cf, uint16_t idx, const char *cls,
                                        const char *name) {
    if (!idx || idx >= cf->cp_count || cf->cp[idx].tag != CP_DYNAMIC) return NULL;
    uint16_t bi = cf->cp[idx].u.ref.a;
    if (bi >= cf->n_bootstrap) return NULL;
    const cf_bootstrap *bs = &cf->bootstrap[bi];
    if (!handle_is(cf, bs->method_ref, "java/lang/invoke/ConstantBootstraps", "invoke") ||
        bs->n_args < 1 || !handle_is(cf, bs->args[0], cls, name))
        return NULL;
    return bs;
}

static const char *string_at(const cf_class *cf, uint16_t idx, size_t *len) {
    if (!idx || idx >= cf->cp_count || cf->cp[idx].tag != CP_STRING) return NULL;
    uint16_t u = cf->cp[idx].u.ref.a;
    *len = cf->cp[u].u.utf8.len;
    return cf_utf8(cf, u);
}

/* Parse static argument `idx` into *l; NULL or the reason it is refused. */
static const char *parse_label(vm *vm, const cf_class *cf, uint16_t idx, bool enum_switch,
                               label *l) {
    if (!idx || idx >= cf->cp_count) return "bad static argument";
    const cf_const *e = &cf->cp[idx];
    switch (e->tag) {
    case CP_CLASS:
        l->kind = LB_CLASS;
        l->s = cf_class_name(cf, idx);
        l->slen = vm_strlen(l->s);
        return NULL;
    case CP_STRING:
        l->kind = enum_switch ? LB_ENUM_NAME : LB_STRING;
        l->s = string_at(cf, idx, &l->slen);
        return NULL;
    case CP_INTEGER:
        if (enum_switch) break;
        l->kind = LB_INT;
        l->k = e->u.i32;
        return NULL;
    case CP_DYNAMIC: {
        if (enum_switch) break;
        const cf_bootstrap *ed = invoke_condy(cf, idx, "java/lang/constant/EnumDesc", "of");
        if (!ed || ed->n_args != 3) break;
        const cf_bootstrap *cd = invoke_condy(cf, ed->args[1], "java/lang/constant/ClassDesc",
                                              "of");
        size_t clen = 0;
        const char *cn = cd && cd->n_args == 2 ? string_at(cf, cd->args[1], &clen) : NULL;
        l->s = string_at(cf, ed->args[2], &l->slen);
        if (!cn || !l->s) break;
        l->cls = vm_strndup(vm->plat, cn, clen);
        if (!l->cls) return "";
        for (size_t i = 0; i < clen; i++)
            if (l->cls[i] == '.') l->cls[i] = '/';
        l->cls_len = clen;
        l->kind = LB_ENUM_DESC;
        return NULL;
    }
    default:
        break;
    }
    return enum_switch ? "labels must be Strings (constant names) or Classes"
                       : "labels must be Classes, Strings, Integers or EnumDescs";
}

static void push_int(cg_class *cg, int32_t v) {
    if (v >= -1 && v <= 5) {
        cg_op(cg, (uint8_t)(OP_iconst_0 + v));
    } else if (v >= -128 && v <= 127) {
        cg_op(cg, OP_bipush);
        cg_u1(cg, (uint8_t)v);
    } else if (v >= -32768 && v <= 32767) {
        cg_op_u2(cg, OP_sipush, (uint16_t)v);
    } else {
        cg_ldc(cg, cg_int(cg, v));
    }
}

static void string_equals(cg_class *cg) {
    cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/String", "equals",
                                                "(Ljava/lang/Object;)Z"));
}

static void enum_name(cg_class *cg) {
    cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/Enum", "name",
                                                "()Ljava/lang/String;"));
}

/* Emit the test of label l: falls through on a match; its failure
 * branches are added to fail[*nf]. */
static void gen_test(cg_class *cg, const label *l, uint32_t *fail, uint32_t *nf) {
    switch (l->kind) {
    case LB_CLASS:
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_instanceof, cg_classref(cg, l->s, l->slen));
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        break;
    case LB_STRING:
        cg_ldc(cg, cg_string(cg, l->s, l->slen));
        cg_op(cg, OP_aload_0);
        string_equals(cg);
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        break;
    case LB_ENUM_NAME:
        cg_ldc(cg, cg_string(cg, l->s, l->slen));
        cg_op(cg, OP_aload_0);
        enum_name(cg);
        string_equals(cg);
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        break;
    case LB_ENUM_DESC:
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_instanceof, cg_classref(cg, l->cls, l->cls_len));
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        cg_ldc(cg, cg_string(cg, l->s, l->slen));
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_checkcast, cg_classref(cg, "java/lang/Enum", 14));
        enum_name(cg);
        string_equals(cg);
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        break;
    default: { /* LB_INT */
        uint16_t num = cg_classref(cg, "java/lang/Number", 16);
        uint16_t chr = cg_classref(cg, "java/lang/Character", 19);
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_instanceof, num);
        uint32_t not_num = cg_branch(cg, OP_ifeq);
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_checkcast, num);
        cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/Number",
                                                    "intValue", "()I"));
        push_int(cg, l->k);
        uint32_t num_ne = cg_branch(cg, OP_if_icmpne);
        uint32_t match = cg_branch(cg, OP_goto);
        cg_bind(cg, not_num);
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_instanceof, chr);
        fail[(*nf)++] = cg_branch(cg, OP_ifeq);
        cg_op(cg, OP_aload_0);
        cg_op_u2(cg, OP_checkcast, chr);
        cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/Character",
                                                    "charValue", "()C"));
        push_int(cg, l->k);
        fail[(*nf)++] = cg_branch(cg, OP_if_icmpne);
        cg_bind(cg, match);
        fail[(*nf)++] = num_ne;   /* bound with the others, after the match */
        break;
    }
    }
}

static void put_u4(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void gen_switch(cg_class *cg, const char *name, const char *desc, const label *lb,
                       uint32_t n) {
    cg_method_begin(cg, ACC_STATIC, name, desc, 2, 3);
    cg_op(cg, OP_aload_0);
    uint32_t nonnull = cg_branch(cg, OP_ifnonnull);
    cg_op(cg, OP_iconst_m1);
    cg_op(cg, OP_ireturn);
    cg_bind(cg, nonnull);
    if (n) {
        cg_load(cg, 'I', 1);
        size_t op = cg->code.len;
        cg_op(cg, OP_tableswitch);
        while (cg->code.len % 4) cg_u1(cg, 0);
        size_t table = cg->code.len;
        cg_u2(cg, 0); cg_u2(cg, 0);                 /* default */
        cg_u2(cg, 0); cg_u2(cg, 0);                 /* low = 0 */
        cg_u2(cg, (uint16_t)((n - 1) >> 16));       /* high = n - 1 */
        cg_u2(cg, (uint16_t)(n - 1));
        for (uint32_t i = 0; i < n; i++) { cg_u2(cg, 0); cg_u2(cg, 0); }
        for (uint32_t i = 0; i < n; i++) {
            uint32_t fail[3], nf = 0;
            uint32_t at = cg_frame_here(cg);
            if (!cg->nomem) put_u4(cg->code.p + table + 12 + 4 * i, at - (uint32_t)op);
            gen_test(cg, &lb[i], fail, &nf);
            push_int(cg, (int32_t)i);
            cg_op(cg, OP_ireturn);
            for (uint32_t f = 0; f < nf; f++) cg_bind(cg, fail[f]);
        }
        uint32_t end = cg_frame_here(cg);
        if (!cg->nomem) put_u4(cg->code.p + table, end - (uint32_t)op);
    }
    push_int(cg, (int32_t)n);
    cg_op(cg, OP_ireturn);
    cg_method_end(cg);
}

vm_status indy_switch_link(vm *vm, const indy_bsm *b, bool enum_switch, struct indy_site *s) {
    const cf_class *cf = b->cf;
    const cf_bootstrap *bs = b->bs;
    const char *why = NULL;
    vm_status st = VM_OK;
    uint8_t *bytes = NULL;
    size_t blen = 0;
    uint32_t n = bs->n_args;
    label *lb = vm_zalloc(vm->plat, (n ? n : 1) * sizeof *lb);
    sw_work *w = vm_zalloc(vm->plat, sizeof *w);
    if (w) cg_init(&w->cg, vm);
    if (!lb || !w) {
        st = rt_throw_oom(vm);
        goto done;
    }
    cg_class *cg = &w->cg;

    /* (T, int)int with T a reference type (an enum class for enumSwitch) */
    const char *d = b->desc;
    size_t t0 = d[0] == '(' ? indy_type_len(d + 1) : 0;
    if (!t0 || (d[1] != 'L' && d[1] != '[') || vm_strcmp(d + 1 + t0, "I)I") != 0 ||
        (enum_switch && d[1] != 'L')) {
        why = enum_switch ? "invocation type must be (an enum type, int)int"
                          : "invocation type must be (a reference type, int)int";
        goto bsm_fail;
    }
    if (enum_switch) {
        jclass *ec;
        if (rt_find_class_n(vm, d + 2, t0 - 2, &ec, NULL) != VM_OK) {
            st = VM_ERR_EXCEPTION;
            goto done;
        }
        if (!(ec->access & ACC_ENUM) || !ec->super ||
            vm_strcmp(ec->super->name, "java/lang/Enum") != 0) {
            why = "invocation type must be (an enum type, int)int";
            goto bsm_fail;
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        why = parse_label(vm, cf, bs->args[i], enum_switch, &lb[i]);
        if (why && !*why) {
            st = rt_throw_oom(vm);
            goto done;
        }
        if (why) goto bsm_fail;
    }
    if (!indy_class_name(vm, b->host, enum_switch ? "EnumSwitch" : "TypeSwitch", w->cname,
                         sizeof w->cname)) {
        why = "class name too long";
        goto bsm_fail;
    }
    gen_switch(cg, b->bname, d, lb, n);
    bytes = cg_finish(cg, w->cname, &blen);
    if (!bytes) {
        if (cg->nomem) st = rt_throw_oom(vm);
        else { why = "the generated class would be too large"; goto bsm_fail; }
        goto done;
    }
    jclass *gc;
    st = indy_define_class(vm, w->cname, bytes, blen, &gc);
    if (st != VM_OK) goto done;
    s->kind = INDY_CALL;
    s->call = rt_find_declared_method(gc, b->bname, d);
    if (!s->call) st = interp_throw_internal(vm, "SwitchBootstraps: generated method missing");
    goto done;
bsm_fail:
    st = indy_bsm_error(vm, b, why);
done:
    if (bytes) vm_free(vm->plat, bytes, blen);
    if (lb) {
        for (uint32_t i = 0; i < n; i++)
            if (lb[i].cls) vm_free(vm->plat, lb[i].cls, lb[i].cls_len + 1);
        vm_free(vm->plat, lb, (n ? n : 1) * sizeof *lb);
    }
    if (w) {
        cg_free(&w->cg);
        vm_free(vm->plat, w, sizeof *w);
    }
    return st;
}
