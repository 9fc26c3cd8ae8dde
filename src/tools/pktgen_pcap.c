/* pktgen_pcap.c - writes deterministic test captures (pcap, Ethernet /
 * IPv4 / TCP or UDP) for the datapath tests and benchmarks.
 *
 *   pktgen_pcap -o FILE [-n COUNT] [--seed N] [--pps N | --rate RATE]
 *               [--start SECONDS] [--sizes MIN-MAX] [--proto tcp|udp|mix]
 *               [--hosts N] [--ports P,P,...] [--dscp D,D,...] [--nano]
 *               [--sports N]
 *
 * Same arguments, same bytes.  Packet i (from 0): source host 10.0.0.(1 +
 * i*7 mod hosts), destination 10.0.1.1, ports and DSCP drawn from the lists
 * by a seeded xorshift generator, frame size uniform in [MIN, MAX] (wire
 * bytes, without FCS; at least 60).  The payload starts with "VIFG" and
 * the 32-bit packet number (big-endian), so tests can match output
 * packets to input ones.  Timestamps: --pps packets per second (default
 * 1000), or back to back at --rate bits per second; from --start (default
 * 1700000000 s).  Source ports are drawn from 1024..61023, or with
 * --sports N from 1024..1023+N (fewer flows, each of several packets:
 * vifd --workers' per-flow order).  Host code (libc only; writes the pcap format itself).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIST 64

static void usage(FILE *f) {
    fputs("Usage: pktgen_pcap -o FILE [-n COUNT] [--seed N] [--pps N | --rate RATE]\n"
          "                   [--start SECONDS] [--sizes MIN-MAX] [--proto tcp|udp|mix]\n"
          "                   [--hosts N] [--ports P,P,...] [--dscp D,D,...] [--nano]\n"
          "                   [--sports N]\n", f);
}

static uint64_t rng_state;
static uint64_t rnd(void) {
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static int parse_list(const char *s, unsigned *out, unsigned max) {
    int n = 0;
    while (*s) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || errno || v > max || n == MAX_LIST) return -1;
        out[n++] = (unsigned)v;
        s = end;
        if (*s == ',') s++;
        else if (*s) return -1;
    }
    return n;
}


static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
static void le32(FILE *f, uint32_t v) {
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    fwrite(b, 1, 4, f);
}
static void le16(FILE *f, uint16_t v) {
    uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
    fwrite(b, 1, 2, f);
}

static uint32_t csum_add(uint32_t sum, const uint8_t *p, size_t n) {
    for (size_t i = 0; i + 1 < n; i += 2) sum += (uint32_t)(p[i] << 8 | p[i + 1]);
    if (n & 1) sum += (uint32_t)(p[n - 1] << 8);
    return sum;
}
static uint16_t csum_fold(uint32_t sum) {
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    return (uint16_t)~sum;
}

int main(int argc, char **argv) {
    const char *out = NULL, *proto = "mix";
    unsigned long count = 100, hosts = 4, sports = 60000;
    uint64_t seed = 1, pps = 1000, rate = 0, start = 1700000000;
    unsigned smin = 64, smax = 1514;
    unsigned ports[MAX_LIST] = { 80, 443, 53, 22, 5001 }, dscps[MAX_LIST] = { 0, 10, 18, 26, 34, 46, 48, 8 };
    int nports = 5, ndscp = 8;
    int nano = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
        if (!strcmp(a, "--nano")) { nano = 1; continue; }
        if (i + 1 >= argc) { fprintf(stderr, "pktgen_pcap: %s needs a value\n", a); return 1; }
        const char *v = argv[++i];
        char *end = NULL;
        errno = 0;
        if (!strcmp(a, "-o")) out = v;
        else if (!strcmp(a, "-n")) count = strtoul(v, &end, 10);
        else if (!strcmp(a, "--seed")) seed = strtoull(v, &end, 10);
        else if (!strcmp(a, "--pps")) { pps = strtoull(v, &end, 10); rate = 0; }
        else if (!strcmp(a, "--rate")) {
            double r = strtod(v, &end);
            if (*end == 'k') { r *= 1e3; end++; }
            else if (*end == 'm') { r *= 1e6; end++; }
            else if (*end == 'g') { r *= 1e9; end++; }
            if (!strcmp(end, "bit")) end += 3;
            if (!(r >= 1)) { fprintf(stderr, "pktgen_pcap: bad rate %s\n", v); return 1; }
            rate = (uint64_t)r;
        } else if (!strcmp(a, "--start")) start = strtoull(v, &end, 10);
        else if (!strcmp(a, "--hosts")) hosts = strtoul(v, &end, 10);
        else if (!strcmp(a, "--sports")) sports = strtoul(v, &end, 10);
        else if (!strcmp(a, "--proto")) proto = v;
        else if (!strcmp(a, "--sizes")) {
            if (sscanf(v, "%u-%u", &smin, &smax) != 2) { fprintf(stderr, "pktgen_pcap: bad sizes %s\n", v); return 1; }
        } else if (!strcmp(a, "--ports")) {
            if ((nports = parse_list(v, ports, 65535)) <= 0) { fprintf(stderr, "pktgen_pcap: bad ports %s\n", v); return 1; }
        } else if (!strcmp(a, "--dscp")) {
            if ((ndscp = parse_list(v, dscps, 63)) <= 0) { fprintf(stderr, "pktgen_pcap: bad dscp list %s\n", v); return 1; }
        } else { fprintf(stderr, "pktgen_pcap: unknown option %s\n", a); usage(stderr); return 1; }
        if (end && (*end || errno)) { fprintf(stderr, "pktgen_pcap: bad value for %s: %s\n", a, v); return 1; }
    }
    if (!out) { usage(stderr); return 1; }
    if (smin < 60) smin = 60;
    if (smax > 9000 || smax < smin) { fprintf(stderr, "pktgen_pcap: sizes must be 60..9000, MIN <= MAX\n"); return 1; }
    if (sports < 1 || sports > 60000) { fprintf(stderr, "pktgen_pcap: --sports must be 1..60000\n"); return 1; }
    if (hosts < 1 || hosts > 250) { fprintf(stderr, "pktgen_pcap: --hosts must be 1..250\n"); return 1; }
    if (strcmp(proto, "tcp") && strcmp(proto, "udp") && strcmp(proto, "mix")) {
        fprintf(stderr, "pktgen_pcap: --proto tcp, udp or mix\n");
        return 1;
    }
    if (!rate && !pps) { fprintf(stderr, "pktgen_pcap: --pps must be at least 1\n"); return 1; }
    FILE *f = fopen(out, "wb");
    if (!f) { fprintf(stderr, "pktgen_pcap: cannot write %s: %s\n", out, strerror(errno)); return 1; }
    rng_state = seed * 0x9E3779B97F4A7C15ull + 0x1234567;
    if (!rng_state) rng_state = 1;

    le32(f, nano ? 0xa1b23c4d : 0xa1b2c3d4);
    le16(f, 2);
    le16(f, 4);
    le32(f, 0);
    le32(f, 0);
    le32(f, 262144);
    le32(f, 1); /* DLT_EN10MB */

    uint8_t pkt[9000];
    uint64_t t = start * 1000000000ull;
    for (unsigned long i = 0; i < count; i++) {
        unsigned size = smin + (unsigned)(rnd() % (smax - smin + 1));
        int tcp = !strcmp(proto, "tcp") || (!strcmp(proto, "mix") && (rnd() & 1));
        unsigned l4len = tcp ? 20 : 8;
        if (size < 14 + 20 + l4len + 8) size = 14 + 20 + l4len + 8;
        unsigned dscp = dscps[rnd() % (unsigned)ndscp];
        unsigned dport = ports[rnd() % (unsigned)nports];
        unsigned sport = 1024 + (unsigned)(rnd() % sports);
        unsigned host = 1 + (unsigned)((i * 7) % hosts);
        memset(pkt, 0, size);
        static const uint8_t dmac[6] = { 0x02, 0, 0, 0, 0, 0x01 }, smac[6] = { 0x02, 0, 0, 0, 0, 0x02 };
        memcpy(pkt, dmac, 6);
        memcpy(pkt + 6, smac, 6);
        put16(pkt + 12, 0x0800);
        uint8_t *ip = pkt + 14;
        ip[0] = 0x45;
        ip[1] = (uint8_t)(dscp << 2);
        put16(ip + 2, size - 14);
        put16(ip + 4, (unsigned)(i & 0xffff));
        put16(ip + 6, 0x4000);
        ip[8] = 64;
        ip[9] = tcp ? 6 : 17;
        put32(ip + 12, 0x0a000000u | host);
        put32(ip + 16, 0x0a000101u);
        put16(ip + 10, csum_fold(csum_add(0, ip, 20)));
        uint8_t *l4 = ip + 20, *pl = l4 + l4len;
        unsigned plen = size - 14 - 20 - l4len;
        memcpy(pl, "VIFG", 4);
        put32(pl + 4, (uint32_t)i);
        for (unsigned k = 8; k < plen; k++) pl[k] = (uint8_t)(i + k);
        put16(l4, sport);
        put16(l4 + 2, dport);
        if (tcp) {
            put32(l4 + 4, (uint32_t)(i * 1000));
            put32(l4 + 8, 1);
            l4[12] = 5 << 4;
            l4[13] = 0x18; /* PSH|ACK */
            put16(l4 + 14, 65535);
        } else {
            put16(l4 + 4, l4len + plen);
        }
        uint8_t pseudo[12];
        memcpy(pseudo, ip + 12, 8);
        pseudo[8] = 0;
        pseudo[9] = ip[9];
        put16(pseudo + 10, l4len + plen);
        uint16_t c = csum_fold(csum_add(csum_add(0, pseudo, 12), l4, l4len + plen));
        if (!tcp && c == 0) c = 0xffff;
        put16(l4 + (tcp ? 16 : 6), c);

        le32(f, (uint32_t)(t / 1000000000u));
        le32(f, (uint32_t)(nano ? t % 1000000000u : (t % 1000000000u) / 1000u));
        le32(f, size);
        le32(f, size);
        fwrite(pkt, 1, size, f);
        /* next arrival */
        if (rate) t += ((uint64_t)size * 8u * 1000000000u + rate - 1) / rate;
        else t += 1000000000u / pps;
        if (!nano) t -= t % 1000u;
    }
    if (fclose(f) != 0) { fprintf(stderr, "pktgen_pcap: write error on %s\n", out); return 1; }
    return 0;
}
