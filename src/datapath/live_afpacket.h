/* live_afpacket.h - one live network interface over AF_PACKET: a receive
 * socket with a TPACKET_V3 (block-based) ring, promiscuous and ignoring the
 * frames this host sends (PACKET_IGNORE_OUTGOING), and a transmit socket
 * with a TPACKET_V2 TX ring that is filled frame by frame and flushed with
 * one non-blocking send() per batch (a blocking one when the ring is full).  No system call per packet: receiving walks the
 * ring's ready blocks; the caller waits with poll() on lv_rx_fd().
 * Host code (Linux only). */
#ifndef VIFVM_LIVE_AFPACKET_H
#define VIFVM_LIVE_AFPACKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lv_port lv_port;

typedef struct lv_counters {
    uint64_t rx_frames, rx_bytes;   /* handed to the caller */
    uint64_t rx_truncated;          /* longer than the ring's frames (caplen < wirelen) */
    uint64_t kernel_drops;          /* PACKET_STATISTICS tp_drops: ring full, never seen */
    uint64_t tx_frames, tx_bytes;   /* queued into the TX ring and sent */
    uint64_t tx_drops;              /* could not be sent (ring full, too long, send error) */
    uint64_t tx_flushes;            /* send() calls */
    uint64_t tx_pending;            /* queued, not yet sent (after a failed flush) */
    /* the sender's offloads finished here (live_offload.h) */
    uint64_t rx_csum_completed;     /* partial checksums completed */
    uint64_t rx_gso_frames, rx_gso_segments; /* GSO frames cut into segments */
    uint64_t rx_bad_offload;        /* offload requests that could not be honoured: dropped */
} lv_counters;

/* Open interface `ifname`.  0, or -1 with a message in err (cap bytes):
 * interface missing, no CAP_NET_RAW, ring setup failed. */
int lv_open(const char *ifname, lv_port **out, char *err, size_t cap);
/* The same, the receive socket joining PACKET_FANOUT group `fanout`
 * (0..65535; PACKET_FANOUT_HASH: the kernel's flow hash picks one socket
 * of the group per frame, so a flow stays on one socket, in order), or no
 * group when fanout < 0.  A socket in a group receives nothing until
 * lv_fanout_start (call it once every socket of the group has joined). */
int lv_open_fanout(const char *ifname, int fanout, lv_port **out, char *err, size_t cap);
int lv_fanout_start(lv_port *p, char *err, size_t cap);
void lv_close(lv_port *p);
int lv_rx_fd(const lv_port *p);
const char *lv_name(const lv_port *p);
/* After poll() reported POLLERR/POLLHUP on lv_rx_fd: clear the socket's
 * error (a warning on stderr); -1 with a message in err when the
 * interface no longer exists. */
int lv_check(lv_port *p, char *err, size_t cap);
/* True once lv_check saw a socket error (the interface went down): the
 * caller keeps calling lv_check now and then, since the interface's later
 * removal raises no further error on the socket. */
bool lv_suspect(const lv_port *p);

/* Hand the frames of the ready blocks to fn, at most max_frames (the rest
 * stays in the ring for the next call); returns the number of frames.
 * A frame with a partial checksum gets it completed first, and a GSO frame
 * is handed on as its segments (live_offload.h), so fn only sees frames
 * with valid checksums that fit the MTU (and a received frame may count
 * for several). */
typedef void (*lv_rx_fn)(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen);
uint32_t lv_rx(lv_port *p, lv_rx_fn fn, void *ctx, uint32_t max_frames);

/* Put a frame into the TX ring (flushing first when the ring is full).
 * A frame that cannot be sent is counted in tx_drops. */
void lv_tx(lv_port *p, const uint8_t *data, uint32_t len);
/* Send the queued frames: one send() that does not wait (none when
 * nothing new is queued); frames the kernel finished are counted. */
void lv_tx_flush(lv_port *p);
/* Send and wait until every queued frame has left (blocking send()). */
void lv_tx_sync(lv_port *p);
/* Frames in the TX ring not yet known to have left. */
uint32_t lv_tx_pending(const lv_port *p);

/* The counters, with kernel_drops refreshed (one getsockopt). */
const lv_counters *lv_stats(lv_port *p);

#endif
