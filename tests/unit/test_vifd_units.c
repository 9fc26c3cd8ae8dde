// unit-sources: src/datapath/vifd_units.c
/* test_vifd_units.c - vifd's option units (src/datapath/vifd_units.h):
 * tc's rate table, exactly, and what is refused; sizes, milliseconds, the
 * size format of messages. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <string.h>
#include "unit_test.h"
#include "datapath/vifd_units.h"

static uint64_t rate(const char *s) {
    uint64_t r = 0;
    char why[256];
    return vifd_parse_rate(s, &r, why, sizeof why) ? r : 0;
}

static const char *refusal(const char *s) {
    static char why[256];
    uint64_t r = 0;
    why[0] = '\0';
    if (vifd_parse_rate(s, &r, why, sizeof why)) return "(accepted)";
    return why;
}

static void test_rate_tc_table(void) {
    /* bits per second */
    UT_CHECK_EQ_INT(rate("64000"), 64000);
    UT_CHECK_EQ_INT(rate("1bit"), 1);
    UT_CHECK_EQ_INT(rate("100kbit"), 100000);
    UT_CHECK_EQ_INT(rate("10mbit"), 10000000);
    UT_CHECK_EQ_INT(rate("2gbit"), 2000000000);
    UT_CHECK_EQ_INT(rate("1tbit"), 1000000000000ll);
    UT_CHECK_EQ_INT(rate("1.5mbit"), 1500000);
    /* BYTES per second: 8 times the bits (the old vifd read kbps as kbit) */
    UT_CHECK_EQ_INT(rate("100bps"), 800);
    UT_CHECK_EQ_INT(rate("100kbps"), 800000);
    UT_CHECK_EQ_INT(rate("10mbps"), 80000000);
    UT_CHECK_EQ_INT(rate("1gbps"), 8000000000ll);
    UT_CHECK_EQ_INT(rate("1tbps"), 8000000000000ll);
    /* IEC */
    UT_CHECK_EQ_INT(rate("1kibit"), 1024);
    UT_CHECK_EQ_INT(rate("1mibit"), 1048576);
    UT_CHECK_EQ_INT(rate("1gibit"), 1073741824);
    UT_CHECK_EQ_INT(rate("1tibit"), 1099511627776ll);
    UT_CHECK_EQ_INT(rate("1kibps"), 8192);
    UT_CHECK_EQ_INT(rate("1mibps"), 8388608);
    UT_CHECK_EQ_INT(rate("1gibps"), 8589934592ll);
    UT_CHECK_EQ_INT(rate("1tibps"), 8796093022208ll);
    /* tc compares case-insensitively: bit units are unambiguous */
    UT_CHECK_EQ_INT(rate("10Mbit"), 10000000);
    UT_CHECK_EQ_INT(rate("1Kibit"), 1024);
}

static void test_rate_refused(void) {
    UT_CHECK_EQ_STR(refusal("10m"), "unknown unit 'm'");
    UT_CHECK_EQ_STR(refusal("10k"), "unknown unit 'k'");
    UT_CHECK_EQ_STR(refusal("10mb"), "unknown unit 'mb'");
    UT_CHECK_EQ_STR(refusal("10b"), "unknown unit 'b'");
    UT_CHECK_EQ_STR(refusal("10mbit/s"), "unknown unit 'mbit/s'");
    UT_CHECK_EQ_STR(refusal("10 mbit"), "unknown unit ' mbit'");
    UT_CHECK_EQ_STR(refusal("10Mbps"), "'Mbps' is ambiguous (tc reads it as mbps, bytes per "
                    "second): write mbit for bits or mbps for bytes per second");
    UT_CHECK_EQ_STR(refusal("1KiBps"), "'KiBps' is ambiguous (tc reads it as kibps, bytes per "
                    "second): write kibit for bits or kibps for bytes per second");
    UT_CHECK_EQ_STR(refusal("0x10"), "not a decimal number");
    UT_CHECK_EQ_STR(refusal("mbit"), "a rate starts with a number");
    UT_CHECK_EQ_STR(refusal("-1mbit"), "a rate starts with a number");
    UT_CHECK_EQ_STR(refusal(""), "a rate starts with a number");
    UT_CHECK_EQ_STR(refusal("0"), "below 1 bit per second");
    UT_CHECK_EQ_STR(refusal("0.5bit"), "below 1 bit per second");
    UT_CHECK_EQ_STR(refusal("11tbit"), "above 10tbit");
    UT_CHECK_EQ_STR(refusal("2tbps"), "above 10tbit");
}

static void test_sizes_and_ms(void) {
    size_t z = 0;
    UT_CHECK(vifd_parse_size("64m", &z) && z == 64u << 20);
    UT_CHECK(vifd_parse_size("2k", &z) && z == 2048);
    UT_CHECK(vifd_parse_size("100", &z) && z == 100);
    UT_CHECK(!vifd_parse_size("1x", &z));
    UT_CHECK(!vifd_parse_size("m", &z));
    uint64_t ms = 0;
    UT_CHECK(vifd_parse_ms("100", &ms) && ms == 100);
    UT_CHECK(vifd_parse_ms("250ms", &ms) && ms == 250);
    UT_CHECK(vifd_parse_ms("2s", &ms) && ms == 2000);
    UT_CHECK(vifd_parse_ms("0", &ms) && ms == 0);
    UT_CHECK(!vifd_parse_ms("1m", &ms));
    UT_CHECK(!vifd_parse_ms("-1", &ms));
    UT_CHECK(!vifd_parse_ms("99999999999999999", &ms));   /* ns overflow */
    char b[32];
    vifd_format_size(16u << 20, b, sizeof b);
    UT_CHECK_EQ_STR(b, "16 MiB");
    vifd_format_size(1000, b, sizeof b);
    UT_CHECK_EQ_STR(b, "1000 bytes");
    vifd_format_size(3u << 29, b, sizeof b);
    UT_CHECK_EQ_STR(b, "1.5 GiB");
    vifd_format_size(1024ull << 30, b, sizeof b);
    UT_CHECK_EQ_STR(b, "1 TiB");
    UT_CHECK(vifd_phys_memory() > (64u << 20));
}

int main(void) {
    UT_RUN(test_rate_tc_table);
    UT_RUN(test_rate_refused);
    UT_RUN(test_sizes_and_ms);
    return ut_finish();
}
