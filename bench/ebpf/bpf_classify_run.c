/* bpf_classify_run.c - runs bench/ebpf/classify.bpf.o in the kernel's eBPF
 * JIT over the packets of a capture, with BPF_PROG_TEST_RUN (root).
 *
 *   bpf_classify_run OBJ PCAP [REPEAT]
 *
 * First one run per packet, to check the eBPF port against the Java and C
 * versions: prints the checksum that `PacketClassify 1 classify` prints
 * (fold of the classes, xor the flow hash).  The capture is read here
 * (classic pcap, microsecond or nanosecond, either byte order): libpcap's
 * headers and the kernel's BPF headers cannot be included together.  Then, three times, REPEAT runs
 * per packet of `classify` and of the empty program `empty`; the kernel
 * reports the mean ns per run.  Prints the best pass of each:
 *   bpf_classify_ns  mean ns per packet, the test-run loop included
 *   bpf_empty_ns     the same for the empty program
 *   bpf_net_ns       the difference: the program's own cost */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXPKT 4096

static uint8_t *pkt[MAXPKT];
static uint32_t pktlen[MAXPKT];
static int npkt;

static uint32_t rd32(const uint8_t *p, int swap) {
    uint32_t v;
    memcpy(&v, p, 4);
    return swap ? __builtin_bswap32(v) : v;
}

static int read_pcap(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    uint8_t gh[24], rh[16];
    int swap = 0;
    if (fread(gh, 1, 24, f) != 24) goto bad;
    uint32_t magic = rd32(gh, 0);
    if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) swap = 1;
    else if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) goto bad;
    while (npkt < MAXPKT && fread(rh, 1, 16, f) == 16) {
        uint32_t cap = rd32(rh + 8, swap);
        if (cap > 262144) goto bad;
        pkt[npkt] = malloc(cap ? cap : 1);
        if (!pkt[npkt] || fread(pkt[npkt], 1, cap, f) != cap) goto bad;
        pktlen[npkt++] = cap;
    }
    fclose(f);
    return npkt ? 0 : -1;
bad:
    fprintf(stderr, "%s: not a classic pcap file, or truncated\n", path);
    fclose(f);
    return -1;
}

static int run(int fd, int i, int repeat, uint32_t *retval, uint32_t *duration) {
    LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = pkt[i], .data_size_in = pktlen[i],
                .repeat = repeat);
    int r = bpf_prog_test_run_opts(fd, &o);
    if (r != 0) return r;
    *retval = o.retval;
    *duration = o.duration;
    return 0;
}

static double pass(int fd, int repeat) {
    double sum = 0;
    for (int i = 0; i < npkt; i++) {
        uint32_t rv, d;
        if (run(fd, i, repeat, &rv, &d) != 0) {
            perror("bpf_prog_test_run");
            exit(1);
        }
        sum += d;
    }
    return sum / npkt;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s OBJ PCAP [REPEAT]\n", argv[0]);
        return 2;
    }
    int repeat = argc > 3 ? atoi(argv[3]) : 2000;
    if (read_pcap(argv[2]) != 0) return 1;
    struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
    if (!obj || libbpf_get_error(obj)) {
        fprintf(stderr, "%s: cannot open\n", argv[1]);
        return 1;
    }
    if (bpf_object__load(obj) != 0) {
        fprintf(stderr, "%s: the kernel refused the program (see the verifier log above)\n",
                argv[1]);
        return 1;
    }
    struct bpf_program *pc_prog = bpf_object__find_program_by_name(obj, "classify");
    struct bpf_program *pe_prog = bpf_object__find_program_by_name(obj, "empty");
    struct bpf_map *bss = NULL, *m;
    bpf_object__for_each_map(m, obj) {
        const char *n = bpf_map__name(m);
        size_t l = strlen(n);
        if (l >= 4 && !strcmp(n + l - 4, ".bss")) bss = m;
    }
    if (!pc_prog || !pe_prog || !bss) {
        fprintf(stderr, "%s: programs classify/empty or the .bss map missing\n", argv[1]);
        return 1;
    }
    int fc = bpf_program__fd(pc_prog), fe = bpf_program__fd(pe_prog);
    /* one run per packet: the checksum of PacketClassify's classify mode */
    uint32_t zero = 0, key = 0, fh = 0;
    bpf_map_update_elem(bpf_map__fd(bss), &key, &zero, BPF_ANY);
    uint64_t acc = 0;
    for (int i = 0; i < npkt; i++) {
        uint32_t rv, du;
        if (run(fc, i, 1, &rv, &du) != 0) {
            perror("bpf_prog_test_run");
            return 1;
        }
        acc = acc * 31 + rv;
    }
    bpf_map_lookup_elem(bpf_map__fd(bss), &key, &fh);
    printf("PacketClassify-classify: packets %d iterations 1 checksum %lld\n", npkt,
           (long long)(acc ^ (uint64_t)(int64_t)(int32_t)fh));
    double best_c = 1e30, best_e = 1e30;
    for (int t = 0; t < 3; t++) {
        double c = pass(fc, repeat), e = pass(fe, repeat);
        if (c < best_c) best_c = c;
        if (e < best_e) best_e = e;
    }
    printf("bpf_classify_ns %.2f\nbpf_empty_ns %.2f\nbpf_net_ns %.2f\n", best_c, best_e,
           best_c - best_e);
    bpf_object__close(obj);
    for (int i = 0; i < npkt; i++) free(pkt[i]);
    return 0;
}
