/* java.util.function.DoubleBinaryOperator for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleBinaryOperator {
    double applyAsDouble(double left, double right);
}
