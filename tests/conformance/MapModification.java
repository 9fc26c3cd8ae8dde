// Map and List default methods whose function modifies the collection:
// ConcurrentModificationException where the JDK 17 throws it (HashMap,
// TreeMap, LinkedHashMap overrides), results where it does not.
import java.util.*;
import java.util.function.*;
public class MapModification {
    static void run(String what, Runnable r) {
        try { r.run(); System.out.println(what + ": ok"); }
        catch (RuntimeException e) { System.out.println(what + ": " + e.getClass().getName() + " " + e.getMessage()); }
    }
    public static void main(String[] a) {
        for (final Map<String, Integer> m : Arrays.<Map<String, Integer>>asList(new HashMap<String, Integer>(), new TreeMap<String, Integer>(), new LinkedHashMap<String, Integer>())) {
            final String n = m.getClass().getSimpleName();
            m.put("a", 1);
            run(n + " computeIfAbsent modifies", new Runnable() { public void run() {
                m.computeIfAbsent("b", new Function<String, Integer>() { public Integer apply(String k) { m.put("zz", 9); return 2; } }); } });
            run(n + " compute modifies", new Runnable() { public void run() {
                m.compute("c", new BiFunction<String, Integer, Integer>() { public Integer apply(String k, Integer v) { m.remove("a"); return 3; } }); } });
            run(n + " merge modifies", new Runnable() { public void run() {
                m.merge("a", 5, new BiFunction<Integer, Integer, Integer>() { public Integer apply(Integer x, Integer y) { m.put("q", 1); return x + y; } }); } });
            run(n + " computeIfPresent modifies", new Runnable() { public void run() {
                m.computeIfPresent("zz", new BiFunction<String, Integer, Integer>() { public Integer apply(String k, Integer v) { m.put("r", 1); return 7; } }); } });
            run(n + " forEach modifies", new Runnable() { public void run() {
                m.forEach(new BiConsumer<String, Integer>() { public void accept(String k, Integer v) { m.remove(k); } }); } });
            run(n + " replaceAll modifies", new Runnable() { public void run() {
                m.replaceAll(new BiFunction<String, Integer, Integer>() { public Integer apply(String k, Integer v) { m.remove("a"); return 1; } }); } });
            System.out.println(n + " " + new TreeMap<String, Integer>(m).keySet().size());
        }
        final List<Integer> l = new ArrayList<Integer>(Arrays.asList(1, 2, 3));
        run("ArrayList forEach modifies", new Runnable() { public void run() {
            l.forEach(new java.util.function.Consumer<Integer>() { public void accept(Integer x) { if (x == 2) l.add(9); } }); } });
        run("ArrayList removeIf modifies", new Runnable() { public void run() {
            l.removeIf(new Predicate<Integer>() { public boolean test(Integer x) { if (x == 1) l.add(7); return x == 3; } }); } });
        run("ArrayList replaceAll modifies", new Runnable() { public void run() {
            l.replaceAll(new UnaryOperator<Integer>() { public Integer apply(Integer x) { if (x == 1) l.add(8); return x; } }); } });
        System.out.println(l.size());
    }
}
