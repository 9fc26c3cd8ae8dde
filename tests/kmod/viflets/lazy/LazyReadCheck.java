// Byte 70 must be what the capture holds for this frame (qdisc_smoke.sh's
// lazycap): 0x5a in the frame with DSCP 46, 0xa5 in the other.  A prefix
// copy leaves it 0 (a new array) or the byte of an earlier packet.
import vif.Packet;

public class LazyReadCheck implements PacketCheck {
    public boolean ok(Packet p) {
        if (p.length() <= 70) return false;
        int b = p.getUnsignedByte(70);
        return p.dscp() == 46 ? b == 0x5a : b == 0xa5;
    }
}
