// A chain stage (bench/datapath.sh, chains): drops packets to port 9
// (discard), relays the rest through the default FIFO.
import vif.*;

public class ChainFilter extends VIFlet {
    public void enqueue(Packet p) {
        if (p.dstPort() == 9) return; // dropped: not kept
        super.enqueue(p);
    }
}
