// Rewrites the TOS byte of every IPv4 packet to DSCP EF (0xb8, keeping the
// two ECN bits) and fixes the IPv4 header checksum itself (no helper from
// vif.Packet), then relays it through the default FIFO.  Used by
// tests/datapath/live_sockets.sh: the far end must see the new TOS and
// valid checksums.
import vif.*;

public class TosMark extends VIFlet {
    static final int ETH = 14;

    public void enqueue(Packet p) {
        if (p.length() >= ETH + 20 && p.getUnsignedShort(12) == 0x0800
                && (p.getUnsignedByte(ETH) >> 4) == 4) {
            int ihl = (p.getUnsignedByte(ETH) & 15) * 4;
            if (ihl >= 20 && p.length() >= ETH + ihl) {
                int tos = p.getUnsignedByte(ETH + 1);
                p.put(ETH + 1, (byte) (0xb8 | (tos & 3)));
                p.putShort(ETH + 10, (short) 0);
                int sum = 0;
                for (int i = 0; i < ihl; i += 2) sum += p.getUnsignedShort(ETH + i);
                while ((sum >> 16) != 0) sum = (sum & 0xffff) + (sum >> 16);
                p.putShort(ETH + 10, (short) (~sum & 0xffff));
            }
        }
        super.enqueue(p);
    }
}
