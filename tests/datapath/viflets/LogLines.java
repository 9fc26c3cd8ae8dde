import vif.*;

/** Prints one line per packet (its length), in two calls: a print and
 *  a println, so a line is built from two writes to the log. */
public class LogLines extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        System.out.print("packet " + (++n));
        System.out.println(" length " + p.length());
        super.enqueue(p);
    }
}
