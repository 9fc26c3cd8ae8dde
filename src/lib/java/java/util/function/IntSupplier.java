/* java.util.function.IntSupplier for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntSupplier {
    int getAsInt();
}
