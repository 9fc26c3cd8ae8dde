// k17: LazyLib with the class's name built at run time from data (a
// package and a simple name joined on the first packet): no walk of the
// bytecode can know it, so it is the one thing still loaded (and its
// methods compiled) on the packet path, counted in path_loaded: the
// checks that want 0 elsewhere can tell.
import java.util.Deque;
import vif.*;

public class LazyBuilt extends VIFlet {
    private final String pkg = "java.util";
    private final String kind;
    private Deque<Packet> q;

    public LazyBuilt() {
        kind = "Linked" + "List".toString();
    }

    @SuppressWarnings("unchecked")
    public void enqueue(Packet p) {
        if (q == null) {
            try {
                q = (Deque<Packet>) Class.forName(pkg + '.' + kind).newInstance();
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
