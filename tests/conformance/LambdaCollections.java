// Lambdas and method references in ordinary collections code (invokedynamic
// LambdaMetafactory): comparators, computeIfAbsent, forEach, sort, removeIf,
// replaceAll, capturing lambdas in loops, a shared non-capturing instance.
import java.util.*;
import java.util.function.*;

public class LambdaCollections {
    static final class Flow {
        final String key;
        int packets;
        long bytes;
        Flow(String key) { this.key = key; }
        public String toString() { return key + ":" + packets + "/" + bytes; }
    }

    static final class Task {
        final String name;
        final int prio;
        Task(String name, int prio) { this.name = name; this.prio = prio; }
        int prio() { return prio; }
        String name() { return name; }
    }

    static int counter;

    public static void main(String[] args) {
        // PriorityQueue with a lambda comparator
        PriorityQueue<Task> pq = new PriorityQueue<>((a, b) -> a.prio - b.prio);
        int[] prios = { 5, 1, 9, 3, 7, 2, 8 };
        for (int i = 0; i < prios.length; i++) pq.add(new Task("t" + i, prios[i]));
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll().name).append(' ');
        System.out.println("pq: " + sb);

        // reversed order with a method reference comparator
        PriorityQueue<Integer> maxq = new PriorityQueue<>(Collections.reverseOrder());
        for (int p : prios) maxq.add(p);
        sb.setLength(0);
        while (!maxq.isEmpty()) sb.append(maxq.poll()).append(' ');
        System.out.println("maxq: " + sb);

        // computeIfAbsent for a flow table
        Map<String, Flow> flows = new HashMap<>();
        String[] pkts = { "10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.3", "10.0.0.1", "10.0.0.2" };
        for (int i = 0; i < pkts.length; i++) {
            Flow f = flows.computeIfAbsent(pkts[i], Flow::new);
            f.packets++;
            f.bytes += 64 * (i + 1);
        }
        List<String> keys = new ArrayList<>(flows.keySet());
        Collections.sort(keys);
        for (String k : keys) System.out.println("flow " + flows.get(k));
        Map<Integer, List<String>> byLen = new TreeMap<>();
        for (String w : new String[] { "a", "bb", "cc", "ddd", "e" })
            byLen.computeIfAbsent(w.length(), n -> new ArrayList<>()).add(w);
        System.out.println("byLen " + byLen);

        // forEach with System.out::println and with a lambda
        List<String> names = new ArrayList<>(Arrays.asList("delta", "alpha", "charlie", "bravo"));
        names.forEach(System.out::println);
        names.forEach(s -> System.out.println("len " + s.length()));

        // sort with Comparator.comparingInt and a method reference
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < prios.length; i++) tasks.add(new Task("n" + i, prios[i] % 4));
        tasks.sort(Comparator.comparingInt(Task::prio));
        sb.setLength(0);
        for (Task t : tasks) sb.append(t.name).append('=').append(t.prio).append(' ');
        System.out.println("sorted " + sb);
        tasks.sort(Comparator.comparing(Task::name).reversed());
        sb.setLength(0);
        for (Task t : tasks) sb.append(t.name).append(' ');
        System.out.println("by name desc " + sb);
        names.sort(String::compareTo);
        System.out.println("names " + names);
        names.sort(Comparator.comparingInt(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println("by length " + names);

        // removeIf, replaceAll
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 20; i++) nums.add(i * 7 % 13);
        nums.removeIf(n -> n % 3 == 0);
        System.out.println("removeIf " + nums);
        nums.replaceAll(n -> n * n);
        System.out.println("replaceAll " + nums);
        names.replaceAll(String::toUpperCase);
        System.out.println("upper " + names);

        // Map.forEach, merge, compute
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "the cat and the dog and the bird".split(" ")) counts.merge(w, 1, Integer::sum);
        counts.forEach((k, v) -> System.out.println(k + " -> " + v));
        counts.compute("cat", (k, v) -> v == null ? 1 : v + 10);
        counts.computeIfPresent("dog", (k, v) -> null);
        System.out.println("counts " + counts);

        // capturing lambdas in loops: each captures its own value
        List<Supplier<String>> sups = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            final int j = i;
            String tag = "s" + i;
            sups.add(() -> tag + "*" + (j * j));
        }
        for (Supplier<String> s : sups) System.out.print(s.get() + " ");
        System.out.println();
        List<IntUnaryOperator> adders = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            int d = i * 10;
            adders.add(x -> x + d);
        }
        int acc = 0;
        for (IntUnaryOperator op : adders) acc = op.applyAsInt(acc);
        System.out.println("acc " + acc);

        // a non-capturing lambda is one shared instance per call site;
        // a capturing one is a new object each time
        Runnable first = null;
        boolean allSame = true;
        for (int i = 0; i < 4; i++) {
            Runnable r = () -> counter++;
            if (first == null) first = r;
            allSame &= r == first;
            r.run();
        }
        System.out.println("shared " + allSame + " counter " + counter);
        Object prev = null;
        int distinct = 0;
        for (int i = 0; i < 4; i++) {
            int c = i;
            Runnable r = () -> counter += c;
            if (r != prev) distinct++;
            prev = r;
            r.run();
        }
        System.out.println("distinct " + distinct + " counter " + counter);

        // lambdas stored in fields and passed around
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Comparator.naturalOrder());
        System.out.println("maxBy " + max.apply(3, 8));
        Function<Integer, Integer> twice = x -> x * 2;
        Function<Integer, Integer> plus3 = x -> x + 3;
        System.out.println("compose " + twice.compose(plus3).apply(1) + " andThen " + twice.andThen(plus3).apply(1));
        Predicate<String> empty = String::isEmpty;
        System.out.println("negate " + empty.negate().test("") + " " + empty.or(s -> s.startsWith("x")).test("xy"));
        Iterator<String> it = names.iterator();
        it.forEachRemaining(s -> System.out.print(s.charAt(0)));
        System.out.println();
    }
}
