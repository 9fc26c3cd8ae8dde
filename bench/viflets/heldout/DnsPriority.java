import vif.*;

/** Marks DNS as expedited forwarding, everything else best effort. */
public class DnsPriority extends VIFlet {
    static final int EF = 46;

    public void enqueue(Packet p) {
        if (p.dstPort() == 53 || p.srcPort() == 53) {
            p.setDscp(EF);
        } else {
            p.setDscp(0);
        }
        super.enqueue(p);
    }
}
