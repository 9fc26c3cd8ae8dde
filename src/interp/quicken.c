/* quicken.c - the slow path of every constant-pool instruction: resolution
 * (runtime/resolve.h, cached in cls->cp_cache), class initialisation where
 * JVMS 5.5 requires it (new, getstatic, putstatic, invokestatic), and the
 * rewrite of the opcode in jmethod.qcode to its quick form.
 *
 * A quick form does no resolution work: it reads the resolved jfield /
 * jmethod / jclass / String straight from cp_cache (or the method's side
 * table).  Forms that would skip the class-initialisation check are only
 * written once the class is CLS_INITIALIZED; until then the slow path runs
 * again each time (it is cheap: resolution is cached) and hands the quick
 * handler the work without rewriting.
 */
#include "interp_internal.h"
#include "../core/mem.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/resolve.h"

static inline uint16_t u2at(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }

static vm_status cache_mismatch(vm *vm) {
    return interp_throw_internal(vm, "cp_cache does not hold the resolved entry");
}

static bool is_interface(const jclass *c) {
    return c->kind == KIND_INSTANCE && (c->access & ACC_INTERFACE);
}

static vm_status icce(vm *vm, const char *what, const jmethod *rm) {
    char cname[256];
    interp_class_name(rm->owner, cname, sizeof cname);
    return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                    "Expected %s method '%s.%s%s'", what, cname, rm->name, rm->desc);
}

/* ---- fields --------------------------------------------------------------- */

static int field_op(int base, char type) {
    /* base is one of OP_getfield_i, OP_putfield_i, OP_getstatic_i,
     * OP_putstatic_i; each family is i j l x (x: byte boolean char short) */
    switch (type) {
    case 'I': case 'F': return base;
    case 'J': case 'D': return base + 1;
    case 'L': case '[': return base + 2;
    case 'B': case 'Z': case 'C': case 'S': return base + 3;
    default: return -1;
    }
}

static vm_status link_field(vm *vm, jmethod *m, uint32_t pc, uint8_t opc, int *op) {
    uint8_t *code = m->qcode;
    jclass *cls = m->owner;
    uint16_t idx = u2at(code + pc + 1);
    bool is_static = opc == OP_getstatic || opc == OP_putstatic;
    jfield *f;
    vm_status st = rt_resolve_field(vm, cls, idx, is_static, &f);
    if (st != VM_OK) return st;
    if (cls->cp_cache[idx] != (void *)f) return cache_mismatch(vm);
    int base = opc == OP_getfield ? OP_getfield_i : opc == OP_putfield ? OP_putfield_i
             : opc == OP_getstatic ? OP_getstatic_i : OP_putstatic_i;
    int q = field_op(base, f->type);
    if (q < 0) return interp_throw_internal(vm, "field with a bad descriptor");
    bool permanent = true;
    if (is_static) {
        jclass *owner = f->owner;
        if (rt_class_needs_init(owner)) {
            st = rt_init_class(vm, owner);
            if (st != VM_OK) return st;
        }
        /* during the owner's own <clinit> the check must stay */
        permanent = owner->state == CLS_INITIALIZED;
        if (!owner->statics && owner->statics_size)
            return interp_throw_internal(vm, "static storage missing");
    }
    if (permanent) code[pc] = (uint8_t)q;
    *op = q;
    return VM_OK;
}

/* ---- invocations ------------------------------------------------------------ */

static vm_status link_invokevirtual(vm *vm, jmethod *m, uint32_t pc, int *op) {
    uint8_t *code = m->qcode;
    uint16_t idx = u2at(code + pc + 1);
    jmethod *rm;
    vm_status st = rt_resolve_method(vm, m->owner, idx, &rm);
    if (st != VM_OK) return st;
    if (m->owner->cp_cache[idx] != (void *)rm) return cache_mismatch(vm);
    if (rm->access & ACC_STATIC) return icce(vm, "instance not static", rm);
    int q;
    if (!is_interface(rm->owner) &&
        ((rm->access & (ACC_PRIVATE | ACC_FINAL)) || (rm->owner->access & ACC_FINAL)))
        q = OP_invokevirtual_direct;
    else if (!is_interface(rm->owner) && rm->vtable_index >= 0)
        q = OP_invokevirtual_quick;
    else
        q = OP_invokevirtual_dispatch;
    code[pc] = (uint8_t)q;
    *op = q;
    return VM_OK;
}

static bool is_proper_superclass(const jclass *sup, const jclass *c) {
    for (const jclass *k = c->super; k; k = k->super)
        if (k == sup) return true;
    return false;
}

static vm_status link_invokespecial(vm *vm, jmethod *m, uint32_t pc, int *op,
                                    jmethod **callee) {
    uint8_t *code = m->qcode;
    jclass *cls = m->owner;
    uint16_t idx = u2at(code + pc + 1);
    jmethod *rm;
    vm_status st = rt_resolve_method(vm, cls, idx, &rm);
    if (st != VM_OK) return st;
    if (cls->cp_cache[idx] != (void *)rm) return cache_mismatch(vm);
    if (rm->access & ACC_STATIC) return icce(vm, "instance not static", rm);
    jmethod *sel = rm;
    if (vm_strcmp(rm->name, "<init>") != 0 && (cls->access & ACC_SUPER)) {
        /* JVMS 6.5 invokespecial: a call naming a superclass of the current
         * class selects from the current class's direct superclass up */
        jclass *rc;
        uint16_t cidx = cls->cf->cp[idx].u.ref.a;
        st = rt_resolve_class(vm, cls, cidx, &rc);
        if (st != VM_OK) return st;
        if (!is_interface(rc) && is_proper_superclass(rc, cls) && cls->super) {
            sel = rt_find_method(cls->super, rm->name, rm->desc);
            if (!sel) sel = rm;
        }
    }
    if (sel == rm) {
        code[pc] = OP_invokespecial_quick;
        *op = OP_invokespecial_quick;
    } else {
        /* rare (the class file predates an override in between): the
         * selection runs again at each execution */
        *op = -1;
        *callee = sel;
    }
    return VM_OK;
}

static vm_status link_invokestatic(vm *vm, jmethod *m, uint32_t pc, int *op) {
    uint8_t *code = m->qcode;
    uint16_t idx = u2at(code + pc + 1);
    jmethod *rm;
    vm_status st = rt_resolve_method(vm, m->owner, idx, &rm);
    if (st != VM_OK) return st;
    if (m->owner->cp_cache[idx] != (void *)rm) return cache_mismatch(vm);
    if (!(rm->access & ACC_STATIC)) return icce(vm, "static", rm);
    if (rt_class_needs_init(rm->owner)) {
        st = rt_init_class(vm, rm->owner);
        if (st != VM_OK) return st;
    }
    if (rm->owner->state == CLS_INITIALIZED) code[pc] = OP_invokestatic_quick;
    *op = OP_invokestatic_quick;
    return VM_OK;
}

static vm_status link_invokeinterface(vm *vm, jmethod *m, uint32_t pc, jvalue *sp,
                                      int *op, jmethod **callee) {
    uint8_t *code = m->qcode;
    uint16_t idx = u2at(code + pc + 1);
    jmethod *im;
    vm_status st = rt_resolve_method(vm, m->owner, idx, &im);
    if (st != VM_OK) return st;
    if (m->owner->cp_cache[idx] != (void *)im) return cache_mismatch(vm);
    if (im->access & ACC_STATIC) return icce(vm, "instance not static", im);
    if (im->access & ACC_PRIVATE) {
        code[pc] = OP_invokeinterface_direct;
        *op = OP_invokeinterface_direct;
        return VM_OK;
    }
    uint32_t site;
    if (interp_add_site(vm, m, pc, SITE_IFACE, NULL, NULL, &site) == VM_OK) {
        code[pc + 3] = (uint8_t)(site >> 8);
        code[pc + 4] = (uint8_t)site;
        code[pc] = OP_invokeinterface_quick;
        *op = OP_invokeinterface_quick;
        return VM_OK;
    }
    /* no memory for the inline cache: dispatch this once, unquickened */
    jobject *recv = sp[-(int32_t)im->arg_slots].l;
    if (!recv) return interp_throw_npe(vm);
    jmethod *t = rt_dispatch_interface(recv->cls, im);
    if (!t) {
        char a[256], b[256];
        interp_class_name(recv->cls, a, sizeof a);
        interp_class_name(im->owner, b, sizeof b);
        return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                        "Class %s does not implement the requested interface %s", a, b);
    }
    *op = -1;
    *callee = t;
    return VM_OK;
}

static vm_status link_invokedynamic(vm *vm, jmethod *m, uint32_t pc, int *op) {
    uint8_t *code = m->qcode;
    struct indy_site *s;
    uint32_t site;
    vm_status st = indy_site_at(vm, m, pc, &s, &site);
    if (st != VM_OK) return st;
    code[pc + 3] = (uint8_t)(site >> 8);
    code[pc + 4] = (uint8_t)site;
    code[pc] = OP_invokedynamic_quick;
    *op = OP_invokedynamic_quick;
    return VM_OK;
}

/* ---- classes -------------------------------------------------------------- */

static vm_status link_class_insn(vm *vm, jmethod *m, uint32_t pc, uint8_t opc, int *op) {
    uint8_t *code = m->qcode;
    jclass *cls = m->owner;
    uint16_t idx = u2at(code + pc + 1);
    jclass *c;
    vm_status st = rt_resolve_class(vm, cls, idx, &c);
    if (st != VM_OK) return st;
    if (cls->cp_cache[idx] != (void *)c) return cache_mismatch(vm);
    switch (opc) {
    case OP_new: {
        if (c->kind != KIND_INSTANCE || (c->access & (ACC_INTERFACE | ACC_ABSTRACT))) {
            char name[256];
            interp_class_name(c, name, sizeof name);
            return rt_throw(vm, "java/lang/InstantiationError", "%s", name);
        }
        if (rt_class_needs_init(c)) {
            st = rt_init_class(vm, c);
            if (st != VM_OK) return st;
        }
        if (c->state == CLS_INITIALIZED) code[pc] = OP_new_quick;
        *op = OP_new_quick;
        return VM_OK;
    }
    case OP_anewarray: {
        /* the quick form reads c->array_class (set by rt_array_class_of) */
        jclass *ac;
        st = rt_array_class_of(vm, c, &ac);
        if (st != VM_OK) return st;
        if (c->array_class != ac) return cache_mismatch(vm);
        code[pc] = OP_anewarray_quick;
        *op = OP_anewarray_quick;
        return VM_OK;
    }
    case OP_checkcast:
        code[pc] = OP_checkcast_quick;
        *op = OP_checkcast_quick;
        return VM_OK;
    case OP_instanceof:
        code[pc] = OP_instanceof_quick;
        *op = OP_instanceof_quick;
        return VM_OK;
    case OP_multianewarray: {
        uint32_t dims = code[pc + 3];
        jclass *k = c;
        for (uint32_t i = 0; i < dims; i++) {
            if (!k || k->kind != KIND_ARRAY)
                return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                                "multianewarray: %u dimensions exceed the array class",
                                (unsigned)dims);
            k = k->component;
        }
        if (dims == 0) return interp_throw_internal(vm, "multianewarray: zero dimensions");
        code[pc] = OP_multianewarray_quick;
        *op = OP_multianewarray_quick;
        return VM_OK;
    }
    default:
        return interp_throw_internal(vm, "link_class_insn: unexpected opcode");
    }
}

/* ---- ldc ------------------------------------------------------------------------ */

static vm_status link_ldc(vm *vm, jmethod *m, uint32_t pc, uint8_t opc, int *op) {
    uint8_t *code = m->qcode;
    jclass *cls = m->owner;
    bool wide = opc == OP_ldc_w;
    uint16_t idx = wide ? u2at(code + pc + 1) : code[pc + 1];
    const cf_class *cf = cls->cf;
    if (!cf || idx == 0 || idx >= cf->cp_count)
        return interp_throw_internal(vm, "ldc: bad constant-pool index");
    int q;
    vm_status st;
    switch (cf->cp[idx].tag) {
    case CP_INTEGER:
    case CP_FLOAT:
        q = wide ? OP_ldc_w_i : OP_ldc_i;
        break;
    case CP_STRING: {
        jobject *s;
        st = rt_resolve_string(vm, cls, idx, &s);
        if (st != VM_OK) return st;
        if (cls->cp_cache[idx] != (void *)s) return cache_mismatch(vm);
        q = wide ? OP_ldc_w_s : OP_ldc_s;
        break;
    }
    case CP_CLASS: {
        jclass *c;
        st = rt_resolve_class(vm, cls, idx, &c);
        if (st != VM_OK) return st;
        if (cls->cp_cache[idx] != (void *)c) return cache_mismatch(vm);
        q = wide ? OP_ldc_w_c : OP_ldc_c;
        break;
    }
    case CP_METHOD_TYPE:
    case CP_METHOD_HANDLE:
        return rt_throw(vm, "java/lang/UnsupportedOperationException",
                        "ldc of a %s constant is not supported by vifvm",
                        cf->cp[idx].tag == CP_METHOD_TYPE ? "MethodType" : "MethodHandle");
    case CP_DYNAMIC:
        return rt_throw(vm, "java/lang/BootstrapMethodError",
                        "dynamically-computed constants (ldc of CONSTANT_Dynamic) are "
                        "not supported by vifvm");
    default:
        return interp_throw_internal(vm, "ldc: constant of an unloadable kind");
    }
    code[pc] = (uint8_t)q;
    *op = q;
    return VM_OK;
}

/* ---- entry ---------------------------------------------------------------------- */

vm_status interp_link(vm *vm, jframe *fr, jvalue *sp, int *op, jmethod **callee) {
    jmethod *m = fr->method;
    uint32_t pc = fr->pc;
    uint8_t opc = m->qcode[pc];
    *op = -1;
    *callee = NULL;
    if (!m->owner->cp_cache) return interp_throw_internal(vm, "class has no cp_cache");
    switch (opc) {
    case OP_getfield: case OP_putfield: case OP_getstatic: case OP_putstatic:
        return link_field(vm, m, pc, opc, op);
    case OP_invokevirtual:
        return link_invokevirtual(vm, m, pc, op);
    case OP_invokespecial:
        return link_invokespecial(vm, m, pc, op, callee);
    case OP_invokestatic:
        return link_invokestatic(vm, m, pc, op);
    case OP_invokeinterface:
        return link_invokeinterface(vm, m, pc, sp, op, callee);
    case OP_invokedynamic:
        return link_invokedynamic(vm, m, pc, op);
    case OP_new: case OP_anewarray: case OP_checkcast: case OP_instanceof:
    case OP_multianewarray:
        return link_class_insn(vm, m, pc, opc, op);
    case OP_ldc: case OP_ldc_w:
        return link_ldc(vm, m, pc, opc, op);
    default:
        return interp_throw_illegal(vm, m, pc, opc);
    }
}
