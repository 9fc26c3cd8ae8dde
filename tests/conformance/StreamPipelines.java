// Stream pipelines written with anonymous classes (the same library code
// lambdas reach): laziness, side-effect order, short-circuiting, reuse.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamPipelines {
    static Predicate<String> longerThan(final int n) {
        return new Predicate<String>() {
            public boolean test(String s) { return s.length() > n; }
        };
    }

    static final Function<String, String> UPPER = new Function<String, String>() {
        public String apply(String s) { return s.toUpperCase(); }
    };

    static Consumer<Object> tag(final String t) {
        return new Consumer<Object>() {
            public void accept(Object o) { System.out.print(t + o + " "); }
        };
    }

    public static void main(String[] args) {
        List<String> words = Arrays.asList("pear", "apple", "fig", "banana", "apple", "kiwi", "cherry", "date");

        System.out.println(words.stream().filter(longerThan(3)).map(UPPER).sorted().distinct()
            .collect(Collectors.toList()));

        // vertical processing: each element goes through the whole chain
        List<String> r = words.stream().peek(tag("a:")).filter(longerThan(4)).peek(tag("b:"))
            .map(UPPER).limit(2).collect(Collectors.toList());
        System.out.println();
        System.out.println(r);

        // sorted is a barrier
        words.stream().peek(tag("in:")).sorted().peek(tag("out:")).findFirst();
        System.out.println();

        // limit on an infinite stream; iterate's function runs only as needed
        final int[] calls = {0};
        List<Integer> pow = Stream.iterate(1, new UnaryOperator<Integer>() {
            public Integer apply(Integer x) { calls[0]++; return x * 2; }
        }).limit(10).collect(Collectors.toList());
        System.out.println(pow + " calls=" + calls[0]);

        final int[] gen = {0};
        System.out.println(Stream.generate(new Supplier<Integer>() {
            public Integer get() { return gen[0]++; }
        }).skip(3).limit(4).collect(Collectors.toList()) + " generated=" + gen[0]);

        // flatMap
        List<List<Integer>> nested = Arrays.asList(Arrays.asList(1, 2), Arrays.<Integer>asList(), Arrays.asList(3, 4, 5));
        System.out.println(nested.stream().flatMap(new Function<List<Integer>, Stream<Integer>>() {
            public Stream<Integer> apply(List<Integer> l) { return l.stream(); }
        }).map(new Function<Integer, Integer>() {
            public Integer apply(Integer x) { return x * x; }
        }).collect(Collectors.toList()));
        // flatMap + short-circuit: inner streams are pulled lazily and closed
        Optional<Integer> first = nested.stream().flatMap(new Function<List<Integer>, Stream<Integer>>() {
            public Stream<Integer> apply(final List<Integer> l) {
                return l.stream().peek(tag("inner:")).onClose(new Runnable() {
                    public void run() { System.out.print("closed" + l + " "); }
                });
            }
        }).filter(new Predicate<Integer>() {
            public boolean test(Integer x) { return x > 1; }
        }).findFirst();
        System.out.println(first);

        // reduce, three forms
        BinaryOperator<Integer> plus = new BinaryOperator<Integer>() {
            public Integer apply(Integer a, Integer b) { return a + b; }
        };
        System.out.println(Stream.of(1, 2, 3, 4).reduce(0, plus));
        System.out.println(Stream.of(1, 2, 3, 4).reduce(plus));
        System.out.println(Stream.<Integer>empty().reduce(plus));
        System.out.println(words.stream().reduce(0, new BiFunction<Integer, String, Integer>() {
            public Integer apply(Integer acc, String s) { return acc + s.length(); }
        }, plus));

        // collect with supplier/accumulator/combiner
        StringBuilder sb = words.stream().collect(new Supplier<StringBuilder>() {
            public StringBuilder get() { return new StringBuilder("<"); }
        }, new BiConsumer<StringBuilder, String>() {
            public void accept(StringBuilder b, String s) { b.append(s.charAt(0)); }
        }, new BiConsumer<StringBuilder, StringBuilder>() {
            public void accept(StringBuilder a, StringBuilder b) { a.append(b); }
        });
        System.out.println(sb);

        // min, max, count, matches, findFirst
        Comparator<String> byLen = new Comparator<String>() {
            public int compare(String a, String b) { return a.length() - b.length(); }
        };
        System.out.println(words.stream().min(byLen) + " " + words.stream().max(byLen));
        System.out.println(words.stream().filter(longerThan(4)).count());
        System.out.println(words.stream().anyMatch(longerThan(5)) + " " + words.stream().allMatch(longerThan(2))
            + " " + words.stream().noneMatch(longerThan(6)));
        words.stream().peek(tag("m:")).anyMatch(new Predicate<String>() {
            public boolean test(String s) { return s.startsWith("b"); }
        });
        System.out.println();
        System.out.println(Stream.empty().findFirst() + " " + Stream.of("x").findAny());

        // sorted with a comparator is stable
        System.out.println(words.stream().sorted(byLen).collect(Collectors.toList()));
        System.out.println(words.stream().sorted(Collections.reverseOrder()).collect(Collectors.toList()));

        // skip, limit, toArray
        System.out.println(Arrays.toString(words.stream().skip(2).limit(3).toArray()));
        String[] arr = words.stream().map(UPPER).toArray(new IntFunction<String[]>() {
            public String[] apply(int n) { return new String[n]; }
        });
        System.out.println(arr.length + " " + arr[0] + " " + arr.getClass().getSimpleName());

        // count does not traverse a sized pipeline (JDK 9+); it does after a filter
        System.out.println(words.stream().peek(tag("never:")).count());
        System.out.println(words.stream().filter(longerThan(0)).peek(tag("c:")).count());

        // iterator, concat
        Iterator<String> it = Stream.of("x", "y", "z").peek(tag("it:")).iterator();
        while (it.hasNext()) System.out.print(it.next() + " ");
        System.out.println();
        System.out.println(Stream.concat(Stream.of(1, 2), Stream.of(3)).collect(Collectors.toList()));
        System.out.println(Stream.concat(words.stream().limit(1), Stream.of("z")).count());

        // forEach, forEachOrdered
        Stream.of(3, 1, 2).sorted().forEach(tag("f:"));
        Stream.of(3, 1, 2).forEachOrdered(tag("o:"));
        System.out.println();

        // reuse and close
        Stream<String> s = words.stream();
        Stream<String> s2 = s.filter(longerThan(1));
        try {
            s.count();
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        s2.count();
        try {
            s2.forEach(tag(""));
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        Stream<Integer> c = Stream.of(1).onClose(new Runnable() {
            public void run() { System.out.println("close 1"); }
        }).onClose(new Runnable() {
            public void run() { System.out.println("close 2"); }
        });
        c.close();
        c.close();
        try (Stream<Integer> t = Stream.of(1, 2).onClose(new Runnable() {
            public void run() { System.out.println("twr closed"); }
        })) {
            System.out.println("sum " + t.mapToInt(new ToIntFunction<Integer>() {
                public int applyAsInt(Integer x) { return x; }
            }).sum());
        }

        // exceptions from the pipeline
        try {
            Stream.of(1, 2).limit(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        try {
            Stream.of("a", null).findFirst();
        } catch (NullPointerException e) {
            System.out.println("NPE from findFirst");
        }
        try {
            Stream.of(new Object(), new Object()).sorted().count();
            Stream.of(new Object(), new Object()).sorted().collect(Collectors.toList());
        } catch (ClassCastException e) {
            System.out.println("CCE from sorted");
        }

        // Map.entrySet().stream()
        Map<String, Integer> m = new TreeMap<String, Integer>();
        for (String w : words) m.put(w, w.length());
        System.out.println(m.entrySet().stream().filter(new Predicate<Map.Entry<String, Integer>>() {
            public boolean test(Map.Entry<String, Integer> e) { return e.getValue() == 4; }
        }).map(new Function<Map.Entry<String, Integer>, String>() {
            public String apply(Map.Entry<String, Integer> e) { return e.getKey(); }
        }).collect(Collectors.joining("|")));
        System.out.println(m.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
            .limit(3).collect(Collectors.toList()));

        // builder, parallel (runs sequentially in vifvm), isParallel
        Stream.Builder<String> b = Stream.builder();
        b.add("p").add("q").accept("r");
        System.out.println(b.build().collect(Collectors.toList()));
        Stream<String> par = words.parallelStream();
        System.out.println(par.isParallel() + " " + par.sequential().isParallel());
        System.out.println(Arrays.stream(new String[] {"a", "b", "c", "d"}, 1, 3).collect(Collectors.toList()));
    }
}
