/* java.util.function.IntPredicate for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntPredicate {
    boolean test(int value);
}
