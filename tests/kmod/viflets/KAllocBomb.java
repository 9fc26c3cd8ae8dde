// Hostile (tests/kmod/qdisc.sh): an allocation bomb - enqueue() keeps 64 KiB
// arrays reachable until the heap quota is full: OutOfMemoryError aborts
// the VIFlet and the VIF's policy applies.
import vif.*;

public class KAllocBomb extends VIFlet {
    private Object[] chain;

    public void enqueue(Packet p) {
        while (true) {
            Object[] link = new Object[2];
            link[0] = new long[8192];
            link[1] = chain;
            chain = link;
        }
    }
}
