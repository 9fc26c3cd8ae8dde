/* dp_fuse_prog.h - a field-only handler run on a fused path (issue 14,
 * "small handlers inlined"): the program vm_handler_field_prog made of
 * its enqueue (src/jit/fuse_prog.c says what qualifies: straight-line
 * updates of the VIFlet's own int and long fields from constants and the
 * packet's length() and timestamp(), then super.enqueue), run on the
 * VIFlet's object where the fused loop does the default FIFO's pair in C
 * (dp_engine.c, fifo_inline).  Java's int and long arithmetic: two's
 * complement, wrapping.  Since f12 every program also has machine code
 * (src/jit/fuse_prog_emit.c); this evaluator is its reference (the unit
 * test tests/unit/test_fuse_prog.c compares the two) and the fallback
 * (VIFD_FUSE_NATIVE=off, or an emitter failure). */
#ifndef VIFVM_DP_FUSE_PROG_H
#define VIFVM_DP_FUSE_PROG_H

#include <stdbool.h>
#include <stdint.h>
#include "vifvm.h"
#include "vifvm_jit.h"

static inline int64_t dp_prog_i(uint64_t v) { return (int64_t)(int32_t)(uint32_t)v; }

#define DP_PROG_UNKNOWN (-2)   /* a getter's answer left to the handler */

/* vif.Packet's private ipHeader, l4 and the getters on them
 * (src/lib/java/vif/Packet.java), for a packet of n bytes (length()):
 * the same answers, except that the transport header of an IPv6 packet
 * (l4, which walks the extension headers in l4Header) is DP_PROG_UNKNOWN:
 * srcPort() and dstPort() of an IPv6 packet are left to the handler. */
static inline int32_t dp_prog_ip(const uint8_t *d, int32_t n) {
    if (n < 14) return -1;
    int32_t o = 14, et = d[12] << 8 | d[13];
    if (et == 0x8100) {
        if (n < 18) return -1;
        o = 18;
        et = d[16] << 8 | d[17];
    }
    if (et == 0x0800) {
        if (n < o + 20) return -1;
        int32_t b = d[o];
        return (b >> 4) == 4 && (b & 15) >= 5 ? (o << 3) | 4 : -1;
    }
    if (et == 0x86dd) {
        if (n < o + 40) return -1;
        return d[o] >> 4 == 6 ? (o << 3) | 6 : -1;
    }
    return -1;
}
static inline int32_t dp_prog_l4h(const uint8_t *d, int32_t n, int32_t min_len, int32_t h) {
    if (h < 0) return -1;
    int32_t o = h >> 3, proto, off;
    if ((h & 7) == 4) {
        if (((d[o + 6] << 8 | d[o + 7]) & 0x1fff) != 0) return -1;   /* fragment offset */
        proto = d[o + 9];
        off = o + (d[o] & 15) * 4;
    } else {
        return DP_PROG_UNKNOWN;
    }
    if (proto != 6 && proto != 17) return -1;
    return n >= off + min_len ? off : -1;
}
static inline int32_t dp_prog_l4(const uint8_t *d, int32_t n, int32_t min_len) {
    return dp_prog_l4h(d, n, min_len, dp_prog_ip(d, n));
}
/* (h: dp_prog_ip(d, n), which no setDscp changes) */
static inline int32_t dp_prog_getter_h(uint8_t op, const uint8_t *d, int32_t n, int32_t h) {
    if (op == VM_FOP_IPPROTO) return h < 0 ? -1 : d[(h >> 3) + ((h & 7) == 4 ? 9 : 6)];
    int32_t o = dp_prog_l4h(d, n, 4, h);
    if (o < 0) return o;
    return op == VM_FOP_DPORT ? d[o + 2] << 8 | d[o + 3] : d[o] << 8 | d[o + 1];
}
static inline int32_t dp_prog_getter(uint8_t op, const uint8_t *d, int32_t n) {
    return dp_prog_getter_h(op, d, n, dp_prog_ip(d, n));
}

/* a CC b (0 ==, 1 !=, 2 <, 3 >=, 4 >, 5 <=) */
static inline bool dp_prog_cc(uint32_t cc, int64_t x, int64_t y) {
    switch (cc) {
    case 0: return x == y;
    case 1: return x != y;
    case 2: return x < y;
    case 3: return x >= y;
    case 4: return x > y;
    default: return x <= y;
    }
}

/* Packet.setDscp(dscp) (dscp 0 .. 63: the decoder's rule) on the n bytes
 * at d: the top six bits of the IPv4 DS field or the IPv6 traffic class,
 * the two ECN bits kept, no checksum touched (as the Java method: the
 * caller recomputes it if it wants); 1 written, 0 not IP (nothing
 * written). */
static inline int32_t dp_prog_setdscp_h(uint8_t *d, int32_t dscp, int32_t h) {
    if (h < 0) return 0;
    int32_t o = h >> 3;
    if ((h & 7) == 4) {
        d[o + 1] = (uint8_t)((dscp << 2) | (d[o + 1] & 3));
    } else {
        d[o] = (uint8_t)((d[o] & 0xf0) | (dscp >> 2));
        d[o + 1] = (uint8_t)(((dscp & 3) << 6) | (d[o + 1] & 0x3f));
    }
    return 1;
}
/* Packet.dscp() (h: dp_prog_ip) */
static inline int32_t dp_prog_dscp_h(const uint8_t *d, int32_t h) {
    if (h < 0) return -1;
    int32_t o = h >> 3;
    return (h & 7) == 4 ? d[o + 1] >> 2 : (d[o] & 15) << 2 | d[o + 1] >> 6;
}
static inline int32_t dp_prog_setdscp(uint8_t *d, int32_t n, int32_t dscp) {
    return dp_prog_setdscp_h(d, dscp, dp_prog_ip(d, n));
}

/* Run p on the VIFlet obj for a packet of length len (length()), time ts
 * (timestamp()) and bytes data (the IP header's place kept at *hdr:
 * vifvm_jit.h, vm_field_prog_fn): a vm_field_prog_fn (where no machine code
 * is made, dp_fuse.c puts this function behind dp_vif.fprog_fn).  0: done
 * (the handler's effect up to super.enqueue); 1: a guard drops the packet
 * or a getter's answer is not known here, nothing stored (the getters and
 * guards come before every store: src/jit/fuse_prog.c). */
static inline int32_t dp_fuse_prog_run(vm_object *obj, int32_t len, int64_t ts,
                                       const vm_field_prog *p, uint8_t *data, int32_t *hdr) {
    uint64_t r[VM_FIELD_PROG_MAX];
    /* dp_prog_ip(data, len), once asked (VM_FIELD_HDR_UNKNOWN: not yet),
     * kept at *hdr for the programs after this one on the same packet */
    int32_t ip = *hdr;
#define IP (ip == VM_FIELD_HDR_UNKNOWN ? (ip = *hdr = dp_prog_ip(data, len)) : ip)
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_field_op *o = &p->op[i];
#define a r[o->a & (VM_FIELD_PROG_MAX - 1)]
#define b r[o->b & (VM_FIELD_PROG_MAX - 1)]
        uint64_t v = 0;
        switch (o->op) {
        case VM_FOP_ADDJ_K:
            vm_set_i64(obj, o->off, (int64_t)((uint64_t)vm_get_i64(obj, o->off) + (uint64_t)o->k));
            continue;
        case VM_FOP_ADDJ_LEN:
            vm_set_i64(obj, o->off, (int64_t)((uint64_t)vm_get_i64(obj, o->off) + (uint64_t)(int64_t)len));
            continue;
        case VM_FOP_ADDI_K:
            vm_set_i32(obj, o->off, (int32_t)((uint32_t)vm_get_i32(obj, o->off) + (uint32_t)o->k));
            continue;
        case VM_FOP_ADDI_LEN:
            vm_set_i32(obj, o->off, (int32_t)((uint32_t)vm_get_i32(obj, o->off) + (uint32_t)len));
            continue;
        case VM_FOP_STI: vm_set_i32(obj, o->off, (int32_t)(uint32_t)a); continue;
        case VM_FOP_STJ: vm_set_i64(obj, o->off, (int64_t)a); continue;
        case VM_FOP_CONST: v = (uint64_t)o->k; break;
        case VM_FOP_LEN: v = (uint64_t)(int64_t)len; break;
        case VM_FOP_TS: v = (uint64_t)ts; break;
        case VM_FOP_DPORT: case VM_FOP_SPORT: case VM_FOP_IPPROTO: {
            int32_t g = dp_prog_getter_h(o->op, data, len, IP);
            if (g == DP_PROG_UNKNOWN) return 1;
            v = (uint64_t)(int64_t)g;
            break;
        }
        case VM_FOP_GUARD:
            if (!dp_prog_cc((uint32_t)o->k, (int64_t)a, (int64_t)b)) return 1;
            continue;
        case VM_FOP_SELECT: {
            int64_t x = (int64_t)a, y = (int64_t)b;
            v = (uint64_t)(int64_t)(dp_prog_cc(o->off, x, y) ? (int32_t)(o->k >> 32)
                                                               : (int32_t)o->k);
            break;
        }
        case VM_FOP_SETDSCP: v = (uint64_t)(int64_t)dp_prog_setdscp_h(data, (int32_t)a, IP); break;
        case VM_FOP_CSEL: v = a ? b : r[(uint8_t)o->k & (VM_FIELD_PROG_MAX - 1)]; break;
        case VM_FOP_ISIP: v = IP >= 0; break;
        case VM_FOP_DSCP: v = (uint64_t)(int64_t)dp_prog_dscp_h(data, IP); break;
        case VM_FOP_SETDSCP_IF:
            if (b) dp_prog_setdscp_h(data, (int32_t)a, IP);
            continue;
        case VM_FOP_LDI: v = (uint64_t)(int64_t)vm_get_i32(obj, o->off); break;
        case VM_FOP_LDJ: v = (uint64_t)vm_get_i64(obj, o->off); break;
        case VM_FOP_I2L: v = a; break;   /* (ints kept sign-extended) */
        case VM_FOP_L2I: v = (uint64_t)dp_prog_i(a); break;
        case VM_FOP_NEGI: v = (uint64_t)dp_prog_i(0u - a); break;
        case VM_FOP_NEGJ: v = 0u - a; break;
        case VM_FOP_ADDI: v = (uint64_t)dp_prog_i(a + b); break;
        case VM_FOP_ADDJ: v = a + b; break;
        case VM_FOP_SUBI: v = (uint64_t)dp_prog_i(a - b); break;
        case VM_FOP_SUBJ: v = a - b; break;
        case VM_FOP_MULI: v = (uint64_t)dp_prog_i((uint64_t)((uint32_t)a * (uint32_t)b)); break;
        case VM_FOP_MULJ: v = a * b; break;
        case VM_FOP_ANDI: case VM_FOP_ANDJ: v = a & b; break;
        case VM_FOP_ORI: case VM_FOP_ORJ: v = a | b; break;
        case VM_FOP_XORI: case VM_FOP_XORJ: v = a ^ b; break;
        default: continue;
        }
#undef a
#undef b
        r[i] = v;
    }
#undef IP
    return 0;
}

#endif
