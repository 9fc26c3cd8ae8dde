import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * A port-scan detector: for each source address, the number of distinct
 * destination ports it touched within a sliding window of the last W
 * packets.  Counts live in HashMap<Integer, Integer> and HashMap<Long, Long>,
 * the window in an ArrayDeque<Long>.  Usage: ScanWindow [packets]
 */
public class ScanWindow {
    static final int WINDOW = 4096;

    private final Map<Long, Integer> pairCount = new HashMap<>();      // (src, port) -> packets in window
    private final Map<Integer, Integer> distinctPorts = new HashMap<>(); // src -> distinct ports in window
    private final Map<Integer, Long> alerts = new HashMap<>();
    private final ArrayDeque<Long> window = new ArrayDeque<>();

    static long pair(int src, int port) {
        return ((long) src << 16) | (port & 0xffff);
    }

    void add(int src, int port, long now) {
        long key = pair(src, port);
        int c = pairCount.getOrDefault(key, 0);
        pairCount.put(key, c + 1);
        if (c == 0) {
            int d = distinctPorts.getOrDefault(src, 0) + 1;
            distinctPorts.put(src, d);
            if (d == 64) alerts.put(src, now);
        }
        window.addLast(key);
        if (window.size() > WINDOW) expire(window.pollFirst());
    }

    void expire(long key) {
        Integer c = pairCount.get(key);
        if (c == 1) {
            pairCount.remove(key);
            int src = (int) (key >>> 16);
            Integer d = distinctPorts.get(src);
            if (d == 1) distinctPorts.remove(src);
            else distinctPorts.put(src, d - 1);
        } else {
            pairCount.put(key, c - 1);
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        ScanWindow w = new ScanWindow();
        int seed = 99;
        for (int i = 0; i < n; i++) {
            seed = seed * 1664525 + 1013904223;
            int r = seed >>> 3;
            int src, port;
            if ((r & 63) == 0) {            // a scanner walking the ports
                src = 0x0a000001 + ((r >>> 6) & 3);
                port = (i >>> 2) & 0xffff;
            } else {                        // ordinary clients on a few ports
                src = 0xc0a80000 + ((r >>> 6) % 900);
                port = ((r >>> 16) & 1) == 0 ? 443 : 80 + ((r >>> 17) & 3);
            }
            w.add(src, port, i);
        }
        long sum = 0;
        for (Map.Entry<Integer, Integer> e : w.distinctPorts.entrySet()) sum += (long) e.getKey() * e.getValue();
        long asum = 0;
        for (Map.Entry<Integer, Long> e : w.alerts.entrySet()) asum += e.getKey() ^ e.getValue();
        System.out.println("pairs " + w.pairCount.size() + " sources " + w.distinctPorts.size() + " sum " + sum
                           + " alerts " + w.alerts.size() + " " + asum + " window " + w.window.size());
    }
}
