/* java.util.concurrent.atomic.AtomicLongArray for vifvm: a VM instance
 * has one thread, so every operation is a plain array access. */
package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

public class AtomicLongArray implements java.io.Serializable {
    private static final long serialVersionUID = -2308431214976778248L;
    private final long[] array;

    public AtomicLongArray(int length) {
        array = new long[length];
    }

    public AtomicLongArray(long[] array) {
        this.array = array.clone();
    }

    public final int length() { return array.length; }
    public final long get(int i) { return array[i]; }
    public final void set(int i, long newValue) { array[i] = newValue; }
    public final void lazySet(int i, long newValue) { array[i] = newValue; }
    public final long getPlain(int i) { return array[i]; }
    public final void setPlain(int i, long newValue) { array[i] = newValue; }
    public final long getOpaque(int i) { return array[i]; }
    public final void setOpaque(int i, long newValue) { array[i] = newValue; }
    public final long getAcquire(int i) { return array[i]; }
    public final void setRelease(int i, long newValue) { array[i] = newValue; }

    public final long getAndSet(int i, long newValue) {
        long old = array[i];
        array[i] = newValue;
        return old;
    }

    public final boolean compareAndSet(int i, long expectedValue, long newValue) {
        if (array[i] != expectedValue) return false;
        array[i] = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(int i, long expectedValue, long newValue) {
        return compareAndSet(i, expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(int i, long expectedValue, long newValue) {
        return compareAndSet(i, expectedValue, newValue);
    }

    public final long compareAndExchange(int i, long expectedValue, long newValue) {
        long old = array[i];
        if (old == expectedValue) array[i] = newValue;
        return old;
    }

    public final long getAndIncrement(int i) { return array[i]++; }
    public final long getAndDecrement(int i) { return array[i]--; }

    public final long getAndAdd(int i, long delta) {
        long old = array[i];
        array[i] = old + delta;
        return old;
    }

    public final long incrementAndGet(int i) { return ++array[i]; }
    public final long decrementAndGet(int i) { return --array[i]; }
    public final long addAndGet(int i, long delta) { return array[i] += delta; }

    public final long getAndUpdate(int i, LongUnaryOperator updateFunction) {
        long prev = array[i];
        array[i] = updateFunction.applyAsLong(prev);
        return prev;
    }

    public final long updateAndGet(int i, LongUnaryOperator updateFunction) {
        return array[i] = updateFunction.applyAsLong(array[i]);
    }

    public final long getAndAccumulate(int i, long x, LongBinaryOperator accumulatorFunction) {
        long prev = array[i];
        array[i] = accumulatorFunction.applyAsLong(prev, x);
        return prev;
    }

    public final long accumulateAndGet(int i, long x, LongBinaryOperator accumulatorFunction) {
        return array[i] = accumulatorFunction.applyAsLong(array[i], x);
    }

    public String toString() {
        int iMax = array.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; ; i++) {
            b.append(array[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(',').append(' ');
        }
    }
}
