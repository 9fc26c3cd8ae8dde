/* vifvm_cbpf.h - classic BPF packet filters compiled to x86-64 (part of
 * include/vifvm.h): the programs pcap_compile produces (struct bpf_insn:
 * code, jt, jf, k) checked and turned into native functions by vifvm's own
 * encoder, in the freestanding core, so the datapath (vifd) and the kernel
 * module use the same compiler.  Implementation: src/jit/cbpf_check.c (the
 * checks), src/jit/cbpf_jit.c (the code), src/jit/cbpf_dispatch.c (sibling
 * dispatch).
 *
 * Semantics are libpcap's interpreter's (bpf_filter, pcap_offline_filter):
 * A and X start at 0; a load outside the captured bytes (caplen) returns 0
 * (reject); division or modulo by X == 0 returns 0; a shift by X >= 32
 * gives 0; BPF_LEN is the wire length.  A compiled function returns exactly
 * what the interpreter returns for the same program and packet.
 *
 * API stability: this interface is what helper work on fused paths (issue
 * 14) builds on; it only grows.
 */
#ifndef VIFVM_CBPF_H
#define VIFVM_CBPF_H

#include <stddef.h>
#include <stdint.h>
#include "vifvm_status.h"
#include "vifvm_platform.h"

/* One instruction, laid out as struct bpf_insn (pcap/bpf.h), so a
 * struct bpf_program's bf_insns can be passed as it is. */
typedef struct vm_cbpf_insn {
    uint16_t code;
    uint8_t jt, jf;
    uint32_t k;
} vm_cbpf_insn;

/* Longest program accepted (pcap_compile's programs are far shorter). */
#define VM_CBPF_MAX_INSNS 65536u
/* Scratch memory words M[0..15] (BPF_MEMWORDS). */
#define VM_CBPF_MEMWORDS 16u

/* A compiled filter: the accept length (0 = reject) for the packet's
 * caplen bytes at pkt, whose length on the wire was wirelen. */
typedef uint32_t (*vm_cbpf_fn)(const uint8_t *pkt, uint32_t wirelen, uint32_t caplen);

typedef struct vm_cbpf_prog vm_cbpf_prog;

/* Check a program without compiling it: 1..VM_CBPF_MAX_INSNS instructions,
 * every opcode one libpcap's interpreter knows, scratch slots < 16, no
 * constant division or modulo by 0, constant shifts < 32, conditional and
 * unconditional jumps forward and inside the program, the last instruction
 * a return, and no scratch slot read before it is written on every path to
 * the read (as Linux's check_load_and_stores).
 * plat: the allocator of the slot check's work space.
 *   VM_OK; VM_ERR_VERIFY (invalid, detail in diag); VM_ERR_UNSUPPORTED (a
 *   backward jump: libpcap's "ip6 protochain", which its interpreter runs
 *   but this compiler does not); VM_ERR_ARG (NULL insns or plat);
 *   VM_ERR_NOMEM. */
vm_status vm_cbpf_check(const vm_platform *plat, const vm_cbpf_insn *insns, uint32_t n,
                        vm_diag *diag);

/* Check and compile a program into executable memory taken from
 * plat->code_alloc (written, then made RX with code_protect_exec: W^X, as
 * the JIT).  The program is copied (the caller may free insns).
 *   VM_OK with *out; the statuses of vm_cbpf_check; VM_ERR_UNSUPPORTED
 *   (plat has no executable memory); VM_ERR_NOMEM. */
vm_status vm_cbpf_compile(const vm_platform *plat, const vm_cbpf_insn *insns, uint32_t n,
                          uint32_t off, vm_cbpf_prog **out, vm_diag *diag);
/* What the compiler leaves out of the code (src/jit/cbpf_opt.c), each
 * switchable for comparison and tests: `off`, the bits of what is
 * switched off for this compile (0: all on).  Every setting gives the
 * same results. */
#define VM_CBPF_OPT_LAYOUT 1u   /* jump threading, fall-through, no unreachable code */
#define VM_CBPF_OPT_DEAD   2u   /* no write of A or X that nothing reads */
#define VM_CBPF_OPT_HOIST  4u   /* one bounds test at entry, known bounds not tested */
#define VM_CBPF_OPT_REUSE  8u   /* no load of what the register already holds */
#define VM_CBPF_OPT_RAW    16u  /* halfwords / words only compared for equality not swapped */
#define VM_CBPF_OPT_ALL    31u

/* The native function (valid until vm_cbpf_free). */
vm_cbpf_fn vm_cbpf_function(const vm_cbpf_prog *p);
/* Its machine code and size, for disassembly and statistics. */
const void *vm_cbpf_code(const vm_cbpf_prog *p);
uint32_t vm_cbpf_code_bytes(const vm_cbpf_prog *p);
/* The program it was compiled from. */
const vm_cbpf_insn *vm_cbpf_insns(const vm_cbpf_prog *p, uint32_t *n);
void vm_cbpf_free(vm_cbpf_prog *p);

/* Sibling dispatch: the filters of one VIF's children, in definition
 * order, compiled together.  vm_cbpf_dispatch_run returns the index of the
 * first program (in that order) whose function accepts the packet, -1 if
 * none: exactly what running them one by one gives.
 *
 * How: programs that are the same but for the constants of some
 * `jeq #k` instructions, each program with one value v at all of those
 * (pcap_compile's code for `dst host A`, `port N`, `net N/24`, ... over the
 * same expression), form a group.  One *probe* (the shared program with
 * those comparisons replaced by "record A, take the false branch") collects
 * the values the packet offers there; a hash table from value to the
 * group's programs with that v gives the only candidates, which then run
 * in definition order.  This is exact: a program of the group that accepts
 * has v equal to A at the first such comparison its path takes, and up to
 * there its path is the probe's; a group is formed only when every return
 * the probe can reach is `ret #0` (nothing is accepted without a match).
 * Programs outside every group run one by one, before the groups' best
 * candidate only.  So 1,000 siblings `dst port 1..1000` cost one probe, one
 * lookup and one filter.
 *
 * The dispatch references progs[] (they must outlive it); build it again
 * when any of them changes. */
typedef struct vm_cbpf_dispatch vm_cbpf_dispatch;
vm_status vm_cbpf_dispatch_build(const vm_platform *plat, const vm_cbpf_prog *const *progs,
                                 uint32_t n, vm_cbpf_dispatch **out, vm_diag *diag);
int32_t vm_cbpf_dispatch_run(const vm_cbpf_dispatch *d, const uint8_t *pkt, uint32_t wirelen,
                             uint32_t caplen);
/* How the programs were arranged: groups formed, programs in them, and
 * programs run one by one. */
void vm_cbpf_dispatch_info(const vm_cbpf_dispatch *d, uint32_t *groups, uint32_t *grouped,
                           uint32_t *sequential);
void vm_cbpf_dispatch_free(vm_cbpf_dispatch *d);

/* A whole tree of filters in one native function (cbpf_tree.c): node 0
 * is the root (no filter); node i > 0 has filters[i] and parent[i] < i;
 * a node's children are the nodes naming it as parent, tried in index
 * order.  The function returns 1 + the index of the deepest node whose
 * filter matches along the path tried first-match at every level (what
 * running the filters one by one from the root gives), with bit 31 set
 * when it stopped at a node with more than VM_CBPF_TREE_FANOUT children:
 * those are left to the caller (a vm_cbpf_dispatch of that node's
 * children, which costs less than trying many siblings inline).
 * The children's code is inlined one after the other (each starts with
 * A = X = 0 as alone; a load out of bounds or a division by 0 in one moves
 * on to the next sibling): no call, no table, no loop between filters.
 *   VM_OK; VM_ERR_LIMIT (the combined program would exceed
 *   VM_CBPF_MAX_INSNS); the statuses of vm_cbpf_compile. */
#define VM_CBPF_TREE_FANOUT 8u
#define VM_CBPF_TREE_DISPATCH 0x80000000u
vm_status vm_cbpf_tree_compile(const vm_platform *plat, const vm_cbpf_prog *const *filters,
                               const uint32_t *parent, uint32_t n, uint32_t off,
                               vm_cbpf_prog **out, vm_diag *diag);

#endif
