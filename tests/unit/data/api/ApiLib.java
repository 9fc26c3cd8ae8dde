import java.util.*;

/* test_api.c, test_prepare_library: ordinary code over the class library
 * (maps, a deque, boxing, strings, an exception the library throws and
 * the code catches, a user key class in a HashMap); after
 * vm_prepare_class(VM_PREPARE_LIBRARY) a call of run loads and compiles
 * nothing. */
public class ApiLib {
    static final class Key {
        final int a, b;
        Key(int a, int b) { this.a = a; this.b = b; }
        @Override public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).a == a && ((Key) o).b == b;
        }
        @Override public int hashCode() { return a * 31 + b; }
    }

    public static long run(int n) {
        Map<Integer, Long> bytes = new HashMap<>();
        TreeMap<String, Integer> names = new TreeMap<>();
        ArrayDeque<int[]> q = new ArrayDeque<>();
        HashMap<Key, Integer> pairs = new HashMap<>();
        List<Integer> list = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int k = (i * 7919) % 97;
            bytes.merge(k, (long) i, Long::sum);
            names.put("n" + (k % 13), i);
            q.add(new int[] { i, k });
            if (q.size() > 5) sum += q.poll()[1];
            pairs.put(new Key(k, k & 3), i);
            list.add(k);
            try {
                sum += Integer.parseInt((i % 5 == 0) ? "x" + i : Integer.toString(i));
            } catch (NumberFormatException e) {
                sum += e.getMessage().length();
            }
        }
        Collections.sort(list);
        for (Map.Entry<Integer, Long> e : bytes.entrySet()) sum += e.getKey() * e.getValue();
        for (String s : names.keySet()) sum += s.hashCode();
        sum += pairs.get(new Key(5, 1)) == null ? 1 : pairs.get(new Key(5, 1));
        StringBuilder sb = new StringBuilder();
        sb.append(list.get(0)).append(',').append(list.get(list.size() - 1)).append(Long.toHexString(sum));
        return sum * 31 + sb.toString().hashCode();
    }
}
