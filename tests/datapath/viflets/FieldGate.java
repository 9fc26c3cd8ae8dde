// A filter run as a program on a fused path (tests/datapath/fuse_cases.sh,
// prog): a branch forward to its return (`if (c) { ...; super.enqueue(p); }`):
// passes UDP packets to ports above 100, drops the rest.
import vif.*;

public class FieldGate extends VIFlet {
    long passed;

    public void enqueue(Packet p) {
        if (p.ipProtocol() == 17 && p.dstPort() > 100) {
            passed++;
            super.enqueue(p);
        }
    }
}
