/* java.util.concurrent.atomic.AtomicInteger for vifvm: a VM instance is
 * single-threaded, so plain field accesses are atomic. */
package java.util.concurrent.atomic;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

public class AtomicInteger extends Number implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private volatile int value;

    public AtomicInteger(int initialValue) {
        value = initialValue;
    }

    public AtomicInteger() {}

    public final int get() { return value; }
    public final void set(int newValue) { value = newValue; }
    public final void lazySet(int newValue) { value = newValue; }
    public final int getPlain() { return value; }
    public final void setPlain(int newValue) { value = newValue; }
    public final int getOpaque() { return value; }
    public final void setOpaque(int newValue) { value = newValue; }
    public final int getAcquire() { return value; }
    public final void setRelease(int newValue) { value = newValue; }

    public final int getAndSet(int newValue) {
        int old = value;
        value = newValue;
        return old;
    }

    public final boolean compareAndSet(int expectedValue, int newValue) {
        if (value != expectedValue) return false;
        value = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(int expectedValue, int newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(int expectedValue, int newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final int compareAndExchange(int expectedValue, int newValue) {
        int old = value;
        if (old == expectedValue) value = newValue;
        return old;
    }

    public final int getAndIncrement() { return value++; }
    public final int getAndDecrement() { return value--; }
    public final int getAndAdd(int delta) {
        int old = value;
        value = old + delta;
        return old;
    }
    public final int incrementAndGet() { return ++value; }
    public final int decrementAndGet() { return --value; }
    public final int addAndGet(int delta) { return value += delta; }

    public final int getAndUpdate(IntUnaryOperator updateFunction) {
        int prev = value;
        value = updateFunction.applyAsInt(prev);
        return prev;
    }

    public final int updateAndGet(IntUnaryOperator updateFunction) {
        return value = updateFunction.applyAsInt(value);
    }

    public final int getAndAccumulate(int x, IntBinaryOperator accumulatorFunction) {
        int prev = value;
        value = accumulatorFunction.applyAsInt(prev, x);
        return prev;
    }

    public final int accumulateAndGet(int x, IntBinaryOperator accumulatorFunction) {
        return value = accumulatorFunction.applyAsInt(value, x);
    }

    public String toString() { return Integer.toString(value); }
    public int intValue() { return (int) value; }
    public long longValue() { return (long) value; }
    public float floatValue() { return (float) value; }
    public double doubleValue() { return (double) value; }
}
