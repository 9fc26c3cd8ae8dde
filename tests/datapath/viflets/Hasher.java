// Reads its packet's identity hash (an Object method, not Packet's own):
// the escape check of fused paths refuses it, since a recycled Packet
// would keep its hash (tests/datapath/fuse_cases.sh: not recycled).
import vif.*;

public class Hasher extends VIFlet {
    private int h;

    public void enqueue(Packet p) {
        h ^= p.hashCode();
        super.enqueue(p);
    }
}
