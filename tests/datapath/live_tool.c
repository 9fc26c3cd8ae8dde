/* live_tool.c - test helper for vifd's live mode (tests/datapath/live.sh,
 * bench/live_veth.sh): send a capture's frames out of an interface, or
 * capture frames arriving on one, over AF_PACKET (needs CAP_NET_RAW).
 *
 *   live_tool send IFACE IN.pcap [--pps N] [--repeat N] [--batch N] [--ring 1]
 *       sends every frame of IN.pcap (--repeat times), --pps frames per
 *       second (0 = as fast as possible), sendmmsg in batches; prints
 *       "sent N".  --ring 1: a TPACKET_V2 transmit ring with
 *       PACKET_QDISC_BYPASS instead (the frames are written into the ring
 *       once, each batch is then only status words and one send()): the
 *       faster generator of bench/live_veth.sh.
 *   live_tool capture IFACE OUT.pcap|- [--count N] [--timeout S] [--idle S]
 *       receives (promiscuous, not outgoing frames) until N frames, S
 *       seconds, or --idle seconds without a frame after the first; writes
 *       OUT.pcap (microsecond timestamps) or only counts (-); creates
 *       OUT.ready (or prints "ready") once listening; prints "captured N".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <pcap/pcap.h>

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Pacing at pps frames per second from t0: frame number i leaves at
 * t0 + i/pps.  Waits until frame `done` is due (sleeping while more than
 * 50 us remain, spinning after), then returns how many of the next k may
 * go now (at least one). */
static uint64_t pace(int64_t t0, uint64_t done, double pps, uint64_t k) {
    int64_t due = t0 + (int64_t)((double)done * 1e9 / pps);
    int64_t w;
    while ((w = due - now_ns()) > 0) {
        if (w > 50000) {
            struct timespec ts = { 0, (long)(w - 20000) };
            nanosleep(&ts, NULL);
        }
    }
    uint64_t ahead = (uint64_t)((double)(now_ns() - t0) * pps / 1e9) + 1;
    return ahead > done && ahead - done < k ? ahead - done : k;
}


static int open_sock(const char *ifname, int proto, int *ifindex) {
    *ifindex = (int)if_nametoindex(ifname);
    if (!*ifindex) {
        fprintf(stderr, "live_tool: no interface %s\n", ifname);
        return -1;
    }
    int fd = socket(AF_PACKET, SOCK_RAW, htons((uint16_t)proto));
    if (fd < 0) {
        perror("live_tool: socket");
        return -1;
    }
    struct sockaddr_ll sll;
    memset(&sll, 0, sizeof sll);
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons((uint16_t)proto);
    sll.sll_ifindex = *ifindex;
    if (bind(fd, (struct sockaddr *)&sll, sizeof sll) != 0) {
        perror("live_tool: bind");
        close(fd);
        return -1;
    }
    return fd;
}

typedef struct frame { uint8_t *data; uint32_t len; } frame;

/* --ring: frames prebuilt in a TPACKET_V2 transmit ring (slot i holds frame
 * i % n for good, as the ring size is a multiple of n or n a multiple of
 * it), PACKET_QDISC_BYPASS; per batch only the status words and one send(). */
#define RING_FRAME 2048u
#define RING_BLOCK (1u << 20)
static int send_ring(const char *ifname, const frame *fr, size_t n, uint64_t total, double pps,
                     long batch) {
    int ifindex;
    int fd = open_sock(ifname, 0, &ifindex);
    if (fd < 0) return 1;
    int v = TPACKET_V2;
    if (setsockopt(fd, SOL_PACKET, PACKET_VERSION, &v, sizeof v) != 0) {
        perror("live_tool: TPACKET_V2");
        return 1;
    }
    v = 1;
    if (setsockopt(fd, SOL_PACKET, PACKET_QDISC_BYPASS, &v, sizeof v) != 0)
        perror("live_tool: PACKET_QDISC_BYPASS (going through the qdisc)");
    /* slots: a multiple of n when n <= 8192, so slot i always holds frame i % n */
    uint32_t slots = 8192;
    if (n <= 8192) slots = (uint32_t)(8192 / n * n);
    uint32_t per_block = RING_BLOCK / RING_FRAME;
    uint32_t blocks = (slots + per_block - 1) / per_block;
    struct tpacket_req req = { RING_BLOCK, blocks, RING_FRAME, blocks * per_block };
    if (setsockopt(fd, SOL_PACKET, PACKET_TX_RING, &req, sizeof req) != 0) {
        perror("live_tool: PACKET_TX_RING");
        return 1;
    }
    size_t len = (size_t)RING_BLOCK * blocks;
    uint8_t *ring = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (ring == MAP_FAILED) {
        perror("live_tool: mmap");
        return 1;
    }
    const size_t off = TPACKET_ALIGN(sizeof(struct tpacket2_hdr));
    for (uint32_t i = 0; i < slots; i++) {
        const frame *f = &fr[i % n];
        if (f->len > RING_FRAME - off) {
            fprintf(stderr, "live_tool: frame of %u bytes too long for --ring\n", f->len);
            return 1;
        }
        struct tpacket2_hdr *h = (struct tpacket2_hdr *)(ring + (size_t)i * RING_FRAME);
        memcpy((uint8_t *)h + off, f->data, f->len);
        h->tp_len = f->len;
    }
    uint64_t queued = 0, sent = 0, errors = 0;
    uint32_t head = 0;
    int64_t t0 = now_ns();
    while (queued < total) {
        uint64_t k = total - queued;
        if (k > (uint64_t)batch) k = (uint64_t)batch;
        if (pps > 0) k = pace(t0, queued, pps, k);
        uint64_t j = 0;
        for (; j < k; j++) {
            struct tpacket2_hdr *h = (struct tpacket2_hdr *)(ring + (size_t)head * RING_FRAME);
            uint32_t st = __atomic_load_n(&h->tp_status, __ATOMIC_ACQUIRE);
            if (st != TP_STATUS_AVAILABLE) break; /* the kernel still holds it */
            h->tp_len = fr[(queued + j) % n].len;
            __atomic_store_n(&h->tp_status, TP_STATUS_SEND_REQUEST, __ATOMIC_RELEASE);
            head = (head + 1) % slots;
        }
        queued += j;
        ssize_t r = send(fd, NULL, 0, j ? MSG_DONTWAIT : 0);
        if (r < 0 && errno != EAGAIN && errno != ENOBUFS && errno != EINTR) {
            perror("live_tool: send");
            errors++;
            if (errors > 100) break;
        }
    }
    /* wait until the kernel has taken every frame */
    send(fd, NULL, 0, 0);
    for (uint32_t i = 0; i < slots; i++) {
        struct tpacket2_hdr *h = (struct tpacket2_hdr *)(ring + (size_t)i * RING_FRAME);
        int spins = 0;
        while (__atomic_load_n(&h->tp_status, __ATOMIC_ACQUIRE) & TP_STATUS_SEND_REQUEST &&
               spins++ < 1000)
            usleep(100);
    }
    sent = queued;
    double secs = (double)(now_ns() - t0) / 1e9;
    printf("sent %llu in %.3f s (%.0f pps)\n", (unsigned long long)sent, secs,
           secs > 0 ? (double)sent / secs : 0.0);
    munmap(ring, len);
    close(fd);
    return errors ? 1 : 0;
}

static int do_send(int argc, char **argv) {
    if (argc < 4) return 2;
    const char *ifname = argv[2], *file = argv[3];
    double pps = 0;
    long repeat = 1, batch = 32, use_ring = 0;
    for (int i = 4; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--pps")) pps = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--repeat")) repeat = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--batch")) batch = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--ring")) use_ring = atol(argv[i + 1]);
        else return 2;
    }
    if (batch < 1 || batch > 1024 || repeat < 1) return 2;
    char eb[PCAP_ERRBUF_SIZE];
    pcap_t *in = pcap_open_offline(file, eb);
    if (!in) {
        fprintf(stderr, "live_tool: %s\n", eb);
        return 1;
    }
    frame *fr = NULL;
    size_t n = 0, cap = 0;
    struct pcap_pkthdr *h;
    const u_char *d;
    while (pcap_next_ex(in, &h, &d) == 1) {
        if (n == cap) {
            cap = cap ? cap * 2 : 1024;
            fr = realloc(fr, cap * sizeof *fr);
            if (!fr) return 1;
        }
        fr[n].data = malloc(h->caplen);
        if (!fr[n].data) return 1;
        memcpy(fr[n].data, d, h->caplen);
        fr[n].len = h->caplen;
        n++;
    }
    pcap_close(in);
    if (!n) {
        fprintf(stderr, "live_tool: %s has no frames\n", file);
        return 1;
    }
    if (use_ring) {
        int rr = send_ring(ifname, fr, n, (uint64_t)n * (uint64_t)repeat, pps, batch);
        for (size_t i = 0; i < n; i++) free(fr[i].data);
        free(fr);
        return rr;
    }
    int ifindex;
    int fd = open_sock(ifname, 0, &ifindex);
    if (fd < 0) return 1;
    int sb = 4 << 20;
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sb, sizeof sb);
    struct mmsghdr *mm = calloc((size_t)batch, sizeof *mm);
    struct iovec *iov = calloc((size_t)batch, sizeof *iov);
    if (!mm || !iov) return 1;
    uint64_t total = (uint64_t)n * (uint64_t)repeat, sent = 0, errors = 0;
    int64_t t0 = now_ns();
    while (sent + errors < total) {
        uint64_t k = total - sent - errors;
        if (k > (uint64_t)batch) k = (uint64_t)batch;
        if (pps > 0) k = pace(t0, sent + errors, pps, k);
        for (uint64_t j = 0; j < k; j++) {
            const frame *f = &fr[(sent + errors + j) % n];
            iov[j].iov_base = f->data;
            iov[j].iov_len = f->len;
            memset(&mm[j], 0, sizeof mm[j]);
            mm[j].msg_hdr.msg_iov = &iov[j];
            mm[j].msg_hdr.msg_iovlen = 1;
        }
        int r = sendmmsg(fd, mm, (unsigned)k, 0);
        if (r < 0) {
            if (errno == ENOBUFS || errno == EAGAIN || errno == EINTR) {
                usleep(50);
                continue;
            }
            perror("live_tool: sendmmsg");
            errors++;
            continue;
        }
        sent += (uint64_t)r;
    }
    double secs = (double)(now_ns() - t0) / 1e9;
    printf("sent %llu in %.3f s (%.0f pps)\n", (unsigned long long)sent, secs,
           secs > 0 ? (double)sent / secs : 0.0);
    for (size_t i = 0; i < n; i++) free(fr[i].data);
    free(fr);
    free(mm);
    free(iov);
    close(fd);
    return errors ? 1 : 0;
}

static int do_capture(int argc, char **argv) {
    if (argc < 4) return 2;
    const char *ifname = argv[2], *file = argv[3];
    unsigned long long want = 0;
    double timeout = 30, idle = 0;
    for (int i = 4; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--count")) want = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--timeout")) timeout = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--idle")) idle = atof(argv[i + 1]);
        else return 2;
    }
    int ifindex;
    int fd = open_sock(ifname, ETH_P_ALL, &ifindex);
    if (fd < 0) return 1;
    int one = 1;
    setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);
    struct packet_mreq mr;
    memset(&mr, 0, sizeof mr);
    mr.mr_ifindex = ifindex;
    mr.mr_type = PACKET_MR_PROMISC;
    setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof mr);
    int rb = 32 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rb, sizeof rb);
    pcap_t *dead = NULL;
    pcap_dumper_t *dump = NULL;
    bool count_only = !strcmp(file, "-");
    if (!count_only) {
        dead = pcap_open_dead(DLT_EN10MB, 65535);
        dump = dead ? pcap_dump_open(dead, file) : NULL;
        if (!dump) {
            fprintf(stderr, "live_tool: cannot write %s\n", file);
            return 1;
        }
        char ready[4096];
        snprintf(ready, sizeof ready, "%s.ready", file);
        FILE *rf = fopen(ready, "w");
        if (rf) fclose(rf);
    } else {
        printf("ready\n");
        fflush(stdout);
    }
    enum { B = 64 };
    static uint8_t bufs[B][65536];
    struct mmsghdr mm[B];
    struct iovec iov[B];
    unsigned long long got = 0, bytes = 0;
    int64_t t0 = now_ns(), first = 0, last = 0;
    for (;;) {
        int64_t now = now_ns();
        if (want && got >= want) break;
        if ((double)(now - t0) / 1e9 >= timeout) break;
        if (idle > 0 && got && (double)(now - last) / 1e9 >= idle) break;
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        if (poll(&pfd, 1, 20) <= 0) continue;
        for (int j = 0; j < B; j++) {
            iov[j].iov_base = bufs[j];
            iov[j].iov_len = sizeof bufs[j];
            memset(&mm[j], 0, sizeof mm[j]);
            mm[j].msg_hdr.msg_iov = &iov[j];
            mm[j].msg_hdr.msg_iovlen = 1;
        }
        int r = recvmmsg(fd, mm, B, MSG_DONTWAIT | MSG_TRUNC, NULL);
        if (r <= 0) continue;
        now = now_ns();
        if (!got) first = now;
        last = now;
        for (int j = 0; j < r; j++) {
            uint32_t len = mm[j].msg_len;
            uint32_t caplen = len > sizeof bufs[j] ? (uint32_t)sizeof bufs[j] : len;
            got++;
            bytes += len;
            if (dump) {
                struct pcap_pkthdr ph;
                memset(&ph, 0, sizeof ph);
                struct timespec ts;
                clock_gettime(CLOCK_REALTIME, &ts);
                ph.ts.tv_sec = ts.tv_sec;
                ph.ts.tv_usec = ts.tv_nsec / 1000;
                ph.caplen = caplen;
                ph.len = len;
                pcap_dump((u_char *)dump, &ph, bufs[j]);
            }
        }
    }
    if (dump) pcap_dump_close(dump);
    if (dead) pcap_close(dead);
    close(fd);
    double span = got > 1 ? (double)(last - first) / 1e9 : 0;
    printf("captured %llu (%llu bytes, %.3f s from first to last)\n", got, bytes, span);
    return 0;
}

int main(int argc, char **argv) {
    int r = 2;
    if (argc >= 2 && !strcmp(argv[1], "send")) r = do_send(argc, argv);
    else if (argc >= 2 && !strcmp(argv[1], "capture")) r = do_capture(argc, argv);
    if (r == 2)
        fputs("usage: live_tool send IFACE IN.pcap [--pps N] [--repeat N] [--batch N] [--ring 1]\n"
              "       live_tool capture IFACE OUT.pcap|- [--count N] [--timeout S] [--idle S]\n",
              stderr);
    return r;
}
