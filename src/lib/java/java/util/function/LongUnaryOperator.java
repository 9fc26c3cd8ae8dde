/* java.util.function.LongUnaryOperator for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface LongUnaryOperator {
    long applyAsLong(long operand);

    default LongUnaryOperator compose(final LongUnaryOperator before) {
        Objects.requireNonNull(before);
        final LongUnaryOperator self = this;
        return new LongUnaryOperator() {
            public long applyAsLong(long v) { return self.applyAsLong(before.applyAsLong(v)); }
        };
    }

    default LongUnaryOperator andThen(final LongUnaryOperator after) {
        Objects.requireNonNull(after);
        final LongUnaryOperator self = this;
        return new LongUnaryOperator() {
            public long applyAsLong(long t) { return after.applyAsLong(self.applyAsLong(t)); }
        };
    }

    static LongUnaryOperator identity() {
        return new LongUnaryOperator() {
            public long applyAsLong(long t) { return t; }
        };
    }
}
