/* java.util.function.DoublePredicate for vifvm. */
package java.util.function;

@FunctionalInterface
public interface DoublePredicate {
    boolean test(double value);
}
