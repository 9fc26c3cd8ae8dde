// IntStream, LongStream, DoubleStream (anonymous classes), Arrays.stream,
// String.chars, and the Optional{Int,Long,Double} they return.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class PrimitiveStreams {
    public static void main(String[] args) {
        System.out.println(IntStream.range(0, 10).sum() + " " + IntStream.rangeClosed(1, 100).sum()
            + " " + IntStream.range(5, 5).count() + " " + IntStream.rangeClosed(5, 4).count());
        System.out.println(Arrays.toString(IntStream.range(0, 5).map(new IntUnaryOperator() {
            public int applyAsInt(int x) { return x * x; }
        }).toArray()));
        System.out.println(IntStream.rangeClosed(1, 20).filter(new IntPredicate() {
            public boolean test(int x) { return x % 3 == 0; }
        }).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.of(5, 3, 9, 1, 3, 5).sorted().distinct().mapToObj(new IntFunction<String>() {
            public String apply(int x) { return "<" + x + ">"; }
        }).collect(Collectors.joining()));
        System.out.println(IntStream.of(4, 8, 15, 16, 23, 42).summaryStatistics());
        System.out.println(IntStream.empty().summaryStatistics());
        System.out.println(IntStream.of(4, 8, 15).average() + " " + IntStream.empty().average()
            + " " + IntStream.of(4, 8, 15).max() + " " + IntStream.empty().min());
        System.out.println(IntStream.of(1, 2, 3).reduce(0, new IntBinaryOperator() {
            public int applyAsInt(int a, int b) { return a * 10 + b; }
        }) + " " + IntStream.of(7).reduce(new IntBinaryOperator() {
            public int applyAsInt(int a, int b) { return a + b; }
        }));
        System.out.println(IntStream.iterate(1, new IntUnaryOperator() {
            public int applyAsInt(int x) { return x * 3; }
        }).limit(6).asLongStream().sum());
        System.out.println(IntStream.of(1, 2, 3).asDoubleStream().map(new DoubleUnaryOperator() {
            public double applyAsDouble(double d) { return d / 4; }
        }).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.range(0, 4).flatMap(new IntFunction<IntStream>() {
            public IntStream apply(int x) { return IntStream.range(0, x); }
        }).boxed().collect(Collectors.toList()));
        final int[] gen = {100};
        System.out.println(IntStream.generate(new IntSupplier() {
            public int getAsInt() { return gen[0]--; }
        }).skip(2).limit(3).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.range(0, 1000).anyMatch(new IntPredicate() {
            public boolean test(int x) { return x > 990; }
        }) + " " + IntStream.range(0, 5).allMatch(new IntPredicate() {
            public boolean test(int x) { return x < 5; }
        }) + " " + IntStream.range(0, 5).noneMatch(new IntPredicate() {
            public boolean test(int x) { return x == 3; }
        }) + " " + IntStream.range(3, 9).findFirst() + " " + IntStream.empty().findAny());
        IntStream.range(0, 5).peek(new IntConsumer() {
            public void accept(int x) { System.out.print("peek" + x + " "); }
        }).filter(new IntPredicate() {
            public boolean test(int x) { return x >= 2; }
        }).limit(2).forEach(new IntConsumer() {
            public void accept(int x) { System.out.print("got" + x + " "); }
        });
        System.out.println();
        PrimitiveIterator.OfInt it = IntStream.rangeClosed(7, 9).iterator();
        while (it.hasNext()) System.out.print(it.nextInt() + ";");
        System.out.println();
        ArrayList<Integer> coll = IntStream.range(0, 4).collect(new Supplier<ArrayList<Integer>>() {
            public ArrayList<Integer> get() { return new ArrayList<Integer>(); }
        }, new ObjIntConsumer<ArrayList<Integer>>() {
            public void accept(ArrayList<Integer> l, int v) { l.add(v * 2); }
        }, new BiConsumer<ArrayList<Integer>, ArrayList<Integer>>() {
            public void accept(ArrayList<Integer> a, ArrayList<Integer> b) { a.addAll(b); }
        });
        System.out.println(coll);
        System.out.println(IntStream.range(Integer.MAX_VALUE - 2, Integer.MAX_VALUE).count() + " "
            + IntStream.rangeClosed(Integer.MAX_VALUE - 2, Integer.MAX_VALUE).boxed().collect(Collectors.toList()));

        // LongStream
        System.out.println(LongStream.rangeClosed(1, 20).reduce(1, new LongBinaryOperator() {
            public long applyAsLong(long a, long b) { return a * b; }
        }));
        System.out.println(LongStream.range(0, 1000000).sum() + " " + LongStream.of(5, -2, 9).summaryStatistics());
        System.out.println(LongStream.rangeClosed(Long.MAX_VALUE - 1, Long.MAX_VALUE).count() + " "
            + LongStream.of(3, 1, 2).sorted().boxed().collect(Collectors.toList()) + " "
            + LongStream.of(1, 2).mapToInt(new LongToIntFunction() {
                public int applyAsInt(long v) { return (int) v * 7; }
            }).sum() + " " + LongStream.of(10, 20).average() + " " + LongStream.empty().max());
        System.out.println(LongStream.iterate(1, new LongUnaryOperator() {
            public long applyAsLong(long x) { return x * 10; }
        }).limit(19).max() + " " + LongStream.of(4, 4, 5).distinct().count());

        // DoubleStream: compensated summation as the JDK's
        double[] ds = {0.1, 0.2, 0.3, 1e16, 1.0, -1e16, 0.7};
        System.out.println(DoubleStream.of(ds).sum() + " " + DoubleStream.of(ds).average());
        System.out.println(DoubleStream.of(0.1, 0.2, 0.3).sum() + " " + DoubleStream.of(0.1, 0.2, 0.3).average());
        System.out.println(DoubleStream.of(ds).summaryStatistics());
        System.out.println(DoubleStream.of(1.5, Double.NaN).max() + " " + DoubleStream.of(-0.0, 0.0).min()
            + " " + DoubleStream.of(3.5, -1.0, 2.25).sorted().boxed().collect(Collectors.toList()));
        System.out.println(DoubleStream.of(Double.POSITIVE_INFINITY, 1.0).sum() + " "
            + DoubleStream.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).sum());
        System.out.println(DoubleStream.of(2.5, 3.7).mapToInt(new DoubleToIntFunction() {
            public int applyAsInt(double d) { return (int) d; }
        }).sum() + " " + DoubleStream.of(2.5, 3.7).mapToLong(new DoubleToLongFunction() {
            public long applyAsLong(double d) { return Math.round(d); }
        }).sum() + " " + DoubleStream.empty().average());

        // Arrays.stream and String.chars
        int[] nums = {9, 8, 7, 6, 5};
        System.out.println(Arrays.stream(nums).sum() + " " + Arrays.stream(nums, 1, 3).sum() + " "
            + Arrays.stream(new long[] {1L << 40, 1}).sum() + " " + Arrays.stream(new double[] {0.5, 0.25}).sum());
        try {
            Arrays.stream(nums, 3, 2);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        try {
            Arrays.stream(nums, 0, 6);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        System.out.println("hello world".chars().filter(new IntPredicate() {
            public boolean test(int c) { return c == 'o' || c == 'l'; }
        }).count() + " " + "abc".chars().sum() + " " + "héllo".chars().max().getAsInt());
        System.out.println(new StringBuilder("xyz").chars().boxed().collect(Collectors.toList()));
        System.out.println("a\uD83D\uDE00b".codePoints().boxed().collect(Collectors.toList()) + " "
            + "a\uD83D\uDE00b".chars().count());

        // Optional{Int,Long,Double}
        OptionalInt oi = OptionalInt.of(42);
        System.out.println(oi + " " + oi.getAsInt() + " " + oi.isPresent() + " " + oi.orElse(1) + " "
            + OptionalInt.empty().orElse(1) + " " + oi.equals(OptionalInt.of(42)) + " " + oi.hashCode()
            + " " + OptionalInt.empty().hashCode());
        oi.ifPresent(new IntConsumer() {
            public void accept(int v) { System.out.println("present " + v); }
        });
        System.out.println(OptionalLong.of(-5) + " " + OptionalLong.empty() + " " + OptionalLong.of(7).getAsLong()
            + " " + OptionalLong.empty().orElseGet(new LongSupplier() {
                public long getAsLong() { return 99; }
            }));
        System.out.println(OptionalDouble.of(2.5) + " " + OptionalDouble.empty() + " "
            + OptionalDouble.of(Double.NaN).equals(OptionalDouble.of(Double.NaN)) + " "
            + OptionalDouble.of(0.0).equals(OptionalDouble.of(-0.0)));
        try {
            OptionalInt.empty().getAsInt();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE " + e.getMessage());
        }
        try {
            OptionalDouble.empty().orElseThrow(new Supplier<IllegalStateException>() {
                public IllegalStateException get() { return new IllegalStateException("nothing"); }
            });
        } catch (IllegalStateException e) {
            System.out.println("ISE " + e.getMessage());
        }
    }
}
