/* jit.h - the baseline method JIT: Java bytecode to x86-64.
 *
 * jit_compile translates one method (its original bytecode, m->code, with
 * the constant-pool resolutions held in the class's cp_cache) into a
 * native function and stores it in m->jit_entry.  The function has the
 * interpreter's JIT-hook signature (interp_jit_fn, interp/interp.h):
 *
 *     vm_status fn(vm *vm, jmethod *m, jvalue *args, jvalue *ret);
 *
 * and runs under the frame the interpreter pushed for it
 * (interp_call_native: frames[frame_count-1], locals = args).  On entry
 * it turns that frame into an ordinary Java frame (the locals past the
 * arguments that an astore writes zeroed, operand stack at locals +
 * max_locals, FRAME_NATIVE cleared),
 * so compiled frames look exactly like interpreted ones: locals and
 * operands live in the value stack, and before every call, allocation or
 * throwing helper the code stores the bytecode pc and sp into the frame.
 * The GC scans it with the bytecode stack maps, stack traces show its pc.
 *
 * Exceptions: a helper that fails returns VM_ERR_EXCEPTION; the compiled
 * code searches its own exception table (interp_find_handler) and jumps to
 * the handler, or returns the status to its caller, whose handler search
 * then runs (interpreter or compiled code alike).  Calls between compiled
 * methods are direct (FASTINV: the caller ticks the budget, checks the
 * frame and C-stack limits and pushes the callee's frame inline, then
 * calls its fast entry; MCACHE: per-site inline caches for virtual and
 * interface calls); anything unusual, and calls to interpreted methods,
 * go through the C helper jit_rt_invoke (jit_rt.c, then rt_call).  The
 * optimizations (jit_stats.h, each switchable with -Xjit:) live in
 * jit_vstack.c (compile-time operand stack, write-back of cached int
 * locals), jit_fastops.c (register-cached locals, fused arithmetic/
 * compare/array/field forms), jit_loops.c (loops: array-length caching,
 * bounds-check elimination by loop versioning), jit_invoke.c and
 * jit_inline.c (calls, inlining, the budget counter in r14).
 *
 * A method the JIT cannot compile (an unsupported instruction, an entry it
 * cannot resolve) is left alone and jit_compile says why; it stays
 * interpreted.  Executable memory comes in dual-mapped chunks
 * (vm->plat->code_map_dual: written through an RW view, run from an RX
 * one) or, without them, from vm->plat->code_alloc (RW) switched to RX
 * with code_protect_exec before use (W^X); it is freed by
 * jit_free_code_cache at VM teardown (jit_cache.c).  jit_compile may load classes (to
 * resolve constant-pool entries) and so may allocate: call it only at a
 * point where every frame's pc/sp are saved (a GC safepoint).
 */
#ifndef VIFVM_JIT_JIT_H
#define VIFVM_JIT_JIT_H

#include "../runtime/vm_state.h"
#include "../core/diag.h"

/* Compile m.  VM_OK: m->jit_entry is set.  VM_ERR_UNSUPPORTED with the
 * reason in d: not compilable, m unchanged (stays interpreted).
 * VM_ERR_NOMEM / VM_ERR_LIMIT: no memory / code too large.  Never leaves
 * a Java exception pending. */
vm_status jit_compile(vm *vm, jmethod *m, vm_diag *d);

/* Free the code of every compiled method of vm's classes and clear their
 * jit_entry (VM teardown, before the classes are freed). */
void jit_free_code_cache(vm *vm);

/* Compile m before its first run unless the VM is interpret-only or m is
 * already compiled or not compilable; counts into vm->stats.  Call at a GC
 * safepoint (jit_policy.c). */
void jit_on_first_call(vm *vm, jmethod *m);

/* Bytes of machine code of a compiled method (0 if not compiled). */
uint32_t jit_code_size(const jmethod *m);
/* The same for any block's code (code: its exec address), 0 if not one */
uint32_t jit_code_block_size(const void *code);

#endif
