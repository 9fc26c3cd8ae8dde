/* t2_names.c - what tier 2's builder (t2_build.c) may take of a
 * constant-pool entry or a class before the program used it: the class
 * an entry names, and a library class whose initialization nothing can
 * see (moved out of t2_build.c by t21). */
#include "t2_names.h"
#include "../core/mem.h"
#include "../interp/opcodes.h"
#include "../runtime/classes.h"
#include "../runtime/rt_internal.h"

/* the class that constant-pool entry idx of cls (the operand of op) names,
 * for a field or method access (an interface method only when iface) or
 * a checkcast / instanceof; NULL for anything else */
static const char *op_class_name(const jclass *cls, uint8_t op, uint16_t idx, bool iface) {
    const char *cn = NULL, *nm, *ds;
    uint8_t tag = cls->cf->cp[idx].tag;
    switch (op) {
    case OP_invokeinterface:
        if (!iface) return NULL;
        /* fall through */
    case OP_getfield: case OP_putfield: case OP_getstatic: case OP_putstatic:
    case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual:
        if (tag != CP_FIELDREF && tag != CP_METHODREF && (!iface || tag != CP_INTERFACE_METHODREF))
            return NULL;
        cf_member_ref(cls->cf, idx, &cn, &nm, &ds);
        return cn;
    case OP_checkcast: case OP_instanceof:
        return tag == CP_CLASS ? cf_class_name(cls->cf, idx) : NULL;
    default:
        return NULL;
    }
}

/* does constant-pool entry idx of cls (the operand of op) name a class
 * that is loaded and linked already (then resolving it loads nothing) */
bool t2_names_linked(vm *vm, const jclass *cls, uint8_t op, uint16_t idx) {
    const char *cn = op_class_name(cls, op, idx, true);
    if (!cn) return false;
    const jclass *k = rt_table_lookup(vm, cn, vm_strlen(cn));
    return k && k->state >= CLS_LINKED && k->state != CLS_ERROR;
}

/* (t21) does entry idx of cls (a field or method reference, a class for
 * checkcast / instanceof) name a class of the library (t2_ir.h's
 * T2_LIBREF_OFF) */
bool t2_names_library(const vm *vm, const jclass *cls, uint8_t op, uint16_t idx) {
    const char *cn = op_class_name(cls, op, idx, true);
    return cn && cn[0] != '[' && rt_is_boot_name(vm, cn, vm_strlen(cn));
}

/* does constant-pool entry idx of cls (the operand of op) name a class of
 * the compiled method's own nest by name: its top-level class or one
 * nested in it (Outer, Outer$Inner: the same text before the first '$'),
 * (user classes only) */
bool t2_names_nest(const t2_graph *g, const jclass *cls, uint8_t op, uint16_t idx) {
    const jclass *root = g->m->owner;
    if (!root || root->is_boot || cls->is_boot) return false;
    const char *cn = op_class_name(cls, op, idx, false);
    if (!cn) return false;
    const char *r = root->name;
    uint32_t n = 0;
    while (r[n] && r[n] != '$') n++;
    return !vm_strncmp(cn, r, n) && (cn[n] == '\0' || cn[n] == '$');
}

/* (T2_O_FP) a class of the library whose initialization nothing can see:
 * linked, without a <clinit>, under an initialized superclass (as
 * intrinsic's Math): its static methods may be inlined before it is
 * initialized (the interpreter still initializes it where it runs an
 * invokestatic of it; a static field access there is a T2_INIT, which
 * rolls the inlining back).  Math.max(DD) at its first call. */
static bool init_unseen_in(const jclass *o, uint32_t depth);
bool t2_init_unseen(const t2_graph *g, const jclass *o) {
    if (!(g->opts & T2_O_FP) || !o->is_boot || o->state != CLS_LINKED || !o->super) return false;
    if (g->vm->jit_tier2_off & T2_LIBREF_OFF)   /* (as before t21) */
        return o->super->state == CLS_INITIALIZED && !rt_find_declared_method((jclass *)o, "<clinit>", "()V");
    return init_unseen_in(o, 0);
}
/* (t21, not -libref) o and, up the chain, every superclass not yet
 * initialized are such classes too, and their superinterfaces have no
 * <clinit> either (ArrayDeque's static inc, inlined into a method compiled
 * before the first ArrayDeque is made, AbstractCollection not initialized
 * yet either): initializing them runs no Java code */
static bool init_unseen_in(const jclass *o, uint32_t depth) {
    if (o->state == CLS_INITIALIZED) return true;
    if (depth > 16 || !o->is_boot || o->state != CLS_LINKED || rt_find_declared_method((jclass *)o, "<clinit>", "()V"))
        return false;
    for (uint16_t i = 0; i < o->n_interfaces; i++)
        if (!init_unseen_in(o->interfaces[i], depth + 1)) return false;
    return !o->super || init_unseen_in(o->super, depth + 1);
}
