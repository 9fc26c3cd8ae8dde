// A static initializer that throws: the load fails with
// ExceptionInInitializerError (injected into the running vifd: the VIF
// keeps passing packets straight through), and no code of the class runs.
// mode: inject
// expect-log: load of StaticInitThrows\.class failed: constructing StaticInitThrows failed: java\.lang\.ExceptionInInitializerError
// reject-log: CONSTRUCTED
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
// expect-dirstats: load_errors=1 loads=0
import vif.*;

public class StaticInitThrows extends VIFlet {
    static boolean always = true;

    static {
        if (always) throw new IllegalStateException("static initializer says no");
    }

    public StaticInitThrows() {
        System.out.println("CONSTRUCTED");
    }
}
