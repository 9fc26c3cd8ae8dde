/* java.lang.ThreadLocal for vifvm: one thread, so one value. */
package java.lang;

import java.util.function.Supplier;

public class ThreadLocal<T> {
    private T value;
    private boolean set;

    public ThreadLocal() {}

    protected T initialValue() {
        return null;
    }

    public static <S> ThreadLocal<S> withInitial(final Supplier<? extends S> supplier) {
        if (supplier == null) throw new NullPointerException();
        return new ThreadLocal<S>() {
            protected S initialValue() {
                return supplier.get();
            }
        };
    }

    public T get() {
        if (!set) {
            value = initialValue();
            set = true;
        }
        return value;
    }

    public void set(T value) {
        this.value = value;
        set = true;
    }

    public void remove() {
        value = null;
        set = false;
    }
}
