/* fuse_path.h - the path-code emitter (fuse_path.c): straight-line host
 * code from a list of operations (include/vifvm_pathcode.h), the fused VIF
 * path's run as one native function (issue 14, src/datapath/dp_fuse.c
 * plan_code).  No datapath type here: the host describes its work with
 * addresses and offsets. */
#ifndef VIFVM_JIT_FUSE_PATH_H
#define VIFVM_JIT_FUSE_PATH_H

#include "../../include/vifvm_pathcode.h"
#include "../../include/vifvm_jit.h"
#include "x86_emit.h"

/* the registers the code keeps (callee-saved): the first argument (rbx)
 * and the second (r12); r10 and r11 (or r13 and r14, kept across calls)
 * hold the last two object addresses used */
enum { FUSE_PATH_REG_ARG = 3 /* rbx */, FUSE_PATH_REG_ARG2 = 12 /* r12 */ };

/* A field program's body inside a path function (VM_PC_PROG; branch
 * fx22: fuse_prog_emit.c, fuse_prog_body_emit).  The path function loads
 * the arguments the body reads (fuse_prog_body_needs: FUSE_PB_*) into the
 * registers of vm_field_prog_fn - rdi the object, esi the length, rdx the
 * time, r8 the bytes - then emits the body, which uses rax, rcx, rdx,
 * rsi, rdi, r8-r11 and the path function's frame, keeps rbx, r12-r15,
 * falls through when done, and jumps to l_ret1 for answer 1; it writes
 * none of rsi, rdi, rdx, r8 (so they may serve the next body), and r9
 * only with the IP header's place. */
enum { FUSE_PB_OBJ = 1, FUSE_PB_LEN = 2, FUSE_PB_TS = 4, FUSE_PB_DATA = 8 };
/* the header values a path function keeps for its later bodies: the IP
 * header's place (found), the transport header's, dstPort(), srcPort(),
 * ipProtocol(), dscp() - the last forgotten at a setDscp (a body's, or a
 * called program's) */
enum { FUSE_SH_HDR = 1, FUSE_SH_L4 = 2, FUSE_SH_DPORT = 4, FUSE_SH_SPORT = 8,
       FUSE_SH_PROTO = 16, FUSE_SH_DSCP = 32 };
#define FUSE_SH_BYTES 40   /* the kept values' slots (all but the place) */
#define FUSE_PROG_BODY_MAX 64   /* longer programs stay calls */
typedef struct fuse_prog_body {
    const vm_field_prog *p;
    uint32_t lbase;          /* its labels: lbase .. + fuse_prog_body_labels(p) */
    uint32_t l_ret1;         /* the path function's label for answer 1 */
    int32_t hdr;             /* [rsp + hdr]: the IP header's place (int32) */
    int32_t share;           /* [rsp + share]: the kept values (FUSE_SH_BYTES) */
    int32_t slots;           /* [rsp + slots]: the program's registers */
    bool share_on;           /* keep the values (else each body finds its own) */
    uint32_t known;          /* FUSE_SH_* kept by the bodies before (all run
                                on every way to this one) */
    uint32_t later;          /* FUSE_SH_* read by a body after it: kept */
    bool r9_place;           /* r9 holds the place already (with share_on) */
} fuse_prog_body;
bool fuse_prog_body_ok(const vm_field_prog *p);
uint32_t fuse_prog_body_labels(const vm_field_prog *p);
uint32_t fuse_prog_body_slots(const vm_field_prog *p);   /* bytes of its registers */
uint32_t fuse_prog_body_reads(const vm_field_prog *p);   /* FUSE_SH_* */
uint32_t fuse_prog_body_needs(const fuse_prog_body *c);  /* FUSE_PB_* */
bool fuse_prog_writes(const vm_field_prog *p);            /* a setDscp in it */
/* emits the body; answers what is known after it (the next body's
 * known); *r9_place: r9 holds the place after it */
uint32_t fuse_prog_body_emit(x86_buf *b, const fuse_prog_body *c, bool *r9_place);

#endif
