// Returns the same packet twice from dequeue(): the second time it no
// longer owns it, so the datapath aborts it (the packet is sent once).
// args: --policy pcap/tcp=drop
// expect-log: vifd: VIFlet ReturnTwice aborted in dequeue\(\): dequeue\(\) returned a packet it no longer owns
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.out=1 pcap/tcp.dropped_policy=TCP-1
import vif.*;

public class ReturnTwice extends VIFlet {
    private Packet last;
    private int n;

    public void enqueue(Packet p) {
        last = p;
        n = 0;
    }

    public Packet dequeue() {
        if (last == null || n >= 2) return null;
        n++;
        return last;
    }
}
