// Exercises vif.Packet's header, DSCP and checksum helpers on crafted
// frames (tests/datapath/examples.sh; examplecheck.py helpers recomputes
// every line and every output byte independently).  For packet i it prints
//   i ipOffset l4Offset l4Protocol ipVersion dscp srcPort dstPort tcpFlags ipOk l4Ok
//     | setDscp recomputeIp recomputeL4 | ipOk l4Ok dscp | bad-dscp
// after re-marking it to DSCP (i * 11) % 64, rewriting its TCP/UDP
// destination port to 1000 + i and its source address (IPv4: the whole
// address becomes 10.10.i/256.i%256; IPv6: the first 4 bytes become i),
// then recomputing both checksums.  Every packet is passed on.
import vif.*;

public class PacketHelpers extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        int i = n++;
        StringBuilder sb = new StringBuilder();
        sb.append(i).append(' ').append(p.ipOffset()).append(' ').append(p.l4Offset())
          .append(' ').append(p.l4Protocol()).append(' ').append(p.ipVersion())
          .append(' ').append(p.dscp()).append(' ').append(p.srcPort())
          .append(' ').append(p.dstPort()).append(' ').append(p.tcpFlags())
          .append(' ').append(p.ipChecksumOk()).append(' ').append(p.l4ChecksumOk());
        boolean marked = p.setDscp((i * 11) % 64);
        int l4 = p.l4Offset(), proto = p.l4Protocol();
        if ((proto == 6 || proto == 17) && l4 + 4 <= p.length())
            p.putShort(l4 + 2, (short) (1000 + i));
        if (p.ipVersion() == 4) p.putInt(p.ipOffset() + 12, 0x0a0a0000 | i);
        else if (p.ipVersion() == 6) p.putInt(p.ipOffset() + 8, i);
        boolean ip = p.recomputeIpChecksum();
        boolean l4ok = p.recomputeL4Checksum();
        sb.append(" | ").append(marked).append(' ').append(ip).append(' ').append(l4ok)
          .append(" | ").append(p.ipChecksumOk()).append(' ').append(p.l4ChecksumOk())
          .append(' ').append(p.dscp()).append(" | ");
        try {
            p.setDscp(i % 2 == 0 ? 64 : -1);
            sb.append("no-exception");
        } catch (IllegalArgumentException e) {
            sb.append("iae");
        }
        System.out.println(sb.toString());
        super.enqueue(p);
    }
}
