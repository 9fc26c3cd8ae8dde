/* fuse_entry.c - the native entry of a fused stage (issue 14): for a
 * handler entry prepared once (vm_handler_entry, include/vifvm_jit.h), a
 * few dozen instructions emitted, for a handler returning void, with the JIT's encoder (x86_emit.h) that
 * do what vm_call_handler_entry (src/api/api_fuse.c) and the compiled
 * method's C entry (jit_invoke.c, jc_gen_prologue) do together, with the
 * VM, the method, the value stack's base and the frame as constants (the
 * budget's slices and the time limit read from the entry, which must stay
 * where it is while the code is used: vm_handler_entry_retune changes
 * them without new code):
 *
 *     push rbx; push r14; push r12            (rsp 16-aligned at the call)
 *     rbx = vm; r12 = m
 *     vm->time_limit, budget_start, budget_reserve, budget_left (the first
 *       slice) from *e, budget_exhausted = 0, deadline = 0
 *                                                   (rt_budget_set_timed)
 *     frame_count | native_depth | in_reserve != 0, or m->jit_entry NULL:
 *       return DP_NOT_RUN (the caller takes the C entry: the general path)
 *     vm->stack[0..nargs) = args[0..nargs)
 *     native floors from rsp (vm_native_stack_mark: lea rcx, [rsp - n])
 *     unless already set from there; native_depth = 1; m->invocations++;
 *     frames[0].method = m, .locals = stack; frame_count = 1
 *     r14 = the first slice (REGBUDGET), rsi = &frames[0], rdx = stack,
 *     r8d = 1; call m->jit_entry + JIT_FAST_ENTRY_OFFSET
 *     budget_left = r14 (REGBUDGET); frame_count = 0; native_depth = 0
 *     eax: the status; 0 with budget_exhausted set: RAN_EXHAUSTED
 *
 * so the budget, the time limit, exceptions (left pending), aborts and
 * the collector (frames[0] and the value stack are as the C entry leaves
 * them) are those of vm_call_handler.  The value-stack check is done once
 * here (the stack never moves); an entry whose frame would not fit gets
 * no native code.  The code lives in the VM's code cache (freed with the
 * VM) and is named to the platform (code_emitted: the perf map).
 * vm_handler_entry_after (src/api/api_fuse.c) finishes what the code
 * leaves to C. */
#include "jit_internal.h"
#include "x86_emit.h"
#include "fuse_entry.h"
#include "fuse_code.h"
#include "../runtime/limits.h"
#include "../interp/interp.h"
#include "../core/mem.h"
#include "../core/fmt.h"

#define NOT_RUN       FUSE_ENTRY_NOT_RUN
#define RAN_EXHAUSTED FUSE_ENTRY_RAN_EXHAUSTED

#define OFF(f) ((int32_t)__builtin_offsetof(struct vm, f))
#define MOFF(f) ((int32_t)__builtin_offsetof(jmethod, f))
#define FOFF(f) ((int32_t)__builtin_offsetof(jframe, f))
#define EOFF(f) ((int32_t)__builtin_offsetof(vm_handler_entry, f))

typedef struct fe_gen {
    vm *vm;
    const vm_handler_entry *e;
    bool regbudget;
} fe_gen;

enum { L_NOT_RUN = 0, L_DONE, L_FLOORS, L_COUNT };

static void gen(x86_buf *b, void *ctx) {
    const fe_gen *g = ctx;
    vm *vm = g->vm;
    const vm_handler_entry *e = g->e;
    jmethod *m = e->m;
    uint32_t nargs = e->nargs;
    size_t n = vm->limits.native_stack_bytes;
    x86_endbr64(b);             /* called through e->native (IBT) */
    x86_push(b, X86_RBX);
    x86_push(b, X86_R14);
    x86_push(b, X86_R12);
    x86_movabs(b, X86_RBX, (uint64_t)(uintptr_t)vm);
    x86_movabs(b, X86_R12, (uint64_t)(uintptr_t)m);
    /* rt_budget_set_timed, its arithmetic done (vm_handler_entry_init):
     * read from *e, so that a new budget or time limit needs no new code
     * (vm_handler_entry_retune) */
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)e);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, EOFF(time_ns)));
    x86_st64(b, x86_m(X86_RBX, OFF(time_limit)), X86_RAX);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, EOFF(budget)));
    x86_st64(b, x86_m(X86_RBX, OFF(budget_start)), X86_RAX);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, EOFF(reserve)));
    x86_st64(b, x86_m(X86_RBX, OFF(budget_reserve)), X86_RAX);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, EOFF(first)));
    x86_st64(b, x86_m(X86_RBX, OFF(budget_left)), X86_RAX);
    x86_alu_rr32(b, X86_XOR, X86_RCX, X86_RCX);
    x86_st8(b, x86_m(X86_RBX, OFF(budget_exhausted)), X86_RCX);
    x86_st64(b, x86_m(X86_RBX, OFF(deadline)), X86_RCX);
    /* the short path's conditions (rt_call_compiled_inline) */
    x86_ld32(b, X86_RCX, x86_m(X86_RBX, OFF(frame_count)));
    x86_alu_rm32(b, X86_OR, X86_RCX, x86_m(X86_RBX, OFF(native_depth)));
    x86_alu_rm32(b, X86_OR, X86_RCX, x86_m(X86_RBX, OFF(in_reserve)));
    x86_jcc(b, X86_CC_NE, L_NOT_RUN);
    x86_ld64(b, X86_R11, x86_m(X86_R12, MOFF(jit_entry)));
    x86_test_rr64(b, X86_R11, X86_R11);
    x86_jcc(b, X86_CC_E, L_NOT_RUN);
    /* the arguments into the value stack */
    x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)vm->stack);
    for (uint32_t i = 0; i < nargs; i++) {
        x86_ld64(b, X86_RCX, x86_m(X86_RDI, (int32_t)(8 * i)));
        x86_st64(b, x86_m(X86_RDX, (int32_t)(8 * i)), X86_RCX);
    }
    /* the C-stack floors from here (vm_native_stack_mark), unless already
     * set from this very stack position */
    if (n <= 0x7fffffffu) {
        x86_lea(b, X86_RCX, x86_m(X86_RSP, -(int32_t)n));   /* lea rcx, [rsp - n] */
    } else {
        x86_mov_rr64(b, X86_RCX, X86_RSP);
        x86_mov_imm(b, X86_RAX, (int64_t)n);
        x86_alu_rr64(b, X86_SUB, X86_RCX, X86_RAX);
    }
    x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RBX, OFF(native_floor)));
    x86_jcc(b, X86_CC_E, L_FLOORS);
    x86_st64(b, x86_m(X86_RBX, OFF(native_floor)), X86_RCX);
    x86_mov_imm(b, X86_RAX, (int64_t)(n / 4));
    x86_alu_rr64(b, X86_SUB, X86_RCX, X86_RAX);
    x86_st64(b, x86_m(X86_RBX, OFF(native_floor_reserve)), X86_RCX);
    x86_bind(b, L_FLOORS);
    x86_st32_imm(b, x86_m(X86_RBX, OFF(native_depth)), 1);
    x86_alu_mi32(b, X86_ADD, x86_m(X86_R12, MOFF(invocations)), 1);
    /* frames[0]: its method and locals, as a compiled caller pushes a
     * frame (the fast entry sets stack, sp, pc and flags itself, before
     * anything can look at them; its slow entry too) */
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)&vm->frames[0]);
    x86_st64(b, x86_m(X86_RSI, FOFF(method)), X86_R12);
    x86_st64(b, x86_m(X86_RSI, FOFF(locals)), X86_RDX);
    x86_st32_imm(b, x86_m(X86_RBX, OFF(frame_count)), 1);
    /* the compiled method's fast entry, as its C entry calls it */
    if (g->regbudget) x86_ld64(b, X86_R14, x86_m(X86_RBX, OFF(budget_left)));
    x86_mov_ri32(b, X86_R8, 1);
    x86_alu_ri64(b, X86_ADD, X86_R11, (int32_t)JIT_FAST_ENTRY_OFFSET);
    x86_call_thunk(b, X86_R11);
    if (g->regbudget) x86_st64(b, x86_m(X86_RBX, OFF(budget_left)), X86_R14);
    x86_st32_imm(b, x86_m(X86_RBX, OFF(frame_count)), 0);
    x86_st32_imm(b, x86_m(X86_RBX, OFF(native_depth)), 0);
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, L_DONE);
    x86_ld8zx(b, X86_RCX, x86_m(X86_RBX, OFF(budget_exhausted)));
    x86_test_rr32(b, X86_RCX, X86_RCX);
    x86_jcc(b, X86_CC_E, L_DONE);
    x86_mov_imm(b, X86_RAX, RAN_EXHAUSTED);
    x86_jmp(b, L_DONE);
    x86_bind(b, L_NOT_RUN);
    x86_mov_imm(b, X86_RAX, NOT_RUN);
    x86_bind(b, L_DONE);
    x86_pop(b, X86_R12);
    x86_pop(b, X86_R14);
    x86_pop(b, X86_RBX);
    x86_ret(b);
}

bool vm_handler_entry_retune(vm_handler_entry *e, const vm_handler_entry *n) {
    if (!e->native || e->m != n->m || e->nargs != n->nargs || e->need != n->need) return false;
    e->budget = n->budget;
    e->first = n->first;
    e->reserve = n->reserve;
    e->time_ns = n->time_ns;
    return true;
}

vm_status vm_handler_entry_emit(vm *vm, vm_handler_entry *e, const char *name) {
    e->native = NULL;
    e->native_bytes = 0;
    jmethod *m = e->m;
    /* only where the short path applies at all: compiled, one or two
     * argument slots, a frame that fits the value stack outside the
     * reserve (the stack never moves: checked once) */
    size_t dl = m && m->desc ? vm_strlen(m->desc) : 0;
    if (!m || !m->jit_entry || e->nargs - 1u > 1u || dl < 3 || m->desc[dl - 1] != 'V' ||
        (size_t)(vm->stack_end - VM_STACK_RESERVE_SLOTS - vm->stack) < e->need)
        return VM_ERR_UNSUPPORTED;
    fe_gen g = { vm, e, ((vm->jit_opts_enabled >> JIT_OPT_REGBUDGET) & 1u) != 0 };
    uint8_t *exec = NULL;
    uint32_t len = 0;
    vm_status st = fuse_code_emit(vm, gen, &g, L_COUNT, name, "fused entry", &exec, &len);
    if (st != VM_OK) return st;
    e->native = (int32_t (*)(vm_value *))(void *)exec;
    e->native_bytes = len;
    return VM_OK;
}

vm_status fuse_code_emit(vm *vm, x86_gen_fn emit, void *ctx, uint32_t labels, const char *name,
                         const char *dflt, uint8_t **exec, uint32_t *len) {
    *exec = NULL;
    *len = 0;
    x86_buf b;
    vm_status st = x86_init(&b, vm->plat, labels);
    if (st != VM_OK) return st;
    uint32_t size = 0;
    st = x86_assemble(&b, emit, ctx, &size);
    uint8_t *x = NULL, *mem = st == VM_OK ? jit_code_alloc(vm, size, &x) : NULL;
    if (st == VM_OK && !mem) st = VM_ERR_NOMEM;
    if (st == VM_OK) st = x86_finish(&b, mem, size, (uintptr_t)x);
    uint32_t n = b.len;
    x86_free(&b);
    if (st == VM_OK) {
        jit_code_shrink(vm, mem, n);
        if (jit_code_seal(vm, mem) != 0) st = VM_ERR_INTERNAL;
    }
    if (st != VM_OK) return st;   /* (space in the code cache until vm_destroy) */
    *exec = x;
    *len = n;
    if (vm->plat->code_emitted) vm->plat->code_emitted(vm->plat->ud, name ? name : dflt, x, n);
    return VM_OK;
}
