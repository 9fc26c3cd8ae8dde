// A test VIFlet (tests/datapath/fuse_run.sh, dscp): drops the packets
// whose DSCP is AF31 (26), relays the rest through the default FIFO.
import vif.*;

public class DscpFilter extends VIFlet {
    public void enqueue(Packet p) {
        if (p.dscp() == 26) return; // dropped: not kept
        super.enqueue(p);
    }
}
