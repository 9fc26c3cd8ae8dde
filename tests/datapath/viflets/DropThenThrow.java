// A filter that fails: it lets every odd-numbered packet go (its drops),
// queues the rest, and throws on the 40th arrival.  Its drops must stay
// drops when the abort's pass policy sends on what it held.
import vif.*;

public class DropThenThrow extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        n++;
        if (n == 40) throw new IllegalStateException("the 40th packet");
        if (n % 2 == 1) return; // let it go
        super.enqueue(p);
    }
}
