// Unbounded recursion in enqueue(): StackOverflowError (an ordinary Java
// exception, uncaught here) aborts the VIFlet; no crash of vifd.
// args: --policy pcap/tcp=drop
// expect-log: vifd: VIFlet DeepRecursion aborted in enqueue\(\): java\.lang\.StackOverflowError
// expect-log: at DeepRecursion\.down\(DeepRecursion\.java
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.dropped_policy=TCP
// shared-owner: yes
import vif.*;

public class DeepRecursion extends VIFlet {
    long down(long n, Packet p) {
        return down(n + 1, p) + n;
    }

    public void enqueue(Packet p) {
        down(0, p);
        super.enqueue(p);
    }
}
