// Holds every packet and asks to be woken "now" again and again (and at
// the far ends of the clock): the datapath suspends its timers after
// 100000 idle wake-ups instead of spinning; the packets stay held and are
// counted as held at exit.
// expect-log: wake-ups in a row handed on no packet: timers suspended
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.held=TCP pcap/tcp.out=0
// max-seconds: 10
import vif.*;

public class WakeAtStorm extends VIFlet {
    private final Queue q = new Queue();
    private long calls;

    public void enqueue(Packet p) {
        q.enqueue(p);
    }

    public Packet dequeue() {
        calls++;
        if (calls < 10 && calls % 2 == 0) wakeAt(Long.MAX_VALUE);
        else if (calls < 10) wakeAt(Long.MIN_VALUE + 1);
        else wakeAt(System.nanoTime());
        return null;
    }
}
