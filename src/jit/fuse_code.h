/* fuse_code.h - the code emission shared by the native stage entry
 * (fuse_entry.c) and the field programs (fuse_prog.c). */
#ifndef VIFVM_JIT_FUSE_CODE_H
#define VIFVM_JIT_FUSE_CODE_H

#include "jit_internal.h"
#include "x86_emit.h"

/* Assemble emit(ctx) (with `labels` labels) into vm's code cache, shrink
 * and seal it (W^X) and name it to the platform's code_emitted hook
 * (name, or dflt): *exec the code (exec view), *len its bytes. On a
 * failure the space stays in the code cache until vm_destroy. */
vm_status fuse_code_emit(vm *vm, x86_gen_fn emit, void *ctx, uint32_t labels, const char *name,
                         const char *dflt, uint8_t **exec, uint32_t *len);

#endif
