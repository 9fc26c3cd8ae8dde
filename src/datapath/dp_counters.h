/* dp_counters.h - the per-VIF counters operators read beyond the packet
 * counts (dp_stats): bytes in and out, the backlog in bytes, the queueing
 * delay (arrival at the VIF to being handed on) and the handler time per
 * call as log-scale histograms (dp_hist.h); and the link's queueing delay.
 * The inline functions are the per-packet hooks the engine calls; the
 * rest formats them (dp_counters.c) for the statistics table, the JSON
 * and the `stats` files.  Host code. */
#ifndef VIFVM_DP_COUNTERS_H
#define VIFVM_DP_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dp_hist.h"

/* The histograms are out of line (dp_vif_counters_alloc: one block of
 * the two, ~16 KiB): inside dp_vif they put every VIF on pages of its own,
 * and a packet's walk over many sibling VIFs missed the TLB at each
 * (issue 14, "Many siblings"); the pointers never change while the VIF
 * lives. */
typedef struct dp_vcount {
    uint64_t bytes_in, bytes_out;   /* wire lengths */
    uint64_t held_bytes;            /* backlog: wire bytes of the held packets */
    dp_hist *delay;                 /* ns from arrival at the VIF to handed on */
    dp_hist *handler;               /* dp_clock ticks per timed handler call */
} dp_vcount;

typedef struct dp_lcount {
    uint64_t queued_bytes;          /* wire bytes in the link FIFO */
    dp_hist delay;                  /* ns from entering the link to departure */
} dp_lcount;

struct dp_vif;
struct datapath;

/* Allocate v's histograms (zeroed; -1: out of memory) / free them. */
int dp_vif_counters_alloc(struct dp_vif *v);
void dp_vif_counters_free(struct dp_vif *v);
/* *to = *from, but with its histograms copied into hists[0..1] (not
 * shared: a copy that absorbs other VIFs' counts changes from's). */
void dp_vif_copy(struct dp_vif *to, dp_hist hists[2], const struct dp_vif *from);

/* Statistics summaries (the percentiles in ns). */
typedef struct dp_vsummary {
    uint64_t bytes_in, bytes_out, backlog_packets, backlog_bytes;
    uint64_t delay_n, delay_p50, delay_p99, delay_max;
    uint64_t handler_n, handler_p50, handler_p99, handler_max;
} dp_vsummary;
void dp_vif_summary(const struct dp_vif *v, dp_vsummary *s);
/* `key value` lines for a VIF's `stats` file (appended to buf; returns
 * the new length, or cap - 1 when full). */
size_t dp_vif_stats_lines(const struct dp_vif *v, char *buf, size_t len, size_t cap);
/* The JSON members (", \"bytes_in\": ...") of a VIF and of the link. */
void dp_vif_json(FILE *f, const struct dp_vif *v);
void dp_link_json(FILE *f, const struct datapath *dp);
/* The second statistics table: bytes, backlog, delay and handler time. */
void dp_print_counters(const struct datapath *dp, FILE *f);

#endif
