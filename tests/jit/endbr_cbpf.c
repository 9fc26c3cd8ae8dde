/* endbr_cbpf.c - tests/jit/endbr.sh's helper: compiles two classic BPF
 * filters (vm_cbpf_compile, src/jit/cbpf_jit.c), writes each one's
 * machine code to DIR/filter<k>.bin for the script to disassemble, and
 * runs them (a native filter is called through a pointer: under kernel
 * IBT its first instruction must be endbr64).
 *
 *   endbr_cbpf DIR      exit 0 when both compiled and gave the expected
 *                       results, 1 otherwise */
#include <stdio.h>
#include <string.h>
#include "vifvm_cbpf.h"
#include "posix/posix_platform.h"

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: endbr_cbpf DIR\n"); return 2; }
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    /* ldb [0]; ret a    and    ld M[0] after st: (scratch memory, a frame) */
    static const vm_cbpf_insn f0[] = { { 0x30, 0, 0, 0 }, { 0x16, 0, 0, 0 } };
    static const vm_cbpf_insn f1[] = { { 0x30, 0, 0, 1 }, { 0x02, 0, 0, 0 }, { 0x60, 0, 0, 0 },
                                       { 0x16, 0, 0, 0 } };
    const vm_cbpf_insn *fs[2] = { f0, f1 };
    const uint32_t ns[2] = { 2, 4 };
    const uint8_t pkt[4] = { 7, 9, 0, 0 };
    const uint32_t want[2] = { 7, 9 };
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        char msg[200] = "";
        vm_diag d = { msg, sizeof msg };
        vm_cbpf_prog *p = NULL;
        if (vm_cbpf_compile(&plat, fs[k], ns[k], 0, &p, &d) != VM_OK) {
            printf("filter%d: not compiled: %s\n", k, msg);
            bad = 1;
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/filter%d.bin", argv[1], k);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(vm_cbpf_code(p), 1, vm_cbpf_code_bytes(p), f);
            fclose(f);
        }
        uint32_t r = vm_cbpf_function(p)(pkt, sizeof pkt, sizeof pkt);
        if (r != want[k]) { printf("filter%d: returned %u, want %u\n", k, r, want[k]); bad = 1; }
        vm_cbpf_free(p);
    }
    return bad;
}
