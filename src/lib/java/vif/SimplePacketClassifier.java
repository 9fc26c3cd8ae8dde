/*
 * SimplePacketClassifier.java - classes from the IP precedence (the top
 * three bits of the DSCP): precedence 6-7 -> 0, 4-5 -> 1, 2-3 -> 2,
 * 0-1 or not IP -> 3.
 */
package vif;

public class SimplePacketClassifier implements PacketClassifier {
    public SimplePacketClassifier() {
    }

    public int classify(Packet p) {
        int dscp = p.dscp();
        if (dscp < 0) return 3;
        int prec = dscp >> 3;
        if (prec >= 6) return 0;
        if (prec >= 4) return 1;
        if (prec >= 2) return 2;
        return 3;
    }
}
