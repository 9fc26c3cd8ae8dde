/*
 * SimplePacketClassifier.java - classes from the IP precedence (the top
 * three bits of the DSCP): precedence 6-7 -> 0, 4-5 -> 1, 2-3 -> 2,
 * 0-1 or not IP -> 3.
 */
package vif;

/**
 * Four classes from the IP precedence (the top three bits of the DSCP):
 * precedence 6-7 (network control; DSCP 48-63) is class 0, precedence 4-5
 * (DSCP 32-47, EF among them) class 1, precedence 2-3 (DSCP 16-31) class 2,
 * and precedence 0-1 (DSCP 0-15) and packets that are not IP class 3.
 */
public class SimplePacketClassifier implements PacketClassifier {
    /** A classifier (it has no state). */
    public SimplePacketClassifier() {
    }

    /**
     * The class of a packet from its {@link Packet#dscp()}.
     *
     * @param p the packet
     * @return 0, 1, 2 or 3 (3 for a packet that is not IP)
     * @throws IllegalStateException if the caller no longer owns the packet
     */
    public int classify(Packet p) {
        // p.dscp() written out (one call less per packet; the same result,
        // the same exception for a packet no longer owned)
        byte[] d = p.data;
        if (d == null) return p.dscp();
        int n = p.len, dscp = -1;
        if (n >= 14) {
            int o = 14;
            int et = ((d[12] & 0xff) << 8) | (d[13] & 0xff);
            if (et == Packet.ETH_VLAN) {
                o = 18;
                et = n < 18 ? -1 : ((d[16] & 0xff) << 8) | (d[17] & 0xff);
            }
            if (et == Packet.ETH_IPV4 && n >= o + 20) {
                int b = d[o] & 0xff;
                if ((b >> 4) == 4 && (b & 15) >= 5) dscp = (d[o + 1] & 0xff) >> 2;
            } else if (et == Packet.ETH_IPV6 && n >= o + 40) {
                int b = d[o] & 0xff;
                if ((b >> 4) == 6) dscp = ((((b << 8) | (d[o + 1] & 0xff)) >> 4) & 0xff) >> 2;
            }
        }
        if (dscp < 0) return 3;
        // precedence (dscp >> 3) 6-7 -> 0, 4-5 -> 1, 2-3 -> 2, 0-1 -> 3,
        // without a branch on the traffic's mix (mispredicted per packet)
        return 3 - (dscp >> 4);
    }
}
