/* fuzz_jar.c - libFuzzer harness for the JAR reader (src/classfile/zip.c)
 * and what runs on its output: zip_open on the input, zip_read of every
 * entry, cf_parse of each *.class entry, and the Main-Class parser on
 * META-INF/MANIFEST.MF.
 *
 * Besides sanitizer reports, it aborts (a reported crash) if a successful
 * read returns more than max_entry bytes or a Main-Class overflows its
 * buffer.  zip_read itself verifies sizes and CRC-32. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "classfile/classfile.h"
#include "classfile/classpath.h"
#include "classfile/zip.h"
#include "core/mem.h"
#include "platform/posix/posix_platform.h"

#define MAX_ENTRY (1u << 20)

static vm_platform plat;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    posix_platform_init(&plat, NULL);
    return 0;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    char msg[512];
    vm_diag d = {msg, sizeof msg};
    zip_archive *z = NULL;
    if (zip_open(&plat, copy, size, MAX_ENTRY, &z, &d) == VM_OK) {
        for (size_t i = 0; i < zip_entry_count(z); i++) {
            const char *name = zip_entry_name(z, i);
            uint8_t *buf;
            size_t len;
            if (!name) abort();
            if (zip_read(z, name, &buf, &len, &d) != VM_OK) continue;
            if (len > MAX_ENTRY) abort();
            if (ends_with(name, ".class")) {
                cf_class *c = NULL;
                if (cf_parse(&plat, buf, len, &c, &d) == VM_OK) cf_free(c);
            } else if (strcmp(name, "META-INF/MANIFEST.MF") == 0) {
                char mc[256];
                if (classpath_manifest_main_class(buf, len, mc, sizeof mc, &d) == VM_OK &&
                    strlen(mc) >= sizeof mc)
                    abort();
            }
            vm_free(&plat, buf, len);
        }
        zip_close(z);
    }
    free(copy);
    return 0;
}
