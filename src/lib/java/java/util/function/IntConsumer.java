/* java.util.function.IntConsumer for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntConsumer {
    void accept(int value);
}
