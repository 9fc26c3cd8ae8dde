// Hostile (tests/kmod/qdisc.sh): an endless loop in enqueue(), with a
// catch-all and a finally that try to survive; the instruction budget
// aborts it and the VIF's policy applies.
import vif.*;

public class KLoop extends VIFlet {
    private long spins;

    public void enqueue(Packet p) {
        while (true) {
            try {
                spins++;
            } catch (Throwable t) {
                System.out.println("SURVIVED in catch");
            } finally {
                spins += 2;
            }
        }
    }
}
