// k17: its queue is a class of the library named by a constant string
// (Class.forName("java.util.LinkedList"), then newInstance, on the first
// packet): compile at load sees the constant (ldc right before forName)
// and prepares the class, so nothing loads or compiles on the packet path
// (path_loaded = path_compiled = 0; LazyBuilt is the same with the name
// built at run time).
import java.util.Deque;
import vif.*;

public class LazyLib extends VIFlet {
    private Deque<Packet> q;

    @SuppressWarnings("unchecked")
    public void enqueue(Packet p) {
        if (q == null) {
            try {
                q = (Deque<Packet>) Class.forName("java.util.LinkedList").newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e.toString());
            }
        }
        q.addLast(p);
    }

    public Packet dequeue() {
        return q == null ? null : q.pollFirst();
    }
}
