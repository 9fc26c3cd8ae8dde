// HashMap/HashSet correctness with many colliding keys (equal hashCodes, distinct values).
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

public class HashCollisions {
    static final class BadKey implements Comparable<BadKey> {
        final int id;
        BadKey(int id) { this.id = id; }
        public int hashCode() { return id % 3; }
        public boolean equals(Object o) { return o instanceof BadKey && ((BadKey) o).id == id; }
        public int compareTo(BadKey o) { return Integer.compare(id, o.id); }
    }
    public static void main(String[] args) {
        Map<BadKey, Integer> m = new HashMap<BadKey, Integer>();
        for (int i = 0; i < 3000; i++) m.put(new BadKey(i), i * 2);
        int ok = 0;
        for (int i = 0; i < 3000; i++) if (m.get(new BadKey(i)) == i * 2) ok++;
        System.out.println("size " + m.size() + " ok " + ok + " missing " + m.get(new BadKey(5000)));
        for (int i = 0; i < 3000; i += 2) m.remove(new BadKey(i));
        System.out.println("after remove " + m.size() + " " + m.containsKey(new BadKey(1)) + " " + m.containsKey(new BadKey(2)));
        Set<String> s = new HashSet<String>();
        String[] seeds = {"Aa", "BB"};
        for (int i = 0; i < 1024; i++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < 10; b++) sb.append(seeds[(i >> b) & 1]);
            s.add(sb.toString());
        }
        int h = -1;
        boolean allSame = true;
        for (String x : s) { if (h == -1) h = x.hashCode(); else if (x.hashCode() != h) allSame = false; }
        System.out.println("strings " + s.size() + " same hash " + allSame + " contains " + s.contains("AaAaAaAaAaAaAaAaAaBB")
            + " " + s.contains("AaAaAaAaAaAaAaAaAaAa") + " " + s.contains("AaAaAaAaAaAaAaAaAaCC"));
        Map<Long, String> longs = new HashMap<Long, String>();
        for (long i = 0; i < 2000; i++) longs.put(i << 32 | i, "v" + i);   // Long.hashCode folds to 0
        System.out.println("longs " + longs.size() + " " + longs.get(7L << 32 | 7L) + " " + longs.get(7L));
    }
}
