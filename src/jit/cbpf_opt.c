/* cbpf_opt.c - what the classic BPF compiler (cbpf_jit.c) may leave out
 * of a checked program's code, worked out before code generation
 * (cbpf_internal.h: cbpf_plan).  Every jump of a checked program goes
 * forward, so each analysis is one pass in index order (forward facts) or
 * in reverse (liveness).  Each is switched by a bit of the compile's `off`
 * (include/vifvm_cbpf.h):
 *
 *   layout (VM_CBPF_OPT_LAYOUT): a jump to a `ja` goes straight to where
 *     that one goes (threading); unreachable instructions and a jump to
 *     the next emitted instruction make no code (fall-through); a jump to
 *     a return is that return (cbpf_jit.c).
 *   dead (VM_CBPF_OPT_DEAD): an instruction that only writes A or X (ld
 *     #k, ld len, ld M[], ldx ..., tax, txa, arithmetic that cannot fail)
 *     whose value is written again before any read on every way from it
 *     makes no code; neither do the entry's A = 0 / X = 0 when they are
 *     not read first (the tree's `ld #0; ldx #0` per child, cbpf_tree.c);
 *     and caplen stays in edx, where it is passed, unless a division
 *     needs edx (cbpf_jit.c: no `mov r10d, edx`).
 *   hoist (VM_CBPF_OPT_HOIST): the code is made twice; the first copy runs
 *     when caplen >= hoist (one test at entry), hoist being the largest end
 *     (offset + size) of a constant-offset load up to CBPF_HOIST_MAX, and
 *     has no bounds check for any load that ends there or before; the
 *     second copy is the program with its checks, for shorter packets.  In
 *     both copies a load is not checked again when a load ending at or
 *     after it succeeded on every way to it.
 *   raw (VM_CBPF_OPT_RAW): a halfword or word whose value only `jeq #k`
 *     and `jset #k` read (pcap's EtherType tests: `ldh [12]; jeq #0x800`)
 *     is loaded as it is in memory, without bswap and shift, and those
 *     jumps compare with k's bytes swapped.
 *   reuse (VM_CBPF_OPT_REUSE): a load of A or X (constant offset, ld #k,
 *     ld len, ldx 4*([k]&0xf), ldx #k) that the register already holds on
 *     every way to it makes no code (siblings loading the same protocol
 *     byte; a failed load on the way leaves the register as it was).
 *
 * Probes (cbpf_dispatch.c) are compiled as they are: plan NULL. */
#include "cbpf_internal.h"
#include "../core/mem.h"

enum { LIVE_A = 1, LIVE_X = 2 };

static bool is_cond(uint16_t c) {
    return CBPF_CLASS(c) == CBPF_JMP && CBPF_OP(c) != CBPF_JA;
}

/* A load with a constant offset (ld [k], ldx 4*([k]&0xf)): its end */
static bool abs_load(const vm_cbpf_insn *in, uint64_t *end) {
    uint16_t c = in->code;
    if (CBPF_CLASS(c) == CBPF_LD && CBPF_MODE(c) == CBPF_ABS) {
        *end = (uint64_t)in->k + (CBPF_SIZE(c) == CBPF_W ? 4 : CBPF_SIZE(c) == CBPF_H ? 2 : 1);
        return true;
    }
    if (CBPF_CLASS(c) == CBPF_LDX && CBPF_MODE(c) == CBPF_MSH) {
        *end = (uint64_t)in->k + 1;
        return true;
    }
    return false;
}

/* may go to its fail target (a load out of bounds, a division by X = 0) */
static bool may_fail(const vm_cbpf_insn *in) {
    uint16_t c = in->code;
    uint64_t e;
    if (abs_load(in, &e)) return true;
    if (CBPF_CLASS(c) == CBPF_LD && CBPF_MODE(c) == CBPF_IND) return true;
    return CBPF_CLASS(c) == CBPF_ALU && CBPF_SRC(c) == CBPF_X &&
           (CBPF_OP(c) == CBPF_DIV || CBPF_OP(c) == CBPF_MOD);
}

/* the registers in reads / writes (always, on its way on) */
static void use_def(const vm_cbpf_insn *in, uint8_t *use, uint8_t *def) {
    uint16_t c = in->code;
    *use = *def = 0;
    switch (CBPF_CLASS(c)) {
    case CBPF_LD:
        *def = LIVE_A;
        if (CBPF_MODE(c) == CBPF_IND) *use = LIVE_X;
        break;
    case CBPF_LDX: *def = LIVE_X; break;
    case CBPF_ST: *use = LIVE_A; break;
    case CBPF_STX: *use = LIVE_X; break;
    case CBPF_ALU:
        *use = LIVE_A | (CBPF_OP(c) != CBPF_NEG && CBPF_SRC(c) == CBPF_X ? LIVE_X : 0);
        *def = LIVE_A;
        break;
    case CBPF_JMP:
        if (CBPF_OP(c) != CBPF_JA) *use = LIVE_A | (CBPF_SRC(c) == CBPF_X ? LIVE_X : 0);
        break;
    case CBPF_RET:
        *use = CBPF_RVAL(c) == CBPF_A ? LIVE_A : CBPF_RVAL(c) == CBPF_X ? LIVE_X : 0;
        break;
    default:   /* misc */
        if (CBPF_MISCOP(c) == CBPF_TAX) { *use = LIVE_A; *def = LIVE_X; }
        else { *use = LIVE_X; *def = LIVE_A; }
        break;
    }
}

/* writes one register, reads nothing it writes elsewhere, cannot fail */
static bool removable(const vm_cbpf_insn *in) {
    uint16_t c = in->code;
    switch (CBPF_CLASS(c)) {
    case CBPF_LD:
        return CBPF_MODE(c) == CBPF_IMM || CBPF_MODE(c) == CBPF_LEN || CBPF_MODE(c) == CBPF_MEM;
    case CBPF_LDX:
        return CBPF_MODE(c) == CBPF_IMM || CBPF_MODE(c) == CBPF_LEN || CBPF_MODE(c) == CBPF_MEM;
    case CBPF_ALU: return !may_fail(in);
    case CBPF_MISC: return true;
    default: return false;
    }
}

/* what a load puts in its register, as a key (0: nothing to compare) */
static uint64_t load_key(const vm_cbpf_insn *in) {
    uint16_t c = in->code;
    uint32_t m = CBPF_MODE(c);
    if ((CBPF_CLASS(c) == CBPF_LD &&
         (m == CBPF_ABS || m == CBPF_IMM || m == CBPF_LEN)) ||
        (CBPF_CLASS(c) == CBPF_LDX && (m == CBPF_MSH || m == CBPF_IMM || m == CBPF_LEN)))
        return ((uint64_t)(c | 0x8000u) << 32) | (m == CBPF_LEN ? 0 : in->k);
    return 0;
}

static uint32_t thread(const vm_cbpf_insn *p, uint32_t n, uint32_t t) {
    while (t < n && ((p[t].code == (CBPF_JMP | CBPF_JA)) ||
                     (is_cond(p[t].code) && p[t].jt == p[t].jf)))
        t = t + 1 + (p[t].code == (CBPF_JMP | CBPF_JA) ? p[t].k : p[t].jt);
    return t;
}

typedef struct fstate {     /* what holds on entry to an instruction */
    uint32_t minlen;        /* caplen >= minlen */
    uint64_t akey, xkey;    /* A / X hold this load's value (0: unknown) */
    bool seen;
} fstate;

static void merge(fstate *to, const fstate *s) {
    if (!to->seen) { *to = *s; to->seen = true; return; }
    if (s->minlen < to->minlen) to->minlen = s->minlen;
    if (to->akey != s->akey) to->akey = 0;
    if (to->xkey != s->xkey) to->xkey = 0;
}

/* copy c's facts: which loads need no check, which make no code */
static void forward(cbpf_plan *pl, const vm_cbpf_insn *p, const uint32_t *fail, int c,
                    fstate *st, uint8_t entry) {
    uint32_t n = pl->n;
    bool reuse = !(pl->off & VM_CBPF_OPT_REUSE), hoist = !(pl->off & VM_CBPF_OPT_HOIST);
    for (uint32_t i = 0; i < n; i++) st[i].seen = false;
    st[0] = (fstate){ .minlen = c == 0 ? pl->hoist : 0, .seen = true,
                      .akey = (entry & LIVE_A) ? ((uint64_t)(CBPF_LD | 0x8000u) << 32) : 0,
                      .xkey = (entry & LIVE_X) ? ((uint64_t)(CBPF_LDX | 0x8000u) << 32) : 0 };
    for (uint32_t i = 0; i < n; i++) {
        if (!pl->reach[i] || !st[i].seen) continue;
        const vm_cbpf_insn *in = &p[i];
        fstate s = st[i], ok = s;
        uint16_t cd = in->code;
        uint64_t end = 0, key = load_key(in);
        bool isx = CBPF_CLASS(cd) == CBPF_LDX, failing = false;
        if (pl->dead[i]) {
            merge(&st[i + 1], &s);   /* (removable: never the last) */
            continue;
        }
        if (key && reuse && (isx ? s.xkey : s.akey) == key) {
            pl->flag[c][i] |= CBPF_PL_SKIP;   /* holds it already */
        } else {
            if (abs_load(in, &end)) {
                if (hoist && end <= s.minlen) pl->flag[c][i] |= CBPF_PL_NOCHECK;
                else {
                    failing = true;
                    if (end > ok.minlen && end <= UINT32_MAX) ok.minlen = (uint32_t)end;
                }
            } else if (may_fail(in)) {
                failing = true;
            }
            uint8_t use, def;
            use_def(in, &use, &def);
            if (def & LIVE_A) ok.akey = isx ? ok.akey : key;
            if (def & LIVE_X) ok.xkey = isx ? key : 0;
        }
        if (failing && fail && fail[i] != CBPF_FAIL_RET0) merge(&st[fail[i]], &s);
        if (CBPF_CLASS(cd) == CBPF_RET) continue;
        if (cd == (CBPF_JMP | CBPF_JA)) { merge(&st[pl->jt[i]], &ok); continue; }
        if (is_cond(cd)) {
            merge(&st[pl->jt[i]], &ok);
            merge(&st[pl->jf[i]], &ok);
            continue;
        }
        merge(&st[i + 1], &ok);
    }
}

/* A's value on the ways from load i (copy c) while nothing writes A, to
 * its readers: false if one of them is not a `jeq #k` / `jset #k` that
 * may compare the load's bytes as they are in memory (k fits the load's
 * size for jeq), or A may hold something else there too (st: the
 * forward facts).  The readers are marked in mark (1). */
static bool raw_readers(const cbpf_plan *pl, const vm_cbpf_insn *p, const uint32_t *fail, int c,
                        const fstate *st, uint32_t i, uint64_t key, uint8_t *mark) {
    uint32_t n = pl->n;
    bool half = CBPF_SIZE(p[i].code) == CBPF_H;
    /* mark: 1 reader, 2 visited; a worklist in index order (forward jumps
     * only): visited flags, scanned from i + 1 */
    for (uint32_t j = 0; j < n; j++) mark[j] = 0;
    if (i + 1 < n) mark[i + 1] = 2;
    for (uint32_t j = i + 1; j < n; j++) {
        if (!mark[j]) continue;
        const vm_cbpf_insn *in = &p[j];
        uint16_t cd = in->code;
        uint8_t use, def;
        use_def(in, &use, &def);
        bool gone = !pl->reach[j] || pl->dead[j] || (pl->flag[c][j] & CBPF_PL_SKIP);
        if (gone) use = def = 0;   /* (a reused load: A as it was) */
        if (use & LIVE_A) {
            bool cmp = CBPF_CLASS(cd) == CBPF_JMP && CBPF_SRC(cd) == CBPF_K &&
                       (CBPF_OP(cd) == CBPF_JSET || (CBPF_OP(cd) == CBPF_JEQ &&
                                                     (!half || in->k <= 0xffffu)));
            if (!cmp || st[j].akey != key) return false;
            mark[j] = 1;
        }
        /* a failed load leaves A as it was */
        if (!gone && may_fail(in) && !(pl->flag[c][j] & CBPF_PL_NOCHECK) && fail &&
            fail[j] != CBPF_FAIL_RET0 && !mark[fail[j]])
            mark[fail[j]] = 2;
        if ((def & LIVE_A) || CBPF_CLASS(cd) == CBPF_RET) continue;
        if (CBPF_CLASS(cd) == CBPF_JMP) {
            if (!mark[pl->jt[j]]) mark[pl->jt[j]] = 2;
            if (!mark[pl->jf[j]]) mark[pl->jf[j]] = 2;
        } else if (j + 1 < n && !mark[j + 1]) {
            mark[j + 1] = 2;
        }
    }
    return true;
}

#define KEY_DONE 0x80u   /* (raw_loads' own mark, no meaning to cbpf_jit.c) */

/* copy c: halfword and word loads whose value only `jeq #k` / `jset #k`
 * read are kept as the bytes are in memory (no bswap, no shift), the
 * constants of those jumps swapped instead; per key, every such load or
 * none (a reader may see any of them) */
static void raw_loads(cbpf_plan *pl, const vm_cbpf_insn *p, const uint32_t *fail, int c,
                      const fstate *st, uint8_t *mark, uint8_t *readers) {
    uint32_t n = pl->n;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t cd = p[i].code;
        if (cd != (CBPF_LD | CBPF_H | CBPF_ABS) && cd != (CBPF_LD | CBPF_W | CBPF_ABS)) continue;
        if (!pl->reach[i] || (pl->flag[c][i] & (CBPF_PL_SKIP | KEY_DONE))) continue;
        uint64_t key = load_key(&p[i]);
        bool ok = true;
        for (uint32_t j = 0; j < n; j++) readers[j] = 0;
        for (uint32_t l = i; l < n; l++) {         /* every load of the key */
            if (load_key(&p[l]) != key || !pl->reach[l] || (pl->flag[c][l] & CBPF_PL_SKIP))
                continue;
            pl->flag[c][l] |= KEY_DONE;   /* (decided once per key) */
            if (!ok) continue;
            ok = raw_readers(pl, p, fail, c, st, l, key, mark);
            for (uint32_t j = 0; j < n && ok; j++) readers[j] |= mark[j] == 1;
        }
        for (uint32_t l = i; l < n && ok; l++) {
            if (load_key(&p[l]) == key && pl->reach[l] && !(pl->flag[c][l] & CBPF_PL_SKIP))
                pl->flag[c][l] |= CBPF_PL_RAW;
            if (readers[l])
                pl->flag[c][l] |= CBPF_PL_RAWK | (CBPF_SIZE(cd) == CBPF_W ? CBPF_PL_RAWW : 0);
        }
    }
}

/* copy c: which jumps fall through, and the next instruction with code */
static void layout(cbpf_plan *pl, const vm_cbpf_insn *p, int c) {
    uint32_t n = pl->n;
    bool lay = !(pl->off & VM_CBPF_OPT_LAYOUT);
    pl->nexte[c][n] = n;
    for (uint32_t i = n; i-- > 0;) {
        uint8_t *f = &pl->flag[c][i];
        if (!pl->reach[i] || pl->dead[i]) *f |= CBPF_PL_SKIP;
        bool jump = p[i].code == (CBPF_JMP | CBPF_JA) ||
                    (is_cond(p[i].code) && pl->jt[i] == pl->jf[i]);
        if (!(*f & CBPF_PL_SKIP) && jump && (lay || pl->jt[i] == i + 1) &&
            pl->nexte[c][i + 1] >= pl->jt[i])
            *f |= CBPF_PL_SKIP;
        pl->nexte[c][i] = (*f & CBPF_PL_SKIP) ? pl->nexte[c][i + 1] : i;
    }
}

void cbpf_plan_free(const vm_platform *plat, cbpf_plan *pl) {
    if (!pl) return;
    vm_free(plat, pl->mem, pl->mem_size);
    vm_free(plat, pl, sizeof *pl);
}

vm_status cbpf_plan_make(const vm_platform *plat, const vm_cbpf_insn *p, uint32_t n,
                         const uint32_t *fail, uint32_t off, cbpf_plan **out) {
    *out = NULL;
    cbpf_plan *pl = vm_zalloc(plat, sizeof *pl);
    size_t per = 4u * 2 + 1 * 6 + 4u * 2 + sizeof(fstate);
    size_t size = (size_t)(n + 1) * per;
    uint8_t *m = pl ? vm_zalloc(plat, size) : NULL;
    if (!m) {
        if (pl) vm_free(plat, pl, sizeof *pl);
        return VM_ERR_NOMEM;
    }
    pl->mem = m;
    pl->mem_size = size;
    pl->off = off;
    pl->n = n;
    fstate *st = (fstate *)(void *)m;    /* (first: the widest alignment) */
    m += (size_t)(n + 1) * sizeof(fstate);
    pl->jt = (uint32_t *)(void *)m; m += (size_t)(n + 1) * 4;
    pl->jf = (uint32_t *)(void *)m; m += (size_t)(n + 1) * 4;
    pl->nexte[0] = (uint32_t *)(void *)m; m += (size_t)(n + 1) * 4;
    pl->nexte[1] = (uint32_t *)(void *)m; m += (size_t)(n + 1) * 4;
    pl->reach = m; m += n + 1;
    pl->dead = m; m += n + 1;
    pl->flag[0] = m; m += n + 1;
    pl->flag[1] = m; m += n + 1;
    uint8_t *mark = m; m += n + 1;
    uint8_t *readers = m;
    bool lay = !(pl->off & VM_CBPF_OPT_LAYOUT);
    /* targets, threaded through `ja` */
    for (uint32_t i = 0; i < n; i++) {
        uint16_t c = p[i].code;
        if (c == (CBPF_JMP | CBPF_JA)) pl->jt[i] = pl->jf[i] = i + 1 + p[i].k;
        else if (is_cond(c)) { pl->jt[i] = i + 1 + p[i].jt; pl->jf[i] = i + 1 + p[i].jf; }
        else continue;
        if (lay) { pl->jt[i] = thread(p, n, pl->jt[i]); pl->jf[i] = thread(p, n, pl->jf[i]); }
    }
    /* reachability (every way, failures included) */
    pl->reach[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (!pl->reach[i]) continue;
        uint16_t c = p[i].code;
        if (may_fail(&p[i]) && fail && fail[i] != CBPF_FAIL_RET0) pl->reach[fail[i]] = 1;
        if (CBPF_CLASS(c) == CBPF_RET) continue;
        if (CBPF_CLASS(c) == CBPF_JMP) { pl->reach[pl->jt[i]] = 1; pl->reach[pl->jf[i]] = 1; }
        else pl->reach[i + 1] = 1;
    }
    if (!lay) for (uint32_t i = 0; i < n; i++) pl->reach[i] = 1;
    /* liveness of A and X, backwards; the live-in set kept in flag[1]
     * until the copies' flags are worked out */
    uint8_t *in = pl->flag[1];
    bool dce = !(pl->off & VM_CBPF_OPT_DEAD);
    for (uint32_t i = n; i-- > 0;) {
        if (!pl->reach[i]) { in[i] = 0; continue; }
        uint16_t c = p[i].code;
        uint8_t lo = 0, use, def;
        if (CBPF_CLASS(c) == CBPF_JMP) lo = in[pl->jt[i]] | in[pl->jf[i]];
        else if (CBPF_CLASS(c) != CBPF_RET) lo = in[i + 1];
        use_def(&p[i], &use, &def);
        if (dce && removable(&p[i]) && !(lo & def)) {
            pl->dead[i] = 1;
            in[i] = lo;
            continue;
        }
        in[i] = use | (lo & (uint8_t)~def);
        if (may_fail(&p[i]) && fail && fail[i] != CBPF_FAIL_RET0) in[i] |= in[fail[i]];
    }
    pl->entry = dce ? in[0] : (LIVE_A | LIVE_X);
    for (uint32_t i = 0; i <= n; i++) in[i] = 0;
    /* the hoisted test: the largest constant end up to CBPF_HOIST_MAX, if
     * more than one load has it */
    uint32_t loads = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t end;
        if (!pl->reach[i] || !abs_load(&p[i], &end) || end > CBPF_HOIST_MAX) continue;
        loads++;
        if (end > pl->hoist) pl->hoist = (uint32_t)end;
    }
    if (loads < 2 || (pl->off & VM_CBPF_OPT_HOIST)) pl->hoist = 0;
    for (int c = 0; c < (pl->hoist ? 2 : 1); c++) {
        forward(pl, p, fail, c, st, pl->entry);
        if (!(pl->off & VM_CBPF_OPT_RAW)) raw_loads(pl, p, fail, c, st, mark, readers);
        layout(pl, p, c);
    }
    *out = pl;
    return VM_OK;
}
