/* t2_main.c - the second tier's driver (issue 15): which methods go
 * through the tier-2 pipeline, and what it reports.
 *
 * With vm_config.jit_tier2 (vifvm -Xjit:tier2: the user's methods;
 * -Xjit:tier2=all: every method, the class library's too, for testing),
 * each method the baseline compiled is then built into the SSA graph
 * (t2_build.c), optimized (t2_opt.c), checked (t2_verify) and its
 * checked against the code generator's subset (t2_cg_check), its
 * registers allocated (t2_ra.c) and its code generated (t2_codegen.c),
 * which then replaces the baseline's as the method's entry.  A method
 * outside the code generator's subset keeps the baseline's code (the
 * reason is its --stats note: "1+ir"); -Xjit:tier2,-codegen stops after
 * the graph.  The result is recorded for --stats (jit_record_tier2).  With -Xjit:tier2=all (testing)
 * a graph that fails its checks is also reported on stderr, so that the
 * conformance corpus and jitfuzz (whose outputs are compared) catch it.  It runs outside the baseline's
 * timed compile, at the same GC safepoint (it may resolve constant-pool
 * entries, which loads classes, as the baseline's compile does; that time
 * is left out of the tier-2 time reported, as the baseline's is).
 * With -Xjit:tier2=hot a method goes through it when the baseline's code
 * has counted enough calls or back edges (t2_osr.c, also the loops
 * entered there: on-stack replacement); otherwise "hot" is approximated
 * by "compiled".  With T2_O_RECOMP (-recompile off) a
 * method whose tier-2 code still calls something or checks a class's
 * initialization counts its calls at entry and, at the T2_RECOMP_CALLS-th,
 * goes through the pipeline once more (t2_rt_recompile): by then its
 * callees have run (their entries resolved, their classes initialized,
 * the receiver classes of its virtual calls made), so more inlines; the
 * old code, kept (the new code's data chains to it), sends the calls
 * still bound to it (inline caches) on to the new code.
 */
#include "t2_main.h"
#include "t2_ir.h"
#include "t2_deopt.h"
#include "jit_internal.h"
#include "../core/fmt.h"
#include "../core/mem.h"


/* ,dump: one line about m (its buffer off t2_compile's frame, which runs
 * on the VM's own stack in the kernel) */
static __attribute__((noinline)) void dump_line(vm *vm, const jmethod *m, const char *what, const char *note) {
    char line[300];
    vm_snprintf(line, sizeof line, "tier 2: %s.%s%s %s: %s\n", m->owner ? m->owner->name : "?", m->name, m->desc,
                what, note);
    vm->plat->write(vm->plat->ud, 2, line, vm_strlen(line));
}

void t2_on_compiled(vm *vm, jmethod *m) {
    if (vm->jit_tier2_hot) {   /* (by counts: the baseline's code counts, t2_osr.c) */
        m->t2_calls_left = (int32_t)vm->jit_tier2_calls;
        m->t2_edges_left = (int32_t)vm->jit_tier2_backedges;
        return;
    }
    t2_compile(vm, m, false, NULL, NULL);
}

vm_status t2_rt_recompile(vm *vm, t2_data *data) {
    jmethod *m = data->m;
    /* (once: the new code counts nothing; not when something else
     * replaced this code meanwhile) */
    if (m && m->jit_entry == data->code) t2_compile(vm, m, true, NULL, NULL);
    data->recomp_left = INT64_MAX;  /* (once) */
    if (m && m->jit_entry && m->jit_entry != data->code) data->fwd = (uint8_t *)m->jit_entry + JIT_FAST_ENTRY_OFFSET;
    return VM_OK;
}

t2_data *t2_compile(vm *vm, jmethod *m, bool again, const uint32_t *osr_pc, const char *hot) {
    if (!vm->jit_tier2 || !m->code) return NULL;
    if (vm->jit_tier2 == 1 && m->owner && m->owner->is_boot) return NULL;
    char msg[160];
    vm_diag d = { msg, sizeof msg };
    msg[0] = '\0';
    const vm_platform *p = vm->plat;
    int64_t t0 = p->nanotime ? p->nanotime(p->ud) : 0;
    t2_graph g = { .vm = vm, .m = m, .opts = T2_O_ALL & ~(uint32_t)vm->jit_tier2_off, .again = again,
                   .osr = osr_pc != NULL, .osr_pc = osr_pc ? *osr_pc : 0 };
    vm_status st = t2_build(&g, &d);
    if (st == VM_OK) st = t2_optimize(&g, &d);
    /* code: unless switched off, or the graph is outside its subset (the
     * graph still counts as built: the baseline's code runs) */
    bool code = st == VM_OK && !(vm->jit_tier2_off & T2_NOCODE);
    char why[160];
    why[0] = '\0';
    if (code) {
        vm_diag d2 = { why, sizeof why };
        vm_status cs = t2_cg_check(&g, &d2);
        if (cs == VM_ERR_INTERNAL) st = cs, vm_snprintf(msg, sizeof msg, "%s", why);
        else if (cs != VM_OK) code = false;
    }
    if (st == VM_OK) st = t2_regalloc(&g, &d);
    if (st == VM_OK && (vm->jit_tier2_off & T2_DUMP)) t2_dump(&g);
    uint32_t size = 0;
    if (st == VM_OK && code) {
        vm_diag d2 = { why, sizeof why };
        vm_status cs = t2_codegen(&g, &size, &d2);
        if (cs == VM_ERR_INTERNAL) st = cs, vm_snprintf(msg, sizeof msg, "%s", why);
        else if (cs != VM_OK) code = false;
    }
    if (st == VM_OK && !code && why[0] && (vm->jit_tier2_off & T2_DUMP) && p->write)
        dump_line(vm, m, "keeps the baseline's code", why);   /* (,dump: why, whole) */
    int64_t t1 = p->nanotime ? p->nanotime(p->ud) : 0;
    uint64_t ns = t1 > t0 ? (uint64_t)(t1 - t0) : 0;
    ns = ns > g.resolve_ns ? ns - g.resolve_ns : 0;  /* class loading apart, as the baseline's */
    char note[192];
    if (st == VM_OK) {
        const t2_counts *n = &g.n;
        char tail[64];
        if (code) vm_snprintf(tail, sizeof tail, " code%uB", size);
        else vm_snprintf(tail, sizeof tail, " [%s]", why[0] ? why : "no tier-2 code");
        vm_snprintf(note, sizeof note,
                    "%s%sv%u b%u L%u inl%u/%uB gvn%u ld%u licm%u nc%u rce%u dchk%u zx%u cf%u sel%u ra%u/%ur/%us/%usp%s",
                    hot ? hot : "", hot ? " " : "", n->values, n->blocks, n->loops, n->inlined, n->inlined_bytes, n->gvn, n->loads,
                    n->hoisted, n->nullchk, n->rce, n->dchk, n->zx, n->folded, n->sel, n->ra_intervals, n->ra_regs, n->ra_spills, n->ra_splits, tail);
    } else {
        vm_snprintf(note, sizeof note, "%s%s%s", hot ? hot : "", hot ? " " : "", msg[0] ? msg : vm_status_str(st));
    }
    /* an internal inconsistency is a bug: counted apart so tests see it */
    if (st == VM_OK) vm->stats.jit_tier2_built++;
    if (st == VM_OK && code && g.osr) vm->jit_tier2_osr++;
    else if (st == VM_OK && code) vm->stats.jit_tier2_code++;
    else if (st == VM_ERR_INTERNAL) vm->stats.jit_tier2_broken++;
    else vm->stats.jit_tier2_refused++;
    jit_record_tier2(vm, m, st == VM_OK ? (code ? 4 : 1) : st == VM_ERR_INTERNAL ? 3 : 2, ns, note);
    if (again && (vm->jit_tier2_off & T2_DUMP) && p->write)
        dump_line(vm, m, "compiled again", note);   /* (,dump: its --stats row stays the first's) */
    if (st == VM_ERR_INTERNAL && vm->jit_tier2 == 2 && p->write) {
        /* testing mode: a graph that fails its checks is a bug, said out loud */
        char line[200];
        vm_snprintf(line, sizeof line, "vifvm: tier 2 check failed: %s.%s%s: %s\n",
                    m->owner ? m->owner->name : "?", m->name, m->desc, note);
        p->write(p->ud, 2, line, vm_strlen(line));
    }
    t2_ra_free(&g);
    t2_free(&g);
    return st == VM_OK && code ? g.data : NULL;
}
