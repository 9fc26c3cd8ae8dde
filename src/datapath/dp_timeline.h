/* dp_timeline.h - `vifd --timeline FILE`: the run over time, for plots
 * (scripts/vifplot.py).  Every DP_TIMELINE_NS of datapath time (checked
 * between packets), one JSON line per datapath (a bridge has two, labelled
 * by direction): the time, and per VIF what happened since the last line -
 * packets in and out, bytes out, drops - the backlog now, and the
 * queueing delay's median and p99 over the interval (the difference of the
 * cumulative histograms, so nothing is added per packet).  Host code. */
#ifndef VIFVM_DP_TIMELINE_H
#define VIFVM_DP_TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "datapath.h"

#define DP_TIMELINE_NS 100000000LL   /* 100 ms */

typedef struct dp_timeline dp_timeline;

/* 0, or -1 with a message in err (DP_ERR_MAX bytes). */
int dp_timeline_open(dp_timeline **out, const char *file, char *err);
/* Follow datapath dp, its lines labelled `label` (NULL: none). */
int dp_timeline_add(dp_timeline *tl, datapath *dp, const char *label, char *err);
/* Write the lines due (an interval ended since the last one). */
void dp_timeline_tick(dp_timeline *tl);
/* A last line for the partial interval, then close (NULL: nothing). */
void dp_timeline_close(dp_timeline *tl);
/* s as a JSON string (quoted, escaped) on f. */
void dp_timeline_json_str(FILE *f, const char *s);

#endif
