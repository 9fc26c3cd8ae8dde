// Overrides enqueue only (the default FIFO's dequeue stays, which the
// datapath runs itself): with a free link every packet leaves before the
// next arrives, so `length`, kept by the default FIFO, must be 0 on every
// arrival and 1 after super.enqueue.
import vif.*;

public class FifoLength extends VIFlet {
    private int n, bad;

    public void enqueue(Packet p) {
        if (length != 0) bad++;
        super.enqueue(p);
        if (length != 1) bad++;
        if (++n == 200) System.out.println("fifo length: " + bad + " wrong");
    }
}
