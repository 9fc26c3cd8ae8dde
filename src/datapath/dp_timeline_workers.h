/* dp_timeline_workers.h - `vifd --timeline FILE --workers N` (offline and
 * --bench): the lines of dp_timeline.h, each the sum over the workers.
 *
 * The workers' virtual clocks run at their own pace, so no instant is
 * common to all of them while they run.  Instead the intervals are fixed:
 * interval i is [t0 + i*DP_TIMELINE_NS, t0 + (i+1)*DP_TIMELINE_NS) of
 * datapath time (t0: the capture's first timestamp).  Each worker records,
 * between its packets, what each VIF did in every interval it has passed
 * (counts, the backlog at its end, the delay histogram's nonzero buckets)
 * in its own memory; at the end the records are summed per interval,
 * delay histograms merged bucket by bucket, and one line per interval is
 * written (an interval a worker slept through counts zero for it, with
 * its backlog carried).  The result depends only on the input, as with
 * one worker.  Live (vifd --bridge --workers) the clocks are all the
 * monotonic clock, t0 the start, and the lines are written as the
 * intervals complete (dp_tlw_flush, from the main thread), so the records
 * kept are a few intervals', not the whole run's.  Host code. */
#ifndef VIFVM_DP_TIMELINE_WORKERS_H
#define VIFVM_DP_TIMELINE_WORKERS_H

#include <stdint.h>

#include "datapath.h"

typedef struct dp_tlw dp_tlw;

/* For n workers; the file is created now.  0, or -1 with a message in err
 * (DP_ERR_MAX bytes). */
int dp_tlw_open(dp_tlw **out, const char *file, uint32_t n, char *err);
/* The same with `groups` datapaths per worker (vifd --bridge: one per
 * direction): slot k*groups + d is worker k's datapath d, and each
 * interval gets one line per group, labelled "dir": labels[d] (NULL: no
 * label), as with one worker. */
int dp_tlw_open_groups(dp_tlw **out, const char *file, uint32_t n, uint32_t groups,
                       const char *const *labels, char *err);
/* Slot k's datapath (worker k, or k*groups + d), and the intervals'
 * origin t0 (the same for all). */
void dp_tlw_set(dp_tlw *t, uint32_t k, datapath *dp, int64_t t0);
/* Worker k, between two packets (its own thread): record the intervals
 * that ended at or before its clock. */
void dp_tlw_tick(dp_tlw *t, uint32_t k);
/* Worker k, done (its own thread, before its counters are summed into
 * the totals): the intervals up to its clock, the last one partial. */
void dp_tlw_last(dp_tlw *t, uint32_t k);
/* Any thread, while the workers run (vifd --bridge: a live run has no
 * end to wait for): write the intervals every slot has recorded and free
 * their records (the last of each kept, for its backlog).  Appending a
 * record (once per interval per slot) and this take one lock. */
void dp_tlw_flush(dp_tlw *t);
/* After every worker has finished: the summed lines, close (NULL:
 * nothing).  -1 when the file could not be written or a worker ran out
 * of memory recording, with a message in err. */
int dp_tlw_close(dp_tlw *t, char *err);

#endif
