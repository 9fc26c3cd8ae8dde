/* fuzz_jar.c - libFuzzer harness for the JAR reader (src/classfile/zip.c)
 * and what runs on its output, through the public API
 * (vm_check_jar_bytes): the zip directory of the input, every entry read
 * (sizes and CRC-32 verified), each *.class entry checked as the loader
 * would, and the Main-Class parser on META-INF/MANIFEST.MF.
 *
 * Besides sanitizer reports, it aborts (a reported crash) when the check
 * reports VM_ERR_INTERNAL: a successful read that returned more than
 * MAX_ENTRY bytes, or an entry without a name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"
#include "posix/posix_platform.h"

#define MAX_ENTRY (1u << 20)

static vm_platform plat;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    posix_platform_init(&plat, NULL);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    char msg[512];
    msg[0] = '\0';
    vm_diag d = {msg, sizeof msg};
    vm_status st = vm_check_jar_bytes(&plat, copy, size, MAX_ENTRY, &d);
    free(copy);
    if (st == VM_ERR_INTERNAL || st == VM_ERR_ARG) abort();
    if (memchr(msg, '\0', sizeof msg) == NULL) abort();
    return 0;
}
