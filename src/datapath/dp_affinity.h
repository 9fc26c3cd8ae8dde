/* dp_affinity.h - vifd --pin-workers: worker K's thread on one CPU. */
#ifndef VIFVM_DP_AFFINITY_H
#define VIFVM_DP_AFFINITY_H

#include <stdint.h>

/* Pin the calling thread to the K-th CPU (modulo their number) of those
 * the process may run on.  0, or -1 with the reason in err (errlen
 * bytes); the thread then runs where it was allowed before. */
int dp_pin_thread(uint32_t k, char *err, uint32_t errlen);

#endif
