// Prints every header helper's answer for each packet (one line per
// packet: length etherType ipVersion ipProtocol ipSrc ipDst dscp srcPort
// dstPort tcpFlags class), for crafted captures with VLAN tags, IPv6,
// fragments and truncated frames (pcapcheck.py headers-all recomputes
// them); relays every packet through the default FIFO.
import vif.*;

public class HeaderAll extends VIFlet {
    private final PacketClassifier pc = new SimplePacketClassifier();

    public void enqueue(Packet p) {
        System.out.println(p.length() + " " + p.etherType() + " " + p.ipVersion() + " "
            + p.ipProtocol() + " " + p.ipSrc() + " " + p.ipDst() + " " + p.dscp() + " "
            + p.srcPort() + " " + p.dstPort() + " " + p.tcpFlags() + " " + pc.classify(p));
        super.enqueue(p);
    }
}
