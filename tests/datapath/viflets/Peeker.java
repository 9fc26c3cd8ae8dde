// Keeps a reference to every packet it hands on, and tries to read it at the
// next arrival: the datapath must refuse (IllegalStateException), which it
// logs.  Relays every packet.
import vif.*;

public class Peeker extends VIFlet {
    private final Queue q = new Queue();
    private Packet last;
    private int refused, allowed;

    public void enqueue(Packet p) {
        if (last != null) {
            try {
                last.get(0);
                allowed++;
                System.out.println("read a packet after handing it on");
            } catch (IllegalStateException e) {
                refused++;
                if (refused == 1) System.out.println("refused: " + e);
            }
        }
        q.enqueue(p);
        if (refused + allowed == 100) System.out.println("refused " + refused + ", allowed " + allowed);
    }

    public Packet dequeue() {
        Packet p = q.dequeue();
        if (p != null) last = p;
        return p;
    }
}
