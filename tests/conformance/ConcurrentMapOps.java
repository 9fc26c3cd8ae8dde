// java.util.concurrent.ConcurrentHashMap on one thread: the Map API, the
// atomic-update methods, null rejection, views, removal while iterating
// (no ConcurrentModificationException), KeySetView and newKeySet.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

public class ConcurrentMapOps {
    static <K extends Comparable<K>, V> String sorted(Map<K, V> m) {
        List<K> keys = new ArrayList<K>(m.keySet());
        Collections.sort(keys);
        StringBuilder sb = new StringBuilder("{");
        for (K k : keys) sb.append(sb.length() > 1 ? ", " : "").append(k).append('=').append(m.get(k));
        return sb.append('}').toString();
    }

    public static void main(String[] args) {
        ConcurrentHashMap<String, Integer> m = new ConcurrentHashMap<String, Integer>();
        for (String w : "the quick brown fox jumps over the lazy dog the end".split(" ")) {
            m.merge(w, 1, new BiFunction<Integer, Integer, Integer>() {
                public Integer apply(Integer a, Integer b) { return a + b; }
            });
        }
        System.out.println(m.size() + " " + sorted(m) + " " + m.mappingCount());
        System.out.println(m.putIfAbsent("fox", 9) + " " + m.putIfAbsent("cat", 9) + " " + m.get("cat"));
        System.out.println(m.replace("cat", 10) + " " + m.replace("cat", 99, 1) + " " + m.replace("cat", 10, 11) + " " + m.get("cat"));
        System.out.println(m.remove("cat", 10) + " " + m.remove("cat", 11) + " " + m.containsKey("cat") + " " + m.contains(3));
        System.out.println(m.getOrDefault("nope", -1) + " " + m.getOrDefault("dog", -1));
        System.out.println(m.computeIfAbsent("len", new Function<String, Integer>() {
            public Integer apply(String k) { return k.length(); }
        }) + " " + m.computeIfAbsent("len", new Function<String, Integer>() {
            public Integer apply(String k) { return 100; }
        }) + " " + m.computeIfAbsent("none", new Function<String, Integer>() {
            public Integer apply(String k) { return null; }
        }) + " " + m.containsKey("none"));
        BiFunction<String, Integer, Integer> twice = new BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return v == null ? -1 : v * 2; }
        };
        System.out.println(m.compute("the", twice) + " " + m.compute("new", twice) + " " + m.computeIfPresent("zzz", twice)
            + " " + m.computeIfPresent("len", twice));
        BiFunction<String, Integer, Integer> drop = new BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return null; }
        };
        System.out.println(m.compute("new", drop) + " " + m.containsKey("new") + " " + m.computeIfPresent("len", drop) + " " + m.containsKey("len"));
        try {
            m.put("x", null);
        } catch (NullPointerException e) {
            System.out.println("NPE put null value");
        }
        try {
            m.get(null);
        } catch (NullPointerException e) {
            System.out.println("NPE get null key");
        }
        try {
            m.putIfAbsent(null, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE putIfAbsent null key");
        }
        int removed = 0;
        for (String k : m.keySet()) {
            if (m.get(k) == 1) {
                m.remove(k);
                removed++;
            }
        }
        System.out.println("removed " + removed + " " + sorted(m));
        for (Iterator<Map.Entry<String, Integer>> it = m.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, Integer> e = it.next();
            if (e.getKey().equals("the")) e.setValue(e.getValue() + 100);
            else it.remove();
            m.put("added" + e.getKey().length(), 0);
        }
        System.out.println(m.get("the") + " " + m.containsKey("dog"));
        final int[] sum = new int[1];
        m.forEach(new BiConsumer<String, Integer>() {
            public void accept(String k, Integer v) { sum[0] += v; }
        });
        System.out.println("sum " + sum[0]);
        m.replaceAll(new BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return v + k.length(); }
        });
        System.out.println(sorted(m));

        ConcurrentHashMap<Integer, String> im = new ConcurrentHashMap<Integer, String>(4);
        for (int i = 0; i < 40; i += 3) im.put(i, "v" + i);
        System.out.println(im);
        System.out.println(im.keySet() + " " + im.values().size() + " " + im.entrySet().contains(new java.util.AbstractMap.SimpleEntry<Integer, String>(3, "v3")));
        Enumeration<Integer> keys = im.keys();
        int n = 0;
        while (keys.hasMoreElements()) n += keys.nextElement();
        System.out.println("keys sum " + n + " " + im.elements().nextElement());
        ConcurrentHashMap<Integer, String> copy = new ConcurrentHashMap<Integer, String>(im);
        System.out.println(copy.equals(im) + " " + (copy.hashCode() == im.hashCode()) + " " + im.equals(new java.util.HashMap<Integer, String>(im)));
        ConcurrentMap<Integer, String> cm = copy;
        cm.putIfAbsent(100, "hundred");
        System.out.println(cm.get(100) + " " + cm.size());

        Set<String> ks = ConcurrentHashMap.newKeySet();
        ks.add("b");
        ks.add("a");
        System.out.println(ks.add("a") + " " + ks.size() + " " + ks.contains("b") + " " + ks.remove("b") + " " + ks);
        ConcurrentHashMap.KeySetView<String, Integer> view = new ConcurrentHashMap<String, Integer>().keySet(7);
        view.add("seven");
        System.out.println(view.getMap() + " " + view.getMappedValue());
        try {
            m.keySet().add("nope");
        } catch (UnsupportedOperationException e) {
            System.out.println("UnsupportedOperationException");
        }
        m.clear();
        System.out.println(m.isEmpty() + " " + m + " " + m.keySet().isEmpty());
    }
}
