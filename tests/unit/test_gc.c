/* test_gc.c - unit tests of the Java heap and the mark-sweep collector
 * (src/gc/heap.c, gc_mark.c), with hand-built classes and a minimal vm:
 * object graphs (long lists, cycles, reference arrays, large objects)
 * rooted through handles, runtime roots and Java frames with stack maps;
 * the quota; bounded memory over many short-lived allocations; mark-stack
 * overflow; several heaps at once; allocation throughput.
 *
 * Build (standalone): compile with -Isrc -Itests/unit and link the objects
 * of src/gc, src/core, src/classfile and src/platform/posix (-lm).
 * Runtime functions not under test (rt_throw, rt_throw_oom,
 * rt_visit_runtime_roots) are stubbed below. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit_test.h"
#include "gc/heap.h"
#include "gc/stackmap.h"
#include "runtime/roots.h"
#include "runtime/exceptions.h"
#include "core/mem.h"
#include "platform/posix/posix_platform.h"

/* ---- a counting, failure-injecting allocator ----------------------------- */

static vm_platform g_posix;
static vm_platform g_plat;
static long long g_outstanding, g_out_peak;
static int g_fail_allocs; /* nonzero: every allocation/growth fails */

static void *count_realloc(void *ud, void *p, size_t old, size_t n) {
    if (n > old && g_fail_allocs) return NULL;
    void *r = g_posix.realloc(ud, p, old, n);
    if (n == 0) { g_outstanding -= (long long)old; return r; }
    if (!r) return NULL;
    g_outstanding += (long long)n - (long long)(p ? old : 0);
    if (g_outstanding > g_out_peak) g_out_peak = g_outstanding;
    return r;
}

/* ---- runtime stubs -------------------------------------------------------- */

static char g_thrown[128], g_thrown_msg[128];
static int g_oom_count;
#define MAX_STATIC_ROOTS 16
static jobject **g_static_roots[MAX_STATIC_ROOTS];
static int g_n_static_roots;

void rt_visit_runtime_roots(vm *v, gc_visit_fn visit, void *ctx) {
    (void)v;
    for (int i = 0; i < g_n_static_roots; i++) visit(ctx, g_static_roots[i]);
}
vm_status rt_throw_oom(vm *v) {
    (void)v;
    g_oom_count++;
    snprintf(g_thrown, sizeof g_thrown, "java/lang/OutOfMemoryError");
    return VM_ERR_EXCEPTION;
}
vm_status rt_throw(vm *v, const char *cls, const char *fmt, ...) {
    (void)v;
    snprintf(g_thrown, sizeof g_thrown, "%s", cls);
    g_thrown_msg[0] = 0;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g_thrown_msg, sizeof g_thrown_msg, fmt, ap);
        va_end(ap);
    }
    return VM_ERR_EXCEPTION;
}

/* ---- fake classes and VMs --------------------------------------------------- */

/* class Node { Node next; Object other; long val; }  (8-byte refs first) */
static uint32_t node_refs[2] = { 16, 24 };
static jclass node_cls = { .name = "Node", .kind = KIND_INSTANCE, .instance_size = 40,
                           .n_ref_offsets = 2, .ref_offsets = node_refs };
#define NEXT(o)  (*(jobject **)((char *)(o) + 16))
#define OTHER(o) (*(jobject **)((char *)(o) + 24))
#define VAL(o)   (*(int64_t *)((char *)(o) + 32))
#define NODE_CELL 40 /* its size class */
/* class Leaf { long a; long b; } */
static jclass leaf_cls = { .name = "Leaf", .kind = KIND_INSTANCE, .instance_size = 32 };
static jclass objarr_cls = { .name = "[Ljava/lang/Object;", .kind = KIND_ARRAY,
                             .elem_type = 'L', .elem_size = 8, .instance_size = 16 };
static jclass intarr_cls = { .name = "[I", .kind = KIND_ARRAY, .elem_type = 'I',
                             .elem_size = 4, .instance_size = 16 };

static vm *make_vm(size_t heap_max) {
    vm *v = calloc(1, sizeof *v);
    v->plat = &g_plat;
    v->limits.heap_max = heap_max;
    v->frames = calloc(16, sizeof(jframe));
    v->stack = calloc(1024, sizeof(jvalue));
    v->stack_end = v->stack + 1024;
    if (heap_create(v, heap_max, &v->heap) != VM_OK) abort();
    return v;
}
static void free_vm(vm *v) {
    heap_destroy(v, v->heap);
    free(v->frames);
    free(v->stack);
    free(v);
}

static jobject *new_node(vm *v, int64_t val) {
    jobject *o = rt_new_object(v, &node_cls);
    if (o) VAL(o) = val;
    return o;
}
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- tests -------------------------------------------------------------------- */

static void test_alloc_basic(void) {
    vm *v = make_vm(64u << 20);
    size_t sizes[] = { 16, 17, 24, 40, 100, 129, 1000, 4097, 8192, 8193, 100000 };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t before = heap_used(v->heap);
        jobject *o = heap_alloc(v, &leaf_cls, sizes[i]);
        UT_CHECK(o != NULL);
        if (!o) break;
        UT_CHECK(((uintptr_t)o & 7) == 0);
        UT_CHECK(o->cls == &leaf_cls);
        UT_CHECK(o->length == 0);
        UT_CHECK(heap_used(v->heap) >= before + sizes[i]);
        int zero = 1;
        for (size_t k = 16; k < sizes[i]; k++) zero &= ((unsigned char *)o)[k] == 0;
        UT_CHECK(zero);
        memset((char *)o + 16, 0xAB, sizes[i] - 16); /* must stay inside the cell */
    }
    gc_collect(v); /* nothing rooted */
    UT_CHECK_EQ_INT(heap_used(v->heap), 0);
    UT_CHECK_EQ_INT(v->stats.gc_count, 1);
    /* reallocated cells come back zeroed */
    for (int i = 0; i < 1000; i++) {
        jobject *o = heap_alloc(v, &leaf_cls, 100);
        UT_CHECK(o && VAL(o) == 0 && *(int64_t *)((char *)o + 88) == 0);
    }
    free_vm(v);
}

/* A list of n nodes with values 0..n-1 from the head, built while rooted
 * through a handle (collections happen during construction). */
static jobject *build_list(vm *v, int64_t n, jobject **root) {
    *root = NULL;
    for (int64_t i = n - 1; i >= 0; i--) {
        jobject *o = new_node(v, i);
        if (!o) return NULL;
        NEXT(o) = *root;
        *root = o;
    }
    return *root;
}
static int64_t check_list(jobject *head, int64_t n) {
    int64_t i = 0;
    for (jobject *o = head; o; o = NEXT(o), i++) {
        if (o->cls != &node_cls || VAL(o) != i || !(o->gc & 2u)) return -1;
    }
    return i == n ? n : -2;
}

static void test_linked_list(void) {
    vm *v = make_vm(256u << 20);
    jobject *head = NULL, *junk = NULL;
    RT_PROTECT(v, head);
    RT_PROTECT(v, junk);
    const int64_t n = 1000000;
    build_list(v, n, &head);
    UT_CHECK(v->stats.gc_count > 0); /* collections ran during construction */
    UT_CHECK_EQ_INT(check_list(head, n), n);
    gc_collect(v);
    UT_CHECK_EQ_INT(check_list(head, n), n);
    size_t live = heap_used(v->heap);
    UT_CHECK_EQ_INT(live, (size_t)n * NODE_CELL);
    /* a second list, dropped: everything of it is freed */
    build_list(v, n, &junk);
    UT_CHECK_EQ_INT(check_list(junk, n), n);
    junk = NULL;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), live);
    UT_CHECK_EQ_INT(check_list(head, n), n);
    /* the deep list (1e6 long) was marked without C recursion */
    head = NULL;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 0);
    RT_UNPROTECT(v, 2);
    free_vm(v);
}

static void test_cycles(void) {
    vm *v = make_vm(64u << 20);
    jobject *keep = NULL;
    RT_PROTECT(v, keep);
    /* ring of 1000 rooted through one member; ring of 1000 unreachable */
    for (int r = 0; r < 2; r++) {
        jobject *first = new_node(v, 0), *prev = first;
        RT_PROTECT(v, first);
        for (int i = 1; i < 1000; i++) {
            RT_PROTECT(v, prev);
            jobject *o = new_node(v, i);
            RT_UNPROTECT(v, 1);
            NEXT(prev) = o;
            OTHER(o) = first; /* back edges */
            prev = o;
        }
        NEXT(prev) = first;
        RT_UNPROTECT(v, 1);
        if (r == 0) keep = first;
    }
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 1000 * NODE_CELL);
    jobject *o = keep;
    for (int i = 0; i < 1000; i++, o = NEXT(o)) {
        UT_CHECK(VAL(o) == i);
        UT_CHECK(i == 0 || OTHER(o) == keep);
    }
    UT_CHECK(o == keep);
    keep = NULL;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 0);
    RT_UNPROTECT(v, 1);
    free_vm(v);
}

static void test_ref_arrays(void) {
    vm *v = make_vm(64u << 20);
    jobject *small = NULL, *big = NULL, *prims = NULL;
    g_static_roots[0] = &small;  /* reported by rt_visit_runtime_roots */
    g_static_roots[1] = &big;
    g_static_roots[2] = &prims;
    g_n_static_roots = 3;
    small = rt_new_array(v, &objarr_cls, 1000);
    UT_CHECK(small && small->length == 1000 && small->cls == &objarr_cls);
    big = rt_new_array(v, &objarr_cls, 100000); /* a large object */
    UT_CHECK(big && big->length == 100000);
    prims = rt_new_array(v, &intarr_cls, 5000);
    UT_CHECK(prims && prims->length == 5000);
    jobject **se = JARRAY_DATA(small), **be = JARRAY_DATA(big);
    int32_t *pe = JARRAY_DATA(prims);
    for (int i = 0; i < 100000; i++) {
        jobject *o = new_node(v, i);
        if (i < 1000) se[i] = o;
        if (i % 3) be[i] = o;   /* every third slot stays null */
        if (i < 5000) pe[i] = i * 7;
    }
    gc_collect(v);
    gc_collect(v);
    int ok = 1;
    for (int i = 0; i < 1000; i++) ok &= se[i] && VAL(se[i]) == i;
    for (int i = 0; i < 100000; i++) ok &= (i % 3) ? (be[i] && VAL(be[i]) == i) : be[i] == NULL;
    for (int i = 0; i < 5000; i++) ok &= pe[i] == i * 7;
    UT_CHECK(ok);
    /* nodes with i%3==0 and i>=1000 are garbage */
    size_t used = heap_used(v->heap);
    size_t expect_nodes = 1000 + (100000 - 1000) - (99000 / 3);
    UT_CHECK(used > expect_nodes * NODE_CELL + 800016 && used < expect_nodes * NODE_CELL + 900000);
    big = NULL;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 1000 * NODE_CELL + 8192 + 20032);
    small = prims = NULL;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 0);
    g_n_static_roots = 0;
    free_vm(v);
}

static void test_new_array_errors(void) {
    vm *v = make_vm(16u << 20);
    g_thrown[0] = 0;
    jobject *a = rt_new_array(v, &intarr_cls, -5);
    UT_CHECK(a == NULL);
    UT_CHECK_EQ_STR(g_thrown, "java/lang/NegativeArraySizeException");
    UT_CHECK_EQ_STR(g_thrown_msg, "-5");
    int before = g_oom_count;
    a = rt_new_array(v, &objarr_cls, INT32_MAX); /* 16 GiB > quota */
    UT_CHECK(a == NULL && g_oom_count == before + 1);
    a = rt_new_array(v, &intarr_cls, 0);
    UT_CHECK(a && a->length == 0);
    free_vm(v);
}

static void test_quota(void) {
    vm *v = make_vm(4u << 20);
    jobject *head = NULL;
    RT_PROTECT(v, head);
    int before = g_oom_count;
    int64_t n = 0;
    for (;;) {
        jobject *o = new_node(v, n);
        if (!o) break;
        NEXT(o) = head;
        head = o;
        n++;
    }
    UT_CHECK(g_oom_count == before + 1);
    UT_CHECK(heap_used(v->heap) <= (4u << 20));
    UT_CHECK(n > (int64_t)((4u << 20) / NODE_CELL) * 9 / 10);
    /* a large object does not fit either */
    UT_CHECK(heap_alloc(v, &leaf_cls, 100000) == NULL);
    int64_t i = n - 1;
    int ok = 1;
    for (jobject *o = head; o; o = NEXT(o)) ok &= VAL(o) == i--;
    UT_CHECK(ok && i == -1);
    head = NULL;
    UT_CHECK(new_node(v, 1) != NULL); /* collects and succeeds again */
    UT_CHECK(heap_used(v->heap) < 4096);
    RT_UNPROTECT(v, 1);
    free_vm(v);
}

static void test_bounded_churn(void) {
    long long base = g_outstanding;
    g_out_peak = g_outstanding;
    vm *v = make_vm(256u << 20);
    jobject *keep = NULL;
    RT_PROTECT(v, keep);
    size_t max_chunks = 0, max_used = 0;
    double t0 = now_ns();
    const long n = 10000000;
    for (long i = 0; i < n; i++) {
        jobject *o;
        if ((i & 7) == 0) o = heap_alloc(v, &leaf_cls, 16 + (size_t)(i % 200));
        else o = new_node(v, i);
        if (!o) { UT_CHECK(!"allocation failed"); break; }
        if ((i % 100000) == 1) { NEXT(o) = keep; keep = o; } /* a few nodes survive */
        if ((i & 0xffff) == 0) {
            size_t c = heap_chunk_count(v->heap), u = heap_used(v->heap);
            if (c > max_chunks) max_chunks = c;
            if (u > max_used) max_used = u;
        }
    }
    double dt = now_ns() - t0;
    long long mem_peak = g_out_peak - base;
    printf("  churn: %ld allocations, %.1f ns each incl. GC; %u collections, %.1f ms GC; "
           "peak used %zu KiB, peak chunks %zu, platform memory peak %lld KiB\n",
           n, dt / n, v->stats.gc_count, v->stats.gc_time_ns / 1e6, max_used >> 10,
           max_chunks, mem_peak >> 10);
    UT_CHECK(max_chunks < 64);
    UT_CHECK(max_used < (6u << 20));
    UT_CHECK(mem_peak < (24ll << 20));
    int64_t cnt = 0;
    for (jobject *o = keep; o; o = NEXT(o)) {
        UT_CHECK(VAL(o) % 100000 == 1);
        cnt++;
    }
    UT_CHECK_EQ_INT(cnt, n / 100000);
    RT_UNPROTECT(v, 1);
    free_vm(v);
    UT_CHECK_EQ_INT(g_outstanding, base);
}

/* Pure small-object allocation throughput (mostly garbage). */
static void test_throughput(void) {
    vm *v = make_vm(256u << 20);
    const long n = 20000000;
    jobject *last = NULL;
    RT_PROTECT(v, last);
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        jobject *o = heap_alloc(v, &node_cls, 40);
        NEXT(o) = last;   /* short chains: the previous object */
        last = (i & 15) ? o : NULL;
    }
    double dt = now_ns() - t0;
    printf("  throughput: %.2f ns per 40-byte object incl. GC (%u collections, %.1f ms in GC)\n",
           dt / n, v->stats.gc_count, v->stats.gc_time_ns / 1e6);
    UT_CHECK(v->stats.gc_count > 10);
    /* the same with 1e6 live nodes (40 MB) held throughout */
    jobject *live = NULL;
    RT_PROTECT(v, live);
    build_list(v, 1000000, &live);
    uint32_t gc0 = v->stats.gc_count;
    uint64_t gct0 = v->stats.gc_time_ns;
    t0 = now_ns();
    for (long i = 0; i < n; i++) {
        jobject *o = heap_alloc(v, &node_cls, 40);
        NEXT(o) = last;
        last = (i & 15) ? o : NULL;
    }
    dt = now_ns() - t0;
    printf("  with 40 MB live: %.2f ns per object incl. GC (%u collections, %.2f ms each)\n",
           dt / n, v->stats.gc_count - gc0,
           (v->stats.gc_time_ns - gct0) / 1e6 / (v->stats.gc_count - gc0 ? v->stats.gc_count - gc0 : 1));
    UT_CHECK_EQ_INT(check_list(live, 1000000), 1000000);
    RT_UNPROTECT(v, 2);
    free_vm(v);
}

/* Frames: static method (Ljava/lang/Object;I)Ljava/lang/Object;
 *   0 aload_0  1 astore_2  2 aload_2  3 iload_1  4 pop  5 areturn */
static uint8_t frame_code[] = { 0x2a, 0x4d, 0x2c, 0x1b, 0x57, 0xb0 };
static cf_code frame_cf_code = { .max_stack = 2, .max_locals = 3, .code_len = 6,
                                 .code = frame_code };
static jclass frame_owner = { .name = "FrameTest" };
static jmethod frame_m = { .owner = &frame_owner, .name = "m",
                           .desc = "(Ljava/lang/Object;I)Ljava/lang/Object;",
                           .access = ACC_STATIC, .max_stack = 2, .max_locals = 3,
                           .arg_slots = 2, .code = &frame_cf_code };
static jmethod native_m = { .owner = &frame_owner, .name = "nat",
                            .desc = "(ILjava/lang/Object;J[I)V", .access = ACC_STATIC,
                            .arg_slots = 5 };

static void test_frames(void) {
    vm *v = make_vm(64u << 20);
    jobject *a = new_node(v, 1), *b = new_node(v, 2), *c = new_node(v, 3),
            *d = new_node(v, 4), *e = new_node(v, 5), *f = new_node(v, 6);
    /* frame 0: a normal frame at pc 4: locals {b (ref), c-as-int, d (ref)},
     * stack {a (ref), int} */
    jframe *fr = &v->frames[0];
    fr->method = &frame_m;
    fr->locals = v->stack;
    fr->stack = v->stack + 3;
    fr->locals[0].l = b;
    fr->locals[1].l = c;        /* an int slot: must not keep c alive */
    fr->locals[2].l = d;
    fr->stack[0].l = a;
    fr->stack[1].raw = 0x123;   /* int */
    fr->sp = fr->stack + 2;
    fr->pc = 4;
    /* frame 1: native frame: (int, Object, long, int[]) */
    jframe *nf = &v->frames[1];
    nf->method = &native_m;
    nf->flags = FRAME_NATIVE;
    nf->locals = v->stack + 5;
    nf->locals[0].raw = 0x7;            /* int */
    nf->locals[1].l = e;                /* Object */
    nf->locals[2].raw = 0xdeadbeef;     /* long */
    nf->locals[3].raw = 0x11;
    nf->locals[4].l = f;                /* int[] (any reference) */
    v->frame_count = 2;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 5 * NODE_CELL);
    UT_CHECK(VAL(a) == 1 && VAL(b) == 2 && VAL(d) == 4 && VAL(e) == 5 && VAL(f) == 6);
    UT_CHECK(!(c->gc & 2u)); /* c was freed */

    /* sp below the map's depth: slots at and above sp are not scanned,
     * even if they hold garbage; frame at pc 3 (map depth 1) with sp = 0 */
    fr->pc = 3;
    fr->sp = fr->stack;
    fr->stack[0].raw = 0x5;             /* would crash if scanned */
    fr->locals[1].raw = 42;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 4 * NODE_CELL); /* a is gone */
    UT_CHECK(VAL(b) == 2 && VAL(d) == 4);
    UT_CHECK(!(a->gc & 2u));
    /* pc 1: astore_2 not yet executed: local 2 is uninitialised -> d dies */
    fr->pc = 1;
    fr->sp = fr->stack + 1;
    fr->stack[0].l = b;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 3 * NODE_CELL);
    UT_CHECK(!(d->gc & 2u));
    v->frame_count = 0;
    gc_collect(v);
    UT_CHECK_EQ_INT(heap_used(v->heap), 0);
    stackmap_free(v, &frame_m);
    free_vm(v);
}

static void test_mark_stack_overflow(void) {
    vm *v = make_vm(128u << 20);
    jobject *arr = NULL;
    RT_PROTECT(v, arr);
    const int n = 200000;
    arr = rt_new_array(v, &objarr_cls, n);
    jobject **el = JARRAY_DATA(arr);
    for (int i = 0; i < n; i++) {
        /* each element heads a 3-node list: forces wide marking */
        jobject *x = new_node(v, i);
        el[i] = x;
        NEXT(x) = new_node(v, -i);
        NEXT(NEXT(x)) = new_node(v, i + 1);
        OTHER(NEXT(x)) = el[i / 2];
    }
    gc_collect(v); /* grows the mark stack to fit */
    size_t used = heap_used(v->heap);
    RT_UNPROTECT(v, 1);
    free_vm(v);
    /* again in a fresh heap whose mark stack is small and cannot grow */

    v = make_vm(128u << 20);
    arr = NULL;
    RT_PROTECT(v, arr);
    arr = rt_new_array(v, &objarr_cls, n);
    el = JARRAY_DATA(arr);
    for (int i = 0; i < n; i++) {
        jobject *x = new_node(v, i);
        el[i] = x;
        NEXT(x) = new_node(v, -i);
        NEXT(NEXT(x)) = new_node(v, i + 1);
        OTHER(NEXT(x)) = el[i / 2];
    }
    jobject *garbage = NULL;
    for (int i = 0; i < 1000; i++) garbage = new_node(v, i);
    (void)garbage;
    g_fail_allocs = 1;
    gc_collect(v);
    g_fail_allocs = 0;
    UT_CHECK_EQ_INT(heap_used(v->heap), used);
    int ok = 1;
    for (int i = 0; i < n; i++) {
        jobject *x = el[i];
        ok &= VAL(x) == i && VAL(NEXT(x)) == -i && VAL(NEXT(NEXT(x))) == i + 1 &&
              OTHER(NEXT(x)) == el[i / 2] && NEXT(NEXT(NEXT(x))) == NULL;
    }
    UT_CHECK(ok);
    RT_UNPROTECT(v, 1);
    free_vm(v);
}

static void test_many_heaps(void) {
    enum { NV = 8 };
    vm *vs[NV];
    jobject *heads[NV];
    for (int k = 0; k < NV; k++) {
        vs[k] = make_vm(8u << 20);
        heads[k] = NULL;
        RT_PROTECT(vs[k], heads[k]);
    }
    for (int i = 0; i < 20000; i++) {
        for (int k = 0; k < NV; k++) {
            jobject *o = new_node(vs[k], k * 1000000 + i);
            NEXT(o) = heads[k];
            heads[k] = o;
            new_node(vs[k], -1); /* garbage */
        }
    }
    for (int k = 0; k < NV; k += 2) gc_collect(vs[k]);
    for (int k = 0; k < NV; k++) {
        int i = 19999, ok = 1;
        for (jobject *o = heads[k]; o; o = NEXT(o)) ok &= VAL(o) == k * 1000000 + i--;
        UT_CHECK(ok && i == -1);
        if (k % 2 == 0) UT_CHECK_EQ_INT(heap_used(vs[k]->heap), 20000 * NODE_CELL);
    }
    for (int k = 0; k < NV; k++) free_vm(vs[k]);
}

static void test_stats_and_destroy(void) {
    long long base = g_outstanding;
    vm *v = make_vm(32u << 20);
    for (int i = 0; i < 100000; i++) heap_alloc(v, &leaf_cls, 64);
    for (int i = 0; i < 10; i++) heap_alloc(v, &leaf_cls, 50000);
    heap_update_stats(v);
    UT_CHECK(v->stats.heap_peak >= v->stats.heap_used);
    UT_CHECK(v->stats.heap_used == heap_used(v->heap));
    gc_collect(v);
    UT_CHECK(v->stats.gc_count >= 1);
    UT_CHECK(v->stats.heap_peak >= (1u << 20));
    UT_CHECK_EQ_INT(v->stats.heap_used, 0);
    for (int i = 0; i < 1000; i++) heap_alloc(v, &leaf_cls, 64); /* left for destroy */
    heap_alloc(v, &leaf_cls, 1u << 20);
    free_vm(v);
    UT_CHECK_EQ_INT(g_outstanding, base);
}

/* Debug and sanitizer builds stop with a message when a root holds
 * something that is not a heap object (here: a fake object in C memory). */
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__)
#define VERIFY_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VERIFY_BUILD 1
#endif
#endif
static void test_debug_check(void) {
#ifdef VERIFY_BUILD
    int fds[2];
    UT_CHECK(pipe(fds) == 0);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        vm *v = make_vm(16u << 20);
        static jobject fake[4];
        fake[0].cls = &leaf_cls;
        jobject *bad = &fake[0];
        RT_PROTECT(v, bad);
        gc_collect(v);
        _exit(0); /* not reached */
    }
    close(fds[1]);
    char buf[512] = "";
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = 0;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    UT_CHECK(WIFSIGNALED(status));
    UT_CHECK(strstr(buf, "not a heap object, in native handle 0") != NULL);
#endif
}

int main(void) {
    posix_platform_init(&g_posix, NULL);
    g_plat = g_posix;
    g_plat.realloc = count_realloc;
    g_plat.zalloc = NULL;
    UT_RUN(test_alloc_basic);
    UT_RUN(test_linked_list);
    UT_RUN(test_cycles);
    UT_RUN(test_ref_arrays);
    UT_RUN(test_new_array_errors);
    UT_RUN(test_quota);
    UT_RUN(test_frames);
    UT_RUN(test_mark_stack_overflow);
    UT_RUN(test_many_heaps);
    UT_RUN(test_stats_and_destroy);
    UT_RUN(test_debug_check);
    UT_RUN(test_bounded_churn);
    if (!getenv("GC_TEST_QUICK")) UT_RUN(test_throughput);
    UT_CHECK_EQ_INT(g_outstanding, 0);
    return ut_finish();
}
