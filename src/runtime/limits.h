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
 * loop costs its size, not one call).  Interned strings are not: the JIT
 * interns a method's string constants when it compiles it, the
 * interpreter when an ldc first runs (heap_perm_begin, gc/heap.h).
 *
 * ---- Slices: interrupts and the time limit ---------------------------------
 * The counter holds at most one SLICE of the budget; the rest waits in
 * vm->budget_reserve (ticks left in all = budget_left + budget_reserve).
 * A call starts with a short first slice (VM_BUDGET_FIRST_SLICE: the
 * usual handler never reaches its end), then VM_BUDGET_SLICE at a time.
 * With no budget (0 = unlimited) the reserve is VM_BUDGET_UNLIMITED_TOTAL
 * and is topped up when it runs low.  A charge of VM_BUDGET_CHECK_CHARGE
 * ticks or more (64 KiB allocated, a collection, 256 bytes of output)
 * ends the slice at once (moves what is left of it to the reserve), so
 * long C work reaches the check at the next tick.
 *
 * rt_budget_expired is the slow path, at the end of a slice:
 *   - ticks left in all < 0: with a budget, the budget is exhausted
 *     (VM_ERR_BUDGET: records the method, marks the budget exhausted);
 *   - the host's interrupt flag (vm_set_interrupt) is set:
 *     VM_ERR_INTERRUPTED;
 *   - a time limit is set (vm_set_time_limit): the first end of a slice
 *     after rt_budget_set starts the clock (vm_platform.limit_clock, so
 *     the short first slice is not counted: the usual call never reads the
 *     clock), a later one past the deadline returns VM_ERR_TIMEOUT;
 *   - else the next slice is loaded, the platform's preemption point
 *     (vm_platform.slice_end, if set) is called, and the code goes on
 *     (VM_OK).
 * So an interrupt or a time limit takes effect within one slice of ticks
 * (about a millisecond of compiled code, 20 ms interpreted) or the next
 * tick after a large charge.  Only the number of slow-path calls depends
 * on the slices: the ticks a run may take (and vm_budget_used) are exactly
 * as without them, in both engines.
 * Each abort is sticky until the next rt_budget_set: the counter stays at
 * 0 (every later tick takes the slow path again) and interp_run refuses
 * to enter Java, with vm->budget_status, so C code that turns the status
 * into something else (e.g. a Java exception while constructing one)
 * cannot let the VIFlet continue: its next tick, handler entry or call
 * aborts again.  vm->budget_in_oom records that the abort came while an
 * OutOfMemoryError was being built (collections are charged: a heap
 * thrashing at its quota is usually what exhausts the budget then).
 *
 * VM_ERR_BUDGET (and _INTERRUPTED, _TIMEOUT) is NOT a Java exception:
 * like VM_ERR_EXIT it unwinds every
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
/* slices (see above) */
#define VM_BUDGET_FIRST_SLICE (1 << 16)
#define VM_BUDGET_SLICE (1 << 20)
#define VM_BUDGET_CHECK_CHARGE 16u
/* ticks left in all when no budget is set (topped up when it runs low) */
#define VM_BUDGET_UNLIMITED_TOTAL ((int64_t)1 << 62)

/* Statuses that unwind all Java frames without running any handler
 * (System.exit, budget exhausted): C code that would otherwise turn a
 * failure into a Java exception must pass these through. */
static inline bool rt_status_aborts(vm_status st) {
    return st == VM_ERR_EXIT || st == VM_ERR_BUDGET || st == VM_ERR_INTERRUPTED ||
           st == VM_ERR_TIMEOUT;
}

#define VM_BUDGET_ALLOC_SHIFT 12  /* large allocations: bytes >> 12 ticks */
#define VM_BUDGET_GC_HEAP_SHIFT 10 /* a collection: heap bytes >> 10 ticks */
#define VM_BUDGET_GC_FRAME 16u     /*  + this per Java frame */
#define VM_BUDGET_OUT_SHIFT 4      /* output: bytes >> 4 ticks */
static inline void rt_budget_charge(vm *vm, uint64_t ticks) {
    int64_t t = (int64_t)(ticks & (uint64_t)INT32_MAX);
    vm->budget_left -= t;
    if (t >= (int64_t)VM_BUDGET_CHECK_CHARGE) {
        /* long C work: end the slice (the next tick checks) */
        vm->budget_reserve += vm->budget_left;
        vm->budget_left = 0;
    }
}

/* vm_set_budget, inline (the datapath sets a budget before every handler
 * call); also restarts the time limit's clock. */
static inline void rt_budget_set(vm *vm, uint64_t n) {
    if (n > (uint64_t)VM_BUDGET_UNLIMITED_TOTAL) n = (uint64_t)VM_BUDGET_UNLIMITED_TOTAL;
    int64_t total = n ? (int64_t)n : VM_BUDGET_UNLIMITED_TOTAL;
    int64_t first = total < VM_BUDGET_FIRST_SLICE ? total : VM_BUDGET_FIRST_SLICE;
    vm->budget_start = n;
    vm->budget_left = first;
    vm->budget_reserve = total - first;
    vm->budget_exhausted = false;
    vm->deadline = 0;
    /* budget_where, _user_where, _in_oom, _status: read only while
     * exhausted, and set by the abort (budget.c) */
}

/* rt_budget_set with a time limit for what runs until the next set (the
 * datapath: each VIF's own, per handler call). */
static inline void rt_budget_set_timed(vm *vm, uint64_t n, uint64_t time_ns) {
    vm->time_limit = time_ns;
    rt_budget_set(vm, n);
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
