// Relay: the paper's "simple" VIFlet - every packet straight on (the default FIFO).
import vif.*;

public class Relay extends VIFlet {
    public Relay() {
        System.out.println("relay ready");
    }
}
