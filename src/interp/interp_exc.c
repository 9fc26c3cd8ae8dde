/* interp_exc.c - the exceptions the interpreter raises itself (with JDK 17's
 * messages) and the exception-table search.  All cold paths: kept out of
 * the dispatch loop so its C frame stays small. */
#include "interp_internal.h"
#include "../core/mem.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/resolve.h"
#include "../runtime/roots.h"
#include "../runtime/limits.h"

void interp_class_name(const jclass *c, char *buf, size_t cap) {
    if (!c) {
        if (cap) buf[0] = 0;
        return;
    }
    rt_class_java_name(c, buf, cap);
}

vm_status interp_throw_npe(vm *vm) {
    return rt_throw(vm, "java/lang/NullPointerException", NULL);
}

vm_status interp_throw_aioobe(vm *vm, int32_t index, int32_t length) {
    return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                    "Index %d out of bounds for length %d", (int)index, (int)length);
}

vm_status interp_throw_div0(vm *vm) {
    return rt_throw(vm, "java/lang/ArithmeticException", "/ by zero");
}

vm_status interp_throw_cce(vm *vm, const jclass *from, const jclass *to) {
    char a[256], b[256];
    interp_class_name(from, a, sizeof a);
    interp_class_name(to, b, sizeof b);
    return rt_throw(vm, "java/lang/ClassCastException",
                    "class %s cannot be cast to class %s", a, b);
}

vm_status interp_throw_no_impl(vm *vm, const jclass *rc, const jmethod *rm) {
    char a[256], b[256], ms[320];
    interp_class_name(rc, a, sizeof a);
    interp_class_name(rm->owner, b, sizeof b);
    interp_fmt_method(rm, false, ms, sizeof ms);
    const jclass *o = rm->owner;
    const char *kind = (o->access & ACC_INTERFACE) ? "interface"
                     : (o->access & ACC_ABSTRACT) ? "abstract class" : "class";
    return rt_throw(vm, "java/lang/AbstractMethodError",
                    "Receiver class %s does not define or inherit an implementation "
                    "of the resolved method '%s%s' of %s %s.", a,
                    (rm->access & ACC_ABSTRACT) ? "abstract " : "", ms, kind, b);
}

vm_status interp_throw_not_iface(vm *vm, const jclass *rc, const jmethod *im) {
    char a[256], b[256];
    interp_class_name(rc, a, sizeof a);
    interp_class_name(im->owner, b, sizeof b);
    return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                    "Class %s does not implement the requested interface %s", a, b);
}

vm_status interp_throw_ase(vm *vm, const jclass *value_cls) {
    char a[256];
    interp_class_name(value_cls, a, sizeof a);
    return rt_throw(vm, "java/lang/ArrayStoreException", "%s", a);
}

vm_status interp_throw_illegal(vm *vm, jmethod *m, uint32_t pc, int op) {
    char c[256];
    interp_class_name(m->owner, c, sizeof c);
    return rt_throw(vm, "java/lang/InternalError",
                    "illegal bytecode %s (0x%02x) at %s.%s%s offset %u",
                    interp_op_name[op & 0xff], (unsigned)(op & 0xff), c,
                    m->name, m->desc, (unsigned)pc);
}

vm_status interp_throw_internal(vm *vm, const char *what) {
    return rt_throw(vm, "java/lang/InternalError", "%s", what);
}

bool interp_find_handler(vm *vm, jframe *fr, uint32_t *handler_pc) {
    jmethod *m = fr->method;
    if ((fr->flags & FRAME_NATIVE) || !m->code || !vm->exception) return false;
    const cf_code *code = m->code;
    uint32_t pc = fr->pc;
    for (uint32_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        if (pc < e->start_pc || pc >= e->end_pc) continue;
        if (e->catch_type == 0) {
            *handler_pc = e->handler_pc;
            return true;
        }
        jclass *cc = NULL;
        void *cached = m->owner->cp_cache ? m->owner->cp_cache[e->catch_type] : NULL;
        if (cached) {
            cc = cached;
        } else {
            /* Resolution may allocate and raise: keep the pending exception
             * rooted, and treat an unresolvable catch type as not matching
             * (so the search cannot loop on it). */
            jobject *ex = vm->exception;
            vm->exception = NULL;
            RT_PROTECT(vm, ex);
            vm_status st = rt_resolve_class(vm, m->owner, e->catch_type, &cc);
            RT_UNPROTECT(vm, 1);
            vm->exception = ex;
            if (st != VM_OK) {
                if (rt_status_aborts(st)) return false;
                continue;
            }
        }
        if (cc && rt_is_assignable(vm->exception->cls, cc)) {
            *handler_pc = e->handler_pc;
            return true;
        }
    }
    return false;
}
