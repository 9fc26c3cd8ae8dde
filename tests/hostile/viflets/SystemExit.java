// System.exit (and Runtime.halt) from a handler: vifd does not exit; the
// call aborts this VIFlet alone (the drop policy drops its packets).
// args: --policy pcap/tcp=drop
// expect-log: vifd: VIFlet SystemExit aborted in enqueue\(\): System\.exit\(7\) called
// reject-log: STILL RUNNING
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.out=2
// expect-stats: pcap/tcp.dropped_policy=TCP-2 pcap/tcp.enqueue_calls=3
// shared-owner: yes
import vif.*;

public class SystemExit extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (++n == 3) {
            System.exit(7);
            System.out.println("STILL RUNNING");
        }
    }
}
