// A VIFlet declaring its own native methods, named like privileged
// library natives: they never bind (UnsatisfiedLinkError aborts it).
// expect-log: vifd: VIFlet NativeImpostor aborted in enqueue\(\): java\.lang\.UnsatisfiedLinkError
// reject-log: EVIL
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
import vif.*;

public class NativeImpostor extends VIFlet {
    private int n;

    static native long nanoTime();

    static native void arraycopy(Object src, int sp, Object dst, int dp, int len);

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (++n == 3) {
            arraycopy(new byte[1], 0, p, 0, 1 << 20);
            System.out.println("EVIL native ran " + nanoTime());
        }
    }
}
