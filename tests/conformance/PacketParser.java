// Parse synthetic Ethernet/IPv4/TCP/UDP headers from byte arrays: big-endian fields, bit fields, masks.
public class PacketParser {
    static int u8(byte[] b, int o) { return b[o] & 0xFF; }
    static int u16(byte[] b, int o) { return ((b[o] & 0xFF) << 8) | (b[o + 1] & 0xFF); }
    static long u32(byte[] b, int o) { return ((long) u16(b, o) << 16) | u16(b, o + 2); }
    static String ip(long a) { return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255); }
    static void put16(byte[] b, int o, int v) { b[o] = (byte) (v >>> 8); b[o + 1] = (byte) v; }
    static void put32(byte[] b, int o, long v) { put16(b, o, (int) (v >>> 16)); put16(b, o + 2, (int) v); }

    static byte[] build(int i) {
        boolean tcp = i % 3 != 0;
        int ihl = 5 + (i % 4 == 0 ? 1 : 0);
        byte[] p = new byte[14 + ihl * 4 + (tcp ? 20 : 8) + (i % 50)];
        for (int k = 0; k < 6; k++) { p[k] = (byte) (0xF0 + k); p[6 + k] = (byte) (i + k); }
        put16(p, 12, i % 10 == 0 ? 0x86DD : 0x0800);
        int ip = 14;
        p[ip] = (byte) (0x40 | ihl);
        p[ip + 1] = (byte) (i << 2);
        put16(p, ip + 2, p.length - 14);
        put16(p, ip + 4, i & 0xFFFF);
        put16(p, ip + 6, (i % 5 == 0 ? 0x4000 : 0) | (i % 7));
        p[ip + 8] = (byte) (64 - i % 64);
        p[ip + 9] = (byte) (tcp ? 6 : 17);
        put32(p, ip + 12, 0xC0A80000L + i % 300);
        put32(p, ip + 16, 0x0A000000L + (i * 2654435761L & 0xFFFFFF));
        int l4 = ip + ihl * 4;
        put16(p, l4, 1024 + i % 60000);
        put16(p, l4 + 2, tcp ? (i % 2 == 0 ? 443 : 80) : 53);
        if (tcp) { put32(p, l4 + 4, i * 1000003L & 0xFFFFFFFFL); p[l4 + 12] = (byte) 0x50; p[l4 + 13] = (byte) (i % 64); }
        return p;
    }
    public static void main(String[] args) {
        int v4 = 0, other = 0, tcp = 0, udp = 0, frag = 0, syn = 0;
        long bytes = 0, portSum = 0;
        for (int i = 0; i < 20000; i++) {
            byte[] p = build(i);
            if (u16(p, 12) != 0x0800) { other++; continue; }
            v4++;
            int ver = u8(p, 14) >>> 4, ihl = u8(p, 14) & 15;
            int total = u16(p, 16);
            int flags = u16(p, 20);
            if ((flags & 0x1FFF) != 0 || (flags & 0x2000) != 0) frag++;
            int proto = u8(p, 23);
            long src = u32(p, 26), dst = u32(p, 30);
            int l4 = 14 + ihl * 4;
            int sport = u16(p, l4), dport = u16(p, l4 + 2);
            if (proto == 6) { tcp++; if ((u8(p, l4 + 13) & 0x02) != 0) syn++; } else if (proto == 17) udp++;
            bytes += total;
            portSum += sport ^ dport;
            if (i < 6) System.out.println("v" + ver + " ihl " + ihl + " len " + total + " ttl " + u8(p, 22) + " proto " + proto + " "
                + ip(src) + ":" + sport + " -> " + ip(dst) + ":" + dport + " flags " + Integer.toHexString(flags));
        }
        System.out.println("ipv4 " + v4 + " other " + other + " tcp " + tcp + " udp " + udp + " frag " + frag + " syn " + syn
            + " bytes " + bytes + " ports " + portSum);
    }
}
