/* java.util.function.IntToLongFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntToLongFunction {
    long applyAsLong(int value);
}
