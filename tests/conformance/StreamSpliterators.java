// Spliterators as the bridge between user code and streams:
// StreamSupport.stream over Iterable.spliterator(), a custom
// AbstractSpliterator, BaseStream.spliterator(), Spliterators.iterator.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamSpliterators {
    /* an Iterable that is not a Collection */
    static final class Countdown implements Iterable<Integer> {
        final int from;

        Countdown(int from) { this.from = from; }

        public Iterator<Integer> iterator() {
            return new Iterator<Integer>() {
                int n = from;
                public boolean hasNext() { return n > 0; }
                public Integer next() { return n--; }
            };
        }
    }

    static final class Fib extends Spliterators.AbstractSpliterator<Long> {
        long a = 0, b = 1;

        Fib() { super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL); }

        public boolean tryAdvance(Consumer<? super Long> action) {
            action.accept(a);
            long t = a + b;
            a = b;
            b = t;
            return true;
        }
    }

    public static void main(String[] args) {
        Countdown cd = new Countdown(6);
        System.out.println(StreamSupport.stream(cd.spliterator(), false).map(new Function<Integer, String>() {
            public String apply(Integer x) { return "#" + x; }
        }).collect(Collectors.joining(" ")));
        Spliterator<Integer> sp = cd.spliterator();
        System.out.println(sp.estimateSize() + " " + sp.getExactSizeIfKnown() + " " + sp.hasCharacteristics(Spliterator.SIZED));
        System.out.println(StreamSupport.stream(new Fib(), false).limit(12).collect(Collectors.toList()));
        System.out.println(StreamSupport.stream(new Fib(), false).filter(new Predicate<Long>() {
            public boolean test(Long x) { return x > 1000; }
        }).findFirst().get());

        List<String> list = new ArrayList<String>(Arrays.asList("x", "y", "z"));
        Spliterator<String> ls = list.spliterator();
        System.out.println(ls.estimateSize() + " " + ls.getExactSizeIfKnown() + " " + ls.hasCharacteristics(Spliterator.SIZED));
        ls.tryAdvance(new Consumer<String>() {
            public void accept(String s) { System.out.println("first " + s); }
        });
        ls.forEachRemaining(new Consumer<String>() {
            public void accept(String s) { System.out.println("rest " + s); }
        });
        System.out.println(StreamSupport.stream(list.spliterator(), false).count());
        Iterator<String> it = Spliterators.iterator(Arrays.asList("p", "q").spliterator());
        while (it.hasNext()) System.out.print(it.next());
        System.out.println();

        Spliterator<Integer> ssp = Stream.of(5, 6, 7).map(new Function<Integer, Integer>() {
            public Integer apply(Integer x) { return x * 10; }
        }).spliterator();
        System.out.println(ssp.getExactSizeIfKnown());
        ssp.forEachRemaining(new Consumer<Integer>() {
            public void accept(Integer x) { System.out.print(x + " "); }
        });
        System.out.println();
        Spliterator.OfInt isp = IntStream.range(0, 4).spliterator();
        isp.tryAdvance(new IntConsumer() {
            public void accept(int v) { System.out.print("int " + v + "; "); }
        });
        isp.forEachRemaining(new IntConsumer() {
            public void accept(int v) { System.out.print(v + " "); }
        });
        System.out.println();
        System.out.println(StreamSupport.intStream(IntStream.of(3, 4).spliterator(), false).sum());
        Spliterator<Object> arr = Spliterators.spliterator(new Object[] {"a", 1, 'c'}, Spliterator.ORDERED);
        System.out.println(arr.estimateSize() + " " + arr.hasCharacteristics(Spliterator.ORDERED | Spliterator.SIZED)
            + " " + Spliterators.emptySpliterator().estimateSize());
    }
}
