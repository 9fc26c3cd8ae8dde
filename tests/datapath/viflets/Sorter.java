// bench/viflets/heldout/TrafficSorter's enqueue (an if/else-if chain over
// the destination port and the protocol, counters on one way of five,
// setDscp on two), its fields shown by SorterShow in the same VM
// (tests/datapath/fuse_cases.sh, sorter), plus a local joined before it is
// stored on some ways only, and a counter on the drop way.
import vif.*;

public class Sorter extends VIFlet {
    static Sorter last;
    long web, dns, voice, ssh, other, webBytes, mixed;
    int udpSeen, blocked;

    public Sorter() { last = this; }

    public void enqueue(Packet p) {
        int dst = p.dstPort();
        int proto = p.ipProtocol();
        long t = mixed;
        if (dst == 9) {
            t = t + 5;
        }
        if (proto == 6) {
            mixed = t;
        }
        if (proto == 17) {
            udpSeen++;
        }
        if (dst == 80 || dst == 443) {
            web++;
            webBytes += p.length();
        } else if (dst == 53) {
            dns++;
        } else if (proto == 17 && dst >= 5060 && dst <= 5061) {
            voice++;
            p.setDscp(46);
        } else if (dst == 22) {
            ssh++;
            p.setDscp(16);
        } else if (dst == 23 && proto == 6) {
            blocked++;
            return;
        } else {
            other++;
        }
        super.enqueue(p);
    }
}
