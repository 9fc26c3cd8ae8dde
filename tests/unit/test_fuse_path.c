/* test_fuse_path.c - the path-code emitter (vm_pathcode_emit,
 * src/jit/fuse_path.c): op lists built the way the datapath builds a fused
 * path's run (dp_fuse.c plan_code) on fake stages (an owner's fast-state
 * word and ring length, a VIFlet object's ring head read through a live
 * pointer, counters, flags), a fake packet and fake programs (C functions
 * recording their arguments), run, and the memory effects and answer
 * checked: every stage done; the early exit at each stage (its state not
 * the fast one: nothing of it or after it done, the counts at the end not
 * made); a program's non-zero answer at each stage; the guarded call made
 * only when the guard byte is set; a packet over the size limit; the ring
 * head's wrap; malformed lists refused.  And the code with the
 * platform's indirect-call thunks (the kernel's retpolines): placed near
 * this binary, a call in reach is `call rel32`, one out of reach goes
 * through the thunk for rax (counted here), and Capstone finds no
 * indirect call or jump in it - while the same list without thunks, far
 * from its targets, has its `call rax` found by the same check. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stddef.h>
#include <sys/mman.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "platform/posix/posix_platform.h"
#include "vifvm_pathcode.h"
#include "jit/x86_emit.h"

#define SLOW 0x40000000u
#define GENERAL 0x80000000u
#define NST 3

typedef struct fobj { int64_t pad; int32_t head; } fobj;
typedef struct fowner { uint64_t given; void *fast; uint32_t fast_len; } fowner;
typedef struct fvif {
    fobj *obj;
    uint64_t enq, deq;
    uint32_t idle;
    uint8_t timers_off;
    int32_t answer;        /* what its program returns */
    int calls;             /* its program's calls */
    const void *got_obj, *got_p, *got_data, *got_hdr;
    int32_t got_len, got_hdr_val;
    int64_t got_ts;
} fvif;
typedef struct fpkt { uint8_t *data; uint32_t caplen, wirelen; int64_t ts; uint8_t borrowed; } fpkt;

static fobj objs[NST];
static fowner owners[NST];
static fvif vifs[NST];
static uint64_t done[2 * (NST + 1)];
static int own_calls, own_answer;
static uint8_t bytes[64];

/* the programs (vm_field_prog_fn's arguments), one per stage: p is the
 * stage's fvif */
static int32_t prog(void *obj, int32_t len, int64_t ts, void *p, uint8_t *data, int32_t *hdr) {
    fvif *v = p;
    v->calls++;
    v->got_obj = obj;
    v->got_len = len;
    v->got_ts = ts;
    v->got_p = p;
    v->got_data = data;
    v->got_hdr = hdr;
    v->got_hdr_val = *hdr;
    *hdr = 77 + (int32_t)(v - vifs);
    return v->answer;
}
static int own(fpkt *p) {
    own_calls++;
    if (!own_answer) p->borrowed = 0;
    return own_answer;
}

#define ABS(b, o) ((vm_pc_loc){ .where = VM_PC_ABS, .base = (b), .off = (int32_t)(o) })
#define PKT(f) ((vm_pc_loc){ .where = VM_PC_ARG, .off = (int32_t)offsetof(fpkt, f) })

/* stage i's FIFO pair after its program: the ring head, the counts */
static uint32_t fifo_ops(vm_pc_op *ops, uint32_t n, uint32_t i) {
    fvif *v = &vifs[i];
    fowner *o = &owners[i];
    ops[n++] = (vm_pc_op){ .kind = VM_PC_INC32_WRAP,
                           .a = { .where = VM_PC_DEREF, .base = v,
                                  .off = (int32_t)offsetof(fvif, obj),
                                  .off2 = (int32_t)offsetof(fobj, head) },
                           .b = ABS(o, offsetof(fowner, fast_len)) };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = ABS(o, offsetof(fowner, given)), .imm = 1 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = ABS(v, offsetof(fvif, enq)), .imm = 1 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = ABS(v, offsetof(fvif, deq)), .imm = 2 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_STORE32, .a = ABS(v, offsetof(fvif, idle)) };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_STORE8, .a = ABS(v, offsetof(fvif, timers_off)) };
    return n;
}

/* the run of NST stages, each with a program (stage 1 a writer: the
 * guarded own call first) */
static uint32_t build(vm_pc_op *ops, const void *ownfn) {
    uint32_t n = 0;
    ops[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_GT32, .a = PKT(caplen), .imm = 2048, .ret = SLOW };
    for (uint32_t i = 0; i < NST; i++) {
        fvif *v = &vifs[i];
        fowner *o = &owners[i];
        ops[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_NE64, .a = ABS(o, offsetof(fowner, fast)),
                               .imm = (int64_t)(uintptr_t)v, .ret = i | SLOW };
        if (i == 1)
            ops[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .guard = true, .exit_nz = true,
                                   .a = PKT(borrowed), .fn = ownfn, .nargs = 1,
                                   .args = { { .src = VM_PC_ARG0 } }, .ret = i | GENERAL };
        ops[n++] = (vm_pc_op){
            .kind = VM_PC_CALL, .exit_nz = true, .fn = (const void *)prog, .nargs = 6,
            .args = { { .src = VM_PC_LD64, .loc = ABS(v, offsetof(fvif, obj)) },
                      { .src = VM_PC_LD32, .loc = PKT(caplen) },
                      { .src = VM_PC_LD64, .loc = PKT(ts) },
                      { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)v },
                      { .src = VM_PC_LD64, .loc = PKT(data) },
                      { .src = VM_PC_ARG1 } },
            .ret = i | GENERAL };
        n = fifo_ops(ops, n, i);
    }
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = ABS(done, 2 * NST * sizeof *done), .imm = 1 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64_LD32, .a = ABS(done, (2 * NST + 1) * sizeof *done),
                           .b = PKT(wirelen) };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = NST };
    return n;
}

/* every stage in its fast state, rings of 4 with the head at h[i] */
static void reset(const int32_t *h) {
    memset(done, 0, sizeof done);
    own_calls = own_answer = 0;
    for (int i = 0; i < NST; i++) {
        objs[i] = (fobj){ .head = h[i] };
        owners[i] = (fowner){ .given = 10, .fast = &vifs[i], .fast_len = 4 };
        vifs[i] = (fvif){ .obj = &objs[i], .enq = 100, .deq = 200, .idle = 5, .timers_off = 1 };
    }
}
/* stage i done once (from reset's state, its head from h) */
static bool stage_done(int i, int32_t h) {
    const fvif *v = &vifs[i];
    return objs[i].head == (h + 1) % 4 && owners[i].given == 11 && v->enq == 101 &&
           v->deq == 202 && v->idle == 0 && v->timers_off == 0;
}
static bool stage_untouched(int i, int32_t h) {
    const fvif *v = &vifs[i];
    return objs[i].head == h && owners[i].given == 10 && v->enq == 100 && v->deq == 200 &&
           v->idle == 5 && v->timers_off == 1;
}

static vm_platform plat;
static vm_pathcode code;
static vm_pc_op ops[64];

static void test_all_stages(void) {
    uint32_t n = build(ops, (const void *)own);
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, ops, n, "fused-run:test", NULL, NULL, &code), VM_OK);
    if (!code.fn) return;
    const int32_t h[NST] = { 0, 3, 2 };   /* (stage 1 wraps to 0) */
    reset(h);
    fpkt p = { .data = bytes, .caplen = 60, .wirelen = 1514, .ts = 123456789012345, .borrowed = 0 };
    int32_t hdr = -3;
    UT_CHECK_EQ_INT(code.fn(&p, &hdr), NST);
    for (int i = 0; i < NST; i++) {
        UT_CHECK(stage_done(i, h[i]));
        UT_CHECK_EQ_INT(vifs[i].calls, 1);
        UT_CHECK(vifs[i].got_obj == &objs[i] && vifs[i].got_p == &vifs[i]);
        UT_CHECK(vifs[i].got_data == bytes && vifs[i].got_hdr == &hdr);
        UT_CHECK_EQ_INT(vifs[i].got_len, 60);
        UT_CHECK_EQ_INT(vifs[i].got_ts, 123456789012345);
    }
    UT_CHECK_EQ_INT(objs[1].head, 0);
    UT_CHECK_EQ_INT(hdr, 79);
    UT_CHECK_EQ_INT(vifs[0].got_hdr_val, -3);
    UT_CHECK_EQ_INT(vifs[1].got_hdr_val, 77);   /* (what stage 0 left) */
    UT_CHECK_EQ_INT(own_calls, 0);             /* not borrowed: no copy */
    UT_CHECK_EQ_INT(done[2 * NST], 1);
    UT_CHECK_EQ_INT(done[2 * NST + 1], 1514);
    for (int i = 0; i < 2 * NST; i++) UT_CHECK_EQ_INT(done[i], 0);
    /* a second packet: the counts add up */
    UT_CHECK_EQ_INT(code.fn(&p, &hdr), NST);
    UT_CHECK_EQ_INT(done[2 * NST], 2);
    UT_CHECK_EQ_INT(done[2 * NST + 1], 3028);
    UT_CHECK_EQ_INT(objs[1].head, 1);
    UT_CHECK_EQ_INT(vifs[2].deq, 204);
}

static void test_exit_each_stage(void) {
    if (!code.fn) { UT_CHECK(code.fn); return; }
    const int32_t h[NST] = { 1, 1, 1 };
    for (int k = 0; k < NST; k++) {
        /* stage k's state not the fast one */
        reset(h);
        owners[k].fast = NULL;
        fpkt p = { .data = bytes, .caplen = 100, .wirelen = 100, .ts = 1 };
        int32_t hdr = -3;
        UT_CHECK_EQ_INT(code.fn(&p, &hdr), (uint32_t)k | SLOW);
        for (int i = 0; i < NST; i++) {
            UT_CHECK(i < k ? stage_done(i, 1) : stage_untouched(i, 1));
            UT_CHECK_EQ_INT(vifs[i].calls, i < k);
        }
        UT_CHECK_EQ_INT(done[2 * NST], 0);
        /* the fast word of another stage's VIF: the same */
        reset(h);
        owners[k].fast = &vifs[(k + 1) % NST];
        UT_CHECK_EQ_INT(code.fn(&p, &hdr), (uint32_t)k | SLOW);
        /* stage k's program answers 1: the stages before it done, its
         * own ring untouched */
        reset(h);
        vifs[k].answer = 1;
        UT_CHECK_EQ_INT(code.fn(&p, &hdr), (uint32_t)k | GENERAL);
        for (int i = 0; i < NST; i++) {
            UT_CHECK(i < k ? stage_done(i, 1) : stage_untouched(i, 1));
            UT_CHECK_EQ_INT(vifs[i].calls, i <= k);
        }
        UT_CHECK_EQ_INT(done[2 * NST], 0);
    }
}

static void test_guard_and_limit(void) {
    if (!code.fn) { UT_CHECK(code.fn); return; }
    const int32_t h[NST] = { 0, 0, 0 };
    /* borrowed: the copy (own) is made, once, before stage 1's program */
    reset(h);
    fpkt p = { .data = bytes, .caplen = 2048, .wirelen = 2048, .ts = 1, .borrowed = 1 };
    int32_t hdr = -3;
    UT_CHECK_EQ_INT(code.fn(&p, &hdr), NST);
    UT_CHECK_EQ_INT(own_calls, 1);
    UT_CHECK_EQ_INT(p.borrowed, 0);
    /* the copy fails: stage 1 GENERAL, its program not called */
    reset(h);
    own_answer = 1;
    p.borrowed = 1;
    UT_CHECK_EQ_INT(code.fn(&p, &hdr), 1u | GENERAL);
    UT_CHECK(stage_done(0, 0) && stage_untouched(1, 0) && stage_untouched(2, 0));
    UT_CHECK_EQ_INT(vifs[1].calls, 0);
    /* larger than the limit: stage 0 SLOW, nothing done */
    reset(h);
    p = (fpkt){ .data = bytes, .caplen = 2049, .wirelen = 2049, .ts = 1 };
    UT_CHECK_EQ_INT(code.fn(&p, &hdr), SLOW);
    for (int i = 0; i < NST; i++) UT_CHECK(stage_untouched(i, 0) && vifs[i].calls == 0);
}

/* the function's own slot (VM_PC_SET_FRAME32, VM_PC_FRAME) for the
 * programs' hdr, as the datapath passes it: initialised, handed from
 * stage to stage, and on the stack (not the caller's) */
static void test_frame_slot(void) {
    uint32_t n = build(ops, (const void *)own);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < ops[i].nargs; k++)
            if (ops[i].args[k].src == VM_PC_ARG1) ops[i].args[k].src = VM_PC_FRAME;
    memmove(ops + 1, ops, n * sizeof *ops);
    ops[0] = (vm_pc_op){ .kind = VM_PC_SET_FRAME32, .imm = -5 };
    n++;
    vm_pathcode c;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, ops, n, "fused-run:frame", NULL, NULL, &c), VM_OK);
    if (!c.fn) return;
    const int32_t h[NST] = { 0, 0, 0 };
    reset(h);
    fpkt p = { .data = bytes, .caplen = 60, .wirelen = 60, .ts = 1 };
    int local;
    UT_CHECK_EQ_INT(c.fn(&p, NULL), NST);
    UT_CHECK_EQ_INT(vifs[0].got_hdr_val, -5);
    UT_CHECK_EQ_INT(vifs[1].got_hdr_val, 77);
    UT_CHECK_EQ_INT(vifs[2].got_hdr_val, 78);
    UT_CHECK(vifs[0].got_hdr == vifs[2].got_hdr);
    /* (below this frame: the callee's stack) */
    UT_CHECK((uintptr_t)vifs[0].got_hdr < (uintptr_t)&local);
    for (int i = 0; i < NST; i++) UT_CHECK(stage_done(i, 0));
    /* a second call starts again from -5 */
    reset(h);
    UT_CHECK_EQ_INT(c.fn(&p, NULL), NST);
    UT_CHECK_EQ_INT(vifs[0].got_hdr_val, -5);
    vm_pathcode_free(&c);
}

static void test_malformed(void) {
    vm_pathcode c;
    vm_pc_op bad[2] = { { .kind = VM_PC_ADD64, .a = ABS(done, 0), .imm = 1 },
                        { .kind = VM_PC_ADD64, .a = ABS(done, 0), .imm = 1 } };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "x", NULL, NULL, &c), VM_ERR_ARG);  /* no RET */
    bad[1] = (vm_pc_op){ .kind = VM_PC_RET };
    bad[0].imm = (int64_t)1 << 40;                                                    /* imm > 32 bits */
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "x", NULL, NULL, &c), VM_ERR_ARG);
    bad[0] = (vm_pc_op){ .kind = 99 };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "x", NULL, NULL, &c), VM_ERR_ARG);
    bad[0] = (vm_pc_op){ .kind = VM_PC_RET };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "x", NULL, NULL, &c), VM_ERR_ARG);  /* RET twice */
    UT_CHECK(c.fn == NULL);
}

/* ---- one region for many functions (vm_pathcode_region) ---------------- */
/* the platform's executable memory, its calls counted */
static int rg_allocs, rg_protects, rg_frees;
static size_t rg_alloc_bytes, rg_free_bytes;
static void *rg_alloc(void *ud, size_t size) {
    rg_allocs++;
    rg_alloc_bytes += size;
    return plat.code_alloc(ud, size);
}
static int rg_protect(void *ud, void *p, size_t size) {
    rg_protects++;
    return plat.code_protect_exec(ud, p, size);
}
static void rg_free(void *ud, void *p, size_t size) {
    rg_frees++;
    rg_free_bytes += size;
    plat.code_free(ud, p, size);
}

/* K functions of the same list into one region of the hint given: each in
 * it, 16-aligned, apart from the others; nothing made executable before
 * the seal, each mapping once by it; every function then runs the list;
 * the free unmaps exactly what was mapped */
static void region_case(size_t hint, uint32_t k, uint32_t want_maps) {
    vm_platform rp = plat;
    rp.code_alloc = rg_alloc;
    rp.code_protect_exec = rg_protect;
    rp.code_free = rg_free;
    rg_allocs = rg_protects = rg_frees = 0;
    rg_alloc_bytes = rg_free_bytes = 0;
    uint32_t n = build(ops, (const void *)own);
    vm_pathcode_region r;
    vm_pathcode_region_init(&r, &rp, hint);
    vm_pathcode fns[64];
    for (uint32_t i = 0; i < k; i++) {
        UT_CHECK_EQ_INT(vm_pathcode_region_emit(&r, ops, n, "fused-run:region", NULL, NULL, &fns[i]),
                        VM_OK);
        UT_CHECK(fns[i].fn != NULL && fns[i].mem == NULL && fns[i].bytes > 0);
        UT_CHECK(((uintptr_t)(void *)fns[i].fn & 15) == 0);
        for (uint32_t j = 0; j < i; j++) {   /* apart */
            uintptr_t a = (uintptr_t)(void *)fns[i].fn, b = (uintptr_t)(void *)fns[j].fn;
            UT_CHECK(a >= b + fns[j].bytes || b >= a + fns[i].bytes);
        }
    }
    UT_CHECK_EQ_INT(rg_protects, 0);              /* W^X: not executable while written */
    if (want_maps) UT_CHECK_EQ_INT(r.n_maps, want_maps);
    else UT_CHECK(r.n_maps >= 2 && r.n_maps <= 4);   /* grown, geometrically */
    want_maps = r.n_maps;
    UT_CHECK_EQ_INT(rg_allocs, (int)want_maps);
    UT_CHECK_EQ_INT(r.n_fns, k);
    UT_CHECK(r.mapped == rg_alloc_bytes && r.bytes >= (uint64_t)k * fns[0].bytes);
    UT_CHECK_EQ_INT(vm_pathcode_region_seal(&r), VM_OK);
    UT_CHECK_EQ_INT(rg_protects, (int)want_maps);  /* once per mapping */
    vm_pathcode late;
    UT_CHECK_EQ_INT(vm_pathcode_region_emit(&r, ops, n, "late", NULL, NULL, &late), VM_ERR_ARG);
    const int32_t h[NST] = { 1, 2, 3 };
    fpkt p = { .data = bytes, .caplen = 60, .wirelen = 100, .borrowed = 0 };
    for (uint32_t i = 0; i < k; i++) {
        reset(h);
        int32_t hdr = 0;
        UT_CHECK_EQ_INT(fns[i].fn(&p, &hdr), NST);
        for (int s = 0; s < NST; s++) UT_CHECK(stage_done(s, h[s]));
        UT_CHECK_EQ_INT(done[2 * NST], 1);
    }
    vm_pathcode_free(&fns[0]);                     /* (owns no memory: nothing freed) */
    UT_CHECK_EQ_INT(rg_frees, 0);
    vm_pathcode_region_free(&r);
    UT_CHECK_EQ_INT(rg_frees, (int)want_maps);
    UT_CHECK(rg_free_bytes == rg_alloc_bytes);
    UT_CHECK(r.chunks == NULL && r.n_maps == 0);
}

static void test_region(void) {
    /* (one function of the list: its size, for the hints) */
    uint32_t n = build(ops, (const void *)own);
    vm_pathcode one;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, ops, n, "one", NULL, NULL, &one), VM_OK);
    size_t sz = (one.bytes + 15u) & ~(size_t)15;
    vm_pathcode_free(&one);
    /* 40 functions, a hint for all: one mapping */
    region_case(40 * sz, 40, 1);
    /* a hint of one page for 40 (about 20 KB): grown, each mapping twice
     * the last */
    UT_CHECK(40 * sz > 3 * 4096);
    region_case(4096, 40, 0);
}

/* ---- the object addresses kept across calls (r13/r14; VM_PC_NO_KEEP) ---- */
/* a callee that changes every caller-saved register (as a JIT'd program
 * may) and answers 0 */
uint32_t fp_clobber(void);
__asm__(".text\n.globl fp_clobber\n.type fp_clobber, @function\nfp_clobber:\n"
        "    movabs $0x5151515151515151, %rcx\n    mov %rcx, %rdx\n    mov %rcx, %rsi\n"
        "    mov %rcx, %rdi\n    mov %rcx, %r8\n    mov %rcx, %r9\n    mov %rcx, %r10\n"
        "    mov %rcx, %r11\n    xor %eax, %eax\n    ret\n.previous\n");

/* movabs instructions in code of len bytes */
static int movabs_count(const void *c, size_t len) {
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) return -1;
    cs_insn *insn = NULL;
    size_t n = cs_disasm(cs, c, len, (uint64_t)(uintptr_t)c, 0, &insn);
    int k = 0;
    for (size_t i = 0; i < n; i++) k += !strcmp(insn[i].mnemonic, "movabs");
    if (n) cs_free(insn, n);
    cs_close(&cs);
    return k;
}

/* a stage's check, a call, then the same owner and VIF again, a call and
 * the VIF: with the addresses kept, no movabs after the calls, without
 * (the flag) three more (owner, VIF; VIF); either way the right memory
 * changed, with a callee that changes r10, r11 */
static void test_keep(void) {
    int counts[2] = { -1, -1 };
    for (int off = 0; off < 2; off++) {
        const int32_t h[NST] = { 0, 0, 0 };
        reset(h);
        fowner *o = &owners[0];
        fvif *v = &vifs[0];
        vm_pc_op kops[] = {
            { .kind = VM_PC_EXIT_IF_NE64, .a = ABS(o, offsetof(fowner, fast)),
              .imm = (int64_t)(uintptr_t)v, .ret = SLOW },
            { .kind = VM_PC_CALL, .exit_nz = true, .fn = (const void *)fp_clobber, .ret = GENERAL },
            { .kind = VM_PC_ADD64, .a = ABS(o, offsetof(fowner, given)), .imm = 1 },
            { .kind = VM_PC_ADD64, .a = ABS(v, offsetof(fvif, enq)), .imm = 1 },
            { .kind = VM_PC_CALL, .exit_nz = true, .fn = (const void *)fp_clobber, .ret = GENERAL },
            { .kind = VM_PC_ADD64, .a = ABS(v, offsetof(fvif, deq)), .imm = 2 },
            { .kind = VM_PC_RET, .ret = 7 },
        };
        vm_pathcode_region r;
        vm_pathcode_region_init(&r, &plat, 4096);
        r.flags = off ? VM_PC_NO_KEEP : 0;
        vm_pathcode c;
        UT_CHECK_EQ_INT(vm_pathcode_region_emit(&r, kops, 7, "keep", NULL, NULL, &c), VM_OK);
        UT_CHECK_EQ_INT(vm_pathcode_region_seal(&r), VM_OK);
        if (!c.fn) continue;
        fpkt p = { .data = bytes, .caplen = 60, .wirelen = 100 };
        UT_CHECK_EQ_INT(c.fn(&p, NULL), 7);
        UT_CHECK_EQ_INT(o->given, 11);
        UT_CHECK_EQ_INT(v->enq, 101);
        UT_CHECK_EQ_INT(v->deq, 202);
        counts[off] = movabs_count((const void *)c.fn, c.bytes);
        vm_pathcode_region_free(&r);
    }
    /* (the calls themselves may be movabs rax; call rax, alike in both) */
    UT_CHECK(counts[0] >= 2);
    UT_CHECK_EQ_INT(counts[1] - counts[0], 3);
}

/* ---- thunks -------------------------------------------------------------- */
/* the fake thunk for rax: counts its calls, then jumps to rax (a test's
 * own assembly: the code under test must not contain `jmp rax`) */
uint64_t fp_thunk_calls;
void fp_thunk_rax(void);
__asm__(".text\n.globl fp_thunk_rax\n.type fp_thunk_rax, @function\nfp_thunk_rax:\n"
        "    lock incq fp_thunk_calls(%rip)\n    jmp *%rax\n.previous\n");
/* (kt21) the fake return thunk: counts its uses, then returns */
uint64_t fp_ret_calls;
void fp_ret_thunk(void);
__asm__(".text\n.globl fp_ret_thunk\n.type fp_ret_thunk, @function\nfp_ret_thunk:\n"
        "    lock incq fp_ret_calls(%rip)\n    ret\n.previous\n");

/* executable memory near this binary (within +-2 GB of its text) */
static void *near_alloc(void *ud, size_t size) {
    (void)ud;
    uintptr_t t = (uintptr_t)(void *)prog & ~(uintptr_t)0xfffff;
    for (uintptr_t d = 64u << 20; d <= (1024u << 20); d += 64u << 20) {
        void *p = mmap((void *)(t + d), size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                       -1, 0);
        if (p == MAP_FAILED) continue;
        intptr_t dist = (intptr_t)((uintptr_t)p - t);
        if (dist > -(1l << 30) && dist < (1l << 30)) return p;
        munmap(p, size);
    }
    return NULL;
}

/* indirect calls and jumps in code[0, len) (as tests/jit/thunks.sh: `call
 * reg`, `jmp reg`, or through memory), and returns (`ret`); -1 when it
 * does not disassemble whole */
static int indirect_branches(const void *c, size_t len, int *rel_calls) {
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) return -1;
    cs_insn *insn = NULL;
    size_t n = cs_disasm(cs, c, len, (uint64_t)(uintptr_t)c, 0, &insn);
    size_t covered = 0;
    int bad = 0;
    *rel_calls = 0;
    for (size_t i = 0; i < n; i++) {
        covered += insn[i].size;
        if (!strcmp(insn[i].mnemonic, "ret")) bad++;   /* (with a return thunk: none) */
        bool br = !strcmp(insn[i].mnemonic, "call") || !strcmp(insn[i].mnemonic, "jmp");
        if (!br) continue;
        /* a direct branch's operand is an immediate address */
        if (!strncmp(insn[i].op_str, "0x", 2)) (*rel_calls) += insn[i].mnemonic[0] == 'c';
        else bad++;
    }
    if (n) cs_free(insn, n);
    cs_close(&cs);
    return covered == len ? bad : -1;
}

/* the platform with the fake thunks, its code placed near this binary */
static vm_platform thunk_plat(void) {
    static const void *thunks[16];
    thunks[0] = (const void *)fp_thunk_rax;
    vm_platform tp = plat;
    tp.code_alloc = near_alloc;
    tp.indirect_thunks = thunks;
    tp.return_thunk = (const void *)fp_ret_thunk;
    return tp;
}

static void test_thunks(void) {
    /* a target far from the code: a function made here in ordinary
     * executable memory (returns 7) */
    vm_pathcode far;
    vm_pc_op f1[1] = { { .kind = VM_PC_RET, .ret = 7 } };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, f1, 1, "far", NULL, NULL, &far), VM_OK);
    if (!far.fn) return;
    vm_platform tp = thunk_plat();
    /* the run's list (prog and own in reach: call rel32), then a call of
     * the far function (through the thunk) whose answer 7 exits with 99 */
    uint32_t n = build(ops, (const void *)own);
    ops[n - 1] = (vm_pc_op){ .kind = VM_PC_CALL, .exit_nz = true, .fn = (const void *)far.fn,
                             .nargs = 2, .args = { { .src = VM_PC_ARG0 }, { .src = VM_PC_ARG1 } },
                             .ret = 99 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = NST };
    vm_pathcode tc;
    vm_status st = vm_pathcode_emit(&tp, ops, n, "fused-run:thunks", NULL, NULL, &tc);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (st != VM_OK) { vm_pathcode_free(&far); return; }
    int rel = 0;
    UT_CHECK_EQ_INT(indirect_branches(tc.mem, tc.bytes, &rel), 0);
    UT_CHECK(rel >= NST + 2);   /* the programs, own, the thunk: call rel32 */
    const int32_t h[NST] = { 0, 1, 2 };
    reset(h);
    fpkt p = { .data = bytes, .caplen = 60, .wirelen = 60, .ts = 1, .borrowed = 1 };
    int32_t hdr = -3;
    uint64_t before = fp_thunk_calls, rets = fp_ret_calls;
    UT_CHECK_EQ_INT(tc.fn(&p, &hdr), 99);
    UT_CHECK_EQ_INT(fp_thunk_calls - before, 1);
    UT_CHECK_EQ_INT(fp_ret_calls - rets, 1);   /* its return went through the return thunk */
    for (int i = 0; i < NST; i++) UT_CHECK(stage_done(i, h[i]));
    UT_CHECK_EQ_INT(own_calls, 1);
    vm_pathcode_free(&tc);
    /* the check's own proof: without thunks, the far call is `call rax`
     * (and the return `ret`) */
    tp.indirect_thunks = NULL;
    tp.return_thunk = NULL;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&tp, ops, n, "fused-run:nothunks", NULL, NULL, &tc), VM_OK);
    if (tc.fn) {
        UT_CHECK(indirect_branches(tc.mem, tc.bytes, &rel) >= 1);
        reset(h);
        UT_CHECK_EQ_INT(tc.fn(&p, &hdr), 99);
        vm_pathcode_free(&tc);
    }
    vm_pathcode_free(&far);
}

/* the encoder's helpers added for the path code (x86_emit.c), each
 * alone, as Capstone reads them */
static void gen_new(x86_buf *b, void *ctx) {
    int k = *(int *)ctx;
    switch (k) {
    case 0: x86_alu_mr64(b, X86_ADD, x86_m(X86_R10, 0x28), X86_RAX); break;
    case 1: x86_alu_mr64(b, X86_SUB, x86_m(X86_RBX, -8), X86_R9); break;
    case 2: x86_st8_imm(b, x86_m(X86_R11, 0xc4), 0); break;
    case 3: x86_st8_imm(b, x86_m(X86_RSP, 0x100), 0x7f); break;
    case 4: x86_cmp8_mi(b, x86_m(X86_RBX, 0x28), 0); break;
    case 5: x86_cmp8_mi(b, x86_m(X86_R12, 3), 0xff); break;
    default: break;
    }
}
static void test_new_encodings(void) {
    static const char *const want[] = {
        "add qword ptr [r10 + 0x28], rax", "sub qword ptr [rbx - 8], r9",
        "mov byte ptr [r11 + 0xc4], 0",    "mov byte ptr [rsp + 0x100], 0x7f",
        "cmp byte ptr [rbx + 0x28], 0",    "cmp byte ptr [r12 + 3], 0xff",
    };
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    for (int k = 0; k < 6; k++) {
        x86_buf b;
        uint32_t size = 0;
        uint8_t mem[64];
        UT_CHECK(x86_init(&b, &plat, 1) == VM_OK);
        UT_CHECK(x86_assemble(&b, gen_new, &k, &size) == VM_OK);
        UT_CHECK(x86_finish(&b, mem, sizeof mem, (uintptr_t)mem) == VM_OK);
        size = b.len;
        x86_free(&b);
        cs_insn *insn = NULL;
        size_t n = cs_disasm(cs, mem, size, 0x1000, 0, &insn);
        char got[100] = "";
        if (n == 1) snprintf(got, sizeof got, "%.31s %.63s", insn[0].mnemonic, insn[0].op_str);
        UT_CHECK(n == 1 && insn[0].size == size);
        UT_CHECK_EQ_STR(got, want[k]);
        if (n) cs_free(insn, n);
    }
    cs_close(&cs);
}

/* ---- field programs' bodies in the function (VM_PC_PROG, branch fx22) --
 * Table cases: three run stages, each with a field program of a kind - a
 * counter, a marker (setDscp of the protocol's select: a writer, the
 * guarded own call first, which moves the bytes), a port filter (dstPort,
 * srcPort), a program too long for the body mode (it stays a call) - in
 * the run's op list as
 * plan_code builds it, made inlined with the kept header values, inlined
 * without (VM_PC_NO_SHARE), called (VM_PC_NO_INLINE: the programs' C
 * evaluator, dp_fuse_prog_run, behind the pointer, the reference), and
 * inlined with the addresses in r10/r11 (VM_PC_NO_KEEP, the bodies use
 * them: reloaded after each); all again with the programs' answers 1
 * going on to the rest of the stage (no exit_nz: a body left early has
 * not found what it would have kept); run on packets of each kind, every state
 * compared with the called run's: answers, the stages' counts, the
 * programs' fields, the bytes; and the programs called only where not
 * inlined. */
#include "datapath/dp_fuse_prog.h"

enum { PK_COUNT, PK_MARK, PK_DPORT, PK_SPORT, PK_LONG, PK_DSCPF, PK_LONGMARK, PK_N };
static vm_field_prog pkinds[PK_N];
static const char *const pkname[PK_N] = { "counter", "marker", "dport filter", "sport filter",
                                          "long", "dscp filter", "long marker" };
static int prog_calls;
static int32_t prog_ref(vm_object *obj, int32_t len, int64_t ts, const vm_field_prog *p,
                        uint8_t *data, int32_t *hdr) {
    prog_calls++;
    return dp_fuse_prog_run(obj, len, ts, p, data, hdr);
}
static uint8_t pop_(vm_field_prog *p, uint8_t op, uint8_t a, uint8_t b, uint32_t off, int64_t k) {
    p->op[p->n] = (vm_field_op){ .op = op, .a = a, .b = b, .off = off, .k = k };
    if (op >= VM_FOP_DPORT) p->reads = true;
    if (op == VM_FOP_SETDSCP) p->writes = true;
    return (uint8_t)p->n++;
}
static void make_kinds(void) {
    vm_field_prog *p = &pkinds[PK_COUNT];
    pop_(p, VM_FOP_ADDJ_K, 0, 0, 8, 1);
    pop_(p, VM_FOP_ADDJ_LEN, 0, 0, 16, 0);
    p = &pkinds[PK_MARK];
    uint8_t pr = pop_(p, VM_FOP_IPPROTO, 0, 0, 0, 0), k6 = pop_(p, VM_FOP_CONST, 0, 0, 0, 6);
    uint8_t d = pop_(p, VM_FOP_SELECT, pr, k6, 0, (int64_t)((uint64_t)26 << 32 | 8));
    pop_(p, VM_FOP_SETDSCP, d, 0, 0, 0);
    for (int w = 0; w < 2; w++) {
        p = &pkinds[w ? PK_SPORT : PK_DPORT];
        uint8_t port = pop_(p, w ? VM_FOP_SPORT : VM_FOP_DPORT, 0, 0, 0, 0);
        uint8_t k9 = pop_(p, VM_FOP_CONST, 0, 0, 0, w ? 53 : 9);
        pop_(p, VM_FOP_GUARD, port, k9, 0, 1);   /* (== 9: dropped) */
        pop_(p, VM_FOP_STI, port, 0, 24, 0);
    }
    p = &pkinds[PK_LONG];
    for (int i = 0; i < 70; i++) pop_(p, VM_FOP_ADDI_K, 0, 0, 32, i);
    /* dscp() == 26 dropped (what the marker writes for TCP) */
    p = &pkinds[PK_DSCPF];
    uint8_t ds = pop_(p, VM_FOP_DSCP, 0, 0, 0, 0), k26 = pop_(p, VM_FOP_CONST, 0, 0, 0, 26);
    pop_(p, VM_FOP_GUARD, ds, k26, 0, 1);
    pop_(p, VM_FOP_STI, ds, 0, 40, 0);
    /* a marker too long to inline: called between bodies */
    p = &pkinds[PK_LONGMARK];
    *p = pkinds[PK_MARK];
    for (int i = 0; i < 70; i++) pop_(p, VM_FOP_ADDI_K, 0, 0, 48, i);
}

/* a marker's copy (dp_pkt_own): the bytes moved to a buffer of the
 * packet's own - the code must read their address again after it */
static uint8_t owned_bytes[64];
int fp_own_copy(fpkt *p);
int fp_own_copy(fpkt *p) {
    own_calls++;
    memcpy(owned_bytes, p->data, sizeof owned_bytes);
    memset(p->data, 0xee, 64);   /* (the borrowed bytes no longer the packet's) */
    p->data = owned_bytes;
    p->borrowed = 0;
    return 0;
}
/* ... called as a JIT'd callee may leave the registers: every
 * caller-saved one but rax changed (so the code reads again what it
 * kept in them) */
int own_copy(fpkt *p);
__asm__(".text\n.globl own_copy\n.type own_copy, @function\nown_copy:\n"
        "    sub $8, %rsp\n    call fp_own_copy\n    add $8, %rsp\n"
        "    movabs $0x5151515151515151, %rcx\n    mov %rcx, %rdx\n    mov %rcx, %rsi\n"
        "    mov %rcx, %rdi\n    mov %rcx, %r8\n    mov %rcx, %r9\n    mov %rcx, %r10\n"
        "    mov %rcx, %r11\n    ret\n.previous\n");

static int64_t pfields[NST][8];
static bool prog_noexit;   /* the programs' answers 1 go on (no exit_nz) */
static void *pfield_p[NST];

/* the run of NST stages with the programs of kinds k[] */
static uint32_t build_progs(vm_pc_op *o, const int *k) {
    uint32_t n = 0;
    o[n++] = (vm_pc_op){ .kind = VM_PC_SET_FRAME32, .imm = -3 };
    o[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_GT32, .a = PKT(caplen), .imm = 2048, .ret = SLOW };
    for (uint32_t i = 0; i < NST; i++) {
        fvif *v = &vifs[i];
        fowner *ow = &owners[i];
        pfield_p[i] = pfields[i];
        o[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_NE64, .a = ABS(ow, offsetof(fowner, fast)),
                             .imm = (int64_t)(uintptr_t)v, .ret = i | SLOW };
        if (pkinds[k[i]].writes)
            o[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .guard = true, .exit_nz = true,
                                 .a = PKT(borrowed), .fn = (const void *)own_copy, .nargs = 1,
                                 .args = { { .src = VM_PC_ARG0 } }, .ret = i | GENERAL };
        o[n++] = (vm_pc_op){
            .kind = VM_PC_PROG, .exit_nz = !prog_noexit, .fn = (const void *)prog_ref, .nargs = 6,
            .prog = &pkinds[k[i]],
            .args = { { .src = VM_PC_LD64, .loc = ABS(&pfield_p[i], 0) },
                      { .src = VM_PC_LD32, .loc = PKT(caplen) },
                      { .src = VM_PC_LD64, .loc = PKT(ts) },
                      { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)&pkinds[k[i]] },
                      { .src = VM_PC_LD64, .loc = PKT(data) },
                      { .src = VM_PC_FRAME } },
            .ret = i | GENERAL };
        n = fifo_ops(o, n, i);
    }
    o[n++] = (vm_pc_op){ .kind = VM_PC_ADD64_LD32, .a = ABS(done, (2 * NST + 1) * sizeof *done),
                         .b = PKT(wirelen) };
    o[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = NST };
    return n;
}

/* packet kind j into b (its length) */
static uint32_t ppacket(uint8_t *b, int j) {
    memset(b, 0, 64);
    for (int i = 0; i < 64; i++) b[i] = (uint8_t)(i * 37 + j);
    int o = 12;
    if (j == 5) { b[12] = 0x81; b[13] = 0; o = 16; }
    b[o] = j == 3 ? 0x86 : j == 4 ? 0x08 : 0x08;
    b[o + 1] = j == 3 ? 0xdd : j == 4 ? 0x06 : 0x00;
    uint8_t *ip = b + o + 2;
    if (j == 3) { ip[0] = 0x60; ip[6] = 6; return 64; }
    ip[0] = 0x45;
    ip[6] = j == 6 ? 0x20 : 0;
    ip[7] = j == 6 ? 0x10 : 0;
    ip[9] = j == 1 ? 17 : 6;
    ip[20] = 0; ip[21] = j == 2 ? 53 : 80;              /* srcPort */
    ip[22] = j == 0 ? 0 : 0x01; ip[23] = j == 0 ? 9 : 0xbb;   /* dstPort 9 or 443 */
    return j == 7 ? 30 : 64;
}

#define NPK 8
#define NMODE 5
static const uint32_t pmode[NMODE] = { VM_PC_NO_INLINE, 0, VM_PC_NO_SHARE, VM_PC_NO_KEEP,
                                       VM_PC_NO_KEEP | VM_PC_NO_SHARE };
typedef struct pstate {
    uint32_t ans;
    int calls, own_calls;
    int64_t f[NST][8];
    fobj o[NST];
    fowner w[NST];
    uint64_t enq[NST], deq[NST];
    uint32_t idle[NST];
    uint8_t tf[NST];
    uint64_t dn;
    uint8_t bytes[64];
} pstate;

static void test_prog_bodies(void) {
    make_kinds();
    static const int cases[][NST] = {
        { PK_COUNT, PK_MARK, PK_DPORT }, { PK_MARK, PK_DPORT, PK_DPORT },
        { PK_DPORT, PK_MARK, PK_DPORT }, { PK_MARK, PK_MARK, PK_COUNT },
        { PK_LONG, PK_DPORT, PK_MARK },  { PK_SPORT, PK_DPORT, PK_COUNT },
        { PK_SPORT, PK_LONG, PK_SPORT },
        /* (a kept dscp() forgotten at a marker's write, inlined or called) */
        { PK_DSCPF, PK_MARK, PK_DSCPF }, { PK_DSCPF, PK_LONGMARK, PK_DSCPF },
        { PK_MARK, PK_DSCPF, PK_DSCPF },
    };
    for (size_t c = 0; c < 2 * (sizeof cases / sizeof *cases); c++) {
        prog_noexit = c >= sizeof cases / sizeof *cases;
        vm_pc_op o[64];
        uint32_t n = build_progs(o, cases[c % (sizeof cases / sizeof *cases)]);
        int longs = 0;
        for (int i = 0; i < NST; i++)
            longs += cases[c % (sizeof cases / sizeof *cases)][i] == PK_LONG ||
                     cases[c % (sizeof cases / sizeof *cases)][i] == PK_LONGMARK;
        vm_pathcode_region r[NMODE];
        vm_pathcode fn[NMODE];
        for (int m = 0; m < NMODE; m++) {
            vm_pathcode_region_init(&r[m], &plat, 4096);
            r[m].flags = pmode[m];
            UT_CHECK_EQ_INT(vm_pathcode_region_emit(&r[m], o, n, NULL, NULL, NULL, &fn[m]), VM_OK);
            UT_CHECK_EQ_INT(vm_pathcode_region_seal(&r[m]), VM_OK);
            if (!fn[m].fn) return;
        }
        for (int j = 0; j < NPK; j++)
            for (int fast = 0; fast < 2; fast++) {
                pstate st[NMODE];
                for (int m = 0; m < NMODE; m++) {
                    const int32_t h[NST] = { 1, 3, 0 };
                    reset(h);
                    if (!fast) owners[2].fast = NULL;   /* (stage 2 leaves: SLOW) */
                    for (int i = 0; i < NST; i++)
                        for (int k = 0; k < 8; k++) pfields[i][k] = 1000 * i + k;
                    prog_calls = 0;
                    uint32_t len = ppacket(bytes, j);
                    fpkt p = { .data = bytes, .caplen = len, .wirelen = 1000, .ts = 5,
                               .borrowed = (uint8_t)(j & 1) };
                    pstate *s = &st[m];
                    memset(s, 0, sizeof *s);
                    s->ans = fn[m].fn(&p, NULL);
                    s->calls = prog_calls;
                    s->own_calls = own_calls;
                    memcpy(s->f, pfields, sizeof s->f);
                    memcpy(s->o, objs, sizeof s->o);
                    memcpy(s->w, owners, sizeof s->w);
                    for (int i = 0; i < NST; i++) {
                        s->enq[i] = vifs[i].enq;
                        s->deq[i] = vifs[i].deq;
                        s->idle[i] = vifs[i].idle;
                        s->tf[i] = vifs[i].timers_off;
                    }
                    s->dn = done[2 * NST + 1];
                    memcpy(s->bytes, p.data, 64);
                    /* (the called run: the reference; the others call only
                     * the long program, where the stage is reached) */
                    bool same = m == 0 || (s->ans == st[0].ans && s->own_calls == st[0].own_calls &&
                                           !memcmp(s->f, st[0].f, sizeof s->f) &&
                                           !memcmp(s->o, st[0].o, sizeof s->o) &&
                                           !memcmp(s->w, st[0].w, sizeof s->w) &&
                                           !memcmp(s->enq, st[0].enq, sizeof s->enq) &&
                                           !memcmp(s->deq, st[0].deq, sizeof s->deq) &&
                                           !memcmp(s->idle, st[0].idle, sizeof s->idle) &&
                                           !memcmp(s->tf, st[0].tf, sizeof s->tf) &&
                                           s->dn == st[0].dn && !memcmp(s->bytes, st[0].bytes, 64));
                    bool calls_ok = m == 0 ? s->calls >= 1 : s->calls <= longs;
                    if ((!same || !calls_ok) && !ut_cur_failed) {
                        snprintf(ut_cur_msg, sizeof ut_cur_msg,
                                 "case %zu (%s, %s, %s), packet %d, %s, flags %u: answer %#x "
                                 "(called %#x), %d program calls, %s", c, pkname[cases[c % (sizeof cases / sizeof *cases)][0]],
                                 pkname[cases[c % (sizeof cases / sizeof *cases)][1]], pkname[cases[c % (sizeof cases / sizeof *cases)][2]], j,
                                 fast ? "all fast" : "stage 2 not fast", pmode[m], s->ans,
                                 st[0].ans, s->calls, same ? "same state" : "state differs");
                        ut_cur_failed = 1;
                    }
                }
            }
        for (int m = 0; m < NMODE; m++) vm_pathcode_region_free(&r[m]);
    }
}

/* ---- (branch fx23) tail calls and the leave ------------------------------ */
static const void *leave_p, *tail_p;
static uint64_t leave_imm, tail_imm;
static uint32_t leave_v;
static int leave_calls, tail_calls;
static uint32_t leave_fn(void *p, uint64_t imm, uint32_t v) {
    leave_calls++;
    leave_p = p;
    leave_imm = imm;
    leave_v = v;
    return 5000 + v;
}
static uint32_t tail_fn(uint64_t imm, void *p) {
    tail_calls++;
    tail_imm = imm;
    tail_p = p;
    return 4242;
}
/* the run's list with a leave (its exits but DONE (NST) a tail call of
 * leave_fn with the exit's value) and, last, a tail call of fn (in reach
 * or not) whose answer is the function's; with pl's thunks no indirect
 * branch */
static uint32_t build_tail(vm_pc_op *o, const void *fn) {
    uint32_t n = 0;
    o[n++] = (vm_pc_op){ .kind = VM_PC_LEAVE, .fn = (const void *)leave_fn, .imm = NST, .nargs = 3,
                         .args = { { .src = VM_PC_ARG0 }, { .src = VM_PC_IMM, .imm = 0x123456789aull },
                                   { .src = VM_PC_EXITV } } };
    n += build(o + n, (const void *)own) - 1;   /* (without its RET) */
    o[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .tail = true, .fn = fn, .nargs = 2,
                         .args = { { .src = VM_PC_IMM, .imm = 77 }, { .src = VM_PC_ARG0 } } };
    o[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = NST };
    return n;
}
static void check_tail(const vm_pathcode *c) {
    const int32_t h[NST] = { 0, 1, 2 };
    fpkt p = { .data = bytes, .caplen = 60, .wirelen = 60, .ts = 1 };
    int32_t hdr = -3;
    /* every stage done: the tail call's answer, the stages' effects */
    reset(h);
    leave_calls = tail_calls = 0;
    UT_CHECK_EQ_INT(c->fn(&p, &hdr), 4242);
    UT_CHECK_EQ_INT(tail_calls, 1);
    UT_CHECK_EQ_INT(leave_calls, 0);
    UT_CHECK(tail_p == &p && tail_imm == 77);
    for (int i = 0; i < NST; i++) UT_CHECK(stage_done(i, h[i]));
    /* an exit at stage 1 (SLOW) and at stage 2's program (GENERAL): the
     * leave with that value, no tail call */
    reset(h);
    owners[1].fast = NULL;
    UT_CHECK_EQ_INT(c->fn(&p, &hdr), 5000 + (1u | SLOW));
    UT_CHECK(leave_calls == 1 && tail_calls == 1 && leave_p == &p && leave_imm == 0x123456789aull &&
             leave_v == (1u | SLOW));
    UT_CHECK(stage_done(0, 0) && stage_untouched(1, 1));
    reset(h);
    vifs[2].answer = 1;
    UT_CHECK_EQ_INT(c->fn(&p, &hdr), 5000 + (2u | GENERAL));
    UT_CHECK(leave_calls == 2 && tail_calls == 1 && leave_v == (2u | GENERAL));
    /* the stack as it was: many calls in a row do not move it (a tail
     * call that left a word behind would run off it) */
    for (int k = 0; k < 100000; k++) {
        reset(h);
        if (c->fn(&p, &hdr) != 4242) { UT_CHECK(0); break; }
    }
}
static void test_tail_leave(void) {
    uint32_t n = build_tail(ops, (const void *)tail_fn);
    vm_pathcode c;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, ops, n, "fused-path:tail", NULL, NULL, &c), VM_OK);
    if (c.fn) {
        check_tail(&c);
        vm_pathcode_free(&c);
    }
    /* an exit of the leave's own value returns it (no leave) */
    uint32_t m = 0;
    vm_pc_op l[4];
    l[m++] = (vm_pc_op){ .kind = VM_PC_LEAVE, .fn = (const void *)leave_fn, .imm = 9, .nargs = 3,
                         .args = { { .src = VM_PC_ARG0 }, { .src = VM_PC_IMM }, { .src = VM_PC_EXITV } } };
    l[m++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_GT32, .a = PKT(caplen), .imm = 100, .ret = 9 };
    l[m++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_GT32, .a = PKT(caplen), .imm = 50, .ret = 8 };
    l[m++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = 1 };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, l, m, "leave", NULL, NULL, &c), VM_OK);
    if (c.fn) {
        fpkt p = { .caplen = 200 };
        leave_calls = 0;
        UT_CHECK_EQ_INT(c.fn(&p, NULL), 9);
        p.caplen = 60;
        UT_CHECK_EQ_INT(c.fn(&p, NULL), 5008);
        p.caplen = 10;
        UT_CHECK_EQ_INT(c.fn(&p, NULL), 1);
        UT_CHECK_EQ_INT(leave_calls, 1);
        vm_pathcode_free(&c);
    }
    /* malformed: a tail call with exit_nz or a guard, two leaves, an
     * exit's value outside a leave, the frame's address in a tail call */
    vm_pc_op bad[3];
    bad[0] = (vm_pc_op){ .kind = VM_PC_CALL, .tail = true, .exit_nz = true, .fn = (const void *)tail_fn };
    bad[1] = (vm_pc_op){ .kind = VM_PC_RET };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "bad", NULL, NULL, &c), VM_ERR_ARG);
    bad[0] = (vm_pc_op){ .kind = VM_PC_LEAVE, .fn = (const void *)leave_fn };
    bad[1] = bad[0];
    bad[2] = (vm_pc_op){ .kind = VM_PC_RET };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 3, "bad", NULL, NULL, &c), VM_ERR_ARG);
    bad[0] = (vm_pc_op){ .kind = VM_PC_CALL, .fn = (const void *)tail_fn, .nargs = 1,
                         .args = { { .src = VM_PC_EXITV } } };
    bad[1] = (vm_pc_op){ .kind = VM_PC_RET };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "bad", NULL, NULL, &c), VM_ERR_ARG);
    bad[0] = (vm_pc_op){ .kind = VM_PC_CALL, .tail = true, .fn = (const void *)tail_fn, .nargs = 1,
                         .args = { { .src = VM_PC_FRAME } } };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, bad, 2, "bad", NULL, NULL, &c), VM_ERR_ARG);
}
/* the same with the platform's thunks, placed near this binary, the tail
 * call's target far (out of reach): a jmp rel32 to the thunk for rax, no
 * indirect branch, no ret; without thunks the same list has its jmp rax */
static void test_tail_thunks(void) {
    vm_pathcode far;
    vm_pc_op f1[2] = { { .kind = VM_PC_CALL, .tail = true, .fn = (const void *)tail_fn, .nargs = 2,
                         .args = { { .src = VM_PC_ARG0 }, { .src = VM_PC_ARG1 } } },
                       { .kind = VM_PC_RET } };
    UT_CHECK_EQ_INT(vm_pathcode_emit(&plat, f1, 2, "far", NULL, NULL, &far), VM_OK);
    if (!far.fn) return;
    vm_platform tp = thunk_plat();
    uint32_t n = build_tail(ops, (const void *)far.fn);
    vm_pathcode tc;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&tp, ops, n, "fused-path:thunks", NULL, NULL, &tc), VM_OK);
    if (tc.fn) {
        int rel = 0;
        UT_CHECK_EQ_INT(indirect_branches(tc.mem, tc.bytes, &rel), 0);
        uint64_t before = fp_thunk_calls;
        const int32_t h[NST] = { 0, 1, 2 };
        reset(h);
        fpkt p = { .data = bytes, .caplen = 60, .wirelen = 60, .ts = 1 };
        int32_t hdr = -3;
        tail_calls = 0;
        /* (far passes its two arguments on: 77 and the packet) */
        UT_CHECK_EQ_INT(tc.fn(&p, &hdr), 4242);
        UT_CHECK_EQ_INT(fp_thunk_calls - before, 1);
        UT_CHECK(tail_calls == 1 && tail_p == &p && tail_imm == 77);
        vm_pathcode_free(&tc);
    }
    tp.indirect_thunks = NULL;
    tp.return_thunk = NULL;
    UT_CHECK_EQ_INT(vm_pathcode_emit(&tp, ops, n, "fused-path:nothunks", NULL, NULL, &tc), VM_OK);
    if (tc.fn) {
        int rel = 0;
        UT_CHECK(indirect_branches(tc.mem, tc.bytes, &rel) >= 1);
        vm_pathcode_free(&tc);
    }
    vm_pathcode_free(&far);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_new_encodings);
    UT_RUN(test_all_stages);
    UT_RUN(test_exit_each_stage);
    UT_RUN(test_guard_and_limit);
    UT_RUN(test_frame_slot);
    UT_RUN(test_malformed);
    UT_RUN(test_thunks);
    UT_RUN(test_region);
    UT_RUN(test_keep);
    UT_RUN(test_prog_bodies);
    UT_RUN(test_tail_leave);
    UT_RUN(test_tail_thunks);
    vm_pathcode_free(&code);
    return ut_finish();
}
