// A DSCP re-marker for a trust boundary: whatever DSCP a sender set, IP
// packets leave marked by their TCP/UDP destination port:
//
//   port 5060 (SIP)          EF    46
//   port 22 (SSH)            CS2   16
//   port 53 (DNS)            AF21  18
//   ports 80, 443 (web)      AF11  10
//   port 5001 (iperf, bulk)  CS1    8   (scavenger)
//   anything else            0         (best effort; ICMP, fragments too)
//
// The two ECN bits are kept.  IPv4 packets get their header checksum
// recomputed (the DSCP is not covered by the TCP/UDP checksum, and IPv6
// has no header checksum).  Packets that are not IP pass unchanged, and
// nothing is delayed or reordered.
//
//   javac -cp build/vif-api.jar examples/DSCP_Remark_VIFlet.java
//   vifd --in pcap:in.pcap --out pcap:out.pcap --load pcap=DSCP_Remark_VIFlet.class
import vif.*;

public class DSCP_Remark_VIFlet extends VIFlet {
    static final int EF = 46, AF11 = 10, AF21 = 18, CS1 = 8, CS2 = 16, BE = 0;

    static int dscpForPort(int port) {
        switch (port) {
            case 5060: return EF;
            case 22:   return CS2;
            case 53:   return AF21;
            case 80:
            case 443:  return AF11;
            case 5001: return CS1;
            default:   return BE;
        }
    }

    public void enqueue(Packet p) {
        if (p.ipVersion() > 0) {
            int dscp = dscpForPort(p.dstPort());   // -1 (no port) maps to BE
            if (p.dscp() != dscp) {
                p.setDscp(dscp);
                p.recomputeIpChecksum();           // false for IPv6: nothing to fix
            }
        }
        super.enqueue(p);
    }
}
