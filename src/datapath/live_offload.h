/* live_offload.h - finishing what a sender's offloads left undone, on frames
 * received from AF_PACKET with PACKET_VNET_HDR (live mode): a frame whose
 * TCP/UDP checksum is still partial (TP_STATUS_CSUMNOTREADY, the default on
 * veth and on a host's own traffic) gets its checksum completed in place,
 * and a GSO/GRO frame larger than the MTU (TCP over IPv4/IPv6, UDP with
 * UDP_SEGMENT) is cut into the segments the sender's NIC would have sent,
 * each with its own IP and TCP/UDP header and correct checksums.  So a
 * VIFlet sees, and the other interface is sent, only ordinary frames with
 * valid checksums.  Host code (Linux only). */
#ifndef VIFVM_LIVE_OFFLOAD_H
#define VIFVM_LIVE_OFFLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/virtio_net.h>

typedef struct lvo_counters {
    uint64_t csum_completed;   /* partial checksums finished in software */
    uint64_t gso_frames;       /* GSO/GRO frames segmented */
    uint64_t gso_segments;     /* segments they became */
    uint64_t bad_offload;      /* frames whose offload request could not be
                                  honoured (truncated, unknown GSO type,
                                  bad offsets): dropped */
} lvo_counters;

/* Called for each frame made (the bytes are valid until it returns). */
typedef void (*lvo_emit_fn)(void *ctx, const uint8_t *data, uint32_t len);

/* Finish frame `f` (len bytes; `wirelen` the length on the wire, larger
 * when the ring truncated it) described by `vh` (NULL when the socket has
 * no virtio header: then `csum_not_ready` says the kernel's
 * TP_STATUS_CSUMNOTREADY and the checksum is found by parsing IPv4/IPv6
 * TCP/UDP).  Frames that need nothing are emitted as they are; a partial
 * checksum is completed in place (f is written); a GSO frame is emitted
 * segment by segment from `scratch` (scap bytes, at least 64 KiB).
 * Returns the number of frames emitted (0: dropped, counted). */
uint32_t lvo_finish(const struct virtio_net_hdr *vh, bool csum_not_ready, uint8_t *f,
                    uint32_t len, uint32_t wirelen, uint8_t *scratch, size_t scap,
                    lvo_emit_fn emit, void *ctx, lvo_counters *c);

/* The Internet checksum helpers (RFC 1071), exposed for the unit test:
 * the one's-complement sum of n bytes added to `sum`, and its folded
 * complement. */
uint32_t lvo_sum(const uint8_t *p, size_t n, uint32_t sum);
uint16_t lvo_fold(uint32_t sum);

#endif
