// A marker run as a program on a fused path (tests/datapath/fuse_cases.sh,
// mark): counts, marks DSCP EF (46) with a constant, counts what setDscp
// answered (a conditional expression over its boolean) and the bytes after
// the write; MarkShow (same VM) writes these fields into the packets.
import vif.*;

public class MarkConst extends VIFlet {
    static MarkConst last;
    long packets, bytes;
    int marked;

    public MarkConst() { last = this; }

    public void enqueue(Packet p) {
        packets++;
        marked += p.setDscp(46) ? 1 : 0;
        bytes += p.length();
        super.enqueue(p);
    }
}
