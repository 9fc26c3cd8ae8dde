/* bench/scan_cost.c - vm_image_members_named (src/api/api_scan.c) over a
 * class file or JAR, REPS times (default 1), with the kernel module's 23
 * names of vif.Packet (src/kmod/vifvm_viflet.c): what the module adds to
 * a VIFlet's load since k14.  Built and run by bench/scan_cost.sh. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vifvm.h"
#include "platform/posix/posix_platform.h"
int main(int argc, char **argv) {
    static const char *const names[] = { "timestamp", "put", "putShort", "putInt", "putLong", "setDscp",
        "recomputeIpChecksum", "recomputeL4Checksum", "data", "get", "getUnsignedByte", "getShort",
        "getUnsignedShort", "getInt", "getLong", "ipChecksumOk", "l4ChecksumOk", "l4Offset",
        "l4Protocol", "srcPort", "dstPort", "tcpFlags", "len" };
    enum { N = sizeof names / sizeof *names };
    if (argc < 2) {
        fprintf(stderr, "usage: scan_cost FILE [REPS]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static uint8_t buf[1 << 24];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    int reps = argc > 2 ? atoi(argv[2]) : 1;
    bool jar = len > 4 && buf[0] == 'P' && buf[1] == 'K';
    vm_platform p;
    posix_platform_init(&p, NULL);
    char db[256] = "";
    vm_diag d = { db, sizeof db };
    bool found[N];
    vm_status st = VM_OK;
    for (int r = 0; r < reps; r++)
        st = vm_image_members_named(&p, buf, len, jar, 4u << 20, 0, "vif/Packet", names, N, found, &d);
    int k = 0;
    for (int i = 0; i < N; i++) k += found[i];
    printf("%s: %zu bytes, %s, status %d, %d of %d named %s\n", argv[1], len, jar ? "jar" : "class", (int)st, k, N, db);
    return 0;
}
