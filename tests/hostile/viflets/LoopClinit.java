// An endless loop hidden in <clinit>: the class is initialised at load time
// under the VIF's budget, so the load fails (injected into the running
// vifd: the VIF keeps passing packets straight through).
// mode: inject
// expect-log: load of LoopClinit\.class failed: constructing LoopClinit failed: instruction budget of 1000000 exhausted in LoopClinit\.<clinit>
// reject-log: INITIALISED
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
// expect-dirstats: load_errors=1 loads=0
import vif.*;

public class LoopClinit extends VIFlet {
    static int x;

    static {
        while (x >= 0) x = (x + 1) & 0xffff;
        System.out.println("INITIALISED");
    }
}
