// System.exit inside a helper class's static initializer: the VIFlet that
// first uses the helper (ExitInClinit$First, on child VIF pcap/tcp/web of
// the same owner VM) is aborted ("System.exit(5) called").  The helper's
// initializer never completed, so it must stay unusable: ExitInClinit, on
// pcap/tcp, gets NoClassDefFoundError at each use (caught), never a
// half-initialised class (its table still null).
// args: --vif pcap/tcp/web='tcp port 80' --load pcap/tcp/web=@DIR@/ExitInClinit\$First.class
// expect-log: later use: java\.lang\.NoClassDefFoundError
// reject-log: (half-initialised|HELPER RAN)
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.out=TCP
// expect-stats: pcap/tcp/web.aborts=1 pcap/tcp/web.state=aborted/pass
import vif.*;

public class ExitInClinit extends VIFlet {
    static boolean ready;
    private int n;

    static final class Helper {
        static int[] table;

        static {
            System.exit(5);
            table = new int[4];
        }

        static int size() {
            return table == null ? -1 : table.length;
        }
    }

    public static final class First extends VIFlet {
        public void enqueue(Packet p) {
            ready = true;
            Helper.size();
            super.enqueue(p);
        }
    }

    public void enqueue(Packet p) {
        if (ready) {
            try {
                int s = Helper.size();
                System.out.println(s < 0 ? "half-initialised helper: table is null" : "HELPER RAN " + s);
            } catch (Throwable t) {
                if (n++ == 0) System.out.println("later use: " + t);
            }
        }
        super.enqueue(p);
    }
}
