/* java.util.function.BooleanSupplier for vifvm. */
package java.util.function;

@FunctionalInterface
public interface BooleanSupplier {
    boolean getAsBoolean();
}
