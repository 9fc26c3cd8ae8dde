// The three-level chain's VIFlet (tests/kmod/qdisc.sh): a FIFO that touches
// each packet it hands on (reads its DSCP), so every stage runs Java code.
import vif.*;

public class Owned extends VIFlet {
    private final Queue q = new Queue();
    private long seen;

    public void enqueue(Packet p) {
        seen += p.dscp() + 1;
        q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
