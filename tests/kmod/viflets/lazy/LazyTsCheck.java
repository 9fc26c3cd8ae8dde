// A packet must carry its arrival time: the module reads the clock per
// packet only for a VIFlet whose classes name Packet.timestamp (else 0).
import vif.Packet;

public class LazyTsCheck implements PacketCheck {
    public boolean ok(Packet p) {
        return p.timestamp() != 0;
    }
}
