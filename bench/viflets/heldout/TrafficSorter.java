import vif.*;

/**
 * Sorts a host's traffic into classes: web, DNS, SIP voice (marked EF),
 * SSH (marked CS2) and the rest, counting packets per class, web bytes
 * and UDP packets seen.  Written as a user would, without regard to how
 * fusion decodes it (f12's held-out check).
 */
public class TrafficSorter extends VIFlet {
    private long web, dns, voice, ssh, other;
    private long webBytes;
    private int udpSeen;

    public void enqueue(Packet p) {
        int dst = p.dstPort();
        int proto = p.ipProtocol();
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
        } else {
            other++;
        }
        super.enqueue(p);
    }
}
