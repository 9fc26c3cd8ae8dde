/* vifd_units.c - the units of vifd's options (see vifd_units.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "vifd_units.h"

/* iproute2 tc/tc_util.c: get_rate's suffixes (scale to bits per second) */
static const struct { const char *name; double scale; } rate_units[] = {
    { "bit", 1. },
    { "kibit", 1024. },
    { "kbit", 1000. },
    { "mibit", 1024. * 1024. },
    { "mbit", 1000000. },
    { "gibit", 1024. * 1024. * 1024. },
    { "gbit", 1000000000. },
    { "tibit", 1024. * 1024. * 1024. * 1024. },
    { "tbit", 1000000000000. },
    { "bps", 8. },
    { "kibps", 8. * 1024. },
    { "kbps", 8000. },
    { "mibps", 8. * 1024. * 1024. },
    { "mbps", 8000000. },
    { "gibps", 8. * 1024. * 1024. * 1024. },
    { "gbps", 8000000000. },
    { "tibps", 8. * 1024. * 1024. * 1024. * 1024. },
    { "tbps", 8000000000000. },
};

#define RATE_MAX 1e13   /* 10 tbit */

bool vifd_parse_rate(const char *s, uint64_t *out, char *why, size_t cap) {
    if (!(*s >= '0' && *s <= '9')) {
        snprintf(why, cap, "a rate starts with a number");
        return false;
    }
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || end == s || !(v >= 0)) {
        snprintf(why, cap, "not a number");
        return false;
    }
    /* strtod reads "0x10" and "1e3": only decimal digits, '.' and an
     * exponent are numbers here */
    for (const char *p = s; p < end; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E' || *p == '+' ||
              *p == '-')) {
            snprintf(why, cap, "not a decimal number");
            return false;
        }
    double scale = 1;
    if (*end) {
        size_t i, n = sizeof rate_units / sizeof rate_units[0];
        for (i = 0; i < n; i++)
            if (!strcasecmp(end, rate_units[i].name)) break;
        if (i == n) {
            snprintf(why, cap, "unknown unit '%s'", end);
            return false;
        }
        /* tc reads "Mbps" as megabytes per second, as it reads "mbps";
         * people often mean megabits: refuse the capitalised byte units */
        if (strcmp(end, rate_units[i].name) != 0 && rate_units[i].scale >= 8 &&
            strstr(rate_units[i].name, "bps")) {
            snprintf(why, cap, "'%s' is ambiguous (tc reads it as %s, bytes per second): "
                     "write %.*sbit for bits or %s for bytes per second", end,
                     rate_units[i].name, (int)(strlen(rate_units[i].name) - 3),
                     rate_units[i].name, rate_units[i].name);
            return false;
        }
        scale = rate_units[i].scale;
    }
    double r = v * scale;
    if (!(r >= 1)) {
        snprintf(why, cap, "below 1 bit per second");
        return false;
    }
    if (r > RATE_MAX) {
        snprintf(why, cap, "above 10tbit");
        return false;
    }
    *out = (uint64_t)(r + 0.5);
    return true;
}

bool vifd_parse_size(const char *s, size_t *out) {
    errno = 0;
    char *end;
    if (!(*s >= '0' && *s <= '9')) return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return false;
    unsigned long long mul = 1;
    switch (*end) {
    case 'k': case 'K': mul = 1024; end++; break;
    case 'm': case 'M': mul = 1024 * 1024; end++; break;
    case 'g': case 'G': mul = 1024ull * 1024 * 1024; end++; break;
    default: break;
    }
    if (*end || v > SIZE_MAX / mul) return false;
    *out = (size_t)(v * mul);
    return true;
}

bool vifd_parse_ms(const char *s, uint64_t *out) {
    errno = 0;
    char *end;
    if (!(*s >= '0' && *s <= '9')) return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return false;
    uint64_t mul = 1;
    if (!strcmp(end, "s")) mul = 1000;
    else if (*end && strcmp(end, "ms") != 0) return false;
    if (v > UINT64_MAX / 1000000 / mul) return false;   /* fits in ns */
    *out = (uint64_t)v * mul;
    return true;
}

void vifd_format_size(uint64_t b, char *buf, size_t cap) {
    static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
    if (b < 1024) {
        snprintf(buf, cap, "%llu bytes", (unsigned long long)b);
        return;
    }
    double v = (double)b;
    int u = -1;
    while (v >= 1024 && u < 3) {
        v /= 1024;
        u++;
    }
    if (v == (double)(uint64_t)v) snprintf(buf, cap, "%llu %s", (unsigned long long)v, unit[u]);
    else snprintf(buf, cap, "%.1f %s", v, unit[u]);
}

uint64_t vifd_phys_memory(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return 0;
    return (uint64_t)pages * (uint64_t)page;
}
