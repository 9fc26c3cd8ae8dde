/* java.util.function.IntToDoubleFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntToDoubleFunction {
    double applyAsDouble(int value);
}
