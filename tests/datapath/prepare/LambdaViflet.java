// LambdaViflet: uses a lambda (invokedynamic with LambdaMetafactory), which
// vifvm does not support yet: refused at load (tests/datapath/prepare.sh).
import vif.*;

public class LambdaViflet extends VIFlet {
    private int count;

    public void enqueue(Packet p) {
        Runnable r = () -> count++;
        r.run();
        super.enqueue(p);
    }
}
