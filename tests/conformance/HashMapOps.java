// HashMap: put/get/remove/containsKey/containsValue, null key and values, growth, views (printed sorted).
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

public class HashMapOps {
    static String sortedKeys(Map<String, Integer> m) {
        List<String> ks = new ArrayList<String>();
        for (String k : m.keySet()) ks.add(String.valueOf(k));
        Collections.sort(ks);
        return ks.toString();
    }
    public static void main(String[] args) {
        Map<String, Integer> m = new HashMap<String, Integer>();
        System.out.println(m.isEmpty() + " " + m.size() + " " + m.get("x"));
        System.out.println(m.put("one", 1) + " " + m.put("two", 2) + " " + m.put("one", 11) + " " + m.size());
        System.out.println(m.get("one") + " " + m.containsKey("two") + " " + m.containsKey("three") + " " + m.containsValue(2) + " " + m.containsValue(1));
        m.put(null, 0);
        m.put("nullval", null);
        System.out.println(m.get(null) + " " + m.containsKey(null) + " " + m.get("nullval") + " " + m.containsKey("nullval") + " " + m.size());
        System.out.println(m.remove("two") + " " + m.remove("absent") + " " + m.size() + " " + sortedKeys(m));
        System.out.println(m.getOrDefault("zzz", -1) + " " + m.putIfAbsent("one", 5) + " " + m.putIfAbsent("new", 5) + " " + m.get("new"));
        Map<Integer, String> big = new HashMap<Integer, String>();
        for (int i = 0; i < 50000; i++) big.put(i * 7, "v" + i);
        int hits = 0;
        for (int i = 0; i < 350000; i++) if (big.containsKey(i)) hits++;
        System.out.println("big " + big.size() + " hits " + hits + " " + big.get(7 * 49999));
        for (int i = 0; i < 50000; i += 2) big.remove(i * 7);
        System.out.println("after remove " + big.size() + " " + big.get(14) + " " + big.get(21));
        long keySum = 0;
        for (Integer k : big.keySet()) keySum += k;
        long valLen = 0;
        for (String v : big.values()) valLen += v.length();
        long entrySum = 0;
        for (Map.Entry<Integer, String> e : big.entrySet()) entrySum += e.getKey() ^ e.getValue().hashCode();
        System.out.println(keySum + " " + valLen + " " + entrySum);
        for (Iterator<Map.Entry<Integer, String>> it = big.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Integer, String> e = it.next();
            if (e.getKey() % 3 == 0) it.remove(); else e.setValue("w");
        }
        System.out.println("iter remove " + big.size() + " " + big.get(7));
        Map<String, Integer> copy = new HashMap<String, Integer>(m);
        System.out.println(copy.equals(m) + " " + (copy.hashCode() == m.hashCode()) + " " + copy.size());
        copy.clear();
        System.out.println(copy.size() + " " + copy.isEmpty());
        Map<String, Integer> one = new HashMap<String, Integer>();
        one.put("k", 1);
        System.out.println(one + " " + one.keySet() + " " + one.values() + " " + one.entrySet());
        Map<Object, Object> mixed = new HashMap<Object, Object>();
        mixed.put(1, "int"); mixed.put(1L, "long"); mixed.put("1", "string"); mixed.put('1', "char");
        System.out.println(mixed.size() + " " + mixed.get(1) + " " + mixed.get(1L) + " " + mixed.get((short) 1));
    }
}
