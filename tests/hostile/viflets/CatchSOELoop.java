// Catching StackOverflowError in a loop to keep recursing: calls tick the
// budget, so the loop is aborted all the same.
// expect-log: caught StackOverflowError 1
// expect-log: vifd: VIFlet CatchSOELoop aborted in enqueue\(\): instruction budget of 1000000 exhausted in CatchSOELoop\.
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
import vif.*;

public class CatchSOELoop extends VIFlet {
    private int caught;

    int down(int n) {
        return down(n + 1) + 1;
    }

    public void enqueue(Packet p) {
        super.enqueue(p);
        while (true) {
            try {
                down(0);
            } catch (StackOverflowError e) {
                if (++caught == 1) System.out.println("caught StackOverflowError 1");
            }
        }
    }
}
