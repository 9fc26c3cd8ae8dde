// An endless loop in enqueue(), wrapped in a catch-all and a finally that
// try to survive the abort: the instruction budget aborts it at the first
// TCP packet, no handler or finally runs, and the drop policy drops that
// packet and every later TCP packet.
// args: --budget pcap/tcp=200000 --policy pcap/tcp=drop
// expect-log: vifd: VIFlet LoopEnqueue aborted in enqueue\(\): instruction budget of 200000 exhausted in LoopEnqueue\.enqueue
// expect-log: failure policy drop: 1 held packet dropped
// reject-log: SURVIVED
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.enqueue_calls=1
// expect-stats: pcap/tcp.out=0 pcap/tcp.dropped_policy=TCP pcap/tcp.held=0
// shared-owner: yes
import vif.*;

public class LoopEnqueue extends VIFlet {
    private long spins;

    public void enqueue(Packet p) {
        while (true) {
            try {
                spins++;
            } catch (Throwable t) {
                System.out.println("SURVIVED in catch");
            } finally {
                spins += 2;
                if (spins < 0) System.out.println("SURVIVED in finally");
            }
        }
    }
}
