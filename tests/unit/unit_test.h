/* unit_test.h - minimal unit-test helpers for the C pieces.
 *
 * Every test binary prints one line per check group:
 *     PASS: <name>
 *     FAIL: <name>: <why>
 * and exits non-zero if anything failed.  tests/run_tests.sh counts the
 * lines.  Usage:
 *
 *     static void test_foo(void) {
 *         UT_CHECK(1 + 1 == 2);
 *         UT_CHECK_EQ_INT(f(3), 9);
 *     }
 *     int main(void) { UT_RUN(test_foo); return ut_finish(); }
 */
#ifndef VIFVM_UNIT_TEST_H
#define VIFVM_UNIT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ut_failed_total, ut_passed_total, ut_cur_failed;
static char ut_cur_msg[512];

#define UT_CHECK(cond) do { if (!(cond) && !ut_cur_failed) { ut_cur_failed = 1; \
    snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s:%d: %s", __FILE__, __LINE__, #cond); } } while (0)
#define UT_CHECK_EQ_INT(a, b) do { long long ut_a = (long long)(a), ut_b = (long long)(b); \
    if (ut_a != ut_b && !ut_cur_failed) { ut_cur_failed = 1; \
    snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s:%d: %s == %lld, expected %lld", \
             __FILE__, __LINE__, #a, ut_a, ut_b); } } while (0)
#define UT_CHECK_EQ_STR(a, b) do { const char *ut_a = (a), *ut_b = (b); \
    if ((!ut_a || strcmp(ut_a, ut_b) != 0) && !ut_cur_failed) { ut_cur_failed = 1; \
    snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s:%d: %s == \"%s\", expected \"%s\"", \
             __FILE__, __LINE__, #a, ut_a ? ut_a : "(null)", ut_b); } } while (0)

#define UT_RUN(fn) do { ut_cur_failed = 0; fn(); \
    if (ut_cur_failed) { ut_failed_total++; printf("FAIL: %s: %s\n", #fn, ut_cur_msg); } \
    else { ut_passed_total++; printf("PASS: %s\n", #fn); } fflush(stdout); } while (0)

static inline int ut_finish(void) { return ut_failed_total ? 1 : 0; }

/* The whole file at path in a malloc'ed buffer (free it), its size in
 * *len; NULL if it cannot be opened or read. */
static inline unsigned char *ut_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *b = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (b = malloc((size_t)n + 1)) != NULL &&
        fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) *len = (size_t)n;
    return b;
}

#endif
