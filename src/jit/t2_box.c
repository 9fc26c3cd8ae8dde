/* t2_box.c - what tier 2 knows of a box made by the library's
 * Integer.valueOf(int) / Long.valueOf(long) (t16's -unbox), whether the
 * call stayed a call or was inlined (b17: the phi of the cached box and
 * the new one, marked T2_F_BOX by t2_build.c's gen_invoke).
 */
#include "t2_ir.h"
#include "../interp/opcodes.h"
#include "../core/mem.h"

/* (t2_ir.h) */
bool t2_box_method(const t2_graph *g, const jmethod *cm, jclass **k) {
    if (!cm || !cm->owner || !cm->owner->is_boot || (g->vm->jit_tier2_off & T2_UNBOX_OFF) ||
        vm_strcmp(cm->name, "valueOf") || !(cm->access & ACC_STATIC))
        return false;
    if ((!vm_strcmp(cm->owner->name, "java/lang/Integer") && !vm_strcmp(cm->desc, "(I)Ljava/lang/Integer;")) ||
        (!vm_strcmp(cm->owner->name, "java/lang/Long") && !vm_strcmp(cm->desc, "(J)Ljava/lang/Long;"))) {
        *k = cm->owner;
        return true;
    }
    return false;
}

/* (not -unbox) v is the box that Integer.valueOf(int) or Long.valueOf(long)
 * of the library returned: the primitive it boxes (the call's argument),
 * its class in *k; else 0.  Such a box is never null, its class is exactly
 * the box's, its value field holds the argument (the cached boxes were made
 * by the same constructor).  The box itself is made (its identity: ==
 * against the -128..127 cache, a fresh box otherwise): by the call, or by
 * the inlined valueOf's code, whose result phi is marked T2_F_BOX. */
uint32_t t2_box_of(const t2_graph *g, uint32_t v, jclass **k) {
    v = t2_find(g, v);
    const t2_val *x = &g->vals[v];
    jclass *bk = NULL;
    if (!v || (g->vm->jit_tier2_off & T2_UNBOX_OFF)) return 0;
    if (x->op == T2_PHI && (x->flags & T2_F_BOX)) {
        /* (b17) an inlined valueOf: a phi of the cached box and the new one */
        if (k) *k = x->ref;
        return (uint32_t)x->imm;
    }
    if (x->op != T2_CALL || x->aux != OP_invokestatic || x->nargs != 1 || !t2_box_method(g, x->ref, &bk))
        return 0;
    if (k) *k = bk;
    return t2_arg(g, v, 0);
}

