// Holding packets after returning them from dequeue() and touching them
// later (read, write, length, timestamp, header helpers): every access
// throws IllegalStateException, and the bytes that left are unchanged
// (the output is checked byte for byte).  Harmless: it keeps relaying.
// expect-log: stale: refused 1428, allowed 0
// expect-log: first refusal: java\.lang\.IllegalStateException: packet no longer owned by this VIFlet
// reject-log: BREACH
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.out=TCP pcap/tcp.held=0
// shared-owner: yes
import vif.*;

public class PacketAfterDequeue extends VIFlet {
    private final Packet[] returned = new Packet[8];
    private int nret, n, refused, allowed;

    private void touch(Packet p, int what) {
        try {
            long v;
            switch (what) {
                case 0: v = p.get(0); break;
                case 1: p.put(20, (byte) 0x55); v = 0; break;
                case 2: v = p.length(); break;
                case 3: v = p.timestamp(); break;
                case 4: v = p.getInt(26); break;
                case 5: p.putLong(30, -1L); v = 0; break;
                default: v = p.ipProtocol(); break;
            }
            allowed++;
            System.out.println("BREACH: stale access " + what + " allowed (" + v + ")");
        } catch (IllegalStateException e) {
            if (refused++ == 0) System.out.println("first refusal: " + e);
        }
    }

    public void enqueue(Packet p) {
        n++;
        for (int i = 0; i < nret && i < returned.length; i++)
            for (int w = 0; w < 7; w++) touch(returned[i], w);
        if (n == 30) System.out.println("stale: refused " + refused + ", allowed " + allowed);
        super.enqueue(p);
    }

    public Packet dequeue() {
        Packet p = super.dequeue();
        if (p != null) returned[nret++ % returned.length] = p;
        return p;
    }
}
