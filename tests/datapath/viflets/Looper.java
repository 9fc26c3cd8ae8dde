// Spins forever in enqueue() (and tries to survive with catch-all handlers):
// the instruction budget aborts it, the failure policy applies, and the
// other VIFs keep forwarding.
import vif.*;

public class Looper extends VIFlet {
    private long spins;

    public void enqueue(Packet p) {
        while (true) {
            try {
                spins++;
            } catch (Throwable t) {
                spins--;
            } finally {
                spins += 2;
            }
        }
    }
}
