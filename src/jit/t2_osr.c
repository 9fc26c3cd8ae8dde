/* t2_osr.c - tier 2 by counts, and on-stack replacement (issue 15).
 *
 * With -Xjit:tier2=hot (vm->jit_tier2_hot) tier 2 does not compile a
 * method at its first call: the baseline's code counts (jit_compile.c,
 * jc_gen_count: `sub dword [counter], 1; jle stub`, the counters in the
 * jmethod) its calls at its entry and its taken back edges after their
 * budget tick, and the count that runs out first compiles the method
 * (t2_rt_hot_call, t2_rt_backedge: at a GC safepoint, the frame's pc and
 * stack saved as for a call into C).  Its tier-2 code then replaces the
 * baseline's entry for the calls that follow.
 *
 * A back edge's count also replaces the running activation (on-stack
 * replacement; not with -Xjit:tier2=hot,-osr): when the branch's target,
 * a loop header, has an empty operand stack, tier 2 compiles a variant of
 * the method entered there (g->osr: t2_build.c's walk starts at that
 * header's block, its state t2_osr_params's parameters: every local the
 * frame holds, read from the frame's slots where the baseline's code keeps
 * them (its cached int locals written back by the stub), typed by the
 * stores that reach the header).  The baseline's code calls that code's
 * fast entry with its own frame (one frame: stack traces show the method
 * once) and returns what it returns: its result, or its status (an
 * exception thrown out of it, budget expiry) without running anything of
 * its own.  The variant leaves to the interpreter as any tier-2 code does
 * (t2_deopt.c, into the same frame), and its room check is made here
 * first (so it never falls back to the start of the method).  Variants
 * are kept per method and loop header (jmethod.t2_osr); their code
 * blocks are chained behind the method's tier-2 code (released with it),
 * so OSR needs the method's own tier-2 code first; a header whose variant
 * failed is remembered (two per method) and not tried again.  A variant is
 * reported to the platform's code_emitted hook (--jit-disasm, the perf map)
 * as "Class.method(desc) [osr@pcN]".
 */
#include "t2_main.h"
#include "t2_ir.h"
#include "t2_deopt.h"
#include "jit_codegen.h"
#include "../gc/stackmap.h"
#include "../runtime/limits.h"
#include "../core/mem.h"
#include "../core/fmt.h"

bool t2_hot_counts(const vm *vm, const jmethod *m) {
    return vm->jit_tier2_hot && vm->jit_tier2 && m->code &&
           !(vm->jit_tier2 == 1 && m->owner && m->owner->is_boot);
}

bool t2_pending(const vm *vm, const jmethod *m) {
    return !m->t2_tiered && t2_hot_counts(vm, m);
}

/* the method's own tier-2 compile, once; why: "calls" or "edges" */
static void tier_up(vm *vm, jmethod *m, const char *why, uint32_t n) {
    if (m->t2_tiered) return;
    m->t2_tiered = true;
    m->t2_calls_left = INT32_MAX;   /* (the entry's count: not again) */
    char hot[32];
    vm_snprintf(hot, sizeof hot, "%s@%u", why, n);
    t2_compile(vm, m, false, NULL, hot);
}

void *t2_rt_hot_call(vm *vm, jmethod *m) {
    tier_up(vm, m, "calls", vm->jit_tier2_calls);
    return NULL;
}

void vm_jit_osr_counts(const vm *vm, uint32_t *variants, uint64_t *entries) {
    *variants = vm->jit_tier2_osr;
    *entries = vm->jit_tier2_osr_entries;
}

/* ---- the variant's parameters -------------------------------------------- */

/* the successors of the instruction at pc: up to cap targets in t, and
 * whether it falls through; false for what OSR does not take */
static bool succs_of(const uint8_t *code, uint32_t pc, uint32_t len, uint32_t *t, uint32_t cap,
                     uint32_t *n, bool *falls) {
    uint8_t op = code[pc];
    *n = 0;
    *falls = true;
    if ((op >= OP_ifeq && op <= OP_if_acmpne) || op == OP_ifnull || op == OP_ifnonnull || op == OP_goto) {
        t[(*n)++] = (uint32_t)((int32_t)pc + jc_s2(code + pc + 1));
        *falls = op != OP_goto;
    } else if (op == OP_goto_w) {
        t[(*n)++] = (uint32_t)((int32_t)pc + jc_s4(code + pc + 1));
        *falls = false;
    } else if (op == OP_tableswitch || op == OP_lookupswitch) {
        uint32_t a = (pc + 4) & ~3u;
        if (a + 12 > len) return false;
        int32_t def = jc_s4(code + a), cnt;
        uint32_t step = 4, at = a + 12;
        if (op == OP_tableswitch) cnt = jc_s4(code + a + 8) - jc_s4(code + a + 4) + 1;
        else cnt = jc_s4(code + a + 4), step = 8, at = a + 8 + 4;
        if (cnt < 0 || (uint32_t)cnt + 1 > cap || at + (uint64_t)step * (uint32_t)cnt > len + (step == 8 ? 4u : 0u))
            return false;
        t[(*n)++] = (uint32_t)((int32_t)pc + def);
        for (int32_t i = 0; i < cnt; i++) t[(*n)++] = (uint32_t)((int32_t)pc + jc_s4(code + at + step * (uint32_t)i));
        *falls = false;
    } else if ((op >= OP_ireturn && op <= OP_return) || op == OP_athrow) {
        *falls = false;
    } else if (op == OP_jsr || op == OP_jsr_w || op == OP_ret) {
        return false;
    }
    for (uint32_t i = 0; i < *n; i++) if (t[i] >= len) return false;
    return true;
}

/* the local written by the instruction at pc (UINT32_MAX: none) and its type */
static uint32_t store_of(const uint8_t *code, uint32_t pc, char *ty) {
    static const char tys[5] = { 'I', 'J', 'F', 'D', 'A' };
    uint8_t op = code[pc];
    if (op >= OP_istore && op <= OP_astore) { *ty = tys[op - OP_istore]; return code[pc + 1]; }
    if (op >= OP_istore_0 && op <= OP_astore_3) { *ty = tys[(op - OP_istore_0) / 4]; return (uint32_t)(op - OP_istore_0) % 4; }
    if (op == OP_iinc) { *ty = 'I'; return code[pc + 1]; }
    if (op == OP_wide) {
        uint8_t w = code[pc + 1];
        if (w >= OP_istore && w <= OP_astore) { *ty = tys[w - OP_istore]; return jc_u2(code + pc + 2); }
        if (w == OP_iinc) { *ty = 'I'; return jc_u2(code + pc + 2); }
    }
    return UINT32_MAX;
}

/* the type of each local before osr_pc ('I' 'J' 'F' 'D' 'A', or 0:
 * undefined or conflicting, so never read there): the stores that reach
 * it, a forward pass over the bytecode to a fixed point */
#define OSR_MAX_STATE (1u << 20)
static vm_status local_types(t2_graph *g, uint32_t nl, char *out, vm_diag *d) {
    jmethod *m = g->m;
    const uint8_t *code = m->code->code;
    uint32_t len = m->code->code_len;
    if ((uint64_t)len * (nl + 1) > OSR_MAX_STATE) return vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: method too large");
    size_t sz = (size_t)len * (nl + 1);
    char *st = vm_zalloc(g->vm->plat, sz);   /* per pc: reached, then nl types */
    if (!st) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    char *cur = vm_zalloc(g->vm->plat, nl + 1);
    uint32_t t[66], n;   /* (a switch of more cases: refused, as t2_build.c does) */
    vm_status rs = VM_OK;
    if (!cur) { rs = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory"); goto out; }
    /* the entry: the arguments, by descriptor */
    st[0] = 1;
    uint32_t s = 0;
    if (!(m->access & ACC_STATIC)) st[1 + s++] = 'A';
    for (const char *p = m->desc + 1; *p && *p != ')' && s < nl; p++) {
        char ty = *p == 'J' || *p == 'D' || *p == 'F' || *p == 'L' || *p == '[' ? (*p == 'L' || *p == '[' ? 'A' : *p) : 'I';
        st[1 + s++] = ty;
        if (ty == 'J' || ty == 'D') s++;
        while (*p == '[') p++;
        if (*p == 'L') while (*p && *p != ';') p++;
        if (!*p) break;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t pc = 0, l; pc < len; pc += l) {
            l = jc_insn_len(code, pc, len);
            if (!l) { rs = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: pc %u: bad instruction", pc); goto out; }
            char *in = st + (size_t)pc * (nl + 1);
            if (!in[0]) continue;
            vm_memcpy(cur, in, nl + 1);
            char ty;
            uint32_t k = store_of(code, pc, &ty);
            if (k != UINT32_MAX) {
                bool two = ty == 'J' || ty == 'D';
                if (k + two >= nl) { rs = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: pc %u: bad local", pc); goto out; }
                /* (cur[1 + j]: local j) a pair starting at k - 1 is broken */
                if (k > 0 && (cur[k] == 'J' || cur[k] == 'D')) cur[k] = 0;
                cur[1 + k] = ty;
                if (two) cur[1 + k + 1] = 0;
            }
            bool falls;
            if (!succs_of(code, pc, len, t, sizeof t / sizeof t[0], &n, &falls)) {
                rs = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: pc %u: control flow", pc);
                goto out;
            }
            if (falls && pc + l < len) t[n++] = pc + l;
            for (uint32_t i = 0; i < n; i++) {
                char *to = st + (size_t)t[i] * (nl + 1);
                if (!to[0]) { vm_memcpy(to, cur, nl + 1); changed = true; continue; }
                for (uint32_t j = 1; j <= nl; j++)
                    if (to[j] && to[j] != cur[j]) { to[j] = 0; changed = true; }
            }
        }
    }
    const char *at = st + (size_t)g->osr_pc * (nl + 1);
    if (!at[0]) rs = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: pc %u not reached", g->osr_pc);
    else vm_memcpy(out, at + 1, nl);
out:
    vm_free(g->vm->plat, cur, nl + 1);
    vm_free(g->vm->plat, st, sz);
    return rs;
}

vm_status t2_osr_params(t2_graph *g, uint32_t *args, vm_diag *d) {
    jmethod *m = g->m;
    uint32_t nl = t2_nl_of(m);
    if (m->code->n_exceptions || (m->access & ACC_SYNCHRONIZED))
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: handlers or a monitor");
    stackmap_view sv;
    if (stackmap_at(g->vm, m, g->osr_pc, &sv) != VM_OK || sv.stack_depth != 0 || sv.n_locals > nl)
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: pc %u: operands at the header", g->osr_pc);
    char *ty = vm_zalloc(g->vm->plat, nl + 1);
    if (!ty) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    vm_status st = local_types(g, nl, ty, d);
    /* the graph takes a reference argument's slot as the declared
     * parameter (`this` non-null, its class): not if the code stores to it */
    for (uint32_t pc = 0, l, len = m->code->code_len; st == VM_OK && pc < len; pc += l) {
        l = jc_insn_len(m->code->code, pc, len);
        char sty;
        uint32_t k = store_of(m->code->code, pc, &sty);
        if (k < m->arg_slots && sty == 'A') st = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: argument %u stored", k);
    }
    for (uint32_t s = 0; s < nl && st == VM_OK; s++) {
        args[s] = 0;
        if (!ty[s]) continue;
        if (s < sv.n_locals && (sv.is_ref[s] != 0) != (ty[s] == 'A')) {
            st = vm_diagf(d, VM_ERR_UNSUPPORTED, "OSR: local %u: the stack map disagrees", s);
            break;
        }
        uint32_t v = t2_new_val(g, 1, T2_PARAM, ty[s], 0);
        if (!v) { st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory"); break; }
        g->vals[v].imm = s;
        args[s] = v;
        if (ty[s] == 'J' || ty[s] == 'D') s++, args[s] = 0;
    }
    vm_free(g->vm->plat, ty, nl + 1);
    return st;
}

/* ---- the back edge ------------------------------------------------------- */

static bool refused(const jmethod *m, uint32_t pc) {
    return m->t2_osr_refused[0] == pc + 1 || m->t2_osr_refused[1] == pc + 1;
}

/* the variant at pc: compiled, its block chained behind m's tier-2 code */
static t2_data *osr_variant(vm *vm, jmethod *m, uint32_t pc, uint32_t edges) {
    for (t2_data *x = m->t2_osr; x; x = x->osr_next) if (x->osr_pc == pc) return x;
    if (refused(m, pc)) return NULL;
    void **link = m->jit_entry ? jit_code_chain_link(m->jit_entry) : NULL;
    t2_data *x = NULL;
    if (link) {   /* (no tier-2 code of its own: no OSR either) */
        char hot[48];
        vm_snprintf(hot, sizeof hot, "edges@%u osr@pc%u", edges, pc);
        x = t2_compile(vm, m, false, &pc, hot);
        link = m->jit_entry ? jit_code_chain_link(m->jit_entry) : NULL;  /* (the compile may recompile) */
    }
    if (!x || !link) {
        m->t2_osr_refused[m->t2_osr_refused[0] ? 1 : 0] = pc + 1;
        return NULL;   /* (a variant made without a chain to join: left to the code cache's end) */
    }
    x->base_code = *link;   /* behind the method's tier-2 code */
    *link = x->code;
    x->osr_pc = pc;
    x->osr_next = m->t2_osr;
    m->t2_osr = x;
    const vm_platform *p = vm->plat;
    if (p->code_emitted) {   /* (--jit-disasm, the perf map: as jit_notify_emitted) */
        char name[300];
        vm_snprintf(name, sizeof name, "%s.%s%s [osr@pc%u]", m->owner ? m->owner->name : "?", m->name, m->desc, pc);
        p->code_emitted(p->ud, name, x->code, jit_code_block_size(x->code));
    }
    return x;
}

void *t2_rt_backedge(vm *vm, jmethod *m) {
    m->t2_edges_left = (int32_t)vm->jit_tier2_backedges;   /* (again after as many) */
    tier_up(vm, m, "edges", vm->jit_tier2_backedges);
    if ((vm->jit_tier2_off & T2_OSR_OFF) || !vm->frame_count || vm->exception) return NULL;
    jframe *f = &vm->frames[vm->frame_count - 1];
    if (f->method != m) return NULL;
    t2_data *x = osr_variant(vm, m, f->pc, vm->jit_tier2_backedges);
    if (!x && !(m->jit_entry && jit_code_chain_link(m->jit_entry)))
        m->t2_edges_left = INT32_MAX;   /* (no tier-2 code of its own: no OSR either, never count again) */
    if (!x) return NULL;
    /* the room its fast entry checks, or it would start the method over */
    if ((uint8_t *)(f->locals + x->extent + VM_STACK_RESERVE_SLOTS) > (uint8_t *)vm->stack_end) return NULL;
    int64_t lim = (int64_t)vm->limits.max_frames - VM_FRAME_RESERVE - x->depth_max - 1;
    if ((int64_t)vm->frame_count >= (lim < 1 ? 1 : lim)) return NULL;
    vm->jit_tier2_osr_entries++;
    return (uint8_t *)x->code + JIT_FAST_ENTRY_OFFSET;
}
