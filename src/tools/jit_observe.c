/* jit_observe.c - the vifvm command's JIT observability: perf map,
 * disassembly listing, per-method --stats table, -Xjit: parsing (see
 * jit_observe.h).  Host code: libc, and Capstone when the Makefile found
 * it (VIFVM_HAVE_CAPSTONE; never defined for the core).
 */
#include "jit_observe.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vifvm.h"

#ifdef VIFVM_HAVE_CAPSTONE
#include <capstone.h>
#endif

bool jit_observe_have_capstone(void) {
#ifdef VIFVM_HAVE_CAPSTONE
    return true;
#else
    return false;
#endif
}

int jit_observe_init(jit_observer *o, vm_platform *p, bool perf_map, bool disasm) {
    memset(o, 0, sizeof *o);
    o->disasm = disasm;
    if (perf_map) {
        snprintf(o->perf_path, sizeof o->perf_path, "/tmp/perf-%ld.map", (long)getpid());
        o->perf = fopen(o->perf_path, "w"); /* a stale map of an old pid goes */
        if (!o->perf) {
            perror(o->perf_path);
            return -1;
        }
    }
#ifdef VIFVM_HAVE_CAPSTONE
    if (disasm) {
        csh *h = malloc(sizeof *h);
        if (h && cs_open(CS_ARCH_X86, CS_MODE_64, h) == CS_ERR_OK) {
            cs_option(*h, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL);
            o->cs = h;
        } else {
            free(h); /* fall back to the hex dump */
        }
    }
#endif
    if (perf_map || disasm) p->code_emitted = jit_observe_code_emitted;
    if (perf_map) {
        /* perf uses the map only for anonymous mappings, not for the JIT's
         * dual memfd mapping: per-method anonymous code instead */
        p->code_map_dual = NULL;
        p->code_unmap_dual = NULL;
    }
    return 0;
}

void jit_observe_close(jit_observer *o) {
    if (o->perf) fclose(o->perf);
    o->perf = NULL;
#ifdef VIFVM_HAVE_CAPSTONE
    if (o->cs) {
        cs_close((csh *)o->cs);
        free(o->cs);
    }
#endif
    o->cs = NULL;
}

static void hex_dump(const uint8_t *p, size_t n, uintptr_t addr) {
    for (size_t i = 0; i < n; i += 16) {
        fprintf(stderr, "  %016" PRIxPTR ":", addr + i);
        for (size_t j = i; j < n && j < i + 16; j++) fprintf(stderr, " %02x", p[j]);
        fputc('\n', stderr);
    }
}

static void disassemble(jit_observer *o, const uint8_t *code, size_t size) {
    size_t done = 0;
#ifdef VIFVM_HAVE_CAPSTONE
    if (o->cs) {
        csh h = *(csh *)o->cs;
        const uint8_t *p = code;
        size_t n = size;
        uint64_t addr = (uint64_t)(uintptr_t)code;
        cs_insn *insn = cs_malloc(h);
        if (insn) {
            while (cs_disasm_iter(h, &p, &n, &addr, insn))
                fprintf(stderr, "  %016" PRIx64 ":  %-7s %s\n", insn->address,
                        insn->mnemonic, insn->op_str);
            cs_free(insn, 1);
            done = size - n;
        }
    }
#else
    (void)o;
#endif
    if (done < size) { /* no Capstone, or bytes it cannot decode */
        if (done) fprintf(stderr, "  (undecodable from here, %zu bytes:)\n", size - done);
        hex_dump(code + done, size - done, (uintptr_t)code + done);
    }
}

void jit_observe_code_emitted(void *ud, const char *name, const void *code, size_t size) {
    jit_observer *o = ud;
    if (!o) return;
    if (o->perf) {
        fprintf(o->perf, "%" PRIxPTR " %zx %s\n", (uintptr_t)code, size, name);
        fflush(o->perf); /* perf may read it while we run, or after a crash */
    }
    if (o->disasm) {
        fprintf(stderr, "== JIT %s @ 0x%" PRIxPTR ", %zu bytes ==\n", name, (uintptr_t)code, size);
        disassemble(o, code, size);
    }
}

bool jit_observe_parse_opts(const char *list, uint32_t *disabled, char *bad, size_t bad_cap) {
    const char *b;
    size_t len;
    if (jit_parse_opts(list, disabled, &b, &len)) return true;
    snprintf(bad, bad_cap, "%.*s", (int)(len < 200 ? len : 200), b);
    return false;
}

void jit_observe_opts_str(uint32_t mask, char *buf, size_t cap) {
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < JIT_OPT_COUNT && n < cap; i++)
        if (mask & (1u << i))
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? "," : "", jit_opt_name(i));
    if (!buf[0]) snprintf(buf, cap, "-");
}

/* -Xjit:tier2 (the user's methods), tier2=all (every method), -tier2 (off),
 * each optionally followed by ,-inlining ,-gvn ,-loads ,-licm (tier-2
 * passes off, also ,-rce, ,-dchk (dominated bounds checks, 0x40), ,-spillw
 * (loop-weighted spill choice, 0x100), ,-share (a result may take the
 * register of an operand ending there, 0x200), ,-hint (a phi and its
 * operands prefer one register, 0x400), ,-divc (division by a constant
 * as a multiply-high, 0x800), ,-intrinsics (Math.min/max/abs of ints and
 * longs as values, not calls, 0x1000), ,-linked (inline a callee whose
 * unresolved entries name classes already linked, 0x2000), ,-guard
 * (inline a virtual call that may be overridden behind a dispatch guard,
 * 0x4000), ,-zx (a byte or short array load whose uses are all & 0xff
 * / & 0xffff loads zero-extended, 0x8000), ,-csave (a call saves only the
 * caller-saved registers live across it, 0x10000), ,-commute (a commutative
 * operation whose result's register is its second operand's swaps them
 * rather than going through rax, 0x20000), ,-lea (a sum into a third
 * register as one lea, 0x40000), ,-mapz (a call zeroes only the dead
 * slots the stack map there says are references, 0x80000), ,-nndom
 * (null checks dominated by a null test or dereference, 0x100000),
 * ,-hotinl (the hot inlining size at a loop-free method's call sites and
 * inside callees inlined at hot sites, 0x200000), ,-jinv (a branch whose
 * taken successor is emitted next jumps on the opposite condition, no jmp,
 * 0x400000), ,-bytes (a bastore into an array known to be a byte[] skips
 * the boolean[] test, 0x800000), ,-multi (inline a callee at one site
 * per method only, as before t8, 0x1000000), ,-fold (constant folding
 * and arithmetic identities, 0x2000000), ,-cold (a call site between or
 * after the loops of a method counts as hot, as before t11: 0x4000000),
 * ,-fp (no floats or doubles in tier-2 code, as before t13: 0x8000000),
 * ,-poly (no virtual or interface call inlined behind exact-class tests,
 * 0x10000000), ,-csreg (a value live across a call takes rbp / r15 only
 * as the others do, 0x20000000), ,-recompile (no second compile after
 * T2_RECOMP_CALLS calls, 0x40000000), ,-xleave (an inlined callee's
 * `throw new X(...)` keeps it a call, 0x80000000), ,-cmpbr (an lcmp,
 * Long.compare or Integer.compare tested by an if stays a value: 1 << 40),
 * ,-after (a call site in a loop after the main loop is cold, as before
 * t15: 1 << 41), ,-nest (an inlined callee's entries naming a class of
 * the compiled method's nest are not resolved at the compile: 1 << 42),
 * ,-xmm (floats and doubles as bits in general registers, as t13, not in XMM registers:
 * 1 << 32), ,-xmmsave (a float or double live across a call is spilled
 * for its whole life rather than saved and restored around the call,
 * 1 << 33), ,-fbranch (a float compare and the branch on it
 * as two instructions' worth, the -1/0/1 made: 1 << 34), ,-xmmloop (an
 * XMM value across a call that runs on every iteration of its loop is
 * saved around the call, as the others, not spilled: 1 << 35), ,-libinl
 * (a virtual or interface call's receiver class is not taken from the
 * value that made it, and inlining stops 3 levels deep, as before t16:
 * 1 << 48), ,-unbox (boxes stay objects: 1 << 49), ,-freg
 * (r12 keeps the jframe, not a ninth allocatable register, and constants
 * take registers they never use: 1 << 50),
 * ,-split (an interval that loses its register is spilled for its whole
 * life, not split: 1 << 51), ,-ldweight (spill weights as t5's -spillw,
 * 8 per loop level, not 10 per level and 1 outside loops: 1 << 52),
 * ,-resolve (testing only: the back edges into a split interval's
 * register part do not reload it, wrong code on purpose: 1 << 53),
 * ,-splitloop (an interval split inside a loop is split there, not
 * before the loop: its register reloaded on the back edges, 1 << 54),
 * ,-alloc (tier 2's `new` calls jit_rt_new, no inline fast path: 1 << 58),
 * ,-inlnew (a callee with a `new` or a class initialization is not
 * inlined, as before b17: 1 << 59; also off with -alloc), ,-gclive (a
 * reference across a call but not in its frame state refuses the method
 * even when it is not read after the call, as before b17: 1 << 60),
 * ,-cmov (no if-conversion: a branch whose arms only compute cheap values
 * that cannot fail stays a branch, as before t19: 1 << 61), ,-gcreach
 * (a reference live across a call or allocation must be in its frame
 * state, as before t19, not also a field load of an object there whose
 * field nothing on the way stores: 1 << 62), ,-icall (no call inside an
 * inlined callee: such a callee stays a call, as before t21: 1 << 57),
 * ,-libref (an inlined callee's entry naming a member of a library class
 * not loaded yet is not resolved at the compile, as before t21: 1 << 63),
 * ,-smul (a multiplication by a constant loads it and multiplies, no
 * shift, lea or imul immediate, as before t23: 1 << 36), ,-smear (no
 * widened bounds checks: one check per access, as before t23: 1 << 37), and
 * ,-codegen: the graph only, no tier-2 code), ,-osr (hot mode: a loop
 * whose back-edge count trips does not enter tier-2 code at its header,
 * the method only moves up at its next call: 1 << 55),
 * tier2=hot (or ,hot after any of them: by counts, not at the first call;
 * ,calls=N and ,backedges=N the thresholds, and imply ,hot), tier2=eager
 * (the same as tier2: every method at its first call),
 * ,dump (print each graph, 0x80) and ,deopt-every=N (testing: leave
 * tier-2 code at every N-th exit point passed): true if the list is one
 * of these */
bool jit_observe_parse_tier2(const char *list, uint8_t *mode, uint64_t *off, uint32_t *deopt_every,
                             jit_tier2_hot *hot) {
    static const char *const passes[] = { "inlining", "gvn", "loads", "licm", "rce", "codegen", "dchk", "spillw", "share", "hint", "divc", "intrinsics", "linked", "guard", "zx", "csave", "commute", "lea", "mapz", "nndom", "hotinl", "jinv", "bytes", "multi", "fold", "cold", "fp", "poly", "csreg", "recompile", "xleave", "cmpbr", "after", "nest", "xmm", "xmmsave", "fbranch", "xmmloop", "libinl", "unbox", "freg", "split", "ldweight", "resolve", "splitloop", "osr", "alloc", "inlnew", "gclive", "indy", "cmov", "gcreach", "icall", "libref", "smul", "smear" };
    static const uint64_t bits[] = { 1, 2, 4, 8, 16, 32, 0x40, 0x100, 0x200, 0x400, 0x800, 0x1000, 0x2000, 0x4000, 0x8000, 0x10000, 0x20000, 0x40000, 0x80000, 0x100000, 0x200000, 0x400000, 0x800000, 0x1000000, 0x2000000, 0x4000000, 0x8000000, 0x10000000, 0x20000000, 0x40000000, 0x80000000u, 1ull << 40, 1ull << 41, 1ull << 42, 1ull << 32, 1ull << 33, 1ull << 34, 1ull << 35, 1ull << 48, 1ull << 49, 1ull << 50, 1ull << 51, 1ull << 52, 1ull << 53, 1ull << 54, 1ull << 55, 1ull << 58, 1ull << 59, 1ull << 60, 1ull << 56, 1ull << 61, 1ull << 62, 1ull << 57, 1ull << 63, 1ull << 36, 1ull << 37 };
    uint8_t m;
    uint64_t o = 0;
    const char *p;
    bool h = false;
    uint32_t calls = 0, edges = 0;
    if (!strncmp(list, "tier2=all", 9)) { m = 2; p = list + 9; }
    else if (!strncmp(list, "tier2=hot", 9)) { m = 1; h = true; p = list + 9; }
    else if (!strncmp(list, "tier2=eager", 11)) { m = 1; p = list + 11; }
    else if (!strncmp(list, "tier2", 5) || !strncmp(list, "+tier2", 6)) { m = 1; p = list + (list[0] == '+' ? 6 : 5); }
    else if (!strncmp(list, "-tier2", 6)) { m = 0; p = list + 6; }
    else return false;
    while (*p) {
        if (!strncmp(p, ",dump", 5) && (p[5] == ',' || !p[5])) { o |= 0x80; p += 5; continue; }
        if (!strncmp(p, ",hot", 4) && (p[4] == ',' || !p[4])) { h = true; p += 4; continue; }
        if (!strncmp(p, ",calls=", 7) || !strncmp(p, ",backedges=", 11)) {
            bool c = p[1] == 'c';
            const char *q = p + (c ? 7 : 11);
            char *end;
            unsigned long n = strtoul(q, &end, 10);
            if (end == q || n == 0 || n > 1000000000ul || (*end && *end != ',')) return false;
            *(c ? &calls : &edges) = (uint32_t)n;
            h = true;     /* (a threshold means counting) */
            p = end;
            continue;
        }
        if (!strncmp(p, ",deopt-every=", 13)) {
            char *end;
            unsigned long n = strtoul(p + 13, &end, 10);
            if (end == p + 13 || n == 0 || n > 1000000000ul || (*end && *end != ',')) return false;
            *deopt_every = (uint32_t)n;
            p = end;
            continue;
        }
        if (p[0] != ',' || p[1] != '-') return false;
        p += 2;
        size_t k = 0, n = strcspn(p, ",");
        const size_t np = sizeof passes / sizeof passes[0];
        while (k < np && !(strlen(passes[k]) == n && !strncmp(p, passes[k], n))) k++;
        if (k == np) return false;
        o |= bits[k];
        p += n;
    }
    *mode = m;
    *off = o;
    hot->on = h && m;
    hot->calls = calls;
    hot->backedges = edges;
    return true;
}

/* ---- --stats ------------------------------------------------------------ */

typedef struct row {
    char *name;
    bool compiled;
    uint32_t bc, native, opts;
    uint64_t ns, rns;  /* compile (pure), resolution */
    char *refusal;
    uint8_t tier2;
    uint64_t t2ns;
    char *t2note;
} row;

typedef struct collect {
    bool all;
    row *rows;
    size_t n, cap;
    bool oom;
} collect;

static char *dup_name(const jit_method_info *mi) {
    size_t n = strlen(mi->class_name) + strlen(mi->name) + strlen(mi->desc) + 2;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s.%s%s", mi->class_name, mi->name, mi->desc);
    return s;
}

static void collect_one(void *ctx, const jit_method_info *mi) {
    collect *c = ctx;
    if (mi->is_boot && !c->all) return;
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        row *r = realloc(c->rows, cap * sizeof *r);
        if (!r) { c->oom = true; return; }
        c->rows = r;
        c->cap = cap;
    }
    row *r = &c->rows[c->n];
    r->name = dup_name(mi);
    r->refusal = mi->compiled ? NULL : strdup(mi->refusal);
    r->tier2 = mi->tier2;
    r->t2ns = mi->tier2_ns;
    r->t2note = mi->tier2 ? strdup(mi->tier2_note) : NULL;
    if (!r->name || (!mi->compiled && !r->refusal) || (mi->tier2 && !r->t2note)) {
        free(r->name);
        free(r->refusal);
        free(r->t2note);
        c->oom = true;
        return;
    }
    r->compiled = mi->compiled;
    r->bc = mi->bytecode_bytes;
    r->native = mi->native_bytes;
    r->opts = mi->opts;
    r->ns = mi->compile_ns;
    r->rns = mi->resolve_ns;
    c->n++;
}

static int by_time_desc(const void *a, const void *b) {
    const row *x = a, *y = b;
    if (x->compiled != y->compiled) return x->compiled ? -1 : 1;
    if (x->ns != y->ns) return x->ns > y->ns ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int u64_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void jit_observe_print_stats(const vm *v, bool all, FILE *f) {
    collect c = { .all = all };
    vm_foreach_jit_method(v, collect_one, &c);
    qsort(c.rows, c.n, sizeof *c.rows, by_time_desc);
    size_t ncomp = 0, w = 6;
    for (size_t i = 0; i < c.n; i++) {
        if (!c.rows[i].compiled) continue;
        ncomp++;
        size_t l = strlen(c.rows[i].name);
        if (l > w) w = l;
    }
    if (w > 72) w = 72;
    char opts[256];
    jit_observe_opts_str(vm_jit_opts_enabled(v), opts, sizeof opts);
    fprintf(f, "JIT methods (%s, slowest compile first; optimizations enabled: %s):\n",
            all ? "all" : "user classes", opts);
    fprintf(f, "  %-*s %9s %9s %11s %11s  %s\n", (int)w, "method", "bytecode", "native",
            "compile us", "resolve us", "opts");
    uint64_t tbc = 0, tnat = 0, tns = 0, trns = 0;
    uint64_t *times = ncomp ? malloc(ncomp * sizeof *times) : NULL;
    size_t k = 0;
    for (size_t i = 0; i < c.n; i++) {
        const row *r = &c.rows[i];
        if (!r->compiled) continue;
        jit_observe_opts_str(r->opts, opts, sizeof opts);
        fprintf(f, "  %-*s %9u %9u %11.1f %11.1f  %s\n", (int)w, r->name, r->bc, r->native,
                (double)r->ns / 1e3, (double)r->rns / 1e3, opts);
        tbc += r->bc;
        tnat += r->native;
        tns += r->ns;
        trns += r->rns;
        if (times) times[k++] = r->ns;
    }
    double median = 0;
    if (times && k) {
        qsort(times, k, sizeof *times, u64_cmp);
        median = k % 2 ? (double)times[k / 2] : ((double)times[k / 2 - 1] + (double)times[k / 2]) / 2;
    }
    free(times);
    char total[64];
    snprintf(total, sizeof total, "total: %zu methods", ncomp);
    fprintf(f, "  %-*s %9" PRIu64 " %9" PRIu64 " %11.1f %11.1f  median %.1f us\n", (int)w, total,
            tbc, tnat, (double)tns / 1e3, (double)trns / 1e3, median / 1e3);
    if (ncomp < c.n) {
        fprintf(f, "JIT refusals (left to the interpreter):\n");
        for (size_t i = 0; i < c.n; i++)
            if (!c.rows[i].compiled) fprintf(f, "  %s: %s\n", c.rows[i].name, c.rows[i].refusal);
    }
    size_t n2 = 0;
    for (size_t i = 0; i < c.n; i++) n2 += c.rows[i].tier2 != 0;
    if (n2) {
        fprintf(f, "Tier 2 (-Xjit:tier2: tier 2 = its code runs, 1+ir = graph built, the baseline's code "
                "runs [why], 1 = outside its subset).\n  v values, b blocks, L loops, inl callees inlined/bytes, gvn "
                "values numbered away, ld loads eliminated, licm loads hoisted, nc null checks dropped, "
                "rce bounds checks proven, ra intervals/registers/spills:\n");
        fprintf(f, "  %-*s %4s %9s  %s\n", (int)w, "method", "tier", "t2 us", "passes or refusal");
        for (size_t i = 0; i < c.n; i++) {
            const row *r = &c.rows[i];
            if (!r->tier2) continue;
            fprintf(f, "  %-*s %4s %9.1f  %s\n", (int)w, r->name,
                    r->tier2 == 4 ? "2" : r->tier2 == 1 ? "1+ir" : r->tier2 == 2 ? "1" : "BUG",
                    (double)r->t2ns / 1e3, r->t2note);
        }
    }
    if (c.oom) fprintf(f, "  (out of memory: some methods not listed)\n");
    for (size_t i = 0; i < c.n; i++) {
        free(c.rows[i].name);
        free(c.rows[i].refusal);
        free(c.rows[i].t2note);
    }
    free(c.rows);
}
