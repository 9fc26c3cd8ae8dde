/* indy_objmethods.c - java.lang.runtime.ObjectMethods.bootstrap: the
 * toString, hashCode and equals methods of records, which javac compiles
 * to invokedynamic with the record class, the component names ("x;y") and
 * a getter (REF_getField) per component.
 *
 * The call site becomes INDY_CALL of a static method of a generated class
 * (indy_classgen.c: the normal loader and verifier; the JIT compiles it),
 * named into the record's nest so that it may read the private fields.
 * The methods compute what the JDK's ObjectMethods computes:
 *   toString: "Name[x=1, y=2]" with the record's simple name and
 *             String.valueOf of each component (StringBuilder.append);
 *   hashCode: h = 0; for each component h = h * 31 + hash(c), where hash is
 *             the wrapper's static hashCode for primitives and
 *             Objects.hashCode for references;
 *   equals:   true if the same object; false unless an instance of the
 *             record; then the components are compared from the last to
 *             the first (the JDK nests guardWithTest that way): == for
 *             integral types, Float/Double.compare == 0, Objects.equals. */
#include "indy.h"
#include "indy_classgen.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"

#define MAX_COMPONENTS 255

typedef struct comp {
    const char *cls, *name, *desc;   /* the getter's field */
    const char *label;               /* in the names string */
    uint32_t label_len;
} comp;

static const char *wrapper_of(char t) {
    switch (t) {
    case 'Z': return "java/lang/Boolean"; case 'B': return "java/lang/Byte";
    case 'C': return "java/lang/Character"; case 'S': return "java/lang/Short";
    case 'I': return "java/lang/Integer"; case 'J': return "java/lang/Long";
    case 'F': return "java/lang/Float"; default: return "java/lang/Double";
    }
}

static void getfield(cg_class *cg, const comp *c) {
    cg_op_u2(cg, OP_getfield, cg_memberref(cg, CP_FIELDREF, c->cls, c->name, c->desc));
}

static void append(cg_class *cg, const char *desc) {
    cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/StringBuilder",
                                                "append", desc));
}

static void append_text(cg_class *cg, const char *s, size_t n) {
    cg_ldc(cg, cg_string(cg, s, n));
    append(cg, "(Ljava/lang/String;)Ljava/lang/StringBuilder;");
}

static void gen_tostring(cg_class *cg, const char *desc, const char *simple, size_t slen,
                         const char *rec, const comp *c, uint32_t n) {
    cg_method_begin(cg, ACC_STATIC, "toString", desc, 1, 5);
    cg_op_u2(cg, OP_new, cg_classref(cg, "java/lang/StringBuilder", 23));
    cg_op(cg, OP_dup);
    cg_op_u2(cg, OP_invokespecial, cg_memberref(cg, CP_METHODREF, "java/lang/StringBuilder",
                                                "<init>", "()V"));
    (void)rec;
    append_text(cg, simple, slen);
    append_text(cg, "[", 1);
    for (uint32_t i = 0; i < n; i++) {
        if (i) append_text(cg, ", ", 2);
        append_text(cg, c[i].label, c[i].label_len);
        append_text(cg, "=", 1);
        cg_op(cg, OP_aload_0);
        getfield(cg, &c[i]);
        switch (c[i].desc[0]) {
        case 'Z': append(cg, "(Z)Ljava/lang/StringBuilder;"); break;
        case 'C': append(cg, "(C)Ljava/lang/StringBuilder;"); break;
        case 'B': case 'S': case 'I': append(cg, "(I)Ljava/lang/StringBuilder;"); break;
        case 'J': append(cg, "(J)Ljava/lang/StringBuilder;"); break;
        case 'F': append(cg, "(F)Ljava/lang/StringBuilder;"); break;
        case 'D': append(cg, "(D)Ljava/lang/StringBuilder;"); break;
        default: append(cg, "(Ljava/lang/Object;)Ljava/lang/StringBuilder;"); break;
        }
    }
    append_text(cg, "]", 1);
    cg_op_u2(cg, OP_invokevirtual, cg_memberref(cg, CP_METHODREF, "java/lang/StringBuilder",
                                                "toString", "()Ljava/lang/String;"));
    cg_op(cg, OP_areturn);
    cg_method_end(cg);
}

static void gen_hashcode(cg_class *cg, const char *desc, const comp *c, uint32_t n) {
    cg_method_begin(cg, ACC_STATIC, "hashCode", desc, 1, 4);
    cg_op(cg, OP_iconst_0);
    for (uint32_t i = 0; i < n; i++) {
        cg_u1(cg, OP_bipush);
        cg_u1(cg, 31);
        cg_op(cg, OP_imul);
        cg_op(cg, OP_aload_0);
        getfield(cg, &c[i]);
        char t = c[i].desc[0];
        if (t == 'L' || t == '[') {
            cg_op_u2(cg, OP_invokestatic, cg_memberref(cg, CP_METHODREF, "java/util/Objects",
                                                       "hashCode", "(Ljava/lang/Object;)I"));
        } else {
            char d[8] = { '(', t, ')', 'I', 0 };
            cg_op_u2(cg, OP_invokestatic,
                     cg_memberref(cg, CP_METHODREF, wrapper_of(t), "hashCode", d));
        }
        cg_op(cg, OP_iadd);
    }
    cg_op(cg, OP_ireturn);
    cg_method_end(cg);
}

static void gen_equals(cg_class *cg, const char *desc, const char *rec, const comp *c,
                       uint32_t n, uint32_t *fail) {
    uint16_t rc = cg_classref(cg, rec, vm_strlen(rec));
    cg_method_begin(cg, ACC_STATIC, "equals", desc, 2, 6);
    cg_op(cg, OP_aload_0);
    cg_op(cg, OP_aload_1);
    uint32_t not_same = cg_branch(cg, OP_if_acmpne);
    cg_op(cg, OP_iconst_1);
    cg_op(cg, OP_ireturn);
    cg_bind(cg, not_same);
    cg_op(cg, OP_aload_1);
    cg_op_u2(cg, OP_instanceof, rc);
    uint32_t nf = 0;  /* fail: n + 1 labels */
    fail[nf++] = cg_branch(cg, OP_ifeq);
    for (uint32_t k = n; k-- > 0;) {
        const comp *ci = &c[k];
        char t = ci->desc[0];
        cg_op(cg, OP_aload_0);
        getfield(cg, ci);
        cg_op(cg, OP_aload_1);
        cg_op_u2(cg, OP_checkcast, rc);
        getfield(cg, ci);
        switch (t) {
        case 'J':
            cg_op(cg, OP_lcmp);
            fail[nf++] = cg_branch(cg, OP_ifne);
            break;
        case 'F':
            cg_op_u2(cg, OP_invokestatic, cg_memberref(cg, CP_METHODREF, "java/lang/Float",
                                                       "compare", "(FF)I"));
            fail[nf++] = cg_branch(cg, OP_ifne);
            break;
        case 'D':
            cg_op_u2(cg, OP_invokestatic, cg_memberref(cg, CP_METHODREF, "java/lang/Double",
                                                       "compare", "(DD)I"));
            fail[nf++] = cg_branch(cg, OP_ifne);
            break;
        case 'L': case '[':
            cg_op_u2(cg, OP_invokestatic,
                     cg_memberref(cg, CP_METHODREF, "java/util/Objects", "equals",
                                  "(Ljava/lang/Object;Ljava/lang/Object;)Z"));
            fail[nf++] = cg_branch(cg, OP_ifeq);
            break;
        default:
            fail[nf++] = cg_branch(cg, OP_if_icmpne);
            break;
        }
    }
    cg_op(cg, OP_iconst_1);
    cg_op(cg, OP_ireturn);
    /* all failures share one target (one frame) */
    for (uint32_t i = 0; i < nf; i++) cg_bind(cg, fail[i]);
    cg_op(cg, OP_iconst_0);
    cg_op(cg, OP_ireturn);
    cg_method_end(cg);
}

/* on the heap: the kernel's stack is small */
typedef struct om_work {
    cg_class cg;
    char cname[512];
    char want[300];
    uint32_t fail[MAX_COMPONENTS + 1];
} om_work;

vm_status indy_objmethods_link(vm *vm, const indy_bsm *b, struct indy_site *s) {
    const cf_class *cf = b->cf;
    const cf_bootstrap *bs = b->bs;
    const char *why = NULL;
    vm_status st = VM_OK;
    comp *c = NULL;
    uint32_t n = 0;
    uint8_t *bytes = NULL;
    size_t blen = 0;
    om_work *w = vm_zalloc(vm->plat, sizeof *w);
    if (!w) return rt_throw_oom(vm);
    cg_class *cg = &w->cg;
    char *cname = w->cname, *want = w->want;
    cg_init(cg, vm);

    if (bs->n_args < 2 || bs->n_args - 2u > MAX_COMPONENTS ||
        bs->args[0] >= cf->cp_count || cf->cp[bs->args[0]].tag != CP_CLASS ||
        bs->args[1] >= cf->cp_count || cf->cp[bs->args[1]].tag != CP_STRING) {
        why = "expected (Class, String, MethodHandle...) arguments";
        goto bsm_fail;
    }
    const char *rec = cf_class_name(cf, bs->args[0]);
    uint16_t nu = cf->cp[bs->args[1]].u.ref.a;
    const char *names = cf_utf8(cf, nu);
    uint32_t names_len = cf->cp[nu].u.utf8.len;
    n = bs->n_args - 2u;
    c = vm_zalloc(vm->plat, (n ? n : 1) * sizeof *c);
    if (!c) {
        st = rt_throw_oom(vm);
        goto done;
    }
    uint32_t pos = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t h = bs->args[2 + i];
        if (h >= cf->cp_count || cf->cp[h].tag != CP_METHOD_HANDLE || cf->cp[h].u.ref.a != 1 ||
            cf->cp[cf->cp[h].u.ref.b].tag != CP_FIELDREF) {
            why = "the component getters must be REF_getField method handles";
            goto bsm_fail;
        }
        cf_member_ref(cf, cf->cp[h].u.ref.b, &c[i].cls, &c[i].name, &c[i].desc);
        if (pos > names_len) { why = "fewer names than getters"; goto bsm_fail; }
        c[i].label = names + pos;
        uint32_t e = pos;
        while (e < names_len && names[e] != ';') e++;
        c[i].label_len = e - pos;
        pos = e + 1;
    }
    /* the record's simple name: after the last '/' and '$', without the
     * digits of a local class */
    const char *simple = rec;
    for (const char *p = rec; *p; p++)
        if (*p == '/' || *p == '$') simple = p + 1;
    while (*simple >= '0' && *simple <= '9') simple++;

    const char *what = b->name;
    if (vm_strcmp(what, "toString") == 0) {
        vm_snprintf(want, sizeof w->want, "(L%s;)Ljava/lang/String;", rec);
    } else if (vm_strcmp(what, "hashCode") == 0) {
        vm_snprintf(want, sizeof w->want, "(L%s;)I", rec);
    } else if (vm_strcmp(what, "equals") == 0) {
        vm_snprintf(want, sizeof w->want, "(L%s;Ljava/lang/Object;)Z", rec);
    } else {
        why = "unknown method name (toString, hashCode or equals)";
        goto bsm_fail;
    }
    if (vm_strcmp(want, b->desc) != 0) {
        why = "call site type does not match the record";
        goto bsm_fail;
    }
    if (!indy_class_name(vm, b->host, "ObjectMethods", cname, sizeof w->cname)) {
        why = "class name too long";
        goto bsm_fail;
    }
    if (what[0] == 't') gen_tostring(cg, b->desc, simple, vm_strlen(simple), rec, c, n);
    else if (what[0] == 'h') gen_hashcode(cg, b->desc, c, n);
    else gen_equals(cg, b->desc, rec, c, n, w->fail);
    bytes = cg_finish(cg, cname, &blen);
    if (!bytes) {
        if (cg->nomem) st = rt_throw_oom(vm);
        else { why = "the generated class would be too large"; goto bsm_fail; }
        goto done;
    }
    jclass *gc;
    st = indy_define_class(vm, cname, bytes, blen, &gc);
    if (st != VM_OK) goto done;
    s->kind = INDY_CALL;
    s->call = rt_find_declared_method(gc, what, b->desc);
    if (!s->call) st = interp_throw_internal(vm, "ObjectMethods: generated method missing");
    goto done;
bsm_fail:
    st = indy_bsm_error(vm, b, why);
done:
    if (bytes) vm_free(vm->plat, bytes, blen);
    if (c) vm_free(vm->plat, c, (n ? n : 1) * sizeof *c);
    cg_free(cg);
    vm_free(vm->plat, w, sizeof *w);
    return st;
}
