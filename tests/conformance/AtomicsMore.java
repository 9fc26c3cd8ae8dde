// java.util.concurrent.atomic's less common classes on one thread:
// DoubleAdder, DoubleAccumulator, AtomicStampedReference (the ABA guard),
// AtomicMarkableReference.
import java.util.concurrent.atomic.*;

public class AtomicsMore {
    public static void main(String[] args) {
        DoubleAdder da = new DoubleAdder();
        for (int i = 1; i <= 10; i++) da.add(i * 0.1);
        System.out.println(da + " " + da.sum() + " " + da.intValue() + " " + da.longValue() + " " + da.floatValue());
        System.out.println(da.sumThenReset() + " " + da.sum());
        DoubleAccumulator max = new DoubleAccumulator(Math::max, Double.NEGATIVE_INFINITY);
        System.out.println(max.get());
        for (double d : new double[] {3.5, -1, 7.25, 2}) max.accumulate(d);
        System.out.println(max + " " + max.intValue() + " " + max.getThenReset() + " " + max.get());
        DoubleAccumulator prod = new DoubleAccumulator((a, b) -> a * b, 1.0);
        prod.accumulate(2.5); prod.accumulate(4);
        System.out.println(prod.doubleValue());

        String a = "A", b = "B";
        AtomicStampedReference<String> sr = new AtomicStampedReference<>(a, 0);
        int[] holder = new int[1];
        System.out.println(sr.getReference() + " " + sr.getStamp() + " " + sr.get(holder) + holder[0]);
        System.out.println(sr.compareAndSet(a, b, 0, 1) + " " + sr.getReference() + sr.getStamp());
        System.out.println(sr.compareAndSet(b, a, 1, 2) + " " + sr.getReference() + sr.getStamp());
        System.out.println("ABA caught: " + !sr.compareAndSet(a, b, 0, 1) + " " + sr.getReference() + sr.getStamp());
        System.out.println(sr.compareAndSet(new String("A"), b, 2, 3) + " " + sr.attemptStamp(a, 9) + sr.getStamp() + " " + sr.weakCompareAndSet(a, null, 9, 10) + sr.getReference());
        sr.set("C", 42);
        System.out.println(sr.getReference() + sr.getStamp());

        AtomicMarkableReference<Integer> mr = new AtomicMarkableReference<>(null, false);
        boolean[] mh = new boolean[1];
        System.out.println(mr.getReference() + " " + mr.isMarked() + " " + mr.get(mh) + mh[0]);
        Integer one = 1000;
        System.out.println(mr.compareAndSet(null, one, false, true) + " " + mr.getReference() + mr.isMarked());
        System.out.println(mr.compareAndSet(one, 5, false, false) + " " + mr.attemptMark(one, false) + mr.isMarked() + " " + mr.weakCompareAndSet(one, 7, false, true) + mr.getReference() + mr.isMarked());
        mr.set(null, false);
        System.out.println(mr.getReference() + " " + mr.isMarked());
    }
}
