// A helper class whose static initializer throws, used from enqueue():
// the first use raises ExceptionInInitializerError, every later use
// NoClassDefFoundError, and none of the helper's code ever runs.  The
// VIFlet catches both and keeps relaying: harmless.
// expect-log: first use: java\.lang\.ExceptionInInitializerError
// expect-log: later use: java\.lang\.NoClassDefFoundError
// reject-log: HELPER RAN
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.out=TCP
import vif.*;

public class HelperInitThrows extends VIFlet {
    private int n;

    static final class Helper {
        static boolean always = true;
        static int value;

        static {
            if (always) throw new IllegalStateException("helper initializer says no");
        }

        static void run() {
            System.out.println("HELPER RAN");
        }
    }

    public void enqueue(Packet p) {
        n++;
        try {
            Helper.run();
        } catch (Throwable t) {
            if (n <= 2) System.out.println((n == 1 ? "first use: " : "later use: ") + t.getClass().getName());
        }
        super.enqueue(p);
    }
}
