/* packetclassify.c - C twin of bench/java/PacketClassify.java: the same
 * packets (same generator, same call order), the same parsing,
 * classification, queues and checksum; same output apart from the time.
 *
 *   packetclassify [ITERATIONS]             the benchmark
 *   packetclassify ITERATIONS classify      classify() alone (bench/ebpf.sh)
 *   packetclassify 0 pcap FILE              write the 512 packets as a capture */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NPKT 512
#define NCLASS 4

typedef struct packet {
    uint8_t *data;
    int len;
    int id;
} packet;

typedef struct packet_queue {
    packet *ring[NPKT];
    int head, tail, count;
} packet_queue;

static uint32_t seed = 4242;

static int rnd(void) {
    seed = seed * 1103515245u + 12345u;
    return (int)((seed >> 16) & 0x7FFF);
}

static void put16(uint8_t *b, int off, int v) {
    b[off] = (uint8_t)((uint32_t)v >> 8);
    b[off + 1] = (uint8_t)v;
}

static void put32(uint8_t *b, int off, int v) {
    put16(b, off, (int)((uint32_t)v >> 16));
    put16(b, off + 2, v);
}

static const int DSCPS[] = { 0, 0, 0, 8, 10, 18, 26, 34, 46, 48 };
static const int PORTS[] = { 22, 80, 443, 8080, 5060, 53, 25, 123 };
#define NDSCP ((int)(sizeof DSCPS / sizeof DSCPS[0]))
#define NPORT ((int)(sizeof PORTS / sizeof PORTS[0]))

static void make_packet(packet *pk, int id) {
    int vlan = rnd() % 16 == 0;
    int ipv6 = rnd() % 32 == 0;
    int ihl = rnd() % 8 == 0 ? 6 : 5;
    int r = rnd() % 100;
    int proto = r < 60 ? 6 : (r < 95 ? 17 : 1);
    int l4len = proto == 6 ? 20 : 8;
    int payload = rnd() % 65;
    int l2 = vlan ? 18 : 14;
    int len = l2 + ihl * 4 + l4len + payload;
    uint8_t *b = calloc((size_t)len, 1);
    if (!b)
        abort();
    for (int i = 0; i < 12; i++)
        b[i] = (uint8_t)rnd();
    if (vlan) {
        put16(b, 12, 0x8100);
        put16(b, 14, rnd() & 0xFFF);
    }
    put16(b, l2 - 2, ipv6 ? 0x86DD : 0x0800);
    int ip = l2;
    int dscp = DSCPS[rnd() % NDSCP];
    b[ip] = (uint8_t)(0x40 | ihl);
    b[ip + 1] = (uint8_t)(dscp << 2);
    put16(b, ip + 2, len - l2);
    put16(b, ip + 4, rnd());
    put16(b, ip + 6, rnd() % 16 == 0 ? 0x2000 | (rnd() & 0x1FFF) : 0x4000);
    b[ip + 8] = 64;
    b[ip + 9] = (uint8_t)proto;
    int a1 = rnd();
    int a2 = rnd();
    put32(b, ip + 12, (int)(0x0A000000u | ((uint32_t)a1 << 8) | (uint32_t)(a2 & 0xFF)));
    put32(b, ip + 16, (int)(0xC0A80000u | (uint32_t)(rnd() & 0xFFFF)));
    if (ihl == 6)
        put32(b, ip + 20, 0x01010100 | (rnd() & 0xFF));
    uint32_t sum = 0;
    for (int i = 0; i < ihl * 4; i += 2)
        sum += (uint32_t)(b[ip + i] << 8 | b[ip + i + 1]);
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    put16(b, ip + 10, (int)(~sum & 0xFFFF));
    if (rnd() % 64 == 0)
        b[ip + 10] ^= 0x10;
    int l4 = ip + ihl * 4;
    int p1 = rnd() % 3 == 0 ? PORTS[rnd() % NPORT] : 1024 + rnd() % 30000;
    int p2 = rnd() % 4 == 0 ? 1024 + rnd() % 30000 : PORTS[rnd() % NPORT];
    int to_server = (rnd() & 1) == 0;
    put16(b, l4, to_server ? p1 : p2);
    put16(b, l4 + 2, to_server ? p2 : p1);
    if (proto == 6) {
        int s1 = rnd(), s2 = rnd();
        put32(b, l4 + 4, (int)((uint32_t)s1 << 15 | (uint32_t)s2));
        s1 = rnd();
        s2 = rnd();
        put32(b, l4 + 8, (int)((uint32_t)s1 << 15 | (uint32_t)s2));
        b[l4 + 12] = 0x50;
        b[l4 + 13] = (uint8_t)(rnd() & 0x3F);
        put16(b, l4 + 14, rnd());
    } else {
        put16(b, l4 + 4, l4len + payload);
    }
    for (int i = l4 + l4len; i < len; i++)
        b[i] = (uint8_t)rnd();
    pk->data = b;
    pk->len = len;
    pk->id = id;
}

static inline int read16(const uint8_t *b, int off) {
    return b[off] << 8 | b[off + 1];
}

static inline uint32_t read32(const uint8_t *b, int off) {
    return (uint32_t)b[off] << 24 | (uint32_t)b[off + 1] << 16 | (uint32_t)b[off + 2] << 8 | b[off + 3];
}

static uint32_t flow_hash;

static int classify(const uint8_t *b, int blen) {
    int off = 12;
    int type = read16(b, off);
    if (type == 0x8100) {
        off += 4;
        type = read16(b, off);
    }
    off += 2;
    if (type != 0x0800)
        return 3;
    int vihl = b[off];
    if ((vihl >> 4) != 4)
        return -1;
    int hl = (vihl & 0x0F) << 2;
    if (hl < 20 || off + hl > blen)
        return -1;
    uint32_t sum = 0;
    for (int i = 0; i < hl; i += 2)
        sum += (uint32_t)read16(b, off + i);
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    if (sum != 0xFFFF)
        return -1;
    int tos = b[off + 1];
    int prec = tos >> 5;
    int proto = b[off + 9];
    int frag = read16(b, off + 6) & 0x1FFF;
    uint32_t src = read32(b, off + 12);
    uint32_t dst = read32(b, off + 16);
    int sport = 0, dport = 0;
    if (frag == 0 && (proto == 6 || proto == 17)) {
        int l4 = off + hl;
        sport = read16(b, l4);
        dport = read16(b, l4 + 2);
    }
    uint32_t h = src * 0x9E3779B1u ^ dst;
    h = ((h ^ (h >> 15)) * 0x85EBCA77u) ^ ((uint32_t)sport << 16 | (uint32_t)dport) ^ (uint32_t)proto;
    flow_hash += h ^ (h >> 13);
    if (prec >= 5 || sport == 5060 || dport == 5060)
        return 0;
    if (prec == 4 || dport == 22 || sport == 22 || dport == 53 || sport == 53 || proto == 1)
        return 1;
    if (proto == 6 && (dport == 80 || dport == 443 || dport == 8080
                       || sport == 80 || sport == 443 || sport == 8080))
        return 2;
    return 3;
}

static uint64_t out;
static int nout;

static void enqueue(packet_queue *q, packet *p) {
    q->ring[q->tail] = p;
    q->tail = q->tail + 1 == NPKT ? 0 : q->tail + 1;
    q->count++;
}

static packet *dequeue(packet_queue *q) {
    packet *p = q->ring[q->head];
    q->ring[q->head] = NULL;
    q->head = q->head + 1 == NPKT ? 0 : q->head + 1;
    q->count--;
    return p;
}

static void emit(packet_queue *q) {
    for (int c = 0; c < NCLASS; c++) {
        if (q[c].count != 0) {
            packet *p = dequeue(&q[c]);
            out = out * 31 + (uint64_t)(int64_t)(p->id * 4 + c);
            nout++;
            return;
        }
    }
}

static int64_t run(packet *pkts, packet_queue *q, int iterations) {
    out = 0;
    nout = 0;
    flow_hash = 0;
    int dropped = 0;
    for (int it = 0; it < iterations; it++) {
        for (int i = 0; i < NPKT; i++) {
            packet *p = &pkts[i];
            int c = classify(p->data, p->len);
            if (c < 0)
                dropped++;
            else
                enqueue(&q[c], p);
            if ((i & 7) == 7)
                for (int k = 0; k < 4; k++)
                    emit(q);
        }
        for (int c = 0; c < NCLASS; c++)
            while (q[c].count != 0)
                emit(q);
    }
    return (int64_t)(out ^ ((uint64_t)dropped << 48) ^ (uint64_t)(int64_t)(int32_t)flow_hash);
}

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* classify() alone over every packet, as the eBPF version runs it. */
static int64_t classify_only(packet *pkts, int iterations) {
    flow_hash = 0;
    uint64_t acc = 0;
    for (int it = 0; it < iterations; it++)
        for (int i = 0; i < NPKT; i++)
            acc = acc * 31 + (uint64_t)(int64_t)(classify(pkts[i].data, pkts[i].len) + 1);
    return (int64_t)(acc ^ (uint64_t)(int64_t)(int32_t)flow_hash);
}

static int write_pcap(const char *path, const packet *pkts) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint32_t gh[6] = { 0xa1b2c3d4, 0x00040002, 0, 0, 262144, 1 };
    fwrite(gh, 4, 6, f);
    for (int i = 0; i < NPKT; i++) {
        uint32_t rh[4] = { (uint32_t)i, 0, (uint32_t)pkts[i].len, (uint32_t)pkts[i].len };
        fwrite(rh, 4, 4, f);
        fwrite(pkts[i].data, 1, (size_t)pkts[i].len, f);
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 2000;
    const char *mode = argc > 2 ? argv[2] : "";
    static packet pkts[NPKT];
    static packet_queue q[NCLASS];
    for (int i = 0; i < NPKT; i++)
        make_packet(&pkts[i], i);
    int rc = 0;
    if (!strcmp(mode, "pcap")) {
        rc = argc > 3 ? write_pcap(argv[3], pkts) : 2;
    } else if (!strcmp(mode, "classify")) {
        classify_only(pkts, iterations / 10 + 1);
        long long t0 = now_ns();
        int64_t h = classify_only(pkts, iterations);
        long long t1 = now_ns();
        printf("PacketClassify-classify: packets %d iterations %d checksum %lld\n", NPKT,
               iterations, (long long)h);
        printf("time_ms %.3f\n", (t1 - t0) / 1e6);
    } else {
        run(pkts, q, iterations / 10 + 1);
        long long t0 = now_ns();
        int64_t h = run(pkts, q, iterations);
        long long t1 = now_ns();
        printf("PacketClassify: packets %d iterations %d out %d checksum %lld\n",
               NPKT, iterations, nout, (long long)h);
        printf("time_ms %.3f\n", (t1 - t0) / 1e6);
    }
    for (int i = 0; i < NPKT; i++)
        free(pkts[i].data);
    return rc;
}
