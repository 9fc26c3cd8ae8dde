/* java.util.function.LongToIntFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongToIntFunction {
    int applyAsInt(long value);
}
