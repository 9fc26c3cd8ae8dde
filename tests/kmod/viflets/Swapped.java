// The hot-swap test's second VIFlet (tests/kmod/qdisc.sh): a FIFO relay with
// another name, so the swap shows in `viflet` and in the log.
import vif.*;

public class Swapped extends VIFlet {
    public Swapped() {
        System.out.println("swapped in");
    }
}
