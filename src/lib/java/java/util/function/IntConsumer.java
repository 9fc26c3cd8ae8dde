/* java.util.function.IntConsumer for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntConsumer {
    void accept(int value);

    default IntConsumer andThen(final IntConsumer after) {
        Objects.requireNonNull(after);
        final IntConsumer self = this;
        return new IntConsumer() {
            public void accept(int t) { self.accept(t); after.accept(t); }
        };
    }
}
