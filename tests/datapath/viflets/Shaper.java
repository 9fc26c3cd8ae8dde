// A token-bucket shaper: RATE bits/s, bucket of BURST bytes.  dequeue()
// returns the head packet when enough tokens have accumulated, otherwise
// asks to be called again (wakeAt) when they will have.
import vif.*;

public class Shaper extends VIFlet {
    static final long RATE = 2000000;      // 2 Mbit/s
    static final long BURST = 3000;        // bytes
    private final Queue q = new Queue();
    private long tokens = BURST * 8 * 1000000000L; // in bit-nanoseconds (bits * 1e9)
    private long last = -1;

    public void enqueue(Packet p) {
        q.enqueue(p);
        length++;
    }

    public Packet dequeue() {
        Packet head = q.peek();
        if (head == null) return null;
        long now = System.nanoTime();
        if (last < 0) last = now;
        tokens += (now - last) * RATE;
        last = now;
        long cap = BURST * 8 * 1000000000L;
        if (tokens > cap) tokens = cap;
        long need = head.length() * 8L * 1000000000L;
        if (tokens >= need) {
            tokens -= need;
            length--;
            return q.dequeue();
        }
        long waitNs = (need - tokens + RATE - 1) / RATE;
        wakeAt(now + waitNs);
        return null;
    }
}
