/* interp_resume.c - the interpreter entered in the middle of a method:
 * "resume at this pc with these locals and this operand stack".
 *
 * Used when optimized code (the JIT's second tier, src/jit/t2_codegen.c)
 * cannot go on: it writes the frame(s) its recorded frame state describes
 * into vm->frames - the values in the value stack, each frame's method,
 * locals, stack base, sp and pc, the bottom one marked FRAME_ENTRY, the
 * ones above it being inlined callees as the interpreter's own invokes
 * would have pushed them - and calls interp_resume, which runs the top
 * frame from its pc with the ordinary interpreter loop.  The interpreter
 * then executes the instruction the optimized code stopped at itself (so
 * an exception is created, caught and traced exactly as if the method had
 * been interpreted from the start), returns from the inner frames into
 * the outer ones (past their invoke), and returns to the caller of the
 * optimized code when the FRAME_ENTRY frame returns or an exception
 * leaves it.
 */
#include "interp_internal.h"

vm_status interp_resume(vm *vm, uint32_t n_frames, jvalue *ret) {
    uint32_t fc = vm->frame_count;
    if (n_frames == 0 || n_frames > fc || !(vm->frames[fc - n_frames].flags & FRAME_ENTRY))
        return interp_throw_internal(vm, "interp_resume: no entry frame");
    /* every method of the frames gets its quickened code (the interpreter
     * returns into the outer ones) */
    for (uint32_t i = fc - n_frames; i < fc; i++) {
        vm_status st = interp_prepare(vm, vm->frames[i].method);
        if (st != VM_OK) {
            vm->frame_count = fc - n_frames;
            return st;
        }
    }
    /* each exit runs the interpreter one C level deeper (until the method
     * returns): the C-stack limits of interp_run apply; past them the
     * instruction raises StackOverflowError instead */
    if (vm->native_depth == 0) vm_native_stack_mark(vm);
    if ((vm->native_depth >= VM_MAX_NATIVE_DEPTH && !vm->in_reserve) || vm_native_stack_low(vm)) {
        vm_status st = interp_stack_overflow(vm);
        vm->frame_count = fc - n_frames;
        return st;
    }
    vm->native_depth++;
#ifdef VIFVM_INTERP_SWITCH
    vm_status st = vm->plat->interp_switch ? interp_execute_switch(vm, ret) : interp_execute(vm, ret);
#else
    vm_status st = interp_execute(vm, ret);
#endif
    vm->native_depth--;
    vm->frame_count = fc - n_frames;  /* interp_execute pops them; be certain */
    if (vm->budget_exhausted && st != vm->budget_status) {
        /* as interp_run: an abort on the way is reported as the abort */
        vm->exception = NULL;
        st = vm->budget_status;
    }
    return st;
}
