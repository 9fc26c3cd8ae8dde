/* java.util.function.DoubleToIntFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleToIntFunction {
    int applyAsInt(double value);
}
