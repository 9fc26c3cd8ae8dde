// unit-sources: src/core/jmath.c
/* test_jmath.c - unit tests for src/core/jmath.c (Java float semantics
 * without libc): d2i/d2l/f2i/f2l edge cases (JLS 5.1.3), and drem/frem,
 * sqrt, floor, ceil, rint, fabs compared bit-for-bit with the host libm
 * (glibc's fmod/floor/ceil/rint/sqrt are exact) on special values and
 * millions of random bit patterns.
 * Build: gcc -Isrc -Itests/unit tests/unit/test_jmath.c src/core/jmath.c -lm */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "unit_test.h"
#include "core/jmath.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static uint64_t d2b(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double b2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint32_t f2b(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float b2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static uint64_t rng_state = 0xfeedface12345678ULL;
static uint64_t rng(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Same bits, or both NaN (Java does not distinguish NaN payloads). */
static int same_d(double a, double b) { return (a != a && b != b) || d2b(a) == d2b(b); }
static int same_f(float a, float b) { return (a != a && b != b) || f2b(a) == f2b(b); }

static const double DSPECIAL[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
    -0.49999999999999994, 4503599627370495.5, -4503599627370495.5, 4503599627370497.0,
    9007199254740993.0, 1e300, -1e300, 4.9e-324, -4.9e-324, 2.2250738585072014e-308,
    1.7976931348623157e308, -1.7976931348623157e308, 3.0, 7.0, 0.1, 1e-310,
    2147483647.0, 2147483647.5, 2147483648.0, -2147483648.0, -2147483648.5,
    -2147483649.0, 9.2233720368547758e18, -9.2233720368547758e18, 1e19, -1e19,
};

static double dspecial(int i, int *n) {
    static double extra[3];
    extra[0] = b2d(0x7ff0000000000000ULL);
    extra[1] = b2d(0xfff0000000000000ULL);
    extra[2] = b2d(0x7ff8000000000000ULL);
    int base = (int)(sizeof DSPECIAL / sizeof DSPECIAL[0]);
    *n = base + 3;
    return i < base ? DSPECIAL[i] : extra[i - base];
}

static void test_conversions(void) {
    double inf = b2d(0x7ff0000000000000ULL), nan = b2d(0x7ff8000000000000ULL);
    UT_CHECK_EQ_INT(jm_d2i(nan), 0);
    UT_CHECK_EQ_INT(jm_d2i(inf), INT32_MAX);
    UT_CHECK_EQ_INT(jm_d2i(-inf), INT32_MIN);
    UT_CHECK_EQ_INT(jm_d2i(2147483647.9), INT32_MAX);
    UT_CHECK_EQ_INT(jm_d2i(2147483648.0), INT32_MAX);
    UT_CHECK_EQ_INT(jm_d2i(-2147483648.9), INT32_MIN);
    UT_CHECK_EQ_INT(jm_d2i(-2147483649.0), INT32_MIN);
    UT_CHECK_EQ_INT(jm_d2i(-1.9), -1);
    UT_CHECK_EQ_INT(jm_d2i(1.9), 1);
    UT_CHECK_EQ_INT(jm_d2i(-0.0), 0);
    UT_CHECK_EQ_INT(jm_d2i(1e300), INT32_MAX);
    UT_CHECK_EQ_INT(jm_d2l(nan), 0);
    UT_CHECK(jm_d2l(inf) == INT64_MAX);
    UT_CHECK(jm_d2l(-inf) == INT64_MIN);
    UT_CHECK(jm_d2l(9.2233720368547758e18) == INT64_MAX);
    UT_CHECK(jm_d2l(9.2233720368547748e18) == 9223372036854774784LL);
    UT_CHECK(jm_d2l(-9.2233720368547758e18) == INT64_MIN);
    UT_CHECK(jm_d2l(-1e30) == INT64_MIN);
    UT_CHECK(jm_d2l(-2.5) == -2);
    UT_CHECK(jm_d2l(4503599627370497.0) == 4503599627370497LL);
    float fnan = b2f(0x7fc00000u), finf = b2f(0x7f800000u);
    UT_CHECK_EQ_INT(jm_f2i(fnan), 0);
    UT_CHECK_EQ_INT(jm_f2i(finf), INT32_MAX);
    UT_CHECK_EQ_INT(jm_f2i(-finf), INT32_MIN);
    UT_CHECK_EQ_INT(jm_f2i(2147483648.0f), INT32_MAX);
    UT_CHECK_EQ_INT(jm_f2i(2147483520.0f), 2147483520);
    UT_CHECK_EQ_INT(jm_f2i(-2147483648.0f), INT32_MIN);
    UT_CHECK_EQ_INT(jm_f2i(-3.99f), -3);
    UT_CHECK(jm_f2l(fnan) == 0);
    UT_CHECK(jm_f2l(finf) == INT64_MAX);
    UT_CHECK(jm_f2l(-finf) == INT64_MIN);
    UT_CHECK(jm_f2l(9.223372e18f) == INT64_MAX);
    UT_CHECK(jm_f2l(9.2233715e18f) == 9223371487098961920LL);
    UT_CHECK(jm_f2l(-1e30f) == INT64_MIN);
    UT_CHECK(jm_f2l(16777217.0f) == 16777216LL);
    /* random: agree with the C cast inside the range */
    for (int i = 0; i < 1000000; i++) {
        double d = b2d(rng());
        if (d != d)
            continue;
        int32_t ei = d >= 2147483648.0 ? INT32_MAX : d <= -2147483649.0 ? INT32_MIN
                   : (d > -2147483649.0 && d < 2147483648.0) ? (int32_t)d : 0;
        if (jm_d2i(d) != ei) {
            UT_CHECK(!"d2i random");
            break;
        }
        float f = b2f((uint32_t)rng());
        if (f != f)
            continue;
        int64_t el = f >= 9.2233720e18f ? INT64_MAX : f <= -9.2233720e18f ? INT64_MIN : (int64_t)f;
        if (jm_f2l(f) != el) {
            UT_CHECK(!"f2l random");
            break;
        }
    }
}

static void test_fmod(void) {
    int n;
    dspecial(0, &n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double a = dspecial(i, &n), b = dspecial(j, &n);
            if (!same_d(jm_fmod(a, b), fmod(a, b))) {
                fprintf(stderr, "  fmod(%a, %a) = %a, libm %a\n", a, b, jm_fmod(a, b), fmod(a, b));
                UT_CHECK(!"fmod special");
            }
        }
    UT_CHECK(d2b(jm_fmod(-0.0, 1.0)) == d2b(-0.0));
    UT_CHECK(d2b(jm_fmod(-4.0, 2.0)) == d2b(-0.0));
    UT_CHECK(jm_fmod(5.5, -2.0) == 1.5);
    UT_CHECK(jm_fmod(-5.5, 2.0) == -1.5);
    int bad = 0;
    for (int i = 0; i < 2000000 && bad < 5; i++) {
        uint64_t ua = rng(), ub = rng();
        if (i % 3 == 1)   /* close exponents */
            ub = (ub & 0x800FFFFFFFFFFFFFULL) | (((ua >> 52) & 0x7ff) - (rng() % 60)) << 52;
        if (i % 5 == 2)   /* subnormal divisor */
            ub &= 0x800FFFFFFFFFFFFFULL;
        double a = b2d(ua), b = b2d(ub);
        if (!same_d(jm_fmod(a, b), fmod(a, b))) {
            bad++;
            fprintf(stderr, "  fmod(%a, %a) = %a, libm %a\n", a, b, jm_fmod(a, b), fmod(a, b));
        }
        float fa = b2f((uint32_t)ua), fb = b2f((uint32_t)(ub >> 32));
        if (i % 3 == 1)
            fb = b2f((f2b(fb) & 0x807FFFFFu) | ((((f2b(fa) >> 23) & 0xff) - (uint32_t)(rng() % 30)) & 0xff) << 23);
        if (!same_f(jm_fmodf(fa, fb), fmodf(fa, fb))) {
            bad++;
            fprintf(stderr, "  fmodf(%a, %a) = %a, libm %a\n", fa, fb, jm_fmodf(fa, fb), fmodf(fa, fb));
        }
    }
    UT_CHECK_EQ_INT(bad, 0);
}

static void test_rounding(void) {
    int n, bad = 0;
    dspecial(0, &n);
    for (int i = 0; i < n + 2000000 && bad < 5; i++) {
        double d;
        if (i < n) {
            d = dspecial(i, &n);
        } else {
            uint64_t u = rng();
            if (i & 1)   /* exponents around the integer/fraction boundary */
                u = (u & 0x800FFFFFFFFFFFFFULL) | ((uint64_t)(1010 + rng() % 50) << 52);
            if ((i & 7) == 2)   /* exact halves */
                u = d2b((double)(int64_t)(rng() % 2000000 - 1000000) + 0.5);
            d = b2d(u);
        }
        if (!same_d(jm_floor(d), floor(d)) || !same_d(jm_ceil(d), ceil(d)) ||
            !same_d(jm_rint(d), rint(d)) || !same_d(jm_fabs(d), fabs(d)) ||
            !same_d(jm_sqrt(d), sqrt(d))) {
            bad++;
            fprintf(stderr, "  %a: floor %a/%a ceil %a/%a rint %a/%a sqrt %a/%a\n", d,
                    jm_floor(d), floor(d), jm_ceil(d), ceil(d), jm_rint(d), rint(d),
                    jm_sqrt(d), sqrt(d));
        }
    }
    UT_CHECK_EQ_INT(bad, 0);
    UT_CHECK(jm_rint(0.5) == 0.0 && jm_rint(1.5) == 2.0 && jm_rint(2.5) == 2.0);
    UT_CHECK(d2b(jm_rint(-0.5)) == d2b(-0.0));
    UT_CHECK(d2b(jm_ceil(-0.5)) == d2b(-0.0));
    UT_CHECK(jm_floor(-0.5) == -1.0);
    UT_CHECK(jm_sqrt(-1.0) != jm_sqrt(-1.0));
    UT_CHECK(d2b(jm_sqrt(-0.0)) == d2b(-0.0));
}

int main(void) {
    UT_RUN(test_conversions);
    UT_RUN(test_fmod);
    UT_RUN(test_rounding);
    return ut_finish();
}
