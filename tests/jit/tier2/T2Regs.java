// Many values live at once across calls, nested loops and exceptions:
// a per-flow statistics accumulator of the ordinary kind, with twenty
// counters live through its loops (r16: tier 2's register allocator,
// interval splitting and the reloads on its back edges).  A bad length
// throws out of the accumulating loop, through compiled code, and the
// caller counts it and goes on.
public class T2Regs {
    static final class Pkt {
        int len, proto, src, dst, sport, dport, flags, ttl;
    }

    static int checksum(int a, int b) {
        int s = a + b;
        return (s & 0xffff) + (s >>> 16);
    }

    static int parse(int[] raw, int i, int round) {
        if (raw[i] == -2 && round == 3) throw new IllegalArgumentException("bad length at " + i);
        return raw[i] < 0 ? -1 : raw[i];
    }

    static long accumulate(Pkt[] pkts, int[] raw, int rounds) {
        long bytes = 0, tcp = 0, udp = 0, icmp = 0, other = 0;
        long syn = 0, fin = 0, rst = 0, small = 0, large = 0;
        int maxLen = 0, minLen = Integer.MAX_VALUE, lowTtl = 0, hiPort = 0, loPort = 0;
        int csum = 0, errors = 0, seen = 0, evenSrc = 0, sameHost = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < pkts.length; i++) {
                Pkt p = pkts[i];
                int len = parse(raw, i, r);
                if (len < 0) {
                    errors++;
                    continue;
                }
                seen++;
                bytes += len;
                if (len > maxLen) maxLen = len;
                if (len < minLen) minLen = len;
                if (len < 64) small++; else if (len > 1400) large++;
                switch (p.proto) {
                    case 6:
                        tcp++;
                        if ((p.flags & 2) != 0) syn++;
                        if ((p.flags & 1) != 0) fin++;
                        if ((p.flags & 4) != 0) rst++;
                        break;
                    case 17: udp++; break;
                    case 1: icmp++; break;
                    default: other++;
                }
                if (p.ttl < 8) lowTtl++;
                if (p.dport >= 1024) hiPort++; else loPort++;
                if ((p.src & 1) == 0) evenSrc++;
                if (p.src == p.dst) sameHost++;
                csum = checksum(csum, len ^ p.sport);
            }
        }
        long h = bytes;
        h = h * 31 + tcp; h = h * 31 + udp; h = h * 31 + icmp; h = h * 31 + other;
        h = h * 31 + syn; h = h * 31 + fin; h = h * 31 + rst; h = h * 31 + small; h = h * 31 + large;
        h = h * 31 + maxLen; h = h * 31 + minLen; h = h * 31 + lowTtl; h = h * 31 + hiPort;
        h = h * 31 + loPort; h = h * 31 + csum; h = h * 31 + errors; h = h * 31 + seen;
        h = h * 31 + evenSrc; h = h * 31 + sameHost;
        System.out.println("bytes=" + bytes + " tcp=" + tcp + " udp=" + udp + " icmp=" + icmp + " other=" + other);
        System.out.println("syn=" + syn + " fin=" + fin + " rst=" + rst + " small=" + small + " large=" + large);
        System.out.println("max=" + maxLen + " min=" + minLen + " lowTtl=" + lowTtl + " hi=" + hiPort + " lo=" + loPort);
        System.out.println("csum=" + csum + " errors=" + errors + " seen=" + seen + " even=" + evenSrc + " same=" + sameHost);
        return h;
    }

    // a loop whose early values are used only after it, and a hot inner
    // loop that needs every register: the early ones should be the ones
    // to go to memory, and come back right after the loop
    static long phases(int[] a, int n) {
        int a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];
        long s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7;
        for (int k = 0; k < n; k++) {
            int x = a[k & 7];
            s0 += x; s1 ^= s0 + k; s2 += s1 >>> 3; s3 -= s2 ^ x;
            s4 += s3 * 3; s5 ^= s4 << 1; s6 += s5 & 0xff; s7 += s6 - s0;
            for (int j = 0; j < 3; j++) {
                s0 += s7 ^ j; s1 += s0 >> 2;
            }
        }
        return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + a0 * 3L + a1 * 5L + a2 * 7L + a3 * 11L + a4 * 13L + a5 * 17L;
    }

    // values read at the top of a loop (n, base, scale) and a burst of
    // ten values live at once further down: a value that loses its
    // register there must be back in it at the next iteration's top
    static long bursts(int[] a, int n, int base, int scale) {
        long acc = 0;
        for (int i = 0; i < n; i++) {
            int x = a[i & 15] + base;
            int y = x * scale;
            int b0 = a[(i + 1) & 15], b1 = a[(i + 2) & 15], b2 = a[(i + 3) & 15], b3 = a[(i + 4) & 15];
            int b4 = a[(i + 5) & 15], b5 = a[(i + 6) & 15], b6 = a[(i + 7) & 15], b7 = a[(i + 8) & 15];
            int b8 = a[(i + 9) & 15], b9 = a[(i + 10) & 15];
            long prod = (long) b0 * b1 + (long) b2 * b3 + (long) b4 * b5 + (long) b6 * b7 + (long) b8 * b9;
            int sum = b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7 + b8 + b9;
            acc += (prod ^ sum) + y;
        }
        return acc;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        Pkt[] pkts = new Pkt[97];
        int[] raw = new int[pkts.length];
        int seed = 12345;
        for (int i = 0; i < pkts.length; i++) {
            Pkt p = new Pkt();
            seed = seed * 1103515245 + 12345;
            p.len = 40 + ((seed >>> 8) % 1460);
            p.proto = (seed >>> 4) % 5 == 0 ? 17 : (seed >>> 4) % 7 == 0 ? 1 : (seed >>> 4) % 11 == 0 ? 47 : 6;
            p.src = (seed >>> 3) & 255;
            p.dst = (seed >>> 5) & 255;
            p.sport = (seed >>> 7) & 0xffff;
            p.dport = (seed >>> 9) & 0xffff;
            p.flags = (seed >>> 2) & 7;
            p.ttl = (seed >>> 11) & 63;
            pkts[i] = p;
            raw[i] = i % 41 == 40 ? -1 : p.len;
        }
        long total = 0;
        for (int r = 0; r < 5; r++) total += accumulate(pkts, raw, n / 5 + r);
        raw[77] = -2;   // from now on round 3 of each call throws
        int thrown = 0;
        for (int r = 0; r < 3; r++) {
            try {
                total += accumulate(pkts, raw, 4 + r);
            } catch (IllegalArgumentException e) {
                thrown++;
                System.out.println("caught: " + e.getMessage());
            }
        }
        System.out.println("thrown=" + thrown);
        System.out.println("total=" + total);
        int[] a = new int[8];
        for (int i = 0; i < 8; i++) a[i] = i * 7 + 3;
        long ph = 0;
        for (int r = 0; r < 20; r++) ph += phases(a, n + r);
        System.out.println("phases=" + ph);
        int[] w = new int[16];
        for (int i = 0; i < 16; i++) w[i] = (i * 2654435761L) % 1000 > 500 ? i * 37 : -i * 11;
        long bu = 0;
        for (int r = 0; r < 20; r++) bu += bursts(w, n + r, r * 3 + 1, r + 2);
        System.out.println("bursts=" + bu);
    }
}
