/* gen_bad_jars.c - writes corrupt (and a few valid) JAR files for
 * tests/malformed/run_jars.sh, with its own small ZIP writer (zlib for
 * deflate).
 *
 *   gen_bad_jars OUTDIR MAIN.class
 *
 * writes OUTDIR/<case>.jar for every case below and OUTDIR/cases.txt, one
 * line per case:  <case> <cp|jar> <ok|fail> <expected stderr text, or ->
 * (the text may list alternatives separated by '|': Java's own wording for
 * a missing Main-Class is accepted too)
 * ("cp": run `vifvm -cp X.jar Main`; "jar": `vifvm -jar X.jar`).
 * MAIN.class is a compiled hello-world class named Main; the valid cases
 * must run it.
 *
 * tests/unit/test_zip.c includes this file with GEN_BAD_JARS_NO_MAIN
 * defined and runs every case straight through zip_open / zip_read /
 * classpath_* (so the cases are exercised under ASan before the vifvm
 * command exists).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---- growable buffer ------------------------------------------------------ */

typedef struct gbuf {
    uint8_t *p;
    size_t n, cap;
} gbuf;

static void gb_put(gbuf *b, const void *src, size_t n) {
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n) cap *= 2;
        b->p = realloc(b->p, cap);
        if (!b->p) abort();
        b->cap = cap;
    }
    if (n) memcpy(b->p + b->n, src, n);
    b->n += n;
}
static void gb_u16(gbuf *b, unsigned v) {
    uint8_t x[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    gb_put(b, x, 2);
}
static void gb_u32(gbuf *b, uint32_t v) {
    uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    gb_put(b, x, 4);
}
static void set_u16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void set_u32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* Raw deflate at level 9. */
static gbuf gen_deflate(const uint8_t *in, size_t n) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) abort();
    gbuf out = {0};
    size_t cap = deflateBound(&z, n) + 16;
    out.p = malloc(cap);
    out.cap = cap;
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    z.next_out = out.p;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) abort();
    out.n = z.total_out;
    deflateEnd(&z);
    return out;
}

/* A deflate stream of `mib` MiB of zeros, built from one sync-flushed
 * 1 MiB block repeated (every match is distance 1, so the copies stay
 * valid) plus a final empty block; *crc gets the CRC-32 of the output. */
static gbuf gen_zeros_stream(size_t mib, uint32_t *crc) {
    static uint8_t zeros[1 << 20];
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) abort();
    uint8_t block[1 << 14];
    z.next_in = zeros;
    z.avail_in = sizeof zeros;
    z.next_out = block;
    z.avail_out = sizeof block;
    if (deflate(&z, Z_SYNC_FLUSH) != Z_OK || z.avail_in) abort();
    size_t bn = sizeof block - z.avail_out;
    deflateEnd(&z);
    gbuf out = {0};
    uLong c = crc32(0, NULL, 0);
    uLong c1 = crc32(0, zeros, sizeof zeros);
    for (size_t i = 0; i < mib; i++) {
        gb_put(&out, block, bn);
        c = crc32_combine(c, c1, sizeof zeros);
    }
    gb_put(&out, "\x03\x00", 2); /* final, fixed Huffman, end of block */
    *crc = (uint32_t)c;
    return out;
}

/* ---- a small ZIP writer ----------------------------------------------------- */

typedef struct went {
    const char *name;
    size_t name_len;        /* 0: strlen(name) */
    const uint8_t *data;    /* uncompressed */
    size_t len;
    unsigned method;        /* 0 or 8 are real; anything else: raw bytes, that method */
    int descriptor;         /* flag bit 3: zeros in the local header + descriptor */
    const gbuf *raw;        /* if set: already-compressed bytes (method 8) */
    uint32_t raw_crc;
    uint32_t raw_usize;
} went;

typedef struct zlayout {
    size_t local[128], central[128];
    size_t cd_off, cd_size, eocd;
} zlayout;

static void write_zip(gbuf *b, const went *ents, size_t n, const char *comment,
                      zlayout *lay) {
    uint32_t crcs[128], csz[128], usz[128];
    for (size_t i = 0; i < n; i++) {
        const went *e = &ents[i];
        size_t nl = e->name_len ? e->name_len : strlen(e->name);
        gbuf comp = {0};
        const uint8_t *payload;
        size_t plen;
        if (e->raw) {
            payload = e->raw->p;
            plen = e->raw->n;
            crcs[i] = e->raw_crc;
            usz[i] = e->raw_usize;
        } else {
            crcs[i] = (uint32_t)crc32(0, e->data, (uInt)e->len);
            usz[i] = (uint32_t)e->len;
            if (e->method == 8) {
                comp = gen_deflate(e->data, e->len);
                payload = comp.p;
                plen = comp.n;
            } else {
                payload = e->data;
                plen = e->len;
            }
        }
        csz[i] = (uint32_t)plen;
        lay->local[i] = b->n;
        gb_u32(b, 0x04034b50);
        gb_u16(b, 20);
        gb_u16(b, e->descriptor ? 8 : 0);
        gb_u16(b, e->raw ? 8 : e->method);
        gb_u16(b, 0); gb_u16(b, 0x21); /* time, date */
        gb_u32(b, e->descriptor ? 0 : crcs[i]);
        gb_u32(b, e->descriptor ? 0 : csz[i]);
        gb_u32(b, e->descriptor ? 0 : usz[i]);
        gb_u16(b, (unsigned)nl);
        gb_u16(b, 0);
        gb_put(b, e->name, nl);
        gb_put(b, payload, plen);
        if (e->descriptor) {
            gb_u32(b, 0x08074b50);
            gb_u32(b, crcs[i]);
            gb_u32(b, csz[i]);
            gb_u32(b, usz[i]);
        }
        free(comp.p);
    }
    lay->cd_off = b->n;
    for (size_t i = 0; i < n; i++) {
        const went *e = &ents[i];
        size_t nl = e->name_len ? e->name_len : strlen(e->name);
        lay->central[i] = b->n;
        gb_u32(b, 0x02014b50);
        gb_u16(b, 20); gb_u16(b, 20);
        gb_u16(b, e->descriptor ? 8 : 0);
        gb_u16(b, e->raw ? 8 : e->method);
        gb_u16(b, 0); gb_u16(b, 0x21);
        gb_u32(b, crcs[i]);
        gb_u32(b, csz[i]);
        gb_u32(b, usz[i]);
        gb_u16(b, (unsigned)nl);
        gb_u16(b, 0); gb_u16(b, 0); gb_u16(b, 0); gb_u16(b, 0);
        gb_u32(b, 0);
        gb_u32(b, (uint32_t)lay->local[i]);
        gb_put(b, e->name, nl);
    }
    lay->cd_size = b->n - lay->cd_off;
    lay->eocd = b->n;
    size_t cl = comment ? strlen(comment) : 0;
    gb_u32(b, 0x06054b50);
    gb_u16(b, 0); gb_u16(b, 0);
    gb_u16(b, (unsigned)n); gb_u16(b, (unsigned)n);
    gb_u32(b, (uint32_t)lay->cd_size);
    gb_u32(b, (uint32_t)lay->cd_off);
    gb_u16(b, (unsigned)cl);
    gb_put(b, comment, cl);
}

/* ---- the cases ------------------------------------------------------------- */

typedef struct gen_ctx {
    const uint8_t *cls; /* Main.class */
    size_t cls_len;
} gen_ctx;

static const char MANIFEST[] = "Manifest-Version: 1.0\nMain-Class: Main\nCreated-By: gen_bad_jars\n\n";

/* The standard jar: manifest (deflated) + Main.class (method m). Entry 1
 * is Main.class. */
static void std_jar(const gen_ctx *g, gbuf *b, unsigned m, zlayout *lay) {
    went e[2] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)MANIFEST,
         .len = sizeof MANIFEST - 1, .method = 8},
        {.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = m},
    };
    write_zip(b, e, 2, NULL, lay);
}

#define CASE(fn) static void fn(const gen_ctx *g __attribute__((unused)), gbuf *b)

CASE(c_valid_stored) { zlayout l; std_jar(g, b, 0, &l); }
CASE(c_valid_descriptor_comment) {
    static const char mf[] = "Manifest-Version: 1.0\r\nMain-Class: Ma\r\n in  \r\nX-Long: a\r\n b\r\n\r\nName: Main.class\r\nMain-Class: Wrong\r\n\r\n";
    went e[3] = {
        {.name = "META-INF/", .data = (const uint8_t *)"", .len = 0, .method = 0},
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)mf, .len = sizeof mf - 1,
         .method = 8, .descriptor = 1},
        {.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8, .descriptor = 1},
    };
    zlayout l;
    write_zip(b, e, 3, "archive comment PK\x05\x06 with a fake signature", &l);
}
CASE(c_trunc_1) { zlayout l; std_jar(g, b, 8, &l); b->n = 1; }
CASE(c_trunc_half) { zlayout l; std_jar(g, b, 8, &l); b->n /= 2; }
CASE(c_trunc_eocd) { zlayout l; std_jar(g, b, 8, &l); b->n -= 10; }
CASE(c_trunc_in_cd) { zlayout l; std_jar(g, b, 8, &l); b->n = l.cd_off + 10; }
CASE(c_empty_file) { gb_put(b, "", 0); }
CASE(c_not_a_zip) { static const char t[] = "this is not a jar file\n"; gb_put(b, t, sizeof t - 1); }
CASE(c_bad_eocd_sig) { zlayout l; std_jar(g, b, 8, &l); b->p[l.eocd + 3] = 0x07; }
CASE(c_eocd_comment_len) { zlayout l; std_jar(g, b, 8, &l); set_u16(b->p + l.eocd + 20, 5); }
CASE(c_cd_offset_range) { zlayout l; std_jar(g, b, 8, &l); set_u32(b->p + l.eocd + 16, (uint32_t)b->n + 100); }
CASE(c_cd_size_range) { zlayout l; std_jar(g, b, 8, &l); set_u32(b->p + l.eocd + 12, 0x7FFFFFF0); }
CASE(c_entry_count) { zlayout l; std_jar(g, b, 8, &l); set_u16(b->p + l.eocd + 8, 5000); set_u16(b->p + l.eocd + 10, 5000); }
CASE(c_central_bad_sig) { zlayout l; std_jar(g, b, 8, &l); b->p[l.central[1]] = 'X'; }
CASE(c_central_name_len) { zlayout l; std_jar(g, b, 8, &l); set_u16(b->p + l.central[1] + 28, 60000); }
CASE(c_local_offset_range) { zlayout l; std_jar(g, b, 8, &l); set_u32(b->p + l.central[1] + 42, (uint32_t)b->n + 5); }
CASE(c_local_offset_into_cd) { zlayout l; std_jar(g, b, 8, &l); set_u32(b->p + l.central[1] + 42, (uint32_t)l.cd_off - 10); }
CASE(c_local_bad_sig) { zlayout l; std_jar(g, b, 8, &l); b->p[l.local[1] + 1] = 'Q'; }
CASE(c_local_name_mismatch) { zlayout l; std_jar(g, b, 8, &l); b->p[l.local[1] + 30 + 9] = 'z'; }
CASE(c_local_size_mismatch) { zlayout l; std_jar(g, b, 8, &l); set_u32(b->p + l.local[1] + 22, 12345); }
CASE(c_local_method_mismatch) { zlayout l; std_jar(g, b, 8, &l); set_u16(b->p + l.local[1] + 8, 0); }
CASE(c_data_past_end) {
    zlayout l; std_jar(g, b, 8, &l);
    uint32_t big = (uint32_t)b->n;
    set_u32(b->p + l.local[1] + 18, big);
    set_u32(b->p + l.central[1] + 20, big);
}
CASE(c_bad_crc) {
    zlayout l; std_jar(g, b, 8, &l);
    b->p[l.local[1] + 14] ^= 0x55;
    b->p[l.central[1] + 16] ^= 0x55;
}
CASE(c_bad_crc_stored) {
    zlayout l; std_jar(g, b, 0, &l);
    b->p[l.local[1] + 30 + 10 + 20] ^= 0x01; /* flip a data bit */
}
CASE(c_corrupt_deflate) {
    zlayout l; std_jar(g, b, 8, &l);
    /* block type 3 in the first byte of Main.class's data */
    b->p[l.local[1] + 30 + 10] |= 0x06;
}
CASE(c_unsupported_method) {
    zlayout l; std_jar(g, b, 8, &l);
    set_u16(b->p + l.local[1] + 8, 12);
    set_u16(b->p + l.central[1] + 10, 12);
}
CASE(c_encrypted) {
    zlayout l; std_jar(g, b, 8, &l);
    b->p[l.local[1] + 6] |= 1;
    b->p[l.central[1] + 8] |= 1;
}
CASE(c_zip64_eocd) {
    zlayout l; std_jar(g, b, 8, &l);
    /* insert a ZIP64 EOCD locator before the EOCD, markers in the EOCD */
    uint8_t eocd[22];
    memcpy(eocd, b->p + l.eocd, 22);
    b->n = l.eocd;
    gb_u32(b, 0x07064b50); gb_u32(b, 0); gb_u32(b, 0); gb_u32(b, 0); gb_u32(b, 1);
    set_u16(eocd + 8, 0xFFFF); set_u16(eocd + 10, 0xFFFF);
    gb_put(b, eocd, 22);
}
CASE(c_zip64_entry) {
    zlayout l; std_jar(g, b, 8, &l);
    set_u32(b->p + l.central[1] + 20, 0xFFFFFFFFu);
    set_u32(b->p + l.central[1] + 24, 0xFFFFFFFFu);
}
CASE(c_multi_disk) { zlayout l; std_jar(g, b, 8, &l); set_u16(b->p + l.eocd + 4, 1); }
CASE(c_duplicate_entry) {
    went e[3] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)MANIFEST, .len = sizeof MANIFEST - 1, .method = 8},
        {.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8},
        {.name = "Main.class", .data = (const uint8_t *)"evil", .len = 4, .method = 0},
    };
    zlayout l;
    write_zip(b, e, 3, NULL, &l);
}
CASE(c_name_with_nul) {
    went e[2] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)MANIFEST, .len = sizeof MANIFEST - 1, .method = 8},
        {.name = "Main.class\0.txt", .name_len = 15, .data = g->cls, .len = g->cls_len, .method = 8},
    };
    zlayout l;
    write_zip(b, e, 2, NULL, &l);
}
CASE(c_empty_name) {
    went e[2] = {
        {.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8},
        {.name = "x", .data = (const uint8_t *)"x", .len = 1, .method = 0},
    };
    zlayout l;
    write_zip(b, e, 2, NULL, &l);
    set_u16(b->p + l.central[1] + 28, 0); /* central name length 0 ... */
    set_u16(b->p + l.central[1] + 30, 1); /* ... the 'x' becomes extra data */
}
/* Classic bomb: 1 GiB of zeros (about 1 MB deflated), honestly declared. */
CASE(c_bomb_1gib_declared) {
    uint32_t crc;
    gbuf z = gen_zeros_stream(1024, &crc);
    went e[1] = {{.name = "Main.class", .raw = &z, .raw_crc = crc, .raw_usize = 1u << 30}};
    zlayout l;
    write_zip(b, e, 1, NULL, &l);
    free(z.p);
}
/* The same data declaring a class-file-sized entry: output is capped. */
CASE(c_bomb_1gib_lying) {
    uint32_t crc;
    gbuf z = gen_zeros_stream(1024, &crc);
    went e[1] = {{.name = "Main.class", .raw = &z, .raw_crc = crc, .raw_usize = 4096}};
    zlayout l;
    write_zip(b, e, 1, NULL, &l);
    free(z.p);
}
/* 8 MiB of zeros (about 8 KB): under most size limits, over the ratio. */
CASE(c_bomb_ratio) {
    uint32_t crc;
    gbuf z = gen_zeros_stream(8, &crc);
    went e[1] = {{.name = "Main.class", .raw = &z, .raw_crc = crc, .raw_usize = 8u << 20}};
    zlayout l;
    write_zip(b, e, 1, NULL, &l);
    free(z.p);
}
/* Non-recursive bomb, "quoted" form: a.bin's stored data contains the
 * whole Main.class entry (local header and data), and the central
 * directory lists both. */
CASE(c_overlap_quoted) {
    gbuf inner = {0};
    went ie[1] = {{.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8}};
    zlayout il;
    write_zip(&inner, ie, 1, NULL, &il);
    size_t inner_len = il.cd_off; /* local header + data only */
    went oe[1] = {{.name = "a.bin", .data = inner.p, .len = inner_len, .method = 0}};
    zlayout ol;
    write_zip(b, oe, 1, NULL, &ol);
    /* rebuild the central directory with a second entry for Main.class */
    uint8_t c0[46 + 5];
    memcpy(c0, b->p + ol.central[0], sizeof c0);
    b->n = ol.cd_off;
    size_t cd = b->n;
    gb_put(b, c0, sizeof c0);
    gb_put(b, inner.p + il.central[0], 46 + 10);
    set_u32(b->p + b->n - 10 - 4, (uint32_t)(ol.local[0] + 30 + 5)); /* Main.class local */
    size_t cdsz = b->n - cd;
    gb_u32(b, 0x06054b50); gb_u16(b, 0); gb_u16(b, 0); gb_u16(b, 2); gb_u16(b, 2);
    gb_u32(b, (uint32_t)cdsz); gb_u32(b, (uint32_t)cd); gb_u16(b, 0);
    free(inner.p);
}
/* Non-recursive bomb, simplest form: 100 central entries, one local. */
CASE(c_overlap_same_offset) {
    went e[1] = {{.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8}};
    zlayout l;
    write_zip(b, e, 1, NULL, &l);
    uint8_t c0[46 + 10];
    memcpy(c0, b->p + l.central[0], sizeof c0);
    b->n = l.cd_off;
    for (int i = 0; i < 100; i++) gb_put(b, c0, sizeof c0);
    gb_u32(b, 0x06054b50); gb_u16(b, 0); gb_u16(b, 0); gb_u16(b, 100); gb_u16(b, 100);
    gb_u32(b, 100 * (uint32_t)sizeof c0); gb_u32(b, (uint32_t)l.cd_off); gb_u16(b, 0);
}
CASE(c_no_manifest) {
    went e[1] = {{.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8}};
    zlayout l;
    write_zip(b, e, 1, NULL, &l);
}
static void jar_with_manifest(const gen_ctx *g, gbuf *b, const char *mf) {
    went e[2] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)mf, .len = strlen(mf), .method = 8},
        {.name = "Main.class", .data = g->cls, .len = g->cls_len, .method = 8},
    };
    zlayout l;
    write_zip(b, e, 2, NULL, &l);
}
CASE(c_manifest_no_main_class) { jar_with_manifest(g, b, "Manifest-Version: 1.0\nCreated-By: x\n\n"); }
CASE(c_manifest_empty_main_class) { jar_with_manifest(g, b, "Manifest-Version: 1.0\nMain-Class:   \n\n"); }
CASE(c_main_class_missing) { jar_with_manifest(g, b, "Manifest-Version: 1.0\nMain-Class: NoSuchMain\n\n"); }
CASE(c_main_class_traversal) { jar_with_manifest(g, b, "Main-Class: ../../../etc/passwd\n"); }

typedef struct jar_case {
    const char *name;
    const char *mode;    /* "cp" or "jar" */
    int ok;
    const char *expect;  /* text the error must contain (case-insensitive);
                          * alternatives separated by '|'; "-" for any */
    void (*gen)(const gen_ctx *, gbuf *);
} jar_case;

static const jar_case JAR_CASES[] = {
    {"valid_stored", "cp", 1, "-", c_valid_stored},
    {"valid_stored_jar", "jar", 1, "-", c_valid_stored},
    {"valid_descriptor_comment", "jar", 1, "-", c_valid_descriptor_comment},
    {"trunc_1", "cp", 0, "end of central directory", c_trunc_1},
    {"trunc_half", "cp", 0, "end of central directory", c_trunc_half},
    {"trunc_eocd", "cp", 0, "end of central directory", c_trunc_eocd},
    {"trunc_in_cd", "cp", 0, "end of central directory", c_trunc_in_cd},
    {"empty_file", "cp", 0, "end of central directory", c_empty_file},
    {"not_a_zip", "cp", 0, "end of central directory", c_not_a_zip},
    {"not_a_zip_jar", "jar", 0, "end of central directory", c_not_a_zip},
    {"bad_eocd_sig", "cp", 0, "end of central directory", c_bad_eocd_sig},
    {"eocd_comment_len", "cp", 0, "end of central directory", c_eocd_comment_len},
    {"cd_offset_range", "cp", 0, "outside the archive", c_cd_offset_range},
    {"cd_size_range", "cp", 0, "outside the archive", c_cd_size_range},
    {"entry_count", "cp", 0, "cannot hold", c_entry_count},
    {"central_bad_sig", "cp", 0, "bad signature", c_central_bad_sig},
    {"central_name_len", "cp", 0, "runs past the directory", c_central_name_len},
    {"local_offset_range", "cp", 0, "local header offset", c_local_offset_range},
    {"local_offset_into_cd", "cp", 0, "local header", c_local_offset_into_cd},
    {"local_bad_sig", "cp", 0, "bad local header signature", c_local_bad_sig},
    {"local_name_mismatch", "cp", 0, "local header name does not match", c_local_name_mismatch},
    {"local_size_mismatch", "cp", 0, "CRC/sizes do not match", c_local_size_mismatch},
    {"local_method_mismatch", "cp", 0, "method", c_local_method_mismatch},
    {"data_past_end", "cp", 0, "runs past the archive data", c_data_past_end},
    {"bad_crc", "cp", 0, "CRC-32 mismatch", c_bad_crc},
    {"bad_crc_stored", "cp", 0, "CRC-32 mismatch", c_bad_crc_stored},
    {"corrupt_deflate", "cp", 0, "corrupt deflate data", c_corrupt_deflate},
    {"unsupported_method", "cp", 0, "compression method 12", c_unsupported_method},
    {"encrypted", "cp", 0, "encrypted", c_encrypted},
    {"zip64_eocd", "cp", 0, "ZIP64", c_zip64_eocd},
    {"zip64_entry", "cp", 0, "ZIP64", c_zip64_entry},
    {"multi_disk", "cp", 0, "multi-disk", c_multi_disk},
    {"duplicate_entry", "cp", 0, "duplicate entry", c_duplicate_entry},
    {"name_with_nul", "cp", 0, "NUL", c_name_with_nul},
    {"empty_name", "cp", 0, "empty name", c_empty_name},
    {"bomb_1gib_declared", "cp", 0, "exceeds", c_bomb_1gib_declared},
    {"bomb_1gib_lying", "cp", 0, "more than its declared size", c_bomb_1gib_lying},
    {"bomb_ratio", "cp", 0, "exceeds", c_bomb_ratio},
    {"overlap_quoted", "cp", 0, "overlap", c_overlap_quoted},
    {"overlap_same_offset", "cp", 0, "overlap", c_overlap_same_offset},
    {"no_manifest", "jar", 0, "MANIFEST.MF|main manifest attribute", c_no_manifest},
    {"manifest_no_main_class", "jar", 0, "Main-Class|main manifest attribute", c_manifest_no_main_class},
    {"manifest_empty_main_class", "jar", 0, "Main-Class|main manifest attribute", c_manifest_empty_main_class},
    {"main_class_missing", "jar", 0, "NoSuchMain", c_main_class_missing},
    {"main_class_traversal", "jar", 0, "-", c_main_class_traversal},
};
#define N_JAR_CASES (sizeof JAR_CASES / sizeof JAR_CASES[0])

#ifndef GEN_BAD_JARS_NO_MAIN
int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: gen_bad_jars OUTDIR MAIN.class\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) { perror(argv[2]); return 1; }
    gbuf cls = {0};
    uint8_t tmp[4096];
    size_t r;
    while ((r = fread(tmp, 1, sizeof tmp, f)) > 0) gb_put(&cls, tmp, r);
    fclose(f);
    gen_ctx g = {cls.p, cls.n};

    char path[4096];
    snprintf(path, sizeof path, "%s/cases.txt", argv[1]);
    FILE *list = fopen(path, "w");
    if (!list) { perror(path); return 1; }
    for (size_t i = 0; i < N_JAR_CASES; i++) {
        const jar_case *c = &JAR_CASES[i];
        gbuf b = {0};
        c->gen(&g, &b);
        snprintf(path, sizeof path, "%s/%s.jar", argv[1], c->name);
        FILE *o = fopen(path, "wb");
        if (!o || (b.n && fwrite(b.p, 1, b.n, o) != b.n) || fclose(o) != 0) {
            perror(path);
            return 1;
        }
        fprintf(list, "%s %s %s %s\n", c->name, c->mode, c->ok ? "ok" : "fail", c->expect);
        free(b.p);
    }
    fclose(list);
    free(cls.p);
    return 0;
}
#endif
