/* verify.h - the bytecode verifier (JVMS 4.10), run when a user class is
 * loaded, before any of its code can run.
 *
 * Class files of version 50 and up are type-checked against their
 * StackMapTable (JVMS 4.10.1); older ones go through type inference with
 * merging at join points (JVMS 4.10.2, the classic data-flow verifier;
 * jsr/ret never get here: the parser rejects them).  A version-50 class
 * that fails type checking is retried with type inference, as HotSpot's
 * failover does.  See src/verify/README.md for what is checked, what the
 * JIT may rely on, and what is left to resolution at run time.
 *
 * The verifier loads classes (rt_find_class) only when an assignability
 * check between two different reference types cannot be decided from the
 * names alone; loading runs no Java code.
 */
#ifndef VIFVM_VERIFY_VERIFY_H
#define VIFVM_VERIFY_VERIFY_H

#include <stdint.h>
#include "../runtime/vm_state.h"

typedef struct verify_stats {
    uint32_t methods;      /* methods with code verified */
    uint64_t code_bytes;   /* their total bytecode length */
    uint32_t inferred;     /* of which by type inference (version < 50) */
    uint64_t max_work;     /* largest work count of one method (the limit
                              is VERIFY_MAX_WORK, verify_internal.h) */
} verify_stats;

/* Verify every method of class c (loaded, linked, in the class table).
 * VM_OK; VM_ERR_VERIFY with a detail such as
 *   "Foo.bar(I)V at offset 12: expected int, found reference java/lang/String";
 * VM_ERR_LIMIT (method too large for the verifier's memory budget, with a
 * detail); VM_ERR_NOMEM; or VM_ERR_EXCEPTION when loading a class needed
 * for an assignability check failed (that exception is pending).
 * `stats` may be NULL; otherwise the counts are added to it. */
vm_status verify_class(vm *vm, jclass *c, verify_stats *stats, vm_diag *d);

/* verify_class with options (tests): VERIFY_INFER_ALL runs type inference
 * on every method whatever the version (the StackMapTable is ignored). */
#define VERIFY_INFER_ALL 0x1u
vm_status verify_class_ex(vm *vm, jclass *c, unsigned flags, verify_stats *stats,
                          vm_diag *d);

#endif
