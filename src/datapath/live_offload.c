/* live_offload.c - partial checksums completed and GSO frames segmented in
 * software, for frames received over AF_PACKET.  See live_offload.h. */
#include <string.h>

#include <endian.h>

#include "live_offload.h"

#ifndef VIRTIO_NET_HDR_GSO_UDP_L4
#define VIRTIO_NET_HDR_GSO_UDP_L4 5
#endif

#define ETH_HLEN_ 14u
#define IPPROTO_TCP_ 6u
#define IPPROTO_UDP_ 17u

static inline uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void wr16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static inline void wr32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

uint32_t lvo_sum(const uint8_t *p, size_t n, uint32_t sum) {
    /* 32-bit words into a 64-bit accumulator, folded at the end */
    uint64_t s = sum;
    while (n >= 4) {
        uint32_t w;
        memcpy(&w, p, 4);
        s += be32toh(w);
        p += 4;
        n -= 4;
    }
    if (n >= 2) {
        s += rd16(p);
        p += 2;
        n -= 2;
    }
    if (n) s += (uint32_t)p[0] << 8;
    while (s >> 32) s = (s & 0xffffffffu) + (s >> 32);
    uint32_t r = (uint32_t)s;
    /* keep headroom for the caller's next additions */
    r = (r & 0xffffu) + (r >> 16);
    return r;
}

uint16_t lvo_fold(uint32_t sum) {
    while (sum >> 16) sum = (sum & 0xffffu) + (sum >> 16);
    return (uint16_t)~sum;
}

/* The network header: after the Ethernet header and any 802.1Q/802.1ad
 * tags left in the frame.  0 if not IPv4/IPv6. */
static uint32_t l3_offset(const uint8_t *f, uint32_t len, bool *v6) {
    uint32_t off = 12;
    for (;;) {
        if (off + 2 > len) return 0;
        uint16_t et = rd16(f + off);
        if (et == 0x8100 || et == 0x88a8) {
            off += 4;
            continue;
        }
        off += 2;
        if (et == 0x0800 && off + 20 <= len && (f[off] >> 4) == 4) {
            *v6 = false;
            return off;
        }
        if (et == 0x86dd && off + 40 <= len && (f[off] >> 4) == 6) {
            *v6 = true;
            return off;
        }
        return 0;
    }
}

/* The pseudo-header sum of an L4 segment of l4len bytes. */
static uint32_t pseudo_sum(const uint8_t *ip, bool v6, uint8_t proto, uint32_t l4len) {
    uint32_t s;
    if (v6) s = lvo_sum(ip + 8, 32, 0);
    else s = lvo_sum(ip + 12, 8, 0);
    s += proto;
    s += l4len >> 16;
    s += l4len & 0xffffu;
    return s;
}

/* Compute the TCP/UDP checksum of the L4 segment at f+l4 (l4len bytes)
 * from scratch, the field at f+l4+csum_off. */
static void l4_checksum(uint8_t *f, uint32_t l3, bool v6, uint8_t proto, uint32_t l4,
                        uint32_t l4len, uint32_t csum_off) {
    wr16(f + l4 + csum_off, 0);
    uint32_t s = pseudo_sum(f + l3, v6, proto, l4len);
    uint16_t c = lvo_fold(lvo_sum(f + l4, l4len, s));
    if (c == 0 && proto == IPPROTO_UDP_) c = 0xffff;
    wr16(f + l4 + csum_off, c);
}

static void ipv4_checksum(uint8_t *ip) {
    uint32_t ihl = (ip[0] & 15u) * 4;
    wr16(ip + 10, 0);
    wr16(ip + 10, lvo_fold(lvo_sum(ip, ihl, 0)));
}

/* No virtio header: TP_STATUS_CSUMNOTREADY on a frame of ours to parse
 * (IPv4 without fragments, IPv6 without extension headers; TCP or UDP). */
static bool complete_parsed(uint8_t *f, uint32_t len) {
    bool v6 = false;
    uint32_t l3 = l3_offset(f, len, &v6), l4, end;
    uint8_t proto;
    if (!l3) return false;
    if (v6) {
        proto = f[l3 + 6];
        l4 = l3 + 40;
        end = l4 + rd16(f + l3 + 4);
    } else {
        uint32_t ihl = (f[l3] & 15u) * 4;
        if (ihl < 20 || (rd16(f + l3 + 6) & 0x3fff)) return false;
        proto = f[l3 + 9];
        l4 = l3 + ihl;
        end = l3 + rd16(f + l3 + 2);
    }
    if (end > len || end < l4) return false;
    if (proto == IPPROTO_TCP_ && end - l4 >= 20) l4_checksum(f, l3, v6, proto, l4, end - l4, 16);
    else if (proto == IPPROTO_UDP_ && end - l4 >= 8) l4_checksum(f, l3, v6, proto, l4, end - l4, 6);
    else return false;
    return true;
}

/* The headers (l4 + l4h bytes) and one payload chunk into scratch, with
 * the IP lengths, IPv4 id and checksum set; returns the frame's length. */
static uint32_t build_segment(uint8_t *s, const uint8_t *f, uint32_t l3, bool v6, uint32_t l4,
                              uint32_t l4h, const uint8_t *pay, uint32_t n, uint32_t i) {
    memcpy(s, f, l4 + l4h);
    memcpy(s + l4 + l4h, pay, n);
    uint32_t l4len = l4h + n;
    if (v6) {
        wr16(s + l3 + 4, (uint16_t)(l4 - l3 - 40 + l4len));
    } else {
        wr16(s + l3 + 2, (uint16_t)(l4 - l3 + l4len));
        wr16(s + l3 + 4, (uint16_t)(rd16(f + l3 + 4) + i));
        ipv4_checksum(s + l3);
    }
    return l4 + l4len;
}

/* A GSO frame cut into gso_size pieces (the kernel's tcp_gso_segment and
 * __udp_gso_segment: sequence numbers advance, FIN and PSH only on the
 * last TCP segment, CWR only on the first; IPv4 ids increment). */
static uint32_t segment(const struct virtio_net_hdr *vh, uint8_t *f, uint32_t len,
                        uint8_t *scratch, size_t scap, lvo_emit_fn emit, void *ctx,
                        lvo_counters *c) {
    uint8_t type = vh->gso_type & (uint8_t)~VIRTIO_NET_HDR_GSO_ECN;
    uint32_t mss = le16toh(vh->gso_size);
    uint32_t l4 = le16toh(vh->csum_start);
    bool v6 = false;
    uint32_t l3 = l3_offset(f, len, &v6);
    if (l3 && !(vh->flags & VIRTIO_NET_HDR_F_NEEDS_CSUM)) {
        /* a GRO frame (checksum already verified): no csum_start, so the
         * transport header is found by parsing (IPv6: no extension header) */
        l4 = v6 ? l3 + 40 : l3 + (f[l3] & 15u) * 4;
    }
    if (!l3 || mss == 0 || l4 <= l3 || l4 >= len) return 0;
    if (v6 ? l4 < l3 + 40 : l4 < l3 + (f[l3] & 15u) * 4) return 0;
    bool tcp;
    if (type == VIRTIO_NET_HDR_GSO_TCPV4 && !v6) tcp = true;
    else if (type == VIRTIO_NET_HDR_GSO_TCPV6 && v6) tcp = true;
    else if (type == VIRTIO_NET_HDR_GSO_UDP_L4) tcp = false;
    else return 0;
    uint32_t l4h = tcp ? (uint32_t)(f[l4 + 12] >> 4) * 4 : 8;
    if (l4 + (tcp ? 20u : 8u) > len || l4h < (tcp ? 20u : 8u) || l4 + l4h > len) return 0;
    if ((size_t)l4 + l4h + mss > scap) return 0;
    uint32_t total = len - l4 - l4h;
    uint32_t nseg = total ? (total + mss - 1) / mss : 1;
    uint32_t seq = tcp ? rd32(f + l4 + 4) : 0;
    uint8_t flags = tcp ? f[l4 + 13] : 0;
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t n = i + 1 < nseg ? mss : total - i * mss;
        uint32_t flen = build_segment(scratch, f, l3, v6, l4, l4h, f + l4 + l4h + i * mss, n, i);
        if (tcp) {
            wr32(scratch + l4 + 4, seq + i * mss);
            uint8_t fl = flags;
            if (i + 1 < nseg) fl &= (uint8_t)~0x09; /* FIN, PSH: last only */
            if (i > 0) fl &= (uint8_t)~0x80;        /* CWR: first only */
            scratch[l4 + 13] = fl;
            l4_checksum(scratch, l3, v6, IPPROTO_TCP_, l4, l4h + n, 16);
        } else {
            wr16(scratch + l4 + 4, (uint16_t)(8 + n));
            l4_checksum(scratch, l3, v6, IPPROTO_UDP_, l4, 8 + n, 6);
        }
        emit(ctx, scratch, flen);
    }
    c->gso_frames++;
    c->gso_segments += nseg;
    return nseg;
}

uint32_t lvo_finish(const struct virtio_net_hdr *vh, bool csum_not_ready, uint8_t *f,
                    uint32_t len, uint32_t wirelen, uint8_t *scratch, size_t scap,
                    lvo_emit_fn emit, void *ctx, lvo_counters *c) {
    if (vh && vh->gso_type != VIRTIO_NET_HDR_GSO_NONE) {
        uint32_t n = len == wirelen ? segment(vh, f, len, scratch, scap, emit, ctx, c) : 0;
        if (!n) c->bad_offload++;
        return n;
    }
    if (vh && (vh->flags & VIRTIO_NET_HDR_F_NEEDS_CSUM)) {
        uint32_t start = le16toh(vh->csum_start), off = le16toh(vh->csum_offset);
        if (len != wirelen || start >= len || off + 2 > len - start) {
            c->bad_offload++;
            return 0;
        }
        /* the field holds the pseudo-header's sum: sum it with the rest
         * (skb_checksum_help) */
        uint16_t s = lvo_fold(lvo_sum(f + start, len - start, 0));
        wr16(f + start + off, s ? s : 0xffff);
        c->csum_completed++;
    } else if (!vh && csum_not_ready) {
        if (len != wirelen || !complete_parsed(f, len)) {
            c->bad_offload++;
            return 0;
        }
        c->csum_completed++;
    }
    emit(ctx, f, len);
    return 1;
}
