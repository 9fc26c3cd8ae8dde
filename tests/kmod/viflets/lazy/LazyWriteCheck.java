// Counts its packets in byte 60 of the packet itself: pbench reuses a
// frame's sk_buff once it is dequeued, so over a one-frame capture packet
// i must arrive with byte 60 = i (mod 256), the value written into the
// previous one, if the write reached the sk_buff (the module writes a
// Packet's bytes back at dequeue only when its classes can write them).
import vif.Packet;

public class LazyWriteCheck implements PacketCheck {
    private int n;

    public boolean ok(Packet p) {
        int want = n++ & 0xff;
        int got = p.get(60) & 0xff;
        p.put(60, (byte) (got + 1));
        return got == want;
    }
}
