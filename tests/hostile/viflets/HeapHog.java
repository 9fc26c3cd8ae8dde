// Fills its owner's heap (--heap 16m) and keeps it full from a static
// field, catching OutOfMemoryError and returning normally: not an abort.
// Its later packets still get through (packet buffers are pooled; a
// Packet that cannot be allocated would be counted as a quota drop).  The
// UDP VIFlet, in another owner's VM, is not affected.  (--cpu 2000:
// filling the heap takes more than the default 100 ms of CPU on ASan.)
// args: --heap 16m --cpu 2000
// expect-log: heap full after
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active
// shared-owner: yes
import vif.*;

public class HeapHog extends VIFlet {
    static Object[] hoard;

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (hoard != null) return;
        Object[] chain = null;
        int n = 0;
        try {
            while (true) {
                Object[] link = new Object[2];
                link[1] = chain;
                chain = link;
                link[0] = new byte[1024];
                n++;
            }
        } catch (OutOfMemoryError e) {
            for (int i = 0; i < 16; i++) chain = (Object[]) chain[1]; // room to print
            hoard = chain;
            System.out.println("heap full after " + n + " KiB");
        }
    }
}
