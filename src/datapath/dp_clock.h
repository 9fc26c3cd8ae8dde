/* dp_clock.h - a cheap clock for timing VIFlet handlers.
 *
 * Each handler call is timed (the per-VIF handler_ns counter), twice per
 * packet per stage.  clock_gettime costs 20-40 ns on a VM whose clock
 * source is not the TSC, more than the handler itself, so the datapath
 * counts in ticks: the time-stamp counter on x86-64 when the CPU says it is
 * invariant (constant_tsc and nonstop_tsc in /proc/cpuinfo), else
 * CLOCK_MONOTONIC nanoseconds.  Ticks become nanoseconds with the ratio
 * of both clocks measured once, over a 5 ms pause in dp_clock_init, so
 * that one count always converts to the same nanoseconds. */
#ifndef VIFVM_DATAPATH_DP_CLOCK_H
#define VIFVM_DATAPATH_DP_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

/* Start the clocks (idempotent; call before the first dp_ticks). */
void dp_clock_init(void);
/* True if ticks are TSC cycles, false if they are nanoseconds. */
bool dp_clock_uses_tsc(void);
/* Now, in ticks. */
uint64_t dp_ticks(void);
/* A count of ticks in nanoseconds. */
uint64_t dp_ticks_to_ns(uint64_t ticks);

#endif
