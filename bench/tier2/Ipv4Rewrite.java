/** Forwarding fast path: verify the IPv4 header checksum, decrement the TTL
 *  and patch the checksum incrementally (RFC 1624), over a ring of packets.
 *  Usage: Ipv4Rewrite [rounds] */
public class Ipv4Rewrite {
    static final int PACKETS = 1024;

    static int headerChecksum(byte[] p, int off, int len) {
        int sum = 0;
        for (int i = 0; i < len; i += 2) {
            sum += ((p[off + i] & 0xff) << 8) | (p[off + i + 1] & 0xff);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return ~sum & 0xffff;
    }

    static void fillPacket(byte[] p, int seed) {
        p[0] = 0x45;
        p[1] = 0;
        int total = p.length;
        p[2] = (byte) (total >> 8);
        p[3] = (byte) total;
        p[4] = (byte) (seed >> 8);
        p[5] = (byte) seed;
        p[8] = (byte) (32 + (seed & 63));
        p[9] = (byte) ((seed & 1) == 0 ? 6 : 17);
        for (int i = 12; i < 20; i++) {
            p[i] = (byte) (seed * (i + 3) >> 3);
        }
        p[10] = 0;
        p[11] = 0;
        int c = headerChecksum(p, 0, 20);
        p[10] = (byte) (c >> 8);
        p[11] = (byte) c;
    }

    /** Returns false if the packet must be dropped. */
    static boolean forward(byte[] p) {
        if ((p[0] & 0xf0) != 0x40) {
            return false;
        }
        int ihl = (p[0] & 0x0f) * 4;
        if (headerChecksum(p, 0, ihl) != 0) {
            return false;
        }
        int ttl = p[8] & 0xff;
        if (ttl <= 1) {
            return false;
        }
        int oldWord = ((p[8] & 0xff) << 8) | (p[9] & 0xff);
        p[8] = (byte) (ttl - 1);
        int newWord = ((p[8] & 0xff) << 8) | (p[9] & 0xff);
        int check = ((p[10] & 0xff) << 8) | (p[11] & 0xff);
        int sum = (~check & 0xffff) + (~oldWord & 0xffff) + newWord;
        sum = (sum & 0xffff) + (sum >>> 16);
        sum = (sum & 0xffff) + (sum >>> 16);
        check = ~sum & 0xffff;
        p[10] = (byte) (check >> 8);
        p[11] = (byte) check;
        return true;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        byte[][] packets = new byte[PACKETS][];
        for (int i = 0; i < PACKETS; i++) {
            packets[i] = new byte[40 + (i % 7) * 100];
            fillPacket(packets[i], i * 2654435761L > 0 ? i * 7919 : i);
        }
        long forwarded = 0;
        long dropped = 0;
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < PACKETS; i++) {
                byte[] p = packets[i];
                if (forward(p)) {
                    forwarded++;
                    sum += ((p[10] & 0xff) << 8) | (p[11] & 0xff);
                } else {
                    dropped++;
                    fillPacket(p, i + r);
                }
            }
        }
        System.out.println("forwarded " + forwarded + " dropped " + dropped + " sum " + sum);
    }
}
