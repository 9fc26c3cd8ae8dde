/* limits.h - the sandbox's runtime limits: the instruction budget (the
 * protocol the interpreter and JIT code share) and the per-VM load limits
 * (classes, methods, bytes of bytecode).  Public knobs: vm_limits and
 * vm_set_budget / vm_budget_used / vm_budget_where in vm.h.
 *
 * ---- Instruction budget: the tick protocol --------------------------------
 * The counter is `int64_t budget_left` in struct vm (vm_state.h), at byte
 * offset VM_BUDGET_OFFSET from the vm pointer.  A TICK is
 *
 *     if (--vm->budget_left < 0) {            // x86-64: sub qword [vm+off], 1
 *         save the frame's pc/sp;             //         js   slow
 *         st = rt_budget_expired(vm, m);      // m: the running method
 *         if (st != VM_OK) unwind with st;    // VM_ERR_BUDGET
 *     }
 *
 * (compiled code with REGBUDGET keeps the counter in r14 while it runs:
 * `sub r14, 1; js slow`, stored to budget_left before every call into C
 * and loaded back after it, src/jit/jit_invoke.c), and is executed
 *   - on every TAKEN transfer of control to a bytecode offset <= the offset
 *     of the transferring instruction (goto, goto_w, if*, tableswitch,
 *     lookupswitch; for a superinstruction, its first instruction's offset:
 *     the interpreter compares the new ip with the old one, so any cycle of
 *     the control-flow graph ticks at least once per turn);
 *   - on every invoke (before the callee runs; natives included);
 *   - on every entry into an exception handler (an exception handler
 *     range covering its own handler loops without a branch).
 * Forward branches and straight-line code never tick.
 * Work C does for the running code is CHARGED too, so that the budget
 * bounds time and not just ticks (a loop allocating 16 MiB per turn, or
 * thrashing the collector with the heap nearly full, ticks once per turn):
 * rt_budget_charge subtracts without checking, and the next tick aborts.
 * Charged: large allocations (1 tick per 4 KiB), every collection
 * (1 per KiB of heap in use, 16 per Java frame scanned) and output
 * (1 per 16 bytes given to System.out/err: writing a huge String in a
 * loop costs its size, not one call).
 *
 * rt_budget_expired is the slow path: with no budget set (0 = unlimited)
 * it refills the counter and returns VM_OK; otherwise it records the
 * method, marks the budget exhausted and returns VM_ERR_BUDGET.
 * Exhaustion is sticky until the next vm_set_budget: the counter stays at
 * 0 (every later tick takes the slow path again) and interp_run refuses
 * to enter Java, so C code that turns the status into something else
 * (e.g. a Java exception while constructing one) cannot let the VIFlet
 * continue: its next tick, handler entry or call aborts again.
 *
 * VM_ERR_BUDGET is NOT a Java exception: like VM_ERR_EXIT it unwinds every
 * Java frame up to the outermost C entry (interp.c: `exception:` with a
 * status other than VM_ERR_EXCEPTION) without running any handler or
 * finally block, so a VIFlet cannot catch it.  Compiled code must do the
 * same: return the status from its frame as it returns VM_ERR_EXIT.
 *
 * ---- Load limits ------------------------------------------------------------
 * vm_limits.max_classes / max_methods / max_code_bytes bound what user
 * classes (not the boot library) a VM loads; a class that would pass one
 * is refused with LinkageError "vifvm: class limit (N) reached loading X"
 * (method limit, code limit likewise) before it is linked.
 */
#ifndef VIFVM_RUNTIME_LIMITS_H
#define VIFVM_RUNTIME_LIMITS_H

#include <stddef.h>
#include "vm_state.h"

struct cf_class;

#define VM_BUDGET_OFFSET offsetof(struct vm, budget_left)
/* counter value when no budget is set (refilled when it runs out) */
#define VM_BUDGET_UNLIMITED INT64_MAX

/* Statuses that unwind all Java frames without running any handler
 * (System.exit, budget exhausted): C code that would otherwise turn a
 * failure into a Java exception must pass these through. */
static inline bool rt_status_aborts(vm_status st) {
    return st == VM_ERR_EXIT || st == VM_ERR_BUDGET;
}

#define VM_BUDGET_ALLOC_SHIFT 12  /* large allocations: bytes >> 12 ticks */
#define VM_BUDGET_GC_HEAP_SHIFT 10 /* a collection: heap bytes >> 10 ticks */
#define VM_BUDGET_GC_FRAME 16u     /*  + this per Java frame */
#define VM_BUDGET_OUT_SHIFT 4      /* output: bytes >> 4 ticks */
static inline void rt_budget_charge(vm *vm, uint64_t ticks) {
    vm->budget_left -= (int64_t)(ticks & (uint64_t)INT32_MAX);
}

/* vm_set_budget, inline (the datapath sets a budget before every handler
 * call). */
static inline void rt_budget_set(vm *vm, uint64_t n) {
    if (n > (uint64_t)VM_BUDGET_UNLIMITED - 1) n = (uint64_t)VM_BUDGET_UNLIMITED - 1;
    vm->budget_start = n;
    vm->budget_left = n ? (int64_t)n : VM_BUDGET_UNLIMITED;
    vm->budget_exhausted = false;
    vm->budget_where = NULL;
    vm->budget_user_where = NULL;
}

/* The tick's slow path (see above).  `m` is the running method (NULL if
 * none); cold, out of line. */
vm_status rt_budget_expired(vm *vm, const jmethod *m);

/* Charge a freshly parsed class against the load limits (nothing to do
 * for boot classes).  VM_OK, or a pending LinkageError (VM_ERR_EXCEPTION,
 * detail in d) after freeing *cf and setting it to NULL. */
vm_status rt_charge_load_limits(vm *vm, struct cf_class **cf, bool is_boot,
                                vm_diag *d);

#endif
