// A filter in ordinary style (tests/datapath/fuse_cases.sh, branch): a
// store before the decision, a local of a getter, an `||` / `&&` guard kept
// in a boolean, and counters on the drop path: the program must store
// nothing for the packets it drops (the handler's call does it all).
import vif.*;

public class BranchGate extends VIFlet {
    static BranchGate last;
    int dropped;
    long passed;

    public BranchGate() { last = this; }

    public void enqueue(Packet p) {
        passed++;
        int d = p.dstPort();
        boolean bad = d == 23 || d == 9 || (p.srcPort() == 53 && d < 100);
        if (bad) {
            dropped += 1;
            passed--;
            return;
        }
        super.enqueue(p);
    }
}
