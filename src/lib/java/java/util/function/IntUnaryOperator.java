/* java.util.function.IntUnaryOperator for vifvm. */
package java.util.function;

@FunctionalInterface
public interface IntUnaryOperator {
    int applyAsInt(int operand);
}
