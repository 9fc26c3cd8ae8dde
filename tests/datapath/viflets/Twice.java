// Puts one packet into the default FIFO twice: the default dequeue()
// returns it, then returns it again, which the datapath must refuse (abort:
// "no longer owns").  The datapath's shortcut for an empty default FIFO
// must not hide the second return.
import vif.*;

public class Twice extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (++n == 5) super.enqueue(p);
    }
}
