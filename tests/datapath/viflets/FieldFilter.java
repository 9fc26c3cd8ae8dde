// A filter run as a program on a fused path (tests/datapath/fuse_cases.sh,
// prog): guards of the `if (c) return;` form on the header getters before
// its field updates; the packets it drops take the handler's call.
// FieldShow writes its fields into the packets it passes.
import vif.*;

public class FieldFilter extends VIFlet {
    static FieldFilter last;
    long kept, bytes;
    int proto;

    public FieldFilter() {
        last = this;
    }

    public void enqueue(Packet p) {
        if (p.dstPort() == 9) return;       // dropped: not kept
        int s = p.srcPort();
        if (s < 1500) return;               // (pktgen --sports 1000: 1024..2023)
        int q = p.ipProtocol();
        kept++;
        bytes += p.length();
        proto = proto * 3 + q;
        super.enqueue(p);
    }
}
