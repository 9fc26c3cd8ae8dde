/* java.util.function.IntBinaryOperator for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntBinaryOperator {
    int applyAsInt(int left, int right);
}
