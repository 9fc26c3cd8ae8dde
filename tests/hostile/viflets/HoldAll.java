// Holds every packet and never hands one on: the packet quota
// (--quota pcap/tcp=20) tail-drops the rest, counted; not an abort.  At
// exit the 20 held packets are counted as held.
// args: --quota pcap/tcp=20
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.held=20
// expect-stats: pcap/tcp.dropped_quota=TCP-20 pcap/tcp.out=0
import vif.*;

public class HoldAll extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        q.enqueue(p);
    }

    public Packet dequeue() {
        return null;
    }
}
