/* java.util.function.DoubleConsumer for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface DoubleConsumer {
    void accept(double value);

    default DoubleConsumer andThen(final DoubleConsumer after) {
        Objects.requireNonNull(after);
        final DoubleConsumer self = this;
        return new DoubleConsumer() {
            public void accept(double t) { self.accept(t); after.accept(t); }
        };
    }
}
