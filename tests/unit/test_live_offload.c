// unit-sources: src/datapath/live_offload.c
/* test_live_offload.c - live_offload.c: partial checksums completed (with
 * and without a virtio header) and GSO frames (TCP over IPv4, UDP over
 * IPv6) cut into segments whose headers, checksums and payloads are
 * checked byte by byte. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_test.h"
#include "datapath/live_offload.h"

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static void wr16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

/* A frame's L4 checksum verifies: the sum over the pseudo-header and the
 * segment (field included) is 0xffff. */
static bool l4_ok(const uint8_t *f, uint32_t l3, bool v6, uint8_t proto, uint32_t l4, uint32_t len) {
    uint32_t s = v6 ? lvo_sum(f + l3 + 8, 32, 0) : lvo_sum(f + l3 + 12, 8, 0);
    s += proto + ((len - l4) >> 16) + ((len - l4) & 0xffff);
    return lvo_fold(lvo_sum(f + l4, len - l4, s)) == 0;
}

typedef struct seg { uint8_t data[4096]; uint32_t len; } seg;
typedef struct segs { seg s[16]; int n; } segs;

static void collect(void *ctx, const uint8_t *data, uint32_t len) {
    segs *c = ctx;
    if (c->n < 16 && len <= sizeof c->s[0].data) {
        memcpy(c->s[c->n].data, data, len);
        c->s[c->n].len = len;
    }
    c->n++;
}

/* Ethernet + IPv4 + TCP (32-byte header) + n payload bytes. */
static uint32_t tcp4_frame(uint8_t *f, uint32_t n, uint8_t flags) {
    memset(f, 0, 14 + 20 + 32);
    wr16(f + 12, 0x0800);
    uint8_t *ip = f + 14;
    ip[0] = 0x45;
    wr16(ip + 2, 20 + 32 + n);
    wr16(ip + 4, 0x1000);
    ip[8] = 64;
    ip[9] = 6;
    memcpy(ip + 12, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
    uint8_t *t = ip + 20;
    wr16(t, 40000);
    wr16(t + 2, 5002);
    t[4] = 0x11; t[5] = 0x22; t[6] = 0x33; t[7] = 0x44;
    t[12] = 8 << 4;
    t[13] = flags;
    wr16(t + 14, 65000);
    for (uint32_t i = 0; i < n; i++) f[66 + i] = (uint8_t)(i * 7 + 3);
    return 66 + n;
}

static void test_tcp4_gso(void) {
    static uint8_t f[8192], scratch[70000];
    uint32_t len = tcp4_frame(f, 3000, 0x80 | 0x10 | 0x08 | 0x01); /* CWR ACK PSH FIN */
    struct virtio_net_hdr vh = { .flags = VIRTIO_NET_HDR_F_NEEDS_CSUM,
                                 .gso_type = VIRTIO_NET_HDR_GSO_TCPV4, .hdr_len = 66,
                                 .gso_size = 1448, .csum_start = 34, .csum_offset = 16 };
    static segs c;
    lvo_counters k = { 0 };
    uint32_t n = lvo_finish(&vh, true, f, len, len, scratch, sizeof scratch, collect, &c, &k);
    UT_CHECK(n == 3 && c.n == 3);
    UT_CHECK(k.gso_frames == 1 && k.gso_segments == 3 && k.bad_offload == 0);
    uint32_t want_pay[3] = { 1448, 1448, 104 }, off = 0;
    for (int i = 0; i < 3; i++) {
        const uint8_t *s = c.s[i].data, *ip = s + 14, *t = ip + 20;
        UT_CHECK(c.s[i].len == 66 + want_pay[i]);
        UT_CHECK(rd16(ip + 2) == 52 + want_pay[i]);
        UT_CHECK(rd16(ip + 4) == 0x1000 + i);
        UT_CHECK(lvo_fold(lvo_sum(ip, 20, 0)) == 0);
        UT_CHECK(rd32(t + 4) == 0x11223344u + off);
        uint8_t fl = t[13];
        UT_CHECK(((fl & 0x80) != 0) == (i == 0));
        UT_CHECK(((fl & 0x09) != 0) == (i == 2));
        UT_CHECK(fl & 0x10);
        UT_CHECK(l4_ok(s, 14, false, 6, 34, c.s[i].len));
        UT_CHECK(!memcmp(s + 66, f + 66 + off, want_pay[i]));
        off += want_pay[i];
    }
}

/* A GRO frame: checksum verified (DATA_VALID), no csum_start. */
static void test_tcp4_gro(void) {
    static uint8_t f[8192], scratch[70000];
    uint32_t len = tcp4_frame(f, 2000, 0x10);
    struct virtio_net_hdr vh = { .flags = VIRTIO_NET_HDR_F_DATA_VALID,
                                 .gso_type = VIRTIO_NET_HDR_GSO_TCPV4, .gso_size = 1448 };
    static segs c;
    lvo_counters k = { 0 };
    UT_CHECK(lvo_finish(&vh, false, f, len, len, scratch, sizeof scratch, collect, &c, &k) == 2);
    UT_CHECK(c.n == 2 && c.s[0].len == 66 + 1448 && c.s[1].len == 66 + 552);
    for (int i = 0; i < 2 && i < c.n; i++)
        UT_CHECK(l4_ok(c.s[i].data, 14, false, 6, 34, c.s[i].len));
}

static void test_udp6_gso(void) {
    static uint8_t f[8192], scratch[70000];
    uint32_t n = 2500;
    memset(f, 0, 62);
    wr16(f + 12, 0x86dd);
    uint8_t *ip = f + 14;
    ip[0] = 0x60;
    wr16(ip + 4, 8 + n);
    ip[6] = 17;
    ip[7] = 64;
    ip[23] = 1;
    ip[39] = 2;
    wr16(ip + 40, 5000);
    wr16(ip + 42, 5001);
    wr16(ip + 44, 8 + n);
    for (uint32_t i = 0; i < n; i++) f[62 + i] = (uint8_t)i;
    struct virtio_net_hdr vh = { .flags = VIRTIO_NET_HDR_F_NEEDS_CSUM, .gso_type = 5 /* UDP_L4 */,
                                 .gso_size = 1000, .csum_start = 54, .csum_offset = 6 };
    static segs c;
    lvo_counters k = { 0 };
    uint32_t got = lvo_finish(&vh, true, f, 62 + n, 62 + n, scratch, sizeof scratch, collect, &c, &k);
    UT_CHECK(got == 3 && c.n == 3);
    uint32_t want[3] = { 1000, 1000, 500 };
    for (int i = 0; i < 3; i++) {
        const uint8_t *s = c.s[i].data;
        UT_CHECK(c.s[i].len == 62 + want[i]);
        UT_CHECK(rd16(s + 18) == 8 + want[i] && rd16(s + 58) == 8 + want[i]);
        UT_CHECK(l4_ok(s, 14, true, 17, 54, c.s[i].len));
        UT_CHECK(!memcmp(s + 62, f + 62 + i * 1000, want[i]));
    }
}

static void test_partial(void) {
    static uint8_t f[8192], scratch[70000];
    uint32_t len = tcp4_frame(f, 777, 0x18);
    /* what a sender with TX checksum offload leaves: the pseudo-header sum */
    uint32_t ps = lvo_sum(f + 26, 8, 0) + 6 + (len - 34);
    uint16_t folded = (uint16_t)~lvo_fold(ps);
    wr16(f + 34 + 16, folded);
    uint8_t copy[8192];
    memcpy(copy, f, len);
    struct virtio_net_hdr vh = { .flags = VIRTIO_NET_HDR_F_NEEDS_CSUM, .csum_start = 34,
                                 .csum_offset = 16 };
    static segs c;
    lvo_counters k = { 0 };
    UT_CHECK(lvo_finish(&vh, true, f, len, len, scratch, sizeof scratch, collect, &c, &k) == 1);
    UT_CHECK(k.csum_completed == 1 && l4_ok(c.s[0].data, 14, false, 6, 34, len));
    /* without a virtio header: found by parsing */
    c.n = 0;
    UT_CHECK(lvo_finish(NULL, true, copy, len, len, scratch, sizeof scratch, collect, &c, &k) == 1 &&
              l4_ok(c.s[0].data, 14, false, 6, 34, len) && !memcmp(c.s[0].data, f, len));
    /* a truncated frame cannot be completed: dropped and counted */
    c.n = 0;
    UT_CHECK(lvo_finish(&vh, true, f, len - 10, len, scratch, sizeof scratch, collect, &c, &k) == 0 &&
              c.n == 0 && k.bad_offload == 1);
    /* nothing asked: emitted unchanged */
    memcpy(copy, f, len);
    struct virtio_net_hdr none = { 0 };
    UT_CHECK(lvo_finish(&none, false, f, len, len, scratch, sizeof scratch, collect, &c, &k) == 1 &&
              !memcmp(f, copy, len));
}

int main(void) {
    UT_RUN(test_tcp4_gso);
    UT_RUN(test_tcp4_gro);
    UT_RUN(test_udp6_gso);
    UT_RUN(test_partial);
    return ut_finish();
}
