// Holds every packet it is given and returns none; in the dequeue a
// timer calls 5 ms after its first packet, fills its VM's heap (arrays
// kept in a chain, each size halved when the heap refuses it, down to 16
// bytes).  tests/datapath/fuse_run.sh, case heapfull: a full heap in one
// VM, fused and unfused alike (bench/README.md, sections f17 and f18).
import vif.*;

public class HeapFiller extends VIFlet {
    private final Queue q = new Queue();
    private Object[] chain;
    private long due = -1;
    private boolean filled;

    public void enqueue(Packet p) {
        q.enqueue(p);
        length++;
        if (due < 0) due = System.nanoTime() + 5000000L;
    }

    public Packet dequeue() {
        if (filled) return null;
        if (System.nanoTime() < due) {
            wakeAt(due);
            return null;
        }
        filled = true;
        int size = 1 << 16;
        while (size >= 16) {
            try {
                Object[] n = new Object[2];
                n[0] = new byte[size];
                n[1] = chain;
                chain = n;
            } catch (OutOfMemoryError e) {
                size /= 2;
            }
        }
        return null;
    }
}
