/* java.util.function.DoubleUnaryOperator for vifvm. */
package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface DoubleUnaryOperator {
    double applyAsDouble(double operand);

    default DoubleUnaryOperator compose(final DoubleUnaryOperator before) {
        Objects.requireNonNull(before);
        final DoubleUnaryOperator self = this;
        return new DoubleUnaryOperator() {
            public double applyAsDouble(double v) { return self.applyAsDouble(before.applyAsDouble(v)); }
        };
    }

    default DoubleUnaryOperator andThen(final DoubleUnaryOperator after) {
        Objects.requireNonNull(after);
        final DoubleUnaryOperator self = this;
        return new DoubleUnaryOperator() {
            public double applyAsDouble(double t) { return after.applyAsDouble(self.applyAsDouble(t)); }
        };
    }

    static DoubleUnaryOperator identity() {
        return new DoubleUnaryOperator() {
            public double applyAsDouble(double t) { return t; }
        };
    }
}
