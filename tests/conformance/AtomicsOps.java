// java.util.concurrent.atomic on one thread: the scalar atomics, the array
// forms, LongAdder and LongAccumulator.
import java.util.concurrent.atomic.*;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

public class AtomicsOps {
    public static void main(String[] args) {
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println(ai.getAndIncrement() + " " + ai.incrementAndGet() + " " + ai.getAndAdd(10) + " " + ai.addAndGet(-3)
            + " " + ai.compareAndSet(14, 0) + " " + ai.compareAndSet(0, 1) + " " + ai.getAndSet(42) + " " + ai);
        System.out.println(ai.updateAndGet(new IntUnaryOperator() {
            public int applyAsInt(int x) { return x * 2; }
        }) + " " + ai.accumulateAndGet(6, new IntBinaryOperator() {
            public int applyAsInt(int a, int b) { return a % b; }
        }) + " " + ai.intValue() + " " + ai.doubleValue() + " " + ai.decrementAndGet() + " " + ai.getAndDecrement());
        AtomicLong al = new AtomicLong(Long.MAX_VALUE);
        System.out.println(al.incrementAndGet() + " " + al.getAndUpdate(new LongUnaryOperator() {
            public long applyAsLong(long x) { return -x / 2; }
        }) + " " + al + " " + al.longValue());
        AtomicBoolean ab = new AtomicBoolean();
        System.out.println(ab.get() + " " + ab.compareAndSet(false, true) + " " + ab.getAndSet(false) + " " + ab);
        AtomicReference<String> ar = new AtomicReference<String>("a");
        System.out.println(ar.getAndUpdate(new UnaryOperator<String>() {
            public String apply(String s) { return s + "b"; }
        }) + " " + ar.get() + " " + ar.compareAndSet("zz", "c") + " " + ar);

        AtomicIntegerArray aia = new AtomicIntegerArray(new int[] { 1, 2, 3 });
        aia.incrementAndGet(0);
        aia.addAndGet(2, 10);
        System.out.println(aia + " " + aia.length() + " " + aia.getAndSet(1, 7) + " " + aia.compareAndSet(1, 7, 8)
            + " " + aia.accumulateAndGet(0, 5, new IntBinaryOperator() {
                public int applyAsInt(int a, int b) { return a * b; }
            }) + " " + aia);
        try {
            aia.get(3);
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        AtomicLongArray ala = new AtomicLongArray(2);
        ala.set(1, 1L << 40);
        System.out.println(ala + " " + ala.getAndIncrement(1) + " " + ala.decrementAndGet(0) + " " + new AtomicLongArray(0));
        AtomicReferenceArray<String> ara = new AtomicReferenceArray<String>(new String[] { "x", null });
        System.out.println(ara + " " + ara.compareAndSet(1, null, "y") + " " + ara.get(1) + " " + ara.length());

        LongAdder adder = new LongAdder();
        for (int i = 0; i < 1000; i++) adder.increment();
        adder.add(-10);
        adder.decrement();
        System.out.println(adder + " " + adder.sum() + " " + adder.intValue() + " " + adder.sumThenReset() + " " + adder.sum());
        LongAccumulator max = new LongAccumulator(new LongBinaryOperator() {
            public long applyAsLong(long a, long b) { return Math.max(a, b); }
        }, Long.MIN_VALUE);
        for (long v : new long[] { 3, -9, 17, 4 }) max.accumulate(v);
        System.out.println(max.get() + " " + max + " " + max.getThenReset() + " " + max.get());
    }
}
