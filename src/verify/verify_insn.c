/* verify_insn.c - the type rules of every instruction (JVMS 4.10.1.9),
 * shared by type checking and type inference: operand types popped and
 * pushed, local variable types, operand stack bounds, field and method
 * descriptors at get/put/invoke, uninitialised objects (new, invokespecial
 * <init>, flagThisUninit), returns against the method descriptor,
 * invokespecial targets and the protected-access rule (JVMS 4.10.1.8,
 * simplified: see README.md).  Branch targets are handed to x->branch. */
#include "verify_internal.h"
#include "../core/mem.h"
#include "../core/fmt.h"

static inline uint32_t u16at(const uint8_t *c, uint32_t p) {
    return (uint32_t)c[p] << 8 | c[p + 1];
}
static inline int32_t s32at(const uint8_t *c, uint32_t p) {
    return (int32_t)((uint32_t)c[p] << 24 | (uint32_t)c[p + 1] << 16 |
                     (uint32_t)c[p + 2] << 8 | c[p + 3]);
}

/* ------------------------------------------------------------ messages */

/* Message builders are kept out of line: their buffers must not sit in
 * the frames that are live while a class loads (loading may verify other
 * classes, recursively). */
static __attribute__((noinline)) vm_status mismatch(vctx *x, const char *want, vtype found) {
    char f[300];
    vx_type_name(x, found, f, sizeof f);
    return vx_fail(x, "expected %s, found %s", want, f);
}

static vm_status underflow(vctx *x, const char *want) {
    return vx_fail(x, "operand stack underflow: expected %s, found an empty stack", want);
}

static __attribute__((noinline)) vm_status mismatch_t(vctx *x, vtype want, vtype found) {
    char w[300];
    vx_type_name(x, want, w, sizeof w);
    return mismatch(x, w, found);
}

static __attribute__((noinline)) vm_status underflow_t(vctx *x, vtype want) {
    char w[300];
    vx_type_name(x, want, w, sizeof w);
    return underflow(x, w);
}

static const char *prim_name(vtype t) {
    switch (t) {
    case VT_INT: return "int";
    case VT_FLOAT: return "float";
    case VT_LONG: return "long";
    case VT_DOUBLE: return "double";
    default: return "?";
    }
}

/* ------------------------------------------------------ stack and locals */

static vm_status push(vctx *x, vtype t) {
    if (x->sp >= x->nstk)
        return vx_fail(x, "operand stack overflow (max_stack %u)", (unsigned)x->nstk);
    x->stk[x->sp++] = t;
    return VM_OK;
}

static vm_status push_t(vctx *x, vtype t) { /* any type, two slots for long/double */
    vm_status st = push(x, t);
    if (st == VM_OK && (t == VT_LONG || t == VT_DOUBLE)) st = push(x, t + 2);
    return st;
}

/* Pop one value of primitive type t (INT, FLOAT, LONG, DOUBLE). */
static vm_status pop_p(vctx *x, vtype t) {
    const char *w = prim_name(t);
    if (t == VT_LONG || t == VT_DOUBLE) {
        if (x->sp < 2) return x->sp ? mismatch(x, w, x->stk[x->sp - 1]) : underflow(x, w);
        if (x->stk[x->sp - 1] != t + 2 || x->stk[x->sp - 2] != t)
            return mismatch(x, w, x->stk[x->sp - 1] == t + 2 ? x->stk[x->sp - 2]
                                                                : x->stk[x->sp - 1]);
        x->sp -= 2;
        return VM_OK;
    }
    if (!x->sp) return underflow(x, w);
    if (x->stk[x->sp - 1] != t) return mismatch(x, w, x->stk[x->sp - 1]);
    x->sp--;
    return VM_OK;
}

/* Pop a value assignable to `want` (any type: a REF is checked for
 * assignability, a primitive must match). */
static vm_status pop_t(vctx *x, vtype want) {
    if (VT_TAG(want) != VT_REF) return pop_p(x, want);
    if (!x->sp) return underflow_t(x, want);
    vtype f = x->stk[x->sp - 1];
    vm_status st = VM_OK;
    int r = vx_assignable(x, f, want, &st);
    if (r < 0) return st;
    if (!r) return mismatch_t(x, want, f);
    x->sp--;
    return VM_OK;
}

/* Pop any reference (null, class or array, initialised unless uninit_ok). */
static vm_status pop_ref(vctx *x, bool uninit_ok, vtype *out) {
    if (!x->sp) return underflow(x, "reference");
    vtype f = x->stk[x->sp - 1];
    unsigned g = VT_TAG(f);
    if (!(g == VT_REF || g == VT_NULL || (uninit_ok && (g == VT_UTHIS || g == VT_UNINIT))))
        return mismatch(x, uninit_ok ? "reference" : "initialized reference", f);
    x->sp--;
    if (out) *out = f;
    return VM_OK;
}

/* Pop an array reference (or null). */
static vm_status pop_array(vctx *x, vtype *out) {
    if (!x->sp) return underflow(x, "array reference");
    vtype f = x->stk[x->sp - 1];
    if (!(VT_TAG(f) == VT_NULL ||
          (VT_TAG(f) == VT_REF && x->names[VT_ARG(f)].s[0] == '[')))
        return mismatch(x, "array reference", f);
    x->sp--;
    *out = f;
    return VM_OK;
}

static vm_status check_local(vctx *x, uint32_t i, uint32_t width) {
    if (i + width > x->nloc)
        return vx_fail(x, "local variable index %u out of range (max_locals %u)",
                       (unsigned)(i + width - 1), (unsigned)x->nloc);
    return VM_OK;
}

static vm_status load(vctx *x, uint32_t i, vtype t) {
    vm_status st = check_local(x, i, (t == VT_LONG || t == VT_DOUBLE) ? 2 : 1);
    if (st != VM_OK) return st;
    vtype v = x->loc[i];
    char w[80];
    if (t == VT_REF) { /* aload: any reference, initialised or not */
        if (!vt_is_ref(v)) {
            vm_snprintf(w, sizeof w, "reference in local %u", (unsigned)i);
            return mismatch(x, w, v);
        }
        return push(x, v);
    }
    if (v != t || ((t == VT_LONG || t == VT_DOUBLE) && x->loc[i + 1] != t + 2)) {
        vm_snprintf(w, sizeof w, "%s in local %u", prim_name(t), (unsigned)i);
        return mismatch(x, w, v);
    }
    return push_t(x, t);
}

/* Store v (one or two slots) into local i, killing the long/double pairs
 * it overwrites half of. */
static vm_status set_local(vctx *x, uint32_t i, vtype v) {
    bool two = v == VT_LONG || v == VT_DOUBLE;
    vm_status st = check_local(x, i, two ? 2 : 1);
    if (st != VM_OK) return st;
    if (i > 0 && (x->loc[i - 1] == VT_LONG || x->loc[i - 1] == VT_DOUBLE))
        x->loc[i - 1] = VT_TOP;
    uint32_t last = i + (two ? 1 : 0);
    if (last + 1 < x->nloc && (x->loc[last + 1] == VT_LONG2 || x->loc[last + 1] == VT_DOUBLE2))
        x->loc[last + 1] = VT_TOP;
    x->loc[i] = v;
    if (two) x->loc[i + 1] = v + 2;
    return VM_OK;
}

static vm_status store(vctx *x, uint32_t i, vtype t) {
    vm_status st;
    if (t == VT_REF) {
        vtype v = VT_TOP;
        if ((st = pop_ref(x, true, &v)) != VM_OK) return st;
        return set_local(x, i, v);
    }
    if ((st = pop_p(x, t)) != VM_OK) return st;
    return set_local(x, i, t);
}

/* The slot group of the top n slots must not start inside a long/double. */
static vm_status need_slots(vctx *x, uint32_t n, const char *op) {
    if (x->sp < n)
        return vx_fail(x, "operand stack underflow: %s needs %u stack slots, found %u", op,
                       (unsigned)n, (unsigned)x->sp);
    vtype b = x->stk[x->sp - n];
    if (b == VT_LONG2 || b == VT_DOUBLE2)
        return vx_fail(x, "%s would split a long or double on the operand stack", op);
    return VM_OK;
}

/* Stack shuffles: take the top `take` slots (groups checked at the given
 * boundaries), push them back in the order of `perm` (indexes from the
 * deepest taken slot). */
static vm_status shuffle(vctx *x, const char *op, uint32_t take, const uint32_t *bounds,
                         uint32_t nb, const uint8_t *perm, uint32_t np) {
    for (uint32_t i = 0; i < nb; i++) {
        vm_status st = need_slots(x, bounds[i], op);
        if (st != VM_OK) return st;
    }
    vtype tmp[4];
    for (uint32_t i = 0; i < take; i++) tmp[i] = x->stk[x->sp - take + i];
    x->sp -= take;
    for (uint32_t i = 0; i < np; i++) {
        vm_status st = push(x, tmp[perm[i]]);
        if (st != VM_OK) return st;
    }
    return VM_OK;
}

/* Replace every occurrence of `from` in locals and stack by `to` (the
 * caller accounts the work). */
static void replace_all(vctx *x, vtype from, vtype to) {
    for (uint32_t i = 0; i < x->nloc; i++)
        if (x->loc[i] == from) x->loc[i] = to;
    for (uint32_t i = 0; i < x->sp; i++)
        if (x->stk[i] == from) x->stk[i] = to;
}

/* ---------------------------------------------------------- branches */

static vm_status branch_to(vctx *x, int64_t off) {
    int64_t t = (int64_t)x->pc + off;
    if (t < 0 || t >= (int64_t)x->code->code_len)
        return vx_fail(x, "branch target %lld outside the code", (long long)t);
    return x->branch(x, (uint32_t)t);
}

static vm_status do_switch(vctx *x, uint8_t op) {
    const uint8_t *c = x->code->code;
    uint32_t p = (x->pc + 4u) & ~3u;
    vm_status st = pop_p(x, VT_INT);
    if (st != VM_OK) return st;
    if ((st = branch_to(x, s32at(c, p))) != VM_OK) return st;
    if (op == 170) {
        int64_t lo = s32at(c, p + 4), hi = s32at(c, p + 8);
        for (int64_t i = 0; i <= hi - lo; i++)
            if ((st = branch_to(x, s32at(c, p + 12 + (uint32_t)i * 4u))) != VM_OK) return st;
    } else {
        int32_t n = s32at(c, p + 4);
        int64_t prev = 0;
        for (int32_t i = 0; i < n; i++) {
            int64_t key = s32at(c, p + 8 + (uint32_t)i * 8u);
            if (i > 0 && key <= prev) return vx_fail(x, "lookupswitch keys not sorted");
            prev = key;
            if ((st = branch_to(x, s32at(c, p + 12 + (uint32_t)i * 8u))) != VM_OK) return st;
        }
    }
    return VM_OK;
}

/* ----------------------------------------------------------- members */

static bool name_is(const vctx *x, uint32_t n, const char *s) {
    const vname *v = &x->names[n];
    return vm_strlen(s) == v->len && vm_memcmp(v->s, s, v->len) == 0;
}

static __attribute__((noinline)) vm_status
protected_error(vctx *x, const char *name, bool field, const jclass *owner, vtype recv) {
    char w[300];
    vm_snprintf(w, sizeof w, "reference %s (protected %s %s of %s accessed from another package)",
                x->cls->name, field ? "field" : "method", name, owner->name);
    return mismatch(x, w, recv);
}

/* JVMS 4.10.1.8 (simplified): a protected member of a superclass in
 * another runtime package, accessed through getfield/putfield/
 * invokevirtual/invokespecial, needs a receiver assignable to the current
 * class. */
static vm_status protected_check(vctx *x, uint32_t cname, const char *name,
                                 const char *desc, bool field, vtype recv) {
    if (cname == x->n_this) return VM_OK;
    jclass *sup = vx_superclass_named(x, cname);
    if (!sup || vx_same_package(sup, x->cls)) return VM_OK;
    uint16_t acc;
    const jclass *owner;
    if (field) {
        jfield *f = rt_find_field(sup, name, desc);
        if (!f) return VM_OK; /* resolution raises NoSuchFieldError */
        acc = f->access;
        owner = f->owner;
    } else {
        jmethod *m = rt_find_method(sup, name, desc);
        if (!m) return VM_OK;
        acc = m->access;
        owner = m->owner;
    }
    if (!(acc & ACC_PROTECTED) || (acc & ACC_STATIC) || vx_same_package(owner, x->cls))
        return VM_OK;
    vm_status st = VM_OK;
    int r = vx_assignable(x, recv, VT_MK(VT_REF, x->n_this), &st);
    if (r < 0) return st;
    if (!r) return protected_error(x, name, field, owner, recv);
    return VM_OK;
}

static vm_status do_field(vctx *x, uint8_t op, uint16_t idx) {
    const cf_class *cf = x->cf;
    if (cf->cp[idx].tag != CP_FIELDREF) return vx_fail(x, "constant %u is not a field", idx);
    const char *cn, *name, *desc;
    cf_member_ref(cf, idx, &cn, &name, &desc);
    uint32_t cname = vx_cp_class(x, cf->cp[idx].u.ref.a);
    if (cname == UINT32_MAX) return vx_nomem(x);
    vtype ft;
    const char *p = desc;
    vm_status st = vx_parse_type(x, &p, &ft);
    if (st != VM_OK) return st;
    vtype obj = VT_MK(VT_REF, cname);
    switch (op) {
    case 178: /* getstatic */
        return push_t(x, ft);
    case 179: /* putstatic */
        return pop_t(x, ft);
    case 180: { /* getfield */
        vtype recv = x->sp ? x->stk[x->sp - 1] : VT_TOP;
        if ((st = pop_t(x, obj)) != VM_OK) return st;
        if ((st = protected_check(x, cname, name, desc, true, recv)) != VM_OK) return st;
        return push_t(x, ft);
    }
    default: { /* putfield */
        if ((st = pop_t(x, ft)) != VM_OK) return st;
        if (x->sp && x->stk[x->sp - 1] == VT_UTHIS) {
            /* before super(): only this class's own fields (JVMS 4.10.1.9) */
            if (cname != x->n_this)
                return vx_fail(x, "putfield on uninitializedThis of a field of %s, not of %s",
                               cn, x->cls->name);
            bool own = false;
            for (uint16_t i = 0; i < cf->n_fields && !own; i++)
                own = !(cf->fields[i].access & ACC_STATIC) &&
                      vm_strcmp(cf->fields[i].name, name) == 0 &&
                      vm_strcmp(cf->fields[i].desc, desc) == 0;
            if (!own)
                return vx_fail(x, "putfield on uninitializedThis of field %s not declared in %s",
                               name, x->cls->name);
            x->sp--;
            return VM_OK;
        }
        vtype recv = x->sp ? x->stk[x->sp - 1] : VT_TOP;
        if ((st = pop_t(x, obj)) != VM_OK) return st;
        return protected_check(x, cname, name, desc, true, recv);
    }
    }
}

/* Pop the arguments of a method descriptor: they are the top
 * cf_desc_arg_slots(desc) slots, checked first to last. */
static vm_status pop_args(vctx *x, const char *desc, vtype *ret) {
    int slots = cf_desc_arg_slots(desc);
    if (slots < 0) return vx_fail(x, "bad method descriptor %s", desc);
    if ((uint32_t)slots > x->sp)
        return vx_fail(x, "operand stack underflow: %s needs %d argument slots, found %u",
                       desc, slots, (unsigned)x->sp);
    uint32_t base = x->sp - (uint32_t)slots, at = base;
    const char *p = desc + 1;
    vm_status st;
    while (*p != ')') {
        vtype t;
        if ((st = vx_parse_type(x, &p, &t)) != VM_OK) return st;
        at += (t == VT_LONG || t == VT_DOUBLE) ? 2 : 1;
        x->sp = at;                   /* this argument on top */
        if ((st = pop_t(x, t)) != VM_OK) return st;
    }
    x->sp = base;
    p++;
    if (*p == 'V') *ret = VT_TOP;
    else if ((st = vx_parse_type(x, &p, ret)) != VM_OK) return st;
    return VM_OK;
}

static vm_status invoke_init(vctx *x, uint32_t cname, const char *cn) {
    if (!x->sp) return underflow(x, "uninitialized object");
    vtype r = x->stk[x->sp - 1];
    x->sp--;
    vtype done;
    if (r == VT_UTHIS) {
        bool ok = cname == x->n_this ||
                  (x->cls->super && name_is(x, cname, x->cls->super->name));
        if (!ok)
            return vx_fail(x, "bad invokespecial target: <init> of %s on uninitializedThis "
                              "(must be %s or its direct superclass)", cn, x->cls->name);
        done = VT_MK(VT_REF, x->n_this);
        x->this_uninit = false;
    } else if (VT_TAG(r) == VT_UNINIT) {
        uint32_t at = VT_ARG(r);
        uint32_t nc = vx_cp_class(x, (uint16_t)u16at(x->code->code, at + 1));
        if (nc == UINT32_MAX) return vx_nomem(x);
        if (nc != cname)
            return vx_fail(x, "bad invokespecial target: <init> of %s on an object created "
                              "as %s (new at offset %u)", cn, x->names[nc].s, (unsigned)at);
        done = VT_MK(VT_REF, nc);
    } else {
        return mismatch(x, "uninitialized object (invokespecial <init>)", r);
    }
    vm_status st = vx_spend(x, x->nloc + x->sp);
    if (st != VM_OK) return st;
    replace_all(x, r, done);
    return VM_OK;
}

static vm_status do_invoke(vctx *x, uint8_t op, uint16_t idx) {
    const cf_class *cf = x->cf;
    uint8_t tag = cf->cp[idx].tag;
    const char *cn = NULL, *name, *desc;
    uint32_t cname = 0;
    vm_status st;
    if (op == 186) {
        if (tag != CP_INVOKE_DYNAMIC) return vx_fail(x, "constant %u is not invokedynamic", idx);
        cf_name_and_type(cf, cf->cp[idx].u.ref.b, &name, &desc);
    } else {
        bool iface = tag == CP_INTERFACE_METHODREF;
        if (tag != CP_METHODREF && !iface)
            return vx_fail(x, "constant %u is not a method", idx);
        if (op == 185 && !iface)
            return vx_fail(x, "invokeinterface of a class method");
        if (op == 182 && iface)
            return vx_fail(x, "invokevirtual of an interface method");
        cf_member_ref(cf, idx, &cn, &name, &desc);
        cname = vx_cp_class(x, cf->cp[idx].u.ref.a);
        if (cname == UINT32_MAX) return vx_nomem(x);
    }
    if (desc[0] != '(') return vx_fail(x, "bad method descriptor %s", desc);
    bool init = vm_strcmp(name, "<init>") == 0;
    if (name[0] == '<' && !(init && op == 183))
        return vx_fail(x, "illegal call to %s with %s", name, cf_opcode_name(op));
    vtype ret;
    if ((st = pop_args(x, desc, &ret)) != VM_OK) return st;
    if (op == 183 && init) {
        if (ret != VT_TOP) return vx_fail(x, "<init> must return void");
        if ((st = invoke_init(x, cname, cn)) != VM_OK) return st;
    } else if (op == 183) {
        /* invokespecial: this class, a superclass, or a direct superinterface */
        bool ok = cname == x->n_this || vx_superclass_named(x, cname) != NULL;
        for (uint16_t i = 0; !ok && i < x->cls->n_interfaces; i++)
            ok = name_is(x, cname, x->cls->interfaces[i]->name);
        if (!ok)
            return vx_fail(x, "bad invokespecial target: %s.%s%s is not in %s, a superclass "
                              "or a direct superinterface", cn, name, desc, x->cls->name);
        vtype recv = x->sp ? x->stk[x->sp - 1] : VT_TOP;
        if ((st = pop_t(x, VT_MK(VT_REF, x->n_this))) != VM_OK) return st;
        if ((st = protected_check(x, cname, name, desc, false, recv)) != VM_OK) return st;
    } else if (op == 182 || op == 185) {
        vtype recv = x->sp ? x->stk[x->sp - 1] : VT_TOP;
        if (op == 185) {
            if ((st = pop_ref(x, false, NULL)) != VM_OK) return st;
            const uint8_t *c = x->code->code;
            int slots = cf_desc_arg_slots(desc);
            if (c[x->pc + 3] != slots + 1 || c[x->pc + 4] != 0)
                return vx_fail(x, "invokeinterface count %u does not match %s",
                               (unsigned)c[x->pc + 3], desc);
        } else {
            if ((st = pop_t(x, VT_MK(VT_REF, cname))) != VM_OK) return st;
            if ((st = protected_check(x, cname, name, desc, false, recv)) != VM_OK) return st;
        }
    }
    return ret == VT_TOP ? VM_OK : push_t(x, ret);
}

static vm_status do_ldc(vctx *x, uint16_t idx, bool wide2) {
    const cf_const *k = &x->cf->cp[idx];
    if (wide2) {
        if (k->tag == CP_LONG) return push_t(x, VT_LONG);
        if (k->tag == CP_DOUBLE) return push_t(x, VT_DOUBLE);
        if (k->tag == CP_DYNAMIC) {
            const char *name, *desc;
            cf_name_and_type(x->cf, k->u.ref.b, &name, &desc);
            if (desc[0] == 'J' || desc[0] == 'D')
                return push_t(x, desc[0] == 'J' ? VT_LONG : VT_DOUBLE);
        }
        return vx_fail(x, "ldc2_w of constant %u that is not a long or double", idx);
    }
    switch (k->tag) {
    case CP_INTEGER: return push(x, VT_INT);
    case CP_FLOAT: return push(x, VT_FLOAT);
    case CP_STRING: return push(x, VT_MK(VT_REF, x->n_string));
    case CP_CLASS: return push(x, VT_MK(VT_REF, x->n_class));
    case CP_METHOD_TYPE: return push(x, VT_MK(VT_REF, x->n_mtype));
    case CP_METHOD_HANDLE: return push(x, VT_MK(VT_REF, x->n_mhandle));
    case CP_DYNAMIC: {
        const char *name, *desc;
        cf_name_and_type(x->cf, k->u.ref.b, &name, &desc);
        vtype t;
        vm_status st = vx_parse_type(x, &desc, &t);
        if (st != VM_OK) return st;
        if (t == VT_LONG || t == VT_DOUBLE) return vx_fail(x, "ldc of a long/double constant");
        return push(x, t);
    }
    default:
        return vx_fail(x, "ldc of constant %u that is not loadable", idx);
    }
}

/* xaload / xastore element check: the array must be null or have an
 * element type `elem` (for baload/bastore: byte or boolean). */
static vm_status array_elem(vctx *x, vtype arr, char elem, vtype *comp) {
    if (VT_TAG(arr) == VT_NULL) { *comp = VT_NULL; return VM_OK; }
    const char *s = x->names[VT_ARG(arr)].s;
    bool ok;
    if (elem == 'L') ok = s[1] == 'L' || s[1] == '[';
    else if (elem == 'B') ok = s[1] == 'B' || s[1] == 'Z';
    else ok = s[1] == elem;
    if (!ok) {
        char w[40];
        if (elem == 'L') vm_snprintf(w, sizeof w, "array of references");
        else vm_snprintf(w, sizeof w, "array of %c", elem);
        return mismatch(x, w, arr);
    }
    return vx_component(x, arr, comp);
}

static const char aload_elem[8] = { 'I', 'J', 'F', 'D', 'L', 'B', 'C', 'S' };
static const vtype aload_type[8] = { VT_INT, VT_LONG, VT_FLOAT, VT_DOUBLE, VT_REF,
                                     VT_INT, VT_INT, VT_INT };

/* ------------------------------------------------------------ exec */

/* Arithmetic: pop `in2` then `in1`, push `out` (0 = nothing). */
static vm_status arith(vctx *x, vtype in1, vtype in2, vtype out) {
    vm_status st;
    if (in2 && (st = pop_p(x, in2)) != VM_OK) return st;
    if (in1 && (st = pop_p(x, in1)) != VM_OK) return st;
    return out ? push_t(x, out) : VM_OK;
}

static const vtype kind4[4] = { VT_INT, VT_LONG, VT_FLOAT, VT_DOUBLE };

vm_status vx_exec(vctx *x, uint32_t len, bool *ends) {
    const uint8_t *c = x->code->code;
    uint32_t pc = x->pc;
    uint8_t op = c[pc];
    bool wide = false;
    vm_status st = VM_OK;
    vtype t = VT_TOP, a = VT_TOP;
    *ends = false;
    if (op == 196) {
        wide = true;
        op = c[pc + 1];
    }
    /* local index operand (only meaningful for instructions that have one) */
    uint32_t idx1 = wide ? u16at(c, pc + 2) : len >= 2 ? c[pc + 1] : 0;

    switch (op) {
    case 0: return VM_OK;
    case 1: return push(x, VT_NULL);
    case 2: case 3: case 4: case 5: case 6: case 7: case 8:
    case 16: case 17:
        return push(x, VT_INT);
    case 9: case 10: return push_t(x, VT_LONG);
    case 11: case 12: case 13: return push(x, VT_FLOAT);
    case 14: case 15: return push_t(x, VT_DOUBLE);
    case 18: return do_ldc(x, c[pc + 1], false);
    case 19: return do_ldc(x, (uint16_t)u16at(c, pc + 1), false);
    case 20: return do_ldc(x, (uint16_t)u16at(c, pc + 1), true);
    case 21: case 22: case 23: case 24: /* iload lload fload dload */
        return load(x, idx1, kind4[op - 21]);
    case 25: return load(x, idx1, VT_REF);
    case 26: case 27: case 28: case 29: case 30: case 31: case 32: case 33:
    case 34: case 35: case 36: case 37: case 38: case 39: case 40: case 41:
        return load(x, (op - 26) & 3, kind4[(op - 26) >> 2]);
    case 42: case 43: case 44: case 45:
        return load(x, op - 42u, VT_REF);
    case 46: case 47: case 48: case 49: case 50: case 51: case 52: case 53: {
        if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        if ((st = pop_array(x, &a)) != VM_OK) return st;
        if ((st = array_elem(x, a, aload_elem[op - 46], &t)) != VM_OK) return st;
        return push_t(x, aload_type[op - 46] == VT_REF ? t : aload_type[op - 46]);
    }
    case 54: case 55: case 56: case 57:
        return store(x, idx1, kind4[op - 54]);
    case 58: return store(x, idx1, VT_REF);
    case 59: case 60: case 61: case 62: case 63: case 64: case 65: case 66:
    case 67: case 68: case 69: case 70: case 71: case 72: case 73: case 74:
        return store(x, (op - 59) & 3, kind4[(op - 59) >> 2]);
    case 75: case 76: case 77: case 78:
        return store(x, op - 75u, VT_REF);
    case 79: case 80: case 81: case 82: case 83: case 84: case 85: case 86: {
        vtype vt = aload_type[op - 79];
        if (vt == VT_REF) st = pop_ref(x, false, NULL);
        else st = pop_p(x, vt);
        if (st != VM_OK) return st;
        if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        if ((st = pop_array(x, &a)) != VM_OK) return st;
        /* aastore: the element's class is checked at run time
         * (ArrayStoreException), as the JVMS prescribes */
        return array_elem(x, a, aload_elem[op - 79], &t);
    }
    case 87: { static const uint32_t b[] = { 1 }; static const uint8_t p[1];
        return shuffle(x, "pop", 1, b, 1, p, 0); }
    case 88: { static const uint32_t b[] = { 2 }; static const uint8_t p[1];
        return shuffle(x, "pop2", 2, b, 1, p, 0); }
    case 89: { static const uint32_t b[] = { 1 }; static const uint8_t p[] = { 0, 0 };
        return shuffle(x, "dup", 1, b, 1, p, 2); }
    case 90: { static const uint32_t b[] = { 1, 2 }; static const uint8_t p[] = { 1, 0, 1 };
        return shuffle(x, "dup_x1", 2, b, 2, p, 3); }
    case 91: { static const uint32_t b[] = { 1, 3 }; static const uint8_t p[] = { 2, 0, 1, 2 };
        return shuffle(x, "dup_x2", 3, b, 2, p, 4); }
    case 92: { static const uint32_t b[] = { 2 }; static const uint8_t p[] = { 0, 1, 0, 1 };
        return shuffle(x, "dup2", 2, b, 1, p, 4); }
    case 93: { static const uint32_t b[] = { 2, 3 };
        static const uint8_t p[] = { 1, 2, 0, 1, 2 };
        return shuffle(x, "dup2_x1", 3, b, 2, p, 5); }
    case 94: { static const uint32_t b[] = { 2, 4 };
        static const uint8_t p[] = { 2, 3, 0, 1, 2, 3 };
        return shuffle(x, "dup2_x2", 4, b, 2, p, 6); }
    case 95: { static const uint32_t b[] = { 1, 2 }; static const uint8_t p[] = { 1, 0 };
        return shuffle(x, "swap", 2, b, 2, p, 2); }
    default:
        break;
    }
    if (op >= 96 && op <= 115) { /* add sub mul div rem */
        t = kind4[(op - 96) & 3];
        return arith(x, t, t, t);
    }
    if (op >= 116 && op <= 119) { t = kind4[op - 116]; return arith(x, 0, t, t); }
    if (op >= 120 && op <= 125) { /* shifts: value, int */
        t = (op & 1) ? VT_LONG : VT_INT;
        return arith(x, t, VT_INT, t);
    }
    if (op >= 126 && op <= 131) { /* and or xor */
        t = (op & 1) ? VT_LONG : VT_INT;
        return arith(x, t, t, t);
    }
    if (op >= 133 && op <= 144) { /* i2l .. d2f */
        static const vtype from[] = { VT_INT, VT_INT, VT_INT, VT_LONG, VT_LONG, VT_LONG,
                                      VT_FLOAT, VT_FLOAT, VT_FLOAT, VT_DOUBLE, VT_DOUBLE,
                                      VT_DOUBLE };
        static const vtype to[] = { VT_LONG, VT_FLOAT, VT_DOUBLE, VT_INT, VT_FLOAT,
                                    VT_DOUBLE, VT_INT, VT_LONG, VT_DOUBLE, VT_INT, VT_LONG,
                                    VT_FLOAT };
        return arith(x, 0, from[op - 133], to[op - 133]);
    }
    switch (op) {
    case 132: { /* iinc */
        if ((st = check_local(x, idx1, 1)) != VM_OK) return st;
        if (x->loc[idx1] != VT_INT) {
            char w[40];
            vm_snprintf(w, sizeof w, "int in local %u", (unsigned)idx1);
            return mismatch(x, w, x->loc[idx1]);
        }
        return VM_OK;
    }
    case 145: case 146: case 147: return arith(x, 0, VT_INT, VT_INT);
    case 148: return arith(x, VT_LONG, VT_LONG, VT_INT);
    case 149: case 150: return arith(x, VT_FLOAT, VT_FLOAT, VT_INT);
    case 151: case 152: return arith(x, VT_DOUBLE, VT_DOUBLE, VT_INT);
    case 153: case 154: case 155: case 156: case 157: case 158:
        if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        return branch_to(x, (int16_t)u16at(c, pc + 1));
    case 159: case 160: case 161: case 162: case 163: case 164:
        if ((st = arith(x, VT_INT, VT_INT, 0)) != VM_OK) return st;
        return branch_to(x, (int16_t)u16at(c, pc + 1));
    case 165: case 166:
        if ((st = pop_ref(x, true, NULL)) != VM_OK || (st = pop_ref(x, true, NULL)) != VM_OK)
            return st;
        return branch_to(x, (int16_t)u16at(c, pc + 1));
    case 198: case 199:
        if ((st = pop_ref(x, true, NULL)) != VM_OK) return st;
        return branch_to(x, (int16_t)u16at(c, pc + 1));
    case 167:
        *ends = true;
        return branch_to(x, (int16_t)u16at(c, pc + 1));
    case 200:
        *ends = true;
        return branch_to(x, s32at(c, pc + 1));
    case 170: case 171:
        *ends = true;
        return do_switch(x, op);
    case 168: case 169: case 201:
        return vx_fail(x, "jsr/ret are not supported");
    case 172: case 173: case 174: case 175: case 176: case 177: { /* returns */
        *ends = true;
        char r = cf_desc_return(x->m->desc);
        if (x->this_uninit)
            return vx_fail(x, "constructor returns without calling this() or super() "
                              "(this is still uninitializedThis)");
        if (op == 177) {
            if (r != 'V') return vx_fail(x, "return (void) in a method returning %c", r);
            return VM_OK;
        }
        if (r == 'V') return vx_fail(x, "%s in a void method", cf_opcode_name(op));
        const char *rd = vm_strchr(x->m->desc, ')') + 1;
        vtype rt;
        if ((st = vx_parse_type(x, &rd, &rt)) != VM_OK) return st;
        bool kind_ok = (op == 176) ? VT_TAG(rt) == VT_REF : rt == kind4[op - 172];
        if (!kind_ok) {
            char w[300];
            vx_type_name(x, rt, w, sizeof w);
            return vx_fail(x, "%s in a method returning %s", cf_opcode_name(op), w);
        }
        return pop_t(x, rt);
    }
    case 178: case 179: case 180: case 181:
        return do_field(x, op, (uint16_t)u16at(c, pc + 1));
    case 182: case 183: case 184: case 185: case 186:
        return do_invoke(x, op, (uint16_t)u16at(c, pc + 1));
    case 187: { /* new */
        uint16_t ci = (uint16_t)u16at(c, pc + 1);
        if (x->cf->cp[ci].tag != CP_CLASS) return vx_fail(x, "new of a non-class constant");
        if (cf_class_name(x->cf, ci)[0] == '[') return vx_fail(x, "new of an array class");
        vtype u = VT_MK(VT_UNINIT, pc);
        if ((st = vx_spend(x, x->nloc + x->sp)) != VM_OK) return st;
        for (uint32_t i = 0; i < x->sp; i++)
            if (x->stk[i] == u)
                return vx_fail(x, "new: uninitialized object from this instruction is "
                                  "still on the operand stack");
        for (uint32_t i = 0; i < x->nloc; i++)
            if (x->loc[i] == u) x->loc[i] = VT_TOP;
        return push(x, u);
    }
    case 188: { /* newarray */
        static const char *const names[] = { "[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J" };
        uint8_t at = c[pc + 1];
        if (at < 4 || at > 11) return vx_fail(x, "newarray of bad type %u", at);
        if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        uint32_t n = vx_intern(x, names[at - 4], 2);
        if (n == UINT32_MAX) return vx_nomem(x);
        return push(x, VT_MK(VT_REF, n));
    }
    case 189: { /* anewarray */
        uint16_t ci = (uint16_t)u16at(c, pc + 1);
        if (x->cf->cp[ci].tag != CP_CLASS) return vx_fail(x, "anewarray of a non-class constant");
        if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        uint32_t n = vx_cp_class(x, ci);
        if (n == UINT32_MAX) return vx_nomem(x);
        if ((st = vx_array_of(x, VT_MK(VT_REF, n), &t)) != VM_OK) return st;
        return push(x, t);
    }
    case 190:
        if ((st = pop_array(x, &a)) != VM_OK) return st;
        return push(x, VT_INT);
    case 191:
        *ends = true;
        return pop_t(x, VT_MK(VT_REF, x->n_throwable));
    case 192: case 193: { /* checkcast instanceof */
        uint16_t ci = (uint16_t)u16at(c, pc + 1);
        if (x->cf->cp[ci].tag != CP_CLASS) return vx_fail(x, "%s of a non-class constant",
                                                         cf_opcode_name(op));
        if ((st = pop_ref(x, false, NULL)) != VM_OK) return st;
        if (op == 193) return push(x, VT_INT);
        uint32_t n = vx_cp_class(x, ci);
        if (n == UINT32_MAX) return vx_nomem(x);
        return push(x, VT_MK(VT_REF, n));
    }
    case 194: case 195:
        return pop_ref(x, false, NULL);
    case 197: { /* multianewarray */
        uint16_t ci = (uint16_t)u16at(c, pc + 1);
        uint8_t dims = c[pc + 3];
        if (x->cf->cp[ci].tag != CP_CLASS) return vx_fail(x, "multianewarray of a non-class");
        const char *cn = cf_class_name(x->cf, ci);
        if (dims < 1 || cf_array_dims(cn) < dims)
            return vx_fail(x, "multianewarray of %u dimensions with class %s", dims, cn);
        for (uint8_t i = 0; i < dims; i++)
            if ((st = pop_p(x, VT_INT)) != VM_OK) return st;
        uint32_t n = vx_cp_class(x, ci);
        if (n == UINT32_MAX) return vx_nomem(x);
        return push(x, VT_MK(VT_REF, n));
    }
    default:
        return vx_fail(x, "undefined opcode %u", op);
    }
}

/* Initial state from the method descriptor (JVMS 4.10.1.6). */
vm_status vx_entry_state(vctx *x) {
    for (uint32_t i = 0; i < x->nloc; i++) x->loc[i] = VT_TOP;
    x->sp = 0;
    x->this_uninit = false;
    uint32_t n = 0;
    vm_status st;
    if (!(x->m->access & ACC_STATIC)) {
        if (x->is_init) {
            x->loc[n++] = VT_UTHIS;
            x->this_uninit = true;
        } else {
            x->loc[n++] = VT_MK(VT_REF, x->n_this);
        }
    }
    const char *p = x->m->desc + 1;
    while (*p != ')') {
        vtype t;
        if ((st = vx_parse_type(x, &p, &t)) != VM_OK) return st;
        uint32_t w = (t == VT_LONG || t == VT_DOUBLE) ? 2 : 1;
        if (n + w > x->nloc) return vx_fail(x, "arguments do not fit into max_locals %u",
                                            (unsigned)x->nloc);
        x->loc[n] = t;
        if (w == 2) x->loc[n + 1] = t + 2;
        n += w;
    }
    return VM_OK;
}
