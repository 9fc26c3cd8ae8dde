import java.util.ArrayDeque;

/** Deficit round robin over per-class ArrayDeques (Shreedhar and Varghese).
 *  Usage: DrrScheduler [packets] */
public class DrrScheduler {
    static final class Packet {
        final int flow;
        final int length;
        final int seq;

        Packet(int flow, int length, int seq) {
            this.flow = flow;
            this.length = length;
            this.seq = seq;
        }
    }

    private final ArrayDeque<Packet>[] queues;
    private final int[] quantum;
    private final int[] deficit;
    private final ArrayDeque<Integer> active = new ArrayDeque<>();
    private final boolean[] isActive;
    private final int limit;
    private long dropped;
    private long sentBytes;
    private long sentPackets;
    private long order;

    @SuppressWarnings("unchecked")
    DrrScheduler(int classes, int limit) {
        queues = new ArrayDeque[classes];
        quantum = new int[classes];
        deficit = new int[classes];
        isActive = new boolean[classes];
        for (int i = 0; i < classes; i++) {
            queues[i] = new ArrayDeque<>();
            quantum[i] = 500 + 250 * (i % 4);
        }
        this.limit = limit;
    }

    boolean enqueue(Packet p) {
        ArrayDeque<Packet> q = queues[p.flow];
        if (q.size() >= limit) {
            dropped++;
            return false;
        }
        q.addLast(p);
        if (!isActive[p.flow]) {
            isActive[p.flow] = true;
            deficit[p.flow] = 0;
            active.addLast(p.flow);
        }
        return true;
    }

    /** Sends up to budget packets. */
    int dequeue(int budget) {
        int sent = 0;
        while (sent < budget && !active.isEmpty()) {
            int c = active.pollFirst();
            ArrayDeque<Packet> q = queues[c];
            deficit[c] += quantum[c];
            while (!q.isEmpty() && q.peekFirst().length <= deficit[c] && sent < budget) {
                Packet p = q.pollFirst();
                deficit[c] -= p.length;
                sentBytes += p.length;
                sentPackets++;
                order = order * 31 + p.seq;
                sent++;
            }
            if (q.isEmpty()) {
                isActive[c] = false;
                deficit[c] = 0;
            } else {
                active.addLast(c);
            }
        }
        return sent;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        DrrScheduler drr = new DrrScheduler(16, 256);
        int seed = 42;
        for (int i = 0; i < n; i++) {
            seed = seed * 1664525 + 1013904223;
            int r = seed >>> 4;
            int flow = (r % 97) < 40 ? 0 : r % 16;
            int len = 40 + ((r >>> 8) % 1460);
            drr.enqueue(new Packet(flow, len, i));
            if ((i & 3) == 3) {
                drr.dequeue(3);
            }
        }
        while (drr.dequeue(64) > 0) {
            // drain
        }
        System.out.println("sent " + drr.sentPackets + " bytes " + drr.sentBytes + " dropped "
                + drr.dropped + " order " + drr.order);
    }
}
