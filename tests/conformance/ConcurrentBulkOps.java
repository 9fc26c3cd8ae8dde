// conformance: min-release 8
// ConcurrentHashMap's bulk operations (JDK 8): forEach/search/reduce over
// entries, keys, values, with transformers that return null (skipped),
// the primitive reductions with a basis, parallelism thresholds 1 and
// Long.MAX_VALUE (vifvm runs them all sequentially; the reducers here are
// associative and commutative, so the JDK's parallel order gives the same;
// a basis that is not the reducer's identity only with Long.MAX_VALUE, as
// the JDK's parallel tasks each start from it), entries that refuse
// setValue, and NullPointerException for a null function.
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

public class ConcurrentBulkOps {
    public static void main(String[] args) {
        ConcurrentHashMap<String, Integer> m = new ConcurrentHashMap<>();
        String[] words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split(" ");
        for (int i = 0; i < words.length; i++) m.put(words[i], i * 3 + 1);
        for (long th : new long[] {1, Long.MAX_VALUE}) {
            System.out.println("threshold " + th);
            boolean seq = th == Long.MAX_VALUE;
            TreeMap<String, Integer> seen = new TreeMap<>();
            m.forEach(th, (k, v) -> { synchronized (seen) { seen.put(k, v); } });
            System.out.println(" forEach " + seen);
            LongAdder lens = new LongAdder();
            m.forEach(th, (k, v) -> v % 2 == 0 ? (long) k.length() : null, lens::add);
            System.out.println(" forEach(transform) even-value key lengths " + lens.sum());
            System.out.println(" search " + m.search(th, (k, v) -> v == 10 ? k : null) + " " + m.search(th, (k, v) -> v > 1000 ? k : null));
            System.out.println(" reduce " + m.reduce(th, (k, v) -> k.length() > 4 ? v : null, Integer::sum));
            System.out.println(" reduce(none) " + m.reduce(th, (k, v) -> null, (a, b) -> a));
            System.out.println(" reduceToLong " + m.reduceToLong(th, (k, v) -> (long) v * k.length(), seq ? 100L : 0L, Long::sum));
            System.out.println(" reduceToInt " + m.reduceToInt(th, (k, v) -> v, 0, Math::max));
            System.out.println(" reduceToDouble " + m.reduceToDouble(th, (k, v) -> v / 2.0, 0.0, Double::sum));
            TreeSet<String> keys = new TreeSet<>();
            m.forEachKey(th, k -> { synchronized (keys) { keys.add(k); } });
            System.out.println(" forEachKey " + keys.size() + " " + keys.first() + ".." + keys.last());
            LongAdder upper = new LongAdder();
            m.forEachKey(th, k -> k.startsWith("e") ? k.toUpperCase() : null, u -> upper.increment());
            System.out.println(" forEachKey(transform) " + upper.sum());
            System.out.println(" searchKeys " + m.searchKeys(th, k -> k.equals("mu") ? k.length() : null));
            System.out.println(" reduceKeys " + m.reduceKeys(th, (a, b) -> a.compareTo(b) >= 0 ? a : b));
            System.out.println(" reduceKeys(transform) " + m.reduceKeys(th, String::length, Integer::sum));
            System.out.println(" reduceKeysToInt " + m.reduceKeysToInt(th, String::length, 0, Integer::sum)
                + " ToLong " + m.reduceKeysToLong(th, k -> k.charAt(0), 0L, Long::sum)
                + " ToDouble " + m.reduceKeysToDouble(th, k -> 1.0, seq ? 0.5 : 0.0, Double::sum));
            LongAdder vs = new LongAdder();
            m.forEachValue(th, vs::add);
            m.forEachValue(th, v -> v > 20 ? (long) v : null, vs::add);
            System.out.println(" forEachValue " + vs.sum());
            System.out.println(" searchValues " + m.searchValues(th, v -> v == 34 ? "found" : null));
            System.out.println(" reduceValues " + m.reduceValues(th, Integer::sum) + " " + m.reduceValues(th, v -> v % 3 == 1 ? 1 : null, Integer::sum));
            System.out.println(" reduceValuesToInt " + m.reduceValuesToInt(th, v -> v, 0, Integer::sum)
                + " ToLong " + m.reduceValuesToLong(th, v -> v % 7 + 1, 1L, (a, b) -> a * b)
                + " ToDouble " + m.reduceValuesToDouble(th, v -> v, 0.0, Math::max));
            LongAdder es = new LongAdder();
            m.forEachEntry(th, e -> es.add(e.getValue()));
            m.forEachEntry(th, e -> e.getKey().length() == 2 ? e.getKey() : null, k -> es.add(1000));
            System.out.println(" forEachEntry " + es.sum());
            System.out.println(" searchEntries " + m.searchEntries(th, e -> e.getValue() == 1 ? e.getKey() : null));
            Map.Entry<String, Integer> maxE = m.reduceEntries(th, (a, b) -> a.getValue() >= b.getValue() ? a : b);
            System.out.println(" reduceEntries " + maxE.getKey() + "=" + maxE.getValue()
                + " " + m.reduceEntries(th, e -> e.getKey().length(), Math::min));
            System.out.println(" reduceEntriesToInt " + m.reduceEntriesToInt(th, e -> e.getValue(), 0, Integer::sum)
                + " ToLong " + m.reduceEntriesToLong(th, e -> e.getKey().length(), 0L, Long::sum)
                + " ToDouble " + m.reduceEntriesToDouble(th, e -> e.getValue(), -1.0, Math::max));
        }
        try {
            m.forEachEntry(Long.MAX_VALUE, e -> { if (e.getKey().equals("mu")) e.setValue(99); });
            System.out.println("setValue through forEachEntry: " + m.get("mu"));
        } catch (UnsupportedOperationException e) {
            System.out.println("setValue in forEachEntry: UnsupportedOperationException " + e.getMessage() + " " + m.get("mu"));
        }
        try {
            m.reduceValues(1, null);
            System.out.println("no NPE");
        } catch (NullPointerException e) {
            System.out.println("NullPointerException for a null reducer");
        }
        try {
            m.search(1, null);
            System.out.println("no NPE");
        } catch (NullPointerException e) {
            System.out.println("NullPointerException for a null search function");
        }
        System.out.println(new ConcurrentHashMap<String, Integer>().reduceValues(1, Integer::sum));
    }
}
