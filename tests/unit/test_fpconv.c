// unit-sources: src/core/fpconv.c src/core/fpconv_parse.c src/core/fpconv_table.c
/* test_fpconv.c - unit tests for src/core/fpconv.c and fpconv_parse.c.
 *
 *  - every line of tests/unit/data/fpconv_ref.txt (generated once with
 *    Temurin 25, the JDK 19+ shortest Double.toString; see FpconvRef.java):
 *    D/F lines: printing gives Java's text, and parsing the text (as double,
 *    and as float for F lines) gives back the same bits;
 *    P/Q lines: Double.parseDouble / Float.parseFloat results (or ERR);
 *  - white-space and length-bounded inputs the reference file cannot hold;
 *  - self-checks on many random values against the C library: round trip,
 *    the shortest property (no decimal with one digit fewer round-trips),
 *    parse results equal strtod/strtof (glibc rounds correctly);
 *  - timings (ns per conversion), printed as INFO lines.
 *
 * Usage: test_fpconv [path/to/fpconv_ref.txt] (default: next to this file).
 * Build: gcc -Isrc tests/unit/test_fpconv.c src/core/fpconv*.c -lm
 *
 * Where OpenJDK 17's Double.toString differs from the current (JDK 19+)
 * specification see tests/conformance/JDK17_FLOAT_DIFFERENCES.md (generated
 * by running both JDKs); e.g. 1.0E23 prints as "9.999999999999999E22" in
 * JDK 17 and "1.0E23" now, 2^-44 as "5.6843418860808015E-14" vs
 * "5.684341886080802E-14", 2 * Double.MIN_VALUE as "1.0E-323" vs "9.9E-324";
 * 2.0E-3 prints as "0.002" in both (JDK 17.0.15 does not print "0.0020"). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "unit_test.h"
#include "core/fpconv.h"

#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

static const char *ref_path = NULL;
static char default_path[4096];

static uint64_t d2b(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double b2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint32_t f2b(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float b2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static uint64_t rng_state = 0x123456789abcdefULL;
static uint64_t rng(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int nfail_lines;
static void report_line(const char *what, const char *line, const char *got) {
    if (nfail_lines++ < 20)
        fprintf(stderr, "  mismatch (%s): %s  -> got %s\n", what, line, got);
}

/* ---- the reference file -------------------------------------------------- */

static void test_reference_file(void) {
    FILE *fp = fopen(ref_path, "r");
    if (!fp) {
        UT_CHECK(!"cannot open fpconv_ref.txt");
        return;
    }
    static char line[1 << 16];
    long n[4] = { 0 };
    int bad = 0;
    while (fgets(line, sizeof line, fp)) {
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (len < 4)
            continue;
        char kind = line[0];
        char *hex = line + 2;
        char *sp = strchr(hex, ' ');
        if (!sp)
            continue;
        *sp = 0;
        const char *text = sp + 1;
        size_t tl = strlen(text);
        char buf[FPCONV_BUFSZ + 8];
        char got[64];
        if (kind == 'D') {
            uint64_t bits = strtoull(hex, NULL, 16);
            size_t k = fpconv_double_to_java(b2d(bits), buf);
            buf[k] = 0;
            if (k >= FPCONV_BUFSZ || strcmp(buf, text) != 0) {
                bad++;
                report_line("Double.toString", text, buf);
            }
            double back;
            if (!fpconv_parse_double(text, tl, &back) ||
                (d2b(back) != bits && !(back != back && b2d(bits) != b2d(bits)))) {
                bad++;
                snprintf(got, sizeof got, "%016llx", (unsigned long long)d2b(back));
                report_line("parse(Double.toString)", text, got);
            }
            n[0]++;
        } else if (kind == 'F') {
            uint32_t bits = (uint32_t)strtoul(hex, NULL, 16);
            size_t k = fpconv_float_to_java(b2f(bits), buf);
            buf[k] = 0;
            if (k >= FPCONV_BUFSZ || strcmp(buf, text) != 0) {
                bad++;
                report_line("Float.toString", text, buf);
            }
            float back;
            if (!fpconv_parse_float(text, tl, &back) ||
                (f2b(back) != bits && !(back != back && b2f(bits) != b2f(bits)))) {
                bad++;
                snprintf(got, sizeof got, "%08x", f2b(back));
                report_line("parse(Float.toString)", text, got);
            }
            n[1]++;
        } else if (kind == 'P') {
            double v;
            bool ok = fpconv_parse_double(text, tl, &v);
            if (ok)
                snprintf(got, sizeof got, "%016llx", (unsigned long long)d2b(v));
            else
                snprintf(got, sizeof got, "ERR");
            if (strcmp(got, hex) != 0) {
                bad++;
                report_line("Double.parseDouble", text, got);
            }
            n[2]++;
        } else if (kind == 'Q') {
            float v;
            bool ok = fpconv_parse_float(text, tl, &v);
            if (ok)
                snprintf(got, sizeof got, "%08x", f2b(v));
            else
                snprintf(got, sizeof got, "ERR");
            if (strcmp(got, hex) != 0) {
                bad++;
                report_line("Float.parseFloat", text, got);
            }
            n[3]++;
        }
    }
    fclose(fp);
    printf("INFO: reference lines: %ld double, %ld float printed; %ld double, %ld float parsed; %d mismatches\n",
           n[0], n[1], n[2], n[3], bad);
    UT_CHECK(n[0] > 1000 && n[1] > 500 && n[2] > 500 && n[3] > 500);
    UT_CHECK_EQ_INT(bad, 0);
}

/* ---- fixed cases --------------------------------------------------------- */

static const char *pd(double v) {
    static char buf[FPCONV_BUFSZ + 1];
    buf[fpconv_double_to_java(v, buf)] = 0;
    return buf;
}
static const char *pf(float v) {
    static char buf[FPCONV_BUFSZ + 1];
    buf[fpconv_float_to_java(v, buf)] = 0;
    return buf;
}

static void test_print_fixed(void) {
    UT_CHECK_EQ_STR(pd(100.0), "100.0");
    UT_CHECK_EQ_STR(pd(0.001), "0.001");
    UT_CHECK_EQ_STR(pd(1234567.0), "1234567.0");
    UT_CHECK_EQ_STR(pd(1.0e7), "1.0E7");
    UT_CHECK_EQ_STR(pd(1.0e-5), "1.0E-5");
    UT_CHECK_EQ_STR(pd(1.2345e-300), "1.2345E-300");
    UT_CHECK_EQ_STR(pd(4.9e-324), "4.9E-324");
    UT_CHECK_EQ_STR(pd(2.0e-3), "0.002");
    UT_CHECK_EQ_STR(pd(1.0e23), "1.0E23");
    UT_CHECK_EQ_STR(pd(-0.0), "-0.0");
    UT_CHECK_EQ_STR(pd(0.0), "0.0");
    UT_CHECK_EQ_STR(pd(b2d(0x7ff8000000000000ULL)), "NaN");
    UT_CHECK_EQ_STR(pd(b2d(0xfff0000000000001ULL)), "NaN");
    UT_CHECK_EQ_STR(pd(b2d(0x7ff0000000000000ULL)), "Infinity");
    UT_CHECK_EQ_STR(pd(b2d(0xfff0000000000000ULL)), "-Infinity");
    UT_CHECK_EQ_STR(pd(1.7976931348623157e308), "1.7976931348623157E308");
    UT_CHECK_EQ_STR(pd(-1.5), "-1.5");
    UT_CHECK_EQ_STR(pf(1.4e-45f), "1.4E-45");
    UT_CHECK_EQ_STR(pf(3.4028235e38f), "3.4028235E38");
    UT_CHECK_EQ_STR(pf(0.1f), "0.1");
    UT_CHECK_EQ_STR(pf(1.0e10f), "1.0E10");
    UT_CHECK_EQ_STR(pf(-0.0f), "-0.0");
    /* the longest forms fit FPCONV_BUFSZ */
    UT_CHECK(fpconv_double_to_java(-2.2250738585072014e-308, (char[FPCONV_BUFSZ]){0}) < FPCONV_BUFSZ);
    UT_CHECK(fpconv_double_to_java(-0.0012345678901234567, (char[FPCONV_BUFSZ]){0}) < FPCONV_BUFSZ);
}

static bool parse_d(const char *s, uint64_t *bits) {
    double v;
    if (!fpconv_parse_double(s, strlen(s), &v))
        return false;
    *bits = d2b(v);
    return true;
}

static void test_parse_fixed(void) {
    uint64_t b = 0;
    UT_CHECK(parse_d("  1.5\t\n", &b) && b == d2b(1.5));
    UT_CHECK(parse_d("\x01 -2.5e1 \x1f", &b) && b == d2b(-25.0));
    UT_CHECK(parse_d(" NaN ", &b) && b == 0x7ff8000000000000ULL);
    UT_CHECK(parse_d(" -Infinity", &b) && b == 0xfff0000000000000ULL);
    UT_CHECK(!parse_d("   ", &b));
    UT_CHECK(!parse_d("1 5", &b));
    UT_CHECK(!parse_d("1.5\x7f", &b));
    /* the length bounds the input: no NUL needed, nothing read past n */
    double v;
    UT_CHECK(fpconv_parse_double("1.25e2XYZ", 6, &v) && v == 125.0);
    UT_CHECK(fpconv_parse_double("12345", 2, &v) && v == 12.0);
    UT_CHECK(!fpconv_parse_double("", 0, &v));
    UT_CHECK(!fpconv_parse_double(NULL, 0, &v));
    float f;
    UT_CHECK(fpconv_parse_float("  3.5f ", 7, &f) && f == 3.5f);
    /* float rounds directly (not via double): 1 + 2^-24 + 2^-70 */
    UT_CHECK(fpconv_parse_float("1.00000005960464477539062500000000000000000000001", 49, &f) &&
             f2b(f) == 0x3f800001u);
    UT_CHECK(fpconv_parse_float("1.000000059604644775390625", 26, &f) && f2b(f) == 0x3f800000u);
    /* a huge number of digits */
    size_t big = 200000;
    char *s = malloc(big + 8);
    memset(s, '0', big);
    s[0] = '1';
    s[1] = '.';
    s[big - 1] = '1';
    memcpy(s + big, "e-1", 4);
    UT_CHECK(fpconv_parse_double(s, big + 3, &v) && v == 0.1);
    s[big - 1] = '0';
    UT_CHECK(fpconv_parse_double(s, big + 3, &v) && v == 0.1);
    /* leading zeros, many of them */
    memset(s, '0', big);
    s[1] = '.';
    s[big - 1] = '7';
    memcpy(s + big, "e199990", 8);
    UT_CHECK(fpconv_parse_double(s, big + 7, &v) && v == 7e-8);
    free(s);
}

/* ---- random self-checks against libc ------------------------------------ */

/* The number of significant digits of Java text (before any 'E'). */
static int sig_digits(const char *s) {
    int n = 0, trailing_zeros = 0;
    bool started = false;
    for (const char *p = s; *p && *p != 'E'; p++) {
        if (*p < '0' || *p > '9')
            continue;
        if (!started && *p == '0')
            continue;
        started = true;
        n++;
        trailing_zeros = *p == '0' ? trailing_zeros + 1 : 0;
    }
    return n - trailing_zeros;
}

static void test_random_double_shortest(void) {
    int bad = 0;
    for (int i = 0; i < 300000; i++) {
        uint64_t bits = rng();
        if (i & 1)
            bits &= 0x800FFFFFFFFFFFFFULL | ((uint64_t)(rng() % 2047) << 52);
        double v = b2d(bits);
        if (v != v || v - v != 0)
            continue;
        char buf[FPCONV_BUFSZ + 1];
        size_t k = fpconv_double_to_java(v, buf);
        buf[k] = 0;
        /* round trip, checked through libc strtod as well */
        if (d2b(strtod(buf, NULL)) != bits) {
            if (bad++ < 5)
                fprintf(stderr, "  strtod(%s) != %016llx\n", buf, (unsigned long long)bits);
            continue;
        }
        /* shortest: no decimal with one digit fewer round-trips (the two
         * nearest such decimals are printed by %.*e rounding down/up) */
        int n = sig_digits(buf);
        if (n >= 3) {
            char t[64];
            snprintf(t, sizeof t, "%.*e", n - 2, v);   /* n-1 digits, nearest */
            double lo = strtod(t, NULL);
            if (lo == v) {
                if (bad++ < 5)
                    fprintf(stderr, "  %s not shortest (%s)\n", buf, t);
            }
        }
    }
    UT_CHECK_EQ_INT(bad, 0);
}

static void test_random_float_shortest(void) {
    int bad = 0;
    for (int i = 0; i < 300000; i++) {
        uint32_t bits = (uint32_t)rng();
        float v = b2f(bits);
        if (v != v || v - v != 0)
            continue;
        char buf[FPCONV_BUFSZ + 1];
        size_t k = fpconv_float_to_java(v, buf);
        buf[k] = 0;
        if (f2b(strtof(buf, NULL)) != bits) {
            if (bad++ < 5)
                fprintf(stderr, "  strtof(%s) != %08x\n", buf, bits);
            continue;
        }
        int n = sig_digits(buf);
        if (n >= 3) {
            char t[64];
            snprintf(t, sizeof t, "%.*e", n - 2, (double)v);
            if (strtof(t, NULL) == v && bad++ < 5)
                fprintf(stderr, "  %s not shortest (%s)\n", buf, t);
        }
    }
    UT_CHECK_EQ_INT(bad, 0);
}

/* Random decimal strings, including ones near rounding boundaries, parsed
 * by us and by glibc (correctly rounded). */
static void test_random_parse_vs_libc(void) {
    int bad = 0;
    char s[2100];
    for (int i = 0; i < 200000; i++) {
        size_t n = 0;
        int mode = (int)(rng() % 4);
        if (mode == 0) {
            /* near a double midpoint: print the midpoint with 40 digits,
             * perturb the last digit */
            double v = b2d(rng() & 0x7FEFFFFFFFFFFFFFULL);
            if (i & 2)
                v = b2d(rng() & 0x000FFFFFFFFFFFFFULL);
            long double mid = ((long double)v + (long double)nextafter(v, 1e308)) / 2;
            n = (size_t)snprintf(s, sizeof s, "%.40Le", mid);
        } else if (mode == 1) {
            float v = b2f((uint32_t)rng() & 0x7F7FFFFFu);
            double mid = ((double)v + (double)nextafterf(v, 1e30f)) / 2;   /* exact */
            n = (size_t)snprintf(s, sizeof s, "%.30e", mid);
            if (i & 4) {
                /* exact midpoint digits then a perturbation far out */
                n = (size_t)snprintf(s, sizeof s, "%.60e", mid);
            }
        } else {
            int nd = 1 + (int)(rng() % (mode == 2 ? 20 : 900));
            s[n++] = (char)('1' + rng() % 9);
            for (int k = 1; k < nd; k++)
                s[n++] = (char)('0' + rng() % 10);
            n += (size_t)snprintf(s + n, sizeof s - n, "e%d", (int)(rng() % 700) - 360 - nd);
        }
        double a, b = strtod(s, NULL);
        float fa, fb = strtof(s, NULL);
        if (!fpconv_parse_double(s, n, &a) || d2b(a) != d2b(b)) {
            if (bad++ < 5)
                fprintf(stderr, "  parse_double(%s): %016llx, strtod %016llx\n", s,
                        (unsigned long long)d2b(a), (unsigned long long)d2b(b));
        }
        if (!fpconv_parse_float(s, n, &fa) || f2b(fa) != f2b(fb)) {
            if (bad++ < 5)
                fprintf(stderr, "  parse_float(%s): %08x, strtof %08x\n", s, f2b(fa), f2b(fb));
        }
    }
    UT_CHECK_EQ_INT(bad, 0);
}

/* ---- timing -------------------------------------------------------------- */

static void test_timing(void) {
    enum { N = 1000000 };
    char buf[FPCONV_BUFSZ];
    volatile size_t sink = 0;
    uint64_t seed = rng_state;
    static double dv[N];
    static float fv[N];
    for (int i = 0; i < N; i++) {
        dv[i] = b2d(rng() & 0x7FEFFFFFFFFFFFFFULL);
        fv[i] = b2f((uint32_t)rng() & 0x7F7FFFFFu);
    }
    double t0 = now_ns();
    for (int i = 0; i < N; i++)
        sink += fpconv_double_to_java(dv[i], buf);
    double t1 = now_ns();
    double print_ns = (t1 - t0) / N;
    t0 = now_ns();
    for (int i = 0; i < N; i++)
        sink += fpconv_float_to_java(fv[i], buf);
    t1 = now_ns();
    double printf_ns = (t1 - t0) / N;
    /* short values (few digits, plain notation) */
    for (int i = 0; i < N; i++)
        dv[i] = (double)(rng() % 100000) / 100;
    t0 = now_ns();
    for (int i = 0; i < N; i++)
        sink += fpconv_double_to_java(dv[i], buf);
    t1 = now_ns();
    double prints_ns = (t1 - t0) / N;

    /* parse: the shortest texts of random doubles */
    enum { M = 200000 };
    static char texts[M][FPCONV_BUFSZ];
    static size_t lens[M];
    rng_state = seed;
    for (int i = 0; i < M; i++)
        lens[i] = fpconv_double_to_java(b2d(rng() & 0x7FEFFFFFFFFFFFFFULL), texts[i]);
    t0 = now_ns();
    double acc = 0;
    for (int r = 0; r < 5; r++)
        for (int i = 0; i < M; i++) {
            double v;
            fpconv_parse_double(texts[i], lens[i], &v);
            acc += v;
        }
    t1 = now_ns();
    double parse_ns = (t1 - t0) / (5.0 * M);
    /* hard parse: 40-digit near-midpoints go through the big-integer route */
    enum { H = 20000 };
    static char hard[H][64];
    for (int i = 0; i < H; i++) {
        double v = b2d(rng() & 0x7FEFFFFFFFFFFFFFULL);
        long double mid = ((long double)v + (long double)nextafter(v, 1e308)) / 2;
        snprintf(hard[i], sizeof hard[i], "%.40Le", mid);
    }
    t0 = now_ns();
    for (int i = 0; i < H; i++) {
        double v;
        fpconv_parse_double(hard[i], strlen(hard[i]), &v);
        acc += v;
    }
    t1 = now_ns();
    double hard_ns = (t1 - t0) / H;
    printf("INFO: ns per conversion: fpconv_double_to_java %.1f (random bits), %.1f (x/100), "
           "fpconv_float_to_java %.1f; fpconv_parse_double %.1f (shortest texts), "
           "%.0f (40-digit near-midpoints, exact route)\n",
           print_ns, prints_ns, printf_ns, parse_ns, hard_ns);
    (void)acc;
    UT_CHECK(sink > 0);
}

int main(int argc, char **argv) {
    if (argc > 1) {
        ref_path = argv[1];
    } else {
        const char *file = __FILE__;
        const char *slash = strrchr(file, '/');
        size_t dl = slash ? (size_t)(slash - file + 1) : 0;
        snprintf(default_path, sizeof default_path, "%.*sdata/fpconv_ref.txt", (int)dl, file);
        ref_path = default_path;
    }
    UT_RUN(test_print_fixed);
    UT_RUN(test_parse_fixed);
    UT_RUN(test_reference_file);
    UT_RUN(test_random_double_shortest);
    UT_RUN(test_random_float_shortest);
    UT_RUN(test_random_parse_vs_libc);
    UT_RUN(test_timing);
    return ut_finish();
}
