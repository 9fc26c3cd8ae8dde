// Work in proportion to the packet's length (a loop of length/8 turns,
// one budget tick each), then the default FIFO: under a budget that
// only long packets exceed, it is aborted on the first long enough
// packet, and on exactly that one only when every call gets exactly its
// budget (tests/datapath/fuse_cases.sh, hostile/budget-edge).
import vif.*;

public class BudgetEdge extends VIFlet {
    private long acc;

    public void enqueue(Packet p) {
        int n = p.length() / 8;
        for (int i = 0; i < n; i++) acc += i;
        super.enqueue(p);
    }
}
