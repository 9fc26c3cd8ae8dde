/* java.util.function.DoubleConsumer for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoubleConsumer {
    void accept(double value);
}
