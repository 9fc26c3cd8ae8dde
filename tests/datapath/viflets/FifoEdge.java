// tests/datapath/fuse_cases.sh, "fifo": the default FIFO through
// super.enqueue, which the JIT inlines at that call (src/jit/jit_inline.c,
// VIFlet.enqueue): every 50th call first tries super.enqueue(null), which
// must throw NullPointerException("packet is null") and change nothing;
// behind a slow link the ring grows (16, 32, 64 ...) while it holds
// packets, and `length`, the order and the counts stay exact.
import vif.*;

public class FifoEdge extends VIFlet {
    private int calls, npes, maxLength;

    public void enqueue(Packet p) {
        calls++;
        if (calls % 50 == 0) {
            int before = length;
            try {
                super.enqueue(null);
                System.out.println("fifo: no exception for null");
            } catch (NullPointerException e) {
                npes++;
                if (npes == 1) System.out.println("fifo: " + e.getMessage());
            }
            if (length != before) System.out.println("fifo: length moved on null");
        }
        super.enqueue(p);
        if (length > maxLength) {
            maxLength = length;
            if ((maxLength & (maxLength - 1)) == 0) System.out.println("fifo: length " + maxLength);
        }
    }
}
