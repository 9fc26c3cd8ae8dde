/* kpkt.c - the kernel-module test guest's small tool (static, busybox has
 * none of this): numbered test traffic over AF_PACKET through a veth pair,
 * and the two helpers the permission tests need.
 *
 *   kpkt send IFACE COUNT [-d DSCP,...] [-P udp|tcp] [-s SPORT] [-p DPORT]
 *                         [-l LEN] [-r PPS] [-b FIRSTSEQ]
 *       COUNT Ethernet/IPv4 frames 10.99.0.1 -> 10.99.0.2 out of IFACE
 *       (through its qdisc: no PACKET_QDISC_BYPASS); frame i carries the
 *       DSCP list[i % n] and, after the L4 header, "KPKT", its sequence
 *       number (FIRSTSEQ + i) and its tag (i % n, the index of its DSCP).
 *       -r paces to PPS frames a second (0: as fast as possible).  Prints
 *       "sent=N refused=R ns=T" (R: sends the qdisc refused, ENOBUFS; T:
 *       the send loop's wall time, the packet benchmark's figure).
 *   kpkt recv IFACE [-i IDLE_MS] [-w WAIT_MS] [-n COUNT] [-R READYFILE]
 *       counts the KPKT frames arriving on IFACE until COUNT frames, IDLE_MS
 *       (default 1500) without one after the first, or WAIT_MS (default
 *       20000) in all; creates READYFILE once listening.  Prints one line:
 *       "recv=N dup=D reordered=O tags=T c0=.. c1=.. r0=.. r1=.. order=..."
 *       (cK: frames of tag K, rK: their mean arrival rank in per mille of N,
 *       reordered: frames arriving after one with a higher sequence number,
 *       order: the tags of the first 64 arrivals; then, if any, dupseq=
 *       the sequence numbers of the first 8 duplicates; then sum= an
 *       order-free sum of the frames' FNV-1a hashes, and dscp= the DSCPs
 *       received, value:count,...).
 *   kpkt bench ROUNDS BLOCK NAME=IFACE[@FILE=VALUE...]...
 *       the packet benchmark: BLOCK frames out of each IFACE in turn per
 *       round, module parameters set per configuration (cmd_bench)
 *   kpkt asuid UID CMD [ARGS...]   drop to UID (gid = UID, no groups), exec CMD
 *   kpkt put FILE (-s STRING | -f SRC)
 *       writes STRING (one write) or SRC's bytes to FILE (O_WRONLY) and
 *       reports the write's and the close's outcome: "ok" or
 *       "error: write|close: <errno name> (<message>)", exit 1 on error.
 *
 * Built static (tests/kmod/run.sh) so the guest needs no libraries. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <net/if.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>

#define MAX_TAGS 8
#define MAX_SEQ  (1u << 20)
#define MAGIC    0x4b504b54u /* "KPKT" */

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* proto ETH_P_ALL: the socket also sees what the device sends (a tap:
 * every frame another socket sends out of it is cloned to this one);
 * ETH_P_IP: it receives only IPv4 frames arriving (the benchmark's
 * senders: one tap per extra socket on a device cost its frames ~1.5 us
 * under TCG, bench/README.md "k9") */
static int open_packet_proto(const char *ifname, int *ifindex, int proto) {
    int fd = socket(AF_PACKET, SOCK_RAW, htons(proto));
    if (fd < 0) {
        perror("kpkt: socket(AF_PACKET)");
        return -1;
    }
    *ifindex = (int)if_nametoindex(ifname);
    if (*ifindex == 0) {
        fprintf(stderr, "kpkt: no interface %s\n", ifname);
        close(fd);
        return -1;
    }
    struct sockaddr_ll sll;
    memset(&sll, 0, sizeof sll);
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons(proto);
    sll.sll_ifindex = *ifindex;
    if (bind(fd, (struct sockaddr *)&sll, sizeof sll) != 0) {
        perror("kpkt: bind");
        close(fd);
        return -1;
    }
    return fd;
}

static int open_packet(const char *ifname, int *ifindex) {
    return open_packet_proto(ifname, ifindex, ETH_P_ALL);
}

static uint16_t ip_csum(const uint8_t *h, size_t n) {
    uint32_t s = 0;
    for (size_t i = 0; i + 1 < n; i += 2) s += (uint32_t)(h[i] << 8 | h[i + 1]);
    while (s >> 16) s = (s & 0xffff) + (s >> 16);
    return (uint16_t)~s;
}

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v >> 16); put16(p + 2, v & 0xffff); }
static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* frame i (sequence number seq, tag, its DSCP) of kpkt's traffic into f,
 * whose Ethernet addresses are set */
static void fill_frame(uint8_t *f, long i, long seq, int tag, int dscp, int tcp, int len,
                       unsigned sport, unsigned dport) {
    int l4 = tcp ? 20 : 8;
    uint8_t *ip = f + 14, *l = ip + 20, *pl = l + l4;
    memset(ip, 0, 20);
    ip[0] = 0x45;
    ip[1] = (uint8_t)(dscp << 2);
    put16(ip + 2, (unsigned)(len - 14));
    put16(ip + 4, (unsigned)(i & 0xffff));
    ip[8] = 64;
    ip[9] = tcp ? 6 : 17;
    put32(ip + 12, 0x0a630001);
    put32(ip + 16, 0x0a630002);
    put16(ip + 10, ip_csum(ip, 20));
    memset(l, 0, (size_t)l4);
    put16(l, sport);
    put16(l + 2, dport);
    if (tcp) {
        put32(l + 4, (uint32_t)i);
        l[12] = 5 << 4;
        l[13] = 0x10; /* ACK */
        put16(l + 14, 65535);
    } else {
        put16(l + 4, (unsigned)(len - 34));
    }
    put32(pl, MAGIC);
    put32(pl + 4, (uint32_t)seq);
    pl[8] = (uint8_t)tag;
}

static int cmd_send(int argc, char **argv) {
    if (argc < 2) return 2;
    const char *ifname = argv[0];
    long count = strtol(argv[1], NULL, 10);
    int dscp[MAX_TAGS] = { 0 }, ndscp = 1, tcp = 0, len = 100;
    unsigned sport = 4000, dport = 5000;
    long pps = 0, first = 0;
    for (int i = 2; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        if (!strcmp(o, "-d")) {
            ndscp = 0;
            for (char *s = (char *)v; *s && ndscp < MAX_TAGS;) {
                dscp[ndscp++] = (int)strtol(s, &s, 10) & 63;
                if (*s == ',') s++;
            }
        } else if (!strcmp(o, "-P")) tcp = !strcmp(v, "tcp");
        else if (!strcmp(o, "-s")) sport = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(o, "-p")) dport = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(o, "-l")) len = atoi(v);
        else if (!strcmp(o, "-r")) pps = strtol(v, NULL, 10);
        else if (!strcmp(o, "-b")) first = strtol(v, NULL, 10);
        else {
            fprintf(stderr, "kpkt send: unknown option %s\n", o);
            return 2;
        }
    }
    int l4 = tcp ? 20 : 8, minlen = 14 + 20 + l4 + 9;
    if (len < minlen) len = minlen;
    if (len > 1514) len = 1514;
    int ifindex, fd = open_packet(ifname, &ifindex);
    if (fd < 0) return 1;
    uint8_t f[1514];
    memset(f, 0, sizeof f);
    static const uint8_t dmac[6] = { 2, 0, 0, 0, 0, 2 }, smac[6] = { 2, 0, 0, 0, 0, 1 };
    memcpy(f, dmac, 6);
    memcpy(f + 6, smac, 6);
    put16(f + 12, ETH_P_IP);
    long sent = 0, refused = 0;
    int64_t t0 = now_ns();
    for (long i = 0; i < count; i++) {
        int tag = (int)(i % ndscp);
        fill_frame(f, i, first + i, tag, dscp[tag], tcp, len, sport, dport);
        if (pps > 0) {
            int64_t due = t0 + i * 1000000000LL / pps;
            int64_t d = due - now_ns();
            if (d > 0) {
                struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
                nanosleep(&ts, NULL);
            }
        }
        if (send(fd, f, (size_t)len, 0) == len) sent++;
        else if (errno == ENOBUFS) refused++;
        else {
            perror("kpkt: send");
            close(fd);
            printf("sent=%ld refused=%ld\n", sent, refused);
            return 1;
        }
    }
    int64_t t1 = now_ns();
    close(fd);
    printf("sent=%ld refused=%ld ns=%lld\n", sent, refused, (long long)(t1 - t0));
    return 0;
}

static int cmd_recv(int argc, char **argv) {
    if (argc < 1) return 2;
    const char *ifname = argv[0], *ready = NULL;
    long idle_ms = 1500, wait_ms = 20000, want = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        if (!strcmp(o, "-i")) idle_ms = strtol(v, NULL, 10);
        else if (!strcmp(o, "-w")) wait_ms = strtol(v, NULL, 10);
        else if (!strcmp(o, "-n")) want = strtol(v, NULL, 10);
        else if (!strcmp(o, "-R")) ready = v;
        else {
            fprintf(stderr, "kpkt recv: unknown option %s\n", o);
            return 2;
        }
    }
    int ifindex, fd = open_packet(ifname, &ifindex);
    if (fd < 0) return 1;
    int big = 32 << 20;
    if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof big) != 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
    uint8_t *seen = calloc(MAX_SEQ / 8, 1);
    if (!seen) return 1;
    if (ready) {
        int r = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (r >= 0) close(r);
    }
    long n = 0, dup = 0, reordered = 0, cnt[MAX_TAGS] = { 0 };
    double rank[MAX_TAGS] = { 0 };
    long maxseq = -1;
    int tags = 0;
    /* (fuse.sh) every frame's bytes, an order-free sum of their FNV-1a
     * hashes, and the DSCPs seen */
    uint64_t sum = 0;
    long dscps[64] = { 0 };
    char order[65] = "", dups[128] = "";
    int64_t start = now_ns(), last = 0;
    uint8_t f[2048];
    for (;;) {
        int64_t t = now_ns(), limit = start + wait_ms * 1000000LL;
        if (n > 0 && last + idle_ms * 1000000LL < limit) limit = last + idle_ms * 1000000LL;
        if (t >= limit || (want > 0 && n >= want)) break;
        struct pollfd p = { fd, POLLIN, 0 };
        int ms = (int)((limit - t) / 1000000) + 1;
        if (poll(&p, 1, ms) <= 0) continue;
        struct sockaddr_ll from;
        socklen_t fl = sizeof from;
        ssize_t r = recvfrom(fd, f, sizeof f, MSG_DONTWAIT, (struct sockaddr *)&from, &fl);
        if (r < 0 || from.sll_pkttype == PACKET_OUTGOING) continue;
        if (r < 14 + 20 + 8 + 9 || f[12] != 8 || f[13] != 0 || (f[14] >> 4) != 4) continue;
        int l4 = f[14 + 9] == 6 ? 20 : 8;
        const uint8_t *pl = f + 14 + (f[14] & 15) * 4 + l4;
        if (pl + 9 > f + r || get32(pl) != MAGIC) continue;
        uint32_t seq = get32(pl + 4);
        int tag = pl[8] % MAX_TAGS;
        last = now_ns();
        if (seq < MAX_SEQ) {
            if (seen[seq / 8] & (1u << (seq % 8))) {
                size_t dl = strlen(dups);
                if (dup < 8 && dl < sizeof dups - 16)
                    snprintf(dups + dl, sizeof dups - dl, "%s%u", dl ? "," : "", seq);
                dup++;
                continue;
            }
            seen[seq / 8] |= (uint8_t)(1u << (seq % 8));
        }
        if ((long)seq < maxseq) reordered++;
        else maxseq = seq;
        if (n < 64) {
            order[n] = (char)('0' + tag);
            order[n + 1] = '\0';
        }
        uint64_t hsh = 1469598103934665603ull;
        for (ssize_t b = 0; b < r; b++) hsh = (hsh ^ f[b]) * 1099511628211ull;
        sum += hsh;
        dscps[f[15] >> 2]++;
        rank[tag] += (double)n;
        cnt[tag]++;
        if (tag + 1 > tags) tags = tag + 1;
        n++;
    }
    close(fd);
    free(seen);
    printf("recv=%ld dup=%ld reordered=%ld tags=%d", n, dup, reordered, tags);
    for (int k = 0; k < tags; k++) printf(" c%d=%ld", k, cnt[k]);
    for (int k = 0; k < tags; k++)
        printf(" r%d=%ld", k, cnt[k] && n > 1 ? (long)(rank[k] / (double)cnt[k] * 1000 / (double)(n - 1)) : -1);
    printf(" order=%s", order[0] ? order : "-");
    if (dup) printf(" dupseq=%s", dups);
    printf(" sum=%016llx dscp=", (unsigned long long)sum);
    for (int k = 0, first = 1; k < 64; k++)
        if (dscps[k]) {
            printf("%s%d:%ld", first ? "" : ",", k, dscps[k]);
            first = 0;
        }
    printf("\n");
    return 0;
}

static int cmd_asuid(int argc, char **argv) {
    if (argc < 2) return 2;
    uid_t uid = (uid_t)strtoul(argv[0], NULL, 10);
    if (setgroups(0, NULL) != 0 || setgid((gid_t)uid) != 0 || setuid(uid) != 0) {
        perror("kpkt asuid");
        return 1;
    }
    execvp(argv[1], argv + 1);
    perror("kpkt asuid: exec");
    return 127;
}

static void report(const char *what, int e) {
    printf("error: %s: %s (%s)\n", what, strerrorname_np(e) ? strerrorname_np(e) : "?", strerror(e));
}

static int cmd_put(int argc, char **argv) {
    if (argc != 3) return 2;
    char *buf = NULL;
    size_t len = 0;
    if (!strcmp(argv[1], "-s")) {
        buf = strdup(argv[2]);
        len = buf ? strlen(buf) : 0;
    } else if (!strcmp(argv[1], "-f")) {
        FILE *s = fopen(argv[2], "rb");
        if (!s) {
            perror(argv[2]);
            return 1;
        }
        size_t cap = 1 << 16;
        buf = malloc(cap);
        size_t r;
        while (buf && (r = fread(buf + len, 1, cap - len, s)) > 0) {
            len += r;
            if (len == cap) buf = realloc(buf, cap *= 2);
        }
        fclose(s);
    } else return 2;
    if (!buf) return 1;
    int fd = open(argv[0], O_WRONLY);
    if (fd < 0) {
        report("open", errno);
        free(buf);
        return 1;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, buf + off, len - off);
        if (w <= 0) {
            report("write", w < 0 ? errno : EIO);
            close(fd);
            free(buf);
            return 1;
        }
        off += (size_t)w;
    }
    free(buf);
    if (close(fd) != 0) {
        report("close", errno);
        return 1;
    }
    printf("ok\n");
    return 0;
}

/* kpkt bench ROUNDS BLOCK CFG...: the packet benchmark's A/B/C... timing.
 * CFG is NAME=IFACE[@FILE=VALUE...]: each round sends BLOCK frames (UDP,
 * 100 bytes, DSCP 0,16,32,48 in turn) out of each configuration's IFACE,
 * the configurations in turn (forward in even rounds, backward in odd
 * ones, so that none always follows the same one), after an untimed
 * warm-up round; before a
 * configuration's block each FILE (a module parameter) gets its VALUE, and
 * gets back what it held before after the block (untimed); BLOCK/4
 * frames before each timed block warm the configuration up.  Interleaving
 * blocks of a few milliseconds makes a slow moment of the host hit every
 * configuration alike.  Prints per round "R round ns ns ..." (the block's
 * send-loop time, in the order given) and per configuration
 * "T name frames=N ns=T refused=R". */
#define BENCH_MAX_CFG 32 /* KT_AB=all lists 20 (k10) */
#define BENCH_MAX_SET 4
struct bench_cfg {
    char *name, *ifname;
    int fd, nset;
    char *file[BENCH_MAX_SET], *val[BENCH_MAX_SET], old[BENCH_MAX_SET][64];
    long long ns, frames, refused;
};

static int put_file(const char *file, const char *v) {
    int fd = open(file, O_WRONLY);
    if (fd < 0) return -1;
    ssize_t w = write(fd, v, strlen(v));
    close(fd);
    return w == (ssize_t)strlen(v) ? 0 : -1;
}

static int get_file(const char *file, char *buf, size_t cap) {
    int fd = open(file, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t r = read(fd, buf, cap - 1);
    close(fd);
    if (r <= 0) return -1;
    buf[r] = 0;
    buf[strcspn(buf, "\n")] = 0;
    return 0;
}

static int cmd_bench(int argc, char **argv) {
    if (argc < 3) return 2;
    if (argc - 2 > BENCH_MAX_CFG) {
        fprintf(stderr, "kpkt bench: %d configurations, at most %d\n", argc - 2, BENCH_MAX_CFG);
        return 2;
    }
    long rounds = strtol(argv[0], NULL, 10), block = strtol(argv[1], NULL, 10);
    int ncfg = argc - 2;
    static struct bench_cfg c[BENCH_MAX_CFG];
    for (int k = 0; k < ncfg; k++) {
        char *eq = strchr(argv[k + 2], '=');
        if (!eq) return 2;
        *eq = 0;
        c[k].name = argv[k + 2];
        c[k].ifname = eq + 1;
        for (char *at = strchr(c[k].ifname, '@'); at; at = strchr(at + 1, '@')) {
            *at = 0;
            if (c[k].nset == BENCH_MAX_SET) return 2;
            char *fv = at + 1, *e = strchr(fv, '=');
            if (!e) return 2;
            c[k].file[c[k].nset] = fv;
            c[k].val[c[k].nset++] = e + 1;
            at = e;     /* the value runs to the next '@' */
        }
        int ifindex;
        /* not ETH_P_ALL: the A/B variants send out of the same device
         * through sockets of their own, and an ETH_P_ALL socket would
         * get (a clone of) every frame the others send */
        c[k].fd = open_packet_proto(c[k].ifname, &ifindex,
                                    getenv("KPKT_BENCH_TAP") ? ETH_P_ALL : ETH_P_IP);
        if (c[k].fd < 0) return 1;
    }
    /* the values end at the next '@' (now NUL) or '=' of the next file */
    for (int k = 0; k < ncfg; k++)
        for (int j = 0; j < c[k].nset; j++) *strchrnul(c[k].file[j], '=') = 0;
    static const int dscps[4] = { 0, 16, 32, 48 };
    static const uint8_t dmac[6] = { 2, 0, 0, 0, 0, 2 }, smac[6] = { 2, 0, 0, 0, 0, 1 };
    uint8_t f[1514];
    memset(f, 0, sizeof f);
    memcpy(f, dmac, 6);
    memcpy(f + 6, smac, 6);
    put16(f + 12, ETH_P_IP);
    long seq = 0;
    /* round -1: a warm-up, not reported (the first blocks after other
     * work run slower: caches, the emulator's translations) */
    for (long r = -1; r < rounds; r++) {
        long long ns[BENCH_MAX_CFG];
        for (int n = 0; n < ncfg; n++) {
            int k = (r & 1) ? ncfg - 1 - n : n;
            for (int j = 0; j < c[k].nset; j++)
                if (get_file(c[k].file[j], c[k].old[j], sizeof c[k].old[j]) ||
                    put_file(c[k].file[j], c[k].val[j])) {
                    fprintf(stderr, "kpkt bench: cannot set %s\n", c[k].file[j]);
                    return 1;
                }
            /* block/4 frames untimed first: the block measures the
             * configuration warm, not the emulator's caches refilling
             * after the configuration before (TCG's TLB and jump cache) */
            for (long i = 0; i < block / 4; i++, seq++) {
                fill_frame(f, i, seq, (int)(i % 4), dscps[i % 4], 0, 100, 4000, 5000);
                if (send(c[k].fd, f, 100, 0) != 100 && errno != ENOBUFS) {
                    perror("kpkt bench: send");
                    return 1;
                }
            }
            int64_t t0 = now_ns();
            for (long i = 0; i < block; i++, seq++) {
                int tag = (int)(i % 4);
                fill_frame(f, i, seq, tag, dscps[tag], 0, 100, 4000, 5000);
                if (send(c[k].fd, f, 100, 0) != 100) {
                    if (errno != ENOBUFS) {
                        perror("kpkt bench: send");
                        return 1;
                    }
                    c[k].refused++;
                }
            }
            ns[k] = now_ns() - t0;
            if (r >= 0) {
                c[k].ns += ns[k];
                c[k].frames += block;
            }
            for (int j = 0; j < c[k].nset; j++) put_file(c[k].file[j], c[k].old[j]);
        }
        if (r < 0) continue;
        printf("R %ld", r);
        for (int k = 0; k < ncfg; k++) printf(" %lld", ns[k]);
        printf("\n");
    }
    for (int k = 0; k < ncfg; k++) {
        printf("T %s frames=%lld ns=%lld refused=%lld\n", c[k].name, c[k].frames, c[k].ns, c[k].refused);
        close(c[k].fd);
    }
    return 0;
}

int main(int argc, char **argv) {
    int rc = 2;
    if (argc >= 2) {
        if (!strcmp(argv[1], "send")) rc = cmd_send(argc - 2, argv + 2);
        else if (!strcmp(argv[1], "recv")) rc = cmd_recv(argc - 2, argv + 2);
        else if (!strcmp(argv[1], "asuid")) rc = cmd_asuid(argc - 2, argv + 2);
        else if (!strcmp(argv[1], "put")) rc = cmd_put(argc - 2, argv + 2);
        else if (!strcmp(argv[1], "bench")) rc = cmd_bench(argc - 2, argv + 2);
    }
    if (rc == 2) fputs("usage: kpkt send|recv|asuid|put|bench ... (see tests/kmod/kpkt.c)\n", stderr);
    fflush(stdout);
    return rc;
}
