/* java.util.concurrent.atomic.AtomicLong for vifvm: a VM instance is
 * single-threaded, so plain field accesses are atomic. */
package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

public class AtomicLong extends Number implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private volatile long value;

    public AtomicLong(long initialValue) {
        value = initialValue;
    }

    public AtomicLong() {}

    public final long get() { return value; }
    public final void set(long newValue) { value = newValue; }
    public final void lazySet(long newValue) { value = newValue; }
    public final long getPlain() { return value; }
    public final void setPlain(long newValue) { value = newValue; }
    public final long getOpaque() { return value; }
    public final void setOpaque(long newValue) { value = newValue; }
    public final long getAcquire() { return value; }
    public final void setRelease(long newValue) { value = newValue; }

    public final long getAndSet(long newValue) {
        long old = value;
        value = newValue;
        return old;
    }

    public final boolean compareAndSet(long expectedValue, long newValue) {
        if (value != expectedValue) return false;
        value = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(long expectedValue, long newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(long expectedValue, long newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final long compareAndExchange(long expectedValue, long newValue) {
        long old = value;
        if (old == expectedValue) value = newValue;
        return old;
    }

    public final long getAndIncrement() { return value++; }
    public final long getAndDecrement() { return value--; }
    public final long getAndAdd(long delta) {
        long old = value;
        value = old + delta;
        return old;
    }
    public final long incrementAndGet() { return ++value; }
    public final long decrementAndGet() { return --value; }
    public final long addAndGet(long delta) { return value += delta; }

    public final long getAndUpdate(LongUnaryOperator updateFunction) {
        long prev = value;
        value = updateFunction.applyAsLong(prev);
        return prev;
    }

    public final long updateAndGet(LongUnaryOperator updateFunction) {
        return value = updateFunction.applyAsLong(value);
    }

    public final long getAndAccumulate(long x, LongBinaryOperator accumulatorFunction) {
        long prev = value;
        value = accumulatorFunction.applyAsLong(prev, x);
        return prev;
    }

    public final long accumulateAndGet(long x, LongBinaryOperator accumulatorFunction) {
        return value = accumulatorFunction.applyAsLong(value, x);
    }

    public String toString() { return Long.toString(value); }
    public int intValue() { return (int) value; }
    public long longValue() { return (long) value; }
    public float floatValue() { return (float) value; }
    public double doubleValue() { return (double) value; }
}
