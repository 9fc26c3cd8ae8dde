/* java.util.function.LongToDoubleFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongToDoubleFunction {
    double applyAsDouble(long value);
}
