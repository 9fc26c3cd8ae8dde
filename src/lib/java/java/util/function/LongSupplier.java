/* java.util.function.LongSupplier for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongSupplier {
    long getAsLong();
}
