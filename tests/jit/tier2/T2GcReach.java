/** A recorder whose loop allocates an event per step and counts kinds in
 *  an array held in a field (t19, -Xjit:tier2,-gcreach): the array's load
 *  is loop-invariant, so tier 2 keeps it in a register across the
 *  allocations; the collector runs often (small heap) while it does. */
public class T2GcReach {
    static final class Event {
        final int kind;
        final Event prev;

        Event(int kind, Event prev) {
            this.kind = kind;
            this.prev = prev;
        }
    }

    private final int[] histogram = new int[16];
    private Event last;
    private int dropped;

    long record(int n, int seed) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int kind = seed >>> 28;
            if ((i & 255) == 0) {
                last = null;
                dropped++;
            }
            last = new Event(kind, last);
            histogram[kind]++;
            sum += histogram[(kind + 3) & 15];
        }
        return sum;
    }

    int chain() {
        int n = 0;
        for (Event e = last; e != null; e = e.prev) n += e.kind;
        return n;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 300000;
        T2GcReach r = new T2GcReach();
        long total = 0;
        for (int round = 0; round < 4; round++) {
            total += r.record(n, 17 + round);
        }
        StringBuilder sb = new StringBuilder();
        for (int h : r.histogram) sb.append(h).append(' ');
        System.out.println("T2GcReach " + total + " " + r.chain() + " " + r.dropped + " " + sb.toString().trim());
    }
}
