// Recurses without end on large packets: StackOverflowError aborts it.
import vif.*;

public class Recurse extends VIFlet {
    int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n + 1);
    }

    public void enqueue(Packet p) {
        if (p.length() > 1000) depth(1);
        super.enqueue(p);
    }
}
