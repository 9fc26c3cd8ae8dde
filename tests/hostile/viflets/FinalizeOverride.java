// A finalize() override (on the VIFlet and on garbage it makes by the
// megabyte, with System.gc() calls): it never runs, not even when vifd
// frees the VM at exit.  Harmless: it relays everything.
// args: --heap 16m
// expect-log: garbage made: 200
// reject-log: FINALIZE RAN
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.out=TCP
import vif.*;

public class FinalizeOverride extends VIFlet {
    static Object resurrected;
    private int n;

    static final class Garbage {
        final byte[] payload = new byte[16384];

        protected void finalize() {
            resurrected = this;
            System.out.println("FINALIZE RAN (garbage)");
            while (true) { }
        }
    }

    protected void finalize() {
        resurrected = this;
        System.out.println("FINALIZE RAN (VIFlet)");
    }

    public void enqueue(Packet p) {
        for (int i = 0; i < 200; i++) new Garbage();
        if (++n % 10 == 0) System.gc();
        if (n == 30) System.out.println("garbage made: 200 x 16 KiB x " + n);
        super.enqueue(p);
    }
}
