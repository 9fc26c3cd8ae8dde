import vif.*;

/** Counts what passes, split by protocol. */
public class Tally extends VIFlet {
    private long tcpPkts;
    private long otherPkts;
    private long octets;

    public void enqueue(Packet p) {
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
