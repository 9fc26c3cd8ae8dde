// Takes packets out of the default FIFO (super.dequeue()) and out of a
// Queue, and lets every 4th one go instead of returning it: those must
// count as dropped by the handler (nothing may keep them reachable), the
// rest leave in order.
import vif.*;

public class Discard extends VIFlet {
    private final Queue q = new Queue();
    private int arrived, taken;

    public void enqueue(Packet p) {
        if (arrived++ % 2 == 0) super.enqueue(p);
        else q.enqueue(p);
    }

    public Packet dequeue() {
        for (;;) {
            Packet p = super.dequeue();
            if (p == null) p = q.dequeue();
            if (p == null) return null;
            if (++taken % 4 == 0) continue; // let it go
            return p;
        }
    }
}
