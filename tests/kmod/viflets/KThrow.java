// Hostile (tests/kmod/qdisc.sh): a FIFO whose dequeue() throws on its
// 10th packet (uncaught).  enqueue() is its own (the native entry emitted
// at load), dequeue() goes through the prepared entry: the VIFlet is
// aborted with the exception in its log, and the VIF's policy applies.
import vif.*;

public class KThrow extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        super.enqueue(p);
    }

    public Packet dequeue() {
        Packet p = super.dequeue();
        if (p != null && ++n == 10)
            throw new IllegalArgumentException("kthrow dequeue " + n);
        return p;
    }
}
