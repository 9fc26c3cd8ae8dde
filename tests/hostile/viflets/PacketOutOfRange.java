// Out-of-range packet access: every get/put/getInt/... beyond the length,
// at negative offsets, or at offsets that overflow `off + size` throws
// IndexOutOfBoundsException (none reads or writes anything); the packets
// go on unchanged.  At the 30th packet one access is left uncaught and
// aborts the VIFlet (pass policy: the rest goes straight through).
// expect-log: out-of-range: refused 540, allowed 0
// expect-log: first refusal: java\.lang\.IndexOutOfBoundsException: packet offset -1 \(size 1\) out of range for length
// expect-log: vifd: VIFlet PacketOutOfRange aborted in enqueue\(\): java\.lang\.IndexOutOfBoundsException: packet offset
// reject-log: BREACH
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
import vif.*;

public class PacketOutOfRange extends VIFlet {
    private int n, refused, allowed;

    private void attempt(Packet p, int what) {
        int len = p.length();
        final int MAX = Integer.MAX_VALUE, MIN = Integer.MIN_VALUE;
        try {
            long v;
            switch (what) {
                case 0: v = p.get(-1); break;
                case 1: v = p.get(len); break;
                case 2: v = p.get(MIN); break;
                case 3: v = p.get(MAX); break;
                case 4: v = p.getUnsignedByte(len); break;
                case 5: v = p.getShort(len - 1); break;
                case 6: v = p.getUnsignedShort(-2); break;
                case 7: v = p.getInt(len - 3); break;
                case 8: v = p.getInt(MAX - 1); break;
                case 9: v = p.getLong(len - 7); break;
                case 10: v = p.getLong(-8); break;
                case 11: v = p.getLong(MAX - 4); break;
                case 12: p.put(len, (byte) 1); v = 0; break;
                case 13: p.put(-1, (byte) 1); v = 0; break;
                case 14: p.putShort(len - 1, (short) 1); v = 0; break;
                case 15: p.putInt(MIN, 1); v = 0; break;
                case 16: p.putLong(len - 4, 1L); v = 0; break;
                default: p.putLong(MAX, -1L); v = 0; break;
            }
            allowed++;
            System.out.println("BREACH: access " + what + " allowed (" + v + ")");
        } catch (IndexOutOfBoundsException e) {
            if (refused++ == 0) System.out.println("first refusal: " + e);
        }
    }

    public void enqueue(Packet p) {
        n++;
        for (int i = 0; i < 18; i++) attempt(p, i);
        if (n == 30) {
            System.out.println("out-of-range: refused " + refused + ", allowed " + allowed);
            p.getInt(p.length() - 2);
        }
        super.enqueue(p);
    }
}
