// The relay-in-C test's VIFlet (tests/kmod/qdisc.sh; not tests/datapath's
// Stale, which shares the guest's /q): a FIFO that keeps a reference to the
// last packet it handed on and reads it at the next
// enqueue: every such read must throw IllegalStateException (the packet
// is no longer its own).  Logs "kstale ise N ok M" with each packet handed
// on; M > 0 would mean a Packet was reused while still referenced.
import vif.*;

public class KStale extends VIFlet {
    private final Queue q = new Queue();
    private Packet last;
    private int ise, ok;

    public KStale() {
        System.out.println("kstale ready");
    }

    public void enqueue(Packet p) {
        if (last != null) {
            try {
                ok += last.length() >= 0 ? 1 : 0;
            } catch (IllegalStateException e) {
                ise++;
            }
        }
        q.enqueue(p);
    }

    public Packet dequeue() {
        Packet p = q.dequeue();
        if (p != null) {
            last = p;
            System.out.println("kstale ise " + ise + " ok " + ok);
        }
        return p;
    }
}
