/* java.util.concurrent.atomic.AtomicBoolean for vifvm (single-threaded). */
package java.util.concurrent.atomic;

public class AtomicBoolean implements java.io.Serializable {
    private static final long serialVersionUID = 4654671469794556979L;
    private volatile boolean value;

    public AtomicBoolean(boolean initialValue) {
        value = initialValue;
    }

    public AtomicBoolean() {}

    public final boolean get() { return value; }
    public final void set(boolean newValue) { value = newValue; }
    public final void lazySet(boolean newValue) { value = newValue; }
    public final boolean getPlain() { return value; }
    public final void setPlain(boolean newValue) { value = newValue; }

    public final boolean compareAndSet(boolean expectedValue, boolean newValue) {
        if (value != expectedValue) return false;
        value = newValue;
        return true;
    }

    public boolean weakCompareAndSet(boolean expectedValue, boolean newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final boolean getAndSet(boolean newValue) {
        boolean old = value;
        value = newValue;
        return old;
    }

    public String toString() {
        return Boolean.toString(value);
    }
}
