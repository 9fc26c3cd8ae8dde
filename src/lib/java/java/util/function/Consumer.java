/* java.util.function.Consumer for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface Consumer<T> {
    void accept(T t);

    default Consumer<T> andThen(final Consumer<? super T> after) {
        Objects.requireNonNull(after);
        final Consumer<T> self = this;
        return new Consumer<T>() {
            public void accept(T t) { self.accept(t); after.accept(t); }
        };
    }
}
