/* classify.bpf.c - the classify() kernel of bench/java/PacketClassify.java
 * (and of its C twin bench/c/packetclassify.c) as an eBPF XDP program, so
 * that a BPF JIT can be measured on the same work (bench/ebpf.sh runs it in
 * the kernel's JIT through BPF_PROG_TEST_RUN).
 *
 * Same parse, same checks, same flow hash (into the global flow_hash, as
 * the Java version adds into a static field), same classes.  The return
 * value is the class + 1 (0: dropped), which are all valid XDP actions.
 * The differences the verifier imposes: each packet access is checked
 * against data_end, where the Java code gets its bounds checks from the
 * array accesses. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u32 flow_hash;

#define RD16(p) ((__u32)(p)[0] << 8 | (__u32)(p)[1])
#define RD32(p) ((__u32)(p)[0] << 24 | (__u32)(p)[1] << 16 | (__u32)(p)[2] << 8 | (__u32)(p)[3])

SEC("xdp")
int classify(struct xdp_md *ctx) {
    const __u8 *data = (const __u8 *)(long)ctx->data;
    const __u8 *end = (const __u8 *)(long)ctx->data_end;
    if (data + 18 > end)
        return 4;                       /* too short for the type: class 3 as in Java's
                                           IndexOutOfBounds-free path for non-IP */
    __u32 off = 12;
    __u32 type = RD16(data + off);
    if (type == 0x8100) {
        off += 4;
        type = RD16(data + off);
    }
    off += 2;
    if (type != 0x0800)
        return 4;
    const __u8 *ip = data + off;
    if (ip + 20 > end)
        return 0;
    __u32 vihl = ip[0];
    if ((vihl >> 4) != 4)
        return 0;
    __u32 hl = (vihl & 0x0F) << 2;
    if (hl < 20 || ip + hl > end)
        return 0;
    __u32 sum = 0;
    for (__u32 i = 0; i < 60; i += 2) {
        if (i >= hl)
            break;
        const __u8 *w = ip + i;
        asm volatile("" : "+r"(w));         /* keep clang from rewriting the check
                                               into arithmetic on data_end */
        if (w + 2 > end)
            return 0;
        sum += RD16(w);
    }
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    if (sum != 0xFFFF)
        return 0;
    __u32 prec = ip[1] >> 5;
    __u32 proto = ip[9];
    __u32 frag = RD16(ip + 6) & 0x1FFF;
    __u32 src = RD32(ip + 12);
    __u32 dst = RD32(ip + 16);
    __u32 sport = 0, dport = 0;
    if (frag == 0 && (proto == 6 || proto == 17)) {
        const __u8 *l4 = ip + hl;
        if (l4 + 4 > end)
            return 0;
        sport = RD16(l4);
        dport = RD16(l4 + 2);
    }
    __u32 h = src * 0x9E3779B1u ^ dst;
    h = ((h ^ (h >> 15)) * 0x85EBCA77u) ^ (sport << 16 | dport) ^ proto;
    flow_hash += h ^ (h >> 13);
    if (prec >= 5 || sport == 5060 || dport == 5060)
        return 1;
    if (prec == 4 || dport == 22 || sport == 22 || dport == 53 || sport == 53 || proto == 1)
        return 2;
    if (proto == 6 && (dport == 80 || dport == 443 || dport == 8080
                       || sport == 80 || sport == 443 || sport == 8080))
        return 3;
    return 4;
}

/* The same entry with nothing in it: bench/ebpf.sh subtracts its time (the
 * cost of BPF_PROG_TEST_RUN's loop around one program run). */
SEC("xdp")
int empty(struct xdp_md *ctx) {
    return 4;
}

char LICENSE[] SEC("license") = "GPL";
