// An endless loop in dequeue() (enqueue keeps the packet, the default
// FIFO): aborted by the budget at the first dequeue; the pass policy sends
// its held packet and all later TCP packets straight on.
// expect-log: vifd: VIFlet LoopDequeue aborted in dequeue\(\): instruction budget of 1000000 exhausted in LoopDequeue\.dequeue
// expect-log: failure policy pass: 1 held packet passed on
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.dequeue_calls=1
// expect-stats: pcap/tcp.out=TCP pcap/tcp.held=0
import vif.*;

public class LoopDequeue extends VIFlet {
    private int n;

    public Packet dequeue() {
        for (;;) n++;
    }
}
