/* vm.h - public API of one VM instance.
 *
 * Everything a VM needs is handed in at creation: the platform (allocator,
 * clock, output, files), the limits, the class path and the embedded boot
 * library.  There are no mutable globals; any number of VMs may live in one
 * process, each with its own heap, statics and classes.  A VM is
 * single-threaded: one caller thread at a time.
 */
#ifndef VIFVM_RUNTIME_VM_H
#define VIFVM_RUNTIME_VM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../core/platform.h"
#include "../core/diag.h"
#include "bootlib.h"

typedef struct vm_limits {
    size_t heap_max;        /* bytes of Java heap (quota): OutOfMemoryError beyond */
    size_t stack_bytes;     /* bytes of Java value stack (locals + operands) */
    uint32_t max_frames;    /* call depth: StackOverflowError beyond */
    size_t max_class_bytes; /* largest class file / jar entry accepted */
    /* sandbox limits (src/runtime/limits.h); 0 = unlimited for each */
    uint64_t insn_budget;   /* instruction budget of one run (vm_run_main;
                               vm_set_budget for other entries): backward
                               branches + invokes + handler entries */
    uint32_t max_classes;   /* user classes loaded (boot classes are free) */
    uint32_t max_methods;   /* methods of those classes */
    uint64_t max_code_bytes;/* bytes of bytecode in those methods */
    size_t native_stack_bytes; /* C stack the VM may use below its outermost
                               entry (compiled Java calls recurse on it):
                               StackOverflowError beyond.  0 = the default;
                               set it below the host thread's stack size
                               (a kernel stack: a few KB) */
} vm_limits;

/* Defaults used by the vifvm command (also a good starting point). */
#define VM_DEFAULT_HEAP_MAX    (256u * 1024 * 1024)
#define VM_DEFAULT_STACK_BYTES (8u * 1024 * 1024)
#define VM_DEFAULT_MAX_FRAMES  32768u
#define VM_DEFAULT_CLASS_BYTES (16u * 1024 * 1024)
#define VM_DEFAULT_NATIVE_STACK (1u * 1024 * 1024)

typedef struct vm_config {
    const vm_platform *plat;
    vm_limits limits;
    const char *classpath;      /* ':'-separated dirs and jars; NULL = "." */
    const vm_bootlib *bootlib;  /* embedded java.* / vif.* classes */
    bool interpret_only;        /* --int: never JIT-compile (default: each
                                   method is compiled on its first call) */
    bool no_verify;             /* -Xverify:none: skip the bytecode verifier
                                   for user classes (zero, the default, verifies;
                                   boot classes are never verified) */
    uint32_t jit_opts_disabled; /* JIT optimizations turned off (-Xjit:-name):
                                   bits 1u << JIT_OPT_<NAME> of jit/jit_stats.h;
                                   zero, the default, enables every one.  The
                                   VM keeps the enabled mask (vm->jit_opts_enabled) */
    uint32_t jit_threshold;     /* compile a method when it is called with this
                                   many calls already made: 0, the default,
                                   compiles before the first call (see
                                   jit/jit_policy.c for the measurement) */
    const char *const *properties; /* system properties, "key=value" each
                                   (vifvm's -Dkey=value; "key" alone: the
                                   empty value); copied by vm_create.
                                   They override the VM's own values */
    uint32_t property_count;
} vm_config;

typedef struct vm_stats {
    uint64_t bytecodes;         /* executed bytecodes (counted when enabled) */
    uint32_t classes_loaded;
    uint32_t gc_count;
    uint64_t gc_time_ns;
    size_t heap_peak;
    size_t heap_used;
    uint32_t verified_methods;  /* user methods verified (src/verify) */
    uint64_t verified_bytes;    /* their bytecode bytes */
    uint64_t verify_time_ns;    /* time spent verifying (class loads it
                                   triggers included) */
    uint32_t jit_compiled;      /* methods compiled by the JIT */
    uint32_t jit_refused;       /* methods the JIT left to the interpreter */
    uint64_t jit_code_bytes;    /* machine code emitted */
    uint64_t jit_time_ns;       /* time spent compiling (pure: without
                                   jit_resolve_ns) */
    uint64_t jit_resolve_ns;    /* time the JIT spent resolving constant-pool
                                   entries (class loading and linking) */
    char jit_first_refusal[192]; /* "Cls.m(desc): reason" of the first refusal */
} vm_stats;

#include "vm_typedef.h" /* typedef struct vm vm; (see there why) */

vm_status vm_create(const vm_config *cfg, vm **out, vm_diag *d);
void vm_destroy(vm *vm);

/* Load `main_class` (binary name, '.' or '/' separated), find
 * `public static void main(String[])`, and run it with `args`.
 * *exit_code receives the process exit status java would have:
 * 0 on normal return, the System.exit() status, 1 after an uncaught
 * exception (which has been printed to stream 2 as java prints it).
 * Returns VM_OK when the program ran (whatever its exit code), or an error
 * status (class not found, no main, malformed class, ...) with a detail
 * such as "Error: Could not find or load main class X".  The run gets
 * limits.insn_budget; when it runs out: VM_ERR_BUDGET, detail
 * "instruction budget of N exhausted in pkg.Cls.method". */
vm_status vm_run_main(vm *vm, const char *main_class, int argc,
                      const char *const *argv, int *exit_code, vm_diag *d);

void vm_get_stats(const vm *vm, vm_stats *out);

/* Instruction budget (src/runtime/limits.h).  vm_set_budget gives the
 * next entries into Java (until the next call) `n` ticks - one per taken
 * backward branch, invoke and exception-handler entry - after which the
 * running code is aborted with VM_ERR_BUDGET: every Java frame up to the
 * outermost entry is popped and no Java handler or finally block runs.
 * n = 0: unlimited.  vm_run_main sets limits.insn_budget itself.
 * vm_budget_used: ticks since the last vm_set_budget (> n once aborted).
 * vm_budget_exhausted: the budget ran out since the last vm_set_budget
 * (every entry into Java since then returned VM_ERR_BUDGET).
 * vm_budget_where: "pkg.Cls.method" that was running when the budget ran
 * out ("" if it has not).
 * vm_budget_caller: when that method is a library one, the innermost
 * user-class method on the stack then ("" if none, or the same). */
void vm_set_budget(vm *vm, uint64_t n);
uint64_t vm_budget_used(const vm *vm);
bool vm_budget_exhausted(const vm *vm);
void vm_budget_where(const vm *vm, char *buf, size_t cap);
void vm_budget_caller(const vm *vm, char *buf, size_t cap);
/* Interrupts and time limits (runtime/limits.h: checked at the end of
 * each slice of the budget, about every million ticks, whether or not a
 * budget is set).  vm_set_interrupt: while *flag is nonzero (a host's
 * signal handler sets it), running Java code is aborted with
 * VM_ERR_INTERRUPTED, unwinding like VM_ERR_BUDGET; NULL: none.
 * vm_set_time_limit: code run after each vm_set_budget is aborted with
 * VM_ERR_TIMEOUT once it has run about ns nanoseconds of its clock
 * (vm_platform.limit_clock; the clock starts at the first check, after
 * the first 65536 ticks); 0: none.
 * vm_abort_status: VM_ERR_BUDGET / _INTERRUPTED / _TIMEOUT once the code
 * run since the last vm_set_budget was aborted, else VM_OK.
 * vm_abort_in_oom: that abort came while an OutOfMemoryError was being
 * built (the heap at its quota: report it as out of memory). */
void vm_set_interrupt(vm *vm, const volatile int *flag);
void vm_set_time_limit(vm *vm, uint64_t ns);
vm_status vm_abort_status(const vm *vm);
bool vm_abort_in_oom(const vm *vm);
/* Count executed bytecodes (slower dispatch); off by default. */
void vm_set_count_bytecodes(vm *vm, bool on);

#endif
