import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * A per-flow single-rate three-color marker (in the manner of RFC 2697):
 * each flow, keyed by its 5-tuple packed into a long, has a committed and
 * an excess token bucket filled at one rate; a packet is green if the
 * committed bucket holds its size, yellow if the excess one does, else red.
 * Idle flows are expired every so often.  Written as an ordinary program
 * (issue 15's held-out check, kept out of the tier-2 work of branch t15).
 * Usage: FlowMeter [packets]
 */
public class FlowMeter {
    static final long NS_PER_SEC = 1_000_000_000L;
    static final long IDLE_NS = 5_000_000L;

    static final class Meter {
        final long cir;         // bytes per second
        final long cbs, ebs;    // bucket sizes in bytes
        long tc, te;            // tokens, in bytes scaled by NS_PER_SEC
        long last;
        long green, yellow, red;
        long bytes;

        Meter(long cir, long cbs, long ebs, long now) {
            this.cir = cir;
            this.cbs = cbs;
            this.ebs = ebs;
            this.tc = cbs * NS_PER_SEC;
            this.te = ebs * NS_PER_SEC;
            this.last = now;
        }

        private void fill(long now) {
            long dt = now - last;
            if (dt <= 0) return;
            last = now;
            long add = dt * cir;
            long roomC = cbs * NS_PER_SEC - tc;
            if (add <= roomC) {
                tc += add;
                return;
            }
            tc = cbs * NS_PER_SEC;
            te = Math.min(ebs * NS_PER_SEC, te + (add - roomC));
        }

        int mark(int len, long now) {
            fill(now);
            long need = len * NS_PER_SEC;
            bytes += len;
            if (tc >= need) {
                tc -= need;
                green++;
                return 0;
            }
            if (te >= need) {
                te -= need;
                yellow++;
                return 1;
            }
            red++;
            return 2;
        }
    }

    private final Map<Long, Meter> meters = new HashMap<>();
    private final long[] colors = new long[3];
    private long expired;
    private long created;

    static long flowKey(int src, int dst, int sport, int dport, int proto) {
        long k = ((long) src << 32) ^ (dst & 0xffffffffL);
        k ^= ((long) sport << 48) ^ ((long) dport << 16) ^ proto;
        return k;
    }

    int packet(long key, int len, long now) {
        Meter m = meters.get(key);
        if (m == null) {
            long rate = 125_000L * (1 + (key & 15));      // 1..16 Mbit/s
            m = new Meter(rate, 3000 + (key & 7) * 1500, 6000, now);
            meters.put(key, m);
            created++;
        }
        int c = m.mark(len, now);
        colors[c]++;
        return c;
    }

    void expire(long now) {
        Iterator<Map.Entry<Long, Meter>> it = meters.entrySet().iterator();
        while (it.hasNext()) {
            Meter m = it.next().getValue();
            if (now - m.last > IDLE_NS) {
                it.remove();
                expired++;
            }
        }
    }

    long checksum() {
        long h = 0;
        for (Meter m : meters.values()) {
            h += m.green * 31 + m.yellow * 17 + m.red * 7 + m.bytes;
        }
        return h;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 300000;
        FlowMeter fm = new FlowMeter();
        long seed = 12345;
        long now = 0;
        long mix = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int flow = (int) ((seed >>> 35) % 600);
            // a few heavy flows, many light ones
            if ((seed & 3) != 0) flow %= 24;
            int src = 0x0a000000 | flow;
            int dst = 0xc0a80001 + (flow & 3);
            int sport = 1024 + flow * 7;
            int dport = (flow & 1) == 0 ? 443 : 80;
            int len = 64 + (int) ((seed >>> 13) % 1437);
            now += 300 + ((seed >>> 50) & 511);
            int c = fm.packet(flowKey(src, dst, sport, dport, 6), len, now);
            mix = mix * 3 + c;
            if ((i & 8191) == 8191) fm.expire(now);
        }
        System.out.println("packets " + n + " flows " + fm.meters.size() + " created " + fm.created
                + " expired " + fm.expired);
        System.out.println("green " + fm.colors[0] + " yellow " + fm.colors[1] + " red " + fm.colors[2]);
        System.out.println("mix " + mix + " checksum " + fm.checksum());
    }
}
