// A relay (VIFlet's own enqueue and dequeue) that makes itself known to
// the other VIFlets of its VM: Target.last is the latest one made.
// (fuse_run.sh: another VIFlet's code puts packets in its FIFO.)
import vif.*;

public class Target extends VIFlet {
    static Target last;

    public Target() {
        last = this;
    }
}
