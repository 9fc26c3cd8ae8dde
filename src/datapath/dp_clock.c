/* dp_clock.c - see dp_clock.h. */
#include "dp_clock.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

static bool g_init, g_tsc;
static uint64_t g_tsc0, g_ns0;

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

void dp_clock_init(void) {
    if (g_init) return;
    g_init = true;
    g_tsc = invariant_tsc();
    g_ns0 = mono_ns();
#if defined(__x86_64__)
    if (g_tsc) g_tsc0 = __rdtsc();
#endif
}

bool dp_clock_uses_tsc(void) { return g_tsc; }

uint64_t dp_ticks(void) {
#if defined(__x86_64__)
    if (g_tsc) return __rdtsc();
#endif
    return mono_ns();
}

uint64_t dp_ticks_to_ns(uint64_t ticks) {
    if (!g_tsc) return ticks;
#if defined(__x86_64__)
    uint64_t dt = __rdtsc() - g_tsc0, dn = mono_ns() - g_ns0;
    if (dt == 0) return 0;
    return (uint64_t)((double)ticks * ((double)dn / (double)dt));
#else
    return ticks;
#endif
}
