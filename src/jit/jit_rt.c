/* jit_rt.c - the C helpers compiled code calls: frame entry, calls,
 * allocation, class initialisation, raising exceptions and the
 * exception-table search.  Compiled code stores the bytecode pc and sp in
 * its frame before calling any helper that can allocate or throw. */
#include "jit_internal.h"
#include "t2_main.h"
#include "../core/mem.h"
#include "../gc/heap.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/invoke.h"
#include "../runtime/limits.h"
#include "../interp/interp_internal.h"

jframe *jit_rt_enter(vm *vm, jmethod *m, jvalue *args) {
    jframe *f = &vm->frames[vm->frame_count - 1];
    uint32_t nargs = m->arg_slots;
    uint32_t nl = m->max_locals > nargs ? m->max_locals : nargs;
    if (f->method != m || f->locals != args) {
        interp_throw_internal(vm, "compiled method entered without its frame");
        return NULL;
    }
    if ((size_t)(vm_stack_limit(vm) - args) < (size_t)nl + m->max_stack) {
        interp_stack_overflow(vm);
        return NULL;
    }
    for (uint32_t i = nargs; i < nl; i++) args[i].raw = 0;
    f->stack = args + nl;
    f->sp = f->stack;
    f->pc = 0;
    f->flags &= ~(uint32_t)FRAME_NATIVE;
    return f;
}

/* Enter a compiled callee directly (the frame interp_call_native would
 * push), without a nested interpreter. */
static vm_status call_compiled(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    if (vm->frame_count >= vm_frame_limit(vm) || vm_native_stack_low(vm))
        return interp_stack_overflow(vm);
    uint32_t idx = interp_push_native_frame(vm, m, args);
    interp_jit_fn fn = (interp_jit_fn)m->jit_entry;
    vm_status st = fn(vm, m, args, ret);
    vm->frame_count = idx;
    return st;
}

/* The interpreter's selection of the method a virtual/interface call at
 * `callee` runs for receiver recv (quicken.c link_invokevirtual /
 * iface_select) into *out; the status of the error raised if none. */
static vm_status select_target(vm *vm, jmethod *callee, jobject *recv, uint32_t kind,
                               jmethod **out) {
    *out = callee;
    if (kind == JIT_INV_VIRTUAL) {
        jmethod *rm = callee;
        jclass *rc = recv->cls;
        bool iface = rm->owner->kind == KIND_INSTANCE && (rm->owner->access & ACC_INTERFACE);
        if (!iface && ((rm->access & (ACC_PRIVATE | ACC_FINAL)) ||
                       (rm->owner->access & ACC_FINAL)))
            return VM_OK;
        if (!iface && rm->vtable_index >= 0 && (uint32_t)rm->vtable_index < rc->vtable_len) {
            *out = rc->vtable[rm->vtable_index];
            return VM_OK;
        }
        *out = rt_dispatch_virtual(rc, rm);
        return *out ? VM_OK : interp_throw_no_impl(vm, rc, rm);
    }
    if (kind == JIT_INV_INTERFACE) {
        jmethod *im = callee;
        jclass *owner = im->owner;
        *out = owner->kind == KIND_INSTANCE && (owner->access & ACC_INTERFACE)
             ? rt_dispatch_interface(recv->cls, im) : rt_dispatch_virtual(recv->cls, im);
        return *out ? VM_OK : interp_throw_not_iface(vm, recv->cls, im);
    }
    return VM_OK;
}

/* Fill an inline-cache cell: receiver class rc runs target (compiled). */
static void fill_cell(jit_icache *cell, jclass *rc, jmethod *target) {
    if (!cell || !target->jit_entry) return;
    cell->cls = NULL;          /* never a class with another's target */
    cell->target = target;
    cell->entry = (uint8_t *)target->jit_entry + JIT_FAST_ENTRY_OFFSET;
    cell->cls = rc;
}

/* PIC: receiver class rc runs target: into the first empty cell of the
 * site's JC_PIC_N, or (all full) the cells moved one down (the last
 * dropped) and the first refilled. */
static void fill_pic(jit_icache *cells, jclass *rc, jmethod *target) {
    if (!cells || !target->jit_entry) return;
    for (uint32_t i = 0; i < JC_PIC_N; i++) {
        if (cells[i].cls == rc) return;                /* (a racing fill) */
        if (!cells[i].cls) { fill_cell(&cells[i], rc, target); return; }
    }
    for (uint32_t i = JC_PIC_N - 1; i > 0; i--)
        fill_cell(&cells[i], cells[i - 1].cls, cells[i - 1].target);
    fill_cell(&cells[0], rc, target);
}

static vm_status invoke_cached(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind,
                               jit_icache *cell, bool pic);

vm_status jit_rt_invoke_ic(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind,
                           jit_icache *cell) {
    return invoke_cached(vm, f, callee, args, kind, cell, false);
}

vm_status jit_rt_invoke_pic(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind,
                            jit_icache *cells) {
    return invoke_cached(vm, f, callee, args, kind, cells, true);
}

static vm_status invoke_cached(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind,
                               jit_icache *cell, bool pic) {
    f->sp = args;
    jclass *rc = NULL;
    if (kind != JIT_INV_DIRECT) {
        jobject *recv = args[0].l;
        if (!recv) return interp_throw_npe(vm);
        rc = recv->cls;
        vm_status st = select_target(vm, callee, recv, kind, &callee);
        if (st != VM_OK) return st;
    }
#ifndef VIFVM_NO_BUDGET_TICKS
    /* every invoke that calls a method ticks (runtime/limits.h), after the
     * receiver's null check and the dispatch as in the interpreter
     * (do_call): an invoke that throws there calls nothing, no tick */
    if (--vm->budget_left < 0) {
        vm_status st = rt_budget_expired(vm, f->method);
        if (st != VM_OK) return st;
    }
#endif
    jvalue r;
    r.raw = 0;
    vm_status st;
    if (callee->jit_entry) {
        callee->invocations++;
        if (t2_pending(vm, callee)) {   /* (tier2=hot: not bound to code about to be replaced) */
        } else if (pic) fill_pic(cell, rc, callee);
        else fill_cell(cell, rc, callee);
        st = call_compiled(vm, callee, args, &r);
    } else if (!callee->code) {
        /* native (or abstract): the interpreter's direct native call, no
         * nested interpreter entry */
        callee->invocations++;
        st = interp_call_native(vm, callee, args, &r);
    } else {
        /* interpreted: a nested interpreter entry (which compiles it on
         * its first call; rt_call counts it in invocations) */
        st = rt_call(vm, callee, args, &r);
        if (t2_pending(vm, callee)) {   /* (tier2=hot: not bound to code about to be replaced) */
        } else if (pic) fill_pic(cell, rc, callee);
        else fill_cell(cell, rc, callee);
    }
    if (st == VM_OK && callee->ret != 'V') args[0] = r;
    return st;
}

vm_status jit_rt_invoke(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind) {
    return jit_rt_invoke_ic(vm, f, callee, args, kind, NULL);
}

vm_status jit_rt_throw(vm *vm, uint32_t kind, int32_t a, int32_t b) {
    switch (kind) {
    case JIT_THROW_NPE: return interp_throw_npe(vm);
    case JIT_THROW_AIOOBE: return interp_throw_aioobe(vm, a, b);
    case JIT_THROW_DIV0: return interp_throw_div0(vm);
    default: return interp_throw_internal(vm, "jit: bad throw kind");
    }
}

vm_status jit_rt_budget_expired(vm *vm, const jmethod *m) {
    return rt_budget_expired(vm, m);
}

vm_status jit_rt_athrow(vm *vm, jobject *obj) {
    if (!obj) return interp_throw_npe(vm);
    return rt_throw_object(vm, obj);
}

vm_status jit_rt_init_class(vm *vm, jclass *c) {
    if (!rt_class_needs_init(c)) return VM_OK;
    return rt_init_class(vm, c);
}

vm_status jit_rt_mirror(vm *vm, jclass *c) {
    return rt_class_mirror(vm, c) ? VM_OK : VM_ERR_EXCEPTION;
}

vm_status jit_rt_new(vm *vm, jclass *c, jvalue *out) {
    vm_status st = jit_rt_init_class(vm, c);
    if (st != VM_OK) return st;
    jobject *o = rt_new_object(vm, c);
    if (!o) return VM_ERR_EXCEPTION;
    out->raw = 0;
    out->l = o;
    return VM_OK;
}

vm_status jit_rt_newarray(vm *vm, int32_t atype, jvalue *slot) {
    jobject *a = interp_newarray(vm, atype, slot->i);
    if (!a) return VM_ERR_EXCEPTION;
    slot->raw = 0;
    slot->l = a;
    return VM_OK;
}

vm_status jit_rt_anewarray(vm *vm, jclass *array_cls, jvalue *slot) {
    jobject *a = interp_new_ref_array(vm, array_cls, slot->i);
    if (!a) return VM_ERR_EXCEPTION;
    slot->raw = 0;
    slot->l = a;
    return VM_OK;
}

vm_status jit_rt_aastore(vm *vm, jvalue *s) {
    jobject *a = s[0].l;
    int32_t i = s[1].i;
    jobject *v = s[2].l;
    if (!a) return interp_throw_npe(vm);
    if ((uint32_t)i >= (uint32_t)a->length) return interp_throw_aioobe(vm, i, a->length);
    if (v) {
        jclass *comp = a->cls->component;
        if (v->cls != comp && comp != vm->wk.object && !rt_is_assignable(v->cls, comp))
            return interp_throw_ase(vm, v->cls);
    }
    ((jobject **)JARRAY_DATA(a))[i] = v;
    return VM_OK;
}

vm_status jit_rt_checkcast(vm *vm, jobject *o, jclass *c) {
    if (o && o->cls != c && !rt_is_assignable(o->cls, c)) return interp_throw_cce(vm, o->cls, c);
    return VM_OK;
}

int32_t jit_rt_instanceof(jobject *o, jclass *c) {
    return o && (o->cls == c || rt_is_assignable(o->cls, c));
}

int64_t jit_rt_find_handler(vm *vm, jframe *f) {
    uint32_t hpc;
    if (!vm->exception || !interp_find_handler(vm, f, &hpc)) return 0;
    f->stack[0].raw = 0;
    f->stack[0].l = vm->exception;
    f->sp = f->stack + 1;
    f->pc = hpc;
    vm->exception = NULL;
#ifndef VIFVM_NO_BUDGET_TICKS
    if (--vm->budget_left < 0) {  /* handler entry ticks (runtime/limits.h) */
        vm_status st = rt_budget_expired(vm, f->method);
        if (st != VM_OK) return -(int64_t)st;
    }
#endif
    return (int64_t)hpc + 1;
}

vm_status jit_rt_multianewarray(vm *vm, jclass *cls, uint32_t dims, jvalue *counts) {
    jobject *a = interp_multianewarray(vm, cls, dims, counts, vm->stack_end);
    if (!a) return VM_ERR_EXCEPTION;
    counts[0].raw = 0;
    counts[0].l = a;
    return VM_OK;
}

vm_status jit_rt_indy_sp(vm *vm, jmethod *m, uint32_t pc, jvalue *sp, uint32_t depth) {
    struct indy_site *s;
    vm_status st = indy_site_at(vm, m, pc, &s, NULL);
    if (st != VM_OK) return st;
    uint32_t n = indy_arg_slots(s);
    if (n > depth) return interp_throw_internal(vm, "jit: invokedynamic operands");
#ifndef VIFVM_NO_BUDGET_TICKS
    /* (i18) the interpreter's tick once linked (L_invokedynamic_quick, or
     * do_call for a generated method), before the site runs */
    if (--vm->budget_left < 0) {
        st = rt_budget_expired(vm, m);
        if (st != VM_OK) return st;
    }
#endif
    jvalue *a = sp - n;
    jvalue res;
    st = indy_exec(vm, s, a, &res);
    if (st != VM_OK) return st;
    a[0] = res;
    return VM_OK;
}

vm_status jit_rt_indy(vm *vm, jframe *f, uint32_t pc, uint32_t depth) {
    return jit_rt_indy_sp(vm, f->method, pc, f->stack + depth, depth);
}
