// Trying to catch the budget abort itself (catch Throwable, finally, in a
// loop): the abort is not a Java exception, no handler or finally runs.
// expect-log: vifd: VIFlet CatchBudget aborted in dequeue\(\): instruction budget of 1000000 exhausted in CatchBudget\.dequeue
// reject-log: (CAUGHT|FINALLY)
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
// shared-owner: yes
import vif.*;

public class CatchBudget extends VIFlet {
    private long spins;

    public Packet dequeue() {
        while (true) {
            try {
                try {
                    while (true) spins++;
                } finally {
                    System.out.println("FINALLY");
                }
            } catch (Throwable t) {
                System.out.println("CAUGHT " + t);
            }
        }
    }
}
