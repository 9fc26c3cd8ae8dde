// Writes the fields of its VM's BranchCount, BranchGate and BranchMark
// into the last 48 bytes of each packet of 100 bytes or more that it
// passes on (tests/datapath/fuse_cases.sh, branch), so that a program
// must leave exactly the values the call leaves.
import vif.*;

public class BranchShow extends VIFlet {
    public void enqueue(Packet p) {
        int n = p.length();
        if (n >= 100) {
            BranchCount c = BranchCount.last;
            if (c != null) {
                p.putLong(n - 48, c.tcp ^ (c.other << 20) ^ (c.big << 40));
                p.putInt(n - 40, c.small);
                p.putInt(n - 36, c.odd);
            }
            BranchGate g = BranchGate.last;
            if (g != null) {
                p.putLong(n - 32, g.passed);
                p.putInt(n - 24, g.dropped);
            }
            BranchMark m = BranchMark.last;
            if (m != null) {
                p.putInt(n - 20, m.ef);
                p.putInt(n - 16, m.be);
                p.putInt(n - 12, m.tail);
            }
        }
        super.enqueue(p);
    }
}
