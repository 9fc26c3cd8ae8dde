// Catching OutOfMemoryError in a loop to keep allocating: allocations and
// collections are charged to the budget, so the loop is aborted.
// args: --heap 16m --cpu 2000
// expect-log: caught OutOfMemoryError 1
// expect-log: vifd: VIFlet CatchOOMLoop aborted in enqueue\(\): (out of memory \(heap quota 16 MiB\): the instruction budget of 1000000 ran out collecting garbage and throwing OutOfMemoryError in CatchOOMLoop\.enqueue|instruction budget of 1000000 exhausted in (CatchOOMLoop\.enqueue|java\.lang\.[A-Za-z.<>]+ \(called from CatchOOMLoop\.enqueue\)))$
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
// shared-owner: yes
import vif.*;

public class CatchOOMLoop extends VIFlet {
    private final Object[] keep = new Object[64];
    private int caught;

    public void enqueue(Packet p) {
        super.enqueue(p);
        while (true) {
            try {
                for (int i = 0; ; i++) keep[i & 63] = new long[1 << 17]; // 1 MiB each
            } catch (OutOfMemoryError e) {
                if (++caught == 1) System.out.println("caught OutOfMemoryError 1");
            }
        }
    }
}
