/* t2_deopt.c - leaving tier-2 code: rebuild the interpreter's frames from
 * an exit point's record and continue in the interpreter (issue 15).
 *
 * The tier-2 code runs under the frame the baseline's entry convention
 * gives every compiled method (vm->frames[fc - 1], its locals at lv: see
 * jit.h), but keeps locals and operands in registers and its own stack
 * slots.  At an exit point (a check that fails, an athrow, a rare path)
 * the code stores the values of the point's frame state (t2_ir.h:
 * t2_fstate, recorded by t2_build.c) into the value stack - the method's
 * locals and operand stack at lv, each inlined callee's frame just above
 * its caller's operands, where the interpreter's invoke would have put it
 * - and calls t2_rt_deopt with the point's record.  Here the frames get
 * their method, pc, sp and flags, the outer one FRAME_ENTRY, and the
 * interpreter runs them from the exit's pc (interp_resume,
 * src/interp/interp_resume.c): it executes the failing instruction
 * itself, so exceptions, handlers and stack traces are the interpreter's.
 * The method then finishes in the interpreter; its result (or status)
 * goes back to the tier-2 code's caller.
 * A float or double that the code keeps in an XMM register or its spill
 * slot (t14) is stored into its frame slot by the exit's code before the
 * call (t2_codegen.c st_slot: a double's 64 bits by movsd, a float's 32
 * zero-extended through eax), as the interpreter keeps them: the frame is
 * exact, and the slot is not a reference (nothing for the collector).
 */
#include "t2_deopt.h"
#include "../interp/interp.h"
#include "../interp/interp_internal.h"

/* the frames of r's inlined callees above the compiled method's (frame
 * number fc), their slots at lv + base */
static void push_inlined(vm *vm, const t2_deopt *r, jvalue *lv, uint32_t fc) {
    for (uint32_t i = 1; i < r->n; i++) {
        jframe *h = &vm->frames[fc - 1 + i];
        h->method = r->f[i].m;
        h->locals = lv + r->f[i].base;
        h->stack = h->locals + r->f[i].nl;
        h->sp = h->stack + r->f[i].depth;
        h->pc = r->f[i].pc;
        h->flags = 0;
    }
    vm->frame_count = fc - 1 + r->n;
}

vm_status t2_rt_deopt(vm *vm, t2_deopt *r, jvalue *lv, uint32_t fc, t2_data *data) {
    jframe *f = &vm->frames[fc - 1];
    vm->frame_count = fc;
    data->leaves++;
    vm->stats.jit_tier2_exits++;
    if (f->locals != lv || r->n == 0 || r->n > T2_MAX_FRAMES || f->method != r->f[0].m)
        return interp_throw_internal(vm, "tier 2: leaving a frame that is not the method's");
    f->pc = r->f[0].pc;
    f->stack = lv + r->f[0].nl;
    f->sp = f->stack + r->f[0].depth;
    f->flags = FRAME_ENTRY;
    push_inlined(vm, r, lv, fc);
    jvalue ret;
    ret.raw = 0;
    vm_status st = interp_resume(vm, r->n, &ret);
    vm->frame_count = fc - 1;
    lv[0] = ret;
    return st;
}

/* (t2_rt_framed, t2_rt_framed_invoke) the compiled method's frame (number
 * fc, at lv) gets r's outer pc and sp, r's inlined frames pushed above it */
static vm_status push_framed(vm *vm, const t2_deopt *r, jvalue *lv, uint32_t fc) {
    if (fc == 0 || r->n < 2 || r->n > T2_MAX_FRAMES || fc - 1 + r->n > vm->limits.max_frames)
        return interp_throw_internal(vm, "tier 2: an inlined frame beyond the frame limit");
    jframe *f = &vm->frames[fc - 1];
    if (f->locals != lv || f->method != r->f[0].m)
        return interp_throw_internal(vm, "tier 2: an inlined call's frame that is not the method's");
    f->pc = r->f[0].pc;
    f->sp = lv + r->f[0].nl + r->f[0].depth;
    push_inlined(vm, r, lv, fc);
    return VM_OK;
}

vm_status t2_rt_framed(vm *vm, const t2_deopt *r, jvalue *lv, jclass *cls, uint32_t kind) {
    uint32_t fc = vm->frame_count;
    vm_status st = push_framed(vm, r, lv, fc);
    if (st != VM_OK) return st;
    const t2_dframe *in = &r->f[r->n - 1];
    st = kind ? jit_rt_init_class(vm, cls) : jit_rt_new(vm, cls, lv + in->base + in->nl + in->depth);
    vm->frame_count = fc;
    return st;
}

vm_status t2_rt_framed_invoke(vm *vm, const t2_deopt *r, jvalue *lv, jmethod *callee, uint32_t kind) {
    uint32_t fc = vm->frame_count;
    if (r->n >= 1 && r->n <= T2_MAX_FRAMES && callee->arg_slots > r->f[r->n - 1].depth)
        return interp_throw_internal(vm, "tier 2: an inlined call's arguments outside its frame");
    vm_status st = push_framed(vm, r, lv, fc);
    if (st != VM_OK) return st;
    const t2_dframe *in = &r->f[r->n - 1];
    /* invokestatic initializes the class first (the inlined frames seen) */
    if (kind == JIT_INV_DIRECT && (callee->access & ACC_STATIC)) st = jit_rt_init_class(vm, callee->owner);
    if (st == VM_OK)
        st = jit_rt_invoke(vm, &vm->frames[vm->frame_count - 1], callee,
                           lv + in->base + in->nl + in->depth - callee->arg_slots, kind);
    vm->frame_count = fc;
    return st;
}
