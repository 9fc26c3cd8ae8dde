// A field-only handler in ordinary style (tests/datapath/fuse_cases.sh,
// branch): if/else counters, an else-if chain, a conditional expression of
// non-constants and a header getter after field stores, all run as one
// program by if-conversion (src/jit/fuse_prog.c).
import vif.*;

public class BranchCount extends VIFlet {
    static BranchCount last;
    long tcp, other, big;
    int small, odd;

    public BranchCount() { last = this; }

    public void enqueue(Packet p) {
        int n = p.length();
        if (n < 150) {
            small++;
        } else if (n > 400) {
            big += n;
        } else {
            small--;
        }
        if (p.ipProtocol() == 6) tcp++;
        else other += 2;
        odd += (n & 1) == 1 ? n : -1;
        super.enqueue(p);
    }
}
