// A marker run as a program (tests/datapath/fuse_cases.sh, mark): even IP
// protocols (and not IP: -1 is odd) 63, odd ones 1 - a test against zero
// (ifne) of an `and`; then counts.
import vif.*;

public class MarkOdd extends VIFlet {
    long packets;

    public void enqueue(Packet p) {
        p.setDscp((p.ipProtocol() & 1) == 0 ? 63 : 1);
        packets++;
        super.enqueue(p);
    }
}
