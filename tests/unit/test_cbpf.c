/* test_cbpf.c - the classic BPF compiler (include/vifvm_cbpf.h) against
 * libpcap's interpreter, packet by packet:
 *   - filter expressions (the ones the datapath tests and examples use,
 *     and generated host/net/port/proto/and/or/not/len/byte tests),
 *     compiled by pcap_compile, run on random frames and the edge cases
 *     (every caplen of short frames, VLAN, IPv6, fragments, ARP, options);
 *   - random valid programs (every opcode, the checker's rules met);
 *   - the checker's refusals, one per rule;
 *   - the emitted code decodes completely with Capstone;
 *   - sibling dispatch: the first match of vm_cbpf_dispatch_run equals the
 *     first match one by one, and the groups it should form are formed.
 * The return value must be identical (not only zero/nonzero). */
#define _DEFAULT_SOURCE
#include <pcap/pcap.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "vifvm.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;
/* the compiler's optimizations switched off for the compiles below
 * (VM_CBPF_OPT_*; test_options_off sets it) */
static uint32_t opt_off;
static pcap_t *dead;
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static uint32_t rndn(uint32_t n) { return n ? rnd() % n : 0; }

/* ------------------------------------------------------------ frames */
static const uint32_t v4pool[] = { 0x0a000001, 0x0a000002, 0x0a000105, 0xc0a80001, 0x08080808,
                                   0x0a0000fe, 0x7f000001 };
static const uint16_t portpool[] = { 80, 443, 53, 22, 8080, 1000, 1001, 1234, 0, 65535 };

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)(v >> 16)); put16(p + 2, (uint16_t)v); }

/* a random frame into f (up to 256 bytes); its length */
static uint32_t make_frame(uint8_t *f) {
    memset(f, 0, 256);
    for (int i = 0; i < 12; i++) f[i] = (uint8_t)rnd();
    if (rndn(4) == 0) f[0] = 0xff, f[1] = 0xff, f[2] = 0xff, f[3] = 0xff, f[4] = 0xff, f[5] = 0xff;
    uint32_t off = 12;
    uint32_t kind = rndn(10);
    if (kind == 9) {                                   /* VLAN-tagged */
        put16(f + off, 0x8100);
        put16(f + off + 2, (uint16_t)rndn(4096));
        off += 4;
        kind = rndn(8);
    }
    if (kind < 5) {                                    /* IPv4 */
        put16(f + off, 0x0800);
        uint8_t *ip = f + off + 2;
        uint32_t ihl = rndn(5) == 0 ? 5 + rndn(3) : 5;
        ip[0] = (uint8_t)(0x40 | ihl);
        ip[1] = (uint8_t)(rndn(64) << 2);
        uint8_t protos[] = { 6, 17, 1, 132, 47 };
        ip[9] = protos[rndn(5)];
        put16(ip + 2, (uint16_t)(ihl * 4 + 20 + rndn(100)));
        if (rndn(6) == 0) put16(ip + 6, (uint16_t)(rndn(2) ? 0x2000 : rndn(0x2000)));  /* fragment */
        ip[8] = (uint8_t)rndn(3);
        put32(ip + 12, v4pool[rndn(7)]);
        put32(ip + 16, rndn(8) ? v4pool[rndn(7)] : rnd());
        uint8_t *l4 = ip + ihl * 4;
        put16(l4, portpool[rndn(10)]);
        put16(l4 + 2, rndn(8) ? portpool[rndn(10)] : (uint16_t)rnd());
        l4[13] = (uint8_t)rnd();                       /* tcp flags */
        return (uint32_t)(l4 - f) + 20 + rndn(60);
    }
    if (kind < 7) {                                    /* IPv6 */
        put16(f + off, 0x86dd);
        uint8_t *ip = f + off + 2;
        ip[0] = 0x60;
        uint8_t nh[] = { 6, 17, 58, 44, 0, 132 };
        ip[6] = nh[rndn(6)];
        for (int i = 8; i < 40; i++) ip[i] = (uint8_t)rndn(3);
        uint8_t *l4 = ip + 40;
        if (ip[6] == 44 || ip[6] == 0) { l4[0] = rndn(2) ? 6 : 17; l4 += 8; }
        put16(l4, portpool[rndn(10)]);
        put16(l4 + 2, portpool[rndn(10)]);
        return (uint32_t)(l4 - f) + 20 + rndn(40);
    }
    if (kind == 7) {                                   /* ARP */
        put16(f + off, 0x0806);
        uint8_t *a = f + off + 2;
        put16(a, 1); put16(a + 2, 0x0800); a[4] = 6; a[5] = 4;
        put32(a + 14, v4pool[rndn(7)]);
        put32(a + 24, v4pool[rndn(7)]);
        return off + 2 + 28;
    }
    put16(f + off, (uint16_t)rnd());                   /* anything */
    for (int i = 0; i < 64; i++) f[off + 2 + i] = (uint8_t)rnd();
    return off + 2 + rndn(64);
}

/* ------------------------------------------------------------ filters */
static const char *fixed_filters[] = {
    /* the datapath's tests, benchmarks and examples */
    "ip", "tcp", "udp", "tcp port 80", "udp and ip[8] = 1", "icmp", "ip6", "arp",
    /* hand-picked */
    "host 10.0.0.1", "src host 10.0.0.2", "dst host 10.0.1.5", "net 10.0.0.0/24",
    "src net 192.168.0.0/16", "dst net 10.0.0.0/8 and not dst host 10.0.0.254",
    "port 53", "src port 443", "dst port 8080", "portrange 1000-1234", "tcp dst portrange 1-1024",
    "udp port 53 or tcp port 22", "not tcp", "ip and not udp", "len > 100", "len <= 64",
    "greater 80", "less 70", "ether broadcast", "ether[0] & 1 != 0", "ip[0] & 0xf > 5",
    "ip[6:2] & 0x1fff != 0", "ip[2:2] > 60", "tcp[13] & 0x12 = 0x12", "tcp[tcpflags] & tcp-syn != 0",
    "ip[1] & 0xfc = 0xb8", "ip proto 47", "ip6 and tcp", "ip6 and udp port 53", "vlan", "vlan 100",
    "vlan and ip", "sctp", "tcp and (port 80 or port 443)", "ip[9] = 6 and ip[16:4] = 0x0a000001",
    "(ip[2:2] - ((ip[0]&0xf)<<2) - ((tcp[12]&0xf0)>>2)) != 0", "ip[8] * 3 / 2 > 1", "ip[8] % 3 = 1",
    "ip[8] ^ 3 = 2", "ip[4:2] >> 3 = 1", "ip[4:2] << 3 > 100", "ip[8] - 1 > 0", "-ip[8] = 0",
    "ether host 01:02:03:04:05:06", "ip multicast", "udp[8:4] = 0x01020304",
    "icmp[icmptype] = icmp-echo", "tcp[20:4] = 0",
};

static void gen_filter(char *buf, size_t cap) {
    char a[128], b[128];
    const char *dir[] = { "", "src ", "dst " };
    const char *proto[] = { "", "tcp ", "udp " };
    switch (rndn(9)) {
    case 0: snprintf(buf, cap, "%shost 10.0.%u.%u", dir[rndn(3)], rndn(2), rndn(8)); break;
    case 1: snprintf(buf, cap, "%snet 10.0.%u.0/%u", dir[rndn(3)], rndn(2), 16 + rndn(9)); break;
    case 2: snprintf(buf, cap, "%s%sport %u", proto[rndn(3)], dir[rndn(3)], portpool[rndn(10)]); break;
    case 3: snprintf(buf, cap, "len %s %u", rndn(2) ? ">" : "<", 40 + rndn(100)); break;
    case 4: snprintf(buf, cap, "ip[%u] %s %u", rndn(20), rndn(2) ? "=" : ">", rndn(256)); break;
    case 5: snprintf(buf, cap, "ether[%u:2] & 0x%x != 0", rndn(60), rnd() & 0xffff); break;
    case 6: gen_filter(a, sizeof a); gen_filter(b, sizeof b);
            snprintf(buf, cap, "(%s) %s (%s)", a, rndn(2) ? "and" : "or", b); break;
    case 7: gen_filter(a, sizeof a); snprintf(buf, cap, "not (%s)", a); break;
    default: snprintf(buf, cap, "%s", (const char *[]){ "ip", "ip6", "tcp", "udp", "icmp", "arp",
                                                        "vlan", "sctp" }[rndn(8)]); break;
    }
}

/* one expression: native against the interpreter on many frames; a
 * message on the first difference, NULL if identical */
static int frames_run;
static const char *diff_expr(const char *expr, char *why, size_t cap) {
    struct bpf_program prog;
    if (pcap_compile(dead, &prog, expr, 1, PCAP_NETMASK_UNKNOWN) != 0) {
        snprintf(why, cap, "pcap_compile(%s): %s", expr, pcap_geterr(dead));
        return why;
    }
    vm_cbpf_prog *np = NULL;
    char d[256] = "";
    vm_diag diag = { d, sizeof d };
    vm_status st = vm_cbpf_compile(&plat, (const vm_cbpf_insn *)prog.bf_insns, prog.bf_len, opt_off, &np, &diag);
    if (st != VM_OK) {
        snprintf(why, cap, "%s: compile: %s", expr, d);
        pcap_freecode(&prog);
        return why;
    }
    vm_cbpf_fn fn = vm_cbpf_function(np);
    const char *res = NULL;
    uint8_t f[256];
    for (int t = 0; t < 400 && !res; t++) {
        uint32_t len = make_frame(f);
        /* every caplen for some frames (short packets), else random cuts */
        uint32_t cl_lo = t < 20 ? 0 : len, cl_hi = len;
        if (t >= 20 && rndn(4) == 0) cl_lo = cl_hi = rndn(len + 1);
        for (uint32_t cl = cl_lo; cl <= cl_hi && !res; cl++) {
            uint32_t wl = len + (rndn(4) == 0 ? rndn(2000) : 0);
            uint32_t want = bpf_filter(prog.bf_insns, f, wl, cl);
            uint32_t got = fn(f, wl, cl);
            frames_run++;
            if (want != got) {
                snprintf(why, cap, "\"%s\": frame %d caplen %u wirelen %u: native %u, libpcap %u",
                         expr, t, cl, wl, got, want);
                res = why;
            }
        }
    }
    vm_cbpf_free(np);
    pcap_freecode(&prog);
    return res;
}

static char why[512];

static void test_fixed_filters(void) {
    frames_run = 0;
    for (size_t i = 0; i < sizeof fixed_filters / sizeof *fixed_filters; i++) {
        const char *r = diff_expr(fixed_filters[i], why, sizeof why);
        if (r) { UT_CHECK(!r); puts(r); return; }
    }
    UT_CHECK(frames_run > 20000);
}

static void test_generated_filters(void) {
    char expr[1024];
    for (int i = 0; i < 300; i++) {
        gen_filter(expr, sizeof expr);
        const char *r = diff_expr(expr, why, sizeof why);
        if (r && !strstr(r, "pcap_compile")) { UT_CHECK(!r); puts(r); return; }
    }
}

/* ------------------------------------------------------------ random programs */
static const uint16_t ops[] = {
    BPF_RET | BPF_K, BPF_RET | BPF_A,
    BPF_LD | BPF_W | BPF_ABS, BPF_LD | BPF_H | BPF_ABS, BPF_LD | BPF_B | BPF_ABS,
    BPF_LD | BPF_W | BPF_LEN, BPF_LDX | BPF_W | BPF_LEN,
    BPF_LD | BPF_W | BPF_IND, BPF_LD | BPF_H | BPF_IND, BPF_LD | BPF_B | BPF_IND,
    BPF_LDX | BPF_MSH | BPF_B, BPF_LD | BPF_IMM, BPF_LDX | BPF_IMM,
    BPF_LD | BPF_MEM, BPF_LDX | BPF_MEM, BPF_ST, BPF_STX,
    BPF_JMP | BPF_JA, BPF_JMP | BPF_JGT | BPF_K, BPF_JMP | BPF_JGE | BPF_K,
    BPF_JMP | BPF_JEQ | BPF_K, BPF_JMP | BPF_JSET | BPF_K, BPF_JMP | BPF_JGT | BPF_X,
    BPF_JMP | BPF_JGE | BPF_X, BPF_JMP | BPF_JEQ | BPF_X, BPF_JMP | BPF_JSET | BPF_X,
    BPF_ALU | BPF_ADD | BPF_X, BPF_ALU | BPF_SUB | BPF_X, BPF_ALU | BPF_MUL | BPF_X,
    BPF_ALU | BPF_DIV | BPF_X, BPF_ALU | BPF_MOD | BPF_X, BPF_ALU | BPF_AND | BPF_X,
    BPF_ALU | BPF_OR | BPF_X, BPF_ALU | BPF_XOR | BPF_X, BPF_ALU | BPF_LSH | BPF_X,
    BPF_ALU | BPF_RSH | BPF_X, BPF_ALU | BPF_ADD | BPF_K, BPF_ALU | BPF_SUB | BPF_K,
    BPF_ALU | BPF_MUL | BPF_K, BPF_ALU | BPF_DIV | BPF_K, BPF_ALU | BPF_MOD | BPF_K,
    BPF_ALU | BPF_AND | BPF_K, BPF_ALU | BPF_OR | BPF_K, BPF_ALU | BPF_XOR | BPF_K,
    BPF_ALU | BPF_LSH | BPF_K, BPF_ALU | BPF_RSH | BPF_K, BPF_ALU | BPF_NEG,
    BPF_MISC | BPF_TAX, BPF_MISC | BPF_TXA,
};

static uint32_t rand_k(void) {
    switch (rndn(6)) {
    case 0: return rndn(4);
    case 1: return rndn(80);
    case 2: return rnd();
    case 3: return 1u << rndn(32);
    case 4: return 0xffffffffu - rndn(8);
    default: return rndn(300);
    }
}

static void random_program(struct bpf_insn *p, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        uint16_t c = ops[rndn(sizeof ops / sizeof *ops)];
        if (i == n - 1) c = rndn(2) ? BPF_RET | BPF_A : BPF_RET | BPF_K;
        uint32_t k = rand_k();
        if (BPF_CLASS(c) == BPF_LD || BPF_CLASS(c) == BPF_LDX || BPF_CLASS(c) == BPF_ST ||
            BPF_CLASS(c) == BPF_STX)
            if (BPF_MODE(c) == BPF_MEM || c == BPF_ST || c == BPF_STX) k = rndn(16);
        if (BPF_CLASS(c) == BPF_ALU && (BPF_OP(c) == BPF_LSH || BPF_OP(c) == BPF_RSH) &&
            BPF_SRC(c) == BPF_K) k = rndn(32);
        if (BPF_CLASS(c) == BPF_ALU && (BPF_OP(c) == BPF_DIV || BPF_OP(c) == BPF_MOD) &&
            BPF_SRC(c) == BPF_K && k == 0) k = 3;
        uint32_t room = n - 1 - i - (i < n - 1 ? 1 : 0);
        uint8_t jt = 0, jf = 0;
        if (BPF_CLASS(c) == BPF_JMP) {
            if (i >= n - 1) c = BPF_RET | BPF_K;
            else if (BPF_OP(c) == BPF_JA) k = rndn(room + 1);
            else { jt = (uint8_t)rndn(room + 1 > 255 ? 255 : room + 1);
                   jf = (uint8_t)rndn(room + 1 > 255 ? 255 : room + 1); }
        }
        if (c == (BPF_LDX | BPF_W | BPF_LEN) && rndn(2)) k = 0;
        p[i] = (struct bpf_insn){ c, jt, jf, k };
    }
}

static void test_random_programs(void) {
    struct bpf_insn p[64];
    uint8_t f[256];
    int valid = 0, runs = 0;
    for (int t = 0; t < 20000 && valid < 3000; t++) {
        uint32_t n = 2 + rndn(40);
        random_program(p, n);
        if (vm_cbpf_check(&plat, (const vm_cbpf_insn *)p, n, NULL) != VM_OK) continue;
        valid++;
        vm_cbpf_prog *np = NULL;
        if (vm_cbpf_compile(&plat, (const vm_cbpf_insn *)p, n, opt_off, &np, NULL) != VM_OK) {
            UT_CHECK(!"a checked program failed to compile");
            return;
        }
        vm_cbpf_fn fn = vm_cbpf_function(np);
        for (int r = 0; r < 40; r++) {
            uint32_t len = make_frame(f), cl = rndn(4) ? len : rndn(len + 1);
            uint32_t wl = rndn(3) ? len : rnd();
            uint32_t want = bpf_filter(p, f, wl, cl), got = fn(f, wl, cl);
            runs++;
            if (want != got) {
                snprintf(why, sizeof why, "program %d (%u insns) run %d: native %u, libpcap %u",
                         t, n, r, got, want);
                puts(why);
                for (uint32_t i = 0; i < n; i++) printf("  %u: %s\n", i, bpf_image(&p[i], (int)i));
                UT_CHECK(want == got);
                vm_cbpf_free(np);
                return;
            }
        }
        vm_cbpf_free(np);
    }
    UT_CHECK(valid >= 1000);
    UT_CHECK(runs >= 40000);
}

/* ------------------------------------------------------------ the checker */
static vm_status check1(struct bpf_insn *p, uint32_t n) {
    return vm_cbpf_check(&plat, (const vm_cbpf_insn *)p, n, NULL);
}

static void test_checker_refusals(void) {
    struct bpf_insn ok[] = { { BPF_LD | BPF_IMM, 0, 0, 5 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(ok, 2), VM_OK);
    UT_CHECK_EQ_INT(check1(ok, 0), VM_ERR_VERIFY);
    struct bpf_insn badop[] = { { 0xff, 0, 0, 0 }, { BPF_RET | BPF_K, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(badop, 2), VM_ERR_VERIFY);
    struct bpf_insn slot[] = { { BPF_ST, 0, 0, 16 }, { BPF_RET | BPF_K, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(slot, 2), VM_ERR_VERIFY);
    struct bpf_insn div0[] = { { BPF_ALU | BPF_DIV | BPF_K, 0, 0, 0 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(div0, 2), VM_ERR_VERIFY);
    struct bpf_insn mod0[] = { { BPF_ALU | BPF_MOD | BPF_K, 0, 0, 0 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(mod0, 2), VM_ERR_VERIFY);
    struct bpf_insn sh[] = { { BPF_ALU | BPF_LSH | BPF_K, 0, 0, 32 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(sh, 2), VM_ERR_VERIFY);
    struct bpf_insn far[] = { { BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 0 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(far, 2), VM_ERR_VERIFY);
    struct bpf_insn ja[] = { { BPF_JMP | BPF_JA, 0, 0, 1 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(ja, 2), VM_ERR_VERIFY);
    struct bpf_insn back[] = { { BPF_LD | BPF_IMM, 0, 0, 1 }, { BPF_JMP | BPF_JA, 0, 0, (uint32_t)-2 },
                               { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(back, 3), VM_ERR_UNSUPPORTED);
    struct bpf_insn noret[] = { { BPF_LD | BPF_IMM, 0, 0, 1 } };
    UT_CHECK_EQ_INT(check1(noret, 1), VM_ERR_VERIFY);
    /* M[1] written on one path only, then read */
    struct bpf_insn rbw[] = { { BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0 }, { BPF_ST, 0, 0, 1 },
                              { BPF_LD | BPF_MEM, 0, 0, 1 }, { BPF_RET | BPF_A, 0, 0, 0 } };
    UT_CHECK_EQ_INT(check1(rbw, 4), VM_ERR_VERIFY);
    rbw[0].jf = 0;   /* now on every path */
    UT_CHECK_EQ_INT(check1(rbw, 4), VM_OK);
    char d[200] = "";
    vm_diag diag = { d, sizeof d };
    vm_cbpf_check(&plat, (const vm_cbpf_insn *)div0, 2, &diag);
    UT_CHECK(strstr(d, "division") != NULL);
    vm_cbpf_prog *np = (vm_cbpf_prog *)1;
    UT_CHECK_EQ_INT(vm_cbpf_compile(&plat, (const vm_cbpf_insn *)back, 3, opt_off, &np, NULL), VM_ERR_UNSUPPORTED);
    UT_CHECK(np == NULL);
}

/* ------------------------------------------------------------ Capstone */
static void test_code_decodes(void) {
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    if (ut_cur_failed) return;
    const char *exprs[] = { "tcp port 80", "udp and ip[8] = 1", "ip[8] % 3 = 1", "ip[4:2] << 3 > 100",
                            "(ip[2:2] - ((ip[0]&0xf)<<2) - ((tcp[12]&0xf0)>>2)) != 0", "vlan and ip" };
    int checked = 0;
    for (size_t e = 0; e < sizeof exprs / sizeof *exprs; e++) {
        struct bpf_program prog;
        UT_CHECK(pcap_compile(dead, &prog, exprs[e], 1, PCAP_NETMASK_UNKNOWN) == 0);
        if (ut_cur_failed) break;
        vm_cbpf_prog *np = NULL;
        UT_CHECK(vm_cbpf_compile(&plat, (const vm_cbpf_insn *)prog.bf_insns, prog.bf_len, opt_off, &np, NULL) == VM_OK);
        pcap_freecode(&prog);
        if (ut_cur_failed) break;
        const uint8_t *code = vm_cbpf_code(np);
        size_t size = vm_cbpf_code_bytes(np), off = 0;
        cs_insn *insn;
        size_t cnt = cs_disasm(cs, code, size, (uint64_t)(uintptr_t)code, 0, &insn);
        for (size_t i = 0; i < cnt; i++) off += insn[i].size;
        bool has_ret = cnt && !strcmp(insn[cnt - 1].mnemonic, "ret");
        if (cnt) cs_free(insn, cnt);
        UT_CHECK_EQ_INT(off, size);
        UT_CHECK(has_ret);
        vm_cbpf_free(np);
        checked++;
    }
    cs_close(&cs);
    UT_CHECK_EQ_INT(checked, 6);
}

/* ------------------------------------------------------------ dispatch */
typedef struct sib {
    struct bpf_program prog;
    vm_cbpf_prog *np;
} sib;

/* siblings from exprs; the dispatch against one-by-one libpcap */
static int dispatch_case(const char *const *exprs, uint32_t n, uint32_t want_groups,
                         uint32_t want_grouped) {
    sib *s = calloc(n, sizeof *s);
    const vm_cbpf_prog **progs = calloc(n, sizeof *progs);
    int bad = 0;
    for (uint32_t i = 0; i < n && !bad; i++) {
        if (pcap_compile(dead, &s[i].prog, exprs[i], 1, PCAP_NETMASK_UNKNOWN) != 0 ||
            vm_cbpf_compile(&plat, (const vm_cbpf_insn *)s[i].prog.bf_insns, s[i].prog.bf_len,
                            opt_off, &s[i].np, NULL) != VM_OK) {
            snprintf(why, sizeof why, "cannot compile \"%s\"", exprs[i]);
            bad = 1;
        }
        progs[i] = s[i].np;
    }
    vm_cbpf_dispatch *d = NULL;
    if (!bad && vm_cbpf_dispatch_build(&plat, progs, n, &d, NULL) != VM_OK) {
        snprintf(why, sizeof why, "dispatch_build failed");
        bad = 1;
    }
    if (!bad) {
        uint32_t g, gm, sq;
        vm_cbpf_dispatch_info(d, &g, &gm, &sq);
        if (g != want_groups || gm != want_grouped || gm + sq != n) {
            snprintf(why, sizeof why, "%u groups of %u programs, %u one by one (expected %u, %u)",
                     g, gm, sq, want_groups, want_grouped);
            bad = 1;
        }
    }
    uint8_t f[256];
    int matched = 0;
    for (int t = 0; t < 20000 && !bad; t++) {
        uint32_t len = make_frame(f), cl = rndn(5) ? len : rndn(len + 1);
        struct pcap_pkthdr h = { .caplen = cl, .len = len };
        int32_t want = -1;
        for (uint32_t i = 0; i < n && want < 0; i++)
            if (pcap_offline_filter(&s[i].prog, &h, f)) want = (int32_t)i;
        int32_t got = vm_cbpf_dispatch_run(d, f, len, cl);
        if (want >= 0) matched++;
        if (got != want) {
            snprintf(why, sizeof why, "frame %d: dispatch %d, one by one %d (%s)", t, got, want,
                     want >= 0 ? exprs[want] : "none");
            bad = 1;
        }
    }
    if (!bad && matched < 200) {
        snprintf(why, sizeof why, "only %d of 20000 frames matched a sibling", matched);
        bad = 1;
    }
    vm_cbpf_dispatch_free(d);
    for (uint32_t i = 0; i < n; i++) {
        vm_cbpf_free(s[i].np);
        if (s[i].prog.bf_insns) pcap_freecode(&s[i].prog);
    }
    free(s);
    free(progs);
    if (bad) puts(why);
    return bad;
}

static char exbuf[64][64];
static const char *exptr[64];

static void test_dispatch_hosts(void) {
    for (int i = 0; i < 40; i++) {
        snprintf(exbuf[i], sizeof exbuf[i], "dst host 10.0.%d.%d", i / 8 == 0 ? 0 : 1, i % 8);
        exptr[i] = exbuf[i];
    }
    UT_CHECK(!dispatch_case(exptr, 40, 1, 40));
}

static void test_dispatch_ports(void) {
    int n = 0;
    for (int i = 0; i < 10; i++) {
        snprintf(exbuf[n], sizeof exbuf[n], "dst port %u", portpool[i]);
        exptr[n] = exbuf[n]; n++;
    }
    /* a duplicate (overlap: the first wins), then other shapes between */
    snprintf(exbuf[n], sizeof exbuf[n], "dst port 80"); exptr[n] = exbuf[n]; n++;
    snprintf(exbuf[n], sizeof exbuf[n], "tcp"); exptr[n] = exbuf[n]; n++;
    for (int i = 0; i < 5; i++) {
        snprintf(exbuf[n], sizeof exbuf[n], "src port %u", portpool[i]);
        exptr[n] = exbuf[n]; n++;
    }
    snprintf(exbuf[n], sizeof exbuf[n], "udp"); exptr[n] = exbuf[n]; n++;
    UT_CHECK(!dispatch_case(exptr, (uint32_t)n, 2, 16));
}

static void test_dispatch_mixed(void) {
    /* overlapping and irregular: hosts and nets and protocols interleaved */
    const char *ex[] = { "udp", "host 10.0.0.1", "host 10.0.0.2", "net 10.0.0.0/24", "host 10.0.0.5",
                         "host 10.0.1.5", "host 10.0.0.1", "len > 100", "host 8.8.8.8", "ip6",
                         "src net 10.0.0.0/24", "src net 10.0.1.0/24", "src net 192.168.0.0/24" };
    UT_CHECK(!dispatch_case(ex, sizeof ex / sizeof *ex, 2, 9));
    const char *few[] = { "tcp port 80", "udp port 53" };
    UT_CHECK(!dispatch_case(few, 2, 0, 0));
}


/* ------------------------------------------------------------ whole trees */
static void test_tree(void) {
    enum { MAXN = 40 };
    char exprs[MAXN][1024];
    struct bpf_program progs[MAXN];
    vm_cbpf_prog *np[MAXN];
    uint32_t parent[MAXN];
    uint8_t f[256];
    int trees = 0, dispatched = 0, deep = 0;
    for (int t = 0; t < 60; t++) {
        uint32_t n = 2 + rndn(MAXN - 1);
        bool ok = true;
        memset(np, 0, sizeof np);
        for (uint32_t i = 1; i < n; i++) {
            /* wide levels sometimes (more than VM_CBPF_TREE_FANOUT children) */
            parent[i] = t % 3 == 0 ? rndn(i < 3 ? i : 3) : rndn(i);
            do {
                if (rndn(2)) snprintf(exprs[i], sizeof exprs[i], "%s",
                                      fixed_filters[rndn(sizeof fixed_filters / sizeof *fixed_filters)]);
                else gen_filter(exprs[i], sizeof exprs[i]);
            } while (pcap_compile(dead, &progs[i], exprs[i], 1, PCAP_NETMASK_UNKNOWN) != 0);
            if (vm_cbpf_compile(&plat, (const vm_cbpf_insn *)progs[i].bf_insns, progs[i].bf_len,
                                opt_off, &np[i], NULL) != VM_OK) ok = false;
        }
        vm_cbpf_prog *tp = NULL;
        if (ok) {
            vm_status st = vm_cbpf_tree_compile(&plat, (const vm_cbpf_prog *const *)np, parent, n, opt_off, &tp, NULL);
            UT_CHECK_EQ_INT(st, VM_OK);
        }
        for (int r = 0; r < 500 && tp && !ut_cur_failed; r++) {
            uint32_t len = make_frame(f), cl = rndn(4) ? len : rndn(len + 1);
            struct pcap_pkthdr h = { .caplen = cl, .len = len };
            /* one by one from the root */
            uint32_t v = 0, want;
            for (;;) {
                uint32_t kids = 0, next = 0;
                for (uint32_t c = v + 1; c < n; c++) if (parent[c] == v) kids++;
                if (kids > VM_CBPF_TREE_FANOUT) { want = (1 + v) | VM_CBPF_TREE_DISPATCH; break; }
                for (uint32_t c = v + 1; c < n && !next; c++)
                    if (parent[c] == v && pcap_offline_filter(&progs[c], &h, f)) next = c;
                if (!next) { want = 1 + v; break; }
                v = next;
            }
            uint32_t got = vm_cbpf_function(tp)(f, len, cl);
            if (want & VM_CBPF_TREE_DISPATCH) dispatched++;
            else if (want > 1 && parent[want - 1] != 0) deep++;
            if (got != want) {
                snprintf(why, sizeof why, "tree %d (%u nodes), frame %d: native %#x, one by one %#x",
                         t, n, r, got, want);
                puts(why);
                UT_CHECK(got == want);
            }
        }
        if (tp) trees++;
        vm_cbpf_free(tp);
        for (uint32_t i = 1; i < n; i++) { vm_cbpf_free(np[i]); pcap_freecode(&progs[i]); }
        if (ut_cur_failed) return;
    }
    UT_CHECK(trees >= 50);
    UT_CHECK(dispatched > 100);
    UT_CHECK(deep > 100);
}

/* ------------------------------------------------------------ registers kept */
/* cbpf_jit.c's promise (dp_tree_call relies on it): a compiled filter
 * changes no register but rax, rdx, r8-r10 and the flags; rcx, rsi, rdi
 * and r11 hold what they held (values planted before the call and read
 * after it), and rax's upper half is clear */
static int regs_kept_call(vm_cbpf_fn f, const uint8_t *pkt, uint32_t wl, uint32_t cl,
                          uint32_t *ret) {
    register uint64_t r11 __asm__("r11") = 0x5555666677778888ull;
    uint64_t rcx = 0x1111222233334444ull, rax;
    const uint8_t *rdi = pkt;
    uint64_t rsi = wl;
    __asm__ volatile("lea -128(%%rsp), %%rsp\n\tcall *%q[f]\n\tlea 128(%%rsp), %%rsp"
                     : "=a"(rax), "+c"(rcx), "+r"(r11), "+D"(rdi), "+S"(rsi), "+d"(cl)
                     : [f] "r"(f)
                     : "r8", "r9", "r10", "cc", "memory");
    *ret = (uint32_t)rax;
    return rcx == 0x1111222233334444ull && r11 == 0x5555666677778888ull && rdi == pkt &&
           rsi == wl && (rax >> 32) == 0;
}

static void test_registers_kept(void) {
    /* loads at X + k (a scratch register for the bounds), divisions by a
     * constant and by X, shifts by X (cl), scratch memory */
    const char *exprs[] = { "tcp port 80", "ip[8] % 3 = 1", "ip[8] / 7 = 2", "ip[4:2] << 3 > 100",
                            "(ip[2:2] - ((ip[0]&0xf)<<2) - ((tcp[12]&0xf0)>>2)) != 0",
                            "ip[8] / (ip[9] & 3) = 1", "ip[8] >> (ip[9] & 7) = 1",
                            "udp[0:2] + udp[2:2] > 1000 and ip[1] & 4 != 0" };
    uint8_t f[256];
    int calls = 0;
    for (size_t e = 0; e < sizeof exprs / sizeof *exprs && !ut_cur_failed; e++) {
        struct bpf_program prog;
        UT_CHECK(pcap_compile(dead, &prog, exprs[e], 1, PCAP_NETMASK_UNKNOWN) == 0);
        if (ut_cur_failed) break;
        vm_cbpf_prog *np = NULL;
        UT_CHECK(vm_cbpf_compile(&plat, (const vm_cbpf_insn *)prog.bf_insns, prog.bf_len, opt_off, &np, NULL) == VM_OK);
        for (int t = 0; t < 300 && np && !ut_cur_failed; t++) {
            uint32_t len = make_frame(f), cl = rndn(4) ? len : rndn(len + 1), got;
            int kept = regs_kept_call(vm_cbpf_function(np), f, len, cl, &got);
            calls++;
            if (!kept) printf("  \"%s\": a register changed\n", exprs[e]);
            UT_CHECK(kept);
            UT_CHECK_EQ_INT(got, bpf_filter(prog.bf_insns, f, len, cl));
        }
        vm_cbpf_free(np);
        pcap_freecode(&prog);
    }
    UT_CHECK(calls >= 2000);
}

/* ------------------------------------------------------------ the optimizations */
/* cbpf_opt.c's optimizations switched off one at a time and all at once
 * (each compile's `off`, opt_off here): the same results against libpcap; the fixed,
 * random-program and tree tests again under each setting */
static void test_options_off(void) {
    static const uint32_t offs[] = { VM_CBPF_OPT_LAYOUT, VM_CBPF_OPT_DEAD, VM_CBPF_OPT_HOIST,
                                     VM_CBPF_OPT_REUSE, VM_CBPF_OPT_RAW, VM_CBPF_OPT_ALL };
    for (size_t i = 0; i < sizeof offs / sizeof *offs && !ut_cur_failed; i++) {
        opt_off = offs[i];
        test_fixed_filters();
        test_random_programs();
        test_tree();
        if (ut_cur_failed) printf("  (with the options %#x off)\n", offs[i]);
    }
    opt_off = 0;
}

/* the benchmark's tree (ip; tcp and udp below it) in Capstone's words:
 * with every optimization the code starts with the hoisted test (no A = 0
 * or X = 0 first: nothing reads them), has one bounds test per copy for
 * the protocol byte and one for the EtherType in the short copy only, and
 * is shorter than with them all off */
static uint32_t tree_listing(csh cs, char *text, size_t cap) {
    const char *exprs[] = { NULL, "ip", "tcp", "udp" };
    uint32_t parent[] = { 0, 0, 1, 1 };
    struct bpf_program progs[4];
    vm_cbpf_prog *np[4] = { NULL };
    for (int i = 1; i < 4; i++) {
        UT_CHECK(pcap_compile(dead, &progs[i], exprs[i], 1, PCAP_NETMASK_UNKNOWN) == 0);
        UT_CHECK(vm_cbpf_compile(&plat, (const vm_cbpf_insn *)progs[i].bf_insns, progs[i].bf_len,
                                 opt_off, &np[i], NULL) == VM_OK);
        pcap_freecode(&progs[i]);
    }
    vm_cbpf_prog *tp = NULL;
    UT_CHECK(vm_cbpf_tree_compile(&plat, (const vm_cbpf_prog *const *)np, parent, 4, opt_off, &tp, NULL) == VM_OK);
    uint32_t bytes = 0;
    size_t used = 0;
    text[0] = 0;
    if (tp) {
        const uint8_t *code = vm_cbpf_code(tp);
        bytes = vm_cbpf_code_bytes(tp);
        cs_insn *insn;
        size_t cnt = cs_disasm(cs, code, bytes, 0, 0, &insn);
        for (size_t i = 0; i < cnt && used + 64 < cap; i++)
            used += (size_t)snprintf(text + used, cap - used, "%s %s\n", insn[i].mnemonic, insn[i].op_str);
        if (cnt) cs_free(insn, cnt);
    }
    vm_cbpf_free(tp);
    for (int i = 1; i < 4; i++) vm_cbpf_free(np[i]);
    return bytes;
}

static int count_of(const char *text, const char *what) {
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

static void test_tree_code(void) {
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    if (ut_cur_failed) return;
    static char on[8192], off[8192], nodead[8192];
    uint32_t b_on = tree_listing(cs, on, sizeof on);
    opt_off = VM_CBPF_OPT_ALL;
    uint32_t b_off = tree_listing(cs, off, sizeof off);
    opt_off = VM_CBPF_OPT_DEAD;
    tree_listing(cs, nodead, sizeof nodead);
    opt_off = 0;
    cs_close(&cs);
    /* endbr64; cmp edx, 0x37 (caplen where it is passed; tcp's IPv6
     * protocol byte, `ldb [54]`, ends at 55) */
    UT_CHECK(!strncmp(on, "endbr64 \ncmp edx, 0x37\njb ", 26));
    UT_CHECK(!strncmp(nodead, "endbr64 \nmov r10d, edx\n", 23));
    UT_CHECK(strstr(nodead, "xor eax, eax") != NULL);
    /* the long copy: no other bounds test up to the short copy's first
     * (`ldh [12]`'s, 14) */
    const char *shortc = strstr(on, "cmp edx, 0xe\n");
    UT_CHECK(shortc != NULL);
    UT_CHECK(shortc && strstr(strstr(on, "cmp edx, ") + 1, "cmp edx, ") == shortc);
    /* EtherType loaded twice in each copy (ip's, reused by tcp; udp's
     * after tcp's protocol byte: without a test in the short copy, where
     * ip's made sure of 14 bytes), three times without the optimizations */
    UT_CHECK(shortc && count_of(shortc, "word ptr [rdi + 0xc]") == 2);
    UT_CHECK_EQ_INT(count_of(on, "word ptr [rdi + 0xc]"), 4);
    UT_CHECK(shortc && count_of(shortc, "cmp edx, ") == 7);
    UT_CHECK_EQ_INT(count_of(off, "word ptr [rdi + 0xc]"), 3);
    /* the entry's A = 0 / X = 0 and the tree's per child: none */
    UT_CHECK(strstr(on, "xor eax, eax\nret") == strstr(on, "xor eax, eax"));
    UT_CHECK_EQ_INT(count_of(on, "r9d"), 0);
    UT_CHECK_EQ_INT(count_of(off, "r9d"), 5);   /* xor r9d, r9d; 3 x mov r9d, 0 */
    UT_CHECK(b_on < 2 * b_off);
    if (ut_cur_failed) printf("with:\n%s\nwithout:\n%s", on, off);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    dead = pcap_open_dead(DLT_EN10MB, 262144);
    if (!dead) { puts("FAIL: pcap_open_dead"); return 1; }
    UT_RUN(test_checker_refusals);
    UT_RUN(test_fixed_filters);
    UT_RUN(test_generated_filters);
    UT_RUN(test_random_programs);
    UT_RUN(test_code_decodes);
    UT_RUN(test_dispatch_hosts);
    UT_RUN(test_dispatch_ports);
    UT_RUN(test_dispatch_mixed);
    UT_RUN(test_tree);
    UT_RUN(test_options_off);
    UT_RUN(test_tree_code);
    UT_RUN(test_registers_kept);
    pcap_close(dead);
    return ut_finish();
}
