// Holds every packet and never returns one: exercises the packet quota
// (tail drop beyond it) and "held" accounting at exit.
import vif.*;

public class Hoarder extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        q.enqueue(p);
    }

    public Packet dequeue() {
        return null;
    }
}
