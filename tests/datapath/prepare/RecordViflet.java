// RecordViflet: keeps its state in a record (javac --release 17): records'
// generated methods use invokedynamic (ObjectMethods): accepted.
import vif.*;

public class RecordViflet extends VIFlet {
    record Count(int n) {}

    private Count c = new Count(0);

    public void enqueue(Packet p) {
        c = new Count(c.n() + 1);
        if (c.hashCode() == 42) System.out.println(c);
        super.enqueue(p);
    }
}
