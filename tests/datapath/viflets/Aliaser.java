// Keeps no reference to its packet, but moves it through a local and a
// cast, compares it and reads it: the escape check of fused paths must
// accept it (its Packet recycled; tests/datapath/fuse_cases.sh).
import vif.*;

public class Aliaser extends VIFlet {
    private long bytes;

    public void enqueue(Packet p) {
        Object o = p;
        Packet q = (Packet) o;
        if (q == null || q != p) return;
        bytes += q.length() + (q.dstPort() == 53 ? 1 : 0);
        super.enqueue(q);
    }
}
