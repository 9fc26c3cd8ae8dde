// Writes the fields of its VM's FieldCount (tests/datapath/fuse_cases.sh,
// prog) into the UDP/TCP payload of each packet of 98 bytes or more that
// it passes on, so that a field-only handler run as a program on a fused
// path must leave exactly the values the call leaves.
import vif.*;

public class FieldShow extends VIFlet {
    public void enqueue(Packet p) {
        FieldCount c = FieldCount.last;
        if (c != null && p.length() >= 98) {
            p.putLong(42, c.packets);
            p.putLong(50, c.bytes);
            p.putLong(58, c.mix);
            p.putInt(66, c.small);
            p.putInt(70, c.low);
            p.putInt(74, c.neg);
            p.putLong(78, c.stamp);
        }
        super.enqueue(p);
    }
}
