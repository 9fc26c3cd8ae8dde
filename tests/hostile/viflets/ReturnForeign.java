// Returns a packet it never received: ReturnForeign$Stasher, on child VIF
// pcap/tcp/web of the same owner (one VM, shared statics), parks the
// first web packet in a static field; ReturnForeign on pcap/tcp returns
// it from dequeue().  The datapath sees that the packet belongs to
// another VIF and aborts ReturnForeign; the Stasher keeps relaying.
// args: --vif pcap/tcp/web='tcp port 80' --load pcap/tcp/web=@DIR@/ReturnForeign\$Stasher.class
// expect-log: vifd: VIFlet ReturnForeign aborted in dequeue\(\): dequeue\(\) returned a packet owned by another VIF \(pcap/tcp/web\)
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp/web.state=active
// expect-stats: pcap/tcp/web.held=1 pcap/tcp/web.aborts=0 pcap/tcp/web.owner=tcp pcap/tcp.owner=tcp
import vif.*;

public class ReturnForeign extends VIFlet {
    static Packet parked;

    public static final class Stasher extends VIFlet {
        public void enqueue(Packet p) {
            if (parked == null) parked = p;
            else super.enqueue(p);
        }
    }

    public Packet dequeue() {
        Packet p = parked;
        if (p != null) return p;
        return super.dequeue();
    }
}
