// The VIFlets of tests/kmod/qdisc_smoke.sh's pbench-lazy-* checks (k14):
// each is a JAR (run.sh builds them) whose VIFlet names no member of
// vif.Packet itself; its helper class (a PacketCheck) is loaded by name
// (Class.forName) on the first packet, inside enqueue: not before the
// module decides at load what the VIFlet can do with a Packet
// (src/kmod/vifvm_viflet.c, kvl_scan_members), and not reachable by
// vm_prepare_class, which loads every class the bytecode names.  A packet
// the helper finds wrong is dropped.
import vif.*;

public abstract class LazyBase extends VIFlet {
    private final Queue q = new Queue();
    private final String helper;
    private PacketCheck check;

    protected LazyBase(String helper) {
        this.helper = helper;
    }

    public void enqueue(Packet p) {
        if (check == null) {
            try {
                check = (PacketCheck) Class.forName(helper).newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e.toString());
            }
        }
        if (check.ok(p)) q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
