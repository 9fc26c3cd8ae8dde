// Hostile (tests/kmod/qdisc.sh): an exception storm - enqueue() throws and
// catches exceptions without end (each one builds a stack trace); the
// instruction budget aborts it and the VIF's policy applies.
import vif.*;

public class KStorm extends VIFlet {
    private long caught;

    public void enqueue(Packet p) {
        while (true) {
            try {
                throw new IllegalStateException("storm " + caught);
            } catch (RuntimeException e) {
                caught++;
            }
        }
    }
}
