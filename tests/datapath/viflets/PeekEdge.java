// A header reader (tests/datapath/fuse_cases.sh, peek): it reads only the
// destination port (a fused path copies the headers alone into its VM),
// drops port 9, and on its 300th packet throws after queueing it, so the
// abort passes that packet on from its own byte[]: the rest of the bytes
// must have been copied in late (dp_engine.c kept_other).
import vif.*;

public class PeekEdge extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        if (p.dstPort() == 9) return;
        super.enqueue(p);
        if (++n == 300) throw new IllegalStateException("peek edge: packet 300");
    }
}
