/* PacketClassify.java - packet-classification kernel in the spirit of the
 * VEE'08 paper's PriQ VIFlet.  512 synthetic packets (Ethernet, optional
 * 802.1Q tag, IPv4 with optional options, TCP/UDP/ICMP, some IPv6 and some
 * with a bad IPv4 checksum) are generated deterministically as byte arrays.
 * Each iteration parses every packet's headers from its byte array
 * (big-endian reads with masks and shifts, header checksum check), hashes
 * the 5-tuple, classifies it into one of 4 priority queues by IP precedence
 * and ports, and dequeues in priority order (4 after every 8 arrivals, then
 * drains); the output order is folded into a checksum.  Argument 0:
 * iterations (default 2000); argument 1 "classify": time classify() alone
 * over the packets (bench/ebpf.sh compares that with an eBPF JIT).  Prints the checksum, then "time_ms N" for the
 * timed part after a warm-up.  The C twin is bench/c/packetclassify.c. */
final class Packet {
    final byte[] data;
    final int id;

    Packet(byte[] data, int id) {
        this.data = data;
        this.id = id;
    }
}

final class PacketQueue {
    private final Packet[] ring;
    private int head, tail, count;

    PacketQueue(int capacity) {
        ring = new Packet[capacity];
    }

    boolean isEmpty() {
        return count == 0;
    }

    void enqueue(Packet p) {
        ring[tail] = p;
        tail = tail + 1 == ring.length ? 0 : tail + 1;
        count++;
    }

    Packet dequeue() {
        Packet p = ring[head];
        ring[head] = null;
        head = head + 1 == ring.length ? 0 : head + 1;
        count--;
        return p;
    }
}

public class PacketClassify {
    static final int NPKT = 512;
    static final int NCLASS = 4;
    static int seed = 4242;

    static int rnd() {
        seed = seed * 1103515245 + 12345;
        return (seed >>> 16) & 0x7FFF;
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static void put32(byte[] b, int off, int v) {
        put16(b, off, v >>> 16);
        put16(b, off + 2, v);
    }

    static final int[] DSCPS = { 0, 0, 0, 8, 10, 18, 26, 34, 46, 48 };
    static final int[] PORTS = { 22, 80, 443, 8080, 5060, 53, 25, 123 };

    static Packet makePacket(int id) {
        boolean vlan = rnd() % 16 == 0;
        boolean ipv6 = rnd() % 32 == 0;
        int ihl = rnd() % 8 == 0 ? 6 : 5;
        int r = rnd() % 100;
        int proto = r < 60 ? 6 : (r < 95 ? 17 : 1);
        int l4len = proto == 6 ? 20 : 8;
        int payload = rnd() % 65;
        int l2 = vlan ? 18 : 14;
        int len = l2 + ihl * 4 + l4len + payload;
        byte[] b = new byte[len];
        for (int i = 0; i < 12; i++)
            b[i] = (byte) rnd();
        if (vlan) {
            put16(b, 12, 0x8100);
            put16(b, 14, rnd() & 0xFFF);
        }
        put16(b, l2 - 2, ipv6 ? 0x86DD : 0x0800);
        int ip = l2;
        int dscp = DSCPS[rnd() % DSCPS.length];
        b[ip] = (byte) (0x40 | ihl);
        b[ip + 1] = (byte) (dscp << 2);
        put16(b, ip + 2, len - l2);
        put16(b, ip + 4, rnd());
        put16(b, ip + 6, rnd() % 16 == 0 ? 0x2000 | (rnd() & 0x1FFF) : 0x4000);
        b[ip + 8] = 64;
        b[ip + 9] = (byte) proto;
        put32(b, ip + 12, 0x0A000000 | (rnd() << 8) | (rnd() & 0xFF));
        put32(b, ip + 16, 0xC0A80000 | (rnd() & 0xFFFF));
        if (ihl == 6)
            put32(b, ip + 20, 0x01010100 | (rnd() & 0xFF));
        int sum = 0;
        for (int i = 0; i < ihl * 4; i += 2)
            sum += ((b[ip + i] & 0xFF) << 8) | (b[ip + i + 1] & 0xFF);
        while ((sum >>> 16) != 0)
            sum = (sum & 0xFFFF) + (sum >>> 16);
        put16(b, ip + 10, ~sum & 0xFFFF);
        if (rnd() % 64 == 0)
            b[ip + 10] ^= 0x10;                            /* corrupt */
        int l4 = ip + ihl * 4;
        int p1 = rnd() % 3 == 0 ? PORTS[rnd() % PORTS.length] : 1024 + rnd() % 30000;
        int p2 = rnd() % 4 == 0 ? 1024 + rnd() % 30000 : PORTS[rnd() % PORTS.length];
        boolean toServer = (rnd() & 1) == 0;
        put16(b, l4, toServer ? p1 : p2);
        put16(b, l4 + 2, toServer ? p2 : p1);
        if (proto == 6) {
            put32(b, l4 + 4, rnd() << 15 | rnd());
            put32(b, l4 + 8, rnd() << 15 | rnd());
            b[l4 + 12] = 0x50;
            b[l4 + 13] = (byte) (rnd() & 0x3F);
            put16(b, l4 + 14, rnd());
        } else {
            put16(b, l4 + 4, l4len + payload);
        }
        for (int i = l4 + l4len; i < len; i++)
            b[i] = (byte) rnd();
        return new Packet(b, id);
    }

    static int read16(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    static int read32(byte[] b, int off) {
        return ((b[off] & 0xFF) << 24) | ((b[off + 1] & 0xFF) << 16)
             | ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF);
    }

    static int flowHash;

    /* Returns the class 0 (highest) .. 3, or -1 to drop. */
    static int classify(byte[] b) {
        int off = 12;
        int type = read16(b, off);
        if (type == 0x8100) {
            off += 4;
            type = read16(b, off);
        }
        off += 2;
        if (type != 0x0800)
            return 3;
        int vihl = b[off] & 0xFF;
        if ((vihl >>> 4) != 4)
            return -1;
        int hl = (vihl & 0x0F) << 2;
        if (hl < 20 || off + hl > b.length)
            return -1;
        int sum = 0;
        for (int i = 0; i < hl; i += 2)
            sum += read16(b, off + i);
        while ((sum >>> 16) != 0)
            sum = (sum & 0xFFFF) + (sum >>> 16);
        if (sum != 0xFFFF)
            return -1;
        int tos = b[off + 1] & 0xFF;
        int prec = tos >>> 5;
        int proto = b[off + 9] & 0xFF;
        int frag = read16(b, off + 6) & 0x1FFF;
        int src = read32(b, off + 12);
        int dst = read32(b, off + 16);
        int sport = 0, dport = 0;
        if (frag == 0 && (proto == 6 || proto == 17)) {
            int l4 = off + hl;
            sport = read16(b, l4);
            dport = read16(b, l4 + 2);
        }
        int h = src * 0x9E3779B1 ^ dst;
        h = (h ^ (h >>> 15)) * 0x85EBCA77 ^ (sport << 16 | dport) ^ proto;
        flowHash += h ^ (h >>> 13);
        if (prec >= 5 || sport == 5060 || dport == 5060)
            return 0;
        if (prec == 4 || dport == 22 || sport == 22 || dport == 53 || sport == 53 || proto == 1)
            return 1;
        if (proto == 6 && (dport == 80 || dport == 443 || dport == 8080
                           || sport == 80 || sport == 443 || sport == 8080))
            return 2;
        return 3;
    }

    static long out;
    static int nout;

    static void emit(PacketQueue[] q) {
        for (int c = 0; c < NCLASS; c++) {
            if (!q[c].isEmpty()) {
                Packet p = q[c].dequeue();
                out = out * 31 + p.id * 4 + c;
                nout++;
                return;
            }
        }
    }

    static long run(Packet[] pkts, PacketQueue[] q, int iterations) {
        out = 0;
        nout = 0;
        flowHash = 0;
        int dropped = 0;
        for (int it = 0; it < iterations; it++) {
            for (int i = 0; i < NPKT; i++) {
                Packet p = pkts[i];
                int c = classify(p.data);
                if (c < 0)
                    dropped++;
                else
                    q[c].enqueue(p);
                if ((i & 7) == 7)
                    for (int k = 0; k < 4; k++)
                        emit(q);
            }
            for (int c = 0; c < NCLASS; c++)
                while (!q[c].isEmpty())
                    emit(q);
        }
        return out ^ ((long) dropped << 48) ^ flowHash;
    }

    static String ms(long ns) {
        long us = ns / 1000;
        long frac = us % 1000;
        return (us / 1000) + "." + (frac < 100 ? (frac < 10 ? "00" : "0") : "") + frac;
    }

    /* classify() alone over every packet, as the eBPF version runs it. */
    static long classifyOnly(Packet[] pkts, int iterations) {
        flowHash = 0;
        long acc = 0;
        for (int it = 0; it < iterations; it++)
            for (int i = 0; i < NPKT; i++)
                acc = acc * 31 + (classify(pkts[i].data) + 1);
        return acc ^ flowHash;
    }

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Packet[] pkts = new Packet[NPKT];
        for (int i = 0; i < NPKT; i++)
            pkts[i] = makePacket(i);
        if (args.length > 1 && args[1].equals("classify")) {
            classifyOnly(pkts, iterations / 10 + 1);       /* warm-up */
            long t0 = System.nanoTime();
            long h = classifyOnly(pkts, iterations);
            long t1 = System.nanoTime();
            System.out.println("PacketClassify-classify: packets " + NPKT + " iterations "
                               + iterations + " checksum " + h);
            System.out.println("time_ms " + ms(t1 - t0));
            return;
        }
        PacketQueue[] q = new PacketQueue[NCLASS];
        for (int c = 0; c < NCLASS; c++)
            q[c] = new PacketQueue(NPKT);
        run(pkts, q, iterations / 10 + 1);                 /* warm-up */
        long t0 = System.nanoTime();
        long h = run(pkts, q, iterations);
        long t1 = System.nanoTime();
        System.out.println("PacketClassify: packets " + NPKT + " iterations " + iterations
                           + " out " + nout + " checksum " + h);
        System.out.println("time_ms " + ms(t1 - t0));
    }
}
