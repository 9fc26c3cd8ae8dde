/* test_fuse_prog.c - the field programs' machine code (vm_field_prog_emit,
 * src/jit/fuse_prog_emit.c) against their reference, the C evaluator
 * (dp_fuse_prog_run, src/datapath/dp_fuse_prog.h): hand-made programs
 * using every operation the decoder (src/jit/fuse_prog.c) makes - the
 * counters' forms, arithmetic, the header getters, ISIP, GUARD and SELECT
 * with each condition, CSEL, SETDSCP and SETDSCP_IF - run both ways on
 * the same VIFlet fields and the same packets (IPv4 with and without
 * options, fragments, TCP, UDP, ICMP; IPv6; behind a VLAN tag; ARP; an
 * IHL of 4, an IPv6 version of 4; every truncation of them; random
 * bytes), answer, fields and bytes compared.  And the code disassembles
 * (Capstone): every byte one instruction, with the instructions each
 * operation is made of. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "runtime/vm.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"
#include "vifvm_jit.h"
#include "datapath/dp_fuse_prog.h"
#include "vifvm_pathcode.h"
#include <stddef.h>

static vm_platform plat;
static vm *V;

/* ---- programs ---------------------------------------------------------- */
typedef struct pbuild { vm_field_prog p; } pbuild;

static uint8_t add(pbuild *b, uint8_t op, uint8_t a, uint8_t c, uint32_t off, int64_t k) {
    uint32_t i = b->p.n++;
    b->p.op[i] = (vm_field_op){ .op = op, .a = a, .b = c, .off = off, .k = k };
    if ((op >= VM_FOP_DPORT && op <= VM_FOP_IPPROTO) || op == VM_FOP_GUARD ||
        op == VM_FOP_SELECT || op == VM_FOP_SETDSCP || op == VM_FOP_CSEL ||
        op == VM_FOP_SETDSCP_IF || op == VM_FOP_ISIP || op == VM_FOP_DSCP)
        b->p.reads = true;
    if (op == VM_FOP_SETDSCP || op == VM_FOP_SETDSCP_IF) b->p.writes = true;
    return (uint8_t)i;
}
static uint8_t K(pbuild *b, int64_t k) { return add(b, VM_FOP_CONST, 0, 0, 0, k); }
/* store register r as a long into the next field (16, 24, ...) */
static uint32_t nfield;
static void out(pbuild *b, uint8_t r) {
    add(b, VM_FOP_STJ, r, 0, 16 + 8 * nfield++, 0);
}
static uint8_t sel(pbuild *b, uint8_t x, uint8_t y, uint32_t cc, int32_t t, int32_t e) {
    return add(b, VM_FOP_SELECT, x, y, cc,
               (int64_t)(((uint64_t)(uint32_t)t << 32) | (uint32_t)e));
}

#define NPROG 24
static vm_field_prog progs[NPROG];
static const char *pnames[NPROG];
static uint32_t nprogs;
static void done(pbuild *b, const char *name) {
    progs[nprogs] = b->p;
    pnames[nprogs++] = name;
    memset(b, 0, sizeof *b);
    nfield = 0;
}

static void make_programs(void) {
    pbuild b;
    memset(&b, 0, sizeof b);
    /* the getters, ISIP */
    out(&b, add(&b, VM_FOP_DPORT, 0, 0, 0, 0));
    out(&b, add(&b, VM_FOP_SPORT, 0, 0, 0, 0));
    out(&b, add(&b, VM_FOP_IPPROTO, 0, 0, 0, 0));
    out(&b, add(&b, VM_FOP_ISIP, 0, 0, 0, 0));
    done(&b, "getters");
    out(&b, add(&b, VM_FOP_IPPROTO, 0, 0, 0, 0));
    out(&b, add(&b, VM_FOP_ISIP, 0, 0, 0, 0));
    done(&b, "proto (no ports: IPv6 too)");
    /* dscp() (branch fx22), and a filter on it */
    out(&b, add(&b, VM_FOP_DSCP, 0, 0, 0, 0));
    done(&b, "dscp");
    {
        uint8_t d = add(&b, VM_FOP_DSCP, 0, 0, 0, 0), k = K(&b, 32);
        add(&b, VM_FOP_GUARD, d, k, 0, 2);   /* (32 .. 63: dropped) */
        add(&b, VM_FOP_ADDJ_K, 0, 0, 16, 1);
        done(&b, "dscp filter");
    }
    /* SELECT, each condition, 0/1 and two constants, against a constant
     * and a register */
    {
        uint8_t pr = add(&b, VM_FOP_IPPROTO, 0, 0, 0, 0), len = add(&b, VM_FOP_LEN, 0, 0, 0, 0);
        uint8_t k17 = K(&b, 17), k6 = K(&b, 6), f = add(&b, VM_FOP_LDI, 0, 0, 200, 0);
        uint8_t big = K(&b, 0x123456789ll);
        for (uint32_t cc = 0; cc < 6; cc++) {
            out(&b, sel(&b, pr, k17, cc, 1, 0));
            out(&b, sel(&b, len, f, cc, 26, -8));
            out(&b, sel(&b, pr, k6, cc, 0, 1));
        }
        out(&b, sel(&b, len, big, 2, 5, 7));
        done(&b, "select");
    }
    /* GUARD, each condition, on the length against a constant and a
     * field, stores after it */
    for (uint32_t cc = 0; cc < 6; cc++) {
        static const char *gn[6] = { "guard ==", "guard !=", "guard <", "guard >=", "guard >",
                                     "guard <=" };
        uint8_t len = add(&b, VM_FOP_LEN, 0, 0, 0, 0), k = K(&b, 60), k300 = K(&b, 300);
        add(&b, VM_FOP_GUARD, len, k, 0, cc);
        add(&b, VM_FOP_GUARD, k300, len, 0, 4);   /* (a register compared: always on) */
        out(&b, add(&b, VM_FOP_TS, 0, 0, 0, 0));
        add(&b, VM_FOP_ADDJ_K, 0, 0, 40, 1);
        done(&b, gn[cc]);
    }
    /* a guard on the ports (IPv6: the handler's) */
    {
        uint8_t d = add(&b, VM_FOP_DPORT, 0, 0, 0, 0), k = K(&b, 53);
        add(&b, VM_FOP_GUARD, d, k, 0, 1);
        add(&b, VM_FOP_ADDI_K, 0, 0, 16, 1);
        add(&b, VM_FOP_ADDJ_LEN, 0, 0, 24, 0);
        add(&b, VM_FOP_ADDI_LEN, 0, 0, 32, 0);
        done(&b, "port guard and counters");
    }
    /* CSEL, the predicates' arithmetic, a setDscp on some ways only */
    {
        uint8_t pr = add(&b, VM_FOP_IPPROTO, 0, 0, 0, 0), k6 = K(&b, 6), one = K(&b, 1);
        uint8_t t = sel(&b, pr, k6, 0, 1, 0), nt = add(&b, VM_FOP_XORI, t, one, 0, 0);
        uint8_t len = add(&b, VM_FOP_LEN, 0, 0, 0, 0), odd = add(&b, VM_FOP_ANDI, len, one, 0, 0);
        uint8_t w = add(&b, VM_FOP_ORI, t, odd, 0, 0);
        uint8_t f1 = add(&b, VM_FOP_LDJ, 0, 0, 208, 0), f2 = add(&b, VM_FOP_LDJ, 0, 0, 216, 0);
        out(&b, add(&b, VM_FOP_CSEL, t, f1, 0, f2));
        out(&b, add(&b, VM_FOP_CSEL, nt, f1, 0, f2));
        uint8_t d = add(&b, VM_FOP_CSEL, t, K(&b, 46), 0, K(&b, 10));
        out(&b, w);
        add(&b, VM_FOP_SETDSCP_IF, d, w, 0, 0);
        done(&b, "csel, setDscp on some ways");
    }
    /* SETDSCP of each kind of code point, its answer */
    {
        static const int32_t cp[4] = { 0, 63, 46, 1 };
        static const char *sn[4] = { "setDscp 0", "setDscp 63", "setDscp 46", "setDscp 1" };
        for (int i = 0; i < 4; i++) {
            out(&b, add(&b, VM_FOP_ISIP, 0, 0, 0, 0));
            out(&b, add(&b, VM_FOP_SETDSCP, K(&b, cp[i]), 0, 0, 0));
            done(&b, sn[i]);
        }
        uint8_t pr = add(&b, VM_FOP_IPPROTO, 0, 0, 0, 0), k17 = K(&b, 17);
        out(&b, add(&b, VM_FOP_SETDSCP, sel(&b, pr, k17, 0, 10, 34), 0, 0, 0));
        done(&b, "setDscp of a select");
    }
    /* the arithmetic */
    {
        uint8_t i1 = add(&b, VM_FOP_LDI, 0, 0, 200, 0), i2 = add(&b, VM_FOP_LDI, 0, 0, 204, 0);
        uint8_t j1 = add(&b, VM_FOP_LDJ, 0, 0, 208, 0), j2 = add(&b, VM_FOP_LDJ, 0, 0, 216, 0);
        uint8_t big = K(&b, -0x7edcba9876543210ll), len = add(&b, VM_FOP_LEN, 0, 0, 0, 0);
        for (uint8_t op = VM_FOP_ADDI; op <= VM_FOP_XORJ; op += 2) {
            out(&b, add(&b, op, i1, i2, 0, 0));
            out(&b, add(&b, (uint8_t)(op + 1), j1, j2, 0, 0));
            out(&b, add(&b, (uint8_t)(op + 1), j1, big, 0, 0));
        }
        out(&b, add(&b, VM_FOP_NEGI, i1, 0, 0, 0));
        out(&b, add(&b, VM_FOP_NEGJ, j1, 0, 0, 0));
        out(&b, add(&b, VM_FOP_I2L, i2, 0, 0, 0));
        out(&b, add(&b, VM_FOP_L2I, j2, 0, 0, 0));
        out(&b, add(&b, VM_FOP_ADDI, len, K(&b, 0x7fffff00), 0, 0));
        add(&b, VM_FOP_STI, add(&b, VM_FOP_MULI, i1, len, 0, 0), 0, 224, 0);
        add(&b, VM_FOP_ADDJ_K, 0, 0, 232, 0x100000000ll);
        add(&b, VM_FOP_ADDI_K, 0, 0, 240, -5);
        done(&b, "arithmetic");
    }
}

/* ---- packets ----------------------------------------------------------- */
#define PMAX 160
typedef struct pkt { uint8_t d[PMAX]; int32_t n; } pkt;
#define NPKT 6000
static pkt pk[NPKT];
static uint32_t npk;

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}

/* a frame of kind k: 0 IPv4, 1 IPv4 with options, 2 IPv6, 3 ARP, 4 an
 * IHL of 4, 5 IPv6 version 4, 6 an IPv4 fragment, 7 random EtherType */
static void frame(pkt *p, int k, bool vlan) {
    for (int i = 0; i < PMAX; i++) p->d[i] = (uint8_t)rnd();
    int o = 12;
    if (vlan) { p->d[12] = 0x81; p->d[13] = 0x00; o = 16; }
    uint16_t et = k == 2 || k == 5 ? 0x86dd : k == 3 ? 0x0806 : k == 7 ? (uint16_t)rnd() : 0x0800;
    p->d[o] = (uint8_t)(et >> 8);
    p->d[o + 1] = (uint8_t)et;
    uint8_t *ip = p->d + o + 2;
    static const uint8_t protos[5] = { 6, 17, 1, 47, 58 };
    uint8_t proto = protos[rnd() % 5];
    if (et == 0x0800) {
        ip[0] = (uint8_t)(0x40 | (k == 1 ? 5 + rnd() % 11 : k == 4 ? 4 : 5));
        ip[6] = k == 6 ? (uint8_t)(rnd() % 0x20) : (uint8_t)(rnd() % 2 ? 0x40 : 0);
        ip[7] = k == 6 ? (uint8_t)(1 + rnd() % 255) : 0;
        ip[9] = proto;
    } else if (et == 0x86dd) {
        ip[0] = (uint8_t)((k == 5 ? 0x40 : 0x60) | (ip[0] & 15));
        ip[6] = proto;
    }
    p->n = 34 + (int32_t)(rnd() % (PMAX - 34 + 1));
}

static void make_packets(void) {
    for (int k = 0; k < 8; k++)
        for (int v = 0; v < 2; v++)
            for (int rep = 0; rep < 4; rep++) {
                pkt f;
                frame(&f, k, v);
                /* every truncation of the first 100 bytes */
                for (int32_t n = 0; n <= 100 && npk < NPKT; n++) {
                    pk[npk] = f;
                    pk[npk++].n = n;
                }
                if (npk < NPKT) pk[npk++] = f;
            }
    while (npk < NPKT) {
        frame(&pk[npk], (int)(rnd() % 8), rnd() % 3 == 0);
        npk++;
    }
}

/* ---- the comparison ---------------------------------------------------- */
#define OBJ 256
static void test_same_as_evaluator(void) {
    int bad = 0;
    for (uint32_t q = 0; q < nprogs && !bad; q++) {
        vm_field_prog_fn fn = NULL;
        uint32_t bytes = 0;
        vm_status st = vm_field_prog_emit(V, &progs[q], pnames[q], &fn, &bytes);
        UT_CHECK(st == VM_OK && fn);
        if (st != VM_OK || !fn) return;
        uint32_t ones = 0, zeros = 0;
        for (uint32_t i = 0; i < npk && !bad; i++) {
            _Alignas(16) uint8_t oa[OBJ], ob[OBJ], oc[OBJ];
            for (int j = 0; j < OBJ; j++) oa[j] = (uint8_t)rnd();
            memcpy(ob, oa, OBJ);
            memcpy(oc, oa, OBJ);
            pkt a = pk[i], c = pk[i], e = pk[i];
            int64_t ts = (int64_t)((uint64_t)rnd() << 32 | rnd());
            /* the IP header's place not known yet (both find it and keep
             * it), and known (a program after another on the packet: the
             * machine code takes it as given) */
            int32_t ha = VM_FIELD_HDR_UNKNOWN, hb = VM_FIELD_HDR_UNKNOWN;
            int32_t hc = dp_prog_ip(pk[i].d, pk[i].n);
            int32_t ra = dp_fuse_prog_run((vm_object *)oa, a.n, ts, &progs[q], a.d, &ha);
            int32_t rb = fn((vm_object *)ob, c.n, ts, &progs[q], c.d, &hb);
            int32_t rc = fn((vm_object *)oc, e.n, ts, &progs[q], e.d, &hc);
            if (ra) ones++; else zeros++;
            if (ha != hb || (ha != VM_FIELD_HDR_UNKNOWN && ha != dp_prog_ip(pk[i].d, pk[i].n)) ||
                rc != ra || memcmp(oa, oc, OBJ) || memcmp(a.d, e.d, PMAX)) {
                snprintf(ut_cur_msg, sizeof ut_cur_msg,
                         "program \"%s\", packet %u (%d bytes): the header's place kept %d/%d, "
                         "with it known: answer %d/%d, fields %s, bytes %s", pnames[q], i, a.n,
                         ha, hb, ra, rc, memcmp(oa, oc, OBJ) ? "differ" : "same",
                         memcmp(a.d, e.d, PMAX) ? "differ" : "same");
                ut_cur_failed = 1;
                bad = 1;
            }
            if (ra != rb || memcmp(oa, ob, OBJ) || memcmp(a.d, c.d, PMAX)) {
                snprintf(ut_cur_msg, sizeof ut_cur_msg,
                         "program \"%s\", packet %u (%d bytes, %02x%02x at 12): answer %d/%d, "
                         "fields %s, bytes %s", pnames[q], i, a.n, pk[i].d[12], pk[i].d[13],
                         ra, rb, memcmp(oa, ob, OBJ) ? "differ" : "same",
                         memcmp(a.d, c.d, PMAX) ? "differ" : "same");
                ut_cur_failed = 1;
                bad = 1;
            }
        }
        /* (the packets take both ways of every guard and getter) */
        if (!bad && !(zeros >= 20 && (ones >= 20 || !progs[q].reads ||
                                      !strncmp(pnames[q], "proto", 5) ||
                                      !strncmp(pnames[q], "setDscp", 7) ||
                                      !strcmp(pnames[q], "select") ||
                                      !strncmp(pnames[q], "csel", 4) ||
                                      !strcmp(pnames[q], "dscp")))) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg, "program \"%s\": %u of %u packets done",
                     pnames[q], zeros, npk);
            ut_cur_failed = 1;
            bad = 1;
        }
        if (!bad) printf("  %-28s %4u bytes, %u/%u packets left to the handler\n", pnames[q],
                         bytes, ones, npk);
    }
}

/* every byte decodes, and the instructions each operation is made of are
 * there */
static void test_disassembles(void) {
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    static const struct { const char *prog; const char *want[6]; } w[] = {
        { "getters", { "bswap", "setns", "movzx", "endbr64", NULL } },
        { "select", { "sete", "setl", "cmovge", "cmovle", "cmovne", NULL } },
        { "guard <", { "jge", NULL } },
        { "guard >=", { "jl", NULL } },
        { "guard >", { "jle", NULL } },
        { "guard ==", { "jne", NULL } },
        { "csel, setDscp on some ways", { "cmove", "and", "or", NULL } },
        { "setDscp 46", { "shl", "shr", NULL } },
    };
    for (uint32_t q = 0; q < nprogs; q++) {
        vm_field_prog_fn fn = NULL;
        uint32_t bytes = 0;
        UT_CHECK(vm_field_prog_emit(V, &progs[q], pnames[q], &fn, &bytes) == VM_OK);
        if (!fn) break;
        cs_insn *insn;
        size_t n = cs_disasm(cs, (const uint8_t *)(void *)fn, bytes, (uint64_t)(uintptr_t)fn, 0,
                             &insn);
        size_t sum = 0;
        for (size_t i = 0; i < n; i++) sum += insn[i].size;
        if (sum != bytes && !ut_cur_failed) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg, "program \"%s\": %zu of %u bytes decode",
                     pnames[q], sum, bytes);
            ut_cur_failed = 1;
        }
        for (size_t k = 0; k < sizeof w / sizeof *w; k++) {
            if (strcmp(w[k].prog, pnames[q])) continue;
            for (int j = 0; w[k].want[j]; j++) {
                bool seen = false;
                for (size_t i = 0; i < n; i++) seen |= !strcmp(insn[i].mnemonic, w[k].want[j]);
                if (!seen && !ut_cur_failed) {
                    snprintf(ut_cur_msg, sizeof ut_cur_msg, "program \"%s\": no %s",
                             pnames[q], w[k].want[j]);
                    ut_cur_failed = 1;
                }
            }
        }
        if (n) cs_free(insn, n);
    }
    cs_close(&cs);
}

/* ---- the bodies inlined into a path function (branch fx22) ------------ */
/* Sequences of programs - each alone, every ordered pair, some triples -
 * as the stages of a path function (vm_pathcode_region_emit: one
 * VM_PC_PROG a stage, answer 1 of stage k returning k + 1), made three
 * ways: the bodies inlined with the header values kept for the later
 * bodies (flags 0), inlined each finding its own (VM_PC_NO_SHARE), and
 * called (VM_PC_NO_INLINE, the programs' own code); each run on the same
 * packets against the C evaluator run stage after stage (the place of the
 * IP header kept from one to the next, as the host does): the same
 * answer, fields of every stage and bytes. */
typedef struct tpkt { uint8_t *data; int32_t caplen, pad; int64_t ts; } tpkt;
#define MAXSEQ 3
static void *stage_obj[MAXSEQ];   /* (read by the code: args[0]) */

static uint32_t seq_ops(vm_pc_op *ops, const uint32_t *q, uint32_t k, vm_field_prog_fn *fns) {
    uint32_t n = 0;
    ops[n++] = (vm_pc_op){ .kind = VM_PC_SET_FRAME32, .imm = VM_FIELD_HDR_UNKNOWN };
    for (uint32_t s = 0; s < k; s++)
        ops[n++] = (vm_pc_op){
            .kind = VM_PC_PROG, .exit_nz = true, .fn = (const void *)fns[q[s]], .nargs = 6,
            .prog = &progs[q[s]], .ret = s + 1,
            .args = { { .src = VM_PC_LD64, .loc = { .where = VM_PC_ABS, .base = &stage_obj[s] } },
                      { .src = VM_PC_LD32, .loc = { .where = VM_PC_ARG,
                                                    .off = (int32_t)offsetof(tpkt, caplen) } },
                      { .src = VM_PC_LD64, .loc = { .where = VM_PC_ARG,
                                                    .off = (int32_t)offsetof(tpkt, ts) } },
                      { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)&progs[q[s]] },
                      { .src = VM_PC_LD64, .loc = { .where = VM_PC_ARG,
                                                    .off = (int32_t)offsetof(tpkt, data) } },
                      { .src = VM_PC_FRAME } } };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = 0 };
    return n;
}

static uint32_t seq_n_cases;
static const uint32_t seq_flags[3] = { 0, VM_PC_NO_SHARE, VM_PC_NO_INLINE };
static const char *const seq_mode[3] = { "inlined", "inlined, VM_PC_NO_SHARE", "called" };

/* one sequence q[0 .. k) made the three ways, run on every step-th packet:
 * false (and the message) when one differs from the evaluator */
static bool seq_case(const uint32_t *q, uint32_t k, vm_field_prog_fn *fns, uint32_t step) {
    vm_pc_op ops[MAXSEQ + 2];
    uint32_t n = seq_ops(ops, q, k, fns);
    seq_n_cases++;
    vm_pathcode_region r[3];
    vm_pathcode c[3];
    bool ok = true;
    for (int m = 0; m < 3; m++) {
        vm_pathcode_region_init(&r[m], &plat, 4096);
        r[m].flags = seq_flags[m];
        vm_status st = vm_pathcode_region_emit(&r[m], ops, n, NULL, NULL, NULL, &c[m]);
        if (st == VM_OK) st = vm_pathcode_region_seal(&r[m]);
        if (st != VM_OK) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s: %s: status %d", pnames[q[0]],
                     seq_mode[m], (int)st);
            ut_cur_failed = 1;
            ok = false;
        }
    }
    for (uint32_t i = 0; ok && i < npk; i += step) {
        _Alignas(16) static uint8_t init[MAXSEQ][OBJ], ref[MAXSEQ][OBJ], got[MAXSEQ][OBJ];
        int64_t ts = (int64_t)((uint64_t)rnd() << 32 | rnd());
        for (uint32_t s = 0; s < k; s++)
            for (int j = 0; j < OBJ; j++) init[s][j] = (uint8_t)rnd();
        memcpy(ref, init, sizeof ref);
        pkt a = pk[i];
        int32_t h = VM_FIELD_HDR_UNKNOWN;
        uint32_t want = 0;
        for (uint32_t s = 0; s < k && !want; s++)
            if (dp_fuse_prog_run((vm_object *)ref[s], a.n, ts, &progs[q[s]], a.d, &h)) want = s + 1;
        for (int m = 0; m < 3 && ok; m++) {
            pkt e = pk[i];
            memcpy(got, init, sizeof got);
            for (uint32_t s = 0; s < k; s++) stage_obj[s] = got[s];
            tpkt t = { .data = e.d, .caplen = e.n, .ts = ts };
            uint32_t ans = c[m].fn(&t, NULL);
            if (ans != want || memcmp(ref, got, (size_t)k * OBJ) || memcmp(a.d, e.d, PMAX)) {
                char names[160] = "";
                for (uint32_t s = 0; s < k; s++)
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s\"%s\"",
                             s ? ", " : "", pnames[q[s]]);
                snprintf(ut_cur_msg, sizeof ut_cur_msg,
                         "%s, %s: packet %u (%d bytes): answer %u (want %u), fields %s, bytes %s",
                         names, seq_mode[m], i, a.n, ans, want,
                         memcmp(ref, got, (size_t)k * OBJ) ? "differ" : "same",
                         memcmp(a.d, e.d, PMAX) ? "differ" : "same");
                ut_cur_failed = 1;
                ok = false;
            }
        }
    }
    for (int m = 0; m < 3; m++) vm_pathcode_region_free(&r[m]);
    return ok;
}

static vm_field_prog_fn seq_fns[NPROG];
static bool seq_fns_made(void) {
    for (uint32_t q = 0; q < nprogs; q++) {
        uint32_t bytes;
        if (!seq_fns[q] && vm_field_prog_emit(V, &progs[q], pnames[q], &seq_fns[q], &bytes) != VM_OK)
            return false;
    }
    return true;
}

static void test_inlined_same(void) {
    UT_CHECK(seq_fns_made());
    seq_n_cases = 0;
    /* (each alone on every packet, the pairs on every 5th, triples of
     * a marker, a port reader and a program reading the protocol on
     * every 3rd) */
    for (uint32_t x = 0; x < nprogs; x++) {
        if (!seq_case(&x, 1, seq_fns, 1)) return;
        for (uint32_t y = 0; y < nprogs; y++) {
            uint32_t q[2] = { x, y };
            if (!seq_case(q, 2, seq_fns, 5)) return;
        }
    }
    static const char *const trip[][3] = {
        { "setDscp of a select", "port guard and counters", "getters" },
        { "getters", "setDscp 46", "getters" },
        { "proto (no ports: IPv6 too)", "csel, setDscp on some ways", "select" },
        { "port guard and counters", "port guard and counters", "port guard and counters" },
        /* (a kept dscp() forgotten at the marker's write: the filter after
         * it sees the new code point) */
        { "dscp filter", "setDscp 46", "dscp filter" },
        { "dscp", "setDscp of a select", "dscp" },
        { "dscp", "csel, setDscp on some ways", "dscp filter" },
    };
    for (size_t t = 0; t < sizeof trip / sizeof *trip; t++) {
        uint32_t q[3];
        for (int s = 0; s < 3; s++) {
            q[s] = NPROG;
            for (uint32_t p = 0; p < nprogs; p++)
                if (!strcmp(pnames[p], trip[t][s])) q[s] = p;
            UT_CHECK(q[s] < nprogs);
            if (q[s] >= nprogs) return;
        }
        if (!seq_case(q, 3, seq_fns, 3)) return;
    }
    printf("  %u sequences of programs, each inlined, inlined without the kept values, "
           "called: the same\n", seq_n_cases);
}

/* the path function of ("getters", "getters") disassembled (Capstone):
 * inlined, no call and the second body's getters taken from the frame
 * (two bswap, one per port, the transport header found once: one
 * `test eax, 0xff1f`); without the kept values, each body its own (four,
 * two); called, two calls and none */
static int mnemonics(csh cs, const vm_pathcode *c, const char *mn, const char *ops) {
    cs_insn *insn;
    size_t n = cs_disasm(cs, (const uint8_t *)(void *)c->fn, c->bytes, 0, 0, &insn);
    int k = 0;
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += insn[i].size;
        k += !strcmp(insn[i].mnemonic, mn) && (!ops || strstr(insn[i].op_str, ops));
    }
    if (n) cs_free(insn, n);
    return sum == c->bytes ? k : -1;
}
static void test_inlined_disasm(void) {
    UT_CHECK(seq_fns_made());
    uint32_t g = NPROG;
    for (uint32_t p = 0; p < nprogs; p++)
        if (!strcmp(pnames[p], "getters")) g = p;
    UT_CHECK(g < nprogs);
    if (g >= nprogs) return;
    uint32_t q[2] = { g, g };
    vm_pc_op ops[MAXSEQ + 2];
    uint32_t n = seq_ops(ops, q, 2, seq_fns);
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    static const int want[3][3] = { { 0, 2, 1 }, { 0, 4, 2 }, { 2, 0, 0 } };
    for (int m = 0; m < 3; m++) {
        vm_pathcode_region r;
        vm_pathcode c;
        vm_pathcode_region_init(&r, &plat, 4096);
        r.flags = seq_flags[m];
        UT_CHECK(vm_pathcode_region_emit(&r, ops, n, NULL, NULL, NULL, &c) == VM_OK);
        int calls = mnemonics(cs, &c, "call", NULL), bsw = mnemonics(cs, &c, "bswap", NULL);
        int l4 = mnemonics(cs, &c, "test", "0xff1f");
        if ((calls != want[m][0] || bsw != want[m][1] || l4 != want[m][2]) && !ut_cur_failed) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg,
                     "%s: %d calls, %d bswap, %d transport-header finds (want %d, %d, %d)",
                     seq_mode[m], calls, bsw, l4, want[m][0], want[m][1], want[m][2]);
            ut_cur_failed = 1;
        }
        vm_pathcode_region_free(&r);
    }
    cs_close(&cs);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = 2u * 1024 * 1024, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .classpath = "tests/unit/data/jit",
        .bootlib = &vifvm_bootlib,
    };
    char msg[256];
    vm_diag d = { msg, sizeof msg };
    if (vm_create(&cfg, &V, &d) != VM_OK) { printf("FAIL: vm_create: %s\n", msg); return 1; }
    make_programs();
    make_packets();
    UT_RUN(test_same_as_evaluator);
    UT_RUN(test_disassembles);
    UT_RUN(test_inlined_same);
    UT_RUN(test_inlined_disasm);
    vm_destroy(V);
    return ut_finish();
}
