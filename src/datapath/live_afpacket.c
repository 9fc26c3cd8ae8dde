/* live_afpacket.c - a live interface over AF_PACKET: TPACKET_V3 receive
 * ring (promiscuous, PACKET_IGNORE_OUTGOING), TPACKET_V2 transmit ring
 * flushed with one send() per batch.  See live_afpacket.h. */
#include <errno.h>
#include <stdbool.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/filter.h>
#include <linux/if_packet.h>

#include "live_afpacket.h"
#include "live_offload.h"

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

/* Receive ring: 256 blocks of 128 KiB (32 MiB); a block is handed to us
 * when full or after RX_BLOCK_TOV_MS.  At low rates the timer retires
 * partly filled blocks, so the ring holds about RX_BLOCK_NR *
 * RX_BLOCK_TOV_MS of traffic, whatever its size in bytes: 256 ms (it was
 * 64 ms with 64 blocks of 256 KiB, and a scheduling hiccup on a loaded
 * machine lost frames at 100k packets/s).  A block holds ~80 full-size
 * frames or ~900 minimal ones. */
#define RX_BLOCK_SIZE   (128u * 1024)
#define RX_BLOCK_NR     256u
#define RX_FRAME_SIZE   2048u
#define RX_BLOCK_TOV_MS 1u
/* Transmit ring: 1024 frames of 4 KiB. */
#define TX_FRAME_SIZE   4096u
#define TX_BLOCK_SIZE   (64u * 1024)
#define TX_BLOCK_NR     64u
#define TX_FRAME_NR     (TX_BLOCK_SIZE / TX_FRAME_SIZE * TX_BLOCK_NR)
/* Frame data offset in a TPACKET_V2 TX slot. */
#define TX_DATA_OFF     (TPACKET_ALIGN(sizeof(struct tpacket2_hdr)))

struct lv_port {
    char name[IF_NAMESIZE + 1];
    int ifindex;
    int rx_fd, tx_fd;
    uint8_t *rx_ring, *tx_ring;
    size_t rx_len, tx_len;
    uint32_t rx_cur;                 /* next block to read */
    uint32_t rx_idx, rx_off;         /* frames done in that block; next frame's offset */
    uint32_t tx_head, tx_tail;       /* next slot to fill; oldest unsent */
    uint32_t tx_queued;              /* slots filled and not reaped yet */
    uint32_t tx_unsent;              /* slots filled since the last send() */
    int tx_errno;                    /* last send() error reported */
    bool suspect;                    /* an error was seen: re-check the interface */
    int last_err;                    /* last socket error reported */
    bool vnet;                       /* frames carry a virtio_net_hdr (PACKET_VNET_HDR) */
    int fanout;                      /* PACKET_FANOUT group id, or -1 */
    lv_counters c;
    lvo_counters oc;                 /* live_offload.c's */
    uint8_t vlan_buf[65536 + 4];
    uint8_t seg_buf[65536 + 256];    /* one segment of a GSO frame */
};

static int fail_errno(char *err, size_t cap, const char *what, const char *ifname) {
    int e = errno;
    if (e == EPERM || e == EACCES)
        snprintf(err, cap, "--bridge needs CAP_NET_RAW (run as root)");
    else
        snprintf(err, cap, "%s: %s: %s", ifname, what, strerror(e));
    return -1;
}

static int open_rx(lv_port *p, char *err, size_t cap) {
    /* protocol 0 until the ring is ready: no frame of another interface
     * can slip in before bind() */
    p->rx_fd = socket(AF_PACKET, SOCK_RAW, 0);
    if (p->rx_fd < 0) return fail_errno(err, cap, "AF_PACKET socket", p->name);
    int v = TPACKET_V3;
    if (setsockopt(p->rx_fd, SOL_PACKET, PACKET_VERSION, &v, sizeof v) != 0)
        return fail_errno(err, cap, "TPACKET_V3", p->name);
    /* a virtio_net_hdr before each frame says what the sender's offloads
     * left undone (partial checksum, GSO): live_offload.c finishes it.
     * Must come before the ring.  Without it (old kernel), partial
     * checksums are still found by TP_STATUS_CSUMNOTREADY. */
    v = 1;
    p->vnet = setsockopt(p->rx_fd, SOL_PACKET, PACKET_VNET_HDR, &v, sizeof v) == 0;
    struct tpacket_req3 req;
    memset(&req, 0, sizeof req);
    req.tp_block_size = RX_BLOCK_SIZE;
    req.tp_block_nr = RX_BLOCK_NR;
    req.tp_frame_size = RX_FRAME_SIZE;
    req.tp_frame_nr = RX_BLOCK_SIZE / RX_FRAME_SIZE * RX_BLOCK_NR;
    req.tp_retire_blk_tov = RX_BLOCK_TOV_MS;
    if (setsockopt(p->rx_fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof req) != 0)
        return fail_errno(err, cap, "PACKET_RX_RING", p->name);
    p->rx_len = (size_t)RX_BLOCK_SIZE * RX_BLOCK_NR;
    void *m = mmap(NULL, p->rx_len, PROT_READ | PROT_WRITE, MAP_SHARED, p->rx_fd, 0);
    if (m == MAP_FAILED) return fail_errno(err, cap, "mmap of the receive ring", p->name);
    p->rx_ring = m;
    v = 1;
    if (setsockopt(p->rx_fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &v, sizeof v) != 0)
        return fail_errno(err, cap, "PACKET_IGNORE_OUTGOING (needs Linux 4.20)", p->name);
    struct packet_mreq mr;
    memset(&mr, 0, sizeof mr);
    mr.mr_ifindex = p->ifindex;
    mr.mr_type = PACKET_MR_PROMISC;
    if (setsockopt(p->rx_fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof mr) != 0)
        return fail_errno(err, cap, "promiscuous mode", p->name);
    if (p->fanout >= 0) {
        /* until every worker's socket has joined the group this one takes
         * nothing (it would see every frame between bind() and the join):
         * a filter that drops all, removed by lv_fanout_start */
        struct sock_filter none = { 0x06, 0, 0, 0 };   /* BPF_RET|BPF_K 0 */
        struct sock_fprog prog = { 1, &none };
        if (setsockopt(p->rx_fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog) != 0)
            return fail_errno(err, cap, "SO_ATTACH_FILTER", p->name);
    }
    struct sockaddr_ll sll;
    memset(&sll, 0, sizeof sll);
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons(ETH_P_ALL);
    sll.sll_ifindex = p->ifindex;
    if (bind(p->rx_fd, (struct sockaddr *)&sll, sizeof sll) != 0)
        return fail_errno(err, cap, "bind", p->name);
    if (p->fanout >= 0) {
        /* PACKET_FANOUT_HASH: the kernel's flow hash picks the socket, so
         * a flow's frames all reach one worker, in order */
        int arg = (p->fanout & 0xffff) | (PACKET_FANOUT_HASH << 16);
        if (setsockopt(p->rx_fd, SOL_PACKET, PACKET_FANOUT, &arg, sizeof arg) != 0) {
            if (errno == EINVAL || errno == EALREADY || errno == EBUSY)
                snprintf(err, cap, "%s: PACKET_FANOUT group %d: %s (another process "
                         "uses the id?)", p->name, p->fanout & 0xffff, strerror(errno));
            else
                return fail_errno(err, cap, "PACKET_FANOUT", p->name);
            return -1;
        }
    }
    return 0;
}

int lv_fanout_start(lv_port *p, char *err, size_t cap) {
    /* In a fanout group the socket's own PACKET_IGNORE_OUTGOING no longer
     * applies (the group's hook receives, and only Linux 6.9's
     * PACKET_FANOUT_FLAG_IGNORE_OUTGOING would set it there): the frames
     * the workers send out of this interface would come back in.  A filter
     * drops them (pkttype PACKET_OUTGOING), replacing the drop-all one. */
    struct sock_filter code[] = {
        { BPF_LD | BPF_W | BPF_ABS, 0, 0, (uint32_t)(SKF_AD_OFF + SKF_AD_PKTTYPE) },
        { BPF_JMP | BPF_JEQ | BPF_K, 0, 1, PACKET_OUTGOING },
        { BPF_RET | BPF_K, 0, 0, 0 },
        { BPF_RET | BPF_K, 0, 0, 0xffffffffu },
    };
    struct sock_fprog prog = { (unsigned short)(sizeof code / sizeof code[0]), code };
    if (setsockopt(p->rx_fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog) != 0)
        return fail_errno(err, cap, "SO_ATTACH_FILTER", p->name);
    return 0;
}

static int open_tx(lv_port *p, char *err, size_t cap) {
    /* protocol 0: this socket never receives */
    p->tx_fd = socket(AF_PACKET, SOCK_RAW, 0);
    if (p->tx_fd < 0) return fail_errno(err, cap, "AF_PACKET socket", p->name);
    int v = TPACKET_V2;
    if (setsockopt(p->tx_fd, SOL_PACKET, PACKET_VERSION, &v, sizeof v) != 0)
        return fail_errno(err, cap, "TPACKET_V2", p->name);
    v = 1;
    /* a malformed frame is marked TP_STATUS_WRONG_FORMAT and skipped */
    if (setsockopt(p->tx_fd, SOL_PACKET, PACKET_LOSS, &v, sizeof v) != 0)
        return fail_errno(err, cap, "PACKET_LOSS", p->name);
    struct tpacket_req req;
    memset(&req, 0, sizeof req);
    req.tp_block_size = TX_BLOCK_SIZE;
    req.tp_block_nr = TX_BLOCK_NR;
    req.tp_frame_size = TX_FRAME_SIZE;
    req.tp_frame_nr = TX_FRAME_NR;
    if (setsockopt(p->tx_fd, SOL_PACKET, PACKET_TX_RING, &req, sizeof req) != 0)
        return fail_errno(err, cap, "PACKET_TX_RING", p->name);
    p->tx_len = (size_t)TX_BLOCK_SIZE * TX_BLOCK_NR;
    void *m = mmap(NULL, p->tx_len, PROT_READ | PROT_WRITE, MAP_SHARED, p->tx_fd, 0);
    if (m == MAP_FAILED) return fail_errno(err, cap, "mmap of the transmit ring", p->name);
    p->tx_ring = m;
    struct sockaddr_ll sll;
    memset(&sll, 0, sizeof sll);
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = 0;
    sll.sll_ifindex = p->ifindex;
    if (bind(p->tx_fd, (struct sockaddr *)&sll, sizeof sll) != 0)
        return fail_errno(err, cap, "bind", p->name);
    return 0;
}

int lv_open(const char *ifname, lv_port **out, char *err, size_t cap) {
    return lv_open_fanout(ifname, -1, out, err, cap);
}

int lv_open_fanout(const char *ifname, int fanout, lv_port **out, char *err, size_t cap) {
    *out = NULL;
    if (!ifname || !*ifname || strlen(ifname) >= IF_NAMESIZE) {
        snprintf(err, cap, "bad interface name '%s'", ifname ? ifname : "");
        return -1;
    }
    lv_port *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    p->rx_fd = p->tx_fd = -1;
    p->fanout = fanout;
    snprintf(p->name, sizeof p->name, "%s", ifname);
    /* a first socket tells a missing privilege apart from a missing interface */
    int probe = socket(AF_PACKET, SOCK_RAW, 0);
    if (probe < 0) {
        fail_errno(err, cap, "AF_PACKET socket", ifname);
        goto fail;
    }
    close(probe);
    p->ifindex = (int)if_nametoindex(ifname);
    if (p->ifindex == 0) {
        snprintf(err, cap, "no such network interface '%s'", ifname);
        goto fail;
    }
    if (open_rx(p, err, cap) != 0 || open_tx(p, err, cap) != 0) goto fail;
    *out = p;
    return 0;
fail:
    lv_close(p);
    return -1;
}

const lv_counters *lv_stats(lv_port *p) {
    struct tpacket_stats_v3 st;
    socklen_t len = sizeof st;
    memset(&st, 0, sizeof st);
    /* reading resets the kernel's counters: accumulate */
    if (p->rx_fd >= 0 && getsockopt(p->rx_fd, SOL_PACKET, PACKET_STATISTICS, &st, &len) == 0)
        p->c.kernel_drops += st.tp_drops;
    p->c.tx_pending = p->tx_queued;
    p->c.rx_csum_completed = p->oc.csum_completed;
    p->c.rx_gso_frames = p->oc.gso_frames;
    p->c.rx_gso_segments = p->oc.gso_segments;
    p->c.rx_bad_offload = p->oc.bad_offload;
    return &p->c;
}

void lv_close(lv_port *p) {
    if (!p) return;
    if (p->tx_ring) {
        lv_tx_sync(p);
        munmap(p->tx_ring, p->tx_len);
    }
    if (p->rx_ring) munmap(p->rx_ring, p->rx_len);
    if (p->rx_fd >= 0) close(p->rx_fd);
    if (p->tx_fd >= 0) close(p->tx_fd);
    free(p);
}

int lv_rx_fd(const lv_port *p) { return p->rx_fd; }

int lv_check(lv_port *p, char *err, size_t cap) {
    int e = 0;
    socklen_t len = sizeof e;
    /* reading SO_ERROR clears it, so poll() stops reporting POLLERR */
    getsockopt(p->rx_fd, SOL_SOCKET, SO_ERROR, &e, &len);
    if ((int)if_nametoindex(p->name) != p->ifindex) {
        snprintf(err, cap, "%s: the interface went away", p->name);
        return -1;
    }
    if (e && e != p->last_err) fprintf(stderr, "vifd: warning: %s: %s\n", p->name, strerror(e));
    if (e) {
        /* ENETDOWN comes first when an interface is deleted, and the
         * later unregistration posts no second error: keep looking */
        p->suspect = true;
        p->last_err = e;
    }
    return 0;
}

bool lv_suspect(const lv_port *p) { return p->suspect; }
const char *lv_name(const lv_port *p) { return p->name; }

/* ------------------------------------------------------------- receiving */

/* Prefetch instructions (gcc 12 emitted nothing for __builtin_prefetch of the ring's
 * lines here, so x86 gets them spelled out). */
static inline void prefetch_r(const void *a) {
#if defined(__x86_64__) || defined(__i386__)
    __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)a));
#else
    __builtin_prefetch(a, 0, 3);
#endif
}

static inline void prefetch_w(const void *a) {
#if defined(__x86_64__) || defined(__i386__)
    __asm__ volatile("prefetchw %0" : : "m"(*(const char *)a));
#else
    __builtin_prefetch(a, 1, 3);
#endif
}

/* The frames in the receive ring were written by the CPU that ran the
 * sender's softirq, so the first read of each is a cache miss per line.
 * While frame i is processed, fetch frame i+1 (its header was fetched
 * one frame earlier, so reading its length does not wait) and the header
 * of frame i+2.  The same for every mode: it only hides latency. */
static inline void rx_prefetch_next(const uint8_t *nh8, bool more) {
    const struct tpacket3_hdr *nh = (const struct tpacket3_hdr *)(const void *)nh8;
    uint32_t mac = nh->tp_mac, len = nh->tp_snaplen;
    if (mac < RX_FRAME_SIZE && len > 0 && len <= RX_FRAME_SIZE) {
        const uint8_t *d = nh8 + mac;
        for (uint32_t off = 0; off < len; off += 64) prefetch_r(d + off);
        prefetch_r(d + len - 1);
    }
    if (more && nh->tp_next_offset) prefetch_r(nh8 + nh->tp_next_offset);
}

/* The kernel took the 802.1Q tag out: put it back (in vlan_buf). */
static const uint8_t *vlan_put_back(lv_port *p, const uint8_t *data, uint32_t caplen,
                                    uint32_t status, uint16_t tci, uint16_t tpid_in) {
    uint16_t tpid = (status & TP_STATUS_VLAN_TPID_VALID) && tpid_in ? tpid_in
                                                                  : (uint16_t)ETH_P_8021Q;
    memcpy(p->vlan_buf, data, 12);
    p->vlan_buf[12] = (uint8_t)(tpid >> 8);
    p->vlan_buf[13] = (uint8_t)tpid;
    p->vlan_buf[14] = (uint8_t)(tci >> 8);
    p->vlan_buf[15] = (uint8_t)tci;
    memcpy(p->vlan_buf + 16, data + 12, caplen - 12);
    return p->vlan_buf;
}

/* A frame finished by live_offload.c, on its way to the caller. */
typedef struct rx_ctx {
    lv_port *p;
    lv_rx_fn fn;
    void *ctx;
    uint32_t status;
    uint16_t tci, tpid;
} rx_ctx;

static void rx_emit(void *c, const uint8_t *data, uint32_t len) {
    rx_ctx *rc = c;
    if ((rc->status & TP_STATUS_VLAN_VALID) && len >= 12 && len + 4 <= sizeof rc->p->vlan_buf) {
        data = vlan_put_back(rc->p, data, len, rc->status, rc->tci, rc->tpid);
        len += 4;
    }
    rc->fn(rc->ctx, data, len, len);
}

uint32_t lv_rx(lv_port *p, lv_rx_fn fn, void *ctx, uint32_t max_frames) {
    uint32_t frames = 0;
    while (frames < max_frames) {
        struct tpacket_block_desc *bd =
            (struct tpacket_block_desc *)(p->rx_ring + (size_t)p->rx_cur * RX_BLOCK_SIZE);
        uint32_t status = __atomic_load_n(&bd->hdr.bh1.block_status, __ATOMIC_ACQUIRE);
        if (!(status & TP_STATUS_USER)) break;
        uint32_t n = bd->hdr.bh1.num_pkts;
        if (p->rx_idx == 0) p->rx_off = bd->hdr.bh1.offset_to_first_pkt;
        while (p->rx_idx < n && frames < max_frames) {
            uint8_t *h8 = (uint8_t *)bd + p->rx_off;
            struct tpacket3_hdr *h = (struct tpacket3_hdr *)h8;
            if (p->rx_idx + 1 < n && h->tp_next_offset) rx_prefetch_next(h8 + h->tp_next_offset,
                                                                         p->rx_idx + 2 < n);
            const uint8_t *data = h8 + h->tp_mac;
            uint32_t caplen = h->tp_snaplen, len = h->tp_len;
            p->c.rx_frames++;
            p->c.rx_bytes += len;
            p->rx_idx++;
            p->rx_off += h->tp_next_offset;
            const struct virtio_net_hdr *vh =
                p->vnet && h->tp_mac >= sizeof *vh
                    ? (const struct virtio_net_hdr *)(const void *)(data - sizeof *vh) : NULL;
            if ((h->tp_status & TP_STATUS_CSUMNOTREADY) ||
                (vh && ((vh->flags & VIRTIO_NET_HDR_F_NEEDS_CSUM) || vh->gso_type))) {
                /* the sender's offloads left work: finish it (each frame
                 * made goes through rx_emit) */
                rx_ctx rc = { p, fn, ctx, h->tp_status, (uint16_t)h->hv1.tp_vlan_tci,
                              (uint16_t)h->hv1.tp_vlan_tpid };
                frames += lvo_finish(vh, (h->tp_status & TP_STATUS_CSUMNOTREADY) != 0,
                                     (uint8_t *)(uintptr_t)data, caplen, len, p->seg_buf,
                                     sizeof p->seg_buf, rx_emit, &rc, &p->oc);
                continue;
            }
            if ((h->tp_status & TP_STATUS_VLAN_VALID) && caplen >= 12 &&
                caplen + 4 <= sizeof p->vlan_buf) {
                data = vlan_put_back(p, data, caplen, h->tp_status, (uint16_t)h->hv1.tp_vlan_tci,
                                     (uint16_t)h->hv1.tp_vlan_tpid);
                caplen += 4;
                len += 4;
            }
            if (caplen < len) p->c.rx_truncated++;
            fn(ctx, data, caplen, len);
            frames++;
        }
        if (p->rx_idx < n) break; /* max_frames reached inside the block */
        p->rx_idx = 0;
        __atomic_store_n(&bd->hdr.bh1.block_status, TP_STATUS_KERNEL, __ATOMIC_RELEASE);
        p->rx_cur = (p->rx_cur + 1) % RX_BLOCK_NR;
    }
    return frames;
}

/* ----------------------------------------------------------- transmitting */

static struct tpacket2_hdr *tx_slot(lv_port *p, uint32_t i) {
    return (struct tpacket2_hdr *)(p->tx_ring + (size_t)i * TX_FRAME_SIZE);
}

/* Account for the slots the kernel has finished with since the last look. */
static void tx_reap(lv_port *p) {
    while (p->tx_queued) {
        struct tpacket2_hdr *h = tx_slot(p, p->tx_tail);
        uint32_t st = __atomic_load_n(&h->tp_status, __ATOMIC_ACQUIRE);
        if (st == TP_STATUS_AVAILABLE) {
            p->c.tx_frames++;
            p->c.tx_bytes += h->tp_len;
        } else if (st & TP_STATUS_WRONG_FORMAT) {
            p->c.tx_drops++;
            __atomic_store_n(&h->tp_status, TP_STATUS_AVAILABLE, __ATOMIC_RELEASE);
        } else {
            break; /* still queued or being sent */
        }
        p->tx_tail = (p->tx_tail + 1) % TX_FRAME_NR;
        p->tx_queued--;
    }
}

uint32_t lv_tx_pending(const lv_port *p) { return p->tx_queued; }

/* One send(): without waiting the kernel takes the queued frames and we
 * reap them later; waiting returns once every frame has left (backpressure
 * when the ring is full, and at the end). */
static void tx_kick(lv_port *p, bool wait) {
    ssize_t r = send(p->tx_fd, NULL, 0, wait ? 0 : MSG_DONTWAIT);
    p->c.tx_flushes++;
    if (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != p->tx_errno) {
        p->tx_errno = errno;
        fprintf(stderr, "vifd: warning: %s: send: %s\n", p->name, strerror(errno));
    }
    tx_reap(p);
}

void lv_tx_flush(lv_port *p) {
    if (p->tx_unsent) {
        tx_kick(p, false);
        p->tx_unsent = 0;
    } else if (p->tx_queued) {
        tx_reap(p);
    }
}

void lv_tx_sync(lv_port *p) {
    if (p->tx_queued) tx_kick(p, true);
    p->tx_unsent = 0;
}

/* Fetch the lines of the next transmit slot for writing, as many as this
 * frame had.  The ring is 4 MiB, so a slot was last touched a ring ago and
 * each store of the copy would otherwise wait for its line; fetched now,
 * the lines arrive while the next frame is received and processed.  The
 * same for every mode (it only hides latency; the kernel does not look at
 * a slot whose status is not SEND_REQUEST, and a prefetch writes nothing). */
static inline void tx_prefetch_next(lv_port *p, uint32_t len) {
    uint8_t *s = (uint8_t *)tx_slot(p, p->tx_head);
    uint32_t end = TX_DATA_OFF + len;
    for (uint32_t off = 0; off < end; off += 64) prefetch_w(s + off);
    prefetch_w(s + end - 1);
}

void lv_tx(lv_port *p, const uint8_t *data, uint32_t len) {
    if (len > TX_FRAME_SIZE - TX_DATA_OFF || len < 14) {
        p->c.tx_drops++;
        return;
    }
    if (p->tx_queued == TX_FRAME_NR) tx_reap(p);
    if (p->tx_queued == TX_FRAME_NR) lv_tx_sync(p);
    if (p->tx_queued == TX_FRAME_NR) {
        /* the kernel still holds the whole ring (interface down?) */
        p->c.tx_drops++;
        return;
    }
    struct tpacket2_hdr *h = tx_slot(p, p->tx_head);
    memcpy((uint8_t *)h + TX_DATA_OFF, data, len);
    h->tp_len = len;
    h->tp_snaplen = len;
    __atomic_store_n(&h->tp_status, TP_STATUS_SEND_REQUEST, __ATOMIC_RELEASE);
    p->tx_head = (p->tx_head + 1) % TX_FRAME_NR;
    p->tx_queued++;
    p->tx_unsent++;
    tx_prefetch_next(p, len);
}
