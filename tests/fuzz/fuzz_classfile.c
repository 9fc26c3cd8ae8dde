/* fuzz_classfile.c - libFuzzer harness for the class-file parser
 * (src/classfile/classfile.c) through the public API: vm_check_class_bytes.
 * Memory errors, leaks and undefined behaviour are what it looks for;
 * a detail message must always be NUL-terminated. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"
#include "posix/posix_platform.h"

static vm_platform plat;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    posix_platform_init(&plat, NULL);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* Copy to an exact-size heap block so ASan sees any overread. */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    char msg[512];
    msg[0] = '\0';
    vm_diag d = {msg, sizeof msg};
    vm_status s = vm_check_class_bytes(&plat, copy, size, &d);
    free(copy);
    if (s == VM_ERR_INTERNAL || s == VM_ERR_ARG) abort();
    if (s != VM_OK && memchr(msg, '\0', sizeof msg) == NULL) abort();
    return 0;
}
