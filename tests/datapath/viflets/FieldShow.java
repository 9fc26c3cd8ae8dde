// Writes the fields of its VM's FieldCount and FieldFilter
// (tests/datapath/fuse_cases.sh, prog) into the UDP/TCP payload of each
// packet of 98 (106) bytes or more that it passes on, so that a field-only handler run as a program on a fused
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
        FieldFilter f = FieldFilter.last;
        if (f != null && p.length() >= 106) {
            p.putLong(86, f.kept);
            p.putLong(94, f.bytes);
            p.putInt(102, f.proto);
        }
        super.enqueue(p);
    }
}
