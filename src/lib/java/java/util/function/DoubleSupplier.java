/* java.util.function.DoubleSupplier for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleSupplier {
    double getAsDouble();
}
