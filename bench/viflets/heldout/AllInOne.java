import vif.*;

/** The three jobs above in one class. */
public class AllInOne extends VIFlet {
    private long tcpPkts, otherPkts, octets;
    private int blocked;

    public void enqueue(Packet p) {
        int port = p.dstPort();
        if (port == 23 || port == 9) {
            blocked++;
            return;
        }
        if (port == 53 || p.srcPort() == 53) {
            p.setDscp(46);
        } else {
            p.setDscp(0);
        }
        int len = p.length();
        octets += len;
        if (p.ipProtocol() == 6) {
            tcpPkts++;
        } else {
            otherPkts++;
        }
        super.enqueue(p);
    }
}
