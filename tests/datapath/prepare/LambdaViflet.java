// LambdaViflet: uses a lambda (invokedynamic with LambdaMetafactory): loads
// and runs; tests/datapath/prepare.sh also renames its bootstrap method to
// one vifvm does not provide, which is refused at load.
import vif.*;

public class LambdaViflet extends VIFlet {
    private int count;

    public void enqueue(Packet p) {
        Runnable r = () -> count++;
        r.run();
        super.enqueue(p);
    }
}
