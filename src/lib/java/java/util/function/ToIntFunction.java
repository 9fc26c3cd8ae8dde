/* java.util.function.ToIntFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface ToIntFunction<T> {
    int applyAsInt(T value);
}
