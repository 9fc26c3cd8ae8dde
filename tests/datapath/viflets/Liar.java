// Returns the same packet twice: the second time it no longer owns it, so
// the datapath aborts this VIFlet.
import vif.*;

public class Liar extends VIFlet {
    private Packet p1;
    private int n;

    public void enqueue(Packet p) {
        p1 = p;
        n = 0;
    }

    public Packet dequeue() {
        if (p1 == null || n >= 2) return null;
        n++;
        return p1;
    }
}
