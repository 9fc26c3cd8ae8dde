// Holds a backlog of packets (a rate-limited link drains it), allocates
// garbage on every call (about 13 MB for 400 packets) so that the owner's
// small heap (--heap 2m) is collected many
// times while it holds packets, and checks at dequeue time that each
// packet still has the bytes it had on arrival (a sum over all of them).
// Adds 1 to the last byte of every 3rd packet, so the output shows
// that writes made before handing a packet on are what leaves.
import vif.*;

public class Churn extends VIFlet {
    private final Queue q = new Queue();
    private final int[] sums = new int[4096];
    private int head, tail, bad, seen;
    private Object keep;

    private static int sum(Packet p) {
        int s = 0, n = p.length();
        for (int i = 0; i < n; i++) s = s * 31 + p.get(i);
        return s;
    }

    public void enqueue(Packet p) {
        keep = new int[256 + (seen & 255)];   // garbage: the heap fills, GC runs
        for (int i = 0; i < 8; i++) keep = new byte[4096];
        seen++;
        if (seen % 3 == 0) {
            int n = p.length();
            p.put(n - 1, (byte) (p.get(n - 1) + 1));
        }
        sums[tail++ & 4095] = sum(p);
        q.enqueue(p);
        length++;
    }

    public Packet dequeue() {
        keep = new long[64];
        Packet p = q.dequeue();
        if (p == null) return null;
        if (sum(p) != sums[head++ & 4095]) {
            bad++;
            System.out.println("packet bytes changed while held");
        }
        length--;
        if (seen == 400 && q.isEmpty()) System.out.println("churn: " + seen + " packets, " + bad + " changed");
        return p;
    }
}
