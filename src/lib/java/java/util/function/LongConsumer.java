/* java.util.function.LongConsumer for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongConsumer {
    void accept(long value);
}
