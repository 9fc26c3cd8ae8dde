// conformance: min-release 17
// The Java 9-17 additions to streams, collectors, Optional and
// java.util.function, written with anonymous classes.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamsModern {
    static <K, V> Supplier<TreeMap<K, V>> treeMap() {
        return new Supplier<TreeMap<K, V>>() {
            public TreeMap<K, V> get() { return new TreeMap<K, V>(); }
        };
    }

    public static void main(String[] args) {
        Predicate<Integer> small = new Predicate<Integer>() {
            public boolean test(Integer x) { return x < 5; }
        };
        List<Integer> data = List.of(1, 3, 7, 2, 9, 4);
        System.out.println(data.stream().takeWhile(small).collect(Collectors.toList()) + " "
            + data.stream().dropWhile(small).collect(Collectors.toList()));
        // takeWhile stops pulling after the first failing element
        Stream.iterate(1, new UnaryOperator<Integer>() {
            public Integer apply(Integer x) { return x + 2; }
        }).peek(new Consumer<Integer>() {
            public void accept(Integer x) { System.out.print("saw" + x + " "); }
        }).takeWhile(small).forEach(new Consumer<Integer>() {
            public void accept(Integer x) { System.out.print("took" + x + " "); }
        });
        System.out.println();
        System.out.println(Stream.iterate(1, small, new UnaryOperator<Integer>() {
            public Integer apply(Integer x) { return x * 2; }
        }).collect(Collectors.toList()));
        System.out.println(IntStream.iterate(0, new IntPredicate() {
            public boolean test(int x) { return x < 20; }
        }, new IntUnaryOperator() {
            public int applyAsInt(int x) { return x + 6; }
        }).boxed().toList());
        System.out.println(IntStream.rangeClosed(1, 9).takeWhile(new IntPredicate() {
            public boolean test(int x) { return x * x < 30; }
        }).sum() + " " + LongStream.rangeClosed(1, 9).dropWhile(new LongPredicate() {
            public boolean test(long x) { return x < 8; }
        }).sum());
        List<String> tl = Stream.of("a", null, "c").toList();
        System.out.println(tl + " " + tl.contains(null));
        try {
            tl.add("d");
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE from toList");
        }
        System.out.println(Stream.ofNullable(null).count() + " " + Stream.ofNullable("x").count());
        System.out.println(Stream.of(1, 2, 3).<String>mapMulti(new BiConsumer<Integer, Consumer<String>>() {
            public void accept(Integer x, Consumer<String> sink) {
                for (int i = 0; i < x; i++) sink.accept(x + ":" + i);
            }
        }).collect(Collectors.joining(",")));
        System.out.println(Stream.of("ab", "cde").mapMultiToInt(new BiConsumer<String, IntConsumer>() {
            public void accept(String s, IntConsumer sink) {
                for (char ch : s.toCharArray()) sink.accept(ch);
            }
        }).sum());

        // Collectors since 9
        List<String> words = List.of("apple", "avocado", "banana", "blueberry", "cherry", "apricot");
        Function<String, Character> first = new Function<String, Character>() {
            public Character apply(String s) { return s.charAt(0); }
        };
        System.out.println(words.stream().collect(Collectors.groupingBy(first, StreamsModern.<Character, List<String>>treeMap(),
            Collectors.filtering(new Predicate<String>() {
                public boolean test(String s) { return s.length() > 5; }
            }, Collectors.toList()))));
        System.out.println(words.stream().collect(Collectors.groupingBy(first, StreamsModern.<Character, TreeSet<Character>>treeMap(),
            Collectors.flatMapping(new Function<String, Stream<Character>>() {
                public Stream<Character> apply(String s) {
                    return s.chars().mapToObj(new IntFunction<Character>() {
                        public Character apply(int c) { return (char) c; }
                    });
                }
            }, Collectors.toCollection(new Supplier<TreeSet<Character>>() {
                public TreeSet<Character> get() { return new TreeSet<Character>(); }
            })))));
        System.out.println(words.stream().collect(Collectors.teeing(Collectors.counting(),
            Collectors.joining("+"), new BiFunction<Long, String, String>() {
                public String apply(Long n, String s) { return n + " words: " + s; }
            })));
        List<String> ul = words.stream().collect(Collectors.toUnmodifiableList());
        try {
            ul.set(0, "x");
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE unmodifiable list " + ul.size());
        }
        try {
            Stream.of("a", null).collect(Collectors.toUnmodifiableList());
        } catch (NullPointerException e) {
            System.out.println("NPE toUnmodifiableList");
        }
        System.out.println(new TreeSet<String>(words.stream().collect(Collectors.toUnmodifiableSet())));
        Map<Character, Integer> um = words.stream().collect(Collectors.toUnmodifiableMap(first,
            new Function<String, Integer>() {
                public Integer apply(String s) { return s.length(); }
            }, new BinaryOperator<Integer>() {
                public Integer apply(Integer a, Integer b) { return Math.max(a, b); }
            }));
        System.out.println(new TreeMap<Character, Integer>(um));
        try {
            um.put('z', 1);
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE unmodifiable map");
        }

        // Optional since 9/10/11, Predicate.not, String.lines
        Optional<String> e = Optional.empty();
        System.out.println(e.isEmpty() + " " + e.or(new Supplier<Optional<String>>() {
            public Optional<String> get() { return Optional.of("alt"); }
        }) + " " + Optional.of("v").stream().count() + " " + e.stream().count());
        Optional.of("here").ifPresentOrElse(new Consumer<String>() {
            public void accept(String s) { System.out.println("present " + s); }
        }, new Runnable() {
            public void run() { System.out.println("absent"); }
        });
        e.ifPresentOrElse(new Consumer<String>() {
            public void accept(String s) { System.out.println("present " + s); }
        }, new Runnable() {
            public void run() { System.out.println("absent"); }
        });
        try {
            e.orElseThrow();
        } catch (NoSuchElementException x) {
            System.out.println("NSEE " + x.getMessage());
        }
        System.out.println(OptionalInt.of(3).stream().sum() + " " + OptionalLong.empty().isEmpty());
        System.out.println(words.stream().filter(Predicate.not(new Predicate<String>() {
            public boolean test(String s) { return s.startsWith("a"); }
        })).toList());
        System.out.println("one\ntwo\r\nthree\rfour\n".lines().map(new Function<String, String>() {
            public String apply(String s) { return "[" + s + "]"; }
        }).collect(Collectors.joining()) + " " + "".lines().count() + " " + "\n\n".lines().count());
    }
}
