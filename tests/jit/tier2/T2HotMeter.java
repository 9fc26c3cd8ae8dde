// h18: an ordinary per-source meter over HashMap<Integer, Meter> (tests/jit/tier2.sh, h18/meter)
import java.util.HashMap;

public class T2HotMeter {
    static final class Meter {
        long packets;
        long bytes;
        long lastSeen;
        int drops;
    }

    static HashMap<Integer, Meter> table = new HashMap<>();
    static final long LIMIT = 4000;

    static Meter meterFor(int src) {
        Meter m = table.get(src);
        if (m == null) {
            m = new Meter();
            table.put(src, m);
        }
        return m;
    }

    static boolean account(int src, int len, long now) {
        Meter m = meterFor(src);
        m.packets++;
        m.bytes += len;
        m.lastSeen = now;
        if (m.bytes > LIMIT * m.packets) {
            m.drops++;
            return false;
        }
        return true;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        int seed = 12345;
        long passed = 0, dropped = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int src = (seed >>> 16) & 1023;
            int len = 64 + ((seed >>> 8) & 1023);
            if (account(src, len, i)) passed++; else dropped++;
        }
        long total = 0;
        for (Meter m : table.values()) total += m.packets;
        System.out.println("passed=" + passed + " dropped=" + dropped + " flows=" + table.size() + " total=" + total);
    }
}
