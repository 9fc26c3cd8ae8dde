/* vifd_units.h - the units of vifd's options, shared by the offline and
 * live modes: rates as tc(8) writes them, sizes, milliseconds, and the
 * machine's memory (the heap quota's ceiling).  Host code.
 *
 * Rates (iproute2's get_rate table, lower case as tc's manual writes them):
 *   bit  kbit  mbit  gbit  tbit     bits per second (10^3 steps)
 *   bps  kbps  mbps  gbps  tbps     BYTES per second (x 8)
 *   kibit mibit gibit tibit         bits per second, 2^10 steps
 *   kibps mibps gibps tibps         bytes per second, 2^10 steps
 *   a bare number                   bits per second
 * A number may have a fraction (1.5mbit).  Everything else is refused:
 * `10m`, `10mb` and `10mbit/s` say nothing tc would read the same way,
 * and `10Mbps` / `10KBps` (which tc reads, case-insensitively, as bytes
 * per second) are refused as ambiguous, since they are often meant as
 * bits. */
#ifndef VIFVM_DATAPATH_VIFD_UNITS_H
#define VIFVM_DATAPATH_VIFD_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "10mbit" -> 10000000 bits per second.  false with the reason in why
 * (a sentence fragment without the value, e.g. "unknown unit 'mb'"). */
bool vifd_parse_rate(const char *s, uint64_t *bits_per_second, char *why, size_t cap);
/* The accepted units, for messages. */
#define VIFD_RATE_UNITS "bit, kbit, mbit, gbit, tbit (bits per second); " \
    "bps, kbps, mbps, gbps, tbps (bytes per second, as tc); kibit, kibps... (powers of 1024)"

/* "64m" -> bytes (k, m, g: powers of 1024; a bare number: bytes). */
bool vifd_parse_size(const char *s, size_t *out);
/* "100" or "100ms" -> milliseconds; "2s" -> 2000. */
bool vifd_parse_ms(const char *s, uint64_t *out);
/* "64 MiB", "1.5 GiB", "1000 bytes" */
void vifd_format_size(uint64_t bytes, char *buf, size_t cap);
/* Physical memory of this machine in bytes (0 if unknown). */
uint64_t vifd_phys_memory(void);

#endif
