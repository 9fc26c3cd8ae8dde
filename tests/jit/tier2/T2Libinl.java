import java.util.HashMap;
import java.util.Map;

/** Library callees inlined into tier-2 code (t16: -libinl, -unbox): Map.get,
 *  containsKey and getOrDefault through the interface on a HashMap, the boxes'
 *  hashCode / equals / valueOf / intValue, with null keys, colliding hashes,
 *  a HashMap subclass overriding get, and box identity (the valueOf cache). */
public class T2Libinl {
    static final Map<Integer, int[]> flows = new HashMap<>();
    static final Map<Long, Long> bytes = new HashMap<>();

    /** A map that counts its lookups: another receiver class for Map.get. */
    static final class CountingMap<K, V> extends HashMap<K, V> {
        int gets;
        @Override public V get(Object key) { gets++; return super.get(key); }
    }

    static int count(int key) {
        int[] c = flows.get(key);
        if (c == null) {
            c = new int[1];
            flows.put(key, c);
        }
        return ++c[0];
    }

    static long lookup(long key) {
        Long v = bytes.get(key);
        return v == null ? -1 : v;
    }

    static long lookupAny(Map<Long, Long> m, long key) {
        Long v = m.get(key);
        return m.getOrDefault(key, -7L) + (m.containsKey(key) ? 1 : 0) + (v != null ? v : 0);
    }

    static boolean sameBox(int a, int b) {
        Integer x = a, y = b;
        return x == y;          // identity: true only inside the cache
    }

    static boolean equalBoxes(long a, long b) {
        Long x = a, y = b;
        return x.equals(y) && x.hashCode() == y.hashCode() && x.longValue() == b;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        for (int i = 0; i < 300; i++) flows.put(i * 7 - 100, new int[1]);
        // colliding Long keys: (int) (k ^ (k >>> 32)) is 0 for every k = i * 0x100000001
        for (long i = 0; i < 40; i++) bytes.put(i * 0x100000001L, i * 3);
        for (long i = 0; i < 200; i++) bytes.put(i * 1000003L - 5000, i);
        bytes.put(null, 99L);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += count((i * 31) % 500 - 120);
            sum += lookup((i % 45) * 0x100000001L);
            sum += lookup((i % 230) * 1000003L - 5000);
            if (sameBox(i % 300 - 150, i % 300 - 150)) sum += 3;
            if (equalBoxes(i % 200 - 100, (i % 200) - 100)) sum += 5;
        }
        System.out.println("sum " + sum + " flows " + flows.size());
        System.out.println("null key " + bytes.get(null) + " " + bytes.containsKey(null));
        CountingMap<Long, Long> cm = new CountingMap<>();
        cm.putAll(bytes);
        long s2 = 0;
        for (int i = 0; i < n; i++) {
            s2 += lookupAny(i % 3 == 0 ? cm : bytes, (i % 50) * 0x100000001L);
        }
        System.out.println("any " + s2 + " gets " + cm.gets);
        Integer a = 127, b = 127, c = 128, d = 128;
        Long e = -128L, f = -128L, g = -129L, h = -129L;
        System.out.println("cache " + (a == b) + " " + (c == d) + " " + (e == f) + " " + (g == h) + " " + c.equals(d) + " " + g.equals(h));
        System.out.println("identity " + (System.identityHashCode(a) == System.identityHashCode(Integer.valueOf(127))));
        Object lock = Integer.valueOf(5);
        synchronized (lock) { System.out.println("locked " + lock); }
    }
}
