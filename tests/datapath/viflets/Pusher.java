// Holds the packets it is given and returns none; in the dequeue a timer
// calls 5 ms after its first packet, hands the packets it holds to the
// latest Target of its VM (Target.last.enqueue), once.  (fuse_run.sh:
// the FIFO of a fused run's stage changed in a call no tracked packet
// comes before.)
import vif.*;

public class Pusher extends VIFlet {
    private final Queue q = new Queue();
    private long due = -1;
    private boolean pushed;

    public void enqueue(Packet p) {
        q.enqueue(p);
        if (due < 0) due = System.nanoTime() + 5000000L;
    }

    public Packet dequeue() {
        if (pushed || due < 0) return null;
        if (System.nanoTime() < due) {
            wakeAt(due);
            return null;
        }
        pushed = true;
        Target t = Target.last;
        for (Packet p = q.dequeue(); p != null && t != null; p = q.dequeue()) t.enqueue(p);
        return null;
    }
}
