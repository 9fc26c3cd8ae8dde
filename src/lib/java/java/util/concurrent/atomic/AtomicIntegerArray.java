/* java.util.concurrent.atomic.AtomicIntegerArray for vifvm: a VM instance
 * has one thread, so every operation is a plain array access. */
package java.util.concurrent.atomic;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

public class AtomicIntegerArray implements java.io.Serializable {
    private static final long serialVersionUID = 2862133569453604235L;
    private final int[] array;

    public AtomicIntegerArray(int length) {
        array = new int[length];
    }

    public AtomicIntegerArray(int[] array) {
        this.array = array.clone();
    }

    public final int length() { return array.length; }
    public final int get(int i) { return array[i]; }
    public final void set(int i, int newValue) { array[i] = newValue; }
    public final void lazySet(int i, int newValue) { array[i] = newValue; }
    public final int getPlain(int i) { return array[i]; }
    public final void setPlain(int i, int newValue) { array[i] = newValue; }
    public final int getOpaque(int i) { return array[i]; }
    public final void setOpaque(int i, int newValue) { array[i] = newValue; }
    public final int getAcquire(int i) { return array[i]; }
    public final void setRelease(int i, int newValue) { array[i] = newValue; }

    public final int getAndSet(int i, int newValue) {
        int old = array[i];
        array[i] = newValue;
        return old;
    }

    public final boolean compareAndSet(int i, int expectedValue, int newValue) {
        if (array[i] != expectedValue) return false;
        array[i] = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(int i, int expectedValue, int newValue) {
        return compareAndSet(i, expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(int i, int expectedValue, int newValue) {
        return compareAndSet(i, expectedValue, newValue);
    }

    public final int compareAndExchange(int i, int expectedValue, int newValue) {
        int old = array[i];
        if (old == expectedValue) array[i] = newValue;
        return old;
    }

    public final int getAndIncrement(int i) { return array[i]++; }
    public final int getAndDecrement(int i) { return array[i]--; }

    public final int getAndAdd(int i, int delta) {
        int old = array[i];
        array[i] = old + delta;
        return old;
    }

    public final int incrementAndGet(int i) { return ++array[i]; }
    public final int decrementAndGet(int i) { return --array[i]; }
    public final int addAndGet(int i, int delta) { return array[i] += delta; }

    public final int getAndUpdate(int i, IntUnaryOperator updateFunction) {
        int prev = array[i];
        array[i] = updateFunction.applyAsInt(prev);
        return prev;
    }

    public final int updateAndGet(int i, IntUnaryOperator updateFunction) {
        return array[i] = updateFunction.applyAsInt(array[i]);
    }

    public final int getAndAccumulate(int i, int x, IntBinaryOperator accumulatorFunction) {
        int prev = array[i];
        array[i] = accumulatorFunction.applyAsInt(prev, x);
        return prev;
    }

    public final int accumulateAndGet(int i, int x, IntBinaryOperator accumulatorFunction) {
        return array[i] = accumulatorFunction.applyAsInt(array[i], x);
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
