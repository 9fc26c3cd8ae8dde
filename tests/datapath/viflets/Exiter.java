// Calls System.exit in its fifth dequeue: only this VIFlet is aborted.
import vif.*;

public class Exiter extends VIFlet {
    private int n;

    public Packet dequeue() {
        if (++n == 5) System.exit(3);
        return super.dequeue();
    }
}
