// Library behaviour: HashMap/HashSet/LinkedHashMap/TreeMap iteration order and
// semantics must match the JDK exactly for the same sequence of operations
// (table sizing, hash spreading, resize splitting, compute/merge placement).
import java.util.*;

public class LibHashMapOrder {
    static class Key {
        final int h;
        final String name;
        Key(int h, String name) { this.h = h; this.name = name; }
        public int hashCode() { return h; }
        public boolean equals(Object o) { return o instanceof Key && ((Key) o).name.equals(name); }
        public String toString() { return name; }
    }

    public static void main(String[] args) {
        HashMap<Integer, String> m = new HashMap<>();
        for (int i = 0; i < 100; i += 7) m.put(i * 31, "v" + i);
        System.out.println(m);
        for (int i = 0; i < 100; i += 14) m.remove(i * 31);
        System.out.println(m.keySet());
        System.out.println(m.values());
        // keys that collide in small tables and split on resize
        HashMap<Integer, Integer> c = new HashMap<>();
        for (int i = 0; i < 40; i++) c.put(i * 16, i);
        System.out.println(c);
        // negative and large keys
        HashMap<Long, Integer> lm = new HashMap<>();
        long[] ls = {-1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, 123456789012L, 0L, -99L};
        for (int i = 0; i < ls.length; i++) lm.put(ls[i], i);
        System.out.println(lm);
        // strings
        HashMap<String, Integer> words = new HashMap<>();
        String text = "it was the best of times it was the worst of times it was the age of wisdom "
            + "it was the age of foolishness it was the epoch of belief it was the epoch of incredulity";
        for (String w : text.split(" ")) {
            Integer old = words.get(w);
            words.put(w, old == null ? 1 : old + 1);
        }
        System.out.println(words);
        // merge / compute / computeIfAbsent insert at the bucket head
        HashMap<Key, Integer> hm = new HashMap<>();
        BiFunctionSum sum = new BiFunctionSum();
        for (int i = 0; i < 6; i++) hm.merge(new Key(5, "k" + i), i, sum);
        hm.put(new Key(5, "p"), 9);
        hm.computeIfAbsent(new Key(5, "c"), new java.util.function.Function<Key, Integer>() {
            public Integer apply(Key k) { return 42; }
        });
        hm.compute(new Key(21, "d"), new java.util.function.BiFunction<Key, Integer, Integer>() {
            public Integer apply(Key k, Integer v) { return v == null ? 1 : v + 1; }
        });
        hm.merge(new Key(5, "k2"), 100, sum);
        System.out.println(hm);
        // many merges cause resizes mid-stream
        HashMap<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 200; i++) counts.merge((i * 37) % 61, 1, sum);
        System.out.println(counts);
        // copy constructor, putAll, clone pre-size differently
        HashMap<Integer, Integer> src = new LinkedHashMap<>();
        for (int i = 0; i < 13; i++) src.put(i * 16, i);
        System.out.println(new HashMap<>(src).keySet());
        HashMap<Integer, Integer> pa = new HashMap<>();
        pa.put(1, 1);
        pa.putAll(src);
        System.out.println(pa.keySet());
        HashMap<Integer, Integer> big = new HashMap<>();
        for (int i = 0; i < 64; i++) big.put(i * 8, i);
        for (int i = 2; i < 64; i++) big.remove(i * 8);
        @SuppressWarnings("unchecked")
        HashMap<Integer, Integer> cl = (HashMap<Integer, Integer>) big.clone();
        big.put(4 * 8 + 1, 0);
        cl.put(4 * 8 + 1, 0);
        System.out.println(big + " " + cl);
        // initial capacity
        HashMap<Integer, Integer> small = new HashMap<>(2);
        for (int i = 0; i < 10; i++) small.put(i * 3, i);
        System.out.println(small);
        // many collisions: a bin reaching 8 grows a small table, and becomes a
        // red-black tree bin (iterated root first) in a table of 64+
        HashMap<Integer, Integer> col = new HashMap<>();
        for (int i = 0; i < 30; i++) col.put(i * 64, i);
        System.out.println(col);
        for (int i = 0; i < 30; i += 3) col.remove(i * 64);
        System.out.println(col);
        for (int i = 0; i < 30; i += 2) col.remove(i * 64);
        for (int i = 100; i < 140; i++) col.put(i, i);
        System.out.println(col.keySet());
        // equal String hashes ("Aa" and "BB"): tree bins ordered by compareTo
        HashMap<String, Integer> same = new HashMap<>();
        String[] parts = {"Aa", "BB"};
        for (int i = 0; i < 128; i++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < 7; b++) sb.append(parts[(i >> b) & 1]);
            same.put(sb.toString(), i);
        }
        for (int i = 0; i < 128; i += 5) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < 7; b++) sb.append(parts[(i >> b) & 1]);
            same.remove(sb.toString());
        }
        System.out.println(same.values());
        LinkedHashMap<Integer, Integer> ltree = new LinkedHashMap<>();
        for (int i = 0; i < 50; i++) ltree.put(i * 128, i);
        for (int i = 0; i < 50; i += 4) ltree.remove(i * 128);
        System.out.println(ltree.keySet());
        // HashSet
        HashSet<String> hs = new HashSet<>(Arrays.asList("delta", "alpha", "charlie", "bravo", "echo", "foxtrot",
            "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november"));
        System.out.println(hs);
        hs.removeIf(new java.util.function.Predicate<String>() {
            public boolean test(String s) { return s.length() == 4; }
        });
        System.out.println(hs + " " + hs.size() + " " + hs.contains("echo") + " " + hs.contains("kilo"));
        Set<Character> cs = new HashSet<>();
        for (char ch : "hello world".toCharArray()) cs.add(ch);
        System.out.println(cs);
        // iterator removal and entry setValue
        Iterator<Map.Entry<Integer, String>> it = m.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Integer, String> e = it.next();
            if (e.getKey() % 2 == 0) it.remove();
            else e.setValue(e.getValue().toUpperCase());
        }
        System.out.println(m);
        // fail-fast iteration
        try {
            for (Integer k : c.keySet()) if (k == 32) c.put(9999, 0);
            System.out.println("no CME");
        } catch (ConcurrentModificationException e) {
            System.out.println("CME " + e.getMessage());
        }
        try {
            Iterator<Integer> ki = c.keySet().iterator();
            ki.remove();
        } catch (IllegalStateException e) {
            System.out.println("ISE " + e.getMessage());
        }
        // defaults
        System.out.println(words.getOrDefault("zzz", -1) + " " + words.getOrDefault("was", -1)
            + " " + words.putIfAbsent("was", 0) + " " + words.putIfAbsent("new", 7)
            + " " + words.remove("new", 8) + " " + words.remove("new", 7)
            + " " + words.replace("age", 99) + " " + words.containsValue(99) + " " + words.containsKey(null));
        HashMap<String, String> nulls = new HashMap<>();
        nulls.put(null, "n");
        nulls.put("a", null);
        System.out.println(nulls + " " + nulls.get(null) + " " + nulls.containsKey("a") + " " + nulls.get("a"));
        // equality and hashing
        HashMap<String, Integer> w2 = new HashMap<>(words);
        System.out.println(w2.equals(words) + " " + (w2.hashCode() == words.hashCode()) + " " + w2.entrySet().contains(
            new AbstractMap.SimpleEntry<String, Integer>("was", 6)));
        HashMap<Object, Object> self = new HashMap<>();
        self.put("me", self);
        System.out.println(self);
        // LinkedHashMap: insertion order, access order, LRU
        LinkedHashMap<String, Integer> lhm = new LinkedHashMap<>();
        for (String s : "zebra apple mango kiwi banana".split(" ")) lhm.put(s, s.length());
        lhm.put("apple", 0);
        lhm.remove("mango");
        lhm.put("mango", 1);
        System.out.println(lhm);
        LinkedHashMap<Integer, String> lru = new LinkedHashMap<Integer, String>(16, 0.75f, true) {
            protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) { return size() > 3; }
        };
        for (int i = 1; i <= 5; i++) {
            lru.put(i, "v" + i);
            lru.get(i - 1 > 0 ? i - 1 : 1);
        }
        System.out.println(lru);
        LinkedHashSet<Integer> lhs = new LinkedHashSet<>(Arrays.asList(5, 3, 9, 1, 3, 5, 7));
        System.out.println(lhs);
        // TreeMap / TreeSet
        TreeMap<String, Integer> tm = new TreeMap<>(words);
        System.out.println(tm);
        System.out.println(tm.firstKey() + " " + tm.lastKey() + " " + tm.floorKey("m") + " " + tm.ceilingKey("m")
            + " " + tm.higherKey("was") + " " + tm.lowerKey("age") + " " + tm.headMap("epoch") + " "
            + tm.tailMap("worst", true) + " " + tm.subMap("b", "i"));
        System.out.println(tm.descendingMap() + " " + tm.descendingKeySet().first() + " " + tm.pollFirstEntry()
            + " " + tm.pollLastEntry() + " " + tm.size());
        TreeSet<Integer> ts = new TreeSet<>(Collections.reverseOrder());
        for (int i = 0; i < 20; i++) ts.add((i * 7) % 11);
        System.out.println(ts + " " + ts.first() + " " + ts.headSet(5) + " " + ts.tailSet(5) + " " + ts.ceiling(12)
            + " " + ts.descendingSet());
        NavigableMap<Integer, String> sub = new TreeMap<>();
        for (int i = 0; i < 10; i++) sub.put(i * 10, "x" + i);
        NavigableMap<Integer, String> view = sub.subMap(20, true, 60, false);
        view.remove(30);
        sub.put(35, "new");
        System.out.println(view + " " + sub.size() + " " + view.firstEntry() + " " + view.descendingMap());
        try {
            view.put(70, "out");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
    }

    static class BiFunctionSum implements java.util.function.BiFunction<Integer, Integer, Integer> {
        public Integer apply(Integer a, Integer b) { return a + b; }
    }
}
