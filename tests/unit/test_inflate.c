// unit-sources: src/classfile/inflate.c src/core/diag.c src/core/fmt.c src/core/mem.c src/core/status.c
/* test_inflate.c - unit tests for src/classfile/inflate.c against zlib.
 *
 * Round trips at every zlib level and strategy on random and structured
 * data, empty and stored streams, hand-built corrupt streams (one per
 * validation rule), truncation at every length, random mutations compared
 * with zlib's verdict (differential), and random valid Huffman code sets
 * (deep subtables).  `test_inflate --bench [FILE]` measures decode
 * throughput against zlib on ~10 MB.
 *
 * Build: cc -Isrc tests/unit/test_inflate.c src/classfile/inflate.c
 *        src/core/{diag,fmt,mem,status}.c -lz
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <zlib.h>

#include "unit_test.h"
#include "classfile/inflate.h"

/* ---- helpers ------------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Raw-deflate `in` with zlib; returns malloc'd stream. */
static uint8_t *zdeflate(const uint8_t *in, size_t n, int level, int strategy,
                         size_t *out_n) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, strategy) != Z_OK) abort();
    size_t cap = deflateBound(&z, n) + 64;
    uint8_t *out = malloc(cap);
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) abort();
    *out_n = z.total_out;
    deflateEnd(&z);
    return out;
}

enum { Z_OKAY, Z_ERROR, Z_FULL };
/* Raw-inflate with zlib into out[cap]; classify the outcome. */
static int zinflate(const uint8_t *in, size_t n, uint8_t *out, size_t cap,
                    size_t *got) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK) abort();
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    int r = inflate(&z, Z_FINISH);
    *got = z.total_out;
    int full = z.avail_out == 0;
    inflateEnd(&z);
    if (r == Z_STREAM_END) return Z_OKAY;
    if (r == Z_BUF_ERROR && full) return Z_FULL;
    return Z_ERROR;
}

static void gen_data(int kind, uint8_t *p, size_t n) {
    static const char *words[] = {"java", "lang", "Object", "String", "the ",
        "class", "method", "<init>", "()V", "Ljava/lang/String;", " ", "\n",
        "public", "static", "void", "main", "int", "return", "if", "else"};
    size_t i = 0;
    switch (kind) {
    case 0: /* random */
        for (; i < n; i++) p[i] = (uint8_t)rnd();
        break;
    case 1: /* text-like */
        while (i < n) {
            const char *w = words[rnd() % 20];
            for (size_t k = 0; w[k] && i < n; k++) p[i++] = (uint8_t)w[k];
        }
        break;
    case 2: /* zeros */
        memset(p, 0, n);
        break;
    case 3: /* runs of random lengths */
        while (i < n) {
            uint8_t b = (uint8_t)rnd();
            size_t r = 1 + rnd() % 300;
            for (size_t k = 0; k < r && i < n; k++) p[i++] = b;
        }
        break;
    case 4: /* small alphabet (skewed Huffman codes) */
        for (; i < n; i++) {
            uint32_t r = rnd() % 1000;
            p[i] = r < 500 ? 'a' : r < 750 ? 'b' : r < 875 ? 'c' : r < 990 ? 'd'
                 : (uint8_t)(r & 0xFF);
        }
        break;
    default: /* structured binary: little-endian counters, mostly small */
        for (; i < n; i++) p[i] = (uint8_t)((i / 4) >> (8 * (i % 4)));
        break;
    }
}

/* ---- round trips ------------------------------------------------------- */

static int roundtrip_one(const uint8_t *data, size_t n, int level, int strat) {
    size_t cn;
    uint8_t *c = zdeflate(data, n, level, strat, &cn);
    uint8_t *out = malloc(n + 1);
    size_t got = 0;
    int ok = inflate_raw(c, cn, out, n, &got) == VM_OK && got == n &&
             memcmp(out, data, n) == 0;
    /* one byte short of room must be a size error, never a write */
    if (ok && n > 0) {
        vm_status s = inflate_raw(c, cn, out, n - 1, &got);
        ok = s == VM_ERR_ZIP_LIMIT;
    }
    free(out);
    free(c);
    return ok;
}

static void test_roundtrip_levels(void) {
    static const size_t sizes[] = {1, 2, 3, 100, 1000, 4096, 65535, 65536,
                                   70000, 300000};
    static const int strats[] = {Z_DEFAULT_STRATEGY, Z_FILTERED,
                                 Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED};
    uint8_t *buf = malloc(300000);
    int fails = 0, runs = 0;
    for (int kind = 0; kind < 6; kind++) {
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            size_t n = sizes[si];
            gen_data(kind, buf, n);
            for (int level = 0; level <= 9; level++) {
                for (int st = 0; st < 5; st++) {
                    if (st > 0 && level != 6) continue;
                    runs++;
                    if (!roundtrip_one(buf, n, level, strats[st])) {
                        if (!fails)
                            fprintf(stderr, "roundtrip fail kind=%d n=%zu level=%d strat=%d\n",
                                    kind, n, level, st);
                        fails++;
                    }
                }
            }
        }
    }
    free(buf);
    UT_CHECK(runs > 600);
    UT_CHECK_EQ_INT(fails, 0);
}

static void test_empty(void) {
    size_t got = 7;
    uint8_t out[4];
    /* no input at all: truncated */
    UT_CHECK_EQ_INT(inflate_raw(NULL, 0, out, sizeof out, &got), VM_ERR_INFLATE);
    UT_CHECK_EQ_INT(got, 0);
    /* zlib's empty stream, at each level */
    for (int level = 0; level <= 9; level++) {
        size_t cn;
        uint8_t *c = zdeflate((const uint8_t *)"", 0, level, Z_DEFAULT_STRATEGY, &cn);
        UT_CHECK_EQ_INT(inflate_raw(c, cn, NULL, 0, &got), VM_OK);
        UT_CHECK_EQ_INT(got, 0);
        free(c);
    }
    /* fixed block holding only end-of-block: 0x03 0x00 */
    UT_CHECK_EQ_INT(inflate_raw((const uint8_t *)"\x03\x00", 2, out, 0, &got), VM_OK);
}

static void test_stored(void) {
    uint8_t out[64];
    size_t got;
    /* final stored block "hello" */
    static const uint8_t s1[] = {0x01, 5, 0, 0xFA, 0xFF, 'h', 'e', 'l', 'l', 'o'};
    UT_CHECK_EQ_INT(inflate_raw(s1, sizeof s1, out, sizeof out, &got), VM_OK);
    UT_CHECK_EQ_INT(got, 5);
    UT_CHECK(memcmp(out, "hello", 5) == 0);
    /* too little room */
    UT_CHECK_EQ_INT(inflate_raw(s1, sizeof s1, out, 4, &got), VM_ERR_ZIP_LIMIT);
    /* NLEN mismatch */
    static const uint8_t s2[] = {0x01, 5, 0, 0xFB, 0xFF, 'h', 'e', 'l', 'l', 'o'};
    UT_CHECK_EQ_INT(inflate_raw(s2, sizeof s2, out, sizeof out, &got), VM_ERR_INFLATE);
    /* LEN beyond the input */
    UT_CHECK_EQ_INT(inflate_raw(s1, sizeof s1 - 1, out, sizeof out, &got), VM_ERR_INFLATE);
    /* empty stored, non-final, then an empty final stored */
    static const uint8_t s3[] = {0x00, 0, 0, 0xFF, 0xFF, 0x01, 0, 0, 0xFF, 0xFF};
    UT_CHECK_EQ_INT(inflate_raw(s3, sizeof s3, out, sizeof out, &got), VM_OK);
    UT_CHECK_EQ_INT(got, 0);
    /* stored then a fixed block with a match reaching into the stored data:
     * "abc" stored, then fixed: match len 3 dist 3, EOB. */
    uint8_t big[70000];
    for (size_t i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7);
    size_t cn;
    uint8_t *c = zdeflate(big, sizeof big, 0, Z_DEFAULT_STRATEGY, &cn);
    uint8_t *o = malloc(sizeof big);
    UT_CHECK_EQ_INT(inflate_raw(c, cn, o, sizeof big, &got), VM_OK);
    UT_CHECK_EQ_INT(got, sizeof big);
    UT_CHECK(memcmp(o, big, sizeof big) == 0);
    free(o);
    free(c);
}

/* ---- hand-built streams ------------------------------------------------ */

typedef struct bitw {
    uint8_t buf[4096];
    size_t pos; /* in bits */
} bitw;

static void put_bits(bitw *w, uint32_t v, unsigned n) {
    for (unsigned i = 0; i < n; i++) {
        if ((v >> i) & 1) w->buf[w->pos >> 3] |= (uint8_t)(1u << (w->pos & 7));
        w->pos++;
    }
}
/* Huffman codes go MSB first. */
static void put_code(bitw *w, uint32_t code, unsigned len) {
    for (unsigned i = len; i-- > 0;) put_bits(w, (code >> i) & 1, 1);
}
static void put_fixed_lit(bitw *w, unsigned sym) {
    if (sym < 144) put_code(w, 0x30 + sym, 8);
    else if (sym < 256) put_code(w, 0x190 + sym - 144, 9);
    else if (sym < 280) put_code(w, sym - 256, 7);
    else put_code(w, 0xC0 + sym - 280, 8);
}
static size_t bytes_of(const bitw *w) { return (w->pos + 7) / 8; }

static vm_status run(const bitw *w, size_t *got) {
    static uint8_t out[1 << 16];
    return inflate_raw(w->buf, bytes_of(w), out, sizeof out, got);
}

/* Dynamic header with explicit litlen/dist lengths, coded with a flat
 * 4-bit precode for symbols 0..15 (so no repeat codes). */
static void put_dynamic_header(bitw *w, int final, const uint8_t *ll, unsigned hlit,
                               const uint8_t *dl, unsigned hdist) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4,
                                      12, 3, 13, 2, 14, 1, 15};
    put_bits(w, (unsigned)final, 1);
    put_bits(w, 2, 2);
    put_bits(w, hlit - 257, 5);
    put_bits(w, hdist - 1, 5);
    put_bits(w, 19 - 4, 4);
    for (int i = 0; i < 19; i++) put_bits(w, order[i] < 16 ? 4 : 0, 3);
    for (unsigned i = 0; i < hlit; i++) put_code(w, ll[i], 4);
    for (unsigned i = 0; i < hdist; i++) put_code(w, dl[i], 4);
}

/* Canonical codes for a length array. */
static void canon(const uint8_t *lens, unsigned n, uint32_t *codes) {
    unsigned count[16] = {0}, next[16] = {0};
    for (unsigned i = 0; i < n; i++) count[lens[i]]++;
    count[0] = 0;
    unsigned code = 0;
    for (unsigned b = 1; b < 16; b++) {
        code = (code + count[b - 1]) << 1;
        next[b] = code;
    }
    for (unsigned i = 0; i < n; i++)
        if (lens[i]) codes[i] = next[lens[i]]++;
}

static void test_corrupt_handbuilt(void) {
    size_t got;
    bitw w;
    /* block type 3 */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 3, 2);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* fixed block: literal/length symbol 286 */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 1, 2);
    put_fixed_lit(&w, 'a'); put_fixed_lit(&w, 286); put_bits(&w, 0, 5);
    put_fixed_lit(&w, 256);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* fixed block: distance symbol 30 */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 1, 2);
    put_fixed_lit(&w, 'a'); put_fixed_lit(&w, 257); put_code(&w, 30, 5);
    put_fixed_lit(&w, 256);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* distance beyond the output: 'a' then <len 3, dist 2> */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 1, 2);
    put_fixed_lit(&w, 'a'); put_fixed_lit(&w, 257); put_code(&w, 1, 5);
    put_fixed_lit(&w, 256);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* ... and distance 1 is fine: "aaaa" */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 1, 2);
    put_fixed_lit(&w, 'a'); put_fixed_lit(&w, 257); put_code(&w, 0, 5);
    put_fixed_lit(&w, 256);
    UT_CHECK_EQ_INT(run(&w, &got), VM_OK);
    UT_CHECK_EQ_INT(got, 4);

    uint8_t ll[288], dl[32];
    /* HLIT = 287 (> 286) */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 30, 5);
    put_bits(&w, 0, 5); put_bits(&w, 15, 4);
    for (int i = 0; i < 19; i++) put_bits(&w, 4, 3);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* HDIST = 31 (> 30) */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 0, 5);
    put_bits(&w, 30, 5); put_bits(&w, 15, 4);
    for (int i = 0; i < 19; i++) put_bits(&w, 4, 3);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);

    /* a valid dynamic block: 257 litlen codes (256 of 9 bits... use
     * lengths: 'a'=1, 256=2, 'b'=2), one distance code of 1 bit (allowed
     * incomplete) */
    memset(ll, 0, sizeof ll); memset(dl, 0, sizeof dl);
    ll['a'] = 1; ll['b'] = 2; ll[256] = 2; dl[0] = 1;
    uint32_t lc[288], dc[32];
    canon(ll, 257, lc); canon(dl, 1, dc);
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_code(&w, lc['a'], 1); put_code(&w, lc['b'], 2); put_code(&w, lc[256], 2);
    UT_CHECK_EQ_INT(run(&w, &got), VM_OK);
    UT_CHECK_EQ_INT(got, 2);
    /* missing end-of-block code */
    ll[256] = 0; ll['c'] = 2;
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_bits(&w, 0, 16);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* over-subscribed litlen: three 1-bit codes */
    ll['c'] = 0; ll[256] = 1; ll['a'] = 1; ll['b'] = 1;
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_bits(&w, 0, 16);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* incomplete litlen (two 2-bit codes) */
    ll['a'] = 2; ll['b'] = 0; ll[256] = 2;
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_bits(&w, 0, 16);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* litlen of only end-of-block, 1 bit (allowed), dist empty (allowed) */
    memset(ll, 0, sizeof ll); memset(dl, 0, sizeof dl);
    ll[256] = 1;
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_code(&w, 0, 1);
    UT_CHECK_EQ_INT(run(&w, &got), VM_OK);
    UT_CHECK_EQ_INT(got, 0);
    /* ... and the unused half of that one-bit code is an error */
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 257, dl, 1);
    put_code(&w, 1, 1);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* a length code while the distance code is empty */
    ll['a'] = 2; ll[256] = 2; ll[257] = 1;
    canon(ll, 258, lc);
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 258, dl, 1);
    put_code(&w, lc['a'], 2); put_code(&w, lc[257], 1); put_code(&w, lc[256], 2);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* incomplete distance code with a 2-bit code: rejected */
    dl[0] = 2;
    memset(&w, 0, sizeof w);
    put_dynamic_header(&w, 1, ll, 258, dl, 1);
    put_bits(&w, 0, 16);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);

    /* repeat code 16 as the first code length */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 0, 5);
    put_bits(&w, 0, 5); put_bits(&w, 0, 4); /* HCLEN 4: 16,17,18,0 */
    put_bits(&w, 2, 3); put_bits(&w, 2, 3); put_bits(&w, 2, 3); put_bits(&w, 2, 3);
    /* precode: syms 0,16,17,18 all 2 bits: codes 0->00,16->01,17->10,18->11 */
    put_code(&w, 1, 2); put_bits(&w, 0, 2);
    put_bits(&w, 0, 32);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* repeat code 18 running past HLIT+HDIST (258 total) */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 0, 5);
    put_bits(&w, 0, 5); put_bits(&w, 0, 4);
    put_bits(&w, 2, 3); put_bits(&w, 2, 3); put_bits(&w, 2, 3); put_bits(&w, 2, 3);
    put_code(&w, 3, 2); put_bits(&w, 127, 7); /* 138 zeros */
    put_code(&w, 3, 2); put_bits(&w, 127, 7); /* 276 > 258 */
    put_bits(&w, 0, 32);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* incomplete precode (one 1-bit code) */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 0, 5);
    put_bits(&w, 0, 5); put_bits(&w, 0, 4);
    put_bits(&w, 0, 3); put_bits(&w, 0, 3); put_bits(&w, 0, 3); put_bits(&w, 1, 3);
    put_bits(&w, 0, 32);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
    /* all-zero precode */
    memset(&w, 0, sizeof w);
    put_bits(&w, 1, 1); put_bits(&w, 2, 2); put_bits(&w, 0, 5);
    put_bits(&w, 0, 5); put_bits(&w, 0, 4);
    put_bits(&w, 0, 12);
    put_bits(&w, 0, 32);
    UT_CHECK_EQ_INT(run(&w, &got), VM_ERR_INFLATE);
}

/* ---- truncation, mutation, random codes ---------------------------------- */

static void test_truncation_every_length(void) {
    static const int kinds[] = {0, 1, 3, 4, 5};
    uint8_t *data = malloc(20000), *out = malloc(20000);
    int bad = 0, streams = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        for (int level = 0; level <= 9; level += 3) {
            size_t n = kinds[k] == 0 ? 3000 : 20000;
            gen_data(kinds[k], data, n);
            size_t cn, got;
            uint8_t *c = zdeflate(data, n, level, level == 3 ? Z_FIXED : Z_DEFAULT_STRATEGY, &cn);
            streams++;
            for (size_t t = 0; t < cn; t++) {
                uint8_t *copy = malloc(t ? t : 1); /* exact size: ASan sees overreads */
                memcpy(copy, c, t);
                vm_status s = inflate_raw(t ? copy : NULL, t, out, n, &got);
                if (s == VM_OK) {
                    if (!bad) fprintf(stderr, "truncated at %zu/%zu accepted\n", t, cn);
                    bad++;
                }
                free(copy);
            }
            free(c);
        }
    }
    free(data);
    free(out);
    UT_CHECK(streams == 20);
    UT_CHECK_EQ_INT(bad, 0);
}

static void test_mutations_vs_zlib(void) {
    enum { CAP = 1 << 18, ITER = 30000 };
    uint8_t *data = malloc(8192), *o1 = malloc(CAP), *o2 = malloc(CAP);
    int mismatch = 0, ok_both = 0;
    for (int it = 0; it < ITER; it++) {
        size_t n = 1 + rnd() % 8192;
        gen_data((int)(rnd() % 6), data, n);
        size_t cn;
        int level = (int)(rnd() % 10);
        static const int strats[] = {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE};
        uint8_t *c = zdeflate(data, n, level, strats[rnd() % 4], &cn);
        int muts = 1 + (int)(rnd() % 4);
        for (int m = 0; m < muts; m++) {
            size_t pos = rnd() % cn;
            switch (rnd() % 3) {
            case 0: c[pos] ^= (uint8_t)(1u << (rnd() % 8)); break;
            case 1: c[pos] = (uint8_t)rnd(); break;
            default: if (rnd() % 4 == 0) cn = pos + 1; break;
            }
        }
        size_t g1 = 0, g2 = 0;
        vm_status s = inflate_raw(c, cn, o1, CAP, &g1);
        int z = zinflate(c, cn, o2, CAP, &g2);
        int same;
        if (z == Z_OKAY) same = s == VM_OK && g1 == g2 && memcmp(o1, o2, g1) == 0;
        else if (z == Z_FULL) same = s == VM_ERR_ZIP_LIMIT;
        else same = s == VM_ERR_INFLATE;
        if (z == Z_OKAY && same) ok_both++;
        if (!same) {
            if (mismatch < 3)
                fprintf(stderr, "mutation %d: ours=%d zlib=%d (%zu vs %zu bytes)\n",
                        it, (int)s, z, g1, g2);
            mismatch++;
        }
        free(c);
    }
    free(data); free(o1); free(o2);
    UT_CHECK_EQ_INT(mismatch, 0);
    UT_CHECK(ok_both > 0);
}

/* Random complete Huffman codes of up to 15 bits over n symbols, built by
 * splitting leaves of a binary tree (biased towards deep ones). */
static void random_code(uint8_t *lens, unsigned n) {
    uint8_t depth[288];
    unsigned leaves = 1;
    depth[0] = 0;
    while (leaves < n) {
        unsigned i = rnd() % leaves;
        if (rnd() % 3) { /* prefer the deepest splittable leaf */
            unsigned best = i;
            for (unsigned k = 0; k < leaves; k++)
                if (depth[k] < 15 && depth[k] > depth[best]) best = k;
            i = best;
        }
        if (depth[i] >= 15) continue;
        depth[i]++;
        depth[leaves++] = depth[i];
    }
    /* shuffle onto symbols */
    for (unsigned i = n; i > 1; i--) {
        unsigned j = rnd() % i;
        uint8_t t = depth[i - 1]; depth[i - 1] = depth[j]; depth[j] = t;
    }
    memcpy(lens, depth, n);
}

static void test_random_valid_codes(void) {
    int mismatch = 0, accepted = 0;
    uint8_t *o1 = malloc(1 << 16), *o2 = malloc(1 << 16);
    for (int it = 0; it < 3000; it++) {
        unsigned hlit = 257 + rnd() % 30, hdist = 1 + rnd() % 30;
        uint8_t ll[288], dl[32];
        random_code(ll, hlit);
        if (hdist == 1) dl[0] = 1; else random_code(dl, hdist);
        if (!ll[256]) continue;
        uint32_t lc[288], dc[32];
        canon(ll, hlit, lc);
        canon(dl, hdist, dc);
        static bitw w;
        memset(&w, 0, sizeof w);
        put_dynamic_header(&w, 1, ll, hlit, dl, hdist);
        /* some literals, one match per length code (extra bits zero, a
         * distance that reaches inside the output), then end-of-block */
        static const uint8_t lx[29] = {0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,0};
        static const uint16_t lb[29] = {3,4,5,6,7,8,9,10,11,13,15,17,19,23,27,31,35,43,51,59,67,83,99,115,131,163,195,227,258};
        static const uint8_t dx[30] = {0,0,0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9,10,10,11,11,12,12,13,13};
        static const uint16_t db[30] = {1,2,3,4,5,7,9,13,17,25,33,49,65,97,129,193,257,385,513,769,1025,1537,2049,3073,4097,6145,8193,12289,16385,24577};
        unsigned emitted = 0;
        for (unsigned s = 0; s < 256; s += 1 + rnd() % 8) {
            put_code(&w, lc[s], ll[s]);
            emitted++;
        }
        for (unsigned s = 257; s < hlit && s < 286; s++) {
            unsigned d = rnd() % hdist;
            while (d > 0 && db[d] > emitted) d--;
            put_code(&w, lc[s], ll[s]);
            put_bits(&w, 0, lx[s - 257]);
            put_code(&w, dc[d], dl[d]);
            put_bits(&w, 0, dx[d]);
            emitted += lb[s - 257];
        }
        put_code(&w, lc[256], ll[256]);
        size_t g1, g2;
        vm_status s = inflate_raw(w.buf, bytes_of(&w), o1, 1 << 16, &g1);
        int z = zinflate(w.buf, bytes_of(&w), o2, 1 << 16, &g2);
        int same = (z == Z_OKAY) ? (s == VM_OK && g1 == g2 && !memcmp(o1, o2, g1))
                                 : (s != VM_OK);
        if (same && s == VM_OK) accepted++;
        if (!same) {
            if (mismatch < 3) fprintf(stderr, "random code %d: ours=%d zlib=%d\n", it, (int)s, z);
            mismatch++;
        }
    }
    free(o1); free(o2);
    UT_CHECK_EQ_INT(mismatch, 0);
    UT_CHECK(accepted > 2000);
}

/* ---- benchmark ------------------------------------------------------------ */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void bench(const char *label, const uint8_t *data, size_t n) {
    size_t cn;
    uint8_t *c = zdeflate(data, n, 6, Z_DEFAULT_STRATEGY, &cn);
    uint8_t *out = malloc(n);
    double best_ours = 1e9, best_z = 1e9;
    for (int r = 0; r < 5; r++) {
        size_t got;
        double t0 = now_s();
        vm_status s = inflate_raw(c, cn, out, n, &got);
        double t1 = now_s();
        if (s != VM_OK || got != n || memcmp(out, data, n)) { printf("FAIL: bench %s: decode\n", label); exit(1); }
        if (t1 - t0 < best_ours) best_ours = t1 - t0;
        t0 = now_s();
        int z = zinflate(c, cn, out, n, &got);
        t1 = now_s();
        if (z != Z_OKAY || got != n) { printf("FAIL: bench %s: zlib\n", label); exit(1); }
        if (t1 - t0 < best_z) best_z = t1 - t0;
    }
    printf("# inflate %-10s %6.1f MB -> %5.1f MB: vifvm %7.1f MB/s, zlib %7.1f MB/s (ratio %.2f)\n",
           label, n / 1e6, cn / 1e6, n / 1e6 / best_ours, n / 1e6 / best_z,
           best_z / best_ours);
    free(out);
    free(c);
}

static int run_bench(const char *file) {
    size_t n = 10u << 20;
    uint8_t *data = malloc(n);
    gen_data(1, data, n);
    bench("text", data, n);
    gen_data(3, data, n);
    bench("runs", data, n);
    gen_data(0, data, n);
    bench("random", data, n);
    if (file) {
        FILE *f = fopen(file, "rb");
        if (f) {
            size_t got = fread(data, 1, n, f);
            fclose(f);
            bench("file", data, got);
        }
    }
    free(data);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--bench") == 0)
        return run_bench(argc > 2 ? argv[2] : NULL);
    UT_RUN(test_roundtrip_levels);
    UT_RUN(test_empty);
    UT_RUN(test_stored);
    UT_RUN(test_corrupt_handbuilt);
    UT_RUN(test_truncation_every_length);
    UT_RUN(test_mutations_vs_zlib);
    UT_RUN(test_random_valid_codes);
    return ut_finish();
}
