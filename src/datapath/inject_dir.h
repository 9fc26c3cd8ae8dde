/* inject_dir.h - the injection directory (the paper's /proc interface):
 * one directory per VIF under --dir, watched with inotify.
 *
 *   DIR/<root>/            the root VIF (root-owned, 0755)
 *   DIR/<root>/web/        child VIF pcap/web (owner: --vif-owner, else the
 *                          parent directory's owner)
 *   .../X.class, X.jar     written there (close after write, or renamed in):
 *                          loaded into the VM of the directory owner's user
 *                          name and swapped in between packets; removed:
 *                          the VIFlet is detached
 *   .../log                the VIF's log (VIFlet output, load errors,
 *                          refusals)
 *   .../stats              its counters, rewritten every 100 ms of wall time
 *                          and at exit (write to .stats.tmp, then rename)
 *   .../sub/filter         a subdirectory holding a `filter` file (pcap
 *                          syntax) creates child VIF <path>/sub
 *
 * Only the directory's owner (and root) may inject: a file or subdirectory
 * owned by anybody else is refused, and so are symlinks, hard links
 * (st_nlink != 1), special files and files over 16 MiB.  A file is opened
 * once (openat on the directory fd, O_NOFOLLOW|O_NONBLOCK), checked with
 * fstat and read from that descriptor; the bytes are then staged in a
 * private root-only directory for the class loader.  Host code. */
#ifndef VIFVM_DATAPATH_INJECT_DIR_H
#define VIFVM_DATAPATH_INJECT_DIR_H

#include <stdint.h>

#include "datapath.h"

typedef struct inject_dir inject_dir;

/* Directory owner of VIF `path` (a user name or a numeric uid). */
typedef struct inject_owner {
    const char *path;
    const char *user;
} inject_owner;

/* Largest .class/.jar accepted. */
#define INJECT_MAX_BYTES (16u * 1024 * 1024)
/* Wall-clock interval of the stats files. */
#define INJECT_STATS_NS 100000000

/* Create DIR and one directory per VIF defined so far, open their logs and
 * start watching them.  0, or -1 with a message in err (DP_ERR_MAX). */
int inject_open(datapath *dp, const char *dir, const inject_owner *owners, int n_owners,
                inject_dir **out, char *err);
/* The same for vifd --workers: dps[0] is watched as above, and every
 * change is made in dps[1..n_dps-1] too (loads, detaches, child VIFs,
 * filters; their VIFlets log to the same `log`); the stats files hold
 * the totals over the workers.  The caller makes sure no worker is
 * between two stages of a packet when it calls inject_poll and
 * inject_write_stats (vifd_workers.c pauses them all). */
int inject_open_workers(datapath *const *dps, uint32_t n_dps, const char *dir,
                        const inject_owner *owners, int n_owners, inject_dir **out, char *err);
/* Apply pending changes now (non-blocking); rewrites the stats files when
 * their interval has passed. */
void inject_poll(inject_dir *ij);
/* Wait until the monotonic clock reaches deadline_ns, applying changes as
 * they arrive; returns early when *stop becomes nonzero (a signal). */
void inject_wait(inject_dir *ij, int64_t deadline_ns, volatile int *stop);
/* The inotify descriptor, for a caller's poll(): readable when something
 * changed (then call inject_poll). */
int inject_fd(const inject_dir *ij);
/* Rewrite every stats file now (at exit, after dp_audit_all). */
void inject_write_stats(inject_dir *ij);
/* Stop watching, remove the staging directory, free (does not touch the
 * datapath: may be called after dp_destroy). */
void inject_close(inject_dir *ij);

#endif
