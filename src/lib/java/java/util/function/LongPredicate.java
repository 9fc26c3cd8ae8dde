/* java.util.function.LongPredicate for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongPredicate {
    boolean test(long value);
}
