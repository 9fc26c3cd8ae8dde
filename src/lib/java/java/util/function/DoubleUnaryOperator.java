/* java.util.function.DoubleUnaryOperator for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleUnaryOperator {
    double applyAsDouble(double operand);
}
