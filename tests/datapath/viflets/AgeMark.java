// Marks (DSCP 1, IPv4 checksum fixed) every packet whose timestamp() is
// before the datapath clock when it reaches enqueue(): a packet stamped
// with its arrival that entered this VIF later.  With vifd --workers and a
// global VIF (--vif-workers), those are the packets another worker handed
// over (stamped when that worker received them); a packet that entered at
// its arrival has timestamp() == System.nanoTime() here.  Used by
// tests/datapath/live_workers.sh (global/arrival-stamps).
import vif.*;

public class AgeMark extends VIFlet {
    public void enqueue(Packet p) {
        if (p.timestamp() < System.nanoTime() && p.setDscp(1)) p.recomputeIpChecksum();
        super.enqueue(p);
    }
}
