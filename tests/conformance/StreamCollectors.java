// Collectors written with anonymous classes: grouping, partitioning,
// maps (with the JDK's duplicate-key message), joining, statistics.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamCollectors {
    static final class City {
        final String name, country;
        final int people;

        City(String name, String country, int people) {
            this.name = name;
            this.country = country;
            this.people = people;
        }

        public String toString() { return name; }
    }

    static final Function<City, String> COUNTRY = new Function<City, String>() {
        public String apply(City c) { return c.country; }
    };
    static final Function<City, String> NAME = new Function<City, String>() {
        public String apply(City c) { return c.name; }
    };
    static final ToIntFunction<City> PEOPLE = new ToIntFunction<City>() {
        public int applyAsInt(City c) { return c.people; }
    };
    static final Function<String, Integer> LENGTH = new Function<String, Integer>() {
        public Integer apply(String s) { return s.length(); }
    };

    static <K, V> Supplier<TreeMap<K, V>> treeMap() {
        return new Supplier<TreeMap<K, V>>() {
            public TreeMap<K, V> get() { return new TreeMap<K, V>(); }
        };
    }

    public static void main(String[] args) {
        List<City> cities = Arrays.asList(
            new City("Lyon", "FR", 516), new City("Paris", "FR", 2161), new City("Nice", "FR", 342),
            new City("Porto", "PT", 232), new City("Lisbon", "PT", 545), new City("Bonn", "DE", 330),
            new City("Berlin", "DE", 3645), new City("Hamburg", "DE", 1841), new City("Cork", "IE", 210));
        List<String> words = Arrays.asList("delta", "alpha", "charlie", "bravo", "echo", "alpha", "foxtrot", "golf");

        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY)));
        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY, Collectors.counting())));
        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY, new Supplier<TreeMap<String, Integer>>() {
            public TreeMap<String, Integer> get() { return new TreeMap<String, Integer>(); }
        }, Collectors.summingInt(PEOPLE))));
        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY, StreamCollectors.<String, String>treeMap(),
            Collectors.mapping(NAME, Collectors.joining("/")))));
        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY,
            Collectors.averagingInt(PEOPLE))));
        System.out.println(cities.stream().collect(Collectors.groupingBy(COUNTRY,
            Collectors.maxBy(Comparator.comparingInt(PEOPLE)))));
        System.out.println(words.stream().collect(Collectors.groupingBy(LENGTH, Collectors.toSet())));
        System.out.println(words.stream().collect(Collectors.groupingBy(LENGTH, new Supplier<LinkedHashMap<Integer, List<String>>>() {
            public LinkedHashMap<Integer, List<String>> get() { return new LinkedHashMap<Integer, List<String>>(); }
        }, Collectors.<String>toList())));
        try {
            words.stream().collect(Collectors.groupingBy(new Function<String, String>() {
                public String apply(String s) { return s.startsWith("a") ? null : s; }
            }));
        } catch (NullPointerException e) {
            System.out.println("NPE: " + e.getMessage());
        }

        Map<Boolean, List<City>> big = cities.stream().collect(Collectors.partitioningBy(new Predicate<City>() {
            public boolean test(City c) { return c.people > 1000; }
        }));
        System.out.println(big + " " + big.get(true) + " " + big.get("x") + " " + big.containsKey(false) + " " + big.size());
        System.out.println(words.stream().collect(Collectors.partitioningBy(new Predicate<String>() {
            public boolean test(String s) { return s.length() > 4; }
        }, Collectors.counting())));

        System.out.println(cities.stream().collect(Collectors.toMap(NAME, new Function<City, Integer>() {
            public Integer apply(City c) { return c.people; }
        })).get("Paris"));
        try {
            words.stream().collect(Collectors.toMap(Function.<String>identity(), LENGTH));
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        System.out.println(words.stream().collect(Collectors.toMap(Function.<String>identity(), LENGTH,
            new BinaryOperator<Integer>() {
                public Integer apply(Integer a, Integer b) { return a + b; }
            })).get("alpha"));
        System.out.println(cities.stream().collect(Collectors.toMap(COUNTRY, NAME, new BinaryOperator<String>() {
            public String apply(String a, String b) { return a + "+" + b; }
        }, StreamCollectors.<String, String>treeMap())));
        try {
            Stream.of("a").collect(Collectors.toMap(Function.<String>identity(), new Function<String, String>() {
                public String apply(String s) { return null; }
            }));
        } catch (NullPointerException e) {
            System.out.println("NPE for a null value");
        }

        System.out.println(words.stream().collect(Collectors.joining()));
        System.out.println(words.stream().collect(Collectors.joining(", ")));
        System.out.println(words.stream().collect(Collectors.joining(", ", "{", "}")));
        System.out.println(Stream.<String>empty().collect(Collectors.joining(", ", "{", "}")));

        System.out.println(words.stream().collect(Collectors.counting()));
        System.out.println(cities.stream().collect(Collectors.summingInt(PEOPLE)));
        System.out.println(cities.stream().collect(Collectors.summingLong(new ToLongFunction<City>() {
            public long applyAsLong(City c) { return c.people * 1000000L; }
        })));
        ToDoubleFunction<City> tenth = new ToDoubleFunction<City>() {
            public double applyAsDouble(City c) { return c.people / 10.0; }
        };
        System.out.println(cities.stream().collect(Collectors.summingDouble(tenth)));
        System.out.println(cities.stream().collect(Collectors.averagingDouble(tenth)));
        System.out.println(cities.stream().collect(Collectors.averagingLong(new ToLongFunction<City>() {
            public long applyAsLong(City c) { return c.people; }
        })));
        System.out.println(Stream.<City>empty().collect(Collectors.averagingInt(PEOPLE)));
        System.out.println(cities.stream().collect(Collectors.summarizingInt(PEOPLE)));
        System.out.println(cities.stream().collect(Collectors.summarizingDouble(tenth)));
        System.out.println(cities.stream().collect(Collectors.summarizingLong(new ToLongFunction<City>() {
            public long applyAsLong(City c) { return c.people; }
        })));

        Comparator<String> natural = Comparator.naturalOrder();
        System.out.println(words.stream().collect(Collectors.minBy(natural)) + " "
            + words.stream().collect(Collectors.maxBy(natural)) + " "
            + Stream.<String>empty().collect(Collectors.maxBy(natural)));
        BinaryOperator<Integer> sum = new BinaryOperator<Integer>() {
            public Integer apply(Integer a, Integer b) { return a + b; }
        };
        System.out.println(Stream.of(1, 2, 3).collect(Collectors.reducing(sum)) + " "
            + Stream.of(1, 2, 3).collect(Collectors.reducing(10, sum)) + " "
            + words.stream().collect(Collectors.reducing(0, LENGTH, sum)));

        System.out.println(words.stream().collect(Collectors.toCollection(new Supplier<TreeSet<String>>() {
            public TreeSet<String> get() { return new TreeSet<String>(); }
        })));
        List<String> unmod = words.stream().collect(Collectors.collectingAndThen(Collectors.<String>toList(),
            new Function<List<String>, List<String>>() {
                public List<String> apply(List<String> l) { return Collections.unmodifiableList(l); }
            }));
        try {
            unmod.add("x");
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE " + unmod.size());
        }
        System.out.println(words.stream().collect(Collectors.toSet()).size());
        System.out.println(words.stream().collect(Collectors.toList()).getClass().getName());

        // a Collector made with Collector.of
        Collector<String, StringBuilder, String> initials = Collector.of(new Supplier<StringBuilder>() {
            public StringBuilder get() { return new StringBuilder(); }
        }, new BiConsumer<StringBuilder, String>() {
            public void accept(StringBuilder b, String s) { b.append(Character.toUpperCase(s.charAt(0))); }
        }, new BinaryOperator<StringBuilder>() {
            public StringBuilder apply(StringBuilder a, StringBuilder b) { return a.append(b); }
        }, new Function<StringBuilder, String>() {
            public String apply(StringBuilder b) { return b.toString(); }
        });
        System.out.println(words.stream().collect(initials) + " " + initials.characteristics());
        Collector<String, List<String>, List<String>> c2 = Collector.of(new Supplier<List<String>>() {
            public List<String> get() { return new ArrayList<String>(); }
        }, new BiConsumer<List<String>, String>() {
            public void accept(List<String> l, String s) { l.add(s); }
        }, new BinaryOperator<List<String>>() {
            public List<String> apply(List<String> a, List<String> b) { a.addAll(b); return a; }
        }, Collector.Characteristics.UNORDERED);
        System.out.println(words.stream().limit(2).collect(c2) + " " + c2.characteristics().size());
    }
}
