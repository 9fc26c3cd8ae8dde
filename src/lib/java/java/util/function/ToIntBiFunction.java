/* java.util.function.ToIntBiFunction for vifvm. */
package java.util.function;

@FunctionalInterface
public interface ToIntBiFunction<T, U> {
    int applyAsInt(T t, U u);
}
