/* java.util.function.DoubleToLongFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleToLongFunction {
    long applyAsLong(double value);
}
