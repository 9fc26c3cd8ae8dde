// Marks every packet it relays: writes its tag into the last payload byte
// (used by the three-level chain test: each level's owner adds to it).
import vif.*;

public class Tagger extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        int last = p.length() - 1;
        p.put(last, (byte) (p.get(last) + 1));
        q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
