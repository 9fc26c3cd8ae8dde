/* inflate.c - freestanding raw-DEFLATE decoder (RFC 1951): stored, fixed and
 * dynamic Huffman blocks.
 *
 * Why our own decoder and not zlib behind the platform interface: the JAR
 * reader (zip.c) has to work unchanged inside the Linux kernel module and
 * the packet datapath, where there is no zlib with the same API, and having
 * the decoder in the core means the fuzzers (tests/fuzz/fuzz_inflate.c,
 * fuzz_jar.c) exercise exactly the code that runs.  It is also small.
 *
 * Safety properties (untrusted input):
 *  - never reads past in[in_len): bits beyond the end of the input are
 *    supplied as virtual zero bytes and counted; consuming any of them is
 *    reported as a truncated stream (VM_ERR_INFLATE);
 *  - never writes past out[out_cap): output that would not fit is
 *    VM_ERR_ZIP_LIMIT;
 *  - strict validation, matching zlib's acceptance rules: over-subscribed
 *    code sets are rejected; incomplete code sets are rejected except the
 *    single one-bit code RFC 1951 allows (literal/length and distance
 *    codes); an all-zero distance code is allowed (literal-only blocks);
 *    the end-of-block code must exist; HLIT <= 286, HDIST <= 30; repeat
 *    codes may not start the list or run past it; length symbols 286/287,
 *    distance symbols 30/31, distances beyond the output produced so far,
 *    block type 3 and stored LEN/NLEN mismatches are errors.
 *
 * No allocation, no globals: the decoder state and Huffman tables (about
 * 4.5 KiB) live on the stack of inflate_raw.
 *
 * Tables: a two-level lookup (libdeflate/zlib style).  Each uint16_t entry
 * holds a 4-bit length and a 12-bit value:
 *   value < ENT_SUB:  a symbol; length = bits to consume
 *   value == ENT_BAD: no code here (only in incomplete / empty codes)
 *   value >= ENT_SUB: pointer to a subtable at (value - ENT_SUB) indexed by
 *                     the next `length` bits, after consuming the root bits.
 */
#include "inflate.h"
#include "../core/mem.h"

#include <stdbool.h>

#define MAX_BITS 15

#define LIT_ROOT 10
#define DIST_ROOT 8
#define PRE_ROOT 7
/* Largest table a valid code can need (zlib's "enough" program:
 * enough 288 10 15 = 1334, enough 32 8 15 = 402); the builder also checks. */
#define LIT_ENOUGH 1334
#define DIST_ENOUGH 402
#define PRE_ENOUGH 128

#define ENT_BAD 0x1FFu
#define ENT_SUB 0x200u
_Static_assert(ENT_SUB + LIT_ENOUGH <= 0xFFF, "subtable offsets fit 12 bits");
#define ENT(val, len) ((uint16_t)(((unsigned)(val) << 4) | (unsigned)(len)))

enum { KIND_PRE, KIND_LIT, KIND_DIST };

static const uint16_t len_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* Order in which code-length code lengths are transmitted. */
static const uint8_t pre_order[19] = {
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

typedef struct inflater {
    const uint8_t *in, *in_end;
    uint64_t bb;       /* bit buffer, next bit in bit 0 */
    unsigned bc;       /* valid bits in bb */
    size_t overrun;    /* virtual zero bytes appended past the input */
    uint8_t *out, *op, *oend;
    uint16_t lit[LIT_ENOUGH];
    uint16_t dist[DIST_ENOUGH];
    uint16_t pre[PRE_ENOUGH];
    uint8_t lens[288 + 32];
} inflater;

static inline uint64_t load64le(const uint8_t *p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Top the bit buffer up to at least 56 bits.  Fast path: one 8-byte load
 * (the bits above bc are then bytes not yet counted; a later refill ORs in
 * the same bytes at the same positions, so they are harmless).  Near the
 * end: byte by byte, then virtual zeros.  Returns false if virtual bits
 * have already been consumed (the stream is truncated). */
static inline bool refill(inflater *s) {
    if (s->bc > 56) return true;
    if ((size_t)(s->in_end - s->in) >= 8) {
        s->bb |= load64le(s->in) << s->bc;
        s->in += (63 - s->bc) >> 3;
        s->bc |= 56;
        return true;
    }
    if (s->overrun * 8 > s->bc) return false;
    while (s->bc <= 56) {
        if (s->in < s->in_end) s->bb |= (uint64_t)*s->in++ << s->bc;
        else s->overrun++;
        s->bc += 8;
    }
    return true;
}

static inline unsigned bits(inflater *s, unsigned n) {
    unsigned v = (unsigned)(s->bb & (((uint64_t)1 << n) - 1));
    s->bb >>= n;
    s->bc -= n;
    return v;
}

/* Decode one symbol (needs up to 15 bits in the buffer). */
static inline unsigned decode(inflater *s, const uint16_t *t, unsigned root) {
    unsigned e = t[s->bb & ((1u << root) - 1)];
    if ((e >> 4) >= ENT_SUB) {
        unsigned sb = e & 15;
        s->bb >>= root;
        s->bc -= root;
        e = t[(e >> 4) - ENT_SUB + (unsigned)(s->bb & ((1u << sb) - 1))];
    }
    s->bb >>= (e & 15);
    s->bc -= (e & 15);
    return e >> 4;
}

static unsigned reverse_bits(unsigned code, unsigned n) {
    unsigned r = 0;
    for (unsigned i = 0; i < n; i++) {
        r = (r << 1) | (code & 1);
        code >>= 1;
    }
    return r;
}

/* Build a lookup table for code lengths lens[0..n).  Returns false for a
 * code set that zlib would reject (see the file comment). */
static bool build_table(uint16_t *table, unsigned cap, unsigned root,
                        const uint8_t *lens, unsigned n, int kind) {
    unsigned count[MAX_BITS + 1] = {0};
    unsigned offs[MAX_BITS + 2];
    uint16_t sorted[288];
    unsigned max = 0;

    for (unsigned i = 0; i < n; i++) count[lens[i]]++;
    count[0] = 0;
    for (unsigned l = 1; l <= MAX_BITS; l++)
        if (count[l]) max = l;

    unsigned rootsize = 1u << root;
    if (max == 0) {
        /* Only an empty distance code is acceptable (literal-only data). */
        if (kind != KIND_DIST) return false;
        for (unsigned i = 0; i < rootsize; i++) table[i] = ENT(ENT_BAD, 0);
        return true;
    }
    int left = 1;
    for (unsigned l = 1; l <= MAX_BITS; l++) {
        left <<= 1;
        left -= (int)count[l];
        if (left < 0) return false; /* over-subscribed */
    }
    if (left > 0 && (kind == KIND_PRE || max != 1)) return false; /* incomplete */

    offs[1] = 0;
    for (unsigned l = 1; l <= MAX_BITS; l++) offs[l + 1] = offs[l] + count[l];
    for (unsigned i = 0; i < n; i++)
        if (lens[i]) sorted[offs[lens[i]]++] = (uint16_t)i;
    unsigned nsym = offs[MAX_BITS + 1];

    if (left > 0) /* the single one-bit code: the other half decodes as bad */
        for (unsigned i = 0; i < rootsize; i++) table[i] = ENT(ENT_BAD, 0);

    unsigned used = rootsize;      /* next free subtable slot */
    unsigned code = 0, prev_len = 0;
    unsigned cur_prefix = ~0u, sub_off = 0, sub_bits = 0;
    for (unsigned k = 0; k < nsym; k++) {
        unsigned sym = sorted[k];
        unsigned len = lens[sym];
        code <<= (len - prev_len);
        prev_len = len;
        if (len <= root) {
            unsigned rev = reverse_bits(code, len);
            for (unsigned i = rev; i < rootsize; i += 1u << len)
                table[i] = ENT(sym, len);
        } else {
            unsigned prefix = code >> (len - root);
            if (prefix != cur_prefix) {
                /* New subtable: just big enough for the remaining codes
                 * sharing this prefix (count[] holds unassigned codes). */
                unsigned curr = len - root;
                int room = 1 << curr;
                while (curr + root < max) {
                    room -= (int)count[curr + root];
                    if (room <= 0) break;
                    curr++;
                    room <<= 1;
                }
                if (used + (1u << curr) > cap) return false;
                cur_prefix = prefix;
                sub_off = used;
                sub_bits = curr;
                used += 1u << curr;
                table[reverse_bits(prefix, root)] =
                    ENT(ENT_SUB + sub_off, sub_bits);
            }
            unsigned rem = len - root;
            unsigned rev = reverse_bits(code & ((1u << rem) - 1), rem);
            for (unsigned i = rev; i < (1u << sub_bits); i += 1u << rem)
                table[sub_off + i] = ENT(sym, rem);
        }
        count[len]--;
        code++;
    }
    return true;
}

static vm_status do_stored(inflater *s) {
    /* Align to a byte boundary and hand the whole buffered bytes back. */
    bits(s, s->bc & 7);
    size_t whole = s->bc >> 3;
    if (s->overrun > whole) return VM_ERR_INFLATE;
    s->in -= whole - s->overrun;
    s->bb = 0;
    s->bc = 0;
    s->overrun = 0;
    if ((size_t)(s->in_end - s->in) < 4) return VM_ERR_INFLATE;
    unsigned len = s->in[0] | (unsigned)s->in[1] << 8;
    unsigned nlen = s->in[2] | (unsigned)s->in[3] << 8;
    s->in += 4;
    if (len != (~nlen & 0xFFFFu)) return VM_ERR_INFLATE;
    if ((size_t)(s->in_end - s->in) < len) return VM_ERR_INFLATE;
    if ((size_t)(s->oend - s->op) < len) return VM_ERR_ZIP_LIMIT;
    vm_memcpy(s->op, s->in, len);
    s->op += len;
    s->in += len;
    return VM_OK;
}

static vm_status read_dynamic_tables(inflater *s) {
    if (!refill(s)) return VM_ERR_INFLATE;
    unsigned hlit = bits(s, 5) + 257;
    unsigned hdist = bits(s, 5) + 1;
    unsigned hclen = bits(s, 4) + 4;
    if (hlit > 286 || hdist > 30) return VM_ERR_INFLATE;

    uint8_t prelens[19] = {0};
    for (unsigned i = 0; i < hclen; i++) {
        if (!refill(s)) return VM_ERR_INFLATE;
        prelens[pre_order[i]] = (uint8_t)bits(s, 3);
    }
    if (!build_table(s->pre, PRE_ENOUGH, PRE_ROOT, prelens, 19, KIND_PRE))
        return VM_ERR_INFLATE;

    unsigned total = hlit + hdist, have = 0;
    while (have < total) {
        if (!refill(s)) return VM_ERR_INFLATE;
        unsigned sym = decode(s, s->pre, PRE_ROOT);
        if (sym < 16) {
            s->lens[have++] = (uint8_t)sym;
            continue;
        }
        unsigned rep, val = 0;
        if (sym == 16) {
            if (have == 0) return VM_ERR_INFLATE;
            val = s->lens[have - 1];
            rep = 3 + bits(s, 2);
        } else if (sym == 17) {
            rep = 3 + bits(s, 3);
        } else if (sym == 18) {
            rep = 11 + bits(s, 7);
        } else {
            return VM_ERR_INFLATE;
        }
        if (rep > total - have) return VM_ERR_INFLATE;
        while (rep--) s->lens[have++] = (uint8_t)val;
    }
    if (s->lens[256] == 0) return VM_ERR_INFLATE; /* no end-of-block code */
    if (!build_table(s->lit, LIT_ENOUGH, LIT_ROOT, s->lens, hlit, KIND_LIT))
        return VM_ERR_INFLATE;
    if (!build_table(s->dist, DIST_ENOUGH, DIST_ROOT, s->lens + hlit, hdist,
                     KIND_DIST))
        return VM_ERR_INFLATE;
    return VM_OK;
}

static void fixed_tables(inflater *s) {
    unsigned i = 0;
    for (; i < 144; i++) s->lens[i] = 8;
    for (; i < 256; i++) s->lens[i] = 9;
    for (; i < 280; i++) s->lens[i] = 7;
    for (; i < 288; i++) s->lens[i] = 8;
    (void)build_table(s->lit, LIT_ENOUGH, LIT_ROOT, s->lens, 288, KIND_LIT);
    for (i = 0; i < 32; i++) s->lens[i] = 5;
    (void)build_table(s->dist, DIST_ENOUGH, DIST_ROOT, s->lens, 32, KIND_DIST);
}

/* Copy a match of `len` bytes from `dist` back; the caller checked both. */
static inline void copy_match(inflater *s, unsigned dist, unsigned len) {
    uint8_t *op = s->op;
    const uint8_t *src = op - dist;
    uint8_t *end = op + len;
    if (dist >= 8 && (size_t)(s->oend - op) >= (size_t)len + 8) {
        /* 8-byte chunks; may write up to 7 bytes past `end`, inside out. */
        do {
            __builtin_memcpy(op, src, 8);
            op += 8;
            src += 8;
        } while (op < end);
    } else if (dist == 1) {
        vm_memset(op, *src, len);
    } else {
        while (op < end) *op++ = *src++;
    }
    s->op = end;
}

static vm_status do_huffman(inflater *s) {
    for (;;) {
        if (!refill(s)) return VM_ERR_INFLATE;
        unsigned sym = decode(s, s->lit, LIT_ROOT);
        if (sym < 256) {
            if (s->op == s->oend) return VM_ERR_ZIP_LIMIT;
            *s->op++ = (uint8_t)sym;
            continue;
        }
        if (sym == 256) return VM_OK;
        sym -= 257;
        if (sym >= 29) return VM_ERR_INFLATE; /* 286, 287, or no code */
        unsigned len = len_base[sym] + bits(s, len_extra[sym]);
        unsigned dsym = decode(s, s->dist, DIST_ROOT);
        if (dsym >= 30) return VM_ERR_INFLATE;
        unsigned dist = dist_base[dsym] + bits(s, dist_extra[dsym]);
        if (dist > (size_t)(s->op - s->out)) return VM_ERR_INFLATE;
        if (len > (size_t)(s->oend - s->op)) return VM_ERR_ZIP_LIMIT;
        copy_match(s, dist, len);
    }
}

vm_status inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out,
                      size_t out_cap, size_t *out_len) {
    inflater s;
    uint8_t dummy;
    *out_len = 0;
    if (!in && in_len) return VM_ERR_ARG;
    if (!out && out_cap) return VM_ERR_ARG;
    if (!in) in = (const uint8_t *)"";
    if (!out) out = &dummy; /* zero capacity: never written */
    s.in = in;
    s.in_end = in + in_len;
    s.bb = 0;
    s.bc = 0;
    s.overrun = 0;
    s.out = s.op = out;
    s.oend = out + out_cap;

    bool final;
    do {
        if (!refill(&s)) return VM_ERR_INFLATE;
        final = bits(&s, 1);
        unsigned type = bits(&s, 2);
        vm_status st;
        if (type == 0) {
            st = do_stored(&s);
        } else if (type == 1) {
            fixed_tables(&s);
            st = do_huffman(&s);
        } else if (type == 2) {
            st = read_dynamic_tables(&s);
            if (st == VM_OK) st = do_huffman(&s);
        } else {
            st = VM_ERR_INFLATE;
        }
        if (st != VM_OK) {
            /* Running out of room on a stream that is already past its
             * end is a truncated stream, not a size problem. */
            if (st == VM_ERR_ZIP_LIMIT && s.overrun * 8 > s.bc)
                st = VM_ERR_INFLATE;
            return st;
        }
    } while (!final);
    if (s.overrun * 8 > s.bc) return VM_ERR_INFLATE; /* used bits past end */
    *out_len = (size_t)(s.op - s.out);
    return VM_OK;
}
