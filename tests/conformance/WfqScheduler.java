import java.util.PriorityQueue;

/**
 * Weighted fair queueing over a few flows: each arriving packet gets a
 * virtual finish time from its flow's weight, a priority queue sends the
 * smallest first, and per-flow byte counts are compared with the weights.
 * Usage: WfqScheduler [packets]
 */
public class WfqScheduler {
    static final class Pkt implements Comparable<Pkt> {
        final int flow;
        final int len;
        final double finish;
        final long seq;

        Pkt(int flow, int len, double finish, long seq) {
            this.flow = flow;
            this.len = len;
            this.finish = finish;
            this.seq = seq;
        }

        @Override
        public int compareTo(Pkt o) {
            int c = Double.compare(finish, o.finish);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final double[] weight;
    private final double[] lastFinish;
    private final long[] sentBytes;
    private final PriorityQueue<Pkt> queue = new PriorityQueue<>();
    private double virtualTime;
    private long seq;

    WfqScheduler(double... weights) {
        weight = weights.clone();
        lastFinish = new double[weights.length];
        sentBytes = new long[weights.length];
    }

    private long dropped;

    /** Tail drop beyond LIMIT queued packets. */
    static final int LIMIT = 2000;

    void enqueue(int flow, int len) {
        if (queue.size() >= LIMIT) {
            dropped++;
            return;
        }
        double start = Math.max(virtualTime, lastFinish[flow]);
        double finish = start + len / weight[flow];
        lastFinish[flow] = finish;
        queue.add(new Pkt(flow, len, finish, seq++));
    }

    Pkt dequeue() {
        Pkt p = queue.poll();
        if (p != null) {
            virtualTime = p.finish;
            sentBytes[p.flow] += p.len;
        }
        return p;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 40000;
        WfqScheduler s = new WfqScheduler(1, 2, 4, 8, 1, 1);
        int x = 7;
        long sentPackets = 0;
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            int flow = (x >>> 1) % 6;
            int len = 64 + ((x >>> 8) & 1023);
            s.enqueue(flow, len);
            // the link drains a little slower than packets arrive
            if ((i & 3) != 3 && s.dequeue() != null) sentPackets++;
        }
        long total = 0;
        for (long b : s.sentBytes) total += b;
        StringBuilder sb = new StringBuilder();
        for (int f = 0; f < s.sentBytes.length; f++) {
            sb.append(f).append(':').append(s.sentBytes[f] * 1000 / Math.max(1, total)).append(' ');
        }
        System.out.println("sent " + sentPackets + " queued " + s.queue.size() + " dropped " + s.dropped);
        System.out.println("shares/1000 " + sb.toString().trim());
    }
}
