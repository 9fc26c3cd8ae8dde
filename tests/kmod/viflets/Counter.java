// The mq test's VIFlet (tests/kmod/qdisc.sh): a FIFO that counts the packets
// its instance saw and logs the count with each one ("count N"), so that
// each TX queue's instance shows its own state.
import vif.*;

public class Counter extends VIFlet {
    private final Queue q = new Queue();
    private long count;

    public Counter() {
        System.out.println("counter ready");
    }

    public void enqueue(Packet p) {
        count++;
        System.out.println("count " + count);
        q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
