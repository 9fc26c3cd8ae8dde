/* java.util.concurrent.atomic.AtomicReferenceArray for vifvm: a VM
 * instance has one thread, so every operation is a plain array access. */
package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

public class AtomicReferenceArray<E> implements java.io.Serializable {
    private static final long serialVersionUID = -6209656149925076980L;
    private final Object[] array;

    public AtomicReferenceArray(int length) {
        array = new Object[length];
    }

    public AtomicReferenceArray(E[] array) {
        this.array = java.util.Arrays.copyOf(array, array.length, Object[].class);
    }

    public final int length() { return array.length; }

    @SuppressWarnings("unchecked")
    public final E get(int i) { return (E) array[i]; }

    public final void set(int i, E newValue) { array[i] = newValue; }
    public final void lazySet(int i, E newValue) { array[i] = newValue; }
    public final E getPlain(int i) { return get(i); }
    public final void setPlain(int i, E newValue) { array[i] = newValue; }
    public final E getAcquire(int i) { return get(i); }
    public final void setRelease(int i, E newValue) { array[i] = newValue; }

    public final E getAndSet(int i, E newValue) {
        E old = get(i);
        array[i] = newValue;
        return old;
    }

    public final boolean compareAndSet(int i, E expectedValue, E newValue) {
        if (array[i] != expectedValue) return false;
        array[i] = newValue;
        return true;
    }

    public final boolean weakCompareAndSet(int i, E expectedValue, E newValue) {
        return compareAndSet(i, expectedValue, newValue);
    }

    public final E compareAndExchange(int i, E expectedValue, E newValue) {
        E old = get(i);
        if (old == expectedValue) array[i] = newValue;
        return old;
    }

    public final E getAndUpdate(int i, UnaryOperator<E> updateFunction) {
        E prev = get(i);
        array[i] = updateFunction.apply(prev);
        return prev;
    }

    public final E updateAndGet(int i, UnaryOperator<E> updateFunction) {
        E next = updateFunction.apply(get(i));
        array[i] = next;
        return next;
    }

    public final E getAndAccumulate(int i, E x, BinaryOperator<E> accumulatorFunction) {
        E prev = get(i);
        array[i] = accumulatorFunction.apply(prev, x);
        return prev;
    }

    public final E accumulateAndGet(int i, E x, BinaryOperator<E> accumulatorFunction) {
        E next = accumulatorFunction.apply(get(i), x);
        array[i] = next;
        return next;
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
