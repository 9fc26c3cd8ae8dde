/* dp_clock.c - see dp_clock.h. */
#include "dp_clock.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static bool g_tsc;
static double g_ns_per_tick = 1.0;

static uint64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The TSC counts at a fixed rate across frequency changes and idle
 * states only if both flags are present. */
static bool invariant_tsc(void) {
#if defined(__x86_64__)
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return false;
    char line[4096];
    bool constant = false, nonstop = false;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags", 5) != 0) continue;
        constant = strstr(line, " constant_tsc") != NULL;
        nonstop = strstr(line, " nonstop_tsc") != NULL;
        break;
    }
    fclose(f);
    return constant && nonstop;
#else
    return false;
#endif
}

#if defined(__x86_64__)
/* One (TSC, ns) pair read close together: retried while a preemption or
 * an interrupt separates the two clock reads by more than 2 us. */
static void clock_pair(uint64_t *tsc, uint64_t *ns) {
    for (int i = 0; i < 100; i++) {
        uint64_t a = mono_ns();
        *tsc = __rdtsc();
        *ns = mono_ns();
        if (*ns - a <= 2000) {
            *ns = a + (*ns - a) / 2;
            return;
        }
    }
}
#endif

static void clock_init_once(void) {
    g_tsc = invariant_tsc();
#if defined(__x86_64__)
    if (!g_tsc) return;
    /* The ratio is measured once, over a 5 ms sleep (an error of a few
     * 1e-6), and then fixed: a count converted twice (a removed VIF's
     * stats file, then the JSON at exit) gives the same nanoseconds. */
    uint64_t t0, n0, t1, n1;
    clock_pair(&t0, &n0);
    struct timespec d = {0, 5000000};
    nanosleep(&d, NULL);
    clock_pair(&t1, &n1);
    if (t1 > t0 && n1 > n0)
        g_ns_per_tick = (double)(n1 - n0) / (double)(t1 - t0);
    else
        g_tsc = false;
#endif
}

/* Workers create their trees on their own threads. */
void dp_clock_init(void) { pthread_once(&g_once, clock_init_once); }

bool dp_clock_uses_tsc(void) { return g_tsc; }

uint64_t dp_ticks(void) {
#if defined(__x86_64__)
    if (g_tsc) return __rdtsc();
#endif
    return mono_ns();
}

uint64_t dp_ticks_to_ns(uint64_t ticks) {
    if (!g_tsc) return ticks;
    return (uint64_t)((double)ticks * g_ns_per_tick);
}
