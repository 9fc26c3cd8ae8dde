/* fuzz_inflate.c - libFuzzer harness for the raw-DEFLATE decoder
 * (src/classfile/inflate.c).
 *
 * Decodes the input into a 256 KiB buffer and checks two properties:
 *  - a successful decode of N > 0 bytes must fail with VM_ERR_ZIP_LIMIT
 *    when given N - 1 bytes of room (the cap is exact, never overrun);
 *  - with -DFUZZ_WITH_ZLIB (run_fuzz.sh adds it when zlib is available)
 *    the verdict and output must equal zlib's raw inflate (differential).
 * Any mismatch aborts, which libFuzzer reports as a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"

#ifdef FUZZ_WITH_ZLIB
#include <zlib.h>
#endif

#define CAP (256u * 1024u)

static uint8_t out[CAP];
#ifdef FUZZ_WITH_ZLIB
static uint8_t zout[CAP];
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t got = 0;
    vm_status s = vm_inflate_raw(data, size, out, CAP, &got);
    if (s != VM_OK && s != VM_ERR_INFLATE && s != VM_ERR_ZIP_LIMIT) abort();
    if (s == VM_OK && got > 0) {
        size_t got2;
        uint8_t *tight = malloc(got - 1 ? got - 1 : 1);
        vm_status s2 = vm_inflate_raw(data, size, tight, got - 1, &got2);
        free(tight);
        if (s2 != VM_ERR_ZIP_LIMIT) abort();
    }
#ifdef FUZZ_WITH_ZLIB
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK) return 0;
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)size;
    z.next_out = zout;
    z.avail_out = CAP;
    int r = inflate(&z, Z_FINISH);
    int full = z.avail_out == 0;
    size_t zgot = z.total_out;
    inflateEnd(&z);
    if (r == Z_STREAM_END) {
        if (s != VM_OK || got != zgot || memcmp(out, zout, got) != 0) abort();
    } else if (r == Z_BUF_ERROR && full) {
        if (s != VM_ERR_ZIP_LIMIT) abort();
    } else {
        if (s != VM_ERR_INFLATE) abort();
    }
#endif
    return 0;
}
