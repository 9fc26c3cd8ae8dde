// Keeps the packet it was given in a field (and relays it through the
// default FIFO): its enqueue fails the escape check of fused paths, so its
// Packet is never recycled, and at the next arrival the kept packet must
// throw IllegalStateException, fused or not (tests/datapath/fuse_cases.sh).
import vif.*;

public class Keeper extends VIFlet {
    private Packet last;
    private int refused, allowed;

    public void enqueue(Packet p) {
        if (last != null) {
            try {
                last.length();
                allowed++;
            } catch (IllegalStateException e) {
                refused++;
            }
            if (refused + allowed == 100)
                System.out.println("kept packets: refused " + refused + ", allowed " + allowed);
        }
        last = p;
        super.enqueue(p);
    }
}
