// Passes its packet to a static method of its own (which keeps nothing):
// the escape check of fused paths is conservative and refuses it
// (tests/datapath/fuse_cases.sh: not recycled).
import vif.*;

public class Passer extends VIFlet {
    private int sum;

    private static int len(Packet p) {
        return p.length();
    }

    public void enqueue(Packet p) {
        sum += len(p);
        super.enqueue(p);
    }
}
