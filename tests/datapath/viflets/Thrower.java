// A VIFlet that fails: it holds packets, and throws on the 20th arrival.
import vif.*;

public class Thrower extends VIFlet {
    private int n;
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        n++;
        if (n == 20) {
            int[] a = new int[2];
            a[n] = 1; // ArrayIndexOutOfBoundsException
        }
        q.enqueue(p);
    }

    public Packet dequeue() {
        // hand packets on only in pairs: keeps some held when it dies
        if (q.size() < 2) return null;
        return q.dequeue();
    }
}
