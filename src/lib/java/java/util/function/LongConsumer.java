/* java.util.function.LongConsumer for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface LongConsumer {
    void accept(long value);

    default LongConsumer andThen(final LongConsumer after) {
        Objects.requireNonNull(after);
        final LongConsumer self = this;
        return new LongConsumer() {
            public void accept(long t) { self.accept(t); after.accept(t); }
        };
    }
}
