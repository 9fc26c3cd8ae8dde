/* vifvm_pathcode.h - straight-line host code made by the JIT's encoder
 * (issue 14: a fused VIF path's run as one native function, made by the
 * datapath per plan; src/jit/fuse_path.c).
 *
 * The host describes its work as a list of operations on memory at fixed
 * addresses (its own objects, constant while the code is kept), on the
 * fields of the function's first argument, and calls of functions with
 * arguments from those; vm_pathcode_emit makes
 *
 *     uint32_t fn(void *arg, void *arg2)
 *
 * that runs the list in order and returns the value of the first exit
 * taken, or of the final VM_PC_RET.  Nothing of the VM is used: the code
 * lives in executable memory of the platform given (code_alloc, W^X),
 * freed by vm_pathcode_free; calls are `call rel32` where the target is
 * in reach, else through a register, or with the platform's
 * indirect-call thunks (the kernel's retpolines) through the thunk for
 * rax: no indirect branch then. */
#ifndef VIFVM_PATHCODE_H
#define VIFVM_PATHCODE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "vifvm_status.h"
#include "vifvm_platform.h"

/* Where an operand is. */
enum vm_pc_where {
    VM_PC_ABS = 0,    /* at base + off */
    VM_PC_ARG,        /* at arg + off (the function's first argument) */
    VM_PC_DEREF,      /* at *(void **)(base + off) + off2 (a pointer read
                         when the operation runs) */
};
typedef struct vm_pc_loc {
    uint8_t where;
    const void *base;
    int32_t off, off2;
} vm_pc_loc;

/* A call's argument. */
enum vm_pc_src {
    VM_PC_IMM = 0,    /* imm */
    VM_PC_ARG0,       /* the function's first argument */
    VM_PC_ARG1,       /* its second */
    VM_PC_LD32,       /* the 32 bits at loc (zero-extended) */
    VM_PC_LD64,       /* the 64 bits at loc */
    VM_PC_FRAME,      /* the address of the function's own 32-bit slot
                         (VM_PC_SET_FRAME32; e.g. a value a callee keeps
                         for the next, which lives as long as the call) */
    VM_PC_EXITV,      /* (VM_PC_LEAVE only) the value of the exit taken */
};
typedef struct vm_pc_arg {
    uint8_t src;
    uint64_t imm;
    vm_pc_loc loc;
} vm_pc_arg;

enum vm_pc_kind {
    VM_PC_EXIT_IF_NE64 = 0, /* the 64 bits at a != imm: return ret */
    VM_PC_EXIT_IF_GT32,     /* the 32 bits at a > imm (unsigned): return ret */
    VM_PC_INC32_WRAP,       /* h = the 32 bits at a, plus 1; 0 when h equals
                               the 32 bits at b; stored at a */
    VM_PC_ADD64,            /* the 64 bits at a += imm (a 32-bit signed value) */
    VM_PC_ADD64_LD32,       /* the 64 bits at a += the 32 bits at b (zero-extended) */
    VM_PC_STORE32,          /* the 32 bits at a = imm */
    VM_PC_STORE8,           /* the byte at a = imm */
    VM_PC_CALL,             /* fn(args[0 .. nargs)); unless the byte at a is
                               non-zero when `guard` is set (then no call);
                               with `exit_nz`: the 32-bit answer non-zero,
                               return ret */
    VM_PC_RET,              /* return ret (the last operation) */
    VM_PC_SET_FRAME32,      /* the function's own slot (VM_PC_FRAME) = imm */
    VM_PC_PROG,             /* a field program (prog, include/vifvm_jit.h):
                               as VM_PC_CALL of its code fn with the six
                               arguments of vm_field_prog_fn (the sixth
                               VM_PC_FRAME) and exit_nz - or its body
                               emitted in the function itself (branch fx22:
                               no call; not with VM_PC_NO_INLINE, a guard,
                               another sixth argument, or a program longer
                               than the body mode takes) */
    VM_PC_LEAVE,            /* (branch fx23; at most one, anywhere: emits
                               nothing where it is) every exit whose value
                               is not imm leaves by `return fn(args)`: the
                               arguments loaded (VM_PC_EXITV: the exit's
                               value), the function's frame popped, then
                               a jump to fn (a tail call), whose answer is
                               the function's; the exits of value imm
                               return it */
};
#define VM_PC_MAX_ARGS 6

typedef struct vm_pc_op {
    uint8_t kind;
    bool guard, exit_nz;
    /* (branch fx23) VM_PC_CALL without guard or exit_nz: `return
     * fn(args)` - the arguments loaded, the function's frame popped, a
     * jump to fn (a tail call: its answer is the function's; the
     * operations after it are not reached) */
    bool tail;
    uint8_t nargs;
    vm_pc_loc a, b;
    int64_t imm;
    uint32_t ret;
    const void *fn;
    vm_pc_arg args[VM_PC_MAX_ARGS];
    const struct vm_field_prog *prog;   /* VM_PC_PROG */
} vm_pc_op;

/* Executable code made by vm_pathcode_emit. */
typedef uint32_t (*vm_pathcode_fn)(void *arg, void *arg2);
typedef struct vm_pathcode {
    vm_pathcode_fn fn;          /* NULL: none */
    const vm_platform *plat;
    void *mem;
    size_t mem_size;            /* mapped */
    uint32_t bytes;             /* code */
} vm_pathcode;

/* ops[0 .. n) (the last a VM_PC_RET) as one function in plat's
 * executable memory (code_alloc, code_protect_exec, code_free required;
 * indirect_thunks honoured), named `name` to the code_emitted hook given
 * (named(ud, name, code, bytes): e.g. a perf map, a disassembly; NULL:
 * none).  VM_ERR_ARG for a malformed list, VM_ERR_NOMEM, VM_ERR_LIMIT (a
 * call out of reach with thunks), VM_ERR_UNSUPPORTED (no executable
 * memory). */
vm_status vm_pathcode_emit(const vm_platform *plat, const vm_pc_op *ops, uint32_t n,
                           const char *name,
                           void (*named)(void *ud, const char *name, const void *code,
                                         size_t size),
                           void *ud, vm_pathcode *out);
void vm_pathcode_free(vm_pathcode *c);

/* Many functions in few mappings (branch fx20: one per re-fusion of the
 * datapath's plans): vm_pathcode_region_emit makes each function as
 * vm_pathcode_emit does, one after the other (16-aligned) in the region's
 * memory - the first mapping sized by the hint given (an estimate of all
 * the code), a further one (twice the last) only when a function does not
 * fit - all written first, then made executable at once by
 * vm_pathcode_region_seal (W^X: no function may run before); the
 * vm_pathcode it gives owns no memory (mem NULL: not for vm_pathcode_free)
 * and lives until vm_pathcode_region_free frees them all.  A function
 * that fails leaves the region usable for the next; a seal that fails
 * leaves none runnable (free the region). */
struct vm_pc_chunk;
struct vm_pc_gen;
/* the object addresses in r10/r11, forgotten at each call, instead of in
 * callee-saved r13/r14 kept across calls (the reference: branch fx19's
 * code) */
#define VM_PC_NO_KEEP 1u
/* VM_PC_PROG as calls of the programs' code (branch fx19's code) */
#define VM_PC_NO_INLINE 2u
/* each inlined body finds the header values it reads (the IP header's
 * place through the frame slot, as a called program does) instead of
 * taking those an earlier body of the function found: the header
 * getters' values kept in the frame, read once per packet */
#define VM_PC_NO_SHARE 4u
typedef struct vm_pathcode_region {
    const vm_platform *plat;
    size_t hint;                /* the first mapping's size (rounded to pages) */
    struct vm_pc_chunk *chunks; /* the mappings, the newest first */
    struct vm_pc_gen *gen;      /* the emitter's state while writing */
    bool sealed;
    uint32_t flags;             /* VM_PC_NO_KEEP, VM_PC_NO_INLINE, VM_PC_NO_SHARE
                                   (set after init) */
    uint32_t n_maps;            /* mappings */
    size_t mapped;              /* ... their bytes */
    uint32_t n_fns;             /* functions made */
    uint64_t bytes;             /* ... their code */
} vm_pathcode_region;

void vm_pathcode_region_init(vm_pathcode_region *r, const vm_platform *plat, size_t hint);
vm_status vm_pathcode_region_emit(vm_pathcode_region *r, const vm_pc_op *ops, uint32_t n,
                                  const char *name,
                                  void (*named)(void *ud, const char *name, const void *code,
                                                size_t size),
                                  void *ud, vm_pathcode *out);
vm_status vm_pathcode_region_seal(vm_pathcode_region *r);
void vm_pathcode_region_free(vm_pathcode_region *r);

#endif
