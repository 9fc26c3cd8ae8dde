// java.util.function default/static methods, Optional, Comparator
// combinators and Map/Collection/List/Iterator default methods, written
// with anonymous classes.
import java.util.*;
import java.util.function.*;

public class FunctionalDefaults {
    static final class P {
        final String name;
        final int age;
        final double score;

        P(String name, int age, double score) {
            this.name = name;
            this.age = age;
            this.score = score;
        }

        public String toString() { return name + "/" + age + "/" + score; }
    }

    public static void main(String[] args) {
        // Function, UnaryOperator, BiFunction
        Function<Integer, Integer> inc = new Function<Integer, Integer>() {
            public Integer apply(Integer x) { return x + 1; }
        };
        Function<Integer, Integer> dbl = new Function<Integer, Integer>() {
            public Integer apply(Integer x) { return x * 2; }
        };
        System.out.println(inc.andThen(dbl).apply(5) + " " + inc.compose(dbl).apply(5) + " "
            + Function.<String>identity().apply("id") + " " + UnaryOperator.<String>identity().apply("uid"));
        BiFunction<Integer, Integer, Integer> mul = new BiFunction<Integer, Integer, Integer>() {
            public Integer apply(Integer a, Integer b) { return a * b; }
        };
        System.out.println(mul.andThen(inc).apply(3, 4));
        // Predicate, BiPredicate
        Predicate<String> empty = new Predicate<String>() {
            public boolean test(String s) { return s.isEmpty(); }
        };
        Predicate<String> shortS = new Predicate<String>() {
            public boolean test(String s) { return s.length() < 3; }
        };
        System.out.println(empty.negate().test("") + " " + empty.or(shortS).test("ab") + " "
            + empty.and(shortS).test("ab") + " " + Predicate.isEqual("x").test("x") + " "
            + Predicate.isEqual(null).test(null));
        BiPredicate<String, Integer> lenIs = new BiPredicate<String, Integer>() {
            public boolean test(String s, Integer n) { return s.length() == n; }
        };
        System.out.println(lenIs.test("abc", 3) + " " + lenIs.negate().test("abc", 3) + " "
            + lenIs.and(lenIs.negate()).test("a", 1) + " " + lenIs.or(lenIs.negate()).test("a", 2));
        // Consumer, BiConsumer
        final StringBuilder log = new StringBuilder();
        Consumer<String> c1 = new Consumer<String>() {
            public void accept(String s) { log.append("1").append(s); }
        };
        Consumer<String> c2 = new Consumer<String>() {
            public void accept(String s) { log.append("2").append(s); }
        };
        c1.andThen(c2).accept("x");
        BiConsumer<String, Integer> b1 = new BiConsumer<String, Integer>() {
            public void accept(String s, Integer n) { log.append("[").append(s).append(n).append("]"); }
        };
        b1.andThen(b1).accept("b", 2);
        System.out.println(log);
        // BinaryOperator.minBy/maxBy
        Comparator<String> byLen = new Comparator<String>() {
            public int compare(String a, String b) { return a.length() - b.length(); }
        };
        System.out.println(BinaryOperator.minBy(byLen).apply("aa", "bb") + " " + BinaryOperator.maxBy(byLen).apply("aa", "bbb"));
        // primitive functional interfaces
        IntUnaryOperator i1 = new IntUnaryOperator() {
            public int applyAsInt(int x) { return x + 3; }
        };
        IntUnaryOperator i2 = new IntUnaryOperator() {
            public int applyAsInt(int x) { return x * 5; }
        };
        System.out.println(i1.andThen(i2).applyAsInt(1) + " " + i1.compose(i2).applyAsInt(1) + " "
            + IntUnaryOperator.identity().applyAsInt(9));
        LongUnaryOperator l1 = new LongUnaryOperator() {
            public long applyAsLong(long x) { return x - 1; }
        };
        System.out.println(l1.andThen(l1).applyAsLong(10) + " " + LongUnaryOperator.identity().applyAsLong(-4));
        DoubleUnaryOperator d1 = new DoubleUnaryOperator() {
            public double applyAsDouble(double x) { return x / 2; }
        };
        System.out.println(d1.compose(d1).applyAsDouble(3) + " " + DoubleUnaryOperator.identity().applyAsDouble(1.5));
        IntPredicate even = new IntPredicate() {
            public boolean test(int x) { return x % 2 == 0; }
        };
        IntPredicate pos = new IntPredicate() {
            public boolean test(int x) { return x > 0; }
        };
        System.out.println(even.and(pos).test(-2) + " " + even.or(pos).test(-2) + " " + even.negate().test(3));
        LongPredicate big = new LongPredicate() {
            public boolean test(long x) { return x > 1000L; }
        };
        DoublePredicate nan = new DoublePredicate() {
            public boolean test(double x) { return Double.isNaN(x); }
        };
        System.out.println(big.negate().or(big).test(5) + " " + nan.and(nan.negate()).test(Double.NaN));
        final long[] acc = {0};
        IntConsumer ic = new IntConsumer() {
            public void accept(int v) { acc[0] += v; }
        };
        LongConsumer lc = new LongConsumer() {
            public void accept(long v) { acc[0] *= v; }
        };
        DoubleConsumer dc = new DoubleConsumer() {
            public void accept(double v) { acc[0] -= (long) v; }
        };
        ic.andThen(ic).accept(3);
        lc.andThen(lc).accept(2);
        dc.andThen(dc).accept(1.9);
        System.out.println(acc[0]);
        LongToDoubleFunction ltd = new LongToDoubleFunction() {
            public double applyAsDouble(long v) { return v / 8.0; }
        };
        DoubleToLongFunction dtl = new DoubleToLongFunction() {
            public long applyAsLong(double v) { return (long) Math.ceil(v); }
        };
        System.out.println(ltd.applyAsDouble(3) + " " + dtl.applyAsLong(2.1));

        // Optional
        Optional<String> o = Optional.of("value");
        Optional<String> e = Optional.empty();
        System.out.println(o + " " + e + " " + Optional.ofNullable(null) + " " + o.isPresent() + " " + e.isPresent());
        System.out.println(o.map(new Function<String, Integer>() {
            public Integer apply(String s) { return s.length(); }
        }) + " " + o.filter(empty) + " " + o.flatMap(new Function<String, Optional<String>>() {
            public Optional<String> apply(String s) { return Optional.of(s + "!"); }
        }) + " " + e.orElse("other") + " " + e.orElseGet(new Supplier<String>() {
            public String get() { return "got"; }
        }) + " " + o.equals(Optional.of("value")) + " " + (o.hashCode() == "value".hashCode()));
        o.ifPresent(c1);
        System.out.println(log);
        try {
            e.get();
        } catch (NoSuchElementException x) {
            System.out.println("NSEE " + x.getMessage());
        }
        try {
            Optional.of(null);
        } catch (NullPointerException x) {
            System.out.println("NPE of(null)");
        }
        try {
            e.orElseThrow(new Supplier<IllegalArgumentException>() {
                public IllegalArgumentException get() { return new IllegalArgumentException("none"); }
            });
        } catch (IllegalArgumentException x) {
            System.out.println("IAE " + x.getMessage());
        }

        // Comparator combinators
        List<P> ps = new ArrayList<P>(Arrays.asList(new P("ann", 31, 2.5), new P("bob", 25, 9.0),
            new P("cid", 31, 1.0), new P("dan", 25, 9.0), new P("eve", 40, 2.5), new P("fay", 31, 2.5)));
        ToIntFunction<P> age = new ToIntFunction<P>() {
            public int applyAsInt(P p) { return p.age; }
        };
        ToDoubleFunction<P> score = new ToDoubleFunction<P>() {
            public double applyAsDouble(P p) { return p.score; }
        };
        ToLongFunction<P> ageL = new ToLongFunction<P>() {
            public long applyAsLong(P p) { return p.age; }
        };
        Function<P, String> name = new Function<P, String>() {
            public String apply(P p) { return p.name; }
        };
        ps.sort(Comparator.comparingInt(age).thenComparingDouble(score).thenComparing(name, Comparator.<String>reverseOrder()));
        System.out.println(ps);
        ps.sort(Comparator.comparingDouble(score).reversed().thenComparingLong(ageL).thenComparing(name));
        System.out.println(ps);
        ps.sort(Comparator.comparing(name).reversed());
        System.out.println(ps);
        ps.sort(Comparator.comparing(name, Comparator.<String>naturalOrder()).thenComparing(Comparator.comparingInt(age)));
        System.out.println(ps);
        Collections.sort(ps, Comparator.comparingLong(ageL).thenComparing(name));
        System.out.println(ps);
        List<String> withNulls = new ArrayList<String>(Arrays.asList("b", null, "a", null, "c"));
        withNulls.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
        System.out.println(withNulls);
        withNulls.sort(Comparator.nullsLast(Comparator.<String>reverseOrder()));
        System.out.println(withNulls);
        withNulls.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()).reversed());
        System.out.println(withNulls);
        System.out.println(Comparator.<Integer>naturalOrder().compare(1, 2) + " " + Comparator.<Integer>reverseOrder().compare(1, 2)
            + " " + Comparator.<Integer>naturalOrder().reversed().compare(1, 2));
        Map<String, Integer> scores = new HashMap<String, Integer>();
        scores.put("x", 3);
        scores.put("y", 1);
        scores.put("z", 2);
        List<Map.Entry<String, Integer>> es = new ArrayList<Map.Entry<String, Integer>>(scores.entrySet());
        es.sort(Map.Entry.<String, Integer>comparingByValue());
        System.out.println(es);
        es.sort(Map.Entry.<String, Integer>comparingByKey(Comparator.<String>reverseOrder()));
        System.out.println(es);

        // Map default methods on the three maps
        List<Map<String, Integer>> maps = new ArrayList<Map<String, Integer>>();
        maps.add(new HashMap<String, Integer>());
        maps.add(new TreeMap<String, Integer>());
        maps.add(new LinkedHashMap<String, Integer>());
        BiFunction<String, Integer, Integer> plus1 = new BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return v == null ? 1 : v + 1; }
        };
        BiFunction<Integer, Integer, Integer> sum = new BiFunction<Integer, Integer, Integer>() {
            public Integer apply(Integer a, Integer b) { return a + b; }
        };
        BiFunction<String, Integer, Integer> toNull = new BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return null; }
        };
        Function<String, Integer> len = new Function<String, Integer>() {
            public Integer apply(String k) { return k.length(); }
        };
        Function<String, Integer> nullF = new Function<String, Integer>() {
            public Integer apply(String k) { return null; }
        };
        for (Map<String, Integer> m : maps) {
            StringBuilder out = new StringBuilder(m.getClass().getSimpleName()).append(": ");
            m.put("one", 1);
            m.put("nul", null);
            out.append(m.getOrDefault("one", 9)).append(m.getOrDefault("nul", 9)).append(m.getOrDefault("zz", 9)).append(' ');
            out.append(m.putIfAbsent("one", 5)).append(m.putIfAbsent("nul", 6)).append(m.putIfAbsent("two", 2)).append(' ');
            out.append(m.computeIfAbsent("three", len)).append(m.computeIfAbsent("one", len))
                .append(m.computeIfAbsent("none", nullF)).append(m.containsKey("none")).append(' ');
            out.append(m.computeIfPresent("one", plus1)).append(m.computeIfPresent("zz", plus1))
                .append(m.computeIfPresent("two", toNull)).append(m.containsKey("two")).append(' ');
            out.append(m.compute("c", plus1)).append(m.compute("c", plus1)).append(m.compute("c", toNull))
                .append(m.containsKey("c")).append(' ');
            out.append(m.merge("m", 5, sum)).append(m.merge("m", 5, sum)).append(' ');
            out.append(m.replace("m", 1)).append(m.replace("q", 1)).append(m.replace("m", 1, 7))
                .append(m.remove("m", 8)).append(m.remove("m", 7)).append(' ');
            m.replaceAll(new BiFunction<String, Integer, Integer>() {
                public Integer apply(String k, Integer v) { return v == null ? -1 : v * 100; }
            });
            final StringBuilder fe = new StringBuilder();
            m.forEach(new BiConsumer<String, Integer>() {
                public void accept(String k, Integer v) { fe.append(k).append('=').append(v).append(','); }
            });
            out.append(new TreeMap<String, Integer>(m)).append(' ').append(fe.length());
            System.out.println(out);
            try {
                m.merge("k", null, sum);
            } catch (NullPointerException x) {
                System.out.println("NPE merge null");
            }
        }
        HashMap<String, Integer> cme = new HashMap<String, Integer>();
        cme.put("a", 1);
        try {
            cme.computeIfAbsent("b", new Function<String, Integer>() {
                Map<String, Integer> self;
                public Integer apply(String k) { return 2; }
            });
            System.out.println(cme);
        } catch (ConcurrentModificationException x) {
            System.out.println("CME");
        }

        // Collection.removeIf, List.replaceAll/sort, Iterable.forEach, Iterator.forEachRemaining
        List<Integer> nums = new ArrayList<Integer>(Arrays.asList(5, 3, 8, 1, 9, 2));
        nums.removeIf(new Predicate<Integer>() {
            public boolean test(Integer x) { return x % 3 == 0; }
        });
        nums.replaceAll(new UnaryOperator<Integer>() {
            public Integer apply(Integer x) { return x * 10; }
        });
        nums.sort(null);
        System.out.println(nums);
        LinkedList<Integer> ll = new LinkedList<Integer>(nums);
        ll.removeIf(new Predicate<Integer>() {
            public boolean test(Integer x) { return x > 50; }
        });
        ll.replaceAll(new UnaryOperator<Integer>() {
            public Integer apply(Integer x) { return -x; }
        });
        ll.sort(Comparator.<Integer>naturalOrder());
        System.out.println(ll);
        Set<String> hs = new TreeSet<String>(Arrays.asList("q", "w", "e", "r"));
        hs.removeIf(new Predicate<String>() {
            public boolean test(String s) { return s.compareTo("q") > 0; }
        });
        final StringBuilder it = new StringBuilder();
        hs.forEach(new Consumer<String>() {
            public void accept(String s) { it.append(s); }
        });
        Iterator<Integer> iter = nums.iterator();
        iter.next();
        iter.forEachRemaining(new Consumer<Integer>() {
            public void accept(Integer x) { it.append(x); }
        });
        System.out.println(it);
    }
}
