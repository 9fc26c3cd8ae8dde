/* frames.h - the Java call stack of a VM instance.
 *
 * Java calls never recurse on the C stack: the interpreter pushes a jframe
 * and keeps running in the same C loop.  Values live in one contiguous
 * value stack (vm->stack); a callee's locals start at the caller's
 * arguments (no copy), followed by its operand stack:
 *
 *   caller:  [locals ... | operands ... arg0 arg1 ]
 *   callee:                             [locals (arg0 arg1 more...) | operands ...]
 *
 * GC safepoints are allocations, calls, and anything that may throw.  Before
 * reaching one, the running frame saves its `pc` and `sp`; every suspended
 * frame has them saved.  The GC scans, for each frame, the locals and the
 * operand slots below `sp` that the stack map (gc/stackmap.h) marks as
 * references at `pc`.  A frame suspended at an invoke has `sp` already
 * lowered past the arguments it passed (those now belong to the callee).
 */
#ifndef VIFVM_RUNTIME_FRAMES_H
#define VIFVM_RUNTIME_FRAMES_H

#include <stdint.h>
#include "object.h"

enum {
    FRAME_ENTRY  = 1, /* C called into Java here: return to C on exit */
    FRAME_NATIVE = 2  /* a native method: locals are its arguments */
};

/* Headroom kept back for raising StackOverflowError (and any exception
 * thrown near the limit): constructing a Throwable runs Java code (its
 * constructor, fillInStackTrace).  A normal call is refused (the
 * interpreter raises StackOverflowError) when
 *     vm->frame_count >= vm_frame_limit(vm)          (vm_state.h), or
 *     callee locals + max_stack would pass vm_stack_limit(vm);
 * both limits leave VM_FRAME_RESERVE frames / VM_STACK_RESERVE_SLOTS slots
 * free unless vm->in_reserve is nonzero.  The runtime sets in_reserve while
 * it constructs an exception (exceptions.c), so the constructor can run in
 * the reserve; vm_create guarantees max_frames and the value stack are
 * comfortably larger than the reserves. */
#define VM_FRAME_RESERVE       64u
#define VM_STACK_RESERVE_SLOTS 8192u

/* Bound on nested C-level entries into Java (rt_call from the runtime:
 * <clinit>, exception constructors, natives calling back into Java).  Each
 * costs C stack; beyond this depth the runtime raises StackOverflowError
 * instead of recursing further (vm->native_depth counts them). */
#define VM_MAX_NATIVE_DEPTH    256u

typedef struct jframe {
    jmethod *method;
    jvalue *locals;      /* locals[0 .. max_locals) */
    jvalue *stack;       /* operand stack base (= locals + max_locals) */
    jvalue *sp;          /* saved top of operand stack (next free slot) */
    uint32_t pc;         /* saved bytecode offset of the current insn */
    uint32_t flags;
} jframe;

#endif
