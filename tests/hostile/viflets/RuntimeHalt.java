// Runtime.getRuntime().halt() from dequeue(): like System.exit, it aborts
// this VIFlet alone.
// expect-log: vifd: VIFlet RuntimeHalt aborted in dequeue\(\): System\.exit\(9\) called
// reject-log: STILL RUNNING
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
import vif.*;

public class RuntimeHalt extends VIFlet {
    private int n;

    public Packet dequeue() {
        if (++n == 4) {
            Runtime.getRuntime().halt(9);
            System.out.println("STILL RUNNING");
        }
        return super.dequeue();
    }
}
