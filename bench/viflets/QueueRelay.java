// QueueRelay: a relay written by the user - both handlers overridden, the
// packets kept in a vif.Queue - so that bench/datapath.sh measures a relay
// whose every call runs user code (Relay uses the library's default FIFO,
// which the datapath may run without calling it).
import vif.*;

public class QueueRelay extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        q.enqueue(p);
        length++;
    }

    public Packet dequeue() {
        if (q.isEmpty()) return null;
        length--;
        return q.dequeue();
    }
}
