// An allocation bomb: enqueue() keeps 64 KiB arrays reachable until the
// owner's heap (--heap 16m) is full: OutOfMemoryError aborts the VIFlet;
// the UDP VIFlet lives in another owner's VM and is not affected.
// args: --heap 16m --cpu 2000 --policy pcap/tcp=drop
// expect-log: vifd: VIFlet AllocBomb aborted in enqueue\(\): out of memory \(heap quota 16 MiB\): java\.lang\.OutOfMemoryError
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.dropped_policy=TCP
// shared-owner: yes
import vif.*;

public class AllocBomb extends VIFlet {
    private Object[] chain;

    public void enqueue(Packet p) {
        while (true) {
            Object[] link = new Object[2];
            link[0] = new long[8192];
            link[1] = chain;
            chain = link;
        }
    }
}
