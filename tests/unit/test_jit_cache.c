/* test_jit_cache.c - the JIT's code cache (src/jit/jit_cache.c) with the
 * posix platform: one sparse dual-mapped region, populated window by
 * window after the compiles, the RW view of finished windows revoked.
 * Blocks are allocated as a compile does (jit_code_alloc, written through
 * the RW view, sealed, then jit_code_after_compile as jit_policy.c calls
 * it), each holding a tiny function "mov eax, imm32; ret" run from its RX
 * address.  Checked: every function still runs and returns its number
 * after the cache has crossed many windows and regions, the RW view of old
 * windows (and of a full region) faults on write while the newest block's
 * does not, the work ahead is counted, and a compile only maps a region
 * when a method does not fit in what is left of the current one. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "unit_test.h"
#include "jit/jit_internal.h"
#include "jit/jit_stats.h"
#include "runtime/vm.h"
#include "runtime/vm_state.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;
static vm *V;

#define MAXB 128
static uint8_t *blk_rw[MAXB], *blk_rx[MAXB];
static int32_t blk_val[MAXB];
static int nblk;

static sigjmp_buf fault_jb;
static void on_fault(int sig) { (void)sig; siglongjmp(fault_jb, 1); }

/* 1 if writing one byte at p faults (the byte is rewritten as it is) */
static int write_faults(uint8_t *p) {
    struct sigaction sa, old_segv, old_bus;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &old_segv);
    sigaction(SIGBUS, &sa, &old_bus);
    volatile int faulted = 0;
    if (sigsetjmp(fault_jb, 1) == 0) {
        volatile uint8_t *v = p;
        *v = *v;
    } else {
        faulted = 1;
    }
    sigaction(SIGSEGV, &old_segv, NULL);
    sigaction(SIGBUS, &old_bus, NULL);
    return faulted;
}

/* one "compile": a block of size bytes holding mov eax, val; ret */
static int add_block(uint32_t size, int32_t val) {
    if (nblk >= MAXB) return 0;
    uint8_t *exec = NULL;
    uint32_t tail_cap;
    uint8_t *tail = jit_code_tail(V, &tail_cap);
    uint8_t *mem = jit_code_alloc(V, size, &exec);
    if (!mem || !exec) return 0;
    if (tail && size <= tail_cap && mem != tail) return 0;   /* recorded in place */
    /* endbr64 (jit_code_seal refuses code without it: kernel IBT) */
    static const uint8_t endbr[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
    memcpy(mem, endbr, 4);
    mem[4] = 0xb8;
    memcpy(mem + 5, &val, 4);
    mem[9] = 0xc3;
    if (jit_code_seal(V, mem) != 0) return 0;
    jit_code_after_compile(V);
    blk_rw[nblk] = mem;
    blk_rx[nblk] = exec;
    blk_val[nblk] = val;
    nblk++;
    return 1;
}

/* where the next method will be written */
static uint8_t *free_end(void) {
    uint32_t cap;
    uint8_t *t = jit_code_tail(V, &cap);
    return t ? t : blk_rw[0];
}

static int32_t run_block(int i) {
    int32_t (*fn)(void);
    void *p = blk_rx[i];
    memcpy(&fn, &p, sizeof fn);
    return fn();
}

static void check_all_run(void) {
    for (int i = 0; i < nblk; i++) UT_CHECK_EQ_INT(run_block(i), blk_val[i]);
}

static void test_windows(void) {
    jit_code_reserve(V);
    jit_code_cache_info a;
    vm_jit_code_cache_info(V, &a);
    UT_CHECK_EQ_INT(a.regions, 1);
    UT_CHECK(a.reserved_bytes >= 16u * 1024 * 1024);
    UT_CHECK_EQ_INT(a.populate_steps, 1);        /* the first window only */
    UT_CHECK_EQ_INT(a.populated_bytes, 64 * 1024);
    /* 48 blocks of ~20 KB: ~15 windows of 64 KiB */
    for (int i = 0; i < 48; i++) UT_CHECK(add_block(20000, 1000 + i));
    check_all_run();
    jit_code_cache_info b;
    vm_jit_code_cache_info(V, &b);
    UT_CHECK_EQ_INT(b.regions, 1);
    UT_CHECK_EQ_INT(b.regions_in_compiles, 0);
    UT_CHECK(b.populate_steps > 10);
    UT_CHECK(b.populated_bytes >= b.used_bytes);
    UT_CHECK(b.revoked_bytes >= b.used_bytes - 64 * 1024);
    UT_CHECK(b.revoke_steps > 10);
    UT_CHECK(b.ahead_ns > 0);
    /* the first blocks' RW view is gone, the newest block's is not */
    UT_CHECK(write_faults(blk_rw[0]));
    UT_CHECK(write_faults(blk_rw[10]));
    UT_CHECK(write_faults(blk_rw[nblk - 6]));
    UT_CHECK(!write_faults(blk_rw[nblk - 1]));
    UT_CHECK(!write_faults(free_end()));
    UT_CHECK_EQ_INT(run_block(nblk - 1), blk_val[nblk - 1]);   /* still intact */
}

#define MiB (1024u * 1024u)
#define NEED(size) (((size) + 32u + 31u) & ~31u)   /* a block: header, 32-aligned */

static void test_regions(void) {
    int first = nblk, in_new = 0;
    jit_code_cache_info a;
    /* 1 MiB methods until one no longer fits in the region: the compile
     * maps the next region itself; then one more */
    for (int i = 0; i < 40 && in_new < 2; i++) {
        UT_CHECK(add_block(MiB, 2000 + i));
        vm_jit_code_cache_info(V, &a);
        if (a.regions == 2) in_new++;
    }
    UT_CHECK_EQ_INT(in_new, 2);
    UT_CHECK_EQ_INT(a.regions_in_compiles, 1);
    check_all_run();
    /* the full region has no RW view at all any more */
    UT_CHECK(write_faults(blk_rw[first]));
    /* (the last 1 MiB block starts in a finished window: only the window
     * being filled, where the next code goes, is writable) */
    UT_CHECK(write_faults(blk_rw[nblk - 2]));
    UT_CHECK(write_faults(blk_rw[nblk - 1]));
    UT_CHECK(!write_faults(free_end()));
    /* fill the new region to within 16 KiB of its end: the next region is
     * then mapped after that compile, not in the next one */
    uint32_t left = 16u * MiB - 2u * NEED(MiB);
    UT_CHECK(add_block(left - 16u * 1024 - 64u, 3000));
    vm_jit_code_cache_info(V, &a);
    UT_CHECK_EQ_INT(a.regions, 3);
    UT_CHECK(add_block(100, 3001));
    vm_jit_code_cache_info(V, &a);
    UT_CHECK_EQ_INT(a.regions, 3);
    UT_CHECK_EQ_INT(a.regions_in_compiles, 1);
    check_all_run();
    UT_CHECK(write_faults(blk_rw[nblk - 2]));
    UT_CHECK(!write_faults(blk_rw[nblk - 1]));
    UT_CHECK(!write_faults(free_end()));
}

/* a platform without code_revoke_write (and code_populate): chunks of 64
 * KiB to 1 MiB, a full chunk's RW view unmapped; without code_map_dual: a
 * block per method (code_alloc) */
static vm *new_vm(vm_platform *p) {
    vm_config cfg = {
        .plat = p,
        .limits = { .heap_max = 2u * 1024 * 1024, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .bootlib = &vifvm_bootlib,
    };
    char msg[256];
    vm_diag d = { msg, sizeof msg };
    vm *v = NULL;
    if (vm_create(&cfg, &v, &d) != VM_OK) return NULL;
    return v;
}

static void test_other_platforms(void) {
    vm *keep = V;
    int keep_n = nblk;
    static vm_platform p1, p2;
    p1 = plat;
    p1.code_revoke_write = NULL;
    p1.code_populate = NULL;
    p2 = plat;
    p2.code_map_dual = NULL;
    p2.code_unmap_dual = NULL;
    V = new_vm(&p1);
    UT_CHECK(V != NULL);
    if (V) {
        nblk = 0;
        jit_code_reserve(V);
        for (int i = 0; i < 40; i++) UT_CHECK(add_block(20000, 4000 + i));
        check_all_run();
        jit_code_cache_info a;
        vm_jit_code_cache_info(V, &a);
        UT_CHECK(a.regions >= 4);          /* 64 + 128 + 256 + 512 KiB */
        UT_CHECK(a.reserved_bytes < 2u * 1024 * 1024);
        UT_CHECK(write_faults(blk_rw[0]));
        UT_CHECK(!write_faults(blk_rw[nblk - 1]));
        jit_free_code_cache(V);
        vm_destroy(V);
    }
    V = new_vm(&p2);
    UT_CHECK(V != NULL);
    if (V) {
        nblk = 0;
        jit_code_reserve(V);
        for (int i = 0; i < 8; i++) UT_CHECK(add_block(20000, 5000 + i));
        check_all_run();
        jit_code_cache_info a;
        vm_jit_code_cache_info(V, &a);
        UT_CHECK_EQ_INT(a.regions, 0);
        for (int i = 0; i < nblk; i++) jit_code_release(V, blk_rx[i]);
        jit_free_code_cache(V);
        vm_destroy(V);
    }
    V = keep;
    nblk = keep_n;
}

int main(void) {
    posix_platform_init(&plat, NULL);
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = 2u * 1024 * 1024, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .bootlib = &vifvm_bootlib,
    };
    char msg[256];
    vm_diag d = { msg, sizeof msg };
    if (vm_create(&cfg, &V, &d) != VM_OK) { printf("FAIL: vm_create: %s\n", msg); return 1; }
    UT_RUN(test_windows);
    UT_RUN(test_regions);
    UT_RUN(test_other_platforms);
    jit_free_code_cache(V);
    vm_destroy(V);
    return ut_finish();
}
