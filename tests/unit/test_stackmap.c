/* test_stackmap.c - unit tests of the bytecode reference maps
 * (src/gc/stackmap.c, stackmap_insn.c).
 *
 * Uses tests/unit/data/StackMapSamples.class (javac output, committed; the
 * .java next to it says how to rebuild it), parsed with cf_parse, and
 * checks the maps at chosen offsets: String vs int locals, `new` on the
 * stack, exception handlers, long/double slots, conflicting slot reuse,
 * switches, loops, invokedynamic, ldc kinds, dup forms, wide locals.
 * Hand-written bytecode checks the failures (underflow, depth mismatch,
 * falling off the end) and odd queries.  Also times the pass per method.
 *
 * Run from the repository root; `test_stackmap FILE.class...` instead maps
 * every instruction of every method of the given classes and prints the
 * cost (a robustness and speed check over real code).
 *
 * Build: compile with -Isrc -Itests/unit and link the objects of src/gc,
 * src/core, src/classfile and src/platform/posix (-lm). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "unit_test.h"
#include "gc/stackmap.h"
#include "classfile/classfile.h"
#include "core/mem.h"
#include "platform/posix/posix_platform.h"

static vm_platform g_plat;
static struct vm g_vm;

/* The runtime is not linked: stackmap.c needs none of it, and the heap is
 * not used here. */

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- loading a class into fake jclass/jmethod ------------------------------ */

typedef struct loaded {
    cf_class *cf;
    jclass cls;
    jmethod *methods;
} loaded;

static int load_class(const char *path, loaded *out, char *err, size_t errcap) {
    memset(out, 0, sizeof *out);
    size_t got = 0;
    uint8_t *buf = ut_read_file(path, &got);
    if (!buf) { snprintf(err, errcap, "cannot read %s", path); return 0; }
    vm_diag d = { err, errcap };
    vm_status st = cf_parse(&g_plat, buf, got, &out->cf, &d);
    free(buf);
    if (st != VM_OK) return 0;
    out->cls.name = out->cf->this_name;
    out->cls.cf = out->cf;
    out->methods = calloc(out->cf->n_methods ? out->cf->n_methods : 1, sizeof(jmethod));
    for (uint16_t i = 0; i < out->cf->n_methods; i++) {
        cf_method *cm = &out->cf->methods[i];
        jmethod *m = &out->methods[i];
        m->owner = &out->cls;
        m->name = cm->name;
        m->desc = cm->desc;
        m->access = cm->access;
        m->code = cm->code;
        if (cm->code) {
            m->max_stack = cm->code->max_stack;
            m->max_locals = cm->code->max_locals;
        }
    }
    return 1;
}

static void unload_class(loaded *l) {
    if (!l->cf) return;
    for (uint16_t i = 0; i < l->cf->n_methods; i++) stackmap_free(&g_vm, &l->methods[i]);
    free(l->methods);
    cf_free(l->cf);
    l->cf = NULL;
}

static jmethod *find_method(loaded *l, const char *name) {
    for (uint16_t i = 0; i < l->cf->n_methods; i++)
        if (strcmp(l->methods[i].name, name) == 0) return &l->methods[i];
    return NULL;
}

/* ---- checking a map against a pattern ------------------------------------- */

static loaded g_samples;

/* "R" = reference, "." = anything else; `locals` covers max_locals (or a
 * prefix of it when it ends with '*'), `stack` the whole depth. */
static int map_is(const char *mname, uint32_t pc, const char *locals, const char *stack,
                  char *why, size_t cap) {
    jmethod *m = find_method(&g_samples, mname);
    if (!m) { snprintf(why, cap, "no method %s", mname); return 0; }
    stackmap_view v;
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    vm_status st = stackmap_compute(&g_vm, m, &d);
    if (st == VM_OK) st = stackmap_at(&g_vm, m, pc, &v);
    if (st != VM_OK) {
        snprintf(why, cap, "%.20s pc %u: %s %.200s", mname, pc, vm_status_str(st), detail);
        return 0;
    }
    char got_l[1024], got_s[512];
    size_t nl = v.n_locals < sizeof got_l - 1 ? v.n_locals : sizeof got_l - 1;
    for (size_t i = 0; i < nl; i++) got_l[i] = v.is_ref[i] ? 'R' : '.';
    got_l[nl] = 0;
    size_t ns = v.stack_depth < sizeof got_s - 1 ? v.stack_depth : sizeof got_s - 1;
    for (size_t i = 0; i < ns; i++) got_s[i] = v.is_ref[v.n_locals + i] ? 'R' : '.';
    got_s[ns] = 0;
    size_t ll = strlen(locals);
    int lok = locals[ll - 1] == '*' ? strncmp(got_l, locals, ll - 1) == 0
                                     : strcmp(got_l, locals) == 0;
    if (!lok || strcmp(got_s, stack) != 0) {
        snprintf(why, cap, "%.20s pc %u: locals [%.60s] stack [%.20s], expected [%.60s] [%.20s]",
                 mname, pc, got_l, got_s, locals, stack);
        return 0;
    }
    return 1;
}

#define MAP(name, pc, loc, stk) do { char why_[512]; \
    if (!map_is(name, pc, loc, stk, why_, sizeof why_) && !ut_cur_failed) { \
        ut_cur_failed = 1; snprintf(ut_cur_msg, sizeof ut_cur_msg, "line %d: %.400s", __LINE__, why_); } \
    } while (0)

/* ---- tests on javac output -------------------------------------------------- */

static void test_locals_string_int(void) {
    MAP("strInt", 0, "R...", "");
    MAP("strInt", 1, "R...", "R");
    MAP("strInt", 5, "R.R.", "");      /* after astore_2: t is a reference */
    MAP("strInt", 6, "R.R.", "R");
    MAP("strInt", 12, "R.R.", "");     /* k (int) in local 3 */
    MAP("strInt", 13, "R.R.", ".");
}

static void test_new(void) {
    MAP("makeBuilder", 3, ".", "R");   /* after new */
    MAP("makeBuilder", 4, ".", "RR");  /* after dup */
    MAP("makeBuilder", 5, ".", "RR."); /* invokespecial <init>(I) */
    MAP("makeBuilder", 8, ".", "R");
    MAP("<init>", 0, "R", "");         /* this */
    MAP("<init>", 1, "R", "R");
}

static void test_exception_handler(void) {
    MAP("handler", 8, "R..", "R");     /* the caught exception */
    MAP("handler", 9, "R.R", "");
    MAP("handler", 11, "R..", "");     /* local 2: unset on one path */
    MAP("tryFinally", 14, "R..", "R");
    MAP("tryFinally", 19, "R.R", "");
    MAP("tryFinally", 20, "R.R", "R");
    /* synchronized: the `any` handler covers itself */
    MAP("sync", 4, "RRR.", "");
    MAP("sync", 14, "RRR.", "R");
    MAP("sync", 17, "RRRR", "");
    MAP("sync", 18, "RRRR", "R");
}

static void test_long_double(void) {
    MAP("wide", 0, "....R....", "");
    MAP("wide", 4, "....R....", "....");
    MAP("wide", 11, "....R...R", "");
    MAP("wide", 20, "....R...R", "..");
    MAP("wide", 22, "....R...R", "..R");
    MAP("ldcs", 3, ".....", "..");     /* ldc2_w long */
    MAP("ldcs", 6, ".....", "R");      /* ldc Class */
    MAP("ldcs", 10, "..R..", "..");    /* ldc2_w double */
    MAP("ldcs", 16, "..R..", "..R");
    MAP("ldcs", 17, "..R..", "..R..");
    MAP("ldcs", 22, "..R..", "R");
}

static void test_conflict_and_joins(void) {
    MAP("conflict", 7, ".R", "");
    MAP("conflict", 16, "..", "");
    MAP("conflict", 20, "..", "");     /* String vs int in local 1 */
    MAP("loop", 10, "R.R...", "");     /* header: local 5 unset on entry */
    MAP("loop", 25, "R.R..R", ".R");
    MAP("loop", 36, "R.R...", "");
    MAP("condRef", 11, ".R.", "R");    /* both arms push a reference */
    MAP("condRef", 12, ".RR", "");
    MAP("inst", 18, "R.", ".");
    MAP("inst", 11, "R.", "");
}

static void test_switch_indy_multi(void) {
    MAP("sw", 1, ".R", ".");
    MAP("sw", 28, ".R", "");
    MAP("sw", 32, ".R", "R");          /* ldc String */
    MAP("sw", 36, ".R", ".");
    MAP("sw", 66, ".R", "");
    MAP("sw", 73, ".R", "R");
    MAP("concat", 2, "R.", "R.");
    MAP("concat", 7, "R.", "R");       /* invokedynamic returns String */
    MAP("lam", 6, "R", "R");
    MAP("multi", 2, ".", "..");
    MAP("multi", 6, ".", "R");
}

static void test_dups(void) {
    MAP("dupx1", 2, "RR", "RR");
    MAP("dupx1", 3, "RR", "RRR");      /* dup_x1 */
    MAP("dupx1", 6, "RR", "R");
    MAP("dupx2", 4, "RR", "R..");
    MAP("dupx2", 5, "RR", ".R..");     /* dup_x2 */
    MAP("dup2x1", 2, "R..", "R..");
    MAP("dup2x1", 3, "R..", "..R..");  /* dup2_x1 */
    MAP("dup2x1", 6, "R..", "..");
    MAP("dup2x2", 7, "RR...", "R...");
    MAP("dup2x2", 8, "RR...", "R.....");  /* dup2 */
    MAP("dup2x2", 9, "RR...", "R...");  /* lstore_3 took the copy */
}

static void test_wide_locals(void) {
    char loc[265];
    memset(loc, '.', 264);
    loc[264] = 0;
    loc[2] = 'R';
    MAP("manyLocals", 911, loc, "");
    loc[263] = 'R';
    MAP("manyLocals", 916, loc, "");   /* after astore_w 263 */
    MAP("manyLocals", 948, loc, "..R");
}


/* The JIT's depth walk (stackmap_depths_only on a method without maps: the
 * depths alone, no slot kinds) against the depths of the full maps: the
 * same depths wherever the maps are made, and no refusal where they are.
 * (The maps' pass checks more, e.g. the locals' kinds where paths join:
 * the depth walk may accept code the maps refuse; *lax counts that.)
 * Leaves m without maps.  0 if they agree; else why. */
static int depths_agree(jmethod *m, unsigned long *lax, char *why, size_t cap) {
    uint32_t n = m->code->code_len;
    int32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    stackmap_free(&g_vm, m);
    vm_status sa = stackmap_depths_only(&g_vm, m, a, NULL);
    vm_status sb = stackmap_compute(&g_vm, m, NULL);
    if (sb == VM_OK) sb = stackmap_depths(&g_vm, m, b);
    int bad = 0;
    if (sa == VM_OK && sb != VM_OK) {
        (*lax)++;
    } else if (sa != VM_OK && sb == VM_OK) {
        snprintf(why, cap, "%s%s: depth walk %s, maps %s", m->name, m->desc,
                 vm_status_str(sa), vm_status_str(sb));
        bad = 1;
    }
    for (uint32_t pc = 0; !bad && sa == VM_OK && sb == VM_OK && pc < n; pc++) {
        if ((a[pc] >= 0 || b[pc] >= 0) && a[pc] != b[pc]) {
            snprintf(why, cap, "%s%s: at %u depth walk %d, maps %d", m->name, m->desc,
                     (unsigned)pc, (int)a[pc], (int)b[pc]);
            bad = 1;
        }
    }
    stackmap_free(&g_vm, m);
    free(a);
    free(b);
    return bad;
}

/* Every instruction of every method maps without error; timing. */
static void test_all_methods(void) {
    for (uint16_t i = 0; i < g_samples.cf->n_methods; i++) {
        jmethod *m = &g_samples.methods[i];
        if (!m->code) continue;
        char why[300] = "";
        unsigned long lax = 0;
        int dis = depths_agree(m, &lax, why, sizeof why) || lax;
        UT_CHECK(dis == 0);
        if (dis) printf("  %s\n", why);
        stackmap_free(&g_vm, m);
        char detail[256] = "";
        vm_diag d = { detail, sizeof detail };
        double t0 = now_ns();
        vm_status st = stackmap_compute(&g_vm, m, &d);
        double t1 = now_ns();
        UT_CHECK(st == VM_OK);
        if (st != VM_OK) { printf("  %s: %s\n", m->name, detail); continue; }
        uint32_t n = 0;
        for (uint32_t pc = 0; pc < m->code->code_len; pc += cf_insn_length(m->code->code, m->code->code_len, pc)) {
            stackmap_view v;
            UT_CHECK(stackmap_at(&g_vm, m, pc, &v) == VM_OK);
            UT_CHECK(v.n_locals == m->code->max_locals && v.stack_depth <= m->code->max_stack);
            n++;
        }
        double t2 = now_ns();
        if (!strcmp(m->name, "strInt") || !strcmp(m->name, "sw") || !strcmp(m->name, "loop") ||
            !strcmp(m->name, "sync") || !strcmp(m->name, "manyLocals"))
            printf("  %-10s %4u bytes %3u insns %3u locals: pass %6.2f us, query %5.0f ns/insn\n",
                   m->name, m->code->code_len, n, m->code->max_locals, (t1 - t0) / 1e3,
                   (t2 - t1) / n);
    }
}

/* ---- hand-written bytecode ------------------------------------------------------ */

static jclass hand_owner = { .name = "Hand" };

static vm_status hand(const uint8_t *code, uint32_t len, uint16_t max_stack,
                      uint16_t max_locals, const char *desc, char *detail, size_t cap,
                      uint32_t pc, stackmap_view *v) {
    cf_code c = { .max_stack = max_stack, .max_locals = max_locals, .code_len = len,
                  .code = (uint8_t *)code };
    jmethod m = { .owner = &hand_owner, .name = "h", .desc = desc, .access = ACC_STATIC,
                  .code = &c };
    vm_diag d = { detail, cap };
    detail[0] = 0;
    vm_status st = stackmap_compute(&g_vm, &m, &d);
    if (st == VM_OK && v) st = stackmap_at(&g_vm, &m, pc, v);
    if (st != VM_OK && v) {
        /* the failure is cached: same answer without detail */
        stackmap_view v2;
        if (stackmap_at(&g_vm, &m, pc, &v2) != st) st = VM_ERR_INTERNAL;
    }
    if (st == VM_OK && v) {
        /* the view lives in the cache freed below: keep a copy */
        static uint8_t copy[64];
        size_t n = (size_t)v->n_locals + v->stack_depth;
        memcpy(copy, v->is_ref, n < sizeof copy ? n : sizeof copy);
        v->is_ref = copy;
    }
    stackmap_free(&g_vm, &m);
    return st;
}

static void test_errors(void) {
    char detail[256];
    stackmap_view v;
    static const uint8_t underflow[] = { 0x57, 0xb1 };            /* pop; return */
    UT_CHECK_EQ_INT(hand(underflow, 2, 1, 0, "()V", detail, sizeof detail, 0, &v), VM_ERR_VERIFY);
    UT_CHECK(strstr(detail, "underflow") && strstr(detail, "Hand.h()V: offset 0"));
    /* iconst_0; ifeq 5; iconst_1; 5: return -> depth 0 vs 1 at 5 */
    static const uint8_t mismatch[] = { 0x03, 0x99, 0x00, 0x04, 0x04, 0xb1 };
    UT_CHECK_EQ_INT(hand(mismatch, 6, 2, 0, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    UT_CHECK(strstr(detail, "depth") != NULL);
    static const uint8_t falloff[] = { 0x00, 0x00 };              /* nop; nop */
    UT_CHECK_EQ_INT(hand(falloff, 2, 1, 0, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    UT_CHECK(strstr(detail, "falls off") != NULL);
    static const uint8_t overflow[] = { 0x03, 0x03, 0xb1 };      /* iconst_0 x2, max_stack 1 */
    UT_CHECK_EQ_INT(hand(overflow, 3, 1, 0, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    static const uint8_t badlocal[] = { 0x2b, 0xb0 };            /* aload_1; areturn */
    UT_CHECK_EQ_INT(hand(badlocal, 2, 1, 1, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    static const uint8_t jsr[] = { 0xa8, 0x00, 0x03, 0xb1 };
    UT_CHECK_EQ_INT(hand(jsr, 4, 1, 0, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    /* getstatic without a constant pool */
    static const uint8_t cpless[] = { 0xb2, 0x00, 0x01, 0xb0 };
    UT_CHECK_EQ_INT(hand(cpless, 4, 1, 0, "()V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);
    /* args exceed max_locals */
    static const uint8_t ret[] = { 0xb1 };
    UT_CHECK_EQ_INT(hand(ret, 1, 0, 1, "(JI)V", detail, sizeof detail, 0, NULL), VM_ERR_VERIFY);

    /* queries: not an instruction start; unreachable code; valid */
    static const uint8_t code[] = { 0x2a, 0xb0, 0x2a, 0xb0 };    /* aload_0 areturn | dead */
    UT_CHECK_EQ_INT(hand(code, 4, 1, 1, "(Ljava/lang/Object;)V", detail, sizeof detail, 1, &v), VM_OK);
    UT_CHECK(v.n_locals == 1 && v.stack_depth == 1 && v.is_ref[0] && v.is_ref[1]);
    UT_CHECK_EQ_INT(hand(code, 4, 1, 1, "(Ljava/lang/Object;)V", detail, sizeof detail, 2, &v), VM_ERR_VERIFY);
    static const uint8_t sipush[] = { 0x11, 0x00, 0x01, 0x57, 0xb1 }; /* sipush 1; pop; return */
    UT_CHECK_EQ_INT(hand(sipush, 5, 1, 0, "()V", detail, sizeof detail, 1, &v), VM_ERR_ARG);
    UT_CHECK_EQ_INT(hand(sipush, 5, 1, 0, "()V", detail, sizeof detail, 3, &v), VM_OK);
    UT_CHECK(v.stack_depth == 1 && !v.is_ref[0]);
    /* no code at all */
    jmethod nocode = { .owner = &hand_owner, .name = "n", .desc = "()V" };
    UT_CHECK(stackmap_at(&g_vm, &nocode, 0, &v) != VM_OK);
}

/* Long straight-line code: checkpoints bound the replay. */
static void test_long_block(void) {
    enum { N = 3000 };
    static uint8_t code[N * 2 + 2];
    /* (aload_0; astore_1) x N, then aload_1; areturn... use return */
    for (int i = 0; i < N; i++) { code[2 * i] = 0x2a; code[2 * i + 1] = 0x4c; }
    code[2 * N] = 0x2b;     /* aload_1 */
    code[2 * N + 1] = 0xb0; /* areturn */
    cf_code c = { .max_stack = 1, .max_locals = 2, .code_len = sizeof code, .code = code };
    jmethod m = { .owner = &hand_owner, .name = "long", .desc = "(Ljava/lang/Object;)V",
                  .access = ACC_STATIC, .code = &c };
    stackmap_view v;
    UT_CHECK(stackmap_at(&g_vm, &m, 0, &v) == VM_OK && !v.is_ref[1]);
    double t0 = now_ns();
    int ok = 1;
    for (uint32_t pc = 2; pc <= 2 * N; pc += 2)
        ok &= stackmap_at(&g_vm, &m, pc, &v) == VM_OK && v.is_ref[0] && v.is_ref[1] &&
              v.stack_depth == 0;
    double t1 = now_ns();
    UT_CHECK(ok);
    printf("  straight-line %u insns: %.0f ns per query\n", 2 * N + 2, (t1 - t0) / N);
    UT_CHECK((t1 - t0) / N < 20000);
    stackmap_free(&g_vm, &m);
}

/* Mutated bytecode (bypassing the parser's checks) never crashes the pass
 * or the queries; ASan builds check every access. */
static void test_mutations(void) {
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    unsigned long ok = 0, rejected = 0, depth_bad = 0, depth_lax = 0;
    for (uint16_t i = 0; i < g_samples.cf->n_methods; i++) {
        jmethod *orig = &g_samples.methods[i];
        if (!orig->code) continue;
        const cf_code *oc = orig->code;
        uint8_t *buf = malloc(oc->code_len);
        for (int round = 0; round < 300; round++) {
            memcpy(buf, oc->code, oc->code_len);
            int flips = 1 + round % 4;
            for (int k = 0; k < flips; k++) {
                seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
                buf[seed % oc->code_len] = (uint8_t)(seed >> 32);
            }
            cf_code c = *oc;
            c.code = buf;
            jmethod m = *orig;
            m.code = &c;
            m.stackmaps = NULL;
            char why[300] = "";
            if (depths_agree(&m, &depth_lax, why, sizeof why)) {
                depth_bad++;
                if (depth_bad <= 5) printf("  mutation: %s\n", why);
            }
            if (stackmap_compute(&g_vm, &m, NULL) == VM_OK) ok++;
            else rejected++;
            for (uint32_t pc = 0; pc < c.code_len; pc++) {
                stackmap_view v;
                if (stackmap_at(&g_vm, &m, pc, &v) == VM_OK)
                    UT_CHECK(v.n_locals == c.max_locals && v.stack_depth <= c.max_stack);
            }
            stackmap_free(&g_vm, &m);
        }
        free(buf);
    }
    printf("  mutations: %lu mapped, %lu rejected; depth walk and maps disagree on %lu "
           "(and the depth walk alone accepts %lu)\n", ok, rejected, depth_bad, depth_lax);
    UT_CHECK(rejected > 0);
    UT_CHECK(depth_bad == 0);
}

/* ---- bulk mode over real classes ------------------------------------------------- */

/* Cross-check against javac's StackMapTable: at every frame, a slot the
 * frame types as a reference (Object, Null, uninitialized) must be a
 * reference in our map, a primitive slot must not be, and the stack
 * depth must agree ("Top" locals may be either).  Returns mismatches. */
enum { VT_TOP = 0, VT_INT, VT_FLOAT, VT_DOUBLE, VT_LONG, VT_NULL, VT_UTHIS, VT_OBJ, VT_UNINIT };

static int vt_read(const uint8_t **p, const uint8_t *end, uint8_t *out, uint32_t *n, uint32_t cap) {
    if (*p >= end) return 0;
    uint8_t t = *(*p)++;
    if (t == VT_OBJ || t == VT_UNINIT) { if (end - *p < 2) return 0; *p += 2; }
    if (t > VT_UNINIT || *n >= cap) return 0;
    out[(*n)++] = t;
    if (t == VT_LONG || t == VT_DOUBLE) { if (*n >= cap) return 0; out[(*n)++] = VT_TOP + 100; }
    return 1;
}

static unsigned long check_frames(jmethod *m, unsigned long *frames_checked, char *why, size_t cap) {
    const cf_code *c = m->code;
    if (!c->stackmap || c->stackmap_len < 2) return 0;
    enum { CAP = 1024 };
    static uint8_t loc[CAP], stk[CAP];
    uint32_t nloc = 0, nstk = 0;
    /* initial locals from the descriptor */
    if (!(m->access & ACC_STATIC)) loc[nloc++] = strcmp(m->name, "<init>") ? VT_OBJ : VT_UTHIS;
    for (const char *d = m->desc + 1; *d != ')' && nloc + 2 < CAP;) {
        char ch = *d;
        while (*d == '[') d++;
        if (*d == 'L') while (*d != ';') d++;
        d++;
        if (ch == 'J' || ch == 'D') { loc[nloc++] = VT_LONG; loc[nloc++] = VT_TOP + 100; }
        else if (ch == 'L' || ch == '[') loc[nloc++] = VT_OBJ;
        else loc[nloc++] = VT_INT;
    }
    const uint8_t *p = c->stackmap, *end = c->stackmap + c->stackmap_len;
    uint32_t n = (uint32_t)p[0] << 8 | p[1];
    p += 2;
    int64_t off = -1;
    unsigned long bad = 0;
    for (uint32_t f = 0; f < n; f++) {
        if (p >= end) return bad + 1;
        uint8_t t = *p++;
        uint32_t delta;
        nstk = 0;
        if (t < 64) delta = t;
        else if (t < 128) { delta = t - 64u; if (!vt_read(&p, end, stk, &nstk, CAP)) return bad + 1; }
        else {
            if (t < 247 || end - p < 2) return bad + 1;
            delta = (uint32_t)p[0] << 8 | p[1];
            p += 2;
            if (t == 247) { if (!vt_read(&p, end, stk, &nstk, CAP)) return bad + 1; }
            else if (t >= 248 && t <= 250) {
                for (uint32_t k = 0; k < 251u - t; k++) {
                    /* remove one logical local (two slots for long/double) */
                    if (nloc >= 2 && loc[nloc - 1] == VT_TOP + 100) nloc -= 2;
                    else if (nloc) nloc--;
                }
            } else if (t >= 252 && t <= 254) {
                for (uint32_t k = 0; k < t - 251u; k++)
                    if (!vt_read(&p, end, loc, &nloc, CAP)) return bad + 1;
            } else if (t == 255) {
                nloc = 0;
                uint32_t nl = (uint32_t)p[0] << 8 | p[1];
                p += 2;
                for (uint32_t k = 0; k < nl; k++) if (!vt_read(&p, end, loc, &nloc, CAP)) return bad + 1;
                uint32_t ns = (uint32_t)p[0] << 8 | p[1];
                p += 2;
                for (uint32_t k = 0; k < ns; k++) if (!vt_read(&p, end, stk, &nstk, CAP)) return bad + 1;
            }
        }
        off = off < 0 ? delta : off + delta + 1;
        stackmap_view v;
        if (stackmap_at(&g_vm, m, (uint32_t)off, &v) != VM_OK) {
            /* javac emits frames for unreachable code too (e.g. after a
             * return inside try/finally); those are not checked */
            continue;
        }
        (*frames_checked)++;
        int ok = v.stack_depth == nstk;
        for (uint32_t i = 0; ok && i < v.n_locals; i++) {
            uint8_t vt = i < nloc ? loc[i] : VT_TOP;
            int fref = vt == VT_NULL || vt == VT_UTHIS || vt == VT_OBJ || vt == VT_UNINIT;
            int fprim = vt != VT_TOP && !fref;
            if ((fref && !v.is_ref[i]) || (fprim && v.is_ref[i])) ok = 0;
        }
        for (uint32_t i = 0; ok && i < nstk; i++) {
            uint8_t vt = stk[i];
            int fref = vt == VT_NULL || vt == VT_UTHIS || vt == VT_OBJ || vt == VT_UNINIT;
            if (fref != v.is_ref[v.n_locals + i]) ok = 0;
        }
        if (!ok) {
            if (!bad) snprintf(why, cap, "%s%s frame at %u disagrees", m->name, m->desc, (unsigned)off);
            bad++;
        }
    }
    return bad;
}


static int bulk(int argc, char **argv) {
    unsigned long classes = 0, methods = 0, insns = 0, failed = 0, bad_classes = 0;
    unsigned long frames = 0, frame_bad = 0, depth_bad = 0;
    double pass_ns = 0, query_ns = 0, worst = 0;
    const char *worst_name = "";
    static char worst_buf[300];
    for (int a = 1; a < argc; a++) {
        loaded l;
        char err[300];
        if (!load_class(argv[a], &l, err, sizeof err)) { bad_classes++; continue; }
        classes++;
        for (uint16_t i = 0; i < l.cf->n_methods; i++) {
            jmethod *m = &l.methods[i];
            if (!m->code) continue;
            methods++;
            char dwhy[300];
            unsigned long lax = 0;
            if (depths_agree(m, &lax, dwhy, sizeof dwhy) || lax) {
                depth_bad++;
                if (depth_bad <= 10) printf("  %s: %s\n", l.cls.name, dwhy);
            }
            char detail[300] = "";
            vm_diag d = { detail, sizeof detail };
            double t0 = now_ns();
            vm_status st = stackmap_compute(&g_vm, m, &d);
            double t1 = now_ns();
            if (st != VM_OK) {
                failed++;
                if (failed <= 10) printf("  %s: %s\n", vm_status_str(st), detail);
                continue;
            }
            for (uint32_t pc = 0; pc < m->code->code_len;
                 pc += cf_insn_length(m->code->code, m->code->code_len, pc)) {
                stackmap_view v;
                if (stackmap_at(&g_vm, m, pc, &v) == VM_OK) insns++;
            }
            double t2 = now_ns();
            char why[300];
            unsigned long b = check_frames(m, &frames, why, sizeof why);
            if (b && frame_bad < 10) printf("  %s: %s\n", l.cls.name, why);
            frame_bad += b;
            pass_ns += t1 - t0;
            query_ns += t2 - t1;
            if (t1 - t0 > worst) {
                worst = t1 - t0;
                snprintf(worst_buf, sizeof worst_buf, "%s.%s%s (%u bytes)", l.cls.name, m->name,
                         m->desc, m->code->code_len);
                worst_name = worst_buf;
            }
        }
        unload_class(&l);
    }
    printf("bulk: %lu classes (%lu unparsable), %lu methods, %lu failed; %lu insns mapped\n"
           "      pass %.2f us/method avg, query %.0f ns/insn avg; slowest %.1f us: %s\n",
           classes, bad_classes, methods, failed, insns, methods ? pass_ns / methods / 1e3 : 0.0,
           insns ? query_ns / insns : 0.0, worst / 1e3, worst_name);
    printf("      StackMapTable cross-check: %lu frames agree, %lu disagree\n", frames - frame_bad,
           frame_bad);
    printf("      the JIT's depth walk and the maps' depths disagree on %lu methods\n", depth_bad);
    return failed || frame_bad || depth_bad ? 1 : 0;
}

int main(int argc, char **argv) {
    posix_platform_init(&g_plat, NULL);
    g_vm.plat = &g_plat;
    if (argc > 1) return bulk(argc, argv);
    char err[300] = "";
    const char *path = getenv("STACKMAP_SAMPLES");
    if (!path) path = "tests/unit/data/StackMapSamples.class";
    if (!load_class(path, &g_samples, err, sizeof err)) {
        printf("FAIL: load_samples: %s %s\n", path, err);
        return 1;
    }
    UT_RUN(test_locals_string_int);
    UT_RUN(test_new);
    UT_RUN(test_exception_handler);
    UT_RUN(test_long_double);
    UT_RUN(test_conflict_and_joins);
    UT_RUN(test_switch_indy_multi);
    UT_RUN(test_dups);
    UT_RUN(test_wide_locals);
    UT_RUN(test_all_methods);
    UT_RUN(test_errors);
    UT_RUN(test_long_block);
    UT_RUN(test_mutations);
    unload_class(&g_samples);
    return ut_finish();
}
