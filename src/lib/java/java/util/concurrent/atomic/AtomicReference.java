/* java.util.concurrent.atomic.AtomicReference for vifvm (single-threaded). */
package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

public class AtomicReference<V> implements java.io.Serializable {
    private static final long serialVersionUID = -1848883965231344442L;
    private volatile V value;

    public AtomicReference(V initialValue) {
        value = initialValue;
    }

    public AtomicReference() {}

    public final V get() { return value; }
    public final void set(V newValue) { value = newValue; }
    public final void lazySet(V newValue) { value = newValue; }
    public final V getPlain() { return value; }
    public final void setPlain(V newValue) { value = newValue; }

    public final boolean compareAndSet(V expectedValue, V newValue) {
        if (value != expectedValue) return false;
        value = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(V expectedValue, V newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final V getAndSet(V newValue) {
        V old = value;
        value = newValue;
        return old;
    }

    public final V getAndUpdate(UnaryOperator<V> updateFunction) {
        V prev = value;
        value = updateFunction.apply(prev);
        return prev;
    }

    public final V updateAndGet(UnaryOperator<V> updateFunction) {
        return value = updateFunction.apply(value);
    }

    public final V getAndAccumulate(V x, BinaryOperator<V> accumulatorFunction) {
        V prev = value;
        value = accumulatorFunction.apply(prev, x);
        return prev;
    }

    public final V accumulateAndGet(V x, BinaryOperator<V> accumulatorFunction) {
        return value = accumulatorFunction.apply(value, x);
    }

    public String toString() {
        return String.valueOf(value);
    }
}
