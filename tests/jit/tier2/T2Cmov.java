/** Branches on data that tier 2 may turn into conditional moves (t19,
 *  -Xjit:tier2,-cmov): a port-range radix walk choosing a child by a bit,
 *  a running best and worst, a clamp of longs, and lookups whose field
 *  load only happens when the object is not null (must stay a branch). */
public class T2Cmov {
    static final class Node {
        Node left;
        Node right;
        int value = -1;
    }

    static final class Entry {
        int weight;
        Entry(int weight) { this.weight = weight; }
    }

    private final Node root = new Node();

    void add(int key, int bits, int value) {
        Node n = root;
        for (int i = 0; i < bits; i++) {
            if (((key >>> (15 - i)) & 1) == 0) {
                if (n.left == null) n.left = new Node();
                n = n.left;
            } else {
                if (n.right == null) n.right = new Node();
                n = n.right;
            }
        }
        n.value = value;
    }

    /** the deepest value on key's path (16-bit keys) */
    int find(int key) {
        Node n = root;
        int found = -1;
        int i = 0;
        while (n != null) {
            if (n.value >= 0) {
                found = n.value;
            }
            if (i == 16) {
                break;
            }
            int bit = (key >>> (15 - i)) & 1;
            n = bit == 0 ? n.left : n.right;
            i++;
        }
        return found;
    }

    /** min and max of a table, and how many are above a limit */
    static long spread(int[] data, int limit) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        int above = 0;
        for (int i = 0; i < data.length; i++) {
            int x = data[i];
            if (x < lo) lo = x;
            if (x > hi) {
                hi = x;
            }
            above += x > limit ? 1 : 0;
        }
        return ((long) hi - lo) * 1000 + above;
    }

    /** longs clamped to a window, one of two scales chosen by the sign */
    static long clamp(long[] v, long min, long max) {
        long sum = 0;
        for (int i = 0; i < v.length; i++) {
            long x = v[i];
            long y;
            if (x < min) {
                y = min;
            } else if (x > max) {
                y = max;
            } else {
                y = x;
            }
            sum += y < 0 ? y * 3 : y + 7;
        }
        return sum;
    }

    /** a field read only where the object is there: never speculated */
    static int weights(Entry[] table) {
        int total = 0;
        for (int i = 0; i < table.length; i++) {
            Entry e = table[i];
            int w = e != null ? e.weight : -1;
            Entry f = table[(i + 1) % table.length];
            total += w + (f == null ? 0 : f.weight * 2);
        }
        return total;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        T2Cmov t = new T2Cmov();
        int seed = 12345;
        for (int i = 0; i < 3000; i++) {
            seed = seed * 1103515245 + 12345;
            int bits = 4 + ((seed >>> 20) % 13);
            t.add((seed >>> 8) & 0xffff, bits, i % 97);
        }
        int[] data = new int[4096];
        long[] longs = new long[4096];
        Entry[] table = new Entry[1000];
        for (int i = 0; i < data.length; i++) {
            seed = seed * 1103515245 + 12345;
            data[i] = seed >> 3;
            longs[i] = ((long) seed << 7) ^ i;
        }
        for (int i = 0; i < table.length; i++) {
            seed = seed * 1103515245 + 12345;
            table[i] = (seed & 3) == 0 ? null : new Entry(seed >>> 24);
        }
        long h = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 1000; k++) {
                seed = seed * 1103515245 + 12345;
                h = h * 31 + t.find(seed >>> 16);
            }
            h += spread(data, r * 1000000);
            h ^= clamp(longs, -((long) r << 33), (long) r << 34);
            h += weights(table);
        }
        System.out.println("T2Cmov " + h);
    }
}
