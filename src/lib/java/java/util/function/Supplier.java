/* java.util.function.Supplier for vifvm. */
package java.util.function;

@FunctionalInterface
public interface Supplier<T> {
    T get();
}
