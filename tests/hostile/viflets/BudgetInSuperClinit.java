// The budget runs out in a superclass's static initializer (Base loops
// forever) while Sub, its subclass, is being initialised for
// BudgetInSuperClinit$First (child VIF pcap/tcp/web, same owner VM): First
// is aborted.  Neither class completed its initializer, so neither may be
// used: BudgetInSuperClinit, on pcap/tcp, gets NoClassDefFoundError at
// each use of Sub (caught), never a class whose initializer did not run.
// args: --vif pcap/tcp/web='tcp port 80' --load pcap/tcp/web=@DIR@/BudgetInSuperClinit\$First.class
// expect-log: later use: java\.lang\.NoClassDefFoundError
// reject-log: (half-initialised|SUB RAN)
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=active pcap/tcp.out=TCP
// expect-stats: pcap/tcp/web.aborts=1 pcap/tcp/web.state=aborted/pass
import vif.*;

public class BudgetInSuperClinit extends VIFlet {
    static boolean ready;
    private int n;

    static class Base {
        static int spins;

        static {
            while (spins >= 0) spins = (spins + 1) & 0xffff;
        }
    }

    static final class Sub extends Base {
        static int[] table = new int[4];

        static int size() {
            return table == null ? -1 : table.length;
        }
    }

    public static final class First extends VIFlet {
        public void enqueue(Packet p) {
            ready = true;
            Sub.size();
            super.enqueue(p);
        }
    }

    public void enqueue(Packet p) {
        if (ready) {
            try {
                int s = Sub.size();
                System.out.println(s < 0 ? "half-initialised Sub: table is null" : "SUB RAN " + s);
            } catch (Throwable t) {
                if (n++ == 0) System.out.println("later use: " + t);
            }
        }
        super.enqueue(p);
    }
}
